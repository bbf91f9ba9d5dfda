"""Write one of the course's data files (cardlib/widgets/*.json): what a tool computed, as JSON package data.

The tools that compute the model deals and the puzzles (tools/model_deals.py, tools/puzzles.py) both end so. The
file is data, not code: the library reads it once (``cardlib.widgets.data``), and no formatter or linter reads it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_data_file(out: Path, about: str, value: list[Any]) -> None:
    """Write ``value`` to ``out`` as JSON, under a note that says where it comes from (``about``)."""
    text = json.dumps({"about": about, "items": value}, ensure_ascii=False, indent=1)
    out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {out}")
