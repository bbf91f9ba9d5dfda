"""Écarté judgment: the play-or-propose boundary drawn from the computed tables, and a drill of hands on it.

The tables (``cardlib.ecarte.strategy``) say, for every class of hand, what playing and proposing are worth. The
hands worth drilling are those near the boundary, where the two choices differ by little: a learner who has them
right has the judgment the old books tried to teach. ``JudgmentDrill`` shows one such hand at a time; the learner
answers *play* or *propose* (buttons, reached with Tab and pressed with Enter or Space) and a live status line
gives the table's figures, with their ±. Only hands whose answer the table can check are drawn: a clear call, or
two choices shown to differ by less than 0.1 points a deal (then either is right); a call the table's deals cannot
tell apart is no question to grade.

    >>> drill = JudgmentDrill(count=3, seed=1)
    >>> drill.answer("play")[0] in (True, False)
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as widgets

from ..cards import SUIT_NAMES, Card, show
from ..charts import BarChart, bar_chart
from ..ecarte import strategy
from ..margins import plus_minus, shown_small
from .faces import escape
from .parts import with_stylesheet


@dataclass(frozen=True)
class BoundaryHand:
    """A hand near the boundary, its trump suit, and the table's verdict on it."""

    cards: tuple[Card, ...]
    trump: str
    verdict: strategy.Verdict

    def words(self) -> str:
        """The hand as the drill shows it: 'trumps are ♠ (spades); you hold J♥ Q♦ J♦ K♣ A♣'."""
        return f"trumps are {self.trump} ({SUIT_NAMES[self.trump]}); you hold {show(self.cards)}"

    def is_right(self, choice: str) -> bool:
        """Whether the choice is the table's best, or as good as it."""
        return choice == self.verdict.best or self.either()

    def either(self) -> bool:
        """Whether both answers are right: the difference is shown small, not merely too close to tell."""
        return self.verdict.close and shown_small(*self.verdict.difference)

    def feedback(self, choice: str) -> str:
        """What the table says of the learner's choice: right or not, and the figures of both choices."""
        v = self.verdict
        play, propose = (strategy.describe(v.of(c)) for c in (strategy.PLAY, strategy.PROPOSE))
        if self.either():
            head = (
                f"Either is right: playing and proposing differ by {abs(v.difference[0]):.2f} "
                f"{plus_minus(v.difference[1])} points a deal, less than 0.1 either way, for hands like this ({v.key})."
            )
        elif choice == v.best:
            head = f"Right: the table says {v.best} for hands like this ({v.key})."
        else:
            head = f"Not {choice}: the table says {v.best} for hands like this ({v.key})."
        return f"{head} Playing: {play}. Proposing: {propose}."


