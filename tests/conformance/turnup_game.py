"""A throw-away plain game with a turned-up trump, written with the helpers for the common case, for the tests.

*Turn-up*: four players in two partnerships (or two alone), five cards each from a 24-card pack (9 to Ace); the next
card is turned up for everyone to see, and its suit is trumps. The dealer's left leads; follow suit if you can, else
play any card; the highest trump wins the trick, else the highest card of the suit led; a point a trick, to a target.

It shows what a plain game needs: its options (``plain.PlainOptions``), its state (``plain.PlainState``, with the
public-card hook ``turned_up``), a rule bot, and its registry entry (``games.plain_game``) — about a hundred lines.
The conformance suite holds it to every promise of a game; ``make check-with-a-fourth-game`` plays the quick loop
with it registered (``pytest --register-game tests/conformance/turnup_game.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib import games, plain
from cardlib.cards import Card, hand
from cardlib.contracts import Decision
from cardlib.players import InformedPlayer

ORDER = ("9", "10", "J", "Q", "K", "A")  # low to high
PACK = tuple(hand(" ".join(f"{rank}{suit}" for suit in "♠♥♦♣" for rank in ORDER)))


@dataclass(frozen=True)
class TurnUpOptions(plain.PlainOptions):
    """Turn-up's options: the target score alone (``PlainOptions``)."""

    game = "Turn-up"


class TurnUpState(plain.Partnerships, plain.PlainState):
    """One deal of Turn-up: a plain trick game whose trumps are the suit of the card turned up on the stock."""

    options: TurnUpOptions
    options_class = TurnUpOptions
    pack = PACK
    hand_size = 5
    default_players = 4
    turned_up = 1  # the top card of the stock lies face up: the views show it, the worlds keep it there

    @property
    def trump(self) -> str:
        """The suit of the turned-up card."""
        return self.stock[0].suit

    def winning_card(self, cards: Sequence[Card]) -> int:
        """The highest trump, or else the highest card of the suit led."""
        return plain.trick_winner(cards, ORDER, self.trump)


def strength(card: Card, trump: str) -> tuple[bool, int]:
    """How strong a card is, trumps above the rest."""
    return card.suit == trump, ORDER.index(card.rank)


class TurnUpRuleBot(InformedPlayer):
    """Takes a trick with its cheapest card that does, else throws its cheapest card; leads its strongest."""

    name = "rules"

    def choose(self, view: Any) -> Decision:
        trump = view.public[0].suit  # the card turned up, which every seat sees
        cards = sorted((a for a in view.legal if isinstance(a, Card)), key=lambda c: strength(c, trump))
        if not view.trick:
            return Decision(cards[-1], f"leads its strongest card, {cards[-1]} ({trump} are trumps)")
        winners = [c for c in cards if plain.trick_winner([*view.trick, c], ORDER, trump) == len(view.trick)]
        if winners:
            return Decision(winners[0], f"takes the trick with {winners[0]}, its cheapest card that does")
        return Decision(cards[0], f"cannot take the trick, so throws its cheapest card, {cards[0]}")


DESCRIPTION = games.plain_game(
    TurnUpState,
    key="turnup",
    name="Turn-up",
    rule_bot=TurnUpRuleBot,
    players=(4, 2),
    description="a plain trick game with a turned-up trump, for the tests",
)
