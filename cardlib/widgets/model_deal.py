"""A model deal: a whole deal played by the strongest bot, replayed move by move, with the coach's numbers.

The deals and their annotations are computed once, ahead of time (``make model-deals``, ``tools/model_deals.py``)
and kept as small data in ``cardlib/widgets/model_deals.json``; the widget only replays them, so a chapter, the
book and the static site show them at once, in pure Python. Each move is made by the engine again from the deal's
seed, so a deal that the rules no longer allow is refused with the rule's own sentence, never shown wrong.

Keyboard: the four buttons (start, back, forward, end) are reached with Tab and pressed with Enter or Space; they
stay where they are and keep the focus, so a learner presses Forward again and again; the move and the coach's note
under it are a live region that a screen reader reads at each step (and at the deal's start or end, says so). Under
the hands, the whole deal with every note, folded away (a details element: Enter opens it): a page without Python,
as in the book, cannot step, but shows the deal there in full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from .. import games
from ..margins import percent, signed
from ..tricks import DealState, parse_action
from . import data
from .faces import card_html, escape
from .parts import html_view, with_stylesheet

Annotation = Mapping[str, Any]


def model_deals(game: str | None = None) -> list[Mapping[str, Any]]:
    """The precomputed model deals (of one game, by its key or name, or of all)."""
    key = None if game is None else games.get(game).key
    return [deal for deal in data.items("model_deals") if key is None or deal["game"] == key]


def replay(deal: Mapping[str, Any], moves: int) -> DealState:
    """The deal as it stood after this many of its moves, made again by the engine."""
    entry = games.get(deal["game"])
    state = entry.new_deal(deal.get("options") or None, deal["players"], dealer=deal["dealer"], seed=deal["seed"])
    for move in deal["moves"][:moves]:
        action = parse_action(move["move"])
        reason = state.why_illegal(action)
        if reason:
            raise ValueError(f"model deal {deal['title']!r}: move {move['move']!r} is refused: {reason}")
        state.apply(action)
    return state


def note_html(note: Annotation | None) -> str:
    """The coach's numbers at a decision: each option's points and chance of winning, ± 95 %, the verdict, and where
    one move is best, why in words and the line that shows it."""
    if not note:
        return "<p>The coach could not tell the options apart here: too close to tell with its imagined deals.</p>"
    rows = "".join(
        f"<tr><td>{escape(o['option'])}</td><td>{signed(o['points'], o['margin'])}</td>"
        f"<td>{percent(o['win'], o['win_margin'])}</td></tr>"
        for o in note["options"]
    )
    lesson = "".join(
        f"<p><strong>{label}</strong>: {escape(note[key])}</p>"
        for key, label in (("reason", "Why"), ("line", "The line"))
        if note.get(key)
    )
    return (
        f"<p><strong>The coach</strong> ({note['samples']} imagined deals): {escape(note['why'])}</p>{lesson}"
        "<table class='cardlib-model-note'><caption>Each option, as the coach measured it</caption>"
        "<tr><th scope='col'>option</th><th scope='col'>points a deal</th><th scope='col'>wins the deal</th></tr>"
        f"{rows}</table>"
    )


def hands_html(state: DealState, game: str) -> str:
    """Every hand face up (a model deal is for study), and the trick on the table."""
    lines = [
        f"<li>Player {seat}: {''.join(card_html(c, size='small', game=game) for c in hand) or 'no cards'}</li>"
        for seat, hand in enumerate(state.hands)
    ]
    trick = getattr(state, "trick", [])
    on_table = "".join(card_html(c, size="small", game=game) for c in trick) or "nothing yet"
    return f"<ul class='cardlib-model-hands'>{''.join(lines)}</ul><p>On the table: {on_table}</p>"


def record_html(deal: Mapping[str, Any]) -> str:
    """Every move of the deal with the coach's notes, folded away: what a page without Python (the book) shows in
    full, and what a screen reader can go through at its own pace."""
    items = "".join(
        f"<li>Player {move['seat']} — {escape(move['move'])}.{note_html(move['note']) if move.get('note') else ''}</li>"
        for move in deal["moves"]
    )
    scored = replay(deal, len(deal["moves"])).explain_score()
    return (
        "<details class='cardlib-model-record'><summary>The whole deal, move by move, with the coach's notes"
        f"</summary><ol>{items}</ol><p>{escape(scored)}</p></details>"
    )


class ModelDeal(widgets.VBox):
    """One model deal, replayed a move at a time: Start, Back, Forward, End."""

    def __init__(self, game: str, number: int = 0, deals: Sequence[Mapping[str, Any]] | None = None) -> None:
        chosen = list(deals) if deals is not None else model_deals(game)
        if not 0 <= number < len(chosen):
            raise ValueError(f"there are {len(chosen)} model deals of {game}, numbered from 0; not {number}")
        self.data = chosen[number]
        self.game = games.get(self.data["game"]).name
        self.step = 0
        self.heading = html_view(f"<h3>{escape(self.data['title'])}</h3><p>{escape(self.data['about'])}</p>")
        self.position = html_view("", "cardlib-model-position")
        self.move = html_view("", "cardlib-model-move")
        self.record = html_view(record_html(self.data), "cardlib-model-record-view")
        self.buttons = [self._button(*spec) for spec in self.BUTTONS]
        bar = widgets.HBox(self.buttons, _dom_classes=("cardlib-model-buttons",))
        super().__init__(
            with_stylesheet([self.heading, bar, self.move, self.position, self.record], True),
            _dom_classes=("cardlib", "cardlib-model-deal"),
        )
        self.go(0)

    BUTTONS = (
        ("⏮ Start", "Go to the start of the deal", "start"),
        ("◀ Back", "One move back", "back"),
        ("Forward ▶", "One move forward", "forward"),
        ("End ⏭", "Go to the end of the deal", "end"),
    )

    def _button(self, label: str, tooltip: str, where: str) -> widgets.Button:
        """A step button, named for screen readers by its label and tooltip."""
        made = widgets.Button(description=label, tooltip=tooltip, _dom_classes=("cardlib-action",))
        made.on_click(lambda _b: self.press(where))
        return made

    @property
    def moves(self) -> int:
        """How many moves the deal has."""
        return len(self.data["moves"])

    def press(self, where: str) -> None:
        """Start, back, forward or end; at the deal's start or end, say so (the live region reads it out)."""
        target = {"start": 0, "back": self.step - 1, "forward": self.step + 1, "end": self.moves}[where]
        within = max(0, min(self.moves, target))
        if within == self.step:
            edge = "the start of the deal: press Forward" if self.step == 0 else "the end of the deal: press Back"
            self.move.value = self.move_html(self.state, f"You are at {edge} to see the other moves.")
        else:
            self.go(within)

    def go(self, step: int) -> None:
        """Show the deal after ``step`` moves, the move that led there and the coach's note on it.

        The buttons are never disabled: a disabled button loses the keyboard's focus, and a learner at the end of
        the deal would have to Tab back to the buttons from the top of the page."""
        self.step = step
        self.state = replay(self.data, step)
        self.position.value = hands_html(self.state, self.game)
        self.move.value = self.move_html(self.state)

    def move_html(self, state: DealState, aside: str = "") -> str:
        """The step's words: the move made and the coach's note, or where the deal stands (after ``aside``, if any)."""
        first = f"<p>{escape(aside)}</p>" if aside else ""
        if self.step == 0:
            said = "The deal before its first move. Press Forward to see each move and what the coach made of it."
            return f"<div role='status' aria-live='polite'>{first}<p>{said}</p></div>"
        move = self.data["moves"][self.step - 1]
        done = f" {escape(state.explain_score())}" if state.is_over else ""
        return (
            f"<div role='status' aria-live='polite'>{first}<p><strong>Move {self.step} of {self.moves}</strong>: "
            f"player {move['seat']} — {escape(move['move'])}.{done}</p>{note_html(move.get('note'))}</div>"
        )
