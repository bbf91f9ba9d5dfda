"""Running a learner's code: whatever it does, the checker gets one friendly line back.

A learner's function may return, raise, print, call ``sys.exit()``, loop forever,
or sit for a long time inside Python's own C code. ``call_safely(fn, args)`` runs
it and returns an ``Outcome`` that says which, in words a learner can act on:

    your code raised IndexError: list index out of range — at line 4: if strength(cards[i]) > …

**Time limits that work in the browser.** The course also runs in Pyodide, which has
no alarm clock to interrupt Python and cannot start a second thread. So the limit is kept
by a trace function (``sys.settrace``): Python calls it as the learner's code runs,
line by line, and once the deadline has passed it raises ``Stopped`` in that code.
A trace function that raises is switched off by Python; if the learner's
``except:`` catches the ``Stopped``, the moment it lets it go (``Stopped.__del__``)
turns the trace back on, so the next line raises again. Code running in C
(``sum(range(10**9))``, ``time.sleep(20)``) cannot be interrupted: it is stopped at
its first line after the C call, and the outcome says truthfully how long it ran.

Every call has its own limit (``TIME_LIMIT``), and a whole check a budget
(``CHECK_BUDGET``) that ``time_budget()`` sets for the calls made inside it.
"""

from __future__ import annotations

import contextlib
import dis
import io
import linecache
import os
import sys
import sysconfig
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import CodeType, FrameType, TracebackType
from typing import Any

TIME_LIMIT = 3.0  # seconds one call of the learner's function may take
CHECK_BUDGET = 10.0  # seconds a whole check may take, every case together
LATE = 0.5  # code out of the trace's sight this long past its deadline was busy in C
WATCH = 0.2  # seconds a call past its deadline is watched, to tell an endless loop from slow work
PRINTED_LINES = 6  # lines of the learner's output shown with a counterexample

# ---------------------------------------------------------------------------
# Whose code is it? The learner's, or a library's (cardlib, Python's own, an installed package).

CARDLIB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARIES = tuple(
    sorted(
        {
            CARDLIB,
            *(os.path.abspath(sysconfig.get_paths()[name]) for name in ("stdlib", "platstdlib", "purelib", "platlib")),
        }
    )
)
_LEARNERS: dict[str, bool] = {}  # file name -> whether it is the learner's (asked for every call: remembered)


def learners_code(filename: str) -> bool:
    """Whether code from this file is the learner's: a notebook cell or their own file, not a library's."""
    mine = _LEARNERS.get(filename)
    if mine is None:
        generated = filename.startswith(("<frozen", "<string>"))  # Python's own, and code made by namedtuple
        path = os.path.abspath(filename)
        mine = _LEARNERS[filename] = not generated and not any(path.startswith(place + os.sep) for place in LIBRARIES)
    return mine


def in_cardlib(filename: str) -> bool:
    """Whether code from this file is cardlib's own."""
    return os.path.abspath(filename).startswith(CARDLIB + os.sep)


assert in_cardlib(__file__) and not learners_code(__file__) and learners_code("<cell 1: f>")

# ---------------------------------------------------------------------------
# Pointing at the learner's line: 'line 4 of strongest, Cell In[7]: return max(cards, key=strength)'.


def cell_label(filename: str) -> str:
    """The name Jupyter shows for a cell's code ('Cell In[7]'), a file's own name, or '' for made-up names."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    format_code_name = getattr(getattr(shell, "compile", None), "format_code_name", None)
    with contextlib.suppress(Exception):  # an IPython without this method: fall back on the file name
        named = format_code_name(filename) if format_code_name else None
        if named:
            return " ".join(named)
    return "" if filename.startswith("<") else os.path.basename(filename)


def line_text(filename: str, line_number: int, function: str, fn: Any) -> str:
    """A line of the learner's code as they would find it: where it is, then what it says."""
    where = f"line {line_number}"
    if function != getattr(fn, "__name__", function) and not function.startswith("<"):  # not <listcomp>, <lambda>
        where += f" of {function}"
    label = cell_label(filename)
    where += f", {label}" if label else ""
    text = linecache.getline(filename, line_number).strip()
    return f"{where}: {text}" if text else where


