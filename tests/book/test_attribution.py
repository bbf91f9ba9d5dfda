"""Every attributed claim is sourced (issue 30): a sentence in the chapters or the book that has someone say, write,
tell or advise something names a source that has an entry (the history's bibliography, the rules' list of sources,
the variants' three texts), or has the course's own machinery say it (the library, a chapter, the coach ...).
A country's players, "the book" or "the old books" never speak for themselves.

The test of the test: a planted unsourced claim, in a sentence and in a copy of a chapter, is found."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from book_paths import ROOT

BOOK = ROOT / "book"
ATTRIBUTION = re.compile(
    r"\b(says|say|said|writes|wrote|according to|tells? you|tells? us|puts it|advises?|recommends?|insists?)\b", re.I
)
# Sources, as the prose names them: the list of entries that has each, and the words of its entry there.
SOURCES = {
    "Ólafur Davíðsson": ("history", 'Ólafur Davíðsson, "Fjögra manna alkort"'),
    "pagat.com": ("history", "pagat.com"),
    "Spilabók AB": ("history", "Spilabók AB"),
    "memoir of 1892": ("history", "Anonymous memoir"),
    "Tímarit": ("history", "Tímarit Hins íslenzka bókmentafélags"),
    "Vikan": ("history", "*Vikan*, 19 December 2000"),
    "Lesbók": ("history", "Lesbók Morgunblaðsins"),
    "Jón Aðalsteinn Jónsson": ("history", 'Jón Aðalsteinn Jónsson, "Álkort"'),
    "spilareglur.is": ("history", "spilareglur.is"),
    "Wikipedia": ("history", "the Icelandic Wikipedia"),
    "Nýársnóttin": ("history", "Indriði Einarsson, *Nýársnóttin*"),
    "Indriði": ("history", "Indriði Einarsson"),
    "Halldórsson": ("history", "Halldór Halldórsson"),
    "Fálkinn": ("history", "Fálkinn"),
    "Húsfreyjan": ("history", "Húsfreyjan"),
    "Listin að lifa": ("history", "Listin að lifa"),
    "Sunnanfari": ("history", "Sunnanfari"),
    "Eggert Ólafsson": ("history", "Eggert Ólafsson and Bjarni Pálsson"),
    "Cavendish": ("rules", "Cavendish"),
    "Britannica": ("rules", "Britannica"),
    "Board Game Arena": ("rules", "Board Game Arena"),
    "club laws": ("rules", "club laws of Écarté"),
    "Foster": ("rules", "Foster's Complete Hoyle"),
    "Hoyle": ("rules", "Hoyle's Games Modernized"),
    "Seed 000": ("variants", "Seed 000 (Alkort, Russian)"),
    "Seed 001": ("variants", "Seed 001 (Alkort, Russian)"),
    "Seed 002": ("variants", "Seed 002 (Écarté, Bosnian"),
    "Russian text": ("variants", "(Alkort, Russian)"),
    "Bosnian text": ("variants", "(Écarté, Bosnian"),
    "Écarté text": ("variants", "Seed 002 (Écarté"),
    "Alkort text": ("variants", "Seed 000 (Alkort"),
}
# The course's own machinery may say things: it is the course speaking, with its code to check it.
OWN = re.compile(
    r"\b(library|engine|course|coach|checker|chapter|section|page|rulebook|tables?|widget|explorer|deal|round|"
    r"figure|error|runner|hindsight|numbers|it|which|that|this|we|you|he|they|nobody|anyone|none|interval|"
    r"glossary|variants|what he knew|play|game|option|function|bot|article|text|texts|who|bars?|lines?|rules|"
    r"dealer|player|seat|trick|caption|review|hint|panel|label|sentence|tooltip)\b|`",
    re.I,
)
# Who may never speak unnamed, whatever else the paragraph names.
UNNAMED = re.compile(
    r"\b(players|Icelanders|Icelandic players|the book|the books|old books|experts|tradition|everyone|"
    r"the sources|people)\s+(\w+\s+)?(say|says|said|tell you|tells you|advise|advises|recommend)\b",
    re.I,
)


def entries() -> dict[str, str]:
    """The texts that hold the source entries: the history's bibliography, the rules' sources, the three texts."""
    history = (BOOK / "history.md").read_text(encoding="utf-8").split("## Bibliography", 1)[1]
    rules = (BOOK / "rules" / "index.md").read_text(encoding="utf-8").split("## Sources", 1)[1].split("\n## ", 1)[0]
    variants = (BOOK / "variants.md").read_text(encoding="utf-8")
    texts = variants.split("## Where the three texts come from", 1)[1].split("\n## ", 1)[0]
    return {"history": history, "rules": rules, "variants": texts}


def prose_paragraphs(path: Path) -> Iterator[str]:
    """A chapter's markdown cells, or a book page without its code, in paragraphs."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]
    else:
        texts = [re.sub(r"(?s)```.*?```", "", path.read_text(encoding="utf-8"))]
    for text in texts:
        yield from (" ".join(paragraph.split()) for paragraph in text.split("\n\n"))


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences (near enough: a stop, then a capital, a quote or a bracket)."""
    return re.split(r"(?<=[.!?])\s+(?=[A-Z*\"(«„])", paragraph)


def names_a_source(text: str) -> bool:
    """Whether the text names a source that has an entry."""
    return any(name.lower() in text.lower() for name in SOURCES)


def speaker_is_own(sentence: str, verb: re.Match[str]) -> bool:
    """Whether the speaker is the course's own machinery: 'the library says', 'according to the engine'."""
    if verb[0].lower().startswith("according"):
        return bool(OWN.search(" ".join(sentence[verb.end() :].split(",")[0].split()[:4])))
    return bool(OWN.search(" ".join(sentence[: verb.start()].split()[-10:])))


