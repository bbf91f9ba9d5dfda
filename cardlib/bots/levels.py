"""The computer players a learner may choose at a table, by level: gentle, by the book, strong.

Each level is one of the bots (``cardlib.bots.BOTS``) with words that say what it does, which the tables show in the
choice itself, so that a page always names the level it plays at:

- *gentle* plays a random legal move, and says so: a first game, to learn the moves;
- *by the book* is the game's rule bot, the old books' advice as the course teaches it (the tables' default);
- *strong* is the strongest computer player the course has (``cardlib.bots.strong``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..contracts import Bot
from . import make_bot


class Level(NamedTuple):
    """A level of play: the bot that plays it (a name of ``BOTS``), what it does in words, and whether it thinks long
    (up to a second a move: a server answers a person's move first and makes its moves after, so that no other table
    waits for it; a quick level's moves take milliseconds and come with the answer)."""

    bot: str
    words: str
    thinks_long: bool = False


LEVELS: dict[str, Level] = {
    "gentle": Level("random", "plays a random legal move: easy to beat, for learning the moves"),
    "by the book": Level("rules", "follows the old books' advice, as the course teaches it"),
    "strong": Level(
        "strong", "imagines the hidden cards in many deals and plays every choice out before it moves", thinks_long=True
    ),
}
DEFAULT_LEVEL = "by the book"


def known_level(level: object) -> str:
    """A level the course has, as given; any other is refused, naming the levels."""
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"there is no level {level!r}: choose one of {', '.join(LEVELS)}")
    return level


def level_bot(level: str, game: str, seed: int | None = None) -> Bot:
    """A computer player of a level ('gentle', 'by the book', 'strong') for a game, seeded (None: unseeded)."""
    return make_bot(LEVELS[known_level(level)].bot, game, seed)


def level_label(level: str) -> str:
    """A level named with what it does, as a table offers it: 'gentle — plays a random legal move: …'."""
    return f"{level} — {LEVELS[level].words}"
