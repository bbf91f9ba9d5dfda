"""Écarté: order, tricks, follow/head/trump, proposals, discards, the King, scoring, the game."""

import pytest

from cardlib import ACCEPT, PROPOSE, REFUSE, Announce, Discard, IllegalAction, card, ecarte, games, hand
from cardlib.ecarte import EcarteOptions, EcarteState, legal_plays, trick_winner, why_not_playable


def stacked(non_dealer: str, dealer: str, turned_up: str, stock: str = "", packets=(3, 2)) -> list[str]:
    """A deck dealing these 5-card hands, this turned-up card, then this stock (the rest follows in pack order)."""
    nd, d = hand(non_dealer), hand(dealer)
    a, b = packets
    deck = nd[:a] + d[:a] + nd[a:] + d[a:] + [card(turned_up)] + hand(stock)
    deck += [c for c in ecarte.ECARTE_PACK if c not in deck]
    return [str(c) for c in deck]


def test_rank_order_and_tricks() -> None:
    order = [card(r + "♠") for r in ["K", "Q", "J", "A", "10", "9", "8", "7"]]
    for higher, lower in zip(order, order[1:]):
        assert trick_winner([lower, higher], "♥") == 1 and trick_winner([higher, lower], "♥") == 0
    assert trick_winner(hand("A♥ 7♣"), "♣") == 1
    assert trick_winner(hand("9♥ K♦"), "♠") == 0
    assert trick_winner(hand("8♣ 7♣"), "♣") == 0


def test_follow_head_trump() -> None:
    assert legal_plays(hand("K♠ 8♠ 7♥"), hand("9♠"), "♥") == hand("K♠")
    assert legal_plays(hand("Q♦ 8♦ K♠"), hand("9♦"), "♦") == hand("Q♦")
    assert legal_plays(hand("Q♠ 7♠ A♥"), hand("K♠"), "♥") == hand("Q♠ 7♠")
    assert legal_plays(hand("7♦ A♣ Q♥"), hand("K♠"), "♦") == hand("7♦")
    assert legal_plays(hand("A♣ Q♥ 7♥"), hand("K♠"), "♦") == hand("A♣ Q♥ 7♥")
    assert legal_plays(hand("7♦ A♣"), hand("K♠"), "♦", EcarteOptions(must_trump=False)) == hand("7♦ A♣")
    assert (
        why_not_playable(card("8♠"), hand("K♠ 8♠ 7♥"), hand("9♠"), "♥")
        == "You must head the trick: you hold a higher spade than 9♠ (K♠)."
    )
    assert why_not_playable(card("A♥"), hand("Q♠ 7♠ A♥"), hand("K♠"), "♥").startswith("You must follow suit")
    assert why_not_playable(card("A♣"), hand("7♦ A♣"), hand("K♠"), "♦").startswith("You must trump")


def test_dealing_with_both_packets() -> None:
    deck = stacked("7♠ 8♠ 7♣ 8♣ 7♦", "Q♥ J♥ A♥ 10♥ 9♥", "8♥")
    state = EcarteState(dealer=0, deck=deck)
    assert state.hands[1] == hand("7♠ 8♠ 7♣ 8♣ 7♦") and state.hands[0] == hand("Q♥ J♥ A♥ 10♥ 9♥")
    assert state.trump == "♥" and len(state.stock) == 21 and state.current_player == 1
    other = EcarteState({"deal_packets": [2, 3]}, dealer=0, deck=deck)
    assert other.hands[1] == hand("7♠ 8♠ J♥ A♥ 8♣")  # cards 1-2 and 5-7


def test_standing_and_losing_costs_two() -> None:
    state = EcarteState(dealer=0, deck=stacked("7♠ 8♠ 7♣ 8♣ 7♦", "Q♥ J♥ A♥ 10♥ 9♥", "8♥"))
    for c in hand("7♠ 9♥ Q♥ 8♠ J♥ 7♣ A♥ 8♣ 10♥ 7♦"):
        state.apply(c)
    result = state.result()
    assert result is not None
    assert state.proposals == 0 and result.kind == "played without proposing"
    assert state.points == [2, 0] and state.is_over
    assert "played without proposing" in state.explain_score()


