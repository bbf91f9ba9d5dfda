"""The conformance runner: ``python -m cardlib.scenarios PATH [PATH ...]``.

A scenario is one JSON object on one line of a ``.jsonl`` file (SCENARIOS.md):
a trick to judge, a hand whose legal cards to list, a hand that may or may not
make Alkort's exchange, or a whole deal replayed from a stacked deck. The runner
prints one line per failing scenario and closes with ``N passed, M failed``.

It is strict on purpose: an unknown field, kind, option, action word or card is
an error naming the file and line (exit status 2), so that a typo in a scenario
never passes silently.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import alkort, ecarte
from .cards import ALKORT_PACK, ECARTE_PACK, Card, card, repeated, show, suit
from .tricks import Action, DealState, IllegalAction, OptionError, action_text, parse_action


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read: bad JSON, an unknown field, kind, option or card."""


COMMON = {"id", "game", "kind", "options", "expect", "players"}
FIELDS = {  # (game, kind) -> (required fields, optional fields, expect keys)
    ("alkort", "trick"): ({"cards"}, {"leader_has_won", "first_trick"}, {"winner"}),
    ("ecarte", "trick"): ({"cards", "trump"}, set(), {"winner"}),
    ("alkort", "legal"): ({"hand", "trick"}, {"has_won", "first_trick"}, {"legal"}),
    ("ecarte", "legal"): ({"hand", "trick", "trump"}, set(), {"legal"}),
    ("alkort", "exchange"): ({"hand"}, set(), {"entitled"}),
    ("alkort", "deal"): ({"dealer", "deck", "actions"}, {"scores_before"},
                         {"illegal", "trick_winners", "points", "scores", "over", "game_winner", "stock", "hands"}),
}
FIELDS[("ecarte", "deal")] = FIELDS[("alkort", "deal")]


@dataclass
class Scenario:
    """One checked scenario, with where it came from."""

    data: dict[str, Any]
    where: str  # "file:line"

    @property
    def id(self) -> str:
        return self.data["id"]


# ---------------------------------------------------------------------------
# Reading and checking the files


def _fail(where: str, message: str) -> ScenarioFileError:
    return ScenarioFileError(f"{where}: {message}")


def parse_suit(text: Any, where: str) -> str:
    """A trump suit written as '♥' or 'H'."""
    try:
        return suit(text)
    except ValueError as error:
        raise _fail(where, str(error)) from None


def parse_cards(value: Any, pack: Sequence[Card], where: str, name: str) -> list[Card]:
    """A list of card texts, each of which must be in the game's pack, and only once."""
    if not isinstance(value, list):
        raise _fail(where, f"{name} must be a list of cards")
    cards: list[Card] = []
    for text in value:
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


def _check_type(where: str, name: str, value: Any, kind: type | tuple[type, ...]) -> None:
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise _fail(where, f"{name} has the wrong type: {value!r}")


