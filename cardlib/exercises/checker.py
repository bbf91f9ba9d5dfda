"""The checker: run a learner's function against the engine and say, kindly and precisely, how it did.

An ``Exercise`` knows the function the learner is asked to write, the engine
function that is the *oracle*, a few fixed cases and a generator of random ones.
``exercise.check(my_function)`` calls both on every case and returns a
``CheckResult`` with one of three statuses:

- ``"correct"``: the learner's function agreed with the engine on every case;
- ``"not yet"``: the first case where it did not, in card notation, with the right
  answer, the learner's answer and the engine's explanation of why;
- ``"not attempted"``: the function is still the stub of the starter cell.

The learner never sees a raw traceback: an exception in their code is summarised
in one line with the line that raised it, a call that runs too long is stopped
after a few seconds, and an answer of the wrong type is named for what it is.
"""

from __future__ import annotations

import contextlib
import ctypes
import dis
import html
import importlib
import inspect
import io
import json
import linecache
import os
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import RANKS, SUITS, Card

CORRECT, NOT_YET, NOT_ATTEMPTED = "correct", "not yet", "not attempted"
TIME_LIMIT = 3.0  # seconds a single call of the learner's function may take

# ---------------------------------------------------------------------------
# Describing values the way a learner reads them.


def describe(value: Any) -> str:
    """A value named for what it is: 'the string 'K♦'', 'the card K♦', 'None'."""
    if value is None:
        return "None (did you forget to `return` the answer?)"
    if isinstance(value, bool):
        return f"the bool {value}"
    if isinstance(value, Card):
        return f"the card {value}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int):
        return f"the int {value}"
    return f"the {type(value).__name__} {short(value)}"


def short(value: Any, limit: int = 120) -> str:
    """repr, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def show_call(name: str, params: Sequence[str], args: Sequence[Any]) -> str:
    """A call as the learner would write it: cards positionally, flags and names as keywords."""
    parts, keyword = [], False
    for i, (param, arg) in enumerate(zip(params, args)):
        # once one argument is named, the rest must be too
        keyword = keyword or (len(params) > 1 and isinstance(arg, bool)) or \
            (i > 0 and (isinstance(arg, str) or arg is None))
        parts.append(f"{param}={arg!r}" if keyword else repr(arg))
    return f"{name}({', '.join(parts)})"

# ---------------------------------------------------------------------------
# What an answer must look like. Each returns '' when the value has the right type,
# else a sentence naming what was expected and what came back.


def expect_card(value: Any) -> str:
    """A single Card."""
    if isinstance(value, Card):
        return ""
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
        if not isinstance(item, Card):
            return f"expected a list of Cards, but it holds {describe(item)}"
    return ""


def expect_bool(value: Any) -> str:
    """True or False."""
    return "" if isinstance(value, bool) else f"expected True or False, got {describe(value)}"


def expect_int(value: Any) -> str:
    """A whole number (not a bool)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ""
    return f"expected an int, got {describe(value)}"


def expect_str(value: Any) -> str:
    """A string."""
    return "" if isinstance(value, str) else f"expected a string, got {describe(value)}"


