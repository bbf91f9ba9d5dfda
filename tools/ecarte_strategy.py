"""Regenerate cardlib/ecarte/strategy_tables.json: Écarté's decision tables, computed (``make strategy``).

For every hand class (``strategy.hand_class``) and each first decision — the non-dealer's play or propose, the
dealer's accept or refuse, the non-dealer's first discard — deals are sampled with a hand of the class and played
out by the book (``strategy.run_deal``), each choice from the same cards. Every class gets ``--samples`` deals;
those whose two choices are within the noise of each other get up to ``--boundary`` deals, so that the boundary
is drawn as sharply as the time allows. A class's deals are seeded by its name: ``strategy.class_rows`` with the
saved sample count gives the saved counts again (a test regenerates a slice).

    nice -n 10 .venv/bin/python tools/ecarte_strategy.py            # the whole tables
    nice -n 10 .venv/bin/python tools/ecarte_strategy.py --samples 40 --boundary 40 --out /tmp/t.json   # a quick try
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib import margins  # noqa: E402
from cardlib.cards import SUITS, Card  # noqa: E402
from cardlib.cards import hand as cards_of  # noqa: E402
from cardlib.ecarte import RANK_ORDER, advice, strategy  # noqa: E402

SEAT = {"first_call": 0, "answer": 1, "discard": 0}  # whose decision each table is, for the paired difference
SCORES = range(strategy.TARGET)


def class_weights() -> dict[str, float]:
    """Each class's chance for a dealt hand: every 5 of the 32 cards, the trump suit spades here (the suits are
    alike), weighted by the chance that the turned-up card is a trump (8 less the trumps held, of 27 cards)."""
    counts: Counter[str] = Counter()
    for hand in itertools.combinations(strategy.ALL, 5):
        trumps = sum(c < 8 for c in hand)
        counts[strategy.hand_class(hand, 0)] += 8 - trumps
    total = sum(counts.values())
    return {key: counts[key] / total for key in sorted(counts, key=lambda k: -counts[k])}


def paired_difference(rows: list[list[int]], seat: int) -> list[int]:
    """The sum and sum of squares, over the deals, of the first choice's points less the second's."""
    diffs = [strategy.net_points(row[0], seat) - strategy.net_points(row[1], seat) for row in rows]
    if not rows:
        return [0, 0]
    return [sum(diffs), sum(d * d for d in diffs)]


def entry(kind: str, rows: list[list[int]]) -> list:
    """What the table keeps of a class's deals: their number, the paired difference of the first two choices'
    points, and each choice's outcome counts (play or propose, accept or refuse: the game to 5 needs them) or its
    figures (wins, points, squares: the discards)."""
    seat = SEAT[kind]
    found = strategy.tallies(rows)
    if kind != "discard":
        return [len(rows), paired_difference(rows, seat), *(t.counts for t in found)]
    figures = [t.figures(seat) for t in found]
    return [len(rows), paired_difference(rows, seat), *([f.wins, f.total, f.squares] for f in figures)]


def on_the_boundary(saved: list) -> bool:
    """Whether the two choices are still within 2.5 standard errors of each other."""
    n, (total, squares) = saved[0], saved[1]
    if n < 2:
        return False
    mean = total / n
    error = math.sqrt(max(0.0, squares / n - mean * mean) / (n - 1))
    return abs(mean) < 2.5 * error + 1e-9


def build_table(kind: str, keys: list[str], samples: int, boundary: int, seed: int, deadline: float) -> list:
    """One decision's table, a row per class in the classes' order: every class sampled, the classes on the
    boundary (the most likely first) again with more deals."""
    table = [entry(kind, strategy.class_rows(kind, key, samples, seed)) for key in keys]
    for number, key in enumerate(keys):
        if boundary > samples and on_the_boundary(table[number]) and time.monotonic() < deadline:
            table[number] = entry(kind, strategy.class_rows(kind, key, boundary, seed))
    return table


def arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="deals per class")
    parser.add_argument("--boundary", type=int, default=800, help="deals per class on the boundary")
    parser.add_argument("--discard-samples", type=int, default=120, help="deals per class for the discard table")
    parser.add_argument("--seed", type=int, default=2029)
    parser.add_argument("--minutes", type=float, default=10, help="no more boundary refinement after this")
    parser.add_argument("--out", type=Path, default=strategy.TABLES)
    parser.add_argument("--books", action="store_true", help="only judge the books and the game on saved tables")
    parser.add_argument("--audit", action="store_true", help="only measure the tables' own limits (saved tables)")
    parser.add_argument("--games", type=int, default=40_000, help="games simulated to check the game odds")
    parser.add_argument(
        "--match",
        type=int,
        default=0,
        help="only play this many mirrored pairs of deals, the "
        "table's rule bot against the book's, and save the result",
    )
    return parser.parse_args()


def save(path: Path, saved: dict) -> None:
    """Write the tables, compactly."""
    path.write_text(json.dumps(saved, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def make_tables(args: argparse.Namespace) -> None:
    """Sample every class for each decision and write the tables."""
    start, clock = time.monotonic(), time.process_time()
    weights = class_weights()
    keys = list(weights)
    tables: dict = {
        "about": strategy.POLICY,
        "seed": args.seed,
        "choices": strategy.CHOICES,
        "classes": [[key, round(w, 7)] for key, w in weights.items()],
    }
    sizes = {"first_call": (args.samples, args.boundary), "answer": (args.samples, args.boundary)}
    sizes["discard"] = (args.discard_samples, args.discard_samples)
    for kind, (samples, boundary) in sizes.items():
        tables[kind] = build_table(kind, keys, samples, boundary, args.seed, start + 60 * args.minutes)
        print(f"{kind}: {len(keys)} classes, {time.monotonic() - start:.0f} s", flush=True)
    tables["seconds"] = round(time.monotonic() - start)
    tables["processor_seconds"] = round(time.process_time() - clock)
    save(args.out, tables)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) in {tables['seconds']} s")


def main() -> None:
    args = arguments()
    if not args.match and not args.books and not args.audit:
        make_tables(args)
        return
    strategy.TABLES = args.out
    saved = json.loads(args.out.read_text(encoding="utf-8"))
    started = time.monotonic()
    if args.books:
        saved["books"] = books_and_game(args.games, 40, 150, args.seed)
    if args.audit:
        saved["books"]["audit"] = audit(args.seed)
    if args.match:
        saved["bots"] = engine_match(args.match, args.seed)
        saved["bots"]["seconds"] = round(time.monotonic() - started)
    if "audit" in saved.get("books", {}):
        saved["notes"] = notes(saved["books"]["audit"])
    save(args.out, saved)
    print(f"done in {time.monotonic() - started:.0f} s; {args.out} {args.out.stat().st_size // 1024} KB")


# ---------------------------------------------------------------------------
# The books beside the numbers: each claim of shared/sources/ecarte-books.md with its computed verdict


def representative(key: str) -> tuple[list[Card], str]:
    """A hand of the class (the same one every time) and its trump suit."""
    hand, turned_up = strategy.class_hand(key, random.Random(0))
    return [strategy.to_card(c) for c in hand], SUITS[turned_up >> 3]


def weighted(values: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The weighted mean of estimates (weight, value, 95 % margin) and its margin, the estimates independent."""
    total = sum(w for w, _, _ in values) or 1.0
    mean = sum(w * v for w, v, _ in values) / total
    return mean, math.sqrt(sum((w * m) ** 2 for w, _, m in values)) / total


