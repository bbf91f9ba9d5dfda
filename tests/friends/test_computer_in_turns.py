"""The computer's moves at a people's table keep no other table waiting (issue 39: three strong computers made a
person's move take 1.23 s at p95, and every other table's requests waited behind it). The server answers the move at
once and makes the computer's moves after it, a move at a time on its loop, answering the other tables between two;
a table where the computer is to move when the server starts is played on as soon as anyone asks for it."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardlib.bots.levels import DEFAULT_LEVEL, LEVELS
from cardlib.friends import server
from cardlib.friends.client import HTTPTables
from cardlib.friends.server import FriendsServer
from cardlib.friends.stores import SQLiteStore
from cardlib.friends.tables import COMPUTER, PERSON, ComputerSeat, Limits, MemoryStore, Tables
from cardlib.players import Decision
from tests.friends.conftest import serving

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
THINK = 0.5  # seconds each computer decision blocks the process here, as a strong one does on a loaded machine


@pytest.fixture
def slow_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer decision takes THINK seconds of the process (time.sleep blocks the loop as computing does), and
    the server defers the moves of every level, as it does the strong level's (``Level.thinks_long``)."""
    for name, level in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, level._replace(thinks_long=True))
    decide = ComputerSeat.decide

    def slowly(self: ComputerSeat, state: Any, seat: int) -> Decision:
        time.sleep(THINK)
        return decide(self, state, seat)

    monkeypatch.setattr(ComputerSeat, "decide", slowly)


class Watcher:
    """Another table's seat asking for its frame again and again, timing each answer, while the block runs."""

    def __init__(self, client: HTTPTables, table: str, token: str) -> None:
        self.client, self.table, self.token = client, table, token
        self.waits: list[tuple[float, float]] = []  # (asked at, seconds until answered)
        self.stop = threading.Event()

    def run(self) -> None:
        """Ask, time, and ask again, 20 ms apart."""
        while not self.stop.is_set():
            asked = time.monotonic()
            self.client.frame(self.table, 0, self.token)
            self.waits.append((asked, time.monotonic() - asked))
            time.sleep(0.02)

    def longest(self, start: float, end: float) -> float:
        """The longest wait for an answer asked between these times (there must be some)."""
        waits = [wait for asked, wait in self.waits if start <= asked <= end]
        assert waits, "the other table's seat asked nothing meanwhile"
        return max(waits)


@contextmanager
def watching(client: HTTPTables, table: str, token: str) -> Iterator[Watcher]:
    """A Watcher running in a thread of its own."""
    watcher = Watcher(client, table, token)
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()
    try:
        yield watcher
    finally:
        watcher.stop.set()
        thread.join(10)


def my_turn(client: HTTPTables, table: str, token: str, since: int) -> dict[str, Any]:
    """Seat 0's frame once it has a move (or the deal is over), asking as its page does (a long poll)."""
    frame = client.frame(table, 0, token)
    deadline = time.monotonic() + 60
    while not frame["legal"] and not frame["deal_over"] and time.monotonic() < deadline:
        frame = client.wait(table, 0, token, max(since, frame["version"]), timeout=5)
    return frame


@pytest.mark.parametrize("pause", [server.BETWEEN_COMPUTER_MOVES, 0.0], ids=["pause", "late-timer"])
def test_the_computers_moves_keep_no_other_table_waiting(
    serve: Serve, slow_computer: None, pause: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person and three computers each thinking 0.5 s: in one request, a move's answer and every other table's
    waited up to 1.5 s; now the move is answered at once and the other table waits one decision at most — also when
    the pause between two moves ends in the very turn of the loop that first sees the other table's request (a timer
    firing late, after a collection of the garbage, made a clean clone's run wait two decisions)."""
    monkeypatch.setattr(server, "BETWEEN_COMPUTER_MOVES", pause)
    tables = Tables(MemoryStore(), Limits(messages_per_second=100, burst=100))  # the watcher asks 50 times a second
    rng = random.Random(4)
    with serve(FriendsServer(tables)) as url:
        client = HTTPTables(url)
        slow = client.create("alkort", [PERSON, COMPUTER, COMPUTER, COMPUTER], idle_seconds=0, whole_game=False, seed=7)
        other = client.create("ecarte", [PERSON, PERSON], idle_seconds=0)
        token = slow["tokens"]["0"]
        stretches: list[tuple[int, float, float]] = []  # computer moves after the person's, the answer's time, longest
        with watching(client, other["table"], other["tokens"]["0"]) as watcher:
            frame = my_turn(client, slow["table"], token, -1)
            while frame["legal"] and len(stretches) < 6:
                moved_at, moved_from = time.monotonic(), frame["version"]
                after = client.move(slow["table"], 0, token, rng.choice(frame["legal"]), frame["version"])
                answered = time.monotonic() - moved_at
                frame = my_turn(client, slow["table"], token, after["version"])
                computers = frame["version"] - moved_from - 1
                stretches.append((computers, answered, watcher.longest(moved_at, time.monotonic())))
    long_ones = [s for s in stretches if s[0] >= 2]
    assert long_ones, stretches
    assert all(answered < THINK for _, answered, _ in stretches), stretches
    assert all(longest < 2 * THINK for _, _, longest in long_ones), stretches


def test_a_table_the_computer_is_to_move_at_when_the_server_starts_is_played_on_when_asked(tmp_path: Path) -> None:
    """A restart: the computer is to move at a stored table (nobody asked since); the first question of its seat, to
    a server newly started on the same file, has the computer move, a move at a time, until the person decides."""
    path = tmp_path / "friends.sqlite"
    made = Tables(SQLiteStore(path)).create(  # at the strong level, whose moves the server makes after its answer
        "alkort", [PERSON, COMPUTER, COMPUTER, COMPUTER], idle_seconds=0, seed=3, level="strong"
    )
    store = SQLiteStore(path)
    stored = store.get(made["table"])
    assert stored is not None and stored.version == 0
    with serving(FriendsServer(Tables(store))) as url:
        client = HTTPTables(url)
        first = client.frame(made["table"], 0, made["tokens"]["0"])
        frame = my_turn(client, made["table"], made["tokens"]["0"], first["version"])
    assert first["version"] == 0 and not first["legal"], "the computer was to move, and the answer did not wait for it"
    assert frame["legal"] and frame["version"] > 0, frame["version"]
    again = SQLiteStore(path).get(made["table"])
    assert again is not None and again.version == frame["version"], "each of the computer's moves is stored"


def test_a_quick_level_moves_before_the_answer(serve: Serve) -> None:
    """Only the strong level's moves wait until after the answer: by the book, a person's move comes back with the
    computer's moves already made, the table at the person's next decision."""
    assert not LEVELS[DEFAULT_LEVEL].thinks_long and LEVELS["strong"].thinks_long
    with serve(FriendsServer(Tables(MemoryStore()))) as url:
        client = HTTPTables(url)
        made = client.create("alkort", [PERSON, COMPUTER, COMPUTER, COMPUTER], idle_seconds=0, whole_game=False, seed=7)
        token = made["tokens"]["0"]
        frame = my_turn(client, made["table"], token, -1)
        after = client.move(made["table"], 0, token, frame["legal"][0], frame["version"])
        assert after["legal"] or after["deal_over"], "the three computers moved before the answer"
        assert after["version"] >= frame["version"] + 4
