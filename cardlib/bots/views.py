"""What a seat may know, and worlds consistent with it.

A bot must never look at hidden cards. So no bot reads the engine's state: it is
handed a *view* — an information set — holding only what one seat may know, and
decides from that alone.

What a seat knows:

- both games: its own hand, every card played and by whom, the legal moves the
  engine offers it, the score before the deal, the options;
- Alkort: the exchanges (an exchanger *shows* his worthless hand, so his discards
  and the card he keeps are public), the size of the stock, the cards it drew after
  tricks (draw_after_trick), and what the others showed it before play (the partner
  reveal: a highest card, the whole hand, or nothing — and "nothing" means the
  partner holds no ranked card; with partner_reveal = table every player's highest
  card; with first_lead = highest_card the first leader's, which nobody outranks);
- Écarté: the turned-up card, its own discards, how many cards the other player
  discarded (not which), the calls (propose, accept, refuse, announce), and what
  the duty to head, follow and trump gives away: a player who did not follow is
  void in the suit led (and in trumps too, if he did not trump when he had to);
  a player who followed low holds no higher card of that suit.

A *world* is a full deal that agrees with a view: the unseen cards dealt at
random to where the hidden hands, the other player's discards and the stock
are, and the deal's public log replayed on it. Monte Carlo bots think by
playing out many such worlds. A test checks the circle: ``observe(world, seat)
== view`` for every world drawn from a view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .. import alkort, ecarte
from ..alkort import AlkortOptions, AlkortState, strength
from ..cards import ALKORT_PACK, ECARTE_PACK, PACK_ORDER, Card
from ..ecarte import RANK_ORDER, EcarteOptions, EcarteState, Phase
from ..tricks import Action, DealState, Discard, Exchange

# Cards are kept in pack order (sorted), so that nothing depends on set iteration (hashes vary between runs).


def in_fixed_order(actions: Iterable[Action]) -> tuple[Action, ...]:
    """Legal moves in a fixed order (cards in pack order first), whatever order the engine lists them in."""
    return tuple(sorted(actions, key=lambda a: (0, PACK_ORDER[a], "") if isinstance(a, Card) else (1, 0, str(a))))


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


# ---------------------------------------------------------------------------
# Views


@dataclass(frozen=True)
class Play:
    """One card played: by which seat, in which trick (0-based)."""

    seat: int
    card: Card
    trick: int


@dataclass(frozen=True)
class EcarteView:
    """All that one Écarté seat may know, and nothing more."""

    options: EcarteOptions
    seat: int
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
    legal: tuple[Action, ...]

    game = "ecarte"

    @property
    def trump(self) -> str:
        """The trump suit: the suit of the turned-up card."""
        return self.turned_up.suit

    @property
    def opponent(self) -> int:
        """The other player's seat."""
        return 1 - self.seat

    @property
    def is_dealer(self) -> bool:
        """Whether this seat dealt."""
        return self.seat == self.dealer

    def discards_of(self, seat: int) -> list[Discard | HiddenDiscard]:
        """Each discard a seat made, in order: a Discard (own) or a HiddenDiscard (the other's)."""
        made = [a for a in self.log if isinstance(a, (Discard, HiddenDiscard))]
        return [d for number, d in enumerate(made) if ecarte.discarder(number, self.dealer) == seat]

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
                if RANK_ORDER[answer.rank] < RANK_ORDER[led.rank]:  # followed low: nothing higher in that suit
                    barred |= {
                        c for c in ECARTE_PACK if c.suit == led.suit and RANK_ORDER[c.rank] > RANK_ORDER[led.rank]
                    }
            else:
                barred |= {c for c in ECARTE_PACK if c.suit == led.suit}
                if answer.suit != trump and self.options.must_trump:
                    barred |= {c for c in ECARTE_PACK if c.suit == trump}
        return frozenset(barred)

    def opponent_must_hold(self) -> set[Card]:
        """The King of trumps, if the other player announced it and has not played it yet."""
        king = Card("K", self.trump)
        return {king} if self.announced[self.opponent] and king not in self.played_by(self.opponent) else set()

    def key(self) -> str:
        """A text that names this information set (used to seed a bot's thinking reproducibly)."""
        return (
            f"E{self.seat}{self.dealer}{self.scores_before}{self.turned_up}|{' '.join(map(str, self.hand))}|"
            + ",".join(map(str, self.log))
        )


