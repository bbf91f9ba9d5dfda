"""A learner's own right answer is never refused or left uncredited (issue 32).

Each test holds an example of the issue: refused (or uncredited) before, accepted (and credited) now — and the
disguises of the library's function that must still be recognised.
"""

from __future__ import annotations

import json

import pytest

from cardlib.exercises import (
    CATALOGUE,
    CORRECT,
    NOT_ATTEMPTED,
    NOT_YET,
    chapter2,
    chapter3,
    chapter5,
    chapter6,
    chapter8,
    checker,
    progress,
)
from cardlib.exercises.checker import define

# ---------------------------------------------------------------------------
# Credit by what the learner saw: the printed solution is "printed" only once it was revealed.

RANK_ORDER_TYPED = chapter5.q1.starter.replace(
    "...  # your code here", 'return ["7", "8", "9", "10", "A", "J", "Q", "K"]'
)
KING_TYPED = chapter6.q3.starter.replace("...  # your code here", "return Card('K', turned_up.suit)")


def test_the_obvious_answer_typed_before_any_reveal_is_the_learners_own_and_credited():
    for ex, source in ((chapter5.q1, RANK_ORDER_TYPED), (chapter6.q3, KING_TYPED)):
        fn = define(source, ex.name, ex.setup)
        assert ex.is_printed_solution(fn)  # it is the printed solution, character for character ...
        result = ex.check(fn)
        assert result.status == CORRECT and "printed solution" not in result.headline  # ... but typed: the learner's
        assert checker.PROGRESS[ex.key] == CORRECT and ex.key in checker.solved_earlier()
    assert progress(5).solved == 1 and progress(6).solved == 1


def test_the_printed_solution_run_after_the_reveal_is_marked_and_not_counted():
    shown = chapter6.q3.solution()
    assert "6.3" in checker.revealed()
    assert json.loads(checker.progress_file().read_text())["revealed"] == ["6.3"]  # the reveal is in the progress
    assert "(solution shown)" in repr(progress(6))
    result = chapter6.q3.check(define(shown.body, "king_of_trumps", chapter6.SETUP))
    assert result.status == CORRECT and "printed solution you asked to see" in result.headline
    assert checker.PROGRESS["6.3"] == checker.WITH_THE_SOLUTION and checker.solved_earlier() == set()
    own = chapter6.q3.check(
        define('def king_of_trumps(t):\n    return card("K" + t.suit)\n', "king_of_trumps", chapter6.SETUP)
    )
    assert own.status == CORRECT and "printed" not in own.headline and checker.solved_earlier() == {"6.3"}


def test_a_reveal_after_solving_takes_nothing_away():
    fn = define(KING_TYPED, "king_of_trumps", chapter6.SETUP)
    assert chapter6.q3.check(fn).status == CORRECT
    chapter6.q3.solution()
    again = chapter6.q3.check(fn)
    assert again.status == CORRECT and "printed" not in again.headline and checker.solved_earlier() == {"6.3"}


def test_a_reveal_in_an_earlier_session_is_remembered(monkeypatch):
    chapter5.q1.solution()
    monkeypatch.setattr(checker, "REVEALED", set())  # a new session: only the progress file remembers
    result = chapter5.q1.check(define(RANK_ORDER_TYPED, "rank_order", chapter5.SETUP))
    assert result.status == CORRECT and "printed solution" in result.headline


# ---------------------------------------------------------------------------
# Half-written is not "not attempted".

HALF_WRITTEN = chapter8.LEGAL_PLAYS.replace(
    """    if must_trump and trumps:
        return trumps
    return list(cards)""",
    """    if not must_trump:
        raise NotImplementedError("must_trump=False: later")
    return trumps or list(cards)""",
)


def test_a_function_with_one_branch_still_raising_is_not_yet_with_the_case_that_raises():
    result = chapter8.q4.check(define(HALF_WRITTEN, "legal_plays", chapter8.SETUP))
    assert result.status == NOT_YET and checker.PROGRESS["8.4"] == NOT_YET
    assert result.headline.startswith("The case must_trump=False is not written yet: legal_plays(")
    assert "False) raises NotImplementedError" in result.headline and result.call.endswith("False)")


def test_a_function_that_raises_on_every_case_is_not_attempted():
    source = chapter8.q4.starter.replace("...  # your code here", "raise NotImplementedError")
    result = chapter8.q4.check(define(source, "legal_plays", chapter8.SETUP))
    assert result.status == NOT_ATTEMPTED and "still raises NotImplementedError" in result.headline


def test_a_half_written_function_that_is_wrong_where_it_answers_shows_the_wrong_answer():
    wrong = HALF_WRITTEN.replace("return higher or same_suit", "return same_suit")
    result = chapter8.q4.check(define(wrong, "legal_plays", chapter8.SETUP))
    assert result.status == NOT_YET and result.headline.startswith("Not quite")


# ---------------------------------------------------------------------------
# Delegation judged by what the function leaves to the library, not by its code's shape: card() and hand() are the
# learner's tools; only a function whose every answer is the asked-for library function's is that function.

