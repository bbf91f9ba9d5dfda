"""The readings of the source texts that issue 14 made options, one point a test, each expectation from the rules.

Écarté: turned_king = "claimed", stand_bonus = "non_dealer" (book/rules/ecarte.md: The pack and dealing, Scoring,
Where the rulebook is silent). Alkort: first_lead = "highest_card", partner_reveal = "table", ranking = "short",
draw_after_trick, and the worthless-hand test under the options in force (book/rules/alkort.md). Decks are stacked
so that every hand is known, and moves are typed as a learner types them.
"""

from collections.abc import Sequence
from typing import Any

import pytest

from cardlib import PASS, Card, Claim, IllegalAction, OptionError, alkort, card, ecarte, hand
from cardlib.alkort import AlkortOptions
from cardlib.ecarte import EcarteGame, Phase

# ---------------------------------------------------------------------------
# Écarté. Seat 0 deals, seat 1 is the non-dealer and leads first.

CLAIMED = {"turned_king": "claimed"}
# K♦ is turned up: diamonds are trumps and nobody holds one. The non-dealer stands and takes the three hearts;
# the dealer heads 7♠ with 9♠ and takes the last two tricks with his spades.
KING_DECK = ecarte.stack_deck(["7♥ 8♥ 9♥ 9♠ 10♠", "K♥ Q♥ J♥ 7♠ 8♠"], turned_up="K♦", dealer=0)
NO_KING_DECK = ecarte.stack_deck(["7♥ 8♥ 9♥ 9♠ 10♠", "K♥ Q♥ J♥ 7♠ 8♠"], turned_up="7♦", dealer=0)
FIVE_TRICKS = [
    "play K♥",
    "play 7♥",
    "play Q♥",
    "play 8♥",
    "play J♥",
    "play 9♥",
    "play 7♠",
    "play 9♠",
    "play 10♠",
    "play 8♠",
]
NON_DEALER_TAKES_THREE = [0, 1]  # the point (3 tricks) to the non-dealer: 1 point, as no 2-point rule applies


def ecarte_deal(deck: list[Card], options: dict | None = None, moves: Sequence[str] = ()) -> ecarte.EcarteState:
    """A deal of Écarté dealt by seat 0 from this deck, with these moves made."""
    deal = ecarte.new_deal(options, dealer=0, deck=deck)
    for move in moves:
        deal.apply(move)
    return deal


def snapshot(deal: ecarte.EcarteState) -> tuple:
    """Everything a refused move must leave as it was."""
    return (
        list(deal.log),
        [list(h) for h in deal.hands],
        list(deal.stock),
        deal.points,
        deal.current_player,
        deal.phase,
        deal.is_over,
        deal.legal_actions(),
    )


def test_claimed_a_turned_up_king_scores_nothing_until_claimed() -> None:
    deal = ecarte_deal(KING_DECK, CLAIMED)
    assert deal.points == [0, 0] and deal.current_player == 1


@pytest.mark.parametrize("moves_before", [0, 1, 4, 9])
def test_claimed_the_dealer_claims_at_any_time_in_his_turn_or_not(moves_before: int) -> None:
    deal = ecarte_deal(KING_DECK, CLAIMED, FIVE_TRICKS[:moves_before])
    to_move = deal.current_player
    deal.apply("claim K♦")
    assert deal.points[0] == 1  # scored at once
    assert deal.current_player == to_move  # a claim is no turn: whoever was to move still is
    for move in FIVE_TRICKS[moves_before:]:
        deal.apply(move)
    assert deal.is_over and deal.points == [1, 1]  # claimed already: nothing to wait for after the fifth trick


def test_claimed_only_the_dealer_may_claim() -> None:
    deal = ecarte_deal(KING_DECK, CLAIMED)
    assert deal.current_player == 1  # the non-dealer's turn, and still the claim is the dealer's alone
    assert Claim(card("K♦")) in deal.legal_actions(0)
    assert not any(isinstance(a, Claim) for a in deal.legal_actions(1))
    assert deal.actor("claim K♦") == 0


