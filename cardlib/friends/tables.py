"""People's tables: a game played by people in different browsers, judged in one place.

A table is a few hundred bytes: the game, its options, the seed, who sits where (a person or the computer), and the
list of moves made. The engine replays that list to the state (``games.get(key).new_game``), and is the only judge
of a move (``apply``; its own message when it refuses one, the state unchanged). Nothing here does any I/O, so the
same code runs in the server, in a kernel and in Pyodide (the static site's pass-the-device mode).

Each person's seat has a secret token (``secrets.token_urlsafe``; only its hash is kept). With it the seat gets its
*frame*: the seat's view (``games.observe``, written out by ``views.view_to_json``) and the table's public facts —
whose turn, who is a person, who is connected, the last trick, the score, its own legal moves and why each other
card of its hand may not be played — never the seed, another hand, the stock or the list of moves. Computer seats
are played at the table's ``level`` (``cardlib.bots.levels``: gentle, by the book, strong; by the book, the game's
rule bot, unless the maker chose); a person's seat left empty longer than the table's ``idle_seconds`` is played at
that level too, until the person is back. Each computer decision is made by a bot seeded from the table's seed, the
seat and the number of moves made, so that a table replayed after a restart makes the same moves. The idle clock of
a seat not heard from since the server started starts then: a server restarted (its SQLite store forgets who was
there) gives each person the whole idle time to come back. The computer moves when a request at its table finds it
to move, before the answer; or, at the strong level, whose decisions take up to a second, after it, a move at a time,
when a server says so (``defer_computer``): other tables are answered between two of its moves.

Every way to reach tables (``Tables`` over a store in memory, SQLite or Redis; the HTTP client) does what the
``TableService`` protocol says, so a page can be written once against it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from .. import games
from ..bots.levels import DEFAULT_LEVEL, LEVELS, known_level, level_bot
from ..contracts import Bot
from ..players import Decision, Player, next_move, public_text
from ..tricks import (
    Action,
    Game,
    IllegalAction,
    OptionError,
    RuleOptions,
    action_text,
    as_whole_number,
    canonical_action,
    in_fixed_order,
)
from .views import view_to_json

PERSON, COMPUTER = "person", "computer"
WAIT, NEXT_DEAL = "wait", "next deal"  # a person lets an out-of-turn move go by; asks for the next deal
CONNECTED_SECONDS = 10.0  # a seat heard from within this long is connected (a waiting page is heard every few s)
MAX_ACTION_TEXT = 120  # no move is longer ('discard' and five cards)
MAX_SEED = 2**48
# A new table's settings, beside its game and seats
SETTINGS = ("options", "idle_seconds", "whole_game", "seed", "deals", "names", "level")
MAX_DEALS = 20  # the most deals a table of a set number of deals plays (a duplicate match's)
MAX_NAME = 24  # the longest name of a player


class TableError(ValueError):
    """A request the tables refuse, with the HTTP status that says why (the message says it in words)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def refused(status: int, message: str) -> TableError:
    """A refusal: 400 malformed, 403 wrong token, 404 no table, 409 not now, 410 expired, 422 illegal, 503 full."""
    return TableError(status, message)


@dataclass(frozen=True)
class Limits:
    """What a table server allows (the demo's are in notebooks/apps/voila/friends.json)."""

    max_tables: int = 200
    tables_per_address: int = 20  # open tables one address may have made (a class's worth); a teacher's key lifts it
    unplayed_seconds: float = 3600  # a table nobody has made a move at is gone this long after it was made
    table_seconds: float = 6 * 3600  # a table nobody moves at for this long expires
    token_seconds: float = 24 * 3600  # a seat's link works this long after the table was made
    max_wait: float = 20.0  # the longest a page's wait for news is held open
    messages_per_second: float = 10.0  # per client (the server's rate limit)
    burst: int = 20  # messages a client may send at once before the rate applies
    address_messages_per_second: float = 500.0  # from one address, all its seats together (a class behind one)
    max_message_bytes: int = 4096
    min_idle_seconds: float = 5.0  # the shortest time a creator may leave an empty seat to a person
    option_number_times: int = 10  # a whole-number option (the target score) at most this many times its default

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Limits:
        """Limits from a settings file's mapping (unknown names are refused)."""
        known = cls.__dataclass_fields__
        unknown = [name for name in values if name not in known]
        if unknown:
            raise ValueError(f"no table limit {unknown[0]!r}; the limits are {', '.join(known)}")
        return cls(**values)


# ---------------------------------------------------------------------------
# The table as stored


