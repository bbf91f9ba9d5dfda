"""The worlds are drawn fairly: as often as a shuffled deck would deal each arrangement that agrees with the view.

The reference is exact and owes nothing to the sampler's model of what a view tells: every arrangement of the hidden
cards among the other seats' places (each played card left with its player) is built, the deal's log replayed on
it by the engine, and kept when ``observe(world, seat) == view``. Its weight is the chance that a deck in random
order would show what was shown: a hand of m cards as strong as the one it showed shows that one with chance 1/m
(the engine shows the first in hand order; an exchanger's kept card comes first). The stock takes the rest.

The sampler's draws are compared with it by Pearson's chi-square (bins expected under 5 merged), at a p-value floor
of 1e-4 — and by a total-variation distance. On the sampler before issue 28 (``git show bd4a274:cardlib/alkort/
view.py``, run in a copy of the tree) the Alkort positions with a shown card fail (chi-square p < 1e-12), the
all-Sevens lead raises IllegalAction; Écarté's, already uniform, passed then too.
"""

from __future__ import annotations

import collections
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from coach_helpers import sevens_lead

from cardlib import alkort, ecarte, games
from cardlib.alkort import AlkortOptions, AlkortState, best_card, strength
from cardlib.cards import Card, card
from cardlib.ecarte import EcarteOptions
from cardlib.tricks import IllegalAction
from cardlib.worlds import Holder, Worlds

Key = tuple[tuple[str, ...], ...]


def key_of(world: Any, seat: int) -> Key:
    """What a world hides from a seat, as the play to come sees it: each other seat's hand now."""
    return tuple(tuple(sorted(map(str, h))) for s, h in enumerate(world.hands) if s != seat)


def owners(view: Any) -> dict[Card, int]:
    """The other seats' played cards, by player (such a card can only be among its player's places)."""
    return {p.card: p.seat for p in view.plays if p.seat != view.seat}


HANDS = ("dealt", "draw", "hand")  # the places of the other seats' cards; the stock and discards take the rest


def arrangements(view: Any) -> Iterator[dict[Any, list[Card]]]:
    """Every arrangement of the hidden cards in the other seats' places, bound only by how many each holds and who
    played what; the stock (and Écarté's discards, which any cards may be) take the rest, in pack order."""
    deal, mine, unseen = view.hidden_deal(), owners(view), frozenset(view.unseen())
    hands = [h for h in deal.holders if h.name[0] in HANDS]
    rest = [h for h in deal.holders if h not in hands]

    def free(h: Holder) -> Holder:
        name: tuple[Any, ...] = h.name  # type: ignore[assignment]  # the views name places by tuples
        seat = name[1] if len(name) > 1 else None  # ('dealt', seat), ('draw', seat, round), ('hand',)
        return Holder(h.name, h.count, unseen | {c for c, s in mine.items() if s == seat})

    places = Worlds(deal.cards, [*map(free, hands), Holder("rest", sum(h.count for h in rest), unseen)])
    for holdings, _ in places.every():
        left = sorted(holdings.pop("rest"), key=deal.cards.index)
        for h in rest:
            holdings[h.name], left = left[: h.count], left[h.count :]
        yield holdings


def shown_chance(view: Any, world: Any) -> float:
    """The chance that the world's hands, in random order, show this seat what it was shown (Alkort): 1/m for a
    best card with m equals in the hand, 1 for a kept card (first in its hand) or a whole hand."""
    if not isinstance(world, AlkortState):
        return 1.0
    chance, options = 1.0, view.options
    first_hands = world.hands_at_first_card or world.hands
    for s, _ in view.shown:
        whole = options.partner_reveal == "hand" and s == view.partner
        if whole or s in view.exchanged_in_play:
            continue
        keep = [k for seat, k, _ in view.exchanges if seat == s]
        best = best_card(first_hands[s], options)
        assert best is not None
        equals = [c for c in first_hands[s] if strength(c, options) == strength(best, options)]
        chance *= 1.0 if keep and keep[0] in equals else 1 / len(equals)
    return chance


