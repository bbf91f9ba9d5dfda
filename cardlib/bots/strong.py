"""The strong bot: the Monte Carlo bot with more imagined deals, and in Écarté their last two tricks solved exactly.

The Monte Carlo bot (``montecarlo.py``) is *perfect-information Monte Carlo* (PIMC; Ginsberg's GIB): it imagines
worlds that agree with what its seat saw and plays every candidate out in each with the book's advice. Two things
limit it: its *noise* (a few dozen worlds cannot tell two close moves apart, so it keeps the book's move unless
another is clearly better) and its *leaves* (the rest of each world is played by the book, which misses some
follow-ups). The strong bot spends up to three times the Monte Carlo bot's time on whichever of them the game
rewards, as measured (``tools/strength.py``, mirrored deals against the Monte Carlo bot; each game's ``Lookahead``):

- **Alkort: more worlds** (``strong_worlds`` 2.5): 53.0 % of deals in 150 pairs (95 % interval 49.4-56.6 %), then
  in the long match of ``strength.json`` (the README's table). Exact last tricks *lost*: the last three solved
  exactly with half the worlds won 46.7 % (42.6-50.8 %).
- **Écarté: exact last two tricks, as many worlds** (``exact_tricks`` 2): 51.2 % in 400 pairs (49.6-52.8 %), but
  49.7 % (48.7-50.7 %) in the 650 of ``strength.json``: **not measurably stronger** than the Monte Carlo bot, whose
  calls already follow the computed tables and whose play keeps to the book unless clearly beaten. 2.5 times the
  worlds alone won 50.3 % (49.2-51.5 %), three exact tricks with half the worlds 48.9 % (47.3-50.5 %). An Écarté
  player stronger than sampling is still to be found.

Why not more exact search, from the anchors of the issue? An exact leaf (GIB's double-dummy) values a world as if
every player saw every card. That is *strategy fusion* (Frank and Basin 1998): in each world the player "knows"
which card to play later, though in the real deal he must choose one card for all the worlds he cannot tell apart;
and the other players are assumed to play perfectly against a hand they cannot see. The longer the exact ending,
the more it misleads, and in four-handed Alkort, where a partner's and two opponents' hands are hidden, it misled
more than the book's honest play (the 46.7 % above). αμ (Cazenave and Ventos 2020) and Extended PIMC (Arjonilla,
Saffidine and Cazenave 2024) repair this by searching over sets of worlds, and ISMCTS (Cowling, Powley and
Whitehouse 2012) by a tree over what a seat knows; each needs many times this budget in pure Python, which must run
in the browser. So the strong bot keeps PIMC's honest play-outs and adds only what was measured to help: the
worlds, and where they are cheap and hide little (Écarté's last two tricks: one hidden hand of two cards), exact
endings.

Everything else is the Monte Carlo bot's: its worlds (agreeing with what the seat saw, and in Écarté with the other
player's calls), its candidates, its trust in the book's move unless another is clearly better, its sentence.
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
    if tricks <= 0:  # no exact ending: the book plays to the end, as in the Monte Carlo bot
        return float(state.play_out(policy).returns()[seat])
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