@dataclass(frozen=True)
class Record:
    """A table as stored: how to replay it, who sits where, and the moves made (seat, text), first first."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]  # PERSON or COMPUTER, by seat
    token_hashes: tuple[str, ...]  # by seat; '' for a computer seat
    idle_seconds: float  # a person's seat empty this long is played by the rule bot (0: never)
    whole_game: bool  # deals until a side reaches the target score, or one deal
    created: float
    touched: float  # the time of the last move
    expires: float  # the table expires then, unless a move comes first
    tokens_expire: float
    actions: tuple[tuple[int, str], ...] = ()
    names: tuple[str, ...] = ()  # the players' names by seat, as the table's maker gave them ('' for none)
    maker: str = ""  # who made it: a hash of the address (the limit of tables an address), '' for a teacher's
    played: bool = False  # whether a person has made a move (until then it expires after limits.unplayed_seconds)
    deals: int = 0  # a whole game of this many deals (a duplicate match's), or 0: until a side reaches the target
    match: str = ""  # the duplicate match the table is one of ('' for none)
    results_hash: str = ""  # the hash of the match's results key (the teacher's link)
    match_table: int = 0  # the table's number in its match (from 1)
    level: str = DEFAULT_LEVEL  # how the computer plays (``bots.levels``); a record stored before levels: the default

    @property
    def version(self) -> int:
        """How many moves have been made: each move makes a new version."""
        return len(self.actions)

    def to_json(self) -> str:
        """The record as a line of JSON."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """A record back from ``to_json``."""
        data = json.loads(text)
        data["seats"], data["token_hashes"] = tuple(data["seats"]), tuple(data["token_hashes"])
        data["actions"] = tuple((seat, move) for seat, move in data["actions"])
        data["names"] = tuple(data.get("names", ()))
        return cls(**data)

    def with_moves(
        self, moves: Sequence[tuple[int, str]], now: float, limits: Limits, by_person: bool = True
    ) -> Record:
        """The record after these moves, made now: a person's move keeps the table another ``table_seconds``; the
        computer's alone do not keep a table nobody has played at."""
        played = self.played or by_person
        expires = now + limits.table_seconds if played else self.expires
        return replace(self, actions=(*self.actions, *moves), touched=now, expires=expires, played=played)

    def people(self) -> list[int]:
        """The seats people sit at."""
        return [seat for seat, kind in enumerate(self.seats) if kind == PERSON]


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256 (a stolen copy of the tables gives no seat away)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_table(
    game: str,
    *,
    seats: Sequence[str],
    now: float,
    limits: Limits = Limits(),
    maker: str = "",
    match: Mapping[str, Any] | None = None,
    **settings: Any,
) -> tuple[Record, dict[int, str]]:
    """A new table and the token of each person's seat (by seat), checked the way the engine checks a new game.
    ``settings``: any of ``SETTINGS``; ``match``: the duplicate match's id and results key hash, for its tables."""
    check_seats(seats, computers_only=match is not None)
    try:
        description = games.get(game)
        players = description.players_from(len(seats))
    except (ValueError, TypeError) as error:
        raise refused(400, str(error)) from None
    chosen = checked_options(description, settings.pop("options", None), limits)
    tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == PERSON}
    record = Record(
        id=secrets.token_urlsafe(9),
        game=description.key,
        players=players,
        options=chosen.changed(),
        seats=tuple(seats),
        token_hashes=tuple(token_hash(tokens[s]) if s in tokens else "" for s in range(players)),
        created=now,
        touched=now,
        expires=now + (limits.table_seconds if not maker else min(limits.table_seconds, limits.unplayed_seconds)),
        tokens_expire=now + limits.token_seconds,
        maker=maker,
        **checked_settings(settings, players, limits),
        **(match or {}),
    )
    Replay(record)  # options that cannot be played by this many players are refused here, by the engine
    return record, tokens


def checked_settings(settings: Mapping[str, Any], players: int, limits: Limits) -> dict[str, Any]:
    """A new table's settings but its options, each checked: the seed, the idle time, one deal or a game of them,
    how many deals, the players' names, the computer's level."""
    idle_seconds = settings.get("idle_seconds", 60.0)
    check_idle(idle_seconds, limits)
    seed = settings.get("seed")
    return {
        "seed": secrets.randbits(48) if seed is None else checked_seed(seed),
        "idle_seconds": float(idle_seconds),
        "whole_game": checked_flag(settings.get("whole_game", True), "whole_game"),
        "deals": checked_deals(settings.get("deals", 0)),
        "names": checked_names(settings.get("names"), players),
        "level": checked_level(settings.get("level", DEFAULT_LEVEL)),
    }


def checked_level(level: object) -> str:
    """The level the computer plays at (its seats, and standing in for an absent person): one of ``LEVELS``."""
    try:
        return str(known_level(level))  # a str subclass is stored as the plain text
    except ValueError:
        names = ", ".join(map(repr, LEVELS))
        raise refused(400, f"level (how the computer plays) must be one of {names}, not {repr(level)[:40]}") from None


def checked_deals(deals: object) -> int:
    """How many deals a whole game plays: 0 (until a side reaches the target) or from 1 to MAX_DEALS."""
    number = as_whole_number(deals)
    if number is None or not 0 <= number <= MAX_DEALS:
        raise refused(
            400, f"deals must be 0 (play to the target score) or from 1 to {MAX_DEALS}, not {str(deals)[:40]!r}"
        )
    return number


