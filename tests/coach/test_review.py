"""The review: every decision of the seat in order, what each choice cost, its verdict, and the hindsight."""

from __future__ import annotations

import pytest
from coach_helpers import played

from cardlib import coach
from cardlib.tricks import ACCEPT, PASS, PROPOSE, REFUSE


@pytest.mark.parametrize("key, seed", [("ecarte", 2), ("alkort", 3)])
def test_every_decision_in_order(key: str, seed: int) -> None:
    state = played(key, seed)
    reviews = coach.review(state, 0, samples=20)
    assert [r.number for r in reviews] == [k for k, _ in coach.decisions(state, 0)]
    assert [r.number for r in reviews] == sorted({r.number for r in reviews})
    for r in reviews:
        assert r.position.log == state.log[: r.number] and not r.position.is_over
        assert r.chosen == state.log[r.number] or r.chosen is coach.WAIT
        assert r.chosen in {e.action for e in r.hint.options} and r.best == r.hint.options[0].action
        assert r.loss == pytest.approx(max(0.0, r.hint.options[0].points - r.hint.estimate(r.chosen).points))
        assert r.verdict == coach.verdict_of(r.hint, r.chosen, r.loss)
        options = {e.action for e in r.hint.options}
        assert set(r.hindsight) <= options and (set(r.hindsight) == options) == (r.hindsight_note == "")
        assert r.hindsight_note == "" or r.hindsight_note.startswith("not computed")
    assert reviews[-1].hindsight, "the last decision, with few cards left, is valued exactly"


def test_forced_moves_are_no_decisions() -> None:
    state = played("ecarte", 2)
    replay = state.redeal()
    forced = []
    for k, move in enumerate(state.log):
        if replay.actor(move) == 0 and len(replay.legal_actions(0)) == 1 and replay.current_player == 0:
            forced.append(k)
        replay.apply(move)
    assert forced and not set(forced) & {k for k, _ in coach.decisions(state, 0)}


def test_verdicts_follow_the_thresholds_and_the_noise() -> None:
    """A choice within the noise of the best is good, whatever it cost on average; beyond it, the thresholds."""
    a, b, c, d = PROPOSE, ACCEPT, REFUSE, PASS  # four options; their names do not matter here
    tied: dict[coach.Option, tuple[float, ...]] = {a: (2.0, 0.0, 2.0, 0.0), b: (1.0, 1.0, 1.0, 1.0)}
    far: dict[coach.Option, tuple[float, ...]] = {a: (2.0,) * 4, b: (1.0,) * 4, c: (1.7,) * 4, d: (1.95,) * 4}
    assert coach.verdict_of(hint_of(tied), b, 0.6) == "good"
    assert coach.verdict_of(hint_of(far), b, 1.0) == "mistake"
    assert coach.verdict_of(hint_of(far), c, 0.3) == "inaccuracy"
    assert coach.verdict_of(hint_of(far), d, 0.05) == "good"
    assert coach.THRESHOLDS["inaccuracy"] < coach.THRESHOLDS["mistake"]


def hint_of(outcomes: dict[coach.Option, tuple[float, ...]]) -> coach.Hint:
    """A hint made from given outcomes, best first."""
    estimates = sorted((coach.estimate_of(o, v) for o, v in outcomes.items()), key=lambda e: -e.points)
    top = estimates[0].action
    best = tuple(x.action for x in estimates if coach.within_noise(outcomes[top], outcomes[x.action]))
    return coach.Hint(0, 4, 0, tuple(estimates), best, "", outcomes)


def test_worst_are_the_costliest_mistakes() -> None:
    reviews = [r for seed in (2, 5) for r in coach.review(played("ecarte", seed), 0, samples=20)]
    worst = coach.worst(reviews, 3)
    assert all(r.verdict != "good" for r in worst) and len(worst) <= 3
    assert [r.loss for r in worst] == sorted((r.loss for r in worst), reverse=True)
    assert {id(r) for r in worst} <= {id(r) for r in reviews}
    left_out = [r.loss for r in reviews if r.verdict != "good" and all(r is not w for w in worst)]
    assert all(loss <= worst[-1].loss for loss in left_out) if worst else not left_out
