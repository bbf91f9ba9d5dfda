"""An exercise notebook run out of order: a check cell run before the set-up cell (or before the learner's
function) says in one line which cell to run first, never a NameError traceback."""

from __future__ import annotations

import nbformat
from nbclient import NotebookClient

from cardlib.exercises import cell_errors
from cardlib.exercises.notebooks import notebook_path


def tagged(notebook: nbformat.NotebookNode, tag: str) -> list[nbformat.NotebookNode]:
    return [cell for cell in notebook.cells if tag in cell.metadata.get("tags", [])]


def run_alone(cells: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """Run these cells, and no set-up cell, in a fresh kernel; the cells with their outputs."""
    notebook = nbformat.v4.new_notebook(cells=cells)
    NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True).execute()
    return notebook.cells


def errors(cell: nbformat.NotebookNode) -> list[list[str]]:
    return [output["traceback"] for output in cell.outputs if output.output_type == "error"]


def test_a_check_run_before_anything_else_says_which_cells_to_run_first():
    shipped = nbformat.read(notebook_path(3), as_version=4)
    check = tagged(shipped, "check")[0]
    [cell] = run_alone([check])
    [traceback] = errors(cell)
    assert traceback == [cell_errors.advice("ranked_winner")]
    assert "run the set-up cell at the top of the notebook first" in traceback[0]


def test_a_starter_cell_run_before_the_set_up_cell_is_told_where_card_comes_from():
    shipped = nbformat.read(notebook_path(3), as_version=4)
    check, starter = tagged(shipped, "check")[0], tagged(shipped, "starter")[0]
    _, cell = run_alone([check, starter])
    assert errors(cell) == [[cell_errors.advice("Card")]]
    assert "it comes from the set-up cell" in errors(cell)[0][0]


def test_once_the_function_is_defined_the_check_cell_runs_on_its_own():
    shipped = nbformat.read(notebook_path(3), as_version=4)
    check = tagged(shipped, "check")[0]
    own = nbformat.v4.new_code_cell("def ranked_winner(cards):\n    return 0")
    *_, cell = run_alone([own, check])
    assert errors(cell) == []
    assert "not yet" in str(cell.outputs).lower()


def test_every_check_cell_imports_its_own_chapter():
    for number in range(1, 9):
        for cell in tagged(nbformat.read(notebook_path(number), as_version=4), "check"):
            assert cell.source.startswith(f"from cardlib.exercises import chapter{number} as ex")


def test_outside_a_notebook_nothing_is_installed():
    assert cell_errors.install() is False
