"""The strategy module's fast play-out is the engine moved by the book (``playout.playout_policy``), deal for deal."""

from __future__ import annotations

import random

import pytest

from cardlib import ECARTE_PACK, PROPOSE, Card, ecarte, games
from cardlib.ecarte import advice, strategy
from cardlib.ecarte.playout import playout_policy, unseen_by
from cardlib.tricks import Announce


def engine_outcome(state: ecarte.EcarteState) -> int:
    """The finished engine deal's outcome number, as ``strategy.outcome`` numbers it."""
    kings = state.king_points
    king = 1 if kings[state.non_dealer] else 2 if kings[state.dealer] else 0
    score = state.result()
    assert score is not None
    return 4 * king + 2 * (score.seat == state.dealer) + score.points - 1


def stand(state: ecarte.EcarteState) -> None:
    """The non-dealer plays without proposing: announces the King if he holds it, else leads the book's card."""
    announce = [
        a for a in state.legal_actions() if isinstance(a, Announce) and state.holder(a.king) == state.non_dealer
    ]
    if announce:
        state.apply(announce[0])
        return
    hand = state.hands[state.non_dealer]
    state.apply(advice.play_advice(hand, [], state.trump, hand, unseen_by(state, hand))[0])


def in_pack_order(state: ecarte.EcarteState) -> ecarte.EcarteState:
    """The state with each hand in pack order, as the rule bot holds its own (the book's ties then go alike)."""
    for held in state.hands:
        held.sort()
    return state


def engine_deal(deck: list[Card], call: str) -> ecarte.EcarteState:
    """The deal from this deck played by the engine and the book, the first call made as told."""
    state = in_pack_order(ecarte.new_deal(dealer=0, deck=deck))
    if call == strategy.PROPOSE:
        state.apply(PROPOSE)
    elif call == strategy.PLAY:
        stand(state)
    while not in_pack_order(state).is_over:
        state.apply(playout_policy(state, state.legal_actions()))
    return state


def fast_outcome(deck: list[Card], call: str) -> int:
    """The same deal by ``strategy.run_deal``."""
    start = ecarte.new_deal(dealer=0, deck=deck)
    nd, dealer = ([strategy.to_int(c) for c in h] for h in (start.hands[1], start.hands[0]))
    stock = [strategy.to_int(c) for c in start.stock]
    return strategy.run_deal(nd, dealer, strategy.to_int(start.turned_up), stock, strategy.Choices(call=call))


@pytest.mark.parametrize("call", [strategy.BOOK, strategy.PLAY, strategy.PROPOSE])
def test_fast_playout_is_the_engine(call: str) -> None:
    rng = random.Random(29)
    for _ in range(150):
        deck = rng.sample(ECARTE_PACK, len(ECARTE_PACK))
        assert fast_outcome(deck, call) == engine_outcome(engine_deal(deck, call)), deck


def test_cards_as_numbers_round_trip() -> None:
    assert [strategy.to_card(strategy.to_int(c)) for c in ECARTE_PACK] == list(ECARTE_PACK)
    assert strategy.to_int(Card("K", "♠")) == strategy.KING and strategy.to_int(Card("7", "♥")) == 8


def test_double_dummy_is_the_engines_double_dummy() -> None:
    """The sensitivity check's perfect play agrees with the coach's hindsight search (cardlib.doubledummy), a
    different search over the engine itself: the non-dealer who stands gets the same points."""
    from cardlib import doubledummy

    rng = random.Random(3)
    for _ in range(12):
        deck = rng.sample(ECARTE_PACK, len(ECARTE_PACK))
        state = ecarte.new_deal(dealer=0, deck=deck)
        if any(c.rank == "K" and c.suit == state.trump for c in [state.turned_up, *state.hands[0], *state.hands[1]]):
            continue  # the King's point aside: the tricks alone decide
        leads = list(state.hands[1])
        values, missing, _ = doubledummy.option_values(state, 1, leads, games.get("ecarte").coach)
        assert not missing
        nd, dealer = ([strategy.to_int(c) for c in h] for h in (state.hands[1], state.hands[0]))
        won = strategy.double_dummy(nd, dealer, strategy.SUITS.index(state.trump))
        points = 2 if won == 5 else 1 if won >= 3 else -2  # a stand: the point, the vole, or 2 to the dealer
        assert max(values.values()) == points, (deck, values, won)
