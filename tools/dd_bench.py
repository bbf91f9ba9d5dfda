"""How fast is the double-dummy search? A benchmark to read, not a test:

    nice -n 10 .venv/bin/python tools/dd_bench.py                  # all three measures, 10 deals each
    nice -n 10 .venv/bin/python tools/dd_bench.py --deals 20 --only ecarte alkort4

Three measures, each in processor time (``time.process_time``) and positions valued (the search's nodes):

- ``ecarte``: a whole Écarté play phase — every position from the first card played to the last trick, in deals
  played by the rule bots, every legal card of the player to move valued (``doubledummy.option_values``);
- ``alkort4``: four-handed Alkort from each trick on — the position before each trick's lead, likewise;
- ``puzzle``: the puzzle alkort-16-4 (``cardlib/widgets/puzzles.json``): 40 worlds drawn from its seat's view, each
  valued with a budget of 200 000 positions; how many gave up (the issue's figure was 40 of 40).

Measured with ``--deals 5`` on the shared 2-core machine, before the speed-ups of issue 39 and after them (sure tricks
and runs, keys by place and job, the move order, the first guess): alkort4 p50 201 ms to 13 ms, positions p50 7 112
to 150, 10 of 38 gave up to 6; puzzle p50 8 683 ms to 1 932 ms (p95 119 369 positions), 40 of 40 gave up to 1;
ecarte unchanged (p50 0.4 and 0.2 ms, nobody gives up).

It prints the milliseconds per position (p50, p95, max) and how many positions gave up ("not computed"). With
``--record PATH`` it writes instead the values of a fixed set of small positions (``FIXED``) as JSON, for the test
that the search's answers never change (``tests/coach/test_doubledummy_fixed.py``; recorded with the search as it
was before its speed-ups). It uses only
``doubledummy.option_values(position, seat, options, words, budget)``, so it can measure an older checkout too (run
it with that checkout first on ``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Iterator

from cardlib import doubledummy, games
from cardlib.tricks import DealState, action_text, parse_action

BUDGET = 200_000


def bot_played(key: str, seed: int, players: int | None, options: dict | None = None) -> DealState:
    """A deal played to its end by the game's rule bots."""
    game = games.get(key)
    state = game.new_deal(options, players=players, seed=seed)
    bots = [game.rule_bot(seat) for seat in range(state.n_players)]
    while not state.is_over:
        seat = state.seat_to_move()
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    return state


def positions(key: str, players: int | None, deals: int, wanted: Callable[[DealState], bool]) -> Iterator[DealState]:
    """The positions of bot-played deals where ``wanted`` holds and the player to move has a choice of cards."""
    for seed in range(deals):
        final = bot_played(key, seed, players)
        state = final.redeal()
        for move in final.log:
            if wanted(state) and len(state.legal_actions()) > 1:
                yield state.clone()
            state.apply(move)


def valued(state: DealState, budget: int = BUDGET) -> tuple[float, int, bool]:
    """Every legal move of the player to move valued: the processor time, the positions, whether it gave up."""
    seat = state.seat_to_move()
    start = time.process_time()
    _, note, nodes = doubledummy.option_values(state, seat, state.legal_actions(), games.of(state).coach, budget)
    return time.process_time() - start, nodes, bool(note)


def in_play(state: DealState) -> bool:
    """Whether the first card has been played."""
    return bool(state.plays())


def trick_start(state: DealState) -> bool:
    """Whether a trick is about to be led (play has begun, or is about to: the first lead)."""
    return not state.trick and all(type(a).__name__ == "Card" for a in state.legal_actions())


def puzzle_worlds(count: int = 40) -> Iterator[DealState]:
    """Worlds drawn from the view of the puzzle alkort-16-4's seat (seat 3 after four moves of deal 16)."""
    state = games.get("alkort").new_deal(None, players=4, dealer=3, seed=16)
    for move in ("play 9♣", "play 9♠", "play 3♦", "play 6♦"):
        state.apply(parse_action(move))
    view, rng = games.observe(state, 3), random.Random(0)
    for _ in range(count):
        yield games.sample_world(view, rng)