def not_begun(tb: TracebackType) -> bool:
    """Whether a traceback's frame was stopped as it was called, before the first instruction of its body."""
    resume = next((i.offset for i in dis.get_instructions(tb.tb_frame.f_code) if i.opname == "RESUME"), 0)
    return tb.tb_lasti <= resume


def learner_frames(tb: TracebackType | None, fn: Any) -> list[tuple[str, int, str]]:
    """(file, line, function) of each frame of a traceback that ran the learner's code (their helpers too),
    outermost first; a frame stopped as it was called (say, by the time limit or the recursion limit), before
    its body began, adds nothing."""
    own_file = getattr(getattr(fn, "__code__", None), "co_filename", None)  # theirs, wherever it is kept
    found: list[tuple[str, int, str]] = []
    while tb is not None:
        code = tb.tb_frame.f_code
        theirs = learners_code(code.co_filename) or (code.co_filename == own_file and not in_cardlib(own_file))
        if theirs and not (found and not_begun(tb)):
            found.append((code.co_filename, tb.tb_lineno, code.co_name))
        tb = tb.tb_next
    return found


def recursing_call(frames: list[tuple[str, int, str]]) -> tuple[str, int, str]:
    """The outermost frame that calls a function already running: where an endless recursion closes its loop
    (the frame the recursion limit stops in depends on how deep the stack was when the check began)."""
    running: set[tuple[str, str]] = set()
    for (file, line, name), (next_file, _, next_name) in zip(frames, frames[1:]):
        running.add((file, name))
        if (next_file, next_name) in running:
            return file, line, name
    return frames[-1]


def learner_line(error: BaseException, fn: Any) -> str:
    """'line 3: return cards[4]' — the last line of the learner's own code that was running (for an endless
    recursion, the call that recurses)."""
    mine = learner_frames(error.__traceback__, fn)
    if not mine:
        return ""
    return line_text(*(recursing_call(mine) if isinstance(error, RecursionError) else mine[-1]), fn)


def raised_in_cardlib(error: BaseException) -> str:
    """ "cardlib's Card" when the exception was raised inside cardlib (given the learner's data), else ''."""
    codes = []
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename != __file__:  # the time limit's own trace functions are not the cause
            codes.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    if not codes or not in_cardlib(codes[-1].co_filename):
        return ""
    name = codes[-1].co_qualname
    for method in (".__new__", ".__init__", ".__post_init__"):
        name = name.removesuffix(method)
    return f"cardlib's {name}"


def message_of(error: BaseException) -> str:
    """'IndexError: list index out of range' — even for an exception whose str() fails."""
    try:
        message = str(error)
    except Exception:  # the learner's own exception class may break str()
        message = "(its message cannot be shown)"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def summarise_error(error: BaseException, fn: Any) -> str:
    """One line for an exception in the learner's code: what was raised, where, and from what."""
    line = learner_line(error, fn)
    at = f" — at {line}" if line else ""
    if isinstance(error, SystemExit):
        return (
            f"your code raised {message_of(error)}, as sys.exit() does: a function gives its answer with "
            f"return, not by leaving Python{at}"
        )
    if isinstance(error, KeyboardInterrupt):
        return f"your code was interrupted: it raised KeyboardInterrupt, as the stop button does{at}"
    inside = raised_in_cardlib(error)
    if inside and line:
        at = f" — raised in {inside}, called at {line}"
    what = message_of(error)
    return f"your code raised {what.removesuffix('.') if at else what}{at}"


# ---------------------------------------------------------------------------
# What the learner's code printed: kept short, however much it prints.


