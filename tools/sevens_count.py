"""Alkort: does counting the Sevens gone pay? Chapter 9's players (section 5), on many more deals.

    nice -n 10 .venv/bin/python tools/sevens_count.py --deals 8000        # writes cardlib/alkort/sevens_count.json
    .venv/bin/python tools/sevens_count.py --deals 40 --out /tmp/sevens.json   # a quick look

Four ways to play player 0's side (seats 0 and 2 with four players, seat 0 in the duel), the chapter's own (cell
``09-sevens-count-players``, run as the chapter shows it), the other side the rule bot: the rule bot, which on lead
with no Seven to cash and no card nobody can beat leads its cheapest card to save its good ones; ``LeadsItsBest``,
which leads its best card there instead; ``CountsTheSevens``, which does so only while a Seven is still out against
it; and ``LeadsItsBestSavingKD``, its best card but K♦. Every deal is played by all four, so the differences are
paired. And one decision at a time: at each such lead of the rule bot's in player 0's side, the deal is played on
from there twice, the cheap lead and the best card, the rest by the rule bots, and the difference is sorted by how
many Sevens were out against the leader: what the count tells about the lead.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chapter_cells import IMPORTS, run_cells

from cardlib import alkort, coach, games
from cardlib.alkort.advice import AlkortRuleBot
from cardlib.players import next_move, play_deal
from cardlib.tricks import DealState

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "alkort" / "sevens_count.json"
CHAPTER = run_cells("09-strategy-lab", IMPORTS, "09-sevens-count-players")
PLAYERS = {
    "rule bot": AlkortRuleBot,
    "best card": CHAPTER["LeadsItsBest"],
    "counting": CHAPTER["CountsTheSevens"],
    "best card but K♦": CHAPTER["LeadsItsBestSavingKD"],
}
PAIRS = (
    ("counting", "rule bot"),
    ("counting", "best card"),
    ("best card", "rule bot"),
    ("best card but K♦", "rule bot"),
    ("best card", "best card but K♦"),
)
KEPT_ROWS = 40  # the first deals' points, kept for the test that plays them again


def our_seats(players: int) -> tuple[int, ...]:
    """Player 0's side: seats 0 and 2 with four players, seat 0 in the duel."""
    return (0, 2) if players == 4 else (0,)


def margin(state: DealState) -> float:
    """Player 0's side's points less the other side's."""
    side = state.side_of(0)
    return float(state.points[side] - state.points[1 - side])


def side_points(seed: int, players: int, player: type[AlkortRuleBot]) -> float:
    """A seeded deal (dealers in turn), player 0's side played by ``player``, the other side by the rule bot."""
    bots = [(player if seat in our_seats(players) else AlkortRuleBot)(seed=seat) for seat in range(players)]
    return margin(play_deal(alkort.new_deal(players=players, seed=seed, dealer=seed % players), bots))


def lead_gains(seed: int, players: int) -> list[tuple[int, float]]:
    """At each cheap lead of player 0's side in a rule bots' deal: the Sevens out against the leader, and what
    leading the best card instead gained, the rest played by the rule bots."""
    bots = [AlkortRuleBot(seed=seat) for seat in range(players)]
    state, branches = alkort.new_deal(players=players, seed=seed, dealer=seed % players), []
    best_player = CHAPTER["LeadsItsBest"](seed=0)
    while not state.is_over:
        seat, decision = next_move(state, bots)
        if seat in our_seats(players) and not state.trick:
            view = games.observe(state, seat)
            best = best_player.choose(view).action
            if best != decision.action:
                other = state.clone()
                other.apply(best)
                branches.append((CHAPTER["sevens_out"](view), margin(play_deal(other, bots))))
        state.apply(decision.action)
    return [(out, points - margin(state)) for out, points in branches]


def by_sevens_out(gains: list[tuple[int, float]]) -> dict[str, Any]:
    """The mean gain of the best card over the cheap lead, by Sevens out against the leader (0, 1, 2 or more)."""
    found = {}
    for label, wanted in (("0", {0}), ("1", {1}), ("2 or more", {2, 3, 4})):
        chosen = [g for out, g in gains if out in wanted]
        mean, half = coach.mean_and_margin(chosen) if len(chosen) > 1 else (0.0, float("inf"))
        found[label] = {"leads": len(chosen), "mean": round(mean, 4), "margin": round(half, 4)}
    return found


def measured(players: int, deals: int, first_seed: int) -> dict[str, Any]:
    """Every deal played by the three players, and every cheap lead played both ways."""
    seeds = range(first_seed, first_seed + deals)
    points = {name: [side_points(seed, players, player) for seed in seeds] for name, player in PLAYERS.items()}
    differences = {}
    for a, b in PAIRS:
        gains = [x - y for x, y in zip(points[a], points[b])]
        mean, half = coach.mean_and_margin(gains)
        differences[f"{a} - {b}"] = {"mean": round(mean, 4), "margin": round(half, 4), "moved": sum(map(bool, gains))}
    leads = [gain for seed in seeds for gain in lead_gains(seed, players)]
    rows = [[seed, *(points[name][i] for name in PLAYERS)] for i, seed in enumerate(seeds[:KEPT_ROWS])]
    return {"deals": deals, "differences": differences, "lead by sevens out": by_sevens_out(leads), "rows": rows}


def main(argv: Sequence[str] | None = None) -> None:
    """Measure for four players and for two, and write the JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=8000)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    result = {
        "first_seed": args.first_seed,
        "players": list(PLAYERS),
        "by players": {str(n): measured(n, args.deals, args.first_seed) for n in (4, 2)},
    }
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, ensure_ascii=False, indent=1)[:3000])


if __name__ == "__main__":
    main()
