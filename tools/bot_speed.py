"""How long a bot thinks, side by side with an older checkout (a benchmark to read, not a test):

    nice -n 10 .venv/bin/python tools/bot_speed.py --beside /tmp/before97 --game ecarte --deals 150
    nice -n 10 .venv/bin/python tools/bot_speed.py --beside /tmp/before97 --game alkort --deals 60 --chunks 3

The bot (``mc`` unless --bot) plays mirrored deals against the rule bot, as the tournament pairs them (the same
deck twice, the seats swapped), and every one of its decisions is timed in processor time (``time.process_time``,
so that other work on a shared machine counts less). The deals are cut into chunks, each played in a fresh process
of each checkout in turn (who goes first alternating), so that both trees meet the same load; the same deals and
seeds are played in both. It prints, for each tree, the decisions' p50, p95 and max, and the new p95 over the old.
The worker (``--worker``) uses only what both checkouts offer: ``games.get``, ``bots.make_bot``,
``players.play_deal``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


def timed_deals(game: str, bot: str, first: int, deals: int, players: int | None) -> list[float]:
    """The processor time of each decision of ``bot`` over mirrored deals first..first+deals-1 against the rules."""
    from cardlib import games
    from cardlib.bots import make_bot
    from cardlib.players import play_deal
    from cardlib.tricks import next_seat

    description = games.get(game)
    n = players or description.players[0]
    timed: Any = make_bot(bot, game, seed=0)  # a bot that decides from a view (``choose``), clocked below
    rules, times = make_bot("rules", game, seed=1), list[float]()
    choose = timed.choose

    def clocked(view: Any) -> Any:
        start = time.process_time()
        decision = choose(view)
        times.append(time.process_time() - start)
        return decision

    timed.choose = clocked
    for i in range(first, first + deals):
        for side in (0, 1):
            state = description.new_deal(None, players=n, dealer=next_seat(0, n, i), seed=i)
            play_deal(state, [timed if state.side_of(s) == side else rules for s in range(n)])
    return times


def run_chunk(tree: Path, args: argparse.Namespace, first: int, deals: int) -> list[float]:
    """One chunk of deals in a fresh process of one checkout (its cardlib first on the path)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--game", args.game, "--bot", args.bot]
    command += ["--first", str(first), "--deals", str(deals)]
    if args.players:
        command += ["--players", str(args.players)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True, timeout=3600)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def percentile(values: list[float], share: float) -> float:
    """The value below which this share of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(times: list[float]) -> str:
    """p50, p95 and max of some decisions' times, in milliseconds."""
    p50, p95 = percentile(times, 0.5) * 1000, percentile(times, 0.95) * 1000
    return f"{len(times)} decisions, p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(times) * 1000:.0f} ms"


def side_by_side(args: argparse.Namespace) -> dict[str, list[float]]:
    """Every chunk in both checkouts, who goes first alternating: each tree's decision times."""
    old, times = Path(args.beside), {"old": list[float](), "new": list[float]()}
    size = -(-args.deals // args.chunks)
    for number, first in enumerate(range(0, args.deals, size)):
        order = [("old", old), ("new", HERE)]
        for label, tree in order if number % 2 else order[::-1]:
            times[label] += run_chunk(tree, args, first, min(size, args.deals - first))
    return times


def main() -> None:
    """Time a bot's decisions in this checkout beside an older one (or, with --worker, in this process)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beside", metavar="OLD_TREE", help="the older checkout to measure beside this one")
    parser.add_argument("--game", default="ecarte")
    parser.add_argument("--bot", default="mc")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=150, help="mirrored deals (each played twice)")
    parser.add_argument("--chunks", type=int, default=5, help="fresh processes per tree (default 5)")
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(timed_deals(args.game, args.bot, args.first, args.deals, args.players)))
        return
    if not args.beside:
        print(f"{args.bot} in {args.game}: {figures(timed_deals(args.game, args.bot, 0, args.deals, args.players))}")
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    times = side_by_side(args)
    for label in ("old", "new"):
        print(f"{label}: {args.bot} in {args.game}: {figures(times[label])}")
    print(f"new p95 / old p95: {percentile(times['new'], 0.95) / percentile(times['old'], 0.95):.2f}")


if __name__ == "__main__":
    main()
