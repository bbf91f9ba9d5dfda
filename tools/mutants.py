"""Mutation testing of every exercise's check: ``python tools/mutants.py`` (or ``make mutants``).

A check is the course's promise that "correct" means the rule is understood. To test that promise, this
tool takes every exercise's model solution, makes each of its single-point *mutants* — the small slips a
learner makes — and runs each through the exercise's own ``check``:

- swap two entries of a literal table or sequence (a list, tuple, set, dict, or a string of cards such as
  ``hand("K♦ 2♥ 4♣")``), or drop one entry;
- change a comparison (``<`` ``<=`` ``==`` ``in`` …) or a boolean operator (``and``/``or``, drop one side
  of it, drop a ``not``, swap the branches of ``a if c else b``);
- shift an int constant, an index or a slice bound by one;
- swap two arguments of a call;
- return early (the block's ``return`` one statement sooner, or inside a loop after its first pass);
- change an argument instead of copying it (``list(cards)`` becomes ``cards``; the caller's list emptied
  or reversed before returning).

Each mutant must be **caught** (the check says "not yet", or the mutant fails as it is defined), or shown
**equivalent**: it agrees with the model solution, and leaves its arguments as it found them, on every input
of the exercise's whole input space — or of a stated enumeration where the space is too big (``SPACES``).
A mutant that is neither *survives*: the check called a wrong solution correct. The exit status is 1 then.

Why an AST transformer of our own, not mutmut or cosmic-ray: those mutate files on disk and run a test
suite for each mutant, a new process each time — thousands of mutants would take hours on this machine —
and they have no operator that swaps or drops the entries of a literal table, the slip learners make most.
The model solutions are source text in the catalogue, so each mutant is made in memory with ``ast`` and
run through ``Exercise.check`` in milliseconds. Swaps inside a collection that is only ever asked for
membership (``c.rank in ("A", "J", "6")``, ``set(hand("K♦ 2♥"))``) cannot change anything and are not made.
"""

from __future__ import annotations

import argparse
import ast
import copy
import inspect
import itertools
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDLIB_PROGRESS", "off")  # mutants must not be remembered as a learner's progress

from cardlib import alkort, ecarte  # noqa: E402
from cardlib.cards import ALKORT_PACK, ECARTE_PACK, FULL_PACK, Card, card, hand  # noqa: E402
from cardlib.exercises import CORRECT, checker  # noqa: E402
from cardlib.exercises import bots as bot_checks  # noqa: E402
from cardlib.exercises import sizes as exercise_sizes  # noqa: E402
from cardlib.exercises.checker import Exercise, define, fresh  # noqa: E402
from cardlib.exercises.notebooks import CHAPTERS, chapter_module  # noqa: E402

# ---------------------------------------------------------------------------
# Making mutants: one pass of a NodeTransformer counts the places it could change; a second pass, on a
# fresh copy of the tree, changes only the place with the number asked for.

OTHER_COMPARISONS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq, ast.Is),  # == becomes is: identity for equality, right only for objects Python keeps once
    ast.NotEq: (ast.Eq, ast.IsNot),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
SYMBOLS = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}
COPIERS = ("list", "sorted", "tuple")  # list(cards) makes a copy; the mutant uses the caller's list itself


def card_tokens(text: str) -> list[str] | None:
    """The cards a string names ("K♦ 2♥ 4♣" -> three), or None when it is not a string of two or more cards."""
    tokens = text.split()
    if len(tokens) < 2:
        return None
    try:
        [card(token) for token in tokens]
    except ValueError:
        return None
    return tokens


