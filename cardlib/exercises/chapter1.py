"""Exercises for chapter 1, cards and packs: parse a card, build the packs, name and show cards."""

from __future__ import annotations

import random

from ..cards import ALKORT_PACK, ECARTE_PACK, FULL_PACK, RANK_NAMES, SUIT_LETTERS, Card, card, show
from .checker import Exercise, expect_card, expect_cards, expect_str, same_cards_any_order, sorted_cards

CHAPTER = 1
SETUP = "from cardlib.cards import RANKS, SUITS, Card"


def every_spelling() -> list[tuple[str]]:
    """Every way the statement lets a card be written: rank in either case (10, T or t), suit as symbol or letter."""
    letters = {symbol: letter for letter, symbol in SUIT_LETTERS.items()}
    spellings = []
    for c in FULL_PACK:
        ranks = sorted({c.rank, c.rank.lower(), *(("T", "t") if c.rank == "10" else ())})
        spellings += [(rank + suit,) for rank in ranks for suit in (c.suit, letters[c.suit], letters[c.suit].lower())]
    return spellings


def pack_difference(case: tuple, right: list[Card], got: list[Card]) -> str:
    """Which cards are missing from a pack, which do not belong, which are there twice."""
    missing = [c for c in right if c not in got]
    extra = [c for c in got if c not in right]
    doubled = sorted_cards({c for c in got if list(got).count(c) > 1})
    parts = [
        f"missing {show(missing)}" if missing else "",
        f"not in this pack {show(extra)}" if extra else "",
        f"twice {show(doubled)}" if doubled else "",
    ]
    return "Your pack: " + "; ".join(p for p in parts if p) + "." if any(parts) else ""


SHOWN_SIZES = (*range(2, 22), 26, 32, 44, 52)  # hands of both games, their stocks, their packs (sizes.SIZES["1.5"])


def every_size() -> list[tuple[list[Card]]]:
    """A list of each size the games show: 2-9 cards (hands), up to 21 (Écarté's stock), 26 (two-player Alkort's
    stock), 32, 44, 52 (the packs), from a fixed shuffle."""
    rng = random.Random("cardlib exercise 1.5 sizes")
    return [(rng.sample(FULL_PACK, size),) for size in SHOWN_SIZES]


def show_pack(cards: list[Card]) -> str:
    return f"{len(cards)} cards: {show(sorted_cards(cards))}"


