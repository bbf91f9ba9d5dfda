"""Exercises for chapter 4, an Alkort deal: dealing, the opening run, scoring, when it ends, a first bot."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

from .. import alkort
from ..alkort import AlkortState
from ..cards import ALKORT_PACK, Card, hand, show, shuffled
from .bots import Rule, check_bot, time_rule
from .checker import (
    Exercise,
    describe,
    expect_bool,
    expect_card,
    expect_cards,
    expect_int,
    expect_optional,
    expect_str,
    expect_tuple,
)

CHAPTER = 4
SETUP = "from cardlib import ALKORT_PACK, Card, card, hand, show\nfrom cardlib.alkort import is_ranked, strength"


def expect_hands_and_stock(value: Any) -> str:
    """(four hands, the stock): a list of 4 lists of Cards, and a list of Cards."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return f"expected a pair (hands, stock), got {describe(value)}"
    hands, stock = value
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        return f"expected hands to be a list of 4 hands, got {describe(hands)}"
    for seat, cards in enumerate(hands):
        problem = expect_cards(cards)
        if problem:
            return f"hand {seat}: {problem}"
    problem = expect_cards(stock)
    return f"the stock: {problem}" if problem else ""


def same_deal(right: tuple, got: tuple) -> bool:
    """The same hands, each in the order received, and the same stock."""
    return [list(h) for h in got[0]] == right[0] and list(got[1]) == right[1]


def show_deal(value: tuple) -> str:
    """A deal as text: each hand, then the stock."""
    hands, stock = value
    return "; ".join(f"hand {seat}: {show(h)}" for seat, h in enumerate(hands)) + f"; stock: {show(stock)}"


def deal_difference(case: tuple, right: tuple, got: tuple) -> str:
    """The first hand that differs, or the stock."""
    for seat in range(4):
        if list(got[0][seat]) != right[0][seat]:
            return f"Hand {seat} differs: the engine gives it {show(right[0][seat])}, yours {show(got[0][seat])}."
    return f"The stock differs: the engine's is {show(right[1])}."


def legal_sequences() -> list[tuple[list[int]]]:
    """Every sequence of trick winners a deal can show (none of its beginnings already decided): 518 of them.

    A deal stops once it is decided, so a sequence that goes on after that is no position of the game.
    """
    every = [list(sides) for length in range(1, 10) for sides in itertools.product((0, 1), repeat=length)]
    return [(sides,) for sides in every if not any(alkort.deal_is_decided(sides[:n]) for n in range(1, len(sides)))]


LEGAL_SEQUENCES = legal_sequences()
PLAYED_OUT = [(list(sides),) for sides in itertools.product((0, 1), repeat=9)]  # every deal with play_out
assert len(LEGAL_SEQUENCES) == 518 and ([0, 0, 0, 0, 0, 1],) in LEGAL_SEQUENCES


def capitalised(sentence: str) -> str:
    """The sentence with a capital first letter."""
    return sentence[:1].upper() + sentence[1:]


def run_explained(sides: list[int]) -> str:
    """Who won trick 1, and for how many tricks in a row."""
    run = alkort.opening_run(sides)
    who = "team A" if sides[0] == 0 else "team B"
    return f"Trick 1 went to {who} (side {sides[0]}), which won the first {run} in a row."


