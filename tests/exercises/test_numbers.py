"""Numbers: an answer equal to the right one is accepted, or explained in one true sentence.

numpy's numbers (``numpy.int64(2)`` from ``np.argmax``, ``np.True_``, an array) are read as Python's own;
a float where an int is asked is named for what it is. numpy is a test dependency (the course itself does
not need it); the stand-in below tests the same path with an object that only looks like numpy's.
"""

from __future__ import annotations

import pytest

from cardlib.exercises import CORRECT, NOT_YET, chapter2, chapter3, chapter6, checker
from cardlib.exercises.checker import define


class FakeNumpyInt:
    """Something shaped like a numpy scalar: it lives in a module called numpy and turns into an int."""

    __module__ = "numpy"

    def __init__(self, value: int) -> None:
        self.value = value

    def tolist(self) -> int:
        return self.value


def test_a_numpy_like_number_is_read_as_pythons_own():
    assert checker.plain(FakeNumpyInt(2)) == 2 and type(checker.plain(FakeNumpyInt(2))) is int
    assert checker.plain([FakeNumpyInt(1), (FakeNumpyInt(0),)]) == [1, (0,)]
    fn = define("def ranked_winner(cards):\n    return wrapped(cards)\n", "ranked_winner")
    solution = define(chapter3.q1.solution_source, "ranked_winner", chapter3.SETUP)
    fn.__globals__["wrapped"] = lambda cards: FakeNumpyInt(solution(cards))
    assert chapter3.q1.check(fn).status == CORRECT


def test_a_float_equal_to_the_index_is_explained_in_one_true_sentence():
    fn = define(
        """def ranked_winner(cards):
    best = max(range(len(cards)), key=lambda i: (strength(cards[i]), -i))
    return best / 1
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and "\n" not in result.headline
    assert result.headline == (
        "Wrong type of answer: expected an int index 0-3 (a position in the trick), got the "
        "float 2.0: it equals 2, but only an int will do (// or int()) — returned at line 3: "
        "return best / 1"
    )


def test_a_float_that_is_not_whole_is_just_named():
    fn = define("def opening_run(trick_sides):\n    return len(trick_sides) / 2\n", "opening_run")
    from cardlib.exercises import chapter4

    result = chapter4.q2.check(fn)
    assert result.status == NOT_YET and "got the float 2.5 —" in result.headline and "equals" not in result.headline


# ---------------------------------------------------------------------------
# With numpy itself (a test dependency: the course does not need it, but learners use it).


@pytest.fixture
def np():
    import numpy

    return numpy


def test_numpys_numbers_and_arrays_are_read_as_pythons_own(np):
    assert checker.plain(np.int64(2)) == 2 and type(checker.plain(np.int64(2))) is int
    assert checker.plain(np.True_) is True and checker.plain([np.float64(2.5)]) == [2.5]
    assert checker.plain(np.array([1, 2])) == [1, 2]


def test_numpy_ints_bools_and_arrays_equal_to_the_right_answer_are_accepted(np):
    ranked = define(
        """import numpy as np
def ranked_winner(cards):
    return np.argmax([strength(c) for c in cards])
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    assert chapter3.q1.check(ranked).status == CORRECT
    is_ranked = define(
        """import numpy as np
RANKED = set(hand("K♦ 2♥ 4♣ 8♠ 9♥ 9♦ 8♥ 8♦ 8♣"))
def is_ranked(c):
    return np.bool_(c in RANKED or c.rank in ("A", "J", "6"))
""",
        "is_ranked",
        chapter2.SETUP,
    )
    result = chapter2.q1.check(is_ranked)
    assert result.status == CORRECT and "np.True_" not in repr(result)
    sizes = define(
        chapter6.q2.solution_source.replace("    return ", "    return np.array(", 1).rstrip() + ")\n",
        "discard_sizes",
        "import numpy as np",
    )
    assert chapter6.q2.check(sizes).status == CORRECT


def test_a_wrong_numpy_answer_is_shown_as_a_plain_number(np):
    fn = define(
        """import numpy as np
def ranked_winner(cards):
    return np.int64(3)
""",
        "ranked_winner",
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and result.got == "3" and "int64" not in repr(result)
