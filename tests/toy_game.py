"""A toy trick-taking game, written in one file, that the course plays as it plays its own games.

Two players; a pack of six cards, the Ace, King and Queen of spades and hearts; two cards each, dealt to seat 0
first, and the last two cards left aside. The dealer's opponent leads; the other must follow suit if he can; the
higher card of the suit led wins the trick (A K Q), and its winner leads the next. A point for each trick.

Everything the course needs of the game is here and in its registry entry (``DESCRIPTION``): its rules (a
``DealState`` with the engine's hooks), a seat's view and the worlds that agree with it, a rule bot, and the kinds
of rule scenario it is checked with. ``register()`` adds it to the course, ``games.unregister(KEY)`` takes it out:
the tests of the registry (``test_toy_game.py``) and of the widgets import it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardlib import games, plain
from cardlib.cards import Card, hand
from cardlib.contracts import PlainCoach
from cardlib.players import Decision, InformedPlayer
from cardlib.tricks import Action, DealState, RuleOptions, next_seat, positive_whole_number

KEY = "toy"
PACK = tuple(hand("A♠ K♠ Q♠ A♥ K♥ Q♥"))
HAND_SIZE = 2
PLAYERS = 2
ORDER = ("Q", "K", "A")  # low to high


@dataclass(frozen=True)
class ToyOptions(RuleOptions):
    """The toy game's one option."""

    game = "Toy"

    target_score: int = positive_whole_number(3, doc="Points that win the game")


# ---------------------------------------------------------------------------
# The rules


def legal_plays(cards_in_hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """Follow the suit led if you can; otherwise play any card."""
    return plain.following(cards_in_hand, trick)


def trick_winner(cards: Sequence[Card]) -> int:
    """Which card wins a trick: the highest of the suit led (no trumps)."""
    return plain.trick_winner(cards, ORDER)


class Trick(NamedTuple):
    """A finished trick: who led it, its cards in the order played, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class ToyState(DealState):
    """One deal of the toy game."""

    options: ToyOptions
    tricks: list[Trick]

    def __init__(
        self,
        options: ToyOptions | Mapping | None = None,
        *,
        players: int = PLAYERS,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        deck: Sequence[Card | str] | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        dealer = self._set_up(ToyOptions.from_dict(options), PLAYERS, dealer, deck, seed, scores_before, PACK)
        self.hands, self.stock = plain.deal_in_order(self.deck, PLAYERS, HAND_SIZE)
        self.tricks, self.trick, self.log = [], [], []
        self.leader = self.current_player = next_seat(dealer, PLAYERS)
        self.is_over, self._legal = False, None

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        return [] if seat is None else list(legal_plays(self.hands[seat], self.trick))

    def _actor(self, move: Action) -> int | None:
        return self.current_player if isinstance(move, Card) else None

    def _play(self, card: Card) -> None:
        seat = self.seat_to_move()
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.current_player = next_seat(seat, PLAYERS)
        if len(self.trick) == PLAYERS:  # the trick is complete: its winner leads the next, if any
            winner = [p.seat for p in self.plays() if p.trick == len(self.tricks)][trick_winner(self.trick)]
            self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
            self.trick, self.leader, self.is_over = [], winner, not any(self.hands)
            self.current_player = None if self.is_over else winner

    def _do(self, action: Action) -> None:
        raise AssertionError("the toy game has no moves but cards")

    def _why_illegal(self, move: Action) -> str:
        if not isinstance(move, Card) or self.current_player is None:
            return "Only a card may be played in the toy game, by the player whose turn it is."
        if move not in self.hands[self.current_player]:
            return f"{move} is not in the hand of the player to play."
        return f"You must follow suit: {self.trick[0].suit} was led."

    @property
    def points(self) -> list[int]:
        """A point for each trick won."""
        return self.tricks_by_side()

    def redeal(self) -> ToyState:
        return ToyState(self.options, dealer=self.dealer, deck=self.deck, scores_before=self.scores_before)

    def explain_trick(self, number: int = -1) -> str:
        trick = self.tricks[number]
        return f"player {trick.winner} wins with {trick.cards[trick_winner(trick.cards)]}, the highest of the suit led."

    def explain_choices(self) -> str:
        return "Follow the suit led if you can." if self.trick else "Lead any card."

    def explain_score(self) -> str:
        return f"A point a trick: {self.points[0]} to {self.points[1]}."


# ---------------------------------------------------------------------------
# A seat's view, the worlds that agree with it, and a rule bot


# A plain trick game's view is all its seat needs: its hand, the cards played, the legal moves, whose turn it is;
# the worlds that agree with it put the unseen cards where they may be (no card of a suit a seat did not follow),
# each arrangement as likely as the shuffle makes it, and replay the moves (cardlib.plain, cardlib.worlds).
observe = plain.observe
world = plain.world


class ToyCoach(PlainCoach):
    """The coach's words for the toy game: its options named as cards played, winning as taking both tricks or
    more than the other (the hindsight search keeps every detail and tries every card: PlainCoach's own)."""

    wins = "wins the deal (more tricks than the other)"

    def phrase(self, option: Any) -> str:
        return f"playing {option}" if isinstance(option, Card) else "waiting"


class ToyRuleBot(InformedPlayer):
    """Wins a trick with its lowest card that does, and otherwise throws its lowest card."""

    name = "rules"

    def choose(self, view: Any) -> Decision:
        cards = [a for a in view.legal if isinstance(a, Card)]
        low_first = sorted(cards, key=lambda c: ORDER.index(c.rank))
        winners = [c for c in low_first if view.trick and trick_winner([*view.trick, c]) == len(view.trick)]
        if winners:
            return Decision(winners[0], f"takes the trick with {winners[0]}, the lowest card that wins it")
        return Decision(low_first[0], f"plays its lowest card, {low_first[0]}")


# ---------------------------------------------------------------------------
# The registry entry


def trick_scenario(given: dict[str, Any], options: ToyOptions) -> dict[str, Any]:
    """Who wins a complete trick."""
    return {"winner": trick_winner(given["cards"])}


def legal_scenario(given: dict[str, Any], options: ToyOptions) -> dict[str, Any]:
    """Which cards a player may play now."""
    return {"legal": legal_plays(given["hand"], given["trick"])}


DESCRIPTION = games.GameDescription(
    key=KEY,
    name="Toy",
    pack=PACK,
    players=(PLAYERS,),
    options=ToyOptions,
    state=ToyState,
    deal=ToyState,
    observe=observe,
    world=world,
    rule_bot=ToyRuleBot,
    description="a two-card duel, for the tests",
    coach=ToyCoach(),
    scenarios={
        "trick": games.ScenarioKind(frozenset({"cards"}), expect=frozenset({"winner"}), run=trick_scenario),
        "legal": games.ScenarioKind(frozenset({"hand", "trick"}), expect=frozenset({"legal"}), run=legal_scenario),
        "deal": games.deal_scenarios(),
    },
)


def register() -> games.GameDescription:
    """Add the toy game to the course (``games.unregister(KEY)`` takes it out again)."""
    return games.register(DESCRIPTION)
