"""How the Monte Carlo bot looks ahead in Écarté: its play-outs, the moves it compares, and its reading of the other.

The Monte Carlo bot (``cardlib.bots.montecarlo``) knows no game: it asks the registry for the game's ``Lookahead``,
and Écarté's is made here, from the book's advice (``book.py``) and the view of a seat (``view.py``):

- **play-outs** (``playout_policy``): each imagined player follows the book, reckoning only with the cards he could
  see, as the real rule-based bot does;
- **the moves worth comparing** (``candidates``): in an exchange, the book's discard and one card more or less;
  at the first call, proposing or standing; the book's move stands unless another is clearly better
  (``book_move``), and the first question, stand or propose, is asked on its own (``stand_or_propose``);
- **reading the other player** (``imagine``): the bot assumes he follows the book, so a player who stood probably
  holds a *jeu de règle*, a dealer who refused a strong hand, and one who threw three cards kept two trumps or
  Kings. Worlds are drawn exactly as that belief weighs them (``BookReading``: his possible dealt hands enumerated,
  weighted by the draws that agree with his play since); only if no past of his agrees does a world not assume it,
  and then the hint says so in words (``Imagination.note``).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import games
from ..bots.montecarlo import MonteCarloBot, explain_choice, share
from ..cards import ECARTE_PACK, PACK_ORDER, Card
from ..players import Decision
from ..tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Claim, Discard
from . import ANSWER, CHOOSE, HAND_SIZE, PLAY, EcarteState, book, discard_sizes, discarder, stock_left
from .advice import EcarteRuleBot, by_the_table, call_by_the_table
from .view import (
    EcarteView,
    HiddenDiscard,
    built_world,
    discard_count,
    ecarte_world,
    opponents_hand,
)

# ---------------------------------------------------------------------------
# Play-outs: the engine's state, moved by the book's advice


def playout_policy(state: EcarteState, legal: Sequence[Action]) -> Action:
    """The book's move for the player to move in an Écarté world, reckoning only with the cards he could see."""
    if state.king_to_claim:  # a free point for the dealer, claimed at once
        return Claim(state.turned_up)
    seat = state.seat_to_move()
    # in pack order, as the rule bot sees its hand: the book's ties then go the same way whatever the world's order
    hand, trump, phase = sorted(state.hands[seat], key=PACK_ORDER.__getitem__), state.trump, state.phase
    if phase is ANSWER:
        return REFUSE if book.jeu_de_regle(hand, trump, dealer=True) else ACCEPT
    if phase.is_discard:
        sizes = discard_sizes(seat == state.dealer, len(state.stock), state.options)
        return Discard(book.discard_advice(hand, trump, sizes)[0])
    if phase is CHOOSE and PROPOSE in legal and not book.jeu_de_regle(hand, trump):
        return PROPOSE
    for a in legal:
        if isinstance(a, Announce):  # a free point, for whoever holds the King, the moment he may
            return a
    cards = sorted((a for a in legal if isinstance(a, Card)), key=PACK_ORDER.__getitem__)
    if len(cards) == 1:
        return cards[0]
    outside = unseen_by(state, hand) if not state.trick else ()
    return book.play_advice(hand, state.trick, trump, cards, outside)[0]


def unseen_by(state: EcarteState, hand: Sequence[Card]) -> list[Card]:
    """The cards a player of this world cannot see (as the real bots reckon: not his, not played, not turned up)."""
    seen = {*hand, state.turned_up, *state.trick, *(c for t in state.tricks for c in t.cards)}
    return [c for c in state.deck if c not in seen]


