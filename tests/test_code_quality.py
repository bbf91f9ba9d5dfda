"""The code is a model to learn from: it passes the linter and the type checker, and no function is long.

One standard for every Python file of the repository (the library, the tests, the apps' server, the book's
scripts, the tools): `ruff` reads them all and the notebooks (its settings are in pyproject.toml), `mypy`
checks the type hints of all of them (pyproject.toml's [tool.mypy] lists them), and no function is longer
than a page. `make check` and the pre-commit hooks (.pre-commit-config.yaml) run the same checks.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LONGEST_FUNCTION = 40  # lines, docstring included: a function longer than this does more than one thing


def run(*command: str) -> subprocess.CompletedProcess:
    """Run `python -m COMMAND` in the repository; its output."""
    return subprocess.run([sys.executable, "-m", *command], cwd=REPO, capture_output=True, text=True, timeout=600)


def python_files() -> list[Path]:
    """Every Python file of the repository: those git knows, and new ones it would add (not the ignored ones)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.split()
    return [REPO / name for name in sorted(set(listed)) if (REPO / name).exists()]


def too_long(path: Path, root: Path = REPO) -> list[str]:
    """The functions of this file longer than LONGEST_FUNCTION lines, one line each: where (from root), name,
    length."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
            length = node.end_lineno - node.lineno + 1
            if length > LONGEST_FUNCTION:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_ruff_finds_nothing_to_say() -> None:
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_would_change_nothing() -> None:
    result = run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_accepts_every_type_hint() -> None:
    result = run("mypy", "--no-incremental")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_python_files_are_every_one_in_the_repository() -> None:
    names = {path.relative_to(REPO).as_posix() for path in python_files()}
    assert {"cardlib/alkort/__init__.py", "tests/test_code_quality.py", "notebooks/apps/serve.py"} <= names
    assert not any(name.startswith((".venv/", "book/_build/")) for name in names), "installed or built files"


def test_too_long_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST_FUNCTION - 1))
    (tmp_path / "long.py").write_text(f"def fits():\n{body}\n\n\ndef one_line_too_many():\n{body}\n    return 0\n")
    assert too_long(tmp_path / "long.py", root=tmp_path) == [
        f"long.py:{LONGEST_FUNCTION + 3} one_line_too_many (41 lines)"
    ]


def test_no_function_in_the_repository_is_longer_than_a_page() -> None:
    offenders = [line for path in python_files() for line in too_long(path)]
    assert offenders == [], f"{len(offenders)} functions over {LONGEST_FUNCTION} lines:\n" + "\n".join(offenders)