def expect_index(size: int) -> Callable[[Any], str]:
    """An int index 0 .. size-1 (a position in the trick)."""
    def check(value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size:
            return ""
        return f"expected an int index 0-{size - 1} (a position in the trick), got {describe(value)}"
    return check


def expect_ints(count: int) -> Callable[[Any], str]:
    """A list or tuple of this many ints."""
    def check(value: Any) -> str:
        if isinstance(value, (list, tuple)) and len(value) == count and \
                all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return ""
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

# ---------------------------------------------------------------------------
# Running the learner's code safely: no tracebacks, no endless loops.


class Stopped(BaseException):
    """Raised inside a learner's call that ran past the time limit.

    A BaseException, so an ``except Exception:`` in the learner's code cannot swallow it.
    """


@dataclass
class Outcome:
    """What one call of the learner's function did: returned a value, raised, or was stopped."""

    value: Any = None
    error: str = ""        # one line, '' if the call returned
    stopped: bool = False


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


def learners_code(filename: str) -> bool:
    """Whether a frame's file is the learner's: not cardlib, not Python's library, not an installed package."""
    path = os.path.abspath(filename)
    elsewhere = [os.path.dirname(os.path.dirname(os.path.abspath(__file__))), sys.prefix, sys.base_prefix]
    return not any(path.startswith(place) for place in elsewhere)


def learner_line(error: BaseException, fn: Callable) -> str:
    """'line 3: return cards[4]' — the last line of the learner's own code that was running (helpers included)."""
    frames = traceback.extract_tb(error.__traceback__)
    own_file = getattr(getattr(fn, "__code__", None), "co_filename", None)
    mine = [f for f in frames if f.filename == own_file or learners_code(f.filename)]
    if not mine:
        return ""
    frame = mine[-1]
    line_number = frame.lineno or 0  # None only for a frame without line information; there is no line 0
    text = (frame.line or linecache.getline(frame.filename, line_number)).strip()
    where = f"line {frame.lineno}" + (f" of {frame.name}" if frame.name != getattr(fn, "__name__", "") else "")
    return f"{where}: {text}" if text else where


def summarise_error(error: BaseException, fn: Callable) -> str:
    """One line for an exception in the learner's code: its type, message and the line that raised it."""
    message = str(error)
    what = f"{type(error).__name__}: {message}" if message else type(error).__name__
    line = learner_line(error, fn)
    return f"your function raised {what}" + (f" — at {line}" if line else "")


class _Alarm:
    """The SIGALRM handler: raise Stopped in the learner's code; if that was swallowed, make every line raise it."""

    def __init__(self) -> None:
        self.fired = 0

    def __call__(self, signum: int, frame: Any) -> None:
        self.fired += 1
        if self.fired > 1:  # an `except:` caught the first one: now every line the learner's code runs raises
            _raise_on_every_line(frame)
        raise Stopped()


def _stop(frame: Any, event: str, arg: Any) -> Any:
    if event == "exception":  # an exception being raised (and maybe caught): wait for the next line
        return _stop
    raise Stopped()


def _raise_on_every_line(frame: Any) -> None:
    """Trace the learner's frames (up to the checker's own) so that their next line raises Stopped.

    An exception raised in an ``except:`` block is not caught by that block, so this gets out of any loop.
    """
    while frame is not None and frame.f_code is not _call_with_alarm.__code__:
        frame.f_trace, frame.f_trace_lines = _stop, True
        frame = frame.f_back
    sys.settrace(_stop)  # tracing must be on for f_trace to run; new calls stop too


def call_safely(fn: Callable, args: Sequence[Any], limit: float | None = None) -> Outcome:
    """Call fn(*args): catch any exception, and stop it after ``limit`` seconds (TIME_LIMIT by default)."""
    limit = TIME_LIMIT if limit is None else limit
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return _call_with_alarm(fn, args, limit)
    return _call_in_thread(fn, args, limit)


def _call_with_alarm(fn: Callable, args: Sequence[Any], limit: float) -> Outcome:
    """In the main thread (a notebook's kernel, pytest), SIGALRM interrupts an endless loop.

    An alarm someone else had set (pytest-timeout, say) is put back afterwards, less the time used.
    """
    started = time.monotonic()
    tracer = sys.gettrace()  # a debugger's, if any: put back after the call
    previous = signal.signal(signal.SIGALRM, _Alarm())
    # The timer repeats every 50 ms after the limit, so a bare `except:` in the learner's loop cannot keep it going.
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, limit, 0.05)
    if 0 < outer_delay < limit:
        signal.setitimer(signal.ITIMER_REAL, outer_delay, 0.05)
    try:
        try:
            try:
                value = fn(*args)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                sys.settrace(tracer)
        except Stopped:
            return Outcome(stopped=True)
        except Exception as error:  # the learner's code may raise anything
            return Outcome(error=summarise_error(error, fn))
        return Outcome(value=value)
    except Stopped:  # the timer fired between the call's end and its disarming
        return Outcome(stopped=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.settrace(tracer)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if outer_delay > 0:
            left = outer_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), outer_interval)