q1 = Exercise(
    CHAPTER,
    1,
    "deal the cards",
    "deal",
    ("deck", "dealer"),
    "def deal(deck: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:",
    "Deal 9 cards each in three rounds of 3, clockwise from forehand; return (hands, stock).",
    statement="""Four players sit clockwise as seats 0 to 3. The dealer gives **9 cards to each player in
three rounds of 3**, clockwise, starting with **forehand**, the player to the dealer's left:
`(dealer + 1) % 4`. From a deck (a list, top card first) forehand gets cards 0-2, the next player
3-5, and so on; then the second round, then the third. The 8 cards left are the **stock**, in deck
order. Write `deal(deck, dealer)` returning `(hands, stock)`, where `hands[seat]` is that seat's
cards in the order received.""",
    oracle=lambda deck, dealer: alkort.deal_hands(deck, dealer, 4),
    expects=expect_hands_and_stock,
    fixed=[(list(ALKORT_PACK), 3), (list(ALKORT_PACK), 0)],
    random_case=lambda rng: (shuffled(ALKORT_PACK, rng), rng.randrange(4)),
    n_random=100,
    same=same_deal,
    show=show_deal,
    diff=deal_difference,
    explain=lambda deck, dealer: (
        f"With dealer {dealer}, forehand is seat {(dealer + 1) % 4}: it gets deck[0:3], "
        f"seat {(dealer + 2) % 4} deck[3:6], … then the second and third rounds."
    ),
    hints=[
        "Keep a position in the deck. Three rounds; in each round, four players; each takes the next 3 cards.",
        "for round in range(3): for i in range(4): seat = (dealer + 1 + i) % 4; "
        "hands[seat] += deck[position:position + 3]; position += 3. The stock is deck[position:].",
    ],
    solution_source='''def deal(deck: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal 9 cards each in three rounds of 3, clockwise from forehand; return (hands, stock)."""
    hands = [[], [], [], []]
    position = 0
    for _round in range(3):
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            hands[seat] += deck[position:position + 3]
            position += 3
    return hands, deck[position:]
''',
    mistakes={
        "starts with the dealer": '''\
def deal(deck: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal 9 cards each in three rounds of 3, clockwise from forehand; return (hands, stock)."""
    hands = [[], [], [], []]
    position = 0
    for _round in range(3):
        for i in range(4):
            seat = (dealer + i) % 4
            hands[seat] += deck[position:position + 3]
            position += 3
    return hands, deck[position:]
''',
        "one card at a time": '''def deal(deck: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal 9 cards each in three rounds of 3, clockwise from forehand; return (hands, stock)."""
    hands = [[], [], [], []]
    for i in range(36):
        hands[(dealer + 1 + i) % 4].append(deck[i])
    return hands, deck[36:]
''',
    },
    setup=SETUP,
)

q2 = Exercise(
    CHAPTER,
    2,
    "the opening run",
    "opening_run",
    ("trick_sides",),
    "def opening_run(trick_sides: list[int]) -> int:",
    "How many tricks in a row the side that won trick 1 won from the start.",
    statement="""Scoring depends on the **opening run**: how many tricks in a row, from trick 1, the side
that won trick 1 went on winning. `trick_sides` lists the side (0 for team A, 1 for team B) that won
each trick so far, in order: for `[1, 1, 1, 0, 1]` the opening run is 3. Write `opening_run(trick_sides)`
(the list is never empty).""",
    oracle=alkort.opening_run,
    expects=expect_int,
    fixed=[([1, 1, 1, 0, 1],), ([0],), ([0, 0, 0, 0, 0, 0, 0, 0, 0],), ([0, 1, 0, 0, 0, 0],), *LEGAL_SEQUENCES],
    explain=run_explained,
    hints=[
        "Count from the start while the side is the same as trick_sides[0]; stop at the first change.",
        "run = 0; for side in trick_sides: if side != trick_sides[0]: break; run += 1.",
    ],
    solution_source='''def opening_run(trick_sides: list[int]) -> int:
    """How many tricks in a row the side that won trick 1 won from the start."""
    run = 0
    for side in trick_sides:
        if side != trick_sides[0]:
            break
        run += 1
    return run
''',
    mistakes={
        "counts all of that side's tricks": '''def opening_run(trick_sides: list[int]) -> int:
    """How many tricks in a row the side that won trick 1 won from the start."""
    return trick_sides.count(trick_sides[0])
''',
        "the longest run anywhere": '''def opening_run(trick_sides: list[int]) -> int:
    """How many tricks in a row the side that won trick 1 won from the start."""
    best = run = 0
    for i, side in enumerate(trick_sides):
        run = run + 1 if i > 0 and side == trick_sides[i - 1] else 1
        best = max(best, run)
    return best
''',
    },
    setup=SETUP,
)

SCORE_DEAL = '''def score_deal(trick_sides: list[int]) -> tuple[int, int, str] | None:
    """(side, points, kind) for the side with 5 tricks: múk 5, stroke 6-9, else 1; None if nobody has 5."""
    for side in (0, 1):
        if trick_sides.count(side) >= 5:
            run = 0
            for s in trick_sides:
                if s != side:
                    break
                run += 1
            if run == 5:
                return (side, 5, "múk")
            if run > 5:
                return (side, run, "stroke")
            return (side, 1, "point")
    return None
'''

