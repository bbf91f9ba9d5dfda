"""Learner code that raises, loops forever or returns junk gets a friendly one-line message, never a traceback."""

from __future__ import annotations

import re
import threading

from cardlib.cards import hand, show
from cardlib.exercises import (
    CORRECT,
    NOT_ATTEMPTED,
    NOT_YET,
    chapter1,
    chapter3,
    chapter4,
    chapter6,
    chapter7,
    progress,
)
from cardlib.exercises.checker import call_safely, define, describe, stub_like

# A learner's own solution of 6.3, not the printed one (running that is marked in the progress: test_promises).
OWN_KING_OF_TRUMPS = 'def king_of_trumps(turned_up):\n    return Card("K", turned_up.suit)\n'


def learner(source: str, name: str, setup: str = "") -> object:
    return define(source, name, setup)


def test_an_exception_is_summarised_with_the_learners_line():
    fn = learner(
        """def trick_winner(cards, leader_has_won):
    best = 0
    for i in range(1, 5):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
""",
        "trick_winner",
        chapter3.SETUP,
    )
    result = chapter3.q3.check(fn)
    assert result.status == NOT_YET
    assert result.headline == (
        "Your code raised IndexError: list index out of range — at line 4: "
        "if strength(cards[i]) > strength(cards[best]):"
    )
    assert result.call == 'trick_winner(hand("7♣ K♦ 2♥ A♠"), True)'
    assert "Traceback" not in repr(result) and "Traceback" not in result._repr_html_()


def test_an_exception_inside_the_engine_points_at_the_learners_call():
    fn = learner(
        """def parse_card(text):
    from cardlib import card
    return card(text + "x")
""",
        "parse_card",
    )
    result = chapter1.q1.check(fn)
    assert result.status == NOT_YET
    assert result.headline.startswith("Your code raised ")
    assert ": 'K♦x' is not a card" in result.headline and "\n" not in result.headline
    assert result.headline.endswith('— raised in cardlib\'s card, called at line 3: return card(text + "x")')


