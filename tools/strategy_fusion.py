"""Strategy fusion on a real Écarté position: the card that sampling with every card seen prefers, and the right one.

    nice -n 10 .venv/bin/python tools/strategy_fusion.py                 # cardlib/ecarte/fusion.json
    .venv/bin/python tools/strategy_fusion.py --seeds 0 40 --out /tmp/f.json   # a quick look (may find none)

Deals from seeds are played by the rule bots (as chapter 10's ``position`` plays them) into their last three tricks.
At each choice of a card by a seat whose deal had no exchange, every world that agrees with the seat's view is
listed (``worlds``: every hand the other player may hold by the rules, and, as the bots read him, whose calls the
book explains; each once, as a fair deal makes them equally likely), and each card is valued over all of them
three ways, the other player always playing by the book (the rule bot's advice, from his own cards):

- **book**: the seat too plays on by the book (the Monte Carlo bot's play-out, valued exactly over every world);
- **fused**: in each world the seat plays on as is best *in that world* (perfect-information Monte Carlo: as if
  it saw the other hand; its choices of later cards differ between worlds it cannot tell apart);
- **one plan**: the seat plays on with one card for all the worlds it cannot tell apart, the best such plan
  (``strong.best_response`` over every world: the strong bot's search, without sampling).

A card's value is the bots' measure (``montecarlo.deal_value``: 1 a deal won, ½ level, plus a hundredth a point),
and how many worlds it wins. The first position where the fused values prefer one card (X) and the one plan
another (Y) by at least ``MARGIN`` is kept, with the decision where the fused play guesses right in every world
(``guesses``), and what the Monte Carlo and strong bots play there over ``BOT_SEEDS`` seeds. Beside it ('leaves'),
the first position where the Monte Carlo bot plays X in most seeds and the strong bot Y, Y winning ``MARGIN`` of
the worlds more with one plan, and seeing every card wins no more than one plan with either card: the Monte Carlo
bot's fault there is the book's follow-up, not fusion. All is enumerated: the figures are exact (the bots' choices
are counted over seeds), and a second run writes the same file (two minutes).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from cardlib import doubledummy, games
from cardlib.bots import make_bot
from cardlib.bots.montecarlo import Policy, policy_for, value_of
from cardlib.bots.strong import best_response
from cardlib.ecarte import EcarteState
from cardlib.ecarte.playout import calls_by_round, follows
from cardlib.ecarte.view import HAND, EcarteView, world_from
from cardlib.players import next_move
from cardlib.tricks import Action, Card, DealState, Discard, action_text

OUT = Path(__file__).resolve().parents[1] / "cardlib" / "ecarte" / "fusion.json"
ECARTE = games.get("Écarté")
TRICKS = 3  # the last tricks searched: the seat holds this many cards or fewer
MARGIN = 0.03  # the share of the worlds that Y wins more than X with one plan, for a position to count
BOT_SEEDS = range(20)  # the real bots' seeds tried at the position found
WAYS = ("book", "fused", "one plan")


def position(seed: int, moves: int) -> DealState:
    """The Écarté deal of this seed played by the rule bots for this many moves (chapter 10's ``position``)."""
    state = ECARTE.new_deal(seed=seed)
    bots = [ECARTE.rule_bot(seed + seat) for seat in range(state.n_players)]
    for _ in range(moves):
        state.apply(next_move(state, bots)[1].action)
    return state


def choices(seed: int) -> Iterator[int]:
    """The moves after which the player to move chooses among cards in the last ``TRICKS`` tricks of a deal without
    an exchange (the deal of this seed, played by the rule bots)."""
    state = position(seed, 0)
    bots = [ECARTE.rule_bot(seed + seat) for seat in range(state.n_players)]
    while not state.is_over and not any(isinstance(a, Discard) for a in state.log):
        seat = state.seat_to_move()
        legal = state.legal_actions(seat)
        if len(state.hands[seat]) <= TRICKS and len(legal) > 1 and all(type(a) is Card for a in legal):
            yield len(state.log)
        state.apply(next_move(state, bots)[1].action)


def explained(view: EcarteView, hand: Sequence[Card]) -> bool:
    """Whether the book, holding this hand and the cards he played, would have made the other player's calls."""
    played = view.played_by(view.opponent)
    return follows([*hand, *played], calls_by_round(view)[0], view.trump)


def worlds(view: EcarteView) -> list[DealState]:
    """Every world that agrees with a view of a deal without an exchange: each hand the other player may hold, whose
    calls the book explains, once (the stock, the rest, does not change the play)."""
    found: list[DealState] = []
    template: EcarteState | None = None  # the first world, built from the view: the others are copies of it
    for holdings, _ in view.hidden_deal().every():
        if explained(view, holdings[HAND]):
            world = world_from(view, holdings, template)
            template = template or world
            found.append(world)
    return found


def values(worlds_: list[DealState], seat: int, card: Card, policy: Policy) -> dict[str, list[float]]:
    """A card's value in each world, three ways (see the module): book, fused, one plan."""
    return {
        "book": [value_of(w, card, seat, policy) for w in worlds_],
        "fused": [best_response([doubledummy.applied(w, card)], seat, policy)[0] for w in worlds_],
        "one plan": best_response([doubledummy.applied(w, card) for w in worlds_], seat, policy),
    }


def summary(per_world: dict[str, list[float]]) -> dict[str, Any]:
    """Each way's mean value and the worlds won (value 1 or more: ahead on the deal's points)."""
    return {
        way: {"value": round(statistics.fmean(v), 6), "won": sum(x >= 1.0 for x in v)} for way, v in per_world.items()
    }


def card_values(state: DealState, seat: int) -> tuple[int, dict[Action, dict[str, Any]]]:
    """How many worlds the seat cannot tell apart, and each legal card's summary over all of them."""
    view = games.observe(state, seat)
    found, policy = worlds(view), policy_for(view)
    return len(found), {card: summary(values(found, seat, card, policy)) for card in view.legal if type(card) is Card}


def favourite(figures: dict[Action, dict[str, Any]], way: str) -> Action:
    """The card a way values most (the first in the engine's order on a tie)."""
    return max(figures, key=lambda card: figures[card][way]["value"])


def guesses(worlds_: list[DealState], seat: int, card: Card, policy: Policy) -> list[dict[str, Any]]:
    """After ``card``, the seat's next choices that the fused play gets right world by world: for each set of worlds
    it cannot tell apart (the other player's answer seen) where seeing his cards would win more of them, how many
    worlds each card wins (playing on as is best in that world), the card the one plan plays there, and how many
    worlds the fused play wins by choosing in each world the card that wins it."""
    found: list[dict[str, Any]] = []
    for moves, group in next_choices([doubledummy.applied(w, card) for w in worlds_], seat, policy, [card]):
        legal = [c for c in group[0].legal_actions(seat) if type(c) is Card]
        after = {c: [best_response([doubledummy.applied(w, c)], seat, policy)[0] for w in group] for c in legal}
        plan = max(legal, key=lambda c: sum(best_response([doubledummy.applied(w, c) for w in group], seat, policy)))
        fused_won = sum(max(after[c][i] for c in legal) >= 1.0 for i in range(len(group)))
        plan_won = sum(v >= 1.0 for v in after[plan])
        if fused_won > plan_won:
            found.append(
                {
                    "after": [action_text(m) for m in moves],
                    "worlds": len(group),
                    "won_by": {str(c): sum(v >= 1.0 for v in after[c]) for c in legal},
                    "plan": str(plan),
                    "plan_won": plan_won,
                    "fused_won": fused_won,
                }
            )
    return found


def next_choices(
    states: list[DealState], seat: int, policy: Policy, moves: list[Action]
) -> Iterator[tuple[list[Action], list[DealState]]]:
    """The worlds split by what the seat sees until it next chooses among cards: (the moves since, those worlds)."""
    first = states[0]
    if first.is_over:
        return
    if first.seat_to_move() == seat:
        legal = first.legal_actions()
        if len(legal) > 1:
            yield moves, states
            return
        yield from next_choices([doubledummy.applied(s, legal[0]) for s in states], seat, policy, [*moves, legal[0]])
        return
    groups: dict[Action, list[DealState]] = {}
    for s in states:
        groups.setdefault(policy(s, s.legal_actions()), []).append(s)
    for move, group in groups.items():
        yield from next_choices([doubledummy.applied(s, move) for s in group], seat, policy, [*moves, move])


Found = tuple[Card, Card, int, dict[Action, dict[str, Any]]]  # X, Y, how many worlds, the figures


def qualifies(state: DealState, seat: int) -> Found | None:
    """X and Y if the fused values prefer X, winning more worlds than Y, and the one plan Y, winning ``MARGIN`` of
    the worlds more than X; with the worlds' number and the figures."""
    view = games.observe(state, seat)
    if not explained(view, state.hands[view.opponent]):
        return None  # the other player's calls do not follow the book: the bots' reading would be wrong here
    count, figures = card_values(state, seat)
    x, y = favourite(figures, "fused"), favourite(figures, "one plan")
    if x == y or figures[x]["fused"]["won"] <= figures[y]["fused"]["won"]:
        return None
    if figures[y]["one plan"]["won"] - figures[x]["one plan"]["won"] < MARGIN * count:
        return None
    assert type(x) is Card and type(y) is Card
    return x, y, count, figures


def by_the_book(state: DealState, seat: int) -> Found | None:
    """For the book's fault beside fusion: X and Y if the Monte Carlo bot's play-outs (by the book) prefer another
    card than the one plan's Y, the Monte Carlo bot plays X in most seeds and the strong bot Y, Y winning ``MARGIN``
    of the worlds more than X with one plan, and no fusion in either (seeing every card wins no more)."""
    if not explained(games.observe(state, seat), state.hands[1 - seat]):
        return None
    count, figures = card_values(state, seat)
    y = favourite(figures, "one plan")
    if favourite(figures, "book") == y or figures[y]["fused"] != figures[y]["one plan"]:
        return None
    mc, strong = (bots_play(state, seat, name) for name in ("mc", "strong"))
    x = next(c for c in figures if action_text(c) == max(mc, key=mc.__getitem__))
    if x == y or figures[x]["fused"] != figures[x]["one plan"] or 2 * strong.get(action_text(y), 0) <= len(BOT_SEEDS):
        return None
    if figures[y]["one plan"]["won"] - figures[x]["one plan"]["won"] < MARGIN * count:
        return None
    assert type(x) is Card and type(y) is Card
    return x, y, count, figures


def search(
    seeds: Sequence[int], test: Callable[[DealState, int], Found | None]
) -> tuple[int, int, Card, Card, int, dict[Action, dict[str, Any]]]:
    """The first position of these deals that passes the test: (seed, moves, X, Y, worlds, figures)."""
    for seed in seeds:
        for moves in choices(seed):
            state = position(seed, moves)
            found = test(state, state.seat_to_move())
            if found is not None:
                return (seed, moves, *found)
    raise SystemExit(f"no position qualifies in deals {seeds[0]} to {seeds[-1]}")


def bots_play(state: DealState, seat: int, name: str) -> dict[str, int]:
    """What a bot plays at the position with each of ``BOT_SEEDS`` seeds: how often each card."""
    played: dict[str, int] = {}
    for seed in BOT_SEEDS:
        card = action_text(make_bot(name, "ecarte", seed).decide(state, seat).action)
        played[card] = played.get(card, 0) + 1
    return played


def found_position(seed: int, moves: int, x: Card, y: Card, count: int, figures: dict[Action, Any]) -> dict[str, Any]:
    """The position and its figures, as the JSON holds them."""
    state = position(seed, moves)
    seat = state.seat_to_move()
    view = games.observe(state, seat)
    return {
        "seed": seed,
        "moves": moves,
        "seat": seat,
        "dealer": state.dealer,
        "trump": view.trump,
        "turned_up": str(view.turned_up),
        "hand": [str(c) for c in view.hand],
        "log": [action_text(a) for a in view.log],
        "other_hand": [str(c) for c in state.hands[view.opponent]],
        "worlds": count,
        "X": str(x),
        "Y": str(y),
        "cards": {str(card): figures[card] for card in figures},
        "guesses": guesses(worlds(view), seat, x, policy_for(view)),
        "bots": {name: bots_play(state, seat, name) for name in ("mc", "strong")},
        "bot_seeds": [BOT_SEEDS.start, BOT_SEEDS.stop],
    }


ABOUT = (
    "tools/strategy_fusion.py: a real Écarté position (the deal of 'seed' played by the rule bots for 'moves' "
    "moves) where perfect-information sampling ('fused': the seat plays on as best in each world, as if it saw the "
    "other hand) prefers X, and one plan for all the worlds the seat cannot tell apart prefers Y; every world "
    "agreeing with the seat's view enumerated, the other player by the book; values in the bots' measure "
    "(montecarlo.deal_value), 'won': worlds won of 'worlds'; 'guesses': after X, the choices the fused play gets "
    "right world by world; 'bots': what make_bot plays there, by seed; 'leaves': a position where the Monte Carlo "
    "bot's play-outs by the book prefer X, and the one plan Y, with no fusion (the book's follow-up is the fault)"
)


def main(argv: Sequence[str] | None = None) -> None:
    """Search the deals, and write the first position found with its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 400), metavar=("FIRST", "STOP"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    seeds = range(*args.seeds)
    found = {**found_position(*search(seeds, qualifies)), "leaves": found_position(*search(seeds, by_the_book))}
    text = json.dumps({"about": ABOUT, **found}, ensure_ascii=False, indent=1)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
