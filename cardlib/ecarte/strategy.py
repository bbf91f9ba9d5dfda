"""Écarté's first decisions computed: play or propose, accept or refuse, what to throw — and the game to 5.

The old books (``book.py``) give rules of thumb; this module measures them. Every figure here comes from
play-outs in which both players follow a **fixed, stated policy** — the book's, as the rule bot plays it
(``book.jeu_de_regle`` to stand or refuse, ``book.discard_advice`` to throw, ``book.play_advice`` for the
tricks, the King of trumps announced at once) — so the numbers say what each choice is worth *against a player
of the book and played on by the book*, not against perfect play.

- **The play-out** (``play_tricks``) is the book's card play, written out on small integers because the tables
  need millions of tricks; a test holds it equal to the engine moved by ``playout.playout_policy``.
- **A deal** (``run_deal``) goes from the first call through the exchanges to the score, with the engine's
  ``score_deal``; its outcome says who scored the King and who the tricks, as the game to 5 needs.
- **A hand's class** (``hand_class``) keeps what the books reason with: the trumps' King, Queen and Jack and how
  many smaller trumps; in each plain suit its King, Queen and Jack and how many smaller cards; the three plain
  suits in any order. The tables (``strategy_tables.json``, made by ``tools/ecarte_strategy.py``) hold each
  class's figures; ``first_call`` and the others read them.
- **The game** (``game_odds``): the chance of winning the game to 5 at every score, by dynamic programming over
  the deal's outcomes.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import ECARTE_PACK, SUITS, Card, card, suit
from ..cards import hand as parse_hand
from ..margins import Z95, deals_to_decide, shown_small
from . import DEFAULT_OPTIONS, ORDER, RANK_ORDER, TRICKS_PER_DEAL, EcarteOptions, book, score_deal

#: The tables, made by ``tools/ecarte_strategy.py`` (``make strategy``).
TABLES = Path(__file__).with_name("strategy_tables.json")
#: The policy every figure assumes, in words (saved with the tables).
POLICY = (
    "Both players follow the book as cardlib.ecarte.advice states it, but for the one decision compared: the "
    "non-dealer plays without proposing only a jeu de regle (advice.jeu_de_regle), the dealer refuses only the "
    "dealer's jeu de regle, each throws all but trumps and Kings (advice.discard_advice), the tricks are played by "
    "advice.play_advice (a master or the top of the longest suit led, the lowest winning card played second), the "
    "King of trumps announced at once; club-law rules (the course's default options)."
)

# ---------------------------------------------------------------------------
# 1. Cards as small integers: 8 * suit + rank, the rank 0 (the 7) to 7 (the King) in Écarté's order

KING = len(ORDER) - 1
ALL = range(len(SUITS) * len(ORDER))
#: The same suit's higher cards, one bit each: a card is a master when every one of them is seen.
HIGHER = [sum(1 << (c - c % 8 + r) for r in range(c % 8 + 1, 8)) for c in ALL]


def to_int(c: Card) -> int:
    """A card as its number, 8 * suit + rank (rank 0 the 7, 7 the King)."""
    return 8 * SUITS.index(c.suit) + RANK_ORDER[c.rank]


def to_card(number: int) -> Card:
    """A number back to its card."""
    return Card(ORDER[number % 8], SUITS[number // 8])


def keep_value(c: int, trump: int) -> int:
    """``book.keep_value`` on numbers: trumps above Kings above the rest, higher cards first."""
    return (20 if c >> 3 == trump else 10 if c & 7 == KING else 0) + (c & 7)


# ---------------------------------------------------------------------------
# 2. The book's card play (advice.play_advice), on numbers


def book_lead(hand: Sequence[int], trump: int, seen: int) -> int:
    """``book.lead_advice``: a master, trumps when strong, else the top of the longest plain suit."""
    trumps = [c for c in hand if c >> 3 == trump]
    trump_master = plain_master = -1
    for c in hand:
        if HIGHER[c] & ~seen:
            continue
        if c >> 3 == trump:
            trump_master = max(trump_master, c)
        elif plain_master < 0 or c & 7 > plain_master & 7:  # the first of equal ranks, as max() keeps it
            plain_master = c
    if trump_master >= 0 and len(trumps) >= 2:
        return trump_master
    if plain_master >= 0:
        return plain_master
    if len(trumps) >= 3:
        return max(trumps)
    return top_of_longest(hand, trump) if len(trumps) < len(hand) else min(trumps)


def top_of_longest(hand: Sequence[int], trump: int) -> int:
    """The highest card of the longest plain suit (ties: the higher top card, then the suit met first)."""
    count: dict[int, int] = {}
    top: dict[int, int] = {}
    for c in hand:
        s = c >> 3
        if s != trump:
            count[s] = count.get(s, 0) + 1
            top[s] = max(top.get(s, -1), c)
    return top[max(count, key=lambda s: (count[s], top[s] & 7))]


def book_reply(hand: Sequence[int], led: int, trump: int) -> int:
    """``book.play_advice`` second to play: the lowest card that wins, else the cheapest legal card."""
    led_suit = led >> 3
    same = [c for c in hand if c >> 3 == led_suit]
    if same:
        higher = [c for c in same if c > led]
        return min(higher) if higher else min(same)
    trumps = [c for c in hand if c >> 3 == trump]
    if trumps:  # must_trump: every trump wins a plain lead
        return min(trumps)
    return min(hand, key=lambda c: keep_value(c, trump))


def play_tricks(non_dealer: Sequence[int], dealer: Sequence[int], trump: int, turned_up: int) -> int:
    """The five tricks played by the book, the non-dealer leading: how many tricks the non-dealer wins."""
    hands = [sorted(non_dealer), sorted(dealer)]  # in pack order, as the rule bot holds its hand: ties go alike
    gone = 1 << turned_up  # seen by both: the turned-up card, then the cards played
    leader, won = 0, 0
    for _ in range(TRICKS_PER_DEAL):
        lead_hand, reply_hand = hands[leader], hands[1 - leader]
        mine = 0
        for c in lead_hand:
            mine |= 1 << c
        led = book_lead(lead_hand, trump, gone | mine)
        lead_hand.remove(led)
        reply = book_reply(reply_hand, led, trump)
        reply_hand.remove(reply)
        gone |= (1 << led) | (1 << reply)
        if reply >> 3 == led >> 3 and reply > led or reply >> 3 == trump != led >> 3:
            leader = 1 - leader
        won += leader == 0
    return won


def double_dummy(non_dealer: Sequence[int], dealer: Sequence[int], trump: int) -> int:
    """The tricks the non-dealer wins when both play perfectly, every card seen: the sensitivity check's stronger
    play (the score is a rising step of the tricks, so the most tricks is the most points)."""
    masks = [sum(1 << c for c in non_dealer), sum(1 << c for c in dealer)]
    return _best_tricks(masks[0], masks[1], 0, trump, {})


def _best_tricks(mine: int, theirs: int, leader: int, trump: int, memo: dict[tuple[int, int, int], int]) -> int:
    """The non-dealer's tricks from here by minimax; ``mine`` the non-dealer's cards, ``theirs`` the dealer's."""
    if not mine:
        return 0
    key = (mine, theirs, leader)
    if key not in memo:
        hands = (mine, theirs)
        lead_hand, reply_hand = hands[leader], hands[1 - leader]
        values = []
        for led in cards_of(lead_hand):
            replies = []
            for reply in legal_replies(reply_hand, led, trump):
                winner = leader if not beats(reply, led, trump) else 1 - leader
                left = [mine, theirs]
                left[leader] &= ~(1 << led)
                left[1 - leader] &= ~(1 << reply)
                replies.append((winner == 0) + _best_tricks(left[0], left[1], winner, trump, memo))
            values.append(max(replies) if leader == 1 else min(replies))  # the reply is the other side's choice
        memo[key] = max(values) if leader == 0 else min(values)
    return memo[key]


