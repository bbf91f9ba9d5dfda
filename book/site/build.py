"""Build the whole course as a static website into book/_build/site: `python book/site/build.py` (`make site`).

Python runs in each visitor's browser (Pyodide, in JupyterLite), so the folder can be copied to any static
host and serves any number of learners. Nothing is fetched from another host at run time: the build takes
everything from the package registries and puts it in the folder, from scratch every time (an incremental
JupyterLite build once silently dropped the local Pyodide and fell back to a CDN):

1. the Pyodide runtime: `npm ci` in book/ installs the pinned `pyodide` package (book/package.json);
2. the wheels Python needs in the browser: the kernel's own (IPython, jedi, micropip... from PyPI at the
   versions Pyodide's lock file names), ipywidgets and comm at the versions installed here (the widget
   manager of the pages comes from this environment, and both halves must speak one protocol), and two
   built from source here: cardlib and course_app (book/site/app_page: how an app page shows its notebook);
   jedi without the type stubs of libraries the site does not have (1,100 files fewer to unpack at each start),
   pygments with the lexers of Python and of a few languages a notebook shows code in (230 modules fewer);
3. a JupyterLite folder, staged anew in book/_build/site-stage: Pyodide and the wheels in static/pyodide,
   the standard library and the wheels compiled to bytecode there by Pyodide's own Python (bytecode.py: a
   visitor's browser then compiles nothing at start-up, which took most of an app's wait; the kernel's
   machinery as bytecode alone, as Pyodide ships its own packages, the course and the widgets with their sources),
   with pyodide-lock.json rewritten to list exactly these files (names and sha256), and jupyter-lite.json
   pointing the kernel at ./static/pyodide/pyodide.mjs, preloading the wheels, with no PyPI fallback;
4. `jupyter lite build` into book/_build/site/lite: the notebooks app for the chapters and exercises, the
   REPL for the apps (code hidden), the widget manager and the Pyodide kernel taken from this environment;
5. the front page (index.html, from front-page.html), one short page per app (apps/NAME.html), and the book's
   glossary and history as plain pages (reading.py);
6. checks: the kernel points at the local Pyodide, every package it preloads is in the folder with the
   right checksum, and the front page links every app, chapter and exercise.
"""

from __future__ import annotations

import ast
import hashlib
import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from string import Template
from types import ModuleType

HERE = Path(__file__).resolve().parent  # book/site
BOOK = HERE.parent
ROOT = BOOK.parent
SITE = BOOK / "_build" / "site"  # what to publish
LITE = SITE / "lite"  # JupyterLite's part of it
STAGE = BOOK / "_build" / "site-stage"  # JupyterLite's input, made anew each build
PYODIDE_NPM = BOOK / "node_modules" / "pyodide"
VENV_EXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
KERNEL_EXTENSION = VENV_EXTENSIONS / "@jupyterlite" / "pyodide-kernel-extension"
WIDGETS_EXTENSION = VENV_EXTENSIONS / "@jupyter-widgets" / "jupyterlab-manager"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
SERVICE_WORKER_PLUGIN = "@jupyterlite/application-extension:service-worker-manager"
PYODIDE_URL = "./static/pyodide/pyodide.mjs"  # relative to the lite folder, as JupyterLite resolves it

# What the kernel needs from Pyodide's distribution (the npm package holds only the core runtime).
KERNEL_PACKAGES = ["micropip", "jedi", "ipython"]
# What the site's Python preloads, so that no notebook needs %pip: the kernel's own packages (the kernel
# installs none of these itself when they are preloaded), the widgets, the course, and the app pages' helper.
PRELOAD = [
    "micropip",
    "piplite",
    "pyodide-kernel",
    "ipykernel",
    "comm",
    "jedi",
    "ipython",
    "ipywidgets",
    "widgetsnbextension",
    "cardlib",
    "course-app",
]
# Installed here and taken at the same version for the browser: the front end's widget manager speaks their protocol.
SAME_AS_HERE = ["ipywidgets", "comm"]
# The wheels whose sources the site keeps beside their bytecode: the course's own, and the libraries a learner's
# code calls, whose lines a learner's traceback shows. The kernel's machinery (IPython, jedi, prompt_toolkit...) is
# shipped as bytecode alone, as Pyodide ships its own packages: half as many files to unpack at every start.
WITH_SOURCES = ["cardlib", "course-app", "ipywidgets", "traitlets", "comm"]

