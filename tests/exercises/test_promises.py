"""The checker keeps every promise, whatever a learner's code does (issue 10).

Each test is an input a learner really types: an int rank, a monkeypatched engine, the library's own
function, a print, sys.exit(), an object whose __repr__ raises, code busy in C for seconds, a check of
a stub after the exercise was solved — and what the learner must see. (numpy's numbers: test_numbers.)
"""

from __future__ import annotations

import ast
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardlib import alkort, ecarte
from cardlib.cards import Card
from cardlib.exercises import (
    CATALOGUE,
    CORRECT,
    NOT_ATTEMPTED,
    NOT_YET,
    chapter1,
    chapter2,
    chapter3,
    chapter4,
    chapter5,
    chapter6,
    chapter7,
    checker,
    progress,
    progress_place,
    running,
)
from cardlib.exercises.checker import define, helpers_of
from cardlib.exercises.notebooks import CHAPTERS, build, chapter_module
from cardlib.exercises.shipped import library_function

ALL = [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]


# A learner's own solution of 6.3, not the printed one (running that is marked in the progress: test_promises).
OWN_KING_OF_TRUMPS = 'def king_of_trumps(turned_up):\n    return Card("K", turned_up.suit)\n'


def one_line(result) -> None:
    """What every not-yet result must be: a single friendly line on top, never a traceback."""
    assert "\n" not in result.headline, result.headline
    assert "Traceback" not in repr(result) and "Traceback" not in result._repr_html_()


def bad_card_source(rank: object, suit: str) -> str:
    """Learner code that makes a Card no constructor would allow: the way round a Card that checks its fields."""
    return f"tuple.__new__(Card, ({rank!r}, {suit!r}))"


# ---------------------------------------------------------------------------
# 1. A Card with an int rank


def test_cards_from_range_2_to_11_get_one_line_with_the_learners_line():
    fn = define(
        """def alkort_pack() -> list[Card]:
    ranks = ["A", *range(2, 5), *range(6, 10), "J", "Q", "K"]
    return [Card(rank, suit) for suit in SUITS for rank in ranks]
""",
        "alkort_pack",
        chapter1.SETUP,
    )
    result = chapter1.q2.check(fn)
    assert result.status == NOT_YET
    one_line(result)
    assert "ranks are strings" in result.headline
    assert "line 3: return [Card(rank, suit) for suit in SUITS for rank in ranks]" in result.headline


def test_a_card_with_an_int_rank_that_slipped_past_the_constructor_is_named_with_the_line_that_returned_it():
    fn = define(
        f"""def parse_card(text):
    rank, suit = text[:-1], text[-1]
    return {bad_card_source(10, "♥")} if rank == "10" else Card(rank, suit)
""",
        "parse_card",
        chapter1.SETUP,
    )
    chapter1.q1.fixed.insert(0, ("10♥",))
    try:
        result = chapter1.q1.check(fn)
    finally:
        chapter1.q1.fixed.pop(0)
    assert result.status == NOT_YET
    one_line(result)
    assert result.headline == (
        "Wrong type of answer: expected a Card, but Card(10, '♥') is not a card: ranks are "
        "strings: 10 is written '10'. Write Card('10', '♥'), or card('10♥') — returned at "
        "line 3: return tuple.__new__(Card, (10, '♥')) if rank == \"10\" else Card(rank, suit)"
    )


def test_a_list_holding_a_card_with_an_int_rank_is_refused_before_it_is_compared():
    fn = define(
        f"""def alkort_pack() -> list[Card]:
    pack = [Card(rank, suit) for suit in SUITS for rank in RANKS if rank not in ("5", "10")]
    return pack[:-1] + [{bad_card_source(13, "♣")}]
""",
        "alkort_pack",
        chapter1.SETUP,
    )
    result = chapter1.q2.check(fn)
    assert result.status == NOT_YET
    one_line(result)
    assert "expected a list of Cards, but Card(13, '♣') is not a card: 13 is not a rank" in result.headline
    assert result.headline.endswith("— returned at line 3: return pack[:-1] + [tuple.__new__(Card, (13, '♣'))]")


