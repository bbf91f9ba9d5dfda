"""The four apps, played in a real browser by clicking, as a visitor would.

The deals are random (the apps deal a fresh game for every visitor), so the tests play
whatever comes: at each step they click what the table offers — a card that may be
played, the cards of a discard, a button — until the deal is scored. The rules are
never decided here: the page is asked what is playable, and the engine behind it answers.
Every app passes axe-core's accessibility checks as it opens and in the middle of a deal.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from cardlib import alkort
from cardlib.alkort import AlkortOptions
from cardlib.widgets.parts import in_sentence
from cardlib.widgets.table import value_label

from browser_harness import assert_visible_focus_ring, tab_to
from voila_harness import AppPage

MOVES_PER_DEAL = 60  # an Alkort deal has 9 tricks, an Écarté deal 5 and a few exchanges
DEALS_PER_GAME = 40


# ---------------------------------------------------------------------------
# Reading the table. A click goes to the kernel, which redraws the table: AppPage.act waits for that.


def table_text(page: Page) -> str:
    """Everything the table shows, as text."""
    return page.locator(".cardlib-table").first.inner_text()


def message_text(page: Page) -> str:
    """The table's latest message."""
    return page.locator(".cardlib-message").first.inner_text()


def click(app: AppPage, target: Locator, read: Callable[[Page], str] = table_text) -> str:
    """Click and wait until the kernel's answer has been drawn; return what `read` then shows."""
    return app.act(target.click, read)


def card_name(card: Locator) -> str:
    """The card a card button shows ('K♦'): the first line of its text (the second says if it is playable)."""
    return card.inner_text().strip().split("\n")[0]


def deal_over(page: Page) -> bool:
    """Has the table scored the deal?"""
    return page.locator(".cardlib-prompt").first.inner_text().startswith("The deal is over")


def game_scores(page: Page) -> list[int]:
    """The game score column of the score board."""
    rows = page.locator(".cardlib-score tr").all_inner_texts()[1:]
    return [int(row.split("\t")[-1]) for row in rows]


# ---------------------------------------------------------------------------
# Playing


class Player:
    """Clicks through deals: proposes once a deal when it can, plays the first playable card,
    and checks once that a card the rules forbid is refused with the rule's reason."""

    def __init__(self, app: AppPage) -> None:
        self.app, self.page = app, app.page
        self.refusals: list[tuple[str, str]] = []  # (card, reason) of refused cards
        self.proposed = False

    def try_a_forbidden_card(self) -> bool:
        """Click a greyed-out card of the learner's hand; check the deal did not change and the reason shows."""
        page = self.page
        forbidden = page.locator(".cardlib-your-turn .cardlib-card-unplayable")
        if not forbidden.count():
            return False
        card = forbidden.first
        name, reason = card_name(card), card.get_attribute("title")
        hand = page.locator(".cardlib-hand").first.inner_text()
        log = page.locator(".cardlib-log").first.inner_text()
        message = click(self.app, card, read=message_text)
        assert reason and reason in message, f"clicking {name} should say why not: {reason!r}, got {message!r}"
        assert page.locator(".cardlib-hand").first.inner_text() == hand, f"{name} stayed in the hand"
        assert page.locator(".cardlib-log").first.inner_text() == log, "no move was made"
        self.refusals.append((name, reason))
        return True

    def move(self) -> None:
        """Make one move: whatever the table offers."""
        page = self.page
        propose = page.locator(".cardlib-action-propose, .cardlib-action-accept")
        selectable = page.locator(".cardlib-card-selectable")
        playable = page.locator(".cardlib-your-turn .cardlib-card-playable")
        actions = page.locator(".cardlib-actions .cardlib-action")
        if propose.count() and not self.proposed:
            self.proposed = True
            click(self.app, propose.first)
        elif selectable.count():
            click(self.app, selectable.first, read=message_text)
            click(self.app, page.locator(".cardlib-action-discard").first)
        elif playable.count():
            click(self.app, playable.first)
        elif actions.count():
            click(self.app, actions.first)
        else:
            raise AssertionError(f"nothing to click, yet the deal is not over:\n{table_text(page)}")

    def play_deal(self, midway: Callable[[], None] = lambda: None) -> None:
        """Play one deal to its score, trying a forbidden card once when one turns up; call midway() after 3 moves."""
        self.proposed = False
        self.app.settled(table_text)
        for moves in range(MOVES_PER_DEAL):
            if deal_over(self.page):
                return
            if moves == 3:
                midway()
            if not self.refusals:
                self.try_a_forbidden_card()
            self.move()
        raise AssertionError(f"the deal did not end in {MOVES_PER_DEAL} moves")


