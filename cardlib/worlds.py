"""Worlds: the cards a seat cannot see, dealt fairly among the places they may be.

A seat's view says how many hidden cards each place holds — another seat's hand, the cards it drew after a trick,
another's discards, the stock — and what each place may hold: a shown card caps a hand's strength, a failure to
follow makes a void, a Seven led before a win says the hand was all Sevens. A *world* gives every hidden card a
place; the fair way to draw one is **uniformly among all the arrangements that agree with the view**, each
counted as often as a shuffled deck would deal it. Taking the first allowed cards from a shuffled list is not
fair: the cards one place may not take pile up in the next (issue 28).

This module does it once, for any game, knowing nothing of cards but that they can be told apart:

- a ``Holder`` is a place: its ``name``, how many cards it takes (``count``), which it may take (``allowed``;
  None: any), and, where the view makes some holdings likelier than others, a ``weight`` of how many of its
  ``marked`` cards it holds. A weight is the chance that a holding would have shown what the seat saw: an
  engine that shows the first of a hand's m equal best cards shows a given one with chance 1/m, so
  ``weight=lambda m: 1 / (1 + m)`` for a hand whose shown card has m equals among the hidden cards; a rule "at
  most k of these" is ``weight=lambda m: float(m <= k)``. Weights are at most 1.
- ``Worlds(cards, holders)`` counts the arrangements exactly, by dynamic programming over *classes* of cards
  (cards that every holder treats alike), and ``draw(rng)`` draws one: a class at a time, each split among the
  holders with probability proportional to the arrangements it leaves (multinomial ways times the weighted
  count of the rest), the cards of a class shuffled among the places chosen. So every arrangement comes with
  probability weight / total, by construction; the same ``rng`` gives the same world. Each holder's cards come
  in a uniformly random order (a stock's order is its order of drawing).
- ``every()`` lists every arrangement with its weight (small positions only: it does not count, it lists);
  ``every_world(view)`` does the same for a whole view of a game whose view offers ``hidden_deal()`` and
  ``world_from(holdings)`` (Alkort's and Écarté's do).

    >>> from random import Random
    >>> hands = Worlds("abcd", [Holder("west", 2, allowed=frozenset("abc")), Holder("east", 2)])
    >>> hands.total()
    3.0
    >>> sorted(hands.draw(Random(1))["west"])
    ['b', 'c']
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Holdings = dict[Hashable, list[Any]]  # the cards each holder got, by name


@dataclass(frozen=True)
class Holder:
    """A place hidden cards go: how many it takes, which it may take, how likely a holding is (see the module)."""

    name: Hashable
    count: int
    allowed: frozenset[Any] | None = None  # None: any card
    marked: frozenset[Any] = frozenset()  # the cards ``weight`` counts
    weight: Callable[[int], float] | None = None  # the holding's weight from how many marked cards it holds; None: 1
    ordered: bool = False  # for every(): each order of its cards is a world of its own (a stock to draw from)

    def may_take(self, card: Any) -> bool:
        """Whether this place may hold the card."""
        return self.allowed is None or card in self.allowed


State = tuple[int, ...]  # room left in each holder, then the marked cards each weighted holder holds
Choice = tuple[tuple[int, ...], State]  # how many of a class each allowed holder takes, and the state it leaves


class Worlds:
    """All the arrangements of some cards among holders that agree with a view: counted, drawn fairly, listed."""

    def __init__(self, cards: Sequence[Any], holders: Sequence[Holder]) -> None:
        self.cards, self.holders = tuple(cards), tuple(holders)
        names = [h.name for h in self.holders]
        if len(set(names)) != len(names):
            raise ValueError(f"two holders share a name: {names}")
        if sum(h.count for h in self.holders) != len(self.cards) or min((h.count for h in holders), default=0) < 0:
            raise ValueError(f"{len(self.cards)} cards cannot fill holders of {[h.count for h in self.holders]}")
        self.weighted = [i for i, h in enumerate(self.holders) if h.weight is not None]
        self.classes = card_classes(self.cards, self.holders, self.weighted)
        self.later_room = [
            [sum(len(c[2]) for c in self.classes[index + 1 :] if i in c[0]) for i in range(len(self.holders))]
            for index in range(len(self.classes))
        ]  # by class, how many cards of the later classes each holder could still take
        self._totals: dict[tuple[int, State], float] = {}
        self._choices: dict[tuple[int, State], tuple[list[Choice], list[float]]] = {}

    @property
    def start(self) -> State:
        """Every holder empty: all its room left, no marked card."""
        return tuple(h.count for h in self.holders) + (0,) * len(self.weighted)

    def total(self) -> float:
        """The weighted number of arrangements (0 if none agrees)."""
        return self._total(0, self.start)

    def _total(self, index: int, state: State) -> float:
        key = (index, state)
        if key not in self._totals:
            if index == len(self.classes):
                self._totals[key] = self.end_weight(state)
            else:
                choices, weights = self.choices(index, state)
                self._totals[key] = weights[-1] if weights else 0.0
        return self._totals[key]

    def end_weight(self, state: State) -> float:
        """The weight of a finished arrangement: every holder full, each weight asked of its marked cards."""
        room, marks = state[: len(self.holders)], state[len(self.holders) :]
        if any(room):
            return 0.0
        weight = 1.0
        for i, marked in zip(self.weighted, marks):
            weight *= self.holders[i].weight(marked)  # type: ignore[misc]  # weighted holders have a weight
        return weight

    def choices(self, index: int, state: State) -> tuple[list[Choice], list[float]]:
        """The ways to split class ``index`` among its holders from this state, and their cumulative weights."""
        key = (index, state)
        if key not in self._choices:
            allowed, marks, members = self.classes[index]
            found: list[Choice] = []
            cumulative: list[float] = []
            running = 0.0
            later = self.later_room[index]
            low = tuple(max(0, state[i] - later[i]) for i in allowed)  # what later classes cannot fill: filled now
            for split in splits(len(members), low, tuple(state[i] for i in allowed)):
                after = list(state)
                for i, taken in zip(allowed, split):
                    after[i] -= taken
                for slot, i in marks:
                    after[len(self.holders) + slot] += split[allowed.index(i)]
                rest = self._total(index + 1, tuple(after))
                if rest > 0:
                    running += multinomial(len(members), split) * rest
                    found.append((split, tuple(after)))
                    cumulative.append(running)
            self._choices[key] = (found, cumulative)
        return self._choices[key]

    def draw(self, rng: random.Random) -> Holdings:
        """One arrangement, each with probability its weight over the total; ValueError if none agrees."""
        if self.total() <= 0:
            raise ValueError("no arrangement of the hidden cards agrees with what was seen")
        holdings: Holdings = {h.name: [] for h in self.holders}
        state = self.start
        for index, (allowed, _, members) in enumerate(self.classes):
            found, cumulative = self.choices(index, state)
            pick = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
            split, state = found[min(pick, len(found) - 1)]
            shuffled = rng.sample(members, len(members))
            for i, taken in zip(allowed, split):
                holdings[self.holders[i].name] += shuffled[:taken]
                del shuffled[:taken]
        for cards in holdings.values():
            rng.shuffle(cards)
        return holdings

    def every(self) -> Iterator[tuple[Holdings, float]]:
        """Every arrangement with a weight above 0, with its weight: listed one by one, for small positions."""
        yield from self._every(0, list(self.cards), {})

    def _every(self, index: int, left: list[Any], chosen: Holdings) -> Iterator[tuple[Holdings, float]]:
        if index == len(self.holders):
            weight = self.holding_weight(chosen)
            if weight > 0:
                yield {name: list(cards) for name, cards in chosen.items()}, weight
            return
        holder = self.holders[index]
        fits = [c for c in left if holder.may_take(c)]
        ways = itertools.permutations if holder.ordered else itertools.combinations
        for cards in ways(fits, holder.count):
            taken = set(cards)
            chosen[holder.name] = list(cards)
            yield from self._every(index + 1, [c for c in left if c not in taken], chosen)
        chosen.pop(holder.name, None)

    def holding_weight(self, holdings: Mapping[Hashable, Sequence[Any]]) -> float:
        """The weight of one arrangement: the product of the holders' weights (0 if a card is where it may not
        be, or a holder has the wrong number of cards)."""
        weight = 1.0
        for holder in self.holders:
            cards = holdings[holder.name]
            if len(cards) != holder.count or not all(map(holder.may_take, cards)):
                return 0.0
            if holder.weight is not None:
                weight *= holder.weight(sum(c in holder.marked for c in cards))
        return weight


Class = tuple[tuple[int, ...], tuple[tuple[int, int], ...], list[Any]]  # allowed holders, (slot, holder) marked


def card_classes(cards: Sequence[Any], holders: Sequence[Holder], weighted: Sequence[int]) -> list[Class]:
    """The cards grouped by how the holders treat them (which may take them, which count them), the most bound
    first: the last class is then often free to go anywhere, and its split is forced."""
    groups: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], list[Any]] = {}
    for c in cards:
        allowed = tuple(i for i, h in enumerate(holders) if h.count and h.may_take(c))
        marks = tuple((slot, i) for slot, i in enumerate(weighted) if c in holders[i].marked and i in allowed)
        groups.setdefault((allowed, marks), []).append(c)
    ordered = sorted(groups.items(), key=lambda item: (len(item[0][0]), -len(item[0][1]), len(item[1])))
    return [(allowed, marks, members) for (allowed, marks), members in ordered]


@functools.lru_cache(maxsize=65536)
def splits(n: int, low: tuple[int, ...], high: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to put n alike cards into places, each taking between its low and high number (remembered: the
    same room recurs in many states)."""
    if not high:
        return ((),) if n == 0 else ()
    if not sum(low) <= n <= sum(high):
        return ()
    least, most = sum(low[1:]), sum(high[1:])
    return tuple(
        (first, *rest)
        for first in range(max(low[0], n - most), min(n - least, high[0]) + 1)
        for rest in splits(n - first, low[1:], high[1:])
    )


FACTORIALS = [math.factorial(n) for n in range(60)]


def multinomial(n: int, parts: Sequence[int]) -> int:
    """In how many ways n cards can be split into groups of these sizes."""
    ways = FACTORIALS[n]
    for part in parts:
        ways //= FACTORIALS[part]
    return ways


class HasWorlds(Protocol):
    """A seat's view whose game knows where its hidden cards may be (Alkort's and Écarté's views)."""

    def hidden_deal(self) -> Worlds:
        """The hidden cards and the places they may be."""

    def world_from(self, holdings: Holdings) -> Any:
        """The full deal with the hidden cards where ``holdings`` puts them."""


def every_world(view: HasWorlds) -> Iterator[tuple[Any, float]]:
    """Every world that agrees with a view, with its weight (its share is weight / the sum): small positions only."""
    for holdings, weight in view.hidden_deal().every():
        yield view.world_from(holdings), weight


def draw_world(view: HasWorlds, rng: random.Random) -> Any:
    """One world that agrees with a view, drawn fairly (each with probability its weight over the total)."""
    return view.world_from(view.hidden_deal().draw(rng))
