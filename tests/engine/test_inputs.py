"""What a learner really types: cards built by hand, tuples, str subclasses, numbers, wrong arguments.

Each input gets the right thing or a clear refusal: a card built by hand is the engine's
own card; anything that is not an action is refused with ``IllegalAction`` and leaves the
deal as it was; a bad argument to a deal or a game is a ValueError naming the argument.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import (
    ALKORT_PACK,
    PROPOSE,
    Card,
    CardError,
    Discard,
    Exchange,
    IllegalAction,
    OptionError,
    alkort,
    card,
    ecarte,
    games,
    hand,
)
from cardlib.tricks import Announce, DealState, canonical_action

# Anything a learner might pass: None, bools, numbers, short text (card-like or not), and lists, tuples
# and dicts of those.
ANYTHING = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(allow_nan=True)
    | st.text(alphabet="AKQJT1023456789shdcSHDC♠♥♦♣ xyplaycexhngedisrobu", max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=2), inner, max_size=2)
    ),
    max_leaves=6,
)


class Text(str):
    """A str subclass, as numpy.str_ or a widget's value may be."""


def snapshot(state: DealState) -> str:
    return repr({k: v for k, v in vars(state).items() if k != "_legal"})


# ---------------------------------------------------------------------------
# A card is refused where it is made, and a card built by hand is the engine's own.


@pytest.mark.parametrize(
    "rank, suit, named, fix",
    [
        (10, "♥", "10", "Card('10', '♥')"),
        (None, None, "None is not a rank", "card('KH')"),
        ("11", "♥", "'11' is not a rank", "card('KH')"),
        ("K", "?", "'?' is not a suit", "card('KH')"),
        ("k", "h", "'k' is written 'K'", "Card('K', '♥'), or card('K♥')"),
        ("K", "hearts", "'hearts' is written '♥'", "Card('K', '♥')"),
        ("T", "♠", "'T' is written '10'", "Card('10', '♠')"),
        ([1], "♥", "[1] is not a rank", "card('KH')"),
        (True, "♥", "True is not a rank", "card('KH')"),
    ],
)
def test_a_bad_card_is_refused_where_it_is_made(rank: Any, suit: Any, named: str, fix: str) -> None:
    with pytest.raises(CardError) as error:
        Card(rank, suit)
    message = str(error.value)
    assert isinstance(error.value, ValueError)
    assert message.startswith(f"Card({rank!r}, {suit!r}) is not a card: ") and named in message and fix in message


def test_an_int_rank_says_that_ranks_are_strings() -> None:
    with pytest.raises(ValueError, match=r"ranks are strings: 10 is written '10'\. Write Card\('10', '♥'\)"):
        Card(10, "♥")  # type: ignore[arg-type]  # a learner's int rank, refused


def test_lower_case_text_works_and_never_raises_key_error() -> None:
    assert card("kh") is card("KH") is Card("K", "♥")
    for bad in ["kx", "k", "", "11h", "hk"]:
        with pytest.raises(CardError, match=repr(bad)):
            card(bad)


@pytest.mark.parametrize("bad", [("Q", "♠"), 10, None, ["Q", "♠"]])
def test_card_refuses_what_is_not_a_card_or_its_text(bad: Any) -> None:
    with pytest.raises(CardError, match="not a card"):
        card(bad)
    with pytest.raises(CardError):
        hand([card("K♦"), bad])


@settings(max_examples=300, deadline=None)
@given(rank=ANYTHING, suit=ANYTHING)
def test_card_gives_the_one_card_or_a_card_error_never_anything_else(rank: Any, suit: Any) -> None:
    try:
        made = Card(rank, suit)
    except CardError as error:
        assert str(error).startswith(f"Card({rank!r}, {suit!r}) is not a card: ")
    else:
        assert made is card(f"{rank}{suit}") and made in ALKORT_PACK + ecarte.ECARTE_PACK + tuple(hand("5♠ 5♥ 5♦ 5♣"))
    try:
        card(rank)
    except CardError as error:
        assert str(error)


