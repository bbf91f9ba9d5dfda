"""The sizes the games give each list an exercise's function takes, and those its check tries.

A function right for small inputs only (a hand formatter that wraps at 24 characters: right for six cards,
wrong for a nine-card Alkort hand) is called correct when the check never tries the game's full size. So each
exercise states what its lists are in the game (``SIZES``: a hand of Alkort, Écarté's stock, ...), the sizes come
from the engine's own numbers (``GAME``), and ``missing`` names every size the game allows that the check's cases
never try — unless the exercise states why it cannot be asked (the statement's own scope, with its reason).
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import alkort, ecarte
from ..cards import ALKORT_PACK, ECARTE_PACK, FULL_PACK, Table
from .checker import Exercise

# Each kind of list in the games: the sizes its rules allow (with every option and number of players).
GAME: Table[str, frozenset[int]] = Table(
    "sizes.GAME",
    {
        "Alkort hand": frozenset(range(1, alkort.HAND_SIZE + 1)),  # nine dealt, one fewer each trick
        "Alkort trick": frozenset({2, 4}),  # a card from each player: two or four play
        "Alkort stock": frozenset({alkort.stock_size(4), alkort.stock_size(2)}),
        "Alkort pack": frozenset({len(ALKORT_PACK)}),
        # a side for each trick played so far: nine tricks a deal (eleven drawing after each trick, four players)
        "Alkort tricks so far": frozenset(range(1, alkort.TRICKS_PER_DEAL + 3)),
        "Écarté hand": frozenset(range(1, ecarte.HAND_SIZE + 1)),
        "Écarté trick": frozenset({2}),
        "Écarté trick so far": frozenset({0, 1}),
        "Écarté discard": frozenset(range(1, ecarte.HAND_SIZE + 1)),
        "Écarté stock": frozenset(range(ecarte.STOCK_SIZE + 1)),  # 21 after the deal, fewer after each exchange
        "Écarté pack": frozenset({len(ECARTE_PACK)}),
        "Écarté tricks won": frozenset({2}),  # one count for each of the two players
        "full pack": frozenset({len(FULL_PACK)}),
    },
)
DRAWING = "only draw_after_trick (four players) plays ten or eleven tricks: this exercise takes the default rules"
FULL_HAND = "asked of a full hand, before the first trick"

# Exercise -> its list parameters -> (the kinds of list it is in the games, {size the exercise leaves out: why}).
SIZES: dict[str, dict[str, tuple[tuple[str, ...], dict[int, str]]]] = {
    "1.5": {
        "cards": (
            ("Alkort hand", "Alkort stock", "Alkort pack", "Écarté hand", "Écarté stock", "Écarté pack", "full pack"),
            {},
        )
    },
    "3.1": {"cards": (("Alkort trick",), {})},
    "3.2": {"cards": (("Alkort trick",), {})},
    "3.3": {"cards": (("Alkort trick",), {})},
    "3.4": {"cards": (("Alkort hand",), {})},
    "4.1": {"deck": (("Alkort pack",), {})},
    "4.2": {"trick_sides": (("Alkort tricks so far",), {10: DRAWING, 11: DRAWING})},
    "4.3": {"trick_sides": (("Alkort tricks so far",), {10: DRAWING, 11: DRAWING})},
    "4.4": {"trick_sides": (("Alkort tricks so far",), {10: DRAWING, 11: DRAWING})},
    "4.6": {"cards": (("Alkort hand",), dict.fromkeys(range(1, alkort.HAND_SIZE), FULL_HAND))},
    "4.7": {
        "cards": (("Alkort hand",), dict.fromkeys((1, 4, 6, 7, 8), "the card is shown before play, from a full hand"))
    },
    "5.3": {"cards": (("Écarté trick",), {})},
    "5.4": {"cards": (("Écarté hand",), {}), "trick": (("Écarté trick so far",), {})},
    "6.1": {"deck": (("Écarté pack",), {})},
    "6.5": {
        "cards": (("Écarté hand",), dict.fromkeys(range(1, ecarte.HAND_SIZE), "the exchange is made with a full hand")),
        "discards": (("Écarté discard",), {}),
        "stock": (("Écarté stock",), {}),
    },
    "7.1": {"tricks_won": (("Écarté tricks won",), {})},
    "7.3": {"tricks_won": (("Écarté tricks won",), {})},
    "8.1": {"cards": (("Alkort trick",), {})},
    "8.3": {"cards": (("Alkort trick",), {})},
    "8.4": {"cards": (("Écarté hand",), {}), "trick": (("Écarté trick so far",), {})},
    "8.6": {"cards": (("Alkort hand",), dict.fromkeys(range(1, alkort.HAND_SIZE), FULL_HAND))},
}


def tried(ex: Exercise, cases: Iterable[tuple] | None = None) -> dict[str, set[int]]:
    """The sizes of each list argument among the check's cases."""
    found: dict[str, set[int]] = {}
    for case in ex.cases() if cases is None else cases:
        for param, value in zip(ex.params, case):
            if isinstance(value, list):
                found.setdefault(param, set()).add(len(value))
    return found


def game_sizes(ex: Exercise, param: str) -> set[int]:
    """Every size the games give this list argument, as the exercise states what it is."""
    kinds, _ = SIZES[ex.key][param]
    return set().union(*(GAME[kind] for kind in kinds))


def missing(ex: Exercise, cases: Iterable[tuple] | None = None) -> list[str]:
    """'1.5 cards: 9, 26 (Alkort hand, Alkort stock, …)' for each list argument whose game sizes are not all tried
    (or left out with a reason); [] when the check spans the game."""
    sizes, found = SIZES.get(ex.key, {}), tried(ex, cases)
    gaps = [f"{ex.key} {param}: not stated in sizes.SIZES" for param in found if param not in sizes]
    for param, (kinds, excused) in sizes.items():
        left = sorted(game_sizes(ex, param) - found.get(param, set()) - set(excused))
        if left:
            gaps.append(f"{ex.key} {param}: {', '.join(map(str, left))} never tried ({', '.join(kinds)})")
    return gaps
