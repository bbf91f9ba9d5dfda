"""Checks judge a function the way a program uses it (issue 27): many calls, values not identities, right answers in
any reasonable form, and messages that say what they mean.

Each test is one of the issue's examples: a wrong answer of a kind no mutant of the model makes (caught now), or a
right answer in another form (accepted now).
"""

from __future__ import annotations

import dataclasses
import random
import re
import time
from typing import NamedTuple

import numpy as np
import pytest

from cardlib import ecarte
from cardlib.cards import ECARTE_PACK, Card
from cardlib.exercises import (
    CATALOGUE,
    CORRECT,
    NOT_YET,
    bots,
    chapter1,
    chapter3,
    chapter4,
    chapter5,
    chapter6,
    chapter7,
    chapter8,
    checker,
    running,
)
from cardlib.exercises.checker import define

assert chapter1 and chapter3 and chapter5 and chapter6  # their exercises, in the CATALOGUE

# ---------------------------------------------------------------------------
# 1. Answers that change after they are given: every check calls again, and looks at earlier answers again.

PACK = "[Card(r, s) for s in SUITS for r in RANKS if r not in ('5', '10')]"
CHANGING = {
    "the same module-level list every call": (
        "1.2",
        f"PACK = {PACK}\n\ndef alkort_pack():\n    return PACK\n",
        "returned the very same list on two calls",
    ),
    "appends to a list made outside it (88 cards the second time)": (
        "1.2",
        f"PACK = []\n\ndef alkort_pack():\n    PACK.extend({PACK})\n    return PACK\n",
        "The list returned by the first call changed when you called alkort_pack again",
    ),
    "a default argument reused as the answer's buffer": (
        "3.4",
        "def legal_leads(cards, has_won, out=[]):\n    out.clear()\n"
        "    out.extend(c for c in cards if has_won or c.rank != '7')\n    out.extend([] if out else cards)\n"
        "    return out\n",
        "changed when you called legal_leads again: return a new list each time",
    ),
    "four hands kept in a module list that the next deal overwrites": (
        "4.1",
        "HANDS = [[], [], [], []]\n\ndef deal(deck, dealer):\n    for h in HANDS:\n        h.clear()\n"
        "    position = 0\n    for _ in range(3):\n        for i in range(4):\n"
        "            HANDS[(dealer + 1 + i) % 4].extend(deck[position:position + 3])\n            position += 3\n"
        "    return HANDS, deck[position:]\n",
        "changed when you called deal again",
    ),
    "a module-level list reversed in place": (
        "5.1",
        "ORDER = ['K', 'Q', 'J', 'A', '10', '9', '8', '7']\n\ndef rank_order():\n"
        "    ORDER.reverse()\n    return ORDER\n",
        "changed when you called rank_order again",
    ),
    "a generator the first call uses up": (
        "1.3",
        "CARDS = (Card(r, s) for s in SUITS for r in ('7', '8', '9', '10', 'J', 'Q', 'K', 'A'))\n\n"
        "def ecarte_pack():\n    return list(CARDS)\n",
        "Called a second time with the same arguments, your ecarte_pack answered differently",
    ),
}


@pytest.mark.parametrize("kind", CHANGING)
def test_an_answer_that_changes_after_it_was_given_is_not_yet(kind):
    key, source, said = CHANGING[kind]
    ex = CATALOGUE[key]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET and said in result.headline, repr(result)
    assert "keep nothing from one call to the next" in result.advice and "\n" not in result.headline


GIVEN_BACK = {
    "the hand itself, when every card may be led": (
        "3.4",
        "def legal_leads(cards, has_won):\n    if has_won:\n        return cards\n"
        "    return [c for c in cards if c.rank != '7'] or list(cards)\n",
        "cards",
    ),
    "the stock itself, when nothing was thrown": (
        "6.5",
        "def exchange(cards, discards, stock):\n    kept = [c for c in cards if c not in discards]\n"
        "    n = len(discards)\n    return kept + stock[:n], stock[n:] if n else stock\n",
        "stock",
    ),
    "the hand itself, on a lead (Écarté)": (
        "5.4",
        CATALOGUE["5.4"].solution_source.replace(
            "    if not trick:\n        return list(cards)", "    if not trick:\n        return cards"
        ),
        "cards",
    ),
}


@pytest.mark.parametrize("kind", GIVEN_BACK)
def test_an_answer_that_is_the_callers_own_list_is_not_yet(kind):
    """The caller's list handed back: a program that plays a card from its hand changes the answer it holds, and
    one that changes the answer (sorts it, takes a card out) changes its hand."""
    key, source, param = GIVEN_BACK[kind]
    ex = CATALOGUE[key]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET, repr(result)
    assert f"answered with the very list it was given as {param}, not a new one" in result.headline, result.headline
    assert f"list({param}) is a copy" in result.headline and "\n" not in result.headline