def check_scored(page: Page) -> None:
    """The deal is over and the score board counts its points."""
    prompt = page.locator(".cardlib-prompt").first.inner_text()
    assert prompt.startswith("The deal is over"), prompt
    assert re.search(r"\bpoints?\b|\bvole\b|múk|stroke", prompt), f"the prompt explains the score: {prompt}"
    assert sum(game_scores(page)) > 0, "a deal scores for someone"


# ---------------------------------------------------------------------------
# The apps


def midway_checks(app_page: AppPage, artifacts: Path, name: str) -> Callable[[], None]:
    """What to check in the middle of a deal: the page passes axe-core; and a screenshot for the README."""

    def check() -> None:
        assert app_page.accessibility_problems() == []
        app_page.screenshot(name, artifacts, readme=True)

    return check


def test_play_ecarte_deals_to_the_score_and_refuses_a_forbidden_card(app_page: AppPage, artifacts: Path):
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0, "no code shows"
    assert app_page.accessibility_problems() == []
    player = Player(app_page)
    player.play_deal(midway=midway_checks(app_page, artifacts, "play-ecarte"))
    check_scored(page)
    app_page.screenshot("play-ecarte-scored", artifacts)
    # Play on until a card has been refused (every deal has turns where the rules forbid cards).
    for _ in range(DEALS_PER_GAME):
        if player.refusals or page.locator(".cardlib-game-over").first.inner_text().strip():
            break
        click(app_page, page.locator(".cardlib-next-deal").first)
        player.play_deal()
        check_scored(page)
    assert player.refusals, "a forbidden card was tried and refused"
    assert app_page.problems() == []


def options_text(page: Page) -> str:
    """What the rules' box under the table shows."""
    return page.locator(".cardlib-options").first.inner_text()


def open_alkort_rules(app_page: AppPage) -> Page:
    """Open Play Alkort, which plays at once, and show its rule pickers (made when first asked for)."""
    page = app_page.open("apps/play-alkort.ipynb", ready=".cardlib-your-turn .cardlib-card")
    assert page.locator(".cardlib-option").count() == 0, "no picker before they are asked for"
    click(app_page, page.locator(".cardlib-choose-rules").first, read=options_text)
    expect(page.locator(".cardlib-choose-rules")).to_have_accessible_name("Hide the rules")
    expect(page.locator(".cardlib-start-game")).to_have_accessible_name("New game with these rules")
    return page


def test_play_alkort_with_chosen_rules_deals_to_the_score(app_page: AppPage, artifacts: Path):
    page = open_alkort_rules(app_page)
    assert app_page.accessibility_problems() == []
    app_page.screenshot("play-alkort-options", artifacts)
    # The value's label as the picker builds it from the engine's words ("his whole hand, to his partner").
    whole_hand = value_label(AlkortOptions.value_words("partner_reveal")["hand"], "hand")
    page.locator(".cardlib-option-partner_reveal select").select_option(label=whole_hand)
    page.locator(".cardlib-option-target_score input").fill("7")
    click(app_page, page.locator(".cardlib-start-game").first)
    expect(page.locator(".cardlib-log").first).to_contain_text("partner_reveal = hand, target_score = 7")
    expect(page.locator(".cardlib-score").first).to_contain_text("First to 7 points")
    expect(page.locator(".cardlib-score").first).to_contain_text("team A (you and player 2)")
    player = Player(app_page)
    player.play_deal(midway=midway_checks(app_page, artifacts, "play-alkort"))
    check_scored(page)
    app_page.screenshot("play-alkort-scored", artifacts)
    assert app_page.problems() == []


def test_play_alkort_two_players_starts_a_two_handed_game(app_page: AppPage):
    page = open_alkort_rules(app_page)
    page.locator(".cardlib-option select").first.select_option(label="2, one against one")
    click(app_page, page.locator(".cardlib-start-game").first)
    cards = page.locator(".cardlib-your-turn .cardlib-card")
    deadline = time.monotonic() + 30  # the widgets redraw after the click returns: wait for the hand
    while cards.count() < 9 and "may" not in table_text(page) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    text = table_text(page)
    assert "Alkort, 2 players" in text and "team A" not in text, text
    assert cards.count() >= 9 or "may" in text, "a hand of nine to play"
    Player(app_page).move()
    assert app_page.problems() == []


