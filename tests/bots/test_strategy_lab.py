"""The strategy lab notebook is committed clean, with its sample sizes up top for the reader to raise."""

from __future__ import annotations

from pathlib import Path

import nbformat

LAB = Path(__file__).resolve().parents[2] / "notebooks" / "09-strategy-lab.ipynb"


def test_lab_is_committed_without_outputs():
    nb = nbformat.read(LAB, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code and all(not cell.outputs and cell.execution_count is None for cell in code)


def test_lab_opens_with_prose_and_its_sample_sizes():
    nb = nbformat.read(LAB, as_version=4)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    first_code = next(cell for cell in nb.cells if cell.cell_type == "code")
    assert "DEALS = " in first_code.source and "MC_DEALS = " in first_code.source
    assert "IntProgress" in "".join(cell.source for cell in nb.cells)  # long runs show a progress bar
