"""Alkort, the old Icelandic trick-taking game, as a lesson in code.

Read this module top to bottom like a chapter of the rulebook (book/rules/alkort.md):

1. the options (the variants where the old texts disagree);
2. seats, sides and who leads;
3. the cards' order: a few *ranked* cards, and *rubbish*;
4. who wins a trick, sevens and the led King/Queen exceptions included;
5. what may be led;
6. before play: what is shown, and who leads to the first trick;
7. the worthless-hand exchange, asked of the trick rule itself;
8. scoring a deal: múk, stroke, or 1 point (or, drawing after each trick, most tricks);
9. dealing, and the deal as a state machine (``AlkortState``), with explanations for every decision;
10. a game: deals until a side reaches the target score;
11. the words of the game: the cards' Icelandic names.

Where the rulebook is silent, this module decides as a careful reading of the
sources suggests (and the rulebook says so, under "Where the rulebook is silent"):

- The worthless-hand exchange may be made by any entitled player before the first
  card, whether or not it is his turn: it is offered as a legal action of that
  player (``legal_actions(seat)``), not of the player to lead.
- The partner reveal is made when play begins, from the hands as they are then
  (after any exchange); until the first card it shows the hands as they are now.
  Of several equal highest cards (two Aces, say) the first in the hand is shown.
  With two players there is no partner, so nothing is shown (but with
  ``partner_reveal = "table"`` each shows the other his best card).
- With ``first_lead = "highest_card"`` the highest card is sought in the hands as
  play begins (after any exchange); of equal cards the first held clockwise from
  forehand leads, and forehand leads when nobody holds a ranked card.
- A 7 led that does not count as unbeatable is rubbish, and with
  ``rubbish_order = "led_suit"`` the lowest rubbish of its suit.
- With ``draw_after_trick`` the trick's winner draws first, then the others
  clockwise; the deal is worth 1 point to the side with most tricks.
- With ``next_dealer = "loser"`` in the two-player game, the loser deals.
- With ``stock_test = "or_void"`` (Vikan, 2000) a player to play to the first trick who holds no card of the
  suit led may take the stock before he plays, keeping a card of his choice; the lead stays where it is.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import ALKORT_PACK, RANK_NAMES, Card, Table, card, hand, place, show
from ..tricks import (
    Action,
    Dealing,
    DealState,
    Exchange,
    Game,
    OptionError,
    RuleOptions,
    action_text,
    check_choice,
    clockwise,
    option,
    positive_whole_number,
    seat_name,
)

# ---------------------------------------------------------------------------
# 1. Options: where the old accounts of Alkort disagree


@dataclass(frozen=True)
class AlkortOptions(RuleOptions):
    """Alkort's rule variants; the defaults follow the historical sources."""

    game = "Alkort"

    lead_rule: str = option(
        "winner",
        "rotate",
        doc="Who leads the next trick",
        words={"winner": "the winner", "rotate": "the next player in turn"},
    )
    first_lead: str = option(
        "forehand",
        "highest_card",
        doc="Who leads to the first trick",
        words={
            "forehand": "forehand, on the dealer's left",
            "highest_card": "the holder of the highest card, shown to all",
        },
    )
    seven_lead: str = option(
        "after_win",
        "forehand_exempt",
        "as_rubbish",
        doc="When a Seven may be led",
        words={
            "after_win": "once its player has won a trick",
            "forehand_exempt": "after a win, or unbeatable on the opening lead",
            "as_rubbish": "at any time, but as rubbish before a win",
        },
    )
    ranking: str = option(
        "sources",
        "short",
        doc="Which cards are ranked",
        words={"sources": "21 cards, in ten tiers", "short": "only 2♥ 4♣ 8♠ 9♥ 9♦ A♦ K♦, low to high"},
    )
    low_eights_ranked: bool = option(
        True, False, doc="The low Eights 8♥ 8♦ 8♣", words={True: "ranked, the lowest tier", False: "rubbish"}
    )
    rubbish_order: str = option(
        "equal",
        "led_suit",
        doc="Between rubbish cards",
        words={"equal": "all equal: the leader wins", "led_suit": "the higher of the suit led wins"},
    )
    partner_reveal: str = option(
        "best_card",
        "hand",
        "none",
        "table",
        doc="What each player shows before play",
        words={
            "best_card": "his best card, to his partner",
            "hand": "his whole hand, to his partner",
            "none": "nothing",
            "table": "his best card, to every player",
        },
    )
    play_out: bool = option(
        False,
        True,
        doc="When the deal ends",
        words={False: "as soon as it is decided", True: "after every trick is played"},
    )
    draw_after_trick: bool = option(
        False,
        True,
        doc="After each trick",
        words={False: "nobody draws; first to 5 tricks wins", True: "each player draws a card; most tricks wins"},
    )
    target_score: int = positive_whole_number(10, doc="Points that win the game")
    next_dealer: str = option(
        "left",
        "loser",
        doc="Who deals next",
        words={"left": "the player to the left", "loser": "a player of the losing side"},
    )
    stock_test: str = option(
        "low_eight",
        "or_void",
        doc="Who may take the stock",
        words={
            "low_eight": "a hand that cannot beat a led low Eight",
            "or_void": "that, or a player void in the first trick's suit",
        },
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.ranking == "short" and self.low_eights_ranked:
            raise OptionError(
                "ranking = 'short' ranks only the seven cards the second Alkort text lists, and the "
                "low Eights are not among them: choose low_eights_ranked = false with it"
            )


DEFAULT_OPTIONS = AlkortOptions()


def check_options(options: AlkortOptions, players: int) -> AlkortOptions:
    """The options, if they can be played by this many players (OptionError if not)."""
    if options.draw_after_trick and players == 2:
        raise OptionError(
            "draw_after_trick is the second Alkort text's game for four: with two players the "
            "26-card stock would make 22 tricks, an even number, so the side with most tricks "
            "could tie, and the text does not say who wins a tie"
        )
    return options


#: Cards dealt to each player, three at a time (``PACKET``); as many tricks are played at most.
HAND_SIZE = 9
PACKET = 3
TRICKS_PER_DEAL = HAND_SIZE
#: Tricks that win a deal.
TRICKS_TO_WIN = 5
#: Cards the worthless-hand exchange draws from the stock: it keeps one card and draws eight.
EXCHANGE_DRAW = HAND_SIZE - 1


def stock_size(players: int) -> int:
    """The cards left after the deal: 8 with four players (the whole stock), 26 with two."""
    return len(ALKORT_PACK) - players * HAND_SIZE


assert stock_size(4) == EXCHANGE_DRAW and stock_size(2) == 26

# ---------------------------------------------------------------------------
# 2. Seats, sides and who leads
#
# Seats are numbered clockwise 0..n-1. With four players, partners sit opposite each
# other: seats 0 and 2 are team A, seats 1 and 3 team B. With two, each is his own side.
# Forehand, on the dealer's left, is dealt to first and leads to the first trick.

TEAMS = ("A", "B")


def side_of(seat: int, players: int) -> int:
    """The side a seat plays for: its team (0 = A: seats 0 and 2; 1 = B) with four players, the seat with two."""
    return seat % 2 if players == 4 else seat


def partner_of(seat: int, players: int) -> int | None:
    """The partner's seat, opposite, with four players; None with two."""
    return (seat + 2) % 4 if players == 4 else None


def side_name(side: int, players: int) -> str:
    """'team A' / 'team B' with four players, 'player 0' / 'player 1' with two."""
    return f"team {TEAMS[side]}" if players == 4 else seat_name(side)


def forehand(dealer: int, players: int) -> int:
    """The seat on the dealer's left: dealt to first, and the leader of the first trick."""
    return (dealer + 1) % players


def drawing_order(winner: int, players: int) -> list[int]:
    """Who draws after a trick (draw_after_trick): its winner first, then clockwise."""
    return clockwise(winner, players)


def next_leader(leader: int, winner: int, players: int, options: AlkortOptions = DEFAULT_OPTIONS) -> int:
    """Who leads the next trick: the winner of this one, or (lead_rule = rotate) the next player clockwise."""
    return winner if options.lead_rule == "winner" else (leader + 1) % players


assert [side_of(s, 4) for s in range(4)] == [0, 1, 0, 1] and partner_of(3, 4) == 1 and partner_of(1, 2) is None
assert forehand(3, 4) == 0 and next_leader(0, 2, 4) == 2
assert next_leader(0, 2, 4, AlkortOptions(lead_rule="rotate")) == 1

# ---------------------------------------------------------------------------
# 3. The cards' order
#
# Suits mean nothing in play; they only pick out particular cards. Twenty-one cards
# are ranked, in ten tiers; cards of one tier are equal. Everything else is rubbish,
# and any ranked card beats any rubbish card.

#: The twenty-one ranked cards, strongest tier first; the cards of a tier are equal.
RANKED_TIERS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(hand(tier))
    for tier in (
        "K♦",
        "2♥",
        "4♣",
        "8♠",
        "9♥",
        "9♦",
        "A♠ A♥ A♦ A♣",
        "J♠ J♥ J♦ J♣",
        "6♠ 6♥ 6♦ 6♣",
        "8♥ 8♦ 8♣",  # the "low eights"
    )
)
TIER_NAMES = ("K♦", "2♥", "4♣", "8♠", "9♥", "9♦", "an Ace", "a Jack", "a Six", "a low eight")
#: The low Eights 8♥ 8♦ 8♣ (8♠ is ranked on its own): the worthless-hand test leads one.
LOW_EIGHTS = RANKED_TIERS[-1]
#: The second Alkort text's short ranking (ranking = "short"): only these seven cards, strongest first. The
#: text lists them "♥2, ♣4, ♠8, ♥9, ♦9, ♦Т, ♦К", lowest first as its catalogue lists every ranking;
#: its Т is the Russian Туз, the Ace (the pack has no Tens).
SHORT_TIERS: tuple[tuple[Card, ...], ...] = tuple((c,) for c in hand("K♦ A♦ 9♦ 9♥ 8♠ 4♣ 2♥"))
TIERS = Table("alkort.TIERS", {"sources": RANKED_TIERS, "short": SHORT_TIERS})
RUBBISH = 0


