"""The frames test: every frame a seat is sent over a whole game shows no card that seat may not see.

A seat may see what ``games.observe(state, seat)`` holds (its hand, the cards played, shown, exchanged or turned
up, its own discards and draws) and nothing else. Every frame each seat receives — after every move of a whole
game, as a waiting page receives them — is searched for cards written any way the course writes one ('K♦',
'10♥', 'King of diamonds', an Alkort card's own Icelandic name), and for the keys that would carry the seed,
the tokens, the stock, another hand or the list of moves.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from cardlib import games
from cardlib.alkort import ICELANDIC_NAMES
from cardlib.cards import ALL_CARDS, RANK_NAMES, SUIT_NAMES, Card, card
from cardlib.friends.tables import COMPUTER, PERSON, Tables, frame_of, seen_by
from cardlib.tricks import IllegalAction

CARD_TEXT = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])")
CARD_WORDS = re.compile(
    r"\b(" + "|".join([*RANK_NAMES.values(), *map(str, range(2, 11))]) + r") of (" + "|".join(SUIT_NAMES.values()) + ")"
)
UNIQUE_NAMES = {
    name.word: c
    for c, name in ICELANDIC_NAMES.items()
    if [n.word for n in ICELANDIC_NAMES.values()].count(name.word) == 1
}
NAME_WORDS = re.compile(r"\b(" + "|".join(map(re.escape, UNIQUE_NAMES)) + r")\b")
FORBIDDEN_KEYS = {"seed", "tokens", "token", "token_hashes", "actions", "deck", "stock", "hands", "record", "log_full"}
GAMES = [(game.key, count) for game in games.every() for count in game.players]


def cards_in(frame: dict[str, Any]) -> set[Card]:
    """Every card a frame names, however it is written."""
    text = json.dumps(frame, ensure_ascii=False)
    found = {card(rank + suit) for rank, suit in CARD_TEXT.findall(text)}
    by_name = {name: rank for rank, name in RANK_NAMES.items()}
    by_suit = {name: suit for suit, name in SUIT_NAMES.items()}
    found |= {ALL_CARDS[by_name.get(rank, rank), by_suit[suit]] for rank, suit in CARD_WORDS.findall(text)}
    found |= {UNIQUE_NAMES[word] for word in NAME_WORDS.findall(text)}
    return found


def keys_in(value: Any) -> set[str]:
    """Every key of every mapping in a frame."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def hidden_from(state: Any, seat: int) -> set[Card]:
    """The cards a seat may not see now: the others' hands, the stock, every card of the pack it was not shown."""
    pack = games.of(state).pack
    return set(pack) - seen_by(state, seat)


def without_the_pack(frame: dict[str, Any], pack: Any) -> dict[str, Any]:
    """A frame less any field of its view that lists the game's whole pack (a plain game's view does): every card,
    in pack order, says nothing of where one is."""
    whole = [str(c) for c in pack]
    view = {name: value for name, value in frame.get("view", {}).items() if value != whole}
    return {**frame, "view": view}


