"""Decisions to make: the quick questions' exact ones, and puzzles from real deals backed by the coach's numbers.

Each constructor builds a ``quiz.Question`` whose right answer is not a matter of judgement: the engine
tries every card the other players could hold and finds the one choice that is sure (a lead nobody can beat,
the cheapest card that still takes the trick, the move that wins the game at once). When a position has no
single such answer the constructor refuses it with a ValueError, so a chapter cannot ask an unfair question.

    >>> question = alkort_sure_lead("7♣ 2♥ A♠ 4♦", has_won=True)
    >>> question.answer
    '7♣'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import alkort, coach, ecarte, games
from ..cards import ALKORT_PACK, ECARTE_PACK, Card, hand, show
from ..exercises.progress_place import PUZZLE_COUNTS, progress_file
from ..margins import plus_minus, signed
from ..tricks import Action, DealState, action_text, clockwise, parse_action
from . import data
from .coach import option_name
from .faces import card_html, escape
from .parts import html_view, with_stylesheet
from .principles import PRINCIPLES, principle_of
from .quiz import Question

Cards = str | Sequence[Any]  # cards as typed ('K♦ 2♥'), or Card-like values a learner made (printed as 'K♦')


def only_one(sure: Sequence[Card], what: str) -> Card:
    """The one card that answers a decision; a clear ValueError when there are none or several."""
    if len(sure) != 1:
        raise ValueError(f"not a fair question: {len(sure)} cards ({show(sure) or 'none'}) {what}")
    return sure[0]


def cards_of(cards: Cards) -> list[Card]:
    """Cards as typed ('K♦ 2♥') or as a sequence of the learner's own Card-like values."""
    return hand(cards) if isinstance(cards, str) else hand(" ".join(map(str, cards)))


def alkort_lead_is_sure(
    lead: Card, outside: Sequence[Card], has_won: bool, first_trick: bool, options: alkort.AlkortOptions
) -> bool:
    """Whether no card an opponent may hold takes a trick that this card leads (the trick rule, card by card)."""
    return all(alkort.trick_winner([lead, other], has_won, first_trick, options) == 0 for other in outside)


def alkort_sure_lead(
    cards: Cards,
    *,
    has_won: bool = False,
    first_trick: bool = False,
    partner_shows: str = "",
    options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS,
) -> Question:
    """You are on lead at Alkort: which card is sure to take the trick for your side, whatever the others hold?"""
    held, shown = cards_of(cards), cards_of(partner_shows)
    outside = [c for c in ALKORT_PACK if c not in held and c not in shown]
    legal = alkort.legal_plays(held, [], has_won, first_trick, options)
    sure = [c for c in legal if alkort_lead_is_sure(c, outside, has_won, first_trick, options)]
    answer = only_one(sure, "are sure to take the trick")
    won = "You have already won a trick" if has_won else "You have not won a trick yet"
    partner = f" Your partner has shown you {show(shown)}." if shown else ""
    strongest = max(outside, key=lambda c: alkort.strength(c, options))
    why = alkort.explain_trick([answer, strongest], has_won, first_trick, options)
    return Question(
        f"{won}, and you lead with {show(held)}.{partner} Which lead is sure to take the trick for your side?",
        tuple(map(str, legal)),
        str(answer),
        f"No card an opponent can hold beats {answer}; every other lead can be beaten by a card still out. "
        f"Against the best of them: {why}",
    )


