"""Helpers for the bot tests: deals with random options, played part-way by random players."""

from __future__ import annotations

import random

from cardlib import OptionError, alkort, ecarte
from cardlib.alkort import AlkortOptions
from cardlib.ecarte import EcarteOptions
from cardlib.players import RandomPlayer, next_move


def random_options(cls, rng: random.Random, players: int = 2):
    """Options with every field drawn at random from its allowed values (small targets for whole numbers), drawn
    again until the engine says they can be played together by this many."""
    while True:
        values = {}
        for name, choices in cls.describe().items():
            values[name] = rng.choice(choices) if choices is not None else rng.choice((1, 2, 5, 10))
        try:
            options = cls(**values)
            if isinstance(options, AlkortOptions):
                alkort.check_options(options, players)
        except OptionError:
            continue
        return options


def new_deal(game: str, seed: int, rng: random.Random):
    """A fresh deal of 'ecarte', 'alkort4' or 'alkort2', default options half the time."""
    if game == "ecarte":
        options = random_options(EcarteOptions, rng) if rng.random() < 0.5 else EcarteOptions()
        return ecarte.new_deal(options, dealer=seed % 2, seed=seed, scores_before=[rng.randrange(4), rng.randrange(4)])
    players = 4 if game == "alkort4" else 2
    options = random_options(AlkortOptions, rng, players) if rng.random() < 0.5 else AlkortOptions()
    return alkort.new_deal(options, players=players, dealer=seed % players, seed=seed)


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


GAMES = ("ecarte", "alkort4", "alkort2")