@pytest.mark.parametrize(
    "deck, claim",
    [(KING_DECK, "claim K♥"), (KING_DECK, "claim K♠"), (NO_KING_DECK, "claim 7♦"), (NO_KING_DECK, "claim K♦")],
)
def test_claimed_only_the_turned_up_king_can_be_claimed(deck: list[Card], claim: str) -> None:
    deal = ecarte_deal(deck, CLAIMED)
    with pytest.raises(IllegalAction, match=r"turned-up King.*dealer"):
        deal.apply(claim)
    assert deal.points == [0, 0]


def test_scored_by_default_the_king_scores_at_once_and_no_claim_is_taken() -> None:
    deal = ecarte_deal(KING_DECK)
    assert deal.points == [1, 0]
    with pytest.raises(IllegalAction, match="at once"):
        deal.apply("claim K♦")
    for move in FIVE_TRICKS:
        deal.apply(move)
    assert deal.is_over and deal.points == [1, 1]  # no wait for a claim after the fifth trick


def test_claimed_after_the_fifth_trick_the_deal_waits_for_the_dealers_claim_or_pass() -> None:
    deal = ecarte_deal(KING_DECK, CLAIMED, FIVE_TRICKS)
    assert not deal.is_over and deal.phase is Phase.CLAIM and deal.current_player == 0
    assert set(deal.legal_actions()) == {Claim(card("K♦")), PASS}
    assert "claim" in deal.explain_choices() and "pass" in deal.explain_choices()
    assert deal.points == NON_DEALER_TAKES_THREE
    claimed = deal.clone()
    claimed.apply("claim K♦")
    assert claimed.is_over and claimed.points == [1, 1]
    deal.apply("pass")
    assert deal.is_over and deal.points == NON_DEALER_TAKES_THREE  # the King let go scores nothing
    with pytest.raises(IllegalAction):
        deal.apply("claim K♦")


def test_claimed_without_a_turned_up_king_the_deal_ends_with_the_fifth_trick() -> None:
    deal = ecarte_deal(NO_KING_DECK, CLAIMED, FIVE_TRICKS)
    assert deal.is_over and deal.points == NON_DEALER_TAKES_THREE


def test_claimed_a_refused_move_changes_nothing() -> None:
    deal = ecarte_deal(KING_DECK, CLAIMED, FIVE_TRICKS[:3])  # the dealer is to play to the second trick
    for wrong in ["claim K♥", "pass", "play J♥", "play 9♠", "propose", "announce K♦"]:
        before = deal.clone()
        with pytest.raises(IllegalAction):
            deal.apply(wrong)
        assert snapshot(deal) == snapshot(before), wrong


def first_card(deal: ecarte.EcarteState) -> Card:
    """The first card the player to move may play (so the non-dealer stands on his hand)."""
    return next(a for a in deal.legal_actions() if isinstance(a, Card))


def game_with_a_turned_up_king(final: str) -> EcarteGame:
    """A game whose first deal turns up a King, its tricks played with the first card allowed, the King let go
    ('pass') or claimed after them ('claim K…'), and the next deal dealt."""
    seed = next(s for s in range(200) if EcarteGame(CLAIMED, first_dealer=0, seed=s).deal.turned_up.rank == "K")
    game = EcarteGame(CLAIMED, first_dealer=0, seed=seed)
    deal = game.deal
    while deal.phase is not Phase.CLAIM:
        deal.apply(first_card(deal))
    with pytest.raises(IllegalAction):
        game.next_deal()  # the deal waits for the dealer's claim or pass
    deal.apply("pass" if final == "pass" else f"claim {deal.turned_up}")
    game.next_deal()
    return game


def test_claimed_in_a_game_an_unclaimed_king_is_lost_when_the_next_deal_begins() -> None:
    passed, claimed = game_with_a_turned_up_king("pass"), game_with_a_turned_up_king("claim")
    king = passed.finished[0].turned_up
    assert claimed.finished[0].turned_up == king  # the same deal, played the same way
    assert claimed.scores[0] == passed.scores[0] + 1 and claimed.scores[1] == passed.scores[1]
    assert passed.deal.scores_before == passed.finished[0].points  # the next deal starts without the King
    if passed.deal.turned_up != king:
        with pytest.raises(IllegalAction):
            passed.deal.apply(Claim(king))  # and the old King cannot be claimed in it