def hand_words(key: str) -> str:
    """A class and an example hand of it: 'Qx / Kx K - (e.g. Q♠ 8♠ K♥ 9♥ K♦, trumps ♠)'."""
    cards, trump = representative(key)
    return f"{key} (e.g. {' '.join(map(str, cards))}, trumps {trump})"


def compare(kind: str, keys: list[str], says: int) -> dict:
    """The table on these classes for a two-choice decision, beside a claim that says choice ``says`` (0 or 1)."""
    weights = dict(strategy.tables()["classes"])
    seat_sign = 1 if says == 0 else -1
    parts, diffs, against, close = [], [], [], 0.0
    for key in keys:
        figures, (mean, margin) = strategy.class_figures(kind, key)
        w = weights[key]
        parts.append((w, figures))
        diffs.append((w, seat_sign * mean, margin))
        if seat_sign * mean < -margin:
            against.append((w, key, seat_sign * mean, margin))
        elif abs(mean) <= margin:
            close += w
    total = sum(w for w, _ in parts) or 1.0
    gain, gain_margin = weighted(diffs)
    against.sort(reverse=True)
    return {
        "hands": round(total, 4),
        "classes": len(keys),
        "choices": {
            c: {
                "win": weighted([(w, f[i].win(), f[i].win_margin()) for w, f in parts]),
                "points": weighted([(w, f[i].points(), f[i].points_margin()) for w, f in parts]),
            }
            for i, c in enumerate(strategy.CHOICES[kind])
        },
        "gain": [gain, gain_margin],  # the claim's choice less the other, in points a deal
        "against": round(sum(w for w, *_ in against) / total, 3),  # the share of these hands where it loses
        "close": round(close / total, 3),
        "deciding": [[hand_words(k), round(m, 2), round(e, 2)] for _, k, m, e in against[:4]],
    }


def verdict(found: dict) -> str:
    """Confirmed (the claim's choice is better, and worse for at most a tenth of the hands), wrong (worse on the
    whole), as good as the other choice (within the noise), or right on the whole but wrong for many hands."""
    gain, margin = found["gain"]
    against = f"wrong for {100 * found['against']:.0f} % of these hands"
    if gain < -margin:
        return "wrong"
    if abs(gain) <= margin:
        return "as good as the other choice, within the noise" + (f"; {against}" if found["against"] > 0.1 else "")
    return "confirmed" if found["against"] <= 0.1 else f"right on the whole, but {against}"


COURT = {RANK_ORDER[r] for r in "KQJ"}
K, Q, J, A = (RANK_ORDER[r] for r in "KQJA")


def suits_of(cards: list[Card], trump: str) -> tuple[int, list[list[int]]]:
    """The number of trumps, and each plain suit held as its ranks (0 the 7 to 7 the King), high first."""
    plain: dict[str, list[int]] = {}
    for c in cards:
        if c.suit != trump:
            plain.setdefault(c.suit, []).append(RANK_ORDER[c.rank])
    return sum(c.suit == trump for c in cards), [sorted(r, reverse=True) for r in plain.values()]


def singly_guarded_queens(suits: list[list[int]]) -> int:
    """Queens with exactly one smaller card beside them in their suit."""
    return sum(s[0] == Q and len(s) == 2 for s in suits)


def exception(number: int, cards: list[Card], trump: str) -> str:
    """The Britannica's weak hand ``number`` (1-7), as we read it: 'weak' (accept), 'unless' (its exception to the
    exception: refuse) or '' (not this hand)."""
    t, suits = suits_of(cards, trump)
    courts = sum(r in COURT for s in suits for r in s)
    if number == 1 and t == 2 and any(len(s) == 3 for s in suits):
        return "unless" if next(s for s in suits if len(s) == 3)[0] in COURT else "weak"
    if number == 2 and t == 1 and any(s[:3] == [K, Q, J] for s in suits):
        return "unless" if courts > 3 else "weak"
    if number == 3 and t == 1 and any(len(s) == 4 for s in suits):
        return "weak"
    if number == 4 and t == 1 and sum(Q in s for s in suits) == 2 and courts == 2:
        return "unless" if singly_guarded_queens(suits) == 2 else "weak"
    jack, queen = [s for s in suits if s[0] == J and len(s) >= 2], [s for s in suits if s[0] == Q]
    if number == 5 and t == 1 and jack and queen:
        return "unless" if len(queen[0]) >= 2 or courts > 2 else "weak"
    if number == 6 and t == 1 and [K] in suits and [Q] in suits:
        rest = [r for s in suits if s not in ([K], [Q]) for r in s]
        return "unless" if rest and max(rest) >= A else "weak"
    if number == 7 and t == 0 and courts == 4:
        return "unless" if len([s for s in suits if s[0] in COURT]) == 3 else "weak"
    return ""


def guarded_refusal(cards: list[Card], trump: str) -> bool:
    """The Britannica's dealer refuses when guarded (a King or a Queen) in three plain suits, or in two with a
    trump, or in one with two trumps (and, we add, with three trumps or more)."""
    t, suits = suits_of(cards, trump)
    guards = sum(s[0] >= Q for s in suits)
    return t >= 3 or guards + t >= 3 and guards >= 1 or guards >= 3


def classes_where(test: Callable[[list[Card], str], bool]) -> list[str]:
    """The classes whose example hand passes the test (every hand of a class passes alike: the tests read only
    what a class keeps, the trumps, Kings, Queens, Jacks and the suits' lengths)."""
    return [key for key, _ in strategy.tables()["classes"] if test(*representative(key))]


def claim(source: str, text: str, kind: str, keys: list[str], says: int, note: str = "") -> dict:
    """A claim of the books on a two-choice decision, judged by the table on the classes it speaks of."""
    found = compare(kind, keys, says) if keys else {}
    return {
        "source": source,
        "claim": text,
        "says": strategy.CHOICES[kind][says],
        "decision": kind,
        "verdict": verdict(found) if found else "no hand of the tables fits",
        "found": found,
        "at_scores": at_scores(kind, keys, says) if keys else {},
        "note": note,
    }


# The claims at every score: the chance of the game, not the points a deal (the dealer minds the score as the
# answer table's columns allow: each of his classes' accept and refuse is judged at the score)


@functools.cache
def best_game_odds() -> strategy.GameOdds:
    """The game odds when the non-dealer calls for the best chance of the game at each score."""
    return strategy.game_odds("game")


