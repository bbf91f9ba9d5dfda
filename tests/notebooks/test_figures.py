"""The chapters' figures (cardlib.figures): they state what the engine says, and change when a rule changes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardlib import ALKORT_PACK, alkort, ecarte, hand
from cardlib.alkort import AlkortOptions
from cardlib.ecarte import EcarteOptions
from cardlib.figures import (
    Figure,
    deal_strips,
    duty_flow,
    ranking_ladder,
    scoring_grid,
    what_beats_the_lead,
)

SVG = "{http://www.w3.org/2000/svg}"
STRIPS = {
    "five in a row, then a loss": [0, 0, 0, 0, 0, 1],
    "seven in a row": [1] * 7 + [0],
    "a loss in between": [0, 1, 0, 0, 0, 0],
}


def found(pattern: str, line: str) -> re.Match[str]:
    """The match of a pattern in a figure's line (which must have it)."""
    match = re.search(pattern, line)
    assert match is not None, f"{pattern!r} not in {line!r}"
    return match


def every_figure() -> list[Figure]:
    """One of each figure, under the default options."""
    return [ranking_ladder(), what_beats_the_lead(), deal_strips(STRIPS), duty_flow(), scoring_grid()]


@pytest.mark.parametrize("figure", every_figure(), ids=lambda f: f.title[:30])
def test_a_figure_is_an_accessible_svg_with_its_words(figure: Figure) -> None:
    root = ET.fromstring(figure.svg())
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("aria-label") == figure.title
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == figure.title
    assert desc is not None and desc.text == figure.describe() == str(figure) == repr(figure)
    assert figure._repr_svg_() == figure.svg()
    html = figure._repr_html_()
    assert html.count("<li>") == len(figure.lines) > 0 and "<details>" in html and figure.svg() in html
    assert ' id="' not in figure.svg()  # two figures on one page must not share an id


def test_the_ladder_lists_each_tier_as_the_engine_ranks_it() -> None:
    figure = ranking_ladder()
    tiers = [found(r"^tier (\d+) \(strength (\d+)\): (.+)$", line) for line in figure.lines[:-1]]
    assert [int(t[1]) for t in tiers] == list(range(1, 11))
    for tier in tiers:
        assert {alkort.strength(c) for c in hand(tier[3])} == {int(tier[2])}
    assert sum(len(hand(t[3])) for t in tiers) == sum(map(alkort.is_ranked, ALKORT_PACK))
    rubbish = hand(figure.lines[-1].split(": ", 2)[-1])
    assert set(rubbish) == {c for c in ALKORT_PACK if not alkort.is_ranked(c)} and len(rubbish) == 23
    assert figure.svg().count("<title>") == 1 + len(ALKORT_PACK)  # the figure's own title, and one per card face


def test_the_ladder_follows_the_ranking_options() -> None:
    without_low_eights = ranking_ladder(AlkortOptions(low_eights_ranked=False))
    assert len(without_low_eights.lines) == 10 and "rubbish, 26 cards" in without_low_eights.lines[-1]
    short = ranking_ladder(alkort.SHORT)
    assert [line.split(": ")[1] for line in short.lines[:-1]] == ["K♦", "A♦", "9♦", "9♥", "8♠", "4♣", "2♥"]
    assert short.svg() != ranking_ladder().svg()


def test_the_ladder_is_drawn_from_the_engine_table(monkeypatch: pytest.MonkeyPatch) -> None:
    table = dict(alkort.strength_table())
    table[hand("K♦")[0]] = alkort.RUBBISH  # an engine in which the King of diamonds is rubbish
    monkeypatch.setattr(alkort, "strength_table", lambda options=None: table)
    figure = ranking_ladder()
    assert figure.lines[0] == "tier 1 (strength 9): 2♥" and "K♦" in figure.lines[-1]


