"""A room's contract, written down: what the course asks of a game's view, its coach words and its description.

A game lives in a room of its own (``cardlib/alkort/``, ``cardlib/ecarte/``, or one file, as the guide's toy),
and the rest of the course reaches it only through its registry entry (``cardlib.games.GameDescription``). This
module says, as types that mypy checks every room against, what each hook of that entry must be:

- ``SeatView``: all one seat may know (``observe(state, seat)`` makes it), with whose turn it is (``to_move``), the
  cards it has not seen (``unseen()``) and a name for what it knows (``key()``, which seeds a bot's thinking);
- ``CoachWords``: what the coach (``cardlib.coach``) and its hindsight search (``cardlib.doubledummy``) ask of a
  room: why the best option is best (``why``), which details of a position matter to the rest of the deal
  (``position_key``), and which moves do the same job (``distinct_moves``); ``PlainCoach`` answers for any game;
- the description's callables: ``Dealer`` (a new deal), ``Observer`` (a seat's view), ``WorldDealer`` (a full deal
  that agrees with a view) and ``RuleBotMaker`` (the old books' advice as a bot).

The guide's toy (``tests/toy_game.py``) implements every one of them; ``book/how-to-add-a-game.md`` names them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .cards import Card
from .tricks import Action, DealState, Play, RuleOptions

if TYPE_CHECKING:
    from .coach import Hint
    from .players import InformedPlayer


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
    """What the coach and its hindsight search ask of a game's room (its ``coach.py``, or ``PlainCoach``)."""

    def why(self, view: Any, hint: Hint) -> str:
        """One sentence on why the hint's best option is best, in the game's words."""

    def position_key(self, state: Any) -> Hashable:
        """What of a position still matters for the rest of the deal (the search's memo key)."""

    def distinct_moves(self, state: Any, moves: Sequence[Action]) -> list[Action]:
        """The moves worth searching: of several that do the same job (win and lose the same tricks), one."""


class PlainCoach:
    """Coach words for any trick-taking game: options named as the engine names them, winning as finishing the deal
    ahead, every detail of a position kept, every move searched. A room subclasses it to say better."""

    wins = "wins the deal"  # what winning is, after the option: 'wins the point (three tricks or more)'

    def phrase(self, option: Any) -> str:
        """An option in words: 'play K♦', 'wait'."""
        from .coach import option_text  # the coach imports the registry, which imports this module

        return option_text(option)

    def why(self, view: Any, hint: Hint) -> str:
        """Why the best option is best, in plain words: its chance and points ± 95 % against the next best."""
        from .coach import sentence

        return sentence(hint, self.phrase, self.wins)

    def position_key(self, state: Any) -> Hashable:
        """Everything the state holds but its log."""
        from .doubledummy import generic_key

        return generic_key(state)

    def distinct_moves(self, state: Any, moves: Sequence[Action]) -> list[Action]:
        """Every move: none is known to do another's job."""
        return list(moves)


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


class RuleBotMaker(Protocol):
    """``rule_bot(seed)``: the old books' advice as a bot."""

    def __call__(self, seed: int | None = ..., /) -> InformedPlayer:
        """A player that decides from its seat's view alone."""
