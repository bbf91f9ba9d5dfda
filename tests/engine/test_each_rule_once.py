"""Each rule once, in the game's module: seats and sides, who leads, stacking a deck, the named rules."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib import ALKORT_PACK, ECARTE_PACK, FULL_PACK, Card, alkort, card, ecarte, hand
from cardlib.cards import PACK_ORDER, place
from cardlib.tricks import Dealing

# ---------------------------------------------------------------------------
# Cards: one order, printed as chapter 1 teaches


def test_sorted_cards_come_in_pack_order() -> None:
    assert sorted(hand("K♠ 10♠ 2♠ A♠ 7♣ 3♥")) == hand("A♠ 2♠ 10♠ K♠ 3♥ 7♣")
    assert sorted(random.Random(3).sample(FULL_PACK, 52)) == list(FULL_PACK)
    assert min(hand("10♠ 2♠ A♠")) == card("A♠") and max(hand("J♣ 2♥")) == card("J♣")
    assert card("A♠") < card("2♠") < card("10♠") < card("K♠") < card("A♥")
    assert card("K♠") > card("Q♠") >= card("Q♠") and card("2♥") <= card("2♥")
    assert [PACK_ORDER[c] for c in FULL_PACK] == list(range(52))


def test_a_card_compared_with_what_is_not_a_card_says_so() -> None:
    with pytest.raises(TypeError):
        card("K♦") < 3  # noqa: B015
    assert card("K♦") == ("K", "♦") and card("K♦") != card("Q♦")


def test_a_card_prints_as_chapter_1_teaches() -> None:
    k = card("K♦")
    assert repr(k) == str(k) == "K♦" and repr([k, card("10♥")]) == "[K♦, 10♥]"
    assert Card.__repr__ is Card.__str__  # chapter 1: __repr__ = __str__


def test_place_finds_the_packs_own_card() -> None:
    cards = hand("A♠ 2♠ 3♠")
    assert place(card("3♠"), cards) == 2 and place(card("4♠"), cards) == -1


# ---------------------------------------------------------------------------
# Alkort: seats, sides and the lead


def test_sides_and_partners_are_the_engines() -> None:
    assert [alkort.side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [alkort.side_of(s, 2) for s in range(2)] == [0, 1]
    assert [alkort.partner_of(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert alkort.partner_of(0, 2) is None
    state = alkort.new_deal(seed=1)
    assert [state.side_of(s) for s in range(4)] == [alkort.side_of(s, 4) for s in range(4)]
    assert [state.partner(s) for s in range(4)] == [alkort.partner_of(s, 4) for s in range(4)]
    assert alkort.side_name(1, 4) == "team B" and alkort.side_name(1, 2) == "player 1"


@pytest.mark.parametrize("players", [4, 2])
def test_forehand_leads_first_and_the_lead_rule_says_who_leads_next(players: int) -> None:
    for dealer in range(players):
        state = alkort.new_deal(players=players, dealer=dealer, seed=dealer)
        assert state.current_player == state.leader == alkort.forehand(dealer, players) == (dealer + 1) % players
    for rule in ("winner", "rotate"):
        options = alkort.AlkortOptions(lead_rule=rule, play_out=True)
        state = alkort.new_deal(options, players=players, seed=7)
        rng = random.Random(7)
        while not state.is_over:
            before = len(state.tricks)
            state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Card)]))
            if len(state.tricks) > before and not state.is_over:
                t = state.tricks[-1]
                assert state.leader == alkort.next_leader(t.leader, t.winner, players, options)


def test_hand_and_stock_sizes_are_named() -> None:
    assert alkort.HAND_SIZE == 9 and alkort.TRICKS_PER_DEAL == 9 and alkort.EXCHANGE_DRAW == 8
    for players in (4, 2):
        state = alkort.new_deal(players=players, seed=2)
        assert all(len(h) == alkort.HAND_SIZE for h in state.hands)
        assert len(state.stock) == alkort.stock_size(players)
    assert ecarte.HAND_SIZE == 5 and ecarte.STOCK_SIZE == 21 == len(ecarte.new_deal(seed=2).stock)


# ---------------------------------------------------------------------------
# Stacking a deck: dealing undone


@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3), players=st.sampled_from([4, 2]))
def test_alkort_stack_deck_is_dealing_undone(seed: int, dealer: int, players: int) -> None:
    dealer %= players
    deck = random.Random(seed).sample(ALKORT_PACK, len(ALKORT_PACK))
    hands, stock = alkort.deal_hands(deck, dealer, players)
    assert alkort.stack_deck(hands, stock, dealer) == deck
    state = alkort.new_deal(players=players, dealer=dealer, deck=alkort.stack_deck(hands, stock[:3], dealer))
    assert state.hands == hands and state.stock[:3] == stock[:3] and sorted(state.deck) == sorted(ALKORT_PACK)


@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 1), packets=st.sampled_from([(3, 2), (2, 3)]))
def test_ecarte_stack_deck_is_dealing_undone(seed: int, dealer: int, packets: tuple[int, int]) -> None:
    deck = random.Random(seed).sample(ECARTE_PACK, len(ECARTE_PACK))
    hands, turned_up, stock = ecarte.deal_hands(deck, dealer, packets)
    assert ecarte.stack_deck(hands, turned_up, stock, dealer, packets) == deck
    state = ecarte.new_deal(
        {"deal_packets": packets},
        dealer=dealer,
        deck=ecarte.stack_deck(hands, turned_up, dealer=dealer, packets=packets),
    )
    assert state.hands == hands and state.turned_up == turned_up


def test_stacked_hands_may_be_text() -> None:
    deck = ecarte.stack_deck(["K♠ Q♠ J♠ 8♦ 9♣", "7♥ 8♥ 9♥ 10♦ A♣"], "7♠", "Q♦", dealer=0)
    state = ecarte.new_deal(dealer=0, deck=deck)
    assert state.hands == [hand("K♠ Q♠ J♠ 8♦ 9♣"), hand("7♥ 8♥ 9♥ 10♦ A♣")] and state.stock[0] == card("Q♦")


def test_a_dealing_knows_its_packets() -> None:
    how = Dealing((1, 0), (2, 3))
    assert [p.size for p in how.packets] == [2, 2, 3, 3] and how.cards_dealt == 10
    assert how.stack(how.deal(FULL_PACK)) == list(FULL_PACK[:10])


# ---------------------------------------------------------------------------
# Named rules


def test_the_led_queen_and_king_exception_is_a_table() -> None:
    assert alkort.TAKERS == {"Q": ("2", "3"), "K": ("2",)}
    for lead, takers in alkort.TAKERS.items():
        for rank in "2 3 4 8 9 Q K".split():
            if rank == "K" and lead == "K" or rank in ("4", "8", "9"):
                continue
            trick = hand(f"{lead}♠ 4♥ {rank}♣ 9♣")
            winner, rule = alkort.judge_trick(trick)
            assert (winner == 2) == (rank in takers), (lead, rank)
            assert rule == (alkort.TAKEN[lead] if rank in takers else alkort.LEADER)


def test_ranked_and_rubbish_winners() -> None:
    assert alkort.judge_trick(hand("A♠ 9♦ K♦ 2♥")) == (2, alkort.RANKED)
    assert alkort.judge_trick(hand("3♠ Q♥ 9♣ 4♦")) == alkort.rubbish_winner(hand("3♠ Q♥ 9♣ 4♦")) == (0, alkort.LEADER)
    assert alkort.rubbish_winner(hand("Q♣ 3♠ 2♦ 4♥")) == (1, alkort.QUEEN_TAKEN)
    led_suit = alkort.AlkortOptions(rubbish_order="led_suit")
    assert alkort.rubbish_winner(hand("3♠ K♠ 9♣ Q♠"), led_suit) == (1, alkort.LED_SUIT)


def test_the_exchange_rule_is_written_once() -> None:
    for seed in range(300):
        cards = alkort.new_deal(seed=seed).hands[seed % 4]
        assert alkort.may_exchange(cards) == (not alkort.exchange_blockers(cards))
        assert alkort.explain_exchange(cards).endswith(
            "the hand is worthless." if alkort.may_exchange(cards) else "so the hand is not worthless."
        )


def test_when_a_deal_is_decided_in_words() -> None:
    assert alkort.explain_decided([0, 0, 0, 0, 0]) == (
        "After 5 tricks team A has 5 and team B 0: one side has won "
        "every trick, so its múk may still grow into a stroke — "
        "not decided."
    )
    assert alkort.explain_decided([0, 1, 0, 0, 0, 0]).endswith("nothing can change — decided.")
    assert alkort.explain_decided([0, 1, 0]).endswith("nobody has 5 yet — not decided.")
    assert alkort.explain_decided([0, 1, 0, 0, 0, 0], play_out=True).endswith("not decided.")
    assert alkort.explain_decided([1] * 9, players=2).startswith("After 9 tricks player 0 has 0 and player 1 9")
    for sides in ([0] * 5, [0, 1] * 4, [0, 1, 0, 0, 0, 0], [1] * 9):
        for play_out in (False, True):
            said = alkort.explain_decided(sides, play_out)
            assert alkort.deal_is_decided(sides, play_out) == (not said.endswith("not decided."))


def test_ecarte_phases_are_an_enum() -> None:
    state = ecarte.new_deal(seed=4)
    assert state.phase is ecarte.Phase.CHOOSE and state.phase == "play or propose"
    assert f"phase: {state.phase}" == "phase: play or propose"
    assert [p for p in ecarte.Phase if p.is_discard] == [ecarte.DISCARD_NON_DEALER, ecarte.DISCARD_DEALER]


def test_who_discards_and_whose_refusal_risks_two_points() -> None:
    assert [ecarte.discarder(k, dealer=1) for k in range(4)] == [0, 1, 0, 1]
    first, any_ = ecarte.EcarteOptions(), ecarte.EcarteOptions(refusal_penalty="any")
    assert [ecarte.refusal_risks_penalty(k, first) for k in (1, 2, 3)] == [True, False, False]
    assert [ecarte.refusal_risks_penalty(k, any_) for k in (1, 2, 3)] == [True, True, True]
