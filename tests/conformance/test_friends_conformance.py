"""The people's tables held to the same promises for every game the course knows (see conftest.py: the registered
games, the guide's toy and the throw-away fourth game): each seat's frames show no card it may not see and are the
same in every deal it cannot tell from the real one; a refusal's words are the same wherever a card it does not hold
is (another hand, the stock, played); the coach's hint is ``coach.advise`` on the seat's own view, read back from its
frame; each seat's score board names its own side once, beside every other side, with the table's points; the
computer plays every game at every level (``bots.levels``), the same moves again when the table is replayed."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from cardlib import coach, games
from cardlib.bots.levels import LEVELS
from cardlib.friends.tables import COMPUTER, PERSON, Limits, Replay, TableError, Tables, new_table
from cardlib.players import next_move
from cardlib.widgets.coach import hint_html
from cardlib.widgets.friends import FriendsTable, sides_of
from tests.friends.test_frames import no_leak, play_whole_game, same_in_a_deal_it_cannot_tell

CARD_TEXT = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])")
HINT_SAMPLES = 8


def seated(game: games.GameDescription, players: int, seed: int) -> tuple[Tables, str, dict[int, str]]:
    """A table of people only, one deal, seeded."""
    tables = Tables()
    made = tables.create(game.key, [PERSON] * players, seed=seed, whole_game=False, idle_seconds=0)
    return tables, made["table"], {int(s): t for s, t in made["tokens"].items()}


def move_at_random(tables: Tables, table: str, tokens: dict[int, str], rng: random.Random) -> bool:
    """Some person who may move makes a random legal move (a card rather than 'wait'); False once nobody may."""
    frames = {seat: tables.frame(table, seat, token) for seat, token in tokens.items()}
    movers = [seat for seat, frame in frames.items() if frame["legal"] and not frame["deal_over"]]
    if not movers:
        return False
    seat = rng.choice(movers)
    legal = frames[seat]["legal"]
    tables.move(
        table, seat, tokens[seat], rng.choice([m for m in legal if m != "wait"] or legal), frames[seat]["version"]
    )
    return True


def test_no_frame_shows_a_hidden_card_and_each_is_the_same_in_deals_its_seat_cannot_tell_apart(game, players) -> None:
    rng = random.Random(4)

    def checked(tables: Tables, table: str, seat: int, frame: dict[str, Any]) -> None:
        no_leak(tables, table, seat, frame)
        if frame["version"] != tables.replays[table].record.version or frame["version"] % 2:
            return  # a frame of a move already passed; every other position is enough
        same_in_a_deal_it_cannot_tell(tables, table, seat, rng)

    assert play_whole_game(Tables(), game.key, players, 2, checked, whole_game=False) >= 2 * players


def refusal(replay: Replay, seat: int, action: str) -> str:
    """The words a seat's move is refused with ('' if accepted), the card it names written <card>."""
    try:
        replay.judge(seat, action)
    except TableError as error:
        return CARD_TEXT.sub("<card>", f"{error.status} {error}")
    return ""


def refusals_of_unheld_cards(replay: Replay, seat: int) -> set[str]:
    """How the table refuses this seat each card of the pack it does not hold: in another hand, in the stock or put
    aside, played or turned up."""
    state, pack = replay.state, games.of(replay.state).pack
    return {refusal(replay, seat, f"play {c}") for c in pack if c not in state.hands[seat]}


def places_of_unheld_cards(state: Any, seat: int) -> set[str]:
    """Where the cards this seat does not hold are: 'hand' (another's), 'nowhere' (stock, aside, played)."""
    pack = games.of(state).pack
    return {"nowhere" if state.holder(c) is None else "hand" for c in pack if c not in state.hands[seat]}


def test_a_refusal_says_the_same_wherever_a_card_the_seat_does_not_hold_is(game, players) -> None:
    """In another hand, in the stock or put aside: 'You do not hold K♠' on the seat's turn, whatever the card; the
    same words in deals the seat cannot tell from the real one."""
    tables, table, tokens = seated(game, players, seed=3)
    rng, checked, places = random.Random(1), 0, set()
    while True:
        for seat, token in tokens.items():
            tables.frame(table, seat, token)
            replay = tables.replays[table]
            said = refusals_of_unheld_cards(replay, seat)
            assert len(said) <= 1, (seat, said)
            if replay.state.current_player == seat and said:
                assert said == {"422 You do not hold <card>."}, said
                checked += 1
                places |= places_of_unheld_cards(replay.state, seat)
            real = replay.state
            replay.game.deal = games.sample_world(games.observe(real, seat), rng)
            try:
                assert refusals_of_unheld_cards(replay, seat) == said
            finally:
                replay.game.deal = real
        if not move_at_random(tables, table, tokens, rng):
            break
    assert checked and places == {"hand", "nowhere"}, "cards in another hand and in no hand were refused alike"


def test_the_hint_is_the_coachs_advice_on_the_seats_own_view(game, players) -> None:
    tables, table, tokens = seated(game, players, seed=5)
    seat = next(s for s, t in tokens.items() if tables.frame(table, s, t)["legal"])
    page = FriendsTable(tables, table, seat, tokens[seat], poll_seconds=None, coach_samples=HINT_SAMPLES)
    page.reviewer.hint_button.click()
    real = tables.replays[table].state
    expected = hint_html(coach.advise(games.observe(real, seat), HINT_SAMPLES, 0))
    assert page.reviewer.hint_view.value == expected and "imagined deals" in expected, page.reviewer.status.value


def test_each_seats_score_board_names_its_own_side_once_with_the_tables_points(game, players) -> None:
    tables, table, tokens = seated(game, players, seed=7)
    pages = {s: FriendsTable(tables, table, s, t, poll_seconds=None) for s, t in tokens.items()}
    rng = random.Random(2)
    while move_at_random(tables, table, tokens, rng):
        pass
    state = tables.replays[table].state
    sides = {state.side_of(s) for s in range(players)}
    for seat, page in pages.items():
        page.refresh()
        rows = page.scoreboard.rows
        mine = [n for n, r in enumerate(rows) if r[0].startswith(("you", "your team"))]
        assert len(rows) == len(sides) and mine == [sorted(sides).index(state.side_of(seat))], rows
        assert sides_of(page.frame) == [state.side_of(s) for s in range(players)]
        assert [r[2] for r in rows] == list(state.points)[: len(rows)]
        assert "The deal is over." in page.prompt.value and state.explain_score() in page.game_log.text


def test_the_computer_plays_every_game_at_every_level_and_the_same_again_when_replayed(game, players) -> None:
    """A table of the computer alone (a match's yardstick): the gentle and the book's levels play a deal out, and a
    replay from its record makes the same moves; the strong level (slower) decides, legally, two tricks from the end."""
    played = []
    for level in (name for name in LEVELS if name != "strong"):
        record, _ = new_table(
            game.key, seats=[COMPUTER] * players, now=0.0, match={}, level=level, seed=9, whole_game=False
        )
        moves = Replay(record).advance(set())
        assert moves and Replay(record.with_moves(moves, 0.0, Limits())).state.is_over, level
        assert Replay(record).advance(set()) == moves, f"{level}: the same table, the same moves"
        played.append((record, moves))
    record, moves = played[-1]  # the book's deal, but its last two tricks
    strong = Replay(replace(record, level="strong", actions=tuple(moves[: -2 * players])))
    seat, decision = next_move(strong.state, strong.bots)
    assert strong.bots[seat].bot().name == "strong" and decision.action in strong.state.legal_actions(seat)
