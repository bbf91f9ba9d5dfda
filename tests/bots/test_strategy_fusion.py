"""Chapter 10's strategy-fusion position (cardlib/ecarte/fusion.json, tools/strategy_fusion.py): its exact figures
come out of the code again, its worlds are every world of the seat's view and nothing more, the one plan is the
best of every strategy a brute force lists on a small ending, and the bots play there as saved."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tool_loading import load_tool

from cardlib import doubledummy, games
from cardlib.bots.montecarlo import Policy, deal_value, policy_for
from cardlib.bots.strong import best_response
from cardlib.tricks import Action, Card, DealState, action_text

ROOT = Path(__file__).resolve().parents[2]
SAVED = json.loads((ROOT / "cardlib" / "ecarte" / "fusion.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_tool("strategy_fusion")


@pytest.fixture(scope="module")
def state(tool: ModuleType) -> DealState:
    return tool.position(SAVED["seed"], SAVED["moves"])


def card_named(text: str) -> Card:
    """A card from its text ('J♥')."""
    return Card(text[:-1], text[-1])


def test_the_position_is_the_saved_one(state: DealState) -> None:
    view = games.observe(state, SAVED["seat"])
    assert state.current_player == SAVED["seat"] and view.trump == SAVED["trump"]
    assert [str(c) for c in view.hand] == SAVED["hand"] and [action_text(a) for a in view.log] == SAVED["log"]
    assert len(view.hand) <= 3  # the last three tricks


def test_the_exact_figures_come_out_again(tool: ModuleType, state: DealState) -> None:
    count, figures = tool.card_values(state, SAVED["seat"])
    assert count == SAVED["worlds"]
    assert {str(card): f for card, f in figures.items()} == SAVED["cards"]
    x, y = tool.favourite(figures, "fused"), tool.favourite(figures, "one plan")
    assert (str(x), str(y)) == (SAVED["X"], SAVED["Y"]) and x != y
    # what the chapter says: seeing every card X wins more worlds, one plan for what the seat sees wins fewer
    assert figures[x]["fused"]["won"] > figures[y]["fused"]["won"]
    assert figures[y]["one plan"]["won"] - figures[x]["one plan"]["won"] >= tool.MARGIN * count


def test_the_guesses_come_out_again_and_add_up(tool: ModuleType, state: DealState) -> None:
    seat, view = SAVED["seat"], games.observe(state, SAVED["seat"])
    found = tool.guesses(tool.worlds(view), seat, card_named(SAVED["X"]), policy_for(view))
    assert found == SAVED["guesses"]
    x = SAVED["cards"][SAVED["X"]]
    # every world the fused play wins more than the one plan is in a guess, after the other player's answer
    assert sum(g["fused_won"] - g["plan_won"] for g in found) == x["fused"]["won"] - x["one plan"]["won"]


def test_the_worlds_are_the_views_every_world_and_peek_at_nothing(tool: ModuleType, state: DealState) -> None:
    seat = SAVED["seat"]
    view = games.observe(state, seat)
    found = tool.worlds(view)
    hands = {frozenset(w.hands[view.opponent]) for w in found}
    assert len(hands) == len(found) == SAVED["worlds"]
    assert frozenset(state.hands[view.opponent]) in hands
    assert all(games.observe(w, seat) == view for w in found[:: max(1, len(found) // 40)])
    other = found[len(found) // 2]  # another deal the seat cannot tell from this one: the same worlds, same figures
    assert frozenset(other.hands[view.opponent]) != frozenset(state.hands[view.opponent])
    assert {frozenset(w.hands[view.opponent]) for w in tool.worlds(games.observe(other, seat))} == hands


def test_the_bots_play_there_as_saved(tool: ModuleType, state: DealState) -> None:
    seat = SAVED["seat"]
    assert {name: tool.bots_play(state, seat, name) for name in SAVED["bots"]} == SAVED["bots"]
    counts = SAVED["bots"]
    assert max(counts["strong"], key=counts["strong"].get) == f"play {SAVED['Y']}"


# ---------------------------------------------------------------------------
# Brute force: every strategy of the seat listed, on a small ending


def information_sets(states: list[DealState], seat: int, policy: Policy) -> dict[tuple[str, ...], list[Action]]:
    """The seat's choices of a card met in these worlds whatever it plays, by what it has seen (the public moves)."""
    found: dict[tuple[str, ...], list[Action]] = {}

    def walk(state: DealState) -> None:
        if state.is_over:
            return
        legal = state.legal_actions()
        if state.seat_to_move() != seat:
            walk(doubledummy.applied(state, policy(state, legal)))
            return
        if len(legal) > 1:
            found[tuple(map(str, state.log))] = legal
        for move in legal:
            walk(doubledummy.applied(state, move))

    for s in states:
        walk(s)
    return found


def strategies(sets: dict[tuple[str, ...], list[Action]]) -> Iterator[dict[tuple[str, ...], Action]]:
    """Every pure strategy: one card at each information set."""
    keys = list(sets)
    for cards in itertools.product(*(sets[k] for k in keys)):
        yield dict(zip(keys, cards))


def played(state: DealState, seat: int, strategy: dict[tuple[str, ...], Action], policy: Policy) -> float:
    """A world played to its end, the seat by the strategy, the other by the book: the seat's deal value."""
    state = state.clone()
    while not state.is_over:
        legal = state.legal_actions()
        mine = state.seat_to_move() == seat and len(legal) > 1
        state.apply(strategy[tuple(map(str, state.log))] if mine else policy(state, legal))
    return deal_value(state.returns()[seat])