def boundary_hands(count: int = 10, seed: int = 0, closest: int = 60) -> list[BoundaryHand]:
    """``count`` hands drawn from the ``closest`` likeliest classes whose play and propose are nearest each other."""
    if count < 1:
        raise ValueError(f"a drill needs at least one hand, not {count}")
    saved = strategy.tables()
    near = []
    for key, weight in saved["classes"]:
        _, (mean, margin) = strategy.class_figures(strategy.FIRST_CALL, key)
        if abs(mean) <= margin and not shown_small(mean, margin):
            continue  # too close to tell with the table's deals: no answer to check the learner's against
        near.append((abs(mean) / max(margin, 0.01) - 20 * weight, key))  # near the boundary and common first
    keys = [key for _, key in sorted(near)[:closest]]
    rng = random.Random(seed)
    chosen = rng.sample(keys, min(count, len(keys)))
    hands = []
    for key in chosen:
        numbers, turned_up = strategy.class_hand(key, rng)
        cards = tuple(strategy.to_card(c) for c in sorted(numbers, key=lambda c: (c // 8, -c)))  # by suit, high first
        trump = strategy.to_card(turned_up).suit
        hands.append(BoundaryHand(cards, trump, strategy.judge(strategy.FIRST_CALL, cards, trump)))
    return hands


def verdicts_html(hands: list[BoundaryHand]) -> str:
    """The table's verdict on every hand of a drill, folded away: to open after answering, and what a page without
    Python (the book) can show."""
    items = "".join(
        f"<li>Hand {number}, {escape(h.words())}: {escape(h.verdict.sentence())}.</li>"
        for number, h in enumerate(hands, 1)
    )
    return (
        "<details class='cardlib-judgment-all'><summary>The table's verdict on every hand of this drill (open it "
        f"after answering)</summary><ul>{items}</ul></details>"
    )


class JudgmentDrill(widgets.VBox):
    """Hands from the play-or-propose boundary: the learner says play or propose and is told the table's numbers."""

    def __init__(self, count: int = 10, seed: int = 0) -> None:
        self.hands = boundary_hands(count, seed)
        self.number = 0
        self.right = 0
        self.answered = 0
        self.counted: set[int] = set()  # the hands answered (by their number), each counted once
        self.prompt = widgets.HTML(_dom_classes=("cardlib-judgment-prompt",))
        self.status = widgets.HTML(self.status_html(""))
        self.choices = [self.button(choice) for choice in (strategy.PLAY, strategy.PROPOSE)]
        self.next_button = widgets.Button(
            description="Next hand", tooltip="Show the next hand of the drill", _dom_classes=("cardlib-action",)
        )
        self.next_button.on_click(lambda _: self.next_hand())
        intro = widgets.HTML(
            "<p>You are the non-dealer. Play without proposing, or propose? Answer with a button (Tab reaches it, "
            "Enter presses it); the table's figures follow at once.</p>"
        )
        verdicts = widgets.HTML(verdicts_html(self.hands), _dom_classes=("cardlib-judgment-verdicts",))
        parts = [intro, self.prompt, widgets.HBox(self.choices), self.status, self.next_button, verdicts]
        # The course's stylesheet: its focus ring (3 px), which JupyterLab's own 1 px one is too thin to be.
        super().__init__(with_stylesheet(parts, True), _dom_classes=("cardlib", "cardlib-judgment"))
        self.show_hand()

    def button(self, choice: str) -> widgets.Button:
        """An answer button."""
        b = widgets.Button(description=choice, tooltip=f"Answer: {choice}", _dom_classes=("cardlib-action",))
        b.on_click(lambda _: self.answer(choice))
        return b

    @staticmethod
    def status_html(words: str) -> str:
        """The live status line that screen readers announce."""
        return f'<p class="cardlib-judgment-feedback" role="status" aria-live="polite">{escape(words)}</p>'

    @property
    def hand(self) -> BoundaryHand:
        """The hand on show."""
        return self.hands[self.number]

    def show_hand(self) -> None:
        """Show the current hand and clear the status line."""
        h = self.hand
        self.prompt.value = f"<p><strong>Hand {self.number + 1} of {len(self.hands)}</strong>: {escape(h.words())}.</p>"
        self.status.value = self.status_html("")

    def answer(self, choice: str) -> tuple[bool, str]:
        """Answer the hand on show with 'play' or 'propose': whether it is right, and the table's figures."""
        if choice not in (strategy.PLAY, strategy.PROPOSE):
            raise ValueError(f"answer 'play' or 'propose', not {choice!r}")
        right = self.hand.is_right(choice)
        counted = self.number in self.counted  # a hand counts once: pressing both answers is not two rights
        if not counted:
            self.counted.add(self.number)
            self.answered += 1
            self.right += right
        tally = f"{self.right} right of {self.answered} so far"
        words = f"{self.hand.feedback(choice)} ({'Your first answer is the one counted: ' if counted else ''}{tally}.)"
        self.status.value = self.status_html(words)
        return right, words

    def next_hand(self) -> None:
        """The next hand (after the last, the first again)."""
        self.number = (self.number + 1) % len(self.hands)
        self.show_hand()


def boundary_chart() -> BarChart:
    """The share of the non-dealer's hands the table plays without proposing, by trumps held and plain Kings: the
    bar where the table is sure, its error bar the hands too close to call (they could go either way)."""
    cells: dict[tuple[int, int], list[float]] = {}  # (trumps, Kings) -> [all, surely played, too close]
    for key, weight in strategy.tables()["classes"]:
        _, (mean, margin) = strategy.class_figures(strategy.FIRST_CALL, key)
        cell = cells.setdefault((key_trumps(key), key_kings(key)), [0.0, 0.0, 0.0])
        cell[0] += weight
        cell[1] += weight * (mean > margin)
        cell[2] += weight * (abs(mean) <= margin)
    groups = ["no trump", "1 trump", "2 trumps", "3 trumps or more"]
    series = {
        name: [share_and_doubt(cells.get((trumps, kings), [0.0, 0.0, 0.0])) for trumps in range(len(groups))]
        for kings, name in enumerate(("no plain King", "one plain King", "two plain Kings or more"))
    }
    return bar_chart(groups, series, title="Hands the table plays without proposing", ylabel="share of hands")


def share_and_doubt(cell: list[float]) -> tuple[float, float]:
    """A cell's share played, the close calls counted half, and half the close calls as its error bar."""
    total, sure, close = cell
    return (sure + close / 2) / (total or 1), close / 2 / (total or 1)


def key_trumps(key: str) -> int:
    """The trumps of a class, three or more counted as 3."""
    return min(3, len(key.split(" / ")[0].strip("-")))


def key_kings(key: str) -> int:
    """The plain Kings of a class, two or more counted as 2."""
    return min(2, key.split(" / ")[1].count("K"))
