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
from typing import Any

from . import games, words
from .contracts import Bot
from .contracts import Decision as Decision  # the value every player answers; its home is the contract
from .tricks import Action, DealState, Discard, action_text, parse_action


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
        return Decision(action, f"Chooses {public_text(action)} at random among {len(actions)} legal moves.")

    def optional(self, state: DealState, seat: int) -> Decision | None:
        actions = state.legal_actions(seat)
        if actions and self.rng.random() < 0.5:
            action = self.rng.choice(actions)
            return Decision(action, f"Takes {public_text(action)} at random.")
        return None


class InformedPlayer(Player):
    """A bot that decides from ``games.observe(state, seat)`` only, never from the state itself.

    ``decide`` and ``optional`` turn the state into the seat's view at once and hand
    only the view to ``choose`` and ``choose_optional``: the hidden cards never reach
    a bot's thinking. Each decision draws its random numbers from the bot's seed and
    the view, so a bot decides the same way in the same situation, whatever it was
    asked before.
    """

    name = "bot"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def decide(self, state: DealState, seat: int) -> Decision:
        action, why = self.choose(games.observe(state, seat))
        return Decision(action, words.reason(why))

    def optional(self, state: DealState, seat: int) -> Decision | None:
        decision = self.choose_optional(games.observe(state, seat))
        return None if decision is None else Decision(decision.action, words.reason(decision.reason))

    def choose(self, view: Any) -> Decision:
        """Choose one of ``view.legal`` when it is this seat's turn."""
        raise NotImplementedError

    def choose_optional(self, view: Any) -> Decision | None:
        """Take a move offered out of turn, or None."""
        return None

    def rng_for(self, view: Any) -> random.Random:
        """Random numbers for one decision: a function of the bot's seed and the view (reproducible)."""
        return random.Random(f"{self.seed}|{view.key()}")


class ScriptedPlayer(Player):
    """A bot that makes its scripted moves whenever they are legal, and otherwise plays like a seeded RandomPlayer.

    A script is a list of (action text, reason); each scripted move is made once, the first
    time the engine says it is legal for this seat. Preset deals use it so that the rule
    they demonstrate really happens, whatever the learner plays.
    """

    name = "scripted"

    def __init__(self, script: Sequence[tuple[str, str]] = (), seed: int | None = None) -> None:
        self.script = [(parse_action(text), reason) for text, reason in script]
        self.fallback = RandomPlayer(seed)

    def _scripted(self, state: DealState, seat: int) -> Decision | None:
        legal = state.legal_actions(seat)
        for i, (action, reason) in enumerate(self.script):
            if action in legal:
                del self.script[i]
                return Decision(action, reason)
        return None

    def decide(self, state: DealState, seat: int) -> Decision:
        return self._scripted(state, seat) or self.fallback.decide(state, seat)

    def optional(self, state: DealState, seat: int) -> Decision | None:
        return self._scripted(state, seat)


def public_text(action: Action) -> str:
    """An action as the other players may hear of it: a discard says how many cards, not which."""
    if isinstance(action, Discard):
        count = len(action.cards)
        return f"discard {count} card{'s' if count != 1 else ''}" if count else "discard no card"
    return action_text(action)


def next_move(state: DealState, players: Sequence[Bot]) -> tuple[int, Decision]:
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


def play_deal(
    state: DealState, players: Sequence[Bot], on_move: Callable[[int, Decision], None] | None = None
) -> DealState:
    """Play a deal to its end with these players (one per seat); ``on_move`` sees every move."""
    while not state.is_over:
        seat, decision = next_move(state, players)
        state.apply(decision.action)
        if on_move is not None:
            on_move(seat, decision)
    return state
