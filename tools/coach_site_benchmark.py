"""How fast the coach answers in the static site's Python (Pyodide, in Chromium), beside CPython (a benchmark to
read, not a test):

    .venv/bin/python tools/coach_site_benchmark.py              # builds the site first if it is not there
    .venv/bin/python tools/coach_site_benchmark.py --count 20 --samples 40
    .venv/bin/python tools/coach_site_benchmark.py --bot strong --rebuild   # a computer player's decisions instead

A learner who asks for a hint on the static site waits for `coach.hint` to run in their own browser, in Pyodide,
which is slower than CPython. This measures that wait: the same positions, taken from real deals of each game
(played by the book's bots, a seed per deal), are given to `coach.hint` once in this Python and once in the site's
Python, in a page of the site (its REPL, the same page and kernel as the apps). For each game it prints the median
(p50) and the 95th percentile (p95) of a hint's seconds, how many samples (imagined deals) a hint used, and the
± (95 %) that gives on the best option's expected points and chance of winning. Each hint is timed as waited
(``time.perf_counter``) and in the processor's own seconds (``time.process_time``, which in CPython leaves out the
time other processes took from the shared cores; in the browser Pyodide can only give the time waited again). It
also times Python's own start in that page (until a first line is printed) and the first import of the coach,
which a learner waits for once.
The goal (issue 20): p95 ≤ 3 s in the site, ≤ 1 s in CPython.

The measuring functions below run in both Pythons: the browser gets their source (``inspect.getsource``), so
nothing is measured differently there. Chromium is Debian's, cut off from the internet as in the site's tests,
and the server is their plain static server on 127.0.0.1. The machine's load is printed: other work on its cores
slows both Pythons alike.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from cardlib import coach, games
from cardlib.bots import make_bot
from cardlib.players import next_move
from cardlib.tricks import DealState

ROOT = Path(__file__).resolve().parents[1]
# the site tests' browser settings and static server, and the browser harness every browser test shares
sys.path[:0] = [str(ROOT / "tests" / "site"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402
from site_pages import CHROMIUM, CHROMIUM_ARGS, START_MS, SitePage  # noqa: E402
from site_server import BUILD, SITE, serving  # noqa: E402

READY_LINE = "Python is ready"
DONE, PROGRESS = "coach benchmark:", "hint"  # the browser's last line (the results, as JSON), and each hint's line
OUTPUT = ".jp-OutputArea-output"
GOALS = {"Pyodide": 3.0, "CPython": 1.0}  # p95 of a hint, in seconds
BOT_GOAL = 1.0  # p95 of a computer player's decision in the site's Pyodide, in seconds (issue 39)
SEED = 2026

# ---------------------------------------------------------------------------
# What is measured: the same functions in CPython and in the browser


def positions(game_key: str, count: int, seed: int) -> list[tuple[DealState, int]]:
    """``count`` decisions from real deals of a game played by the book: the first, middle and last decision with
    two options or more of each deal (a deal per seed from ``seed`` on), as (position, seat)."""
    game, found = games.get(game_key), list[tuple[DealState, int]]()
    while len(found) < count:
        state = game.new_deal(seed=seed)
        bots = [game.rule_bot(seed + seat) for seat in range(state.n_players)]
        choices: list[tuple[DealState, int]] = []
        while not state.is_over:
            seat = state.current_player
            if seat is not None and len(state.legal_actions(seat)) > 1:
                choices.append((state.clone(), seat))
            state.apply(next_move(state, bots)[1].action)
        if choices:
            found += [choices[0], choices[len(choices) // 2], choices[-1]][: count - len(found)]
        seed += 1
    return found


def time_hints(game_key: str, count: int, samples: int | None, seed: int) -> list[list[float]]:
    """Ask the coach for a hint at each position: per hint, its seconds (waited, and of the processor), the samples
    it used, its number of options, and the ± of the best option's points and chance of winning. Prints a line per
    hint."""
    rows = []
    for state, seat in positions(game_key, count, seed):
        start, processor = time.perf_counter(), time.process_time()
        advice = coach.hint(state, seat, samples=samples, seed=seed)
        seconds, processor = time.perf_counter() - start, time.process_time() - processor
        best = advice.options[0]
        rows.append([seconds, processor, advice.samples, len(advice.options), best.points_margin, best.win_margin])
        print(f"{PROGRESS} {game_key} {len(rows)}/{count}: {seconds:.2f} s", flush=True)
    return rows


def time_bot(game_key: str, count: int, bot_name: str, seed: int) -> list[list[float]]:
    """Ask a computer player (``make_bot``) for its move at each position, as a table does, from the seat's view: per
    decision its seconds (waited, and of the processor). Prints a line per decision."""
    rows = []
    for state, seat in positions(game_key, count, seed):
        bot = make_bot(bot_name, game_key, seed=seed)
        start, processor = time.perf_counter(), time.process_time()
        bot.decide(state, seat)
        rows.append([time.perf_counter() - start, time.process_time() - processor])
        print(f"{PROGRESS} {game_key} {len(rows)}/{count}: {rows[-1][0]:.2f} s", flush=True)
    return rows


def measure(
    game_keys: list[str], count: int, samples: int | None, seed: int, bot_name: str | None = None
) -> dict[str, list[list[float]]]:
    """Every game's hints, timed (see time_hints); or, with ``bot_name``, a computer player's decisions (time_bot)."""
    if bot_name is not None:
        return {key: time_bot(key, count, bot_name, seed) for key in game_keys}
    return {key: time_hints(key, count, samples, seed) for key in game_keys}


# ---------------------------------------------------------------------------
# In the browser


def browser_code(game_keys: list[str], count: int, samples: int | None, seed: int, bot_name: str | None) -> str:
    """The Python the site's REPL runs: the coach imported (and timed), the measuring functions, the results."""
    imports = "import json, time\nstarted = time.perf_counter()\n"
    imports += "from cardlib import coach, games\nfrom cardlib.bots import make_bot\n"
    imports += "from cardlib.players import next_move\n"
    imports += "from cardlib.tricks import DealState\nimported = time.perf_counter() - started\n"
    constants = f"PROGRESS = {PROGRESS!r}\n"
    functions = "\n".join(inspect.getsource(f) for f in (positions, time_hints, time_bot, measure))
    call = f"results = measure({game_keys!r}, {count!r}, {samples!r}, {seed!r}, {bot_name!r})\n"
    report = f'print({DONE!r}, json.dumps({{"import": imported, "games": results}}))\n'
    return imports + constants + functions + call + report


