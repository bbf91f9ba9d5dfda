"""The benchmark runs and prints one line per game in the promised form (its speed is measured, not tested), and
measures two checkouts side by side against the toy yardstick."""

import re
import subprocess
import sys
from pathlib import Path

from cardlib import bench, games

TOY = Path(__file__).resolve().parents[1] / "toy_game.py"


def registry_labels() -> list[str]:
    """What the bench should name: each game the registry knows, with its key and, when several numbers may play
    it, the number."""
    return [
        game.key if len(game.players) == 1 else f"{game.key}{count}" for game in games.every() for count in game.players
    ]


def loaded_here() -> list[str]:
    """For a fresh process to know the games this session registered from files (``--register-game``), as this
    one does: ``--load`` and each file."""
    files = {sys.modules[game.state.__module__].__file__ for game in games.every() if game.key not in games.BUILT_IN}
    return [argument for path in sorted(str(f) for f in files) for argument in ("--load", path)]


def test_bench_prints_a_line_per_game() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardlib.bench", "--seconds", "0.2", *loaded_here()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == registry_labels()
    for line in lines:
        assert re.fullmatch(r"\w+ deals/s=\d+ moves/s=\d+", line)
        deals, moves = map(int, re.findall(r"=(\d+)", line))
        assert 0 < deals < moves


def test_a_game_loaded_from_a_file_is_benched_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardlib.bench", "--seconds", "0.1", "--load", str(TOY), bench.YARDSTICK],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"toy deals/s=\d+ moves/s=\d+", result.stdout.strip())


def test_two_trees_side_by_side_against_the_toy() -> None:
    label = registry_labels()[0]  # one of the course's own games, which the older tree knows too
    old, new = bench.side_by_side(bench.HERE, [label], rounds=2, seconds=0.05, load=str(TOY))
    assert len(old[label]) == len(new[label]) == len(new[bench.YARDSTICK]) == 2
    assert bench.YARDSTICK not in old  # the yardstick is measured in this tree only
    (line,) = bench.report(old, new)
    assert re.fullmatch(
        rf"{label}: old best \d+ median \d+ deals/s; new best \d+ median \d+ deals/s; new/old [\d.]+; "
        r"against the toy \(\d+\): old [\d.]+x, new [\d.]+x \(round by round: old [\d.]+x, new [\d.]+x\)",
        line,
    )


def test_the_report_sets_each_round_beside_its_own_toy() -> None:
    """A busy machine slows a round's game and its toy alike: the round-by-round ratio sees through it."""
    old = {"ecarte": [100.0, 50.0, 60.0]}
    new = {"ecarte": [120.0, 60.0, 75.0], bench.YARDSTICK: [200.0, 100.0, 100.0]}
    (line,) = bench.report(old, new)
    assert line.endswith("against the toy (200): old 0.50x, new 0.60x (round by round: old 0.50x, new 0.60x)")
    new[bench.YARDSTICK] = [200.0, 80.0, 100.0]  # the second round's toy slowed as much as its game
    (line,) = bench.report(old, new)
    assert line.endswith("(round by round: old 0.60x, new 0.75x)")
