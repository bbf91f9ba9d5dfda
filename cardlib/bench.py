"""How fast is the engine? ``python -m cardlib.bench`` (or ``make bench``).

Plays whole deals with uniformly random legal actions — exchanges, proposals,
discards and announcements included, since they are legal actions like any
other — and prints one line per game:

    ecarte deals/s=N moves/s=M
    alkort4 deals/s=N moves/s=M
    alkort2 deals/s=N moves/s=M

Each deal is shuffled from a seeded random generator, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from .alkort import AlkortState
from .ecarte import EcarteState
from .tricks import DealState

GAMES: dict[str, Callable[[random.Random, int], DealState]] = {
    "ecarte": lambda rng, i: EcarteState(dealer=i % 2, seed=rng),
    "alkort4": lambda rng, i: AlkortState(players=4, dealer=i % 4, seed=rng),
    "alkort2": lambda rng, i: AlkortState(players=2, dealer=i % 2, seed=rng),
}


def play_random_deals(game: str, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random deals of a game for about this long: (deals, moves, seconds taken)."""
    new_state, rng = GAMES[game], random.Random(seed)
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
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    for game in args.games or GAMES:
        deals, moves, taken = play_random_deals(game, args.seconds, args.seed)
        print(f"{game} deals/s={deals / taken:.0f} moves/s={moves / taken:.0f}", flush=True)


if __name__ == "__main__":
    main()
