"""The chapter notebooks 00-08: committed clean, linked, quick, and teaching what they say.

(What issue 19 asked of them — where you are, the old texts' disputes, figures, quick questions — is tested in
test_teaching.py; the figures and the quiz widget themselves in test_figures.py and test_quiz.py.)

nbval (``make test``) runs every notebook top to bottom in lax mode, which cannot compare
outputs: the notebooks carry none. So these tests execute each chapter once with nbclient
(cwd = notebooks/, as in JupyterLab), then check what the cells print. A cell whose output
teaches something carries a tag ``check-...`` in its metadata; ``EXPECTED`` says what it
must show. Cells are found by tag, never by position, so prose can be added freely.
"""

from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHAPTERS = [
    "00-welcome",
    "01-cards-and-packs",
    "02-alkort-ranking",
    "03-alkort-tricks-and-sevens",
    "04-alkort-deal",
    "05-ecarte-cards-and-play",
    "06-ecarte-proposals-and-king",
    "07-ecarte-scoring-and-game",
    "08-variants",
]
WITH_EXERCISES = CHAPTERS[1:]
# The lab, the coach's chapter and the judgment chapter run quickly too (their long runs saved as JSON, a slice
# of each played again in the chapter).
TIMED = [*CHAPTERS, "09-strategy-lab", "10-how-the-coach-thinks", "11-ecarte-judgment"]
CELL_SECONDS = 5  # "quick": every cell takes well under a second; 5 leaves room for a busy machine
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def read(name: str) -> nbformat.NotebookNode:
    """A chapter notebook as committed."""
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


_executed: dict[str, tuple[nbformat.NotebookNode, list[float]]] = {}


def executed(name: str) -> tuple[nbformat.NotebookNode, list[float]]:
    """The chapter run top to bottom in a fresh kernel (once per test session), and each cell's seconds."""
    if name not in _executed:
        nb = read(name)
        client = NotebookClient(
            nb, timeout=60, kernel_name="python3", allow_errors=True, resources={"metadata": {"path": str(NOTEBOOKS)}}
        )
        seconds: list[float] = []
        with client.setup_kernel():
            for index, cell in enumerate(nb.cells):
                start = time.perf_counter()
                client.execute_cell(cell, index)
                seconds.append(time.perf_counter() - start)
        _executed[name] = nb, seconds
    return _executed[name]


