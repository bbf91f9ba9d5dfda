"""Presence follows the person (issue 42, item 2): a seat is connected while its own browser's heartbeat comes
(POST …/seats/<seat>/here), not while the page's kernel on the server asks for news (it does so until Voilà stops
it); once the heartbeat stops, the computer stands in after the table's idle time. An API client that is no page's
kernel keeps its seat connected by asking, as before."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from cardlib.friends.server import KERNEL_KEY_HEADER, FriendsServer
from cardlib.friends.tables import CONNECTED_SECONDS, PERSON, Limits, MemoryStore, Tables
from tests.friends.conftest import Clock
from tests.friends.test_fuzz import send

Serve = Callable[[FriendsServer], AbstractContextManager[str]]


def seat_url(url: str, made: dict[str, Any], seat: int) -> str:
    """A seat's address."""
    return f"{url}friends/api/tables/{made['table']}/seats/{seat}"


def seat_one(url: str, made: dict[str, Any], kernel_key: str | None = None) -> tuple[int, dict[str, Any]]:
    """Player 1's frame, asked by its page's kernel (with the demo's key for its kernels) or by a plain client."""
    headers = {"X-Seat-Token": made["tokens"]["1"], **({KERNEL_KEY_HEADER: kernel_key} if kernel_key else {})}
    return send(seat_url(url, made, 1), None, headers)


def seen_by_player_0(url: str, made: dict[str, Any]) -> dict[str, Any]:
    """How player 0's frame shows player 1."""
    frame = send(seat_url(url, made, 0), None, {"X-Seat-Token": made["tokens"]["0"]})[1]
    return dict(frame["seats"][1])


def beat(url: str, made: dict[str, Any], token: str | None = None) -> tuple[int, dict[str, Any]]:
    """Player 1's browser's heartbeat."""
    return send(seat_url(url, made, 1) + "/here", b"", {"X-Seat-Token": token or made["tokens"]["1"]})


def test_a_kernel_asking_keeps_no_seat_connected_its_browsers_heartbeat_does(serve: Serve, clock: Clock) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(), clock=clock))
    made = friends.tables.create("ecarte", [PERSON, PERSON], idle_seconds=5, seed=1)
    with serve(friends) as url:
        assert beat(url, made)[0] == 200 and seen_by_player_0(url, made)["connected"]
        for _ in range(4):  # the browser has gone without a word; its page's kernel asks on
            clock.now += 2
            assert seat_one(url, made, friends.kernel_key)[0] == 200
        assert seen_by_player_0(url, made) == {"seat": 1, "kind": PERSON, "connected": True, "bot_standing_in": True}
        clock.now += CONNECTED_SECONDS
        assert seat_one(url, made, friends.kernel_key)[0] == 200
        assert not seen_by_player_0(url, made)["connected"], "the kernel's asking did not keep it connected"
        assert beat(url, made) == (200, {"table": made["table"], "seat": 1, "connected": True})
        assert seen_by_player_0(url, made) == {"seat": 1, "kind": PERSON, "connected": True, "bot_standing_in": False}


def test_a_client_that_is_no_kernel_keeps_its_seat_by_asking(serve: Serve, clock: Clock) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(), clock=clock))
    made = friends.tables.create("ecarte", [PERSON, PERSON], idle_seconds=5, seed=1)
    with serve(friends) as url:
        for _ in range(5):
            clock.now += 2
            assert seat_one(url, made, "a forged kernel key")[0] == 200  # a wrong key: a plain client, heard
        assert seen_by_player_0(url, made)["bot_standing_in"] is False


def test_a_heartbeat_with_a_wrong_token_or_to_no_table_is_refused_in_words(serve: Serve, clock: Clock) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(), clock=clock))
    made = friends.tables.create("ecarte", [PERSON, PERSON], idle_seconds=5, seed=1)
    with serve(friends) as url:
        status, answer = beat(url, made, "a guess")
        assert status == 403 and "Wrong token" in answer["error"]
        status, answer = beat(url, {"table": "no-such-table"}, "a guess")
        assert status == 404 and "no such table" in answer["error"]
        assert json.loads(json.dumps(friends.tables.store.presence(made["table"]))) == {}, "nobody was heard"
