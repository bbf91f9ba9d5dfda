"""An Alkort card's tooltip and accessible name give its Icelandic name (book/glossary.md); Écarté's do not."""

from cardlib import alkort, card, ecarte
from cardlib.widgets import DealExplorer, GameTable, HandWidget, RankComparator, TrickWidget, card_html
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


def test_the_rank_lab_names_alkorts_cards_in_icelandic_and_ecartes_in_english() -> None:
    lab = RankComparator("alkort")
    lab.pick("A♠", "9♦", "K♦", "2♥")
    for view in (lab.table.value, lab.result.value):
        assert "King of diamonds, karlinn — the old man" in view
    duel = RankComparator("ecarte")
    duel.pick("K♦", "J♦")
    assert "King of diamonds" in duel.table.value and "karlinn" not in duel.table.value


def test_the_deal_explorer_names_the_ranked_cards_and_the_rubbish_in_icelandic() -> None:
    explorer = DealExplorer("alkort", seed=0)
    named = [c for c in explorer.hand_cards if alkort.icelandic_description(c)]
    assert named, "deal 0's first hand holds a card with an Icelandic name"
    for c in named:
        assert card_title(c, "Alkort") in explorer.view.value


def test_the_cards_shown_before_play_are_named_in_icelandic_on_the_alkort_table() -> None:
    named = []
    for seed in range(40):  # a deal whose partner shows a card with a name of its own
        table = GameTable("alkort", seed=seed, play_at_once=True)
        assert isinstance(table.state, alkort.AlkortState)
        shown = table.state.shown_to(0).get(2, [])
        named = [c for c in shown if alkort.icelandic_description(c)]
        if named:
            break
    assert named and "Your partner shows you" in table.info.value
    assert all(card_title(c, "Alkort") in table.info.value for c in named)
