"""Exercises for chapter 8, variants: the same rules with an option switched, the engine still the oracle."""

from __future__ import annotations

import random

from .. import alkort, ecarte
from ..cards import ALKORT_PACK, Card, card, hand
from .chapter3 import TWO_PLAYER_TRICKS, any_trick, every_ranked_pair, rubbish_trick, sometimes_two
from .chapter4 import each_card_alone, nearly_worthless_hand
from .chapter5 import every_heading_duty, play_case, plays_difference
from .checker import Exercise, expect_bool, expect_cards, expect_index, expect_seat, same_cards_any_order, show_list

CHAPTER = 8
SETUP = "from cardlib import Card, card, hand, show\nfrom cardlib.alkort import is_ranked, strength"

LED_SUIT = alkort.AlkortOptions(rubbish_order="led_suit")
SEVEN_LEADS = ("after_win", "forehand_exempt", "as_rubbish")
WHO_LEADS = [(False, False), (True, False), (False, True)]  # (leader has won, first trick): nobody has won on trick 1
RUBBISH = [c for c in ALKORT_PACK if not alkort.is_ranked(c)]


def suited_rubbish_trick(rng: random.Random) -> tuple[list[Card]]:
    """Four rubbish cards, often of the led suit, and often a led King or Queen."""
    cards = rubbish_trick(rng)
    lead = cards[0]
    same_suit = [c for c in RUBBISH if c.suit == lead.suit and c != lead]
    for i in range(1, 4):
        if rng.random() < 0.5:
            choice = rng.choice(same_suit)
            if choice not in cards:
                cards[i] = choice
    return (cards,)


SPADE_RUBBISH = hand("7♠ 2♠ 3♠ 4♠ 9♠ Q♠ K♠")


def every_suited_order() -> list[tuple[list[Card]]]:
    """Every spade of rubbish led, followed by every two other spades of rubbish and a heart: the order, pair by pair.

    A hand-written order with two ranks swapped (4 and 9, say) is wrong on one of these.
    """
    return [
        ([lead, a, b, card("4♥")],)
        for lead in SPADE_RUBBISH
        for a in SPADE_RUBBISH
        for b in SPADE_RUBBISH
        if len({lead, a, b}) == 3
    ]


