"""Compile the site's Python to bytecode at build time, so that visitors' browsers need not at every visit.

The wheels on PyPI hold only sources, and so does the runtime's standard library (python_stdlib.zip in npm's
`pyodide`): left so, a browser compiles some 800 modules (IPython, prompt_toolkit, jedi, the standard
library...) from source each time a page starts Python, and that was most of the wait for an app. Bytecode
belongs to one version of Python, and the site's is Pyodide's, so this file runs inside Pyodide itself, under
Node (bytecode.mjs), never in the Python that runs the build.

Each archive keeps its sources (tracebacks show the line, `inspect.getsource` works) and gains, beside them,
bytecode that Python uses without checking it against the source: an *unchecked* hash-based .pyc (PEP 552), as
an installed file never changes and a timestamp would not survive the unpacking.

* A wheel gets `pkg/__pycache__/mod.cpython-314.pyc` for each `pkg/mod.py`, listed in its RECORD, and is named
  for this Python (`py3-none-any` becomes `cp314-none-any`, as Pyodide names its own compiled wheels).
* The standard library, which Python imports from the zip file itself, gets `mod.pyc` beside `mod.py`, where
  zipimport looks, compiled under the name the source has at run time (its tracebacks name that file).
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


assert bytecode(b"x = 1\n", "x.py")[4:8] == (1).to_bytes(4, "little"), "flags: hash-based, not checked"
assert bytecode(b"x = \n", "x.py") is None


def in_wheel(name: str) -> str | None:
    """Where a wheel's module gets its bytecode ('a/b.py' -> 'a/__pycache__/b.cpython-314.pyc'); None if the
    file is not a module (metadata, a script to be installed elsewhere)."""
    path = PurePosixPath(name)
    if path.suffix != ".py" or path.parts[0].endswith((".dist-info", ".data")):
        return None
    return str(path.parent / "__pycache__" / f"{path.stem}.{TAG}.pyc").removeprefix("./")


assert in_wheel("a/b.py") == f"a/__pycache__/b.{TAG}.pyc"
assert in_wheel("six.py") == f"__pycache__/six.{TAG}.pyc"
assert in_wheel("a-1.0.dist-info/METADATA") is None and in_wheel("a/data.json") is None


def in_zip(name: str) -> str | None:
    """Where a module imported from a zip file gets its bytecode ('json/decoder.py' -> 'json/decoder.pyc')."""
    return name + "c" if name.endswith(".py") else None


assert in_zip("json/decoder.py") == "json/decoder.pyc" and in_zip("json/") is None


def record_line(name: str, data: bytes) -> str:
    """A wheel's RECORD line for one file: its path, urlsafe-base64 sha256 and size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def add_bytecode(source: str, target: str, place: Callable[[str], str | None], run_from: str = "") -> int:
    """Copy the zip file `source` to `target` with each module's bytecode where `place` says; return how many.

    run_from is the folder its files are imported from at run time, if they stay in the zip (the name of the
    source in the bytecode); a wheel's RECORD, if any, is written last with a line for each new file."""
    compiled = 0
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        record = next((entry for entry in old.infolist() if entry.filename.endswith(".dist-info/RECORD")), None)
        lines = []
        for entry in old.infolist():
            data = old.read(entry)
            if entry != record:
                new.writestr(entry, data)  # as it was: name, date, compression
            name = place(entry.filename)
            pyc = bytecode(data, run_from + entry.filename) if name else None
            if name and pyc:
                new.writestr(zipfile.ZipInfo(name, date_time=entry.date_time), pyc, zipfile.ZIP_DEFLATED)
                lines.append(record_line(name, pyc))
                compiled += 1
        if record is not None:
            new.writestr(record, old.read(record) + "".join(lines).encode("utf-8"))
    return compiled


def wheel_name(name: str) -> str:
    """A wheel's name once compiled for this Python: 'six-1.17.0-py2.py3-none-any.whl' -> '...-cp314-none-any.whl'."""
    distribution, version, _, abi, platform = name.removesuffix(".whl").split("-")  # PEP 427, no build tag
    return f"{distribution}-{version}-{INTERPRETER}-{abi}-{platform}.whl"


assert wheel_name("six-1.17.0-py2.py3-none-any.whl") == f"six-1.17.0-{INTERPRETER}-none-any.whl"


def main(folder: str, stdlib: str, wheels: list[str]) -> None:
    """Compile, in `folder`, the standard library's zip file in place, and each wheel into a wheel of its new name."""
    here = PurePosixPath(folder)
    stdlib_path = next(path for path in sys.path if path.endswith(".zip"))  # '/lib/python314.zip'
    total = add_bytecode(str(here / stdlib), str(here / f"{stdlib}.new"), in_zip, run_from=f"{stdlib_path}/")
    os.replace(here / f"{stdlib}.new", here / stdlib)
    for name in wheels:
        total += add_bytecode(str(here / name), str(here / wheel_name(name)), in_wheel)
        if wheel_name(name) != name:
            os.remove(here / name)
    print(f"book/site/bytecode.py: {total} modules compiled to bytecode by Pyodide's Python {sys.version.split()[0]}")
