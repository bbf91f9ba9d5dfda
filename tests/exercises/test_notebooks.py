"""The exercise notebooks: in sync with the catalogue, committed without outputs, and run top to bottom

- as shipped: every check says "not attempted", and nothing errors;
- with each starter cell replaced by the catalogue's solution: every check says "correct".

The sixteen runs share a few kernels at a time (nbclient's async API), so the whole file takes seconds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cardlib.exercises.notebooks import (
    CHAPTERS,
    EXERCISES_FOLDER,
    build,
    chapter_module,
    generated_from,
    notebook_path,
)

STATUS = re.compile(r"data-status='([a-z ]+)'")
PARALLEL_KERNELS = 4


def shipped(number: int) -> nbformat.NotebookNode:
    return nbformat.read(notebook_path(number), as_version=4)


def with_solutions(number: int) -> nbformat.NotebookNode:
    """The shipped notebook with every starter cell replaced by the catalogue's solution, shown first by the
    Solution call (``ex.qN.solution()``), as a learner who asked to see it and pasted it would."""
    notebook = copy.deepcopy(shipped(number))
    exercises = {f"ex.q{ex.number}": ex for ex in chapter_module(number).EXERCISES}
    for cell in notebook.cells:
        if "starter" in cell.metadata.get("tags", []):
            label = cell.metadata["exercise"]
            cell.source = f"{label}.solution()\n" + exercises[label].solution_source
    return notebook


async def _execute_all(notebooks: dict[tuple[str, int], nbformat.NotebookNode], folder: Path) -> None:
    """Run the notebooks a few kernels at a time; each kernel remembers progress in its own file in folder."""
    gate = asyncio.Semaphore(PARALLEL_KERNELS)

    async def run(name: str, notebook: nbformat.NotebookNode) -> None:
        async with gate:
            client = NotebookClient(
                notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(EXERCISES_FOLDER)}}
            )
            await client.async_execute(env={**os.environ, "CARDLIB_PROGRESS": str(folder / f"{name}.json")})

    await asyncio.gather(*(run(f"{kind}-{number}", nb) for (kind, number), nb in notebooks.items()))


# What a struggling learner might write in chapter 3's starter cells, and what the check must say (a pattern:
# in a kernel the learner's line is named with its cell, as Jupyter names it: "line 4, Cell In[5]").
LEARNER_TROUBLE = {
    "ex.q1": (
        "def ranked_winner(cards: list[Card]) -> int:\n"
        "    best = 0\n"
        "    for i in range(1, 5):\n"
        "        if strength(cards[i]) > strength(cards[best]):\n"
        "            best = i\n"
        "    return best\n",
        r"Your code raised IndexError: list index out of range — at line 4, Cell In\[\d+\]: "
        r"if strength\(cards\[i\]\) > strength\(cards\[best\]\):",
    ),
    "ex.q2": (
        "def rubbish_winner(cards: list[Card]) -> int:\n"
        "    i = 0\n"
        '    print("looking for a 2 in", cards)\n'
        '    while cards[i].rank != "2":\n'
        "        i = (i + 1) % 4\n"
        "    return i\n",
        r"Stopped after 3\.\d s \(the limit for one call is 3 s\): is there an endless loop\?(.|\n)*"
        r"you printed: +looking for a 2 in \[4♠, Q♥, 9♣, 3♦\]",
    ),
    "ex.q3": (
        "def trick_winner(cards: list[Card], leader_has_won: bool) -> int:\n    return str(cards[0])\n",
        r"Wrong type of answer: expected an int index 0-3 \(a position in the trick\), got the string '7♣' "
        r"— returned at line 2, Cell In\[\d+\]: return str\(cards\[0\]\)",
    ),
}


def with_trouble() -> nbformat.NotebookNode:
    """Chapter 3 with learner code that raises, loops forever and returns junk (exercise 3.4 left as shipped)."""
    notebook = copy.deepcopy(shipped(3))
    for cell in notebook.cells:
        if "starter" in cell.metadata.get("tags", []) and cell.metadata["exercise"] in LEARNER_TROUBLE:
            cell.source = LEARNER_TROUBLE[cell.metadata["exercise"]][0]
    return notebook


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], nbformat.NotebookNode]:
    """Every notebook run twice, as shipped and with the solutions, keyed by ('shipped' | 'solved', chapter);
    and chapter 3 with a struggling learner's code, ('trouble', 3)."""
    notebooks = {
        (kind, number): make(number)
        for number in CHAPTERS
        for kind, make in (("shipped", shipped), ("solved", with_solutions))
    }
    notebooks["trouble", 3] = with_trouble()
    # In a thread of its own: another plugin (Playwright's sync API) may be running an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, _execute_all(notebooks, tmp_path_factory.mktemp("progress"))).result()
    return notebooks


