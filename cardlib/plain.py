"""Helpers for the common case: a plain trick-taking game in about a hundred lines.

Most trick games share their bones: hands dealt in order from the top of the deck, the duty to follow the suit
led, a trump suit that beats the others, voids given away by a failure to follow, four players in two
partnerships (or each alone), and a seat's view that is its hand, the cards played and the legal moves. A new
game's room takes these from here and writes only what is its own (its ranks, its score); the guide's toy
(``tests/toy_game.py``) is such a game. Alkort and Écarté, whose rules reach further (exchanges, proposals,
announcements, cards shown), have rooms of their own that do not need these.

- ``deal_in_order`` / ``stack_in_order``: hands from a deck, and the deck back from hands (a stacked deck);
- ``following``: the cards a hand may play to a trick (the suit led, else any card);
- ``trick_winner``: the highest trump, else the highest card of the suit led, by the game's order of ranks;
- ``voids``: the suits each seat is known to lack (it did not follow);
- ``Partnerships``: ``side_of``, ``partner`` and ``side_name`` for four in two partnerships (or each alone);
- ``PlainView``, ``observe`` and ``world``: a seat's view (a ``contracts.SeatView``) and the worlds that agree
  with it, dealt fairly by ``cardlib.worlds`` (each arrangement of the hidden cards as likely as a shuffle makes
  it, no card where a void says it cannot be), the public moves replayed.

A plain game's moves are its cards, all public once played; a game with hidden moves writes its own view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import games
from .cards import Card
from .tricks import Action, DealState, Play, RuleOptions, in_fixed_order
from .worlds import Holder, Holdings, Worlds

ASIDE = "aside"  # the cards dealt to no one (a stock, a widow): a place the hidden cards may be


def deal_in_order(deck: Sequence[Card], players: int, hand_size: int) -> tuple[list[list[Card]], list[Card]]:
    """Each seat's hand, ``hand_size`` cards from the top of the deck in seat order (seat 0 first), and the rest."""
    hands = [list(deck[seat * hand_size : (seat + 1) * hand_size]) for seat in range(players)]
    return hands, list(deck[players * hand_size :])


def stack_in_order(hands: Sequence[Sequence[Card]], rest: Sequence[Card]) -> list[Card]:
    """The deck that ``deal_in_order`` deals into these hands and this rest (a stacked deck)."""
    return [*(c for held in hands for c in held), *rest]


def following(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards a hand may play to the trick: of the suit led if it holds any, otherwise any card."""
    led = [c for c in hand if trick and c.suit == trick[0].suit]
    return led or list(hand)


def trick_winner(cards: Sequence[Card], order: Sequence[str], trump: str | None = None) -> int:
    """Which card of a trick wins it: the highest trump, if any was played, else the highest of the suit led
    (``order``: the ranks from lowest to highest)."""
    suit = trump if trump is not None and any(c.suit == trump for c in cards) else cards[0].suit
    contenders = [i for i, c in enumerate(cards) if c.suit == suit]
    return max(contenders, key=lambda i: order.index(cards[i].rank))


def voids(plays: Sequence[Play]) -> dict[int, set[str]]:
    """The suits each seat is known to hold no more of: those led to it that it did not follow."""
    led: dict[int, str] = {}
    found: dict[int, set[str]] = {}
    for p in plays:
        suit = led.setdefault(p.trick, p.card.suit)  # the first card of each trick is the one led
        if p.card.suit != suit:
            found.setdefault(p.seat, set()).add(suit)
    return found


class Partnerships:
    """The sides of a game of four in two partnerships (each seat with the one opposite), or of each alone.

    Mix it into a ``DealState`` before the base: ``class MyState(Partnerships, DealState)``."""

    n_players: int

    def side_of(self, seat: int) -> int:
        """Seats 0 and 2 against 1 and 3 with four players; each seat alone otherwise."""
        return seat % 2 if self.n_players == 4 else seat

    def partner(self, seat: int) -> int | None:
        """The seat opposite, with four players; None when each plays alone."""
        return (seat + 2) % 4 if self.n_players == 4 else None

    def side_name(self, side: int) -> str:
        """'players 0 and 2' for a partnership, 'player 0' alone."""
        return f"players {side} and {side + 2}" if self.n_players == 4 else f"player {side}"


@dataclass(frozen=True)
class PlainView:
    """All one seat of a plain trick game may know: its hand, every card played and by whom, the legal moves."""

    options: RuleOptions
    pack: tuple[Card, ...]
    players: int
    seat: int
    dealer: int
    scores_before: tuple[int, ...]
    hand: tuple[Card, ...]
    plays: tuple[Play, ...]
    trick: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    to_move: int | None
    log: tuple[Action, ...]
    legal: tuple[Action, ...]

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen: the other hands and the cards aside, in pack order."""
        seen = {*self.hand, *(p.card for p in self.plays)}
        return [c for c in self.pack if c not in seen]

    def key(self) -> str:
        """A text that names this information set (to seed a bot's thinking)."""
        hand = " ".join(map(str, self.hand))
        return f"{self.seat}|{self.dealer}|{self.scores_before}|{hand}|{' '.join(map(str, self.log))}"

    def hidden_deal(self) -> Worlds:
        """The unseen cards and where they may be: each other hand (none of a suit it did not follow), and aside."""
        unseen, lacking = self.unseen(), voids(self.plays)
        holders = [
            Holder(seat, self.hand_sizes[seat], frozenset(c for c in unseen if c.suit not in lacking.get(seat, ())))
            for seat in range(self.players)
            if seat != self.seat
        ]
        aside = len(unseen) - sum(h.count for h in holders)
        return Worlds(unseen, [*holders, Holder(ASIDE, aside)])

    def world_from(self, holdings: Holdings) -> DealState:
        """The deal with the hidden cards where ``holdings`` puts them, its moves replayed."""
        dealt = [
            [*(self.hand if seat == self.seat else holdings[seat]), *(p.card for p in self.plays if p.seat == seat)]
            for seat in range(self.players)
        ]
        deck = stack_in_order(dealt, holdings[ASIDE])
        state = games.of(self).deal(
            self.options, players=self.players, dealer=self.dealer, deck=deck, scores_before=self.scores_before
        )
        for move in self.log:
            state.apply(move)
        return state


def observe(state: Any, seat: int) -> PlainView:
    """What a seat of a plain trick game knows (its state keeps ``hands``, ``trick`` and ``log``)."""
    return PlainView(
        state.options,
        tuple(games.of(state).pack),
        state.n_players,
        seat,
        state.dealer,
        tuple(state.scores_before),
        tuple(sorted(state.hands[seat])),
        state.plays(),
        tuple(state.trick),
        tuple(map(len, state.hands)),
        None if state.is_over else state.seat_to_move(),
        tuple(state.log),
        in_fixed_order(state.legal_actions(seat)),
    )


def world(view: PlainView, rng: random.Random) -> DealState:
    """A full deal that agrees with the view, drawn fairly among all that do (``cardlib.worlds``)."""
    return view.world_from(view.hidden_deal().draw(rng))