class Captured(io.TextIOBase):
    """A stdout that keeps the beginning of what is written, and counts its lines."""

    KEEP = 4000  # characters kept

    def __init__(self) -> None:
        self.head, self.lines, self.last = "", 0, ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        written = str(text)
        self.head += written[: max(self.KEEP - len(self.head), 0)]
        self.lines += written.count("\n")
        self.last = written[-1:] or self.last
        return len(written)

    def shown(self, count: int = PRINTED_LINES, width: int = 100) -> str:
        """The first lines, each cut to a width, and how many more there were."""
        total = self.lines + (self.last not in ("\n", ""))  # an unfinished last line counts too
        shown = [line if len(line) <= width else line[: width - 1] + "…" for line in self.head.splitlines()[:count]]
        more = total - len(shown)
        return "\n".join(shown + ([f"… and {more} more line{'s' if more > 1 else ''}"] if more > 0 else []))


def printed(text: str, count: int = PRINTED_LINES) -> str:
    """Some output as the learner is shown it."""
    captured = Captured()
    captured.write(text)
    return captured.shown(count)


assert printed("a\nb\nc\n", 2) == "a\nb\n… and 1 more line" == printed("a\nb\nc", 2) and printed("") == ""

# ---------------------------------------------------------------------------
# The deadline.


class Stopped(BaseException):
    """Raised inside a learner's call that ran past its deadline.

    A BaseException, so an ``except Exception:`` in the learner's code cannot swallow it;
    and an ``except:`` that does lets it go here, which sets the trap again.
    """

    deadline: Deadline | None = None  # the deadline that raised it

    def __del__(self) -> None:
        if self.deadline is not None and self.deadline.running:
            self.deadline.rearm()


class Deadline:
    """A time limit for one call, kept by a trace function: past it, the learner's next line raises Stopped."""

    def __init__(self, fn: Any, seconds: float, budget_ends: float | None) -> None:
        self.running = False  # whether the call is in progress
        self.started = time.monotonic()
        self.ends = self.started + seconds
        self.over_budget = budget_ends is not None and budget_ends < self.ends
        self.ends = min(self.ends, budget_ends) if budget_ends is not None else self.ends
        self.last = self.started  # when the trace last saw the learner's code run
        self.unseen: float | None = None  # when it stopped it: how long it had not seen it run
        self.fn_code: CodeType | None = getattr(fn, "__code__", None)
        self.returned_at: tuple[str, int] | None = None  # where the learner's function last returned
        self.watch_ends: float | None = None  # past the deadline: until when the code is watched going round
        self.states: set[Any] = set()  # the states of the learner's code seen while it was watched
        self.looping: bool | None = None  # what the watch found: the same state again (True), or none (False)

    def call(self, fn: Callable, args: Sequence[Any]) -> Any:
        """``fn(*args)`` with this deadline; any previous tracer (a debugger's, coverage's) is put back after."""
        previous = sys.gettrace()
        self.running = True
        sys.settrace(self.on_call)
        try:
            return fn(*args)
        finally:
            self.running = False
            sys.settrace(previous)

    def passed(self) -> bool:
        return time.monotonic() > self.ends

    def tick(self, frame: FrameType | None = None) -> None:
        """A moment of the learner's code, seen by the trace: past the deadline, watch it a little, then stop it.

        The first time, note how long Python had not seen it run: long only if it was busy in one C call (then
        it stops at once). Else, for WATCH seconds, it notes the state of the learner's running frames: the same
        state twice is an endless loop (the code goes round without changing anything); none is slow work.
        """
        now = time.monotonic()
        if now > self.ends:
            if self.unseen is None:
                self.unseen = now - self.last
                self.watch_ends = now + WATCH if self.unseen <= LATE else now
            if self.looping is None and frame is not None and now <= (self.watch_ends or now):
                state = frame_state(frame)
                if state not in self.states:
                    self.states.add(state)
                    self.last = now
                    return
                self.looping = True
            self.looping = bool(self.looping)
            self.stop()
        self.last = now

    def stop(self) -> None:
        """Raise Stopped in the code running now."""
        raise self.stopped()  # not kept in a variable here: the learner's `except:` must be its last holder

    def stopped(self) -> Stopped:
        """A Stopped that knows this deadline, to set the trap again if it is caught and let go."""
        stopped = Stopped()
        stopped.deadline = self
        return stopped

    def on_call(self, frame: FrameType, event: str, arg: Any) -> Any:
        """Every new frame: past the deadline, stop; in the learner's code, follow it line by line."""
        if frame.f_code in OWN_CODE:
            return None
        self.tick()
        return self.on_line if learners_code(frame.f_code.co_filename) else None

    def on_line(self, frame: FrameType, event: str, arg: Any) -> Any:
        """Every line of the learner's code (and its returns): past the deadline, stop."""
        if event == "return" and frame.f_code is self.fn_code:
            self.returned_at = (frame.f_code.co_filename, frame.f_lineno)
        self.tick(frame)
        return self.on_line

    def rearm(self) -> None:
        """Trace the learner's running frames again (Python switched the trace off when it raised)."""
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code is not Deadline.call.__code__:
            if learners_code(frame.f_code.co_filename):
                frame.f_trace, frame.f_trace_lines = self.on_line, True
            frame = frame.f_back
        sys.settrace(self.on_call)


