"""The chapters' decision questions (cardlib.widgets.puzzles): one sure answer, found by the engine, or refused."""

from __future__ import annotations

from typing import Any

import pytest
from widget_helpers import text

from cardlib import alkort, ecarte, games
from cardlib.alkort import AlkortOptions
from cardlib.bots import make_bot
from cardlib.cards import Card
from cardlib.players import next_move
from cardlib.tricks import Discard, action_text, parse_action
from cardlib.widgets import principles, puzzles


def test_a_cashed_seven_is_the_sure_lead_and_an_illegal_one_is_no_choice() -> None:
    after_a_win = puzzles.alkort_sure_lead("2♥ 7♣ A♠ 4♦", has_won=True)
    assert after_a_win.answer == "7♣" and after_a_win.check("2♥")[0] is False
    before = puzzles.alkort_sure_lead("K♦ 7♣ A♠ 4♦")
    assert before.answer == "K♦" and "7♣" not in before.choices  # a Seven may not be led before a win


def test_the_partners_shown_card_makes_a_lead_sure_for_the_side() -> None:
    assert puzzles.alkort_sure_lead("2♥ A♠ 3♦ 7♣", partner_shows="K♦").answer == "2♥"
    with pytest.raises(ValueError, match="0 cards"):  # without the partner's K♦, K♦ may be an opponent's
        puzzles.alkort_sure_lead("2♥ A♠ 3♦ 7♣")


def test_the_sure_lead_follows_the_options() -> None:
    exempt = AlkortOptions(seven_lead="forehand_exempt")
    assert puzzles.alkort_sure_lead("7♣ 2♥ A♠", first_trick=True, options=exempt).answer == "7♣"
    with pytest.raises(ValueError, match="not a fair question"):
        puzzles.alkort_sure_lead("7♣ 2♥ A♠", first_trick=True)


def test_the_sure_lead_asks_the_trick_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    never_the_lead = lambda trick, *args, **kwargs: len(trick) - 1  # noqa: E731  # an engine where the last card wins
    monkeypatch.setattr(alkort, "trick_winner", never_the_lead)
    with pytest.raises(ValueError, match="0 cards"):
        puzzles.alkort_sure_lead("K♦ A♠ 3♣ 9♥")


def test_the_cheapest_winner_keeps_the_best_card() -> None:
    question = puzzles.alkort_cheapest_win("A♠ J♣ 4♣", "K♦ 2♥ 9♥ 3♠")
    assert question.answer == "2♥" and "K♦ would take it too" in question.why
    with pytest.raises(ValueError, match="opponent's card winning"):  # 4♣, the partner's card, is winning
        puzzles.alkort_cheapest_win("A♠ 4♣ J♥", "K♦ 2♥ 9♥ 3♠")


def test_ecarte_decisions() -> None:
    head = puzzles.ecarte_cheapest_head("K♠ J♠ 8♠ 7♥", "9♠", "♥")
    assert head.answer == "J♠" and head.choices == ("K♠", "J♠")
    assert puzzles.ecarte_sure_lead("Q♥ A♠ 8♦ 10♣ 9♠", "♥", "K♥").answer == "Q♥"  # the King is turned up
    with pytest.raises(ValueError, match="not a fair question"):
        puzzles.ecarte_sure_lead("Q♥ A♠ 8♦ 10♣ 9♠", "♥", "7♥")


def test_the_winning_move_is_the_announced_king() -> None:
    deal = next(
        d
        for d in (ecarte.new_deal(seed=s, dealer=0, scores_before=[0, 4]) for s in range(100))
        if d.king_of_trumps in d.hands[d.non_dealer]
    )
    question = puzzles.winning_move(deal, "What do you do?")
    assert question.answer == f"announce {deal.king_of_trumps}" and "won the game at once" in question.why
    assert deal.game_winner is None  # the engine tried each move on a copy


class LearnersCard(tuple):  # a learner's own card type: (rank, suit) that prints as 'K♦'
    def __str__(self) -> str:
        return self[0] + self[1]


