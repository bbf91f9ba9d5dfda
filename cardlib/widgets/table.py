"""A card table where a learner plays against bots: one deal (``GuidedRound``) or a whole game (``GameTable``).

Both are the same ``Table``: the learner sits in seat 0 (in four-player Alkort with the
bot in seat 2 as partner). Bots move by themselves (``cardlib.players.next_move``) until
the learner has something to decide: a card to play, or a move that is not a card
(Alkort's worthless-hand exchange, Écarté's propose / accept / refuse / discard /
announce, and with ``turned_king = "claimed"`` the dealer's claim of a turned-up King or
his pass). Before each decision the table lists the learner's legal choices; after each
trick it says who won it and by which rule; at the end, how the deal was scored. All
of that is the engine's: ``legal_actions``, ``why_illegal``, ``explain_trick``,
``explain_score``. The table draws and asks; it never decides a rule itself.

The table plays any game the registry knows (``cardlib.games``: Alkort, Écarté, or a game registered by its own
room): it looks the game up for its name, how many play, its options, its deals and its whole game, and asks the deal
who is whose partner, how the sides are named, who played each card and who lost. What a game has to say beyond its
moves (Écarté's trumps, Alkort's first lead) is in ``notes.py``; a game without notes there is played all the same.

Whatever a learner clicks, the answer is a friendly line in the widget: an illegal move
shows the rule it breaks (``IllegalAction``) and leaves the deal as it was.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle  # not among the top-level names

from .. import alkort, ecarte, games
from ..bots.levels import DEFAULT_LEVEL, LEVELS, known_level, level_bot, level_label
from ..cards import Card, show
from ..cards import card as parse_card
from ..contracts import Bot
from ..players import Decision, Player, RandomPlayer, ScriptedPlayer, next_move
from ..tricks import (
    PASS,
    PROPOSE,
    Action,
    Announce,
    Claim,
    DealState,
    Discard,
    Exchange,
    Game,
    IllegalAction,
    RuleOptions,
    action_text,
    option_text,
    parse_action,
)
from .coach import COACH_CSS, CoachPanel
from .faces import card_html, escape, stylesheet
from .notes import LEARNER, TableNotes, notes_for
from .parts import (
    EXCHANGE_WORDS,
    HIDDEN,
    SHOWN,
    GameLog,
    HandWidget,
    ScoreBoard,
    TrickWidget,
    action_label,
    button,
    html_view,
    message_line,
    say,
    shared,
)


# A box is shown by clearing its CSS display: "" rather than None, which a Pyodide kernel (the static
# site) sends to the page as undefined, so that a hidden box would never come back.
def rule_options(game: games.GameDescription, options: RuleOptions | Mapping[str, Any] | None) -> RuleOptions:
    """A game's options from None (its defaults), option names and values (book/rules/), or an options object."""
    return game.options_from(dict(options) if isinstance(options, Mapping) else options)


def players_at(game: games.GameDescription, players: int | None) -> int:
    """How many sit at a table of this game: the usual number unless told (a game played by one number only
    plays it, whatever is asked); a number the game is not played by is refused."""
    if players is None or len(game.players) == 1:
        return game.players[0]
    if players not in game.players:
        raise ValueError(f"{game.name} is played by {' or '.join(map(str, game.players))} players, not {players}")
    return players


# ---------------------------------------------------------------------------
# Players at the table


class LearnersSeat(Player):
    """The learner's seat: the person decides through the widget, so the bot driver stops here."""

    name = "you"

    def decide(self, state: DealState, seat: int) -> Decision:
        # No action to give: the table stops as soon as the learner is to move, and asks the person.
        return Decision(None, "the learner decides")  # type: ignore[arg-type]


def default_bots(
    players: int, seed: int | None, game: games.GameDescription | None = None, level: str = DEFAULT_LEVEL
) -> list[Bot]:
    """The computer players for seats 1..: of the level asked for (by default the game's rule bot, which plays
    sensibly; random play only where no game is named), seeded from the table's seed (None: unseeded)."""
    seeds = [None if seed is None else seed * 101 + seat for seat in range(1, players)]
    if game is None:
        return [RandomPlayer(s) for s in seeds]
    return [level_bot(level, game.key, s) for s in seeds]


Bots = Sequence[Bot | None] | Callable[[int], Sequence[Bot | None]]


def seat_players(
    bots: Bots | None,
    players: int,
    seed: int | None,
    game: games.GameDescription | None = None,
    level: str = DEFAULT_LEVEL,
) -> list[Bot]:
    """One Player per seat: the learner's seat, then the bots (a list for the other seats, or for all seats,
    or a function that makes that list for a number of players); a seat left None gets the game's rule bot."""
    if callable(bots):
        bots = bots(players)
    if bots is None:
        others: list[Bot | None] = list(default_bots(players, seed, game, level))
    else:
        others = list(bots)
        if len(others) == players:
            others = others[1:]
        if len(others) != players - 1:
            raise ValueError(f"give one bot for each of the {players - 1} other seats, not {len(bots)}")
    missing = default_bots(players, seed, game, level)
    return [LearnersSeat(), *(bot if bot is not None else missing[i] for i, bot in enumerate(others))]


# ---------------------------------------------------------------------------
# Preset deals: stacked decks that show one rule, checked in tests/widgets.


class Preset(NamedTuple):
    """A reproducible deal demonstrating a rule."""

    game: str
    players: int
    options: dict[str, Any]
    deck: str
    dealer: int
    description: str


# The games the presets deal, by their keys in the registry (asked of each game's room, not written again).
ALKORT, ECARTE = (games.key_of(kind.game) for kind in (alkort.AlkortOptions, ecarte.EcarteOptions))

