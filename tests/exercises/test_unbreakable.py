"""A library no learner can break by accident (issue 18): the engine's tables refuse every change in one line
that says how to make a copy, and after a learner's attempts, every check and every explanation is still right.

Chapter 0 promises that nothing a learner types can break the library: these tests keep that promise.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardlib import alkort, cards, ecarte, tricks
from cardlib.cards import Table, card, hand
from cardlib.exercises import CORRECT
from cardlib.exercises.notebooks import CHAPTERS, chapter_module

ENGINE = [cards, tricks, alkort, ecarte]
ALL = [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]


def words_of(options: type[tricks.RuleOptions], name: str) -> Any:
    """An option's words, as the dataclass keeps them (not the copy value_words gives)."""
    return next(f for f in dataclasses.fields(options) if f.name == name).metadata["words"]


# What a learner might type to change the library in place, by accident or to try an idea: each must fail.
IN_PLACE_EDITS: dict[str, Callable[[], object]] = {
    'TAKERS["K"] = ("2", "3")': lambda: alkort.TAKERS.__setitem__("K", ("2", "3")),
    'TAKERS.update(K=("3",))': lambda: alkort.TAKERS.update(K=("3",)),
    'del TAKERS["Q"]': lambda: alkort.TAKERS.__delitem__("Q"),
    "TAKERS.clear()": lambda: alkort.TAKERS.clear(),
    'TAKERS |= {"J": ("2",)}': lambda: alkort.TAKERS.__ior__({"J": ("2",)}),
    'TAKEN.pop("Q")': lambda: alkort.TAKEN.pop("Q"),
    'RANK_ORDER["A"] = 99': lambda: ecarte.RANK_ORDER.__setitem__("A", 99),
    "RANK_ORDER.popitem()": lambda: ecarte.RANK_ORDER.popitem(),
    'ORDER.append("A")': lambda: ecarte.ORDER.append("A"),  # type: ignore[attr-defined]
    'LED_SUIT_ORDER["7"] = 99': lambda: alkort.LED_SUIT_ORDER.__setitem__("7", 99),
    'STRENGTH["sources"][True][K♠] = 11': lambda: alkort.STRENGTH["sources"][True].__setitem__(card("K♠"), 11),
    'STRENGTH["short"] = STRENGTH["sources"]': lambda: alkort.STRENGTH.__setitem__("short", alkort.STRENGTH["sources"]),
    "strength_table()[A♠] = 0": lambda: alkort.strength_table().__setitem__(card("A♠"), 0),
    'TIERS.setdefault("mine", ())': lambda: alkort.TIERS.setdefault("mine", ()),
    "RANKED_TIERS[0].append(K♠)": lambda: alkort.RANKED_TIERS[0].append(card("K♠")),  # type: ignore[attr-defined]
    "RANKED_TIERS.append((K♠,))": lambda: alkort.RANKED_TIERS.append((card("K♠"),)),  # type: ignore[attr-defined]
    "LOW_EIGHTS.remove(8♥)": lambda: alkort.LOW_EIGHTS.remove(card("8♥")),  # type: ignore[attr-defined]
    "low_eight_beaters().add(K♠)": lambda: alkort.low_eight_beaters().add(card("K♠")),  # type: ignore[attr-defined]
    'LOW_EIGHT_BEATERS["sources"][True]["equal"] = frozenset()': lambda: alkort.LOW_EIGHT_BEATERS["sources"][
        True
    ].__setitem__("equal", frozenset()),
    "PACK_ORDER[A♠] = 51": lambda: cards.PACK_ORDER.__setitem__(card("A♠"), 51),
    'ALL_CARDS["K", "♦"] = K♠': lambda: cards.ALL_CARDS.__setitem__(("K", "♦"), card("K♠")),
    'SUIT_NAMES["♠"] = "swords"': lambda: cards.SUIT_NAMES.__setitem__("♠", "swords"),
    'RANK_NAMES.pop("K")': lambda: cards.RANK_NAMES.pop("K"),
    'ICELANDIC_NAMES[A♠] = IcelandicName("ásinn", "the Ace")': lambda: alkort.ICELANDIC_NAMES.__setitem__(
        card("A♠"), alkort.IcelandicName("ásinn", "the Ace")
    ),
    'SUIT_LETTERS["X"] = "♠"': lambda: cards.SUIT_LETTERS.__setitem__("X", "♠"),
    "ALKORT_PACK.append(5♠)": lambda: cards.ALKORT_PACK.append(card("5♠")),  # type: ignore[attr-defined]
    "FULL_PACK.sort()": lambda: cards.FULL_PACK.sort(),  # type: ignore[attr-defined]
    'K♦.rank = "Q"': lambda: setattr(card("K♦"), "rank", "Q"),
    'alkort.DEFAULT_OPTIONS.ranking = "short"': lambda: setattr(alkort.DEFAULT_OPTIONS, "ranking", "short"),
    "ecarte.DEFAULT_OPTIONS.must_trump = False": lambda: setattr(ecarte.DEFAULT_OPTIONS, "must_trump", False),
    'the words of lead_rule["winner"] = "x"': lambda: words_of(alkort.AlkortOptions, "lead_rule").__setitem__(
        "winner", "the loser"
    ),
    "alkort.SHORT.low_eights_ranked = True": lambda: setattr(alkort.SHORT, "low_eights_ranked", True),
}

