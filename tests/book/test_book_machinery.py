"""The pieces of the book's build that are plain functions: these tests need no built site and run in a second."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

from book_paths import BOOK, ROOT


def load(path: Path):
    """Import a module of the book's machinery by its file path (book/ is not a package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, f"{path} is not a Python module"
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


build = load(BOOK / "build.py")
plain_docstrings = load(BOOK / "_ext" / "plain_docstrings.py")
course_links = load(BOOK / "_ext" / "course_links.py")
without_thebe = load(BOOK / "_ext" / "without_thebe.py")


# ---------------------------------------------------------------------------------------------------------
# build.py: the table of contents of what exists


def test_a_toc_keeps_what_exists_and_names_what_is_missing(monkeypatch):
    monkeypatch.setattr(build, "source_exists", lambda name: name in {"intro", "a", "c", "c/x"})
    toc = {
        "format": "jb-book",
        "root": "intro",
        "parts": [
            {"caption": "One", "chapters": [{"file": "a"}, {"file": "b", "sections": [{"file": "b/x"}]}]},
            {"caption": "Two", "chapters": [{"file": "d"}]},
            {"caption": "Three", "chapters": [{"file": "c", "sections": [{"file": "c/x"}, {"file": "c/y"}]}]},
        ],
    }
    missing: list[str] = []
    assert build.without_missing(toc, missing) == {
        "format": "jb-book",
        "root": "intro",
        "parts": [
            {"caption": "One", "chapters": [{"file": "a"}]},
            {"caption": "Three", "chapters": [{"file": "c", "sections": [{"file": "c/x"}]}]},
        ],
    }
    assert missing == ["b", "d", "c/y"]


def test_the_books_toc_lists_every_chapter_and_exercise_of_the_course():
    toc = build.yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    files = [entry["file"] for entry in build.toc_entries(toc)]
    # Every numbered notebook of the two folders, in order: a chapter added on disk but not to the toc fails here.
    notebooks = sorted(f"notebooks/{path.stem}" for path in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    exercises = sorted(f"exercises/{path.stem}" for path in (ROOT / "exercises").glob("[0-9][0-9]-*.ipynb"))
    assert len(notebooks) >= 11 and len(exercises) >= 8
    assert notebooks == [name for name in files if name.startswith("notebooks/")]
    assert exercises == [name for name in files if name.startswith("exercises/")]
    assert {"rules/index", "rules/alkort", "rules/ecarte", "variants", "api/index"} <= set(files)


def test_the_book_sees_the_course_folders_through_links():
    for name in ("notebooks", "exercises"):
        assert (BOOK / name).is_symlink() and (BOOK / name).resolve() == ROOT / name


def test_an_api_page_documents_a_module_and_each_submodule_of_a_package():
    expected = "# `cardlib.cards`\n\n```{eval-rst}\n.. automodule:: cardlib.cards\n```\n"
    assert build.api_page("cardlib.cards") == expected
    room = build.api_page("cardlib.alkort")  # a game's room: the rules, then each submodule
    assert room.startswith("# `cardlib.alkort`\n\n```{eval-rst}\n.. automodule:: cardlib.alkort\n```\n")
    for sub in ("advice", "description", "view"):
        assert f"## `cardlib.alkort.{sub}`\n\n```{{eval-rst}}\n.. automodule:: cardlib.alkort.{sub}\n```\n" in room
    assert build.submodules(importlib.import_module("cardlib")) == []  # its modules have pages of their own
    assert build.module_exists("cardlib.alkort") and not build.module_exists("cardlib.no_such_module")


def test_a_module_that_fails_to_import_fails_the_build_instead_of_vanishing(tmp_path, monkeypatch):
    (tmp_path / "broken_for_the_book.py").write_text("import no_such_dependency_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        build.module_exists("broken_for_the_book")


# ---------------------------------------------------------------------------------------------------------
# _ext/plain_docstrings.py


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Read every scenario from folders of *.jsonl; raise", r"Read every scenario from folders of \*.jsonl; raise"),
        ("Call fn(*args): stop it after ``limit`` seconds", r"Call fn(\*args): stop it after ``limit`` seconds"),
        ("a *real* emphasis stays", "a *real* emphasis stays"),
        ("a literal ``f(*a)`` stays", "a literal ``f(*a)`` stays"),
        ("x = a * b stays", "x = a * b stays"),
        ("**strong** stays", "**strong** stays"),
    ],
)
def test_lone_stars_are_escaped_and_real_markup_is_not(line, expected):
    assert plain_docstrings.escape_line(line) == expected


# ---------------------------------------------------------------------------------------------------------
# _ext/course_links.py and _ext/without_thebe.py


def test_links_to_folders_and_apps_are_jupyterlab_only_and_chapter_links_are_not():
    chapter = ROOT / "notebooks" / "00-welcome.ipynb"
    assert course_links.is_jupyterlab_only("../exercises/", chapter)
    assert course_links.is_jupyterlab_only("apps/", chapter)
    assert course_links.is_jupyterlab_only("apps/some-app.ipynb#top", chapter)
    assert not course_links.is_jupyterlab_only("01-cards-and-packs.ipynb", chapter)
    assert not course_links.is_jupyterlab_only("99-not-written.ipynb", chapter)
    assert not course_links.is_jupyterlab_only("https://www.pagat.com/", chapter)
    # A link to a file that exists reaches the extension as a page name relative to book/.
    assert course_links.is_jupyterlab_only("notebooks/apps/index", BOOK / "index")
    assert not course_links.is_jupyterlab_only("notebooks/01-cards-and-packs", BOOK / "index")


def test_only_thebes_scripts_are_taken_off_a_page():
    class Script:
        def __init__(self, filename, body=""):
            self.filename, self.attributes = filename, {"body": body}

    kept = [Script("_static/doctools.js"), Script("_static/../widgets/embed-amd.js")]
    context = {
        "script_files": [
            Script(None, 'const THEBE_JS_URL = "https://cdn/"'),
            kept[0],
            Script("_static/sphinx-thebe.js"),
            kept[1],
        ]
    }
    without_thebe.drop_thebe(None, "intro", "page.html", context, None)
    assert context["script_files"] == kept
