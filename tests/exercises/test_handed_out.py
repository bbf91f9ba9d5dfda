"""Issue 40, point 1: an answer handed out once, an input changed and passed again, any container looked at alike.

A function is used as a program uses it: the caller owns what it is given back and may change it (``del p[:9]``),
and a caller may change its own list and pass it again. Every program below was called correct before; the right
ones beside them (a memo by value that hands out copies, a table built once and copied) stay correct.
"""

from __future__ import annotations

import pytest

from cardlib.exercises import CORRECT, NOT_YET, chapter1, chapter3, chapter4, chapter5, chapter6, chapter8
from cardlib.exercises.checker import Exercise, define

PACK = '[Card(rank, suit) for suit in SUITS for rank in RANKS if rank not in ("5", "10")]'
LEADS = """
def own_leads(cards, has_won):
    if has_won:
        return list(cards)
    return [c for c in cards if c.rank != "7"] or list(cards)
"""

WRONG: dict[str, tuple[Exercise, str]] = {
    "the table returned itself on the first call, copies after": (
        chapter1.q2,
        f"""_PACK = []

def alkort_pack():
    if not _PACK:
        _PACK.extend({PACK})
        return _PACK
    return list(_PACK)
""",
    ),
    "a list subclass kept and returned on every call": (
        chapter1.q2,
        f"""class Pack(list):
    pass

_PACK = Pack()

def alkort_pack():
    if not _PACK:
        _PACK.extend({PACK})
    return _PACK
""",
    ),
    "a class attribute: the table itself the first time": (
        chapter1.q2,
        f"""class _Table:
    pack = None

def alkort_pack():
    if _Table.pack is None:
        _Table.pack = {PACK}
        return _Table.pack
    return list(_Table.pack)
""",
    ),
    "functools.cache on a helper that returns a list subclass": (
        chapter1.q2,
        f"""import functools

class Pack(list):
    pass

@functools.cache
def _built():
    return Pack({PACK})

def alkort_pack():
    return _built()
""",
    ),
    "a memo by the list's identity (kept alive), an answer of the old contents": (
        chapter3.q4,
        LEADS
        + """
_MEMO = {}

def legal_leads(cards, has_won):
    seen = _MEMO.get((id(cards), has_won))
    if seen is not None and seen[0] is cards:
        return list(seen[1])
    answer = own_leads(cards, has_won)
    _MEMO[id(cards), has_won] = (cards, answer)
    return list(answer)
""",
    ),
    "a default argument memo by identity, in a closure's helper": (
        chapter4.q7,
        """from cardlib.alkort import strength

def make():
    memo = {}
    def best_card(cards, _keep=[]):
        if id(cards) in memo:
            return memo[id(cards)]
        _keep.append(cards)
        best = max(cards, key=strength)
        memo[id(cards)] = best if strength(best) > 0 else None
        return memo[id(cards)]
    return best_card

best_card = make()
""",
    ),
    "a memo by value that keeps the caller's list itself as the answer": (
        chapter3.q4,
        """_MEMO = {}

def legal_leads(cards, has_won):
    key = (tuple(cards), has_won)
    if key not in _MEMO:
        not_sevens = [c for c in cards if c.rank != "7"]
        _MEMO[key] = cards if has_won or not not_sevens else not_sevens
    return list(_MEMO[key])
""",
    ),
    "the deal's hands handed out on the first call, copies after": (
        chapter4.q1,
        """_FIRST = {}

def deal(deck, dealer):
    hands = [[], [], [], []]
    for r in range(3):
        for i in range(4):
            hands[(dealer + 1 + i) % 4] += deck[12 * r + 3 * i: 12 * r + 3 * i + 3]
    key = (tuple(deck), dealer)
    if key not in _FIRST:
        _FIRST[key] = (hands, deck[36:])
        return _FIRST[key]
    kept = _FIRST[key]
    return [list(h) for h in kept[0]], list(kept[1])
""",
    ),
    "a memo in a function attribute, the kept list returned": (
        chapter3.q4,
        """def legal_leads(cards, has_won):
    if not hasattr(legal_leads, "memo"):
        legal_leads.memo = {}
    key = (tuple(cards), has_won)
    if key not in legal_leads.memo:
        legal_leads.memo[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
    return legal_leads.memo[key]
""",
    ),
    "a memo in a default dict argument, the kept list returned": (
        chapter3.q4,
        """def legal_leads(cards, has_won, _memo={}):
    key = (tuple(cards), has_won)
    if key not in _memo:
        _memo[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
    return _memo[key]
""",
    ),
    "lru_cache on a helper by the hand's tuple, returning its list": (
        chapter3.q4,
        """import functools

@functools.lru_cache(maxsize=2)
def _leads(cards, has_won):
    return [c for c in cards if has_won or c.rank != "7"] or list(cards)

def legal_leads(cards, has_won):
    return _leads(tuple(cards), has_won)
""",
    ),
    "a closure cell holding the last answer, returned again when equal": (
        chapter3.q4,
        """def make():
    last = None
    def legal_leads(cards, has_won):
        nonlocal last
        answer = [c for c in cards if has_won or c.rank != "7"] or list(cards)
        if last is not None and last == answer:
            return last
        last = answer
        return answer
    return legal_leads

legal_leads = make()
""",
    ),
    "a class attribute's dict as a memo": (
        chapter3.q4,
        """class Memo:
    seen = {}

def legal_leads(cards, has_won):
    key = (tuple(cards), has_won)
    if key not in Memo.seen:
        Memo.seen[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
    return Memo.seen[key]
""",
    ),
    "a dict subclass whose __missing__ builds and keeps the answer": (
        chapter3.q4,
        """class Leads(dict):
    def __missing__(self, key):
        cards, has_won = key
        self[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
        return self[key]

_LEADS = Leads()

def legal_leads(cards, has_won):
    return _LEADS[tuple(cards), has_won]
""",
    ),
    "a memo by the list's identity, not kept alive (a new list may get a freed one's id)": (
        chapter3.q4,
        """_MEMO = {}

def legal_leads(cards, has_won):
    key = (id(cards), has_won)
    if key not in _MEMO:
        _MEMO[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
    return list(_MEMO[key])
""",
    ),
    "the deal memoised by value, the same tuple of lists returned": (
        chapter4.q1,
        """_DEALT = {}

def deal(deck, dealer):
    key = (tuple(deck), dealer)
    if key not in _DEALT:
        hands = [[], [], [], []]
        for r in range(3):
            for i in range(4):
                hands[(dealer + 1 + i) % 4] += deck[12 * r + 3 * i: 12 * r + 3 * i + 3]
        _DEALT[key] = (hands, deck[36:])
    return _DEALT[key]
""",
    ),
}

