"""A Monte Carlo bot: imagine the hidden cards many times, play each move out, keep the best.

This is *determinization* (also called perfect-information Monte Carlo):

1. draw a world — the unseen cards dealt at random where the seat cannot see, agreeing
   with everything it knows (``views.sample_world``);
2. for each candidate move, play the world out to the end of the deal with a fast
   policy (the book's advice; in Écarté each imagined player reckons only with the
   cards he could see, as the real rule-based bots do, in Alkort they see the imagined
   hands, which measured better);
3. do this for many worlds — the same worlds for every candidate, so that luck cancels
   out between them — and choose the move that won the deal most often.

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
from collections.abc import Collection, Sequence

from .. import alkort, ecarte
from ..alkort import AlkortState
from ..cards import Card
from ..ecarte import EcarteState
from ..players import Decision
from ..tricks import ACCEPT, PROPOSE, REFUSE, Action, Announce, Discard, Exchange, action_text
from . import alkort_advice, ecarte_advice
from .base import InformedPlayer
from .views import EcarteView, HiddenDiscard, History, View, discard_count, ecarte_world, sample_world

# ---------------------------------------------------------------------------
# Fast policies for the play-outs: the advice, each imagined player reckoning with what he could see.


def ecarte_policy(state: EcarteState) -> Action:
    """The book's move in an Écarté world before play (propose, answer, discard, announce)."""
    trump, phase = state.trump, state.phase
    seat = state.current_player
    assert seat is not None, "a deal in progress has a player to move"
    hand = state.hands[seat]
    if phase == "accept or refuse":
        return REFUSE if ecarte_advice.jeu_de_regle(hand, trump, dealer=True) else ACCEPT
    if phase in ("non-dealer discards", "dealer discards"):
        sizes = ecarte.discard_sizes(seat == state.dealer, len(state.stock), state.options)
        return Discard(ecarte_advice.discard_advice(hand, trump, sizes)[0])
    legal = state.legal_actions()
    if phase == "play or propose" and PROPOSE in legal and not ecarte_advice.jeu_de_regle(hand, trump):
        return PROPOSE
    for a in legal:
        if isinstance(a, Announce):
            return a
    cards = [a for a in legal if isinstance(a, Card)]
    return ecarte_advice.play_advice(hand, state.trick, trump, cards, ecarte_unseen_by(state, hand, ()))[0]


def ecarte_unseen_by(state: EcarteState, hand: Sequence[Card], played: Collection[Card]) -> list[Card]:
    """The cards a player of this world cannot see (as the real bots reckon: not his, not played, not turned up)."""
    return [c for c in state.deck if c not in hand and c not in played and c != state.turned_up]


def ecarte_finish(state: EcarteState, seat: int, move: Card | None = None) -> float:
    """Play an Écarté world to its end with the advice; the deal's value for ``seat``.

    The exchanges go through the engine's state; the tricks are played on plain lists
    with the engine's own rules (``legal_plays``, ``trick_winner``, ``score_deal``), which
    is several times faster than a state. ``move``, if given, is the (legal) card the
    player to move plays first, in the play; the state is then not changed.
    """
    while not state.is_over and state.phase != "play":
        state.apply(ecarte_policy(state))
    if state.is_over:
        return deal_value(state.returns()[seat])
    options, trump = state.options, state.trump
    points = list(state.king_points)
    for s in (0, 1):  # everyone announces the King of trumps when he may: a free point
        if state.may_announce(s):
            points[s] += 1
            if state.scores_before[s] + points[s] >= options.target_score:  # the game ends at once
                return deal_value(points[seat] - points[1 - seat])
    hands = [list(state.hands[0]), list(state.hands[1])]
    trick, leader, turn = list(state.trick), state.leader, state.current_player
    assert turn is not None, "a deal in progress has a player to move"
    played = {c for t in state.tricks for c in t.cards} | set(trick)
    won = [state.trick_winners.count(0), state.trick_winners.count(1)]
    while won[0] + won[1] < ecarte.TRICKS_PER_DEAL:
        hand = hands[turn]
        legal = ecarte.legal_plays(hand, trick, trump, options)
        if move is not None:
            c, move = move, None
        else:
            # the players of the play-out reckon as the real bots do: not with the other's hand face up
            outside = ecarte_unseen_by(state, hand, played) if not trick else ()
            c = legal[0] if len(legal) == 1 else ecarte_advice.play_advice(hand, trick, trump, legal, outside)[0]
        hand.remove(c)
        trick.append(c)
        played.add(c)
        if len(trick) == 1:
            turn = 1 - turn
            continue
        leader = turn = (leader + ecarte.trick_winner(trick, trump)) % 2
        won[leader] += 1
        trick = []
    result = ecarte.score_deal(won, state.dealer, state.proposals > 0, state.refusal_risks_penalty)
    points[result.seat] += result.points
    return deal_value(points[seat] - points[1 - seat])


