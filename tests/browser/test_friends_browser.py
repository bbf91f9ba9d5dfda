"""Play with friends through the real `make demo` pages: people in separate browsers at one table.

Each person is a browser context of their own (their own cookies, their own Voilà kernel), opening the seat's link
the table maker gave (apps/play-with-friends.ipynb?table=…&seat=…&token=…). Every move is made with the keyboard
alone (Tab to the card or button, Enter): the page whose seat has something to decide presses it, and the test waits
until every page shows the table's new version (the class cardlib-friends-version-N the table carries), which the
others' pages learn by asking the server on their kernel's event loop.

The servers are the course's own (notebooks/apps/serve.py, as `make demo` runs it), each test's with its tables in a
SQLite file of its own (CARDLIB_FRIENDS_DB), or in a real redis-server the test starts (CARDLIB_FRIENDS_REDIS) for two
demo servers sharing one table.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin, urlsplit, urlunsplit

import pytest
import redis
from playwright.sync_api import Browser, Page, Playwright, expect

from cardlib.friends.client import HTTPTables
from cardlib.widgets.coach import HINT_NAME

from browser_harness import VIEWPORT, axe_violations, launch_browser, press_by_keyboard
from voila_harness import PAGE_READY_MS, AppPage, Server, free_port, kernel_id_of, kernel_process, serving

APP = "apps/play-with-friends.ipynb"
REDIS_SERVER = "/usr/bin/redis-server"
MOVE_S = 45  # the longest a move may take to reach every page (a kernel's first answer included)
VERSION = re.compile(r"cardlib-friends-version-(\d+)")


@contextmanager
def environment(**values: str) -> Iterator[None]:
    """These environment variables for the servers started in the block (they inherit this process's)."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def demo(log: Path, **env: str) -> Iterator[Server]:
    """The course's demo server (serve.py), with these environment variables (where its tables are kept)."""
    with environment(**env), serving(log, ready_path="voila/tree") as server:
        yield server


@pytest.fixture(scope="module")
def browser(course_playwright: Playwright) -> Iterator[Browser]:
    """One Chromium; each person gets a context of their own in it.

    It is launched from the session's one Playwright (conftest.py): a second sync_playwright() after the other
    browser tests' would find that one's event loop and refuse to start."""
    browser = launch_browser(course_playwright)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def friends_demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One demo server for the tests that need no server of their own, its tables in a SQLite file of its own."""
    folder = tmp_path_factory.mktemp("friends-demo")
    with demo(folder / "voila.log", CARDLIB_FRIENDS_DB=str(folder / "tables.sqlite")) as server:
        yield server


def on_server(link: str, server: Server) -> str:
    """A seat's link, on this server (the same path and query, this server's host and port)."""
    parts, base = urlsplit(link), urlsplit(server.url)
    return urlunsplit((base.scheme, base.netloc, parts.path, parts.query, ""))


class Person:
    """One person at the table: a browser context of their own, on their seat's link."""

    def __init__(self, browser: Browser, server: Server, link: str, seat: int) -> None:
        self.browser, self.seat, self.link = browser, seat, link
        self.app = AppPage(browser.new_context(viewport=VIEWPORT), server.url)
        self.goto(server)

    @property
    def page(self) -> Page:
        """The person's page."""
        return self.app.page

    def goto(self, server: Server) -> None:
        """Open the seat's link on this server and wait for the table."""
        self.page.goto(on_server(self.link, server), timeout=PAGE_READY_MS)
        self.page.locator(".cardlib-friends").first.wait_for(state="visible", timeout=PAGE_READY_MS)
        expect(self.page.locator(".cardlib-friends-seats caption")).to_contain_text(f"you are player {self.seat}")

    def version(self) -> int:
        """The table's version this page shows (-1 before its first frame)."""
        classes = self.page.locator(".cardlib-friends").first.get_attribute("class") or ""
        found = VERSION.search(classes)
        return int(found.group(1)) if found else -1

    def hand(self) -> list[str]:
        """The cards of the hand, as their buttons name them (first line)."""
        return [name.split("\n")[0] for name in self.page.locator(".cardlib-hand .cardlib-card").all_inner_texts()]

    def prompt(self) -> str:
        """The table's prompt: whose turn, the rule, the choices."""
        return self.page.locator(".cardlib-prompt").first.inner_text()

    def to_decide(self) -> bool:
        """Whether this seat has something to decide: a card or a button of its own to press."""
        buttons = self.page.locator(".cardlib-actions .cardlib-action").count()
        return buttons > 0 or "Your turn" in self.prompt()

    def move(self) -> None:
        """One move with the keyboard alone: a card to discard and Discard; else a playable card; else the button that
        lets play go on (no thanks, refuse, next deal) rather than a proposal."""
        page = self.page
        selectable = page.locator(".cardlib-card-selectable")
        playable = page.locator(".cardlib-your-turn .cardlib-card-playable")
        if selectable.count():
            press_by_keyboard(page, selectable.first)
            page.wait_for_selector(".cardlib-card-selected")
            press_by_keyboard(page, page.locator(".cardlib-action-discard").first)
        elif playable.count() and "Your turn" in self.prompt():
            press_by_keyboard(page, playable.first)
        else:
            buttons = page.locator(".cardlib-actions .cardlib-action")
            names = buttons.all_inner_texts()
            keep_going = [i for i, n in enumerate(names) if n in ("No thanks", "Refuse", "Next deal", "Accept")]
            press_by_keyboard(page, buttons.nth(keep_going[0] if keep_going else 0))

    def close(self) -> None:
        """Close the person's page (its kernel stops) and context."""
        self.app.close()
        self.page.context.close()


