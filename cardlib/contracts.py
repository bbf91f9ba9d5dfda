"""A room's contract, written down: what the course asks of a game, and the values that pass between its parts.

This is the lowest layer above the engine's core (``cards``, ``tricks``, ``worlds``) and the rooms' rules: it holds
no implementation, only types that mypy checks every room and every part of the course against (the layers are
drawn in ``book/how-to-add-a-game.md``; ``tests/test_layers.py`` holds the imports to them).

The values:

- ``Decision``: a move and the reason for it, in one sentence (what every player and bot answers);
- ``Wait`` (``WAIT``) and ``Option``: what a seat may do at a decision, a legal move or letting an optional one go by;
- ``Estimate`` and ``Hint``: what the coach found for each option, and its answer at one decision.

The protocols a game's room fills in (each the type of a field of its registry entry, ``games.GameDescription``):

- ``SeatView``: all one seat may know (``observe(state, seat)`` makes it), with whose turn it is (``to_move``), the
  cards it has not seen (``unseen()``) and a name for what it knows (``key()``, which seeds a bot's thinking);
- ``CoachWords``: what the coach (``cardlib.coach``) and its hindsight search (``cardlib.doubledummy``) ask of a
  room: why the best option is best (``why``), which details of a position matter to the rest of the deal
  (``position_key``), and which moves do the same job (``distinct_moves``); ``plain.PlainCoach`` answers for any
  game;
- ``Bot``: a player the course can seat (``decide``, ``optional``), as ``players.Player`` and its subclasses are;
  ``ViewBot``, one that decides from a seat's view (``choose``), as ``players.InformedPlayer`` does;
- the description's callables: ``Dealer`` (a new deal), ``Observer`` (a seat's view), ``WorldDealer`` (a full deal
  that agrees with a view) and ``RuleBotMaker`` (the old books' advice as a bot).

The guide's toy (``tests/toy_game.py``) implements every one of them; ``book/how-to-add-a-game.md`` names them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .cards import Card
from .tricks import Action, DealState, Play, RuleOptions


class Decision(NamedTuple):
    """A move and the reason for it, in one sentence."""

    action: Action
    reason: str


@dataclass(frozen=True, slots=True)
class Wait:
    """Letting an optional move go by for now (not exchanging, not announcing yet): another player moves."""

    def __str__(self) -> str:
        return "wait"


WAIT = Wait()
Option = Action | Wait  # what a seat may do at a decision


@dataclass(frozen=True)
class Estimate:
    """What the coach found for one option: the chance of winning the deal and the expected points, each ± 95 %."""

    action: Option
    win: float
    win_margin: float
    points: float
    points_margin: float
    samples: int


@dataclass(frozen=True)
class Hint:
    """The coach's answer at one decision: every option, best first, and why the best is best."""

    seat: int
    samples: int
    seed: int
    options: tuple[Estimate, ...]
    best: tuple[Option, ...]  # the options as good as the best one (within the noise), the best first
    why: str
    outcomes: dict[Option, tuple[float, ...]] = field(repr=False, compare=False)  # each option's points, per world
    note: str = ""  # what the imagined deals could not honour, in words (the panel shows it); '' when nothing
    continuation: str = (
        "book"  # how the rest of each imagined deal was played: 'book', 'exact' or a bot (coach.CONTINUATIONS)
    )

    def estimate(self, action: Option) -> Estimate:
        """The estimate of one option."""
        return next(e for e in self.options if e.action == action)


@runtime_checkable
class SeatView(Protocol):
    """All that one seat of a deal may know, and nothing more (a game's view adds what its rules show)."""

    @property
    def options(self) -> RuleOptions:
        """The deal's options (``games.of(view)`` finds the game by their class)."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""

    @property
    def dealer(self) -> int:
        """Who dealt."""

    @property
    def scores_before(self) -> tuple[int, ...]:
        """The game's score before this deal, by side."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards now."""

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every card played so far, with its seat and its trick, in order."""

    @property
    def trick(self) -> tuple[Card, ...]:
        """The trick on the table, leader first."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now, by seat."""

    @property
    def to_move(self) -> int | None:
        """Whose turn it is (None once the deal is over): the coach offers waiting to a seat out of turn."""

    @property
    def legal(self) -> tuple[Action, ...]:
        """The moves this seat may make now, in a fixed order."""

    def unseen(self) -> list[Card]:
        """The cards of the pack this seat has not seen (other hands, a stock, hidden discards), in pack order."""

    def key(self) -> str:
        """A text that names this information set: two views with the same key are the same situation."""


@runtime_checkable
class CoachWords(Protocol):
    """What the coach and its hindsight search ask of a game's room (its ``coach.py``, or ``plain.PlainCoach``)."""

    def why(self, view: Any, hint: Hint) -> str:
        """One sentence on why the hint's best option is best, in the game's words."""

    def position_key(self, state: Any) -> Hashable:
        """What of a position still matters for the rest of the deal (the search's memo key)."""

    def distinct_moves(self, state: Any, moves: Sequence[Action]) -> list[Action]:
        """The moves worth searching: of several that do the same job (win and lose the same tricks), one."""


class Dealer(Protocol):
    """``deal(options, *, players, dealer, seed, deck, scores_before)``: a new deal of the game."""

    def __call__(
        self,
        options: Any,
        *,
        players: int,
        dealer: int = ...,
        seed: int | random.Random | None = ...,
        deck: Sequence[Card | str] | None = ...,
        scores_before: Sequence[int] | None = ...,
    ) -> DealState:
        """A deal shuffled with the seed, or dealt from the stacked deck."""


class Observer(Protocol):
    """``observe(state, seat)``: all that seat may know of the deal."""

    def __call__(self, state: Any, seat: int, /) -> SeatView:
        """The seat's view."""


class WorldDealer(Protocol):
    """``world(view, rng)``: a full deal, drawn at random among those the view's seat cannot tell from the real."""

    def __call__(self, view: Any, rng: random.Random, /) -> DealState:
        """A deal that agrees with the view, its public moves replayed."""


class Bot(Protocol):
    """A player the course can seat at a table: it decides in its turn and may take a move offered out of turn."""

    name: str

    def decide(self, state: Any, seat: int, /) -> Decision:
        """Choose one of ``state.legal_actions(seat)`` when it is this seat's turn."""

    def optional(self, state: Any, seat: int, /) -> Decision | None:
        """Take a move offered out of turn (exchange, announce), or None to let it pass."""


class ViewBot(Bot, Protocol):
    """A bot that decides from its seat's view alone (as ``players.InformedPlayer`` does): the Monte Carlo bot asks
    a game's rule bot so, in the worlds it imagines."""

    def choose(self, view: Any, /) -> Decision:
        """Choose one of ``view.legal`` when it is this seat's turn."""

    def choose_optional(self, view: Any, /) -> Decision | None:
        """Take a move offered out of turn, or None."""


class RuleBotMaker(Protocol):
    """``rule_bot(seed)``: the old books' advice as a bot."""

    def __call__(self, seed: int | None = ..., /) -> ViewBot:
        """A player that decides from its seat's view alone."""
