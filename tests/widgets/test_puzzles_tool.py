"""How tools/puzzles.py (make puzzles) names a decision's theme, and what it keeps: real positions of the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tool_loading import load_tool

from cardlib import coach, games
from cardlib.bots import make_bot
from cardlib.players import next_move
from cardlib.tricks import DealState, Discard, Exchange
from cardlib.widgets import puzzles

tool = load_tool("puzzles")


def theme_at(state: DealState, seat: int) -> str:
    """The tool's situation for a seat's decision (what it is about), from the options the coach would weigh there."""
    return tool.situation(state, seat, coach.options_of(games.observe(state, seat)))


def played_until(game: str, players: int, seed: int, stop) -> Any:
    """A rule-bot deal played until ``stop(state)`` holds (None if it never does)."""
    state = games.get(game).new_deal(None, players, dealer=players - 1, seed=seed)
    bots = [make_bot("rules", game, seed=s) for s in range(players)]
    while not state.is_over:
        if stop(state):
            return state
        state.apply(next_move(state, bots)[1].action)
    return None


def test_a_worthless_hand_offered_the_stock_is_asked_what_to_keep() -> None:
    seed = next(s for s in range(1000) if tool.offers_the_stock("alkort", 4, s))
    state = games.get("alkort").new_deal(None, 4, dealer=3, seed=seed)
    seat = next(s for s in range(4) if state.may_exchange_now(s))
    assert seat in tool.deciding(state)  # asked even out of turn, as next_move asks it first
    assert theme_at(state, seat) == tool.STOCK == "what to keep when taking the stock"
    assert any(isinstance(a, Exchange) for a in state.legal_actions(seat))


def test_ecartes_discard_is_its_own_theme_and_the_proposal_the_exchange() -> None:
    def discarding(state: Any) -> bool:
        return any(isinstance(a, Discard) for a in state.legal_actions(state.current_player))

    state = next(s for seed in range(40) if (s := played_until("ecarte", 2, seed, discarding)) is not None)
    assert theme_at(state, state.current_player) == "the discard"
    fresh = games.get("ecarte").new_deal(None, 2, dealer=1, seed=0)
    assert theme_at(fresh, fresh.current_player) == "the exchange"  # propose, or play


def test_the_other_sides_unbroken_run_is_a_theme_of_its_own() -> None:
    def their_run(state: Any) -> bool:
        sides = state.trick_sides
        return len(sides) >= 2 and len(set(sides)) == 1 and state.side_of(state.current_player) != sides[0]

    state = next(s for seed in range(40) if (s := played_until("alkort", 4, seed, their_run)) is not None)
    assert theme_at(state, state.current_player) == tool.RUN == "breaking the other side's run"
    partner_side = next(s for s in range(4) if state.side_of(s) == state.trick_sides[0])
    assert theme_at(state, partner_side) != tool.RUN  # the side that is running has nothing to break


def test_found_puzzles_are_merged_each_position_once_in_the_games_order() -> None:
    first, second = games.keys()[:2]  # the games the tool searches (the registry's), in its order
    old = [{"game": second, "seed": 1, "moves": ["a"]}, {"game": first, "seed": 5, "moves": []}]
    new = [{"game": first, "seed": 2, "moves": ["x"]}, {"game": first, "seed": 5, "moves": [], "new": True}]
    merged = tool.merged(old, new)
    assert [(p["game"], p["seed"]) for p in merged] == [(first, 2), (first, 5), (second, 1)]
    assert merged[1].get("new") is True  # a position found again takes its new numbers


def test_every_saved_puzzle_has_the_situation_the_tool_gives_its_position() -> None:
    for puzzle in puzzles.puzzles_of():
        state = puzzles.position(puzzle)
        assert theme_at(state, puzzle["seat"]) == puzzle["situation"], puzzles.puzzle_id(puzzle)


def test_a_small_search_writes_a_json_file_of_the_themes_asked_and_adds_to_it(tmp_path: Path) -> None:
    out = tmp_path / "found.json"
    asked = ["--games", "ecarte", "--deals", "4", "--samples", "40", "--confirm", "120", "--situations", "the lead"]
    assert tool.main([*asked, "--out", str(out)]) == 0
    found = json.loads(out.read_text(encoding="utf-8"))["items"]
    assert found and all(p["situation"] == "the lead" and p["lead"] > 3 * p["lead_margin"] for p in found)
    assert all(p["principle"] and p["line"].startswith("In ") for p in found)  # each with its lesson and its line
    assert all(p["samples"] >= 120 and p["answer"] == p["options"][0]["option"] for p in found)
    assert tool.main(["--deals", "0", "--add", "--out", str(out)]) == 0  # a merge alone keeps what was found
    assert json.loads(out.read_text(encoding="utf-8"))["items"] == found