def cards_of(mask: int) -> list[int]:
    """The card numbers of a bit mask."""
    return [c for c in ALL if mask >> c & 1]


def beats(reply: int, led: int, trump: int) -> bool:
    """Whether the reply wins the trick: a higher card of the suit led, or a trump on a plain card."""
    return reply >> 3 == led >> 3 and reply > led or reply >> 3 == trump != led >> 3


def legal_replies(mask: int, led: int, trump: int) -> list[int]:
    """The cards the second player may play (the club laws' duty: head, follow, trump, else any)."""
    held = cards_of(mask)
    same = [c for c in held if c >> 3 == led >> 3]
    if same:
        return [c for c in same if c > led] or same
    return [c for c in held if c >> 3 == trump] or held


# ---------------------------------------------------------------------------
# 3. A deal by the book, from the first call to the score, with one decision made otherwise

PLAY, PROPOSE, ACCEPT, REFUSE, BOOK = "play", "propose", "accept", "refuse", "book"
#: A deal's outcome, as a number 0-11: 4 * who scored the King (0 nobody, 1 the non-dealer, 2 the dealer)
#: + 2 * who scored the tricks (0 the non-dealer, 1 the dealer) + their points - 1 (the point 1, the vole or a
#: penalty 2).
OUTCOMES = range(12)


