"""The built book: every page is there, it ran its notebooks, and it loads nothing from the internet.

These tests read book/_build/html, which `make book` makes (and `make test` makes before running them).
"""

from __future__ import annotations

import html as html_module
import importlib
import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from book_paths import BOOK

TOC = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", ""}
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def toc_files(node) -> list[str]:
    """Every page named in the table of contents, in order."""
    if isinstance(node, list):
        return [name for item in node for name in toc_files(item)]
    if not isinstance(node, dict):
        return []
    own = [node["file"]] if "file" in node else []
    return own + [name for key in ("parts", "chapters", "sections") for name in toc_files(node.get(key, []))]


PAGES = [TOC["root"]] + toc_files(TOC)
CHAPTERS = [name for name in PAGES if name.startswith("notebooks/")]
EXERCISES = [name for name in PAGES if name.startswith("exercises/")]
API_MODULES = [name.removeprefix("api/") for name in PAGES if name.startswith("api/") and name != "api/index"]
CORE_MODULES = [
    "cardlib",
    "cardlib.cards",
    "cardlib.tricks",
    "cardlib.alkort",
    "cardlib.ecarte",
    "cardlib.players",
    "cardlib.scenarios",
]


def load_module(name: str, path: Path):
    """A Python file that is not in a package, as a module."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LIVE_SITE = load_module("site_build", BOOK / "site" / "build.py")  # where the site puts each notebook


def page(site: Path, name: str) -> str:
    """The HTML of a built page, by its name in the table of contents."""
    path = site / f"{name}.html"
    assert path.exists(), f"{name} is in book/_toc.yml but {path.name} was not built (is its source missing?)"
    return path.read_text(encoding="utf-8")


def module_exists(name: str) -> bool:
    """Whether a module of cardlib can be found (without importing it)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


class TagCollector(HTMLParser):
    """The tags of a page with their attributes, and the text of each <script> by its type."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[tuple[str, str]] = []
        self._script_type: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Keep every tag; remember the type of an opening <script>."""
        attributes = {key: value or "" for key, value in attrs}
        self.tags.append((tag, attributes))
        if tag == "script":
            self._script_type = attributes.get("type", "")

    def handle_data(self, data: str) -> None:
        """Keep the body of a script."""
        if self._script_type is not None:
            self.scripts.append((self._script_type, data))

    def handle_endtag(self, tag: str) -> None:
        """A script is over."""
        if tag == "script":
            self._script_type = None


def parse(html: str) -> TagCollector:
    """The tags and scripts of a page."""
    collector = TagCollector()
    collector.feed(html)
    return collector


def loaded_urls(html: str) -> list[str]:
    """The addresses a browser fetches to show the page: scripts, stylesheets and other links, images, frames."""
    urls = []
    for tag, attributes in parse(html).tags:
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed"):
            urls.append(attributes.get("src", ""))
        elif tag == "link":
            urls.append(attributes.get("href", ""))
        elif tag == "object":
            urls.append(attributes.get("data", ""))
        # The widget manager fetches third-party widget code from this address.
        urls.append(attributes.get("data-jupyter-widgets-cdn", ""))
    return [url for url in urls if url]


def is_remote(url: str) -> bool:
    """Whether fetching this address would leave the machine (protocol-relative // counts too)."""
    parts = urlsplit(url)
    return (
        parts.scheme in ("http", "https", "ftp")
        and parts.hostname not in LOCAL_HOSTS
        or (not parts.scheme and url.startswith("//"))
    )


def widget_state(html: str) -> dict:
    """The saved widget state of a page (empty if it has none)."""
    states = [json.loads(body) for kind, body in parse(html).scripts if kind == WIDGET_STATE]
    return states[0]["state"] if states else {}


# ---------------------------------------------------------------------------------------------------------
# Every page


@pytest.mark.parametrize("name", [name for name in PAGES if not name.startswith("api/cardlib")])
def test_every_page_in_the_table_of_contents_is_built(site, name):
    assert "<h1" in page(site, name), f"{name}.html has no title"


@pytest.mark.parametrize("module", API_MODULES)
def test_every_cardlib_module_that_exists_has_an_api_page(site, module):
    built = (site / "api" / f"{module}.html").exists()
    if module in CORE_MODULES or module_exists(module):
        assert built, f"cardlib module {module} exists but the book has no page api/{module}.html"
    else:
        assert not built, f"api/{module}.html was built, but there is no module {module}"


def test_the_core_modules_are_all_in_the_table_of_contents():
    assert set(CORE_MODULES) <= set(API_MODULES)