# ---------------------------------------------------------------------------
# Reading the other player: worlds where he played by the book
#
# The belief: the deal was shuffled fairly and the other player follows the book in his calls (he proposes only
# without a *jeu de règle*, refuses only with one, as dealer) and his discards (he throws all but trumps and Kings,
# as far as the sizes allowed: ``book.discard_advice`` on his hand in pack order, as the rule bot sees it). Then
# every past of his that agrees with the view and the book is equally likely: the hand he was dealt, the cards he
# drew at each exchange. The worlds are drawn from exactly that distribution:
#
# - the hands he may have been dealt whose first calls and discard follow the book are listed once for each first
#   call, discard size and sizes allowed, over the whole pack with ♠ for trumps (``enumerate_dealt``: sets of cards as
#   bits, the book's calls asked once per shape of hand; 100 ms at most, once a process), then turned to the deal's
#   trumps and kept if he could have held them (``dealt_hands``, cached for the deal: a few milliseconds);
# - each is weighted by how many draws at his last exchange agree with what he has shown since (his played cards,
#   his voids, an announced King), and one is drawn by weight; the draw itself is then uniform among those
#   (``dealt_weights``; before he has played or shown a void, every hand weighs the same);
# - what no weight covers (his calls after an exchange, a second exchange) is checked on the drawn past, and a past
#   that fails is drawn again: after a second exchange, a past is kept with a chance in proportion to its last draws
#   (``most_ways``). Drawing again from an exact proposal keeps the worlds exact, but this last part is still by
#   rejection, and slow when he has played several cards after two exchanges (up to 1.5 s a decision, rare).
#
# Only if no past within ``TRIES`` (``DECISION_TRIES`` for all the worlds) agrees, or none agrees at all (he does not
# play by the book), is a world drawn without the belief, and the hint says so in words (``Imagination.note``): the
# belief is never dropped silently.

Calls = tuple[tuple[bool, bool], ...]  # a round's calls as conditions: (as dealer, stood), stood == jeu de règle


def calls_by_round(view: EcarteView) -> list[Calls]:
    """The other player's calls, by the hand he held when making them: ``[r]`` for his hand before his discard
    number r, the last for his hand now. Each call is (as dealer, stood): he stood (or refused) iff the book
    finds a *jeu de règle* in that hand."""
    opp, rounds = view.opponent, len(view.discards_of(view.opponent))
    calls: list[list[tuple[bool, bool]]] = [[] for _ in range(rounds + 1)]
    round_, counts, answering = 0, [], False
    for action in view.log:
        if isinstance(action, Claim) or action is PASS:  # the dealer's turned-up King: no call of the exchanges
            continue
        here = calls[min(round_, rounds)]
        if answering:  # the dealer answers a proposal
            if opp == view.dealer:
                here.append((True, action is REFUSE))
            if action is REFUSE:
                break
            answering = False
        elif isinstance(action, (Discard, HiddenDiscard)):
            counts.append(discard_count(action))
            round_ += len(counts) % 2 == 0
        else:  # the non-dealer's call: propose, or stand (lead a card, or announce the King)
            if opp != view.dealer and stock_left(counts) > 0:
                here.append((False, action is not PROPOSE))
            if action is not PROPOSE:
                break
            answering = True
    return [tuple(c) for c in calls]


def follows(hand: Sequence[Card], calls: Calls, trump: str) -> bool:
    """Whether the book, holding this hand, would have made these calls."""
    return all(stands(hand, trump, as_dealer) == stood for as_dealer, stood in calls)


STANDS: dict[tuple[Any, ...], bool] = {}  # the book's answer by the hand's shape (the table asks it thousands of times)


def stands(hand: Sequence[Card], trump: str, dealer: bool) -> bool:
    """Whether the book finds a *jeu de règle* in the hand, remembered by its shape: the rules of the list count
    trumps and look at the plain suits' ranks, whichever suits they are."""
    plain: dict[str, list[str]] = {}
    for c in hand:
        plain.setdefault(c.suit, []).append(c.rank)
    trumps = len(plain.pop(trump, ()))
    key = (dealer, trumps, tuple(sorted(tuple(sorted(ranks)) for ranks in plain.values())))
    if key not in STANDS:
        STANDS[key] = bool(book.jeu_de_regle(hand, trump, dealer=dealer))
    return STANDS[key]


def calls_follow_the_book(view: EcarteView, hands: list[list[Card]]) -> bool:
    """Did the other player's calls follow the book, given his hand at each round (``hands[r]``; the last at play)?"""
    calls = calls_by_round(view)
    return all(follows(hands[min(r, len(hands) - 1)], c, view.trump) for r, c in enumerate(calls))


