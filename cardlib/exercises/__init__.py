"""Exercises that check themselves: the checker and the catalogue, one module per chapter.

In a notebook::

    from cardlib.exercises import chapter3 as ex
    from cardlib.exercises import progress
    ex.q1.check(ranked_winner)     # correct / not yet (with a counterexample) / not attempted
    ex.q1.hint()                   # hint 1; ex.q1.hint(2) gives more away
    ex.q1.solution()               # only when asked
    progress(3)                    # chapter 3: what you have solved, in this session or an earlier one
    progress()                     # every chapter you have worked on

Every check runs your function and the engine's own (``cardlib.alkort``,
``cardlib.ecarte``) on fixed and random cases: the engine, as shipped, is the
oracle (``shipped``). Your code runs with a time limit and never shows a
traceback (``running``).
"""

from . import cell_errors
from .checker import CATALOGUE, CORRECT, NOT_ATTEMPTED, NOT_YET, CheckResult, Exercise, progress

cell_errors.install()  # in a notebook, a name not defined yet is said in one line: which cell to run first

__all__ = ["CORRECT", "NOT_YET", "NOT_ATTEMPTED", "CATALOGUE", "CheckResult", "Exercise", "progress"]
