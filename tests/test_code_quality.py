"""The code is a model to learn from: it passes the linter and the type checker.

`ruff` reads the package, the tests and the notebooks (its settings are in pyproject.toml);
`mypy` checks the type hints of `cardlib`.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing_to_say() -> None:
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_accepts_every_type_hint() -> None:
    result = run("mypy", "--no-incremental")
    assert result.returncode == 0, result.stdout + result.stderr


LONGEST_FUNCTION = 40  # lines, docstring included: a function longer than this does more than one thing


def test_no_function_in_cardlib_is_longer_than_a_page() -> None:
    import ast

    too_long = [f"{path.relative_to(REPO)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
                for path in sorted((REPO / "cardlib").rglob("*.py"))
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION]
    assert too_long == []
