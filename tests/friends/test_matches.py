"""Duplicate matches (issue 42, item 1): tables that play the same deals, each seat holding the same cards at every
table; the teacher's results, hidden until a deal is over at every table, rank each side by matchpoints against the
sides that held the same cards; a table of the computer plays at once; CSV; only the teacher's key makes a match and
only the results key reads it."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from cardlib.friends.client import HTTPTables
from cardlib.friends.matches import create_match, matchpoints, results, results_csv
from cardlib.friends.server import FriendsServer
from cardlib.friends.tables import COMPUTER, PERSON, Limits, MemoryStore, TableError, Tables
from cardlib.widgets.friends import FriendsTable
from tests.friends.test_fuzz import send

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
FOUR = [PERSON] * 4


def play_table(tables: Tables, made: dict[str, Any], rng: random.Random, deals_seen: dict) -> None:
    """People make random legal moves until the table is over; each deal's starting hands noted by seat."""
    tokens = {int(s): t for s, t in made["tokens"].items()}
    while True:
        frames = {seat: tables.frame(made["table"], seat, token) for seat, token in tokens.items()}
        for seat, frame in frames.items():
            if not frame["moves"] and not frame["deal_over"]:
                deals_seen.setdefault((frame["deal_number"], seat), set()).add(tuple(frame["view"]["hand"]))
        movers = [seat for seat, frame in frames.items() if frame["legal"]]
        if not movers:
            return
        seat = rng.choice(movers)
        legal = frames[seat]["legal"]
        move = rng.choice([m for m in legal if m != "wait"] or legal)
        tables.move(made["table"], seat, tokens[seat], move, frames[seat]["version"])


def test_every_table_deals_the_same_cards_to_the_same_seats_in_every_deal() -> None:
    tables = Tables()
    made = create_match(tables, "alkort", [FOUR, FOUR], deals=3, seed=11)
    seen: dict = {}
    for number, table in enumerate(made["tables"]):
        play_table(tables, table, random.Random(number), seen)
    assert {deal for deal, _ in seen} == {1, 2, 3}, "three deals at each table"
    assert all(len(hands) == 1 for hands in seen.values()), "each seat held the same cards at both tables"
    assert len({hands.pop() for (deal, seat), hands in seen.items() if seat == 0}) == 3, "three different deals"
    found = results(tables, made["match"], made["results_key"])
    assert found["deals_over_everywhere"] == 3 and found["seed"] == 11


def test_nothing_is_shown_until_a_deal_is_over_at_every_table_and_the_computers_table_plays_at_once() -> None:
    tables = Tables()
    made = create_match(tables, "ecarte", [[PERSON, PERSON], [PERSON, COMPUTER], [COMPUTER, COMPUTER]], seed=3)
    found = results(tables, made["match"], made["results_key"])
    assert [t["deals_over"] for t in found["tables"]] == [0, 0, 1], "the computer's table is over at once"
    play_table(tables, made["tables"][0], random.Random(1), {})
    found = results(tables, made["match"], made["results_key"])
    assert found["deals_over_everywhere"] == 0 and all(e["points"] == [] for e in found["ranking"])
    assert "points" not in json.dumps(found["tables"]), "no table's score before every table is over"
    play_table(tables, made["tables"][1], random.Random(2), {})
    found = results(tables, made["match"], made["results_key"])
    assert found["deals_over_everywhere"] == 1 and all(len(e["points"]) == 1 for e in found["ranking"])


def test_matchpoints_compare_a_side_with_the_sides_that_held_the_same_cards() -> None:
    played = [[[3, 0]], [[1, 2]], [[1, 2]]]  # one deal at three tables: points of side 0 and side 1
    assert [matchpoints(played, table, 0, side=0) for table in range(3)] == [4, 1, 1]
    assert [matchpoints(played, table, 0, side=1) for table in range(3)] == [0, 3, 3]


def test_the_ranking_is_by_matchpoints_and_each_deal_shares_them_out() -> None:
    tables = Tables()
    made = create_match(tables, "ecarte", [[PERSON, PERSON]] * 4, deals=3, seed=8)
    for number, table in enumerate(made["tables"]):
        play_table(tables, table, random.Random(number * 7), {})
    found = results(tables, made["match"], made["results_key"])
    ranking = found["ranking"]
    assert len(ranking) == 8 and [e["matchpoints"] for e in ranking] == sorted(
        (e["matchpoints"] for e in ranking), reverse=True
    )
    for side in (0, 1):
        for deal in range(3):  # 4 tables: each pair of them shares 2 matchpoints, 12 a deal and side
            assert sum(e["matchpoints_by_deal"][deal] for e in ranking if e["side"] == side) == 12
    assert all(e["rank"] == 1 + sum(o["matchpoints"] > e["matchpoints"] for o in ranking) for e in ranking)
    assert all(e["most"] == 18 and e["percent"] == round(100 * e["matchpoints"] / 18, 1) for e in ranking)
    rows = list(csv.reader(io.StringIO(results_csv(found))))
    assert rows[0][:4] == ["rank", "table", "side", "players"] and len(rows) == 9
    assert [int(row[-3]) for row in rows[1:]] == [e["matchpoints"] for e in ranking]


