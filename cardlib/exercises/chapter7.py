"""Exercises for chapter 7, Écarté's scoring and game: the point, the vole, the penalties, a bot."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from .. import ecarte
from ..cards import ECARTE_PACK, Card, hand
from ..ecarte import EcarteState
from ..tricks import ACCEPT, PROPOSE, REFUSE, Announce, Discard
from .bots import Rule, check_bot, time_rule
from .checker import Exercise, expect_bool, expect_card, expect_int, expect_ints, expect_tuple

CHAPTER = 7
SETUP = "from cardlib import Card, card, hand, show"


EVERY_SCORING = [
    ([won, 5 - won], dealer, proposed, refused)
    for won in range(6)
    for dealer in (0, 1)
    for proposed, refused in ((False, False), (True, False), (True, True))
]  # only a proposal is refused


def score_explained(tricks_won: list[int], dealer: int, proposed: bool, refused: bool) -> str:
    """The engine's sentence on the score, with a capital."""
    result = ecarte.score_deal(tricks_won, dealer, proposed, refused)
    return ecarte.explain_score(result, dealer)[0].upper() + ecarte.explain_score(result, dealer)[1:]


q1 = Exercise(
    CHAPTER,
    1,
    "score the tricks of a deal",
    "score",
    ("tricks_won", "dealer", "proposed", "refused"),
    "def score(tricks_won: list[int], dealer: int, proposed: bool, refused: bool) -> tuple[int, int]:",
    "(seat, points) for the tricks: the point 1, the vole 2, or 2 for beating a player who stood or refused.",
    statement="""After the 5 tricks, the player with 3 or more scores (`tricks_won[seat]` is how many each seat
won; the non-dealer is `1 - dealer`):

- 3 or 4 tricks, **the point**: 1; all 5, **the vole**: 2;
- if the non-dealer **played without proposing** (`proposed` is False) and wins fewer than 3 tricks,
  the **dealer** scores 2 (for 3, 4 or 5 tricks alike);
- if the dealer **refused the first proposal** (`refused`) and wins fewer than 3 tricks, the
  **non-dealer** scores 2 (for 3, 4 or 5 tricks alike);
- these never add up: at most 2 points for the tricks.

Write `score(tricks_won, dealer, proposed, refused)` returning `(seat, points)`.""",
    oracle=lambda tricks_won, dealer, proposed, refused: tuple(
        ecarte.score_deal(tricks_won, dealer, proposed, refused)[:2]
    ),
    expects=expect_tuple(expect_int, expect_int, what="a tuple (seat, points)"),
    fixed=[
        ([3, 2], 1, True, False),
        ([0, 5], 0, True, False),
        ([3, 2], 0, False, False),
        ([2, 3], 0, False, False),
        ([0, 5], 1, True, True),
        ([5, 0], 1, False, False),
        *EVERY_SCORING,
    ],
    same=lambda right, got: tuple(got) == right,
    explain=score_explained,
    hints=[
        "First find the winner: seat 0 if tricks_won[0] >= 3, else seat 1. Then decide the points.",
        "The winner is the dealer and nobody proposed: 2. The winner is the non-dealer and the dealer refused: 2. "
        "Else 2 for the vole (5 tricks) and 1 for the point — and check the penalties first, so they never add "
        "to the vole.",
    ],
    solution_source='''def score(tricks_won: list[int], dealer: int, proposed: bool, refused: bool) -> tuple[int, int]:
    """(seat, points) for the tricks: the point 1, the vole 2, or 2 for beating a player who stood or refused."""
    winner = 0 if tricks_won[0] >= 3 else 1
    if winner == dealer and not proposed:
        return winner, 2
    if winner != dealer and refused:
        return winner, 2
    return winner, 2 if tricks_won[winner] == 5 else 1
''',
    mistakes={
        "the vole adds to a penalty": '''\
def score(tricks_won: list[int], dealer: int, proposed: bool, refused: bool) -> tuple[int, int]:
    """(seat, points) for the tricks: the point 1, the vole 2, or 2 for beating a player who stood or refused."""
    winner = 0 if tricks_won[0] >= 3 else 1
    points = 2 if tricks_won[winner] == 5 else 1
    if (winner == dealer and not proposed) or (winner != dealer and refused):
        points += 1
    return winner, points
''',
        "standing wins 2 for the non-dealer too": '''\
def score(tricks_won: list[int], dealer: int, proposed: bool, refused: bool) -> tuple[int, int]:
    """(seat, points) for the tricks: the point 1, the vole 2, or 2 for beating a player who stood or refused."""
    winner = 0 if tricks_won[0] >= 3 else 1
    if not proposed or (winner != dealer and refused):
        return winner, 2
    return winner, 2 if tricks_won[winner] == 5 else 1
''',
    },
    setup=SETUP,
)


