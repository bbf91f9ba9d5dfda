"""Écarté by the book, as a bot: the rule bot follows the classic advice (``book.py``, which this module's callers
also find here) and makes three decisions by the computed tables instead.

The rule bot (``EcarteRuleBot``) makes three decisions by the computed tables instead
(``strategy``; chapter 11): the first call, the answer to the first proposal and the
non-dealer's first discard — the table's choice where it is clearly better, the book's
where the two are within the noise. ``EcarteBookBot`` is the rule bot by the book alone,
the yardstick the tables are measured against; the tables themselves are played out
by the book's functions here, which stay as the books give them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..players import Decision, InformedPlayer
from ..tricks import ACCEPT, PROPOSE, REFUSE, Announce, Discard
from . import ANSWER, CHOOSE, strategy

# The book's advice, which the rule bot follows; its callers (the chapters, the tools) find it here too.
from .book import claim_the_king
from .book import dealer_trump_odds as dealer_trump_odds
from .book import dealer_two_trumps as dealer_two_trumps
from .book import discard_advice as discard_advice
from .book import jeu_de_regle as jeu_de_regle
from .book import keep_value as keep_value
from .book import lead_advice as lead_advice
from .book import lowest_winner as lowest_winner
from .book import play_advice as play_advice
from .view import EcarteView


class EcarteRuleBot(InformedPlayer):
    """Plays Écarté by the classic advice, its first decisions by the computed tables (``strategy``): play or
    propose, accept or refuse the first proposal, the first discard; later ones by the book (jeux de règle, keep
    trumps and Kings), and the tricks by the book (head with the lowest winner)."""

    name = "rules"
    tables = True  # the first decisions by the computed tables (EcarteBookBot: by the book alone)

    def choose(self, view: Any) -> Decision:
        assert isinstance(view, EcarteView), "an Écarté bot plays Écarté"
        claim = claim_the_king(view)
        if claim is not None:
            return claim
        if view.phase is ANSWER:
            return self.answer(view)
        if view.phase.is_discard:
            return self.discard(view)
        announce = next((a for a in view.legal if isinstance(a, Announce)), None)
        if view.phase is CHOOSE:
            return self.call(view, announce)
        if announce is not None:
            return Decision(announce, f"announces {announce.king} for a point before playing a card.")
        card, why = play_advice(view.hand, view.trick, view.trump, self.cards(view), view.unseen())
        return Decision(card, why[0].upper() + why[1:] + ".")

    @staticmethod
    def cards(view: EcarteView) -> list[Card]:
        """The legal cards."""
        return [a for a in view.legal if isinstance(a, Card)]

    def answer(self, view: EcarteView) -> Decision:
        """Accept or refuse: the first proposal by the computed tables, a later one by the book."""
        if (
            view.proposals == 1 and self.tables and by_the_table(view)
        ):  # the first proposal, whose refusal risks 2 points
            return answer_by_the_table(view.hand, view.trump)
        rule = jeu_de_regle(view.hand, view.trump, dealer=True)
        if rule:
            return Decision(REFUSE, f"refuses: the hand stands by itself ({rule}).")
        return Decision(ACCEPT, "accepts: the hand is no jeu de règle, so new cards can only help.")

    def discard(self, view: EcarteView) -> Decision:
        """The non-dealer's first discard by the computed tables; the others by the book (trumps and Kings kept)."""
        counts = [len(a.cards) for a in view.legal if isinstance(a, Discard)]  # here every legal move is a Discard
        sizes = range(min(counts), max(counts) + 1)
        if view.proposals == 1 and not view.is_dealer and self.tables and by_the_table(view):
            return discard_by_the_table(view.hand, view.trump, sizes)
        cards, why = discard_advice(view.hand, view.trump, sizes)
        return Decision(Discard(cards), f"{why}{': ' + ' '.join(map(str, sorted(cards))) if cards else ''}.")

    def call(self, view: EcarteView, announce: Announce | None) -> Decision:
        """Play or propose: the first call by the computed tables, a later one by the book (the jeux de règle)."""
        rule = jeu_de_regle(view.hand, view.trump)
        because = f"plays without proposing ({rule})" if rule else "plays (the stock is empty)"
        if PROPOSE in view.legal and view.proposals == 0 and self.tables and by_the_table(view):
            call, why = call_by_the_table(view.hand, view.trump)
            if call is PROPOSE:
                return Decision(PROPOSE, why)
            because = why.rstrip(".")
        elif PROPOSE in view.legal and not rule:
            return Decision(PROPOSE, "proposes: the hand is no jeu de règle, so it asks for new cards.")
        if announce is not None:
            return Decision(announce, f"announces {announce.king} for a point before leading.")
        card, why = play_advice(view.hand, view.trick, view.trump, self.cards(view), view.unseen())
        return Decision(card, f"{because} and {why}.")

    def choose_optional(self, view: Any) -> Decision | None:
        assert isinstance(view, EcarteView), "an Écarté bot plays Écarté"
        claim = claim_the_king(view)
        if claim is not None:
            return claim
        announce = next((a for a in view.legal if isinstance(a, Announce)), None)
        if announce is None:
            return None
        return Decision(announce, f"announces {announce.king} for a point before playing a card.")


class EcarteBookBot(EcarteRuleBot):
    """The rule bot by the book alone, as it played before the tables: the yardstick the tables are measured by."""

    name = "book"
    tables = False


def by_the_table(view: EcarteView) -> bool:
    """Whether the computed tables speak of this deal: played by the course's default rules (the club laws)."""
    return strategy.tables_apply(view.options)


def call_by_the_table(hand: Sequence[Card], trump: str) -> tuple[Any, str]:
    """The first call by the computed tables (``strategy``): play or propose, and why in the table's figures."""
    book_call = strategy.PLAY if jeu_de_regle(hand, trump) else strategy.PROPOSE
    choice, verdict = strategy.table_decision("first_call", hand, trump, book_call)
    words = "proposes" if choice == strategy.PROPOSE else "plays without proposing"
    return (PROPOSE if choice == strategy.PROPOSE else None), f"{words}: {verdict.short(choice)}."


def answer_by_the_table(hand: Sequence[Card], trump: str) -> Decision:
    """The dealer's answer to the first proposal by the computed tables."""
    book_answer = strategy.REFUSE if jeu_de_regle(hand, trump, dealer=True) else strategy.ACCEPT
    choice, verdict = strategy.table_decision("answer", hand, trump, book_answer)
    action = REFUSE if choice == strategy.REFUSE else ACCEPT
    return Decision(action, f"{'refuses' if action is REFUSE else 'accepts'}: {verdict.short(choice)}.")


def discard_by_the_table(hand: Sequence[Card], trump: str, sizes: range) -> Decision:
    """The non-dealer's first discard by the computed tables: his weakest cards, as many as the table says."""
    book_size = len(discard_advice(hand, trump, sizes)[0])
    choice, verdict = strategy.table_decision("discard", hand, trump, f"throw {book_size}")
    size = min(max(int(choice.split()[1]), sizes.start), sizes.stop - 1)
    cards = sorted(hand, key=lambda c: keep_value(c, trump))[:size]
    return Decision(Discard(cards), f"throws {' '.join(map(str, sorted(cards)))}: {verdict.short(f'throw {size}')}.")