APPS = {  # the apps' titles, in the order of the front page
    "play-ecarte": "Play Écarté",
    "play-alkort": "Play Alkort",
    "rank-lab": "Rank lab",
    "deal-explorer": "Deal explorer",
    "play-with-friends": "Play with friends",  # on the site: two people at one screen, passing the device
    "index": "All the apps",
}
# The REPL, as an app page: the kernel chosen, no toolbar nor banner, the code of each cell hidden.
APP_PAGE = "lite/repl/index.html?kernel=python&toolbar=0&showBanner=0&hideCodeInput=1&code={code}"
APP_STYLE = HERE / "app-page.css"
# The REPL's console takes an Enter pressed outside its prompt to focus the prompt, and cancels the key: on an app
# page Enter would press no button of the app. Stopped on its way down (a capturing listener, set before
# JupyterLab's scripts), it goes on to do what Enter does to the focused button: press it.
ENTER_FOR_WIDGETS = (
    '<script>window.addEventListener("keydown", e => { if (e.key === "Enter" && e.target.closest && '
    'e.target.closest(".jupyter-widgets")) e.stopImmediatePropagation(); }, true);</script>'
)
NOTEBOOK_PAGE = "lite/notebooks/index.html?path={path}"


def run(command: list[str], cwd: Path = ROOT, env: dict | None = None) -> None:
    """Run a command and stop the build with its exit code if it fails."""
    print("+", " ".join(map(str, command)), flush=True)
    completed = subprocess.run(command, cwd=cwd, env=env)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def sha256(path: Path) -> str:
    """The file's SHA-256, in hex, as pyodide-lock.json writes it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    """A package name as the lock file's keys have it ('Pygments' -> 'pygments', 'pure_eval' -> 'pure-eval')."""
    return name.lower().replace("_", "-").replace(".", "-")


assert canonical("Pure_Eval") == "pure-eval"


# ---------------------------------------------------------------------------------------------------------
# 1-2. The runtime and the wheels


