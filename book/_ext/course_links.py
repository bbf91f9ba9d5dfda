"""A Sphinx extension for links in the notebooks that only make sense inside JupyterLab.

A notebook may link to a folder ("../exercises/") or to a Voilà app ("apps/alkort-table.ipynb"): in
JupyterLab the first opens the file browser and the second the app, but neither is a page of the book, and
MyST would warn that the target is missing, which fails the build (-W). Such a link becomes its plain text.
Every other link is left alone, so a link to a chapter that does not exist still fails the build.

A chapter may also link to a page of the book itself ("../book/glossary.md", which JupyterLab opens from
notebooks/): the book reads the chapter through its link book/notebooks/, where that path leads nowhere, so such
a link becomes a link to the book's page.
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


def book_page(target: str, source: Path, book: Path) -> str | None:
    """The book's page that a relative link names from the source's real folder (a chapter's "../book/glossary.md"
    is the page "glossary"), or None if it names none."""
    if "://" in target or target.startswith(("#", "mailto:")):
        return None
    path = (source.resolve().parent / target.split("#")[0]).resolve()
    book = book.resolve()
    if book not in path.parents or path.suffix not in (".md", ".ipynb") or not path.is_file():
        return None
    return path.relative_to(book).with_suffix("").as_posix()


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
                page = book_page(target, source, Path(self.env.srcdir))
                if page is not None:  # a chapter's link into book/, from notebooks/: the book's own page
                    node["refdomain"], node["reftarget"], node["reftargetid"] = "doc", page, None
                    continue
            if is_jupyterlab_only(target, base):
                node.replace_self(nodes.inline("", "", *node.children))


def setup(app: Sphinx) -> dict:
    """Register the post-transform."""
    app.add_post_transform(JupyterLabOnlyLinks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
