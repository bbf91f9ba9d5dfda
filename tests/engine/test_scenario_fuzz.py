"""Fuzzing the scenario runner: no mangled line, however mangled, makes it show a traceback.

Each case takes a shipped scenario, damages it at random (a character deleted, doubled or swapped, a value
of another JSON type, a key dropped, added or given twice, deep nesting, a huge number, a garbled card,
bytes that are not UTF-8) and runs the runner on it in this process. Whatever comes of it, the answer is
exit status 0, 1 or 2, with no traceback, and an exit-2 error names the file and line.
"""

import contextlib
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardlib import scenarios

SHIPPED = Path(__file__).resolve().parents[1] / "scenarios"
CASES = 1000
LINES = [
    line
    for file in sorted(SHIPPED.glob("*.jsonl"))
    for line in file.read_text(encoding="utf-8").splitlines()
    if line.startswith("{")
]

OTHER_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    4,
    9,
    44,
    1.0,
    4.0,
    0.5,
    1e300,
    "",
    " ",
    "x",
    "K♦",
    "kd",
    "10h",
    "♥",
    "hearts",
    "play K♦",
    "discard",
    [],
    [None],
    [1, 2],
    ["K♦"],
    ["K♦", "K♦"],
    {},
    {"0": []},
    {"winner": 0},
    [[[]]],
]
GARBLED_CARDS = ["11♠", "K?", "k", "♦", "10", "T♥", "kh", "1♥", "0♠", " K♦ ", "K♦♦", "KD ", "ace", "", "5♥", "2♣"]
KEYS = [*scenarios.FORMS, *scenarios.EXPECT_FORMS, "colour", "", "ID", "expect ", "options.lead_rule"]
NOISE = '[]{}",:0123456789.-+eE tfnul\\/♠♥♦♣KQJA'


def run_in_process(path: Path) -> tuple[int, str, str]:
    """The runner's exit status, standard output and standard error, run here rather than in a new Python."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = scenarios.main([str(path)])
    return status, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------
# Damage to the text of a line


def delete_char(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    return text[:i] + text[i + 1 :]


def double_char(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    return text[:i] + text[i] + text[i:]


def swap_chars(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text) - 1)
    return text[:i] + text[i + 1] + text[i] + text[i + 2 :]


def insert_noise(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + "".join(rng.choices(NOISE, k=rng.randint(1, 3))) + text[i:]


def cut_short(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text))]


def repeat_a_key(text: str, rng: random.Random) -> str:
    key = rng.choice(["id", "game", "kind", "expect", "cards", "winner", "hands", "0"])
    return text.replace(f'"{key}": ', f'"{key}": 0, "{key}": ', 1)


def huge_number(text: str, rng: random.Random) -> str:
    number = rng.choice(["", "-"]) + str(rng.randint(1, 9)) * rng.choice([10, 400, 4301, 5000, 20_000])
    return text.replace(": 0", ": " + number, 1) if ": 0" in text else text[:-1] + f', "players": {number}}}'


def json_constant(text: str, rng: random.Random) -> str:
    return text[:-1] + f', "players": {rng.choice(["NaN", "Infinity", "-Infinity"])}}}'


# ---------------------------------------------------------------------------
# Damage to the JSON value of a line


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path (a tuple of keys and indexes) to a value inside a scenario."""
    found = [path]
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, child in children:
        found += places(child, (*path, key))
    return found


def container_and_key(data: Any, path: tuple) -> tuple[Any, Any]:
    for key in path[:-1]:
        data = data[key]
    return data, path[-1]


def replace_value(data: Any, rng: random.Random) -> Any:
    inner = [p for p in places(data) if p]
    if inner:
        parent, key = container_and_key(data, rng.choice(inner))
        parent[key] = rng.choice(OTHER_VALUES)
    return data


def drop_key(data: Any, rng: random.Random) -> Any:
    objects = [p for p in places(data) if isinstance(value_at(data, p), dict) and value_at(data, p)]
    if objects:
        target = value_at(data, rng.choice(objects))
        del target[rng.choice(list(target))]
    return data


