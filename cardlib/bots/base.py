"""The bots' common ground: a Player that sees the deal only through a seat's view."""

from __future__ import annotations

import random

from ..players import Decision, Player
from ..tricks import DealState
from .views import View, observe


class InformedPlayer(Player):
    """A bot that decides from ``observe(state, seat)`` only, never from the state itself.

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
        action, reason = self.choose(observe(state, seat))
        return Decision(action, sentence(reason))

    def optional(self, state: DealState, seat: int) -> Decision | None:
        decision = self.choose_optional(observe(state, seat))
        return None if decision is None else Decision(decision.action, sentence(decision.reason))

    def choose(self, view: View) -> Decision:
        """Choose one of ``view.legal`` when it is this seat's turn."""
        raise NotImplementedError

    def choose_optional(self, view: View) -> Decision | None:
        """Take a move offered out of turn, or None."""
        return None

    def rng_for(self, view: View) -> random.Random:
        """Random numbers for one decision: a function of the bot's seed and the view (reproducible)."""
        return random.Random(f"{self.seed}|{view.key()}")


def sentence(text: str) -> str:
    """A reason as one sentence: a capital letter first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
