"""The hint: every option, best first, honest about its noise, reproducible, and blind to the hidden cards."""

from __future__ import annotations

import functools
import random

import pytest
from coach_helpers import played, summary

from cardlib import coach, doubledummy, games
from cardlib.bots import BOTS, make_bot, montecarlo
from cardlib.players import play_deal
from cardlib.tricks import Action, DealState

# Every game the registry knows, with each number it may be played by; and each game by its key.
CASES = [(game.key, count) for game in games.every() for count in game.players]
KEYS = list(games.keys())


def mid_deal(key: str, seed: int, players: int | None = None):
    """A position in play with a real choice for the player to move."""
    return played(key, seed, players, until=lambda s: len(s.plays()) >= 3 and len(s.legal_actions()) >= 3)


@pytest.mark.parametrize("key, players", CASES)
def test_every_option_best_first(key: str, players: int | None) -> None:
    state = mid_deal(key, 4, players)
    seat = state.seat_to_move()
    hint = coach.hint(state, seat, samples=60)
    assert {e.action for e in hint.options} == set(state.legal_actions(seat))
    points = [e.points for e in hint.options]
    assert points == sorted(points, reverse=True)
    assert hint.best[0] == hint.options[0].action and coach.agrees(hint, hint.best[0])
    for e in hint.options:
        assert e.samples == hint.samples == 60 and 0 <= e.win <= 1 and e.points_margin >= 0
        assert (e.action in hint.best) == coach.as_good_as(hint, hint.best[0], e.action)
        assert coach.as_good_as(hint, e.action, hint.best[0]) == coach.as_good_as(hint, hint.best[0], e.action)


def test_as_good_as_is_the_paired_interval() -> None:
    assert coach.within_noise([1.0, 0.0, 2.0, 1.0], [1.0, 0.0, 2.0, 1.0])  # the same in every world
    assert not coach.within_noise([1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0])  # better in every world
    # far apart on average, but a paired difference of +1 or -1 at random is noise
    assert coach.within_noise([2.0, 0.0, 2.0, 0.0], [1.0, 1.0, 1.0, 1.0])


@pytest.mark.parametrize("key", KEYS)
def test_same_seed_same_hint(key: str) -> None:
    state = mid_deal(key, 7)
    seat = state.seat_to_move()
    assert summary(coach.hint(state, seat, samples=50, seed=3)) == summary(coach.hint(state, seat, samples=50, seed=3))


@pytest.mark.parametrize("key, seed", [(key, seed) for key in KEYS for seed in (1, 5)])
def test_hidden_cards_do_not_change_the_hint(key: str, seed: int) -> None:
    """Another deal the seat cannot tell from this one (other hidden cards, the same view): the same hint."""
    state = mid_deal(key, seed)
    seat = state.seat_to_move()
    view = games.observe(state, seat)
    other = games.sample_world(view, random.Random(99))
    hidden = [sorted(h) for s, h in enumerate(state.hands) if s != seat]
    assert games.observe(other, seat) == view
    assert [sorted(h) for s, h in enumerate(other.hands) if s != seat] != hidden, "the hidden cards differ"
    assert summary(coach.hint(other, seat, samples=40)) == summary(coach.hint(state, seat, samples=40))


def test_the_hint_never_asks_double_dummy(monkeypatch: pytest.MonkeyPatch) -> None:
    state = mid_deal("ecarte", 3)
    seat = state.seat_to_move()
    before = summary(coach.hint(state, seat, samples=40))

    def broken(*args: object, **kwargs: object) -> float:
        raise AssertionError("the coach looked at every card")

    monkeypatch.setattr(doubledummy.Search, "search", broken)
    monkeypatch.setattr(doubledummy, "option_values", broken)
    assert summary(coach.hint(state, seat, samples=40)) == before


def test_a_seat_with_nothing_to_do_is_told_so() -> None:
    state = played("ecarte", 1, until=lambda s: len(s.plays()) == 3)  # both have played: no King to announce
    idle = state.opponents(state.seat_to_move())[0]
    assert state.legal_actions(idle) == []
    with pytest.raises(ValueError, match="no decision"):
        coach.hint(state, idle, samples=8)


