"""Alkort as the course's registry knows it: what the widgets, apps, runner, tournament and bots look up."""

from __future__ import annotations

from .. import games
from ..cards import ALKORT_PACK
from . import AlkortGame, AlkortOptions, AlkortState, new_deal
from .advice import AlkortRuleBot
from .view import alkort_world, observe_alkort

DESCRIPTION = games.register(
    games.GameDescription(
        key="alkort",
        name="Alkort",
        pack=ALKORT_PACK,
        players=(4, 2),
        options=AlkortOptions,
        state=AlkortState,
        deal=new_deal,
        observe=observe_alkort,
        world=alkort_world,
        rule_bot=AlkortRuleBot,
        description="Icelandic, 4 players in partnerships or 2",
        game=AlkortGame,
    )
)
