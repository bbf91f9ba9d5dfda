"""The games the course knows, each described once.

A game lives in a room of its own (``cardlib/alkort/``, ``cardlib/ecarte/``): its rules, the view of a seat, and
the advice of the old books. What the rest of the course needs to know about a game — its name, pack, how many
may play, its options, how to deal, what a seat sees, which bot plays it by the book — is written once, in the
room's ``description.py``, and looked up here by the widgets, apps, scenario runner, tournament, benchmark and
bots. None of them branches on the game's name.

    >>> get("Écarté").name, get("alkort").players
    ('Écarté', (4, 2))

A third game registers itself with ``register(GameDescription(...))``; the book's page "How to add a game" walks
through one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .tricks import DealState, Game, RuleOptions

# The rooms that come with the course, loaded the first time they are asked for (so that importing the engine
# of one game never loads the views and advice of every game).
BUILT_IN = {"alkort": "cardlib.alkort.description", "ecarte": "cardlib.ecarte.description"}


@dataclass(frozen=True)
class GameDescription:
    """All the course needs to know about a game, apart from its rules (which its state applies)."""

    key: str  # its name in code and on command lines: 'alkort'
    name: str  # its name in prose: 'Alkort'
    pack: tuple[Card, ...]
    players: tuple[int, ...]  # how many may play, the usual number first
    options: type[RuleOptions]
    state: type[DealState]
    deal: Callable[..., DealState]  # deal(options, *, players, dealer, seed, deck, scores_before) -> a new deal
    observe: Callable[[Any, int], Any]  # observe(state, seat) -> all that seat may know (a view)
    world: Callable[[Any, random.Random], Any]  # world(view, rng) -> a full deal that agrees with the view
    rule_bot: Callable[[int | None], Any]  # rule_bot(seed) -> a Player that follows the old books' advice
    description: str = ""  # one line for menus: 'Icelandic, 4 players in partnerships or 2'
    game: Callable[..., Game] | None = None  # game(options, *, players, seed) -> deals until a side reaches the target

    def new_deal(self, options: RuleOptions | dict | None = None, players: int | None = None, **kwargs: Any) -> Any:
        """A new deal of this game (``players`` defaults to the usual number; seed, dealer, deck as the engine's)."""
        count = self.players[0] if players is None else players
        if count not in self.players:
            raise ValueError(f"{self.name} is played by {' or '.join(map(str, self.players))}, not {players!r}")
        return self.deal(self.options_from(options), players=count, **kwargs)

    def options_from(self, options: RuleOptions | dict | None) -> RuleOptions:
        """The game's options from None (the defaults), a dict of option names, or an options object."""
        return options if isinstance(options, self.options) else self.options.from_dict(options)


_registered: dict[str, GameDescription] = {}


def register(game: GameDescription) -> GameDescription:
    """Add a game to the course (a game registered again under its key replaces the old one)."""
    _registered[game.key] = game
    return game


def unregister(key: str) -> None:
    """Take a registered game out again (a test's toy game, for instance); the built-in games stay."""
    if key in BUILT_IN:
        raise ValueError(f"{key!r} is one of the course's own games and cannot be taken out")
    _registered.pop(key, None)


def keys() -> tuple[str, ...]:
    """The keys of every game the course knows, the built-in games first."""
    return (*BUILT_IN, *(key for key in _registered if key not in BUILT_IN))


def key_of(name: object) -> str:
    """A game's key from what a learner may write: 'alkort', 'Alkort', 'Écarté', 'ecarte'."""
    key = str(name).strip().lower().replace("é", "e")
    if key not in keys():
        raise ValueError(f"there is no game {name!r}: choose one of {', '.join(keys())}")
    return key


def get(name: object) -> GameDescription:
    """The description of a game, by key or name."""
    key = key_of(name)
    if key not in _registered:
        importlib.import_module(BUILT_IN[key])  # the room's description registers itself
    return _registered[key]


def every() -> Sequence[GameDescription]:
    """The description of every game, the built-in games first."""
    return [get(key) for key in keys()]


def of(thing: object) -> GameDescription:
    """The game a deal, a seat's view or a set of options belongs to (found by its options' class)."""
    options = thing if isinstance(thing, RuleOptions) else getattr(thing, "options", None)
    for game in every():
        if type(options) is game.options:
            return game
    raise ValueError(f"{type(thing).__name__} belongs to no game the course knows")


def observe(state: DealState, seat: int) -> Any:
    """All that one seat of a deal may know, and nothing more: the game's view of the deal from that seat."""
    return of(state).observe(state, seat)


def sample_world(view: Any, rng: random.Random) -> Any:
    """A full deal, drawn at random among those the view's seat cannot tell from the real one."""
    return of(view).world(view, rng)