@functools.lru_cache(maxsize=1 << 16)
def stands(hand: tuple[int, ...], trump: int, dealer: bool) -> bool:
    """Whether the book stands on this hand (plays without proposing, or refuses): ``book.jeu_de_regle``."""
    return bool(book.jeu_de_regle([to_card(c) for c in hand], SUITS[trump], dealer=dealer))


def book_throw(hand: Sequence[int], trump: int, stock: int, dealer: bool) -> list[int]:
    """The book's discard (``book.discard_advice``): everything but trumps and Kings, as the stock allows."""
    sizes = range(0 if dealer else 1, min(5, stock) + 1)
    return [to_int(c) for c in book.discard_advice([to_card(c) for c in hand], SUITS[trump], sizes)[0]]


def weakest(hand: Sequence[int], trump: int, count: int) -> list[int]:
    """The ``count`` cards least worth keeping (``book.keep_value``), as the Monte Carlo bot's candidates are."""
    return sorted(hand, key=lambda c: keep_value(c, trump))[:count]


def serve(hand: list[int], thrown: Sequence[int], stock: list[int]) -> list[int]:
    """The hand after throwing these cards and drawing as many from the top of the stock (the engine's order)."""
    kept = [c for c in hand if c not in thrown]
    kept += stock[: len(thrown)]
    del stock[: len(thrown)]
    return sorted(kept)  # in pack order, as the rule bot holds its hand


@dataclass(frozen=True)
class Choices:
    """The first decisions of a deal made otherwise than by the book: the call, the answer, the first discard."""

    call: str = BOOK
    answer: str = BOOK
    throw: int | None = None  # how many of his weakest cards the non-dealer throws first (None: the book's)
    thrown: tuple[int, ...] = ()  # or these cards, if any: the audit of every discard (not only the weakest)
    seen: bool = False  # the tricks played double dummy (every card seen by both), not by the book


def proposes(hand: list[int], trump: int, number: int, choices: Choices) -> bool:
    """Whether the non-dealer proposes (his ``number``-th proposal, 1 the first) by the choices or the book."""
    if number == 1 and choices.call != BOOK:
        return choices.call == PROPOSE
    return not stands(tuple(sorted(hand)), trump, False)


def refuses(hand: list[int], trump: int, number: int, choices: Choices) -> bool:
    """Whether the dealer refuses the ``number``-th proposal, by the choices or the book."""
    if number == 1 and choices.answer != BOOK:
        return choices.answer == REFUSE
    return stands(tuple(sorted(hand)), trump, True)


def run_deal(
    non_dealer: Sequence[int], dealer: Sequence[int], turned_up: int, stock: Sequence[int], choices: Choices
) -> int:
    """A deal from its first call to its score, everyone following the book but for ``choices``: its outcome."""
    trump = turned_up >> 3
    hands, left = [sorted(non_dealer), sorted(dealer)], list(stock)
    proposals = refused = 0
    while left and proposes(hands[0], trump, proposals + 1, choices):
        proposals += 1
        if refuses(hands[1], trump, proposals, choices):
            refused = proposals
            break
        hands[0] = serve(hands[0], first_throw(hands[0], trump, len(left), proposals, choices), left)
        hands[1] = serve(hands[1], book_throw(hands[1], trump, len(left), True), left)
    won = double_dummy(hands[0], hands[1], trump) if choices.seen else play_tricks(hands[0], hands[1], trump, turned_up)
    return outcome(won, hands, turned_up, proposals > 0, refused == 1)


def first_throw(hand: list[int], trump: int, stock: int, proposals: int, choices: Choices) -> Sequence[int]:
    """The non-dealer's throw at this exchange: the chosen cards or weakest cards at the first, else the book's."""
    if proposals == 1 and choices.thrown:
        return choices.thrown
    if proposals == 1 and choices.throw is not None:
        return weakest(hand, trump, choices.throw)
    return book_throw(hand, trump, stock, False)


def outcome(won: int, hands: list[list[int]], turned_up: int, proposed: bool, refused_first: bool) -> int:
    """The outcome number of a finished deal (see ``OUTCOMES``): the King's scorer and the tricks' score."""
    king = 8 * (turned_up >> 3) + KING
    king_scorer = 2 if turned_up == king or king in hands[1] else 1 if king in hands[0] else 0
    score = score_deal([won, TRICKS_PER_DEAL - won], 1, proposed, refused_first)  # seat 0 the non-dealer
    return 4 * king_scorer + 2 * score.seat + score.points - 1


def net_points(number: int, seat: int = 0) -> int:
    """An outcome's points for ``seat`` (0 the non-dealer, 1 the dealer) less the other's."""
    king, scorer, points = number // 4, number // 2 % 2, number % 2 + 1
    mine = (king == 1) - (king == 2) + (points if scorer == 0 else -points)
    return mine if seat == 0 else -mine


