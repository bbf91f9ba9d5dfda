"""What a table says about a deal beyond its moves: the deal at a glance, and the lines of the log as it begins.

The table plays any game the registry knows (``cardlib.games``) and, for any of them, can say who deals, how big the
stock is and how many tricks have been played: ``TableNotes``, the notes every game gets. A game with more to tell
a learner has notes of its own, which its room names (its description's ``table_notes`` hook), in the engine's words:

- Alkort (``AlkortNotes``): who leads to the first trick and why, what is shown before play, the draws after a trick;
- Écarté (``EcarteNotes``): the learner's role, the turned-up trump, the proposals, and a turned-up King to claim.

The notes ask the deal (``state.partner``, ``state.side_of``, ``state.opponents``, the game's own ``explain_*``);
they never work out a rule or a seat themselves. A game added to the course needs no notes here to be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import alkort, ecarte, games
from ..cards import Card, show
from ..tricks import DealState
from .faces import card_html, escape

LEARNER = 0  # the learner's seat at every table (``Table`` documents it)
Namer = Callable[[int], str]  # how the table names a seat: 'You', 'player 2 (partner)', 'player 1'


def cards_html(cards: list[Card], game: str) -> str:
    """Small card faces side by side, each named in the game's words (``card_title``)."""
    return "".join(card_html(c, size="small", game=game) for c in cards)


class TableNotes:
    """The notes every game gets: the deal at a glance (dealer, stock, tricks) and nothing more to log."""

    def intro(self, state: Any, name: Namer) -> list[str]:
        """What the log says as a deal begins, after 'Deal 1: player 3 deals.'."""
        return self.before_play(state, name)

    def before_play(self, state: Any, name: Namer) -> list[str]:
        """What is fixed at the first card (said again, if it changed, when the first card is played): the cards face
        up for everyone (``state.public_cards()``), if any."""
        face_up = state.public_cards()
        return [f"Face up for everyone: {' '.join(map(str, face_up))}."] if face_up else []

    def drawn(self, state: Any) -> int:
        """How many cards have been drawn from the stock during play so far (none, in a game without draws)."""
        return 0

    def draws(self, state: Any, since: int, name: Namer) -> list[str]:
        """What the log says of the cards drawn after a trick (the draws made since ``since``)."""
        return []

    def facts(self, state: Any, name: Namer) -> str:
        """The deal at a glance, as HTML: the game, the learner's side, the dealer, the stock and the cards face up
        on it (``state.public_cards()``: a turned-up trump), the tricks."""
        partner = state.partner(LEARNER)
        side = f" in {state.side_name(state.side_of(LEARNER))} with player {partner}" if partner is not None else ""
        face_up = " ".join(map(str, state.public_cards()))
        return (
            f"<b>{escape(games.of(state).name)}, {state.n_players} players</b> — you are player {LEARNER}{side}. "
            f"Dealer: player {state.dealer} · stock: {len(state.stock)} cards{' · face up: ' if face_up else ''}"
            f"{face_up} · tricks played: {len(state.tricks)}"
        )