def test_no_page_loads_anything_from_another_host(site):
    offenders = {}
    for path in sorted(site.rglob("*.html")):
        remote = [url for url in loaded_urls(path.read_text(encoding="utf-8")) if is_remote(url)]
        if remote:
            offenders[str(path.relative_to(site))] = sorted(set(remote))
    assert not offenders, f"pages that would fetch from the internet: {offenders}"


CDN_HOSTS = ("unpkg.com", "jsdelivr.net", "cdnjs.cloudflare.com", "googleapis.com", "mathjax.org")


def test_no_page_even_names_a_cdn(site):
    """Stricter than the test above: no inline script may name one either (sphinx-thebe's did)."""
    naming = {
        str(path.relative_to(site)): [host for host in CDN_HOSTS if host in path.read_text(encoding="utf-8")]
        for path in sorted(site.rglob("*.html"))
    }
    assert not {page: hosts for page, hosts in naming.items() if hosts}


def test_the_remote_url_check_itself_tells_remote_from_local():
    html = (
        '<script src="https://cdn.jsdelivr.net/npm/x.js"></script><link href="//fonts.example/a.css">'
        '<script src="_static/../widgets/require.js"></script><a href="https://pagat.com/">a link</a>'
        '<script data-jupyter-widgets-cdn="https://unpkg.com/" src="http://127.0.0.1:8000/x.js"></script>'
    )
    assert [url for url in loaded_urls(html) if is_remote(url)] == [
        "https://cdn.jsdelivr.net/npm/x.js",
        "//fonts.example/a.css",
        "https://unpkg.com/",
    ]


# ---------------------------------------------------------------------------------------------------------
# The widgets


def test_the_widget_manager_is_served_by_the_site_outside_static(site):
    for name in ("require.js", "embed-amd.js"):
        assert (site / "widgets" / name).stat().st_size > 10_000, f"widgets/{name} is missing or empty"
    in_static = [path.name for path in (site / "_static").rglob("*") if path.name in ("require.js", "embed-amd.js")]
    assert not in_static, f"the widget manager must not be in _static/ (Sphinx adds it to every page): {in_static}"


def test_the_widget_manager_is_on_widget_pages_only(site):
    intro = parse(page(site, "rules/alkort"))
    assert not any("widgets/embed-amd.js" in attributes.get("src", "") for _, attributes in intro.tags)


def test_tutorial_chapters_saved_their_widgets_state(site):
    with_state = [name for name in CHAPTERS if (site / f"{name}.html").exists() and widget_state(page(site, name))]
    assert with_state, "no tutorial chapter's page has saved widget state: widgets would not render"


@pytest.mark.parametrize("name", CHAPTERS + EXERCISES + ["variants"])
def test_a_page_that_shows_widgets_carries_their_state_and_the_local_manager(site, name):
    html = page(site, name)
    collected = parse(html)
    views = [json.loads(body)["model_id"] for kind, body in collected.scripts if kind == WIDGET_VIEW]
    if not views:
        return  # a page without widgets needs neither
    state = widget_state(html)
    assert all(model in state for model in views), f"{name}: a widget shown on the page has no saved state"
    sources = [attributes.get("src", "") for tag, attributes in collected.tags if tag == "script"]
    for script in ("widgets/require.js", "widgets/embed-amd.js"):
        assert any(re.search(rf"(^|/){re.escape(script)}(\?|$)", source) for source in sources), (
            f"{name}: no script loads {script}"
        )


def test_the_widget_manager_is_told_its_fonts_are_beside_it(site):
    """Else it asks for them beside the page (<page folder>/@jupyter-widgets/...): a 404 for each font."""
    script = (site / "widgets" / "assets-path.js").read_text(encoding="utf-8")
    assert "__jupyter_widgets_assets_path__" in script and "document.currentScript" in script
    fonts = [path.name for path in (site / "widgets").iterdir() if path.suffix in (".woff", ".woff2", ".ttf")]
    assert fonts, "the widget manager's fonts are served beside it"
    sources = [attributes.get("src", "") for tag, attributes in parse(page(site, CHAPTERS[1])).tags if tag == "script"]
    widget_scripts = [source.rsplit("/", 1)[-1].split("?")[0] for source in sources if "widgets/" in source]
    assert widget_scripts[:1] == ["assets-path.js"], f"assets-path.js must run first: {widget_scripts}"


