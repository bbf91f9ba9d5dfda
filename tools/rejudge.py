"""Re-judge the puzzles under stronger play: does each answer still win when the rest of the deal is played well?

    nice -n 10 .venv/bin/python tools/rejudge.py              # every puzzle: holds, fails, or not re-judged, and why
    nice -n 10 .venv/bin/python tools/rejudge.py --drop       # and drop from puzzles.json those that fail
    nice -n 10 .venv/bin/python tools/rejudge.py --worlds 400 # each gain with a narrower ± (the test uses WORLDS)
    nice -n 10 .venv/bin/python tools/rejudge.py --continuation strong --worlds 100 --save  # the bots play on (saved)

A puzzle's answer was found by the coach, which imagines the rest of each deal played by the book (the rule bots). An
answer can then reward the book's habits: alkort-16-4 led K♦ "by 1.33 points", but leading 7♦ (or 2♥) and cashing
K♦ later scores the same in every world once the rest is played well; the rule bot just never cashes it. So here
every puzzle is played out again in ``WORLDS`` worlds drawn from the puzzle's seat's view, the answer and the
runner-up, with the rest played well: its last ``EXACT_FROM`` tricks **solved exactly** (``doubledummy``: every
player best, every card seen), and before them, in the earlier puzzles of four-handed Alkort and Écarté's calls, the
book (an exact search of seven or more tricks of four-handed Alkort is beyond a test's time in Python). The answer
*holds* when it gains on the runner-up on average there (``holds``). An exact ending is the opposite bias to the
book's (every player sees every card), so an answer that holds under both does not rest on either's habits; one
that fails is dropped, as its answer depends on how the rest is played (``--drop``).

The exact ending is not the only stronger play: with ``--continuation strong`` (or ``mc``) the rest of each world is
played by that bot at every seat, each deciding from its own view of the world, as at a table
(``coach.BOT_CONTINUATIONS``); the saved re-judging that the puzzles must pass is the strong bot's (``PLAYED_ON``).
A bot plays worse than an exact ending and its play-outs are noisier, so there an answer *holds* only when it gains
**beyond its ±** (the lower end of the 95 % interval of the paired gain above 0): "too close to tell" is not
"holds". Each such play-out is a search of its own, far too slow for a test run, so ``--save`` writes every
puzzle's gains world by world to ``rejudged.json`` beside the puzzles; the test reads them, checks that every puzzle
there holds, and plays some of those worlds again to see that they were played as saved.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardlib import coach, games
from cardlib.bots import montecarlo
from cardlib.cards import Card
from cardlib.margins import signed
from cardlib.tricks import DealState
from cardlib.widgets import data, puzzles

sys.path.insert(0, str(Path(__file__).resolve().parent))
from data_file import write_data_file  # noqa: E402  (beside this script, as the other tools import it)

EXACT_FROM = 6  # the last tricks solved exactly (all of them from a hand of this many cards)
WORLDS = 8  # worlds per puzzle (the same for the answer and the runner-up)
SAVED = Path(puzzles.__file__).with_name("rejudged.json")  # the bots' re-judging, world by world (--save)
PLAYED_ON = "strong"  # the bot whose saved re-judging the puzzles must pass (make puzzles; the test)


def exactly_rejudged(state: DealState) -> bool:
    """Whether a position's whole rest is solved exactly: its last EXACT_FROM tricks, cards only."""
    if state.is_over or len(state.hands[state.seat_to_move()]) > EXACT_FROM:
        return False
    return all(type(a) is Card for a in state.legal_actions())


def gains_played_well(
    puzzle: Mapping[str, Any], worlds: int = WORLDS, seed: int = 0, continuation: str = "exact"
) -> list[float]:
    """Per world, the answer's points less the runner-up's, the rest played well (by default its last EXACT_FROM
    tricks exact; or ``continuation``, a bot at every seat)."""
    state, seat = puzzles.position(puzzle), puzzle["seat"]
    answer, runner = puzzles.parsed_option(puzzle["answer"]), puzzles.parsed_option(puzzle["options"][1]["option"])
    imagination = montecarlo.Imagination(games.observe(state, seat), random.Random(seed))
    gains = []
    for _ in range(worlds):
        world = imagination.world()
        values = [coach.outcome(world, move, seat, continuation, EXACT_FROM) for move in (answer, runner)]
        gains.append(values[0] - values[1])
    return gains


