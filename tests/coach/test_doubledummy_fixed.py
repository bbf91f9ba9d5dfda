"""The double-dummy search's answers never change: 800 small positions of Écarté and Alkort (two and four hands,
and four of Alkort's variants), each legal move's value as the search found it before its speed-ups (recorded by
``tools/dd_bench.py --record``), valued again now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from coach_helpers import brute_force

from cardlib import doubledummy, games
from cardlib.alkort import AlkortState
from cardlib.alkort import coach as alkort_coach
from cardlib.tricks import DealState, action_text, parse_action

RECORDED = json.loads((Path(__file__).parent / "dd_fixed_values.json").read_text(encoding="utf-8"))


def rebuilt(where: dict[str, Any]) -> DealState:
    """The recorded position: its game's deal from the seed, with the moves made."""
    state = games.get(where["game"]).new_deal(where["options"], players=where["players"], seed=where["seed"])
    for move in where["moves"]:
        state.apply(parse_action(move))
    return state


@pytest.mark.parametrize("fresh_memo", [True, False])
def test_the_values_of_the_fixed_positions_are_unchanged(fresh_memo: bool) -> None:
    """Valued with a fresh memo each time, and with the memo shared by all (as a review or a play-out shares it)."""
    assert len(RECORDED) >= 700 and {r["game"] for r in RECORDED} == set(games.BUILT_IN)  # the course's own games
    doubledummy.MEMOS.clear()
    for where in RECORDED:
        if fresh_memo:
            doubledummy.MEMOS.clear()
        state = rebuilt(where)
        seat, legal = state.seat_to_move(), state.legal_actions()
        values, note, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert note == "" and {action_text(m): v for m, v in values.items()} == where["values"], where


def test_alkort_bounds_hold_and_bite() -> None:
    """Alkort's first bounds (its sure tricks, its sure runs) hold every exact value found by trying every play, in
    every recorded ending of three tricks or fewer and every position one move on; and they settle more than the
    tricks won alone would."""
    tighter = checked = 0
    for where in RECORDED:
        state = rebuilt(where)
        if not isinstance(state, AlkortState) or state.tricks_left > 3:
            continue
        for position in [state, *(doubledummy.applied(state, m) for m in state.legal_actions())]:
            assert isinstance(position, AlkortState)
            if position.is_over:
                continue
            low, high = alkort_coach.value_bounds(position)
            assert low <= brute_force(position, 0) <= high, where
            checked += 1
            sides, options = tuple(position.trick_sides), position.options
            plain = alkort_coach.outcome_range(sides, position.tricks_left, options.draw_after_trick, options.play_out)
            tighter += (low, high) != plain
    assert checked > 500 and tighter > checked // 10, (checked, tighter)
