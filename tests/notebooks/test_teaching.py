"""The chapters teach in order and honestly (issue 19): where you are, the old texts' disputes, figures, questions."""

from __future__ import annotations

import importlib.util
import re

import pytest
from test_chapters import CHAPTERS, ROOT, WIDGET_MIME, WITH_EXERCISES, executed, read

from cardlib import alkort
from cardlib.alkort import AlkortOptions
from cardlib.ecarte import EcarteOptions
from cardlib.tricks import RuleOptions, option_text

EVERY_CHAPTER = [*CHAPTERS, "09-strategy-lab"]
# Where each disputed rule is taught, and the options that play the old texts' other readings.
DISPUTED = [
    ("02-alkort-ranking", AlkortOptions, "rubbish_order"),
    ("03-alkort-tricks-and-sevens", AlkortOptions, "seven_lead"),
    ("04-alkort-deal", AlkortOptions, "stock_test"),
    ("04-alkort-deal", AlkortOptions, "partner_reveal"),
    ("04-alkort-deal", AlkortOptions, "lead_rule"),
    ("04-alkort-deal", AlkortOptions, "first_lead"),
    ("05-ecarte-cards-and-play", EcarteOptions, "must_trump"),
    ("06-ecarte-proposals-and-king", EcarteOptions, "turned_king"),
    ("07-ecarte-scoring-and-game", EcarteOptions, "stand_bonus"),
    ("07-ecarte-scoring-and-game", EcarteOptions, "refusal_penalty"),
]
FIGURES = {
    "02-alkort-ranking": "ranking_ladder",
    "03-alkort-tricks-and-sevens": "what_beats_the_lead",
    "04-alkort-deal": "deal_strips",
    "05-ecarte-cards-and-play": "duty_flow",
    "07-ecarte-scoring-and-game": "scoring_grid",
}


def prose(name: str) -> list[str]:
    """The markdown cells of a chapter."""
    return [cell.source for cell in read(name).cells if cell.cell_type == "markdown"]


@pytest.mark.parametrize("name", [*EVERY_CHAPTER, "10-how-the-coach-thinks", "11-ecarte-judgment"])
def test_each_chapter_opens_with_what_you_will_learn_and_how_long(name: str) -> None:
    nb = read(name)
    opening = nb.cells[0].source
    found = re.search(r"\*\*In this chapter\*\* \(about (\d+) minutes to read and run\) you will learn:", opening)
    assert found, f"{name} does not say what you will learn, and how long it takes"
    assert len(re.findall(r"^> \* ", opening, flags=re.MULTILINE)) >= 3
    estimate = reading_minutes(nb)
    assert abs(int(found[1]) - estimate) <= 3, f"{name}: about {found[1]} minutes, but it reads in {estimate:.0f}"


# Widgets that take longer than a minute: a deal to play, a deal to step through, a board or a drill of positions.
LONG_WIDGETS = re.compile(r"\b(GuidedRound|GameTable|ModelDeal|PuzzleBoard|JudgmentDrill)\(")


def reading_minutes(nb) -> float:
    """The measure chapter 0 states: prose at 200 words a minute, code at 10 non-blank lines a minute, a minute for
    each widget to try and each quick question to answer, and four for a deal to play or to step through, or a
    board or drill of positions (issue 41: chapter 4 said 42 minutes and read in about 65)."""
    words = sum(len(cell.source.split()) for cell in nb.cells if cell.cell_type == "markdown")
    code = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    lines = sum(1 for source in code for line in source.splitlines() if line.strip())
    widgets = [cell.source for cell in nb.cells if "widget" in cell.metadata.get("tags", [])]
    long = sum(bool(LONG_WIDGETS.search(source)) for source in widgets)
    questions = sum(len(re.findall(r"\b(?:quiz|puzzles)\.(?!Quiz\b)\w+\(", source)) for source in code)
    return words / 200 + lines / 10 + len(widgets) + 3 * long + questions


@pytest.mark.parametrize("name", CHAPTERS)
def test_each_chapter_ends_with_quick_questions_before_its_exercises(name: str) -> None:
    nb, _ = executed(name)
    quizzes = [i for i, cell in enumerate(nb.cells) if "quiz" in cell.metadata.get("tags", [])]
    assert len(quizzes) == 1, f"{name}: one cell of quick questions, not {len(quizzes)}"
    cell = nb.cells[quizzes[0]]
    assert "quiz.Quiz([" in cell.source and cell.source.count("quiz.") >= 3  # the widget and two questions or more
    assert "## Quick questions" in nb.cells[quizzes[0] - 1].source + nb.cells[quizzes[0] - 2].source
    results = [o for o in cell.outputs if o.output_type == "execute_result"]
    assert results and WIDGET_MIME in results[-1].data
    later_code = [c for c in nb.cells[quizzes[0] + 1 :] if c.cell_type == "code"]
    assert not later_code, f"{name}: the questions come last, after everything they ask about"
    if name in WITH_EXERCISES:
        assert quizzes[0] == len(nb.cells) - 2  # and just before the exercises


