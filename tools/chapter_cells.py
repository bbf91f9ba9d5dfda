"""A chapter's own code, for a tool that runs it longer: the cells that define a lab's players, run by their id.

The strategy lab (chapter 9) defines its players in the chapter, where the learner reads them; a tool that plays
thousands of deals with them runs those same cells, so the figures the chapter quotes come from the code it shows.
The chapter's own imports come first (``IMPORTS``), as in the chapter; a cell run so imports anything else itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
IMPORTS = "67b2bd3b"  # the strategy lab's cell of imports (its id from before cells had names)


def cell_source(chapter: str, cell_id: str) -> str:
    """The source of one cell of ``notebooks/<chapter>.ipynb``, found by its id."""
    cells = json.loads((NOTEBOOKS / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]
    found = [cell for cell in cells if cell.get("id") == cell_id]
    if len(found) != 1:
        raise ValueError(f"{chapter} has {len(found)} cells with the id {cell_id!r}, not one")
    return "".join(found[0]["source"])


def run_cells(chapter: str, *cell_ids: str) -> dict[str, Any]:
    """Run the cells in order in one fresh namespace, and return it (the players and helpers they define)."""
    namespace: dict[str, Any] = {"__name__": f"chapter_{chapter.replace('-', '_')}"}
    for cell_id in cell_ids:
        exec(compile(cell_source(chapter, cell_id), f"{chapter}:{cell_id}", "exec"), namespace)  # noqa: S102
    return namespace
