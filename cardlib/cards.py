"""Cards and packs: the vocabulary both games share.

A card is a rank and a suit, nothing more. It is tiny and immutable, like
Fluent Python's ``FrenchDeck`` card, so it can be a dictionary key, sit in a set
and be compared with ``==``. Every card there is exists exactly once: ``Card("K", "♦")``,
parsing ``"K♦"`` or ``"kd"``, a pack, a copy or a pickle all give back the very same
object. A card that does not exist is refused where it is made, with a ``CardError``
that says how to write it. Cards sort in *pack order* — spades, hearts, diamonds, clubs,
and A 2 … 10 J Q K in each suit — so ``sorted(cards)`` lists a hand the way it is printed.

    >>> card("KD")
    K♦
    >>> hand("10h TS 7♣")
    [10♥, 10♠, 7♣]
    >>> sorted(hand("K♠ 10♠ 2♠ A♠ 7♣"))
    [A♠, 2♠, 10♠, K♠, 7♣]
    >>> Card("K", "h")
    Traceback (most recent call last):
    ...
    cardlib.cards.CardError: Card('K', 'h') is not a card: 'h' is written '♥'. Write Card('K', '♥'), or card('K♥').
"""

from __future__ import annotations

import copy
import functools
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, NoReturn, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class Table(dict[Key, Value]):
    """A table of the library's own: read like any dict, never changed, so that no learner's code can break
    the engine by accident (``TAKERS["K"] = ...`` raises a TypeError that says how to make one's own copy).

    A dict rather than a ``MappingProxyType``: the engine looks its tables up on every move, and a dict's
    look-up is the quickest Python has. ``dict(table)``, ``table.copy()``, ``copy.copy(table)`` and
    ``table | {...}`` all give plain dicts, to change at will.
    """

    __slots__ = ("name", "copy_with")

    def __init__(
        self, name: str, items: Mapping[Key, Value] | Iterable[tuple[Key, Value]] = (), copy_with: str = ""
    ) -> None:
        """``name`` is where the library keeps it: 'alkort.TAKERS', 'alkort.STRENGTH["short"][False]';
        ``copy_with`` the code that makes a copy, if not ``dict(name)``."""
        dict.__init__(self, items)  # dict's own filling, which never calls the refusing methods below
        self.name, self.copy_with = name, copy_with or f"dict({name})"

    def refuse(self, *args: object, **kwargs: object) -> NoReturn:
        """Any change: refused in one line that says how to make a copy of one's own."""
        raise TypeError(
            f"{self.name.partition('.')[2] or self.name} is the library's own table and cannot be "
            f"changed: make your own copy with {self.copy_with}"
        )

    # Every method of dict that changes it (the operator |= included) refuses.
    __setitem__ = __delitem__ = __ior__ = refuse
    update = pop = popitem = clear = setdefault = refuse

    def __copy__(self) -> dict[Key, Value]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Key, Value]:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a Table again (a pickle's usual way, item by item, would be refused)."""
        return Table, (self.name, dict(self), self.copy_with)


SUITS = "♠♥♦♣"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED_SUITS = "♥♦"

# ASCII spellings a learner can type: KD, 10h, TS, 7c ...
SUIT_LETTERS = Table("cards.SUIT_LETTERS", {"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
SUIT_NAMES = Table("cards.SUIT_NAMES", {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"})
RANK_NAMES = Table("cards.RANK_NAMES", {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"})


class CardError(ValueError):
    """A card that does not exist: a rank or a suit misspelt, or a number where a rank is text."""

    rank: object = None  # the rank and suit given to Card(), if that is where it was raised
    suit: object = None


class RankAndSuit(NamedTuple):
    """The two fields of a card (``Card`` adds the checking and the printing)."""

    rank: str
    suit: str


def _by_pack_order(compare: Callable[[int, int], bool]) -> Callable[[Any, Any], bool]:
    """A comparison of two cards by their places in pack order (NotImplemented for what is not a card)."""

    def method(self: Any, other: Any) -> bool:
        try:
            return compare(PACK_ORDER[self], PACK_ORDER[other])
        except (KeyError, TypeError):  # not a card, or unhashable
            return NotImplemented

    return method


class Card(RankAndSuit):
    """A playing card: a rank ('A', '2' ... '10', 'J', 'Q', 'K') and a suit ('♠♥♦♣').

    ``Card("K", "♦")`` checks its rank and suit and hands out the one K♦ there is;
    ``card("KD")`` reads the card from text. A card is a pair, so it equals the plain
    tuple ``("K", "♦")`` as any named tuple would; but a tuple is not a card, and the
    games refuse one where they ask for a card.
    """

    __slots__ = ()

    def __new__(cls, rank: str, suit: str) -> Card:
        try:
            return ALL_CARDS[rank, suit]
        except (KeyError, TypeError):  # TypeError: a rank or suit that cannot be looked up, like a list
            error = CardError(why_not_a_card(rank, suit))
            error.rank, error.suit = rank, suit  # so that the checker can say it without the advice (why_not_a_card)
            raise error from None

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Card:  # type: ignore[override]  # (typeshed's is generic)
        """The card of a (rank, suit) pair, checked like Card(rank, suit): ``_replace`` builds cards with it."""
        rank, suit = iterable
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.rank + self.suit

    __repr__ = __str__  # a list of cards prints as the rulebook writes it: [K♦, 10♥]

    # Cards sort in pack order (PACK_ORDER below); == and hash stay the tuple's own, quick.
    __lt__ = _by_pack_order(operator.lt)
    __le__ = _by_pack_order(operator.le)
    __gt__ = _by_pack_order(operator.gt)
    __ge__ = _by_pack_order(operator.ge)

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """The card in words, for screen readers and learners: 'King of diamonds'."""
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


# The one object for every card: Card(), parsing and the packs hand these out.
ALL_CARDS: Table[tuple[str, str], Card] = Table(
    "cards.ALL_CARDS", {(r, s): RankAndSuit.__new__(Card, r, s) for s in SUITS for r in RANKS}
)

# The one order of the cards, pack order: by suit (♠♥♦♣), then by rank (A 2 … 10 J Q K).
# ``sorted(cards)`` uses it; a text sort would put 10 before 2 before A.
PACK_ORDER: Table[Card, int] = Table("cards.PACK_ORDER", {c: position for position, c in enumerate(ALL_CARDS.values())})


def why_not_a_card(rank: object, suit: object, advice: bool = True) -> str:
    """What is wrong with a rank and a suit that make no card, and how to write the card (without ``advice``: only
    what is wrong, for the exercise where writing the card from text is the learner's own work)."""
    suits = tuple(SUIT_NAMES)  # a tuple, so that asking about a list or a dict raises nothing
    fixed_rank = rank if rank in RANKS else _meant_rank(rank) if advice else None
    fixed_suit = suit if suit in suits else _meant_suit(suit) if advice else None
    problems = []
    if rank not in RANKS:
        if fixed_rank:
            strings = "ranks are strings: " if isinstance(rank, int) else ""
            problems.append(f"{strings}{rank!r} is written {fixed_rank!r}")
        else:
            problems.append(f"{rank!r} is not a rank (ranks are the strings 'A', '2' … '10', 'J', 'Q', 'K')")
    if suit not in suits:
        problems.append(
            f"{suit!r} is written {fixed_suit!r}" if fixed_suit else f"{suit!r} is not a suit (suits are ♠ ♥ ♦ ♣)"
        )
    if not advice:
        return f"Card({rank!r}, {suit!r}) is not a card: {' and '.join(problems)}."
    if fixed_rank and fixed_suit:
        fix = f"Write Card({fixed_rank!r}, {fixed_suit!r}), or card('{fixed_rank}{fixed_suit}')."
    else:
        fix = "Or write the card as text: card('KH'), card('10♥')."
    return f"Card({rank!r}, {suit!r}) is not a card: {' and '.join(problems)}. {fix}"


def _meant_rank(rank: object) -> str | None:
    """The rank a learner most likely meant: 10 means '10', 'k' means 'K', 'T' means '10' (None if unclear)."""
    if isinstance(rank, int) and not isinstance(rank, bool) and str(rank) in RANKS:
        return str(rank)
    if isinstance(rank, str):
        upper = rank.strip().upper()
        upper = "10" if upper == "T" else upper
        return upper if upper in RANKS else None
    return None


def _meant_suit(text: object) -> str | None:
    """The suit a learner most likely meant: 'h', 'H' and 'hearts' mean '♥' (None if unclear)."""
    try:
        return suit(text)  # type: ignore[arg-type]
    except ValueError:
        return None


def card(text: str | Card) -> Card:
    """Parse one card: 'K♦', 'KD', '10h', 'TH' (a Card is returned as it is)."""
    if isinstance(text, Card):
        return FULL_PACK[PACK_ORDER[text]]  # the pack's own object (PACK_ORDER's keys are cards: a quick look-up)
    if not isinstance(text, str):
        if isinstance(text, tuple) and text in FULL_PACK:  # a pair naming a card: say how to make the card
            rank, suit_symbol = text
            raise CardError(
                f"{text!r} is a tuple, not a card: write Card({rank!r}, {suit_symbol!r}), "
                f"or card('{rank}{suit_symbol}')"
            )
        raise CardError(f"{text!r} is not a card: write a Card, or text like 'K♦' or '10h'")
    cleaned = text.strip()
    rank, suit_text = cleaned[:-1].upper(), cleaned[-1:]
    suit_text = SUIT_LETTERS.get(suit_text.upper(), suit_text)
    rank = "10" if rank == "T" else rank
    found = ALL_CARDS.get((rank, suit_text))
    if found is None:
        raise CardError(
            f"{text!r} is not a card: write a rank (A 2-10 J Q K, or T for 10) "
            f"and a suit (♠♥♦♣ or S H D C), like 'K♦' or '10h'"
        )
    return found


def suit(text: str) -> str:
    """Parse a suit: '♥', 'H', 'h' or 'hearts' all mean '♥'."""
    if isinstance(text, str):
        if text in SUIT_NAMES:
            return str(text)
        for symbol, name in SUIT_NAMES.items():
            if text.strip().lower() in (name, name[:-1], name[0]):
                return symbol
    raise CardError(f"{text!r} is not a suit: write ♠ ♥ ♦ ♣ (or S H D C)")


assert suit("H") == suit("hearts") == suit("♥") == "♥"


def hand(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse several cards: 'K♦ 2♥ 4♣', 'KD,2H', or a list of cards or texts."""
    if isinstance(text, str):
        return [card(part) for part in text.replace(",", " ").split()]
    if isinstance(text, Card) or not isinstance(text, Iterable):
        raise CardError(f"{text!r} is not a list of cards: write text like 'K♦ 2♥ 4♣', or a list of cards")
    return [card(part) for part in text]


def place(c: Card, cards: Sequence[object]) -> int:
    """Where the pack's own card ``c`` is in a list of the pack's own cards (-1 if it is not there).

    This is ``cards.index(c)`` made quick for the engine, which asks it on every move: since
    cards sort in pack order, ``==`` between two cards runs their Python-level comparison and
    costs four times a tuple's (with ``index`` here, ``make bench`` runs 9 % slower). Every card
    exists once: ``Card("K", "♥")``, ``card("kh")``, a copy or an unpickled K♥ are all the one
    K♥, so for cards identity and equality agree, and the engine's states hold only the pack's
    own cards (``tricks.canonical_action`` turns any accepted action into them).
    """
    i = 0
    for other in cards:
        if other is c:
            return i
        i += 1
    return -1


def show(cards: Iterable[Card]) -> str:
    """Cards in the notation of the rulebook: 'K♦ 2♥ 4♣'."""
    return " ".join(map(str, cards))


assert card("K♦") is card("kd") is Card("K", "♦")  # one object for each card: see the module's docstring
assert str(card("10h")) == "10♥" == str(card("TH"))
assert hand("K♦ 2♥ 4♣") == [Card("K", "♦"), Card("2", "♥"), Card("4", "♣")]


# The packs. Each game leaves some ranks out of the full 52.
FULL_PACK: tuple[Card, ...] = tuple(ALL_CARDS.values())
#: Alkort's pack: the full pack without the Fives and the Tens, 44 cards.
ALKORT_PACK: tuple[Card, ...] = tuple(c for c in FULL_PACK if c.rank not in ("5", "10"))
#: Écarté's pack: Seven to Ace in each suit, 32 cards.
ECARTE_PACK: tuple[Card, ...] = tuple(c for c in FULL_PACK if c.rank in ("7", "8", "9", "10", "J", "Q", "K", "A"))

assert (len(FULL_PACK), len(ALKORT_PACK), len(ECARTE_PACK)) == (52, 44, 32)


def repeated(cards: Iterable[Card]) -> list[Card]:
    """The cards that occur more than once, each named once, in pack order: a pack holds every card once."""
    seen: set[Card] = set()
    twice: set[Card] = set()
    for c in cards:
        if c in seen:
            twice.add(c)
        seen.add(c)
    return sorted(twice)


assert repeated(hand("7♠ K♦ 7♠ 2♥ K♦ 7♠")) == hand("7♠ K♦") and repeated(ECARTE_PACK) == []


def shuffled(pack: Iterable[Card], seed: int | random.Random | None = None) -> list[Card]:
    """A new list of the pack's cards in random order; the same seed gives the same order."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    # Sorting by independent random keys is a uniform shuffle, and in Python about twice as quick as
    # random.shuffle, which matters to the benchmarks. Each card's key is the generator's next number, drawn
    # in the pack's order: the same numbers as ``key=lambda _: rng.random()``, without a Python call a card.
    return sorted(pack, key=functools.partial(next, iter(rng.random, None)))


assert shuffled(ECARTE_PACK, 7) == shuffled(ECARTE_PACK, 7)
assert sorted(shuffled(ALKORT_PACK, 1)) == list(ALKORT_PACK)  # sorting puts a pack back in pack order
