"""A name a notebook has not defined yet, said in one line instead of a traceback.

In an exercise notebook the cells depend on each other: the set-up cell imports the cards and the chapter's
exercises, the starter cell defines the learner's function, the check cell calls it. Run out of order, a cell
meets a name that is not there yet, and Python answers with a ``NameError`` traceback. Every check cell
imports its chapter itself, which installs this answer in the notebook: the name, and the cells to run first.
"""

from __future__ import annotations

import types
from typing import Any

SET_UP_NAMES = frozenset({"ex", "progress", "Card", "card", "hand", "show"})


def advice(missing: str) -> str:
    """What to run first when a cell meets the name ``missing``, not yet defined."""
    if missing in SET_UP_NAMES:
        return (
            f"{missing} is not defined yet: it comes from the set-up cell at the top of the notebook — "
            "run the set-up cell first, then your function's cell, then this one."
        )
    return (
        f"{missing} is not defined yet: run the set-up cell at the top of the notebook first, then the cell "
        f"that defines {missing}, then this one."
    )


assert advice("ex").startswith("ex is not defined yet: it comes from the set-up cell")
assert "the cell that defines ranked_winner" in advice("ranked_winner")


def one_line(
    shell: Any, kind: type, error: BaseException, tb: types.TracebackType | None, tb_offset: int | None = None
) -> list[str]:
    """IPython's handler for a NameError in a cell: one line of advice, shown as the cell's error."""
    missing = getattr(error, "name", None) or str(error)
    lines = [advice(missing)]
    shell._showtraceback(kind, error, lines)
    return lines


def install() -> bool:
    """Answer a cell's NameError in one line in this IPython kernel, if there is one; whether it was installed."""
    try:
        from IPython import get_ipython
    except ImportError:  # plain Python: nothing to install into
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    shell.set_custom_exc((NameError,), one_line)
    return True
