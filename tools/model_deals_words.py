"""The words of a model deal's notes (tools/model_deals.py): the coach's verdict said honestly, and why a move is best.

A note where the coach cannot tell the options apart says *too close to tell* with its imagined deals, never "as good
as each other"; no margin is printed as "± 0.00" (``cardlib.margins``). A note that calls one move best says why,
in words: the course's principle when one fits the position (``cardlib/widgets/principles.py``, chosen as the
puzzles' are, ``puzzle_lessons``), else what the move does that the next best does not; then the line that shows it
(both played out in a typical imagined deal), and whether the lead still holds with the rest of the deal played well
(its last six tricks solved exactly), and again with the Monte Carlo bot playing the rest at every seat, as
``rejudge.py`` judges the puzzles.
"""

from __future__ import annotations

from typing import Any

import puzzle_lessons
import rejudge

from cardlib import PROPOSE, coach, ecarte, games
from cardlib.alkort import coach as alkort_coach
from cardlib.cards import Card
from cardlib.contracts import Estimate, Hint, Option
from cardlib.ecarte import coach as ecarte_coach
from cardlib.margins import deals_to_decide, percent, plus_minus, signed
from cardlib.tricks import DealState
from cardlib.widgets.principles import PRINCIPLES
from cardlib.words import SAID_BY_NAME, capital

UNIT = "imagined deals"
PLAYED_WELL_WORLDS = 24  # imagined deals for the check with the rest played well (exact endings are slow)
WORDS = {"alkort": alkort_coach, "ecarte": ecarte_coach}  # each game's words for its options and for winning


def named(state: DealState, option: Option) -> str:
    """An option in the game's words ('playing K♦', 'proposing')."""
    return WORDS[games.of(state).key].phrase(option)


def figures(state: DealState, estimate: Estimate, samples: int) -> str:
    """An option's chance and points, each with its ± (never '± 0.00')."""
    wins = WORDS[games.of(state).key].WINS
    points = signed(estimate.points, estimate.points_margin, samples=samples, unit=UNIT)
    return f"{wins} {percent(estimate.win, estimate.win_margin)} of the time and scores {points} points a deal"


def lead_of(hint: Hint) -> tuple[float, float]:
    """The best option's lead on the next best, world by world, and its paired ±."""
    first, runner = hint.options[0].action, hint.options[1].action
    return coach.mean_and_margin([a - b for a, b in zip(hint.outcomes[first], hint.outcomes[runner])])


def verdict_words(state: DealState, hint: Hint) -> str:
    """The coach's verdict: one option best by more than the paired ±, or those it cannot tell apart."""
    first = hint.options[0]
    said = figures(state, first, hint.samples)
    if len(hint.best) > 1:
        names = [named(state, a) for a in hint.best[:SAID_BY_NAME]]
        if len(hint.best) > SAID_BY_NAME:
            names.append(f"{len(hint.best) - SAID_BY_NAME} other options")
        return (
            f"Too close to tell with {hint.samples} imagined deals: {', '.join(names[:-1])} and {names[-1]} (their "
            f"differences, deal by deal, could be 0 within their ±; more deals might tell them apart). "
            f"{capital(names[0])} {said}."
        )
    lead, margin = lead_of(hint)
    runner = named(state, hint.options[1].action)
    return (
        f"{capital(named(state, first.action))} is best: it {said}, {lead:.2f} "
        f"{plus_minus(margin, samples=hint.samples, unit=UNIT)} more than {runner}, the next best, in the same "
        "imagined deals."
    )


def with_table(state: DealState, seat: int, said: str) -> str:
    """Écarté's tables beside the coach's deals, at the decisions they cover, each labelled where it comes from."""
    table = ecarte_coach.table_words(games.observe(state, seat)) if games.of(state).key == "ecarte" else ""
    return f"{said} Beside the coach's imagined deals, {table}." if table else said


def principle_words(state: DealState, seat: int, best: Option, runner: Option) -> str:
    """The course's principle that the best move follows against the runner-up, if one fits ('' if none)."""
    game = games.of(state).key
    choose = puzzle_lessons.alkort_principle if game == "alkort" else puzzle_lessons.ecarte_principle
    key = choose(state, seat, best, runner)
    if key is None or key not in PRINCIPLES[game] or not fits(state, key, best, runner):
        return ""
    principle = PRINCIPLES[game][key]
    return f"The principle, {principle.name}: {principle.words}"


def fits(state: DealState, key: str, best: Option, runner: Option) -> bool:
    """Whether a principle the puzzles' choice names fits a model deal's move against its runner-up: keeping the
    trump (or the stronger card) back needs a runner-up that is one."""
    if key != "lead_plain_keep_trump":
        return True
    return isinstance(best, Card) and isinstance(runner, Card) and stronger(state, runner, best)


def stronger(state: Any, a: Card, b: Card) -> bool:
    """Whether card ``a`` ranks above card ``b`` in the game (Écarté: a trump above any plain card)."""
    if games.of(state).key == "alkort":
        return bool(puzzle_lessons.alkort.strength(a, state.options) > puzzle_lessons.alkort.strength(b, state.options))
    trump = state.trump
    return (a.suit == trump, ecarte.RANK_ORDER[a.rank]) > (b.suit == trump, ecarte.RANK_ORDER[b.rank])


def takes_now(state: Any, seat: int, card: Card) -> bool:
    """Whether the card, played now, would win the trick so far."""
    if games.of(state).key == "alkort":
        return bool(puzzle_lessons.alkort_wins(state, seat)(card))
    trick = list(state.trick)
    return bool(ecarte.trick_winner([*trick, card], state.trump) == len(trick))


