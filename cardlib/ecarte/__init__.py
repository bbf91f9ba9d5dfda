"""Écarté, the French two-player game, as a lesson in code.

Read this module top to bottom like a chapter of the rulebook (book/rules/ecarte.md):

1. the options (the variants where the old texts disagree);
2. the cards' order: K Q J A 10 9 8 7 in every suit, trumps above all;
3. who wins a trick;
4. what may be played: follow, head, trump;
5. proposals, exchanges and the King of trumps;
6. scoring a deal: the point, the vole, and the 2-point penalties;
7. the deal as a state machine (``EcarteState``), and the game to 5 points.

Two players, seats 0 and 1. The dealer alternates; the other player, the
*non-dealer* (also called the elder hand), proposes, exchanges and leads first.

Where the rulebook is silent, this module decides as the club laws read most
naturally (and the rulebook says so, under "Where the rulebook is silent"):

- The dealer may announce the King of trumps at any moment from the end of the
  exchanges until his first card — also before the non-dealer's lead. The
  non-dealer announces when he would otherwise propose or lead; announcing ends
  the exchanges, and if no proposal was made he has played without proposing.
- A King point that brings a player to the target score ends the game at once:
  the deal is over and nothing more may be played.
- With ``refusal_penalty = "first"`` only a refusal of the deal's first proposal
  risks the 2 points; a later refusal still ends the exchanges.
- A discard may not be larger than the stock can serve; when the non-dealer's
  discard empties the stock the dealer says a bare ``discard``.
- With ``turned_king = "claimed"`` only the dealer may claim the turned-up King, at
  any moment from the turn-up until the next deal, in his turn or not: after the
  fifth trick the deal waits for his claim or his ``pass``. A claim that reaches the
  target ends the game at once; once a player has reached it, nothing is left to claim.
- With ``stand_bonus = "non_dealer"`` a non-dealer who played without proposing
  and lost gives the dealer the usual point (2 for the vole), not 2 for the point.
"""

from __future__ import annotations

import enum
import functools
import operator
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import ALL_CARDS, ECARTE_PACK, SUIT_NAMES, SUITS, Card, Table, card, hand, place, show, shuffled, suit
from ..tricks import (
    ACCEPT,
    PROPOSE,
    REFUSE,
    Action,
    Announce,
    Call,
    Claim,
    Dealing,
    DealState,
    Discard,
    Game,
    RuleOptions,
    action_text,
    every_discard,
    option,
    positive_whole_number,
    seat_name,
)

# ---------------------------------------------------------------------------
# 1. Options: where the club laws of Paris and London differ


@dataclass(frozen=True)
class EcarteOptions(RuleOptions):
    """Écarté's rule variants; the defaults follow the London club laws."""

    game = "Écarté"

    deal_packets: tuple[int, int] = option(
        (3, 2), (2, 3), doc="How the five cards are dealt", words={(3, 2): "3 cards, then 2", (2, 3): "2 cards, then 3"}
    )
    must_trump: bool = option(
        True,
        False,
        doc="A player who cannot follow suit",
        words={True: "must trump if he can", False: "may play any card"},
    )
    refusal_penalty: str = option(
        "first",
        "any",
        doc="Which refusal risks 2 points",
        words={"first": "refusing the first proposal", "any": "refusing any proposal"},
    )
    stand_bonus: str = option(
        "dealer",
        "non_dealer",
        doc="Who scores 2 when the non-dealer stands",
        words={"dealer": "the dealer, if the non-dealer loses", "non_dealer": "the non-dealer, if he wins"},
    )
    dealer_min_discard: int = option(
        0, 1, doc="The dealer's discard after accepting", words={0: "none or more cards", 1: "at least one card"}
    )
    turned_king: str = option(
        "scored",
        "claimed",
        doc="A turned-up King",
        words={"scored": "scores for the dealer at once", "claimed": "scores only if the dealer claims it"},
    )
    target_score: int = positive_whole_number(5, doc="Points that win the game")


DEFAULT_OPTIONS = EcarteOptions()
TRICKS_PER_DEAL = 5
#: Cards dealt to each player, in two packets (deal_packets).
HAND_SIZE = 5
#: The stock after the deal and the turned-up card: 21 cards.
STOCK_SIZE = len(ECARTE_PACK) - 2 * HAND_SIZE - 1

# ---------------------------------------------------------------------------
# 2. The cards' order
#
# In each suit: K Q J A 10 9 8 7, King high and the Ace between Jack and Ten.

#: The order of the cards in every suit, low to high: the Ace between the Ten and the Jack.
ORDER = ("7", "8", "9", "10", "A", "J", "Q", "K")
RANK_ORDER = Table("ecarte.RANK_ORDER", {rank: position for position, rank in enumerate(ORDER)})