def test_a_right_function_is_called_again_and_still_correct():
    ex = CATALOGUE["3.4"]
    result = ex.check(ex.solution_function())
    assert result.status == CORRECT


# ---------------------------------------------------------------------------
# 2. Values, never identities: the strings a check passes are new objects, as in a program.

IDENTITIES = [
    (
        "5.3",
        "ORDER = ['7', '8', '9', '10', 'A', 'J', 'Q', 'K']\n\ndef trick_winner(cards, trump):\n    led, other = cards\n"
        "    if other.suit == led.suit:\n        return 1 if ORDER.index(other.rank) > ORDER.index(led.rank) else 0\n"
        "    return 1 if other.suit is trump else 0\n",
    ),
    (
        "8.5",
        "def next_dealer(dealer, losing_side, rule):\n    if rule is 'left':\n        return (dealer + 1) % 4\n"
        "    for step in (1, 2):\n        if (dealer + step) % 2 == losing_side:\n"
        "            return (dealer + step) % 4\n",
    ),
    (
        "8.2",
        "def may_lead_seven(has_won, first_trick, seven_lead):\n"
        "    return has_won or seven_lead is 'as_rubbish' or (first_trick and seven_lead == 'forehand_exempt')\n",
    ),
]


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@pytest.mark.parametrize("key, source", IDENTITIES, ids=[key for key, _ in IDENTITIES])
def test_is_instead_of_equals_on_text_is_the_bug_it_is(key, source):
    ex = CATALOGUE[key]
    assert ex.check(define(source, ex.name, ex.setup)).status == NOT_YET


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
def test_a_bot_comparing_the_trump_by_identity_is_caught():
    """The engine's trump is the cards' own suit string: the bot is handed a new one, as a program reading it would."""
    source = chapter7.q4.solution_source.replace("c.suit == trump", "c.suit is trump")
    assert source != chapter7.q4.solution_source
    result = chapter7.q4.check(define(source, "ecarte_bot", chapter7.SETUP))
    assert result.status == NOT_YET and "illegal card" in result.headline


def test_the_check_hands_over_new_strings_and_the_packs_own_cards():
    case = chapter8.q5.fixed[0]
    given = checker.fresh(case)
    assert given == case and given[2] is not case[2]  # 'left', a new object
    trump_case = checker.fresh((ECARTE_PACK[:2], ECARTE_PACK[0].suit))
    assert trump_case[1] == "♠" and trump_case[1] is not ECARTE_PACK[0].suit
    assert all(a is b for a, b in zip(trump_case[0], ECARTE_PACK[:2]))  # one object for each card, by design


# ---------------------------------------------------------------------------
# 5. Right answers in any reasonable form.


class Score(NamedTuple):
    side: int
    points: int
    kind: str


@dataclasses.dataclass
class SeatPoints:
    seat: int
    points: int


def test_a_named_tuple_holding_numpy_ints_or_a_decomposed_muk_is_accepted():
    setup = chapter4.SETUP
    model = chapter4.q3.solution_function()

    def with_numpy(trick_sides):
        answer = model(trick_sides)
        return None if answer is None else Score(np.int64(answer[0]), np.int64(answer[1]), answer[2])

    def decomposed(trick_sides):
        answer = model(trick_sides)
        return None if answer is None else Score(answer[0], answer[1], answer[2].replace("ú", "u\u0301"))

    assert define("x = 1", "x", setup) == 1
    assert chapter4.q3.check(with_numpy).status == CORRECT
    assert chapter4.q3.check(decomposed).status == CORRECT


def test_a_dataclass_answer_is_compared_by_value():
    model = chapter7.q1.solution_function()
    result = chapter7.q1.check(lambda *args: SeatPoints(*model(*args)))
    assert result.status == CORRECT, repr(result)
    wrong = chapter7.q1.check(lambda *args: SeatPoints(model(*args)[0], 1))
    assert wrong.status == NOT_YET


def test_numpy_and_nfc_inside_any_container_are_read_as_pythons_own():
    assert checker.plain({"a": [np.int64(1)], "b": {np.bool_(True)}}) == {"a": [1], "b": {True}}
    assert checker.plain([Score(np.int64(0), 5, "mu\u0301k")]) == [(0, 5, "múk")]


def test_a_bot_exercise_states_its_time_limit_per_card():
    for ex in (chapter4.q5, chapter7.q4):
        assert "20 ms a card" in ex.statement and "Monte Carlo" in ex.statement


