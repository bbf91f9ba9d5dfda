"""Measure the static site as a visitor meets it, side by side with Python alone (a benchmark to read, not a test):

    .venv/bin/python tools/site_benchmark.py              # builds the site first if it is not there
    .venv/bin/python tools/site_benchmark.py --rounds 5 --download

Three pages, visited in turn, round after round: the site's REPL printing a line (Python alone: the same page
and kernel as the apps, with nothing of the course run), Play Écarté and Play Alkort until the first card the
learner may play is drawn. Warm: one browser, whose cache the first round fills; each later round visits the
three pages in a rotated order (a page is never always first), and the medians of the rounds are compared.
Cold: each visit in a browser of its own, with an empty cache. The goals (issue 21): warm, the slower game
playable at most 1.0 s after Python alone; cold, at most 2 s after. Each visit is split where its time went:
the page (JupyterLab) until it starts the kernel's worker; Python starting in the worker until the app's code
runs (its first request, for its notebook); the app until its first card is drawn. Then a deal of Écarté is
played by clicks, to time the answers, and --download lists what a first visit loads, by file.

Chromium is Debian's, cut off from the internet as in the tests; the server is the tests' plain static server
on 127.0.0.1, which lets a return visit revalidate every file (the slower case). The machine's load is printed:
other work on its cores slows everything here, which is why the pages are measured side by side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
# the site tests' browser settings and static server, and the browser harness every browser test shares
sys.path[:0] = [str(ROOT / "tests" / "site"), str(ROOT / "tests")]

from playwright.sync_api import BrowserContext, sync_playwright  # noqa: E402
from site_pages import CHROMIUM, CHROMIUM_ARGS, SitePage, play_deal  # noqa: E402
from site_server import BUILD, SITE, serving  # noqa: E402

READY_LINE = "Python is ready"
PYTHON_ALONE = "lite/repl/index.html?kernel=python&toolbar=0&showBanner=0&hideCodeInput=1&code=" + quote(
    f'print("{READY_LINE}")'
)
FIRST_CARD = ".cardlib-your-turn .cardlib-card"  # your hand, on your turn (to play, or to discard from)
PAGES = {  # what each page's visit waits for
    "Python alone": (PYTHON_ALONE, f".jp-OutputArea-output:has-text('{READY_LINE}')"),
    "Play Écarté": ("apps/play-ecarte.html", FIRST_CARD),
    "Play Alkort": ("apps/play-alkort.html", FIRST_CARD),
}
START_GAME = ".cardlib-start-game"  # Play Alkort opened on its rules before issue 21: pressed as soon as it shows
# An app's first request (course_app): its own notebook; before issue 21, the listing of the site's notebooks.
APP_STARTS = ("/lite/files/notebooks/", "/lite/api/contents/notebooks/")
GOALS = {"warm": 1.0, "cold": 2.0}  # seconds after Python alone, for the slower game
PHASES = ("page", "Python", "app")


@dataclass
class Visit:
    """One visit: seconds to ready, split by phase, and what it received (address -> bytes)."""

    seconds: float
    phases: tuple[float, float, float]
    received: dict[str, int] = field(default_factory=dict)


def open_page(context: BrowserContext, url: str, name: str) -> Visit:
    """Open one of PAGES and wait until it is ready; time each phase and count what it received."""
    page = SitePage(context, url)
    received: dict[str, int] = {}
    marks: dict[str, float] = {}
    page.page.on("requestfinished", lambda r: received.__setitem__(r.url[len(url) :], r.sizes()["responseBodySize"]))
    page.page.on("worker", lambda _worker: marks.setdefault("worker", time.monotonic()))
    page.page.on(
        "request", lambda r: any(start in r.url for start in APP_STARTS) and marks.setdefault("app", time.monotonic())
    )
    path, ready = PAGES[name]
    started = time.monotonic()
    page.goto(path)
    shown = page.wait_for_app(f"{ready}, {START_GAME}")
    if "cardlib-start-game" in (shown.get_attribute("class") or ""):  # an app that opens on its rules: start it
        shown.click()
        page.wait_for_app(ready)
    ended = time.monotonic()
    blocked = page.blocked
    page.close()
    if blocked:
        raise SystemExit(f"the site asked another host for {blocked}")
    worker, app = marks.get("worker", started), marks.get("app", ended)
    return Visit(ended - started, (worker - started, app - worker, ended - app), received)


@contextmanager
def browser(playwright) -> Iterator[BrowserContext]:
    """Chromium with a fresh profile (an empty cache), closed after the block."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


def rotated(names: list[str], turn: int) -> list[str]:
    """The pages in the order of this round: each round starts one further on."""
    return names[turn % len(names) :] + names[: turn % len(names)]


assert rotated(["a", "b", "c"], 1) == ["b", "c", "a"] and rotated(["a", "b", "c"], 3) == ["a", "b", "c"]