SPADES_TO_CLUBS = " ".join(f"{rank}{suit}" for suit in "♠♥♦♣" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A"))
BLOCKERS = "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ A♦ A♣ J♠ J♥ J♦ J♣ 6♠ 6♥ 6♦ 6♣"
OWN_STYLES = [
    ("6.3", 'def king_of_trumps(t):\n    return card(str(t).replace(t.rank, "K", 1))\n'),  # the examples
    ("6.3", 'def king_of_trumps(t):\n    return card("K{}".format(t.suit))\n'),
    ("6.3", 'def king_of_trumps(t):\n    return card(f"K{t.suit}")\n'),
    ("6.3", 'def king_of_trumps(t):\n    return hand("K" + t.suit)[0]\n'),
    ("4.6", f'def may_exchange(cards):\n    return set(hand("{BLOCKERS}")).isdisjoint(cards)\n'),
    (
        "4.6",
        f'BLOCK = hand("{BLOCKERS}")\n\ndef may_exchange(cards):\n    return not any(map(BLOCK.__contains__, cards))\n',
    ),
    ("1.3", f'def ecarte_pack():\n    return hand("{SPADES_TO_CLUBS}")\n'),
    (
        "1.3",
        'def ecarte_pack():\n    return [card(r + s) for s in SUITS for r in "789JQKA"] + hand("10♠ 10♥ 10♦ 10♣")\n',
    ),
    ("1.5", 'def show_cards(cards):\n    return " ".join(map(str, cards))\n'),
    ("1.5", 'def show_cards(cards):\n    return "".join(f"{c} " for c in cards)[:-1]\n'),
    (
        "1.4",
        'W = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}\n\ndef card_name(c):\n'
        '    return "{} of {}".format(W.get(c.rank, c.rank), {"♠": "spades", "♥": "hearts", "♦": "diamonds",'
        ' "♣": "clubs"}[c.suit])\n',
    ),
    (
        "2.2",
        "def tier_of(c):\n    return next((i for i, t in enumerate(TIERS) if c in hand(t)), None)\n\n"
        "def strength(c):\n    i = tier_of(c)\n    return 0 if i is None else 10 - i\n",
    ),
    ("3.1", "def ranked_winner(cards):\n    return max(range(len(cards)), key=lambda i: (strength(cards[i]), -i))\n"),
]


@pytest.mark.parametrize("key, source", OWN_STYLES)
def test_a_right_answer_in_any_style_using_the_set_up_cells_tools_is_the_learners_own(key, source):
    ex = CATALOGUE[key]
    setup = ex.setup + "\nfrom cardlib import card, hand\n" + chapter2.STRENGTH_TABLE
    result = ex.check(define(source, ex.name, setup))
    assert result.status == CORRECT, repr(result)
    assert checker.PROGRESS[key] == CORRECT and key in checker.solved_earlier()


DISGUISES = [
    ("3.3", "trick_winner = lambda cards, leader_has_won: alkort.trick_winner(cards, leader_has_won)", "trick_winner"),
    ("3.3", "trick_winner = functools.partial(alkort.judge_trick)\n", "trick_winner"),
    (
        "3.3",
        "def go(*args):\n    return alkort.trick_winner(*args)\n\ndef trick_winner(cards, leader_has_won):\n"
        "    return go(cards, leader_has_won)\n",
        "trick_winner",
    ),
    ("1.1", "def parse_card(text):\n    return hand(text)[0]\n", "card"),
    ("1.4", "def card_name(c):\n    return c.name\n", "Card.name"),
    ("1.5", "def show_cards(cards):\n    return show(list(cards))\n", "show"),
    (
        "7.1",
        "def score(tricks_won, dealer, proposed, refused):\n"
        "    return tuple(ecarte.score_deal(tricks_won, dealer, proposed, refused))[:2]\n",
        "score_deal",
    ),
    (
        "8.2",
        "def may_lead_seven(has_won, first_trick, seven_lead):\n"
        "    return alkort.may_lead_seven(has_won, first_trick, alkort.AlkortOptions(seven_lead=seven_lead))\n",
        "may_lead_seven",
    ),
]


@pytest.mark.parametrize("key, source, library", DISGUISES)
def test_the_asked_for_library_function_in_disguise_is_still_recognised_by_what_it_does(key, source, library):
    ex = CATALOGUE[key]
    setup = ex.setup + "\nimport functools\nfrom cardlib import alkort, ecarte, card, hand, show"
    result = ex.check(define(source, ex.name, setup))
    assert result.status == NOT_YET and checker.PROGRESS[key] == NOT_YET, repr(result)
    assert result.headline.startswith("That is the library's own function (cardlib.") and library in result.headline


def test_calling_the_library_on_some_cases_only_is_the_learners_own_work():
    source = (
        "def trick_winner(cards, leader_has_won):\n    if cards[0].rank == '7' and leader_has_won:\n        return 0\n"
        "    return alkort.trick_winner(cards, False)\n"
    )
    result = chapter3.q3.check(define(source, "trick_winner", chapter3.SETUP + "\nfrom cardlib import alkort"))
    assert result.status == CORRECT
