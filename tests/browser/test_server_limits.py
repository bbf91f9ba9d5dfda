"""The demo never dies silently, cannot be exhausted and leaves nothing behind: what a page says when its
kernel stops, how long a kernel lives without a browser, the cap on kernels, and the server's helpers
stopping with it however it stops.

A page's kernel is the Python process on the server that deals its cards. When it stops (killed,
crashed, or stopped after a long pause) the page must say so at once, with a way to start afresh;
a kernel that no browser ever connects to (a plain GET, a crawler) must stop within about a minute;
and the server runs at most so many kernels, pre-heated ones included, telling the next visitor
the demo is full. The timeouts here are the test servers' own, seconds instead of minutes. When the
server goes, killed outright or stopped, the warm Python it forks kernels from and every kernel go too.
"""

from __future__ import annotations

import re
import signal
import time
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import BrowserContext, expect

from voila_harness import AppPage, Server, kernel_id_of, kernel_process, serving, wait_for_log

STOPPED = re.compile(r"This game has stopped( after .+ without a move)? — reload the page to start a new one\.")
IDLE_SECONDS, UNVISITED_SECONDS = 8, 2
CAP = 7  # kernels in all: the five pre-heated ones of the configuration (four apps, the landing page) and two more
POOLS = [
    "apps/play-ecarte.ipynb",
    "apps/play-alkort.ipynb",
    "apps/rank-lab.ipynb",
    "apps/deal-explorer.ipynb",
    "apps/index.ipynb",
]


# The test servers start no pre-heated kernels (every page starts its own), except the small one.
NO_POOLS = "--VoilaConfiguration.preheat_kernel=False"


@pytest.fixture(scope="module")
def impatient_server(artifacts: Path):
    """A server whose games stop after IDLE_SECONDS without a move."""
    with serving(
        artifacts / "voila-impatient.log",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_SECONDS}",
        "--MappingKernelManager.cull_interval=1",
        NO_POOLS,
        ready_path="voila/tree",
    ) as server:
        yield server


@pytest.fixture(scope="module")
def unvisited_server(artifacts: Path):
    """A server that stops a kernel no browser has connected to after UNVISITED_SECONDS (too short for a
    browser to load a page and connect: this one is for scripts only)."""
    with serving(
        artifacts / "voila-unvisited.log",
        f"--CourseKernelManager.unvisited_timeout={UNVISITED_SECONDS}",
        "--CourseKernelManager.unvisited_interval=0.5",
        NO_POOLS,
        ready_path="voila/tree",
    ) as server:
        yield server


@pytest.fixture(scope="module")
def small_server(artifacts: Path):
    """A server that runs at most CAP kernels, its pools of pre-heated kernels filled."""
    with serving(
        artifacts / "voila-small.log", f"--CourseKernelManager.max_kernels={CAP}", ready_path="voila/tree"
    ) as server:
        for notebook in POOLS:
            wait_for_log(server.log, f"Kernel pool of {notebook} is filled", 90)
        yield server