# Names a learner may rebind in the engine: they work for the learner's own code, never for the checker's.
REBINDS: dict[tuple[Any, str], Any] = {
    (alkort, "TAKERS"): {"Q": ("2", "3"), "K": ("2", "3")},
    (ecarte, "RANK_ORDER"): {rank: position for position, rank in enumerate("7 8 9 10 J Q K A".split())},
    (alkort, "trick_winner"): lambda *args, **kwargs: 0,
    (alkort, "DEFAULT_OPTIONS"): alkort.SHORT,
    (alkort.AlkortOptions, "game"): "Whist",
    # Still mutable, but put back for every check: a function's defaults and code.
    (alkort.judge_trick, "__defaults__"): (True, True, alkort.SHORT),
    (alkort.rubbish_winner, "__defaults__"): (alkort.AlkortOptions(rubbish_order="led_suit"),),
    (ecarte.beats_in_suit, "__code__"): (lambda a, b: a.rank > b.rank).__code__,
}


def test_every_in_place_edit_is_refused():
    for code, edit in IN_PLACE_EDITS.items():
        try:
            edit()
        except (TypeError, AttributeError):
            continue
        pytest.fail(f"{code} changed the library")
    assert alkort.TAKERS == {"Q": ("2", "3"), "K": ("2",)} and ecarte.RANK_ORDER["A"] == 4


def test_a_change_to_a_table_is_answered_in_one_line_that_says_how_to_copy_it():
    with pytest.raises(TypeError) as raised:
        alkort.TAKERS["K"] = ("2", "3")
    assert str(raised.value) == (
        "TAKERS is the library's own table and cannot be changed: make your own copy with dict(alkort.TAKERS)"
    )
    with pytest.raises(TypeError, match=r"make your own copy with dict\(alkort.STRENGTH\['sources'\]\[True\]\)"):
        alkort.strength_table()[card("A♠")] = 0
    with pytest.raises(TypeError, match=r"^RANK_ORDER is the library's own table .* dict\(ecarte.RANK_ORDER\)$"):
        ecarte.RANK_ORDER.update(A=99)


def test_the_copy_it_advises_is_the_learners_own_to_change():
    mine = dict(alkort.TAKERS)
    mine["K"] = ("2", "3")
    for other in (alkort.TAKERS.copy(), copy.copy(alkort.TAKERS), copy.deepcopy(alkort.TAKERS), alkort.TAKERS | {}):
        assert type(other) is dict
        other["K"] = ("3",)
    assert alkort.TAKERS["K"] == ("2",)
    again = pickle.loads(pickle.dumps(alkort.STRENGTH))
    assert again == alkort.STRENGTH and type(again) is Table and type(again["short"][False]) is Table


def mutable_tables(module: types.ModuleType) -> list[str]:
    """The names of a module's public values that a learner could change in place (dicts, lists and sets), or that
    refuse a change without saying how to copy them (a MappingProxyType: a Table says it)."""
    found = []
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, (types.ModuleType, type)) or callable(value):
            continue
        if isinstance(value, (list, set, bytearray, types.MappingProxyType)) or (
            isinstance(value, dict) and not isinstance(value, Table)
        ):
            found.append(f"{module.__name__}.{name}")
        if isinstance(value, Table):
            found += [
                f"{module.__name__}.{name}[{key!r}]"
                for key, inner in value.items()
                if isinstance(inner, (list, set, dict)) and not isinstance(inner, Table)
            ]
    return found