class Mutator(ast.NodeTransformer):
    """Counts the places a mutant can be made (``found``), and makes the one numbered ``target``."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.found: list[str] = []
        self.made: Any = None  # the node that replaces the one being visited, once the mutant is made

    def offer(self, node: Any, description: str, make: Callable[[], Any]) -> None:
        """One possible mutant here: made if it is the one asked for, else only counted."""
        if len(self.found) == self.target:
            self.made = make()
        self.found.append(f"line {getattr(node, 'lineno', '?')}: {description}")

    def finish(self, node: Any) -> Any:
        """What the visited node becomes: the mutant's new node if one was made here, else the node itself."""
        made, self.made = self.made, None
        return node if made is None else made

    # -- what is not mutated: imports and docstrings
    def visit_ImportFrom(self, node: ast.ImportFrom) -> Any:
        return node

    def visit_Expr(self, node: ast.Expr) -> Any:
        docstring = isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        return node if docstring else self.generic_visit(node)

    # -- membership: the order of what is only asked "is x in it?" cannot matter
    def visit_Compare(self, node: ast.Compare) -> Any:
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                mark_membership(right)
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            for other in OTHER_COMPARISONS[type(op)]:
                self.offer(
                    node,
                    f"{SYMBOLS[type(op)]} becomes {SYMBOLS[other]}",
                    partial(replace_op, node, i, other()),
                )
        return self.finish(node)

    def visit_Call(self, node: ast.Call) -> Any:
        if isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset"):
            for arg in node.args:
                mark_membership(arg)
        self.generic_visit(node)
        for i, j in different_pairs([ast.unparse(arg) for arg in node.args]):
            self.offer(
                node,
                f"arguments {i + 1} and {j + 1} of {ast.unparse(node.func)}() swapped",
                partial(with_swapped, node, "args", i, j),
            )
        argument = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if isinstance(node.func, ast.Name) and node.func.id in COPIERS and isinstance(argument, ast.Name):
            self.offer(node, f"{ast.unparse(node)} becomes {argument.id}: no copy", lambda: argument)
        return self.finish(node)

    # -- tables and sequences
    def visit_List(self, node: ast.List) -> Any:
        return self.sequence(node, "elts")

    def visit_Tuple(self, node: ast.Tuple) -> Any:
        return self.sequence(node, "elts")

    def visit_Set(self, node: ast.Set) -> Any:
        return self.sequence(node, "elts")

    def visit_Dict(self, node: ast.Dict) -> Any:
        self.generic_visit(node)
        keys = [ast.unparse(k) if k is not None else "**" for k in node.keys]
        for i, j in itertools.combinations(range(len(node.keys)), 2):
            self.offer(
                node,
                f"the values of {keys[i]} and {keys[j]} swapped",
                partial(with_swapped, node, "values", i, j),
            )
        for i in range(len(node.keys)):
            self.offer(node, f"entry {keys[i]} dropped", partial(with_dropped, node, ("keys", "values"), i))
        return self.finish(node)

    def sequence(self, node: Any, name: str) -> Any:
        """Swap any two entries (unless only membership is asked of it), or drop one."""
        self.generic_visit(node)
        items = [ast.unparse(item) for item in getattr(node, name)]
        if not getattr(node, "membership", False):
            for i, j in different_pairs(items):
                self.offer(node, f"{items[i]} and {items[j]} swapped", partial(with_swapped, node, name, i, j))
        if len(items) >= 2 or not isinstance(getattr(node, "ctx", None), ast.Store):
            for i in range(len(items)):
                self.offer(node, f"{items[i]} dropped", partial(with_dropped, node, (name,), i))
        return self.finish(node)

    def visit_Constant(self, node: ast.Constant) -> Any:
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool):
            for step in (1, -1):
                self.offer(node, f"{value} becomes {value + step}", partial(ast.Constant, value + step))
        tokens = card_tokens(value) if isinstance(value, str) else None
        if tokens is None:
            return self.finish(node)
        if not getattr(node, "membership", False):
            for i, j in different_pairs(tokens):
                self.offer(
                    node,
                    f"{tokens[i]} and {tokens[j]} swapped in {value!r}",
                    partial(ast.Constant, " ".join(swapped(tokens, i, j))),
                )
        for i in range(len(tokens)):
            self.offer(
                node,
                f"{tokens[i]} dropped from {value!r}",
                partial(ast.Constant, " ".join(tokens[:i] + tokens[i + 1 :])),
            )
        return self.finish(node)

    # -- a list made once and used up: a generator
    def visit_ListComp(self, node: ast.ListComp) -> Any:
        self.generic_visit(node)
        self.offer(
            node,
            f"{ast.unparse(node)} becomes a one-shot generator",
            lambda: ast.GeneratorExp(elt=node.elt, generators=node.generators),
        )
        return self.finish(node)

    # -- booleans
    def visit_BoolOp(self, node: ast.BoolOp) -> Any:
        self.generic_visit(node)
        other, words = (ast.Or(), "and becomes or") if isinstance(node.op, ast.And) else (ast.And(), "or becomes and")
        self.offer(node, words, lambda: ast.BoolOp(op=other, values=node.values))
        for i, value in enumerate(node.values):
            self.offer(node, f"the condition {ast.unparse(value)} dropped", partial(without_value, node, i))
        return self.finish(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            self.offer(node, f"not dropped from {ast.unparse(node)}", lambda: node.operand)
        return self.finish(node)

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        self.generic_visit(node)
        self.offer(
            node,
            f"the branches of {ast.unparse(node)} swapped",
            lambda: ast.IfExp(test=node.test, body=node.orelse, orelse=node.body),
        )
        return self.finish(node)

    # -- indexes
    def visit_Subscript(self, node: ast.Subscript) -> Any:
        self.generic_visit(node)
        if isinstance(node.slice, ast.Slice):
            for bound in ("lower", "upper"):
                value = getattr(node.slice, bound)
                if value is not None and not isinstance(value, ast.Constant):
                    node = self.shifted(node, node.slice, bound, f"the slice's {bound} bound {ast.unparse(value)}")
        elif not isinstance(node.slice, (ast.Constant, ast.UnaryOp, ast.Tuple)):
            node = self.shifted(node, node, "slice", f"the index {ast.unparse(node.slice)}")
        return self.finish(node)

    def shifted(self, node: Any, holder: Any, name: str, what: str) -> Any:
        """Two mutants: the expression ``holder.name`` plus one, and minus one."""
        for op, sign in ((ast.Add(), "+"), (ast.Sub(), "-")):

            def make(op: ast.operator = op) -> Any:
                """The expression plus (or minus) one, in place."""
                setattr(holder, name, ast.BinOp(left=getattr(holder, name), op=op, right=ast.Constant(1)))
                return node

            self.offer(node, f"{what} {sign} 1", make)
        return node

    # -- statements: return early, change an argument
    def visit_arg(self, node: ast.arg) -> Any:
        return node  # annotations are not mutated

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Any:
        returns, node.returns = node.returns, None  # nor is the return annotation
        self.generic_visit(node)
        node.returns = returns
        for block in blocks(node):
            self.early_returns(node, block)
        for arg in node.args.args:
            if arg.annotation is not None and "list" in ast.unparse(arg.annotation):
                for method in ("clear", "reverse"):
                    self.offer(
                        node,
                        f"{arg.arg}.{method}() before returning: the caller's list is changed",
                        partial(before_returns, node, f"{arg.arg}.{method}()"),
                    )
        return self.finish(node)

    def early_returns(self, node: Any, block: list[ast.stmt]) -> None:
        """A later ``return`` of this block made one statement sooner, or inside a loop after its first pass."""
        for k, statement in enumerate(block):
            later = next((s for s in block[k + 1 :] if isinstance(s, ast.Return)), None)
            if later is None:
                continue
            text = ast.unparse(later)
            if k >= 1:
                self.offer(
                    statement,
                    f"{text} before {ast.unparse(statement).splitlines()[0]}",
                    partial(block.insert, k, copy.deepcopy(later)),
                )
            if isinstance(statement, (ast.For, ast.While)):
                self.offer(
                    statement,
                    f"{text} after the first pass of the loop",
                    partial(statement.body.append, copy.deepcopy(later)),
                )


def different_pairs(items: list[str]) -> list[tuple[int, int]]:
    """The places of every two entries that differ: swapping equal ones would change nothing."""
    return [(i, j) for i, j in itertools.combinations(range(len(items)), 2) if items[i] != items[j]]


def mark_membership(node: ast.AST) -> None:
    """A collection only asked 'is x in it?' (also inside hand("…") or set(…)): its order cannot matter."""
    node.membership = True  # type: ignore[attr-defined]
    if isinstance(node, ast.Call):
        for arg in node.args:
            mark_membership(arg)


def replace_op(node: ast.Compare, i: int, op: ast.cmpop) -> ast.Compare:
    """The comparison with its i-th operator replaced."""
    node.ops = [*node.ops[:i], op, *node.ops[i + 1 :]]
    return node


def swapped(items: list[Any], i: int, j: int) -> list[Any]:
    """A copy of the list with entries i and j swapped."""
    items = list(items)
    items[i], items[j] = items[j], items[i]
    return items


def with_swapped(node: Any, name: str, i: int, j: int) -> Any:
    """The node with entries i and j of its field swapped."""
    setattr(node, name, swapped(getattr(node, name), i, j))
    return node


def with_dropped(node: Any, names: tuple[str, ...], i: int) -> Any:
    """The node with entry i left out of each of these fields."""
    for name in names:
        items = getattr(node, name)
        setattr(node, name, items[:i] + items[i + 1 :])
    return node


def without_value(node: ast.BoolOp, i: int) -> ast.expr:
    """The boolean operation with its i-th condition left out."""
    values = node.values[:i] + node.values[i + 1 :]
    return values[0] if len(values) == 1 else ast.BoolOp(op=node.op, values=values)


def blocks(function: ast.FunctionDef) -> Iterator[list[ast.stmt]]:
    """Every list of statements in a function: its body, and the bodies of its loops and ifs."""
    for node in ast.walk(function):
        for name in ("body", "orelse"):
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def before_returns(function: ast.FunctionDef, statement: str) -> ast.FunctionDef:
    """The statement put before every ``return`` of the function."""
    for block in list(blocks(function)):
        for k in reversed(range(len(block))):
            if isinstance(block[k], ast.Return):
                block.insert(k, ast.parse(statement).body[0])
    return function


# ---------------------------------------------------------------------------
# Shapes: programs shaped wrongly round a right answer, which no single-point change makes. The model solution is
# renamed _model and a function of the exercise's name, with its parameters, wraps it.

COPIED = """\
def _copied(value):
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if type(value) is tuple:
        return tuple(_copied(item) for item in value)
    return value


"""  # a deep copy, as the mutants that keep an answer hand it out after their first call

SHAPES = {
    "the first answer kept at module level and returned again": """\
_CACHE = []


def {name}({params}):
    if not _CACHE:
        _CACHE.append(_model({args}))
    return _CACHE[0]
""",
    "answers kept at module level by their arguments (a memo), the same object returned again": """\
_MEMO = {{}}


def {name}({params}):
    key = repr([{args}])
    if key not in _MEMO:
        _MEMO[key] = _model({args})
    return _MEMO[key]
""",
    "a mutable default argument reused as the answer's list": """\
def {name}({params}{comma}_out=[]):
    answer = _model({args})
    if not isinstance(answer, list):
        return answer
    _out.clear()
    _out.extend(answer)
    return _out
""",
    "the answer's cards kept in a module-level list that grows": """\
_STATE = []


def {name}({params}):
    answer = _model({args})
    if not isinstance(answer, list):
        return answer
    _STATE.extend(answer)
    return list(_STATE)
""",
    "a guard's early return replaced by a broad except returning a default": None,  # made by guard_in_except
    "an answer kept by its arguments, the kept object itself handed out on the first call (copies after)": """\
_KEPT = {{}}


"""
    + COPIED
    + """def {name}({params}):
    key = repr([{args}])
    if key not in _KEPT:
        _KEPT[key] = _model({args})
        return _KEPT[key]
    return _copied(_KEPT[key])
""",
    "a memo by the arguments' identity (id), their objects kept alive": """\
_SEEN = {{}}


"""
    + COPIED
    + """def {name}({params}):
    given = {given}
    key = tuple(id(value) for value in given)
    if key in _SEEN and all(a is b for a, b in zip(_SEEN[key][0], given)):
        return _copied(_SEEN[key][1])
    answer = _model({args})
    _SEEN[key] = (given, _copied(answer))
    return answer
""",
    "a size cut: list arguments longer than the largest size asked less one are cut to that": None,  # size_cut
}


def parameters(ex: Exercise) -> list[str]:
    """The parameters of the model solution's function."""
    tree = ast.parse(ex.solution_source)
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == ex.name)
    return [a.arg for a in function.args.args]


