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
* a class can come at once: kernels are forked from a warm Python that has already
  imported the kernel and the course (Linux), and the page templates are compiled once.

Any other Voilà option can be given on the command line and wins over the file.
It runs as root as well (Voilà, unlike JupyterLab, has no --allow-root check).

Why forking: twenty visitors at once on two cores used to wait 6 s (10–12 s while the
machine was busy with other work), and the profile said where the time went: each new
kernel spent 0.64 s of CPU importing and setting up IPython, ipykernel (with its debugger)
and the course before running a single cell, and the server spent 0.23 s per page, most of it
compiling the same Jinja templates again. A forked kernel starts with all of that imported (0.1 s of
CPU), sharing the imported code's memory with its siblings (its own memory falls from 40 to
21 MB); the compiled templates are kept; and new kernels run their notebook a few at a time,
so that the first visitors of a crowd are served first. Twenty visitors now wait 2.5–3.7 s
(median) on the same busy machine (tests/browser/load.py).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent  # notebooks/apps
NOTEBOOKS = HERE.parent  # what Voilà serves
CONFIG_DIR = HERE / "voila"  # voila.json, and templates/course/
LANDING_PAGE = "voila/render/apps/index.ipynb"
FORK_KERNELS = "--fork-kernels"  # serve.py run as the warm Python that forks kernels

# What every kernel of the course imports: the warm Python imports it once, every kernel inherits it.
# Beside the course and ipywidgets, that is what ipykernel imports as it starts (its debugger, which
# brings debugpy, the history's sqlite3, IPython's completer and store magic): half a kernel's start.
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.debugger", "IPython.core.completerlib",
           "IPython.extensions.storemagic", "sqlite3", "ipywidgets", "cardlib", "cardlib.widgets", "cardlib.bots")

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
# The warm Python: imports what kernels need once, then forks a kernel for each request.
# It runs in its own process (serve.py --fork-kernels FD), so it holds nothing of the server.


def serve_kernel_forks(fd: int) -> None:
    """Import the kernel and the course, then fork one kernel per request read from the socket fd."""
    if sys.path and Path(sys.path[0]).resolve() == HERE:  # kernels must not import from notebooks/apps
        del sys.path[0]
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which stops us by closing the socket
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # debugpy's warning about frozen modules
    import importlib

    for module in PRELOAD:
        importlib.import_module(module)
    server = socket.socket(fileno=fd)
    server.settimeout(5)  # wake up now and then to reap kernels that have ended
    while True:
        try:
            request = server.recv(1 << 20)
        except TimeoutError:
            reap_ended_kernels()
            continue
        if not request:
            return  # the server has gone
        pid = os.fork()
        if pid == 0:
            server.close()
            become_kernel(json.loads(request))
        pidfd = os.pidfd_open(pid)  # the server watches and signals the kernel through this
        socket.send_fds(server, [json.dumps({"pid": pid}).encode()], [pidfd])
        os.close(pidfd)
        reap_ended_kernels()


