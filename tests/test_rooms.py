"""Each game keeps its facts in its own room: a test that fails where one is worked out again outside it.

A game's rules live in its room (``cardlib/alkort/``, ``cardlib/ecarte/``: the rules, a seat's view, the advice)
and in the engine's shared core (``cardlib/tricks.py``), which answers for every game: who played each card,
who is whose partner, which side a seat is on, who lost. The rest of the course — widgets, bots, tournament,
benchmark, scenario runner, the apps' server — asks them, through the registry (``cardlib/games.py``), and
never works a fact out again. Code that does is easy to recognise, and this test reads every such file with
``ast`` and names each place, file:line, where it finds one of three signs:

* **Seat arithmetic.** ``(leader + i) % n``, ``seat % 2``, ``% n_players``, ``(me + 2) % 4``, ``1 - winner``,
  ``partner = 2``: seats counted round the table, sides told by parity, the other side as ``1 - side``, a
  partner's seat written down. Each says how one game seats its players (four in partnerships, or two) and is
  wrong for the next game; the engine says it with ``plays()``, ``side_of``, ``partner``, ``opponents``,
  ``game_loser``.
* **Rank comparisons.** ``RANK_ORDER[a.rank] < RANK_ORDER[b.rank]``, ``STRENGTH[c] > ...``,
  ``rank_value(a) > rank_value(b)``: a card's strength read off a game's table and compared by hand is that
  game's trick rule written a second time (and Alkort's rubbish, or Écarté's trumps, forgotten). The room says
  which card wins and why.
* **Game names.** A string that is exactly a game's key or name (``"alkort"``, ``"Écarté"``) or an
  ``isinstance`` check against one of a room's classes (``AlkortState``, ``EcarteView``): code that branches
  on the game instead of asking the game's description, and that a third game would have to edit. Prose that
  names a game ("Alkort is played by four") is not a branch, and passes.

A few files are about one game, or are the place where a rule is stated once; ALLOWED names them, each with
the signs it may show and why. It lists kinds of file, not today's offenders: code that still works a fact out
fails here until it asks the engine.
"""

from __future__ import annotations

import ast
import fnmatch
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardlib import games

REPO = Path(__file__).resolve().parent.parent
CARDLIB = REPO / "cardlib"

SEATS, RANKS, NAMES = "seat arithmetic", "rank comparison", "game name"


@dataclass(frozen=True)
class Allowance:
    """Files (a glob from the repository's root) that may show some signs, and why."""

    files: str
    signs: frozenset[str]
    reason: str


ALLOWED = (
    Allowance(
        "cardlib/tricks.py",
        frozenset({SEATS}),
        "the engine's shared core: the order of seats round the table and the two sides are the rule it states, "
        "once, for every game",
    ),
    Allowance(
        "cardlib/plain.py",
        frozenset({SEATS}),
        "the helpers of a plain trick game state the common seating once (four in two partnerships, or each alone) "
        "for the rooms that choose it; the rooms and everything above them ask side_of and partner",
    ),
    Allowance(
        "cardlib/games.py",
        frozenset({NAMES}),
        "the registry: it names the course's own rooms, and reads a game's name as a learner writes it",
    ),
    Allowance(
        "cardlib/widgets/principles.py",
        frozenset({NAMES}),
        "the course's principles of play, the puzzles' lessons, are words of advice kept by game (the puzzle records "
        "name their game by its key); they work out no fact of a game",
    ),
    Allowance(
        "cardlib/exercises/chapter*.py",
        frozenset({SEATS, RANKS, NAMES}),
        "a chapter's exercises ask the learner to write one game's rule, and its model solutions write it out",
    ),
)


# ---------------------------------------------------------------------------------------------------------
# What is a game's, and whose files are read


@functools.cache
def rooms() -> tuple[Path, ...]:
    """The games' rooms: the folders of cardlib that hold a game's registry entry (description.py)."""
    return tuple(sorted(path.parent for path in CARDLIB.glob("*/description.py")))


@functools.cache
def game_names() -> set[str]:
    """Every way the course's own games are named in code: keys and names, folded (see `folded`)."""
    return {folded(text) for key in games.BUILT_IN for text in (key, games.get(key).name)}


