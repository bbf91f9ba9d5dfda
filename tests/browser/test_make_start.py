"""`make start` opens JupyterLab on the course without the "get notified about official Jupyter news?" pop-up.

The test runs the very command `make start` runs (as `make -n start` prints it), on a free port,
and looks at JupyterLab in Chromium: the announcements plugin is disabled by the repository's
own .jupyter/ configuration (never a file in the user's home), so no such question appears.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

from playwright.sync_api import BrowserContext

from voila_harness import REPO, free_port, wait_until_serving

ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"


def start_command() -> str:
    """The shell command of `make start`, as make prints it (continued lines joined)."""
    printed = subprocess.run(["make", "-n", "start"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    commands = printed.replace("\\\n", " ").splitlines()
    return next(command for command in commands if "jupyter lab" in command)


def test_make_start_opens_jupyterlab_without_the_news_pop_up(browser_context: BrowserContext, artifacts: Path):
    command = start_command()
    assert "JUPYTER_CONFIG_PATH=" in command and "NeverCheckForUpdate" in command
    port = free_port()
    log = open(artifacts / "jupyterlab.log", "w")
    lab = subprocess.Popen(
        f"{command} --port={port} --no-browser --IdentityProvider.token='' --ServerApp.port_retries=0",
        shell=True,
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "JUPYTER_CONFIG_PATH": ""},
    )
    page = browser_context.new_page()
    try:
        url = f"http://127.0.0.1:{port}/lab"
        wait_until_serving(url, lab, 90)
        page.goto(url, timeout=90_000)
        config = page.locator("#jupyter-config-data").text_content() or ""
        assert re.search(rf'"disabledExtensions": \[[^\]]*"{re.escape(ANNOUNCEMENTS)}"', config), config[:400]
        # JupyterLab is restored once its file browser lists the course; without the repository's configuration
        # the question pops up at that very moment (a fraction of a second later), so five seconds is ample.
        page.locator(".jp-DirListing-item", has_text="notebooks").first.wait_for(state="visible", timeout=90_000)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            assert not page.get_by_text("get notified about official Jupyter news").count()
            page.wait_for_timeout(250)
    finally:
        page.close()
        os.killpg(lab.pid, signal.SIGTERM)
        try:
            lab.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, signal.SIGKILL)
            lab.wait(timeout=10)
        log.close()
