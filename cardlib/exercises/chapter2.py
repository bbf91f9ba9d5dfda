"""Exercises for chapter 2, Alkort's ranking: ranked cards and rubbish, strength, the worthless hand."""

from __future__ import annotations

import random

from .. import alkort
from ..cards import ALKORT_PACK, Card, hand, show
from .checker import Exercise, expect_bool, expect_card, expect_int, expect_optional

CHAPTER = 2
SETUP = "from cardlib import ALKORT_PACK, Card, card, hand, show"

ALL_CARDS = [(c,) for c in ALKORT_PACK]
RUBBISH = [c for c in ALKORT_PACK if not alkort.is_ranked(c)]
LOW_EIGHTS = list(alkort.LOW_EIGHTS)


def ranking_explained(c: Card) -> str:
    """Where a card stands in Alkort: its tier, or rubbish."""
    if not alkort.is_ranked(c):
        return f"{c} is rubbish: it is not one of the 21 ranked cards."
    return f"{c} is ranked: it is {alkort.tier_name(c)}, strength {alkort.strength(c)} of 10."


def nearly_worthless_hand(rng: random.Random) -> tuple[list[Card]]:
    """Nine cards, often worthless: mostly rubbish and low eights, now and then a ranked card."""
    pool = RUBBISH + LOW_EIGHTS
    cards = rng.sample(pool, 9)
    if rng.random() < 0.5:
        cards[rng.randrange(9)] = rng.choice([c for c in ALKORT_PACK if c not in cards and alkort.is_ranked(c)])
    return (cards,)


def best_card(cards: list[Card]) -> Card | None:
    """The card shown to a partner, as the engine decides it."""
    return alkort.best_card(cards)


def best_card_explained(cards: list[Card]) -> str:
    ranked = [c for c in cards if alkort.is_ranked(c)]
    if not ranked:
        return "Every card is rubbish, so there is nothing to show: None."
    b = best_card(cards)
    assert b is not None  # a hand with a ranked card has one to show
    equals = [c for c in ranked if alkort.strength(c) == alkort.strength(b)]
    tie = f"; {show(equals)} are equal, so the first of them in the hand" if len(equals) > 1 else ""
    return f"The ranked cards are {show(ranked)}; the highest is {alkort.tier_name(b)}{tie}."


STRENGTH_TABLE = '''\
TIERS = ["K♦", "2♥", "4♣", "8♠", "9♥", "9♦", "A♠ A♥ A♦ A♣", "J♠ J♥ J♦ J♣", "6♠ 6♥ 6♦ 6♣", "8♥ 8♦ 8♣"]
'''

q1 = Exercise(
    CHAPTER, 1, "ranked or rubbish?", "is_ranked", ("c",),
    "def is_ranked(c: Card) -> bool:", "Whether a card is one of Alkort's 21 ranked cards.",
    statement="""In Alkort only 21 cards are **ranked**: K♦, 2♥, 4♣, 8♠, 9♥, 9♦, the four Aces, the four
Jacks, the four Sixes and the *low eights* 8♥ 8♦ 8♣. Every other card is **rubbish**. Write
`is_ranked(c)`. (`hand("A♠ J♠")` turns text into a list of cards.)""",
    oracle=alkort.is_ranked,
    expects=expect_bool,
    fixed=ALL_CARDS,
    explain=ranking_explained,
    hints=["Five single cards (K♦ 2♥ 4♣ 8♠ 9♥ 9♦ — six, in fact), three whole ranks (A, J, 6), and three eights.",
           "Make a set: RANKED = set(hand('K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣')), then a card is ranked if it is in "
           "the set or its rank is 'A', 'J' or '6'."],
    solution_source='''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6")
''',
    mistakes={"forgets the low eights": '''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6")
''', "every nine ranked": '''RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 8♥ 8♦ 8♣"))


def is_ranked(c: Card) -> bool:
    """Whether a card is one of Alkort's 21 ranked cards."""
    return c in RANKED or c.rank in ("A", "J", "6", "9")
'''},
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER, 2, "how strong is a card?", "strength", ("c",),
    "def strength(c: Card) -> int:", "10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish.",
    statement="""The ranked cards come in ten tiers, highest first: K♦; 2♥; 4♣; 8♠; 9♥; 9♦; the Aces; the
Jacks; the Sixes; the low eights 8♥ 8♦ 8♣. Cards of one tier are equal. Write `strength(c)`: 10 for
K♦, 9 for 2♥, and so on down to 1 for a low eight; 0 for rubbish.""",
    oracle=alkort.strength,
    expects=expect_int,
    fixed=ALL_CARDS,
    explain=ranking_explained,
    hints=["Write the ten tiers as a list of strings, highest first, and find the card's tier.",
           "With TIERS = ['K♦', '2♥', …, 'A♠ A♥ A♦ A♣', …, '8♥ 8♦ 8♣'], loop with enumerate: if c is in "
           "hand(tier), its strength is 10 - position. After the loop, return 0."],
    solution_source=STRENGTH_TABLE + '''

def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return 10 - position
    return 0
''',
    mistakes={"Aces above 9♦": '''\
TIERS = ["K♦", "2♥", "4♣", "8♠", "9♥", "A♠ A♥ A♦ A♣", "9♦", "J♠ J♥ J♦ J♣", "6♠ 6♥ 6♦ 6♣", "8♥ 8♦ 8♣"]


def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return 10 - position
    return 0
''', "counts from 1 at the top": STRENGTH_TABLE + '''

def strength(c: Card) -> int:
    """10 for K♦, 9 for 2♥, … 1 for a low eight, 0 for rubbish."""
    for position, tier in enumerate(TIERS):
        if c in hand(tier):
            return position + 1
    return 0
'''},
    setup=SETUP,
)