@pytest.mark.parametrize("name", CHAPTERS + EXERCISES)
def test_every_chapter_and_exercise_links_to_its_live_copy_in_the_static_site(site, name):
    links = re.findall(r'<a class="reference external" href="([^"]+)">Open live</a>', page(site, name))
    assert len(links) == 1, f"{name}: one 'Open live' link under the title"
    url = html_module.unescape(links[0])
    # From book/_build/html/<name>.html to book/_build/site/, the site's address for that notebook.
    assert url == "../" * name.count("/") + "../site/" + LIVE_SITE.notebook_url(f"{name}.ipynb"), url
    in_the_site = {f"notebooks/{p.stem}" for p in LIVE_SITE.chapters()} | {
        f"exercises/{p.stem}" for p in LIVE_SITE.exercises()
    }
    assert name in in_the_site, f"{name} is not among the notebooks the static site puts in its drive"


def test_the_npm_lock_points_at_the_npm_registry_only():
    lock = json.loads((BOOK / "package-lock.json").read_text(encoding="utf-8"))
    hosts = {urlsplit(package["resolved"]).hostname for package in lock["packages"].values() if "resolved" in package}
    assert hosts <= {"registry.npmjs.org"}, f"package-lock.json fetches from {hosts}"
    assert {"node_modules/@jupyter-widgets/html-manager", "node_modules/requirejs"} <= set(lock["packages"])


# ---------------------------------------------------------------------------------------------------------
# What the pages say


@pytest.mark.parametrize("name", CHAPTERS + EXERCISES + ["variants"])
def test_pages_show_no_traceback(site, name):
    html = page(site, name)
    assert "Traceback (most recent call last)" not in html and 'class="output traceback' not in html


@pytest.mark.parametrize("name", CHAPTERS + ["variants"])
def test_notebooks_were_executed(site, name):
    assert "cell_output" in page(site, name), f"{name} shows no output: was it executed?"


@pytest.mark.parametrize("name", EXERCISES)
def test_exercise_pages_show_the_checks_unattempted(site, name):
    assert "not attempted" in page(site, name).lower(), f"{name}: its checks should say 'not attempted'"


SOURCES = ["pagat.com", "Ólafur Davíðsson", "Spilabók AB", "Cavendish", "Britannica", "Board Game Arena"]


def test_the_rules_reference_names_its_historical_sources(site):
    html = page(site, "rules/index")
    missing = [source for source in SOURCES if source not in html]
    assert not missing, f"the rules reference does not name {missing}"


def test_the_rules_reference_gives_both_games_rules(site):
    alkort, ecarte = page(site, "rules/alkort"), page(site, "rules/ecarte")
    for text in ("K♦", "2♥", "4♣", "8♠", "múk", "stroke", "rubbish", "worthless hand", "lead_rule", "seven_lead"):
        assert text.lower() in alkort.lower(), f"the Alkort rules do not mention {text!r}"
    for text in ("K Q J A 10 9 8 7", "propose", "refuse", "King of trumps", "vole", "must_trump"):
        assert text.lower() in ecarte.lower(), f"the Écarté rules do not mention {text!r}"


def test_the_variants_chapter_shows_the_seeds_and_runs_its_examples(site):
    html = page(site, "variants")
    for text in ("Seed 000", "Seed 001", "Seed 002", "why the old texts disagree"):
        assert text in html
    # The output of a cell, not the prose: a led Seven on the opening lead under seed 001's reading.
    assert "7♠ wins: a seven led on the opening lead is unbeatable" in html


@pytest.mark.parametrize(
    "module, member",
    [
        ("cardlib.cards", "card"),
        ("cardlib.tricks", "IllegalAction"),
        ("cardlib.alkort", "trick_winner"),
        ("cardlib.alkort", "AlkortOptions"),
        ("cardlib.ecarte", "legal_plays"),
        ("cardlib.players", "Player"),
    ],
)
def test_the_api_reference_is_made_from_the_docstrings(site, module, member):
    html = page(site, f"api/{module}")
    assert f'id="{module}.{member}"' in html, f"api/{module}.html does not document {member}"
    docstring = getattr(importlib.import_module(module), member).__doc__.strip().splitlines()[0]
    assert plain(docstring)[:30] in plain(re.sub(r"<[^>]+>", "", html)), (
        f"api/{module}.html does not show the docstring of {member}: {docstring!r}"
    )


def plain(text: str) -> str:
    """Text as words only: HTML entities decoded, no reST markup, straight quotes, single spaces."""
    text = html_module.unescape(text).translate(str.maketrans("‘’“”", "''\"\"", "`*\\"))
    return " ".join(text.split())
