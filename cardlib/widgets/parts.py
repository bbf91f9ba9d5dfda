"""The pieces a card table is made of: a hand, the trick on the table, a score board, a log.

Each piece only draws what it is given; the rules come from the engine. A hand gets,
for each card, the engine's reason why it may not be played ('' when it may), so an
unplayable card can show that reason on hover, say it again when clicked, and carry it
in its name for the keyboard and screen readers ("K♦ — not playable: you must follow suit").
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle  # not among ipywidgets' top-level names

from ..cards import Card, show
from ..cards import card as parse_card
from ..tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Claim, DealState, Exchange, action_text
from .faces import card_html, card_title, escape, stylesheet, suit_class

LOGGER = logging.getLogger("cardlib.widgets")
PLAYABLE, UNPLAYABLE = "cardlib-card-playable", "cardlib-card-unplayable"
SELECTABLE, SELECTED = "cardlib-card-selectable", "cardlib-card-selected"

# ---------------------------------------------------------------------------
# Shared layouts and styles. Each ipywidget comes with a layout and a style of its own, each one more model for the
# kernel to send and the page to build: two thirds of a table's widgets. The pieces whose size and look never change
# (the HTML views, the cards) share one of each instead, which halves what a table sends before its first card.

Shared = TypeVar("Shared", bound=widgets.Widget)
SHARED: dict[tuple, widgets.Widget] = {}


def shared(kind: type[Shared], **traits: Any) -> Shared:
    """The one layout or style of this kind with these traits that pieces share (made anew if it was closed).
    Never change a shared one: every widget holding it would change."""
    key = (kind, tuple(sorted(traits.items())))
    model = SHARED.get(key)
    if model is None or model.comm is None:  # closed (Widget.close_all, say): the page no longer has it
        model = SHARED[key] = kind(**traits)
    return model


def html_view(value: str = "", *classes: str) -> widgets.HTML:
    """An HTML widget drawn as the stylesheet says (its CSS classes), with the shared layout and style (so: never
    change them)."""
    return widgets.HTML(value, layout=shared(widgets.Layout), style=shared(HTMLStyle), _dom_classes=classes)


# A widget's CSS classes given when it is made (``_dom_classes``) travel in its first message to the page; each
# ``add_class`` afterwards is one message more. The pieces below give theirs at once.


def message_line(css_class: str = "cardlib-message") -> widgets.HTML:
    """An HTML line for the latest friendly message."""
    line = html_view("", css_class)
    return line


def say(line: widgets.HTML, text: str, *, warning: bool = False) -> None:
    """Put a friendly sentence on a message line (red for a refusal)."""
    line.value = f'<span class="cardlib-warning">⚠ {escape(text)}</span>' if warning and text else escape(text)


def with_stylesheet(children: list[widgets.Widget], styled: bool) -> list[widgets.Widget]:
    """A piece's children, after the course's stylesheet if the piece stands alone (styled); a piece inside a
    table has none of its own, as the table carries one for all (one widget fewer to send, and to draw, each)."""
    return [stylesheet(), *children] if styled else children


def card_button(
    c: Card, status: str = "", game: str | None = None, *, css: str = "", tooltip: str = ""
) -> widgets.Button:
    """A button dressed as a card: its text is the card ('K♦'), then on a line the stylesheet keeps out of
    sight, its status ('— playable'): what a keyboard or screen reader user hears as the button's name. Its
    tooltip names it (``card_title``: in Alkort with its Icelandic name) unless another is given; `css` is one
    class more (playable, unplayable...)."""
    classes = ("cardlib-card", "cardlib-red" if c.is_red else "cardlib-black", suit_class(c), *([css] if css else []))
    return widgets.Button(
        description=card_label(c, status),
        tooltip=tooltip or card_title(c, game),
        layout=shared(widgets.Layout, width="50px", height="72px"),
        style=shared(widgets.ButtonStyle),
        _dom_classes=classes,
    )


def card_label(c: Card, status: str = "") -> str:
    """A card button's text: the card, and its status on a second line ('K♦\n— not playable: …')."""
    return f"{c}\n— {status}" if status else str(c)


def in_sentence(reason: str) -> str:
    """The engine's reason as the end of a sentence: 'You must follow suit…' → 'you must follow suit…'
    (a reason about someone else keeps its capital: 'The dealer must first accept…')."""
    return reason[:1].lower() + reason[1:] if reason.startswith(("You ", "Your ")) else reason


