"""The fuzz test: bad messages to a real table server are refused with a message, change nothing, and the server
goes on serving the other tables — a move out of turn, an illegal card, a stolen table id with the wrong token,
malformed and oversized messages, a flood, and whatever Hypothesis sends."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import games
from cardlib.friends.client import HTTPTables
from cardlib.friends.server import FriendsServer
from cardlib.friends.tables import PERSON, Limits, MemoryStore, Replay, TableError, Tables
from cardlib.games import observe, sample_world

CARD_TEXT = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])")
Serve = Callable[[FriendsServer], AbstractContextManager[str]]


@dataclass
class Site:
    """A served table server, its tables, and two tables at it (a duel and a four-handed game)."""

    url: str
    tables: Tables
    client: HTTPTables
    duel: dict[str, Any]
    four: dict[str, Any]

    def snapshot(self, made: dict[str, Any]) -> str:
        """A table as stored, to compare before and after."""
        record = self.tables.store.get(made["table"])
        assert record is not None
        return record.to_json()

    def seat_url(self, made: dict[str, Any], seat: int | str) -> str:
        """The URL of a seat."""
        return f"{self.url}friends/api/tables/{made['table']}/seats/{seat}"

    def frames(self, made: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """Every person's frame at a table."""
        return {int(s): self.client.frame(made["table"], int(s), t) for s, t in made["tokens"].items()}


