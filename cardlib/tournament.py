"""Bot against bot: win rates with confidence intervals, and how long the bots think.

    python -m cardlib.tournament                      # the standard matches, both games
    python -m cardlib.tournament --game ecarte --deals 2000 --match mc:rules
    python -m cardlib.tournament --game alkort --players 2 --match rules:random --seed 7
    python -m cardlib.tournament --load cardlib.euchre --game euchre --deals 200   # a game of one's own

Luck is the enemy of a fair comparison, so every deal is played **twice**, from the
same deck with the same dealer, the bots having swapped seats: whatever cards one bot
held the first time, the other holds the second. A bot *wins a deal* when its side
scores more points in it than the other (a tie counts a half). The 95% confidence
interval treats each pair of mirrored deals as one measurement (the two halves are
not independent), with the normal approximation — fine for hundreds of deals.

Every decision is timed, and the median (p50) and 95th percentile (p95) per bot are
reported: a bot that makes people wait is no fun to play with. Two clocks: the wall
clock (what a player waits) and the processor time of this process (what the bot
costs). On a machine shared with other work the wall clock also counts the time the
bot sat waiting for a processor, so the processor time is the fairer measure of the
bot itself; both are printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import games
from .bots import BOTS, make_bot
from .contracts import Bot
from .margins import half_width
from .players import Decision, Player, play_deal
from .tricks import DealState, next_seat


class TimedPlayer(Player):
    """Wraps a player and records how long each of its decisions took: (wall, processor) seconds."""

    def __init__(self, inner: Bot, times: list[tuple[float, float]]) -> None:
        self.inner, self.times = inner, times
        self.name = inner.name

    def decide(self, state: DealState, seat: int) -> Decision:
        wall, cpu = time.perf_counter(), time.process_time()
        decision = self.inner.decide(state, seat)
        self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return decision

    def optional(self, state: DealState, seat: int) -> Decision | None:
        wall, cpu = time.perf_counter(), time.process_time()
        decision = self.inner.optional(state, seat)
        if decision is not None:  # passing on an offered move is not counted as a decision
            self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return decision


@dataclass
class MatchResult:
    """The outcome of a match of mirrored deals between bot a and bot b."""

    game: str
    a: str
    b: str
    deals: int
    pair_scores: list[float] = field(default_factory=list)  # a's mean win (0..1) over each mirrored pair
    points_a: int = 0
    points_b: int = 0
    times: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # (wall, processor) seconds

    @property
    def win_rate(self) -> float:
        """The share of deals bot a won (ties count a half)."""
        return statistics.fmean(self.pair_scores)

    @property
    def confidence(self) -> tuple[float, float]:
        """A 95% confidence interval for a's win rate (normal approximation over mirrored pairs)."""
        n = len(self.pair_scores)
        if n < 2:
            return (0.0, 1.0)
        half = half_width(statistics.stdev(self.pair_scores), n)
        return (max(0.0, self.win_rate - half), min(1.0, self.win_rate + half))

    def percentile(self, bot: str, q: float, clock: str = "wall") -> float:
        """A percentile of one bot's decision times, in milliseconds, by the 'wall' or the 'cpu' clock."""
        times = sorted(t[clock == "cpu"] for t in self.times.get(bot, []))
        if not times:
            return 0.0
        return 1000 * times[min(len(times) - 1, int(q * len(times)))]

    def summary(self) -> str:
        """The match in a few lines: win rate, interval, points, decision times."""
        low, high = self.confidence
        lines = [
            f"{self.game}: {self.a} vs {self.b}, {self.deals} deals x 2 seatings: "
            f"{self.a} wins {self.win_rate:.1%} of deals (95% CI {low:.1%} - {high:.1%}); "
            f"points {self.points_a} - {self.points_b}"
        ]
        for bot in dict.fromkeys((self.a, self.b)):
            times = self.times.get(bot, [])
            lines.append(
                f"    {bot:>7}: {len(times)} decisions; wall clock p50 {self.percentile(bot, 0.5):.1f} ms, "
                f"p95 {self.percentile(bot, 0.95):.1f} ms; processor time p50 "
                f"{self.percentile(bot, 0.5, 'cpu'):.1f} ms, p95 {self.percentile(bot, 0.95, 'cpu'):.1f} ms"
            )
        return "\n".join(lines)