def checked_names(names: object, players: int) -> tuple[str, ...]:
    """The players' names by seat ('' or null for none), each at most MAX_NAME characters of printable text."""
    if names is None:
        return ()
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise refused(400, f"names must be a list of {players} names, one a seat ('' or null for none)")
    for name in names:
        if name is not None and not (isinstance(name, str) and len(name) <= MAX_NAME and name.isprintable()):
            raise refused(400, f"a name is text of at most {MAX_NAME} printable characters, not {str(name)[:40]!r}")
    return tuple((name or "").strip() for name in names)


def check_seats(seats: object, computers_only: bool = False) -> None:
    """Every seat is a person's or the computer's, and at least one is a person's (but at a match's table of the
    computer, the class's yardstick)."""
    if not isinstance(seats, (list, tuple)) or not all(kind in (PERSON, COMPUTER) for kind in seats):
        raise refused(400, f"seats must be a list of {PERSON!r} or {COMPUTER!r}, one for each seat")
    if PERSON not in seats and not computers_only:
        raise refused(400, "a table for friends needs at least one person's seat")


def checked_options(description: games.GameDescription, options: object, limits: Limits) -> RuleOptions:
    """The game's options from a mapping of names to values, as the engine checks them, each whole number no more
    than ``limits.option_number_times`` its default (the rules allow any target score: a table must end)."""
    if options is not None and not isinstance(options, Mapping):
        raise refused(400, "options must be a mapping of option names to values, like {'target_score': 5}")
    try:
        chosen: RuleOptions = description.options_from(dict(options or {}))
    except (ValueError, TypeError) as error:
        raise refused(400, str(error)) from None
    defaults = type(chosen).defaults()
    for name, choices in type(chosen).describe().items():
        most = limits.option_number_times * getattr(defaults, name)
        if choices is None and getattr(chosen, name) > most:
            raise refused(
                400,
                f"{name} at a people's table is from 1 to {most} ({limits.option_number_times} times the rules' "
                f"{getattr(defaults, name)}), not {getattr(chosen, name)!r}",
            )
    return chosen


def checked_seed(seed: object) -> int:
    """A seed given for the deals (the same seed, the same deals: duplicate tables): a whole number below 2**48."""
    number = as_whole_number(seed)
    if number is None or not 0 <= number < MAX_SEED:
        raise refused(400, f"seed must be a whole number from 0 to {MAX_SEED - 1}, not {str(seed)[:40]!r}")
    return number


def checked_flag(value: object, name: str) -> bool:
    """A yes-or-no setting: true or false, nothing else."""
    if not isinstance(value, bool):
        raise refused(400, f"{name} must be true or false, not {str(value)[:40]!r}")
    return value


def check_idle(idle_seconds: object, limits: Limits) -> None:
    """The time an empty seat waits for its person: 0 (for ever) or at least the server's minimum."""
    if not isinstance(idle_seconds, (int, float)) or isinstance(idle_seconds, bool):
        raise refused(400, f"idle_seconds must be a number of seconds, not {idle_seconds!r}")
    if idle_seconds != 0 and not limits.min_idle_seconds <= idle_seconds <= limits.table_seconds:
        raise refused(
            400,
            f"idle_seconds must be 0 (wait for ever) or from {limits.min_idle_seconds:g} "
            f"to {limits.table_seconds:g} seconds, not {idle_seconds!r}",
        )


def check_token(record: Record, seat: object, token: object, now: float) -> int:
    """The seat, if the token is its own and still valid; otherwise refused, saying no more than needed."""
    number = as_whole_number(seat)  # a numpy integer will do; True, 1.0 and '1' will not
    if number is None or not 0 <= number < record.players:
        raise refused(403, "No such seat at this table.")
    seat = number
    if record.seats[seat] != PERSON:
        raise refused(403, f"Seat {seat} is the computer's: nobody may play it.")
    if not isinstance(token, str) or not secrets.compare_digest(token_hash(token), record.token_hashes[seat]):
        raise refused(403, "Wrong token for this seat: use the link you were given for it.")
    if now > record.tokens_expire:
        raise refused(410, "This seat's link has expired: ask for a new table.")
    return seat


def check_alive(record: Record | None, now: float) -> Record:
    """The record, if the table exists and has not expired."""
    if record is None:
        raise refused(404, "There is no such table (it may have expired).")
    if now > record.expires:
        raise refused(410, "This table has expired: nobody moved for too long.")
    return record


def too_many_tables(limits: Limits) -> str:
    """Why one more table may not be made from this address."""
    return (
        f"Your address has made {limits.tables_per_address} open tables, the most one address may have: play or "
        f"leave them (a table nobody plays at is gone {limits.unplayed_seconds / 60:g} minutes after it was made), "
        "or make a class's tables with the teacher's key."
    )


# ---------------------------------------------------------------------------
# The table replayed


class PersonsSeat(Player):
    """A person's seat: the bot driver stops when it is this seat's turn."""

    name = "person"

    def decide(self, state: Any, seat: int) -> Decision:
        return Decision(None, "a person decides")  # type: ignore[arg-type]


