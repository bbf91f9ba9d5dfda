"""Regenerate cardlib/ecarte/strategy_tables.json: Écarté's decision tables, computed (``make strategy``).

For every hand class (``strategy.hand_class``) and each first decision — the non-dealer's play or propose, the
dealer's accept or refuse, the non-dealer's first discard — deals are sampled with a hand of the class and played
out by the book (``strategy.run_deal``), each choice from the same cards. Every class gets ``--samples`` deals;
those whose two choices are within the noise of each other get up to ``--boundary`` deals, so that the boundary
is drawn as sharply as the time allows. A class's deals are seeded by its name: ``strategy.class_rows`` with the
saved sample count gives the saved counts again (a test regenerates a slice).

    nice -n 10 .venv/bin/python tools/ecarte_strategy.py            # the whole tables
    nice -n 10 .venv/bin/python tools/ecarte_strategy.py --samples 40 --boundary 40 --out /tmp/t.json   # a quick try
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.ecarte import strategy  # noqa: E402

SEAT = {"first_call": 0, "answer": 1, "discard": 0}  # whose decision each table is, for the paired difference


def class_weights() -> dict[str, float]:
    """Each class's chance for a dealt hand: every 5 of the 32 cards, the trump suit spades here (the suits are
    alike), weighted by the chance that the turned-up card is a trump (8 less the trumps held, of 27 cards)."""
    counts: Counter[str] = Counter()
    for hand in itertools.combinations(strategy.ALL, 5):
        trumps = sum(c < 8 for c in hand)
        counts[strategy.hand_class(hand, 0)] += 8 - trumps
    total = sum(counts.values())
    return {key: counts[key] / total for key in sorted(counts, key=lambda k: -counts[k])}


def paired_difference(rows: list[list[int]], seat: int) -> list[int]:
    """The sum and sum of squares, over the deals, of the first choice's points less the second's."""
    diffs = [strategy.net_points(row[0], seat) - strategy.net_points(row[1], seat) for row in rows]
    if not rows:
        return [0, 0]
    return [sum(diffs), sum(d * d for d in diffs)]


def entry(kind: str, rows: list[list[int]]) -> list:
    """What the table keeps of a class's deals: their number, the paired difference of the first two choices'
    points, and each choice's outcome counts (first call) or its figures (wins, points, squares: the others)."""
    seat = SEAT[kind]
    found = strategy.tallies(rows)
    if kind == "first_call":
        return [len(rows), paired_difference(rows, seat), *(t.counts for t in found)]
    figures = [t.figures(seat) for t in found]
    return [len(rows), paired_difference(rows, seat), *([f.wins, f.total, f.squares] for f in figures)]


def on_the_boundary(saved: list) -> bool:
    """Whether the two choices are still within 2.5 standard errors of each other."""
    n, (total, squares) = saved[0], saved[1]
    if n < 2:
        return False
    mean = total / n
    error = math.sqrt(max(0.0, squares / n - mean * mean) / (n - 1))
    return abs(mean) < 2.5 * error + 1e-9


def build_table(kind: str, keys: list[str], samples: int, boundary: int, seed: int, deadline: float) -> list:
    """One decision's table, a row per class in the classes' order: every class sampled, the classes on the
    boundary (the most likely first) again with more deals."""
    table = [entry(kind, strategy.class_rows(kind, key, samples, seed)) for key in keys]
    for number, key in enumerate(keys):
        if boundary > samples and on_the_boundary(table[number]) and time.monotonic() < deadline:
            table[number] = entry(kind, strategy.class_rows(kind, key, boundary, seed))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="deals per class")
    parser.add_argument("--boundary", type=int, default=1000, help="deals per class on the boundary")
    parser.add_argument("--discard-samples", type=int, default=120, help="deals per class for the discard table")
    parser.add_argument("--seed", type=int, default=2029)
    parser.add_argument("--minutes", type=float, default=30, help="no more boundary refinement after this")
    parser.add_argument("--out", type=Path, default=strategy.TABLES)
    args = parser.parse_args()
    start = time.monotonic()
    deadline = start + 60 * args.minutes
    weights = class_weights()
    keys = list(weights)
    tables: dict = {
        "about": strategy.POLICY,
        "seed": args.seed,
        "choices": strategy.CHOICES,
        "classes": [[key, round(w, 7)] for key, w in weights.items()],
    }
    sizes = {"first_call": (args.samples, args.boundary), "answer": (args.samples, args.boundary)}
    sizes["discard"] = (args.discard_samples, args.discard_samples)
    for kind, (samples, boundary) in sizes.items():
        tables[kind] = build_table(kind, keys, samples, boundary, args.seed, deadline)
        print(f"{kind}: {len(keys)} classes, {time.monotonic() - start:.0f} s", flush=True)
    tables["seconds"] = round(time.monotonic() - start)
    args.out.write_text(json.dumps(tables, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) in {tables['seconds']} s")


if __name__ == "__main__":
    main()
