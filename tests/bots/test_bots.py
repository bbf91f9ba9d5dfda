"""Every bot plays only legal moves, gives a one-sentence reason, and repeats itself with a seed."""

from __future__ import annotations

import random
import re

import pytest

from cardlib import alkort, card, ecarte, hand
from cardlib.alkort.advice import AlkortRuleBot, exchange_advice, play_advice
from cardlib.bots import MonteCarloBot, StrongBot, make_bot
from cardlib.ecarte.advice import EcarteBookBot, EcarteRuleBot, discard_advice, jeu_de_regle, lowest_winner
from cardlib.games import observe
from cardlib.players import RandomPlayer, next_move
from cardlib.tournament import run_match
from cardlib.tricks import ACCEPT, PROPOSE, REFUSE, Announce, Exchange

from bot_helpers import GAMES, key_of, new_deal

SENTENCE = re.compile(r"^[A-Z][^\n]{10,300}[.!?]$")


def bots_for(game: str, seed: int):
    """One of each bot; the searching ones with few play-outs, to keep the test quick."""
    name = key_of(game)
    searching = [MonteCarloBot(seed, rollouts=12), StrongBot(seed, rollouts=12)]
    return [make_bot("random", name, seed), make_bot("rules", name, seed), *searching]


def play_checked(state, players, record=None):
    """Play a deal to its end, checking every move is legal for its seat and comes with a sentence."""
    while not state.is_over:
        seat, decision = next_move(state, players)
        assert decision.action in state.legal_actions(seat), f"{decision} is illegal for seat {seat}"
        if not isinstance(players[seat], RandomPlayer):
            assert SENTENCE.match(decision.reason), decision.reason
        if record is not None:
            record.append((seat, decision))
        state.apply(decision.action)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_plays_only_legal_moves_with_a_reason(game, rng):
    deals = 30 if game != "alkort4" else 16
    for seed in range(deals):
        state = new_deal(game, seed, rng)
        kinds = bots_for(game, seed)
        players = [kinds[rng.randrange(4)] if seed % 3 else kinds[1 + seat % 3] for seat in range(state.n_players)]
        play_checked(state, players)


@pytest.mark.parametrize("game", GAMES)
def test_bots_are_reproducible_with_a_seed(game, rng):
    for seed in range(3):
        runs = []
        for _ in range(2):
            state = new_deal(game, seed, random.Random(seed))
            kinds = bots_for(game, seed)
            record = []
            play_checked(state, [kinds[1 + seat % 3] for seat in range(state.n_players)], record)
            runs.append(record)
        assert runs[0] == runs[1]


def test_rule_based_beats_random_at_ecarte():
    result = run_match("ecarte", "rules", "random", deals=150, seed=1)
    assert result.confidence[0] > 0.55, result.summary()


def test_rule_based_beats_random_at_alkort_in_partnership():
    result = run_match("alkort", "rules", "random", deals=60, seed=1, players=4)
    assert result.confidence[0] > 0.7, result.summary()


# ---------------------------------------------------------------------------
# The advice, case by case


def test_jeux_de_regle():
    assert jeu_de_regle(hand("7♠ 8♠ 9♠ A♥ 7♦"), "♠") == "three trumps or more"
    assert jeu_de_regle(hand("7♠ 8♠ K♥ 8♦ 7♣"), "♠") == "two trumps and a King"
    assert jeu_de_regle(hand("7♠ K♥ Q♥ J♥ 7♣"), "♠") == "one trump and a tierce major"
    assert jeu_de_regle(hand("7♠ 8♥ 9♥ 10♦ J♣"), "♠") == ""
    # the dealer is stricter: two trumps and three of a plain suit only with a court card at its head
    assert jeu_de_regle(hand("7♠ 8♠ 7♥ 8♥ 9♥"), "♠") and not jeu_de_regle(hand("7♠ 8♠ 7♥ 8♥ 9♥"), "♠", dealer=True)


def test_discard_keeps_trumps_and_kings():
    cards, _ = discard_advice(hand("K♥ 7♠ 8♦ Q♣ 10♥"), "♠", range(1, 6))
    assert set(cards) == set(hand("8♦ Q♣ 10♥"))
    assert discard_advice(hand("K♥ 7♠ 8♠ K♣ 10♠"), "♠", range(0, 6))[0] == []
    assert len(discard_advice(hand("K♥ 7♠ 8♠ K♣ 10♠"), "♠", range(1, 6))[0]) == 1  # the non-dealer must throw one


def test_head_with_the_lowest_winning_card():
    assert lowest_winner(hand("K♥ J♥ 9♥ 7♠"), hand("10♥"), "♠", hand("K♥ J♥")) == card("J♥")
    assert lowest_winner(hand("7♠ 9♠ 8♦"), hand("K♥"), "♠", hand("7♠ 9♠")) == card("7♠")


