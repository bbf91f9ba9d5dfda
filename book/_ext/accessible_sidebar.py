"""A Sphinx extension: the theme's left sidebar, made to pass axe-core (WCAG 2.1 AA and best practice).

sphinx-book-theme draws two things in its sidebar that axe flags on every page: the toggles that open a part
of the table of contents are ``<summary>`` elements with only an icon in them, so a screen reader announces
them with no name (``summary-name``, WCAG 4.1.2); and the sidebar's title and search box stand outside every
landmark (``region``), so a reader who jumps from landmark to landmark never meets them. The theme's templates
offer no setting for either, so once the pages are written, each toggle is named after the part it opens
("Show the pages of The rules") and the sidebar becomes a named landmark.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx

# A part of the table of contents: its link, then the toggle that opens its pages.
TOGGLE = re.compile(r'(>(?P<title>[^<>]+)</a><details(?: open="open")?>)<summary>')
SIDEBAR = '<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar">'
SIDEBAR_LANDMARK = (
    '<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar" role="region" '
    'aria-label="The course\'s pages">'
)


def accessible(html: str) -> str:
    """The page with every table-of-contents toggle named and the sidebar a named landmark."""
    html = TOGGLE.sub(lambda part: f'{part[1]}<summary aria-label="Show the pages of {part["title"].strip()}">', html)
    return html.replace(SIDEBAR, SIDEBAR_LANDMARK)


assert (
    accessible('<a href="x">The rules</a><details><summary><span>')
    == '<a href="x">The rules</a><details><summary aria-label="Show the pages of The rules"><span>'
)
assert 'role="region"' in accessible(SIDEBAR)


def rewrite_pages(app: Sphinx, exception: Exception | None) -> None:
    """Make every written HTML page accessible, once the build has succeeded."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if (fixed := accessible(html)) != html:
            page.write_text(fixed, encoding="utf-8")


def setup(app: Sphinx) -> dict:
    """Rewrite the pages when the build has finished."""
    app.connect("build-finished", rewrite_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
