"""Every bad input is refused in words (issue 42, item 4): any JSON shape, deep nesting included, unknown fields named
with the known ones, the seed honoured, options within bounds; the command-line client says a refusal and an
unreachable server in one line; a page opened by a wrong or expired link says so and stops asking."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib.friends.client import HTTPTables
from cardlib.friends.server import FriendsServer, nesting
from cardlib.friends.tables import PERSON, Limits, MemoryStore, TableError, Tables
from cardlib.widgets.friends import FriendsTable
from cardlib.widgets.table import HIDDEN
from tests.friends.test_fuzz import send

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
DEEP = b"[" * 2000 + b"]" * 2000
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)


@pytest.fixture
def served(serve: Serve) -> Iterator[tuple[str, Tables, dict[str, Any]]]:
    """A table server on loopback with the demo's message size (4 KB) and a duel at it."""
    tables = Tables(MemoryStore(), Limits(messages_per_second=1000, burst=1000))
    with serve(FriendsServer(tables)) as url:
        yield url, tables, tables.create("ecarte", [PERSON, PERSON], idle_seconds=0)


def create_url(url: str) -> str:
    """Where a new table is asked for."""
    return f"{url}friends/api/tables"


def moves_url(url: str, made: dict[str, Any], seat: int = 0) -> str:
    """Where a seat's move is sent."""
    return f"{url}friends/api/tables/{made['table']}/seats/{seat}/moves"


def is_a_sentence(answer: dict[str, Any]) -> bool:
    """A refusal in words: a sentence, no traceback, no bare reason phrase."""
    error = str(answer.get("error", ""))
    return len(error.split()) >= 5 and "Traceback" not in error and "Internal Server Error" not in error


def test_deep_nesting_is_refused_in_words_on_create_and_move(served: tuple[str, Tables, dict[str, Any]]) -> None:
    url, tables, made = served
    before = tables.store.get(made["table"])
    wrapped = b'{"options": ' + b"[" * 1500 + b"]" * 1500 + b"}"
    for target in (create_url(url), moves_url(url, made), f"{url}friends/api/matches"):
        for body in (DEEP, wrapped, b"{" * 2000):
            status, answer = send(target, body)
            assert status == 400 and is_a_sentence(answer) and "nested too deeply" in answer["error"], answer
    assert tables.store.get(made["table"]) == before and tables.store.count() == 1


def test_nesting_is_counted_outside_strings_only() -> None:
    assert nesting(b'{"a": [1, [2]]}') == 3 and nesting(b'{"a": "[[[[{{"}') == 1
    assert nesting(b'{"a": "\\"[[[", "b": [[]]}') == 3 and nesting(DEEP) == 2000


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=JSON_VALUES,
    depth=st.integers(0, 3000),
    target=st.sampled_from(["tables", "moves", "matches"]),
)
def test_any_json_shape_is_judged_or_refused_in_words_never_a_server_error(
    served: tuple[str, Tables, dict[str, Any]], value: Any, depth: int, target: str
) -> None:
    """Whatever JSON comes (any shape, wrapped in up to 3000 brackets) to make a table, a move or a match, the answer
    is a table, a frame or a refusal in words."""
    url, tables, made = served
    body = (b"[" * depth + json.dumps(value).encode() + b"]" * depth)[:4000]
    where = {"tables": create_url(url), "moves": moves_url(url, made), "matches": f"{url}friends/api/matches"}
    status, answer = send(where[target], body)
    assert status in (200, 201, 400, 403, 409, 422), (status, answer)
    assert status in (200, 201) or is_a_sentence(answer), answer


def test_unknown_fields_are_named_with_the_known_ones(served: tuple[str, Tables, dict[str, Any]]) -> None:
    url, _, made = served
    body = {"game": "ecarte", "seats": [PERSON, PERSON], "colour": "red", "seeds": 3}
    status, answer = send(create_url(url), json.dumps(body).encode())
    assert status == 400 and "'colour', 'seeds'" in answer["error"]
    assert "game, seats, options, idle_seconds, whole_game, seed" in answer["error"]
    move = {"token": made["tokens"]["0"], "action": "wait", "version": 0, "hurry": True}
    status, answer = send(moves_url(url, made), json.dumps(move).encode())
    assert status == 400 and "'hurry'" in answer["error"] and "token, action, version" in answer["error"]
    options = {"game": "alkort", "seats": [PERSON] * 4, "options": {"target": 5}}
    status, answer = send(create_url(url), json.dumps(options).encode())
    assert status == 400 and "'target'" in answer["error"] and "target_score" in answer["error"]


