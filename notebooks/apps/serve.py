"""Serve the course as web pages with Voilà: the apps, and every chapter without its code.

    .venv/bin/python notebooks/apps/serve.py            # http://127.0.0.1:8866/ (or the next free port)
    .venv/bin/python notebooks/apps/serve.py --port=9000

This is plain Voilà serving the folder ``notebooks/``, with these things added:

* its configuration is the repository's own, ``notebooks/apps/voila/voila.json``
  (sources stripped, no code execution from the browser, timeouts, pre-heated kernels
  for the apps, how long a game may wait for its player), never a file in the user's home;
* its page template is ``notebooks/apps/voila/templates/course``: Voilà's "lab" template
  without the stylesheets it would fetch from a CDN, with landmarks for screen readers,
  and a watch on the page's kernel: when it stops, the page says so;
* the front page ``/`` opens the landing page that links the apps, not a file listing;
* each page gets the ``_xsrf`` cookie that Voilà's own page sends back when its tab is
  closed, asking the server to stop the page's kernel;
* a kernel that no browser ever connects to (a plain GET, a crawler) is stopped after
  a minute, and the server runs at most ``max_kernels`` kernels (the pre-heated ones
  included): beyond that a visitor gets a friendly "the demo is full" page;
* the table server of "Play with friends" (``cardlib/friends/server.py``): its API under
  ``/friends/api/tables``, its tables in SQLite (or in Redis when ``CARDLIB_FRIENDS_REDIS`` names one), its limits
  in ``notebooks/apps/voila/friends.json``; the pages' kernels find it at ``CARDLIB_FRIENDS_URL``;
* a class can come at once: kernels are forked from a warm Python that has already
  imported the kernel and the course (Linux; see kernel_forks.py, which also says why),
  new kernels run their notebook a few at a time, so that the first visitors of a crowd
  are served first, and the page templates are compiled once (the server spent 0.23 s per
  page compiling the same Jinja templates again).

Any other Voilà option can be given on the command line and wins over the file.
It runs as root as well (Voilà, unlike JupyterLab, has no --allow-root check).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from jupyter_client.provisioning import LocalProvisioner
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.web import HTTPError, RedirectHandler
from traitlets import Bool, Float, Integer, default
from traitlets.config.loader import DeferredConfig
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler

from cardlib.friends.server import FriendsServer, friends_server, kernel_url

from kernel_forks import KernelForks

HERE = Path(__file__).resolve().parent  # notebooks/apps
NOTEBOOKS = HERE.parent  # what Voilà serves
CONFIG_DIR = HERE / "voila"  # voila.json, and templates/course/
LANDING_PAGE = "voila/render/apps/index.ipynb"
CAN_FORK = hasattr(os, "pidfd_open")  # Linux: the server watches and signals forked kernels through pidfds

FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The demo is full</title>
<style>body {{ font-family: system-ui, sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em;
color: #1b1b1b; line-height: 1.5 }} a {{ color: #0d47a1; text-decoration: underline }}</style></head>
<body><main><h1>The demo is full — try again in a minute</h1>
<p>Every seat at the card table is taken right now: this server plays at most {seats} games at once.
A seat frees up as soon as someone closes their page, or leaves a game alone too long.</p>
<p><a href="{url}">Try again</a></p></main></body></html>
"""