class ComputerSeat(Player):
    """The computer at one seat of a table, at the table's level: a bot made afresh for each decision, seeded from
    the table's seed, the seat and the moves made so far, so that the same table makes the same moves wherever it is
    replayed (after a restart, on another server), whatever was asked of its bots before (the gentle level's random
    player would otherwise draw from one running sequence, which a restart starts again)."""

    def __init__(self, replay: Replay, seat: int) -> None:
        self.replay, self.seat = replay, seat
        self.name = replay.record.level

    def bot(self) -> Bot:
        """The bot for the decision at hand."""
        record = self.replay.record
        return level_bot(record.level, record.game, decision_seed(record.seed, self.seat, self.replay.version))

    def decide(self, state: Any, seat: int) -> Decision:
        """The level's move in its turn."""
        return self.bot().decide(state, seat)

    def optional(self, state: Any, seat: int) -> Decision | None:
        """The level's answer to a move offered out of turn."""
        return self.bot().optional(state, seat)


def decision_seed(seed: int, seat: int, version: int) -> int:
    """A computer decision's seed: a function of the table's seed, the seat and how many moves were made."""
    return int.from_bytes(hashlib.sha256(f"{seed}|{seat}|{version}".encode()).digest()[:4], "big")


class Replay:
    """A table's game replayed from its record: the engine's state, and what the table waits for."""

    def __init__(self, record: Record) -> None:
        self.record = record
        description = games.get(record.game)
        try:
            self.game: Game = description.new_game(record.options, record.players, seed=record.seed)
        except (OptionError, ValueError) as error:
            raise refused(400, str(error)) from None
        self.deal_number = 1
        self.deal_points: list[list[int]] = []  # each finished deal's points, by side, before the one played
        self.declined: dict[int, set[Action]] = {}  # out-of-turn moves each seat let go by, this deal
        self.bots = [ComputerSeat(self, seat) for seat in range(record.players)]
        self.version = 0
        self.idle_since = record.created  # an empty seat's idle clock starts here (the server's start, if later)
        for seat, move in record.actions:
            self.make(seat, move)

    @property
    def state(self) -> Any:
        """The deal being played."""
        return self.game.deal

    def make(self, seat: int, move: str) -> None:
        """Make a move already judged (a record's): the engine applies it."""
        if move == WAIT:
            self.declined.setdefault(seat, set()).update(self.state.legal_actions(seat))
        elif move == NEXT_DEAL:
            self.deal_points.append(list(self.state.points))
            self.game.next_deal()
            self.deal_number += 1
            self.declined = {}
        else:
            self.state.apply(move)
        self.version += 1

    def catch_up(self, record: Record) -> bool:
        """Make the moves a newer record of this table adds; False if it is not this table's continuation."""
        if record.id != self.record.id or record.actions[: self.version] != self.record.actions[: self.version]:
            return False
        for seat, move in record.actions[self.version :]:
            self.make(seat, move)
        self.record = record
        return True

    # -- what a seat may do
    def offered(self, seat: int) -> list[Action]:
        """The engine's legal moves for a seat, less the out-of-turn ones it let go by."""
        legal = self.state.legal_actions(seat)
        if self.state.current_player == seat:
            return legal
        return [a for a in legal if a not in self.declined.get(seat, ())]

    def legal_texts(self, seat: int) -> list[str]:
        """What a seat may send now, as text: its moves, 'wait' for an out-of-turn offer, 'next deal'."""
        state = self.state
        if state.is_over:
            return [NEXT_DEAL] if self.more_deals() and self.record.seats[seat] == PERSON else []
        offered = self.offered(seat)
        texts = [action_text(a) for a in in_fixed_order(offered)]  # pack order, as the view lists them
        return texts + [WAIT] if offered and state.current_player != seat else texts

    def more_deals(self) -> bool:
        """Whether another deal follows this one (a whole game not over; a match's deals not all played)."""
        record = self.record
        capped = bool(record.deals) and self.deal_number >= record.deals
        return record.whole_game and not self.game.is_over and not capped

    @property
    def game_over(self) -> bool:
        """Whether the table has played all it will: its deal is over and no other follows."""
        return self.state.is_over and not self.more_deals()

    def judge(self, seat: int, text: object) -> str:
        """The move as the engine writes it, if this seat may make it now; refused with the rule's words if not."""
        if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
            raise refused(400, f"A move is a short text like 'play K♦', not {str(text)[:40]!r}.")
        words = text.strip().lower()
        if words in (WAIT, NEXT_DEAL):
            if words not in self.legal_texts(seat):
                raise refused(409, self.why_not_now(seat, words))
            return words
        try:
            move = canonical_action(text)
        except IllegalAction as error:
            raise refused(400, str(error)) from None
        if move not in self.offered(seat):
            raise refused(422 if self.is_my_turn(seat) else 409, self.why_illegal(seat, move))
        return action_text(move)

    def is_my_turn(self, seat: int) -> bool:
        """Whether the seat has something to decide now."""
        return bool(self.offered(seat))

    def why_not_now(self, seat: int, words: str) -> str:
        """Why 'wait' or 'next deal' cannot be sent now."""
        if words == NEXT_DEAL:
            if not self.state.is_over:
                return "The deal is not over yet: play it to the end first."
            return "The game is over." if self.game.is_over or self.record.whole_game else "This table plays one deal."
        return "There is no move offered to you out of turn: nothing to let go by."

    def why_illegal(self, seat: int, move: Action) -> str:
        """The engine's reason, unless giving it would tell this seat about cards it may not see."""
        state = self.state
        if state.is_over:
            return "The deal is over: no more moves."
        if not self.is_my_turn(seat):
            return f"It is not your turn: {self.waiting_text()}"
        # The engine explains from the holder's side ('K♠ is not in the hand of the player to play', 'nobody holds
        # ...'), and its words differ with where the card is: a card not in this seat's hand gets one answer wherever
        # it is (another hand, the stock, the cards put aside, played, turned up), so no refusal says where.
        unheld = [c for c in cards_named(move) if c not in state.hands[seat]]
        if unheld:
            return f"You do not hold {unheld[0]}."
        if state.current_player != seat:  # an out-of-turn offer: only the moves offered may be made
            return f"You may {' or '.join(self.legal_texts(seat))} now, or wait for your turn."
        return state.why_illegal(move) or f"{action_text(move)} is not allowed now."

    # -- who the table waits for
    def standing_in(self, presence: Mapping[int, float], now: float) -> set[int]:
        """People's seats the rule bot plays now: empty longer than the table allows."""
        idle = self.record.idle_seconds
        if not idle:
            return set()
        since = max(self.record.created, self.idle_since)
        return {s for s in self.record.people() if now - presence.get(s, since) > idle}

    def waiting_for(self, standing_in: Iterable[int] = ()) -> list[int]:
        """The seats the table waits for now (people's seats with a decision, or any person after a deal)."""
        if self.state.is_over:
            return [s for s in self.record.people() if self.legal_texts(s)]
        by_people = [s for s in self.record.people() if s not in standing_in]
        return [s for s in by_people if self.offered(s)]

    def advance(self, standing_in: set[int], most: int | None = None) -> list[tuple[int, str]]:
        """Let the computer (and the bot standing in for an absent person) move until a person is to decide, or
        ``most`` moves are made (a table of the computer alone played a little at a time)."""
        players = [
            self.bots[s] if kind == COMPUTER or s in standing_in else PersonsSeat()
            for s, kind in enumerate(self.record.seats)
        ]
        moves: list[tuple[int, str]] = []
        while (most is None or len(moves) < most) and self.deal_on(moves):
            current = self.state.current_player
            if any(s != current and self.offered(s) for s in self.record.people() if s not in standing_in):
                break  # a person may move out of turn (an exchange, an announcement): asked first
            seat, decision = next_move(self.state, players)
            if decision.action is None:
                break
            text = action_text(canonical_action(decision.action))
            self.make(seat, text)
            moves.append((seat, text))
        return moves

    def deal_on(self, moves: list[tuple[int, str]]) -> bool:
        """Whether the deal goes on; at a table of the computer alone (a match's), its next deal is dealt here."""
        if self.state.is_over and not self.record.people() and self.more_deals():
            self.make(0, NEXT_DEAL)
            moves.append((0, NEXT_DEAL))
        return not self.state.is_over

    def waiting_for_as_seen_by(self, seat: int, standing_in: Iterable[int] = ()) -> list[int]:
        """Who the table waits for, as one seat may know it: the player to move, and itself if it has a move
        offered out of turn. Another's offer stays hidden: that an Alkort hand may be exchanged says it is
        worthless."""
        waiting = self.waiting_for(standing_in)
        if self.state.is_over:
            return waiting
        return [s for s in waiting if s in (self.state.current_player, seat)]

    def waiting_text(self) -> str:
        """Who is to move, in words (what every seat may know)."""
        if self.state.is_over:
            return "the deal is over."
        return f"player {self.state.current_player} to move."


