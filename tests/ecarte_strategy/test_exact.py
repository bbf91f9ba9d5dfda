"""Table entries and the books' counts held to exact answers worked out another way: Foster's odds by a formula,
the dealer's refusal by every hand the non-dealer may hold, the game at 4-4 by the rules of the score, and the
audit's throws of every set of cards against the tables' own throws."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from cardlib import Card
from cardlib.ecarte import strategy
from cardlib.margins import Z95

from .test_tables import tool


def odds_by_formula(held: int) -> list[int]:
    """The dealer's hands without two trumps, and with: the non-dealer holds ``held`` trumps, one is turned up."""
    hands, trumps = math.comb(26, 5), 8 - held - 1
    fewer = math.comb(26 - trumps, 5) + trumps * math.comb(26 - trumps, 4)
    return [fewer, hands - fewer]


def test_fosters_odds_counted_hand_by_hand_are_the_formulas() -> None:
    found = tool().foster_odds()
    assert found["found"] == {"1": odds_by_formula(1), "2": odds_by_formula(2)}
    assert found["found"]["1"] == [44_574, 21_206] and found["verdict"] == "confirmed exactly"


def exact_refusal(dealer: list[int]) -> strategy.Figures:
    """The dealer's refusal of a first proposal, exactly: each trump that may be turned up, each of the 65 780 hands
    of the non-dealer, those with which the book proposes, played out by the book (no cards exchanged)."""
    trump = dealer[0] >> 3
    counts = [0] * len(strategy.OUTCOMES)
    for turned_up in [8 * trump + r for r in range(8) if 8 * trump + r not in dealer]:
        unseen = [c for c in strategy.ALL if c != turned_up and c not in dealer]
        for hand in itertools.combinations(unseen, 5):
            if not strategy.stands(hand, trump, False):
                won = strategy.play_tricks(hand, dealer, trump, turned_up)
                counts[strategy.outcome(won, [list(hand), dealer], turned_up, True, True)] += 1
    return strategy.Tally(counts).figures(seat=1)


def test_a_refusal_in_the_table_is_the_exact_enumeration_within_its_margin() -> None:
    dealer = [strategy.to_int(Card(r, s)) for r, s in (("Q", "♠"), ("J", "♠"), ("K", "♥"), ("Q", "♥"), ("K", "♦"))]
    key = strategy.hand_class(dealer, 0)
    assert key == "QJ / KQ K -"  # every hand of the class is this one, but for the suits' names
    exact = exact_refusal(dealer)
    sampled = strategy.class_figures("answer", key)[0][1]
    assert sampled.n >= 150 and exact.n > 5 * 40_000
    assert abs(sampled.win() - exact.win()) <= sampled.win_margin()
    assert abs(sampled.points() - exact.points()) <= sampled.points_margin()


def test_at_four_all_the_game_is_the_point_or_the_king() -> None:
    made = tool()
    for number in strategy.OUTCOMES:
        king, scorer = number // 4, number // 2 % 2
        non_dealer_wins = king == 1 or (king == 0 and scorer == 0)
        assert made.outcome_chances("first_call", 4, 4)[number] == non_dealer_wins
        assert made.outcome_chances("answer", 4, 4)[number] == (not non_dealer_wins)


def test_the_audits_throws_include_the_tables_throws_of_the_weakest_cards() -> None:
    made = tool()
    for seed in range(6):
        row = made.every_discard_row("x / Kxx x -", random.Random(seed))
        if row is None:
            continue
        rng = random.Random(seed)
        hand, turned_up = strategy.class_hand("x / Kxx x -", rng)
        rest = strategy.rest_of_deal(hand, turned_up, rng)
        for k in strategy.THROWS:
            choices = strategy.Choices(strategy.PROPOSE, strategy.ACCEPT, throw=k)
            points = strategy.net_points(strategy.run_deal(hand, rest[:5], turned_up, rest[5:], choices))
            assert row[made.WEAKEST[k - 1] - 1] == points, (seed, k)


def test_the_saved_verdicts_are_what_the_tables_give() -> None:
    made = tool()
    saved = strategy.tables()["books"]["claims"]
    for found in [*made.hoyle_claims(), made.one_trump_at_four()]:
        assert json.loads(json.dumps(found)) in saved, found["claim"]
    at_four = made.one_trump_at_four()
    assert at_four["at_scores"]["grid"][4][4] == "+"  # at 4-4 the next point is the game: play any one-trump hand
    assert all(row[4] == "-" for row in at_four["at_scores"]["grid"][:4])  # before that, playing them all is worse


def test_the_game_odds_at_other_scores_agree_with_games_played_from_them() -> None:
    odds = strategy.game_odds("book")
    for score, dynamic, (share, margin) in strategy.tables()["books"]["game"]["check_scores"]:
        non_dealer, dealer = map(int, score.split("-"))
        assert dynamic == pytest.approx(odds.non_dealer_wins(non_dealer, dealer), abs=1e-4)
        assert abs(share - dynamic) <= margin + 0.005, score
    games = 3000  # at 4-4 the next deal ends the game: a fresh check, one deal a game
    share = 1 - strategy.simulate_games(games, seed=44, start=(4, 4))
    assert abs(share - odds.non_dealer_wins(4, 4)) <= Z95 * math.sqrt(share * (1 - share) / games) + 0.005
