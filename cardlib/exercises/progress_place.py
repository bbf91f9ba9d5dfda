"""Where progress is kept between sessions, and what else the progress report counts.

The exercises' checker is a lower layer than the widgets: it never imports them. The puzzle boards
(``cardlib.widgets.puzzles``) import this module instead, keep their file beside the exercises' one
(``progress_file``), and add their own count to the report (``PUZZLE_COUNTS``) when they are imported.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

DRIVE = Path("/drive")  # where JupyterLite's Pyodide kernel mounts the files the browser keeps

# Each: () -> [(game, principle, right at the first try, of how many)]; the puzzle boards add theirs when imported.
PUZZLE_COUNTS: list[Callable[[], list[tuple[str, str, int, int]]]] = []


def progress_file() -> Path | None:
    """Where solved exercises are remembered between sessions.

    - ``$CARDLIB_PROGRESS`` if it is set ('off' for nowhere: this session only);
    - in the browser (the static JupyterLite site, where ``sys.platform`` is 'emscripten'):
      ``/drive/cardlib-progress.json``. The Pyodide kernel runs in the notebook's folder under
      ``/drive``, the file browser's drive, which JupyterLite keeps in the browser's storage: a file
      there survives a reload, shows in the file browser, and deleting it starts afresh. Without a
      drive (the kernel's folder is not under /drive) the file below lasts only as long as the page;
    - else ``~/.cardlib/progress.json``.
    """
    setting = os.environ.get("CARDLIB_PROGRESS")
    if setting is not None:
        return None if setting.strip().lower() in ("", "off", "none") else Path(setting).expanduser()
    if sys.platform == "emscripten" and Path(os.getcwd()).is_relative_to(DRIVE):
        return DRIVE / "cardlib-progress.json"
    return Path.home() / ".cardlib" / "progress.json"


def puzzles_solved() -> list[tuple[str, str, int, int]]:
    """The puzzles right at the first try at the boards, by game and principle, of how many there are (none if no
    board is loaded)."""
    return [row for count in PUZZLE_COUNTS for row in count()]
