"""A Monte Carlo bot: imagine the hidden cards many times, play each move out, keep the best.

This is *determinization* (also called perfect-information Monte Carlo):

1. draw a world — the unseen cards dealt at random where the seat cannot see, agreeing
   with everything it knows (``views.sample_world``);
2. for each candidate move, play the world out to the end of the deal with a fast
   policy (the book's advice; in Écarté each imagined player reckons only with the
   cards he could see, as the real rule-based bots do, in Alkort they see the imagined
   hands, which measured better). The world is the engine's own state (``play_out``:
   a clone, then ``apply`` move after move), so every rule of play is the engine's;
3. do this for many worlds — the same worlds for every candidate, so that luck cancels
   out between them — and choose the move that did best on the deal's points.

The fast policy is the rule-based advice of ``ecarte_advice`` and ``alkort_advice``,
so the Monte Carlo bot is the advice, *corrected by looking ahead*. Its weakness is the
classic one of determinization: in each world it plays as if it knew the cards, so it
never values keeping information back.

In Écarté the bot also *reads its opponent*: it assumes he follows the book, so a player
who stood probably holds a *jeu de règle*, a dealer who refused a strong hand, and one who
threw three cards kept two trumps or Kings. Worlds are drawn to agree with that
(``book_history``); if none does, the opponent is not playing by the book and the bot
falls back to worlds that only agree with what it has seen.

The number of worlds is fixed (not a time budget), so the bot decides the same on any
machine: slower machines just take longer. The budgets below keep a decision under
about 50 ms of processor time on a modest machine.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import ecarte
from ..alkort import AlkortState, partner_of
from ..alkort import advice as alkort_advice
from ..alkort.view import alkort_world
from ..cards import Card
from ..ecarte import ANSWER, CHOOSE, PLAY, EcarteState
from ..ecarte import advice as ecarte_advice
from ..ecarte.view import EcarteView, HiddenDiscard, History, discard_count, ecarte_world
from ..players import Decision, InformedPlayer
from ..tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Claim, Discard, Exchange, action_text

View = Any  # a seat's view of a deal, from its game's room

# ---------------------------------------------------------------------------
# Play-outs: the engine's state, moved by the book's advice


def ecarte_policy(state: EcarteState, legal: Sequence[Action]) -> Action:
    """The book's move for the player to move in an Écarté world, reckoning only with the cards he could see."""
    if state.king_to_claim:  # a free point for the dealer, claimed at once
        return Claim(state.turned_up)
    seat = state.seat_to_move()
    hand, trump, phase = state.hands[seat], state.trump, state.phase
    if phase is ANSWER:
        return REFUSE if ecarte_advice.jeu_de_regle(hand, trump, dealer=True) else ACCEPT
    if phase.is_discard:
        sizes = ecarte.discard_sizes(seat == state.dealer, len(state.stock), state.options)
        return Discard(ecarte_advice.discard_advice(hand, trump, sizes)[0])
    if phase is CHOOSE and PROPOSE in legal and not ecarte_advice.jeu_de_regle(hand, trump):
        return PROPOSE
    for a in legal:
        if isinstance(a, Announce):  # a free point, for whoever holds the King, the moment he may
            return a
    cards = [a for a in legal if isinstance(a, Card)]
    if len(cards) == 1:
        return cards[0]
    outside = ecarte_unseen_by(state, hand) if not state.trick else ()
    return ecarte_advice.play_advice(hand, state.trick, trump, cards, outside)[0]


def ecarte_unseen_by(state: EcarteState, hand: Sequence[Card]) -> list[Card]:
    """The cards a player of this world cannot see (as the real bots reckon: not his, not played, not turned up)."""
    seen = {*hand, state.turned_up, *state.trick, *(c for t in state.tricks for c in t.cards)}
    return [c for c in state.deck if c not in seen]


