"""How much stronger is one bot than another? A long match, cut into chunks played in parallel (a tool, not a test):

    nice -n 10 .venv/bin/python tools/strength.py --game ecarte --deals 2000                # strong against mc
    nice -n 10 .venv/bin/python tools/strength.py --game alkort --players 4 --deals 2000 --workers 2
    .venv/bin/python tools/strength.py --game ecarte --deals 40 --chunks 2 --out /tmp/quick.json   # a quick look

Each chunk is a ``tournament.run_match`` of its own (mirrored deals: the same deck twice, the bots' seats swapped)
with its own seed, in a process of its own; the chunks' mirrored pairs are pooled into one result, whose 95 %
interval treats each pair as one measurement, as the tournament's does. It prints the pooled win rate with its
interval, the points, and each bot's decision times (processor time p50 and p95: the fairer clock on a shared
machine) with the ratio of the p95s; and it writes them as JSON (``--out``, by default
``cardlib/bots/strength.json``, which the README's figures quote and a test reads).

A saved match can be made longer without playing it again (``--more``): the new chunks are seeded after the
saved ones (``--first-seed``), and the saved pairs are pooled with the new by their count, mean and spread (the
spread read back from the saved interval if the record predates ``pair_sd``). The decision times of the longer
record are the new chunks' (``timed_deals`` says how many pairs): percentiles cannot be pooled.

    nice -n 10 .venv/bin/python tools/strength.py --game alkort --players 4 --deals 1000 --more --first-seed 140
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardlib import games, tournament
from cardlib.margins import half_width

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "bots" / "strength.json"
FIRST_SEED = 100  # the chunks' seeds are FIRST_SEED, FIRST_SEED + 1, ...: deals no test or chapter plays


def chunk(job: tuple[str, int | None, str, str, int, int]) -> tournament.MatchResult:
    """One chunk of the match, played in a worker process."""
    game, players, a, b, deals, seed = job
    return tournament.run_match(game, a, b, deals, seed=seed, players=players)


def pooled(results: Sequence[tournament.MatchResult]) -> tournament.MatchResult:
    """The chunks' results as one match: their mirrored pairs, points and decision times together."""
    first = results[0]
    whole = tournament.MatchResult(first.game, first.a, first.b, sum(r.deals for r in results))
    for r in results:
        whole.pair_scores += r.pair_scores
        whole.points_a, whole.points_b = whole.points_a + r.points_a, whole.points_b + r.points_b
        for bot, times in r.times.items():
            whole.times.setdefault(bot, []).extend(times)
    return whole


def figures(result: tournament.MatchResult, seconds: float) -> dict[str, Any]:
    """What the README quotes: the win rate, its interval, the points, the processor time's p50 and p95."""
    low, high = result.confidence
    times = {
        bot: {
            "p50_ms": round(result.percentile(bot, 0.5, "cpu"), 1),
            "p95_ms": round(result.percentile(bot, 0.95, "cpu"), 1),
        }
        for bot in (result.a, result.b)
    }
    return {
        "game": result.game,
        "a": result.a,
        "b": result.b,
        "deals": result.deals,
        "win_rate": round(result.win_rate, 4),
        "interval": [round(low, 4), round(high, 4)],
        "pair_sd": round(statistics.stdev(result.pair_scores), 5) if result.deals > 1 else 0.0,
        "points": [result.points_a, result.points_b],
        "processor_time": times,
        "p95_ratio": round(times[result.a]["p95_ms"] / max(times[result.b]["p95_ms"], 1e-9), 2),
        "wall_seconds": round(seconds),
    }


def spread(match: dict[str, Any]) -> float:
    """The standard deviation of a saved match's pair scores: saved, or read back from its 95 % interval."""
    if "pair_sd" in match:
        return float(match["pair_sd"])
    low, high = match["interval"]
    return (high - low) / 2 / half_width(1.0, match["deals"])


