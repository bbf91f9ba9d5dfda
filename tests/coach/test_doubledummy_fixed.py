"""The double-dummy search's answers never change: 800 small positions of Écarté and Alkort (two and four hands,
and four of Alkort's variants), each legal move's value as the search found it before its speed-ups (recorded by
``tools/dd_bench.py --record``), valued again now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardlib import doubledummy, games
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
    assert len(RECORDED) >= 700 and {r["game"] for r in RECORDED} == {"ecarte", "alkort"}
    doubledummy.MEMOS.clear()
    for where in RECORDED:
        if fresh_memo:
            doubledummy.MEMOS.clear()
        state = rebuilt(where)
        seat, legal = state.seat_to_move(), state.legal_actions()
        values, note, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert note == "" and {action_text(m): v for m, v in values.items()} == where["values"], where