@dataclass(frozen=True)
class AlkortView:
    """All that one Alkort seat may know, and nothing more."""

    options: AlkortOptions
    players: int
    seat: int
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
    legal: tuple[Action, ...]

    game = "alkort"

    def side_of(self, seat: int) -> int:
        """The side of a seat: the team (0 or 1) with four players, the seat itself with two."""
        return alkort.side_of(seat, self.players)

    @property
    def partner(self) -> int | None:
        """The partner's seat with four players, None with two."""
        return alkort.partner_of(self.seat, self.players)

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
        return alkort.HAND_SIZE + len(self.drawn) - len(self.played_by(seat))

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
            for s in alkort.showing_to(self.seat, self.players, self.opener, options)
        }
        if options.first_lead == "highest_card":
            opener = self.opener
            own = [c for c in (*self.hand, *self.played_by(self.seat)) if c not in self.drawn]
            top = max(
                (strength(c, options) for c in (own if opener == self.seat else self.shown_by(opener))), default=0
            )
            start = alkort.forehand(self.dealer, self.players)
            for s in range(self.players):
                if s != self.seat:
                    before = (s - start) % self.players < (opener - start) % self.players
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


View = EcarteView | AlkortView


# ---------------------------------------------------------------------------
# Observing a state: the only place where a bot's code touches the engine's state.


def plays_of(state: DealState) -> tuple[Play, ...]:
    """Every card played so far, with its player and trick number."""
    n = state.n_players
    plays = [
        Play((t.leader + i) % n, c, number) for number, t in enumerate(state.tricks) for i, c in enumerate(t.cards)
    ]
    plays += [Play((state.leader + i) % n, c, len(state.tricks)) for i, c in enumerate(state.trick)]
    return tuple(plays)


def observe(state: DealState, seat: int) -> View:
    """The view of a deal from one seat: only what that seat may know."""
    if isinstance(state, EcarteState):
        return observe_ecarte(state, seat)
    if isinstance(state, AlkortState):
        return observe_alkort(state, seat)
    raise TypeError(f"no view for {type(state).__name__}")


def observe_ecarte(state: EcarteState, seat: int) -> EcarteView:
    """What an Écarté seat knows: the other player's discards become HiddenDiscard(count)."""
    log: list[SeenAction] = []
    discard_number = 0
    for action in state.log:
        seen: SeenAction = action
        if isinstance(action, Discard):
            by = ecarte.discarder(discard_number, state.dealer)
            discard_number += 1
            if by != seat:
                seen = HiddenDiscard(len(action.cards))
        log.append(seen)
    return EcarteView(
        options=state.options,
        seat=seat,
        dealer=state.dealer,
        scores_before=tuple(state.scores_before),
        turned_up=state.turned_up,
        hand=tuple(sorted(state.hands[seat])),
        log=tuple(log),
        plays=plays_of(state),
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
        legal=in_fixed_order(state.legal_actions(seat)),
    )


def observe_alkort(state: AlkortState, seat: int) -> AlkortView:
    """What an Alkort seat knows: everything public, its hand and its draws, and what was shown it."""
    keeps = [a.keep for a in state.log if isinstance(a, Exchange)]
    thrown = alkort.EXCHANGE_DRAW  # an exchanger throws as many cards as he draws: his shown hand is public
    exchanges = tuple(
        (who, keep, tuple(state.discards[thrown * i : thrown * (i + 1)]))
        for i, (who, keep) in enumerate(zip(state.exchanged, keeps))
    )
    shown = tuple(sorted((s, tuple(sorted(cards))) for s, cards in state.shown_to(seat).items()))
    return AlkortView(
        options=state.options,
        players=state.n_players,
        seat=seat,
        dealer=state.dealer,
        scores_before=tuple(state.scores_before),
        hand=tuple(sorted(state.hands[seat])),
        log=tuple(state.log),
        exchanges=exchanges,
        shown=shown,
        opener=state.opener,
        drawn=tuple(state.drawn_by(seat)),
        plays=plays_of(state),
        trick=tuple(state.trick),
        leader=state.leader,
        trick_winners=tuple(state.trick_winners),
        has_won=tuple(state.has_won),
        to_move=state.current_player,
        stock_size=len(state.stock),
        legal=in_fixed_order(state.legal_actions(seat)),
    )


