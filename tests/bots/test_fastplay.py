"""Écarté's first calls on small integers (``cardlib.ecarte.fastplay``): the same play-outs as the engine's, from
worlds drawn as the engine's imagination draws them."""

from __future__ import annotations

import random
import statistics

from cardlib import ecarte, games
from cardlib.bots import make_bot, montecarlo
from cardlib.ecarte import ANSWER, CHOOSE, DISCARD_NON_DEALER, book, fastplay
from cardlib.ecarte.strategy import to_card


def calls_met(seeds: range) -> list[ecarte.EcarteState]:
    """The deals of these seeds, each at every call the rule bots met in them (copies)."""
    bots, found = [make_bot("rules", "ecarte", 1), make_bot("rules", "ecarte", 2)], []
    for seed in seeds:
        state = ecarte.new_deal(seed=seed)
        while not state.is_over:
            seat = state.seat_to_move()
            if state.phase in (CHOOSE, ANSWER, DISCARD_NON_DEALER) and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply(bots[seat].choose(games.observe(state, seat)).action)
    return found


def test_the_integer_play_out_is_the_engines() -> None:
    """Every move at every call of 60 deals, in three imagined worlds each: the same margin as the engine's
    play-out by the book, for either seat."""
    checked = 0
    for state in calls_met(range(60)):
        seat = state.seat_to_move()
        view = games.observe(state, seat)
        imagination, policy = montecarlo.Imagination(view, random.Random(checked)), montecarlo.policy_for(view)
        for _ in range(3):
            world = imagination.world()
            for move in world.legal_actions():
                engine = world.clone()
                engine.apply(move)
                margin = engine.play_out(policy).returns()
                if not fastplay.applies(world):
                    continue
                assert fastplay.fast_margin(world, move, seat) == margin[seat]
                assert fastplay.fast_margin(world, move, 1 - seat) == margin[1 - seat]
                checked += 1
    assert checked > 2000


def test_the_first_answers_worlds_are_the_imaginations() -> None:
    """At the answer to the first proposal, the other hand never a jeu de règle, and as many trumps on average as
    in the engine's worlds."""
    for state in calls_met(range(40)):
        if state.phase is not ANSWER or state.proposals != 1:
            continue
        view = games.observe(state, state.dealer)
        draw = fastplay.first_calls_worlds(view, random.Random(1))
        assert draw is not None
        hands = [[to_card(c) for c in draw().hands[0]] for _ in range(400)]
        assert not any(book.jeu_de_regle(hand, view.trump) for hand in hands)
        imagination = montecarlo.Imagination(view, random.Random(2))
        engine = [imagination.world().hands[view.opponent] for _ in range(400)]
        trumps = [statistics.fmean(sum(c.suit == view.trump for c in h) for h in side) for side in (hands, engine)]
        assert abs(trumps[0] - trumps[1]) < 0.15
        return
    raise AssertionError("no first answer met")


def test_the_first_discards_worlds_follow_the_dealers_acceptance() -> None:
    """At the non-dealer's first discard, the dealer's hand in every world one the book accepts with."""
    for state in calls_met(range(40)):
        if state.phase is not DISCARD_NON_DEALER or state.proposals != 1:
            continue
        view = games.observe(state, state.non_dealer)
        draw = fastplay.first_calls_worlds(view, random.Random(1))
        assert draw is not None
        for _ in range(200):
            world = draw()
            assert world.calling and world.hands[0] == sorted(map(fastplay.to_int, view.hand))
            assert not book.jeu_de_regle([to_card(c) for c in world.hands[1]], view.trump, dealer=True)
        return
    raise AssertionError("no first discard met")
