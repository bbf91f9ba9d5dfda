"""Find the course's puzzles: positions from real deals where one option beats every other by far more than its ±.

    nice -n 10 .venv/bin/python tools/puzzles.py      # writes cardlib/widgets/puzzles.json

(``make puzzles`` runs it.) Deals are played by the rule bots; at every decision (the mover's, and any seat's
move offered out of turn, such as Alkort's worthless hand taking the stock) the coach is asked from that seat's
view with a few samples, and a position whose best option leads the next best by more than twice the paired ± is
asked again with many more worlds (``--confirm``, another seed). It is kept only if the same option is still best
and leads the next by more than three times the paired ±. Each puzzle gets a situation (what the decision is about)
and a level (how clear the answer is: level 1 leads by a point or more), then its principle (the lesson, from the
course's list in cardlib/widgets/principles.py), the theme of that principle, and a line (the answer and the next
best played out in a typical imagined deal): see tools/puzzle_lessons.py. A theme answered one way in more than
60 % of its puzzles is a drill: its duplicates are dropped. ``--annotate`` does only that to the puzzles in
``--out``. Bounded by ``--deals`` and ``--seconds``.

A rare situation is searched for on its own and added to the puzzles already found (``--add``): ``--situations``
asks the coach only at decisions of those situations, ``--first-seed`` starts past the deals already searched, and
``--stock-deals`` keeps only the deals that offer a worthless hand the stock (one deal in about 500). Écarté's "the
vole or the point" is a lead with every trick won so far, one or two, where chapter 9's card surest of the point is
not its card likeliest to take the vole (section 7). The book overrates the vole there (the rule bot defends badly
against it) and an exact ending, every card seen, leans the other way, so ``--holds-under`` keeps a puzzle only if
its answer also beats the runner-up beyond its ± with the rest played the other way; ``--seeds`` searches only the
deals given (``make puzzles`` lists those of a longer search that gave a puzzle).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from data_file import write_data_file
from puzzle_lessons import aim_cards, annotated, varied

from cardlib import ACCEPT, PROPOSE, REFUSE, Discard, Exchange, alkort, coach, games
from cardlib.bots import make_bot
from cardlib.cards import Card
from cardlib.players import next_move
from cardlib.tricks import DealState, action_text
from cardlib.widgets.puzzles import puzzle_id

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "widgets" / "puzzles.json"
STOCK = "what to keep when taking the stock"
RUN = "breaking the other side's run"
VOLE = "the vole or the point"


def situation(state: DealState, seat: int, options: list[Any]) -> str:
    """What the decision is about, from its options and the position."""
    actions = set(options)
    if any(isinstance(a, Exchange) for a in actions):
        return STOCK
    if actions & {PROPOSE, ACCEPT, REFUSE}:
        return "the exchange"
    if any(isinstance(a, Discard) for a in actions):
        return "the discard"
    trick = list(getattr(state, "trick", []))
    if state.n_players == 2:
        if not trick and aim_cards(state, seat) is not None:
            return VOLE  # the card surest of the point is not the one likeliest to take the vole
        return "heading the trick" if trick else "the lead"
    if other_sides_run(state, seat):
        return RUN
    if not trick and any(isinstance(a, Card) and a.rank == "7" for a in actions):
        return "leading a Seven"
    if Card("K", "♦") in actions:
        return "when K♦ should go"
    return partnership_situation(state, seat, trick)


def other_sides_run(state: Any, seat: int) -> bool:
    """Whether the other side has taken every trick so far, two or more: a múk or a stroke until a trick breaks it
    (*að slíta*, book/glossary.md)."""
    sides = state.trick_sides
    return len(sides) >= 2 and all(side != state.side_of(seat) for side in sides)


def partnership_situation(state: Any, seat: int, trick: list[Card]) -> str:
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


def holds_under(state: DealState, seat: int, hint: coach.Hint, worlds: int, continuation: str) -> bool:
    """Whether the hint's answer still beats its runner-up by more than the paired ± with the rest of the deal played
    the other way (``--holds-under``)."""
    first, second = hint.options[0].action, hint.options[1].action  # only these two: a bot's play-outs are slow
    other, _note = coach.played_in_worlds(games.observe(state, seat), [first, second], worlds, 1, continuation)
    lead, margin = coach.mean_and_margin([a - b for a, b in zip(other[first], other[second])])
    return lead > margin


def puzzle(
    state: DealState,
    seat: int,
    moves: list[str],
    spec: dict[str, Any],
    confirm: int,
    continuation: str = "book",
    holding: Sequence[str] = (),
    holds_worlds: int = 0,
) -> dict | None:
    """The puzzle at this position, confirmed with many more worlds (and holding with the rest played each of the
    ``holding`` ways, in ``holds_worlds`` worlds or ``confirm``); None if the answer does not stand."""
    hint = coach.hint(state, seat, samples=confirm, seed=1, continuation=continuation)
    held = (holds_under(state, seat, hint, holds_worlds or confirm, other) for other in holding)
    if not clear(hint, 3.0) or not all(held):
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
        "situation": situation(state, seat, [e.action for e in hint.options]),
        "options": options,
        "answer": coach.option_text(hint.options[0].action),
        "lead": round(lead, 2),
        "lead_margin": round(margin, 2),
        "samples": hint.samples,
        "level": level,
    }


def deciding(state: DealState) -> list[int]:
    """The seats with a decision now: any offered a move out of turn (next_move asks them first), then the mover."""
    turn = state.current_player
    assert turn is not None
    return [s for s in range(state.n_players) if s != turn and state.legal_actions(s)] + [turn]


def puzzle_here(state: DealState, moves: list[str], spec: dict[str, Any], search: argparse.Namespace) -> dict | None:
    """The first puzzle at this position, of a seat with a decision (of the situations searched for, if any)."""
    for seat in deciding(state):
        options = coach.options_of(games.observe(state, seat))
        if search.situations and situation(state, seat, options) not in search.situations:
            continue
        if clear(coach.hint(state, seat, samples=search.samples, seed=0, continuation=search.continuation), 2.0):
            found = puzzle(
                state, seat, moves, spec, search.confirm, search.continuation, search.holds_under, search.holds_worlds
            )
            if found:
                return found  # one a position: a puzzle is named by its deal and its moves
    return None


def puzzles_of_deal(game: str, players: int, seed: int, search: argparse.Namespace) -> list[dict]:
    """Every puzzle of one deal played by the rule bots."""
    state = games.get(game).new_deal(None, players, dealer=players - 1, seed=seed)
    bots = [make_bot("rules", game, seed=s) for s in range(players)]
    spec = {"game": game, "players": players, "seed": seed, "dealer": players - 1}
    found: list[dict] = []
    moves: list[str] = []
    while not state.is_over:
        kept = puzzle_here(state, moves, spec, search)
        found += [kept] if kept else []
        _seat, decision = next_move(state, bots)
        moves.append(action_text(decision.action))
        state.apply(decision.action)
    return found


def offers_the_stock(game: str, players: int, seed: int) -> bool:
    """Whether a seat may take the stock as the deal begins (Alkort's worthless hand)."""
    state = games.get(game).new_deal(None, players, dealer=players - 1, seed=seed)
    return any(isinstance(a, Exchange) for s in range(players) for a in state.legal_actions(s))


def seeds(game: str, players: int, search: argparse.Namespace) -> Iterator[int]:
    """The deals to search: ``--seeds`` if given, else ``--deals`` of them from ``--first-seed``, only those
    offering the stock if asked."""
    if search.seeds:
        yield from search.seeds
        return
    seed, given = search.first_seed, 0
    while given < search.deals:
        if not search.stock_deals or offers_the_stock(game, players, seed):
            given += 1
            yield seed
        seed += 1


def search_game(game: str, players: int, search: argparse.Namespace) -> list[dict]:
    """The puzzles of one game, within the time budget."""
    start, found, searched = time.perf_counter(), [], []
    for seed in seeds(game, players, search):
        if time.perf_counter() - start > search.seconds:
            break
        found += puzzles_of_deal(game, players, seed, search)
        searched.append(seed)
    deals = f"{len(searched)} deals, seeds {searched[0]}-{searched[-1]}" if searched else "no deal"
    print(f"{game}: {len(found)} puzzles in {deals}, {time.perf_counter() - start:.0f} s", flush=True)
    return found


def merged(old: list[dict], new: list[dict]) -> list[dict]:
    """The puzzles found before and now, each position once, in the order of the games, their deals and moves."""
    by_name = {(p["game"], p["seed"], len(p["moves"])): p for p in [*old, *new]}
    order = list(games.keys())
    return sorted(by_name.values(), key=lambda p: (order.index(p["game"]), p["seed"], len(p["moves"])))


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line: the budget, the worlds, and what to search for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--seeds", nargs="*", type=int, default=[], help="only these deals (default: --deals)")
    parser.add_argument("--samples", type=int, default=60, help="worlds for the first look (default 60)")
    parser.add_argument("--confirm", type=int, default=400, help="worlds to confirm a puzzle (default 400)")
    parser.add_argument("--holds-worlds", type=int, default=0, help="worlds for --holds-under (default: --confirm)")
    parser.add_argument("--seconds", type=float, default=300, help="time budget per game (default 300)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the puzzles (JSON)")
    parser.add_argument("--games", nargs="*", default=[], help="only these games (default: all)")
    parser.add_argument("--situations", nargs="*", default=[], help="only decisions of these situations (default: all)")
    parser.add_argument("--stock-deals", action="store_true", help="only deals that offer the stock")
    parser.add_argument("--add", action="store_true", help="add to the puzzles already in --out")
    parser.add_argument("--annotate", action="store_true", help="only give the puzzles in --out principles and lines")
    parser.add_argument(
        "--continuation", choices=coach.CONTINUATIONS, default="book", help="how the coach plays the rest (book)"
    )
    parser.add_argument(
        "--holds-under",
        nargs="*",
        choices=coach.CONTINUATIONS,
        default=[],
        help="keep a puzzle only if its answer also beats the runner-up beyond its ± with the rest played so",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Search the deals of each game, within the budget, and write the puzzles."""
    search = arguments(argv)
    tables = [(game.key, game.players[0]) for game in games.every()]  # each game the registry knows, as usually played
    found: list[dict] = []
    if not search.annotate:
        found = [p for g, n in tables if not search.games or g in search.games for p in search_game(g, n, search)]
    if search.add or search.annotate:  # to the puzzles found before, in --out
        found = merged(json.loads(search.out.read_text(encoding="utf-8"))["items"], found)
    kept, dropped = varied([a for a in map(annotated, found) if a is not None])
    print(f"{len(kept)} puzzles kept, {len(found) - len(kept)} dropped ({len(dropped)} to keep each theme varied)")
    print("dropped to keep each theme varied:", ", ".join(puzzle_id(p) for p in dropped) or "none")
    write_data_file(search.out, "The puzzles, found by tools/puzzles.py (make puzzles): do not edit by hand.", kept)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