@functools.cache
def room_classes() -> set[str]:
    """The names of the classes the rooms define (AlkortState, EcarteView, AlkortRuleBot …)."""
    return {
        node.name
        for room in rooms()
        for path in room.glob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
    }


def files_outside_the_rooms() -> list[Path]:
    """Every Python file of cardlib outside the rooms, and the apps' Python files."""
    inside = rooms()
    library = [path for path in CARDLIB.rglob("*.py") if not any(path.is_relative_to(room) for room in inside)]
    return sorted(library + list((REPO / "notebooks" / "apps").glob("*.py")))


def allowed(path: str, sign: str) -> bool:
    """Whether the file at this path (from the repository's root) may show this sign."""
    return any(fnmatch.fnmatch(path, a.files) and sign in a.signs for a in ALLOWED)


# ---------------------------------------------------------------------------------------------------------
# Reading a name: its words


def words(identifier: str) -> set[str]:
    """The words of an identifier, lower case and singular: 'n_players' -> {'n', 'player'}."""
    return {word.lower().removesuffix("s") for word in re.split(r"_+", identifier) if word}


def identifier(node: ast.AST) -> str:
    """The name an expression ends in: x -> 'x', self.leader -> 'leader', side_of(s) -> 'side_of', t[0] -> 't'."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call | ast.Subscript):
        return identifier(node.func if isinstance(node, ast.Call) else node.value)
    return ""


SEAT_WORDS = {"seat", "leader", "dealer", "player", "winner", "loser", "side", "partner", "opponent", "team"}
COUNT_WORDS = {"n", "count", "number", "num", "len"}  # n_players is how many play, not a seat
PARTNER_WORDS = {"partner", "opponent", "team"}
RANK_WORDS = {"rank", "strength"}


def is_seat(node: ast.AST) -> bool:
    """Whether an expression names a seat or a side: seat, t.leader, self.dealer, losing_side, side_of(s)."""
    found = words(identifier(node))
    return bool(found & SEAT_WORDS) and not found & COUNT_WORDS


def mentions_a_seat(node: ast.AST) -> bool:
    """Whether a seat or side is named anywhere inside an expression."""
    return any(is_seat(inner) for inner in ast.walk(node) if isinstance(inner, ast.Name | ast.Attribute))


def is_player_count(node: ast.AST) -> bool:
    """Whether an expression is how many play: n_players, players, self.n_seats."""
    return bool(words(identifier(node)) & {"player", "seat"}) and not isinstance(node, ast.Call | ast.Subscript)


def is_int(node: ast.AST) -> bool:
    """Whether an expression is a whole number written in the code, or a tuple, list or set of them."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(is_int(item) for item in node.elts)
    return isinstance(node, ast.Constant) and type(node.value) is int


def is_count(node: ast.AST) -> bool:
    """Whether a divisor counts something: a number, n, or len(...)."""
    return is_int(node) or identifier(node) in {"n", "len"} or is_player_count(node)


# ---------------------------------------------------------------------------------------------------------
# The three signs


