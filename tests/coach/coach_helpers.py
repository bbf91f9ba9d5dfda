"""Deals for the coach's tests: played by the rule bots, so the positions are those a learner meets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlib import games
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


def summary(hint: Any) -> tuple:
    """All a learner is shown of a hint: the options and their figures, the best, the sentence."""
    return hint.options, hint.best, hint.why, hint.samples