MOST_PROPOSALS = 21  # each accepted proposal serves at least one card from the stock of 21: the 21st is the last


def refusal_oracle(refused_proposal: int | None, refusal_penalty: str) -> bool:
    """Play the proposals through the engine: accept all but the refused one, then ask the state."""
    state = ecarte.new_deal({"refusal_penalty": refusal_penalty}, dealer=0, seed=7)
    for number in range(1, (refused_proposal or 1) + 1):
        state.apply(PROPOSE)
        if number == refused_proposal:
            state.apply(REFUSE)
            break
        state.apply(ACCEPT)
        state.apply(Discard(state.hands[state.non_dealer][:1]))
        state.apply(Discard())
    return state.refusal_risks_penalty


q2 = Exercise(
    CHAPTER,
    2,
    "which refusal risks the penalty?",
    "refusal_risks_penalty",
    ("refused_proposal", "refusal_penalty"),
    "def refusal_risks_penalty(refused_proposal: int | None, refusal_penalty: str) -> bool:",
    "Whether the dealer's refusal puts him at risk of the 2-point penalty.",
    statement="""The non-dealer may propose again and again; the dealer accepts until, perhaps, he refuses one.
`refused_proposal` is the number of the proposal he refused (1 for the first, 2 for the second …, up to the
21st: each proposal accepted serves at least one card from the stock of 21) or `None` if he refused none. By
default (`refusal_penalty = "first"`) only refusing **the first** proposal risks the 2-point penalty; with the
variant `refusal_penalty = "any"`, refusing **any** proposal does. Write
`refusal_risks_penalty(refused_proposal, refusal_penalty)`.""",
    oracle=refusal_oracle,
    expects=expect_bool,
    fixed=[(n, rule) for rule in ("first", "any") for n in (None, *range(1, MOST_PROPOSALS + 1))],
    explain=lambda n, rule: (
        "No proposal was refused."
        if n is None
        else f"Proposal {n} was refused, and refusal_penalty = {rule!r} "
        + ("puts any refusal at risk." if rule == "any" else "puts only the first at risk.")
    ),
    hints=[
        "If nothing was refused (None), there is no risk at all.",
        "return refused_proposal is not None and (refused_proposal == 1 or refusal_penalty == 'any')",
    ],
    solution_source='''def refusal_risks_penalty(refused_proposal: int | None, refusal_penalty: str) -> bool:
    """Whether the dealer's refusal puts him at risk of the 2-point penalty."""
    return refused_proposal is not None and (refused_proposal == 1 or refusal_penalty == "any")
''',
    mistakes={
        "only the first, whatever the option": '''\
def refusal_risks_penalty(refused_proposal: int | None, refusal_penalty: str) -> bool:
    """Whether the dealer's refusal puts him at risk of the 2-point penalty."""
    return refused_proposal == 1
''',
        "any refusal, whatever the option": '''\
def refusal_risks_penalty(refused_proposal: int | None, refusal_penalty: str) -> bool:
    """Whether the dealer's refusal puts him at risk of the 2-point penalty."""
    return refused_proposal is not None
''',
    },
    setup=SETUP,
)


def deal_points_oracle(
    dealer: int, king_seat: int | None, tricks_won: list[int], proposed: bool, refused: bool
) -> list[int]:
    """The King point (turned up or announced) plus the engine's score for the tricks."""
    points = [0, 0]
    if king_seat is not None:
        points[king_seat] += 1
    result = ecarte.score_deal(tricks_won, dealer, proposed, refused)
    points[result.seat] += result.points
    return points