def load_module(name: str, path: Path) -> ModuleType:
    """A Python file as a module (book/build.py is not in a package, and PyPA's `build` has its name)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def install_pyodide() -> None:
    """The pinned Pyodide runtime (and the book's widget manager) from the npm registry: `npm ci` in book/."""
    book_build = load_module("book_build", BOOK / "build.py")  # one way to install book/package.json: the book's
    book_build.install_widget_manager()
    if not (PYODIDE_NPM / "pyodide.mjs").exists():
        sys.exit("book/site/build.py: node_modules/pyodide is missing: is `pyodide` in book/package.json?")


def dependencies(lock: dict, names: list[str]) -> list[str]:
    """The lock file's keys of these packages and of everything they depend on, in a stable order."""
    seen: list[str] = []

    def visit(name: str) -> None:
        key = canonical(name)
        if key not in seen:
            seen.append(key)
            for dependency in lock["packages"][key]["depends"]:
                visit(dependency)

    for name in names:
        visit(name)
    return seen


def installed_version(name: str) -> str:
    """The version of a package installed in this environment."""
    from importlib.metadata import version

    return version(name)


def download_wheels(lock: dict, into: Path) -> dict[str, Path]:
    """Download from PyPI the pure-Python wheels the site needs; build cardlib's and course_app's here."""
    into.mkdir(parents=True)
    wanted = [
        f"{lock['packages'][key]['name']}=={lock['packages'][key]['version']}"
        for key in dependencies(lock, KERNEL_PACKAGES)
    ]
    wanted += [f"{name}=={installed_version(name)}" for name in SAME_AS_HERE]
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    download = ["download", "--no-deps", "--only-binary=:all:", "--implementation=py", "--python-version=3.14"]
    run([*pip, *download, "--dest", str(into), *wanted])
    setuptools_output = (ROOT / "build", HERE / "app_page" / "build")
    for folder in setuptools_output:  # setuptools would put a stale module of an earlier build in the wheel
        shutil.rmtree(folder, ignore_errors=True)
    # The files' dates in the wheels are fixed (the zip format's epoch, 1980), so that each build makes the same site.
    build = ["wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(into), str(ROOT), str(HERE / "app_page")]
    run([*pip, *build], env=dict(os.environ, SOURCE_DATE_EPOCH="315532800"))
    for folder in setuptools_output:
        shutil.rmtree(folder, ignore_errors=True)
    for stub in sorted((KERNEL_EXTENSION / "static" / "pypi").glob("*.whl")):
        shutil.copy2(stub, into / stub.name)  # piplite, pyodide-kernel and its ipykernel/widgetsnbextension shims
    drop_old_shims(into)
    leave_out_unusable_stubs(into)
    leave_out_unused_lexers(into)
    return wheels_by_key(into)


def drop_old_shims(folder: Path) -> None:
    """Keep only the newest of the kernel's widgetsnbextension shims in the folder (3.6.999 is for ipywidgets 7)."""
    for old in sorted(folder.glob("widgetsnbextension-*.whl"))[:-1]:
        old.unlink()


def wheel_metadata(wheel: Path) -> dict[str, str | list[str]]:
    """A wheel's name, version, top-level import names and (for wheels added to the lock) dependencies."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name for name in names if name.endswith(".dist-info/METADATA"))
        metadata = archive.read(info).decode("utf-8")
    fields = [line.partition(": ") for line in metadata.splitlines() if ": " in line]
    tops = sorted(
        {
            name.split("/")[0].removesuffix(".pyc").removesuffix(".py")
            for name in names  # bytecode too
            if not name.split("/")[0].endswith((".dist-info", ".data")) and not name.startswith("__pycache__/")
        }
    )
    field = {key: value for key, _, value in fields}
    requires = [value for key, _, value in fields if key == "Requires-Dist" and "extra ==" not in value]
    depends = [canonical(re.split(r"[^A-Za-z0-9._-]", requirement, maxsplit=1)[0]) for requirement in requires]
    return {"name": field["Name"], "version": field["Version"], "imports": tops, "depends": depends}


def lock_for(lock: dict, wheels: dict[str, Path]) -> dict:
    """Pyodide's lock file, listing only the runtime's own modules and these wheels, with their names and sha256.

    A package of Pyodide's own keeps its entry (its dependencies, its import names) with the file and checksum
    of the wheel from PyPI; a package Pyodide does not ship gets an entry made from its wheel's metadata, with
    only the dependencies that are in the site (ipywidgets needs widgetsnbextension and jupyterlab_widgets
    for Jupyter's server side, which the kernel's shim and the page's own widget manager stand for)."""
    packages = {key: entry for key, entry in lock["packages"].items() if entry["package_type"] == "cpython_module"}
    keys = {canonical(key): key for key in lock["packages"]}  # the lock's own spelling ('prompt_toolkit')
    for name, wheel in wheels.items():
        meta = wheel_metadata(wheel)
        key = keys.get(name, name)
        entry = dict(
            lock["packages"].get(key)
            or {
                "name": meta["name"],
                "imports": meta["imports"],
                "install_dir": "site",
                "package_type": "package",
                "unvendored_tests": False,
                "depends": [keys.get(d, d) for d in meta["depends"] if d in wheels],
            }
        )
        if key in lock["packages"] and entry["version"] != meta["version"]:
            sys.exit(f"book/site/build.py: {wheel.name} is not the version Pyodide's lock names ({entry['version']})")
        entry.update(version=meta["version"], file_name=wheel.name, sha256=sha256(wheel))
        packages[key] = entry
    return {**lock, "packages": packages}


JEDI_STUBS = "jedi/third_party/typeshed/third_party/"  # a folder jedi lists: it must stay, even if emptied


def stub_of(name: str) -> str | None:
    """The library a file of jedi's wheel is a type stub of, if it is one of a library's
    ('jedi/third_party/typeshed/third_party/2and3/requests/api.pyi' -> 'requests'), else None."""
    if name.startswith("jedi/third_party/django-stubs/"):
        return "django"
    parts = name.removeprefix(JEDI_STUBS).split("/")
    return parts[1].removesuffix(".pyi") if name.startswith(JEDI_STUBS) and len(parts) > 1 else None


assert stub_of(JEDI_STUBS + "2and3/requests/api.pyi") == "requests" and stub_of(JEDI_STUBS + "3/six/moves.pyi") == "six"
assert stub_of(JEDI_STUBS + "2and3/decorator.pyi") == "decorator" and stub_of("jedi/api/__init__.py") is None
assert stub_of("jedi/third_party/typeshed/stdlib/3/os/__init__.pyi") is None  # the standard library's: all kept


def leave_out_unusable_stubs(folder: Path) -> None:
    """Rewrite jedi's wheel without the type stubs of libraries that no page can import.

    jedi (the notebooks' completion) brings stubs for some 80 libraries, typeshed's and Django's, and reads those of
    a library only when it is installed; the site has only its own wheels (no PyPI), so the stubs of the others
    are some 1,100 files of jedi's 1,900 that every start of Python would unpack for nothing."""
    importable = {name for wheel in folder.glob("*.whl") for name in wheel_metadata(wheel)["imports"]}
    rewrite_wheel(
        next(folder.glob("jedi-*.whl")), lambda name: stub_of(name) in (None, *importable), folders=[JEDI_STUBS]
    )


def rewrite_wheel(
    wheel: Path,
    keep: Callable[[str], bool],
    changed: Callable[[str, bytes], bytes] = lambda _n, d: d,
    folders: Sequence[str] = (),
) -> None:
    """Rewrite a wheel with only the files `keep` says yes to, each as `changed` makes it, and these (empty) folders;
    its RECORD no longer lists the files left out (bytecode.py lists every file anew later)."""
    with zipfile.ZipFile(wheel) as old:
        kept = [entry for entry in old.infolist() if keep(entry.filename)]
        left_out = {entry.filename for entry in old.infolist()} - {entry.filename for entry in kept}
        files = [(entry, changed(entry.filename, old.read(entry))) for entry in kept]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for folder in folders:
            new.writestr(zipfile.ZipInfo(folder, date_time=files[0][0].date_time), b"")
        for entry, data in files:
            if entry.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if line.partition(",")[0] not in left_out).encode("utf-8")
            new.writestr(entry, data)


# pygments' lexers that the site keeps: Python's, with which IPython colours tracebacks and what the inspector shows,
# and those of the languages a notebook may show code in; with the lexer modules these import.
PYGMENTS_LEXERS = {"python", "special", "data", "markup", "css", "javascript", "shell", "sql", "textfmts", "diff"}
LEXERS = "pygments/lexers/"


def lexer_modules(sources: dict[str, str], wanted: set[str]) -> set[str]:
    """The lexer modules to keep (by name, 'python'): the wanted ones, the package's own (__init__, _mapping), and
    every lexer module these import, however deep: by its name ('from pygments.lexers.perl import PerlLexer',
    'from pygments.lexers import _sql_builtins'), or by a lexer's ('from pygments.lexers import PerlLexer')."""
    home = {name: entry[0].removeprefix("pygments.lexers.") for name, entry in mapping(sources["_mapping"]).items()}
    keep = {"__init__", "_mapping"} | (wanted & set(sources))
    todo = list(keep)
    while todo:
        for node in ast.walk(ast.parse(sources[todo.pop()])):
            module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            if isinstance(node, ast.ImportFrom) and module.startswith("pygments.lexers"):
                named = (
                    [module.removeprefix("pygments.lexers.")]
                    if module != "pygments.lexers"
                    else [alias.name if alias.name in sources else home.get(alias.name, "") for alias in node.names]
                )
                todo += [name for name in named if name in sources and name not in keep]
                keep.update(name for name in named if name in sources)
    return keep


def mapping(source: str) -> dict[str, tuple]:
    """pygments' table of lexers (lexers/_mapping.py: one dictionary) read from its source."""
    namespace: dict = {}
    exec(source, namespace)  # noqa: S102 - a dictionary, from the wheel the build has just downloaded
    return namespace["LEXERS"]


assert lexer_modules(
    {
        "__init__": "",
        "_mapping": "LEXERS = {'PerlLexer': ('pygments.lexers.perl',)}",
        "python": "from pygments.lexers._py_builtins import X\nfrom pygments.lexers import PerlLexer",
        "_py_builtins": "",
        "perl": "",
        "rust": "",
    },
    {"python"},
) == {"__init__", "_mapping", "python", "_py_builtins", "perl"}


def kept_mapping(source: bytes, modules: set[str]) -> bytes:
    """pygments' table of lexers (lexers/_mapping.py) with only the lexers of these modules, so that asking for
    another language finds no lexer (ClassNotFound, as for a language pygments does not know) rather than a
    module that is not there."""
    lexers = {
        name: entry
        for name, entry in mapping(source.decode("utf-8")).items()
        if entry[0].removeprefix("pygments.lexers.") in modules
    }
    return (
        "# pygments' lexers that the static site keeps (book/site/build.py: leave_out_unused_lexers).\n\n"
        f"LEXERS = {lexers!r}\n"
    ).encode()


def leave_out_unused_lexers(folder: Path) -> None:
    """Rewrite pygments' wheel with the lexers of PYGMENTS_LEXERS only: of its 260 modules of lexers for some 600
    languages, most of its download and of the files every start of Python unpacks, the site keeps about 25."""
    wheel = next(folder.glob("pygments-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        sources = {
            name.removeprefix(LEXERS).removesuffix(".py"): archive.read(name).decode("utf-8")
            for name in archive.namelist()
            if re.fullmatch(re.escape(LEXERS) + r"\w+\.py", name)
        }
    modules = lexer_modules(sources, PYGMENTS_LEXERS)

    def keep(name: str) -> bool:
        return not name.startswith(LEXERS) or name.removeprefix(LEXERS).removesuffix(".py") in modules

    mapping = LEXERS + "_mapping.py"
    rewrite_wheel(wheel, keep, lambda name, data: kept_mapping(data, modules) if name == mapping else data)


def wheels_by_key(folder: Path) -> dict[str, Path]:
    """The wheels in this folder by their lock file keys ('prompt_toolkit-3.0.52-...whl' -> 'prompt-toolkit')."""
    return {canonical(wheel.name.split("-")[0]): wheel for wheel in sorted(folder.glob("*.whl"))}


def compile_to_bytecode(folder: Path) -> dict[str, Path]:
    """Compile the standard library and the wheels in this folder for Pyodide's Python (bytecode.py, run by
    Pyodide under Node; the wheels of WITH_SOURCES keep their sources); return the compiled wheels by key."""
    node = shutil.which("node")
    if node is None:
        sys.exit("book/site/build.py: node is missing (Node.js 18+ runs Pyodide to compile the site's Python).")
    keep = [wheel.name for key, wheel in wheels_by_key(folder).items() if key in WITH_SOURCES]
    run([node, str(HERE / "bytecode.mjs"), str(PYODIDE_NPM), str(folder), "python_stdlib.zip", *keep])
    return wheels_by_key(folder)


def stage_pyodide(stage: Path) -> dict:
    """Put the runtime and the wheels in stage/static/pyodide with a matching lock file; return that lock."""
    target = stage / "static" / "pyodide"
    target.mkdir(parents=True)
    runtime = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"]
    for name in runtime:
        shutil.copy2(PYODIDE_NPM / name, target / name)
    shutil.copy2(PYODIDE_NPM / "package.json", target / "pyodide-package.json")  # which version, for the curious
    original = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    for wheel in download_wheels(original, stage / "wheels").values():
        shutil.copy2(wheel, target / wheel.name)
    wheels = compile_to_bytecode(target)
    lock = lock_for(original, wheels)
    missing = [name for name in PRELOAD if canonical(name) not in lock["packages"]]
    if missing:
        sys.exit(f"book/site/build.py: no wheel for {missing}")
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


# ---------------------------------------------------------------------------------------------------------
# 3-4. JupyterLite


def kernel_settings() -> dict:
    """The Pyodide kernel's settings: the local runtime, everything preloaded, and nothing from PyPI."""
    return {"pyodideUrl": PYODIDE_URL, "disablePyPIFallback": True, "loadPyodideOptions": {"packages": PRELOAD}}


def stage_contents(stage: Path) -> Path:
    """The learner's drive: notebooks/ (chapters, and the apps' notebooks in apps/) and exercises/."""
    contents = stage / "contents"
    notebooks = contents / "notebooks"
    notebooks.mkdir(parents=True)
    for chapter in chapters():
        shutil.copy2(chapter, notebooks / chapter.name)
    (notebooks / "apps").mkdir()
    for app in APPS:
        shutil.copy2(ROOT / "notebooks" / "apps" / f"{app}.ipynb", notebooks / "apps" / f"{app}.ipynb")
    (contents / "exercises").mkdir()
    for exercise in exercises():
        shutil.copy2(exercise, contents / "exercises" / exercise.name)
    return contents


def stage_lite(stage: Path) -> None:
    """Write JupyterLite's configuration into the stage: the build's and the pages' (jupyter-lite.json)."""
    build_config = {
        "LiteBuildConfig": {
            "apps": ["notebooks", "tree", "edit", "repl"],
            "contents": [str(stage_contents(stage))],
            "output_dir": str(LITE),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            # Only the two front-end extensions the site needs, never whatever else this environment has installed.
            "ignore_sys_prefix": True,
            "federated_extensions": [str(KERNEL_EXTENSION), str(WIDGETS_EXTENSION)],
        }
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2), encoding="utf-8")
    page_config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Alkort and Écarté",
            # window.jupyterapp: what the site's tests drive the notebooks with (JupyterLab's commands, as menus do).
            "exposeAppInBrowser": True,
            "litePluginSettings": {KERNEL_PLUGIN: kernel_settings()},
        },
    }
    (stage / "jupyter-lite.json").write_text(json.dumps(page_config, indent=2), encoding="utf-8")
    # The notebooks and the REPL: no "get notified about Jupyter news" pop-up on a learner's first visit.
    overrides = {"@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"}}
    (stage / "overrides.json").write_text(json.dumps(overrides, indent=2), encoding="utf-8")


