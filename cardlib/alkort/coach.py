"""The coach in Alkort's words, and what its double-dummy search may skip.

The coach itself (``cardlib/coach.py``) knows no game. Alkort's room tells it:

- how to name an option (``phrase``): playing a card, taking the stock keeping one card, keeping the hand;
- what winning is: the side that takes five tricks first wins the deal (one point; five for a múk, the first five
  tricks; more for a stroke);
- for the hindsight column (``cardlib/doubledummy.py``), which details of a position still matter for the rest of
  the deal (``position_key``: how many tricks each side won and the opening run, for the múk and the stroke, but
  not which cards made them; a ranked card's place among those still in play, not its tier), which cards in one
  hand do the same job (``distinct_moves``: cards of one kind in the key, ranked cards with none in play between
  them), in which order to try them, and what each side is sure of (``value_bounds``: its sure tricks, and the
  tricks in a row of the side on lead).
"""

from __future__ import annotations

import bisect
import functools
import math
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
    seven_is_unbeatable,
    strength,
    strength_table,
)

WINS = "wins the deal (five tricks first)"
SEVENS = frozenset(c for c in ALKORT_PACK if c.rank == "7")


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
    play, each hand as the kinds of card it holds (``card_weights``), not which cards of a kind, and a ranked card
    by its place among the ranked cards still in play, not its tier (once K♦ is played, 2♥ does its job)."""
    if state.hands_at_first_card is None:
        hands, stock, exchanged = tuple(map(tuple, state.hands)), tuple(state.stock), tuple(state.exchanged)
        scores = tuple(state.scores_before)
        return "before play", state.options, state.dealer, state.current_player, hands, stock, exchanged, scores
    options = state.options
    weight = kind_weights(state)
    return (
        options,  # the rules: the search's memo outlives one deal
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


def kind_weights(state: AlkortState) -> dict[Card, int]:
    """Each card's part in the key of a position in play (``card_weights``), for the cards still in play."""
    options = state.options
    if options.stock_test == "or_void" and not state.tricks:  # the suits matter: each card itself
        return card_weights(options, False, 0)
    bits = live_bits(options)
    to_come = state.stock if options.draw_after_trick else ()
    live = 0
    for cards in (*state.hands, state.trick, to_come):
        for c in cards:
            live |= bits[c]
    return card_weights(options, True, live)


TAKER_BITS = {rank: 1 << 16 + i for i, rank in enumerate("QK23")}  # rubbish Queens, Kings, Twos, Threes in play


@functools.lru_cache(maxsize=64)
def live_bits(options: Any) -> dict[Card, int]:
    """Each card's strength as a bit, or for rubbish a bit for a led Queen or King and for their takers (with all
    rubbish equal): the bits of the cards in play say which strengths and which of those rubbish are left."""
    table = strength_table(options)
    special = options.rubbish_order == "equal"
    return {c: 1 << table[c] if table[c] else TAKER_BITS.get(c.rank, 0) if special else 0 for c in ALKORT_PACK}


@functools.lru_cache(maxsize=4096)
def card_weights(options: Any, by_kind: bool, live: int) -> dict[Card, int]:
    """Each card's part in a position's key, so that a hand's sum says what it holds: by its kind (the engine's
    ``rubbish_kind``: cards of one kind do the same job, so two hands alike but for cards of one kind play alike,
    ``live_kind``), four bits a kind to count them, a ranked card's kind its place among the strengths still in
    play (``live``, a bit each); or by the card itself (``by_kind`` False: when the suits matter)."""
    if not by_kind:
        return {c: 1 << PACK_ORDER[c] for c in ALKORT_PACK}
    table = strength_table(options)
    rubbish = rubbish_kinds(options)  # the kinds of rubbish first, then the places: each kind always at one index
    places = {level: len(rubbish) + bin(live & ((1 << level) - 1)).count("1") for level in set(table.values())}
    return {c: 1 << 4 * (places[table[c]] if table[c] else rubbish[live_kind(c, options, live)]) for c in ALKORT_PACK}


