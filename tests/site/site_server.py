"""A plain static web server for the built site, as any static host serves it: what the tests and the benchmark share.

It sends `.wasm` as application/wasm and `.mjs` as text/javascript (as real hosts do, and as browsers
require for WebAssembly streaming and module workers), and every other file by its usual type. Like a plain
host (Apache's, nginx's defaults) it sends each file's Last-Modified and answers a browser that has the file with
304 Not Modified, and no Cache-Control: a return visit revalidates what it has cached, the slower case (GitHub
Pages lets a browser reuse a file for 10 minutes without asking). It runs in a thread of this process on a
free port of 127.0.0.1, and logs nothing.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "book" / "_build" / "site"
BUILD = ROOT / "book" / "site" / "build.py"


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files with the types a static host gives them, without a log line per request."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".ipynb": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        """Say nothing."""


@contextmanager
def serving(site: Path = SITE) -> Iterator[str]:
    """Serve the site on a free port of 127.0.0.1 while the block runs; give its address (ending in '/')."""
    handler = functools.partial(StaticHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
