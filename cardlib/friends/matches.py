"""Duplicate matches for a class: several tables play the very same deals, and the teacher's results compare each
side with the others who held the same cards.

A match's tables share the seed, the options, the number of deals and the computer's level, so that at every table
the same seat holds the same cards in each deal (the seats' places fixed, as in duplicate bridge: the deals come
from the seed alone, never from the play). A table may be played by people, by people and the computer, or by the
computer alone (the class's yardstick, played out when the match is made). Each table's record names its match and
keeps the hash of the match's results key (the teacher's link): nothing else is stored for a match.

The results show a deal only once it is over at every table (before that, a table's score would tell the others
about cards they have yet to play), then rank each side of each table by *matchpoints*: in each deal, 2 for each
other table whose side in the same seats did worse (its points less the other side's), 1 for each that did the
same, summed over the deals over everywhere and given as a share of the most possible. Nothing here does any I/O.
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from .. import games
from ..bots.levels import DEFAULT_LEVEL
from ..tricks import as_whole_number
from .tables import (
    COMPUTER,
    MAX_DEALS,
    Record,
    Replay,
    Tables,
    checked_level,
    refused,
    token_hash,
)

MAX_MATCH_TABLES = 30  # a class of 120 at four-handed tables
MATCH_SETTINGS = ("deals", "seed", "options", "idle_seconds", "names", "level")


def create_match(
    tables: Tables, game: str, layouts: Sequence[Sequence[str]], *, play_now: bool = True, **settings: Any
) -> dict[str, Any]:
    """Tables that play the same deals (one ``layouts`` entry a table: its seats, person or computer), with the
    match's id, its results key and seed. ``settings``: ``deals`` (1 by default), ``seed``, ``options``,
    ``idle_seconds``, ``names`` (a list of each table's names by seat), ``level`` (the computer's, at every table:
    its seats, its stand-ins, the computer's own table). A table of the computer alone is played out at once, unless
    not ``play_now`` (a server plays it a move at a time: the strong level's deals take seconds each)."""
    if not isinstance(layouts, (list, tuple)) or not 2 <= len(layouts) <= MAX_MATCH_TABLES:
        raise refused(400, f"a match has from 2 to {MAX_MATCH_TABLES} tables: tables must list each table's seats")
    if tables.store.count() + len(layouts) > tables.limits.max_tables:
        raise refused(503, f"The server holds at most {tables.limits.max_tables} tables: too many for this match now.")
    key, match = secrets.token_urlsafe(18), secrets.token_urlsafe(9)
    common = match_settings(tables, game, settings)
    names = settings.get("names") or [None] * len(layouts)
    if not isinstance(names, (list, tuple)) or len(names) != len(layouts):
        raise refused(400, "names must list each table's names (or null), one entry a table")
    made = []
    for number, (seats, table_names) in enumerate(zip(layouts, names), start=1):
        part = {"match": match, "results_hash": token_hash(key), "match_table": number}
        made.append(tables.create(game, seats, "", part, names=table_names, **common))
        if play_now and COMPUTER in seats and not any(kind != COMPUTER for kind in seats):
            tables.play_on(made[-1]["table"])
    return {"match": match, "results_key": key, "seed": common["seed"], "tables": made}


def match_settings(tables: Tables, game: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """What every table of a match shares: the seed (drawn if not given), the options, the idle time, the computer's
    level, and one deal or a game of a set number of deals, its target out of reach (the match is its deals, at every
    table alike)."""
    unknown = [name for name in settings if name not in MATCH_SETTINGS]
    if unknown:
        names = ", ".join(map(repr, unknown))
        raise refused(400, f"a match has no setting {names}; its settings are {', '.join(MATCH_SETTINGS)}")
    deals = as_whole_number(settings.get("deals", 1))
    if deals is None or not 1 <= deals <= MAX_DEALS:
        raise refused(400, f"a match plays from 1 to {MAX_DEALS} deals, not {str(settings.get('deals'))[:40]!r}")
    options = settings.get("options") or {}
    if deals > 1 and isinstance(options, Mapping):
        options = {**options, **target_out_of_reach(tables, game)}
    seed = settings.get("seed")
    return {
        "seed": secrets.randbits(48) if seed is None else seed,
        "options": options,
        "idle_seconds": settings.get("idle_seconds", 120),
        "whole_game": deals > 1,
        "deals": deals if deals > 1 else 0,
        "level": checked_level(settings.get("level", DEFAULT_LEVEL)),  # refused before any table is made
    }


def target_out_of_reach(tables: Tables, game: str) -> dict[str, int]:
    """The highest target score a table allows, if the game has one (no side reaches it in a match's deals)."""
    try:
        kind = games.get(game).options
    except (ValueError, TypeError):
        return {}  # the table refuses the game in its own words
    if "target_score" not in kind.describe():
        return {}
    return {"target_score": tables.limits.option_number_times * kind.defaults().target_score}


def unfinished_computer_tables(tables: Tables, match: str) -> list[str]:
    """The tables of a match played by the computer alone that have not played all their deals yet."""
    records = tables.store.records_where("match", match, tables.clock())
    return [r.id for r in records if not r.people() and not tables.replayed(r).game_over]


def match_tables(tables: Tables, match: object, key: object) -> list[Replay]:
    """The match's tables replayed, in their order, if the key is the match's (refused in the same words if not,
    and if there is no such match: a guess learns nothing)."""
    now = tables.clock()
    records = tables.store.records_where("match", str(match), now) if isinstance(match, str) and match else []
    if not records or not isinstance(key, str) or not secrets.compare_digest(token_hash(key), records[0].results_hash):
        raise refused(404, "There is no such match, or the results key is wrong: use the teacher's link.")
    return [tables.replayed(record) for record in sorted(records, key=lambda r: r.match_table)]


def finished_deals(replay: Replay) -> list[list[int]]:
    """Each finished deal's points at a table, by side."""
    return replay.deal_points + ([list(replay.state.points)] if replay.state.is_over else [])


def results(tables: Tables, match: object, key: object) -> dict[str, Any]:
    """The match's results as far as every table has played: each deal over everywhere, each table's points in it,
    and the sides ranked by matchpoints."""
    replays = match_tables(tables, match, key)
    record = replays[0].record
    played = [finished_deals(replay) for replay in replays]
    over = min(len(points) for points in played)
    entries = ranking(replays, [points[:over] for points in played])
    return {
        "match": record.match,
        "game": record.game,
        "game_name": games.get(record.game).name,
        "seed": record.seed,
        "level": record.level,
        "deals": record.deals or 1,
        "deals_over_everywhere": over,
        "tables": [table_summary(replay, len(points)) for replay, points in zip(replays, played)],
        "ranking": entries,
    }


def table_summary(replay: Replay, deals_over: int) -> dict[str, Any]:
    """A table in the results: its number, who plays it, how many of its deals are over."""
    record = replay.record
    return {"number": record.match_table, "players": players_of(record), "deals_over": deals_over}


def players_of(record: Record) -> list[str]:
    """Who plays each seat of a table: the name given, 'the computer', or 'player N'."""
    names = list(record.names) + [""] * record.players
    return [
        "the computer" if kind == COMPUTER else names[seat] or f"player {seat}"
        for seat, kind in enumerate(record.seats)
    ]


def ranking(replays: Sequence[Replay], played: Sequence[Sequence[Sequence[int]]]) -> list[dict[str, Any]]:
    """Each side of each table, best first, by matchpoints over the deals given (each table's points by deal)."""
    state = replays[0].state
    sides = sorted({state.side_of(seat) for seat in range(replays[0].record.players)})
    entries = []
    for replay, points in zip(replays, played):
        for side in sides:
            by_deal = [matchpoints(played, replays.index(replay), deal, side) for deal in range(len(points))]
            entries.append(entry(replay, side, [p[side] for p in points], by_deal, len(replays)))
    entries.sort(key=lambda e: (-e["matchpoints"], e["table"], e["side"]))
    for e in entries:
        e["rank"] = 1 + sum(other["matchpoints"] > e["matchpoints"] for other in entries)
    return entries


def margin(points: Sequence[int], side: int) -> float:
    """A side's points in a deal less the others' (their mean, if there are several)."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / max(1, len(others))


def matchpoints(played: Sequence[Sequence[Sequence[int]]], table: int, deal: int, side: int) -> int:
    """A side's matchpoints in a deal: 2 for each other table whose side in its seats did worse, 1 for each the same."""
    mine = margin(played[table][deal], side)
    others = [margin(points[deal], side) for number, points in enumerate(played) if number != table]
    return sum(2 if mine > theirs else 1 if mine == theirs else 0 for theirs in others)


def entry(replay: Replay, side: int, points: list[int], by_deal: list[int], tables: int) -> dict[str, Any]:
    """One side of one table in the ranking."""
    record, state = replay.record, replay.state
    seats = [seat for seat in range(record.players) if state.side_of(seat) == side]
    most = 2 * (tables - 1) * len(by_deal)
    total = sum(by_deal)
    who = ", ".join(players_of(record)[seat] for seat in seats)
    return {
        "table": record.match_table,
        "side": side,
        "side_name": state.side_name(side),
        "who": who,
        "points": points,
        "matchpoints_by_deal": by_deal,
        "matchpoints": total,
        "most": most,
        "percent": round(100 * total / most, 1) if most else None,
    }


def results_csv(found: Mapping[str, Any]) -> str:
    """The ranking as CSV: a row a side of a table, with its points and matchpoints in each deal over everywhere."""
    out = io.StringIO()
    writer = csv.writer(out)
    deals = range(1, int(found["deals_over_everywhere"]) + 1)
    head = ["rank", "table", "side", "players"]
    writer.writerow(
        head
        + [f"deal {d} {what}" for d in deals for what in ("points", "matchpoints")]
        + ["matchpoints", "of", "percent"]
    )
    for e in found["ranking"]:
        per_deal = [value for pair in zip(e["points"], e["matchpoints_by_deal"]) for value in pair]
        row = [e["rank"], e["table"], e["side_name"], e["who"], *per_deal, e["matchpoints"], e["most"], e["percent"]]
        writer.writerow(["" if value is None else value for value in row])
    return out.getvalue()
