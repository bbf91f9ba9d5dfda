"""Exercises for chapter 3, Alkort's tricks: the highest ranked card, all-rubbish tricks, sevens, leads."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from .. import alkort
from ..cards import ALKORT_PACK, Card, hand
from .checker import Exercise, expect_cards, expect_index, same_cards_any_order, show_list

CHAPTER = 3
SETUP = "from cardlib import Card, card, hand, show\nfrom cardlib.alkort import is_ranked, strength"

RANKED = [c for c in ALKORT_PACK if alkort.is_ranked(c)]
RUBBISH = [c for c in ALKORT_PACK if not alkort.is_ranked(c)]
SEVENS = [c for c in ALKORT_PACK if c.rank == "7"]
LED_KINGS_AND_QUEENS = [c for c in RUBBISH if c.rank in ("K", "Q")]
TWOS_AND_THREES = [c for c in RUBBISH if c.rank in ("2", "3")]


def trick_with_ranked(rng: random.Random) -> tuple[list[Card]]:
    """Four cards of which at least one is ranked; equal tiers (Aces, Jacks, Sixes) come up often."""
    cards = rng.sample(ALKORT_PACK, 4)
    if not any(map(alkort.is_ranked, cards)):
        cards[rng.randrange(4)] = rng.choice([c for c in RANKED if c not in cards])
    return (cards,)


def rubbish_trick(rng: random.Random) -> list[Card]:
    """Four rubbish cards; most lead a King or Queen, and 2s and 3s are common."""
    lead = rng.choice(LED_KINGS_AND_QUEENS) if rng.random() < 0.7 else rng.choice(RUBBISH)
    rest = [c for c in RUBBISH if c != lead]
    pool = [c for c in TWOS_AND_THREES if c != lead]
    followers = rng.sample(rest, 3)
    for i in range(3):
        if rng.random() < 0.35:
            choice = rng.choice(pool)
            if choice not in followers:
                followers[i] = choice
    return [lead, *followers]


def any_trick(rng: random.Random) -> tuple[list[Card], bool]:
    """A trick of any kind, with a led seven often, and whether the leader had already won a trick."""
    kind = rng.random()
    if kind < 0.4:
        lead = rng.choice(SEVENS)
        cards = [lead, *rng.sample([c for c in ALKORT_PACK if c != lead], 3)]
    elif kind < 0.7:
        cards = rubbish_trick(rng)
    else:
        cards = rng.sample(ALKORT_PACK, 4)
    return cards, rng.random() < 0.5


def lead_case(rng: random.Random) -> tuple[list[Card], bool]:
    """A hand (often with sevens, sometimes only sevens) and whether its player has won a trick."""
    size = rng.randrange(1, 10)
    if rng.random() < 0.2:
        cards = rng.sample(SEVENS, min(size, 4))
    else:
        cards = rng.sample(ALKORT_PACK, size)
        if rng.random() < 0.5:
            cards[0] = rng.choice([s for s in SEVENS if s not in cards] or cards[:1])
    rng.shuffle(cards)
    return cards, rng.random() < 0.5


TWO_PLAYER_SHARE = 0.25  # of the random tricks, the two-player game's: the card led and one other


def two_player(rng: random.Random, cards: list[Card]) -> list[Card]:
    """The trick of the two-player game from a trick of four: the card led and one other — the one that decides
    the trick half the time (a ranked card, a 2 or 3 to a led Queen or King), so that two-card tricks hold it."""
    deciding = [c for c in cards[1:] if alkort.is_ranked(c) or c.rank in ("2", "3")]
    return [cards[0], rng.choice(deciding if deciding and rng.random() < 0.5 else cards[1:])]


def sometimes_two(case: Callable[[random.Random], tuple[Any, ...]]) -> Callable[[random.Random], tuple[Any, ...]]:
    """Random cases of which a share are two-player tricks (the trick, the first argument, cut to two cards); a
    trick that must hold a ranked card keeps one."""

    def made(rng: random.Random) -> tuple[Any, ...]:
        cards, *rest = case(rng)
        if rng.random() < TWO_PLAYER_SHARE:
            two = two_player(rng, cards)
            ranked = any(map(alkort.is_ranked, cards))
            cards = (
                two if any(map(alkort.is_ranked, two)) or not ranked else [cards[0], max(cards, key=alkort.strength)]
            )
        return (cards, *rest)

    return made


TWO_PLAYER_TRICKS = [hand(pair) for pair in ("A♠ 9♦", "9♦ K♦", "J♣ J♥", "Q♠ 3♦", "K♥ 2♣", "K♥ 3♣", "7♣ K♦", "3♠ Q♥")]


PLACES = list(itertools.combinations(range(4), 2))  # where two cards can sit in a trick of four
PAIR_FILLERS = hand("Q♠ 3♦")  # rubbish that neither takes nor is taken: the pair alone decides the trick


def with_pair(pair: tuple[Card, Card], places: tuple[int, int]) -> list[Card]:
    """A trick with the pair's cards at these places (the first played first), rubbish in the others."""
    fillers = iter(PAIR_FILLERS)
    return [pair[places.index(i)] if i in places else next(fillers) for i in range(4)]


