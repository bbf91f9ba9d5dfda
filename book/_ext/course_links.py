"""A Sphinx extension for links in the notebooks that only make sense inside JupyterLab.

A notebook may link to a folder ("../exercises/") or to a Voilà app ("apps/alkort-table.ipynb"): in
JupyterLab the first opens the file browser and the second the app, but neither is a page of the book, and
MyST would warn that the target is missing, which fails the build (-W). Such a link becomes its plain text.
Every other link is left alone, so a link to a chapter that does not exist still fails the build.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

APPS = Path(__file__).resolve().parents[2] / "notebooks" / "apps"


def is_jupyterlab_only(target: str, source: Path) -> bool:
    """Whether a relative link from `source` names a folder or something under notebooks/apps/."""
    if "://" in target or target.startswith(("#", "mailto:")):
        return False
    path = (source.parent / target.split("#")[0]).resolve()
    return path.is_dir() or path == APPS or APPS in path.parents


class JupyterLabOnlyLinks(SphinxPostTransform):
    """Turn MyST links to folders and Voilà apps into plain text, before MyST resolves the others."""

    default_priority = 8  # MyST's own resolver runs at 9

    def run(self, **kwargs) -> None:
        """Replace each such link by its text."""
        source = Path(self.env.doc2path(self.env.docname))
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst":
                continue
            # A link to a file that exists arrives as a page name relative to the book ("notebooks/apps/x"),
            # any other link as written, relative to the page.
            if node.get("refdomain") == "doc":
                target, base = node["reftarget"], Path(self.env.srcdir) / "index"
            else:
                target, base = node["reftarget"], source
            if is_jupyterlab_only(target, base):
                node.replace_self(nodes.inline("", "", *node.children))


def setup(app: Sphinx) -> dict:
    """Register the post-transform."""
    app.add_post_transform(JupyterLabOnlyLinks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