def build_lite(stage: Path) -> None:
    """Run `jupyter lite build` in the stage, into an output folder that does not exist yet."""
    jupyter = Path(sys.executable).with_name("jupyter")
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
    env.pop("JUPYTERLITE_PYODIDE_URL", None)  # the stage's static/pyodide is the runtime, nothing else
    run(
        [
            str(jupyter),
            "lite",
            "build",
            "--lite-dir",
            str(stage),
            "--settings-overrides",
            str(stage / "overrides.json"),
        ],
        cwd=stage,
        env=env,
    )


def add_favicons() -> None:
    """The icons the notebook page shows in its tab (idle, busy), which JupyterLite's own build lacks (a 404 each)."""
    folder = LITE / "static" / "favicons"
    folder.mkdir(exist_ok=True)
    for name in ("favicon-notebook.ico", "favicon-busy-1.ico"):
        shutil.copy2(LITE / "notebooks" / "favicon.ico", folder / name)


def configure_app_pages() -> None:
    """Make the REPL (used only for the app pages) an app page: its style (no prompt, no cell numbers), Enter for
    the app's buttons, and no drive (Python starts and imports faster without; course_app reads the notebooks from
    the site instead)."""
    config_path = LITE / "repl" / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    # Without the service worker, the kernel mounts no drive (it is the drive's only way to the browser's storage).
    config["jupyter-config-data"]["disabledExtensions"] = [SERVICE_WORKER_PLUGIN]
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    page = LITE / "repl" / "index.html"
    shutil.copy2(APP_STYLE, LITE / "repl" / APP_STYLE.name)
    text = page.read_text(encoding="utf-8")
    link = f'<link rel="stylesheet" href="./{APP_STYLE.name}">'
    if text.count("<head>") != 1:
        sys.exit("book/site/build.py: the REPL's page should have one <head>, where the Enter listener goes first")
    text = text.replace("<head>", f"<head>\n{ENTER_FOR_WIDGETS}", 1)
    page.write_text(text.replace("</head>", f"{link}\n</head>", 1), encoding="utf-8")