def test_every_public_table_of_the_engine_is_read_only():
    assert [name for module in ENGINE for name in mutable_tables(module)] == []


def test_every_option_word_table_is_read_only():
    for options in (alkort.AlkortOptions, ecarte.EcarteOptions):
        for f in dataclasses.fields(options):
            assert isinstance(f.metadata["words"], Table), f.name
            assert isinstance(f.metadata, types.MappingProxyType) and type(f.metadata["choices"]) in (tuple, type(None))


# ---------------------------------------------------------------------------
# After the attempts: every check and every explanation is as right as before.


def explanations() -> list[str]:
    """The engine's explanations a chapter shows, and each exercise's reason for its first cases."""
    said = [
        alkort.explain_trick(hand(trick))
        for trick in ("K♠ 3♣ 2♦ Q♥", "Q♣ 3♠ 2♦ 4♥", "A♠ 9♦ K♦ 2♥", "J♣ J♥ 6♠ 8♦", "7♣ K♦ 2♥ A♠")
    ]
    said += [
        alkort.explain_trick(hand("7♣ 3♦ Q♥ 4♠"), leader_has_won=True),
        alkort.explain_exchange(hand("K♠ Q♥ 6♦ 2♦")),
        alkort.explain_exchange(hand("K♠ Q♥ Q♣ 3♦ 8♣")),
    ]
    said += [ecarte.explain_trick(hand(trick), "♥") for trick in ("A♠ J♠", "K♠ 7♥", "10♦ A♦", "9♣ K♠")]
    for ex in ALL:
        if ex.explain is not None:
            said += [ex.explain(*case) for case in ex.cases()[:12]]
    return said


@pytest.fixture
def learners_attempts() -> Iterator[None]:
    """A kernel where the learner tried every in-place edit, and rebound some names; the names are put back after."""
    for edit in IN_PLACE_EDITS.values():
        try:
            edit()
        except (TypeError, AttributeError):
            pass
    shipped = {(owner, name): getattr(owner, name) for owner, name in REBINDS}
    for (owner, name), value in REBINDS.items():
        setattr(owner, name, value)
    try:
        yield
    finally:
        for (owner, name), value in shipped.items():
            setattr(owner, name, value)


def test_explanations_are_unchanged_by_in_place_edits():
    before = explanations()
    for edit in IN_PLACE_EDITS.values():
        try:
            edit()
        except (TypeError, AttributeError):
            pass
    assert explanations() == before


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.key)
def test_every_model_solution_is_still_correct_after_the_learners_attempts(ex, learners_attempts):
    result = ex.check(ex.solution_function())
    assert result.status == CORRECT, repr(result)


def test_a_check_after_the_attempts_explains_a_mistake_with_the_shipped_rule(learners_attempts):
    chapter3 = importlib.import_module("cardlib.exercises.chapter3")
    from cardlib.exercises.checker import define

    wrong = define(
        '''def rubbish_winner(cards: list[Card]) -> int:
    """The leader wins a trick of rubbish, always."""
    return 0
''',
        "rubbish_winner",
        chapter3.SETUP,
    )
    result = chapter3.q2.check(wrong)
    assert result.status == "not yet"
    assert "a led King" in result.why or "a led Queen" in result.why, result.why
    assert "taken by the first 2 played" in result.why or "taken by the first 2 or 3 played" in result.why


def test_a_table_changed_round_its_guard_is_put_right_before_a_check():
    dict.__setitem__(alkort.TAKERS, "K", ("2", "3"))  # no accident: dict's own method, past the Table's refusal
    dict.__setitem__(ecarte.RANK_ORDER, "A", 99)
    dict.__setitem__(alkort.STRENGTH["sources"][True], card("K♠"), 11)
    try:
        for key in ("3.1", "3.2", "5.2", "5.3"):
            ex = next(ex for ex in ALL if ex.key == key)
            assert ex.check(ex.solution_function()).status == CORRECT, key
        assert alkort.TAKERS["K"] == ("2",) and ecarte.RANK_ORDER["A"] == 4
        assert alkort.strength(card("K♠")) == 0
    finally:
        dict.__setitem__(alkort.TAKERS, "K", ("2",))
        dict.__setitem__(ecarte.RANK_ORDER, "A", 4)
        dict.__setitem__(alkort.STRENGTH["sources"][True], card("K♠"), 0)
