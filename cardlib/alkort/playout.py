"""How the Monte Carlo bot looks ahead in Alkort: its play-outs and the moves it compares.

The Monte Carlo bot (``cardlib.bots.montecarlo``) knows no game: it asks the registry for the game's ``Lookahead``,
and Alkort's is made here, from the book's advice (``advice.py``) and the view of a seat (``view.py``):

- **play-outs** (``playout_policy``): each imagined player follows the book, and (unlike in Écarté) sees the
  imagined hands: measured, this is as strong as reckoning as the real bots do, and a fifth faster;
- **the moves worth comparing** (``candidates``): rubbish cards of the same kind do the same job, so one of each
  kind is compared;
- **worlds** (``imagine``): the first built by replaying the log, the others copies of it with other hidden cards;
- a worthless hand takes the stock without a search (``forced``), as the book says.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .. import games
from ..cards import PACK_ORDER, Card
from ..players import Decision
from ..tricks import Action, Exchange
from . import AlkortState, rubbish_kind
from . import advice as book
from .view import AlkortView, alkort_world


def playout_policy(state: AlkortState, legal: Sequence[Action]) -> Card:
    """The book's card for the player to move in an Alkort world, who sees the imagined hands."""
    seat, n, hands = state.seat_to_move(), state.n_players, state.hands
    # The cards among the legal actions (an exchange may be offered too): asked of the actions themselves, so that
    # when the stock may be taken stays the engine's rule alone.
    cards = [a for a in legal if isinstance(a, Card)]
    if len(cards) == 1:
        return cards[0]
    cards.sort(key=PACK_ORDER.__getitem__)  # in pack order, as the rule bot sees its hand: the book's ties go the
    # same way in every world
    outside = [c for s in range(n) if s != seat for c in hands[s]] if not state.trick else []
    partner = state.partner(seat)
    partner_holds = hands[partner] if partner is not None else []
    return book.play_advice(
        sorted(hands[seat], key=PACK_ORDER.__getitem__),
        cards,
        state.trick,
        seat,
        state.leader,
        n,
        state.has_won,
        not state.tricks,
        state.options,
        outside,
        partner_holds,
    )[0]


def candidates(view: AlkortView) -> Sequence[Action]:
    """The cards to compare: one of each kind (a rubbish card does the job of any other of its kind).

    Only cards are compared: a bot decides on a card once every other seat has been offered the exchange.
    """
    seen: dict[tuple[int, str], Card] = {}
    for c in view.legal:
        if isinstance(c, Card):
            seen.setdefault(rubbish_kind(c, view.options), c)
    return list(seen.values())


def forced(view: AlkortView) -> Decision | None:
    """A worthless hand takes the stock when offered, as the book says: no search needed."""
    if any(isinstance(a, Exchange) for a in view.legal) and book.takes_the_stock(view.hand, view.options):
        keep, why = book.exchange_advice(view.hand, view.options)
        return Decision(Exchange(keep), why)
    return None


def budget(view: AlkortView) -> int:
    """Play-outs per decision: fewer early in the deal, when each costs more."""
    cards_left = sum(view.hand_size(s) for s in range(view.players))
    return min(320, max(60, 4000 // cards_left))


def imagine(view: AlkortView, rng: random.Random) -> Callable[[], Any]:
    """The worlds of one decision: the first built by replaying the log, the others copies of it (much faster)."""
    first: list[AlkortState] = []

    def draw() -> AlkortState:
        world = alkort_world(view, rng, first[0] if first else None)
        first[:1] = first or [world]
        return world

    return draw


LOOKAHEAD = games.Lookahead(
    playout_policy=playout_policy,
    candidates=candidates,
    imagine=imagine,
    forced=forced,
    budget=budget,
)