def send(url: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """A raw request (POST if there is a body): its status and JSON answer."""
    request = urllib.request.Request(
        url, data=body, headers=headers or {}, method="POST" if body is not None else "GET"
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def move_body(token: str, action: object, version: object) -> bytes:
    """A move's JSON."""
    return json.dumps({"token": token, "action": action, "version": version}).encode()


@pytest.fixture
def site(serve: Serve) -> Iterator[Site]:
    """A table server over HTTP with a duel and a four-handed game at it."""
    limits = Limits(messages_per_second=20, burst=30, max_message_bytes=2048, max_wait=2)
    tables = Tables(MemoryStore(), limits)
    with serve(FriendsServer(tables)) as url:
        duel = tables.create("ecarte", [PERSON, PERSON], idle_seconds=0, seed=1)  # seeded here: never over HTTP
        four = tables.create("alkort", [PERSON] * 4, idle_seconds=0, seed=2)
        yield Site(url, tables, HTTPTables(url), duel, four)


def refused_and_unchanged(site: Site, made: dict[str, Any], status: int, request: Callable[[], tuple[int, Any]]) -> str:
    """Send a bad request: refused with this status and a message, the table as it was, the other still served."""
    before, other = site.snapshot(made), site.four if made is site.duel else site.duel
    got, answer = request()
    assert got == status and len(answer["error"]) > 10, (got, answer)
    assert site.snapshot(made) == before
    assert site.frames(other)  # the other table is served
    return str(answer["error"])


def test_a_move_out_of_turn_is_refused(site: Site) -> None:
    frames = site.frames(site.four)
    seat = next(s for s, f in frames.items() if not f["legal"])
    own = str(site.tables.replays[site.four["table"]].state.hands[seat][0])
    body = move_body(site.four["tokens"][str(seat)], f"play {own}", frames[seat]["version"])
    message = refused_and_unchanged(site, site.four, 409, lambda: send(site.seat_url(site.four, seat) + "/moves", body))
    assert "not your turn" in message


def test_an_illegal_card_is_refused_in_the_engines_words(site: Site) -> None:
    table, rng = site.duel["table"], random.Random(5)
    for _ in range(300):
        frames = site.frames(site.duel)
        seat = next(s for s, f in frames.items() if f["legal"])
        state = site.tables.replays[table].state
        barred = [c for c in state.hands[seat] if f"play {c}" not in frames[seat]["legal"]]
        if barred and any(m.startswith("play") for m in frames[seat]["legal"]):
            body = move_body(site.duel["tokens"][str(seat)], f"play {barred[0]}", frames[seat]["version"])
            url = site.seat_url(site.duel, seat) + "/moves"
            message = refused_and_unchanged(site, site.duel, 422, lambda: send(url, body))  # noqa: B023
            assert message == state.why_illegal(barred[0])
            return
        site.client.move(
            table, seat, site.duel["tokens"][str(seat)], rng.choice(frames[seat]["legal"]), frames[seat]["version"]
        )
    pytest.fail("no illegal card came up")


def test_a_stolen_table_id_with_the_wrong_token_is_refused(site: Site) -> None:
    frames = site.frames(site.four)
    seat = next(s for s, f in frames.items() if f["legal"])
    url, legal = site.seat_url(site.four, seat) + "/moves", frames[seat]["legal"][0]
    for token in (site.four["tokens"][str((seat + 1) % 4)], "guess", "", site.duel["tokens"]["0"]):
        body = move_body(token, legal, frames[seat]["version"])
        assert "Wrong token" in refused_and_unchanged(site, site.four, 403, lambda: send(url, body))  # noqa: B023
    assert refused_and_unchanged(site, site.four, 403, lambda: send(site.seat_url(site.four, seat) + "?token=guess"))
    decisions = site.seat_url(site.four, seat) + "/decisions?token=guess"
    assert refused_and_unchanged(site, site.four, 403, lambda: send(decisions))
    assert site.client.decisions(site.four["table"], seat, site.four["tokens"][str(seat)])["decisions"] == []
    assert refused_and_unchanged(site, site.four, 404, lambda: send(site.seat_url({"table": "x" * 12}, 0)))


@pytest.mark.parametrize(
    "body",
    [
        b"{",
        b"[]",
        b"\xff\xfe",
        b'"play K\xe2\x99\xa6"',
        b'{"token": 1, "action": "play K\xe2\x99\xa6", "version": 0}',
        b'{"action": "play K\xe2\x99\xa6", "version": "0"}',
        b'{"action": ["play"], "version": 0, "token": "x"}',
        b"{}",
    ],
)
def test_a_malformed_message_is_refused(site: Site, body: bytes) -> None:
    url = site.seat_url(site.duel, 0) + "/moves"
    refused_and_unchanged(site, site.duel, 400, lambda: send(url, body))


def test_an_oversized_message_is_refused(site: Site) -> None:
    body = move_body(site.duel["tokens"]["0"], "play K♦" + " " * 5000, 0)
    message = refused_and_unchanged(site, site.duel, 413, lambda: send(site.seat_url(site.duel, 0) + "/moves", body))
    assert "2048 bytes" in message


def test_a_flood_is_refused_while_the_other_tables_are_served(site: Site) -> None:
    url, token = site.seat_url(site.duel, 0), site.duel["tokens"]["0"]
    before = site.snapshot(site.duel)
    answers = [send(url + "/moves", move_body(token, "play K♦", 999)) for _ in range(80)]
    statuses = {status for status, _ in answers}
    assert 429 in statuses and statuses <= {409, 429}
    assert all("Too many" in a["error"] for s, a in answers if s == 429)
    assert site.snapshot(site.duel) == before
    assert site.frames(site.four)  # another table's players are served all along


def answer(replay: Replay, seat: int, action: str) -> tuple[str, list[str]]:
    """What the tables answer a seat's move: accepted, or the refusal's status and words (the cards it names
    apart, in pack order: a seat's own hand may be listed in another order in another deal)."""
    try:
        replay.judge(seat, action)
    except TableError as error:
        text = f"{error.status} {error}"
        return CARD_TEXT.sub("<card>", text), sorted("".join(c) for c in CARD_TEXT.findall(text))
    return "accepted", []


@pytest.mark.parametrize(("game", "players"), [(game.key, count) for game in games.every() for count in game.players])
def test_a_refusal_tells_a_seat_nothing_it_cannot_see(game: str, players: int) -> None:
    """Whatever card a seat names (another's, the stock's), the answer is the same in every deal the seat cannot
    tell from the real one (the engine explains from the holder's side, so the tables answer such moves alike)."""
    rng = random.Random(0)
    for seed in range(12):
        tables = Tables()
        made = tables.create(game, [PERSON] * players, seed=seed, idle_seconds=0)
        for seat, token in ((int(s), t) for s, t in made["tokens"].items()):
            tables.frame(made["table"], seat, token)
            replay = tables.replays[made["table"]]
            real = replay.state
            worlds = [sample_world(observe(real, seat), rng) for _ in range(3)]
            for c in [c for hand in real.hands for c in hand[:4]] + real.stock[:4]:
                for action in (f"play {c}", f"exchange {c}", f"discard {c}", f"announce {c}"):
                    said = answer(replay, seat, action)
                    for world in worlds:
                        replay.game.deal = world
                        assert answer(replay, seat, action) == said, (seed, seat, action, said)
                    replay.game.deal = real


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    action=st.one_of(
        st.text(max_size=40),
        st.sampled_from(["play ", "discard ", "exchange ", "announce "]).flatmap(
            lambda word: st.text(alphabet="AKQJ0123456789♠♥♦♣SHDC ", max_size=12).map(lambda rest: word + rest)
        ),
    ),
    seat=st.integers(-2, 5),
    version=st.one_of(st.integers(-1, 3), st.none(), st.text(max_size=3)),
)
def test_whatever_is_sent_is_judged_or_refused_and_a_refusal_changes_nothing(
    site: Site, action: str, seat: int, version: Any
) -> None:
    made = site.duel
    token = made["tokens"].get(str(seat), "no-token")
    before = site.snapshot(made)
    status, answer = send(site.seat_url(made, seat if seat >= 0 else "x") + "/moves", move_body(token, action, version))
    if status == 200:
        assert answer["version"] > json.loads(before)["actions"].__len__()
    else:
        assert status in (400, 403, 404, 409, 422, 429) and answer["error"]
        assert site.snapshot(made) == before


def test_a_flood_spread_over_made_up_tables_is_refused_by_address(serve: Serve) -> None:
    tables = Tables(MemoryStore(), Limits(address_messages_per_second=20))
    with serve(FriendsServer(tables)) as url:
        statuses = [send(f"{url}friends/api/tables/made-up-{n}/seats/0")[0] for n in range(60)]
        assert statuses[0] == 404 and 429 in statuses and set(statuses) <= {404, 429}