def test_an_exception_inside_cardlib_caused_by_the_learners_card_points_at_the_learners_call():
    fn = define(
        f"""def show_cards(cards):
    made = [{bad_card_source(10, "♠")}]
    return " ".join(str(c) for c in made + cards)
""",
        "show_cards",
        chapter1.SETUP,
    )
    result = chapter1.q5.check(fn)
    assert result.status == NOT_YET
    one_line(result)
    assert result.headline.startswith("Your code raised TypeError: ")
    assert result.headline.endswith(
        '— raised in cardlib\'s Card.__str__, called at line 3: return " ".join(str(c) for c in made + cards)'
    )


# ---------------------------------------------------------------------------
# 2. The oracle is the engine as shipped


def wrong_legal_plays(cards, trick, trump):
    return list(cards)  # forgets to follow suit


def test_a_learner_who_put_their_function_into_the_engine_is_still_judged_by_the_engine(monkeypatch):
    monkeypatch.setattr(ecarte, "legal_plays", wrong_legal_plays)
    result = chapter5.q4.check(wrong_legal_plays)
    assert result.status == NOT_YET and "5.4" not in checker.solved_earlier()
    assert ecarte.legal_plays is wrong_legal_plays, "the learner's world is left as they made it"


def test_a_changed_table_inside_the_engine_does_not_change_the_oracle(monkeypatch):
    aces_high = {
        ranking: {flag: {c: (11 if c.rank == "A" else s) for c, s in table.items()} for flag, table in tables.items()}
        for ranking, tables in alkort.STRENGTH.items()
    }
    monkeypatch.setattr(alkort, "STRENGTH", aces_high)
    fn = define(
        """def ranked_winner(cards):
    from cardlib import alkort
    best = 0
    for i in range(1, len(cards)):
        if alkort.strength(cards[i]) > alkort.strength(cards[best]):
            best = i
    return best
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET, "an Ace above K♦ is wrong, whatever the patched engine says"
    assert alkort.STRENGTH is aces_high


def test_the_learners_function_runs_in_the_world_the_learner_made(monkeypatch):
    """The learner's own call still sees their change: it is the oracle, only, that is as shipped."""
    monkeypatch.setattr(alkort, "TRICKS_TO_WIN", 4)
    fn = define(
        """def deal_is_decided(trick_sides):
    from cardlib import alkort
    assert alkort.TRICKS_TO_WIN == 4, "the learner's own setting"
    a, b = trick_sides.count(0), trick_sides.count(1)
    return len(trick_sides) >= 9 or (max(a, b) >= 5 and min(a, b) >= 1)
""",
        "deal_is_decided",
    )
    from cardlib.exercises import chapter4

    assert chapter4.q4.check(fn).status == CORRECT


def test_a_method_changed_on_the_engines_class_does_not_fool_the_bot_check(monkeypatch):
    everything = lambda self, seat=None: list(self.hands[self.current_player])  # noqa: E731
    monkeypatch.setattr(ecarte.EcarteState, "legal_actions", everything)
    reckless = define(
        """def ecarte_bot(cards, trick, trump):
    return cards[0]
""",
        "ecarte_bot",
    )
    result = chapter7.q4.check(reckless)
    assert result.status == NOT_YET and "illegal card" in result.headline
    one_line(result)


def test_the_reference_solution_imports_the_engine_as_shipped(monkeypatch):
    monkeypatch.setattr(alkort, "strength", lambda c, options=None: 0)
    solution = chapter4.q7.solution_function()  # its source says: from cardlib.alkort import strength
    assert solution.__globals__["strength"] is not alkort.strength
    assert chapter4.q7.check(solution).status == CORRECT


def test_case_generators_use_the_engine_as_shipped(monkeypatch):
    wrong = define(chapter3.q1.mistakes["last of equals wins"], "ranked_winner", chapter3.SETUP)
    unpatched = chapter3.q1.check(wrong)
    monkeypatch.setattr(alkort, "is_ranked", lambda c, options=None: True)
    patched = chapter3.q1.check(wrong)
    assert (patched.call, patched.cases) == (unpatched.call, unpatched.cases)


# ---------------------------------------------------------------------------
# 3. The library's own function


@pytest.mark.parametrize(
    "key, own",
    [
        ("3.3", alkort.trick_winner),
        ("1.1", __import__("cardlib").card),
        ("5.4", ecarte.legal_plays),
        ("2.2", alkort.strength),
    ],
)
def test_the_librarys_own_function_is_not_accepted(key, own):
    result = CATALOGUE[key].check(own)
    assert result.status == NOT_YET
    assert result.headline.startswith("That is the library's own function (cardlib.")
    assert "write your own" in result.headline
    assert checker.solved_earlier() == set() and progress().rows and checker.PROGRESS[key] == NOT_YET


def test_the_librarys_function_wrapped_in_a_partial_is_still_the_librarys():
    import functools

    result = chapter3.q3.check(functools.partial(alkort.trick_winner, first_trick=False))
    assert result.headline.startswith("That is the library's own function (cardlib.alkort.trick_winner)")


@pytest.mark.parametrize(
    "key, source",
    [
        ("3.3", "trick_winner = lambda cards, leader_has_won: alkort.trick_winner(cards, leader_has_won)"),
        ("3.3", "def trick_winner(cards, leader_has_won):\n    return alkort.trick_winner(cards, leader_has_won)\n"),
        ("5.4", "def legal_plays(cards, trick, trump):\n    return list(ecarte.legal_plays(cards, trick, trump))\n"),
        ("1.1", "def parse_card(text):\n    answer = card(text)\n    return answer\n"),
        ("2.2", "def mine(c):\n    return alkort.strength(c)\n\ndef strength(c):\n    return mine(c)\n"),
        ("3.1", "def ranked_winner(cards):\n    return alkort.judge_trick(cards, options=alkort.DEFAULT_OPTIONS)[0]\n"),
    ],
)
def test_the_librarys_function_in_disguise_is_still_the_librarys(key, source):
    ex = CATALOGUE[key]
    fn = define(source, ex.name, ex.setup + "\nfrom cardlib import alkort, ecarte\nfrom cardlib.cards import card")
    result = ex.check(fn)
    assert result.status == NOT_YET and checker.PROGRESS[key] == NOT_YET
    assert re.match(
        r"That is the library's own function \(cardlib\.\w+\.\w+, only called\) — write your own ", result.headline
    ), result.headline


def test_a_function_that_does_work_of_its_own_around_the_librarys_is_the_learners():
    fn = define(
        "def strength(c):\n    return alkort.strength(c) if c.rank != 'A' else 4\n",
        "strength",
        chapter2.SETUP + "\nfrom cardlib import alkort",
    )
    assert chapter2.q2.check(fn).status == CORRECT
    assert [ex.key for ex in ALL if library_function(ex.solution_function())] == []


def test_running_the_printed_solution_is_marked_in_the_progress_not_counted_as_solved():
    result = chapter6.q3.check(define(chapter6.q3.solution().body, "king_of_trumps", chapter6.SETUP))
    assert result.status == CORRECT and "This is the printed solution you asked to see" in result.headline
    assert checker.PROGRESS["6.3"] == "correct with the printed solution" and checker.solved_earlier() == set()
    report = progress(6)
    assert report.solved == 0 and ("6.3", "the King of trumps", "correct with the printed solution") in report.rows
    assert repr(report).startswith("Solved 0 of 5 exercises in this session (1 more run with the printed solution).")
    assert "◐ 6.3" in repr(report)
    own = chapter6.q3.check(define(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    assert own.status == CORRECT and "printed solution" not in own.headline
    assert progress(6).solved == 1 and checker.solved_earlier() == {"6.3"}


# ---------------------------------------------------------------------------
# 4. What the learner's code printed, on not yet


def test_on_not_yet_the_learner_sees_what_their_code_printed_for_that_case_cut_to_a_few_lines():
    fn = define(
        """def ranked_winner(cards):
    for i, c in enumerate(cards):
        print("card", i, "is", c, "strength", strength(c))
    print("deciding", "x" * 300)
    for n in range(20):
        print("line", n)
    return 0
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and result.call == 'ranked_winner(hand("A♠ 9♦ K♦ 2♥"))'
    lines = result.printed.splitlines()
    assert lines[:4] == [
        "card 0 is A♠ strength 4",
        "card 1 is 9♦ strength 5",
        "card 2 is K♦ strength 10",
        "card 3 is 2♥ strength 9",
    ]
    assert lines[4].startswith("deciding xxx") and lines[4].endswith("…") and len(lines[4]) == 100
    assert lines[-1] == "… and 19 more lines" and len(lines) == 7
    assert "you printed:  card 0 is A♠ strength 4\n                card 1" in repr(result)
    assert "<pre" in result._repr_html_() and "card 0 is A♠" in result._repr_html_()


def test_output_of_an_endless_loop_is_kept_short():
    fn = define(
        """def ranked_winner(cards):
    n = 0
    while True:
        n += 1
        print("still going", n)
""",
        "ranked_winner",
    )
    outcome = running.call_safely(fn, (chapter3.q1.fixed[0][0],), limit=0.3)
    assert outcome.stopped and outcome.printed.startswith("still going 1\nstill going 2\n")
    assert len(outcome.printed.splitlines()) == running.PRINTED_LINES + 1


# ---------------------------------------------------------------------------
# 5. The counterexample is a call the learner can paste and run


def pasted(ex, call: str) -> tuple:
    """Run a counterexample's text in a namespace like the notebook's: the arguments the call passes."""
    namespace: dict = {}
    exec(ex.setup, namespace)
    namespace[ex.name] = lambda *args, **named: (*args, *named.values())
    return eval(call, namespace)


@pytest.mark.parametrize("ex", [ex for ex in ALL if ex.oracle is not None], ids=lambda ex: ex.key)
def test_every_counterexample_pastes_and_runs_as_the_same_call(ex):
    for case in ex.cases()[: len(ex.fixed) + 20]:
        call = ex.call_text(case)
        assert pasted(ex, call) == tuple(case), call
        assert not re.search(r"\[[^\]]*[♠♥♦♣][,\]]", call), f"cards outside hand(...)/card(...): {call}"


def test_the_counterexample_uses_the_helpers_the_notebook_imports():
    assert chapter3.q1.call_text(chapter3.q1.fixed[0]) == 'ranked_winner(hand("A♠ 9♦ K♦ 2♥"))'
    assert helpers_of(chapter1.SETUP) == {"Card"}  # chapter 1 teaches Card itself, before card() and hand()
    assert chapter1.q4.call_text(chapter1.q4.fixed[0]) == 'card_name(Card("K", "♦"))'


def test_a_bots_counterexample_pastes_too():
    wrong = define(chapter7.q4.mistakes[next(iter(chapter7.q4.mistakes))], "ecarte_bot", chapter7.SETUP)
    result = chapter7.q4.check(wrong)
    assert result.status == NOT_YET and result.call.startswith('ecarte_bot(hand("')
    cards, trick, trump = pasted(chapter7.q4, result.call)
    assert all(isinstance(c, Card) for c in [*cards, *trick]) and trump in "♠♥♦♣"


# ---------------------------------------------------------------------------
# 7. Exits, interrupts and broken objects: one friendly line each


def checked_at_depth(depth: int, fn: Any) -> Any:
    """Check fn from a stack this many frames deeper (the recursion limit stops at a frame that depends on it)."""
    return chapter3.q1.check(fn) if depth == 0 else checked_at_depth(depth - 1, fn)


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_endless_recursion_points_at_the_call_that_recurses(depth: int):
    fn = define(
        """def ranked_winner(cards):
    return helper(cards)

def helper(cards):
    return ranked_winner(cards)
""",
        "ranked_winner",
    )
    result = checked_at_depth(depth, fn)
    assert result.headline.startswith("Your code raised RecursionError: maximum recursion depth exceeded")
    assert result.headline.endswith("— at line 5 of helper: return ranked_winner(cards)")


def test_an_error_in_a_one_line_helper_points_at_the_helper():
    fn = define(
        """def ranked_winner(cards):
    return fifth(cards)

def fifth(cards): return cards[4]
""",
        "ranked_winner",
    )
    assert chapter3.q1.check(fn).headline == (
        "Your code raised IndexError: list index out of range — at line 4 of fifth: def fifth(cards): return cards[4]"
    )


def test_sys_exit_is_one_friendly_line():
    fn = define(
        """import sys
def ranked_winner(cards):
    sys.exit()
""",
        "ranked_winner",
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET
    one_line(result)
    assert result.headline == (
        "Your code raised SystemExit, as sys.exit() does: a function gives its answer with "
        "return, not by leaving Python — at line 3: sys.exit()"
    )


@pytest.mark.parametrize(
    "raised, shown",
    [
        ("SystemExit(2)", "SystemExit: 2"),
        ("KeyboardInterrupt", "KeyboardInterrupt"),
        ("GeneratorExit", "GeneratorExit"),
    ],
)
def test_raising_a_base_exception_is_one_friendly_line(raised, shown):
    fn = define(
        f"""def ranked_winner(cards):
    raise {raised}
""",
        "ranked_winner",
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and shown in result.headline
    assert result.headline.endswith(f"at line 2: raise {raised}")
    one_line(result)


HOSTILE_ANSWERS = {
    "__repr__": (
        "class Answer(int):\n    def __repr__(self):\n        raise ValueError('no repr')\n",
        "Answer(7)",
        "3.1",
    ),
    "__eq__": (
        "class Answer(str):\n    def __eq__(self, other):\n        raise RuntimeError('no eq')\n"
        "    __hash__ = str.__hash__\n",
        "Answer('King of diamonds')",
        "1.4",
    ),
    "__hash__": (
        "class Answer(str):\n    def __hash__(self):\n        raise RuntimeError('no hash')\n",
        "Answer('K♦')",
        "1.5",
    ),
    "__bool__": (
        "class Answer(int):\n    def __bool__(self):\n        raise RuntimeError('no bool')\n",
        "Answer(2)",
        "3.1",
    ),
    "__len__": (
        "class Answer(list):\n    def __len__(self):\n        raise RuntimeError('no len')\n",
        "Answer([1, 2])",
        "6.2",
    ),
    "__iter__": (
        "class Answer(list):\n    def __iter__(self):\n        raise RuntimeError('no iter')\n",
        "Answer(cards)",
        "3.4",
    ),
    "__str__ of a card's rank": (
        "class Rank(str):\n    def __str__(self):\n        raise RuntimeError('no str')\n",
        "tuple.__new__(Card, (Rank('K'), '♦'))",
        "6.3",
    ),
    "__str__ of an exception": (
        "class Oops(Exception):\n    def __str__(self):\n        raise RuntimeError('no str')\n",
        "(_ for _ in ()).throw(Oops())",
        "3.1",
    ),
}


@pytest.mark.parametrize("dunder", HOSTILE_ANSWERS)
def test_an_answer_whose_special_method_raises_is_one_friendly_line(dunder):
    classes, answer, key = HOSTILE_ANSWERS[dunder]
    ex = CATALOGUE[key]
    params = ", ".join(ex.params)
    fn = define(f"{classes}\n\ndef {ex.name}({params}):\n    return {answer}\n", ex.name, ex.setup)
    result = ex.check(fn)  # must not raise
    assert result.status in (CORRECT, NOT_YET)
    one_line(result)


def test_an_answer_of_a_list_class_whose_iter_raises_is_read_as_the_list_it_is():
    """Issue 40: a list of the learner's class is judged as the plain list it is made from (its own __iter__ and
    __eq__ are not asked), as a tuple's class always was: here it holds every card, sevens too, where a hand that
    has not won may not lead them."""
    classes, answer, _ = HOSTILE_ANSWERS["__iter__"]
    fn = define(f"{classes}\n\ndef legal_leads(cards, has_won):\n    return {answer}\n", "legal_leads")
    result = chapter3.q4.check(fn)
    assert result.headline.startswith("Not quite: on case") and "7" in result.got, repr(result)


def test_an_answer_whose_repr_raises_is_described_without_it():
    """An int of the learner's class is read as its number (issue 40: whatever its __eq__ or __repr__ says)."""
    classes, _, _ = HOSTILE_ANSWERS["__repr__"]
    fn = define(f"{classes}\n\ndef ranked_winner(cards):\n    return Answer(7)\n", "ranked_winner")
    result = chapter3.q1.check(fn)
    assert result.headline == (
        "Wrong type of answer: expected an int index 0-3 (a position in the trick), got the int 7 — returned at "
        "line 7: return Answer(7)"
    )
    assert checker.short(fn(None)) == "<a Answer whose __repr__ raised ValueError: no repr>"
    other = define(
        "class Answer:\n    def __repr__(self):\n        raise ValueError('no repr')\n\n"
        "def ranked_winner(cards):\n    return Answer()\n",
        "ranked_winner",
    )
    assert "<a Answer whose __repr__ raised ValueError: no repr>" in chapter3.q1.check(other).headline


# ---------------------------------------------------------------------------
# 8. Time limits without signals or threads


def test_the_checker_needs_neither_signal_nor_threads():
    """Pyodide (the static site) has neither: the exercises must not import them."""
    folder = Path(checker.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        }
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not imported & {"signal", "threading", "_thread", "ctypes", "multiprocessing"}, path.name


def test_a_loop_that_catches_base_exception_and_prints_it_is_stopped(short_time_limit, within):
    fn = define(
        """def ranked_winner(cards):
    while True:
        try:
            while True:
                pass
        except BaseException as error:
            print("caught", repr(error))
""",
        "ranked_winner",
    )
    result = within(10, lambda: chapter3.q1.check(fn))
    assert result.status == NOT_YET and result.headline.startswith("Stopped after")
    assert result.printed.startswith("caught Stopped()")


def test_code_busy_in_c_past_the_limit_is_reported_with_the_time_it_really_ran(short_time_limit):
    fn = define(
        """import time
def ranked_winner(cards):
    time.sleep(1.2)
    return 0
""",
        "ranked_winner",
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET
    ran = float(re.match(r"Your code ran for (\d+\.\d) s, past the 0.3 s limit for one call", result.headline)[1])
    assert ran >= 1.2
    assert "cannot be interrupted" in result.headline and "sleep" in result.advice


def test_the_time_out_of_the_traces_sight_tells_c_code_from_a_python_loop():
    loop = running.call_safely(define("def f():\n    while True:\n        pass\n", "f"), (), limit=0.2)
    assert loop.stopped and not loop.came_late and "endless loop" in loop.stop_message()
    sleep = running.call_safely(time.sleep, (0.9,), limit=0.2)  # Python's own function: no line of it is traced
    assert sleep.stopped and sleep.came_late and sleep.elapsed >= 0.9
    assert re.match(r"your code ran for (0\.9|1\.\d) s, past the 0.2 s limit for one call", sleep.stop_message())


def test_a_whole_check_stops_at_its_time_budget_and_says_so(monkeypatch):
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.5)
    fn = define(
        """import time
def ranked_winner(cards):
    time.sleep(0.02)
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    started = time.monotonic()
    result = chapter3.q1.check(fn)
    assert time.monotonic() - started < 5
    assert result.status == NOT_YET
    total = len(chapter3.q1.cases())
    done = int(
        re.match(
            rf"The check stopped when its time budget of 0.5 s ran out, after (\d+) of {total} cases: "
            r"your function is too slow",
            result.headline,
        )[1]
    )
    assert 5 <= done < total and "6.3" not in checker.solved_earlier()


def test_an_endless_loop_stops_at_the_budget_when_that_comes_first(monkeypatch):
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.4)
    fn = define("def ranked_winner(cards):\n    while True:\n        pass\n", "ranked_winner")
    started = time.monotonic()
    result = chapter3.q1.check(fn)
    assert time.monotonic() - started < 5
    assert result.headline.startswith(
        f"The check stopped when its time budget of 0.4 s ran out, after 0 of {len(chapter3.q1.cases())} cases"
    )


def test_a_bot_check_has_a_budget_too_a_time_per_card(monkeypatch):
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.4)
    slow = define(
        """import time
def ecarte_bot(cards, trick, trump):
    time.sleep(0.1)
    return good_bot(cards, trick, trump)
""",
        "ecarte_bot",
    )
    slow.__globals__["good_bot"] = define(chapter7.q4.solution_source, "ecarte_bot", chapter7.SETUP)
    started = time.monotonic()
    result = chapter7.q4.check(slow)
    assert result.status == NOT_YET and time.monotonic() - started < 10
    assert re.match(
        r"Your bot took \d+ ms a card on average over its first \d+ cards, most of it waiting, not working: the "
        r"limit is 20 ms a card of your bot's own work",
        result.headline,
    ), result.headline


# ---------------------------------------------------------------------------
# 9. Progress


def test_a_solved_exercise_stays_solved_when_its_stub_is_checked_in_a_new_session(monkeypatch):
    chapter6.q3.check(define(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    monkeypatch.setattr(checker, "PROGRESS", {})  # a new session: the kernel restarted, the notebook reopened
    stub = chapter6.q3.check(define(chapter6.q3.starter, "king_of_trumps"))
    assert stub.status == NOT_ATTEMPTED and "You have solved this exercise before" in stub.headline
    assert ("6.3", "the King of trumps", "solved earlier") in progress(6).rows
    assert progress(6).solved == 1 and checker.solved_earlier() == {"6.3"}


def test_a_solved_exercise_checked_wrong_later_says_both():
    chapter6.q3.check(define(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    chapter6.q3.check(define(chapter6.q3.mistakes[next(iter(chapter6.q3.mistakes))], "king_of_trumps", chapter6.SETUP))
    assert ("6.3", "the King of trumps", "not yet (solved before)") in progress(6).rows
    assert "✘ 6.3" in repr(progress(6)) and checker.solved_earlier() == {"6.3"}


def test_the_notebooks_progress_cell_shows_its_own_chapter_as_its_text_says(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"solved": ["1.1", "2.1", "3.1"]}), encoding="utf-8")
    monkeypatch.setenv("CARDLIB_PROGRESS", str(path))
    for number in CHAPTERS:
        cells = build(number).cells
        title, code = cells[-2], cells[-1]
        assert "of this chapter" in title.source and code.source == f"progress({number})"
        shown = eval(code.source, {"progress": progress})
        assert {key.split(".")[0] for key, _, _ in shown.rows} == {str(number)}


def test_in_the_browser_progress_is_kept_in_the_drive_the_browser_persists(monkeypatch):
    monkeypatch.delenv("CARDLIB_PROGRESS")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress_place.os, "getcwd", lambda: "/drive/exercises")
    assert progress_place.progress_file() == Path("/drive/cardlib-progress.json")
    monkeypatch.setattr(progress_place.os, "getcwd", lambda: "/home/pyodide")  # no drive mounted: nowhere lasting
    assert progress_place.progress_file() == Path.home() / ".cardlib" / "progress.json"
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(progress_place.os, "getcwd", lambda: "/drive/exercises")
    assert progress_place.progress_file() == Path.home() / ".cardlib" / "progress.json"


def test_a_check_that_is_not_yet_is_not_saved_and_the_stub_message_says_nothing_of_before():
    chapter6.q3.check(define(chapter6.q3.mistakes[next(iter(chapter6.q3.mistakes))], "king_of_trumps", chapter6.SETUP))
    stub = chapter6.q3.check(define(chapter6.q3.starter, "king_of_trumps"))
    assert "before" not in stub.headline and checker.solved_earlier() == set()
