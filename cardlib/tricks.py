"""What every trick-taking deal shares: options, actions, illegal moves and the deal as a state.

Both games are played the same way from the outside, in the manner of OpenSpiel:
a *state* tells whose turn it is and which actions are legal now; you ``apply``
one action at a time until the deal ``is_over``; then its ``points`` say who
scored. The names are the course's own, shorter and closer to the rulebook; this
is what each of OpenSpiel's ``pyspiel.State`` calls is called here:

=====================================  =========================================  ===================================
OpenSpiel (``pyspiel``)                cardlib                                    what differs
=====================================  =========================================  ===================================
``game.new_initial_state()``           ``alkort.new_deal(...)``,                  the deal is shuffled at once (a
                                       ``ecarte.new_deal(...)``                   seed, or a stacked deck): there
                                                                                  are no chance nodes
``state.current_player()``             ``state.current_player``                   an attribute; ``None`` once the
                                                                                  deal is over (OpenSpiel: < 0)
``state.legal_actions(player)``        ``state.legal_actions(player)``            the actions are cards and small
                                                                                  objects (below), not numbers
``state.apply_action(action)``         ``state.apply(action)``                    an illegal move raises
                                                                                  ``IllegalAction``
``state.is_terminal()``                ``state.is_over``                          an attribute
``state.returns()``                    ``state.returns()``                        the same: each seat's side's
                                                                                  points minus the other side's
``state.clone()``                      ``state.clone()``                          the same
``state.history()``                    ``state.log``, ``state.history()``         actions, or their text
``state.action_to_string(p, a)``       ``action_text(a)``                         'play K♦', 'discard 7♠ 8♠'
``state.string_to_action(text)``       ``parse_action(text)``                     the same text
``state.num_players()``                ``state.n_players``                        an attribute
``state.information_state_string(p)``   ``cardlib.games.observe(state, p)``        a view object, not a string
=====================================  =========================================  ===================================

The actions are the cards themselves, plus a few small objects for the
moves that are not cards:

======================  ==========================================  ===========
action                  meaning                                     game
======================  ==========================================  ===========
``K♦`` (a ``Card``)     play this card                              both
``Exchange(3♦)``        the worthless-hand exchange, keeping 3♦     Alkort
``PROPOSE``             the non-dealer asks to exchange cards       Écarté
``ACCEPT``/``REFUSE``   the dealer's answer                         Écarté
``Discard({7♠, 8♠})``   throw these cards away and draw as many     Écarté
``Announce(K♥)``        show the King of trumps for a point         Écarté
``Claim(K♥)``           claim the turned-up King's point            Écarté
``PASS``                let the turned-up King's point go           Écarté
======================  ==========================================  ===========

Every action prints the way the scenario format writes it (``play K♦``,
``discard 7♠ 8♠``; see book/rules/scenarios.md) and ``parse_action`` reads it
back, so a deal's log is plain text that replays it exactly. A state accepts an
action in any of these forms, with cards built by hand (``Card("K", "♦")``) or
read from text, and turns it into its own objects first (``canonical_action``);
anything else, a tuple ``("K", "♦")`` say, is refused with ``IllegalAction``.

The rules these modules follow are the course's rulebook, book/rules/alkort.md
and book/rules/ecarte.md.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar

from .cards import FULL_PACK, PACK_ORDER, Card, CardError, Table, card, hand, repeated, show, shuffled

# ---------------------------------------------------------------------------
# Actions that are not cards.


class Call(enum.StrEnum):
    """A spoken move in Écarté: propose an exchange, accept or refuse it; pass (let a turned-up King's point go)."""

    PROPOSE = "propose"
    ACCEPT = "accept"
    REFUSE = "refuse"
    PASS = "pass"

    def __repr__(self) -> str:
        return self.value


PROPOSE, ACCEPT, REFUSE, PASS = Call.PROPOSE, Call.ACCEPT, Call.REFUSE, Call.PASS


class OneCardMove:
    """A move named by a word and one card, printed as the scenario format writes it: 'exchange 3♦'."""

    __slots__ = ()
    word: ClassVar[str]

    def __str__(self) -> str:
        return f"{self.word} {getattr(self, dataclasses.fields(self)[0].name)}"  # type: ignore[arg-type]

    __repr__ = __str__


@dataclass(frozen=True, slots=True, repr=False)
class Exchange(OneCardMove):
    """Alkort's worthless-hand exchange: keep this one card, discard the rest, take the stock."""

    word = "exchange"
    keep: Card


@dataclass(frozen=True, slots=True, repr=False)
class Announce(OneCardMove):
    """Écarté: announce the King of trumps (the card named) for one point, before one's first card;
    the dealer scores a turned-up King without announcing it."""

    word = "announce"
    king: Card


@dataclass(frozen=True, slots=True, repr=False)
class Claim(OneCardMove):
    """Écarté, with turned_king = claimed: the dealer claims the point of the turned-up King (the card named)."""

    word = "claim"
    king: Card


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Écarté: throw these cards away (possibly none, for the dealer) and be served as many."""

    cards: frozenset[Card]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        object.__setattr__(self, "cards", frozenset(cards))

    def __str__(self) -> str:
        try:
            ordered = sorted(self.cards)  # pack order
        except TypeError:  # not all cards: a look-alike that canonical_action refuses, printed as given
            ordered = list(self.cards)
        return " ".join(["discard", *map(str, ordered)])

    __repr__ = __str__


_new_discard = object.__new__  # (every_discard)
_set_discarded = Discard.__dict__["cards"].__set__  # the slot's own setter, which the frozen __setattr__ leaves alone


def every_discard(cards: Sequence[Card], sizes: Iterable[int]) -> list[Discard]:
    """Every discard of so many of these cards, each size in turn, in the order itertools.combinations makes them."""
    discards: list[Discard] = []
    for size in sizes:
        for chosen in itertools.combinations(cards, size):
            # Discard(chosen) without a call to its __init__: an Écarté discard has up to 32 to choose from
            discard = _new_discard(Discard)
            _set_discarded(discard, frozenset(chosen))
            discards.append(discard)
    return discards


Action = Card | Call | Exchange | Announce | Claim | Discard


def parse_action(text: str) -> Action:
    """Read an action as the scenario format writes it: 'play K♦', 'exchange 3♦', 'propose', 'discard 7♠ 8♠'."""
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    if word == "play":
        return card(rest)
    if word in ("propose", "accept", "refuse", "pass") and not rest.strip():
        return Call(word)
    if word == "discard":
        cards = hand(rest)
        if doubled := repeated(cards):
            raise ValueError(f"{text.strip()!r} names {show(doubled)} twice: a card can be discarded once")
        return Discard(cards)
    if word == "announce":
        return Announce(card(rest))
    if word == "exchange":
        return Exchange(card(rest))
    if word == "claim":
        return Claim(card(rest))
    raise ValueError(
        f"{text!r} is not an action: the actions are play C, exchange C, propose, "
        f"accept, refuse, discard C1 C2 ..., announce C, claim C, pass"
    )


def action_text(action: Action) -> str:
    """The action as text, the inverse of ``parse_action``: 'play K♦', 'discard 7♠'."""
    return f"play {action}" if isinstance(action, Card) else str(action)


assert parse_action("play KD") == card("K♦") and action_text(card("K♦")) == "play K♦"
assert parse_action("discard 8♠ 7♠") == Discard(hand("7♠ 8♠"))
assert action_text(parse_action("discard 8♠ 7♠")) == "discard 7♠ 8♠"
assert parse_action(" propose ") is PROPOSE and action_text(Discard()) == "discard"
assert parse_action("claim KH") == Claim(card("K♥")) and action_text(parse_action("Pass")) == "pass"


# ---------------------------------------------------------------------------
# Illegal moves, and actions as a learner may write them.


class IllegalAction(ValueError):
    """A move the rules forbid, or something that is not a move. The message names the rule broken."""


ACTION_FORMS = (
    "the actions are a card (card('K♦') or Card('K', '♦')), PROPOSE, ACCEPT, REFUSE, PASS, "
    "Exchange(card), Discard(cards), Announce(card), Claim(card), or their text: 'play K♦', "
    "'exchange 3♦', 'propose', 'accept', 'refuse', 'discard 7♠ 8♠', 'announce K♥', 'claim K♥', 'pass'"
)


def canonical_action(action: object) -> Action:
    """The engine's own action for one given in any accepted form; anything else raises IllegalAction.

    Text (any ``str``) is read with ``parse_action``; a card, and the cards inside an
    ``Exchange``, ``Announce`` or ``Discard``, become the pack's own cards, so that a state
    holds no other card objects. A tuple, a number, a list or None is not an action, and the
    error says what was given and what would do.
    """
    if type(action) is Call:
        return action
    # A discarded, announced or claimed card never joins a hand, so one made past Card's check (equal to the
    # pack's own, but another object) may stay; every card that may join a hand becomes the pack's own.
    if isinstance(action, Discard) and all(type(c) is Card for c in action.cards):
        return action
    if isinstance(action, (Announce, Claim)) and type(action.king) is Card:
        return action
    try:
        rebuilt = _rebuilt(action)
    except CardError as error:
        raise IllegalAction(f"{_given(action)}: {error}") from None
    except IllegalAction:
        raise
    except ValueError as error:  # text that is not an action
        raise IllegalAction(str(error)) from None
    if rebuilt is None:
        raise _not_an_action(action)
    return rebuilt


def _rebuilt(action: object) -> Action | None:
    """An action written by hand, rebuilt of the pack's own cards (see cards.place); None if it is no action."""
    if isinstance(action, str):
        return parse_action(str(action))
    if isinstance(action, Card):
        return card(action)
    if isinstance(action, Exchange):
        return Exchange(card(action.keep))
    if isinstance(action, (Announce, Claim)):
        return type(action)(card(action.king))
    if isinstance(action, Discard):
        cards = [card(c) for c in action.cards]
        if doubled := repeated(cards):
            raise IllegalAction(f"{action!r} names {show(doubled)} twice: a card can be discarded once")
        return Discard(cards)
    return None


def _not_an_action(action: object) -> IllegalAction:
    """The error for something that is no action, saying what would do (a tuple naming a card is told how)."""
    if isinstance(action, tuple) and action in FULL_PACK:  # a card is a pair, so the tuple equals one
        rank, suit = action
        return IllegalAction(
            f"{action!r} is a tuple, not a card: play Card({rank!r}, {suit!r}), "
            f"card('{rank}{suit}') or 'play {rank}{suit}'"
        )
    return IllegalAction(f"{_given(action)} is not an action: {ACTION_FORMS}")


def _given(value: object) -> str:
    """What was given, for an error message: its repr (cut short) and, when that is not plain, its type."""
    text = repr(value)
    text = text if len(text) <= 60 else text[:57] + "..."
    plain = type(value) in (str, int, float, tuple, list, dict, type(None))  # True is named a bool
    return text if plain else f"{text} (of type {type(value).__name__})"


assert canonical_action("play kd") == card("K♦") and canonical_action(Exchange(Card("3", "♦"))) == Exchange(card("3♦"))


# ---------------------------------------------------------------------------
# Rule options: frozen dataclasses whose fields are the rulebook's option names
# (book/rules/alkort.md and book/rules/ecarte.md, "Options").


class OptionError(ValueError):
    """A rule option that does not exist, a value it cannot take, or values that cannot be played together."""


def option(default: Any, *others: Any, doc: str, words: Mapping[Any, str]) -> Any:
    """A rule option field that takes the default or one of the other listed values.

    ``doc`` is the option's heading, a short capitalised phrase ("Who leads the next
    trick"); ``words`` says what each value means ("the winner"), for pickers and
    explanations that speak to players rather than programmers.
    """
    choices = (default, *others)
    assert doc[:1].isupper() and not doc.endswith((":", ".")), f"a heading, not a sentence: {doc!r}"
    assert list(words) == list(choices), f"words for each of {choices}, in that order"
    words = Table(f"the words of the option {doc!r}", words, copy_with="value_words(name) of the options' class")
    return field(default=default, metadata={"choices": choices, "doc": doc, "words": words})


def positive_whole_number(default: int, doc: str) -> Any:
    """A rule option field that takes any positive whole number."""
    return field(default=default, metadata={"choices": None, "doc": doc, "words": Table("the words of a number", {})})


_DEFAULTS: dict[type, RuleOptions] = {}  # each game's default options, made on first use


@dataclass(frozen=True)
class RuleOptions:
    """The rule variants of a game; every field is an option of the rulebook, validated here."""

    game: ClassVar[str] = "a game"
    if TYPE_CHECKING:  # every game has one; each declares it as an option field of its own
        target_score: int

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):  # JSON has no tuples: [3, 2] means (3, 2)
                value = tuple(value)
                object.__setattr__(self, f.name, value)
            choices = f.metadata["choices"]
            if choices is None:
                if type(value) is not int or value < 1:
                    raise OptionError(f"{f.name} must be a positive whole number, not {value!r}")
            elif not any(type(value) is type(c) and value == c for c in choices):
                listed = ", ".join(_quoted(c) for c in choices)
                raise OptionError(f"{self.game} option {f.name} must be one of {listed}, not {_quoted(value)}")

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | RuleOptions | None = None) -> Self:
        """Options from a mapping of names to values; unknown names are refused."""
        if isinstance(values, cls):
            return values
        if values is None or isinstance(values, Mapping) and not values:  # the defaults, checked once per game
            return cls.defaults()
        if isinstance(values, RuleOptions):  # another game's options: their names are refused below
            values = {f.name: getattr(values, f.name) for f in dataclasses.fields(values)}
        elif values is not None and not isinstance(values, Mapping):
            raise OptionError(
                f"options must be {cls.__name__}(...) or a dict of option names and values "
                f"like {{'target_score': 5}}, not {_given(values)}"
            )
        values = dict(values or {})
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = [name for name in values if name not in names]
        if unknown:
            raise OptionError(f"{cls.game} has no option {unknown[0]!r}; its options are {', '.join(names)}")
        return cls(**values)

    @classmethod
    def defaults(cls) -> Self:
        """The options with every rule at its default, validated once (options are frozen, so one serves all)."""
        made = _DEFAULTS.get(cls)
        if made is None:
            made = _DEFAULTS[cls] = cls()  # type: ignore[call-arg]  # every game's option fields have defaults
        return made  # type: ignore[return-value]  # _DEFAULTS holds each class's own instance

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON-ready values."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in dataclasses.fields(self)
        }

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = type(self).defaults().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}

    @classmethod
    def describe(cls) -> dict[str, tuple[Any, ...] | None]:
        """Each option's allowed values (default first), None for any positive whole number."""
        return {f.name: f.metadata["choices"] for f in dataclasses.fields(cls)}

    @classmethod
    def _field(cls, name: str) -> dataclasses.Field:
        """The field of an option, by name; an unknown name is refused."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return f
        names = ", ".join(f.name for f in dataclasses.fields(cls))
        raise OptionError(f"{cls.game} has no option {name!r}; its options are {names}")

    @classmethod
    def option_heading(cls, name: str) -> str:
        """What an option decides, as a short heading: 'Who leads the next trick'."""
        return str(cls._field(name).metadata["doc"])

    @classmethod
    def value_words(cls, name: str) -> dict[Any, str]:
        """What each value of an option means, in words: {'winner': 'the winner', ...} (empty for numbers)."""
        return dict(cls._field(name).metadata["words"])


def option_text(value: Any) -> str:
    """An option value as the rulebook writes it: winner, true, false, [3, 2], 10."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return str(list(value))
    return str(value)


