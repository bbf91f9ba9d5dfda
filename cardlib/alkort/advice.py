"""Alkort's rule bot: the course's own advice as small functions, and a bot that follows it.

The Icelandic accounts the course has (book/history.md) give rules, not strategy; this advice is the course's,
drawn from those rules, and chapter 9 puts it on trial:

- **cash your sevens**: once you have won a trick, a seven you lead cannot be beaten,
  so lead them one after the other (Jón Aðalsteinn Jónsson's "it or them", *Lesbók*, 1999);
- **save K♦ and the sevens**: K♦ beats every card but a cashed seven, and a seven is
  worth a trick once you have won one; never throw them on a trick you cannot or need
  not win;
- **make the worthless-hand exchange** whenever you may: a hand that cannot beat a low
  eight has nothing to lose;
- **play low when your partner is winning**, and when your partner has shown you a card
  that will take the trick, leave it to him;
- otherwise take the trick with the cheapest card that takes it, and throw your
  cheapest card when you cannot.

The cards' worth for keeping, cheapest first: plain rubbish, a Queen or a rubbish King
(a led one can be caught), a 3 (it catches a led Queen), a 2 (it catches a led King or
Queen), the ranked cards from the low eights up, a seven just above a Six, K♦ above all.

A habit the course found in it: with the rest of a deal played by this bot, leading K♦ at once can look better by
more than a point than leading another card and cashing K♦ later, where, with the rest played well (every later
trick solved exactly), the two score the same in every imagined deal (deal 16's three puzzles, ``tools/rejudge.py``,
chapter 10 section 7): it does not find that later moment to cash K♦. The puzzles are judged again that way, and
those that rested on this habit are gone.

A second habit, and a costly one with four players: on lead with no Seven to cash and nothing sure, it leads its
cheapest card and hands the lead away. Leading the best card there instead gains +0.457 ± 0.039 points a deal over
8 000 four-handed deals against this bot's play (and −0.048 ± 0.036 in the duel: the habit costs only with
partners), K♦ a small part of it (+0.056 ± 0.015); chapter 9 section 5 shows it (``tools/sevens_count.py``,
``cardlib/alkort/sevens_count.json``). The bot keeps the habit for now: the course's puzzles, model deals, tables
and the Monte Carlo bot's play-outs are all measured with this bot, and mending it means measuring them again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import ALKORT_PACK, Card
from ..players import Decision, InformedPlayer
from ..tricks import Exchange, clockwise
from . import (
    STRENGTH,
    AlkortOptions,
    exchange_blockers,
    may_exchange,
    partner_of,
    seven_is_unbeatable,
    strength,
    strength_table,
    trick_winner,
)
from .view import AlkortView

KD = Card("K", "♦")
CHEAP_TRICK = 5  # a trick won so far by 9♦ or less is not worth K♦ while the partner may still take it


def keep_value(c: Card, options: AlkortOptions) -> float:
    """How much a card is worth holding on to (see the module's list)."""
    s = strength(c, options)
    if s:
        return 10 + s  # ranked: the low eight is 11, K♦ is 20
    if c.rank == "7":
        return 12.5  # a sure trick once you have won one: worth about a Six
    return {"2": 3, "3": 2, "Q": 1, "K": 1}.get(c.rank, 0)


# keep_value of every card, worked out once (the play-outs ask it often). The options matter to it only
# through a card's strength, that is through the ranking and low_eights_ranked, as for the engine's STRENGTH.
KEEP_TABLES = {
    (ranking, ranked): {c: keep_value(c, AlkortOptions(ranking=ranking, low_eights_ranked=ranked)) for c in ALKORT_PACK}
    for ranking in STRENGTH
    for ranked in STRENGTH[ranking]
}


def keep_table(options: AlkortOptions) -> dict[Card, float]:
    """``keep_value`` of every card under these options."""
    return KEEP_TABLES[options.ranking, options.low_eights_ranked]  # keyed as the engine's STRENGTH


def cheapest(cards: Sequence[Card], options: AlkortOptions) -> Card:
    """The card we would miss least (ties: the first)."""
    return min(cards, key=keep_table(options).__getitem__)


def exchange_advice(hand: Sequence[Card], options: AlkortOptions) -> tuple[Card, str]:
    """Make the worthless-hand exchange, keeping the most useful card."""
    keep = max(hand, key=lambda c: keep_value(c, options))
    if not may_exchange(hand, options):  # void in the first trick's suit (stock_test = or_void)
        return keep, f"takes the stock, keeping {keep}: nothing of the suit led, and no other card worth keeping"
    return keep, (
        f"makes the worthless-hand exchange, keeping {keep}: a hand that cannot beat a low eight has nothing to lose"
    )


def takes_the_stock(hand: Sequence[Card], options: AlkortOptions) -> bool:
    """Take the stock when it is offered, if at most one card of the hand could beat a led low Eight: that one is
    kept, so the exchange gives up nothing of value (a worthless hand always; a void hand, stock_test = or_void,
    only then)."""
    return len(exchange_blockers(hand, options)) <= 1


def play_advice(
    hand: Sequence[Card],
    legal: Sequence[Card],
    trick: Sequence[Card],
    seat: int,
    leader: int,
    players: int,
    has_won: Sequence[bool],
    first_trick: bool,
    options: AlkortOptions,
    outside: Sequence[Card],
    partner_holds: Sequence[Card],
) -> tuple[Card, str]:
    """Choose a card by the advice. ``outside``: cards that may be in other hands; ``partner_holds``: known ones."""
    if not trick:
        return lead_advice(hand, legal, has_won[seat], first_trick, options, outside)
    partner = partner_of(seat, players)
    leader_has_won = has_won[leader]
    index = trick_winner(trick, leader_has_won, first_trick, options)  # the card winning it so far
    in_turn = clockwise(leader, players)  # who plays each card of the trick
    winner_seat = in_turn[index]
    still_to_play = in_turn[len(trick) + 1 :]
    if trick[0].rank == "7" and index == 0 and seven_is_unbeatable(leader_has_won, first_trick, options):
        c = cheapest(legal, options)
        whose = "the partner's" if winner_seat == partner else "the"
        return c, f"throws {c}: {whose} cashed seven {trick[0]} cannot be beaten"
    if winner_seat == partner:
        c = cheapest(legal, options)
        return c, f"plays low ({c}): the partner is winning the trick with {trick[index]}"
    partner_to_play = partner in still_to_play
    return beat_or_throw(legal, trick, index, leader_has_won, first_trick, options, partner_to_play, partner_holds)


def beat_or_throw(
    legal: Sequence[Card],
    trick: Sequence[Card],
    index: int,
    leader_has_won: bool,
    first_trick: bool,
    options: AlkortOptions,
    partner_to_play: bool,
    partner_holds: Sequence[Card],
) -> tuple[Card, str]:
    """An opponent is winning the trick with ``trick[index]``: take it as cheaply as possible, or throw low."""
    value = keep_table(options).__getitem__
    takers = [c for c in legal if trick_winner([*trick, c], leader_has_won, first_trick, options) == len(trick)]
    best_now = strength(trick[index], options)
    if partner_to_play:
        helper = [c for c in partner_holds if strength(c, options) > best_now]
        if helper:
            c = cheapest(legal, options)
            return c, f"plays low ({c}): the partner has shown {helper[0]}, which can take this trick"
    if takers:
        c = min(takers, key=value)
        if c == KD and partner_to_play and best_now <= CHEAP_TRICK:
            low = cheapest(legal, options)
            return low, f"saves K♦ and plays {low}: the partner, still to play, may win this cheap trick"
        return c, f"takes the trick with {c}, the cheapest card that wins it"
    c = cheapest(legal, options)
    return c, f"cannot take the trick, so throws the cheapest card, {c}"


def lead_advice(
    hand: Sequence[Card],
    legal: Sequence[Card],
    i_have_won: bool,
    first_trick: bool,
    options: AlkortOptions,
    outside: Sequence[Card],
) -> tuple[Card, str]:
    """Cash a seven; else win with a master card when sevens wait to be cashed; else lead low rubbish."""
    sevens = [c for c in legal if c.rank == "7"]
    if sevens and seven_is_unbeatable(i_have_won, first_trick, options):
        return sevens[0], f"cashes {sevens[0]}: a seven led after winning a trick cannot be beaten"
    table = strength_table(options)  # strength(c, options) for every card, as one look-up
    top_outside = max(map(table.__getitem__, outside), default=0)
    masters = [c for c in legal if table[c] >= max(top_outside, 1)]
    held_sevens = [c for c in hand if c.rank == "7"]
    if masters:
        c = cheapest(masters, options)
        if c != KD or held_sevens:
            why = (
                "to win a trick and then cash " + " ".join(map(str, held_sevens))
                if held_sevens and not i_have_won
                else "to take a trick nobody can beat"
            )
            return c, f"leads {c}, the best card still out, {why}"
    plain = [c for c in legal if c.rank != "7" and c != KD]
    c = cheapest(plain or legal, options)
    if strength(c, options):
        return c, f"leads {c}, the cheapest card, saving K♦ and the sevens"
    return c, f"leads low rubbish ({c}), saving the good cards"


class AlkortRuleBot(InformedPlayer):
    """Plays Alkort by the course's advice: cash sevens, save K♦, exchange a worthless hand, help the partner."""

    name = "rules"

    def __init__(self, seed: int | None = 0, exchange: bool = True) -> None:
        super().__init__(seed)
        self.exchange = exchange  # False: never make the worthless-hand exchange (for the strategy lab)

    def choose(self, view: Any) -> Decision:
        assert isinstance(view, AlkortView), "an Alkort bot plays Alkort"
        exchange = self.choose_optional(view)
        if exchange is not None:
            return exchange
        legal = [a for a in view.legal if isinstance(a, Card)]
        outside = view.unseen() + [c for cards in view.known_holdings().values() for c in cards]
        partner_holds = view.known_holdings().get(view.partner, []) if view.partner is not None else []
        card, why = play_advice(
            view.hand,
            legal,
            view.trick,
            view.seat,
            view.leader,
            view.players,
            view.has_won,
            not view.trick_winners,
            view.options,
            outside,
            partner_holds,
        )
        return Decision(card, why)

    def choose_optional(self, view: Any) -> Decision | None:
        assert isinstance(view, AlkortView), "an Alkort bot plays Alkort"
        if not self.exchange or not any(isinstance(a, Exchange) for a in view.legal):
            return None
        if not takes_the_stock(view.hand, view.options):  # offered to a void hand in the first trick: let it go
            return None
        keep, why = exchange_advice(view.hand, view.options)
        return Decision(Exchange(keep), why)