@functools.cache
def outcome_chances(kind: str, non_dealer: int, dealer: int) -> tuple[float, ...]:
    """The decider's chance of the game after each outcome of a deal played at this score."""
    odds = best_game_odds()
    chances = [odds.after(o, non_dealer, dealer) for o in strategy.OUTCOMES]
    return tuple(1 - c if SEAT[kind] else c for c in chances)


def chance_of(kind: str, counts: list[int], non_dealer: int, dealer: int) -> tuple[float, float]:
    """A choice's chance of the game for the decider, from its outcome counts, and its 95 % margin."""
    values, n = outcome_chances(kind, non_dealer, dealer), sum(counts)
    mean = sum(k * v for k, v in zip(counts, values)) / max(1, n)
    spread = sum(k * v * v for k, v in zip(counts, values)) / max(1, n) - mean * mean
    return mean, margins.Z95 * math.sqrt(max(0.0, spread) / max(1, n))


def game_gain(kind: str, keys: list[str], says: int, non_dealer: int, dealer: int) -> tuple[float, float]:
    """The claim's choice less the other in the decider's chance of the game at this score, weighted over the
    classes, with its margin (the two columns' margins taken as independent: generous)."""
    saved, weights = strategy.tables(), dict(strategy.tables()["classes"])
    diffs = []
    for key in keys:
        row = saved[kind][saved["index"][key]]
        if row[0]:
            (first, e1), (second, e2) = (chance_of(kind, counts, non_dealer, dealer) for counts in row[2:4])
            diffs.append((weights[key], first - second if says == 0 else second - first, math.hypot(e1, e2)))
    return weighted(diffs) if diffs else (0.0, 1.0)


def at_scores(kind: str, keys: list[str], says: int) -> dict:
    """The claim at every score (the non-dealer's, the dealer's): '+' its choice has the better chance of the game,
    '-' the worse, '=' within the noise; and the verdict these give."""
    grid = {(a, b): game_gain(kind, keys, says, a, b) for a in SCORES for b in SCORES}
    signs = {score: "+" if g > m else "-" if g < -m else "=" for score, (g, m) in grid.items()}
    wrong = [f"{a}-{b}" for (a, b), sign in signs.items() if sign == "-"]
    right = [f"{a}-{b}" for (a, b), sign in signs.items() if sign == "+"]
    if right and wrong and len(right) < len(wrong):
        said = f"right only at some scores: right at {', '.join(right)}, wrong at {len(wrong)} of 25"
    elif right and wrong:
        said = f"right only at some scores: wrong at {', '.join(wrong)} (the non-dealer's score first)"
    elif wrong:
        said = f"wrong at {len(wrong)} of the 25 scores, as good as the other at the rest" if len(wrong) < 25 else ""
        said = said or "wrong at every score"
    else:
        said = f"right or as good at every score (right at {len(right)} of 25)"
    return {"grid": ["".join(signs[a, b] for b in SCORES) for a in SCORES], "verdict": said}


def jeu_de_regle_claims() -> list[dict]:
    """The jeux de règle as the course reads them (advice.jeu_de_regle), each rule on its own, without the King of
    trumps (Foster: play them), and with it (Foster: propose)."""
    found = []
    rules = sorted({advice.jeu_de_regle(*representative(k)) for k, _ in strategy.tables()["classes"]} - {""})
    for rule in rules:
        for king, says in ((False, 0), (True, 1)):
            keys = classes_where(functools.partial(rule_and_king, rule=rule, king=king))
            what = "holding the King of trumps: propose" if king else "without the King of trumps: play"
            found.append(
                claim("Foster's Hoyle, as summarised", f"jeu de règle, {rule}, {what}", "first_call", keys, says)
            )
    return found


def rule_and_king(cards: list[Card], trump: str, rule: str, king: bool) -> bool:
    """Whether the hand is the jeu de règle of this rule, with the King of trumps or without it."""
    return advice.jeu_de_regle(cards, trump) == rule and has_king(cards, trump) == king


def is_exception(cards: list[Card], trump: str, number: int, case: str) -> bool:
    """Whether the hand is the Britannica's weak hand ``number`` ('weak') or its 'unless'."""
    return exception(number, cards, trump) == case


def has_king(cards: list[Card], trump: str) -> bool:
    """Whether the hand holds the King of trumps."""
    return Card("K", trump) in cards


def britannica_claims() -> list[dict]:
    """The 1911 Britannica's advice, as the sources file summarises it."""
    eb = "1911 Encyclopædia Britannica, as summarised"
    found = [
        claim(eb, "the non-dealer proposes with a hand that is sure of the point", "first_call", sure_hands(), 1),
        claim(
            eb,
            "the dealer refuses when guarded in three suits (a Queen is guard enough), or in two with a trump, "
            "or in one with two trumps",
            "answer",
            classes_where(guarded_refusal),
            1,
        ),
        claim(eb, "... and otherwise accepts", "answer", classes_where(lambda c, t: not guarded_refusal(c, t)), 0),
        claim(
            eb,
            "the dealer refuses with the hands the non-dealer would play without proposing (the seven weak "
            "hands aside)",
            "answer",
            classes_where(lambda c, t: bool(advice.jeu_de_regle(c, t)) and not weak(c, t)),
            1,
        ),
    ]
    for number in range(1, 8):
        for case, says in (("weak", 0), ("unless", 1)):
            keys = classes_where(functools.partial(is_exception, number=number, case=case))
            text = (
                f"weak hand {number}: too weak to refuse with"
                if case == "weak"
                else f"weak hand {number}'s 'unless': refuse"
            )
            found.append(claim(eb, text, "answer", keys, says, EXCEPTIONS[number - 1]))
    found.append(claim(eb, "refuse with three Queens if two of them are singly guarded", "answer", three_queens(), 1))
    found.append(one_trump_at_four())
    return found


def three_queens() -> list[str]:
    """The classes with three plain Queens, two of them singly guarded."""
    return classes_where(
        lambda c, t: (
            singly_guarded_queens(suits_of(c, t)[1]) >= 2 and sum(c2.rank == "Q" and c2.suit != t for c2 in c) == 3
        )
    )


def one_trump_at_four() -> dict:
    """The Britannica: against an opponent at 4, play any one-trump hand (the non-dealer's call, at the scores where
    the dealer has 4: the last column of its grid; its verdict by points is at 0-0 and not what it speaks of)."""
    keys = [key for key, _ in strategy.tables()["classes"] if one_trump(key)]
    found = claim(
        "1911 Encyclopædia Britannica, as summarised",
        "against an opponent at 4, play any one-trump hand",
        "first_call",
        keys,
        0,
        "it speaks of the dealer at 4: the last column of the scores' grid",
    )
    column = [game_gain("first_call", keys, 0, a, 4) for a in SCORES]
    found["at_four"] = [[round(g, 4), round(m, 4)] for g, m in column]
    found["against_at_four"] = [round(against_share(keys, a, 4), 3) for a in SCORES]
    signs = {f"{a}-4": "+" if g > m else "-" if g < -m else "=" for a, (g, m) in zip(SCORES, column)}
    right, wrong = ([score for score, sign in signs.items() if sign == want] for want in "+-")
    worse = f"{100 * min(found['against_at_four']):.0f}-{100 * max(found['against_at_four']):.0f} %"
    found["verdict"] = (
        f"right at {', '.join(right) or 'no score'}, wrong at {', '.join(wrong) or 'no score'} (the dealer at 4); "
        f"playing is clearly worse for {worse} of one-trump hands"
    )
    return found


