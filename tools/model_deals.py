"""Compute the course's model deals: whole deals played by the Monte Carlo bot, each move annotated by the coach.

    nice -n 10 .venv/bin/python tools/model_deals.py            # writes cardlib/widgets/model_deals.json

(``make model-deals`` runs it.) Every seat is a Monte Carlo bot; at every move the coach is asked about the
mover's options from the mover's own view, with ``--samples`` imagined deals, and the move gets a note when the
coach can tell its options apart (one of them is better than another by more than the paired ±), in the words of
``model_deals_words.py``: options it cannot tell apart are too close to tell, and a move it calls best says why.
Where the coach finds the bot's move clearly worse than its best, the deal plays the coach's best: a deal "played
well" never makes a move its own note calls worse. Bounded: a few
deals, one coach question a move, and the check of each best move with the rest played well (exact endings, and the
Monte Carlo bot at every seat): about twenty minutes on one busy core. The widget
(``cardlib.widgets.model_deal.ModelDeal``) only replays the result.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from data_file import write_data_file
from model_deals_words import note_lesson, verdict_words, with_table

from cardlib import coach, games
from cardlib.bots import MonteCarloBot
from cardlib.players import next_move
from cardlib.tricks import Action, DealState, action_text

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "widgets" / "model_deals.json"
# (game, players, seed, dealer, title, what to watch for)
DEALS = [
    ("alkort", 4, 11, 3, "Alkort: a deal played well", "Four Monte Carlo bots; you watch from every seat."),
    ("alkort", 4, 23, 3, "Alkort: another deal played well", "Watch the partners help each other."),
    ("ecarte", 2, 5, 0, "Écarté: a deal played well", "Two Monte Carlo bots: the call, the exchange, the play."),
    ("ecarte", 2, 17, 0, "Écarté: another deal played well", "Watch when the coach can tell the options apart."),
]


def note(
    state: DealState, seat: int, hint: coach.Hint, deal: dict[str, Any], moves: list[str]
) -> dict[str, Any] | None:
    """The coach's numbers for the mover's options, in honest words, when it can tell some apart (None when it can
    tell none); where one move is best, why in words, the line that shows it, and whether it holds played well."""
    if len(hint.options) < 2 or len(hint.best) == len(hint.options):
        return None
    options = [
        {
            "option": coach.option_text(e.action),
            "points": round(e.points, 2),
            "margin": round(e.points_margin, 2),
            "win": round(e.win, 3),
            "win_margin": round(e.win_margin, 3),
        }
        for e in hint.options[:4]
    ]
    why = with_table(state, seat, verdict_words(state, hint))
    lesson = note_lesson(deal, moves, state, seat, hint) if len(hint.best) == 1 else {}
    return {"samples": hint.samples, "why": why, **lesson, "options": options}


def played_well(state: DealState, seat: int, chosen: Action, hint: coach.Hint) -> Action:
    """The move a deal played well makes: the bot's, unless the coach finds it clearly worse than its best (then the
    coach's best, so that no note calls another move best than the one played)."""
    best = hint.best[0]
    if chosen in hint.best or best not in state.legal_actions(seat):  # as good as the best, or the best is to wait
        return chosen
    return best


def model_deal(spec: tuple[str, int, int, int, str, str], samples: int) -> dict[str, Any]:
    """One deal, played by Monte Carlo bots, with the coach's note at each move."""
    game, players, seed, dealer, title, about = spec
    state = games.get(game).new_deal(None, players, dealer=dealer, seed=seed)
    bots = [MonteCarloBot(seed=seat) for seat in range(players)]
    head = {"game": game, "players": players, "seed": seed, "dealer": dealer, "options": {}}
    moves: list[dict[str, Any]] = []
    while not state.is_over:
        seat, decision = next_move(state, bots)
        hint = coach.hint(state, seat, samples=samples, seed=0)
        move = played_well(state, seat, decision.action, hint)
        said = note(state, seat, hint, head, [m["move"] for m in moves])
        moves.append({"seat": seat, "move": action_text(move), "note": said})
        state.apply(move)
    return {**head, "title": title, "about": about, "moves": moves}


def main(argv: list[str] | None = None) -> int:
    """Compute every model deal and write them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="imagined deals per coach question (default 200)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the model deals (JSON)")
    parser.add_argument("--games", nargs="*", default=[], help="only these games (default: all)")
    args = parser.parse_args(argv)
    deals = []
    for spec in DEALS:
        if args.games and spec[0] not in args.games:
            continue
        start = time.perf_counter()
        deals.append(model_deal(spec, args.samples))
        print(f"{spec[4]}: {len(deals[-1]['moves'])} moves in {time.perf_counter() - start:.0f} s", flush=True)
    about = "The model deals, computed by tools/model_deals.py (make model-deals): do not edit by hand."
    write_data_file(args.out, about, deals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