q3 = Exercise(
    CHAPTER,
    3,
    "all the points of a deal",
    "deal_points",
    ("dealer", "king_seat", "tricks_won", "proposed", "refused"),
    "def deal_points(dealer: int, king_seat: int | None, tricks_won: list[int], proposed: bool, "
    "refused: bool) -> list[int]:",
    "The points [seat 0, seat 1] of a whole deal: the King of trumps, then the tricks.",
    statement="""A deal's points are the **King of trumps** point — 1 to the seat `king_seat` that turned it up
(as dealer) or announced it, or nobody if `None` — plus the points for the **tricks** (exercise 7.1).
So a player can score at most 3 in a deal. Write `deal_points(dealer, king_seat, tricks_won, proposed,
refused)` returning `[points of seat 0, points of seat 1]`. (You may call your `score` from 7.1.)""",
    oracle=deal_points_oracle,
    expects=expect_ints(2),
    fixed=[
        (0, 0, [0, 5], True, True),
        (1, None, [3, 2], True, False),
        (0, 1, [3, 2], False, False),
        *(
            (dealer, king, won, proposed, refused)
            for won, dealer, proposed, refused in EVERY_SCORING
            for king in (None, 0, 1)
        ),
    ],
    same=lambda right, got: list(got) == right,
    explain=lambda dealer, king_seat, tricks_won, proposed, refused: (
        ("Nobody scored the King. " if king_seat is None else f"Seat {king_seat} scored 1 for the King. ")
        + score_explained(tricks_won, dealer, proposed, refused)
    ),
    hints=[
        "Start from [0, 0]; add 1 for the King if king_seat is not None; then add the trick points to the winner.",
        "winner, points = score(tricks_won, dealer, proposed, refused) — with your function from 7.1 copied in.",
    ],
    solution_source='''def deal_points(dealer: int, king_seat: int | None, tricks_won: list[int], proposed: bool,
                refused: bool) -> list[int]:
    """The points [seat 0, seat 1] of a whole deal: the King of trumps, then the tricks."""
    points = [0, 0]
    if king_seat is not None:
        points[king_seat] += 1
    winner = 0 if tricks_won[0] >= 3 else 1
    if (winner == dealer and not proposed) or (winner != dealer and refused) or tricks_won[winner] == 5:
        points[winner] += 2
    else:
        points[winner] += 1
    return points
''',
    mistakes={
        "forgets the King": '''\
def deal_points(dealer: int, king_seat: int | None, tricks_won: list[int], proposed: bool,
                refused: bool) -> list[int]:
    """The points [seat 0, seat 1] of a whole deal: the King of trumps, then the tricks."""
    points = [0, 0]
    winner = 0 if tricks_won[0] >= 3 else 1
    if (winner == dealer and not proposed) or (winner != dealer and refused) or tricks_won[winner] == 5:
        points[winner] += 2
    else:
        points[winner] += 1
    return points
''',
        "the King always to the dealer": '''\
def deal_points(dealer: int, king_seat: int | None, tricks_won: list[int], proposed: bool,
                refused: bool) -> list[int]:
    """The points [seat 0, seat 1] of a whole deal: the King of trumps, then the tricks."""
    points = [0, 0]
    if king_seat is not None:
        points[dealer] += 1
    winner = 0 if tricks_won[0] >= 3 else 1
    if (winner == dealer and not proposed) or (winner != dealer and refused) or tricks_won[winner] == 5:
        points[winner] += 2
    else:
        points[winner] += 1
    return points
''',
    },
    setup=SETUP,
)

# -- a bot that follows, heads and trumps ---------------------------------------------

BOT_SEAT = 0
BOT_DEALS = 300


BOT_FILLERS, LEADER_FILLERS = hand("7♥ 8♥ 7♣"), hand("J♥ Q♥ 8♣ 9♣")  # no spade, no trump (diamonds)


