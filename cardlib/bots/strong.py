"""The strong bot: the Monte Carlo bot's imagined deals, each finished by exact search instead of by the book.

The Monte Carlo bot (``montecarlo.py``) is *perfect-information Monte Carlo* (PIMC) with a fast policy at the leaves:
in each imagined world it plays every move out with the book's advice for everyone. Its judgment is then only as
good as the book's play of the rest of the deal: a move that needs a good follow-up (cashing a King later, keeping
the last trump for the last trick) is undervalued whenever the book would not find that follow-up.

The choice among the anchors of the issue (Ginsberg's GIB; Frank and Basin 1998; Cazenave and Ventos 2020's αμ;
Arjonilla, Saffidine and Cazenave 2024's Extended PIMC; Cowling, Powley and Whitehouse 2012's ISMCTS):

- **GIB's double-dummy leaves**, where they are affordable. Once few tricks are left (``Lookahead.exact_tricks``:
  four in Écarté, three in Alkort), a world's play-out stops following the book and is *solved*: the exact value of
  the position with every card seen (``cardlib.doubledummy``). Before that, the book plays on, as in the Monte Carlo
  bot. So the leaves are better than the book's wherever the book errs in the last tricks, and a late decision is
  judged by perfect play of the rest. This is Extended PIMC's idea in its cheapest form: the perfect-information
  step is postponed to where it costs little (pure Python, which must run in the browser) and errs least.
- **Not a full double-dummy search from the first card**: measured, one world of a four-handed Alkort deal with five
  cards a hand takes 160 ms (p50) to solve, 600 ms (p95): forty worlds would be minutes. **Not αμ or ISMCTS**:
  both need many times more search than PIMC for the same decision, and our budget is three times the Monte Carlo
  bot's time.
- **Strategy fusion** (Frank and Basin), the fault of every PIMC player, is kept small where it matters most:
  the exact step is taken only in the last tricks, where little is hidden (in Écarté's last four tricks, the
  unseen cards are those of one hand and the stock; the worlds differ in few cards), and the decisions before it are
  compared over the same worlds, played on by the same honest book. Chapter 10 shows a position where it still
  misleads.

Everything else is the Monte Carlo bot's: its worlds (agreeing with what the seat saw, and in Écarté with the
other player's calls), its candidates, its trust in the book's move unless another is clearly better, its sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import doubledummy, games
from ..tricks import Action, Card, DealState
from .montecarlo import MonteCarloBot, Policy, deal_value

SOLVE_BUDGET = 20_000  # positions one world's exact step may value; past it, the book plays one more card first


def solvable(state: DealState, tricks: int) -> bool:
    """Whether a world is in its last ``tricks`` tricks with only cards to play (no exchange or call pending)."""
    if max(len(hand) for hand in state.hands) > tricks:
        return False
    legal = state.legal_actions()
    return all(type(a) is Card for a in legal)


def finished(world: DealState, move: Action, seat: int, policy: Policy, tricks: int | None = None) -> float:
    """A copy of a world with the move made, played on by the book until its last ``tricks`` tricks (the game's
    ``exact_tricks`` if None), then solved exactly: the deal's points margin for ``seat``'s side."""
    state = world.clone()
    state.apply(move)
    return finish(state, seat, policy, tricks)


def finish(state: DealState, seat: int, policy: Policy, tricks: int | None = None) -> float:
    """Play a world on (in place) by the book until its last ``tricks`` tricks, then solve them exactly: the deal's
    points margin for ``seat``'s side."""
    game = games.of(state)
    tricks = game.lookahead.exact_tricks if tricks is None else tricks
    while not state.is_over:
        if solvable(state, tricks):
            try:
                return doubledummy.Search(game.coach, SOLVE_BUDGET).value_for(state, seat)
            except doubledummy.TooBig:
                pass  # (rare) too many positions: one more card by the book, then try again
        state.apply(policy(state, state.legal_actions()))
    return float(state.returns()[seat])


class StrongBot(MonteCarloBot):
    """The Monte Carlo bot whose imagined deals end in exact search over their last tricks (see the module)."""

    name = "strong"

    def worlds_for(self, view: Any, moves: Sequence[Action], budget: int | None = None) -> int:
        """The Monte Carlo bot's worlds, times the game's ``strong_worlds``."""
        return max(8, round(games.of(view).lookahead.strong_worlds * super().worlds_for(view, moves, budget)))

    def value(self, world: DealState, move: Action, seat: int, policy: Policy) -> float:
        """How a move did in one imagined world: the book's play, then the last tricks played perfectly."""
        return deal_value(finished(world, move, seat, policy))