def text_of(cell: nbformat.NotebookNode) -> str:
    """Everything a code cell showed as text: printed lines and the plain form of its result."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type in ("execute_result", "display_data"):
            parts.append(output.data.get("text/plain", ""))
        elif output.output_type == "error":
            parts.append(f"{output.ename}: {output.evalue}")
    return "".join(parts)


def tagged(nb: nbformat.NotebookNode, tag: str) -> nbformat.NotebookNode:
    """The one cell carrying this tag."""
    cells = [c for c in nb.cells if tag in c.metadata.get("tags", [])]
    assert len(cells) == 1, f"expected one cell tagged {tag!r}, found {len(cells)}"
    return cells[0]


def check_tags(nb: nbformat.NotebookNode) -> set[str]:
    """The check-... tags of a notebook."""
    return {t for c in nb.cells for t in c.metadata.get("tags", []) if t.startswith("check-")}


# ---------------------------------------------------------------------------
# Committed as a lesson: no outputs, prose first, links that lead somewhere


@pytest.mark.parametrize("name", CHAPTERS)
def test_committed_without_outputs(name: str) -> None:
    nb = read(name)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{name}: outputs in {cell.source[:60]!r}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_prose_first_and_small_cells(name: str) -> None:
    nb = read(name)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    run = 0
    for cell in nb.cells:
        run = run + 1 if cell.cell_type == "code" else 0
        assert run <= 2, f"{name}: three code cells in a row without a word of prose, up to {cell.source[:60]!r}"
        assert len(cell.source.splitlines()) <= 30, f"{name}: a long cell: {cell.source[:60]!r}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_functions_have_docstrings(name: str) -> None:
    for cell in read(name).cells:
        if cell.cell_type == "code":
            for node in ast.walk(ast.parse(cell.source)):
                if (
                    isinstance(node, (ast.FunctionDef, ast.ClassDef))
                    and not node.name.startswith("__")
                    and node.name != "decide"
                ):  # Player.decide is documented by the interface
                    assert ast.get_docstring(node), f"{name}: {node.name} has no docstring"


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_import_is_used(name: str) -> None:
    trees = [ast.parse(c.source) for c in read(name).cells if c.cell_type == "code"]
    imported = {
        alias.asname or alias.name.split(".")[0]
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    used = {node.id for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert imported <= used, f"{name} imports but never uses {sorted(imported - used)}"


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_ends_with_its_exercises(name: str) -> None:
    last = read(name).cells[-1]
    assert last.cell_type == "markdown" and "Exercises" in last.source
    assert f"(../exercises/{name}.ipynb)" in last.source


@pytest.mark.parametrize("name", CHAPTERS)
def test_links_lead_to_files(name: str) -> None:
    links = [
        link
        for c in read(name).cells
        if c.cell_type == "markdown"
        for link in re.findall(r"\]\(([^)#\s]+)\)", c.source)
        if "://" not in link
    ]
    assert links, f"{name} links nowhere"
    missing = [link for link in links if not (NOTEBOOKS / link).exists()]
    assert not missing, f"{name} links to missing files: {missing}"


def test_welcome_maps_every_chapter() -> None:
    text = "".join(c.source for c in read("00-welcome").cells if c.cell_type == "markdown")
    every = sorted(path.stem for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb") if path.stem != "00-welcome")
    assert len(every) >= 10 and all(f"]({name}.ipynb)" in text for name in every)


# ---------------------------------------------------------------------------
# Runs top to bottom, quickly, without a traceback; widgets are shown, not just built


@pytest.mark.parametrize("name", TIMED)
def test_runs_top_to_bottom_quickly(name: str) -> None:
    nb, seconds = executed(name)
    for cell, took in zip(nb.cells, seconds):
        if cell.cell_type == "code":
            errors = [o for o in cell.outputs if o.output_type == "error"]
            assert not errors, f"{name}: {errors[0].ename}: {errors[0].evalue} in {cell.source[:80]!r}"
            assert "Traceback" not in text_of(cell)
            assert took < CELL_SECONDS, f"{name}: a cell took {took:.1f}s: {cell.source[:80]!r}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_widget_cells_display_a_widget(name: str) -> None:
    nb, _ = executed(name)
    widget_cells = [c for c in nb.cells if "widget" in c.metadata.get("tags", [])]
    if name != "00-welcome" and name != "01-cards-and-packs":
        assert any(re.search(r"GuidedRound|RankComparator|DealExplorer|GameTable", c.source) for c in widget_cells)
    for cell in widget_cells:
        results = [o for o in cell.outputs if o.output_type == "execute_result"]
        assert results and WIDGET_MIME in results[-1].data, f"{name}: no widget shown by {cell.source[-60:]!r}"


# ---------------------------------------------------------------------------
# What the checked cells teach

EXPECTED: dict[tuple[str, str], list[str]] = {
    ("00-welcome", "check-welcome-alkort"): ["K♦ wins: it is the highest of the ranked cards A♠ 9♦ K♦ 2♥."],
    ("00-welcome", "check-welcome-ecarte"): ["7♣ wins: a trump (clubs) beats any card of another suit."],
    ("01-cards-and-packs", "check-card-basics"): ["K♦ K ♦ True King of diamonds"],
    ("01-cards-and-packs", "check-parse"): [
        "'K♦'   -> K♦",
        "'KD'   -> K♦",
        "'10h'  -> 10♥",
        "'TH'   -> 10♥",
        "'7c'   -> 7♣",
    ],
    ("01-cards-and-packs", "check-parse-error"): ["'11♥' is not a card: write a rank"],
    ("01-cards-and-packs", "check-packs"): ["Écarté pack: A♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥"],
    ("01-cards-and-packs", "check-agree"): ["same cards: True | same packs: True"],
    ("02-alkort-ranking", "check-tiers"): [
        "tier  1: K♦           karlinn — the old man\n",
        "tier  2: 2♥",
        "tier  3: 4♣",
        "tier  4: 8♠",
        "tier  5: 9♥",
        "tier  6: 9♦",
        "tier  7: A♠ A♥ A♦ A♣\n",
        "tier  9: 6♠ 6♥ 6♦ 6♣  each is one of the póstar — the Sixes\n",
        "tier 10: 8♥ 8♦ 8♣",
    ],
    ("02-alkort-ranking", "check-strength"): [
        "K♦: strength 10, tier 1\n",
        "A♠: strength  4, tier 7: an Ace\n",
        "A♥: strength  4, tier 7",
        "8♥: strength  1, tier 10: a low eight\n",
        "K♠: strength  0, rubbish\n",
    ],
    ("02-alkort-ranking", "check-rubbish"): ["23 rubbish cards: 2♠ 3♠ 4♠ 7♠ 9♠ Q♠ K♠"],
    ("02-alkort-ranking", "check-sorted-hand"): ["dealt:", "in order:"],
    ("02-alkort-ranking", "check-equal-jacks"): [
        "trick_winner: 0 (0 is the card led). J♣ wins: J♣ J♥ are equal and the best cards here"
    ],
    ("02-alkort-ranking", "check-all-rubbish"): ["4♠ wins: every card is rubbish, so the leader wins."],
    ("02-alkort-ranking", "check-low-eights"): ["low_eights_ranked=True : 8♥ wins", "low_eights_ranked=False: 3♠ wins"],
    ("03-alkort-tricks-and-sevens", "check-ordinary"): [
        "-> 2 (ranked): K♦ wins",
        "-> 0 (ranked): J♣ wins",
        "-> 0 (leader): 4♠ wins",
    ],
    ("03-alkort-tricks-and-sevens", "check-king-queen"): [
        "K♠ 3♣ 2♦ Q♥    -> 2 (king taken): 2♦ wins",
        "K♥ 3♣ Q♦ 4♠    -> 0 (leader): K♥ wins",
        "Q♣ 3♠ 2♦ 4♥    -> 1 (queen taken): 3♠ wins",
    ],
    ("03-alkort-tricks-and-sevens", "check-exceptions-limits"): [
        "3♠ Q♥ 2♦ 9♣    -> 0 (leader)",
        "Q♣ 3♠ 6♦ 2♦    -> 2 (ranked): 6♦ wins",
    ],
    ("03-alkort-tricks-and-sevens", "check-sevens"): [
        "7♣ K♦ 2♥ A♠    -> 0 (seven): 7♣ wins",
        "7♣ K♦ 2♥ A♠    -> 1 (ranked): K♦ wins",
        "9♠ 7♥ 3♣ Q♦    -> 0 (leader): 9♠ wins",
    ],
    ("03-alkort-tricks-and-sevens", "check-legal-leads"): [
        "lead, before a win:  K♠ 3♦\n",
        "lead, after a win:   7♠ K♠ 3♦\n",
        "following a lead:    7♠ K♠ 3♦\n",
        "only sevens left:    7♠ 7♥\n",
    ],
    ("03-alkort-tricks-and-sevens", "check-why-illegal"): [
        "You may not lead a 7 before you have won a trick.\nrefused: You may not lead a 7 before you have won a trick."
    ],
    ("04-alkort-deal", "check-blockers"): ["may exchange\n", "could beat a low eight"],
    ("04-alkort-deal", "check-exchange"): ["before: ", "| stock left: 0"],
    ("04-alkort-deal", "check-reveal"): [
        "Player 0 is shown A♥ by his partner, player 2.\n",
        "Player 3 is shown 8♠ by his partner, player 1.\n",
    ],
    ("04-alkort-deal", "check-deal-score"): ["tricks won by team:", "Points from this deal: team A "],
    ("04-alkort-deal", "check-score-examples"): [
        "five in a row, then a loss   múk: team A won the first 5 tricks — 5 points.",
        "seven in a row               stroke: team B won the first 7 tricks in a row — 7 points.",
        "a loss in between            team A won 5 tricks, but not the first 5 in a row — 1 point.",
        "B's five are not a run       team B won 5 tricks, but not the first 5 in a row — 1 point.",
    ],
    ("04-alkort-deal", "check-partner-sevens"): [
        "Before you have won a trick yourself, you may lead 3♦ Q♠.",
        "After you have won one, you may lead 7♣ 3♦ Q♠.",
    ],
    ("04-alkort-deal", "check-broken-run"): [
        "Team A takes all nine tricks: stroke: team A won the first 9 tricks in a row — 9 points.",
        "team B takes trick 5 only: team A won 5 tricks, but not the first 5 in a row — 1 point.",
        "team B takes trick 6 only: múk: team A won the first 5 tricks — 5 points.",
    ],
    ("04-alkort-deal", "check-two-players"): ["stock: 26 cards", "— 1 point."],
    ("04-alkort-deal", "check-game"): ["wins the game."],
    ("05-ecarte-cards-and-play", "check-order"): ["high to low: K Q J A 10 9 8 7"],
    ("05-ecarte-cards-and-play", "check-sorted"): ["J♠ 7♠ K♦ A♦ 10♦"],
    ("05-ecarte-cards-and-play", "check-tricks"): [
        "A♦ J♦  trumps ♣: J♦ wins",
        "A♥ 7♣  trumps ♣: 7♣ wins: a trump",
        "9♥ K♦  trumps ♠: 9♥ wins",
        "Q♣ K♣  trumps ♣: K♣ wins",
    ],
    ("05-ecarte-cards-and-play", "check-duties"): [
        "holding K♠ 8♠ 7♥, 9♠ led, trumps ♥: may play K♠\n",
        "8♠: You must head the trick",
        "holding Q♠ 7♠ A♥, K♠ led, trumps ♥: may play Q♠ 7♠\n",
        "A♥: You must follow suit",
        "holding 7♦ A♣ Q♥, K♠ led, trumps ♦: may play 7♦\n",
        "A♣: You must trump",
        "holding A♣ Q♥, K♠ led, trumps ♦: may play A♣ Q♥\n",
    ],
    ("05-ecarte-cards-and-play", "check-real-deal"): ["led ", "may be played"],
    ("06-ecarte-proposals-and-king", "check-choose"): [
        "phase: play or propose; player 1 (the non-dealer) may: "
        "play 10♠, play 7♣, play K♣, play 10♥, play J♣, propose\n"
    ],
    ("06-ecarte-proposals-and-king", "check-answer"): [
        "player 0 (the dealer) may: accept, refuse\n",
        "The dealer must first accept or refuse the proposal.",
    ],
    ("06-ecarte-proposals-and-king", "check-discards"): [
        "31 legal discards, e.g. discard 10♠, discard 7♣, discard K♣\n",
        "The non-dealer must discard 1 to 5 cards now",
    ],
    ("06-ecarte-proposals-and-king", "check-after-discards"): [
        "the dealer may discard [0, 1, 2, 3, 4, 5] cards",
        "stock 18",
        "the moves so far: propose, accept, discard ",
    ],
    ("06-ecarte-proposals-and-king", "check-stock"): [
        "stock left: 11\nstock left: 1\nstock left: 0\n",
        "You cannot propose: the stock cannot serve even one card.\n"
        "Play a card: the stock is empty, so there can be no more "
        "proposals.\nHis legal moves: play Q♦, play A♥, play 8♦, "
        "play K♠, play K♥, announce K♥\n",
    ],
    ("06-ecarte-proposals-and-king", "check-turned-up"): [
        "turned up K",
        "points before any card is played: [1, 0]",
        "gave player 0 (the dealer) 1 point.",
    ],
    ("06-ecarte-proposals-and-king", "check-announce-non-dealer"): [
        "may: play 7♣, play K♥, play 9♠, play J♠, play 8♠, propose, announce K♥\n",
        "after announcing: points [0, 1], phase 'play', may propose? False",
    ],
    ("06-ecarte-proposals-and-king", "check-announce-dealer"): [
        "during the exchanges: The King is announced at the start of play",
        "the dealer may: play J♠, play 8♠, announce K♥\n",
        "if he plays a card first: Too late",
    ],
    ("07-ecarte-scoring-and-game", "check-point-vole"): [
        "tricks [2, 3]: the point: player 1 (the non-dealer) won 3 or 4 tricks — 1 point.",
        "tricks [0, 5]: the vole: player 1 (the non-dealer) won all 5 tricks — 2 points.",
    ],
    ("07-ecarte-scoring-and-game", "check-penalties"): [
        "stood, and lost   tricks [3, 2]: player 0 (the dealer) won the point against a non-dealer who played "
        "without proposing — 2 points.",
        "stood, and won    tricks [2, 3]: the point: player 1 (the non-dealer) won 3 or 4 tricks — 1 point.",
        "refused, and lost     tricks [2, 3]: player 1 (the non-dealer) won the point after the dealer refused",
        "refused, and won      tricks [4, 1]: the point: player 0 (the dealer) won 3 or 4 tricks — 1 point.",
    ],
    ("07-ecarte-scoring-and-game", "check-refused-deal"): [
        ": propose, refuse, and the hands are played as they stand:\n",
        "after the dealer refused a proposal — 2 points",
        "points: [0, 2]",
    ],
    ("07-ecarte-scoring-and-game", "check-mid-deal"): [
        "the scores are [5, 0]; player 0 has won, and there is no move left to make.",
        "player 0 reached 5 points and won the game at once.",
    ],
    ("07-ecarte-scoring-and-game", "check-game"): ["wins the game."],
    ("08-variants", "check-describe"): [
        "lead_rule          ('winner', 'rotate')",
        "seven_lead         ('after_win', 'forehand_exempt', 'as_rubbish')",
        "target_score       None",
    ],
    ("08-variants", "check-option-error"): [
        "Alkort option lead_rule must be one of 'winner', 'rotate', not 'left'",
        "Alkort has no option 'trumps'",
    ],
    ("08-variants", "check-lead-rule"): ["lead_rule='winner'", "lead_rule='rotate'"],
    ("08-variants", "check-seven-lead"): [
        "after_win        may lead 3♦ Q♠     | 7♣ may not be led.",
        "forehand_exempt  may lead 7♣ 3♦ Q♠  | 7♣ wins: a seven led on the opening",
        "as_rubbish       may lead 7♣ 3♦ Q♠  | K♦ wins",
    ],
    ("08-variants", "check-low-eights"): ["low_eights_ranked=True : 8♥ wins", "low_eights_ranked=False: 3♠ wins"],
    ("08-variants", "check-rubbish-order"): [
        "4♠ 9♠ Q♥ 3♦  equal   : 4♠ wins",
        "4♠ 9♠ Q♥ 3♦  led_suit: 9♠ wins",
        "4♠ 9♣ Q♥ 3♦  led_suit: 4♠ wins",
        "Q♠ K♠ 3♦ 9♣  led_suit: 3♦ wins",
    ],
    ("08-variants", "check-reveal"): [
        "best_card: player 0 sees A♥ from player 2\n",
        "none     : player 0 sees nothing\n",
        "table    : player 0 sees K♦ from player 1; A♥ from player 2; 9♥ from player 3\n",
    ],
    ("08-variants", "check-play-out"): ["play_out=True : 9 tricks played"],
    ("08-variants", "check-next-dealer"): [
        "left : after dealer 0, the next dealer is 1 if team A lost, 1 if team B lost",
        "loser: after dealer 0, the next dealer is 2 if team A lost, 1 if team B lost",
    ],
    ("08-variants", "check-target"): ["target_score= 3: (deals, final score) =", "target_score=10:"],
    ("08-variants", "check-ecarte-describe"): [
        "deal_packets       ((3, 2), (2, 3))",
        "refusal_penalty    ('first', 'any')",
    ],
    ("08-variants", "check-packets"): ["[3, 2]  non-dealer", "[2, 3]  non-dealer"],
    ("08-variants", "check-must-trump"): ["must_trump=True : may play 7♦\n", "must_trump=False: may play 7♦ A♣ Q♥\n"],
    ("08-variants", "check-refusal-penalty"): [
        "refusal_penalty='first'",
        "— 1 point.",
        "refusal_penalty='any'",
        "after the dealer refused a proposal — 2 points.",
    ],
    ("08-variants", "check-min-discard"): [
        "dealer_min_discard=0: the dealer may discard [0, 1, 2, 3, 4, 5] cards; keep his hand? yes",
        "dealer_min_discard=1: the dealer may discard [1, 2, 3, 4, 5] cards; keep his hand? The dealer must discard",
    ],
    ("08-variants", "check-ecarte-target"): ["target_score=1: player", "after 1 deal(s)", "target_score=5: player"],
}


def test_every_check_tag_has_expectations() -> None:
    tags = {(name, tag) for name in CHAPTERS for tag in check_tags(read(name))}
    assert tags == set(EXPECTED), f"untested tags: {tags - set(EXPECTED)}; stale: {set(EXPECTED) - tags}"


@pytest.mark.parametrize("name, tag", sorted(EXPECTED))
def test_checked_cell_shows(name: str, tag: str) -> None:
    text = text_of(tagged(executed(name)[0], tag))
    missing = [piece for piece in EXPECTED[name, tag] if piece not in text]
    assert not missing, f"{name} [{tag}] does not show {missing}; it shows:\n{text}"


def lines_after(text: str, marker: str) -> list[str]:
    """The rest of each line after a marker."""
    return [line.split(marker, 1)[1] for line in text.splitlines() if marker in line]


def test_the_lead_rule_example_changes_the_score() -> None:
    text = text_of(tagged(executed("08-variants")[0], "check-lead-rule"))
    scores = [line.split(": ", 1)[-1] for line in text.splitlines()]
    assert len(scores) == 2 and scores[0] != scores[1], text


def test_play_out_plays_more_but_scores_the_same() -> None:
    text = text_of(tagged(executed("08-variants")[0], "check-play-out"))
    stopped, played_out = (line.split("tricks played; ") for line in text.splitlines())
    assert int(stopped[0].split(": ")[1]) < 9 and stopped[1] == played_out[1], text


def test_the_refusal_penalty_example_differs_only_in_points() -> None:
    text = text_of(tagged(executed("08-variants")[0], "check-refusal-penalty"))
    first, any_ = text.splitlines()
    assert first.split("tricks ")[1].split(":")[0] == any_.split("tricks ")[1].split(":")[0]  # same tricks
    assert first.endswith("— 1 point.") and any_.endswith("— 2 points.")


def test_the_packets_change_the_hands_not_the_trump() -> None:
    text = text_of(tagged(executed("08-variants")[0], "check-packets"))
    first, second = text.splitlines()
    assert first.split("non-dealer")[1] != second.split("non-dealer")[1]
    assert first.split("turned up")[1] == second.split("turned up")[1]


def test_the_exchange_takes_the_stock() -> None:
    text = text_of(tagged(executed("04-alkort-deal")[0], "check-exchange"))
    before, after = lines_after(text, "before: ")[0].split(), lines_after(text, "after:  ")[0].split(" |")[0].split()
    assert len(before) == len(after) == 9 and len(set(before) & set(after)) == 1, text