def _strength_table(ranking: str, low_eights_ranked: bool) -> Table[Card, int]:
    """Each card's strength, its tier counted from the bottom (10 for K♦ ... 1 for a low eight); 0 for rubbish."""
    tiers = TIERS[ranking]
    table = dict.fromkeys(ALKORT_PACK, RUBBISH)
    for position, tier in enumerate(tiers):
        for c in tier:
            table[c] = len(tiers) - position
    if not low_eights_ranked:
        for c in LOW_EIGHTS:
            table[c] = RUBBISH
    return Table(f"alkort.STRENGTH[{ranking!r}][{low_eights_ranked}]", table)


#: Each card's strength, by ranking and by low_eights_ranked (the short ranking has no low Eights to rank).
STRENGTH = Table(
    "alkort.STRENGTH",
    {
        "sources": Table(
            "alkort.STRENGTH['sources']",
            {True: _strength_table("sources", True), False: _strength_table("sources", False)},
        ),
        "short": Table("alkort.STRENGTH['short']", {False: _strength_table("short", False)}),
    },
)


def strength_table(options: AlkortOptions = DEFAULT_OPTIONS) -> dict[Card, int]:
    """Every card's strength under these options: the table of ``STRENGTH`` for the ranking and the low Eights."""
    return STRENGTH[options.ranking][options.low_eights_ranked]


def strength(c: Card, options: AlkortOptions = DEFAULT_OPTIONS) -> int:
    """How strong a card is in play: 10 for K♦ ... 1 for a low eight, 0 for rubbish."""
    return STRENGTH[options.ranking][options.low_eights_ranked][c]  # strength_table(options)[c], written out


def is_ranked(c: Card, options: AlkortOptions = DEFAULT_OPTIONS) -> bool:
    """A ranked card beats every rubbish card."""
    return strength(c, options) > RUBBISH


def tier_name(c: Card, options: AlkortOptions = DEFAULT_OPTIONS) -> str:
    """What a ranked card is called in the explanations: 'an Ace', 'a low eight', 'K♦' (a tier of one: the card)."""
    if options.ranking == "sources":
        for tier, name in zip(RANKED_TIERS, TIER_NAMES):
            if c in tier:
                return name
    return str(c) if is_ranked(c, options) else "rubbish"


SHORT = AlkortOptions(ranking="short", low_eights_ranked=False)
assert strength(card("K♦")) > strength(card("2♥")) > strength(card("A♠")) == strength(card("A♥"))
assert is_ranked(card("8♥")) and not is_ranked(card("8♥"), AlkortOptions(low_eights_ranked=False))
assert not is_ranked(card("K♠")) and not is_ranked(card("7♦")) and is_ranked(card("8♠"))
assert sum(map(is_ranked, ALKORT_PACK)) == 21 and sum(is_ranked(c, SHORT) for c in ALKORT_PACK) == 7
assert strength(card("K♦"), SHORT) > strength(card("A♦"), SHORT) > strength(card("2♥"), SHORT) > RUBBISH
assert tier_name(card("A♥")) == "an Ace" and tier_name(card("A♦"), SHORT) == "A♦"
assert tier_name(card("A♥"), SHORT) == "rubbish"

# Among rubbish, with rubbish_order = "led_suit": a higher card of the led suit beats a
# lower one, in this order, low to high: the Seven lowest, then as in an ordinary pack. With
# the sources' ranking only 2 3 4 8 9 Q K (and the Seven) can be rubbish; with the short one
# the Sixes, Jacks and Aces can be too.
LED_SUIT_ORDER = Table(
    "alkort.LED_SUIT_ORDER",
    {rank: position for position, rank in enumerate(("7", "2", "3", "4", "6", "8", "9", "J", "Q", "K", "A"))},
)

# ---------------------------------------------------------------------------
# 4. Who wins a trick
#
# The rules, in the order they are tried (each returns the index of the winning card
# in the trick, and a short code naming the rule, for the explanations):
#   1. a 7 led by a player who had already won a trick wins outright;
#   2. else the highest ranked card wins; among equals, the one played first;
#   3. else (all rubbish): a led Queen or King falls to the first of its takers played
#      (TAKERS); otherwise the leader wins.

SEVEN, RANKED, QUEEN_TAKEN, KING_TAKEN, LED_SUIT, LEADER = (
    "seven",
    "ranked",
    "queen taken",
    "king taken",
    "led suit",
    "leader",
)

#: The led Queen and King exception: a led Queen falls to the first 2 or 3 played to it, a
#: led K♠, K♥ or K♣ to the first 2 (K♦ is ranked, so a trick it is in never gets this far).
TAKERS = Table("alkort.TAKERS", {"Q": ("2", "3"), "K": ("2",)})
TAKEN = Table("alkort.TAKEN", {"Q": QUEEN_TAKEN, "K": KING_TAKEN})


