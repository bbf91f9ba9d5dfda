"""Écarté: chapter 11's close calls, measured on enough deals to decide them, saved for the chapter to quote.

    nice -n 10 .venv/bin/python tools/close_calls.py        # cardlib/ecarte/close_calls.json (about 10 s)

Two of chapter 11's figures need tens of thousands of deals, several seconds of a learner's machine: the two hands
whose throw seemed to decide against the book (12 000 fresh deals of each class, the table's throw less the book's)
and the two close calls of the drill (40 000 deals each). This tool measures them, paired (both choices on the same
deals, drawn by ``strategy.class_rows`` from the seeds the chapter names), and saves each with the same figures for
its first ``AGAIN`` deals: the chapter plays those again and shows that they come out as saved, and
tests/ecarte_strategy/test_close_calls.py measures the whole runs again.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardlib import coach
from cardlib.ecarte import strategy

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "ecarte" / "close_calls.json"
AGAIN = 1_000  # deals of each run the chapter plays again
CLOSE_SEED, CLOSE_DEALS = "chapter 11: deciding the close calls", 40_000
DISCARD_SEED, DISCARD_DEALS = "chapter 11: the deciding hands again", 12_000
# (decision, hand class, the columns compared: first less second, the seat whose points count)
CLOSE = (("first_call", "x / QJx x -", (0, 1), 0), ("answer", "x / KQ xx -", (0, 1), 1))


def paired_gain(kind: str, key: str, columns: tuple[int, int], seat: int, deals: int, seed: str) -> list[float]:
    """The first choice's net points less the second's for ``seat``, deal by deal, on the same deals of the class:
    the mean and its 95 % margin (rounded as saved)."""
    rows = strategy.class_rows(kind, key, deals, seed=seed)
    first, second = columns
    gains = [strategy.net_points(r[first], seat) - strategy.net_points(r[second], seat) for r in rows]
    return [round(value, 4) for value in coach.mean_and_margin(gains)]


def measured(kind: str, key: str, columns: tuple[int, int], seat: int, deals: int, seed: str) -> dict[str, Any]:
    """One run, and its first ``AGAIN`` deals alone."""
    return {
        "kind": kind,
        "columns": list(columns),
        "seat": seat,
        "deals": deals,
        "seed": seed,
        "gain": paired_gain(kind, key, columns, seat, deals, seed),
        "first": paired_gain(kind, key, columns, seat, AGAIN, seed),
    }


def deciding_discards() -> list[tuple[str, tuple[int, int]]]:
    """The two hands of the table's discard rows that seemed to decide against the book: (class, (the table's
    throw, the book's) as columns)."""
    discard = next(c for c in strategy.tables()["books"]["claims"] if c["decision"] == "discard")
    found = []
    for text, book, best, _, _ in discard["deciding"][:2]:
        found.append((text.split(" (")[0], (int(best.split()[-1]) - 1, int(book.split()[-1]) - 1)))
    return found


def runs() -> dict[str, Any]:
    """Every run the chapter quotes, by hand class."""
    close = {key: measured(kind, key, columns, seat, CLOSE_DEALS, CLOSE_SEED) for kind, key, columns, seat in CLOSE}
    discards = {
        key: measured("discard", key, columns, 0, DISCARD_DEALS, DISCARD_SEED) for key, columns in deciding_discards()
    }
    return {"again": AGAIN, "close": close, "discard": discards}


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every run and write them as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = json.dumps(runs(), ensure_ascii=False, indent=1) + "\n"
    args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