def not_a_claim(sentence: str, verb: re.Match[str]) -> bool:
    """'Say' as 'for example' ('two Aces, say'), or an order to the reader ('Say what you would do')."""
    if verb[0].lower().startswith("according"):
        return False
    return sentence[: verb.start()].rstrip().endswith(",") or not sentence[: verb.start()].strip(" >*-")


def unsourced(paragraph: str) -> list[str]:
    """The sentences of a paragraph that attribute a claim without a source in reach."""
    found = []
    for sentence in sentences(paragraph):
        verb = ATTRIBUTION.search(sentence)
        if not verb or not_a_claim(sentence, verb):
            continue
        if UNNAMED.search(sentence) and not names_a_source(sentence):
            found.append(sentence)
        elif not (names_a_source(paragraph) or speaker_is_own(sentence, verb)):
            found.append(sentence)
    return found


def pages() -> list[Path]:
    """The chapters and the book's prose pages."""
    chapters = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    return chapters + sorted(BOOK.glob("*.md")) + sorted((BOOK / "rules").glob("*.md"))


def unsourced_in(path: Path) -> list[str]:
    """Every unsourced attribution of one page."""
    return [sentence for paragraph in prose_paragraphs(path) for sentence in unsourced(paragraph)]


@pytest.mark.parametrize("path", pages(), ids=lambda path: path.name)
def test_every_attributed_claim_names_a_source(path: Path) -> None:
    found = unsourced_in(path)
    assert not found, f"{path.name}: claims put in no source's mouth:\n" + "\n".join(found)


@pytest.mark.parametrize("name, where", sorted(SOURCES.items()))
def test_every_source_the_test_accepts_has_an_entry(name: str, where: tuple[str, str]) -> None:
    entry, words = where
    assert words in entries()[entry], f"{name} has no entry in the {entry} list of sources"


@pytest.mark.parametrize(
    "planted",
    [
        "Icelandic players tell you to save K♦ for the last trick.",
        "The book says always take it.",
        "Experts say the lead is worth a trick.",
        "Old players insist that a Seven should be kept.",
        "According to tradition, the dealer cuts twice.",
    ],
)
def test_a_planted_unsourced_claim_is_found(planted: str) -> None:
    assert unsourced(planted) == [planted]
    assert unsourced(f"Ólafur Davíðsson ranks the Eights. {planted}") == [planted] or not UNNAMED.search(planted)


def test_a_sourced_claim_and_the_library_pass() -> None:
    assert not unsourced('spilareglur.is says "fimm stig" for a múkur (spilareglur.is).')
    assert not unsourced("The library works out the right answer and says why, in its own words.")
    assert unsourced("The Icelandic tradition says so.") == ["The Icelandic tradition says so."]


