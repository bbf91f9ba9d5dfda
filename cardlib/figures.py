"""The chapters' figures, drawn as SVG from the engine itself, so that a picture can never disagree with a rule.

Like `cardlib.charts`, a figure is pure Python (it runs in Pyodide, in the static site, too) and an object that
Jupyter shows as a picture (``_repr_svg_``, and ``_repr_html_`` with the figure in words beneath it). Every
figure is *computed*: the ladder from the strength table, the grid of tricks from ``judge_trick``, the strip of
tricks from ``score_deal``, the duty from ``play_duty``, the scoring grid from ``score_deal``, each under the
options given. Its description (``describe()``, the SVG's ``<desc>``, ``print(figure)``) states, line by line,
what it draws, for a screen reader and for the tests.

    >>> print(ranking_ladder().lines[0])
    tier 1 (strength 10): K♦
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from . import alkort, ecarte
from .cards import ALKORT_PACK, RANKS, SUITS, Card, hand, show

INK, PAPER, RED = "#222", "#fff", "#b00020"
# One colour per side or verdict (Okabe and Ito's palette, distinct for the common kinds of colour blindness),
# each light enough for dark text on it.
SIDE_COLOURS = ("#9fd3f5", "#f5cd85")
GREY = "#e4e4e4"
CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 30, 42, 4


@dataclass(frozen=True, repr=False)
class Figure:
    """A drawing: its title, what it shows in words (one line each), and its SVG elements on a canvas."""

    title: str
    lines: tuple[str, ...]
    body: str
    width: int
    height: int

    def describe(self) -> str:
        """The figure in words: its title, then one line per thing drawn."""
        return "\n".join([self.title, *self.lines])

    def svg(self) -> str:
        """The figure as an SVG document, named by its title and described by its lines."""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="{self.width}" height="{self.height}" role="img" aria-label="{escape(self.title)}" '
            f'font-family="sans-serif" font-size="12">'
            f"<title>{escape(self.title)}</title><desc>{escape(self.describe())}</desc>"
            f'<rect width="{self.width}" height="{self.height}" fill="{PAPER}"/>{self.body}</svg>'
        )

    def _repr_svg_(self) -> str:
        """What Jupyter shows where it takes a picture."""
        return self.svg()

    def _repr_html_(self) -> str:
        """What Jupyter and the book show: the picture, and beneath it the same in words, to open."""
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        return (
            f'<figure class="cardlib-figure" style="margin:0">{self.svg()}'
            f"<figcaption><details><summary>{escape(self.title)}: the figure in words</summary>"
            f"<ul>{items}</ul></details></figcaption></figure>"
        )

    def __repr__(self) -> str:
        return self.describe()

    __str__ = __repr__


def text(
    x: float, y: float, words: str, *, anchor: str = "start", size: int = 12, bold: bool = False, colour: str = INK
) -> str:
    """A line of text at (x, y)."""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}" font-size="{size}" fill="{colour}"{weight}>'
        f"{escape(words)}</text>"
    )


def box(
    x: float, y: float, width: float, height: float, fill: str, words: Sequence[str] = (), tooltip: str = ""
) -> str:
    """A rounded box with up to a few centred lines of text in it, and what it means on hover."""
    lines = [
        text(x + width / 2, y + height / 2 + 4 + 14 * (i - (len(words) - 1) / 2), line, anchor="middle")
        for i, line in enumerate(words)
    ]
    hover = f"<title>{escape(tooltip)}</title>" if tooltip else ""
    return (
        f'<g><rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="5" fill="{fill}" '
        f'stroke="{INK}"/>{"".join(lines)}{hover}</g>'
    )


def arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    """A straight arrow, across or down, with its head drawn (no marker: two figures on a page share no id)."""
    head = (
        f"{x2 - 7:g},{y2 - 4:g} {x2:g},{y2:g} {x2 - 7:g},{y2 + 4:g}"
        if y1 == y2
        else f"{x2 - 4:g},{y2 - 7:g} {x2:g},{y2:g} {x2 + 4:g},{y2 - 7:g}"
    )
    return f'<path d="M{x1:g} {y1:g}L{x2:g} {y2:g}" stroke="{INK}"/><polygon points="{head}" fill="{INK}"/>'


def card_face(c: Card, x: float, y: float) -> str:
    """A small card face: its rank over its suit, red or black, named in words on hover."""
    colour = RED if c.is_red else INK
    middle = x + CARD_WIDTH / 2
    return (
        f'<g><rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4" fill="{PAPER}" '
        f'stroke="{INK}"/>{text(middle, y + 17, c.rank, anchor="middle", bold=True, colour=colour)}'
        f"{text(middle, y + 34, c.suit, anchor='middle', size=15, colour=colour)}"
        f"<title>{escape(c.name)}</title></g>"
    )


def card_row(cards: Sequence[Card], x: float, y: float) -> str:
    """Card faces side by side from (x, y)."""
    return "".join(card_face(c, x + i * (CARD_WIDTH + CARD_GAP), y) for i, c in enumerate(cards))


# ---------------------------------------------------------------------------
# Chapter 2: the ladder of the ranked cards, with the rubbish beside it


def ranked_tiers(options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> list[tuple[int, list[Card]]]:
    """The ranked cards grouped by strength, strongest first: (strength, cards in pack order), as the engine ranks."""
    table = alkort.strength_table(options)
    strengths = sorted({value for value in table.values() if value > alkort.RUBBISH}, reverse=True)
    return [(value, [c for c in ALKORT_PACK if table[c] == value]) for value in strengths]


def rubbish_cards(options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> list[Card]:
    """The cards the engine does not rank, grouped by rank (Twos, Threes ... Kings)."""
    table = alkort.strength_table(options)
    return sorted(
        (c for c in ALKORT_PACK if table[c] == alkort.RUBBISH), key=lambda c: (RANKS.index(c.rank), SUITS.index(c.suit))
    )


def led_takers() -> list[str]:
    """The led King and Queen exceptions in words, from the engine's TAKERS: ['a led K falls to a 2', ...]."""
    return [f"a led {rank} falls to a {' or a '.join(ranks)}" for rank, ranks in sorted(alkort.TAKERS.items())]


