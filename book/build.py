"""Build the course book into book/_build/html: `python book/build.py` (what `make book` runs).

Jupyter Book only reads files under its root, book/, and the book is made of pieces that live elsewhere or
come from elsewhere. This script puts each piece where the book can see it, then builds with every warning
an error:

1. the tutorial notebooks and the exercises: book/notebooks and book/exercises are symbolic links (kept in
   git) to the project's own folders, so a notebook runs in its own folder exactly as it does in JupyterLab;
2. the API pages: one page per `cardlib` module, written into book/api/ (git-ignored) for each module that
   exists, so that optional ones (widgets, exercises, bots) appear as soon as they are written; a package's
   page (a game's room, the bots) documents each of its submodules too;
3. the table of contents: a copy of _toc.yml without the pages whose source does not exist yet (each one
   is named on stdout; tests/book then fails for every page it lists that is missing from the site);
4. the widget manager: `npm ci` in book/ installs @jupyter-widgets/html-manager and requirejs from the npm
   registry, and their scripts and fonts are copied to book/_widgets/widgets/, which Sphinx copies
   (html_extra_path) to <site>/widgets/: outside _static/, and no page loads anything from a CDN. A small
   script written beside them, assets-path.js, tells the manager that its fonts are there too.

Each chapter and exercise page links to its live copy in the static site (`make site`): see _ext/live_links.py.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
SITE = BOOK / "_build" / "html"
GENERATED = BOOK / "_generated"
WIDGET_ASSETS = BOOK / "_widgets" / "widgets"
NODE_MODULES = BOOK / "node_modules"
SOURCE_SUFFIXES = (".md", ".ipynb")


# ---------------------------------------------------------------------------------------------------------
# The widget manager


def install_widget_manager() -> None:
    """Install the npm packages that package-lock.json pins, unless they are installed already."""
    lock, installed = BOOK / "package-lock.json", NODE_MODULES / ".package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= lock.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("book/build.py: npm is missing (Node.js 18+ with npm is needed to install the widget manager).")
    # --ignore-scripts: nothing we take needs an install script (Font Awesome's only prints its licence).
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=BOOK)


# The manager looks for its fonts beside the page that loads it (<page folder>/@jupyter-widgets/..., a 404 on
# every page): some at window.__jupyter_widgets_assets_path__, the others where require.js places its modules
# (all are defined inside embed-amd.js, so require.js loads none of them from there). This script, loaded
# before require.js (which takes a `require` object already there as its configuration), says both are beside it.
ASSETS_PATH_JS = """// Where the widget manager's fonts are: in this folder (book/build.py writes this file).
var widgetAssets = new URL(".", document.currentScript.src).href;
window.__jupyter_widgets_assets_path__ = widgetAssets;
var widgetFolder = widgetAssets.replace(/\\/$/, "");
var require = {paths: {"@jupyter-widgets": widgetFolder,
                       "@jupyter-widgets/html-manager/dist": widgetFolder}};
"""


def copy_widget_manager() -> None:
    """Copy the widget manager's scripts and fonts where html_extra_path will put them: <site>/widgets/."""
    shutil.rmtree(WIDGET_ASSETS, ignore_errors=True)
    WIDGET_ASSETS.mkdir(parents=True)
    dist = NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist"
    # embed-amd.js is the whole manager (base, controls and output widgets) as one AMD bundle; the fonts
    # beside it are Font Awesome's, which it loads relative to its own address.
    for path in dist.iterdir():
        if path.name == "embed-amd.js" or path.suffix in {".woff", ".woff2", ".ttf", ".eot", ".svg"}:
            shutil.copy2(path, WIDGET_ASSETS / path.name)
    shutil.copy2(NODE_MODULES / "requirejs" / "require.js", WIDGET_ASSETS / "require.js")
    (WIDGET_ASSETS / "assets-path.js").write_text(ASSETS_PATH_JS, encoding="utf-8")
    for package in ("@jupyter-widgets/html-manager", "requirejs"):
        licence = next((NODE_MODULES / package).glob("LICENSE*"), None)
        if licence:
            shutil.copy2(licence, WIDGET_ASSETS / f"LICENSE.{package.split('/')[-1]}.txt")


# ---------------------------------------------------------------------------------------------------------
# The API pages

API_INDEX = """# API reference

Everything the course does goes through `cardlib`, the small library in this project; these pages are made
from its docstrings, so they say what the code says. The modules are meant to be read in this order:
`cards` (cards and packs), `tricks` (what every trick-taking deal shares: whose turn, who played each card,
partners, sides, who lost), then one room per game, `alkort` and `ecarte`: each holds the game's rules (the
package itself, read top to bottom like a chapter), `view` (all that one seat may know, and the deals that
agree with it), `advice` (the old books' advice, as a bot) and `description` (the game's entry in the
registry), and where the game wants them `playout` (how the Monte Carlo bot looks ahead in it) and `coach` (the
coach's words for its moves). `games` is that registry: each game described once, so that everything else looks a
game up instead of branching on its name. Then `players` (one interface for people and bots) and `scenarios` (the
conformance runner that checks the rules against worked examples). On top of the engine sit `widgets` (what
the notebooks draw), `exercises` (the checker that compares a learner's function with the engine's own) and
`bots` (players that say why they play what they play).

The engine is the only place where a rule lives: widgets, exercises and bots ask it, through the registry,
and never decide for themselves. [How to add a game](../how-to-add-a-game.md) shows a third game joining
them.
"""


