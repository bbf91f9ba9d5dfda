"""No bot peeks: a seat's view holds only what it may know, and bots decide from the view alone."""

from __future__ import annotations

import random

import pytest

from cardlib import ECARTE_PACK, Card, ecarte, games
from cardlib.bots import MonteCarloBot, StrongBot
from cardlib.ecarte.advice import EcarteRuleBot
from cardlib.ecarte.view import HiddenDiscard
from cardlib.games import observe, sample_world
from cardlib.tricks import ACCEPT, PROPOSE, Discard

from bot_helpers import GAMES, part_played


def rule_bot(state):
    return games.of(state).rule_bot(3)


def hidden_cards(state, seat):
    """Where the cards this seat cannot see are: the other hands and the stock."""
    return [sorted(map(str, h)) for s, h in enumerate(state.hands) if s != seat] + [sorted(map(str, state.stock))]


@pytest.mark.parametrize("game", GAMES)
def test_worlds_drawn_from_a_view_give_the_same_view(game, rng):
    for seed in range(60):
        state = part_played(game, seed, rng)
        for seat in range(state.n_players):
            view = observe(state, seat)
            world = sample_world(view, rng)
            assert observe(world, seat) == view, f"{game} deal {seed}, seat {seat}"


@pytest.mark.parametrize("game", GAMES)
def test_bots_decide_the_same_when_only_hidden_cards_differ(game, rng):
    """Two deals that differ only in cards a seat cannot see get the same decision from a seeded bot."""
    differed = tested = 0
    for seed in range(100):
        state = part_played(game, seed, rng, most_moves=12 if game == "ecarte" else 30)
        if state.is_over:
            continue
        tested += 1
        if tested > 25:
            break
        seat = state.current_player
        twin = sample_world(observe(state, seat), rng)  # same view, other hidden cards
        assert observe(twin, seat) == observe(state, seat)
        differed += hidden_cards(twin, seat) != hidden_cards(state, seat)
        for make in (
            rule_bot,
            lambda s: MonteCarloBot(seed=11, rollouts=24),
            lambda s: StrongBot(seed=11, rollouts=24),
        ):
            assert make(state).decide(state, seat) == make(twin).decide(twin, seat)
            for other in range(state.n_players):  # a seat whose own hidden cards differ may decide otherwise
                if observe(twin, other) == observe(state, other):
                    assert make(state).optional(state, other) == make(twin).optional(twin, other)
    assert differed >= 10  # the twins really hid different cards


def test_ecarte_view_hides_the_other_players_discard():
    state = ecarte.new_deal(seed=4, dealer=0)  # seat 1 is the non-dealer
    for action in (PROPOSE, ACCEPT):
        state.apply(action)
    mine = Discard(state.hands[1][:2])
    state.apply(mine)
    theirs = Discard(state.hands[0][:3])
    state.apply(theirs)
    non_dealer, dealer = observe(state, 1), observe(state, 0)
    assert mine in non_dealer.log and HiddenDiscard(3) in non_dealer.log and theirs not in non_dealer.log
    assert theirs in dealer.log and HiddenDiscard(2) in dealer.log
    assert not set(theirs.cards) & set(non_dealer.my_discards())
    assert set(theirs.cards) <= set(non_dealer.unseen())


def test_ecarte_view_infers_voids_from_the_duty_to_follow_and_trump():
    """A player who does not follow is void in the suit led, and in trumps too if he did not trump."""
    rng = random.Random(1)
    checked = 0
    for seed in range(300):
        s = ecarte.new_deal(seed=seed, dealer=0)
        s.apply(s.hands[1][0])  # the non-dealer stands and leads his first card
        led = s.trick[0]
        answer = rng.choice([a for a in s.legal_actions(0) if isinstance(a, Card)])
        s.apply(answer)
        if answer.suit == led.suit:
            continue
        view = observe(s, 1)
        barred = view.opponent_cannot_hold()
        assert {c for c in ECARTE_PACK if c.suit == led.suit} <= barred
        if answer.suit != s.trump:
            assert {c for c in ECARTE_PACK if c.suit == s.trump} <= barred
        for _ in range(10):  # no world drawn from the view gives him such a card
            assert not set(sample_world(view, rng).hands[0]) & barred
        checked += 1
    assert checked >= 20


class Peeker(EcarteRuleBot):
    """A cheat, to show the test above has teeth: it picks its move from the other hands."""

    def decide(self, state, seat):
        legal = state.legal_actions(seat)
        hidden = sum(len(str(c)) for s, h in enumerate(state.hands) if s != seat for c in h[:2])
        return legal[hidden % len(legal)], "peeks."


def test_the_twin_test_catches_a_peeking_bot(rng):
    caught = 0
    for seed in range(40):
        state = part_played("alkort4", seed, rng, most_moves=20)
        if state.is_over:
            continue
        seat = state.current_player
        twin = sample_world(observe(state, seat), rng)
        caught += Peeker().decide(state, seat) != Peeker().decide(twin, seat)
    assert caught >= 3


def true_holdings(state, view) -> dict:
    """Where a view's hidden cards really are, by the places of its ``hidden_deal``."""
    items, found = set(view.hidden_deal().cards), {}
    discards = [a.cards for a in state.log if isinstance(a, Discard)]
    for holder in view.hidden_deal().holders:
        kind, *where = holder.name
        if kind == "stock":
            cards = state.stock
        elif kind == "draw":
            cards = [state.drawn_by(where[0])[where[1] - 1]]
        elif kind == "dealt":
            drawn, played = set(state.drawn_by(where[0])), [p.card for p in view.plays if p.seat == where[0]]
            cards = [c for c in (*state.hands[where[0]], *played) if c not in drawn]
        elif kind == "hand":
            cards = state.hands[view.opponent]
        else:  # the other player's discard number where[0]
            mine = [d for n, d in enumerate(discards) if ecarte.discarder(n, state.dealer) == view.opponent]
            cards = list(mine[where[0]])
        found[holder.name] = [c for c in cards if c in items]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_real_deal_is_always_among_the_worlds(game, rng):
    """The worlds' bounds never rule out the truth: the real arrangement of a view's hidden cards has a weight."""
    for seed in range(60):
        state = part_played(game, seed, rng)
        for seat in range(state.n_players):
            view = observe(state, seat)
            assert view.hidden_deal().holding_weight(true_holdings(state, view)) > 0, f"{game} deal {seed}, {seat}"