OWN_CODE = {Stopped.__del__.__code__, Deadline.rearm.__code__}  # never stopped: they set the trap again
SIMPLE = (int, float, str, bool, type(None))
SEEN_ITEMS = 1000  # items of a list looked at, to tell whether a loop changed it


def frame_state(frame: FrameType | None) -> tuple[Any, ...]:
    """Where the learner's running frames are, with the values of their variables: the same state twice, in code
    that runs the same way each time, is an endless loop."""
    state = []
    while frame is not None and learners_code(frame.f_code.co_filename):
        state.append(
            (frame.f_code, frame.f_lineno, tuple((name, fingerprint(value)) for name, value in frame.f_locals.items()))
        )
        frame = frame.f_back
    return tuple(state)


def fingerprint(value: Any, depth: int = 0) -> Any:
    """A value as a hashable snapshot: its contents for Python's own types (lists and dicts followed a few levels
    deep), its identity for other objects (a card too: every card exists once). No learner code runs."""
    kind = type(value)
    if kind in SIMPLE:
        return kind, value
    if kind in (list, tuple) and depth < 3 and len(value) <= SEEN_ITEMS:
        return kind, tuple(fingerprint(item, depth + 1) for item in value)
    if kind is dict and depth < 3 and len(value) <= SEEN_ITEMS:
        return kind, tuple((fingerprint(k, depth + 1), fingerprint(v, depth + 1)) for k, v in value.items())
    if kind in (set, frozenset) and depth < 3 and len(value) <= SEEN_ITEMS:
        return kind, frozenset(fingerprint(item, depth + 1) for item in value)
    return kind, id(value), len(value) if kind in (list, tuple, dict, set, frozenset) else 0


_BUDGET_ENDS: float | None = None  # when the check in progress must end, if one is

# ---------------------------------------------------------------------------
# A call's own work: the trace that keeps the time limit makes Python run the learner's code several times slower
# (any trace or profile function does, in every frame: six times for a Monte Carlo bot, measured). A time limit is
# for the learner's code, not for the check's watch, so a bot's time is measured again without it (``bots``).


def untraced_work(fn: Callable, args: Sequence[Any]) -> float:
    """The processor's time a call takes with no trace at all; what it returns, raises or prints is dropped. Nothing
    can stop it: make only a call that has just ended, on the same arguments, under the time limit's trace."""
    previous, captured = sys.gettrace(), Captured()
    sys.settrace(None)
    start = time.process_time()
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            fn(*args)
    except Exception:  # judged already, under the trace
        pass
    finally:
        spent = time.process_time() - start
        sys.settrace(previous)
    return spent


def waits() -> int | None:
    """How many times this thread has given the processor up to wait (voluntary context switches: a sleep, input,
    a file read), where the system tells it (Linux); else None. Another program's turn on a busy machine is not one.
    (Only this thread's: a Jupyter kernel's other threads wake up on their own.)"""
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_THREAD).ru_nvcsw
    except (ImportError, AttributeError, OSError, ValueError):  # the browser's Pyodide has no resource module
        return None


