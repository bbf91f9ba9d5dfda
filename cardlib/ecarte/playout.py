"""How the Monte Carlo bot looks ahead in Écarté: its play-outs, the moves it compares, and its reading of the other.

The Monte Carlo bot (``cardlib.bots.montecarlo``) knows no game: it asks the registry for the game's ``Lookahead``,
and Écarté's is made here, from the book's advice (``advice.py``) and the view of a seat (``view.py``):

- **play-outs** (``playout_policy``): each imagined player follows the book, reckoning only with the cards he could
  see, as the real rule-based bot does;
- **the moves worth comparing** (``candidates``): in an exchange, the book's discard and one card more or less;
  at the first call, proposing or standing; the book's move stands unless another is clearly better
  (``book_move``), and the first question, stand or propose, is asked on its own (``stand_or_propose``);
- **reading the other player** (``imagine``): the bot assumes he follows the book, so a player who stood probably
  holds a *jeu de règle*, a dealer who refused a strong hand, and one who threw three cards kept two trumps or
  Kings. Worlds are drawn to agree with that (``book_history``); if none does, he is not playing by the book and
  the bot falls back to worlds that only agree with what it has seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .. import games
from ..bots.montecarlo import MonteCarloBot, explain_choice, share
from ..cards import Card
from ..players import Decision
from ..tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Claim, Discard
from . import ANSWER, CHOOSE, PLAY, EcarteState, discard_sizes, discarder, stock_left
from . import advice as book
from .view import EcarteView, HiddenDiscard, History, discard_count, ecarte_world

# ---------------------------------------------------------------------------
# Play-outs: the engine's state, moved by the book's advice


def playout_policy(state: EcarteState, legal: Sequence[Action]) -> Action:
    """The book's move for the player to move in an Écarté world, reckoning only with the cards he could see."""
    if state.king_to_claim:  # a free point for the dealer, claimed at once
        return Claim(state.turned_up)
    seat = state.seat_to_move()
    hand, trump, phase = state.hands[seat], state.trump, state.phase
    if phase is ANSWER:
        return REFUSE if book.jeu_de_regle(hand, trump, dealer=True) else ACCEPT
    if phase.is_discard:
        sizes = discard_sizes(seat == state.dealer, len(state.stock), state.options)
        return Discard(book.discard_advice(hand, trump, sizes)[0])
    if phase is CHOOSE and PROPOSE in legal and not book.jeu_de_regle(hand, trump):
        return PROPOSE
    for a in legal:
        if isinstance(a, Announce):  # a free point, for whoever holds the King, the moment he may
            return a
    cards = [a for a in legal if isinstance(a, Card)]
    if len(cards) == 1:
        return cards[0]
    outside = unseen_by(state, hand) if not state.trick else ()
    return book.play_advice(hand, state.trick, trump, cards, outside)[0]


def unseen_by(state: EcarteState, hand: Sequence[Card]) -> list[Card]:
    """The cards a player of this world cannot see (as the real bots reckon: not his, not played, not turned up)."""
    seen = {*hand, state.turned_up, *state.trick, *(c for t in state.tricks for c in t.cards)}
    return [c for c in state.deck if c not in seen]


# ---------------------------------------------------------------------------
# Reading the other player: worlds where he played by the book


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
    sizes = discard_sizes(view.opponent == view.dealer, stock, view.options)
    if set(book.discard_advice(before, view.trump, sizes)[0]) != set(thrown):
        return None
    return before, drawn, thrown, rest


def discards_seen(view: EcarteView) -> list[int]:
    """How many cards each discard of the deal threw, in order (the other player's too: their number is public)."""
    return [discard_count(a) for a in view.log if isinstance(a, (Discard, HiddenDiscard))]


def discard_stock_sizes(view: EcarteView) -> dict[int, list[int]]:
    """For each seat, the size of the stock before each of its discards (the engine's stock, after those before)."""
    counts = discards_seen(view)
    sizes: dict[int, list[int]] = {view.seat: [], view.opponent: []}
    for number in range(len(counts)):
        sizes[discarder(number, view.dealer)].append(stock_left(counts[:number]))
    return sizes


def calls_follow_the_book(view: EcarteView, hands: list[list[Card]]) -> bool:
    """Did the other player's calls follow the book, given his hand at each round (``hands[r]``; the last at play)?"""
    opp, trump = view.opponent, view.trump
    round_, counts = 0, []
    answering = False
    for action in view.log:
        if isinstance(action, Claim) or action is PASS:  # the dealer's turned-up King: no call of the exchanges
            continue
        hand = hands[min(round_, len(hands) - 1)]
        if answering:  # the dealer answers a proposal
            refused = action is REFUSE
            if opp == view.dealer and refused != bool(book.jeu_de_regle(hand, trump, dealer=True)):
                return False
            if refused:
                return True
            answering = False
        elif isinstance(action, (Discard, HiddenDiscard)):
            counts.append(discard_count(action))
            round_ += len(counts) % 2 == 0
        else:  # the non-dealer's call: propose, or stand (lead a card, or announce the King)
            proposed = action is PROPOSE
            if opp != view.dealer and stock_left(counts) > 0 and proposed == bool(book.jeu_de_regle(hand, trump)):
                return False
            if not proposed:
                return True
            answering = True
    return True


