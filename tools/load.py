"""Load benchmark (not a test): many visitors open an app at once; how long until they can play?

    .venv/bin/python tools/load.py                      # starts its own Voilà, 20 sessions
    .venv/bin/python tools/load.py --sessions 10 --app apps/play-alkort.ipynb
    .venv/bin/python tools/load.py --url http://127.0.0.1:8866/   # a Voilà already running

    .venv/bin/python tools/load.py --client browser     # real Chromium tabs instead

Two kinds of visitor:

* ``http`` (the default): a plain client per session, as a browser on another machine
  would load the server: it fetches the page (Voilà answers once the notebook has run in
  the session's own kernel, so the page holds the widgets), then opens the kernel's
  websocket and waits for the kernel to answer and list the widgets' channels (comms).
  That moment is when a browser could draw the first interactive widget.
* ``browser``: a Chromium tab per session (its own browser context) that opens the app,
  waits until the first interactive widget is visible, clicks it once and times the
  kernel's answer. On one small machine the twenty tabs compete with the server for the
  same cores, so this measures the browser as much as the server.

All sessions start together. The report gives the errors, the time to the first
interactive widget (median and 95th percentile), and the memory of each kernel process
(resident and unique set size, with psutil) measured while every session is still open. Memory
needs the server's process, so it is only measured for a server this script starts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import websocket
from playwright.async_api import Browser, async_playwright

# The server and the page are the browser tests' own: one harness for the tests and this tool.
TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS / "browser"), str(TESTS)]
from browser_harness import CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS  # noqa: E402
from voila_harness import (  # noqa: E402
    ARTIFACTS,
    ERROR_TEXT,
    REPO,
    free_port,
    kernel_id_of,
    start_voila,
    stop_voila,
    wait_for_log,
    wait_until_serving,
)

INTERACTIVE = ".cardlib-card-playable, .cardlib-action, .cardlib-start-game, .cardlib-new-deal, .cardlib-picker"


@dataclass
class Session:
    """What one visitor saw."""

    number: int
    first_widget_s: float | None = None
    click_s: float | None = None
    errors: list[str] = field(default_factory=list)


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


class Race:
    """Start all sessions together; know when each has measured; keep them open until told."""

    def __init__(self, sessions: int) -> None:
        self.start, self.done = asyncio.Event(), asyncio.Event()
        self.waiting = sessions
        self.all_measured = asyncio.Event()

    def measured(self) -> None:
        """One session has its numbers (or its error)."""
        self.waiting -= 1
        if self.waiting == 0:
            self.all_measured.set()


async def visit(browser: Browser, url: str, number: int, race: Race, timeout_s: float) -> Session:
    """One visitor: open the app, wait for the first interactive widget, click once, stay until done."""
    session = Session(number)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.on("pageerror", lambda error: session.errors.append(f"JavaScript error: {error}"))

    async def only_local(route) -> None:
        """Let requests to this machine through; abort any other (nothing is fetched from the internet)."""
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS or route.request.url.startswith(("data:", "blob:")):
            await route.continue_()
        else:
            session.errors.append(f"request to another host: {route.request.url}")
            await route.abort()

    await page.route("**/*", only_local)
    await race.start.wait()
    began = time.monotonic()
    try:
        await page.goto(url, timeout=timeout_s * 1000)
        widget = page.locator(INTERACTIVE).first
        await widget.wait_for(state="visible", timeout=timeout_s * 1000)
        session.first_widget_s = time.monotonic() - began
        table = page.locator(".cardlib").first
        before = await table.inner_text()
        clicked = time.monotonic()
        await widget.click()
        while await table.inner_text() == before:
            if time.monotonic() - clicked > timeout_s:
                raise TimeoutError("the first click got no answer")
            await page.wait_for_timeout(20)
        session.click_s = time.monotonic() - clicked
        text = await page.locator("body").inner_text()
        session.errors += [f"page shows {m.group(0)!r}" for m in ERROR_TEXT.finditer(text)]
    except Exception as error:  # noqa: BLE001 - a benchmark reports every failure and goes on
        session.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    race.measured()
    await race.done.wait()
    await context.close()
    return session


def kernel_message(msg_type: str) -> str:
    """A Jupyter protocol request with no content, as JSON for the kernel's websocket."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": uuid.uuid4().hex,
        "username": "load",
        "version": "5.3",
        "date": "",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": []}
    )


