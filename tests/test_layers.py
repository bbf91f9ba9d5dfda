"""The library's layers: every module of ``cardlib`` imports only from its own layer or the layers below, and no
two modules import each other, however indirectly.

Every import counts, at the top of a module, inside a function or under ``if TYPE_CHECKING`` alike: a cycle that
works only because an import waits until a function runs is still a knot, and a layer that imports upward is not
below. The one way up is the registry's: ``cardlib.games`` loads a built-in room's ``description.py`` by its name
when a game is first asked for (``games.BUILT_IN``), as it loads any game's module (``games.load``).

``LAYERS`` is the map, bottom first; the architecture page (``book/architecture.md``) includes it and draws it,
and the guide (``book/how-to-add-a-game.md``) draws it with a room's place in it: a test holds both drawings to it.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from cardlib import games

REPO = Path(__file__).resolve().parent.parent

# The layers, bottom first: each module of cardlib is in the first layer one of whose patterns names it (``<room>``:
# any of the course's own rooms). A newcomer's room (a folder of cardlib with a description.py) is placed module by
# module just above what it imports, and held to the same rules: no cycle, and nothing below imports it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core: cards, tricks, worlds", ("cardlib.cards", "cardlib.tricks", "cardlib.worlds", "cardlib.charts",
                                     "cardlib.margins")),
    ("the rooms' rules and views", ("cardlib", "cardlib.<room>", "cardlib.<room>.view", "cardlib.figures")),
    ("the contract: protocols and values", ("cardlib.contracts",)),
    ("words, and the rooms' words and tables", ("cardlib.words", "cardlib.<room>.coach", "cardlib.<room>.book",
                                                "cardlib.<room>.strategy")),
    ("the plain helpers", ("cardlib.plain",)),
    ("the registry", ("cardlib.games",)),
    ("players and searches", ("cardlib.players", "cardlib.doubledummy", "cardlib.<room>.advice")),
    ("coach, bots, tournament, bench, scenarios, tables, exercises, and the rooms' entries", (
        "cardlib.coach", "cardlib.bots", "cardlib.bots.*", "cardlib.tournament", "cardlib.bench", "cardlib.scenarios",
        "cardlib.friends", "cardlib.friends.*", "cardlib.exercises", "cardlib.exercises.*", "cardlib.<room>.playout",
        "cardlib.<room>.description")),
    ("widgets", ("cardlib.widgets", "cardlib.widgets.*")),
)  # fmt: skip


def module_files(package: Path) -> dict[str, Path]:
    """Each module of a package by its dotted name (a package by its own name), from the folder above it."""
    root = package.parent
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The modules of ``known`` that a module imports anywhere in its text (a name from a package: the package)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        for target in targets(node, here):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def targets(node: ast.AST, here: list[str]) -> Iterator[str]:
    """The dotted names an import statement reaches: ``from a import b`` reaches a.b (if a module) or a."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = here[: len(here) - node.level + 1] if node.level else []
        module = ".".join([*base, *([node.module] if node.module else [])])
        yield from (f"{module}.{alias.name}" for alias in node.names)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    known = module_files(package)
    return {name: imported(name, path, known) for name, path in known.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The knots of the graph: each set of two or more modules that reach one another (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    knots: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            knot = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(knot) > 1:
                knots.append(sorted(knot))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return knots


ROOMS = tuple(games.BUILT_IN)  # the course's own rooms, each module placed by the map
Layers = tuple[tuple[str, tuple[str, ...]], ...]


def named_by(module: str, pattern: str) -> bool:
    """Whether a layer's pattern names the module (``<room>`` standing for any of the course's rooms)."""
    return any(fnmatch.fnmatchcase(module, pattern.replace("<room>", room)) for room in ROOMS)


def new_room(module: str) -> bool:
    """Whether a module belongs to a game's room that is not one of the course's own (a newcomer's)."""
    parts = module.split(".")
    return len(parts) > 1 and parts[1] not in ROOMS and (REPO / "cardlib" / parts[1] / "description.py").is_file()


def layer_of(
    module: str, layers: Layers = LAYERS, graph: Mapping[str, set[str]] | None = None, seen: frozenset = frozenset()
) -> int:
    """The number of a module's layer (0 at the bottom), as the map names it; a newcomer's room is placed just
    above what each of its modules imports. A module in no layer is refused, saying where to put it."""
    for number, (_, patterns) in enumerate(layers):
        if any(named_by(module, pattern) for pattern in patterns):
            return number
    if graph is not None and new_room(module):  # (a cycle among its modules is the cycle test's to report)
        below = [layer_of(m, layers, graph, seen | {module}) for m in graph[module] if m not in seen]
        return max(below, default=0)
    raise ValueError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py (and to the guide's drawing)")


def upward(graph: Mapping[str, set[str]], layers: Layers = LAYERS) -> list[str]:
    """Every import from a lower layer to a higher one, in words."""
    found = []
    for module, others in sorted(graph.items()):
        here = layer_of(module, layers, graph)
        for other in sorted(others):
            there = layer_of(other, layers, graph)
            if there > here:
                found.append(f"{module} ({layers[here][0]}) imports {other} ({layers[there][0]})")
    return found


def test_no_module_of_cardlib_is_in_an_import_cycle() -> None:
    knots = cycles(import_graph(REPO / "cardlib"))
    assert not knots, "import cycles: " + "; ".join(" <-> ".join(knot) for knot in knots)


def test_every_module_imports_only_from_its_layer_or_below() -> None:
    assert upward(import_graph(REPO / "cardlib")) == []


def test_every_module_is_in_a_layer() -> None:
    graph = import_graph(REPO / "cardlib")
    for module in graph:
        layer_of(module, LAYERS, graph)


def planted(tmp_path: Path, files: Mapping[str, str]) -> dict[str, set[str]]:
    """The import graph of a package written for a test, its files by name."""
    package = tmp_path / "pkg"
    for name, text in {"__init__.py": "", **files}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return import_graph(package)


def test_the_checks_see_imports_in_functions_and_for_the_type_checker_only(tmp_path: Path) -> None:
    graph = planted(
        tmp_path,
        {
            "low.py": "def f():\n    from . import high\n",
            "high.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .low import f\n",
            "sub/__init__.py": "from ..low import f\n",
            "sub/leaf.py": "from . import f\nimport pkg.high\n",
        },
    )
    assert graph["pkg.low"] == {"pkg.high"} and graph["pkg.high"] == {"pkg.low"}
    assert graph["pkg.sub"] == {"pkg.low"} and graph["pkg.sub.leaf"] == {"pkg.sub", "pkg.high"}
    assert cycles(graph) == [["pkg.high", "pkg.low"]]


def test_an_import_from_a_higher_layer_is_named(tmp_path: Path) -> None:
    graph = planted(tmp_path, {"low.py": "import pkg.high\n", "high.py": ""})
    layers = (("bottom", ("pkg.low", "pkg")), ("top", ("pkg.high",)))
    assert upward(graph, layers) == ["pkg.low (bottom) imports pkg.high (top)"]
    assert cycles(graph) == []
    with pytest.raises(ValueError, match="pkg.high is in no layer"):
        layer_of("pkg.high", layers[:1])


def drawn_layers(page: str) -> list[str]:
    """The layers a book page draws in its first text block, bottom first, each with its continuation lines."""
    text = (REPO / "book" / page).read_text(encoding="utf-8").split("```text\n", 1)[1].split("```", 1)[0]
    rows: list[str] = []
    for line in text.splitlines():
        if line.strip() and not line.strip().startswith("─"):
            if line[1:2] != " ":
                rows.append(line)
            else:
                rows[-1] += " " + line.strip()
    return rows[::-1]


@pytest.mark.parametrize("page", ["architecture.md", "how-to-add-a-game.md"])
def test_the_books_drawings_of_the_layers_follow_the_map(page: str) -> None:
    drawn = drawn_layers(page)
    assert len(drawn) == len(LAYERS), f"book/{page} draws {len(drawn)} layers, the map has {len(LAYERS)}"
    for row, (name, patterns) in zip(drawn, LAYERS):
        modules = [p.split(".")[1] for p in patterns if p.count(".") == 1 and "<" not in p and "*" not in p]
        named = modules if page == "architecture.md" else modules[:1]  # the guide's drawing names a layer's first
        assert all(module in row for module in named), f"book/{page} draws {row.strip()!r} where the map has {name}"
