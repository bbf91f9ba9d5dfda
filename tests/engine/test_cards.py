"""Cards and packs: parsing, printing, the packs, seeded shuffles."""

import pytest

from cardlib import ALKORT_PACK, ECARTE_PACK, FULL_PACK, Card, card, hand, show, shuffled


@pytest.mark.parametrize(
    "text, printed",
    [
        ("K♦", "K♦"),
        ("KD", "K♦"),
        ("kd", "K♦"),
        ("10h", "10♥"),
        ("TH", "10♥"),
        ("10♥", "10♥"),
        (" 7c ", "7♣"),
        ("As", "A♠"),
    ],
)
def test_parsing_and_printing(text: str, printed: str) -> None:
    assert str(card(text)) == printed
    assert card(text) is card(printed)  # one object per card


@pytest.mark.parametrize("bad", ["11♥", "K?", "", "1♥", "KDD", "Q", "♥", "10x", "1O♥"])
def test_bad_text_is_refused_naming_it(bad: str) -> None:
    with pytest.raises(ValueError) as error:
        card(bad)
    assert repr(bad) in str(error.value)


def test_a_card_is_tiny_immutable_and_hashable() -> None:
    k = card("K♦")
    assert k == Card("K", "♦") and hash(k) == hash(Card("K", "♦"))
    assert {k: 1}[card("KD")] == 1
    with pytest.raises(AttributeError):
        k.rank = "Q"  # type: ignore[misc]
    assert k.name == "King of diamonds" and k.is_red and not card("A♠").is_red
    assert repr(hand("K♦ 10♥")) == "[K♦, 10♥]"


def test_hands_parse_in_several_spellings() -> None:
    assert hand("K♦ 2♥ 4♣") == hand("KD,2H,4C") == hand(["KD", card("2♥"), "4c"])
    assert show(hand("KD 10h")) == "K♦ 10♥"
    with pytest.raises(ValueError, match="'11♥'"):
        hand("K♦ 11♥")


def test_the_packs() -> None:
    assert len(FULL_PACK) == len(set(FULL_PACK)) == 52
    assert len(ALKORT_PACK) == 44 and not any(c.rank in ("5", "10") for c in ALKORT_PACK)
    assert len(ECARTE_PACK) == 32 and {c.rank for c in ECARTE_PACK} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_shuffling_is_seeded_and_keeps_the_cards() -> None:
    assert shuffled(ALKORT_PACK, 5) == shuffled(ALKORT_PACK, 5)
    assert shuffled(ALKORT_PACK, 5) != shuffled(ALKORT_PACK, 6)
    assert sorted(shuffled(ECARTE_PACK, 1)) == sorted(ECARTE_PACK)