RIGHT: dict[str, tuple[Exercise, str]] = {
    "a table built once, a copy handed out every time": (
        chapter1.q2,
        f"""_PACK = []

def alkort_pack():
    if not _PACK:
        _PACK.extend({PACK})
    return list(_PACK)
""",
    ),
    "a memo by value that hands out copies": (
        chapter3.q4,
        LEADS
        + """
_MEMO = {}

def legal_leads(cards, has_won):
    key = (tuple(cards), has_won)
    if key not in _MEMO:
        _MEMO[key] = own_leads(cards, has_won)
    return list(_MEMO[key])
""",
    ),
    "a memo in a default dict argument that hands out copies": (
        chapter3.q4,
        """def legal_leads(cards, has_won, _memo={}):
    key = (tuple(cards), has_won)
    if key not in _memo:
        _memo[key] = [c for c in cards if has_won or c.rank != "7"] or list(cards)
    return list(_memo[key])
""",
    ),
    "lru_cache on a helper that returns a tuple": (
        chapter3.q4,
        """import functools

@functools.lru_cache(maxsize=None)
def _leads(cards, has_won):
    return tuple([c for c in cards if has_won or c.rank != "7"] or cards)

def legal_leads(cards, has_won):
    return _leads(tuple(cards), has_won)
""",
    ),
    "a list subclass, new on every call": (
        chapter1.q2,
        f"""class Pack(list):
    pass

def alkort_pack():
    return Pack({PACK})
""",
    ),
}