def _quoted(value: Any) -> str:
    return repr(value) if isinstance(value, str) else option_text(value)


assert [option_text(v) for v in ("winner", True, (3, 2), 10)] == ["winner", "true", "[3, 2]", "10"]


# ---------------------------------------------------------------------------
# Dealing in packets.
#
# Both games deal a few cards at a time, seat after seat: Alkort 3, 3 and 3 clockwise from
# forehand, Écarté 3 then 2 (or 2 then 3) to the non-dealer and then the dealer. A deal's
# *packets* say where each packet from the top of the deck goes; dealing a deck and stacking
# one (the inverse: the deck that deals given hands) both follow them, so they always agree.


class Packet(NamedTuple):
    """One packet of a deal: which seat gets it, where it starts in that hand, how many cards."""

    seat: int
    start: int
    size: int


class Dealing:
    """How a deal is dealt: a round of packets of each size, to the seats in the order given."""

    def __init__(self, seats: Sequence[int], sizes: Sequence[int]) -> None:
        order, dealt = [], dict.fromkeys(seats, 0)
        for size in sizes:
            for seat in seats:
                order.append(Packet(seat, dealt[seat], size))
                dealt[seat] += size
        self.packets = tuple(order)
        self.cards_dealt = sum(dealt.values())
        # Worked out once: where in the deck each seat's cards are, so that dealing is one look-up a hand.
        positions: dict[int, list[int]] = {seat: [] for seat in range(len(seats))}
        top = 0
        for seat, _, size in self.packets:
            positions[seat] += range(top, top + size)
            top += size
        self._takers = [operator.itemgetter(*positions[seat]) for seat in range(len(seats))]

    def deal(self, deck: Sequence[Card]) -> list[list[Card]]:
        """The hands dealt from the top of this deck, one per seat."""
        return [list(take(deck)) for take in self._takers]

    def stack(
        self,
        hands: Sequence[Sequence[Card | str] | str],
        then: Sequence[Card | str] | str = (),
        pack: Sequence[Card] = (),
    ) -> list[Card]:
        """The deck (top first) that deals these hands, one per seat, then has these cards: ``deal`` undone.

        The cards given may be written as text; the rest of the ``pack``, if given, ends the deck in pack order.
        """
        cards = [hand(h) for h in hands]
        top = [c for seat, start, size in self.packets for c in cards[seat][start : start + size]] + hand(then)
        if len(top) >= len(pack):  # the whole deck is stacked (check_deck says if it is not a pack)
            return top
        placed = set(top)
        return top + [c for c in pack if c not in placed]