def test_rank_lab_asks_the_engine_who_wins(app_page: AppPage, artifacts: Path):
    page = app_page.open("apps/rank-lab.ipynb", ready=".cardlib-comparator")
    comparator = page.locator(".cardlib-comparator").first
    result = lambda p: p.locator(".cardlib-result").first.inner_text()  # noqa: E731
    assert "Winner" in result(page)
    assert app_page.accessibility_problems() == []
    seven_lead = page.locator(".cardlib-option-seven_lead")
    assert "When a Seven may be led" in seven_lead.inner_text() and "seven_lead" in seven_lead.inner_text()
    # A seven led by a player who has already won a trick beats everything (the default seven_lead rule).
    app_page.act(lambda: comparator.locator(".cardlib-picker select").first.select_option(label="7♣"), result)
    text = app_page.act(comparator.locator(".cardlib-picker input[type=checkbox]").first.check, result)
    assert "7♣ — played by the leader" in text and "7♣ wins" in text, text
    app_page.screenshot("rank-lab", artifacts, readme=True)
    page.get_by_role("tab", name="Écarté").click()
    ecarte_result = page.locator(".cardlib-comparator").nth(1).locator(".cardlib-result")
    ecarte_result.wait_for(state="visible")
    assert "Winner" in ecarte_result.inner_text()
    assert app_page.accessibility_problems() == []
    assert app_page.problems() == []


def test_deal_explorer_deals_and_switches_games(app_page: AppPage, artifacts: Path):
    page = app_page.open("apps/deal-explorer.ipynb", ready=".cardlib-deal-explorer")
    explorer = lambda p: p.locator(".cardlib-deal-explorer").first.inner_text()  # noqa: E731
    assert "deal number 1" in explorer(page) and "Ranked" in explorer(page)
    assert app_page.accessibility_problems() == []
    click(app_page, page.locator(".cardlib-new-deal").first, read=explorer)
    assert "deal number 2" in explorer(page)
    app_page.screenshot("deal-explorer", artifacts, readme=True)
    click(app_page, page.locator(".cardlib-game-choice button", has_text="Écarté"), read=explorer)
    assert "Turned up" in explorer(page) and "trumps are" in explorer(page)
    assert app_page.problems() == []


# ---------------------------------------------------------------------------
# The keyboard alone, and what a hurried or a careless hand does


CARD_NAME = re.compile(r"^(\S+) — (playable|not playable: (.+)|choose it for your discard|chosen for your discard)$")


class KeyboardPlayer(Player):
    """Plays as Player does, but with the keyboard alone: Tab until the wanted card or button has the focus,
    then Enter or Space (in turn) to press it."""

    def __init__(self, app: AppPage) -> None:
        super().__init__(app)
        self.presses = 0
        self.rings_checked = 0

    def press(self, target: Locator, read: Callable[[Page], str] = table_text, key: str = "") -> str:
        """Tab to target (at most around the whole page twice), check its focus ring, press it (a button with
        Enter and Space in turn, or the key given); return the kernel's answer."""
        page = self.page
        tab_to(page, target)
        assert_visible_focus_ring(target)
        self.rings_checked += 1
        self.presses += 1
        key = key or ("Enter" if self.presses % 2 else "Space")
        return self.app.act(lambda: page.keyboard.press(key), read)

    def check_card_names(self) -> None:
        """Every card of the hand is named with its status; a card that may not be played says why (the engine's
        reason, which its tooltip shows too)."""
        for card in self.page.locator(".cardlib-hand .cardlib-card").all():
            expect(card).to_have_accessible_name(CARD_NAME)
            if "cardlib-card-unplayable" in (card.get_attribute("class") or ""):
                reason = in_sentence(card.get_attribute("title") or "")
                expect(card).to_have_accessible_name(f"{card_name(card)} — not playable: {reason}")

    def move(self) -> None:
        page = self.page
        self.check_card_names()
        propose = page.locator(".cardlib-action-propose, .cardlib-action-accept")
        selectable = page.locator(".cardlib-card-selectable")
        playable = page.locator(".cardlib-your-turn .cardlib-card-playable")
        actions = page.locator(".cardlib-actions .cardlib-action")
        if propose.count() and not self.proposed:
            self.proposed = True
            self.press(propose.first)
        elif selectable.count():
            self.press(selectable.first, read=message_text)
            self.press(page.locator(".cardlib-action-discard").first)
        elif playable.count():
            self.press(playable.first)
        elif actions.count():
            self.press(actions.first)
        else:
            raise AssertionError(f"nothing to press, yet the deal is not over:\n{table_text(page)}")


