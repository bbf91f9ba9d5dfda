"""Bots: players that decide from what their seat may know, and say why.

Three kinds of bot, for every game, all with the one ``Player`` interface:

- ``RandomPlayer`` (from ``cardlib.players``): any legal move;
- the **rule-based** bot of each game (``cardlib.ecarte.advice.EcarteRuleBot``,
  ``cardlib.alkort.advice.AlkortRuleBot``): the classic advice of the old books, as small readable
  functions in the game's room;
- the **Monte Carlo** bot, ``MonteCarloBot``: imagines the hidden cards many times,
  plays each move out with the advice, and keeps the move that wins most often.

No bot looks at hidden cards: each sees the deal through ``games.observe(state, seat)``
(each game's ``view.py``). Every decision comes with a one-sentence reason, and a bot with a
seed decides the same way every time it meets the same situation.

    >>> from cardlib import ecarte
    >>> from cardlib.bots import make_bot
    >>> from cardlib.players import play_deal
    >>> deal = play_deal(ecarte.new_deal(seed=1), [make_bot("rules", "ecarte"), make_bot("mc", "ecarte")])
    >>> deal.is_over
    True
"""

from __future__ import annotations

from .. import games
from ..contracts import Bot
from ..players import InformedPlayer, RandomPlayer
from .montecarlo import MonteCarloBot
from .strong import StrongBot

BOTS = ("random", "rules", "mc", "strong")


def make_bot(name: str, game: str, seed: int | None = 0) -> Bot:
    """A bot by name ('random', 'rules', 'mc', 'strong') for a game (its key or name: 'ecarte', 'Alkort'), seeded."""
    description = games.get(game)
    if name == "random":
        return RandomPlayer(seed)
    if name == "rules":
        return description.rule_bot(seed)
    if name == "mc":
        return MonteCarloBot(seed)
    if name == "strong":
        return StrongBot(seed)
    raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")


__all__ = ["make_bot", "BOTS", "InformedPlayer", "MonteCarloBot", "RandomPlayer", "StrongBot"]