def beats_in_suit(a: Card, b: Card) -> bool:
    """Whether card a is higher than card b of the same suit (K Q J A 10 9 8 7)."""
    return RANK_ORDER[a.rank] > RANK_ORDER[b.rank]


assert beats_in_suit(card("J♦"), card("A♦")) and beats_in_suit(card("A♦"), card("10♦"))
assert beats_in_suit(card("K♠"), card("Q♠")) and not beats_in_suit(card("7♣"), card("8♣"))

# ---------------------------------------------------------------------------
# 3. Who wins a trick: the highest trump in it, or, if none, the higher card of the suit led.


def trick_winner(cards: Sequence[Card], trump: str) -> int:
    """Which of the trick's two cards wins it: 0 for the card led, 1 for the reply."""
    led, reply = cards
    if reply.suit == led.suit:
        return 1 if RANK_ORDER[reply.rank] > RANK_ORDER[led.rank] else 0
    if trump not in SUITS:  # a letter like 'C' (the deal's own trump is always a symbol)
        trump = suit(trump)
    return 1 if reply.suit == trump else 0


assert trick_winner(hand("A♦ J♦"), "♣") == 1  # the Jack is above the Ace
assert trick_winner(hand("A♥ 7♣"), "♣") == 1  # any trump beats any other suit
assert trick_winner(hand("9♥ K♦"), "♠") == 0  # a card of another suit never wins
assert trick_winner(hand("A♥ 7♣"), "C") == 1  # suits may be written as letters


def explain_trick(cards: Sequence[Card], trump: str) -> str:
    """One sentence saying which card wins a trick and why."""
    trump = suit(trump)
    winner = trick_winner(cards, trump)
    w, other = cards[winner], cards[1 - winner]
    if w.suit == trump and other.suit != trump:
        why = f"a trump ({SUIT_NAMES[trump]}) beats any card of another suit"
    elif w.suit == other.suit:
        kind = "trump" if w.suit == trump else f"card of the suit led ({SUIT_NAMES[w.suit]})"
        why = f"it is the higher {kind}: in Écarté the order is K Q J A 10 9 8 7"
    else:
        why = f"{other} is neither of the suit led nor a trump, so the card led wins"
    return f"{w} wins: {why}."


assert explain_trick(hand("A♥ 7♣"), "♣") == "7♣ wins: a trump (clubs) beats any card of another suit."

# ---------------------------------------------------------------------------
# 4. What may be played
#
# The leader plays any card. The second player must
#   1. play a higher card of the suit led, if he has one ("head" the trick);
#   2. otherwise any card of the suit led ("follow");
#   3. otherwise a trump, if he has one (must_trump);
#   4. otherwise any card.


LEAD, HEAD, FOLLOW, TRUMP, ANY = "lead", "head", "follow", "trump", "any"


def play_duty(
    cards_in_hand: Sequence[Card], trick: Sequence[Card], trump: str, options: EcarteOptions = DEFAULT_OPTIONS
) -> tuple[str, list[Card]]:
    """Which duty binds the player now (lead, head, follow, trump or any), and the cards it allows."""
    if trump not in SUITS:  # a letter like 'H' (the deal's own trump is always a symbol)
        trump = suit(trump)
    if not trick:
        return LEAD, list(cards_in_hand)
    led_suit, led_rank = trick[0].suit, RANK_ORDER[trick[0].rank]
    same_suit: list[Card] = []
    higher: list[Card] = []
    trumps: list[Card] = []
    for c in cards_in_hand:  # one pass sorts the hand into what each duty allows
        card_suit = c.suit  # read once: a card's field costs as much as a comparison
        if card_suit == led_suit:
            same_suit.append(c)
            if RANK_ORDER[c.rank] > led_rank:
                higher.append(c)
        elif card_suit == trump:
            trumps.append(c)
    if same_suit:
        return (HEAD, higher) if higher else (FOLLOW, same_suit)
    if trumps and options.must_trump:
        return TRUMP, trumps
    return ANY, list(cards_in_hand)


def legal_plays(
    cards_in_hand: Sequence[Card], trick: Sequence[Card], trump: str, options: EcarteOptions = DEFAULT_OPTIONS
) -> list[Card]:
    """The cards a player may play to this trick: follow, head, trump, else anything."""
    return play_duty(cards_in_hand, trick, trump, options)[1]


assert legal_plays(hand("K♠ 8♠ 7♥"), hand("9♠"), "♥") == hand("K♠")  # head
assert legal_plays(hand("Q♠ 7♠ A♥"), hand("K♠"), "♥") == hand("Q♠ 7♠")  # follow
assert legal_plays(hand("7♦ A♣ Q♥"), hand("K♠"), "♦") == hand("7♦")  # trump
assert legal_plays(hand("7♦ A♣ Q♥"), hand("K♠"), "♦", EcarteOptions(must_trump=False)) == hand("7♦ A♣ Q♥")