def renamed_model(ex: Exercise) -> str:
    """The model solution with its function renamed _model."""
    tree = ast.parse(ex.solution_source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == ex.name:
            node.name = "_model"
    return ast.unparse(tree)


def guard_in_except(ex: Exercise) -> Iterator[Mutant]:
    """Each guard of the model (``if c: return x`` in the function's body) left out, the rest of the body wrapped in
    ``try: … except Exception: return None`` — the broad except that hides the error the guard was there to avoid."""
    tree = ast.parse(ex.solution_source)
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == ex.name)
    for k, statement in enumerate(function.body):
        if isinstance(statement, ast.If) and any(isinstance(s, ast.Return) for s in statement.body):
            mutated = copy.deepcopy(tree)
            target = next(n for n in mutated.body if isinstance(n, ast.FunctionDef) and n.name == ex.name)
            rest = [s for i, s in enumerate(target.body) if i != k and not is_docstring(s, i)]
            handler = ast.ExceptHandler(type=ast.Name("Exception"), name=None, body=[ast.Return(ast.Constant(None))])
            target.body = [*target.body[:1], ast.Try(body=rest, handlers=[handler], orelse=[], finalbody=[])]
            words = ast.unparse(statement.test)
            source = ast.unparse(ast.fix_missing_locations(mutated))
            yield Mutant(ex, f"shape: the guard `if {words}` replaced by a broad except returning None", source)


def is_docstring(statement: ast.stmt, place: int) -> bool:
    """Whether a statement is a function's docstring."""
    return place == 0 and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def shape_mutants(ex: Exercise) -> list[Mutant]:
    """The model solution reshaped the ways of issue 27: answers kept and given again, state kept between calls."""
    params = parameters(ex)
    names = {"name": ex.name, "params": ", ".join(params), "args": ", ".join(params), "comma": ", " if params else ""}
    names["given"] = f"({', '.join(params)},)" if params else "()"
    made = [
        Mutant(ex, f"shape: {description}", renamed_model(ex) + "\n\n" + template.format(**names))
        for description, template in SHAPES.items()
        if template is not None
    ]
    return made + list(guard_in_except(ex)) + list(size_cut(ex)) + list(part_key(ex)) + list(order_key(ex))


def part_key(ex: Exercise) -> Iterator[Mutant]:
    """A memo by value whose key leaves one argument out (the trump, the dealer, the discards), handing out copies:
    right until the same other arguments come again with another value for the one left out."""
    params = parameters(ex)
    for left_out in params if len(params) > 1 else []:
        key = ", ".join(p for p in params if p != left_out)
        yield Mutant(ex, f"shape: {PART_KEY} ({left_out} left out)", memo_by(ex, params, key))


def memo_by(ex: Exercise, params: list[str], key: str) -> str:
    """The model behind a memo by value whose key is this expression of the arguments, handing out copies."""
    wrapper = (
        f"_MEMO = {{}}\n\n\ndef {ex.name}({', '.join(params)}):\n    key = repr([{key}])\n"
        f"    if key not in _MEMO:\n        _MEMO[key] = _copied(_model({', '.join(params)}))\n"
        f"    return _copied(_MEMO[key])\n"
    )
    return renamed_model(ex) + "\n\n" + COPIED + wrapper


PART_KEY = "a memo by value whose key leaves one argument out"


def order_key(ex: Exercise) -> Iterator[Mutant]:
    """A memo by value whose key reads each list argument in sorted order, handing out copies: right until the same
    items come again in another order that changes the answer (a trick played the other way round)."""
    params = parameters(ex)
    if not exercise_sizes.SIZES.get(ex.key) and not any(isinstance(v, list) for case in ex.fixed for v in case):
        return
    key = ", ".join(f"sorted(map(repr, {p})) if isinstance({p}, list) else {p}" for p in params)
    yield Mutant(ex, f"shape: {ORDER_KEY}", memo_by(ex, params, key))


ORDER_KEY = "a memo by value whose key reads the lists in sorted order (their order left out)"


def size_cut(ex: Exercise) -> Iterator[Mutant]:
    """The model answering for the first n - 1 items of each list argument only, n the largest size the games give
    it that the exercise asks (``sizes.SIZES``): right for every smaller input, as a hand formatter that wraps at 24
    characters is."""
    stated = exercise_sizes.SIZES.get(ex.key, {})
    params = parameters(ex)
    asked = {p: exercise_sizes.game_sizes(ex, p) - set(stated[p][1]) for p in stated if p in params}
    cuts = {p: max(sizes) - 1 for p, sizes in asked.items() if sizes}
    cuts = {p: n for p, n in cuts.items() if n >= 1}
    if not cuts:
        return
    lines = [f"    {p} = {p}[:{n}] if len({p}) > {n} else {p}" for p, n in cuts.items()]
    wrapper = (
        f"def {ex.name}({', '.join(params)}):\n" + "\n".join(lines) + f"\n    return _model({', '.join(params)})\n"
    )
    description = "shape: " + SIZE_CUT + " (" + ", ".join(f"{p} cut to {n}" for p, n in cuts.items()) + ")"
    yield Mutant(ex, description, renamed_model(ex) + "\n\n" + wrapper)


SIZE_CUT = "a size cut: list arguments longer than the largest size asked less one are cut to that"


@dataclass
class Mutant:
    """One single-point change of a model solution."""

    exercise: Exercise
    description: str
    source: str


def mutants(ex: Exercise) -> list[Mutant]:
    """Every single-point mutant of an exercise's model solution (the ones that do not even parse left out)."""
    tree = ast.parse(ex.solution_source)
    counter = Mutator()
    counter.visit(copy.deepcopy(tree))
    made = []
    for number, description in enumerate(counter.found):
        mutated = ast.fix_missing_locations(Mutator(number).visit(copy.deepcopy(tree)))
        try:
            source = ast.unparse(mutated)
            with warnings.catch_warnings():  # `x is "left"`: the mutant is made all the same
                warnings.simplefilter("ignore", SyntaxWarning)
                compile(source, "<mutant>", "exec")
        except (SyntaxError, ValueError, TypeError):
            continue
        made.append(Mutant(ex, description, source))
    return made + shape_mutants(ex)


