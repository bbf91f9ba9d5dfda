"""Fixtures of the table server's tests: a clock the test moves, tables on it, and a real HTTP server on loopback."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application

from cardlib.friends.server import FriendsServer, handlers
from cardlib.friends.tables import Limits, MemoryStore, Tables, TableService


@dataclass
class Clock:
    """Time that passes only when the test says so."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    """A clock the test moves."""
    return Clock()


@pytest.fixture
def tables(clock: Clock) -> Tables:
    """Tables in memory, on the test's clock."""
    return Tables(MemoryStore(), Limits(max_tables=5), clock=clock, sleep=clock.sleep)


@dataclass
class Seated:
    """A table made for a test: its id and each person's token, by seat."""

    table: str
    tokens: dict[int, str]


def make_table(service: TableService, game: str, seats: list[str], **settings: Any) -> Seated:
    """Make a table through any TableService."""
    made = service.create(game, seats, **settings)
    return Seated(made["table"], {int(seat): token for seat, token in made["tokens"].items()})


def play_one_move(service: TableService, seated: Seated, rng: random.Random) -> dict[str, Any] | None:
    """Some person who may move makes a random legal move (a card rather than 'wait'); the frame after, or None."""
    frames = {seat: service.frame(seated.table, seat, token) for seat, token in seated.tokens.items()}
    movers = [seat for seat, frame in frames.items() if frame["legal"]]
    if not movers:
        return None
    seat = rng.choice(movers)
    legal = frames[seat]["legal"]
    moves = [m for m in legal if m != "wait"] if rng.random() < 0.8 else legal
    return service.move(seated.table, seat, seated.tokens[seat], rng.choice(moves or legal), frames[seat]["version"])


@contextmanager
def serving(friends: FriendsServer) -> Iterator[str]:
    """Serve these tables over HTTP on 127.0.0.1 (a free port) while the block runs; yields the base URL."""
    sockets = bind_sockets(0, "127.0.0.1")
    port = sockets[0].getsockname()[1]
    started = threading.Event()
    running: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []

    async def main() -> None:
        server = HTTPServer(Application(handlers("/", friends)))
        server.add_sockets(sockets)
        stop = asyncio.Event()
        running.append((asyncio.get_running_loop(), stop))
        started.set()
        await stop.wait()
        server.stop()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert started.wait(10), "the test server did not start"
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        loop, stop = running[0]
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        friends.stop_listening()


@pytest.fixture
def serve() -> Callable[[FriendsServer], AbstractContextManager[str]]:
    """Serve a FriendsServer over HTTP on loopback for the length of a with block."""
    return serving


@pytest.fixture
def new_table() -> Callable[..., Seated]:
    """make_table(service, game, seats, **settings): a table made through any TableService."""
    return make_table


@pytest.fixture
def one_move() -> Callable[[TableService, Seated, random.Random], dict[str, Any] | None]:
    """play_one_move(service, seated, rng): a random person's random legal move."""
    return play_one_move