def trick_reason(state: DealState, seat: int, best: Card, runner: Card) -> str:
    """What the best card does to the trick on the table that the runner-up does not."""
    took = takes_now(state, seat, best), takes_now(state, seat, runner)
    if took == (True, False):
        return f"It takes the trick, which {runner} would not: a trick won now is one the other side cannot have."
    if took == (False, True):
        return f"It lets this trick go and keeps {runner} back, for a trick where it counts for more."
    kept = "for a trick it can win" if stronger(state, runner, best) else "which serves the rest of the hand better"
    if took == (True, True):
        return f"Both take the trick; {best} does it, and {runner} stays in the hand, {kept}."
    return f"Neither takes the trick; {best} is the card to give up, and {runner} stays in the hand, {kept}."


def lead_reason(state: DealState, seat: int, best: Card, runner: Card) -> str:
    """What the best lead does that the runner-up does not: cash a top card, or lead low and keep the top ones."""
    hand = [c for c in state.hands[seat] if c != best]
    if all(stronger(state, best, c) for c in hand):
        return f"It leads the hand's highest card while the lead is yours, rather than {runner}."
    if all(stronger(state, c, best) for c in hand):
        return f"It leads the hand's lowest card and keeps {runner} and the higher cards for the tricks to come."
    return f"It leads {best} rather than {runner}: the line shows what each leads to."


def call_reason(hint: Hint, best: Option) -> str:
    """Écarté's first call: why to propose, or to stand, from the coach's own chances."""
    stand = hint.options[0] if best != PROPOSE else next(e for e in hint.options if e.action != PROPOSE)
    chance = percent(stand.win, stand.win_margin)
    if best == PROPOSE:
        return (
            f"Standing here wins the point only {chance} of the time, and a stand that fails gives the dealer 2 "
            "points; a proposal that fails costs 1, and new cards may mend the hand."
        )
    return (
        f"Standing wins the point {chance} of the time here: often enough to be worth the 2 points a failed stand "
        "costs, where a proposal would give the dealer new cards too, or the choice to refuse."
    )


def plain_reason(state: DealState, seat: int, hint: Hint) -> str:
    """Why the best move is best when no principle of the list fits: what it does that the next best does not."""
    best, runner = hint.options[0].action, hint.options[1].action
    if PROPOSE in (best, runner):
        return call_reason(hint, best)
    if isinstance(best, Card) and isinstance(runner, Card):
        on_table = list(getattr(state, "trick", []))
        return trick_reason(state, seat, best, runner) if on_table else lead_reason(state, seat, best, runner)
    return f"{capital(named(state, best))} rather than {named(state, runner)}: the line shows what each leads to."


def as_puzzle(deal: dict[str, Any], moves: list[str], seat: int, best: str, runner: str) -> dict[str, Any]:
    """A position of a model deal in a puzzle record's shape (for the line and the re-judging)."""
    head = {key: deal[key] for key in ("game", "players", "seed", "dealer")}
    return {**head, "moves": moves, "seat": seat, "answer": best, "options": [{"option": best}, {"option": runner}]}


def played_well_words(puzzle: dict[str, Any]) -> str:
    """Whether the best move still gains on the runner-up with the rest of the deal played well, said with its ±: the
    last tricks solved exactly, then the Monte Carlo bot playing the rest at every seat (as tools/rejudge.py judges
    the puzzles)."""
    cards = rejudge.EXACT_FROM
    exact = f"With the rest of the deal played well (solved exactly, every card seen, from {cards} cards a hand on)"
    by_bots = "With the Monte Carlo bot playing the rest at every seat instead, each from its own view"
    return " ".join(
        [
            held_words(rejudge.gains_played_well(puzzle, PLAYED_WELL_WORLDS), exact),
            held_words(rejudge.gains_played_well(puzzle, PLAYED_WELL_WORLDS, continuation="mc"), by_bots),
        ]
    )


def held_words(gains: list[float], played: str) -> str:
    """Whether a lead holds in these paired gains (the rest of the deal ``played`` some way), in words with its ±."""
    mean, margin = coach.mean_and_margin(gains)
    if all(gain == 0 for gain in gains):
        return (
            f"{played}, the two score the same in all {len(gains)} imagined deals tried: the lead comes from how the "
            "book plays the rest, so read it as the coach's verdict on this deal, not as a rule."
        )
    said = f"{mean:+.2f} {plus_minus(margin)} points a deal on the next best, in {len(gains)} imagined deals"
    if mean - margin > 0:
        return f"{played}, it still gains {said}: the lead holds."
    if mean + margin < 0:
        lost = f"{-mean:.2f} {plus_minus(margin)} points a deal to the next best, in {len(gains)} imagined deals"
        return f"{played}, it loses {lost}: the lead rests on how the book plays the rest."
    needed = deals_to_decide(margin, len(gains))
    decide = f"about {needed:,} would decide it"
    return f"{played}, the difference is {said}: too close to tell whether the lead holds ({decide})."


def note_lesson(deal: dict[str, Any], moves: list[str], state: DealState, seat: int, hint: Hint) -> dict[str, str]:
    """Why the best move is best, in words, the line that shows it, and whether it holds played well."""
    best, runner = hint.options[0].action, hint.options[1].action
    reason = principle_words(state, seat, best, runner) or plain_reason(state, seat, hint)
    puzzle = as_puzzle(deal, moves, seat, coach.option_text(best), coach.option_text(runner))
    line = puzzle_lessons.line_of(puzzle, state)
    return {"reason": f"{reason} {played_well_words(puzzle)}", "line": line}
