"""The coach in Écarté's words, and what its double-dummy search may skip.

The coach itself (``cardlib/coach.py``) knows no game. Écarté's room tells it:

- how to name an option (``phrase``): proposing, refusing, throwing three cards, leading the King;
- what winning is: taking *the point*, three tricks or more (the vole, all five, is worth two);
- at the three decisions the computed tables cover (``strategy``: the first call, the answer to the first proposal,
  the non-dealer's first discard), what the tables say of the hand, with their ±;
- for the hindsight column (``cardlib/doubledummy.py``), which details of a position still matter for the rest of
  the deal (``position_key``: not who won which trick, only how many each has won), and which cards in one hand do
  the same job (``distinct_moves``): two cards of a suit with no card still in play ranked between them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..cards import PACK_ORDER, Card
from ..tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Claim, Discard
from ..words import sentence
from . import ANSWER, CHOOSE, DISCARD_NON_DEALER, PLAY, RANK_ORDER, EcarteState

WINS = "wins the point (three tricks or more)"


def phrase(option: Any) -> str:
    """An option in Écarté's words: 'proposing', 'refusing', 'throwing 7♠ 8♠', 'playing K♦'."""
    if isinstance(option, Card):
        return f"playing {option}"
    if isinstance(option, Discard):
        thrown = " ".join(map(str, sorted(option.cards)))
        return f"throwing {thrown}" if thrown else "throwing nothing"
    if isinstance(option, Announce):
        return f"announcing {option.king}"
    if isinstance(option, Claim):
        return f"claiming {option.king}"
    words = {
        PROPOSE: "proposing",
        ACCEPT: "accepting (new cards for both)",
        REFUSE: "refusing (the hands play as dealt)",
        PASS: "passing",
    }
    return words.get(option, "waiting (announcing later, if at all)")


def why(view: Any, hint: Any) -> str:
    """Why the best option is best, in one sentence of Écarté's words; at the first call, the answer to the first
    proposal and the non-dealer's first discard, what the computed tables say too (``strategy``)."""
    said = sentence(hint, phrase, WINS)
    table = table_words(view)
    if not table:
        return said
    # Two estimates of one chance, made two ways: each says where it comes from, so that neither reads as the other.
    return f"{said} Beside the coach's imagined deals, {table}."


def table_words(view: Any) -> str:
    """What the tables say of this seat's hand at one of their three decisions ('' at any other moment)."""
    from . import strategy  # the tables read the book's advice, which the coach's room does not need at import

    phase = getattr(view, "phase", None)
    if not strategy.tables_apply(getattr(view, "options", None)):
        return ""
    kinds = {CHOOSE: (0, strategy.FIRST_CALL), ANSWER: (1, "answer"), DISCARD_NON_DEALER: (1, "discard")}
    if phase not in kinds or view.proposals != kinds[phase][0] or (phase is CHOOSE and PROPOSE not in view.legal):
        return ""
    try:
        verdict = strategy.judge(kinds[phase][1], view.hand, view.trump)
    except (FileNotFoundError, KeyError):  # no tables (a variant's hand the tables never met)
        return ""
    deals = verdict.figures[0].n
    return f"over {deals:,} deals of hands like this one, all played by the book, {verdict.sentence()}"


def position_key(state: EcarteState) -> Hashable:
    """What still matters of a position for the rest of the deal: not the finished tricks, only how many each won;
    the rules, the trumps and the dealer too (the search's memo outlives one deal)."""
    return (
        state.options,
        state.turned_up,
        state.dealer,
        state.phase,
        state.current_player,
        state.leader,
        tuple(sum(1 << PACK_ORDER[c] for c in h) for h in state.hands),  # each hand as a set, in bits: small keys
        tuple(state.stock),
        tuple(state.trick),
        len(state.tricks),
        tuple(state.tricks_by_side()),  # how many each has won: the point and the vole depend on it
        tuple(state.trick_points),
        tuple(state.king_points),
        tuple(state.announced),
        state.king_to_claim,
        state.proposals,
        state.refused,
        tuple(state.scores_before),
    )


def distinct_moves(state: EcarteState, moves: Sequence[Action]) -> list[Action]:
    """The moves with equivalent cards once: of two cards of a suit in one hand, with no card still in play (in a
    hand or the trick) ranked between them, only the higher is searched — they win and lose the same tricks."""
    if state.phase is not PLAY:
        return list(moves)
    live = {*state.trick, *(c for h in state.hands for c in h)}
    kept: list[Action] = []
    for move in moves:
        if not isinstance(move, Card) or not any(same_job(move, other, live) for other in moves if other != move):
            kept.append(move)
    return kept


def same_job(low: Card, high: object, live: set[Card]) -> bool:
    """Whether ``high`` is a higher card of low's suit with no live card ranked between them."""
    if not isinstance(high, Card) or high.suit != low.suit or RANK_ORDER[high.rank] <= RANK_ORDER[low.rank]:
        return False
    between = range(RANK_ORDER[low.rank] + 1, RANK_ORDER[high.rank])
    return not any(c.suit == low.suit and RANK_ORDER[c.rank] in between for c in live)
