"""Decisions for the quick questions: which card to play, answered exactly by the engine's own rules.

Each constructor builds a ``quiz.Question`` whose right answer is not a matter of judgement: the engine
tries every card the other players could hold and finds the one choice that is sure (a lead nobody can beat,
the cheapest card that still takes the trick, the move that wins the game at once). When a position has no
single such answer the constructor refuses it with a ValueError, so a chapter cannot ask an unfair question.

    >>> question = alkort_sure_lead("7♣ 2♥ A♠ 4♦", has_won=True)
    >>> question.answer
    '7♣'
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import alkort, ecarte
from ..cards import ALKORT_PACK, ECARTE_PACK, Card, hand, show
from ..tricks import Action, action_text
from .quiz import Question


def only_one(sure: Sequence[Card], what: str) -> Card:
    """The one card that answers a decision; a clear ValueError when there are none or several."""
    if len(sure) != 1:
        raise ValueError(f"not a fair question: {len(sure)} cards ({show(sure) or 'none'}) {what}")
    return sure[0]


def cards_of(cards: str | Sequence[Card]) -> list[Card]:
    """Cards as typed ('K♦ 2♥') or as a sequence of the learner's own Card-like values."""
    return hand(cards) if isinstance(cards, str) else hand(" ".join(map(str, cards)))


def alkort_lead_is_sure(
    lead: Card, outside: Sequence[Card], has_won: bool, first_trick: bool, options: alkort.AlkortOptions
) -> bool:
    """Whether no card an opponent may hold takes a trick that this card leads (the trick rule, card by card)."""
    return all(alkort.trick_winner([lead, other], has_won, first_trick, options) == 0 for other in outside)


def alkort_sure_lead(
    cards: str | Sequence[Card],
    *,
    has_won: bool = False,
    first_trick: bool = False,
    partner_shows: str = "",
    options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS,
) -> Question:
    """You are on lead at Alkort: which card is sure to take the trick for your side, whatever the others hold?"""
    held, shown = cards_of(cards), cards_of(partner_shows)
    outside = [c for c in ALKORT_PACK if c not in held and c not in shown]
    legal = alkort.legal_plays(held, [], has_won, first_trick, options)
    sure = [c for c in legal if alkort_lead_is_sure(c, outside, has_won, first_trick, options)]
    answer = only_one(sure, "are sure to take the trick")
    won = "You have already won a trick" if has_won else "You have not won a trick yet"
    partner = f" Your partner has shown you {show(shown)}." if shown else ""
    strongest = max(outside, key=lambda c: alkort.strength(c, options))
    why = alkort.explain_trick([answer, strongest], has_won, first_trick, options)
    return Question(
        f"{won}, and you lead with {show(held)}.{partner} Which lead is sure to take the trick for your side?",
        tuple(map(str, legal)),
        str(answer),
        f"No card an opponent can hold beats {answer}; every other lead can be beaten by a card still out. "
        f"Against the best of them: {why}",
    )


def alkort_cheapest_win(
    trick: str | Sequence[Card], cards: str | Sequence[Card], options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS
) -> Question:
    """You play last to an Alkort trick the opponents are winning: which card takes it and keeps your best?"""
    played, held = cards_of(trick), cards_of(cards)
    if len(played) != 3 or alkort.trick_winner(played, options=options) == 1:
        raise ValueError("not a fair question: give the three cards before yours, with an opponent's card winning")
    winners = [c for c in held if alkort.trick_winner([*played, c], options=options) == len(played)]
    weakest = min((alkort.strength(c, options) for c in winners), default=None)
    answer = only_one([c for c in winners if alkort.strength(c, options) == weakest], "are the cheapest winner")
    higher = [c for c in winners if c != answer]
    kept = f"; {show(higher)} would take it too, and stay in your hand for later" if higher else ""
    return Question(
        f"You play last to the trick {show(played)}, which the other side is winning, and you hold {show(held)}. "
        "Which card takes the trick and keeps your best cards?",
        tuple(map(str, held)),
        str(answer),
        f"{answer} is the lowest card that takes the trick{kept}.",
    )


def ecarte_cheapest_head(cards: str | Sequence[Card], led: str, trump: str) -> Question:
    """You reply to an Écarté lead: which of your legal cards wins the trick and keeps your best?"""
    held, trick = cards_of(cards), hand(led)
    legal = ecarte.legal_plays(held, trick, trump)
    winners = [c for c in legal if ecarte.trick_winner([*trick, c], trump) == 1]
    low = min((ecarte.RANK_ORDER[c.rank] for c in winners), default=None)
    answer = only_one([c for c in winners if ecarte.RANK_ORDER[c.rank] == low], "are the cheapest winner")
    higher = [c for c in winners if c != answer]
    kept = f" {show(higher)} would win too, and stays in your hand." if higher else ""
    return Question(
        f"Trumps are {trump}; {show(trick)} is led to you and you hold {show(held)}. Which card do you play?",
        tuple(map(str, legal)),
        str(answer),
        f"You may play {show(legal)}; {answer} is the lowest card that wins the trick.{kept}",
    )


def ecarte_sure_lead(cards: str | Sequence[Card], trump: str, turned_up: str) -> Question:
    """You lead at Écarté: which card is sure to take the trick, whatever the other player holds?"""
    held, turned = cards_of(cards), hand(turned_up)
    outside = [c for c in ECARTE_PACK if c not in held and c not in turned]
    sure = [c for c in held if all(ecarte.trick_winner([c, other], trump) == 0 for other in outside)]
    answer = only_one(sure, "are sure to take the trick")
    return Question(
        f"Trumps are {trump} ({show(turned)} turned up) and you lead with {show(held)}. "
        "Which lead is sure to take the trick?",
        tuple(map(str, held)),
        str(answer),
        f"{answer}: no card the other player can hold beats it; each other lead can be beaten by a higher card "
        "of its suit or by a trump.",
    )


def winning_move(state: ecarte.EcarteState, prompt: str) -> Question:
    """Which legal move wins the Écarté game at once? The engine plays each on a copy of the deal."""
    seat = state.current_player
    if seat is None:
        raise ValueError("not a fair question: nobody is to move in this deal")
    legal = state.legal_actions(seat)
    wins = [a for a in legal if game_won_by(state, a, seat)]
    if len(wins) != 1:
        raise ValueError(f"not a fair question: {len(wins)} moves win the game at once")
    return Question(
        prompt,
        tuple(map(action_text, legal)),
        action_text(wins[0]),
        f"{action_text(wins[0])} ends the game at once: {after(state, wins[0]).explain_score()}",
    )


def after(state: ecarte.EcarteState, action: Action) -> ecarte.EcarteState:
    """A copy of the deal with one move made."""
    copy = state.clone()
    copy.apply(action)
    return copy


def game_won_by(state: ecarte.EcarteState, action: Action, seat: int) -> bool:
    """Whether this move makes ``seat`` the game's winner before anything else is played."""
    return after(state, action).game_winner == seat