q1 = Exercise(
    CHAPTER,
    1,
    "parse a card",
    "parse_card",
    ("text",),
    "def parse_card(text: str) -> Card:",
    "The Card that text like 'K♦', 'KD', '10h' or 'TH' names.",
    statement="""A card is written rank first, then suit: `K♦`, `10♥`. People who cannot type ♦ write
`KD`, `10h` or `TH` (T for ten), in upper or lower case. Write `parse_card(text)` that returns the
`Card`. `Card(rank, suit)` makes a card from a rank (`'A' '2' … '10' 'J' 'Q' 'K'`) and a suit symbol
(`'♠♥♦♣'`). (cardlib's own `card()` does this already — the point is to write it yourself.)""",
    oracle=card,
    expects=expect_card,
    fixed=[("K♦",), ("KD",), ("10h",), ("TH",), ("as",), ("7♣",), ("qc",), ("t♠",), *every_spelling()],
    explain=lambda text: f"{text!r} is the {card(text).name}: rank {card(text).rank!r}, suit {card(text).suit!r}.",
    hints=[
        "The suit is the last character of the text, and the rank is everything before it.",
        "Upper-case both parts first (`.upper()` leaves ♦ alone), turn 'T' into '10', and look the suit "
        "letter up in a dictionary {'S': '♠', 'H': '♥', 'D': '♦', 'C': '♣'}.",
    ],
    solution_source='''SUIT_OF_LETTER = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def parse_card(text: str) -> Card:
    """The Card that text like 'K♦', 'KD', '10h' or 'TH' names."""
    rank, suit = text[:-1].upper(), text[-1].upper()
    if rank == "T":
        rank = "10"
    return Card(rank, SUIT_OF_LETTER.get(suit, suit))
''',
    mistakes={
        "forgets T for ten": '''SUIT_OF_LETTER = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def parse_card(text: str) -> Card:
    """The Card that text like 'K♦', 'KD', '10h' or 'TH' names."""
    rank, suit = text[:-1].upper(), text[-1].upper()
    return Card(rank, SUIT_OF_LETTER.get(suit, suit))
''',
        "forgets lower case": '''SUIT_OF_LETTER = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def parse_card(text: str) -> Card:
    """The Card that text like 'K♦', 'KD', '10h' or 'TH' names."""
    rank, suit = text[:-1], text[-1]
    if rank == "T":
        rank = "10"
    return Card(rank, SUIT_OF_LETTER.get(suit, suit))
''',
        "returns the text": '''def parse_card(text: str) -> Card:
    """The Card that text like 'K♦', 'KD', '10h' or 'TH' names."""
    return text
''',
    },
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER,
    2,
    "the Alkort pack",
    "alkort_pack",
    (),
    "def alkort_pack() -> list[Card]:",
    "The 44 cards of Alkort: the full pack without the 5s and 10s.",
    statement="""Alkort is played with a 52-card pack from which the 5s and the 10s are taken out: 44 cards.
Write `alkort_pack()` that returns them as a list of `Card`s, in any order. `SUITS` is `'♠♥♦♣'` and
`RANKS` is the tuple `('A', '2', …, '10', 'J', 'Q', 'K')`.""",
    oracle=lambda: list(ALKORT_PACK),
    expects=expect_cards,
    fixed=[()],
    same=same_cards_any_order,
    diff=pack_difference,
    show=show_pack,
    explain=lambda: "Alkort's pack is the 52 cards without the four 5s and the four 10s.",
    hints=[
        "Two loops, one over SUITS and one over RANKS — a list comprehension can hold both.",
        "[Card(rank, suit) for suit in SUITS for rank in RANKS if rank not in ('5', '10')]",
    ],
    solution_source='''def alkort_pack() -> list[Card]:
    """The 44 cards of Alkort: the full pack without the 5s and 10s."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS if rank not in ("5", "10")]
''',
    mistakes={
        "keeps the tens": '''def alkort_pack() -> list[Card]:
    """The 44 cards of Alkort: the full pack without the 5s and 10s."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS if rank != "5"]
''',
        "keeps the fives": '''def alkort_pack() -> list[Card]:
    """The 44 cards of Alkort: the full pack without the 5s and 10s."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS if rank != "10"]
''',
    },
    setup=SETUP,
)

q3 = Exercise(
    CHAPTER,
    3,
    "the Écarté pack",
    "ecarte_pack",
    (),
    "def ecarte_pack() -> list[Card]:",
    "The 32 cards of Écarté: 7 up to Ace in each suit.",
    statement="""Écarté uses the short 32-card pack: in each suit the 7, 8, 9, 10, Jack, Queen, King and Ace.
Write `ecarte_pack()` that returns them as a list of `Card`s, in any order.""",
    oracle=lambda: list(ECARTE_PACK),
    expects=expect_cards,
    fixed=[()],
    same=same_cards_any_order,
    diff=pack_difference,
    show=show_pack,
    explain=lambda: "Écarté's pack has the 7, 8, 9, 10, J, Q, K and A of each suit: 32 cards.",
    hints=[
        "Which ranks are *in* the pack? Writing them out is easier than listing the ones left out.",
        "[Card(rank, suit) for suit in SUITS for rank in ('7', '8', '9', '10', 'J', 'Q', 'K', 'A')]",
    ],
    solution_source='''def ecarte_pack() -> list[Card]:
    """The 32 cards of Écarté: 7 up to Ace in each suit."""
    return [Card(rank, suit) for suit in SUITS for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
''',
    mistakes={
        "starts at the six": '''def ecarte_pack() -> list[Card]:
    """The 32 cards of Écarté: 7 up to Ace in each suit."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS[5:]] + [Card("A", s) for s in SUITS]
''',
        "forgets the Aces": '''def ecarte_pack() -> list[Card]:
    """The 32 cards of Écarté: 7 up to Ace in each suit."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS[6:]]
''',
    },
    setup=SETUP,
)

