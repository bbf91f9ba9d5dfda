"""The bots play every reading of the sources: each new option value, and the worlds they imagine agree with it.

Each reading changes what a seat knows (the cards shown to the table, the first leader's
highest card, its own draws after tricks) or what it may do (claim a turned-up King). For
each, the worlds drawn from a seat's view must give back the same view, the bots must
finish whole deals with legal moves only, and a bot that may claim a King claims it.
"""

from __future__ import annotations

import random

import pytest

from cardlib import alkort, ecarte
from cardlib.alkort.advice import AlkortRuleBot
from cardlib.bots import MonteCarloBot
from cardlib.ecarte.advice import EcarteRuleBot
from cardlib.games import observe, sample_world
from cardlib.players import RandomPlayer, next_move, play_deal
from cardlib.tricks import PASS, Claim

ALKORT_READINGS: list[dict[str, object]] = [
    {"partner_reveal": "table"},
    {"first_lead": "highest_card"},
    {"first_lead": "highest_card", "partner_reveal": "table", "seven_lead": "forehand_exempt"},
    {"ranking": "short", "low_eights_ranked": False},
    {"ranking": "short", "low_eights_ranked": False, "rubbish_order": "led_suit", "first_lead": "highest_card"},
    {"draw_after_trick": True},
    {"draw_after_trick": True, "play_out": True, "partner_reveal": "table", "first_lead": "highest_card"},
    {"low_eights_ranked": False, "rubbish_order": "led_suit"},
]
ECARTE_READINGS: list[dict[str, object]] = [
    {"stand_bonus": "non_dealer"},
    {"turned_king": "claimed"},
    {"turned_king": "claimed", "stand_bonus": "non_dealer", "target_score": 1},
]


def part_played_with(game: str, options: dict, seed: int, rng: random.Random, most_moves: int):
    """A deal of 'ecarte', 'alkort4' or 'alkort2' with these options, played some random moves by random players."""
    state: ecarte.EcarteState | alkort.AlkortState
    if game == "ecarte":
        state = ecarte.new_deal(options, dealer=seed % 2, seed=seed)
    else:
        players = 4 if game == "alkort4" else 2
        state = alkort.new_deal(options, players=players, dealer=seed % players, seed=seed)
    movers = [RandomPlayer(rng) for _ in range(state.n_players)]
    for _ in range(rng.randrange(most_moves + 1)):
        if state.is_over:
            break
        _, decision = next_move(state, movers)
        state.apply(decision.action)
    return state


CASES = (
    [("alkort4", o) for o in ALKORT_READINGS]
    + [("ecarte", o) for o in ECARTE_READINGS]
    + [("alkort2", o) for o in ALKORT_READINGS if not o.get("draw_after_trick")]
)  # refused with two players
IDS = [f"{game}-{'-'.join(map(str, o.values()))}" for game, o in CASES]


@pytest.mark.parametrize("game, options", CASES, ids=IDS)
def test_worlds_drawn_from_a_view_give_the_same_view(game, options, rng):
    checked = 0
    for seed in range(40):
        state = part_played_with(game, options, seed, rng, most_moves=45)
        for seat in range(state.n_players):
            view = observe(state, seat)
            for _ in range(3):
                assert observe(sample_world(view, rng), seat) == view, (options, seed, seat)
                checked += 1
    assert checked >= 100


@pytest.mark.parametrize("game, options", CASES, ids=IDS)
def test_rule_bots_and_the_monte_carlo_bot_finish_deals(game, options):
    for seed in range(3):
        state = part_played_with(game, options, seed, random.Random(seed), most_moves=0)
        rule = EcarteRuleBot(seed) if isinstance(state, ecarte.EcarteState) else AlkortRuleBot(seed)
        bots = [
            MonteCarloBot(seed, rollouts=16) if seat == seed % state.n_players else rule
            for seat in range(state.n_players)
        ]
        play_deal(state, bots)  # the engine checks every move
        assert state.is_over and state.replay().points == state.points


def test_the_bots_see_what_was_shown_to_the_table():
    for seed in range(20):
        state = alkort.new_deal({"partner_reveal": "table", "first_lead": "highest_card"}, seed=seed)
        view = observe(state, 0)
        assert dict(view.shown) == {s: tuple(sorted(c)) for s, c in state.shown_to(0).items()}
        assert view.opener == state.leader
        caps = view.strength_caps()
        for seat, cap in caps.items():  # what was shown bounds the hidden hands, as the real hands are bounded
            assert max(alkort.strength(c, state.options) for c in state.hands[seat]) <= cap


def test_the_bots_know_their_own_draws_and_only_how_many_the_others_drew(rng):
    state = alkort.new_deal({"draw_after_trick": True}, seed=3)
    movers = [RandomPlayer(rng) for _ in range(4)]
    while len(state.tricks) < 2:
        _, decision = next_move(state, movers)
        state.apply(decision.action)
    view = observe(state, 1)
    assert view.drawn == tuple(state.drawn_by(1)) and len(view.drawn) == 2
    assert all(view.hand_size(s) == len(state.hands[s]) for s in range(4))
    assert not set(state.drawn_by(2)) & set(view.hand)


@pytest.mark.parametrize("bot", [EcarteRuleBot(1), MonteCarloBot(1, rollouts=16)], ids=["rules", "mc"])
def test_a_dealer_bot_claims_the_turned_up_king_at_once(bot):
    seed = next(s for s in range(200) if ecarte.new_deal(seed=s).turned_up.rank == "K")
    state = ecarte.new_deal({"turned_king": "claimed"}, dealer=0, seed=seed)
    assert state.points == [0, 0] and Claim(state.turned_up) in state.legal_actions(0)
    seat, decision = next_move(state, [bot, RandomPlayer(0)])  # the non-dealer's turn: the dealer claims first
    assert (seat, decision.action) == (0, Claim(state.turned_up)) and "claims" in decision.reason.lower()
    state.apply(decision.action)
    assert state.points == [1, 0]


def test_a_dealer_bot_that_waited_claims_after_the_fifth_trick():
    seed = next(s for s in range(200) if ecarte.new_deal(seed=s).turned_up.rank == "K")
    state = ecarte.new_deal({"turned_king": "claimed"}, dealer=0, seed=seed)
    rng = random.Random(2)
    while len(state.tricks) < 5:  # nobody claims during the deal
        state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, Claim)]))
    assert state.phase is ecarte.CLAIM and state.legal_actions() == [Claim(state.turned_up), PASS]
    for bot in (EcarteRuleBot(1), MonteCarloBot(1, rollouts=16)):
        assert bot.decide(state, 0).action == Claim(state.turned_up)