def every_ranked_pair() -> list[list[Card]]:
    """Every ordered pair of ranked cards, in a trick with two rubbish cards: each tier against each, and ties.

    Random tricks rarely hold the two cards that matter (9♥ and 9♦, say); these tell any two tiers apart.
    """
    pairs = [(a, b) for a in RANKED for b in RANKED if a != b]
    return [with_pair(pair, PLACES[number % len(PLACES)]) for number, pair in enumerate(pairs)]


TRICK_HINTS_COMMON = "the index is the card's position in the trick: 0 for the card led, 1, 2, 3 for the others"

q1 = Exercise(
    CHAPTER,
    1,
    "the highest ranked card wins",
    "ranked_winner",
    ("cards",),
    "def ranked_winner(cards: list[Card]) -> int:",
    "The index of the winning card of a trick that holds at least one ranked card.",
    statement="""In a trick with at least one ranked card, the **highest ranked card wins**; between equal
cards (two Aces, say) the one played **first** wins. Write `ranked_winner(cards)` for a complete
trick — four cards, or two in the two-player game — (the card led first) that returns the **index** of the
winning card: 0 for the card led, 1, 2 or 3 for the others. Use `strength(c)` (10 for K♦ … 1 for a low
eight, 0 for rubbish).""",
    oracle=alkort.trick_winner,
    expects=expect_index(4),
    fixed=[
        (hand("A♠ 9♦ K♦ 2♥"),),
        (hand("J♣ J♥ 6♠ 8♦"),),
        (hand("Q♠ A♦ 3♣ A♥"),),
        (hand("8♥ 3♠ Q♦ K♣"),),
        *((trick,) for trick in TWO_PLAYER_TRICKS if any(map(alkort.is_ranked, trick))),
        *((trick,) for trick in every_ranked_pair()),
    ],
    random_case=sometimes_two(trick_with_ranked),
    n_random=300,
    explain=alkort.explain_trick,
    hints=[
        f"Remember {TRICK_HINTS_COMMON}. Walk through the trick keeping the index of the best card so far.",
        "Start with best = 0; for i in range(1, len(cards)), move best to i only if "
        "strength(cards[i]) > strength(cards[best]) — strictly greater, so the first of equals stays.",
    ],
    solution_source='''def ranked_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick that holds at least one ranked card."""
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
''',
    mistakes={
        "last of equals wins": '''def ranked_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick that holds at least one ranked card."""
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) >= strength(cards[best]):
            best = i
    return best
''',
        "returns the card, not its index": '''def ranked_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick that holds at least one ranked card."""
    return max(cards, key=strength)
''',
    },
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER,
    2,
    "a trick of rubbish",
    "rubbish_winner",
    ("cards",),
    "def rubbish_winner(cards: list[Card]) -> int:",
    "The index of the winning card of a trick of rubbish cards (four, or two).",
    statement="""When **every card is rubbish**, the leader wins — with two exceptions, and only for a
**led** King or Queen:

- if the lead was a **Queen** and a **2 or 3** was played, the **first** 2 or 3 played wins;
- if the lead was **K♠, K♥ or K♣** and a **2** was played, the **first** 2 played wins.

Write `rubbish_winner(cards)` for a trick of rubbish cards — four, or two in the two-player game — (the card
led first); return the index.""",
    oracle=alkort.trick_winner,
    expects=expect_index(4),
    fixed=[
        (hand("4♠ Q♥ 9♣ 3♦"),),
        (hand("K♠ 3♣ 2♦ Q♥"),),
        (hand("Q♣ 3♠ 2♦ 4♥"),),
        (hand("K♥ 3♠ 3♦ 4♠"),),
        (hand("3♠ Q♥ 2♦ 2♣"),),
        *((trick,) for trick in TWO_PLAYER_TRICKS if not any(map(alkort.is_ranked, trick))),
    ],
    random_case=sometimes_two(lambda rng: (rubbish_trick(rng),)),
    n_random=300,
    explain=alkort.explain_trick,
    hints=[
        "First look at the led card's rank (cards[0].rank). Only 'Q' and 'K' change anything.",
        "For a led Queen, loop over i in 1, 2, 3 and return the first i whose rank is '2' or '3'; for a led "
        "King, the first whose rank is '2'. If the loop finds nothing, return 0.",
    ],
    solution_source='''def rubbish_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick of rubbish cards (four, or two)."""
    lead = cards[0].rank
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0
''',
    mistakes={
        "a 3 takes a King too": '''def rubbish_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick of rubbish cards (four, or two)."""
    if cards[0].rank in ("Q", "K"):
        for i in range(1, len(cards)):
            if cards[i].rank in ("2", "3"):
                return i
    return 0
''',
        "the last 2 or 3 wins": '''def rubbish_winner(cards: list[Card]) -> int:
    """The index of the winning card of a trick of rubbish cards (four, or two)."""
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(cards[0].rank, ())
    winner = 0
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            winner = i
    return winner
''',
    },
    setup=SETUP,
)

