"""The saved tables: they load, a slice of them is what their regenerating code makes again, a class's play is what
an exact enumeration gives, the game odds agree with whole games played, and a hand is read as a learner writes it."""

from __future__ import annotations

import importlib.util
import itertools
import math
from pathlib import Path

import pytest

from cardlib import Card
from cardlib.ecarte import strategy
from cardlib.margins import Z95

ROOT = Path(__file__).resolve().parents[2]


def tool():
    """tools/ecarte_strategy.py as a module (the tools are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("ecarte_strategy_tool", ROOT / "tools" / "ecarte_strategy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_load_small_and_whole() -> None:
    saved = strategy.tables()
    assert strategy.TABLES.stat().st_size < 450_000  # a few hundred KB: small data, not a database
    assert len(saved["classes"]) == 1408 and math.isclose(sum(w for _, w in saved["classes"]), 1, abs_tol=1e-4)
    for kind in strategy.CHOICES:
        assert len(saved[kind]) == 1408
        assert all(row[0] >= 40 for row in saved[kind][:200]), kind  # the likeliest classes were all sampled
    assert saved["about"] == strategy.POLICY and "books" in saved


@pytest.mark.parametrize("kind", ["first_call", "answer", "discard"])
def test_a_slice_is_what_the_regenerating_code_makes(kind: str) -> None:
    saved, make = strategy.tables(), tool()
    for number in (0, 37, 700):  # a common class, a middling one, a rare one
        key = saved["classes"][number][0]
        rows = strategy.class_rows(kind, key, saved[kind][number][0], saved["seed"])
        assert make.entry(kind, rows) == saved[kind][number], (kind, key)


def exact_play(key: str) -> strategy.Figures:
    """Playing without proposing, exactly, over every hand of a class whose hands differ only by suit symmetry
    and the turned-up trump: each turned-up trump and each of the dealer's 65 780 hands."""
    hand = [strategy.to_int(Card(r, s)) for r, s in (("K", "♠"), ("Q", "♠"), ("K", "♥"), ("Q", "♥"), ("J", "♥"))]
    assert strategy.hand_class(hand, 0) == key
    counts = [0] * len(strategy.OUTCOMES)
    for turned_up in [c for c in range(8) if c not in hand]:
        for o, k in enumerate(strategy.exact_stand(hand, turned_up).counts):
            counts[o] += k
    return strategy.Tally(counts).figures()


def test_a_table_entry_is_the_exact_enumeration_within_its_margin() -> None:
    key = "KQ / KQJ - -"
    exact = exact_play(key)
    assert exact.n == 6 * math.comb(26, 5)
    sampled = strategy.class_figures("first_call", key)[0][0]
    assert abs(sampled.win() - exact.win()) <= sampled.win_margin()
    assert abs(sampled.points() - exact.points()) <= sampled.points_margin()


def test_the_game_odds_agree_with_whole_games_played() -> None:
    odds = strategy.game_odds("book")
    first_dealer = 1 - odds.non_dealer_wins(0, 0)
    games = 2000
    played = strategy.simulate_games(games, seed=7)
    assert abs(played - first_dealer) <= Z95 * math.sqrt(played * (1 - played) / games) + 0.005
    saved = strategy.tables()["books"]["game"]["check_book"]
    share, margin = saved["simulated"]
    assert abs(share - saved["dynamic_programming"]) <= margin + 0.005
    assert saved["dynamic_programming"] == pytest.approx(first_dealer, abs=1e-4)


def test_game_odds_are_chances_that_rise_with_the_score() -> None:
    odds = strategy.game_odds("game")
    for a, b in itertools.product(range(5), repeat=2):
        p = odds.non_dealer_wins(a, b)
        assert 0 < p < 1
        if a < 4:
            assert odds.non_dealer_wins(a + 1, b) >= p - 1e-9
    assert strategy.chance_of_game(odds, 2, 3, True) == 1 - odds.non_dealer_wins(3, 2)


def test_a_hand_as_a_learner_writes_it() -> None:
    text = strategy.judge("first_call", "Q♠ A♠ 7♠ K♥ K♦", "♠")
    cards = strategy.judge("first_call", [Card("Q", "♠"), "A♠", "7s", Card("K", "♥"), "KD"], "S")
    assert text == cards and text.key == "Qxx / K K -"
    assert "the table says: play" in text.sentence()
    for wrong in ("Q♠ A♠ 7♠ K♥", "Q♠ Q♠ 7♠ K♥ K♦", "Q♠ A♠ 2♠ K♥ K♦"):
        with pytest.raises(ValueError):
            strategy.judge("first_call", wrong, "♠")
    with pytest.raises(ValueError):
        strategy.judge("first_call", [("Q", "♠"), "A♠", "7♠", "K♥", "K♦"], "♠")  # type: ignore[list-item]
    with pytest.raises(ValueError):
        strategy.judge("second_call", "Q♠ A♠ 7♠ K♥ K♦", "♠")
