"""Helpers for the common case: a plain trick-taking game in about a hundred lines.

Most trick games share their bones: hands dealt in order from the top of the deck, the duty to follow the suit
led, a trump suit that beats the others, voids given away by a failure to follow, four players in two
partnerships (or each alone), and a seat's view that is its hand, the cards played and the legal moves. A new
game's room takes these from here and writes only what is its own (its ranks, its score); the guide's toy
(``tests/toy_game.py``) is such a game. Alkort and Écarté, whose rules reach further (exchanges, proposals,
announcements, cards shown), have rooms of their own that do not need these.

- ``deal_in_order`` / ``stack_in_order``: hands from a deck, and the deck back from hands (a stacked deck);
- ``following``: the cards a hand may play to a trick (the suit led, else any card);
- ``trick_winner``: the highest trump, else the highest card of the suit led, by the game's order of ranks;
- ``voids``: the suits each seat is known to lack (it did not follow);
- ``Partnerships``: ``side_of``, ``partner`` and ``side_name`` for four in two partnerships (or each alone);
- ``PlainOptions``: the options every plain game has (the target score), for a game's options to add to;
- ``PlainState``: a deal as the engine's state, every hook filled in for the common case (hands dealt in order,
  follow suit, the trick's winner leads the next, a point a trick): a game names its options, pack, hand size and
  trick rule (``winning_card``), and overrides what its rules do otherwise; cards face up for all (a turned-up
  trump) are its *public cards* (``turned_up``, ``public_cards``), which the views, worlds and table notes honour;
- ``PlainView``, ``observe`` and ``world``: a seat's view (a ``contracts.SeatView``) and the worlds that agree
  with it, dealt fairly by ``cardlib.worlds`` (each arrangement of the hidden cards as likely as a shuffle makes
  it, no card where a void says it cannot be), the public cards where they lie, the public moves replayed;
- ``PlainCoach``: the coach's words for any game (``contracts.CoachWords``), for a room to subclass.

A plain game's moves are its cards, all public once played; a game with hidden moves writes its own view. This
module stands below the registry (``cardlib.games``): a plain view deals its worlds through its game's state class,
found from the options' class, never by asking the registry.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

from . import words
from .cards import Card
from .contracts import Hint, Option
from .tricks import (
    Action,
    DealState,
    IllegalAction,
    Play,
    RuleOptions,
    in_fixed_order,
    next_seat,
    positive_whole_number,
)
from .worlds import Holder, Holdings, Worlds

# The places hidden cards may be, named as the other rooms' worlds name theirs: a seat's dealt hand, the stock.
ASIDE = ("stock",)  # the cards dealt to no one (a stock, a widow)


def dealt(seat: int) -> tuple[str, int]:
    """The place of a seat's hidden hand in a world."""
    return ("dealt", seat)


def deal_in_order(deck: Sequence[Card], players: int, hand_size: int) -> tuple[list[list[Card]], list[Card]]:
    """Each seat's hand, ``hand_size`` cards from the top of the deck in seat order (seat 0 first), and the rest."""
    hands = [list(deck[seat * hand_size : (seat + 1) * hand_size]) for seat in range(players)]
    return hands, list(deck[players * hand_size :])


def stack_in_order(hands: Sequence[Sequence[Card]], rest: Sequence[Card]) -> list[Card]:
    """The deck that ``deal_in_order`` deals into these hands and this rest (a stacked deck)."""
    return [*(c for held in hands for c in held), *rest]


