"""cardlib: a small teaching library that plays Alkort and Écarté by the rulebook.

    >>> from cardlib import alkort, card
    >>> alkort.trick_winner([card("A♠"), card("9♦"), card("K♦"), card("2♥")])
    2

The modules build the games step by step: ``cards`` (cards and packs), ``tricks``
(what every deal shares: options, actions, illegal moves), ``alkort`` and
``ecarte`` (one module per game, read like a chapter), ``scenarios`` (the
conformance runner) and ``bench`` (the speed benchmark).
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
