"""The glossary and the history of Alkort (book/glossary.md, book/history.md): every card name the engine gives is
explained, every source is dated, and the rules pages no longer credit the rubbish Eights to the wrong source."""

from __future__ import annotations

import re

import pytest

from cardlib import alkort

from book_paths import ROOT

BOOK = ROOT / "book"
GLOSSARY = (BOOK / "glossary.md").read_text(encoding="utf-8")
HISTORY = (BOOK / "history.md").read_text(encoding="utf-8")
BIBLIOGRAPHY = HISTORY.split("## Bibliography", 1)[1]
ENTRIES = re.findall(r"(?ms)^\d+\. (.*?)(?=^\d+\. |\Z)", BIBLIOGRAPHY)
WORDS = {name.word for name in alkort.ICELANDIC_NAMES.values()}


@pytest.mark.parametrize("word", sorted(WORDS))
def test_every_icelandic_card_name_is_a_glossary_entry(word: str) -> None:
    assert re.search(rf"(?m)^\*[^\n]*\b{re.escape(word)}\b[^\n]*\*\s*$", GLOSSARY), f"no glossary entry for {word}"


@pytest.mark.parametrize("word", ["múkur", "stroka", "prik", "að slíta", "hákallar", "hrök", "besefar", "bísefar"])
def test_the_words_of_play_and_scoring_are_explained(word: str) -> None:
    assert f"*{word}" in GLOSSARY or f"{word}*" in GLOSSARY


def test_the_bibliography_has_every_source_with_a_date_and_a_page() -> None:
    assert len(ENTRIES) >= 15
    for entry in ENTRIES:
        assert re.search(r"1[6-9]\d\d|20\d\d", entry), f"no date: {entry[:60]}"
        assert re.search(r"\bpp?\.\s+\d|web page|Act III|IX, 1902|page\s+\d{7}", entry), f"no page: {entry[:60]}"


@pytest.mark.parametrize(
    "source",
    [
        "Tímarit",
        "Fálkinn",
        "Lesbók Morgunblaðsins",
        "Vikan",
        "Listin að lifa",
        "Halldór Halldórsson",
        "Nýársnóttin",
        "spilareglur.is",
        "Wikipedia",
        "pagat.com",
        "Spilabók AB",
        "Húsfreyjan",
        "Sunnanfari",
    ],
)
def test_every_source_the_pages_cite_is_in_the_bibliography(source: str) -> None:
    assert source in BIBLIOGRAPHY and (source in HISTORY.split("## Bibliography", 1)[0] or source in GLOSSARY)


def test_the_rubbish_eights_are_no_longer_credited_to_olafur_davidssons_1892_form() -> None:
    index = (BOOK / "rules" / "index.md").read_text(encoding="utf-8")
    variants = (BOOK / "variants.md").read_text(encoding="utf-8")
    assert "1892 form" not in index and "The default follows the majority" not in variants
    assert "unsigned memoir" in index and "spilareglur.is" in variants and "Icelandic Wikipedia" in variants


def test_both_pages_are_in_the_table_of_contents() -> None:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    assert "- file: glossary" in toc and "- file: history" in toc


@pytest.mark.parametrize(
    "word",
    ["to stand", "vole", "jeu de règle", "head", "to cash", "tierce major", "trumps", "the point"]
    + ["seed", "share", "95 % confidence interval", "standard error", "Wilson interval", "paired difference"]
    + ["as good as", "hindsight", "Monte Carlo method"],
)
def test_ecarte_english_and_statistics_words_are_glossary_entries(word: str) -> None:
    assert re.search(rf"(?m)^\*[^\n]*{re.escape(word)}[^\n]*\*\s*$", GLOSSARY), f"no glossary entry for {word}"


def test_the_mukur_is_cited_only_to_the_sources_that_name_it() -> None:
    paragraph = next(p for p in HISTORY.split("\n\n") if "The accounts agree on the heart of the game" in p)
    mukur = paragraph[paragraph.index("*múkur*") - 60 :]
    assert "spilareglur.is" in mukur and "Wikipedia" in mukur and "1999" in mukur
    assert "do not\nmention it" in paragraph or "do not mention it" in paragraph
