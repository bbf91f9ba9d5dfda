"""Alkort: ranking, tricks, sevens, the exchange, scoring, the deal and the game, and what learners are told."""

import pytest

from cardlib import PROPOSE, Exchange, IllegalAction, alkort, card, hand
from cardlib.alkort import AlkortOptions, AlkortState, explain_trick, legal_plays, trick_winner

LED_SUIT = AlkortOptions(rubbish_order="led_suit")
LED_SUIT_NO_EIGHTS = AlkortOptions(rubbish_order="led_suit", low_eights_ranked=False)


def stacked(hands: list[str], stock: str, dealer: int = 3) -> list[str]:
    """A deck that deals these hands, listed from forehand clockwise, then this stock (and the rest of the pack)."""
    deck = []
    for r in range(3):
        for h in hands:
            deck += hand(h)[3 * r : 3 * r + 3]
    deck += hand(stock)
    deck += [c for c in alkort.ALKORT_PACK if c not in deck]
    return [str(c) for c in deck]


# Seats 0..3 with dealer 3: seat 0 is forehand.
MUK_DECK = stacked(
    [
        "K♦ 2♥ 4♣ 8♠ 9♥ 3♠ 3♥ Q♠ Q♥",
        "A♠ 2♠ 2♦ 2♣ 3♦ 3♣ 4♠ 4♥ 4♦",
        "9♠ 9♣ Q♦ Q♣ K♠ K♥ K♣ 7♠ 7♥",
        "7♦ 7♣ 6♠ 6♥ 6♦ 6♣ J♠ J♥ J♦",
    ],
    "A♥ A♦ A♣ 8♥ 8♦ 8♣ 9♦ J♣",
)


def test_the_ranked_cards_and_rubbish() -> None:
    assert [alkort.strength(card(c)) for c in ["K♦", "2♥", "4♣", "8♠", "9♥", "9♦", "A♣", "J♦", "6♥", "8♥"]] == list(
        range(10, 0, -1)
    )
    rubbish = [c for c in alkort.ALKORT_PACK if not alkort.is_ranked(c)]
    assert len(rubbish) == 23 and card("K♠") in rubbish and card("7♦") in rubbish and card("2♦") in rubbish


@pytest.mark.parametrize(
    "cards, winner",
    [
        ("A♠ 9♦ K♦ 2♥", 2),
        ("9♥ 9♦ 8♠ 4♣", 3),
        ("J♣ J♥ 6♠ 8♦", 0),
        ("6♣ 8♥ 6♦ 3♠", 0),
        ("4♠ Q♥ 9♣ 3♦", 0),
        ("K♠ 3♣ 2♦ Q♥", 2),
        ("K♥ 3♣ 3♦ Q♥", 0),
        ("Q♣ 3♠ 2♦ 4♥", 1),
        ("Q♦ 4♠ 9♠ 2♣", 3),
        ("Q♦ 2♥ 3♠ 4♠", 1),  # 2♥ is ranked: the Queen exception is only for all-rubbish tricks
        ("3♠ K♠ 2♦ Q♥", 0),  # a King that is not led has no exception
        ("9♠ 7♥ 3♣ Q♦", 0),
    ],
)
def test_who_wins_a_trick(cards: str, winner: int) -> None:
    assert trick_winner(hand(cards)) == winner


def test_sevens() -> None:
    assert trick_winner(hand("7♣ K♦ 2♥ A♠"), leader_has_won=True) == 0
    assert trick_winner(hand("7♣ K♦ 2♥ A♠")) == 1
    assert trick_winner(hand("7♣ 3♦ Q♥ 4♠"), first_trick=True) == 0  # rubbish: the leader anyway
    exempt = AlkortOptions(seven_lead="forehand_exempt")
    assert trick_winner(hand("7♣ K♦ 2♥ A♠"), first_trick=True, options=exempt) == 0
    assert trick_winner(hand("7♣ K♦ 2♥ A♠"), first_trick=False, options=exempt) == 1
    assert legal_plays(hand("7♠ K♠"), [], first_trick=True, options=exempt) == hand("7♠ K♠")
    assert legal_plays(hand("7♠ K♠"), [], options=AlkortOptions(seven_lead="as_rubbish")) == hand("7♠ K♠")
    assert legal_plays(hand("7♠ K♠"), []) == hand("K♠")


def test_rubbish_order_led_suit() -> None:
    assert trick_winner(hand("4♠ Q♠ 9♣ K♣"), options=LED_SUIT) == 1
    assert trick_winner(hand("4♠ 3♠ 2♠ Q♥"), options=LED_SUIT) == 0
    assert trick_winner(hand("Q♠ K♠ 3♦ 4♥"), options=LED_SUIT) == 2  # the Queen exception comes first
    assert trick_winner(hand("7♠ 2♠ K♦ 3♥"), options=LED_SUIT) == 2  # ranked beats rubbish
    assert trick_winner(hand("8♥ 9♥ 4♥ 3♠"), options=LED_SUIT_NO_EIGHTS) == 1
    assert trick_winner(hand("8♥ 4♥ 3♠ 2♣"), options=LED_SUIT_NO_EIGHTS) == 0


