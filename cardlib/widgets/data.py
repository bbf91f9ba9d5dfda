"""The course's computed data, read once: the puzzles and the model deals (JSON package data beside this module,
written by tools/puzzles.py and tools/model_deals.py; ``make puzzles``, ``make model-deals``)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any


@functools.cache
def items(name: str) -> tuple[dict[str, Any], ...]:
    """The items of one data file of this package ('puzzles', 'model_deals'), read the first time they are asked
    for; a tuple, so that no caller can change them for the others (each item is a dict: copy before changing)."""
    text = resources.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["items"])