def test_what_beats_the_lead_is_what_the_trick_rule_says() -> None:
    figure = what_beats_the_lead()
    assert len(figure.lines) == 5 * 5
    for line in figure.lines:
        cards, verdict = found(r", (\S+ \S+): (the lead|the reply) wins", line).groups()
        trick = hand(cards)
        winner, rule = alkort.judge_trick(trick, "after a win" in line)
        assert verdict == ("the lead", "the reply")[winner] and f"({rule})" in line
        assert alkort.explain_trick(trick, "after a win" in line) in line
    king_three = next(line for line in figure.lines if "K♠ 3♠" in line)
    assert "the lead wins (leader)" in king_three  # a led King falls to a Two only, not to a Three


def test_what_beats_the_lead_changes_with_the_takers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alkort, "TAKERS", {"Q": ("2",), "K": ("2", "3")})
    figure = what_beats_the_lead()
    assert "the reply wins (king taken)" in next(line for line in figure.lines if "K♠ 3♠" in line)
    assert "the lead wins (leader)" in next(line for line in figure.lines if "Q♣ 3♠" in line)


def test_the_replies_follow_the_ranking() -> None:
    no_low_eights = what_beats_the_lead(AlkortOptions(low_eights_ranked=False))
    assert "weakest ranked (6♠)" in no_low_eights.svg() and "4♠ 6♠: the reply wins" in no_low_eights.lines[3]


def test_the_strips_mark_where_the_deal_scores() -> None:
    figure = deal_strips(STRIPS)
    five, seven, broken = figure.lines
    assert five.startswith("five in a row, then a loss: A A A A A B; after trick 5: múk 5; decided after trick 6")
    assert "after trick 6: stroke 6; after trick 7: stroke 7; decided after trick 8" in seven
    assert seven.endswith(alkort.explain_score(alkort.score_deal(STRIPS["seven in a row"])))
    assert "after trick 6: point 1; decided after trick 6" in broken


def test_the_strips_follow_the_engine_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alkort, "TRICKS_TO_WIN", 4)  # an engine in which four tricks win the deal
    five = deal_strips(STRIPS).lines[0]
    assert "after trick 4: múk 5" in five and "after trick 5: stroke 5" in five


def test_the_duty_flow_is_the_engine_order_of_duties() -> None:
    figure = duty_flow()
    assert [line.split(": ", 1)[0][3:] for line in figure.lines] == [
        "Do you hold a higher card of the suit led? Yes",
        "Do you hold any card of the suit led? Yes",
        "Do you hold a trump? Yes",
        "Otherwise",
    ]
    sentence = ecarte.explain_duty(hand("7♥ A♣ Q♦"), hand("9♠"), "♥")
    assert sentence.startswith("You must trump") and sentence in figure.lines[2]


def test_the_duty_flow_loses_its_trump_step_without_must_trump() -> None:
    figure = duty_flow(EcarteOptions(must_trump=False))
    assert len(figure.lines) == 3 and "trump?" not in figure.describe()
    assert "must_trump = False" in figure.svg() and "must_trump = True" in duty_flow().svg()


def test_the_scoring_grid_is_what_score_deal_says() -> None:
    figure = scoring_grid()
    assert len(figure.lines) == 12
    stood_lost = next(line for line in figure.lines if line.startswith("stood") and "dealer wins 3" in line)
    assert stood_lost.endswith("the dealer scores 2 (played without proposing)")
    for line in figure.lines:
        who, points = found(r"the (dealer|non-dealer) scores (\d)", line).groups()
        assert who in ("dealer", "non-dealer") and int(points) in (1, 2)
    assert "the non-dealer scores 2 (refused)" in next(
        line for line in figure.lines if "refused, the non-dealer wins 3" in line
    )


def test_the_scoring_grid_follows_stand_bonus() -> None:
    figure = scoring_grid(EcarteOptions(stand_bonus="non_dealer"))
    stood = [line for line in figure.lines if line.startswith("stood")]
    assert (
        "the dealer scores 1 (point)" in stood[0] and "the non-dealer scores 2 (played without proposing)" in stood[2]
    )
    assert figure.svg() != scoring_grid().svg()


def test_the_scoring_grid_is_drawn_from_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ecarte, "TRICKS_PER_DEAL", 6)  # an engine in which five tricks are no longer a vole
    assert not any("(vole)" in line for line in scoring_grid().lines)
