"""What the browser tests and the load script share: the course's Voilà server, and a page on it.

The server is the one `make demo` runs (notebooks/apps/serve.py with the repository's
configuration), on a port of our choosing. The browser is Debian's Chromium, launched as every
browser test launches it (tests/browser_harness.py). Every page runs offline: any request to a
host other than this machine is aborted and remembered, so a test can check that none was even tried.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import psutil
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route

from browser_harness import LOCAL_HOSTS, axe_violations

REPO = Path(__file__).resolve().parents[2]
SERVE = REPO / "notebooks" / "apps" / "serve.py"
ARTIFACTS = REPO / "test-artifacts" / "browser"  # git-ignored
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"  # committed, shown in the README
SERVER_START_SECONDS = 90
PAGE_READY_MS = 180_000  # a page is ready when its kernel has run the notebook and the widgets are drawn (a
# heavy chapter took over 90 s once, on a clean clone's CI with the other tests running beside it)

# What must never appear on a page: a Python traceback or exception line ("KeyError: 'x'" at the
# start of a line; prose that names an exception is fine), a widget that failed to load, a cell
# that failed or timed out in Voilà.
ERROR_TEXT = re.compile(
    r"Traceback \(most recent call last\)|^\s*\w*(Error|Exception|Warning): "
    r"|Error displaying widget|Failed to load model|Open Browser Console"
    r"|There was an error when executing|Cell execution timed out",
    re.MULTILINE,
)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, process: subprocess.Popen, seconds: float) -> None:
    """Wait until the server answers at url; fail early if it died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voilà exited with code {process.returncode} before serving")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise TimeoutError(f"Voilà did not answer at {url} within {seconds} s")


def start_voila(port: int, log_path: Path, *options: str) -> subprocess.Popen:
    """Start the course's Voilà on this port, its output going to log_path; options are Voilà's own
    (--CourseKernelManager.max_kernels=3), over the repository's configuration."""
    log = open(log_path, "w")
    return subprocess.Popen(
        [sys.executable, str(SERVE), f"--port={port}", "--Voila.port_retries=0", *options],
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


@dataclass(frozen=True)
class Server:
    """A running Voilà of the course: where it answers, its process, its log."""

    url: str
    process: subprocess.Popen
    log: Path


@contextmanager
def serving(log_path: Path, *options: str, ready_path: str = "") -> Iterator[Server]:
    """Run the course's Voilà (with these extra options) for the duration of a with block.

    The server is ready when ready_path answers; "" is the front page, which opens the landing
    page and so starts its kernel; "voila/tree" (the file listing) starts none."""
    port = free_port()
    process = start_voila(port, log_path, *options)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url + ready_path, process, SERVER_START_SECONDS)
        yield Server(url, process, log_path)
    finally:
        stop_voila(process)


def kernel_process(server: subprocess.Popen, kernel_id: str) -> psutil.Process:
    """The process of a kernel the server started (forked or not): the one bound to the kernel's sockets."""
    for process in psutil.Process(server.pid).children(recursive=True):
        try:
            if any(kernel_id in (connection.laddr or "") for connection in process.net_connections(kind="unix")):
                return process
        except psutil.Error:
            continue
    raise LookupError(f"no process holds the sockets of kernel {kernel_id}")


def kernel_id_of(html: str) -> str:
    """The id of the kernel Voilà started for a page, from the page's configuration."""
    match = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
    assert match, "the page names no kernel"
    return match.group(1)


def wait_for_log(log: Path, text: str, seconds: float) -> None:
    """Wait until the server's log holds this text."""
    deadline = time.monotonic() + seconds
    while text not in log.read_text():
        if time.monotonic() > deadline:
            raise AssertionError(f"the server's log lacks {text!r} after {seconds} s")
        time.sleep(0.2)