def test_proposal_exchange_and_refusal_penalty() -> None:
    deck = stacked("K♠ Q♠ J♠ A♠ 10♠", "7♥ 8♥ 9♥ 7♣ 8♣", "7♦", stock="Q♦ J♦ A♦ 10♦ 9♦ 8♦")
    state = EcarteState(dealer=0, deck=deck)
    state.apply(PROPOSE)
    assert state.legal_actions() == [ACCEPT, REFUSE] and state.current_player == 0
    state.apply(ACCEPT)
    with pytest.raises(IllegalAction, match="must discard 1 to 5"):
        state.apply(Discard())
    state.apply(Discard(hand("10♠")))
    assert card("Q♦") in state.hands[1] and len(state.stock) == 20
    state.apply("discard 7♥ 8♥")
    assert {card("J♦"), card("A♦")} <= set(state.hands[0]) and len(state.stock) == 18
    state.apply(PROPOSE)
    state.apply(REFUSE)  # refusing the second proposal: no penalty by default
    assert state.refused == 2 and not state.refusal_risks_penalty
    with pytest.raises(IllegalAction, match="Proposals are over"):
        state.apply(PROPOSE)
    any_refusal = EcarteState({"refusal_penalty": "any"}, dealer=0, deck=deck)
    for a in ["propose", "accept", "discard 10♠", "discard", "propose", "refuse"]:
        any_refusal.apply(a)
    assert any_refusal.refusal_risks_penalty


def test_first_refusal_lost_gives_two() -> None:
    state = EcarteState(dealer=0, deck=stacked("K♠ Q♠ J♠ A♠ 10♠", "7♥ 8♥ 9♥ 7♣ 8♣", "7♦"))
    state.apply(PROPOSE)
    state.apply(REFUSE)
    for c in hand("K♠ 7♥ Q♠ 8♥ J♠ 9♥ A♠ 7♣ 10♠ 8♣"):
        state.apply(c)
    assert state.points == [0, 2] and "refused" in state.explain_score()


def test_stock_limits() -> None:
    state = EcarteState({"dealer_min_discard": 1}, dealer=0, seed=2)
    for _ in range(4):  # 4 x (5 + 0..) cards: empty the stock
        state.apply(PROPOSE)
        state.apply(ACCEPT)
        state.apply(Discard(state.hands[1][: min(5, len(state.stock))]))
        sizes = ecarte.discard_sizes(True, len(state.stock), state.options)
        state.apply(Discard(state.hands[0][: sizes.start]))
        if not state.stock:
            break
    assert not state.stock
    with pytest.raises(IllegalAction, match="stock cannot serve"):
        state.apply(PROPOSE)


def test_the_king_of_trumps() -> None:
    turned = EcarteState(dealer=1, deck=stacked("7♠ 8♠ 7♣ 8♣ 7♦", "Q♥ J♥ A♥ 10♥ 9♥", "K♥"))
    assert turned.points == [0, 1] and not turned.is_over
    deck = stacked("K♥ 8♠ 7♣ 8♣ 7♦", "Q♥ J♥ A♥ 10♥ 9♥", "8♥")
    state = EcarteState(dealer=0, deck=deck)
    assert Announce(card("K♥")) in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="Only the King of trumps"):
        state.apply(Announce(card("K♠")))
    state.apply("announce K♥")
    assert state.points == [0, 1] and state.phase == ecarte.PLAY
    with pytest.raises(IllegalAction):
        state.apply(PROPOSE)  # announcing ended the exchanges
    won = EcarteState(dealer=0, deck=deck, scores_before=[0, 4])
    won.apply("announce K♥")
    assert won.is_over and won.game_winner == 1 and won.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        won.apply("play 7♦")