def settled(people: list[Person], after: int) -> int:
    """Wait until every page shows the same version, past ``after``; that version."""
    deadline = time.monotonic() + MOVE_S
    while time.monotonic() < deadline:
        versions = {person.version() for person in people}
        if len(versions) == 1 and (shown := versions.pop()) > after:
            return shown
        people[0].page.wait_for_timeout(50)
    raise AssertionError(f"the pages did not catch up: versions {[p.version() for p in people]}, after {after}")


def prompts(people: list[Person]) -> list[str]:
    """Every page's prompt, for a failure's message."""
    return [person.prompt() for person in people]


def play_moves(people: list[Person], until: str, limit: int = 400) -> int:
    """Move, at whichever page has something to decide, until every page's prompt or score says ``until``; returns
    the moves made. Each move must reach every page."""
    version = max(person.version() for person in people)
    for moves in range(limit):
        if all(until in person.page.locator(".cardlib-friends").first.inner_text() for person in people):
            return moves
        movers = [person for person in people if person.to_decide()]
        if not movers:  # a strong computer moves just after the server's answer: its move may still be on its way
            try:
                version = settled(people, version)
            except AssertionError:
                raise AssertionError(f"nobody may move, yet the table is not at {until!r}: {prompts(people)}") from None
            continue
        movers[0].move()
        version = settled(people, version)
    raise AssertionError(f"{until!r} never came")


def make_table(server: Server, game: str, seats: list[str], **settings) -> dict:
    """A table made through the demo's table server (the page's 'Create the table' does the same)."""
    return HTTPTables(server.url).create(game, seats, **settings)


def seated(browser: Browser, server: Server, made: dict) -> list[Person]:
    """A person, in a browser context of their own, at each person's seat."""
    return [Person(browser, server, made["links"][seat], int(seat)) for seat in sorted(made["links"])]