def exact(view: Any) -> dict[Key, float]:
    """Each hidden arrangement's probability, by the engine alone (see the module's docstring)."""
    weights: dict[Key, float] = collections.defaultdict(float)
    for holdings in arrangements(view):
        try:
            world = view.world_from(holdings)
        except IllegalAction:
            continue
        if games.observe(world, view.seat) == view:
            weights[key_of(world, view.seat)] += shown_chance(view, world)
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}


def sampled(view: Any, draws: int, seed: int = 0) -> collections.Counter[Key]:
    """How often the game's sampler (the bots' and the coach's) dealt each arrangement."""
    rng = random.Random(seed)
    return collections.Counter(key_of(games.sample_world(view, rng), view.seat) for _ in range(draws))


def chi_square_p(expected: dict[Key, float], counts: collections.Counter[Key], draws: int) -> float:
    """Pearson's chi-square p-value of the counts against the probabilities (bins expected under 5 merged; a draw
    outside the reference's support gives 0)."""
    if set(counts) - set(expected):
        return 0.0
    bins, small, small_count = [], 0.0, 0
    for k, p in expected.items():
        if p * draws >= 5:
            bins.append((p * draws, counts[k]))
        else:
            small, small_count = small + p * draws, small_count + counts[k]
    if small:
        bins.append((small, small_count))
    stat = sum((seen - e) ** 2 / e for e, seen in bins)
    return chi2_survival(stat, len(bins) - 1)


def chi2_survival(stat: float, df: int) -> float:
    """P(X >= stat) for a chi-square variable with df degrees of freedom (Wilson-Hilferty; df 0: 1)."""
    if df <= 0:
        return 1.0
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def card_places(distribution: dict[Key, float]) -> dict[tuple[str, int], float]:
    """Each hidden card's chance to be in each other seat's hand (by its place among the other seats), summed over
    the arrangements: the shares the old sampler got wrong (a card skipped by one seat piled up in the next)."""
    places: dict[tuple[str, int], float] = collections.defaultdict(float)
    for key, p in distribution.items():
        for place, cards in enumerate(key):
            for c in cards:
                places[c, place] += p
    return dict(places)


def card_places_p(expected: dict[Key, float], counts: collections.Counter[Key], draws: int) -> float:
    """The smallest p-value, over the hidden cards and places, of the binomial count of draws that put a card
    there, against its exact chance (normal approximation, both tails), times the number of tests (Bonferroni)."""
    exact_places = card_places(expected)
    seen = card_places({k: n / draws for k, n in counts.items()})
    worst = 1.0
    for where, p in exact_places.items():
        spread = math.sqrt(draws * p * (1 - p)) or 1e-9
        z = abs(seen.get(where, 0.0) * draws - draws * p) / spread
        worst = min(worst, math.erfc(z / math.sqrt(2)))
    return min(1.0, worst * len(exact_places))


def total_variation(expected: dict[Key, float], counts: collections.Counter[Key], draws: int) -> float:
    """Half the summed gaps between the sampled shares and the exact probabilities."""
    keys = set(expected) | set(counts)
    return 0.5 * sum(abs(expected.get(k, 0.0) - counts[k] / draws) for k in keys)


def play(state: Any, moves: list[Any]) -> Any:
    """The state after these moves (cards written as text)."""
    for move in moves:
        state.apply(card(move) if isinstance(move, str) else move)
    return state


def played_until(state: Any, stop: Callable[[Any], bool], seed: int) -> Any:
    """A deal played by random legal moves (seeded) until ``stop`` says so."""
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        state.apply(rng.choice(sorted(state.legal_actions(), key=str)))
    return state


def cards_left(n: int) -> Callable[[Any], bool]:
    """Stop when every other seat holds at most n cards and it is someone's turn to play a card."""
    return lambda state: max(map(len, state.hands)) <= n


def alkort_late(options: AlkortOptions, players: int, seed: int, n: int, also: Callable[[Any], bool]) -> Any:
    """An Alkort deal (the first seed from ``seed`` on where ``also`` holds), played at random until the hands
    are down to n cards."""
    for s in range(seed, seed + 400):
        state = played_until(alkort.new_deal(options, players=players, seed=s), cards_left(n), s)
        if not state.is_over and also(state):
            return state
    raise AssertionError("no such deal")