PRESETS: dict[str, Preset] = {
    "alkort-stroke": Preset(
        ALKORT,
        4,
        {},
        "K♦ 4♣ 9♥ 2♠ 3♠ 4♠ 2♥ 8♠ 9♦ 2♦ 3♦ 4♦ A♠ A♦ J♠ 9♠ Q♠ K♠ A♥ A♣ J♥ Q♦ K♥ 7♥ J♦ 6♠ 6♦ "
        "7♠ 3♥ Q♥ J♣ 6♥ 6♣ 4♥ 2♣ 3♣ 8♥ Q♣ 9♣ 8♦ K♣ 7♦ 8♣ 7♣",
        3,
        "A stroke. You and your partner (player 2) hold every high card, and you lead. "
        "Count your side's opening run: five tricks in a row from the first is a múk, "
        "more than five is a stroke worth one point per trick of the run.",
    ),
    "alkort-cashed-seven": Preset(
        ALKORT,
        4,
        {},
        "K♦ 7♣ Q♠ 8♠ 9♥ A♥ 9♦ A♦ J♦ 2♥ 4♣ 7♥ 3♠ 4♠ 9♠ J♥ 6♥ Q♦ 6♦ Q♣ 2♣ A♠ J♠ 6♠ K♠ 2♠ 3♥ "
        "2♦ 4♥ K♥ 3♣ 4♦ K♣ Q♥ 3♦ 9♣ 7♠ 8♥ 7♦ 8♦ A♣ 6♣ 8♣ J♣",
        0,
        "A cashed seven. Player 1 leads K♦ and wins the first trick; then it leads 7♣: a seven "
        "led by a player who has already won a trick beats everything, even your 2♥. "
        "You hold 7♥: win a trick yourself and then lead it.",
    ),
    "ecarte-refused-proposal": Preset(
        ECARTE,
        2,
        {},
        "Q♥ J♥ A♥ K♠ Q♠ 10♥ 7♠ 8♣ 9♦ 7♦ 8♥ A♠ 8♠ 9♠ 10♠ J♠ 7♥ 9♥ A♦ 8♦ 10♦ J♦ Q♦ K♦ A♣ 7♣ 9♣ 10♣ J♣ Q♣ K♣ K♥",
        1,
        "A refused proposal. You are the non-dealer with three high trumps (hearts). Propose: "
        "the dealer will refuse, and a dealer who refuses and then loses the point gives you 2 points.",
    ),
}

PRESET_SCRIPTS: dict[str, dict[int, list[tuple[str, str]]]] = {
    "alkort-stroke": {},
    "alkort-cashed-seven": {
        1: [
            ("play K♦", "leads K♦, the highest card, to win a trick first"),
            ("play 7♣", "has won a trick, so it leads its seven to cash it"),
        ]
    },
    "ecarte-refused-proposal": {1: [("refuse", "refuses the proposal: it hopes to win as the cards lie")]},
}


class ScriptedThenRules(ScriptedPlayer):
    """Makes its scripted moves whenever they are legal, and otherwise plays like the bot it is given."""

    name = "scripted"

    def __init__(self, script: Sequence[tuple[str, str]], rules: Bot) -> None:
        super().__init__(script)
        self.rules = rules

    def decide(self, state: DealState, seat: int) -> Decision:
        return self._scripted(state, seat) or self.rules.decide(state, seat)

    def optional(self, state: DealState, seat: int) -> Decision | None:
        return self._scripted(state, seat) or self.rules.optional(state, seat)


def preset_bots(name: str, seed: int | None = 0) -> list[Bot]:
    """Deterministic bots for a preset: its scripted moves, otherwise the game's rule bot."""
    preset = PRESETS[name]
    scripts = PRESET_SCRIPTS.get(name, {})
    rules = default_bots(preset.players, 0 if seed is None else seed, games.get(preset.game))
    return [ScriptedThenRules(scripts.get(seat, ()), rules[seat - 1]) for seat in range(1, preset.players)]


# ---------------------------------------------------------------------------
# Words for moves


def action_tooltip(action: Action, options: RuleOptions) -> str:
    """What a move's button says when pointed at: for a claim or a pass, what the turned-up King is worth (the
    words of the deal's option turned_king); otherwise the button's own text."""
    if isinstance(action, Claim) or action is PASS:
        worth = options.value_words("turned_king")["claimed"]
        return f"The turned-up King {worth} (turned_king = claimed)."
    return action_label(action)


def action_kind(action: Action) -> str:
    """A short CSS-friendly name of a move's kind: propose, accept, refuse, pass, announce, claim, exchange, discard,
    play."""
    if isinstance(action, Card):
        return "play"
    if isinstance(action, (Announce, Claim, Exchange, Discard)):
        return type(action).__name__.lower()
    return str(action)


def choices_text(actions: Sequence[Action]) -> str:
    """The legal choices in words: 'play K♦, play 2♥, propose' (discards summed up by size)."""
    words = [action_text(a) for a in actions if not isinstance(a, Discard)]
    sizes = sorted({len(a.cards) for a in actions if isinstance(a, Discard)})
    if sizes:
        words.append(f"discard {sizes[0]} to {sizes[-1]} cards" if len(sizes) > 1 else f"discard {sizes[0]} cards")
    return ", ".join(words)


TableT = TypeVar("TableT", bound="Table")
Params = ParamSpec("Params")


def friendly(method: Callable[Concatenate[TableT, Params], None]) -> Callable[Concatenate[TableT, Params], None]:
    """Run a click handler; any error becomes a friendly line in the widget instead of a traceback."""

    @functools.wraps(method)
    def guarded(self: TableT, *args: Params.args, **kwargs: Params.kwargs) -> None:
        try:
            method(self, *args, **kwargs)
        except ValueError as error:  # IllegalAction, or text that is not a card or a move
            say(self.message, str(error), warning=True)
        except Exception as error:  # noqa: BLE001 - a learner must never see a traceback
            self.errors.append(error)
            say(
                self.message,
                f"Something went wrong there ({error}). The deal is unchanged; try another move.",
                warning=True,
            )

    return guarded


