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

import argparse
import importlib
import importlib.util
import random
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from . import plain
from .cards import Card
from .contracts import CoachWords, Dealer, Observer, RuleBotMaker, WorldDealer
from .plain import PlainCoach
from .tricks import Action, DealState, Game, RuleOptions, next_seat

# The rooms that come with the course, loaded the first time they are asked for (so that importing the engine
# of one game never loads the views and advice of every game).
BUILT_IN = {"alkort": "cardlib.alkort.description", "ecarte": "cardlib.ecarte.description"}


@dataclass(frozen=True)
class Lookahead:
    """How the Monte Carlo bot (``cardlib.bots.montecarlo``) looks ahead in a game; the defaults suit a plain trick
    game, and a game's room may do better: a faster play-out, fewer moves to compare, a belief about the others."""

    # policy(world, legal) -> the move an imagined player makes in a play-out; None: the game's rule bot, deciding
    # from that player's view (slower, but right for any game)
    playout_policy: Callable[[Any, Sequence[Action]], Action] | None = None
    # candidates(view) -> the moves worth comparing, the advice's favourite first; None: every legal move
    candidates: Callable[[Any], Sequence[Action]] | None = None
    # strong_candidates(view) -> the strong bot's moves worth comparing (None: the same as the Monte Carlo bot's)
    strong_candidates: Callable[[Any], Sequence[Action]] | None = None
    # imagine(view, rng) -> draw(), which imagines one world after another for one decision; None: world(view, rng)
    imagine: Callable[[Any, random.Random], Callable[[], Any]] | None = None
    # forced(view) -> a Decision that needs no search (announcing the King of trumps, taking the stock) or None
    forced: Callable[[Any], Any] | None = None
    # book_move(view) -> the book's move, which stands unless another is clearly better; None: no such trust
    book_move: Callable[[Any], Action] | None = None
    # budget(view) -> play-outs per decision, shared among the moves compared
    budget: Callable[[Any], int] = lambda view: 120
    # first_question(bot, view, rng) -> a Decision the game makes its own way (Écarté: stand or propose), or None
    first_question: Callable[[Any, Any, random.Random], Any] | None = None
    # the strong bot (``cardlib.bots.strong``): how many last tricks it solves exactly in each imagined deal (the book
    # plays the tricks before; 0: none), and how many worlds it imagines, as a multiple of the Monte Carlo bot's
    exact_tricks: int = 0
    strong_worlds: float = 2.5
    # the strong bot's information-set search over the last tricks (``strong.best_response``): from how many cards in
    # hand (0: never), over how many imagined worlds
    infoset_tricks: int = 0
    infoset_worlds: int = 40
    # strong_worlds_at(view) -> a further multiple of the strong bot's worlds at this decision (None: 1)
    strong_worlds_at: Callable[[Any], float] | None = None


@dataclass(frozen=True)
class ScenarioKind:
    """One kind of rule scenario a game is checked with (``cardlib.scenarios``; the format: book/rules/scenarios.md):
    the fields it takes beyond the common ones, the expect keys it may check, and how to run it."""

    required: frozenset[str]
    optional: frozenset[str] = frozenset()
    expect: frozenset[str] = frozenset()
    # run(given, options) -> what came out, by expect key; ``given`` holds the fields read (cards as Cards, a suit as
    # its symbol). None: a whole deal, which the runner replays on the game's state itself.
    run: Callable[[dict[str, Any], Any], dict[str, Any]] | None = None
    # facts(state, seat) -> what a deal scenario may check of one seat beyond the common facts ('seen'), by expect key
    facts: Callable[[Any, int], dict[str, Any]] | None = None
    # check(given) -> why a scenario of this kind cannot be run ('' when it can), beyond the format's own checks
    check: Callable[[dict[str, Any]], str] | None = None


# What a deal scenario may check of any game's state after its moves (and 'illegal': a move it must refuse).
DEAL_EXPECT = frozenset(
    {"illegal", "trick_winners", "points", "scores", "over", "game_winner", "stock", "hands", "to_move"}
)


def deal_scenarios(
    more_expect: frozenset[str] = frozenset(), facts: Callable[[Any, int], dict[str, Any]] | None = None
) -> ScenarioKind:
    """The scenarios of a whole deal, replayed from a stacked deck, as every game is checked (and ``more_expect``,
    a seat's further ``facts``)."""
    return ScenarioKind(
        frozenset({"dealer", "deck", "actions"}), frozenset({"scores_before"}), DEAL_EXPECT | more_expect, facts=facts
    )