def book_history(view: EcarteView, rng: random.Random, at_play: list[Card],
                 free: list[Card]) -> History | None:
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
    opp, trump, options = view.opponent, view.trump, view.options
    counts = [discard_count(d) for d in view.discards_of(opp)]
    stock_before = discard_stock_sizes(view)[opp]
    def keeper(c: Card) -> bool:
        return c.suit == trump or c.rank == "K"
    throwable = [c for c in free if not keeper(c)]
    rng.shuffle(throwable)
    hand = list(at_play)
    before: list[list[Card]] = [[] for _ in counts]
    drawn: list[list[Card]] = [[] for _ in counts]
    thrown: list[list[Card]] = [[] for _ in counts]
    for r in reversed(range(len(counts))):
        k = counts[r]
        if len(throwable) < k:
            return None
        keepers = [c for c in hand if keeper(c)]
        others = [c for c in hand if not keeper(c)]
        rng.shuffle(keepers)
        rng.shuffle(others)
        kept = (keepers + others)[:len(hand) - k]
        thrown[r], throwable = throwable[:k], throwable[k:]
        drawn[r] = [c for c in hand if c not in kept]
        before[r] = kept + thrown[r]
        sizes = ecarte.discard_sizes(opp == view.dealer, stock_before[r], options)
        if set(ecarte_advice.discard_advice(before[r], trump, sizes)[0]) != set(thrown[r]):
            return None
        hand = before[r]
    if not calls_follow_the_book(view, before + [list(at_play)]):
        return None
    return hand, drawn, thrown


def discard_stock_sizes(view: EcarteView) -> dict[int, list[int]]:
    """For each seat, the size of the stock before each of its discards (read from the log)."""
    stock = len(ecarte.ECARTE_PACK) - 2 * ecarte.HAND_SIZE - 1
    sizes: dict[int, list[int]] = {0: [], 1: []}
    count = 0
    for action in view.log:
        if isinstance(action, (Discard, HiddenDiscard)):
            seat = 1 - view.dealer if count % 2 == 0 else view.dealer  # in pairs: non-dealer, then dealer
            sizes[seat].append(stock)
            stock -= discard_count(action)
            count += 1
    return sizes


