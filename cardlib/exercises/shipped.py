"""The engine as shipped: the checker's oracle, whatever the learner's code has changed in it.

A learner trying a function in the game may write ``ecarte.legal_plays = my_legal_plays``.
The engine looks its functions up by name as it runs, so from then on the engine — the
checker's oracle — would agree with the learner, and a wrong function would be judged
correct. So when the catalogue is built (``cardlib.exercises`` is imported), this module
takes a snapshot of every name in the engine's modules and every attribute of their
classes. During a check the shipped engine is put back, and the learner's changes are
put back in turn around each call of the learner's own code::

    with SHIPPED.engine_as_shipped():          # the oracle, the cases and the explanations
        ...
        with SHIPPED.learners_engine():        # the learner's function, in the world it made
            ...

A name rebound, added or deleted is undone this way, and so is a function's defaults or code
set anew (``trick_winner.__defaults__ = (True,)``). A change inside a shipped object cannot
happen by accident: the engine's tables are read-only (``cards.Table``, tuples, frozensets,
frozen dataclasses), and ``tests/exercises/test_unbreakable.py`` tries it.
"""

from __future__ import annotations

import builtins
import contextlib
import dis
import functools
import importlib
import inspect
import operator
import os
import sys
from collections.abc import Iterator
from types import CodeType, FrameType, FunctionType, ModuleType
from typing import Any

from ..cards import FULL_PACK, Card, Table
from .running import in_cardlib

ENGINE_MODULES = ("cardlib", "cardlib.cards", "cardlib.tricks", "cardlib.alkort", "cardlib.ecarte")

Owner = Any  # a module or a class: something whose attributes the snapshot keeps
Changes = list[tuple[Owner, str, Any]]  # (owner, name, value) to set; MISSING to delete
MISSING = object()
# Names Python itself adds as the engine runs: caches of the warnings and copy modules.
PYTHONS_OWN = frozenset({"__warningregistry__", "__slotnames__"})
# What a learner's code may set on one of the engine's functions to change what it does.
FUNCTION_PARTS = ("__code__", "__defaults__", "__kwdefaults__")


def learners_change(name: str, shipped: Any, now: Any) -> bool:
    """Whether a name's value differs from the shipped one by the learner's doing.

    Importing a module adds it to its package (``cardlib.exercises``): that is not a change to the engine.
    """
    return now is not shipped and name not in PYTHONS_OWN and not isinstance(now, ModuleType)


def owners(modules: list[ModuleType]) -> list[Owner]:
    """The modules, and the classes each of them defines."""
    found: list[Owner] = []
    for module in modules:
        found.append(module)
        found += [
            value for value in vars(module).values() if inspect.isclass(value) and value.__module__ == module.__name__
        ]
    return found


def tables_in(namespaces: list[dict[str, Any]]) -> list[Table[Any, Any]]:
    """The read-only tables the engine's modules and classes hold, and the tables inside them (STRENGTH's)."""
    found: dict[int, Table[Any, Any]] = {}
    waiting = [value for namespace in namespaces for value in namespace.values()]
    while waiting:
        value = waiting.pop()
        if isinstance(value, Table) and id(value) not in found:
            found[id(value)] = value
            waiting += value.values()
    return list(found.values())


def functions_of(owner: Owner) -> list[FunctionType]:
    """The Python functions an owner defines: its functions, methods, static and class methods, properties' getters."""
    found = []
    for value in vars(owner).values():
        value = getattr(value, "fget", None) or getattr(value, "__func__", None) or value
        if isinstance(value, FunctionType) and in_cardlib(value.__code__.co_filename):
            found.append(value)
    return found