q1 = Exercise(
    CHAPTER,
    1,
    'rubbish in order (rubbish_order = "led_suit")',
    "led_suit_winner",
    ("cards",),
    "def led_suit_winner(cards: list[Card]) -> int:",
    "The index of the winner of an all-rubbish trick when rubbish of the led suit has an order.",
    statement="""The variant `rubbish_order = "led_suit"` gives rubbish an order. In a trick of **rubbish**
cards (four, or two in the two-player game):

1. the led King / Queen exceptions come **first**, as before (a led Queen falls to the first 2 or 3,
   a led K♠/K♥/K♣ to the first 2);
2. otherwise a card **of the led suit** that is higher than the card led wins — the highest of them —
   in the order `7 2 3 4 8 9 Q K`, low to high; cards of other suits do not count;
3. otherwise the leader wins.

Write `led_suit_winner(cards)`; return the index of the winning card.""",
    oracle=lambda cards: alkort.trick_winner(cards, options=LED_SUIT),
    expects=expect_index(4),
    fixed=[
        (hand("3♠ 9♠ Q♥ K♠"),),
        (hand("Q♣ K♣ 3♦ 9♣"),),
        (hand("4♠ K♥ Q♥ 2♦"),),
        (hand("K♠ Q♠ 2♣ 9♠"),),
        (hand("9♣ 3♣ 2♣ 7♣"),),
        *((hand(pair),) for pair in ("3♠ 9♠", "9♠ 3♠", "Q♣ 3♦", "K♥ 2♣", "4♠ K♠", "Q♣ 9♣")),  # two players
        *every_suited_order(),
    ],
    random_case=sometimes_two(suited_rubbish_trick),
    n_random=400,
    explain=lambda cards: alkort.explain_trick(cards, options=LED_SUIT),
    hints=[
        "Do the King/Queen exceptions exactly as in exercise 3.2, and return if one applies.",
        "RUBBISH_ORDER = ['7', '2', '3', '4', '8', '9', 'Q', 'K']; among the cards i = 1, 2, 3 of the led suit, "
        "keep the one with the highest RUBBISH_ORDER.index(rank); it wins only if it is higher than the card led.",
    ],
    solution_source='''RUBBISH_ORDER = ["7", "2", "3", "4", "8", "9", "Q", "K"]  # rubbish of the led suit, low to high


def led_suit_winner(cards: list[Card]) -> int:
    """The index of the winner of an all-rubbish trick when rubbish of the led suit has an order."""
    lead = cards[0]
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead.rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    best = 0
    for i in range(1, len(cards)):
        if cards[i].suit == lead.suit and RUBBISH_ORDER.index(cards[i].rank) > RUBBISH_ORDER.index(cards[best].rank):
            best = i
    return best
''',
    mistakes={
        "the order before the exceptions": '''RUBBISH_ORDER = ["7", "2", "3", "4", "8", "9", "Q", "K"]


def led_suit_winner(cards: list[Card]) -> int:
    """The index of the winner of an all-rubbish trick when rubbish of the led suit has an order."""
    lead = cards[0]
    best = 0
    for i in range(1, len(cards)):
        if cards[i].suit == lead.suit and RUBBISH_ORDER.index(cards[i].rank) > RUBBISH_ORDER.index(cards[best].rank):
            best = i
    if best:
        return best
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead.rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0
''',
        "every suit counts": '''RUBBISH_ORDER = ["7", "2", "3", "4", "8", "9", "Q", "K"]


def led_suit_winner(cards: list[Card]) -> int:
    """The index of the winner of an all-rubbish trick when rubbish of the led suit has an order."""
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(cards[0].rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    best = 0
    for i in range(1, len(cards)):
        if RUBBISH_ORDER.index(cards[i].rank) > RUBBISH_ORDER.index(cards[best].rank):
            best = i
    return best
''',
    },
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER,
    2,
    "when may a 7 be led? (seven_lead)",
    "may_lead_seven",
    ("has_won", "first_trick", "seven_lead"),
    "def may_lead_seven(has_won: bool, first_trick: bool, seven_lead: str) -> bool:",
    "Whether a player may lead a 7 now, under the seven_lead option.",
    statement="""The option `seven_lead` has three values:

- `"after_win"` (the default): a 7 may be led only once its player has won a trick;
- `"forehand_exempt"`: as the default, but also on the **opening lead of trick 1**;
- `"as_rubbish"`: a 7 may **always** be led (before a win it simply counts as rubbish).

Write `may_lead_seven(has_won, first_trick, seven_lead)`.""",
    oracle=lambda has_won, first_trick, seven_lead: alkort.may_lead_seven(
        has_won, first_trick, alkort.AlkortOptions(seven_lead=seven_lead)
    ),
    expects=expect_bool,
    fixed=[
        (has_won, first, rule)
        for rule in SEVEN_LEADS
        for first in (False, True)
        for has_won in (False, True)
        if not (first and has_won)
    ],
    explain=lambda has_won, first_trick, seven_lead: (
        f"seven_lead = {seven_lead!r}; the player has {'' if has_won else 'not '}won a trick; this is "
        f"{'' if first_trick else 'not '}the opening lead."
    ),
    hints=[
        "Three ways to be allowed: a win, the as_rubbish option, or the opening lead with forehand_exempt.",
        "return has_won or seven_lead == 'as_rubbish' or (first_trick and seven_lead == 'forehand_exempt')",
    ],
    solution_source='''def may_lead_seven(has_won: bool, first_trick: bool, seven_lead: str) -> bool:
    """Whether a player may lead a 7 now, under the seven_lead option."""
    return has_won or seven_lead == "as_rubbish" or (first_trick and seven_lead == "forehand_exempt")
''',
    mistakes={
        "forgets as_rubbish": '''def may_lead_seven(has_won: bool, first_trick: bool, seven_lead: str) -> bool:
    """Whether a player may lead a 7 now, under the seven_lead option."""
    return has_won or (first_trick and seven_lead == "forehand_exempt")
''',
        "forehand_exempt on every trick": '''\
def may_lead_seven(has_won: bool, first_trick: bool, seven_lead: str) -> bool:
    """Whether a player may lead a 7 now, under the seven_lead option."""
    return has_won or seven_lead in ("as_rubbish", "forehand_exempt")
''',
    },
    setup=SETUP,
)


