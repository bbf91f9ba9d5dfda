"""A throw-away fourth game, written with the helpers for a plain trick game (``cardlib.plain``), for the tests.

*Trumps*: four players in two partnerships (or two alone), five cards each from a 24-card pack (9 to Ace), the rest
aside; the trump suit is an option; the dealer's left leads; follow suit if you can, else play any card; the
highest trump wins the trick, else the highest card of the suit led; a point a trick, to a target score.

It exists to show that the course needs nothing of a new game but its file: registered (``register()``), every
test that reads the registry plays it (``pytest --register-game tests/conformance/fourth_game.py``, or
``make check-with-a-fourth-game``), and nothing else is edited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib import games, plain
from cardlib.cards import Card, hand
from cardlib.players import Decision, InformedPlayer
from cardlib.tricks import RuleOptions, option, positive_whole_number

KEY = "trumps"
ORDER = ("9", "10", "J", "Q", "K", "A")  # low to high
PACK = tuple(hand(" ".join(f"{rank}{suit}" for suit in "♠♥♦♣" for rank in ORDER)))
HAND_SIZE = 5


@dataclass(frozen=True)
class TrumpsOptions(RuleOptions):
    """The fourth game's options: the trump suit and the target."""

    game = "Trumps"

    trump: str = option("♠", "♥", "♦", "♣", doc="The trump suit", words={s: f"{s} are trumps" for s in "♠♥♦♣"})
    target_score: int = positive_whole_number(5, doc="Points that win the game")


class TrumpsState(plain.Partnerships, plain.PlainState):
    """One deal of Trumps: a plain trick game with a trump suit, in partnerships when four play."""

    options: TrumpsOptions
    options_class = TrumpsOptions
    pack = PACK
    hand_size = HAND_SIZE
    default_players = 4

    def winning_card(self, cards: Sequence[Card]) -> int:
        """The highest trump, or else the highest card of the suit led."""
        return plain.trick_winner(cards, ORDER, self.options.trump)


class TrumpsRuleBot(InformedPlayer):
    """Plays its highest card when leading, else its lowest card."""

    name = "rules"

    def choose(self, view: Any) -> Decision:
        cards = sorted((a for a in view.legal if isinstance(a, Card)), key=lambda c: ORDER.index(c.rank))
        if view.trick:
            return Decision(cards[0], f"follows with its lowest card, {cards[0]}, keeping the high ones")
        return Decision(cards[-1], f"leads its highest card, {cards[-1]}, to draw the others out")


DESCRIPTION = games.GameDescription(
    key=KEY,
    name="Trumps",
    pack=PACK,
    players=(4, 2),
    options=TrumpsOptions,
    state=TrumpsState,
    deal=TrumpsState,
    observe=plain.observe,
    world=plain.world,
    rule_bot=TrumpsRuleBot,
    description="a plain trick game with trumps, for the tests",
    scenarios={"deal": games.deal_scenarios()},
)


def register() -> games.GameDescription:
    """Add Trumps to the course (``games.unregister(KEY)`` takes it out)."""
    return games.register(DESCRIPTION)