# stand_bonus. Clubs are trumps and nobody holds one.
STANDER_WINS = ecarte.stack_deck(["7♥ 8♥ 9♥ K♦ Q♦", "K♥ Q♥ J♥ 7♦ 8♦"], turned_up="7♣", dealer=0)
STANDER_WINS_MOVES = [
    "play K♥",
    "play 7♥",
    "play Q♥",
    "play 8♥",
    "play J♥",
    "play 9♥",
    "play 7♦",
    "play Q♦",
    "play K♦",
    "play 8♦",
]  # the non-dealer 3 tricks, the dealer 2
STANDER_LOSES = ecarte.stack_deck(["7♦ 8♦ J♥ Q♥ K♥", "K♦ Q♦ 7♥ 8♥ 9♥"], turned_up="7♣", dealer=0)
STANDER_LOSES_MOVES = [
    "play K♦",
    "play 7♦",
    "play Q♦",
    "play 8♦",
    "play 7♥",
    "play J♥",
    "play K♥",
    "play 8♥",
    "play Q♥",
    "play 9♥",
]  # the non-dealer 2 tricks, the dealer 3


@pytest.mark.parametrize("bonus, points", [("dealer", [0, 1]), ("non_dealer", [0, 2])])
def test_stand_bonus_a_non_dealer_who_stands_and_wins(bonus: str, points: list[int]) -> None:
    deal = ecarte_deal(STANDER_WINS, {"stand_bonus": bonus}, STANDER_WINS_MOVES)
    assert deal.trick_winners == [1, 1, 1, 0, 0] and deal.proposals == 0
    assert deal.is_over and deal.points == points
    assert deal.returns() == [-float(points[1]), float(points[1])]
    if bonus == "non_dealer":
        assert "without proposing" in deal.explain_score()


@pytest.mark.parametrize("bonus, points", [("dealer", [2, 0]), ("non_dealer", [1, 0])])
def test_stand_bonus_a_non_dealer_who_stands_and_loses(bonus: str, points: list[int]) -> None:
    deal = ecarte_deal(STANDER_LOSES, {"stand_bonus": bonus}, STANDER_LOSES_MOVES)
    assert deal.trick_winners == [1, 1, 0, 0, 0] and deal.proposals == 0
    assert deal.is_over and deal.points == points  # the club laws: 2 to the dealer; the text: the usual point


@pytest.mark.parametrize("bonus", ["dealer", "non_dealer"])
def test_stand_bonus_the_refusal_rule_is_the_same_in_both_readings(bonus: str) -> None:
    deal = ecarte_deal(STANDER_WINS, {"stand_bonus": bonus}, ["propose", "refuse", *STANDER_WINS_MOVES])
    assert deal.is_over and deal.points == [0, 2]  # the dealer refused the first proposal and lost


# ---------------------------------------------------------------------------
# Alkort. Seat 0 deals, so seat 1 is forehand; seats 0 and 2 are team A, seats 1 and 3 team B.


def alkort_deal(hands: list[str], stock: str = "", options: dict | None = None) -> alkort.AlkortState:
    """A deal of Alkort dealt by seat 0: these hands, by seat, then this stock (the rest of the pack follows)."""
    deck = alkort.stack_deck(hands, stock, dealer=0)
    return alkort.new_deal(options, players=len(hands), dealer=0, deck=deck)


HIGHEST_CARD = {"first_lead": "highest_card"}
K_DIAMONDS_AT_SEAT_3 = [
    "2♠ 3♠ 4♠ Q♠ K♠ 2♦ 3♦ 4♦ Q♦",
    "2♣ 3♣ 9♣ Q♣ K♣ 3♥ 4♥ Q♥ K♥",
    "9♠ 7♠ 7♥ 7♦ 7♣ A♠ J♠ 6♠ 8♥",
    "K♦ A♥ A♦ A♣ J♥ J♦ J♣ 6♥ 6♦",
]
# K♦ 2♥ 4♣ 8♠ 9♥ 9♦ all in the stock: the highest cards dealt are the Aces of seats 0 and 3.
ACES_AT_SEATS_0_AND_3 = [
    "A♠ 2♠ 3♠ 4♠ Q♠ K♠ 2♦ 3♦ 4♦",
    "2♣ 3♣ 9♣ Q♣ K♣ 3♥ 4♥ Q♥ K♥",
    "9♠ 7♠ 7♥ 7♦ 7♣ J♠ 6♠ 8♥ Q♦",
    "A♥ A♦ A♣ J♥ J♦ J♣ 6♥ 6♦ 6♣",
]
TOP_SIX_IN_STOCK = "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♦ 8♣"
# The short ranking's seven cards all in the stock.
SHORT_SEVEN_IN_STOCK = [
    "A♠ 2♠ 3♠ 4♠ Q♠ K♠ 2♦ 3♦ 4♦",
    "2♣ 3♣ 9♣ Q♣ K♣ 3♥ 4♥ Q♥ K♥",
    "9♠ 7♠ 7♥ 7♦ 7♣ J♠ 6♠ 8♥ Q♦",
    "A♥ 8♦ A♣ J♥ J♦ J♣ 6♥ 6♦ 6♣",
]
SHORT: dict[str, Any] = {"ranking": "short", "low_eights_ranked": False}