q3 = Exercise(
    CHAPTER, 3, "may this hand make the exchange?", "may_exchange", ("cards",),
    "def may_exchange(cards: list[Card]) -> bool:", "Whether no card of the hand could beat a led low eight.",
    statement="""A player whose hand holds **no card that could beat a led low eight** — no K♦, 2♥, 4♣, 8♠,
9♥, 9♦, Ace, Jack or Six — may make the *worthless-hand exchange*: keep one card and take the stock.
Low eights do not forbid it (they only tie with a led low eight), nor do rubbish cards. Write
`may_exchange(cards)` for a hand of 9 cards, under the default rules. (The list is what the trick rule gives
with the defaults: exercise 8.6 asks the same question when options change the trick rule.)""",
    oracle=lambda cards: alkort.may_exchange(cards, alkort.DEFAULT_OPTIONS),
    expects=expect_bool,
    fixed=[(hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦"),), (hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 6♦ 2♦"),),
           (hand("8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣ Q♠ Q♥"),), (hand("K♦ 2♠ 3♠ 4♠ 7♠ 9♠ Q♠ K♠ 2♦"),)],
    random_case=nearly_worthless_hand,
    n_random=300,
    explain=lambda cards: alkort.explain_exchange(cards, alkort.DEFAULT_OPTIONS),
    hints=["Only nine kinds of card forbid the exchange; a low eight is not one of them.",
           "BLOCKERS = set(hand('K♦ 2♥ 4♣ 8♠ 9♥ 9♦')); a card blocks if it is in BLOCKERS or its rank is "
           "'A', 'J' or '6'. The hand may exchange if no card blocks: not any(...)."],
    solution_source='''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    return not any(c in BLOCKERS or c.rank in ("A", "J", "6") for c in cards)
''',
    mistakes={"low eights block too": '''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    return not any(c in BLOCKERS or c.rank in ("A", "J", "6") for c in cards)
''', "only looks at the first card": '''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    for c in cards:
        return not (c in BLOCKERS or c.rank in ("A", "J", "6"))
'''},
    setup=SETUP,
)

q4 = Exercise(
    CHAPTER, 4, "the card shown to your partner", "best_card", ("cards",),
    "def best_card(cards: list[Card]) -> Card | None:",
    "A highest ranked card of the hand (the first of equals), or None if all is rubbish.",
    statement="""Before play each Alkort player shows his partner a highest card of his hand. Write
`best_card(cards)`: the strongest ranked card; when several are equally strong (two Aces, say) the
one that comes **first** in the hand; and `None` when every card is rubbish. Here is a strength
function you may use (you wrote your own in exercise 2.2):

```python
from cardlib.alkort import strength   # 10 for K♦ … 1 for a low eight, 0 for rubbish
```""",
    oracle=best_card,
    expects=expect_optional(expect_card),
    fixed=[(hand("A♠ 3♦ A♥ 8♥ Q♣"),), (hand("Q♠ 3♦ 7♥"),), (hand("6♣ 9♦ 6♥"),),
           (hand("J♣ J♥"),)],
    random_case=lambda rng: (rng.sample(ALKORT_PACK if rng.random() < 0.7 else RUBBISH + LOW_EIGHTS, 9),),
    n_random=300,
    explain=best_card_explained,
    hints=["Keep the best card so far and replace it only when a card is *strictly* stronger: then the first "
           "of equals stays.",
           "Python's max(cards, key=strength) keeps the first of equals too. Then check that its strength is "
           "above 0, else return None."],
    solution_source='''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    best = max(cards, key=strength)
    return best if strength(best) > 0 else None
''',
    mistakes={"last of equals": '''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    best = None
    for c in cards:
        if strength(c) > 0 and (best is None or strength(c) >= strength(best)):
            best = c
    return best
''', "shows rubbish too": '''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    return max(cards, key=strength)
'''},
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4]