def _call_in_thread(fn: Callable, args: Sequence[Any], limit: float) -> Outcome:
    """Outside the main thread signals cannot be used: run the call in a worker thread, and stop it if it overruns.

    A thread cannot be killed, but Python can raise an exception inside it (``PyThreadState_SetAsyncExc``):
    a stuck pure-Python loop is interrupted by ``Stopped`` as it would be by the alarm.
    """
    box: list[Outcome] = []

    def run() -> None:
        try:
            box.append(Outcome(value=fn(*args)))
        except Stopped:
            box.append(Outcome(stopped=True))
        except Exception as error:
            box.append(Outcome(error=summarise_error(error, fn)))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    assert worker.ident is not None  # a started thread has an id
    thread_id = ctypes.c_ulong(worker.ident)
    worker.join(limit)
    for _attempt in range(200):  # again and again, in case a bare `except:` catches it
        if not worker.is_alive():
            break
        ctypes.pythonapi.PyThreadState_SetAsyncExc(thread_id, ctypes.py_object(Stopped))
        worker.join(0.05)
    return box[0] if box else Outcome(stopped=True)


# ---------------------------------------------------------------------------
# The result of a check, shown as HTML in Jupyter and as text elsewhere.


@dataclass
class CheckResult:
    """What a check found: a status and the lines that explain it."""

    exercise: str                  # "Exercise 3.2: who wins an all-rubbish trick"
    status: str                    # "correct", "not yet" or "not attempted"
    headline: str                  # one sentence
    call: str = ""                 # the counterexample, as a call
    expected: str = ""             # the right answer
    got: str = ""                  # the learner's answer (or what went wrong)
    why: str = ""                  # the engine's explanation
    advice: str = ""               # what to try next
    cases: int = 0                 # how many cases were tried

    def __bool__(self) -> bool:
        return self.status == CORRECT

    def rows(self) -> list[tuple[str, str]]:
        """The labelled lines of the report, empty ones left out."""
        return [(label, text) for label, text in (("call", self.call), ("right answer", self.expected),
                                                  ("your answer", self.got), ("why", self.why),
                                                  ("next", self.advice)) if text]

    def __repr__(self) -> str:
        lines = [f"{self.exercise} — {self.status.upper()}: {self.headline}"]
        lines += [f"  {label + ':':<14}{text}" for label, text in self.rows()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        colour = {CORRECT: "#2e7d32", NOT_YET: "#c77700", NOT_ATTEMPTED: "#757575"}[self.status]
        mark = {CORRECT: "✔", NOT_YET: "✘", NOT_ATTEMPTED: "…"}[self.status]
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em;vertical-align:top'>{html.escape(label)}</th>"
            f"<td style='text-align:left'><code>{html.escape(text)}</code></td></tr>"
            if label in ("call", "right answer", "your answer") else
            f"<tr><th style='text-align:left;padding-right:1em;vertical-align:top'>{html.escape(label)}</th>"
            f"<td style='text-align:left'>{html.escape(text)}</td></tr>"
            for label, text in self.rows())
        table = f"<table style='margin-top:.4em'>{rows}</table>" if rows else ""
        return (f"<div class='cardlib-check' data-status='{self.status}' role='status' "
                f"style='border-left:6px solid {colour};padding:.4em .8em;margin:.3em 0'>"
                f"<div><span style='color:{colour};font-weight:bold'>{mark} {html.escape(self.status.capitalize())}"
                f"</span> — {html.escape(self.exercise)}</div>"
                f"<div>{html.escape(self.headline)}</div>{table}</div>")


