"""The strong bot (more worlds than the Monte Carlo bot; in Écarté a search over what the seat can tell apart in
its last tricks), and the coach's exact continuation: the book, then the last tricks of each imagined world solved
exactly."""

from __future__ import annotations

import random

import pytest

from cardlib import coach, doubledummy, games
from cardlib.bots import BOTS, StrongBot, make_bot, montecarlo, strong
from cardlib.bots.levels import LEVELS, level_bot
from cardlib.tricks import Card, DealState, Discard

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
    """The measured choices (the module's docstring): in Écarté the last four tricks searched over 40 worlds and three
    times the worlds at the calls, no exact ending; in Alkort 2.5 times the worlds, as before."""
    ecarte, alkort = games.get("ecarte").lookahead, games.get("alkort").lookahead
    assert (ecarte.exact_tricks, ecarte.strong_worlds, ecarte.infoset_tricks, ecarte.infoset_worlds) == (0, 1.0, 4, 40)
    assert (alkort.exact_tricks, alkort.strong_worlds, alkort.infoset_tricks, alkort.strong_worlds_at) == (
        0,
        2.5,
        0,
        None,
    )
    calls, play = (book_played(new_deal("ecarte", 5, random.Random(5)), n) for n in (6, 4))
    assert ecarte.strong_worlds_at is not None
    assert ecarte.strong_worlds_at(games.observe(calls, calls.seat_to_move())) == 3.0
    assert ecarte.strong_worlds_at(games.observe(play, play.seat_to_move())) == 1.0
    first = new_deal("ecarte", 5, random.Random(5))
    while first.phase.name != "PLAY":
        first.apply(montecarlo.policy_for(first)(first, first.legal_actions()))
    assert ecarte.strong_worlds_at(games.observe(first, first.seat_to_move())) == 2.0  # the first card


def last_tricks(seed: int, cards: int) -> tuple[DealState, list[DealState]]:
    """An Écarté deal played by the book until the seat to move holds ``cards`` cards (the next seed's if this one
    ended sooner), and 12 worlds its seat imagines."""
    state = book_played(new_deal("ecarte", seed, random.Random(seed)), cards)
    if state.is_over:
        return last_tricks(seed + 100, cards)
    view = games.observe(state, state.seat_to_move())
    imagination = montecarlo.Imagination(view, random.Random(seed))
    return state, [imagination.world() for _ in range(12)]


def book_values(worlds: list[DealState], seat: int) -> list[float]:
    """Each world played out by the book, every seat included: a strategy that sees only the seat's own cards."""
    policy = montecarlo.policy_for(worlds[0])
    return [montecarlo.deal_value(w.clone().play_out(policy).returns()[seat]) for w in worlds]


@pytest.mark.parametrize("seed", range(6))
def test_one_card_for_all_the_worlds_is_between_the_book_and_seeing_every_world(seed: int) -> None:
    """The search's total is at least the book's (the book is one way to choose a card for all the worlds the seat
    cannot tell apart) and at most each world searched alone (a card for each world: strategy fusion)."""
    state, worlds = last_tricks(seed, 4)
    seat, policy = state.seat_to_move(), montecarlo.policy_for(state)
    together = sum(strong.best_response([w.clone() for w in worlds], seat, policy))
    apart = sum(strong.best_response([w.clone()], seat, policy)[0] for w in worlds)
    assert sum(book_values(worlds, seat)) - 1e-9 <= together <= apart + 1e-9


def test_the_search_does_not_fuse_strategies() -> None:
    """In some last tricks, a card for each world would do strictly better than one card for all of them: the search
    chooses the one card, as the seat must at the table."""
    fused = 0
    for seed in range(12):
        state, worlds = last_tricks(seed, 3)
        seat, policy = state.seat_to_move(), montecarlo.policy_for(state)
        together = sum(strong.best_response([w.clone() for w in worlds], seat, policy))
        fused += together < sum(strong.best_response([w.clone()], seat, policy)[0] for w in worlds) - 1e-9
    assert fused >= 1


def test_one_world_alone_is_the_best_against_the_book_in_it() -> None:
    """With one world, the search is the seat's best play in it against the other's book play, found by trying
    every card of the seat at every turn."""

    def best(world: DealState, seat: int) -> float:
        if world.is_over:
            return montecarlo.deal_value(world.returns()[seat])
        if world.seat_to_move() != seat:
            return best(doubledummy.applied(world, policy(world, world.legal_actions())), seat)
        return max(best(doubledummy.applied(world, move), seat) for move in world.legal_actions())

    state, worlds = last_tricks(3, 4)
    seat, policy = state.seat_to_move(), montecarlo.policy_for(state)
    for world in worlds[:4]:
        assert strong.best_response([world.clone()], seat, policy) == [best(world, seat)]


def test_in_its_last_four_tricks_the_strong_bot_plays_the_searchs_card_or_the_books() -> None:
    """At four cards or fewer the strong bot's card is the search's best or the book's, and it says why."""
    bot = StrongBot(seed=2)
    for seed in range(4):
        state = book_played(new_deal("ecarte", seed, random.Random(seed)), 4)
        view = games.observe(state, state.seat_to_move())
        if len(view.legal) < 2:
            continue
        decision = bot.choose(view)
        assert decision.action in view.legal and decision.reason
        moves = list(view.legal)
        _, tallies = bot.compare(view, moves, bot.rng_for(view))
        best = max(range(len(moves)), key=lambda i: tallies[i].mean)
        book = games.of(view).lookahead.book_move
        assert book is not None and decision.action in (moves[best], book(view))


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


def test_at_a_discard_the_strong_bot_also_weighs_which_cards_not_only_how_many() -> None:
    """Écarté's strong candidates at a discard: the Monte Carlo bot's (the book's discard, one card more or less),
    then the book's discard with one of its two strongest thrown cards kept for one of the two weakest kept; all
    legal and different; elsewhere the same as the Monte Carlo bot's."""
    lookahead, seen = games.get("ecarte").lookahead, 0
    assert lookahead.strong_candidates is not None and lookahead.candidates is not None
    for seed in range(30):
        state = new_deal("ecarte", seed, random.Random(seed))
        policy = montecarlo.policy_for(state)
        while not state.is_over and not state.phase.is_discard:
            state.apply(policy(state, state.legal_actions()))
        if state.is_over:
            continue
        view = games.observe(state, state.seat_to_move())
        ours, mcs = list(lookahead.strong_candidates(view)), list(lookahead.candidates(view))
        assert ours[: len(mcs)] == mcs and len(set(ours)) == len(ours) and set(ours) <= set(view.legal)
        book, swaps = mcs[0], [m for m in ours[len(mcs) :] if isinstance(m, Discard)]
        assert isinstance(book, Discard) and len(swaps) == len(ours) - len(mcs)
        assert all(len(m.cards) == len(book.cards) and len(m.cards - book.cards) == 1 for m in swaps)
        seen += len(book.cards) >= 2 and len(swaps) == 4
    assert seen >= 5
    play = book_played(new_deal("ecarte", 5, random.Random(5)), 4)
    view = games.observe(play, play.seat_to_move())
    assert lookahead.strong_candidates(view) == lookahead.candidates(view)
