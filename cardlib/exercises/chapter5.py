"""Exercises for chapter 5, Écarté's cards and play: the rank order, who wins a trick, follow/head/trump."""

from __future__ import annotations

import itertools
import random
from typing import Any

from .. import ecarte
from ..cards import ECARTE_PACK, SUITS, Card, card, hand
from .checker import Exercise, describe, expect_bool, expect_cards, expect_index, same_cards_any_order, show_list

CHAPTER = 5
SETUP = "from cardlib import ECARTE_PACK, Card, card, hand, show"
ORDER_TEXT = "in every suit the order is K Q J A 10 9 8 7: King high, the Ace between Jack and Ten"


def expect_ranks(value: Any) -> str:
    """A list of 8 rank strings."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(r, str) for r in value):
        return f"expected a list of ranks as strings like '7' and 'K', got {describe(value)}"
    return ""


def play_case(rng: random.Random) -> tuple[list[Card], list[Card], str]:
    """A hand of 1-5 cards, the trick so far (empty, or the card led) and the trump suit."""
    cards = rng.sample(ECARTE_PACK, rng.randrange(1, 6) + 1)
    led, held = cards[0], cards[1:]
    trick = [] if rng.random() < 0.15 else [led]
    return held, trick, rng.choice(SUITS)


SPADES = [c for c in ECARTE_PACK if c.suit == "♠"]


def every_heading_duty() -> list[tuple[list[Card], list[Card], str]]:
    """Every spade led against every two other spades (and a heart) in the hand, diamonds trumps.

    Which card heads which is the whole of the order: a hand-written order with two ranks swapped (Jack and
    Queen, say) is wrong on one of these, which random hands seldom hold.
    """
    return [
        ([*pair, card("8♥")], [led], "♦")
        for led in SPADES
        for pair in itertools.combinations([c for c in SPADES if c != led], 2)
    ]


def every_same_suit_pair() -> list[tuple[Card, Card]]:
    """Every ordered pair of two different cards of one suit: 224 of them."""
    return [(a, b) for a in ECARTE_PACK for b in ECARTE_PACK if a.suit == b.suit and a != b]


def every_two_card_trick() -> list[tuple[list[Card], str]]:
    """Every ordered pair of different cards, the trump suit going round the four suits."""
    pairs = [[a, b] for a in ECARTE_PACK for b in ECARTE_PACK if a != b]
    return [(pair, SUITS[number % 4]) for number, pair in enumerate(pairs)]


def plays_difference(case: tuple, right: list[Card], got: list[Card]) -> str:
    """Name the first card the learner allows wrongly, or forbids wrongly, with the engine's reason."""
    cards, trick, trump = case[:3]
    options = case[3] if len(case) > 3 else ecarte.DEFAULT_OPTIONS
    for c in got:
        if c not in right:
            reason = (
                ecarte.why_not_playable(c, cards, trick, trump, options) if c in cards else f"{c} is not in the hand."
            )
            return f"{c} may not be played: {reason.replace('You must', 'you must', 1)}"
    for c in right:
        if c not in got:
            return f"{c} may be played, but your list leaves it out."
    return "Your list has the right cards, but some of them more than once."


q1 = Exercise(
    CHAPTER,
    1,
    "Écarté's rank order",
    "rank_order",
    (),
    "def rank_order() -> list[str]:",
    "The eight ranks of Écarté, lowest first.",
    statement="""Écarté ranks its cards unusually: in every suit, from high to low, **K Q J A 10 9 8 7** —
the King is highest and the Ace sits between the Jack and the Ten. Write `rank_order()` returning the
eight ranks as strings, **lowest first**: it starts `['7', '8', …`.""",
    oracle=lambda: list(ecarte.ORDER),
    expects=expect_ranks,
    fixed=[()],
    same=lambda right, got: list(got) == right,
    explain=lambda: f"In Écarté {ORDER_TEXT}.",
    hints=[
        "Write the order high to low first, as the rulebook gives it: K Q J A 10 9 8 7. Then reverse it.",
        "['7', '8', '9', '10', 'A', 'J', 'Q', 'K']",
    ],
    solution_source='''def rank_order() -> list[str]:
    """The eight ranks of Écarté, lowest first."""
    return ["7", "8", "9", "10", "A", "J", "Q", "K"]
''',
    mistakes={
        "Ace high": '''def rank_order() -> list[str]:
    """The eight ranks of Écarté, lowest first."""
    return ["7", "8", "9", "10", "J", "Q", "K", "A"]
''',
        "highest first": '''def rank_order() -> list[str]:
    """The eight ranks of Écarté, lowest first."""
    return ["K", "Q", "J", "A", "10", "9", "8", "7"]
''',
    },
    setup=SETUP,
)