# ---------------------------------------------------------------------------
# The input spaces: where the space is small, all of it; where it is not, a stated enumeration that puts
# every rare card, tie and option into a case.


@dataclass
class Space:
    """The inputs a mutant is compared on with the model solution, and what counts as agreeing."""

    description: str
    inputs: Callable[[], Iterable[tuple[Any, ...]]]
    legal: Callable[[tuple[Any, ...], Any], bool] | None = None  # for bots: any legal card agrees


def short_lists(pack: Iterable[Card], longest: int) -> Iterator[list[Card]]:
    """Every list of distinct cards of the pack, in every order, of 1 to ``longest`` cards."""
    cards = list(pack)
    for size in range(1, longest + 1):
        for chosen in itertools.permutations(cards, size):
            yield list(chosen)


def in_worthless_hands(pack: Iterable[Card]) -> Iterator[list[Card]]:
    """Each card of the pack in each of the 9 places of a hand that is otherwise 8 rubbish cards."""
    filler = hand("3♠ 3♥ 3♦ 3♣ 7♠ 7♥ 7♦ Q♠ Q♥")
    for c in pack:
        rest = [f for f in filler if f != c][:8]
        for place in range(9):
            yield [*rest[:place], c, *rest[place:]]


def hands_and_more(pack: list[Card]) -> Iterator[tuple[list[Card]]]:
    """Every hand of one or two cards of the pack, and each card in every place of a worthless hand."""
    yield from ((cards,) for cards in short_lists(pack, 2))
    yield from ((cards,) for cards in in_worthless_hands(pack))


def tricks(names: str) -> Iterator[list[Card]]:
    """Every trick of four different cards from these, in every order, and every trick of two (two players)."""
    return itertools.chain(short_lists_of_size(hand(names), 4), short_lists_of_size(hand(names), 2))


def short_lists_of_size(cards: list[Card], size: int) -> Iterator[list[Card]]:
    """Every list of this many different cards, in every order."""
    return (list(chosen) for chosen in itertools.permutations(cards, size))


def with_flags(rows: Iterable[Any], *choices: Iterable[Any]) -> Iterator[tuple[Any, ...]]:
    """Each row with every combination of the other arguments."""
    combos = list(itertools.product(*choices))
    return ((row, *combo) for row in rows for combo in combos)


SIDES = [list(s) for n in range(1, 10) for s in itertools.product((0, 1), repeat=n)]


def legal_sides() -> list[list[int]]:
    """Every sequence of trick winners that can happen in a deal: none of its shorter beginnings is decided."""
    return [s for s in SIDES if not any(alkort.deal_is_decided(s[:n]) for n in range(1, len(s)))]


ECARTE_LEADS = hand("7♠ 8♠ 9♠ 10♠ A♠ J♠ Q♠ K♠")
ECARTE_POOL = [*ECARTE_LEADS, *hand("8♥ 9♦")]


def ecarte_positions() -> Iterator[tuple[list[Card], list[Card], str]]:
    """Every hand of 1 to 5 cards from 8 spades, 8♥ and 9♦, against every spade led (and no lead), trumps ♥ or ♠."""
    for size in range(1, 6):
        for cards in itertools.combinations(ECARTE_POOL, size):
            for trump in ("♥", "♠"):
                yield list(cards), [], trump
                for led in ECARTE_LEADS:
                    if led not in cards:
                        yield list(cards), [led], trump


def exchanges() -> Iterator[tuple[list[Card], list[Card], list[Card]]]:
    """Two hands; every set of discards (none: the dealer's), in hand order and reversed; every stock size it can be
    served from."""
    for cards in (list(ECARTE_PACK[:5]), list(ECARTE_PACK[9:14])):
        rest = [c for c in ECARTE_PACK if c not in cards]
        for size in range(0, 6):
            for discards in itertools.combinations(cards, size):
                for order in (list(discards), list(reversed(discards))):
                    for stock_size in range(size, 22):
                        yield cards, order, rest[:stock_size]


def alkort_bot_is_legal(case: tuple[Any, ...], choice: Any) -> bool:
    """Whether the Alkort bot's card may be played here."""
    cards, trick, has_won = case
    return choice in alkort.legal_plays(cards, trick, has_won)


def alkort_bot_positions() -> Iterator[tuple[list[Card], list[Card], bool]]:
    """Positions an Alkort bot meets in a deal: following Q♦, or leading after a win or before one — forehand's
    first lead with 9 cards, and, under lead_rule = "rotate" (the next player leads, won or not), any later lead,
    a hand of sevens alone too."""
    for cards in short_lists(hand(LEAD_POOL), 5):
        yield cards, hand("Q♦"), False
        yield cards, hand("Q♦"), True
        yield cards, [], True
        yield cards, [], False
    for cards in in_worthless_hands(ALKORT_PACK):
        yield cards, [], False


def ecarte_bot_is_legal(case: tuple[Any, ...], choice: Any) -> bool:
    """Whether the Écarté bot's card may be played here."""
    cards, trick, trump = case
    return choice in ecarte.legal_plays(cards, trick, trump)


RANKED_TRICK_CARDS = "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ J♠ J♥ 6♠ 6♥ 8♥ 8♦ Q♠ 2♠ 7♣"
ANY_TRICK_CARDS = "K♦ 2♥ 4♣ 9♦ A♠ A♥ J♠ 6♠ 8♥ 8♦ 7♠ 7♥ K♠ Q♥ 2♠ 3♦"
RUBBISH_TRICK_CARDS = "K♠ K♥ Q♠ Q♥ 2♠ 2♦ 3♠ 3♦ 4♠ 7♠ 9♣"
SUITED_RUBBISH_CARDS = "7♠ 2♠ 3♠ 4♠ 9♠ Q♠ K♠ K♥ Q♥ 2♦ 3♦"
SEVEN_TRICK_CARDS = "K♦ A♠ A♥ 8♥ 7♠ 7♥ K♠ Q♥ 2♠ 3♦ 4♠"
LEAD_POOL = "7♠ 7♥ K♠ A♦ 3♣"
WHO_LEADS = chapter_module(8).WHO_LEADS
SEVEN_LEADS = chapter_module(8).SEVEN_LEADS
EIGHT_OPTIONS = chapter_module(8).EIGHT_OPTIONS
BOOLS = (False, True)
SCORING = chapter_module(7).EVERY_SCORING