@contextlib.contextmanager
def time_budget(seconds: float | None = None) -> Iterator[None]:
    """Calls made inside share a budget of ``seconds`` (CHECK_BUDGET by default), besides their own limits."""
    global _BUDGET_ENDS
    outer = _BUDGET_ENDS
    ends = time.monotonic() + (CHECK_BUDGET if seconds is None else seconds)
    _BUDGET_ENDS = ends if outer is None else min(outer, ends)
    try:
        yield
    finally:
        _BUDGET_ENDS = outer


def budget_spent() -> bool:
    """Whether the check in progress has used up its time budget."""
    return _BUDGET_ENDS is not None and time.monotonic() > _BUDGET_ENDS


# ---------------------------------------------------------------------------
# One call.


@dataclass
class Outcome:
    """What one call of the learner's code did: returned a value, raised, or was stopped — and what it printed."""

    value: Any = None
    error: str = ""  # one line, '' if the call returned
    stopped: bool = False  # ran past its deadline
    over_budget: bool = False  # ... which was the whole check's budget, not the call's own limit
    limit: float = 0.0  # the call's own time limit, in seconds
    elapsed: float = 0.0  # seconds the call really took
    working: float = 0.0  # of which the processor worked for this process (others' share of a busy machine not)
    blocked: int | None = None  # times it gave the processor up to wait (a sleep, input); None: the system cannot tell
    unseen: float = 0.0  # seconds it ran out of the trace's sight before it was stopped (in C)
    printed: str = ""  # what it wrote to stdout and stderr, cut to a few lines
    returned_at: str = ""  # the learner's line that returned the value
    looping: bool = False  # stopped going round in an endless loop (the same state twice), not slow work
    raised: BaseException | None = None  # what it raised, if it did (``error`` says it in words)

    @property
    def came_late(self) -> bool:
        """Stopped well after its deadline, having been busy in code that cannot be interrupted."""
        return self.stopped and self.unseen > LATE

    def stop_message(self, given: str = "") -> str:
        """Why the call was stopped, with the time it really took (and what it was given: 'on a hand of 9 cards')."""
        on = f" {given}" if given else ""
        if self.came_late:
            return (
                f"your code ran for {self.elapsed:.1f} s, past the {self.limit:g} s limit for one call, inside one "
                f"of Python's built-in operations, which cannot be interrupted (a very long sum, range or sleep?)"
            )
        if self.looping:
            return (
                f"stopped after {self.elapsed:.1f} s (the limit for one call is {self.limit:g} s): "
                f"is there an endless loop?"
            )
        return (
            f"your function is slow: it took {self.elapsed:.1f} s{on} and was still working when stopped (the "
            f"limit for one call is {self.limit:g} s)"
        )


def call_safely(fn: Callable, args: Sequence[Any], limit: float | None = None) -> Outcome:
    """Call ``fn(*args)`` with a time limit (TIME_LIMIT by default), catching whatever it raises or prints."""
    limit = TIME_LIMIT if limit is None else limit
    deadline = Deadline(fn, limit, _BUDGET_ENDS)
    captured = Captured()
    outcome = Outcome(limit=limit)
    switches = waits()
    working = time.process_time()  # (in the browser, Pyodide's processor time is the time waited)
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            outcome.value = deadline.call(fn, args)
        outcome.stopped = deadline.passed()  # a C call that ran past the deadline and then returned
    except Stopped:
        outcome.stopped = True
    except BaseException as error:  # the learner's code may raise anything, sys.exit() and Ctrl-C included
        outcome.error, outcome.raised = summarise_error(error, fn), error
    finished = time.monotonic()
    outcome.elapsed = finished - deadline.started
    outcome.working = time.process_time() - working
    after = waits()
    outcome.blocked = None if after is None or switches is None else after - switches
    # Code the trace never saw stop (a builtin, called directly) was out of its sight past the deadline.
    outcome.unseen = deadline.unseen if deadline.unseen is not None else max(finished - deadline.ends, 0.0)
    outcome.over_budget = outcome.stopped and deadline.over_budget
    outcome.looping = outcome.stopped and bool(deadline.looping)
    outcome.printed = captured.shown()
    if deadline.returned_at is not None and not (outcome.error or outcome.stopped):
        outcome.returned_at = line_text(*deadline.returned_at, getattr(fn, "__name__", ""), fn)
    return outcome
