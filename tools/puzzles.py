"""Find the course's puzzles: positions from real deals where one option beats every other by far more than its ±.

    nice -n 10 .venv/bin/python tools/puzzles.py      # writes cardlib/widgets/puzzles_data.py

(``make puzzles`` runs it.) Deals are played by the rule bots; at every decision the coach is asked from the
mover's view with a few samples, and a position whose best option leads the next best by more than twice the
paired ± is asked again with many more worlds (``--confirm``, another seed). It is kept only if the same option
is still best and leads the next by more than three times the paired ±. Each puzzle gets a theme (what the
decision is about) and a level (how clear the answer is: level 1 leads by a point or more). Bounded by
``--deals`` and ``--seconds``.
"""

from __future__ import annotations

import argparse
import pprint
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardlib import ACCEPT, PROPOSE, REFUSE, Discard, Exchange, alkort, coach, games
from cardlib.bots import make_bot
from cardlib.cards import Card
from cardlib.players import next_move
from cardlib.tricks import DealState, action_text

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "widgets" / "puzzles_data.py"
GAMES = (("alkort", 4), ("ecarte", 2))


def theme(state: DealState, seat: int, options: list[Any]) -> str:
    """What the decision is about, from its options and the position."""
    actions = set(options)
    if any(isinstance(a, Exchange) for a in actions) or actions & {PROPOSE, ACCEPT, REFUSE}:
        return "the exchange"
    if any(isinstance(a, Discard) for a in actions):
        return "the discard"
    trick = list(getattr(state, "trick", []))
    if state.n_players == 2:
        return "heading the trick" if trick else "the lead"
    if not trick and any(isinstance(a, Card) and a.rank == "7" for a in actions):
        return "leading a Seven"
    if Card("K", "♦") in actions:
        return "when K♦ should go"
    return partnership_theme(state, seat, trick)


def partnership_theme(state: Any, seat: int, trick: list[Card]) -> str:
    """A play decision in the four-handed game: leaving a trick the partner is winning, counting on the card he
    showed (still in his hand, and he is still to play to this trick), or plainly taking a trick."""
    players, leader, partner = state.n_players, state.leader, state.partner(seat)
    in_turn = [(leader + i) % players for i in range(players)]
    if trick and in_turn[alkort.trick_winner(trick, state.has_won[leader], not state.tricks, state.options)] == partner:
        return "leaving a trick to the partner"
    shown = state.shown_to(seat).get(partner) or []
    still_to_play = in_turn[len(trick) + 1 :]
    if partner in still_to_play and any(c in state.hands[partner] for c in shown):
        return "the partner's card"
    return "taking a trick"


def lead_of(hint: coach.Hint) -> tuple[float, float]:
    """How far the best option leads the next best, in points a deal, and the paired ± of that lead."""
    first, second = hint.options[0].action, hint.options[1].action
    return coach.mean_and_margin([a - b for a, b in zip(hint.outcomes[first], hint.outcomes[second])])


def clear(hint: coach.Hint, times: float) -> bool:
    """Whether one option beats every other by more than ``times`` its paired ±."""
    if len(hint.options) < 2 or len(hint.best) != 1:
        return False
    lead, margin = lead_of(hint)
    return lead > times * margin


def puzzle(state: DealState, seat: int, moves: list[str], spec: dict[str, Any], confirm: int) -> dict | None:
    """The puzzle at this position, confirmed with many more worlds; None if the answer does not stand."""
    hint = coach.hint(state, seat, samples=confirm, seed=1)
    if not clear(hint, 3.0):
        return None
    lead, margin = lead_of(hint)
    options = [
        {"option": coach.option_text(e.action), "points": round(e.points, 2), "margin": round(e.points_margin, 2)}
        for e in hint.options
    ]
    level = 1 if lead >= 1.0 else 2 if lead >= 0.5 else 3
    return {
        **spec,
        "moves": list(moves),
        "seat": seat,
        "theme": theme(state, seat, [e.action for e in hint.options]),
        "options": options,
        "answer": coach.option_text(hint.options[0].action),
        "lead": round(lead, 2),
        "lead_margin": round(margin, 2),
        "samples": hint.samples,
        "level": level,
    }


def puzzles_of_deal(game: str, players: int, seed: int, samples: int, confirm: int) -> list[dict]:
    """Every puzzle of one deal played by the rule bots."""
    state = games.get(game).new_deal(None, players, dealer=players - 1, seed=seed)
    bots = [make_bot("rules", game, seed=s) for s in range(players)]
    spec = {"game": game, "players": players, "seed": seed, "dealer": players - 1}
    found: list[dict] = []
    moves: list[str] = []
    while not state.is_over:
        seat, decision = next_move(state, bots)
        if clear(coach.hint(state, seat, samples=samples, seed=0), 2.0):
            kept = puzzle(state, seat, moves, spec, confirm)
            found += [kept] if kept else []
        moves.append(action_text(decision.action))
        state.apply(decision.action)
    return found


def main(argv: list[str] | None = None) -> int:
    """Search the deals of each game, within the budget, and write the data module."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    parser.add_argument("--samples", type=int, default=60, help="worlds for the first look (default 60)")
    parser.add_argument("--confirm", type=int, default=400, help="worlds to confirm a puzzle (default 400)")
    parser.add_argument("--seconds", type=float, default=300, help="time budget per game (default 300)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the data module")
    parser.add_argument("--games", nargs="*", default=[], help="only these games (default: all)")
    args = parser.parse_args(argv)
    found: list[dict] = []
    for game, players in GAMES:
        if args.games and game not in args.games:
            continue
        start = time.perf_counter()
        for seed in range(args.deals):
            if time.perf_counter() - start > args.seconds:
                break
            found += puzzles_of_deal(game, players, seed, args.samples, args.confirm)
        print(f"{game}: {sum(p['game'] == game for p in found)} puzzles, {time.perf_counter() - start:.0f} s")
    text = pprint.pformat(found, width=110, sort_dicts=False)
    args.out.write_text(
        f'"""The puzzles, found by tools/puzzles.py (make puzzles): do not edit by hand."""\n\nPUZZLES = {text}\n',
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", str(args.out)], check=False)  # as CI checks it
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
