"""The people's table (cardlib/widgets/friends.py), driven by clicks through the in-memory table service.

Each seat's table is drawn from the frames the service sends that seat and nothing else: a test plays whole deals
with one table per seat and checks, after every move, that no table shows a card its seat may not see. A refused
move is said in the engine's words and changes nothing. Pass the device hides the hand between two people's turns.
The coach reviews a seat's decisions from the views that seat was sent.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest
from widget_helpers import text

from cardlib import coach, games
from cardlib.cards import card as parse_card
from cardlib.friends.tables import COMPUTER, CONNECTED_SECONDS, PERSON, Limits, Tables, seen_by
from cardlib.widgets.coach import hint_html
from cardlib.widgets.friends import NO_HINDSIGHT, FriendsTable, PassTheDevice, to_move_of
from cardlib.widgets.table import HIDDEN, SHOWN

CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")


def seated(service: Tables, game: str, seats: list[str], **settings) -> tuple[str, dict[int, str]]:
    """A new table: its id and the tokens of the people's seats, by seat."""
    made = service.create(game, seats, **settings)
    return made["table"], {int(seat): token for seat, token in made["tokens"].items()}


def all_text(widget: widgets.Widget) -> str:
    """Everything a widget puts on the page: its HTML views' values, its buttons' names and tooltips."""
    found = []
    for value in walk(widget):
        if isinstance(value, widgets.HTML):
            found.append(value.value)
        elif isinstance(value, widgets.Button):
            found += [value.description, value.tooltip or ""]
    return "\n".join(found)


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """A widget and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def cards_shown(widget: widgets.Widget) -> set:
    """Every card named anywhere on a widget ('K♦', as text, as a face's label or a button's name)."""
    found = {parse_card(rank + suit) for rank, suit in CARD.findall(all_text(widget))}
    names = {c.name: c for c in games.get("alkort").pack + games.get("ecarte").pack}
    found |= {
        names[label] for label in re.findall(r'aria-label="([^"]+?)(?:,[^"]*)?"', all_text(widget)) if label in names
    }
    return found


def move_somewhere(tables: dict[int, FriendsTable]) -> None:
    """One move at whichever seat has something to decide, by clicking as its person would: the first card to
    discard, else a playable card on its turn, else a button that is not a proposal."""
    for table in tables.values():
        table.refresh()
    seat = next(s for s, t in tables.items() if t.action_buttons or (t.hand.playable and to_move_of(t.frame) == s))
    table = tables[seat]
    if table.hand.selecting:
        table.click_card(table.hand.cards[0])
        table.click_action("Discard the chosen cards")
    elif table.hand.playable and to_move_of(table.frame) == seat and "propose" not in table.frame["legal"]:
        table.click_card(table.hand.playable[0])
    else:
        table.action_buttons[-1].click()  # refuse, no thanks, next deal: never a proposal, so the deal moves on


@pytest.mark.parametrize(
    ("game", "seats"),
    [(game.key, [PERSON] * game.players[0]) for game in games.every()]
    + [(game.key, [PERSON, COMPUTER] * 2) for game in games.every() if 4 in game.players],  # partners: one a person
)
def test_every_seat_sees_only_its_frames_over_a_whole_deal(game: str, seats: list[str]):
    service = Tables()
    table_id, tokens = seated(service, game, seats, whole_game=False, seed=11)
    tables = {seat: FriendsTable(service, table_id, seat, token, poll_seconds=None) for seat, token in tokens.items()}
    for _ in range(200):
        state = service.replays[table_id].state
        for seat, table in tables.items():
            table.refresh()
            assert sorted(table.hand.cards) == sorted(state.hands[seat]), "the hand is the seat's own"
            hidden = cards_shown(table) - seen_by(state, seat)
            assert not hidden, f"seat {seat} was shown {hidden}, which it may not see"
            assert not hasattr(table, "state"), "the table holds frames, never the deal"
        if state.is_over:
            break
        move_somewhere(tables)
    assert state.is_over, "the deal was played to its end"
    for seat, table in tables.items():
        assert "The deal is over." in text(table.prompt) and state.explain_score() in table.game_log.text
        assert table.frames and all(frame["seat"] == seat for frame in table.frames)
        assert sum(row[0].startswith(("you", "your team")) for row in table.scoreboard.rows) == 1, "its own side"


def test_a_refused_move_is_said_in_the_engines_words_and_changes_nothing():
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], seed=5)
    mine, theirs = (FriendsTable(service, table_id, s, tokens[s], poll_seconds=None) for s in (0, 1))
    waiting = mine if to_move_of(mine.frame) != 0 else theirs
    version = waiting.frame["version"]
    waiting.click_card(waiting.hand.cards[0])
    assert "It is not your turn" in text(waiting.message) and "Nothing changed." in text(waiting.message)
    assert "⚠" in waiting.message.value and waiting.frame["version"] == version
    assert "cardlib-card-unplayable" in waiting.hand.buttons[0]._dom_classes, "its card says it is not its turn"
    stranger = FriendsTable(service, table_id, 0, "a stolen table id, a wrong token", poll_seconds=None)
    assert "Wrong token" in text(stranger.message) and stranger.hand.cards == []
    assert service.replays[table_id].version == version, "nothing a refused move did changed the table"


def following_with_a_card_barred(seed: int) -> FriendsTable | None:
    """Play an Écarté game by clicks until a seat to follow a trick holds a card the rules bar (None if none did)."""
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], seed=seed)
    tables = {seat: FriendsTable(service, table_id, seat, token, poll_seconds=None) for seat, token in tokens.items()}
    for _ in range(400):
        for seat, table in tables.items():
            table.refresh()
            if table.frame["game_over"]:
                return None
            barred = set(table.hand.cards) - set(table.hand.playable)
            if to_move_of(table.frame) == seat and table.hand.playable and table.frame["view"]["trick"] and barred:
                return table
        move_somewhere(tables)
    return None


def test_a_card_that_breaks_a_rule_says_the_rule_before_and_after_it_is_clicked(monkeypatch):
    def no_drawn_deal(*_args):
        raise AssertionError("the table drew a deal: the reasons come in the frame")

    monkeypatch.setattr(games, "sample_world", no_drawn_deal)
    table = next(filter(None, map(following_with_a_card_barred, range(10))))
    card = next(c for c in table.hand.cards if c not in table.hand.playable)
    reason = table.hand.reasons[card]
    assert reason and "turn" not in reason, "the engine's rule, as the frame carries it"
    assert reason == table.frame["reasons"][str(card)]
    version = table.frame["version"]
    table.click_card(card)
    assert reason.rstrip(".") in text(table.message) and table.frame["version"] == version


def play_by_the_device(device: PassTheDevice, *, limit: int = 600) -> int:
    """Play a whole game at one screen, handing the device over whenever asked; checks that no hand is on the page
    while it is covered; returns how many times it was handed over."""
    handed = 0
    for _ in range(limit):
        table = device.table
        if table.frame.get("game_over"):
            return handed
        if device.covered:
            assert table.hand.cards == [] and table.hand.buttons == [] and table.actions.children == ()
            assert table.layout.display == HIDDEN and device.cover.layout.display == SHOWN
            assert table.reviewer.hint_view.value == "", "no hint about the last person's hand"
            device.cover_button.click()
            handed += 1
            continue
        if handed < 3 and table.reviewer.to_decide():  # the coach's hint, at one screen too (a few: it thinks)
            table.reviewer.hint_button.click()
            assert "imagined deals" in table.reviewer.hint_view.value
        move_somewhere({table.seat: table})
    raise AssertionError("the game did not end")


def test_pass_the_device_hides_the_hand_between_turns_over_a_whole_ecarte_game():
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], seed=8)
    device = PassTheDevice(service, table_id, tokens)
    first = device.table.seat
    device.table.refresh()
    while not device.covered:
        move_somewhere({device.table.seat: device.table})
    other = device.waiting_for
    assert other is not None and other != first
    assert f"Hand the device to player {other}" in text(device.cover_text)
    assert device.cover_button.description == f"I am player {other}: show my cards"
    assert device.table.hand.cards == [] and "cardlib-card" not in all_text(device.table.hand)
    device.cover_button.click()
    assert device.table.seat == other and not device.covered
    assert sorted(device.table.hand.cards) == sorted(service.replays[table_id].state.hands[other])
    assert play_by_the_device(device) > 4
    scores = device.table.frame["scores"]
    assert max(scores) >= 5 and "Game over" in text(device.table.game_over)


def test_computer_seats_and_a_bot_standing_in_for_an_absent_person_are_named():
    now = [1000.0]
    service = Tables(clock=lambda: now[0], limits=Limits(min_idle_seconds=5))
    table_id, tokens = seated(service, "alkort", [PERSON, COMPUTER, PERSON, COMPUTER], idle_seconds=5, seed=3)
    table = FriendsTable(service, table_id, 0, tokens[0], poll_seconds=None)
    seats = text(table.seats_view)
    assert "player 1 the computer" in seats and "player 2 (partner) a person, not connected" in seats
    now[0] += 30
    table.refresh()
    assert "player 2 (partner) the computer, standing in until its person comes back" in text(table.seats_view)
    assert "away" in text(table.prompt) or to_move_of(table.frame) == 0


def test_a_waiting_table_asks_again_on_the_event_loop_without_a_thread():
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], seed=3)

    async def scene() -> tuple[int, int]:
        table = FriendsTable(service, table_id, 0, tokens[0], poll_seconds=0.01)
        before = table.frame["version"]
        other = service.frame(table_id, 1, tokens[1])
        seat = other["turn"]
        mover = service.frame(table_id, seat, tokens[seat])
        service.move(table_id, seat, tokens[seat], mover["legal"][0], mover["version"])
        await asyncio.sleep(0.2)
        table.close()
        return before, table.frame["version"]

    before, after = asyncio.run(scene())
    assert after == before + 1, "the move made elsewhere reached the table by itself"


def test_the_coach_reviews_the_seats_own_decisions_from_the_views_it_was_sent(monkeypatch):
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], whole_game=False, seed=4)
    tables = {
        seat: FriendsTable(service, table_id, seat, token, poll_seconds=None, coach_samples=24)
        for seat, token in tokens.items()
    }
    while not service.replays[table_id].state.is_over:
        move_somewhere(tables)
    asked = []
    advise = coach.advise
    monkeypatch.setattr(coach, "advise", lambda view, *args: asked.append(view) or advise(view, *args))
    table = tables[0]
    table.refresh()
    assert table.reviewer.review_button.layout.display == SHOWN
    table.reviewer.review_button.click()
    decisions = table.reviewer.decisions()
    assert decisions and len(asked) == len(decisions)
    assert all(view.seat == 0 for view in asked), "the coach looked through seat 0's views only"
    shown = table.reviewer.review_view.value
    assert shown.count('<th scope="row">') == len(decisions) and NO_HINDSIGHT in shown


def test_pass_the_device_at_alkort_with_two_computers_hands_over_to_whoever_the_table_waits_for():
    service = Tables()
    table_id, tokens = seated(service, "alkort", [PERSON, COMPUTER, PERSON, COMPUTER], whole_game=False, seed=5)
    device = PassTheDevice(service, table_id, tokens)
    assert play_by_the_device(device) >= 2, "each person had the device in turn"
    assert service.replays[table_id].state.is_over and "The deal is over." in text(device.table.prompt)


class LongPolled:
    """The in-memory tables with a long poll, as the HTTP client's ``wait_async``: held until the table moves on."""

    def __init__(self, tables: Tables) -> None:
        self.tables, self.asked = tables, 0
        self.create, self.frame, self.move = tables.create, tables.frame, tables.move

    async def wait_async(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict:
        self.asked += 1
        for _ in range(int(timeout / 0.01)):
            frame = self.tables.frame(table, seat, token)
            if frame["version"] > since_version:
                return frame
            await asyncio.sleep(0.01)
        return self.tables.frame(table, seat, token)


def test_a_waiting_table_long_polls_when_the_service_can_hold_its_question():
    service = LongPolled(Tables())
    table_id, tokens = seated(service.tables, "ecarte", [PERSON, PERSON], seed=3)

    async def scene() -> tuple[int, int, int]:
        table = FriendsTable(service, table_id, 0, tokens[0])
        before = table.frame["version"]
        await asyncio.sleep(0.05)
        seat = service.frame(table_id, 0, tokens[0])["turn"]
        mover = service.frame(table_id, seat, tokens[seat])
        service.move(table_id, seat, tokens[seat], mover["legal"][0], mover["version"])
        await asyncio.sleep(0.1)
        table.close()
        return before, table.frame["version"], service.asked

    before, after, asked = asyncio.run(scene())
    assert after == before + 1 and asked <= 3, "the move came in answer to a question held open, not by polling"


def test_the_deal_at_a_glance_shows_trumps_and_what_the_partner_showed_from_the_seats_view():
    service = Tables()
    table_id, tokens = seated(service, "ecarte", [PERSON, PERSON], seed=2)
    duel = FriendsTable(service, table_id, 1, tokens[1], poll_seconds=None)
    turned = service.replays[table_id].state.turned_up
    assert (
        f"trumps: {turned.suit} (the turned-up card" in text(duel.seats_view) and turned.name in duel.seats_view.value
    )
    table_id, tokens = seated(service, "alkort", [PERSON] * 4, seed=2, options={"partner_reveal": "best_card"})
    partners = FriendsTable(service, table_id, 1, tokens[1], poll_seconds=None)
    shown = service.replays[table_id].state.shown_to(1)
    assert "your partner: player 3" in text(partners.seats_view) and "Shown to you before play: player 3" in text(
        partners.seats_view
    )
    assert all(c.name in partners.seats_view.value for cards in shown.values() for c in cards)


@pytest.mark.parametrize(("game", "players"), [(game.key, game.players[0]) for game in games.every()])
def test_the_coachs_hint_is_advise_on_the_seats_view_and_the_same_in_deals_it_cannot_tell_apart(game, players):
    """The Hint at a people's table is ``coach.advise`` on ``games.observe(state, seat)``, as at a computer table, shown
    with the coach panel's table; made again at deals that differ only in the cards the seat cannot see, the page
    shows the very same hint; it is gone once the table moves on."""
    service = Tables()
    table_id, tokens = seated(service, game, [PERSON] * players, whole_game=False, seed=6)
    tables = {s: FriendsTable(service, table_id, s, t, poll_seconds=None, coach_samples=24) for s, t in tokens.items()}
    rng, hinted = random.Random(3), 0
    for _ in range(3):
        replay = service.replays[table_id]
        real = replay.state
        for t in tables.values():
            t.refresh()
        seat = next(s for s, t in tables.items() if t.reviewer.to_decide())
        table = tables[seat]
        assert table.reviewer.hint_button.layout.display == SHOWN
        table.reviewer.hint_button.click()
        expected = hint_html(coach.advise(games.observe(real, seat), 24, 0))
        assert table.reviewer.hint_view.value == expected and "imagined deals" in expected
        for _world in range(2):  # the same seat at deals it cannot tell from this one: the same hint
            replay.game.deal = games.sample_world(games.observe(real, seat), rng)
            try:
                assert [sorted(h) for h in replay.state.hands] != [sorted(h) for h in real.hands], "another deal"
                other = FriendsTable(service, table_id, seat, tokens[seat], poll_seconds=None, coach_samples=24)
                other.reviewer.hint_button.click()
            finally:
                replay.game.deal = real
            assert other.reviewer.hint_view.value == expected
        hinted += 1
        move_somewhere(tables)
        table.refresh()
        assert table.reviewer.hint_view.value == "" and table.reviewer.hint_for is None, "a hint of a past position"
    assert hinted == 3


class HeldOpen:
    """The in-memory tables with a long poll that, like the server's, answers when the table moves on or its seats
    change (who is connected, where the computer stands in)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.create, self.frame, self.move = tables.create, tables.frame, tables.move

    async def wait_async(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict:
        first = self.tables.status(table, seat, token)
        for _ in range(int(timeout / 0.01)):
            if first[0] > since_version or self.tables.status(table, seat, token) != first:
                break
            await asyncio.sleep(0.01)
        return self.tables.frame(table, seat, token)


def test_a_person_who_closes_their_page_is_shown_not_connected_to_the_others():
    """Closing the page (Voilà then shuts its kernel, closing its widgets) stops that seat's questions; once it has not
    been heard from for CONNECTED_SECONDS, the others' tables say so by themselves, with no move made."""
    now = [1000.0]
    service = HeldOpen(Tables(clock=lambda: now[0]))
    table_id, tokens = seated(service.tables, "ecarte", [PERSON, PERSON], seed=3, idle_seconds=0)

    async def scene() -> tuple[str, str, float, float]:
        there = FriendsTable(service, table_id, 1, tokens[1])
        here = FriendsTable(service, table_id, 0, tokens[0])
        await asyncio.sleep(0.05)
        before = text(here.seats_view)
        there.close()  # player 1 closes their page
        heard = service.tables.store.presence(table_id)[1]
        now[0] += CONNECTED_SECONDS + 1
        await asyncio.sleep(0.2)
        after, version = text(here.seats_view), here.frame["version"]
        here.close()
        assert version == 0, "no move was made: the news of the seat came by itself"
        return before, after, heard, service.tables.store.presence(table_id)[1]

    before, after, heard, heard_after = asyncio.run(scene())
    assert "player 1 a person, connected" in before
    assert "player 1 a person, not connected" in after and "You a person, connected" in after
    assert heard_after == heard, "the closed page asked nothing more"