def explain_duty(
    cards_in_hand: Sequence[Card], trick: Sequence[Card], trump: str, options: EcarteOptions = DEFAULT_OPTIONS
) -> str:
    """The duty that binds the player now, in one sentence."""
    trump = suit(trump)
    duty, cards = play_duty(cards_in_hand, trick, trump, options)
    if duty == LEAD:
        return "Lead any card."
    led = trick[0]
    suit_name = SUIT_NAMES[led.suit]
    if duty == HEAD:
        return f"You must head the trick: you hold a higher {suit_name[:-1]} than {led} ({show(cards)})."
    if duty == FOLLOW:
        return f"You must follow suit: you hold {suit_name} ({show(cards)})."
    if duty == TRUMP:
        return f"You must trump: you have no {suit_name}, but you hold a trump ({show(cards)})."
    no_trump = "" if not options.must_trump else " and no trump"
    return f"You have no {suit_name}{no_trump}: play any card."


def why_not_playable(
    c: Card, cards_in_hand: Sequence[Card], trick: Sequence[Card], trump: str, options: EcarteOptions = DEFAULT_OPTIONS
) -> str:
    """Which duty a card would break ('' if it may be played)."""
    if c not in cards_in_hand:
        return f"{c} is not in your hand."
    if c in legal_plays(cards_in_hand, trick, trump, options):
        return ""
    return explain_duty(cards_in_hand, trick, trump, options)


assert why_not_playable(card("8♠"), hand("K♠ 8♠ 7♥"), hand("9♠"), "♥").startswith("You must head")

# ---------------------------------------------------------------------------
# 5. Proposals, exchanges and the King of trumps
#
# The non-dealer plays (stands on his hand) or proposes; the dealer accepts or refuses.
# After an acceptance the non-dealer discards 1-5 cards and is served from the stock,
# then the dealer discards 0-5 (dealer_min_discard) and is served; then the non-dealer
# again plays or proposes. A refusal ends the exchanges. Nobody may propose when the
# stock cannot serve the non-dealer one card. The King of trumps scores 1 point when
# turned up (for the dealer) or announced before its holder's first card. With
# turned_king = claimed a turned-up King scores only when the dealer claims it, which
# he may do at any moment until the next deal: after the fifth trick he still may.


class Phase(enum.StrEnum):
    """Where a deal stands: what the player to move is asked to do. Each phase reads as its value."""

    CHOOSE = "play or propose"  # the non-dealer: stand on his hand, or propose
    ANSWER = "accept or refuse"  # the dealer answers a proposal
    DISCARD_NON_DEALER = "non-dealer discards"  # after an acceptance, the non-dealer first ...
    DISCARD_DEALER = "dealer discards"  # ... then the dealer
    PLAY = "play"  # the tricks
    CLAIM = "claim the King or pass"  # the tricks are over; the dealer may still claim a turned-up King
    OVER = "over"

    @property
    def is_discard(self) -> bool:
        """Whether a player is to discard (after an accepted proposal)."""
        return self is Phase.DISCARD_NON_DEALER or self is Phase.DISCARD_DEALER


CHOOSE, ANSWER, DISCARD_NON_DEALER, DISCARD_DEALER, PLAY, CLAIM, OVER = Phase


def non_dealer(dealer: int) -> int:
    """The other player, the elder hand: he proposes first, discards first and leads to the first trick."""
    return 1 - dealer


def discarder(number: int, dealer: int) -> int:
    """Who makes the deal's discard number ``number`` (0 = the first): discards come in pairs, non-dealer first."""
    return non_dealer(dealer) if number % 2 == 0 else dealer


def refusal_risks_penalty(proposal: int, options: EcarteOptions = DEFAULT_OPTIONS) -> bool:
    """Whether refusing proposal number ``proposal`` (1 = the deal's first) risks 2 points (refusal_penalty)."""
    return proposal == 1 or options.refusal_penalty == "any"


assert PLAY == "play" and f"{CHOOSE}" == "play or propose" and DISCARD_DEALER.is_discard and not PLAY.is_discard
assert non_dealer(0) == 1 and [discarder(k, 0) for k in range(3)] == [1, 0, 1]
assert refusal_risks_penalty(1) and not refusal_risks_penalty(2)
assert refusal_risks_penalty(2, EcarteOptions(refusal_penalty="any"))


def discard_sizes(seat_is_dealer: bool, stock_size: int, options: EcarteOptions = DEFAULT_OPTIONS) -> range:
    """How many cards a player may discard: 1-5 for the non-dealer, 0-5 (or 1-5) for the dealer, within the stock."""
    most = min(HAND_SIZE, stock_size)
    if not seat_is_dealer:
        return range(1, most + 1)
    fewest = options.dealer_min_discard if stock_size > 0 else 0
    return range(fewest, most + 1)


