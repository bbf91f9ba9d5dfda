"""Mutation testing of every check (``tools/mutants.py``, ``make mutants``): no wrong solution is called correct.

Every single-point mutant of every model solution, and every program shaped wrongly round it (issue 27: an
answer cached, a default argument or a module list used as a store, ``is`` for ``==``, a one-shot generator, a
guard turned into a broad except), must be caught by its exercise's check, or shown equivalent to the model on the
exercise's whole input space (or its stated enumeration); and each check's cases must reach every branch of the
engine functions the exercise is about and of its model solution (coverage.py). ``make mutants`` runs the same in
about a minute of one core before issue 40 (58 s measured); with its looks and the bots' built positions,
72 s waited at a load of 2-3 on 2 cores, 4 to 5 minutes at a load of 7 (1461 mutants, 0 surviving); with the
memos keyed on part of the arguments or on sorted lists, 2 min 49 s at a load of 3-4 (1539 mutants, 0 surviving).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardlib.cards import FULL_PACK
from cardlib.exercises import chapter2, chapter3, chapter4, chapter5, chapter6
from cardlib.exercises.checker import Exercise, define
from cardlib.exercises.notebooks import CHAPTERS, chapter_module


def load_tool() -> ModuleType:
    """tools/mutants.py, imported from its file (tools/ is a folder of scripts, not a package)."""
    path = Path(__file__).resolve().parents[2] / "tools" / "mutants.py"
    spec = importlib.util.spec_from_file_location("mutants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutants"] = module
    spec.loader.exec_module(module)
    return module


mutants = load_tool()
ALL = [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.key)
def test_every_mutant_of_the_model_solution_is_caught_or_equivalent(ex: Exercise):
    score = mutants.score(ex)
    survivors = [f"{v.mutant.description} — {v.detail}" for v in score.verdicts if v.outcome == mutants.SURVIVED]
    assert not survivors, f"{score.line()}\ncalled correct:\n" + "\n".join(survivors)
    assert score.count(mutants.CAUGHT) >= 1, "every model solution has mutants the check catches"


def test_every_exercise_has_an_input_space_to_prove_equivalence_on():
    assert set(mutants.SPACES) == {ex.key for ex in ALL}
    for ex in ALL:
        model = ex.solution_function()
        assert mutants.first_difference(ex, model, model) == "", ex.key  # the model agrees with itself


def descriptions(ex: Exercise) -> list[str]:
    """What each mutant of an exercise changes, in words."""
    return [m.description for m in mutants.mutants(ex)]


def test_the_mutants_include_each_kind_of_slip():
    strength = " | ".join(descriptions(chapter2.q2))
    assert "'9♥' and '9♦' swapped" in strength and "'8♥ 8♦ 8♣' dropped" in strength  # a table
    assert "10 becomes 11" in strength  # a constant
    legal = " | ".join(descriptions(chapter5.q4))
    assert "'J' and 'Q' swapped" in legal and "> becomes >=" in legal  # the order; a comparison
    assert "list(cards) becomes cards: no copy" in legal and "cards.clear() before returning" in legal
    winner = " | ".join(descriptions(chapter3.q1))
    assert "return best after the first pass of the loop" in winner  # return early
    assert "the index i + 1" in winner  # an index
    assert "arguments 1 and 2 of min() swapped" in " | ".join(descriptions(chapter6.q2))  # two arguments
    assert "and becomes or" in " | ".join(descriptions(chapter4.q5))  # a boolean operator


def test_a_mutant_is_the_model_with_one_change():
    swapped = next(m for m in mutants.mutants(chapter5.q1) if m.description.endswith("'J' and 'Q' swapped"))
    assert define(swapped.source, "rank_order")() == ["7", "8", "9", "10", "A", "Q", "J", "K"]


def test_a_check_with_too_few_cases_lets_a_mutant_survive(monkeypatch: pytest.MonkeyPatch):
    """The tier can fail: without its table of heading duties, 5.4's random cases miss the Jack-Queen swap."""
    monkeypatch.setattr(chapter5.q4, "fixed", chapter5.q4.fixed[:5])
    score = mutants.score(chapter5.q4)
    survivors = [v.mutant.description for v in score.verdicts if v.outcome == mutants.SURVIVED]
    assert any(description.endswith("'J' and 'Q' swapped") for description in survivors), survivors