def shows(seat: int, tier_equals: bool = False) -> Callable[[Any], bool]:
    """A deal where some seat showed this one a card (and, if asked, the shower held an equal card it may still
    hold)."""

    def check(state: Any) -> bool:
        view = games.observe(state, seat)
        for _, cards in view.shown:
            if not tier_equals:
                return True
            tier = strength(cards[0], view.options)
            if any(strength(c, view.options) == tier for c in view.unseen()):
                return True
        return False

    return check


def positions() -> Iterator[tuple[str, Any, int]]:
    """Small positions of every kind of information: (name, state, seat)."""
    best = AlkortOptions(play_out=True)
    yield "partner shows", alkort_late(best, 4, 1, 1, shows(0)), 0
    table = AlkortOptions(partner_reveal="table", play_out=True)
    yield "table reveal, equal cards", alkort_late(table, 4, 3, 1, shows(1, tier_equals=True)), 1
    first = AlkortOptions(first_lead="highest_card", partner_reveal="none", play_out=True)
    yield "highest card leads", alkort_late(first, 4, 5, 1, lambda s: s.opener != 2), 2
    yield "partner shows two players table", alkort_late(AlkortOptions(partner_reveal="table"), 2, 7, 2, shows(0)), 0
    yield "exchange", alkort_late(AlkortOptions(play_out=True), 4, 0, 1, exchanged_by_another), 0
    yield "all-Sevens lead", sevens_lead(), 0
    yield "Écarté voids and discards", ecarte_voids(), 1


def ecarte_voids() -> Any:
    """Écarté after three tricks: the other player (the dealer) discarded and failed to follow or head a suit."""
    for seed in range(400):
        state = played_until(ecarte.new_deal(EcarteOptions(), dealer=0, seed=seed), lambda s: len(s.tricks) >= 3, seed)
        view = games.observe(state, 1)
        if not state.is_over and view.opponent_cannot_hold() and view.discards_of(0):
            return state
    raise AssertionError("no such deal")


def exchanged_by_another(state: Any) -> bool:
    """Whether a seat other than 0 took the stock."""
    return bool(state.exchanged) and 0 not in state.exchanged


DRAWS = 3000


@pytest.mark.parametrize("name, state, seat", [pytest.param(*p, id=p[0]) for p in positions()])
def test_the_sampler_deals_each_arrangement_as_often_as_a_shuffled_deck(name, state, seat):
    view = games.observe(state, seat)
    reference = exact(view)
    counts = sampled(view, DRAWS)
    p, p_cards = chi_square_p(reference, counts, DRAWS), card_places_p(reference, counts, DRAWS)
    tv = total_variation(reference, counts, DRAWS)
    said = (
        f"{name}: {len(reference)} arrangements, chi-square p = {p:.3g}, cards' places p = {p_cards:.3g}, TV {tv:.3f}"
    )
    print(said)
    assert p > 1e-4 and p_cards > 1e-4, said


def test_the_test_sees_the_engine_show_the_first_of_equal_cards():
    """Cause 5: a hand with two cards as strong as the one it showed shows that one half the time. Held against a
    reference that counts both orders fully (no 1/m), the sampler is told apart: the test can see the weight."""
    name, state, seat = next(p for p in positions() if p[0] == "table reveal, equal cards")
    view = games.observe(state, seat)
    flat: collections.Counter[Key] = collections.Counter()
    for holdings in arrangements(view):
        try:
            world = view.world_from(holdings)
        except IllegalAction:
            continue
        if games.observe(world, seat) == view:
            flat[key_of(world, seat)] += 1
    unweighted = {k: n / sum(flat.values()) for k, n in flat.items()}
    counts = sampled(view, DRAWS)
    assert chi_square_p(unweighted, counts, DRAWS) < 1e-4 or card_places_p(unweighted, counts, DRAWS) < 1e-4


def shares_above(view: Any, shown: Card, draws: int, where: Callable[[Any, Card], Any]) -> dict[Any, float]:
    """Where the unseen cards stronger than a shown card go, as shares of all such cards over many worlds."""
    above = [c for c in view.unseen() if strength(c, view.options) > strength(shown, view.options)]
    rng, found = random.Random(1), collections.Counter[Any]()
    for _ in range(draws):
        world = games.sample_world(view, rng)
        found.update(where(world, c) for c in above)
    return {k: n / (draws * len(above)) for k, n in found.items()}


