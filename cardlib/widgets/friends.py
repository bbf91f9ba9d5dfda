"""The people's table: one seat at a table where people play each other (and the computer fills the other seats).

``FriendsTable(service, table, seat, token)`` is what one person sees. It holds no deal: everything it draws comes
from the *frames* the table's service sends that seat (``cardlib.friends.tables.frame_of``: the seat's view from
``games.observe(state, seat)`` and the table's public facts), so no other hand, no stock and no seed ever reaches
the page. A move is sent to the service, which alone judges it; a refused move comes back with the engine's reason,
said here as a friendly line, and nothing changes. While others play, the table waits on the kernel's own event loop
(a long poll with the HTTP client's ``wait_async``, else a timer; never a thread, never a blocking wait), so the
page stays live and the kernel free.

``PassTheDevice(service, table, tokens)`` is the static site's table: two (or more) people on one screen, one seat
at a time; between turns the hand leaves the page, behind a "hand the device to player 1" screen.

``page()`` is the app (notebooks/apps/play-with-friends.ipynb): a seat's table when opened by its link (Voilà's
``QUERY_STRING``), otherwise ``TableMaker``, which makes a table and gives a link per person's seat, or, with no
table server (the static site), a table in memory for people passing the device.

The pieces are the normal table's (``parts.py``, ``table.py``'s buttons, words and pickers): the trick, the last
trick, the hand whose cards say why they may not be played (the engine's words, sent in the seat's frame), the score
board, the log; the coach (``SeatReview``: the coach panel's Hint button and tables, ``widgets/coach.py``) gives a
hint at the seat's decision and reviews the deal after it from the seat's own views, as at a computer table
(``cardlib.coach.advise``), without the review's hindsight column, which would need the hidden cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import os
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from .. import coach, games
from ..bots.levels import DEFAULT_LEVEL, LEVELS, level_label
from ..cards import Card
from ..cards import card as parse_card
from ..friends.client import HTTPTables, seat_from_query
from ..friends.tables import COMPUTER, NEXT_DEAL, PERSON, WAIT, Tables, TableService
from ..friends.views import view_from_json
from ..tricks import Action, Discard, Exchange, action_text, parse_action
from .coach import BROWSER_SAMPLES, COACH_CSS, HINT_NAME, IN_THE_BROWSER, THINKING, hint_html, review_html
from .faces import card_html, escape, stylesheet
from .parts import (
    EXCHANGE_WORDS,
    GameLog,
    HandWidget,
    ScoreBoard,
    TrickWidget,
    html_view,
    message_line,
    say,
    shared,
)
from .table import (
    HIDDEN,
    SHOWN,
    action_kind,
    action_label,
    button,
    choices_text,
    option_picker,
    players_choices,
    style_picker,
    whole_number,
)

Frame = Mapping[str, Any]  # one seat's frame, as JSON gives it
VERSION_CLASS = "cardlib-friends-version-"
POLL_SECONDS = 0.25  # how often a waiting table asks a service with no long poll again (in memory)
# How long the server may hold a waiting page's question: well under the 10 s within which a seat that asked counts
# as connected (tables.CONNECTED_SECONDS), so that a person waiting for the others is shown connected.
LONG_POLL_SECONDS = 5.0
RETRY_SECONDS = 1.0  # after a refused or failed wait, before asking again
FOCUS_DELAY = 0.3  # seconds after new buttons are sent before the focus is put on one (the browser draws them first)
LINK_REFUSALS = (403, 404, 410)  # a wrong token or seat, no such table, a table or link expired: asking again is vain
LINK_ADVICE = "This link opens no seat: ask whoever made the table for your seat's link, or make a new table."


# ---------------------------------------------------------------------------
# Reading a frame (``cardlib.friends.tables.frame_of``): the seat's view under "view" (``views.view_to_json``: the
# fields of the game's view, cards and moves as text), and around it the table's public facts: who sits where
# ("seats"), whose turn, the moves of the deal as this seat heard them, the last trick, the score, what the seat may
# send ("legal": its moves as text, 'wait' for an out-of-turn offer, 'next deal'), and the engine's explanation.


def view_of(frame: Frame) -> Mapping[str, Any]:
    """The seat's view in a frame (its fields by the view's own names)."""
    view = frame.get("view")
    return view if isinstance(view, Mapping) else {}


def seat_of(frame: Frame) -> int:
    """The seat this frame is for."""
    return int(frame.get("seat", 0))


def cards_of(texts: Sequence[Any]) -> list[Card]:
    """Cards from their text in a frame ('K♦')."""
    return [parse_card(str(text)) for text in texts]


def legal_of(frame: Frame) -> list[Action]:
    """The seat's legal moves now, as the engine's actions (read from their text; 'wait' and 'next deal' apart)."""
    return [parse_action(str(text)) for text in frame.get("legal", ()) if text not in (WAIT, NEXT_DEAL)]


def may_send(frame: Frame, words: str) -> bool:
    """Whether the seat may send 'wait' or 'next deal' now."""
    return words in frame.get("legal", ())


def plays_of(frame: Frame) -> list[tuple[int, Card, int]]:
    """Every card played in the deal: (seat, card, trick), from the view's plays."""
    return [(int(p["seat"]), parse_card(str(p["card"])), int(p["trick"])) for p in view_of(frame).get("plays", ())]


def seats_of(frame: Frame) -> list[Mapping[str, Any]]:
    """Who sits where: for each seat, a person's or the computer's, connected, the computer standing in."""
    return list(frame.get("seats", ()))


def to_move_of(frame: Frame) -> int | None:
    """The seat whose turn it is (None once the deal is over)."""
    seat = frame.get("turn")
    return None if seat is None or frame.get("deal_over") else int(seat)


def deal_over(frame: Frame) -> bool:
    """Whether the frame's deal is over."""
    return bool(frame.get("deal_over"))


def version_of(frame: Frame) -> int:
    """How many moves the table has made: a later frame has a higher number."""
    return int(frame.get("version", 0))


def deal_number(frame: Frame) -> int:
    """Which deal of the game a frame shows (1 for the first)."""
    return int(frame.get("deal_number", 1))


def place_of(frame: Frame, seat: int | None) -> Mapping[str, Any]:
    """What the frame says of who plays a seat (nothing for None)."""
    return next((place for place in seats_of(frame) if place.get("seat") == seat), {})


def game_name(frame: Frame) -> str:
    """The game's name in prose: 'Alkort'."""
    return str(frame.get("game_name") or games.get(frame.get("game") or games.keys()[0]).name)


