"""A throw-away fourth game, written with the helpers for a plain trick game (``cardlib.plain``), for the tests.

*Trumps*: four players in two partnerships (or two alone), five cards each from a 24-card pack (9 to Ace), the rest
aside; the trump suit is an option; the dealer's left leads; follow suit if you can, else play any card; the
highest trump wins the trick, else the highest card of the suit led; a point a trick, to a target score.

It exists to show that the course needs nothing of a new game but its file: registered (``register()``), every
test that reads the registry plays it (``pytest --register-game tests/conformance/fourth_game.py``, or
``make check-with-a-fourth-game``), and nothing else is edited.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardlib import games, plain
from cardlib.cards import Card, hand
from cardlib.players import Decision, InformedPlayer
from cardlib.tricks import Action, DealState, RuleOptions, next_seat, option, positive_whole_number

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


class Trick(NamedTuple):
    """A finished trick: its leader, its cards, its winner."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class TrumpsState(plain.Partnerships, DealState):
    """One deal of Trumps."""

    options: TrumpsOptions
    tricks: list[Trick]

    def __init__(
        self,
        options: TrumpsOptions | Mapping | None = None,
        *,
        players: int = 4,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        deck: Sequence[Card | str] | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        dealer = self._set_up(TrumpsOptions.from_dict(options), players, dealer, deck, seed, scores_before, PACK)
        self.hands, self.stock = plain.deal_in_order(self.deck, players, HAND_SIZE)
        self.tricks, self.trick, self.log = [], [], []
        self.leader = self.current_player = next_seat(dealer, players)
        self.is_over, self._legal = False, None

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        return [] if seat is None else list(plain.following(self.hands[seat], self.trick))

    def _actor(self, move: Action) -> int | None:
        return self.current_player if isinstance(move, Card) else None

    def _play(self, card: Card) -> None:
        seat = self.seat_to_move()
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.current_player = next_seat(seat, self.n_players)
        if len(self.trick) == self.n_players:
            winner = [p.seat for p in self.plays() if p.trick == len(self.tricks)][self.winning_card(self.trick)]
            self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
            self.trick, self.leader, self.is_over = [], winner, not any(self.hands)
            self.current_player = None if self.is_over else winner

    def winning_card(self, cards: Sequence[Card]) -> int:
        """Which card of a trick wins it."""
        return plain.trick_winner(cards, ORDER, self.options.trump)

    def _do(self, action: Action) -> None:
        raise AssertionError("Trumps has no moves but cards")

    def _why_illegal(self, move: Action) -> str:
        if not isinstance(move, Card) or self.current_player is None:
            return "Only a card may be played in Trumps, by the player whose turn it is."
        if move not in self.hands[self.current_player]:
            return f"{move} is not in the hand of the player to play."
        return f"You must follow suit: {self.trick[0].suit} was led."

    @property
    def points(self) -> list[int]:
        """A point for each trick won."""
        return self.tricks_by_side()

    def redeal(self) -> TrumpsState:
        return TrumpsState(
            self.options, players=self.n_players, dealer=self.dealer, deck=self.deck, scores_before=self.scores_before
        )

    def explain_trick(self, number: int = -1) -> str:
        trick = self.tricks[number]
        return f"player {trick.winner} wins with {trick.cards[self.winning_card(trick.cards)]}."

    def explain_choices(self) -> str:
        return "Follow the suit led if you can." if self.trick else "Lead any card."

    def explain_score(self) -> str:
        return f"A point a trick: {self.points[0]} to {self.points[1]}."


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