def monte_carlo_bot(seconds: float):
    """A bot of the kind chapter 9 teaches: for each card it may play, imagine the opponent's hand many times and
    count how often the card wins the trick; it takes about ``seconds`` a card."""
    order = ecarte.ORDER

    def ecarte_bot(cards, trick, trump):
        allowed = ecarte.legal_plays(cards, trick, trump)
        unseen = [c for c in ECARTE_PACK if c not in cards and c not in trick]
        rng, wins = random.Random(len(cards)), dict.fromkeys(allowed, 0)
        ends = time.process_time() + seconds  # the processor's time: the same work whatever the machine's load
        while time.process_time() < ends:
            other = trick[0] if trick else rng.choice(unseen)
            for c in allowed:
                pair = [other, c] if trick else [c, other]
                wins[c] += ecarte.trick_winner(pair, trump) == (1 if trick else 0)
        return max(allowed, key=lambda c: (wins[c], order.index(c.rank)))

    return ecarte_bot


def test_a_monte_carlo_bot_at_5_ms_a_card_passes_where_a_fixed_budget_would_stop_it(monkeypatch):
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.3)  # the 10 s budget, scaled down with the deals below
    monkeypatch.setattr(
        chapter7, "ecarte_deals", lambda: (ecarte.new_deal(seed=2000 + n, dealer=n % 2) for n in range(30))
    )
    result = chapter7.q4.check(monte_carlo_bot(0.005))
    assert result.status == CORRECT, repr(result)
    assert result.cases * 0.005 > 0.3  # more time than the scaled-down budget: the limit is per card


def test_a_bot_slower_than_its_time_a_card_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.3)
    result = chapter7.q4.check(monte_carlo_bot(0.03))
    assert result.status == NOT_YET
    took = re.match(r"Your bot took (\d+) ms a card on average over its first \d+ cards", result.headline)
    assert took and int(took[1]) >= 20, result.headline
    assert "the limit is 20 ms a card of your bot's own work on average (3 s for any one card)" in result.headline
    assert bots.BOT_TIME_PER_CARD == 0.02


# ---------------------------------------------------------------------------
# 6. Messages that say what they mean.


def test_a_seat_is_a_seat():
    result = chapter8.q5.check(define("def next_dealer(dealer, losing_side, rule):\n    return 4\n", "next_dealer"))
    assert "expected an int seat 0-3 (a player's seat, clockwise), got the int 4" in result.headline
    assert "position in the trick" not in result.headline


def test_a_counterexample_pastes_into_a_function_whose_parameters_are_named_otherwise():
    result = chapter8.q4.check(
        define(
            "def legal_plays(hand_cards, played, trumps, strict):\n    return list(hand_cards)\n",
            "legal_plays",
            chapter8.SETUP,
        )
    )
    assert result.status == NOT_YET and "=" not in result.call
    namespace: dict = {}
    exec(chapter8.SETUP, namespace)
    namespace["legal_plays"] = lambda hand_cards, played, trumps, strict: (hand_cards, played, trumps, strict)
    cards, trick, trump, must = eval(result.call, namespace)
    assert all(isinstance(c, Card) for c in [*cards, *trick]) and trump in "♠♥♦♣" and isinstance(must, bool)


def test_an_invisible_character_after_the_suit_is_named():
    source = 'def king_of_trumps(turned_up):\n    return Card("K", turned_up.suit + "\\ufe0f")\n'
    result = CATALOGUE["6.3"].check(define(source, "king_of_trumps", CATALOGUE["6.3"].setup))
    assert result.status == NOT_YET
    assert "(U+FE0F, an invisible variation selector, follows the suit ♠: delete it.)" in result.headline


# ---------------------------------------------------------------------------
# 3. The rare branches of the rule, reached by the cases (their coverage is measured in test_mutants.py).

RARE = {
    "a bot that believes a lead before any win happens only at trick 1 (rotate)": (
        "4.5",
        chapter4.q5.solution_source.replace(
            "if not trick and not has_won:", "if not trick and not has_won and len(cards) == 9:"
        ),
        "illegal card",
    ),
    "a bot whose hand of nothing but sevens cannot lead before a win": (
        "4.5",
        chapter4.q5.solution_source.replace(" or cards\n", "\n"),
        "max() arg is an empty sequence",
    ),
    "an exchange that asserts 1 to 5 discards (the dealer may discard none)": (
        "6.5",
        chapter6.q5.solution_source.replace("    kept = ", "    assert 1 <= len(discards) <= 5\n    kept = "),
        "AssertionError",
    ),
    "a table of proposals 1-4": (
        "7.2",
        "def refusal_risks_penalty(refused_proposal, refusal_penalty):\n"
        "    return {None: False, 1: True, 2: refusal_penalty == 'any', 3: refusal_penalty == 'any',\n"
        "            4: refusal_penalty == 'any'}.get(refused_proposal, False)\n",
        "Not quite",
    ),
}


@pytest.mark.parametrize("kind", RARE)
def test_the_rare_branches_of_the_rule_are_in_the_cases(kind):
    key, source, said = RARE[kind]
    ex = CATALOGUE[key]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET and said in result.headline, repr(result)