q3 = Exercise(
    CHAPTER,
    3,
    "score a deal",
    "score_deal",
    ("trick_sides",),
    "def score_deal(trick_sides: list[int]) -> tuple[int, int, str] | None:",
    "(side, points, kind) for the side with 5 tricks: múk 5, stroke 6-9, else 1; None if nobody has 5.",
    statement="""The first side to win **5 of the 9 tricks** wins the deal and scores:

- **múk**, 5 points, if it won the first 5 tricks in a row (an opening run of exactly 5);
- **stroke**, 6 to 9 points, if its opening run from trick 1 is longer than 5: the points are the
  length of the run;
- otherwise **1 point**.

Only the run from trick 1 counts. A deal usually stops once it is decided; with the variant `play_out` all 9
tricks are played, and the check asks about such deals too: the score is the same. Write
`score_deal(trick_sides)` returning a tuple `(side, points, kind)` with kind `"múk"`, `"stroke"` or `"point"`
— or `None` if no side has 5 tricks.""",
    oracle=alkort.score_deal,
    expects=expect_optional(expect_tuple(expect_int, expect_int, expect_str, what="a tuple (side, points, kind)")),
    fixed=[
        ([0, 0, 0, 0, 0, 1],),
        ([1] * 7 + [0],),
        ([0, 1, 0, 0, 0, 0],),
        ([0, 1, 0],),
        ([1, 0, 0, 0, 0, 0],),
        ([0, 0, 0, 0, 0, 0, 0, 0, 0],),
        ([1, 0, 0, 0, 0, 0, 0, 0, 1],),
        *LEGAL_SEQUENCES,
        *PLAYED_OUT,
    ],
    same=lambda right, got: (
        (right is None and got is None) or (right is not None and got is not None and tuple(got) == tuple(right))
    ),
    show=lambda result: repr(None if result is None else tuple(result)),
    explain=lambda sides: capitalised(alkort.explain_score(alkort.score_deal(sides))),
    hints=[
        "First find the side that has 5 or more tricks (list.count). If none, return None.",
        "Then compute that side's opening run — 0 if it did not win trick 1. Run 5: múk; more: stroke with "
        "the run as points; less: 1 point.",
        "The múk/stroke test uses the opening run, not the number of tricks: [0, 1, 0, 0, 0, 0] is only 1 point.",
    ],
    solution_source=SCORE_DEAL,
    mistakes={
        "counts all tricks instead of the opening run": '''\
def score_deal(trick_sides: list[int]) -> tuple[int, int, str] | None:
    """(side, points, kind) for the side with 5 tricks: múk 5, stroke 6-9, else 1; None if nobody has 5."""
    for side in (0, 1):
        won = trick_sides.count(side)
        if won >= 5:
            if won == 5 and trick_sides[:5] == [side] * 5:
                return (side, 5, "múk")
            if won > 5:
                return (side, won, "stroke")
            return (side, 1, "point")
    return None
''',
        "any 5 tricks is a múk": '''def score_deal(trick_sides: list[int]) -> tuple[int, int, str] | None:
    """(side, points, kind) for the side with 5 tricks: múk 5, stroke 6-9, else 1; None if nobody has 5."""
    for side in (0, 1):
        won = trick_sides.count(side)
        if won == 5:
            return (side, 5, "múk")
        if won > 5:
            return (side, won, "stroke")
    return None
''',
    },
    setup=SETUP,
)