def seven_is_unbeatable(leader_has_won: bool, first_trick: bool, options: AlkortOptions = DEFAULT_OPTIONS) -> bool:
    """A led 7 wins outright if its player has won a trick (or, with forehand_exempt, on the opening lead)."""
    return leader_has_won or (first_trick and options.seven_lead == "forehand_exempt")


def rubbish_winner(cards: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS) -> tuple[int, str]:
    """Who wins a trick of rubbish, and by which rule: a led Queen's or King's first taker, else the leader.

    With ``rubbish_order = "led_suit"``, a higher card of the suit led comes before the leader.
    """
    lead = cards[0]
    takers = TAKERS.get(lead.rank)
    if takers:
        for i in range(1, len(cards)):
            if cards[i].rank in takers:
                return i, TAKEN[lead.rank]
    if options.rubbish_order == "led_suit":
        followers = [
            i
            for i in range(1, len(cards))
            if cards[i].suit == lead.suit and LED_SUIT_ORDER[cards[i].rank] > LED_SUIT_ORDER[lead.rank]
        ]
        if followers:
            return max(followers, key=lambda i: LED_SUIT_ORDER[cards[i].rank]), LED_SUIT
    return 0, LEADER


def rubbish_kind(c: Card, options: AlkortOptions = DEFAULT_OPTIONS) -> tuple[int, str]:
    """What a card can do in a trick, as a kind: cards of one kind do the same job. A ranked card's kind is its
    strength; among rubbish, a Seven, a Queen or King that a taker catches and each taker are kinds of their own,
    the rest all alike (with rubbish_order = led_suit each rubbish card is its own kind: its suit and rank count)."""
    ranked = strength(c, options)
    if ranked:
        return ranked, ""
    if options.rubbish_order == "led_suit":
        return RUBBISH, str(c)
    special = {"7", *TAKERS, *(rank for takers in TAKERS.values() for rank in takers)}
    return RUBBISH, c.rank if c.rank in special else ""


assert rubbish_kind(card("Q♠")) == (0, "Q") and rubbish_kind(card("4♠")) == rubbish_kind(card("9♣")) == (0, "")


def judge_trick(
    cards: Sequence[Card],
    leader_has_won: bool = False,
    first_trick: bool = False,
    options: AlkortOptions = DEFAULT_OPTIONS,
) -> tuple[int, str]:
    """The index of the card that wins a complete trick, and the code of the rule that decided it."""
    if cards[0].rank == "7" and seven_is_unbeatable(leader_has_won, first_trick, options):
        return 0, SEVEN
    table = STRENGTH[options.ranking][options.low_eights_ranked]  # strength_table(options), written out: every trick
    best, best_strength = 0, RUBBISH
    for i, c in enumerate(cards):  # the highest ranked card ...
        if table[c] > best_strength:  # ... strictly higher: among equals the first played stays
            best, best_strength = i, table[c]
    return (best, RANKED) if best_strength > RUBBISH else rubbish_winner(cards, options)


def trick_winner(
    cards: Sequence[Card],
    leader_has_won: bool = False,
    first_trick: bool = False,
    options: AlkortOptions = DEFAULT_OPTIONS,
) -> int:
    """The index (0 = the leader) of the card that wins a complete trick."""
    return judge_trick(cards, leader_has_won, first_trick, options)[0]


assert trick_winner(hand("A♠ 9♦ K♦ 2♥")) == 2  # K♦ is highest
assert trick_winner(hand("J♣ J♥ 6♠ 8♦")) == 0  # equal Jacks: first played
assert trick_winner(hand("4♠ Q♥ 9♣ 3♦")) == 0  # all rubbish: the leader
assert trick_winner(hand("K♠ 3♣ 2♦ Q♥")) == 2  # a led King falls to a 2
assert trick_winner(hand("Q♣ 3♠ 2♦ 4♥")) == 1  # a led Queen to a 2 or 3
assert trick_winner(hand("7♣ K♦ 2♥ A♠"), leader_has_won=True) == 0  # a cashed seven
assert trick_winner(hand("7♣ K♦ 2♥ A♠")) == 1  # an uncashed seven is rubbish


def explain_trick(
    cards: Sequence[Card],
    leader_has_won: bool = False,
    first_trick: bool = False,
    options: AlkortOptions = DEFAULT_OPTIONS,
) -> str:
    """One sentence saying which card wins a trick and by which rule."""
    winner, rule = judge_trick(cards, leader_has_won, first_trick, options)
    lead = cards[0]
    if rule == SEVEN:
        why = (
            "a seven led on the opening lead is unbeatable (forehand_exempt)"
            if not leader_has_won
            else "a seven led by a player who has already won a trick beats everything"
        )
    elif rule == RANKED:
        why = _why_ranked(cards, winner, options)
    elif rule in (QUEEN_TAKEN, KING_TAKEN):
        why = (
            f"every card is rubbish, and a led {RANK_NAMES[lead.rank]} ({lead}) is taken by the first "
            f"{' or '.join(TAKERS[lead.rank])} played"
        )
    elif rule == LED_SUIT:
        why = (
            f"every card is rubbish, and it is the highest of the led suit {cards[winner].suit} "
            f"(rubbish_order = led_suit)"
        )
    elif lead.rank == "7" and not seven_is_unbeatable(leader_has_won, first_trick, options):
        why = (
            "every card is rubbish (a seven led before its player has won a trick counts as rubbish), "
            "so the leader wins"
        )
    else:
        why = "every card is rubbish, so the leader wins" if len(cards) > 1 else "it is the only card"
    return f"{cards[winner]} wins: {why}."


def _why_ranked(cards: Sequence[Card], winner: int, options: AlkortOptions) -> str:
    """Why the highest ranked card wins, in words: the only ranked card, the highest, or the first of equals."""
    w = cards[winner]
    ranked = [c for c in cards if is_ranked(c, options)]
    equals = [c for c in ranked if strength(c, options) == strength(w, options)]
    if len(equals) > 1:
        why = f"{show(equals)} are equal and the best cards here, so the first played wins"
    elif len(ranked) == 1:
        why = f"{tier_name(w, options)} is ranked, and the rest is rubbish"
    else:
        why = f"it is the highest of the ranked cards {show(ranked)}"
    if cards[0].rank == "7" and winner != 0:
        why += f" (the led {cards[0]} is rubbish: its player had not won a trick yet)"
    return why


assert explain_trick(hand("8♥ 3♠ Q♦ K♣")) == "8♥ wins: a low eight is ranked, and the rest is rubbish."

# ---------------------------------------------------------------------------
# 5. What may be played
#
# Anything may be played to a trick: there is no duty to follow suit or to win. The only
# restriction is on leading a 7.


def may_lead_seven(has_won: bool, first_trick: bool, options: AlkortOptions = DEFAULT_OPTIONS) -> bool:
    """A 7 may be led once its player has won a trick (or always, or on the opening lead, by option)."""
    return has_won or options.seven_lead == "as_rubbish" or (first_trick and options.seven_lead == "forehand_exempt")


def legal_plays(
    cards_in_hand: Sequence[Card],
    trick: Sequence[Card],
    has_won: bool = False,
    first_trick: bool = False,
    options: AlkortOptions = DEFAULT_OPTIONS,
) -> list[Card]:
    """The cards a player may play: any card, except that a 7 may not be led before a win."""
    if trick or may_lead_seven(has_won, first_trick, options):
        return list(cards_in_hand)
    not_sevens = [c for c in cards_in_hand if c.rank != "7"]
    return not_sevens or list(cards_in_hand)  # a hand of only sevens may lead one (as rubbish)


