"""The first calls' play-outs on small integers: a world from a call to its score, as the book plays it, faster.

At the first calls (play or propose, then accept or refuse the first proposal) the Monte Carlo bot imagines worlds
with the engine and plays each out through the exchanges and the five tricks, the engine moved by the book
(``playout.playout_policy``). The computed tables (``strategy``) play the same book on small integers
(``strategy.play_tricks``, held equal to the engine by a test). Here both are done on integers: the worlds of the
first call drawn as a shuffle of the unseen cards (``first_calls_worlds``; at the answer, the non-dealer's hand
one that the book proposes with, as ``playout.Imagination`` draws it), and played out from the call
(``call_margin``), so that the strong bot (``bots/strong.py``) can afford many more worlds there. A test holds the
result equal to the engine's play-out of the same world. Other calls, other rules than the tables', or a King
able to end the game in mid-deal: None, and the engine does it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import ECARTE_PACK, SUITS
from ..tricks import ACCEPT, PROPOSE, REFUSE, Action, Announce, Card, Discard
from . import (
    ANSWER,
    CHOOSE,
    DISCARD_NON_DEALER,
    TRICKS_PER_DEAL,
    EcarteOptions,
    EcarteState,
    refusal_risks_penalty,
    score_deal,
    strategy,
)
from .advice import answer_by_the_table, discard_by_the_table
from .strategy import book_throw, play_tricks, serve, stands, to_card, to_int
from .view import EcarteView


@dataclass
class IntWorld:
    """A world at a call, on small integers (``strategy.to_int``): the non-dealer's things first, then the dealer's."""

    hands: list[list[int]]  # [non-dealer's, dealer's], each in pack order
    stock: list[int]  # in the order it serves
    turned_up: int
    proposals: int
    refused: int | None
    king_points: list[int]  # [non-dealer's, dealer's]
    announced: list[bool]
    king_to_claim: bool
    calling: bool  # the non-dealer is to move (at the call, or his first discard), not the dealer (at the answer)
    options: EcarteOptions

    @property
    def trump(self) -> int:
        """The trump suit's number."""
        return self.turned_up >> 3


def applies(state: EcarteState | EcarteView) -> bool:
    """Whether the integer play-out gives the engine's result here: at a call, under the tables' rules, with no
    King point able to end the game before the tricks."""
    if state.phase not in (CHOOSE, ANSWER, DISCARD_NON_DEALER) or not strategy.tables_apply(state.options):
        return False
    return all(score + 2 < state.options.target_score for score in state.scores_before)


def int_world(state: EcarteState) -> IntWorld:
    """An engine's world at a call, on integers."""
    nd, dl = state.non_dealer, state.dealer
    return IntWorld(
        [sorted(map(to_int, state.hands[nd])), sorted(map(to_int, state.hands[dl]))],
        [to_int(c) for c in state.stock],
        to_int(state.turned_up),
        state.proposals,
        state.refused,
        [state.king_points[nd], state.king_points[dl]],
        [state.announced[nd], state.announced[dl]],
        state.king_to_claim,
        state.phase is not ANSWER,
        state.options,
    )


def call_margin(world: IntWorld, move: Action) -> float:
    """The deal's points margin for the player at the call when ``move`` is made and the book plays on."""
    trump, hands, stock = world.trump, [list(h) for h in world.hands], list(world.stock)
    proposals, refused, first = world.proposals, world.refused, None
    if move is PROPOSE:
        proposals += 1
        move = REFUSE if refuses(tuple(hands[1]), trump, proposals) else ACCEPT
    if move is REFUSE:
        refused = proposals
    elif move is ACCEPT or isinstance(move, Discard):
        thrown = [to_int(c) for c in move.cards] if isinstance(move, Discard) else None
        proposals, refused = exchanges(hands, stock, trump, proposals, thrown)
    elif isinstance(move, Card):
        first = to_int(move)
    elif not isinstance(move, Announce):
        raise ValueError(f"{move} is no move at a call")
    won = play_tricks(hands[0], hands[1], trump, world.turned_up, first)
    points = king_points(world, hands, silent=first is not None)
    penalty = refused is not None and refusal_risks_penalty(refused, world.options)
    score = score_deal([won, TRICKS_PER_DEAL - won], 1, proposals > 0, penalty, world.options)
    points[score.seat] += score.points
    margin = points[0] - points[1]
    return float(margin if world.calling else -margin)


