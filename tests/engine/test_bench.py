"""The benchmark runs and prints one line per game in the promised form (its speed is measured, not tested)."""

import re
import subprocess
import sys


def test_bench_prints_a_line_per_game() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardlib.bench", "--seconds", "0.2"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == ["alkort4", "alkort2", "ecarte"]  # each game the registry knows
    for line in lines:
        assert re.fullmatch(r"\w+ deals/s=\d+ moves/s=\d+", line)
        deals, moves = map(int, re.findall(r"=(\d+)", line))
        assert 0 < deals < moves