# ---------------------------------------------------------------------------------------------------------
# 5. The front page and the app pages


def chapters() -> list[Path]:
    """The tutorial chapters, in order."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def exercises() -> list[Path]:
    """The exercise notebooks, in order."""
    return sorted((ROOT / "exercises").glob("*.ipynb"))


def title(notebook: Path) -> str:
    """A notebook's first '# ' heading, or its file name."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for line in "".join(cell["source"]).splitlines():
            if cell["cell_type"] == "markdown" and line.startswith("# "):
                return line[2:].strip()
    return notebook.stem


def app_page_url(name: str) -> str:
    """The address (from the site's root) of the REPL that shows app NAME."""
    code = f'from course_app import show_app; show_app("{name}")'
    return APP_PAGE.format(code=urllib.parse.quote(code))


def notebook_url(path: str) -> str:
    """The address (from the site's root) of a notebook of the drive, opened to be edited and run."""
    return NOTEBOOK_PAGE.format(path=urllib.parse.quote(path))


def write_app_pages() -> None:
    """One short address per app, apps/NAME.html, that opens its app page (and can be shared)."""
    folder = SITE / "apps"
    folder.mkdir()
    for name, app_title in APPS.items():
        target = html.escape("../" + app_page_url(name))
        (folder / f"{name}.html").write_text(
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(app_title)}</title>\n'
            f'<meta http-equiv="refresh" content="0; url={target}"></head>\n'
            f'<body><p><a href="{target}">{html.escape(app_title)}</a></p></body></html>\n',
            encoding="utf-8",
        )


