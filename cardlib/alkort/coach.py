"""The coach in Alkort's words, and what its double-dummy search may skip.

The coach itself (``cardlib/coach.py``) knows no game. Alkort's room tells it:

- how to name an option (``phrase``): playing a card, taking the stock keeping one card, keeping the hand;
- what winning is: the side that takes five tricks first wins the deal (one point; five for a múk, the first five
  tricks; more for a stroke);
- for the hindsight column (``cardlib/doubledummy.py``), which details of a position still matter for the rest of
  the deal (``position_key``: how many tricks each side won and the opening run, for the múk and the stroke, but
  not which cards made them), and which cards in one hand do the same job (``distinct_moves``: ranked cards of one tier,
  and plain rubbish, when the rubbish is all equal — as the Monte Carlo bot compares them).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Any

from ..cards import ALKORT_PACK, PACK_ORDER, Card
from ..tricks import Action, Exchange
from ..words import sentence
from . import (
    AlkortState,
    deal_is_decided,
    judge_trick,
    most_tricks_decided,
    opening_run,
    rubbish_kind,
    score_deal,
    score_most_tricks,
    strength,
)

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
    """What still matters of a position for the rest of the deal: before the first card, the hands' order too; in
    play, each hand as the kinds of card it holds (``card_weights``), not which cards of a kind."""
    if state.hands_at_first_card is None:
        hands, stock, exchanged = tuple(map(tuple, state.hands)), tuple(state.stock), tuple(state.exchanged)
        scores = tuple(state.scores_before)
        return "before play", state.options, state.dealer, state.current_player, hands, stock, exchanged, scores
    weight = card_weights(state.options, by_kind=not (state.options.stock_test == "or_void" and not state.tricks))
    return (
        state.options,  # the rules: the search's memo outlives one deal
        state.dealer,
        state.current_player,
        state.leader,
        tuple(sum(weight[c] for c in h) for h in state.hands),
        tuple(weight[c] for c in state.stock),
        tricks_won(state.trick_sides),
        tuple(weight[c] for c in state.trick),
        tuple(state.has_won),
        tuple(state.scores_before),
    )


@functools.lru_cache(maxsize=64)
def card_weights(options: Any, by_kind: bool) -> dict[Card, int]:
    """Each card's part in a position's key, so that a hand's sum says what it holds: by its kind (the engine's
    ``rubbish_kind``: cards of one kind do the same job, so two hands alike but for cards of one kind play alike),
    four bits a kind to count them; or by the card itself (``by_kind`` False: when the suits matter)."""
    if not by_kind:
        return {c: 1 << PACK_ORDER[c] for c in ALKORT_PACK}
    kinds: dict[Hashable, int] = {}
    return {c: 1 << 4 * kinds.setdefault(rubbish_kind(c, options), len(kinds)) for c in ALKORT_PACK}


def tricks_won(trick_sides: Sequence[int]) -> Hashable:
    """What the scoring still needs of the tricks so far: how many each side won, who won the first and how many
    in a row from it, and whether that run is unbroken (not which side won each trick: two orders of the same
    tricks often lead to one position)."""
    run = opening_run(trick_sides)
    return trick_sides.count(0), trick_sides.count(1), tuple(trick_sides[:1]), run, run == len(trick_sides)


def value_bounds(state: AlkortState) -> tuple[float, float]:
    """The least and the most seat 0's side can still score (its points less the other side's), whoever wins the
    tricks left: the search's first bounds, worked out by the engine's own scoring on the tricks' winners alone."""
    options = state.options
    return outcome_range(tuple(state.trick_sides), state.tricks_left, options.draw_after_trick, options.play_out)


@functools.lru_cache(maxsize=16384)
def outcome_range(trick_sides: tuple[int, ...], left: int, draw: bool, play_out: bool) -> tuple[float, float]:
    """The least and most side 0 can score from these tricks' winners with ``left`` tricks still to play."""
    ends = []
    for side in (0, 1):
        sides = (*trick_sides, side)
        over = most_tricks_decided(sides, left - 1, play_out) if draw else deal_is_decided(sides, play_out)
        if over or left <= 1:
            result = score_most_tricks(sides) if draw else score_deal(sides)
            value = 0.0 if result is None else float(result.points if result.side == 0 else -result.points)
            ends.append((value, value))
        else:
            ends.append(outcome_range(sides, left - 1, draw, play_out))
    return min(low for low, _ in ends), max(high for _, high in ends)


def distinct_moves(state: AlkortState, moves: Sequence[Action]) -> list[Action]:
    """The moves with equivalent cards once: ranked cards of one strength, or plain rubbish (not a 7, 2, 3, Queen,
    King or Eight), when all rubbish is equal and the stock cannot be taken in play (where a suit matters)."""
    options = state.options
    if options.rubbish_order != "equal" or options.stock_test == "or_void" and not state.tricks:
        return in_search_order(state, list(moves))
    seen: dict[Hashable, Action] = {}
    for move in moves:
        kind: Hashable = move
        if isinstance(move, Card):
            level = strength(move, options)
            kind = ("card", level, "" if level or move.rank not in SPECIAL_RANKS.split() else move.rank)
        seen.setdefault(kind, move)
    return in_search_order(state, touching(state, list(seen.values())))


def in_search_order(state: AlkortState, moves: list[Action]) -> list[Action]:
    """The moves likeliest to settle the search first: leading, the strongest card; following while the other side
    holds the trick, the cheapest card that takes it; else the weakest card (only an order: every move is searched)."""
    options, trick = state.options, state.trick
    if not trick or not all(isinstance(m, Card) for m in moves):
        return sorted(moves, key=lambda m: -strength(m, options) if isinstance(m, Card) else 1)
    judged = (state.has_won[state.leader], not state.tricks, options)
    holder = (state.leader + judge_trick(trick, *judged)[0]) % state.n_players
    ours = state.side_of(holder) == state.side_of(state.seat_to_move())

    def order(card: Card) -> tuple[int, int]:
        takes = not ours and judge_trick([*trick, card], *judged)[0] == len(trick)
        return (0 if takes else 1), strength(card, options)

    return sorted(moves, key=order)  # type: ignore[arg-type]  # every move is a card here


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