def plain_scenarios(state: type[plain.PlainState]) -> dict[str, ScenarioKind]:
    """The scenarios a plain game is checked with: a whole deal, a legal play (its ``legal_in``) and, when its trick
    rule needs only the options (``winner_of``), a complete trick."""
    kinds = {
        "legal": ScenarioKind(
            frozenset({"hand", "trick"}),
            expect=frozenset({"legal"}),
            run=lambda given, options: {"legal": state.legal_in(given["hand"], given["trick"], options)},
        ),
        "deal": deal_scenarios(),
    }
    if state.winner_of.__func__ is not plain.PlainState.winner_of.__func__:  # type: ignore[attr-defined]
        kinds["trick"] = ScenarioKind(
            frozenset({"cards"}),
            expect=frozenset({"winner"}),
            run=lambda given, options: {"winner": state.winner_of(given["cards"], options)},
        )
    return kinds


# What the widgets may ask a game's room for, beyond its description; a game without a hook gets the plain part.
HOOKS = {
    "table_notes": "the table's notes on a deal (a widgets.notes.TableNotes class); plain: dealer, stock, tricks",
    "explore_deal": "explore_deal(explorer, options): what the deal explorer says of a dealt hand; plain: the hand",
    "explorer_options": "the names of the options the deal explorer app offers pickers for; plain: none",
    "trick_rule": "how the rank comparator judges a trick (a widgets.explore.TrickRule); plain: the 'trick' scenarios",
}


@dataclass(frozen=True)
class GameDescription:
    """All the course needs to know about a game, apart from its rules (which its state applies)."""

    key: str  # its name in code and on command lines: 'alkort'
    name: str  # its name in prose: 'Alkort'
    pack: tuple[Card, ...]
    players: tuple[int, ...]  # how many may play, the usual number first
    options: type[RuleOptions]
    state: type[DealState]
    deal: Dealer  # deal(options, *, players, dealer, seed, deck, scores_before) -> a new deal
    observe: Observer  # observe(state, seat) -> all that seat may know (a view: contracts.SeatView)
    world: WorldDealer  # world(view, rng) -> a full deal that agrees with the view
    rule_bot: RuleBotMaker  # rule_bot(seed) -> a Player that follows the old books' advice
    description: str = ""  # one line for menus: 'Icelandic, 4 players in partnerships or 2'
    lookahead: Lookahead = Lookahead()  # how the Monte Carlo bot looks ahead in this game
    coach: CoachWords = PlainCoach()  # the coach's words for this game and its search hints (the room's coach.py)
    scenarios: dict[str, ScenarioKind] = field(default_factory=dict)  # the kinds of rule scenario, by name: 'trick'
    game: Callable[..., Game] | None = None  # game(options, *, players, seed) -> deals until a side reaches the target
    card_name: Callable[[Card], str | None] = lambda card: None  # its own name in the game: 'karlinn — the old man'
    dealing: str = ""  # how a stacked deck is dealt, top first, in a sentence or two (the scenario page shows it)
    # the game's own hooks for the widgets, by name (HOOKS), each where it lives, 'module:attribute', loaded only when
    # a widget asks (the engine never imports the widgets): {'table_notes': 'cardlib.widgets.notes:AlkortNotes'}
    hooks: Mapping[str, str] = field(default_factory=dict)

    def hook(self, name: str) -> Any:
        """The game's own hook for a part of the course (``HOOKS``), loaded from where its room says; None if none."""
        if name not in HOOKS:
            raise ValueError(f"no part of the course asks for a hook {name!r}: the hooks are {', '.join(HOOKS)}")
        where = self.hooks.get(name)
        if where is None:
            return None
        module, _, path = where.partition(":")
        found: Any = importlib.import_module(module)
        for attribute in path.split("."):
            found = getattr(found, attribute)
        return found

    def new_deal(self, options: RuleOptions | dict | None = None, players: int | None = None, **kwargs: Any) -> Any:
        """A new deal of this game (``players`` defaults to the usual number; seed, dealer, deck as the engine's)."""
        return self.deal(self.options_from(options), players=self.players_from(players), **kwargs)

    def new_game(self, options: RuleOptions | dict | None = None, players: int | None = None, **kwargs: Any) -> Game:
        """A whole game to the target score (seed, first_dealer): the room's own (``game``) or, for a game that
        gives none, deals from fresh shuffles, the deal passing to the next seat."""
        count, chosen = self.players_from(players), self.options_from(options)
        if self.game is not None:
            return self.game(chosen, players=count, **kwargs)
        return DealsInTurn(self, chosen, players=count, **kwargs)

    def players_from(self, players: int | None) -> int:
        """How many play: the usual number unless told; a number the game is not played by is refused."""
        count = self.players[0] if players is None else players
        if count not in self.players:
            raise ValueError(f"{self.name} is played by {' or '.join(map(str, self.players))}, not {players!r}")
        return count

    def options_from(self, options: RuleOptions | dict | None) -> RuleOptions:
        """The game's options from None (the defaults), a dict of option names, or an options object."""
        return options if isinstance(options, self.options) else self.options.from_dict(options)