def test_a_wrong_key_and_no_such_match_are_refused_alike() -> None:
    tables = Tables()
    made = create_match(tables, "ecarte", [[PERSON, PERSON]] * 2)
    words = set()
    for match, key in ((made["match"], "a guess"), ("no-such-match", made["results_key"]), (made["match"], None)):
        with pytest.raises(TableError) as refusal:
            results(tables, match, key)
        words.add((refusal.value.status, str(refusal.value)))
    assert len(words) == 1 and words.pop()[0] == 404


@pytest.mark.parametrize(
    ("layouts", "settings", "words"),
    [
        ([FOUR], {}, "from 2 to 30 tables"),
        ([FOUR, FOUR], {"deals": 21}, "from 1 to 20 deals"),
        ([FOUR, FOUR], {"colour": 1}, "no setting 'colour'"),
        ([FOUR, FOUR], {"names": [["a"] * 4]}, "one entry a table"),
        ([FOUR, [PERSON] * 3], {}, "not 3"),
    ],
)
def test_a_bad_match_is_refused_in_words(layouts: list, settings: dict[str, Any], words: str) -> None:
    with pytest.raises(TableError, match=words):
        create_match(Tables(), "alkort", layouts, **settings)


def fetch(url: str) -> str:
    """A page's text."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


def deals_over_soon(client: HTTPTables, made: dict[str, Any], table: int, deals: int = 1, seconds: float = 30) -> int:
    """The deals over at a match's table (by its index) once it has played ``deals``, or at the timeout: a server
    plays a table of the computer alone a move at a time, after answering."""
    deadline = time.monotonic() + seconds
    while True:
        over = int(client.results(made["match"], made["results_key"])["tables"][table]["deals_over"])
        if over >= deals or time.monotonic() > deadline:
            return over
        time.sleep(0.05)


def test_over_http_a_match_needs_the_teachers_key_and_its_link_gives_the_results(serve: Serve) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits()), teacher_key="the key")
    with serve(friends) as url:
        body = {"game": "ecarte", "tables": [[PERSON, PERSON], [COMPUTER, COMPUTER]]}
        status, answer = send(f"{url}friends/api/matches", json.dumps(body).encode())
        assert status == 403 and "teacher's key" in answer["error"]
        client = HTTPTables(url)
        made = client.create_match("ecarte", body["tables"], teacher_key="the key", seed=4)
        assert made["results_link"].startswith(f"{url}friends/results/{made['match']}?key=")
        assert set(made["tables"][0]["links"]) == {"0", "1"} and made["tables"][1]["links"] == {}
        assert deals_over_soon(client, made, 1) == 1, "the computer's table, played after the answer"
        page = fetch(made["results_link"])
        assert "Duplicate match: the results" in page and f"/friends/api/matches/{made['match']}" in page
        table = fetch(f"{url}friends/api/matches/{made['match']}/results.csv?key={made['results_key']}")
        assert table.splitlines()[0] == "rank,table,side,players,matchpoints,of,percent", "no deal over everywhere"
        assert send(f"{url}friends/api/matches/{made['match']}/results?key=guess")[0] == 404


def test_the_client_makes_a_match_and_prints_the_teachers_link(serve: Serve) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits()), teacher_key="the key")
    with serve(friends) as url:
        command = [sys.executable, "-m", "cardlib.friends.client", "ecarte", "person", "person", "--server", url]
        done = subprocess.run(
            [*command, "--match", "2", "--tables", "2", "--computer-table", "--key", "the key"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == 5 and lines[-1].startswith("results (the teacher's") and "table 2, seat 1" in lines[3]
        refused = subprocess.run([*command, "--match", "2"], capture_output=True, text=True, timeout=60)
        assert refused.returncode == 1 and "teacher's key" in refused.stderr and "Traceback" not in refused.stderr


def test_a_name_is_shown_to_the_others_as_text() -> None:
    tables = Tables()
    names = ["<b>Ann</b>", "Bob & Co"]
    made = tables.create("ecarte", [PERSON, PERSON], names=names, seed=2)
    page = FriendsTable(tables, made["table"], 0, made["tokens"]["0"], poll_seconds=None)
    seats = page.seats_view.value
    assert "Bob &amp; Co (player 1)" in seats and "<b>Ann</b>" not in seats
    with pytest.raises(TableError, match="printable"):
        tables.create("ecarte", [PERSON, PERSON], names=["a\nb", ""])
