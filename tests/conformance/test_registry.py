"""What the registry promises a new game: it is found by its key or its name, and refused, saying why, if it seats
more than two sides."""

from __future__ import annotations

import dataclasses

import pytest

from cardlib import games

import fourth_game as FOURTH


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
