"""What the registry promises a new game: it is found by its key or its name, and refused, saying why, if it seats
more than two sides."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator

import pytest

from cardlib import games

import fourth_game as FOURTH


@contextlib.contextmanager
def registered(game: games.GameDescription) -> Iterator[None]:
    """The game registered for a block, and taken out after it unless it was registered before (for the session:
    pytest --register-game)."""
    added = game.key not in games.keys()
    games.register(game)
    try:
        yield
    finally:
        if added:
            games.unregister(game.key)


def test_a_game_is_found_by_its_key_or_its_name_in_any_case() -> None:
    named = dataclasses.replace(FOURTH.DESCRIPTION, key="trumpgame", name="Plain Trümps")
    games.register(named)
    try:
        for asked in ("trumpgame", "TRUMPGAME", "Plain Trümps", "plain trumps", " Plain Trumps "):
            assert games.get(asked) is named
        assert games.get("Écarté").key == "ecarte" and games.get("ALKORT").key == "alkort"
    finally:
        games.unregister("trumpgame")
    with pytest.raises(ValueError, match="there is no game 'Plain Trümps'"):
        games.get("Plain Trümps")


def test_a_game_of_more_than_two_sides_is_refused_at_registration() -> None:
    three = dataclasses.replace(FOURTH.DESCRIPTION, key="threehanded", players=(4, 3))
    with pytest.raises(ValueError, match=r"with 3 players has 3 sides.*two sides only.*play it by 4"):
        games.register(three)
    assert "threehanded" not in games.keys()


def test_the_widgets_ask_a_room_for_its_hooks_and_do_without() -> None:
    from cardlib.widgets.explore import RankComparator
    from cardlib.widgets.notes import TableNotes, notes_for

    for game in games.every():
        assert set(game.hooks) <= set(games.HOOKS), game.key
        for name in game.hooks:
            assert game.hook(name) is not None, (game.key, name)  # each names something that exists
    with pytest.raises(ValueError, match="no part of the course asks for a hook 'colours'"):
        games.get("alkort").hook("colours")
    with registered(FOURTH.DESCRIPTION):
        assert type(notes_for(FOURTH.DESCRIPTION.new_deal(seed=1))) is TableNotes  # no notes of its own: the plain
        with pytest.raises(ValueError, match="cannot judge Trumps's tricks: its room names no trick rule"):
            RankComparator(FOURTH.KEY)


def test_the_rank_comparator_judges_a_new_game_by_its_trick_scenarios() -> None:
    from cardlib.widgets.explore import RankComparator

    import toy_game

    with registered(toy_game.DESCRIPTION):
        comparator = RankComparator(toy_game.KEY, cards="Q♠ A♠")
        assert comparator.winner == 1 and "A♠ wins the trick" in comparator.explanation


def test_a_plain_deal_refuses_more_hands_than_its_pack_holds_and_a_name_that_is_no_game() -> None:
    import toy_game

    with pytest.raises(ValueError, match="4 hands of 2 cards need more than a pack of 6"):
        toy_game.ToyState(players=4)
    for odd in (3, None, ("alkort", 4), "alkort4"):
        with pytest.raises(ValueError, match="there is no game"):
            games.get(odd)
