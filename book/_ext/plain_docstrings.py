"""A Sphinx extension for docstrings written as plain sentences: a lone "*" is an asterisk, not emphasis.

The project's docstrings are one-line sentences ("Read every scenario from files and folders of *.jsonl",
"Call fn(*args)"). reStructuredText reads such a "*" as the start of an emphasis that never ends, and warns,
which fails the build (-W). This escapes every "*" that opens an emphasis without a closing one on the same
line; a real *emphasis* and anything inside ``literals`` are left as they are.
"""

from __future__ import annotations

import re

from sphinx.application import Sphinx

LITERAL = re.compile(r"``.+?``")
OPEN_BEFORE = set(" \t'\"([{<-/:")
CLOSE_AFTER = set(" \t'\")]}>-/:.,;!?\\")


def closes(text: str, start: int) -> bool:
    """Whether an emphasis opened just before `start` is closed later in `text`."""
    for j in range(start + 1, len(text)):
        if text[j] == "*" and not text[j - 1].isspace() and (j + 1 == len(text) or text[j + 1] in CLOSE_AFTER):
            return True
    return False


def escape_lone_stars(text: str) -> str:
    """The text with every unclosed emphasis opener "*" escaped (text outside ``literals`` only)."""
    out = []
    for i, char in enumerate(text):
        opens = (
            char == "*"
            and (i == 0 or text[i - 1] in OPEN_BEFORE)
            and i + 1 < len(text)
            and not text[i + 1].isspace()
            and text[i + 1] != "*"
        )
        out.append("\\*" if opens and not closes(text, i + 1) else char)
    return "".join(out)


def escape_line(line: str) -> str:
    """One docstring line with its lone stars escaped, its ``literals`` untouched."""
    if "**" in line:
        return line  # strong emphasis or **kwargs: rare enough to leave to the author
    pieces, last = [], 0
    for literal in LITERAL.finditer(line):
        pieces += [escape_lone_stars(line[last : literal.start()]), literal.group()]
        last = literal.end()
    return "".join(pieces + [escape_lone_stars(line[last:])])


def process_docstring(app: Sphinx, what: str, name: str, obj, options, lines: list[str]) -> None:
    """Escape lone stars in every line of a docstring, in place (autodoc's contract)."""
    lines[:] = [escape_line(line) for line in lines]


def setup(app: Sphinx) -> dict:
    """Register the docstring hook."""
    app.connect("autodoc-process-docstring", process_docstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