def following(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards a hand may play to the trick: of the suit led if it holds any, otherwise any card."""
    led = [c for c in hand if trick and c.suit == trick[0].suit]
    return led or list(hand)


def trick_winner(cards: Sequence[Card], order: Sequence[str], trump: str | None = None) -> int:
    """Which card of a trick wins it: the highest trump, if any was played, else the highest of the suit led
    (``order``: the ranks from lowest to highest)."""
    suit = trump if trump is not None and any(c.suit == trump for c in cards) else cards[0].suit
    contenders = [i for i, c in enumerate(cards) if c.suit == suit]
    return max(contenders, key=lambda i: order.index(cards[i].rank))


def voids(plays: Sequence[Play]) -> dict[int, set[str]]:
    """The suits each seat is known to hold no more of: those led to it that it did not follow."""
    led: dict[int, str] = {}
    found: dict[int, set[str]] = {}
    for p in plays:
        suit = led.setdefault(p.trick, p.card.suit)  # the first card of each trick is the one led
        if p.card.suit != suit:
            found.setdefault(p.seat, set()).add(suit)
    return found


@dataclass(frozen=True)
class PlainOptions(RuleOptions):
    """The one option every plain game has, the score that wins the game; a game's options add their own fields:
    ``@dataclass(frozen=True) class MyOptions(PlainOptions): game = "My game"``."""

    game: ClassVar[str] = "a plain trick game"

    target_score: int = positive_whole_number(5, doc="Points that win the game")


class Partnerships:
    """The sides of a game of four in two partnerships (each seat with the one opposite), or of each alone.

    Mix it into a ``DealState`` before the base: ``class MyState(Partnerships, DealState)``."""

    n_players: int

    def side_of(self, seat: int) -> int:
        """Seats 0 and 2 against 1 and 3 with four players; each seat alone otherwise."""
        return seat % 2 if self.n_players == 4 else seat

    def partner(self, seat: int) -> int | None:
        """The seat opposite, with four players; None when each plays alone."""
        return (seat + 2) % 4 if self.n_players == 4 else None

    def side_name(self, side: int) -> str:
        """'players 0 and 2' for a partnership, 'player 0' alone."""
        return f"players {side} and {side + 2}" if self.n_players == 4 else f"player {side}"


class Trick(NamedTuple):
    """A finished trick: who led it, its cards in the order played, and who won it (all the engine asks of one)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class PlainState(DealState):
    """One deal of a plain trick game: hands dealt in order from the top of the deck, the dealer's left leads, follow
    suit if you can, the trick's winner leads the next, a point a trick. A game's state names its ``options_class``,
    ``pack``, ``hand_size`` and usual number of players, and its trick rule (``winning_card``, in words
    ``trick_rule``); each of the engine's hooks below may be overridden where its rules differ."""

    options_class: ClassVar[type[RuleOptions]]
    pack: ClassVar[tuple[Card, ...]]
    hand_size: ClassVar[int]
    default_players: ClassVar[int] = 2
    trick_rule: ClassVar[str] = "the highest trump, or else the highest card of the suit led"
    # The public-card hook: how many cards from the top of the stock lie face up for every seat to see (a turned-up
    # trump); the views show them (``public_cards``), the worlds keep them there, the table notes name them.
    turned_up: ClassVar[int] = 0
    tricks: list[Trick]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's state class is found from its options' class (``state_for``): a plain view deals its worlds
        through it, with no registry."""
        super().__init_subclass__(**kwargs)
        if "options_class" in vars(cls):
            _STATES[cls.options_class] = cls

    def __init__(
        self,
        options: RuleOptions | Mapping | None = None,
        *,
        players: int | None = None,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        deck: Sequence[Card | str] | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        count = self.default_players if players is None else players
        if count * self.hand_size + self.turned_up > len(self.pack):
            raise ValueError(f"{count} hands of {self.hand_size} cards need more than a pack of {len(self.pack)}")
        chosen = self.options_class.from_dict(options)
        dealer = self._set_up(chosen, count, dealer, deck, seed, scores_before, self.pack)
        self.hands, self.stock = deal_in_order(self.deck, count, self.hand_size)
        self.tricks, self.trick, self.log = [], [], []
        self.leader = self.current_player = next_seat(dealer, count)
        self.is_over, self._legal = False, None

    @classmethod
    def winner_of(cls, cards: Sequence[Card], options: Any) -> int:
        """The game's trick rule under these options: which card of a complete trick wins it (its index, 0 for the
        card led). A game whose rule needs more than its options (a turned-up trump) overrides ``winning_card``."""
        raise NotImplementedError(f"{cls.__name__} gives its trick rule by winner_of(cards, options) or winning_card")

    @classmethod
    def legal_in(cls, hand: Sequence[Card], trick: Sequence[Card], options: Any) -> list[Card]:
        """The cards a hand may play to a trick under these options: follow the suit led if you can."""
        return following(hand, trick)

    def winning_card(self, cards: Sequence[Card]) -> int:
        """Which card of a complete trick wins it in this deal (its index, 0 for the card led)."""
        return self.winner_of(cards, self.options)

    def public_cards(self) -> tuple[Card, ...]:
        """The cards every seat sees that are in no hand and not played: the top ``turned_up`` cards of the stock."""
        return tuple(self.stock[: self.turned_up])

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        return [] if seat is None else list(self.legal_in(self.hands[seat], self.trick, self.options))

    def _actor(self, move: Action) -> int | None:
        return self.current_player if isinstance(move, Card) else None

    def _play(self, card: Card) -> None:
        seat = self.seat_to_move()
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.current_player = next_seat(seat, self.n_players)
        if len(self.trick) == self.n_players:  # the trick is complete: its winner leads the next, if any
            winner = [p.seat for p in self.plays() if p.trick == len(self.tricks)][self.winning_card(self.trick)]
            self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
            self.trick, self.leader, self.is_over = [], winner, not any(self.hands)
            self.current_player = None if self.is_over else winner

    def _do(self, action: Action) -> None:
        raise AssertionError(f"{self.options.game} has no moves but cards")

    def _why_illegal(self, move: Action) -> str:
        if not isinstance(move, Card) or self.current_player is None:
            return f"Only a card may be played in {self.options.game}, by the player whose turn it is."
        if move not in self.hands[self.current_player]:
            return f"{move} is not in the hand of the player to play."
        return f"You must follow suit: {self.trick[0].suit} was led."

    @property
    def points(self) -> list[int]:
        """A point for each trick won."""
        return self.tricks_by_side()

    def redeal(self) -> Self:
        return type(self)(
            self.options, players=self.n_players, dealer=self.dealer, deck=self.deck, scores_before=self.scores_before
        )

    def explain_trick(self, number: int = -1) -> str:
        trick = self.tricks[number]
        return f"player {trick.winner} wins with {trick.cards[self.winning_card(trick.cards)]}, {self.trick_rule}."

    def explain_choices(self) -> str:
        return "Follow the suit led if you can." if self.trick else "Lead any card."

    def explain_score(self) -> str:
        return f"A point a trick: {self.points[0]} to {self.points[1]}."

    def drawn_by(self, seat: int) -> list[Card]:
        """The cards a seat has drawn from the stock during play: none, in a plain game."""
        return []


@dataclass(frozen=True)
class PlainView:
    """All one seat of a plain trick game may know: its hand, every card played and by whom, the legal moves."""

    options: RuleOptions
    pack: tuple[Card, ...]
    public: tuple[Card, ...]  # the cards face up for all (``PlainState.public_cards``: a turned-up trump)
    players: int
    seat: int
    dealer: int
    scores_before: tuple[int, ...]
    hand: tuple[Card, ...]
    plays: tuple[Play, ...]
    trick: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    to_move: int | None
    log: tuple[Action, ...]
    legal: tuple[Action, ...]

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen: the other hands and the cards aside, in pack order."""
        seen = {*self.hand, *self.public, *(p.card for p in self.plays)}
        return [c for c in self.pack if c not in seen]

    def key(self) -> str:
        """A text that names this information set (to seed a bot's thinking)."""
        hand = " ".join(map(str, self.hand))
        return f"{self.seat}|{self.dealer}|{self.scores_before}|{hand}|{' '.join(map(str, self.log))}"

    def played_by(self, seat: int) -> list[Card]:
        """The cards a seat has played so far, in order."""
        return [p.card for p in self.plays if p.seat == seat]

    def hidden_deal(self) -> Worlds:
        """The unseen cards and where they may be: each other hand (none of a suit it did not follow), and aside."""
        unseen, lacking = self.unseen(), voids(self.plays)
        holders = []
        for seat in range(self.players):
            if seat != self.seat:
                allowed = frozenset(c for c in unseen if c.suit not in lacking.get(seat, ()))
                holders.append(Holder(dealt(seat), self.hand_sizes[seat], allowed))
        aside = len(unseen) - sum(h.count for h in holders)
        return Worlds(unseen, [*holders, Holder(ASIDE, aside)])

    def world_from(self, holdings: Holdings) -> DealState:
        """The deal with the hidden cards where ``holdings`` puts them, its moves replayed."""
        hands = [
            [*(self.hand if seat == self.seat else holdings[dealt(seat)]), *self.played_by(seat)]
            for seat in range(self.players)
        ]
        deck = stack_in_order(hands, [*self.public, *holdings[ASIDE]])  # the cards face up lie on the stock's top
        state = state_for(self.options)(
            self.options, players=self.players, dealer=self.dealer, deck=deck, scores_before=self.scores_before
        )
        for move in self.log:
            try:
                state.apply(move)
            except IllegalAction as refused:
                raise ValueError(missing_hook(f"cannot replay {move} ({refused})")) from refused
        to_move = None if state.is_over else state.seat_to_move()
        if to_move != self.to_move:  # the last trick went to another seat in this world: its trumps differ
            raise ValueError(missing_hook(f"has player {to_move} to move where the view has player {self.to_move}"))
        return state


