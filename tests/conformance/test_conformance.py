"""One conformance suite for every game the course knows: what the course promises of any game, checked alike.

Each test runs for every registered game with each number of players it may be played by (see conftest.py), over
a sample of its options drawn from the options' own list of values: random legal play to the end with every card
accounted for, views that show a seat its own cards and hide the others', worlds that agree with the view they
were drawn from, every bot, the coach's hint and review, the table widget, and the scenario runner replaying a
deal. A game's own rules are tested in its room's tests; here it is held to the contract (``cardlib.contracts``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from widget_helpers import play_out

from cardlib import bench, coach, games, scenarios
from cardlib.bots import BOTS, StrongBot, make_bot
from cardlib.bots.montecarlo import MonteCarloBot
from cardlib.contracts import Bot, CoachWords, SeatView
from cardlib.players import RandomPlayer, play_deal
from cardlib.tricks import DealState, OptionError, RuleOptions, action_text
from cardlib.widgets import GuidedRound

OPTION_SAMPLES = 3  # the defaults, then options drawn at random
SEEDS = range(4)


def sampled_options(game: games.GameDescription, players: int, count: int = OPTION_SAMPLES) -> list[RuleOptions]:
    """The game's default options, then options with each field drawn from its allowed values (redrawn until the
    game deals with them for this many players)."""
    rng = random.Random(f"{game.key}{players}")
    found = [game.options_from(None)]
    while len(found) < count:
        values = {
            name: rng.choice(choices) if choices is not None else rng.choice((1, 2, 5))
            for name, choices in game.options.describe().items()
        }
        try:
            options = game.options(**values)
            game.new_deal(options, players, seed=0)
        except OptionError:
            continue
        found.append(options)
    return found


def random_deals(game: games.GameDescription, players: int) -> list[tuple[DealState, list[DealState]]]:
    """Deals played to the end by random legal moves, each with the positions it passed through."""
    played = []
    for options in sampled_options(game, players):
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new_deal(options, players, seed=seed, dealer=seed % players)
            positions = [state.clone()]
            while not state.is_over:
                state.apply(state.random_action(rng))
                positions.append(state.clone())
            played.append((state, positions))
    return played


def assert_every_card_accounted_for(game: games.GameDescription, state: DealState) -> None:
    """The deck is the pack shuffled; no card is in two hands, played twice, or both held and played."""
    assert Counter(state.deck) == Counter(game.pack)
    held = [c for h in state.hands for c in h]
    played = [p.card for p in state.plays()]
    assert len(set(held)) == len(held) and len(set(played)) == len(played), "a card in two places"
    assert not set(held) & set(played), "a card both held and played"
    assert set(held) | set(played) <= set(game.pack)


def test_random_legal_play_reaches_the_end_with_every_card_accounted_for(game, players) -> None:
    for state, positions in random_deals(game, players):
        for position in positions:
            assert_every_card_accounted_for(game, position)
        assert state.is_over and state.legal_actions() == [] and len(state.points) == 2
        returns = state.returns()
        for seat in range(players):
            assert all(returns[seat] == -returns[o] for o in state.opponents(seat))
        assert state.replay().points == state.points and games.of(state) is game


def test_options_are_checked_once_and_every_deal_keeps_them(game, players) -> None:
    """A game (or the bench) checks its options when it is set up, and each deal after holds that very object: no
    deal builds its options again (issue 31: rebuilt twice a deal, they cost a sixth of a random Écarté deal)."""
    for options in sampled_options(game, players):
        match, rng = game.new_game(options, players, seed=1), random.Random(1)
        for _ in range(3):
            assert match.deal.options is options
            while not match.deal.is_over:
                match.deal.apply(match.deal.random_action(rng))
            if match.is_over:
                break
            match.next_deal()
    new_deal = bench.dealer(game, players)
    first, *others = [new_deal(rng, number) for number in range(3)]
    assert all(deal.options is first.options for deal in others)


def test_views_show_a_seat_its_own_and_worlds_agree_with_them(game, players) -> None:
    rng = random.Random(1)
    for _, positions in random_deals(game, players)[:6]:
        for position in rng.sample(positions[:-1], min(4, len(positions) - 1)):
            for seat in range(players):
                view = games.observe(position, seat)
                assert isinstance(view, SeatView) and view.seat == seat
                assert sorted(view.hand) == sorted(position.hands[seat])
                assert view.to_move == position.seat_to_move()
                assert set(view.legal) == set(position.legal_actions(seat))
                others = {c for s, h in enumerate(position.hands) if s != seat for c in h}
                assert not others & set(view.hand) and not set(view.unseen()) & set(view.hand)
                face_up = set(position.public_cards())
                assert not face_up & set(view.unseen()), f"{game.name}'s view counts cards face up as unseen"
                assert_worlds_agree(view, position, seat, rng)


def assert_worlds_agree(view: Any, position: DealState, seat: int, rng: random.Random) -> None:
    """Worlds drawn from the view give back the same view (so the view cannot tell them from the real deal, and
    shows nothing of the cards they place differently), and hold the seat's own cards."""
    for _ in range(3):
        world = games.sample_world(view, rng)
        assert games.observe(world, seat) == view, unlike(games.observe(world, seat), view)
        assert sorted(world.hands[seat]) == sorted(position.hands[seat])
        assert_every_card_accounted_for(games.of(world), world)


