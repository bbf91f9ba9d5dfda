"""The table server's HTTP side: Tornado handlers the demo's Voilà server (notebooks/apps/serve.py) serves.

    POST {base}friends/api/tables                          {"game", "seats", "options"?, "idle_seconds"?, ...}
         -> 201 {"table", "tokens": {seat: token}, "links": {seat: page link}}
    GET  {base}friends/api/tables/<table>/seats/<seat>?since=<version>&timeout=<s>   (header X-Seat-Token)
         -> 200 the seat's frame, at once, or held until the table is past ``since`` (a long poll)
    GET  {base}friends/api/tables/<table>/seats/<seat>/decisions                      (header X-Seat-Token)
         -> 200 the seat's own decisions in the deal, each with the view it decided from (the coach's review)
    POST {base}friends/api/tables/<table>/seats/<seat>/moves  {"token", "action": "play K♦", "version"}
         -> 200 the seat's frame after the move; the computer's moves follow, a move at a time, on the server's loop
            (other tables are answered between two), each told to the waiting seats as news of the table
    POST {base}friends/api/tables/<table>/seats/<seat>/here                           (header X-Seat-Token)
         -> 200 the seat's own browser is there (its page's heartbeat, every 2 s: what keeps the seat connected)
    POST {base}friends/api/matches   {"game", "tables": [[seats], ...], "deals"?, "seed"?, ..., "teacher_key"}
         -> 201 a duplicate match: {"match", "results_key", "results_link", "seed", "tables": [each table's links]};
            a table of the computer alone is played after the answer, a move at a time, the loop answering others
            between two moves (its deals count in the results as they end; asking for the results plays it on)
    GET  {base}friends/api/matches/<match>/results (header X-Results-Key)   -> 200 the results so far (JSON)
    GET  {base}friends/api/matches/<match>/results.csv?key=…                -> 200 the same as CSV
    GET  {base}friends/results/<match>?key=…                                -> the teacher's results page (HTML)

Every answer is JSON; a refusal is ``{"error": "..."}`` with its status (400 malformed, 403 wrong token, 404 no such
table, 409 out of turn or stale, 410 expired, 413 too large, 422 illegal, 429 too many, 503 full), and leaves the
table as it was; a message nested deeper than 4 levels or with a field it does not have is refused before anything
else. One address may have at most ``tables_per_address`` open tables (the teacher's key, printed when the demo
starts, lifts that), and a table nobody plays at goes after ``unplayed_seconds``. A page's kernel says so with the
demo's key for its kernels (``X-Kernel-Key``): its asking then keeps no seat connected, and the tables it makes count
against its visitor's address (``X-Visitor-Address``). The limits (tables, messages a second a client, message
size) are the demo's settings, notebooks/apps/voila/friends.json. The tables are in SQLite, or in Redis when
``CARDLIB_FRIENDS_REDIS`` (or the settings' ``redis_url``) names one: then several demo servers share them.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote, urlencode

from tornado.web import HTTPError, RequestHandler

from .matches import MATCH_SETTINGS, create_match, results, results_csv, unfinished_computer_tables
from .results_page import results_page
from .stores import RedisStore, SQLiteStore
from .tables import SETTINGS, Limits, TableError, Tables, refused, token_hash

DEFAULT_DB = "~/.local/state/cardlib/friends.sqlite"
DEFAULT_PAGE = "apps/play-with-friends.ipynb"
# How long the computer pauses between two of its moves at a table: time enough for the loop to read and answer the
# requests that came during the move; and then turns of the loop (sleep(0) gives one), since a request takes several
# (accept, read, answer: 3 measured) and a pause's timer that fires late, after a collection of the garbage, fires in
# the same turn that first sees the requests (a clean clone's test once saw one wait for two moves)
BETWEEN_COMPUTER_MOVES, TURNS_BETWEEN_COMPUTER_MOVES = 0.02, 10
CREATE_FIELDS = ("game", "seats", *SETTINGS, "teacher_key")
MATCH_FIELDS = ("game", "tables", *MATCH_SETTINGS, "teacher_key")
MOVE_FIELDS = ("token", "action", "version")
VISITOR_HEADER, KERNEL_KEY_HEADER = "X-Visitor-Address", "X-Kernel-Key"  # a page's kernel asking for its visitor
SEATS_LOOKED_AT = 1.0  # how often (s) a held question looks again at who is there, if nothing else woke it
MAX_NESTING = 4  # {"options": {"name": [3, 2]}} is three deep: no message of a table needs more


@dataclass
class RateLimiter:
    """A token bucket per client: ``burst`` messages at once, then ``rate`` a second."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    buckets: dict[Any, tuple[float, float]] = field(default_factory=dict)  # client -> (tokens, when)

    def allow(self, client: Any) -> bool:
        """Whether this client may send a message now (and count it)."""
        now = self.clock()
        tokens, when = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if len(self.buckets) > 10_000:  # forget the clients that are full again
            self.buckets = {c: b for c, b in self.buckets.items() if b[0] + (now - b[1]) * self.rate < self.burst}
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1, now)
        return True