@dataclass
class Text:
    """A hint or a solution: plain text with a title, shown as HTML in Jupyter."""

    title: str
    body: str
    code: bool = False

    def __repr__(self) -> str:
        return f"{self.title}\n{self.body}"

    def _repr_html_(self) -> str:
        body = (f"<pre style='margin:.3em 0;font-family:monospace'>{html.escape(self.body)}</pre>" if self.code
                else f"<div>{html.escape(self.body)}</div>")
        return (f"<div class='cardlib-text' style='border-left:6px solid #1565c0;padding:.4em .8em;margin:.3em 0'>"
                f"<div style='font-weight:bold'>{html.escape(self.title)}</div>{body}</div>")

# ---------------------------------------------------------------------------
# Progress in this session: the last status of every exercise checked.

PROGRESS: dict[str, str] = {}   # exercise key ("3.2") -> last status
CATALOGUE: dict[str, Exercise] = {}   # exercise key -> exercise, filled as chapters are imported
SOLVED_EARLIER = "solved earlier"


def progress_file() -> Path | None:
    """Where solved exercises are remembered between sessions: $CARDLIB_PROGRESS if set ('off' for nowhere),
    else ~/.cardlib/progress.json."""
    setting = os.environ.get("CARDLIB_PROGRESS")
    if setting is not None:
        return None if setting.strip().lower() in ("", "off", "none") else Path(setting).expanduser()
    return Path.home() / ".cardlib" / "progress.json"


def solved_earlier() -> set[str]:
    """The exercises solved in any session, as remembered in the progress file (nothing if it cannot be read)."""
    path = progress_file()
    try:
        return set(json.loads(path.read_text(encoding="utf-8"))["solved"]) if path else set()
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def remember_solved(key: str) -> None:
    """Add an exercise to the progress file; a file that cannot be written is quietly left alone."""
    path = progress_file()
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"solved": sorted(solved_earlier() | {key})}, indent=1), encoding="utf-8")
    except OSError:
        pass


@dataclass
class ProgressReport:
    """Which exercises were solved, chapter by chapter: in this session, or remembered from earlier ones."""

    rows: list[tuple[str, str, str]]   # (key, title, status)

    @property
    def solved(self) -> int:
        return sum(status in (CORRECT, SOLVED_EARLIER) for _, _, status in self.rows)

    @property
    def headline(self) -> str:
        if not self.rows:
            return "Nothing checked yet in this session: run a check cell first."
        earlier = sum(status == SOLVED_EARLIER for _, _, status in self.rows)
        if not earlier:
            return f"Solved {self.solved} of {len(self.rows)} exercises in this session."
        return (f"Solved {self.solved} of {len(self.rows)} exercises: {self.solved - earlier} in this session, "
                f"{earlier} earlier.")

    def __repr__(self) -> str:
        marks = {CORRECT: "✔", SOLVED_EARLIER: "✔", NOT_YET: "✘"}
        return "\n".join([self.headline] + [f"  {marks.get(s, '·')} {key:<5} {title} — {s}"
                                             for key, title, s in self.rows])

    def _repr_html_(self) -> str:
        marks = {CORRECT: "✔", SOLVED_EARLIER: "✔", NOT_YET: "✘"}
        rows = "".join(f"<tr><td>{marks.get(s, '·')}</td><td>{key}</td><td style='text-align:left'>"
                       f"{html.escape(title)}</td><td>{html.escape(s)}</td></tr>" for key, title, s in self.rows)
        table = f"<table>{rows}</table>" if rows else ""
        return f"<div class='cardlib-progress'><b>{html.escape(self.headline)}</b>{table}</div>"