def keeps(c: Card, trump: str) -> bool:
    """The book's exchange keeps trumps and Kings."""
    return c.suit == trump or c.rank == "K"


def book_discard(hand: Sequence[Card], trump: str, sizes: range, count: int) -> list[Card] | None:
    """The cards the book throws from this hand (seen in pack order, as the rule bot sees it), if they are
    ``count``; else None."""
    thrown = book.discard_advice(sorted(hand), trump, sizes)[0]
    return thrown if len(thrown) == count else None


def discards_seen(view: EcarteView) -> list[int]:
    """How many cards each discard of the deal threw, in order (the other player's too: their number is public)."""
    return [discard_count(a) for a in view.log if isinstance(a, (Discard, HiddenDiscard))]


def discard_stock_sizes(view: EcarteView) -> dict[int, list[int]]:
    """For each seat, the size of the stock before each of its discards (the engine's stock, after those before)."""
    counts = discards_seen(view)
    sizes: dict[int, list[int]] = {view.seat: [], view.opponent: []}
    for number in range(len(counts)):
        sizes[discarder(number, view.dealer)].append(stock_left(counts[:number]))
    return sizes


@dataclass(frozen=True)
class Reading:
    """What the view says of the other player's past: the cards he may have been dealt or drawn, his discards'
    sizes, his calls by round, and what he must hold at play (his played cards, an announced King)."""

    trump: str
    possible: frozenset[Card]  # never held by this seat nor turned up: his dealt hand and draws come from these
    counts: tuple[int, ...]  # his discards' sizes, in order
    sizes: tuple[range, ...]  # the sizes the rules allowed him at each
    calls: tuple[Calls, ...]
    played: frozenset[Card]  # the cards he has played (his hand at play holds them)
    must: frozenset[Card]  # an announced King of trumps not yet played
    allowed: frozenset[Card]  # the unseen cards he may hold now (his voids and failures to head respected)

    def phase_key(self) -> tuple[Any, ...]:
        """What the dealt hands' table depends on: the exchanges' history, not the play since."""
        return (self.trump, self.possible, self.counts, self.sizes, self.calls[0])


def reading_of(view: EcarteView) -> Reading:
    """The other player's past as this seat's view constrains it."""
    mine = {*view.hand, *view.my_discards(), *view.played_by(view.seat), view.turned_up}
    opp = view.opponent
    counts = tuple(discard_count(d) for d in view.discards_of(opp))
    stock = discard_stock_sizes(view)[opp]
    sizes = tuple(discard_sizes(opp == view.dealer, s, view.options) for s in stock)
    allowed = frozenset(view.unseen()) - view.opponent_cannot_hold()
    played = frozenset(view.played_by(opp))
    possible = frozenset(c for c in ECARTE_PACK if c not in mine)
    calls = tuple(calls_by_round(view))
    return Reading(view.trump, possible, counts, sizes, calls, played, frozenset(view.opponent_must_hold()), allowed)


Entry = tuple[int, int]  # a dealt hand and the cards the book throws from it, as sets of bits (``BIT``)
BIT = {c: 1 << i for i, c in enumerate(ECARTE_PACK)}  # a card as one bit: a set of cards is an int, tested at once
SUIT_BITS = 8  # the pack is in suits of eight cards, ♠ first: a suit's cards are a byte of a set of bits
CANONICAL = ECARTE_PACK[0].suit  # the tables are made with this suit for trumps, and turned to the deal's
DealtKey = tuple[Calls, int, range]  # his first calls, his first discard's size, the sizes it might have had
DEALT_TABLES: dict[DealtKey, list[Entry]] = {}  # every hand of the pack, with ♠ trumps: few, and made once each
DEALT_CACHE: dict[tuple[Any, ...], list[Entry]] = {}  # those he may have held in one deal (not the seat's cards)
CACHE_SIZE = 16  # exchange-phase histories remembered (a review asks for the same one at every trick)


def bits(cards: Iterable[Card]) -> int:
    """A set of cards as one int, a bit per card of the pack."""
    return sum(BIT[c] for c in set(cards))


def cards_of(held: int) -> frozenset[Card]:
    """The cards of a set of bits."""
    return frozenset(c for c, bit in BIT.items() if held & bit)