def test_the_dealer_announces_before_his_first_card_only() -> None:
    deck = stacked("7♠ 8♠ 7♣ 8♣ 7♦", "K♥ J♥ A♥ 10♥ 9♥", "8♥")
    state = EcarteState(dealer=0, deck=deck)
    assert state.legal_actions(0) == []  # not during the exchanges
    state.apply("play 7♠")
    assert state.legal_actions(0)[-1] == Announce(card("K♥"))
    state.apply("play 9♥")
    with pytest.raises(IllegalAction, match="Too late"):
        state.apply("announce K♥")


def test_the_game_alternates_the_deal_and_ends_at_five() -> None:
    import random

    from cardlib.players import RandomPlayer, play_deal

    game = ecarte.EcarteGame(first_dealer=1, seed=3)
    dealers = []
    while True:
        dealers.append(game.deal.dealer)
        play_deal(game.deal, [RandomPlayer(random.Random(len(dealers) + s)) for s in (0, 1)])
        if game.is_over:
            break
        game.next_deal()
    assert max(game.scores) >= 5 and game.winner == game.scores.index(max(game.scores))
    assert dealers[:4] == [1, 0, 1, 0][: len(dealers)]


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="deal_packets must be one of"):
        EcarteOptions(deal_packets=(4, 1))
    assert EcarteOptions.from_dict({"deal_packets": [2, 3]}).deal_packets == (2, 3)
    with pytest.raises(ValueError, match="has no option"):
        EcarteOptions.from_dict({"lead_rule": "winner"})


def test_the_duty_that_applies_is_explained() -> None:
    assert ecarte.explain_duty(hand("K♠ 8♠ 7♥"), hand("9♠"), "♥").startswith("You must head the trick")
    assert ecarte.explain_duty(hand("Q♠ 7♠ A♥"), hand("K♠"), "♥").startswith("You must follow suit")
    assert ecarte.explain_duty(hand("7♦ 8♦"), hand("K♠"), "♦").startswith("You must trump")
    assert ecarte.explain_duty(hand("A♣ Q♥"), hand("K♠"), "♦") == "You have no spades and no trump: play any card."
    state = EcarteState(dealer=0, deck=stacked("7♠ 8♠ 7♣ 8♣ 7♦", "Q♥ J♥ A♥ 10♥ 9♥", "8♥"))
    assert state.explain_choices() == "Play a card to stand on your hand, or propose an exchange."
    state.apply("play 7♠")
    assert state.explain_choices() == "You must trump: you have no spades, but you hold a trump (Q♥ J♥ A♥ 10♥ 9♥)."


def test_the_legal_discards_are_every_choice_of_cards_each_size_in_turn() -> None:
    """The discards listed (built without Discard's __init__, for speed) are Discards like any other, in order."""
    state = ecarte.new_deal(seed=4)
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    listed = [d for d in state.legal_actions() if isinstance(d, Discard)]
    assert listed == state.legal_actions()  # discards only
    held = state.hands[state.non_dealer]
    assert listed == [Discard(held[:1]), *(Discard([c]) for c in held[1:]), *listed[5:]] and len(listed) == 31
    assert len(set(listed)) == 31 and {len(d.cards) for d in listed} == {1, 2, 3, 4, 5}
    assert str(listed[0]) == f"discard {held[0]}" and listed[-1] == Discard(held)
    with pytest.raises(AttributeError):
        listed[0].cards = frozenset()  # type: ignore[misc]  # (frozen, as any Discard)
    state.apply(Discard(held[:2]))  # one written by hand is the same move
    assert state.discards == held[:2]


def test_the_registry_deals_with_the_state_itself() -> None:
    described = games.get("ecarte")
    assert described.deal is EcarteState  # no wrapper between the registry and the deal
    dealt = described.new_deal(None, seed=3, dealer=1)
    assert dealt.log == [] and dealt.deck == EcarteState(seed=3, dealer=1).deck  # the deal a seed gives, as before
    assert EcarteState(players=2, seed=3).deck == dealt.deck
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match=f"Écarté is played by two players, not {players}"):
            EcarteState(players=players)