def heading_deals() -> Iterator[EcarteState]:
    """Deals whose first trick asks the bot to head a spade holding two other spades, for every three spades.

    Random deals seldom put the two cards that matter in the bot's hand: a bot whose own order of the ranks
    has the Ten above the Ace must play an illegal card in one of these (10♠ led, A♠ and a lower spade held).
    """
    for led, pair in every_heading_duty():
        deck = ecarte.stack_deck([[*pair, *BOT_FILLERS], [led, *LEADER_FILLERS]], "7♦")
        state = ecarte.new_deal(dealer=BOT_SEAT, deck=deck)
        state.apply(led)  # the non-dealer plays without proposing: the bot answers the lead
        yield state


def every_heading_duty() -> Iterator[tuple[Card, tuple[Card, Card]]]:
    """Every spade led, against every two other spades."""
    spades = [c for c in ECARTE_PACK if c.suit == "♠"]
    for led in spades:
        yield from ((led, pair) for pair in itertools.combinations([c for c in spades if c != led], 2))


HEADING_DEALS = 8 * 21


def ecarte_deals() -> Iterator[EcarteState]:
    """The deals that test the duty to head hardest, then seeded deals with the dealer going round."""
    yield from heading_deals()
    for number in range(BOT_DEALS):
        yield ecarte.new_deal(seed=2000 + number, dealer=number % 2)


def bot_turn(state: EcarteState, rng: random.Random) -> bool:
    """The bot chooses every card of its seat; as non-dealer it sometimes proposes first."""
    if state.current_player != BOT_SEAT or not any(isinstance(a, Card) for a in state.legal_actions(BOT_SEAT)):
        return False
    return state.phase == ecarte.PLAY or PROPOSE not in state.legal_actions(BOT_SEAT) or rng.random() < 0.5


def other_move(state: EcarteState, rng: random.Random) -> Any:
    """Random moves for the rest: the opponent's cards and calls, and the bot's proposals, answers and discards."""
    seat = state.current_player
    actions = [a for a in state.legal_actions(seat) if not isinstance(a, Announce)]
    if seat == BOT_SEAT:
        actions = [a for a in actions if not isinstance(a, Card)]
    return rng.choice(actions)


def check_ecarte_bot(exercise: Exercise, fn: Any) -> Any:
    """Play the deals with the learner's bot in seat 0."""
    return check_bot(
        exercise,
        fn,
        ecarte_deals,
        question=lambda state, seat: (list(state.hands[seat]), list(state.trick), state.trump),
        bot_turn=bot_turn,
        other_move=other_move,
        rule=RULE,
    )


ORDER_SOURCE = 'ORDER = ["7", "8", "9", "10", "A", "J", "Q", "K"]  # low to high\n'