SPACES: dict[str, Space] = {
    "1.1": Space(
        "every spelling of every card: rank in either case (10, T, t), suit as symbol or letter",
        chapter_module(1).every_spelling,
    ),
    "1.2": Space("its only input", lambda: [()]),
    "1.3": Space("its only input", lambda: [()]),
    "1.4": Space("all 52 cards", lambda: [(c,) for c in FULL_PACK]),
    "1.5": Space(
        "no card, and every list of one or two of the 52 cards in every order",
        lambda: [([],), *((cards,) for cards in short_lists(FULL_PACK, 2))],
    ),
    "2.1": Space("all 44 cards", lambda: [(c,) for c in ALKORT_PACK]),
    "2.2": Space("all 44 cards", lambda: [(c,) for c in ALKORT_PACK]),
    "3.1": Space(
        f"every trick of four or two of {RANKED_TRICK_CARDS} (every tier, its ties, rubbish) holding a ranked card",
        lambda: ((t,) for t in tricks(RANKED_TRICK_CARDS) if any(map(alkort.is_ranked, t))),
    ),
    "3.2": Space(
        f"every trick of four or two of {RUBBISH_TRICK_CARDS}", lambda: ((t,) for t in tricks(RUBBISH_TRICK_CARDS))
    ),
    "3.3": Space(
        f"every trick of four or two of {ANY_TRICK_CARDS}, the leader having won or not",
        lambda: with_flags(tricks(ANY_TRICK_CARDS), BOOLS),
    ),
    "3.4": Space(
        f"every hand of 1-5 of {LEAD_POOL} in every order, having won or not",
        lambda: with_flags(short_lists(hand(LEAD_POOL), 5), BOOLS),
    ),
    "4.1": Space(
        "the pack in order and reversed (44 different cards show where each place goes), every dealer",
        lambda: with_flags([list(ALKORT_PACK), list(reversed(ALKORT_PACK))], range(4)),
    ),
    "4.2": Space("every sequence of trick winners a deal can reach", lambda: ((s,) for s in legal_sides())),
    "4.3": Space(
        "every sequence of trick winners a deal can reach, and every deal of 9 tricks played out (play_out)",
        lambda: [*((s,) for s in legal_sides()), *((s,) for s in SIDES if len(s) == 9)],
    ),
    "4.4": Space("every sequence of trick winners a deal can reach", lambda: ((s,) for s in legal_sides())),
    "4.5": Space(
        f"every position a deal can reach with 1-5 of {LEAD_POOL}, in every order: following Q♦, leading after a "
        'win or before one (lead_rule = "rotate"); and forehand\'s first lead, each card in each place of 9',
        alkort_bot_positions,
        alkort_bot_is_legal,
    ),
    "4.6": Space(
        "every hand of one or two of the 44 cards, and each card in each place of a worthless hand",
        lambda: hands_and_more(list(ALKORT_PACK)),
    ),
    "4.7": Space(
        "every hand of one or two of the 44 cards, and each card in each place of a worthless hand",
        lambda: hands_and_more(list(ALKORT_PACK)),
    ),
    "5.1": Space("its only input", lambda: [()]),
    "5.2": Space(
        "every pair of different cards of one suit",
        lambda: [(a, b) for a in ECARTE_PACK for b in ECARTE_PACK if a.suit == b.suit and a != b],
    ),
    "5.3": Space(
        "every pair of different cards of the 32, under each trump suit",
        lambda: [([a, b], trump) for a in ECARTE_PACK for b in ECARTE_PACK if a != b for trump in "♠♥♦♣"],
    ),
    "5.4": Space(
        "every hand of 1-5 of 8♠-K♠, 8♥, 9♦ against every spade led (or none), trumps ♥ or ♠", ecarte_positions
    ),
    "6.1": Space(
        "the pack in order and reversed (32 different cards), every dealer, both packets",
        lambda: with_flags([list(ECARTE_PACK), list(reversed(ECARTE_PACK))], (0, 1), ((3, 2), (2, 3))),
    ),
    "6.2": Space("both players, every stock size 0-21", lambda: [(d, size) for d in BOOLS for size in range(22)]),
    "6.3": Space("all 32 cards", lambda: [(c,) for c in ECARTE_PACK]),
    "6.4": Space("all 32 cards, either dealer", lambda: with_flags(ECARTE_PACK, (0, 1))),
    "6.5": Space(
        "two hands, every set of discards (none too, the dealer's), in hand order and reversed, every stock size "
        "that serves it",
        exchanges,
    ),
    "7.1": Space("every split of the 5 tricks, either dealer, every proposal and refusal", lambda: SCORING),
    "7.2": Space(
        "no refusal or refusal of proposals 1-21, under both options",
        lambda: with_flags([None, *range(1, 22)], ("first", "any")),
    ),
    "7.3": Space(
        "every split of the tricks, dealer, proposal and refusal, with the King to nobody, seat 0 or 1",
        lambda: [(d, king, won, p, r) for won, d, p, r in SCORING for king in (None, 0, 1)],
    ),
    "7.4": Space(
        "every hand of 1-5 of 8♠-K♠, 8♥, 9♦ against every spade led (or none), trumps ♥ or ♠",
        ecarte_positions,
        ecarte_bot_is_legal,
    ),
    "8.1": Space(
        f"every trick of four or two of {SUITED_RUBBISH_CARDS}", lambda: ((t,) for t in tricks(SUITED_RUBBISH_CARDS))
    ),
    "8.2": Space("every legal combination", lambda: [(w, f, rule) for w, f in WHO_LEADS for rule in SEVEN_LEADS]),
    "8.3": Space(
        f"every trick of four or two of {SEVEN_TRICK_CARDS}, every leader and seven_lead",
        lambda: ((t, w, f, rule) for t in tricks(SEVEN_TRICK_CARDS) for w, f in WHO_LEADS for rule in SEVEN_LEADS),
    ),
    "8.4": Space(
        "the positions of exercise 5.4, with must_trump True and False",
        lambda: ((*position, must) for position in ecarte_positions() for must in BOOLS),
    ),
    "8.5": Space(
        "every dealer, losing side and rule",
        lambda: [(d, side, rule) for d in range(4) for side in (0, 1) for rule in ("left", "loser")],
    ),
    "8.6": Space(
        "every hand of one or two of the 44 cards, under the four combinations of the two options",
        lambda: ((cards, *options) for (cards,) in hands_and_more(list(ALKORT_PACK)) for options in EIGHT_OPTIONS),
    ),
}

# ---------------------------------------------------------------------------
# Judging a mutant: caught by the check, or shown equivalent on the whole space, or it survived.

CAUGHT, EQUIVALENT, SURVIVED = "caught", "equivalent", "survived"


@dataclass
class Verdict:
    """What became of one mutant, and why."""

    mutant: Mutant
    outcome: str  # CAUGHT, EQUIVALENT or SURVIVED
    detail: str = ""


def judge(mutant: Mutant, model: Callable) -> Verdict:
    """Caught by the exercise's check, or compared with the model solution over the exercise's space."""
    ex = mutant.exercise
    try:
        with warnings.catch_warnings():  # `x is "left"`: Python warns, as it would the learner
            warnings.simplefilter("ignore", SyntaxWarning)
            fn = define(mutant.source, ex.name, ex.setup)
    except Exception as error:  # the learner would see it fail in the cell, before any check
        return Verdict(mutant, CAUGHT, f"fails as it is defined: {type(error).__name__}")
    result = ex.check(fn)
    if result.status != CORRECT:
        return Verdict(mutant, CAUGHT, result.headline)
    difference = first_difference(ex, model, fn)
    if difference:
        return Verdict(mutant, SURVIVED, difference)
    proof = f"agrees with the model on {SPACES[ex.key].description}"
    return Verdict(mutant, EQUIVALENT, "; ".join(filter(None, [known_reason(mutant), proof])))


