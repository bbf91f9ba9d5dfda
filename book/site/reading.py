"""The book's pages about the game that the static site carries as plain pages: the glossary and the history.

They are MyST Markdown, written for the book (book/glossary.md, book/history.md). The site renders them to HTML
at build time with markdown-it-py, the parser MyST itself uses, so that a visitor reads them at once, with no
Python started. The few MyST roles they use become what the site can show: a link to the other page of the two
({doc}`history`), a link within the page ({ref}`text <label>` to a `(label)=` target), and the title of a book
page the site does not carry ({doc}`rules/alkort` → the book's page *Alkort*).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from string import Template

from markdown_it import MarkdownIt
from mdit_py_plugins.deflist import deflist_plugin

BOOK = Path(__file__).resolve().parent.parent
PAGES = {"glossary": BOOK / "glossary.md", "history": BOOK / "history.md"}  # name in the site -> source
PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<link rel="stylesheet" href="site.css">
</head>
<body>
<nav aria-label="Site"><a href="index.html">← Alkort and Écarté: the course's front page</a></nav>
<main>
$body
</main>
<footer><p>From the course's book ($source). The other pages of the book are in its own site.</p></footer>
</body>
</html>
""")
DOC_ROLE = re.compile(r"\{doc\}`([^`<]+?)`")
REF_ROLE = re.compile(r"\{ref\}`([^`<]+?) <([^`>]+)>`")
TARGET = re.compile(r"^\(([\w-]+)\)=[ \t]*$", re.MULTILINE)


def title_of(markdown: str) -> str:
    """A page's first '# ' heading."""
    return next(line[2:].strip() for line in markdown.splitlines() if line.startswith("# "))


def book_title(target: str) -> str:
    """The title of a book page ('rules/alkort' -> its first heading), or its name if it has none here."""
    source = BOOK / f"{target}.md"
    return title_of(source.read_text(encoding="utf-8")) if source.exists() else target


def plain_markdown(markdown: str) -> str:
    """CommonMark for the site: the MyST roles and targets made links, anchors or titles (see the module's text)."""

    def doc(match: re.Match) -> str:
        target = match.group(1).strip()
        if target in PAGES:
            return f"[{title_of(PAGES[target].read_text(encoding='utf-8'))}]({target}.html)"
        return f"the book's page *{book_title(target)}*"

    markdown = DOC_ROLE.sub(doc, markdown)
    markdown = REF_ROLE.sub(lambda m: f"[{m.group(1)}](#{m.group(2)})", markdown)
    return TARGET.sub(lambda m: f'<span id="{m.group(1)}"></span>', markdown)


assert plain_markdown("see {ref}`the list <books>`\n(books)=\n") == 'see [the list](#books)\n<span id="books"></span>\n'


def render(name: str) -> str:
    """The site's page NAME (glossary, history) as a whole HTML document."""
    source = PAGES[name]
    markdown = source.read_text(encoding="utf-8")
    parser = MarkdownIt("commonmark", {"html": True}).enable("table").use(deflist_plugin)
    return PAGE.substitute(
        title=html.escape(title_of(markdown)),
        body=parser.render(plain_markdown(markdown)),
        source=f"book/{source.name}",
    )


def write_pages(site: Path) -> list[tuple[str, str]]:
    """Write every page of PAGES into the site's folder; return their links (address, title) for the front page.
    A page whose source is missing stops the build: the front page promises both."""
    missing = [str(source.relative_to(BOOK.parent)) for source in PAGES.values() if not source.exists()]
    if missing:
        raise SystemExit(f"book/site/build.py: the site's reading pages need {', '.join(missing)}")
    links = []
    for name, source in PAGES.items():
        (site / f"{name}.html").write_text(render(name), encoding="utf-8")
        links.append((f"{name}.html", title_of(source.read_text(encoding="utf-8"))))
    return links
