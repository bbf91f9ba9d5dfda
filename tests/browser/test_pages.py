"""The course served by Voilà, seen in a real browser: the landing page, the chapters, the safety rules.

Each test opens pages on the server that `make demo` runs (see conftest.py), with
every request to another host aborted, and checks that the page works, shows no
code and no error, passes axe-core's accessibility checks (WCAG 2.1 AA and best
practices), and that nothing was fetched from the internet.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
import websocket

from voila_harness import ERROR_TEXT, REPO, AppPage, kernel_id_of

APPS = ["play-ecarte", "play-alkort", "rank-lab", "deal-explorer"]

# Every chapter of the course must work as a page too (the first ones, at least, always exist).
CHAPTERS = sorted(path.stem for path in (REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))
assert {"00-welcome", "02-alkort-ranking"} <= set(CHAPTERS)


@pytest.mark.parametrize(
    "text, is_error",
    [
        ("There was an error when executing cell [3]. Please run Voilà with --show_tracebacks=True", True),
        ("Traceback (most recent call last):\n  File ...", True),
        ("Cards\nKeyError: 'X'", True),
        ("we say so in words rather than with a KeyError.", False),
        ("Player 1 plays K♦ — Leads its best card.", False),
    ],
)
def test_the_error_detector_tells_errors_from_prose(text: str, is_error: bool):
    assert bool(ERROR_TEXT.search(text)) is is_error


def test_front_page_is_the_landing_page_linking_every_app(app_page: AppPage, artifacts: Path):
    page = app_page.page
    page.goto(app_page.base_url, timeout=90_000)  # "/" redirects to the landing page
    links = page.locator("#rendered_cells a")
    links.filter(has_text="Play Écarté").wait_for(timeout=90_000)
    # The chapter list is a code cell's output: Voilà renders it after the prose above it.
    page.locator('#rendered_cells a[href="../00-welcome.ipynb"]').wait_for(timeout=90_000)
    assert page.url.endswith("/voila/render/apps/index.ipynb")
    hrefs = {link.get_attribute("href") for link in links.all()}
    assert {f"{app}.ipynb" for app in APPS} <= hrefs
    assert "../00-welcome.ipynb" in hrefs, "the landing page lists the chapters"
    assert app_page.problems() == []
    assert app_page.accessibility_problems() == []
    app_page.screenshot("landing", artifacts, readme=True)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_renders_without_code_and_with_working_widgets(chapter: str, app_page: AppPage, artifacts: Path):
    assert (REPO / "notebooks" / f"{chapter}.ipynb").exists()
    page = app_page.open(f"{chapter}.ipynb", ready="#rendered_cells h1")
    page.wait_for_load_state("networkidle")
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0, "code is hidden"
    assert app_page.problems() == []  # a cell that failed shows its error at once
    assert app_page.accessibility_problems() == []
    if uses_widgets(REPO / "notebooks" / f"{chapter}.ipynb"):
        widgets = page.locator(".jupyter-widgets")
        widgets.first.wait_for(state="visible", timeout=60_000)
        # The widgets are live: a click on the first button of the course's widgets gets the kernel's answer.
        live = page.locator(".cardlib-new-deal, .cardlib-card-playable, .cardlib-action, .cardlib-start-game")
        if live.count():
            app_page.act(live.first.click, lambda p: p.locator("#rendered_cells").inner_text())
    assert app_page.problems() == []
    app_page.screenshot(f"chapter-{chapter}", artifacts)


def uses_widgets(notebook: Path) -> bool:
    """Does a code cell of this notebook import widgets?"""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(
        cell["cell_type"] == "code" and re.search(r"import.*widgets|widgets import", "".join(cell["source"]))
        for cell in cells
    )


def kernel_message(msg_type: str, content: dict) -> str:
    """A Jupyter protocol message (JSON over the websocket) of this type, on the shell channel."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": uuid.uuid4().hex,
        "username": "visitor",
        "version": "5.3",
        "date": "",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}
    )


def replies(ws: websocket.WebSocket, seconds: float) -> list[str]:
    """The types of the messages the kernel sends back within the time given."""
    seen, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            seen.append(json.loads(ws.recv())["header"]["msg_type"])
        except websocket.WebSocketTimeoutException:
            break
    return seen


def test_a_visitor_cannot_run_code_on_the_server(voila_url: str, tmp_path: Path):
    # Open a page as a visitor would, then talk to its kernel directly, as a script on the page could.
    with urllib.request.urlopen(voila_url + "voila/render/00-welcome.ipynb", timeout=90) as response:
        kernel = kernel_id_of(response.read().decode())
    ws_url = voila_url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
    ws = websocket.create_connection(ws_url, timeout=10)
    try:
        ws.send(kernel_message("kernel_info_request", {}))
        assert "kernel_info_reply" in replies(ws, 10), "the channel works for allowed messages"
        witness = tmp_path / "executed"
        code = f"open({str(witness)!r}, 'w').write('the browser ran code')"
        ws.send(
            kernel_message(
                "execute_request",
                {"code": code, "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False},
            )
        )
        assert "execute_reply" not in replies(ws, 3)
        assert not witness.exists(), "Voilà let the browser execute code"
    finally:
        ws.close()


def test_closing_a_tab_stops_its_kernel(browser_context, voila_url: str, artifacts: Path):
    app = AppPage(browser_context, voila_url)
    page = app.open("apps/deal-explorer.ipynb", ready=".cardlib-deal-explorer")
    kernel = kernel_id_of(page.content())
    app.close()
    log = artifacts / "voila.log"  # the server's output (see conftest.py)
    deadline = time.monotonic() + 20
    while f"Kernel shutdown: {kernel}" not in log.read_text():
        assert time.monotonic() < deadline, "the kernel of a closed tab still runs"
        time.sleep(0.2)


def test_the_server_runs_with_the_repository_configuration(voila_url: str, artifacts: Path):
    # The server's own log shows that it read notebooks/apps/voila/voila.json: idle kernels are
    # culled, and each app has a pre-heated kernel waiting for its next visitor.
    config = json.loads((REPO / "notebooks" / "apps" / "voila" / "voila.json").read_text())
    culling = config["MappingKernelManager"]
    expected = [
        f"Culling kernels with idle durations > {culling['cull_idle_timeout']} seconds",
        *(f"Kernel pool of apps/{app}.ipynb is filled" for app in APPS),
    ]
    log = artifacts / "voila.log"
    deadline = time.monotonic() + 90
    while missing := [line for line in expected if line not in log.read_text()]:
        assert time.monotonic() < deadline, f"the server's log lacks: {missing}"
        time.sleep(0.5)
