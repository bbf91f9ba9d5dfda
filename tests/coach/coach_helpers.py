"""Deals for the coach's tests: played by the rule bots, so the positions are those a learner meets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardlib import alkort, coach, doubledummy, games
from cardlib.alkort import AlkortOptions, AlkortState
from cardlib.cards import Card, card, hand
from cardlib.tricks import DealState


def played(
    key: str,
    seed: int,
    players: int | None = None,
    until: Callable[[Any], bool] | None = None,
    options: dict[str, Any] | None = None,
) -> DealState:
    """A deal of a game played by its rule bots, to its end or until ``until(state)`` is true."""
    game = games.get(key)
    state = game.new_deal(options, players=players, seed=seed)
    bots = [game.rule_bot(seat) for seat in range(state.n_players)]
    while not state.is_over and not (until and until(state)):
        seat = state.seat_to_move()
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    return state


def sevens_lead() -> AlkortState:
    """Two players, lead_rule = rotate: player 1 has won nothing and leads 7♠ from a hand of three Sevens (legal:
    a hand of only Sevens may lead one before a win), after losing six tricks."""
    deck = alkort.stack_deck([hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ A♦"), hand("7♠ 7♥ 7♦ 2♠ 3♠ 3♥ 3♦ 3♣ 4♠")], dealer=0)
    state = alkort.new_deal(AlkortOptions(lead_rule="rotate"), players=2, dealer=0, deck=deck)
    mine, theirs = iter("K♦ 2♥ 4♣ 8♠ 9♥ 9♦".split()), iter("2♠ 3♠ 3♥ 3♦ 3♣ 4♠".split())
    while len(state.tricks) < 6:
        state.apply(card(next(theirs if state.current_player == 1 else mine)))
    state.apply(card("7♠"))
    return state


def summary(hint: Any) -> tuple:
    """All a learner is shown of a hint: the options and their figures, the best, the sentence."""
    return hint.options, hint.best, hint.why, hint.samples


def with_hand(state: DealState, seat: int, cards: Sequence[Card]) -> DealState:
    """The deal with another hand for a seat (the cards it gives up go back where the new ones came from)."""
    world = state.clone()
    pool = [*world.hands[seat], *world.stock]
    world.hands[seat] = list(cards)
    world.stock = [c for c in pool if c not in cards]
    world._legal = None
    return world


def exact(state: DealState, seat: int, hands: Sequence[Sequence[Card]], option: Any) -> tuple[float, float]:
    """The expected points and chance of a win of an option over every arrangement, equally likely, by the book."""
    opponent = next(s for s in range(state.n_players) if s != seat)
    points = [coach.outcome(with_hand(state, opponent, h), option, seat) for h in hands]
    return sum(points) / len(points), sum(p > 0 for p in points) / len(points)


def brute_force(state: DealState, seat: int) -> float:
    """The value for a seat's side by trying every play of every player, each side doing its best (no memo)."""
    if state.is_over:
        return float(state.returns()[seat])
    mover = state.seat_to_move()
    values = [brute_force(doubledummy.applied(state, a), seat) for a in state.legal_actions()]
    return max(values) if state.side_of(mover) == state.side_of(seat) else min(values)