def test_a_whole_ecarte_deal_with_the_keyboard_alone(app_page: AppPage):
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    player = KeyboardPlayer(app_page)
    player.play_deal()
    check_scored(page)
    assert player.presses >= 5 and player.rings_checked == player.presses
    assert app_page.problems() == []


def test_a_turned_up_king_claimed_with_the_keyboard_alone(app_page: AppPage):
    """turned_king = claimed, chosen with the keyboard; new games until the learner deals a King (one game in 16: the
    first dealer is drawn, and 4 cards of 32 are Kings); then the Claim button, named for what it does, scores it."""
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    player = KeyboardPlayer(app_page)
    player.press(page.locator(".cardlib-choose-rules"), read=options_text)  # the pickers, made when first shown
    turned_king = page.locator(".cardlib-option-turned_king select")
    player.press(turned_king, read=lambda _page: turned_king.input_value(), key="ArrowDown")
    expect(turned_king).to_have_value(re.compile("claims it"))
    new_game = page.locator(".cardlib-start-game")
    expect(new_game).to_have_accessible_name("New game with these rules")
    claim = page.locator(".cardlib-actions .cardlib-action-claim")
    for _ in range(200):
        player.press(new_game)
        if claim.count():
            break
    else:
        raise AssertionError("the learner never dealt a King in 200 new games")
    log = page.locator(".cardlib-log").first
    expect(log).to_contain_text("New game with turned_king = claimed.")
    turned = re.search(r"the turned-up card is (K.)", log.inner_text())
    assert turned, "the log names the turned-up King"
    king = turned.group(1)
    expect(log).to_contain_text(f"The turned-up {king} scores only if the dealer claims it")
    expect(claim).to_have_accessible_name(f"Claim the King, {king}")
    assert app_page.accessibility_problems() == []
    player.press(claim)
    expect(log).to_contain_text(f"You claim the turned-up King, {king}.")
    expect(log).to_contain_text(f"Player 0 (the dealer) claimed the turned-up {king} — 1 point.")
    assert claim.count() == 0, "a King is claimed once"
    Player(app_page).play_deal()
    check_scored(page)
    assert f"claimed the turned-up {king} — 1 point" in page.locator(".cardlib-prompt").first.inner_text()
    assert game_scores(page)[0] >= 1
    assert app_page.problems() == []


def test_four_colour_suits_by_keyboard(app_page: AppPage):
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    diamonds = page.locator(".cardlib-hand .cardlib-suit-diamonds, .cardlib-info .cardlib-suit-diamonds")
    choice = page.get_by_role("checkbox", name="Four-colour suits (♦ blue, ♣ green)")
    player = KeyboardPlayer(app_page)
    player.press(choice, read=lambda p: str(p.locator(".cardlib-table").first.get_attribute("class")), key="Space")
    assert "cardlib-four-colour" in (page.locator(".cardlib-table").first.get_attribute("class") or "")
    if diamonds.count():
        assert diamonds.first.evaluate("e => getComputedStyle(e).color") == "rgb(21, 80, 168)"  # faces.BLUE
    assert app_page.accessibility_problems() == []


def test_the_computer_players_level_is_chosen_by_keyboard_and_named_on_the_page(app_page: AppPage):
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    choice = page.get_by_role("combobox", name="Computer players")
    shown = "e => e.options[e.selectedIndex].text.replace(/\\u00a0/g, ' ')"  # ipywidgets writes no-break spaces
    assert choice.evaluate(shown).startswith("by the book — follows the old books' advice")
    tab_to(page, choice)
    assert_visible_focus_ring(choice)
    app_page.act(lambda: page.keyboard.press("ArrowUp"), lambda p: p.locator(".cardlib-log").first.inner_text())
    assert choice.evaluate(shown).startswith("gentle — plays a random legal move")
    log = page.locator(".cardlib-log").first.inner_text()
    assert "Computer players: gentle." in log and log.count("New game with") == 1, log
    assert app_page.accessibility_problems() == []