def missing_hook(what: str) -> str:
    """Why a world drawn from a plain view does not agree with it (``what`` it did), and which hook is missing."""
    return (
        f"a world drawn from a plain view {what}: the deal depends on a card the view does not show. A card every "
        "seat sees (a turned-up trump) is the state's public card: set PlainState.turned_up, or override "
        "public_cards() and PlainView.world_from (cardlib.plain); a card only some seats see needs a view of the "
        "game's own"
    )


_STATES: dict[type[RuleOptions], type[PlainState]] = {}  # each plain game's state class, by its options' class


def state_for(options: RuleOptions) -> type[PlainState]:
    """The state class of the plain game these options belong to (set when the class is defined)."""
    try:
        return _STATES[type(options)]
    except KeyError:
        raise ValueError(f"{type(options).__name__} belongs to no PlainState subclass") from None


def observe(state: Any, seat: int) -> PlainView:
    """What a seat of a plain trick game knows (its state keeps ``hands``, ``trick`` and ``log``)."""
    return PlainView(
        state.options,
        tuple(state.pack),
        tuple(state.public_cards()),
        state.n_players,
        seat,
        state.dealer,
        tuple(state.scores_before),
        tuple(sorted(state.hands[seat])),
        state.plays(),
        tuple(state.trick),
        tuple(map(len, state.hands)),
        None if state.is_over else state.seat_to_move(),
        tuple(state.log),
        in_fixed_order(state.legal_actions(seat)),
    )


