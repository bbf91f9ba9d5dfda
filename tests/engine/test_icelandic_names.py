"""The cards' Icelandic names in Alkort (book/glossary.md): which card is called what, and the table is read-only."""

import pytest

from cardlib import alkort
from cardlib.cards import ALKORT_PACK, card, hand


@pytest.mark.parametrize(
    "text, word",
    [
        ("K♦", "karlinn"),
        ("2♥", "tvisturinn"),
        ("4♣", "lauffjórir"),
        ("8♠", "spaðaáttur"),
        ("9♥", "feitu níurnar"),
        ("9♦", "mögru níurnar"),
    ],
)
def test_the_named_high_cards(text: str, word: str) -> None:
    assert alkort.icelandic_name(card(text)) == word


@pytest.mark.parametrize("rank, word", [("6", "póstar"), ("7", "besefar")])
def test_a_whole_rank_shares_a_plural_name(rank: str, word: str) -> None:
    for suit in "♠♥♦♣":
        assert alkort.icelandic_name(card(rank + suit)) == word
        assert str(alkort.icelandic_description(card(rank + suit))).startswith(f"one of the {word} — ")


def test_the_low_eights_are_friður_but_the_spade_eight_has_its_own_name() -> None:
    assert [alkort.icelandic_name(c) for c in alkort.LOW_EIGHTS] == ["friður"] * 3
    assert alkort.icelandic_description(card("8♠")) == "spaðaáttur — the spade eights, always plural"


def test_the_hrök_are_the_cards_no_ranking_of_the_sources_ranks() -> None:
    hrök = {c for c in ALKORT_PACK if alkort.icelandic_name(c) == "hrök"}
    no_eights = alkort.AlkortOptions(low_eights_ranked=False)
    assert hrök == {c for c in ALKORT_PACK if c.rank != "7" and c.rank != "8" and not alkort.is_ranked(c, no_eights)}
    assert len(hrök) == 19 and card("Q♦") in hrök and card("K♦") not in hrök


def test_aces_and_jacks_have_no_name_of_their_own() -> None:
    for c in hand("A♠ A♥ A♦ A♣ J♠ J♥ J♦ J♣"):
        assert alkort.icelandic_name(c) is None and alkort.icelandic_description(c) is None
    named = [c for c in ALKORT_PACK if alkort.icelandic_name(c) is not None]
    assert len(named) == len(ALKORT_PACK) - 8


def test_the_old_man_is_described_for_a_tooltip() -> None:
    assert alkort.icelandic_description(card("K♦")) == "karlinn — the old man"


def test_the_table_of_names_is_read_only() -> None:
    with pytest.raises(TypeError):
        alkort.ICELANDIC_NAMES[card("A♠")] = alkort.IcelandicName("ás", "an Ace")
    assert alkort.icelandic_name(card("A♠")) is None