def led_exceptions() -> str:
    """The exceptions as one phrase: 'but a led K falls to a 2, a led Q falls to a 2 or a 3'."""
    return "but " + ", ".join(led_takers())


def ranking_ladder(options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> Figure:
    """Chapter 2: the ranked cards as a ladder, tier by tier from the top, and the rubbish beside it."""
    tiers, rubbish = ranked_tiers(options), rubbish_cards(options)
    lines = [f"tier {number} (strength {value}): {show(cards)}" for number, (value, cards) in enumerate(tiers, start=1)]
    order = alkort.AlkortOptions.value_words("rubbish_order")[options.rubbish_order]
    lines.append(f"rubbish, {len(rubbish)} cards ({order}, {led_exceptions()}): {show(rubbish)}")
    row, top, rubbish_x, per_row = CARD_HEIGHT + 6, 48, 330, 6
    parts = [
        text(10, 20, "Ranked cards, highest first", bold=True, size=14),
        text(rubbish_x, 20, f"Rubbish: {len(rubbish)} cards", bold=True, size=14),
        text(rubbish_x, 38, order),
    ]
    parts += [text(rubbish_x, top + 4 * row + 16 * (i + 1), piece) for i, piece in enumerate(led_takers())]
    for number, (value, cards) in enumerate(tiers, start=1):
        y = top + (number - 1) * row
        parts.append(text(10, y + 20, f"tier {number}", bold=True) + text(10, y + 35, f"strength {value}"))
        parts.append(card_row(cards, 110, y))
    for i in range(0, len(rubbish), per_row):
        parts.append(card_row(rubbish[i : i + per_row], rubbish_x, top + (i // per_row) * row))
    height = top + max(len(tiers), -(-len(rubbish) // per_row)) * row + 8
    return Figure(
        "Alkort: the ladder of the ranked cards, and the rubbish",
        tuple(lines),
        "".join(parts),
        rubbish_x + per_row * (CARD_WIDTH + CARD_GAP) + 10,
        height,
    )


# ---------------------------------------------------------------------------
# Chapter 3: what beats what when rubbish or a Seven is led


def lead_cases() -> list[tuple[str, Card, bool]]:
    """The leads the grid asks about: (label, the card led, whether its player has won a trick)."""
    return [
        ("a rubbish card led (4♠)", hand("4♠")[0], False),
        ("a Queen led (Q♣)", hand("Q♣")[0], False),
        ("a King led (K♠)", hand("K♠")[0], False),
        ("only Sevens, no win (7♣)", hand("7♣")[0], False),  # the one legal lead of a Seven before a win
        ("a Seven led after a win (7♣)", hand("7♣")[0], True),
    ]


def reply_cases(options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> list[tuple[str, Card]]:
    """The replies: other rubbish, a Two and a Three (rubbish ones), the weakest and the strongest ranked card."""
    tiers = ranked_tiers(options)
    weakest, strongest = tiers[-1][1][0], tiers[0][1][0]
    return [
        ("rubbish (9♣)", hand("9♣")[0]),
        ("a Two (2♦)", hand("2♦")[0]),
        ("a Three (3♠)", hand("3♠")[0]),
        (f"weakest ranked ({weakest})", weakest),
        (f"strongest ({strongest})", strongest),
    ]


def what_beats_the_lead(options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> Figure:
    """Chapter 3: for each kind of lead and each reply, who takes the two-card trick, and by which rule."""
    leads, replies = lead_cases(), reply_cases(options)
    left, top, width, height = 200, 52, 118, 40
    parts = [text(10, 20, "Card led ↓   reply played to it →", bold=True, size=13)]
    parts += [box(left + j * width, 28, width - 4, 22, GREY, [label]) for j, (label, _) in enumerate(replies)]
    lines = []
    for i, (label, led, has_won) in enumerate(leads):
        y = top + i * (height + 4)
        parts.append(text(10, y + height / 2 + 4, label, bold=True))
        for j, (_, reply) in enumerate(replies):
            winner, rule = alkort.judge_trick([led, reply], has_won, options=options)
            verdict = "the lead wins" if winner == 0 else "the reply wins"
            sentence = alkort.explain_trick([led, reply], has_won, options=options)
            parts.append(
                box(
                    left + j * width,
                    y,
                    width - 4,
                    height,
                    SIDE_COLOURS[winner],
                    [verdict, f"({rule})"],
                    tooltip=sentence,
                )
            )
            lines.append(f"{label}, {led} {reply}: {verdict} ({rule}) — {sentence}")
    return Figure(
        "Alkort: what beats what when rubbish or a Seven is led",
        tuple(lines),
        "".join(parts),
        left + len(replies) * width + 6,
        top + len(leads) * (height + 4) + 6,
    )


# ---------------------------------------------------------------------------
# Chapter 4: a deal as a strip of tricks


def running_score(trick_sides: Sequence[int], players: int = 4) -> list[str]:
    """After each trick, what the deal would score if it stopped there, in the engine's words ('' if nothing)."""
    words = []
    for count in range(1, len(trick_sides) + 1):
        result = alkort.score_deal(trick_sides[:count])
        words.append("" if result is None else f"{result.kind} {result.points}")
    return words


def first_decided(trick_sides: Sequence[int]) -> int | None:
    """The trick (counted from 1) after which the engine says the deal is decided, None if never."""
    return next(
        (count for count in range(1, len(trick_sides) + 1) if alkort.deal_is_decided(trick_sides[:count])), None
    )


def strip_lines(name: str, trick_sides: Sequence[int], players: int = 4) -> list[str]:
    """One strip in words: the tricks, where the result changes, where the deal stops, and its score."""
    names = [alkort.side_name(side, players)[-1] for side in trick_sides]
    changes, before = [], ""
    for number, words in enumerate(running_score(trick_sides, players), start=1):
        if words and words != before:
            changes.append(f"after trick {number}: {words}")
        before = words
    stop = first_decided(trick_sides)
    stops = f"decided after trick {stop}" if stop else "not decided yet"
    score = alkort.explain_score(alkort.score_deal(trick_sides), players)
    return [f"{name}: {' '.join(names)}; {'; '.join(changes) or 'nobody has 5 tricks'}; {stops}; {score}"]


def deal_strips(deals: Mapping[str, Sequence[int]], players: int = 4) -> Figure:
    """Chapter 4: each deal as a strip of tricks won by A or B, marked where it becomes a múk, a stroke or a point."""
    left, cell, row = 190, 52, 96
    parts, lines = [], []
    for i, (name, sides) in enumerate(deals.items()):
        y = 30 + i * row
        parts.append(text(10, y + 20, name, bold=True))
        parts.append(text(left, y + 80, alkort.explain_score(alkort.score_deal(sides), players), size=11))
        stop = first_decided(sides)
        for number, (side, words) in enumerate(zip(sides, running_score(sides, players)), start=1):
            x = left + (number - 1) * cell
            team = alkort.side_name(side, players)
            parts.append(box(x, y, cell - 4, 30, SIDE_COLOURS[side], [team[-1]], tooltip=f"trick {number}: {team}"))
            parts.append(text(x + cell / 2 - 2, y + 46, words, anchor="middle", size=11))
            if number == stop:
                parts.append(text(x + cell / 2 - 2, y + 60, "decided", anchor="middle", size=11, bold=True))
        lines += strip_lines(name, sides, players)
    parts.append(text(left, 18, "trick 1, 2, 3 … : who won it; beneath, what the deal scores so far", size=11))
    return Figure(
        "Alkort: deals as strips of tricks — where a múk, a stroke or a point is made",
        tuple(lines),
        "".join(parts),
        left + alkort.TRICKS_PER_DEAL * cell + 10,
        30 + len(deals) * row,
    )


# ---------------------------------------------------------------------------
# Chapter 5: the second player's duty, as a flow

DUTY_QUESTIONS = {
    ecarte.HEAD: "a higher card of the suit led?",
    ecarte.FOLLOW: "any card of the suit led?",
    ecarte.TRUMP: "a trump?",
}
DUTY_WORDS = {
    ecarte.HEAD: "head the trick",
    ecarte.FOLLOW: "follow suit",
    ecarte.TRUMP: "trump",
    ecarte.ANY: "play any card",
}
#: Hands that hold, one after another, one kind of card less: each asks the engine which duty binds it,
#: to 9♠ led with hearts trumps.
DUTY_PROBES = ("K♠ 8♠ 7♥ A♣", "8♠ 7♥ A♣", "7♥ A♣ Q♦", "A♣ Q♦")
PROBE_LED, PROBE_TRUMP = "9♠", "♥"


def duty_steps(options: ecarte.EcarteOptions = ecarte.DEFAULT_OPTIONS) -> list[tuple[str, str, str]]:
    """The duties in the order the engine tries them: (duty, the probe hand, the engine's sentence for it)."""
    steps: list[tuple[str, str, str]] = []
    for cards in DUTY_PROBES:
        held, led = hand(cards), hand(PROBE_LED)
        duty, _ = ecarte.play_duty(held, led, PROBE_TRUMP, options)
        if duty not in [step[0] for step in steps]:
            steps.append((duty, cards, ecarte.explain_duty(held, led, PROBE_TRUMP, options)))
    return steps


def duty_flow(options: ecarte.EcarteOptions = ecarte.DEFAULT_OPTIONS) -> Figure:
    """Chapter 5: what the second player must play, as a flow of questions, each answered by the engine."""
    steps, parts, lines = duty_steps(options), [], []
    width, row, question_x, duty_x = 560, 70, 10, 380
    for i, (duty, cards, sentence) in enumerate(steps):
        y = 40 + i * row
        example = f"e.g. holding {cards}, {PROBE_LED} led, trumps {PROBE_TRUMP}"
        if duty in DUTY_QUESTIONS:
            parts.append(box(question_x, y, 300, 44, GREY, [f"Do you hold {DUTY_QUESTIONS[duty]}", example]))
            parts.append(arrow(310, y + 22, duty_x, y + 22) + text(340, y + 16, "yes", anchor="middle"))
            if i + 1 < len(steps):
                parts.append(arrow(160, y + 44, 160, y + row) + text(168, y + 60, "no"))
            lines.append(
                f"{i + 1}. Do you hold {DUTY_QUESTIONS[duty]} Yes: {DUTY_WORDS[duty]}. ({example}: {sentence})"
            )
        else:
            lines.append(f"{i + 1}. Otherwise: {DUTY_WORDS[duty]}. ({example}: {sentence})")
        target_x = duty_x if duty in DUTY_QUESTIONS else question_x + 60
        parts.append(box(target_x, y + 4, 170, 36, SIDE_COLOURS[0], [DUTY_WORDS[duty]], tooltip=sentence))
    heading = text(
        10, 22, f"Écarté: the second player, to a card led (must_trump = {options.must_trump})", bold=True, size=13
    )
    return Figure(
        "Écarté: what the second player must play", tuple(lines), heading + "".join(parts), width, 40 + len(steps) * row
    )


# ---------------------------------------------------------------------------
# Chapter 7: who scores what

#: How the deal went before the tricks: (label, the non-dealer proposed, the refusal risks the penalty).
HOW_PLAYED = (
    ("stood (played without proposing)", False, False),
    ("proposed, and the dealer accepted", True, False),
    ("proposed, and the dealer refused", True, True),
)
#: The tricks, dealer first (seat 0 deals): who won the point, or the vole.
TRICKS = (
    ("dealer wins 3 or 4", (3, 2)),
    ("dealer wins all 5", (5, 0)),
    ("non-dealer wins 3 or 4", (2, 3)),
    ("non-dealer wins all 5", (0, 5)),
)

#: The engine's kinds of result, short enough for a cell of the grid.
KIND_WORDS = {"played without proposing": "against a stand", "refused": "after a refusal"}


def grid_cell(how: str, label: str, result: ecarte.DealScore, x: float, y: float) -> tuple[str, str]:
    """One box of the scoring grid, and its line in words: who scores how many, and (on hover) the engine's sentence."""
    dealer = 0
    who = "dealer" if result.seat == dealer else "non-dealer"
    kind = KIND_WORDS.get(result.kind, result.kind)
    drawn = box(
        x,
        y,
        146,
        44,
        SIDE_COLOURS[result.seat == dealer],
        [f"{who} {result.points}", f"({kind})"],
        tooltip=ecarte.explain_score(result, dealer),
    )
    return drawn, f"{how}, the {label}: the {who} scores {result.points} ({result.kind})"


def scoring_grid(options: ecarte.EcarteOptions = ecarte.DEFAULT_OPTIONS) -> Figure:
    """Chapter 7: how the deal went × who won the tricks → who scores what, each cell scored by the engine (seat 0
    deals)."""
    left, top, width, row = 250, 56, 150, 48
    heading = (
        f"Écarté: who scores what (stand_bonus = {options.stand_bonus}, refusal_penalty = {options.refusal_penalty})"
    )
    parts = [text(10, 20, heading, bold=True, size=13)]
    parts += [box(left + j * width, 28, width - 4, 24, GREY, [label]) for j, (label, _) in enumerate(TRICKS)]
    lines = []
    for i, (how, proposed, refused) in enumerate(HOW_PLAYED):
        y = top + i * row
        parts.append(text(10, y + 26, how, bold=True))
        for j, (label, won) in enumerate(TRICKS):
            result = ecarte.score_deal(won, 0, proposed, refused, options)
            drawn, line = grid_cell(how, label, result, left + j * width, y)
            parts.append(drawn)
            lines.append(line)
    return Figure(
        "Écarté: who scores what, by how the deal went and who won the tricks",
        tuple(lines),
        "".join(parts),
        left + len(TRICKS) * width + 6,
        top + len(HOW_PLAYED) * row + 6,
    )
