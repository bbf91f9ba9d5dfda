"""The rules reference shows the code: each rule of book/rules links the function that implements it."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest
from sphinx.pycode import ModuleAnalyzer

RULES = Path(__file__).resolve().parents[2] / "book" / "rules"
ROLE = re.compile(r"\{py:(func|meth|class|data|attr|mod)\}`~?([\w.]+)`")


def links(page: str) -> list[tuple[str, str]]:
    """The (role, dotted name) of every cross-reference to Python on a page of the rules."""
    return ROLE.findall((RULES / page).read_text(encoding="utf-8"))


def resolve(dotted: str) -> tuple[object, str, object | None]:
    """The object a dotted name points to, the module it is in, and the class it belongs to (if any)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        owner, obj = None, module
        for name in parts[cut:]:
            owner, obj = obj, getattr(obj, name)
        return obj, module.__name__, owner if inspect.isclass(owner) else None
    raise AssertionError(f"no module in {dotted}")


def documented(role: str, dotted: str) -> bool:
    """Whether the API pages (autodoc: members with a docstring, in the module that defines them) show it."""
    obj, module, owner = resolve(dotted)
    if role == "mod":
        return bool(obj.__doc__)
    if role == "data":
        return ("", dotted.rsplit(".", 1)[1]) in ModuleAnalyzer.for_module(module).find_attr_docs()
    if owner is not None:  # a method or a property: defined in its class itself, and documented
        name = dotted.rsplit(".", 1)[1]
        return owner.__module__ == module and name in vars(owner) and bool(inspect.getdoc(vars(owner)[name]))
    return getattr(obj, "__module__", None) == module and bool(inspect.getdoc(obj))


@pytest.mark.parametrize("page", ["alkort.md", "ecarte.md"])
def test_each_rules_page_links_at_least_ten_functions(page):
    functions = {name for role, name in links(page) if role in ("func", "meth")}
    assert len(functions) >= 10, sorted(functions)
    sections = re.split(r"\n## ", (RULES / page).read_text(encoding="utf-8"))[1:]
    rules = [s for s in sections if not s.startswith(("Options", "Where the rulebook is silent"))]
    assert all(ROLE.search(s) for s in rules), "every rule's section links its code"


@pytest.mark.parametrize("page", ["alkort.md", "ecarte.md", "index.md"])
def test_each_link_names_a_documented_object_that_exists(page):
    for role, name in links(page):
        assert documented(role, name), f"{page}: {{py:{role}}}`{name}` is not documented in the API pages"
        obj = resolve(name)[0]
        if role in ("func", "meth"):
            assert callable(obj), name
        if role == "class":
            assert inspect.isclass(obj), name


def test_a_wrong_link_is_caught():
    with pytest.raises(AttributeError):
        resolve("cardlib.alkort.no_such_rule")
    assert not documented("data", "cardlib.alkort.LED_SUIT_ORDER")  # no doc-comment: autodoc leaves it out
    assert not documented("func", "cardlib.alkort.hand")  # imported, so documented in cardlib.cards only
    assert documented("func", "cardlib.cards.hand") and documented("meth", "cardlib.alkort.AlkortState.shown_to")
    assert not documented("meth", "cardlib.alkort.AlkortState.clone")  # inherited: documented in cardlib.tricks