def calls_follow_the_book(view: EcarteView, hands: list[list[Card]]) -> bool:
    """Did the other player's calls follow the book, given his hand at each round (``hands[r]``; the last at play)?"""
    opp, trump = view.opponent, view.trump
    round_, discards = 0, 0
    stock = len(ecarte.ECARTE_PACK) - 2 * ecarte.HAND_SIZE - 1
    answering = False
    for action in view.log:
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
    (or was very lucky): the belief is dropped for the rest of the decision.
    """

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        self.believe = isinstance(view, EcarteView) and bool(view.log)
        self.template: EcarteState | None = None  # the first Écarté world, built by replaying the log

    def world(self) -> AlkortState | EcarteState:
        view = self.view
        if not isinstance(view, EcarteView):
            return sample_world(view, self.rng)
        world = None
        if self.believe:
            for _ in range(BELIEF_TRIES):
                world = ecarte_world(view, self.rng, book_history, self.template)
                if world is not None:
                    break
            else:
                self.believe = False
        if world is None:
            world = ecarte_world(view, self.rng, None, self.template)
            assert world is not None, "without a belief, no world is thrown away"
        if self.template is None:
            self.template = world
        return world


def alkort_finish(state: AlkortState, seat: int, move: Card | None = None) -> float:
    """Play an Alkort world to its end with the advice; the deal's value for ``seat``.

    Played on plain lists with the engine's own rules (``legal_plays``, ``judge_trick``,
    ``deal_is_decided``, ``score_deal``). The exchanges are over by then: a bot decides
    on a card only after every other seat has been offered the exchange. ``move``, if
    given, is the (legal) card the player to move plays first; the state is not changed.
    """
    options, n = state.options, state.n_players
    hands = [list(h) for h in state.hands]
    trick, leader, turn = list(state.trick), state.leader, state.current_player
    assert turn is not None, "a deal in progress has a player to move"
    has_won = list(state.has_won)
    sides = [state.side_of(t.winner) for t in state.tricks]
    side_of = (lambda s: s % 2) if n == 4 else (lambda s: s)
    # Unlike in Écarté, the players of an Alkort play-out see the imagined hands: measured,
    # this is as strong as reckoning as the real bots do, and a fifth faster.
    while not alkort.deal_is_decided(sides, options.play_out):
        hand = hands[turn]
        first = not sides
        legal = alkort.legal_plays(hand, trick, has_won[turn], first, options)
        if move is not None:
            c, move = move, None
        elif len(legal) == 1:
            c = legal[0]
        else:
            outside = [c for s in range(n) if s != turn for c in hands[s]] if not trick else ()
            partner_holds = hands[(turn + 2) % 4] if n == 4 else []
            c = alkort_advice.play_advice(hand, legal, trick, turn, leader, n, has_won, first, options,
                                          outside, partner_holds)[0]
        hand.remove(c)
        trick.append(c)
        if len(trick) < n:
            turn = (turn + 1) % n
            continue
        winner = (leader + alkort.judge_trick(trick, has_won[leader], first, options)[0]) % n
        has_won[winner] = True
        sides.append(side_of(winner))
        trick = []
        leader = winner if options.lead_rule == "winner" else (leader + 1) % n
        turn = leader
    result = alkort.score_deal(sides)
    margin = 0 if result is None else (result.points if result.side == side_of(seat) else -result.points)
    return deal_value(margin)


def value_of(world: AlkortState | EcarteState, move: Action, seat: int) -> float:
    """Make a move in a world and play it out to the end of the deal: the value for ``seat``."""
    if isinstance(world, AlkortState):
        assert isinstance(move, Card), "in Alkort only cards are compared (the exchange is the book's)"
        return alkort_finish(world, seat, move)
    if world.phase == "play" and isinstance(move, Card):
        return ecarte_finish(world, seat, move)
    s = world.clone()
    s.apply(move)
    return ecarte_finish(s, seat)


def deal_value(margin: float) -> float:
    """How good a deal's result is, from its point margin: 1 for winning it, ½ for a tie, plus a little per point."""
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0) + 0.01 * margin


# ---------------------------------------------------------------------------
# The moves worth comparing