assert in_sentence("You must follow suit.") == "you must follow suit." and in_sentence("The dealer…") == "The dealer…"
assert card_label(Card("K", "♦"), "playable") == "K♦\n— playable" and card_label(Card("K", "♦")) == "K♦"


class HandWidget(widgets.VBox):
    """A hand of cards as buttons: playable ones play, unplayable ones say why (the engine's reason)."""

    def __init__(
        self,
        cards: Iterable[Card | str] = (),
        reasons: Mapping[Card, str] | None = None,
        *,
        on_play: Callable[[Card], None] | None = None,
        message: widgets.HTML | None = None,
        title: str = "Your hand",
        styled: bool = True,
        refuse_unplayable: bool = True,
    ) -> None:
        self.on_play = on_play
        # False: every card clicked goes to on_play, whose deal decides (a table hands it to the engine, which
        # refuses an illegal card in the words shown on it), so that a card's legality is decided in one place.
        self.refuse_unplayable = refuse_unplayable
        self.message = message if message is not None else message_line()
        self.title = html_view(f"<b>{escape(title)}</b>")
        self.row = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end"), _dom_classes=("cardlib-hand",)
        )
        self.cards: list[Card] = []
        self.reasons: dict[Card, str] = {}
        self.buttons: list[widgets.Button] = []
        self.selecting = False
        self.selected: list[Card] = []
        self.game: str | None = None  # the game whose deal is shown (show_state): Alkort's cards get Icelandic names
        children = with_stylesheet([self.title, self.row], styled) + ([self.message] if message is None else [])
        super().__init__(children, _dom_classes=("cardlib", "cardlib-hand-box"))
        self.show(cards, reasons)

    def show(
        self, cards: Iterable[Card | str], reasons: Mapping[Card, str] | None = None, *, selecting: bool = False
    ) -> None:
        """Draw these cards; a card with a non-empty reason is unplayable; selecting = pick cards to discard."""
        for old in self.buttons:
            old.close()
        self.cards = [parse_card(c) for c in cards]
        self.reasons = {c: (reasons or {}).get(c, "") for c in self.cards}
        self.selecting = selecting
        self.selected = []
        self.buttons = []
        for c in self.cards:
            status, css, tooltip = self._card_status(c)
            button = card_button(c, status, self.game, css=css, tooltip=tooltip)
            button.on_click(lambda _button, c=c: self._clicked(c))
            self.buttons.append(button)
        self.row.children = self.buttons

    def _card_status(self, c: Card) -> tuple[str, str, str]:
        """A card's status (in its name), its class and its tooltip: to choose for a discard, not playable (with the
        engine's reason), or playable."""
        title, reason = card_title(c, self.game), self.reasons[c]
        if self.selecting:
            return "choose it for your discard", SELECTABLE, f"{title}: click to choose it for your discard"
        if reason:
            return f"not playable: {in_sentence(reason)}", UNPLAYABLE, reason
        return "playable", PLAYABLE, f"{title}: you may play it"

    def show_state(self, state: DealState, seat: int = 0) -> None:
        """Draw a seat's hand from a deal, each card with the engine's reason if it may not be played."""
        self.game = state.options.game
        self.show(state.hands[seat], {c: state.why_illegal(c) for c in state.hands[seat]})

    def set_turn(self, yours: bool) -> None:
        """Make it obvious when the hand is to move."""
        (self.add_class if yours else self.remove_class)("cardlib-your-turn")

    @property
    def playable(self) -> list[Card]:
        """The cards that may be played now."""
        return [c for c in self.cards if not self.reasons[c]]

    def button(self, text: Card | str) -> widgets.Button:
        """The button of a card ('K♦' or 'KD')."""
        c = parse_card(text)
        if c not in self.cards:
            raise KeyError(f"{c} is not in this hand ({show(self.cards)})")
        return self.buttons[self.cards.index(c)]

    def click(self, text: Card | str) -> None:
        """Click a card, as a learner would."""
        self.button(text).click()

    def _clicked(self, c: Card) -> None:
        if self.selecting:
            self._toggle(c)
        elif self.reasons.get(c) and (self.refuse_unplayable or self.on_play is None):
            say(self.message, self.reasons[c], warning=True)
        elif self.on_play is not None:
            self.on_play(c)
        else:
            say(self.message, f"{c} may be played.")

    def _toggle(self, c: Card) -> None:
        button = self.button(c)
        if c in self.selected:
            self.selected.remove(c)
            button.remove_class(SELECTED)
            button.description = card_label(c, "choose it for your discard")
        else:
            self.selected.append(c)
            button.add_class(SELECTED)
            button.description = card_label(c, "chosen for your discard")
        chosen = show(self.selected) if self.selected else "nothing yet"
        say(self.message, f"To discard: {chosen}.")