# Why the other recurring equivalent mutants cannot differ: (exercises, what the mutant changes) -> the reason.
REASONS = {
    (("5.2", "5.3", "5.4", "7.4", "8.4"), "> becomes >="): "two different cards of one suit never share a rank",
    (("5.4", "7.4", "8.4"), "0 becomes -1"): "the trick holds one card, the card led: its first is its last",
    (("5.4", "7.4", "8.4"), "trick.reverse()"): "the trick holds one card: reversed, it is the same",
    (("3.2", "3.3", "8.1", "8.3"), "'2' and '3' swapped"): "the ranks that take a led Queen are only looked up",
    (("4.3",), "0 and 1 swapped"): "only one side can have 5 tricks, so the order the sides are tried in is no matter",
    (("4.3",), "line 12"): "a run of exactly 5 has returned a múk already, so > 5 and >= 5 (or > 4) agree",
    (("4.4",), "swapped"): "the two sides are treated alike (max and min of both counts): swapped, nothing changes",
    (("6.2",), "min() swapped"): "min is the same whichever of its arguments comes first",
    (("4.5",), "line 4"): "leaving out the sevens when it need not still leaves a legal card to play",
    (("8.1",), "'8'"): "under these options the low Eights are ranked and 8♠ is always: no 8 is ever rubbish",
    (("8.1",), "> becomes >="): "two different cards of the led suit never share a rank",
    (("8.5",), "1 and 2 swapped"): "the seats one and two after the dealer are on different sides: one of them matches",
}


def known_reason(mutant: Mutant) -> str:
    """Why an equivalent mutant cannot differ, for the kinds that recur ('' for the others: the proof is the run)."""
    description, ex = mutant.description, mutant.exercise
    if "swapped in '" in description:
        return "the cards of one string are only asked 'is this card in it?', so their order cannot matter"
    if "swapped" in description and ex.same is checker.same_cards_any_order:
        return "the answer is compared in any order, and the swap only reorders it"
    if " becomes is" in description:
        return (
            "the values compared are ones Python keeps a single object of (small ints, one-character Latin-1 text, "
            "identifier-like constants; every card exists once, by the library's design): `is` agrees with `==` here"
        )
    if description.endswith("one-shot generator"):
        return "the list is used once, by something that walks it once: a generator does the same"
    if description.startswith("shape: a memo by the arguments' identity"):
        return (
            "the arguments are values that cannot change (cards, text, numbers) or none: a memo by identity is one "
            "by value here"
        )
    if description.startswith("shape: " + PART_KEY):
        return ""  # the proof is the run: no two inputs of the space tell the argument left out
    if description.startswith("shape: " + ORDER_KEY):
        return "the answer does not depend on the lists' order (or is compared in any order)"
    if description.startswith("shape:") and ("default argument" in description or "grows" in description):
        return "the answer is not a list (a tuple, a number, a bool, a card): this shape hands it back unchanged"
    if description.startswith("shape:"):
        return "the answers are values that cannot change (ints, bools, text, cards): keeping them is harmless"
    if description.endswith(": 1 becomes 0") and "range(0," in mutant.source:
        return "the loop now also compares the first card with itself, which changes nothing"
    return next((why for (keys, part), why in REASONS.items() if ex.key in keys and part in description), "")


def first_difference(ex: Exercise, model: Callable, fn: Callable) -> str:
    """'' if fn agrees with the model (and leaves its arguments alone) on every input of the space, and its answers
    stay as they were returned, none the very object of another call's; else where not."""
    space = SPACES[ex.key]
    answers: list[tuple[tuple[Any, ...], Any, Any]] = []  # (case, answer, a copy of it as returned)
    for case in space.inputs():
        problem = disagreement(ex, space, model, fn, case, answers)
        if problem:
            return f"{ex.call_text(case)}: {problem}"
    assert answers, f"the space of exercise {ex.key} is empty"
    return later_difference(ex, answers) or aliasing_difference(ex, space, model, fn, answers[:ALIASING_CASES])


def pairs_alike(cases: list[tuple[Any, ...]]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """Pairs of cases with lists in the same places and the other arguments equal (a program passes them again)."""
    groups: dict[str, list[tuple[Any, ...]]] = {}
    for case in cases:
        places = [i for i, value in enumerate(case) if isinstance(value, list)]
        if places:
            groups.setdefault(repr((places, checker.kept(case, places))), []).append(case)
    return [pair for group in groups.values() for pair in itertools.pairwise(group)]


ALIASING_CASES = 60  # the space's first inputs on which answers are changed by their caller, and lists passed again


def aliasing_difference(
    ex: Exercise, space: Space, model: Callable, fn: Callable, answers: list[tuple[tuple[Any, ...], Any, Any]]
) -> str:
    """'' if, once the caller has changed every answer it was given, each input is still answered as the model does,
    and a list changed by its caller and passed again is answered for what it holds now; else where not."""
    parts = list({id(p): p for _, value, _ in answers for p in checker.mutable_parts(value)}.values())
    with checker.changed_by_the_caller(parts):
        for case, _, _ in answers:
            problem = disagreement(ex, space, model, fn, case, [])
            if problem:
                return f"{ex.call_text(case)}, after the caller changed the earlier answers: {problem}"
    for case, _, _ in answers:  # the same lists in reverse order, after the case itself
        turned = tuple(value[::-1] if isinstance(value, list) else value for value in case)
        problem = disagreement(ex, space, model, fn, turned, [])
        if problem:
            return f"{ex.call_text(turned)}, the lists of {ex.call_text(case)} reversed: {problem}"
    for before, after in pairs_alike([case for case, _, _ in answers]):
        places = [i for i, value in enumerate(before) if isinstance(value, list)]
        given, now = fresh(before), fresh(after)
        fn(*given)
        for i in places:
            given[i][:] = now[i]
        again = tuple(given[i] if i in places or given[i] == now[i] else now[i] for i in range(len(now)))
        problem = disagreement(ex, space, model, lambda *_, again=again: fn(*again), after, [])
        if problem:
            return f"{ex.call_text(after)}, passed in the lists of {ex.call_text(before)}, changed: {problem}"
    return ""


def later_difference(ex: Exercise, answers: list[tuple[tuple[Any, ...], Any, Any]]) -> str:
    """'' if every answer is still as it was returned and no two calls returned the very same list, else which."""
    owners: dict[int, tuple[Any, ...]] = {}
    for case, value, snapshot in answers:
        if checker.snapshot_of(value) != snapshot:
            return f"{ex.call_text(case)}: its answer changed after it was returned"
        for part in checker.mutable_parts(value):
            first = owners.setdefault(id(part), case)
            if first is not case:
                return f"{ex.call_text(first)} and {ex.call_text(case)} returned the very same {type(part).__name__}"
    return ""


def disagreement(
    ex: Exercise,
    space: Space,
    model: Callable,
    fn: Callable,
    case: tuple[Any, ...],
    answers: list[tuple[tuple[Any, ...], Any, Any]],
) -> str:
    """'' if fn answers this case as the model does and leaves its arguments as they were, else what differs."""
    args = fresh(case)
    try:
        returned = fn(*args)
        value = checker.plain(returned)
    except Exception as error:  # a mutant may raise where the model does not
        return f"raises {type(error).__name__}"
    answers.append((case, returned, checker.snapshot_of(returned)))
    if args != case:
        return "changes the arguments it was given"
    if space.legal is not None:
        return "" if space.legal(case, value) else f"plays {value!r}, which is illegal"
    right = model(*fresh(case))
    if ex.expects(value) or not ex.same(right, value):
        return f"answers {value!r}, the model {right!r}"
    return ""


@dataclass
class Score:
    """The verdicts of one exercise's mutants."""

    exercise: Exercise
    verdicts: list[Verdict] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, outcome: str) -> int:
        """How many mutants had this outcome."""
        return sum(v.outcome == outcome for v in self.verdicts)

    def line(self) -> str:
        """'3.1   41 mutants: 38 caught, 3 equivalent, 0 survived — 100% of the others caught (0.9 s)'."""
        caught, equivalent, survived = (self.count(o) for o in (CAUGHT, EQUIVALENT, SURVIVED))
        judged = caught + survived
        percent = f"{100 * caught / judged:.0f}%" if judged else "—"
        return (
            f"{self.exercise.key:<5} {len(self.verdicts):>4} mutants: {caught:>3} caught, {equivalent:>2} "
            f"equivalent, {survived} survived — {percent} of the non-equivalent caught ({self.seconds:.1f} s)"
        )