assert legal_plays(hand("7♠ K♠ 3♦"), []) == hand("K♠ 3♦")
assert legal_plays(hand("7♠ K♠ 3♦"), [], has_won=True) == hand("7♠ K♠ 3♦")
assert legal_plays(hand("7♠ K♠ 3♦"), hand("A♠")) == hand("7♠ K♠ 3♦")
assert legal_plays(hand("7♠ 7♥"), []) == hand("7♠ 7♥")


# ---------------------------------------------------------------------------
# 6. Before play: what is shown, and who leads first
#
# Each player shows his partner one of his highest cards (partner_reveal: or his whole
# hand, or nothing, or his best card to every player). Forehand leads to the first trick,
# or (first_lead = highest_card) the holder of the highest card, who shows it to all.


def best_card(cards_in_hand: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS) -> Card | None:
    """The card a player shows: a highest ranked card (the first of equals), None if all is rubbish."""
    table = strength_table(options)
    best = max(cards_in_hand, key=table.__getitem__)  # max keeps the first of equal cards
    return best if table[best] > RUBBISH else None


assert best_card(hand("A♠ 3♦ A♥ 8♥ Q♣")) == card("A♠") and best_card(hand("Q♠ 3♦ 7♥")) is None


def first_leader(
    hands: Sequence[Sequence[Card]], dealer: int, players: int, options: AlkortOptions = DEFAULT_OPTIONS
) -> int:
    """Who leads to the first trick: forehand, or (first_lead = highest_card) the holder of the highest ranked
    card; of equal cards, the first held clockwise from forehand; forehand if nobody holds a ranked card."""
    if options.first_lead == "forehand":
        return forehand(dealer, players)
    table = strength_table(options)
    in_turn = first_lead_order(dealer, players)
    return max(in_turn, key=lambda seat: max(map(table.__getitem__, hands[seat])))  # max keeps the first of equals


def first_lead_order(dealer: int, players: int) -> list[int]:
    """The seats clockwise from forehand: of equal highest cards (first_lead = highest_card), the first so held
    leads."""
    return clockwise(forehand(dealer, players), players)


def explain_first_lead(
    hands: Sequence[Sequence[Card]], dealer: int, players: int, options: AlkortOptions = DEFAULT_OPTIONS
) -> str:
    """Who leads to the first trick, and why, in one sentence."""
    leader = first_leader(hands, dealer, players, options)
    if options.first_lead == "forehand":
        return f"{seat_name(leader)}, forehand (on the dealer's left), leads to the first trick."
    best = best_card(hands[leader], options)
    if best is None:
        return f"Nobody holds a ranked card, so {seat_name(leader)}, forehand, leads to the first trick."
    equal = [
        s
        for s in range(players)
        if s != leader and any(strength(c, options) == strength(best, options) for c in hands[s])
    ]
    tie = (
        f" ({', '.join(map(seat_name, equal))} holds an equal card, but {seat_name(leader)} comes first "
        f"clockwise from forehand)"
        if equal
        else ""
    )
    return f"{seat_name(leader)} holds the highest card, {best}, shows it to all and leads to the first trick{tie}."


def showing_to(seat: int, players: int, opener: int, options: AlkortOptions = DEFAULT_OPTIONS) -> list[int]:
    """The seats that show this seat something before play, if they hold it: its partner (partner_reveal =
    best_card or hand) or every other player (table); and the first leader (first_lead = highest_card)."""
    reveal, partner = options.partner_reveal, partner_of(seat, players)
    showers = (
        {s for s in range(players) if s != seat}
        if reveal == "table"
        else {partner}
        if reveal in ("best_card", "hand") and partner is not None
        else set()
    )
    if options.first_lead == "highest_card" and opener != seat:
        showers.add(opener)
    return sorted(showers)


def shown_before_play(
    hands: Sequence[Sequence[Card]], seat: int, players: int, opener: int, options: AlkortOptions = DEFAULT_OPTIONS
) -> dict[int, list[Card]]:
    """What a seat is shown of the other hands before play, by seat (``showing_to``): its partner's best card or
    whole hand, or every other player's best card; the first leader's best card. A seat with nothing ranked shows
    nothing."""
    reveal, partner = options.partner_reveal, partner_of(seat, players)
    shown = {}
    for s in showing_to(seat, players, opener, options):
        best = best_card(hands[s], options)
        cards = list(hands[s]) if reveal == "hand" and s == partner else [best] if best is not None else []
        if cards:
            shown[s] = cards
    return shown


_SHOWN = [hand("Q♠ A♥ 3♦"), hand("A♠ 2♠ 2♦"), hand("9♠ 9♣ Q♦"), hand("6♠ 7♣ J♥")]
_TABLE = AlkortOptions(first_lead="highest_card", partner_reveal="table")
assert first_leader(_SHOWN, 3, 4) == 0 and first_leader(_SHOWN, 3, 4, _TABLE) == 0  # two Aces: the first clockwise
assert first_leader(_SHOWN, 0, 4, _TABLE) == 1 and explain_first_lead(_SHOWN, 0, 4, _TABLE).startswith("player 1 ")
assert showing_to(0, 4, 0) == [2] and showing_to(0, 4, 2, _TABLE) == [1, 2, 3] and showing_to(0, 2, 0) == []
assert shown_before_play(_SHOWN, 0, 4, 0) == {}  # the partner, seat 2, holds only rubbish: nothing to show
assert shown_before_play(_SHOWN, 0, 4, 0, _TABLE) == {1: hand("A♠"), 3: hand("J♥")}

# ---------------------------------------------------------------------------
# 7. The worthless-hand exchange
#
# A hand that could not beat a led low eight may be shown, all but one card discarded,
# and the stock taken. Which cards could beat a led low eight is asked of the trick rule
# itself, under the options in force: with the defaults K♦ 2♥ 4♣ 8♠ 9♥ 9♦, the Aces, the
# Jacks and the Sixes; with the low Eights rubbish and rubbish_order = "led_suit", also a
# higher rubbish card of the Eight's suit, 9♣ or a Queen or King of ♥ ♦ ♣.


def beats_a_led_low_eight(c: Card, options: AlkortOptions = DEFAULT_OPTIONS) -> bool:
    """Whether this card, played to one of the low Eights led, would take the trick (under these options)."""
    return any(judge_trick((eight, c), options=options)[0] == 1 for eight in LOW_EIGHTS if eight != c)


def cards_beating_a_low_eight(options: AlkortOptions = DEFAULT_OPTIONS) -> frozenset[Card]:
    """Every card that could beat a led low eight under these options: a hand holding one is not worthless."""
    return frozenset(c for c in ALKORT_PACK if beats_a_led_low_eight(c, options))


#: ``cards_beating_a_low_eight`` worked out once for every combination of the options that decide a trick led with
#: a low Eight: the ranking, the low Eights, the rubbish order (the Sevens' options count only when a Seven is led).
LOW_EIGHT_BEATERS = Table(
    "alkort.LOW_EIGHT_BEATERS",
    {
        ranking: Table(
            f"alkort.LOW_EIGHT_BEATERS[{ranking!r}]",
            {
                ranked: Table(
                    f"alkort.LOW_EIGHT_BEATERS[{ranking!r}][{ranked}]",
                    {
                        order: cards_beating_a_low_eight(
                            AlkortOptions(ranking=ranking, low_eights_ranked=ranked, rubbish_order=order)
                        )
                        for order in ("equal", "led_suit")
                    },
                )
                for ranked in STRENGTH[ranking]
            },
        )
        for ranking in STRENGTH
    },
)


