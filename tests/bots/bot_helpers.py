"""Helpers for the bot tests: deals with random options, played part-way by random players.

The games are those the registry knows (``cardlib.games``), each with every number it may be played by, under the
benchmark's labels: a game played by one number by its key (``ecarte``), by several by its key and the number
(``alkort4``, ``alkort2``). No game is named here: a game registered in the course is tested too.
"""

from __future__ import annotations

import random

from cardlib import OptionError, games
from cardlib.players import RandomPlayer, next_move


def labelled() -> dict[str, tuple[str, int]]:
    """Each game and number of players the registry knows, by label: {'alkort4': ('alkort', 4), ...}."""
    return {
        game.key if len(game.players) == 1 else f"{game.key}{count}": (game.key, count)
        for game in games.every()
        for count in game.players
    }


def key_of(label: str) -> str:
    """The game's key of a label: 'alkort4' -> 'alkort'."""
    return labelled()[label][0]


def random_options(cls, rng: random.Random, players: int = 2):
    """Options with every field drawn at random from its allowed values (small targets for whole numbers), drawn
    again until the game deals with them for this many players."""
    while True:
        values = {}
        for name, choices in cls.describe().items():
            values[name] = rng.choice(choices) if choices is not None else rng.choice((1, 2, 5, 10))
        try:
            options = cls(**values)
            games.of(options).new_deal(options, players, seed=0)
        except OptionError:
            continue
        return options


def new_deal(game: str, seed: int, rng: random.Random):
    """A fresh deal of a game by its label ('ecarte', 'alkort4'), default options half the time, and a random
    score before it."""
    key, players = labelled()[game]
    description = games.get(key)
    options = random_options(description.options, rng, players) if rng.random() < 0.5 else None
    scores_before = [rng.randrange(4), rng.randrange(4)]
    return description.new_deal(options, players, dealer=seed % players, seed=seed, scores_before=scores_before)


def part_played(game: str, seed: int, rng: random.Random, most_moves: int = 40):
    """A deal played a random number of moves by random players (maybe to its end)."""
    state = new_deal(game, seed, rng)
    players = [RandomPlayer(rng) for _ in range(state.n_players)]
    for _ in range(rng.randrange(0, most_moves)):
        if state.is_over:
            break
        _, decision = next_move(state, players)
        state.apply(decision.action)
    return state


GAMES = tuple(labelled())
