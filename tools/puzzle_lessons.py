"""What a puzzle teaches: its principle (chosen from the position and what the answer does against the next best
option), the line that shows it (the answer and the runner-up played out in a typical imagined deal), and the
variety of a theme (no theme answered one way in more than 60 % of its puzzles: drill-like duplicates are dropped).
At an Écarté lead with the vole alive, the card surest of the point and the card likeliest to take the vole are
chapter 9's (section 7: its players' cell is run here, one way to tell them); an answer that trades one for the
other against the runner-up teaches that weighing, and its line counts how often each makes the point and the vole.

Used by tools/puzzles.py (``--annotate`` adds these to the puzzles already found, without searching again).
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from chapter_cells import IMPORTS, run_cells

from cardlib import ACCEPT, REFUSE, Discard, Exchange, alkort, ecarte, games
from cardlib.bots import montecarlo
from cardlib.cards import Card, show
from cardlib.contracts import WAIT, Wait
from cardlib.tricks import Action, Announce, DealState, parse_action
from cardlib.widgets.principles import MOST_ONE_WAY, PRINCIPLES, principle_of
from cardlib.widgets.puzzles import position

KING_OF_DIAMONDS = Card("K", "♦")
LINE_WORLDS = 60  # imagined deals to find a typical one in
VOLE_PRINCIPLES = ("make_sure_of_the_point", "play_for_the_vole")  # chapter 9, section 7
AIM_WORLDS = 200  # imagined deals to tell the card surest of the point from the one likeliest to take the vole
SHOWN_TRICKS = 3  # tricks of a continuation told card by card; the rest are counted


def option(text: str) -> Action | Wait:
    """An option of a puzzle record as an action ('wait' is the coach's letting an offer go by)."""
    return WAIT if text == str(WAIT) else parse_action(text)


def is_rule(puzzle: dict[str, Any]) -> bool:
    """Whether a puzzle's answer is a rule, not a decision: announcing Écarté's King (a point for saying so)."""
    return isinstance(option(puzzle["answer"]), Announce)


def principle_key(state: DealState, seat: int, puzzle: dict[str, Any]) -> str:
    """The principle a puzzle teaches, from its position and what its answer does against the runner-up."""
    answer, runner_up = option(puzzle["answer"]), option(puzzle["options"][1]["option"])
    key = (alkort_principle if puzzle["game"] == "alkort" else ecarte_principle)(state, seat, answer, runner_up)
    if key is None or key not in PRINCIPLES[puzzle["game"]]:
        raise ValueError(f"no principle of the course's list fits {puzzle['game']}-{puzzle['seed']}: {answer}")
    return key


def alkort_principle(state: Any, seat: int, answer: Action | Wait, runner_up: Action | Wait) -> str | None:
    """Alkort's principle for an answer: the stock, a lead, or a card to a trick."""
    if isinstance(answer, Exchange):
        return "keep_a_seven" if answer.keep.rank == "7" else None
    if answer == WAIT:
        return "let_the_stock_pass"
    if not isinstance(answer, Card) or not isinstance(runner_up, Card):
        return None
    if not state.trick:
        return "lead_seven" if answer.rank == "7" else "cash_king_of_diamonds" if answer == KING_OF_DIAMONDS else None
    return alkort_follow(state, seat, answer, runner_up)


def alkort_follow(state: Any, seat: int, answer: Card, runner_up: Card) -> str:
    """Alkort's principle for a card played to a trick, by whom the trick goes to with it and with the runner-up."""
    wins, order = alkort_wins(state, seat), in_turn(state)
    later = order[len(state.trick) + 1 :]
    if runner_up == KING_OF_DIAMONDS and not wins(answer) and not wins(KING_OF_DIAMONDS):
        return "keep_king_of_diamonds"
    if alkort_winner(state, list(state.trick)) == state.partner(seat):
        if not wins(answer):
            return "leave_to_partner"
        holds_sevens = any(c.rank == "7" for c in state.hands[seat])
        return "overtake_safely" if later or not holds_sevens else "overtake_for_the_lead"
    if not wins(answer) and partner_takes_it(state, seat, answer, later):
        return "count_on_partner"
    if wins(answer):
        stronger = alkort.strength(runner_up, state.options) > alkort.strength(answer, state.options)
        if wins(runner_up) and stronger:
            return "win_cheaply"
        sides = state.trick_sides
        return "break_the_run" if len(sides) >= 2 and state.side_of(seat) not in sides else "take_the_trick"
    return "save_top_card" if wins(runner_up) else "throw_lowest"


def partner_takes_it(state: Any, seat: int, answer: Card, later: list[int]) -> bool:
    """Whether the partner, still to play to this trick, holds the card he showed and it beats the cards so far."""
    partner = state.partner(seat)
    shown = [c for c in state.shown_to(seat).get(partner) or [] if c in state.hands[partner]]
    cards = [*state.trick, answer]
    first = not state.tricks
    beats = [
        alkort.trick_winner([*cards, c], state.has_won[state.leader], first, state.options) == len(cards) for c in shown
    ]
    return partner in later and any(beats)


def in_turn(state: Any) -> list[int]:
    """The seats in the order they play to the trick on the table."""
    return [(state.leader + i) % state.n_players for i in range(state.n_players)]


def alkort_winner(state: Any, cards: list[Card]) -> int:
    """The seat whose card wins the cards played to the trick so far (by the engine's trick rule)."""
    leader = state.leader
    return in_turn(state)[alkort.trick_winner(cards, state.has_won[leader], not state.tricks, state.options)]


def alkort_wins(state: Any, seat: int) -> Any:
    """Whether a card the seat plays now would win the trick so far."""
    return lambda played: alkort_winner(state, [*state.trick, played]) == seat


def ecarte_principle(state: Any, seat: int, answer: Action | Wait, runner_up: Action | Wait) -> str | None:
    """Écarté's principle for an answer: the proposal's answer, the discard, a lead, or a card to a trick."""
    if answer in (ACCEPT, REFUSE):
        return "accept_with_a_weak_hand" if answer == ACCEPT else "refuse_with_a_strong_hand"
    if isinstance(answer, Discard):
        kept = [c for c in state.hands[seat] if c not in answer.cards]
        thrown_all = all(c.suit == state.trump or c.rank == "K" for c in kept) and all(
            c.suit != state.trump and c.rank != "K" for c in answer.cards
        )
        return "keep_trumps_and_kings" if thrown_all else None
    if not isinstance(answer, Card) or not isinstance(runner_up, Card):
        return None
    if not state.trick:
        aim = vole_or_point(state, seat, answer, runner_up)
        if aim is not None:
            return aim
        if answer.suit == state.trump:
            return "lead_trumps"
        return "lead_the_suit_they_lack" if shown_void(state, seat, answer.suit) else "lead_plain_keep_trump"
    heads = [ecarte.trick_winner([*state.trick, c], state.trump) == 1 for c in (answer, runner_up)]
    lower = ecarte.RANK_ORDER[answer.rank] < ecarte.RANK_ORDER[runner_up.rank]
    return "play_lowest_when_losing" if not any(heads) and lower else None


@cache
def vole_lab() -> dict[str, Any]:
    """Chapter 9's vole players (section 7, cell ``09-vole-players``): when the vole is alive, and each aim's lead."""
    return run_cells("09-strategy-lab", IMPORTS, "09-vole-players")


def aim_cards(state: DealState, seat: int) -> tuple[Card, Card] | None:
    """At an Écarté lead with the vole alive and the point not yet made (every trick so far won, one or two), the card
    surest of the point and the card likeliest to take the vole, as chapter 9's players find them in ``AIM_WORLDS``
    imagined deals played out by the book; None elsewhere, or where one card serves both."""
    if not isinstance(state, ecarte.EcarteState):
        return None
    view = games.observe(state, seat)
    if not view.legal or not vole_lab()["vole_alive_lead"](view):
        return None
    leads = vole_lab()["leads_by_aim"](view, AIM_WORLDS, 0)
    return None if leads["point"] == leads["vole"] else (leads["point"], leads["vole"])


def vole_or_point(state: DealState, seat: int, answer: Card, runner_up: Card) -> str | None:
    """Where the vole or the point is the question (``aim_cards``), the lesson of an answer that trades one for the
    other against the runner-up: the one surer of the point, or the one likelier to take the vole, as chapter 9's
    players weigh the two cards alone; None where one of the two is both."""
    if aim_cards(state, seat) is None:
        return None
    two = dataclasses.replace(games.observe(state, seat), legal=(answer, runner_up))
    leads = vole_lab()["leads_by_aim"](two, AIM_WORLDS, 0)
    if leads["point"] == leads["vole"]:
        return None
    return "make_sure_of_the_point" if leads["point"] == answer else "play_for_the_vole"


def shown_void(state: Any, seat: int, suit: str) -> bool:
    """Whether the other player has shown he holds neither this suit nor a trump: he followed the seat's lead of it
    with another suit's card, not a trump (Écarté's rule makes him follow, or trump, if he can)."""
    led = [t.cards for t in state.tricks if t.leader == seat and t.cards[0].suit == suit]
    return any(cards[1].suit not in (suit, state.trump) for cards in led)


def continued(world: DealState, move: Action | Wait) -> DealState:
    """A copy of an imagined deal with the move made and the rest played out as the coach plays it (letting an
    offer pass: the player to move moves by the book instead, as ``coach.outcome`` has it)."""
    if not isinstance(move, Wait):
        return montecarlo.played_out(world, move)
    world = world.clone()
    mover, policy = world.seat_to_move(), montecarlo.policy_for(world)
    theirs = [a for a in world.legal_actions() if world.actor(a) == mover]
    chosen = policy(world, theirs)
    world.apply(chosen if chosen in theirs else theirs[0])
    return world.play_out(policy)


def typical_world(
    state: DealState, seat: int, moves: Sequence[Action | Wait], seed: int = 1, gaining: bool = False
) -> tuple[int, Any, list[list[Any]]]:
    """Of ``LINE_WORLDS`` deals imagined from the seat's view, those where the answer and the runner-up end
    differently (``gaining``: where the answer does better; all, if none), and of them the one whose gain for the
    answer is nearest their median: how many differ, that deal's gain and each move played out there, and each
    move's ends in every imagined deal."""
    imagination = montecarlo.Imagination(games.observe(state, seat), random.Random(seed))
    played = []
    for _ in range(LINE_WORLDS):
        world = imagination.world()
        ends = [continued(world, move) for move in moves]
        played.append((ends[0].returns()[seat] - ends[1].returns()[seat], ends))
    differ = [found for found in played if found[0] > 0 or (found[0] != 0 and not gaining)] or played
    median = statistics.median(gain for gain, _ends in differ)
    typical = min(differ, key=lambda found: abs(found[0] - median))
    return len([found for found in played if found[0] != 0]), typical, [ends for _gain, ends in played]


def tricks_told(end: Any, seat: int, first: int) -> str:
    """The tricks of a played-out deal from the ``first``, card by card (at most ``SHOWN_TRICKS``), each with
    whose side took it."""
    told = [
        f"{show(t.cards)} ({'yours' if end.side_of(t.winner) == end.side_of(seat) else 'theirs'})"
        for t in end.tricks[first:]
    ]
    more = len(told) - SHOWN_TRICKS
    return ", ".join(told[:SHOWN_TRICKS]) + (f" and {more} more" if more > 0 else "") if told else "no more tricks"


def continuation(end: Any, seat: int, first: int, said: str) -> str:
    """One move's continuation in words: the tricks, the result, and the seat's points."""
    result = end.explain_score().rstrip(".")
    result = result[0].lower() + result[1:] if result.startswith("The ") else result
    return f"after {said}: {tricks_told(end, seat, first)}; {result}: {end.returns()[seat]:+g} for you"


def chances_told(every_end: list[list[Any]], seat: int, texts: Sequence[str]) -> str:
    """How often each move makes the point (three tricks or more) and the vole (all five) in the imagined deals."""
    told = []
    for i, text in enumerate(texts):
        won = [ends[i].trick_winners.count(seat) for ends in every_end]
        told.append(f"{text} makes the point in {sum(w >= 3 for w in won)} and the vole in {sum(w == 5 for w in won)}")
    return f" Of the {len(every_end)} imagined deals, {told[0]}; {told[1]}."


def line_of(puzzle: dict[str, Any], state: DealState, key: str = "") -> str:
    """The play that shows the principle: the answer and the runner-up, played out in a typical imagined deal of
    those where they end differently (and, for the vole or the point, how often each makes the point and the vole)."""
    seat, texts = puzzle["seat"], [puzzle["answer"], puzzle["options"][1]["option"]]
    weighed = key in VOLE_PRINCIPLES  # the answer gains seldom but much, or often but little: show where it gains
    differ, (_gain, ends), every_end = typical_world(state, seat, [option(t) for t in texts], gaining=weighed)
    first = len(state.tricks)
    cards = [text.removeprefix("play ") for text in texts]
    said = [continuation(end, seat, first, card) for end, card in zip(ends, cards)]
    where = f"In {differ} of {LINE_WORLDS} imagined deals the two end differently; in a typical one"
    where += f" of those where {cards[0]} does better" if weighed else ""
    line = f"{where}, {said[0]}. But {said[1]}." if differ else f"{where.split(';')[0]}: {said[0]}; {said[1]}."
    return line + (chances_told(every_end, seat, cards) if weighed else "")


def dominant(theme_puzzles: list[dict[str, Any]]) -> tuple[str, int, int]:
    """A theme's most common answer (what its principle's answer does), how many of its puzzles have it, and how
    many answers its puzzles have."""
    counts = Counter(principle_of(p).does for p in theme_puzzles)
    return (*counts.most_common(1)[0], len(counts))


def annotated(puzzle: dict[str, Any]) -> dict[str, Any] | None:
    """A puzzle with its principle, its theme (the principle's) and its line; None if no principle fits."""
    if is_rule(puzzle):
        print(f"dropped: {puzzle['game']}-{puzzle['seed']}-{len(puzzle['moves'])} ({puzzle['answer']}) is a rule")
        return None
    state = position(puzzle)
    try:
        key = principle_key(state, puzzle["seat"], puzzle)
    except ValueError as refused:
        print(f"dropped: {refused}")
        return None
    theme = PRINCIPLES[puzzle["game"]][key].theme
    situation = puzzle.get("situation") or puzzle["theme"]  # records of before the principles: their theme was it
    return {**puzzle, "situation": situation, "theme": theme, "principle": key, "line": line_of(puzzle, state, key)}


def varied(puzzles: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The puzzles kept, and those dropped: in each theme answered one way in more than 60 % of its puzzles,
    drill-like duplicates of that answer (the most repeated answer card first, then the least clear). A theme of
    one answer alone is left as it is, for tests/widgets/test_puzzle_principles.py to tell."""
    kept, dropped = list(puzzles), []
    for theme in sorted({(p["game"], p["theme"]) for p in kept}):
        while True:
            in_theme = [p for p in kept if (p["game"], p["theme"]) == theme]
            does, count, answers = dominant(in_theme)
            if count <= MOST_ONE_WAY * len(in_theme) or answers < 2:  # one answer alone: no dropping varies it
                break
            same = [p for p in in_theme if principle_of(p).does == does]
            cards = Counter(p["answer"].split(" ")[-1] for p in same)
            clearness = {id(p): p["lead"] / max(p["lead_margin"], 0.005) for p in same}  # a ± of 0.00 is rounded
            worst = max(same, key=lambda p: (cards[p["answer"].split(" ")[-1]], -clearness[id(p)]))
            kept.remove(worst)
            dropped.append(worst)
    return kept, dropped