# ---------------------------------------------------------------------------
# Naming seats, from one seat's point of view


def seat_name(frame: Frame, seat: int) -> str:
    """How this seat's table names a seat: 'You', 'player 2 (partner)', 'Ann (player 1)' when the maker named it."""
    if seat == seat_of(frame):
        return "You"
    partner = frame.get("partner", view_of(frame).get("partner"))
    label = f"player {seat}" + (" (partner)" if partner is not None and int(partner) == seat else "")
    name = person_name(frame, seat)
    return f"{name} ({label})" if name else label


def person_name(frame: Frame, seat: int) -> str:
    """The name the table's maker gave a seat ('' if none): text, escaped wherever it is drawn."""
    names = list(frame.get("names") or ())
    return str(names[seat]) if seat < len(names) and names[seat] else ""


def who_sits(place: Mapping[str, Any]) -> str:
    """Who plays a seat, in words: 'a person, connected', 'the computer', 'the computer, standing in for …'."""
    if place.get("kind") == COMPUTER:
        return "the computer"
    if place.get("bot_standing_in"):
        return "the computer, standing in until its person comes back"
    return "a person, connected" if place.get("connected") else "a person, not connected"


def seats_html(frame: Frame) -> str:
    """The seats at a glance, as a table: each seat's name, who plays it, dealer and turn, how many cards."""
    sizes, to_move = list(view_of(frame).get("hand_sizes", ())), to_move_of(frame)
    rows = []
    for place in seats_of(frame):
        seat = int(place["seat"])
        marks = [m for m, on in (("dealer", seat == frame.get("dealer")), ("to move", seat == to_move)) if on]
        cells = [who_sits(place), ", ".join(marks), f"{sizes[seat]} cards" if seat < len(sizes) else ""]
        css = ' class="cardlib-friends-to-move"' if seat == to_move else ""
        row = "".join(f"<td>{escape(c)}</td>" for c in cells)
        rows.append(f'<tr{css}><th scope="row">{escape(seat_name(frame, seat))}</th>{row}</tr>')
    head = "".join(f'<th scope="col">{word}</th>' for word in ("seat", "played by", "now", "holds"))
    caption = f"{game_name(frame)}, deal {deal_number(frame)}: you are player {seat_of(frame)}"
    level = level_text(frame)
    return (
        f'<table class="cardlib-friends-seats"><caption>{escape(caption)}</caption><tr>{head}</tr>'
        f"{''.join(rows)}</table><div>{facts_html(frame)}</div>"
        + (f'<div class="cardlib-friends-level">{escape(level)}</div>' if level else "")
    )


def level_text(frame: Frame) -> str:
    """The level the computer plays at, in words ("The computer's level: by the book — follows …"), if it plays a
    seat or may stand in for someone away; '' if it never plays (or the frame does not say)."""
    level = frame.get("level")
    seats = any(place.get("kind") == COMPUTER for place in seats_of(frame))
    if not isinstance(level, str) or not (seats or frame.get("idle_seconds")):
        return ""
    when = "" if seats else ", when it plays for someone away"
    return f"The computer's level{when}: {level_label(level) if level in LEVELS else level}."


def small_cards(texts: Sequence[Any], game: str | None) -> str:
    """Small card faces from their text, each named in the game's words ('nothing' for none)."""
    return "".join(card_html(c, size="small", game=game) for c in cards_of(texts)) or "nothing"


def facts_html(frame: Frame) -> str:
    """The deal at a glance, from the seat's view: the partner, the stock, the tricks played; the trump and the
    turned-up card, the proposals, in a game that has them; what the others showed this seat before play."""
    view, game = view_of(frame), str(frame.get("game") or "") or None
    facts = [f"tricks played: {len(view.get('trick_winners', ()))}"]
    if "stock_size" in view:
        facts.insert(0, f"stock: {view['stock_size']} cards")
    partner = frame.get("partner", view.get("partner"))
    if partner is not None:
        facts.insert(0, f"your partner: player {partner}")
    if view.get("turned_up"):
        turned = parse_card(str(view["turned_up"]))
        facts.insert(0, f"trumps: {turned.suit} (the turned-up card {card_html(turned, size='small', game=game)})")
        facts.append(f"proposals: {view.get('proposals', 0)}")
    shown = [
        f"{escape(seat_name(frame, int(seat)))}: {small_cards(cards, game)}" for seat, cards in view.get("shown", ())
    ]
    line = " · ".join(facts) + exchanges_html(frame, game)
    return line + (f"<br>Shown to you before play: {' · '.join(shown)}" if shown else "")


def exchanges_html(frame: Frame, game: str | None) -> str:
    """Each hand shown to every player in an exchange: whose, the cards shown, the one kept ('' if none)."""
    lines = []
    for seat, keep, discarded in view_of(frame).get("exchanges", ()):
        who = escape(seat_name(frame, int(seat)))
        shown = small_cards([keep, *discarded], game)
        lines.append(f"<br>{who} showed this hand, kept {escape(str(keep))} and took the stock: {shown}")
    return "".join(lines)


def trick_now(frame: Frame) -> tuple[list[tuple[str, Card]], list[tuple[str, Card]], int | None, str]:
    """The trick on the table and the last trick (its cards, its winner's place among them, its caption)."""
    done = len(view_of(frame).get("trick_winners", ()))
    now = [(seat_name(frame, seat), card) for seat, card, trick in plays_of(frame) if trick == done]
    last = frame.get("last_trick")
    if not last:
        return now, [], None, ""
    leader, count, winner = int(last["leader"]), int(frame.get("players", 2)), int(last["winner"])
    seats = [(leader + i) % count for i in range(len(last["cards"]))]  # the cards in order, from the leader
    cards = [(seat_name(frame, seat), parse_card(str(c))) for seat, c in zip(seats, last["cards"])]
    caption = f"(trick {last['number']}) — won by {seat_name(frame, winner)}"
    return now, cards, seats.index(winner) if winner in seats else None, caption


def trick_line(frame: Frame, number: int) -> str:
    """The log's line for a trick of the deal (from 1): the engine's explanation for the last, who won an earlier one
    (a seat that comes to the table mid-deal, or passes the device, sees the tricks it missed)."""
    last = frame.get("last_trick") or {}
    if last.get("number") == number:
        return f"Trick {number}: {last['explanation']}"
    winners = view_of(frame).get("trick_winners", ())
    return f"Trick {number}: won by {seat_name(frame, int(winners[number - 1]))}." if number <= len(winners) else ""