class Waiters:
    """The seats waiting for news of a table, woken when it changes (on this server, or on another via Redis)."""

    def __init__(self) -> None:
        self.events: dict[str, asyncio.Event] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def event(self, table: str) -> asyncio.Event:
        """The event the next change of this table sets."""
        self.loop = asyncio.get_running_loop()
        return self.events.setdefault(table, asyncio.Event())

    def notify(self, table: str) -> None:
        """Wake every seat waiting for this table (called on the server's loop)."""
        event = self.events.pop(table, None)
        if event is not None:
            event.set()

    def notify_from_thread(self, table: str) -> None:
        """Wake them from another thread (Redis's listener)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.notify, table)


@dataclass
class FriendsServer:
    """The tables, their limits, the rate limiter and the waiting seats of one HTTP server."""

    tables: Tables
    page: str = DEFAULT_PAGE
    teacher_key: str = field(default_factory=lambda: secrets.token_urlsafe(12))  # lifts the limit of tables an address
    # The demo's own page kernels make tables for their visitors: they say whose with this key (in their environment,
    # never sent to a browser), or every table made from a page would count against the server's own address.
    kernel_key: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    waiters: Waiters = field(default_factory=Waiters)
    stop_listening: Callable[[], None] = lambda: None
    playing: dict[str, asyncio.Task] = field(default_factory=dict)  # tables the computer is moving at, here

    def __post_init__(self) -> None:
        limits = self.tables.limits
        self.limiter = RateLimiter(limits.messages_per_second, limits.burst)
        # and a generous one per address, for a flood spread over made-up tables and seats (a classroom behind
        # one address has many seats)
        self.address_limiter = RateLimiter(
            limits.address_messages_per_second, int(2 * limits.address_messages_per_second)
        )
        self.tables.on_change = self.waiters.notify
        self.tables.defer_computer = self.defer_computer
        listen = getattr(self.tables.store, "listen", None)
        if listen is not None:
            self.stop_listening = listen(self.waiters.notify_from_thread)

    def handlers(self, base_url: str) -> list[tuple[str, type[RequestHandler], dict[str, Any]]]:
        """This server's URL rules, for a Tornado application served at ``base_url``."""
        return handlers(base_url, self)

    def close(self) -> None:
        """Stop listening for other servers' news and close the store."""
        self.stop_listening()
        close = getattr(self.tables.store, "close", None)
        if close is not None:
            close()

    async def wait(
        self, table: str, seat: int, token: str, since: int, timeout: float, heard: bool = True
    ) -> dict[str, Any]:
        """The seat's frame once the table is past ``since`` or its seats change, or at the timeout."""
        clock = time.monotonic
        deadline = clock() + max(0.0, min(timeout, self.tables.limits.max_wait))
        first = self.tables.status(table, seat, token, heard)
        while first[0] <= since and clock() < deadline:
            event = self.waiters.event(table)
            try:  # woken by a change, or every second to see who came and went (and let a bot stand in)
                await asyncio.wait_for(event.wait(), timeout=min(SEATS_LOOKED_AT, max(0.0, deadline - clock())))
            except TimeoutError:
                pass
            if self.tables.status(table, seat, token, heard=False) != first:
                break
        return self.tables.frame(table, seat, token, heard=False)

    def defer_computer(self, table: str) -> bool:
        """Make the computer's moves at this table after the answer, on the server's loop; False when asked off the
        loop (by a caller of the tables beside the server, as a test is), which makes them there and then."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        self.play_in_turns([table])
        return True

    def play_in_turns(self, tables: Iterable[str]) -> None:
        """Let the computer move at these tables (its seats, its stand-ins; a match's table of its own to the end) a
        move at a time on the server's loop, after the request that asked is answered: every other request is answered
        between two moves (a strong computer takes up to a second a move, a strong deal seconds)."""
        for table in tables:
            if table not in self.playing:
                self.playing[table] = asyncio.get_running_loop().create_task(self.play_computer(table))

    async def play_computer(self, table: str) -> None:
        """The computer's moves at a table, a move at a time until a person is to decide, the loop answering others
        between two moves."""
        await asyncio.sleep(0)  # the request that asked is answered first
        try:
            while self.tables.play_on(table, most=1):
                await let_others_through()
        except TableError:
            pass  # the table expired, or another server sharing the store moved first (and plays on)
        finally:
            self.playing.pop(table, None)

    def match_results(self, match: str, key: object) -> dict[str, Any]:
        """A match's results so far (refused for a wrong key); its computer's tables played on if they stopped (a
        server restarted while it played them)."""
        found = results(self.tables, match, key)
        self.play_in_turns(unfinished_computer_tables(self.tables, match))
        return found

    def maker(self, address: str, key: object) -> str:
        """Who makes a table, for the limit of tables an address: a hash of the address, or '' (no limit) with the
        teacher's key; a wrong key is refused."""
        if key is None:
            return token_hash(f"address {address}")[:24]
        if not isinstance(key, str) or not secrets.compare_digest(token_hash(key), token_hash(self.teacher_key)):
            raise refused(403, "Wrong teacher's key: the demo prints its key when it starts (or leave it out).")
        return ""

    def teacher_note(self) -> str:
        """What the demo prints at its start: the teacher's key, and what it is for."""
        limits = self.tables.limits
        return (
            f"Teacher's key for the people's tables: {self.teacher_key}  (lifts the limit of "
            f"{limits.tables_per_address} open tables an address; keep it to yourself; CARDLIB_TEACHER_KEY or "
            '"teacher_key" in notebooks/apps/voila/friends.json sets it)'
        )

    def links(self, base_url: str, created: dict[str, Any]) -> dict[str, str]:
        """The page link of each person's seat, with its token."""
        page = f"{base_url}voila/render/{quote(self.page)}"
        return {
            seat: f"{page}?{urlencode({'table': created['table'], 'seat': seat, 'token': token})}"
            for seat, token in created["tokens"].items()
        }


def read_settings(path: str | Path | None) -> dict[str, Any]:
    """The server's settings file (JSON), or none."""
    if path is None or not Path(path).exists():
        return {}
    settings: dict[str, Any] = json.loads(Path(path).read_text())
    return settings


def friends_server(settings_path: str | Path | None = None) -> FriendsServer:
    """The demo's table server: SQLite by default, Redis when CARDLIB_FRIENDS_REDIS or the settings name one."""
    settings = read_settings(settings_path)
    limits = Limits.from_dict(settings.get("limits", {}))
    redis_url = os.environ.get("CARDLIB_FRIENDS_REDIS") or settings.get("redis_url")
    store: Any
    if redis_url:
        store = RedisStore(redis_url)
    else:
        store = SQLiteStore(os.environ.get("CARDLIB_FRIENDS_DB") or settings.get("sqlite_path") or DEFAULT_DB)
    key = os.environ.get("CARDLIB_TEACHER_KEY") or settings.get("teacher_key") or secrets.token_urlsafe(12)
    return FriendsServer(Tables(store, limits), page=settings.get("page", DEFAULT_PAGE), teacher_key=key)


# ---------------------------------------------------------------------------
# The handlers


class FriendsHandler(RequestHandler):
    """What every table request shares: limits first, JSON answers, refusals as {"error": ...}."""

    friends: FriendsServer

    def initialize(self, friends: FriendsServer) -> None:
        self.friends = friends

    def check_xsrf_cookie(self) -> None:
        """No cookie is read here: a seat's token, sent in the request, is what proves who asks."""

    def prepare(self) -> None:
        """Refuse a flood and an oversized message before reading it."""
        limits = self.friends.tables.limits
        friends = self.friends
        if not (friends.address_limiter.allow(self.request.remote_ip) and friends.limiter.allow(self.client_key())):
            raise_http(refused(429, "Too many messages: wait a moment before sending more."))
        size = int(self.request.headers.get("Content-Length") or len(self.request.body or b""))
        if size > limits.max_message_bytes or len(self.request.body or b"") > limits.max_message_bytes:
            raise_http(refused(413, f"A message may be at most {limits.max_message_bytes} bytes."))

    def address(self) -> str:
        """Who asks: the visitor a page's kernel vouches for (with the demo's key for its kernels), else the
        request's own address."""
        vouched = self.request.headers.get(VISITOR_HEADER, "")
        if vouched and self.from_kernel():
            return vouched[:64]
        return self.request.remote_ip or ""

    def from_kernel(self) -> bool:
        """Whether a demo page's kernel asks (with the demo's key for its kernels): its asking says nothing of
        whether its person is there; their browser's heartbeat does."""
        key = self.request.headers.get(KERNEL_KEY_HEADER, "")
        return bool(key) and secrets.compare_digest(token_hash(key), token_hash(self.friends.kernel_key))

    def seat_token(self) -> str:
        """The seat's token, from its header (or the query)."""
        return self.request.headers.get("X-Seat-Token") or self.get_query_argument("token", "")

    def base(self) -> str:
        """The server's own address, as the request reached it (for links)."""
        return f"{self.request.protocol}://{self.request.host}{self.settings.get('base_url', '/')}"

    def client_key(self) -> tuple[Any, ...]:
        """Who is sending: the address, and the seat asked for (several players may share an address)."""
        return (self.request.remote_ip, *self.path_args)

    def body(self, what: str, fields: tuple[str, ...]) -> dict[str, Any]:
        """The request's JSON object with only these fields, or a refusal in words (never a traceback)."""
        try:
            return read_message(self.request.body or b"", what, fields)
        except TableError as error:
            raise_http(error)

    def answer(self, data: dict[str, Any], status: int = 200) -> None:
        """Send JSON."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A refusal as JSON: the table's own message, or a plain one."""
        error = kwargs.get("exc_info", (None, None))[1]
        message = getattr(error, "log_message", None) or self._reason
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"error": message}, ensure_ascii=False))


