"""Exercises for chapter 2, Alkort's ranking: ranked cards and rubbish, and their strength.

The worthless-hand exchange and the card shown to a partner are taught in chapter 4, and so are their
exercises (4.6 and 4.7).
"""

from __future__ import annotations

from .. import alkort
from ..cards import ALKORT_PACK, Card
from .checker import Exercise, expect_bool, expect_int

CHAPTER = 2
SETUP = "from cardlib import ALKORT_PACK, Card, card, hand, show"

ALL_CARDS = [(c,) for c in ALKORT_PACK]


def ranking_explained(c: Card) -> str:
    """Where a card stands in Alkort: its tier, or rubbish."""
    if not alkort.is_ranked(c):
        return f"{c} is rubbish: it is not one of the 21 ranked cards."
    return f"{c} is ranked: it is {alkort.tier_name(c)}, strength {alkort.strength(c)} of 10."


STRENGTH_TABLE = """\
TIERS = ["K♦", "2♥", "4♣", "8♠", "9♥", "9♦", "A♠ A♥ A♦ A♣", "J♠ J♥ J♦ J♣", "6♠ 6♥ 6♦ 6♣", "8♥ 8♦ 8♣"]
"""

q1 = Exercise(
    CHAPTER,
    1,
    "ranked or rubbish?",
    "is_ranked",
    ("c",),
    "def is_ranked(c: Card) -> bool:",
    "Whether a card is one of Alkort's 21 ranked cards.",
    statement="""In Alkort only 21 cards are **ranked**: K♦, 2♥, 4♣, 8♠, 9♥, 9♦, the four Aces, the four
Jacks, the four Sixes and the *low eights* 8♥ 8♦ 8♣. Every other card is **rubbish**. Write
`is_ranked(c)`. (`hand("A♠ J♠")` turns text into a list of cards.)""",
    oracle=alkort.is_ranked,
    expects=expect_bool,
    fixed=ALL_CARDS,
    explain=ranking_explained,
    hints=[
        "Five single cards (K♦ 2♥ 4♣ 8♠ 9♥ 9♦ — six, in fact), three whole ranks (A, J, 6), and three eights.",
        "Make a set: RANKED = set(hand('K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣')), then a card is ranked if it is in "
        "the set or its rank is 'A', 'J' or '6'.",
    ],
    solution_source='''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6")
''',
    mistakes={
        "forgets the low eights": '''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6")
''',
        "every nine ranked": '''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 8♥ 8♦ 8♣"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6", "9")
''',
    },
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER,
    2,
    "how strong is a card?",
    "strength",
    ("c",),
    "def strength(c: Card) -> int:",
    "10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish.",
    statement="""The ranked cards come in ten tiers, highest first: K♦; 2♥; 4♣; 8♠; 9♥; 9♦; the Aces; the
Jacks; the Sixes; the low eights 8♥ 8♦ 8♣. Cards of one tier are equal. Write `strength(c)`: 10 for
K♦, 9 for 2♥, and so on down to 1 for a low eight; 0 for rubbish.""",
    oracle=alkort.strength,
    expects=expect_int,
    fixed=ALL_CARDS,
    explain=ranking_explained,
    hints=[
        "Write the ten tiers as a list of strings, highest first, and find the card's tier.",
        "With TIERS = ['K♦', '2♥', …, 'A♠ A♥ A♦ A♣', …, '8♥ 8♦ 8♣'], loop with enumerate: if c is in "
        "hand(tier), its strength is 10 - position. After the loop, return 0.",
    ],
    solution_source=STRENGTH_TABLE
    + '''

def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return 10 - position
    return 0
''',
    mistakes={
        "Aces above 9♦": '''\
TIERS = ["K♦", "2♥", "4♣", "8♠", "9♥", "A♠ A♥ A♦ A♣", "9♦", "J♠ J♥ J♦ J♣", "6♠ 6♥ 6♦ 6♣", "8♥ 8♦ 8♣"]


def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return 10 - position
    return 0
''',
        "counts from 1 at the top": STRENGTH_TABLE
        + '''

def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return position + 1
    return 0
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2]