def holds(gains: Sequence[float], continuation: str = "exact") -> bool:
    """Whether an answer still gains on the runner-up when the rest is played well: on average with the rest exact,
    beyond its ± with a bot playing on (whose play-outs are noisier)."""
    if continuation in coach.BOT_CONTINUATIONS:
        mean, margin = coach.mean_and_margin(gains)
        return mean - margin > 0
    return statistics.fmean(gains) > 0


def rest_played(puzzle: Mapping[str, Any], continuation: str) -> str:
    """How the rest of a puzzle's worlds is played, in words."""
    if continuation in coach.BOT_CONTINUATIONS:
        return f"{puzzles.BOTS_PLAYING_ON[continuation]} at every seat"
    return "whole rest exact" if exactly_rejudged(puzzles.position(puzzle)) else f"last {EXACT_FROM} tricks exact"


def saved_record(puzzle: Mapping[str, Any], gains: Sequence[float], continuation: str) -> dict[str, Any]:
    """What --save keeps of one puzzle's re-judging: which answer against which option, how, and every world's gain."""
    mean, margin = coach.mean_and_margin(gains)
    return {
        "puzzle": puzzles.puzzle_id(puzzle),
        "answer": puzzle["answer"],
        "runner_up": puzzle["options"][1]["option"],
        "continuation": continuation,
        "gain": round(mean, 3),
        "margin": round(margin, 3),
        "verdict": "holds" if holds(gains, continuation) else "fails",
        "gains": list(gains),
    }


def verdicts(
    items: Sequence[Mapping[str, Any]], worlds: int = WORLDS, continuation: str = "exact", saved: list | None = None
) -> dict[str, str]:
    """Each puzzle's verdict by its name, 'holds' or 'fails', printed with its mean gain, its paired ± and how its
    rest was played (each puzzle's record appended to ``saved`` if given)."""
    found = {}
    for puzzle in items:
        gains = gains_played_well(puzzle, worlds, continuation=continuation)
        name = puzzles.puzzle_id(puzzle)
        found[name] = "holds" if holds(gains, continuation) else "fails"
        print(
            f"{name:>16} {puzzle['answer']:<28} {found[name]} "
            f"(gain {signed(*coach.mean_and_margin(gains), samples=len(gains), unit='worlds')} in {len(gains)} worlds, "
            f"{rest_played(puzzle, continuation)})",
            flush=True,
        )
        if saved is not None:
            saved.append(saved_record(puzzle, gains, continuation))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Re-judge every puzzle; with --drop, write puzzles.json without those that fail; with --save, keep the gains."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--drop", action="store_true", help="drop the puzzles that fail from puzzles.json")
    parser.add_argument("--worlds", type=int, default=WORLDS, help=f"worlds per puzzle (default {WORLDS})")
    parser.add_argument("--continuation", choices=("exact", *coach.BOT_CONTINUATIONS), default="exact")
    parser.add_argument("--save", action="store_true", help=f"write every puzzle's gains to {SAVED.name}")
    parser.add_argument("--only", nargs="*", default=(), help="re-judge only these puzzles (by name)")
    args = parser.parse_args(argv)
    items = [p for p in data.items("puzzles") if not args.only or puzzles.puzzle_id(p) in args.only]
    saved: list[dict[str, Any]] = []
    found = verdicts(items, args.worlds, args.continuation, saved)
    counts = {v: list(found.values()).count(v) for v in ("holds", "fails")}
    print(", ".join(f"{n} {v}" for v, n in counts.items()))
    if args.save:
        about = "Every puzzle re-judged with a bot playing on, world by world (tools/rejudge.py --save): do not edit."
        write_data_file(SAVED, about, saved)
    if args.drop:
        kept = [p for p in data.items("puzzles") if found.get(puzzles.puzzle_id(p)) != "fails"]
        about = "The puzzles, found by tools/puzzles.py (make puzzles): do not edit by hand."
        write_data_file(Path(puzzles.__file__).with_name("puzzles.json"), about, kept)


if __name__ == "__main__":
    main()