def read_message(body: bytes, what: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """A message's JSON object: not nested deeper than a table's messages are, and no field but these."""
    if nesting(body) > MAX_NESTING:
        raise refused(
            400, f"The message is nested too deeply: {what} is one JSON object of plain values and short lists."
        )
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise refused(400, "The message is not JSON.") from None
    if not isinstance(data, dict):
        raise refused(400, f"The message must be a JSON object: {what}, with the fields {', '.join(fields)}.")
    unknown = [name for name in data if name not in fields]
    if unknown:
        names = ", ".join(repr(name)[:40] for name in unknown[:5])
        raise refused(400, f"{what[:1].upper()}{what[1:]} has no field {names}; its fields are {', '.join(fields)}.")
    return data


def nesting(body: bytes) -> int:
    """How deeply a JSON text nests its lists and objects, read without parsing it (so that no message can make
    the parser recurse); brackets inside strings are not counted."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            in_string, escaped = (escaped or byte != 0x22), (not escaped and byte == 0x5C)  # " ends it, \ escapes
        elif byte == 0x22:
            in_string = True
        elif byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest


def raise_http(error: TableError) -> NoReturn:
    """Raise a Tornado HTTPError carrying the table's message (never its traceback)."""
    raise HTTPError(error.status, log_message=str(error), reason=short_reason(error.status))


def short_reason(status: int) -> str:
    """The HTTP reason phrase of a refusal."""
    return {
        400: "Bad Request",
        403: "Forbidden",
        404: "Not Found",
        409: "Conflict",
        410: "Gone",
        413: "Payload Too Large",
        422: "Unprocessable Entity",
        429: "Too Many Requests",
        503: "Service Unavailable",
    }.get(status, "Refused")


class CreateHandler(FriendsHandler):
    """POST: a new table."""

    def post(self) -> None:
        data = self.body("a new table", CREATE_FIELDS)
        settings = {k: data[k] for k in SETTINGS if k in data}
        try:
            maker = self.friends.maker(self.address(), data.get("teacher_key"))
            created = self.friends.tables.create(data.get("game", ""), data.get("seats", ()), maker, **settings)
        except TableError as error:
            raise_http(error)
        self.answer({**created, "links": self.friends.links(self.base(), created)}, 201)


class MatchHandler(FriendsHandler):
    """POST: a duplicate match, with the teacher's key: its tables' links, and the teacher's results link."""

    def post(self) -> None:
        data = self.body("a new match", MATCH_FIELDS)
        settings = {k: data[k] for k in MATCH_SETTINGS if k in data}
        try:
            if data.get("teacher_key") is None or self.friends.maker(self.address(), data["teacher_key"]):
                raise refused(403, "A duplicate match is made with the teacher's key, which the demo prints at start.")
            layouts = data.get("tables", ())
            made = create_match(self.friends.tables, data.get("game", ""), layouts, play_now=False, **settings)
        except TableError as error:
            raise_http(error)
        self.friends.play_in_turns(unfinished_computer_tables(self.friends.tables, made["match"]))
        base = self.base()
        tables = [{**table, "links": self.friends.links(base, table)} for table in made["tables"]]
        link = f"{base}friends/results/{made['match']}?{urlencode({'key': made['results_key']})}"
        self.answer({**made, "tables": tables, "results_link": link}, 201)


class ResultsHandler(FriendsHandler):
    """GET: a match's results as JSON (header X-Results-Key, or ?key=): the deals over at every table, the ranking."""

    def get(self, match: str) -> None:
        key = self.request.headers.get("X-Results-Key") or self.get_query_argument("key", "")
        try:
            self.answer(self.friends.match_results(match, key))
        except TableError as error:
            raise_http(error)


class ResultsCsvHandler(FriendsHandler):
    """GET: a match's results as CSV (?key=), to open in a spreadsheet."""

    def get(self, match: str) -> None:
        try:
            found = self.friends.match_results(match, self.get_query_argument("key", ""))
        except TableError as error:
            raise_http(error)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="match-{match}.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(results_csv(found))


class ResultsPageHandler(FriendsHandler):
    """GET: the teacher's results page of a match (it asks for the results itself, with the key in its link)."""

    def get(self, match: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(results_page(f"{self.settings.get('base_url', '/')}friends/api/matches/{match}"))


class SeatHandler(FriendsHandler):
    """GET: a seat's frame, at once or when the table moves on."""

    async def get(self, table: str, seat: str) -> None:
        token = self.seat_token()
        try:
            since = int(self.get_query_argument("since", "-1"))
            timeout = float(self.get_query_argument("timeout", "0"))
        except ValueError:
            raise_http(refused(400, "since must be a version number and timeout a number of seconds."))
        try:
            frame = await self.friends.wait(table, seat_number(seat), token, since, timeout, not self.from_kernel())
        except TableError as error:
            raise_http(error)
        self.answer(frame)


class MoveHandler(FriendsHandler):
    """POST: a seat's move."""

    def post(self, table: str, seat: str) -> None:
        data = self.body("a move", MOVE_FIELDS)
        version, action, token = data.get("version"), data.get("action"), data.get("token")
        if not isinstance(version, int) or isinstance(version, bool):
            raise_http(refused(400, "A move must say the version of the table it was made at."))
        if not isinstance(action, str) or not isinstance(token, str):
            raise_http(refused(400, "A move must give the seat's token and the action as text, like 'play K♦'."))
        try:
            frame = self.friends.tables.move(table, seat_number(seat), token, action, version)
        except TableError as error:
            raise_http(error)
        self.answer(frame)


class NoSuchHandler(FriendsHandler):
    """Any other address under the API."""

    def prepare(self) -> None:
        super().prepare()
        raise_http(refused(404, "There is no such table or seat: check the link."))


class DecisionsHandler(FriendsHandler):
    """GET: the seat's own decisions in the deal, with the views it decided from (for the coach's review)."""

    def get(self, table: str, seat: str) -> None:
        try:
            self.answer(
                self.friends.tables.decisions(table, seat_number(seat), self.seat_token(), not self.from_kernel())
            )
        except TableError as error:
            raise_http(error)


class HereHandler(FriendsHandler):
    """POST: a heartbeat from the seat's own browser (header X-Seat-Token), every few seconds while the page is open:
    what keeps the seat connected, however the browser goes (closed, asleep, off the network)."""

    def post(self, table: str, seat: str) -> None:
        try:
            self.answer(self.friends.tables.here(table, seat_number(seat), self.seat_token()))
        except TableError as error:
            raise_http(error)


def seat_number(text: str) -> int:
    """A seat number from the URL."""
    if not text.isdigit() or len(text) > 2:
        raise refused(403, "No such seat at this table.")
    return int(text)


def handlers(base_url: str, friends: FriendsServer) -> list[tuple[str, type[RequestHandler], dict[str, Any]]]:
    """The table server's URL rules, for a Tornado application served at ``base_url``."""
    api = base_url.rstrip("/") + "/friends/api/tables"
    matches = base_url.rstrip("/") + "/friends/api/matches"
    table, seat = r"/([A-Za-z0-9_-]{1,40})", r"/seats/([0-9]{1,2})"
    options = {"friends": friends}
    return [
        (matches, MatchHandler, options),
        (matches + table + "/results", ResultsHandler, options),
        (matches + table + r"/results\.csv", ResultsCsvHandler, options),
        (base_url.rstrip("/") + "/friends/results" + table, ResultsPageHandler, options),
        (api, CreateHandler, options),
        (api + table + seat, SeatHandler, options),
        (api + table + seat + "/moves", MoveHandler, options),
        (api + table + seat + "/decisions", DecisionsHandler, options),
        (api + table + seat + "/here", HereHandler, options),
        (api + r"(?:/.*)?", NoSuchHandler, options),  # anything else under the API: a JSON 404, not a page
    ]


async def let_others_through() -> None:
    """Pause between two computer moves until the requests that came during the first are answered."""
    await asyncio.sleep(BETWEEN_COMPUTER_MOVES)
    for _ in range(TURNS_BETWEEN_COMPUTER_MOVES):
        await asyncio.sleep(0)


def kernel_url(ip: str, port: int, base_url: str) -> str:
    """The address a kernel on this machine reaches the server at (loopback when the server listens on all)."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::") else ip
    return f"http://{host}:{port}{base_url}"


def main(argv: list[str] | None = None) -> None:
    """Serve the table API alone (no pages), on loopback: for the benchmark and for trying the API by hand."""
    import argparse

    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, default=0, help="0: a free port (the port is printed)")
    parser.add_argument("--settings", default=None, help="a settings file like notebooks/apps/voila/friends.json")
    args = parser.parse_args(argv)
    friends = friends_server(args.settings)

    async def serve() -> None:
        """Listen, say where, and serve until stopped."""
        sockets = bind_sockets(args.port, "127.0.0.1")
        HTTPServer(Application(handlers("/", friends))).add_sockets(sockets)
        print(f"http://127.0.0.1:{sockets[0].getsockname()[1]}/", flush=True)
        print(friends.teacher_note(), flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    finally:
        friends.close()


if __name__ == "__main__":
    main()
