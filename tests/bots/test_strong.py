"""The strong bot (more worlds than the Monte Carlo bot, and in Écarté exact last tricks), and the coach's exact
continuation: the book, then the last tricks of each imagined world solved exactly."""

from __future__ import annotations

import random

import pytest

from cardlib import coach, doubledummy, games
from cardlib.bots import BOTS, StrongBot, make_bot, montecarlo, strong
from cardlib.bots.levels import LEVELS, level_bot
from cardlib.tricks import Card, DealState

from bot_helpers import GAMES, new_deal


def book_played(state: DealState, until: int) -> DealState:
    """The deal played on by the book until the hand to move holds ``until`` cards (or the deal is over)."""
    policy = montecarlo.policy_for(state)
    while not state.is_over and len(state.hands[state.seat_to_move()]) > until:
        state.apply(policy(state, state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tricks", [2, 3])
def test_a_world_in_its_last_tricks_is_valued_exactly(game: str, tricks: int) -> None:
    """Within the tricks asked for, a world's value is the double-dummy value: no book play left."""
    tried = 0
    for seed in range(8):
        state = book_played(new_deal(game, seed, random.Random(seed)), tricks)
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        seat, words, tried = state.seat_to_move(), games.of(state).coach, tried + 1
        for move in state.legal_actions():
            exact = doubledummy.Search(words).value_for(doubledummy.applied(state, move), seat)
            assert strong.finished(state, move, seat, montecarlo.policy_for(state), tricks) == exact
    assert tried >= 3


@pytest.mark.parametrize("game", GAMES)
def test_with_no_exact_tricks_a_world_is_the_books_play_out(game: str) -> None:
    """Asked to solve no trick (Alkort's strong bot), a world is the Monte Carlo bot's: the book plays to the end."""
    for seed in range(8):
        state = new_deal(game, seed, random.Random(seed))
        move, policy = state.legal_actions()[0], montecarlo.policy_for(state)
        seat = state.seat_to_move()
        expected = montecarlo.played_out(state, move, policy).returns()[seat]
        assert strong.finished(state, move, seat, policy, tricks=0) == expected


def test_each_game_says_how_its_strong_bot_spends_its_time() -> None:
    """The measured choices (the module's docstring): Écarté's last two tricks exact, Alkort's worlds 2.5 times."""
    ecarte, alkort = games.get("ecarte").lookahead, games.get("alkort").lookahead
    assert (ecarte.exact_tricks, ecarte.strong_worlds) == (2, 1.0)
    assert (alkort.exact_tricks, alkort.strong_worlds) == (0, 2.5)


def test_the_strong_bot_is_offered_by_name_and_at_the_strong_level() -> None:
    assert "strong" in BOTS and LEVELS["strong"].bot == "strong"
    for game in games.keys():
        assert isinstance(make_bot("strong", game, 1), StrongBot)
        assert isinstance(level_bot("strong", game, 1), StrongBot)


def test_the_coach_refuses_a_continuation_it_does_not_know() -> None:
    state = new_deal("ecarte", 3, random.Random(3))
    with pytest.raises(ValueError, match="there is no continuation 'perfect': choose one of book, exact"):
        coach.hint(state, state.seat_to_move(), samples=4, continuation="perfect")


def test_the_coachs_exact_continuation_is_the_exact_value_of_each_imagined_world() -> None:
    """In the last three tricks, the exact continuation's points in each world are that world's double-dummy value."""
    played = (book_played(new_deal("alkort4", seed, random.Random(seed)), 3) for seed in range(20))
    state = next(s for s in played if not s.is_over and len(s.legal_actions()) > 1)
    seat = state.seat_to_move()
    view = games.observe(state, seat)
    advice = coach.advise(view, samples=12, seed=4, continuation="exact")
    assert advice.continuation == "exact" and coach.EXACT_TRICKS == 3
    imagination = montecarlo.Imagination(view, random.Random(4))
    worlds = [imagination.world() for _ in range(12)]
    for option, points in advice.outcomes.items():
        assert isinstance(option, Card)  # (a card to play: no seat may move out of turn in the last tricks)
        search = doubledummy.Search(games.of(state).coach)
        assert list(points) == [search.value_for(doubledummy.applied(w, option), seat) for w in worlds]