def against_share(keys: list[str], non_dealer: int, dealer: int) -> float:
    """The share of these classes' hands (as dealt) for which playing is clearly worse for the game at this score."""
    weights = dict(strategy.tables()["classes"])
    worse = sum(weights[k] for k in keys if call(*game_gain("first_call", [k], 0, non_dealer, dealer)) == "propose")
    return worse / (sum(weights[k] for k in keys) or 1.0)


EXCEPTIONS = [
    "two trumps and three cards of one plain suit, unless that suit is headed by a court card",
    "one trump and King-Queen-Jack of a plain suit, unless the fifth card is a court card",
    "one trump and four cards of one plain suit",
    "one trump and two Queens (no other court card, as we read it), unless both are singly guarded",
    "one trump, a Queen of one suit and a guarded Jack of another, unless the Queen is guarded or the fifth card is "
    "a court card",
    "one trump, a King and a Queen both unguarded, unless the fifth card is an Ace or higher (the classes keep no Ace "
    "apart from the small cards: 'the fifth card' here is the best of the other two, counted as higher only if a "
    "court card; two hands with an Ace are sampled on their own)",
    "four court cards and no trump, unless they are in three different suits",
]


def weak(cards: list[Card], trump: str) -> bool:
    """Whether one of the Britannica's seven weak hands (or its 'unless') speaks of this hand."""
    return any(exception(n, cards, trump) for n in range(1, 8))


def sure_hands() -> list[str]:
    """The classes whose play wins the point 97 % of the time or more, by the table."""
    return [
        key for key, _ in strategy.tables()["classes"] if strategy.class_figures("first_call", key)[0][0].win() >= 0.97
    ]


def throwable(c: list[Card], t: str) -> int:
    """The cards of a hand that are neither trumps nor Kings."""
    return sum(x.suit != t and x.rank != "K" for x in c)


def three_trumps(king: bool) -> Callable[[list[Card], str], bool]:
    """A test: three trumps exactly, with the King of trumps among them or not."""
    return lambda c, t: suits_of(c, t)[0] == 3 and has_king(c, t) == king


def one_trump_one_king(c: list[Card], t: str) -> bool:
    """One trump, one plain King, and no other court card."""
    n, suits = suits_of(c, t)
    return n == 1 and sum(s[0] == K for s in suits) == 1 and sum(r in COURT for s in suits for r in s) == 1


def hoyle_claims() -> list[dict]:
    """Hoyle's Games Modernized, as summarised, on the dealer's answer."""
    hg = "Hoyle's Games Modernized, as summarised"

    return [
        claim(
            hg,
            "refuse when only two cards could be discarded",
            "answer",
            classes_where(lambda c, t: throwable(c, t) == 2),
            1,
        ),
        claim(hg, "with three trumps refuse ...", "answer", classes_where(three_trumps(False)), 1),
        claim(hg, "... unless one is the King", "answer", classes_where(three_trumps(True)), 0),
        claim(
            hg,
            "with one trump and one King and nothing above a Ten, accept",
            "answer",
            classes_where(one_trump_one_king),
            0,
            "the classes count an Ace with the small cards; the hands with no Ace are sampled on their own below",
        ),
    ]


def foster_odds() -> dict:
    """Foster's odds counted hand by hand: the dealer's C(26, 5) hands with two trumps or more, the non-dealer
    holding one trump (then two), the Jack of trumps turned up."""
    found = {}
    for held in (1, 2):
        hand = list(range(held)) + [8, 16, 24, 9][: 5 - held]  # trumps are spades, suit 0: the 7 (and the 8 ...)
        turned_up = 5  # the Jack of trumps: any trump not held gives the same count
        unseen = [c for c in strategy.ALL if c != turned_up and c not in hand]
        two = sum(sum(c < 8 for c in dealer) >= 2 for dealer in itertools.combinations(unseen, 5))
        found[str(held)] = [math.comb(26, 5) - two, two]
    sources = {"1": [44_574, 21_206], "2": [50_274, 15_506]}
    return {
        "source": "Foster's Complete Hoyle, as summarised",
        "claim": "odds against the dealer holding two trumps or more: 44 574 : 21 206 holding one trump, "
        "50 274 : 15 506 holding two",
        "found": found,
        "verdict": "confirmed exactly" if found == sources else "wrong",
    }


