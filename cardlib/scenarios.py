"""The conformance runner: ``python -m cardlib.scenarios PATH [PATH ...]``.

A scenario is one JSON object on one line of a ``.jsonl`` file: a trick to judge,
a hand whose legal cards to list, a hand that may or may not make Alkort's
exchange, or a whole deal replayed from a stacked deck. The format (every field of
every kind, every action, the expect keys, the exit statuses) is the page
*Scenario files* of the book's rules reference, ``book/rules/scenarios.md``.
The runner prints one line per failing scenario and closes with ``N passed, M failed``.
It knows no game: each game's kinds of scenario (their fields, expect keys, and how to run them) are its registry
entry's ``scenarios`` (``cardlib.games.ScenarioKind``), and a whole deal is replayed on the game's own state.

It is strict on purpose, so that a typo in a scenario never passes silently: an
unknown field, kind, option, action word or card, a value of the wrong type
(``4.0`` or ``true`` where a whole number is wanted), a key given twice, a line
that is not JSON: each is an error naming the file and line (exit status 2).
Nothing a file holds makes the runner show a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import games
from .cards import Card, card, repeated, show, suit
from .tricks import Action, DealState, IllegalAction, action_text, parse_action

USAGE = """usage: python -m cardlib.scenarios [--load MODULE ...] PATH [PATH ...]

Run the rule scenarios in each PATH: a .jsonl file, or a folder searched for *.jsonl files.
--load MODULE registers a game of one's own first: a module or package name (cardlib.euchre) or a file's path.
The format of a scenario file is the book's page book/rules/scenarios.md.
Exit status: 0 all passed, 1 some failed, 2 a file could not be read or a scenario could not be run."""


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read: bad JSON, an unknown field, kind, option or card, a wrong type."""


# ---------------------------------------------------------------------------
# The format, as tables: which fields each kind of scenario takes, and what each field holds.
# The book's page on scenario files is checked against these tables (tests/engine/test_scenario_runner.py).


@dataclass(frozen=True)
class Form:
    """What a field's value must be: a test, and the words for it in an error message."""

    words: str
    test: Callable[[Any], bool]


def is_whole(value: Any) -> bool:
    """A JSON whole number: 4, but not 4.0, and not true (Python counts True as the int 1)."""
    return type(value) is int


assert is_whole(4) and not is_whole(4.0) and not is_whole(True)

TEXT = Form("a text", lambda value: type(value) is str)
WHOLE = Form("a whole number", is_whole)
WHOLE_OR_NULL = Form("a whole number or null", lambda value: value is None or is_whole(value))
TRUTH = Form("true or false", lambda value: type(value) is bool)
OBJECT = Form("an object {...}", lambda value: type(value) is dict)
CARDS = Form("a list of cards", lambda value: type(value) is list)  # parse_cards checks each card
TEXTS = Form("a list of texts", lambda value: type(value) is list and all(type(x) is str for x in value))
WHOLES = Form("a list of whole numbers", lambda value: type(value) is list and all(map(is_whole, value)))

COMMON = {"id", "game", "kind", "options", "expect", "players"}


def fields() -> dict[tuple[str, str], tuple[set[str], set[str], set[str]]]:
    """(game, kind) -> (required fields, optional fields, expect keys): each game's kinds, from the registry."""
    return {
        (game.key, name): (set(kind.required), set(kind.optional), set(kind.expect))
        for game in games.every()
        for name, kind in game.scenarios.items()
    }


