"""The warm Python that the course's kernels are forked from, and the server's end of it (Linux).

The server (serve.py) starts the warm Python as a process of its own, `kernel_forks.py FD SERVER_PID`.
It imports what every kernel needs once, then forks one kernel per request read from the socket FD.
It imports nothing of the server (Voilà, its web server), so no kernel inherits any of that.

Why forking: twenty visitors at once on two cores used to wait 6 s (10–12 s while the machine was
busy with other work), and the profile said where the time went: each new kernel spent 0.64 s of CPU
importing and setting up IPython, ipykernel (with its debugger) and the course before running a single
cell. A forked kernel starts with all of that imported (0.1 s of CPU), sharing the imported code's memory
with its siblings (its own memory falls from 40 to 21 MB). Twenty visitors now wait 2.5–3.7 s (median) on
the same busy machine (tools/load.py).

Nothing is left behind when the server goes, however it goes. The warm Python stops when the server
closes its end of the socket; and the warm Python and every kernel ask Linux to kill them the moment
their parent dies (prctl PR_SET_PDEATHSIG), so a server killed outright (SIGKILL, the out-of-memory
killer, a crash) takes the warm Python with it, and the warm Python its kernels.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, NoReturn

HERE = Path(__file__).resolve().parent  # notebooks/apps

# What every kernel of the course imports: the warm Python imports it once, every kernel inherits it.
# Beside the course and ipywidgets, that is what ipykernel imports as it starts (its debugger, which
# brings debugpy, the history's sqlite3, IPython's completer and store magic): half a kernel's start.
PRELOAD = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.debugger",
    "IPython.core.completerlib",
    "IPython.extensions.storemagic",
    "sqlite3",
    "ipywidgets",
    "cardlib",
    "cardlib.widgets",
    "cardlib.bots",
)

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>: the signal this process gets when its parent dies
# The C library, loaded before any fork so that a forked child only calls it. Forking is for Linux only (the
# server watches its kernels through pidfds); elsewhere the server starts kernels the usual way.
LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform == "linux" else None
REQUEST_BYTES = 1 << 20  # a request is a kernel's arguments, environment and folder: far less than this
REAP_SECONDS = 5  # how often the warm Python wakes up to collect kernels that have ended


# ---------------------------------------------------------------------------
# The warm Python's side


def die_with_parent(parent_pid: int) -> None:
    """Have Linux kill this process when its parent dies; exit at once if the parent is already gone."""
    if LIBC is None:
        raise OSError("only Linux kills a process when its parent dies")
    if LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent_pid:  # the parent died before the request took effect: no signal will come
        os._exit(1)


def serve_kernel_forks(fd: int, server_pid: int) -> None:
    """Import the kernel and the course, then fork one kernel per request read from the socket fd,
    until the server closes its end (it has stopped) or dies (then Linux kills us)."""
    die_with_parent(server_pid)
    preload()
    server = socket.socket(fileno=fd)
    server.settimeout(REAP_SECONDS)  # wake up now and then to reap kernels that have ended
    while True:
        try:
            request = server.recv(REQUEST_BYTES)
        except TimeoutError:
            reap_ended_kernels()
            continue
        if not request:
            return  # the server has closed its end
        fork_kernel(server, json.loads(request))
        reap_ended_kernels()


def preload() -> None:
    """Import what every kernel imports, once; Ctrl-C is for the server, which stops us by closing the socket."""
    if sys.path and Path(sys.path[0]).resolve() == HERE:  # kernels must not import from notebooks/apps
        del sys.path[0]
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # debugpy's warning about frozen modules
    for module in PRELOAD:
        importlib.import_module(module)


def fork_kernel(server: socket.socket, request: dict[str, Any]) -> None:
    """Fork a kernel for this request; send the server its pid, and a pidfd to watch and signal it through."""
    warm_pid = os.getpid()
    pid = os.fork()
    if pid == 0:
        server.close()
        die_with_parent(warm_pid)
        become_kernel(request)
    pidfd = os.pidfd_open(pid)
    socket.send_fds(server, [json.dumps({"pid": pid}).encode()], [pidfd])
    os.close(pidfd)


def reap_ended_kernels() -> None:
    """Collect the exit status of kernels that have ended, so none lingers as a zombie."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def become_kernel(request: dict[str, Any]) -> NoReturn:
    """In the forked child: become the kernel `python -m ipykernel_launcher ARGS` would have started; never return."""
    code = 1
    try:
        settle_in_as_kernel(request["cwd"], request["env"])
        code = run_kernel(request["args"])
    finally:
        import atexit

        atexit._run_exitfuncs()  # what a normal exit would run (the kernel's history, its log)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def settle_in_as_kernel(cwd: str, env: dict[str, str]) -> None:
    """Take the place jupyter_client gives a kernel: its own process group, no stdin, its folder and environment."""
    os.setsid()  # interrupts go to the kernel's process group
    signal.signal(signal.SIGINT, signal.default_int_handler)
    stdin = os.open(os.devnull, os.O_RDONLY)
    os.dup2(stdin, 0)
    os.close(stdin)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)


def run_kernel(args: list[str]) -> int:
    """Run ipykernel with these arguments until it stops; its exit code."""
    from ipykernel import kernelapp

    sys.argv = [kernelapp.__file__, *args]
    try:
        kernelapp.launch_new_instance(argv=args)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 0
    return 0


# ---------------------------------------------------------------------------
# The server's side


class KernelForks:
    """The server's end of the warm Python: ask it for a kernel, get the kernel's pid and a pidfd."""

    def __init__(self) -> None:
        self.socket, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)  # ours is not inherited
        command = [sys.executable, str(Path(__file__).resolve()), str(theirs.fileno()), str(os.getpid())]
        self.process = subprocess.Popen(command, pass_fds=[theirs.fileno()])
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
        return (
            len(cmd) >= 3
            and cmd[1:3] == ["-m", "ipykernel_launcher"]
            and Path(cmd[0]).resolve() == Path(sys.executable).resolve()
        )

    def close(self) -> None:
        """Stop the warm Python; the kernels it forked that are still running die with it."""
        self.socket.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


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
        """Wait until it has ended; its return code."""
        if self.returncode is None:
            select.select([self.pidfd], [], [], timeout)
        code = self.poll()
        if code is None:
            raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
        return code

    def send_signal(self, signum: int) -> None:
        """Send it a signal, unless it has ended (its pid may then be another process's)."""
        if self.poll() is None:
            signal.pidfd_send_signal(self.pidfd, signum)

    def terminate(self) -> None:
        """Ask it to stop."""
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        """Stop it at once."""
        self.send_signal(signal.SIGKILL)


if __name__ == "__main__":
    serve_kernel_forks(fd=int(sys.argv[1]), server_pid=int(sys.argv[2]))
