"""The coach's figures against exact answers: every arrangement of the unseen cards enumerated on small endgames,
and the double-dummy column against a brute-force search of every play."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from coach_helpers import brute_force, exact, played

from cardlib import coach, doubledummy, games
from cardlib.cards import Card
from cardlib.cards import card as card_of
from cardlib.ecarte import EcarteState, stack_deck
from cardlib.tricks import PROPOSE, DealState


def endgame(key: str, players: int | None, cards_left: int, fits: Callable[[DealState], bool]) -> DealState:
    """The first bot-played deal (seed 0, 1, ...) reaching a decision with this many cards in hand that fits."""
    for seed in range(200):
        state = played(key, seed, players, until=lambda s: len(s.hands[s.seat_to_move()]) == cards_left and fits(s))
        if not state.is_over and len(state.legal_actions()) >= 2:
            return state
    raise AssertionError("no such position in 200 deals")


def ecarte_hands(state: DealState, seat: int) -> list[list[Card]]:
    """Every hand the other Écarté player may hold, as his view's inferences allow."""
    view = games.observe(state, seat)
    must = sorted(view.opponent_must_hold())
    allowed = [c for c in view.unseen() if c not in view.opponent_cannot_hold() | set(must)]
    size = view.hand_sizes[view.opponent] - len(must)
    return [must + list(rest) for rest in itertools.combinations(allowed, size)]


def alkort_hands(state: DealState, seat: int) -> list[list[Card]]:
    """Every hand the other player of two-handed Alkort may hold (nothing shown, nothing inferred)."""
    view = games.observe(state, seat)
    assert not view.strength_caps() and not view.known_holdings().get(1 - seat)
    return [list(h) for h in itertools.combinations(view.unseen(), view.hand_size(1 - seat))]


def agrees_with_enumeration(state: DealState, hands: list[list[Card]]) -> None:
    """Each option's estimate lies within its stated 95 % margin of the exact expectation."""
    seat = state.seat_to_move()
    hint = coach.hint(state, seat, samples=300, seed=1)
    for e in hint.options:
        points, win = exact(state, seat, hands, e.action)
        assert abs(e.points - points) <= e.points_margin + 1e-9, (e, points)
        assert abs(e.win - win) <= e.win_margin + 1e-9, (e, win)


def test_ecarte_last_two_tricks_agree_with_every_arrangement() -> None:
    """The non-dealer stood, so the dealer made no call: the belief that he follows the book says nothing."""

    def stood(s: DealState) -> bool:
        return PROPOSE not in s.log and s.seat_to_move() != s.dealer

    state = endgame("ecarte", None, 2, stood)
    agrees_with_enumeration(state, ecarte_hands(state, state.seat_to_move()))


@pytest.mark.parametrize("leads", [True, False])
def test_alkort_last_two_tricks_agree_with_every_arrangement(leads: bool) -> None:
    state = endgame("alkort", 2, 2, lambda s: (not s.trick) == leads)
    agrees_with_enumeration(state, alkort_hands(state, state.seat_to_move()))


@pytest.mark.parametrize(
    "key, players, cards_left, seeds",
    [("ecarte", None, 3, range(100)), ("alkort", 4, 3, range(6)), ("alkort", 2, 4, range(8))],
)
def test_double_dummy_agrees_with_brute_force(key: str, players: int | None, cards_left: int, seeds: range) -> None:
    """Exact however the search was shortened: some of these positions have equivalent cards merged."""
    merged = searched = 0
    for seed in seeds:
        state = played(key, seed, players, until=lambda s: len(s.hands[s.seat_to_move()]) == cards_left)
        if state.is_over:
            continue
        seat = state.seat_to_move()
        legal = state.legal_actions(seat)
        doubledummy.MEMOS.clear()  # a fresh memo, so that the search has positions to value (it outlives searches)
        values, note, nodes = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert note == ""
        assert values == {a: brute_force(doubledummy.applied(state, a), seat) for a in legal}
        merged += len(games.of(state).coach.distinct_moves(state, legal)) < len(legal)
        searched += nodes > 0  # some positions the room's bounds settle with no search at all
    assert merged, "the positions tried had no equivalent cards: try others"
    assert searched, "the bounds settled every position: try larger ones"


EVERY_GAME = [(game.key, count) for game in games.every() for count in game.players]


@pytest.mark.parametrize("key, players", EVERY_GAME)
def test_double_dummy_agrees_with_exhaustive_search_in_every_game(key: str, players: int) -> None:
    """A test set of small endings of every registered game (its own loaded too, ``--register-game``): the first
    position with three cards in the hand to move (four with two players), led to or not, in 12 bot-played deals;
    every legal move valued as the brute force values it, with the memo shared by all of them."""
    cards = 3 if players > 2 else 4
    tried = 0
    for seed in range(12):
        state = played(key, seed, players, until=lambda s: len(s.hands[s.seat_to_move()]) <= cards)
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        tried += 1
        seat = state.seat_to_move()
        legal = state.legal_actions(seat)
        values, note, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert note == "" and values == {a: brute_force(doubledummy.applied(state, a), seat) for a in legal}, seed
    assert tried >= 4