def test_the_table_maker_page_gives_a_link_per_person_and_a_link_seats_its_person(
    browser: Browser, friends_demo: Server
):
    server = friends_demo
    maker = AppPage(browser.new_context(viewport=VIEWPORT), server.url)
    page = maker.open(APP, ready=".cardlib-friends-maker")
    assert maker.accessibility_problems() == [], "axe on the table maker"
    page.get_by_label("Game", exact=True).select_option(label="Écarté")
    press_by_keyboard(page, page.get_by_role("button", name="Create the table"))
    links = page.locator(".cardlib-friends-links a")
    expect(links).to_have_count(2)
    hrefs = links.evaluate_all("links => links.map(a => a.href)")
    assert all(re.search(r"\?table=[\w-]+&seat=\d&token=[\w-]{20,}$", href) for href in hrefs), hrefs
    assert maker.accessibility_problems() == [], "axe with the links shown"
    person = Person(browser, server, hrefs[1], 1)
    assert len(person.hand()) == 5 and person.app.problems() == []
    maker.close()
    person.close()


def answered(app: AppPage, action: Callable[[], object]) -> None:
    """Do something the page's kernel must hear of (a choice), and wait until it has handled it."""
    idle = app.kernel_idle
    action()
    deadline = time.monotonic() + 30
    while app.kernel_idle == idle:
        assert time.monotonic() < deadline, "the kernel did not answer within 30 s"
        app.page.wait_for_timeout(30)


def test_the_maker_chooses_the_computers_level_by_keyboard_and_the_seats_page_names_it(
    browser: Browser, friends_demo: Server, artifacts: Path
):
    maker = AppPage(browser.new_context(viewport=VIEWPORT), friends_demo.url)
    page = maker.open(APP, ready=".cardlib-friends-maker")
    pickers = page.locator(".cardlib-friends-seat-pickers")
    answered(maker, lambda: page.get_by_label("Game", exact=True).select_option(label="Écarté"))
    maker.settled(lambda p: pickers.inner_html())  # the seats' pickers made anew for two players
    answered(maker, lambda: page.get_by_label("Player 1", exact=True).select_option(label="the computer"))
    level = page.get_by_role("combobox", name="The computer's level")
    shown = "e => e.options[e.selectedIndex].text.replace(/\\u00a0/g, ' ')"  # ipywidgets writes no-break spaces
    assert level.evaluate(shown).startswith("by the book — follows the old books' advice")
    answered(maker, lambda: press_by_keyboard(page, level, key="ArrowDown"))
    assert level.evaluate(shown).startswith("strong — imagines the hidden cards")
    assert maker.accessibility_problems() == [], "axe on the maker with a level chosen"
    maker.screenshot("friends-maker-level", artifacts)
    press_by_keyboard(page, page.get_by_role("button", name="Create the table"))
    links = page.locator(".cardlib-friends-links a")
    expect(links).to_have_count(1)
    person = Person(browser, friends_demo, links.first.get_attribute("href") or "", 0)
    named = person.page.locator(".cardlib-friends-level")
    expect(named).to_have_text(
        "The computer's level: strong — imagines the hidden cards in many deals and plays every choice out "
        "before it moves."
    )
    assert person.app.accessibility_problems() == [] and person.app.problems() == []
    person.app.screenshot("friends-seat-level", artifacts)
    maker.close()
    person.close()


def test_four_people_play_a_whole_alkort_deal_a_kernel_killed_and_the_server_restarted(
    browser: Browser, tmp_path: Path, artifacts: Path
):
    env = {"CARDLIB_FRIENDS_DB": str(tmp_path / "tables.sqlite")}
    with demo(tmp_path / "voila.log", **env) as server:
        # A normal idle time (2 minutes, as the maker offers): the restarted server does not know who was there,
        # so each seat's idle clock starts again with it while the people come back one by one.
        made = make_table(server, "alkort", ["person"] * 4, whole_game=False, seed=7, idle_seconds=120)
        people = seated(browser, server, made)
        assert [p.hand() != [] for p in people] == [True] * 4 and len({tuple(p.hand()) for p in people}) == 4
        assert people[0].app.accessibility_problems() == [], "axe on the table page"
        play_moves(people, until="Trick 3:")
        kill_and_reload(people[1], server)
        play_moves(people, until="Trick 5:")
        people[0].app.screenshot("friends-alkort-four-people", artifacts)
        before = {p.seat: (p.hand(), p.version()) for p in people}
        stop_pages(people)
    with demo(tmp_path / "voila-again.log", **env) as server:  # the whole server restarted, the same tables
        for person in people:
            person.goto(server)
        assert {p.seat: (p.hand(), p.version()) for p in people} == before, "every seat resumed where it was"
        assert "standing in" not in people[-1].page.locator(".cardlib-friends-seats").inner_text(), "nobody replaced"
        play_moves(people, until="The deal is over.")
        for person in people:
            expect(person.page.locator(".cardlib-score")).to_contain_text("deal points")
            assert person.app.problems() == []
        assert people[2].app.accessibility_problems() == [], "axe with the deal scored"
        for person in people:
            person.close()