def alkort_policy(state: AlkortState, legal: Sequence[Action]) -> Card:
    """The book's card for the player to move in an Alkort world.

    Unlike in Écarté, the players of an Alkort play-out see the imagined hands: measured,
    this is as strong as reckoning as the real bots do, and a fifth faster.
    """
    seat, n, hands = state.seat_to_move(), state.n_players, state.hands
    # The cards among the legal actions (an exchange may be offered too): asked of the actions themselves, so that
    # when the stock may be taken stays the engine's rule alone.
    cards = [a for a in legal if isinstance(a, Card)]
    if len(cards) == 1:
        return cards[0]
    outside = [c for s in range(n) if s != seat for c in hands[s]] if not state.trick else []
    partner = partner_of(seat, n)
    partner_holds = hands[partner] if partner is not None else []
    return alkort_advice.play_advice(
        hands[seat],
        cards,
        state.trick,
        seat,
        state.leader,
        n,
        state.has_won,
        not state.tricks,
        state.options,
        outside,
        partner_holds,
    )[0]


def value_of(world: AlkortState | EcarteState, move: Action, seat: int) -> float:
    """Make a move in a copy of a world and play it out to the end of the deal: the deal's value for ``seat``.

    In Alkort only cards are compared here: a bot decides on a card once every other seat has
    been offered the exchange, and the imagined players play cards.
    """
    return deal_value(played_out(world, move).returns()[seat])


def played_out(world: AlkortState | EcarteState, move: Action) -> AlkortState | EcarteState:
    """A copy of a world, with the move made and the deal played out to its end by the book (the coach's too)."""
    world = world.clone()
    world.apply(move)
    return world.play_out(policy_for(world))


def policy_for(world: AlkortState | EcarteState) -> Any:
    """The play-out policy of a world's game: the book's move for whoever is to move."""
    return alkort_policy if isinstance(world, AlkortState) else ecarte_policy


def deal_value(margin: float) -> float:
    """How good a deal's result is, from its point margin: 1 for winning it, ½ for a tie, plus a little per point."""
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0) + 0.01 * margin


# ---------------------------------------------------------------------------
# Reading the other Écarté player: worlds where he played by the book


def book_history(view: EcarteView, rng: random.Random, at_play: list[Card], free: list[Card]) -> History | None:
    """The other player's past, drawn as if he followed the book; None if the book would not explain his calls.

    ``at_play`` is his hand when play began (his played cards and an imagined rest),
    ``free`` the unseen cards that could have been his discards. Going back from the last
    exchange: he kept trumps and Kings and threw the rest (``discard_advice``), so his
    discards are drawn from the free cards that are neither, and the cards he kept are
    his trumps and Kings. Then each of his calls is checked against the book: he proposed
    only without a *jeu de règle*, and (as dealer) refused only with one. This is a model
    of the opponent, not knowledge: against a player who ignores the book no world may
    agree with it, and ``Imagination`` then drops it.
    """
    counts = [discard_count(d) for d in view.discards_of(view.opponent)]
    stock_before = discard_stock_sizes(view)[view.opponent]
    throwable = [c for c in free if not keeps(c, view.trump)]
    rng.shuffle(throwable)
    hand = list(at_play)
    before: list[list[Card]] = [[] for _ in counts]
    drawn: list[list[Card]] = [[] for _ in counts]
    thrown: list[list[Card]] = [[] for _ in counts]
    for r in reversed(range(len(counts))):
        undone = exchange_by_the_book(view, rng, hand, counts[r], throwable, stock_before[r])
        if undone is None:
            return None
        before[r], drawn[r], thrown[r], throwable = undone
        hand = before[r]
    if not calls_follow_the_book(view, before + [list(at_play)]):
        return None
    return hand, drawn, thrown


def keeps(c: Card, trump: str) -> bool:
    """The book's exchange keeps trumps and Kings."""
    return c.suit == trump or c.rank == "K"


