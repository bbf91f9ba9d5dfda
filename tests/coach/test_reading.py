"""Écarté's reading of the other player (he follows the book in his calls and discards) against exact enumeration:
the worlds drawn give his hands the weights the belief gives them, however few hands pass, and it is never dropped
while some past of his agrees with it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from coach_helpers import exact

from cardlib import coach, games
from cardlib.cards import Card, hand
from cardlib.ecarte import EcarteState, playout, stack_deck
from cardlib.ecarte import advice as book
from cardlib.ecarte.view import EcarteView
from cardlib.tricks import ACCEPT, PROPOSE, REFUSE, Action, Discard


def stands(hand: Sequence[Card], trump: str, dealer: bool) -> bool:
    """The book's own answer (not the sampler's remembered one): does this hand stand?"""
    return bool(book.jeu_de_regle(sorted(hand), trump, dealer=dealer))


def agrees(hand: Sequence[Card], calls: playout.Calls, trump: str) -> bool:
    """Whether the book, with this hand, makes these calls."""
    return all(stands(hand, trump, dealer) == stood for dealer, stood in calls)


def hands_now(view: EcarteView) -> list[list[Card]]:
    """Every hand the other player may hold now, as the view's inferences allow (the belief aside)."""
    must = sorted(view.opponent_must_hold())
    allowed = [c for c in view.unseen() if c not in view.opponent_cannot_hold() | set(must)]
    size = view.hand_sizes[view.opponent] - len(must)
    return [must + list(rest) for rest in itertools.combinations(allowed, size)]


def pasts(view: EcarteView, now: Sequence[Card]) -> int:
    """How many pasts of one exchange lead by the book to his hand now: the cards he drew (any of his hand at
    play), and those he threw (any unseen cards not in it) such that the book, from the hand before, throws them."""
    reading = playout.reading_of(view)
    (count,), (sizes,), trump = reading.counts, reading.sizes, view.trump
    at_play = [*now, *view.played_by(view.opponent)]
    free = sorted(reading.possible - set(at_play))
    ways = 0
    for kept in itertools.combinations(at_play, len(at_play) - count):
        for thrown in itertools.combinations(free, count):
            before = [*kept, *thrown]
            if set(book.discard_advice(sorted(before), trump, sizes)[0]) == set(thrown):
                ways += agrees(before, reading.calls[0], trump)
    return ways if agrees(at_play, reading.calls[1], trump) else 0


def scripted(hands: list[str], turned_up: str, stock: str, moves: Sequence[Action]) -> EcarteState:
    """An Écarté deal from a stacked deck (seat 0 deals; ``hands`` by seat), moved by a script."""
    state = EcarteState(dealer=0, deck=stack_deck(hands, turned_up, stock, dealer=0))
    for move in moves:
        state.apply(move)
    return state


def test_few_hands_pass_yet_the_hint_agrees_with_every_hand_that_does() -> None:
    """The issue's kind of position: the non-dealer led without proposing, so the book says he holds a jeu de
    règle, and only 1,178 of the 12,650 hands he may hold (9 %) are one. Every world gives him one of those, and
    the coach's figures match the exact values over them, within their ±."""
    state = scripted(["A♣ Q♣ K♠ Q♦ 9♥", "K♥ 8♥ 7♠ 8♣ 9♦"], "7♥", "", hand("8♣"))
    view = games.observe(state, 0)
    calls = playout.reading_of(view).calls[0]
    assert calls == ((False, True),)  # as non-dealer, he stood
    passing = [h for h in hands_now(view) if agrees([*h, *view.played_by(1)], calls, view.trump)]
    assert (len(passing), len(hands_now(view))) == (1178, 12650)
    imagination = playout.Imagination(view, random.Random(1))
    drawn = {tuple(sorted(imagination().hands[1])) for _ in range(300)}
    assert drawn <= {tuple(sorted(h)) for h in passing} and imagination.note == ""  # the belief never dropped
    hint = coach.hint(state, 0, samples=300, seed=1)
    assert hint.note == "" and len(hint.options) == 2
    for e in hint.options:
        points, win = exact(state, 0, passing, e.action)
        assert abs(e.points - points) <= e.points_margin + 1e-9, (e, points)
        assert abs(e.win - win) <= e.win_margin + 1e-9, (e, win)


def test_after_an_exchange_his_hands_are_drawn_as_often_as_their_pasts_are_many() -> None:
    """He proposed, threw three, drew three, then stood and led four cards: each card he may hold last is drawn as
    often as the pasts that lead to it by the book (enumerated by brute force: the cards he drew, those he threw),
    within a total variation of 0.05 over 4,000 worlds (the sampler before issue 28 was 0.09 off)."""
    moves: list[Action] = [
        PROPOSE,
        ACCEPT,
        Discard(hand("8♠ 9♣ 10♦")),
        Discard(hand("7♠ 7♣ 7♦")),
        *hand("A♣ 8♣ K♠ 8♦ J♠ K♦ A♥"),
    ]
    state = scripted(["7♠ 7♣ 7♦ 8♣ 8♦", "8♠ 9♣ 10♦ K♠ A♥"], "7♥", "Q♥ J♠ A♣ K♦ Q♦ J♦", moves)
    view = games.observe(state, 0)
    weights = {tuple(h): pasts(view, h) for h in hands_now(view)}
    total = sum(weights.values())
    imagination = playout.Imagination(view, random.Random(0))
    draws = 4000
    seen = Counter(tuple(sorted(imagination().hands[1])) for _ in range(draws))
    assert imagination.note == "" and set(seen) == {h for h, w in weights.items() if w}
    distance = sum(abs(seen[h] / draws - w / total) for h, w in weights.items()) / 2
    assert distance < 0.05, (distance, seen, weights)


def test_with_no_past_by_the_book_the_hint_says_so() -> None:
    """A dealer who refused, then followed with 7♠ 8♠ 9♠: no two cards make that a hand the book refuses with.
    Every world then drops the belief, and the hint says so in words."""
    moves: list[Action] = [PROPOSE, REFUSE, *hand("A♠ 7♠ K♠ 8♠ Q♠ 9♠")]
    state = scripted(["7♠ 8♠ 9♠ 7♣ 8♦", "A♠ K♠ Q♠ A♣ A♦"], "10♥", "", moves)
    view = games.observe(state, 1)
    assert not any(agrees([*h, *view.played_by(0)], ((True, True),), view.trump) for h in hands_now(view))
    hint = coach.hint(state, 1, samples=30, seed=2)
    assert hint.note.startswith("No hand the other player could have held explains his calls")
    assert [e.samples for e in hint.options] == [30, 30]


def test_the_belief_is_never_dropped_when_both_follow_the_book() -> None:
    """At every decision of 5 deals played by the book (the play-outs' policy) from either seat: no world without
    the belief, and each world agrees with the view."""
    for seed in range(5):
        state = EcarteState(seed=seed)
        while not state.is_over:
            view = games.observe(state, state.seat_to_move())
            if len(view.legal) > 1:
                imagination = playout.Imagination(view, random.Random(seed))
                for _ in range(10):
                    assert games.observe(imagination(), view.seat) == view
                assert imagination.note == "", (seed, state.log)
            state.apply(playout.playout_policy(state, state.legal_actions()))