def test_explanations_name_the_rule() -> None:
    assert explain_trick(hand("8♥ 3♠ Q♦ K♣")) == "8♥ wins: a low eight is ranked, and the rest is rubbish."
    assert "first played" in explain_trick(hand("J♣ J♥ 6♠ 8♦"))
    assert "led King" in explain_trick(hand("K♠ 3♣ 2♦ Q♥"))
    assert "led Queen" in explain_trick(hand("Q♣ 3♠ 2♦ 4♥"))
    assert "already won a trick" in explain_trick(hand("7♣ K♦ 2♥ A♠"), leader_has_won=True)
    assert "rubbish, so the leader wins" in explain_trick(hand("4♠ Q♥ 9♣ 3♦"))


def test_the_exchange_entitlement_is_the_fixed_list() -> None:
    worthless = hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦")
    assert alkort.may_exchange(worthless)
    for blocker in ["K♦", "2♥", "4♣", "8♠", "9♥", "9♦", "A♣", "J♥", "6♦"]:
        assert not alkort.may_exchange(worthless[:-1] + [card(blocker)])
        assert alkort.exchange_blockers(worthless[:-1] + [card(blocker)]) == [card(blocker)]


@pytest.mark.parametrize(
    "sides, result",
    [
        ([0] * 5 + [1], (0, 5, "múk")),
        ([1] * 6 + [0], (1, 6, "stroke")),
        ([0] * 9, (0, 9, "stroke")),
        ([0, 1, 0, 0, 0, 0], (0, 1, "point")),
        ([1, 0, 0, 0, 0, 1, 0], (0, 1, "point")),
    ],
)
def test_scoring(sides: list[int], result: tuple) -> None:
    assert alkort.score_deal(sides) == result
    assert alkort.deal_is_decided(sides)


def test_a_whole_deal_muk_explained() -> None:
    state = AlkortState(dealer=3, deck=MUK_DECK)
    assert state.current_player == 0
    for line in ["K♦ A♠ 9♠ 7♦", "2♥ 2♠ 9♣ 7♣", "4♣ 2♣ Q♦ 6♠", "8♠ 3♦ Q♣ 6♥", "9♥ 3♣ K♠ 6♦", "3♠ 4♠ K♥ J♠"]:
        for c in hand(line):
            state.apply(c)
    assert state.trick_winners == [0, 0, 0, 0, 0, 3] and state.is_over
    assert state.points == [5, 0] and state.explain_score() == "múk: team A won the first 5 tricks — 5 points."
    assert "J♠ wins" in state.explain_trick() and "player 3 takes the trick" in state.explain_trick()


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    state = AlkortState(dealer=3, deck=MUK_DECK)
    state.apply("play K♦")
    before = str(state), state.log[:]
    with pytest.raises(IllegalAction, match="not in that hand"):
        state.apply("play K♠")
    with pytest.raises(IllegalAction, match="before the first card"):
        state.apply(Exchange(card("2♠")))
    with pytest.raises(IllegalAction):
        state.apply(PROPOSE)
    assert (str(state), state.log) == before
    # seat 2 cannot lead a seven before it has won a trick
    sevens_first = stacked(
        [
            "9♠ 9♣ Q♦ Q♣ K♠ K♥ K♣ 7♠ 7♥",
            "A♠ 2♠ 2♦ 2♣ 3♦ 3♣ 4♠ 4♥ 4♦",
            "K♦ 2♥ 4♣ 8♠ 9♥ 3♠ 3♥ Q♠ Q♥",
            "7♦ 7♣ 6♠ 6♥ 6♦ 6♣ J♠ J♥ J♦",
        ],
        "",
        dealer=1,
    )
    fresh = AlkortState(dealer=1, deck=sevens_first)  # seat 2 is forehand
    with pytest.raises(IllegalAction, match="You may not lead a 7 before you have won a trick."):
        fresh.apply("play 7♠")


def test_the_exchange_in_a_deal() -> None:
    state = AlkortState(dealer=3, deck=MUK_DECK)
    # Seat 2 (9♠ 9♣ Q♦ Q♣ K♠ K♥ K♣ 7♠ 7♥) has nothing that beats a low eight.
    assert state.may_exchange_now(2) and not state.may_exchange_now(0)
    assert Exchange(card("K♠")) in state.legal_actions(2) and state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="could beat a led low eight"):
        state.apply(Exchange(card("A♠")))
    state.apply("exchange K♠")
    assert sorted(map(str, state.hands[2])) == sorted(["K♠", "A♥", "A♦", "A♣", "8♥", "8♦", "8♣", "9♦", "J♣"])
    assert state.stock == [] and len(state.discards) == 8
    assert not state.may_exchange_now(2)