q4 = Exercise(
    CHAPTER,
    4,
    "is the deal decided?",
    "deal_is_decided",
    ("trick_sides",),
    "def deal_is_decided(trick_sides: list[int]) -> bool:",
    "Whether nothing can change any more: a side has 5 tricks and the other side at least one, or 9 are played.",
    statement="""A deal stops as soon as its result **can no longer change**: a side has won 5 tricks **and**
the other side has won at least one (while a side has won every trick so far, a múk may still grow into
a stroke), or all 9 tricks have been played. Write `deal_is_decided(trick_sides)`.""",
    oracle=alkort.deal_is_decided,
    expects=expect_bool,
    fixed=[
        ([0, 0, 0, 0, 0],),
        ([0, 0, 0, 0, 0, 1],),
        ([0, 1, 0, 0, 0, 0],),
        ([1] * 9,),
        ([0, 1, 0, 1],),
        *LEGAL_SEQUENCES,
    ],
    explain=lambda sides: alkort.explain_decided(sides),
    hints=[
        "Three facts matter: how many tricks have been played, how many each side has, and whether both "
        "sides have won at least one.",
        "return len(trick_sides) >= 9 or (max(a, b) >= 5 and min(a, b) >= 1), with a and b the counts of 0 and 1.",
    ],
    solution_source='''def deal_is_decided(trick_sides: list[int]) -> bool:
    """Whether nothing can change any more: a side has 5 tricks and the other side at least one, or 9 are played."""
    a, b = trick_sides.count(0), trick_sides.count(1)
    return len(trick_sides) >= 9 or (max(a, b) >= 5 and min(a, b) >= 1)
''',
    mistakes={
        "stops at 5 tricks": '''def deal_is_decided(trick_sides: list[int]) -> bool:
    """Whether nothing can change any more: a side has 5 tricks and the other side at least one, or 9 are played."""
    return trick_sides.count(0) >= 5 or trick_sides.count(1) >= 5
''',
        "always plays 9": '''def deal_is_decided(trick_sides: list[int]) -> bool:
    """Whether nothing can change any more: a side has 5 tricks and the other side at least one, or 9 are played."""
    return len(trick_sides) == 9
''',
    },
    setup=SETUP,
)

# -- a first bot ---------------------------------------------------------------

BOT_SEATS = (0, 2)
BOT_DEALS = 200
# A bot leads without a win only on the first trick, as forehand; and a seven can be its strongest card only in
# a hand of rubbish. Random deals give a forehand such a hand once in a thousand, so these seeds (found by
# trying seeds in turn) deal the bot in seat 0, forehand when seat 3 deals, nine rubbish cards, a seven first.
RUBBISH_FOREHAND_SEEDS = (2095, 2238, 6486, 11667)


# Under lead_rule = "rotate" each trick is led by the next player in turn, won or not. In this deal team B (seats 1
# and 3) holds every ranked card and wins every trick; seat 0, a bot's, leads trick 4 before any win with a Seven
# first in its hand, and trick 8 holding nothing but Sevens (a lead before a win that is not forehand's first).
ROTATE = alkort.AlkortOptions(lead_rule="rotate")
ROTATE_HANDS = (
    "7♠ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 7♥",
    "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ A♦",
    "Q♠ Q♥ Q♦ Q♣ K♠ K♥ K♣ 9♠ 9♣",
    "A♣ J♠ J♥ J♦ J♣ 6♠ 6♥ 6♦ 6♣",
)


def rotating_deal(tricks: int) -> AlkortState:
    """The deal above, its first tricks played (seat 0 keeping its Sevens): seat 0 to lead, without a win."""
    state = alkort.new_deal(ROTATE, dealer=0, deck=alkort.stack_deck(ROTATE_HANDS, dealer=0))
    plays = [iter(hand(cards)[1:] if seat == 0 else hand(cards)) for seat, cards in enumerate(ROTATE_HANDS)]
    for _ in range(4 * tricks):
        seat = state.current_player
        assert seat is not None  # the deal goes on: team A has won nothing
        state.apply(next(plays[seat]))
    return state


def alkort_deals() -> Iterator[AlkortState]:
    """The deals that test the seven rule hardest, then seeded deals with the dealer going round."""
    yield rotating_deal(3)
    yield rotating_deal(7)
    for seed in RUBBISH_FOREHAND_SEEDS:
        yield alkort.new_deal(seed=seed, dealer=3)
    for number in range(BOT_DEALS):
        yield alkort.new_deal(seed=1000 + number, dealer=number % 4)


assert [(d.current_player, d.has_won[0], show(d.hands[0])) for d in (rotating_deal(3), rotating_deal(7))] == [
    (0, False, "7♠ 3♣ 4♠ 4♥ 4♦ 7♥"),
    (0, False, "7♠ 7♥"),
]
assert all(
    not any(map(alkort.is_ranked, deal.hands[0])) and deal.hands[0][0].rank == "7"
    for deal in (alkort.new_deal(seed=seed, dealer=3) for seed in RUBBISH_FOREHAND_SEEDS)
)


def random_card(state: AlkortState, rng: random.Random) -> Card:
    """The other seats play a random legal card (no exchanges, to keep the deals simple)."""
    return rng.choice([a for a in state.legal_actions(state.current_player) if isinstance(a, Card)])