def test_the_report_gives_the_score_per_exercise_and_lists_the_equivalent_mutants():
    text = mutants.report([mutants.score(chapter6.q2)])
    assert text.splitlines()[1].startswith("6.2") and "% of the non-equivalent caught" in text
    assert "Equivalent mutants (and why):" in text and "arguments 1 and 2 of min() swapped" in text
    assert "agrees with the model on both players, every stock size 0-21" in text
    assert "The operators of issues 27 and 40 (programs shaped wrongly)" in text
    assert "  the first answer kept at module level and returned again: 1 mutants, 1 caught" in text


# ---------------------------------------------------------------------------
# Every branch of the rule reached, measured (issue 27): the check's cases run under coverage.py's branch coverage.


def test_every_checks_cases_reach_every_branch_of_its_rule_and_of_its_model(tmp_path, capsys):
    reaches = [mutants.branch_reach(ex, tmp_path) for ex in ALL]
    with capsys.disabled():
        print("\n" + mutants.reach_report(reaches))
    missed = [f"{r.exercise.key} {where}" for r in reaches for where in r.missing]
    assert not missed, "branches no case reaches:\n" + "\n".join(missed)
    assert all(r.percent == 100 for r in reaches)
    assert sum(r.branches for r in reaches) > 200  # the branches named are counted, not left out
    named = {r.exercise.key: r.branches for r in reaches}
    assert named["4.5"] >= 4 and named["6.5"] >= 2 and named["3.3"] >= 20


def test_with_fewer_cases_the_measure_names_the_branches_missed(tmp_path, monkeypatch):
    """The measure can fail: 3.3's fixed tricks alone, with no led seven after a win, miss the seven's branch."""
    monkeypatch.setattr(chapter3.q3, "fixed", [case for case in chapter3.q3.fixed if not case[1]])
    monkeypatch.setattr(chapter3.q3, "n_random", 0)
    reach = mutants.branch_reach(chapter3.q3, tmp_path)
    assert any("alkort.judge_trick" in where and 'rank == "7"' in where for where in reach.missing), reach.missing
    assert reach.percent < 100


def test_the_shape_mutants_are_made_and_judged():
    shapes = {m.description: m for m in mutants.mutants(chapter4.q1) if m.description.startswith("shape:")}
    judged = {d: mutants.judge(m, chapter4.q1.solution_function()).outcome for d, m in shapes.items()}
    assert judged == {
        "shape: the first answer kept at module level and returned again": mutants.CAUGHT,
        "shape: answers kept at module level by their arguments (a memo), the same object returned again": (
            mutants.CAUGHT  # the same hands, the very same lists: a caller dealing from one empties the other
        ),
        "shape: a mutable default argument reused as the answer's list": mutants.EQUIVALENT,  # the deal is a tuple
        "shape: the answer's cards kept in a module-level list that grows": mutants.EQUIVALENT,
        # issue 40: the kept hands handed out on the first call, a memo by identity, a deck cut short
        "shape: an answer kept by its arguments, the kept object itself handed out on the first call (copies after)": (
            mutants.CAUGHT
        ),
        "shape: a memo by the arguments' identity (id), their objects kept alive": mutants.CAUGHT,
        f"shape: {mutants.SIZE_CUT} (deck cut to 43)": mutants.CAUGHT,
        f"shape: {mutants.PART_KEY} (deck left out)": mutants.CAUGHT,
        f"shape: {mutants.PART_KEY} (dealer left out)": mutants.CAUGHT,
        f"shape: {mutants.ORDER_KEY}": mutants.CAUGHT,
    }
    kinds = " | ".join(descriptions(chapter5.q4))
    assert "== becomes is" in kinds and "becomes a one-shot generator" in kinds
    assert "shape: the guard `if not trick` replaced by a broad except returning None" in kinds