def warm_rounds(playwright, url: str, rounds: int) -> tuple[dict[str, list[Visit]], list[float]]:
    """One browser: a first round to fill its cache, then `rounds` rounds of the pages in turn; then a deal
    of Écarté played by clicks (the answers' seconds)."""
    names = list(PAGES)
    visits: dict[str, list[Visit]] = {name: [] for name in names}
    with browser(playwright) as context:
        for name in names:
            open_page(context, url, name)
        for turn in range(rounds):
            for name in rotated(names, turn):
                visits[name].append(open_page(context, url, name))
        page = SitePage(context, url)
        page.goto(PAGES["Play Écarté"][0])
        page.wait_for_app(FIRST_CARD)
        clicks = play_deal(page)
        page.close()
    return visits, clicks


def cold_rounds(playwright, url: str, rounds: int) -> dict[str, list[Visit]]:
    """Each page `rounds` times, each visit in a browser of its own (an empty cache), in turn."""
    names = list(PAGES)
    visits: dict[str, list[Visit]] = {name: [] for name in names}
    for turn in range(rounds):
        for name in rotated(names, turn):
            with browser(playwright) as context:
                visits[name].append(open_page(context, url, name))
    return visits


def median(values) -> float:
    """The median of these numbers."""
    return statistics.median(list(values))


def report(title: str, visits: dict[str, list[Visit]], goal: float) -> None:
    """Each page's median and rounds, its phases, and each game's lag behind Python alone against the goal."""
    print(f"  {title}:")
    alone = median(v.seconds for v in visits["Python alone"])
    for name, runs in visits.items():
        phases = ", ".join(f"{phase} {median(v.phases[i] for v in runs):.2f}" for i, phase in enumerate(PHASES))
        lag = "" if name == "Python alone" else f"   {median(v.seconds for v in runs) - alone:+.2f} s after Python"
        print(
            f"    {name:<13} {median(v.seconds for v in runs):6.2f} s  ({phases}; rounds "
            f"{[round(v.seconds, 2) for v in runs]}){lag}"
        )
    slower = max(median(v.seconds for v in visits[name]) for name in visits if name != "Python alone")
    verdict = "ok" if slower - alone <= goal else "OVER THE GOAL"
    print(f"    the slower game {slower - alone:+.2f} s after Python alone: goal ≤ {goal} s, {verdict}")


def group(address: str) -> str:
    """What part of the site a file belongs to: a wheel by its package, the runtime, JupyterLab's scripts..."""
    name = address.split("?")[0].rsplit("/", 1)[-1]
    if name.endswith(".whl"):
        return "wheel " + name.split("-")[0]
    if "/static/pyodide/" in address:
        return "Pyodide: " + name
    if "/extensions/" in address:
        return "JupyterLite extensions (" + address.split("/extensions/")[1].split("/static/")[0] + ")"
    if "/build/" in address:
        return "JupyterLab's scripts and styles (lite/build)"
    return "pages, settings, notebooks and the rest"


def download_table(visit: Visit) -> None:
    """What a first visit received, by part of the site, biggest first."""
    parts: dict[str, list[int]] = {}
    for address, size in visit.received.items():
        parts.setdefault(group(address), []).append(size)
    print(
        f"  a first visit of Play Écarté received {sum(visit.received.values()) / 1e6:.1f} MB in "
        f"{len(visit.received)} files:"
    )
    for part, sizes in sorted(parts.items(), key=lambda item: -sum(item[1])):
        print(f"    {sum(sizes) / 1e6:6.2f} MB  {len(sizes):3d} files  {part}")


def main() -> None:
    """Build if needed, measure warm and cold side by side, and print the numbers beside their goals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds to take the medians of (3)")
    parser.add_argument("--rebuild", action="store_true", help="build the site first even if it is there")
    parser.add_argument("--download", action="store_true", help="list what a first visit loads, by part")
    parser.add_argument("--warm-only", action="store_true", help="skip the cold visits")
    parser.add_argument("--site", type=Path, default=SITE, help="another build of the site (an older one, say)")
    arguments = parser.parse_args()
    if arguments.site == SITE and (arguments.rebuild or not (SITE / "index.html").exists()):
        subprocess.run([sys.executable, str(BUILD)], cwd=ROOT, check=True)
    load_before = os.getloadavg()[0]
    site = arguments.site
    with serving(site) as url, sync_playwright() as playwright:
        warm, clicks = warm_rounds(playwright, url, arguments.rounds)
        cold = {} if arguments.warm_only else cold_rounds(playwright, url, arguments.rounds)
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6
    print(
        f"static site benchmark: {arguments.rounds} rounds, load average {load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores; the site is {size:.1f} MB"
    )
    report("warm (a return visit)", warm, GOALS["warm"])
    if cold:
        report("cold (a first visit, empty cache)", cold, GOALS["cold"])
        megabytes = median(sum(v.received.values()) for v in cold["Play Écarté"]) / 1e6
        print(f"  a first visit of Play Écarté loads {megabytes:.1f} MB")
    print(
        f"  a click's answer in Play Écarté: median {median(clicks):.2f} s, slowest {max(clicks):.2f} s "
        f"({len(clicks)} clicks)"
    )
    if arguments.download and cold:
        download_table(cold["Play Écarté"][0])


if __name__ == "__main__":
    main()