def candidates(view: View) -> Sequence[Action]:
    """The moves to compare, the advice's favourite first; equivalent cards are compared once."""
    legal = list(view.legal)
    if isinstance(view, EcarteView):
        if view.phase in ("non-dealer discards", "dealer discards"):
            # the book's discard, and one card more or less: throw the weakest cards either way
            sizes = {len(a.cards) for a in legal if isinstance(a, Discard)}  # here every legal move is a Discard
            ordered = sorted(view.hand, key=lambda c: ecarte_advice.keep_value(c, view.trump))
            book = len(ecarte_advice.discard_advice(view.hand, view.trump, range(min(sizes), max(sizes) + 1))[0])
            return [Discard(ordered[:k]) for k in (book, book - 1, book + 1) if k in sizes]
        if view.phase == "play or propose":
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
ECARTE_BUDGET = {"play": 240, "play or propose": 160, "accept or refuse": 160}


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
        if isinstance(view, EcarteView) and view.phase == "play or propose" and PROPOSE in legal:
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
        best, wins, n = self.compare(view, moves, rng, book=book)
        return Decision(moves[best], self.reason(moves, best, wins, n, book))

    def stand_or_propose(self, view: EcarteView, rng: random.Random) -> Decision:
        """Écarté's first question, on its own: propose, or stand (announcing, then leading the best card)?"""
        announce = [a for a in view.legal if isinstance(a, Announce)]
        cards = [a for a in view.legal if isinstance(a, Card)]
        stand = announce[0] if announce else ecarte_advice.play_advice(view.hand, [], view.trump, cards,
                                                                      view.unseen())[0]
        book = 0 if ecarte_advice.jeu_de_regle(view.hand, view.trump) else 1
        best, wins, n = self.compare(view, [stand, PROPOSE], rng, book=book)
        if best == 1 or isinstance(stand, Announce):  # proposes, or announces now and leads next turn
            return Decision([stand, PROPOSE][best], self.reason([stand, PROPOSE], best, wins, n, book))
        lead, lead_wins, lead_n = self.compare(view, cards, rng, budget=80, book=cards.index(stand))
        return Decision(cards[lead], f"stands (in {n} imagined deals standing won {wins[0] / n:.0%}, proposing "
                                     f"{wins[1] / n:.0%}) and leads {cards[lead]}, "
                                     f"which won {lead_wins[lead] / lead_n:.0%}")

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

    def compare(self, view: View, moves: Sequence[Action], rng: random.Random, budget: int | None = None,
                book: int | None = None) -> tuple[int, list[float], int]:
        """Play every move out in the same imagined worlds: the best move's index, each move's wins, the worlds.

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
        wins = [sum(v >= 1.0 for v in vs) for vs in values]
        best = max(alive, key=lambda i: (statistics.fmean(values[i]), -i))
        if book is not None and best != book and book in alive:
            if not clearly_better(values[best], values[book]):
                best = book
        n = len(values[best])
        return best, [w * n / max(1, len(values[i])) for i, w in enumerate(wins)], n

    def forced(self, view: View, legal: Sequence[Action]) -> Decision | None:
        """Moves that need no search: the only legal move, announcing the King, the worthless-hand exchange."""
        if isinstance(view, EcarteView):
            announce = next((a for a in legal if isinstance(a, Announce)), None)
            if announce is not None and (view.phase == "play" or PROPOSE not in legal):
                return Decision(announce, f"announces {announce.king} for a point before playing a card")
        if len(legal) == 1:
            return Decision(legal[0], f"{does(legal[0])}, the only legal move")
        if isinstance(view, EcarteView):
            return None
        if any(isinstance(a, Exchange) for a in legal):
            keep, why = alkort_advice.exchange_advice(view.hand, view.options)
            return Decision(Exchange(keep), why)
        return None

    def choose_optional(self, view: View) -> Decision | None:
        return self.forced(view, view.legal) if view.legal else None

    @staticmethod
    def reason(moves: Sequence[Action], best: int, wins: Sequence[float], n: int, book: int | None = None) -> str:
        """One sentence: how often the chosen move won the deal, against the next best."""
        rate = wins[best] / n
        runner = max((i for i in range(len(moves)) if i != best), key=lambda i: wins[i])
        doing = does(moves[best])
        if best == book and wins[runner] > wins[best]:
            return (f"{doing}, as the book advises: in {n} imagined deals it won {rate:.0%}, and "
                    f"{action_text(moves[runner])} ({wins[runner] / n:.0%}) was not clearly better")
        if wins[best] == 0:
            return f"{doing}: the deal was lost in all {n} imagined deals whatever it played, and this loses least"
        if wins[best] == n and wins[runner] == n:
            return f"{doing}: it won all {n} imagined deals, as would others; this scores the most"
        return (f"{doing}: in {n} imagined deals it won {rate:.0%} of them, "
                f"against {wins[runner] / n:.0%} for the next best, {action_text(moves[runner])}")


def does(action: Action) -> str:
    """A move as a verb phrase: 'plays K♦', 'proposes', 'discards 7♠ 8♠'."""
    verb, _, rest = action_text(action).partition(" ")
    return f"{verb}s {rest}".strip()