def seven_case(rng: random.Random) -> tuple[list[Card], bool, bool, str]:
    """Any trick; on trick 1 nobody has won yet."""
    cards, leader_has_won = any_trick(rng)
    first_trick = not leader_has_won and rng.random() < 0.5
    return cards, leader_has_won, first_trick, rng.choice(SEVEN_LEADS)


TRICK_WINNER = '''def trick_winner(cards: list[Card], leader_has_won: bool, first_trick: bool, seven_lead: str) -> int:
    """The index of the winning card of a trick (four cards, or two), under the seven_lead option."""
    lead = cards[0]
    if lead.rank == "7" and (leader_has_won or (first_trick and seven_lead == "forehand_exempt")):
        return 0
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    if strength(cards[best]) > 0:
        return best
    takers = {"Q": ("2", "3"), "K": ("2",)}.get(lead.rank, ())
    for i in range(1, len(cards)):
        if cards[i].rank in takers:
            return i
    return 0
'''

q3 = Exercise(
    CHAPTER,
    3,
    "who wins, with seven_lead",
    "trick_winner",
    ("cards", "leader_has_won", "first_trick", "seven_lead"),
    "def trick_winner(cards: list[Card], leader_has_won: bool, first_trick: bool, seven_lead: str) -> int:",
    "The index of the winning card of a trick (four cards, or two), under the seven_lead option.",
    statement="""Your `trick_winner` from exercise 3.3, with the `seven_lead` option. A led 7 is **unbeatable**
when its player has already won a trick — and, with `"forehand_exempt"`, also when it is the opening lead
of trick 1 (`first_trick`). With `"as_rubbish"` a 7 led before a win is plain rubbish (as it is by
default). Everything else is as in chapter 3.""",
    oracle=lambda cards, leader_has_won, first_trick, seven_lead: alkort.trick_winner(
        cards, leader_has_won, first_trick, alkort.AlkortOptions(seven_lead=seven_lead)
    ),
    expects=expect_index(4),
    fixed=[
        (hand("7♣ K♦ 2♥ A♠"), False, True, "forehand_exempt"),
        (hand("7♣ K♦ 2♥ A♠"), False, True, "as_rubbish"),
        (hand("7♣ K♦ 2♥ A♠"), True, False, "as_rubbish"),
        (hand("7♣ K♦ 2♥ A♠"), False, False, "forehand_exempt"),
        *((trick, *who, rule) for trick in TWO_PLAYER_TRICKS for who in WHO_LEADS for rule in SEVEN_LEADS),
        *(
            (trick, *WHO_LEADS[number % 3], SEVEN_LEADS[number % 3 - 1])
            for number, trick in enumerate(every_ranked_pair())
        ),
    ],
    random_case=sometimes_two(seven_case),
    n_random=400,
    explain=lambda cards, leader_has_won, first_trick, seven_lead: alkort.explain_trick(
        cards, leader_has_won, first_trick, alkort.AlkortOptions(seven_lead=seven_lead)
    ),
    hints=[
        "Only the first rule changes: when is a led 7 unbeatable?",
        "unbeatable = leader_has_won or (first_trick and seven_lead == 'forehand_exempt'). The rest is exercise 3.3.",
    ],
    solution_source=TRICK_WINNER,
    mistakes={
        "as_rubbish makes every led 7 unbeatable": TRICK_WINNER.replace(
            '(leader_has_won or (first_trick and seven_lead == "forehand_exempt"))',
            '(leader_has_won or seven_lead == "as_rubbish" or (first_trick and seven_lead == "forehand_exempt"))',
        ),
        "ignores the option": TRICK_WINNER.replace(
            '(leader_has_won or (first_trick and seven_lead == "forehand_exempt"))', "leader_has_won"
        ),
    },
    setup=SETUP,
)

