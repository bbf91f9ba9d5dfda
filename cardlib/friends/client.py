"""A page's kernel reaching the table server over HTTP (stdlib ``urllib``): the ``TableService`` of a people's table.

A table's page is opened by a seat's link, ``…/play-with-friends.ipynb?table=…&seat=…&token=…``; Voilà hands its
query string to the page's kernel (``QUERY_STRING``), which ``seat_from_query`` reads. The kernel runs on the
server's machine and finds the server at ``CARDLIB_FRIENDS_URL`` (set by notebooks/apps/serve.py for its kernels)
or, failing that, on loopback at the port and base URL Voilà tells its kernels (``SERVER_PORT``,
``VOILA_BASE_URL``).

    >>> service = HTTPTables()                                  # doctest: +SKIP
    >>> table, seat, token = seat_from_query()                  # doctest: +SKIP
    >>> frame = service.wait(table, seat, token, since_version=-1, timeout=0)  # doctest: +SKIP

A refusal comes back as ``TableError`` with the server's status and message, as the in-memory ``Tables`` raises it.
"""

from __future__ import annotations

import argparse
import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from ..bots.levels import DEFAULT_LEVEL, LEVELS, level_label
from .tables import TableError


def server_url() -> str:
    """The table server's base URL, as a kernel of the demo finds it."""
    url = os.environ.get("CARDLIB_FRIENDS_URL")
    if url:
        return url if url.endswith("/") else url + "/"
    port = os.environ.get("SERVER_PORT") or os.environ.get("VOILA_APP_PORT")
    if not port:
        raise RuntimeError("no table server known: set CARDLIB_FRIENDS_URL (make demo sets it for its pages)")
    base = os.environ.get("VOILA_BASE_URL") or "/"
    return f"http://127.0.0.1:{port}{base if base.endswith('/') else base + '/'}"


def kernel_headers() -> dict[str, str]:
    """A demo page's kernel says it is one (with the demo's key for its kernels, in its environment): its asking for
    frames does not keep its seat connected (its browser's heartbeat does)."""
    key = os.environ.get("CARDLIB_FRIENDS_KERNEL_KEY")
    return {"X-Kernel-Key": key} if key else {}


def visitor_headers() -> dict[str, str]:
    """A demo page's kernel says whose table it makes (its visitor's address, which the demo put in its
    environment): the limit of tables an address is the visitor's, not the server's own."""
    address = os.environ.get("CARDLIB_VISITOR_ADDRESS")
    return {"X-Visitor-Address": address, **kernel_headers()} if address and kernel_headers() else {}


def seat_from_query(query: str | None = None) -> tuple[str, int, str]:
    """The table, seat and token a seat's link gives (from Voilà's ``QUERY_STRING`` unless given)."""
    values = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    try:
        table, seat, token = (values[name][0] for name in ("table", "seat", "token"))
        return table, int(seat), token
    except (KeyError, IndexError, ValueError):
        raise ValueError("this page needs a seat's link: …?table=…&seat=…&token=…") from None


class HTTPTables:
    """The tables of a table server, over HTTP; each call waits at most ``timeout`` seconds more than asked."""

    def __init__(self, base_url: str | None = None, timeout: float = 10.0) -> None:
        base = base_url or server_url()
        root = base if base.endswith("/") else base + "/"
        self.api, self.matches = root + "friends/api/tables", root + "friends/api/matches"
        self.timeout = timeout

    def create(self, game: str, seats: Sequence[str], **settings: Any) -> dict[str, Any]:
        """A new table: its id, each person's seat's token and link."""
        body = {"game": game, "seats": list(seats), **settings}
        return self.request("POST", self.api, body, visitor_headers())

    def create_match(self, game: str, layouts: Sequence[Sequence[str]], **settings: Any) -> dict[str, Any]:
        """A duplicate match (with ``teacher_key``): tables that play the same deals, each with its links, and the
        teacher's results link."""
        body = {"game": game, "tables": [list(seats) for seats in layouts], **settings}
        return self.request("POST", self.matches, body)

    def results(self, match: str, key: str) -> dict[str, Any]:
        """A match's results so far (the deals over at every table, the ranking)."""
        url = f"{self.matches}/{quote(match, safe='')}/results"
        return self.request("GET", url, None, {"X-Results-Key": key})

    def frame(self, table: str, seat: int, token: str) -> dict[str, Any]:
        """The seat's frame now."""
        return self.wait(table, seat, token, since_version=-1, timeout=0)

    def move(self, table: str, seat: int, token: str, action: str, version: int) -> dict[str, Any]:
        """Send the seat's move, made at this version of the table; the frame after it."""
        url = f"{self.seat_url(table, seat)}/moves"
        return self.request("POST", url, {"token": token, "action": action, "version": version})

    def wait(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict[str, Any]:
        """The seat's frame once the table is past ``since_version`` (or at the timeout)."""
        query = urlencode({"since": since_version, "timeout": timeout})
        url = f"{self.seat_url(table, seat)}?{query}"
        return self.request("GET", url, None, {"X-Seat-Token": token}, extra_wait=timeout)

    async def wait_async(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict[str, Any]:
        """As ``wait``, without blocking the caller's event loop (Tornado's client): how a page's kernel waits for
        the others' moves and stays free to answer its person."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError  # in every kernel of the demo

        url = f"{self.seat_url(table, seat)}?{urlencode({'since': since_version, 'timeout': timeout})}"
        try:
            response = await AsyncHTTPClient().fetch(
                url, headers={"X-Seat-Token": token, **kernel_headers()}, request_timeout=self.timeout + timeout
            )
        except HTTPClientError as error:
            body = error.response.body if error.response is not None else b""
            raise TableError(error.code, json_error(body) or f"{error.code} {error.message}") from None
        answer: dict[str, Any] = json.loads(response.body)
        return answer

    def decisions(self, table: str, seat: int, token: str) -> dict[str, Any]:
        """The seat's own decisions in the deal, each with the view it decided from (for the coach's review)."""
        return self.request("GET", f"{self.seat_url(table, seat)}/decisions", None, {"X-Seat-Token": token})

    def seat_url(self, table: str, seat: int) -> str:
        """The URL of a seat at a table."""
        return f"{self.api}/{quote(str(table), safe='')}/seats/{int(seat)}"

    def request(
        self,
        method: str,
        url: str,
        body: dict[str, Any] | None,
        headers: dict[str, str] | None = None,
        extra_wait: float = 0.0,
    ) -> dict[str, Any]:
        """Send a request and read its JSON answer; a refusal raises TableError with the server's message."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers={**kernel_headers(), **(headers or {})})
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout + extra_wait) as response:
                answer: dict[str, Any] = json.loads(response.read())
                return answer
        except urllib.error.HTTPError as error:
            raise TableError(error.code, error_message(error)) from None