def check_alkort_bot(exercise: Exercise, fn: Any) -> Any:
    """Play the seeded deals with the learner's bot in seats 0 and 2."""
    return check_bot(
        exercise,
        fn,
        alkort_deals,
        question=lambda state, seat: (list(state.hands[seat]), list(state.trick), state.has_won[seat]),
        bot_turn=lambda state, rng: state.current_player in BOT_SEATS,
        other_move=random_card,
        rule=RULE,
    )


q5 = Exercise(
    CHAPTER,
    5,
    "a bot that never cheats",
    "alkort_bot",
    ("cards", "trick", "has_won"),
    "def alkort_bot(cards: list[Card], trick: list[Card], has_won: bool) -> Card:",
    "The card to play: any strategy, but always a legal card.",
    statement=f"""Write your first Alkort bot. It is given its hand `cards`, the cards of the trick so far
`trick` (empty when it leads) and `has_won` (whether it has won a trick in this deal), and returns the
card to play. Any strategy you like — the strongest card, the weakest, a random one — but it must
**never play an illegal card**: it must play a card from its hand, and it may not lead a 7 before it
has won a trick (unless its hand holds only sevens). The check first asks your bot at positions built to reach
every case of that rule (leads before and after a win, with sevens, sevens only or none, and cards played to a
trick), hands of one to nine cards in any order, the same hand asked where any card may be played and then where a
seven may not be led. Then it plays {BOT_DEALS + len(RUBBISH_FOREHAND_SEEDS) + 2}
deals through the engine with your bot in seats 0 and 2 against random players, and stops at the first
illegal card. Two of them are played with the variant `lead_rule = "rotate"` (each trick is led by the next
player in turn, not by the winner), where a player may have to lead before he has won a trick at any trick: they
begin part-way through, your bot in seat 0 to lead without a win, at trick 4, and at trick 8 holding nothing but
sevens. {time_rule()}""",
    expects=expect_card,
    runner=check_alkort_bot,
    hints=[
        "First make the list of cards you may play: the whole hand, except that when leading (trick == []) "
        "without a win you must leave out the sevens — unless nothing else is left.",
        "Then pick from that list, for example max(allowed, key=strength) to play the strongest card.",
    ],
    solution_source='''def alkort_bot(cards: list[Card], trick: list[Card], has_won: bool) -> Card:
    """The card to play: any strategy, but always a legal card."""
    allowed = cards
    if not trick and not has_won:
        allowed = [c for c in cards if c.rank != "7"] or cards
    return max(allowed, key=strength)
''',
    mistakes={
        "leads a seven before a win": '''\
def alkort_bot(cards: list[Card], trick: list[Card], has_won: bool) -> Card:
    """The card to play: any strategy, but always a legal card."""
    return cards[0]
''',
        "plays a card it does not hold": '''def alkort_bot(cards: list[Card], trick: list[Card], has_won: bool) -> Card:
    """The card to play: any strategy, but always a legal card."""
    if trick:
        return card("K♦")  # the best card there is... if only it were in the hand
    return [c for c in cards if c.rank != "7"][0] if not has_won and any(c.rank != "7" for c in cards) else cards[0]
''',
    },
    setup=SETUP,
)

# -- before play: the worthless-hand exchange and the partner reveal ------------------------

RUBBISH = [c for c in ALKORT_PACK if not alkort.is_ranked(c)]
LOW_EIGHTS = list(alkort.LOW_EIGHTS)


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
    """Which ranked cards the hand holds, and which of them is shown."""
    ranked = [c for c in cards if alkort.is_ranked(c)]
    if not ranked:
        return "Every card is rubbish, so there is nothing to show: None."
    b = best_card(cards)
    assert b is not None  # a hand with a ranked card has one to show
    equals = [c for c in ranked if alkort.strength(c) == alkort.strength(b)]
    tie = f"; {show(equals)} are equal, so the first of them in the hand" if len(equals) > 1 else ""
    return f"The ranked cards are {show(ranked)}; the highest is {alkort.tier_name(b)}{tie}."


NEVER_BLOCKS = hand("3♠ 3♥ 3♦ 3♣ 7♠ 7♥ 7♦ 2♠ 2♦")  # rubbish that beats no led low Eight, whatever the options