def cards_named(move: Action) -> list[Any]:
    """The cards a move names (a card played, kept, announced, claimed, discarded)."""
    if hasattr(move, "rank"):
        return [move]
    named = getattr(move, "cards", None) or [getattr(move, name, None) for name in ("keep", "king")]
    return sorted(c for c in named if c is not None)


def seen_by(state: Any, seat: int) -> set[Any]:
    """Every card a seat's view shows it (its hand, the cards played, shown, announced or turned up); not a listing
    of the whole pack (a plain game's view has one), which says nothing of where any card is."""
    found: set[Any] = set()
    collect_cards(games.observe(state, seat), found, frozenset(games.of(state).pack))
    return found


def collect_cards(value: Any, found: set[Any], pack: frozenset[Any]) -> None:
    """Every card in a value (a view, its tuples and its small dataclasses), into ``found``."""
    if type(value).__name__ == "Card":
        found.add(value)
    elif isinstance(value, (tuple, list, frozenset, set)):
        if len(value) < len(pack) or not all(c in value for c in pack):
            for item in value:
                collect_cards(item, found, pack)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, RuleOptions):
        for name in value.__dataclass_fields__:
            collect_cards(getattr(value, name), found, pack)


# ---------------------------------------------------------------------------
# A seat's frame


def frame_of(replay: Replay, seat: int, presence: Mapping[int, float], now: float) -> dict[str, Any]:
    """All a seat is sent: its view and the table's public facts (no seed, no other hand, no stock, no move list)."""
    record, state = replay.record, replay.state
    standing_in = replay.standing_in(presence, now)
    description = games.get(record.game)
    return {
        "table": record.id,
        "game": record.game,
        "game_name": description.name,
        "players": record.players,
        "seat": seat,
        "version": record.version,
        "options": state.options.to_dict(),
        "whole_game": record.whole_game,
        "idle_seconds": record.idle_seconds,
        "level": record.level,  # how the computer plays its seats and stands in: a setting every seat may know
        "seats": seats_of(replay, presence, now, standing_in),
        "turn": state.current_player,
        "waiting_for": replay.waiting_for_as_seen_by(seat, standing_in),
        "deal_number": replay.deal_number,
        "dealer": state.dealer,
        "sides": [state.side_name(side) for side in range(2)],
        "seat_sides": [state.side_of(s) for s in range(record.players)],  # the side each seat plays for, by seat
        "partner": state.partner(seat),
        "names": list(record.names),
        "deals": record.deals,
        "scores": list(state.scores),
        "points": list(state.points),
        "deal_over": state.is_over,
        "game_over": replay.game_over,
        "winner": state.game_winner if state.is_over else None,
        "last_trick": last_trick(state),
        "moves": public_moves(replay, seat),
        "legal": replay.legal_texts(seat),
        "reasons": card_reasons(replay, seat),
        "explanation": explanation(state, seat),
        "message": table_message(replay, seat, standing_in),
        "view": view_to_json(games.observe(state, seat)),
    }


