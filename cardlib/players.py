"""Players: one interface for people and bots.

A player is asked to ``decide`` when it is its turn, and may be offered an
``optional`` move out of turn (Alkort's worthless-hand exchange, which any
entitled player may make before the first card; Écarté's dealer announcing the
King of trumps). Every decision comes with a one-sentence reason, so the
notebooks and apps can show *why* a bot did what it did.

``next_move`` and ``play_deal`` drive a deal with a table of players.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .tricks import Action, DealState, action_text


class Decision(NamedTuple):
    """A move and the reason for it, in one sentence."""

    action: Action
    reason: str


class Player:
    """A seat at the table. Subclasses choose moves; people are driven by the widgets."""

    name = "player"

    def decide(self, state: DealState, seat: int) -> Decision:
        """Choose one of ``state.legal_actions(seat)`` when it is this seat's turn."""
        raise NotImplementedError

    def optional(self, state: DealState, seat: int) -> Decision | None:
        """Take a move offered out of turn (exchange, announce), or None to let it pass."""
        return None


class RandomPlayer(Player):
    """Plays a uniformly random legal move; out of turn, takes an offered move half the time."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def decide(self, state: DealState, seat: int) -> Decision:
        actions = state.legal_actions(seat)
        action = self.rng.choice(actions)
        return Decision(action, f"chose {action_text(action)} at random among {len(actions)} legal moves")

    def optional(self, state: DealState, seat: int) -> Decision | None:
        actions = state.legal_actions(seat)
        if actions and self.rng.random() < 0.5:
            action = self.rng.choice(actions)
            return Decision(action, f"took {action_text(action)} at random")
        return None


def next_move(state: DealState, players: Sequence[Player]) -> tuple[int, Decision]:
    """Who moves next and how: moves offered out of turn first, then the player whose turn it is."""
    turn = state.current_player
    if turn is None:
        raise ValueError("the deal is over: nobody is to move")
    for seat in range(state.n_players):
        if seat != turn and state.legal_actions(seat):
            decision = players[seat].optional(state, seat)
            if decision is not None:
                return seat, decision
    return turn, players[turn].decide(state, turn)


def play_deal(state: DealState, players: Sequence[Player],
              on_move: Callable[[int, Decision], None] | None = None) -> DealState:
    """Play a deal to its end with these players (one per seat); ``on_move`` sees every move."""
    while not state.is_over:
        seat, decision = next_move(state, players)
        state.apply(decision.action)
        if on_move is not None:
            on_move(seat, decision)
    return state
