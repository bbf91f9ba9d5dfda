"""Écarté: play for the vole, or make sure of the point? Chapter 9's players (section 7), on many more deals.

    nice -n 10 .venv/bin/python tools/vole_or_point.py --deals 20000 --first-seed 10000   # cardlib/ecarte/vole.json
    .venv/bin/python tools/vole_or_point.py --deals 40 --out /tmp/vole.json                  # a quick look

Player 0 is the chapter's ``Aiming`` player (cell ``09-vole-players``, run as the chapter shows it): the rule bot,
except on lead having won every trick so far and fewer than three, the vole alive and the point not yet made. There
it plays every legal card out in the same imagined deals and leads the card best for its aim: **the point** (most
deals with three tricks or more), **the vole** (most deals with all five) or **points** (the most points a deal).
Player 1 is the rule bot; dealers alternate. Every deal is played once by the points player, which notes where the
other aims, and the rule bot ('book'), would have led another card; a deal is played again with another aim only
then (elsewhere it plays the same cards), so every difference is paired over every deal. It writes what the
chapter quotes, and the deals whose points an aim moved, each aim's points in them: the test plays some of them again,
and adds the summary up from them.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chapter_cells import IMPORTS, run_cells

from cardlib import coach, ecarte
from cardlib.ecarte.advice import EcarteRuleBot
from cardlib.players import Bot, play_deal

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "ecarte" / "vole.json"
CHAPTER = run_cells("09-strategy-lab", IMPORTS, "09-vole-players")
AIMS = (*CHAPTER["AIMS"], "book")  # the rule bot's own lead too
PAIRS = (("points", "point"), ("points", "vole"), ("point", "vole"), ("points", "book"), ("point", "book"))


def points_for_player_0(seed: int, player: Bot) -> float:
    """Player 0's points less player 1's in a seeded deal (dealers alternate), player 1 the rule bot."""
    played = play_deal(ecarte.new_deal(dealer=seed % 2, seed=seed), [player, EcarteRuleBot(seed=1)])
    return float(played.points[0] - played.points[1])


def deal_row(seed: int) -> dict[str, Any]:
    """One deal: player 0's points by each aim, and the aims that led differently (the tricks won at the first)."""
    spy = CHAPTER["Aiming"]("points", seed)
    margin = points_for_player_0(seed, spy)
    row: dict[str, Any] = {"seed": seed, **dict.fromkeys(AIMS, margin), "differed": spy.differed}
    for aim in spy.differed:
        row[aim] = points_for_player_0(seed, CHAPTER["Aiming"](aim, seed))
    return row


def paired(rows: list[dict[str, Any]], a: str, b: str) -> dict[str, Any]:
    """The paired difference a - b of player 0's points a deal, its 95 % margin, and the deals whose score moved."""
    gains = [r[a] - r[b] for r in rows]
    mean, margin = coach.mean_and_margin(gains)
    return {"mean": round(mean, 4), "margin": round(margin, 4), "moved": sum(g != 0 for g in gains)}


def share_by_moment(rows: list[dict[str, Any]], aim: str, tricks: int) -> float:
    """The part of the difference points - aim a deal (over every deal) that comes from the deals whose first
    differing lead came after this many tricks won: the parts add up to the whole."""
    moved = [r for r in rows if r["differed"].get(aim) == tricks]
    return round(sum(r["points"] - r[aim] for r in moved) / len(rows), 4)


def summary(rows: list[dict[str, Any]], first_seed: int) -> dict[str, Any]:
    """What the chapter quotes, and the deals whose points an aim moved ([seed, each aim's points])."""
    return {
        "deals": len(rows),
        "first_seed": first_seed,
        "aims": list(AIMS),
        "differences": {f"{a} - {b}": paired(rows, a, b) for a, b in PAIRS},
        "points - vole, by the tricks won at the first differing lead": {
            str(k): share_by_moment(rows, "vole", k) for k in (1, 2)
        },
        "moved_deals": [[r["seed"], *(r[aim] for aim in AIMS)] for r in rows if len({r[aim] for aim in AIMS}) > 1],
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Play the deals and write the summary as JSON (one line per differing deal)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = [deal_row(seed) for seed in range(args.first_seed, args.first_seed + args.deals)]
    result = summary(rows, args.first_seed)
    args.out.write_text(as_json(result), encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "moved_deals"}, ensure_ascii=False, indent=1))


def as_json(result: dict[str, Any]) -> str:
    """The summary as JSON, one line for each deal of ``moved_deals`` (their seeds, for the test that plays some
    again)."""
    head = json.dumps({**result, "moved_deals": []}, ensure_ascii=False, indent=1)
    rows = ",\n  ".join(json.dumps(row) for row in result["moved_deals"])
    return head.replace('"moved_deals": []', f'"moved_deals": [\n  {rows}\n ]') + "\n"


if __name__ == "__main__":
    main()