def test_a_card_built_by_hand_is_the_one_card() -> None:
    k = Card("K", "♥")
    assert k is card("K♥") and k in ALKORT_PACK and hash(k) == hash(card("KH"))
    assert copy.copy(k) is k and copy.deepcopy(k) is k and pickle.loads(pickle.dumps(k)) is k
    assert k._replace(rank="Q") is card("Q♥")
    with pytest.raises(CardError):
        k._replace(rank=10)
    with pytest.raises(AttributeError):
        k.rank = "Q"
    assert (k.rank, k.suit, str(k), repr(k), k.name) == ("K", "♥", "K♥", "K♥", "King of hearts")
    assert Card(Text("K"), Text("♥")) is k  # a str subclass spells the same card


def test_a_card_equals_its_tuple_but_a_tuple_is_not_a_card() -> None:
    """The decision: a Card is a pair (a named tuple), so it equals ('Q', '♠'); the engine refuses the tuple."""
    assert card("Q♠") == ("Q", "♠") and not isinstance(("Q", "♠"), Card)
    with pytest.raises(IllegalAction, match=r"is a tuple, not a card: play Card\('Q', '♠'\)"):
        ecarte.new_deal(seed=3).apply(("Q", "♠"))  # type: ignore[arg-type]  # a tuple, not a card: refused


# ---------------------------------------------------------------------------
# apply: the engine's own objects first; everything else refused, the deal unchanged.


def test_an_exchange_keeping_a_card_built_by_hand_keeps_44_cards() -> None:
    state = alkort.new_deal(seed=78)
    state.apply(Exchange(Card("K", "♥")))
    assert card("K♥") not in state.discards and card("K♥") in state.hands[state.exchanged[0]]
    assert sum(map(len, state.hands)) + len(state.stock) + len(state.discards) == 44
    assert sorted(map(str, [*state.discards, *state.stock, *(c for h in state.hands for c in h)])) == sorted(
        map(str, ALKORT_PACK)
    )


@pytest.mark.parametrize("game", list(games.keys()))
@pytest.mark.parametrize(
    "thing, says",
    [
        (("Q", "♠"), "is a tuple, not a card"),
        (("K", "♦"), "is a tuple, not a card"),
        (3, "3 is not an action: the actions are a card"),
        (None, "None is not an action"),
        (True, "True (of type bool) is not an action"),
        ([card("K♦")], "[K♦] is not an action"),
        ({"play": "K♦"}, "is not an action"),
        (("Q", "x"), "('Q', 'x') is not an action"),
        ("bogus", "'bogus' is not an action"),
        ("play 11♥", "'11♥' is not a card"),
        (Exchange(("K", "♥")), "('K', '♥') is a tuple, not a card"),  # type: ignore[arg-type]
        (Discard([("7", "♠")]), "('7', '♠') is a tuple, not a card"),  # type: ignore[list-item]
        (Announce(None), "None is not a card"),  # type: ignore[arg-type]
    ],
)
def test_what_is_not_an_action_is_refused_and_changes_nothing(game: str, thing: Any, says: str) -> None:
    state = games.get(game).new_deal(seed=3)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(thing)
    assert says in str(error.value)
    assert snapshot(state) == before and state.log == []
    assert not state.is_legal(thing)
    assert says in state.why_illegal(thing)
    with pytest.raises(IllegalAction):
        state.actor(thing)


@settings(max_examples=300, deadline=None)
@given(thing=ANYTHING)
def test_anything_is_an_action_or_refused_with_illegal_action_and_the_deal_unchanged(thing: Any) -> None:
    for state in (alkort.new_deal(seed=3), ecarte.new_deal(seed=3)):
        before = snapshot(state)
        try:
            move = canonical_action(thing)
        except IllegalAction as error:
            assert str(error) and not state.is_legal(thing) and state.why_illegal(thing) == str(error)
        else:
            assert canonical_action(move) is move  # the engine's own action, read once and for all
        try:
            state.apply(thing)
        except IllegalAction:
            assert snapshot(state) == before
        else:
            assert len(state.log) == 1 and snapshot(state) != before


def test_a_tuple_in_alkort_is_refused_not_an_assertion_error() -> None:
    state = alkort.new_deal(seed=3)
    lead = state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="tuple"):
        state.apply(tuple(lead))  # type: ignore[arg-type]  # a tuple, not a card: refused
    assert state.log == []