def hoyle_example(samples: int) -> dict:
    """Hoyle's jeu de règle, Queen, Ace and Seven of trumps with two Kings: played without proposing, exactly over
    the dealer's 65 780 hands for each trump that may be turned up; proposing, and the tricks double dummy, sampled."""
    hand = [strategy.to_int(Card(r, s)) for r, s in (("Q", "♠"), ("A", "♠"), ("7", "♠"), ("K", "♥"), ("K", "♦"))]
    turned = [strategy.to_int(Card(r, "♠")) for r in ("K", "J", "10", "9", "8")]
    exact = [strategy.exact_stand(hand, t).figures() for t in turned]
    rng = random.Random(29)
    rows = [row for t in turned for row in strategy.hand_rows("first_call", hand, t, samples // 5, rng)]
    seen = [row for t in turned for row in strategy.hand_rows("first_call_seen", hand, t, samples // 5, rng)]
    wins = sum(f.wins for f in exact)
    return {
        "source": "Hoyle's Games Modernized, as summarised",
        "claim": "the example jeu de règle (Queen, Ace and Seven of trumps with two Kings) wins "
        "'four times out of five'",
        "hand": "Q♠ A♠ 7♠ K♥ K♦, spades trumps, the turned-up trump any of K J 10 9 8",
        "exact_play": {
            "wins": wins,
            "deals": sum(f.n for f in exact),
            "points": sum(f.total for f in exact) / sum(f.n for f in exact),
        },
        "propose": figures_of(strategy.tallies(rows)[1].figures()),
        "play_sampled": figures_of(strategy.tallies(rows)[0].figures()),
        "play_double_dummy": figures_of(strategy.tallies(seen)[0].figures()),
        "verdict": "wrong: it wins far more often" if wins / sum(f.n for f in exact) > 0.85 else "confirmed",
    }


def figures_of(f: strategy.Figures) -> dict:
    """A choice's figures as saved: the chance of the point and the points a deal, each with its margin."""
    return {
        "n": f.n,
        "win": [round(f.win(), 4), round(f.win_margin(), 4)],
        "points": [round(f.points(), 3), round(f.points_margin(), 3)],
    }


def hands_sampled(kind: str, claims: list[tuple[str, int]], trump: str, samples: int) -> list[dict]:
    """A few hands of a claim that the classes cannot tell apart (an Ace among the small cards), each sampled:
    ``claims`` pairs a hand with the choice (0 or 1) the book says for it; its gain is that choice less the other."""
    found = []
    for number, (text, says) in enumerate(claims):
        hand = [strategy.to_int(c) for c in cards_of(text)]
        rng = random.Random(f"{text}:{number}")
        turned = [c for c in range(8 * SUITS.index(trump), 8 * SUITS.index(trump) + 8) if c not in hand]
        rows = [row for t in turned for row in strategy.hand_rows(kind, hand, t, samples // len(turned), rng)]
        seat = 1 if kind == "answer" else 0
        figures = [t.figures(seat) for t in strategy.tallies(rows)]
        diffs = [strategy.net_points(r[says], seat) - strategy.net_points(r[1 - says], seat) for r in rows]
        mean, margin = mean_margin(diffs)
        found.append(
            {
                "hand": f"{text} (trumps {trump})",
                "says": strategy.CHOICES[kind][says],
                **{c: figures_of(f) for c, f in zip(strategy.CHOICES[kind], figures)},
                "gain": [mean, margin],
                "verdict": "confirmed" if mean > margin else "wrong" if mean < -margin else "as good as the other",
            }
        )
    return found


def discard_claim() -> dict:
    """'Discard everything but trumps and Kings' beside the best number of weakest cards to throw, on the hands
    the book proposes with (the classes that are no jeu de règle)."""
    weights = dict(strategy.tables()["classes"])
    losses, best_or_close, lost_hands = [], 0.0, []
    keys = classes_where(lambda c, t: not advice.jeu_de_regle(c, t))
    for key in keys:
        cards, trump = representative(key)
        book_k = max(1, sum(c.suit != trump and c.rank != "K" for c in cards))
        figures, _ = strategy.class_figures("discard", key)
        best = max(range(5), key=lambda i: figures[i].points())
        gap = figures[best].points() - figures[book_k - 1].points()
        margin = math.hypot(figures[best].points_margin(), figures[book_k - 1].points_margin())
        losses.append((weights[key], gap, margin))
        if gap <= margin:
            best_or_close += weights[key]
        else:
            lost_hands.append((weights[key], key, book_k, best + 1, gap, margin))
    total = sum(weights[k] for k in keys)
    loss, loss_margin = weighted(losses)
    lost_hands.sort(reverse=True)
    return {
        "source": "1911 Encyclopædia Britannica, as summarised",
        "claim": "in the exchange, discard everything but trumps and Kings",
        "decision": "discard",
        "best_or_as_good": round(best_or_close / total, 3),
        "points_lost": [round(loss, 3), round(loss_margin, 3)],
        "deciding": [
            [hand_words(k), f"throw {b}", f"throw {t}", round(g, 2), round(m, 2)] for _, k, b, t, g, m in lost_hands[:5]
        ],
        "verdict": "confirmed"
        if best_or_close / total >= 0.9
        else f"right for {100 * best_or_close / total:.0f} % of the hands",
        "note": "the loss is the best throw's points less the book's, per deal, on the hands the book proposes with; "
        "the unpaired margins make 'as good' generous",
    }


def game_section(games: int) -> dict:
    """The chance of the game at every score (the non-dealer's, the dealer's), by the book's first call, by the
    most points a deal, and by the best chance of the game; the book's checked by playing whole games."""
    odds = {policy: strategy.game_odds(policy) for policy in ("book", "points", "game")}
    found: dict = {
        policy: [[round(o.non_dealer_wins(a, b), 4) for b in SCORES] for a in SCORES] for policy, o in odds.items()
    }
    for policy, table_calls in (("book", False), ("points", True)):
        share = strategy.simulate_games(games, seed=29, table_calls=table_calls)
        margin = margins.Z95 * math.sqrt(share * (1 - share) / games)
        found[f"check_{policy}"] = {
            "games": games,
            "simulated": [round(share, 4), round(margin, 4)],
            "dynamic_programming": round(1 - odds[policy].non_dealer_wins(0, 0), 4),
        }
    found["check_scores"] = score_checks(odds["book"], games // 10)
    found["plays"] = {
        policy: [[round(play_share(o, a, b), 3) for b in SCORES] for a in SCORES] for policy, o in odds.items()
    }
    found["changes"] = {
        f"{a}-{b}": changed_calls(odds["game"], a, b) for a, b in ((4, 4), (3, 4), (4, 3), (0, 4), (4, 0))
    }
    found["one_trump_at_4"] = [round(play_share(odds["game"], a, 4, one_trump), 3) for a in SCORES]
    found["one_trump_at_0"] = [round(play_share(odds["game"], a, 0, one_trump), 3) for a in SCORES]
    return found


CHECKED_SCORES = ((0, 0), (1, 2), (2, 2), (3, 1), (2, 4), (3, 4), (4, 3), (4, 4))  # (the non-dealer's, the dealer's)


def score_checks(odds: strategy.GameOdds, games: int) -> list[list]:
    """The book's game odds at several scores beside whole games played from each: the score, the non-dealer's
    chance by dynamic programming, and the share of games he won with its 95 % margin."""
    found: list[list] = []
    for non_dealer, dealer in CHECKED_SCORES:
        dealer_won = strategy.simulate_games(games, seed=2900 + 10 * non_dealer + dealer, start=(dealer, non_dealer))
        share = 1 - dealer_won
        margin = margins.Z95 * math.sqrt(max(share * (1 - share), 1 / games) / games)
        found.append(
            [
                f"{non_dealer}-{dealer}",
                round(odds.non_dealer_wins(non_dealer, dealer), 4),
                [round(share, 4), round(margin, 4)],
            ]
        )
    return found


def one_trump(key: str) -> bool:
    """Whether the class holds exactly one trump."""
    return len(key.split(" / ")[0].strip("-")) == 1


def play_share(odds: strategy.GameOdds, non_dealer: int, dealer: int, which: Callable[[str], bool] = bool) -> float:
    """The share of the non-dealer's hands (of those ``which`` keeps) played without proposing at this score."""
    keys = [key for key, _ in strategy.tables()["classes"]]
    chosen = [
        (w, odds.choice(n, non_dealer, dealer)) for n, (w, key) in enumerate(zip(odds.weights, keys)) if which(key)
    ]
    return sum(w for w, c in chosen if c == 0) / (sum(w for w, _ in chosen) or 1.0)


def changed_calls(odds: strategy.GameOdds, non_dealer: int, dealer: int) -> list[list]:
    """The likeliest classes whose best call (for the game) at this score differs from their best at 0-0."""
    keys = [key for key, _ in strategy.tables()["classes"]]
    changed: list[list] = []
    for n, key in enumerate(keys):
        now, usual = odds.choice(n, non_dealer, dealer), odds.choice(n, 0, 0)
        if now != usual:
            changed.append([hand_words(key), strategy.CHOICES["first_call"][now], round(odds.weights[n], 5)])
    return sorted(changed, key=lambda row: -float(row[2]))[:6] + [["classes changed", len(changed), 0]]


def dealer_at_four() -> dict:
    """The Britannica: a dealer at 4 who has not seen the King should play (refuse) any hand with an even chance of
    three tricks. For each score of the non-dealer, the share of the dealer's hands (without the King of trumps)
    where that rule gives the answer with the better chance of the game."""
    odds = strategy.game_odds("points")
    saved = strategy.tables()
    agree = [0.0] * 4
    total = 0.0
    for (key, weight), row in zip(saved["classes"], saved["answer"]):
        if key.startswith("K") or row[0] == 0:
            continue
        accept, refuse = strategy.Tally(row[2]), strategy.Tally(row[3])
        rule_refuses = refuse.figures(1).win() >= 0.5
        total += weight
        for score in range(4):
            values = [1 - odds.option_value(t.share(), score, 4) for t in (accept, refuse)]
            agree[score] += weight * ((values[1] > values[0]) == rule_refuses)
    shares = [round(a / total, 3) for a in agree]
    return {
        "source": "1911 Encyclopædia Britannica, as summarised",
        "claim": "a dealer at 4 who has not seen the King should play any hand with an even chance of three tricks",
        "agreement_by_non_dealer_score": shares,
        "verdict": "confirmed"
        if min(shares) >= 0.9
        else f"right for {100 * min(shares):.0f}-{100 * max(shares):.0f} % of hands",
    }


def sensitivity(classes: int, samples: int, seed: int) -> dict:
    """The table's play-or-propose on the likeliest close classes against stronger play: the tricks double dummy
    (``first_call_seen``), and a dealer who answers by the tables (``first_call_table_dealer``)."""
    close = []
    for key, weight in strategy.tables()["classes"]:
        _, (mean, margin) = strategy.class_figures("first_call", key)
        if abs(mean) < 0.25:
            close.append((weight, key, mean, margin))
    close.sort(reverse=True)
    found: dict = {"classes": min(classes, len(close)), "samples": samples}
    for kind, name in (("first_call_seen", "rows"), ("first_call_table_dealer", "table_dealer")):
        rows = []
        for _, key, mean, margin in close[:classes]:
            deals = strategy.class_rows(kind, key, samples, seed)
            other = mean_margin([strategy.net_points(a, 0) - strategy.net_points(b, 0) for a, b in deals])
            rows.append([key, [round(mean, 3), round(margin, 3)], other])
        found[name] = rows
        found["same_call" if kind == "first_call_seen" else "same_call_table_dealer"] = sum(
            (book[0] > 0) == (other[0] > 0) for _, book, other in rows
        )
    return found


def books_and_game(games: int, classes: int, samples: int, seed: int) -> dict:
    """Everything beside the tables: the books' claims judged, the game odds, the play policy's sensitivity."""
    started = time.monotonic()
    found: dict[str, Any] = {
        "foster": foster_odds(),
        "hoyle_example": hoyle_example(samples * 10),
        "claims": jeu_de_regle_claims() + britannica_claims() + hoyle_claims() + [discard_claim()],
        "hands": {
            "hoyle_one_trump_one_king": hands_sampled(
                "answer", [("10♠ K♥ 10♥ 9♦ 8♣", 0), ("7♠ K♥ 9♦ 8♦ 10♣", 0)], "♠", samples * 10
            ),
            "britannica_6_with_ace": hands_sampled(
                "answer", [("7♠ K♥ Q♦ A♣ 8♣", 1), ("7♠ K♥ Q♦ 9♣ 8♣", 0)], "♠", samples * 10
            ),
        },
        "dealer_at_four": dealer_at_four(),
        "game": game_section(games),
        "sensitivity": sensitivity(classes, samples, seed),
    }
    found["seconds"] = round(time.monotonic() - started)
    return found


# ---------------------------------------------------------------------------
# The tables' own limits, measured: every discard (not only the weakest cards), the Ace among the small cards,
# and a dealer who answers for the game at the score rather than by the book

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
MASKS = range(1, 32)  # a throw as a set of positions in the hand ordered weakest first: bit i the i-th weakest
WEAKEST = [(1 << k) - 1 for k in strategy.THROWS]  # the tables' throws: the k weakest cards


def sampled_classes(count: int, seed: str, test: Callable[[str], bool] = bool) -> list[str]:
    """``count`` classes drawn with replacement by how often they are dealt (among those ``test`` keeps): each
    draw a dealt hand's class, so a share over the draws estimates a share of dealt hands."""
    keys, weights = zip(*[(k, w) for k, w in strategy.tables()["classes"] if test(k)])
    return random.Random(seed).choices(keys, weights=weights, k=count)


def every_discard_row(key: str, rng: random.Random) -> list[int] | None:
    """One deal of the class after an accepted first proposal: the non-dealer's points for each of the 31 throws;
    None if the dealer dealt here would have refused by the book."""
    hand, turned_up = strategy.class_hand(key, rng)
    rest = strategy.rest_of_deal(hand, turned_up, rng)
    trump = turned_up >> 3
    if strategy.stands(tuple(sorted(rest[:5])), trump, True):
        return None
    order = strategy.weakest(sorted(hand), trump, 5)  # from the hand in pack order, as run_deal holds it: ties alike
    throws = [tuple(c for i, c in enumerate(order) if mask >> i & 1) for mask in MASKS]
    deal = functools.partial(strategy.run_deal, hand, rest[:5], turned_up, rest[5:])
    return [strategy.net_points(deal(strategy.Choices(strategy.PROPOSE, strategy.ACCEPT, thrown=t))) for t in throws]


def rows_of(sample: Callable[[random.Random], list[int] | None], deals: int, rng: random.Random) -> list[list[int]]:
    """``deals`` rows of a sampler, the deals it leaves out drawn again (at most 20 tries a row)."""
    rows: list[list[int]] = []
    for _ in range(20 * deals):
        row = sample(rng)
        if row is not None:
            rows.append(row)
        if len(rows) == deals:
            break
    return rows


def discard_gap(key: str, deals: int, seed: int) -> dict:
    """The best of all 31 throws against the best of the tables' five (the k weakest) and the book's: each best
    chosen on one set of deals and measured on fresh ones, paired (a best chosen and judged on the same deals
    would flatter itself)."""
    rng = random.Random(f"{seed}:every-discard:{key}")
    sample = functools.partial(every_discard_row, key)
    chosen_on, judged_on = rows_of(sample, deals, rng), rows_of(sample, deals, rng)
    means = [sum(column) / len(chosen_on) for column in zip(*chosen_on)]
    best_any = max(range(len(MASKS)), key=lambda i: means[i])
    best_weakest = max((m - 1 for m in WEAKEST), key=lambda i: means[i])
    book = WEAKEST[max(1, throwable(*representative(key))) - 1] - 1
    return {
        "class": key,
        "best": "throw the " + ", ".join(ORDINALS[i] for i in range(5) if (best_any + 1) >> i & 1) + " weakest",
        "best_is_weakest": best_any + 1 in WEAKEST,
        "over_weakest": mean_margin([r[best_any] - r[best_weakest] for r in judged_on]),
        "over_book": mean_margin([r[best_any] - r[book] for r in judged_on]),
    }


def discard_audit(draws: int, deals: int, seed: int) -> dict:
    """How often, and by how much, the best of all discards beats the tables' best (the k weakest) and the book's,
    on classes drawn as hands are dealt among those the book proposes with."""
    keys = sampled_classes(draws, f"{seed}:discard-audit", lambda k: not advice.jeu_de_regle(*representative(k)))
    found = {key: discard_gap(key, deals, seed) for key in sorted(set(keys))}
    found_rows = [found[key] for key in keys]
    summary: dict[str, Any] = {"draws": draws, "classes": len(found), "deals": deals}
    summary["best_is_weakest"] = wilson(sum(row["best_is_weakest"] for row in found_rows), draws)
    for name in ("over_weakest", "over_book"):
        gaps = [row[name] for row in found_rows]
        clearly = sum(mean > margin for mean, margin in gaps)
        summary[name] = {
            "mean": mean_margin([mean for mean, _ in gaps]),
            "clearly_better": [clearly, draws],
            "clearly_better_share": wilson(clearly, draws),
            "largest": sorted(([row["class"], *row[name]] for row in found.values()), key=lambda r: -r[1])[:4],
        }
    return summary


def ace_rows(kind: str, key: str, deals: int, seed: int) -> dict[bool, list[int]]:
    """Deals of a class for a two-choice decision, the decider's first choice less the second in points, apart
    for the hands holding an Ace (True) and those without (False)."""
    rng, seat = random.Random(f"{seed}:aces:{kind}:{key}"), SEAT[kind]
    found: dict[bool, list[int]] = {True: [], False: []}
    for _ in range(20 * deals):
        hand, turned_up = strategy.class_hand(key, rng)
        row = strategy.SAMPLERS[kind](hand, turned_up, rng)
        if row is not None:
            found[any(c & 7 == A for c in hand)].append(
                strategy.net_points(row[0], seat) - strategy.net_points(row[1], seat)
            )
        if len(found[True]) + len(found[False]) == deals:
            break
    return found


def ace_split(kind: str, key: str, deals: int, seed: int) -> dict:
    """A class's hands with an Ace and without, each judged on its own, beside the table's verdict for the class:
    'misled' when a part's better choice is clear and the table's is clearly the other."""
    _, (table, table_margin) = strategy.class_figures(kind, key)
    parts = {ace: mean_margin(d) if len(d) > 2 else [0.0, 9.0] for ace, d in ace_rows(kind, key, deals, seed).items()}
    table_sign = 0 if abs(table) <= table_margin else 1 if table > 0 else -1
    misled = {
        ace: table_sign != 0 and abs(mean) > margin and (mean > 0) != (table_sign > 0)
        for ace, (mean, margin) in parts.items()
    }
    differ = [round(parts[True][0] - parts[False][0], 4), round(math.hypot(parts[True][1], parts[False][1]), 4)]
    settles = table_sign == 0 and any(abs(mean) > margin for mean, margin in parts.values())
    return {
        "class": key,
        "table": [round(table, 3), round(table_margin, 3)],
        "ace": parts[True],
        "no_ace": parts[False],
        "misled": misled,
        "settles": settles,  # the table cannot tell the choices apart, but the Ace (or its absence) can
        "differ": differ,
    }


def ace_audit(kind: str, draws: int, deals: int, seed: int) -> dict:
    """Does counting the Ace among the small cards merge hands that call for different choices? On classes drawn as
    hands are dealt (those with a small card, where an Ace can hide): how often the Ace's hands and the others'
    differ clearly, and how often the table's clear call is clearly wrong for one of the two parts."""
    keys = sampled_classes(draws, f"{seed}:ace-audit:{kind}", lambda k: "x" in k)
    found = {key: ace_split(kind, key, deals, seed) for key in sorted(set(keys))}
    rows = [found[key] for key in keys]
    differ = sum(abs(r["differ"][0]) > r["differ"][1] for r in rows)
    misled = sum(any(r["misled"].values()) for r in rows)
    settles = sum(r["settles"] for r in rows)
    return {
        "draws": draws,
        "classes": len(found),
        "deals": deals,
        "ace_less_no_ace": mean_margin([r["differ"][0] for r in rows]),
        "differ_clearly": wilson(differ, draws),
        "table_misleads_a_part": wilson(misled, draws),
        "table_close_a_part_clear": wilson(settles, draws),
        "deciding": [  # the classes where the Ace decides: the table misleads a part, or cannot tell but a part can
            [r["class"], r["table"], r["ace"], r["no_ace"]]
            for r in found.values()
            if any(r["misled"].values()) or r["settles"]
        ][:6],
    }


@functools.cache
def answer_for_the_game(key: str, non_dealer: int, dealer: int) -> str:
    """The dealer's answer to the first proposal that gives him the better chance of the game at this score, by
    the answer table's outcome counts for his class (the book's when the class was never sampled)."""
    row = strategy.tables()["answer"][strategy.tables()["index"][key]]
    if not row[0]:
        return strategy.BOOK
    accept, refuse = (chance_of("answer", counts, non_dealer, dealer)[0] for counts in row[2:4])
    return strategy.REFUSE if refuse > accept else strategy.ACCEPT


def adapting_row(key: str, score: tuple[int, int], rng: random.Random) -> list[float]:
    """One deal of the class: the non-dealer's chance of the game at this score by playing, by proposing to the
    book's dealer, and by proposing to a dealer who answers for the game at the score."""
    hand, turned_up = strategy.class_hand(key, rng)
    rest = strategy.rest_of_deal(hand, turned_up, rng)
    answer = answer_for_the_game(strategy.hand_class(rest[:5], turned_up >> 3), *score)
    deal = functools.partial(strategy.run_deal, hand, rest[:5], turned_up, rest[5:])
    choices = [
        strategy.Choices(strategy.PLAY),
        strategy.Choices(strategy.PROPOSE),
        strategy.Choices(strategy.PROPOSE, answer),
    ]
    return [outcome_chances("first_call", *score)[deal(c)] for c in choices]


def call(mean: float, margin: float) -> str:
    """The call a difference of play less propose gives: play, propose, or '=' within the noise."""
    return "=" if abs(mean) <= margin else strategy.PLAY if mean > 0 else strategy.PROPOSE


def adapting_audit(draws: int, deals: int, seed: int) -> dict:
    """Does the dealer's minding the score change the non-dealer's best call at the scores where the call moves?
    For classes drawn as hands are dealt: the call (play less propose, in chance of the game) against the book's
    dealer and against one who answers for the game, and how much that dealer gains on a proposal."""
    keys = sampled_classes(draws, f"{seed}:adapting-audit")
    found: dict[str, Any] = {"draws": draws, "deals": deals}
    for score in ((4, 4), (3, 4), (4, 3), (0, 4), (4, 0), (2, 2)):
        calls, gains, chances = [], [], []
        for number, key in enumerate(keys):
            rng = random.Random(f"{seed}:adapting:{score}:{number}")
            rows = [adapting_row(key, score, rng) for _ in range(deals)]
            calls.append(
                (call(*mean_margin([r[0] - r[1] for r in rows])), call(*mean_margin([r[0] - r[2] for r in rows])))
            )
            means = [sum(column) / deals for column in zip(*rows)]
            gains.append(means[1] - means[2])
            chances.append((max(means[0], means[1]), max(means[0], means[2])))
        found[f"{score[0]}-{score[1]}"] = {
            "call_changes": wilson(sum(a != b for a, b in calls), draws),
            "call_flips": wilson(sum(a != b and "=" not in (a, b) for a, b in calls), draws),
            "dealer_gains_on_a_proposal": mean_margin(gains),
            "chance_book_dealer": mean_margin([a for a, _ in chances]),
            "chance_adapting_dealer": mean_margin([b for _, b in chances]),
            "chance_lost": mean_margin([a - b for a, b in chances]),
        }
    return found


def clear_changes() -> dict:
    """At the scores where the call moves: the share of dealt hands whose best call for the game differs from
    their best at 0-0, and the share where both calls are clear of the noise (the rest may be noise)."""
    keys = [key for key, _ in strategy.tables()["classes"]]
    weights = dict(strategy.tables()["classes"])
    found = {}
    for a, b in ((4, 4), (3, 4), (4, 3), (0, 4), (4, 0)):
        changed = clear = 0.0
        for key in keys:
            now, usual = (call(*game_gain("first_call", [key], 0, *score)) for score in ((a, b), (0, 0)))
            changed += weights[key] * (now != usual)
            clear += weights[key] * (now != usual and "=" not in (now, usual))
        found[f"{a}-{b}"] = {"changed": round(changed, 4), "clearly": round(clear, 4)}
    return found


def audit(seed: int) -> dict:
    """The tables' own limits, measured (``--audit``)."""
    started = time.monotonic()
    found: dict[str, Any] = {
        "every_discard": discard_audit(80, 200, seed),
        "aces": {kind: ace_audit(kind, 150, 1500, seed) for kind in ("first_call", "answer")},
        "adapting_dealer": adapting_audit(60, 400, seed),
        "changes_by_score": clear_changes(),
    }
    found["seconds"] = round(time.monotonic() - started)
    return found


def pct(share: Sequence[float]) -> str:
    """A share and its margin as percentages: '12 % ± 5'."""
    return f"{100 * share[0]:.0f} % ± {100 * share[1]:.0f}"


def notes(found: dict) -> list[str]:
    """What the tables leave out, in words, with the audit's measures (saved as the tables' notes)."""
    discard, aces, adapting = found["every_discard"], found["aces"], found["adapting_dealer"]
    over, book = discard["over_weakest"], discard["over_book"]
    four = adapting["4-4"]
    return [
        strategy.POLICY,
        f"The best of all 31 throws, chosen on {discard['deals']} deals, was one of the k weakest in "
        f"{pct(discard['best_is_weakest'])} of {discard['draws']} draws. The discard table tries only the throws "
        "of the 1 to 5 weakest cards (advice.keep_value's order). Over all "
        f"31 throws, on {discard['draws']} classes drawn as the book's proposing hands are dealt ({discard['deals']} "
        "deals to choose the best, as many fresh ones to measure it): the best of all beats the best of the five by "
        f"{over['mean'][0]:+.3f} ± {over['mean'][1]:.3f} points a deal, clearly for "
        f"{pct(over['clearly_better_share'])} of hands; it beats the book's throw by {book['mean'][0]:+.3f} ± "
        f"{book['mean'][1]:.3f}, clearly for {pct(book['clearly_better_share'])}.",
        "The classes count an Ace among the small cards, though it ranks between the Ten and the Jack "
        "(book/rules/ecarte.md). On classes drawn as dealt, the hands with an Ace and those without call for clearly "
        f"different figures for {pct(aces['first_call']['differ_clearly'])} of the first calls and "
        f"{pct(aces['answer']['differ_clearly'])} of the answers; the table's clear call is clearly wrong for one of "
        f"the two for {pct(aces['first_call']['table_misleads_a_part'])} and "
        f"{pct(aces['answer']['table_misleads_a_part'])}; where the table finds the two choices as good as each other, "
        f"one of the two parts has a clear best for {pct(aces['first_call']['table_close_a_part_clear'])} and "
        f"{pct(aces['answer']['table_close_a_part_clear'])} of hands (there the Ace decides).",
        "The dealer answers by the book at every score in the tables and the game odds. A dealer who answers for the "
        f"game at 4-4 gains {four['dealer_gains_on_a_proposal'][0]:.3f} ± {four['dealer_gains_on_a_proposal'][1]:.3f} "
        f"of the game on a proposal; the non-dealer's best call changes for {pct(four['call_changes'])} of hands "
        f"(flips from a clear play to a clear proposal or back for {pct(four['call_flips'])}).",
    ]


def wilson(k: int, n: int) -> list[float]:
    """A share k / n and its Wilson 95 % half-width."""
    f = strategy.Figures(n, k, 0, 0)
    return [round(f.win(), 4), round(f.win_margin(), 4)]


# ---------------------------------------------------------------------------
# The rule bot by the tables against the rule bot by the book


def engine_match(pairs: int, seed: int) -> dict:
    """Mirrored deals in the engine, the table's rule bot against the book's: each deck dealt twice, the bots
    swapping seats; its points less the other's per deal, and the share of deals it wins (a tie a half)."""
    from cardlib import ecarte
    from cardlib.ecarte.advice import EcarteBookBot, EcarteRuleBot
    from cardlib.players import play_deal

    pair_margins, wins = [], []
    for number in range(pairs):
        pair_points, pair_wins = 0.0, 0.0
        for table_seat in (0, 1):
            state = ecarte.new_deal(dealer=number % 2, seed=seed * 1_000_003 + number)
            players: list[EcarteRuleBot] = [EcarteBookBot(seed), EcarteBookBot(seed)]
            players[table_seat] = EcarteRuleBot(seed)
            play_deal(state, players)
            points = state.points[table_seat] - state.points[1 - table_seat]
            pair_points += points / 2
            pair_wins += (1.0 if points > 0 else 0.5 if points == 0 else 0.0) / 2
        pair_margins.append(pair_points)
        wins.append(pair_wins)
    return {"pairs": pairs, "points_per_deal": mean_margin(pair_margins), "deals_won": mean_margin(wins)}


def mean_margin(values: Sequence[float]) -> list[float]:
    """A mean and its 95 % margin (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return [round(mean, 4), round(margins.half_width(sd, n), 4)]


if __name__ == "__main__":
    main()
