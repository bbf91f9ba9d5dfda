"""Pass the device on the static site: two people at one screen, Python in the browser (Pyodide), no server.

The page is the site's real Play with friends (apps/play-with-friends.html, the app page its front page links to).
With no table server behind the site, the page makes an Écarté table for two people in memory; between their turns
the hand leaves the page and a screen asks to hand the device over. The test plays a whole deal with the keyboard
(Tab, then Enter), checks at every hand-over that no card of any hand is on the page, and runs axe on the cover and
on the table.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Locator, expect
from site_pages import MOVES_PER_DEAL, SitePage, deal_over

from cardlib.widgets.coach import HINT_NAME

from browser_harness import axe_violations, tab_to

APP = "apps/play-with-friends.html"
OUTPUT = ".jp-OutputArea-output"  # the app's output: the REPL's own buttons around it are not the course's


ANSWER_MS = 90_000  # the coach's hint in Pyodide took over 30 s once, on a clean clone's CI with other tests beside it


def press(site_page: SitePage, target: Locator, read: str = ".cardlib-pass-the-device") -> None:
    """Tab to the target, press Enter, wait until the page has answered and settled."""
    page = site_page.page
    tab_to(page, target)
    before = page.locator(read).first.inner_html()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([selector, before]) => document.querySelector(selector)?.innerHTML !== before",
        arg=[read, before],
        timeout=ANSWER_MS,
    )
    site_page.settled(read)


def one_move(site_page: SitePage) -> None:
    """One move of the person holding the device: a card to discard and Discard, a playable card, or a button that
    lets play go on rather than a proposal."""
    page = site_page.page
    selectable = page.locator(".cardlib-card-selectable")
    playable = page.locator(".cardlib-your-turn .cardlib-card-playable")
    if selectable.count():
        press(site_page, selectable.first)
        press(site_page, page.locator(".cardlib-action-discard").first)
    elif playable.count() and "Your turn" in page.locator(".cardlib-prompt").first.inner_text():
        press(site_page, playable.first)
    else:
        buttons = page.locator(".cardlib-actions .cardlib-action")
        names = buttons.all_inner_texts()
        chosen = next((i for i, name in enumerate(names) if name in ("Refuse", "No thanks", "Accept")), 0)
        press(site_page, buttons.nth(chosen))


def test_two_people_pass_the_device_through_a_deal_the_hand_hidden_between_turns(site_page: SitePage, artifacts: Path):
    page = site_page.goto(APP)
    site_page.wait_for_app(".cardlib-friends-maker")
    page.get_by_label("Game", exact=True).select_option(label="Écarté")
    expect(page.locator(".cardlib-friends-seat-pickers select")).to_have_count(2)
    press(site_page, page.get_by_role("button", name="Create the table"), read=".cardlib-friends-maker")
    site_page.wait_for_app(".cardlib-pass-the-device")
    cover = page.locator(".cardlib-friends-cover")
    handed_over, hinted = 0, False
    for _ in range(MOVES_PER_DEAL):
        if cover.is_visible():
            text = cover.inner_text()
            assert re.search(r"Hand the device to player [01]\.", text), text
            assert page.locator(".cardlib-hand .cardlib-card").count() == 0, "no hand on the page between turns"
            assert page.locator(".cardlib-coach-hint-view table").count() == 0, "no hint about the last hand"
            if handed_over == 0:
                assert axe_violations(page, OUTPUT) == [], "axe on the hand-over screen"
                site_page.screenshot(artifacts / "friends-pass-the-device-cover.png")
            press(site_page, page.locator(".cardlib-friends-show"))
            handed_over += 1
            continue
        if deal_over(page):
            break
        if handed_over == 1 and not hinted:  # the coach's Hint at one screen, in Pyodide (its fewer imagined deals)
            press(site_page, page.get_by_role("button", name=HINT_NAME), read=".cardlib-coach-hint-view")
            assert "imagined deals" in page.locator(".cardlib-coach-hint-view table").inner_text()
            hinted = True
        one_move(site_page)
    assert hinted, "the coach gave a hint at one screen"
    assert deal_over(page) and handed_over >= 2, f"a deal played to its score, handed over {handed_over} times"
    assert axe_violations(page, OUTPUT) == [], "axe on the table with the deal scored"
    site_page.screenshot(artifacts / "friends-pass-the-device-scored.png")
    assert site_page.problems() == []