def wins_point(number: int, seat: int = 0) -> bool:
    """Whether ``seat`` took three tricks or more (the point) in this outcome."""
    return number // 2 % 2 == seat


# ---------------------------------------------------------------------------
# 4. A hand's class: what the books reason with, the three plain suits in any order

HONOURS = "KQJ"
HONOUR_RANK = {h: RANK_ORDER[h] for h in HONOURS}
LOW_RANKS = range(RANK_ORDER["J"])  # 7 8 9 10 A: written x


def suit_part(ranks: Iterable[int]) -> str:
    """One suit of a hand as the class keeps it: its King, Queen and Jack, an x for each smaller card; '-' if none."""
    ranks = sorted(ranks, reverse=True)
    honours = "".join(ORDER[r] for r in ranks if r > LOW_RANKS[-1])
    return honours + "x" * sum(r <= LOW_RANKS[-1] for r in ranks) or "-"


def hand_class(cards: Iterable[Card | str | int], trump: str | int) -> str:
    """A hand's class: 'trumps / plain suits', e.g. 'Qx / Kx K -' (Queen and a small trump, ...)."""
    numbers = [c if isinstance(c, int) else to_int(card(c)) for c in cards]
    t = trump if isinstance(trump, int) else SUITS.index(suit(trump))
    parts = [suit_part(c & 7 for c in numbers if c >> 3 == s) for s in range(len(SUITS))]
    plain = sorted((p for s, p in enumerate(parts) if s != t), key=lambda p: (-len(p.strip("-")), p))
    return f"{parts[t]} / {' '.join(plain)}"


def class_hand(key: str, rng: random.Random) -> tuple[list[int], int]:
    """A hand of this class, every hand of it as likely, and a turned-up trump: (the hand shuffled, the trump card)."""
    trumps, plains = key.split(" / ")
    suits = list(range(len(SUITS)))
    rng.shuffle(suits)
    hand: list[int] = []
    for s, part in zip(suits, [trumps, *plains.split()]):
        ranks = [HONOUR_RANK[h] for h in part if h in HONOURS] + rng.sample(LOW_RANKS, part.count("x"))
        hand += [8 * s + r for r in ranks]
    rng.shuffle(hand)
    turned_up = rng.choice([8 * suits[0] + r for r in range(8) if 8 * suits[0] + r not in hand])
    return hand, turned_up


def rest_of_deal(hand: Sequence[int], turned_up: int, rng: random.Random) -> list[int]:
    """The 26 cards the holder of ``hand`` cannot see, shuffled: the other's hand first, then the stock."""
    rest = [c for c in ALL if c != turned_up and c not in hand]
    rng.shuffle(rest)
    return rest


# ---------------------------------------------------------------------------
# 5. Tallies of outcomes, and what a choice is worth with its ±


@dataclass(frozen=True)
class Figures:
    """What a choice brought over n deals, for the one who chose: points won, and the sum and squares of his points
    less the other's. Its chances and means carry a 95 % margin."""

    n: int
    wins: int
    total: int
    squares: int

    def win(self) -> float:
        """The share of deals in which the chooser won the point (three tricks or more)."""
        return self.wins / max(1, self.n)

    def win_margin(self) -> float:
        """Wilson's 95 % half-width around the share won (never 0 from a finite sample)."""
        n, p = self.n, self.win()
        if n == 0:
            return 1.0
        return Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)

    def points(self) -> float:
        """The mean of the chooser's points less the other's, per deal."""
        return self.total / max(1, self.n)

    def points_margin(self) -> float:
        """The 95 % half-width of the mean points."""
        if self.n < 2:
            return 3.0
        mean = self.points()
        return Z95 * math.sqrt(max(0.0, self.squares / self.n - mean * mean) / (self.n - 1))


@dataclass
class Tally:
    """How often each of a choice's outcomes came (``OUTCOMES``): the deal's distribution, for the game to 5."""

    counts: list[int]

    @classmethod
    def of(cls, outcomes: Iterable[int]) -> Tally:
        """The tally of these outcomes."""
        counts = [0] * len(OUTCOMES)
        for o in outcomes:
            counts[o] += 1
        return cls(counts)

    @property
    def n(self) -> int:
        return sum(self.counts)

    def figures(self, seat: int = 0) -> Figures:
        """The tally's figures for ``seat`` (0 the non-dealer, 1 the dealer)."""
        wins = sum(k for o, k in enumerate(self.counts) if wins_point(o, seat))
        total = sum(k * net_points(o, seat) for o, k in enumerate(self.counts))
        squares = sum(k * net_points(o, seat) ** 2 for o, k in enumerate(self.counts))
        return Figures(self.n, wins, total, squares)

    def share(self) -> list[float]:
        """Each outcome's share: the deal's distribution, for the game to 5."""
        return [k / max(1, self.n) for k in self.counts]