def progress(chapter: int | None = None) -> ProgressReport:
    """How the exercises of one chapter stand — by default, of every chapter with something checked or solved."""
    for number in range(1, 9):  # every chapter's titles, for exercises solved in earlier sessions
        importlib.import_module(f"{__package__}.chapter{number}")
    earlier = solved_earlier()
    active = {CATALOGUE[key].chapter for key in [*PROGRESS, *earlier] if key in CATALOGUE}
    chosen = [e for e in CATALOGUE.values() if (e.chapter == chapter if chapter is not None else e.chapter in active)]
    chosen.sort(key=lambda e: (e.chapter, e.number))
    return ProgressReport([(e.key, e.title, PROGRESS.get(e.key) or (SOLVED_EARLIER if e.key in earlier
                                                                      else "not checked yet")) for e in chosen])

# ---------------------------------------------------------------------------
# An exercise.

Case = tuple[Any, ...]


@dataclass
class Exercise:
    """One exercise: the function to write, the engine's answer, cases, hints and a solution."""

    chapter: int
    number: int
    title: str
    name: str                                   # the function the learner writes
    params: tuple[str, ...]
    signature: str                              # "def f(cards: list[Card]) -> int:"
    doc: str                                    # the stub's one-line docstring
    statement: str                              # markdown, for the notebook
    oracle: Callable[..., Any] | None = None    # the engine's answer for a case (None for bots)
    expects: Callable[[Any], str] = expect_card  # '' if the answer has the right type
    fixed: list[Case] = field(default_factory=list)
    random_case: Callable[[random.Random], Case] | None = None
    n_random: int = 300
    same: Callable[[Any, Any], bool] = lambda right, got: right == got
    explain: Callable[..., str] | None = None   # explain(*case) -> the engine's reason
    diff: Callable[..., str] | None = None      # diff(case, right, got) -> what differs, in words
    show: Callable[[Any], str] = repr           # how an answer is written
    hints: list[str] = field(default_factory=list)
    solution_source: str = ""                   # source text of a correct solution
    mistakes: dict[str, str] = field(default_factory=dict)  # plausible wrong solutions: name -> source
    runner: Callable[[Exercise, Callable], CheckResult] | None = None  # a custom check (bots)
    setup: str = ""                             # the imports the notebook's setup cell makes

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
        """A correct solution, as source text to read (or paste into the starter cell)."""
        return Text(f"A solution to {self.heading}", self.solution_source.strip(), code=True)

    def solution_function(self) -> Callable:
        """The solution as a function, defined from its source text as a notebook cell would define it."""
        return define(self.solution_source, self.name, self.setup)

    def check(self, fn: Any = None) -> CheckResult:
        """Compare your function with the engine on fixed and random cases; returns the result."""
        result = self._check(fn)
        if result.status != NOT_ATTEMPTED or self.key not in PROGRESS:
            PROGRESS[self.key] = result.status
        if result.status == CORRECT:
            remember_solved(self.key)
        return result

    # -- inside ----------------------------------------------------------------
    def result(self, status: str, headline: str, **details: Any) -> CheckResult:
        return CheckResult(self.heading, status, headline, **details)

    def _check(self, fn: Any) -> CheckResult:
        if fn is None or not callable(fn):
            return self.result(NOT_ATTEMPTED if fn is None else NOT_YET,
                               f"pass your function itself, without calling it: check({self.name})"
                               + ("" if fn is None else f" — you passed {describe(fn)}"))
        problem = self._signature_problem(fn)
        if problem:
            return self.result(NOT_YET, problem)
        if stub_like(fn):
            return self.result(NOT_ATTEMPTED, f"{self.name} is still the empty stub: write its body, run the "
                                              f"cell, then run this check again.")
        if self.runner is not None:
            return self.runner(self, fn)
        return self._compare(fn)

    def _signature_problem(self, fn: Callable) -> str:
        """'' if fn can be called with the exercise's arguments, else why not."""
        try:
            inspect.signature(fn).bind(*self.params)
        except TypeError:
            wanted = ", ".join(self.params) or "no arguments"
            return (f"your {getattr(fn, '__name__', 'function')} cannot be called as {self.name}({wanted}): "
                    f"give it exactly the parameters of the starter cell")
        except ValueError:  # builtins without a signature: let the call decide
            return ""
        return ""

    def cases(self) -> list[Case]:
        """The fixed cases, then ``n_random`` random ones from a fixed seed."""
        rng = random.Random(f"cardlib exercise {self.key}")
        randoms = [self.random_case(rng) for _ in range(self.n_random)] if self.random_case else []
        return [*self.fixed, *randoms]

    def _compare(self, fn: Callable) -> CheckResult:
        oracle = self.oracle
        assert oracle is not None, f"exercise {self.key} needs an oracle, or a runner of its own"
        all_cases = self.cases()
        printed = io.StringIO()
        for tried, case in enumerate(all_cases, 1):
            right = oracle(*fresh(case))
            with contextlib.redirect_stdout(printed):
                outcome = call_safely(fn, fresh(case))
            call = show_call(self.name, self.params, case)
            if outcome.stopped:
                return self.result(NOT_YET, f"stopped after {TIME_LIMIT:g} s: is there an endless loop?",
                                   call=call, expected=self.show(right), cases=tried,
                                   advice="look for a `while` loop whose condition never becomes false")
            if outcome.error:
                if outcome.error.startswith("your function raised NotImplementedError") and tried == 1:
                    return self.result(NOT_ATTEMPTED, f"{self.name} still raises NotImplementedError: "
                                                      f"write its body, then check again.")
                return self.result(NOT_YET, outcome.error[0].upper() + outcome.error[1:], call=call,
                                   expected=self.show(right), cases=tried)
            problem = self.expects(outcome.value)
            if problem:
                return self.result(NOT_YET, f"Wrong type of answer: {problem}.", call=call,
                                   expected=self.show(right), got=short(outcome.value), cases=tried)
            if not self.same(right, outcome.value):
                why = self.explain(*fresh(case)) if self.explain else ""
                if self.diff is not None:
                    why = " ".join(filter(None, [self.diff(fresh(case), right, outcome.value), why]))
                return self.result(NOT_YET, f"Not quite: on case {tried} of {len(all_cases)} your answer differs "
                                            f"from the engine's.", call=call, expected=self.show(right),
                                   got=self.show(outcome.value), why=why, cases=tried,
                                   advice="work this case by hand with the rule, then ask for a hint() if stuck")
        note = " (Your function printed something; output is hidden during the check.)" if printed.getvalue() else ""
        return self.result(CORRECT, f"your {self.name} agrees with the engine on all {len(all_cases)} cases."
                           + note, cases=len(all_cases))