ORDER_SOURCE = 'ORDER = ["7", "8", "9", "10", "A", "J", "Q", "K"]  # low to high\n'

q2 = Exercise(
    CHAPTER,
    2,
    "which card is higher?",
    "beats",
    ("a", "b"),
    "def beats(a: Card, b: Card) -> bool:",
    "Whether card a is higher than card b of the same suit.",
    statement=f"""Write `beats(a, b)` for two different cards of the **same suit**: `True` if `a` is higher
than `b` in Écarté's order ({ORDER_TEXT}). `beats(J♦, A♦)` is `True`; `beats(7♣, 8♣)` is `False`.""",
    oracle=ecarte.beats_in_suit,
    expects=expect_bool,
    fixed=[
        (hand("J♦")[0], hand("A♦")[0]),
        (hand("A♦")[0], hand("10♦")[0]),
        (hand("7♣")[0], hand("8♣")[0]),
        (hand("K♠")[0], hand("Q♠")[0]),
        (hand("A♥")[0], hand("K♥")[0]),
        *every_same_suit_pair(),
    ],
    explain=lambda a, b: (
        f"In Écarté {ORDER_TEXT}; so {a} is {'higher' if ecarte.beats_in_suit(a, b) else 'lower'} than {b}."
    ),
    hints=[
        "Python's '10' > '9' is False for strings, and 'A' sorts before 'K': compare positions in a list instead.",
        "ORDER = ['7', '8', '9', '10', 'A', 'J', 'Q', 'K']; return ORDER.index(a.rank) > ORDER.index(b.rank).",
    ],
    solution_source=ORDER_SOURCE
    + '''

def beats(a: Card, b: Card) -> bool:
    """Whether card a is higher than card b of the same suit."""
    return ORDER.index(a.rank) > ORDER.index(b.rank)
''',
    mistakes={
        "Ace high": '''ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]


def beats(a: Card, b: Card) -> bool:
    """Whether card a is higher than card b of the same suit."""
    return ORDER.index(a.rank) > ORDER.index(b.rank)
''',
        "compares the rank text": '''def beats(a: Card, b: Card) -> bool:
    """Whether card a is higher than card b of the same suit."""
    return a.rank > b.rank
''',
    },
    setup=SETUP,
)

q3 = Exercise(
    CHAPTER,
    3,
    "who wins an Écarté trick",
    "trick_winner",
    ("cards", "trump"),
    "def trick_winner(cards: list[Card], trump: str) -> int:",
    "The index (0 = the card led) of the card that wins a trick of two cards.",
    statement="""An Écarté trick has two cards, the card led first. It goes to the **highest trump** in it; if
there is none, to the **higher card of the suit led** — a card of another suit (not trumps) never wins,
however high. `trump` is a suit symbol such as `'♥'`. Write `trick_winner(cards, trump)` returning the
index of the winning card, 0 or 1.""",
    oracle=ecarte.trick_winner,
    expects=expect_index(2),
    fixed=[
        (hand("A♦ J♦"), "♣"),
        (hand("A♥ 7♣"), "♣"),
        (hand("9♥ K♦"), "♠"),
        (hand("K♠ 7♠"), "♠"),
        (hand("7♣ A♣"), "♥"),
        *every_two_card_trick(),
    ],
    explain=ecarte.explain_trick,
    hints=[
        "Three cases: same suit (the higher wins), different suits with the second card a trump (it wins), "
        "different suits otherwise (the card led wins).",
        ORDER_SOURCE + "led, other = cards; if other.suit == led.suit: return 1 if ORDER.index(other.rank) > "
        "ORDER.index(led.rank) else 0; return 1 if other.suit == trump else 0.",
    ],
    solution_source=ORDER_SOURCE
    + '''

def trick_winner(cards: list[Card], trump: str) -> int:
    """The index (0 = the card led) of the card that wins a trick of two cards."""
    led, other = cards
    if other.suit == led.suit:
        return 1 if ORDER.index(other.rank) > ORDER.index(led.rank) else 0
    return 1 if other.suit == trump else 0
''',
    mistakes={
        "the higher card wins whatever its suit": ORDER_SOURCE
        + '''

def trick_winner(cards: list[Card], trump: str) -> int:
    """The index (0 = the card led) of the card that wins a trick of two cards."""
    led, other = cards
    if other.suit == trump and led.suit != trump:
        return 1
    if led.suit == trump and other.suit != trump:
        return 0
    return 1 if ORDER.index(other.rank) > ORDER.index(led.rank) else 0
''',
        "Ace high": '''ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]


def trick_winner(cards: list[Card], trump: str) -> int:
    """The index (0 = the card led) of the card that wins a trick of two cards."""
    led, other = cards
    if other.suit == led.suit:
        return 1 if ORDER.index(other.rank) > ORDER.index(led.rank) else 0
    return 1 if other.suit == trump else 0
''',
    },
    setup=SETUP,
)