def exchange_by_the_book(
    view: EcarteView, rng: random.Random, hand: list[Card], count: int, throwable: list[Card], stock: int
) -> tuple[list[Card], ...] | None:
    """One of the other player's exchanges undone, as the book would have made it: his hand before it, the cards
    he drew, those he threw, and the throwable cards left; None if the book would have thrown other cards."""
    if len(throwable) < count:
        return None
    keepers = [c for c in hand if keeps(c, view.trump)]
    others = [c for c in hand if not keeps(c, view.trump)]
    rng.shuffle(keepers)
    rng.shuffle(others)
    kept = (keepers + others)[: len(hand) - count]
    thrown, rest = throwable[:count], throwable[count:]
    stayed = set(kept)
    drawn = [c for c in hand if c not in stayed]
    before = kept + thrown
    sizes = ecarte.discard_sizes(view.opponent == view.dealer, stock, view.options)
    if set(ecarte_advice.discard_advice(before, view.trump, sizes)[0]) != set(thrown):
        return None
    return before, drawn, thrown, rest


def discard_stock_sizes(view: EcarteView) -> dict[int, list[int]]:
    """For each seat, the size of the stock before each of its discards (read from the log)."""
    stock = ecarte.STOCK_SIZE
    sizes: dict[int, list[int]] = {0: [], 1: []}
    count = 0
    for action in view.log:
        if isinstance(action, (Discard, HiddenDiscard)):
            sizes[ecarte.discarder(count, view.dealer)].append(stock)
            stock -= discard_count(action)
            count += 1
    return sizes


def calls_follow_the_book(view: EcarteView, hands: list[list[Card]]) -> bool:
    """Did the other player's calls follow the book, given his hand at each round (``hands[r]``; the last at play)?"""
    opp, trump = view.opponent, view.trump
    round_, discards = 0, 0
    stock = ecarte.STOCK_SIZE
    answering = False
    for action in view.log:
        if isinstance(action, Claim) or action is PASS:  # the dealer's turned-up King: no call of the exchanges
            continue
        hand = hands[min(round_, len(hands) - 1)]
        if answering:  # the dealer answers a proposal
            refused = action is REFUSE
            if opp == view.dealer and refused != bool(ecarte_advice.jeu_de_regle(hand, trump, dealer=True)):
                return False
            if refused:
                return True
            answering = False
        elif isinstance(action, (Discard, HiddenDiscard)):
            stock -= discard_count(action)
            discards += 1
            round_ += discards % 2 == 0
        else:  # the non-dealer's call: propose, or stand (lead a card, or announce the King)
            proposed = action is PROPOSE
            if opp != view.dealer and stock > 0 and proposed == bool(ecarte_advice.jeu_de_regle(hand, trump)):
                return False
            if not proposed:
                return True
            answering = True
    return True


BELIEF_TRIES = 25  # worlds drawn before giving up on the belief that the other plays by the book


class Imagination:
    """Draws the worlds for one decision: in Écarté, preferably worlds where the other player's calls follow the book.

    If no world in ``BELIEF_TRIES`` agrees with the book, the other player is not following it
    (or was very lucky): the belief is dropped for the rest of the decision. The first world is
    built by replaying the log; the others are copies of it with other hidden cards.
    """

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        self.believe = isinstance(view, EcarteView) and bool(view.log)
        self.template: AlkortState | EcarteState | None = None  # the first world

    def world(self) -> AlkortState | EcarteState:
        view = self.view
        if isinstance(view, EcarteView):
            world: AlkortState | EcarteState = self.ecarte_world(view)
        else:
            world = alkort_world(view, self.rng, self.template)  # type: ignore[arg-type]
        if self.template is None:
            self.template = world
        return world

    def ecarte_world(self, view: EcarteView) -> EcarteState:
        """An Écarté world, where the other player's calls follow the book while that can be believed."""
        template: EcarteState | None = self.template  # type: ignore[assignment]
        if self.believe:
            for _ in range(BELIEF_TRIES):
                world = ecarte_world(view, self.rng, book_history, template)
                if world is not None:
                    return world
            self.believe = False
        world = ecarte_world(view, self.rng, None, template)
        assert world is not None, "without a belief, no world is thrown away"
        return world


# ---------------------------------------------------------------------------
# The moves worth comparing