def side_names(frame: Frame) -> list[str]:
    """The score board's sides from this seat: 'your team (you and player 2)', 'the other team (players 1 and 3)',
    or 'you' and 'player 1' when each plays alone."""
    sides, mine = sides_of(frame), seat_of(frame)
    names = []
    for side in sorted(set(sides)):
        seats = [seat for seat, s in enumerate(sides) if s == side]
        if len(seats) == 1:
            names.append("you" if seats[0] == mine else seat_name(frame, seats[0]))
        elif mine in seats:
            names.append(
                f"your team{engine_side_name(frame, side)} (you and player {[s for s in seats if s != mine][0]})"
            )
        else:
            names.append(f"the other team{engine_side_name(frame, side)} (players {' and '.join(map(str, seats))})")
    return names


def engine_side_name(frame: Frame, side: int) -> str:
    """The side's name in the engine's words, when they name teams ('team A': the deal's explanation says it)."""
    engine = list(frame.get("sides") or ())
    name = str(engine[side]) if side < len(engine) else ""
    return f", {name}," if name and not name.startswith("player") else ""


def sides_of(frame: Frame) -> list[int]:
    """The side each seat plays for (the table's word for it, else the view's; each seat its own otherwise)."""
    sides = frame.get("seat_sides") or view_of(frame).get("sides")
    return [int(s) for s in sides] if sides else list(range(int(frame.get("players", 2))))


def score_rows(frame: Frame) -> list[tuple[str, int, int, int]]:
    """The score board's rows: each side's tricks this deal, points this deal and game score."""
    sides, names = sides_of(frame), side_names(frame)
    order = sorted(set(sides))
    tricks = [0] * len(order)
    for winner in view_of(frame).get("trick_winners", ()):
        tricks[order.index(sides[int(winner)])] += 1
    points, scores = list(frame.get("points", ())), list(frame.get("scores", ()))
    return [(names[i], tricks[i], int(points[i]), int(scores[i])) for i in range(min(len(names), len(points)))]


def away_text(frame: Frame) -> str:
    """Which other seats the computer plays for their absent person, in words ('' if none)."""
    away = [int(p["seat"]) for p in seats_of(frame) if p.get("bot_standing_in") and p.get("seat") != seat_of(frame)]
    return " ".join(f"{seat_name(frame, s)} is away: the computer plays for them until they come back." for s in away)


def target_of(frame: Frame) -> int | None:
    """The score a side must reach to win the game (None at a table of one deal)."""
    options = frame.get("options") or {}
    return int(options["target_score"]) if frame.get("whole_game") and "target_score" in options else None


def winner_text(frame: Frame) -> str:
    """Who won the game, from this seat ('' while it goes on)."""
    if not frame.get("game_over") or frame.get("winner") is None:
        return ""
    winner, names = int(frame["winner"]), side_names(frame)
    order = sorted(set(sides_of(frame)))
    name = names[order.index(winner)] if winner in order else f"side {winner}"
    mine = sides_of(frame)[seat_of(frame)] == winner
    return f"Game over: {name} {'win' if name.startswith(('you', 'your')) else 'wins'}." + (
        " Well played!" if mine else ""
    )


# ---------------------------------------------------------------------------
# The table


FRIENDS_CSS = """<style>
.cardlib-friends-seats { border-collapse: collapse; margin: 4px 0; font-size: 14px; }
.cardlib-friends-seats caption { text-align: left; font-weight: bold; caption-side: top; }
.cardlib-friends-seats th, .cardlib-friends-seats td { padding: 2px 10px; border-bottom: 1px solid #ddd;
  text-align: left; }
.cardlib-friends-to-move th, .cardlib-friends-to-move td { background: #f1f8e9; font-weight: bold; }
.cardlib-friends-cover { border: 2px solid #1550a8; border-radius: 8px; padding: 12px; margin: 8px 0;
  background: #f5f8ff; }
</style>"""