LEGAL_PLAYS = (
    ORDER_SOURCE
    + '''

def legal_plays(cards: list[Card], trick: list[Card], trump: str) -> list[Card]:
    """The cards of the hand that may be played: follow, head, trump, else anything."""
    if not trick:
        return list(cards)
    led = trick[0]
    same_suit = [c for c in cards if c.suit == led.suit]
    if same_suit:
        higher = [c for c in same_suit if ORDER.index(c.rank) > ORDER.index(led.rank)]
        return higher or same_suit
    trumps = [c for c in cards if c.suit == trump]
    return trumps or list(cards)
'''
)

q4 = Exercise(
    CHAPTER,
    4,
    "follow, head, trump",
    "legal_plays",
    ("cards", "trick", "trump"),
    "def legal_plays(cards: list[Card], trick: list[Card], trump: str) -> list[Card]:",
    "The cards of the hand that may be played: follow, head, trump, else anything.",
    statement="""The leader may play any card (`trick` is then empty). The second player (`trick` holds the
card led) **must**:

1. play a **higher card of the suit led**, if he has one (*head* the trick);
2. otherwise any card of the suit led (*follow*);
3. otherwise a **trump**, if he has one;
4. otherwise any card.

Write `legal_plays(cards, trick, trump)`: the cards of the hand that may be played (in any order).""",
    oracle=lambda cards, trick, trump: ecarte.legal_plays(cards, trick, trump),
    expects=expect_cards,
    fixed=[
        (hand("K♠ 8♠ 7♥"), hand("9♠"), "♥"),
        (hand("Q♠ 7♠ A♥"), hand("K♠"), "♥"),
        (hand("7♦ A♣ Q♥"), hand("K♠"), "♦"),
        (hand("7♦ A♣ Q♥"), [], "♦"),
        (hand("8♣ A♥"), hand("K♠"), "♦"),
        *every_heading_duty(),
    ],
    random_case=play_case,
    n_random=400,
    same=same_cards_any_order,
    show=show_list,
    diff=plays_difference,
    hints=[
        "Go down the four duties in order and return as soon as one gives a non-empty list.",
        "same_suit = [c for c in cards if c.suit == led.suit]; higher = the cards of same_suit that beat the "
        "card led (use your beats from exercise 5.2); return higher or same_suit if same_suit is not empty.",
        "When the hand has no card of the suit led: trumps = [c for c in cards if c.suit == trump]; "
        "return trumps or the whole hand.",
    ],
    solution_source=LEGAL_PLAYS,
    mistakes={
        "forgets to head": ORDER_SOURCE
        + '''

def legal_plays(cards: list[Card], trick: list[Card], trump: str) -> list[Card]:
    """The cards of the hand that may be played: follow, head, trump, else anything."""
    if not trick:
        return list(cards)
    same_suit = [c for c in cards if c.suit == trick[0].suit]
    if same_suit:
        return same_suit
    trumps = [c for c in cards if c.suit == trump]
    return trumps or list(cards)
''',
        "forgets to trump": ORDER_SOURCE
        + '''

def legal_plays(cards: list[Card], trick: list[Card], trump: str) -> list[Card]:
    """The cards of the hand that may be played: follow, head, trump, else anything."""
    if not trick:
        return list(cards)
    led = trick[0]
    same_suit = [c for c in cards if c.suit == led.suit]
    higher = [c for c in same_suit if ORDER.index(c.rank) > ORDER.index(led.rank)]
    return higher or same_suit or list(cards)
''',
        "trumps even when able to follow": ORDER_SOURCE
        + '''

def legal_plays(cards: list[Card], trick: list[Card], trump: str) -> list[Card]:
    """The cards of the hand that may be played: follow, head, trump, else anything."""
    if not trick:
        return list(cards)
    led = trick[0]
    same_suit = [c for c in cards if c.suit == led.suit]
    higher = [c for c in same_suit if ORDER.index(c.rank) > ORDER.index(led.rank)]
    trumps = [c for c in cards if c.suit == trump and c not in same_suit]
    return (higher or same_suit) + trumps or list(cards)
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4]