def plain_game(
    state: type[plain.PlainState], *, key: str, name: str, rule_bot: RuleBotMaker, **more: Any
) -> GameDescription:
    """The registry entry of a plain trick game (``cardlib.plain``), all that its state class says taken from it:
    its pack, how many play (its usual number), its options, its deal, the plain view and worlds, and its scenarios
    (``plain_scenarios``); ``more`` gives any other field or another value (``players=(4, 2)``, a description)."""
    return GameDescription(
        **{
            "key": key,
            "name": name,
            "pack": state.pack,
            "players": (state.default_players,),
            "options": state.options_class,
            "state": state,
            "deal": state,
            "observe": plain.observe,
            "world": plain.world,
            "rule_bot": rule_bot,
            "scenarios": plain_scenarios(state),
            **more,
        }
    )


class DealsInTurn(Game):
    """A whole game of a game whose room gives none: deals from the game's shuffles, passing to the next seat."""

    def __init__(
        self,
        game: GameDescription,
        options: RuleOptions,
        *,
        players: int,
        first_dealer: object = None,
        seed: object = None,
    ) -> None:
        self.description, self.options = game, options
        super().__init__(players, first_dealer, seed)

    def new_deal(self, dealer: int, scores_before: list[int] | None) -> DealState:
        deal: DealState = self.description.deal(
            self.options, players=self.players, dealer=dealer, seed=self.rng, scores_before=scores_before
        )
        return deal

    def next_dealer(self) -> int:
        return next_seat(self.deal.dealer, self.players)


_registered: dict[str, GameDescription] = {}
_by_options: dict[type, GameDescription] = {}  # the registry indexed by options class (games.of)
_by_name: dict[str, str] = {}  # each game's key and name as compared (folded), to its key


MOST_SIDES = 2  # the engine's score (returns, game_loser) and the coach's double-dummy search know two sides


def register(game: GameDescription) -> GameDescription:
    """Add a game to the course (a game registered again under its key replaces the old one); a game that would
    seat more than two sides is refused, saying so."""
    for count in game.players:
        sides = sides_at(game, count)
        if sides > MOST_SIDES:
            raise ValueError(
                f"{game.name} with {count} players has {sides} sides, and the course plays games of two sides only "
                "(the score, the bots' returns and the coach's search pit one side against the other): "
                "seat the players in two partnerships (a state's side_of, as cardlib.plain.Partnerships) "
                f"or play it by {' or '.join(str(n) for n in game.players if sides_at(game, n) <= MOST_SIDES) or 2}"
            )
    forget_indexes(game.key)
    _registered[game.key] = game  # a game registered again keeps its place among the games
    _by_options[game.options] = game
    _by_name.update({folded(game.key): game.key, folded(game.name): game.key})
    return game


def forget_indexes(key: str) -> None:
    """Take a registered game out of the registry's indexes (by options class, by name), if it is there."""
    old = _registered.get(key)
    if old is not None:
        _by_options.pop(old.options, None)
        for name in (old.key, old.name):
            _by_name.pop(folded(name), None)


def sides_at(game: GameDescription, players: int) -> int:
    """How many sides a deal of the game seats with this many players (its state's ``side_of``)."""
    state = game.deal(game.options_from(None), players=players, seed=0)
    return len({state.side_of(seat) for seat in range(players)})


def unregister(key: str) -> None:
    """Take a registered game out again (a test's toy game, for instance); the built-in games stay."""
    if key in BUILT_IN:
        raise ValueError(f"{key!r} is one of the course's own games and cannot be taken out")
    forget_indexes(key)
    _registered.pop(key, None)


def keys() -> tuple[str, ...]:
    """The keys of every game the course knows, the built-in games first."""
    return (*BUILT_IN, *(key for key in _registered if key not in BUILT_IN))


def key_of(name: object) -> str:
    """A game's key from what a learner may write: its key or its name, in any case, with or without accents
    ('alkort', 'Alkort', 'Écarté', 'ecarte', or a registered game's name: 'Knock-out Whist')."""
    wanted = folded(name)
    if wanted in _by_name:
        return _by_name[wanted]
    if wanted in BUILT_IN:  # a built-in game not loaded yet is known by its key
        return wanted
    every()  # a built-in game's name is known once its room is loaded
    if wanted in _by_name:
        return _by_name[wanted]
    raise ValueError(f"there is no game {name!r}: choose one of {', '.join(keys())}")