def await_reply(ws: websocket.WebSocket, msg_type: str) -> dict:
    """The content of the next message of this type on the websocket."""
    while True:
        message = json.loads(ws.recv())
        if message["header"]["msg_type"] == msg_type:
            return message["content"]


def http_visit(
    url: str, number: int, race: threading.Barrier, measured: threading.Barrier, done: threading.Event, timeout_s: float
) -> Session:
    """One plain client: fetch the page, connect to its kernel, wait until the widgets' comms answer."""
    session = Session(number)
    ws = None
    race.wait()
    began = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:
            html = response.read().decode()
        session.errors += [f"page shows {m.group(0)!r}" for m in ERROR_TEXT.finditer(html)]
        kernel = kernel_id_of(html)
        if "application/vnd.jupyter.widget-view+json" not in html:
            session.errors.append("the page holds no widget")
        base = url.split("/voila/render/")[0].replace("http://", "ws://")
        ws = websocket.create_connection(f"{base}/api/kernels/{kernel}/channels", timeout=timeout_s)
        ws.send(kernel_message("comm_info_request"))
        comms = await_reply(ws, "comm_info_reply").get("comms", {})
        if not comms:
            session.errors.append("the kernel has no widget comms")
        session.first_widget_s = time.monotonic() - began
        clicked = time.monotonic()  # a round trip to the kernel, as a click makes
        ws.send(kernel_message("kernel_info_request"))
        await_reply(ws, "kernel_info_reply")
        session.click_s = time.monotonic() - clicked
    except Exception as error:  # noqa: BLE001 - a benchmark reports every failure and goes on
        session.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    measured.wait()
    done.wait()
    if ws is not None:
        ws.close()
    return session


def run_http(url: str, sessions: int, timeout_s: float, server_pid: int | None) -> dict:
    """All the plain clients at once, each in its own thread; measure while they are all connected."""
    race, measured, done = threading.Barrier(sessions + 1), threading.Barrier(sessions + 1), threading.Event()
    with ThreadPoolExecutor(sessions) as pool:
        futures = [pool.submit(http_visit, url, i, race, measured, done, timeout_s) for i in range(sessions)]
        race.wait()
        began = time.monotonic()
        measured.wait()
        wall_s = time.monotonic() - began
        kernel_mb = kernel_memory(server_pid) if server_pid else []
        server_mb = psutil.Process(server_pid).memory_info().rss / 2**20 if server_pid else None
        done.set()
        results = [future.result() for future in futures]
    return {"sessions": results, "kernel_mb": kernel_mb, "server_mb": server_mb, "wall_s": wall_s}


def kernel_memory(server_pid: int) -> list[tuple[float, float]]:
    """Resident and unique memory (MB) of each kernel process the server started: kernels started as
    `python -m ipykernel_launcher`, or forked by the server's warm Python (notebooks/apps/kernel_forks.py).

    A forked kernel shares the warm Python's imported code with its siblings: its resident memory counts
    those shared pages, its unique memory (USS) only what is its own."""
    processes = psutil.Process(server_pid).children(recursive=True)
    warm = {p.pid for p in processes if "kernel_forks.py" in " ".join(p.cmdline())}
    kernels = [p for p in processes if p.ppid() in warm or "ipykernel_launcher" in " ".join(p.cmdline())]
    return [(info.rss / 2**20, info.uss / 2**20) for info in (p.memory_full_info() for p in kernels)]