q4 = Exercise(
    CHAPTER,
    4,
    "an Écarté bot that keeps the rules",
    "ecarte_bot",
    ("cards", "trick", "trump"),
    "def ecarte_bot(cards: list[Card], trick: list[Card], trump: str) -> Card:",
    "The card to play: any strategy, but always a legal card.",
    statement=f"""Write an Écarté bot: given its hand `cards`, the trick so far `trick` (empty when it leads,
else the card led) and the trump suit `trump`, it returns the card to play. Play as you like — but
**never an illegal card**: when following it must head the trick if it can, else follow suit, else
trump, else play anything (chapter 5's rule). The check first asks your bot at positions built to reach every
case of that rule: each duty under each kind of trump (the led suit too), hands of one to five cards in any
order, holding the King of trumps or another King, a hand that must trump asked first with the same trick under
another trump. Then it plays {HEADING_DEALS + BOT_DEALS} deals through the engine,
your bot in seat 0 against a random player, proposals and exchanges included: first {HEADING_DEALS} deals
that open with a spade led to a hand holding two other spades, then {BOT_DEALS} shuffled ones. {time_rule()}""",
    expects=expect_card,
    runner=check_ecarte_bot,
    hints=[
        "Compute the list of allowed cards first — your legal_plays from exercise 5.4 — then choose from it.",
        "A simple strategy: lead your highest card; when following, play the lowest allowed card.",
    ],
    solution_source=ORDER_SOURCE
    + '''

def ecarte_bot(cards: list[Card], trick: list[Card], trump: str) -> Card:
    """The card to play: any strategy, but always a legal card."""
    if not trick:
        return max(cards, key=lambda c: ORDER.index(c.rank))
    led = trick[0]
    same_suit = [c for c in cards if c.suit == led.suit]
    higher = [c for c in same_suit if ORDER.index(c.rank) > ORDER.index(led.rank)]
    trumps = [c for c in cards if c.suit == trump]
    allowed = higher or same_suit or trumps or cards
    return min(allowed, key=lambda c: ORDER.index(c.rank))
''',
    mistakes={
        "never heads": ORDER_SOURCE
        + '''

def ecarte_bot(cards: list[Card], trick: list[Card], trump: str) -> Card:
    """The card to play: any strategy, but always a legal card."""
    if not trick:
        return max(cards, key=lambda c: ORDER.index(c.rank))
    same_suit = [c for c in cards if c.suit == trick[0].suit]
    trumps = [c for c in cards if c.suit == trump]
    return min(same_suit or trumps or cards, key=lambda c: ORDER.index(c.rank))
''',
        "plays its lowest card": ORDER_SOURCE
        + '''

def ecarte_bot(cards: list[Card], trick: list[Card], trump: str) -> Card:
    """The card to play: any strategy, but always a legal card."""
    return min(cards, key=lambda c: ORDER.index(c.rank))
''',
        "endless loop when void": ORDER_SOURCE
        + '''

def ecarte_bot(cards: list[Card], trick: list[Card], trump: str) -> Card:
    """The card to play: any strategy, but always a legal card."""
    i = 0
    while trick and cards[i].suit != trick[0].suit:
        i = (i + 1) % len(cards)
    return cards[i]
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4]


# -- the rule at built positions ------------------------------------------------
# Played deals seldom reach some of the duty's cases: a void hand holding the King of trumps, a lone card, the led
# suit the trump. Each duty (lead, head, follow, trump, any), under a trump other than the led suit and the led suit
# itself, with hands of one to five cards holding an honour where they can, each in three orders.

LEDS = {"♥": "9♠", "♠": "9♠", "♦": "J♣", "♣": "Q♣"}  # trump -> the card led (the trump itself for ♠ and ♣)
HONOURS = ("K", "Q", "J", "A")


def built_hand(rng: random.Random, duty: str, size: int, led: Card, trump: str, honour: Card) -> list[Card] | None:
    """A hand of this size that the duty binds, holding this honour (or any honour where it cannot), or None."""
    pack = [c for c in ECARTE_PACK if c not in (led, honour)]
    for holds in (True, False):
        for _ in range(300):
            cards = rng.sample(pack, size - 1) + [honour] if holds else rng.sample(pack, size)
            if (size == 1 or any(c.rank in HONOURS for c in cards)) and ecarte.play_duty(cards, [led], trump)[
                0
            ] == duty:
                rng.shuffle(cards)
                return cards
    return None


def rule_positions() -> list[tuple[list[Card], list[Card], str]]:
    """Every duty, trump and hand size that can be, holding the King of trumps or another suit's, each hand in
    three orders (as drawn, reversed, turned by one)."""
    rng = random.Random("cardlib exercise 7.4 positions")
    positions = []
    for trump, led_text in LEDS.items():
        led = hand(led_text)[0]
        kings = [Card("K", trump), Card("K", next(s for s in "♠♥♦♣" if s not in (trump, led.suit)))]
        for duty, size, king in itertools.product(DUTIES, range(1, ecarte.HAND_SIZE + 1), kings):
            cards = built_hand(rng, ecarte.ANY if duty == ecarte.LEAD else duty, size, led, trump, king)
            trick = [] if duty == ecarte.LEAD else [led]
            for order in (cards, cards[::-1], cards[1:] + cards[:1]) if cards else ():
                if duty == ecarte.TRUMP:  # the same hand and trick first under the led suit: void, any card will do
                    positions.append((list(order), list(trick), led.suit))
                positions.append((list(order), list(trick), trump))
    return positions


DUTIES = (ecarte.HEAD, ecarte.FOLLOW, ecarte.TRUMP, ecarte.ANY, ecarte.LEAD)
RULE = Rule(rule_positions, ecarte.legal_plays, ecarte.explain_duty)