def test_cards_the_learner_made_are_read() -> None:
    held = [LearnersCard(("K", "♦")), Card("A", "♠"), LearnersCard(("3", "♣"))]
    assert puzzles.alkort_sure_lead(held).answer == "K♦"
    with pytest.raises(ValueError, match="not a card"):
        puzzles.alkort_sure_lead("K♦ 11♠")


# -- the puzzle board: positions from real deals, with the coach's numbers --------------------------------------


def a_puzzle(level: int, moves: int = 4, seed: int = 3) -> dict[str, Any]:
    """A puzzle in the data's shape at a real position of a rule-bot deal (its numbers made up for the test)."""
    state = games.get("alkort").new_deal(None, 4, dealer=3, seed=seed)
    bots = [make_bot("rules", "alkort", seed=s) for s in range(4)]
    played = []
    for _ in range(moves):
        _seat, decision = next_move(state, bots)
        played.append(action_text(decision.action))
        state.apply(decision.action)
    seat = state.current_player
    legal = [action_text(a) for a in state.legal_actions(seat)][:3]
    options = [{"option": text, "points": 1.0 - i, "margin": 0.1} for i, text in enumerate(legal)]
    head = {"game": "alkort", "players": 4, "seed": seed, "dealer": 3, "moves": played, "seat": seat}
    numbers = {"options": options, "answer": legal[0], "lead": 1.0, "lead_margin": 0.12, "samples": 400}
    lesson = {"principle": "take_the_trick", "line": f"In 9 of 60 imagined deals (a line of move {moves})."}
    return {**head, **numbers, "theme": principles.TAKE_OR_KEEP, **lesson, "level": level}


def puzzle_set() -> list[dict[str, Any]]:
    """Three puzzles, one a level, at different moves of the deal."""
    return [a_puzzle(level, moves=3 + level) for level in (3, 1, 2)]