def kill_and_reload(person: Person, server: Server) -> None:
    """Kill the person's kernel mid-deal, reload the link: the same seat, the same cards, the same table."""
    hand, version = person.hand(), person.version()
    kernel = kernel_process(server.process, kernel_id_of(person.page.content()))
    kernel.send_signal(signal.SIGKILL)
    kernel.wait(timeout=10)
    person.page.reload(timeout=PAGE_READY_MS)
    person.page.locator(".cardlib-friends").first.wait_for(state="visible", timeout=PAGE_READY_MS)
    expect(person.page.locator(".cardlib-friends-seats caption")).to_contain_text(f"you are player {person.seat}")
    assert person.hand() == hand and person.version() == version, "the same seat, the same cards"


def stop_pages(people: list[Person]) -> None:
    """Leave the pages open but forget their kernels (the server is about to stop)."""
    for person in people:
        person.page.goto("about:blank")


def test_two_people_and_two_computers_play_a_whole_alkort_deal(browser: Browser, friends_demo: Server):
    server = friends_demo
    made = make_table(server, "alkort", ["person", "computer", "person", "computer"], whole_game=False, seed=3)
    people = seated(browser, server, made)
    seats = people[0].page.locator(".cardlib-friends-seats").inner_text()
    assert seats.count("the computer") == 2 and "player 2 (partner)" in seats
    play_moves(people, until="The deal is over.")
    for person in people:
        assert person.app.problems() == []
        person.close()


def test_two_people_play_ecarte_to_five_points_by_keyboard(browser: Browser, friends_demo: Server, artifacts: Path):
    server = friends_demo
    made = make_table(server, "ecarte", ["person", "person"], seed=1)
    people = seated(browser, server, made)
    refused_out_of_turn(next(person for person in people if not person.to_decide()))
    hint_by_keyboard(next(person for person in people if person.to_decide()))
    play_moves(people, until="Game over")
    people[0].app.screenshot("friends-ecarte-game-over", artifacts)
    scores = people[0].page.locator(".cardlib-score tr").all_inner_texts()[1:]
    assert max(int(row.split()[-1]) for row in scores) >= 5, scores
    for person in people:
        assert person.app.problems() == []
        person.close()


def refused_out_of_turn(person: Person) -> None:
    """A card pressed out of turn is refused in words, on the page, and the table is unchanged."""
    version, page = person.version(), person.page
    press_by_keyboard(page, page.locator(".cardlib-hand .cardlib-card").first)
    message = page.locator(".cardlib-friends .cardlib-message").first
    expect(message).to_contain_text("It is not your turn")
    expect(message).to_contain_text("Nothing changed.")
    assert person.version() == version


def hint_by_keyboard(person: Person) -> None:
    """The coach's Hint at the person's decision, pressed by keyboard: the coach panel's table of every option, from
    what the seat has seen; axe clean with it open."""
    page = person.page
    press_by_keyboard(page, page.get_by_role("button", name=HINT_NAME))
    hint = page.locator(".cardlib-coach-hint-view table")
    hint.wait_for(timeout=MOVE_S * 1000)
    assert "imagined deals that agree with what you have seen" in hint.inner_text()
    assert person.app.accessibility_problems() == [], "axe with the hint open"


