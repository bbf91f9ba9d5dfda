"""Show a course app in the static site: its notebook's text and widgets, never its code.

An app page of the static site is JupyterLite's REPL with the code hidden, whose only command is
``show_app("play-ecarte")``. That runs the app's notebook (``notebooks/apps/play-ecarte.ipynb`` in the
site's drive) as Voilà would: each Markdown cell is shown, each code cell runs and its result is shown.
Links between the pages are rewritten on the way, because the notebooks link as Voilà serves them:

* an app (``play-alkort.ipynb``, beside the app) becomes its app page, ``<site>/apps/play-alkort.html``;
* a chapter (``../04-alkort-deal.ipynb``) becomes its live notebook, ``<site>/lite/notebooks/...``.

The site's address is where this code runs from: the kernel is a web worker served from
``<site>/lite/extensions/...``, so the site is whatever comes before ``lite/`` in the worker's address.
A notebook that wants to know (the landing page lists the chapters) reads it from ``CARDLIB_SITE``.

App pages run without the learner's drive (the site turns it off for them): with the drive as its working
folder, Python asks the browser's storage about that folder at every import, and an app starts seconds
sooner without. The notebooks an app page needs (its own; the landing page's chapters) are read from the site
instead, into a folder of the page's own (``~/course``), laid out as in the drive: the app runs in
``~/course/notebooks/apps``.
"""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path
from urllib.parse import quote

LOCAL = Path.home() / "course"  # the page's own copy of the site's notebooks
LANDING_PAGE = "index"  # the app that lists the others and the chapters
SITE_VARIABLE = "CARDLIB_SITE"  # the site's address path, for notebooks that link to its pages


def site_root(worker_path: str) -> str:
    """The site's address path, from the kernel worker's: '/course/lite/extensions/x.js' -> '/course/'."""
    return worker_path.rpartition("/lite/extensions/")[0] + "/"


assert site_root("/lite/extensions/@jupyterlite/pyodide-kernel-extension/static/w.js") == "/"
assert site_root("/~ann/cards/lite/extensions/@jupyterlite/p/static/w.js") == "/~ann/cards/"


def page_for(target: str, root: str) -> str | None:
    """The site's address of a notebook linked from an app ('play-alkort.ipynb', '../01-cards.ipynb'), or None."""
    name = target.split("#")[0]
    if re.fullmatch(r"[\w-]+\.ipynb", name):
        return f"{root}apps/{name.removesuffix('.ipynb')}.html"
    if re.fullmatch(r"\.\./[\w-]+\.ipynb", name):
        return f"{root}lite/notebooks/index.html?path=notebooks/{name.removeprefix('../')}"
    return None


assert page_for("play-alkort.ipynb", "/") == "/apps/play-alkort.html"
assert page_for("../04-alkort-deal.ipynb", "/c/") == "/c/lite/notebooks/index.html?path=notebooks/04-alkort-deal.ipynb"
assert page_for("https://voila.readthedocs.io", "/") is None


MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def with_site_links(markdown: str, root: str) -> str:
    """Markdown whose links to course notebooks lead to the site's pages, in the same tab.

    A plain Markdown link to an address of the site would open in a new tab (JupyterLab opens every
    link that is not a file of its own in a new tab), so such a link becomes an HTML link whose target says
    otherwise; Markdown inside it (the bold of **Play Écarté**) is still Markdown."""

    def link(match: re.Match) -> str:
        text, target = match.groups()
        page = page_for(target, root)
        return match.group(0) if page is None else f'<a href="{page}" target="_self">{text}</a>'

    return MARKDOWN_LINK.sub(link, markdown)


assert (
    with_site_links("[**Play**](play-ecarte.ipynb): go", "/")
    == '<a href="/apps/play-ecarte.html" target="_self">**Play**</a>: go'
)
assert with_site_links("[Voilà](https://voila.readthedocs.io)", "/") == "[Voilà](https://voila.readthedocs.io)"


def run_cell(source: str, namespace: dict, filename: str) -> object:
    """Run a code cell's source as a notebook does; return the value of its last line if that is an expression."""
    tree = ast.parse(source, filename)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()  # run the rest, then evaluate it
    exec(compile(tree, filename, "exec"), namespace)
    if not isinstance(last, ast.Expr):
        return None
    return eval(compile(ast.Expression(last.value), filename, "eval"), namespace)


assert run_cell("x = 2\nx * 3", {}, "<cell>") == 6
assert run_cell("y = 1", {}, "<cell>") is None


def with_nulls(value: object, null: object) -> object:
    """The same message with every None replaced by `null` (Pyodide's JavaScript null), at any depth."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: with_nulls(item, null) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [with_nulls(item, null) for item in value]
    return value


assert with_nulls({"display": None, "children": [None, 1]}, "null") == {"display": "null", "children": ["null", 1]}


def send_none_as_null(shell) -> None:
    """Let a widget's trait set to None reach the page as null, as it does from a Jupyter server.

    The kernel hands each widget message to JavaScript, which turns Python's None into `undefined`, not `null`;
    the page then ignores the change, so a box shown again with `layout.display = None` stays hidden (the
    table of Play Alkort, after Start game). Sending JavaScript's own null instead keeps the message as meant."""
    from pyodide.ffi import jsnull

    send = shell.send_comm
    if getattr(send, "sends_nulls", False):
        return

    def send_comm(msg_type, content, metadata, ident, buffers):
        return send(msg_type, with_nulls(content, jsnull), metadata, ident, buffers)

    send_comm.sends_nulls = True  # type: ignore[attr-defined]
    shell.send_comm = send_comm


def notebooks_needed(name: str, root: str) -> list[str]:
    """The site's notebooks app NAME reads: its own, and for the landing page, which lists the chapters with their
    titles, the chapters too (from the site's listing of its files). One request for a game, not seventeen."""
    from pyodide.http import open_url  # a request the page's Python waits for (it runs in a web worker)

    paths = [f"notebooks/apps/{name}.ipynb"]
    if name == LANDING_PAGE:
        listing = json.loads(open_url(f"{root}lite/api/contents/notebooks/all.json").read())
        paths += [item["path"] for item in listing["content"] if item["type"] == "notebook"]
    return paths


def copy_notebooks(paths: list[str], root: str, into: Path) -> None:
    """Copy these notebooks of the site (paths in its drive) into a folder of this page, laid out as in the drive."""
    from pyodide.http import open_url

    for path in paths:
        target = into / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(open_url(f"{root}lite/files/{quote(path)}").read(), encoding="utf-8")


def show_app(name: str) -> None:
    """Show the app notebooks/apps/NAME.ipynb: its text and the results of its code, with the site's links."""
    import js  # Pyodide's window on the browser: here, the kernel's web worker
    from IPython import get_ipython
    from IPython.display import Markdown, display

    root = site_root(str(js.location.pathname))
    os.environ[SITE_VARIABLE] = root
    copy_notebooks(notebooks_needed(name, root), root, LOCAL)
    path = LOCAL / "notebooks" / "apps" / f"{name}.ipynb"
    os.chdir(path.parent)  # as in Voilà and JupyterLab, the notebook's folder is the working folder
    shell = get_ipython()
    send_none_as_null(shell)
    namespace = shell.user_ns
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            display(Markdown(with_site_links(source, root)))
        elif cell["cell_type"] == "code":
            result = run_cell(source, namespace, f"{name}.ipynb")
            if result is not None:
                display(result)