# ---------------------------------------------------------------------------
# 6. One sample of each decision: the same cards dealt, each choice played out from them


def first_call_sample(hand: Sequence[int], turned_up: int, rng: random.Random, seen: bool = False) -> list[int]:
    """The non-dealer's hand against one dealt rest: the outcomes of playing and of proposing (the tricks played
    double dummy if ``seen``)."""
    rest = rest_of_deal(hand, turned_up, rng)
    return [run_deal(hand, rest[:5], turned_up, rest[5:], Choices(call=call, seen=seen)) for call in (PLAY, PROPOSE)]


def first_call_seen(hand: Sequence[int], turned_up: int, rng: random.Random) -> list[int]:
    """``first_call_sample`` with the tricks played double dummy: the check of the tables' play policy."""
    return first_call_sample(hand, turned_up, rng, seen=True)


def answer_sample(hand: Sequence[int], turned_up: int, rng: random.Random) -> list[int] | None:
    """The dealer's hand after a proposal: the outcomes of accepting and refusing; None if the non-dealer dealt
    here would not have proposed by the book (the dealer reads the proposal as the book's)."""
    rest = rest_of_deal(hand, turned_up, rng)
    if stands(tuple(sorted(rest[:5])), turned_up >> 3, False):
        return None
    choices = [Choices(call=PROPOSE, answer=answer) for answer in (ACCEPT, REFUSE)]
    return [run_deal(rest[:5], hand, turned_up, rest[5:], c) for c in choices]


THROWS = range(1, 6)
FIRST_CALL = "first_call"  # the tables' decisions: the non-dealer's play or propose, ...
#: Each table's choices, in the order of its columns.
CHOICES = {"first_call": [PLAY, PROPOSE], "answer": [ACCEPT, REFUSE], "discard": [f"throw {k}" for k in THROWS]}


def discard_sample(hand: Sequence[int], turned_up: int, rng: random.Random) -> list[int] | None:
    """The non-dealer's hand after an accepted proposal: the outcomes of throwing his 1 to 5 weakest cards;
    None if the dealer dealt here would have refused by the book."""
    rest = rest_of_deal(hand, turned_up, rng)
    if stands(tuple(sorted(rest[:5])), turned_up >> 3, True):
        return None
    choices = [Choices(call=PROPOSE, answer=ACCEPT, throw=k) for k in THROWS]
    return [run_deal(hand, rest[:5], turned_up, rest[5:], c) for c in choices]


def first_call_table_dealer(hand: Sequence[int], turned_up: int, rng: random.Random) -> list[int]:
    """``first_call_sample`` against a stronger dealer, who answers the first proposal by the tables."""
    rest = rest_of_deal(hand, turned_up, rng)
    answer = table_answer(rest[:5], turned_up >> 3)
    return [run_deal(hand, rest[:5], turned_up, rest[5:], Choices(call, answer)) for call in (PLAY, PROPOSE)]


def table_answer(hand: Sequence[int], trump: int) -> str:
    """The dealer's answer by the tables: the better of accept and refuse, the book's when they are as good."""
    _, (mean, margin) = class_figures("answer", hand_class(hand, trump))
    if abs(mean) <= margin:
        return REFUSE if stands(tuple(sorted(hand)), trump, True) else ACCEPT
    return ACCEPT if mean > 0 else REFUSE


SAMPLERS = {
    "first_call": first_call_sample,
    "answer": answer_sample,
    "discard": discard_sample,
    "first_call_seen": first_call_seen,
    "first_call_table_dealer": first_call_table_dealer,
}


def hand_rows(kind: str, hand: Sequence[int], turned_up: int, samples: int, rng: random.Random) -> list[list[int]]:
    """``samples`` deals of one hand for one decision: a row of outcomes (one per choice) per deal, the deals the
    decision never meets (``answer_sample``, ``discard_sample``) left out."""
    rows: list[list[int]] = []
    for _ in range(20 * samples):
        if len(rows) == samples:
            break
        row = SAMPLERS[kind](hand, turned_up, rng)
        if row is not None:
            rows.append(row)
    return rows


def class_rows(kind: str, key: str, samples: int, seed: int | str = 0) -> list[list[int]]:
    """``samples`` deals of a hand class for one decision, each with a hand of the class drawn afresh: reproducible
    from the seed, so a test can regenerate any slice of the saved tables."""
    rng = random.Random(f"{seed}:{kind}:{key}")
    rows: list[list[int]] = []
    for _ in range(20 * samples):
        if len(rows) == samples:
            break
        hand, turned_up = class_hand(key, rng)
        row = SAMPLERS[kind](hand, turned_up, rng)
        if row is not None:
            rows.append(row)
    return rows


