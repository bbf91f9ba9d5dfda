"""What an Écarté seat may know, and deals consistent with it.

A bot never looks at hidden cards: it is handed a *view* (an information set) holding only what one seat may know.
An Écarté seat knows its own hand, every card played and by whom, the legal moves the engine offers it, the score
before the deal and the options; and also the turned-up card, its own discards, how many cards the other player
discarded (not which), the calls (propose, accept, refuse, announce), and what the duty to head, follow and trump
gives away: a player who did not follow is void in the suit led (and in trumps too, if he did not trump when he
had to); a player who followed low holds no higher card of that suit.

A *world* is a full deal that agrees with a view: the unseen cards dealt at random to the other hand, the other
player's discards and the stock, and the deal's public log replayed on it. A test checks the circle:
``observe(world, seat) == view`` for every world drawn from a view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import ECARTE_PACK, Card
from ..tricks import Action, Discard, Play, in_fixed_order
from ..worlds import Holder, Holdings, Worlds
from . import EcarteOptions, EcarteState, Phase, beats_in_suit, dealing, discarder

# Cards are kept in pack order (sorted), so that nothing depends on set iteration (hashes vary between runs).


@dataclass(frozen=True, slots=True)
class HiddenDiscard:
    """The other player's Écarté discard, as this seat saw it: only how many cards."""

    count: int

    def __str__(self) -> str:
        return f"discard {self.count} unseen"


SeenAction = Action | HiddenDiscard  # a move as one seat saw it


def discard_count(discard: Discard | HiddenDiscard) -> int:
    """How many cards a discard threw away, whether the seat saw them or not."""
    return len(discard.cards) if isinstance(discard, Discard) else discard.count


@dataclass(frozen=True)
class EcarteView:
    """All that one Écarté seat may know, and nothing more."""

    options: EcarteOptions
    seat: int
    opponent: int  # the other player's seat
    dealer: int
    scores_before: tuple[int, ...]
    turned_up: Card
    hand: tuple[Card, ...]
    log: tuple[SeenAction, ...]  # the deal's moves; the other player's discards hidden
    plays: tuple[Play, ...]  # every card played, in order
    trick: tuple[Card, ...]  # the trick in progress, leader first
    leader: int
    trick_winners: tuple[int, ...]
    to_move: int | None
    phase: Phase
    stock_size: int
    proposals: int
    refused: int | None
    announced: tuple[bool, ...]  # by seat
    points: tuple[int, ...]  # by seat
    hand_sizes: tuple[int, ...]  # how many cards each seat holds, by seat
    legal: tuple[Action, ...]

    @property
    def trump(self) -> str:
        """The trump suit: the suit of the turned-up card."""
        return self.turned_up.suit

    @property
    def is_dealer(self) -> bool:
        """Whether this seat dealt."""
        return self.seat == self.dealer

    def discards_of(self, seat: int) -> list[Discard | HiddenDiscard]:
        """Each discard a seat made, in order: a Discard (own) or a HiddenDiscard (the other's)."""
        made = [a for a in self.log if isinstance(a, (Discard, HiddenDiscard))]
        return [d for number, d in enumerate(made) if discarder(number, self.dealer) == seat]

    def own_discards(self) -> list[Discard]:
        """The discards this seat made, in order (it saw its own cards, so none is hidden)."""
        return [d for d in self.discards_of(self.seat) if isinstance(d, Discard)]

    def my_discards(self) -> list[Card]:
        """The cards this seat threw away in its exchanges."""
        return [c for d in self.own_discards() for c in sorted(d.cards)]

    def played_by(self, seat: int) -> list[Card]:
        """The cards a seat has played so far, in order."""
        return [p.card for p in self.plays if p.seat == seat]

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: in the other hand, the other's discards or the stock."""
        return list(self._unseen)

    @functools.cached_property
    def _unseen(self) -> tuple[Card, ...]:
        seen = {self.turned_up, *self.hand, *self.my_discards(), *(p.card for p in self.plays)}
        return tuple(c for c in ECARTE_PACK if c not in seen)

    def opponent_cannot_hold(self) -> set[Card]:
        """Cards the other player cannot hold now, given how he answered leads (voids and failures to head)."""
        return set(self._barred)

    @functools.cached_property
    def _barred(self) -> frozenset[Card]:
        trump, opp = self.trump, self.opponent
        barred: set[Card] = set()
        by_trick: dict[int, list[Play]] = {}
        for p in self.plays:
            by_trick.setdefault(p.trick, []).append(p)
        for plays in by_trick.values():
            if len(plays) < 2 or plays[1].seat != opp:
                continue
            led, answer = plays[0].card, plays[1].card
            if answer.suit == led.suit:
                if beats_in_suit(led, answer):  # followed low: nothing higher in that suit
                    barred |= {c for c in ECARTE_PACK if c.suit == led.suit and beats_in_suit(c, led)}
            else:
                barred |= {c for c in ECARTE_PACK if c.suit == led.suit}
                if answer.suit != trump and self.options.must_trump:
                    barred |= {c for c in ECARTE_PACK if c.suit == trump}
        return frozenset(barred)

    def opponent_must_hold(self) -> set[Card]:
        """The King of trumps, if the other player announced it and has not played it yet."""
        king = Card("K", self.trump)
        return {king} if self.announced[self.opponent] and king not in self.played_by(self.opponent) else set()

    def hidden_deal(self) -> Worlds:
        """The unseen cards and the places they may be (``hidden_deal``), worked out once per view."""
        return self._hidden_deal

    @functools.cached_property
    def _hidden_deal(self) -> Worlds:
        return hidden_deal(self)

    def world_from(self, holdings: Holdings) -> EcarteState:
        """The full deal with the hidden cards where ``holdings`` puts them (``cardlib.worlds.every_world``)."""
        return world_from(self, holdings)

    def key(self) -> str:
        """A text that names this information set (used to seed a bot's thinking reproducibly)."""
        return (
            f"E{self.seat}{self.dealer}{self.scores_before}{self.turned_up}|{' '.join(map(str, self.hand))}|"
            + ",".join(map(str, self.log))
        )