def add_key(data: Any, rng: random.Random) -> Any:
    objects = [p for p in places(data) if isinstance(value_at(data, p), dict)]
    value_at(data, rng.choice(objects))[rng.choice(KEYS)] = rng.choice(OTHER_VALUES)
    return data


def garble_card(data: Any, rng: random.Random) -> Any:
    texts = [p for p in places(data) if p and isinstance(value_at(data, p), str)]
    if texts:
        parent, key = container_and_key(data, rng.choice(texts))
        word = parent[key].split(" ")[0] + " " if " " in parent[key] else ""  # keep 'play ' of 'play K♦'
        parent[key] = word + rng.choice(GARBLED_CARDS)
    return data


def shuffle_list(data: Any, rng: random.Random) -> Any:
    lists = [p for p in places(data) if isinstance(value_at(data, p), list) and len(value_at(data, p)) > 1]
    if lists:
        target = value_at(data, rng.choice(lists))
        i, j = rng.sample(range(len(target)), 2)
        target[i], target[j] = target[j], target[i]
    return data


def nudge_number(data: Any, rng: random.Random) -> Any:
    numbers = [p for p in places(data) if p and type(value_at(data, p)) is int]
    if numbers:
        parent, key = container_and_key(data, rng.choice(numbers))
        parent[key] += rng.choice([-2, -1, 1, 2])
    return data


def nest_deeply(data: Any, rng: random.Random) -> Any:
    inner = [p for p in places(data) if p]
    parent, key = container_and_key(data, rng.choice(inner))
    for _ in range(rng.choice([1, 2, 3, 5, 50])):
        parent[key] = [parent[key]] if rng.random() < 0.5 else {"k": parent[key]}
    return data


def value_at(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


TEXT_DAMAGE: list[Callable[[str, random.Random], str]] = [
    delete_char,
    double_char,
    swap_chars,
    insert_noise,
    cut_short,
    repeat_a_key,
    huge_number,
    json_constant,
]
VALUE_DAMAGE: list[Callable[[Any, random.Random], Any]] = [
    replace_value,
    drop_key,
    add_key,
    garble_card,
    shuffle_list,
    nudge_number,
    nest_deeply,
]


def scenario_or_none(line: str) -> dict | None:
    """The line's JSON object, if it still is one (damage to the value needs an object to work on)."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def damaged_file(rng: random.Random) -> bytes:
    """A shipped scenario damaged one to three times, sometimes after a good line, sometimes as bytes."""
    line = rng.choice(LINES)
    for _ in range(rng.randint(1, 3)):
        value = scenario_or_none(line)
        if value is not None and rng.random() < 0.5:
            line = json.dumps(rng.choice(VALUE_DAMAGE)(value, rng), ensure_ascii=False)
        else:
            line = rng.choice(TEXT_DAMAGE)(line if len(line) > 1 else "{}", rng)
    prefix = rng.choice(["", "", LINES[0] + "\n", "// a comment\n\n"])
    content = (prefix + line + "\n").encode("utf-8")
    roll = rng.random()
    if roll < 0.03:
        content = b"\xef\xbb\xbf" + content
    elif roll < 0.06:
        content = content.replace(b"\x99", b"\xff", 1) if b"\x99" in content else content + b"\xc3"
    elif roll < 0.08:
        content = b"[" * 200_000
    return content


def test_no_damaged_scenario_gets_a_traceback(tmp_path: Path) -> None:
    rng = random.Random(20240610)
    path = tmp_path / "damaged.jsonl"
    statuses = {0: 0, 1: 0, 2: 0}
    for case in range(CASES):
        content = damaged_file(rng)
        path.write_bytes(content)
        try:
            status, out, err = run_in_process(path)
        except Exception as error:  # exactly what must never happen
            raise AssertionError(f"case {case}: {type(error).__name__}: {error}\n{content[:600]!r}") from error
        assert status in statuses, (case, status, content[:600])
        assert "Traceback" not in out + err, (case, out, err)
        if status == 2:
            assert all(
                line.startswith(f"error: {path}") or line == f"error: no scenarios in {path}"
                for line in err.splitlines()
            ), (case, err)
        statuses[status] += 1
    # The damage reaches every outcome: passing lines, failing lines, refused lines.
    assert all(statuses.values()), statuses
