"""The computer's level at people's tables (issue 39, item 3): a table's ``level`` (gentle, by the book, strong) is
checked like its other settings, stored (a record stored before levels loads as by the book), plays the computer's
seats and the stand-ins for absent people, is the same after a restart (the same moves), is carried to every table of
a duplicate match, and is asked for by the command-line client's ``--level``."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from cardlib import games
from cardlib.bots.levels import DEFAULT_LEVEL, LEVELS, level_label
from cardlib.friends.client import HTTPTables
from cardlib.friends.matches import create_match, results
from cardlib.friends.server import FriendsServer
from cardlib.friends.stores import SQLiteStore
from cardlib.friends.tables import COMPUTER, PERSON, Limits, MemoryStore, Record, Replay, TableError, Tables, new_table
from cardlib.widgets.faces import escape
from cardlib.widgets.friends import FriendsTable, PassTheDevice, TableMaker
from tests.friends.conftest import Clock
from tests.friends.test_bad_inputs import run_client
from tests.friends.test_fuzz import send
from tests.friends.test_matches import deals_over_soon

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
LEVEL_NAMES = "'gentle', 'by the book', 'strong'"


class Level(str):
    """A level as a learner might hand it in: a str subclass."""


@pytest.mark.parametrize("level", ["hard", "Strong", "", 3, 2.5, True, None, ["strong"], {"level": "strong"}])
def test_an_unknown_level_or_a_non_string_is_refused_naming_the_levels(tables: Tables, level: object) -> None:
    with pytest.raises(TableError) as refusal:
        tables.create("ecarte", [PERSON, COMPUTER], level=level)
    assert refusal.value.status == 400 and LEVEL_NAMES in str(refusal.value) and repr(level)[:40] in str(refusal.value)
    assert tables.store.count() == 0


def test_over_http_a_bad_level_is_a_400_in_words_and_a_good_one_is_kept(serve: Serve) -> None:
    tables = Tables(MemoryStore(), Limits())
    with serve(FriendsServer(tables)) as url:
        body = {"game": "ecarte", "seats": [PERSON, COMPUTER], "level": "grandmaster"}
        status, answer = send(f"{url}friends/api/tables", json.dumps(body).encode())
        assert status == 400 and LEVEL_NAMES in answer["error"] and "'grandmaster'" in answer["error"]
        status, made = send(f"{url}friends/api/tables", json.dumps({**body, "level": "gentle"}).encode())
        assert status == 201, made
    frame = tables.frame(made["table"], 0, made["tokens"]["0"])
    assert frame["level"] == "gentle"


@pytest.mark.parametrize("level", [*LEVELS, Level("strong")])
def test_every_level_is_stored_as_plain_text_and_named_in_every_seats_frame(tables: Tables, level: str) -> None:
    made = tables.create("alkort", [PERSON, COMPUTER, PERSON, COMPUTER], level=level, seed=5)
    record = tables.store.get(made["table"])
    assert record is not None and record.level == level and type(record.level) is str
    assert Record.from_json(record.to_json()) == record
    assert {tables.frame(made["table"], int(s), t)["level"] for s, t in made["tokens"].items()} == {level}


def test_a_record_stored_before_levels_loads_and_plays_by_the_book(tables: Tables) -> None:
    made = tables.create("ecarte", [PERSON, COMPUTER], seed=7)
    record = tables.store.get(made["table"])
    assert record is not None and record.level == DEFAULT_LEVEL == "by the book"
    old = json.loads(record.to_json())
    del old["level"]
    loaded = Record.from_json(json.dumps(old))
    assert loaded == record and Replay(loaded).bots[1].bot().name == games.get("ecarte").rule_bot(0).name


@pytest.mark.parametrize(("level", "bot"), [("gentle", "random"), ("by the book", "rules"), ("strong", "strong")])
def test_the_computers_seats_and_the_stand_ins_play_at_the_tables_level(level: str, bot: str) -> None:
    record, _ = new_table("alkort", seats=[PERSON, COMPUTER, PERSON, COMPUTER], now=0.0, level=level, seed=3)
    replay = Replay(record)
    names = {seat.bot().name for seat in replay.bots}
    rule_bot = games.get("alkort").rule_bot(0).name
    assert names == {rule_bot if bot == "rules" else bot}


def computer_moves(level: str, seed: int) -> list[tuple[int, str]]:
    """The moves of a deal of Écarté the computer plays alone at a level (a match's yardstick table)."""
    record, _ = new_table(
        "ecarte", seats=[COMPUTER, COMPUTER], now=0.0, match={}, level=level, seed=seed, whole_game=False
    )
    replay = Replay(record)
    return replay.advance(set())


def test_the_gentle_level_plays_otherwise_than_the_book_and_each_level_the_same_again() -> None:
    gentle = [computer_moves("gentle", seed) for seed in range(4)]
    book = [computer_moves("by the book", seed) for seed in range(4)]
    assert gentle != book, "random legal moves are not the book's in four deals"
    assert gentle == [computer_moves("gentle", seed) for seed in range(4)], "the same table, the same moves"
    assert all(moves and moves[-1][1].startswith("play") for moves in gentle + book), "each deal played out"


def played_with_restarts(path: Path, game: str, seats: list[str], level: str, restart: bool) -> tuple[Any, ...]:
    """A deal played by the person at seat 0 (random legal moves, seeded), the person at seat 2 (if any) away, so the
    computer stands in: the server restarted on its SQLite file before each move if ``restart``. The moves made
    (the computer's among them) and the last frame's level."""
    clock, rng = Clock(), random.Random(1)
    tables = Tables(SQLiteStore(path), clock=clock, sleep=clock.sleep)
    made = tables.create(game, seats, level=level, seed=21, idle_seconds=5, whole_game=False)
    token = made["tokens"]["0"]
    while True:
        if restart:
            tables.store.close()  # type: ignore[attr-defined]  # the server stops, and starts again on its file
            tables = Tables(SQLiteStore(path), clock=clock, sleep=clock.sleep)
        clock.now += 6  # longer than the idle time (from the server's start): seat 2's person is away
        frame = tables.frame(made["table"], 0, token)
        legal = [move for move in frame["legal"] if move != "wait"] or frame["legal"]
        if not legal:
            break
        tables.move(made["table"], 0, token, rng.choice(legal), frame["version"])
    record = tables.store.get(made["table"])
    tables.store.close()  # type: ignore[attr-defined]
    assert record is not None and frame["deal_over"]
    return record.actions, frame["level"]


# Every game at its most players, a person and the computer in turn round the table (at four, the computer stands in
# for the absent person at seat 2): the strong level where a deal is quick (two players), else the gentle one.
RESTARTED = [
    (game.key, [PERSON if seat % 2 == 0 else COMPUTER for seat in range(n)], "strong" if n == 2 else "gentle")
    for game in games.every()
    for n in [max(game.players)]
]


@pytest.mark.parametrize(("game", "seats", "level"), RESTARTED)
def test_a_restart_loses_no_table_and_the_computer_makes_the_same_moves(
    tmp_path: Path, game: str, seats: list[str], level: str
) -> None:
    """The gentle level's random player would draw other moves from a bot made again after a restart, were its
    numbers one running sequence: each decision's seed is the table's seed, the seat and the move number."""
    kept = played_with_restarts(tmp_path / "kept.sqlite", game, seats, level, restart=False)
    restarted = played_with_restarts(tmp_path / "restarted.sqlite", game, seats, level, restart=True)
    assert restarted == kept and kept[1] == level
    computer = [move for seat, move in kept[0] if seat != 0]
    assert len(computer) >= 5, "the computer (and the stand-in at Alkort) made moves"
    if len(seats) == 4:
        assert any(seat == 2 for seat, _ in kept[0]), "the computer stood in for the absent person at seat 2"


def test_a_match_carries_its_level_to_every_table_the_computers_own_too() -> None:
    tables = Tables()
    made = create_match(
        tables, "ecarte", [[PERSON, PERSON], [PERSON, COMPUTER], [COMPUTER, COMPUTER]], level="gentle", seed=3
    )
    records = [tables.store.get(table["table"]) for table in made["tables"]]
    assert [record.level for record in records if record is not None] == ["gentle"] * 3
    assert records[2] is not None and list(records[2].actions) == computer_moves("gentle", 3), "played at the level"
    assert results(tables, made["match"], made["results_key"])["level"] == "gentle"
    with pytest.raises(TableError, match=LEVEL_NAMES):
        create_match(tables, "ecarte", [[PERSON, PERSON]] * 2, level="expert")
    assert tables.store.count() == 3, "a bad level is refused before any table is made"


def test_the_client_asks_for_a_level_and_refuses_an_unknown_one_in_one_line(serve: Serve) -> None:
    tables = Tables(MemoryStore(), Limits())
    with serve(FriendsServer(tables, teacher_key="the key")) as url, pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDLIB_TEACHER_KEY", "the key")  # the client's --key, as a teacher's shell may give it
        table = run_client("ecarte", "person", "computer", "--server", url, "--level", "strong")
        match = run_client(
            "ecarte", "person", "person", "--server", url, "--match", "1", "--computer-table", "--level", "gentle"
        )
        unknown = run_client("ecarte", "person", "computer", "--server", url, "--level", "expert")
    assert table.returncode == 0 and match.returncode == 0, table.stderr + match.stderr
    levels = sorted(record.level for record in tables.store.records.values())  # type: ignore[attr-defined]
    assert levels == ["gentle", "gentle", "strong"], "the match's two tables gentle, the table strong"
    assert (
        unknown.returncode == 2 and "invalid choice: 'expert'" in unknown.stderr and "'by the book'" in unknown.stderr
    )
    assert "Traceback" not in unknown.stderr


def seat_pages_text(tables: Tables, made: dict[str, Any]) -> list[str]:
    """What each person's seat page shows of its seats (the seats' table and the facts under it)."""
    pages = [FriendsTable(tables, made["table"], int(s), t, poll_seconds=None) for s, t in made["tokens"].items()]
    return [page.seats_view.value for page in pages]


def test_the_maker_offers_each_level_in_words_and_every_seats_page_names_the_one_chosen() -> None:
    tables = Tables()
    maker = TableMaker(tables)
    picker = maker.level_picker
    assert picker.description == "The computer's level" and picker.value == DEFAULT_LEVEL
    assert list(picker.options) == [(level_label(level), level) for level in LEVELS]
    maker.game_picker.value = "alkort"
    maker.seat_pickers[1].value = maker.seat_pickers[3].value = COMPUTER
    picker.value = "strong"
    maker.create()
    assert maker.made is not None and maker.message.value == ""
    record = tables.store.get(maker.made["table"])
    assert record is not None and record.level == "strong" and record.seats == (PERSON, COMPUTER, PERSON, COMPUTER)
    named = escape("The computer's level: " + level_label("strong") + ".")
    assert all(named in text for text in seat_pages_text(tables, maker.made))


def test_the_device_passed_between_people_plays_the_computer_at_the_level_chosen() -> None:
    maker = TableMaker(Tables(), pass_the_device=True)
    maker.game_picker.value = "alkort"
    maker.level_picker.value = "gentle"
    maker.create()
    device = maker.children[-1]
    assert isinstance(device, PassTheDevice)
    assert escape(level_label("gentle")) in device.table.seats_view.value


@pytest.mark.parametrize(
    ("seats", "idle", "words"),
    [
        ([PERSON, COMPUTER], 0, "The computer's level: gentle — "),
        ([PERSON, PERSON], 60, "The computer's level, when it plays for someone away: gentle — "),
        ([PERSON, PERSON], 0, None),
    ],
)
def test_the_level_is_named_where_the_computer_plays_and_only_there(
    tables: Tables, seats: list[str], idle: int, words: str | None
) -> None:
    made = tables.create("ecarte", seats, level="gentle", idle_seconds=idle)
    for text in seat_pages_text(tables, made):
        assert (escape(words) in text) if words else "level" not in text


def test_a_strong_computers_table_is_played_a_move_at_a_time_and_the_server_answers_the_class_meanwhile(
    serve: Serve,
) -> None:
    """A strong four-handed Alkort deal takes the computer seconds: made in one request, the match's answer waited for
    it all (9.6 s measured, and three deals timed the client out at 10 s) and the server answered nobody else. Now
    the match is answered at once and its computer's table is played a move at a time, a seat's frame answered
    between two moves."""
    tables = Tables(MemoryStore(), Limits())
    with serve(FriendsServer(tables, teacher_key="the key")) as url:
        client = HTTPTables(url)
        started = time.monotonic()
        made = client.create_match("alkort", [[PERSON] * 4, [COMPUTER] * 4], teacher_key="the key", level="strong")
        answered = time.monotonic() - started
        people = made["tables"][0]
        waits = []
        for _ in range(3):
            asked = time.monotonic()
            client.frame(people["table"], 0, people["tokens"]["0"])
            waits.append(time.monotonic() - asked)
        meanwhile = client.results(made["match"], made["results_key"])["tables"][1]["deals_over"]
        assert deals_over_soon(client, made, 1, seconds=120) == 1, "the computer's table played to its end"
    assert answered < 2 and meanwhile == 0 and max(waits) < 3, (answered, meanwhile, waits)


def test_a_computers_table_left_unplayed_is_played_on_when_the_results_are_asked(serve: Serve) -> None:
    """A server restarted while it played a match's computer table: the teacher's results page, asking, plays it on."""
    tables = Tables(MemoryStore(), Limits())
    made = create_match(tables, "ecarte", [[PERSON, PERSON], [COMPUTER, COMPUTER]], play_now=False, level="gentle")
    assert results(tables, made["match"], made["results_key"])["tables"][1]["deals_over"] == 0
    with serve(FriendsServer(tables)) as url:
        assert deals_over_soon(HTTPTables(url), made, 1) == 1