def json_error(body: bytes) -> str:
    """The server's message in a refusal's JSON body ('' if it has none)."""
    try:
        return str(json.loads(body)["error"])
    except (ValueError, KeyError, TypeError):
        return ""


def error_message(error: urllib.error.HTTPError) -> str:
    """The server's message for a refusal (its JSON 'error'), or the HTTP reason."""
    try:
        return str(json.loads(error.read())["error"])
    except (ValueError, KeyError, TypeError):
        return f"{error.code} {error.reason}"


def main(argv: list[str] | None = None) -> None:
    """Make tables for a class on a running demo and print each seat's link (one line a seat); a refusal or a server
    that cannot be reached is said in one line (and the exit status is 1)."""
    args = arguments().parse_args(argv)
    if not args.server.startswith(("http://", "https://")):
        raise SystemExit(f"--server is the demo's address, like http://127.0.0.1:8866/, not {args.server[:80]!r}")
    try:
        make_tables(HTTPTables(args.server), args)
    except TableError as error:
        raise SystemExit(f"The table server refused: {error} ({error.status})") from None
    except OSError as error:  # refused connection, unknown host, timeout (urllib's URLError is an OSError)
        reason = getattr(error, "reason", None) or error
        raise SystemExit(
            f"The table server at {args.server} cannot be reached ({reason}): is `make demo` running?"
        ) from None
    except ValueError:  # an answer that is not JSON: another kind of server
        raise SystemExit(f"{args.server} answered, but not as a table server does: is it the demo's address?") from None


def arguments() -> argparse.ArgumentParser:
    """The command line's arguments."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("game", help="alkort or ecarte")
    parser.add_argument("seats", nargs="+", choices=("person", "computer"), help="who sits at each seat, in order")
    parser.add_argument("--server", default="http://127.0.0.1:8866/", help="the demo's address (make demo prints it)")
    parser.add_argument("--tables", type=int, default=1, help="how many such tables (a class of 20: 5 tables of 4)")
    parser.add_argument("--idle", type=float, default=120, help="seconds an empty seat waits before the bot plays it")
    parser.add_argument("--one-deal", action="store_true", help="play one deal, not a whole game")
    parser.add_argument("--seed", type=int, default=None, help="the same deals at every table (duplicate tables)")
    parser.add_argument("--match", type=int, default=0, metavar="DEALS", help="a duplicate match of this many deals")
    parser.add_argument("--computer-table", action="store_true", help="and a table of the computer in the match")
    parser.add_argument(
        "--key",
        default=os.environ.get("CARDLIB_TEACHER_KEY"),
        help="the teacher's key make demo prints (lifts the limit of tables an address)",
    )
    parser.add_argument(
        "--level",
        choices=tuple(LEVELS),
        default=DEFAULT_LEVEL,
        help="how the computer plays its seats and for an absent person: "
        + "; ".join(level_label(level) for level in LEVELS),
    )
    return parser


def make_tables(service: HTTPTables, args: Any) -> None:
    """Make the tables the command line asks for, printing each seat's link as soon as its table is made."""
    if args.match:
        make_match(service, args)
        return
    settings: dict[str, Any] = {"idle_seconds": args.idle, "whole_game": not args.one_deal, "level": args.level}
    settings |= {name: value for name, value in (("seed", args.seed), ("teacher_key", args.key)) if value is not None}
    for number in range(1, args.tables + 1):
        made = service.create(args.game, args.seats, **settings)
        for seat, link in made["links"].items():
            print(f"table {number}, seat {seat}: {link}", flush=True)


def make_match(service: HTTPTables, args: Any) -> None:
    """Make the duplicate match the command line asks for; print each seat's link, then the teacher's results link."""
    layouts = [args.seats] * args.tables + ([["computer"] * len(args.seats)] if args.computer_table else [])
    settings = {"deals": args.match, "idle_seconds": args.idle, "teacher_key": args.key, "level": args.level}
    made = service.create_match(
        args.game, layouts, **settings, **({"seed": args.seed} if args.seed is not None else {})
    )
    for number, table in enumerate(made["tables"], start=1):
        for seat, link in table["links"].items():
            print(f"table {number}, seat {seat}: {link}", flush=True)
    print(f"results (the teacher's, keep it to yourself): {made['results_link']}", flush=True)


if __name__ == "__main__":
    main()