def test_the_issues_numbers_four_players_partner_shows_the_nine_of_diamonds():
    """Issue 28: four players, new deal, seed 1, seat 0's view; the partner showed 9♦. Each card above it may be
    in any of seat 1's 9 cards, seat 3's 9, the stock's 8: 34.6 / 34.6 / 30.8 % (the old sampler: 49.9 / 26.8 /
    23.3)."""
    view = games.observe(alkort.new_deal(seed=1, players=4, dealer=0), 0)
    assert view.shown == ((2, (card("9♦"),)),)
    shares = shares_above(view, card("9♦"), 3000, lambda world, c: world.holder(c) or "stock")
    assert shares[1] == pytest.approx(9 / 26, abs=0.015) and shares[3] == pytest.approx(9 / 26, abs=0.015)
    assert shares["stock"] == pytest.approx(8 / 26, abs=0.015)


def test_the_issues_numbers_two_players_table_reveal_stock_top():
    """Issue 28: two players, the table reveal (seed 1, seat 0 shown A♠): the cards above it are all in the stock,
    a place of 26 in random order, so its top eight (which an exchange draws) hold 8/26 = 30.8 % of them (the old
    sampler: 47 %)."""
    view = games.observe(alkort.new_deal(AlkortOptions(partner_reveal="table"), seed=1, players=2, dealer=0), 0)
    assert view.shown == ((1, (card("A♠"),)),)
    shares = shares_above(view, card("A♠"), 2000, lambda world, c: world.stock.index(c) < 8)
    assert shares[True] == pytest.approx(8 / 26, abs=0.015)


def random_places(rng: random.Random) -> Worlds:
    """A small random problem: up to 8 cards, up to 3 places with random bounds, some weighted by marked cards."""
    cards, counts = list(range(rng.randrange(3, 9))), []
    left = len(cards)
    for _ in range(rng.randrange(0, 3)):
        counts.append(rng.randrange(0, left + 1))
        left -= counts[-1]
    counts.append(left)
    places = []
    for name, count in enumerate(counts):
        allowed = frozenset(c for c in cards if rng.random() < 0.7) if rng.random() < 0.6 else None
        marked = frozenset(c for c in cards if rng.random() < 0.4)
        weight = (lambda m: 1 / (1 + m)) if rng.random() < 0.4 else (lambda m: float(m <= 1))
        places.append(
            Holder(name, count, allowed, marked, weight) if rng.random() < 0.6 else Holder(name, count, allowed)
        )
    return Worlds(cards, places)


def arrangement(places: Worlds, holdings: dict[Any, list[Any]]) -> Any:
    """An arrangement as a key: each place's cards, sorted."""
    return tuple(tuple(sorted(holdings[h.name])) for h in places.holders)


def test_worlds_counts_exactly_and_draws_each_arrangement_in_proportion_to_its_weight():
    """cardlib.worlds on its own: the dynamic programme's total is the listed arrangements' summed weight, and the
    draws follow the weights (chi-square), on random small problems with bounds and weights of both kinds."""
    rng = random.Random(5)
    drawn = 0
    for _ in range(150):
        places = random_places(rng)
        listed = list(places.every())
        total = sum(w for _, w in listed)
        assert places.total() == pytest.approx(total)
        if total and len(listed) > 1 and drawn < 12:
            drawn += 1
            expected: dict[Any, float] = collections.defaultdict(float)
            for holdings, w in listed:
                expected[arrangement(places, holdings)] += w / total
            counts = collections.Counter(arrangement(places, places.draw(rng)) for _ in range(2000))
            assert chi_square_p(expected, counts, 2000) > 1e-4


def test_worlds_refuse_what_cannot_be():
    with pytest.raises(ValueError, match="cannot fill"):
        Worlds("abc", [Holder("west", 2)])
    nowhere = Worlds("ab", [Holder("west", 1, frozenset("a")), Holder("east", 1, frozenset("a"))])
    assert nowhere.total() == 0 and not list(nowhere.every())
    with pytest.raises(ValueError, match="no arrangement"):
        nowhere.draw(random.Random(0))
