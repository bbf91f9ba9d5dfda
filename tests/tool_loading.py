"""The tools (a folder of scripts, not a package), imported from their files for the tests that check them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str) -> ModuleType:
    """tools/<name>.py, imported from its file as tool_<name> (it imports data_file from beside itself, as when run)."""
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location(f"tool_{name}", TOOLS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # (a pool's worker processes find its functions by the module's name)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))
