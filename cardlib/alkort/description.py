"""Alkort as the course's registry knows it: what the widgets, apps, runner, tournament and bots look up."""

from __future__ import annotations

from typing import Any

from .. import games
from ..cards import ALKORT_PACK
from . import (
    HAND_SIZE,
    AlkortGame,
    AlkortOptions,
    AlkortState,
    coach,
    icelandic_description,
    legal_plays,
    may_exchange,
    trick_winner,
)
from .advice import AlkortRuleBot
from .playout import LOOKAHEAD
from .view import alkort_world, observe_alkort


def trick_scenario(given: dict[str, Any], options: AlkortOptions) -> dict[str, Any]:
    """Who wins a complete trick."""
    return {
        "winner": trick_winner(
            given["cards"], given.get("leader_has_won", False), given.get("first_trick", False), options
        )
    }


def legal_scenario(given: dict[str, Any], options: AlkortOptions) -> dict[str, Any]:
    """Which cards a player may play now."""
    return {
        "legal": legal_plays(
            given["hand"], given["trick"], given.get("has_won", False), given.get("first_trick", False), options
        )
    }


def exchange_scenario(given: dict[str, Any], options: AlkortOptions) -> dict[str, Any]:
    """Whether a dealt hand may make the worthless-hand exchange."""
    return {"entitled": may_exchange(given["hand"], options)}


def a_dealt_hand(given: dict[str, Any]) -> str:
    """Only a dealt hand may be exchanged."""
    held = len(given["hand"])
    return "" if held == HAND_SIZE else f"an exchange hand is a dealt hand of {HAND_SIZE} cards, not {held}"


def seen_before_play(state: AlkortState, seat: int) -> dict[str, Any]:
    """The cards of other hands a seat has been shown before play."""
    return {"seen": [c for cards in state.shown_to(seat).values() for c in cards]}


SCENARIOS = {
    "trick": games.ScenarioKind(
        frozenset({"cards"}), frozenset({"leader_has_won", "first_trick"}), frozenset({"winner"}), trick_scenario
    ),
    "legal": games.ScenarioKind(
        frozenset({"hand", "trick"}), frozenset({"has_won", "first_trick"}), frozenset({"legal"}), legal_scenario
    ),
    "exchange": games.ScenarioKind(
        frozenset({"hand"}), frozenset(), frozenset({"entitled"}), exchange_scenario, check=a_dealt_hand
    ),
    "deal": games.deal_scenarios(frozenset({"seen"}), seen_before_play),
}


DESCRIPTION = games.register(
    games.GameDescription(
        key="alkort",
        name="Alkort",
        pack=ALKORT_PACK,
        players=(4, 2),
        options=AlkortOptions,
        state=AlkortState,
        deal=AlkortState,  # the constructor itself: no wrapper's calls on every deal
        observe=observe_alkort,
        world=alkort_world,
        lookahead=LOOKAHEAD,
        coach=coach,
        scenarios=SCENARIOS,
        rule_bot=AlkortRuleBot,
        description="Icelandic, 4 players in partnerships or 2",
        game=AlkortGame,
        card_name=icelandic_description,
        hooks={
            "table_notes": "cardlib.widgets.notes:AlkortNotes",
            "explore_deal": "cardlib.widgets.explore:DealExplorer.deal_alkort",
            "explorer_options": "cardlib.widgets.explore:HAND_OPTIONS",
            "trick_rule": "cardlib.widgets.explore:ALKORT_TRICKS",
        },
        dealing=(
            "nine cards to each player, three at a time, in three rounds, starting with "
            "the seat on the dealer's left (`(dealer + 1) % players`) and going clockwise; the cards left over, top "
            "first, are the stock (8 with four players, 26 with two). With the option `draw_after_trick`, after each "
            "trick every player takes the top card of the stock while it holds one for each, the trick's winner "
            "first and then clockwise."
        ),
    )
)