class Snapshot:
    """Every attribute of some modules and classes, as they were when it was taken."""

    def __init__(self, module_names: tuple[str, ...]) -> None:
        self.owners = owners([importlib.import_module(name) for name in module_names])
        self.taken = [dict(vars(owner)) for owner in self.owners]
        self.functions = [function for owner in self.owners for function in functions_of(owner)]
        self.parts = [list(map(operator.attrgetter(part), self.functions)) for part in FUNCTION_PARTS]
        self.values = [list(taken.values()) for taken in self.taken]  # in order, to compare quickly
        self.tables = [(table, dict(table)) for table in tables_in(self.taken)]  # each read-only table, and a copy
        self.learners: Changes | None = None  # while the shipped engine is in place: what the learner had

    def differences(self) -> Changes:
        """What the learner's code has changed: (owner, name, shipped value), to put the engine back."""
        found: Changes = []
        for i, (owner, taken, values) in enumerate(zip(self.owners, self.taken, self.values)):
            now = vars(owner)
            if len(now) == len(taken) and all(map(operator.is_, now.values(), values)):
                continue  # the usual case: nothing changed (and this loop runs in C, quickly)
            changed = [
                (owner, name, value)
                for name, value in taken.items()
                if learners_change(name, value, now.get(name, MISSING))
            ]
            changed += [
                (owner, name, MISSING)
                for name in now
                if name not in taken and learners_change(name, MISSING, now[name])
            ]
            if not changed:  # only Python's doing (a module imported, a cache): the engine as shipped, from now on
                self.taken[i], self.values[i] = dict(now), list(now.values())
            found += changed
        return found + self.function_differences()

    def function_differences(self) -> Changes:
        """The engine's functions whose code or defaults the learner's code has set: (function, part, shipped)."""
        found: Changes = []
        for part, shipped in zip(FUNCTION_PARTS, self.parts):
            now = list(map(operator.attrgetter(part), self.functions))
            if not all(map(operator.is_, now, shipped)):  # in C, quickly: usually nothing changed
                found += [(f, part, value) for f, value, was in zip(self.functions, shipped, now) if value is not was]
        return found

    def apply(self, changes: Changes) -> Changes:
        """Set every (owner, name, value); return the values they replace, to undo it."""
        undo: Changes = []
        for owner, name, value in changes:
            undo.append(
                (
                    owner,
                    name,
                    getattr(owner, name) if isinstance(owner, FunctionType) else vars(owner).get(name, MISSING),
                )
            )
            if value is MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, value)
        return undo

    def repair_tables(self) -> None:
        """Put back the contents of any read-only table changed round its guard (``dict.__setitem__(TAKERS, ...)``):
        no accident does that, but the oracle must not depend on it."""
        for table, shipped in self.tables:
            if table != shipped:  # dict's own comparison, in C: quick
                dict.clear(table)
                dict.update(table, shipped)

    @contextlib.contextmanager
    def engine_as_shipped(self) -> Iterator[None]:
        """Inside, the engine is as it was imported; afterwards, as the learner's code left it."""
        if self.learners is not None:  # already inside
            yield
            return
        self.repair_tables()
        self.learners = self.apply(self.differences())
        try:
            yield
        finally:
            learners, self.learners = self.learners, None
            self.apply(self.differences())
            self.apply(learners)

    @contextlib.contextmanager
    def learners_engine(self) -> Iterator[None]:
        """Inside an ``engine_as_shipped`` block: the engine as the learner's code has made it, for its own call."""
        if self.learners is None:
            yield
            return
        self.apply(self.learners)
        try:
            yield
        finally:
            self.learners = self.apply(self.differences())  # all the learner's code has changed, this call too


SHIPPED = Snapshot(ENGINE_MODULES)


def library_function(fn: Any) -> str:
    """'cardlib.alkort.trick_winner' if fn is one of cardlib's own functions or classes, or wraps one (a partial, a
    method, a decorated function), else ''. A function of the learner's that only passes its arguments on to the
    library's is found by what it does during the check (``Watch``), whatever its code looks like."""
    return own_function(fn)