def seat_arithmetic(node: ast.AST, seat_counts: set[int]) -> bool:
    """Seats counted round the table, sides by parity, the other side as 1 - x, a partner's seat written down."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        if isinstance(node.left, ast.Constant | ast.JoinedStr):  # "%d players" % n: text, not arithmetic
            return False
        if is_player_count(node.right):  # x % n_players
            return True
        if is_count(node.right) and mentions_a_seat(node.left):  # (leader + i) % n, seat % 2
            return True
        shifted = isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Add | ast.Sub)
        return shifted and isinstance(node.right, ast.Constant) and node.right.value in seat_counts  # (x + 2) % 4
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):  # 1 - winner: the other side
        return is_one(node.left) and is_seat(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitXor):  # side ^ 1: the other side again
        return (is_one(node.left) and is_seat(node.right)) or (is_one(node.right) and is_seat(node.left))
    return written_partner(node)


def is_one(node: ast.AST) -> bool:
    """Whether an expression is the number 1."""
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 1


def written_partner(node: ast.AST) -> bool:
    """A partner's or opponent's seat written as a number: partner = 2, opponents=(1, 3), partner == 2."""
    if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return is_int(node.value) and any(words(identifier(t)) & PARTNER_WORDS for t in targets)
    if isinstance(node, ast.keyword) and node.arg:
        return is_int(node.value) and bool(words(node.arg) & PARTNER_WORDS)
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        return any(is_int(s) for s in sides) and any(words(identifier(s)) & PARTNER_WORDS for s in sides)
    return False


def rank_comparison(node: ast.AST) -> bool:
    """Two cards' strengths read off a game's table and compared: RANK_ORDER[a] < RANK_ORDER[b], rank_value(c) > 3."""
    if not (
        isinstance(node, ast.Compare) and any(isinstance(op, ast.Lt | ast.Gt | ast.LtE | ast.GtE) for op in node.ops)
    ):
        return False
    return any(is_rank(side) for side in (node.left, *node.comparators))


def is_rank(node: ast.AST) -> bool:
    """A card's strength or rank: RANK_ORDER[...], STRENGTH[...], rank_value(...), RANKS.index(...), c.rank."""
    if isinstance(node, ast.Subscript | ast.Call):
        inner = node.value if isinstance(node, ast.Subscript) else node.func
        if isinstance(inner, ast.Attribute) and inner.attr in {"index", "get"}:  # RANKS.index(r), STRENGTH.get(c)
            inner = inner.value
        return bool(words(identifier(inner)) & RANK_WORDS)
    return isinstance(node, ast.Attribute) and node.attr == "rank"


def game_name(node: ast.AST, names: set[str], classes: set[str]) -> bool:
    """A string that is exactly a game's name, or an isinstance (or type(x) is) check against a room's class."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return folded(node.value) in names
    if isinstance(node, ast.Call) and identifier(node.func) in {"isinstance", "issubclass"} and len(node.args) == 2:
        return names_a_class(node.args[1], classes)
    if isinstance(node, ast.Compare) and isinstance(node.left, ast.Call) and identifier(node.left.func) == "type":
        return any(names_a_class(c, classes) for c in node.comparators)
    return False


def names_a_class(node: ast.AST, classes: set[str]) -> bool:
    """Whether an expression is one of these classes, or a tuple holding one."""
    if isinstance(node, ast.Tuple):
        return any(names_a_class(item, classes) for item in node.elts)
    return isinstance(node, ast.Name | ast.Attribute) and identifier(node) in classes


def folded(text: str) -> str:
    """A name as the registry reads it: trimmed, lower case, without accents ('Écarté' -> 'ecarte')."""
    return games.folded(text)


# ---------------------------------------------------------------------------------------------------------
# Reading a file


@dataclass(frozen=True)
class Finding:
    """One place where a fact is worked out again: where, which sign, and the code."""

    where: str
    line: int
    sign: str
    code: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.sign}: {self.code}"


def findings(source: str, where: str) -> list[Finding]:
    """Every sign in one file's source, at most one of each sign a line (its outermost expression)."""
    seat_counts = {count for key in games.BUILT_IN for count in games.get(key).players}
    names, classes = game_names(), room_classes()
    tests = {
        SEATS: lambda node: seat_arithmetic(node, seat_counts),
        RANKS: rank_comparison,
        NAMES: lambda node: game_name(node, names, classes),
    }
    found: dict[tuple[int, str], Finding] = {}
    tree = ast.parse(source)
    prose = not_branches(tree)
    for node in ast.walk(tree):
        line = None if id(node) in prose else getattr(node, "lineno", None)
        for sign, test in tests.items():
            if line is not None and (line, sign) not in found and not allowed(where, sign) and test(node):
                code = " ".join((ast.get_source_segment(source, node) or "").split())
                found[line, sign] = Finding(where, line, sign, code[:80])
    return sorted(found.values(), key=lambda f: (f.where, f.line, f.sign))


def not_branches(tree: ast.Module) -> set[int]:
    """The strings (by id) that name no game to branch on: a module's ``__all__`` (it names modules and functions,
    'alkort'), and the text between an f-string's fields (prose: f"Alkort {n}")."""
    exported = {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.Assign) and any(identifier(target) == "__all__" for target in node.targets)
        for inner in ast.walk(node.value)
    }
    return exported | {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}


def every_finding() -> Iterator[Finding]:
    """Every sign in every file outside the rooms."""
    for path in files_outside_the_rooms():
        yield from findings(path.read_text(encoding="utf-8"), path.relative_to(REPO).as_posix())