async def run(url: str, sessions: int, timeout_s: float, server_pid: int | None) -> dict:
    """Open all the sessions at once; measure while they are all open; close them."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        race = Race(sessions)
        tasks = [asyncio.create_task(visit(browser, url, i, race, timeout_s)) for i in range(sessions)]
        await asyncio.sleep(2)  # every tab exists before the race starts
        began = time.monotonic()
        race.start.set()
        await race.all_measured.wait()
        wall_s = time.monotonic() - began
        kernel_mb = kernel_memory(server_pid) if server_pid else []
        server_mb = psutil.Process(server_pid).memory_info().rss / 2**20 if server_pid else None
        race.done.set()
        results = await asyncio.gather(*tasks)
        await browser.close()
    return {"sessions": results, "kernel_mb": kernel_mb, "server_mb": server_mb, "wall_s": wall_s}


def report(app: str, client: str, numbers: dict) -> str:
    """The benchmark's numbers as a few lines of text."""
    sessions: list[Session] = numbers["sessions"]
    ready = [s.first_widget_s for s in sessions if s.first_widget_s is not None]
    clicks = [s.click_s for s in sessions if s.click_s is not None]
    failed = [s for s in sessions if s.errors]
    lines = [
        f"{len(sessions)} concurrent {client} sessions of {app}, all measured in {numbers['wall_s']:.1f} s",
        f"errors: {len(failed)} session(s) with errors",
    ]
    lines += [f"  session {s.number}: {'; '.join(s.errors)}" for s in failed]
    if ready:
        lines.append(
            f"time to first interactive widget: median {statistics.median(ready):.2f} s, "
            f"p95 {percentile(ready, 95):.2f} s, min {min(ready):.2f} s, max {max(ready):.2f} s "
            f"({len(ready)} sessions)"
        )
    if clicks:
        what = "first click answered" if client == "browser" else "then a kernel round trip"
        lines.append(f"{what} in: median {statistics.median(clicks):.2f} s, p95 {percentile(clicks, 95):.2f} s")
    if numbers["kernel_mb"]:
        rss, uss = [mb for mb, _ in numbers["kernel_mb"]], [mb for _, mb in numbers["kernel_mb"]]
        lines.append(
            f"memory per kernel: resident (RSS) median {statistics.median(rss):.0f} MB, "
            f"max {max(rss):.0f} MB; unique (USS) median {statistics.median(uss):.0f} MB; "
            f"{len(rss)} kernels, {sum(uss):.0f} MB unique in all; "
            f"Voilà server {numbers['server_mb']:.0f} MB"
        )
    return "\n".join(lines)


def main() -> None:
    """Start a server (unless --url names one), run the sessions, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--app", default="apps/play-ecarte.ipynb", help="notebook path under notebooks/")
    parser.add_argument("--url", help="base URL of a running Voilà (default: start one)")
    parser.add_argument("--timeout", type=float, default=180, help="seconds a session may wait")
    parser.add_argument("--client", choices=["http", "browser"], default="http")
    args = parser.parse_args()
    server = None
    if args.url:
        base = args.url.rstrip("/") + "/"
    else:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        port = free_port()
        server = start_voila(port, ARTIFACTS / "voila-load.log")
        base = f"http://127.0.0.1:{port}/"
        wait_until_serving(base + "voila/tree", server, 90)  # the file listing: it starts no kernel
        # As on a server that has been up a while: every pool of pre-heated kernels filled.
        pools = json.loads((REPO / "notebooks/apps/voila/voila.json").read_text())["VoilaKernelManager"]
        for notebook, pool in pools["kernel_pools_config"].items():
            if notebook != "default" and pool.get("pool_size", 0) > 0:
                wait_for_log(ARTIFACTS / "voila-load.log", f"Kernel pool of {notebook} is filled", 90)
    try:
        url, pid = base + "voila/render/" + args.app, server.pid if server else None
        if args.client == "http":
            numbers = run_http(url, args.sessions, args.timeout, pid)
        else:
            numbers = asyncio.run(run(url, args.sessions, args.timeout, pid))
    finally:
        if server is not None:
            stop_voila(server)
    print(report(args.app, args.client, numbers))


if __name__ == "__main__":
    main()
