"""Exercises for chapter 6, Écarté's deal, proposals and the King: dealing, discards, serving, the King of trumps."""

from __future__ import annotations

import random
from typing import Any

from .. import ecarte
from ..cards import ECARTE_PACK, Card, show, shuffled
from ..tricks import ACCEPT, PROPOSE, Discard
from .checker import Exercise, describe, expect_card, expect_cards, expect_ints, same_cards_any_order, sorted_cards

CHAPTER = 6
SETUP = "from cardlib import ECARTE_PACK, Card, card, hand, show"


def deal_with_turned_up(turned_up: Card, dealer: int) -> ecarte.EcarteState:
    """A fresh deal whose turned-up card is this one."""
    others = [c for c in ECARTE_PACK if c != turned_up]
    deck = [*others[:10], turned_up, *others[10:]]
    return ecarte.new_deal(dealer=dealer, deck=deck)


# -- 6.1 dealing ---------------------------------------------------------------


def expect_deal(value: Any) -> str:
    """(hands, turned_up, stock)."""
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        return f"expected a tuple (hands, turned_up, stock), got {describe(value)}"
    hands, turned_up, stock = value
    if not isinstance(hands, (list, tuple)) or len(hands) != 2:
        return f"expected hands to be a list of 2 hands (seat 0, seat 1), got {describe(hands)}"
    for seat, cards in enumerate(hands):
        problem = expect_cards(cards)
        if problem:
            return f"hand {seat}: {problem}"
    problem = expect_card(turned_up) or expect_cards(stock)
    return problem


def show_ecarte_deal(value: tuple) -> str:
    hands, turned_up, stock = value
    return f"hand 0: {show(hands[0])}; hand 1: {show(hands[1])}; turned up: {turned_up}; stock: {show(stock)}"


def same_ecarte_deal(right: tuple, got: tuple) -> bool:
    return [list(h) for h in got[0]] == right[0] and got[1] == right[1] and list(got[2]) == right[2]


q1 = Exercise(
    CHAPTER,
    1,
    "deal an Écarté hand",
    "deal",
    ("deck", "dealer", "packets"),
    "def deal(deck: list[Card], dealer: int, packets: tuple[int, int]) -> tuple[list[list[Card]], Card, list[Card]]:",
    "Deal 5 each in two packets, the non-dealer first; turn up the next card; return (hands, turned_up, stock).",
    statement="""Two players, seats 0 and 1; the non-dealer is `1 - dealer`. The dealer gives 5 cards each
in two packets, **the non-dealer first**: with `packets = (3, 2)` the non-dealer gets deck cards 0-2,
the dealer 3-5, the non-dealer 6-7, the dealer 8-9; with `(2, 3)` the non-dealer 0-1, the dealer 2-3,
the non-dealer 4-6, the dealer 7-9. The next card is **turned up** (its suit is trumps; it goes to no
hand), and the rest is the stock. Write `deal(deck, dealer, packets)` returning
`(hands, turned_up, stock)` with `hands[seat]` in the order received.""",
    oracle=lambda deck, dealer, packets: ecarte.deal_hands(deck, dealer, packets),
    expects=expect_deal,
    fixed=[(list(ECARTE_PACK), 0, (3, 2)), (list(ECARTE_PACK), 1, (2, 3))],
    random_case=lambda rng: (shuffled(ECARTE_PACK, rng), rng.randrange(2), rng.choice([(3, 2), (2, 3)])),
    n_random=100,
    same=same_ecarte_deal,
    show=show_ecarte_deal,
    explain=lambda deck, dealer, packets: (
        f"The non-dealer is seat {1 - dealer}: the packets go non-dealer, dealer, "
        f"non-dealer, dealer, of sizes {packets[0]}, {packets[0]}, {packets[1]}, "
        f"{packets[1]}; then one card is turned up."
    ),
    hints=[
        "Keep a position in the deck. For each packet size, first the non-dealer then the dealer takes that "
        "many cards.",
        "for size in packets: for seat in (1 - dealer, dealer): hands[seat] += deck[position:position + size]; "
        "position += size. Then turned_up = deck[position] and stock = deck[position + 1:].",
    ],
    solution_source='''\
def deal(deck: list[Card], dealer: int, packets: tuple[int, int]) -> tuple[list[list[Card]], Card, list[Card]]:
    """Deal 5 each in two packets, the non-dealer first; turn up the next card; return (hands, turned_up, stock)."""
    hands = [[], []]
    position = 0
    for size in packets:
        for seat in (1 - dealer, dealer):
            hands[seat] += deck[position:position + size]
            position += size
    return hands, deck[position], deck[position + 1:]
''',
    mistakes={
        "the dealer first": '''\
def deal(deck: list[Card], dealer: int, packets: tuple[int, int]) -> tuple[list[list[Card]], Card, list[Card]]:
    """Deal 5 each in two packets, the non-dealer first; turn up the next card; return (hands, turned_up, stock)."""
    hands = [[], []]
    position = 0
    for size in packets:
        for seat in (dealer, 1 - dealer):
            hands[seat] += deck[position:position + size]
            position += size
    return hands, deck[position], deck[position + 1:]
''',
        "always 3 then 2": '''\
def deal(deck: list[Card], dealer: int, packets: tuple[int, int]) -> tuple[list[list[Card]], Card, list[Card]]:
    """Deal 5 each in two packets, the non-dealer first; turn up the next card; return (hands, turned_up, stock)."""
    hands = [[], []]
    position = 0
    for size in (3, 2):
        for seat in (1 - dealer, dealer):
            hands[seat] += deck[position:position + size]
            position += size
    return hands, deck[position], deck[position + 1:]
''',
    },
    setup=SETUP,
)