# ---------------------------------------------------------------------------------------------------------
# The tests


def test_no_fact_of_a_game_is_worked_out_outside_its_room() -> None:
    found = [str(finding) for finding in every_finding()]
    assert not found, f"{len(found)} facts worked out again outside the games' rooms (ask the engine):\n" + "\n".join(
        found
    )


def test_the_rule_knows_the_games_it_guards() -> None:
    assert set(games.BUILT_IN) <= {room.name for room in rooms()}  # and a newcomer's room, as the guide says
    assert set(games.BUILT_IN) <= game_names()
    assert {"AlkortState", "AlkortOptions", "EcarteState", "EcarteView"} <= room_classes()
    outside = {path.relative_to(REPO).as_posix() for path in files_outside_the_rooms()}
    assert {"cardlib/widgets/table.py", "cardlib/tournament.py", "notebooks/apps/serve.py"} <= outside
    assert not any(name.startswith(("cardlib/alkort/", "cardlib/ecarte/")) for name in outside)


def test_every_allowance_names_files_that_exist_and_says_why() -> None:
    files = [path.relative_to(REPO).as_posix() for path in files_outside_the_rooms()]
    for allowance in ALLOWED:
        assert fnmatch.filter(files, allowance.files), f"no file matches {allowance.files}: take it out of ALLOWED"
        assert allowance.signs <= {SEATS, RANKS, NAMES} and allowance.reason


# One snippet for each way of working a fact out again, and the sign it shows.
CAUGHT = [
    ("seat = (leader + i) % n_players", SEATS),
    ("following = (seat + 1) % players", SEATS),
    ("following = (me + 1) % self.n_players", SEATS),
    ("plays = [((t.leader + i) % n, c) for i, c in enumerate(t.cards)]", SEATS),
    ("side = seat % 2", SEATS),
    ("across = (x + 2) % 4", SEATS),
    ("loser = scores[1 - winner]", SEATS),
    ("other = my_side ^ 1", SEATS),
    ("partner = 2", SEATS),
    ("following = seat_after(seat) % n_seats", SEATS),
    ("ask(partner_seat=2)", SEATS),
    ("against = seat in opponents and opponents == (1, 3)", SEATS),
    ("wins = RANK_ORDER[a.rank] < RANK_ORDER[b.rank]", RANKS),
    ("beats = STRENGTH[c] > STRENGTH[d]", RANKS),
    ("higher = rank_value(a) >= rank_value(b)", RANKS),
    ("later = RANKS.index(a.rank) > RANKS.index(b.rank)", RANKS),
    ("over = a.rank > b.rank", RANKS),
    ('players = 4 if game == "alkort" else 2', NAMES),
    ('PACKS = {"Écarté": ECARTE_PACK}', NAMES),
    ('title = "Alkort"', NAMES),
    ('default = "ECARTE "', NAMES),
    ("partners = isinstance(state, AlkortState)", NAMES),
    ("reads = isinstance(view, (Card, ecarte.EcarteView))", NAMES),
    ("mine = type(state) is AlkortState", NAMES),
]


@pytest.mark.parametrize("snippet, sign", CAUGHT, ids=[snippet for snippet, _ in CAUGHT])
def test_the_rule_catches_each_way_of_working_a_fact_out_again(snippet: str, sign: str) -> None:
    found = findings(f"import this\n{snippet}\n", "cardlib/widgets/example.py")
    assert [(f.line, f.sign) for f in found] == [(2, sign)], found
    assert str(found[0]).startswith("cardlib/widgets/example.py:2: ")


CLEAN = '''"""Alkort is played by four, in two partnerships; Écarté by two (prose may name a game)."""

from cardlib import games

__all__ = ["alkort", "ecarte", "partner_name"]
HUMAN = 0  # the table's own choice of seat for the learner, not a rule
HEADING = "%d players" % n_players


def partner_name(state, seat):
    """The partner's name, or the seat's side when each plays alone: asked of the engine."""
    partner = state.partner(seat)
    return state.side_name(state.side_of(seat)) if partner is None else f"player {partner}"


def stripes(rows, index):
    """Alternate rows, and the next row round: arithmetic, but on rows, not seats."""
    return ["odd" if i % 2 else "even" for i, _ in enumerate(rows)], rows[(index + 1) % len(rows)]


game = games.get(name)
label, many, heading = f"Play {game.name}", len(game.pack) > 30, f"Alkort {len(state.hands)}"
loser, winners = state.game_loser, [play.seat for play in state.plays()]
'''


