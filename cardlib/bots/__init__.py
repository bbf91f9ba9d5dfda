"""Bots: players that decide from what their seat may know, and say why.

Three kinds of bot, for both games, all with the one ``Player`` interface:

- ``RandomPlayer`` (from ``cardlib.players``): any legal move;
- the **rule-based** bots, ``EcarteRuleBot`` and ``AlkortRuleBot``: the classic advice
  of the old books, as small readable functions (``ecarte_advice``, ``alkort_advice``);
- the **Monte Carlo** bot, ``MonteCarloBot``: imagines the hidden cards many times,
  plays each move out with the advice, and keeps the move that wins most often.

No bot looks at hidden cards: each sees the deal through ``observe(state, seat)``
(see ``views``). Every decision comes with a one-sentence reason, and a bot with a
seed decides the same way every time it meets the same situation.

    >>> from cardlib import ecarte
    >>> from cardlib.bots import make_bot
    >>> from cardlib.players import play_deal
    >>> deal = play_deal(ecarte.new_deal(seed=1), [make_bot("rules", "ecarte"), make_bot("mc", "ecarte")])
    >>> deal.is_over
    True
"""

from __future__ import annotations

from ..players import Player, RandomPlayer
from .alkort_advice import AlkortRuleBot
from .base import InformedPlayer, sentence
from .ecarte_advice import EcarteRuleBot
from .montecarlo import MonteCarloBot
from .views import AlkortView, EcarteView, HiddenDiscard, observe, sample_world

BOTS = ("random", "rules", "mc")
GAMES = ("ecarte", "alkort")


def make_bot(name: str, game: str, seed: int | None = 0) -> Player:
    """A bot by name ('random', 'rules' or 'mc') for a game ('ecarte' or 'alkort'), seeded."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if name == "random":
        return RandomPlayer(seed)
    if name == "rules":
        return EcarteRuleBot(seed) if game == "ecarte" else AlkortRuleBot(seed)
    if name == "mc":
        return MonteCarloBot(seed)
    raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")


__all__ = [
    "make_bot",
    "BOTS",
    "GAMES",
    "InformedPlayer",
    "EcarteRuleBot",
    "AlkortRuleBot",
    "MonteCarloBot",
    "RandomPlayer",
    "observe",
    "sample_world",
    "EcarteView",
    "AlkortView",
    "HiddenDiscard",
    "sentence",
]