def low_eight_beaters(options: AlkortOptions = DEFAULT_OPTIONS) -> frozenset[Card]:
    """The cards that could beat a led low eight under these options (``LOW_EIGHT_BEATERS``)."""
    return LOW_EIGHT_BEATERS[options.ranking][options.low_eights_ranked][options.rubbish_order]


def exchange_blockers(cards_in_hand: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS) -> list[Card]:
    """The cards of a hand that forbid the exchange, those that could beat a led low eight: by default its
    K♦, 2♥, 4♣, 8♠, 9♥, 9♦, Aces, Jacks and Sixes."""
    beaters = low_eight_beaters(options)
    return [c for c in cards_in_hand if c in beaters]


def may_exchange(cards_in_hand: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS) -> bool:
    """A worthless hand, with no card that could beat a led low eight, may make the exchange."""
    beaters = LOW_EIGHT_BEATERS[options.ranking][options.low_eights_ranked][options.rubbish_order]
    return beaters.isdisjoint(cards_in_hand)  # low_eight_beaters(options), written out: asked before every first card


def may_exchange_void(
    cards_in_hand: Sequence[Card], trick: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS
) -> bool:
    """With stock_test = "or_void": a player to play to the first trick (``trick``, the cards played to it so far)
    who holds no card of the suit led may take the stock before he plays."""
    return options.stock_test == "or_void" and bool(trick) and all(c.suit != trick[0].suit for c in cards_in_hand)


def explain_exchange(cards_in_hand: Sequence[Card], options: AlkortOptions = DEFAULT_OPTIONS) -> str:
    """Whether a hand is worthless, so that it may make the exchange, and why, in one sentence."""
    blockers = exchange_blockers(cards_in_hand, options)
    if blockers:
        return f"{show(blockers)} could beat a led low eight, so the hand is not worthless."
    return "No card here could beat a led low eight: the hand is worthless."


