"""What an Alkort seat may know, and deals consistent with it.

A bot never looks at hidden cards: it is handed a *view* (an information set) holding only what one seat may know.
An Alkort seat knows its own hand, every card played and by whom, the legal moves the engine offers it, the score
before the deal and the options; and also the exchanges (an exchanger *shows* his worthless hand, so his discards
and the card he keeps are public), the size of the stock, the cards it drew after tricks (draw_after_trick), and
what the others showed it before play (the partner reveal: a highest card, the whole hand, or nothing — and
"nothing" means the partner holds no ranked card; with partner_reveal = table every player's highest card; with
first_lead = highest_card the first leader's, which nobody outranks).

A *world* is a full deal that agrees with a view: the unseen cards dealt at random to the hidden hands and the
stock, within what each seat showed, and the deal's public log replayed on it. A test checks the circle:
``observe(world, seat) == view`` for every world drawn from a view.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from ..cards import ALKORT_PACK, Card
from ..tricks import Action, Exchange, Play, in_fixed_order
from . import AlkortOptions, AlkortState, drawing_order, first_lead_order, showing_to, stack_deck, strength

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
    """Deal the unseen cards at random to the hidden hands (within what each seat showed) and the stock.

    As in Écarté (``ecarte_world``), a world is a stacked deck with the log replayed on it, or,
    given a ``template`` built from this same view, a copy of it with the new hidden cards.
    """
    holding, stock_rest = hidden_hands(view, rng)
    caps = view.strength_caps()
    began: dict[int, list[Card]] = {}  # each seat's hand when play began
    drawn: dict[int, list[Card]] = {}  # and the cards it drew after tricks, in order
    for s in range(view.players):
        drawn[s] = draws_of(view, s, holding[s] + view.played_by(s), caps.get(s), rng)
        began[s] = as_shown(view, s, [c for c in holding[s] + view.played_by(s) if c not in drawn[s]])
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
    if world.hands_at_first_card is not None:
        world.hands_at_first_card = [list(began[s]) for s in range(view.players)]
    world.stock[:] = stock_rest
    return world


NO_CAP = 99  # stronger than any card


def hidden_hands(view: AlkortView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
    """Each seat's cards now (the unseen dealt at random, within what each seat showed), and the stock left.

    The seats the most bounded by what they showed are dealt first: the cards that fit a tighter bound fit a
    looser one too, so none is left short."""
    known, caps = view.known_holdings(), view.strength_caps()
    unseen = view.unseen()
    rng.shuffle(unseen)
    holding: dict[int, list[Card]] = {view.seat: list(view.hand)}
    for seat in sorted((s for s in range(view.players) if s != view.seat), key=lambda s: caps.get(s, NO_CAP)):
        held = list(known.get(seat, []))
        chosen = within_cap(view, seat, unseen, view.hand_size(seat) - len(held), caps.get(seat))
        holding[seat] = held + chosen
        taken = set(chosen)
        unseen = [c for c in unseen if c not in taken]
    return holding, unseen


def within_cap(view: AlkortView, seat: int, unseen: list[Card], need: int, cap: int | None) -> list[Card]:
    """The first ``need`` unseen cards a seat may hold now: none stronger than its cap, but for what its draws
    after tricks may have brought it (the stronger cards it has already played were drawn too)."""
    if cap is None:
        return unseen[:need]
    options = view.options
    spare = len(view.drawn) - sum(strength(c, options) > cap for c in view.played_by(seat))
    chosen: list[Card] = []
    for c in unseen:
        if len(chosen) == need:
            break
        if strength(c, options) <= cap or spare > 0:
            spare -= strength(c, options) > cap
            chosen.append(c)
    return chosen if len(chosen) == need else unseen[:need]  # too few only if the view lies


def draws_of(view: AlkortView, seat: int, cards: list[Card], cap: int | None, rng: random.Random) -> list[Card]:
    """Which of a seat's cards of the deal (held now, or played) it drew after each trick, in order: its own draws
    it knows; another's are any cards it did not show, a card drawn after trick k played (if at all) after it,
    and every card stronger than its cap among them."""
    rounds = len(view.drawn)
    if seat == view.seat or not rounds:
        return list(view.drawn) if seat == view.seat else []
    played_in = {p.card: p.trick for p in view.plays if p.seat == seat}  # drawn after trick k: played in k+1 on
    latest = {c: min(played_in.get(c, rounds), rounds) for c in cards if c not in view.shown_by(seat)}
    owed = {c for c in latest if cap is not None and strength(c, view.options) > cap}
    free = list(latest)
    rng.shuffle(free)
    draws: list[Card] = []
    for k in range(rounds, 0, -1):  # the last round first: the fewest cards may have come from it
        fits = [c for c in free if latest[c] >= k]
        if len(owed & set(free)) >= k:  # the rounds left must bring the stronger cards
            fits = [c for c in fits if c in owed]
        c = fits[0] if fits else free[0]  # no fit only if the view lies
        draws.append(c)
        free.remove(c)
    return draws[::-1]


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