TRICK_WINNER = '''def trick_winner(cards: list[Card], leader_has_won: bool) -> int:
    """The index of the winning card of any trick (four cards, or two)."""
    lead = cards[0]
    if lead.rank == "7" and leader_has_won:
        return 0                                  # a cashed seven beats everything
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    if strength(cards[best]) > 0:
        return best                               # the highest ranked card, first of equals
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead.rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i                              # a led Queen or King falls to a 2 (or 3)
    return 0
'''

q3 = Exercise(
    CHAPTER,
    3,
    "who wins any trick: sevens and all",
    "trick_winner",
    ("cards", "leader_has_won"),
    "def trick_winner(cards: list[Card], leader_has_won: bool) -> int:",
    "The index of the winning card of any trick (four cards, or two).",
    statement="""Now all of it. A trick is won by, in this order:

1. a **7 led** by a player who had **already won a trick** this deal (`leader_has_won`): it beats
   everything, even K♦. A 7 led before that, or a 7 played to someone else's lead, is rubbish;
2. else, if any ranked card was played, the highest ranked card (the first of equals);
3. else (all rubbish): a led Queen falls to the first 2 or 3, a led K♠/K♥/K♣ to the first 2;
   otherwise the leader wins.

Write `trick_winner(cards, leader_has_won)` for a complete trick (four cards, or two in the two-player game);
return the index of the winning card.""",
    oracle=lambda cards, leader_has_won: alkort.trick_winner(cards, leader_has_won),
    expects=expect_index(4),
    fixed=[
        (hand("7♣ K♦ 2♥ A♠"), True),
        (hand("7♣ K♦ 2♥ A♠"), False),
        (hand("3♠ 7♦ Q♥ 2♣"), True),
        (hand("K♠ 3♣ 2♦ Q♥"), False),
        (hand("Q♣ 7♠ 3♦ 4♥"), True),
        (hand("A♠ 9♦ K♦ 2♥"), True),
        *((trick, won) for trick in TWO_PLAYER_TRICKS for won in (True, False)),
        *((trick, number % 2 == 0) for number, trick in enumerate(every_ranked_pair())),
    ],
    random_case=sometimes_two(any_trick),
    n_random=400,
    explain=lambda cards, leader_has_won: alkort.explain_trick(cards, leader_has_won),
    hints=[
        "Try the three rules in order and return as soon as one decides: the seven first, then the ranked "
        "cards, then the all-rubbish exceptions.",
        "Only cards[0] can be an unbeatable seven, and only if leader_has_won. Every other seven has strength 0, "
        "so your ranked_winner loop and your rubbish_winner loop already treat it as rubbish.",
        "Put your two earlier functions together: if the lead is a 7 and leader_has_won, return 0; else compute "
        "the ranked winner, and if its strength is above 0 return it; else return the rubbish winner.",
    ],
    solution_source=TRICK_WINNER,
    mistakes={
        "a followed seven wins too": '''def trick_winner(cards: list[Card], leader_has_won: bool) -> int:
    """The index of the winning card of any trick (four cards, or two)."""
    for i, c in enumerate(cards):
        if c.rank == "7" and leader_has_won:
            return i
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    if strength(cards[best]) > 0:
        return best
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(cards[0].rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0
''',
        "a led seven always wins": '''def trick_winner(cards: list[Card], leader_has_won: bool) -> int:
    """The index of the winning card of any trick (four cards, or two)."""
    if cards[0].rank == "7":
        return 0
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    if strength(cards[best]) > 0:
        return best
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(cards[0].rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0
''',
        "exceptions before the ranked cards": '''def trick_winner(cards: list[Card], leader_has_won: bool) -> int:
    """The index of the winning card of any trick (four cards, or two)."""
    if cards[0].rank == "7" and leader_has_won:
        return 0
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(cards[0].rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
''',
    },
    setup=SETUP,
)

