"""The conformance runner: every shipped scenario passes, and a bad file is refused by file and line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib import scenarios

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parent / "scenarios"
SHARED = HERE.parents[2] / "shared" / "scenarios"


def run_cli(*paths: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardlib.scenarios", *map(str, paths)],
                          capture_output=True, text=True, timeout=120)


def test_every_shipped_scenario_passes() -> None:
    result = run_cli(SCENARIOS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")
    assert len(scenarios.load([SCENARIOS])) >= 128


def test_the_public_scenarios_are_shipped_intact() -> None:
    """Our copy of the published cases is whole; beside the shared folder, it is the same file."""
    public = SCENARIOS / "public_rules.jsonl"
    assert len(scenarios.load([public])) == 28
    if SHARED.exists():  # on a developer's machine; a clean clone has only the copy
        assert public.read_bytes() == (SHARED / "rules.jsonl").read_bytes()


GOOD = {"id": "x", "game": "alkort", "kind": "trick", "cards": ["A♠", "6♦", "3♣", "2♠"], "expect": {"winner": 0}}


@pytest.mark.parametrize("change, message", [
    ({"kind": "tricks"}, "unknown kind"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"options": {"lead_rules": "winner"}}, "has no option 'lead_rules'"),
    ({"options": {"lead_rule": "winners"}}, "lead_rule must be one of"),
    ({"cards": ["A♠", "6♦", "3♣", "11♠"]}, "'11♠' is not a card"),
    ({"cards": ["A♠", "6♦", "3♣", "10♠"]}, "not in this game's pack"),
    ({"expect": {"winnner": 0}}, "unknown expect key"),
    ({"game": "whist"}, "unknown game"),
    ({"trump": "♥"}, "unknown field 'trump'"),
    ({"players": 3}, "played by 4 or 2 players, not 3"),
    ({"cards": ["A♠", "6♦", "A♠", "2♠"]}, "cards: A♠ is listed twice"),
    ({"game": "ecarte", "trump": "♥", "cards": ["A♠", "6♦"], "players": 4}, "ecarte is played by 2 players"),
])
def test_a_typo_is_an_error_with_file_and_line(tmp_path: Path, change: dict, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("// a comment\n\n" + json.dumps({**GOOD, **change}, ensure_ascii=False) + "\n", encoding="utf-8")
    result = run_cli(path)
    assert result.returncode == 2
    assert f"{path}:3" in result.stderr and message in result.stderr


@pytest.mark.parametrize("scenario, message", [
    ({"id": "x", "game": "alkort", "kind": "exchange", "hand": ["K♠", "4♣"], "expect": {"entitled": False}},
     "an exchange hand is a dealt hand of 9 cards, not 2"),
    ({"id": "x", "game": "ecarte", "kind": "legal", "trump": "♥", "hand": ["K♠", "9♠"], "trick": ["9♠"],
      "expect": {"legal": ["K♠"]}}, "9♠ cannot be in play twice"),
    ({"id": "x", "game": "ecarte", "kind": "legal", "trump": "♥", "hand": ["K♠", "8♠"], "trick": ["9♠"],
      "expect": {"legal": ["K♠", "K♠"]}}, "expect.legal: K♠ is listed twice"),
])
def test_impossible_hands_are_errors(tmp_path: Path, scenario: dict, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(scenario, ensure_ascii=False) + "\n", encoding="utf-8")
    result = run_cli(path)
    assert result.returncode == 2
    assert f"{path}:1" in result.stderr and message in result.stderr


def test_missing_fields_bad_json_and_bad_actions(tmp_path: Path) -> None:
    cases = {
        "missing.jsonl": json.dumps({k: v for k, v in GOOD.items() if k != "cards"}),
        "json.jsonl": "{not json",
        "action.jsonl": json.dumps({"id": "d", "game": "ecarte", "kind": "deal", "dealer": 0,
                                    "deck": [str(c) for c in scenarios.ECARTE_PACK], "actions": ["pass"],
                                    "expect": {}}),
        "discard.jsonl": json.dumps({"id": "d", "game": "ecarte", "kind": "deal", "dealer": 0,
                                     "deck": [str(c) for c in scenarios.ECARTE_PACK],
                                     "actions": ["propose", "accept", "discard 7♠ 7♠"], "expect": {}},
                                    ensure_ascii=False),
    }
    for name, line in cases.items():
        (tmp_path / name).write_text(line + "\n", encoding="utf-8")
        result = run_cli(tmp_path / name)
        assert result.returncode == 2 and f"{name}:1" in result.stderr, (name, result.stderr)


def test_failures_are_reported_and_counted(tmp_path: Path) -> None:
    wrong = {**GOOD, "id": "wrong", "expect": {"winner": 3}}
    (tmp_path / "s.jsonl").write_text(json.dumps(GOOD) + "\n" + json.dumps(wrong) + "\n", encoding="utf-8")
    result = run_cli(tmp_path)
    assert result.returncode == 1
    assert "wrong" in result.stdout and "expected winner 3, got 0" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"


def test_an_illegal_action_must_be_refused_without_change(tmp_path: Path) -> None:
    deal = {"id": "d", "game": "ecarte", "kind": "deal", "dealer": 0,
            "deck": [str(c) for c in scenarios.ECARTE_PACK], "actions": ["exchange 7♠"],
            "expect": {"illegal": 0, "stock": 21, "over": False}}
    (tmp_path / "s.jsonl").write_text(json.dumps(deal, ensure_ascii=False) + "\n", encoding="utf-8")
    assert run_cli(tmp_path).returncode == 0
