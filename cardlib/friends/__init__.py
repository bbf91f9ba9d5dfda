"""Play with friends: people's tables, judged in one place (``tables``), kept in SQLite or Redis (``stores``),
served over HTTP by the demo (``server``) and reached from a page's kernel (``client``).

The pure part (``tables``, ``views``) runs in Pyodide too: the static site's pass-the-device mode uses ``Tables``
with its ``MemoryStore``.
"""

from .tables import (
    COMPUTER,
    NEXT_DEAL,
    PERSON,
    WAIT,
    Limits,
    MemoryStore,
    Record,
    Replay,
    TableError,
    Tables,
    TableService,
)
from .views import view_from_json, view_to_json

__all__ = [
    "COMPUTER",
    "NEXT_DEAL",
    "PERSON",
    "WAIT",
    "Limits",
    "MemoryStore",
    "Record",
    "Replay",
    "TableError",
    "TableService",
    "Tables",
    "view_from_json",
    "view_to_json",
]