assert discard_sizes(False, 21) == range(1, 6)
assert discard_sizes(True, 0, EcarteOptions(dealer_min_discard=1)) == range(0, 1)  # an empty stock serves nothing


def stock_left(discarded: Sequence[int]) -> int:
    """The cards left in the stock after discards of these sizes: each discarder draws as many as he threw."""
    return STOCK_SIZE - sum(discarded)


assert stock_left([]) == 21 and stock_left([3, 2]) == 16

# ---------------------------------------------------------------------------
# 6. Scoring a deal
#
# The point (3 or 4 tricks) is 1, the vole (all 5) 2. A non-dealer who played without
# proposing and loses gives the dealer 2 (stand_bonus = non_dealer, the Écarté text's
# reading: a non-dealer who played without proposing and wins scores 2); a dealer who
# refused (the first) proposal and loses gives the non-dealer 2. Never more than 2 for
# the tricks.


class DealScore(NamedTuple):
    """The trick points of a deal: who scores, how much, and why."""

    seat: int
    points: int
    kind: str  # "point", "vole", "played without proposing", "refused"


def stand_scores_two(winner: int, dealer: int, options: EcarteOptions = DEFAULT_OPTIONS) -> bool:
    """Whether this winner scores 2 after the non-dealer played without proposing (stand_bonus): the dealer who
    beat him (the club laws), or the non-dealer himself (the Écarté text)."""
    return (winner == dealer) == (options.stand_bonus == "dealer")


def score_deal(
    tricks_won: Sequence[int],
    dealer: int,
    proposed: bool,
    penalty_refusal: bool,
    options: EcarteOptions = DEFAULT_OPTIONS,
) -> DealScore:
    """Score 5 played tricks: point 1, vole 2, or 2 for beating a player who stood or refused (or, by stand_bonus,
    for standing and winning)."""
    winner = 0 if tricks_won[0] >= 3 else 1
    if not proposed and stand_scores_two(winner, dealer, options):
        return DealScore(winner, 2, "played without proposing")
    if winner != dealer and penalty_refusal:
        return DealScore(winner, 2, "refused")
    if tricks_won[winner] == TRICKS_PER_DEAL:
        return DealScore(winner, 2, "vole")
    return DealScore(winner, 1, "point")


assert score_deal([3, 2], dealer=1, proposed=True, penalty_refusal=False) == (0, 1, "point")
assert score_deal([0, 5], dealer=0, proposed=True, penalty_refusal=False) == (1, 2, "vole")
assert score_deal([3, 2], dealer=0, proposed=False, penalty_refusal=False).points == 2
assert score_deal(
    [3, 2], dealer=0, proposed=False, penalty_refusal=False, options=EcarteOptions(stand_bonus="non_dealer")
) == (0, 1, "point")
assert score_deal(
    [2, 3], dealer=0, proposed=False, penalty_refusal=False, options=EcarteOptions(stand_bonus="non_dealer")
) == (1, 2, "played without proposing")


def explain_score(result: DealScore, dealer: int) -> str:
    """One sentence saying how the tricks of a deal were scored."""
    who = f"{seat_name(result.seat)} ({'the dealer' if result.seat == dealer else 'the non-dealer'})"
    if result.kind == "played without proposing" and result.seat != dealer:
        return f"{who} played without proposing and won the point — 2 points (stand_bonus = non_dealer)."
    if result.kind == "played without proposing":
        return f"{who} won the point against a non-dealer who played without proposing — 2 points."
    if result.kind == "refused":
        return f"{who} won the point after the dealer refused a proposal — 2 points."
    if result.kind == "vole":
        return f"the vole: {who} won all 5 tricks — 2 points."
    return f"the point: {who} won 3 or 4 tricks — 1 point."


# ---------------------------------------------------------------------------
# 7. The deal as a state


