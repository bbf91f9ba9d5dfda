"""Card faces, hands, tricks, score boards and logs: what they show."""

import pytest
from widget_helpers import text

from cardlib import alkort, card, ecarte, hand
from cardlib.widgets import CardFace, GameLog, HandWidget, ScoreBoard, TrickWidget, card_html
from cardlib.widgets.faces import BLACK, BLUE, CSS, GREEN, RED, card_title


def test_card_face_names_the_card_and_is_red_or_black():
    kd, ks = card_html("K♦"), card_html(card("K♠"))
    assert 'aria-label="King of diamonds"' in kd and 'title="King of diamonds"' in kd
    assert f"color:{RED}" in kd and f"color:{BLACK}" in ks
    assert "cardlib-suit-diamonds" in kd and "cardlib-suit-spades" in ks
    assert "K" in text(kd) and "♦" in text(kd)
    assert 'aria-label="10 of hearts"' in card_html("10h", size="small")


def test_face_down_card_hides_the_card():
    back = card_html("K♦", face_up=False)
    assert "King" not in back and "♦" not in back and "face-down" in back


def test_card_face_sizes_and_bad_input():
    assert "width:70px" in card_html("A♠", size="large")
    with pytest.raises(ValueError):
        card_html("A♠", size="huge")
    with pytest.raises(ValueError):
        card_html("Z♠")


def test_card_face_widget():
    face = CardFace("Q♥")
    assert face.card == card("Q♥") and "Queen of hearts" in face.value
    assert "cardlib-card-face" in face._dom_classes


def test_hand_buttons_show_playable_and_unplayable_cards():
    played = []
    reasons = {card("7♠"): "You may not lead a 7 before you have won a trick."}
    h = HandWidget(hand("7♠ K♠ 3♦"), reasons, on_play=played.append)
    # Each button's text is its card, then its status: what the keyboard and screen readers announce.
    assert [b.description for b in h.buttons] == [
        "7♠\n— not playable: you may not lead a 7 before you have won a trick.",
        "K♠\n— playable",
        "3♦\n— playable",
    ]
    seven = h.button("7♠")
    assert "cardlib-card-unplayable" in seven._dom_classes and "cardlib-card" in seven._dom_classes
    assert seven.tooltip == "You may not lead a 7 before you have won a trick."
    assert not seven.disabled  # still clickable, so that a click can say why
    assert "cardlib-card-playable" in h.button("K♠")._dom_classes
    assert "cardlib-red" in h.button("3♦")._dom_classes and "cardlib-black" in h.button("K♠")._dom_classes
    assert "cardlib-suit-diamonds" in h.button("3♦")._dom_classes
    seven.click()
    assert played == [] and "You may not lead a 7 before you have won a trick." in text(h.message)
    h.click("KS")
    assert played == [card("K♠")]
    assert h.playable == hand("K♠ 3♦")


def test_hand_from_state_carries_the_engines_reasons():
    state = alkort.new_deal(players=2, deck=None, seed=0)
    seat = state.current_player
    h = HandWidget()
    h.show_state(state, seat)
    for c, b in zip(h.cards, h.buttons):
        assert b.tooltip == (state.why_illegal(c) or f"{card_title(c, 'Alkort')}: you may play it")
    other = HandWidget()
    other.show_state(state, 1 - seat)  # not this seat's turn: every card says so
    assert all("turn" in b.tooltip for b in other.buttons)


def test_hand_selecting_toggles_cards():
    h = HandWidget(hand("7♠ 8♠ K♥"))
    h.show(h.cards, selecting=True)
    h.click("7♠"), h.click("K♥"), h.click("7♠")
    assert h.selected == [card("K♥")]
    assert "cardlib-card-selected" in h.button("K♥")._dom_classes
    assert "cardlib-card-selected" not in h.button("7♠")._dom_classes
    assert "To discard: K♥." in text(h.message)


def test_trick_widget_shows_who_played_what_and_the_last_trick():
    state = ecarte.new_deal(seed=4, dealer=1)
    state.apply(state.hands[0][0])  # seat 0 stands and leads
    t = TrickWidget()
    t.show_state(state)
    assert t.text == f"player 0: {state.trick[0]}"
    state.apply(state.legal_actions()[0])
    t.show_state(state)
    assert t.plays == [] and len(t.last) == 2
    assert f"won by player {state.tricks[-1].winner}" in t.last_caption
    assert "cardlib-winner" in t.view.value


def test_score_board_counts_tricks_points_and_target():
    state = alkort.new_deal(seed=3, players=2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    board = ScoreBoard()
    board.show_state(state, ["you", "bot"])
    won = [state.trick_winners.count(0), state.trick_winners.count(1)]
    assert board.rows == [
        ("you", won[0], state.points[0], state.scores[0]),
        ("bot", won[1], state.points[1], state.scores[1]),
    ]
    assert "First to 10 points" in text(board.view)
    assert "cardlib-score" in board.view._dom_classes


def test_game_log_keeps_lines_in_order():
    log = GameLog()
    assert "Nothing yet" in text(log.view)
    log.add("You play K♦."), log.add("Trick 1: K♦ wins.", "trick")
    assert log.text == "You play K♦.\nTrick 1: K♦ wins."
    assert 'class="cardlib-log-trick"' in log.view.value
    log.clear()
    assert log.lines == []


def test_hand_selecting_cards_says_which_are_chosen():
    h = HandWidget(hand("7♠ K♠ 3♦"))
    h.show(h.cards, selecting=True)
    assert h.button("K♠").description == "K♠\n— choose it for your discard"
    h.click("K♠")
    assert h.button("K♠").description == "K♠\n— chosen for your discard" and h.selected == [card("K♠")]
    h.click("K♠")
    assert h.button("K♠").description == "K♠\n— choose it for your discard" and h.selected == []


def test_four_colour_deck_recolours_diamonds_and_clubs_and_keeps_contrast():
    assert f".cardlib-four-colour .cardlib-suit-diamonds {{ color: {BLUE} !important; }}" in CSS
    assert f".cardlib-four-colour .cardlib-suit-clubs {{ color: {GREEN} !important; }}" in CSS

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for ink in (RED, BLACK, BLUE, GREEN):  # WCAG AA: 4.5:1 on the card, and on the stripes of an unplayable card
        for paper in ("#fffdf7", "#ececec"):
            light, dark = sorted([luminance(ink), luminance(paper)])
            assert (dark + 0.05) / (light + 0.05) >= 4.5, (ink, paper)
