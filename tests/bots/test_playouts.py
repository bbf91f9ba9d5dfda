"""One engine for play-outs, and reasons that are true about the game."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from cardlib import alkort, ecarte, games
from cardlib.alkort.view import alkort_world
from cardlib.bots import MonteCarloBot
from cardlib.bots import montecarlo as mc
from cardlib.bots.montecarlo import FEW_WORLDS, Tally, deal_value, explain_choice, share
from cardlib.ecarte.advice import dealer_trump_odds, dealer_two_trumps
from cardlib.ecarte.view import ecarte_world
from cardlib.games import observe, sample_world
from cardlib.players import play_deal
from cardlib.tricks import PROPOSE

from bot_helpers import GAMES, key_of, part_played

CARDLIB = Path(mc.__file__).parent.parent

# ---------------------------------------------------------------------------
# No rule of play lives in the bots


RULES = {
    "legal_plays",
    "play_duty",
    "judge_trick",
    "deal_is_decided",
    "score_deal",
    "may_exchange",
    "deal_hands",
    "may_announce",
    "_score_king",
}


@pytest.mark.parametrize(
    "module", ["bots/montecarlo.py", "alkort/view.py", "ecarte/view.py", "alkort/playout.py", "ecarte/playout.py"]
)
def test_the_bots_play_out_with_the_engines_state(module):
    """Play-outs and worlds call no rule of the engine one by one: they move the engine's own state."""
    tree = ast.parse((CARDLIB / module).read_text(encoding="utf-8"))
    called = {
        node.attr if isinstance(node, ast.Attribute) else node.id
        for node in ast.walk(tree)
        if isinstance(node, (ast.Attribute, ast.Name))
    }
    assert not called & RULES
    source = (CARDLIB / module).read_text(encoding="utf-8")
    assert not re.search(r"% 2 if|\+ 2\) % 4|count % 2|9 - len|8 \* i", source)  # sides, partners, sizes


@pytest.mark.parametrize("game", GAMES)
def test_a_play_out_is_a_legal_deal_of_the_engine(game, rng):
    for seed in range(12):
        state = part_played(game, seed, rng, most_moves=20)
        if state.is_over:
            continue
        world = sample_world(observe(state, state.current_player), rng)
        policy = mc.policy_for(world)
        own = games.get(key_of(game)).lookahead.playout_policy
        assert own is None or policy is own  # the game's own, from its room (else its rule bot's, for any game)
        moves = [
            a for a in world.legal_actions() if not isinstance(world, alkort.AlkortState) or isinstance(a, alkort.Card)
        ]
        move = moves[seed % len(moves)]
        twin = world.clone()
        twin.apply(move)
        twin.play_out(policy)
        assert twin.is_over and twin.replay().points == twin.points  # every move was the engine's
        assert mc.value_of(world, move, state.current_player) == deal_value(twin.returns()[state.current_player])
        assert len(world.log) == len(state.log) and not world.is_over  # value_of left the world as it was


@pytest.mark.parametrize("game", ["alkort4", "alkort2"])
def test_an_alkort_world_copied_from_a_template_is_the_world_a_deck_would_give(game, rng):
    for seed in range(40):
        state = part_played(game, seed, rng, most_moves=30)
        if state.is_over:
            continue
        view = observe(state, state.current_player)
        template = alkort_world(view, random.Random(seed))
        built, copied = (
            alkort_world(view, random.Random(seed + 1)),
            alkort_world(view, random.Random(seed + 1), template),
        )
        assert copied.hands == built.hands and copied.stock == built.stock
        assert copied.hands_at_first_card == built.hands_at_first_card
        assert copied.legal_actions() == built.legal_actions()


def test_an_ecarte_world_copied_from_a_template_holds_the_same_cards(rng):
    for seed in range(40):
        state = part_played("ecarte", seed, rng, most_moves=12)
        if state.is_over:
            continue
        view = observe(state, state.current_player)
        template = ecarte_world(view, random.Random(seed))
        built, copied = (
            ecarte_world(view, random.Random(seed + 1)),
            ecarte_world(view, random.Random(seed + 1), template=template),
        )
        assert [sorted(h) for h in copied.hands] == [sorted(h) for h in built.hands]
        assert copied.stock == built.stock and sorted(copied.discards) == sorted(built.discards)