def pooled_with(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """A saved match and its continuation as one record: pairs pooled by count, mean and spread, points added; the
    times are the continuation's."""
    n1, n2 = old["deals"], new["deals"]
    m1, m2 = old["win_rate"], new["win_rate"]
    n, mean = n1 + n2, (n1 * m1 + n2 * m2) / (n1 + n2)
    squares = (n1 - 1) * spread(old) ** 2 + (n2 - 1) * spread(new) ** 2 + n1 * n2 / n * (m1 - m2) ** 2
    sd = math.sqrt(squares / (n - 1))
    half = half_width(sd, n)
    points = [a + b for a, b in zip(old["points"], new["points"])]
    wall = old["wall_seconds"] + new["wall_seconds"]
    return new | {
        "deals": n,
        "win_rate": round(mean, 4),
        "interval": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
        "pair_sd": round(sd, 5),
        "points": points,
        "timed_deals": new.get("timed_deals", n2),
        "wall_seconds": wall,
    }


def saved(out: Path, key: str, found: dict[str, Any]) -> None:
    """Write one match's figures into the JSON file, beside the others' (by game key and players)."""
    data = json.loads(out.read_text()) if out.exists() else {"about": "Written by tools/strength.py: do not edit."}
    data[key] = found
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def game_label(label: str) -> str:
    """A match's game in words, from the registry: 'ecarte' is Écarté, 'alkort4' Alkort, four players."""
    key = label.rstrip("0123456789")
    players = label[len(key) :]
    name = games.get(key).name
    return f"{name}, {NUMBERS.get(int(players), players)} players" if players else name


def table(data: dict[str, Any]) -> str:
    """The README's table of the matches saved in ``data`` (strength.json), one row a match."""
    rows = [
        "| game | mirrored pairs of deals | strong wins | 95 % interval | p95 processor time a decision: strong, mc |",
        "|---|---|---|---|---|",
    ]
    for key, match in data.items():
        if key == "about":
            continue
        times, (low, high) = match["processor_time"], match["interval"]
        rows.append(
            f"| {game_label(key.split()[0])} | {match['deals']} | {match['win_rate']:.1%} | "
            f"{low:.1%}–{high:.1%} | {times['strong']['p95_ms']:.0f} ms, {times['mc']['p95_ms']:.0f} ms "
            f"({match['p95_ratio']:.1f}×) |"
        )
    notes = [
        f"\n{game_label(key.split()[0])}: the times are those of its last {match['timed_deals']} pairs (the match was "
        "made longer with `--more`, and percentiles cannot be pooled)."
        for key, match in data.items()
        if key != "about" and match.get("timed_deals", match["deals"]) < match["deals"]
    ]
    return "\n".join(rows + notes)


def main(argv: Sequence[str] | None = None) -> None:
    """Play the match in chunks, pool them, print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="ecarte")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--match", default="strong:mc", help="bots a:b (default strong:mc)")
    parser.add_argument("--deals", type=int, default=2000, help="mirrored pairs in all (default 2000)")
    parser.add_argument("--chunks", type=int, default=40, help="chunks of the match (default 40)")
    parser.add_argument("--workers", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--more", action="store_true", help="pool with the saved match of these bots (longer)")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED, help="the first chunk's seed")
    args = parser.parse_args(argv)
    a, _, b = args.match.partition(":")
    size = -(-args.deals // args.chunks)
    jobs = [
        (args.game, args.players, a, b, min(size, args.deals - k * size), args.first_seed + k)
        for k in range(args.chunks)
        if args.deals > k * size  # (300 deals in 40 chunks of 8: the last two would be empty, not negative)
    ]
    start, key = time.monotonic(), f"{args.game}{args.players or ''} {a}:{b}"
    before = json.loads(args.out.read_text()).get(key) if args.more and args.out.exists() else None
    if args.more and before is None:
        parser.error(f"--more: no saved match {key!r} in {args.out} to make longer")
    with multiprocessing.Pool(args.workers) as pool:
        results = []
        for result in pool.imap(chunk, jobs):
            results.append(result)  # the figures so far are saved after every chunk: a long match cut short keeps them
            found = figures(pooled(results), time.monotonic() - start)
            saved(args.out, key, pooled_with(before, found) if before else found)
            print(f"{sum(r.deals for r in results)}/{args.deals} deals", flush=True)
    print(pooled(results).summary(), flush=True)


if __name__ == "__main__":
    main()
