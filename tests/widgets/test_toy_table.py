"""The table plays a game it knows only from the registry: the toy game of ``tests/toy_game.py``.

Two players, six cards, two each, follow suit. Registered with ``games.register``, it is dealt at the table, the
learner plays it by clicking cards, the bot moves, each trick and the score are explained in the toy's own words,
and the score board counts what the deal says — though no widget names the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from widget_helpers import play_game, play_out, text

from cardlib import games
from cardlib.widgets import DealExplorer, DealExplorerApp, GameTable, GuidedRound
from cardlib.widgets.table import LEARNER, SHOWN

import toy_game


@pytest.fixture(autouse=True)
def toy() -> Iterator[games.GameDescription]:
    """The toy game, registered for one test and taken out after it."""
    yield toy_game.register()
    games.unregister(toy_game.KEY)


def capitalised(sentence: str) -> str:
    """A sentence with its first letter a capital, as the log writes the engine's sentences."""
    return sentence[:1].upper() + sentence[1:]


@pytest.mark.parametrize("seed", range(6))
def test_the_learner_plays_a_whole_toy_deal_by_clicking_cards(seed: int) -> None:
    g = GuidedRound(toy_game.KEY, seed=seed)
    state = g.deal
    assert isinstance(state, toy_game.ToyState) and g.n_players == 2 and g.errors == []
    assert text(g.title) == "A guided deal of Toy"
    assert f"Toy, 2 players — you are player 0. Dealer: player {state.dealer}" in text(g.info)
    assert g.hand.cards == state.hands[LEARNER] and len(g.hand.buttons) == toy_game.HAND_SIZE
    assert state.current_player == LEARNER and "▶ Your turn. Lead any card." in text(g.prompt)
    play_out(g)  # a click a move, on the learner's cards, each moving the deal on
    assert state.is_over and g.errors == [] and "The deal is over." in text(g.prompt)
    bots = [line for line in g.log.lines if line.startswith("Player 1 plays")]
    assert len(bots) == len(state.tricks) == toy_game.HAND_SIZE
    tricks = [line for line in g.log.lines if line.startswith("Trick ")]
    assert tricks == [f"Trick {i + 1}: {state.explain_trick(i)}" for i in range(len(state.tricks))]
    assert g.log.lines[-1] == f"The deal is over. {capitalised(state.explain_score())}"
    # The score shows what the deal counts: each side's tricks, points and game score, and the target.
    sides = ["you (player 0)", "player 1"]
    won, points, scores = state.tricks_by_side(), state.points, state.scores
    assert g.scoreboard.rows == [(sides[s], won[s], points[s], scores[s]) for s in (0, 1)]
    assert "First to 3 points wins the game." in text(g.scoreboard.view)
    # The last trick shows who played each card, as the engine says (plays), its winner marked.
    last = [p for p in state.plays() if p.trick == len(state.tricks) - 1]
    assert g.trick.last == [(g.name(p.seat), p.card) for p in last]
    assert g.trick.last_caption == f"(trick {len(state.tricks)}) — won by {g.name(state.tricks[-1].winner)}"


def test_a_card_that_does_not_follow_suit_is_refused_in_the_engines_words() -> None:
    for seed in range(40):
        g = GuidedRound(toy_game.KEY, seed=seed, dealer=LEARNER)  # the bot leads, the learner follows
        refused = [c for c in g.hand.cards if g.hand.reasons[c]]
        if refused:
            break
    else:
        pytest.fail("in 40 deals the learner could always play either card")
    before = list(g.deal.log), [list(cards) for cards in g.deal.hands]
    reason = g.deal.why_illegal(refused[0])
    assert reason.startswith("You must follow suit") and g.hand.button(refused[0]).tooltip == reason
    g.click_card(refused[0])
    assert text(g.message) == f"⚠ {reason}" and g.errors == []
    assert (list(g.deal.log), [list(cards) for cards in g.deal.hands]) == before
    play_out(g)
    assert g.deal.is_over and g.errors == []


def test_the_same_toy_deal_is_played_again_with_the_same_cards() -> None:
    g = GuidedRound(toy_game.KEY, seed=3)
    hands = [list(cards) for cards in g.deal.hands]
    play_out(g)
    g.again_button.click()
    assert [list(cards) for cards in g.deal.hands] == hands and not g.deal.is_over and g.errors == []


def test_a_whole_toy_game_is_played_to_the_target_the_deal_passing_round_the_table() -> None:
    games.register(dataclasses.replace(toy_game.DESCRIPTION, game=None))  # no game of its own: the registry's
    t = GameTable(toy_game.KEY, seed=1)
    deals = play_game(t)  # clicking cards, and Next deal between deals
    assert t.match is not None and t.match.is_over and t.errors == [] and deals == len(t.match.finished) + 1
    dealers = [deal.dealer for deal in [*t.match.finished, t.deal]]
    assert all(later == t.deal.opponents(earlier)[0] for earlier, later in zip(dealers, dealers[1:]))
    winner, loser = t.match.winner, t.deal.game_loser
    assert winner is not None and loser is not None and t.match.scores[winner] >= 3
    assert (
        t.winner_text() in text(t.game_over)
        and f"{t.match.scores[winner]} to {t.match.scores[loser]}" in t.winner_text()
    )
    assert t.new_game_button.layout.display == SHOWN


def test_the_deal_explorer_shows_a_toy_hand_and_offers_the_game() -> None:
    explorer = DealExplorer(toy_game.KEY, players=2, seed=1)
    assert text(explorer.heading) == "Toy: deal number 1"
    assert explorer.hand_cards == explorer.state.hands[LEARNER] and "⚠" not in explorer.message.value
    app = DealExplorerApp(seed=1)
    assert ("Toy", (toy_game.KEY, 2)) in app.game.options
    app.game.value = (toy_game.KEY, 2)
    assert app.explorer is not None and app.explorer.game == toy_game.KEY and app.explorer.seed == 1
