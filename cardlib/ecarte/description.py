"""Écarté as the course's registry knows it: what the widgets, apps, runner, tournament and bots look up."""

from __future__ import annotations

import random
from typing import Any

from .. import games
from ..cards import ECARTE_PACK
from . import EcarteGame, EcarteOptions, EcarteState, coach, legal_plays, trick_winner
from .advice import EcarteRuleBot
from .playout import LOOKAHEAD
from .view import EcarteView, ecarte_world, observe_ecarte


def whole_game(options: EcarteOptions, *, players: int = 2, **kwargs: Any) -> EcarteGame:
    """A game of Écarté to the target score (always two players)."""
    return EcarteGame(options, **kwargs)


def world(view: EcarteView, rng: random.Random) -> EcarteState:
    """A full deal that agrees with the view (without a belief about the other's play, one is always found)."""
    found = ecarte_world(view, rng)
    assert found is not None
    return found


def trick_scenario(given: dict[str, Any], options: EcarteOptions) -> dict[str, Any]:
    """Who wins a complete trick."""
    return {"winner": trick_winner(given["cards"], given["trump"])}


def legal_scenario(given: dict[str, Any], options: EcarteOptions) -> dict[str, Any]:
    """Which cards a player may play now."""
    return {"legal": legal_plays(given["hand"], given["trick"], given["trump"], options)}


SCENARIOS = {
    "trick": games.ScenarioKind(frozenset({"cards", "trump"}), frozenset(), frozenset({"winner"}), trick_scenario),
    "legal": games.ScenarioKind(
        frozenset({"hand", "trick", "trump"}), frozenset(), frozenset({"legal"}), legal_scenario
    ),
    "deal": games.deal_scenarios(),
}


DESCRIPTION = games.register(
    games.GameDescription(
        key="ecarte",
        name="Écarté",
        pack=ECARTE_PACK,
        players=(2,),
        options=EcarteOptions,
        state=EcarteState,
        deal=EcarteState,  # the constructor itself (it takes players=2): no wrapper's calls on every deal
        observe=observe_ecarte,
        world=world,
        lookahead=LOOKAHEAD,
        coach=coach,
        scenarios=SCENARIOS,
        rule_bot=EcarteRuleBot,
        description="French, 2 players",
        game=whole_game,
        hooks={
            "table_notes": "cardlib.widgets.notes:EcarteNotes",
            "explore_deal": "cardlib.widgets.explore:DealExplorer.deal_ecarte",
            "trick_rule": "cardlib.widgets.explore:ECARTE_TRICKS",
        },
        dealing=(
            "five cards each in two packets, the non-dealer first — three then two, or "
            "two then three with the option `deal_packets = [2, 3]`; the eleventh card is turned up and its suit is "
            "trumps; the 21 cards left, top first, are the stock."
        ),
    )
)