BELIEF_TRIES = 25  # worlds drawn before giving up on the belief that the other plays by the book


class Imagination:
    """Draws the worlds for one decision, preferably worlds where the other player's calls follow the book.

    If no world in ``BELIEF_TRIES`` agrees with the book, the other player is not following it
    (or was very lucky): the belief is dropped for the rest of the decision. The first world is
    built by replaying the log; the others are copies of it with other hidden cards.
    """

    def __init__(self, view: EcarteView, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        self.believe = bool(view.log)
        self.template: EcarteState | None = None  # the first world

    def __call__(self) -> EcarteState:
        """The next world of this decision."""
        world = self.believed_world() if self.believe else None
        if world is None:
            world = ecarte_world(self.view, self.rng, None, self.template)
            assert world is not None, "without a belief, no world is thrown away"
        if self.template is None:
            self.template = world
        return world

    def believed_world(self) -> EcarteState | None:
        """A world where the other player's calls follow the book, or None (and the belief dropped) if none is found."""
        for _ in range(BELIEF_TRIES):
            world = ecarte_world(self.view, self.rng, book_history, self.template)
            if world is not None:
                return world
        self.believe = False
        return None


# ---------------------------------------------------------------------------
# The moves worth comparing, and the book's


def candidates(view: EcarteView) -> Sequence[Action]:
    """The moves to compare, the advice's favourite first."""
    legal = list(view.legal)
    if view.phase.is_discard:
        # the book's discard, and one card more or less: throw the weakest cards either way
        sizes = {len(a.cards) for a in legal if isinstance(a, Discard)}  # here every legal move is a Discard
        ordered = sorted(view.hand, key=lambda c: book.keep_value(c, view.trump))
        by_the_book = len(book.discard_advice(view.hand, view.trump, range(min(sizes), max(sizes) + 1))[0])
        return [Discard(ordered[:k]) for k in (by_the_book, by_the_book - 1, by_the_book + 1) if k in sizes]
    if view.phase is CHOOSE:
        announce: list[Action] = [a for a in legal if isinstance(a, Announce)]
        stand = announce or [a for a in legal if isinstance(a, Card)]
        return [a for a in legal if a is PROPOSE] + stand
    return legal


def book_move(view: EcarteView) -> Action:
    """The book's move, which the Monte Carlo bot keeps unless another is clearly better."""
    return book.EcarteRuleBot().choose(view).action


def forced(view: EcarteView) -> Decision | None:
    """Moves that need no search: the turned-up King claimed, the King of trumps announced before a card."""
    claim = book.claim_the_king(view)
    if claim is not None:
        return claim
    announce = next((a for a in view.legal if isinstance(a, Announce)), None)
    if announce is not None and (view.phase is PLAY or PROPOSE not in view.legal):
        return Decision(announce, f"announces {announce.king} for a point before playing a card")
    return None


# Play-outs per decision, by phase: the first call and the answer get the most, as
# they matter most; play-outs that go through the exchanges cost about four times more.
BUDGET = {PLAY: 240, CHOOSE: 160, ANSWER: 160}


def budget(view: EcarteView) -> int:
    """Play-outs per decision: play-outs that go through the exchanges are dearer."""
    return BUDGET.get(view.phase, 120)


def stand_or_propose(bot: MonteCarloBot, view: EcarteView, rng: random.Random) -> Decision | None:
    """Écarté's first question, on its own: propose, or stand (announcing, then leading the best card)?"""
    if view.phase is not CHOOSE or PROPOSE not in view.legal:
        return None
    announce = [a for a in view.legal if isinstance(a, Announce)]
    cards = [a for a in view.legal if isinstance(a, Card)]
    stand = announce[0] if announce else book.play_advice(view.hand, [], view.trump, cards, view.unseen())[0]
    by_the_book = 0 if book.jeu_de_regle(view.hand, view.trump) else 1
    best, tallies = bot.compare(view, [stand, PROPOSE], rng, book=by_the_book)
    if best == 1 or isinstance(stand, Announce):  # proposes, or announces now and leads next turn
        return Decision([stand, PROPOSE][best], explain_choice([stand, PROPOSE], best, tallies, by_the_book))
    lead, leads = bot.compare(view, cards, rng, budget=80, book=cards.index(stand))
    standing, proposing, leading = tallies[0], tallies[1], leads[lead]
    return Decision(
        cards[lead],
        f"stands (standing finished ahead on the deal's points in "
        f"{share(standing.ahead, standing.worlds)}, proposing in "
        f"{share(proposing.ahead, proposing.worlds)}) and leads {cards[lead]}, "
        f"which finished ahead in {share(leading.ahead, leading.worlds)}",
    )


def imagine(view: EcarteView, rng: random.Random) -> Callable[[], Any]:
    """The worlds of one decision, drawn by an ``Imagination``."""
    return Imagination(view, rng)


LOOKAHEAD = games.Lookahead(
    playout_policy=playout_policy,
    candidates=candidates,
    imagine=imagine,
    forced=forced,
    book_move=book_move,
    budget=budget,
    first_question=stand_or_propose,
)
