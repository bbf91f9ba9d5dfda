"""A seat's view as JSON and back: what the table server sends a browser, and what a kernel rebuilds for the coach.

A view is the frozen dataclass ``games.observe(state, seat)`` returns (``AlkortView``, ``EcarteView``, a third
game's own). It is written out field by field, as its type hints say, with no branch on a game:

- a card as the rulebook writes it (``'K♦'``), a move as the scenario format does (``'play K♦'``, ``'discard 7♠'``);
- options as their ``to_dict()``, an enum as its value, a small dataclass (``Play``) as a dict of its fields;
- tuples as lists.

``view_from_json`` reads it back by the same hints, so that ``view_from_json(game, view_to_json(view)) == view``
and the coach (``coach.advise``) works from the rebuilt view exactly as from the seat's own.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any

from .. import games
from ..cards import Card, card
from ..tricks import Action, RuleOptions, action_text, parse_action

ACTION_TYPES: frozenset[type] = frozenset(typing.get_args(Action))
JSON = Any  # what json.loads gives: dicts, lists, text, numbers, None


@functools.cache
def view_type(game: str) -> type:
    """The class of a game's views: the return type of its ``observe``."""
    kind: type = typing.get_type_hints(games.get(game).observe)["return"]
    return kind


@functools.cache
def field_hints(kind: Any) -> dict[str, Any]:
    """A dataclass's fields and their types, resolved."""
    hints = typing.get_type_hints(kind)
    return {f.name: hints[f.name] for f in dataclasses.fields(kind)}


def view_to_json(view: Any) -> dict[str, JSON]:
    """A seat's view as JSON-ready values (cards and moves as text)."""
    kind: Any = type(view)
    return {name: encoder(hint)(getattr(view, name)) for name, hint in field_hints(kind).items()}


def view_from_json(game: str, data: dict[str, JSON]) -> Any:
    """The view object of a game again, from ``view_to_json``'s values (a missing or unknown field is refused)."""
    kind = view_type(game)
    hints = field_hints(kind)
    if not isinstance(data, dict) or set(data) != set(hints):
        raise ValueError(f"a {kind.__name__} needs exactly the fields {', '.join(hints)}")
    options = games.get(game).options
    return kind(**{name: from_json(data[name], game_hint(hint, options)) for name, hint in hints.items()})


def game_hint(hint: Any, options: type[RuleOptions]) -> Any:
    """A field's hint, with the game's own options class where a shared view (``plain.PlainView``) says only
    ``RuleOptions``: the options read back are the game's, as the engine and the coach need them."""
    if isinstance(hint, type) and issubclass(options, hint) and issubclass(hint, RuleOptions):
        return options
    return hint


def to_json(value: Any, hint: Any) -> JSON:
    """One value as JSON, as its type hint says."""
    return encoder(hint)(value)


@functools.cache
def encoder(hint: Any) -> Callable[[Any], JSON]:
    """The function that writes values of this type hint as JSON (worked out once a hint: frames are many)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return functools.partial(union_to_json, members=args)
    if origin is tuple and args[-1:] == (...,):
        item = encoder(args[0])
        return lambda value: [item(v) for v in value]
    if origin is tuple:
        items = [encoder(h) for h in args]
        return lambda value: [write(v) for write, v in zip(items, value)]
    if hint is Card:
        return str
    if hint in ACTION_TYPES:
        return action_text
    if isinstance(hint, type) and issubclass(hint, RuleOptions):
        return lambda value: value.to_dict()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value: value.value
    if dataclasses.is_dataclass(hint):
        fields = [(name, encoder(h)) for name, h in field_hints(hint).items()]  # type: ignore[arg-type]
        return lambda value: {name: write(getattr(value, name)) for name, write in fields}
    return lambda value: value  # int, bool, str, None


def union_to_json(value: Any, *, members: tuple[Any, ...]) -> JSON:
    """A value of a union (a move, a seat or None, a move or a hidden discard) as the member it is."""
    if value is None:
        return None
    if type(value) in ACTION_TYPES:
        return action_text(value)  # a card in a move's place is written as a move: 'play K♦'
    for member in members:
        if isinstance(member, type) and isinstance(value, member):
            return encoder(member)(value)
    raise ValueError(f"{value!r} is none of {members}")


def from_json(data: JSON, hint: Any) -> Any:
    """One value back from JSON, as its type hint says (the inverse of ``to_json``)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return union_from_json(data, args)
    if origin is tuple:
        hints = args[:1] * len(data) if args[-1:] == (...,) else args
        if len(hints) != len(data):
            raise ValueError(f"{data!r} should have {len(hints)} items")
        return tuple(from_json(item, item_hint) for item, item_hint in zip(data, hints))
    if hint is Card:
        return card(data)
    if hint in ACTION_TYPES:
        return parse_action(data)
    if isinstance(hint, type) and issubclass(hint, RuleOptions):
        return hint.from_dict(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if dataclasses.is_dataclass(hint):
        fields = field_hints(hint)  # type: ignore[arg-type]
        return hint(**{name: from_json(data[name], h) for name, h in fields.items()})  # type: ignore[operator]
    if isinstance(hint, type) and not isinstance(data, hint):
        raise ValueError(f"{data!r} is not a {hint.__name__}")
    return data


def union_from_json(data: JSON, members: tuple[Any, ...]) -> Any:
    """A union's value back: None, a move from its text, a dataclass from its dict, or a plain value."""
    if data is None and type(None) in members:
        return None
    if isinstance(data, str) and ACTION_TYPES & set(members):
        return parse_action(data)
    wanted = dict if isinstance(data, dict) else type(data)
    for member in members:
        if dataclasses.is_dataclass(member) and wanted is dict and member not in ACTION_TYPES:
            return from_json(data, member)
        if member is wanted:
            return data
    raise ValueError(f"{data!r} is none of {members}")