q4 = Exercise(
    CHAPTER,
    4,
    "a card in words",
    "card_name",
    ("c",),
    "def card_name(c: Card) -> str:",
    "The card in words: 'King of diamonds', '10 of hearts'.",
    statement="""For screen readers and for people who do not know the symbols, a card is also said in
words: `K♦` is `'King of diamonds'`, `A♠` is `'Ace of spades'`, `J♣` is `'Jack of clubs'`, `Q♥` is
`'Queen of hearts'`, and a number card keeps its number: `10♥` is `'10 of hearts'`, `7♣` is
`'7 of clubs'`. Write `card_name(c)`. A card's parts are `c.rank` and `c.suit`.""",
    oracle=lambda c: c.name,
    library=(vars(Card)["name"].fget,),  # the card's own name, c.name: a property
    expects=expect_str,
    fixed=[
        (card("K♦"),),
        (card("10♥"),),
        (card("A♠"),),
        (card("7♣"),),
        (card("J♥"),),
        (card("Q♣"),),
        *((c,) for c in FULL_PACK),
    ],
    explain=lambda c: (
        f"Rank names: {', '.join(f'{k} = {v}' for k, v in RANK_NAMES.items())}; other ranks "
        f"keep their number; suits are spades, hearts, diamonds, clubs."
    ),
    hints=[
        "Two dictionaries help: one from 'A', 'J', 'Q', 'K' to the words, one from the suit symbols to "
        "'spades', 'hearts', 'diamonds', 'clubs'.",
        "RANK_WORDS.get(c.rank, c.rank) gives the word for a face card and the number itself otherwise; "
        "then an f-string: f'{rank} of {suit}'.",
    ],
    solution_source='''RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def card_name(c: Card) -> str:
    """The card in words: 'King of diamonds', '10 of hearts'."""
    return f"{RANK_WORDS.get(c.rank, c.rank)} of {SUIT_WORDS[c.suit]}"
''',
    mistakes={
        "singular suits": '''RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club"}


def card_name(c: Card) -> str:
    """The card in words: 'King of diamonds', '10 of hearts'."""
    return f"{RANK_WORDS.get(c.rank, c.rank)} of {SUIT_WORDS[c.suit]}"
''',
        "forgets the Ace": '''RANK_WORDS = {"J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def card_name(c: Card) -> str:
    """The card in words: 'King of diamonds', '10 of hearts'."""
    return f"{RANK_WORDS.get(c.rank, c.rank)} of {SUIT_WORDS[c.suit]}"
''',
    },
    setup=SETUP,
)

q5 = Exercise(
    CHAPTER,
    5,
    "show a hand",
    "show_cards",
    ("cards",),
    "def show_cards(cards: list[Card]) -> str:",
    "The cards as text, one space between them: 'K♦ 2♥ 4♣'.",
    statement="""The course writes a hand as its cards separated by single spaces: `'K♦ 2♥ 4♣'`; no cards
at all is the empty string `''`. Write `show_cards(cards)`. `str(c)` is a card's text, `'K♦'`.""",
    oracle=show,
    expects=expect_str,
    fixed=[([card("K♦"), card("2♥"), card("4♣")],), ([],), ([card("10♠")],), *every_size()],
    random_case=lambda rng: (rng.sample(FULL_PACK, rng.randrange(0, 10)),),
    n_random=100,
    explain=lambda cards: "Each card as text, joined by one space, nothing before or after.",
    hints=["`' '.join(...)` puts one space between strings.", "' '.join(str(c) for c in cards)"],
    solution_source='''def show_cards(cards: list[Card]) -> str:
    """The cards as text, one space between them: 'K♦ 2♥ 4♣'."""
    return " ".join(str(c) for c in cards)
''',
    mistakes={
        "a space after every card": '''def show_cards(cards: list[Card]) -> str:
    """The cards as text, one space between them: 'K♦ 2♥ 4♣'."""
    text = ""
    for c in cards:
        text += str(c) + " "
    return text
''',
        "commas": '''def show_cards(cards: list[Card]) -> str:
    """The cards as text, one space between them: 'K♦ 2♥ 4♣'."""
    return ", ".join(str(c) for c in cards)
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4, q5]
