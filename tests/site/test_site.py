"""The static site (make site), served by a plain static server and used in Chromium cut off from the internet.

Python runs in the browser here (Pyodide): the tests open the front page and follow its links, play the apps by
clicking, run every chapter and exercise notebook top to bottom in JupyterLite, and check an exercise's answers
and the progress kept over a reload. Every request to another host is aborted and fails the test that made it.
"""

from __future__ import annotations

import importlib.util
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import quote
from urllib.request import urlopen

import pytest
from playwright.sync_api import expect
from site_pages import ERROR_OUTPUT, START_MS, SitePage, deal_over, play_deal
from site_server import BUILD, ROOT

from browser_harness import axe_violations


def load_build():
    """book/site/build.py as a module: its names for the site's parts are the tests' too."""
    spec = importlib.util.spec_from_file_location("site_build", BUILD)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()
NOTEBOOKS = [f"notebooks/{p.name}" for p in build.chapters()] + [f"exercises/{p.name}" for p in build.exercises()]


def assert_no_problems(site_page: SitePage) -> None:
    """No error shown, no JavaScript error, and no request to another host."""
    assert site_page.problems() == []


# ---------------------------------------------------------------------------------------------------------
# What the build makes


def test_the_kernel_is_pointed_at_the_sites_own_pyodide_with_every_package_it_preloads(site: Path):
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    pyodide = site / "lite" / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = {build.canonical(key): entry for key, entry in lock["packages"].items()}  # as Pyodide looks them up
    for name in kernel["loadPyodideOptions"]["packages"]:
        entry = packages[build.canonical(name)]
        assert build.sha256(pyodide / entry["file_name"]) == entry["sha256"], name
        for dependency in entry["depends"]:
            assert (pyodide / packages[build.canonical(dependency)]["file_name"]).exists(), f"{name} needs {dependency}"
    for page_config in site.glob("lite/**/jupyter-lite.json"):
        text = page_config.read_text(encoding="utf-8")
        assert "cdn" not in text and "https://" not in text, f"{page_config} names another host"
    assert not any(name.endswith((".map", ".d.ts")) for name in map(str, site.rglob("*"))), "no source maps"