def card_reasons(replay: Replay, seat: int) -> dict[str, str]:
    """On the seat's turn, why each card of its own hand may not be played now: the engine's own message for that
    move at the real state (``Replay.why_illegal``, which names no card the seat may not see); {} otherwise."""
    state = replay.state
    if state.is_over or state.current_player != seat:
        return {}
    offered = set(replay.offered(seat))
    return {str(c): replay.why_illegal(seat, c) for c in in_fixed_order(state.hands[seat]) if c not in offered}


def seats_of(replay: Replay, presence: Mapping[int, float], now: float, standing_in: set[int]) -> list[dict]:
    """Each seat: a person's or the computer's, connected or not, and whether the bot plays it for its person."""
    return [
        {
            "seat": seat,
            "kind": kind,
            "connected": kind == COMPUTER or now - presence.get(seat, -1e18) <= CONNECTED_SECONDS,
            "bot_standing_in": seat in standing_in,
        }
        for seat, kind in enumerate(replay.record.seats)
    ]


def last_trick(state: Any) -> dict[str, Any] | None:
    """The last finished trick of this deal, and why it went to whom."""
    if not state.tricks:
        return None
    trick = state.tricks[-1]
    return {
        "number": len(state.tricks),
        "leader": trick.leader,
        "cards": [str(c) for c in trick.cards],
        "winner": trick.winner,
        "explanation": state.explain_trick(),
    }


def public_moves(replay: Replay, seat: int) -> list[dict[str, Any]]:
    """This deal's moves as this seat saw them: another's discard says how many cards, not which."""
    deal_moves: list[tuple[int, str]] = []
    for mover, move in replay.record.actions:
        if move == NEXT_DEAL:
            deal_moves = []
        elif move != WAIT:
            deal_moves.append((mover, move))
    return [
        {"seat": mover, "text": move if mover == seat else public_text(canonical_action(move))}
        for mover, move in deal_moves
    ]


def decisions_of(state: Any, seat: int) -> list[dict[str, Any]]:
    """A seat's decisions in a deal (``coach.decisions``: where, and what it chose), each with its view then."""
    from .. import coach  # the coach's search is not needed to play: loaded when a review is asked for

    return [
        {
            "number": number,
            "chosen": str(chosen) if isinstance(chosen, coach.Wait) else action_text(chosen),
            "view": view_to_json(games.observe(coach.position_at(state, number), seat)),
        }
        for number, chosen in coach.decisions(state, seat)
    ]


def explanation(state: Any, seat: int) -> str:
    """The rule behind this seat's choice when it is to move, or how the deal was scored once it is over."""
    if state.is_over:
        return str(state.explain_score())
    return str(state.explain_choices()) if state.current_player == seat else ""


def table_message(replay: Replay, seat: int, standing_in: set[int]) -> str:
    """What the table says to this seat now: whose turn, and which absent people the computer plays for."""
    parts = [
        f"Player {s} is away: the computer plays for them until they come back." for s in sorted(standing_in - {seat})
    ]
    if replay.state.is_over:
        parts.append("The game is over." if replay.game_over and replay.record.whole_game else "The deal is over.")
    elif seat in replay.waiting_for(standing_in):
        parts.append("Your turn.")
    else:
        parts.append(f"Waiting for {replay.waiting_text()}")
    return " ".join(parts)


# ---------------------------------------------------------------------------
# Where tables are kept, and the service


