"""Where tables are kept: one SQLite file a restarted server resumes from, and one Redis several servers share."""

from __future__ import annotations

import json
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from cardlib import games
from cardlib.friends.client import HTTPTables
from cardlib.friends.server import FriendsServer
from cardlib.friends.stores import RedisStore, SQLiteStore
from cardlib.friends.tables import COMPUTER, PERSON, Limits, Tables

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
Serve = Callable[[FriendsServer], AbstractContextManager[str]]
# Every game with people in every seat, and with one person and the computer in the others (at its fewest players)
TABLES = [
    (game.key, seats)
    for game in games.every()
    for seats in ([PERSON] * game.players[0], [PERSON] + [COMPUTER] * (min(game.players) - 1))
]


def play(tables: Tables, made: dict[str, Any], moves: int, rng: random.Random) -> None:
    """People make some random legal moves (cards rather than 'wait')."""
    for _ in range(moves):
        frames = {int(s): tables.frame(made["table"], int(s), t) for s, t in made["tokens"].items()}
        movers = [s for s, f in frames.items() if f["legal"]]
        seat = rng.choice(movers)
        legal = frames[seat]["legal"]
        move = rng.choice([m for m in legal if m not in ("wait", "next deal")] or legal)
        tables.move(made["table"], seat, made["tokens"][str(seat)], move, frames[seat]["version"])


def what_seats_see(tables: Tables, made: dict[str, Any]) -> dict[int, tuple[Any, ...]]:
    """Each person's view, version and legal moves (not who is connected, which a restart forgets)."""
    frames = {int(s): tables.frame(made["table"], int(s), t) for s, t in made["tokens"].items()}
    return {s: (f["version"], f["view"], f["legal"], f["scores"]) for s, f in frames.items()}


def test_a_server_restarted_mid_deal_resumes_every_table_at_the_same_move(tmp_path: Path) -> None:
    path, rng = tmp_path / "friends.sqlite", random.Random(8)
    first = Tables(SQLiteStore(path))
    made = [first.create(game, seats, seed=i) for i, (game, seats) in enumerate(TABLES)]
    for table in made:
        play(first, table, 7, rng)
    seen = [what_seats_see(first, table) for table in made]
    assert all(0 < next(iter(s.values()))[0] for s in seen)  # mid-deal, moves made
    first.store.close()  # type: ignore[attr-defined]  # the server stops
    second = Tables(SQLiteStore(path))  # and starts again on the same file
    assert [what_seats_see(second, table) for table in made] == seen
    play(second, made[0], 3, rng)  # and play goes on
    assert what_seats_see(second, made[0])[0][0] > seen[0][0][0]


def test_after_a_restart_a_persons_seat_gets_the_whole_idle_time_before_the_computer_plays_it(
    tmp_path: Path, clock: Any
) -> None:
    """The restarted server does not know who was there (the SQLite store keeps the tables, not who is connected):
    an empty seat's idle clock starts at the server's start, so the people have the table's idle time to come back
    (before, a restart later than the idle time gave every seat whose person had not reopened yet to the computer)."""
    path = tmp_path / "friends.sqlite"
    first = Tables(SQLiteStore(path), clock=clock, sleep=clock.sleep)
    made = first.create("ecarte", [PERSON, PERSON], seed=3, idle_seconds=30)
    play(first, made, 2, random.Random(1))
    first.store.close()  # type: ignore[attr-defined]  # the server stops, and starts again a while later
    clock.now += 600
    second = Tables(SQLiteStore(path), clock=clock, sleep=clock.sleep)
    back = second.frame(made["table"], 0, made["tokens"]["0"])  # seat 0's person is back at once, seat 1's not yet
    assert back["version"] == 2 and not back["seats"][1]["bot_standing_in"], "seat 1 still has its idle time"
    clock.now += 29
    assert not second.frame(made["table"], 0, made["tokens"]["0"])["seats"][1]["bot_standing_in"]
    clock.now += 2  # past the idle time since the start: the computer stands in for seat 1
    assert second.frame(made["table"], 0, made["tokens"]["0"])["seats"][1]["bot_standing_in"]