def test_first_lead_by_default_forehand_leads() -> None:
    deal = alkort_deal(K_DIAMONDS_AT_SEAT_3)
    assert deal.opener == deal.current_player == 1
    assert "forehand" in deal.explain_first_lead()


def test_first_lead_highest_card_its_holder_leads_and_everyone_is_shown_it() -> None:
    deal = alkort_deal(K_DIAMONDS_AT_SEAT_3, options=HIGHEST_CARD)
    assert deal.opener == deal.current_player == 3
    assert all(deal.shown_to(seat)[3] == [card("K♦")] for seat in (0, 1, 2))
    explanation = deal.explain_first_lead()
    assert "player 3" in explanation and "K♦" in explanation


def test_first_lead_highest_card_a_tie_goes_to_the_first_clockwise_from_forehand() -> None:
    deal = alkort_deal(ACES_AT_SEATS_0_AND_3, TOP_SIX_IN_STOCK, HIGHEST_CARD)
    assert deal.opener == deal.current_player == 3  # clockwise from forehand: 1, 2, 3, then 0
    explanation = deal.explain_first_lead()
    assert "player 3" in explanation and "player 0" in explanation and "clockwise" in explanation


def test_first_lead_highest_card_nobody_ranked_forehand_leads() -> None:
    deal = alkort_deal(SHORT_SEVEN_IN_STOCK, "K♦ A♦ 9♦ 9♥ 8♠ 4♣ 2♥ 8♣", {**HIGHEST_CARD, **SHORT})
    assert deal.opener == deal.current_player == 1
    explanation = deal.explain_first_lead()
    assert "player 1" in explanation and "forehand" in explanation and "Nobody" in explanation


# Each seat's best card: K♦, 2♥, 4♣ and (the only Ace dealt) A♥.
BEST_CARDS = [
    "K♦ 2♠ 3♠ 4♠ Q♠ K♠ 3♦ 4♦ Q♦",
    "2♥ 2♣ 3♣ 9♣ Q♣ K♣ 3♥ 4♥ Q♥",
    "4♣ 9♠ 7♠ 7♥ 7♦ 7♣ K♥ 2♦ 8♥",
    "A♥ J♥ J♦ J♣ J♠ 6♥ 6♦ 6♣ 6♠",
]
BEST = hand("K♦ 2♥ 4♣ A♥")


def test_partner_reveal_table_every_seat_sees_every_other_seats_best_card() -> None:
    deal = alkort_deal(BEST_CARDS, options={"partner_reveal": "table"})
    for seat in range(4):
        assert deal.shown_to(seat) == {other: [BEST[other]] for other in range(4) if other != seat}


def test_partner_reveal_by_default_only_the_partner_sees() -> None:
    deal = alkort_deal(BEST_CARDS)
    assert deal.shown_to(0) == {2: [card("4♣")]} and deal.shown_to(1) == {3: [card("A♥")]}


def test_partner_reveal_table_in_the_two_player_game() -> None:
    table = alkort_deal(BEST_CARDS[:2], options={"partner_reveal": "table"})
    assert table.shown_to(0) == {1: [card("2♥")]} and table.shown_to(1) == {0: [card("K♦")]}
    usual = alkort_deal(BEST_CARDS[:2])
    assert usual.shown_to(0) == {} and usual.shown_to(1) == {}  # no partner to show a card to


SHORT_OPTIONS = AlkortOptions(**SHORT)