def observe_ecarte(state: EcarteState, seat: int) -> EcarteView:
    """What an Écarté seat knows: the other player's discards become HiddenDiscard(count)."""
    log: list[SeenAction] = []
    discard_number = 0
    for action in state.log:
        seen: SeenAction = action
        if isinstance(action, Discard):
            by = discarder(discard_number, state.dealer)
            discard_number += 1
            if by != seat:
                seen = HiddenDiscard(len(action.cards))
        log.append(seen)
    return EcarteView(
        options=state.options,
        seat=seat,
        opponent=state.opponents(seat)[0],
        dealer=state.dealer,
        scores_before=tuple(state.scores_before),
        turned_up=state.turned_up,
        hand=tuple(sorted(state.hands[seat])),
        log=tuple(log),
        plays=state.plays(),
        trick=tuple(state.trick),
        leader=state.leader,
        trick_winners=tuple(state.trick_winners),
        to_move=state.current_player,
        phase=state.phase,
        stock_size=len(state.stock),
        proposals=state.proposals,
        refused=state.refused,
        announced=tuple(state.announced),
        points=tuple(state.points),
        hand_sizes=tuple(map(len, state.hands)),
        legal=in_fixed_order(state.legal_actions(seat)),
    )


# A belief about the other player's past (see playout.book_history): given the hand he
# held when play began and the cards free to have been his discards, what he was dealt,
# drew and threw in each exchange — or None if he would not have played as he did.
History = tuple[list[Card], list[list[Card]], list[list[Card]]]  # dealt, drawn per round, thrown per round


Belief = Callable[[EcarteView, random.Random, list[Card], list[Card]], History | None]


