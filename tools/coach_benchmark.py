"""Measure the coach in CPython (a benchmark to read, not a test):

    .venv/bin/python tools/coach_benchmark.py               # 40 deals of each game, every decision of seat 0
    .venv/bin/python tools/coach_benchmark.py --deals 8 --samples 100

Deals of both games are played by the rule bots (four-handed Alkort, Écarté); at every decision of seat 0 the coach
is asked for a hint (``coach.hint``, its default samples unless --samples), and after each deal for a review of
seat 0's decisions (``coach.review``: hints at half the samples, and the hindsight column's double-dummy search
within its node budget). It prints, per game, the hint's time p50/p95, the samples they bought and the typical ±
of the expected points and of the chance of a win (medians over the options shown), the review's time p50/p95
and max, and how many decisions the hindsight column could value exactly. The goals (issue 20): a hint's p95
≤ 1 s, a whole deal's review ≤ 5 s. Times are the process's own processor time (``time.process_time``), so that
other work on a shared machine does not count; the load is printed, as it still slows the caches.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from cardlib import coach, games
from cardlib.tricks import DealState


def bot_deal(key: str, seed: int) -> DealState:
    """A deal of a game played to its end by its rule bots."""
    game = games.get(key)
    state = game.new_deal(seed=seed)
    bots = [game.rule_bot(seat) for seat in range(state.n_players)]
    while not state.is_over:
        seat = state.seat_to_move()
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    return state


def percentile(values: list[float], share: float) -> float:
    """The value below which this share of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(key: str, deals: int, samples: int | None) -> dict[str, Any]:
    """Hint and review times, samples and margins over the decisions of seat 0 in some deals of a game."""
    hints: list[float] = []
    reviews: list[float] = []
    counts: list[int] = []
    margins: list[float] = []
    wins: list[float] = []
    exact = partly = decided = 0
    for seed in range(deals):
        state = bot_deal(key, seed)
        for k, _ in coach.decisions(state, 0):
            start = time.process_time()
            hint = coach.hint(coach.position_at(state, k), 0, samples=samples)
            hints.append(time.process_time() - start)
            counts.append(hint.samples)
            margins.append(statistics.median(e.points_margin for e in hint.options))
            wins.append(statistics.median(e.win_margin for e in hint.options))
        start = time.process_time()
        reviewed = coach.review(state, 0)
        reviews.append(time.process_time() - start)
        decided += len(reviewed)
        exact += sum(not r.hindsight_note for r in reviewed)
        partly += sum(bool(r.hindsight and r.hindsight_note) for r in reviewed)
    return {
        "hint": hints,
        "review": reviews,
        "samples": counts,
        "margin": margins,
        "win": wins,
        "exact": (exact, partly, decided),
    }


def report(key: str, found: dict[str, Any]) -> None:
    """Print one game's figures."""
    hints, reviews = found["hint"], found["review"]
    exact, partly, decided = found["exact"]
    print(f"{games.get(key).name}: {len(hints)} hints over {len(reviews)} deals")
    print(f"  hint    p50 {percentile(hints, 0.5):.2f} s  p95 {percentile(hints, 0.95):.2f} s  max {max(hints):.2f} s")
    print(
        f"  samples median {statistics.median(found['samples']):.0f} (min {min(found['samples'])}); typical ± "
        f"{statistics.median(found['margin']):.2f} points, ± {statistics.median(found['win']):.0%} chance of a win"
    )
    print(
        f"  review  p50 {percentile(reviews, 0.5):.2f} s  p95 {percentile(reviews, 0.95):.2f} s  "
        f"max {max(reviews):.2f} s; hindsight: every option at {exact} of {decided} decisions, some at {partly}"
    )


def main() -> None:
    """Measure every game (or those asked for) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, help="deals of each game (default 40)")
    parser.add_argument("--samples", type=int, default=None, help="worlds per hint (default: the coach's own)")
    parser.add_argument("--games", nargs="*", default=games.keys(), help="the games to measure (default: all)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for key in args.games:
        report(key, measure(key, args.deals, args.samples))


if __name__ == "__main__":
    main()
