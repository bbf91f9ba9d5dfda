"""The review: every decision of the seat in order, what each choice cost, its verdict, and the hindsight."""

from __future__ import annotations

import pytest
from coach_helpers import played

from cardlib import coach


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
        assert r.loss >= 0 and (r.chosen != r.best or r.loss == r.loss_margin == 0)
        assert r.verdict == coach.verdict_of(r.loss, r.loss_margin) or r.loss == 0 < r.loss_margin
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


def test_verdicts_need_the_low_end_of_the_loss_above_the_threshold() -> None:
    """A loss is a mistake only when even the low end of its 95 % interval is above 0.2, an inaccuracy above 0.1."""
    mistake, inaccuracy = coach.THRESHOLDS["mistake"], coach.THRESHOLDS["inaccuracy"]
    assert (inaccuracy, mistake) == (0.1, 0.2)
    assert coach.verdict_of(0.9, 0.5) == "mistake" and coach.verdict_of(0.6, 0.5) == "good"
    assert coach.verdict_of(0.25, 0.1) == "inaccuracy" and coach.verdict_of(0.25, 0.2) == "good"
    assert coach.verdict_of(mistake + 0.01, 0.0) == "mistake" and coach.verdict_of(mistake, 0.0) == "inaccuracy"
    assert coach.verdict_of(inaccuracy, 0.0) == "good" and coach.verdict_of(0.0, 0.0) == "good"
    for name, chance in coach.WIN_CHANCE_THRESHOLDS.items():  # lichess's, in points: a deal won, not lost, is 2
        assert name == "blunder" or coach.THRESHOLDS[name] == pytest.approx(2 * chance)


def test_the_loss_is_measured_on_fresh_worlds() -> None:
    """The best option was chosen on the hint's worlds; the loss comes from other worlds, with its own ±."""
    state = played("alkort", 3)
    reviews = [r for r in coach.review(state, 0, samples=20) if r.chosen != r.best]
    assert reviews, "a decision where the choice was not the coach's best"
    differ = 0
    for r in reviews:
        on_hint = r.hint.options[0].points - r.hint.estimate(r.chosen).points
        loss, margin = coach.measured_loss(r.position, 0, r.hint, r.chosen, 0)
        assert (max(0.0, loss), margin) == (r.loss, r.loss_margin)
        differ += margin > 0 and loss != pytest.approx(on_hint)  # equivalent cards tie in every world: ± 0
    assert differ, "the same worlds would give the same loss"


def test_worst_are_the_costliest_mistakes() -> None:
    reviews = [r for seed in (2, 5) for r in coach.review(played("ecarte", seed), 0, samples=20)]
    worst = coach.worst(reviews, 3)
    assert all(r.verdict != "good" for r in worst) and len(worst) <= 3
    assert [r.loss for r in worst] == sorted((r.loss for r in worst), reverse=True)
    assert {id(r) for r in worst} <= {id(r) for r in reviews}
    left_out = [r.loss for r in reviews if r.verdict != "good" and all(r is not w for w in worst)]
    assert all(loss <= worst[-1].loss for loss in left_out) if worst else not left_out