def hands(client: HTTPTables, made: dict[str, Any]) -> list[list[str]]:
    """Each person's hand at a table, as its frame shows it."""
    return [client.frame(made["table"], int(s), t)["view"]["hand"] for s, t in sorted(made["tokens"].items())]


def test_the_seed_is_honoured_over_http(served: tuple[str, Tables, dict[str, Any]]) -> None:
    url = served[0]
    client = HTTPTables(url)
    first, again, other = (client.create("alkort", [PERSON] * 4, seed=seed) for seed in (42, 42, 43))
    assert hands(client, first) == hands(client, again) != hands(client, other)
    assert all("seed" not in client.frame(first["table"], 0, first["tokens"]["0"]) for _ in range(1))


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"options": {"target_score": 10**9}}, "target_score at a people's table is from 1 to 100"),
        ({"options": {"target_score": 0}}, "positive whole number"),
        ({"options": [["target_score", 5]]}, "options must be a mapping"),
        ({"seed": -1}, "seed must be a whole number from 0"),
        ({"seed": "7"}, "seed must be a whole number from 0"),
        ({"seed": 2**48}, "seed must be a whole number from 0"),
        ({"seed": 1.5}, "seed must be a whole number from 0"),
        ({"whole_game": "yes"}, "whole_game must be true or false"),
        ({"idle_seconds": 10**12}, "idle_seconds must be 0"),
    ],
)
def test_settings_out_of_bounds_are_refused_in_words(settings: dict[str, Any], words: str) -> None:
    tables = Tables()
    with pytest.raises(TableError) as refusal:
        tables.create("alkort", [PERSON] * 4, **settings)
    assert refusal.value.status == 400 and words in str(refusal.value)
    assert tables.store.count() == 0


def test_the_bounds_of_a_number_option_are_ten_times_the_rules_default() -> None:
    tables = Tables()
    tables.create("alkort", [PERSON] * 4, options={"target_score": 100})
    tables.create("ecarte", [PERSON] * 2, options={"target_score": 50})
    with pytest.raises(TableError, match="from 1 to 50"):
        tables.create("ecarte", [PERSON] * 2, options={"target_score": 51})


def run_client(*args: str) -> subprocess.CompletedProcess[str]:
    """The command-line client, as a teacher runs it."""
    command = [sys.executable, "-m", "cardlib.friends.client", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_the_client_says_a_refusal_in_one_line(served: tuple[str, Tables, dict[str, Any]]) -> None:
    done = run_client("alkort", "person", "person", "person", "--server", served[0])
    assert done.returncode == 1 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "refused: Alkort is played by 4 or 2, not 3" in done.stderr
    made = run_client("ecarte", "person", "computer", "--server", served[0], "--tables", "2")
    assert made.returncode == 0 and made.stdout.count("\n") == 2 and "table 2, seat 0: http" in made.stdout


def test_the_client_says_an_unreachable_server_in_one_line() -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = run_client("ecarte", "person", "person", "--server", f"http://127.0.0.1:{port}/")
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0
    assert "cannot be reached" in done.stderr and "make demo" in done.stderr
    not_an_address = run_client("ecarte", "person", "person", "--server", "127.0.0.1:8866")
    assert not_an_address.returncode == 1 and not_an_address.stderr.strip().count("\n") == 0
    assert "--server is the demo's address, like http://127.0.0.1:8866/, not '127.0.0.1:8866'" in not_an_address.stderr


@pytest.mark.parametrize("wrong", ["token", "table", "expired"])
def test_a_wrong_or_expired_link_says_so_and_stops_asking(wrong: str) -> None:
    now = [1000.0]
    tables = Tables(clock=lambda: now[0])
    made = tables.create("ecarte", [PERSON, PERSON], idle_seconds=0)
    table, token = made["table"], made["tokens"]["0"]
    if wrong == "token":
        token = "guessed"
    elif wrong == "table":
        table = "no-such-table"
    else:
        now[0] += Limits().token_seconds + 1
    page = FriendsTable(tables, table, 0, token)
    said = page.message.value
    assert "This link opens no seat" in said and page.gone and page.table_box.layout.display == HIDDEN
    assert {"token": "Wrong token", "table": "no such table", "expired": "expired"}[wrong] in said
    assert page._task is None and page._timer is None, "it does not ask again"