class AlkortNotes(TableNotes):
    """Alkort's notes: the first lead and what is shown before play, the draws after each trick, the deal's facts."""

    def before_play(self, state: alkort.AlkortState, name: Namer) -> list[str]:
        """Who leads to the first trick and why, and what is shown before play, in the engine's words. Both are
        fixed at the first card, after any exchange."""
        lead = state.explain_first_lead()
        lines = [lead[:1].upper() + lead[1:] + (" That is you." if state.opener == LEARNER else "")]
        reveal = self.reveal_text(state, name)
        return lines + [reveal] if reveal else lines

    @staticmethod
    def shown(state: alkort.AlkortState) -> list[tuple[int, list[Card]]]:
        """What is shown before play, seat by seat (the engine's ``shown_to``): what the learner sees of the others,
        then what the others see of the learner; a seat the rules in force ask to show, holding nothing to show,
        shows no cards."""
        reveal, seen = state.options.partner_reveal, state.shown_to(LEARNER)
        showing = alkort.showing_to(LEARNER, state.n_players, state.opener, state.options)
        rows = [(seat, seen.get(seat, [])) for seat in showing]
        mine = state.shown_to(state.opponents(LEARNER)[0]).get(LEARNER, [])  # what an opponent sees of the learner
        return rows + [(LEARNER, mine)] if mine or reveal == "table" else rows

    @staticmethod
    def partner_only(state: alkort.AlkortState, shown: list[tuple[int, list[Card]]]) -> bool:
        """Whether only the partner shows anything, to the learner alone (partner_reveal = best_card or hand)."""
        partner = state.partner(LEARNER)
        return [seat for seat, _ in shown] == [partner] and state.options.partner_reveal in ("best_card", "hand")

    def reveal_text(self, state: alkort.AlkortState, name: Namer) -> str:
        """What is shown before play, in words ('' if the rules in force show nothing)."""
        shown = self.shown(state)
        if not shown:
            return ""
        if self.partner_only(state, shown):
            return f"Partner reveal: player {state.partner(LEARNER)} shows you {show(shown[0][1]) or 'nothing'}."
        return (
            "Shown before play: "
            + "; ".join(
                f"{'you show' if seat == LEARNER else name(seat) + ' shows'} {show(cards) or 'nothing'}"
                for seat, cards in shown
            )
            + "."
        )

    def drawn(self, state: alkort.AlkortState) -> int:
        """How many cards have been drawn after tricks so far (draw_after_trick)."""
        return len(state.draws)

    def draws(self, state: alkort.AlkortState, since: int, name: Namer) -> list[str]:
        """After a trick (draw_after_trick): who drew first, the learner's card, and what the stock holds now."""
        drawn = state.draws[since:]
        if not drawn:
            return []
        first = "you" if drawn[0][0] == LEARNER else name(drawn[0][0])
        mine = show(c for seat, c in drawn if seat == LEARNER)
        return [
            f"Each player draws a card from the stock, {first} first: you draw {mine}; "
            f"{len(state.stock)} cards left in the stock."
        ]

    def facts(self, state: alkort.AlkortState, name: Namer) -> str:
        """The deal at a glance: the learner's side, the dealer, the stock (and draws), the tricks, what is shown."""
        partner = state.partner(LEARNER)
        team = f" in {state.side_name(state.side_of(LEARNER))} with player {partner}" if partner is not None else ""
        played = len(state.tricks)
        draws = " · each player draws a card after every trick" if state.options.draw_after_trick else ""
        facts = (
            f"<b>Alkort, {state.n_players} players</b> — you are player {LEARNER}{team}. Dealer: player "
            f"{state.dealer} · stock: {len(state.stock)} cards{draws} · tricks played: {played} of "
            f"{played + state.tricks_left}"
        )
        shown, game = self.shown(state), state.options.game
        if self.partner_only(state, shown):
            return facts + f"<br>Your partner shows you: {cards_html(shown[0][1], game) or 'nothing'}"
        if shown:
            facts += "<br>Shown before play: " + " · ".join(
                f"{escape('you' if seat == LEARNER else name(seat))} {cards_html(cards, game) or 'nothing'}"
                for seat, cards in shown
            )
        return facts


class EcarteNotes(TableNotes):
    """Écarté's notes: the learner's role, trumps, the proposals, and a turned-up King waiting for its claim."""

    @staticmethod
    def role(state: ecarte.EcarteState) -> str:
        """The learner's role in the deal: 'the dealer' or 'the non-dealer'."""
        return "the dealer" if state.dealer == LEARNER else "the non-dealer"

    def intro(self, state: ecarte.EcarteState, name: Namer) -> list[str]:
        """The learner's role and trumps; a King turned up already scored; one waiting for the dealer's claim."""
        lines = [f"You are {self.role(state)}. Trumps are {state.trump}: the turned-up card is {state.turned_up}."]
        if any(state.points):
            lines.append(state.explain_score())
        if state.king_to_claim:  # turned_king = claimed: the point waits for the dealer's claim
            worth = state.options.value_words("turned_king")["claimed"]
            lines.append(
                f"The turned-up {state.turned_up} {worth} (turned_king = claimed)"
                + (": you are the dealer, press Claim the King." if state.dealer == LEARNER else ".")
            )
        return lines

    def facts(self, state: ecarte.EcarteState, name: Namer) -> str:
        """The deal at a glance: the learner's role, trumps, the stock, the proposals, the phase, an unclaimed King."""
        unclaimed = f" · the turned-up {state.turned_up} is not claimed yet" if state.king_to_claim else ""
        return (
            f"<b>Écarté</b> — you are player {LEARNER}, {self.role(state)}. Trumps: "
            f"{card_html(state.turned_up, size='small')} {state.trump} (turned up {state.turned_up}) · "
            f"stock: {len(state.stock)} cards · proposals: {state.proposals} · now: {escape(state.phase)}"
            f"{escape(unclaimed)}"
        )


def notes_for(state: DealState) -> TableNotes:
    """The notes a table keeps for this deal's game: its room's own (its ``table_notes`` hook), or the plain ones."""
    own = games.of(state).hook("table_notes")
    return (own or TableNotes)()
