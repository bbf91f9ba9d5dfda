"""The scenario page's facts about the games, written from the registry as the book is built.

book/rules/scenarios.md names no game by hand where it lists them: its games column, the games a field is for,
the game keys, the numbers of players, the options table and the dealing text are markers, ``[[...]]``, which
this extension replaces from ``cardlib.games`` before the page is parsed (Sphinx's ``source-read``). A game
registered in the course appears on the page with no edit to it. ``rendered(text)`` does the same for the tests,
which read the page as the book shows it.

The markers: ``[[games]]`` (every game), ``[[games: KIND FIELD]]`` (the games whose kind of scenario takes the
field, ``expect.KEY`` for an expected key), ``[[game keys]]``, ``[[kinds]]``, ``[[players]]``, ``[[packs]]``,
``[[rules pages]]``, ``[[options table]]`` and ``[[dealing]]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardlib import games, scenarios
from cardlib.tricks import RuleOptions

PAGE = "rules/scenarios"  # the page whose markers are replaced (its docname)
RULES = Path(__file__).resolve().parents[1] / "rules"  # where a game's rules page is: rules/<key>.md
MARKER = re.compile(r"\[\[([a-z ]+)(?::\s*([\w.]+)\s+([\w.]+))?\]\]")


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words in a sentence: 'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def names(of: Sequence[games.GameDescription] | None = None) -> str:
    """Games' names for a table cell: 'Alkort, Écarté'."""
    return ", ".join(game.name for game in (games.every() if of is None else of))


def taking(kind: str, name: str) -> str:
    """The games whose scenarios of this kind take the field (or expect the key, 'expect.winner')."""
    taken = []
    for game in games.every():
        required, optional, expect = scenarios.fields().get((game.key, kind), (set(), set(), set()))
        if name in required | optional | {f"expect.{key}" for key in expect}:
            taken.append(game)
    return names(taken)


def game_keys() -> str:
    """The games' keys as JSON texts: '`"alkort"` or `"ecarte"`'."""
    return listed([f'`"{game.key}"`' for game in games.every()], "or")


def kinds() -> str:
    """Every kind of scenario, with the games of a kind not every game has."""
    every = games.every()
    found: dict[str, list[str]] = {}
    for game in every:
        for kind in game.scenarios:
            found.setdefault(kind, []).append(game.name)
    words = [
        f'`"{kind}"`' + ("" if len(held) == len(every) else f" ({listed(held)} only)") for kind, held in found.items()
    ]
    return listed(words, "or")


def players() -> str:
    """How many may play each game: 'Alkort `4` (the default) or `2`; Écarté `2` only'."""
    said = []
    for game in games.every():
        usual, *others = [f"`{n}`" for n in game.players]
        said.append(f"{game.name} {usual}" + (f" (the default) or {listed(others, 'or')}" if others else " only"))
    return "; ".join(said)


def packs() -> str:
    """Each game's pack: 'Alkort: 44 cards; Écarté: 32 cards'."""
    return "; ".join(f"{game.name}: {len(game.pack)} cards" for game in games.every())


def rules_pages() -> str:
    """The games' rules pages, where the book has one ('{doc}`alkort` and {doc}`ecarte`'), else their names."""
    return listed(
        [f"{{doc}}`{game.key}`" if (RULES / f"{game.key}.md").exists() else game.name for game in games.every()]
    )


def option_values(options: type[RuleOptions], name: str, choices: tuple[Any, ...] | None) -> str:
    """An option's values as a scenario writes them, the default first."""
    if choices is None:
        return f"`{getattr(options.defaults(), name)}`, or any positive whole number"
    return ", ".join(
        json.dumps(list(v) if isinstance(v, tuple) else v, separators=(", ", ": ")).join("``") for v in choices
    )


def options_table() -> str:
    """The table of every game's options and their values."""
    rows = ["| game | option | values |", "|---|---|---|"]
    for game in games.every():
        for name, choices in game.options.describe().items():
            rows.append(f"| {game.name} | `{name}` | {option_values(game.options, name, choices)} |")
    return "\n".join(rows)


def dealing() -> str:
    """How each game deals a stacked deck, from its description."""
    said = []
    for game in games.every():
        where = f" ({{doc}}`{game.key}`, *Dealing*)" if (RULES / f"{game.key}.md").exists() else ""
        said.append(f"{game.name}{where}: {game.dealing or 'as its state deals a deck, top first.'}")
    return " ".join(said)


SIMPLE: dict[str, Callable[[], str]] = {
    "games": names,
    "game keys": game_keys,
    "kinds": kinds,
    "players": players,
    "packs": packs,
    "rules pages": rules_pages,
    "options table": options_table,
    "dealing": dealing,
}


def rendered(text: str) -> str:
    """The page with every marker replaced from the registry (an unknown marker is an error, not a blank)."""

    def replace(match: re.Match[str]) -> str:
        word, kind, name = match.groups()
        if kind is not None and word == "games":
            return taking(kind, name)
        if word not in SIMPLE:
            raise ValueError(f"unknown marker {match.group(0)!r} in {PAGE}.md")
        return SIMPLE[word]()

    return MARKER.sub(replace, text)


def on_source_read(app: Any, docname: str, source: list[str]) -> None:
    """Write the registry's facts into the scenario page before it is parsed."""
    if docname == PAGE:
        source[0] = rendered(source[0])


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", on_source_read)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
