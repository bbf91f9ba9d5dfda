"""The people's table, pure: replayed by the engine, judged by it alone, a bot for absent people, and expiry."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from cardlib import coach, games
from cardlib.cards import card
from cardlib.friends.tables import COMPUTER, PERSON, Limits, MemoryStore, Replay, TableError, Tables
from cardlib.friends.views import view_from_json, view_to_json
from cardlib.tricks import action_text

FOUR = [PERSON] * 4
Maker = Callable[..., Any]


def refusal(call: Callable[..., object], *args: Any, **kwargs: Any) -> TableError:
    """The TableError a call raises."""
    with pytest.raises(TableError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_a_table_replays_to_the_state_it_was_played_to(tables: Tables, new_table: Maker, one_move: Maker) -> None:
    seated, rng = new_table(tables, "alkort", [PERSON, COMPUTER, PERSON, COMPUTER], seed=7), random.Random(1)
    for _ in range(25):
        one_move(tables, seated, rng)
    record = tables.store.get(seated.table)
    assert record is not None and record.version >= 25
    live = tables.replays[seated.table]
    again = Replay(record)
    assert again.state.history() == live.state.history() and again.deal_number == live.deal_number
    assert len(record.to_json()) < 2000  # a table is a few hundred bytes, a few more a move


def test_the_same_seed_and_moves_deal_the_same_cards(tables: Tables, new_table: Maker) -> None:
    first, second = (new_table(tables, "ecarte", [PERSON, PERSON], seed=11) for _ in range(2))
    views = [tables.frame(s.table, 0, s.tokens[0])["view"] for s in (first, second)]
    assert views[0] == views[1]


def test_an_illegal_card_is_refused_in_the_engines_words_and_changes_nothing(tables: Tables, new_table: Maker) -> None:
    seated = new_table(tables, "ecarte", [PERSON, PERSON], seed=3, options={"must_trump": True})
    rng = random.Random(0)
    for _ in range(200):  # play on until a seat to move holds a card it may not play
        frames = {s: tables.frame(seated.table, s, t) for s, t in seated.tokens.items()}
        seat = next(s for s, f in frames.items() if f["legal"])
        frame, replay = frames[seat], tables.replays[seated.table]
        held = [str(c) for c in replay.state.hands[seat]]
        barred = [c for c in held if f"play {c}" not in frame["legal"]]
        if barred and any(m.startswith("play") for m in frame["legal"]):
            before = tables.store.get(seated.table)
            error = refusal(tables.move, seated.table, seat, seated.tokens[seat], f"play {barred[0]}", frame["version"])
            assert error.status == 422 and str(error) == replay.state.why_illegal(f"play {barred[0]}")
            assert (
                tables.store.get(seated.table) == before
                and tables.frame(seated.table, seat, seated.tokens[seat]) == frame
            )
            return
        tables.move(seated.table, seat, seated.tokens[seat], rng.choice(frame["legal"]), frame["version"])
    pytest.fail("no illegal card came up")


def test_out_of_turn_and_unheld_cards_are_refused_without_saying_where_a_card_is(
    tables: Tables, new_table: Maker
) -> None:
    seated = new_table(tables, "alkort", FOUR, seed=5)
    frames = {s: tables.frame(seated.table, s, t) for s, t in seated.tokens.items()}
    replay = tables.replays[seated.table]
    idle = next(s for s, f in frames.items() if not f["legal"])
    mover = next(s for s, f in frames.items() if f["legal"] and s == f["turn"])
    own = str(replay.state.hands[idle][0])
    error = refusal(
        lambda: tables.move(seated.table, idle, seated.tokens[idle], f"play {own}", frames[idle]["version"])
    )
    assert error.status == 409 and "not your turn" in str(error)
    others = str(replay.state.hands[idle][0])  # a card the mover does not hold
    error = refusal(tables.move, seated.table, mover, seated.tokens[mover], f"play {others}", 0)
    assert error.status == 422 and str(error) == f"You do not hold {others}."
    stock = str(replay.state.stock[0])  # in the stock: the same words, so the answer tells nothing
    assert str(refusal(tables.move, seated.table, mover, seated.tokens[mover], f"play {stock}", 0)) == (
        f"You do not hold {stock}."
    )
    assert tables.store.get(seated.table).version == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "action", [("K", "♦"), 3, None, "", "play", "discard K♦ K♦", "x" * 500, "play K♦ please", "next deal", "wait"]
)
def test_what_a_learner_might_send_is_refused_with_a_clear_message(
    tables: Tables, new_table: Maker, action: Any
) -> None:
    seated = new_table(tables, "ecarte", [PERSON, PERSON], seed=1)
    frames = {s: tables.frame(seated.table, s, t) for s, t in seated.tokens.items()}
    seat = next(s for s, f in frames.items() if f["turn"] == s)
    error = refusal(tables.move, seated.table, seat, seated.tokens[seat], action, 0)
    assert error.status in (400, 409, 422) and len(str(error)) > 10
    assert isinstance(error, ValueError) and tables.store.get(seated.table).version == 0  # type: ignore[union-attr]


def test_a_seat_is_a_whole_number_and_its_token_is_checked(tables: Tables, new_table: Maker) -> None:
    seated = new_table(tables, "ecarte", [PERSON, COMPUTER], seed=2)
    assert tables.frame(seated.table, np.int64(0), seated.tokens[0])["seat"] == 0  # type: ignore[arg-type]
    for seat in (True, 1.0, "0", -1, 2):
        assert refusal(tables.frame, seated.table, seat, seated.tokens[0]).status == 403
    assert "computer" in str(refusal(tables.frame, seated.table, 1, seated.tokens[0]))
    assert refusal(tables.frame, seated.table, 0, seated.tokens[0][:-1] + "x").status == 403
    assert refusal(tables.frame, "no-such-table", 0, seated.tokens[0]).status == 404


def test_the_computer_plays_its_seats_and_the_game_goes_to_its_end(
    tables: Tables, new_table: Maker, one_move: Maker
) -> None:
    seated, rng = new_table(tables, "ecarte", [PERSON, COMPUTER], seed=9), random.Random(2)
    for _ in range(400):
        frame = one_move(tables, seated, rng)
        if frame is not None and frame["game_over"]:
            break
    assert frame is not None and frame["game_over"] and max(frame["scores"]) >= 5
    record = tables.store.get(seated.table)
    assert record is not None and {seat for seat, _ in record.actions} == {0, 1} and frame["deal_number"] > 1


def test_a_bot_stands_in_for_an_absent_person_and_hands_the_seat_back(
    tables: Tables, clock: Any, new_table: Maker
) -> None:
    seated = new_table(tables, "ecarte", [PERSON, PERSON], seed=4, idle_seconds=30)
    frame = tables.frame(seated.table, 0, seated.tokens[0])
    assert not any(s["bot_standing_in"] for s in frame["seats"])
    absent = 1
    clock.now += 31  # seat 1 has never come: the bot plays it; seat 0 is here
    frame = tables.frame(seated.table, 0, seated.tokens[0])
    assert frame["seats"][absent]["bot_standing_in"] and not frame["seats"][absent]["connected"]
    assert "Player 1 is away" in frame["message"]
    assert absent not in frame["waiting_for"] and (frame["turn"] != absent or frame["deal_over"])
    record = tables.store.get(seated.table)
    assert record is not None and any(seat == absent for seat, _ in record.actions)  # the bot moved for it
    back = tables.frame(seated.table, absent, seated.tokens[absent])  # the person comes back
    assert not back["seats"][absent]["bot_standing_in"] and back["seats"][absent]["connected"]
    for _ in range(50):  # and the table waits for them again when it is their turn
        mine = tables.frame(seated.table, 0, seated.tokens[0])
        if mine["turn"] == absent and not mine["deal_over"]:
            assert absent in mine["waiting_for"]
            return
        tables.move(seated.table, 0, seated.tokens[0], mine["legal"][0], mine["version"])
    pytest.fail("seat 1 never came to move")


def test_tables_and_tokens_expire_and_their_number_is_limited(clock: Any, new_table: Maker) -> None:
    limits = Limits(max_tables=2, table_seconds=100, token_seconds=150)
    tables = Tables(MemoryStore(), limits, clock=clock, sleep=clock.sleep)
    first = new_table(tables, "ecarte", [PERSON, COMPUTER])
    new_table(tables, "ecarte", [PERSON, COMPUTER])
    assert refusal(new_table, tables, "ecarte", [PERSON, COMPUTER]).status == 503
    clock.now += 90
    frame = tables.frame(first.table, 0, first.tokens[0])
    tables.move(first.table, 0, first.tokens[0], frame["legal"][0], frame["version"])  # a move keeps it alive
    clock.now += 20
    assert tables.frame(first.table, 0, first.tokens[0])["table"] == first.table
    clock.now += 50  # the token is 160 s old
    assert refusal(tables.frame, first.table, 0, first.tokens[0]).status == 410
    clock.now += 200  # and the table has had no move for over 100 s
    assert refusal(tables.frame, first.table, 0, first.tokens[0]).status == 410
    new_table(tables, "ecarte", [PERSON, COMPUTER])  # the expired tables make room
    assert tables.store.count() == 1


@pytest.mark.parametrize(
    ("game", "seats", "settings"),
    [
        ("bridge", [PERSON] * 4, {}),
        ("ecarte", [PERSON] * 3, {}),
        ("ecarte", [COMPUTER] * 2, {}),
        ("ecarte", ["friend", PERSON], {}),
        ("ecarte", [PERSON, PERSON], {"options": {"target_score": 0}}),
        ("ecarte", [PERSON, PERSON], {"options": {"no_such_rule": 1}}),
        ("ecarte", [PERSON, PERSON], {"idle_seconds": 1}),
        ("ecarte", [PERSON, PERSON], {"idle_seconds": "soon"}),
        ("ecarte", [PERSON, PERSON], {"colour": "red"}),
    ],
)
def test_a_table_that_cannot_be_played_is_refused_when_made(
    tables: Tables, game: str, seats: list[str], settings: dict[str, Any]
) -> None:
    error = refusal(tables.create, game, seats, **settings)
    assert error.status == 400 and tables.store.count() == 0


def test_the_coach_at_a_peoples_table_works_from_the_seats_frame_alone(tables: Tables, new_table: Maker) -> None:
    seated = new_table(tables, "alkort", [PERSON, COMPUTER, COMPUTER, COMPUTER], seed=12)
    frame = tables.frame(seated.table, 0, seated.tokens[0])
    rng = random.Random(3)
    while not frame["legal"] or frame["legal"] == ["wait"]:
        frame = tables.move(seated.table, 0, seated.tokens[0], rng.choice(frame["legal"]), frame["version"])
    view = view_from_json("alkort", frame["view"])
    state = tables.replays[seated.table].state
    assert view == games.observe(state, 0) and view_to_json(view) == frame["view"]
    from_frame, from_state = coach.advise(view, samples=24), coach.hint(state, 0, samples=24)
    assert from_frame.options == from_state.options and from_frame.best == from_state.best


def test_a_seats_decisions_come_with_the_views_it_decided_from(
    tables: Tables, new_table: Maker, one_move: Maker
) -> None:
    """For the coach's review after the deal: each decision of the seat, with its view then (nothing later)."""
    seated, rng = new_table(tables, "ecarte", [PERSON, COMPUTER], seed=21, whole_game=False), random.Random(4)
    while one_move(tables, seated, rng) is not None:
        pass
    review = tables.decisions(seated.table, 0, seated.tokens[0])
    state = tables.replays[seated.table].state
    assert review["deal_over"] and review["decisions"]
    expected = [(k, "wait" if isinstance(c, coach.Wait) else action_text(c)) for k, c in coach.decisions(state, 0)]
    assert [(d["number"], d["chosen"]) for d in review["decisions"]] == expected
    for decision in review["decisions"]:
        view = view_from_json("ecarte", decision["view"])
        assert view == games.observe(coach.position_at(state, decision["number"]), 0)
    first = view_from_json("ecarte", review["decisions"][0]["view"])
    assert coach.advise(first, samples=24).options  # the coach reviews from these views alone


def test_a_move_written_as_a_learner_writes_it_is_read_as_the_engine_reads_it(tables: Tables, new_table: Maker) -> None:
    """A str subclass, lower case, letters for suits: the engine's parse_action reads them; a Card object is not
    text, and is refused with a clear message."""

    class Move(str):
        pass

    seated = new_table(tables, "ecarte", [PERSON, COMPUTER], seed=2)
    frame = tables.frame(seated.table, 0, seated.tokens[0])
    while not any(m.startswith("play") for m in frame["legal"]):
        frame = tables.move(seated.table, 0, seated.tokens[0], frame["legal"][0], frame["version"])
    played = next(m for m in frame["legal"] if m.startswith("play"))
    as_card = card(played.removeprefix("play "))
    error = refusal(tables.move, seated.table, 0, seated.tokens[0], as_card, frame["version"])
    assert error.status == 400 and "short text like 'play K♦'" in str(error)
    written = Move(f"PLAY {as_card.rank}{'SHDC'['♠♥♦♣'.index(as_card.suit)]}")
    after = tables.move(seated.table, 0, seated.tokens[0], written, frame["version"])
    assert after["version"] > frame["version"]
    assert any(m["seat"] == 0 and m["text"] == played for m in after["moves"])  # as the engine writes it