def own_function(fn: Any) -> str:
    """'cardlib.alkort.trick_winner' if fn is one of cardlib's own functions or classes (or wraps one), else ''."""
    while True:
        inner = (
            fn.func
            if isinstance(fn, functools.partial)
            else getattr(fn, "__func__", None) or getattr(fn, "__wrapped__", None)
        )
        if inner is None:
            break
        fn = inner
    module = getattr(fn, "__module__", None) or ""
    code = getattr(fn, "__code__", None)
    if module == "cardlib" or module.startswith("cardlib.") or (code is not None and in_cardlib(code.co_filename)):
        return f"{module}.{getattr(fn, '__qualname__', getattr(fn, '__name__', 'function'))}"
    return ""


# ---------------------------------------------------------------------------
# Delegation, judged by behaviour: during the check, every call of the library's function the exercise asks for
# (or of its engine twin) is watched; a learner's function whose every answer is such a call's, made with the
# learner's arguments, is that function in disguise (a lambda, a partial, a def that only passes them on).

# The engine's functions that answer the same question as another under another name: its twin.
TWINS = Table(
    "shipped.TWINS",
    {
        "cardlib.alkort.trick_winner": ("cardlib.alkort.judge_trick",),
        "cardlib.ecarte.legal_plays": ("cardlib.ecarte.play_duty",),
    },
)


def qualified(fn: Any) -> str:
    """A function's full name: 'cardlib.alkort.trick_winner'."""
    return f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', getattr(fn, '__name__', '?'))}"


def engine_function(value: Any) -> bool:
    """Whether a value is one of the engine's Python functions (not the exercises' own helpers)."""
    code = getattr(value, "__code__", None)
    return (
        isinstance(value, FunctionType)
        and code is not None
        and in_cardlib(code.co_filename)
        and f"{os.sep}exercises{os.sep}" not in code.co_filename
    )


def asked_functions(oracle: Any) -> tuple[FunctionType, ...]:
    """The engine's functions an exercise asks the learner to write: its oracle, if the oracle is one, else those
    the oracle's code calls by name — and their twins."""
    if oracle is None:
        return ()
    if engine_function(oracle):
        found = [oracle]
    else:
        code = getattr(oracle, "__code__", None)
        if not isinstance(code, CodeType):
            return ()
        found = [v for v in loaded_values(oracle, code, list(dis.get_instructions(code))) if engine_function(v)]
    modules = {f.__module__: importlib.import_module(f.__module__) for f in found}
    twins = [
        getattr(modules[f.__module__], name.rsplit(".", 1)[1]) for f in found for name in TWINS.get(qualified(f), ())
    ]
    return tuple(dict.fromkeys([*found, *twins]))


# One call of a watched function: (the function, its arguments by name, what it returned).
Call = tuple[FunctionType, dict[str, Any], Any]


class Watch:
    """Records every call of some functions (by their code, however the learner reached them) made inside it."""

    def __init__(self, functions: tuple[FunctionType, ...]) -> None:
        self.functions = {f.__code__: f for f in functions}
        self.calls: list[Call] = []
        self._arguments: dict[int, dict[str, Any]] = {}

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        """sys.setprofile's hook: note a watched function's arguments as it starts and its answer as it returns."""
        function = self.functions.get(frame.f_code)
        if function is None:
            return
        if event == "call":
            code = frame.f_code
            names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            self._arguments[id(frame)] = {name: frame.f_locals.get(name) for name in names}
        elif event == "return":
            self.calls.append((function, self._arguments.pop(id(frame), {}), arg))

    @contextlib.contextmanager
    def watching(self) -> Iterator[list[Call]]:
        """Inside, the calls are recorded (a profiler set by someone else is put back after)."""
        self.calls = []
        if not self.functions:
            yield self.calls
            return
        previous = sys.getprofile()
        sys.setprofile(self.profile)
        try:
            yield self.calls
        finally:
            sys.setprofile(previous)
            self._arguments.clear()