def test_the_computer_stands_in_for_a_person_away_and_hands_the_seat_back(browser: Browser, friends_demo: Server):
    server = friends_demo
    made = make_table(server, "ecarte", ["person", "person"], whole_game=False, seed=4, idle_seconds=5)
    here = Person(browser, server, made["links"]["0"], 0)
    away = here.page.locator(".cardlib-friends-seats tr", has_text="player 1")
    expect(away).to_contain_text("the computer, standing in until its person comes back", timeout=30_000)
    expect(here.page.locator(".cardlib-prompt")).to_contain_text("Your turn", timeout=30_000)
    there = Person(browser, server, made["links"]["1"], 1)
    expect(away).to_contain_text("a person, connected", timeout=30_000)
    expect(there.page.locator(".cardlib-friends-seats tr", has_text="You")).to_contain_text("a person, connected")
    for person in (here, there):
        assert person.app.problems() == []
        person.close()


def test_a_browser_that_vanishes_without_unloading_is_handed_over_within_the_idle_time(
    browser: Browser, friends_demo: Server
):
    """The network drops and the browser goes without unloading its page: its kernel on the server lives on and
    asks for news, yet the seat goes to the computer once its page's heartbeat has not come for the idle time."""
    server, idle = friends_demo, 5
    made = make_table(server, "ecarte", ["person", "person"], whole_game=False, seed=5, idle_seconds=idle)
    here, there = Person(browser, server, made["links"]["0"], 0), Person(browser, server, made["links"]["1"], 1)
    row = here.page.locator(".cardlib-friends-seats tr", has_text="player 1")
    expect(row).to_contain_text("a person, connected", timeout=30_000)
    expect(here.page.locator(".course-foot")).to_contain_text("Your seat is kept by the table server")
    here.page.wait_for_timeout(2_000 * idle)  # twice the idle time: the heartbeat keeps the seat its person's
    expect(row).to_contain_text("a person, connected")
    kernel = kernel_process(server.process, kernel_id_of(there.page.content()))
    there.page.context.set_offline(True)  # no unload reaches the server: Voilà does not stop the kernel
    gone = time.monotonic()
    there.page.context.close()
    expect(row).to_contain_text("the computer, standing in", timeout=30_000)
    handed_over = time.monotonic() - gone
    print(f"handed over {handed_over:.1f} s after the browser went (idle time {idle} s)")
    assert handed_over <= idle + 2, "within the idle time, give or take a heartbeat and a redraw"
    assert kernel.is_running(), "the page's kernel lived on: it is not what kept the seat"
    kernel.kill()
    assert here.app.problems() == []
    here.close()


def teachers_key(server: Server) -> str:
    """The teacher's key the demo printed when it started."""
    found = re.search(r"Teacher's key for the people's tables: (\S+)", server.log.read_text())
    assert found, "the demo printed no teacher's key"
    return found.group(1)


def test_a_duplicate_match_is_played_and_ranked_on_the_teachers_page(
    browser: Browser, friends_demo: Server, artifacts: Path
):
    """Two Alkort tables of four people and one of the computer play the same deal; the teacher's results page (axe
    clean) ranks each side by matchpoints, as worked out here from the points each table's pages were sent."""
    server = friends_demo
    client = HTTPTables(server.url)
    layouts = [["person"] * 4, ["person"] * 4, ["computer"] * 4]
    made = client.create_match("alkort", layouts, teacher_key=teachers_key(server), seed=9, idle_seconds=120)
    tables = [seated(browser, server, table) for table in made["tables"][:2]]
    hand_in_view(tables[0][0])
    focus_kept_after_a_play(tables[0])
    points = []
    for people, table in zip(tables, made["tables"]):
        play_moves(people, until="The deal is over.")
        points.append(client.frame(table["table"], 0, table["tokens"]["0"])["points"])
    found = client.results(made["match"], made["results_key"])
    computers = {e["side"]: e["points"][0] for e in found["ranking"] if e["table"] == 3}  # its deal, by side
    points.append([computers[0], computers[1]])
    teacher = browser.new_context(viewport=VIEWPORT).new_page()
    teacher.goto(made["results_link"])
    expect(teacher.locator("#status")).to_have_text("The match is over.", timeout=30_000)
    cells = "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))"
    rows = teacher.locator("table").nth(1).locator("tr").evaluate_all(cells)[1:]
    assert sorted((int(r[1]), r[2], int(r[5].split()[0])) for r in rows) == expected_matchpoints(points)
    assert axe_violations(teacher, "body") == [], "axe on the results page"
    for people in tables:
        for person in people:
            assert person.app.problems() == []
            person.close()
    teacher.context.close()


