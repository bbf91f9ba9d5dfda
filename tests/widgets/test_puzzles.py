"""The chapters' decision questions (cardlib.widgets.puzzles): one sure answer, found by the engine, or refused."""

from __future__ import annotations

import pytest

from cardlib import alkort, ecarte
from cardlib.alkort import AlkortOptions
from cardlib.cards import Card
from cardlib.widgets import puzzles


def test_a_cashed_seven_is_the_sure_lead_and_an_illegal_one_is_no_choice() -> None:
    after_a_win = puzzles.alkort_sure_lead("2♥ 7♣ A♠ 4♦", has_won=True)
    assert after_a_win.answer == "7♣" and after_a_win.check("2♥")[0] is False
    before = puzzles.alkort_sure_lead("K♦ 7♣ A♠ 4♦")
    assert before.answer == "K♦" and "7♣" not in before.choices  # a Seven may not be led before a win


def test_the_partners_shown_card_makes_a_lead_sure_for_the_side() -> None:
    assert puzzles.alkort_sure_lead("2♥ A♠ 3♦ 7♣", partner_shows="K♦").answer == "2♥"
    with pytest.raises(ValueError, match="0 cards"):  # without the partner's K♦, K♦ may be an opponent's
        puzzles.alkort_sure_lead("2♥ A♠ 3♦ 7♣")


def test_the_sure_lead_follows_the_options() -> None:
    exempt = AlkortOptions(seven_lead="forehand_exempt")
    assert puzzles.alkort_sure_lead("7♣ 2♥ A♠", first_trick=True, options=exempt).answer == "7♣"
    with pytest.raises(ValueError, match="not a fair question"):
        puzzles.alkort_sure_lead("7♣ 2♥ A♠", first_trick=True)


def test_the_sure_lead_asks_the_trick_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    never_the_lead = lambda trick, *args, **kwargs: len(trick) - 1  # noqa: E731  # an engine where the last card wins
    monkeypatch.setattr(alkort, "trick_winner", never_the_lead)
    with pytest.raises(ValueError, match="0 cards"):
        puzzles.alkort_sure_lead("K♦ A♠ 3♣ 9♥")


def test_the_cheapest_winner_keeps_the_best_card() -> None:
    question = puzzles.alkort_cheapest_win("A♠ J♣ 4♣", "K♦ 2♥ 9♥ 3♠")
    assert question.answer == "2♥" and "K♦ would take it too" in question.why
    with pytest.raises(ValueError, match="opponent's card winning"):  # 4♣, the partner's card, is winning
        puzzles.alkort_cheapest_win("A♠ 4♣ J♥", "K♦ 2♥ 9♥ 3♠")


def test_ecarte_decisions() -> None:
    head = puzzles.ecarte_cheapest_head("K♠ J♠ 8♠ 7♥", "9♠", "♥")
    assert head.answer == "J♠" and head.choices == ("K♠", "J♠")
    assert puzzles.ecarte_sure_lead("Q♥ A♠ 8♦ 10♣ 9♠", "♥", "K♥").answer == "Q♥"  # the King is turned up
    with pytest.raises(ValueError, match="not a fair question"):
        puzzles.ecarte_sure_lead("Q♥ A♠ 8♦ 10♣ 9♠", "♥", "7♥")


def test_the_winning_move_is_the_announced_king() -> None:
    deal = next(
        d
        for d in (ecarte.new_deal(seed=s, dealer=0, scores_before=[0, 4]) for s in range(100))
        if d.king_of_trumps in d.hands[d.non_dealer]
    )
    question = puzzles.winning_move(deal, "What do you do?")
    assert question.answer == f"announce {deal.king_of_trumps}" and "won the game at once" in question.why
    assert deal.game_winner is None  # the engine tried each move on a copy


class LearnersCard(tuple):  # a learner's own card type: (rank, suit) that prints as 'K♦'
    def __str__(self) -> str:
        return self[0] + self[1]


def test_cards_the_learner_made_are_read() -> None:
    held = [LearnersCard(("K", "♦")), Card("A", "♠"), LearnersCard(("3", "♣"))]
    assert puzzles.alkort_sure_lead(held).answer == "K♦"
    with pytest.raises(ValueError, match="not a card"):
        puzzles.alkort_sure_lead("K♦ 11♠")