def option_picker(kind: type[RuleOptions], name: str, value: Any = None) -> widgets.ValueWidget:
    """A picker for one rule option, in the engine's words, with the option's code name small beside them:
    'Who leads the next trick lead_rule: [the winner]'. A number is typed as text, so that '3.7' can be
    refused in the engine's words rather than read as 37 (see ``whole_number``)."""
    choices = kind.describe()[name]
    value = getattr(kind.from_dict({}), name) if value is None else value
    label = picker_label(kind.option_heading(name), name)
    if choices is None:
        picker: widgets.ValueWidget = widgets.Text(
            value=str(value), description=label, description_allow_html=True, continuous_update=False
        )
    else:
        words = kind.value_words(name)
        picker = widgets.Dropdown(
            options=[(value_label(words.get(v, ""), v), v) for v in choices],
            value=value,
            description=label,
            description_allow_html=True,
        )
    style_picker(picker)
    picker.add_class(f"cardlib-option-{name}")
    return picker


def style_picker(picker: widgets.ValueWidget) -> None:
    """Room for an option's words on the left, its values on the right."""
    picker.style.description_width = "430px"
    picker.layout.width = "770px"
    picker.add_class("cardlib-option")


def picker_label(heading: str, code_name: str) -> str:
    """An option picker's label: what the option decides, its code name small beside it."""
    return f'{escape(heading)} <code class="cardlib-code-name">{escape(code_name)}</code>'


def value_label(words: str, value: Any) -> str:
    """An option value in words, with its code value when the words do not already say it: 'the next player
    in turn (rotate)'."""
    code = option_text(value)
    return f"{words} ({code})" if words and code not in words else (words or code)


assert value_label("the next player in turn", "rotate") == "the next player in turn (rotate)"
assert value_label("the winner", "winner") == "the winner" and value_label("", 10) == "10"


def whole_number(text: str) -> int | str:
    """Text typed for a number: an int if it is written as one ('12'), else the text itself, for the engine
    to refuse with its own words ('3.7', '1e3')."""
    return int(text) if re.fullmatch(r"\s*[+-]?\d{1,9}\s*", text) else text.strip()


assert whole_number(" 12 ") == 12 and whole_number("3.7") == "3.7" and whole_number("1e3") == "1e3"


def players_choices(game: games.GameDescription) -> list[tuple[str, int]]:
    """How many may play a game, each number with how they play, as a deal of it says: '4, in two partnerships',
    '2, one against one'."""
    return [(f"{count}, {how_they_play(game.new_deal(players=count, seed=0))}", count) for count in game.players]


def how_they_play(state: DealState) -> str:
    """How the seats of a deal play, in words: 'in two partnerships', 'one against one', 'each for themselves'."""
    if state.partner(LEARNER) is not None:
        return "in two partnerships"
    return "one against one" if state.n_players == 2 else "each for themselves"


# ---------------------------------------------------------------------------
# The table


