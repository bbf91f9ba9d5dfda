"""The checker: run a learner's function against the engine and say, kindly and precisely, how it did.

An ``Exercise`` knows the function the learner is asked to write, the engine
function that is the *oracle*, a few fixed cases and a generator of random ones.
``exercise.check(my_function)`` calls both on every case and returns a
``CheckResult`` with one of three statuses:

- ``"correct"``: the learner's function agreed with the engine on every case;
- ``"not yet"``: the first case where it did not, as a call the learner can paste
  and run (``ranked_winner(hand("A♠ 9♦ K♦ 2♥"))``), with the right answer, the
  learner's answer, the engine's explanation of why, and what their code printed;
- ``"not attempted"``: the function is still the stub of the starter cell (a function
  that still raises NotImplementedError on some cases only is "not yet", with one of them).

The function is used as a program uses it: every call gets new lists and new strings
(``fresh``), some cases are asked again, and at the end every answer is compared with a
copy taken as it was returned — an answer that changed afterwards, a second call that
differs, or the very same list returned by two calls is "not yet", in one plain line.

The learner never sees a raw traceback: whatever their code does — raise, print,
loop, exit — comes back as one line (``running``). The oracle is the engine as
shipped, whatever the learner's code has changed in it (``shipped``); and the
library's own function is not accepted as the learner's, nor a function whose every
answer, watched during the check, is that function's for the learner's arguments.
The learner's function is given lists of its own, and a function that
changes them is told so ("your function emptied the deck it was given — the caller
still needs it"). A check of the printed solution, run as it is after the learner asked
to see it (``solution()``), is correct and marked so in the progress; an answer typed
before the reveal is the learner's own, whatever it looks like.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import dis
import functools
import gc
import html
import importlib
import inspect
import itertools
import json
import linecache
import math
import random
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

from .. import cards
from ..cards import RANKS, SUITS, Card, CardError, Table, show, why_not_a_card
from . import running
from .progress_place import progress_file, puzzles_solved
from .running import Outcome, budget_spent, call_safely, message_of, time_budget
from .shipped import SHIPPED, Call, Watch, answering_decoys, asked_functions, decoy_of, library_function, qualified

CORRECT, NOT_YET, NOT_ATTEMPTED = "correct", "not yet", "not attempted"

# ---------------------------------------------------------------------------
# Cards the learner makes: one of the 52, or something that only looks like a card.

REAL_CARDS = frozenset((c.rank, c.suit) for c in cards.FULL_PACK)


INVISIBLE = Table(
    "checker.INVISIBLE",
    {
        "\ufe0e": "an invisible variation selector",
        "\ufe0f": "an invisible variation selector",
        "\u200b": "an invisible zero-width space",
        "\u200c": "an invisible zero-width non-joiner",
        "\u200d": "an invisible zero-width joiner",
        "\u2060": "an invisible word joiner",
        "\ufeff": "an invisible byte-order mark",
        "\u00a0": "a non-breaking space",
    },
)


def invisible(ch: str) -> bool:
    """Whether a character shows as nothing (or as an ordinary space): a mark, a format character, an odd space."""
    return ch in INVISIBLE or unicodedata.category(ch) in ("Mn", "Me", "Cf") or (ch != " " and ch.isspace())


def invisible_note(text: str) -> str:
    """'U+FE0F, an invisible variation selector, follows the suit ♦' for the first invisible character of a text
    (a card copied from a web page or typed on a phone often carries one), else ''."""
    for i, ch in enumerate(text):
        if ch in "\n\t" or not invisible(ch):
            continue
        what = INVISIBLE.get(ch) or f"an invisible {unicodedata.name(ch, 'character').lower()}"
        before = text[i - 1] if i else ""
        if before in SUITS:
            where = f"follows the suit {before}"
        elif before.isalnum():
            where = f"follows {before!r}"
        else:
            where = "is in the text"
        return f"U+{ord(ch):04X}, {what}, {where}"
    return ""


assert invisible_note("Card('K', '♦\ufe0f')") == "U+FE0F, an invisible variation selector, follows the suit ♦"
assert invisible_note("K♦ 2♥") == "" and invisible_note("múk") == ""


def card_problem(value: Card) -> str:
    """'' for one of the 52 cards, else the sentence that says why this Card is none and how to write it.

    ``Card(10, "♥")`` raises, but a card can still be made round the check (``tuple.__new__``).
    """
    rank, suit = value.rank, value.suit
    if type(value) is not Card:
        return f"{card_text(value)} is a {type(value).__name__}, made from Card: return a plain Card"
    if isinstance(rank, str) and isinstance(suit, str) and (str(rank), str(suit)) in REAL_CARDS:
        return ""
    return why_not_a_card(rank, suit).removesuffix(".")


def is_card(value: Any) -> bool:
    """Whether a value is one of the 52 cards."""
    return isinstance(value, Card) and not card_problem(value)


def card_text(value: Card) -> str:
    """A Card as it was made: Card(10, '♥') (its str() fails when it is no card)."""
    rank, suit = value.rank, value.suit
    if isinstance(rank, str) and isinstance(suit, str) and (str(rank), str(suit)) in REAL_CARDS:
        return rank + suit
    return f"Card({rank!r}, {suit!r})"


# ---------------------------------------------------------------------------
# Describing values the way a learner reads them.


def describe(value: Any) -> str:
    """A value named for what it is: 'the string 'K♦'', 'the card K♦', 'None'."""
    if value is None:
        return "None (did you forget to `return` the answer?)"
    if isinstance(value, bool):
        return f"the bool {value}"
    if isinstance(value, Card):
        return f"the card {card_text(value)}" if is_card(value) else f"{card_text(value)}, which is no card"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int):
        return f"the int {value}"
    return f"the {type(value).__name__} {short(value)}"


def short(value: Any, limit: int = 120) -> str:
    """repr, cut to a readable length — and a word instead when the value's own __repr__ fails."""
    try:
        text = card_text(value) if isinstance(value, Card) else repr(value)
    except Exception as error:  # a learner's class may have a broken __repr__
        return f"<a {type(value).__name__} whose __repr__ raised {message_of(error)}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain(value: Any) -> Any:
    """An answer as Python's own values, inside any container: numpy's numbers and arrays as Python's
    (``numpy.int64(2)`` is 2, an array a list); a named tuple or tuple subclass as a tuple, a dataclass as the
    tuple of its fields; text in Unicode's composed form (NFC), so that 'mu' + U+0301 + 'k', as some keyboards
    type it, is 'múk'; a list, dict or set, an int or a float of a class of the learner's as the plain one it is made
    from (whatever its class's ``__eq__`` says). Cards stay
    cards (a Card of another class is refused as such, by ``card_problem``)."""
    kind = type(value)
    if kind is str:
        return unicodedata.normalize("NFC", value)
    if kind.__module__ == "numpy" and callable(getattr(value, "tolist", None)):
        return plain(value.tolist())
    if isinstance(value, list):  # a list subclass too: read as a list, whatever its class's __iter__ or __eq__
        return [plain(item) for item in list.__iter__(value)]
    if isinstance(value, tuple) and not isinstance(value, Card):  # read as a tuple, whatever its class's __iter__
        return tuple(plain(item) for item in tuple.__iter__(value))
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in dict.items(value)}
    if isinstance(value, set):
        return {plain(item) for item in set.__iter__(value)}
    if isinstance(value, frozenset):
        return frozenset(plain(item) for item in frozenset.__iter__(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, str):  # a str subclass: its text (read without the subclass's own __str__)
        return unicodedata.normalize("NFC", str.__str__(value))
    if isinstance(value, int) and kind is not int and kind is not bool:  # an int subclass: its number (its own
        return int.__int__(value)  # __eq__, which Python asks first, may say it equals anything)
    if isinstance(value, float) and kind is not float:
        return float.__float__(value)
    return value


assert plain([(1, "a")]) == [(1, "a")] and plain(True) is True and plain(("mu\u0301k",)) == ("múk",)


@functools.cache
def helpers_of(setup: str) -> frozenset[str]:
    """Which of cardlib's card makers ('card', 'hand', 'Card') a notebook's setup cell imports."""
    namespace: dict[str, Any] = {}
    exec(compile(setup, "<setup>", "exec"), namespace)
    return frozenset(name for name in ("card", "hand", "Card") if namespace.get(name) is getattr(cards, name))


@functools.cache
def names_of(setup: str) -> frozenset[str]:
    """The names a notebook's set-up cell defines ('Card', 'strength', ...)."""
    namespace: dict[str, Any] = {}
    exec(compile(setup, "<setup>", "exec"), namespace)
    return frozenset(namespace) - {"__builtins__"}


def source(value: Any, helpers: frozenset[str]) -> str:
    """A value as code that makes it, with the helpers at hand: hand("A♠ 9♦"), card("K♦"), [0, 1], 'KD'."""
    if is_card(value):
        return f'card("{value}")' if "card" in helpers else f'Card("{value.rank}", "{value.suit}")'
    if type(value) is list and value and "hand" in helpers and all(is_card(c) for c in value):
        return f'hand("{show(value)}")'
    if type(value) is list:
        return "[" + ", ".join(source(item, helpers) for item in value) + "]"
    if type(value) is tuple:
        return "(" + ", ".join(source(item, helpers) for item in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


def show_call(name: str, params: Sequence[str], args: Sequence[Any], helpers: frozenset[str] = frozenset()) -> str:
    """A call the learner can paste and run: cards as hand("…") or card("…"), every argument in its place (a keyword
    would fail in a function whose parameters the learner named otherwise)."""
    return f"{name}({', '.join(source(arg, helpers) for arg in args[: len(params)])})"


assert show_call("f", ("cards", "flag"), ([Card("K", "♦")], True), frozenset({"hand"})) == 'f(hand("K♦"), True)'
assert show_call("f", ("c",), (Card("K", "♦"),)) == 'f(Card("K", "♦"))'

# ---------------------------------------------------------------------------
# What an answer must look like. Each returns '' when the value has the right type,
# else a sentence naming what was expected and what came back.


def expect_card(value: Any) -> str:
    """A single Card, one of the 52."""
    if isinstance(value, Card):
        problem = card_problem(value)
        return f"expected a Card, but {problem}" if problem else ""
    advice = ""
    if isinstance(value, str) and len(value) >= 2 and value[-1] in SUITS:
        advice = f" — a Card is not its text: Card({value[:-1]!r}, {value[-1]!r}) makes one"
    elif isinstance(value, str):
        advice = " — a Card is not text: make one with Card(rank, suit), the suit a symbol like '♦'"
    elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        advice = f" — wrap it: Card{value!r}"
    return f"expected a Card, got {describe(value)}{advice}"


def expect_cards(value: Any) -> str:
    """A list (or tuple) of Cards."""
    if not isinstance(value, (list, tuple)):
        return f"expected a list of Cards, got {describe(value)}"
    for item in value:
        if isinstance(item, Card) and card_problem(item):
            return f"expected a list of Cards, but {card_problem(item)}"
        if not isinstance(item, Card):
            return f"expected a list of Cards, but it holds {describe(item)}"
    return ""


def expect_bool(value: Any) -> str:
    """True or False."""
    return "" if isinstance(value, bool) else f"expected True or False, got {describe(value)}"


def whole(value: Any) -> bool:
    """An int, not a bool (which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def not_whole(value: Any, expected: str) -> str:
    """'expected an int, got the float 2.0: it equals 2, but …' — the sentence for a value that is not an int."""
    if isinstance(value, float) and value.is_integer():
        return (
            f"expected {expected}, got the float {value}: it equals {int(value)}, but only an int will do (// or int())"
        )
    return f"expected {expected}, got {describe(value)}"


def expect_int(value: Any) -> str:
    """A whole number (not a bool)."""
    return "" if whole(value) else not_whole(value, "an int")


def expect_str(value: Any) -> str:
    """A string."""
    return "" if isinstance(value, str) else f"expected a string, got {describe(value)}"


def expect_index(size: int, what: str = "index", meaning: str = "a position in the trick") -> Callable[[Any], str]:
    """An int 0 .. size-1: an index (a position in the trick), or a seat."""

    def check(value: Any) -> str:
        if whole(value) and 0 <= value < size:
            return ""
        return not_whole(value, f"an int {what} 0-{size - 1} ({meaning})")

    return check


def expect_seat(players: int) -> Callable[[Any], str]:
    """A seat: an int 0 .. players-1."""
    return expect_index(players, "seat", "a player's seat, clockwise")


def expect_ints(count: int) -> Callable[[Any], str]:
    """A list or tuple of this many ints."""

    def check(value: Any) -> str:
        if isinstance(value, (list, tuple)) and len(value) == count:
            odd = [item for item in value if not whole(item)]
            return not_whole(odd[0], f"a list of {count} ints, each an int") if odd else ""
        return f"expected a list of {count} ints, got {describe(value)}"

    return check


def expect_optional(inner: Callable[[Any], str]) -> Callable[[Any], str]:
    """None, or what ``inner`` accepts."""

    def check(value: Any) -> str:
        if value is None:
            return ""
        problem = inner(value)
        return problem and problem + " (or None)"

    return check


def expect_tuple(*parts: Callable[[Any], str], what: str = "") -> Callable[[Any], str]:
    """A tuple (or list) whose items each pass their own check."""

    def check(value: Any) -> str:
        if not isinstance(value, (tuple, list)) or len(value) != len(parts):
            return f"expected {what or f'a tuple of {len(parts)} values'}, got {describe(value)}"
        for i, (part, item) in enumerate(zip(parts, value)):
            problem = part(item)
            if problem:
                return f"item {i} of your answer: {problem}"
        return ""

    return check


def stub_like(fn: Callable) -> bool:
    """Whether a function does nothing: its body is only a docstring, `...` or `pass`."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    quiet = {"RESUME", "NOP", "COPY_FREE_VARS", "MAKE_CELL", "RETURN_VALUE", "RETURN_CONST", "LOAD_CONST"}
    for instruction in dis.get_instructions(code):
        if instruction.opname not in quiet:
            return False
        if instruction.opname in ("LOAD_CONST", "RETURN_CONST") and instruction.argval is not None:
            return False
    return True


# ---------------------------------------------------------------------------
# The result of a check, shown as HTML in Jupyter and as text elsewhere.


@dataclass
class CheckResult:
    """What a check found: a status and the lines that explain it."""

    exercise: str  # "Exercise 3.2: who wins an all-rubbish trick"
    status: str  # "correct", "not yet" or "not attempted"
    headline: str  # one sentence
    call: str = ""  # the counterexample, as a call
    expected: str = ""  # the right answer
    got: str = ""  # the learner's answer (or what went wrong)
    why: str = ""  # the engine's explanation
    printed: str = ""  # what the learner's code printed on this case, a few lines
    advice: str = ""  # what to try next
    cases: int = 0  # how many cases were tried

    def __bool__(self) -> bool:
        return self.status == CORRECT

    def rows(self) -> list[tuple[str, str]]:
        """The labelled lines of the report, empty ones left out."""
        return [
            (label, text)
            for label, text in (
                ("call", self.call),
                ("right answer", self.expected),
                ("your answer", self.got),
                ("why", self.why),
                ("you printed", self.printed),
                ("next", self.advice),
            )
            if text
        ]

    def __repr__(self) -> str:
        lines = [f"{self.exercise} — {self.status.upper()}: {self.headline}"]
        lines += [f"  {label + ':':<14}" + text.replace("\n", "\n" + " " * 16) for label, text in self.rows()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        colour = {CORRECT: "#2e7d32", NOT_YET: "#c77700", NOT_ATTEMPTED: "#757575"}[self.status]
        mark = {CORRECT: "✔", NOT_YET: "✘", NOT_ATTEMPTED: "…"}[self.status]
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em;vertical-align:top'>{html.escape(label)}</th>"
            f"<td style='text-align:left'>{self._cell(label, text)}</td></tr>"
            for label, text in self.rows()
        )
        table = f"<table style='margin-top:.4em'>{rows}</table>" if rows else ""
        return (
            f"<div class='cardlib-check' data-status='{self.status}' role='status' "
            f"style='border-left:6px solid {colour};padding:.4em .8em;margin:.3em 0'>"
            f"<div><span style='color:{colour};font-weight:bold'>{mark} {html.escape(self.status.capitalize())}"
            f"</span> — {html.escape(self.exercise)}</div>"
            f"<div>{html.escape(self.headline)}</div>{table}</div>"
        )

    @staticmethod
    def _cell(label: str, text: str) -> str:
        if label == "you printed":
            return f"<pre style='margin:0;font-family:monospace'>{html.escape(text)}</pre>"
        if label in ("call", "right answer", "your answer"):
            return f"<code>{html.escape(text)}</code>"
        return html.escape(text)


@dataclass
class Text:
    """A hint or a solution: plain text with a title, shown as HTML in Jupyter."""

    title: str
    body: str
    code: bool = False

    def __repr__(self) -> str:
        return f"{self.title}\n{self.body}"

    def _repr_html_(self) -> str:
        body = (
            f"<pre style='margin:.3em 0;font-family:monospace'>{html.escape(self.body)}</pre>"
            if self.code
            else f"<div>{html.escape(self.body)}</div>"
        )
        return (
            f"<div class='cardlib-text' style='border-left:6px solid #1565c0;padding:.4em .8em;margin:.3em 0'>"
            f"<div style='font-weight:bold'>{html.escape(self.title)}</div>{body}</div>"
        )


# ---------------------------------------------------------------------------
# Progress: the last status of every exercise checked in this session, and the ones solved in any.

PROGRESS: dict[str, str] = {}  # exercise key ("3.2") -> last status
REVEALED: set[str] = set()  # exercises whose solution was shown in this session (also kept in the progress file)
CATALOGUE: dict[str, Exercise] = {}  # exercise key -> exercise, filled as chapters are imported
SOLVED_EARLIER = "solved earlier"
WITH_THE_SOLUTION = "correct with the printed solution"
NOT_YET_SOLVED_BEFORE = "not yet (solved before)"


# Exercises that moved to the chapter that teaches what they need: a progress file saved before the move
# names them by their old numbers.
MOVED = Table("checker.MOVED", {"2.3": "4.6", "2.4": "4.7"})


def saved_progress() -> dict[str, set[str]]:
    """What the progress file remembers: the exercises solved, and those whose solution was shown (nothing if it
    cannot be read)."""
    path = progress_file()
    try:
        saved = json.loads(path.read_text(encoding="utf-8")) if path else {}
        return {kind: {MOVED.get(key, key) for key in saved.get(kind, [])} for kind in ("solved", "revealed")}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {"solved": set(), "revealed": set()}


def solved_earlier() -> set[str]:
    """The exercises solved in any session, as remembered in the progress file (nothing if it cannot be read)."""
    return saved_progress()["solved"]


def revealed() -> set[str]:
    """The exercises whose solution the learner has asked to see, in this session or an earlier one."""
    return REVEALED | saved_progress()["revealed"]


def remember(kind: str, key: str) -> None:
    """Add an exercise to the progress file's list ('solved' or 'revealed'); a file that cannot be written is
    quietly left alone."""
    path = progress_file()
    if path is None:
        return
    saved = saved_progress()
    saved[kind].add(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = {name: sorted(keys) for name, keys in saved.items() if keys or name == "solved"}
        path.write_text(json.dumps(kept, indent=1), encoding="utf-8")
    except OSError:
        pass


def remember_solved(key: str) -> None:
    """Add an exercise to the progress file's solved ones."""
    remember("solved", key)


def standing(key: str, earlier: set[str], shown: frozenset[str] | set[str] = frozenset()) -> str:
    """How an exercise stands: its last check in this session — unless that only found the stub of one solved before."""
    status = PROGRESS.get(key)
    if status in (None, NOT_ATTEMPTED) and key in earlier:
        return SOLVED_EARLIER
    if status == NOT_YET and key in earlier:
        return NOT_YET_SOLVED_BEFORE
    if status not in (CORRECT, WITH_THE_SOLUTION) and key not in earlier and key in shown:
        return f"{status or 'not checked yet'} (solution shown)"
    return status or "not checked yet"


@dataclass
class ProgressReport:
    """Which exercises were solved, chapter by chapter: in this session, or remembered from earlier ones."""

    rows: list[tuple[str, str, str]]  # (key, title, status)
    puzzles: list[tuple[str, str, int, int]] = field(default_factory=list)  # (game, principle, right, of how many)

    @property
    def puzzles_line(self) -> str:
        """The puzzles answered right at the first try at the boards, in any session, by game and principle ('' when
        none is yet)."""
        solved = [(game, theme, done, total) for game, theme, done, total in self.puzzles if done]
        if not solved:
            return ""
        themes = "; ".join(f"{game}, {theme}: {done} of {total}" for game, theme, done, total in solved)
        of_all = sum(total for *_, total in self.puzzles)
        return f"Puzzles right at the first try: {sum(done for _, _, done, _ in solved)} of {of_all} ({themes})."

    @property
    def solved(self) -> int:
        return sum(status in (CORRECT, SOLVED_EARLIER) for _, _, status in self.rows)

    @property
    def headline(self) -> str:
        if not self.rows:
            return "Nothing checked yet in this session: run a check cell first."
        earlier = sum(status == SOLVED_EARLIER for _, _, status in self.rows)
        printed = sum(status == WITH_THE_SOLUTION for _, _, status in self.rows)
        also = f" ({printed} more run with the printed solution)" if printed else ""
        if not earlier:
            return f"Solved {self.solved} of {len(self.rows)} exercises in this session{also}."
        return (
            f"Solved {self.solved} of {len(self.rows)} exercises: {self.solved - earlier} in this session, "
            f"{earlier} earlier{also}."
        )

    def __repr__(self) -> str:
        marks = {CORRECT: "✔", SOLVED_EARLIER: "✔", NOT_YET: "✘", NOT_YET_SOLVED_BEFORE: "✘", WITH_THE_SOLUTION: "◐"}
        lines = [f"  {marks.get(s, '·')} {key:<5} {title} — {s}" for key, title, s in self.rows]
        return "\n".join([self.headline, *lines, *([self.puzzles_line] if self.puzzles_line else [])])

    def _repr_html_(self) -> str:
        marks = {CORRECT: "✔", SOLVED_EARLIER: "✔", NOT_YET: "✘", NOT_YET_SOLVED_BEFORE: "✘", WITH_THE_SOLUTION: "◐"}
        rows = "".join(
            f"<tr><td>{marks.get(s, '·')}</td><td>{key}</td><td style='text-align:left'>"
            f"{html.escape(title)}</td><td>{html.escape(s)}</td></tr>"
            for key, title, s in self.rows
        )
        table = f"<table>{rows}</table>" if rows else ""
        puzzles = f"<p>{html.escape(self.puzzles_line)}</p>" if self.puzzles_line else ""
        return f"<div class='cardlib-progress'><b>{html.escape(self.headline)}</b>{table}{puzzles}</div>"


def progress(chapter: int | None = None) -> ProgressReport:
    """How the exercises of one chapter stand — by default, of every chapter with something checked or solved."""
    for number in range(1, 9):  # every chapter's titles, for exercises solved in earlier sessions
        importlib.import_module(f"{__package__}.chapter{number}")
    earlier = solved_earlier()
    active = {CATALOGUE[key].chapter for key in [*PROGRESS, *earlier] if key in CATALOGUE}
    chosen = [e for e in CATALOGUE.values() if (e.chapter == chapter if chapter is not None else e.chapter in active)]
    chosen.sort(key=lambda e: (e.chapter, e.number))
    shown = revealed()
    return ProgressReport([(e.key, e.title, standing(e.key, earlier, shown)) for e in chosen], puzzles_solved())


# ---------------------------------------------------------------------------
# Running the learner's code during a check.


def run_learners(fn: Callable, args: Sequence[Any], decoys: tuple[Any, ...] = ()) -> Outcome:
    """The learner's function called safely, in the engine as the learner's code has left it (and with these
    library functions answering the learner's code decoys: ``answering_decoys``)."""
    with SHIPPED.learners_engine(), answering_decoys(decoys):
        return call_safely(fn, args)


def stopped_headline(outcome: Outcome, done: int, total: int | None, unit: str = "cases", given: str = "") -> str:
    """Why a call was stopped: its own time limit, or the whole check's budget — with the time it really took
    (and the size of what it was given: ``given``)."""
    if not outcome.over_budget:
        return outcome.stop_message(given)
    return out_of_time(done, total, unit)


def case_size(params: Sequence[str], case: Case) -> str:
    """The size of a case, for a slow function: 'on the case below (4 cards in cards)'."""
    sizes = [
        f"{len(value)} {'cards' if value and all(is_card(c) for c in value) else 'items'} in {param}"
        for param, value in zip(params, case)
        if isinstance(value, list)
    ]
    return f"on the case below ({', '.join(sizes)})" if sizes else "on the case below"


def stopped_advice(outcome: Outcome, done: int) -> str:
    """What to look for in code that was stopped, after ``done`` calls that finished."""
    if outcome.came_late:
        return "a built-in operation on something huge (a long range, a big sum, a sleep) takes that long"
    if outcome.over_budget and done > 0:
        return "every case must be checked within the budget: look for slow work done again on every call"
    if outcome.looping or outcome.over_budget:
        return "look for a `while` loop whose condition never becomes false"
    return "make each call quicker: look for work done again and again, or far more tries than the case needs"


def out_of_time(done: int, total: int | None, unit: str = "cases") -> str:
    """The check stopped at its time budget: after how many cases (of how many, if known)."""
    of_total = f" of {total}" if total is not None else ""
    return (
        f"the check stopped when its time budget of {running.CHECK_BUDGET:g} s ran out, after {done}{of_total} "
        f"{unit}: your function is too slow (or stuck) — make each call quicker"
    )


CALLED_AGAIN = 24  # cases the learner's function is called on a second time, to see that it answers the same
KEEP_NOTHING = (
    "build the answer inside the function, as a new list, on every call: keep nothing from one call to the next (no "
    "list outside the function, no default argument used as a store, no generator used up)"
)


@dataclass
class Answer:
    """One call of the learner's function: its case, the right answer, what happened, and a copy of the answer as
    it was returned (None when it cannot be copied without running the learner's code)."""

    case: Case
    right: Any
    outcome: Outcome
    snapshot: Any
    number: int  # the case's number in the check
    given_back: str = ""  # the parameter whose list the answer is, or holds ('' if none)


@dataclass
class Tally:
    """What a check has seen so far."""

    printed: bool = False
    unwritten: tuple[Case, Any, Outcome, int] | None = None  # the first case that raised NotImplementedError
    raised: list[Case] = field(default_factory=list)  # every case that did
    answers: list[Answer] = field(default_factory=list)


def given_back(params: Sequence[str], given: Case, value: Any) -> str:
    """The parameter whose list (or a list inside it) the answer is, or holds: '' if none."""
    returned = {id(part) for part in mutable_parts(value)}
    for param, argument in zip(params, given):
        if any(id(part) in returned for part in mutable_parts(argument)):
            return param
    return ""


def snapshot_of(value: Any) -> Any:
    """A copy of an answer made of Python's own values (lists, tuples, cards, numbers, text), or None."""
    if only_pythons_own(value):
        return plain(value)
    copied = call_safely(plain, (value,))  # plain() reads the fields of a learner's class: safely
    good = not (copied.error or copied.stopped) and only_pythons_own(copied.value)
    return copied.value if good else None


MUTABLE = (list, dict, set, bytearray, collections.deque)  # what a caller can change in place (subclasses too)
DICT_VIEWS: tuple[type, ...] = (type({}.keys()), type({}.values()), type({}.items()))


def mutable_parts(value: Any, depth: int = 0) -> Iterator[Any]:
    """The lists, dicts, sets (of any class), arrays and dataclasses an answer is made of or shows (a dict's view:
    its dict), a few levels deep, read without running learner code. The engine's read-only tables are not."""
    if isinstance(value, DICT_VIEWS):
        yield from (d for d in gc.get_referents(value) if isinstance(d, dict) and not isinstance(d, Table))
    elif isinstance(value, MUTABLE) and not isinstance(value, Table) or numpy_array(value):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and not frozen(value):
        yield value
    if depth < 3:
        for item in contents(value):
            yield from mutable_parts(item, depth + 1)


def numpy_array(value: Any) -> bool:
    """Whether a value is a numpy array (told without importing numpy)."""
    return type(value).__module__ == "numpy" and type(value).__name__ == "ndarray"


def frozen(value: Any) -> bool:
    """Whether a dataclass instance is frozen."""
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(getattr(params, "frozen", False))


def contents(value: Any) -> list[Any]:
    """The items a container holds, read by its base class's own methods (no learner code runs); [] for others."""
    if isinstance(value, Card):
        return []
    if isinstance(value, list):
        return list(list.__iter__(value))
    if isinstance(value, tuple):
        return list(tuple.__iter__(value))
    if isinstance(value, dict):
        return list(dict.values(value))
    if isinstance(value, collections.deque):
        return list(collections.deque.__iter__(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [object.__getattribute__(value, f.name) for f in dataclasses.fields(value)]
    return []


DECOYED = 6  # cases the library answers decoys on, to see where a learner's answer comes from
HANDED_OUT = 8  # cases called again after the caller has changed every answer it was given
PASSED_AGAIN = 8  # lists changed by the caller and passed again
OTHER_VALUES = 4  # cases passed again with one argument other than their lists changed, for each such argument


@contextlib.contextmanager
def changed_by_the_caller(parts: list[Any]) -> Iterator[None]:
    """Inside, each list, dict or set an answer is made of is changed as its caller may change it (the first half
    of its items taken out); afterwards, each is put back as it was. Only their base classes' methods run."""
    saved = [(part, saved_items(part)) for part in parts]
    try:
        for part in parts:
            take_half_out(part)
        yield
    finally:
        for part, items in reversed(saved):
            put_back(part, items)


def saved_items(part: Any) -> list[Any]:
    """A part's items (a dict's as pairs), read by its base class."""
    if isinstance(part, dict):
        return list(dict.items(part))
    return list(contents(part)) if not isinstance(part, (set, bytearray)) else list(type_of(part).__iter__(part))


def type_of(part: Any) -> Any:
    """The built-in class a caller's container is made from."""
    return next(base for base in (list, dict, set, bytearray, collections.deque) if isinstance(part, base))


def take_half_out(part: Any) -> None:
    """The first half of a container's items taken out (one at least), as ``del answer[:9]`` does."""
    base: Any = type_of(part) if isinstance(part, MUTABLE) else None
    if base is None:
        return
    count = max(1, base.__len__(part) // 2)
    if base in (list, bytearray):
        base.__delitem__(part, slice(0, count))
    elif base is dict:
        for key in list(dict.keys(part))[:count]:
            dict.__delitem__(part, key)
    else:
        for _ in range(min(count, base.__len__(part))):
            base.pop(part) if base is set else collections.deque.popleft(part)


def put_back(part: Any, items: list[Any]) -> None:
    """A container's items as they were saved."""
    base: Any = type_of(part) if isinstance(part, MUTABLE) else None
    if base in (list, bytearray):
        base.__setitem__(part, slice(None), items)
    elif base is not None:
        base.clear(part)
        base.update(part, items) if base in (dict, set) else collections.deque.extend(part, items)


def what_the_caller_did(value: Any, call: str) -> str:
    """'it took 22 of the 44 cards out of the list that alkort_pack() returned' — what changing an answer means."""
    parts = list(mutable_parts(value))
    if not parts:
        return f"it changed what {call} returned"
    part = parts[0]
    size = len(saved_items(part))
    kind = type_of(part).__name__ if isinstance(part, MUTABLE) else type(part).__name__
    return f"it took {max(1, size // 2)} of the {size} items out of the {kind} that {call} returned"


def kept(case: Case, places: list[int]) -> list[Any]:
    """A case's arguments other than its lists."""
    return [value for i, value in enumerate(case) if i not in places]


def spread(items: list[Any], count: int) -> list[Any]:
    """At most ``count`` of the items, evenly spread, the first and the last among them."""
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def ordinal(number: int) -> str:
    """'first', 'second' … 'tenth', then '11th', '22nd'."""
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    if number <= len(words):
        return words[number - 1]
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


Found = CheckResult | None  # a check's finding: None when all is well so far


# ---------------------------------------------------------------------------
# An exercise.

Case = tuple[Any, ...]


@dataclass
class Exercise:
    """One exercise: the function to write, the engine's answer, cases, hints and a solution."""

    chapter: int
    number: int
    title: str
    name: str  # the function the learner writes
    params: tuple[str, ...]
    signature: str  # "def f(cards: list[Card]) -> int:"
    doc: str  # the stub's one-line docstring
    statement: str  # markdown, for the notebook
    oracle: Callable[..., Any] | None = None  # the engine's answer for a case (None for bots)
    expects: Callable[[Any], str] = expect_card  # '' if the answer has the right type
    fixed: list[Case] = field(default_factory=list)
    random_case: Callable[[random.Random], Case] | None = None
    n_random: int = 300
    same: Callable[[Any, Any], bool] = lambda right, got: right == got
    explain: Callable[..., str] | None = None  # explain(*case) -> the engine's reason
    diff: Callable[..., str] | None = None  # diff(case, right, got) -> what differs, in words
    show: Callable[[Any], str] = repr  # how an answer is written
    hints: list[str] = field(default_factory=list)
    solution_source: str = ""  # source text of a correct solution
    mistakes: dict[str, str] = field(default_factory=dict)  # plausible wrong solutions: name -> source
    runner: Callable[[Exercise, Callable], CheckResult] | None = None  # a custom check (bots), with its own budget
    setup: str = ""  # the imports the notebook's setup cell makes
    changes_input: bool = False  # the exercise asks the function to change its arguments
    library: tuple[Callable[..., Any], ...] | None = None  # the library's functions it asks for (default: the oracle's)

    def __post_init__(self) -> None:
        CATALOGUE[self.key] = self

    @property
    def key(self) -> str:
        return f"{self.chapter}.{self.number}"

    @property
    def heading(self) -> str:
        return f"Exercise {self.key}: {self.title}"

    @property
    def starter(self) -> str:
        """The starter cell: the signature, a docstring, and an empty body."""
        return f'{self.signature}\n    """{self.doc}"""\n    ...  # your code here\n'

    def call_text(self, args: Sequence[Any]) -> str:
        """A case as a call of the learner's function, written with the helpers their notebook imports."""
        return show_call(self.name, self.params, args, helpers_of(self.setup))

    # -- what the learner calls ------------------------------------------------
    def hint(self, step: int = 1) -> Text:
        """Hint number ``step`` (1 first); each one gives a little more away."""
        if not self.hints:
            return Text(f"{self.heading}", "There are no hints for this one.")
        if not isinstance(step, int) or not 1 <= step <= len(self.hints):
            count = len(self.hints)
            return Text(self.heading, f"There are {count} hints: ask for hint(1) to hint({count}).")
        more = f" (more: hint({step + 1}))" if step < len(self.hints) else " (that was the last hint)"
        return Text(f"Hint {step} of {len(self.hints)}{more}", self.hints[step - 1])

    def solution(self) -> Text:
        """A correct solution, as source text to read (or paste into the starter cell); the reveal is remembered:
        the printed solution, checked afterwards as it is, is not counted as the learner's own."""
        if PROGRESS.get(self.key) != CORRECT and self.key not in solved_earlier():
            REVEALED.add(self.key)
            remember("revealed", self.key)
        return Text(f"A solution to {self.heading}", self.solution_source.strip(), code=True)

    def solution_function(self) -> Callable:
        """The solution as a function, defined from its source text as a notebook cell would define it
        (importing the engine's functions as shipped, whatever the learner's code has changed)."""
        with SHIPPED.engine_as_shipped():
            return define(self.solution_source, self.name, self.setup)

    def check(self, fn: Any = None) -> CheckResult:
        """Compare your function with the engine on fixed and random cases; returns the result."""
        try:
            with SHIPPED.engine_as_shipped(), time_budget(math.inf if self.runner is not None else None):
                result = self._check(fn)
        except KeyboardInterrupt:  # the stop button, pressed while the engine was working
            result = self.result(NOT_YET, "the check was interrupted before it finished: run it again")
        if result.status == NOT_ATTEMPTED and (PROGRESS.get(self.key) == CORRECT or self.key in solved_earlier()):
            result.headline += " (You have solved this exercise before: that is remembered.)"
        printed_solution = result.status == CORRECT and self.seen_before_solving() and self.is_printed_solution(fn)
        if printed_solution:
            result.headline += (
                " This is the printed solution you asked to see, run as it is: your progress says so, and counts "
                "the exercise solved when a function of your own passes."
            )
        if result.status != NOT_ATTEMPTED or self.key not in PROGRESS:
            PROGRESS[self.key] = WITH_THE_SOLUTION if printed_solution else result.status
        if result.status == CORRECT and not printed_solution:
            remember_solved(self.key)
        return result

    def asked(self) -> tuple[Any, ...]:
        """The library's functions this exercise asks the learner to write (and their engine twins), as shipped."""
        with SHIPPED.engine_as_shipped():
            return self.library if self.library is not None else asked_functions(self.oracle)

    def seen_before_solving(self) -> bool:
        """Whether the learner asked to see the solution before any function of theirs passed this check."""
        return self.key in revealed() and PROGRESS.get(self.key) != CORRECT and self.key not in solved_earlier()

    def is_printed_solution(self, fn: Any) -> bool:
        """Whether a function is this exercise's printed solution, run as it is (wherever, on whatever lines)."""
        code = getattr(fn, "__code__", None)
        return isinstance(code, CodeType) and same_code(code, self.solution_function().__code__)

    # -- inside ----------------------------------------------------------------
    def result(self, status: str, headline: str, **details: Any) -> CheckResult:
        """A result; a not-yet headline is a sentence, so it starts with a capital."""
        if status == NOT_YET:
            headline = headline[:1].upper() + headline[1:]
            note = invisible_note(headline + " " + details.get("got", ""))
            headline += f" ({note}: delete it.)" if note else ""
        return CheckResult(self.heading, status, headline, **details)

    def _check(self, fn: Any) -> CheckResult:
        if fn is None or not callable(fn):
            return self.result(
                NOT_ATTEMPTED if fn is None else NOT_YET,
                f"pass your function itself, without calling it: check({self.name})"
                + ("" if fn is None else f" — you passed {describe(fn)}"),
            )
        own = library_function(fn)
        if own:
            return self.result(
                NOT_YET,
                f"that is the library's own function ({own}) — write your own "
                f"{self.name} in the starter cell, run it, then check it.",
            )
        problem = self._signature_problem(fn)
        if problem:
            return self.result(NOT_YET, problem)
        if stub_like(fn):
            return self.result(
                NOT_ATTEMPTED,
                f"{self.name} is still the empty stub: write its body, run the cell, then run this check again.",
            )
        if self.runner is not None:
            return self.runner(self, fn)
        return self._compare(fn)

    def _signature_problem(self, fn: Callable) -> str:
        """'' if fn can be called with the exercise's arguments, else why not."""
        try:
            inspect.signature(fn).bind(*self.params)
        except TypeError:
            wanted = ", ".join(self.params) or "no arguments"
            return (
                f"your {getattr(fn, '__name__', 'function')} cannot be called as {self.name}({wanted}): "
                f"give it exactly the parameters of the starter cell"
            )
        except ValueError:  # builtins without a signature: let the call decide
            return ""
        return ""

    def cases(self) -> list[Case]:
        """The fixed cases, then ``n_random`` random ones from a fixed seed."""
        rng = random.Random(f"cardlib exercise {self.key}")
        randoms = [self.random_case(rng) for _ in range(self.n_random)] if self.random_case else []
        return [*self.fixed, *randoms]

    def _compare(self, fn: Callable) -> CheckResult:
        assert self.oracle is not None, f"exercise {self.key} needs an oracle, or a runner of its own"
        all_cases = self.cases()
        tally = Tally()
        for tried, case in enumerate(all_cases, 1):
            if budget_spent():
                return self.result(NOT_YET, out_of_time(tried - 1, len(all_cases)), cases=tried - 1)
            found = self._one_case(fn, tally, case, tried, len(all_cases))
            if found is not None:
                return found
        return self._after_every_case(fn, tally, len(all_cases))

    def _one_case(self, fn: Callable, tally: Tally, case: Case, tried: int, total: int) -> Found:
        """Call the learner's function on one case, fresh arguments each time; None if its answer is right."""
        assert self.oracle is not None
        right = self.oracle(*fresh(case))
        given = fresh(case)  # the learner's own lists, to see whether the function changed them
        outcome = run_learners(fn, given)
        tally.printed = tally.printed or bool(outcome.printed)
        if isinstance(outcome.raised, NotImplementedError):  # a part not written yet: see what else is
            tally.unwritten = tally.unwritten or (case, right, outcome, tried)
            tally.raised.append(case)
            return None
        back = given_back(self.params, given, outcome.value)
        tally.answers.append(Answer(case, right, outcome, snapshot_of(outcome.value), tried, back))
        found = self._changed_input(case, given, right, outcome, tried)  # (a not-yet result is falsy)
        if found is None:
            found = self._verdict(case, right, outcome, tried, total)
            if found is not None and tried > 1 and not (outcome.stopped or outcome.error):
                self._not_the_same_again(fn, found, tally, case, right, tried, total)
        if found is None:  # the caller goes on with its lists (plays a card from its hand): a memo must not see it
            returned = {id(part) for part in mutable_parts(outcome.value)}
            for value in given:
                if isinstance(value, list) and id(value) not in returned:
                    take_half_out(value)
        return found

    def _not_the_same_again(
        self, fn: Callable, found: CheckResult, tally: Tally, case: Case, right: Any, tried: int, total: int
    ) -> None:
        """A wrong answer to a case answered right before in this check (the same arguments), or right when asked
        again at once: say that its answers change from call to call — kept from earlier calls, or at random."""
        earlier = next((a.number for a in tally.answers[:-1] if same_value(list(a.case), list(case))), None)
        if earlier is None:
            again = run_learners(fn, fresh(case))
            if again.stopped or again.error or self._verdict(case, right, again, tried, total) is not None:
                return
        when = f"right on case {earlier}, with the same arguments" if earlier else "right when asked again at once"
        found.headline = (
            f"On case {tried} of {total} your {self.name} answered wrongly, and {when}: its answer is not the same "
            f"for the same arguments — it keeps something from earlier calls (a memo, a list it was given), or "
            f"chooses at random."
        )
        found.advice = KEEP_NOTHING

    def _after_every_case(self, fn: Callable, tally: Tally, total: int) -> CheckResult:
        """Every case answered right (or not written yet): is it the learner's own, does it answer the same when
        called again, and are its earlier answers still as they were?"""
        if tally.unwritten is not None:
            return self._unwritten(tally.unwritten, tally.raised, len(tally.answers))
        found = self._called_again(fn, tally.answers, total)
        if found is not None:
            return found
        note = " (Your function printed something; output is hidden during the check.)" if tally.printed else ""
        return self.result(
            CORRECT,
            f"your {self.name} agrees with the engine on "
            + (f"all {total} cases." if total > 1 else "its one case, called twice.")
            + note,
            cases=total,
        )

    def _called_again(self, fn: Callable, answers: list[Answer], total: int) -> Found:
        """Call the function again on some of the cases, latest first, as a program does: None if each answer is the
        same as the first time, and every earlier answer is still as it was returned and shared with no other."""
        again: list[Answer] = []
        watch = Watch(self.asked())  # the library's function this exercise asks for: is every answer its answer?
        passed_on = "?" if watch.functions else ""  # the function every answer so far came from ('?': none yet)
        for first in reversed(spread(answers, CALLED_AGAIN)):
            if budget_spent():
                return self.result(NOT_YET, out_of_time(total, total), cases=total)
            with watch.watching() as calls:
                outcome = run_learners(fn, fresh(first.case))
            if outcome.stopped or outcome.error:
                return self._failed_call(first.case, first.right, outcome, first.number, total)
            again.append(Answer(first.case, first.right, outcome, snapshot_of(outcome.value), first.number))
            passed_on = passed_on and delegation(calls, first.case, outcome.value)
        if passed_on and self._passes_on_everywhere(fn, watch, answers) and self._follows(fn, watch, answers):
            return self.result(
                NOT_YET,
                f"that is the library's own function ({passed_on}, only called) — write your own {self.name} "
                f"in the starter cell, run it, then check it: on every case, yours answered what "
                f"{passed_on.rsplit('.', 1)[1]} answered for the same arguments.",
                cases=total,
            )
        everything = answers + again
        for look in (
            lambda: self._changed_answer(everything),
            lambda: self._differs_again(again, total),
            lambda: self._given_back(answers),
            lambda: self._shared_answer(everything),
            lambda: self._handed_out(fn, answers, everything, total),
            lambda: self._passed_again(fn, answers, total),
            lambda: self._other_values(fn, answers, total),
            lambda: self._reordered(fn, answers, total),
        ):
            found = look()
            if found is not None:
                return found
        return None

    def _passes_on_everywhere(self, fn: Callable, watch: Watch, answers: list[Answer]) -> bool:
        """Whether, on every case, the answer is a call of the library's function with the learner's arguments (asked
        only of a function that did so on every case called again: watching every call costs time)."""
        for answer in answers:
            with watch.watching() as calls:
                outcome = run_learners(fn, fresh(answer.case))
            if outcome.stopped or outcome.error or not delegation(calls, answer.case, outcome.value):
                return False
        return True

    def _follows(self, fn: Callable, watch: Watch, answers: list[Answer]) -> bool:
        """Whether the answer comes from the library: with the library's function answering the learner's code a
        decoy, the learner's function gives the decoy back on every case tried. One that computes its own answer and
        calls the library only to test itself (``assert best == alkort.trick_winner(cards)``, or ``if best != ...:
        raise ValueError(...)``) answers right, or stops at its own test (an AssertionError, or a raise statement of
        its own code): its own work."""
        functions = tuple(watch.functions.values())
        if any(f.__closure__ for f in functions):  # its code cannot be swapped: equal answers are all there is
            return True
        for answer in spread(answers, DECOYED):
            if decoy_of(answer.right) == answer.right:
                continue  # no decoy of this kind of answer: equal answers are all there is to go on
            outcome = run_learners(fn, fresh(answer.case), functions)
            if isinstance(outcome.raised, AssertionError) or outcome.stopped or raised_by_its_own(outcome.raised):
                return False  # its own test of its own answer failed: the answer was its own
            if outcome.error:
                continue  # it broke on the library's answer (a decoy card not in the hand): that answer was used
            value = snapshot_of(outcome.value)
            if value is not None and not self.expects(value) and self.same(answer.right, value):
                return False
        return True

    def _changed_answer(self, answers: list[Answer]) -> Found:
        """Not yet if an answer changed after it was returned (a list the function keeps and changes again)."""
        for number, answer in enumerate(answers, 1):
            now = snapshot_of(answer.outcome.value)
            if answer.snapshot is None or now == answer.snapshot:
                continue
            value = answer.outcome.value
            kind = type(value).__name__ if type(value) in (list, dict, set) else "answer"
            return self.result(
                NOT_YET,
                f"the {kind} returned by the {ordinal(number)} call changed when you called {self.name} again: "
                + (
                    f"return a new {kind} each time" if kind != "answer" else "build a new answer (new lists) each time"
                ),
                call=self.call_text(answer.case),
                expected=self.show(answer.right),
                got=f"{short(answer.snapshot)} when it was returned; later {short(now)}",
                advice=KEEP_NOTHING,
                cases=len(answers),
            )
        return None

    def _differs_again(self, again: list[Answer], total: int) -> Found:
        """Not yet if a second call on the same arguments answered wrong (a generator used up, a list grown)."""
        for answer in again:
            found = self._verdict(answer.case, answer.right, answer.outcome, answer.number, total)
            if found is not None:
                found.headline = (
                    f"Called a second time with the same arguments, your {self.name} answered differently: an "
                    f"answer must depend on the arguments only, as they are when it is called (after the first "
                    f"call the caller went on with its own lists, as a program does: a function that kept them saw "
                    f"them change)."
                )
                found.advice = KEEP_NOTHING
                return found
        return None

    def _given_back(self, answers: list[Answer]) -> Found:
        """Not yet if an answer is (or holds) a list the caller passed: the caller's list and the answer are one."""
        answer = next((a for a in answers if a.given_back), None)
        if answer is None:
            return None
        param = answer.given_back
        return self.result(
            NOT_YET,
            f"your {self.name} answered with the very list it was given as {param}, not a new one: the caller's "
            f"{param} and the answer are one list, so a program that changes its {param} (plays a card from it) "
            f"changes the answer, and one that changes the answer (sorts it, takes a card out) changes its {param} "
            f"— return a new list: list({param}) is a copy",
            call=self.call_text(answer.case),
            expected=self.show(answer.right),
            got=short(answer.outcome.value),
            advice=f"build the answer as a new list (a list comprehension, list({param}), {param}[:]), never the "
            f"argument itself",
            cases=len(answers),
        )

    def _shared_answer(self, answers: list[Answer]) -> Found:
        """Not yet if two calls returned the very same list (or dict, or set): changing one changes the other."""
        owners: dict[int, Answer] = {}
        for answer in answers:
            for part in mutable_parts(answer.outcome.value):
                first = owners.setdefault(id(part), answer)
                if first is answer:
                    continue
                kind = type(part).__name__
                return self.result(
                    NOT_YET,
                    f"your {self.name} returned the very same {kind} on two calls: a caller that changes one answer "
                    f"(deals from it, sorts it) changes the other — return a new {kind} each time",
                    call=f"{self.call_text(first.case)} and then {self.call_text(answer.case)}",
                    expected=self.show(answer.right),
                    got=short(answer.outcome.value),
                    advice=KEEP_NOTHING,
                )
        return None

    def _handed_out(self, fn: Callable, answers: list[Answer], everything: list[Answer], total: int) -> Found:
        """Not yet if, once the caller has changed what the function returned (as a program may: the answer is the
        caller's), a later call answers differently: an answer handed out and kept, on the first call as on any."""
        parts = list({id(part): part for a in everything for part in mutable_parts(a.outcome.value)}.values())
        if not parts:
            return None
        done = what_the_caller_did(answers[0].outcome.value, self.call_text(answers[0].case))
        with changed_by_the_caller(parts):
            for first in spread(answers, HANDED_OUT):
                if budget_spent():
                    return self.result(NOT_YET, out_of_time(total, total), cases=total)
                outcome = run_learners(fn, fresh(first.case))
                found = self._verdict(first.case, first.right, outcome, first.number, total)
                if found is not None and not (outcome.stopped or outcome.error):
                    found.headline = (
                        f"Your {self.name} answered differently once the caller had changed an answer it was given "
                        f"({done}, as a program may: an answer belongs to its caller): it handed out something it "
                        f"keeps — return a new one on every call, the first call too."
                    )
                    found.advice = KEEP_NOTHING
                if found is not None:
                    return found
        return None

    def _passed_again(self, fn: Callable, answers: list[Answer], total: int) -> Found:
        """Not yet if a list the caller changed and passed again is answered for what it held before (an answer
        remembered by the list's identity), or if a new list of the old contents is answered for what the changed
        one holds now (the caller's list itself kept)."""
        places = [i for i, value in enumerate(answers[0].case) if isinstance(value, list)] if answers else []
        shaped = [a for a in answers if [i for i, v in enumerate(a.case) if isinstance(v, list)] == places]
        groups: dict[str, list[Answer]] = {}  # by the other arguments: a program passes them again as they were
        for answer in shaped:
            groups.setdefault(repr(kept(answer.case, places)), []).append(answer)
        alike = [pair for group in groups.values() for pair in itertools.pairwise(group)]
        pairs = [(a, b) for a, b in alike or list(itertools.pairwise(shaped)) if not self.same(a.right, b.right)]
        for before, after in spread(pairs, PASSED_AGAIN) if places else []:
            if budget_spent():
                return self.result(NOT_YET, out_of_time(total, total), cases=total)
            found = self._one_list_changed(fn, before, after, places, total)
            if found is not None:
                return found
        return None

    def _one_list_changed(self, fn: Callable, before: Answer, after: Answer, places: list[int], total: int) -> Found:
        """Call on one case's lists; change them into another case's and call again with the same lists; then call
        on new lists of the first case's contents. Each answer must be the engine's for what its lists hold."""
        given, now = fresh(before.case), fresh(after.case)
        outcome = run_learners(fn, given)
        if outcome.stopped or outcome.error:
            return self._verdict(before.case, before.right, outcome, before.number, total)
        for i in places:
            list.__setitem__(given[i], slice(None), now[i])
        again = [given[i] if i in places or same_value(given[i], now[i]) else now[i] for i in range(len(now))]
        outcome = run_learners(fn, tuple(again))  # the same lists, and the same objects for the values unchanged
        found = self._verdict(after.case, after.right, outcome, after.number, total)
        why = (
            f"Called with a list it had been given before, which the caller had changed since (it first held what "
            f"{self.call_text(before.case)} passes, then what the call below passes), your {self.name} answered "
            f"differently from the engine: an answer must follow what the list holds now, not which list it is."
        )
        if found is None:
            outcome = run_learners(fn, fresh(before.case))
            found = self._verdict(before.case, before.right, outcome, before.number, total)
            why = (
                f"Once the caller had changed a list it had passed before (into what {self.call_text(after.case)} "
                f"passes), your {self.name} answered a new list of the old cards differently: it keeps the caller's "
                f"list itself — keep a copy of it, or nothing."
            )
        if found is not None and not (outcome.stopped or outcome.error):
            found.headline = why
            found.advice = "remember nothing by a list's identity (id(cards), `is`): " + KEEP_NOTHING
        return found

    def _other_values(self, fn: Callable, answers: list[Answer], total: int) -> Found:
        """Not yet if, given a case's lists again with one other argument changed (the same hand under another trump,
        the same deck for another dealer), the function answers as for another call: an answer remembered by part
        of its arguments. The arguments other than lists stay as one case of the check has them together, so they go
        together as the game gives them."""
        for first, mixed, right, alike in self._mixed_cases(answers):
            if budget_spent():
                return self.result(NOT_YET, out_of_time(total, total), cases=total)
            run_learners(fn, fresh(first.case))
            outcome = run_learners(fn, fresh(mixed))
            found = self._verdict(mixed, right, outcome, first.number, total)
            if found is not None:
                return self._as_remembered(found, first, mixed, outcome, alike)
        return None

    def _mixed_cases(self, answers: list[Answer]) -> list[tuple[Answer, Case, Any, list[Case]]]:
        """(a case, the case with one argument other than its lists changed, the engine's answer to that, every such
        case of these lists), a few for each such argument, where the change changes the engine's answer."""
        assert self.oracle is not None
        places = [i for i, value in enumerate(answers[0].case) if isinstance(value, list)] if answers else []
        shaped = [a for a in answers if [i for i, v in enumerate(a.case) if isinstance(v, list)] == places]
        together = {repr(kept(a.case, places)): a.case for a in shaped}  # the other arguments as cases have them
        chosen: list[tuple[Answer, Case, Any, list[Case]]] = []
        for i in [i for i in range(len(answers[0].case)) if i not in places] if places else []:
            found: list[tuple[Answer, Case, Any, list[Case]]] = []
            for answer in shaped:
                alike = [
                    tuple(v if j in places else o for j, (v, o) in enumerate(zip(answer.case, other)))
                    for other in together.values()
                ]
                one_changed = [
                    c for c in alike if [j for j in range(len(c)) if not same_value(c[j], answer.case[j])] == [i]
                ]
                for mixed in one_changed:
                    right = self.oracle(*fresh(mixed))
                    if not self.same(answer.right, right):
                        found.append((answer, mixed, right, alike))
                        break
            chosen += spread(found, OTHER_VALUES)
        return chosen

    def _reordered(self, fn: Callable, answers: list[Answer], total: int) -> Found:
        """Not yet if a case's lists passed again in reverse order, where that changes the engine's answer (the stock
        served from its other end, the trick played the other way round), are answered as before: an answer
        remembered by the lists' contents in any order (a set, a sorted tuple as a memo's key)."""
        for first, turned, right in spread(self._turned_cases(answers), OTHER_VALUES):
            if budget_spent():
                return self.result(NOT_YET, out_of_time(total, total), cases=total)
            run_learners(fn, fresh(first.case))
            outcome = run_learners(fn, fresh(turned))
            found = self._verdict(turned, right, outcome, first.number, total)
            value = snapshot_of(outcome.value)
            if found is not None and value is not None and not self.expects(value) and self.same(first.right, value):
                found.headline = (
                    f"Called with the lists of {self.call_text(first.case)} in reverse order (the call below), your "
                    f"{self.name} gave the first call's answer: an answer must follow the order of its lists too — it "
                    f"remembers its answers by what the lists hold, in any order."
                )
                found.advice = "keep nothing from one call to the next, or key a memo on tuple(cards), not a set"
            if found is not None:
                return found
        return None

    def _turned_cases(self, answers: list[Answer]) -> list[tuple[Answer, Case, Any]]:
        """(a case, the case with its lists reversed, the engine's answer to that) where the order changes it."""
        assert self.oracle is not None
        found = []
        for answer in answers:
            turned = tuple(value[::-1] if isinstance(value, list) else value for value in answer.case)
            if not same_value(list(turned), list(answer.case)):
                right = self.oracle(*fresh(turned))
                if not self.same(answer.right, right):
                    found.append((answer, turned, right))
        return found

    def _as_remembered(
        self, found: CheckResult, first: Answer, mixed: Case, outcome: Outcome, alike: list[Case]
    ) -> CheckResult:
        """A wrong answer to a case's lists with another argument changed, said as what it is when it is the
        engine's answer to these lists with that argument as another call had it."""
        value = snapshot_of(outcome.value)
        if outcome.stopped or outcome.error or value is None or self.expects(value):
            return found
        assert self.oracle is not None
        earlier = next((case for case in alike if self.same(self.oracle(*fresh(case)), value)), None)
        if earlier is None:
            return found
        changed = [p for p, a, b in zip(self.params, earlier, mixed) if not same_value(a, b)]
        found.headline = (
            f"Called on the lists of {self.call_text(first.case)} again, with {', '.join(changed)} changed (the call "
            f"below), your {self.name} gave the answer of {self.call_text(earlier)}: an answer must follow every "
            f"argument — it remembers its answers by part of them."
        )
        found.advice = "keep nothing from one call to the next, or key a memo on every argument"
        return found

    def _unwritten(self, unwritten: tuple[Case, Any, Outcome, int], raised: list[Case], answered: int) -> CheckResult:
        """Not attempted when every case raised NotImplementedError; else not yet, with a case that still raises
        and, when one argument's value marks them all, that value ('must_trump=False is not written yet')."""
        if not answered:
            return self.result(
                NOT_ATTEMPTED, f"{self.name} still raises NotImplementedError: write its body, then check again."
            )
        case, right, outcome, tried = unwritten
        call = self.call_text(case)
        part = unwritten_part(self.params, raised)
        which = f"the case {part}" if part else f"part of {self.name}"
        return self.result(
            NOT_YET,
            f"{which} is not written yet: {call} raises NotImplementedError (the {answered} cases it "
            f"answered agree with the engine).",
            advice="write the part that still raises NotImplementedError, then check again",
            **self._seen(case, right, outcome, tried),
        )

    def _verdict(self, case: Case, right: Any, outcome: Outcome, tried: int, total: int) -> CheckResult | None:
        """None if the learner's call gave the right answer, else the result that says what went wrong."""
        if outcome.stopped or outcome.error:
            return self._failed_call(case, right, outcome, tried, total)
        judge_args = (case, right, outcome.value, outcome.returned_at, outcome.printed, tried, total)
        if only_pythons_own(outcome.value):
            return self._judge(*judge_args)
        # Judging the answer may run the learner's code too (its __eq__, __repr__, __iter__…): safely, then.
        judged = call_safely(self._judge, judge_args)
        if judged.stopped or judged.error:
            trouble = judged.stop_message() if judged.stopped else judged.error
            return self.result(
                NOT_YET,
                f"Your answer ({type(outcome.value).__name__}) could not be checked: {trouble}",
                **self._seen(case, right, outcome, tried),
            )
        return judged.value

    def _changed_input(self, case: Case, given: Case, right: Any, outcome: Outcome, tried: int) -> CheckResult | None:
        """None if the function left the lists it was given as they were (or the exercise asks it to change
        them), else the result that says plainly what it did to them."""
        if self.changes_input or outcome.stopped or outcome.error:
            return None
        for param, before, after in zip(self.params, case, given):
            change = input_change(param, before, after) if isinstance(before, list) else ""
            if change:
                return self.result(
                    NOT_YET,
                    change,
                    got=short(outcome.value),
                    advice=f"work on a copy (list({param}), or a new list built from it), "
                    f"and leave the caller's {param} as it was",
                    **self._seen(case, right, outcome, tried),
                )
        return None

    def _seen(self, case: Case, right: Any, outcome: Outcome, tried: int) -> dict[str, Any]:
        """What every not-yet result shows: the call, the right answer, what the learner's code printed."""
        return {"call": self.call_text(case), "expected": self.show(right), "printed": outcome.printed, "cases": tried}

    def _failed_call(self, case: Case, right: Any, outcome: Outcome, tried: int, total: int) -> CheckResult:
        """The result for a call of the learner's function that was stopped or raised."""
        if outcome.stopped:
            return self.result(
                NOT_YET,
                stopped_headline(outcome, tried - 1, total, given=case_size(self.params, case)),
                advice=stopped_advice(outcome, tried - 1),
                **self._seen(case, right, outcome, tried),
            )
        return self.result(NOT_YET, self._error_text(outcome), **self._seen(case, right, outcome, tried))

    def _error_text(self, outcome: Outcome) -> str:
        """What the learner's code raised, in one line; a name the set-up cell defines, missing, is said so; in the
        exercise that parses cards, a bad card is said without the advice that would give its answer away ('h' is
        written '♥', or card('K♥'))."""
        raised = outcome.raised
        if isinstance(raised, NameError) and raised.name in names_of(self.setup):
            return (
                f"{outcome.error} — {raised.name} comes from the set-up cell at the top of the notebook: run the "
                f"set-up cell first, then your function's cell, then this check"
            )
        if self.oracle is not cards.card or not isinstance(raised, CardError) or "rank" not in vars(raised):
            return outcome.error  # (a CardError raised by Card() knows the rank and suit it was given)
        told, plainly = message_of(raised).split(": ", 1)[1], why_not_a_card(raised.rank, raised.suit, advice=False)
        return outcome.error.replace(told, plainly).replace(told.removesuffix("."), plainly.removesuffix("."))

    def _judge(
        self, case: Case, right: Any, value: Any, returned_at: str, printed: str, tried: int, total: int
    ) -> CheckResult | None:
        """None if the answer is the right one, else a result saying how it differs."""
        value = plain(value)
        problem = self.expects(value)
        if not problem and self.same(right, value):
            return None
        call, expected = self.call_text(case), self.show(right)
        if problem:
            where = f" — returned at {returned_at}" if returned_at else "."
            return self.result(
                NOT_YET,
                f"Wrong type of answer: {problem}{where}",
                call=call,
                expected=expected,
                got=short(value),
                printed=printed,
                cases=tried,
            )
        why = self.explain(*fresh(case)) if self.explain else ""
        if self.diff is not None:
            why = " ".join(filter(None, [self.diff(fresh(case), right, value), why]))
        return self.result(
            NOT_YET,
            f"Not quite: on case {tried} of {total} your answer differs from the engine's.",
            call=call,
            expected=expected,
            got=self.show(value),
            why=why,
            printed=printed,
            cases=tried,
            advice="work this case by hand with the rule, then ask for a hint() if stuck",
        )


def raised_by_its_own(error: BaseException | None) -> bool:
    """Whether an exception was raised by a raise statement of the learner's own code (a test of its own answer:
    ``if best != told: raise ValueError(...)``), not by an operation that failed on a value (``cards.index(c)``)."""
    tb = error.__traceback__ if error is not None else None
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or not running.learners_code(tb.tb_frame.f_code.co_filename):
        return False
    return dis.opname[tb.tb_frame.f_code.co_code[tb.tb_lasti]] == "RAISE_VARARGS"


def delegation(calls: list[Call], args: Case, value: Any) -> str:
    """'cardlib.alkort.trick_winner' if the answer is what a watched call of the library's function returned (or a
    part of it: ``judge_trick(...)[0]``) for the learner's arguments, passed on as they came; else ''."""
    for function, passed, returned in reversed(calls):  # the outermost call, the one the learner made, first
        if passes_on(args, passed) and comes_from(value, returned):
            return qualified(function)
    return ""


def passes_on(args: Case, passed: dict[str, Any]) -> bool:
    """Whether each of the learner's arguments is among those of a library call (or inside its options)."""
    given = list(passed.values())
    given += [getattr(v, f.name) for v in passed.values() if dataclasses.is_dataclass(v) for f in dataclasses.fields(v)]
    return all(any(same_value(a, g) for g in given) for a in args)


def comes_from(value: Any, returned: Any) -> bool:
    """Whether an answer is a library call's answer, a part of it, or its first items."""
    value, returned = plain(value), plain(returned)
    candidates = [returned]
    if type(returned) in (tuple, list):
        candidates += [*returned, *(tuple(returned[:k]) for k in range(1, len(returned)))]
    return any(same_value(value, c) for c in candidates)


def same_value(a: Any, b: Any) -> bool:
    """The same value (lists and tuples alike), judged without running any learner code: True is not 1."""
    if a is b:
        return True
    if not (only_pythons_own(a) and only_pythons_own(b)):
        return False
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same_value, a, b))
    return type(a) is type(b) and a == b


def unwritten_part(params: Sequence[str], raised: list[Case]) -> str:
    """'must_trump=False' when every case that raised NotImplementedError (two or more) has the same value of one
    argument that is a flag or an option (a bool, a str, None), else ''."""
    for i, param in enumerate(params):
        values = [case[i] for case in raised]
        if len(values) < 2 or not all(isinstance(v, (bool, str, type(None))) for v in values):
            continue
        if len({(type(v), v) for v in values}) == 1:
            return f"{param}={values[0]!r}"
    return ""


def same_code(a: CodeType, b: CodeType) -> bool:
    """Whether two functions' code is the same, whatever the file and the lines it was written on."""
    if (a.co_code, a.co_names, a.co_varnames, a.co_freevars) != (b.co_code, b.co_names, b.co_varnames, b.co_freevars):
        return False
    return len(a.co_consts) == len(b.co_consts) and all(
        same_code(x, y) if isinstance(x, CodeType) and isinstance(y, CodeType) else type(x) is type(y) and x == y
        for x, y in zip(a.co_consts, b.co_consts)
    )


def only_pythons_own(value: Any) -> bool:
    """Whether a value is made of Python's own types only (cards too), so that judging it runs no learner code."""
    kind = type(value)
    if kind in (list, tuple):
        return all(only_pythons_own(item) for item in value)
    if kind is Card:
        return only_pythons_own((value.rank, value.suit))
    return kind in (int, float, bool, str, type(None))


assert only_pythons_own([(1, "a", None)]) and not only_pythons_own([object()])


INPUT_NOUNS = Table(
    "checker.INPUT_NOUNS",
    {
        "deck": "the deck",
        "stock": "the stock",
        "cards": "the cards",
        "trick": "the trick",
        "discards": "the discards",
        "hand": "the hand",
    },
)


def input_change(param: str, before: list[Any], after: Any) -> str:
    """'' if a list argument is as it was before the call, else a sentence saying what the learner's function did
    to it: 'your function emptied the deck it was given — the caller still needs it'."""
    if type(after) is list and only_pythons_own(after) and after == before:
        return ""
    noun = INPUT_NOUNS.get(param, f"the list {param}")
    if type(after) is not list or not only_pythons_own(after) or not all(map(hashable, [*before, *after])):
        return (
            f"your function changed {noun} it was given (it was {short(before)}, it became {short(after)}) — "
            f"the caller still needs it as it was"
        )
    if before and not after:
        return f"your function emptied {noun} it was given — the caller still needs it"
    removed, added = Counter(before) - Counter(after), Counter(after) - Counter(before)
    if removed and not added:
        return (
            f"your function took {listed(removed.elements())} out of {noun} it was given — the caller still "
            f"needs {'it' if sum(removed.values()) == 1 else 'them'}"
        )
    if added and not removed:
        return (
            f"your function added {listed(added.elements())} to {noun} it was given — the caller's list must "
            f"stay as it was"
        )
    if not added:
        return f"your function reordered {noun} it was given (a sort in place?) — sort a copy instead: sorted({param})"
    return (
        f"your function changed {noun} it was given (it was {short(before)}, it became {short(after)}) — "
        f"the caller still needs it as it was"
    )


def hashable(value: Any) -> bool:
    """Whether a value can be counted in a Counter."""
    return not isinstance(value, (list, dict, set))


def listed(values: Iterable[Any]) -> str:
    """Cards as the rulebook writes them (K♦ 2♥), other values as Python does (1, 0)."""
    items = list(values)
    return show(items) if all(is_card(v) for v in items) else ", ".join(map(short, items))


assert input_change("deck", [1, 2], []) == "your function emptied the deck it was given — the caller still needs it"
assert input_change("deck", [1, 2], [1, 2]) == "" and "reordered" in input_change("cards", [1, 2], [2, 1])


def fresh(case: Case) -> Case:
    """A case built afresh, as a real program would hand it over: new lists (so a function that changes its
    arguments changes nothing else) and new strings (so that ``trump is "♥"`` or ``rule is "left"`` fails here as it
    does in a program, where the text is read or computed, not the very object of the learner's literal). Cards stay
    the pack's own: the library makes one object for each card (``cards.place``), so for cards ``is`` is ``==``."""
    return tuple(_copy_lists(a) for a in case)


def _copy_lists(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_lists(v) for v in value]
    if type(value) is tuple:
        return tuple(_copy_lists(v) for v in value)
    if type(value) is str:
        return new_str(value)
    return value


def new_str(text: str) -> str:
    """An equal string that is a new object (Python keeps a single object only for the one-character strings of
    Latin-1, like '7': for those, ``is`` and ``==`` agree in every program)."""
    return text.encode("utf-8").decode("utf-8")


assert all(new_str(text) == text and new_str(text) is not text for text in ("left", SUITS[1]))


# ---------------------------------------------------------------------------
# Defining functions from source text (solutions, mistakes, the tests' learner code).


_DEFINED = 0  # how many sources define() has run, to give each its own file name


def define(source: str, name: str, setup: str = "", filename: str | None = None) -> Callable:
    """Run setup and source as a notebook cell would, and return the function called ``name``."""
    global _DEFINED
    _DEFINED += 1
    filename = filename or f"<cell {_DEFINED}: {name}>"
    lines = source.splitlines(keepends=True)
    linecache.cache[filename] = (len(source), None, lines, filename)  # so tracebacks can quote the line
    namespace: dict[str, Any] = {"__name__": "__learner__"}
    exec(compile(setup, "<setup>", "exec"), namespace)
    exec(compile(source, filename, "exec"), namespace)
    return namespace[name]


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the pack's order (suits ♠♥♦♣, ranks A to K), for lists whose order does not matter."""

    def place(c: Card) -> tuple[int, int, str]:
        return (
            SUITS.index(c.suit) if c.suit in SUITS else 9,
            RANKS.index(c.rank) if c.rank in RANKS else 99,
            card_text(c),
        )

    return sorted(cards, key=place)


def same_cards_any_order(right: Sequence[Card], got: Sequence[Card]) -> bool:
    """Two lists hold the same cards, counting repeats, in any order."""
    return sorted_cards(right) == sorted_cards(got)


assert stub_like(lambda: None) and not stub_like(lambda: 1)
assert expect_card("K♦").startswith("expected a Card, got the string 'K♦'")
assert expect_index(4)(7) == "expected an int index 0-3 (a position in the trick), got the int 7"


def show_list(cards: Sequence[Card]) -> str:
    """A list of cards whose order does not matter, written in the pack's order."""
    return repr(sorted_cards(cards)) if all(is_card(c) for c in cards) else short(cards)