def fresh(case: Case) -> Case:
    """A copy of a case's lists, so a function that changes its arguments changes nothing else."""
    return tuple(_copy_lists(a) for a in case)


def _copy_lists(value: Any) -> Any:
    return [_copy_lists(v) for v in value] if isinstance(value, list) else value

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
        return (SUITS.index(c.suit) if c.suit in SUITS else 9, RANKS.index(c.rank) if c.rank in RANKS else 99, str(c))
    return sorted(cards, key=place)


def same_cards_any_order(right: Sequence[Card], got: Sequence[Card]) -> bool:
    """Two lists hold the same cards, counting repeats, in any order."""
    return sorted_cards(right) == sorted_cards(got)


assert stub_like(lambda: None) and not stub_like(lambda: 1)
assert show_call("f", ("cards", "flag"), ([Card("K", "♦")], True)) == "f([K♦], flag=True)"
assert expect_card("K♦").startswith("expected a Card, got the string 'K♦'")
assert expect_index(4)(7) == "expected an int index 0-3 (a position in the trick), got the int 7"


def show_list(cards: Sequence[Card]) -> str:
    """A list of cards whose order does not matter, written in the pack's order."""
    return repr(sorted_cards(cards)) if all(isinstance(c, Card) for c in cards) else short(cards)