@pytest.mark.parametrize("kind", WRONG)
def test_an_answer_kept_between_calls_in_any_form_is_not_yet(kind: str):
    ex, source = WRONG[kind]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET, f"{kind}: {result!r}"
    assert "Traceback" not in repr(result) and result.advice, repr(result)


@pytest.mark.parametrize("kind", RIGHT)
def test_a_right_function_that_keeps_a_table_or_a_memo_by_value_is_correct(kind: str):
    ex, source = RIGHT[kind]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == CORRECT, f"{kind}: {result!r}"


def test_the_table_handed_out_on_the_first_call_is_told_plainly():
    ex, source = WRONG["the table returned itself on the first call, copies after"]
    result = ex.check(define(source, ex.name, ex.setup))
    assert "first call" in result.headline and "the caller" in result.headline, result.headline
    assert "alkort_pack()" in result.call


def test_an_answer_from_a_list_changed_and_passed_again_is_told_plainly():
    ex, source = WRONG["a memo by the list's identity (kept alive), an answer of the old contents"]
    result = ex.check(define(source, ex.name, ex.setup))
    assert "a list it had been given before" in result.headline and "changed since" in result.headline
    assert result.call.startswith("legal_leads(") and result.expected and result.got


def test_a_wrong_answer_kept_from_earlier_calls_is_said_so_not_as_a_slip_in_the_rule():
    """The pasted call would answer right: the answer came from a memo that kept the caller's list, which the caller
    changed after the call."""
    ex, source = WRONG["a memo by value that keeps the caller's list itself as the answer"]
    result = ex.check(define(source, ex.name, ex.setup))
    assert "answered wrongly, and right on case" in result.headline, repr(result)
    assert "keeps something from earlier calls" in result.headline
    assert "keep nothing from one call to the next" in result.advice


LAZY = {
    "a generator over the hand": (
        chapter3.q4,
        'def legal_leads(cards, has_won):\n    return (c for c in cards if has_won or c.rank != "7")\n',
        "got the generator",
    ),
    "an iterator over a module-level pack": (
        chapter1.q2,
        f"_PACK = {PACK}\n\ndef alkort_pack():\n    return iter(_PACK)\n",
        "got the list_iterator",
    ),
    "a dict's keys view": (
        chapter1.q2,
        f"_PACK = dict.fromkeys({PACK})\n\ndef alkort_pack():\n    return _PACK.keys()\n",
        "got the dict_keys",
    ),
}


@pytest.mark.parametrize("kind", LAZY)
def test_a_view_or_an_iterator_that_later_changes_is_not_a_list(kind: str):
    """A generator, an iterator or a dict's view follows what it reads after it was returned: not yet, as the
    wrong kind of answer, whatever it would hold."""
    ex, source, said = LAZY[kind]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET and "expected a list of Cards" in result.headline and said in result.headline


LIARS = {
    "an int whose __eq__ says yes to anything": (
        chapter3.q1,
        "class Index(int):\n    def __eq__(self, other):\n        return True\n\n    __hash__ = int.__hash__\n\n"
        "def ranked_winner(cards):\n    return Index(0)\n",
    ),
    "a list whose __eq__ says yes to anything": (
        chapter3.q4,
        "class Leads(list):\n    def __eq__(self, other):\n        return True\n\n"
        "def legal_leads(cards, has_won):\n    return Leads()\n",
    ),
    "a string whose __eq__ says yes to anything": (
        chapter1.q5,
        "class Text(str):\n    def __eq__(self, other):\n        return True\n\n    __hash__ = str.__hash__\n\n"
        "def show_cards(cards):\n    return Text('')\n",
    ),
}