def folded(name: object) -> str:
    """A name as compared: stripped, lower case, without accents ('Écarté' -> 'ecarte')."""
    text = unicodedata.normalize("NFKD", str(name).strip().lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def get(name: object) -> GameDescription:
    """The description of a game, by key or name."""
    key = key_of(name)
    if key not in _registered:
        importlib.import_module(BUILT_IN[key])  # the room's description registers itself
    return _registered[key]


def load(name: str | Path) -> list[GameDescription]:
    """Load a game of one's own and register it: by its module or package name ('cardlib.euchre', or a room's
    'cardlib.euchre.description'), or by the path of its file or folder ('cardlib/euchre/description.py',
    'tests/toy_game.py'; a file inside a package is imported as part of it, so its relative imports work). The
    module registers itself on import, as a room's description does, or has ``register()``, or a ``DESCRIPTION``;
    a package without either is looked for in its ``description`` module. The games it added, or its key's."""
    before = set(_registered)
    module = imported(name)
    if hasattr(module, "register"):
        module.register()
    elif isinstance(getattr(module, "DESCRIPTION", None), GameDescription) and set(_registered) == before:
        register(module.DESCRIPTION)
    elif set(_registered) == before and hasattr(module, "__path__"):  # a room's package: its description
        return load(f"{module.__name__}.description")
    added = [_registered[key] for key in _registered if key not in before]
    if not added and not isinstance(getattr(module, "DESCRIPTION", None), GameDescription):
        raise ValueError(f"{name} describes no game: give it a register(), a DESCRIPTION, or a description module")
    return added or [module.DESCRIPTION]


def loading_option(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command lines' option that loads games of one's own (``--load NAME``, as often as wanted), a parent
    parser for argparse: the games it names are loaded already, so that the other options may list them."""
    loading = argparse.ArgumentParser(add_help=False)
    loading.add_argument(
        "--load",
        metavar="MODULE",
        action="append",
        default=[],
        help="register a game of one's own first: a module or package name (cardlib.euchre) or a file's path",
    )
    for name in loading.parse_known_args(argv)[0].load:
        load(name)
    return loading


def imported(name: str | Path) -> ModuleType:
    """A module by its dotted name, or by its file's or package folder's path (as part of its package, if any)."""
    path = Path(name)
    if not (path.suffix == ".py" or path.exists()):
        try:
            return importlib.import_module(str(name))
        except ModuleNotFoundError as missing:
            raise ValueError(f"there is no module {name!r} to load a game from ({missing})") from None
    path = path.resolve()
    file = path / "__init__.py" if path.is_dir() else path
    if not file.is_file():
        raise ValueError(f"{name} is neither a Python file nor a package folder")
    package_root = file.parent
    while (package_root / "__init__.py").is_file():
        package_root = package_root.parent
    if package_root == file.parent:  # a file of its own, outside any package: imported by its name alone
        return module_from_file(file)
    if str(package_root) not in sys.path:
        sys.path.insert(0, str(package_root))
    dotted = file.relative_to(package_root).with_suffix("").parts
    return importlib.import_module(".".join(dotted[:-1] if dotted[-1] == "__init__" else dotted))


def module_from_file(file: Path) -> ModuleType:
    """A Python file outside any package, imported once under its file's name (a test's game, a newcomer's)."""
    if file.stem in sys.modules and getattr(sys.modules[file.stem], "__file__", None) == str(file):
        return sys.modules[file.stem]
    spec = importlib.util.spec_from_file_location(file.stem, file)
    if spec is None or spec.loader is None:
        raise ValueError(f"{file} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def every() -> Sequence[GameDescription]:
    """The description of every game, the built-in games first."""
    return [get(key) for key in keys()]


def of(thing: object) -> GameDescription:
    """The game a deal, a seat's view or a set of options belongs to (found by its options' class)."""
    options = thing if isinstance(thing, RuleOptions) else getattr(thing, "options", None)
    game = _by_options.get(type(options))
    if game is None and len(_registered) < len(keys()):  # a built-in room not loaded yet: load them all, look again
        every()
        game = _by_options.get(type(options))
    if game is None:
        raise ValueError(f"{type(thing).__name__} belongs to no game the course knows")
    return game


def observe(state: DealState, seat: int) -> Any:
    """All that one seat of a deal may know, and nothing more: the game's view of the deal from that seat."""
    return of(state).observe(state, seat)


def sample_world(view: Any, rng: random.Random) -> Any:
    """A full deal, drawn at random among those the view's seat cannot tell from the real one."""
    return of(view).world(view, rng)
