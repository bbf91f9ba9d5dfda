"""Écarté by the book: the classic advice as small functions.

The old writers (Cavendish's club laws, the 1911 Britannica, Foster's Hoyle) give
the non-dealer a list of hands to *play without proposing*, the **jeux de règle**.
Their principle: the dealer seldom holds two trumps or more — a chance of 0.41, 0.32
or 0.24 when the non-dealer holds 0, 1 or 2 trumps (``dealer_trump_odds``; Foster's
*Hoyle* gives the odds against as 44 574 to 21 206 and 50 274 to 15 506) — so a hand
that wins three tricks unless he does is a favourite, and should stand. Here is our
reading of the list (the sources word it differently; it is advice, not law):

1. any hand with three trumps or more;
2. two trumps, with three cards of one plain suit, or with a plain King, or with
   two Queens;
3. one trump, with four cards of one plain suit, or with a tierce major (K Q J of
   a plain suit), or with two plain Kings, or with a King and two Queens;
4. no trump, with four court cards (K, Q or J) of which two are Kings;
5. any hand from which at most two cards could be thrown without throwing a King or
   a trump.

The dealer refuses with the same hands, a little stricter: two trumps and three of a
suit only if that suit is headed by a court card; one trump and four of a suit never.
When exchanging, throw away everything but trumps and Kings. In play, head a trick
with the lowest card that wins it, lead Kings and trumps when strong, and announce
the King of trumps — a free point — the moment you are about to play.

The rule bot that follows this advice is in ``advice.py``; the computed tables (``strategy``) measure it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence

from ..cards import ECARTE_PACK, SUITS, Card
from ..contracts import Decision
from ..tricks import Claim
from . import HAND_SIZE, RANK_ORDER, beats_in_suit, trick_winner
from .view import EcarteView

COURT = ("K", "Q", "J")


def dealer_trump_odds(trumps_held: int) -> tuple[int, int]:
    """The odds against the dealer holding two trumps or more, as a non-dealer holding this many trumps sees them:
    (the dealer's possible hands with fewer, those with two or more).

    The non-dealer sees his five cards and the turned-up trump, so 26 cards are unseen, of which
    ``7 - trumps_held`` are trumps; the dealer holds 5 of the 26, every hand as likely.
    """
    unseen = len(ECARTE_PACK) - HAND_SIZE - 1
    trumps = len(ECARTE_PACK) // len(SUITS) - 1 - trumps_held
    plain = unseen - trumps
    fewer = math.comb(plain, HAND_SIZE) + trumps * math.comb(plain, HAND_SIZE - 1)  # no trump, or one
    return fewer, math.comb(unseen, HAND_SIZE) - fewer


def dealer_two_trumps(trumps_held: int) -> float:
    """The chance that the dealer holds two trumps or more, seen from a non-dealer holding this many trumps."""
    against, odds_for = dealer_trump_odds(trumps_held)
    return odds_for / (against + odds_for)


assert dealer_trump_odds(1) == (44_574, 21_206) and dealer_trump_odds(2) == (50_274, 15_506)  # as Foster gives them
assert [round(dealer_two_trumps(k), 2) for k in (0, 1, 2)] == [0.41, 0.32, 0.24]


def trumps_in(hand: Sequence[Card], trump: str) -> list[Card]:
    return [c for c in hand if c.suit == trump]


def plain_suits(hand: Sequence[Card], trump: str) -> Counter:
    """How many cards of each plain (non-trump) suit a hand holds."""
    return Counter(c.suit for c in hand if c.suit != trump)


def has_tierce_major(hand: Sequence[Card], trump: str) -> bool:
    """King, Queen and Jack of one plain suit."""
    return any({Card(r, s) for r in COURT} <= set(hand) for s in SUITS if s != trump)


def jeu_de_regle(hand: Sequence[Card], trump: str, dealer: bool = False) -> str:
    """Which rule of the classic list says this hand should stand (play without proposing / refuse), or ''."""
    n_trumps = len(trumps_in(hand, trump))
    suits = plain_suits(hand, trump)
    longest = max(suits.values(), default=0)
    kings = sum(c.rank == "K" and c.suit != trump for c in hand)
    queens = sum(c.rank == "Q" and c.suit != trump for c in hand)
    courts = sum(c.rank in COURT and c.suit != trump for c in hand)
    keepers = sum(c.suit == trump or c.rank == "K" for c in hand)
    if n_trumps >= 3:
        return "three trumps or more"
    if n_trumps == 2:
        if longest == 3:
            long_suit = next(s for s, k in suits.items() if k == 3)
            headed = any(c.suit == long_suit and c.rank in COURT for c in hand)
            if not dealer or headed:
                return "two trumps and three cards of one suit"
        if kings:
            return "two trumps and a King"
        if queens >= 2:
            return "two trumps and two Queens"
    if n_trumps == 1:
        if longest == 4 and not dealer:
            return "one trump and four cards of one suit"
        if has_tierce_major(hand, trump):
            return "one trump and a tierce major"
        if kings >= 2:
            return "one trump and two Kings"
        if kings and queens >= 2:
            return "one trump, a King and two Queens"
    if n_trumps == 0 and courts >= 4 and kings >= 2:
        return "four court cards, two of them Kings"
    if keepers >= 3:
        return "only two cards to throw that are neither trumps nor Kings"
    return ""


def keep_value(c: Card, trump: str) -> int:
    """How much a card is worth keeping: trumps above Kings above the rest, higher cards first."""
    return (20 if c.suit == trump else 10 if c.rank == "K" else 0) + RANK_ORDER[c.rank]


def discard_advice(hand: Sequence[Card], trump: str, sizes: range) -> tuple[list[Card], str]:
    """Throw everything but trumps and Kings (as far as the allowed discard sizes permit)."""
    ordered = sorted(hand, key=lambda c: keep_value(c, trump))
    throw = [c for c in ordered if c.suit != trump and c.rank != "K"]
    size = min(max(len(throw), sizes.start), sizes.stop - 1)
    chosen = ordered[:size]
    if not chosen:
        return [], "keeps all five: every card is a trump or a King"
    why = (
        "throws all but trumps and Kings"
        if size == len(throw)
        else f"throws the {size} weakest card{'s' if size > 1 else ''} the rules allow"
    )
    return chosen, why


def lowest_winner(hand: Sequence[Card], trick: Sequence[Card], trump: str, legal: Sequence[Card]) -> Card | None:
    """The cheapest legal card that takes the trick, or None."""
    winners = [c for c in legal if trick_winner([trick[0], c], trump) == 1]
    return min(winners, key=lambda c: keep_value(c, trump)) if winners else None


def lead_advice(hand: Sequence[Card], trump: str, outside: Collection[Card]) -> tuple[Card, str]:
    """Lead a master card if you have one, trumps when you hold most of them, else from your longest suit.

    ``outside``: the cards the other player might hold.
    """

    def is_master(c: Card) -> bool:
        return not any(o.suit == c.suit and beats_in_suit(o, c) for o in outside)

    trumps = trumps_in(hand, trump)
    masters = [c for c in hand if is_master(c)]
    trump_masters = [c for c in masters if c.suit == trump]
    if trump_masters and len(trumps) >= 2:
        c = max(trump_masters, key=lambda c: RANK_ORDER[c.rank])
        return c, f"leads {c}, the best trump left, to draw the other's trumps"
    plain_masters = [c for c in masters if c.suit != trump]
    if plain_masters:
        c = max(plain_masters, key=lambda c: RANK_ORDER[c.rank])
        return c, f"leads {c}: no higher card of its suit is left out against it"
    if len(trumps) >= 3:
        c = max(trumps, key=lambda c: RANK_ORDER[c.rank])
        return c, f"leads the high trump {c}: with three trumps, draw the other's"
    suits = plain_suits(hand, trump)
    if suits:
        suit = max(suits, key=lambda s: (suits[s], max(RANK_ORDER[c.rank] for c in hand if c.suit == s)))
        c = max((c for c in hand if c.suit == suit), key=lambda c: RANK_ORDER[c.rank])
        return c, f"leads {c}, the top of the longest plain suit"
    c = min(trumps, key=lambda c: RANK_ORDER[c.rank])
    return c, f"leads {c}, the lowest trump, keeping the high ones"


def play_advice(
    hand: Sequence[Card], trick: Sequence[Card], trump: str, legal: Sequence[Card], outside: Collection[Card]
) -> tuple[Card, str]:
    """Follow the classic play: head with the lowest winning card, else throw the cheapest; lead masters."""
    if not trick:
        return lead_advice(hand, trump, outside)
    win = lowest_winner(hand, trick, trump, legal)
    if win is not None:
        return win, f"takes {trick[0]} with {win}, the lowest card that wins it"
    c = min(legal, key=lambda c: keep_value(c, trump))
    return c, f"cannot beat {trick[0]}, so throws the cheapest card, {c}"


def claim_the_king(view: EcarteView) -> Decision | None:
    """Claim a turned-up King's point the moment the rules allow it (turned_king = claimed): it is free."""
    claim = next((a for a in view.legal if isinstance(a, Claim)), None)
    if claim is None:
        return None
    return Decision(claim, f"claims the turned-up {claim.king} for a point: an unclaimed King scores nothing.")


assert jeu_de_regle([Card("K", "♠"), Card("7", "♠"), Card("8", "♠"), Card("9", "♥"), Card("J", "♦")], "♠")
assert not jeu_de_regle([Card("7", "♠"), Card("8", "♥"), Card("9", "♥"), Card("10", "♦"), Card("J", "♣")], "♠")
