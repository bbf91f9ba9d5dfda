"""Measure the static site as a visitor meets it (a benchmark to read, not a test):

    .venv/bin/python tests/site/benchmark.py            # builds the site first if it is not there
    .venv/bin/python tests/site/benchmark.py --runs 5

It reports the site's size (goal: at most 60 MB), the time from opening "Play Écarté" to the first playable
card with an empty browser cache (cold, goal ≤ 10 s) and on a second visit with the cache warm (≤ 4 s), and how
long a click on the table takes to be answered (≤ 0.3 s), as medians over the runs. Each run is a fresh browser
profile. Chromium is Debian's, cut off from the internet as in the tests; the server is the tests' plain static
server on 127.0.0.1. The machine's load is printed too: other work on the two cores slows everything here.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from site_pages import CHROMIUM, CHROMIUM_ARGS, SitePage, play_deal
from site_server import BUILD, ROOT, SITE, serving

FIRST_CARD = ".cardlib-your-turn .cardlib-card"  # your hand, on your turn (to play, or to discard from)
GOALS = {"size_mb": 60, "cold_s": 10, "warm_s": 4, "click_s": 0.3}


def site_size_mb(site: Path) -> float:
    """The size of every file of the site, in megabytes."""
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6


def open_app(context, url: str) -> tuple[float, float]:
    """Seconds from opening Play Écarté to its first playable card being visible, and megabytes transferred."""
    page = SitePage(context, url)
    received: list[int] = []
    page.page.on("requestfinished", lambda request: received.append(request.sizes()["responseBodySize"]))
    started = time.monotonic()
    page.goto("apps/play-ecarte.html")
    page.wait_for_app(FIRST_CARD)
    elapsed = time.monotonic() - started
    page.close()
    return elapsed, sum(received) / 1e6


def one_run(url: str) -> tuple[float, float, list[float], float]:
    """A fresh profile: a cold visit (and the megabytes it loaded), a warm one, and a deal played by clicks."""
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            cold, loaded = open_app(context, url)
            warm, _ = open_app(context, url)
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
    return cold, warm, clicks, loaded


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
    colds, warms = [run[0] for run in runs], [run[1] for run in runs]
    clicks = sorted(answer for run in runs for answer in run[2])
    results = {"size_mb": site_size_mb(SITE), "cold_s": statistics.median(colds),
               "warm_s": statistics.median(warms), "click_s": statistics.median(clicks)}
    print(f"static site benchmark: {arguments.runs} runs, load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    labels = {"size_mb": "site size (MB)", "cold_s": "Play Écarté to first playable card, cold (s)",
              "warm_s": "the same, second visit, warm cache (s)", "click_s": "a click's answer, median (s)"}
    for key, label in labels.items():
        verdict = "ok" if results[key] <= GOALS[key] else "OVER THE GOAL"
        print(f"  {label:<48} {results[key]:7.2f}   goal ≤ {GOALS[key]:<5} {verdict}")
    print(f"  a cold visit loads {statistics.median(run[3] for run in runs):.1f} MB")
    print(f"  clicks: {len(clicks)}, 90th percentile {clicks[int(0.9 * (len(clicks) - 1))]:.2f} s, "
          f"slowest {clicks[-1]:.2f} s; cold runs {[round(t, 1) for t in colds]}, "
          f"warm runs {[round(t, 1) for t in warms]}")


if __name__ == "__main__":
    main()