def test_two_players_exchange_each_once_from_the_top_of_the_stock() -> None:
    deck = stacked(
        ["K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦", "K♥ Q♠ Q♦ 3♣ 3♥ 9♠ 7♠ 8♦ 2♣"],
        "A♠ A♥ A♦ A♣ J♠ J♥ J♦ J♣ 6♠ 6♥ 6♦ 6♣ K♦ 2♥ 4♣ 8♠",
        dealer=0,
    )
    state = AlkortState(players=2, dealer=0, deck=deck)
    assert len(state.stock) == 26 and state.current_player == 1
    state.apply("exchange 2♦")
    assert sorted(map(str, state.hands[1])) == sorted("2♦ A♠ A♥ A♦ A♣ J♠ J♥ J♦ J♣".split())  # forehand
    assert len(state.stock) == 18 and not state.may_exchange_now(1) and state.may_exchange_now(0)
    state.apply("exchange 2♣")
    assert sorted(map(str, state.hands[0])) == sorted("2♣ 6♠ 6♥ 6♦ 6♣ K♦ 2♥ 4♣ 8♠".split())
    assert len(state.stock) == 10 and state.legal_actions() == state.hands[1]


def test_partner_reveal() -> None:
    state = AlkortState(dealer=3, deck=MUK_DECK)
    assert state.shown_to(2) == {0: [card("K♦")]}
    assert state.shown_to(0) == {}  # seat 2 holds only rubbish
    assert AlkortState({"partner_reveal": "none"}, dealer=3, deck=MUK_DECK).shown_to(2) == {}
    assert len(AlkortState({"partner_reveal": "hand"}, dealer=3, deck=MUK_DECK).shown_to(2)[0]) == 9
    assert AlkortState(players=2, dealer=0, seed=1).shown_to(0) == {}


def test_lead_rule_rotate() -> None:
    state = AlkortState({"lead_rule": "rotate"}, dealer=3, deck=MUK_DECK)
    for c in hand("K♦ A♠ 9♠ 7♦"):
        state.apply(c)
    assert state.trick_winners == [0] and state.current_player == 1


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="has no option 'lead_rules'"):
        AlkortOptions.from_dict({"lead_rules": "winner"})
    with pytest.raises(ValueError, match="lead_rule must be one of 'winner', 'rotate'"):
        AlkortOptions(lead_rule="winners")
    with pytest.raises(ValueError):
        AlkortOptions(target_score=0)
    with pytest.raises(ValueError):
        AlkortOptions(play_out=1)  # type: ignore[arg-type]
    assert AlkortOptions.from_dict({"target_score": 3}).changed() == {"target_score": 3}


def test_a_game_runs_to_the_target_and_passes_the_deal() -> None:
    import random

    from cardlib.players import RandomPlayer, play_deal

    game = alkort.AlkortGame({"target_score": 6}, first_dealer=0, seed=4)
    dealers = [game.deal.dealer]
    while not game.is_over:
        play_deal(game.deal, [RandomPlayer(random.Random(i)) for i in range(4)])
        if not game.is_over:
            game.next_deal()
            dealers.append(game.deal.dealer)
    assert max(game.scores) >= 6 and game.winner == game.scores.index(max(game.scores))
    assert dealers[:4] == [0, 1, 2, 3][: len(dealers[:4])]
    assert sum(d.points[0] + d.points[1] for d in game.finished) + sum(game.deal.points) == sum(game.scores)


def test_next_dealer_loser() -> None:
    loser = AlkortOptions(next_dealer="loser")
    assert alkort.next_dealer(0, losing_side=0, players=4, options=loser) == 2
    assert alkort.next_dealer(0, losing_side=1, players=4, options=loser) == 1
    assert alkort.next_dealer(3, losing_side=0, players=4, options=loser) == 0
    assert alkort.next_dealer(0, losing_side=0, players=2, options=loser) == 0
    assert alkort.next_dealer(0, losing_side=1, players=2, options=loser) == 1


def test_the_rule_for_the_player_to_move_is_explained() -> None:
    sevens_first = stacked(
        [
            "9♠ 9♣ Q♦ Q♣ K♠ K♥ K♣ 7♠ 7♥",
            "A♠ 2♠ 2♦ 2♣ 3♦ 3♣ 4♠ 4♥ 4♦",
            "K♦ 2♥ 4♣ 8♠ 9♥ 3♠ 3♥ Q♠ Q♥",
            "7♦ 7♣ 6♠ 6♥ 6♦ 6♣ J♠ J♥ J♦",
        ],
        "",
        dealer=1,
    )
    state = AlkortState(dealer=1, deck=sevens_first)
    assert state.explain_choices() == "Lead any card but a 7: you may not lead a 7 before you have won a trick."
    state.apply("play K♠")
    assert state.explain_choices().startswith("Play any card")
    exempt = AlkortState({"seven_lead": "forehand_exempt"}, dealer=1, deck=sevens_first)
    assert exempt.explain_choices() == "Lead any card — a 7 led now wins the trick outright."