def test_a_str_subclass_is_read_as_text_and_played_for_real() -> None:
    numpy = pytest.importorskip("numpy")
    for text in [numpy.str_("propose"), Text("propose"), Text("  PROPOSE ")]:
        state = ecarte.new_deal(seed=3)
        state.apply(text)
        assert state.log == [PROPOSE] and state.log[0] is PROPOSE
        assert state.phase == ecarte.ANSWER and state.current_player == state.dealer
    state = ecarte.new_deal(seed=3)
    lead = state.hands[state.non_dealer][0]
    state.apply(numpy.str_(f"play {lead}"))
    assert state.trick == [lead] and type(state.log[0]) is Card


def test_actions_written_by_hand_are_the_engines_own() -> None:
    state = ecarte.new_deal(seed=3)
    state.apply(Text("propose"))
    state.apply("accept")
    mine = state.hands[state.non_dealer][:2]
    state.apply(Discard([Card(c.rank, c.suit) for c in mine]))
    assert state.discards == mine and all(type(c) is Card for c in state.discards)
    dealer_card = str(state.hands[state.dealer][0])
    state.apply(Discard([dealer_card]))  # type: ignore[list-item]  # text inside an action is read as a card
    assert state.discards[-1] == card(dealer_card) and type(state.discards[-1]) is Card
    assert state.history()[-1] == f"discard {dealer_card}"


def test_a_discard_naming_a_card_twice_is_refused() -> None:
    state = ecarte.new_deal(seed=3)
    state.apply(PROPOSE)
    state.apply("accept")
    c = state.hands[state.non_dealer][0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="twice"):
        state.apply(Discard([c, str(c)]))  # type: ignore[list-item]  # a card and its text: the same card twice
    assert snapshot(state) == before


def test_an_action_of_the_other_game_is_refused_by_name() -> None:
    with pytest.raises(IllegalAction, match="not a move in Alkort"):
        alkort.new_deal(seed=3).apply(PROPOSE)
    with pytest.raises(IllegalAction, match="not a move in Écarté"):
        ecarte.new_deal(seed=3).apply(Exchange(card("K♥")))
    with pytest.raises(IllegalAction, match="not in Alkort's pack"):
        alkort.new_deal(seed=3).apply(card("5♥"))
    with pytest.raises(IllegalAction, match="not in Écarté's pack"):
        ecarte.new_deal(seed=3).apply(card("2♥"))


def test_queries_take_the_same_forms_as_apply() -> None:
    state = alkort.new_deal(seed=78)
    seat = state.holder(Card("K", "♥"))
    assert seat is not None and state.holder("kh") == seat
    assert state.actor(Exchange(Card("K", "♥"))) == seat == state.actor("exchange K♥")
    assert state.is_legal("exchange kh") and state.why_illegal(Text("exchange K♥")) == ""
    assert Exchange(card("K♥")) in state.legal_actions(seat)
    for bad in ["0", 1.5, True, 4]:
        with pytest.raises(ValueError, match="player must be a seat from 0 to 3"):
            state.legal_actions(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Every constructor checks its arguments, the same way in both games.

ALKORT_MAKERS: dict[str, Callable[..., Any]] = {
    "AlkortState": alkort.AlkortState,
    "alkort.new_deal": alkort.new_deal,
    "AlkortGame": alkort.AlkortGame,
}
ECARTE_MAKERS: dict[str, Callable[..., Any]] = {
    "EcarteState": ecarte.EcarteState,
    "ecarte.new_deal": ecarte.new_deal,
    "EcarteGame": ecarte.EcarteGame,
}
ALL_MAKERS = {**ALKORT_MAKERS, **ECARTE_MAKERS}
DEALS = {name: make for name, make in ALL_MAKERS.items() if "Game" not in name}


def dealer_argument(name: str) -> str:
    return "first_dealer" if "Game" in name else "dealer"


# A game's first_dealer may be None: the first dealer is then chosen at random.
BAD_DEALERS = [
    (maker, dealer)
    for maker in ALL_MAKERS
    for dealer in [1.5, "0", None, True, -1, 4]
    if not (dealer is None and "Game" in maker)
]


@pytest.mark.parametrize("maker, dealer", BAD_DEALERS)
def test_a_bad_dealer_is_refused_naming_it(maker: str, dealer: Any) -> None:
    argument = dealer_argument(maker)
    with pytest.raises(ValueError, match=f"^{argument} must be a seat from 0 to [13], not {dealer!r}"):
        ALL_MAKERS[maker](**{argument: dealer})


@pytest.mark.parametrize("maker", ALKORT_MAKERS)
@pytest.mark.parametrize("players", ["4", 3, 4.0, None, True, 0])
def test_bad_players_are_refused_naming_the_argument(maker: str, players: Any) -> None:
    with pytest.raises(ValueError, match=rf"^players must be 4 or 2 \(Alkort is played by 4 .*\), not {players!r}"):
        ALKORT_MAKERS[maker](players=players)


@pytest.mark.parametrize("maker", ALL_MAKERS)
@pytest.mark.parametrize("options", ["bogus", 42, [1, 2], "", 0, ("lead_rule", "rotate")])
def test_bad_options_are_refused_naming_the_argument(maker: str, options: Any) -> None:
    with pytest.raises(OptionError, match=r"^options must be (Alkort|Ecarte)Options\(\.\.\.\) or a dict"):
        ALL_MAKERS[maker](options=options)


def test_options_of_the_other_game_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="Alkort has no option 'deal_packets'"):
        alkort.new_deal(ecarte.EcarteOptions())  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="Écarté has no option 'lead_rule'"):
        ecarte.EcarteGame(alkort.AlkortOptions())  # type: ignore[arg-type]


