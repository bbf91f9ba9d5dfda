"""What an Alkort seat may know, and deals consistent with it.

A bot never looks at hidden cards: it is handed a *view* (an information set) holding only what one seat may know.
An Alkort seat knows its own hand, every card played and by whom, the legal moves the engine offers it, the score
before the deal and the options; and also the exchanges (an exchanger *shows* his worthless hand, so his discards
and the card he keeps are public), the size of the stock, the cards it drew after tricks (draw_after_trick), and
what the others showed it before play (the partner reveal: a highest card, the whole hand, or nothing — and
"nothing" means the partner holds no ranked card; with partner_reveal = table every player's highest card; with
first_lead = highest_card the first leader's, which nobody outranks).

A *world* is a full deal that agrees with a view: the unseen cards dealt at random to the hidden hands, the draws
after tricks and the stock, within what each seat showed and played, and the deal's public log replayed on it.
Every arrangement that agrees with the view is drawn as often as a shuffled deck would deal it (``cardlib.worlds``;
tests/coach/test_worlds_uniform.py holds the draws to an exact count). A test checks the circle:
``observe(world, seat) == view`` for every world drawn from a view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import ALKORT_PACK, Card
from ..tricks import Action, Exchange, Play, in_fixed_order
from ..worlds import Holder, Holdings, Worlds
from . import (
    EXCHANGE_DRAW,
    AlkortOptions,
    AlkortState,
    drawing_order,
    first_lead_order,
    may_lead_seven,
    showing_to,
    stack_deck,
    strength,
)

# Cards are kept in pack order (sorted), so that nothing depends on set iteration (hashes vary between runs).


@dataclass(frozen=True)
class AlkortView:
    """All that one Alkort seat may know, and nothing more."""

    options: AlkortOptions
    players: int
    seat: int
    partner: int | None  # the partner's seat with four players, None with two
    sides: tuple[int, ...]  # the side each seat plays for, by seat
    dealer: int
    scores_before: tuple[int, ...]
    hand: tuple[Card, ...]
    log: tuple[Action, ...]  # all public: exchanged hands are shown
    exchanges: tuple[tuple[int, Card, tuple[Card, ...]], ...]  # (seat, card kept, cards discarded)
    shown: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, the cards it showed this one before play)
    opener: int  # who leads (or led) to the first trick
    drawn: tuple[Card, ...]  # the cards this seat drew after tricks, in order (draw_after_trick)
    plays: tuple[Play, ...]
    trick: tuple[Card, ...]
    leader: int
    trick_winners: tuple[int, ...]
    has_won: tuple[bool, ...]
    to_move: int | None
    stock_size: int
    hand_sizes: tuple[int, ...]  # how many cards each seat holds, by seat
    legal: tuple[Action, ...]

    def side_of(self, seat: int) -> int:
        """The side of a seat: the team (0 or 1) with four players, the seat itself with two."""
        return self.sides[seat]

    @property
    def first_card_played(self) -> bool:
        """Whether play has begun (and the exchanges are over)."""
        return bool(self.plays)

    def played_by(self, seat: int) -> list[Card]:
        """The cards a seat has played so far, in order."""
        return [p.card for p in self.plays if p.seat == seat]

    def shown_by(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat showed this one before play (none, if it showed nothing)."""
        return dict(self.shown).get(seat, ())

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds: nine, and a card for each round of draws, less those it has played."""
        return self.hand_sizes[seat]

    @functools.cached_property
    def exchanged_in_play(self) -> frozenset[int]:
        """The seats that took the stock in the first trick (stock_test = or_void): what they showed before play
        came from the hand they then threw away, which is public."""
        seats, play_began, exchanges = set(), False, iter(self.exchanges)
        for action in self.log:
            if isinstance(action, Exchange):
                seat = next(exchanges)[0]
                if play_began:
                    seats.add(seat)
            else:
                play_began = True
        return frozenset(seats)

    def known_holdings(self) -> dict[int, list[Card]]:
        """Cards known to be in another seat's hand: an exchanger's kept card, the cards shown before play."""
        known: dict[int, list[Card]] = {}
        played = {p.card for p in self.plays}
        for seat, keep, _ in self.exchanges:
            if seat != self.seat and keep not in played:
                known.setdefault(seat, []).append(keep)
        for seat, cards in self.shown:
            if seat in self.exchanged_in_play:
                continue  # shown from the hand he threw away: his kept card is known above
            for c in cards:
                if c not in played and c not in known.get(seat, []):
                    known.setdefault(seat, []).append(c)
        return known

    def unseen(self) -> list[Card]:
        """Cards whose place this seat does not know: in hidden hands or the stock."""
        return list(self._unseen)

    @functools.cached_property
    def _unseen(self) -> tuple[Card, ...]:
        seen = {*self.hand, *(p.card for p in self.plays)}
        for _, keep, discarded in self.exchanges:
            seen.add(keep)
            seen.update(discarded)
        for cards in self.known_holdings().values():
            seen.update(cards)
        return tuple(c for c in ALKORT_PACK if c not in seen)

    def strength_caps(self) -> dict[int, int]:
        """For the other seats whose hands at the first card are bounded by what was shown: the strongest card
        each may have held. A seat that showed its best card holds none stronger (none ranked, if it showed
        nothing); with first_lead = highest_card none outranks the first leader, and a seat before him clockwise
        from forehand holds none as strong."""
        options = self.options
        caps = {
            s: max((strength(c, options) for c in self.shown_by(s)), default=0)
            for s in showing_to(self.seat, self.players, self.opener, options)
        }
        if options.first_lead == "highest_card":
            opener = self.opener
            own = [c for c in (*self.hand, *self.played_by(self.seat)) if c not in self.drawn]
            top = max(
                (strength(c, options) for c in (own if opener == self.seat else self.shown_by(opener))), default=0
            )
            order = first_lead_order(self.dealer, self.players)
            for s in range(self.players):
                if s != self.seat:
                    before = order.index(s) < order.index(opener)
                    caps[s] = min(caps.get(s, top), top - 1 if before else top)
        for s in self.exchanged_in_play:  # his hand now came from the stock, not from the hand he showed from
            caps.pop(s, None)
        return caps

    def hidden_deal(self) -> Worlds:
        """The hidden cards and the places they may be (``build_hidden_deal``), worked out once per view."""
        return self._hidden_deal

    @functools.cached_property
    def _hidden_deal(self) -> Worlds:
        return build_hidden_deal(self)

    def world_from(self, holdings: Holdings) -> AlkortState:
        """The full deal with the hidden cards where ``holdings`` puts them (``cardlib.worlds.every_world``)."""
        return world_from(self, holdings)

    def key(self) -> str:
        """A text that names this information set (used to seed a bot's thinking reproducibly)."""
        return (
            f"A{self.players}{self.seat}{self.dealer}{self.scores_before}|{' '.join(map(str, self.hand))}|"
            + ",".join(map(str, self.log))
            + f"|{self.shown}|{' '.join(map(str, self.drawn))}"
        )


def observe_alkort(state: AlkortState, seat: int) -> AlkortView:
    """What an Alkort seat knows: everything public, its hand and its draws, and what was shown it."""
    exchanges = tuple(state.exchanges())  # an exchanger's shown hand is public
    shown = tuple(sorted((s, tuple(sorted(cards))) for s, cards in state.shown_to(seat).items()))
    return AlkortView(
        options=state.options,
        players=state.n_players,
        seat=seat,
        partner=state.partner(seat),
        sides=tuple(map(state.side_of, range(state.n_players))),
        dealer=state.dealer,
        scores_before=tuple(state.scores_before),
        hand=tuple(sorted(state.hands[seat])),
        log=tuple(state.log),
        exchanges=exchanges,
        shown=shown,
        opener=state.opener,
        drawn=tuple(state.drawn_by(seat)),
        plays=state.plays(),
        trick=tuple(state.trick),
        leader=state.leader,
        trick_winners=tuple(state.trick_winners),
        has_won=tuple(state.has_won),
        to_move=state.current_player,
        stock_size=len(state.stock),
        hand_sizes=tuple(map(len, state.hands)),
        legal=in_fixed_order(state.legal_actions(seat)),
    )


def alkort_world(view: AlkortView, rng: random.Random, template: AlkortState | None = None) -> AlkortState:
    """Deal the unseen cards at random among the places they may be (``hidden_deal``), each arrangement that agrees
    with the view as likely as a shuffled deck makes it (``cardlib.worlds``).

    As in Écarté (``ecarte_world``), a world is a stacked deck with the log replayed on it, or,
    given a ``template`` built from this same view, a copy of it with the new hidden cards.
    """
    return world_from(view, hidden_deal(view).draw(rng), template)


def world_from(view: AlkortView, holdings: Holdings, template: AlkortState | None = None) -> AlkortState:
    """The world with the hidden cards where ``holdings`` (an arrangement of ``hidden_deal``) puts them."""
    began: dict[int, list[Card]] = {}  # each seat's hand when play began (after any exchange)
    drawn: dict[int, list[Card]] = {}  # and the cards it drew after tricks, in order
    fixed = fixed_dealt(view)
    for s in range(view.players):
        if s == view.seat:
            drawn[s] = list(view.drawn)
            began[s] = as_shown(view, s, [c for c in (*view.hand, *view.played_by(s)) if c not in view.drawn])
        else:
            drawn[s] = [holdings[("draw", s, r)][0] for r in range(1, len(view.drawn) + 1)]
            began[s] = as_shown(view, s, [*holdings[("dealt", s)], *fixed[s]])
    stock_rest = list(holdings[STOCK])
    if template is not None:
        return refilled_alkort(template, view, began, drawn, stock_rest)
    dealt, taken = hands_dealt(view, began)
    draws = [c for _, c in draw_order(view, drawn)]
    deck = stack_deck([dealt[s] for s in range(view.players)], taken + draws + stock_rest, view.dealer)
    world = AlkortState(
        view.options, players=view.players, dealer=view.dealer, deck=deck, scores_before=view.scores_before
    )
    for action in view.log:
        world.apply(action)
    return world


def refilled_alkort(
    template: AlkortState,
    view: AlkortView,
    began: dict[int, list[Card]],
    drawn: dict[int, list[Card]],
    stock_rest: list[Card],
) -> AlkortState:
    """A copy of a world of this view with other hidden cards: the same hands, draws and stock as a deck stacked
    with them would give. The copy keeps the template's deck and log, so it must not be replayed."""
    world = template.clone()
    played = {p.card for p in view.plays}
    for s in range(view.players):
        world.hands[s][:] = [c for c in (*began[s], *drawn[s]) if c not in played]
    world.draws[:] = draw_order(view, drawn)
    if world.hands_at_first_card is not None:  # a seat that took the stock in the first trick showed its dealt hand
        dealt = hands_dealt(view, began)[0]
        first = {s: dealt[s] if s in view.exchanged_in_play else began[s] for s in range(view.players)}
        world.hands_at_first_card = [list(first[s]) for s in range(view.players)]
    world.stock[:] = stock_rest
    return world


# ---------------------------------------------------------------------------
# Where the hidden cards may be
#
# Each other seat's cards of the deal are those it held when play began (after any exchange: its *dealt* part)
# and one card a round of draws after tricks (draw_after_trick). What the view knows bounds them:
# - the dealt part holds what the seat showed, nothing stronger than its cap (``strength_caps``), and, of the cards
#   as strong as the one it showed, the engine shows the first in hand order: a hand with m of them shows a given
#   one with chance 1/m, so such a hand weighs 1/m;
# - a card it played in trick j (counted from 0) was dealt, or drawn in a round r <= j (round r follows trick r-1);
# - a Seven it led before a win, when a Seven may not be led then, says its hand held only Sevens: every other card
#   of its came later (drawn in a round after that trick) or had been played before it;
# - the stock holds as many cards as the view says, in any order.

STOCK = ("stock",)


def hidden_deal(view: AlkortView) -> Worlds:
    """The hidden cards of a view and the places they may be: each other seat's dealt part and draws, the stock."""
    return view.hidden_deal()


def fixed_dealt(view: AlkortView) -> dict[int, list[Card]]:
    """The cards known to be in each other seat's dealt part: its kept card, what it showed, and (with no draws
    after tricks, which leave no doubt) the cards it played."""
    known = view.known_holdings()
    fixed: dict[int, list[Card]] = {}
    for s in range(view.players):
        if s != view.seat:
            cards = list(known.get(s, []))
            shown = [] if s in view.exchanged_in_play else list(view.shown_by(s))
            played = view.played_by(s) if not view.drawn else [c for c in view.played_by(s) if c in shown]
            fixed[s] = cards + [c for c in played if c not in cards]
    return fixed


def seat_holders(view: AlkortView, s: int, items: list[Card], fixed: list[Card]) -> list[Holder]:
    """The places of one other seat's hidden cards: its dealt part, then a card per round of draws."""
    options, rounds = view.options, len(view.drawn)
    cap = view.strength_caps().get(s)
    own_played = {p.card: p.trick for p in view.plays if p.seat == s and p.card not in fixed}
    late = sevens_only_until(view, s)  # a card not a Seven, unplayed by then, came in a round after this trick
    foreign = {p.card for p in view.plays if p.seat != s or p.card in fixed}

    def may(c: Card, round_: int) -> bool:  # round 0: the dealt part
        if c in foreign or (round_ == 0 and cap is not None and strength(c, options) > cap):
            return False
        if c in own_played and own_played[c] < round_:
            return False
        return late is None or c.rank == "7" or round_ > late or own_played.get(c, late) < late

    count = view.hand_size(s) + len(view.played_by(s)) - rounds - len(fixed)
    dealt = Holder(("dealt", s), count, frozenset(c for c in items if may(c, 0)), *shown_weight(view, s, items, fixed))
    draws = [Holder(("draw", s, r), 1, frozenset(c for c in items if may(c, r))) for r in range(1, rounds + 1)]
    return [dealt, *draws]


def shown_weight(
    view: AlkortView, s: int, items: list[Card], fixed: list[Card]
) -> tuple[frozenset[Card], Callable[[int], float] | None]:
    """The cards as strong as the one a seat showed of its best, and the weight of a hand holding m of them: the
    engine shows the first of equal cards in hand order, so a given one with chance 1/(those known + m). None when
    nothing was shown, the whole hand was, or the seat's kept card (first in its hand) was as strong."""
    cards = view.shown_by(s)
    whole = view.options.partner_reveal == "hand" and s == view.partner
    if len(cards) != 1 or whole or s in view.exchanged_in_play:
        return frozenset(), None
    options, tier = view.options, strength(cards[0], view.options)
    keep = [k for seat, k, _ in view.exchanges if seat == s]
    if keep and strength(keep[0], options) == tier:
        return frozenset(), None
    known = sum(strength(c, options) == tier for c in fixed if c not in keep)
    return frozenset(c for c in items if strength(c, options) == tier), functools.partial(one_in, known)


def one_in(known: int, marked: int) -> float:
    """The chance that a given one of ``known + marked`` equal cards is the first in a random order."""
    return 1.0 / (known + marked)


def sevens_only_until(view: AlkortView, s: int) -> int | None:
    """The first trick a seat led a Seven it could lead only from a hand of Sevens (None if none)."""
    options, won = view.options, False
    for j, winner in enumerate((*view.trick_winners, None)):
        lead = next((p for p in view.plays if p.trick == j), None)
        if lead is not None and lead.seat == s and lead.card.rank == "7":
            if not may_lead_seven(won, j == 0, options):
                return j
        won = won or winner == s
    return None


def build_hidden_deal(view: AlkortView) -> Worlds:
    """The hidden cards of a view (the unseen, and with draws after tricks the others' played cards, which may have
    been dealt or drawn) and their places (``seat_holders``, the stock)."""
    fixed = fixed_dealt(view)
    played = [p.card for p in view.plays if p.seat != view.seat and p.card not in fixed[p.seat]]
    items = [*view.unseen(), *played]
    holders = [h for s in sorted(fixed) for h in seat_holders(view, s, items, fixed[s])]
    unseen = frozenset(view.unseen())
    return Worlds(items, [*holders, Holder(STOCK, view.stock_size, unseen, ordered=stock_to_come(view))])


def stock_to_come(view: AlkortView) -> bool:
    """Whether the stock's order may still count: an exchange may take it (before the first trick is over), or
    draws after tricks."""
    exchange = view.stock_size >= EXCHANGE_DRAW and not view.trick_winners
    return exchange or (view.options.draw_after_trick and view.stock_size >= view.players)


def as_shown(view: AlkortView, seat: int, cards: list[Card]) -> list[Card]:
    """A seat's hand when play began, in an order that makes the engine show what it showed: an exchanger's kept
    card first (he holds it before the cards he takes), then the cards shown (the engine shows the first of
    equal cards)."""
    keep = [k for s, k, _ in view.exchanges if s == seat]
    first = keep + [c for c in view.shown_by(seat) if c in cards and c not in keep]
    return first + [c for c in cards if c not in first]


def hands_dealt(view: AlkortView, began: dict[int, list[Card]]) -> tuple[dict[int, list[Card]], list[Card]]:
    """The hands as dealt (an exchanger's shown hand, the others as they were when play began), and the cards
    the exchangers took from the stock, in order."""
    dealt = dict(began)
    taken: list[Card] = []
    for seat, keep, discarded in view.exchanges:
        dealt[seat] = [keep, *discarded]
        taken += began[seat][1:]  # his kept card, then what he took
    return dealt, taken


def draw_order(view: AlkortView, drawn: dict[int, list[Card]]) -> list[tuple[int, Card]]:
    """Who drew which card after the tricks, in the order the stock gave them: after each trick, its winner first."""
    order: list[tuple[int, Card]] = []
    for k, winner in enumerate(view.trick_winners[: len(view.drawn)]):
        order += [(seat, drawn[seat][k]) for seat in drawing_order(winner, view.players)]
    return order