_LED_SUIT = AlkortOptions(rubbish_order="led_suit", low_eights_ranked=False)
assert cards_beating_a_low_eight() == frozenset(c for tier in RANKED_TIERS[:-1] for c in tier)
assert cards_beating_a_low_eight(_LED_SUIT) - cards_beating_a_low_eight() == frozenset(hand("9♣ Q♥ Q♦ Q♣ K♥ K♣"))
assert may_exchange(hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦"))
assert not may_exchange(hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 6♦ 2♦"))
assert not may_exchange(hand("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦"), _LED_SUIT)
assert explain_exchange(hand("K♠ Q♥ 6♦ 2♦")) == "6♦ could beat a led low eight, so the hand is not worthless."
_VOID = AlkortOptions(stock_test="or_void")
assert may_exchange_void(hand("K♦ 2♥ 3♠"), hand("Q♣"), _VOID)
assert not may_exchange_void(hand("K♦ 2♣"), hand("Q♣"), _VOID)
assert not may_exchange_void(hand("K♦ 2♥ 3♠"), hand("Q♣")) and not may_exchange_void(hand("K♦"), [], _VOID)

# ---------------------------------------------------------------------------
# 8. Scoring a deal
#
# The first side to win 5 of the 9 tricks wins the deal. What it scores depends only on
# its opening run, unbroken from trick 1: exactly 5 is a múk (5 points), longer is a
# stroke (as many points as the run is long), anything else is 1 point.


class DealScore(NamedTuple):
    """The result of a deal: the winning side, its points, and what the result is called."""

    side: int
    points: int
    kind: str  # "múk", "stroke" or "point"; "most tricks" when drawing after each trick


def opening_run(trick_sides: Sequence[int]) -> int:
    """How many tricks in a row the side that won trick 1 won from the start."""
    run = 0
    for side in trick_sides:
        if side != trick_sides[0]:
            break
        run += 1
    return run


def deal_is_decided(trick_sides: Sequence[int], play_out: bool = False) -> bool:
    """Over when nothing can change: a side has 5 tricks and the other at least one, or all 9 are played.

    While one side has won every trick its múk may still grow into a stroke, so play goes on;
    with ``play_out`` all nine tricks are always played.
    """
    if len(trick_sides) >= TRICKS_PER_DEAL:
        return True
    if len(trick_sides) <= TRICKS_TO_WIN:  # five tricks to one side and one to the other take six at least
        return False
    won = trick_sides.count(0)
    lost = len(trick_sides) - won
    return not play_out and max(won, lost) >= TRICKS_TO_WIN and min(won, lost) > 0


def explain_decided(trick_sides: Sequence[int], play_out: bool = False, players: int = 4) -> str:
    """Whether the deal is decided after these tricks (the side that won each), and why, in one sentence."""
    won = [trick_sides.count(0), trick_sides.count(1)]
    counts = (
        f"After {len(trick_sides)} tricks {side_name(0, players)} has {won[0]} and {side_name(1, players)} {won[1]}"
    )
    if deal_is_decided(trick_sides, play_out):
        if len(trick_sides) >= TRICKS_PER_DEAL:
            return f"{counts}: all 9 tricks are played, so the deal is over."
        return f"{counts}: a side has 5 and the other has won a trick, so nothing can change — decided."
    if max(won) < TRICKS_TO_WIN:
        return f"{counts}: nobody has 5 yet — not decided."
    if play_out:
        return f"{counts}: with play_out all nine tricks are played — not decided."
    return f"{counts}: one side has won every trick, so its múk may still grow into a stroke — not decided."


def score_deal(trick_sides: Sequence[int]) -> DealScore | None:
    """Score a deal from the side that won each trick: múk 5, stroke 6-9, else 1 (None if nobody has 5)."""
    for side in (0, 1):
        if trick_sides.count(side) >= TRICKS_TO_WIN:
            run = opening_run(trick_sides) if trick_sides[0] == side else 0
            if run == TRICKS_TO_WIN:
                return DealScore(side, 5, "múk")
            if run > TRICKS_TO_WIN:
                return DealScore(side, run, "stroke")
            return DealScore(side, 1, "point")
    return None


assert score_deal([0, 0, 0, 0, 0, 1]) == (0, 5, "múk")
assert score_deal([1] * 7 + [0]) == (1, 7, "stroke")
assert score_deal([0, 1, 0, 0, 0, 0]) == (0, 1, "point")
assert score_deal([0, 1, 0]) is None
assert deal_is_decided([0, 0, 0, 0, 0, 1]) and not deal_is_decided([0] * 5)
assert explain_decided([0] * 5).endswith("its múk may still grow into a stroke — not decided.")


# Drawing after each trick (draw_after_trick, the second Alkort text): after every trick each
# player draws a card from the stock while it lasts, the trick's winner first and then
# clockwise, so that with four players and the whole stock eleven tricks are played. The side
# with most tricks wins the deal, 1 point: the text names no múk or stroke. The deal ends when
# every card is played or, unless play_out, as soon as the side ahead cannot be caught.

MOST_TRICKS = "most tricks"


def most_tricks_decided(trick_sides: Sequence[int], tricks_left: int, play_out: bool = False) -> bool:
    """Drawing after each trick: over when no trick is left, or (unless play_out) when the side ahead leads by
    more tricks than are left to play."""
    lead = abs(2 * trick_sides.count(0) - len(trick_sides))
    return tricks_left == 0 or (not play_out and lead > tricks_left)


def score_most_tricks(trick_sides: Sequence[int]) -> DealScore | None:
    """Drawing after each trick: the side with most tricks wins the deal, 1 point (None while they are level)."""
    won = trick_sides.count(0)
    lost = len(trick_sides) - won
    return None if won == lost else DealScore(0 if won > lost else 1, 1, MOST_TRICKS)


assert most_tricks_decided([0] * 6 + [1] * 2, tricks_left=3) and not most_tricks_decided([0] * 6, 5, play_out=True)
assert score_most_tricks([0, 1, 1] + [0] * 4 + [1] * 4) == (1, 1, MOST_TRICKS) and score_most_tricks([0, 1]) is None


def explain_score(result: DealScore | None, players: int = 4) -> str:
    """One sentence saying how a deal was scored."""
    if result is None:
        return "Nobody has won 5 tricks yet."
    who = side_name(result.side, players)
    if result.kind == "múk":
        return f"múk: {who} won the first 5 tricks — 5 points."
    if result.kind == "stroke":
        return f"stroke: {who} won the first {result.points} tricks in a row — {result.points} points."
    if result.kind == MOST_TRICKS:
        return f"{who} took the most tricks — 1 point."
    return f"{who} won 5 tricks, but not the first 5 in a row — 1 point."


# ---------------------------------------------------------------------------
# 9. Dealing, and the deal as a state
#
# Dealing: 9 cards each, in three rounds of 3, clockwise from forehand; the rest is the
# face-down stock. Before the first card is played any entitled player may make the
# exchange (4 players: once per deal, as there is one stock; 2 players: once each, 8
# cards from the top of the stock). Then forehand leads, and play goes clockwise.


@functools.cache
def dealing(dealer: int, players: int) -> Dealing:
    """How Alkort is dealt: three rounds of three cards each, clockwise from forehand."""
    clockwise = [(forehand(dealer, players) + i) % players for i in range(players)]
    return Dealing(clockwise, (PACKET,) * (HAND_SIZE // PACKET))


def deal_hands(deck: Sequence[Card], dealer: int, players: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal 9 cards each in rounds of 3 clockwise from forehand; the rest (top first) is the stock."""
    how = dealing(dealer, players)
    return how.deal(deck), list(deck[how.cards_dealt :])


def stack_deck(
    hands: Sequence[Sequence[Card | str] | str], stock: Sequence[Card | str] | str = (), dealer: int = 0
) -> list[Card]:
    """The deck (top first) that deals these hands, one per seat, and then this stock: ``deal_hands`` undone.

    A stock not given in full is followed by the rest of the pack, in pack order.
    """
    return dealing(dealer, len(hands)).stack(hands, stock, ALKORT_PACK)


_HANDS = [
    hand("K♦ 2♥ 4♣ 8♠ 9♥ 3♠ 3♥ Q♠ Q♥"),
    hand("A♠ 2♠ 2♦ 2♣ 3♦ 3♣ 4♠ 4♥ 4♦"),
    hand("9♠ 9♣ Q♦ Q♣ K♠ K♥ K♣ 7♠ 7♥"),
    hand("7♦ 7♣ 6♠ 6♥ 6♦ 6♣ J♠ J♥ J♦"),
]
assert deal_hands(stack_deck(_HANDS, "A♥ A♦ A♣ 8♥ 8♦ 8♣ 9♦ J♣", dealer=3), 3, 4) == (
    _HANDS,
    hand("A♥ A♦ A♣ 8♥ 8♦ 8♣ 9♦ J♣"),
)  # stacking is dealing undone


class Trick(NamedTuple):
    """A finished trick: who led it, the cards in the order played, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    leader_had_won: bool
    first: bool


def check_players(players: object) -> int:
    """Alkort is played by four, in two partnerships, or by two."""
    return check_choice(players, "players", (4, 2), " (Alkort is played by 4 in two partnerships, or by 2)")


class AlkortState(DealState):
    """One deal of Alkort, for 4 players in two partnerships or 2 players."""

    options: AlkortOptions

    def __init__(
        self,
        options: AlkortOptions | Mapping | None = None,
        *,
        players: int = 4,
        dealer: int = 0,
        deck: str | Sequence[Card | str] | None = None,
        seed: int | random.Random | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        if type(options) is not AlkortOptions:  # options checked once by a game or the bench come as they are
            options = AlkortOptions.from_dict(options) if options is not None else DEFAULT_OPTIONS
        players = check_players(players)
        check_options(options, players)  # some options are for four players only
        dealer = self._set_up(options, players, dealer, deck, seed, scores_before, ALKORT_PACK)
        self.hands, self.stock = deal_hands(self.deck, dealer, players)
        self.discards: list[Card] = []  # dead cards from exchanges
        self.exchanged: list[int] = []  # seats that made the exchange, in order
        self.draws: list[tuple[int, Card]] = []  # who drew which card after the tricks, in order (draw_after_trick)
        self.hands_at_first_card: list[list[Card]] | None = None  # set when the first card is played
        self.trick_sides: list[int] = []  # the side that won each finished trick
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []  # the trick being played, leader first
        # forehand leads to the first trick (first_leader, written out for the usual rule: every deal asks it)
        self.leader = (
            forehand(dealer, players)
            if options.first_lead == "forehand"
            else first_leader(self.hands, dealer, players, options)
        )
        self.has_won = [False] * players
        self.current_player: int | None = self.leader
        self.is_over = False
        self.log: list[Action] = []
        self._legal: list[Action] | None = None

    # -- sides ------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        """Team index (0 = A: seats 0 and 2; 1 = B) with 4 players; the seat itself with 2."""
        return side_of(seat, self.n_players)

    def partner(self, seat: int) -> int | None:
        """The partner's seat (4 players), or None."""
        return partner_of(seat, self.n_players)

    def side_name(self, side: int) -> str:
        """'team A' / 'team B' with 4 players, 'player 0' / 'player 1' with 2."""
        return side_name(side, self.n_players)

    # -- what may be done -------------------------------------------------
    @property
    def first_card_played(self) -> bool:
        """Exchanges are possible only until the first card is played."""
        return self.hands_at_first_card is not None

    def may_exchange_now(self, seat: int) -> bool:
        """Whether this seat may take the stock right now: a worthless hand before the first card, or (stock_test =
        or_void) the player to play to the first trick with no card of the suit led."""
        stock_left = seat not in self.exchanged and len(self.stock) >= EXCHANGE_DRAW
        if self.hands_at_first_card is None:  # not first_card_played, written out: asked before every first card
            return stock_left and may_exchange(self.hands[seat], self.options)
        return (
            stock_left
            and not self.tricks
            and seat == self.current_player
            and may_exchange_void(self.hands[seat], self.trick, self.options)
        )

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        actions: list[Action] = legal_plays(
            self.hands[seat],
            self.trick,
            self.has_won[seat],  # type: ignore[assignment]
            not self.tricks,
            self.options,
        )
        if self.hands_at_first_card is None:  # first_card_played written out: this runs on every move
            for other in range(self.n_players):
                if self.may_exchange_now(other):
                    actions.extend(Exchange(c) for c in self.hands[other])
        elif self.options.stock_test == "or_void" and not self.tricks and self.may_exchange_now(seat):
            actions.extend(Exchange(c) for c in self.hands[seat])  # void in the first trick's suit: before playing
        return actions

    def _actor(self, move: Action) -> int | None:
        if isinstance(move, Exchange):
            return self.holder(move.keep)
        if isinstance(move, Card):
            return self.current_player
        return None

    # -- doing it ---------------------------------------------------------
    def _do(self, action: Action) -> None:
        assert isinstance(action, Exchange)
        keep = action.keep
        seat = self.holder(keep)
        assert seat is not None
        self.discards.extend(c for c in self.hands[seat] if c != keep)
        taken, self.stock = self.stock[:EXCHANGE_DRAW], self.stock[EXCHANGE_DRAW:]
        self.hands[seat] = [keep, *taken]
        self.exchanged.append(seat)
        if self.hands_at_first_card is None:  # before play the new hand may change who leads; in a trick it may not
            self.leader = self.current_player = first_leader(self.hands, self.dealer, self.n_players, self.options)

    def _play(self, c: Card) -> None:
        seat = self.current_player
        assert seat is not None
        if self.hands_at_first_card is None:  # the partner reveal is made from these hands
            self.hands_at_first_card = [list(h) for h in self.hands]
        hand_now = self.hands[seat]
        del hand_now[place(c, hand_now)]  # c is legal, so in this hand
        self.trick.append(c)
        if len(self.trick) < self.n_players:
            self.current_player = (seat + 1) % self.n_players  # play goes clockwise
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        """Score the trick just completed, draw (draw_after_trick); end the deal if it is decided, else let the
        next leader lead."""
        trick, leader, n, options = self.trick, self.leader, self.n_players, self.options
        first, had_won = not self.tricks, self.has_won[leader]
        winner = (leader + judge_trick(trick, had_won, first, options)[0]) % n
        # Trick(leader, cards, winner, had_won, first) built by tuple.__new__: a NamedTuple's own __new__ is Python
        # code, called from C, and running it for every trick cost 2 % of a random deal
        self.tricks.append(tuple.__new__(Trick, (leader, tuple(trick), winner, had_won, first)))
        self.trick_sides.append(side_of(winner, n))
        self.has_won[winner] = True
        self.trick = []
        if options.draw_after_trick:
            self._draw(winner)
            decided = most_tricks_decided(self.trick_sides, self.tricks_left, options.play_out)
        else:
            decided = deal_is_decided(self.trick_sides, options.play_out)
        if decided:
            self.current_player, self.is_over = None, True
        else:
            self.leader = self.current_player = next_leader(leader, winner, n, options)

    def _draw(self, winner: int) -> None:
        """After a trick (draw_after_trick): each player takes the top card of the stock, the winner first, then
        clockwise. The stock holds a card for every player, or none (an exchange takes eight)."""
        if len(self.stock) >= self.n_players:
            for seat in drawing_order(winner, self.n_players):
                c = self.stock.pop(0)
                self.hands[seat].append(c)
                self.draws.append((seat, c))

    def exchanges(self) -> list[tuple[int, Card, tuple[Card, ...]]]:
        """Each worthless-hand exchange made, in order: the seat, the card it kept, and the cards it threw (its hand,
        shown to all)."""
        keeps = [a.keep for a in self.log if isinstance(a, Exchange)]
        thrown = EXCHANGE_DRAW  # an exchanger throws as many cards as he draws
        return [
            (seat, keep, tuple(self.discards[thrown * i : thrown * (i + 1)]))
            for i, (seat, keep) in enumerate(zip(self.exchanged, keeps))
        ]

    def drawn_by(self, seat: int) -> list[Card]:
        """The cards this seat has drawn after tricks (draw_after_trick), in order."""
        return [c for drawer, c in self.draws if drawer == seat]

    @property
    def tricks_left(self) -> int:
        """The tricks still to play (the one being played among them): a hand's cards, and a trick for each round
        of draws the stock still holds (draw_after_trick)."""
        draws = len(self.stock) // self.n_players if self.options.draw_after_trick else 0
        return max(map(len, self.hands)) + draws

    # -- what is shown, and who leads first --------------------------------
    @property
    def opener(self) -> int:
        """Who leads (or led) to the first trick."""
        return self.tricks[0].leader if self.tricks else self.leader

    def shown_to(self, seat: int) -> dict[int, list[Card]]:
        """What this seat is shown of the other hands before play, by seat (``shown_before_play``): its partner's
        best card or whole hand, or every player's best card; and the first leader's highest card.

        The reveal is made from the hands as they are when play begins, after any
        exchange; until the first card is played it shows the hands as they are now.
        """
        return shown_before_play(
            self.hands_at_first_card or self.hands, seat, self.n_players, self.opener, self.options
        )

    def explain_first_lead(self) -> str:
        """Who leads (or led) to the first trick, and why (``explain_first_lead``)."""
        return explain_first_lead(self.hands_at_first_card or self.hands, self.dealer, self.n_players, self.options)

    # -- where the deal stands --------------------------------------------
    def result(self) -> DealScore | None:
        """How the deal is scored, once it is over (None before): by the side with most tricks, when drawing after
        each trick."""
        if not self.is_over:
            return None
        return score_most_tricks(self.trick_sides) if self.options.draw_after_trick else score_deal(self.trick_sides)

    @property
    def points(self) -> list[int]:
        """Points won in this deal: [team A, team B] with 4 players, one per seat with 2."""
        points = [0, 0]
        result = self.result()
        if result is not None:
            points[result.side] = result.points
        return points

    def redeal(self) -> AlkortState:
        """The same deal again, from its deck, before any move."""
        return AlkortState(
            self.options, players=self.n_players, dealer=self.dealer, deck=self.deck, scores_before=self.scores_before
        )

    # -- explanations -----------------------------------------------------
    def explain_trick(self, number: int = -1) -> str:
        """Why a finished trick (the last one by default) went to whom."""
        t = self.tricks[number]
        return (
            f"{explain_trick(t.cards, t.leader_had_won, t.first, self.options)[:-1]} "
            f"— {seat_name(t.winner)} takes the trick."
        )

    def explain_choices(self) -> str:
        """The rule that limits the player to move right now, in one sentence."""
        seat = self.current_player
        if seat is None:
            return "The deal is over."
        if self.trick:
            void = (
                " You hold no card of the suit led, so you may first take the stock, keeping one card "
                "(stock_test = or_void)."
                if self.may_exchange_now(seat)
                else ""
            )
            return "Play any card: in Alkort there is no need to follow suit or to try to win." + void
        hand_now = self.hands[seat]
        sevens = [c for c in hand_now if c.rank == "7"]
        if not sevens or may_lead_seven(self.has_won[seat], not self.tricks, self.options):
            seven_note = (
                " — a 7 led now wins the trick outright"
                if sevens and seven_is_unbeatable(self.has_won[seat], not self.tricks, self.options)
                else ""
            )
            return f"Lead any card{seven_note}."
        if len(sevens) == len(hand_now):
            return "You hold only sevens, so you may lead one — but it counts as rubbish."
        return "Lead any card but a 7: you may not lead a 7 before you have won a trick."

    def explain_score(self) -> str:
        """How the deal was scored, in one sentence."""
        return explain_score(self.result(), self.n_players)

    def _why_illegal(self, action: Action) -> str:
        if self.is_over:
            return "The deal is over: no more moves."
        if isinstance(action, Exchange):
            return self._why_no_exchange(action.keep)
        if isinstance(action, Card):
            return self._why_not_playable(action)
        return f"{action_text(action)} is not a move in Alkort: play a card, or make the worthless-hand exchange."

    def _why_not_playable(self, c: Card) -> str:
        seat = self.seat_to_move()
        if c not in ALKORT_PACK:
            return f"{c} is not in Alkort's pack: it has no 5s and no 10s."
        if c not in self.hands[seat]:
            where = (
                f"it is {seat_name(seat)}'s turn, and {c} is not in that hand"
                if self.holder(c) is not None
                else f"{c} is not in {seat_name(seat)}'s hand"
            )
            return f"You cannot play {c}: {where}."
        if c.rank == "7" and not self.trick:
            return "You may not lead a 7 before you have won a trick."
        return f"{action_text(c)} is not allowed now."

    def _why_no_exchange(self, keep: Card) -> str:
        seat = self.holder(keep)
        if seat is None:
            return f"Nobody holds {keep}, so nobody can keep it in an exchange."
        if self.first_card_played:
            return self._why_no_exchange_in_play(seat)
        if not may_exchange(self.hands[seat], self.options):
            return f"{seat_name(seat)} may not make the exchange: {explain_exchange(self.hands[seat], self.options)}"
        if seat in self.exchanged:
            return f"{seat_name(seat)} has already made the exchange in this deal."
        return "The stock is gone: only one player can make the exchange in a deal."

    def _why_no_exchange_in_play(self, seat: int) -> str:
        """Why this seat may not take the stock once the first card is played (stock_test or_void allows a void)."""
        if self.options.stock_test == "low_eight":
            return "The exchange is over: it must be made before the first card is played."
        if self.tricks:
            return "The exchange is over: it must be made before the first trick is complete (stock_test = or_void)."
        if seat != self.current_player:
            return (
                f"It is {seat_name(self.seat_to_move())}'s turn: in the first trick a player void in the suit "
                "led may take the stock only at his turn (stock_test = or_void)."
            )
        if seat in self.exchanged:
            return f"{seat_name(seat)} has already made the exchange in this deal."
        if len(self.stock) < EXCHANGE_DRAW:
            return "The stock is gone: only one player can make the exchange in a deal."
        return (
            f"{seat_name(seat)} may not take the stock: he holds a card of the suit led, "
            f"{self.trick[0].suit} (stock_test = or_void)."
        )

    def __str__(self) -> str:
        rows = [f"{seat_name(s)}: {show(h)}" for s, h in enumerate(self.hands)]
        rows.append(f"stock: {len(self.stock)} cards; tricks: {self.trick_winners}; trick now: {show(self.trick)}")
        return "\n".join(rows)


def new_deal(
    options: AlkortOptions | Mapping | None = None,
    *,
    players: int = 4,
    dealer: int = 0,
    seed: int | random.Random | None = None,
    deck: str | Sequence[Card | str] | None = None,
    scores_before: Sequence[int] | None = None,
) -> AlkortState:
    """A new deal of Alkort, shuffled with a seed or from a stacked deck."""
    return AlkortState(options, players=players, dealer=dealer, seed=seed, deck=deck, scores_before=scores_before)


# ---------------------------------------------------------------------------
# 10. A game: deals until a side reaches the target score


def next_dealer(dealer: int, losing_side: int, players: int, options: AlkortOptions = DEFAULT_OPTIONS) -> int:
    """Who deals next: the player to the left, or (next_dealer = loser) the first loser clockwise."""
    if options.next_dealer == "left":
        return forehand(dealer, players)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if side_of(seat, players) == losing_side:
            return seat
    raise AssertionError("a side always has a seat")


class AlkortGame(Game[AlkortState]):
    """A game of Alkort: deals until a side reaches ``target_score``; the deal passes as the options say."""

    options: AlkortOptions

    def __init__(
        self,
        options: AlkortOptions | Mapping | None = None,
        *,
        players: int = 4,
        first_dealer: int | None = None,
        seed: int | random.Random | None = None,
    ) -> None:
        options = AlkortOptions.from_dict(options) if options is not None else DEFAULT_OPTIONS
        players = check_players(players)
        self.options = check_options(options, players)
        super().__init__(players, first_dealer, seed)

    def new_deal(self, dealer: int, scores_before: list[int] | None) -> AlkortState:
        return AlkortState(
            self.options, players=self.players, dealer=dealer, seed=self.rng, scores_before=scores_before
        )

    def next_dealer(self) -> int:
        result = self.deal.result()
        assert result is not None, "the deal is over"
        return next_dealer(self.deal.dealer, 1 - result.side, self.players, self.options)


# ---------------------------------------------------------------------------
# 11. The words of the game: the cards' Icelandic names
#
# The Icelandic accounts of Alkort call its cards by names of their own; a learner who knows them can read
# those accounts. The rules reference's glossary (book/glossary.md) gives each name with its source and
# date. Some names are always plural, even for one card ("lauffjórir", the club fours, is the one 4♣); a card
# of a group is "one of" the group's plural name ("one of the póstar", a Six). Aces and Jacks have no name
# of their own in the accounts.


class IcelandicName(NamedTuple):
    """What the Icelandic accounts call a card, what that means in English, and whether it names a group."""

    word: str
    meaning: str
    group: bool = False


def _names(cards: str, word: str, meaning: str, group: bool = False) -> dict[Card, IcelandicName]:
    """The same name for each of these cards."""
    return dict.fromkeys(hand(cards), IcelandicName(word, meaning, group))


#: Each card's Icelandic name in Alkort (book/glossary.md); a card missing here has none of its own.
ICELANDIC_NAMES: Table[Card, IcelandicName] = Table(
    "alkort.ICELANDIC_NAMES",
    {
        **_names("K♦", "karlinn", "the old man"),
        **_names("2♥", "tvisturinn", "the Two (of hearts)"),
        **_names("4♣", "lauffjórir", "the club fours, always plural"),
        **_names("8♠", "spaðaáttur", "the spade eights, always plural"),
        **_names("9♥", "feitu níurnar", "the fat nines"),
        **_names("9♦", "mögru níurnar", "the lean nines"),
        **_names("6♠ 6♥ 6♦ 6♣", "póstar", "the Sixes", group=True),
        **_names("7♠ 7♥ 7♦ 7♣", "besefar", "the Sevens, after the German “böse Sieben”, the wicked Seven", group=True),
        **_names("8♥ 8♦ 8♣", "friður", "the low Eights", group=True),
        **_names("2♠ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 9♠ 9♣ Q♠ Q♥ Q♦ Q♣ K♠ K♥ K♣", "hrök", "rubbish", group=True),
    },
)


def icelandic_name(c: Card) -> str | None:
    """What the Icelandic accounts call this card in Alkort ('karlinn' for K♦, 'póstar' for a Six); None if
    nothing: the Aces and the Jacks."""
    name = ICELANDIC_NAMES.get(c)
    return name.word if name is not None else None


def icelandic_description(c: Card) -> str | None:
    """A card's Icelandic name with its meaning, for a tooltip: 'karlinn — the old man', 'one of the póstar — the
    Sixes'; None for a card with no name of its own."""
    name = ICELANDIC_NAMES.get(c)
    if name is None:
        return None
    return f"{'one of the ' if name.group else ''}{name.word} — {name.meaning}"


assert icelandic_name(card("K♦")) == "karlinn" and icelandic_name(card("A♠")) is None
assert icelandic_description(card("6♣")) == "one of the póstar — the Sixes"
assert {c for c in ALKORT_PACK if c.rank not in "AJ"} == set(ICELANDIC_NAMES)  # every card but the Aces and Jacks
assert {c for c, name in ICELANDIC_NAMES.items() if name.word == "hrök"} == {
    c for c in ALKORT_PACK if not is_ranked(c) and c.rank != "7"
}  # the hrök: the rubbish, the Sevens apart