def candidates(view: View) -> Sequence[Action]:
    """The moves to compare, the advice's favourite first; equivalent cards are compared once."""
    legal = list(view.legal)
    if isinstance(view, EcarteView):
        if view.phase.is_discard:
            # the book's discard, and one card more or less: throw the weakest cards either way
            sizes = {len(a.cards) for a in legal if isinstance(a, Discard)}  # here every legal move is a Discard
            ordered = sorted(view.hand, key=lambda c: ecarte_advice.keep_value(c, view.trump))
            book = len(ecarte_advice.discard_advice(view.hand, view.trump, range(min(sizes), max(sizes) + 1))[0])
            return [Discard(ordered[:k]) for k in (book, book - 1, book + 1) if k in sizes]
        if view.phase is CHOOSE:
            announce: list[Action] = [a for a in legal if isinstance(a, Announce)]
            stand = announce or [a for a in legal if isinstance(a, Card)]
            return [a for a in legal if a is PROPOSE] + stand
        return legal
    cards = [a for a in legal if isinstance(a, Card)]
    if view.options.rubbish_order == "led_suit":
        return cards
    seen: dict[tuple[int, str], Card] = {}
    for c in cards:  # rubbish cards of the same kind do the same job
        strength = alkort_advice.strength(c, view.options)
        kind = (strength, "") if strength else (0, c.rank if c.rank in "7 2 3 Q K" else "")
        seen.setdefault(kind, c)
    return list(seen.values())


# How many standard errors better than the book's move another move must do, in Écarté.
TRUST_THE_BOOK = 1.0
PRUNE_EVERY, PRUNE_AT, MAX_WORLDS = 8, 2.0, 400


def lead_of(a: list[float], b: list[float]) -> tuple[float, float]:
    """How much better a did than b in the same worlds (their first len(b) worlds), and the standard error."""
    gains = [x - y for x, y in zip(a, b)]
    if len(gains) < 2:
        return 0.0, math.inf
    return statistics.fmean(gains), statistics.pstdev(gains) / math.sqrt(len(gains))


def clearly_better(a: list[float], b: list[float], margin: float = TRUST_THE_BOOK) -> bool:
    """Whether a beat b in the same worlds by more than ``margin`` standard errors."""
    mean, error = lead_of(a, b)
    return mean > margin * error


def still_in_the_race(values: list[list[float]], alive: list[int], keep: int | None) -> list[int]:
    """The moves not clearly beaten by the current leader (the book's move, if any, is kept)."""
    leader = max(alive, key=lambda i: statistics.fmean(values[i]))
    return [i for i in alive if i in (leader, keep) or not clearly_better(values[leader], values[i], PRUNE_AT)]


# Play-outs per Écarté decision, by phase: the first call and the answer get the most, as
# they matter most; play-outs that go through the exchanges cost about four times more.
ECARTE_BUDGET = {PLAY: 240, CHOOSE: 160, ANSWER: 160}