q4 = Exercise(
    CHAPTER,
    4,
    "what may be led",
    "legal_leads",
    ("cards", "has_won"),
    "def legal_leads(cards: list[Card], has_won: bool) -> list[Card]:",
    "The cards of the hand that may be led to a trick.",
    statement="""In Alkort any card may be played to a trick — no need to follow suit. The one restriction
is on **leading**: a player may not lead a **7** until he has won a trick in this deal (`has_won`).
But a hand that holds **only sevens** may lead one. Write `legal_leads(cards, has_won)`: the cards of
the hand that may be led (in any order).""",
    oracle=lambda cards, has_won: alkort.legal_plays(cards, [], has_won),
    expects=expect_cards,
    fixed=[(hand("7♠ K♠ 3♦"), False), (hand("7♠ K♠ 3♦"), True), (hand("7♠ 7♥"), False), (hand("A♠"), False)],
    random_case=lead_case,
    n_random=300,
    same=same_cards_any_order,
    show=show_list,
    explain=lambda cards, has_won: (
        "A player who has won a trick may lead any card."
        if has_won
        else "A 7 may not be led before its player has won a trick — unless the hand holds nothing but sevens."
    ),
    hints=[
        "Two cases: has_won (anything goes), and not has_won (no sevens).",
        "not_sevens = [c for c in cards if c.rank != '7']; when has_won is False, return not_sevens — or, "
        "if that list is empty, the whole hand.",
    ],
    solution_source='''def legal_leads(cards: list[Card], has_won: bool) -> list[Card]:
    """The cards of the hand that may be led to a trick."""
    if has_won:
        return list(cards)
    not_sevens = [c for c in cards if c.rank != "7"]
    return not_sevens or list(cards)
''',
    mistakes={
        "forgets a hand of only sevens": '''def legal_leads(cards: list[Card], has_won: bool) -> list[Card]:
    """The cards of the hand that may be led to a trick."""
    if has_won:
        return list(cards)
    return [c for c in cards if c.rank != "7"]
''',
        "never a seven": '''def legal_leads(cards: list[Card], has_won: bool) -> list[Card]:
    """The cards of the hand that may be led to a trick."""
    return [c for c in cards if c.rank != "7"] or list(cards)
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4]