def live_kind(c: Card, options: Any, live: int) -> Hashable:
    """A rubbish card's kind, with all rubbish equal, given the rubbish still in play: a Queen none can take is plain
    rubbish, and one only a Two can take does a King's job; a Two with no Queen or King to take, or a Three with no
    Queen, is plain rubbish, and a Two with only Queens to take does a Three's job."""
    kind = rubbish_kind(c, options)
    if options.rubbish_order != "equal" or kind[1] not in TAKER_BITS:
        return kind
    queen, king, two, three = (bool(live & TAKER_BITS[rank]) for rank in "QK23")
    jobs = {
        "Q": "Q" if three else "K" if two else "",
        "K": "K" if two else "",
        "2": "2" if king else "3" if queen else "",
        "3": "3" if queen else "",
    }
    return kind[0], jobs[kind[1]]


@functools.lru_cache(maxsize=64)
def rubbish_kinds(options: Any) -> dict[Hashable, int]:
    """The kinds of rubbish under these options (``rubbish_kind``), numbered."""
    kinds: dict[Hashable, int] = {}
    for c in ALKORT_PACK:
        if not strength(c, options):
            kinds.setdefault(rubbish_kind(c, options), len(kinds))
    return kinds


def tricks_won(trick_sides: Sequence[int]) -> Hashable:
    """What the scoring still needs of the tricks so far: how many each side won, who won the first and how many
    in a row from it, and whether that run is unbroken (not which side won each trick: two orders of the same
    tricks often lead to one position)."""
    run = opening_run(trick_sides)
    return trick_sides.count(0), trick_sides.count(1), tuple(trick_sides[:1]), run, run == len(trick_sides)


def value_bounds(state: AlkortState) -> tuple[float, float]:
    """The least and the most seat 0's side can still score (its points less the other side's): the search's first
    bounds, worked out by the engine's own scoring on the tricks' winners, each side winning at least the tricks
    its cards make sure of (``sure_tricks``), and the side on lead the tricks in a row it is sure of (``sure_run``)."""
    options = state.options
    sides, left = tuple(state.trick_sides), state.tricks_left
    draw, play_out = options.draw_after_trick, options.play_out
    sure = sure_tricks(state)
    low = outcome_range(sides, left, draw, play_out, 0, sure[0])[0]
    high = outcome_range(sides, left, draw, play_out, 1, sure[1])[1]
    side, run = sure_run(state)
    if run:
        in_a_row = run_range(sides, left, draw, play_out, side, run)
        low, high = (max(low, in_a_row[0]), high) if side == 0 else (low, min(high, in_a_row[1]))
    return low, high


def run_range(
    trick_sides: tuple[int, ...], left: int, draw: bool, play_out: bool, side: int, run: int
) -> tuple[float, float]:
    """The least and most side 0 can score when ``side`` wins the next ``run`` tricks (``outcome_range`` after)."""
    for _ in range(run):
        trick_sides, left = (*trick_sides, side), left - 1
        over = most_tricks_decided(trick_sides, left, play_out) if draw else deal_is_decided(trick_sides, play_out)
        if over or left == 0:
            result = score_most_tricks(trick_sides) if draw else score_deal(trick_sides)
            value = 0.0 if result is None else float(result.points if result.side == 0 else -result.points)
            return value, value
    return outcome_range(trick_sides, left, draw, play_out)


def sure_run(state: AlkortState) -> tuple[int, int]:
    """Which side is sure to win how many tricks in a row from here (0 if none): in the middle of a trick, the side
    whose card holds it if no one left to play can beat it; then, leading each trick, one a card of its players
    stronger than any of the other side's, as many as the tricks (each player's as many as the tricks), and first
    the leader's Sevens if he has won a trick. Winning each, it leads to the next, so no Seven of the other side is
    led. Not when the lead goes round, nor while hands may still change (an exchange to come, cards to draw)."""
    options = state.options
    if options.lead_rule != "winner" or state.hands_at_first_card is None:
        return 0, 0
    if state.stock and options.draw_after_trick or options.stock_test == "or_void" and not state.tricks:
        return 0, 0
    table, tricks, leader, held = strength_table(options), state.tricks_left, state.leader, 0
    if state.trick:
        holder = trick_held(state, table)
        if holder is None:
            return 0, 0
        leader, held, tricks = holder, 1, tricks - 1
    side = state.side_of(leader)
    theirs = max((table[c] for seat, h in enumerate(state.hands) if state.side_of(seat) != side for c in h), default=0)
    sevens_win = state.has_won[leader] or held  # the leader's Sevens, led first, win too and keep him the lead
    masters = [
        sum(table[c] > theirs or sevens_win and seat == leader and c in SEVENS for c in hand)
        for seat, hand in enumerate(state.hands)
        if state.side_of(seat) == side
    ]
    return side, held + min(tricks, sum(min(m, tricks) for m in masters))