def test_an_endless_loop_is_stopped(short_time_limit):
    fn = learner(
        """def ranked_winner(cards):
    i = 0
    while i < 4:
        pass
    return i
""",
        "ranked_winner",
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET
    assert result.headline.startswith("Stopped after 0.")
    assert result.headline.endswith(" s (the limit for one call is 0.3 s): is there an endless loop?")
    assert result.call == 'ranked_winner(hand("A♠ 9♦ K♦ 2♥"))'


def test_a_bare_except_cannot_swallow_the_stop(short_time_limit, within):
    fn = learner(
        """def ranked_winner(cards):
    while True:
        try:
            while True:
                pass
        except:
            pass
""",
        "ranked_winner",
    )
    assert within(10, lambda: chapter3.q1.check(fn)).headline.startswith("Stopped after")


def test_the_default_time_limits_are_three_seconds_a_call_and_ten_a_check():
    from cardlib.exercises import running

    assert (running.TIME_LIMIT, running.CHECK_BUDGET) == (3.0, 10.0)


def test_an_endless_loop_in_a_bot_is_stopped(short_time_limit):
    wrong = (  # the catalogue's mistake, its card otherwise legal (the built positions find its wrong card first)
        "from cardlib import ecarte\n\ndef ecarte_bot(cards, trick, trump):\n    i = 0\n"
        "    while trick and cards[i].suit != trick[0].suit:\n        i = (i + 1) % len(cards)\n"
        "    return ecarte.legal_plays(cards, trick, trump)[0]\n"
    )
    result = chapter7.q4.check(learner(wrong, "ecarte_bot", chapter7.SETUP))
    assert result.status == NOT_YET and result.headline.startswith("Stopped after")
    assert "(the limit for one call is 0.3 s)" in result.headline
    assert result.call.startswith('ecarte_bot(hand("') and result.expected.startswith("one of ")


def test_a_card_as_text_is_explained():
    fn = learner(
        """def parse_card(text):
    return text
""",
        "parse_card",
    )
    result = chapter1.q1.check(fn)
    assert result.status == NOT_YET
    assert result.headline.startswith("Wrong type of answer: expected a Card, got the string 'K♦'")
    assert result.expected == "K♦" and result.got == "'K♦'"


def test_an_index_out_of_range_is_explained():
    fn = learner(
        """def trick_winner(cards, leader_has_won):
    return 4
""",
        "trick_winner",
    )
    result = chapter3.q3.check(fn)
    assert result.headline == (
        "Wrong type of answer: expected an int index 0-3 (a position in the trick), "
        "got the int 4 — returned at line 2: return 4"
    )


def test_a_forgotten_return_is_explained():
    fn = learner(
        """def opening_run(trick_sides):
    run = len(trick_sides)
""",
        "opening_run",
    )
    result = chapter4.q2.check(fn)
    assert result.status == NOT_YET
    assert "got None (did you forget to `return` the answer?)" in result.headline


def test_a_bot_returning_text_is_explained():
    fn = learner(
        """def alkort_bot(cards, trick, has_won):
    return str(cards[-1])
""",
        "alkort_bot",
    )
    result = chapter4.q5.check(fn)
    assert result.status == NOT_YET and "expected a Card, got the string" in result.headline


def test_a_bot_that_raises_is_summarised():
    fn = learner(
        """def alkort_bot(cards, trick, has_won):
    return cards[len(trick) + 8]
""",
        "alkort_bot",
    )
    result = chapter4.q5.check(fn)
    assert result.status == NOT_YET
    assert "IndexError" in result.headline and "at line 2: return cards[len(trick) + 8]" in result.headline


def test_a_wrong_signature_is_explained():
    fn = learner(
        """def trick_winner(cards):
    return 0
""",
        "trick_winner",
    )
    result = chapter3.q3.check(fn)
    assert result.status == NOT_YET
    assert "cannot be called as trick_winner(cards, leader_has_won)" in result.headline


def test_passing_something_that_is_not_a_function():
    assert chapter3.q1.check(3).status == NOT_YET
    assert "without calling it" in chapter3.q1.check(3).headline
    assert chapter3.q1.check().status == NOT_ATTEMPTED


def test_stubs_are_not_attempted():
    for source in (
        'def f(x):\n    """Doc."""\n    ...\n',
        "def f(x):\n    pass\n",
        "def f(x):\n    raise NotImplementedError\n",
    ):
        assert (
            chapter3.q1.check(learner(source.replace("def f", "def ranked_winner"), "ranked_winner")).status
            == NOT_ATTEMPTED
        )
    assert stub_like(learner("def f(x):\n    return None\n", "f"))
    assert not stub_like(learner("def f(x):\n    return 0\n", "f"))


# ---------------------------------------------------------------------------
# A function that changes the lists it was given is told so plainly: its caller still needs them (issue 18).


def test_a_right_answer_that_empties_the_trick_it_was_given_is_not_yet():
    fn = learner(
        """def ranked_winner(cards):
    best = max(range(4), key=lambda i: (strength(cards[i]), -i))
    cards.clear()
    return best
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and result.cases == 1
    assert result.headline == "Your function emptied the cards it was given — the caller still needs it"
    assert result.got == result.expected  # the answer was right: only the change is wrong


def test_deleting_the_sevens_from_the_hand_it_was_given_is_not_yet():
    fn = learner(
        """def legal_leads(cards, has_won):
    if has_won or all(c.rank == "7" for c in cards):
        return cards
    for seven in [c for c in cards if c.rank == "7"]:
        cards.remove(seven)
    return cards
""",
        "legal_leads",
        chapter3.SETUP,
    )
    result = chapter3.q4.check(fn)
    assert result.status == NOT_YET
    given = re.match(r'legal_leads\(hand\("([^"]*)"\), False\)$', result.call)
    assert given, result.call
    sevens = [c for c in hand(given[1]) if c.rank == "7"]
    one_or_more = "it" if len(sevens) == 1 else "them"
    assert (
        result.headline == f"Your function took {show(sevens)} out of the cards it was given — the caller "
        f"still needs {one_or_more}"
    )


def test_popping_the_deck_empty_is_not_yet():
    fn = learner(
        """def deal(deck, dealer):
    hands = [[], [], [], []]
    for _round in range(3):
        for i in range(4):
            for _card in range(3):
                hands[(dealer + 1 + i) % 4].append(deck.pop(0))
    stock = []
    while deck:
        stock.append(deck.pop(0))
    return hands, stock
""",
        "deal",
        chapter4.SETUP,
    )
    result = chapter4.q1.check(fn)
    assert result.status == NOT_YET
    assert result.headline == "Your function emptied the deck it was given — the caller still needs it"
    assert result.advice.startswith("work on a copy (list(deck)")


def test_clearing_the_hand_and_popping_the_stock_is_not_yet():
    fn = learner(
        """def exchange(cards, discards, stock):
    kept = [c for c in cards if c not in discards]
    cards.clear()
    return kept + [stock.pop(0) for _ in discards], stock
""",
        "exchange",
        chapter6.SETUP,
    )
    result = chapter6.q5.check(fn)
    assert result.status == NOT_YET
    assert result.headline == "Your function emptied the cards it was given — the caller still needs it"
    popped = learner(
        """def exchange(cards, discards, stock):
    return [c for c in cards if c not in discards] + [stock.pop(0) for _ in discards], stock
""",
        "exchange",
        chapter6.SETUP,
    )
    result = chapter6.q5.check(popped)
    assert result.status == NOT_YET
    assert " out of the stock it was given — the caller still needs " in result.headline


def test_sorting_the_cards_in_place_is_named_and_a_copy_advised():
    fn = learner(
        """def legal_leads(cards, has_won):
    cards.sort()
    return [c for c in cards if has_won or c.rank != "7"] or list(cards)
""",
        "legal_leads",
        chapter3.SETUP,
    )
    result = chapter3.q4.check(fn)
    assert result.status == NOT_YET
    assert (
        result.headline == "Your function reordered the cards it was given (a sort in place?) — sort a copy "
        "instead: sorted(cards)"
    )


def test_printing_is_hidden_and_mentioned():
    fn = learner(
        """def card_name(c):
    print("thinking about", c)
    words = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
    suits = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
    return f"{words.get(c.rank, c.rank)} of {suits[c.suit]}"
""",
        "card_name",
    )
    result = chapter1.q4.check(fn)
    assert result.status == CORRECT and "output is hidden" in result.headline


def test_outside_the_main_thread_a_loop_is_still_stopped():
    """The deadline is kept by a trace function, which works in any thread (and in Pyodide, which has none)."""
    fn = learner("def f():\n    while True:\n        pass\n", "f")
    outcomes = []
    worker = threading.Thread(target=lambda: outcomes.append(call_safely(fn, (), limit=0.2)))
    worker.start()
    worker.join(5)
    assert not worker.is_alive() and outcomes and outcomes[0].stopped


def test_a_tracer_set_by_someone_else_survives_a_check():
    """A debugger's or coverage's trace function is put back after each call of the learner's code."""
    import sys

    calls = []

    def tracer(frame, event, arg):
        calls.append(event)

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        chapter3.q1.check(learner(chapter3.q1.solution_source, "ranked_winner", chapter3.SETUP))
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(previous)


def test_results_show_as_html_and_as_text():
    wrong = chapter3.q3.mistakes["a led seven always wins"]
    result = chapter3.q3.check(learner(wrong, "trick_winner", chapter3.SETUP))
    html, text = result._repr_html_(), repr(result)
    assert "data-status='not yet'" in html
    assert "trick_winner(hand(&quot;7♣ K♦ 2♥ A♠&quot;), False)" in html
    assert text.startswith("Exercise 3.3: who wins any trick: sevens and all — NOT YET")
    assert "right answer: 1" in text and "your answer:  0" in text and "why:" in text
    assert not result and bool(chapter3.q1.check(learner(chapter3.q1.solution_source, "ranked_winner", chapter3.SETUP)))


def test_hints_come_in_steps_and_the_solution_on_request():
    first, second = chapter3.q3.hint(), chapter3.q3.hint(2)
    assert first.body != second.body and "hint(2)" in first.title and "Hint 2 of 3" in repr(second)
    assert "There are 3 hints" in repr(chapter3.q3.hint(9))
    solution = chapter3.q3.solution()
    assert "def trick_winner(" in repr(solution) and "<pre" in solution._repr_html_()


def test_progress_lists_what_was_solved_in_this_session():
    chapter6.q3.check(learner(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    chapter6.q4.check(learner(chapter6.q4.mistakes["an Ace scores too"], "turn_up_points", chapter6.SETUP))
    report = progress(6)
    assert report.solved == 1 and len(report.rows) == len(chapter6.EXERCISES)
    assert ("6.3", "the King of trumps", CORRECT) in report.rows
    assert ("6.4", "a King turned up", NOT_YET) in report.rows
    assert repr(report).startswith("Solved 1 of 5 exercises in this session.")
    assert "cardlib-progress" in report._repr_html_()
    assert progress().rows == report.rows, "by default: the chapters with something checked"


def test_progress_before_any_check():
    from cardlib.exercises import chapter2

    assert progress().rows == [] and repr(progress()).startswith("Nothing checked yet")
    assert "Nothing checked yet" in progress()._repr_html_()
    assert progress(2).solved == 0 and len(progress(2).rows) == len(chapter2.EXERCISES)


def test_a_later_stub_does_not_erase_a_solved_exercise():
    chapter6.q3.check(learner(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    chapter6.q3.check(learner(chapter6.q3.starter, "king_of_trumps"))
    assert ("6.3", "the King of trumps", CORRECT) in progress(6).rows


def test_values_are_described_for_learners():
    from cardlib import card

    assert describe("K♦") == "the string 'K♦'" and describe(card("K♦")) == "the card K♦"
    assert describe(True) == "the bool True" and describe(3) == "the int 3"
    assert describe([1]) == "the list [1]"


def test_solved_exercises_are_remembered_in_the_progress_file(tmp_path, monkeypatch):
    import json

    from cardlib.exercises import checker

    path = tmp_path / "elsewhere" / "progress.json"
    monkeypatch.setenv("CARDLIB_PROGRESS", str(path))
    chapter6.q3.check(learner(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    chapter6.q4.check(learner(chapter6.q4.mistakes["an Ace scores too"], "turn_up_points", chapter6.SETUP))
    assert json.loads(path.read_text(encoding="utf-8")) == {"solved": ["6.3"]}
    monkeypatch.setattr(checker, "PROGRESS", {})  # a new session
    report = progress()
    assert ("6.3", "the King of trumps", "solved earlier") in report.rows
    assert ("6.4", "a King turned up", "not checked yet") in report.rows
    assert report.headline == "Solved 1 of 5 exercises: 0 in this session, 1 earlier."


def test_exercises_solved_before_they_moved_to_chapter_4_are_remembered_under_their_new_numbers(tmp_path, monkeypatch):
    import json

    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"solved": ["2.3", "2.4", "6.3"]}), encoding="utf-8")
    monkeypatch.setenv("CARDLIB_PROGRESS", str(path))
    rows = {key: standing for key, _, standing in progress(4).rows}
    assert rows["4.6"] == rows["4.7"] == "solved earlier"


def test_progress_can_be_kept_in_memory_only(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLIB_PROGRESS", "off")
    chapter6.q3.check(learner(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    assert progress().solved == 1 and not list(tmp_path.iterdir())


def test_an_unreadable_progress_file_is_ignored(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text("not json", encoding="utf-8")
    monkeypatch.setenv("CARDLIB_PROGRESS", str(path))
    assert progress().rows == []
    chapter6.q3.check(learner(OWN_KING_OF_TRUMPS, "king_of_trumps", chapter6.SETUP))
    assert "6.3" in path.read_text(encoding="utf-8")


def test_an_exception_in_a_helper_points_at_the_helpers_line():
    helper = learner(
        """def strongest(cards):
    return max(cards, key=strength) if cards else cards[0]
""",
        "strongest",
        chapter3.SETUP,
    )
    fn = learner(
        """def ranked_winner(cards):
    return cards.index(strongest([c for c in cards if c.rank == "5"]))
""",
        "ranked_winner",
    )
    fn.__globals__["strongest"] = helper
    result = chapter3.q1.check(fn)
    assert result.headline == (
        "Your code raised IndexError: list index out of range — "
        "at line 2 of strongest: return max(cards, key=strength) if cards else cards[0]"
    )


def test_a_bot_that_takes_its_card_out_of_the_hand_it_was_given_is_not_yet():
    fn = learner(
        """def alkort_bot(cards, trick, has_won):
    choice = next((c for c in cards if trick or has_won or c.rank != "7"), cards[0])
    cards.remove(choice)
    return choice
""",
        "alkort_bot",
        chapter4.SETUP,
    )
    result = chapter4.q5.check(fn)
    assert result.status == NOT_YET
    assert (
        result.headline == f"Your function took {result.got} out of the cards it was given — the caller still needs it"
    )
    assert result.advice == "choose the card and return it: the engine takes it from the hand"


# ---------------------------------------------------------------------------
# "Endless loop?" only when the code goes round without changing anything; slow work is told it is slow (issue 18).


def test_a_slow_solution_is_told_it_is_slow_with_the_size_it_was_given_and_the_time_it_took(short_time_limit):
    fn = learner(
        """def ranked_winner(cards):
    best, tries = 0, 0
    for tries in range(10 ** 9):  # far more tries than four cards need
        best = max(range(len(cards)), key=lambda i: (strength(cards[i]), -i))
    return best
""",
        "ranked_winner",
        chapter3.SETUP,
    )
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and result.call == 'ranked_winner(hand("A♠ 9♦ K♦ 2♥"))'
    took = re.fullmatch(
        r"Your function is slow: it took (\d\.\d) s on the case below \(4 cards in cards\) and was "
        r"still working when stopped \(the limit for one call is 0\.3 s\)",
        result.headline,
    )
    assert took and float(took[1]) >= 0.3, result.headline
    assert "endless loop" not in repr(result) and "while" not in result.advice
    assert result.advice.startswith("make each call quicker")


def test_a_loop_that_goes_round_through_the_same_states_is_an_endless_loop(short_time_limit):
    fn = learner(
        """def rubbish_winner(cards):
    i = 0
    while cards[i].rank != "2":
        i = (i + 1) % 4
    return i
""",
        "rubbish_winner",
        chapter3.SETUP,
    )
    result = chapter3.q2.check(fn)
    assert result.status == NOT_YET and result.headline.endswith("is there an endless loop?")
    assert result.advice == "look for a `while` loop whose condition never becomes false"


def test_the_watch_tells_a_loop_from_work_in_progress():
    still = call_safely(learner("def f():\n    while True:\n        pass\n", "f"), (), limit=0.1)
    assert still.stopped and still.looping and "endless loop" in still.stop_message()
    counting = call_safely(learner("def f():\n    n = 0\n    while n >= 0:\n        n += 1\n", "f"), (), limit=0.1)
    assert counting.stopped and not counting.looping
    # How long it took depends on the machine's load: only its form is checked.
    assert re.match(r"your function is slow: it took \d+\.\d s ", counting.stop_message("on a hand of 9 cards"))
    assert " s on a hand of 9 cards and was still working when stopped" in counting.stop_message("on a hand of 9 cards")


def test_text_that_differs_only_in_unicode_form_is_accepted():
    decomposed = chapter4.q3.solution_source.replace('"múk"', '"mu\\u0301k"')
    assert decomposed != chapter4.q3.solution_source and "\u0301" in learner(decomposed, "score_deal")([0] * 5)[2]
    assert chapter4.q3.check(learner(decomposed, "score_deal", chapter4.SETUP)).status == CORRECT
    result = chapter4.q3.check(
        learner(decomposed.replace('"mu\\u0301k"', '"mu\\u0301ck"'), "score_deal", chapter4.SETUP)
    )
    assert result.status == NOT_YET and "múck" in result.got  # a real difference is still one


def test_a_bad_card_in_the_parsing_exercise_is_named_without_giving_the_answer_away():
    fn = learner(
        """def parse_card(text):
    return Card(text[:-1], text[-1])
""",
        "parse_card",
        chapter1.SETUP,
    )
    result = chapter1.q1.check(fn)
    assert result.status == NOT_YET and result.call == "parse_card('KD')"
    assert result.headline == (
        "Your code raised CardError: Card('K', 'D') is not a card: 'D' is not a suit (suits "
        "are ♠ ♥ ♦ ♣) — raised in cardlib's Card, called at line 2: return Card(text[:-1], "
        "text[-1])"
    )
    assert "♦" not in result.headline.replace("♠ ♥ ♦ ♣", "") and "card(" not in result.headline
    lower = learner(
        """def parse_card(text):
    return Card(text[:-1], {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(text[-1], text[-1]))
""",
        "parse_card",
        chapter1.SETUP,
    )
    result = chapter1.q1.check(lower)
    assert "'h' is not a suit (suits are ♠ ♥ ♦ ♣)" in result.headline and "written" not in result.headline
    elsewhere = learner(
        """def alkort_pack():
    return [Card(rank, "h") for rank in ("A", "2")]
""",
        "alkort_pack",
        chapter1.SETUP,
    )
    assert "'h' is written '♥'" in chapter1.q2.check(elsewhere).headline  # elsewhere the advice helps


def test_a_function_run_before_the_set_up_cell_is_told_to_run_the_set_up_cell_first():
    fn = learner(
        """def ranked_winner(cards):
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i]) > strength(cards[best]):
            best = i
    return best
""",
        "ranked_winner",
    )  # defined in a kernel where the set-up cell has not run: strength is not imported
    result = chapter3.q1.check(fn)
    assert result.status == NOT_YET and "Traceback" not in repr(result)
    assert result.headline == (
        "Your code raised NameError: name 'strength' is not defined — at line 4: if "
        "strength(cards[i]) > strength(cards[best]): — strength comes from the set-up cell at "
        "the top of the notebook: run the set-up cell first, then your function's cell, then "
        "this check"
    )
    own = learner("def ranked_winner(cards):\n    return my_strength(cards)\n", "ranked_winner")
    assert "set-up cell" not in chapter3.q1.check(own).headline  # a name of the learner's own: no such advice