FORMS = {
    "id": TEXT,
    "game": TEXT,
    "kind": TEXT,
    "players": WHOLE,
    "options": OBJECT,
    "expect": OBJECT,
    "cards": CARDS,
    "hand": CARDS,
    "trick": CARDS,
    "deck": CARDS,
    "trump": TEXT,
    "leader_has_won": TRUTH,
    "first_trick": TRUTH,
    "has_won": TRUTH,
    "dealer": WHOLE,
    "actions": TEXTS,
    "scores_before": WHOLES,
}
EXPECT_FORMS = {
    "winner": WHOLE,
    "legal": CARDS,
    "entitled": TRUTH,
    "illegal": WHOLE,
    "trick_winners": WHOLES,
    "points": WHOLES,
    "scores": WHOLES,
    "over": TRUTH,
    "game_winner": WHOLE_OR_NULL,
    "stock": WHOLE,
    "hands": OBJECT,
    "to_move": WHOLE_OR_NULL,
    "seen": OBJECT,
}
assert FORMS.keys() == COMMON.union(*(required | optional for required, optional, _ in fields().values()))
assert EXPECT_FORMS.keys() == set().union(*(expect for _, _, expect in fields().values()))

# Limits no real scenario comes near, so that a hostile or mangled line is an error and not a crash.
MAX_DEPTH = 4  # the line's object, expect, expect.hands, a hand's list of cards
MAX_DIGITS = 9  # no seat, count, index or score needs more; a 5000-digit number is a slip of the keyboard
JSON_SPACE = " \t\r"
BOM = b"\xef\xbb\xbf"


@dataclass
class Scenario:
    """One checked scenario, with where it came from."""

    data: dict[str, Any]
    where: str  # "file:line"

    @property
    def id(self) -> str:
        return self.data["id"]


# ---------------------------------------------------------------------------
# Reading a line of JSON, strictly


def _one_line(message: str, limit: int = 400) -> str:
    """A message as one line of readable length: a scenario can hold a value a megabyte long."""
    message = " ".join(message.split("\n"))
    return message if len(message) <= limit else message[: limit - 3] + "..."


def _fail(where: str, message: str) -> ScenarioFileError:
    return ScenarioFileError(_one_line(f"{where}: {message}"))


def _brief(value: Any) -> str:
    """A value as the scenario wrote it, in JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


assert _brief(4.0) == "4.0" and _brief(True) == "true" and _brief(["K♦"]) == '["K♦"]'


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys all differ: a key given twice would silently hide its first value."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise ScenarioFileError(f"the key {key!r} is given twice in one object")
        seen.add(key)
    return dict(pairs)


def _whole_number(text: str) -> int:
    """A JSON integer of sensible length (Python refuses to read one of over 4300 digits anyway)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ScenarioFileError(
            f"a whole number of {digits} digits is far too big for any field (at most {MAX_DIGITS} digits)"
        )
    return int(text)


def _no_constant(name: str) -> Any:
    raise ScenarioFileError(f"{name} is not a number JSON allows")


