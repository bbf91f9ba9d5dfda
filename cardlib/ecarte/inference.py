"""Reading the other player's card play: how likely the book would have played his cards with a world's hand.

The imagined worlds (``playout.Imagination``) already agree with his calls and discards by the book, and with what
the rules of play give away (voids, failures to head). His choices among legal cards tell more: a player who
follows the book leads and answers in ways that depend on his whole hand. The strong bot (``bots/strong.py``)
weighs each world by how likely the other player, playing like the Monte Carlo bot (the book's card unless another
is clearly better), would have played the cards he played with that world's hand (``play_likelihood``).
"""

from __future__ import annotations

from ..cards import ECARTE_PACK, PACK_ORDER, Card
from ..tricks import Discard
from . import EcarteState, book, discarder, legal_plays
from .view import EcarteView

# How often the other player leaves the book's card, by kind of play, as measured for the Monte Carlo bot (60 deals
# of mc against itself: 53 leads of 218 with a choice, 5 answers of 100): a card other than the book's is that
# likely, shared among the other legal cards.
LEAD_SLIP, FOLLOW_SLIP = 0.25, 0.05


def his_discards(world: EcarteState, seat: int) -> set[Card]:
    """The cards ``seat`` threw in a world's exchanges."""
    thrown: set[Card] = set()
    number = 0
    for action in world.log:
        if isinstance(action, Discard):
            if discarder(number, world.dealer) == seat:
                thrown |= action.cards
            number += 1
    return thrown


def play_likelihood(world: EcarteState, view: EcarteView) -> float:
    """How likely, relative to the book's own play, the other player's cards so far are with this world's hand."""
    opp, trump, plays = view.opponent, view.trump, view.plays
    if not any(p.seat == opp for p in plays):
        return 1.0
    hand_now = list(world.hands[opp])
    known = his_discards(world, opp) | {*hand_now, view.turned_up}
    likelihood = 1.0
    for i, p in enumerate(plays):
        if p.seat != opp:
            continue
        then = hand_now + [q.card for q in plays[i:] if q.seat == opp]
        trick = [q.card for q in plays[:i] if q.trick == p.trick]
        legal = sorted(legal_plays(then, trick, trump, view.options))
        if len(legal) < 2:
            continue
        before = {q.card for q in plays[:i]}
        outside = [c for c in ECARTE_PACK if c not in known and c not in before and c not in then]
        advised = book.play_advice(sorted(then, key=PACK_ORDER.__getitem__), trick, trump, legal, outside)[0]
        if advised != p.card:
            likelihood *= (FOLLOW_SLIP if trick else LEAD_SLIP) / (len(legal) - 1)
    return likelihood