def exchanges(
    hands: list[list[int]], stock: list[int], trump: int, proposals: int, thrown: list[int] | None = None
) -> tuple[int, int | None]:
    """The exchanges from an accepted proposal on (the non-dealer's first throw ``thrown``, if given), by the book
    (in place): the proposals made, and the one refused."""
    while True:
        if thrown is None and proposals == 1 and TABLES:
            thrown = tables_throw(tuple(hands[0]), trump)
        hands[0] = serve(hands[0], thrown or book_throw(hands[0], trump, len(stock), False), stock)
        hands[1] = serve(hands[1], book_throw(hands[1], trump, len(stock), True), stock)
        thrown = None
        if not stock or stands(tuple(hands[0]), trump, False):
            return proposals, None
        proposals += 1
        if refuses(tuple(hands[1]), trump, proposals):
            return proposals, proposals


TABLES = False  # the first answer and the first discard by the computed tables, as the bots' defaults make them


def refuses(hand: tuple[int, ...], trump: int, proposal: int) -> bool:
    """Whether the dealer refuses this proposal: the first by the computed tables (the Monte Carlo bot's and the
    rule bot's default), a later one by the book."""
    if proposal == 1 and TABLES:
        return tables_refuse(hand, trump)
    return stands(hand, trump, True)


@functools.lru_cache(maxsize=1 << 16)
def tables_refuse(hand: tuple[int, ...], trump: int) -> bool:
    """The computed tables' answer to the first proposal: refuse?"""
    return answer_by_the_table([to_card(c) for c in hand], SUITS[trump]).action is REFUSE


@functools.lru_cache(maxsize=1 << 16)
def tables_throw(hand: tuple[int, ...], trump: int) -> list[int]:
    """The computed tables' first discard of the non-dealer (the stock is full)."""
    action = discard_by_the_table([to_card(c) for c in hand], SUITS[trump], range(1, 6)).action
    assert isinstance(action, Discard), "a discard"
    return [to_int(c) for c in action.cards]


def king_points(world: IntWorld, hands: list[list[int]], silent: bool) -> list[int]:
    """The King points, [non-dealer's, dealer's]: scored, and to come (its holder announces it, the dealer claims
    a turned-up King at once; not the non-dealer who led a card at once, ``silent``)."""
    points = list(world.king_points)
    king = 8 * world.trump + strategy.KING
    for s in (0, 1):
        if king in hands[s] and not world.announced[s] and not (silent and s == 0):
            points[s] += 1
    if world.king_to_claim:
        points[1] += 1
    return points


def first_calls_worlds(view: EcarteView, rng: random.Random) -> Callable[[], IntWorld] | None:
    """The worlds of the first call, or of the answer to the first proposal, on integers (None at other calls): the
    unseen cards shuffled, the other hand one the book would have proposed with at the answer."""
    if not applies(view) or view.stock_size != len(ECARTE_PACK) - 11 or view.announced[view.opponent]:
        return None
    calling = view.phase is not ANSWER
    expected = {CHOOSE: [], ANSWER: [PROPOSE], DISCARD_NON_DEALER: [PROPOSE, ACCEPT]}.get(view.phase)
    if list(view.log) != expected:
        return None
    unseen, mine = [to_int(c) for c in view.unseen()], sorted(map(to_int, view.hand))
    trump, turned = to_int(view.turned_up) >> 3, to_int(view.turned_up)
    king_points = [0, 0]
    if view.turned_up.rank == "K" and view.options.turned_king == "scored":
        king_points[1] = 1

    def draw() -> IntWorld:
        while True:
            rng.shuffle(unseen)
            other = sorted(unseen[:5])
            if view.phase is CHOOSE or not stands(tuple(other), trump, calling):  # the book's calls so far
                break
        hands = [mine, other] if calling else [other, mine]
        return IntWorld(
            hands,
            unseen[5:],
            turned,
            view.proposals,
            None,
            list(king_points),
            [False, False],
            False,
            calling,
            view.options,
        )

    return draw


def card_moves(moves: Sequence[Action]) -> bool:
    """Whether every move is one the integer play-out knows."""
    return all(m in (PROPOSE, ACCEPT, REFUSE) or isinstance(m, (Card, Announce, Discard)) for m in moves)


def fast_margin(world: IntWorld | EcarteState, move: Action, seat: int) -> float | None:
    """The deal's points margin for ``seat`` when ``move`` is made in this world and the book plays on, on integers;
    None where they do not apply (the engine plays it)."""
    if isinstance(world, IntWorld):
        return call_margin(world, move)
    if not applies(world) or not card_moves([move]):
        return None
    margin = call_margin(int_world(world), move)
    at_call = world.dealer if world.phase is ANSWER else world.non_dealer
    return margin if seat == at_call else -margin
