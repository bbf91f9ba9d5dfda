"""A Sphinx extension that takes sphinx-thebe's scripts off every page.

Jupyter Book always loads sphinx-thebe (live code cells through Binder), even with thebe switched off in
_config.yml, and sphinx-thebe then puts on every page an inline script naming thebe's address on a CDN,
and its loader. This book runs no code in the browser and must fetch nothing from the internet, so both go.
"""

from __future__ import annotations

from sphinx.application import Sphinx


def is_thebe(script) -> bool:
    """Whether a page's script is sphinx-thebe's loader or its inline configuration."""
    filename = str(getattr(script, "filename", script) or "")
    body = getattr(script, "attributes", {}).get("body", "") or ""
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body


def drop_thebe(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Remove sphinx-thebe's scripts from the page about to be written (the list is reset for each page)."""
    scripts = context.get("script_files")
    if scripts is not None:
        scripts[:] = [script for script in scripts if not is_thebe(script)]


def setup(app: Sphinx) -> dict:
    """Run after every other extension has added its scripts to the page."""
    app.connect("html-page-context", drop_thebe, priority=999)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