def seat_html(
    label: str,
    c: Card | None,
    *,
    face_up: bool = True,
    winner: bool = False,
    size: str = "normal",
    game: str | None = None,
) -> str:
    """One seat's card on the table with who played it underneath (named in this game: ``card_title``)."""
    face = card_html(c, face_up=face_up, size=size, game=game) if c is not None else ""
    css = "cardlib-seat cardlib-winner" if winner else "cardlib-seat"
    return f'<span class="{css}">{face}<br>{escape(label)}</span>'


class TrickWidget(widgets.VBox):
    """The cards on the table, each with who played it; the last finished trick beneath."""

    def __init__(
        self, plays: Sequence[tuple[str, Card]] = (), caption: str = "On the table", *, styled: bool = True
    ) -> None:
        self.plays: list[tuple[str, Card]] = []
        self.last: list[tuple[str, Card]] = []
        self.last_caption = ""
        self.game: str | None = None  # the game whose deal is shown (show_state): Alkort's cards get Icelandic names
        self.view = html_view("", "cardlib-trick")
        super().__init__(with_stylesheet([self.view], styled), _dom_classes=("cardlib",))
        self.show(plays, caption=caption)

    def show(
        self,
        plays: Sequence[tuple[str, Card]],
        *,
        caption: str = "On the table",
        last: Sequence[tuple[str, Card]] = (),
        last_winner: int | None = None,
        last_caption: str = "",
    ) -> None:
        """Draw the trick in progress (label, card) and, if given, the last finished trick."""
        self.plays, self.last, self.last_caption = list(plays), list(last), last_caption
        now = "".join(seat_html(label, c, game=self.game) for label, c in plays) or "<i>no cards yet</i>"
        parts = [f'<div class="cardlib-felt"><b>{escape(caption)}</b><br>{now}</div>']
        if last:
            cards = "".join(
                seat_html(label, c, winner=i == last_winner, size="small", game=self.game)
                for i, (label, c) in enumerate(last)
            )
            parts.append(f'<div style="margin-top:4px"><b>Last trick</b> {escape(last_caption)}<br>{cards}</div>')
        self.view.value = "".join(parts)

    def show_state(self, state: DealState, name: Callable[[int], str] = lambda seat: f"player {seat}") -> None:
        """Draw a deal's trick in progress and its last finished trick, naming seats with ``name``."""
        self.game = state.options.game
        done = len(state.tricks)  # the engine says who played each card (``plays``): the trick in progress is next
        plays = state.plays()
        now = [(name(p.seat), p.card) for p in plays if p.trick == done]
        previous = [p for p in plays if p.trick == done - 1]
        winner, caption = None, ""
        if state.tricks:
            won_by = state.tricks[-1].winner
            winner, caption = [p.seat for p in previous].index(won_by), f"(trick {done}) — won by {name(won_by)}"
        self.show(now, last=[(name(p.seat), p.card) for p in previous], last_winner=winner, last_caption=caption)

    @property
    def text(self) -> str:
        """The trick in progress as text: 'player 1: 9♦, You: K♦'."""
        return ", ".join(f"{label}: {c}" for label, c in self.plays)


class ScoreBoard(widgets.VBox):
    """Tricks and points of the deal, the game score and the target."""

    def __init__(self, *, styled: bool = True) -> None:
        self.rows: list[tuple[str, int, int, int]] = []
        self.target: int | None = None
        self.view = html_view("", "cardlib-score")
        super().__init__(with_stylesheet([self.view], styled), _dom_classes=("cardlib", "cardlib-score-board"))

    def show(self, rows: Sequence[tuple[str, int, int, int]], target: int | None = None, note: str = "") -> None:
        """Draw rows of (side, tricks this deal, points this deal, game score)."""
        self.rows, self.target = list(rows), target
        body = "".join(
            f'<tr><th scope="row">{escape(side)}</th><td>{tricks}</td><td>{points}</td><td><b>{score}</b></td></tr>'
            for side, tricks, points, score in rows
        )
        goal = f"<div>First to <b>{target}</b> points wins the game.</div>" if target else ""
        extra = f"<div>{escape(note)}</div>" if note else ""
        self.view.value = (
            '<table><tr><th scope="col">side</th><th scope="col">tricks</th>'
            '<th scope="col">deal points</th><th scope="col">game score</th></tr>'
            f"{body}</table>{goal}{extra}"
        )

    def show_state(self, state: DealState, side_names: Sequence[str], note: str = "") -> None:
        """Draw the score of a deal (and the game it belongs to) from the engine's state."""
        tricks, points, scores = state.tricks_by_side(), state.points, state.scores
        rows = [(side_names[side], tricks[side], points[side], scores[side]) for side in range(len(side_names))]
        self.show(rows, state.options.target_score, note)

    @property
    def text(self) -> str:
        """The score as text: 'team A 3, team B 1 (target 10)'."""
        scores = ", ".join(f"{side} {score}" for side, _t, _p, score in self.rows)
        return f"{scores} (target {self.target})" if self.target else scores