# The fixed set: (game, players, options, deals, the most tricks left): every position where a card is chosen
FIXED: list[tuple[str, int | None, dict, int, int]] = [
    ("ecarte", None, {}, 20, 5),
    ("alkort", 4, {}, 20, 5),
    ("alkort", 2, {}, 20, 6),
    ("alkort", 4, {"draw_after_trick": True}, 6, 4),
    ("alkort", 4, {"seven_lead": "as_rubbish", "lead_rule": "rotate"}, 6, 4),
    ("alkort", 4, {"ranking": "short", "low_eights_ranked": False}, 6, 4),
    ("alkort", 4, {"rubbish_order": "led_suit"}, 6, 4),
]


def fixed_positions() -> Iterator[tuple[dict, DealState]]:
    """The fixed set's positions, each with what rebuilds it: the game, its options, the seed and the moves."""
    for key, players, options, deals, most_left in FIXED:
        for seed in range(deals):
            final = bot_played(key, seed, players, options)
            state = final.redeal()
            for number, move in enumerate(final.log):
                left = max(map(len, state.hands))
                if in_play(state) and left <= most_left and len(state.legal_actions()) > 1:
                    moves = [action_text(m) for m in final.log[:number]]
                    yield {"game": key, "players": players, "options": options, "seed": seed, "moves": moves}, state
                state.apply(move)


def record(path: str) -> None:
    """Write the fixed set's positions and each legal move's value (as the search finds them) to a JSON file."""
    found = []
    for where, state in fixed_positions():
        seat = state.seat_to_move()
        legal = state.legal_actions()
        values, note, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach, BUDGET)
        if not note:
            found.append({**where, "values": {action_text(m): v for m, v in values.items()}})
    with open(path, "w", encoding="utf-8") as out:  # a position a line: a change reads as a diff of positions
        out.write("[\n" + ",\n".join(json.dumps(f, ensure_ascii=False) for f in found) + "\n]\n")
    print(f"{len(found)} positions recorded in {path}")


def percentile(values: list[float], share: float) -> float:
    """The value below which this share of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(label: str, found: list[tuple[float, int, bool]]) -> str:
    """One line: positions, ms per position p50/p95/max, positions valued p50/p95, and how many gave up."""
    times = [t * 1000 for t, _, _ in found]
    nodes = [float(n) for _, n, _ in found]
    return (
        f"{label}: {len(found)} positions; ms per position p50 {percentile(times, 0.5):.1f}, p95 "
        f"{percentile(times, 0.95):.1f}, max {max(times):.0f}; nodes p50 {percentile(nodes, 0.5):.0f}, p95 "
        f"{percentile(nodes, 0.95):.0f}; gave up at {sum(g for _, _, g in found)}"
    )


def main() -> None:
    """Run the measures asked for and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10, help="bot-played deals per game (default 10)")
    parser.add_argument("--worlds", type=int, default=40, help="worlds of the puzzle (default 40)")
    parser.add_argument("--only", nargs="*", default=["ecarte", "alkort4", "puzzle"], help="measures to run")
    parser.add_argument("--record", metavar="PATH", help="write the fixed set's values to this JSON file instead")
    args = parser.parse_args()
    if args.record:
        record(args.record)
        return
    measures: dict[str, Callable[[], Iterator[DealState]]] = {
        "ecarte": lambda: positions("ecarte", None, args.deals, in_play),
        "alkort4": lambda: positions("alkort", 4, args.deals, trick_start),
        "puzzle": lambda: puzzle_worlds(args.worlds),
    }
    for label in args.only:
        print(report(label, [valued(state) for state in measures[label]()]), flush=True)


if __name__ == "__main__":
    main()
