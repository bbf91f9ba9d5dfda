"""Helpers for the widget tests: read what a widget shows, and play the learner's seat by clicking."""

from __future__ import annotations

import html
import re

from cardlib import PROPOSE
from cardlib.widgets import Table


def text(widget_or_html) -> str:
    """The visible text of an HTML widget (or an HTML string): tags removed, entities decoded, spaces collapsed."""
    value = widget_or_html if isinstance(widget_or_html, str) else widget_or_html.value
    spaced = re.sub(r"<(br|/div|/p|/td|/th|/tr)\b[^>]*>", " ", value)  # line and cell breaks read as spaces
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", spaced)).split())


def learner_move(table: Table, *, propose: bool = False, last: bool = False) -> None:
    """Make one legal move for the learner, by clicking as a person would."""
    state = table.deal
    if table.hand.selecting:  # Écarté: choose one card to discard, then press Discard
        table.hand.click(table.hand.cards[0])
        table.click_action("Discard the chosen cards")
    elif state.current_player == 0:
        if propose and PROPOSE in table.legal_choices:
            table.click_action("propose")
        elif table.hand.playable:
            table.click_card(table.hand.playable[-1 if last else 0])
        else:
            table.action_buttons[0].click()  # accept, say
    else:
        table.click_action("pass")


def play_out(table: Table, *, propose: bool = False, last: bool = False, limit: int = 200) -> None:
    """Play the learner's seat to the end of the deal; every click must move the deal on."""
    for _ in range(limit):
        if table.deal.is_over:
            return
        before = (len(table.deal.log), len(table.log.lines))
        learner_move(table, propose=propose, last=last)
        assert (len(table.deal.log), len(table.log.lines)) != before, text(table.message)
    raise AssertionError("the deal did not end")


def play_game(table, *, limit: int = 3000) -> int:
    """Play a GameTable to game over, pressing Next deal between deals; returns the number of deals."""
    deals = 1
    for _ in range(limit):
        if table.match.is_over:
            return deals
        if table.state.is_over:
            table.next_deal_button.click()
            deals += 1
        else:
            learner_move(table)
    raise AssertionError("the game did not end")