def test_ecarte_rule_bot_calls():
    # seat 1 is the non-dealer; a hand of nothing proposes, three trumps stand
    weak = ecarte.new_deal(dealer=0, deck=stacked_ecarte("7♥ 8♦ 9♣ 8♥ 9♦", "K♠ Q♠ J♠ A♠ 10♠", "7♠"))
    assert EcarteRuleBot().decide(weak, 1).action is PROPOSE
    weak.apply(PROPOSE)
    assert EcarteRuleBot().decide(weak, 0).action is REFUSE  # the dealer holds five trumps
    strong = ecarte.new_deal(dealer=0, deck=stacked_ecarte("K♠ Q♠ J♠ 8♦ 9♣", "7♥ 8♥ 9♥ 10♦ A♣", "7♠"))
    decision = EcarteRuleBot().decide(strong, 1)  # its first call by the computed tables (chapter 11) ...
    assert decision.action is PROPOSE and "the table says propose" in decision.reason
    decision = EcarteBookBot().decide(strong, 1)  # ... the book's stands on three trumps, announcing the King
    assert decision.action == Announce(card("K♠")) and ("King" in decision.reason or "K♠" in decision.reason)
    strong.apply(decision.action)
    strong.apply(EcarteBookBot().decide(strong, 1).action)  # leads
    assert EcarteRuleBot().decide(strong, 0).action in strong.legal_actions(0)
    other = ecarte.new_deal(dealer=0, deck=stacked_ecarte("7♥ 8♦ 9♣ 8♥ 9♦", "7♣ 8♣ 10♦ A♥ J♦", "7♠"))
    other.apply(PROPOSE)
    assert EcarteRuleBot().decide(other, 0).action is ACCEPT


def stacked_ecarte(non_dealer: str, dealer: str, turned: str):
    """A deck dealing these hands (packets 3 then 2) and turning up this card."""
    nd, d = hand(non_dealer), hand(dealer)
    top = nd[:3] + d[:3] + nd[3:] + d[3:] + hand(turned)
    return top + [c for c in ecarte.ECARTE_PACK if c not in top]


OPTIONS = alkort.AlkortOptions()


def test_alkort_cashes_a_seven_after_winning_a_trick():
    c, why = play_advice(
        hand("7♣ 3♠ Q♦"), hand("7♣ 3♠ Q♦"), [], 0, 0, 4, [True, False, False, False], False, OPTIONS, hand("K♦ 2♥"), []
    )
    assert c == card("7♣") and "cannot be beaten" in why
    c, _ = play_advice(hand("7♣ 3♠ Q♦"), hand("3♠ Q♦"), [], 0, 0, 4, [False] * 4, False, OPTIONS, hand("K♦"), [])
    assert c != card("7♣")


def test_alkort_plays_low_when_the_partner_is_winning_and_saves_sevens():
    # seat 2 plays third; the partner (seat 0) led 2♥, seat 1 played rubbish
    c, why = play_advice(
        hand("K♦ 7♠ 4♠ A♥"), hand("K♦ 7♠ 4♠ A♥"), hand("2♥ 3♦"), 2, 0, 4, [False] * 4, False, OPTIONS, hand("J♣"), []
    )
    assert c == card("4♠") and "partner" in why


def test_alkort_takes_with_the_cheapest_winner():
    c, _ = play_advice(
        hand("K♦ A♥ J♠ 3♦"), hand("K♦ A♥ J♠ 3♦"), hand("6♣"), 1, 0, 4, [False] * 4, False, OPTIONS, hand("2♥"), []
    )
    assert c == card("J♠")


def test_alkort_exchange_keeps_the_best_card():
    keep, why = exchange_advice(hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦"), OPTIONS)
    assert keep == card("7♥") and "exchange" in why  # a seven: a sure trick once its player has won one
    state = alkort.new_deal(seed=0)
    for seed in range(300):  # a deal where someone may exchange: the rule bot takes it
        state = alkort.new_deal(seed=seed)
        seats = [s for s in range(4) if state.may_exchange_now(s)]
        if seats:
            decision = (
                AlkortRuleBot().optional(state, seats[0])
                if seats[0] != state.current_player
                else AlkortRuleBot().decide(state, seats[0])
            )
            assert isinstance(decision.action, Exchange)
            return
    pytest.fail("no deal with a worthless hand")


def test_views_are_what_bots_see():
    state = alkort.new_deal(seed=2)
    view = observe(state, 1)
    assert view.hand == tuple(sorted(state.hands[1]))  # in pack order
    assert not set(view.unseen()) & set(state.hands[1])