def world(view: PlainView, rng: random.Random) -> DealState:
    """A full deal that agrees with the view, drawn fairly among all that do (``cardlib.worlds``)."""
    return view.world_from(view.hidden_deal().draw(rng))


# ---------------------------------------------------------------------------
# The coach's words for any game


def generic_key(state: DealState) -> Hashable:
    """Everything a state holds but its log (which only explains): two states alike here play on alike."""
    return tuple((name, frozen(value)) for name, value in sorted(vars(state).items()) if name not in ("log", "_legal"))


def frozen(value: Any) -> Hashable:
    """A hashable copy: lists and dicts as tuples."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    return value


class PlainCoach:
    """Coach words for any trick-taking game (a ``contracts.CoachWords``): options named as the engine names them,
    winning as finishing the deal ahead, every detail of a position kept, every move searched. A room subclasses
    it to say better."""

    wins = "wins the deal"  # what winning is, after the option: 'wins the point (three tricks or more)'

    def phrase(self, option: Option) -> str:
        """An option in words: 'play K♦', 'wait'."""
        return words.option_text(option)

    def why(self, view: Any, hint: Hint) -> str:
        """Why the best option is best, in plain words: its chance and points ± 95 % against the next best."""
        return words.sentence(hint, self.phrase, self.wins)

    def position_key(self, state: Any) -> Hashable:
        """Everything the state holds but its log."""
        return generic_key(state)

    def distinct_moves(self, state: Any, moves: Sequence[Action]) -> list[Action]:
        """Every move: none is known to do another's job."""
        return list(moves)