def turned(held: int, trump: str) -> int:
    """A set of bits with the trump suit and ♠ swapped (both ways: the tables' suits and the deal's); the book
    treats the plain suits alike, so a hand's calls and discard turn with it."""
    k = "♠♥♦♣".index(trump) * SUIT_BITS
    if not k:
        return held
    spades, trumps = held & 0xFF, (held >> k) & 0xFF
    return held & ~(0xFF | 0xFF << k) | trumps | spades << k


def dealt_hands(reading: Reading) -> list[Entry]:
    """Every hand he may have been dealt whose first calls and first discard follow the book, with that discard,
    among the cards he may have held (in the tables' suits: ``turned``)."""
    key = reading.phase_key()
    if key not in DEALT_CACHE:
        if len(DEALT_CACHE) >= CACHE_SIZE:
            DEALT_CACHE.pop(next(iter(DEALT_CACHE)))
        table_key = (reading.calls[0], reading.counts[0], reading.sizes[0])
        if table_key not in DEALT_TABLES:
            DEALT_TABLES[table_key] = list(enumerate_dealt(*table_key))
        outside = turned(~bits(reading.possible) & (1 << len(ECARTE_PACK)) - 1, reading.trump)
        DEALT_CACHE[key] = [entry for entry in DEALT_TABLES[table_key] if not entry[0] & outside]
    return DEALT_CACHE[key]


def enumerate_dealt(calls: Calls, count: int, sizes: range) -> Iterator[Entry]:
    """Every hand of the pack, ♠ trumps, whose calls and first discard (of ``count`` cards) follow the book, by
    their lows (the cards to throw) and highs (trumps and Kings): the calls asked once per shape (``Shapes``)."""
    trump, shapes = CANONICAL, Shapes(CANONICAL, calls)
    kept = [c for c in ECARTE_PACK if keeps(c, trump)]
    thrown = [c for c in ECARTE_PACK if not keeps(c, trump)]
    for throwable in range(HAND_SIZE + 1):
        if min(max(throwable, sizes.start), sizes.stop - 1) != count:
            continue
        highs: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[Card, ...], int]]] = {}
        for high in itertools.combinations(kept, HAND_SIZE - throwable):  # grouped by shape: trumps, Kings by suit
            highs.setdefault(shapes.high(high), []).append((high, bits(high)))
        for low in itertools.combinations(thrown, throwable):
            low_bits, low_masks = bits(low), shapes.masks(low)
            for (trumps, kings), members in highs.items():
                if not shapes.follow(trumps, low_masks, kings, low + members[0][0]):
                    continue
                for high, high_bits in members:
                    throws = low_bits if throwable == count else bits(book_throws(low + high, trump, sizes))
                    yield low_bits | high_bits, throws


def book_throws(hand: Sequence[Card], trump: str, sizes: range) -> list[Card]:
    """The cards the book throws from a hand (seen in pack order)."""
    return book.discard_advice(sorted(hand), trump, sizes)[0]


SHAPES: dict[Calls, dict[tuple[int, tuple[int, ...]], bool]] = {}  # by the calls: each shape's answer, remembered
RANK_BIT = {rank: 1 << i for i, rank in enumerate(("7", "8", "9", "10", "J", "Q", "K", "A"))}


