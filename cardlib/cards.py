"""Cards and packs: the vocabulary both games share.

A card is a rank and a suit, nothing more. It is tiny and immutable, like
Fluent Python's ``FrenchDeck`` card, so it can be a dictionary key, sit in a set
and be compared with ``==``. Every card there is exists exactly once: parsing
``"K♦"`` or ``"KD"`` gives back the very object that lives in the packs, which
keeps the engine fast (``is`` comparisons) and the printing consistent.

    >>> card("KD")
    K♦
    >>> hand("10h TS 7♣")
    [10♥, 10♠, 7♣]
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

SUITS = "♠♥♦♣"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED_SUITS = "♥♦"

# ASCII spellings a learner can type: KD, 10h, TS, 7c ...
SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


class Card(NamedTuple):
    """A playing card: a rank ('A', '2' ... '10', 'J', 'Q', 'K') and a suit ('♠♥♦♣').

    Get cards from ``card()``, ``hand()`` or a pack rather than calling ``Card``
    yourself: those check the spelling and hand out the one shared object.
    """

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return self.rank + self.suit

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """The card in words, for screen readers and learners: 'King of diamonds'."""
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


# The one object for every card: parsing and packs hand these out.
ALL_CARDS: dict[tuple[str, str], Card] = {(r, s): Card(r, s) for s in SUITS for r in RANKS}


def card(text: str | Card) -> Card:
    """Parse one card: 'K♦', 'KD', '10h', 'TH' (a Card is returned as it is)."""
    if isinstance(text, Card):
        return ALL_CARDS[text]
    if not isinstance(text, str):
        raise TypeError(f"expected a card as text like 'K♦', got {text!r}")
    cleaned = text.strip()
    rank, suit = cleaned[:-1].upper(), cleaned[-1:]
    suit = SUIT_LETTERS.get(suit.upper(), suit)
    rank = "10" if rank == "T" else rank
    found = ALL_CARDS.get((rank, suit))
    if found is None:
        raise ValueError(f"{text!r} is not a card: write a rank (A 2-10 J Q K, or T for 10) "
                         f"and a suit (♠♥♦♣ or S H D C), like 'K♦' or '10h'")
    return found


def suit(text: str) -> str:
    """Parse a suit: '♥', 'H', 'h' or 'hearts' all mean '♥'."""
    if text in SUIT_NAMES:
        return text
    for symbol, name in SUIT_NAMES.items():
        if isinstance(text, str) and text.strip().lower() in (name, name[:-1], name[0]):
            return symbol
    raise ValueError(f"{text!r} is not a suit: write ♠ ♥ ♦ ♣ (or S H D C)")


assert suit("H") == suit("hearts") == suit("♥") == "♥"


def hand(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse several cards: 'K♦ 2♥ 4♣', 'KD,2H', or a list of cards or texts."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [card(part) for part in parts]


def show(cards: Iterable[Card]) -> str:
    """Cards in the notation of the rulebook: 'K♦ 2♥ 4♣'."""
    return " ".join(map(str, cards))


assert card("K♦") is card("kd") is card(Card("K", "♦"))
assert str(card("10h")) == "10♥" == str(card("TH"))
assert hand("K♦ 2♥ 4♣") == [Card("K", "♦"), Card("2", "♥"), Card("4", "♣")]


# The packs. Each game leaves some ranks out of the full 52.
FULL_PACK: tuple[Card, ...] = tuple(ALL_CARDS.values())
ALKORT_PACK: tuple[Card, ...] = tuple(c for c in FULL_PACK if c.rank not in ("5", "10"))
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
    return sorted(twice, key=FULL_PACK.index)


assert repeated(hand("7♠ K♦ 7♠ 2♥ K♦ 7♠")) == hand("7♠ K♦") and repeated(ECARTE_PACK) == []


def shuffled(pack: Iterable[Card], seed: int | random.Random | None = None) -> list[Card]:
    """A new list of the pack's cards in random order; the same seed gives the same order."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    draw = rng.random
    # Sorting by independent random keys is a uniform shuffle, and in Python about
    # twice as quick as random.shuffle, which matters to the benchmarks.
    return sorted(pack, key=lambda _: draw())


assert shuffled(ECARTE_PACK, 7) == shuffled(ECARTE_PACK, 7)
assert sorted(shuffled(ALKORT_PACK, 1)) == sorted(ALKORT_PACK)
