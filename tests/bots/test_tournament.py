"""The tournament runs from the command line, mirrors its deals, and reports intervals and times."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardlib.tournament import main, run_match


def test_cli_runs_a_small_tournament(capsys):
    assert main(["--game", "ecarte", "--deals", "3", "--match", "mc:rules", "--match", "rules:random", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "ecarte: mc vs rules, 3 deals x 2 seatings" in out and "rules vs random" in out
    assert "95% CI" in out and "p95" in out and "processor time" in out


def test_cli_as_a_module_for_alkort():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardlib.tournament",
            "--game",
            "alkort",
            "--players",
            "2",
            "--deals",
            "2",
            "--match",
            "rules:random",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "alkort (2 players): rules vs random, 2 deals x 2 seatings" in done.stdout
    assert "2/2 deals" in done.stderr  # the progress line


def test_cli_refuses_an_unknown_bot(capsys):
    with pytest.raises(SystemExit):
        main(["--match", "mc:genius"])
    assert "--match wants two bots" in capsys.readouterr().err


def test_each_deal_is_played_from_both_sides():
    # a bot against itself wins exactly half of every mirrored pair unless the deal is a tie either way
    result = run_match("alkort", "rules", "rules", deals=10, seed=3)
    assert result.win_rate == pytest.approx(0.5)
    assert len(result.pair_scores) == 10 and len(result.times["rules"]) > 0
    low, high = result.confidence
    assert low <= 0.5 <= high