LEGAL_PLAYS = '''ORDER = ["7", "8", "9", "10", "A", "J", "Q", "K"]  # Écarté, low to high


def legal_plays(cards: list[Card], trick: list[Card], trump: str, must_trump: bool) -> list[Card]:
    """The cards an Écarté player may play, under the must_trump option."""
    if not trick:
        return list(cards)
    led = trick[0]
    same_suit = [c for c in cards if c.suit == led.suit]
    if same_suit:
        higher = [c for c in same_suit if ORDER.index(c.rank) > ORDER.index(led.rank)]
        return higher or same_suit
    trumps = [c for c in cards if c.suit == trump]
    if must_trump and trumps:
        return trumps
    return list(cards)
'''


def must_trump_case(rng: random.Random) -> tuple[list[Card], list[Card], str, bool]:
    """A case of exercise 5.4 with the must_trump flag."""
    cards, trick, trump = play_case(rng)
    return cards, trick, trump, rng.random() < 0.5


q4 = Exercise(
    CHAPTER,
    4,
    "Écarté without the duty to trump (must_trump)",
    "legal_plays",
    ("cards", "trick", "trump", "must_trump"),
    "def legal_plays(cards: list[Card], trick: list[Card], trump: str, must_trump: bool) -> list[Card]:",
    "The cards an Écarté player may play, under the must_trump option.",
    statement="""One of the old texts lets a player who cannot follow suit play **any** card, trump or not:
that is the variant `must_trump = False`. Extend your `legal_plays` from exercise 5.4 with a
`must_trump` flag: with `True` the rules are as before (head, follow, trump, anything); with `False`
a player void in the suit led may play any card. Heading and following are still compulsory.""",
    oracle=lambda cards, trick, trump, must_trump: ecarte.legal_plays(
        cards, trick, trump, ecarte.EcarteOptions(must_trump=must_trump)
    ),
    expects=expect_cards,
    fixed=[
        (hand("7♦ A♣ Q♥"), hand("K♠"), "♦", False),
        (hand("7♦ A♣ Q♥"), hand("K♠"), "♦", True),
        (hand("K♠ 8♠ 7♥"), hand("9♠"), "♥", False),
        *((*duty, number % 2 == 0) for number, duty in enumerate(every_heading_duty())),
    ],
    random_case=must_trump_case,
    n_random=400,
    same=same_cards_any_order,
    show=show_list,
    diff=lambda case, right, got: plays_difference(
        (case[0], case[1], case[2], ecarte.EcarteOptions(must_trump=case[3])), right, got
    ),
    hints=[
        "Only step 3 (trump if you can) depends on the flag.",
        "if must_trump and trumps: return trumps — otherwise fall through to the whole hand.",
    ],
    solution_source=LEGAL_PLAYS,
    mistakes={
        "no duty to follow either": LEGAL_PLAYS.replace(
            """    if same_suit:
        higher""",
            """    if same_suit and must_trump:
        higher""",
        ),
        "ignores the flag": LEGAL_PLAYS.replace("if must_trump and trumps:", "if trumps:"),
    },
    setup=SETUP,
)

