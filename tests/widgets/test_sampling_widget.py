"""The sampling lab (cardlib.widgets.sampling): the coach's estimates drawn as intervals that narrow with more samples;
and chapter 10, which shows it, committed clean and found by the book and the site."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import nbformat
import pytest
import yaml

from cardlib import coach, games
from cardlib.players import next_move
from cardlib.tricks import DealState
from cardlib.widgets.sampling import BEST, LEFT, OTHER, RIGHT, WIDTH, SamplingLab, Scale, scale_for, typical_margin

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "notebooks" / "10-how-the-coach-thinks.ipynb"


def position(seed: int = 10, moves: int = 4) -> DealState:
    """A real Écarté position: the deal of this seed played by the book for some moves (the chapter's first)."""
    game = games.get("ecarte")
    state = game.new_deal(seed=seed)
    bots = [game.rule_bot(seed + seat) for seat in range(state.n_players)]
    for _ in range(moves):
        state.apply(next_move(state, bots)[1].action)
    return state


PICTURES: dict[int, str] = {}  # the lab's picture for each number of samples, as it was drawn


@pytest.fixture(scope="module")
def lab() -> SamplingLab:
    """A lab at the chapter's position, asked for 25 samples and then 100 (as two clicks would)."""
    state = position()
    made = SamplingLab(state, state.seat_to_move(), counts=(25, 100))
    PICTURES[25] = made.picture.value
    made.choose(100)
    PICTURES[100] = made.picture.value
    return made


def bars(svg: str) -> list[float]:
    """The width in pixels of every interval bar of a picture."""
    return [float(high) - float(low) for low, high in re.findall(r"M([\d.]+) [\d.]+H([\d.]+)", svg)]


def axis_labels(svg: str) -> list[tuple[str, str]]:
    """The labels of a picture's scale and where they stand."""
    return re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle">([-+]?[\d.]+)</text>', svg)


def test_the_lab_draws_what_the_coach_answers(lab: SamplingLab) -> None:
    hint = coach.hint(lab.state, lab.seat, samples=100, seed=0)
    assert lab.hints[100].options == hint.options  # the coach's own numbers, asked with the lab's seed
    for estimate in hint.options:
        said = f"{coach.option_text(estimate.action)}: {estimate.points:+.2f} ± {estimate.points_margin:.2f} points"
        assert said in lab.words.value and said in lab.picture.value  # in words, and in the picture's description
    assert len(bars(lab.picture.value)) == len(hint.options)


def test_more_samples_narrow_the_intervals_by_about_half(lab: SamplingLab) -> None:
    few, more = lab.hints[25], lab.hints[100]
    ratio = typical_margin(more) / typical_margin(few)
    assert 0.35 < ratio < 0.7  # four times the samples: half the ±, give or take the noise in the spread itself
    assert sum(bars(PICTURES[100])) < 0.7 * sum(bars(PICTURES[25]))
    assert "25 samples: ±" in lab.law.value and "100 samples: ±" in lab.law.value


def test_the_scale_stays_put_so_the_narrowing_shows(lab: SamplingLab) -> None:
    before, after = axis_labels(PICTURES[25]), axis_labels(PICTURES[100])
    assert before == after and len(before) >= 3
    hint = lab.hints[25]  # the widest intervals fit the scale
    assert all(
        lab.scale.low <= e.points - e.points_margin and e.points + e.points_margin <= lab.scale.high
        for e in hint.options
    )


def test_the_options_as_good_as_the_best_share_its_colour(lab: SamplingLab) -> None:
    for count, svg in PICTURES.items():
        hint = lab.hints[count]
        dots = re.findall(r'<circle cx="[\d.]+" cy="[\d.]+" r="6" fill="(#\w+)"/>', svg)
        assert dots.count(BEST) == len(hint.best) and dots.count(OTHER) == len(hint.options) - len(hint.best)
    assert len(lab.hints[25].best) > len(lab.hints[100].best)  # the chapter's point: fewer samples, fewer rankings


def test_the_hidden_cards_do_not_change_what_the_lab_shows() -> None:
    state = position()
    seat = state.seat_to_move()
    view = games.observe(state, seat)
    other = games.sample_world(view, random.Random(3))  # the same view, other hidden cards
    assert other.hands[view.opponent] != state.hands[view.opponent] and games.observe(other, seat) == view
    assert SamplingLab(other, seat, counts=(25,)).text() == SamplingLab(state, seat, counts=(25,)).text()


def test_a_scale_maps_points_to_the_picture_and_clips() -> None:
    scale = Scale(-1.0, 2.0)
    assert scale.x(-1.0) == LEFT and scale.x(2.0) == WIDTH - RIGHT and scale.x(5.0) == scale.x(2.0)
    assert scale.x(0.5) == pytest.approx((LEFT + WIDTH - RIGHT) / 2)
    hint = coach.hint(position(), 0, samples=25)
    fitted = scale_for(hint)
    assert fitted.low <= 0 <= fitted.high and (fitted.low * 2).is_integer() and (fitted.high * 2).is_integer()


def test_the_lab_can_be_used_with_a_keyboard_and_a_screen_reader(lab: SamplingLab) -> None:
    buttons = lab.samples
    assert buttons.description and len(buttons.tooltips) == len(buttons.options)  # each button named, Tab and Space
    svg = lab.picture.value
    assert 'role="img"' in svg and "aria-label=" in svg and "<desc>" in svg
    assert 'role="status"' in lab.law.value  # the new ± is announced when a button is pressed
    assert lab.text().splitlines()[-1].startswith("The options' ± on average")


# ---------------------------------------------------------------------------
# Chapter 10, where the lab is shown (nbval runs it top to bottom; test_chapters' rules hold for it too)


def test_chapter_10_is_committed_without_outputs_and_opens_with_what_it_teaches() -> None:
    nb = nbformat.read(CHAPTER, as_version=4)
    assert all(c.outputs == [] and c.execution_count is None for c in nb.cells if c.cell_type == "code")
    assert re.search(r"\*\*In this chapter\*\* \(about \d+ minutes to read and run\)", nb.cells[0].source)
    assert any("SamplingLab(state, seat)" in c.source for c in nb.cells if "widget" in c.metadata.get("tags", []))


def test_chapter_10_is_in_the_book_and_on_the_site() -> None:
    toc = yaml.safe_load((ROOT / "book" / "_toc.yml").read_text(encoding="utf-8"))
    files = [entry["file"] for part in toc["parts"] for entry in part["chapters"]]
    assert "notebooks/10-how-the-coach-thinks" in files
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "book" / "site" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert CHAPTER in build.chapters()