def test_the_board_asks_the_easiest_first_and_shows_the_seats_position(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    assert board.current["level"] == 1 and "level 1" in text(board.question)
    assert f"You are player {board.current['seat']}" in text(board.question) and "Your hand" in text(board.question)
    named = [puzzles.option_words(o["option"]) for o in board.current["options"]]
    assert [b.description for b in board.choices.children] == named and named[0] == named[0].capitalize()
    assert all(b.tooltip == f"Choose: {b.description}" for b in board.choices.children)


def test_right_answers_climb_a_level_and_are_remembered(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    assert board.answer(board.current["answer"]) and "✔ Right." in text(board.feedback)
    assert "1.00 ± 0.12 points a deal more than the next best" in text(board.feedback)
    board.next_puzzle()
    board.choices.children[0].click()  # the first button is the coach's answer in these puzzles
    assert (
        board.level == 2
        and board.right == 2
        and "2 puzzles right at the first try in all your sessions" in text(board.progress)
    )
    assert (tmp_path / "cardlib-puzzles.json").exists()
    board.next_puzzle()
    assert board.current["level"] == 3 and len(board.seen) == 3  # the one not yet asked


def test_a_wrong_answer_says_the_coachs_choice_and_steps_down(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CARDLIB_PROGRESS", "off")
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    board.level = 2
    wrong = board.current["options"][1]["option"]
    named = puzzles.option_words(wrong)
    assert not board.answer(wrong) and f"Not {named}: the coach's choice is " in text(board.feedback)
    assert board.level == 1
    assert "Right 0 of 1" in text(board.progress)


def test_the_principle_and_the_line_are_shown_after_the_answer_and_not_before(monkeypatch) -> None:
    monkeypatch.setenv("CARDLIB_PROGRESS", "off")
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    principle, line = principles.ALKORT["take_the_trick"], board.current["line"]
    shown = text(board.question) + text(board.feedback) + text(board.progress)
    assert principle.words not in shown and principle.name not in shown and line not in shown  # no leak
    board.answer(board.current["options"][1]["option"])  # a wrong answer is taught the lesson too
    said = text(board.feedback)
    assert f"The principle ({principle.name}): {principle.words}" in said and f"The line: {line}" in said
    board.next_puzzle()
    assert board.current["line"] not in text(board.feedback) + text(board.question)


def test_a_puzzle_without_a_principle_of_its_games_list_is_refused() -> None:
    with pytest.raises(ValueError, match="names no principle of its game's list: 'lead_trumps'"):
        puzzles.lesson_html({**a_puzzle(1), "principle": "lead_trumps"})  # an Écarté principle, not Alkort's


def test_a_board_without_puzzles_says_how_to_make_them() -> None:
    with pytest.raises(ValueError, match="make puzzles"):
        puzzles.PuzzleBoard("alkort", themes=["no such theme"], puzzles=puzzle_set())


def test_every_precomputed_puzzle_is_a_real_position_with_a_clear_answer() -> None:
    for puzzle in puzzles.puzzles_of():  # none until make puzzles has run on the coach's fair worlds (issue 28)
        state = puzzles.position(puzzle)
        assert state.current_player is not None and not state.is_over
        assert puzzle["lead"] > 3 * puzzle["lead_margin"] and puzzle["answer"] == puzzle["options"][0]["option"]


def test_a_puzzle_makes_a_quick_question_with_the_coachs_numbers() -> None:
    puzzle = a_puzzle(1)
    question = puzzles.coach_question(puzzle)
    assert question.answer == puzzle["answer"] and question.choices == tuple(o["option"] for o in puzzle["options"])
    assert question.prompt.startswith(f"You are player {puzzle['seat']}") and ", holding " in question.prompt
    assert "Tricks so far, in order: " in question.prompt or "No trick has been won yet." in question.prompt
    assert "1.00 ± 0.12 points a deal more than the next best" in question.why
    assert question.why.startswith(principles.ALKORT["take_the_trick"].words) and puzzle["line"] in question.why


def test_only_the_first_answer_to_a_puzzle_is_counted(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    wrong = board.current["options"][1]["option"]
    assert not board.answer(wrong)
    assert board.answer(board.current["answer"])  # right, and told so with the numbers, but not counted
    assert f"Your first answer, {puzzles.option_words(wrong)}, is the one counted" in text(board.feedback)
    assert (board.right, board.tried, board.level) == (0, 1, 1) and puzzles.solved_puzzles() == set()


def test_the_progress_report_counts_first_try_successes_by_game_and_principle(monkeypatch, tmp_path) -> None:
    from cardlib.exercises import checker

    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
    assert checker.progress().puzzles_line == ""  # nothing solved: the report is as it was
    sevens = [p for p in puzzles.puzzles_of("alkort") if p["principle"] == "lead_seven"]
    trumps = [p for p in puzzles.puzzles_of("ecarte") if p["principle"] == "lead_trumps"]
    for puzzle in [*trumps[:2], sevens[0]]:
        puzzles.remember_puzzle(puzzles.puzzle_id(puzzle))
    puzzles.remember_puzzle(puzzles.puzzle_id(sevens[1]), right=False)
    puzzles.remember_puzzle(puzzles.puzzle_id(sevens[1]))  # right at the second try: not counted
    report = checker.progress()
    seven, trump = principles.ALKORT["lead_seven"].name, principles.ECARTE["lead_trumps"].name
    assert ("Alkort", seven, 1, len(sevens)) in report.puzzles and ("Écarté", trump, 2, len(trumps)) in report.puzzles
    line = f"Puzzles right at the first try: 3 of {len(puzzles.puzzles_of())} (Alkort, {seven}: 1 of {len(sevens)}; "
    assert report.puzzles_line.startswith(line) and f"Écarté, {trump}: 2 of {len(trumps)})." in report.puzzles_line
    assert report.puzzles_line in repr(report) and "Puzzles right at the first try: 3" in report._repr_html_()


def test_options_are_named_as_the_coachs_panel_names_them() -> None:
    assert (
        puzzles.option_words("exchange 7♥") == "Exchange, keeping 7♥" and puzzles.option_words("play 9♦") == "Play 9♦"
    )
    assert puzzles.option_words("wait").startswith("No thanks") and puzzles.option_words("discard") == (
        "Keep every card (discard none)"
    )


def the_other_players_discards(puzzle: dict[str, Any]) -> list[list[Card]]:
    """Each discard the other player made before an Écarté puzzle's decision, replayed move by move."""
    deal, theirs = puzzles.position({**puzzle, "moves": []}), []
    for move in puzzle["moves"]:
        action = parse_action(move)
        if isinstance(action, Discard) and deal.current_player != puzzle["seat"]:
            theirs.append(list(action.cards))
        deal.apply(action)
    return theirs


def test_a_position_tells_the_moves_as_the_seat_saw_them() -> None:
    dealers = [p for p in puzzles.puzzles_of("ecarte", "the discard") if p["seat"] == p["dealer"]]
    puzzle = min(dealers, key=lambda p: len(p["moves"]))  # the dealer discards after the non-dealer, unseen by him
    theirs = the_other_players_discards(puzzle)
    told = text(puzzles.PuzzleBoard("ecarte", puzzles=[puzzle]).question) + puzzles.position_words(puzzle)
    assert theirs and all(f"discard {len(cards)} unseen" in told for cards in theirs)
    assert not any(str(c) in told for cards in theirs for c in cards), told


def test_the_coachs_answer_is_folded_under_the_board_for_a_page_without_python() -> None:
    board = puzzles.PuzzleBoard("alkort", puzzles=puzzle_set())
    record = board.record.value
    assert record.startswith("<details") and "<summary>The coach's answer, its principle and numbers" in record
    assert f"The coach's choice: {puzzles.option_words(board.current['answer'])}." in record
    assert puzzles.numbers_html(board.current) in record
    board.next_puzzle()
    assert f"The coach's choice: {puzzles.option_words(board.current['answer'])}." in board.record.value


def test_no_puzzle_prints_a_margin_of_nothing() -> None:
    """Issue 41: '± 0.00' was printed after chapter 9 teaches that no ± is 0; a margin that rounds to nothing is
    printed as the bound it is."""
    found = [puzzles.numbers_html(p) + puzzles.coach_question(p).why for p in puzzles.puzzles_of()]
    assert found and not [words for words in found if "± 0.00" in words]
    assert any("± <0.01" in words for words in found)  # the puzzles whose options scored alike in every world


def test_a_position_names_the_seats_team_and_the_tricks_by_side() -> None:
    """Issue 41: the board listed the tricks' winners by seat number; a learner reads them by side."""
    puzzle = next(p for p in puzzles.puzzles_of("alkort") if p["players"] == 4 and puzzles.position(p).trick_winners)
    state, seat = puzzles.position(puzzle), puzzle["seat"]
    sides = ["your side" if state.side_of(w) == state.side_of(seat) else "the other side" for w in state.trick_winners]
    for words in (puzzles.position_words(puzzle), puzzles.position_html(puzzle)):
        assert f"(team {'AB'[state.side_of(seat)]}, partner of player {state.partner(seat)})" in words
        assert f"Tricks so far, in order: {', '.join(sides)}." in words and "by who won them" not in words


def test_a_position_says_who_played_the_cards_on_the_table() -> None:
    """Issue 41 (audit): the board showed the trick's cards but not whose they were, and whether the partner is
    winning decides the partnership puzzles."""
    puzzle = next(p for p in puzzles.puzzles_of("alkort") if p["principle"] == "overtake_safely")
    state, seat = puzzles.position(puzzle), puzzle["seat"]
    seats = [(state.leader + i) % 4 for i in range(len(state.trick))]
    assert state.partner(seat) in seats
    said = ", then ".join(f"your partner, player {s}" if s == state.partner(seat) else f"player {s}" for s in seats)
    for words in (puzzles.position_words(puzzle), puzzles.position_html(puzzle)):
        assert f"(played by {said})" in words
