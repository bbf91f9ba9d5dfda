"""Write the exercise notebooks from the catalogue: ``python -m cardlib.exercises.notebooks [folder]``.

One notebook per tutorial chapter, with the same number and name. Each exercise
is three cells: the statement (markdown), the starter cell with the function's
stub (tagged ``starter``), and the one line that checks it (tagged ``check``).
Solutions are never written into a notebook; they live in the catalogue and are
shown only by ``ex.qN.solution()``. The notebooks are written without outputs,
with stable cell ids, so building twice gives the same files.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import nbformat

from .checker import Exercise

CHAPTERS: dict[int, tuple[str, str]] = {
    1: ("01-cards-and-packs", "Cards and packs"),
    2: ("02-alkort-ranking", "Alkort: ranked cards and rubbish"),
    3: ("03-alkort-tricks-and-sevens", "Alkort: tricks and sevens"),
    4: ("04-alkort-deal", "Alkort: a whole deal"),
    5: ("05-ecarte-cards-and-play", "Écarté: cards and play"),
    6: ("06-ecarte-proposals-and-king", "Écarté: the deal, proposals and the King"),
    7: ("07-ecarte-scoring-and-game", "Écarté: scoring and the game"),
    8: ("08-variants", "Variants"),
}
EXERCISES_FOLDER = Path(__file__).resolve().parents[2] / "exercises"


def chapter_module(number: int) -> ModuleType:
    """The catalogue module of a chapter: cardlib.exercises.chapterN."""
    return importlib.import_module(f"cardlib.exercises.chapter{number}")


def notebook_path(number: int, folder: Path = EXERCISES_FOLDER) -> Path:
    """Where a chapter's exercise notebook is written."""
    return folder / f"{CHAPTERS[number][0]}.ipynb"


def generated_from(number: int) -> str:
    """The line at the top of a notebook that says where it comes from, and how to write it again."""
    return (
        f"*This notebook is generated from `cardlib/exercises/chapter{number}.py` by "
        f"`cardlib/exercises/notebooks.py`: to change an exercise, edit it there and run "
        f"`python -m cardlib.exercises.notebooks` (a test fails while the two differ).*"
    )


def introduction(number: int, module: ModuleType) -> str:
    """The notebook's first cell: what it is, where it comes from, and how the checks work."""
    name, title = CHAPTERS[number]
    return f"""# Exercises {number} — {title}

{generated_from(number)}

These exercises go with the tutorial chapter [{name}](../notebooks/{name}.ipynb).

**How it works.** Each exercise asks you to write one function. Write its body in the starter cell
(replace the `...`), run that cell, then run the check cell below it. The check calls your function
and the engine's own on fixed and random cases, and answers:

- **correct** — your function agrees with the engine on every case;
- **not yet** — the first case where it does not, the right answer, your answer, and why;
- **not attempted** — the function is still the empty stub.

Stuck? `ex.q1.hint()` gives a first hint, `ex.q1.hint(2)` the next one;
`ex.q1.solution()` shows a solution — only when you ask; the printed solution, checked as it is after you asked
to see it, is marked so in your progress rather than counted as solved (what you typed before is yours, however
it looks). `progress({number})` at the end lists what you have solved in this chapter, and `progress()` in every
chapter you have worked on; what you solve is remembered from one session to the next. Run the next cell first:
it loads the cards and this chapter's exercises."""


def check_import(chapter: int) -> str:
    """The check cell's own import of its chapter: run before the set-up cell, it still says what to run first."""
    return f"from cardlib.exercises import chapter{chapter} as ex  # (also in the set-up cell: this cell runs alone)"


def exercise_cells(ex: Exercise, label: str) -> list[nbformat.NotebookNode]:
    """An exercise's three cells: the statement, the starter cell and the check."""
    statement = (
        f"## Exercise {ex.key} — {ex.title}\n\n{ex.statement}\n\n"
        f"*Stuck?* `{label}.hint()` · `{label}.hint(2)` · `{label}.solution()`"
    )
    stem = f"ex{ex.chapter}-{ex.number}"
    return [
        nbformat.v4.new_markdown_cell(statement, id=f"{stem}-statement"),
        nbformat.v4.new_code_cell(
            ex.starter.rstrip("\n"), id=f"{stem}-starter", metadata={"tags": ["starter"], "exercise": label}
        ),
        nbformat.v4.new_code_cell(
            f"{check_import(ex.chapter)}\n{label}.check({ex.name})",
            id=f"{stem}-check",
            metadata={"tags": ["check"], "exercise": label},
        ),
    ]


def build(number: int) -> nbformat.NotebookNode:
    """The exercise notebook of a chapter, without outputs."""
    module = chapter_module(number)
    setup = (
        f"{module.SETUP}\nfrom cardlib.exercises import chapter{number} as ex\nfrom cardlib.exercises import progress"
    )
    cells = [
        nbformat.v4.new_markdown_cell(introduction(number, module), id=f"ex{number}-intro"),
        nbformat.v4.new_code_cell(setup, id=f"ex{number}-setup", metadata={"tags": ["setup"]}),
    ]
    for ex in module.EXERCISES:
        cells += exercise_cells(ex, f"ex.q{ex.number}")
    cells += [
        nbformat.v4.new_markdown_cell(
            "## Your progress\n\nWhich exercises of this chapter you have solved, in this session or an earlier one:",
            id=f"ex{number}-progress-title",
        ),
        nbformat.v4.new_code_cell(f"progress({number})", id=f"ex{number}-progress"),
    ]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    return notebook


def write_all(folder: Path = EXERCISES_FOLDER) -> list[Path]:
    """Write every chapter's notebook into the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in CHAPTERS:
        path = notebook_path(number, folder)
        nbformat.write(build(number), path)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else EXERCISES_FOLDER):
        print(written)
