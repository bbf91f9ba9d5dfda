"""A toy trick-taking game, written in one file, that the course plays as it plays its own games.

Two players; a pack of six cards, the Ace, King and Queen of spades and hearts; two cards each, dealt to seat 0
first, and the last two cards left aside. The dealer's opponent leads; the other must follow suit if he can; the
higher card of the suit led wins the trick (A K Q), and its winner leads the next. A point for each trick.

Everything the course needs of the game is here and in its registry entry (``DESCRIPTION``): its rules (a
``cardlib.plain.PlainState``, the engine's hooks filled in for a plain trick game), a seat's view and the worlds that
agree with it (the plain ones), its coach words, a rule bot, and the kinds of rule scenario it is checked with.
``register()`` adds it to the course, ``games.unregister(KEY)`` takes it out: the tests of the registry
(``test_toy_game.py``) and of the widgets import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib import games, plain
from cardlib.cards import Card, hand
from cardlib.plain import PlainCoach
from cardlib.players import Decision, InformedPlayer
from cardlib.tricks import RuleOptions, positive_whole_number

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


class ToyState(plain.PlainState):
    """One deal of the toy game: a plain trick game (``cardlib.plain.PlainState``: dealt in order, follow suit, the
    winner leads, a point a trick) with its own pack, hands of two and trick rule."""

    options: ToyOptions
    options_class = ToyOptions
    pack = PACK
    hand_size = HAND_SIZE
    default_players = PLAYERS
    trick_rule = "the highest of the suit led"

    def winning_card(self, cards: Sequence[Card]) -> int:
        return trick_winner(cards)


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