def stop_voila(process: subprocess.Popen) -> None:
    """Stop Voilà and the kernels it started (they are in its process group)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # Voilà shuts its kernels down on SIGTERM
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # anything left of this server's own group
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


class AppPage:
    """A page of the course in the browser, with what went wrong on it."""

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.context, self.base_url = context, base_url
        self.page: Page = context.new_page()
        self.page.set_default_timeout(30_000)
        self.js_errors: list[str] = []
        self.blocked: list[str] = []  # requests that tried to leave this machine
        self.kernel_idle = 0  # how many times the page's kernel said it went idle
        self.page.on("pageerror", lambda error: self.js_errors.append(str(error)))
        self.page.on("console", self.console_message)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self.kernel_frame))
        self.page.route("**/*", self.only_local)

    def console_message(self, message: ConsoleMessage) -> None:
        """A script's error in the console counts too (a front-end extension that fails to load, say);
        a request this page blocked on purpose is already counted among `blocked`."""
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.js_errors.append(f"console: {message.text.splitlines()[0]}")

    def kernel_frame(self, payload: str | bytes) -> None:
        """Count the kernel's 'idle' status messages: each ends the handling of one click or change."""
        data = payload if isinstance(payload, bytes) else payload.encode()
        if b'"execution_state": "idle"' in data:
            self.kernel_idle += 1

    def only_local(self, route: Route) -> None:
        """Let requests to this machine through; abort and remember any other."""
        url = route.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def open(self, path: str, ready: str) -> Page:
        """Open a notebook (path under notebooks/) and wait until the selector `ready` is visible."""
        self.page.goto(self.base_url + "voila/render/" + path, timeout=PAGE_READY_MS)
        self.page.locator(ready).first.wait_for(state="visible", timeout=PAGE_READY_MS)
        return self.page

    def act(self, action: Callable[[], None], read: Callable[[Page], str], timeout_s: float = 30) -> str:
        """Do something the kernel must answer (a click, a choice); wait until it has answered and
        what `read` returns has changed and then stayed the same a moment; return that."""
        page, idle_before, before = self.page, self.kernel_idle, read(self.page)
        action()
        deadline = time.monotonic() + timeout_s
        while self.kernel_idle == idle_before or read(page) == before:
            if time.monotonic() > deadline:
                raise AssertionError(f"the page did not answer within {timeout_s} s")
            page.wait_for_timeout(30)
        return self.settled(read)

    def settled(self, read: Callable[[Page], str], quiet_ms: int = 150, timeout_s: float = 20) -> str:
        """Wait until what `read` returns stops changing for quiet_ms; return it."""
        deadline = time.monotonic() + timeout_s
        last = read(self.page)
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(quiet_ms)
            now = read(self.page)
            if now == last:
                return now
            last = now
        raise AssertionError("the page kept changing")

    def problems(self) -> list[str]:
        """Error text shown on the page, JavaScript errors, and requests that tried to leave this machine."""
        text = self.page.locator("body").inner_text()
        shown = [
            f"page shows {m.group(0)!r} in: ...{text[max(0, m.start() - 80) : m.end() + 80]}..."
            for m in ERROR_TEXT.finditer(text)
        ]
        stderr = self.page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').all_inner_texts()
        return (
            shown
            + [f"stderr output: {s[:200]}" for s in stderr]
            + [f"JavaScript error: {e}" for e in self.js_errors]
            + [f"request to another host: {u}" for u in self.blocked]
        )

    def accessibility_problems(self) -> list[str]:
        """What axe-core finds on the page as it is now (WCAG 2.1 AA and best practices), one line each."""
        return axe_violations(self.page, "body")

    def screenshot(self, name: str, artifacts: Path, *, readme: bool = False) -> None:
        """Save the whole page as test-artifacts/browser/NAME.png; for the README (readme=True) also as
        tests/browser/screenshots/NAME.png, when that is missing or UPDATE_SCREENSHOTS=1 (`make screenshots`).

        A plain test run leaves the committed screenshots alone, so it never leaves the checkout changed."""
        # Voilà's page scrolls inside an element, not the document: make the window as tall as the content.
        height = self.page.evaluate("""() => Math.max(...[document.documentElement, document.body,
            ...document.querySelectorAll('#rendered_cells, .jp-Notebook')].map(e => e.scrollHeight))""")
        size = self.page.viewport_size
        assert size is not None, "the browser context gives every page a viewport (conftest.py)"
        self.page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]), 6000)})
        self.page.wait_for_timeout(200)
        image = self.page.screenshot(full_page=True)
        self.page.set_viewport_size(size)
        (artifacts / f"{name}.png").write_bytes(image)
        for_readme = SCREENSHOTS / f"{name}.png"
        if readme and (os.environ.get("UPDATE_SCREENSHOTS") == "1" or not for_readme.exists()):
            SCREENSHOTS.mkdir(exist_ok=True)
            for_readme.write_bytes(image)

    def close(self) -> None:
        """Close the tab as a visitor would: Voilà's page then asks the server to stop its kernel."""
        self.page.close(run_before_unload=True)