class MonteCarloBot(InformedPlayer):
    """Chooses by playing out sampled worlds (determinization) with the book's advice as the fast policy."""

    name = "mc"

    def __init__(self, seed: int | None = 0, rollouts: int | None = None) -> None:
        super().__init__(seed)
        self.rollouts = rollouts  # play-outs per decision, shared among the candidates (None: the game's default)

    def choose(self, view: View) -> Decision:
        legal = list(view.legal)
        forced = self.forced(view, legal)
        if forced is not None:
            return forced
        rng = self.rng_for(view)
        if isinstance(view, EcarteView) and view.phase is CHOOSE and PROPOSE in legal:
            return self.stand_or_propose(view, rng)
        moves = list(candidates(view))
        if len(moves) == 1:
            return Decision(moves[0], f"{does(moves[0])}: the other legal cards would do the same job")
        book = None
        if isinstance(view, EcarteView):  # Écarté: the book's move stands unless clearly beaten
            book_move = ecarte_advice.EcarteRuleBot().choose(view).action
            if book_move not in moves:
                moves.insert(0, book_move)
            book = moves.index(book_move)
        best, tallies = self.compare(view, moves, rng, book=book)
        return Decision(moves[best], explain_choice(moves, best, tallies, book))

    def stand_or_propose(self, view: EcarteView, rng: random.Random) -> Decision:
        """Écarté's first question, on its own: propose, or stand (announcing, then leading the best card)?"""
        announce = [a for a in view.legal if isinstance(a, Announce)]
        cards = [a for a in view.legal if isinstance(a, Card)]
        stand = (
            announce[0] if announce else ecarte_advice.play_advice(view.hand, [], view.trump, cards, view.unseen())[0]
        )
        book = 0 if ecarte_advice.jeu_de_regle(view.hand, view.trump) else 1
        best, tallies = self.compare(view, [stand, PROPOSE], rng, book=book)
        if best == 1 or isinstance(stand, Announce):  # proposes, or announces now and leads next turn
            return Decision([stand, PROPOSE][best], explain_choice([stand, PROPOSE], best, tallies, book))
        lead, leads = self.compare(view, cards, rng, budget=80, book=cards.index(stand))
        standing, proposing, leading = tallies[0], tallies[1], leads[lead]
        return Decision(
            cards[lead],
            f"stands (standing finished ahead on the deal's points in "
            f"{share(standing.ahead, standing.worlds)}, proposing in "
            f"{share(proposing.ahead, proposing.worlds)}) and leads {cards[lead]}, "
            f"which finished ahead in {share(leading.ahead, leading.worlds)}",
        )

    def worlds_for(self, view: View, moves: Sequence[Action], budget: int | None = None) -> int:
        """How many worlds to imagine: play-outs are shared among the moves, and cost more early in a deal."""
        if self.rollouts:
            return max(4, self.rollouts // len(moves))
        if budget is not None:
            rollouts = budget
        elif isinstance(view, EcarteView):  # play-outs through the exchanges are dearer
            rollouts = ECARTE_BUDGET.get(view.phase, 120)
        else:
            cards_left = sum(view.hand_size(s) for s in range(view.players))
            rollouts = min(320, max(60, 4000 // cards_left))
        return max(8, rollouts // len(moves))

    def compare(
        self,
        view: View,
        moves: Sequence[Action],
        rng: random.Random,
        budget: int | None = None,
        book: int | None = None,
    ) -> tuple[int, list[Tally]]:
        """Play every move out in the same imagined worlds: the best move's index, and how each move did.

        The play-outs are spent where they matter: every ``PRUNE_EVERY`` worlds, a move that
        trails the leader by more than ``PRUNE_AT`` standard errors (in the same worlds) is
        dropped, and the worlds it would have used go to the moves still in the race.

        With ``book`` (the index of the book's move), another move is chosen only if it did
        better in the same worlds by more than ``TRUST_THE_BOOK`` standard errors: with a few
        dozen worlds, a small lead is as likely luck as skill, and the book is a good player.
        """
        rollouts = self.worlds_for(view, moves, budget) * len(moves)
        values: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        imagination = Imagination(view, rng)
        n_worlds = 0
        while len(alive) > 1 and rollouts >= len(alive) and n_worlds < MAX_WORLDS:
            world = imagination.world()
            n_worlds += 1
            for i in alive:
                values[i].append(value_of(world, moves[i], view.seat))
            rollouts -= len(alive)
            if n_worlds % PRUNE_EVERY == 0 and len(alive) > 1:
                alive = still_in_the_race(values, alive, book)
        best = max(alive, key=lambda i: (statistics.fmean(values[i]), -i))
        if book is not None and best != book and book in alive:
            if not clearly_better(values[best], values[book]):
                best = book
        return best, [Tally.of(v) for v in values]

    def forced(self, view: View, legal: Sequence[Action]) -> Decision | None:
        """Moves that need no search: the only legal move, announcing the King, the worthless-hand exchange."""
        if isinstance(view, EcarteView):
            claim = ecarte_advice.claim_the_king(view)
            if claim is not None:
                return claim
            announce = next((a for a in legal if isinstance(a, Announce)), None)
            if announce is not None and (view.phase is PLAY or PROPOSE not in legal):
                return Decision(announce, f"announces {announce.king} for a point before playing a card")
        if len(legal) == 1:
            return Decision(legal[0], f"{does(legal[0])}, the only legal move")
        if isinstance(view, EcarteView):
            return None
        if any(isinstance(a, Exchange) for a in legal) and alkort_advice.takes_the_stock(view.hand, view.options):
            keep, why = alkort_advice.exchange_advice(view.hand, view.options)
            return Decision(Exchange(keep), why)
        return None

    def choose_optional(self, view: View) -> Decision | None:
        return self.forced(view, view.legal) if view.legal else None


# ---------------------------------------------------------------------------
# What the imagined deals said, in true words
#
# The bot compares moves by the deal's value (``deal_value``): finishing ahead on the deal's
# points (Écarté's King points included), then by how much. So that is what a reason counts,
# and says it counts; a share of few imagined deals is given as a count.

FEW_WORLDS = 16  # a share of this many imagined deals or fewer is told as a count: '9 of 12 imagined deals'


@dataclass(frozen=True)
class Tally:
    """How one move did in the imagined deals it was played out in."""

    worlds: int
    ahead: int  # deals it finished ahead on the deal's points
    level: int  # deals it finished level on points
    mean: float  # its mean value, what the bot compares

    @classmethod
    def of(cls, values: Sequence[float]) -> Tally:
        """The tally of a move's values, one per imagined deal (see deal_value)."""
        return cls(
            len(values),
            sum(v >= 1.0 for v in values),
            sum(v == 0.5 for v in values),
            statistics.fmean(values) if values else 0.0,
        )

    @property
    def rate(self) -> float:
        """The share of its imagined deals that it finished ahead."""
        return self.ahead / self.worlds if self.worlds else 0.0


def share(count: int, worlds: int) -> str:
    """A share of imagined deals that says how many: '62% of 40 imagined deals', or '9 of 12 imagined deals'."""
    if worlds <= FEW_WORLDS:
        return f"{count} of {worlds} imagined deals"
    return f"{count / worlds:.0%} of {worlds} imagined deals"


def explain_choice(moves: Sequence[Action], best: int, tallies: Sequence[Tally], book: int | None = None) -> str:
    """One true sentence: how the chosen move did in its imagined deals, against the next best move."""
    chosen, doing = tallies[best], does(moves[best])
    runner = max((i for i in range(len(moves)) if i != best), key=lambda i: tallies[i].mean)
    other = tallies[runner]
    if all(t.ahead == 0 and t.level == 0 for t in tallies):
        return (
            f"{doing}: whatever it played, the deal was lost in every imagined deal "
            f"({chosen.worlds} for this move), and this loses least"
        )
    mine = f"it finished ahead on the deal's points in {share(chosen.ahead, chosen.worlds)}"
    theirs = f"{action_text(moves[runner])} in {share(other.ahead, other.worlds)}"
    if best == book and other.rate > chosen.rate:
        return f"{doing}, as the book advises: {mine}, and {theirs} was not clearly better"
    if chosen.ahead == chosen.worlds and other.ahead == other.worlds:
        return (
            f"{doing}: it finished ahead on points in all {chosen.worlds} imagined deals, as would others; "
            f"this scores the most"
        )
    if all(t.ahead == 0 for t in tallies):
        return (
            f"{doing}: no move finished ahead on points in any imagined deal; this one ends level in "
            f"{share(chosen.level, chosen.worlds)}, and does best on average"
        )
    also = "; it scores more on average" if other.rate > chosen.rate and chosen.mean > other.mean else ""
    return f"{doing}: {mine}, against {theirs}{also}"


def does(action: Action) -> str:
    """A move as a verb phrase: 'plays K♦', 'proposes', 'discards 7♠ 8♠'."""
    verb, _, rest = action_text(action).partition(" ")
    return f"{verb}s {rest}".strip()