class Table(widgets.VBox):
    """The shared card table: the learner in seat 0 against bots, one deal at a time.

    What a panel beside the table may read: ``table.state``, the deal being played (a ``DealState``, None until
    the first deal), and ``LEARNER``, the learner's seat (0 at every table); ``table.entry`` is the game's
    registry entry. Under the table, ``table.coach_box`` holds the coach's panel (``table.coach_panel``, a
    ``CoachPanel``: Hint, the review after the deal, Learn from your mistakes), or nothing with ``coach=False``; it
    is shown with the table, in JupyterLab as in the apps. Another panel may take its place
    (``table.coach_box.children = [panel]``)."""

    def __init__(
        self,
        game: str,
        players: int | None,
        options: RuleOptions | Mapping[str, Any] | None,
        seed: int | None,
        bots: Bots | None,
        title: str = "",
        four_colour: bool = False,
        coach: bool = True,
        level: str = DEFAULT_LEVEL,
        offer_levels: bool = False,
    ) -> None:
        self.entry = games.get(game)  # the game's registry entry: its name, pack, players, options, deals
        self.level = known_level(level)
        self.game = self.entry.key
        self.n_players = players_at(self.entry, players)
        self.options = rule_options(self.entry, options)
        self.seed = seed
        self.bots_given = bots
        self.seats: list[Bot] = seat_players(bots, self.n_players, seed, self.entry, level)
        self.state: DealState | None = None  # the deal being played (public: a coach reads it), once started
        self.notes = TableNotes()  # what the table says of the deal beyond its moves: the game's own (``start``)
        self.errors: list[Exception] = []
        self.deal_number, self._move_line = 0, ""
        self._declined: list[Action] = []
        self._new_lines: list[str] = []
        self._before_play_said: list[str] = []  # who leads first and what is shown, as the deal's intro said
        self.message = message_line()
        # A table's title sits under the page's or the chapter's headings: a second-level heading.
        self.title = html_view(f"<h2 style='margin:4px 0;font-size:1.25em'>{escape(title)}</h2>" if title else "")
        play, record = self._play_column(), self._record_column(four_colour, offer_levels)
        self.stylesheet = stylesheet()  # first among the children, so subclasses can put their own pieces after it
        self.coach_panel = self._coach_panel() if coach else None  # it watches the play column: made after it
        self.coach_box = widgets.VBox(
            [self.coach_panel] if self.coach_panel is not None else [], _dom_classes=("cardlib-coach-box",)
        )
        self.table_box = self._lay_out(play, record, self.coach_box)
        super().__init__([self.stylesheet, self.title, self.table_box], _dom_classes=("cardlib", "cardlib-table"))
        self._colour_suits()

    def _play_column(self) -> widgets.VBox:
        """Where the deal is played: the seats, the trick, the prompt, the learner's hand, the moves, the message."""
        self.info = html_view("", "cardlib-info")
        self.trick = TrickWidget(styled=False)  # the table carries the stylesheet for all its pieces
        self.prompt = html_view("", "cardlib-prompt")
        self.hand = HandWidget(
            on_play=self._play_card,
            message=self.message,
            title=f"Your hand (player {LEARNER})",
            styled=False,
            refuse_unplayable=False,  # the engine refuses an illegal card (``_learner_acts``)
        )
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("cardlib-actions",))
        self.action_buttons: list[widgets.Button] = []
        self._button_actions: list[Action | str] = []
        return widgets.VBox(
            [self.info, self.trick, self.prompt, self.hand, self.actions, self.message],
            layout=widgets.Layout(flex="3 1 480px", margin="0 12px 0 0"),
        )

    def _record_column(self, four_colour: bool, offer_levels: bool) -> widgets.VBox:
        """What the deal has come to: the score board, the footer's buttons, the log, the four-colour choice."""
        self.four_colour = widgets.Checkbox(
            value=four_colour,
            indent=False,
            description="Four-colour suits (♦ blue, ♣ green)",
            _dom_classes=("cardlib-four-colour-choice",),
        )
        self.four_colour.observe(lambda _change: self._colour_suits(), names="value")
        self.scoreboard = ScoreBoard(styled=False)
        self._game_log = GameLog(styled=False)
        self.footer = widgets.VBox()  # GameTable puts its "Next deal" button and game-over line here
        levels = [self._level_picker()] if offer_levels else []  # if the table chose its own computer players
        return widgets.VBox(
            [*levels, self.scoreboard, self.footer, self._game_log, self.four_colour],
            layout=widgets.Layout(flex="2 1 300px"),
        )

    def _level_picker(self) -> widgets.Dropdown:
        """The choice of the computer players' level (``bots.levels``), each named with what it does, the level in
        play shown; a change plays again at once with the new level (``_level_chosen``)."""
        self.level_picker = widgets.Dropdown(
            options=[(level_label(level), level) for level in LEVELS],
            value=self.level,
            description="Computer players",
            style=shared(DescriptionStyle, description_width="initial"),
            layout=shared(widgets.Layout, width="auto"),
            _dom_classes=("cardlib-level-pick",),
        )
        self.level_picker.observe(lambda change: self._choose_level(change["new"]), names="value")
        return self.level_picker

    def _choose_level(self, level: str) -> None:
        """Play on with computer players of this level: the deal or the game starts again (a level changed in the
        middle of a deal would not be the same game), and the log says which level plays."""
        self.level = level
        self._level_chosen()

    def _level_chosen(self) -> None:
        """Start again with the new level's players (a guided deal: the same cards; a game: a new game)."""
        raise NotImplementedError

    def _coach_panel(self) -> CoachPanel:
        """The coach's panel for this table, its style in the table's one stylesheet. It computes nothing until the
        learner asks, and makes the widgets of its answers only then."""
        self.stylesheet.value += COACH_CSS
        return CoachPanel(self, styled=False)

    @staticmethod
    def _lay_out(play: widgets.VBox, record: widgets.VBox, under: widgets.VBox) -> widgets.VBox:
        """The play on the left, the score and the log on the right (one column on a narrow screen); under them the
        room for a panel (``coach_box``)."""
        return widgets.VBox([widgets.HBox([play, record], layout=widgets.Layout(flex_flow="row wrap")), under])

    def _colour_suits(self) -> None:
        """Print the cards in four colours (♦ blue, ♣ green) or in the usual two, as the checkbox says."""
        (self.add_class if self.four_colour.value else self.remove_class)("cardlib-four-colour")

    @property
    def log(self) -> GameLog:
        """The table's game log. (It stands in for the traitlets logger, whose calls GameLog passes on.)"""
        return self._game_log

    @property
    def deal(self) -> DealState:
        """The deal being played (every table has one from its first ``start``)."""
        assert self.state is not None, "the table has not started a deal yet"
        return self.state

    # -- names ----------------------------------------------------------------
    def name(self, seat: int) -> str:
        """How the table names a seat: 'You', 'player 2 (partner)' (the deal says who the partner is), 'player 1'."""
        if seat == LEARNER:
            return "You"
        if self.state is not None and seat == self.state.partner(LEARNER):
            return f"player {seat} (partner)"
        return f"player {seat}"

    def side_names(self) -> list[str]:
        """The two sides of the score board, in the deal's words: 'team A (you and player 2)', 'team B (players 1
        and 3)'; or 'you (player 0)', 'player 1' when each plays alone."""
        state = self.deal
        ours, partner = state.side_of(LEARNER), state.partner(LEARNER)
        opponents = state.opponents(LEARNER)
        theirs = state.side_of(opponents[0])
        names = {
            ours: f"{state.side_name(ours)} (you and player {partner})"
            if partner is not None
            else f"you ({state.side_name(ours)})",
            theirs: f"{state.side_name(theirs)} (players {' and '.join(map(str, opponents))})"
            if len(opponents) > 1
            else state.side_name(theirs),
        }
        return [names[side] for side in sorted(names)]

    # -- playing a deal ---------------------------------------------------------
    def start(self, state: DealState) -> None:
        """Sit down to a deal: introduce it, let the bots move until the learner is to decide, and draw."""
        self.state = state
        self.notes = notes_for(state)
        self.deal_number += 1
        self._declined = []
        self._new_lines = []
        self._before_play_said = self._before_play(state)
        for line in self._intro(state):
            self.log.add(line, "info")
        if state.is_over:  # an Écarté turned-up King can end a game before anyone moves
            self._log_end()
        self._advance()
        self._render()
        say(self.message, self._latest() or "")

    def _intro(self, state: DealState) -> list[str]:
        """What the log says as a deal begins: who deals, then the game's own notes (``notes.py``)."""
        return [f"Deal {self.deal_number}: player {state.dealer} deals.", *self.notes.intro(state, self.name)]

    def _before_play(self, state: DealState) -> list[str]:
        """What is fixed at the first card, after any exchange (Alkort: who leads first, what is shown)."""
        return self.notes.before_play(state, self.name)

    def _advance(self) -> None:
        """Let the bots move until the learner has something to decide or the deal is over."""
        state = self.state
        while state is not None and not state.is_over:
            offered = [a for a in state.legal_actions(LEARNER) if a not in self._declined]
            if state.current_player != LEARNER and offered:
                return  # the learner may act out of turn (exchange, announce): ask first
            seat, decision = next_move(state, self.seats)
            if seat == LEARNER:
                return
            try:
                self._apply(seat, decision.action, decision.reason)  # the engine's rules decide, as for the learner
            except IllegalAction as error:
                chose = f"player {seat}'s bot chose {action_text(decision.action)}"
                raise IllegalAction(f"{chose}, which the rules forbid: {error}") from error

    def _apply(self, seat: int, action: Action, reason: str = "") -> None:
        """Apply one move to the deal and log it, with the trick's and the deal's explanations."""
        state = self.deal
        tricks_before = len(state.tricks)
        draws_before = self.notes.drawn(state)
        # What is shown, and who leads, are fixed at the first card, after any exchange: said again if they changed.
        first_card = isinstance(action, Card) and not state.tricks and not state.trick
        fixed_now = self._before_play(state) if first_card else []
        hand_before = list(state.hands[seat])
        state.apply(action)  # the engine's rules decide: an illegal move raises IllegalAction, changing nothing
        for line in fixed_now:
            if line not in self._before_play_said:
                self._log(f"After the exchange: {line}", "info")
        self._move_line = self._move_text(seat, action, reason, hand_before)
        self._log(self._move_line, "move")
        if isinstance(action, Claim) and not state.is_over:  # the point, in the engine's words
            self._log(state.explain_score(), "score")
        if len(state.tricks) > tricks_before:
            self._log(f"Trick {len(state.tricks)}: {state.explain_trick()}", "trick")
            for line in self.notes.draws(state, draws_before, self.name):
                self._log(line, "trick")
        if state.is_over:
            self._log_end()

    def _log_end(self) -> None:
        explanation = self.deal.explain_score()
        self._log(f"The deal is over. {explanation[:1].upper()}{explanation[1:]}", "score")

    def _log(self, text: str, kind: str) -> None:
        self.log.add(text, kind)
        self._new_lines.append(text if kind in ("trick", "score") else "")

    def _latest(self) -> str:
        """The trick and score lines logged since the learner's last move."""
        return " ".join(line for line in self._new_lines if line)

    def _move_text(self, seat: int, action: Action, reason: str, hand_before: list[Card]) -> str:
        """One log line for a move; a bot's line ends with its reason. A bot's discards stay hidden."""
        you = seat == LEARNER
        who = "You" if you else f"Player {seat}"
        s = "" if you else "s"
        if isinstance(action, Card):
            text = f"{who} play{s} {action}"
        elif isinstance(action, Exchange):  # the rules have the hand shown to every player: the log shows it
            text = (
                f"{who} make{s} the worthless-hand exchange, keeping {action.keep} and taking the stock; "
                f"the hand shown: {show(sorted(hand_before))}"
            )
        elif isinstance(action, Announce):
            text = f"{who} announce{s} the King of trumps, {action.king}"
        elif isinstance(action, Discard):
            count = len(action.cards)
            if you:
                drawn = [c for c in self.deal.hands[seat] if c not in hand_before]
                text = f"You discard {show(sorted(action.cards, key=hand_before.index)) or 'nothing'}" + (
                    f" and draw {show(drawn)}" if drawn else ""
                )
            else:
                return f"{who} discards {count} card{'s' * (count != 1)} and draws as many."  # hidden cards
        elif action is PROPOSE:
            text = f"{who} propose{s} an exchange"
        elif isinstance(action, Claim):
            text = f"{who} claim{s} the turned-up King, {action.king}"
        elif action is PASS:
            text = f"{who} pass{'es' * (not you)}, letting the turned-up King go unclaimed"
        else:
            text = f"{who} {action}{s} the proposal"
        return f"{text}." if you or not reason else f"{text} — {reason.rstrip('.')}."

    # -- the learner's moves ----------------------------------------------------
    @friendly
    def _learner_acts(self, action: Action) -> None:
        """Make the learner's move if the engine allows it; otherwise say why, changing nothing."""
        state = self.state
        if state is None:
            say(self.message, "Start a game first.", warning=True)
            return
        if state.is_legal(action) and state.actor(action) != LEARNER:  # no rule broken: it is another seat's move
            say(self.message, f"It is {self.name(state.seat_to_move()).lower()}'s move, not yours.", warning=True)
            return
        self._new_lines = []
        self._apply(LEARNER, action)  # an illegal move: the engine's IllegalAction, said by @friendly
        your_move = self._move_line
        self._advance()
        self._render()
        say(self.message, self._latest() or your_move)

    def _play_card(self, c: Card) -> None:
        self._learner_acts(c)

    @friendly
    def _decline(self) -> None:
        """The learner lets an out-of-turn move pass (no exchange, no announcement yet)."""
        self._declined.extend(self.deal.legal_actions(LEARNER))
        self._new_lines = []
        self._advance()
        self._render()
        say(self.message, self._latest() or "Fine: play goes on.")

    @friendly
    def _discard_selected(self) -> None:
        self._learner_acts(Discard(self.hand.selected))

    # -- convenience handles for tests and notebooks ---------------------------------
    @friendly
    def click_card(self, text: Card | str) -> None:
        """Click a card of the learner's hand ('K♦' or 'KD'); a card not in the hand gets the engine's reason."""
        c = parse_card(text)
        if c in self.hand.cards:
            self.hand.click(c)
        else:
            self._learner_acts(c)

    @friendly
    def click_action(self, text: str) -> None:
        """Click the button of a move: 'propose', 'accept', 'refuse', 'announce K♥', 'exchange K♠',
        'discard 7♠ 8♠' (chooses the cards, then presses Discard), 'pass' or a button's own text."""
        wanted = text.strip()
        for b, action in zip(self.action_buttons, self._button_actions):
            if b.description.lower() == wanted.lower() or action == wanted.lower():
                b.click()
                return
        if wanted.lower() in ("pass", "no thanks", "not now"):
            say(self.message, "There is nothing to let pass now.", warning=True)
            return
        action = parse_action(wanted)
        if isinstance(action, Discard) and self.hand.selecting:
            self.hand.show(self.hand.cards, selecting=True)
            for c in sorted(action.cards):
                if c in self.hand.cards:
                    self.hand.click(c)
            self._discard_selected_with(action)
            return
        if isinstance(action, Card):
            self.click_card(action)
            return
        for b, offered in zip(self.action_buttons, self._button_actions):
            if offered == action:
                b.click()
                return
        self._learner_acts(action)  # not offered: the engine says why

    def _discard_selected_with(self, action: Discard) -> None:
        if set(self.hand.selected) != set(action.cards):  # a card that is not in the hand
            self._learner_acts(action)
            return
        for b, offered in zip(self.action_buttons, self._button_actions):
            if offered == "discard":
                b.click()
                return

    @property
    def legal_choices(self) -> list[Action]:
        """The learner's legal moves now (the engine's)."""
        return [] if self.state is None else self.state.legal_actions(LEARNER)

    # -- drawing -------------------------------------------------------------
    def _render(self) -> None:
        state = self.state
        if state is None:
            return
        self.info.value = self._info_html()
        self.trick.show_state(state, self.name)
        legal = state.legal_actions(LEARNER)
        selecting = any(isinstance(a, Discard) for a in legal)
        if selecting:
            self.hand.show(state.hands[LEARNER], selecting=True)
        else:
            self.hand.show_state(state, LEARNER)
        self.hand.set_turn(bool(legal) and not state.is_over)
        self.prompt.value = self._prompt_html(legal)
        self._draw_actions(legal, selecting)
        self.scoreboard.show_state(state, self.side_names())
        self._render_footer()

    def _render_footer(self) -> None:
        """Subclasses add their own controls under the table."""

    def _draw_actions(self, legal: list[Action], selecting: bool) -> None:
        for old in self.action_buttons:
            old.close()
        pairs: list[tuple[widgets.Button, Action | str]] = []
        for action in legal:
            if isinstance(action, (Card, Discard)):
                continue
            b = button(
                action_label(action),
                f"cardlib-action-{action_kind(action)}",
                tooltip=action_tooltip(action, self.options),
            )
            b.on_click(lambda _b, action=action: self._learner_acts(action))
            pairs.append((b, action))
        if selecting:
            b = button("Discard the chosen cards", "cardlib-action-discard")
            b.on_click(lambda _b: self._discard_selected())
            pairs.append((b, "discard"))
        if legal and self.deal.current_player != LEARNER:
            b = button("No thanks", "cardlib-action-pass", tooltip="Let this chance pass; play goes on")
            b.on_click(lambda _b: self._decline())
            pairs.append((b, "pass"))
        self.action_buttons = [b for b, _ in pairs]
        self._button_actions = [a for _, a in pairs]
        self.actions.children = self.action_buttons

    def _prompt_html(self, legal: list[Action]) -> str:
        state = self.deal
        if state.is_over:
            return "<b>The deal is over.</b> " + escape(state.explain_score())
        if not legal:
            return f"Waiting for {escape(self.name(state.seat_to_move()))}…"
        choices = escape(choices_text(legal))
        offer = f" {EXCHANGE_WORDS}" if any(isinstance(a, Exchange) for a in legal) else ""
        if state.current_player != LEARNER:
            return f"<b>Before play goes on, you may:</b> {choices}.{escape(offer)} Or press <i>No thanks</i>."
        hint = state.explain_choices() + offer  # the rule that binds this move, in the engine's words
        if any(isinstance(a, Discard) for a in legal):
            hint += " Click the cards to throw away, then press Discard."
        return (
            f'<span style="color:#2e7d32;font-weight:bold">▶ Your turn.</span> {escape(hint)}'
            f"<br><small>Your legal choices: {choices}.</small>"
        )

    def _info_html(self) -> str:
        state = self.deal
        seats = []
        for seat in range(self.n_players):
            if seat == LEARNER:
                continue
            backs = (
                '<span class="cardlib-fan">'
                + "".join(card_html(c, face_up=False, size="small") for c in state.hands[seat])
                + "</span>"
            )
            marks = [m for m, on in (("dealer", seat == state.dealer), ("to play", seat == state.current_player)) if on]
            label = self.name(seat) + (f" — {', '.join(marks)}" if marks else "")
            seats.append(f"<div><b>{escape(label)}</b>: {len(state.hands[seat])} cards {backs}</div>")
        return f"<div>{self.notes.facts(state, self.name)}</div>{''.join(seats)}"