def trick_held(state: AlkortState, table: dict[Card, int]) -> int | None:
    """Who wins the trick being played whatever the players still to play do (None if it is still open): a led
    Seven that cannot be beaten, or the strongest ranked card if those of the other side have none stronger."""
    options, trick = state.options, state.trick
    led_by_winner, first = state.has_won[state.leader], not state.tricks
    judged = judge_trick(trick, led_by_winner, first, options)[0]
    holder = (state.leader + judged) % state.n_players
    if judged == 0 and trick[0] in SEVENS and seven_is_unbeatable(led_by_winner, first, options):
        return holder
    strongest = table[trick[judged]]
    to_play = [(state.leader + i) % state.n_players for i in range(len(trick), state.n_players)]
    others = [seat for seat in to_play if state.side_of(seat) != state.side_of(holder)]
    if strongest and all(table[c] <= strongest for seat in others for c in state.hands[seat]):
        return holder
    return None


@functools.lru_cache(maxsize=65536)
def outcome_range(
    trick_sides: tuple[int, ...], left: int, draw: bool, play_out: bool, side: int = 0, need: int = 0
) -> tuple[float, float]:
    """The least and most side 0 can score from these tricks' winners with ``left`` tricks still to play, in the
    orders of winners where ``side`` wins ``need`` of them at least (had every trick been played: a deal decided
    early scores as if it had been); ``(inf, -inf)`` if there is none."""
    lows, highs = [math.inf], [-math.inf]
    for winner in (0, 1):
        sides, still = (*trick_sides, winner), max(0, need - (winner == side))
        over = most_tricks_decided(sides, left - 1, play_out) if draw else deal_is_decided(sides, play_out)
        if still > left - 1:
            continue
        if over or left <= 1:
            result = score_most_tricks(sides) if draw else score_deal(sides)
            value = 0.0 if result is None else float(result.points if result.side == 0 else -result.points)
            low = high = value
        else:
            low, high = outcome_range(sides, left - 1, draw, play_out, side, still)
        lows.append(low)
        highs.append(high)
    return min(lows), max(highs)


def sure_tricks(state: AlkortState) -> tuple[int, int]:
    """How many of the tricks left each side is sure to win, whatever the other side does (``side_sure``); 0 while
    hands may still change (an exchange to come, cards to draw)."""
    options = state.options
    if state.hands_at_first_card is None or state.stock and options.draw_after_trick:
        return 0, 0
    if options.stock_test == "or_void" and not state.tricks:
        return 0, 0
    table = strength_table(options)
    tricks = state.tricks_left - (1 if state.trick else 0)  # counted from the trick after the one being played
    ranked, sevens = [], []
    for hand in state.hands:  # a player's strongest cards, as many as those tricks (one yet to play to this trick
        # plays his weakest), and his Sevens
        strengths = [table[c] for c in hand if table[c]]
        strengths.sort(reverse=True)
        ranked.append(strengths[:tricks])
        sevens.append(sum(c in SEVENS for c in hand))
    every_seven = not state.tricks or bool(state.trick)  # who wins the trick being played (or leads first) is open
    sides = [state.side_of(seat) for seat in range(state.n_players)]
    leading, first = sevens_first(state, table, sevens, tricks)
    sure = [0, 0]
    for side in (0, 1):
        theirs = [seat for seat, s in enumerate(sides) if s != side]
        threats = [(sevens[seat], every_seven or state.has_won[seat], ranked[seat][:1] or [0]) for seat in theirs]
        before, rest = (first if side == leading else (0, 0)), tricks
        if before[1]:  # the leader's Sevens first: his side's players keep their strongest for the tricks after
            rest -= before[1]
            ranked_now = [r[:rest] for r in ranked]
        else:
            ranked_now = ranked
        mine = sorted((x for seat, s in enumerate(sides) if s == side for x in ranked_now[seat]), reverse=True)
        theirs_ranked = sorted(x for seat in theirs for x in ranked[seat])
        sure[side] = sum(before) + (side_sure(mine, theirs_ranked, threats, rest) if mine else 0)
    return sure[0], sure[1]