def api_modules(toc: dict) -> list[str]:
    """The module names of the API pages that the table of contents asks for (api/cardlib.alkort -> ...)."""
    return [
        entry["file"].removeprefix("api/")
        for entry in toc_entries(toc)
        if entry["file"].startswith("api/") and entry["file"] != "api/index"
    ]


def module_exists(name: str) -> bool:
    """Whether `name` can be imported; a module that exists but fails to import is an error, not absence."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name or name.startswith(f"{error.name}."):  # it, or a package above it, is absent
            return False
        raise
    return True


def api_page(name: str) -> str:
    """The MyST source of one module's page: its docstring and its documented members, submodules too."""
    module = importlib.import_module(name)
    # autodoc writes reStructuredText (and the docstrings are reST), so its directives go in eval-rst.
    lines = [f"# `{name}`", "", "```{eval-rst}", f".. automodule:: {name}", "```", ""]
    for sub in submodules(module):
        lines += [f"## `{sub}`", "", "```{eval-rst}", f".. automodule:: {sub}", "```", ""]
    return "\n".join(lines)


def submodules(module) -> list[str]:
    """The public submodules of a package (none for a plain module), except the root package's own."""
    if not hasattr(module, "__path__") or module.__name__ == "cardlib":
        return []
    return sorted(
        f"{module.__name__}.{info.name}"
        for info in pkgutil.iter_modules(module.__path__)
        if not info.name.startswith("_")
    )


def write_api_pages(toc: dict) -> None:
    """Write api/index.md and one page per existing module into book/api/ (made fresh each build)."""
    api = BOOK / "api"
    shutil.rmtree(api, ignore_errors=True)
    api.mkdir()
    (api / "index.md").write_text(API_INDEX, encoding="utf-8")
    for name in api_modules(toc):
        if module_exists(name):
            (api / f"{name}.md").write_text(api_page(name), encoding="utf-8")


# ---------------------------------------------------------------------------------------------------------
# The table of contents


def toc_entries(node) -> list[dict]:
    """Every entry with a `file` in a table of contents, depth first."""
    if isinstance(node, list):
        return [entry for item in node for entry in toc_entries(item)]
    if not isinstance(node, dict):
        return []
    own = [node] if "file" in node else []
    return own + [entry for key in ("parts", "chapters", "sections") for entry in toc_entries(node.get(key, []))]


def source_exists(docname: str) -> bool:
    """Whether the book has a source file for this page name (notebooks/00-welcome -> .ipynb or .md)."""
    return any((BOOK / f"{docname}{suffix}").exists() for suffix in SOURCE_SUFFIXES)


def without_missing(node, missing: list[str]):
    """A copy of a toc node without entries whose source is missing (collected in `missing`), nor empty parts."""
    if isinstance(node, list):
        kept = [without_missing(item, missing) for item in node]
        return [item for item in kept if item is not None]
    if not isinstance(node, dict):
        return node
    if "file" in node and not source_exists(node["file"]):
        missing.append(node["file"])
        return None  # its sections go too: they hang under a page that is not there
    copy = {
        key: without_missing(value, missing) if key in ("parts", "chapters", "sections") else value
        for key, value in node.items()
    }
    for key in ("chapters", "sections"):
        if key in copy and not copy[key]:
            del copy[key]
    if "caption" in copy and "chapters" not in copy:
        return None  # a part whose every chapter is missing
    return copy


def write_toc(toc: dict) -> Path:
    """Write the table of contents of the pages that exist, and say which ones are left out."""
    missing: list[str] = []
    present = without_missing(toc, missing)
    for docname in missing:
        print(f"book/build.py: not in this build (no source yet): {docname}")
    GENERATED.mkdir(exist_ok=True)
    path = GENERATED / "_toc.yml"
    path.write_text(yaml.safe_dump(present, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------------------
# The build


def run(command: list[str], cwd: Path = ROOT, env: dict | None = None) -> None:
    """Run a command and stop the build with its exit code if it fails."""
    print("+", " ".join(map(str, command)), flush=True)
    completed = subprocess.run(command, cwd=cwd, env=env)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def build_site(toc_path: Path) -> None:
    """Run Jupyter Book on a clean output folder; any warning (a failing cell, stderr, a bad docstring) fails."""
    shutil.rmtree(SITE, ignore_errors=True)
    shutil.rmtree(BOOK / "_build" / ".doctrees", ignore_errors=True)
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1")
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    run(
        [str(jupyter_book), "build", str(BOOK), "--toc", str(toc_path), "--all", "--warningiserror", "--keep-going"],
        env=env,
    )


def main() -> None:
    """Stage every piece, build, and report how long it took."""
    started = time.monotonic()
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    install_widget_manager()
    copy_widget_manager()
    write_api_pages(toc)
    build_site(write_toc(toc))
    print(f"book/build.py: built {SITE.relative_to(ROOT)} in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
