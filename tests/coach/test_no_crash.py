"""No legal history crashes the coach or the Monte Carlo bot: their worlds know all the view tells (issue 28).

The crash the issue found: two players, lead_rule = rotate, a player who has won nothing leads a Seven from a hand
of only Sevens (legal), and the worlds, not knowing the hand was all Sevens, gave him other cards: replaying the
lead raised IllegalAction in ``coach.hint``, ``coach.review`` and ``MonteCarloBot.choose``. Then a property test:
random legal deals under random options (rotate, all-Seven hands, exchanges, draws after tricks, Écarté's
proposals and discards), a hint and the bot's choice at every decision, and a review of the whole deal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from coach_helpers import sevens_lead
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import alkort, coach, games
from cardlib.alkort import AlkortOptions, AlkortState
from cardlib.bots import MonteCarloBot
from cardlib.cards import ALKORT_PACK
from cardlib.tricks import ACCEPT, PROPOSE, OptionError, RuleOptions


def test_a_seven_led_from_a_hand_of_sevens_before_a_win_crashes_nothing():
    state = sevens_lead()
    view = games.observe(state, 0)
    rng = random.Random(0)
    for _ in range(50):  # every world knows his hand was all Sevens
        world = games.sample_world(view, rng)
        assert all(c.rank == "7" for c in world.hands[1])
    assert coach.hint(state, 0, samples=12).options
    assert MonteCarloBot(seed=1).choose(view).action in view.legal
    bots = [games.get("alkort").rule_bot(seat) for seat in range(2)]
    while not state.is_over:
        seat = state.seat_to_move()
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    for seat in range(2):
        assert coach.review(state, seat, samples=6)


def stacked(options: RuleOptions, players: int, rng: random.Random, stack: str) -> AlkortState:
    """An Alkort deal, its deck shuffled by ``rng`` and, by ``stack``, one seat dealt every Seven or a worthless
    hand (which may take the stock), so that the rare histories come often."""
    assert isinstance(options, AlkortOptions)
    pack = list(ALKORT_PACK)
    rng.shuffle(pack)
    seat, dealer = rng.randrange(players), rng.randrange(players)
    first = [c for c in pack if c.rank == "7"] if stack == "sevens" else []
    if stack == "worthless":
        first = [c for c in pack if c not in alkort.low_eight_beaters(options)][:9]
    rest = [c for c in pack if c not in first]
    first += [c for c in rest if c.rank != "7" and not alkort.is_ranked(c, options)][: 9 - len(first)]
    rest = [c for c in pack if c not in first]
    hands = [rest[9 * i : 9 * i + 9] for i in range(players - 1)]
    hands.insert(seat, first)
    deck = alkort.stack_deck(hands, rest[9 * (players - 1) :], dealer)
    return alkort.new_deal(options, players=players, dealer=dealer, deck=deck)


def allowed(game: games.GameDescription, players: int, values: dict[str, Any]) -> RuleOptions:
    """These options if the game allows them for this many players (a deal is made with them), else its defaults."""
    try:
        options = game.options(**values)
        game.new_deal(options, players=players, seed=0)
    except OptionError:
        return game.options_from(None)
    return options


@st.composite
def deals(draw: Any) -> tuple[Any, random.Random]:
    """A fresh deal of any game of the registry, for any number it is played by, under options drawn at random
    (every option's every value), and a random source."""
    game, players = draw(st.sampled_from([(game, count) for game in games.every() for count in game.players]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))  # a seed: the play's many draws stay out of Hypothesis's
    values = {name: draw(st.sampled_from(choices or (1, 2, 5))) for name, choices in game.options.describe().items()}
    options = allowed(game, players, values)
    if isinstance(options, AlkortOptions):  # Alkort's own rare hands (every Seven, a worthless hand) made often
        return stacked(options, players, rng, draw(st.sampled_from(["none", "sevens", "worthless"]))), rng
    return game.new_deal(options, players=players, dealer=rng.randrange(players), seed=rng.randrange(10**6)), rng


def play_asking_at_every_decision(state: Any, rng: random.Random, samples: int) -> None:
    """Random legal play to the end (Écarté's proposals and acceptances made often); at every decision a hint and
    the Monte Carlo bot's choice for the mover."""
    while not state.is_over:
        seat = state.seat_to_move()
        legal = state.legal_actions()
        if len(state.legal_actions(seat)) > 1:
            view = games.observe(state, seat)
            assert coach.hint(state, seat, samples=samples).options
            assert MonteCarloBot(seed=rng.randrange(100), rollouts=2 * samples).choose(view).action in view.legal
        calls = [a for a in legal if a in (PROPOSE, ACCEPT)]  # Écarté's exchanges come often
        state.apply(calls[0] if calls and rng.random() < 0.6 else rng.choice(sorted(legal, key=str)))


def whole_deals_give_hints_and_reviews(deal: tuple[Any, random.Random], samples: int) -> None:
    """A deal played at random with a hint at every decision, then reviewed for every seat (a small hindsight
    budget: the search is not what is tested here)."""
    state, rng = deal
    play_asking_at_every_decision(state, rng, samples)
    for seat in range(state.n_players):
        for reviewed in coach.review(state, seat, samples=samples):
            assert reviewed.verdict


@pytest.fixture(autouse=True)
def small_hindsight(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's double-dummy column on a small budget: the property is about the worlds, not the search."""
    monkeypatch.setattr(coach, "REVIEW_NODES", 500)
    monkeypatch.setattr(coach, "DECISION_NODES", 250)


SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=8, deadline=None, suppress_health_check=SLOW_IS_FINE)
@given(deal=deals())
def test_hints_and_reviews_from_random_legal_histories(deal):
    whole_deals_give_hints_and_reviews(deal, samples=3)


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW_IS_FINE)
@given(deal=deals())
def test_hints_and_reviews_from_many_random_legal_histories(deal):
    """The heavier variant (left out of make check's quick loop, run by make test)."""
    whole_deals_give_hints_and_reviews(deal, samples=3)