def sevens_first(
    state: AlkortState, table: dict[Card, int], sevens: list[int], tricks: int
) -> tuple[int, tuple[int, int]]:
    """The side sure to lead the next trick (-1 if none is), and what it is sure of before the tricks counted by
    ``side_sure``: the trick being played, if its card holds it (``trick_held``), and as many tricks as the leader
    has Sevens, if he has won a trick: led one after another, each wins and keeps him the lead."""
    if state.options.lead_rule != "winner":
        return -1, (0, 0)
    holder = trick_held(state, table) if state.trick else state.leader
    if holder is None:
        return -1, (0, 0)
    held = 1 if state.trick else 0
    led = min(sevens[holder], tricks) if held or state.has_won[holder] else 0
    return state.side_of(holder), (held, led)


def side_sure(mine: list[int], theirs: list[int], sevens: list[tuple[int, bool, list[int]]], tricks: int) -> int:
    """The tricks a side is sure to win with its ranked cards (``mine``, strongest first, each player's strongest as
    many as the tricks) against the other side's (``theirs``, weakest first): the most, over a strength w, of its
    cards as strong as w, less the other side's as strong (each beats one at most), and less the tricks the other
    side's Sevens may take, led unbeatable, where one is lost — those of a player who has won a trick, or can win
    one (a card as strong as w), or may win the trick being played. The side's way: in each trick no such Seven
    leads, one of its players plays one of those cards, the others their weakest."""
    best = 0
    for k, weakest in enumerate(mine, 1):
        if k < len(mine) and mine[k] == weakest:
            continue  # every card of a strength, or none
        beaten = len(theirs) - bisect.bisect_left(theirs, weakest)
        led = sum(count for count, won, top in sevens if won or top[0] >= weakest)
        best = max(best, min(k, tricks - led) - beaten)
    return best


def distinct_moves(state: AlkortState, moves: Sequence[Action]) -> list[Action]:
    """The moves with equivalent cards once: those of one kind in the position's key (``kind_weights``: ranked
    cards of one place, rubbish that does one job), when all rubbish is equal and the stock cannot be taken in play
    (where a suit matters); nor a ranked card with no card in play between it and a stronger one (``touching``)."""
    options = state.options
    if options.rubbish_order != "equal" or options.stock_test == "or_void" and not state.tricks:
        return in_search_order(state, list(moves))
    weight = kind_weights(state)  # cards of one weight in a hand do the same job: the positions' keys agree
    seen: dict[Hashable, Action] = {}
    for move in moves:
        seen.setdefault(weight[move] if isinstance(move, Card) else move, move)
    return in_search_order(state, touching(state, list(seen.values())))


def in_search_order(state: AlkortState, moves: list[Action]) -> list[Action]:
    """The moves likeliest to settle the search first: leading, a Seven that cannot be beaten, then the strongest
    card; following while the other side holds the trick, the cheapest card that takes it; else the weakest card
    (only an order: every move is searched)."""
    options, trick = state.options, state.trick
    if not trick or not all(isinstance(m, Card) for m in moves):
        seat = state.seat_to_move()
        unbeatable = seven_is_unbeatable(state.has_won[seat], not state.tricks, options)

        def lead_order(move: Action) -> int:
            if not isinstance(move, Card):
                return 1
            return -99 if unbeatable and move in SEVENS else -strength(move, options)

        return sorted(moves, key=lead_order)
    judged = (state.has_won[state.leader], not state.tricks, options)
    holder = (state.leader + judge_trick(trick, *judged)[0]) % state.n_players
    ours = state.side_of(holder) == state.side_of(state.seat_to_move())

    def order(card: Card) -> tuple[int, int, bool]:
        takes = not ours and judge_trick([*trick, card], *judged)[0] == len(trick)
        return (0 if takes else 1), strength(card, options), card in SEVENS  # a Seven kept for a lead of its own

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
