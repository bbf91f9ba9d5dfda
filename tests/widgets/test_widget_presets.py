"""Preset deals: each stacked deck deals what it says, and played through, shows its rule."""

import pytest
from widget_helpers import learner_move, play_out, text

from cardlib import alkort, card, hand
from cardlib.widgets import PRESETS, GuidedRound
from cardlib.widgets.table import SHOWN


def test_presets_are_complete_tuples():
    assert {"alkort-stroke", "alkort-cashed-seven", "ecarte-refused-proposal"} <= set(PRESETS)
    for name, (game, players, _options, deck, dealer, description) in PRESETS.items():
        g = GuidedRound(preset=name)
        assert (g.game, g.n_players, g.state.dealer) == (game, players, dealer)
        assert list(g.state.deck) == hand(deck) and description in text(g.description)


def test_stroke_deck_gives_the_learners_side_every_high_card():
    g = GuidedRound(preset="alkort-stroke")
    fresh = alkort.new_deal(players=4, dealer=3, deck=hand(PRESETS["alkort-stroke"].deck))
    assert fresh.hands[0] == hand("K♦ 4♣ 9♥ A♠ A♦ J♠ J♦ 6♠ 6♦")
    assert fresh.hands[2] == hand("2♥ 8♠ 9♦ A♥ A♣ J♥ J♣ 6♥ 6♣")
    assert not any(alkort.is_ranked(c) for seat in (1, 3) for c in fresh.hands[seat])
    assert g.state.current_player == 0  # the learner leads


@pytest.mark.parametrize("last", [False, True])
def test_stroke_preset_ends_in_a_stroke_for_the_learners_side(last):
    g = GuidedRound(preset="alkort-stroke")
    play_out(g, last=last)
    assert g.state.result() == (0, 9, "stroke")
    assert g.log.lines[-1] == "The deal is over. Stroke: team A won the first 9 tricks in a row — 9 points."
    assert g.scoreboard.rows[0][2:] == (9, 9)


@pytest.mark.parametrize("last", [False, True])
def test_cashed_seven_preset_shows_a_seven_beating_everything(last):
    g = GuidedRound(preset="alkort-cashed-seven")
    assert card("2♥") in g.state.hands[0] and card("7♥") in g.state.hands[0]
    play_out(g, last=last)
    first, second = g.state.tricks[:2]
    assert first.cards[0] == card("K♦") and first.winner == 1
    assert second.leader == 1 and second.cards[0] == card("7♣") and second.winner == 1 and second.leader_had_won
    assert (
        "Trick 2: 7♣ wins: a seven led by a player who has already won a trick beats everything "
        "— player 1 takes the trick."
    ) in g.log.lines
    assert any("has won a trick, so it leads its seven to cash it" in line for line in g.log.lines)


def test_cashed_seven_preset_lets_the_learner_cash_one_too():
    g = GuidedRound(preset="alkort-cashed-seven")
    while not g.state.is_over:
        if g.state.current_player == 0 and g.state.has_won[0] and not g.state.trick and card("7♥") in g.hand.cards:
            g.click_card("7♥")
            assert "7♥ wins: a seven led by a player who has already won a trick" in text(g.message)
            return
        # win tricks when possible: play the learner's strongest card
        if g.state.current_player == 0 and g.hand.playable:
            g.click_card(max(g.hand.playable, key=alkort.strength))
        else:
            learner_move(g)
    pytest.fail("the learner never got to lead 7♥ after a win")


@pytest.mark.parametrize("last", [False, True])
def test_refused_proposal_preset_costs_the_dealer_two(last):
    g = GuidedRound(preset="ecarte-refused-proposal")
    assert g.state.trump == "♥" and g.state.hands[0] == hand("Q♥ J♥ A♥ 7♠ 8♣")
    g.click_action("propose")
    assert "Player 1 refuses the proposal — refuses the proposal: it hopes to win as the cards lie." in g.log.lines
    play_out(g, last=last)
    assert g.state.result().kind == "refused" and g.state.points == [2, 0]
    assert g.log.lines[-1].endswith("won the point after the dealer refused a proposal — 2 points.")


def test_presets_replay_the_same_way():
    logs = []
    for _ in range(2):
        g = GuidedRound(preset="alkort-cashed-seven")
        play_out(g)
        logs.append(g.log.lines)
    assert logs[0] == logs[1]


def test_unknown_preset_is_named():
    with pytest.raises(ValueError, match="alkort-stroke"):
        GuidedRound(preset="no-such-deal")


def test_play_this_deal_again_replays_it():
    g = GuidedRound(preset="alkort-cashed-seven")
    assert g.again_button.layout.display == "none"
    play_out(g)
    first = list(g.log.lines)
    assert g.again_button.layout.display == SHOWN and "cardlib-play-again" in g.again_button._dom_classes
    g.again_button.click()
    assert not g.state.is_over and not g.state.tricks[1:] and g.log.lines[0] == "Deal 1: player 0 deals."
    play_out(g)
    assert g.log.lines == first