def in_the_site(
    game_keys: list[str], count: int, samples: int | None, seed: int, bot_name: str | None = None
) -> tuple[float, dict[str, Any]]:
    """Open the site's REPL in Chromium, time Python's start (a first printed line), then run the measurement."""
    first = quote(f'print("{READY_LINE}")')
    then = quote(browser_code(game_keys, count, samples, seed, bot_name))
    url = f"lite/repl/index.html?kernel=python&toolbar=0&showBanner=0&hideCodeInput=1&code={first}&code={then}"
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = SitePage(browser.new_context(), base)
        started = time.monotonic()
        page.goto(url)
        page.page.locator(OUTPUT, has_text=READY_LINE).first.wait_for(timeout=START_MS)
        python_start = time.monotonic() - started
        budget_ms = START_MS + 60_000 * count * len(game_keys)  # a minute a hint at the very most
        result = page.page.locator(OUTPUT, has_text=DONE).first
        result.wait_for(timeout=budget_ms)
        text = result.inner_text()
        problems = page.problems()
        browser.close()
    if problems:
        raise SystemExit("the site's Python failed:\n" + "\n".join(problems))
    return python_start, json.loads(text.split(DONE, 1)[1])


# ---------------------------------------------------------------------------
# The report


def percentile(values: list[float], share: float) -> float:
    """The value below which this share of the values lie (linear between the nearest two; 0.5 is the median)."""
    ordered = sorted(values)
    place = share * (len(ordered) - 1)
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


assert percentile([1, 2, 3, 4, 5], 0.5) == 3 and percentile([0, 10], 0.95) == 9.5


