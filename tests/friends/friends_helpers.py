"""Helpers of the table server's tests: a real HTTP server on a free loopback port, in a thread of the test."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application

from cardlib.friends.server import FriendsServer, handlers


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
    started.wait(10)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        loop, stop = running[0]
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        friends.stop_listening()
