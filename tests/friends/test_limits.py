"""No one fills the server (issue 42, item 3): at most 20 open tables an address, a table nobody plays at gone within
the hour, and a teacher's key (printed when the demo starts) that lifts the limit of an address; the limits are in
the settings file. A page's kernel makes tables for its visitor's address, vouched for by the demo's key for its
kernels; without that key the header is not believed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from cardlib.friends.client import HTTPTables
from cardlib.friends.server import KERNEL_KEY_HEADER, VISITOR_HEADER, FriendsServer, friends_server
from cardlib.friends.stores import SQLiteStore
from cardlib.friends.tables import COMPUTER, PERSON, Limits, MemoryStore, TableError, Tables
from tests.friends.conftest import Clock
from tests.friends.test_fuzz import send

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
SETTINGS_FILE = Path(__file__).resolve().parents[2] / "notebooks/apps/voila/friends.json"
DUEL = {"game": "ecarte", "seats": [PERSON, PERSON]}


def make(tables: Tables, maker: str, seats: list[str] | None = None) -> dict[str, Any]:
    """A duel made by this maker."""
    return tables.create("ecarte", seats or [PERSON, PERSON], maker, idle_seconds=0)


def test_an_address_makes_at_most_twenty_open_tables_and_a_teacher_more(clock: Clock) -> None:
    tables = Tables(MemoryStore(), Limits(), clock=clock)
    for _ in range(20):
        make(tables, "address a")
    with pytest.raises(TableError) as refusal:
        make(tables, "address a")
    assert refusal.value.status == 429 and "made 20 open tables" in str(refusal.value)
    assert "60 minutes" in str(refusal.value) and "teacher's key" in str(refusal.value)
    make(tables, "address b")  # another address has its own twenty
    for _ in range(30):
        make(tables, "")  # a teacher's (or a page's own) tables: no limit but the server's
    assert tables.store.count() == 51


@pytest.mark.parametrize("store", ["memory", "sqlite"])
def test_a_table_nobody_plays_at_is_gone_within_the_hour_and_frees_its_place(
    clock: Clock, tmp_path: Path, store: str
) -> None:
    kept = MemoryStore() if store == "memory" else SQLiteStore(tmp_path / "friends.sqlite")
    tables = Tables(kept, Limits(tables_per_address=2), clock=clock)
    idle, played, teachers = make(tables, "a"), make(tables, "a"), make(tables, "")
    seat = next(s for s in (0, 1) if tables.frame(played["table"], s, played["tokens"][str(s)])["legal"])
    frame = tables.frame(played["table"], seat, played["tokens"][str(seat)])
    tables.move(played["table"], seat, played["tokens"][str(seat)], frame["legal"][0], frame["version"])
    clock.now += 3601
    with pytest.raises(TableError, match="expired") as gone:
        tables.frame(idle["table"], 0, idle["tokens"]["0"])
    assert gone.value.status == 410
    assert tables.frame(played["table"], 0, played["tokens"]["0"])["version"] >= 1, "a played table lives on"
    assert tables.frame(teachers["table"], 0, teachers["tokens"]["0"]), "a teacher's table waits for the class"
    assert len(kept.records_where("maker", "a", clock.now)) == 1
    make(tables, "a")  # the unplayed table's place is free again


def test_the_computers_moves_alone_do_not_keep_an_unplayed_table(clock: Clock) -> None:
    tables = Tables(MemoryStore(), Limits(), clock=clock)
    for seats in ([COMPUTER, PERSON], [PERSON, COMPUTER]):
        made = make(tables, "a", seats)
        person = seats.index(PERSON)
        tables.frame(made["table"], person, made["tokens"][str(person)])  # the computer moves if it is to
        clock.now += 3601
        with pytest.raises(TableError, match="expired"):
            tables.frame(made["table"], person, made["tokens"][str(person)])


def create(url: str, headers: dict[str, str] | None = None, **extra: Any) -> tuple[int, dict[str, Any]]:
    """Ask the server for a duel over HTTP."""
    return send(f"{url}friends/api/tables", json.dumps({**DUEL, **extra}).encode(), headers)


def test_over_http_the_address_is_limited_and_the_teachers_key_lifts_it(serve: Serve) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(tables_per_address=3)), teacher_key="the key")
    with serve(friends) as url:
        assert [create(url)[0] for _ in range(4)] == [201, 201, 201, 429]
        status, answer = create(url)
        assert status == 429 and "made 3 open tables" in answer["error"]
        assert create(url, teacher_key="the key")[0] == 201
        status, answer = create(url, teacher_key="a guess")
        assert status == 403 and "Wrong teacher's key" in answer["error"]
        made = HTTPTables(url).create("ecarte", [PERSON, PERSON], teacher_key="the key", seed=3)
        assert set(made["links"]) == {"0", "1"}


def test_a_page_kernel_makes_tables_for_its_visitors_address_only_with_the_kernels_key(serve: Serve) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(tables_per_address=2)))
    vouched = {VISITOR_HEADER: "10.0.0.7", KERNEL_KEY_HEADER: friends.kernel_key}
    forged = {VISITOR_HEADER: "10.0.0.8", KERNEL_KEY_HEADER: "a guess"}
    with serve(friends) as url:
        assert [create(url, forged)[0] for _ in range(3)] == [201, 201, 429], "a forged visitor is the sender"
        assert [create(url, vouched)[0] for _ in range(3)] == [201, 201, 429], "the visitor has its own two"


def test_the_page_kernels_client_says_whose_table_it_makes(serve: Serve, monkeypatch: pytest.MonkeyPatch) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(tables_per_address=1)))
    with serve(friends) as url:
        HTTPTables(url).create("ecarte", [PERSON, PERSON])
        monkeypatch.setenv("CARDLIB_VISITOR_ADDRESS", f"10.0.0.{random.randrange(256)}")
        monkeypatch.setenv("CARDLIB_FRIENDS_KERNEL_KEY", friends.kernel_key)
        assert HTTPTables(url).create("ecarte", [PERSON, PERSON])["table"], "counted as its visitor's"


def test_the_settings_file_states_the_limits_and_the_demo_prints_the_teachers_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    settings = json.loads(SETTINGS_FILE.read_text())
    limits = Limits.from_dict(settings["limits"])
    assert (limits.tables_per_address, limits.unplayed_seconds, limits.option_number_times) == (20, 3600, 10)
    assert "teacher_key" in settings
    monkeypatch.setenv("CARDLIB_FRIENDS_DB", str(tmp_path / "friends.sqlite"))
    monkeypatch.delenv("CARDLIB_TEACHER_KEY", raising=False)
    first, second = friends_server(SETTINGS_FILE), friends_server(SETTINGS_FILE)
    try:
        assert len(first.teacher_key) >= 16 and first.teacher_key != second.teacher_key, "made afresh at each start"
        assert first.teacher_key in first.teacher_note() and "20 open tables an address" in first.teacher_note()
    finally:
        first.close()
        second.close()
    monkeypatch.setenv("CARDLIB_TEACHER_KEY", "chosen")
    chosen = friends_server(SETTINGS_FILE)
    chosen.close()
    assert chosen.teacher_key == "chosen"