def score(ex: Exercise) -> Score:
    """Every mutant of one exercise, judged."""
    start = time.perf_counter()
    model = ex.solution_function()
    verdicts = [judge(mutant, model) for mutant in mutants(ex)]
    checker.PROGRESS.pop(ex.key, None)
    return Score(ex, verdicts, time.perf_counter() - start)


# ---------------------------------------------------------------------------
# Branch coverage: every branch of the rule the exercise is about is reached by its check's cases, measured.
# The check's cases (fixed and generated) run through the engine's own functions and through the model solution
# (written to a file, so coverage.py can read it) under coverage.py's branch coverage; every branch of the named
# engine functions and of the model must be taken, except those only another value of an option the exercise
# does not take can reach (EXCUSED, each with its reason).


def engine(path: str) -> Callable[..., Any]:
    """An engine function by its dotted name: 'alkort.judge_trick', 'ecarte.EcarteState._discard'."""
    module, *names = path.split(".")
    value: Any = {"alkort": alkort, "ecarte": ecarte, "cards": sys.modules["cardlib.cards"]}[module]
    for name in names:
        value = vars(value)[name] if isinstance(value, type) else getattr(value, name)
    return getattr(value, "fget", value)


# The engine's functions each exercise is about (its oracle's, named where the oracle is the exercise's own).
ABOUT: dict[str, tuple[str, ...]] = {
    "1.1": ("cards.card",),
    "1.4": ("cards.Card.name",),
    "1.5": ("cards.show",),
    "2.1": ("alkort.is_ranked",),
    "2.2": ("alkort.strength",),
    "3.1": ("alkort.judge_trick",),
    "3.2": ("alkort.judge_trick", "alkort.rubbish_winner"),
    "3.3": ("alkort.judge_trick", "alkort.rubbish_winner", "alkort.seven_is_unbeatable"),
    "3.4": ("alkort.legal_plays", "alkort.may_lead_seven"),
    "4.1": ("alkort.deal_hands",),
    "4.2": ("alkort.opening_run",),
    "4.3": ("alkort.score_deal",),
    "4.4": ("alkort.deal_is_decided",),
    "4.5": ("alkort.legal_plays", "alkort.may_lead_seven"),
    "4.6": ("alkort.may_exchange",),
    "4.7": ("alkort.best_card",),
    "5.2": ("ecarte.beats_in_suit",),
    "5.3": ("ecarte.trick_winner",),
    "5.4": ("ecarte.play_duty",),
    "6.1": ("ecarte.deal_hands",),
    "6.2": ("ecarte.discard_sizes",),
    "6.5": ("ecarte.EcarteState._discard",),
    "7.1": ("ecarte.score_deal",),
    "7.2": ("ecarte.refusal_risks_penalty", "ecarte.EcarteState.refusal_risks_penalty"),
    "7.3": ("ecarte.score_deal",),
    "7.4": ("ecarte.play_duty",),
    "8.1": ("alkort.judge_trick", "alkort.rubbish_winner"),
    "8.2": ("alkort.may_lead_seven",),
    "8.3": ("alkort.judge_trick", "alkort.rubbish_winner", "alkort.seven_is_unbeatable"),
    "8.4": ("ecarte.play_duty",),
    "8.5": ("alkort.next_dealer",),
    "8.6": ("alkort.may_exchange",),
}

# Branches of those functions that no case of the exercise can reach, and why: (exercise, function, the source
# line the branch leaves) -> the reason. Keys name a line by a piece of its text.
NO_LED_SUIT = 'only rubbish_order = "led_suit" reaches it, and the exercise takes the default, "equal"'
SYMBOL = "a trump written as a letter ('H'): the exercise gives the trump as a symbol"
EXCUSED: dict[tuple[str, str, str], str] = {
    ("1.1", "cards.card", "if isinstance(text, Card)"): "a Card to parse: the exercise gives text",
    ("1.1", "cards.card", "if not isinstance(text, str)"): "a value that is not text: the exercise gives text",
    ("1.1", "cards.card", "if isinstance(text, tuple)"): "a value that is not text: the exercise gives text",
    ("1.1", "cards.card", "if found is None"): "text that names no card: the exercise asks only of the 52 cards",
    ("3.1", "alkort.judge_trick", 'if cards[0].rank == "7"'): "a 7 led after a win: 3.1's leader has won nothing",
    ("3.2", "alkort.judge_trick", 'if cards[0].rank == "7"'): "a 7 led after a win: 3.2's leader has won nothing",
    ("3.2", "alkort.judge_trick", "if table[c] > best_strength"): "a ranked card: 3.2's tricks are all rubbish",
    ("3.2", "alkort.rubbish_winner", 'if options.rubbish_order == "led_suit"'): NO_LED_SUIT,
    ("3.2", "alkort.rubbish_winner", "if followers:"): NO_LED_SUIT,
    ("3.3", "alkort.rubbish_winner", 'if options.rubbish_order == "led_suit"'): NO_LED_SUIT,
    ("3.3", "alkort.rubbish_winner", "if followers:"): NO_LED_SUIT,
    ("8.3", "alkort.rubbish_winner", 'if options.rubbish_order == "led_suit"'): NO_LED_SUIT,
    ("8.3", "alkort.rubbish_winner", "if followers:"): NO_LED_SUIT,
    ("8.1", "alkort.judge_trick", 'if cards[0].rank == "7"'): "a 7 led after a win: 8.1's leader has won nothing",
    ("8.1", "alkort.judge_trick", "if table[c] > best_strength"): "a ranked card: 8.1's tricks are all rubbish",
    ("8.1", "alkort.rubbish_winner", 'if options.rubbish_order == "led_suit"'): 'the default rubbish_order, "equal":'
    ' 8.1 is the exercise of "led_suit"',
    ("5.3", "ecarte.trick_winner", "if trump not in SUITS"): SYMBOL,
    ("5.4", "ecarte.play_duty", "if trump not in SUITS"): SYMBOL,
    ("7.4", "ecarte.play_duty", "if trump not in SUITS"): SYMBOL,
    ("8.4", "ecarte.play_duty", "if trump not in SUITS"): SYMBOL,
    ("8.5", "alkort.next_dealer", "for step in range(1, players + 1):"): "the loop's end: of the seats after the "
    "dealer, one is on each side, so the loop always returns",
    ("8.5", "the model", "for step in (1, 2):"): "the loop's end: of the two seats after the dealer, one is on each "
    "side, so the loop always returns",
}


@dataclass
class Reach:
    """How many branches of an exercise's engine functions and model solution its check's cases take."""

    exercise: Exercise
    branches: int = 0
    missing: list[str] = field(default_factory=list)  # 'alkort.judge_trick: line 412 -> 414 (if cards[0]…)'
    excused: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * (self.branches - len(self.missing)) / self.branches if self.branches else 100.0

    def line(self) -> str:
        """'3.3   branches 42/42 (100%) of alkort.judge_trick, … and the model'."""
        about = ", ".join(ABOUT.get(self.exercise.key, ())) or "no engine function of its own"
        excused = f", {len(self.excused)} excused" if self.excused else ""
        return (
            f"{self.exercise.key:<5} branches {self.branches - len(self.missing):>3}/{self.branches:<3} "
            f"({self.percent:.0f}%) of {about} and the model{excused}"
        )


