"""The rule bot makes its first decisions by the tables, the book bot by the book; the coach's words cite the table."""

from __future__ import annotations

import random

from cardlib import ACCEPT, ECARTE_PACK, PROPOSE, REFUSE, Card, coach, ecarte
from cardlib.ecarte import advice, strategy
from cardlib.ecarte.advice import EcarteBookBot, EcarteRuleBot


def dealt(hand: list[Card], turned_up: Card, as_dealer: bool = False) -> ecarte.EcarteState:
    """A deal (seat 0 deals) giving this hand to the non-dealer (or the dealer) and turning up this card."""
    rest = [c for c in ECARTE_PACK if c not in hand and c != turned_up]
    other = rest[:5]
    hands = [hand, other] if as_dealer else [other, hand]
    return ecarte.new_deal(dealer=0, deck=ecarte.stack_deck(hands, turned_up, rest[5:], dealer=0))


def decided_classes(kind: str, count: int) -> list[tuple[list[Card], Card, strategy.Verdict]]:
    """Hands of the likeliest classes whose table verdict is clear (not within the noise)."""
    found = []
    for key, _ in strategy.tables()["classes"]:
        numbers, turned = strategy.class_hand(key, random.Random(1))
        hand, turned_up = [strategy.to_card(c) for c in numbers], strategy.to_card(turned)
        verdict = strategy.judge(kind, hand, turned_up.suit)
        if not verdict.close:
            found.append((hand, turned_up, verdict))
        if len(found) == count:
            break
    return found


def test_the_first_call_is_the_tables_and_the_book_bot_keeps_the_book() -> None:
    differ = 0
    for hand, turned_up, verdict in decided_classes("first_call", 60):
        state = dealt(hand, turned_up)
        proposes = EcarteRuleBot().decide(state, 1).action is PROPOSE
        assert proposes == (verdict.best == strategy.PROPOSE), verdict.key
        book_proposes = EcarteBookBot().decide(state, 1).action is PROPOSE
        assert book_proposes == (not advice.jeu_de_regle(hand, turned_up.suit))
        differ += proposes != book_proposes
    assert differ > 0  # the tables change some calls


def test_the_answer_to_the_first_proposal_is_the_tables() -> None:
    for hand, turned_up, verdict in decided_classes("answer", 40):
        state = dealt(hand, turned_up, as_dealer=True)
        state.apply(PROPOSE)
        decision = EcarteRuleBot().decide(state, 0)
        assert decision.action is (REFUSE if verdict.best == strategy.REFUSE else ACCEPT), verdict.key
        assert "the table says" in decision.reason and "±" in decision.reason


def test_the_coach_cites_the_table_at_the_first_call() -> None:
    hand, turned_up, verdict = decided_classes("first_call", 1)[0]
    state = dealt(hand, turned_up)
    hint = coach.hint(state, 1, samples=20)
    assert verdict.sentence()[1:] in hint.why
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    state.apply(state.legal_actions()[0])  # a discard
    assert "table says" not in coach.hint(state, 0, samples=12).why  # the dealer's discard: the tables say nothing
