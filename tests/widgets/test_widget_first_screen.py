"""What a game's first screen is made of: only what it shows (the rule pickers come when asked for), one stylesheet.

Every widget is a message from the kernel to the page and a model the page builds: in the static site, where
Python runs in the browser, they were most of the wait before the first card (book/README.md, "Where the time
goes"). These tests hold the first screen to what it shows, and check the pickers made later work as before.
"""

from __future__ import annotations

import pytest
from ipywidgets.widgets import widget as widget_module
from widget_helpers import text

from cardlib import alkort, ecarte, games
from cardlib.widgets import GameLog, GameTable, HandWidget, ScoreBoard, TrickWidget
from cardlib.widgets.parts import PLAYABLE, SELECTABLE, UNPLAYABLE, card_button, shared


def made_while(build) -> tuple[object, list]:
    """What build() returns, and the widgets made while it ran (each one a message to the page)."""
    before = set(widget_module._instances)
    made = build()
    return made, [w for key, w in widget_module._instances.items() if key not in before]


def stylesheets(widgets: list) -> int:
    """How many of these widgets carry the course's stylesheet."""
    return sum("<style" in str(getattr(w, "value", "")) for w in widgets)


# Every game the registry knows; the last first, as the count was measured (the first table made in a session also
# makes the few widgets every table shares).
@pytest.mark.parametrize("game", list(reversed(games.keys())))
def test_a_game_that_plays_at_once_makes_its_pickers_only_when_asked(game):
    table, first_screen = made_while(lambda: GameTable(game, choose_options=True, play_at_once=True, seed=3))
    assert table.state is not None and table.legal_choices, "the game is on at once, the learner to decide"
    assert table.option_pickers == {} and table.options_box.children == (table.rules_button,)
    assert "Choose other rules" in table.rules_button.description
    _, pickers = made_while(table.rules_button.click)
    assert set(table.option_pickers) == set(type(table.options).describe())
    assert len(pickers) > len(table.option_pickers) * 2, "each picker is several widgets, none made before"
    assert len(first_screen) <= 70, f"the first screen is {len(first_screen)} widgets (126 before issue 21)"
    assert table.options_box.children[1:] and table.rules_button.description == "Hide the rules"


def test_the_rules_button_hides_the_pickers_and_shows_them_again_as_they_were():
    table = GameTable("alkort", choose_options=True, play_at_once=True, seed=3)
    table.rules_button.click()
    table.option_pickers["ranking"].value = "short"
    table.rules_button.click()
    assert table.options_box.children == (table.rules_button,)
    assert table.rules_button.description == "Choose other rules"
    _, remade = made_while(table.rules_button.click)
    assert remade == [] and table.option_pickers["ranking"].value == "short", "the same pickers, as left"
    assert table.option_pickers["ranking"] in table.options_box.children


def test_pickers_shown_later_start_the_game_they_show():
    table = GameTable("alkort", choose_options=True, play_at_once=True, seed=3)
    first = table.state
    table.rules_button.click()
    assert table.option_pickers["target_score"].value == str(alkort.AlkortOptions().target_score)
    table.players_picker.value = 2
    table.option_pickers["target_score"].value = "4"
    table.start_button.click()
    assert table.state is not first and table.n_players == 2 and table.state.options.target_score == 4
    assert "The game above plays these rules" in text(table.options_message) or text(table.options_message) == ""


def test_a_table_carries_one_stylesheet_for_all_its_pieces():
    table, made = made_while(lambda: GameTable("ecarte", bots=None, seed=1))
    assert stylesheets(made) == 1 and table.stylesheet in made
    assert isinstance(table.state, ecarte.EcarteState)


@pytest.mark.parametrize("piece", [HandWidget, TrickWidget, ScoreBoard, GameLog])
def test_a_piece_standing_alone_brings_its_stylesheet(piece):
    _, alone = made_while(piece)
    _, inside = made_while(lambda: piece(styled=False))
    assert stylesheets(alone) == 1 and stylesheets(inside) == 0
    assert len(inside) < len(alone)


def test_cards_share_one_layout_and_style_and_a_closed_one_is_made_anew():
    hand = HandWidget(["K♦", "7♠", "9♥"])
    first, *others = hand.buttons
    assert all(b.layout is first.layout and b.style is first.style for b in others)
    assert first.layout.width == "50px" and first.layout is not hand.layout, "the hand's own box keeps its own"
    first.layout.close()  # as Widget.close_all() would: the page no longer has it
    fresh = card_button(hand.cards[0])
    assert fresh.layout is not first.layout and fresh.layout.comm is not None and fresh.layout.height == "72px"
    assert shared(type(fresh.layout), width="50px", height="72px") is fresh.layout


def test_a_table_is_made_with_its_classes_not_told_them_one_message_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A widget's CSS classes given when it is made travel in its first message; each add_class after is one more.
    Only the stylesheet's class (faces.stylesheet) and the hand's 'your turn' are told after: no card's."""
    updates: list[tuple[str, dict]] = []
    send = widget_module.Widget._send

    def recording(self: widget_module.Widget, msg: dict, buffers: object = None) -> None:
        updates.append((type(self).__name__, msg.get("state", {})))
        send(self, msg, buffers)

    monkeypatch.setattr(widget_module.Widget, "_send", recording)
    table = GameTable("ecarte", choose_options=True, play_at_once=True, seed=1)
    told_classes = [name for name, state in updates if "_dom_classes" in state]
    assert "Button" not in told_classes and len(told_classes) <= 2, told_classes
    assert len(updates) <= 25, f"{len(updates)} messages after the widgets were made (74 before issue 21)"
    classes = set(table.hand.buttons[0]._dom_classes)
    assert "cardlib-card" in classes and classes & {PLAYABLE, UNPLAYABLE, SELECTABLE}, classes
