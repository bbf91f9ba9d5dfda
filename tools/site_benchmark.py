"""Measure the static site as a visitor meets it (a benchmark to read, not a test):

    .venv/bin/python tests/site/benchmark.py            # builds the site first if it is not there
    .venv/bin/python tests/site/benchmark.py --runs 5

It reports the site's size (goal: at most 60 MB), the time from opening "Play Écarté" to the first playable
card with an empty browser cache (cold, goal ≤ 10 s) and on a second visit with the cache warm (≤ 4 s), and how
long a click on the table takes to be answered (≤ 0.3 s), as medians over the runs. Each run is a fresh browser
profile: a cold visit, a second and a third (Chromium keeps the page's compiled JavaScript from the second visit
on, and uses it from the third), then a deal played by clicks. Each visit's time is split where it goes: the
page (JupyterLab) until it starts the kernel's worker, Python starting in it until the app's code runs (its first
request, for the app's notebook), and the app until its first card is drawn. Chromium is Debian's, cut off from
the internet as in the tests; the server is the tests' plain static server on 127.0.0.1 (a return visit
revalidates every file). The machine's load is printed too: other work on the two cores slows everything here.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright
from site_pages import CHROMIUM, CHROMIUM_ARGS, SitePage, play_deal
from site_server import BUILD, ROOT, SITE, serving

FIRST_CARD = ".cardlib-your-turn .cardlib-card"  # your hand, on your turn (to play, or to discard from)
APP_STARTS = "/api/contents/notebooks/"  # the app's first request: the site's notebooks, for its own (course_app)
GOALS = {"size_mb": 60, "cold_s": 10, "warm_s": 4, "click_s": 0.3}
PHASES = ("page", "Python", "app")


@dataclass
class Visit:
    """One visit to Play Écarté: seconds to the first playable card, split by phase, and megabytes received."""

    seconds: float
    phases: tuple[float, float, float]
    megabytes: float


def site_size_mb(site: Path) -> float:
    """The size of every file of the site, in megabytes."""
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6


def open_app(context, url: str) -> Visit:
    """Open Play Écarté and wait for its first playable card; time each phase."""
    page = SitePage(context, url)
    received: list[int] = []
    marks: dict[str, float] = {}
    page.page.on("requestfinished", lambda request: received.append(request.sizes()["responseBodySize"]))
    page.page.on("worker", lambda worker: marks.setdefault("worker", time.monotonic()))
    page.page.on("request", lambda request: APP_STARTS in request.url and marks.setdefault("app", time.monotonic()))
    started = time.monotonic()
    page.goto("apps/play-ecarte.html")
    page.wait_for_app(FIRST_CARD)
    ended = time.monotonic()
    page.close()
    worker, app = marks.get("worker", started), marks.get("app", ended)
    return Visit(ended - started, (worker - started, app - worker, ended - app), sum(received) / 1e6)


def one_run(url: str) -> tuple[list[Visit], list[float]]:
    """A fresh profile: three visits (cold, warm, warm with the page's code compiled), and a deal played by clicks."""
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            visits = [open_app(context, url) for _ in range(3)]
            page = SitePage(context, url)
            page.goto("apps/play-ecarte.html")
            page.wait_for_app(FIRST_CARD)
            clicks = play_deal(page)
            blocked = page.blocked
            page.close()
        finally:
            context.close()
    if blocked:
        raise SystemExit(f"the site asked another host for {blocked}")
    return visits, clicks


def summary(visits: list[Visit]) -> str:
    """The median time of these visits, and of each phase."""
    phases = ", ".join(f"{name} {statistics.median(visit.phases[i] for visit in visits):.1f}"
                       for i, name in enumerate(PHASES))
    return f"{statistics.median(visit.seconds for visit in visits):5.2f} s ({phases}; runs " \
           f"{[round(visit.seconds, 1) for visit in visits]})"


def main() -> None:
    """Build if needed, measure, and print the numbers beside their goals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh-profile runs to take the median of")
    parser.add_argument("--rebuild", action="store_true", help="build the site first even if it is there")
    arguments = parser.parse_args()
    if arguments.rebuild or not (SITE / "index.html").exists():
        subprocess.run([sys.executable, str(BUILD)], cwd=ROOT, check=True)
    load_before = os.getloadavg()[0]
    with serving(SITE) as url:
        runs = [one_run(url) for _ in range(arguments.runs)]
    cold, warm, third = ([visits[i] for visits, _ in runs] for i in range(3))
    clicks = sorted(answer for _, answers in runs for answer in answers)
    results = {"size_mb": site_size_mb(SITE), "cold_s": statistics.median(visit.seconds for visit in cold),
               "warm_s": statistics.median(visit.seconds for visit in warm), "click_s": statistics.median(clicks)}
    print(f"static site benchmark: {arguments.runs} runs, load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    labels = {"size_mb": "site size (MB)", "cold_s": "Play Écarté to first playable card, cold (s)",
              "warm_s": "the same, second visit, warm cache (s)", "click_s": "a click's answer, median (s)"}
    for key, label in labels.items():
        verdict = "ok" if results[key] <= GOALS[key] else "OVER THE GOAL"
        print(f"  {label:<48} {results[key]:7.2f}   goal ≤ {GOALS[key]:<5} {verdict}")
    print(f"  a cold visit loads {statistics.median(visit.megabytes for visit in cold):.1f} MB")
    print(f"  clicks: {len(clicks)}, 90th percentile {clicks[int(0.9 * (len(clicks) - 1))]:.2f} s, "
          f"slowest {clicks[-1]:.2f} s")
    print("  where the time goes (s), medians:")
    for name, visits in (("cold", cold), ("second visit", warm), ("third visit", third)):
        print(f"    {name:<13} {summary(visits)}")


if __name__ == "__main__":
    main()