class Store(Protocol):
    """Where records live: in memory, in SQLite, in Redis. ``save`` is a compare-and-set on the version."""

    def get(self, table: str) -> Record | None: ...
    def add(self, record: Record) -> None: ...
    def save(self, record: Record, expected_version: int) -> bool: ...
    def count(self) -> int: ...
    def records_where(self, name: str, value: str, now: float) -> list[Record]: ...
    def purge(self, now: float) -> int: ...
    def touch(self, table: str, seat: int, now: float) -> bool: ...
    def presence(self, table: str) -> dict[int, float]: ...


class SeatsHeard:
    """When each seat of each table was last heard from, as one server (or one page) keeps it in memory."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[int, float]] = {}

    def touch(self, table: str, seat: int, now: float) -> bool:
        """A seat was heard from now; True if it was not connected before."""
        seen = self.seen.setdefault(table, {})
        before = seen.get(seat)
        seen[seat] = now
        return before is None or now - before > CONNECTED_SECONDS

    def presence(self, table: str) -> dict[int, float]:
        """When each seat was last heard from (by this server)."""
        return dict(self.seen.get(table, {}))


class MemoryStore(SeatsHeard):
    """Records in a dict: for one page (pass the device) and the tests."""

    def __init__(self) -> None:
        super().__init__()
        self.records: dict[str, Record] = {}

    def get(self, table: str) -> Record | None:
        """The record of a table, or None."""
        return self.records.get(table)

    def add(self, record: Record) -> None:
        """Keep a new table."""
        self.records[record.id] = record

    def save(self, record: Record, expected_version: int) -> bool:
        """Keep a newer record, if the stored one is still at the version it was read at."""
        stored = self.records.get(record.id)
        if stored is None or stored.version != expected_version:
            return False
        self.records[record.id] = record
        return True

    def count(self) -> int:
        """How many tables are kept."""
        return len(self.records)

    def records_where(self, name: str, value: str, now: float) -> list[Record]:
        """The open tables whose record has this value in this field (their maker, their match)."""
        return [r for r in self.records.values() if getattr(r, name) == value and r.expires >= now]

    def purge(self, now: float) -> int:
        """Forget the expired tables; how many."""
        old = [table for table, record in self.records.items() if now > record.expires]
        for table in old:
            del self.records[table]
            self.seen.pop(table, None)
        return len(old)


class TableService(Protocol):
    """What a page needs of the tables, wherever they are: in memory, behind HTTP, on one device."""

    def create(self, game: str, seats: Sequence[str], **settings: Any) -> dict[str, Any]: ...
    def frame(self, table: str, seat: int, token: str) -> dict[str, Any]: ...
    def move(self, table: str, seat: int, token: str, action: str, version: int) -> dict[str, Any]: ...
    def wait(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict[str, Any]: ...


@dataclass
class Tables:
    """The tables service over a store: creates tables, judges moves, lets the computer play, serves frames."""

    store: Store = field(default_factory=MemoryStore)
    limits: Limits = Limits()
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], None] = time.sleep
    replays: dict[str, Replay] = field(default_factory=dict)  # the tables replayed lately, kept to skip a replay
    on_change: Callable[[str], None] = lambda table: None  # told of every change a waiting seat must hear of
    # A server on an event loop (FriendsServer) makes the computer's moves after its answer, a move at a time, so that
    # a strong computer keeps no other table waiting: a request then makes none if this, told of the table, says True
    defer_computer: Callable[[str], bool] = lambda table: False
    started: float = field(init=False)  # when this server started (its clock's time when made)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def create(
        self, game: str, seats: Sequence[str], maker: str = "", match: Mapping[str, Any] | None = None, **settings: Any
    ) -> dict[str, Any]:
        """A new table: its id, and the token of each person's seat (by seat, as text keys for JSON). ``maker``:
        who asks (the server's hash of an address), held to ``limits.tables_per_address`` open tables, each gone
        after ``limits.unplayed_seconds`` if nobody plays at it; '' (a teacher's key, a page's own tables) for none."""
        now = self.clock()
        unknown = [name for name in settings if name not in SETTINGS]
        if unknown:
            names = ", ".join(map(repr, unknown))
            raise refused(400, f"a table has no setting {names}; its settings are {', '.join(SETTINGS)}")
        self.store.purge(now)
        if self.store.count() >= self.limits.max_tables:
            raise refused(503, f"The server holds its limit of {self.limits.max_tables} tables: try again later.")
        if maker and len(self.store.records_where("maker", maker, now)) >= self.limits.tables_per_address:
            raise refused(429, too_many_tables(self.limits))
        record, tokens = new_table(game, seats=seats, now=now, limits=self.limits, maker=maker, match=match, **settings)
        self.store.add(record)
        return {"table": record.id, "tokens": {str(seat): token for seat, token in tokens.items()}}

    def frame(self, table: str, seat: int, token: str, heard: bool = True) -> dict[str, Any]:
        """The seat's frame now (the computer having moved first, if it is its turn); ``heard``: the asking shows
        the seat's person is there (not when a page's kernel asks for them: their browser's heartbeat says so)."""
        replay, seat, presence, now = self.seated(table, seat, token, heard)
        return frame_of(replay, seat, presence, now)

    def move(self, table: str, seat: int, token: str, action: str, version: int) -> dict[str, Any]:
        """Make a person's move, judged by the engine, then the computer's (unless deferred); kept before the answer."""
        replay, seat, _, now = self.seated(table, seat, token)
        if version != replay.record.version:
            raise refused(
                409, f"The table has moved on (version {replay.record.version}, not {version!r}): look again."
            )
        move = replay.judge(seat, action)
        record = replay.record
        presence = self.store.presence(record.id)
        try:
            replay.make(seat, move)
            moves = [(seat, move), *self.computers_moves(replay, presence, now)]
        except Exception:
            self.replays.pop(record.id, None)  # half made: replay it from the record next time
            raise
        self.keep(replay, record, record.with_moves(moves, now, self.limits))
        return frame_of(replay, seat, presence, now)

    def wait(self, table: str, seat: int, token: str, since_version: int, timeout: float) -> dict[str, Any]:
        """The seat's frame as soon as the table is past ``since_version`` or its seats change, or at the timeout."""
        deadline = self.clock() + max(0.0, min(float(timeout), self.limits.max_wait))
        first = self.status(table, seat, token)
        while first[0] <= since_version and self.clock() < deadline:
            self.sleep(min(0.05, max(0.0, deadline - self.clock())))
            if self.status(table, seat, token) != first:
                break
        return self.frame(table, seat, token)

    def status(self, table: str, seat: int, token: str, heard: bool = True) -> tuple[int, list[dict[str, Any]]]:
        """The table's version and its seats (who is connected, where the bot stands in): what a waiting seat
        watches, without making its whole frame."""
        replay, seat, presence, now = self.seated(table, seat, token, heard)
        return replay.record.version, seats_of(replay, presence, now, replay.standing_in(presence, now))

    def here(self, table: str, seat: int, token: str) -> dict[str, Any]:
        """A heartbeat from the seat's own browser: its person is there (what keeps a seat connected)."""
        replay, seat, _, _ = self.seated(table, seat, token)
        return {"table": replay.record.id, "seat": seat, "connected": True}

    def decisions(self, table: str, seat: int, token: str, heard: bool = True) -> dict[str, Any]:
        """The seat's own decisions in the deal being played (or just finished), each with the view it decided from:
        for the coach's review after the deal, which a page can ask for again after a reload."""
        replay, seat, _, _ = self.seated(table, seat, token, heard)
        return {
            "deal_number": replay.deal_number,
            "deal_over": replay.state.is_over,
            "decisions": decisions_of(replay.state, seat),
        }

    # -- shared steps
    def seated(
        self, table: str, seat: object, token: str, heard: bool = True
    ) -> tuple[Replay, int, dict[int, float], float]:
        """The table replayed up to date, the seat checked (and heard from), and the computer moved if it may."""
        now = self.clock()
        record = check_alive(self.store.get(str(table)), now)
        seat = check_token(record, seat, token, now)
        if heard and self.store.touch(record.id, seat, now):
            self.on_change(record.id)  # the others' frames now show this seat connected
        replay = self.replayed(record)
        presence = self.store.presence(record.id)
        moves = self.computers_moves(replay, presence, now)
        if moves:
            try:
                self.keep(replay, record, record.with_moves(moves, now, self.limits, by_person=False))
            except TableError:  # another server let the computer move first: show what it stored
                replay = self.replayed(check_alive(self.store.get(record.id), now))
        return replay, seat, presence, now

    def computers_moves(self, replay: Replay, presence: Mapping[int, float], now: float) -> list[tuple[int, str]]:
        """The computer's moves (and a stand-in's) a request makes: all, up to a person's decision; or none, when a
        server makes them after its answer (``defer_computer``), at a level that thinks long."""
        if LEVELS[replay.record.level].thinks_long and self.defer_computer(replay.record.id):
            return []
        return replay.advance(replay.standing_in(presence, now))

    def play_on(self, table: str, most: int | None = None) -> int:
        """Let the computer (and the bot standing in for an absent person) move at this table until a person is to
        decide, or ``most`` moves are made; how many it made, each kept before the next."""
        now = self.clock()
        record = check_alive(self.store.get(table), now)
        replay = self.replayed(record)
        moves = replay.advance(replay.standing_in(self.store.presence(record.id), now), most)
        if moves:
            self.keep(replay, record, record.with_moves(moves, now, self.limits, by_person=False))
        return len(moves)

    def replayed(self, record: Record) -> Replay:
        """The record's game replayed, from the one kept if it can catch up."""
        kept = self.replays.get(record.id)
        if kept is None or not kept.catch_up(record):
            kept = self.replays[record.id] = Replay(record)
            kept.idle_since = self.started  # who was there before this server started is not known here
            if len(self.replays) > 2 * self.limits.max_tables:
                self.replays.pop(next(iter(self.replays)))
        return kept

    def keep(self, replay: Replay, before: Record, after: Record) -> None:
        """Store the new record (written before anyone hears of the move); refused if another server moved first."""
        if not self.store.save(after, before.version):
            self.replays.pop(before.id, None)  # what was replayed here is not what is stored
            raise refused(409, "Another move was made at this table at the same moment: look again.")
        replay.record = after
        self.on_change(after.id)