q5 = Exercise(
    CHAPTER,
    5,
    "who deals next? (next_dealer)",
    "next_dealer",
    ("dealer", "losing_side", "rule"),
    "def next_dealer(dealer: int, losing_side: int, rule: str) -> int:",
    "The seat that deals the next Alkort deal (4 players), under the next_dealer option.",
    statement="""In four-player Alkort, seats 0 and 2 are side 0 (team A) and seats 1 and 3 side 1 (team B).
With `next_dealer = "left"` (the default) the deal passes to the left: `(dealer + 1) % 4`. With the
variant `"loser"` it passes clockwise, starting from the seat after the dealer, to the **first player
of the side that lost** the last deal. Write `next_dealer(dealer, losing_side, rule)`.""",
    oracle=lambda dealer, losing_side, rule: alkort.next_dealer(
        dealer, losing_side, 4, alkort.AlkortOptions(next_dealer=rule)
    ),
    expects=expect_seat(4),
    fixed=[(dealer, side, rule) for rule in ("left", "loser") for dealer in range(4) for side in (0, 1)],
    explain=lambda dealer, losing_side, rule: (
        "The deal passes to the left."
        if rule == "left"
        else f"Clockwise from seat {(dealer + 1) % 4}, the first seat of side {losing_side} "
        f"(seats {losing_side} and {losing_side + 2})."
    ),
    hints=[
        "For 'loser', step clockwise from the dealer: dealer + 1, dealer + 2, … (mod 4), and stop at the first "
        "seat whose side (seat % 2) is losing_side.",
        "for step in (1, 2): seat = (dealer + step) % 4; if seat % 2 == losing_side: return seat.",
    ],
    solution_source='''def next_dealer(dealer: int, losing_side: int, rule: str) -> int:
    """The seat that deals the next Alkort deal (4 players), under the next_dealer option."""
    if rule == "left":
        return (dealer + 1) % 4
    for step in (1, 2):
        seat = (dealer + step) % 4
        if seat % 2 == losing_side:
            return seat
''',
    mistakes={
        "always the losing side's first seat": '''\
def next_dealer(dealer: int, losing_side: int, rule: str) -> int:
    """The seat that deals the next Alkort deal (4 players), under the next_dealer option."""
    if rule == "left":
        return (dealer + 1) % 4
    return losing_side
''',
        "counts from the dealer himself": '''def next_dealer(dealer: int, losing_side: int, rule: str) -> int:
    """The seat that deals the next Alkort deal (4 players), under the next_dealer option."""
    if rule == "left":
        return (dealer + 1) % 4
    for step in (0, 1):
        seat = (dealer + step) % 4
        if seat % 2 == losing_side:
            return seat
''',
    },
    setup=SETUP,
)


# -- 8.6: the worthless hand asks the trick rule in force ----------------------------------------------------

EIGHT_OPTIONS = [(ranked, order) for ranked in (True, False) for order in ("equal", "led_suit")]


def options_of(low_eights_ranked: bool, rubbish_order: str) -> alkort.AlkortOptions:
    """The Alkort options of exercise 8.6: these two switched, the rest the defaults."""
    return alkort.AlkortOptions(low_eights_ranked=low_eights_ranked, rubbish_order=rubbish_order)


def worthless_case(rng: random.Random) -> tuple[list[Card], bool, str]:
    """A nearly worthless hand, often with 9♣ or a Queen or King of a low Eight's suit, under random options."""
    (cards,) = nearly_worthless_hand(rng)
    if rng.random() < 0.5:
        tempting = [c for c in hand("9♣ Q♣ K♣ Q♥ K♥ Q♦") if c not in cards]
        cards[rng.randrange(9)] = rng.choice(tempting)
    return (cards, *rng.choice(EIGHT_OPTIONS))


def worthless_explained(cards: list[Card], low_eights_ranked: bool, rubbish_order: str) -> str:
    """The engine's sentence about the hand, under the options of the case."""
    options = options_of(low_eights_ranked, rubbish_order)
    return (
        f"With low_eights_ranked = {low_eights_ranked} and rubbish_order = {rubbish_order!r}: "
        + alkort.explain_exchange(cards, options)
    )