def fetch(url: str) -> tuple[int, Message, str]:
    """GET a page as a script would (no browser): its status, headers and text."""
    try:
        with urllib.request.urlopen(url, timeout=90) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def close_as_a_tab_would(server: Server, page_headers: Message, kernel_id: str) -> None:
    """Ask the server to stop a page's kernel, as Voilà's page does when its tab closes: with the _xsrf
    cookie the page was served with."""
    cookies = "; ".join(page_headers.get_all("Set-Cookie") or [])
    token = re.search(r"_xsrf=([^;]+)", cookies)
    assert token, "the page set no _xsrf cookie"
    request = urllib.request.Request(
        server.url + f"voila/api/shutdown/{kernel_id}",
        method="POST",
        data=urllib.parse.urlencode({"_xsrf": token.group(1)}).encode(),
        headers={"Cookie": f"_xsrf={token.group(1)}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 204


# ---------------------------------------------------------------------------
# The page says so


def test_a_killed_kernel_is_reported_at_once_in_the_page(app_page: AppPage, voila_server: Server):
    page = app_page.open("apps/deal-explorer.ipynb", ready=".cardlib-deal-explorer")
    assert not page.get_by_role("alert").count(), "nothing to report while the game runs"
    kernel_process(voila_server.process, kernel_id_of(page.content())).kill()
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(re.compile(STOPPED.pattern + r"\s*Reload the page"), timeout=30_000)
    assert page.locator(".course-cells").evaluate("cells => cells.inert"), "the dead cards no longer take clicks"
    assert app_page.accessibility_problems() == []
    alert.get_by_role("button", name="Reload the page").click()  # starts afresh, with a new kernel
    page.locator(".cardlib-deal-explorer").wait_for(state="visible", timeout=90_000)
    assert not page.get_by_role("alert").count()


def test_the_page_says_how_long_a_game_waits_for_a_move(app_page: AppPage):
    page = app_page.open("apps/rank-lab.ipynb", ready=".cardlib-comparator")
    assert "It waits 30 minutes for your next move" in page.locator("footer").inner_text()  # voila.json: 1800 s


def test_a_game_left_alone_stops_and_the_page_says_so(browser_context: BrowserContext, impatient_server: Server):
    app = AppPage(browser_context, impatient_server.url)
    try:
        page = app.open("apps/deal-explorer.ipynb", ready=".cardlib-deal-explorer")
        kernel = kernel_id_of(page.content())
        assert f"It waits {IDLE_SECONDS} seconds for your next move" in page.locator("footer").inner_text()
        # The idle culler stops the kernel while the page is open (connected): not the rule for unvisited kernels.
        wait_for_log(impatient_server.log, f"({kernel}) with 1 connections due to", 60)
        assert f"Stopping kernel {kernel}" not in impatient_server.log.read_text()
        # The server logs the shutdown as it begins it, and lists the kernel until its process has ended.
        deadline = time.monotonic() + 30
        while fetch(impatient_server.url + f"api/kernels/{kernel}")[0] != 404:
            assert time.monotonic() < deadline, "the culled kernel is still listed after 30 s"
            time.sleep(0.2)
        # The learner comes back and presses a key: the page says at once that the game has stopped.
        page.keyboard.press("Tab")
        expect(page.get_by_role("alert")).to_have_text(re.compile(STOPPED.pattern), timeout=10_000)
        assert f"after {IDLE_SECONDS} seconds without a move" in page.get_by_role("alert").inner_text()
    finally:
        app.close()


# ---------------------------------------------------------------------------
# Kernels no browser connects to


def test_a_kernel_no_browser_connects_to_is_stopped(unvisited_server: Server):
    status, _headers, html = fetch(unvisited_server.url + "voila/render/01-cards-and-packs.ipynb")
    assert status == 200
    kernel = kernel_id_of(html)
    wait_for_log(unvisited_server.log, f"Stopping kernel {kernel}: no browser connected to it", 30)
    wait_for_log(unvisited_server.log, f"Kernel shutdown: {kernel}", 30)


# ---------------------------------------------------------------------------
# The cap


def test_beyond_the_cap_the_demo_is_full_and_says_so(small_server: Server, app_page: AppPage):
    # Five kernels wait pre-heated: with a cap of seven, two visitors' pages may start kernels of their own.
    chapters = [small_server.url + f"voila/render/{name}.ipynb" for name in ("01-cards-and-packs", "02-alkort-ranking")]
    kernels, headers_of = [], []
    for chapter in chapters:
        status, headers, html = fetch(chapter)
        assert status == 200
        kernels.append(kernel_id_of(html))
        headers_of.append(headers)
    full = small_server.url + "voila/render/08-variants.ipynb"
    status, headers, html = fetch(full)
    assert status == 503 and headers["Retry-After"] == "60"
    assert "The demo is full — try again in a minute" in html and "at most 7 games at once" in html
    page = app_page.page
    page.goto(full)
    expect(page.get_by_role("heading", level=1)).to_have_text("The demo is full — try again in a minute")
    assert app_page.accessibility_problems() == []
    # A visitor closes a page: a seat frees up.
    close_as_a_tab_would(small_server, headers_of[0], kernels[0])
    wait_for_log(small_server.log, f"Kernel shutdown: {kernels[0]}", 30)
    status, _headers, _html = fetch(full)
    assert status == 200


# ---------------------------------------------------------------------------
# Nothing left behind

GONE_SECONDS = 5  # "within seconds": Linux signals the orphans at once; this leaves room for a busy machine


def still_running(processes: list[psutil.Process]) -> list[psutil.Process]:
    """Those of these processes that still run (a zombie has ended: only its exit status waits to be read)."""
    running = []
    for process in processes:
        try:
            if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                running.append(process)
        except psutil.NoSuchProcess:
            continue
    return running


def wait_until_gone(processes: list[psutil.Process], seconds: float) -> list[psutil.Process]:
    """Wait up to this many seconds for these processes to end; those still running then."""
    deadline = time.monotonic() + seconds
    while (running := still_running(processes)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return running


def open_pages_by_script(server: Server, notebooks: list[str]) -> list[psutil.Process]:
    """Fetch these pages (paths under notebooks/, without .ipynb) as a script would; their kernels' processes."""
    kernels = []
    for notebook in notebooks:
        status, _headers, html = fetch(server.url + f"voila/render/{notebook}.ipynb")
        assert status == 200
        kernels.append(kernel_process(server.process, kernel_id_of(html)))
    return kernels


@pytest.mark.parametrize(
    ("how", "forked"),
    [(signal.SIGKILL, True), (signal.SIGTERM, True), (signal.SIGKILL, False)],
    ids=["killed outright", "stopped", "killed outright, kernels not forked"],
)
def test_the_warm_python_and_every_kernel_stop_with_the_server(artifacts: Path, how: signal.Signals, forked: bool):
    options = [NO_POOLS] + ([] if forked else ["--CourseKernelManager.fork_kernels=False"])
    log = artifacts / f"voila-{how.name}-{'forked' if forked else 'not-forked'}.log"
    with serving(log, *options, ready_path="voila/tree") as server:
        kernels = open_pages_by_script(server, ["apps/rank-lab", "apps/deal-explorer"])
        helpers = psutil.Process(server.process.pid).children(recursive=True)
        warm = [p for p in helpers if "kernel_forks.py" in " ".join(p.cmdline()) and p.ppid() == server.process.pid]
        assert len(warm) == forked, "the server forks its kernels from one warm Python, unless told not to"
        assert all(kernel.ppid() == (warm[0].pid if forked else server.process.pid) for kernel in kernels)
        server.process.send_signal(how)
        server.process.wait(timeout=30)
        left = wait_until_gone(helpers, GONE_SECONDS)
        for process in left:  # a failed test leaves nothing running either
            process.kill()
        assert [process.cmdline() for process in left] == []