@pytest.mark.parametrize("name, function", sorted(FIGURES.items()))
def test_each_figure_is_drawn_by_the_library_with_its_words(name: str, function: str) -> None:
    nb, _ = executed(name)
    cells = [cell for cell in nb.cells if "figure" in cell.metadata.get("tags", [])]
    assert len(cells) == 1 and f"figures.{function}(" in cells[0].source
    data = [o for o in cells[0].outputs if o.output_type == "execute_result"][-1].data
    svg, html, words = data["image/svg+xml"], data["text/html"], data["text/plain"]
    assert svg.startswith("<svg") and 'role="img"' in svg and "<desc>" in svg and svg in html
    assert all(f"<li>{line}</li>" in html.replace("&#x27;", "'") for line in words.splitlines()[1:3])


@pytest.mark.parametrize("name, options, option", DISPUTED)
def test_a_disputed_rule_says_so_where_it_is_taught(name: str, options: type[RuleOptions], option: str) -> None:
    cells = [text for text in prose(name) if f"`{option} = " in text]
    assert cells, f"{name} does not name the option {option} where the rule is taught"
    text = cells[0]
    assert "(08-variants.ipynb)" in text and "default" in text, f"{name}: {option} without chapter 8 or a default"
    assert "sources differ" in text.lower(), f"{name}: {option} is taught as settled"
    named = set(re.findall(rf'`{option} = "?([\w\[\], ]+?)"?`', text))
    values = {option_text(value) for value in options.describe()[option] or ()}
    default = option_text(getattr(options.from_dict({}), option))
    assert default in named and named <= values, f"{name}: {option} names {named}, the engine has {values}"
    assert len(named) >= 2 or option == "refusal_penalty", f"{name}: {option} names only {named}"  # its other: "any"


def test_the_led_king_and_queen_are_taught_as_the_engine_plays_them() -> None:
    text = " ".join(prose("02-alkort-ranking"))
    taught = "a led Queen can be\ntaken by a Two or a Three, a led King (of spades, hearts or clubs) by a Two only"
    assert taught in text
    assert "Queen or\nKing can be taken by a Two or a Three" not in text
    assert alkort.TAKERS == {"Q": ("2", "3"), "K": ("2",)}  # what the sentence says, as the engine has it


def test_chapter_3_explains_the_deal_it_plays_before_chapter_4() -> None:
    nb = read("03-alkort-tricks-and-sevens")
    first_deal = next(i for i, cell in enumerate(nb.cells) if "alkort.new_deal(" in cell.source)
    before = " ".join(cell.source for cell in nb.cells[:first_deal] if cell.cell_type == "markdown")
    assert "**Forehand**" in before and "the winner of a trick leads" in before and "partners opposite" in before
    assert not any("DealExplorer" in cell.source for cell in nb.cells)  # the exchange's explorer is chapter 4's
    assert any("DealExplorer" in cell.source for cell in read("04-alkort-deal").cells)


def course_links():
    """The book's extension that turns a chapter's link into book/ into a link to the book's page."""
    spec = importlib.util.spec_from_file_location("course_links", ROOT / "book" / "_ext" / "course_links.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "name, page", [("00-welcome", "history"), ("02-alkort-ranking", "glossary"), ("04-alkort-deal", "glossary")]
)
def test_chapters_link_to_the_history_and_the_glossary_in_the_book_too(name: str, page: str) -> None:
    links = [link for text in prose(name) for link in re.findall(r"\]\((\.\./book/[^)]+)\)", text)]
    assert f"../book/{page}.md" in links, f"{name} does not link to the {page}"
    # The book reads the chapter as book/notebooks/<name>.ipynb (a link to notebooks/): the link names its page.
    chapter = ROOT / "book" / "notebooks" / f"{name}.ipynb"
    assert course_links().book_page(f"../book/{page}.md", chapter, ROOT / "book") == page
    toc = (ROOT / "book" / "_toc.yml").read_text(encoding="utf-8")
    assert f"- file: {page}\n" in toc


def test_the_game_target_is_not_credited_to_a_source() -> None:
    text = next(text for text in prose("04-alkort-deal") if "`target_score = 10`" in text)
    assert "sources differ" in text.lower() and "none of the accounts" in text and "a choice\nof its own" in text


def test_the_seven_lead_dispute_names_the_memoir_and_the_play() -> None:
    text = next(text for text in prose("03-alkort-tricks-and-sevens") if "`seven_lead = " in text)
    assert "1892" in text and "Nýársnóttin" in text and "nema í forhönd" in text


def test_judge_trick_is_shown_only_after_the_rules_it_applies() -> None:
    nb = read("03-alkort-tricks-and-sevens")
    rules = next(i for i, cell in enumerate(nb.cells) if "## The rules, in the order they are tried" in cell.source)
    early = [cell.source for cell in nb.cells[:rules] if cell.cell_type == "code"]
    assert not any("judge_trick(" in source for source in early)
