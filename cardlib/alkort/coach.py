"""The coach in Alkort's words, and what its double-dummy search may skip.

The coach itself (``cardlib/coach.py``) knows no game. Alkort's room tells it:

- how to name an option (``phrase``): playing a card, taking the stock keeping one card, keeping the hand;
- what winning is: the side that takes five tricks first wins the deal (one point; five for a múk, the first five
  tricks; more for a stroke);
- for the hindsight column (``cardlib/doubledummy.py``), which details of a position still matter for the rest of
  the deal (``position_key``: which side won each trick, in order, for the múk and the stroke, but not which
  cards made them), and which cards in one hand do the same job (``distinct_moves``: ranked cards of one tier,
  and plain rubbish, when the rubbish is all equal — as the Monte Carlo bot compares them).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..cards import Card
from ..tricks import Action, Exchange
from ..words import sentence
from . import AlkortState, strength

WINS = "wins the deal (five tricks first)"
SPECIAL_RANKS = "7 2 3 Q K 8"  # sevens, the takers of a led King or Queen, and the low Eights: never merged


def phrase(option: Any) -> str:
    """An option in Alkort's words: 'playing K♦', 'taking the stock, keeping 7♠', 'keeping the hand'."""
    if isinstance(option, Card):
        return f"playing {option}"
    if isinstance(option, Exchange):
        return f"taking the stock, keeping {option.keep}"
    return "keeping the hand for now (no exchange)"


def why(view: Any, hint: Any) -> str:
    """Why the best option is best, in one sentence of Alkort's words."""
    return sentence(hint, phrase, WINS)


def position_key(state: AlkortState) -> Hashable:
    """What still matters of a position for the rest of the deal (before the first card, the hands' order too)."""
    started = state.hands_at_first_card is not None
    return (
        state.current_player,
        state.leader,
        tuple(frozenset(h) if started else tuple(h) for h in state.hands),
        tuple(state.stock),
        tuple(state.exchanged),
        started,
        tuple(state.trick_sides),
        tuple(state.trick),
        tuple(state.has_won),
        tuple(state.scores_before),
    )


def distinct_moves(state: AlkortState, moves: Sequence[Action]) -> list[Action]:
    """The moves with equivalent cards once: ranked cards of one strength, or plain rubbish (not a 7, 2, 3, Queen,
    King or Eight), when all rubbish is equal and the stock cannot be taken in play (where a suit matters)."""
    options = state.options
    if options.rubbish_order != "equal" or options.stock_test == "or_void" and not state.tricks:
        return list(moves)
    seen: dict[Hashable, Action] = {}
    for move in moves:
        kind: Hashable = move
        if isinstance(move, Card):
            level = strength(move, options)
            kind = ("card", level, "" if level or move.rank not in SPECIAL_RANKS.split() else move.rank)
        seen.setdefault(kind, move)
    return touching(state, list(seen.values()))


def touching(state: AlkortState, moves: list[Action]) -> list[Action]:
    """The moves without a ranked card that does the job of a stronger one in the same hand: no card still in play
    (in a hand, the trick, or a stock still to be drawn) ranks between them, so each beats, and falls to, the same
    cards (the low Eights, with a rule of their own, and rubbish are left alone)."""
    options = state.options
    ranked = [m for m in moves if isinstance(m, Card) and strength(m, options) >= 2]
    to_come = state.stock if options.draw_after_trick else []  # drawn after the tricks, they will be in play too
    in_play = (*state.trick, *to_come, *(c for h in state.hands for c in h))
    live = [strength(c, options) for c in in_play if c not in ranked]
    dropped = set()
    for low in ranked:
        for high in ranked:
            a, b = strength(low, options), strength(high, options)
            if a < b and high not in dropped and not any(a <= x <= b for x in live):
                dropped.add(low)
                break
    return [m for m in moves if m not in dropped]