def validate(data: Any, where: str) -> Scenario:
    """Check one scenario's fields, cards, options and actions; raise ScenarioFileError if anything is off."""
    if not isinstance(data, dict):
        raise _fail(where, "a scenario must be a JSON object")
    for name in ("id", "game", "kind", "expect"):
        if name not in data:
            raise _fail(where, f"missing field {name!r}")
    _check_type(where, "id", data["id"], str)
    game, kind = data["game"], data["kind"]
    if game not in ("alkort", "ecarte"):
        raise _fail(where, f"unknown game {game!r} (alkort or ecarte)")
    if (game, kind) not in FIELDS:
        known = sorted({k for g, k in FIELDS if g == game})
        raise _fail(where, f"unknown kind {kind!r} for {game} (one of {', '.join(known)})")
    required, optional, expect_keys = FIELDS[(game, kind)]
    allowed = COMMON | required | optional
    for name in data:
        if name not in allowed:
            raise _fail(where, f"unknown field {name!r} for a {game} {kind} scenario")
    for name in required:
        if name not in data:
            raise _fail(where, f"missing field {name!r}")
    _check_type(where, "expect", data["expect"], dict)
    for name in data["expect"]:
        if name not in expect_keys:
            raise _fail(where, f"unknown expect key {name!r} for a {kind} scenario")
    players = data.get("players", 4 if game == "alkort" else 2)
    if players not in ((2, 4) if game == "alkort" else (2,)) or isinstance(players, bool):
        raise _fail(where, f"{game} is played by {'4 or 2 players' if game == 'alkort' else '2 players'}, "
                           f"not {players!r}")
    options_class = alkort.AlkortOptions if game == "alkort" else ecarte.EcarteOptions
    try:
        _check_type(where, "options", data.get("options", {}), dict)
        options_class.from_dict(data.get("options"))
    except OptionError as error:
        raise _fail(where, str(error)) from None
    pack = ALKORT_PACK if game == "alkort" else ECARTE_PACK
    listed = {name: parse_cards(data[name], pack, where, name) for name in ("cards", "hand", "trick", "deck")
             if name in data}
    # Each list holds a card once at most (parse_cards sees to that); a hand and the trick it plays to, together.
    if doubled := repeated(listed.get("hand", []) + listed.get("trick", [])):
        raise _fail(where, f"{show(doubled)} cannot be in play twice: a pack holds each card once")
    dealt = alkort.TRICKS_PER_DEAL  # an Alkort hand is dealt a card for each trick
    if kind == "exchange" and len(data["hand"]) != dealt:
        raise _fail(where, f"an exchange hand is a dealt hand of {dealt} cards, not {len(data['hand'])}")
    for name in ("leader_has_won", "first_trick", "has_won"):
        if name in data:
            _check_type(where, name, data[name], bool)
    if "trump" in data:
        parse_suit(data["trump"], where)
    if kind == "trick":
        size = players if game == "alkort" else 2
        if len(data["cards"]) != size:
            raise _fail(where, f"a complete trick has {size} cards, not {len(data['cards'])}")
    if kind == "deal":
        _validate_deal(data, pack, players, where)
    _validate_expect(data, pack, where)
    return Scenario(data, where)


def _validate_deal(data: dict[str, Any], pack: Sequence[Card], players: int, where: str) -> None:
    seats = players if data["game"] == "alkort" else 2
    if data["dealer"] not in range(seats) or isinstance(data["dealer"], bool):
        raise _fail(where, f"dealer must be a seat from 0 to {seats - 1}")
    if len(data["deck"]) != len(pack):  # parse_cards has refused a card twice or out of the pack
        raise _fail(where, f"deck must hold all {len(pack)} cards of the pack exactly once")
    _check_type(where, "actions", data["actions"], list)
    for text in data["actions"]:
        _check_type(where, "an action", text, str)
        try:
            action = parse_action(text)
        except ValueError as error:
            raise _fail(where, str(error)) from None
        cards = [action] if isinstance(action, Card) else [getattr(action, "keep", None), getattr(action, "king", None),
                                                             *getattr(action, "cards", ())]
        for c in cards:
            if c is not None and c not in pack:
                raise _fail(where, f"action {text!r}: {c} is not in this game's pack")
    if "scores_before" in data:
        _check_type(where, "scores_before", data["scores_before"], list)
        if len(data["scores_before"]) != 2 or not all(type(x) is int for x in data["scores_before"]):
            raise _fail(where, "scores_before must be two whole numbers")


def _validate_expect(data: dict[str, Any], pack: Sequence[Card], where: str) -> None:
    expect = data["expect"]
    types: dict[str, Callable[[Any], bool]] = {
        "winner": lambda v: type(v) is int, "entitled": lambda v: type(v) is bool,
        "over": lambda v: type(v) is bool, "stock": lambda v: type(v) is int,
        "illegal": lambda v: type(v) is int and 0 <= v < len(data.get("actions", [])),
        "game_winner": lambda v: v is None or type(v) is int,
        "trick_winners": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
        "points": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
        "scores": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
        "legal": lambda v: isinstance(v, list), "hands": lambda v: isinstance(v, dict),
    }
    for name, value in expect.items():
        if not types[name](value):
            raise _fail(where, f"expect.{name} has the wrong form: {value!r}")
    if "legal" in expect:
        parse_cards(expect["legal"], pack, where, "expect.legal")
    for seat, cards in expect.get("hands", {}).items():
        if not seat.isdigit():
            raise _fail(where, f"expect.hands: {seat!r} is not a seat")
        parse_cards(cards, pack, where, f"expect.hands[{seat}]")