class FriendsTable(widgets.VBox):
    """One seat at a people's table, drawn from the frames the service sends that seat, and nothing else."""

    def __init__(
        self,
        service: TableService,
        table: str,
        seat: int,
        token: str,
        *,
        poll_seconds: float | None = POLL_SECONDS,
        coach_samples: int | None = None,
        title: str = "",
    ) -> None:
        self.service, self.table_id, self.seat, self.token = service, table, int(seat), token
        self.poll_seconds = poll_seconds
        self.frame: Frame = {}
        self.frames: list[Frame] = []  # every frame drawn, in order: all this seat was ever shown
        self.errors: list[Exception] = []
        self.playing_by_hand = False  # the person's last act was a move here: the focus is kept in the hand
        self._moves_drawn: tuple[Any, ...] = ()  # the moves the action buttons are for
        self.gone = ""  # why the link opens no seat (a wrong token, no such table, expired), once the service said so
        self.decisions: list[tuple[Frame, Action]] = []  # each decision this seat made: its frame, and its move
        self.on_frame: Callable[[Frame], None] | None = None  # told of every frame drawn (PassTheDevice listens)
        self._timer: Any = None  # the next ask (polling), or
        self._task: Any = None  # the long poll under way
        self._version_mark = ""  # the CSS class that carries the version shown
        self.message = message_line()
        self.title = html_view(f"<h2 style='margin:4px 0;font-size:1.25em'>{escape(title)}</h2>" if title else "")
        self.stylesheet = stylesheet()
        self.stylesheet.value += FRIENDS_CSS + COACH_CSS
        self.reviewer = SeatReview(self, coach_samples)
        play, record = self._play_column(), self._record_column()
        columns = widgets.HBox([play, record], layout=widgets.Layout(flex_flow="row wrap"))
        self.table_box = widgets.VBox([columns, self.reviewer])
        super().__init__(
            [self.stylesheet, self.title, self.table_box], _dom_classes=("cardlib", "cardlib-table", "cardlib-friends")
        )
        self.refresh()
        self.wait_for_others()

    def _play_column(self) -> widgets.VBox:
        """The seats, the trick, the prompt, the hand, the moves, the message."""
        self.seats_view = html_view("", "cardlib-info", "cardlib-friends-seats-view")
        self.trick = TrickWidget(styled=False)
        self.prompt = html_view("", "cardlib-prompt")
        self.hand = HandWidget(
            on_play=self.send, message=self.message, title="Your hand", styled=False, refuse_unplayable=False
        )
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("cardlib-actions",))
        self.action_buttons: list[widgets.Button] = []
        return widgets.VBox(
            [self.seats_view, self.trick, self.prompt, self.hand, self.actions, self.message],
            layout=widgets.Layout(flex="3 1 480px", margin="0 12px 0 0"),
        )

    def _record_column(self) -> widgets.VBox:
        """The score board, the game's end, and the log."""
        self.scoreboard = ScoreBoard(styled=False)
        self.game_over = html_view("", "cardlib-game-over")
        self.game_log = GameLog(styled=False)
        return widgets.VBox([self.scoreboard, self.game_over, self.game_log], layout=widgets.Layout(flex="2 1 300px"))

    # -- frames ---------------------------------------------------------------
    def refresh(self) -> bool:
        """Ask the service for this seat's frame and draw it if it is new; True if it was."""
        try:
            frame = self.service.frame(self.table_id, self.seat, self.token)
        except ValueError as error:  # refused: a wrong link, a table expired
            self.refused(error)
            return False
        except Exception as error:  # noqa: BLE001 - the table says so, and asks again later
            self.errors.append(error)
            say(self.message, f"The table cannot be reached just now ({error}). It will ask again.", warning=True)
            return False
        return self.show(frame)

    def refused(self, error: ValueError) -> None:
        """Say a refusal; a link that opens no seat (a wrong token, no such table, expired) says so instead of the
        table, and the page stops asking."""
        if getattr(error, "status", None) not in LINK_REFUSALS:
            say(self.message, str(error), warning=True)
            return
        self.gone = f"{str(error).rstrip('.')}. {LINK_ADVICE}"
        say(self.message, self.gone, warning=True)
        self.table_box.layout.display = HIDDEN
        self.close_waiting()

    def show(self, frame: Frame) -> bool:
        """Draw a frame (one older than the frame shown, or the same, is left aside); True if it was drawn."""
        if self.frame and (version_of(frame) < version_of(self.frame) or frame == self.frame):
            return False
        self._log_news(frame)
        self.frame = frame
        self.frames.append(frame)
        self._draw()
        if self.on_frame is not None:
            self.on_frame(frame)
        return True

    def switch(self, seat: int, token: str) -> None:
        """Sit at another seat of the same table (pass the device): its frame from the start, its log afresh."""
        self.seat, self.token, self.frame = int(seat), token, {}
        self.game_log.clear()
        say(self.message, "")
        self.refresh()

    def _log_news(self, new: Frame) -> None:
        """Log what happened since the frame shown: a new deal, the moves as this seat heard them, the tricks won,
        the deal's end (the engine's explanations, as the service sent them)."""
        old = self.frame if self.frame and deal_number(self.frame) == deal_number(new) else {}
        if not old:
            self.game_log.add(f"Deal {deal_number(new)}: player {new.get('dealer')} deals.", "info")
        moves, known = list(new.get("moves", ())), len(old.get("moves", ()))
        cards = sum(str(move["text"]).startswith("play ") for move in moves[:known])
        for move in moves[known:]:
            self.game_log.add(f"{seat_name(new, int(move['seat']))}: {move['text']}.", "move")
            cards += str(move["text"]).startswith("play ")
            if str(move["text"]).startswith("play ") and cards % int(new.get("players", 2)) == 0:
                self.game_log.add(trick_line(new, cards // int(new.get("players", 2))), "trick")
        if new.get("deal_over") and not old.get("deal_over"):
            self.game_log.add(f"The deal is over. {new.get('explanation', '')}".strip(), "score")
            if winner_text(new):
                self.game_log.add(winner_text(new), "score")

    # -- drawing --------------------------------------------------------------
    def _draw(self) -> None:
        """Draw the frame: the seats, the trick, the prompt, the hand, the moves and the score."""
        frame = self.frame
        self.seats_view.value = seats_html(frame)
        self.trick.game = self.hand.game = str(frame.get("game") or "") or None
        now, last, winner, caption = trick_now(frame)
        self.trick.show(now, last=last, last_winner=winner, last_caption=caption)
        legal = legal_of(frame)
        selecting = any(isinstance(a, Discard) for a in legal)
        hand = cards_of(view_of(frame).get("hand", ()))
        reasons = {} if selecting else self.card_reasons(hand, legal)
        if (hand, reasons, selecting) != (self.hand.cards, self.hand.reasons, self.hand.selecting) or selecting:
            self.hand.show(hand, reasons, selecting=selecting)  # its buttons made anew only when they change
            if self.playing_by_hand:
                self.focus_hand()
        self.hand.set_turn(bool(legal))
        self.prompt.value = self._prompt_html(legal)
        self._draw_actions(legal, selecting)
        self.scoreboard.show(score_rows(frame), target_of(frame))
        self.game_over.value = escape(winner_text(frame))
        self.reviewer.refresh()
        self._mark_version()

    def _mark_version(self) -> None:
        """Carry the table's version as a CSS class (cardlib-friends-version-N): what a browser test waits for."""
        mark = f"{VERSION_CLASS}{version_of(self.frame)}"
        if self._version_mark:
            self.remove_class(self._version_mark)
        self._version_mark = mark
        self.add_class(mark)

    def card_reasons(self, hand: list[Card], legal: list[Action]) -> dict[Card, str]:
        """Why each card of the hand may not be played now ('' if it may). On this seat's turn, the engine's reason
        as the frame carries it (``tables.card_reasons``: asked at the real deal, about this seat's own cards);
        otherwise whose turn it is."""
        to_move = to_move_of(self.frame)
        if to_move is None:
            return {c: "the deal is over" for c in hand}
        if to_move != self.seat or not legal:
            return {c: "" if c in legal else f"it is {seat_name(self.frame, to_move)}'s turn" for c in hand}
        reasons = self.frame.get("reasons") or {}
        return {c: "" if c in legal else str(reasons.get(str(c)) or f"{c} may not be played now") for c in hand}

    def _prompt_html(self, legal: list[Action]) -> str:
        """Whose turn it is, and when it is this seat's, the rule that binds the move and the legal choices."""
        frame = self.frame
        away = escape(away_text(frame))
        if frame.get("deal_over"):
            over = "The game is over." if frame.get("game_over") and frame.get("whole_game") else "The deal is over."
            return f"<b>{over}</b> {escape(str(frame.get('explanation', '')))} {away}"
        to_move = to_move_of(frame)
        if not legal:
            who = "nobody" if to_move is None else f"{seat_name(frame, to_move)} ({who_sits(place_of(frame, to_move))})"
            return f"Waiting for {escape(who)} to move… <small>{away}</small>"
        choices = escape(choices_text(legal))
        if to_move != self.seat:
            offer = f" {EXCHANGE_WORDS}" if any(isinstance(a, Exchange) for a in legal) else ""
            return f"<b>Before play goes on, you may:</b> {choices}.{escape(offer)} Or press <i>No thanks</i>."
        rule = str(frame.get("explanation", ""))
        if any(isinstance(a, Discard) for a in legal):
            rule += " Click the cards to throw away, then press Discard."
        return (
            f'<span style="color:#2e7d32;font-weight:bold">▶ Your turn.</span> {escape(rule)}'
            f"<br><small>Your legal choices: {choices}.</small>"
        )

    def clear_moves(self) -> None:
        """Take the buttons of moves off the page (they are drawn again with the next frame)."""
        for old in self.action_buttons:
            old.close()
        self.action_buttons, self.actions.children, self._moves_drawn = [], (), ()

    def _draw_actions(self, legal: list[Action], selecting: bool) -> None:
        """A button for each legal move that is not a card; Discard when choosing cards; No thanks out of turn;
        Next deal once a deal of the game is over. The buttons are made anew only when the moves change (each made
        and closed is a message to the browser, and a focus lost)."""
        moves = (tuple(a for a in legal if not isinstance(a, Card)), selecting, may_send(self.frame, WAIT))
        if moves + (may_send(self.frame, NEXT_DEAL),) == self._moves_drawn:
            return
        self._moves_drawn = moves + (may_send(self.frame, NEXT_DEAL),)
        for old in self.action_buttons:
            old.close()
        pairs: list[tuple[widgets.Button, Callable[[], None]]] = []
        for action in legal:
            if not isinstance(action, (Card, Discard)):
                words = (action_label(action), f"cardlib-action-{action_kind(action)}")
                pairs.append((button(*words), functools.partial(self.send, action)))
        if selecting:
            pairs.append((button("Discard the chosen cards", "cardlib-action-discard"), self.discard_selected))
        if may_send(self.frame, WAIT):
            no_thanks = button("No thanks", "cardlib-action-pass", tooltip="Let this chance pass; play goes on")
            pairs.append((no_thanks, functools.partial(self.send, WAIT)))
        if may_send(self.frame, NEXT_DEAL):
            pairs.append((button("Next deal", "cardlib-next-deal"), functools.partial(self.send, NEXT_DEAL)))
        for b, act in pairs:
            b.on_click(lambda _b, act=act: act())
        self.action_buttons = [b for b, _ in pairs]
        self.actions.children = self.action_buttons

    # -- moves ----------------------------------------------------------------
    def send(self, action: Action | str) -> None:
        """Send a move to the service, which alone judges it; a refusal is said in its words and changes nothing."""
        before = self.frame
        text = action if isinstance(action, str) else action_text(action)
        try:
            answer = self.service.move(self.table_id, self.seat, self.token, text, version_of(before))
        except ValueError as error:  # refused: an illegal move, not this seat's turn, the table moved on
            say(self.message, friendly_refusal(str(error)), warning=True)
            self.refresh()  # the table may have moved on meanwhile: show where it is
            return
        except Exception as error:  # noqa: BLE001 - a person must never see a traceback
            self.errors.append(error)
            say(self.message, f"The move could not be sent ({error}). Nothing changed; try again.", warning=True)
            return
        if not isinstance(action, str) and len(legal_of(before)) + may_send(before, WAIT) > 1:
            self.decisions.append((before, action))
        say(self.message, f"You: {text}.")
        self.playing_by_hand = True
        self.show(answer)
        self.focus_hand()

    def focus_hand(self) -> None:
        """Keep the keyboard in the hand after a play: its buttons are drawn anew, and a person playing by keyboard
        would otherwise start again at the top of the page. The first playable card, else the first button of a move,
        else the first card; a moment later, once the browser has drawn the new buttons."""
        playable = [b for c, b in zip(self.hand.cards, self.hand.buttons) if not self.hand.reasons.get(c)]
        target = next(iter(playable or self.action_buttons or self.hand.buttons), None)
        if target is None:
            return
        try:
            asyncio.get_running_loop().call_later(FOCUS_DELAY, target.focus)
        except RuntimeError:  # no running loop (a script, a test): at once
            target.focus()

    def discard_selected(self) -> None:
        """Discard the cards chosen in the hand."""
        self.send(Discard(tuple(self.hand.selected)))

    def click_card(self, text: Card | str) -> None:
        """Click a card of the hand, as a person would ('K♦' or 'KD')."""
        self.hand.click(text)

    def click_action(self, text: str) -> None:
        """Click the button whose words these are ('Propose an exchange', 'No thanks', 'Next deal')."""
        for b in self.action_buttons:
            if b.description.lower() == text.strip().lower():
                b.click()
                return
        raise KeyError(f"no button {text!r}: the buttons are {[b.description for b in self.action_buttons]}")

    # -- waiting for the others ---------------------------------------------------
    def wait_for_others(self) -> None:
        """Wait for the others' moves on the kernel's own event loop (no thread, nothing blocked), for as long as the
        table is on the page: a long poll when the service offers one (``wait_async``: the server answers as soon as
        the table moves), otherwise asking again every ``poll_seconds``. With no loop running (a script, a test), or
        told not to, the table waits to be asked (``refresh``)."""
        if self.poll_seconds is None or self.comm is None or self.frame.get("game_over") or self.gone:
            return
        with contextlib.suppress(RuntimeError):  # no running loop
            loop = asyncio.get_running_loop()
            if getattr(self.service, "wait_async", None) is not None:
                self._task = self._task or loop.create_task(self._long_poll())
            else:
                self._timer = loop.call_later(self.poll_seconds, self._tick)

    async def _long_poll(self) -> None:
        """Ask the server for the next frame, held until the table moves on (or a few seconds), again and again."""
        wait = self.service.wait_async  # type: ignore[attr-defined]  # checked by wait_for_others
        while self.comm is not None and not self.frame.get("game_over"):
            try:
                frame = await wait(self.table_id, self.seat, self.token, version_of(self.frame), LONG_POLL_SECONDS)
            except ValueError as error:  # refused: too many messages (ask again), the table expired (stop)
                self.refused(error)
                if self.gone:
                    break
                await asyncio.sleep(RETRY_SECONDS)
                continue
            except Exception as error:  # noqa: BLE001 - the server restarting, say: ask again in a moment
                self.errors.append(error)
                say(self.message, f"The table cannot be reached just now ({error}). It will ask again.", warning=True)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            self.show(frame)
        self._task = None

    def _tick(self) -> None:
        self._timer = None
        if self.comm is None or self.gone:  # closed: the page has gone; or the link opens no seat
            return
        self.refresh()
        self.wait_for_others()

    def close_waiting(self) -> None:
        """Stop waiting for the others (the long poll, or the next ask)."""
        for waiting in (self._timer, self._task):
            if waiting is not None and waiting is not current_task():
                waiting.cancel()
        self._timer = self._task = None

    def close(self) -> None:
        """Stop waiting for the others, and close the table's widgets."""
        self.close_waiting()
        super().close()


def current_task() -> asyncio.Task | None:
    """The task running now, if any (a long poll that ends itself must not cancel itself)."""
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop
        return None


def friendly_refusal(reason: str) -> str:
    """A refusal as the table says it: the engine's (or the service's) reason, and that nothing changed."""
    reason = reason.strip().rstrip(".")
    return f"{reason[:1].upper()}{reason[1:]}. Nothing changed."


# ---------------------------------------------------------------------------
# The coach's review, from this seat's views alone

WHEN_REVIEWED = "Once the deal is over, the coach reviews your decisions here, from what you could see."
NO_HINDSIGHT = "not shown at a people's table: it would need the cards you did not see"


class SeatReview(widgets.VBox):
    """The coach at a people's table, as at a computer table but from the seat's frames alone: a hint at the seat's
    decision (``coach.advise`` on the frame's view, rebuilt: ``cardlib.friends.views``), and after a deal the review
    of its decisions, each from the view it had then, without the 'had you seen all the cards' column, which would
    need the other hands."""

    def __init__(self, table: FriendsTable, samples: int | None = None, seed: int = 0) -> None:
        self.table, self.samples, self.seed = table, samples, seed
        self.hint_samples = samples if samples is not None or not IN_THE_BROWSER else BROWSER_SAMPLES
        self.errors: list[Exception] = []
        self.reviewed_deal: int | None = None
        self.hint_for: tuple[int, int] | None = None  # the seat and version of the frame the hint shown is for
        self.heading = html_view("<h3 style='margin:4px 0;font-size:1.1em'>The coach</h3>")
        self.hint_button = button(HINT_NAME, "cardlib-coach-hint-button")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.review_button = button("Review this deal: how good were your decisions?", "cardlib-coach-review-button")
        self.review_button.on_click(lambda _b: self.show_review())
        buttons = widgets.HBox([self.hint_button, self.review_button], _dom_classes=("cardlib-coach-buttons",))
        self.status = html_view("", "cardlib-coach-status")
        self.hint_view = html_view("", "cardlib-coach-hint-view")
        self.review_view = html_view("", "cardlib-coach-review-view")
        children = [self.heading, buttons, self.status, self.hint_view, self.review_view]
        super().__init__(children, layout=shared(widgets.Layout), _dom_classes=("cardlib", "cardlib-coach"))

    def frame_key(self) -> tuple[int, int]:
        """Which frame the table shows: its seat and version (a hint is for that frame only)."""
        return seat_of(self.table.frame), version_of(self.table.frame)

    def to_decide(self) -> bool:
        """Whether the seat has a decision to make now (a move, or an offer out of turn)."""
        frame = self.table.frame
        return bool(frame) and not deal_over(frame) and bool(legal_of(frame))

    def show_hint(self) -> None:
        """The coach's estimate of every option of the seat's decision now, from the frame's view alone."""
        self.table.playing_by_hand = False  # the person is at the coach: the focus stays where they are
        if not self.to_decide():
            say(self.status, "You have nothing to decide now: ask for a hint at your next decision.")
            return
        if self.hint_for == self.frame_key():
            return  # shown already (a second click of a double click)
        frame = self.table.frame
        say(self.status, THINKING)
        try:
            view = view_from_json(str(frame["game"]), dict(view_of(frame)))
            hint = coach.advise(view, self.hint_samples, self.seed)
        except Exception as error:  # noqa: BLE001 - a person must never see a traceback
            self.errors.append(error)
            say(self.status, f"The coach could not answer that ({error}). Play on, and ask again later.", warning=True)
            return
        self.hint_view.value, self.hint_for = hint_html(hint), self.frame_key()
        say(self.status, "")

    def decisions(self) -> list[tuple[Frame, Action]]:
        """This seat's decisions in the deal the table shows."""
        now, seat = deal_number(self.table.frame), self.table.seat
        found = self.table.decisions
        return [(frame, action) for frame, action in found if deal_number(frame) == now and seat_of(frame) == seat]

    def refresh(self) -> None:
        """Offer a hint at a decision and the review once the deal is over; forget a hint of an earlier frame (or
        another seat's, when the device is passed) and a review of an earlier deal."""
        frame = self.table.frame
        over = bool(frame) and deal_over(frame)
        if self.hint_for is not None and self.hint_for != self.frame_key():
            self.hint_view.value, self.hint_for = "", None
        self.hint_button.layout.display = SHOWN if self.to_decide() else HIDDEN
        self.review_button.layout.display = SHOWN if over else HIDDEN
        if not over:
            say(self.status, WHEN_REVIEWED)
        elif self.status.value == escape(WHEN_REVIEWED):
            say(self.status, "")
        if self.reviewed_deal is not None and (not over or self.reviewed_deal != deal_number(frame)):
            self.review_view.value, self.reviewed_deal = "", None

    def show_review(self) -> None:
        """Each decision beside the coach's best, what the difference was worth, and the verdict."""
        if not deal_over(self.table.frame):
            say(self.status, "The review comes once the deal is over.")
            return
        if self.reviewed_deal == deal_number(self.table.frame):
            return  # shown already (a second click of a double click)
        say(self.status, "The coach is thinking…")
        try:
            reviews = [self.reviewed(number, frame, action) for number, (frame, action) in enumerate(self.decisions())]
        except Exception as error:  # noqa: BLE001 - a person must never see a traceback
            self.errors.append(error)
            say(self.status, f"The coach could not answer that ({error}).", warning=True)
            return
        self.review_view.value = review_html(reviews)
        self.reviewed_deal = deal_number(self.table.frame)
        say(self.status, "")

    def reviewed(self, number: int, frame: Frame, chosen: Action) -> coach.Reviewed:
        """One decision reviewed from the view the seat had (its frame's), with no hindsight column."""
        view = view_from_json(str(frame["game"]), dict(view_of(frame)))
        advice = coach.advise(view, self.samples, self.seed)
        # The cost of the choice is measured on fresh worlds, as at a computer table; from a deal drawn from the
        # seat's view, which the coach observes back into that very view (the worlds' circle), never a hidden card.
        position = games.sample_world(view, random.Random(self.seed))
        loss = coach.measured_loss(position, view.seat, advice, chosen, self.seed)
        return coach.reviewed(position, number, chosen, advice, loss, {}, NO_HINDSIGHT)


# ---------------------------------------------------------------------------
# Pass the device: two people at one screen


class PassTheDevice(widgets.VBox):
    """Two (or more) people at one screen, each in turn: the table of the seat to move; between two people's turns
    the hand is taken off the page and a screen asks to hand the device over ("Hand the device to player 2")."""

    def __init__(self, service: TableService, table: str, tokens: Mapping[int, str], *, title: str = "") -> None:
        self.service, self.table_id, self.tokens = service, table, dict(tokens)
        first = min(self.tokens)
        self.table = FriendsTable(service, table, first, self.tokens[first], poll_seconds=None, title=title)
        self.table.on_frame = self._after_frame  # the seats' frames come from moves here: no need to poll
        self.waiting_for: int | None = None
        self.cover_text = html_view("", "cardlib-friends-cover-text")
        self.cover_button = button("Show my cards", "cardlib-friends-show")
        self.cover_button.on_click(lambda _b: self.uncover())
        self.cover = widgets.VBox([self.cover_text, self.cover_button], _dom_classes=("cardlib-friends-cover",))
        self.cover.layout.display = HIDDEN
        super().__init__([self.cover, self.table], _dom_classes=("cardlib", "cardlib-pass-the-device"))
        self._after_frame(self.table.frame)

    @property
    def covered(self) -> bool:
        """Whether the hand-over screen is up (and no hand on the page)."""
        return self.waiting_for is not None

    def person_to_move(self, frame: Frame) -> int | None:
        """The person at this screen the table waits for, if not the one holding the device (None: the one holding
        it has something to decide, or the table waits for nobody here)."""
        waiting = [seat for seat in frame.get("waiting_for", ()) if seat in self.tokens]
        return None if not waiting or seat_of(frame) in waiting else waiting[0]

    def _after_frame(self, frame: Frame) -> None:
        """After every frame: when the table waits for another person at this screen, cover it for the hand-over."""
        seat = self.person_to_move(frame)
        if seat is not None:
            self.hand_over(seat)

    def hand_over(self, seat: int) -> None:
        """Take the hand off the page and ask to hand the device to the seat's person."""
        self.waiting_for = seat
        self.table.hand.show([])
        self.table.clear_moves()
        self.table.layout.display = HIDDEN
        self.cover_text.value = (
            f'<p role="status"><b>Hand the device to player {seat}.</b> Player {seat_of(self.table.frame)}\'s cards '
            f"are hidden. Player {seat}, press the button when only you can see the screen.</p>"
        )
        self.cover_button.description = self.cover_button.tooltip = f"I am player {seat}: show my cards"
        self.cover.layout.display = SHOWN

    def uncover(self) -> None:
        """The next person has the device: their seat's table, from their frame."""
        seat = self.waiting_for
        if seat is None:
            return
        self.waiting_for = None
        self.table.switch(seat, self.tokens[seat])
        self.cover.layout.display = HIDDEN
        self.table.layout.display = SHOWN


# ---------------------------------------------------------------------------
# The page: make a table, or sit at one by its link

MAKER_HELP = """<ul style="margin:4px 0 8px;padding-left:1.2em">
<li><b>Make a table.</b> Choose the game, its rules, which seats are people and which the computer, how well the
computer plays, and how long an empty seat waits before the computer plays it for its person. <i>Create the
table</i> gives one link per person.</li>
<li><b>Give each person their link</b>, and only theirs: it holds the seat's secret token. Opening it seats that
person; a reload, or opening it again later, puts them back in the same seat, with the same cards.</li>
<li><b>At the table</b> each person sees only their own hand: whose turn it is, who is a person and who the computer
(and when the computer stands in for someone away), who is connected, the last trick and the score. A move the rules
forbid is refused with the rule's words, and nothing changes.</li>
<li><b>The coach.</b> Once a deal is over, <i>Review this deal</i> puts each of your decisions beside the coach's
best, worked out only from what you could see.</li></ul>"""
DEVICE_HELP = (
    "<p>With no table server here (the course's static site), two people play at one screen and pass the device: "
    "between turns the hand is hidden behind a “hand the device to player 2” screen.</p>"
)
IDLE_CHOICES = [("1 minute", 60), ("2 minutes", 120), ("5 minutes", 300), ("never: wait for the person", 0)]


class TableMaker(widgets.VBox):
    """Make a table for friends: the game, its rules, which seats are people and which the computer, the computer's
    level, how long an empty seat waits before the computer stands in; then one link per person's seat (each with
    its own secret token), or, with ``pass_the_device``, the table itself for the people at this screen."""

    def __init__(self, service: TableService, *, pass_the_device: bool = False) -> None:
        self.service, self.pass_the_device = service, pass_the_device
        self.made: dict[str, Any] | None = None  # what the service answered for the table made
        self.game_picker = widgets.Dropdown(options=[(g.name, g.key) for g in games.every()], description="Game")
        self.players_picker = widgets.Dropdown(description="Players")
        self.idle_picker = widgets.Dropdown(
            options=IDLE_CHOICES, value=60, description="An empty seat is played by the computer after"
        )
        self.level_picker = widgets.Dropdown(
            options=[(level_label(level), level) for level in LEVELS],
            value=DEFAULT_LEVEL,
            description="The computer's level",
            _dom_classes=("cardlib-level-pick",),
        )
        for picker in (self.game_picker, self.players_picker, self.idle_picker, self.level_picker):
            style_picker(picker)
        self.level_picker.layout.width = "auto"  # the level's words, whole: what each level does
        self.seats_box = widgets.VBox(_dom_classes=("cardlib-friends-seat-pickers",))
        self.key_field = widgets.Password(
            description="Teacher's key (optional: more than 20 tables)", continuous_update=False
        )
        style_picker(self.key_field)
        self.rules_box = widgets.VBox(_dom_classes=("cardlib-options",))
        self.option_pickers: dict[str, widgets.ValueWidget] = {}
        self.create_button = button("Create the table", "cardlib-friends-create")
        self.create_button.on_click(lambda _b: self.create())
        self.message = message_line("cardlib-options-message")
        self.links = html_view("", "cardlib-friends-links")
        self.game_picker.observe(lambda _change: self._game_chosen(), names="value")
        self.players_picker.observe(lambda _change: self._seat_pickers(), names="value")
        self.form = widgets.VBox(self._form_rows())
        self.stylesheet = stylesheet()
        super().__init__([self.stylesheet, self.form, self.links], _dom_classes=("cardlib", "cardlib-friends-maker"))
        self._game_chosen()

    def _form_rows(self) -> list[widgets.Widget]:
        """The form, top to bottom."""
        seats = "<b>Who plays each seat</b>" + (
            " (the people take turns at this screen)" if self.pass_the_device else " (each person gets a link)"
        )
        rows: list[widgets.Widget] = [self.game_picker, self.players_picker, html_view(seats), self.seats_box]
        rows.append(self.level_picker)  # the computer's seats, and (with a server) whoever it stands in for
        if not self.pass_the_device:
            rows += [self.idle_picker, self.key_field]
        return [
            html_view(DEVICE_HELP if self.pass_the_device else MAKER_HELP),
            *rows,
            html_view("<b>Rules</b> (the defaults follow the historical sources)"),
            self.rules_box,
            self.create_button,
            self.message,
        ]

    def _game_chosen(self) -> None:
        """A game chosen: how many may play it, and its rule pickers."""
        entry = games.get(self.game_picker.value)
        self.players_picker.options = players_choices(entry)
        self.players_picker.value = entry.players[0]
        kind = entry.options
        self.option_pickers = {name: option_picker(kind, name) for name in kind.describe()}
        self.rules_box.children = list(self.option_pickers.values())
        self._seat_pickers()

    def _seat_pickers(self) -> None:
        """A picker a seat: a person or the computer (people at the first seats, the computer at the others when
        the device is passed between two)."""
        count = int(self.players_picker.value or 2)
        people = 2 if self.pass_the_device else count
        self.seat_pickers = [
            widgets.Dropdown(
                options=[("a person", PERSON), ("the computer", COMPUTER)],
                value=PERSON if seat < people else COMPUTER,
                description=f"Player {seat}",
            )
            for seat in range(count)
        ]
        self.name_fields = [
            widgets.Text(description=f"Name of player {seat}", placeholder="optional", continuous_update=False)
            for seat in range(count)
        ]
        for field in self.name_fields:
            field.style.description_width, field.layout.width = "140px", "360px"
        rows = [widgets.HBox([p, n]) for p, n in zip(self.seat_pickers, self.name_fields)]
        self.seats_box.children = rows if not self.pass_the_device else self.seat_pickers

    def teacher(self) -> dict[str, Any]:
        """The teacher's key, if one was typed (the demo prints it when it starts)."""
        key = self.key_field.value.strip()
        return {"teacher_key": key} if key and not self.pass_the_device else {}

    def chosen_names(self) -> dict[str, Any]:
        """The names typed for the seats (the service checks them), if any was."""
        names = [field.value.strip() for field in self.name_fields]
        return {"names": names} if any(names) and not self.pass_the_device else {}

    def chosen_options(self) -> dict[str, Any]:
        """The rules the pickers show, as option names and values (the engine judges them when the table is made)."""
        return {
            name: whole_number(p.value) if isinstance(p, widgets.Text) else p.value
            for name, p in self.option_pickers.items()
        }

    def create(self) -> None:
        """Make the table; show a link per person's seat (or, passing the device, the table)."""
        seats = [picker.value for picker in self.seat_pickers]
        settings = {
            "options": self.chosen_options(),
            "idle_seconds": 0 if self.pass_the_device else self.idle_picker.value,
            "level": self.level_picker.value,
            **self.chosen_names(),
            **self.teacher(),
        }
        try:
            self.made = self.service.create(self.game_picker.value, seats, **settings)
        except ValueError as error:  # the service's refusal, in the engine's words
            say(self.message, str(error), warning=True)
            return
        say(self.message, "")
        tokens = {int(seat): token for seat, token in self.made["tokens"].items()}
        if self.pass_the_device:
            device = PassTheDevice(
                self.service,
                self.made["table"],
                tokens,
                title=f"{games.get(self.game_picker.value).name} at one screen",
            )
            self.children = [self.stylesheet, device]
            return
        self.links.value = links_html(self.made, tokens, self.chosen_names().get("names", ()))


def links_html(made: Mapping[str, Any], tokens: Mapping[int, str], names: Sequence[str] = ()) -> str:
    """One link per person's seat, each with its token: the service's own links, or this page's with the query."""
    given = made.get("links") or {}
    items = []
    for seat, token in sorted(tokens.items()):
        link = given.get(str(seat)) or "?" + urlencode({"table": made["table"], "seat": seat, "token": token})
        name = f" ({html.escape(names[seat])})" if seat < len(names) and names[seat] else ""
        items.append(
            f'<li>Player {seat}{name}: <a href="{html.escape(link)}" target="_blank" rel="noopener">'
            f"{html.escape(link)}</a></li>"
        )
    return (
        '<h2 style="font-size:1.1em">The table is ready: one link per person</h2>'
        "<p>Give each person their seat's link, and only theirs: it holds the seat's secret token. Opening it again "
        "(a reload, another day) puts the person back in the same seat.</p>"
        f"<ul>{''.join(items)}</ul>"
    )


def page(query: str | None = None, service: TableService | None = None) -> widgets.Widget:
    """The 'Play with friends' page: opened by a seat's link (Voilà's ``QUERY_STRING``), that seat's table; without
    one, the table maker; with no table server (the static site, a notebook outside ``make demo``), the table maker
    for people passing one device, with the tables in memory."""
    service = service if service is not None or IN_THE_BROWSER else server_or_none()
    if service is None or isinstance(service, Tables):
        return TableMaker(service or Tables(), pass_the_device=True)
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    if "token=" not in text:
        return TableMaker(service)
    try:
        table, seat, token = seat_from_query(text)
    except ValueError as error:
        return html_view(f"<p>{escape(str(error))}</p>", "cardlib-message")
    return FriendsTable(service, table, seat, token, title=f"Play with friends: player {seat}")


def server_or_none() -> TableService | None:
    """The demo's table server, over HTTP, if this kernel knows of one (``make demo`` tells its pages)."""
    try:
        return HTTPTables()
    except RuntimeError:  # no server known
        return None