def check_statuses(notebook: nbformat.NotebookNode) -> list[str]:
    """The status each check cell showed, in order."""
    statuses = []
    for cell in notebook.cells:
        if "check" in cell.metadata.get("tags", []):
            html = [out["data"]["text/html"] for out in cell.outputs if "text/html" in out.get("data", {})]
            assert len(html) == 1, cell.outputs
            statuses += STATUS.findall(html[0])
    return statuses


def all_output_text(notebook: nbformat.NotebookNode) -> str:
    return "\n".join(str(out) for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs)


def test_each_notebook_says_at_its_top_where_it_comes_from_and_how_to_rebuild_it():
    for number in CHAPTERS:
        first_lines = shipped(number).cells[0].source.splitlines()[:3]
        assert generated_from(number) in first_lines
        assert f"cardlib/exercises/chapter{number}.py" in generated_from(number)
        assert "python -m cardlib.exercises.notebooks" in generated_from(number)


def test_a_notebook_edited_by_hand_is_found_to_differ(tmp_path: Path):
    """The drift test above can fail: a notebook changed by hand is not what the catalogue writes."""
    edited = shipped(2)
    starter = next(cell for cell in edited.cells if "starter" in cell.metadata.get("tags", []))
    starter.source = starter.source.replace("...", "return True")
    assert nbformat.writes(edited) != nbformat.writes(build(2))


def test_there_is_one_notebook_per_chapter():
    assert sorted(p.name for p in EXERCISES_FOLDER.glob("*.ipynb")) == sorted(
        f"{name}.ipynb" for name, _ in CHAPTERS.values()
    )


@pytest.mark.parametrize("number", CHAPTERS)
def test_the_notebook_is_built_from_the_catalogue_without_outputs(number: int):
    on_disk = shipped(number)
    assert notebook_path(number).read_text(encoding="utf-8") == nbformat.writes(build(number)) + "\n", (
        "the notebook differs from what its catalogue makes: rebuild with python -m cardlib.exercises.notebooks"
    )
    for cell in on_disk.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    starters = [c for c in on_disk.cells if "starter" in c.metadata.get("tags", [])]
    assert len(starters) == len(chapter_module(number).EXERCISES)


@pytest.mark.parametrize("number", CHAPTERS)
def test_as_shipped_every_check_is_not_attempted(executed, number: int):
    notebook = executed["shipped", number]
    assert check_statuses(notebook) == ["not attempted"] * len(chapter_module(number).EXERCISES)
    text = all_output_text(notebook)
    assert "'output_type': 'error'" not in text and "Traceback" not in text
    assert "Solved 0 of" in text  # the progress cell ran


@pytest.mark.parametrize("number", CHAPTERS)
def test_with_the_solutions_every_check_is_correct(executed, number: int):
    notebook = executed["solved", number]
    exercises = chapter_module(number).EXERCISES
    assert check_statuses(notebook) == ["correct"] * len(exercises)
    # the solutions pasted after asking to see them: marked so in the progress, not counted as solved (issues 18, 32)
    assert (
        f"Solved 0 of {len(exercises)} exercises in this session ({len(exercises)} more run with the printed "
        f"solution)" in all_output_text(notebook)
    )


def test_in_a_kernel_trouble_gets_the_friendly_messages(executed):
    """The time limit, the cell's line numbers, what was printed and the HTML display work in a real kernel."""
    notebook = executed["trouble", 3]
    assert check_statuses(notebook) == ["not yet", "not yet", "not yet", "not attempted"]
    checks = [cell for cell in notebook.cells if "check" in cell.metadata.get("tags", [])]
    for cell, (_source, message) in zip(checks, LEARNER_TROUBLE.values()):
        assert re.search(message, cell.outputs[0]["data"]["text/plain"]), cell.outputs[0]["data"]["text/plain"]
    assert "Traceback" not in all_output_text(notebook)