def new_state(game: str, deal_seed: int, dealer: int, players: int | None, options: dict | None) -> DealState:
    """The deal number ``deal_seed``: the same deck every time it is asked for."""
    return games.get(game).new_deal(options, players=players, dealer=dealer, seed=deal_seed)


def match_label(game: games.GameDescription, players: int) -> str:
    """How a match's game is named: by its key, and the number of players if it may be played by several."""
    return game.key if len(game.players) == 1 else f"{game.key} ({players} players)"


def deal_score(state: DealState, seat: int) -> float:
    """1 if this seat's side scored more than the other in the deal, ½ for a tie, else 0."""
    r = state.returns()[seat]
    return 1.0 if r > 0 else 0.5 if r == 0 else 0.0


def run_match(
    game: str,
    a: str,
    b: str,
    deals: int,
    seed: int = 0,
    players: int | None = None,
    options: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``deals`` mirrored pairs of deals between bots a and b (by name), a on the first side first (``players``:
    the game's usual number if None)."""
    description = games.get(game)
    n = description.players[0] if players is None else players
    result = MatchResult(match_label(description, n), a, b, deals)
    names = (a, b) if a != b else (a, f"{b}'")
    for name in names:
        result.times[name] = []
    result.a, result.b = names
    bots = {
        name: TimedPlayer(make_bot(name.rstrip("'"), game, seed=seed + k), result.times[name])
        for k, name in enumerate(names)
    }
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        pair = 0.0
        for a_side in (0, 1):  # a's bots hold the seats of the first side, then those of the second
            state = new_state(description.key, deal_seed, next_seat(0, n, i), n, options)
            a_seat, b_seat = seats_of_the_sides(state, a_side)
            table = [bots[names[0]] if state.side_of(seat) == a_side else bots[names[1]] for seat in range(n)]
            play_deal(state, table)
            pair += deal_score(state, a_seat) / 2
            points = state.points  # per side: the team with 4 players, the seat with 2
            result.points_a += points[a_side]
            result.points_b += points[state.side_of(b_seat)]
        result.pair_scores.append(pair)
        if progress is not None:
            progress(i + 1, deals)
    return result


def seats_of_the_sides(state: DealState, side: int) -> tuple[int, int]:
    """A seat of this side, and a seat of the side against it (as the engine seats them)."""
    seat = next(s for s in range(state.n_players) if state.side_of(s) == side)
    return seat, state.opponents(seat)[0]


STANDARD_MATCHES = ("mc:rules", "rules:random")


def text_progress(label: str) -> Callable[[int, int], None]:
    """A one-line progress report on stderr (a terminal's progress bar)."""

    def report(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"\r{label}: {done}/{total} deals", end="\n" if done == total else "", file=sys.stderr, flush=True)

    return report


def arguments(argv: Sequence[str] | None) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The command line's parser and what it was told."""
    parser = argparse.ArgumentParser(
        prog="python -m cardlib.tournament", description=__doc__.split("\n\n")[0], parents=[games.loading_option(argv)]
    )
    parser.add_argument("--game", choices=(*games.keys(), "all"), default="all", help="which game (default: all)")
    parser.add_argument("--deals", type=int, default=1000, help="deals per match; each is played twice (default 1000)")
    parser.add_argument(
        "--match",
        action="append",
        metavar="A:B",
        help=f"bots to pit, e.g. mc:rules (bots: {', '.join(BOTS)}); repeatable; "
        f"default {' and '.join(STANDARD_MATCHES)}",
    )
    counts = sorted({n for game in games.every() for n in game.players}, reverse=True)
    parser.add_argument(
        "--players", type=int, choices=counts, help="players, for a game played by several numbers (default: usual)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the deals and the bots (default 0)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    return parser, parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the matches asked for and print each one's result."""
    parser, args = arguments(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    matches = []
    for text in args.match or STANDARD_MATCHES:
        a, sep, b = text.partition(":")
        if not sep or a not in BOTS or b not in BOTS:
            parser.error(f"--match wants two bots like mc:rules, from {', '.join(BOTS)}; got {text!r}")
        matches.append((a, b))
    chosen = games.keys() if args.game == "all" else (args.game,)
    for game in chosen:
        for a, b in matches:
            label = f"{game} {a} vs {b}"
            progress = None if args.quiet else text_progress(label)
            players = args.players if args.players in games.get(game).players else None
            result = run_match(game, a, b, args.deals, seed=args.seed, players=players, progress=progress)
            print(result.summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
