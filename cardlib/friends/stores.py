"""Where the table server keeps its tables: one SQLite file (the default), or Redis for several servers.

Both keep each table as its ``Record`` (a line of JSON: game, options, seed, seats, the hashes of the seats'
tokens, the moves) and save a move only if nobody saved another since it was read (a compare-and-set on the
version), *before* the move is acknowledged: a server stopped mid-deal and started again on the same file (or the
same Redis) finds every table at the same move. Redis also tells every server of a move made on any of them
(publish/subscribe), so a player waiting on one server hears of a move made on another at once.

Presence (when each seat was last heard from) is not a move and need not survive a restart: SQLite keeps it in
the server's memory, Redis in a hash every server shares.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .tables import CONNECTED_SECONDS, Record, SeatsHeard

SCHEMA = """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, version INTEGER NOT NULL, expires REAL NOT NULL, record TEXT NOT NULL)"""


class SQLiteStore(SeatsHeard):
    """Tables in one SQLite file (stdlib ``sqlite3``), each move committed to disk before it is answered."""

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")  # readers do not wait for a writer
        self.db.execute("PRAGMA synchronous=FULL")  # a committed move is on the disk
        self.db.execute(SCHEMA)
        self.kept: dict[str, Record] = {}  # the records read or written, used again while their version stands

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def get(self, table: str) -> Record | None:
        """The record of a table, or None."""
        row = self.db.execute("SELECT version FROM tables WHERE id = ?", (table,)).fetchone()
        if row is None:
            return None
        kept = self.kept.get(table)
        if kept is not None and kept.version == row[0]:
            return kept  # as read or written last: no need to read and parse it again
        text = self.db.execute("SELECT record FROM tables WHERE id = ?", (table,)).fetchone()[0]
        record = self.kept[table] = Record.from_json(text)
        return record

    def add(self, record: Record) -> None:
        """Keep a new table."""
        self.db.execute(
            "INSERT INTO tables (id, version, expires, record) VALUES (?, ?, ?, ?)",
            (record.id, record.version, record.expires, record.to_json()),
        )
        self.kept[record.id] = record

    def save(self, record: Record, expected_version: int) -> bool:
        """Keep a newer record if the stored one is still at ``expected_version`` (committed before returning)."""
        cursor = self.db.execute(
            "UPDATE tables SET version = ?, expires = ?, record = ? WHERE id = ? AND version = ?",
            (record.version, record.expires, record.to_json(), record.id, expected_version),
        )
        if cursor.rowcount != 1:
            return False
        self.kept[record.id] = record
        return True

    def count(self) -> int:
        """How many tables are kept."""
        return int(self.db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])

    def records_where(self, name: str, value: str, now: float) -> list[Record]:
        """The open tables whose record has this value in this field (their maker, their match)."""
        if name not in Record.__dataclass_fields__:
            raise ValueError(f"a table's record has no field {name!r}")
        query = "SELECT record FROM tables WHERE expires >= ? AND json_extract(record, ?) = ?"
        return [Record.from_json(row[0]) for row in self.db.execute(query, (now, f"$.{name}", value))]

    def purge(self, now: float) -> int:
        """Forget the expired tables; how many."""
        gone = self.db.execute("DELETE FROM tables WHERE expires < ?", (now,)).rowcount
        for table in [t for t, record in self.kept.items() if now > record.expires]:
            del self.kept[table]
            self.seen.pop(table, None)
        return int(gone)

    def listen(self, on_change: Callable[[str], None]) -> Callable[[], None]:
        """One server per file: it hears of its own moves directly, so there is nothing to listen to."""
        return lambda: None


# Compare-and-set of a table's record, its expiry and the news of it, in one step on the Redis server.
SAVE_SCRIPT = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3])
redis.call('EXPIREAT', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
redis.call('PUBLISH', KEYS[3], ARGV[5])
return 1
"""


class RedisStore:
    """Tables in Redis, shared by several demo servers; a move on one is published to all of them."""

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", prefix: str = "cardlib:friends:") -> None:
        import redis  # only a server that uses Redis needs the client

        self.redis: Any = redis.Redis.from_url(url)
        self.prefix = prefix
        self.index, self.channel = prefix + "tables", prefix + "news"
        self.save_script = self.redis.register_script(SAVE_SCRIPT)

    def key(self, table: str) -> str:
        """Where a table's record is."""
        return f"{self.prefix}table:{table}"

    def close(self) -> None:
        """Close the connections."""
        self.redis.close()

    def get(self, table: str) -> Record | None:
        """The record of a table, or None."""
        text = self.redis.hget(self.key(table), "record")
        return None if text is None else Record.from_json(text)

    def add(self, record: Record) -> None:
        """Keep a new table (Redis forgets it when it expires)."""
        key = self.key(record.id)
        with self.redis.pipeline() as pipe:
            pipe.hset(key, mapping={"version": record.version, "record": record.to_json()})
            pipe.expireat(key, int(record.expires) + 1)
            pipe.zadd(self.index, {record.id: record.expires})
            pipe.execute()

    def save(self, record: Record, expected_version: int) -> bool:
        """Keep a newer record if the stored one is still at ``expected_version``, and tell every server."""
        keys = [self.key(record.id), self.index, self.channel]
        args: list[str | int | float] = [
            expected_version,
            record.version,
            record.to_json(),
            int(record.expires) + 1,
            record.id,
        ]
        return bool(self.save_script(keys=keys, args=args))

    def count(self) -> int:
        """How many tables are kept."""
        return int(self.redis.zcard(self.index))

    def records_where(self, name: str, value: str, now: float) -> list[Record]:
        """The open tables whose record has this value in this field (read from every open record: a few hundred at
        most, and only when a table or a match is made or a match's results are asked for)."""
        with self.redis.pipeline() as pipe:
            for table in self.redis.zrangebyscore(self.index, now, "+inf"):
                pipe.hget(self.key(table.decode()), "record")
            texts = pipe.execute()
        records = [Record.from_json(text) for text in texts if text is not None]
        return [record for record in records if getattr(record, name) == value]

    def purge(self, now: float) -> int:
        """Forget the expired tables (their records expire by themselves); how many."""
        return int(self.redis.zremrangebyscore(self.index, "-inf", now))

    def touch(self, table: str, seat: int, now: float) -> bool:
        """A seat was heard from now; True (and every server told) if it was not connected before."""
        key = f"{self.prefix}seen:{table}"
        before = self.redis.hget(key, str(seat))
        with self.redis.pipeline() as pipe:
            pipe.hset(key, str(seat), repr(now))
            pipe.expire(key, 24 * 3600)
            pipe.execute()
        newly = before is None or now - float(before) > CONNECTED_SECONDS
        if newly:
            self.redis.publish(self.channel, table)
        return newly

    def presence(self, table: str) -> dict[int, float]:
        """When each seat was last heard from, by any server."""
        return {int(seat): float(when) for seat, when in self.redis.hgetall(f"{self.prefix}seen:{table}").items()}

    def listen(self, on_change: Callable[[str], None]) -> Callable[[], None]:
        """Call ``on_change(table)`` (from a thread) whenever any server changes a table; returns how to stop."""
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(**{self.channel: lambda message: on_change(message["data"].decode())})
        worker = pubsub.run_in_thread(sleep_time=0.2, daemon=True)
        stopped = threading.Event()

        def stop() -> None:
            """Stop listening (once)."""
            if not stopped.is_set():
                stopped.set()
                worker.stop()
                worker.join(2)  # let it finish reading before its connection is closed
                pubsub.close()

        return stop