def tallies(rows: Sequence[Sequence[int]]) -> list[Tally]:
    """A tally per choice (column) of these rows."""
    return [Tally.of(column) for column in zip(*rows)]


def exact_stand(hand: Sequence[int], turned_up: int) -> Tally:
    """Playing without proposing, exactly: every one of the dealer's C(26, 5) = 65 780 hands, the book's play."""
    rest = [c for c in ALL if c != turned_up and c not in hand]
    trump = turned_up >> 3
    counts = [0] * len(OUTCOMES)
    for dealer in itertools.combinations(rest, 5):
        won = play_tricks(hand, dealer, trump, turned_up)
        counts[outcome(won, [list(hand), list(dealer)], turned_up, False, False)] += 1
    return Tally(counts)


# ---------------------------------------------------------------------------
# 7. Reading the tables: the figures of a hand's choices, and the table's verdict


@functools.cache
def tables() -> dict[str, Any]:
    """The saved tables (``strategy_tables.json``)."""
    saved: dict[str, Any] = json.loads(TABLES.read_text(encoding="utf-8"))
    saved["index"] = {key: number for number, (key, _) in enumerate(saved["classes"])}
    return saved


COURSE_LIST = "the course's list of jeux de règle (advice.jeu_de_regle)"


def claim_source(claim: dict[str, Any]) -> str:
    """Who says a claim of the saved books, honestly: the jeux de règle are the course's own list (the summary gives
    Foster the definition and the King exception only), each rule's King half Foster's exception applied to it."""
    if not claim["claim"].startswith("jeu de règle,"):
        return str(claim["source"])
    if "holding the King of trumps" in claim["claim"]:
        return f"Foster's Hoyle, as summarised (its King exception), on {COURSE_LIST}"
    return f"{COURSE_LIST[:1].upper()}{COURSE_LIST[1:]}, played as Foster's definition says"


def class_figures(kind: str, key: str) -> tuple[list[Figures], tuple[float, float]]:
    """A class's figures for each choice of a decision, and the paired difference of the first two choices'
    points with its 95 % margin, from the tables."""
    saved = tables()
    row = saved[kind][saved["index"][key]]
    n, (total, squares) = row[0], row[1]
    seat = 1 if kind == "answer" else 0
    if kind != "discard":
        figures = [Tally(counts).figures(seat) for counts in row[2:]]
    else:
        figures = [Figures(n, *numbers) for numbers in row[2:]]
    mean = total / max(1, n)
    margin = Z95 * math.sqrt(max(0.0, squares / n - mean * mean) / (n - 1)) if n > 1 else 3.0
    return figures, (mean, margin)


@dataclass(frozen=True)
class Verdict:
    """The table's answer for a hand at one decision: each choice's figures, best first by points."""

    kind: str
    key: str
    choices: tuple[str, ...]
    figures: tuple[Figures, ...]
    difference: tuple[float, float]  # the first two choices' points, the first less the second, and its margin

    @property
    def best(self) -> str:
        """The choice with the most points a deal."""
        return max(zip(self.choices, self.figures), key=lambda cf: cf[1].points())[0]

    @property
    def close(self) -> bool:
        """Whether the first two choices are as good as each other: their difference is within its margin."""
        mean, margin = self.difference
        return abs(mean) <= margin

    def of(self, choice: str) -> Figures:
        """The figures of one choice."""
        return self.figures[self.choices.index(choice)]

    def sentence(self) -> str:
        """'the table says: play — 71 % ± 2 to win the point, +0.52 ± 0.06 points a deal (propose: ...)'."""
        best = self.best
        others = "; ".join(f"{c}: {describe(f)}" for c, f in zip(self.choices, self.figures) if c != best)
        verdict = self.closeness() if self.close and self.kind != "discard" else best
        return f"the table says: {verdict} — {describe(self.of(best))} ({others}; hands like yours: {self.key})"

    def closeness(self) -> str:
        """A close call in words: 'as good as each other' only where the difference is shown small, else how many
        deals would decide it."""
        mean, margin = self.difference
        best, other = self.best, self.other(self.best)
        if shown_small(mean, margin):
            return f"{best} or {other}, as good as each other (they differ by {abs(mean):.2f} ± {margin:.2f})"
        deals = self.figures[0].n
        needed = deals_to_decide(margin, deals)
        return f"{best} or {other}, too close to tell with {deals:,} deals (about {needed:,} would decide it)"

    def other(self, choice: str) -> str:
        """The other of the first two choices."""
        return self.choices[1] if choice == self.choices[0] else self.choices[0]

    def short(self, chosen: str) -> str:
        """The table's figures for a choice made and for the best (or, if it is the best, the runner-up), briefly."""
        best = self.best
        if chosen != best:
            shown = self.kind != "discard" and self.close and shown_small(*self.difference)
            said = "as good as" if shown else "too close to tell from"  # 'as good' only where the interval shows it
            return f"{said} {best} by the table ({chosen}: {brief(self.of(chosen))}; {best}: {brief(self.of(best))})"
        runner = max((c for c in self.choices if c != best), key=lambda c: self.of(c).points())
        return f"the table says {best} ({brief(self.of(best))}; {runner}: {brief(self.of(runner))})"