def unlike(seen: Any, view: Any) -> str:
    """What a world's view shows that the seat's own does not, and the hook that is likely missing."""
    fields = [name for name in vars(view) if getattr(seen, name, None) != getattr(view, name)]
    return (
        f"a world drawn from seat {view.seat}'s view looks different to that seat ({', '.join(fields)}): its world "
        "must keep all the seat has seen; a card face up for every seat (a turned-up trump) is the state's public "
        "card (plain.PlainState.turned_up, or public_cards() and the view's world_from)"
    )


@pytest.mark.parametrize("bot", BOTS)
def test_every_bot_plays_to_the_end(game, players, bot: str) -> None:
    for seed in range(2):
        searching = {"mc": MonteCarloBot, "strong": StrongBot}.get(bot)  # the searching bots, on a small budget
        tested = searching(seed, rollouts=24) if searching else make_bot(bot, game.key, seed)
        seats: list[Bot] = [tested if s == seed % players else RandomPlayer(s) for s in range(players)]
        state = play_deal(game.new_deal(None, players, seed=seed, dealer=seed % players), seats)
        assert state.is_over and state.replay().points == state.points


def test_the_coach_hints_and_reviews(game, players) -> None:
    assert isinstance(game.coach, CoachWords)
    state = game.new_deal(None, players, seed=2)
    bots = [game.rule_bot(s) for s in range(players)]
    hinted = 0
    while not state.is_over:
        seat = state.seat_to_move()
        if len(state.legal_actions(seat)) >= 2 and hinted < 2:
            hint = coach.hint(state, seat, samples=6)
            assert {e.action for e in hint.options} >= set(state.legal_actions(seat))
            assert hint.best and hint.why and hint.why[0].isupper()
            hinted += 1
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    assert hinted, "no decision in a whole deal"
    for reviewed in coach.review(state, 0, samples=4):
        assert reviewed.verdict in ("good", "inaccuracy", "mistake") and reviewed.loss >= 0


def test_the_table_plays_a_whole_deal(game, players) -> None:
    table = GuidedRound(game.key, players=players, seed=3)
    assert table.n_players == players and table.errors == []
    play_out(table)
    assert table.deal.is_over and table.errors == []
    assert table.scoreboard.rows and len(table.scoreboard.rows) == 2


def test_the_scenario_runner_replays_a_deal(game, players, tmp_path: Path) -> None:
    if "deal" not in game.scenarios:
        pytest.skip(f"{game.name} has no deal scenarios")  # a game may leave them out; the built-in games do not
    lines = []
    for (state, _), number in zip(random_deals(game, players), range(3)):
        lines.append(json.dumps(deal_scenario(game, state, f"{game.key}-{players}-{number}"), ensure_ascii=False))
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = scenarios.load([path])
    assert len(loaded) == 3 and [scenarios.run(s) for s in loaded] == [[], [], []]


def deal_scenario(game: games.GameDescription, state: DealState, name: str) -> dict[str, Any]:
    """A finished deal as a deal scenario: the stacked deck, the moves, and what came of them."""
    return {
        "id": name,
        "game": game.key,
        "kind": "deal",
        "players": state.n_players,
        "options": state.options.changed(),
        "dealer": state.dealer,
        "deck": [str(c) for c in state.deck],
        "actions": [action_text(a) for a in state.log],
        "expect": {"trick_winners": state.trick_winners, "points": state.points, "over": True},
    }