def test_code_that_asks_the_engine_passes() -> None:
    assert findings(CLEAN, "cardlib/widgets/example.py") == []


def test_an_allowance_covers_its_own_signs_only() -> None:
    source = 'loser = 1 - winner\nkind = "alkort"\n'
    assert [f.sign for f in findings(source, "cardlib/tricks.py")] == [NAMES]
    assert [f.sign for f in findings(source, "cardlib/games.py")] == [SEATS]
    assert findings(source, "cardlib/exercises/chapter4.py") == []
    assert len(findings(source, "cardlib/exercises/checker.py")) == 2


# ---------------------------------------------------------------------------------------------------------
# No test or doc lists the games by hand: they ask the registry, so that a new game is tested and shown too

TESTS = REPO / "tests"

# Tests that may list the games, each with why: a room's own facts, or parameters tuned to each game's positions.
LISTS_ALLOWED = {
    "tests/engine/test_properties.py": "the property tests of the two rooms' rules, each checked against its "
    "rulebook's own count of the points",
    "tests/widgets/test_widget_readings.py": "each row pairs a game with one of its own options (an option's "
    "reading is the room's)",
    "tests/coach/test_truth.py": "how many cards are left is chosen for each game so that every world of its "
    "positions can be listed in a test's time",
    "tests/coach/test_review.py": "a seed a game, chosen for a deal with decisions worth reviewing",
}


def named_game(node: ast.AST) -> str | None:
    """The course's game a literal names, as a key ('Écarté', 'ecarte', 'alkort4', or ('alkort', 4)), or None."""
    if isinstance(node, ast.Tuple) and node.elts:
        return named_game(node.elts[0])
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return None
    text = folded(node.value)
    base = text.rstrip("0123456789")
    return games.key_of(base) if base in game_names() else None


def game_lists(path: Path) -> Iterator[int]:
    """The lines of a file's literal lists, tuples, sets and dict keys that name two games or more."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items: list[ast.expr | None] = []
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        if isinstance(node, ast.expr) and len({named_game(item) for item in items if item is not None} - {None}) >= 2:
            yield node.lineno


def test_no_test_lists_the_games_by_hand() -> None:
    found = [
        f"{name}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if (name := path.relative_to(REPO).as_posix()) not in LISTS_ALLOWED
        for line in game_lists(path)
    ]
    assert not found, "tests that list the games by hand (ask games.every() or games.keys()):\n" + "\n".join(found)


def test_the_list_finder_finds_lists_of_games(tmp_path: Path) -> None:
    listing = tmp_path / "test_listing.py"
    listing.write_text('CASES = [("alkort", 4), ("Écarté", 2)]\nGAMES = ("ecarte", "alkort2")\nONE = ["alkort"]\n')
    assert list(game_lists(listing)) == [1, 2]
    for name in LISTS_ALLOWED:  # each exception is still needed
        if (REPO / name).exists():
            assert list(game_lists(REPO / name)), f"{name} lists no games now: take it out of the exceptions"


def test_the_scenario_page_lists_no_game_by_hand() -> None:
    """The scenario page's games columns (the common fields', each kind's), its options table and its dealing text
    are the registry's, written at book build (book/_ext/registry_tables.py); the actions table is the engine's."""
    page = (REPO / "book" / "rules" / "scenarios.md").read_text(encoding="utf-8")
    sections = page.split("\n## ")
    generated = [s for s in sections if s.startswith(("Fields every scenario has", "Options", "Kind `"))]
    assert len(generated) >= 6
    names = {games.get(key).name for key in games.BUILT_IN}
    rows = [line for section in generated for line in section.splitlines() if line.startswith("| ")]
    by_hand = [row for row in rows if any(f"| {name}" in row for name in names)]
    assert not by_hand, "rows of the scenario page that name the games by hand:\n" + "\n".join(by_hand)
    assert "[[options table]]" in page and "**How the deck is dealt.** [[dealing]]" in page