def brief(f: Figures) -> str:
    """'71 % ± 2 to win the point, +0.52 ± 0.06 points'."""
    win = f"{100 * f.win():.0f} % ± {max(1, round(100 * f.win_margin()))}"
    return f"{win} to win the point, {f.points():+.2f} ± {f.points_margin():.2f} points"


def describe(f: Figures) -> str:
    """'71 % ± 2 to win the point, +0.52 ± 0.06 points a deal'."""
    return (
        f"{100 * f.win():.0f} % ± {max(1, round(100 * f.win_margin()))} to win the point, "
        f"{f.points():+.2f} ± {f.points_margin():.2f} points a deal"
    )


def read_hand(hand: str | Iterable[Card | str]) -> list[Card]:
    """A hand as text ('Q♠ A♠ 7♠ K♥ K♦') or as cards or card texts; a clear ValueError for anything else."""
    return parse_hand(hand) if isinstance(hand, str) else [card(c) for c in hand]


def judge(kind: str, hand: str | Iterable[Card | str], trump: str) -> Verdict:
    """The table's verdict on a hand (the non-dealer's at 'first_call' and 'discard', the dealer's at 'answer')."""
    if kind not in CHOICES:
        raise ValueError(f"{kind!r} is not a decision of the tables: one of {', '.join(CHOICES)}")
    cards = read_hand(hand)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"an Écarté hand has five different cards, not {len(cards)}: {' '.join(map(str, cards))}")
    outside = [c for c in cards if c not in ECARTE_PACK]
    if outside:
        raise ValueError(f"{' '.join(map(str, outside))}: not in Écarté's pack (the 7s to the Kings and Aces)")
    key = hand_class(cards, suit(trump))
    figures, difference = class_figures(kind, key)
    return Verdict(kind, key, tuple(CHOICES[kind]), tuple(figures), difference)


# ---------------------------------------------------------------------------
# 8. The game to 5: the chance of winning it at every score, by dynamic programming over a deal's outcomes

TARGET = 5


def after_deal(number: int, non_dealer: int, dealer: int, target: int = TARGET) -> tuple[int, int] | int:
    """The scores (non-dealer's, dealer's) after a deal with this outcome, or who won the game (0 the non-dealer,
    1 the dealer) as the points came: the King first — it ends the game at once — then the tricks."""
    king, scorer, points = number // 4, number // 2 % 2, number % 2 + 1
    scores = [non_dealer, dealer]
    if king:
        scores[king - 1] += 1
        if scores[king - 1] >= target:
            return king - 1
    scores[scorer] += points
    if scores[scorer] >= target:
        return scorer
    return scores[0], scores[1]


@dataclass
class GameOdds:
    """The chance that the non-dealer wins the game, at each score (his, the dealer's), with the deals' outcome
    shares given for each class and choice, the non-dealer choosing per class by ``policy``."""

    shares: tuple[tuple[float, ...], ...]  # per class: the outcome shares of each choice, flattened
    weights: tuple[float, ...]
    policy: str  # 'book', 'points' (the most points a deal) or 'game' (the best chance of the game at each score)
    book_calls: tuple[int, ...]  # per class: the book's choice (0 play, 1 propose)
    target: int = TARGET
    known: dict[tuple[int, int], float] = field(default_factory=dict, repr=False)

    def non_dealer_wins(self, non_dealer: int, dealer: int) -> float:
        """The chance that the non-dealer, at this score, wins the game (the deal alternating); each deal adds a
        point at least, so the recursion ends."""
        if (non_dealer, dealer) not in self.known:
            total = 0.0
            for number, weight in enumerate(self.weights):
                chosen = (
                    self.shares[number][12:] if self.choice(number, non_dealer, dealer) else self.shares[number][:12]
                )
                total += weight * self.option_value(chosen, non_dealer, dealer)
            self.known[non_dealer, dealer] = total
        return self.known[non_dealer, dealer]

    def option_value(self, shares: Sequence[float], non_dealer: int, dealer: int) -> float:
        """The non-dealer's chance of the game after a deal with these outcome shares."""
        return sum(share * self.after(number, non_dealer, dealer) for number, share in enumerate(shares) if share)

    def after(self, number: int, non_dealer: int, dealer: int) -> float:
        """The non-dealer's chance of the game after a deal with this outcome, played at this score."""
        after = after_deal(number, non_dealer, dealer, self.target)
        return float(after == 0) if isinstance(after, int) else 1 - self.non_dealer_wins(after[1], after[0])

    def choice(self, number: int, non_dealer: int, dealer: int) -> int:
        """The choice (0 play, 1 propose) the policy makes for class ``number`` at this score."""
        play, propose = self.shares[number][:12], self.shares[number][12:]
        if self.policy == "book":
            return self.book_calls[number]
        if self.policy == "points":
            return int(mean_points(propose) > mean_points(play))
        return int(self.option_value(propose, non_dealer, dealer) > self.option_value(play, non_dealer, dealer))