# ---------------------------------------------------------------------------
# Worlds: full deals that agree with a view


def sample_world(view: View, rng: random.Random) -> AlkortState | EcarteState:
    """A full deal, drawn at random among those this seat cannot tell from the real one."""
    if isinstance(view, EcarteView):
        world = ecarte_world(view, rng)
        assert world is not None
        return world
    return alkort_world(view, rng)


# A belief about the other player's past (see montecarlo.book_history): given the hand he
# held when play began and the cards free to have been his discards, what he was dealt,
# drew and threw in each exchange — or None if he would not have played as he did.
History = tuple[list[Card], list[list[Card]], list[list[Card]]]  # dealt, drawn per round, thrown per round
Belief = Callable[[EcarteView, random.Random, list[Card], list[Card]], History | None]


def ecarte_world(
    view: EcarteView, rng: random.Random, belief: Belief | None = None, template: EcarteState | None = None
) -> EcarteState | None:
    """Deal the unseen cards at random to the other hand (respecting its voids), its discards and the stock.

    With a ``belief`` — a model of the other player — his past (what he was dealt,
    drew and threw away) is drawn by the belief instead of at random, and a world where
    he would not have made his calls is thrown away (None) before it is built.

    A world is built by dealing a deck and replaying the log, which the engine checks
    move by move. With a ``template`` — a world built from this same view — the new
    cards are dealt into a copy of it instead: worlds of one view differ only in the
    hidden cards (the other hand, his discards, the stock), and this is much faster.
    Such a copy keeps the template's deck and log, so it must not be replayed.
    """
    me, opp = view.seat, view.opponent
    opp_hand = opponents_hand(view, rng)
    held = set(opp_hand)
    at_play = {me: list(view.hand) + view.played_by(me), opp: opp_hand + view.played_by(opp)}
    past = opponents_past(view, rng, at_play[opp], [c for c in view.unseen() if c not in held], belief)
    if past is None:
        return None
    (dealt, drawn, thrown), stock_left = past
    mine = [sorted(d.cards) for d in view.own_discards()]
    if template is not None:
        world = template.clone()
        world.hands[opp][:] = opp_hand
        world.stock[:] = stock_left
        world.discards[:] = [c for d in mine + thrown for c in d]
        return world
    my_dealt, my_drawn = unwind_exchanges(at_play[me], mine, None)
    return replayed_ecarte(view, {me: my_dealt, opp: dealt}, {me: my_drawn, opp: drawn}, stock_left, thrown)


def opponents_hand(view: EcarteView, rng: random.Random) -> list[Card]:
    """The other player's hand now, drawn from the unseen cards he may hold (an announced King among them)."""
    unseen = view.unseen()
    must = sorted(view.opponent_must_hold())
    barred = view.opponent_cannot_hold() | set(must)
    size = ecarte.HAND_SIZE - len(view.played_by(view.opponent))
    allowed = [c for c in unseen if c not in barred]
    if len(allowed) < size - len(must):  # only if the view lies: fall back to ignoring the inferences
        allowed = [c for c in unseen if c not in must]
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
    nd, dealer = ecarte.non_dealer(view.dealer), view.dealer
    stock: list[Card] = []
    for r, cards in enumerate(drawn[nd]):  # the stock served the non-dealer, then the dealer, in each round
        stock += cards + (drawn[dealer][r] if r < len(drawn[dealer]) else [])
    deck = ecarte.stack_deck(
        [dealt[0], dealt[1]], view.turned_up, stock + stock_left, view.dealer, view.options.deal_packets
    )
    world = EcarteState(view.options, dealer=view.dealer, deck=deck, scores_before=view.scores_before)
    hidden = iter(opponents_discards)
    for action in view.log:
        world.apply(Discard(next(hidden)) if isinstance(action, HiddenDiscard) else action)
    return world


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
    deck = alkort.stack_deck([dealt[s] for s in range(view.players)], taken + draws + stock_rest, view.dealer)
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
        seats = [(winner + i) % view.players for i in range(view.players)]
        order += [(seat, drawn[seat][k]) for seat in seats]
    return order
