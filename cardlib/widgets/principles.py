"""The course's principles of play, in its own words: the lesson each puzzle teaches, named, game by game.

A puzzle record (cardlib/widgets/puzzles.json) names its principle by key; ``tools/puzzles.py`` chooses it from the
position and the answer (what the answer does, against the next best option), and the board shows its words after
the learner answers. Each principle belongs to a theme, named after the lesson (the question it answers), and says
what its answer does (``does``): a theme whose puzzles are answered one way more than 60 % of the time is a drill,
not judgment (tests/widgets/test_puzzle_principles.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Principle(NamedTuple):
    """A lesson of play: its theme (the question), what its answer does, its name, and why, in one sentence."""

    theme: str
    does: str
    name: str
    words: str


SURE_CARDS = "Sure cards: cash them now, or keep them"
PARTNER = "Your partner is winning the trick: take it over, or leave it to him"
TAKE_OR_KEEP = "Take the trick, or keep your cards"
STOCK = "A worthless hand: take the stock, or let it pass"
BEFORE_PLAY = "Before the play: the exchange and the discard"
THE_PLAY = "What to lead, and what to play"
THE_VOLE = "Make sure of the point, or play for the vole"

ALKORT = {
    "lead_seven": Principle(
        SURE_CARDS,
        "lead a Seven",
        "lead a Seven while you hold the lead",
        "Lead your Seven while you hold the lead: once you have won a trick nothing beats a Seven you lead, but once "
        "the lead is gone you may never lead it again.",
    ),
    "cash_king_of_diamonds": Principle(
        SURE_CARDS,
        "lead K♦",
        "cash K♦ while you are on lead",
        "Cash K♦ while you are on lead: nothing beats it, so it takes the trick and keeps the lead for your next "
        "card, and a Seven you lead after it cannot be beaten.",
    ),
    "keep_king_of_diamonds": Principle(
        SURE_CARDS,
        "play low",
        "keep K♦ when a Seven beats it",
        "K♦ cannot beat a Seven led by a player who has won a trick: keep it for a later trick, where it is sure, "
        "and throw a lower card on this one.",
    ),
    "overtake_safely": Principle(
        PARTNER,
        "take the trick",
        "take over a trick the next player could take",
        "When a player after you could still beat your partner's card, take the trick yourself with a card high "
        "enough to hold it: the trick stays with your side, and the lead with it.",
    ),
    "overtake_for_the_lead": Principle(
        PARTNER,
        "take the trick",
        "take over to cash your Sevens",
        "Take your partner's trick yourself when you have Sevens to cash: the trick is your side's either way, and "
        "the lead lets you cash them.",
    ),
    "leave_to_partner": Principle(
        PARTNER,
        "play low",
        "leave your partner's trick to him",
        "Leave a trick your partner is winning to him and keep your top card: it takes a trick later that your "
        "side would otherwise lose.",
    ),
    "count_on_partner": Principle(
        TAKE_OR_KEEP,
        "play low",
        "count on your partner's shown card",
        "Your partner shows you his highest card, and he plays after you: when it will take this trick, play low "
        "and keep your own top card for another.",
    ),
    "take_the_trick": Principle(
        TAKE_OR_KEEP,
        "take the trick",
        "take a trick you can take",
        "Take a trick the other side is winning when you can: a trick let go is one of the five they need, and the "
        "lead goes with it.",
    ),
    "break_the_run": Principle(
        TAKE_OR_KEEP,
        "take the trick",
        "break the other side's run",
        "Break the other side's run as soon as you can: while they have won every trick, five in a row make a múk "
        "(5 points) instead of 1, and more make a stroke.",
    ),
    "win_cheaply": Principle(
        TAKE_OR_KEEP,
        "take it with the lower card",
        "take the trick with the lower card",
        "Take the trick with the lowest card that holds it, and keep the higher one for a trick it alone can win.",
    ),
    "save_top_card": Principle(
        TAKE_OR_KEEP,
        "play low",
        "save a top card a later player can beat",
        "Do not spend a top card on a trick a later player can still take: play low and keep it for a trick it "
        "will win.",
    ),
    "throw_lowest": Principle(
        TAKE_OR_KEEP,
        "play low",
        "throw your lowest card on a lost trick",
        "When you cannot take the trick, throw your lowest card: your best cards are worth most in the last tricks.",
    ),
    "keep_a_seven": Principle(
        STOCK,
        "keep a Seven",
        "keep a Seven when you take the stock",
        "Taking the stock, keep your Seven: once your side has won a trick it is a sure trick, worth more than any "
        "low card of a worthless hand.",
    ),
    # No puzzle holds this one yet: the one position found (deal 3012, three Sevens) was best with the book playing
    # on, and not with the Monte Carlo bots (taking the stock did better, tools/rejudge.py), so the theme has none.
    "let_the_stock_pass": Principle(
        STOCK,
        "let it pass",
        "let the stock pass with a hand worth more",
        "A worthless hand may take the stock, but need not: the exchange keeps one card of nine, so let it pass when "
        "the others are worth more than a fresh hand (Sevens above all).",
    ),
}

ECARTE = {
    "lead_trumps": Principle(
        THE_PLAY,
        "lead a trump",
        "lead trumps when yours are higher",
        "Lead trumps when yours are the higher: each trump drawn from the other player is one fewer to take your "
        "plain cards.",
    ),
    "lead_plain_keep_trump": Principle(
        THE_PLAY,
        "lead a plain card",
        "lead a plain card, keep the trump",
        "Lead a plain card and keep your trump (or your stronger card) for the last trick: the card kept back takes "
        "a trick the other would win.",
    ),
    "lead_the_suit_they_lack": Principle(
        THE_PLAY,
        "lead a plain card",
        "lead the suit the other lacks",
        "Lead the suit the other player has shown he lacks: once he has failed to follow it without trumping, even "
        "your lowest card of it takes the trick.",
    ),
    "play_lowest_when_losing": Principle(
        THE_PLAY,
        "play low",
        "follow low when you cannot head the trick",
        "When you cannot head the trick, follow with your lowest card of the suit: the higher one may still take a "
        "trick later.",
    ),
    "make_sure_of_the_point": Principle(
        THE_VOLE,
        "make sure of the point",
        "make sure of the point before you play for the vole",
        "With the vole alive and the point not yet made, lead the card surest of your third trick: the vole adds one "
        "point, but the point lost turns your +1 into −1, a swing of two (three after a stand or a refusal).",
    ),
    "play_for_the_vole": Principle(
        THE_VOLE,
        "play for the vole",
        "play for the vole when it costs the point little",
        "Lead for the vole when that card adds more than twice as much to the vole's chance as it takes from the "
        "point's (three times after a stand or a refusal): the extra point, won often, outweighs the point lost "
        "now and then.",
    ),
    "accept_with_a_weak_hand": Principle(
        BEFORE_PLAY,
        "accept",
        "accept a proposal with a weak hand",
        "As the dealer, accept a proposal when your hand will not take three tricks as it stands: new cards may "
        "mend it, and a refusal that loses the point gives the other player two.",
    ),
    "refuse_with_a_strong_hand": Principle(
        BEFORE_PLAY,
        "refuse",
        "refuse a proposal with a strong hand",
        "As the dealer, refuse a proposal when your hand should take three tricks: the proposer has told you his "
        "hand is weak, and a refusal makes him play it.",
    ),
    "keep_trumps_and_kings": Principle(
        BEFORE_PLAY,
        "discard",
        "keep trumps and Kings, throw the rest",
        "When you discard, throw every card that is neither a trump nor a King: a fresh card from the stock is worth "
        "more to you than any of them.",
    ),
}

PRINCIPLES: dict[str, dict[str, Principle]] = {"alkort": ALKORT, "ecarte": ECARTE}
MOST_ONE_WAY = 0.6  # a theme answered one way more often than this is a drill


def principle_of(puzzle: Mapping[str, Any]) -> Principle:
    """A puzzle's principle, from the game's list; a clear ValueError for a key the list does not hold."""
    named = PRINCIPLES.get(puzzle["game"], {})
    key = puzzle.get("principle")
    if key not in named:
        raise ValueError(f"puzzle of {puzzle['game']} names no principle of its game's list: {key!r}")
    return named[key]
