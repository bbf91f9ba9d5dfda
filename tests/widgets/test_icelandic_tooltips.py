"""An Alkort card's tooltip and accessible name give its Icelandic name (book/glossary.md); Écarté's do not."""

from cardlib import alkort, card, ecarte
from cardlib.widgets import HandWidget, TrickWidget, card_html
from cardlib.widgets.faces import card_title


def test_the_old_man_is_named_on_an_alkort_face_only() -> None:
    alkort_face = card_html("KD", game="Alkort")
    assert 'aria-label="King of diamonds, karlinn — the old man"' in alkort_face
    assert 'title="King of diamonds, karlinn — the old man"' in alkort_face
    assert 'aria-label="King of diamonds"' in card_html("KD") and 'aria-label="King of diamonds"' in card_html(
        "KD", game="Écarté"
    )


def test_a_card_without_a_name_of_its_own_keeps_its_english_name() -> None:
    assert card_title(card("A♠"), "Alkort") == "Ace of spades"
    assert card_title(card("6♥"), "Alkort") == "6 of hearts, one of the póstar — the Sixes"


def test_the_alkort_hand_names_each_card_in_icelandic_in_its_tooltip() -> None:
    state = alkort.new_deal(seed=3)
    h = HandWidget()
    h.show_state(state, state.seat_to_move())
    for c, b in zip(h.cards, h.buttons):
        described = alkort.icelandic_description(c)
        assert (described in b.tooltip) == (described is not None and not state.why_illegal(c))
        assert b.description.startswith(str(c))  # the button's name still starts with the card


def test_the_alkort_trick_names_its_cards_in_icelandic_and_ecartes_does_not() -> None:
    state = alkort.new_deal(deck=alkort.stack_deck(["K♦"] + [""] * 3, dealer=3), dealer=3)
    state.apply(card("K♦"))  # seat 0, forehand, leads the old man
    trick = TrickWidget()
    trick.show_state(state)
    assert "King of diamonds, karlinn — the old man" in trick.view.value
    deal = ecarte.new_deal(seed=1)
    deal_trick = TrickWidget()
    deal_trick.show_state(deal)
    assert "karlinn" not in deal_trick.view.value and deal_trick.game == "Écarté"
