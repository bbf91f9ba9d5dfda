"""Compile the site's Python to bytecode at build time, so that visitors' browsers need not at every visit.

The wheels on PyPI hold only sources, and so does the runtime's standard library (python_stdlib.zip in npm's
`pyodide`): left so, a browser compiles some 800 modules (IPython, prompt_toolkit, jedi, the standard
library...) from source each time a page starts Python, and that was most of the wait for an app. Bytecode
belongs to one version of Python, and the site's is Pyodide's, so this file runs inside Pyodide itself, under
Node (bytecode.mjs), never in the Python that runs the build.

* Most wheels are shipped as Pyodide ships its own packages: `pkg/mod.pyc` in place of each `pkg/mod.py`.
  Half as many files to unpack at every start, a smaller download; a traceback through them names the file
  and line without showing it.
* The wheels the build names (the course's own, and the libraries a learner's code calls) keep their sources,
  which learners read in their tracebacks and with `inspect.getsource`, and gain beside them
  `pkg/__pycache__/mod.cpython-314.pyc`: an *unchecked* hash-based .pyc (PEP 552), which Python uses without
  comparing it with the source, as an installed file never changes and a timestamp would not survive the unpacking.
* The standard library, which Python imports from the zip file itself, keeps its sources too and gains an
  unchecked `mod.pyc` beside each `mod.py`, where zipimport looks first, compiled under the name the source
  has at run time (its tracebacks name that file and show its lines).

Every wheel is listed in its RECORD as it now is, and named for this Python (`py3-none-any` becomes
`cp314-none-any`, as Pyodide names its own compiled wheels).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
import sys
import warnings
import zipfile
from collections.abc import Callable
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import PurePosixPath

TAG = sys.implementation.cache_tag  # 'cpython-314'
INTERPRETER = f"cp{sys.version_info[0]}{sys.version_info[1]}"  # 'cp314'


def bytecode(source: bytes, filename: str) -> bytes | None:
    """The .pyc of a module's source, used without checking the source; None if it is not valid Python here."""
    try:
        with warnings.catch_warnings():  # an invalid escape in a test's regex, say: Python would only warn
            warnings.simplefilter("ignore")
            code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None  # a template, or a test of another Python's syntax: it stays a source, as compileall leaves it
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


assert (bytecode(b"x = 1\n", "x.py") or b"")[4:8] == (1).to_bytes(4, "little"), "flags: hash-based, not checked"
assert bytecode(b"x = \n", "x.py") is None


def beside(name: str) -> str | None:
    """Where a module's bytecode goes to be found without its source, or before it in a zip file
    ('json/decoder.py' -> 'json/decoder.pyc'); None if the file is not a module (metadata, a script to be
    installed elsewhere, a folder)."""
    path = PurePosixPath(name)
    if path.suffix != ".py" or path.parts[0].endswith((".dist-info", ".data")):
        return None
    return name + "c"


assert beside("json/decoder.py") == "json/decoder.pyc" and beside("json/") is None
assert beside("a-1.0.dist-info/METADATA") is None and beside("a/data.json") is None


def cached(name: str) -> str | None:
    """Where an unpacked module's bytecode goes beside its source ('a/b.py' -> 'a/__pycache__/b.cpython-314.pyc')."""
    if beside(name) is None:
        return None
    path = PurePosixPath(name)
    return str(path.parent / "__pycache__" / f"{path.stem}.{TAG}.pyc").removeprefix("./")


assert cached("a/b.py") == f"a/__pycache__/b.{TAG}.pyc"
assert cached("six.py") == f"__pycache__/six.{TAG}.pyc"


def record_line(name: str, data: bytes) -> str:
    """A wheel's RECORD line for one file: its path, urlsafe-base64 sha256 and size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def add_bytecode(
    source: str, target: str, place: Callable[[str], str | None], keep_sources: bool = True, run_from: str = ""
) -> int:
    """Copy the zip file `source` to `target` with each module's bytecode where `place` says, and its source
    unless not keep_sources; return how many modules were compiled.

    run_from is the folder its files are imported from at run time, if they stay in the zip (the name of the
    source in the bytecode); a wheel's RECORD, if any, is written last, listing the files as they now are."""
    compiled, dropped, lines = 0, set(), []
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        record = next((entry for entry in old.infolist() if entry.filename.endswith(".dist-info/RECORD")), None)
        for entry in old.infolist():
            data = old.read(entry)
            name = place(entry.filename)
            pyc = bytecode(data, run_from + entry.filename) if name else None
            if name and pyc:
                new.writestr(zipfile.ZipInfo(name, date_time=entry.date_time), pyc, zipfile.ZIP_DEFLATED)
                lines.append(record_line(name, pyc))
                compiled += 1
            if name and pyc and not keep_sources:
                dropped.add(entry.filename)
            elif entry != record:
                new.writestr(entry, data)  # as it was: name, date, compression
        if record is not None:
            kept = [
                line
                for line in old.read(record).decode("utf-8").splitlines(keepends=True)
                if line.partition(",")[0] not in dropped
            ]
            new.writestr(record, "".join(kept + lines).encode("utf-8"))
    return compiled


def wheel_name(name: str) -> str:
    """A wheel's name once compiled for this Python: 'six-1.17.0-py2.py3-none-any.whl' -> '...-cp314-none-any.whl'."""
    distribution, version, _, abi, platform = name.removesuffix(".whl").split("-")  # PEP 427, no build tag
    return f"{distribution}-{version}-{INTERPRETER}-{abi}-{platform}.whl"


assert wheel_name("six-1.17.0-py2.py3-none-any.whl") == f"six-1.17.0-{INTERPRETER}-none-any.whl"


def main(folder: str, stdlib: str, with_sources: list[str]) -> None:
    """Compile, in `folder`, the standard library's zip file, and each wheel into a wheel of its new name: those
    named in with_sources keep their sources, the others are shipped as bytecode alone."""
    here = PurePosixPath(folder)
    stdlib_path = next(path for path in sys.path if path.endswith(".zip"))  # '/lib/python314.zip'
    jobs = [(stdlib, stdlib, beside, True, f"{stdlib_path}/")]
    for name in sorted(name for name in os.listdir(folder) if name.endswith(".whl")):
        keep = name in with_sources
        jobs.append((name, wheel_name(name), cached if keep else beside, keep, ""))
    total = 0
    for name, new_name, place, keep, run_from in jobs:
        total += add_bytecode(str(here / name), str(here / f"{new_name}.new"), place, keep, run_from)
        os.remove(here / name)
        os.replace(here / f"{new_name}.new", here / new_name)
    print(f"book/site/bytecode.py: {total} modules compiled to bytecode by Pyodide's Python {sys.version.split()[0]}")