def reap_ended_kernels() -> None:
    """Collect the exit status of kernels that have ended, so none lingers as a zombie."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def become_kernel(request: dict[str, Any]) -> None:
    """In the forked child: become the kernel `python -m ipykernel_launcher ARGS` would have started; never return."""
    code = 1
    try:
        os.setsid()  # its own process group, as jupyter_client gives a kernel (interrupts go to the group)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        os.close(stdin)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.environ["JPY_PARENT_PID"] = str(os.getppid())  # the kernel stops if the warm Python goes away
        from ipykernel import kernelapp

        sys.argv = [kernelapp.__file__, *request["args"]]
        kernelapp.launch_new_instance(argv=request["args"])
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    finally:
        import atexit

        atexit._run_exitfuncs()  # what a normal exit would run (the kernel's history, its log)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


# ---------------------------------------------------------------------------
# The server


def course_voila_class() -> type:
    """Voilà with the repository's configuration, the landing page at '/', kernel forks and a cap on kernels."""
    import asyncio
    import contextvars
    import select
    import subprocess
    import threading
    import time

    from jinja2 import BytecodeCache
    from jinja2.bccache import Bucket
    from jupyter_client.provisioning import LocalProvisioner
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
    from tornado.ioloop import IOLoop, PeriodicCallback
    from tornado.web import HTTPError, RedirectHandler
    from traitlets import Bool, Float, Integer, default
    from voila.app import Voila
    from voila.exporter import VoilaExporter
    from voila.tornado.handler import TornadoVoilaHandler

    # -- kernels forked from the warm Python ------------------------------------------------

    class KernelForks:
        """The server's end of the warm Python: ask it for a kernel, get the kernel's pid and a pidfd."""

        def __init__(self) -> None:
            self.socket, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            self.process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), FORK_KERNELS,
                                             str(theirs.fileno())], pass_fds=[theirs.fileno()])
            theirs.close()
            self.lock = threading.Lock()  # one request at a time on the socket

        def fork(self, cmd: list[str], env: dict[str, str], cwd: str) -> ForkedKernel:
            """A new kernel process running `cmd` (python -m ipykernel_launcher ...), in cwd with env."""
            request = json.dumps({"args": cmd[3:], "env": env, "cwd": cwd}).encode()
            with self.lock:
                self.socket.sendall(request)
                reply, fds, _flags, _address = socket.recv_fds(self.socket, 4096, 1)
            if not fds:
                raise OSError("the warm Python did not fork a kernel")
            return ForkedKernel(json.loads(reply)["pid"], fds[0])

        @staticmethod
        def can_fork(cmd: list[str]) -> bool:
            """Is this the command of a Python kernel of this very Python, which the warm Python can fork?"""
            return (len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"]
                    and Path(cmd[0]).resolve() == Path(sys.executable).resolve())

        def close(self) -> None:
            """Stop the warm Python (kernels it forked stop when they see it gone, or when the server stops them)."""
            self.socket.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    class ForkedKernel:
        """A forked kernel process, with what jupyter_client asks of a Popen; it is not our child, so a pidfd
        tells when it ends and carries our signals to it."""

        stdin = stdout = stderr = None

        def __init__(self, pid: int, pidfd: int) -> None:
            self.pid, self.pidfd = pid, pidfd
            self.returncode: int | None = None

        def poll(self) -> int | None:
            """None while it runs; once it has ended, its return code (unknown to us: 0)."""
            if self.returncode is None and select.select([self.pidfd], [], [], 0)[0]:
                self.returncode = 0
                os.close(self.pidfd)
            return self.returncode

        def wait(self, timeout: float | None = None) -> int:
            """Wait until it has ended."""
            if self.returncode is None:
                select.select([self.pidfd], [], [], timeout)
            code = self.poll()
            if code is None:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
            return code

        def send_signal(self, signum: int) -> None:
            if self.poll() is None:
                signal.pidfd_send_signal(self.pidfd, signum)

        def terminate(self) -> None:
            self.send_signal(signal.SIGTERM)

        def kill(self) -> None:
            self.send_signal(signal.SIGKILL)

    class ForkedKernelProvisioner(LocalProvisioner):
        """jupyter_client's local provisioner, but the kernel process is forked from the warm Python."""

        forks: KernelForks | None = None  # set once the server has started the warm Python

        async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
            forks = ForkedKernelProvisioner.forks
            if forks is None or not forks.can_fork(cmd):
                return await super().launch_kernel(cmd, **kwargs)
            env = {**(kwargs.get("env") or os.environ)}
            cwd = str(kwargs.get("cwd") or Path.cwd())
            try:
                self.process = await asyncio.get_running_loop().run_in_executor(None, forks.fork, cmd, env, cwd)
            except OSError as error:
                self.log.warning("Could not fork a kernel (%s); starting one the usual way", error)
                return await super().launch_kernel(cmd, **kwargs)
            self.pid = self.pgid = self.process.pid  # the child made itself a process group leader
            self.cwd = cwd
            return self.connection_info

    class ForkingKernelManager(ServerKernelManager):
        """A kernel manager whose kernels are forked (see ForkedKernelProvisioner)."""

        async def _async_pre_start_kernel(self, **kw: Any) -> Any:
            if self.provisioner is None:
                self.provisioner = ForkedKernelProvisioner(kernel_id=self.kernel_id or "", parent=self,
                                                           kernel_spec=self.kernel_spec)
            return await super()._async_pre_start_kernel(**kw)

    # -- how many kernels, and for how long ------------------------------------------------------

    class CourseKernelManager(AsyncMappingKernelManager):
        """Jupyter's kernel manager with a cap on kernels and a short life for kernels nobody connects to.

        Voilà wraps it with its pools of pre-heated kernels (VoilaKernelManager)."""

        max_kernels = Integer(40, config=True, help="""At most this many kernels at once, the pre-heated ones
            included; a visitor beyond that gets the 'demo is full' page.""")
        unvisited_timeout = Float(60, config=True, help="""Stop a visitor's kernel that no browser has connected
            to within this many seconds (a page fetched by a script or a crawler).""")
        unvisited_interval = Float(5, config=True, help="How often (seconds) to look for such kernels.")
        fork_kernels = Bool(True, config=True, help="""Fork kernels from a warm Python (Linux), instead of
            starting each from scratch. Restart the server after changing cardlib.""")
        concurrent_starts = Integer(0, config=True, help="""Run at most this many notebooks at once in new
            kernels (0: three per CPU core); other visitors wait their turn, so the first are served first.""")

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.pages_opening = 0  # pages being served that have not got their kernel yet
            self.visited: set[str] = set()  # kernels a browser has connected to
            self.unvisited_since: dict[str, float] = {}
            self.unvisited_sweep: PeriodicCallback | None = None
            self.starting = asyncio.Semaphore(self.concurrent_starts or 3 * (os.cpu_count() or 2))

        def _create_kernel_manager_factory(self) -> Any:
            if not self.fork_kernels or not hasattr(os, "pidfd_open"):
                return super()._create_kernel_manager_factory()

            def create_kernel_manager(*args: Any, **kwargs: Any) -> ForkingKernelManager:
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

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # a visitor's kernel, not a pool's
                page = opening_page.get()
                if page is not None:
                    page.page_has_kernel()  # from now on counted among the kernels
                if self.is_full():
                    raise HTTPError(503, reason="The demo is full")
            return await super().start_kernel(*args, **kwargs)

        # -- kernels nobody connects to
        def notify_connect(self, kernel_id: str) -> None:
            self.visited.add(kernel_id)
            super().notify_connect(kernel_id)

        def initialize_culler(self) -> None:
            super().initialize_culler()
            if self.unvisited_sweep is None and self.unvisited_timeout > 0:
                self.unvisited_sweep = PeriodicCallback(self.stop_unvisited_kernels, 1000 * self.unvisited_interval)
                self.unvisited_sweep.start()
                self.log.info("Stopping kernels that no browser connects to within %s seconds",
                              self.unvisited_timeout)

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
                kernel = self._kernels[kernel_id]
                if kernel_id in waiting or getattr(kernel, "execution_state", "") in ("starting", "busy"):
                    self.unvisited_since.pop(kernel_id, None)  # still pre-heated, or still running the notebook
                    continue
                since = self.unvisited_since.setdefault(kernel_id, now)
                if now - since >= self.unvisited_timeout:
                    self.log.warning("Stopping kernel %s: no browser connected to it within %s seconds",
                                     kernel_id, self.unvisited_timeout)
                    self.unvisited_since.pop(kernel_id, None)
                    await self.shutdown_kernel(kernel_id)
            for kernel_id in set(self.unvisited_since) - running:
                del self.unvisited_since[kernel_id]

    # -- pages ------------------------------------------------------------------------------

    # The page being served by the current task: its kernel, once started, stops counting as a page opening.
    opening_page: contextvars.ContextVar[CourseVoilaHandler | None] = contextvars.ContextVar("page", default=None)

    class CourseVoilaHandler(TornadoVoilaHandler):
        """Voilà's page handler, refusing pages beyond the cap and setting the _xsrf cookie a page needs
        to stop its kernel on close."""

        opening = False  # counted among the kernel manager's pages_opening

        async def prepare(self, *args: Any, **kwargs: Any) -> None:
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
            manager = self.kernel_manager
            if isinstance(manager, CourseKernelManager) and not manager.get_pool_size(path or ""):
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
            self.page_has_kernel()
            return super().flush(*args, **kwargs)

        def on_finish(self) -> None:
            self.page_has_kernel()
            super().on_finish()

        def on_connection_close(self) -> None:
            self.page_has_kernel()
            super().on_connection_close()

        def write_error(self, status_code: int, **kwargs: Any) -> None:
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
            if bucket.key in self.compiled:
                bucket.bytecode_from_string(self.compiled[bucket.key])

        def dump_bytecode(self, bucket: Bucket) -> None:
            self.compiled[bucket.key] = bucket.bytecode_to_string()

    class CourseVoila(Voila):
        """Voilà as the course serves it."""

        name = "voila"  # so the configuration file is voila.json, as for plain Voilà
        forks: KernelForks | None = None

        @default("config_file_paths")
        def _course_config_paths(self) -> list[str]:
            return [str(CONFIG_DIR)]

        def initialize(self, argv: Any = None) -> None:
            super().initialize(argv)
            self.voila_configuration.multi_kernel_manager_class = CourseKernelManager
            # What the page says about time limits, from the configuration that sets them.
            self.voila_configuration.config.VoilaConfiguration.resources = {"course": self.time_limits()}

        def time_limits(self) -> dict[str, int]:
            """How long a game waits for its player's next move (0: for ever), for the page to say."""
            return {"idle_seconds": int(self.config.get("MappingKernelManager", {}).get("cull_idle_timeout", 0))}

        def init_settings(self) -> dict:
            # Voilà makes a new Jinja environment for every page; let them all share the compiled templates.
            cache = MemoryBytecodeCache()
            create_environment = VoilaExporter._create_environment

            def environment_with_cache(exporter: VoilaExporter) -> Any:
                environment = create_environment(exporter)
                environment.bytecode_cache = cache
                return environment

            VoilaExporter._create_environment = environment_with_cache
            return super().init_settings()

        def init_handlers(self) -> list:
            # Tornado takes the first rule that matches, so this one shadows the file listing;
            # the listing stays reachable at /voila/tree.
            landing = self.server_url + LANDING_PAGE
            handlers = [(rule[0], CourseVoilaHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
                        for rule in super().init_handlers()]
            return [(self.server_url, RedirectHandler, {"url": landing}), *handlers]

        def start(self) -> None:
            manager = self.config.get("CourseKernelManager", {})
            if manager.get("fork_kernels", True) and hasattr(os, "pidfd_open"):
                self.forks = ForkedKernelProvisioner.forks = KernelForks()
            IOLoop.current().add_callback(self.announce)
            try:
                super().start()
            finally:
                if self.forks is not None:
                    self.forks.close()

        def announce(self) -> None:
            """Say where the course is, once the port is known."""
            url = f"http://{self.ip}:{self.port}{self.base_url}"
            print(f"\nThe course is served at {url}  (landing page: {url}{LANDING_PAGE})\n"
                  "Stop it with Ctrl-C.\n", flush=True)

    return CourseVoila


def main(argv: list[str] | None = None) -> None:
    """Serve notebooks/ with the course's Voilà configuration; extra arguments go to Voilà."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == [FORK_KERNELS]:
        serve_kernel_forks(int(args[1]))
        return
    use_course_templates()
    course_voila_class().launch_instance(argv=[str(NOTEBOOKS), *args])


if __name__ == "__main__":
    main()