def test_each_wheel_is_compiled_and_the_lock_file_says_what_it_lets_python_import(site: Path):
    """Pyodide installs a package when a cell imports one of its `imports`: for each package the build adds to
    Pyodide's lock file (cardlib, ipywidgets...), each must be a module of its wheel."""
    pyodide = site / "lite" / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    pyodides_own = json.loads((build.PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    added = 0
    for key, entry in lock["packages"].items():
        if entry["package_type"] == "cpython_module":
            continue
        assert entry["file_name"].endswith("-cp314-none-any.whl"), f"{key}: compiled for Pyodide's Python 3.14"
        if key in pyodides_own:
            continue
        with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
            tops = {
                re.sub(r"\.pyc?$", "", name.split("/")[0])
                for name in wheel.namelist()
                if not re.match(r"__pycache__/|[^/]+\.(dist-info|data)/", name)
            }  # the names Python can import
        assert entry["imports"] and set(entry["imports"]) <= tops, f"{key}: {entry['imports']} not all in {tops}"
        added += 1
    assert added >= 3, "cardlib, course-app and ipywidgets at least"


def test_the_build_fails_when_the_kernel_would_load_pyodide_from_elsewhere(site: Path, tmp_path: Path, monkeypatch):
    """The guard against the incremental build that once fell back to a CDN: the build's own check refuses it."""
    lite = tmp_path / "site" / "lite"
    lite.mkdir(parents=True)
    (lite / "static").symlink_to(site / "lite" / "static")
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]["pyodideUrl"] = (
        "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"
    )
    (lite / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    monkeypatch.setattr(build, "SITE", tmp_path / "site")
    monkeypatch.setattr(build, "LITE", lite)
    lock = json.loads((site / "lite" / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    with pytest.raises(SystemExit, match="pyodideUrl"):
        build.check_site(lock)


# Run in the site's Python: the modules of the runtime and the wheels it imported from source, not from the
# bytecode the build compiled (a module imported from a zip file is named by its .pyc when its bytecode was used).
FROM_SOURCE = """import importlib.util, sys
def from_source(module):
    file = getattr(module, "__file__", None) or ""
    if not file.startswith("/lib/") or not file.endswith(".py") or module.__spec__.origin == "frozen":
        return False
    if ".zip/" in file:
        return True
    try:
        with open(module.__cached__, "rb") as cached:
            return cached.read(4) != importlib.util.MAGIC_NUMBER
    except (TypeError, OSError):
        return True
print("compiled from source:", sorted(name for name, module in list(sys.modules.items()) if from_source(module)))"""


def test_the_sites_python_starts_from_the_bytecode_compiled_by_the_build(site_page: SitePage):
    """A browser compiles no module of the kernel, the widgets or the course: the build compiled them for it."""
    site_page.goto(
        f"lite/repl/index.html?kernel=python&toolbar=0&code={quote('import cardlib.widgets')}&code={quote(FROM_SOURCE)}"
    )
    verdict = site_page.page.locator(".jp-OutputArea-output", has_text="compiled from source:")
    expect(verdict).to_have_text("compiled from source: []", timeout=START_MS)
    assert_no_problems(site_page)


def test_a_learners_traceback_through_the_widgets_shows_their_lines(site_page: SitePage):
    """The widgets keep their sources beside their bytecode (build.WITH_SOURCES), so a mistake shows where it failed."""
    mistake = quote("import ipywidgets\nipywidgets.IntSlider(value='x')")
    site_page.goto(f"lite/repl/index.html?kernel=python&toolbar=0&code={mistake}")
    expect(site_page.page.locator(ERROR_OUTPUT)).to_contain_text("raise TraitError(e)", timeout=START_MS)
    assert site_page.js_errors == [] and site_page.blocked == []


JEDI_COMPLETES = """import jedi, os, six
def completions(code, **namespace):
    return [completion.name for completion in jedi.Interpreter(code, [namespace]).complete()]
print("jedi completes:", completions("os.path.jo", os=os), completions("six.mo", six=six))"""


def test_jedi_completes_with_the_type_stubs_the_site_keeps(site_page: SitePage):
    """jedi (the notebooks' completion) reads type stubs: the site leaves out those of libraries it does not have
    (build.leave_out_unusable_stubs), and jedi still completes the standard library and the site's own packages
    (IPython would hide a crash of jedi behind its simpler completion: so jedi is asked directly)."""
    site_page.goto(f"lite/repl/index.html?kernel=python&toolbar=0&code={quote(JEDI_COMPLETES)}")
    verdict = site_page.page.locator(".jp-OutputArea-output", has_text="jedi completes:")
    expect(verdict).to_have_text("jedi completes: ['join'] ['moves']", timeout=START_MS)
    assert_no_problems(site_page)


PYGMENTS_KEPT = """from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import _iter_lexerclasses, get_lexer_by_name
from pygments.util import ClassNotFound
coloured = [bool(highlight(code, get_lexer_by_name(language), HtmlFormatter()).count("<span"))
            for language, code in [("python", "def f(): pass"), ("json", '{"a": 1}'), ("bash", "ls -l")]]
try:
    get_lexer_by_name("rust")
except ClassNotFound:
    coloured.append("rust: ClassNotFound")
print("pygments:", coloured, len(list(_iter_lexerclasses())) > 50)"""


def test_pygments_keeps_the_lexers_of_python_and_of_the_languages_a_notebook_shows(site_page: SitePage):
    """The build leaves out pygments' lexers for most of its 600 languages (build.leave_out_unused_lexers): those it
    keeps all load, and another language is one pygments does not know (not a module that is missing)."""
    site_page.goto(f"lite/repl/index.html?kernel=python&toolbar=0&code={quote(PYGMENTS_KEPT)}")
    verdict = site_page.page.locator(".jp-OutputArea-output", has_text="pygments:")
    expect(verdict).to_have_text("pygments: [True, True, True, 'rust: ClassNotFound'] True", timeout=START_MS)
    assert_no_problems(site_page)


def test_the_site_is_one_folder_of_its_own(site: Path):
    """Nothing in it points outside it (a symbolic link would not survive the copy to a host)."""
    assert (site / "index.html").exists()
    assert not [p for p in site.rglob("*") if p.is_symlink()]


def test_a_request_to_another_host_fails_and_is_counted(site_page: SitePage):
    """The guard the other tests rely on: from the page and from a web worker (where the kernel runs)."""
    page = site_page.goto("index.html")
    outcomes = page.evaluate("""async () => {
        const attempt = (url) => fetch(url).then(() => "loaded", () => "failed");
        const worker = new Worker(URL.createObjectURL(new Blob([
            'fetch("https://cdn.jsdelivr.net/worker.js").then(() => postMessage("loaded"), () => postMessage("failed"))'
        ])));
        const fromWorker = new Promise(resolve => { worker.onmessage = (event) => resolve(event.data); });
        return [await attempt("https://cdn.jsdelivr.net/page.js"), await fromWorker];
    }""")
    assert outcomes == ["failed", "failed"]
    assert set(site_page.blocked) == {"https://cdn.jsdelivr.net/page.js", "https://cdn.jsdelivr.net/worker.js"}


# ---------------------------------------------------------------------------------------------------------
# The front page and the apps


def test_the_front_page_links_every_app_chapter_and_exercise_by_its_title(site_page: SitePage, site_url: str):
    page = site_page.goto("index.html")
    titles = [title for name, title in build.APPS.items() if name != "index"]
    titles += [build.title(p) for p in build.chapters() + build.exercises()]
    titles += ["The words of the games", "A history of Alkort"]  # the book's glossary and history, as plain pages
    assert len(titles) == 5 + 12 + 8 + 2  # the apps, chapters 00 to 11, the exercises, the two plain pages
    assert {"Play Écarté", "Play Alkort", "Rank lab", "Deal explorer"} <= set(titles)
    for title in titles:
        link = page.get_by_role("link", name=title, exact=True)
        expect(link).to_have_count(1)
        href = link.get_attribute("href") or ""
        with urlopen(site_url + href.split("?")[0]) as response:  # the page it opens is there
            assert response.status == 200, href
    assert_no_problems(site_page)


def test_play_ecarte_from_the_front_page_a_whole_deal_by_clicks(site_page: SitePage, artifacts: Path):
    page = site_page.goto("index.html")
    page.get_by_role("link", name="Play Écarté", exact=True).click()
    card = site_page.wait_for_app(".cardlib-your-turn .cardlib-card")
    expect(page.get_by_role("heading", name="Play Écarté")).to_have_count(1)
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "no code shows"
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box and box["width"] > 20 and box["height"] > 30, f"a card is drawn at a readable size: {box}"
    expect(card).to_be_in_viewport()
    site_page.screenshot(artifacts / "play-ecarte.png")
    answers = play_deal(site_page)
    assert deal_over(page)
    prompt = page.locator(".cardlib-prompt").first.inner_text()
    assert re.search(r"\bpoints?\b|\bvole\b", prompt), f"the prompt explains the score: {prompt}"
    scores = [int(row.split("\t")[-1]) for row in page.locator(".cardlib-score tr").all_inner_texts()[1:]]
    assert sum(scores) > 0, "a deal scores for someone"
    assert len(answers) >= 5, "five tricks at least were played by clicks"
    site_page.screenshot(artifacts / "play-ecarte-scored.png")
    assert_no_problems(site_page)


def test_play_alkort_plays_at_once_and_its_rules_open_for_a_new_game(site_page: SitePage, artifacts: Path):
    page = site_page.goto("apps/play-alkort.html")
    card = site_page.wait_for_app(".cardlib-your-turn .cardlib-card")
    card.scroll_into_view_if_needed()
    expect(card).to_be_in_viewport()
    assert page.locator(".cardlib-your-turn .cardlib-card").count() == 9, "a hand of nine"
    assert page.locator(".cardlib-option").count() == 0, "the pickers are made when asked for"
    site_page.screenshot(artifacts / "play-alkort.png")
    site_page.click(page.locator(".cardlib-choose-rules").first, read=".cardlib-options")
    expect(page.locator(".cardlib-option-ranking select")).to_be_visible()
    page.locator(".cardlib-option select").first.select_option(label="2, one against one")
    site_page.click(page.locator(".cardlib-start-game").first)
    expect(page.locator(".cardlib-info").first).to_contain_text("Alkort, 2 players")
    assert_no_problems(site_page)


@pytest.mark.parametrize(
    ("app", "ready", "says"),
    [
        ("rank-lab", ".cardlib-comparator .cardlib-result", "Winner"),
        ("deal-explorer", ".cardlib-deal-explorer", "Ranked"),
    ],
)
def test_the_labs_open_with_their_widgets_drawn(site_page: SitePage, artifacts: Path, app: str, ready: str, says: str):
    site_page.goto(f"apps/{app}.html")
    expect(site_page.wait_for_app(ready)).to_contain_text(says)
    site_page.screenshot(artifacts / f"{app}.png")
    assert_no_problems(site_page)


def test_the_apps_landing_page_links_to_the_sites_own_pages(site_page: SitePage, site_url: str):
    page = site_page.goto("apps/index.html")
    chapter = build.title(build.chapters()[1])
    site_page.wait_for_app(f"a:text-is('{chapter}')")
    root = "/"  # the site is served at the server's root here
    expect(page.get_by_role("link", name="Play Alkort")).to_have_attribute("href", f"{root}apps/play-alkort.html")
    for path in build.chapters():
        link = page.get_by_role("link", name=build.title(path), exact=True)
        expect(link).to_have_attribute("href", f"{root}{build.notebook_url('notebooks/' + path.name)}")
    page.get_by_role("link", name=chapter, exact=True).click()  # opens in this tab, as a notebook to run
    page.wait_for_function("window.jupyterapp?.shell.currentWidget?.context?.path", timeout=60_000)
    opened = page.evaluate("window.jupyterapp.shell.currentWidget.context.path")
    assert opened == f"notebooks/{build.chapters()[1].name}"
    assert_no_problems(site_page)


@pytest.mark.parametrize(("page", "other"), [("glossary", "history"), ("history", "glossary")])
def test_the_glossary_and_the_history_are_pages_of_the_site(site_page: SitePage, page: str, other: str):
    """The book's pages about the game, rendered at build time: read at once, linking each other and the front page,
    with nothing of MyST's own syntax left, and clean by axe-core's WCAG 2.1 AA rules."""
    source = (ROOT / "book" / f"{page}.md").read_text(encoding="utf-8")
    heading = next(line[2:] for line in source.splitlines() if line.startswith("# "))
    tab = site_page.goto(f"{page}.html")
    expect(tab.get_by_role("heading", level=1)).to_have_text(heading)
    sections = [line[3:] for line in source.splitlines() if line.startswith("## ")]
    for section in sections:
        expect(tab.get_by_role("heading", level=2, name=section, exact=True)).to_have_count(1)
    assert tab.locator(f"main a[href='{other}.html']").count() >= 1, f"{page} links to {other}"
    for anchor in tab.locator("main a[href^='#']").all():  # a link within the page leads to its target
        assert tab.locator(f"[id='{(anchor.get_attribute('href') or '#')[1:]}']").count() == 1
    assert not re.search(r"\{(doc|ref)\}|^\([\w-]+\)=", tab.locator("main").inner_text(), re.MULTILINE)
    tab.get_by_role("link", name="front page").click()
    expect(tab.get_by_role("heading", name="Alkort and Écarté", level=1)).to_be_visible()
    assert axe_violations(tab) == []
    assert_no_problems(site_page)


def test_the_front_page_is_clean_by_axe(site_page: SitePage):
    page = site_page.goto("index.html")
    assert axe_violations(page) == []


# ---------------------------------------------------------------------------------------------------------
# The notebooks


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_chapter_and_exercise_notebook_runs_top_to_bottom(site_page: SitePage, notebook: str):
    site_page.open_notebook(notebook)
    assert site_page.run_all(), f"{notebook}: a cell raised an exception"
    assert_no_problems(site_page)


def test_an_exercise_says_not_yet_then_correct_and_remembers_it_after_a_reload(site_page: SitePage):
    site_page.open_notebook("exercises/01-cards-and-packs.ipynb")
    site_page.run_cell(site_page.cell_index("from cardlib"))
    starter, check = site_page.cell_index("def parse_card"), site_page.cell_index("ex.q1.check")
    site_page.run_cell(starter, 'def parse_card(text):\n    return Card("A", "♠")')
    assert "not yet" in site_page.run_cell(check).lower()
    # A parser of the learner's own (passing text to cardlib's card() is delegation, refused since issue 32).
    own = 'LETTERS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}\n\n\ndef parse_card(text):\n'
    own += "    rank, suit = text[:-1].upper(), text[-1].upper()\n"
    own += '    return Card("10" if rank == "T" else rank, LETTERS.get(suit, suit))'
    site_page.run_cell(starter, own)
    verdict = site_page.run_cell(check).lower()
    assert "correct" in verdict and "not yet" not in verdict, verdict
    site_page.page.reload()
    site_page.open_notebook("exercises/01-cards-and-packs.ipynb")
    site_page.run_cell(site_page.cell_index("from cardlib"))
    report = site_page.run_cell(site_page.cell_index("progress("))
    assert re.search(r"✔\s*1\.1", report), f"the progress kept over the reload shows 1.1 solved:\n{report}"
    assert_no_problems(site_page)


def test_the_site_needs_no_file_from_the_repository(site: Path):
    """A static host has the folder and nothing else: no page names a path of this checkout."""
    for page in [site / "index.html", *sorted((site / "apps").glob("*.html"))]:
        assert str(ROOT) not in page.read_text(encoding="utf-8")