def test_a_move_is_on_disk_before_it_is_answered(tmp_path: Path) -> None:
    """Another process reading the file the moment a move is answered finds it (no move kept only in memory)."""
    path = tmp_path / "friends.sqlite"
    tables = Tables(SQLiteStore(path))
    made = tables.create("ecarte", [PERSON, PERSON], seed=3)
    play(tables, made, 4, random.Random(1))
    version = tables.frame(made["table"], 0, made["tokens"]["0"])["version"]
    script = (
        "import sys; from cardlib.friends.stores import SQLiteStore; from cardlib.friends.tables import Replay; "
        "record = SQLiteStore(sys.argv[1]).get(sys.argv[2]); replay = Replay(record); "
        "print(record.version, ' '.join(replay.state.history()))"
    )
    out = subprocess.run([sys.executable, "-c", script, str(path), made["table"]], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    stored_version, history = out.stdout.split(" ", 1)
    assert int(stored_version) == version
    assert history.strip() == " ".join(tables.replays[made["table"]].state.history())


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A real redis-server on a free loopback port, for this test only (nothing saved to disk)."""
    port = free_port()
    command = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    server = subprocess.Popen([*command, "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def test_two_servers_sharing_one_redis_play_one_table(redis_url: str, serve: Serve) -> None:
    limits = Limits(messages_per_second=1000, burst=1000)  # the test asks for frames more than a page does
    one, two = (FriendsServer(Tables(RedisStore(redis_url), limits)) for _ in range(2))
    with serve(one) as url_one, serve(two) as url_two:
        on_one, on_two = HTTPTables(url_one), HTTPTables(url_two)
        made = one.tables.create("ecarte", [PERSON, PERSON], seed=6, idle_seconds=0)
        table, tokens = made["table"], made["tokens"]
        clients = {0: on_one, 1: on_two}  # seat 0 plays on the first server, seat 1 on the second
        rng, heard = random.Random(2), []
        while True:
            frames = {s: clients[s].frame(table, s, tokens[str(s)]) for s in (0, 1)}
            if frames[0]["game_over"]:
                break
            mover = next(s for s, f in frames.items() if f["legal"])
            other = 1 - mover
            news: list[dict[str, Any]] = []
            waiting = threading.Thread(
                target=lambda: news.append(  # noqa: B023
                    clients[other].wait(table, other, tokens[str(other)], frames[other]["version"], 10)  # noqa: B023
                )
            )
            waiting.start()
            time.sleep(0.05)
            sent = time.monotonic()
            clients[mover].move(
                table, mover, tokens[str(mover)], rng.choice(frames[mover]["legal"]), frames[mover]["version"]
            )
            waiting.join(15)
            heard.append(time.monotonic() - sent)
            assert news and news[0]["version"] > frames[other]["version"]  # the move reached the other server's player
        assert len(heard) > 10 and sorted(heard)[len(heard) // 2] < 0.5
        stored = [json.loads(s.tables.store.get(table).to_json()) for s in (one, two)]  # type: ignore[union-attr]
        assert stored[0] == stored[1] and frames[0]["scores"] == frames[1]["scores"]
    one.close()
    two.close()


def test_two_servers_on_one_file_never_serve_a_stale_table(tmp_path: Path) -> None:
    """A server keeps the records it read, but uses one again only while the file holds that version."""
    path = tmp_path / "friends.sqlite"
    one, two = Tables(SQLiteStore(path)), Tables(SQLiteStore(path))
    made = one.create("ecarte", [PERSON, PERSON], seed=4)
    assert what_seats_see(two, made) == what_seats_see(one, made)
    play(one, made, 3, random.Random(3))
    assert what_seats_see(two, made) == what_seats_see(one, made)
    play(two, made, 2, random.Random(4))
    assert what_seats_see(one, made) == what_seats_see(two, made)