def among(cards: Sequence[Card], places: Sequence[int], fillers: Sequence[Card] = NEVER_BLOCKS) -> list[Card]:
    """A hand of 9: these cards at these places (in this order), the other places from the fillers."""
    rest = iter([f for f in fillers if f not in cards])
    return [cards[places.index(i)] if i in places else next(rest) for i in range(9)]


def each_card_alone() -> list[tuple[list[Card]]]:
    """Each of the 44 cards, at a different place each time, among cards that never block the exchange.

    A hand written out by hand with one blocker left out is wrong on one card only: every card is tried.
    """
    return [(among([c], [number % 9]),) for number, c in enumerate(ALKORT_PACK)]


def each_ranked_pair() -> list[tuple[list[Card]]]:
    """Every ordered pair of ranked cards in a hand of rubbish: each tier against each, and ties (first of equals)."""
    ranked = [c for c in ALKORT_PACK if alkort.is_ranked(c)]
    pairs = [(a, b) for a in ranked for b in ranked if a != b]
    places = list(itertools.combinations(range(9), 2))
    return [(among(pair, places[(7 * number) % len(places)]),) for number, pair in enumerate(pairs)]


# the card alone decides: the hand may make the exchange exactly when that card does not block it
assert all(
    alkort.may_exchange(cards) == alkort.may_exchange([c]) for c, (cards,) in zip(ALKORT_PACK, each_card_alone())
)