# -- 6.2 how many cards may be discarded ----------------------------------------


def expect_sizes(value: Any) -> str:
    if isinstance(value, range):
        return ""
    if isinstance(value, (list, tuple)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ""
    return f"expected a list of ints (the allowed numbers of cards), got {describe(value)}"


q2 = Exercise(
    CHAPTER,
    2,
    "how many cards may be discarded",
    "discard_sizes",
    ("is_dealer", "stock_size"),
    "def discard_sizes(is_dealer: bool, stock_size: int) -> list[int]:",
    "The numbers of cards a player may discard after an accepted proposal, smallest first.",
    statement="""After the dealer accepts a proposal, the **non-dealer discards 1 to 5** cards and is served as
many from the stock; then the **dealer discards 0 to 5**. Nobody may discard more cards than the stock
still holds. Write `discard_sizes(is_dealer, stock_size)`: the list of allowed numbers, smallest first —
for the non-dealer with a full stock of 21, `[1, 2, 3, 4, 5]`.""",
    oracle=lambda is_dealer, stock_size: list(ecarte.discard_sizes(is_dealer, stock_size)),
    expects=expect_sizes,
    fixed=[(is_dealer, size) for is_dealer in (False, True) for size in (21, 3, 1, 0, *range(2, 21))],
    same=lambda right, got: list(got) == right,
    explain=lambda is_dealer, stock_size: (
        f"The {'dealer' if is_dealer else 'non-dealer'} may discard "
        f"{'0' if is_dealer else '1'} to 5 cards, but no more than the "
        f"{stock_size} in the stock."
    ),
    hints=[
        "The largest number is the smaller of 5 and the stock size; the smallest is 0 for the dealer, 1 for "
        "the non-dealer.",
        "most = min(5, stock_size); return list(range(0 if is_dealer else 1, most + 1)).",
    ],
    solution_source='''def discard_sizes(is_dealer: bool, stock_size: int) -> list[int]:
    """The numbers of cards a player may discard after an accepted proposal, smallest first."""
    most = min(5, stock_size)
    return list(range(0 if is_dealer else 1, most + 1))
''',
    mistakes={
        "forgets the stock": '''def discard_sizes(is_dealer: bool, stock_size: int) -> list[int]:
    """The numbers of cards a player may discard after an accepted proposal, smallest first."""
    return list(range(0 if is_dealer else 1, 6))
''',
        "the dealer must discard one too": '''def discard_sizes(is_dealer: bool, stock_size: int) -> list[int]:
    """The numbers of cards a player may discard after an accepted proposal, smallest first."""
    return list(range(1, min(5, stock_size) + 1))
''',
    },
    setup=SETUP,
)

# -- 6.3 the King of trumps -----------------------------------------------------

q3 = Exercise(
    CHAPTER,
    3,
    "the King of trumps",
    "king_of_trumps",
    ("turned_up",),
    "def king_of_trumps(turned_up: Card) -> Card:",
    "The King of the suit of the turned-up card.",
    statement="""The card turned up after the deal names the trump suit, and the **King of that suit** is the
*King of trumps*: its holder may announce it for a point. Write `king_of_trumps(turned_up)`. (If the
turned-up card is itself a King, it is the King of trumps.)""",
    oracle=lambda turned_up: deal_with_turned_up(turned_up, 0).king_of_trumps,
    expects=expect_card,
    fixed=[(c,) for c in ECARTE_PACK],
    explain=lambda turned_up: f"{turned_up} makes {turned_up.suit} trumps, so the King of trumps is K{turned_up.suit}.",
    hints=["Only the suit of the turned-up card matters: turned_up.suit.", "return Card('K', turned_up.suit)"],
    solution_source='''def king_of_trumps(turned_up: Card) -> Card:
    """The King of the suit of the turned-up card."""
    return Card("K", turned_up.suit)
''',
    mistakes={
        "the turned-up card itself": '''def king_of_trumps(turned_up: Card) -> Card:
    """The King of the suit of the turned-up card."""
    return turned_up
''',
        "the text of the card": '''def king_of_trumps(turned_up: Card) -> Card:
    """The King of the suit of the turned-up card."""
    return "K" + turned_up.suit
''',
    },
    setup=SETUP,
)

q4 = Exercise(
    CHAPTER,
    4,
    "a King turned up",
    "turn_up_points",
    ("turned_up", "dealer"),
    "def turn_up_points(turned_up: Card, dealer: int) -> list[int]:",
    "The points [seat 0, seat 1] scored the moment the card is turned up.",
    statement="""If the card turned up is a **King**, the **dealer** scores 1 point at once. Write
`turn_up_points(turned_up, dealer)` returning the points of seats 0 and 1 right after the deal:
`[0, 0]`, `[1, 0]` or `[0, 1]`.""",
    oracle=lambda turned_up, dealer: deal_with_turned_up(turned_up, dealer).points,
    expects=expect_ints(2),
    fixed=[(c, dealer) for dealer in (1, 0) for c in ECARTE_PACK],
    same=lambda right, got: list(got) == right,
    explain=lambda turned_up, dealer: (
        f"{turned_up} is a King: the dealer, seat {dealer}, scores 1 point at once."
        if turned_up.rank == "K"
        else f"{turned_up} is not a King: nobody scores yet."
    ),
    hints=[
        "Two facts: is the card a King (turned_up.rank == 'K')? Who is the dealer?",
        "points = [0, 0]; if turned_up.rank == 'K': points[dealer] = 1; return points.",
    ],
    solution_source='''def turn_up_points(turned_up: Card, dealer: int) -> list[int]:
    """The points [seat 0, seat 1] scored the moment the card is turned up."""
    points = [0, 0]
    if turned_up.rank == "K":
        points[dealer] = 1
    return points
''',
    mistakes={
        "the point to the non-dealer": '''def turn_up_points(turned_up: Card, dealer: int) -> list[int]:
    """The points [seat 0, seat 1] scored the moment the card is turned up."""
    points = [0, 0]
    if turned_up.rank == "K":
        points[1 - dealer] = 1
    return points
''',
        "an Ace scores too": '''def turn_up_points(turned_up: Card, dealer: int) -> list[int]:
    """The points [seat 0, seat 1] scored the moment the card is turned up."""
    points = [0, 0]
    if turned_up.rank in ("K", "A"):
        points[dealer] = 1
    return points
''',
    },
    setup=SETUP,
)

# -- 6.5 serving after a discard --------------------------------------------------


def serve(cards: list[Card], discards: list[Card], stock: list[Card]) -> tuple[list[Card], list[Card]]:
    """The engine serves a discard: play a proposal through an ``EcarteState`` and read the result. Cards discarded
    are the non-dealer's; no card discarded is the dealer's (only he may discard none), after the non-dealer has
    discarded one card and been served the card on top of the stock."""
    others = [c for c in ECARTE_PACK if c not in cards and c not in stock]  # the other hand, turn-up (and top card)
    if discards:
        deck = ecarte.stack_deck([others[:5], cards], others[5], stock)
    else:
        deck = ecarte.stack_deck([cards, others[:5]], others[5], [others[6], *stock])
    state = ecarte.new_deal(dealer=0, deck=deck)
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    state.apply(Discard(discards or others[:1]))
    if not discards:
        state.apply(Discard())
    return state.hands[1 if discards else 0], state.stock[: len(stock) - len(discards)]


def serve_case(rng: random.Random) -> tuple[list[Card], list[Card], list[Card]]:
    """A hand, the cards it discards, and what is left of the stock: the non-dealer's 1 to 5 cards from a stock of 1
    to 21, or, one time in five, the dealer's empty discard from a stock of 0 to 20."""
    cards = rng.sample(ECARTE_PACK, 5)
    rest = [c for c in ECARTE_PACK if c not in cards]
    if rng.random() < 0.2:
        return cards, [], rng.sample(rest, rng.randrange(0, 21))
    stock = rng.sample(rest, rng.randrange(1, 22))
    discards = rng.sample(cards, rng.randrange(1, min(5, len(stock)) + 1))
    return cards, discards, stock


EMPTY_DISCARDS: list[tuple[list[Card], list[Card], list[Card]]] = [
    (list(ECARTE_PACK[:5]), [], list(ECARTE_PACK[5 : 5 + size])) for size in (0, 1, 20)
]  # the dealer discards nothing: nothing changes
SAME_HAND_AND_STOCK: list[tuple[list[Card], list[Card], list[Card]]] = [
    (list(ECARTE_PACK[:5]), [ECARTE_PACK[i] for i in kept], list(ECARTE_PACK[5:15]))
    for kept in ((0,), (4,), (1, 3), (0, 2, 4), (0, 1, 2, 3, 4))
]  # one hand and one stock, other discards: an answer must follow the discards too (a memo keyed on the rest)


def expect_hand_and_stock(value: Any) -> str:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return f"expected a pair (new_hand, new_stock), got {describe(value)}"
    problem = expect_cards(value[0])
    if problem:
        return f"the new hand: {problem}"
    problem = expect_cards(value[1])
    return f"the new stock: {problem}" if problem else ""


q5 = Exercise(
    CHAPTER,
    5,
    "discard and be served",
    "exchange",
    ("cards", "discards", "stock"),
    "def exchange(cards: list[Card], discards: list[Card], stock: list[Card]) -> tuple[list[Card], list[Card]]:",
    "Throw the discards away and take as many cards from the top of the stock: (new hand, new stock).",
    statement="""After a proposal is accepted, a player throws away the cards `discards` (some of his hand
`cards`) and is **served as many cards from the top of the stock** (`stock[0]` is the top). Discards
are dead: they go to neither hand nor stock. The dealer may discard nothing at all (`discards` empty): then
nothing changes. Write `exchange(cards, discards, stock)` returning `(new_hand, new_stock)`; the new hand may
be in any order, the stock keeps its order.""",
    oracle=serve,
    expects=expect_hand_and_stock,
    fixed=EMPTY_DISCARDS + SAME_HAND_AND_STOCK,
    random_case=serve_case,
    n_random=200,
    same=lambda right, got: same_cards_any_order(right[0], got[0]) and list(got[1]) == right[1],
    show=lambda value: f"hand {show(sorted_cards(value[0]))}; stock {show(value[1])}",
    explain=lambda cards, discards, stock: (
        f"{len(discards)} discarded, so the top {len(discards)} of the stock "
        f"({show(stock[: len(discards)])}) join the hand."
    ),
    hints=[
        "Count the discards: that many cards come off the top of the stock, stock[:n].",
        "kept = [c for c in cards if c not in discards]; n = len(discards); return kept + stock[:n], stock[n:].",
    ],
    solution_source='''\
def exchange(cards: list[Card], discards: list[Card], stock: list[Card]) -> tuple[list[Card], list[Card]]:
    """Throw the discards away and take as many cards from the top of the stock: (new hand, new stock)."""
    kept = [c for c in cards if c not in discards]
    n = len(discards)
    return kept + stock[:n], stock[n:]
''',
    mistakes={
        "draws from the bottom": '''\
def exchange(cards: list[Card], discards: list[Card], stock: list[Card]) -> tuple[list[Card], list[Card]]:
    """Throw the discards away and take as many cards from the top of the stock: (new hand, new stock)."""
    kept = [c for c in cards if c not in discards]
    n = len(discards)
    return kept + stock[len(stock) - n:], stock[:len(stock) - n]
''',
        "discards go under the stock": '''\
def exchange(cards: list[Card], discards: list[Card], stock: list[Card]) -> tuple[list[Card], list[Card]]:
    """Throw the discards away and take as many cards from the top of the stock: (new hand, new stock)."""
    kept = [c for c in cards if c not in discards]
    n = len(discards)
    return kept + stock[:n], stock[n:] + discards
''',
    },
    setup=SETUP,
)

EXERCISES = [q1, q2, q3, q4, q5]