def test_a_double_click_on_next_deal_opens_the_next_deal_cleanly(app_page: AppPage):
    page = app_page.open("apps/play-ecarte.ipynb", ready=".cardlib-table")
    Player(app_page).play_deal()
    check_scored(page)
    log = page.locator(".cardlib-log").first
    idle_before = app_page.kernel_idle
    page.locator(".cardlib-next-deal").first.dblclick()
    deadline = time.monotonic() + 30  # both clicks reach the kernel, one after the other: wait for both answers
    while app_page.kernel_idle < idle_before + 2 or "Deal 2:" not in log.inner_text():
        assert time.monotonic() < deadline, "the kernel did not answer both clicks"
        page.wait_for_timeout(50)
    app_page.settled(table_text)
    assert "not over" not in message_text(page) and "⚠" not in message_text(page)
    assert "Deal 3:" not in log.inner_text(), "one deal dealt, not two"
    assert not deal_over(page)


def no_new_game(page: Page) -> None:
    """The game in play goes on: the log still begins with it, under the usual rules."""
    log = page.locator(".cardlib-log").first.inner_text()
    assert log.count("New game with") == 1, log
    assert "New game with the default rules." in log and "Computer players: by the book." in log, log


def test_a_target_score_that_is_not_a_whole_number_is_refused(app_page: AppPage):
    page = open_alkort_rules(app_page)
    target = page.locator(".cardlib-option-target_score input")
    options_message = lambda p: p.locator(".cardlib-options-message").first.inner_text()  # noqa: E731
    for typed in ("3.7", "1e3"):
        target.fill(typed)
        text = click(app_page, page.locator(".cardlib-start-game").first, read=options_message)
        assert f"target_score must be a positive whole number, not '{typed}'" in text, text
        no_new_game(page)
    assert target.input_value() == "1e3", "what was typed stays, to be corrected"
    target.fill("12")
    click(app_page, page.locator(".cardlib-start-game").first)
    expect(page.locator(".cardlib-score").first).to_contain_text("First to 12 points")
    assert app_page.problems() == []


def option_label(name: str, value: object) -> str:
    """The label of an Alkort option's value in its picker, as the picker builds it from the engine's words."""
    return value_label(AlkortOptions.value_words(name)[value], value)


def test_rules_the_engine_refuses_together_are_refused_in_its_words(app_page: AppPage):
    page = open_alkort_rules(app_page)
    options_message = lambda p: p.locator(".cardlib-options-message").first.inner_text()  # noqa: E731
    page.locator(".cardlib-option select").first.select_option(label="2, one against one")
    page.locator(".cardlib-option-draw_after_trick select").select_option(label=option_label("draw_after_trick", True))
    text = click(app_page, page.locator(".cardlib-start-game").first, read=options_message)
    assert "draw_after_trick is the second Alkort text's game for four" in text, text
    no_new_game(page)
    assert app_page.problems() == []
    lab = app_page.open("apps/rank-lab.ipynb", ready=".cardlib-comparator")
    ranking = lab.locator(".cardlib-option-ranking select")
    text = app_page.act(lambda: ranking.select_option(label=option_label("ranking", "short")), options_message)
    assert "choose low_eights_ranked = false with it" in text, text
    expect(lab.locator(".cardlib-comparator")).to_have_count(1)  # the Écarté tab's only: no verdict under these rules
    eights = lab.locator(".cardlib-option-low_eights_ranked select")
    app_page.act(lambda: eights.select_option(label=option_label("low_eights_ranked", False)), options_message)
    expect(lab.locator(".cardlib-comparator")).to_have_count(2)
    assert app_page.accessibility_problems() == []
    assert app_page.problems() == []


def test_deal_explorer_shows_the_same_deal_under_the_rules_chosen(app_page: AppPage):
    page = app_page.open("apps/deal-explorer.ipynb", ready=".cardlib-deal-explorer")
    explorer = lambda p: p.locator(".cardlib-deal-explorer").first.inner_text()  # noqa: E731
    short = alkort.AlkortOptions(ranking="short", low_eights_ranked=False)
    dealt = alkort.new_deal(short, seed=1).hands[0]
    eights = page.locator(".cardlib-option-low_eights_ranked select")
    app_page.act(lambda: eights.select_option(label=option_label("low_eights_ranked", False)), explorer)
    ranking = page.locator(".cardlib-option-ranking select")
    text = app_page.act(lambda: ranking.select_option(label=option_label("ranking", "short")), explorer)
    assert "deal number 1" in text and f"Ranked ({sum(alkort.is_ranked(c, short) for c in dealt)})" in text, text
    verdict = "✔ This hand may make" if alkort.may_exchange(dealt, short) else "✘ No exchange for this hand"
    assert verdict in text, text
    assert app_page.accessibility_problems() == []
    assert app_page.problems() == []