def alkort_cheapest_win(trick: Cards, cards: Cards, options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> Question:
    """You play last to an Alkort trick the opponents are winning: which card takes it and keeps your best?"""
    played, held = cards_of(trick), cards_of(cards)
    if len(played) != 3 or alkort.trick_winner(played, options=options) == 1:
        raise ValueError("not a fair question: give the three cards before yours, with an opponent's card winning")
    winners = [c for c in held if alkort.trick_winner([*played, c], options=options) == len(played)]
    weakest = min((alkort.strength(c, options) for c in winners), default=None)
    answer = only_one([c for c in winners if alkort.strength(c, options) == weakest], "are the cheapest winner")
    higher = [c for c in winners if c != answer]
    kept = f"; {show(higher)} would take it too, and stay in your hand for later" if higher else ""
    return Question(
        f"You play last to the trick {show(played)}, which the other side is winning, and you hold {show(held)}. "
        "Which card takes the trick and keeps your best cards?",
        tuple(map(str, held)),
        str(answer),
        f"{answer} is the lowest card that takes the trick{kept}.",
    )


def ecarte_cheapest_head(cards: Cards, led: str, trump: str) -> Question:
    """You reply to an Écarté lead: which of your legal cards wins the trick and keeps your best?"""
    held, trick = cards_of(cards), hand(led)
    legal = ecarte.legal_plays(held, trick, trump)
    winners = [c for c in legal if ecarte.trick_winner([*trick, c], trump) == 1]
    low = min((ecarte.RANK_ORDER[c.rank] for c in winners), default=None)
    answer = only_one([c for c in winners if ecarte.RANK_ORDER[c.rank] == low], "are the cheapest winner")
    higher = [c for c in winners if c != answer]
    kept = f" {show(higher)} would win too, and stays in your hand." if higher else ""
    return Question(
        f"Trumps are {trump}; {show(trick)} is led to you and you hold {show(held)}. Which card do you play?",
        tuple(map(str, legal)),
        str(answer),
        f"You may play {show(legal)}; {answer} is the lowest card that wins the trick.{kept}",
    )


def ecarte_sure_lead(cards: Cards, trump: str, turned_up: str) -> Question:
    """You lead at Écarté: which card is sure to take the trick, whatever the other player holds?"""
    held, turned = cards_of(cards), hand(turned_up)
    outside = [c for c in ECARTE_PACK if c not in held and c not in turned]
    sure = [c for c in held if all(ecarte.trick_winner([c, other], trump) == 0 for other in outside)]
    answer = only_one(sure, "are sure to take the trick")
    return Question(
        f"Trumps are {trump} ({show(turned)} turned up) and you lead with {show(held)}. "
        "Which lead is sure to take the trick?",
        tuple(map(str, held)),
        str(answer),
        f"{answer}: no card the other player can hold beats it; each other lead can be beaten by a higher card "
        "of its suit or by a trump.",
    )


def winning_move(state: ecarte.EcarteState, prompt: str) -> Question:
    """Which legal move wins the Écarté game at once? The engine plays each on a copy of the deal."""
    seat = state.current_player
    if seat is None:
        raise ValueError("not a fair question: nobody is to move in this deal")
    legal = state.legal_actions(seat)
    wins = [a for a in legal if game_won_by(state, a, seat)]
    if len(wins) != 1:
        raise ValueError(f"not a fair question: {len(wins)} moves win the game at once")
    return Question(
        prompt,
        tuple(map(action_text, legal)),
        action_text(wins[0]),
        f"{action_text(wins[0])} ends the game at once: {after(state, wins[0]).explain_score()}",
    )


def after(state: ecarte.EcarteState, action: Action) -> ecarte.EcarteState:
    """A copy of the deal with one move made."""
    copy = state.clone()
    copy.apply(action)
    return copy


def game_won_by(state: ecarte.EcarteState, action: Action, seat: int) -> bool:
    """Whether this move makes ``seat`` the game's winner before anything else is played."""
    return after(state, action).game_winner == seat


# ---------------------------------------------------------------------------
# Puzzles from real deals, backed by the coach's numbers (tools/puzzles.py, make puzzles): a board that asks them,
# theme by theme, harder as the learner succeeds, and counts them in the learner's progress.

LEVELS = (1, 2, 3)  # 1: the best option leads by a point a deal or more; 3: by less than half a point
PUZZLES_FILE = "cardlib-puzzles.json"
PUZZLE_CSS = """<style>
.cardlib-puzzle-choices { flex-wrap: wrap; }
.cardlib-puzzle-feedback table { border-collapse: collapse; font-size: 14px; margin: 4px 0; }
.cardlib-puzzle-feedback caption { text-align: left; font-weight: bold; padding: 2px 0; caption-side: top; }
.cardlib-puzzle-feedback td, .cardlib-puzzle-feedback th { padding: 2px 10px; border-bottom: 1px solid #ddd;
  text-align: left; }
</style>"""  # the options wrap on a narrow screen (Écarté's discard has up to 32); the shared layout stays as it is


def puzzles_of(game: str | None = None, theme: str | None = None) -> list[dict[str, Any]]:
    """The precomputed puzzles, of one game (key or name) and one theme (the lesson's, or the situation the search
    named: 'leading a Seven'), or all."""
    key = None if game is None else games.get(game).key
    return [
        p
        for p in data.items("puzzles")
        if (key is None or p["game"] == key) and (theme is None or theme in (p["theme"], p.get("situation")))
    ]


def puzzle_id(puzzle: Mapping[str, Any]) -> str:
    """A puzzle's name in the progress file: game, deal, move."""
    return f"{puzzle['game']}-{puzzle['seed']}-{len(puzzle['moves'])}"


def position(puzzle: Mapping[str, Any]) -> DealState:
    """The deal at the puzzle's decision, made again by the engine from its seed and moves."""
    from .model_deal import replay

    moves = [{"move": move} for move in puzzle["moves"]]
    deal = {**puzzle, "options": {}, "moves": moves, "title": puzzle_id(puzzle)}  # its "options" are the coach's
    return replay(deal, len(moves))


def position_html(puzzle: Mapping[str, Any]) -> str:
    """What the puzzle's seat knows: its hand, the trick on the table, what its partner showed, the tricks so far."""
    state, seat = position(puzzle), puzzle["seat"]
    game = games.get(puzzle["game"]).name
    hand_cards = "".join(card_html(c, size="small", game=game) for c in state.hands[seat])
    trick = "".join(card_html(c, size="small", game=game) for c in getattr(state, "trick", [])) or "nothing yet"
    lines = [
        f"You are {seat_words(state, seat)}. Your hand: {hand_cards}",
        f"On the table: {trick}{played_by(state, seat)}",
    ]
    shown: dict[int, list[Card]] = getattr(state, "shown_to", lambda _seat: {})(seat)
    lines += [f"{shower(state, seat, who)} showed you {show(cards)}." for who, cards in shown.items() if cards]
    trump = getattr(state, "trump", None)
    if trump:
        role = "dealer" if seat == state.dealer else "non-dealer"
        moves = ", ".join(moves_seen(state, seat)) or "none"
        lines.append(f"Trumps are {trump}; you are the {role}. The moves so far: {moves}.")
    lines.append(tricks_words(state, seat))
    lines.append(escape(whose_move(state, seat)))
    return "<ul>" + "".join(f"<li>{line}</li>" for line in lines) + "</ul>"


def moves_seen(state: DealState, seat: int) -> list[str]:
    """The moves so far as the seat saw them (the other player's discard only as how many cards: 'discard 4
    unseen'), from its view; the deal's own log for a game whose view keeps none."""
    log = getattr(games.observe(state, seat), "log", None)
    return [action_text(move) for move in (state.log if log is None else log)]


def whose_move(state: DealState, seat: int) -> str:
    """The seat's decision in the engine's words: the rule for the player to move, or a move offered out of turn."""
    if seat == state.current_player:
        return state.explain_choices()
    return f"Player {state.current_player} is to play; you may move now, out of turn, or let the chance pass."


def parsed_option(option: str) -> coach.Option:
    """An option of the data ('play K♦', 'exchange 7♥', 'wait') as the coach's option."""
    return coach.WAIT if option == str(coach.WAIT) else parse_action(option)


def option_words(option: str) -> str:
    """An option of the data ('exchange 7♥', 'wait') as the coach's panel names it ('Exchange, keeping 7♥')."""
    return option_name(parsed_option(option))


def numbers_html(puzzle: Mapping[str, Any]) -> str:
    """The coach's numbers for every option of a puzzle, and the lead of the best with its paired ±."""
    rows = "".join(
        f"<tr><td>{escape(option_words(o['option']))}</td><td>{signed(o['points'], o['margin'])}</td></tr>"
        for o in puzzle["options"]
    )
    return (
        f"<p>Over {puzzle['samples']} imagined deals, {escape(option_words(puzzle['answer']))} scores "
        f"{puzzle['lead']:.2f} {plus_minus(puzzle['lead_margin'])} points a deal more than the next best, in the same "
        "deals.</p>"
        "<table><caption>Each option, as the coach measured it</caption>"
        f"<tr><th scope='col'>option</th><th scope='col'>points a deal</th></tr>{rows}</table>"
        f"{rejudged_html(puzzle)}"
    )


BOTS_PLAYING_ON = {"mc": "the Monte Carlo bot", "strong": "the strong bot"}  # a re-judging's players, in words


def rejudged_html(puzzle: Mapping[str, Any]) -> str:
    """How the answer did when the puzzle was judged again with stronger players than the book playing on (a bot at
    every seat: tools/rejudge.py), or nothing for a puzzle not judged so."""
    record = next((r for r in data.items("rejudged") if r["puzzle"] == puzzle_id(puzzle)), None)
    if record is None or record["answer"] != puzzle["answer"]:
        return ""
    worlds, players = len(record["gains"]), BOTS_PLAYING_ON[record["continuation"]]
    return (
        f"<p>Judged again with stronger players than the book playing on ({players} at every seat, each "
        f"deciding from what it sees), {escape(option_words(record['answer']))} still scores "
        f"{signed(record['gain'], record['margin'], samples=worlds, unit='deals')} points a deal more than "
        f"{escape(option_words(record['runner_up']))}, over {worlds} imagined deals.</p>"
    )


def lesson_html(puzzle: Mapping[str, Any]) -> str:
    """What a puzzle teaches, for after the answer: its principle in words, and the line that shows it."""
    principle = principle_of(puzzle)
    return (
        f"<p class='cardlib-puzzle-principle'><strong>The principle</strong> ({escape(principle.name)}): "
        f"{escape(principle.words)}</p>"
        f"<p class='cardlib-puzzle-line'><strong>The line</strong>: {escape(puzzle['line'])}</p>"
    )


def answer_html(puzzle: Mapping[str, Any]) -> str:
    """The coach's answer with its principle, its line and its numbers, folded away (a details element: Enter opens
    it): what a page without Python, as in the book, can show of a puzzle, to open after choosing."""
    best = escape(option_words(puzzle["answer"]))
    return (
        "<details class='cardlib-puzzle-record'><summary>The coach's answer, its principle and numbers (open them "
        f"after choosing)</summary><p>The coach's choice: {best}.</p>{lesson_html(puzzle)}{numbers_html(puzzle)}"
        "</details>"
    )


def progress_path() -> Path | None:
    """Where solved puzzles are remembered: beside the exercises' progress file (None: this session only)."""
    exercises = progress_file()
    return None if exercises is None else exercises.with_name(PUZZLES_FILE)


def remembered() -> dict[str, set[str]]:
    """The puzzles answered in any session: 'tried' (a first answer given) and 'solved' (that first answer right);
    nothing if the file cannot be read (a file of before the first tries counts its solved ones as tried)."""
    path = progress_path()
    try:
        found = json.loads(path.read_text(encoding="utf-8")) if path else {}
        solved = set(found.get("solved", []))
        return {"solved": solved, "tried": set(found.get("tried", [])) | solved}
    except (OSError, ValueError, TypeError, AttributeError):
        return {"solved": set(), "tried": set()}


def solved_puzzles() -> set[str]:
    """The puzzles answered right at the first try, in any session."""
    return remembered()["solved"]


def solved_by_principle() -> list[tuple[str, str, int, int]]:
    """Each game's principles, in the course's order: the game's name, the principle's name, the puzzles of it
    answered right at the first try, and how many puzzles teach it."""
    solved, counts = solved_puzzles(), dict[tuple[str, str], tuple[int, int]]()
    for p in puzzles_of():
        done, total = counts.get((p["game"], p["principle"]), (0, 0))
        counts[p["game"], p["principle"]] = (done + (puzzle_id(p) in solved), total + 1)
    order = [(game, key) for game, named in PRINCIPLES.items() for key in named]
    return [
        (games.get(game).name, PRINCIPLES[game][key].name, *counts[game, key])
        for game, key in order
        if (game, key) in counts
    ]


PUZZLE_COUNTS.append(solved_by_principle)  # the exercises' progress report counts the puzzles too (no widget import)


def remember_puzzle(name: str, right: bool = True) -> None:
    """Remember a puzzle's first answer in the file (a later one, in any session, changes nothing); a file that
    cannot be written is quietly left alone."""
    path, known = progress_path(), remembered()
    if path is None or name in known["tried"]:
        return
    record = {
        "solved": sorted(known["solved"] | ({name} if right else set())),
        "tried": sorted(known["tried"] | {name}),
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    except OSError:
        pass


class PuzzleBoard(widgets.VBox):
    """Puzzles of one game (and themes), one at a time: choose an option, see the coach's numbers, go on.
    Two right answers in a row at a level move up a level; a wrong one moves down."""

    def __init__(self, game: str, themes: Sequence[str] = (), puzzles: Sequence[Mapping[str, Any]] | None = None):
        chosen = list(puzzles) if puzzles is not None else puzzles_of(game)
        self.puzzles = [p for p in chosen if not themes or {p["theme"], p.get("situation")} & set(themes)]
        if not self.puzzles:
            raise ValueError(f"no puzzles of {game} on {', '.join(themes) or 'any theme'} yet: run make puzzles")
        self.level, self.in_a_row, self.tried, self.right = 1, 0, 0, 0
        self.seen: set[str] = set()
        self.first_answer: str | None = None  # the one counted for the puzzle on show
        self.current = self.puzzles[0]
        self.question = html_view("", "cardlib-puzzle")
        self.choices = widgets.HBox([], _dom_classes=("cardlib-puzzle-choices",))
        self.feedback = html_view("", "cardlib-puzzle-feedback")
        self.next_button = widgets.Button(description="Next puzzle", tooltip="Another puzzle")
        self.next_button.on_click(lambda _b: self.next_puzzle())
        self.progress = html_view("", "cardlib-puzzle-progress")
        self.record = html_view("", "cardlib-puzzle-record-view")
        parts = [html_view(PUZZLE_CSS), self.question, self.choices, self.feedback, self.next_button, self.progress]
        parts.append(self.record)
        super().__init__(with_stylesheet(parts, True), _dom_classes=("cardlib", "cardlib-puzzle-board"))
        self.show(self.pick())

    def pick(self) -> Mapping[str, Any]:
        """The next puzzle: one not yet seen here, at the learner's level or the nearest to it."""
        fresh = [p for p in self.puzzles if puzzle_id(p) not in self.seen] or self.puzzles
        return min(fresh, key=lambda p: (abs(p["level"] - self.level), -p["level"]))

    def show(self, puzzle: Mapping[str, Any]) -> None:
        """Ask one puzzle: the position its seat sees, and a button for each option."""
        self.current, self.first_answer = puzzle, None
        self.seen.add(puzzle_id(puzzle))
        theme = puzzle["theme"][:1].upper() + puzzle["theme"][1:]  # 'When K♦ should go', its K kept
        self.question.value = (
            f"<p><strong>{escape(theme)}</strong> (level {puzzle['level']}): what do you do?</p>{position_html(puzzle)}"
        )
        buttons = []
        for option in puzzle["options"]:
            words = option_words(option["option"])
            made = widgets.Button(description=words, tooltip=f"Choose: {words}")
            made.on_click(lambda _b, said=option["option"]: self.answer(said))
            buttons.append(made)
        self.choices.children = buttons
        self.feedback.value = "<div role='status' aria-live='polite'></div>"
        self.progress.value = self.progress_words()
        self.record.value = answer_html(puzzle)

    def answer(self, choice: str) -> bool:
        """Check a choice against the coach's clear best and say so with its numbers; the first choice counts."""
        right = choice == self.current["answer"]
        counted = self.first_answer is None
        if counted:
            self.first_answer = choice
            self.count(right)
        best = option_words(self.current["answer"])
        verdict = (
            "✔ Right." if right else f"✘ Not {escape(option_words(choice))}: the coach's choice is {escape(best)}."
        )
        first = option_words(self.first_answer or choice)
        again = "" if counted else f" (Your first answer, {escape(first)}, is the one counted.)"
        self.feedback.value = (
            f"<div role='status' aria-live='polite'><p>{verdict}{again}</p>{lesson_html(self.current)}"
            f"{numbers_html(self.current)}</div>"
        )
        self.progress.value = self.progress_words()
        return right

    def count(self, right: bool) -> None:
        """Count a first answer: two right in a row at a level move up a level, a wrong one down; it is remembered
        (solved if right), unless the puzzle was tried before, in any session."""
        self.tried += 1
        self.right += right
        self.in_a_row = self.in_a_row + 1 if right else 0
        if right and self.in_a_row >= 2:
            self.level, self.in_a_row = min(self.level + 1, LEVELS[-1]), 0
        elif not right:
            self.level = max(self.level - 1, LEVELS[0])
        remember_puzzle(puzzle_id(self.current), right)

    def next_puzzle(self) -> None:
        """Go on to the next puzzle."""
        self.show(self.pick())

    def progress_words(self) -> str:
        """The learner's progress: this session's answers, the level, and the puzzles solved in any session."""
        return (
            f"<p>Right {self.right} of {self.tried} here; now at level {self.level} of {LEVELS[-1]}; "
            f"{len(solved_puzzles())} puzzles right at the first try in all your sessions.</p>"
        )


def position_words(puzzle: Mapping[str, Any]) -> str:
    """What the puzzle's seat knows, in one plain sentence (for a quick question)."""
    state, seat = position(puzzle), puzzle["seat"]
    trick = (show(getattr(state, "trick", [])) + played_by(state, seat)) or "nothing"
    shown: dict[int, list[Card]] = getattr(state, "shown_to", lambda _seat: {})(seat)
    seen = "".join(f" {shower(state, seat, who)} showed you {show(cards)}." for who, cards in shown.items() if cards)
    trump = getattr(state, "trump", None)
    trumps = f" Trumps are {trump}; you are the {'dealer' if seat == state.dealer else 'non-dealer'}." if trump else ""
    last = ", ".join(moves_seen(state, seat)[-4:])
    before = f" The last moves: {last}." if last and trump else ""
    return (
        f"You are {seat_words(state, seat)}, holding {show(state.hands[seat])}; on the table: {trick}. "
        f"{tricks_words(state, seat)}{seen}{trumps}{before}"
    )


def seat_words(state: DealState, seat: int) -> str:
    """Who the seat is: 'player 3 (team B, partner of player 1)' in a partnership game, else 'player 1'."""
    if state.n_players != 4:
        return f"player {seat}"
    return f"player {seat} (team {'AB'[state.side_of(seat)]}, partner of player {state.partner(seat)})"


def played_by(state: DealState, seat: int) -> str:
    """Who played the cards on the table, in turn: ' (played by player 3, then your partner, player 0)', or ''."""
    trick = getattr(state, "trick", [])
    if not trick:
        return ""
    partner = getattr(state, "partner", lambda _seat: None)(seat)
    seats = clockwise(state.leader, state.n_players)[: len(trick)]
    names = [f"your partner, player {s}" if s == partner else f"player {s}" for s in seats]
    return f" (played by {', then '.join(names)})"


def shower(state: DealState, seat: int, who: int) -> str:
    """Who showed the seat a card: 'Your partner, player 1', or 'Player 2' (all show all, by a variant)."""
    return f"Your partner, player {who}," if who == state.partner(seat) else f"Player {who}"


def tricks_words(state: DealState, seat: int) -> str:
    """The tricks so far by side, as the seat sees them: 'Tricks so far, in order: your side, the other side.'"""
    won = list(getattr(state, "trick_winners", []))
    sides = ["your side" if state.side_of(w) == state.side_of(seat) else "the other side" for w in won]
    return f"Tricks so far, in order: {', '.join(sides)}." if sides else "No trick has been won yet."


def coach_question(puzzle: Mapping[str, Any]) -> Question:
    """A quick question from a puzzle: the position, its options, and the coach's clear best with its principle,
    its numbers and its line."""
    numbers = "; ".join(f"{o['option']} {signed(o['points'], o['margin'])}" for o in puzzle["options"])
    return Question(
        f"{position_words(puzzle)} What do you do?",
        tuple(o["option"] for o in puzzle["options"]),
        puzzle["answer"],
        f"{principle_of(puzzle).words} Over {puzzle['samples']} imagined deals {puzzle['answer']} scores "
        f"{puzzle['lead']:.2f} {plus_minus(puzzle['lead_margin'])} points a deal more than the next best (points a "
        f"deal: {numbers}). {puzzle['line']}",
    )