q6 = Exercise(
    CHAPTER,
    6,
    "may this hand make the exchange?",
    "may_exchange",
    ("cards",),
    "def may_exchange(cards: list[Card]) -> bool:",
    "Whether no card of the hand could beat a led low eight.",
    statement="""A player whose hand holds **no card that could beat a led low eight** — no K♦, 2♥, 4♣, 8♠,
9♥, 9♦, Ace, Jack or Six — may make the *worthless-hand exchange*: keep one card and take the stock.
Low eights do not forbid it (they only tie with a led low eight), nor do rubbish cards. Write
`may_exchange(cards)` for a hand of 9 cards, under the default rules. (The list is what the trick rule gives
with the defaults: exercise 8.6 asks the same question when options change the trick rule.)""",
    oracle=lambda cards: alkort.may_exchange(cards, alkort.DEFAULT_OPTIONS),
    expects=expect_bool,
    fixed=[
        (hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦"),),
        (hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 6♦ 2♦"),),
        (hand("8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣ Q♠ Q♥"),),
        (hand("K♦ 2♠ 3♠ 4♠ 7♠ 9♠ Q♠ K♠ 2♦"),),
        *each_card_alone(),
    ],
    random_case=nearly_worthless_hand,
    n_random=300,
    explain=lambda cards: alkort.explain_exchange(cards, alkort.DEFAULT_OPTIONS),
    hints=[
        "Only nine kinds of card forbid the exchange; a low eight is not one of them.",
        "BLOCKERS = set(hand('K♦ 2♥ 4♣ 8♠ 9♥ 9♦')); a card blocks if it is in BLOCKERS or its rank is "
        "'A', 'J' or '6'. The hand may exchange if no card blocks: not any(...).",
    ],
    solution_source='''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    return not any(c in BLOCKERS or c.rank in ("A", "J", "6") for c in cards)
''',
    mistakes={
        "low eights block too": '''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    return not any(c in BLOCKERS or c.rank in ("A", "J", "6") for c in cards)
''',
        "only looks at the first card": '''BLOCKERS = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦"))


def may_exchange(cards: list[Card]) -> bool:
    """Whether no card of the hand could beat a led low eight."""
    for c in cards:
        return not (c in BLOCKERS or c.rank in ("A", "J", "6"))
''',
    },
    setup=SETUP,
)

q7 = Exercise(
    CHAPTER,
    7,
    "the card shown to your partner",
    "best_card",
    ("cards",),
    "def best_card(cards: list[Card]) -> Card | None:",
    "A highest ranked card of the hand (the first of equals), or None if all is rubbish.",
    statement="""Before play each Alkort player shows his partner a highest card of his hand. Write
`best_card(cards)`: the strongest ranked card; when several are equally strong (two Aces, say) the
one that comes **first** in the hand; and `None` when every card is rubbish. The set-up cell imports a
strength function you may use (you wrote your own in exercise 2.2):

```python
from cardlib.alkort import strength   # 10 for K♦ … 1 for a low eight, 0 for rubbish
```""",
    oracle=best_card,
    expects=expect_optional(expect_card),
    fixed=[
        (hand("A♠ 3♦ A♥ 8♥ Q♣"),),
        (hand("Q♠ 3♦ 7♥"),),
        (hand("6♣ 9♦ 6♥"),),
        (hand("J♣ J♥"),),
        *each_card_alone(),
        *each_ranked_pair(),
    ],
    random_case=lambda rng: (rng.sample(ALKORT_PACK if rng.random() < 0.7 else RUBBISH + LOW_EIGHTS, 9),),
    n_random=300,
    explain=best_card_explained,
    hints=[
        "Keep the best card so far and replace it only when a card is *strictly* stronger: then the first "
        "of equals stays.",
        "Python's max(cards, key=strength) keeps the first of equals too. Then check that its strength is "
        "above 0, else return None.",
    ],
    solution_source='''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    best = max(cards, key=strength)
    return best if strength(best) > 0 else None
''',
    mistakes={
        "last of equals": '''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    best = None
    for c in cards:
        if strength(c) > 0 and (best is None or strength(c) >= strength(best)):
            best = c
    return best
''',
        "shows rubbish too": '''from cardlib.alkort import strength


def best_card(cards: list[Card]) -> Card | None:
    """A highest ranked card of the hand (the first of equals), or None if all is rubbish."""
    return max(cards, key=strength)
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4, q5, q6, q7]


# -- the rule at built positions ------------------------------------------------
# Played deals seldom give a bot a hand of sevens only, or a seven as its last card before a win. Each case of the
# rule — a lead before a win with sevens and other cards, with sevens only, with no seven; a lead after a win; a
# card to a trick of one to three cards — with hands of one to nine cards, each hand in four orders (as drawn,
# reversed, its sevens last, its sevens first).

SEVENS = hand("7♠ 7♥ 7♦ 7♣")
OTHERS = [c for c in ALKORT_PACK if c.rank != "7"]


def rule_hand(rng: random.Random, sevens: int, size: int) -> list[Card]:
    """A hand of this size holding this many sevens (the rest other cards, honours among them), shuffled."""
    cards = rng.sample(SEVENS, sevens) + rng.sample(OTHERS, size - sevens)
    rng.shuffle(cards)
    return cards


def rule_positions() -> list[tuple[list[Card], list[Card], bool]]:
    """Every case of the lead rule and of playing to a trick, hands of 1-9 cards, each in four orders. A lead
    before a win from sevens and others comes after the same hand in the same order asked where any card may be
    played (after a win, and to a trick): a bot that remembers its card by the hand alone plays a seven there."""
    rng = random.Random("cardlib exercise 4.5 positions")
    positions = []
    for size in range(1, alkort.HAND_SIZE + 1):
        cases = [
            (rule_hand(rng, min(size, 1 + size // 3), size), [], False),  # sevens and others (sevens only if one card)
            (rule_hand(rng, min(size, len(SEVENS)), min(size, len(SEVENS))), [], False),  # sevens only
            (rule_hand(rng, 0, size), [], False),
            (rule_hand(rng, min(size, 2), size), [], True),
            (rule_hand(rng, min(size, 1), size), rng.sample(OTHERS, 1 + size % 3), False),
        ]
        for cards, trick, has_won in cases:
            sevens_last = sorted(cards, key=lambda c: c.rank == "7")
            restricted = not trick and not has_won and 0 < sum(c.rank == "7" for c in cards) < len(cards)
            for order in (cards, cards[::-1], sevens_last, sevens_last[::-1]):
                if restricted:  # the same hand where any card may be played, first
                    positions += [(list(order), [], True), (list(order), rng.sample(OTHERS, 1), False)]
                positions.append((list(order), list(trick), has_won))
    return positions


def rule_why(cards: list[Card], trick: list[Card], has_won: bool) -> str:
    """The lead rule's words for one position."""
    if trick or has_won:
        return "Any card of the hand may be played here."
    if all(c.rank == "7" for c in cards):
        return "A hand of sevens only may lead one, even before a win."
    return "A 7 may not be led before its player has won a trick (unless the hand holds only sevens)."


RULE = Rule(rule_positions, lambda cards, trick, has_won: alkort.legal_plays(cards, trick, has_won), rule_why)
