"""The table page's words and keyboard (issue 42, item 6): who the table waits for said once, the deal's end said
once and its sides named as the engine names them, the hand shown in an exchange listed for every player and the
exchange explained where it is offered, the focus kept in the hand after a play, and the maker's instructions on the
maker's page only (a seat's page starts with its table)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import ipywidgets as widgets
import pytest

from cardlib.cards import card
from cardlib.friends.client import HTTPTables
from cardlib.friends.server import FriendsServer
from cardlib.friends.tables import PERSON, Limits, MemoryStore, Tables
from cardlib.widgets.friends import EXCHANGE_WORDS, FriendsTable, TableMaker, to_move_of

Serve = Callable[[FriendsServer], AbstractContextManager[str]]
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks/apps/play-with-friends.ipynb"
EXCHANGING_SEED, EXCHANGER = 3, 3  # an Alkort deal where player 3's hand is worthless at once


def pages(tables: Tables, game: str, players: int, seed: int) -> dict[int, FriendsTable]:
    """A page for each person at a new one-deal table of people."""
    made = tables.create(game, [PERSON] * players, seed=seed, whole_game=False, idle_seconds=0)
    return {
        int(s): FriendsTable(tables, made["table"], int(s), t, poll_seconds=None) for s, t in made["tokens"].items()
    }


def test_the_prompt_says_who_is_awaited_once_and_the_end_once() -> None:
    seats = pages(Tables(), "alkort", 4, seed=5)
    waiting = next(page for seat, page in seats.items() if to_move_of(page.frame) != seat)
    prompt = waiting.prompt.value
    assert prompt.count("Waiting for") == 1 and "(a person, " in prompt and "to move…" in prompt
    rng = random.Random(0)
    while not all(page.frame["deal_over"] for page in seats.values()):
        mover = next(page for page in seats.values() if page.frame["legal"])
        legal = [m for m in mover.frame["legal"] if m != "wait"] or mover.frame["legal"]
        mover.send(rng.choice(legal))
        for page in seats.values():
            page.refresh()
    for page in seats.values():
        assert page.prompt.value.count("The deal is over.") == 1 and "The game is over" not in page.prompt.value
    rows = [row[0] for row in seats[0].scoreboard.rows]
    assert rows == ["your team, team A, (you and player 2)", "the other team, team B, (players 1 and 3)"]


def test_the_exchange_is_explained_where_offered_and_the_hand_shown_to_every_player() -> None:
    seats = pages(Tables(), "alkort", 4, seed=EXCHANGING_SEED)
    offered = seats[EXCHANGER]
    assert EXCHANGE_WORDS in offered.prompt.value.replace("&#x27;", "'")
    keep = next(m for m in offered.frame["legal"] if m.startswith("exchange "))
    offered.send(keep)
    shown = [*offered.frame["view"]["exchanges"][0][2], keep.split()[1]]
    for page in seats.values():
        page.refresh()
        facts = page.seats_view.value
        assert "showed this hand, kept" in facts and all(card(c).name in facts for c in shown), page.seat


def test_the_focus_stays_in_the_hand_after_a_play(monkeypatch: pytest.MonkeyPatch) -> None:
    focused: list[widgets.Button] = []
    monkeypatch.setattr(widgets.Button, "focus", lambda self: focused.append(self))
    seats = pages(Tables(), "ecarte", 2, seed=1)
    mover = next(page for seat, page in seats.items() if page.frame["legal"] and to_move_of(page.frame) == seat)
    mover.send(next(m for m in mover.frame["legal"] if m != "wait"))
    assert focused and focused[-1] in [*mover.hand.buttons, *mover.action_buttons], "a button of the hand or a move"


def test_the_instructions_are_the_makers_and_a_seats_page_starts_with_its_table() -> None:
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    intro = "".join(cells[0]["source"])
    assert len(intro.splitlines()) <= 8 and "Give each person their link" not in intro
    maker = TableMaker(Tables())
    assert "Give each person their link" in maker.form.children[0].value


def test_the_maker_gives_the_names_typed_to_the_table_and_its_links() -> None:
    tables = Tables()
    maker = TableMaker(tables)
    maker.game_picker.value = "ecarte"
    maker.name_fields[0].value, maker.name_fields[1].value = "Ann <3", ""
    maker.create()
    record = tables.store.get(maker.made["table"]) if maker.made else None
    assert record is not None and record.names == ("Ann <3", "")
    assert "Player 0 (Ann &lt;3):" in maker.links.value and "Player 1:" in maker.links.value


def test_the_maker_page_makes_more_than_an_addresss_tables_with_the_teachers_key(serve: Serve) -> None:
    friends = FriendsServer(Tables(MemoryStore(), Limits(tables_per_address=1)), teacher_key="the key")
    with serve(friends) as url:
        maker = TableMaker(HTTPTables(url))
        maker.create()
        maker.create()
        assert "made 1 open tables" in maker.message.value and "teacher's key" in maker.message.value
        maker.key_field.value = "the key"
        maker.create()
        assert maker.message.value == "" and friends.tables.store.count() == 2
