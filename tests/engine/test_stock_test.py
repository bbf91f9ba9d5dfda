"""stock_test = "or_void" (Vikan, 2000; book/rules/alkort.md, The worthless hand): in the first trick a player void
in the suit led may take the stock at his turn, before he plays. The defaults are unchanged; the bots play it."""

import pytest

from cardlib import Card, IllegalAction, alkort, hand
from cardlib.alkort.advice import takes_the_stock
from cardlib.alkort.view import AlkortView
from cardlib.bots import make_bot
from cardlib.games import observe
from cardlib.players import play_deal
from cardlib.tricks import Exchange

VOID = {"stock_test": "or_void"}
# Seat 3 deals, seat 0 leads Q♣. Seat 1 holds no club; seats 2 and 3 do. The stock is the eight diamonds left.
HANDS = [
    "Q♣ 2♠ 3♠ 4♠ 9♠ K♠ 2♦ 3♦ J♠",
    "K♦ 2♥ 3♥ 4♥ 9♥ A♥ A♠ 6♥ 7♥",
    "2♣ 3♣ 4♣ A♣ 6♠ 7♠ 8♠ Q♠ J♥",
    "6♣ 7♣ 8♣ 9♣ J♣ K♣ Q♥ K♥ 8♥",
]
STOCK = "A♦ 4♦ 6♦ 7♦ 8♦ 9♦ J♦ Q♦"


def deal(options: dict | None = None, moves: tuple[str, ...] = ()) -> alkort.AlkortState:
    """The stacked deal, with these moves made."""
    state = alkort.new_deal(options, dealer=3, deck=alkort.stack_deck(HANDS, STOCK, dealer=3))
    for move in moves:
        state.apply(move)
    return state


def exchanges(state: alkort.AlkortState, seat: int) -> list[Exchange]:
    """The exchanges a seat may make now."""
    return [a for a in state.legal_actions(seat) if isinstance(a, Exchange)]


def test_a_void_player_may_take_the_stock_at_his_turn_in_the_first_trick() -> None:
    state = deal(VOID, ("play Q♣",))
    assert exchanges(state, 1) == [Exchange(c) for c in hand(HANDS[1])]
    state.apply("exchange A♥")
    assert state.hands[1] == hand("A♥ " + STOCK) and state.stock == [] and state.current_player == 1
    assert state.leader == 0 and state.trick == hand("Q♣")  # the trick goes on where it was


def test_the_player_is_told_he_may_take_the_stock() -> None:
    assert "you may first take the stock" in deal(VOID, ("play Q♣",)).explain_choices()
    assert "stock" not in deal(None, ("play Q♣",)).explain_choices()
    assert "stock" not in deal(VOID, ("play Q♣", "play A♥")).explain_choices()  # seat 2 holds clubs


def test_by_default_nobody_exchanges_once_the_first_card_is_played() -> None:
    state = deal(None, ("play Q♣",))
    assert exchanges(state, 1) == []
    with pytest.raises(IllegalAction, match="before the first card is played"):
        state.apply("exchange K♦")


@pytest.mark.parametrize(
    "moves, seat, why",
    [
        ((), 1, "not worthless"),  # before the first card only the low-Eight test counts
        (("play Q♣", "play A♥"), 2, "holds a card of the suit led"),
        (("play Q♣", "play A♥"), 1, "turn"),
        (("play Q♣", "play A♥", "play 2♣", "play 6♣", "play K♦"), 2, "before the first trick is complete"),
    ],
)
def test_the_void_branch_is_refused_naming_its_rule(moves: tuple[str, ...], seat: int, why: str) -> None:
    state = deal(VOID, moves)
    keep = state.hands[seat][0]
    assert exchanges(state, seat) == []
    before = [list(h) for h in state.hands]
    with pytest.raises(IllegalAction, match=why):
        state.apply(Exchange(keep))
    assert state.hands == before and len(state.stock) == 8


def test_may_exchange_void_asks_only_the_suit_led() -> None:
    options = alkort.AlkortOptions(stock_test="or_void")
    assert alkort.may_exchange_void(hand(HANDS[1]), hand("Q♣"), options)
    assert not alkort.may_exchange_void(hand(HANDS[1]), hand("Q♥"), options)
    assert not alkort.may_exchange_void(hand(HANDS[1]), [], options)
    assert not alkort.may_exchange_void(hand(HANDS[1]), hand("Q♣"), alkort.DEFAULT_OPTIONS)


def test_the_bots_take_the_stock_only_with_at_most_one_card_worth_keeping() -> None:
    options = alkort.AlkortOptions(stock_test="or_void")
    assert not takes_the_stock(hand(HANDS[1]), options)  # K♦ 2♥ 9♥ A♥ A♠ 6♥: too good to throw away
    assert takes_the_stock(hand("K♦ 3♥ 4♥ 3♠ 4♠ Q♥ 7♥ 9♠ 2♠"), options)  # only K♦, which he keeps
    assert exchanges(deal(VOID, ("play Q♣",)), 1)  # offered to seat 1 here, who holds six cards worth keeping ...
    decision = make_bot("rules", "alkort").decide(deal(VOID, ("play Q♣",)), 1)
    assert isinstance(decision.action, Card)  # ... so the rule bot plays a card instead


def first_exchange_in_play(seeds: range) -> alkort.AlkortState:
    """A deal of rule bots in which someone takes the stock in the first trick, stopped just after he does."""
    for seed in seeds:
        state = alkort.new_deal(VOID, seed=seed)
        bots = [make_bot("rules", "alkort", seed) for _ in range(4)]
        while not state.is_over:
            seat = state.seat_to_move()
            offered = state.first_card_played and exchanges(state, seat)
            state.apply(bots[seat].decide(state, seat).action)
            if offered and isinstance(state.log[-1], Exchange):
                return state
    raise AssertionError("no rule bot took the stock in the first trick")


def test_every_bot_plays_on_after_a_stock_taken_in_the_first_trick() -> None:
    state = first_exchange_in_play(range(300))
    exchanger = state.exchanged[-1]
    for seat in range(4):
        view = observe(state, seat)
        assert isinstance(view, AlkortView)
        assert view.exchanged_in_play == {exchanger}
        thrown = set(state.discards)
        assert not thrown & {c for cards in view.known_holdings().values() for c in cards}
    for name in ("mc", "rules", "random"):
        copy = state.clone()
        play_deal(copy, [make_bot(name, "alkort", 1) for _ in range(4)])
        assert copy.is_over and copy.result() is not None
