"""The conformance runner: every shipped scenario passes, and a bad file is refused by file and line."""

import contextlib
import dataclasses
import importlib.util
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardlib import games, scenarios
from cardlib.cards import ECARTE_PACK, card
from cardlib.tricks import Announce, Call, Claim, Discard, Exchange, action_text, parse_action

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parent / "scenarios"
SHARED = HERE.parents[2] / "shared" / "scenarios"


def run_cli(*paths: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardlib.scenarios", *map(str, paths)], capture_output=True, text=True, timeout=120
    )


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


@pytest.mark.parametrize(
    "change, message",
    [
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
    ],
)
def test_a_typo_is_an_error_with_file_and_line(tmp_path: Path, change: dict, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("// a comment\n\n" + json.dumps({**GOOD, **change}, ensure_ascii=False) + "\n", encoding="utf-8")
    result = run_cli(path)
    assert result.returncode == 2
    assert f"{path}:3" in result.stderr and message in result.stderr


@pytest.mark.parametrize(
    "scenario, message",
    [
        (
            {"id": "x", "game": "alkort", "kind": "exchange", "hand": ["K♠", "4♣"], "expect": {"entitled": False}},
            "an exchange hand is a dealt hand of 9 cards, not 2",
        ),
        (
            {
                "id": "x",
                "game": "ecarte",
                "kind": "legal",
                "trump": "♥",
                "hand": ["K♠", "9♠"],
                "trick": ["9♠"],
                "expect": {"legal": ["K♠"]},
            },
            "9♠ cannot be in play twice",
        ),
        (
            {
                "id": "x",
                "game": "ecarte",
                "kind": "legal",
                "trump": "♥",
                "hand": ["K♠", "8♠"],
                "trick": ["9♠"],
                "expect": {"legal": ["K♠", "K♠"]},
            },
            "expect.legal: K♠ is listed twice",
        ),
    ],
)
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
        "action.jsonl": json.dumps(
            {
                "id": "d",
                "game": "ecarte",
                "kind": "deal",
                "dealer": 0,
                "deck": [str(c) for c in ECARTE_PACK],
                "actions": ["fold"],
                "expect": {},
            }
        ),
        "discard.jsonl": json.dumps(
            {
                "id": "d",
                "game": "ecarte",
                "kind": "deal",
                "dealer": 0,
                "deck": [str(c) for c in ECARTE_PACK],
                "actions": ["propose", "accept", "discard 7♠ 7♠"],
                "expect": {},
            },
            ensure_ascii=False,
        ),
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
    deal = {
        "id": "d",
        "game": "ecarte",
        "kind": "deal",
        "dealer": 0,
        "deck": [str(c) for c in ECARTE_PACK],
        "actions": ["exchange 7♠"],
        "expect": {"illegal": 0, "stock": 21, "over": False},
    }
    (tmp_path / "s.jsonl").write_text(json.dumps(deal, ensure_ascii=False) + "\n", encoding="utf-8")
    assert run_cli(tmp_path).returncode == 0


# ---------------------------------------------------------------------------
# Nothing a file holds gets a traceback: every bad input is exit 2 and one line naming file and line.


def run_in_process(path: Path) -> tuple[int, str, str]:
    """The runner's exit status, standard output and standard error, run here rather than in a new Python."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = scenarios.main([str(path)])
    return status, out.getvalue(), err.getvalue()


DECK = [str(c) for c in ECARTE_PACK]
DEAL = {"id": "d", "game": "ecarte", "kind": "deal", "dealer": 0, "deck": DECK, "actions": ["propose"], "expect": {}}
ECARTE_TRICK = {
    "id": "e",
    "game": "ecarte",
    "kind": "trick",
    "trump": "♥",
    "cards": ["A♠", "7♠"],
    "expect": {"winner": 0},
}
LEGAL = {"id": "l", "game": "alkort", "kind": "legal", "hand": ["K♠", "7♥"], "trick": [], "expect": {"legal": ["K♠"]}}


def line(scenario: dict, **change: object) -> str:
    return json.dumps({**scenario, **change}, ensure_ascii=False)


BAD_LINES = [  # (what, the line, what the error says)
    ("[ 200 000 times", "[" * 200_000, "nested deeper than any field"),
    ("a 5000-digit number", line(GOOD)[:-2] + ', "players": ' + "4" * 5000 + "}", "5000 digits is far too big"),
    ("kind []", line(GOOD, kind=[]), "kind must be a text, not []"),
    ("kind {}", line(GOOD, kind={}), "kind must be a text, not {}"),
    ("trump []", line(ECARTE_TRICK, trump=[]), "trump must be a text, not []"),
    ("trump {}", line(ECARTE_TRICK, trump={}), "trump must be a text, not {}"),
    ("players 4.0", line(GOOD, players=4.0), "players must be a whole number, not 4.0"),
    ("dealer 1.0", line(DEAL, dealer=1.0), "dealer must be a whole number, not 1.0"),
    ("an unknown seat in expect.hands", line(DEAL, expect={"hands": {"seat0": []}}), "'seat0' is not a seat"),
    ("a seat out of range in expect.hands", line(DEAL, expect={"hands": {"2": []}}), "'2' is not a seat"),
    ("a seat written 01", line(DEAL, expect={"hands": {"01": []}}), "'01' is not a seat"),
    ("a duplicate key", line(GOOD)[:-1] + ', "id": "y"}', "the key 'id' is given twice"),
    ("a duplicate key deeper", line(GOOD, expect={})[:-3] + '{"winner": 0, "winner": 1}}', "'winner' is given twice"),
    ("cards as one string", line(GOOD, cards="A♠ 6♦ 3♣ 2♠"), "cards must be a list of cards"),
    ("actions as one string", line(DEAL, actions="propose"), "actions must be a list of texts"),
    ("an action that is a number", line(DEAL, actions=[1]), "actions must be a list of texts"),
    ("a card that is a number", line(GOOD, cards=["A♠", 6, "3♣", "2♠"]), "a card is written as a text"),
    ("expect.legal as one string", line(LEGAL, expect={"legal": "K♠"}), "expect.legal must be a list of cards"),
    ("expect.hands cards as one string", line(DEAL, expect={"hands": {"0": "K♠"}}), "must be a list of cards"),
    ("dealer true", line(DEAL, dealer=True), "dealer must be a whole number, not true"),
    ("players true", line(GOOD, players=True), "players must be a whole number, not true"),
    ("winner false", line(GOOD, expect={"winner": False}), "expect.winner must be a whole number, not false"),
    ("has_won 1", line(LEGAL, has_won=1), "has_won must be true or false, not 1"),
    ("scores_before [true, 0]", line(DEAL, scores_before=[True, 0]), "scores_before must be a list of whole numbers"),
    ("points [1.0, 0]", line(DEAL, expect={"points": [1.0, 0]}), "expect.points must be a list of whole numbers"),
    ("id a list", line(GOOD, id=["x"]), "id must be a text"),
    ("game a list", line(GOOD, game=["alkort"]), "game must be a text"),
    ("expect a list", line(GOOD, expect=[]), "expect must be an object"),
    ("options a list", line(GOOD, options=[]), "options must be an object"),
    ("an option value []", line(GOOD, options={"lead_rule": []}), "lead_rule must be one of"),
    ("NaN", line(GOOD)[:-2] + ', "players": NaN}', "NaN is not a number"),
    ("Infinity", line(GOOD, expect={})[:-3] + '{"winner": -Infinity}}', "-Infinity is not a number"),
    ("a line that is a list", '["alkort", "trick"]', "a scenario must be a JSON object"),
    ("a line that is a number", "42", "a scenario must be a JSON object"),
    ("a lone surrogate", json.dumps({**GOOD, "id": "\ud800"}), "lone surrogate"),
    ("a winner out of the trick", line(GOOD, expect={"winner": 4}), "expect.winner must be an index into cards"),
    ("a dealer out of range", line(DEAL, dealer=2), "dealer must be a seat from 0 to 1, not 2"),
    ("an illegal index out of range", line(DEAL, expect={"illegal": 1}), "expect.illegal must be an index"),
    ("a game winner that is no side", line(DEAL, expect={"game_winner": 2}), "expect.game_winner must be a side"),
    ("three points", line(DEAL, expect={"points": [0, 0, 0]}), "expect.points must be two whole numbers"),
    ("negative scores before", line(DEAL, scores_before=[-1, 0]), "scores_before must be two whole numbers, 0 or more"),
    ("a trick winner that is no seat", line(DEAL, expect={"trick_winners": [3]}), "must be a seat from 0 to 1"),
    ("a negative stock", line(DEAL, expect={"stock": -1}), "expect.stock must be a number of cards"),
    ("an empty hand", line(LEGAL, hand=[], expect={"legal": []}), "hand must hold at least one card"),
    ("a complete trick to play to", line(LEGAL, trick=["A♠", "2♥", "3♥", "4♥"]), "fewer than 4 cards"),
    ("a legal card not in the hand", line(LEGAL, expect={"legal": ["K♦"]}), "K♦ not in the hand"),
    ("a blank id", line(GOOD, id=" "), "id must name the scenario"),
    ("a huge text value", line(GOOD, kind="x" * 1_000_000), "unknown kind"),
]


@pytest.mark.parametrize("what, text, message", BAD_LINES, ids=[what for what, _, _ in BAD_LINES])
def test_every_bad_line_is_exit_2_with_file_and_line(tmp_path: Path, what: str, text: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(line(GOOD, id="fine") + "\n// a comment\n" + text + "\n", encoding="utf-8")
    status, out, err = run_in_process(path)
    assert (status, out) == (2, ""), (what, out, err)
    assert err.startswith(f"error: {path}:3: ") and message in err, (what, err)
    assert err.count("\n") == 1 and len(err) < 500 and "Traceback" not in err


@pytest.mark.parametrize(
    "what, content, message",
    [
        (
            "a byte-order mark",
            b"\xef\xbb\xbf" + line(GOOD).encode() + b"\n",
            ":1: the file starts with a byte-order mark",
        ),
        ("bytes that are not UTF-8", line(GOOD).encode() + b'\n{"id": "\xff"}\n', ":2: not UTF-8 text: byte 0xff"),
        (
            "Latin-1 text",
            b"\n" + line(GOOD, id="café", cards=["AS", "6D", "3C", "2S"]).encode("latin-1"),
            ":2: not UTF-8",
        ),
        ("an empty file", b"", "no scenarios in"),
        ("only comments and blank lines", b"// nothing yet\n\n   \n", "no scenarios in"),
    ],
)
def test_bad_files_are_exit_2(tmp_path: Path, what: str, content: bytes, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    status, out, err = run_in_process(path)
    assert status == 2 and out == "" and message in err and str(path) in err, (what, err)


def test_a_folder_without_scenarios_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text(line(GOOD) + "\n", encoding="utf-8")  # not a .jsonl file
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    assert run_in_process(tmp_path) == (2, "", f"error: no scenarios in {tmp_path}\n")
    assert run_in_process(tmp_path / "missing") == (2, "", f"error: {tmp_path / 'missing'}: no such file or folder\n")


def test_a_file_that_cannot_be_read_is_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.jsonl"
    path.write_text(line(GOOD) + "\n", encoding="utf-8")

    def refuse(self: Path) -> bytes:  # chmod cannot lock root out, and CI runs as root
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert run_in_process(path) == (2, "", f"error: {path}: cannot be read: Permission denied\n")


def test_a_gap_in_the_checks_is_still_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line of defence: whatever escapes the checks or breaks the engine is named by file and line."""
    path = tmp_path / "s.jsonl"
    path.write_text(line(GOOD) + "\n" + line(GOOD, id="second") + "\n", encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> Any:
        raise KeyError("a bug")

    trick = games.get("alkort").scenarios["trick"]
    monkeypatch.setitem(games.get("alkort").scenarios, "trick", dataclasses.replace(trick, run=broken))
    status, out, err = run_in_process(path)
    assert status == 2 and out == "0 passed, 0 failed, 2 could not be run\n"
    assert err.splitlines() == [f"error: {path}:{n}: the engine crashed: KeyError: 'a bug'" for n in (1, 2)]

    def refusing(*args: object, **kwargs: object) -> Any:
        raise ValueError("not a trick")

    monkeypatch.setitem(games.get("alkort").scenarios, "trick", dataclasses.replace(trick, run=refusing))
    assert run_in_process(path)[2].startswith(f"error: {path}:1: the engine refused it: ValueError: not a trick")
    monkeypatch.setattr(scenarios, "repeated", broken)
    status, out, err = run_in_process(path)
    assert (status, out) == (2, "") and err == f"error: {path}:1: cannot check this scenario: KeyError: 'a bug'\n"


def test_the_help_names_the_format_page() -> None:
    result = run_cli("--help")
    assert result.returncode == 0 and "book/rules/scenarios.md" in result.stdout
    assert run_cli().returncode == 2
    cited = re.findall(r"[\w/.-]+\.md", scenarios.__doc__ + scenarios.USAGE)
    assert "book/rules/scenarios.md" in cited and all((HERE.parents[1] / name).is_file() for name in cited), cited


# ---------------------------------------------------------------------------
# The format's page in the book lists exactly what the runner accepts.

PAGE = HERE.parents[1] / "book" / "rules" / "scenarios.md"
EXTENSION = HERE.parents[1] / "book" / "_ext" / "registry_tables.py"


def registry_tables() -> Any:
    """The book's extension that writes the page's games, options and dealing from the registry."""
    spec = importlib.util.spec_from_file_location("registry_tables", EXTENSION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_names() -> dict[str, str]:
    """Each registered game's name, by key, in the registry's order."""
    return {game.key: game.name for game in games.every()}


def section(heading: str) -> str:
    """The text of the page's section whose heading starts with these words, as the book shows it."""
    text = registry_tables().rendered(PAGE.read_text(encoding="utf-8"))
    start = text.index("\n## " + heading)
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def field_rows(text: str) -> dict[str, list[str]]:
    """A field table's rows: '`name`' -> the other cells (games, required, value)."""
    rows = {}
    for row in text.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if row.startswith("| `") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_the_page_lists_every_field_of_every_kind() -> None:
    common = field_rows(section("Fields every scenario has"))
    assert common.keys() == scenarios.COMMON
    for name, (playing, is_required, value) in common.items():
        assert playing == ", ".join(game_names().values()) and value.startswith(scenarios.FORMS[name].words), name
        assert is_required == ("yes" if name in {"id", "game", "kind", "expect"} else "no"), name
    for kind in {kind for _, kind in scenarios.fields()}:
        rows = field_rows(section(f"Kind `{kind}`"))
        documented: dict[str, set[str]] = {name: set() for name in rows}
        for game in games.keys():
            required, optional, expect = scenarios.fields().get((game, kind), (set(), set(), set()))
            for name in required | optional | {f"expect.{key}" for key in expect}:
                assert name in rows, f"the page's section on {kind} does not list {name}"
                documented[name].add(game_names()[game])
                _, is_required, value = rows[name]
                assert is_required == ("yes" if name in required else "no"), (kind, name)
                form = scenarios.EXPECT_FORMS[name[7:]] if name.startswith("expect.") else scenarios.FORMS[name]
                assert value.startswith(form.words), (kind, name, form.words)
        for name, (playing, _, _) in rows.items():  # and no field the runner would refuse
            assert playing == ", ".join(sorted(documented[name], key=list(game_names().values()).index)), (kind, name)


def test_the_page_lists_every_action_and_exit_status() -> None:
    actions = section("Actions")
    samples = [card("K♦"), Exchange(card("K♦")), Announce(card("K♦")), Claim(card("K♦")), Discard(), *Call]
    for action in samples:
        word = action_text(action).split()[0]
        assert f"| `{word}" in actions, f"the page does not show the action {word!r}"
        assert parse_action(word + (" K♦" if word in ("play", "exchange", "announce", "claim") else "")) == action
    statuses = section("Running scenarios")
    assert all(f"\n| {status} |" in statuses for status in (0, 1, 2))


def test_the_page_example_runs_and_passes(tmp_path: Path) -> None:
    example = section("Example").split("```json\n")[1].split("```")[0]
    (tmp_path / "example.jsonl").write_text(example, encoding="utf-8")
    assert run_in_process(tmp_path / "example.jsonl") == (0, "3 passed, 0 failed\n", "")


def test_the_page_lists_every_option_and_its_values() -> None:
    rows = {}
    for row in section("Options").splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`"):
            rows[cells[0], cells[1].strip("`")] = cells[2]
    expected = {}
    for game, kind in ((game.key, game.options) for game in games.every()):
        for name, choices in kind.describe().items():
            written = (
                ", ".join(
                    json.dumps(list(v) if isinstance(v, tuple) else v, separators=(", ", ": ")).join("``")
                    for v in choices
                )
                if choices is not None
                else f"`{getattr(kind.from_dict({}), name)}`, or any positive whole number"
            )
            expected[game_names()[game], name] = written
    assert rows == expected


@pytest.mark.parametrize(
    "options, players, rule",
    [
        ({"draw_after_trick": True}, 2, "draw_after_trick is the second Alkort text's game for four"),
        ({"ranking": "short"}, 4, "ranking = 'short' ranks only the seven cards"),
    ],
)
def test_options_the_engine_refuses_together_are_an_error_in_the_file(
    tmp_path: Path, options: dict, players: int, rule: str
) -> None:
    path = tmp_path / "refused.jsonl"
    line = {
        "id": "refused",
        "game": "alkort",
        "kind": "exchange",
        "players": players,
        "options": options,
        "hand": "K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦".split(),
        "expect": {"entitled": True},
    }
    path.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    result = run_cli(path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}:1: options: {rule}"), result.stderr