class GameLog(widgets.VBox):
    """A readable log of the deal: moves with their reasons, tricks with the rule that decided them, the score."""

    def __init__(self, title: str = "What happened", *, styled: bool = True) -> None:
        self.heading = title
        self.lines: list[str] = []
        self.kinds: list[str] = []
        self.view = html_view("", "cardlib-log-view")
        super().__init__(
            with_stylesheet([html_view(f"<b>{escape(title)}</b>"), self.view], styled),
            _dom_classes=("cardlib", "cardlib-log"),
        )
        self._draw()

    # A table's ``.log`` is its GameLog, which hides the logger ipywidgets keeps under that
    # name; the few logger calls ipywidgets makes are passed on to a real logger.
    def debug(self, *args: Any, **kwargs: Any) -> None:
        LOGGER.debug(*args, **kwargs)

    def info(self, *args: Any, **kwargs: Any) -> None:
        LOGGER.info(*args, **kwargs)

    def warning(self, *args: Any, **kwargs: Any) -> None:
        LOGGER.warning(*args, **kwargs)

    warn = warning

    def error(self, *args: Any, **kwargs: Any) -> None:
        LOGGER.error(*args, **kwargs)

    def exception(self, *args: Any, **kwargs: Any) -> None:
        LOGGER.exception(*args, **kwargs)

    def add(self, text: str, kind: str = "move") -> None:
        """Add a line: kind is 'move', 'trick', 'score' or 'info'."""
        self.lines.append(text)
        self.kinds.append(kind)
        self._draw()

    def clear(self) -> None:
        """Start an empty log."""
        self.lines, self.kinds = [], []
        self._draw()

    @property
    def text(self) -> str:
        """The whole log as plain text, one line each."""
        return "\n".join(self.lines)

    def _draw(self) -> None:
        lines = "".join(
            f'<p class="cardlib-log-{kind}">{escape(line)}</p>' for line, kind in zip(self.lines, self.kinds)
        )
        # column-reverse keeps the newest line in view as the log grows; the keyboard reaches the scrolling
        # box (tabindex) to scroll it, and screen readers hear its new lines (role log)
        label = escape(self.heading)
        self.view.value = (
            f'<div class="cardlib-log-lines" role="log" tabindex="0" aria-label="{label}">'
            f"<div>{lines or '<i>Nothing yet.</i>'}</div></div>"
        )


# ---------------------------------------------------------------------------
# Buttons and the words on them

SHOWN, HIDDEN = "", "none"  # a widget's layout.display: shown, hidden
EXCHANGE_WORDS = (  # said where Alkort's worthless-hand exchange is offered, at the computer's table as at people's
    "Exchanging shows your hand to every player: you keep the one card its button names, throw the rest away and "
    "take the whole stock."
)


def action_label(action: Action) -> str:
    """The text on a button for a move that is not a card."""
    if action is PROPOSE:
        return "Propose an exchange"
    if action is ACCEPT:
        return "Accept"
    if action is REFUSE:
        return "Refuse"
    if isinstance(action, Announce):
        return f"Announce {action.king}"
    if isinstance(action, Exchange):
        return f"Exchange, keeping {action.keep}"
    if isinstance(action, Claim):
        return f"Claim the King, {action.king}"
    if action is PASS:
        return "Pass: let the King go"
    return action_text(action)


def button(description: str, *classes: str, tooltip: str = "") -> widgets.Button:
    """A rounded action button with stable CSS classes."""
    return widgets.Button(
        description=description,
        tooltip=tooltip or description,
        style=shared(widgets.ButtonStyle),
        layout=widgets.Layout(width="auto", align_self="flex-start"),  # its own: the footer's hide
        _dom_classes=("cardlib-action", *classes),
    )  # in its first message (parts.html_view)
