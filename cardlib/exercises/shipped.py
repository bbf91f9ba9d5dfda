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
from collections.abc import Iterator
from types import CodeType, FunctionType, ModuleType
from typing import Any

from ..cards import Table
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
    """'cardlib.alkort.trick_winner' if fn is one of cardlib's own functions or classes, wraps one, or only passes
    its arguments on to one (a lambda, a one-line def: the library's own function in disguise), else ''."""
    return own_function(fn) or passes_on_to(fn)


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


# What a function that only passes its arguments on is made of: loading names and values, calling, keeping the
# answer in a variable, returning it.
PASSING_ON = frozenset(
    {
        "RESUME",
        "NOP",
        "CACHE",
        "COPY_FREE_VARS",
        "MAKE_CELL",
        "LOAD_FAST",
        "LOAD_FAST_LOAD_FAST",
        "LOAD_DEREF",
        "LOAD_CLOSURE",
        "LOAD_CONST",
        "LOAD_GLOBAL",
        "LOAD_NAME",
        "LOAD_ATTR",
        "LOAD_METHOD",
        "PUSH_NULL",
        "KW_NAMES",
        "PRECALL",
        "CALL",
        "CALL_KW",
        "BUILD_LIST",
        "BUILD_TUPLE",
        "BINARY_SUBSCR",
        "RETURN_VALUE",
        "RETURN_CONST",
        "STORE_FAST",
        "LOAD_FAST_CHECK",
        "STORE_FAST_LOAD_FAST",
        "STORE_FAST_STORE_FAST",
    }
)


def passes_on_to(fn: Any, depth: int = 0) -> str:
    """The library's function a learner's function only calls ('cardlib.alkort.trick_winner, only called'), with
    Python's conversions around it at most (list(...), sorted(...)); '' if it does anything of its own."""
    code = getattr(fn, "__code__", None)
    if not isinstance(code, CodeType) or depth > 3 or in_cardlib(code.co_filename):
        return ""
    instructions = list(dis.get_instructions(code))
    if any(i.opname not in PASSING_ON for i in instructions) or not any(
        i.opname.startswith("CALL") for i in instructions
    ):
        return ""
    found = ""
    for value in loaded_values(fn, code, instructions):
        if not callable(value) or inspect.isclass(value) or value is sorted:  # a value, a conversion, a card made
            continue
        own = own_function(value) or passes_on_to(value, depth + 1)
        if not own:
            return ""  # it calls something of the learner's own
        found = found or own
    return f"{found.removesuffix(', only called')}, only called" if found else ""


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
