"""Fixtures for the book's tests: the built site (make test builds it first) and a local web server for it."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from book_paths import ROOT, SITE


@pytest.fixture(scope="session")
def site() -> Path:
    """The built book; the tests read it and never build it (that takes minutes: `make book` does)."""
    if not (SITE / "intro.html").exists():
        pytest.fail(
            f"The book is not built: {SITE.relative_to(ROOT)}/intro.html is missing. "
            "Run `make book` (python book/build.py) first; `make test` does it for you."
        )
    return SITE


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files without a log line per request."""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        """Say nothing."""


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """The address of the built book on a local web server on a free port, for the browser test."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