def use_course_templates() -> None:
    """Let Voilà find the course template: Jupyter looks for templates in JUPYTER_PATH/voila/templates."""
    paths = [str(HERE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)


# ---------------------------------------------------------------------------
# Kernels forked from the warm Python


class ForkedKernelProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, but the kernel process is forked from the warm Python."""

    forks: KernelForks | None = None  # set once the server has started the warm Python

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        """Fork the kernel from the warm Python; start it the usual way if that cannot be done."""
        forks = ForkedKernelProvisioner.forks
        if forks is None or not forks.can_fork(cmd):
            return await super().launch_kernel(cmd, **kwargs)
        env = {**(kwargs.get("env") or os.environ)}
        cwd = str(kwargs.get("cwd") or Path.cwd())
        try:
            kernel = await asyncio.get_running_loop().run_in_executor(None, forks.fork, cmd, env, cwd)
        except OSError as error:
            self.log.warning("Could not fork a kernel (%s); starting one the usual way", error)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = kernel  # type: ignore[assignment]  # a ForkedKernel does what jupyter_client asks of a Popen
        self.pid = self.pgid = kernel.pid  # the child made itself a process group leader
        self.cwd = cwd
        return self.connection_info


class ForkingKernelManager(ServerKernelManager):
    """A kernel manager whose kernels are forked (see ForkedKernelProvisioner)."""

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        """Give the kernel our provisioner before jupyter_client would give it its own."""
        if self.provisioner is None:
            self.provisioner = ForkedKernelProvisioner(
                kernel_id=self.kernel_id or "", parent=self, kernel_spec=self.kernel_spec
            )
        return await super()._async_pre_start_kernel(**kw)


# ---------------------------------------------------------------------------
# How many kernels, and for how long


class CourseKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on kernels and a short life for kernels nobody connects to.

    Voilà wraps it with its pools of pre-heated kernels (VoilaKernelManager)."""

    max_kernels = Integer(
        40,
        config=True,
        help="""At most this many kernels at once, the pre-heated ones
        included; a visitor beyond that gets the 'demo is full' page.""",
    )
    unvisited_timeout = Float(
        60,
        config=True,
        help="""Stop a visitor's kernel that no browser has connected
        to within this many seconds (a page fetched by a script or a crawler).""",
    )
    unvisited_interval = Float(5, config=True, help="How often (seconds) to look for such kernels.")
    fork_kernels = Bool(
        True,
        config=True,
        help="""Fork kernels from a warm Python (Linux), instead of
        starting each from scratch. Restart the server after changing cardlib.""",
    )
    concurrent_starts = Integer(
        0,
        config=True,
        help="""Run at most this many notebooks at once in new
        kernels (0: three per CPU core); other visitors wait their turn, so the first are served first.""",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pages_opening = 0  # pages being served that have not got their kernel yet
        self.visited: set[str] = set()  # kernels a browser has connected to
        self.unvisited_since: dict[str, float] = {}
        self.unvisited_sweep: PeriodicCallback | None = None
        self.starting = asyncio.Semaphore(self.concurrent_starts or 3 * (os.cpu_count() or 2))

    def _create_kernel_manager_factory(self) -> Callable:
        """What makes each kernel's manager: one that forks, when we fork."""
        if not self.fork_kernels or not CAN_FORK:
            return super()._create_kernel_manager_factory()

        def create_kernel_manager(*args: Any, **kwargs: Any) -> ForkingKernelManager:
            """A forking kernel manager sharing our ZeroMQ context, as jupyter_client's own factory does."""
            kwargs.setdefault("context", self.context)
            return ForkingKernelManager(*args, **kwargs)

        return create_kernel_manager

    # -- the cap
    def kernel_count(self) -> int:
        """Kernels running or starting, pre-heated ones included."""
        return len(set(self._kernels) | set(self._pending_kernels))

    def is_full(self) -> bool:
        """Would one more visitor's page take more kernels than the cap allows?"""
        return self.kernel_count() + self.pages_opening >= self.max_kernels

    def has_preheated(self, notebook: str) -> bool:
        """Does Voilà keep pre-heated kernels for this notebook (in the pools it mixes into this class)?"""
        pool_size: Callable[[str], int] | None = getattr(self, "get_pool_size", None)
        return bool(pool_size and pool_size(notebook))

    # jupyter_server's start_kernel is a coroutine too, where jupyter_client's base class has a plain method.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel, unless it is a visitor's and the demo is full."""
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # a visitor's kernel, not a pool's
            page = opening_page.get()
            if page is not None:
                page.page_has_kernel()  # from now on counted among the kernels
                # whose tables the page's kernel makes (the limit of tables an address is the visitor's)
                if kwargs.get("env") is not None:
                    kwargs["env"]["CARDLIB_VISITOR_ADDRESS"] = page.request.remote_ip or ""
            if self.is_full():
                raise HTTPError(503, reason="The demo is full")
        return await super().start_kernel(*args, **kwargs)

    # -- kernels nobody connects to
    def notify_connect(self, kernel_id: str) -> None:
        """A browser has connected to this kernel."""
        self.visited.add(kernel_id)
        super().notify_connect(kernel_id)

    def initialize_culler(self) -> None:
        """Start Jupyter's culler of idle kernels, and our sweep of kernels nobody connects to."""
        super().initialize_culler()
        if self.unvisited_sweep is None and self.unvisited_timeout > 0:
            self.unvisited_sweep = PeriodicCallback(self.stop_unvisited_kernels, 1000 * self.unvisited_interval)
            self.unvisited_sweep.start()
            self.log.info("Stopping kernels that no browser connects to within %s seconds", self.unvisited_timeout)

    def preheated(self) -> set[str]:
        """Kernels waiting, pre-heated, in Voilà's pools (they wait for a visitor and are never stopped here)."""
        waiting = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    waiting.add(task.result()["kernel_id"])
        return waiting

    async def stop_unvisited_kernels(self) -> None:
        """Stop the visitors' kernels that no browser has connected to for unvisited_timeout seconds."""
        now, running, waiting = time.monotonic(), set(self._kernels), self.preheated()
        self.visited &= running
        for kernel_id in running - self.visited:
            if kernel_id in waiting or self.is_running_its_notebook(kernel_id):
                self.unvisited_since.pop(kernel_id, None)  # still pre-heated, or still running the notebook
            elif now - self.unvisited_since.setdefault(kernel_id, now) >= self.unvisited_timeout:
                await self.stop_unvisited(kernel_id)
        for kernel_id in set(self.unvisited_since) - running:
            del self.unvisited_since[kernel_id]

    def is_running_its_notebook(self, kernel_id: str) -> bool:
        """Is this kernel still starting, or busy (running its page's notebook)?"""
        return getattr(self._kernels[kernel_id], "execution_state", "") in ("starting", "busy")

    async def stop_unvisited(self, kernel_id: str) -> None:
        """Stop a kernel no browser has connected to in time, and say so in the log."""
        self.log.warning(
            "Stopping kernel %s: no browser connected to it within %s seconds", kernel_id, self.unvisited_timeout
        )
        self.unvisited_since.pop(kernel_id, None)
        await self.shutdown_kernel(kernel_id)


# ---------------------------------------------------------------------------
# Pages

# The page being served by the current task: its kernel, once started, stops counting as a page opening.
opening_page: contextvars.ContextVar[CourseVoilaHandler | None] = contextvars.ContextVar("page", default=None)


class CourseVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler, refusing pages beyond the cap and setting the _xsrf cookie a page needs
    to stop its kernel on close."""

    opening = False  # counted among the kernel manager's pages_opening

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        """Set the _xsrf cookie; count a page that will want a kernel, or refuse it if the demo is full."""
        await super().prepare(*args, **kwargs)
        self.xsrf_token  # noqa: B018 - reading the token sets the cookie
        manager = self.kernel_manager
        if isinstance(manager, CourseKernelManager) and self.request.method == "GET":
            if manager.is_full():
                raise HTTPError(503, reason="The demo is full")
            manager.pages_opening += 1
            self.opening = True
            opening_page.set(self)

    async def get(self, path: str | None = None) -> None:
        """Serve the page; a page whose kernel must run the notebook first waits its turn."""
        manager = self.kernel_manager
        if isinstance(manager, CourseKernelManager) and not manager.has_preheated(path or ""):
            # A new kernel runs the notebook: a few at a time, so that the first visitors of a
            # crowd get their page first instead of everybody getting it last.
            async with manager.starting:
                return await super().get(path)
        return await super().get(path)

    def page_has_kernel(self) -> None:
        """The page's kernel has started (or left a pool): it is counted among the kernels from now on."""
        if self.opening:
            self.opening = False
            self.kernel_manager.pages_opening -= 1

    def flush(self, *args: Any, **kwargs: Any) -> Any:
        """Send what is written so far: the page has its kernel by now."""
        self.page_has_kernel()
        return super().flush(*args, **kwargs)

    def on_finish(self) -> None:
        """The page is served."""
        self.page_has_kernel()
        super().on_finish()

    def on_connection_close(self) -> None:
        """The visitor went away before the page was served."""
        self.page_has_kernel()
        super().on_connection_close()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """The friendly 'demo is full' page for 503; Voilà's own error page otherwise."""
        if status_code != 503:
            return super().write_error(status_code, **kwargs)
        self.set_header("Retry-After", "60")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(FULL_PAGE.format(seats=self.kernel_manager.max_kernels, url=self.request.uri))


class MemoryBytecodeCache(BytecodeCache):
    """Compiled Jinja templates, kept for the server's life (keyed by name and source checksum)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket with the template compiled before, if any."""
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template."""
        self.compiled[bucket.key] = bucket.bytecode_to_string()


def share_compiled_templates() -> None:
    """Voilà makes a new Jinja environment for every page; let them all share the compiled templates."""
    cache = MemoryBytecodeCache()
    create_environment = VoilaExporter._create_environment

    def environment_with_cache(exporter: VoilaExporter) -> Any:
        """Voilà's Jinja environment for a page, with the shared cache."""
        environment = create_environment(exporter)
        environment.bytecode_cache = cache
        return environment

    VoilaExporter._create_environment = environment_with_cache


# ---------------------------------------------------------------------------
# The server


class CourseVoila(Voila):
    """Voilà with the repository's configuration, the landing page at '/', kernel forks and a cap on kernels."""

    name = "voila"  # so the configuration file is voila.json, as for plain Voilà
    forks: KernelForks | None = None
    friends: FriendsServer | None = None

    @default("config_file_paths")
    def _course_config_paths(self) -> list[str]:
        """Read the configuration from notebooks/apps/voila only, never from the user's home."""
        return [str(CONFIG_DIR)]

    def initialize(self, argv: Any = None) -> None:
        """Voilà's set-up, with our kernel manager, and the time limits for the page to say."""
        super().initialize(argv)
        self.voila_configuration.multi_kernel_manager_class = CourseKernelManager
        self.voila_configuration.config.VoilaConfiguration.resources = {"course": self.time_limits()}

    def time_limits(self) -> dict[str, int]:
        """How long a game waits for its player's next move (0: for ever), for the page to say."""
        return {"idle_seconds": int(self.config.get("MappingKernelManager", {}).get("cull_idle_timeout", 0))}

    def init_settings(self) -> Any:
        """Voilà's settings, made once all pages share the compiled templates."""
        share_compiled_templates()
        return super().init_settings()

    def init_handlers(self) -> Any:
        """Voilà's handlers with ours for pages, and '/' sent to the landing page."""
        # Tornado takes the first rule that matches, so this one shadows the file listing;
        # the listing stays reachable at /voila/tree.
        landing = self.server_url + LANDING_PAGE
        handlers = [
            (rule[0], CourseVoilaHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
            for rule in super().init_handlers()
        ]
        self.friends = friends_server(CONFIG_DIR / "friends.json")
        return [
            (self.server_url, RedirectHandler, {"url": landing}),
            *self.friends.handlers(self.server_url),
            *handlers,
        ]

    def start(self) -> None:
        """Start the warm Python (unless told not to fork), serve until stopped, then stop the warm Python."""
        if self.forks_kernels():
            self.forks = ForkedKernelProvisioner.forks = KernelForks()
        IOLoop.current().add_callback(self.announce)
        try:
            super().start()
        finally:
            if self.forks is not None:
                self.forks.close()
            if self.friends is not None:
                self.friends.close()

    def forks_kernels(self) -> bool:
        """Will the kernel manager fork kernels (CourseKernelManager.fork_kernels, from the file or command line)?"""
        value = self.config.get("CourseKernelManager", {}).get("fork_kernels", True)
        if isinstance(value, DeferredConfig):  # given on the command line: text until a trait reads it ("False")
            value = value.get_value(CourseKernelManager.class_traits()["fork_kernels"])
        return CAN_FORK and bool(value)

    def announce(self) -> None:
        """Say where the course is, once the port is known."""
        url = f"http://{self.ip}:{self.port}{self.base_url}"
        os.environ["CARDLIB_FRIENDS_URL"] = kernel_url(self.ip, self.port, self.base_url)  # for the pages' kernels
        if self.friends is not None:  # how they vouch for their visitors (never sent to a browser)
            os.environ["CARDLIB_FRIENDS_KERNEL_KEY"] = self.friends.kernel_key
        print(f"\nThe course is served at {url}  (landing page: {url}{LANDING_PAGE})", flush=True)
        if self.friends is not None:
            print(self.friends.teacher_note(), flush=True)
        print("Stop it with Ctrl-C.\n", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Serve notebooks/ with the course's Voilà configuration; extra arguments go to Voilà."""
    args = sys.argv[1:] if argv is None else argv
    use_course_templates()
    CourseVoila.launch_instance(argv=[str(NOTEBOOKS), *args])


if __name__ == "__main__":
    main()