def ecarte_world(
    view: EcarteView, rng: random.Random, belief: Belief | None = None, template: EcarteState | None = None
) -> EcarteState | None:
    """Deal the unseen cards at random to the other hand (respecting its voids), its discards and the stock: every
    arrangement that agrees with the view as likely as a shuffled deck makes it (``hidden_deal``).

    With a ``belief`` — a model of the other player — his past (what he was dealt,
    drew and threw away) is drawn by the belief instead of at random, and a world where
    he would not have made his calls is thrown away (None) before it is built.

    A world is built by dealing a deck and replaying the log, which the engine checks
    move by move. With a ``template`` — a world built from this same view — the new
    cards are dealt into a copy of it instead: worlds of one view differ only in the
    hidden cards (the other hand, his discards, the stock), and this is much faster.
    Such a copy has this world's deck and log too, so a player's view of it is his own (``built_world``).
    """
    if belief is None:
        return world_from(view, view.hidden_deal().draw(rng), template, rng)
    me, opp = view.seat, view.opponent
    opp_hand = opponents_hand(view, rng)
    held = set(opp_hand)
    at_play = {me: list(view.hand) + view.played_by(me), opp: opp_hand + view.played_by(opp)}
    past = opponents_past(view, rng, at_play[opp], [c for c in view.unseen() if c not in held], belief)
    if past is None:
        return None
    return built_world(view, opp_hand, past, template)


def world_from(
    view: EcarteView, holdings: Holdings, template: EcarteState | None = None, rng: random.Random | None = None
) -> EcarteState:
    """The world with the hidden cards where ``holdings`` (an arrangement of ``hidden_deal``) puts them; which of
    his cards the other player drew at each exchange is drawn with ``rng`` (a fixed choice without: the past does
    not change the future)."""
    opp_hand = list(holdings[HAND])
    thrown = [list(holdings[("discard", r)]) for r in range(len(view.discards_of(view.opponent)))]
    dealt, drawn = unwind_exchanges(opp_hand + view.played_by(view.opponent), thrown, rng)
    return built_world(view, opp_hand, ((dealt, drawn, thrown), list(holdings[STOCK])), template)


def built_world(
    view: EcarteView, opp_hand: list[Card], past: tuple[History, list[Card]], template: EcarteState | None
) -> EcarteState:
    """The world of the other player's hand now and his past (and the stock left): a template's copy, or replayed."""
    me, opp = view.seat, view.opponent
    (dealt, drawn, thrown), stock_left = past
    mine = [sorted(d.cards) for d in view.own_discards()]
    my_dealt, my_drawn = unwind_exchanges(list(view.hand) + view.played_by(me), mine, None)
    hands, draws = {me: my_dealt, opp: dealt}, {me: my_drawn, opp: drawn}
    if template is None:
        return replayed_ecarte(view, hands, draws, stock_left, thrown)
    # A copy of the template, its hidden cards this world's: the other hand, the stock, the discards, and with them
    # the deck and the other player's discards in the log (a player's view of the world reads them: his own).
    world = template.clone()
    world.hands[opp][:] = opp_hand
    world.stock[:] = stock_left
    world.discards[:] = [c for d in mine + thrown for c in d]
    world.deck = dealt_deck(view, hands, draws, stock_left)
    world.log[:] = with_discards(world.log, view.dealer, opp, thrown)
    return world


def with_discards(log: Sequence[Action], dealer: int, seat: int, thrown: Sequence[Sequence[Card]]) -> list[Action]:
    """The log with ``seat``'s discards, in turn, those ``thrown``."""
    his, changed, number = iter(thrown), [], 0
    for action in log:
        if isinstance(action, Discard):
            action = Discard(next(his)) if discarder(number, dealer) == seat else action
            number += 1
        changed.append(action)
    return changed


HAND, STOCK = ("hand",), ("stock",)


def hidden_deal(view: EcarteView) -> Worlds:
    """The unseen cards and their places: the other hand (none it cannot hold, with an announced King), each of his
    discards, the stock (its order counts while exchanges may still draw from it)."""
    unseen, must = view.unseen(), view.opponent_must_hold()
    may_hold = frozenset(c for c in unseen if c not in view.opponent_cannot_hold())
    elsewhere = frozenset(c for c in unseen if c not in must)
    counts = list(map(discard_count, view.discards_of(view.opponent)))
    exchanging = view.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER) and view.stock_size > 0
    return Worlds(
        unseen,
        [
            Holder(HAND, view.hand_sizes[view.opponent], may_hold),
            *(Holder(("discard", r), count, elsewhere) for r, count in enumerate(counts)),
            Holder(STOCK, view.stock_size, elsewhere, ordered=exchanging),
        ],
    )