def test_ranking_short_only_seven_cards_are_ranked_king_of_diamonds_top() -> None:
    ranked = sorted(
        (c for c in alkort.ALKORT_PACK if alkort.is_ranked(c, SHORT_OPTIONS)),
        key=lambda c: alkort.strength(c, SHORT_OPTIONS),
        reverse=True,
    )
    assert ranked == hand("K♦ A♦ 9♦ 9♥ 8♠ 4♣ 2♥")
    strengths = [alkort.strength(c, SHORT_OPTIONS) for c in ranked]
    assert strengths == sorted(set(strengths), reverse=True)  # one card to a tier


@pytest.mark.parametrize(
    "trick, sources_winner, short_winner",
    [
        ("A♠ 2♥", 1, 1),  # the lowest ranked card still beats every rubbish card, the Aces among them
        ("J♦ 6♣ 8♥ Q♠", 0, 0),  # Jack, Six, low Eight: all rubbish in the short ranking, so the leader wins ...
        ("Q♠ J♦ 6♣ 8♥", 1, 0),  # ... and here too, where the sources' Jack would win
        ("2♥ A♠ J♦ 9♦", 0, 3),  # 2♥ is second only to K♦ in the sources, lowest ranked in the short ranking
        ("9♦ A♦", 0, 1),  # A♦ is the short ranking's second card
    ],
)
def test_ranking_short_in_tricks(trick: str, sources_winner: int, short_winner: int) -> None:
    assert alkort.trick_winner(hand(trick)) == sources_winner
    assert alkort.trick_winner(hand(trick), options=SHORT_OPTIONS) == short_winner


def test_ranking_short_with_the_low_eights_ranked_is_refused_naming_the_fix() -> None:
    with pytest.raises(OptionError, match="low_eights_ranked"):
        AlkortOptions(ranking="short")
    with pytest.raises(OptionError, match="low_eights_ranked"):
        alkort.new_deal({"ranking": "short", "low_eights_ranked": True}, seed=1)


# draw_after_trick. Seat 3 holds the six top cards and three Aces: it takes the first trick with K♦ and leads
# its other ranked cards, which nothing left can beat, so team B takes at least the first nine tricks.
DRAWING = [
    "2♠ 4♠ 6♠ 7♠ 8♥ 9♠ J♠ K♠ A♣",
    "2♦ 4♦ 6♦ 7♦ 8♦ J♦ 9♣ 7♣ K♣",
    "2♣ 4♥ 6♥ 6♣ 7♥ 8♣ J♥ J♣ K♥",
    "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ A♦",
]
DRAWING_STOCK = "3♠ 3♥ 3♦ 3♣ Q♠ Q♥ Q♦ Q♣"
DRAW: dict[str, Any] = {"draw_after_trick": True}


def play_first_cards(deal: alkort.AlkortState, tricks: int | None = None) -> alkort.AlkortState:
    """Play the first card allowed (nobody exchanges) until so many tricks are played, or to the end."""
    while not deal.is_over and (tricks is None or len(deal.tricks) < tricks):
        deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Card)))
    return deal


def test_draw_after_trick_each_player_draws_winner_first_then_clockwise() -> None:
    deal = play_first_cards(alkort_deal(DRAWING, DRAWING_STOCK, DRAW), tricks=1)
    assert deal.trick_winners == [3]
    assert deal.draws == [(3, card("3♠")), (0, card("3♥")), (1, card("3♦")), (2, card("3♣"))]
    assert all(len(h) == 9 for h in deal.hands)
    play_first_cards(deal, tricks=3)
    assert deal.draws[4:] == [(3, card("Q♠")), (0, card("Q♥")), (1, card("Q♦")), (2, card("Q♣"))]  # then no stock
    assert deal.drawn_by(0) == hand("3♥ Q♥") and deal.drawn_by(3) == hand("3♠ Q♠")


def test_draw_after_trick_all_cards_make_eleven_tricks() -> None:
    deal = play_first_cards(alkort_deal(DRAWING, DRAWING_STOCK, {**DRAW, "play_out": True}))
    assert len(deal.tricks) == 11 and len(deal.draws) == 8 and not deal.stock
    assert all(len(deal.drawn_by(seat)) == 2 for seat in range(4))