def _check_values(value: Any) -> None:
    """Refuse nesting deeper than any field needs, and text with a lone surrogate ('\\ud800' is no character)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if type(item) is str:
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ScenarioFileError(f"the text {item!r} holds a lone surrogate, which is not a character") from None
        elif type(item) in (list, dict):
            if depth > MAX_DEPTH:
                raise ScenarioFileError(
                    f"nested deeper than any field of a scenario ({MAX_DEPTH} levels: "
                    f"the line, expect, expect.hands, a list of cards)"
                )
            members = [*item.keys(), *item.values()] if type(item) is dict else item
            stack += [(member, depth + 1) for member in members]


def read_json(text: str) -> Any:
    """One line's JSON value, read strictly: no repeated key, no NaN, no giant number, no deep nesting."""
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_int=_whole_number, parse_constant=_no_constant)
    except RecursionError:  # '[' two hundred thousand times
        raise ScenarioFileError(f"nested deeper than any field of a scenario ({MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as error:
        raise ScenarioFileError(f"not JSON: {error}") from None
    _check_values(value)
    return value


assert read_json('{"a": [1, "K♦"]}') == {"a": [1, "K♦"]}


# ---------------------------------------------------------------------------
# Checking one scenario


def parse_suit(text: Any, where: str) -> str:
    """A trump suit written as '♥' or 'H'."""
    try:
        return suit(text)
    except (ValueError, TypeError) as error:
        raise _fail(where, f"trump: {error}") from None


def parse_cards(value: Any, pack: Sequence[Card], where: str, name: str) -> list[Card]:
    """A list of card texts, each of which must be in the game's pack, and only once."""
    _check_form(where, name, value, CARDS)
    cards: list[Card] = []
    for text in value:
        if type(text) is not str:
            raise _fail(where, f'{name}: a card is written as a text like "K♦", not {_brief(text)}')
        try:
            c = card(text)
        except (ValueError, TypeError) as error:
            raise _fail(where, f"{name}: {error}") from None
        if c not in pack:
            raise _fail(where, f"{name}: {c} is not in this game's pack")
        if c in cards:
            raise _fail(where, f"{name}: {c} is listed twice")
        cards.append(c)
    return cards


def _check_form(where: str, name: str, value: Any, form: Form) -> None:
    if not form.test(value):
        raise _fail(where, f"{name} must be {form.words}, not {_brief(value)}")


def _check_range(where: str, name: str, value: int, allowed: range, what: str) -> None:
    if value not in allowed:
        raise _fail(where, f"{name} must be {what} from {allowed.start} to {allowed.stop - 1}, not {value}")


def validate(data: Any, where: str) -> Scenario:
    """Check one scenario's fields, cards, options and actions; raise ScenarioFileError if anything is off."""
    key, kind = _validate_fields(data, where)
    if not data["id"].strip():
        raise _fail(where, "id must name the scenario, not be blank")
    game = games.get(key)
    players = data.get("players", game.players[0])
    if players not in game.players:
        raise _fail(where, f"{key} is played by {' or '.join(map(str, game.players))} players, not {players}")
    try:  # some options are for some numbers of players only: a deal with them must be possible
        game.new_deal(game.options.from_dict(data.get("options")), players=players, seed=0)
    except (ValueError, TypeError) as error:  # OptionError, mostly
        raise _fail(where, f"options: {error}") from None
    _validate_cards(data, game, kind, players, where)
    return Scenario(data, where)


def _validate_fields(data: Any, where: str) -> tuple[str, str]:
    """Check that every field and expect key is known for the scenario's game and kind, and of its form."""
    if type(data) is not dict:
        raise _fail(where, f"a scenario must be a JSON object {{...}}, not {_brief(data)}")
    for name in ("id", "game", "kind", "expect"):
        if name not in data:
            raise _fail(where, f"missing field {name!r}")
        _check_form(where, name, data[name], FORMS[name])
    game, kind = data["game"], data["kind"]
    if game not in games.keys():
        raise _fail(where, f"unknown game {_brief(game)} ({' or '.join(games.keys())})")
    known = games.get(game).scenarios
    if kind not in known:
        raise _fail(where, f"unknown kind {_brief(kind)} for {game} (one of {', '.join(sorted(known))})")
    required, optional, expect_keys = known[kind].required, known[kind].optional, known[kind].expect
    for name, value in data.items():
        if name not in COMMON | required | optional:
            raise _fail(where, f"unknown field {name!r} for a {game} {kind} scenario")
        _check_form(where, name, value, FORMS[name])
    if missing := sorted(required - data.keys()):
        raise _fail(where, f"missing field {missing[0]!r}")
    for name, value in data["expect"].items():
        if name not in expect_keys:
            keys = ", ".join(sorted(expect_keys))
            raise _fail(where, f"unknown expect key {name!r} for a {kind} scenario (one of {keys})")
        _check_form(where, f"expect.{name}", value, EXPECT_FORMS[name])
    return game, kind


def _validate_cards(data: dict[str, Any], game: games.GameDescription, kind: str, seats: int, where: str) -> None:
    """Check the cards of a scenario: each in the game's pack, once, and as many as its kind needs."""
    pack = game.pack
    listed: dict[str, list[Card]] = {
        name: parse_cards(data[name], pack, where, name) for name in ("cards", "hand", "trick", "deck") if name in data
    }
    # Each list holds a card once at most (parse_cards sees to that); a hand and the trick it plays to, together.
    if doubled := repeated(listed.get("hand", []) + listed.get("trick", [])):
        raise _fail(where, f"{show(doubled)} cannot be in play twice: a pack holds each card once")
    if "trump" in data:
        parse_suit(data["trump"], where)
    if kind == "trick":
        if len(listed["cards"]) != seats:
            raise _fail(where, f"a complete trick has {seats} cards, not {len(listed['cards'])}")
        if "winner" in data["expect"]:
            _check_range(where, "expect.winner", data["expect"]["winner"], range(seats), "an index into cards")
    if kind == "legal":
        _validate_legal(data, listed, pack, seats, where)
    check = game.scenarios[kind].check
    if check is not None and (why := check({**data, **listed})):
        raise _fail(where, why)
    if kind == "deal":
        _validate_deal(data, pack, seats, where)


def _validate_legal(
    data: dict[str, Any], listed: dict[str, list[Card]], pack: Sequence[Card], seats: int, where: str
) -> None:
    if not listed["hand"]:
        raise _fail(where, "hand must hold at least one card: a player with no card has nothing to play")
    if len(listed["trick"]) >= seats:
        raise _fail(
            where, f"trick is the trick being played, so it has fewer than {seats} cards, not {len(listed['trick'])}"
        )
    if "legal" in data["expect"]:
        legal = parse_cards(data["expect"]["legal"], pack, where, "expect.legal")
        if strays := [c for c in legal if c not in listed["hand"]]:
            raise _fail(where, f"expect.legal: {show(strays)} not in the hand")


def _validate_action(text: str, pack: Sequence[Card], where: str) -> None:
    try:
        action = parse_action(text)
    except (ValueError, TypeError) as error:
        raise _fail(where, f"actions: {error}") from None
    cards = (
        [action]
        if isinstance(action, Card)
        else [getattr(action, "keep", None), getattr(action, "king", None), *getattr(action, "cards", ())]
    )  # king: announce, claim
    for c in cards:
        if c is not None and c not in pack:
            raise _fail(where, f"action {text!r}: {c} is not in this game's pack")


def _validate_deal(data: dict[str, Any], pack: Sequence[Card], seats: int, where: str) -> None:
    _check_range(where, "dealer", data["dealer"], range(seats), "a seat")
    if len(data["deck"]) != len(pack):  # parse_cards has refused a card twice or out of the pack
        raise _fail(where, f"deck must hold all {len(pack)} cards of the pack exactly once, not {len(data['deck'])}")
    for text in data["actions"]:
        _validate_action(text, pack, where)
    if "scores_before" in data and (len(data["scores_before"]) != 2 or min(data["scores_before"]) < 0):
        raise _fail(where, f"scores_before must be two whole numbers, 0 or more, not {_brief(data['scores_before'])}")
    expect = data["expect"]
    if "illegal" in expect:
        _check_range(where, "expect.illegal", expect["illegal"], range(len(data["actions"])), "an index into actions")
    for name in ("points", "scores"):
        if name in expect and len(expect[name]) != 2:
            raise _fail(where, f"expect.{name} must be two whole numbers (one per side), not {_brief(expect[name])}")
    for seat in expect.get("trick_winners", []):
        _check_range(where, "each of expect.trick_winners", seat, range(seats), "a seat")
    if expect.get("game_winner") is not None:
        _check_range(where, "expect.game_winner", expect["game_winner"], range(2), "a side")
    if "stock" in expect:
        _check_range(where, "expect.stock", expect["stock"], range(len(pack) + 1), "a number of cards")
    if expect.get("to_move") is not None:
        _check_range(where, "expect.to_move", expect["to_move"], range(seats), "a seat")
    for key in ("hands", "seen"):
        for seat, cards in expect.get(key, {}).items():
            if seat not in [str(n) for n in range(seats)]:
                raise _fail(
                    where,
                    f'expect.{key}: {seat!r} is not a seat: the keys are seats written as text, "0" to "{seats - 1}"',
                )
            parse_cards(cards, pack, where, f"expect.{key}[{seat}]")


# ---------------------------------------------------------------------------
# Reading the files


def _files(path: Path) -> list[Path]:
    """The scenario files a command-line path names: itself, or the *.jsonl files in a folder."""
    try:
        if path.is_dir():
            return sorted(p for p in path.rglob("*.jsonl") if p.is_file())
        if path.is_file():
            return [path]
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot be read: {error.strerror or error}") from None
    raise ScenarioFileError(f"{path}: {'not a file or a folder' if path.exists() else 'no such file or folder'}")


def _lines(file: Path) -> list[tuple[str, str]]:
    """A file's lines as ("file:line", text); a byte-order mark or bytes that are not UTF-8 are errors."""
    try:
        raw = file.read_bytes()
    except OSError as error:
        raise ScenarioFileError(f"{file}: cannot be read: {error.strerror or error}") from None
    if raw.startswith(BOM):
        raise ScenarioFileError(f"{file}:1: the file starts with a byte-order mark (BOM): save it as UTF-8 without one")
    lines = []
    for number, chunk in enumerate(raw.split(b"\n"), start=1):
        try:
            lines.append((f"{file}:{number}", chunk.decode("utf-8")))
        except UnicodeDecodeError as error:
            raise ScenarioFileError(
                f"{file}:{number}: not UTF-8 text: byte {chunk[error.start]:#04x} "
                f"at position {error.start + 1} of the line"
            ) from None
    return lines


def load(paths: Sequence[str | Path]) -> list[Scenario]:
    """Read every scenario from files and folders of *.jsonl; raise ScenarioFileError on the first problem."""
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    for name in paths:
        if not str(name).strip():
            raise ScenarioFileError("an empty path names no file or folder")
        path, before = Path(name), len(scenarios)
        for file in _files(path):
            for where, line in _lines(file):
                if not line.strip(JSON_SPACE) or line.lstrip(JSON_SPACE).startswith("//"):
                    continue
                try:
                    data = read_json(line)
                except ScenarioFileError as error:
                    raise _fail(where, str(error)) from None
                try:
                    scenario = validate(data, where)
                except ScenarioFileError:
                    raise
                except Exception as error:  # a gap in the checks above: still one line naming the place
                    raise _fail(where, f"cannot check this scenario: {type(error).__name__}: {error}") from None
                if scenario.id in seen:
                    raise _fail(where, f"id {scenario.id!r} is used again (first at {seen[scenario.id]})")
                seen[scenario.id] = where
                scenarios.append(scenario)
        if len(scenarios) == before:
            raise ScenarioFileError(f"no scenarios in {path}")
    return scenarios


# ---------------------------------------------------------------------------
# Running them


def run(scenario: Scenario) -> list[str]:
    """Run one scenario; the list of what came out differently (empty if it passed)."""
    data = scenario.data
    game = games.get(data["game"])
    kind = game.scenarios[data["kind"]]
    options: Any = game.options.from_dict(data.get("options"))
    if kind.run is None:  # a whole deal
        return _run_deal(data, game, kind, options)
    return _differences(_comparable(kind.run(_given(data), options)), _comparable(data["expect"]))


CARD_FIELDS = ("cards", "hand", "trick", "deck")


def _given(data: dict[str, Any]) -> dict[str, Any]:
    """A scenario's fields as a game's run reads them: lists of cards as Cards, a trump suit as its symbol."""
    given = {**data, **{name: [card(c) for c in data[name]] for name in CARD_FIELDS if name in data}}
    if "trump" in data:
        given["trump"] = suit(data["trump"])
    return given


def _comparable(values: dict[str, Any]) -> dict[str, Any]:
    """Values as they are compared: a list of cards as the set it holds, in pack order (the order is no matter)."""
    return {key: _card_set(map(card, v)) if EXPECT_FORMS[key] is CARDS else v for key, v in values.items()}


def _run_deal(data: dict[str, Any], game: games.GameDescription, kind: games.ScenarioKind, options: Any) -> list[str]:
    expect = data["expect"]
    deck = [card(c) for c in data["deck"]]
    state = game.new_deal(
        options, players=data.get("players"), dealer=data["dealer"], deck=deck, scores_before=data.get("scores_before")
    )
    actions = [parse_action(text) for text in data["actions"]]
    stop = expect.get("illegal", len(actions))
    for number, action in enumerate(actions[:stop]):
        try:
            state.apply(action)
        except IllegalAction as error:
            return [f"action {number} ({action_text(action)}) was refused: {error}"]
    problems = []
    if "illegal" in expect:
        problems += _check_refused(state, actions[stop], stop)
    got = {
        "trick_winners": state.trick_winners,
        "points": state.points,
        "scores": state.scores,
        "over": state.is_over,
        "game_winner": state.game_winner,
        "stock": len(state.stock),
        "to_move": state.current_player,
        **_seat_facts(state, kind, expect),
    }
    wanted = {k: v for k, v in expect.items() if k != "illegal"}
    for key in _seat_fact_keys(kind):
        if key in wanted:
            wanted[key] = {seat: _card_set(map(card, cards)) for seat, cards in wanted[key].items()}
    return problems + _differences(got, wanted)


def _seat_fact_keys(kind: games.ScenarioKind) -> set[str]:
    """The expect keys of a deal that hold cards by seat: the hands, and the game's own (Alkort's 'seen')."""
    return {"hands"} | (kind.expect - games.DEAL_EXPECT)


def _seat_facts(state: DealState, kind: games.ScenarioKind, expect: dict[str, Any]) -> dict[str, Any]:
    """The cards by seat that a deal scenario checks: the hands, and what the game tells of a seat (``facts``)."""
    got = {"hands": {seat: _card_set(state.hands[int(seat)]) for seat in expect.get("hands", {})}}
    for key in _seat_fact_keys(kind) - {"hands"}:
        assert kind.facts is not None, f"a game that names {key!r} among a deal's expect keys says it of a seat"
        got[key] = {seat: _card_set(kind.facts(state, int(seat))[key]) for seat in expect.get(key, {})}
    return got


def _check_refused(state: DealState, action: Action, number: int) -> list[str]:
    """The action must raise IllegalAction and leave the state exactly as it was."""
    before = _snapshot(state)
    try:
        state.apply(action)
    except IllegalAction:
        if _snapshot(state) != before:
            return [f"action {number} ({action_text(action)}) was refused but changed the state"]
        return []
    return [f"action {number} ({action_text(action)}) should have been refused, but it was accepted"]


def _snapshot(state: DealState) -> str:
    return repr({k: v for k, v in vars(state).items() if k != "_legal"})


def _card_set(cards: Any) -> str:
    return show(sorted(set(cards)))


def _differences(got: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    return [
        f"expected {key} {json.dumps(value, ensure_ascii=False)}, got {json.dumps(got[key], ensure_ascii=False)}"
        for key, value in expect.items()
        if got[key] != value
    ]


def _cannot_run(scenario: Scenario, error: Exception) -> str:
    """One line for a scenario the engine could not run: where it is, and the engine's own words."""
    what = "the engine refused it" if isinstance(error, (ValueError, TypeError)) else "the engine crashed"
    return _one_line(f"{scenario.where}: {what}: {type(error).__name__}: {error}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scenario files named on the command line; exit 0 if all pass, 1 if some fail, 2 on a bad file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    try:
        args = games.loading_option(args).parse_known_args(args)[1]  # the paths, each --load's game loaded
    except ValueError as error:  # no such module, or one that describes no game
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not args:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        scenarios = load(args)
    except ScenarioFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    failed = broken = 0
    for scenario in scenarios:
        try:
            problems = run(scenario)
        except Exception as error:  # the last line of defence: a scenario the checks let through, still one line
            broken += 1
            print(f"error: {_cannot_run(scenario, error)}", file=sys.stderr)
            continue
        if problems:
            failed += 1
            print(_one_line(f"FAIL {scenario.id} ({scenario.where}): " + "; ".join(problems), limit=2000))
    passed = len(scenarios) - failed - broken
    print(f"{passed} passed, {failed} failed" + (f", {broken} could not be run" if broken else ""))
    return 2 if broken else 1 if failed else 0


if __name__ == "__main__":
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show '♠' gets '\u2660', not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    sys.exit(main())
