"""Audit the coach against exact answers (issue 28), a tool to read, not a test (``make coach-audit``):

    .venv/bin/python tools/coach_audit.py                          # the full audit (a long while on a shared machine)
    .venv/bin/python tools/coach_audit.py --positions 1 --seeds 2 --deals 3 --match-deals 4   # a quick look
    .venv/bin/python tools/coach_audit.py --before 97b834d         # also the Monte Carlo match at that commit

Three parts, each printed as it ends:

1. **coverage**: end positions of both games, every player count and non-default options (``FAMILIES``; in
   Alkort also deals where a seat made the worthless-hand exchange, as the book does), reached by the book's play
   (the play-outs' policy, ``montecarlo.policy_for``). At each, every world that agrees with the seat's view is
   enumerated, built by the engine alone: the other hands from the unseen cards, a deck stacked with them (an
   exchanger's shown hand dealt, the cards he took first in the stock), the log replayed, kept when the seat would
   see the same view (``games.observe``), weighed by the chance that the hands' random order shows what was shown
   (each card as strong as a shown one put first in turn); in Écarté each of the other player's hands weighted by
   the pasts that lead to it by the book (his calls, his discard), as the coach believes. Every option is played
   out by the book in every world, and the coach's 95 % intervals (expected points and chance of a win, at its own
   number of samples, several seeds) are counted as covering the exact value or not. Goal: 95 % in every family,
   within noise: the intervals of one hint share its worlds and miss together (two cards that do the same job; the
   points and the chance of a win when a deal is won or lost by a point), so the noise is reckoned hint by hint
   (``Coverage.floor``: the binomial floor when the intervals are independent).
2. **labels**: deals played at random by every seat, reviewed from seat 0 (``coach.review``); every decision not
   called good, and every choice the coach would not have made, is measured again against a reference with 20 times
   the worlds. Goal: no mistake (inaccuracy) whose reference cost is below its threshold.
3. **match**: the Monte Carlo bot against the rule bot (``tournament.run_match``), here, and with ``--before`` at
   an older commit of the repository (extracted with ``git archive`` into a temporary folder).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from cardlib import alkort, coach, ecarte, games
from cardlib.alkort import advice as alkort_book
from cardlib.bots import montecarlo
from cardlib.cards import ALKORT_PACK, ECARTE_PACK, Card
from cardlib.ecarte import advice as ecarte_book
from cardlib.ecarte import view as ecarte_view
from cardlib.margins import Z95
from cardlib.players import RandomPlayer, play_deal
from cardlib.tricks import PASS, PROPOSE, REFUSE, DealState, Exchange, IllegalAction


class Family(NamedTuple):
    """A family of end positions: the game, the players, the options, the cards in the seat's hand, and whether the
    deals are those where a seat made the worthless-hand exchange (Alkort; about one deal in a hundred)."""

    name: str
    key: str
    players: int | None
    options: dict[str, Any]
    cards: int
    exchange: bool = False


# Alkort with four players is taken when the seat plays last to a trick (the others' hands are one card each).
FAMILIES: list[Family] = [
    Family("Écarté", "ecarte", None, {}, 2),
    Family("Écarté, 2+3 packets, no duty to trump", "ecarte", None, {"deal_packets": (2, 3), "must_trump": False}, 2),
    Family("Écarté, three cards left", "ecarte", None, {"refusal_penalty": "any"}, 3),
    Family("Alkort, two players", "alkort", 2, {}, 2),
    Family(
        "Alkort, two players, rotate, sevens as rubbish",
        "alkort",
        2,
        {"lead_rule": "rotate", "seven_lead": "as_rubbish"},
        2,
    ),
    Family("Alkort, two players, after an exchange", "alkort", 2, {}, 2, exchange=True),
    Family("Alkort, four players", "alkort", 4, {}, 2),
    Family("Alkort, four players, short ranking", "alkort", 4, {"ranking": "short", "low_eights_ranked": False}, 2),
    Family("Alkort, four players, after an exchange", "alkort", 4, {}, 3, exchange=True),
]
MAX_WORLDS = 6000  # positions with more worlds than this to enumerate are passed over
REFERENCE_TIMES = 20


# ---------------------------------------------------------------------------
# Exact values: every world that agrees with the view


def book_played(
    key: str, seed: int, players: int | None, options: dict[str, Any], cards: int, exchange: bool = False
) -> DealState | None:
    """A deal played by the book until the player to move holds ``cards`` cards and has a choice (None: no such;
    with ``exchange``, also none when no seat's hand is worthless enough for the book to take the stock)."""
    state = games.get(key).new_deal(options, players=players, seed=seed)
    if exchange and not exchanged_by_the_book(state):
        return None
    policy = montecarlo.policy_for(state)
    while not state.is_over:
        seat = state.seat_to_move()
        legal = state.legal_actions()
        if len(state.hands[seat]) == cards and len(legal) >= 2 and games.observe(state, seat).legal:
            if key == "ecarte" or len(state.trick) == state.n_players - 1 or state.n_players == 2:
                return state
        state.apply(policy(state, legal))
    return None


def exchanged_by_the_book(state: DealState) -> bool:
    """Alkort before play: each seat offered the stock takes it when the book says so (the play-outs' policy plays
    only cards); whether one did."""
    made, options = False, alkort.AlkortOptions.from_dict(state.options)
    for seat in range(state.n_players):
        offered = [a for a in state.legal_actions() if isinstance(a, Exchange) and state.actor(a) == seat]
        if offered and alkort_book.takes_the_stock(state.hands[seat], options):
            state.apply(Exchange(alkort_book.exchange_advice(state.hands[seat], options)[0]))
            made = True
    return made


def worlds_of(state: DealState, seat: int, whole: bool = False) -> list[tuple[DealState, float]] | None:
    """Every world agreeing with the seat's view, with its weight (None: too many, or beyond this audit: Alkort's
    draws after tricks and exchanges in the first trick, stock_test = or_void); ``whole``: every part of an Écarté
    world agrees with it, not only the hands (``ecarte_worlds``)."""
    view = games.observe(state, seat)
    if games.of(state).key == "ecarte":
        return ecarte_worlds(state, view, whole)
    if view.drawn or view.options.draw_after_trick or view.exchanged_in_play:
        return None
    others = [s for s in range(state.n_players) if s != seat]
    held = {s: known_held(view, s) for s in others}
    sizes = [view.hand_size(s) - len(held[s]) for s in others]
    unseen = sorted(view.unseen())
    count = math.prod(math.comb(len(unseen) - sum(sizes[:i]), k) for i, k in enumerate(sizes))
    if count > MAX_WORLDS:
        return None
    found = []
    for hands in deals_of(unseen, sizes):
        now = {s: [*held[s], *hidden] for s, hidden in zip(others, hands)}
        found += weighed_worlds(state, seat, view, now)
    return found


def known_held(view: Any, seat: int) -> list[Card]:
    """The cards another Alkort seat is known to hold now: what it showed and the card it kept in an exchange,
    less what it has played since."""
    played = set(view.played_by(seat))
    kept = [keep for s, keep, _ in view.exchanges if s == seat]
    return [c for c in dict.fromkeys([*kept, *view.shown_by(seat)]) if c not in played]


def weighed_worlds(state: DealState, seat: int, view: Any, now: dict[int, list[Card]]) -> list[tuple[DealState, float]]:
    """The world where the other seats hold these cards now, if the engine deals and plays it into the same view,
    with its weight: the chance that its hands' random order shows what was shown. Of the m cards as strong as the
    card a seat showed, in the part of its hand whose order is random (all of it; an exchanger's cards taken from
    the stock), each is put first in turn, weighing 1/m when the deal then shows the same (the engine shows the
    first of equal cards): so no rule of what is shown is written here, the engine's replay decides."""
    dealt, taken = cards_of_the_deal(state, seat, view, now)
    firsts = [candidates_first(view, s, dealt[s] if s not in taken else taken[s]) for s in sorted(now)]
    total, world = 0.0, None
    for choice in itertools.product(*firsts):
        order = dict(zip(sorted(now), choice))
        hands = {s: to_front(cards, order.get(s)) for s, cards in dealt.items()}
        ordered = {s: to_front(cards, order.get(s)) for s, cards in taken.items()}
        candidate = replayed(state, view, hands, ordered)
        if candidate is not None and games.observe(candidate, seat) == view:
            total += math.prod(1 / len(f) for f in firsts)
            world = world or candidate
    return [(world, total)] if world is not None else []


def cards_of_the_deal(
    state: DealState, seat: int, view: Any, now: dict[int, list[Card]]
) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    """Each seat's hand as dealt, and each exchanger's cards taken from the stock: the seat's own as they were, the
    others' from the cards they hold now and have played (an exchanger's dealt hand was shown to all)."""
    dealt: dict[int, list[Card]] = {seat: list(state.redeal().hands[seat])}
    taken: dict[int, list[Card]] = {}
    exchanged = {s: (keep, list(thrown)) for s, keep, thrown in view.exchanges}
    for s in range(state.n_players):
        cards = [*now[s], *view.played_by(s)] if s != seat else [*view.hand, *view.played_by(s)]
        if s in exchanged:
            keep, thrown = exchanged[s]
            dealt[s], taken[s] = [keep, *thrown], [c for c in cards if c != keep]
        elif s != seat:
            dealt[s] = cards
    return dealt, taken


def candidates_first(view: Any, seat: int, random_part: Sequence[Card]) -> list[Card | None]:
    """The cards of a seat's randomly ordered part that may come first among those as strong as the card it showed
    ([None]: it showed no single card, or holds none such there, and the order does not matter)."""
    shown = view.shown_by(seat)
    if len(shown) != 1:
        return [None]
    tier = alkort.strength(shown[0], view.options)
    return [c for c in random_part if alkort.strength(c, view.options) == tier] or [None]


def to_front(cards: Sequence[Card], first: Card | None) -> list[Card]:
    """The cards with one of them first (as they are, for None or a card not among them)."""
    if first is None or first not in cards:
        return list(cards)
    return [first, *(c for c in cards if c != first)]


def replayed(
    state: DealState, view: Any, hands: dict[int, list[Card]], taken: dict[int, list[Card]]
) -> DealState | None:
    """The deal dealt by the engine from a deck stacked with these hands, the stock giving each exchanger in turn
    the cards he took, and its log replayed (None if a move was illegal with these cards)."""
    order = [s for s, _, _ in view.exchanges]
    stock = [c for s in order for c in taken[s]]
    rest = [c for c in ALKORT_PACK if c not in stock and all(c not in h for h in hands.values())]
    deck = alkort.stack_deck([hands[s] for s in range(state.n_players)], stock + rest, state.dealer)
    world = alkort.AlkortState(
        state.options.to_dict(),
        players=state.n_players,
        dealer=state.dealer,
        deck=deck,
        scores_before=state.scores_before,
    )
    try:
        for action in state.log:
            world.apply(action)
    except IllegalAction:
        return None
    return world


def deals_of(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal hands of these sizes from the cards."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        for others in deals_of(rest, sizes[1:]):
            yield (first, *others)


def ecarte_worlds(state: DealState, view: Any, whole: bool = False) -> list[tuple[DealState, float]] | None:
    """Écarté: each hand the other player may hold now, weighted by the pasts that lead to it by the book.

    The book plays the rest from the hands alone, so its worlds are the position with the other hand changed. A bot
    at every seat (``whole``) reads its own discards and imagines from them, so each world is then built whole, with
    one of the hand's pasts drawn at random (seeded by the hand): exact over the hands, a sample over the pasts."""
    opp = view.opponent
    must = sorted(view.opponent_must_hold())
    allowed = [c for c in view.unseen() if c not in view.opponent_cannot_hold() | set(must)]
    size = view.hand_sizes[opp] - len(must)
    if len(view.discards_of(opp)) > 1 or math.comb(len(allowed), size) > MAX_WORLDS:
        return None
    found: list[tuple[DealState, float]] = []
    for rest in itertools.combinations(allowed, size):
        hand = [*must, *rest]
        its_pasts = pasts_of(view, hand)
        if not its_pasts:
            continue
        if whole:
            rng = random.Random(" ".join(map(str, hand)))
            world = world_of_a_past(view, hand, rng.choice(its_pasts), rng)
        else:
            world = state.clone()
            world.hands[opp] = hand
            world._legal = None
        found.append((world, len(its_pasts)))
    return found


def pasts(view: Any, now: Sequence[Card]) -> int:
    """How many pasts of the other Écarté player lead by the book to this hand now (``pasts_of``)."""
    return len(pasts_of(view, now))


def pasts_of(view: Any, now: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The pasts of the other Écarté player that lead by the book to this hand now, as (kept, thrown): none or one
    exchange (the cards he kept and those he threw, by brute force; without an exchange, one past with neither),
    his calls following the book in each hand he held.

    Written from the view's public parts alone (not the coach's sampler), so that an older coach can be audited
    against the same reference (run this file with an older ``cardlib`` on the path)."""
    calls = calls_by_hand(view)
    at_play = [*now, *view.played_by(view.opponent)]
    discards = view.discards_of(view.opponent)
    if not discards:
        return [((), ())] if agrees(at_play, calls[0], view.trump) else []
    if not agrees(at_play, calls[1], view.trump):
        return []
    count, sizes = size_of(discards[0]), his_sizes(view)
    mine = {*view.hand, *view.my_discards(), *view.played_by(view.seat), view.turned_up}
    free = [c for c in ECARTE_PACK if c not in mine and c not in at_play]
    found = []
    for kept in itertools.combinations(at_play, len(at_play) - count):
        # only cards below all those kept in the book's order of keeping can have been thrown (checked below)
        lowest = min(keeping_order(c, view.trump) for c in kept) if kept else (math.inf,)
        below = [c for c in free if keeping_order(c, view.trump) < lowest]
        for thrown in itertools.combinations(below, count):
            before = [*kept, *thrown]
            if set(ecarte_book.discard_advice(sorted(before), view.trump, sizes)[0]) == set(thrown):
                if agrees(before, calls[0], view.trump):
                    found.append((kept, thrown))
    return found


def world_of_a_past(
    view: Any, hand: list[Card], past: tuple[tuple[Card, ...], tuple[Card, ...]], rng: random.Random
) -> DealState:
    """The Écarté world of the other player's hand now and one past of his, whole: his discard and the stock
    (the rest of the unseen cards, in random order) too, dealt from a stacked deck with the log replayed by the
    engine (``ecarte.view.built_world``), so that a player of it sees what he would at the table."""
    kept, thrown = past
    at_play = [*hand, *view.played_by(view.opponent)]
    drawn = [c for c in at_play if c not in kept]
    history = ([*kept, *thrown], [drawn], [list(thrown)]) if thrown else (at_play, [], [])
    stock = [c for c in view.unseen() if c not in hand and c not in thrown]
    rng.shuffle(stock)
    return ecarte_view.built_world(view, hand, (history, stock), None)


def his_sizes(view: Any) -> range:
    """The sizes the rules allowed the other player's first discard (the stock then: less the discard before)."""
    made = [size_of(a) for a in view.log if type(a).__name__ in ("Discard", "HiddenDiscard")]
    before = made[: 0 if view.opponent != view.dealer else 1]
    return ecarte.discard_sizes(view.opponent == view.dealer, ecarte.stock_left(before), view.options)


def size_of(discard: Any) -> int:
    """How many cards a discard threw (the seat's own shows them, the other's only their number)."""
    return len(discard.cards) if hasattr(discard, "cards") else int(discard.count)


def calls_by_hand(view: Any) -> list[list[tuple[bool, bool]]]:
    """The other player's calls as (as dealer, stood) by the hand that made them: [0] before his first discard,
    [1] after it (the audit takes no position with a second exchange of his)."""
    opp = view.opponent
    calls: list[list[tuple[bool, bool]]] = [[], []]
    counts: list[int] = []
    answering = False
    for action in view.log:
        name = type(action).__name__
        if name == "Claim" or action is PASS:  # the dealer's turned-up King: no call
            continue
        here = calls[min(len(counts) // 2, 1)]
        if answering:  # the dealer answers a proposal: he refuses iff he holds a jeu de règle
            if opp == view.dealer:
                here.append((True, action is REFUSE))
            if action is REFUSE:
                break
            answering = False
        elif name in ("Discard", "HiddenDiscard"):
            counts.append(size_of(action))
        else:  # the non-dealer proposes, or stands (a card, an announced King) iff he holds a jeu de règle
            if opp != view.dealer and ecarte.stock_left(counts) > 0:
                here.append((False, action is not PROPOSE))
            if action is not PROPOSE:
                break
            answering = True
    return calls


def keeping_order(card: Card, trump: str) -> tuple[float, ...]:
    """Where a card stands in the book's order of keeping (the discard throws the first; ties in pack order)."""
    return (ecarte_book.keep_value(card, trump), ECARTE_PACK.index(card))


def agrees(hand: Sequence[Card], calls: Sequence[tuple[bool, bool]], trump: str) -> bool:
    """Whether the book, holding this hand, makes these calls (stood or refused iff a jeu de règle)."""
    return all(bool(ecarte_book.jeu_de_regle(sorted(hand), trump, dealer=d)) == stood for d, stood in calls)


def exact_values(
    state: DealState, seat: int, worlds: list[tuple[DealState, float]], continuation: str = "book"
) -> dict[Any, tuple[float, float]]:
    """Each option's exact expected points and chance of a win over the weighted worlds, the rest played as the
    coach's ``continuation`` plays it (the book, or the book and then the last tricks exact)."""
    total = sum(w for _, w in worlds)
    values = {}
    for option in coach.options_of(games.observe(state, seat)):
        points = [(coach.outcome(world, option, seat, continuation), w) for world, w in worlds]
        values[option] = (sum(p * w for p, w in points) / total, sum(w for p, w in points if p > 0) / total)
    return values


# ---------------------------------------------------------------------------
# Part 1: coverage


@dataclass
class Coverage:
    """How many of a family's intervals covered the exact value, hint by hint."""

    positions: int = 0
    hints: list[tuple[int, int]] = field(default_factory=list)  # each hint's (intervals, covered)
    points: list[int] = field(default_factory=lambda: [0, 0])  # the points intervals: (in all, covered)
    worst: float = 0.0  # the largest miss, in points

    @property
    def intervals(self) -> int:
        """The intervals counted."""
        return sum(n for n, _ in self.hints)

    @property
    def covered(self) -> int:
        """The intervals that covered the exact value."""
        return sum(c for _, c in self.hints)

    def floor(self) -> float:
        """The least share that is within noise of 95 %: 1.96 standard errors below it, the error taken hint by hint
        (the intervals of one hint share its worlds, and miss together: two cards that do the same job, or the
        points and the chance of a win when a deal is won or lost by one point). With independent intervals this is
        the binomial floor, 0.95 - 1.96 √(0.95 × 0.05 / intervals)."""
        spread = sum((c - 0.95 * n) ** 2 for n, c in self.hints)
        return 0.95 - Z95 * math.sqrt(spread) / self.intervals

    def line(self, name: str) -> str:
        """The family's figures, and whether they are within noise of 95 %."""
        if not self.intervals:
            return f"  {name}: no position found"
        share, floor = self.covered / self.intervals, self.floor()
        in_all, points = self.points
        return (
            f"  {name}: {self.positions} positions, {len(self.hints)} hints, {self.covered}/{self.intervals} intervals "
            f"cover the exact value ({share:.1%}; points {points}/{in_all}, chance of a win "
            f"{self.covered - points}/{self.intervals - in_all}); 95 % within noise is ≥ {floor:.1%}: "
            f"{'ok' if share >= floor else 'BELOW 95 %'}; largest miss {self.worst:.2f} points"
        )


def coverage(
    positions: int, seeds: int, families: Sequence[int] | None = None, continuation: str = "book"
) -> dict[str, Coverage]:
    """Part 1 for every family (or those numbered): positions found by the book's play, each hinted at several
    seeds."""
    found: dict[str, Coverage] = {}
    for family in [FAMILIES[i] for i in families or range(len(FAMILIES))]:
        tally = found[family.name] = Coverage()
        for state, worlds in end_positions(family, positions, continuation in coach.BOT_CONTINUATIONS):
            tally.positions += 1
            covered_at(state, worlds, seeds, tally, continuation)
        print(tally.line(family.name), flush=True)
    return found


def end_positions(
    family: Family, wanted: int, whole: bool = False
) -> Iterator[tuple[DealState, list[tuple[DealState, float]]]]:
    """A family's first end positions whose worlds can be enumerated, with their worlds (deals 0, 1, ...; more of
    them where a deal must have had an exchange; ``whole``: see ``worlds_of``)."""
    found = 0
    for deal in range(3000 if family.exchange else 200):
        if found >= wanted:
            return
        state = book_played(family.key, deal, family.players, family.options, family.cards, family.exchange)
        worlds = worlds_of(state, state.seat_to_move(), whole) if state is not None else None
        if state is not None and worlds:
            found += 1
            yield state, worlds


def covered_at(
    state: DealState, worlds: list[tuple[DealState, float]], seeds: int, tally: Coverage, continuation: str = "book"
) -> None:
    """Count one position's intervals (points and chance of a win, every option, each seed) that cover."""
    seat = state.seat_to_move()
    exact = exact_values(state, seat, worlds, continuation)
    for seed in range(seeds):
        intervals = covered = 0
        for e in coach.hint(state, seat, seed=seed, continuation=continuation).options:
            points, win = exact[e.action]
            for estimate, margin, truth in ((e.points, e.points_margin, points), (e.win, e.win_margin, win)):
                hit = abs(estimate - truth) <= margin + 1e-9
                intervals, covered = intervals + 1, covered + hit
            tally.points[0] += 1
            tally.points[1] += abs(e.points - points) <= e.points_margin + 1e-9
            tally.worst = max(tally.worst, abs(e.points - points) - e.points_margin)
        tally.hints.append((intervals, covered))


# ---------------------------------------------------------------------------
# Part 2: the review's labels against a reference with 20 times the worlds


def labels(key: str, players: int | None, deals: int, every: int = 0, first: int = 0) -> dict[str, Any]:
    """Part 2 for one game: random-play deals reviewed from seat 0, every doubtful verdict measured again (the
    figures so far printed every ``every`` deals, if asked: a run cut short still says what it found; deals
    ``first``, ``first`` + 1, ...: a run may be shared among processes)."""
    found: dict[str, Any] = {"counts": {"good": 0, "inaccuracy": 0, "mistake": 0}, "cheap": [], "costly_good": 0}
    found |= {"measured": 0, "deals": 0}
    for deal in range(first, first + deals):
        state = games.get(key).new_deal(players=players, seed=deal)
        play_deal(state, [RandomPlayer(deal * 10 + s) for s in range(state.n_players)])
        for r in coach.review(state, 0):
            found["counts"][r.verdict] += 1
            if r.chosen != r.best:
                measured_again(r, deal, found)
        found["deals"] += 1
        if every and found["deals"] % every == 0:
            print(f"    {games.get(key).name} so far: {summary(found)}", flush=True)
    return found


def measured_again(r: coach.Reviewed, deal: int, found: dict[str, Any]) -> None:
    """A choice other than the coach's best measured against the reference: a label that costs less than its
    threshold is noted (``cheap``), and a 'good' that surely costs more than a mistake's (``costly_good``)."""
    found["measured"] += 1
    cost, margin = reference_loss(r)
    if r.verdict != "good" and cost < coach.THRESHOLDS[r.verdict]:
        found["cheap"].append(
            f"deal {deal} move {r.number}: {r.verdict} {r.loss:.2f}, reference {cost:.2f} ± {margin:.2f}"
        )
    found["costly_good"] += r.verdict == "good" and cost - margin > coach.THRESHOLDS["mistake"]


def reference_loss(r: coach.Reviewed) -> tuple[float, float]:
    """The choice's cost against the coach's best on 20 times the review's worlds, fresh ones."""
    view = games.observe(r.position, r.hint.seat)
    count = REFERENCE_TIMES * max(r.hint.samples, coach.FRESH_WORLDS)
    outcomes, _ = coach.played_in_worlds(view, [r.best, r.chosen], count, 7_777_777 + r.number)
    return coach.mean_and_margin([b - c for b, c in zip(outcomes[r.best], outcomes[r.chosen])])


def usual_tables() -> list[tuple[str, int]]:
    """Every game the registry knows, with its usual number of players: the games whose review is checked and whose
    Monte Carlo bot meets the rule bot (the coverage's families are the two rooms' own, with their exact worlds)."""
    return [(game.key, game.players[0]) for game in games.every()]


def summary(found: dict[str, Any]) -> str:
    """One game's labels against the reference, in a line."""
    counts, cheap = found["counts"], found["cheap"]
    return (
        f"{found['deals']} deals, {sum(counts.values())} decisions: {counts['good']} good, {counts['inaccuracy']} "
        f"inaccuracies, {counts['mistake']} mistakes; {found['measured']} choices other than the coach's best "
        f"measured again: {len(cheap)} labels cost less than their threshold, {found['costly_good']} 'good' cost "
        f"more than {coach.THRESHOLDS['mistake']} for sure"
    )


def print_labels(name: str, found: dict[str, Any]) -> None:
    """One game's labels against the reference, and each label that cost less than its threshold."""
    print(f"  {name}: {summary(found)}", flush=True)
    for line in found["cheap"]:
        print(f"    {line}")


# ---------------------------------------------------------------------------
# Part 3: the Monte Carlo bot against the rule bot

REPOSITORY = Path(__file__).resolve().parents[1]
MATCH_CODE = """
import sys
from cardlib import tournament
for key, players, deals in {matches!r}:
    r = tournament.run_match(key, "mc", "rules", deals, seed=2026, players=players)
    low, high = r.confidence
    print(f"{{key}} {{players}} {{r.win_rate:.4f}} {{low:.4f}} {{high:.4f}}", flush=True)
"""


def match(deals: int, before: str | None) -> None:
    """Part 3: the match here, and at the ``before`` commit (in a copy of the repository's files at that commit)."""
    plan = [(key, players, deals) for key, players in usual_tables()]
    runs = [("now", None)] + ([(f"at {before}", before)] if before else [])
    for label, ref in runs:
        with tempfile.TemporaryDirectory() as folder:
            path = str(REPOSITORY) if ref is None else extracted(ref, folder)
            env = {**os.environ, "PYTHONPATH": path}
            run = subprocess.run(
                [sys.executable, "-c", MATCH_CODE.format(matches=plan)],
                env=env,
                cwd=path,
                text=True,
                capture_output=True,
            )
        if run.returncode:
            raise RuntimeError(f"the match {label} failed:\n{run.stderr}")
        out = run.stdout
        for line in out.split("\n"):
            if line:
                key, players, rate, low, high = line.split()
                print(
                    f"  {label}: {key} ({players} players): mc wins {float(rate):.1%} of {deals} mirrored deal pairs "
                    f"against rules (95 % CI {float(low):.1%} - {float(high):.1%})",
                    flush=True,
                )


def extracted(ref: str, folder: str) -> str:
    """The repository's files at a commit, in a folder (``git archive``)."""
    archive = subprocess.run(["git", "archive", ref], cwd=REPOSITORY, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return folder


def main(argv: Sequence[str] | None = None) -> None:
    """Run the parts asked for and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=4, help="positions per family (default 4: 36 in all)")
    parser.add_argument("--seeds", type=int, default=20, help="hints per position, at seeds 0, 1, ... (default 20)")
    parser.add_argument("--deals", type=int, default=100, help="random-play deals reviewed per game (default 100)")
    parser.add_argument("--match-deals", type=int, default=100, help="mirrored deal pairs per match (default 100)")
    parser.add_argument("--before", default=None, help="a commit at which to play the match again")
    parser.add_argument("--parts", nargs="*", default=["coverage", "labels", "match"])
    parser.add_argument("--first-deal", type=int, default=0, help="the seed of the first deal reviewed (default 0)")
    parser.add_argument("--games", nargs="*", default=games.keys(), help="the games whose labels to check (all)")
    parser.add_argument("--families", nargs="*", type=int, default=None, help="the families to cover (0, 1, ...)")
    parser.add_argument(
        "--continuation", choices=coach.CONTINUATIONS, default="book", help="how the coach plays the rest (coverage)"
    )
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    start = time.process_time()
    if "coverage" in args.parts:
        print("Coverage of the coach's 95 % intervals, against every world of the view:", flush=True)
        coverage(args.positions, args.seeds, args.families, args.continuation)
    if "labels" in args.parts:
        print(f"The review's labels against {REFERENCE_TIMES} times the worlds ({args.deals} random-play deals):")
        for key, players in [game for game in usual_tables() if game[0] in args.games]:
            print_labels(games.get(key).name, labels(key, players, args.deals, 5, args.first_deal))
    if "match" in args.parts:
        print("The Monte Carlo bot against the rule bot:", flush=True)
        match(args.match_deals, args.before)
    print(f"processor time {time.process_time() - start:.0f} s (this process)")


if __name__ == "__main__":
    main()
