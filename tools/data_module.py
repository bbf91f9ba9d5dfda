"""Write one of the course's data modules (cardlib/widgets/*_data.py): a constant, printed as Python, ruff-formatted.

The tools that compute the model deals and the puzzles (tools/model_deals.py, tools/puzzles.py) both end so; the
module is formatted here as CI checks it (ruff format --check), so that a fresh computation can be committed as is.
"""

from __future__ import annotations

import pprint
import subprocess
import sys
from pathlib import Path
from typing import Any


def write_data_module(out: Path, about: str, name: str, value: Any) -> None:
    """Write ``name = value`` to ``out`` under the one-line docstring ``about``, and format it with ruff."""
    text = pprint.pformat(value, width=110, sort_dicts=False)
    out.write_text(f'"""{about}"""\n\n{name} = {text}\n', encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", str(out)], check=False)  # as CI checks it
    print(f"wrote {out}")
