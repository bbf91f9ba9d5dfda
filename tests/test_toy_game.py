"""A third game, registered from its own file, is played through the whole course: the registry is complete.

The toy game (``toy_game.py``: two players, six cards, two each) is defined outside the course. Registered with
``games.register``, it is dealt, seen and imagined through the registry, played by every bot, checked by the
scenario runner, pitted in the tournament and timed by the benchmark — none of which names it. If one of them
needed more than the toy's own file and its registry entry, the registry would be missing a field. What the
course asks of every game alike (play to the end, views and worlds, every bot, the coach, the table, the scenario
runner) the conformance suite (``tests/conformance``) checks of the toy too; here are the toy's own cases.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlib import bench, games, scenarios
from cardlib.bots import make_bot
from cardlib.tournament import run_match

import toy_game


@pytest.fixture(autouse=True)
def toy() -> Iterator[games.GameDescription]:
    """The toy game, registered for one test and taken out after it."""
    yield toy_game.register()
    games.unregister(toy_game.KEY)


def test_the_registry_knows_the_toy_game_by_key_name_and_deal() -> None:
    game = games.get("Toy")
    assert game is toy_game.DESCRIPTION and "toy" in games.keys() and game in games.every()
    state = game.new_deal(seed=4)
    assert games.of(state) is game and games.of(state.options) is game and state.n_players == 2
    with pytest.raises(ValueError, match="played by 2, not 4"):
        game.new_deal(players=4)


def test_the_monte_carlo_bot_takes_a_trick_it_cannot_lose() -> None:
    # seat 1 leads (the dealer is seat 0); seat 0 holds A♠ and Q♥, and A♠ wins whatever seat 1 leads in spades
    state = toy_game.ToyState(deck="A♠ Q♥ K♠ Q♠ A♥ K♥".split(), dealer=0)
    state.apply("play Q♠")
    decision = make_bot("mc", "toy").decide(state, 0)
    assert str(decision.action) == "A♠"


def scenario(**fields: object) -> str:
    return json.dumps({"game": "toy", **fields}, ensure_ascii=False)


DECK = ["A♠", "Q♥", "K♠", "Q♠", "A♥", "K♥"]


def test_the_scenario_runner_checks_the_toy_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "toy.jsonl"
    lines = [
        scenario(id="toy-high", kind="trick", cards=["K♠", "A♠"], expect={"winner": 1}),
        scenario(id="toy-off-suit", kind="trick", cards=["Q♥", "A♠"], expect={"winner": 0}),
        scenario(id="toy-follow", kind="legal", hand=["A♠", "Q♥"], trick=["K♠"], expect={"legal": ["A♠"]}),
        scenario(
            id="toy-deal",
            kind="deal",
            dealer=0,
            deck=DECK,
            actions=["play Q♠", "play A♠", "play Q♥", "play K♠"],
            expect={"trick_winners": [0, 0], "points": [2, 0], "over": True, "stock": 2, "to_move": None},
        ),
        scenario(
            id="toy-revoke", kind="deal", dealer=0, deck=DECK, actions=["play Q♠", "play Q♥"], expect={"illegal": 1}
        ),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert scenarios.main([str(path)]) == 0
    assert capsys.readouterr().out == "5 passed, 0 failed\n"
    path.write_text(scenario(id="toy-wrong", kind="trick", cards=["K♠", "A♠"], expect={"winner": 0}), encoding="utf-8")
    assert scenarios.main([str(path)]) == 1 and "FAIL toy-wrong" in capsys.readouterr().out


def test_the_scenario_runner_refuses_what_the_toy_game_does_not_have(tmp_path: Path) -> None:
    path = tmp_path / "toy.jsonl"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"kind": "exchange", "hand": ["A♠"], "expect": {}}, r'unknown kind "exchange" for toy \(one of deal, legal'),
        ({"kind": "trick", "cards": ["K♠", "10♠"], "expect": {}}, "10♠ is not in this game's pack"),
        ({"kind": "trick", "cards": ["K♠", "A♠"], "trump": "♠", "expect": {}}, "unknown field 'trump'"),
        ({"kind": "trick", "cards": ["K♠"], "players": 4, "expect": {}}, "toy is played by 2 players, not 4"),
    ]
    for bad, message in cases:
        path.write_text(scenario(id="bad", **bad), encoding="utf-8")
        with pytest.raises(scenarios.ScenarioFileError, match=message):
            scenarios.load([path])


def test_the_tournament_pits_bots_at_the_toy_game() -> None:
    result = run_match("toy", "rules", "rules", deals=20, seed=1)
    assert result.game == "toy" and len(result.pair_scores) == 20 and result.win_rate == pytest.approx(0.5)
    against_random = run_match("toy", "mc", "random", deals=20, seed=1)
    assert against_random.points_a + against_random.points_b == 2 * 2 * 20  # two tricks a deal, each deal twice
    assert against_random.times["mc"] and against_random.times["random"]


def test_the_benchmark_times_the_toy_game() -> None:
    assert "toy" in bench.benched_games()
    deals, moves, taken = bench.play_random_deals("toy", 0.05, seed=3)
    assert deals >= 100 and moves == 4 * deals and taken > 0


def test_taken_out_the_toy_game_is_gone(toy: games.GameDescription) -> None:
    games.unregister(toy.key)
    assert "toy" not in games.keys() and "toy" not in bench.benched_games()
    with pytest.raises(ValueError, match="there is no game 'toy'"):
        games.get("toy")
    toy_game.register()  # for the fixture to take out again
