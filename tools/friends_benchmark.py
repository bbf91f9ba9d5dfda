"""How fast a move reaches the other players at a people's table: 10 tables of 4 playing at once.

    .venv/bin/python tools/friends_benchmark.py              # make friends-benchmark
    .venv/bin/python tools/friends_benchmark.py --tables 10 --think 0.1 --redis

It starts a real table server on loopback (``python -m cardlib.friends.server``: the same Tornado handlers, store
and limits ``make demo`` serves; SQLite in a temporary file, or a temporary ``redis-server`` with ``--redis``),
makes the tables (four-handed Alkort, four people each), and plays one deal at every table at once: 40 players,
each a long poll (``GET …?since=<version>``) that returns when the table moves on, and a ``POST`` of a random legal
move when it is the player's turn, after ``--think`` seconds. The latency of a move is the time from its ``POST``
being sent to each other player's poll returning with it. The goal: p95 under 0.3 s on one machine.

This is a benchmark to read, not a test: it prints the figures the README quotes, and the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPClientError

GOAL = 0.3  # seconds: a move shown to everyone
LIMITS = {"max_tables": 50, "messages_per_second": 20, "burst": 40, "max_wait": 10}


@dataclass
class Figures:
    """What the players measured: each move's latency to each other player, and the moves made."""

    latencies: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, version it was made at) -> when
    moves: int = 0
    refused: list[str] = field(default_factory=list)


class Player:
    """One seat at one table, over HTTP: waits for news, moves when it may."""

    def __init__(self, url: str, table: str, seat: int, token: str, figures: Figures, think: float) -> None:
        self.url = f"{url}friends/api/tables/{table}/seats/{seat}"
        self.table, self.token, self.figures, self.think = table, token, figures, think
        self.http = AsyncHTTPClient()
        self.rng = random.Random(f"{table}{seat}")

    async def get(self, since: int) -> dict[str, Any]:
        """The seat's frame, once the table is past ``since``."""
        answer = await self.http.fetch(
            f"{self.url}?since={since}&timeout=10", headers={"X-Seat-Token": self.token}, request_timeout=30
        )
        frame: dict[str, Any] = json.loads(answer.body)
        return frame

    async def move(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a random legal move (a card rather than 'wait'); the frame after it."""
        legal = frame["legal"]
        action = self.rng.choice([m for m in legal if m != "wait"] or legal)
        body = json.dumps({"token": self.token, "action": action, "version": frame["version"]})
        self.figures.sent[self.table, frame["version"]] = time.perf_counter()
        answer = await self.http.fetch(f"{self.url}/moves", method="POST", body=body, request_timeout=30)
        self.figures.moves += 1
        after: dict[str, Any] = json.loads(answer.body)
        return after

    async def play(self, deadline: float) -> None:
        """Play until the deal is over (or the deadline)."""
        frame = await self.get(-1)
        while not frame["deal_over"] and time.perf_counter() < deadline:
            if frame["legal"]:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                try:
                    frame = await self.move(frame)
                except HTTPClientError as error:  # another's move came first: look again
                    self.figures.refused.append(str(error))
                    frame = await self.get(-1)
                continue
            news = await self.get(frame["version"])
            made_at = self.figures.sent.get((self.table, frame["version"]))
            if news["version"] > frame["version"] and made_at is not None:
                self.figures.latencies.append(time.perf_counter() - made_at)
            frame = news


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(work: Path, redis_url: str | None) -> tuple[subprocess.Popen[str], str]:
    """The table server in a process of its own; its base URL."""
    settings = work / "friends.json"
    settings.write_text(json.dumps({"sqlite_path": str(work / "friends.sqlite"), "limits": LIMITS}))
    env = {**os.environ, "CARDLIB_FRIENDS_REDIS": redis_url or ""}
    command = [sys.executable, "-m", "cardlib.friends.server", "--settings", str(settings)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert server.stdout is not None
    return server, server.stdout.readline().strip()


def start_redis(work: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server of its own on a free loopback port."""
    port = free_port()
    redis = shutil.which("redis-server") or "/usr/bin/redis-server"
    command = [redis, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(work)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return process, f"redis://127.0.0.1:{port}/0"


async def make_tables(url: str, count: int) -> list[dict[str, Any]]:
    """Four-handed Alkort tables, four people each, one deal."""
    http, made = AsyncHTTPClient(), []
    body = json.dumps({"game": "alkort", "seats": ["person"] * 4, "idle_seconds": 0, "whole_game": False})
    for _ in range(count):
        answer = await http.fetch(f"{url}friends/api/tables", method="POST", body=body)
        made.append(json.loads(answer.body))
    return made


async def run(url: str, tables: int, think: float, limit: float) -> tuple[Figures, float]:
    """Play a deal at every table at once; the figures and the time it took."""
    AsyncHTTPClient.configure(None, max_clients=8 * tables)
    figures, made = Figures(), await make_tables(url, tables)
    players = [
        Player(url, table["table"], int(seat), token, figures, think)
        for table in made
        for seat, token in table["tokens"].items()
    ]
    started = time.perf_counter()
    await asyncio.gather(*(p.play(started + limit) for p in players))
    return figures, time.perf_counter() - started


def report(figures: Figures, seconds: float, tables: int, think: float, store: str, server_cpu: float) -> None:
    """Print the figures."""
    latencies = sorted(figures.latencies)
    p50 = statistics.median(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    load = os.getloadavg()[0]
    print(f"{tables} tables of 4 (Alkort, one deal each), store {store}, think time ~{think:g} s, load {load:.1f}")
    print(f"{figures.moves} moves in {seconds:.1f} s ({figures.moves / seconds:.0f} a second at the server)")
    print(f"a move reaching the other players: p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, ", end="")
    print(f"max {latencies[-1] * 1000:.0f} ms over {len(latencies)} deliveries (goal: p95 < {GOAL * 1000:.0f} ms)")
    print(f"the server's own processor time: {server_cpu / max(1, figures.moves) * 1000:.1f} ms a move ", end="")
    print("(judging it, storing it, and every player's frame after it)")
    if figures.refused:
        print(f"{len(figures.refused)} moves refused (stale version): {figures.refused[0]}")


def main() -> None:
    """Start the server, play, report, stop everything started."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--think", type=float, default=0.1, help="a player's mean time to decide (seconds)")
    parser.add_argument("--limit", type=float, default=180, help="stop playing after this many seconds")
    parser.add_argument("--redis", action="store_true", help="keep the tables in a temporary redis-server")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        redis, redis_url = start_redis(work) if args.redis else (None, None)
        server, url = start_server(work, redis_url)
        try:
            process = psutil.Process(server.pid)
            before = sum(process.cpu_times()[:2])
            players_before = time.process_time()
            figures, seconds = asyncio.run(run(url, args.tables, args.think, args.limit))
            cpu = sum(process.cpu_times()[:2]) - before
            players_cpu = time.process_time() - players_before
            print(f"the {4 * args.tables} players' processor time (this process): {players_cpu:.1f} s")
            report(figures, seconds, args.tables, args.think, "Redis" if redis else "SQLite", cpu)
        finally:
            server.terminate()
            server.wait(10)
            if redis is not None:
                redis.terminate()
                redis.wait(10)


if __name__ == "__main__":
    main()
