"""The exercises' checker is a lower layer than the widgets (issue 38): nothing in cardlib/exercises imports
cardlib.widgets, in any form (absolute, relative, inside a function, or by name through importlib)."""

from __future__ import annotations

import ast
from pathlib import Path

EXERCISES = Path(__file__).resolve().parents[2] / "cardlib" / "exercises"


def imported_modules(path: Path) -> list[str]:
    """Every module a file imports, anywhere in it, written as an absolute name (relative ones resolved)."""
    package = ["cardlib", "exercises"]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found += [module, *(f"{module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "widgets" in node.value:
            if node.value.startswith(("cardlib.widgets", "..widgets", ".widgets")):
                found.append(node.value)  # importlib.import_module("cardlib.widgets.puzzles")
    return found


def test_nothing_in_the_exercises_imports_the_widgets():
    upward = {
        f"{path.name}: {module}"
        for path in sorted(EXERCISES.glob("*.py"))
        for module in imported_modules(path)
        if module == "cardlib.widgets" or module.startswith("cardlib.widgets.")
    }
    assert not upward, f"cardlib/exercises imports the widgets (a layer above it): {sorted(upward)}"


def test_the_reading_of_imports_sees_a_function_level_relative_import(tmp_path):
    """The test can fail: the import the checker had (issue 38), inside a function, is found."""
    module = tmp_path / "checker.py"
    module.write_text("def puzzles_solved():\n    from ..widgets import puzzles\n    return puzzles\n")
    assert "cardlib.widgets.puzzles" in imported_modules(module)


def test_the_progress_report_still_counts_the_puzzles_once_the_boards_are_loaded(monkeypatch, tmp_path):
    from cardlib.exercises import checker
    from cardlib.widgets import puzzles

    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
    first = puzzles.puzzles_of()[0]
    puzzles.remember_puzzle(puzzles.puzzle_id(first))
    line = f"Puzzles right at the first try: 1 of {len(puzzles.puzzles_of())}"
    assert checker.progress().puzzles_line.startswith(line)
    assert puzzles.progress_path() == tmp_path / "cardlib-puzzles.json"