# ---------------------------------------------------------------------------
# One deal


class GuidedRound(Table):
    """One deal against bots, with the legal choices before each move and the rules explained after."""

    def __init__(
        self,
        game: str = ALKORT,
        players: int = 4,
        options: RuleOptions | Mapping[str, Any] | None = None,
        seed: int | None = 0,
        preset: str | None = None,
        bots: Sequence[Bot | None] | None = None,
        *,
        dealer: int | None = None,
        deck: Sequence[Card | str] | str | None = None,
        four_colour: bool = False,
        coach: bool = True,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        self.preset = preset
        description = ""
        if preset is not None:
            if preset not in PRESETS:
                raise ValueError(f"there is no preset {preset!r}; the presets are {', '.join(PRESETS)}")
            p = PRESETS[preset]
            game, players, options, deck, dealer = p.game, p.players, p.options, p.deck, p.dealer
            description = p.description
        self.own_bots = bots is None  # our bots can start afresh when the deal is played again
        if preset is not None and bots is None:
            bots = preset_bots(preset, seed)
        name = games.get(game).name
        title = f"A guided deal of {name}"
        own = self.own_bots and preset is None  # a preset's bots play its script: no level to choose
        super().__init__(game, players, options, seed, bots, title, four_colour, coach, level=level, offer_levels=own)
        self.again_button = button("Play this deal again", "cardlib-play-again")
        self.again_button.on_click(lambda _b: self.play_again())
        self.footer.children = [self.again_button]
        self.description = html_view(f"<p>{escape(description)}</p>" if description else "", "cardlib-preset")
        self.children = [self.stylesheet, self.title, self.description, self.table_box]
        self.deck = deck.split() if isinstance(deck, str) else deck
        if dealer is None:  # by default the learner leads: forehand in Alkort, the non-dealer in Écarté
            dealer = self.n_players - 1
        self.dealer = dealer
        self.start(self._new_state())

    def _new_state(self) -> DealState:
        """The deal of this round, dealt afresh: the same cards every time."""
        return self.entry.new_deal(self.options, self.n_players, dealer=self.dealer, seed=self.seed, deck=self.deck)

    @friendly
    def play_again(self) -> None:
        """Deal the same cards again; the table's own bots start afresh, so the same moves replay the same deal."""
        if self.own_bots:
            bots = preset_bots(self.preset, self.seed) if self.preset is not None else None
            self.seats = seat_players(bots, self.n_players, self.seed, self.entry, self.level)
        self.log.clear()
        self.deal_number = 0
        self.start(self._new_state())

    def _render_footer(self) -> None:
        self.again_button.layout.display = SHOWN if self.deal.is_over else HIDDEN

    def _level_chosen(self) -> None:
        self.play_again()


# ---------------------------------------------------------------------------
# A whole game


class GameTable(Table):
    """A whole game to the target score against bots, with a score board and, if asked, rule option pickers: above
    the table, which shows once Start game is pressed; or, with ``play_at_once``, under a game that starts at once
    with the options given, for the next game."""

    def __init__(
        self,
        game: str = ECARTE,
        players: int | None = None,
        options: RuleOptions | Mapping[str, Any] | None = None,
        seed: int | None = None,
        bots: Bots | None = None,
        choose_options: bool = False,
        four_colour: bool = False,
        *,
        play_at_once: bool = False,
        coach: bool = True,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        title = f"A game of {games.get(game).name}"
        super().__init__(
            game, players, options, seed, bots, title, four_colour, coach, level=level, offer_levels=bots is None
        )
        self.match: Game | None = None
        self.games_started = 0
        # A second click of a double click arrives once the first has done its work: it must do nothing.
        self.next_deal_button = button("Next deal", "cardlib-next-deal")
        self.next_deal_button.on_click(lambda _b: self._next_deal_clicked())
        self.new_game_button = button("New game", "cardlib-new-game")
        self.new_game_button.on_click(lambda _b: self._new_game_clicked())
        self.game_over = html_view("", "cardlib-game-over")
        self.footer.children = [self.next_deal_button, self.game_over, self.new_game_button]
        self.option_pickers: dict[str, widgets.ValueWidget] = {}
        self._picker_rows: list[widgets.Widget] = []  # the pickers' heading, pickers, button and message, once made
        self.options_box = widgets.VBox(_dom_classes=("cardlib-options",))
        if choose_options and not play_at_once:
            self._build_pickers("Start game")
            self.options_box.children = self._picker_rows
            self.children = [self.stylesheet, self.title, self.options_box, self.table_box]
            self.table_box.layout.display = HIDDEN
            say(self.options_message, "Choose the rules, then press Start game.")
            return
        if choose_options:
            self._put_rules_button()
        self.start_game(self.options)

    # -- options ------------------------------------------------------------
    def _put_rules_button(self) -> None:
        """Under a game that plays at once, one button that shows the rule pickers. They are made when first
        shown: a page whose first screen is the game has half as many widgets to make and send before its first
        card (each picker is three: itself, its layout and its style)."""
        self.rules_button = button(
            "Choose other rules",
            "cardlib-choose-rules",
            tooltip="Show the rule pickers, to start a new game with other rules",
        )
        self.rules_button.on_click(lambda _b: self.toggle_pickers())
        self.options_box.children = [self.rules_button]
        self.children = [self.stylesheet, self.title, self.table_box, self.options_box]

    def toggle_pickers(self) -> None:
        """Show the rule pickers under the game in play (made the first time, set to the rules of the game in
        play), or hide them again; the button says which it will do."""
        if not self._picker_rows:
            self._build_pickers("New game with these rules")
            say(
                self.options_message,
                "The game above plays these rules. Change any, then press New game with these rules.",
            )
        shown = len(self.options_box.children) > 1
        self.options_box.children = [self.rules_button, *([] if shown else self._picker_rows)]
        self.rules_button.description = self.rules_button.tooltip = "Choose other rules" if shown else "Hide the rules"

    def _build_pickers(self, start: str) -> None:
        """A picker for each rule option, in words (the engine's), with the option's code name beside it; then the
        button that starts a game with them (its words: start)."""
        kind = type(self.options)
        rows: list[widgets.Widget] = []
        if len(self.entry.players) > 1:
            self.players_picker = widgets.Dropdown(
                options=players_choices(self.entry),
                value=self.n_players,
                description=picker_label("Players", "players"),
                description_allow_html=True,
            )
            style_picker(self.players_picker)
            rows.append(self.players_picker)
        for name in kind.describe():
            self.option_pickers[name] = option_picker(kind, name, getattr(self.options, name))
            rows.append(self.option_pickers[name])
        self.options_message = message_line("cardlib-options-message")  # not the table's .cardlib-message
        self.start_button = button(start, "cardlib-start-game")
        self.start_button.on_click(lambda _b: self._start_from_pickers())
        rows += [self.start_button, self.options_message]
        self._picker_rows = [html_view("<b>Rules</b> (the defaults follow the historical sources)"), *rows]

    def chosen_options(self) -> RuleOptions:
        """The options the pickers show (validated by the engine: '3.7' points is refused, not rounded)."""
        return type(self.options).from_dict(
            {
                name: whole_number(p.value) if isinstance(p, widgets.Text) else p.value
                for name, p in self.option_pickers.items()
            }
        )

    def _start_from_pickers(self) -> None:
        players = self.players_picker.value if len(self.entry.players) > 1 else self.n_players
        try:
            options = self.chosen_options()
            self.entry.new_deal(options, players)  # the engine refuses what four can play and two cannot
        except ValueError as error:  # the engine's words for options it refuses
            say(self.options_message, str(error), warning=True)
            return
        say(self.options_message, "")
        self.n_players = players
        self.start_game(options)

    # -- the game -----------------------------------------------------------
    @friendly
    def start_game(self, options: RuleOptions | Mapping[str, Any] | None = None) -> None:
        """Start a new game with these options (by default the table's)."""
        self.options = rule_options(self.entry, options if options is not None else self.options)
        self.seats = seat_players(self._bots_for(self.n_players), self.n_players, self.seed, self.entry, self.level)
        # Each new game of a seeded table is new, and the same from one run to the next.
        seed = None if self.seed is None else self.seed + 1000 * self.games_started
        self.games_started += 1
        self.match = self.entry.new_game(self.options, self.n_players, seed=seed)
        self.deal_number = 0
        self.log.clear()
        self.table_box.layout.display = SHOWN
        changed = self.options.changed()
        self.log.add(
            "New game"
            + (
                f" with {', '.join(f'{k} = {option_text(v)}' for k, v in changed.items())}"
                if changed
                else " with the default rules"
            )
            + ".",
            "info",
        )
        self.log.add(f"Computer players: {self.level}.", "info")
        self.start(self.match.deal)

    def _level_chosen(self) -> None:
        self.start_game(self.options)

    def new_game(self) -> None:
        """Another game, with the rules the pickers show (or the table's)."""
        if self.option_pickers:
            self._start_from_pickers()
        else:
            self.start_game(self.options)

    def _bots_for(self, players: int) -> list[Bot | None] | None:
        """The bots given for the other seats, fitted to this many players (missing seats get the rule bot)."""
        if self.bots_given is None:
            return None
        if callable(self.bots_given):
            return list(self.bots_given(players))
        others = list(self.bots_given)[1:] if len(self.bots_given) == players else list(self.bots_given)
        return (others + [None] * players)[: players - 1]

    @friendly
    def next_deal(self) -> None:
        """Bank the finished deal and deal the next one (the engine says when that is allowed)."""
        if self.match is None:
            say(self.message, "Start a game first.", warning=True)
            return
        self.start(self.match.next_deal())

    def _next_deal_clicked(self) -> None:
        """The Next deal button, shown once a deal is over; a click that comes once the next deal began does nothing."""
        if self.state is not None and self.state.is_over:
            self.next_deal()

    def _new_game_clicked(self) -> None:
        """The New game button, shown once a game is over; a click that comes after the new game began does nothing."""
        if self.match is not None and self.match.is_over:
            self.new_game()

    def winner_text(self) -> str:
        """Who won the game, in words (asked once the game is over)."""
        assert self.match is not None and self.match.winner is not None, "the game is not over yet"
        deal, winner, scores = self.match.deal, self.match.winner, self.match.scores
        loser = deal.game_loser
        assert loser is not None, "a game won has a loser"
        score = f"{scores[winner]} to {scores[loser]}"
        if winner == deal.side_of(LEARNER):
            return f"Game over: {'your team wins' if deal.partner(LEARNER) is not None else 'you win'} {score}!"
        return f"Game over: {self.side_names()[winner]} wins {score}. Better luck next game!"

    def _render_footer(self) -> None:
        over = self.match is not None and self.match.is_over
        deal_over = self.state is not None and self.state.is_over
        self.next_deal_button.layout.display = SHOWN if deal_over and not over else HIDDEN
        self.new_game_button.layout.display = SHOWN if over else HIDDEN
        self.game_over.value = escape(self.winner_text()) if over else ""
        if over and self.winner_text() not in self.log.lines:
            self.log.add(self.winner_text(), "score")
        if over:
            self._new_lines.append(self.winner_text())