def mean_points(shares: Sequence[float]) -> float:
    """The non-dealer's mean points less the dealer's, over a deal with these outcome shares."""
    return sum(s * net_points(o) for o, s in enumerate(shares))


def game_odds(policy: str = "book") -> GameOdds:
    """The game odds with the tables' first-call figures, the non-dealer choosing by ``policy``."""
    saved = tables()
    shares, weights, calls = [], [], []
    for (key, weight), row in zip(saved["classes"], saved["first_call"]):
        shares.append(tuple(Tally(row[2]).share() + Tally(row[3]).share()))
        weights.append(weight)
        hand, turned_up = class_hand(key, random.Random(0))
        calls.append(0 if stands(tuple(sorted(hand)), turned_up >> 3, False) else 1)
    total = sum(weights)
    return GameOdds(tuple(shares), tuple(w / total for w in weights), policy, tuple(calls))


def chance_of_game(odds: GameOdds, mine: int, theirs: int, i_deal: bool) -> float:
    """My chance of winning the game at this score, as dealer or not (the deal alternating)."""
    if i_deal:
        return 1 - odds.non_dealer_wins(theirs, mine)
    return odds.non_dealer_wins(mine, theirs)


def simulate_games(
    games: int, seed: int = 0, table_calls: bool = False, target: int = TARGET, start: tuple[int, int] = (0, 0)
) -> float:
    """The share of games to ``target`` won by the player who deals first, each deal played out by ``run_deal``
    (the non-dealer's first call by the book, or by the table's most points if ``table_calls``), the games begun at
    ``start`` (the first dealer's score, the other's): a check of the dynamic programming that shares nothing with
    it but the play-out."""
    rng = random.Random(seed)
    won = 0
    for _ in range(games):
        scores, dealer = list(start), 0
        while True:
            deck = rng.sample(ALL, len(ALL))
            call = table_call(deck[:5], deck[10]) if table_calls else BOOK
            after = after_deal(
                run_deal(deck[:5], deck[5:10], deck[10], deck[11:], Choices(call)),
                scores[1 - dealer],
                scores[dealer],
                target,
            )
            if isinstance(after, int):
                won += (dealer if after == 1 else 1 - dealer) == 0
                break
            scores[1 - dealer], scores[dealer] = after
            dealer = 1 - dealer
    return won / games


def table_call(hand: Sequence[int], turned_up: int) -> str:
    """The table's first call for this hand: the choice with more points a deal."""
    figures, _ = class_figures("first_call", hand_class(hand, turned_up >> 3))
    return PROPOSE if figures[1].points() > figures[0].points() else PLAY


def table_decision(kind: str, hand: Sequence[Card], trump: str, book_choice: str) -> tuple[str, Verdict]:
    """The table's choice for a hand, and its verdict: the choice with the most points a deal, or the book's when
    the table cannot tell it from the best (within the noise)."""
    verdict = judge(kind, hand, trump)
    best = verdict.best
    if kind == "discard":
        gap = verdict.of(best).points() - verdict.of(book_choice).points()
        close = gap <= math.hypot(verdict.of(best).points_margin(), verdict.of(book_choice).points_margin())
    else:
        close = verdict.close
    return (book_choice if close else best), verdict


def tables_apply(options: Any) -> bool:
    """Whether the tables speak of a deal under these options: they were played by the club laws (the course's
    default options); the target score does not change a deal."""
    return (
        isinstance(options, EcarteOptions)
        and dataclasses.replace(options, target_score=DEFAULT_OPTIONS.target_score) == DEFAULT_OPTIONS
    )