def test_draw_after_trick_five_tricks_do_not_decide_and_most_tricks_score_one() -> None:
    deal = play_first_cards(alkort_deal(DRAWING, DRAWING_STOCK, DRAW), tricks=5)
    assert deal.trick_winners == [3] * 5 and not deal.is_over  # five tricks to none, with six still to play
    play_first_cards(deal, tricks=6)
    assert deal.is_over  # six to none, five left: team B cannot be caught
    assert deal.points == [0, 1] and "most tricks" in deal.explain_score()  # no múk, no stroke: 1 point
    usual = play_first_cards(alkort_deal(DRAWING, DRAWING_STOCK))
    assert usual.points == [0, 9]  # the same run in the usual game is a stroke of nine


def test_draw_after_trick_is_refused_with_two_players_naming_the_rule() -> None:
    assert issubclass(OptionError, ValueError)
    with pytest.raises(ValueError, match=r"draw_after_trick.*tie"):
        alkort.new_deal(DRAW, players=2, seed=1)
    with pytest.raises(ValueError, match="draw_after_trick"):
        alkort.AlkortGame(DRAW, players=2, seed=1)
    with pytest.raises(ValueError, match="draw_after_trick"):
        alkort.check_options(AlkortOptions(**DRAW), 2)


# The worthless hand: "a hand unable to beat a led low Eight", asked under the options in force.
LED_SUIT = AlkortOptions(low_eights_ranked=False, rubbish_order="led_suit")
DEFAULT_BEATERS = hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥ A♦ A♣ J♠ J♥ J♦ J♣ 6♠ 6♥ 6♦ 6♣")
NINE_CLUBS_QUEEN_HEARTS = hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦")


def test_worthless_hand_the_cards_that_beat_a_led_low_eight_follow_the_options() -> None:
    assert alkort.cards_beating_a_low_eight() == frozenset(DEFAULT_BEATERS)
    assert alkort.cards_beating_a_low_eight(LED_SUIT) == frozenset(DEFAULT_BEATERS + hand("9♣ Q♣ Q♥ Q♦ K♥ K♣"))
    short_led_suit = AlkortOptions(**SHORT, rubbish_order="led_suit")
    assert alkort.cards_beating_a_low_eight(SHORT_OPTIONS) == frozenset(hand("K♦ A♦ 9♦ 9♥ 8♠ 4♣ 2♥"))
    assert len(alkort.cards_beating_a_low_eight(short_led_suit)) == 18


def test_worthless_hand_with_nine_of_clubs_and_queen_of_hearts() -> None:
    assert alkort.may_exchange(NINE_CLUBS_QUEEN_HEARTS)
    assert not alkort.may_exchange(NINE_CLUBS_QUEEN_HEARTS, LED_SUIT)
    explanation = alkort.explain_exchange(NINE_CLUBS_QUEEN_HEARTS, LED_SUIT)
    assert "9♣" in explanation and "Q♥" in explanation and "not worthless" in explanation


WORTHLESS_AT_SEAT_1 = [
    "2♠ 4♠ 6♠ 7♠ 9♠ J♠ Q♠ 3♥ 4♥",
    "K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦",
    "6♥ 8♥ J♥ K♥ A♦ 4♦ 6♦ 7♦ 8♦",
    "J♦ Q♦ A♣ 2♣ 3♣ 6♣ 7♣ J♣ K♣",
]
WORTHLESS_STOCK = "K♦ 2♥ 4♣ 8♠ 9♥ 9♦ A♠ A♥"


def test_worthless_hand_the_exchange_is_made_by_default() -> None:
    deal = alkort_deal(WORTHLESS_AT_SEAT_1, WORTHLESS_STOCK)
    deal.apply("exchange 9♣")
    assert deal.hands[1] == hand("9♣ " + WORTHLESS_STOCK) and deal.stock == []


def test_worthless_hand_the_exchange_is_refused_with_the_low_eights_rubbish_and_led_suit() -> None:
    deal = alkort_deal(WORTHLESS_AT_SEAT_1, WORTHLESS_STOCK, LED_SUIT.changed())
    before = deal.clone()
    with pytest.raises(IllegalAction, match="worthless"):
        deal.apply("exchange 9♣")
    assert deal.hands == before.hands and deal.stock == before.stock and deal.log == []