def plain_call(fn: Callable, args: Any, decoys: tuple[Any, ...] = ()) -> checker.Outcome:
    """A bot's call made plainly, for coverage.py to follow (no time limit's tracer)."""
    return checker.Outcome(value=fn(*args))


def run_cases(ex: Exercise, model: Callable) -> None:
    """Every case of the check through the engine and the model (a bot: the whole check, its calls made plainly)."""
    if ex.oracle is None:
        original = bot_checks.run_learners  # a bot's check, its calls made without the time limit's tracer
        bot_checks.run_learners = plain_call
        try:
            assert ex.check(model).status == CORRECT
        finally:
            bot_checks.run_learners = original
        return
    for case in ex.cases():
        assert ex.same(ex.oracle(*fresh(case)), checker.plain(model(*fresh(case))))


def branch_reach(ex: Exercise, folder: Path) -> Reach:
    """Run the check's cases under coverage.py and count the branches taken in the exercise's engine functions and
    in its model solution."""
    import coverage  # a test dependency: only this measurement needs it

    path = folder / f"model_{ex.key.replace('.', '_')}.py"
    path.write_text(ex.solution_source, encoding="utf-8")
    with checker.SHIPPED.engine_as_shipped():
        model = define(ex.solution_source, ex.name, ex.setup, filename=str(path))
    functions = [engine(name) for name in ABOUT.get(ex.key, ())]
    files = {str(path), *(inspect.getsourcefile(f) or "" for f in functions)}
    cov = coverage.Coverage(branch=True, data_file=None, include=sorted(files), config_file=False)
    cov.start()
    try:
        run_cases(ex, model)
    finally:
        cov.stop()
    reach = Reach(ex)
    for name, function in [*((n, engine(n)) for n in ABOUT.get(ex.key, ())), ("the model", None)]:
        count_branches(reach, cov, ex, name, function, path)
    return reach


def count_branches(reach: Reach, cov: Any, ex: Exercise, name: str, function: Any, path: Path) -> None:
    """Add one function's branches (the model's: all of its file) to the reach: taken, missing or excused."""
    filename = inspect.getsourcefile(function) if function is not None else str(path)
    assert filename is not None
    lines, start = inspect.getsourcelines(function) if function is not None else ([], 1)
    last = start + len(lines) - 1 if function is not None else 10**9
    analysis = cov._analyze(filename)  # coverage.py's own analysis of the file: its possible and executed arcs
    possible = [a for a in analysis.arc_possibilities if a[0] > 0 and start <= a[0] <= last]
    branching = {a[0] for a in possible if sum(b[0] == a[0] for b in possible) > 1}
    executed = set(analysis.arcs_executed)
    source = Path(filename).read_text(encoding="utf-8").splitlines()
    for arc in possible:
        if arc[0] not in branching:
            continue
        text = source[arc[0] - 1].strip()
        excuse = next(
            (why for (key, f, part), why in EXCUSED.items() if (key, f) == (ex.key, name) and part in text), ""
        )
        where = f"{name}: line {arc[0]} -> {arc[1]} ({text[:60]})"
        if arc in executed:
            reach.branches += 1
        elif excuse:  # a branch only another option (or input) reaches: named, not counted
            reach.excused.append(f"{where}: {excuse}")
        else:
            reach.branches += 1
            reach.missing.append(where)


def every_exercise() -> list[Exercise]:
    """Every exercise of the catalogue, chapter by chapter."""
    return [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]


def report(scores: list[Score]) -> str:
    """The score per exercise, the equivalent mutants and why, and every survivor with the input that shows it."""
    lines = ["Mutation score per exercise:", *(s.line() for s in scores)]
    total = [v for s in scores for v in s.verdicts]
    lines.append(
        f"All: {len(total)} mutants, {sum(v.outcome == CAUGHT for v in total)} caught, "
        f"{sum(v.outcome == EQUIVALENT for v in total)} equivalent, "
        f"{sum(v.outcome == SURVIVED for v in total)} survived."
    )
    lines += [
        "",
        "The operators of issues 27 and 40 (programs shaped wrongly), mutants caught / equivalent / survived:",
    ]
    lines += operator_lines(total)
    for outcome, title in ((EQUIVALENT, "Equivalent mutants (and why)"), (SURVIVED, "SURVIVORS: called correct")):
        found = [v for v in total if v.outcome == outcome]
        if found:
            lines += ["", f"{title}:"]
            lines += [f"  {v.mutant.exercise.key} {v.mutant.description} — {v.detail}" for v in found]
    return "\n".join(lines)


def new_operator(description: str) -> str:
    """The issue-27 operator that made a mutant ('' for the single-point slips)."""
    if description.startswith("shape: the guard"):
        return "a guard's early return replaced by a broad except returning a default"
    if description.startswith("shape: " + SIZE_CUT):
        return SIZE_CUT
    if description.startswith("shape: " + PART_KEY):
        return PART_KEY
    if description.startswith("shape: " + ORDER_KEY):
        return ORDER_KEY
    if description.startswith("shape: "):
        return description.removeprefix("shape: ")
    if " becomes is" in description:
        return "== becomes is (!= becomes is not)"
    if description.endswith("becomes a one-shot generator"):
        return "a list becomes a one-shot generator"
    return ""


def operator_lines(verdicts: list[Verdict]) -> list[str]:
    """One line per new operator: how many mutants it made, and what became of them."""
    kinds: dict[str, list[Verdict]] = {}
    for verdict in verdicts:
        kind = new_operator(verdict.mutant.description)
        if kind:
            kinds.setdefault(kind, []).append(verdict)
    lines = []
    for kind, found in kinds.items():
        caught, equivalent, survived = (
            sum(v.outcome == outcome for v in found) for outcome in (CAUGHT, EQUIVALENT, SURVIVED)
        )
        lines.append(f"  {kind}: {len(found)} mutants, {caught} caught, {equivalent} equivalent, {survived} survived")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Score every exercise (or those named), print the report, and fail if any mutant survived."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", help="exercises to score, e.g. 3.1 5.4 (default: all)")
    keys = parser.parse_args(argv).keys
    chosen = [ex for ex in every_exercise() if not keys or ex.key in keys]
    scores = []
    for ex in chosen:
        scores.append(score(ex))
        print(scores[-1].line(), file=sys.stderr, flush=True)
    print(report(scores))
    with tempfile.TemporaryDirectory() as folder:
        reaches = [branch_reach(ex, Path(folder)) for ex in chosen]
    print("\n" + reach_report(reaches))
    return 1 if any(s.count(SURVIVED) for s in scores) or any(r.missing for r in reaches) else 0


def reach_report(reaches: list[Reach]) -> str:
    """The branches each exercise's cases reach, every branch missed, and every branch excused and why."""
    lines = ["Branch coverage of each check's cases (the engine functions it is about, and the model solution):"]
    lines += [r.line() for r in reaches]
    lines += [f"  MISSED {r.exercise.key} {where}" for r in reaches for where in r.missing]
    excused = [f"  {r.exercise.key} {where}" for r in reaches for where in r.excused]
    return "\n".join(
        lines + (["", "Branches only other options or inputs reach (not counted):", *excused] if excused else [])
    )


if __name__ == "__main__":
    sys.exit(main())
