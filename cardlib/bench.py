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
``--load NAME`` registers a game of one's own first (``games.load``: a module or package name such as
``cardlib.euchre``, or a file's path; more than one may be given): the
guide's toy, ``tests/toy_game.py``, is the *yardstick*, a plain play-only game whose speed says how fast this
machine is now (with ``--beside``, the first file loaded is taken for the yardstick).

On a shared machine one run says little: ``--beside OLD_TREE`` measures another checkout of the course (a git
worktree of an older commit) and this one in turn, round after round, in fresh processes, and prints each game's
best and median deals per second in both, the new against the old, and each against the toy in the same round:

    python -m cardlib.bench --beside /tmp/old --rounds 7 --load tests/toy_game.py ecarte alkort4
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from . import games
from .tricks import DealState, next_seat

NewDeal = Callable[[random.Random, int], DealState]  # new_deal(rng, i) -> the i-th deal
YARDSTICK = "toy"  # the guide's toy game, when loaded: the machine's speed at a plain play-only game
HERE = Path(__file__).resolve().parents[1]  # this checkout of the course


def dealer(game: games.GameDescription, players: int) -> NewDeal:
    """The deals of a game for a number of players, under its default options (options and players checked once,
    not per deal: then the room's own ``deal``): shuffled by the generator, the deal passing round the table."""
    options, count, deal = game.options_from(None), game.players_from(players), game.deal  # checked once here
    return lambda rng, i: deal(options, players=count, dealer=next_seat(0, count, i), seed=rng)


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


# ---------------------------------------------------------------------------
# Two trees side by side

Speeds = dict[str, list[float]]  # deals per second of each game, one a round


def measured(tree: Path, labels: Sequence[str], seconds: float, load: str | None) -> dict[str, float]:
    """Deals per second of each game in a fresh process of one checkout (its own cardlib first on the path)."""
    command = [sys.executable, "-m", "cardlib.bench", "--seconds", str(seconds), *labels]
    if load:
        command[3:3] = ["--load", load]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=600, check=True)
    return {m[1]: float(m[2]) for m in re.finditer(r"^(\w+) deals/s=(\d+)", done.stdout, re.MULTILINE)}


def resolved(name: str) -> str:
    """A game to load as the other process finds it: a path made absolute, a module name as it is."""
    return str(Path(name).resolve()) if Path(name).exists() else name


def side_by_side(old: Path, labels: Sequence[str], rounds: int, seconds: float, load: str | None) -> list[Speeds]:
    """Each game's speed in the old tree and this one, measured in turn (who goes first alternating), with the
    yardstick (the loaded game) measured in this tree in the same process as the new speeds."""
    old_speeds: Speeds = {label: [] for label in labels}
    new_speeds: Speeds = {label: [] for label in [*labels, *([YARDSTICK] if load else [])]}
    for number in range(rounds):
        order = [(old, old_speeds, None), (HERE, new_speeds, load)]
        for tree, speeds, loaded in order if number % 2 else order[::-1]:
            found = measured(tree, [*speeds], seconds, loaded and resolved(loaded))
            for label in speeds:
                speeds[label].append(found[label])
    return [old_speeds, new_speeds]


def report(old: Speeds, new: Speeds) -> list[str]:
    """A line per game: best and median deals/s, old and new, new / old, and each against the toy: the best against
    the toy's best, and the median of the rounds' ratios (each round's toy measured beside it, which a busy machine
    slows alike)."""
    lines = []
    toy = max(new[YARDSTICK]) if YARDSTICK in new else None
    for label in old:
        best_old, best_new = max(old[label]), max(new[label])
        line = (
            f"{label}: old best {best_old:.0f} median {statistics.median(old[label]):.0f} deals/s; "
            f"new best {best_new:.0f} median {statistics.median(new[label]):.0f} deals/s; "
            f"new/old {best_new / best_old:.2f}"
        )
        if toy:
            line += f"; against the toy ({toy:.0f}): old {best_old / toy:.2f}x, new {best_new / toy:.2f}x"
            line += f" (round by round: old {_median_ratio(old[label], new[YARDSTICK]):.2f}x, "
            line += f"new {_median_ratio(new[label], new[YARDSTICK]):.2f}x)"
        lines.append(line)
    return lines


def _median_ratio(speeds: list[float], toy: list[float]) -> float:
    """The median, over the rounds, of a game's speed over the toy's in the same round."""
    return statistics.median(game / yardstick for game, yardstick in zip(speeds, toy))


def main(argv: list[str] | None = None) -> None:
    """Print deals and moves per second for each game (or, with --beside, two trees side by side)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], parents=[games.loading_option(argv)])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--beside", metavar="OLD_TREE", help="measure this checkout beside an older one, in turn")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the side-by-side run (default 5)")
    parser.add_argument("games", nargs="*", metavar="GAME", help="some of the games' labels (default: all)")
    args = parser.parse_args(argv)
    labels = benched_games()
    unknown = [game for game in args.games if game not in labels]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(labels)}")
    chosen = args.games or list(labels)
    if args.beside:
        both = [label for label in chosen if label != YARDSTICK]  # the yardstick is this tree's alone
        yardstick = args.load[0] if args.load else None
        print("\n".join(report(*side_by_side(Path(args.beside), both, args.rounds, args.seconds, yardstick))))
        return
    for game in chosen:
        deals, moves, taken = play_random_deals(game, args.seconds, args.seed)
        print(f"{game} deals/s={deals / taken:.0f} moves/s={moves / taken:.0f}", flush=True)


if __name__ == "__main__":
    main()
