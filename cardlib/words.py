"""The course's words for what the coach and the bots found: an option named, and why the best one is best.

A layer of its own, above the contract's values (``contracts.Hint``, ``contracts.Option``) and below everything that
speaks to a learner: the plain coach (``plain.PlainCoach``), the rooms' coaches and the coach itself say their
sentences with these, so that every game's hint reads alike.
"""

from __future__ import annotations

from collections.abc import Callable

from .contracts import Hint, Option, Wait
from .margins import percent, signed
from .tricks import action_text

SAID_BY_NAME = 4  # options named in a sentence of options too close to tell apart; the others are counted


def option_text(option: Option) -> str:
    """An option as text: 'play K♦', 'propose', 'wait'."""
    return str(option) if isinstance(option, Wait) else action_text(option)


def capital(text: str) -> str:
    """The text with a capital first letter (and the rest as it was: card names keep their case)."""
    return text[:1].upper() + text[1:]


def sentence(hint: Hint, phrase: Callable[[Option], str], wins: str) -> str:
    """Why the best option is best: its chance and points, ± 95 %, against the next best, or 'too close to tell'
    when the coach cannot tell them apart (which is not 'as good as': more deals might). ``phrase`` names an option
    in the game's words, ``wins`` says what winning is."""
    first = hint.options[0]
    name = phrase(first.action)
    points = signed(first.points, first.points_margin, samples=hint.samples, unit="imagined deals")
    said = f"{wins} {percent(first.win, first.win_margin)} of the time and scores {points} points"
    if len(hint.options) == 1:
        return f"{capital(name)} is the only choice: it {said}."
    if len(hint.best) > 1:
        names = [name, *(phrase(a) for a in hint.best[1:SAID_BY_NAME])]
        if len(hint.best) > SAID_BY_NAME:
            names.append(f"{len(hint.best) - SAID_BY_NAME} other options")
        return (
            f"{capital(', '.join(names[:-1]))} and {names[-1]} are too close to tell apart with {hint.samples} "
            f"imagined deals: their difference is within the noise ({name} {said})."
        )
    runner = hint.options[1]
    lead = first.points - runner.points
    return f"{capital(name)} is best: it {said}, {lead:.2f} more than {phrase(runner.action)}, the next best."


def reason(text: str) -> str:
    """A reason as one sentence: a capital letter first, a full stop last."""
    text = text.strip()
    return capital(text) + ("" if text.endswith((".", "!", "?")) else ".")