def loaded_values(fn: Any, code: CodeType, instructions: list[dis.Instruction]) -> list[Any]:
    """The values a function's code loads by name, attributes followed (``alkort.trick_winner``), without running
    any of the learner's code."""
    values: list[Any] = []
    chained = False  # whether the instruction before loaded a name or an attribute of one
    for instruction in instructions:
        if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF"):
            values.append(named_value(fn, code, str(instruction.argval)))
            chained = True
        elif instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and chained:
            values[-1] = inspect.getattr_static(values[-1], str(instruction.argval), None)
        else:
            chained = False
    return values


def named_value(fn: Any, code: CodeType, name: str) -> Any:
    """What a name in a function's code stands for: one of its closure's cells, a global or a builtin."""
    if name in code.co_freevars and fn.__closure__:
        with contextlib.suppress(ValueError):  # a cell not filled yet
            return fn.__closure__[code.co_freevars.index(name)].cell_contents
        return None
    return fn.__globals__.get(name, getattr(builtins, name, None))


# ---------------------------------------------------------------------------
# Where an answer comes from: the library's function, asked by the learner's code, answers something else for the
# length of one call (a decoy). A function that only passes the library's answer on gives the decoy back; one that
# computes its own (and calls the library only to test itself: ``assert best == alkort.trick_winner(cards)``)
# does not.

FORWARD = "def forward(*args, __decoy__=None, **kwargs):\n    return __decoy__(args, kwargs)\n"
_FORWARD = compile(FORWARD, __file__, "exec")  # (its file is cardlib's: the time limit's trace never follows it)
FORWARD_CODE = next(c for c in _FORWARD.co_consts if isinstance(c, CodeType))


def decoy_of(value: Any) -> Any:
    """A value of the same kind as an answer, and different: not a bool, a neighbouring number, the next card of the
    pack, each item of a list or tuple changed (a named tuple stays one); the value itself when no decoy can be made."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value ^ 1  # another index in the same range (0 and 1, 2 and 3): a learner's range test still passes
    if isinstance(value, float):
        return value + 1
    if isinstance(value, Card):
        return FULL_PACK[(FULL_PACK.index(value) + 1) % len(FULL_PACK)] if value in FULL_PACK else value
    if value is None:
        return FULL_PACK[0]
    if isinstance(value, str):
        return value + " (a decoy)"
    if isinstance(value, list):
        return [decoy_of(item) for item in value] or [FULL_PACK[0]]
    if isinstance(value, tuple):
        items = [decoy_of(item) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    return value


def decoyed(function: FunctionType, inside: list[int]) -> Any:
    """What the function's code is replaced by: its real answer made a decoy — for the outermost of the decoyed calls
    only (``inside`` counts them: a twin called by the other, ``judge_trick`` by ``trick_winner``, answers truly)."""
    real = FunctionType(function.__code__, function.__globals__, function.__name__, function.__defaults__)
    real.__kwdefaults__ = function.__kwdefaults__

    def answer(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        inside[0] += 1
        try:
            value = real(*args, **kwargs)
        finally:
            inside[0] -= 1
        return value if inside[0] else decoy_of(value)

    return answer


@contextlib.contextmanager
def answering_decoys(functions: tuple[FunctionType, ...]) -> Iterator[None]:
    """Inside, each function (one without a closure) answers a decoy, however the learner's code reached it (through
    another of the library's functions too: ``hand(text)[0]`` is ``card(text)``)."""
    swapped = [(f, f.__code__, f.__kwdefaults__) for f in functions if not f.__closure__]
    inside = [0]
    try:
        for function, _, _ in swapped:
            handler = decoyed(function, inside)
            function.__code__ = FORWARD_CODE
            function.__kwdefaults__ = {"__decoy__": handler}
        yield
    finally:
        for function, code, kwdefaults in swapped:
            function.__code__, function.__kwdefaults__ = code, kwdefaults