def link_list(links: list[tuple[str, str]]) -> str:
    """An HTML list of links (address, text)."""
    items = "".join(f'\n  <li><a href="{html.escape(url)}">{html.escape(text)}</a></li>' for url, text in links)
    return f"<ul>{items}\n</ul>"


def write_front_page() -> list[tuple[str, str]]:
    """Write index.html, linking every app, chapter, exercise and reading page by its title; return those links."""
    apps = [(f"apps/{name}.html", app_title) for name, app_title in APPS.items() if name != "index"]
    course = [(notebook_url(f"notebooks/{p.name}"), title(p)) for p in chapters()]
    practice = [(notebook_url(f"exercises/{p.name}"), title(p)) for p in exercises()]
    reading = load_module("site_reading", HERE / "reading.py").write_pages(SITE)  # the glossary and the history
    page = Template((HERE / "front-page.html").read_text(encoding="utf-8")).substitute(
        apps=link_list(apps), chapters=link_list(course), exercises=link_list(practice), reading=link_list(reading)
    )
    (SITE / "index.html").write_text(page, encoding="utf-8")
    shutil.copy2(HERE / "site.css", SITE / "site.css")
    return apps + course + practice + reading


# ---------------------------------------------------------------------------------------------------------
# 6. Checks


def check_site(lock: dict) -> None:
    """Fail the build if the kernel could reach for Pyodide or a package anywhere but this folder."""
    problems = []
    for config in sorted(LITE.glob("**/jupyter-lite.json")):
        data = json.loads(config.read_text(encoding="utf-8"))
        settings = data.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(KERNEL_PLUGIN)
        wrong = [key for key, value in kernel_settings().items() if (settings or {}).get(key) != value]
        if config.parent == LITE and wrong:
            problems.append(f"{config.relative_to(SITE)}: the kernel's settings are not the local ones: {settings}")
        if settings and settings.get("pyodideUrl", PYODIDE_URL) != PYODIDE_URL:
            problems.append(f"{config.relative_to(SITE)}: pyodideUrl is {settings['pyodideUrl']}")
    pyodide = LITE / "static" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        problems.append("lite/static/pyodide/pyodide.mjs is missing")
    for key, entry in lock["packages"].items():
        if entry["package_type"] == "cpython_module":
            continue  # part of the runtime, loaded only if imported: none of the course's imports needs one
        wheel = pyodide / entry["file_name"]
        if not wheel.exists() or sha256(wheel) != entry["sha256"]:
            problems.append(f"{key}: {entry['file_name']} is missing or differs from pyodide-lock.json")
    if problems:
        sys.exit("book/site/build.py: the site is not self-contained:\n  " + "\n  ".join(problems))


def main() -> None:
    """Build the site from scratch and say where it is and how big."""
    started = time.monotonic()
    install_pyodide()
    for folder in (SITE, STAGE):
        shutil.rmtree(folder, ignore_errors=True)
    STAGE.mkdir(parents=True)
    lock = stage_pyodide(STAGE)
    stage_lite(STAGE)
    build_lite(STAGE)
    add_favicons()
    configure_app_pages()
    write_app_pages()
    links = write_front_page()
    check_site(lock)
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    print(
        f"book/site/build.py: built {SITE.relative_to(ROOT)} ({size / 1e6:.1f} MB, {len(links)} pages on the "
        f"front page) in {time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
