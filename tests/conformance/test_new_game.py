"""What a newcomer's game gets from the course: a plain game in about a hundred lines, loaded by its module's name or
its file's path, and a turned-up trump that the views, worlds, frames and table notes all honour."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardlib import bench, games, plain, scenarios, tournament
from cardlib.friends.views import view_to_json
from cardlib.widgets.notes import TableNotes

import turnup_game as TURNUP

HERE = Path(__file__).resolve().parent


def test_a_plain_game_with_a_turned_up_trump_is_under_110_lines() -> None:
    lines = (HERE / "turnup_game.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 110
    assert TURNUP.DESCRIPTION.scenarios.keys() == {"legal", "deal"}  # its trick rule needs the card turned up
    assert TURNUP.DESCRIPTION.pack == TURNUP.PACK and TURNUP.DESCRIPTION.players == (4, 2)


@pytest.fixture
def turnup() -> Iterator[games.GameDescription]:
    """Turn-up registered for a test, and taken out after unless it was registered for the session."""
    added = TURNUP.DESCRIPTION.key not in games.keys()
    games.register(TURNUP.DESCRIPTION)
    yield TURNUP.DESCRIPTION
    if added:
        games.unregister(TURNUP.DESCRIPTION.key)


def test_every_seat_sees_the_card_turned_up_and_every_world_keeps_it(turnup: games.GameDescription) -> None:
    state = turnup.new_deal(seed=3)
    face_up = state.stock[0]
    assert state.public_cards() == (face_up,)
    rng = random.Random(0)
    for seat in range(4):
        view = games.observe(state, seat)
        assert view.public == (face_up,) and face_up not in view.unseen()
        assert len(view.unseen()) == 24 - 5 - 1  # the other hands and the stock under the card turned up
        for _ in range(20):
            world = games.sample_world(view, rng)
            assert world.stock[0] == face_up and world.trump == state.trump


def test_a_seat_frame_and_the_table_notes_show_the_card_turned_up(turnup: games.GameDescription) -> None:
    state = turnup.new_deal(seed=3)
    face_up = str(state.stock[0])
    assert view_to_json(games.observe(state, 1))["public"] == [face_up]
    notes = TableNotes()
    assert f"face up: {face_up}" in notes.facts(state, str)
    assert notes.intro(state, str) == [f"Face up for everyone: {face_up}."]


@dataclass(frozen=True)
class HiddenTrumpOptions(plain.PlainOptions):
    """A Turn-up that forgot to say its trump card is face up."""

    game = "Hidden trump"


class HiddenTrumpState(TURNUP.TurnUpState):
    """The same rules without the public-card hook: the views hide the card turned up."""

    options_class = HiddenTrumpOptions
    turned_up = 0


def test_a_world_that_does_not_agree_with_its_view_names_the_missing_hook() -> None:
    """Without the hook a world is dealt another trump: it cannot replay a card, or its last trick goes to another
    seat (the Monte Carlo bot would then play for the wrong seat); either way it says so, never in silence."""
    state, rng, refusals = HiddenTrumpState(seed=5), random.Random(0), set()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        view = plain.observe(state, 0)
        for _ in range(10):
            try:
                assert plain.observe(plain.world(view, rng), 0) == view
            except ValueError as refused:
                assert "turned-up trump" in str(refused) and "PlainState.turned_up" in str(refused)
                refusals.add("cannot replay" if "cannot replay" in str(refused) else "to move")
    assert refusals == {"cannot replay", "to move"}


PACKAGE = {
    "__init__.py": '"""A newcomer\'s games."""\n',
    "duel/__init__.py": "from .rules import KEY\n",
    "duel/rules.py": "KEY = 'duel'\n",
    "duel/description.py": (
        "import dataclasses\n"
        "import toy_game\n"
        "from .rules import KEY\n"
        "DESCRIPTION = dataclasses.replace(toy_game.DESCRIPTION, key=KEY, name='Duel')\n"
    ),
}


@pytest.fixture
def newcomers_package(tmp_path: Path) -> Iterator[Path]:
    """A package of a newcomer's own on disk, its room's description importing its rules relatively."""
    for name, text in PACKAGE.items():
        (tmp_path / "mygames" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "mygames" / name).write_text(text, encoding="utf-8")
    yield tmp_path / "mygames"
    for name in [m for m in sys.modules if m == "mygames" or m.startswith("mygames.")]:
        del sys.modules[name]
    if "duel" in games.keys():
        games.unregister("duel")
    if str(tmp_path) in sys.path:
        sys.path.remove(str(tmp_path))


@pytest.mark.parametrize("how", ["package name", "module name", "file path", "folder path"])
def test_a_game_is_loaded_by_its_module_or_its_path_relative_imports_and_all(newcomers_package: Path, how: str) -> None:
    asked = {
        "package name": "mygames.duel",
        "module name": "mygames.duel.description",
        "file path": str(newcomers_package / "duel" / "description.py"),
        "folder path": str(newcomers_package / "duel"),
    }[how]
    if how.endswith("name"):
        sys.path.insert(0, str(newcomers_package.parent))
    [loaded] = games.load(asked)
    assert loaded.key == "duel" and games.get("Duel") is loaded and games.of(loaded.new_deal(seed=1)) is loaded


def test_every_command_line_loads_a_game_by_its_module_name(
    newcomers_package: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bench, the tournament and the scenario runner each load a newcomer's package by name (``--load``)."""
    sys.path.insert(0, str(newcomers_package.parent))
    bench.main(["--load", "mygames.duel", "--seconds", "0.05", "duel"])
    assert capsys.readouterr().out.startswith("duel deals/s=")
    games.unregister("duel")
    assert tournament.main(["--load", "mygames.duel", "--game", "duel", "--deals", "2", "--quiet"]) == 0
    assert "duel: rules vs random" in capsys.readouterr().out
    games.unregister("duel")
    lines = tmp_path / "duel.jsonl"
    follow = {"game": "duel", "id": "duel-follow", "kind": "legal", "hand": ["A♠", "Q♥"], "trick": ["K♠"]}
    lines.write_text(json.dumps({**follow, "expect": {"legal": ["A♠"]}}, ensure_ascii=False) + "\n", encoding="utf-8")
    assert scenarios.main(["--load", "mygames.duel", str(lines)]) == 0
    assert capsys.readouterr().out == "1 passed, 0 failed\n"
    assert scenarios.main(["--load", "no_such_games.euchre", str(lines)]) == 2
    assert "there is no module 'no_such_games.euchre'" in capsys.readouterr().err


def test_a_load_that_finds_no_game_says_why(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="there is no module 'no_such_games.euchre'"):
        games.load("no_such_games.euchre")
    empty = tmp_path / "empty.py"
    empty.write_text("X = 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="describes no game"):
        games.load(str(empty))


def test_the_registry_finds_a_game_by_its_options_class(turnup: games.GameDescription) -> None:
    assert games.of(turnup.options_from(None)) is turnup and games.of(turnup.new_deal(seed=0)) is turnup
    assert games.of(games.get("alkort").options_from(None)).key == "alkort"
    with pytest.raises(ValueError, match="belongs to no game"):
        games.of(HiddenTrumpOptions())