def test_a_chapter_with_a_planted_claim_fails(tmp_path: Path) -> None:
    chapter = ROOT / "notebooks" / "09-strategy-lab.ipynb"
    nb = json.loads(chapter.read_text(encoding="utf-8"))
    planted = "Icelandic players tell you to take the worthless-hand exchange whenever you may."
    nb["cells"].append({"cell_type": "markdown", "id": "planted", "metadata": {}, "source": [planted]})
    copy = tmp_path / chapter.name
    copy.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    assert unsourced_in(chapter) == [] and unsourced_in(copy) == [planted]


# "As summarised": a claim labelled with a source of the summary of the Écarté books must be one the summary holds.
SUMMARY = Path(__file__).with_name("ecarte-books-summary.md")  # a copy: a clean clone has no ../shared
SHARED_SUMMARY = ROOT.parent / "shared" / "sources" / "ecarte-books.md"
SUMMARISED = {
    "Foster": "Foster's Complete Hoyle",
    "Britannica": "The 1911 Encyclopædia Britannica",
    "Hoyle's Games": "Hoyle's Games Modernized",
}
# Words of the course's framing, not of the claim: how the tables phrase a rule's other half or a list's exceptions.
FRAMING = {"otherwise", "aside", "seven"}


def summary_of(source: str) -> str:
    """The summary's text for one source: its bullet, or its section (the Britannica has a section of its own)."""
    text = SUMMARY.read_text(encoding="utf-8")
    if source == "Britannica":
        return text.split("## The 1911 Encyclopædia Britannica", 1)[1].split("\n## ", 1)[0]
    return text.split(f"**{SUMMARISED[source]}", 1)[1].split("\n- **", 1)[0].split("\n## ", 1)[0]


def not_held(label: str, claim: str) -> list[str]:
    """The words of a claim labelled 'Source, as summarised' that the source's summary does not hold."""
    if "as summarised" not in label:
        return []
    source = next((name for name in SUMMARISED if name in label.split(", as summarised")[0]), None)
    if source is None:
        return [label]
    if "the course's list" in label:  # a rule of the course's own list: only the source's part is its own
        claim = claim.rsplit(", ", 1)[-1]
    summary = summary_of(source).lower()
    words = re.findall(r"[a-zé'-]{5,}", claim.lower())
    return [word for word in words if word.strip("'") not in summary and word not in FRAMING]


def summarised_claims() -> list[tuple[str, str]]:
    """Every claim of chapter 11's books, as the chapter labels it (strategy.claim_source), with its words."""
    from cardlib.ecarte import strategy

    books = strategy.tables()["books"]
    found = [(strategy.claim_source(c), c["claim"]) for c in books["claims"]]
    return found + [(books[name]["source"], books[name]["claim"]) for name in ("foster", "hoyle_example")]


def test_every_claim_labelled_as_summarised_is_in_the_summary() -> None:
    found = {f"{label}: {claim}": not_held(label, claim) for label, claim in summarised_claims()}
    assert not {claim: words for claim, words in found.items() if words}


def test_a_list_labelled_as_summarised_that_the_summary_does_not_hold_is_found() -> None:
    planted = "jeu de règle, one trump and a tierce major, without the King of trumps: play"
    assert not_held("Foster's Hoyle, as summarised", planted) == ["tierce", "major"]
    assert not_held("Hoyle's Games Modernized, as summarised", "discard everything but trumps") == ["everything"]
    assert not not_held("Hoyle's Games Modernized, as summarised", "with three trumps refuse ...")


def test_the_tables_own_label_for_the_course_list_is_caught() -> None:
    from cardlib.ecarte import strategy

    claims = strategy.tables()["books"]["claims"]
    caught = [c["claim"] for c in claims if not_held(c["source"], c["claim"])]  # as the tool labels them
    assert caught and all(claim.startswith("jeu de règle,") for claim in caught)


def test_the_summary_is_the_shared_one() -> None:
    """The test's copy of the summary is whole; beside the shared folder, it is the same file."""
    assert "## The 1911 Encyclopædia Britannica" in SUMMARY.read_text(encoding="utf-8")
    if SHARED_SUMMARY.exists():  # on a developer's machine
        assert SUMMARY.read_bytes() == SHARED_SUMMARY.read_bytes()
