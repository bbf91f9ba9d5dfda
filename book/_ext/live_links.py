"""A Sphinx extension: every chapter and exercise page of the book links to its live copy in the static site.

The book shows each notebook as it ran when the book was built; the static site (`make site`) opens the same
notebook in JupyterLite, where the reader can edit and run it in the browser. Under each notebook page's
title, an "Open live" link leads there. Where the site is comes from `course_site_url` in _config.yml: relative
to the book's root ("../site/" when book/_build/html and book/_build/site are published side by side), or
a full address. The notebook's address inside the site is the site build's own (book/site/build.py).
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

SITE_BUILD = Path(__file__).resolve().parents[1] / "site" / "build.py"
LIVE_FOLDERS = ("notebooks", "exercises")  # the book's folders that the site's drive has too


@functools.cache
def site_build():
    """book/site/build.py as a module, for its notebook_url (a script, not a package)."""
    spec = importlib.util.spec_from_file_location("site_build", SITE_BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def live_url(docname: str, site_url: str, notebook_url) -> str:
    """The address of a notebook page's live copy, from that page (notebooks/01-x -> ../../site/lite/...)."""
    page_to_root = "" if "://" in site_url else "../" * docname.count("/")
    return page_to_root + site_url + notebook_url(f"{docname}.ipynb")


assert live_url("notebooks/01-x", "../site/", lambda path: f"n?path={path}") == "../../site/n?path=notebooks/01-x.ipynb"
assert live_url("exercises/01-x", "https://c.org/", lambda path: path) == "https://c.org/exercises/01-x.ipynb"


def is_live(app: Sphinx, docname: str) -> bool:
    """Whether the page is a notebook of a folder the site has (a chapter or an exercise)."""
    folder, _, name = docname.partition("/")
    return folder in LIVE_FOLDERS and "/" not in name and Path(app.env.doc2path(docname)).suffix == ".ipynb"


def add_live_link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put the "Open live" link under the page's title."""
    if not is_live(app, docname):
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    url = live_url(docname, app.config.course_site_url, site_build().notebook_url)
    link = (
        f'<p class="course-live-link"><a class="reference external" href="{url}">Open live</a>: '
        "this notebook in your browser, to edit and run (Python runs in the page; nothing to install).</p>"
    )
    section.insert(1, nodes.raw("", link, format="html"))


def setup(app: Sphinx) -> dict:
    """Register the setting and the event handlers."""
    app.add_config_value("course_site_url", "../site/", "html")
    app.connect("doctree-resolved", add_live_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