def summary(where: str, game_key: str, rows: list[list[float]]) -> str:
    """One line: a game's hints in one Python, p50 and p95 against the goal, samples used, and the ± they give."""
    seconds, processor = [r[0] for r in rows], [r[1] for r in rows]
    samples, options = [int(r[2]) for r in rows], [int(r[3]) for r in rows]
    points, wins = [r[4] for r in rows], [r[5] for r in rows]
    p95 = percentile(seconds, 0.95)
    verdict = "ok" if p95 <= GOALS[where] else "OVER THE GOAL"
    return (
        f"  {where:<8} {games.get(game_key).name:<7} {len(rows)} hints: p50 {percentile(seconds, 0.5):.2f} s, "
        f"p95 {p95:.2f} s, slowest {max(seconds):.2f} s (goal p95 ≤ {GOALS[where]:g} s: {verdict}; processor time "
        f"p50 {percentile(processor, 0.5):.2f} s, p95 {percentile(processor, 0.95):.2f} s); "
        f"{min(options)}-{max(options)} options, {min(samples)}-{max(samples)} samples (median "
        f"{statistics.median(samples):g}); the best option's ± median {statistics.median(points):.2f} points "
        f"(widest {max(points):.2f}), ± {statistics.median(wins):.0%} on its chance of winning"
    )


def bot_summary(where: str, game_key: str, bot_name: str, rows: list[list[float]]) -> str:
    """One line: a computer player's decisions in one Python, p50 and p95 (in Pyodide against the goal)."""
    seconds, processor = [r[0] for r in rows], [r[1] for r in rows]
    p95 = percentile(seconds, 0.95)
    goal = f" (goal p95 < {BOT_GOAL:g} s: {'ok' if p95 < BOT_GOAL else 'OVER THE GOAL'})" if where == "Pyodide" else ""
    return (
        f"  {where:<8} {games.get(game_key).name:<7} {len(rows)} decisions of the {bot_name} bot: p50 "
        f"{percentile(seconds, 0.5):.2f} s, p95 {p95:.2f} s, slowest {max(seconds):.2f} s{goal}; processor time p50 "
        f"{percentile(processor, 0.5):.2f} s, p95 {percentile(processor, 0.95):.2f} s"
    )


def report(keys: list[str], here: dict[str, list[list[float]]], there: dict[str, Any], bot_name: str | None) -> None:
    """Each game's line in both Pythons."""
    for key in keys:
        if bot_name is not None:
            print(bot_summary("CPython", key, bot_name, here[key]))
            print(bot_summary("Pyodide", key, bot_name, there["games"][key]))
            continue
        print(summary("CPython", key, here[key]))
        print(summary("Pyodide", key, there["games"][key]))
        same = [row[2:] for row in here[key]] == [row[2:] for row in there["games"][key]]
        print(f"  {'the same' if same else 'OTHER'} samples and ± in both Pythons (the coach is seeded)")


def main() -> None:
    """Build the site if needed, measure in CPython and in the site's Pyodide, print the numbers beside the goals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20, help="positions of each game (20)")
    parser.add_argument("--samples", type=int, default=None, help="worlds per hint (default: the coach's own)")
    parser.add_argument("--games", nargs="+", default=list(games.keys()), help="which games (all)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the first deal's seed ({SEED})")
    parser.add_argument("--bot", default=None, help="time this computer player's decisions instead (e.g. strong)")
    parser.add_argument("--rebuild", action="store_true", help="build the site first even if it is there")
    arguments = parser.parse_args()
    if arguments.rebuild or not (SITE / "index.html").exists():
        subprocess.run([sys.executable, str(BUILD)], cwd=ROOT, check=True)
    keys, load_before, bot = [games.get(g).key for g in arguments.games], os.getloadavg()[0], arguments.bot
    here = measure(keys, arguments.count, arguments.samples, arguments.seed, bot)
    python_start, there = in_the_site(keys, arguments.count, arguments.samples, arguments.seed, bot)
    samples = "the coach's default samples" if arguments.samples is None else f"{arguments.samples} samples"
    print(
        f"{'coach' if bot is None else bot + ' bot'} benchmark ({samples}, deals from seed {arguments.seed}): load "
        f"average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores"
    )
    print(f"  the site's Python started in {python_start:.1f} s; importing the coach took {there['import']:.2f} s")
    report(keys, here, there, bot)


if __name__ == "__main__":
    main()