def expected_matchpoints(final_points: list[list[int]]) -> list[tuple[int, str, int]]:
    """Each table's sides' matchpoints in one deal, from each table's points by side: 2 for each other table whose
    same side did worse (its points less the other side's), 1 for each that did the same."""
    found = []
    for table, points in enumerate(final_points):
        for side, name in enumerate(("team A", "team B")):
            mine = points[side] - points[1 - side]
            others = [p[side] - p[1 - side] for t, p in enumerate(final_points) if t != table]
            found.append((table + 1, name, sum(2 if mine > o else 1 if mine == o else 0 for o in others)))
    return sorted(found)


def hand_in_view(person: Person) -> None:
    """At 1280×900 the seat's hand is on the screen as the page opens, without scrolling."""
    box = person.page.locator(".cardlib-hand").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= VIEWPORT["height"], box


def focus_kept_after_a_play(people: list[Person]) -> None:
    """The person to play plays a card by keyboard; the focus is then in their hand (or on a move's button), not at
    the top of the page."""
    mover = next(person for person in people if "Your turn" in person.prompt())
    version = mover.version()
    mover.move()
    settled(people, version)
    inside = "() => !!document.activeElement.closest('.cardlib-hand, .cardlib-actions')"
    mover.page.wait_for_function(inside, timeout=10_000)


def review_by_keyboard(person: Person) -> None:
    """After the deal, the coach's review of the person's own decisions, pressed by keyboard: a row a decision,
    worked out from the person's views (no 'had you seen all the cards' values at a people's table)."""
    page = person.page
    press_by_keyboard(page, page.get_by_role("button", name=re.compile("^Review this deal")))
    review = page.locator(".cardlib-coach-review-view table")
    review.wait_for(timeout=MOVE_S * 1000)
    rows = review.locator("tr").all_inner_texts()[1:]
    assert rows and all(re.match(r"\d+\. ", row) for row in rows), rows
    assert all(re.search(r"\b(good|inaccuracy|mistake)\b", row) for row in rows), rows
    assert "not shown at a people's table" in rows[0]
    assert person.app.accessibility_problems() == [], "axe with the review open"


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A real redis-server on a free port, keeping nothing on disk; yields its URL."""
    if not Path(REDIS_SERVER).exists():
        pytest.fail(f"redis-server not found at {REDIS_SERVER}: apt-get install redis-server")
    port = free_port()
    args = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(args, cwd=folder, stdout=subprocess.DEVNULL, start_new_session=True)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 10
        while not answers(url):
            assert time.monotonic() < deadline and process.poll() is None, "redis-server did not start"
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def answers(url: str) -> bool:
    """Whether a Redis answers at this URL."""
    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.RedisError:
        return False


def test_two_demo_servers_sharing_one_redis_play_one_table(browser: Browser, tmp_path: Path):
    with redis_server(tmp_path) as url, demo(tmp_path / "one.log", CARDLIB_FRIENDS_REDIS=url) as one:
        with demo(tmp_path / "two.log", CARDLIB_FRIENDS_REDIS=url) as two:
            made = make_table(one, "ecarte", ["person", "person"], whole_game=False, seed=2)
            people = [Person(browser, one, made["links"]["0"], 0), Person(browser, two, made["links"]["1"], 1)]
            play_moves(people, until="The deal is over.")
            assert urljoin(people[1].page.url, "/") == two.url, "player 1 played on the second server"
            review_by_keyboard(people[0])
            for person in people:
                assert person.app.problems() == []
                person.close()