def load(paths: Sequence[str | Path]) -> list[Scenario]:
    """Read every scenario from files and folders of *.jsonl; raise ScenarioFileError on the first problem."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(path.rglob("*.jsonl"))
        elif path.is_file():
            files.append(path)
        else:
            raise ScenarioFileError(f"{path}: no such file or folder")
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    for file in files:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise ScenarioFileError(f"{file}: cannot be read: {error}") from None
        for number, line in enumerate(lines, start=1):
            where = f"{file}:{number}"
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as error:
                raise _fail(where, f"not JSON: {error}") from None
            scenario = validate(data, where)
            if scenario.id in seen:
                raise _fail(where, f"id {scenario.id!r} is used again (first at {seen[scenario.id]})")
            seen[scenario.id] = where
            scenarios.append(scenario)
    return scenarios


# ---------------------------------------------------------------------------
# Running them


def run(scenario: Scenario) -> list[str]:
    """Run one scenario; the list of what came out differently (empty if it passed)."""
    data = scenario.data
    game, kind, expect = data["game"], data["kind"], data["expect"]
    options: Any = (alkort.AlkortOptions if game == "alkort" else ecarte.EcarteOptions).from_dict(data.get("options"))
    if kind == "trick":
        cards = [card(c) for c in data["cards"]]
        if game == "alkort":
            got = alkort.trick_winner(cards, data.get("leader_has_won", False), data.get("first_trick", False), options)
        else:
            got = ecarte.trick_winner(cards, parse_suit(data["trump"], scenario.where))
        return _differences({"winner": got}, expect)
    if kind == "legal":
        hand, trick = [card(c) for c in data["hand"]], [card(c) for c in data["trick"]]
        if game == "alkort":
            legal = alkort.legal_plays(hand, trick, data.get("has_won", False), data.get("first_trick", False), options)
        else:
            legal = ecarte.legal_plays(hand, trick, parse_suit(data["trump"], scenario.where), options)
        return _differences({"legal": _card_set(legal)}, {"legal": _card_set(map(card, expect["legal"]))})
    if kind == "exchange":
        return _differences({"entitled": alkort.may_exchange([card(c) for c in data["hand"]])}, expect)
    return _run_deal(data, options)


def _run_deal(data: dict[str, Any], options: Any) -> list[str]:
    expect = data["expect"]
    state: DealState
    if data["game"] == "alkort":
        state = alkort.AlkortState(options, players=data.get("players", 4), dealer=data["dealer"], deck=data["deck"],
                                   scores_before=data.get("scores_before"))
    else:
        state = ecarte.EcarteState(options, dealer=data["dealer"], deck=data["deck"],
                                   scores_before=data.get("scores_before"))
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
        "trick_winners": state.trick_winners, "points": state.points, "scores": state.scores,
        "over": state.is_over, "game_winner": state.game_winner, "stock": len(state.stock),
        "hands": {seat: _card_set(state.hands[int(seat)]) if int(seat) < len(state.hands) else "no such seat"
                  for seat in expect.get("hands", {})},
    }
    wanted = {k: v for k, v in expect.items() if k != "illegal"}
    if "hands" in wanted:
        wanted["hands"] = {seat: _card_set(map(card, cards)) for seat, cards in wanted["hands"].items()}
    return problems + _differences(got, wanted)


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
    return show(sorted(set(cards), key=lambda c: (c.suit, c.rank)))


def _differences(got: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    return [f"expected {key} {json.dumps(value, ensure_ascii=False)}, got {json.dumps(got[key], ensure_ascii=False)}"
            for key, value in expect.items() if got[key] != value]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scenario files named on the command line; exit 0 if all pass, 1 if some fail, 2 on a bad file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[0].strip(), "\nusage: python -m cardlib.scenarios PATH [PATH ...]")
        return 0 if args else 2
    try:
        scenarios = load(args)
    except ScenarioFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    failed = 0
    for scenario in scenarios:
        try:
            problems = run(scenario)
        except Exception as error:  # a crash in the engine is a failure of that scenario, not of the run
            problems = [f"the engine raised {type(error).__name__}: {error}"]
        if problems:
            failed += 1
            print(f"FAIL {scenario.id} ({scenario.where}): " + "; ".join(problems))
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