class Shapes:
    """Whether the book makes some calls with a hand, asked once per shape: its trumps, and the ranks it holds in
    each plain suit, whichever suit (the book's list of hands that stand looks at nothing else: ``stands``)."""

    def __init__(self, trump: str, calls: Calls) -> None:
        self.trump, self.calls = trump, calls
        self.plain = [s for s in "♠♥♦♣" if s != trump]
        self.known = SHAPES.setdefault(calls, {})

    def masks(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The ranks held in each plain suit, as bits."""
        found = [0, 0, 0]
        for c in cards:
            if c.suit != self.trump:
                found[self.plain.index(c.suit)] |= RANK_BIT[c.rank]
        return tuple(found)

    def high(self, cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
        """Trumps and Kings: how many trumps, and the Kings by plain suit."""
        return sum(c.suit == self.trump for c in cards), self.masks(cards)

    def follow(self, trumps: int, low: tuple[int, ...], kings: tuple[int, ...], hand: Sequence[Card]) -> bool:
        """Whether the book makes the calls with this hand (its shape's answer, worked out at its first)."""
        shape = (trumps, tuple(sorted((low[0] | kings[0], low[1] | kings[1], low[2] | kings[2]))))
        answer = self.known.get(shape)
        if answer is None:
            answer = self.known[shape] = follows(hand, self.calls, self.trump)
        return answer


def last_draws(reading: Reading, kept: frozenset[Card], pool: frozenset[Card], count: int) -> tuple[list[Card], int]:
    """The draws at his last exchange that agree with what he has shown since: the cards he must have drawn (his
    played cards and announced King that he did not keep) and how many ways there are to draw the rest."""
    needed = (reading.played | reading.must) - kept
    if len(needed) > count or not needed <= pool or (kept - reading.played) - reading.allowed:
        return [], 0
    return sorted(needed), math.comb(len((pool & reading.allowed) - needed), count - len(needed))


WEIGHTS_CACHE: dict[Reading, list[int]] = {}  # a decision asks twice (Écarté's first question), a review again


def dealt_weights(reading: Reading, table: list[Entry]) -> list[int]:
    """The dealt hands' cumulative weights (``each_weight``; before he has played, or shown a void, the same for
    every hand)."""
    if not (reading.played or reading.must or reading.allowed != reading.possible):
        return list(range(1, len(table) + 1))
    if reading not in WEIGHTS_CACHE:
        if len(WEIGHTS_CACHE) >= CACHE_SIZE:
            WEIGHTS_CACHE.pop(next(iter(WEIGHTS_CACHE)))
        WEIGHTS_CACHE[reading] = list(itertools.accumulate(each_weight(reading, table)))
    return WEIGHTS_CACHE[reading]


def each_weight(reading: Reading, table: list[Entry]) -> Iterator[int]:
    """Each dealt hand's weight: with one exchange, the draws at it that agree with his play since; with more, 0 if
    it throws a card he holds at play (a card thrown never comes back), else 1 (the later exchanges are checked on
    the drawn past)."""
    count, pc, comb = reading.counts[0], int.bit_count, math.comb
    possible, allowed, played, needs = (
        turned(bits(cards), reading.trump)
        for cards in (reading.possible, reading.allowed, reading.played, reading.played | reading.must)
    )
    if len(reading.counts) > 1:
        yield from (0 if thrown & needs else 1 for _, thrown in table)
        return
    for dealt, thrown in table:
        kept = dealt & ~thrown
        needed, pool = needs & ~kept, possible & ~dealt
        if needed & ~pool or kept & ~played & ~allowed or pc(needed) > count:
            yield 0
        else:
            yield comb(pc(pool & allowed & ~needed), count - pc(needed))


Past = tuple[list[list[Card]], list[list[Card]], list[list[Card]]]  # his hand before each exchange, drawn, thrown


class BookReading:
    """Draws the other player's past exactly as the belief weighs it (see above), for one view."""

    def __init__(self, view: EcarteView, rng: random.Random) -> None:
        self.view, self.rng, self.reading = view, rng, reading_of(view)
        self.table: list[Entry] = []
        self.weights: list[int] = []
        self.passing: list[list[Card]] | None = None  # without an exchange of his: his hands at play, if enumerated
        if self.reading.counts:
            self.table = dealt_hands(self.reading)
            self.weights = dealt_weights(self.reading, self.table)

    @property
    def possible(self) -> bool:
        """Whether any past agrees with the belief (with no exchange of his, known once enumerated)."""
        if not self.reading.counts:
            return self.passing is None or bool(self.passing)
        return bool(self.weights and self.weights[-1])

    def past(self) -> Past | None:
        """One past drawn by the belief, or None if the one drawn fails a later check (draw again)."""
        if not self.reading.counts:
            return self.unexchanged()
        (dealt_bits, thrown_bits), *_ = self.rng.choices(self.table, cum_weights=self.weights)
        dealt, thrown = (cards_of(turned(held, self.reading.trump)) for held in (dealt_bits, thrown_bits))
        hands, draws, throws = [sorted(dealt)], [], [sorted(thrown)]
        pool = self.reading.possible - dealt
        for r, count in enumerate(self.reading.counts):
            if r > 0:
                more = book_discard(hands[r], self.reading.trump, self.reading.sizes[r], count)
                if more is None or not follows(hands[r], self.reading.calls[r], self.reading.trump):
                    return None
                if not self.reading.played.isdisjoint(more) or not self.reading.must.isdisjoint(more):
                    return None  # he threw a card he holds at play: this past cannot be his
                throws.append(more)
            kept = [c for c in hands[r] if c not in set(throws[r])]
            drawn = self.draw(kept, pool, count, last=r == len(self.reading.counts) - 1)
            if drawn is None:
                return None
            pool -= set(drawn)
            draws.append(drawn)
            hands.append(kept + drawn)
        return (hands, draws, throws) if follows(hands[-1], self.reading.calls[-1], self.reading.trump) else None

    def unexchanged(self) -> Past | None:
        """With no exchange of his, his hand now (uniform among those he may hold), if the book explains his
        calls with it; once enumerated (``enumerated``), one of those that do."""
        if self.passing is not None:
            return ([self.rng.choice(self.passing)], [], []) if self.passing else None
        now = opponents_hand(self.view, self.rng)
        at_play = now + self.view.played_by(self.view.opponent)
        return ([at_play], [], []) if follows(at_play, self.reading.calls[0], self.reading.trump) else None

    def enumerated(self) -> Past | None:
        """When drawing by chance found no hand, without an exchange of his: every hand he may hold now, kept if
        the book explains his calls with it, and one drawn among them (None if there is none: the belief fails)."""
        if self.reading.counts:
            return None
        if self.passing is None:
            played, must = sorted(self.reading.played), sorted(self.reading.must)
            allowed = sorted(self.reading.allowed - self.reading.must)
            size = self.view.hand_sizes[self.view.opponent] - len(must)
            hands = ([*must, *rest, *played] for rest in itertools.combinations(allowed, size))
            self.passing = [h for h in hands if follows(h, self.reading.calls[0], self.reading.trump)]
        return self.unexchanged()

    @functools.cached_property
    def most_ways(self) -> int:
        """At least as many ways to draw at his last exchange as any past leaves (``last_draws``): at most the cards
        he may hold, and as many as his last discard less the played cards his kept cards cannot hold."""
        count, must = self.reading.counts[-1], self.reading.played | self.reading.must
        least_needed = max(0, len(must) - (HAND_SIZE - count))
        return max(math.comb(len(self.reading.allowed), j) for j in range(max(0, count - least_needed) + 1))

    def draw(self, kept: list[Card], pool: frozenset[Card], count: int, last: bool) -> list[Card] | None:
        """His draw at an exchange: uniform from the cards left; at the last, among those that agree with his play
        since (with one exchange the dealt hand's weight counted them; with more, a past is kept with a chance in
        proportion to those draws, ``most_ways``, and the draw is then uniform among them)."""
        if not last:
            return self.rng.sample(sorted(pool), count)
        needed, ways = last_draws(self.reading, frozenset(kept), pool, count)
        if ways == 0:
            return None
        assert ways <= self.most_ways, "most_ways bounds the ways of every past"
        if len(self.reading.counts) > 1 and self.rng.random() * self.most_ways >= ways:
            return None  # kept with a chance in proportion to its ways, as a past's share is: exact
        rest = sorted((pool & self.reading.allowed) - set(needed))
        return needed + self.rng.sample(rest, count - len(needed))


# Pasts drawn for one world, and for all the worlds of a decision, before a world is drawn without the belief (and
# the hint says so). Measured on 60 deals played by the book: a past is accepted at once with one exchange of his,
# and at worst once in 430 tries after two (0.5 s for 40 worlds), well within the decision's budget.
TRIES, DECISION_TRIES = 2000, 60_000


class Imagination:
    """Draws the worlds for one decision where the other player's calls and discards follow the book (the belief,
    see above), and says in ``note`` when any world could not be made to agree with it."""

    def __init__(self, view: EcarteView, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        self.reading = BookReading(view, rng) if view.log else None
        self.template: EcarteState | None = None  # the first world
        self.worlds = self.unbelieved = 0
        self.tries_left = DECISION_TRIES

    def __call__(self) -> EcarteState:
        """The next world of this decision."""
        past = self.believed_past()
        world = ecarte_world(self.view, self.rng, None, self.template) if past is None else self.built(past)
        assert world is not None, "without a belief, no world is thrown away"
        self.worlds += 1
        self.unbelieved += past is None and self.reading is not None
        if self.template is None:
            self.template = world
        return world

    def believed_past(self) -> Past | None:
        """A past of the other player that follows the book, or None if none was found."""
        if self.reading is None or not self.reading.possible:
            return None
        for _ in range(min(TRIES, self.tries_left)):
            self.tries_left -= 1
            past = self.reading.past()
            if past is not None:
                return past
        return self.reading.enumerated()

    @property
    def note(self) -> str:
        """What the hint must say about the belief, in words: '' when every world agreed with it."""
        if not self.unbelieved:
            return ""
        if self.reading is not None and not self.reading.possible:
            return (
                "No hand the other player could have held explains his calls and discards by the book, so the "
                "imagined deals do not assume that he follows it."
            )
        return (
            f"In {self.unbelieved} of {self.worlds} imagined deals no past of the other player that follows the "
            "book was found in the tries allowed, so those deals do not assume that he follows it (an approximation)."
        )

    def built(self, past: Past) -> EcarteState:
        """The world of a past: his hands, draws and discards as drawn, the stock the rest in random order."""
        view, (hands, draws, throws) = self.view, past
        played = set(view.played_by(view.opponent))
        now = [c for c in hands[-1] if c not in played]
        gone = {c for t in throws for c in t}
        stock_left = [c for c in view.unseen() if c not in gone and c not in set(now)]
        self.rng.shuffle(stock_left)
        return built_world(view, now, ((hands[0], draws, throws), stock_left), self.template)


# ---------------------------------------------------------------------------
# The moves worth comparing, and the book's


def candidates(view: EcarteView) -> Sequence[Action]:
    """The moves to compare, the advice's favourite first."""
    legal = list(view.legal)
    if view.phase.is_discard:
        # the book's discard, and one card more or less: throw the weakest cards either way
        ordered, by_the_book, sizes = discard_order(view)
        return [Discard(ordered[:k]) for k in (by_the_book, by_the_book - 1, by_the_book + 1) if k in sizes]
    if view.phase is CHOOSE:
        announce: list[Action] = [a for a in legal if isinstance(a, Announce)]
        stand = announce or [a for a in legal if isinstance(a, Card)]
        return [a for a in legal if a is PROPOSE] + stand
    return legal


def discard_order(view: EcarteView) -> tuple[list[Card], int, set[int]]:
    """At a discard: the hand weakest first (the book's order of throwing), how many the book throws, and the sizes
    the rules allow."""
    sizes = {len(a.cards) for a in view.legal if isinstance(a, Discard)}  # here every legal move is a Discard
    ordered = sorted(view.hand, key=lambda c: book.keep_value(c, view.trump))
    by_the_book = len(book.discard_advice(view.hand, view.trump, range(min(sizes), max(sizes) + 1))[0])
    return ordered, by_the_book, sizes


def strong_candidates(view: EcarteView) -> Sequence[Action]:
    """The strong bot's moves to compare: at a discard, the Monte Carlo bot's, and the book's discard with one of its
    two strongest thrown cards kept instead of one of the two weakest kept (which cards, not only how many)."""
    moves = list(candidates(view))
    if not view.phase.is_discard:
        return moves
    ordered, k, _ = discard_order(view)
    for kept in ordered[max(0, k - 2) : k]:
        for thrown in ordered[k : k + 2]:
            swapped = Discard([c for c in ordered[:k] if c != kept] + [thrown])
            if swapped not in moves:
                moves.append(swapped)
    return moves


def book_move(view: EcarteView) -> Action:
    """The book's move, which the Monte Carlo bot keeps unless another is clearly better."""
    return EcarteRuleBot().choose(view).action


def forced(view: EcarteView) -> Decision | None:
    """Moves that need no search: the turned-up King claimed, the King of trumps announced before a card."""
    claim = book.claim_the_king(view)
    if claim is not None:
        return claim
    announce = next((a for a in view.legal if isinstance(a, Announce)), None)
    if announce is not None and (view.phase is PLAY or PROPOSE not in view.legal):
        return Decision(announce, f"announces {announce.king} for a point before playing a card")
    return None


# Play-outs per decision, by phase: the first call and the answer get the most, as
# they matter most; play-outs that go through the exchanges cost about four times more.
BUDGET = {PLAY: 240, CHOOSE: 160, ANSWER: 160}


def budget(view: EcarteView) -> int:
    """Play-outs per decision: play-outs that go through the exchanges are dearer."""
    return BUDGET.get(view.phase, 120)


def stand_or_propose(bot: MonteCarloBot, view: EcarteView, rng: random.Random) -> Decision | None:
    """Écarté's first question, on its own: propose, or stand (announcing, then leading the best card)?"""
    if view.phase is not CHOOSE or PROPOSE not in view.legal:
        return None
    announce = [a for a in view.legal if isinstance(a, Announce)]
    cards = [a for a in view.legal if isinstance(a, Card)]
    stand = announce[0] if announce else book.play_advice(view.hand, [], view.trump, cards, view.unseen())[0]
    by_the_book = 0 if book.jeu_de_regle(view.hand, view.trump) else 1
    if bot.calls_by_the_table and by_the_table(view):  # the strong bot trusts the computed table
        by_the_book = 0 if call_by_the_table(view.hand, view.trump)[0] is None else 1
    best, tallies = bot.compare(view, [stand, PROPOSE], rng, book=by_the_book)
    if best == 1 or isinstance(stand, Announce):  # proposes, or announces now and leads next turn
        return Decision([stand, PROPOSE][best], explain_choice([stand, PROPOSE], best, tallies, by_the_book))
    lead, leads = bot.compare(view, cards, rng, budget=80, book=cards.index(stand))
    standing, proposing, leading = tallies[0], tallies[1], leads[lead]
    return Decision(
        cards[lead],
        f"stands (standing finished ahead on the deal's points in "
        f"{share(standing.ahead, standing.worlds)}, proposing in "
        f"{share(proposing.ahead, proposing.worlds)}) and leads {cards[lead]}, "
        f"which finished ahead in {share(leading.ahead, leading.worlds)}",
    )


CALLS_WORLDS = 3.0  # the strong bot's worlds at the calls, as a multiple of the Monte Carlo bot's
DISCARD_WORLDS = 2.5  # at a discard (more candidates: strong_candidates)
FIRST_TRICK_WORLDS = 2.0  # at the first card


def strong_worlds_at(view: EcarteView) -> float:
    """The strong bot's further multiple of worlds: more at the calls (play or propose, accept or refuse), where the
    deals are decided, at a discard (more candidates) and at the first card (bots/strong.py)."""
    if view.phase in (CHOOSE, ANSWER):
        return CALLS_WORLDS
    if view.phase.is_discard:
        return DISCARD_WORLDS
    return FIRST_TRICK_WORLDS if view.phase is PLAY and len(view.hand) == HAND_SIZE else 1.0


def imagine(view: EcarteView, rng: random.Random) -> Callable[[], Any]:
    """The worlds of one decision, drawn by an ``Imagination``."""
    return Imagination(view, rng)


LOOKAHEAD = games.Lookahead(
    playout_policy=playout_policy,
    candidates=candidates,
    strong_candidates=strong_candidates,
    imagine=imagine,
    forced=forced,
    book_move=book_move,
    budget=budget,
    first_question=stand_or_propose,
    # the strong bot (bots/strong.py, where every setting tried is measured): the last four tricks searched over what
    # the seat can tell apart, in 40 worlds; three times the worlds at the calls; no exact (double-dummy) ending
    exact_tricks=0,
    strong_worlds=1.0,
    infoset_tricks=4,
    infoset_worlds=40,
    strong_worlds_at=strong_worlds_at,
)