def waiting_position() -> tuple[DealState, int]:
    """The first Alkort deal where a seat not to move may take the exchange out of turn, and that seat."""
    for seed in range(100):
        state = games.get("alkort").new_deal(seed=seed)
        waiting = [s for s in range(4) if s != state.seat_to_move() and state.legal_actions(s)]
        if waiting:
            return state, waiting[0]
    raise AssertionError("no Alkort deal of 100 offers the exchange out of turn")


def test_an_optional_move_may_wait() -> None:
    """Before the first card, an Alkort seat entitled to the exchange may take it out of turn, or wait."""
    state, seat = waiting_position()
    hint = coach.hint(state, seat, samples=20)
    assert {e.action for e in hint.options} == {*state.legal_actions(seat), coach.WAIT}


def test_waiting_lets_the_player_to_move_go_first_as_the_rest_is_played() -> None:
    """A seat that waits: the player whose turn it is moves first, as the book would (or as the bot playing on)."""
    state, seat = waiting_position()
    imagination = montecarlo.Imagination(games.observe(state, seat), random.Random(0))
    for world in (imagination.world() for _ in range(3)):  # in these, another first move would score otherwise
        mover, policy = world.seat_to_move(), montecarlo.policy_for(world)
        by_the_book = world.clone()
        by_the_book.apply(policy(by_the_book, by_the_book.legal_actions(mover)))
        assert coach.outcome(world, coach.WAIT, seat) == by_the_book.play_out(policy).returns()[seat]
        bots = [make_bot("mc", "alkort", seed=s) for s in range(4)]
        by_the_bots = world.clone()
        by_the_bots.apply(bots[mover].decide(by_the_bots, mover).action)
        assert coach.outcome(world, coach.WAIT, seat, "mc") == play_deal(by_the_bots, bots).returns()[seat]


def test_why_names_the_best_option_and_its_figures() -> None:
    state = mid_deal("ecarte", 4)
    hint = coach.hint(state, state.seat_to_move(), samples=60)
    first = hint.options[0]
    assert "point" in hint.why and f"{first.win:.0%}" in hint.why
    if len(hint.best) > 1:
        assert "too close to tell apart with 60 imagined deals" in hint.why and "as good as" not in hint.why
    elif len(hint.options) > 1:
        assert "is best" in hint.why


def test_a_chance_is_never_known_exactly_from_samples() -> None:
    """Won in every imagined deal, the chance is still uncertain; at one half, the ± is the usual 1.96 σ/√n."""
    assert coach.win_margin(160, 160) == pytest.approx(1 - 0.9766, abs=1e-3)
    assert coach.win_margin(0, 160) == pytest.approx(coach.win_margin(160, 160))
    assert coach.win_margin(80, 160) == pytest.approx(1.96 * (0.25 / 160) ** 0.5, rel=0.02)