def test_the_issue_40_shapes_survive_a_check_without_its_looks_and_the_proof_names_them(monkeypatch):
    """The operators can fail: without the check's look at answers changed by their caller and lists passed again,
    the first-call alias and the memo by identity survive (the tool's own proof on the space finds them), and with
    1.5's cases of at most six cards the size cut survives."""
    from cardlib.exercises import chapter1, checker

    monkeypatch.setattr(checker.Exercise, "_handed_out", lambda self, *args: None)
    monkeypatch.setattr(checker.Exercise, "_passed_again", lambda self, *args: None)
    outcomes = {
        m.description[7:40]: mutants.judge(m, chapter4.q1.solution_function()) for m in mutants.mutants(chapter4.q1)
    }
    assert outcomes["an answer kept by its arguments, "].outcome == mutants.SURVIVED
    assert outcomes["a memo by the arguments' identity"].outcome == mutants.SURVIVED
    assert "passed in the lists of" in outcomes["a memo by the arguments' identity"].detail
    monkeypatch.setattr(chapter1.q5, "fixed", chapter1.q5.fixed[:3])
    monkeypatch.setattr(chapter1.q5, "random_case", lambda rng: (rng.sample(FULL_PACK, rng.randrange(0, 7)),))
    cut = next(m for m in mutants.mutants(chapter1.q5) if "size cut" in m.description)
    assert mutants.judge(cut, chapter1.q5.solution_function()).outcome != mutants.CAUGHT


@pytest.mark.parametrize("key", ["4.5", "7.4"])
def test_a_bots_built_positions_alone_reach_every_branch_of_its_rule(key, tmp_path, monkeypatch):
    """Issue 40: the branch measure of the bots' exercises, with no deal played — the positions built to test the
    rule reach every branch of the engine's rule and of the model bot (a lead in Écarté too, which the deals never
    ask play_duty about: it was excused before)."""
    from cardlib.exercises import CATALOGUE, chapter4, chapter7

    monkeypatch.setattr(chapter4, "alkort_deals", lambda: iter(()))
    monkeypatch.setattr(chapter7, "ecarte_deals", lambda: iter(()))
    reach = mutants.branch_reach(CATALOGUE[key], tmp_path)
    assert reach.missing == [] and reach.branches >= 4, reach.line()
    assert all(mutants.SYMBOL in excuse for excuse in reach.excused), reach.excused  # (a trump written 'H')
    monkeypatch.setattr(chapter4, "RULE", None)
    monkeypatch.setattr(chapter7, "RULE", None)
    assert mutants.branch_reach(CATALOGUE[key], tmp_path).missing  # without them, and without deals: branches missed


def test_a_memo_that_leaves_an_argument_out_survives_a_check_without_its_look(monkeypatch):
    """The operator can fail: without the check's look at a case's lists passed again with one other argument
    changed, 5.4's memo that leaves the trump out is called correct (the same hand and trick never come twice
    under two trumps), and the tool's proof on the space tells it from the model."""
    from cardlib.exercises import checker

    memo = next(m for m in mutants.mutants(chapter5.q4) if m.description.endswith("(trump left out)"))
    assert mutants.judge(memo, chapter5.q4.solution_function()).outcome == mutants.CAUGHT
    monkeypatch.setattr(checker.Exercise, "_other_values", lambda self, *args: None)
    verdict = mutants.judge(memo, chapter5.q4.solution_function())
    assert verdict.outcome == mutants.SURVIVED, verdict.detail


def test_a_memo_keyed_on_the_lists_in_sorted_order_is_made_and_caught(monkeypatch):
    """The operator can fail: without the check's look at lists passed again in reverse order, 6.5's memo by the
    sorted lists is called correct, and the tool's proof (each input's lists reversed) tells it from the model."""
    from cardlib.exercises import checker

    memo = next(m for m in mutants.mutants(chapter6.q5) if m.description == f"shape: {mutants.ORDER_KEY}")
    assert mutants.judge(memo, chapter6.q5.solution_function()).outcome == mutants.CAUGHT
    monkeypatch.setattr(checker.Exercise, "_reordered", lambda self, *args: None)
    verdict = mutants.judge(memo, chapter6.q5.solution_function())
    assert verdict.outcome == mutants.SURVIVED and "reversed" in verdict.detail, verdict.detail