def each_card_under_each_option() -> list[tuple[list[Card], bool, str]]:
    """Each of the 44 cards among cards that never block, under each of the four combinations of the options.

    A list of blockers written out from the statement with one card left out (9♣, Q♦ …) is wrong on one of these.
    """
    return [
        (cards, *options)
        for number, (cards,) in enumerate(each_card_alone())
        for options in EIGHT_OPTIONS[number % 4 :] + EIGHT_OPTIONS[: number % 4]
    ]


TEMPTED = hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 4♦ 2♦")
q6 = Exercise(
    CHAPTER,
    6,
    "the worthless hand, under the rules in force",
    "may_exchange",
    ("cards", "low_eights_ranked", "rubbish_order"),
    "def may_exchange(cards: list[Card], low_eights_ranked: bool, rubbish_order: str) -> bool:",
    "Whether no card of the hand could beat a led low eight, under these options.",
    statement="""The first Alkort text's test for the worthless-hand exchange is *a hand unable to beat a led
low eight*. With the default rules that is the fixed list of exercise 4.6. Switch options and the list
changes: with `low_eights_ranked = False` a led low Eight is rubbish, and with `rubbish_order = "led_suit"`
as well, 9♣, Q♣, K♣, Q♥, K♥ and Q♦ beat one of them. So ask **the trick rule in force** instead of a list:
a card could beat a led low eight if it wins a two-card trick `[eight, card]` for some low eight other
than itself. Write `may_exchange(cards, low_eights_ranked, rubbish_order)`; you may use the engine's trick
rule:

```python
from cardlib.alkort import AlkortOptions, LOW_EIGHTS, trick_winner   # LOW_EIGHTS: 8♥ 8♦ 8♣
trick_winner(hand("8♣ 9♣"), options=AlkortOptions(low_eights_ranked=False, rubbish_order="led_suit"))  # 1
```""",
    oracle=lambda cards, low_eights_ranked, rubbish_order: alkort.may_exchange(
        cards, options_of(low_eights_ranked, rubbish_order)
    ),
    expects=expect_bool,
    fixed=[(TEMPTED, ranked, order) for ranked, order in EIGHT_OPTIONS]
    + [(hand("8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣ Q♠ K♠"), ranked, order) for ranked, order in EIGHT_OPTIONS]
    + each_card_under_each_option(),
    random_case=worthless_case,
    n_random=300,
    explain=worthless_explained,
    hints=[
        "Make the options once: AlkortOptions(low_eights_ranked=low_eights_ranked, rubbish_order=rubbish_order).",
        "A card blocks the exchange if trick_winner([eight, card], options=options) == 1 for some eight in "
        "LOW_EIGHTS with eight != card; the hand may exchange if no card blocks.",
    ],
    solution_source='''from cardlib.alkort import LOW_EIGHTS, AlkortOptions, trick_winner


def may_exchange(cards: list[Card], low_eights_ranked: bool, rubbish_order: str) -> bool:
    """Whether no card of the hand could beat a led low eight, under these options."""
    options = AlkortOptions(low_eights_ranked=low_eights_ranked, rubbish_order=rubbish_order)
    return not any(trick_winner([eight, c], options=options) == 1
                   for c in cards for eight in LOW_EIGHTS if eight != c)
''',
    mistakes={
        "the default list whatever the options": '''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def may_exchange(cards: list[Card], low_eights_ranked: bool, rubbish_order: str) -> bool:
    """Whether no card of the hand could beat a led low eight, under these options."""
    return not any(c in BLOCKERS or c.rank in ("A", "J", "6") for c in cards)
''',
        "only ranked cards block": '''from cardlib.alkort import LOW_EIGHTS, AlkortOptions, is_ranked


def may_exchange(cards: list[Card], low_eights_ranked: bool, rubbish_order: str) -> bool:
    """Whether no card of the hand could beat a led low eight, under these options."""
    options = AlkortOptions(low_eights_ranked=low_eights_ranked, rubbish_order=rubbish_order)
    return not any(is_ranked(c, options) and c not in LOW_EIGHTS for c in cards)
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4, q5, q6]
