"""cardlib: a small teaching library that plays Alkort and Écarté by the rulebook.

    >>> from cardlib import alkort, card
    >>> alkort.trick_winner([card("A♠"), card("9♦"), card("K♦"), card("2♥")])
    2

The modules build the games step by step: ``cards`` (cards and packs),
``tricks`` (what every deal shares: options, actions, illegal moves, and the
facts every game asks of it: who played each card, partners, sides, who lost),
then one room per game, ``alkort`` and ``ecarte``. A room holds the game's rules
(the package itself, read like a chapter), ``view`` (all that one seat may
know), ``advice`` (the old books' advice, as a bot), ``description`` (its entry
in the registry), and ``playout`` and ``coach`` (how the Monte Carlo bot looks
ahead in it, and the coach's words for its moves). ``games`` is the registry:
each game described once, looked up by everything above the engine, so that a
third game touches its own room and nothing else (the book's page "How to add a
game"). On top sit ``players``, ``bots``, ``coach``, ``widgets`` and
``exercises``; ``scenarios`` is the conformance runner, ``tournament`` plays
bots against bots and ``bench`` measures the engine's speed.
"""

from . import alkort, ecarte
from .cards import ALKORT_PACK, ECARTE_PACK, FULL_PACK, Card, CardError, card, hand, show, shuffled
from .tricks import (  # what every deal shares: actions, the deal as a state, illegal moves
    ACCEPT,
    PASS,
    PROPOSE,
    REFUSE,
    Action,
    Announce,
    Call,  # PROPOSE, ACCEPT, REFUSE and PASS are its values
    Claim,
    DealState,
    Discard,
    Exchange,
    IllegalAction,
    OptionError,
    action_text,
    parse_action,
)

__all__ = [
    "alkort",
    "ecarte",
    "Card",
    "CardError",
    "card",
    "hand",
    "show",
    "shuffled",
    "FULL_PACK",
    "ALKORT_PACK",
    "ECARTE_PACK",
    "Action",
    "Call",
    "PROPOSE",
    "ACCEPT",
    "REFUSE",
    "PASS",
    "Exchange",
    "Announce",
    "Claim",
    "Discard",
    "IllegalAction",
    "OptionError",
    "DealState",
    "action_text",
    "parse_action",
]
