"""Issue 40, point 3: a bot's time limit is for its own work, and a message tells computing from waiting.

The time limit's trace makes Python run the learner's code several times slower (six times for a Monte Carlo
bot); a bot that works 4 ms a card on its own was refused at '24 ms a card … limit 20 ms'. Its time is now counted
at its own speed, measured on its latest calls made again without the trace. A bot that only computes is never
told it waits on time.sleep or input: only one that gives the processor up (which the system counts) is.
"""

from __future__ import annotations

import random
import time

import pytest

from cardlib import ecarte
from cardlib.cards import hand
from cardlib.exercises import CORRECT, NOT_YET, bots, chapter7, running
from cardlib.exercises.checker import define

BOT = """
FIVE = ECARTE_PACK[:5]
POOL = [c for c in ECARTE_PACK if c not in FIVE]


def ecarte_bot(cards, trick, trump):
    allowed = ecarte.legal_plays(cards, trick, trump)
    rng, wins = random.Random(len(cards)), dict.fromkeys(FIVE, 0)
    for _ in range(ROUNDS):  # the same work whatever the hand: its time a card is set by ROUNDS alone
        other = rng.choice(POOL)
        for c in FIVE:
            wins[c] += ecarte.trick_winner([other, c], trump) == 1
    return max(allowed, key=lambda c: wins.get(c, 0))
"""


def monte_carlo(seconds: float) -> tuple[object, float]:
    """A Monte Carlo bot whose own work is about ``seconds`` a card (its rounds set by timing it, untraced), and
    how many times slower the time limit's trace makes it."""
    setup = "import random\nfrom cardlib import ecarte\nfrom cardlib.cards import ECARTE_PACK\nROUNDS = 100\n"
    fn = define(BOT, "ecarte_bot", setup)
    args: tuple[list, list, str] = (hand("K♦ A♥ 9♠ 8♠ J♣"), [], "♥")
    plain = min(running.untraced_work(fn, args) for _ in range(5))
    fn.__globals__["ROUNDS"] = max(1, round(100 * seconds / plain))
    traced = min(running.call_safely(fn, args).working for _ in range(3))
    untraced = min(running.untraced_work(fn, args) for _ in range(3))
    return fn, traced / untraced


@pytest.fixture
def few_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """30 deals, and the 10 s budget scaled down with them."""
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.3)
    deals = lambda: (ecarte.new_deal(seed=2000 + n, dealer=n % 2) for n in range(30))  # noqa: E731
    monkeypatch.setattr(chapter7, "ecarte_deals", deals)


def test_a_bot_within_its_time_on_its_own_passes_though_the_trace_would_put_it_over(few_deals, monkeypatch):
    """The issue's bot, scaled down: its own work a quarter of the limit, the trace's slowdown more than four times."""
    fn, slowdown = monte_carlo(0.002)
    assert slowdown > 4, slowdown  # under the trace it would be over its limit
    monkeypatch.setattr(bots, "BOT_TIME_PER_CARD", 0.008)
    result = chapter7.q4.check(fn)
    assert result.status == CORRECT, repr(result)


def test_a_bot_over_its_time_on_its_own_is_told_its_own_time(few_deals, monkeypatch):
    fn, _ = monte_carlo(0.032)  # four times the limit on the calibrating hand: over it on average, whatever the deal
    monkeypatch.setattr(bots, "BOT_TIME_PER_CARD", 0.008)
    result = chapter7.q4.check(fn)
    assert result.status == NOT_YET and "its own work, measured without the check's watch" in result.headline
    assert "wait" not in result.headline.replace("waited", "") and "time.sleep" not in result.headline
    assert "the limit is 8 ms a card of your bot's own work on average (3 s for any one card)" in result.headline


def test_a_bot_that_sleeps_is_told_it_waits(few_deals, monkeypatch):
    if running.waits() is None:
        pytest.skip("this system does not count the times a thread gives the processor up")
    monkeypatch.setattr(running, "CHECK_BUDGET", 0.1)
    monkeypatch.setattr(bots, "BOT_TIME_PER_CARD", 0.002)  # a sleep of 20 ms is ten times that
    sleeper = define(
        "def ecarte_bot(cards, trick, trump):\n    time.sleep(0.02)\n"
        "    return ecarte.legal_plays(cards, trick, trump)[0]\n",
        "ecarte_bot",
        "import time\nfrom cardlib import ecarte\n",
    )
    result = chapter7.q4.check(sleeper)
    assert result.status == NOT_YET and "waiting, not working" in result.headline, result.headline
    assert "gave the processor up" in result.headline and "time.sleep" in result.headline


def test_a_bot_that_only_computes_on_a_busy_machine_is_never_told_it_waits():
    """Other programs had the processor: the time waited is 75 times the work, and the bot never gave it up."""
    timing = bots.Timing(traced=0.4, waited=30.0, blocked=0)
    assert timing.too_slow(lambda *args: None, 1.0, 20) == ""  # within its allowance: it goes on
    told = timing.too_slow(lambda *args: None, 0.5, 20)
    assert told.startswith("the machine is too busy to finish the check") and "time.sleep" not in told, told
    assert (
        bots.Timing(traced=0.4, waited=3.2, blocked=20)
        .too_slow(lambda *a: None, 0.5, 20)
        .startswith("your bot took 160 ms a card on average over its first 20 cards, most of it waiting, not working")
    )


def test_the_statement_says_the_limit_is_for_the_bots_own_work():
    assert (
        "of its own work on average" in chapter7.q4.statement and "without the check's watch" in chapter7.q4.statement
    )
    assert random and time  # (the bots above import them in their own cells)


def test_a_slow_worker_that_the_system_saw_yield_is_not_told_it_waits():
    """A clean clone's run: 8 cards in 1.24 s, all of it traced work, and 9 switches the system counted (a busy
    machine's): the time waited is mostly the work, not waiting, so the check goes on."""
    told = bots.Timing(traced=1.2, waited=1.24, blocked=9, slowdown=1.2 / 0.256).too_slow(lambda *a: None, 0.3, 8)
    assert told == "", told  # its own work (0.256 s) is within its allowance (0.3 s): the check goes on
    assert (
        bots.Timing(traced=0.1, waited=1.4, blocked=9)
        .too_slow(lambda *a: None, 0.3, 8)
        .startswith("your bot took 175 ms a card on average over its first 8 cards, most of it waiting")
    )