@pytest.mark.parametrize("maker", DEALS)
@pytest.mark.parametrize("scores", [["a", "b"], [1], [1, 2, 3], "12", 5, [1.0, 2], [True, 0], [-1, 0], {0: 1, 1: 2}])
def test_bad_scores_before_are_refused_naming_the_argument(maker: str, scores: Any) -> None:
    with pytest.raises(ValueError, match=r"^scores_before must be two whole numbers, not negative"):
        DEALS[maker](scores_before=scores)


@pytest.mark.parametrize("maker", ALL_MAKERS)
@pytest.mark.parametrize("seed", [1.5, "7", [1], b"7", True])
def test_a_seed_of_a_wrong_type_is_refused_naming_it(maker: str, seed: Any) -> None:
    with pytest.raises(ValueError, match=r"^seed must be a whole number, a random\.Random or None"):
        ALL_MAKERS[maker](seed=seed)


@pytest.mark.parametrize("maker", DEALS)
@pytest.mark.parametrize(
    "deck, says",
    [
        ([1, 2, 3], "1 is not a card"),
        (42, "42 is not a list of cards"),
        ("bogus", "'bogus' is not a card"),
        ([("K", "♥")] * 44, "is a tuple, not a card"),
        ([None], "None is not a card"),
        (card("K♥"), "is not a list of cards"),
    ],
)
def test_a_deck_of_wrong_things_is_refused_naming_it(maker: str, deck: Any, says: str) -> None:
    with pytest.raises(ValueError, match="^deck must be a list of") as error:
        DEALS[maker](deck=deck)
    assert says in str(error.value)


def test_good_arguments_in_every_accepted_form_still_work() -> None:
    numpy = pytest.importorskip("numpy")
    state = alkort.new_deal(
        {"lead_rule": "rotate"},
        players=numpy.int64(2),
        dealer=numpy.int64(1),
        seed=numpy.int64(5),
        scores_before=(numpy.int64(3), 4),
    )
    assert (state.n_players, state.dealer, state.scores_before) == (2, 1, [3, 4])
    assert type(state.n_players) is int and type(state.dealer) is int and type(state.scores_before[0]) is int
    assert ecarte.new_deal(deck=" ".join(map(str, ecarte.ECARTE_PACK))).deck == ecarte.ECARTE_PACK
    assert alkort.AlkortGame(players=2, first_dealer=1, seed=3).deal.dealer == 1
    assert ecarte.EcarteGame({}, first_dealer=0, seed=3).deal.dealer == 0