@pytest.mark.parametrize("key", KEYS)
def test_a_forced_move_is_answered_at_once_by_the_coach_and_the_bots(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One legal card: the coach imagines the fewest worlds (nothing to compare), and no bot imagines any."""
    forced = (played(key, seed, until=lambda s: bool(s.plays()) and len(s.legal_actions()) == 1) for seed in range(40))
    state = next(s for s in forced if not s.is_over)
    seat = state.seat_to_move()
    hint = coach.hint(state, seat)
    assert hint.samples == coach.MIN_SAMPLES and [e.action for e in hint.options] == state.legal_actions(seat)
    assert "the only choice" in hint.why
    monkeypatch.setattr(montecarlo, "Imagination", None)  # a bot that imagined a world would fail here
    for name in BOTS:
        decision = make_bot(name, key).decide(state, seat)
        assert decision.action == state.legal_actions(seat)[0] and decision.reason


def test_why_never_prints_a_zero_margin_nor_calls_the_indistinct_as_good() -> None:
    """Every imagined deal alike gives a margin of 0, which is said as such (not '± 0.00'); options the coach cannot
    tell apart are 'too close to tell', with how many imagined deals, never 'as good as each other'."""
    from cardlib.cards import card
    from cardlib.contracts import Estimate, Hint
    from cardlib.words import sentence

    sure = [Estimate(card(name), 1.0, 0.004, 1.0, 0.0, 40) for name in ("K♦", "8♠")]
    for best in ((sure[0].action,), (sure[0].action, sure[1].action)):
        hint = Hint(0, 40, 0, tuple(sure), best, "", {})
        why = sentence(hint, lambda a: f"playing {a}", "wins")
        assert "± 0.00" not in why and "± 0%" not in why and "as good as" not in why, why
        assert "100% ± <1% of the time and scores +1.00 (the same in all 40 imagined deals) points" in why, why
    assert "too close to tell apart with 40 imagined deals" in why


CARDS_LEFT = 4  # in every hand, at most: a play-out by bots at every seat is then quick


def late_with_a_choice(state: DealState) -> bool:
    """Whether no hand holds more than CARDS_LEFT cards and the player to move has a choice."""
    return max(map(len, state.hands)) <= CARDS_LEFT and len(state.legal_actions()) > 1


def late_deal(key: str, players: int) -> DealState:
    """A position with at most CARDS_LEFT cards a hand and a choice for the player to move (quick to play out), or the
    nearest such position of the next seeds."""
    for seed in range(5, 25):
        state = played(key, seed, players, until=late_with_a_choice)
        if not state.is_over:
            return state
    raise AssertionError(f"no deal of {key} with a choice in its last {CARDS_LEFT} tricks")


def played_on_by_hand(world: DealState, move: Action, seat: int, bot: str) -> float:
    """The seat's points when the move is made in the world and the bot (by name, seeded by seat) plays every seat."""
    deal = world.clone()
    deal.apply(move)
    bots = [make_bot(bot, games.of(deal).key, seed=s) for s in range(deal.n_players)]
    return float(play_deal(deal, bots).returns()[seat])


@functools.cache  # the two tests below share the play-outs
def continuations_checked(bot: str, key: str, players: int, worlds: int = 8) -> int:
    """Every move's outcome in a few imagined worlds of a late position, with the bot playing on, checked against the
    deal played on by that bot at every seat (the world untouched): how many outcomes were unlike the book's.
    (Three moves a world at most: every game's bots are quick enough then.)"""
    state = late_deal(key, players)
    seat = state.seat_to_move()
    imagination, unlike_the_book = montecarlo.Imagination(games.observe(state, seat), random.Random(2)), 0
    for _ in range(worlds):
        world = imagination.world()
        for move in world.legal_actions()[:3]:
            before = world.log[:]
            by_the_bot = coach.outcome(world, move, seat, bot)
            assert by_the_bot == played_on_by_hand(world, move, seat, bot), (key, players, move)
            assert world.log == before
            unlike_the_book += by_the_bot != coach.outcome(world, move, seat, "book")
    return unlike_the_book


@pytest.mark.parametrize("bot", coach.BOT_CONTINUATIONS)
@pytest.mark.parametrize("key, players", CASES)
def test_a_bots_continuation_plays_the_rest_with_that_bot_at_every_seat(bot: str, key: str, players: int) -> None:
    continuations_checked(bot, key, players)


@pytest.mark.parametrize("bot", coach.BOT_CONTINUATIONS)
def test_the_bots_continuation_is_told_from_the_books(bot: str) -> None:
    built_in = [(key, players) for key, players in CASES if key in games.BUILT_IN]
    assert sum(continuations_checked(bot, key, players) > 0 for key, players in built_in) >= 2  # in two games at least


@pytest.mark.parametrize("bot", coach.BOT_CONTINUATIONS)
def test_a_hint_may_imagine_the_rest_played_by_a_bot(bot: str) -> None:
    key, players = CASES[0]
    state = late_deal(key, players)
    seat = state.seat_to_move()
    hint = coach.hint(state, seat, samples=4, continuation=bot)
    assert hint.continuation == bot and {e.action for e in hint.options} == set(state.legal_actions(seat))


def test_an_unknown_continuation_is_refused_by_name() -> None:
    state = late_deal(*CASES[0])
    with pytest.raises(ValueError, match="there is no continuation 'perfect': choose one of book, exact, mc, strong"):
        coach.hint(state, state.seat_to_move(), samples=4, continuation="perfect")
