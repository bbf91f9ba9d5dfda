"""Issue 40, point 4: delegation judged by where the answer comes from, not by equal answers.

A learner's own loop followed by ``assert best == alkort.trick_winner(cards)`` (a self-test) is the learner's own
work: correct. A function that returns the library's answer is still the library's, however it is dressed: during
the check the library's function answers the learner's code a decoy, and only a function that passes the library's
answer on gives the decoy back.
"""

from __future__ import annotations

import pytest

from cardlib import alkort
from cardlib.exercises import CORRECT, NOT_YET, chapter2, chapter3, chapter5
from cardlib.exercises.checker import define
from cardlib.exercises.shipped import decoy_of

OWN_LOOP = """def own(cards, leader_has_won):
    lead = cards[0]
    if lead.rank == "7" and leader_has_won:
        return 0
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    if strength(cards[best]) > 0:
        return best
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead.rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0

"""
SETUP = chapter3.SETUP + "\nfrom cardlib import alkort\n"

OWN_WORK = {
    "own loop, then a self-test against the library": OWN_LOOP
    + """def trick_winner(cards, leader_has_won):
    best = own(cards, leader_has_won)
    assert best == alkort.trick_winner(cards, leader_has_won)
    return best
""",
    "the library first, then its own answer compared": OWN_LOOP
    + """def trick_winner(cards, leader_has_won):
    told = alkort.trick_winner(cards, leader_has_won)
    best = own(cards, leader_has_won)
    if best != told:
        print("I disagree with the library on", cards)
    return best
""",
    "own loop, then a self-test that raises ValueError": OWN_LOOP
    + """def trick_winner(cards, leader_has_won):
    best = own(cards, leader_has_won)
    if best != alkort.trick_winner(cards, leader_has_won):
        raise ValueError(f"my answer {best} is not the library's")
    return best
""",
    "own loop, then a self-test against judge_trick that raises Exception": OWN_LOOP
    + """def trick_winner(cards, leader_has_won):
    best = own(cards, leader_has_won)
    told, _why = alkort.judge_trick(cards, leader_has_won)
    if best != told:
        raise Exception("mismatch")
    return best
""",
}

LIBRARYS = {
    "its own answer computed, the library's returned": OWN_LOOP
    + """def trick_winner(cards, leader_has_won):
    own(cards, leader_has_won)
    return alkort.trick_winner(cards, leader_has_won)
""",
    "the library's answer, self-tested against nothing": """def trick_winner(cards, leader_has_won):
    answer = alkort.judge_trick(cards, leader_has_won)[0]
    assert answer in range(4)
    return answer
""",
}


@pytest.mark.parametrize("kind", OWN_WORK)
def test_a_function_that_computes_its_own_answer_and_tests_itself_with_the_library_is_correct(kind: str):
    result = chapter3.q3.check(define(OWN_WORK[kind], "trick_winner", SETUP))
    assert result.status == CORRECT, repr(result)


@pytest.mark.parametrize("kind", LIBRARYS)
def test_a_function_whose_answer_is_the_librarys_is_still_the_librarys(kind: str):
    result = chapter3.q3.check(define(LIBRARYS[kind], "trick_winner", SETUP))
    assert result.status == NOT_YET and "only called" in result.headline, repr(result)


def test_a_self_test_on_a_list_answer_is_the_learners_own():
    legal = """def legal_plays(cards, trick, trump):
    if not trick:
        answer = list(cards)
    else:
        answer = own(cards, trick, trump)
    assert sorted(answer) == sorted(ecarte.legal_plays(cards, trick, trump))
    return answer
"""
    model = chapter5.q4.solution_source.replace("def legal_plays(", "def own(")
    fn = define(model + "\n\n" + legal, "legal_plays", chapter5.q4.setup + "\nfrom cardlib import ecarte\n")
    assert chapter5.q4.check(fn).status == CORRECT


def test_the_decoy_differs_from_every_kind_of_answer_the_library_gives():
    for value in (0, 3, True, False, None, "left", alkort.judge_trick(hand_of("A♠ 9♦ K♦ 2♥"))):
        assert decoy_of(value) != value, value
    assert (
        decoy_of(hand_of("K♦ 2♥")) != hand_of("K♦ 2♥") and decoy_of(chapter2.q2.fixed[0][0]) != chapter2.q2.fixed[0][0]
    )
    assert type(decoy_of(alkort.judge_trick(hand_of("A♠ 9♦ K♦ 2♥")))) is tuple


def hand_of(text: str) -> list:
    """Cards from text."""
    from cardlib.cards import hand

    return hand(text)


def test_a_function_that_breaks_on_the_librarys_decoy_used_the_librarys_answer():
    """Reading the hand by the library's cards fails on a decoy card (not in the hand): the answer was the library's.
    Only an AssertionError — the learner's own test of its own answer — tells a self-check."""
    source = """def legal_plays(cards, trick, trump):
    return [cards[cards.index(c)] for c in ecarte.legal_plays(cards, trick, trump)]
"""
    fn = define(source, "legal_plays", chapter5.q4.setup + "\nfrom cardlib import ecarte\n")
    result = chapter5.q4.check(fn)
    assert result.status == NOT_YET and "only called" in result.headline, repr(result)