def leaks(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> list[str]:
    """What a frame shows that its seat may not see (empty when nothing)."""
    state = tables.replays[table].state
    shown = cards_in(without_the_pack(frame, games.of(state).pack))
    found = [f"{c} (hidden)" for c in sorted(shown & hidden_from(state, seat))]
    return found + [f"key {k!r}" for k in sorted(keys_in(frame) & FORBIDDEN_KEYS)]


def play_whole_game(
    tables: Tables,
    game: str,
    players: int,
    seed: int,
    check: Callable[..., None],
    whole_game: bool = True,
    seats: list[str] | None = None,
) -> int:
    """Four (or two) people play a whole game with random legal moves; every seat's frame is checked after each."""
    made = tables.create(game, seats or [PERSON] * players, seed=seed, whole_game=whole_game)
    table, tokens = made["table"], {int(s): t for s, t in made["tokens"].items()}
    rng, frames_seen = random.Random(seed), 0
    while True:
        frames = {seat: tables.wait(table, seat, token, since_version=-1, timeout=0) for seat, token in tokens.items()}
        for seat, frame in frames.items():
            check(tables, table, seat, frame)
        frames_seen += len(frames)
        movers = [seat for seat, frame in frames.items() if frame["legal"]]
        if not movers:
            assert frames[0]["game_over"]
            return frames_seen
        seat = rng.choice(movers)
        legal = frames[seat]["legal"]
        move = rng.choice([m for m in legal if m != "wait"] or legal)
        after = tables.move(table, seat, tokens[seat], move, frames[seat]["version"])
        check(tables, table, seat, after)


def no_leak(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> None:
    """The check: nothing hidden in the frame."""
    assert not leaks(tables, table, seat, frame), (seat, frame["version"], leaks(tables, table, seat, frame))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_frame_of_a_whole_game_shows_a_card_its_seat_may_not_see(game: str, players: int) -> None:
    tables = Tables()
    for seed in (1,) if players == 4 else (1, 2):  # a four-handed game is long: one is enough
        assert play_whole_game(tables, game, players, seed, no_leak) > 5 * players  # several frames a seat


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_check_finds_a_hidden_card_put_in_a_frame(game: str, players: int) -> None:
    """The check can fail: a frame with one card of another hand, or the stock's size as 'stock', is caught."""
    tables = Tables()
    caught: list[str] = []

    def with_a_leak(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> None:
        state = tables.replays[table].state
        other = (seat + 1) % players
        if state.hands[other]:
            caught.extend(leaks(tables, table, seat, {**frame, "message": f"{state.hands[other][0].name}"}))
        caught.extend(leaks(tables, table, seat, {**frame, "stock": []}))

    play_whole_game(tables, game, players, 3, with_a_leak, whole_game=False)
    assert any("hidden" in c for c in caught) and "key 'stock'" in caught


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_frame_is_the_same_in_every_deal_its_seat_cannot_tell_from_the_real_one(game: str, players: int) -> None:
    """Nothing a seat is sent depends on what it cannot see: its frame, made again in deals drawn to agree with its
    view (``games.sample_world``), is the same (who is waiting, the messages, the explanations, the view)."""
    rng = random.Random(4)

    def same_in_other_deals(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> None:
        if frame["version"] % 3 or frame["version"] != tables.replays[table].record.version:
            return  # every third position is enough
        for _ in range(2):
            same_in_a_deal_it_cannot_tell(tables, table, seat, rng)

    play_whole_game(Tables(), game, players, 5, same_in_other_deals, whole_game=False)


def same_in_a_deal_it_cannot_tell(tables: Tables, table: str, seat: int, rng: random.Random) -> None:
    """The seat's frame, made again at a deal drawn to agree with its view, is its frame at the real deal."""
    replay = tables.replays[table]
    real, presence = replay.state, tables.store.presence(table)
    replay.game.deal = games.sample_world(games.observe(real, seat), rng)
    try:
        again = frame_of(replay, seat, presence, tables.clock())
    finally:
        replay.game.deal = real
    assert without_order(again) == without_order(frame_of(replay, seat, presence, tables.clock()))


def without_order(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame with the cards of its texts in pack order (a seat's own hand may be listed in another order, and
    the engine's reasons list its cards in the hand's order)."""

    def cards_sorted(text: str) -> str:
        return CARD_TEXT.sub("<card>", text) + " | " + " ".join(sorted(a + b for a, b in CARD_TEXT.findall(text)))

    def sorted_texts(value: Any) -> Any:
        if isinstance(value, dict):  # the reasons: each in the engine's words about the seat's own cards
            return {k: sorted_texts(v) for k, v in value.items()}
        return cards_sorted(value) if isinstance(value, str) else value

    return sorted_texts(frame)


def test_no_frame_shows_a_hidden_card_at_a_table_with_the_computer() -> None:
    """Two people partnered with the computer: the computer's moves, made at once, show nothing either."""
    seats = [PERSON, COMPUTER, PERSON, COMPUTER]
    assert play_whole_game(Tables(), "alkort", 4, 6, no_leak, whole_game=False, seats=seats) > 10


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_frame_gives_the_engines_reason_for_each_card_of_its_hand_it_may_not_play(game: str, players: int) -> None:
    """On its turn a seat is sent, for each card of its own hand it may not play, the engine's own message for that
    move at the real deal (what ``apply`` would raise) — and no reason names a card the seat may not see."""
    given: list[str] = []

    def reasons_are_the_engines(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> None:
        state = tables.replays[table].state
        reasons = frame["reasons"]
        if frame["version"] != tables.replays[table].record.version:
            return  # a frame of a move already passed
        assert not cards_in({"reasons": reasons}) & hidden_from(state, seat), (seat, reasons)
        if state.is_over or state.current_player != seat:
            assert reasons == {}
            return
        unplayable = [
            c for c in state.hands[seat] if str(c) not in frame["legal"] and f"play {c}" not in frame["legal"]
        ]
        assert sorted(reasons) == sorted(map(str, unplayable))
        for c in unplayable:
            with pytest.raises(IllegalAction) as refusal:
                state.clone().apply(c)
            assert reasons[str(c)] == str(refusal.value)
        given.extend(reasons.values())

    play_whole_game(Tables(), game, players, 10, reasons_are_the_engines, whole_game=False)
    assert given, "some card was refused a reason in the game"