def small_ending(tool: ModuleType, state: DealState, card: Card) -> list[DealState]:
    """A few worlds of the position after ``card``: from each of the first two answers of the other player that
    leave the seat a choice, two worlds of each pattern of which next card wins (where it has to guess, if any)."""
    view = games.observe(state, SAVED["seat"])
    policy = policy_for(view)
    groups: dict[Any, dict[tuple[bool, ...], list[DealState]]] = {}
    for w in (doubledummy.applied(w, card) for w in tool.worlds(view)):
        answer = policy(w, w.legal_actions())
        after = doubledummy.applied(w, answer)
        if after.is_over or len(after.legal_actions()) < 2 or after.seat_to_move() != SAVED["seat"]:
            continue
        wins = tuple(
            best_response([doubledummy.applied(after, c)], SAVED["seat"], policy)[0] >= 1.0
            for c in after.legal_actions()
        )
        groups.setdefault(answer, {}).setdefault(wins, []).append(w)
    chosen = sorted(groups.values(), key=len, reverse=True)[:2]
    return [w for patterns in chosen for group in patterns.values() for w in group[:2]]


@pytest.mark.parametrize("card", [SAVED["X"], SAVED["Y"]])
def test_the_one_plan_is_the_best_strategy_of_all_listed(tool: ModuleType, state: DealState, card: str) -> None:
    seat, policy = SAVED["seat"], policy_for(state)
    ending = small_ending(tool, state, card_named(card))
    sets = information_sets(ending, seat, policy)
    totals = [sum(played(w, seat, s, policy) for w in ending) for s in strategies(sets)]
    assert len(totals) == 2 ** len(sets) and len(sets) == 2 and 4 <= len(ending) <= 16
    one_plan = best_response([w.clone() for w in ending], seat, policy)
    assert sum(one_plan) == pytest.approx(max(totals))
    fused = [best_response([w.clone()], seat, policy)[0] for w in ending]
    per_world = [max(played(w, seat, s, policy) for s in strategies(sets)) for w in ending]
    assert fused == pytest.approx(per_world)
    if card == SAVED["X"]:  # after X the small ending already shows the fusion: seeing the cards wins more
        assert sum(fused) > sum(one_plan)


def spaced(n: int) -> str:
    """A number as the chapter writes it, thousands apart by a space: '1 535'."""
    return f"{n:,}".replace(",", " ")


def unquoted(quoted: list[str]) -> list[str]:
    """The sentences that chapter 10's prose (its lines joined) does not hold."""
    cells = json.loads((ROOT / "notebooks" / "10-how-the-coach-thinks.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    return [q for q in quoted if q not in prose]


def test_chapter_10_quotes_the_saved_figures() -> None:
    x, y, first = SAVED["cards"][SAVED["X"]], SAVED["cards"][SAVED["Y"]], SAVED["guesses"][0]
    answer, strong = first["after"][-1].split()[-1], SAVED["bots"]["strong"]["play " + SAVED["Y"]]
    quoted = [
        f"leading {SAVED['X']} wins the most hands, {spaced(x['fused']['won'])} of {spaced(SAVED['worlds'])}",
        f"With one plan it wins only {spaced(x['one plan']['won'])}",
        f"wins {spaced(y['one plan']['won'])}, the same three ways",
        f"After {SAVED['X']} and his {answer}, say, {first['plan']} wins {first['plan_won']} of those",
        f"of those {first['worlds']} hands",
        f"counts {first['fused_won']} hands won",
        f"those lucky guesses are the {x['fused']['won'] - x['one plan']['won']} hands",
        f"wins {y['one plan']['won'] - x['one plan']['won']} hands more",
        f"{SAVED['X']} wins only {spaced(x['book']['won'])} hands",
        f"the strong bot in {strong} of 20 seeds",
    ]
    missing = unquoted(quoted)
    assert not missing, missing


def test_the_book_fault_position_comes_out_again(tool: ModuleType) -> None:
    leaves = SAVED["leaves"]
    state = tool.position(leaves["seed"], leaves["moves"])
    count, figures = tool.card_values(state, leaves["seat"])
    assert count == leaves["worlds"] and {str(c): f for c, f in figures.items()} == leaves["cards"]
    x, y = leaves["cards"][leaves["X"]], leaves["cards"][leaves["Y"]]
    assert x["fused"] == x["one plan"] and y["fused"] == y["one plan"]  # no fusion: seeing every card wins no more
    assert y["one plan"]["won"] - x["one plan"]["won"] >= tool.MARGIN * count and y["book"]["won"] < x["book"]["won"]
    assert {name: tool.bots_play(state, leaves["seat"], name) for name in leaves["bots"]} == leaves["bots"]


def test_chapter_10_quotes_the_book_fault_position() -> None:
    leaves = SAVED["leaves"]
    x, y, bots = leaves["cards"][leaves["X"]], leaves["cards"][leaves["Y"]], leaves["bots"]
    quoted = [
        f"({leaves['Y']} wins {y['one plan']['won']} of {leaves['worlds']} hands, against {x['one plan']['won']}",
        f"by the book {leaves['Y']} wins only {y['book']['won']} hands",
        f"leads {leaves['X']} (in all {bots['mc']['play ' + leaves['X']]} seeds)",
        f"leads {leaves['Y']} (in {bots['strong']['play ' + leaves['Y']]} of 20)",
        f"third with {' '.join(leaves['hand'])}",
    ]
    missing = unquoted(quoted)
    assert not missing, missing