def opponents_hand(view: EcarteView, rng: random.Random) -> list[Card]:
    """The other player's hand now, uniform among the hands he may hold (an announced King among them): the
    ``hidden_deal``'s hand alone, drawn directly (ten times faster, for a belief's many tries). Every such hand
    leaves the same number of ways to fill his discards and the stock, so its share in the worlds is uniform."""
    must = sorted(view.opponent_must_hold())
    barred = view.opponent_cannot_hold() | set(must)
    size = view.hand_sizes[view.opponent]
    allowed = [c for c in view.unseen() if c not in barred]
    if len(allowed) < size - len(must):
        raise ValueError("no hand of the other player agrees with what was seen")
    return must + rng.sample(allowed, size - len(must))


def opponents_past(
    view: EcarteView, rng: random.Random, at_play: list[Card], free: list[Card], belief: Belief | None
) -> tuple[History, list[Card]] | None:
    """The other player's past (dealt, drawn and thrown in each exchange) and the stock left, in random order.

    ``at_play`` is his hand when play began, ``free`` the unseen cards not in his hand now.
    Without a belief his discards are any free cards; with one, the belief draws them (None: it rejects them).
    """
    if belief is None:
        rng.shuffle(free)
        thrown: list[list[Card]] = []
        for count in map(discard_count, view.discards_of(view.opponent)):
            thrown.append(free[:count])
            del free[:count]
        dealt, drawn = unwind_exchanges(at_play, thrown, rng)
        return (dealt, drawn, thrown), free
    history = belief(view, rng, at_play, free)
    if history is None:
        return None
    gone = {c for d in history[2] for c in d}
    stock_left = [c for c in free if c not in gone]
    rng.shuffle(stock_left)
    return history, stock_left


def replayed_ecarte(
    view: EcarteView,
    dealt: dict[int, list[Card]],
    drawn: dict[int, list[list[Card]]],
    stock_left: list[Card],
    opponents_discards: list[list[Card]],
) -> EcarteState:
    """The world dealt from a stacked deck (the hands dealt, the cards drawn in each exchange, the rest of the stock),
    with the deal's log replayed on it: the engine checks every move."""
    deck = dealt_deck(view, dealt, drawn, stock_left)
    world = EcarteState(view.options, dealer=view.dealer, deck=deck, scores_before=view.scores_before)
    hidden = iter(opponents_discards)
    for action in view.log:
        world.apply(Discard(next(hidden)) if isinstance(action, HiddenDiscard) else action)
    return world


def dealt_deck(
    view: EcarteView, dealt: dict[int, list[Card]], drawn: dict[int, list[list[Card]]], stock_left: list[Card]
) -> tuple[Card, ...]:
    """The deck that deals these hands, serves these draws in turn, and leaves this stock."""
    rounds = {seat: iter(cards) for seat, cards in drawn.items()}
    stock: list[Card] = []
    for number in range(sum(map(len, drawn.values()))):  # the stock served each discard in turn
        stock += next(rounds[discarder(number, view.dealer)])
    packets = dealing(view.dealer, view.options.deal_packets).packets  # stack_deck's order, the cards not parsed
    return (
        *(c for seat, start, size in packets for c in dealt[seat][start : start + size]),
        view.turned_up,
        *stock,
        *stock_left,
    )


def unwind_exchanges(
    at_play: Sequence[Card], discards: Sequence[Sequence[Card]], rng: random.Random | None
) -> tuple[list[Card], list[list[Card]]]:
    """Undo a player's exchanges, last first: which cards he was dealt and which he drew each round."""
    hand = list(at_play)
    drawn: list[list[Card]] = []
    for discarded in reversed(discards):
        # Any cards of the later hand may have been the ones drawn; for the seat's own hand we
        # pick a fixed choice, for the other a random one: the past does not change the future.
        pool = list(hand)
        if rng is not None:
            rng.shuffle(pool)
        took = set(pool[: len(discarded)])
        drawn.append(pool[: len(discarded)])
        hand = [c for c in hand if c not in took] + list(discarded)
    drawn.reverse()
    return hand, drawn
