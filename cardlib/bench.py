"""How fast is the engine? ``python -m cardlib.bench`` (or ``make bench``).

Plays whole deals with uniformly random legal actions — exchanges, proposals,
discards and announcements included, since they are legal actions like any
other — and prints one line per game:

    alkort4 deals/s=N moves/s=M
    alkort2 deals/s=N moves/s=M
    ecarte deals/s=N moves/s=M

Each deal is shuffled from a seeded random generator, so a run is repeatable. The games are those the course
knows (``cardlib.games``), each with every number of players it may be played by: a game played by one number is
named by its key (``ecarte``), one played by several by its key and the number (``alkort4``, ``alkort2``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from . import games
from .tricks import DealState, next_seat

NewDeal = Callable[[random.Random, int], DealState]  # new_deal(rng, i) -> the i-th deal


def dealer(game: games.GameDescription, players: int) -> NewDeal:
    """The deals of a game for a number of players: shuffled by the generator, the deal passing round the table."""
    return lambda rng, i: game.new_deal(players=players, dealer=next_seat(0, players, i), seed=rng)


def benched_games() -> dict[str, NewDeal]:
    """Every game the course knows, with each number of players it may be played by, under its label."""
    return {
        game.key if len(game.players) == 1 else f"{game.key}{players}": dealer(game, players)
        for game in games.every()
        for players in game.players
    }


def play_random_deals(game: str, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random deals of a game for about this long: (deals, moves, seconds taken)."""
    new_state, rng = benched_games()[game], random.Random(seed)
    deals = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):  # check the clock every 100 deals only
            state = new_state(rng, deals)
            while not state.is_over:
                state.apply(state.random_action(rng))
                moves += 1
            deals += 1
    return deals, moves, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    """Print deals and moves per second for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(benched_games())} (default: all)")
    args = parser.parse_args(argv)
    labels = benched_games()
    unknown = [game for game in args.games if game not in labels]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(labels)}")
    for game in args.games or labels:
        deals, moves, taken = play_random_deals(game, args.seconds, args.seed)
        print(f"{game} deals/s={deals / taken:.0f} moves/s={moves / taken:.0f}", flush=True)


if __name__ == "__main__":
    main()