@pytest.mark.parametrize("kind", LIARS)
def test_an_answer_whose_eq_lies_is_judged_by_its_value(kind: str):
    """Python asks a subclass's __eq__ first (``0 == Index(0)`` calls Index.__eq__): the answer is read as the plain
    int, list or str it is made from."""
    ex, source = LIARS[kind]
    result = ex.check(define(source, ex.name, ex.setup))
    assert result.status == NOT_YET and "differs from the engine's" in result.headline, repr(result)


PART_KEY = """_MEMO = {{}}

{model}

def {name}({params}):
    key = repr([{key}])
    if key not in _MEMO:
        _MEMO[key] = _model({params})
    return copy.deepcopy(_MEMO[key])
"""
LEFT_OUT = [(chapter5.q4, "trump"), (chapter8.q4, "trump"), (chapter6.q1, "packets"), (chapter6.q1, "dealer")]


def memo_leaving_out(ex: Exercise, left_out: str) -> str:
    """The model solution behind a memo by value whose key leaves one argument out (copies handed out)."""
    return "import copy\n" + PART_KEY.format(
        model=ex.solution_source.replace(f"def {ex.name}(", "def _model("),
        name=ex.name,
        params=", ".join(ex.params),
        key=", ".join(p for p in ex.params if p != left_out),
    )


@pytest.mark.parametrize("ex, left_out", LEFT_OUT, ids=[f"{ex.key} {p}" for ex, p in LEFT_OUT])
def test_a_memo_whose_key_leaves_an_argument_out_is_not_yet(ex: Exercise, left_out: str, monkeypatch):
    """The same hand and trick under another trump, the same deck for another dealer: the memo answers as for the
    first. The check passes a case's lists again with one other argument changed (the others as a case has them);
    without that look these memos were called correct."""
    fn = define(memo_leaving_out(ex, left_out), ex.name, ex.setup)
    result = ex.check(fn)
    assert result.status == NOT_YET and f"with {left_out} changed" in result.headline, repr(result)
    assert "remembers its answers by part of them" in result.headline and result.call.startswith(ex.name)
    monkeypatch.setattr(Exercise, "_other_values", lambda self, *args: None)
    assert ex.check(define(memo_leaving_out(ex, left_out), ex.name, ex.setup)).status == CORRECT


def test_a_memo_of_the_exchange_that_leaves_the_discards_out_is_not_yet():
    """One hand and one stock with other discards are among 6.5's cases: the discards must count."""
    fn = define(memo_leaving_out(chapter6.q5, "discards"), "exchange", chapter6.q5.setup)
    assert chapter6.q5.check(fn).status == NOT_YET


SET_KEY = """import copy

_SERVED = {}

def exchange(cards, discards, stock):
    key = (frozenset(cards), frozenset(discards), frozenset(stock))
    if key not in _SERVED:
        kept = [c for c in cards if c not in discards]
        _SERVED[key] = (kept + stock[: len(discards)], stock[len(discards):])
    return copy.deepcopy(_SERVED[key])
"""


def test_a_memo_keyed_on_the_lists_as_sets_is_not_yet(monkeypatch):
    """The stock keeps its order: a memo by the stock's set serves the cards of the stock as it first came. The check
    passes a case's lists again in reverse order where that changes the answer; without that look it was correct."""
    result = chapter6.q5.check(define(SET_KEY, "exchange", chapter6.q5.setup))
    assert result.status == NOT_YET and "in reverse order" in result.headline, repr(result)
    assert "remembers its answers by what the lists hold, in any order" in result.headline
    monkeypatch.setattr(Exercise, "_reordered", lambda self, *args: None)
    assert chapter6.q5.check(define(SET_KEY, "exchange", chapter6.q5.setup)).status == CORRECT