# ---------------------------------------------------------------------------
# Reasons that say what they count


def tallies(*values: list[float]) -> list[Tally]:
    return [Tally.of(v) for v in values]


WIN, TIE, LOSS = deal_value(1), deal_value(0), deal_value(-1)
MOVES = [ecarte.card("K♠"), ecarte.card("7♥")]


def test_a_reason_says_what_it_counts():
    reason = explain_choice(MOVES, 0, tallies([WIN] * 30 + [LOSS] * 10, [WIN] * 20 + [LOSS] * 20))
    assert "finished ahead on the deal's points in 75% of 40 imagined deals" in reason
    assert "7♥ in 50% of 40 imagined deals" in reason and " won " not in reason


def test_a_tie_is_not_a_lost_deal():
    with_ties = explain_choice(MOVES, 0, tallies([TIE] * 3 + [LOSS] * 9, [LOSS] * 12))
    assert "lost in every imagined deal" not in with_ties
    assert "ends level in 3 of 12 imagined deals" in with_ties
    all_lost = explain_choice(MOVES, 0, tallies([LOSS] * 12, [deal_value(-2)] * 12))
    assert "the deal was lost in every imagined deal" in all_lost and "12" in all_lost


def test_few_imagined_deals_are_told_as_a_count():
    assert share(9, 12) == "9 of 12 imagined deals" and share(9, FEW_WORLDS) == f"9 of {FEW_WORLDS} imagined deals"
    assert share(25, 40) == "62% of 40 imagined deals"
    reason = explain_choice(MOVES, 0, tallies([WIN] * 7 + [LOSS] * 5, [WIN] * 5 + [LOSS] * 7))
    assert "in 7 of 12 imagined deals" in reason and "%" not in reason


def test_the_book_move_kept_against_a_better_looking_one_is_told_so():
    reason = explain_choice(
        [PROPOSE, *MOVES],
        1,
        tallies([WIN] * 22 + [LOSS] * 18, [WIN] * 20 + [LOSS] * 20, [WIN] * 10 + [LOSS] * 30),
        book=1,
    )
    assert "as the book advises" in reason and "propose in 55% of 40 imagined deals was not clearly better" in reason


@pytest.mark.parametrize("game", list(games.keys()))
def test_the_bots_reasons_in_real_deals_count_truly(game):
    reasons = []
    for seed in range(3):
        state = games.get(game).new_deal(seed=seed)
        bots = [MonteCarloBot(seed=seed, rollouts=40) for _ in range(state.n_players)]
        play_deal(state, bots, on_move=lambda seat, decision: reasons.append(decision.reason))
    assert reasons and not any(re.search(r"\bwon \d+%", r) for r in reasons)
    for reason in reasons:
        for count, total in re.findall(r"(\d+) of (\d+) imagined deals", reason):
            assert int(total) <= FEW_WORLDS and int(count) <= int(total)
        for total in re.findall(r"% of (\d+) imagined deals", reason):
            assert int(total) > FEW_WORLDS


# ---------------------------------------------------------------------------
# The odds behind the jeux de règle


def test_the_dealers_trumps_match_foster():
    assert dealer_trump_odds(1) == (44_574, 21_206) and dealer_trump_odds(2) == (50_274, 15_506)
    assert [round(dealer_two_trumps(k), 2) for k in (0, 1, 2)] == [0.41, 0.32, 0.24]
    rng = random.Random(5)  # and they are what dealing gives
    deals = [ecarte.new_deal(seed=rng.randrange(10**9)) for _ in range(4000)]
    for k in (0, 1, 2):
        seen = [d for d in deals if sum(c.suit == d.trump for c in d.hands[d.non_dealer]) == k]
        share_two = sum(sum(c.suit == d.trump for c in d.hands[d.dealer]) >= 2 for d in seen) / len(seen)
        assert abs(share_two - dealer_two_trumps(k)) < 0.05, (k, share_two)
