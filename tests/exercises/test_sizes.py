"""Issue 40, point 2: every check spans the game's sizes — hands, tricks, stocks and packs of every size the rules
allow — as each exercise states what its lists are (``cardlib.exercises.sizes``).

A function right only for small inputs was called correct: a hand formatter that wraps its line at 24 characters
is right for every hand of at most six cards (18 characters), and wrong for a nine-card Alkort hand.
"""

from __future__ import annotations

import pytest

from cardlib import alkort, ecarte
from cardlib.cards import FULL_PACK
from cardlib.exercises import CORRECT, NOT_YET, chapter1, sizes
from cardlib.exercises.checker import define
from cardlib.exercises.notebooks import CHAPTERS, chapter_module

ALL = [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]
WRAPS_AT_24 = """def show_cards(cards):
    lines, line = [], ""
    for c in cards:
        word = str(c)
        if line and len(line) + 1 + len(word) > 24:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\\n".join([*lines, line]) if cards else ""
"""


@pytest.mark.parametrize("ex", [ex for ex in ALL if ex.oracle is not None], ids=lambda ex: ex.key)
def test_every_check_tries_every_size_the_game_gives_its_lists(ex):
    assert sizes.missing(ex) == []


def test_every_exercise_with_a_list_states_what_the_list_is_in_the_game():
    with_lists = {ex.key for ex in ALL if ex.oracle is not None and sizes.tried(ex)}
    assert with_lists <= set(sizes.SIZES), sorted(with_lists - set(sizes.SIZES))
    for key, params in sizes.SIZES.items():
        for kinds, excused in params.values():
            assert set(kinds) <= set(sizes.GAME) and all(reason.strip() for reason in excused.values()), key


def test_the_games_sizes_are_the_engines():
    two, four, duel = alkort.new_deal(seed=1, players=2), alkort.new_deal(seed=1), ecarte.new_deal(seed=1)
    assert {len(two.stock), len(four.stock)} == sizes.GAME["Alkort stock"] == {8, 26}
    assert max(sizes.GAME["Alkort hand"]) == len(four.hands[0]) == len(two.hands[0]) == 9
    assert max(sizes.GAME["Écarté hand"]) == len(duel.hands[0]) == 5
    assert max(sizes.GAME["Écarté stock"]) == len(duel.stock) == 21
    assert sizes.GAME["Alkort trick"] == {2, 4} and sizes.GAME["Alkort pack"] == {44}


def test_the_formatter_that_wraps_at_24_characters_is_not_yet_on_a_nine_card_hand():
    result = chapter1.q5.check(define(WRAPS_AT_24, "show_cards"))
    assert result.status == NOT_YET, repr(result)
    assert result.call.count("Card(") + result.call.count("card(") >= 7 or len(result.expected) > 24


def test_with_the_old_cases_the_measure_names_the_sizes_never_tried(monkeypatch):
    """The test can fail: with 1.5's cases as they were (at most six cards), the wrapping formatter is called
    correct, and the measure names the nine-card hand, the stocks and the packs as never tried."""
    monkeypatch.setattr(chapter1.q5, "fixed", chapter1.q5.fixed[:3])
    monkeypatch.setattr(chapter1.q5, "random_case", lambda rng: (rng.sample(FULL_PACK, rng.randrange(0, 7)),))
    assert chapter1.q5.check(define(WRAPS_AT_24, "show_cards")).status == CORRECT
    gap = sizes.missing(chapter1.q5)
    assert len(gap) == 1 and " 9, " in gap[0] and "26" in gap[0] and "Alkort hand" in gap[0], gap


def test_a_trick_winner_that_assumes_four_cards_is_not_yet_on_a_two_player_trick():
    """Alkort for two plays tricks of two: a loop over range(1, 4) was called correct when every trick had four."""
    from cardlib.exercises import chapter3

    source = chapter3.q1.solution_source.replace("range(1, len(cards))", "range(1, 4)")
    result = chapter3.q1.check(define(source, "ranked_winner", chapter3.SETUP))
    assert (
        result.status == NOT_YET
        and result.call.count("♠") + result.call.count("♥") + result.call.count("♦") + result.call.count("♣") == 2
    ), repr(result)
    assert "IndexError" in result.headline