class Trick(NamedTuple):
    """A finished trick: who led it, the two cards (leader first), and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


_WINNER = operator.attrgetter("winner")  # a trick's winner, read in C: the score of every deal counts them


@functools.cache
def dealing(dealer: int, packets: tuple[int, int] = (3, 2)) -> Dealing:
    """How Écarté is dealt: 3 cards then 2 (or 2 then 3: deal_packets) to each player, the non-dealer first."""
    return Dealing((non_dealer(dealer), dealer), packets)


def deal_hands(
    deck: Sequence[Card], dealer: int, packets: tuple[int, int] = (3, 2)
) -> tuple[list[list[Card]], Card, list[Card]]:
    """Deal 5 each in two packets, the non-dealer first; turn up the 11th card; the rest is the stock."""
    how = dealing(dealer, packets)
    return how.deal(deck), deck[how.cards_dealt], list(deck[how.cards_dealt + 1 :])


def stack_deck(
    hands: Sequence[Sequence[Card | str] | str],
    turned_up: Card | str,
    stock: Sequence[Card | str] | str = (),
    dealer: int = 0,
    packets: tuple[int, int] = (3, 2),
) -> list[Card]:
    """The deck (top first) that deals these hands (by seat), turns up this card and has this stock on top.

    This is ``deal_hands`` undone; a stock not given in full is followed by the rest of the pack, in pack order.
    """
    return dealing(dealer, packets).stack(hands, [card(turned_up), *hand(stock)], ECARTE_PACK)


_DECK = shuffled(ECARTE_PACK, 1)
assert stack_deck(*deal_hands(_DECK, 1), dealer=1) == _DECK  # stacking is dealing undone


class EcarteState(DealState):
    """One deal of Écarté between seats 0 and 1."""

    n_players = 2
    options: EcarteOptions

    def __init__(
        self,
        options: EcarteOptions | Mapping | None = None,
        *,
        players: int = 2,
        dealer: int = 0,
        deck: str | Sequence[Card | str] | None = None,
        seed: int | random.Random | None = None,
        scores_before: Sequence[int] | None = None,
    ) -> None:
        if players != 2:  # the registry deals with the constructor itself, so it is told how many play
            raise ValueError(f"Écarté is played by two players, not {players!r}")
        if type(options) is not EcarteOptions:  # options checked once by a game or the bench come as they are
            options = EcarteOptions.from_dict(options) if options is not None else DEFAULT_OPTIONS
        dealer = self._set_up(options, 2, dealer, deck, seed, scores_before, ECARTE_PACK)
        self.non_dealer = elder = non_dealer(dealer)
        self.hands, turned_up, self.stock = deal_hands(self.deck, dealer, options.deal_packets)
        self.turned_up, self.trump = turned_up, turned_up.suit
        self.king_of_trumps = ALL_CARDS["K", turned_up.suit]
        self.discards: list[Card] = []
        self.proposals = 0  # how many proposals the non-dealer has made
        self.refused: int | None = None  # which proposal (1 = the first) the dealer refused
        self.announced = [False, False]
        # turned_king = claimed: the dealer may still claim the turned-up King's point (until he does, or passes)
        self.king_to_claim = turned_up.rank == "K" and options.turned_king == "claimed"
        self.king_points = [0, 0]
        self.trick_points = [0, 0]
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []
        self.leader = elder  # the non-dealer leads to the first trick
        self.phase: Phase = CHOOSE
        self.current_player: int | None = elder
        self.is_over = False
        self.log: list[Action] = []
        self._legal: list[Action] | None = None
        if turned_up.rank == "K" and options.turned_king == "scored":
            self._score_king(dealer)

    # -- what may be done -------------------------------------------------
    def may_announce(self, seat: int) -> bool:
        """A King of trumps may be announced by its holder before his first card, at the start of play."""
        if self.announced[seat] or place(self.king_of_trumps, self.hands[seat]) < 0 or self.has_played(seat):
            return False
        if seat == self.non_dealer:
            return self.phase is CHOOSE or (self.phase is PLAY and not self.trick)
        return self.phase is PLAY

    def has_played(self, seat: int) -> bool:
        """Whether this seat has played a card in this deal (the non-dealer leads the first trick)."""
        return bool(self.tricks) or (bool(self.trick) and seat == self.non_dealer)

    def yet_to_play(self) -> tuple[int, ...]:
        """The seats that have not played a card in this deal yet."""
        if self.tricks:
            return ()
        return (self.dealer,) if self.trick else (self.non_dealer, self.dealer)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        actions: list[Action]
        if phase is PLAY:
            seat = self.current_player
            assert seat is not None
            trick = self.trick
            if trick:
                actions = play_duty(self.hands[seat], trick, self.trump, self.options)[1]  # type: ignore[assignment]
            else:  # a lead may be any card (play_duty's LEAD), said here without the call: half the moves are leads
                actions = list(self.hands[seat])
            if not self.tricks:  # a King can be announced only before its holder's first card
                king = self.king_of_trumps
                for s in self.yet_to_play():
                    if place(king, self.hands[s]) >= 0 and self.may_announce(s):  # its holder's, if anyone's
                        actions.append(Announce(king))
        elif phase is CHOOSE:
            actions = list(self.hands[self.non_dealer])
            if self.stock:
                actions.append(PROPOSE)
            if place(self.king_of_trumps, actions) >= 0 and self.may_announce(self.non_dealer):
                actions.append(Announce(self.king_of_trumps))
        elif phase is ANSWER:
            actions = [ACCEPT, REFUSE]
        elif phase.is_discard:
            seat = self.seat_to_move()
            sizes = discard_sizes(seat == self.dealer, len(self.stock), self.options)
            actions = every_discard(self.hands[seat], sizes)  # type: ignore[assignment]
        elif phase is CLAIM:  # the tricks are over: claim now, or pass and lose the point
            return [Claim(self.turned_up), Call.PASS]
        else:
            return []
        if self.king_to_claim:  # the dealer may claim a turned-up King at any moment, in his turn or not
            actions.append(Claim(self.turned_up))
        return actions

    def _actor(self, move: Action) -> int | None:
        if isinstance(move, Announce):
            return self.holder(move.king)
        return self.dealer if isinstance(move, Claim) else self.current_player  # a claim is the dealer's

    # -- doing it ---------------------------------------------------------
    def _do(self, action: Action) -> None:
        if action is PROPOSE:
            self.proposals += 1
            self.phase, self.current_player = ANSWER, self.dealer
        elif action is ACCEPT:
            self.phase, self.current_player = DISCARD_NON_DEALER, self.non_dealer
        elif action is REFUSE:
            self.refused = self.proposals
            self.phase, self.current_player = PLAY, self.non_dealer
        elif isinstance(action, Discard):
            self._discard(action.cards)
        elif isinstance(action, Announce):
            seat = self.holder(action.king)
            assert seat is not None
            self.announced[seat] = True
            if self.phase is CHOOSE:  # announcing ends the exchanges: the non-dealer plays
                self.phase = PLAY
            self._score_king(seat)
        else:  # the turned-up King claimed, or (once the tricks are over) let go
            self.king_to_claim = False
            if isinstance(action, Claim):
                self._score_king(self.dealer)
            if self.phase is CLAIM and not self.is_over:
                self._end()

    def _discard(self, cards: frozenset[Card]) -> None:
        seat, drawn = self.seat_to_move(), len(cards)
        kept: list[Card] = []
        for c in self.hands[seat]:  # the discards in the hand's order, not the set's
            if c in cards:
                self.discards.append(c)
            else:
                kept.append(c)
        kept += self.stock[:drawn]
        del self.stock[:drawn]
        self.hands[seat] = kept
        if self.phase is DISCARD_NON_DEALER:
            self.phase, self.current_player = DISCARD_DEALER, self.dealer
        else:
            self.phase, self.current_player = CHOOSE, self.non_dealer

    def _play(self, c: Card) -> None:
        seat = self.current_player
        assert seat is not None
        hand_now = self.hands[seat]
        i = 0
        for held in hand_now:  # del hand_now[place(c, hand_now)] written out: the call costs more than the search
            if held is c:  # c is legal, so in this hand
                del hand_now[i]
                break
            i += 1
        trick = self.trick
        if not trick:  # a lead: the other player answers it
            trick.append(c)
            self.phase = PLAY  # a lead from the exchanges ends them
            self.current_player = 1 - seat
            return
        trick.append(c)
        leader, tricks = self.leader, self.tricks
        winner = (leader + trick_winner(trick, self.trump)) % 2
        # Trick(leader, cards, winner) built by tuple.__new__: a NamedTuple's own __new__ is Python code, and
        # running it for every trick cost 2 % of a random deal
        tricks.append(tuple.__new__(Trick, (leader, tuple(trick), winner)))
        self.trick = []
        self.leader = self.current_player = winner  # the winner leads to the next trick
        if len(tricks) == TRICKS_PER_DEAL:
            result = self.result()
            assert result is not None
            self.trick_points[result.seat] = result.points
            if self.king_to_claim and self.game_winner is None:  # the dealer may still claim the turned-up King
                self.phase, self.current_player = CLAIM, self.dealer
            else:
                self._end()

    def _score_king(self, seat: int) -> None:
        """One point for the King of trumps, at once: it may end the game in mid-deal."""
        self.king_points[seat] += 1
        if self.scores_before[seat] + self.king_points[seat] >= self.options.target_score:
            self._end()

    def _end(self) -> None:
        """The deal is over: an unclaimed turned-up King is lost with it."""
        self.phase, self.current_player, self.is_over, self.king_to_claim = OVER, None, True, False

    # -- where the deal stands --------------------------------------------
    @property
    def refusal_risks_penalty(self) -> bool:
        """Whether the dealer refused a proposal whose refusal risks 2 points (refusal_penalty)."""
        return self.refused is not None and refusal_risks_penalty(self.refused, self.options)

    def result(self) -> DealScore | None:
        """The trick points of the deal, once all 5 tricks are played (None before)."""
        if len(self.tricks) < TRICKS_PER_DEAL:
            return None
        by_seat_one = sum(map(_WINNER, self.tricks))  # seats are 0 and 1: the winners' sum counts seat 1's tricks
        won = [len(self.tricks) - by_seat_one, by_seat_one]
        return score_deal(won, self.dealer, self.proposals > 0, self.refusal_risks_penalty, self.options)

    @property
    def points(self) -> list[int]:
        """Points won in this deal so far, one per seat: Kings at once, tricks after the fifth trick."""
        return [self.king_points[0] + self.trick_points[0], self.king_points[1] + self.trick_points[1]]

    def redeal(self) -> EcarteState:
        """The same deal again, from its deck, before any move."""
        return EcarteState(self.options, dealer=self.dealer, deck=self.deck, scores_before=self.scores_before)

    # -- explanations -----------------------------------------------------
    def explain_trick(self, number: int = -1) -> str:
        """Why a finished trick (the last one by default) went to whom."""
        t = self.tricks[number]
        return f"{explain_trick(t.cards, self.trump)[:-1]} — {seat_name(t.winner)} takes the trick."

    def explain_choices(self) -> str:
        """What the player to move may do now, and the rule behind it, in one sentence."""
        phase, seat = self.phase, self.current_player
        if seat is None:
            return "The deal is over."
        if phase is CHOOSE:
            if not self.stock:
                return "Play a card: the stock is empty, so there can be no more proposals."
            return "Play a card to stand on your hand, or propose an exchange."
        if phase is ANSWER:
            risk = (
                " — and you risk 2 points if you then lose"
                if refusal_risks_penalty(self.proposals, self.options)
                else ""
            )
            return f"Accept the proposal (both exchange cards) or refuse it (the hands are played as they are{risk})."
        if phase.is_discard:
            sizes = discard_sizes(seat == self.dealer, len(self.stock), self.options)
            if sizes.stop == 1:
                return "Discard nothing: the stock is empty."
            none = " (or none)" if sizes.start == 0 else ""
            return f"Discard {sizes.start} to {sizes.stop - 1} cards{none}; the stock serves you as many."
        if phase is CLAIM:
            return (
                f"The tricks are played: claim the turned-up {self.turned_up} for a point, or pass and lose it "
                f"(turned_king = claimed: it scores only if the dealer claims it before the next deal)."
            )
        return explain_duty(self.hands[seat], self.trick, self.trump, self.options)

    def explain_score(self) -> str:
        """How the deal was scored, Kings included."""
        parts = self._king_words()
        parts += [f"{seat_name(s)} announced {self.king_of_trumps} — 1 point" for s in (0, 1) if self.announced[s]]
        result = self.result()
        if result is not None:
            parts.append(explain_score(result, self.dealer).rstrip("."))
        elif self.is_over:
            parts.append(
                f"{seat_name(self.game_winner or 0)} reached {self.options.target_score} points "
                f"and won the game at once"
            )
        if not parts:
            return "No points yet."
        sentence = "; ".join(parts)
        return sentence[0].upper() + sentence[1:] + "."

    def _king_words(self) -> list[str]:
        """What a turned-up King gave, in words: a point at once, a point claimed, or (turned_king = claimed) none."""
        if self.turned_up.rank != "K":
            return []
        dealer, king = f"{seat_name(self.dealer)} (the dealer)", self.turned_up
        if self.options.turned_king == "scored":
            return [f"the turned-up {king} gave {dealer} 1 point"]
        if any(isinstance(a, Claim) for a in self.log):
            return [f"{dealer} claimed the turned-up {king} — 1 point"]
        return [] if self.king_to_claim else [f"{dealer} did not claim the turned-up {king}, so it scored nothing"]

    # -- why a move is illegal: one helper per kind of action --------------
    def _why_illegal(self, action: Action) -> str:
        if self.is_over:
            return "The deal is over: no more moves."
        if isinstance(action, Card):
            return self._why_not_playable(action)
        if isinstance(action, Call):
            return self._why_no_call(action)
        if isinstance(action, Discard):
            return self._why_no_discard(action)
        if isinstance(action, Announce):
            return self._why_no_announce(action.king)
        if isinstance(action, Claim):
            return self._why_no_claim(action.king)
        return (
            f"{action_text(action)} is not a move in Écarté: "
            "play a card, propose, accept, refuse, discard, announce, claim or pass."
        )

    def _why_not_playable(self, c: Card) -> str:
        seat = self.seat_to_move()
        if self.phase is CLAIM:
            return "The five tricks are played: the dealer may only claim the turned-up King, or pass."
        if self.phase is ANSWER:
            return "The dealer must first accept or refuse the proposal."
        if self.phase.is_discard:
            return f"{seat_name(seat)} must first discard."
        if c not in ECARTE_PACK:
            return f"{c} is not in Écarté's pack: it has the 7s to the Kings and Aces."
        if c not in self.hands[seat]:
            return f"You cannot play {c}: it is {seat_name(seat)}'s turn, and {c} is not in that hand."
        return why_not_playable(c, self.hands[seat], self.trick, self.trump, self.options)

    def _why_no_call(self, call: Call) -> str:
        phase = self.phase
        if call is Call.PASS:
            return (
                "There is nothing to pass: the dealer passes only to let an unclaimed turned-up King go, "
                "once the tricks are played."
            )
        if phase is CLAIM:
            return "The tricks are played: the dealer may only claim the turned-up King, or pass."
        if phase is ANSWER:
            return "The dealer must answer the proposal: accept or refuse."
        if call is PROPOSE and phase is CHOOSE:
            return "You cannot propose: the stock cannot serve even one card."
        if call is PROPOSE:
            return "Proposals are over: " + (
                "the dealer refused, so the hands are played as they stand." if self.refused else "play has begun."
            )
        if phase is CHOOSE:
            return f"Only {seat_name(self.non_dealer)}, the non-dealer, may act now."
        return "There is no proposal to answer."

    def _why_no_discard(self, discard: Discard) -> str:
        if not self.phase.is_discard:
            return "Nobody may discard now: discards come only after the dealer accepts a proposal."
        seat = self.seat_to_move()
        wrong = [c for c in discard.cards if c not in self.hands[seat]]
        if wrong:
            return f"{seat_name(seat)} cannot discard {show(wrong)}: not in that hand."
        sizes = discard_sizes(seat == self.dealer, len(self.stock), self.options)
        who = "the dealer" if seat == self.dealer else "the non-dealer"
        return (
            f"{who.capitalize()} must discard {sizes.start} to {sizes.stop - 1} cards now "
            f"(the stock holds {len(self.stock)}), not {len(discard.cards)}."
        )

    def _why_no_announce(self, king: Card) -> str:
        if king != self.king_of_trumps:
            return f"Only the King of trumps ({self.king_of_trumps}) may be announced, not {king}."
        seat = self.holder(king)
        if seat is None:
            return f"Nobody holds {self.king_of_trumps}."
        if self.announced[seat]:
            return f"{seat_name(seat)} has already announced {self.king_of_trumps}."
        if self.has_played(seat):
            return "Too late: the King must be announced before its holder plays his first card."
        return "The King is announced at the start of play: the dealer once the exchanges are over."

    def _why_no_claim(self, king: Card) -> str:
        if self.turned_up.rank != "K" or king != self.turned_up:
            return f"Only a turned-up King can be claimed, by the dealer; the turned-up card is {self.turned_up}."
        if self.options.turned_king == "scored":
            return f"The turned-up {king} scored for the dealer at once (turned_king = scored): nothing to claim."
        if any(isinstance(a, Claim) for a in self.log):
            return f"The dealer has already claimed the turned-up {king}."
        return f"The dealer let the turned-up {king} go: it can no longer be claimed."

    def __str__(self) -> str:
        return (
            f"trump {self.turned_up} (turned up); stock {len(self.stock)}\n"
            + "\n".join(
                f"{seat_name(s)}{' (dealer)' if s == self.dealer else ''}: {show(h)}" for s, h in enumerate(self.hands)
            )
            + f"\nphase: {self.phase}; tricks: {self.trick_winners}; trick now: {show(self.trick)}"
        )


def new_deal(
    options: EcarteOptions | Mapping | None = None,
    *,
    dealer: int = 0,
    seed: int | random.Random | None = None,
    deck: str | Sequence[Card | str] | None = None,
    scores_before: Sequence[int] | None = None,
) -> EcarteState:
    """A new deal of Écarté, shuffled with a seed or from a stacked deck."""
    return EcarteState(options, dealer=dealer, seed=seed, deck=deck, scores_before=scores_before)


# ---------------------------------------------------------------------------
# 8. A game: to 5 points, the deal alternating; a King point can end it in mid-deal.


class EcarteGame(Game[EcarteState]):
    """A game of Écarté: deals alternate until a player reaches ``target_score``."""

    options: EcarteOptions

    def __init__(
        self,
        options: EcarteOptions | Mapping | None = None,
        *,
        first_dealer: int | None = None,
        seed: int | random.Random | None = None,
    ) -> None:
        self.options = EcarteOptions.from_dict(options) if options is not None else DEFAULT_OPTIONS
        super().__init__(2, first_dealer, seed)

    def new_deal(self, dealer: int, scores_before: list[int] | None) -> EcarteState:
        return EcarteState(self.options, dealer=dealer, seed=self.rng, scores_before=scores_before)

    def next_dealer(self) -> int:
        return non_dealer(self.deal.dealer)  # the deal alternates