assert Dealing((1, 0), (3, 2)).packets == ((1, 0, 3), (0, 0, 3), (1, 3, 2), (0, 3, 2))
assert Dealing((1, 0), (3, 2)).deal(FULL_PACK) == [
    list(FULL_PACK[3:6] + FULL_PACK[8:10]),
    list(FULL_PACK[0:3] + FULL_PACK[6:8]),
]
assert Dealing((1, 0), (3, 2)).stack(Dealing((1, 0), (3, 2)).deal(FULL_PACK), FULL_PACK[10:]) == list(FULL_PACK)


# ---------------------------------------------------------------------------
# The deal as a state.


class FinishedTrick(Protocol):
    """What every game records of a finished trick (each game's ``Trick`` may add more)."""

    @property
    def leader(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def winner(self) -> int: ...


def seat_name(seat: int) -> str:
    """How the engine names a seat in its explanations."""
    return f"player {seat}"


def clockwise(start: int, players: int) -> list[int]:
    """Every seat in the order of play, clockwise from ``start``: who plays the first, second … card of a trick
    that ``start`` leads, or draws after a trick that ``start`` won."""
    return [(start + i) % players for i in range(players)]


def next_seat(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise after ``seat`` (the next to play; a deal passed round the table)."""
    return (seat + steps) % players


assert clockwise(3, 4) == [3, 0, 1, 2] and next_seat(3, 4) == 0 and next_seat(0, 2, 5) == 1


@dataclass(frozen=True, slots=True)
class Play:
    """One card played: by which seat, in which trick (counted from 0)."""

    seat: int
    card: Card
    trick: int


def in_fixed_order(actions: Iterable[Action]) -> tuple[Action, ...]:
    """Legal moves in a fixed order (cards in pack order first), whatever order the engine lists them in."""
    return tuple(sorted(actions, key=lambda a: (0, PACK_ORDER[a], "") if isinstance(a, Card) else (1, 0, str(a))))


class DealState:
    """One deal as a state machine; each game fills in the rules.

    The public face is the same for both games:

    - ``current_player``: whose turn it is (``None`` when the deal is over);
    - ``legal_actions(player=None)``: the actions allowed now (for one player, if given);
    - ``actor(action)``: who would make this action;
    - ``apply(action)``: make a move, or raise ``IllegalAction`` leaving the state as it was;
    - ``is_legal(action)``, ``why_illegal(action)``: may it be made now, and if not, which rule says so;
    - ``is_over``, ``points``, ``returns()``, ``clone()``, ``log``, ``replay()``;
    - ``play_out(policy)``: play to the end, each move the policy's choice (the bots' look-ahead).

    An action may be given in any form ``canonical_action`` reads (a card, an action
    object, their text); the state works with its own objects only, so the games'
    ``_play``, ``_do``, ``_why_illegal`` and ``_actor`` never see a learner's look-alike.
    """

    n_players: int
    options: RuleOptions
    scores_before: list[int]
    current_player: int | None  # whose turn it is; None once the deal is over
    is_over: bool  # a plain attribute rather than a property: the benchmarks ask it after every move
    deck: tuple[Card, ...]
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]  # the cards left undealt, top first
    log: list[Action]
    tricks: Sequence[FinishedTrick]  # the finished tricks, first first
    trick: list[Card]  # the trick being played, leader first
    leader: int  # who leads (or led) the trick being played
    _legal: list[Action] | None

    # -- to be written by each game --
    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _play(self, card: Card) -> None:
        """Play a card for the player whose turn it is (the action is known to be legal)."""
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        """Make a move that is not a card (the action is known to be legal)."""
        raise NotImplementedError

    def _why_illegal(self, move: Action) -> str:
        """The rule an illegal move breaks, in one sentence (the move is the engine's own object)."""
        raise NotImplementedError

    def _actor(self, move: Action) -> int | None:
        """The seat that would make this move (the move is the engine's own object)."""
        raise NotImplementedError

    @property
    def trick_winners(self) -> list[int]:
        """The seat that won each finished trick, in order."""
        return [t.winner for t in self.tricks]

    def explain_trick(self, number: int = -1) -> str:
        """Why a finished trick (the last one by default) went to whom, in one sentence."""
        raise NotImplementedError

    def explain_choices(self) -> str:
        """What the player to move may do now, and the rule behind it, in one sentence."""
        raise NotImplementedError

    def explain_score(self) -> str:
        """How the deal was scored (so far), in one sentence."""
        raise NotImplementedError

    def public_cards(self) -> tuple[Card, ...]:
        """The cards face up for every seat that are in no hand and not played (a turned-up trump, in a plain game
        that has one: ``plain.PlainState.turned_up``); a game whose rules show cards otherwise says so in its view."""
        return ()

    # -- shared --
    def _set_up(
        self,
        options: RuleOptions,
        players: int,
        dealer: object,
        deck: object,
        seed: object,
        scores_before: object,
        pack: Sequence[Card],
    ) -> int:
        """Check and keep what every deal is given: options, players, dealer, deck (or seed), score; the dealer."""
        self.options, self.n_players = options, players
        self.dealer = check_seat(dealer, "dealer", players)
        shuffle = check_seed(seed)  # checked even when a deck is given
        self.deck = check_deck(deck, pack, options.game) if deck is not None else tuple(shuffled(pack, shuffle))
        self.scores_before = [0, 0] if scores_before is None else check_scores(scores_before)  # None: a new game
        return self.dealer

    def _legal_now(self) -> list[Action]:
        """The legal actions of this position, worked out once and kept until the next move."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions allowed now; with ``player``, only those that seat may make."""
        if player is None:
            return list(self._legal_now())
        seat = check_seat(player, "player", self.n_players)
        return [a for a in self._legal_now() if self._actor(a) == seat]

    def is_legal(self, action: Action | str) -> bool:
        """Whether the rules allow this action now (False for anything that is not an action)."""
        try:
            move = canonical_action(action)
        except IllegalAction:
            return False
        return move in self._legal_now()

    def why_illegal(self, action: Action | str) -> str:
        """The rule an action would break, in one sentence ('' when it is legal)."""
        try:
            move = canonical_action(action)
        except IllegalAction as error:
            return str(error)
        return "" if move in self._legal_now() else self._why_illegal(move)

    def actor(self, action: Action | str) -> int | None:
        """The seat that would make this action (the holder of a card, or whose turn it is)."""
        return self._actor(canonical_action(action))

    def apply(self, action: Action | str) -> None:
        """Make a move, given in any form ``canonical_action`` accepts; an illegal one raises
        ``IllegalAction`` and changes nothing."""
        legal = self._legal  # _legal_now() written out: this runs on every move of every benchmark deal
        if legal is None:
            legal = self._legal = self._legal_actions()
        for move in legal:  # the usual move, one of the engine's own legal actions (found as in cards.place)
            if move is action:
                break
        else:  # any other form, or no legal move: the engine's own object, if it is legal
            move = canonical_action(action)
            if move not in legal:
                raise IllegalAction(self._why_illegal(move) or f"{action_text(move)} is not allowed now.")
        self._legal = None
        if type(move) is Card:
            self._play(move)
        else:
            self._do(move)
        self.log.append(move)

    def play_out(self, policy: Callable[[Self, list[Action]], Action]) -> Self:
        """Play the deal to its end, each move chosen by ``policy(state, legal)``: a bot's play-out.

        The policy is handed the state's own list of the legal actions, to read and not to change,
        so that a play-out costs little more than its moves; ``apply`` still checks every move.
        """
        while not self.is_over:
            legal = self._legal  # _legal_now() written out, as in apply: this runs on every move of a play-out
            if legal is None:
                legal = self._legal = self._legal_actions()
            self.apply(policy(self, legal))
        return self

    def clone(self) -> Self:
        """An independent copy: moves on the copy leave the original alone."""
        twin = object.__new__(type(self))
        twin.__dict__.update(zip(self.__dict__, map(_copy_value, self.__dict__.values())))
        return twin

    def history(self) -> list[str]:
        """The log as text, one action a line, as the scenario format writes them."""
        return [action_text(a) for a in self.log]

    def redeal(self) -> Self:
        """The same deal again, from its deck, before any move."""
        raise NotImplementedError

    def replay(self) -> Self:
        """A fresh deal from the same deck and options with the log applied again."""
        fresh = self.redeal()
        for action in self.log:
            fresh.apply(action)
        return fresh

    # -- who is who: what the widgets, bots and coach ask instead of working it out ------------------------------
    def side_of(self, seat: int) -> int:
        """The side a seat plays for: a team of two in four-player Alkort, otherwise the seat itself."""
        return seat

    def partner(self, seat: int) -> int | None:
        """The seat playing on the same side, or None when each plays alone."""
        return None

    def opponents(self, seat: int) -> list[int]:
        """The seats playing against this one, clockwise from seat 0."""
        return [s for s in range(self.n_players) if self.side_of(s) != self.side_of(seat)]

    def side_name(self, side: int) -> str:
        """How the course names a side: 'player 0' when each plays alone."""
        return f"player {side}"

    def plays(self) -> tuple[Play, ...]:
        """Every card played so far, in order, with the seat that played it and its trick's number (from 0)."""
        n, done = self.n_players, len(self.tricks)
        finished = [Play((t.leader + i) % n, c, k) for k, t in enumerate(self.tricks) for i, c in enumerate(t.cards)]
        return (*finished, *(Play((self.leader + i) % n, c, done) for i, c in enumerate(self.trick)))

    def tricks_by_side(self) -> list[int]:
        """How many tricks each side has won so far."""
        won = [0, 0]
        for winner in self.trick_winners:
            won[self.side_of(winner)] += 1
        return won

    @property
    def game_loser(self) -> int | None:
        """The side that lost the game, once the other has reached the target score; else None."""
        winner = self.game_winner
        return None if winner is None else 1 - winner

    @property
    def points(self) -> list[int]:
        """Points won in this deal so far, one per side."""
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        """The game score: the score before this deal plus its points."""
        return [before + now for before, now in zip(self.scores_before, self.points)]

    @property
    def game_winner(self) -> int | None:
        """The side that has reached the target score, or None."""
        scores = self.scores
        reached = [side for side, score in enumerate(scores) if score >= self.options.target_score]
        return max(reached, key=scores.__getitem__) if reached else None

    def returns(self) -> list[float]:
        """OpenSpiel's returns: for each seat, its side's points minus the other side's."""
        p = self.points
        return [float(p[self.side_of(s)] - p[1 - self.side_of(s)]) for s in range(self.n_players)]

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action (for bots and benchmarks)."""
        legal = self._legal  # _legal_now() written out, as in apply: the benchmarks call this every move
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal[int(rng.random() * len(legal))]  # as uniform as rng.choice, and quicker

    def seat_to_move(self) -> int:
        """The seat whose turn it is (only asked while the deal goes on)."""
        assert self.current_player is not None, "the deal is over"
        return self.current_player

    def holder(self, c: Card | str) -> int | None:
        """The seat whose hand holds this card, or None."""
        c = c if type(c) is Card else card(c)
        for seat, cards in enumerate(self.hands):
            if c in cards:
                return seat
        return None


def _copy_value(value: Any) -> Any:
    """Copy the mutable parts of a state: lists, and the lists in them (hands are lists of lists of cards)."""
    kind = type(value)
    if kind is list:  # the usual case, written for speed: the bots clone a state for every play-out
        return list(map(list.copy, value)) if value and type(value[0]) is list else value.copy()
    if kind is set or kind is dict:
        return value.copy()
    return value


# ---------------------------------------------------------------------------
# A game: deals until a side reaches the target score.

Deal = TypeVar("Deal", bound=DealState)


class Game(Generic[Deal]):
    """A game: deals until a side reaches ``target_score``. Each game says how a deal is made and who deals next."""

    options: RuleOptions

    def __init__(self, players: int, first_dealer: object, seed: object) -> None:
        self.players = players
        shuffle = check_seed(seed)
        self.rng = shuffle if isinstance(shuffle, random.Random) else random.Random(shuffle)
        self.finished: list[Deal] = []
        # the first dealer is chosen at random
        dealer = (
            self.rng.randrange(players) if first_dealer is None else check_seat(first_dealer, "first_dealer", players)
        )
        self.deal: Deal = self.new_deal(dealer, None)

    def new_deal(self, dealer: int, scores_before: list[int] | None) -> Deal:
        """A new deal of this game, shuffled by the game's random numbers."""
        raise NotImplementedError

    def next_dealer(self) -> int:
        """Who deals the next deal, the current one being over."""
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        """The game score, the current deal's points so far included."""
        return self.deal.scores

    @property
    def winner(self) -> int | None:
        """The side that reached the target score, or None while the game goes on."""
        return self.deal.game_winner if self.deal.is_over else None

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target score."""
        return self.winner is not None

    def next_deal(self) -> Deal:
        """Bank the finished deal's points and deal the next one."""
        if not self.deal.is_over:
            raise IllegalAction("The deal is not over yet: play it to the end first.")
        if self.is_over:
            raise IllegalAction("The game is over.")
        self.finished.append(self.deal)
        self.deal = self.new_deal(self.next_dealer(), self.scores)
        return self.deal


# ---------------------------------------------------------------------------
# Checking what a deal is given.
#
# Both games check their arguments with these functions, so that a wrong one gets the
# same kind of answer everywhere: a ValueError whose message names the argument and
# says what it must be. A wrong *type* is a ValueError too (not a TypeError): a learner
# has one exception to catch, and the message says what type was expected.


def as_whole_number(value: object) -> int | None:
    """The value as an int if it is a whole number (an int or a numpy integer, not a bool), else None."""
    if isinstance(value, bool):
        return None  # True is an int to Python, but never a seat, a count or a score
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None  # a float, text, None ...


def check_seat(value: object, name: str, players: int) -> int:
    """A seat number, from 0 to players - 1."""
    seat = value if type(value) is int else as_whole_number(value)
    if seat is None or not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1}, not {_given(value)}")
    return seat


def check_choice(value: object, name: str, choices: Sequence[int], meaning: str = "") -> int:
    """One of a few whole numbers (the number of players, say)."""
    number = value if type(value) is int else as_whole_number(value)
    if number not in choices:
        raise ValueError(f"{name} must be {' or '.join(map(str, choices))}{meaning}, not {_given(value)}")
    return number  # type: ignore[return-value]


def check_scores(value: object, name: str = "scores_before") -> list[int]:
    """The game score before a deal: two whole numbers, not negative, one for each side."""
    scores = [as_whole_number(v) for v in value] if isinstance(value, (list, tuple)) else []
    if len(scores) != 2 or any(score is None or score < 0 for score in scores):
        raise ValueError(
            f"{name} must be two whole numbers, not negative, one for each side (like [0, 3]), not {_given(value)}"
        )
    return scores  # type: ignore[return-value]


def check_seed(value: object, name: str = "seed") -> int | random.Random | None:
    """What shuffles a deal: a whole number, a random.Random, or None (a different deal each time)."""
    if value is None or type(value) is int or isinstance(value, random.Random):
        return value
    number = as_whole_number(value)
    if number is None:
        raise ValueError(f"{name} must be a whole number, a random.Random or None, not {_given(value)}")
    return number


assert as_whole_number(3) == 3 and as_whole_number(True) is None and as_whole_number("3") is None
assert check_seat(1, "dealer", 2) == 1 and check_choice(2, "players", (4, 2)) == 2 and check_scores((2, 0)) == [2, 0]


def check_deck(deck: object, pack: Sequence[Card], game: str) -> tuple[Card, ...]:
    """A stacked deck (top first; a list of cards, or text like 'K♦ 2♥ ...') must hold the game's pack exactly once."""
    try:
        cards = tuple(hand(deck))  # type: ignore[arg-type]
    except CardError as error:
        raise ValueError(f"deck must be a list of {game}'s {len(pack)} cards, top first: {error}") from None
    if len(cards) != len(pack) or set(cards) != set(pack):
        missing = [c for c in pack if c not in cards]
        extra = [c for c in cards if c not in pack]
        doubled = repeated(cards)
        problems = [
            f"missing {show(missing)}" if missing else "",
            f"not in the pack {show(extra)}" if extra else "",
            f"twice {show(doubled)}" if doubled else "",
        ]
        raise ValueError(
            f"a {game} deck must hold its {len(pack)} cards exactly once: " + "; ".join(p for p in problems if p)
        )
    return cards