def test_double_dummy_says_when_it_is_too_big() -> None:
    state = games.get("alkort").new_deal(seed=1)
    seat = state.seat_to_move()
    values, note, nodes = doubledummy.option_values(
        state, seat, state.legal_actions(seat), games.of(state).coach, budget=200
    )
    assert values == {} and note.startswith("not computed: more than 200 positions") and nodes > 200


@pytest.mark.parametrize(
    "options",
    [{"draw_after_trick": True}, {"seven_lead": "as_rubbish"}, {"ranking": "short", "low_eights_ranked": False}],
)
def test_double_dummy_agrees_with_brute_force_in_other_rules(options: dict[str, Any]) -> None:
    """The cards merged and the memo's key hold under Alkort's variants too (drawing after the tricks brings the
    stock into play)."""
    tried = 0
    for seed in range(6):
        state = played("alkort", seed, 4, lambda s: len(s.hands[s.seat_to_move()]) == 3, options)
        if state.is_over:  # decided before the last three tricks
            continue
        tried += 1
        seat = state.seat_to_move()
        legal = state.legal_actions(seat)
        values, note, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert note == "" and values == {a: brute_force(doubledummy.applied(state, a), seat) for a in legal}
    assert tried >= 2


def test_double_dummy_values_what_it_can() -> None:
    """Écarté's first call: standing leads straight to play (small), proposing to every exchange (too big here)."""
    state = games.get("ecarte").new_deal(seed=3)
    seat = state.seat_to_move()
    options = state.legal_actions(seat)
    values, note, _ = doubledummy.option_values(state, seat, options, games.of(state).coach, budget=10_000)
    assert set(values) == set(options) - {PROPOSE} and note.startswith("not computed for propose")
    for card in values:
        assert values[card] == brute_force(doubledummy.applied(state, card), seat)


@pytest.mark.parametrize("options", [{"must_trump": False}, {"stand_bonus": "non_dealer"}])
def test_the_memo_outlives_a_search_but_mixes_no_rules(options: dict[str, Any]) -> None:
    """The search's memo is shared by every search of a game: the same deals under other rules (so the same cards,
    trumps and dealers) valued first must not change the values under the rules of the house."""
    ending = lambda s: len(s.hands[s.seat_to_move()]) == 3  # noqa: E731
    for seed in range(30):
        other = played("ecarte", seed, None, ending, options)
        if not other.is_over:
            doubledummy.option_values(other, other.seat_to_move(), other.legal_actions(), games.of(other).coach)
    for seed in range(30):
        state = played("ecarte", seed, None, ending)
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        seat, legal = state.seat_to_move(), state.legal_actions()
        values, _, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert values == {a: brute_force(doubledummy.applied(state, a), seat) for a in legal}, seed


def test_the_memo_mixes_no_trumps() -> None:
    """The same hands and the same first lead under two trumps: each valued as the brute force values it, the memo
    having seen the other first."""
    values = {}
    for turned_up in ("7♥", "7♦", "7♥"):
        deck = stack_deck(["A♣ Q♣ K♠ Q♦ 9♥", "K♥ Q♥ J♥ 8♣ 9♦"], turned_up, "", dealer=0)
        state = EcarteState(dealer=0, deck=deck)
        state.apply(card_of("8♣"))
        seat, legal = state.seat_to_move(), state.legal_actions()
        found, _, _ = doubledummy.option_values(state, seat, legal, games.of(state).coach)
        assert found == {a: brute_force(doubledummy.applied(state, a), seat) for a in legal}, turned_up
        values[turned_up] = found
    assert values["7♥"] != values["7♦"], "the trumps change the values: the test tells them apart"


@pytest.mark.parametrize("key, players", EVERY_GAME)
def test_the_memo_key_names_the_rules_and_the_dealer(key: str, players: int) -> None:
    """The memo outlives a deal, so its key must tell apart two positions of the same cards under other rules or
    another dealer (who scores for standing, who leads after the exchanges)."""
    state = played(key, 1, players, until=lambda s: bool(s.plays()))
    words = games.of(state).coach
    other_dealer, other_rules = state.clone(), state.clone()
    other_dealer.dealer = (state.dealer + 1) % state.n_players
    assert words.position_key(other_dealer) != words.position_key(state)
    other_rules.options = other_options(state.options)
    assert words.position_key(other_rules) != words.position_key(state)


def other_options(options: Any) -> Any:
    """The same options but one: its first field's another allowed value (a whole number one more)."""
    first = dataclasses.fields(options)[0]
    value, choices = getattr(options, first.name), first.metadata["choices"]
    other = value + 1 if choices is None else next(c for c in choices if c != value)
    return dataclasses.replace(options, **{first.name: other})
