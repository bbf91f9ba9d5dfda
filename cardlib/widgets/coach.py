"""The coach at the table: a hint on request, a review of the deal, and a drill on the learner's mistakes.

``CoachPanel(table)`` sits in (or beside) a card table and asks ``cardlib.coach`` about the learner's seat:

* **Hint** — at each of the learner's decisions, every legal option with the coach's estimate of the chance
  of winning the deal and of the expected points, each with its ± (95 %), best first. Options within the noise
  of the best are all called "as good as" each other and listed in the table's fixed order, never ranked. The
  coach works from what the seat can know (``coach.hint`` samples the hidden cards), so the hint gives nothing
  away.
* **Review** — once the deal is over, each of the learner's decisions beside the coach's best, what the
  difference was worth (measured on fresh imagined deals, ± 95 %), the verdict (good, inaccuracy, mistake: the
  thresholds are stated in the table's caption), and what each was worth had the learner seen all the cards. Each
  decision is a button that shows its position again.
* **Learn from your mistakes** — the positions of the last deals where the learner lost most
  (``coach.worst``), asked again: "Which would you play?"; the panel counts the answers the coach agrees with.

The panel reads the table's deal (``table.state``) and the learner's seat, and nothing else of the deal; it
computes only when asked, in the kernel's own thread (the static site's Python has no other). In the browser
(Pyodide) it asks for fewer samples, so that a hint comes within seconds. Whatever goes wrong becomes a
friendly line in the panel, never a traceback.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from .. import coach
from ..margins import plus_minus
from ..tricks import Action, DealState, Discard, in_fixed_order
from .faces import card_html, escape
from .notes import LEARNER
from .parts import HIDDEN, SHOWN, action_label, button, html_view, say, seat_html, shared

IN_THE_BROWSER = sys.platform == "emscripten"  # the static site's Python (Pyodide)
BROWSER_SAMPLES = 40  # imagined deals per hint there (the coach's fewest): a few seconds at most, a wider ±
DRILL_DEALS = 3  # how many of the last finished deals the drill looks back on
DRILL_POSITIONS = 5  # and how many of their worst decisions it asks again
THINKING = "The coach is thinking…"
HINT_NAME = "Hint: what would the coach do here?"

COACH_CSS = """<style>
.cardlib-coach { border-top: 2px solid #ddd; margin-top: 8px; padding-top: 4px; }
.cardlib-coach-buttons { flex-wrap: wrap; }
.cardlib-coach table { border-collapse: collapse; font-size: 14px; margin: 4px 0; }
.cardlib-coach caption { text-align: left; font-weight: bold; padding: 2px 0; caption-side: top; }
.cardlib-coach td, .cardlib-coach th { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: left;
  line-height: 1.35; }
.cardlib-coach th[scope=row] { font-weight: normal; }
.cardlib-coach-best th[scope=row], .cardlib-coach-best td { font-weight: bold; background: #f1f8e9; }
.cardlib-coach-mistake { color: #b71c1c; font-weight: bold; }
.cardlib-coach-inaccuracy { color: #8a4b00; font-weight: bold; }
.cardlib-coach-good { color: #2e7d32; font-weight: bold; }
.cardlib-coach-why { font-style: italic; }
.cardlib-coach-note { font-weight: bold; }
</style>"""


# ---------------------------------------------------------------------------
# Words and numbers


def option_name(action: Any) -> str:
    """An option as the panel names it: 'Play K♦', 'Propose an exchange', 'Discard 7♠ 8♠', 'No thanks (…)'."""
    if isinstance(action, Discard) and not action.cards:
        return "Keep every card (discard none)"
    if isinstance(action, coach.Wait):  # an optional move let go by, as the table's No thanks does
        return "No thanks (let the chance pass for now)"
    label = action_label(action)
    return label[:1].upper() + label[1:]


def action_of(thing: Any) -> Action:
    """The action an estimate (or the action itself) stands for."""
    return getattr(thing, "action", thing)


def chance(value: float, margin: float) -> str:
    """A chance with its ± in percent: '62 % ± 8' (± ? when one sample cannot say)."""
    return f"{100 * value:.0f} % {plus_minus(100 * margin, 0)}"


def points(value: float, margin: float | None = None) -> str:
    """Expected points, signed, with their ± if given: '+0.45 ± 0.30' (a minus sign, not a hyphen)."""
    signed = f"{value:+.2f}".replace("-", "−")
    if margin is None:
        return signed
    return f"{signed} {plus_minus(margin)}"


assert chance(0.625, 0.081) == "62 % ± 8" and points(-0.5, 0.25) == "−0.50 ± 0.25" and points(1) == "+1.00"
assert chance(1, math.inf) == "100 % ± ?" and points(1, 0.001) == "+1.00 ± <0.01"


def best_group(hint: Any) -> list[Any]:
    """The estimates the coach finds as good as its best, in the options' fixed order (never ranked)."""
    best = {action_of(b) for b in hint.best}
    estimates = {e.action: e for e in hint.options if e.action in best}
    return [estimates[a] for a in in_fixed_order(estimates)]


def standing(estimate: Any, group: Sequence[Any]) -> str:
    """What the hint says of an option beside the best: 'best', 'too close to tell from the best', or 'behind the
    best'."""
    if all(e.action != estimate.action for e in group):
        return "behind the best"
    if len(group) == 1:
        return "best"
    return f"too close to tell from the best ({len(group)} options too close to tell apart)"


# ---------------------------------------------------------------------------
# What the panel shows, as HTML


def hint_html(hint: Any, caption: str = "") -> str:
    """A hint as an accessible table (caption, headers with their scope), best first, then the coach's sentence."""
    group = best_group(hint)
    rest = [e for e in hint.options if all(e.action != g.action for g in group)]
    rows = "".join(hint_row(e, group) for e in [*group, *rest])
    caption = caption or (
        f"The coach's estimate of each of your options, from {hint.samples} imagined deals that agree with "
        "what you have seen (± at 95 %)"
    )
    head = (
        '<tr><th scope="col">Your option</th><th scope="col">Chance of winning the deal</th>'
        "<th scope=\"col\">Expected points (your side's minus the other side's)</th>"
        '<th scope="col">The coach says</th></tr>'
    )
    why = f'<p class="cardlib-coach-why">{escape(hint.why)}</p>' if hint.why else ""
    note = getattr(hint, "note", "")
    why += f'<p class="cardlib-coach-note">{escape(note)}</p>' if note else ""
    return f'<table class="cardlib-coach-hint"><caption>{escape(caption)}</caption>{head}{rows}</table>{why}'


def hint_row(estimate: Any, group: Sequence[Any]) -> str:
    """One option's row: its name, its chance of winning, its expected points, and how it stands."""
    css = ' class="cardlib-coach-best"' if any(e.action == estimate.action for e in group) else ""
    return (
        f'<tr{css}><th scope="row">{escape(option_name(estimate.action))}</th>'
        f"<td>{chance(estimate.win, estimate.win_margin)}</td>"
        f"<td>{points(estimate.points, estimate.points_margin)}</td>"
        f"<td>{escape(standing(estimate, group))}</td></tr>"
    )


def review_html(reviews: Sequence[Any]) -> str:
    """The review of a deal: each decision, the coach's best, the loss, the verdict and the hindsight values."""
    if not reviews:
        return "<p>You had no decision to make in this deal: nothing to review.</p>"
    head = (
        '<tr><th scope="col">Your decision</th><th scope="col">The coach\'s best</th>'
        '<th scope="col">Loss (expected points, ± at 95 %)</th><th scope="col">Verdict</th>'
        '<th scope="col">Had you seen all the cards</th></tr>'
    )
    rows = "".join(review_row(i, r) for i, r in enumerate(reviews, 1))
    caption = (
        "Your decisions in this deal, in order, beside the coach's (which knew only what you knew). "
        + thresholds_text()
    )
    return f'<table class="cardlib-coach-review"><caption>{escape(caption)}</caption>{head}{rows}</table>'


def review_row(number: int, reviewed: Any) -> str:
    """One decision of the review (its number in the deal, from 1)."""
    verdict = str(reviewed.verdict)
    return (
        f'<tr><th scope="row">{number}. {escape(option_name(reviewed.chosen))}</th>'
        f"<td>{escape(best_text(reviewed))}</td><td>{loss_text(reviewed)}</td>"
        f'<td><span class="cardlib-coach-{escape(verdict)}">{escape(verdict)}</span></td>'
        f"<td>{escape(hindsight_text(reviewed))}</td></tr>"
    )


def loss_text(reviewed: Any) -> str:
    """The loss, measured on fresh imagined deals, with its ± at 95 % ('0.00' for the coach's own best)."""
    margin = getattr(reviewed, "loss_margin", 0.0)
    return f"{reviewed.loss:.2f} ± {margin:.2f}" if margin else f"{reviewed.loss:.2f}"


def best_text(reviewed: Any) -> str:
    """The coach's best at a decision; 'the same' when the learner's choice was as good as it."""
    if coach.agrees(reviewed.hint, reviewed.chosen):
        return "the same (yours was as good as the best)"
    others = len(reviewed.hint.best) - 1
    return option_name(action_of(reviewed.best)) + (f" (or {others} more as good)" if others else "")


def hindsight_text(reviewed: Any) -> str:
    """The double-dummy values: the learner's choice, and the best had every card been seen."""
    values = reviewed.hindsight
    if not values:
        return getattr(reviewed, "hindsight_note", "") or "—"
    top = max(values.values())
    best = [a for a in in_fixed_order(values) if values[a] == top]
    mine = values.get(reviewed.chosen)
    yours = f"yours {points(mine)}" if mine is not None else "yours not valued"
    if reviewed.chosen in best:
        return f"{yours}, the best there is"
    return f"{yours}; best {points(top)} ({', '.join(option_name(a) for a in best)})"


def thresholds_text() -> str:
    """The verdicts' thresholds, in words (the coach's own numbers), as the review's caption states them."""
    limits = sorted(coach.THRESHOLDS.items(), key=lambda item: item[1])
    chances = coach.WIN_CHANCE_THRESHOLDS
    parts = [
        f"{name} when even the low end of its 95 % interval loses more than {value:g} expected points "
        f"(about {chances[name]:.0%} of the chance of winning the deal)"
        for name, value in limits
    ]
    return (
        "Verdicts: " + "; ".join(parts) + "; otherwise good: as good as the coach's best, within the noise. The loss "
        "is measured on fresh imagined deals, not those that chose the best; the thresholds are lichess's "
        f"{chances['inaccuracy']:.0%} and {chances['mistake']:.0%} of the chance of winning, counted in points."
    )


def position_html(state: DealState, name: Callable[[int], str], heading: str) -> str:
    """A position again, as the learner saw it: their hand, the trick on the table, and the rule that bound them."""
    game = state.options.game
    hand = "".join(card_html(c, size="small", game=game) for c in state.hands[LEARNER])
    now = len(state.tricks)
    trick = "".join(seat_html(name(p.seat), p.card, size="small", game=game) for p in state.plays() if p.trick == now)
    rule = rule_text(state)
    return (
        f"<p><b>{escape(heading)}</b></p><div>Your hand: {hand or '<i>no cards</i>'}</div>"
        f'<div class="cardlib-felt"><b>On the table</b> (trick {now + 1})<br>{trick or "<i>no cards yet</i>"}</div>'
        + (f"<p>{escape(rule)}</p>" if rule else "")
    )


def rule_text(state: DealState) -> str:
    """The rule that bound the move to make, in the engine's words ('' if it has none to say)."""
    try:
        return state.explain_choices()
    except Exception:  # noqa: BLE001 - a position between two seats' moves may have nothing to explain
        return ""


# ---------------------------------------------------------------------------
# The panel


class CoachPanel(widgets.VBox):
    """The coach's buttons and answers for a table's learner: Hint, Review this deal, Learn from your mistakes.

    Every table has one under it (``Table.coach_panel``), so the panel is cheap until asked: its first screen is a
    heading, three buttons and a status line (ten widgets to send); the views of its answers and the drill are made
    when the coach is first asked (``answers``). Inside a table (``styled=False``) its style is in the table's
    stylesheet (``COACH_CSS``)."""

    def __init__(self, table: Any, *, samples: int | None = None, seed: int = 0, styled: bool = True) -> None:
        self.table = table
        self.styled = styled
        self.samples = samples if samples is not None or not IN_THE_BROWSER else BROWSER_SAMPLES
        self.seed = seed
        self.errors: list[Exception] = []
        self.hint: Any = None  # the hint shown, and the position it is for
        self.hint_for: tuple[int, int] | None = None
        self.deals: list[DealState] = []  # the last finished deals seen, oldest first
        self.reviews: dict[int, tuple[Any, ...]] = {}  # id of a deal (kept in self.deals) -> its review
        self._answers: Answers | None = None  # made when first asked for
        self._build()
        children = [self.heading, self.buttons, self.status]
        super().__init__(children, layout=shared(widgets.Layout), _dom_classes=("cardlib", "cardlib-coach"))
        for view in ("prompt", "info"):  # redrawn by the table after every move: the moment to look again
            if isinstance(getattr(table, view, None), widgets.Widget):
                getattr(table, view).observe(lambda _change: self.refresh(), names="value")
        self.refresh()

    def _build(self) -> None:
        """The heading, the buttons and the status line."""
        css = COACH_CSS if self.styled else ""
        self.heading = html_view("<h3 style='margin:4px 0;font-size:1.1em'>The coach</h3>" + css)
        self.hint_button = button(HINT_NAME, "cardlib-coach-hint-button")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.review_button = button("Review this deal: how good were your decisions?", "cardlib-coach-review-button")
        self.review_button.on_click(lambda _b: self.show_review())
        self.drill_button = button("Learn from your mistakes", "cardlib-coach-drill-button")
        self.drill_button.on_click(lambda _b: self.drill.start())
        self.buttons = widgets.HBox(  # they wrap on a narrow screen (COACH_CSS): the shared layout stays as it is
            [self.hint_button, self.review_button, self.drill_button],
            layout=shared(widgets.Layout),
            _dom_classes=("cardlib-coach-buttons",),
        )
        self.status = html_view("", "cardlib-coach-status")

    # -- the answers' views, made when first asked for --------------------------------
    @property
    def answers(self) -> Answers:
        """The views of the coach's answers (hint, review, a decision's position, the drill), under the status line:
        made the first time they are needed."""
        if self._answers is None:
            self._answers = Answers(self)
            self.children = [self.heading, self.buttons, self.status, self._answers]
        return self._answers

    @property
    def hint_view(self) -> widgets.HTML:
        """The hint's table."""
        return self.answers.hint_view

    @property
    def review_view(self) -> widgets.HTML:
        """The review's table."""
        return self.answers.review_view

    @property
    def decisions(self) -> widgets.HBox:
        """The review's buttons, one a decision."""
        return self.answers.decisions

    @property
    def position_view(self) -> widgets.HTML:
        """A decision's position, shown again."""
        return self.answers.position_view

    @property
    def drill(self) -> Drill:
        """Learn from your mistakes."""
        return self.answers.drill

    # -- what the table shows now -------------------------------------------------
    @property
    def state(self) -> DealState | None:
        """The table's deal (None before its first)."""
        return self.table.state

    def position_key(self) -> tuple[int, int] | None:
        """Which position the table shows: its deal and how many moves were made in it."""
        state = self.state
        return None if state is None else (id(state), len(state.log))

    def learner_to_decide(self) -> bool:
        """Whether the learner has a decision to make now."""
        state = self.state
        return state is not None and not state.is_over and bool(state.legal_actions(LEARNER))

    def refresh(self) -> None:
        """Look at the table again: show the buttons that apply, forget a hint of a past position, keep a finished
        deal for the review and the drill."""
        state = self.state
        deal_over = state is not None and state.is_over
        if self.hint_for is not None and self.hint_for != self.position_key():
            self.hint, self.hint_for = None, None
            self.hint_view.value = ""
            self.tell("")
        if deal_over and state is not None and all(d is not state for d in self.deals):
            self.remember(state)
        if not deal_over and self._answers is not None and self.review_view.value:
            self.review_view.value = self.position_view.value = ""
            self.clear_decisions()
        self.hint_button.layout.display = SHOWN if self.learner_to_decide() else HIDDEN
        self.review_button.layout.display = SHOWN if deal_over else HIDDEN
        self.drill_button.layout.display = SHOWN if self.deals else HIDDEN

    def remember(self, state: DealState) -> None:
        """Keep a finished deal (the last few only) for the review and the drill."""
        self.deals.append(state)
        for old in self.deals[:-DRILL_DEALS]:
            self.reviews.pop(id(old), None)
        self.deals = self.deals[-DRILL_DEALS:]

    # -- asking the coach ------------------------------------------------------------
    def tell(self, text: str, *, warning: bool = False) -> None:
        """Put a sentence on the panel's status line, a region screen readers announce ('' clears it)."""
        say(self.status, text, warning=warning)
        if text:
            self.status.value = f'<div role="status">{self.status.value}</div>'

    def ask(self, question: Callable[[], Any]) -> Any:
        """Ask the coach (saying it is thinking meanwhile); an error becomes a friendly line, and None."""
        self.tell(THINKING)
        try:
            answer = question()
        except Exception as error:  # noqa: BLE001 - a learner must never see a traceback
            self.errors.append(error)
            self.tell(f"The coach could not answer that ({error}). Play on, and ask again later.", warning=True)
            return None
        self.tell("")
        return answer

    def show_hint(self) -> None:
        """The coach's estimate of every option of the learner's decision now."""
        state = self.state
        if state is None or not self.learner_to_decide():
            self.tell("You have nothing to decide now: ask for a hint at your next decision.")
            return
        key = self.position_key()
        if self.hint is not None and self.hint_for == key:
            return  # shown already (a second click of a double click)
        hint = self.ask(lambda: coach.hint(state, LEARNER, samples=self.samples, seed=self.seed))
        if hint is not None:
            self.hint, self.hint_for = hint, key
            self.hint_view.value = hint_html(hint)

    def review_of(self, state: DealState) -> tuple[Any, ...] | None:
        """A finished deal's review (asked of the coach once, then kept)."""
        if id(state) not in self.reviews:
            samples = self.samples  # the browser's fewer samples, or None: the review's own
            reviews = self.ask(lambda: tuple(coach.review(state, LEARNER, seed=self.seed, samples=samples)))
            if reviews is None:
                return None
            self.reviews[id(state)] = reviews
        return self.reviews[id(state)]

    def show_review(self) -> None:
        """The review of the finished deal: a table of the learner's decisions, and a button for each."""
        state = self.state
        if state is None or not state.is_over:
            self.tell("The review comes once the deal is over.")
            return
        self.refresh()
        reviews = self.review_of(state)
        if reviews is None:
            return
        self.review_view.value = review_html(reviews)
        self.position_view.value = ""
        self.clear_decisions()
        self.decisions.children = [self.decision_button(i, r) for i, r in enumerate(reviews, 1)]

    def clear_decisions(self) -> None:
        """Take away the review's decision buttons (closed: the page forgets them too)."""
        for old in self.decisions.children:
            old.close()
        self.decisions.children = []

    def decision_button(self, number: int, reviewed: Any) -> widgets.Button:
        """A button that shows one decision's position again."""
        b = button(f"Show decision {number} again: {option_name(reviewed.chosen)}", "cardlib-coach-decision")
        b.on_click(lambda _b: self.show_position(number, reviewed))
        return b

    def show_position(self, number: int, reviewed: Any) -> None:
        """A decision's position again: the hand, the trick, and the options with the coach's estimates."""
        heading = f"Decision {number}: you chose {option_name(reviewed.chosen)} ({reviewed.verdict})"
        self.position_view.value = position_html(reviewed.position, self.table.name, heading) + hint_html(reviewed.hint)

    def worst_positions(self) -> list[Any]:
        """The decisions of the last deals that cost the learner most (none that the coach calls good)."""
        everything: list[Any] = []
        for state in self.deals:
            reviews = self.review_of(state)
            if reviews is None:
                return []
            everything.extend(reviews)
        return [r for r in coach.worst(everything, DRILL_POSITIONS) if r.verdict != "good"]


class Answers(widgets.VBox):
    """The views of a panel's answers, top to bottom: the hint, the review, its decisions' buttons, a decision's
    position, the drill."""

    def __init__(self, panel: CoachPanel) -> None:
        self.hint_view = html_view("", "cardlib-coach-hint-view")
        self.review_view = html_view("", "cardlib-coach-review-view")
        self.decisions = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("cardlib-coach-decisions",)
        )
        self.position_view = html_view("", "cardlib-coach-position")
        self.drill = Drill(panel)
        views = [self.hint_view, self.review_view, self.decisions, self.position_view, self.drill]
        super().__init__(views, layout=shared(widgets.Layout), _dom_classes=("cardlib-coach-answers-box",))


# ---------------------------------------------------------------------------
# Learn from your mistakes


class Drill(widgets.VBox):
    """The learner's worst decisions of the last deals, asked again; counts the answers the coach agrees with."""

    def __init__(self, panel: CoachPanel) -> None:
        self.panel = panel
        self.positions: list[Any] = []
        self.at = 0
        self.agreed = 0
        self.answered = 0
        self.question = html_view("", "cardlib-coach-drill-question")
        self.answers = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("cardlib-coach-answers",)
        )
        self.feedback = html_view("", "cardlib-coach-drill-feedback")
        self.next_button = button("Next position", "cardlib-coach-next")
        self.next_button.on_click(lambda _b: self.ask_next())
        self.next_button.layout.display = HIDDEN
        super().__init__(
            [self.question, self.answers, self.feedback, self.next_button], _dom_classes=("cardlib-coach-drill",)
        )

    @property
    def score_text(self) -> str:
        """The count so far: 'Answered as the coach would: 2 of 3.'"""
        return f"Answered as the coach would: {self.agreed} of {self.answered}."

    def start(self) -> None:
        """Gather the worst decisions of the last deals and ask the first."""
        positions = self.panel.worst_positions()
        if self.panel.errors and not positions:
            return  # the panel has said what went wrong
        self.positions, self.at, self.agreed, self.answered = positions, 0, 0, 0
        if not positions:
            self.question.value = (
                "<p>Every decision of your last deals was as good as the coach's: nothing to practise. Well played!</p>"
            )
            self._clear_answers()
            return
        self.ask_next()

    def _clear_answers(self) -> None:
        for old in self.answers.children:
            old.close()
        self.answers.children = []
        self.feedback.value = ""
        self.next_button.layout.display = HIDDEN

    def ask_next(self) -> None:
        """Show the next position and its options as buttons: 'Which would you play?'"""
        self._clear_answers()
        if self.at >= len(self.positions):
            self.question.value = f"<p><b>That was the last one.</b> {escape(self.score_text)}</p>"
            return
        reviewed = self.positions[self.at]
        heading = f"Position {self.at + 1} of {len(self.positions)}, from one of your last deals"
        self.question.value = position_html(reviewed.position, self.panel.table.name, heading) + (
            "<p><b>Which would you play?</b></p>"
        )
        self.answers.children = [
            self.answer_button(reviewed, e.action) for e in options_in_order(reviewed.hint.options)
        ]

    def answer_button(self, reviewed: Any, action: Action) -> widgets.Button:
        """One option to answer with."""
        b = button(option_name(action), "cardlib-coach-answer")
        b.on_click(lambda _b: self.answer(reviewed, action))
        return b

    def answer(self, reviewed: Any, action: Action) -> None:
        """Say whether the coach agrees, show its estimates, count the answer, and offer the next position."""
        if self.next_button.layout.display == SHOWN:
            return  # answered already
        agrees = bool(coach.agrees(reviewed.hint, action))
        self.answered += 1
        self.agreed += agrees
        verdict = (
            "Yes: the coach would choose that too."
            if agrees
            else f"The coach would rather choose {option_name(action_of(reviewed.best))}."
        )
        before = f"In the deal you chose {option_name(reviewed.chosen)}."
        self.feedback.value = f"<p><b>{escape(verdict)}</b> {escape(before)} {escape(self.score_text)}</p>" + hint_html(
            reviewed.hint
        )
        self.at += 1
        self.next_button.description = "Next position" if self.at < len(self.positions) else "See your score"
        self.next_button.layout.display = SHOWN


def options_in_order(estimates: Iterable[Any]) -> list[Any]:
    """Options in the fixed order of the legal moves (cards in pack order first): asked without a hint of which
    the coach prefers."""
    by_action = {e.action: e for e in estimates}
    return [by_action[a] for a in in_fixed_order(by_action)]
