"""Two widgets for exploring without playing: a deal explorer and a rank comparator.

``DealExplorer`` deals a seeded hand and says what the engine sees in it: in Alkort the
ranked cards (with their tier) and the rubbish, and whether the hand may make the
worthless-hand exchange; in Écarté the turned-up trump, the stock and the King of trumps.

``RankComparator`` lets a learner pick the cards of a trick and shows who wins and why,
in the engine's own words (``alkort.explain_trick``, ``ecarte.explain_trick``);
``AlkortRankLab`` puts it under pickers for the Alkort options that decide a trick, and
``DealExplorerApp`` the deal explorer under those that decide what a hand holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, cast

import ipywidgets as widgets

from .. import alkort, ecarte, games
from ..cards import SUIT_NAMES, Card, show
from ..cards import card as parse_card
from ..cards import hand as parse_hand
from ..tricks import RuleOptions
from .faces import card_html, escape, stylesheet
from .parts import html_view, message_line, say
from .table import ALKORT, button, option_picker, players_at, rule_options

ORDINALS = ("1st", "2nd", "3rd", "4th")


def faces(cards: Sequence[Card], size: str = "normal", game: str | None = None) -> str:
    """Several card faces side by side (in Alkort, each named in Icelandic too: ``card_title``)."""
    return "".join(card_html(c, size=size, game=game) for c in cards)


class DealExplorer(widgets.VBox):
    """Deal a seeded hand and see what the engine makes of it; "New deal" deals the next seed."""

    def __init__(
        self,
        game: str = ALKORT,
        players: int = 4,
        seed: int = 0,
        options: RuleOptions | Mapping[str, Any] | None = None,
    ) -> None:
        self.entry = games.get(game)  # the game's registry entry: name, players, options, deals
        self.game = self.entry.key
        self.n_players = players_at(self.entry, players)
        self.options = rule_options(self.entry, options)
        self.seed = seed
        self.state: Any = None  # the deal explored
        self.hand_cards: list[Card] = []
        self.ranked: list[tuple[Card, str]] = []
        self.rubbish: list[Card] = []
        self.king_holder: int | None = None
        self.new_deal_button = button("New deal", "cardlib-new-deal")
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.heading = widgets.HTML()
        self.view = widgets.HTML()
        self.view.add_class("cardlib-explorer")
        self.verdict = widgets.HTML()
        self.verdict.add_class("cardlib-verdict")
        self.message = message_line()
        super().__init__([stylesheet(), self.heading, self.view, self.verdict, self.new_deal_button, self.message])
        self.add_class("cardlib")
        self.add_class("cardlib-deal-explorer")
        self.deal(seed)

    def new_deal(self) -> None:
        """Deal the next seed."""
        self.deal(self.seed + 1)

    def deal(self, seed: int) -> None:
        """Deal with this seed and describe it."""
        try:
            self.seed = seed
            self.heading.value = f"<b>{escape(self.entry.name)}: deal number {seed}</b>"
            own = self.entry.hook("explore_deal")  # the room's own account of a deal, if it has one: else the hand
            if own is not None:
                own(self, self.options)
            else:
                self.deal_any(self.options)
            say(self.message, "")
        except Exception as error:  # noqa: BLE001 - a learner never sees a traceback
            say(self.message, f"Could not deal: {error}", warning=True)

    def deal_any(self, options: Any) -> None:
        """A game with no explorer of its own: the learner's hand, and what the deal says of its score."""
        state = self.state = self.entry.new_deal(options, self.n_players, seed=self.seed)
        self.hand_cards = list(state.hands[0])
        self.view.value = f"<div>Your hand (player 0): {faces(self.hand_cards, game=options.game)}</div>"
        self.verdict.value = escape(state.explain_score()) if any(state.points) else ""

    def deal_alkort(self, options: alkort.AlkortOptions) -> None:
        """Alkort: the ranked cards with their tier, the rubbish, and who may make the worthless-hand exchange."""
        state = self.entry.new_deal(options, self.n_players, seed=self.seed)
        self.state = state
        self.hand_cards = list(state.hands[0])
        by_strength = sorted(self.hand_cards, key=lambda c: -alkort.strength(c, options))
        self.ranked = [(c, alkort.tier_name(c, options)) for c in by_strength if alkort.is_ranked(c, options)]
        self.rubbish = [c for c in by_strength if not alkort.is_ranked(c, options)]
        ranked = "".join(
            f'<span class="cardlib-seat" style="display:inline-block;text-align:center">'
            f"{card_html(c, game=options.game)}<br><small>{escape(tier)}</small></span>"
            for c, tier in self.ranked
        )
        self.view.value = (
            f"<div>Your hand (player 0): {escape(show(self.hand_cards))}</div>"
            f"<div><b>Ranked</b> ({len(self.ranked)}), highest first:<br>{ranked or '<i>none</i>'}</div>"
            f"<div><b>Rubbish</b> ({len(self.rubbish)}):<br>"
            f"{faces(self.rubbish, game=options.game) or '<i>none</i>'}</div>"
        )
        blockers = alkort.exchange_blockers(self.hand_cards, options)
        if alkort.may_exchange(self.hand_cards, options):
            verdict = (
                '<span class="cardlib-verdict-yes">✔ This hand may make the worthless-hand exchange</span>: '
                "none of its cards could beat a led low eight. Before the first lead you may keep one card, "
                "discard the rest and take the stock."
            )
        else:
            verdict = (
                '<span class="cardlib-verdict-no">✘ No exchange for this hand</span>: '
                f"{escape(show(blockers))} could beat a led low eight."
            )
        others = [seat for seat in range(1, self.n_players) if state.may_exchange_now(seat)]
        if others:
            verdict += f"<br>In this deal {', '.join(f'player {s}' for s in others)} may exchange."
        self.verdict.value = verdict

    def deal_ecarte(self, options: ecarte.EcarteOptions) -> None:
        """Écarté: trumps, the stock, both hands, and who holds the King of trumps."""
        state = self.entry.new_deal(options, dealer=0, seed=self.seed)
        self.state = state
        self.hand_cards = list(state.hands[ecarte.non_dealer(state.dealer)])
        king = state.king_of_trumps
        self.king_holder = state.holder(king)
        trump = SUIT_NAMES[state.trump]
        self.view.value = (
            f"<div>Turned up: {card_html(state.turned_up)} — trumps are <b>{trump}</b> ({state.trump}).</div>"
            f"<div>Stock: <b>{len(state.stock)}</b> cards.</div>"
            f"<div>Player 1, the non-dealer: {faces(state.hands[1], 'small')}</div>"
            f"<div>Player 0, the dealer: {faces(state.hands[0], 'small')}</div>"
        )
        if any(state.points):
            verdict = escape(state.explain_score())
        elif self.king_holder is not None:
            role = "the dealer" if self.king_holder == state.dealer else "the non-dealer"
            verdict = (
                f"Player {self.king_holder} ({role}) holds {king}, the King of trumps: announced before "
                f"that player's first card, it scores 1 point."
            )
        else:
            verdict = (
                f"Neither hand holds {king}, the King of trumps: it is in the stock, and an exchange may bring it."
            )
        self.verdict.value = verdict


class RankComparator(widgets.VBox):
    """Pick the cards of a trick (the first is led) and see who wins and why, in the engine's words."""

    def __init__(
        self,
        game: str = ALKORT,
        options: RuleOptions | Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        cards: Sequence[Card | str] | str | None = None,
        trump: str = "♣",
    ) -> None:
        self.entry = games.get(game)  # the game's registry entry: its name, pack, players and options
        self.game = self.entry.key
        self.rule = trick_rule_of(self.entry)
        self.options = rule_options(self.entry, options)
        self.n_cards = players_at(self.entry, players)  # one card a player
        self.pack = self.entry.pack
        controls, extras = self._controls(cards, trump)
        self.table = html_view("", "cardlib-trick")
        self.result = html_view("", "cardlib-result")
        self.message = message_line()
        self.winner: int | None = None
        self.explanation, self._holding = "", False
        row = widgets.HBox(controls, layout=widgets.Layout(flex_flow="row wrap"))
        title = widgets.HTML(f"<b>Who wins this trick? ({escape(self.entry.name)})</b>")
        super().__init__([stylesheet(), title, row, widgets.HBox(extras), self.table, self.result, self.message])
        self.add_class("cardlib")
        self.add_class("cardlib-comparator")
        self.update()

    def _controls(
        self, cards: Sequence[Card | str] | str | None, trump: str
    ) -> tuple[list[widgets.Widget], list[widgets.Widget]]:
        """The pickers of the trick's cards (and of trumps, if the game's rule asks for them), and beneath them the
        boxes the rule asks for otherwise (the leader has won a trick, the first trick); each updates the verdict."""
        self.card_pickers = self._card_pickers(self._first_cards(cards))
        self.trump_picker = widgets.Dropdown(
            options=[(f"{s} {SUIT_NAMES[s]}", s) for s in SUIT_NAMES], value=trump, description="trumps"
        )
        self.trump_picker.layout.width = "180px"
        self.leader_has_won = widgets.Checkbox(value=False, description="leader has won a trick", indent=False)
        self.first_trick = widgets.Checkbox(value=False, description="first trick", indent=False)
        controls: list[widgets.Widget] = [*self.card_pickers, *([self.trump_picker] if self.rule.trumps else [])]
        extras: list[widgets.Widget] = [] if self.rule.trumps else [self.leader_has_won, self.first_trick]
        for control in controls + extras:
            control.add_class("cardlib-picker")
            control.observe(lambda _change: self.update(), names="value")
        return controls, extras

    def _card_pickers(self, start: list[Card]) -> list[widgets.Dropdown]:
        """One picker per card of the trick, each offering the whole pack, the first for the led card."""
        return [
            widgets.Dropdown(
                options=[(str(c), c) for c in self.pack],
                value=c,
                description="led" if i == 0 else ORDINALS[i],
                layout=widgets.Layout(width="140px"),
            )
            for i, c in enumerate(start)
        ]

    def _first_cards(self, cards: Sequence[Card | str] | str | None) -> list[Card]:
        """The cards to show first: those given (of this pack, as many as a trick holds), topped up by defaults."""
        given = [c for c in parse_hand(cards) if c in self.pack] if cards is not None else []
        defaults = parse_hand(self.rule.first_cards)
        start = given[: self.n_cards]
        start += [c for c in defaults + list(self.pack) if c not in start][: self.n_cards - len(start)]
        return start

    @property
    def cards(self) -> list[Card]:
        """The cards picked, the led card first."""
        return [p.value for p in self.card_pickers]

    def pick(
        self,
        *cards: Card | str,
        trump: str | None = None,
        leader_has_won: bool | None = None,
        first_trick: bool | None = None,
    ) -> None:
        """Set the pickers as a learner would (cards as 'K♦' or 'KD'), then show the verdict once."""
        try:
            chosen = [parse_card(c) for c in cards]
        except ValueError as error:
            say(self.message, str(error), warning=True)
            return
        outside = [c for c in chosen if c not in self.pack]
        if outside:
            say(self.message, f"{show(outside)} is not in the {self.entry.name} pack.", warning=True)
            return
        if len(chosen) > len(self.card_pickers):
            say(self.message, f"A trick here has {len(self.card_pickers)} cards, not {len(chosen)}.", warning=True)
            return
        self._holding = True
        try:
            for picker, c in zip(self.card_pickers, chosen):
                picker.value = c
            if trump is not None:
                self.trump_picker.value = parse_card("K" + trump).suit
            if leader_has_won is not None:
                self.leader_has_won.value = leader_has_won
            if first_trick is not None:
                self.first_trick.value = first_trick
        except Exception as error:  # noqa: BLE001 - e.g. a card not in this game's pack
            say(self.message, f"That cannot be picked here: {error}", warning=True)
            return
        finally:
            self._holding = False
        self.update()

    def update(self) -> None:
        """Ask the engine who wins the trick as picked, and why."""
        if self._holding:
            return
        cards = self.cards
        twice = [c for c, n in Counter(cards).items() if n > 1]
        self.table.value = self._trick_html(cards)
        if twice:
            self.winner, self.explanation = None, ""
            self.result.value = ""
            say(
                self.message,
                f"Pick different cards: {show(twice)} is picked twice, but a pack holds each card once.",
                warning=True,
            )
            return
        try:
            self.winner, self.explanation = self.rule.judge(self, cards)
        except Exception as error:  # noqa: BLE001
            self.winner, self.explanation = None, ""
            self.result.value = ""
            say(self.message, f"The engine could not judge that trick: {error}", warning=True)
            return
        w = cards[self.winner]
        who = "the leader" if self.winner == 0 else f"the {ORDINALS[self.winner]} player"
        face = card_html(w, size="small", game=self.options.game)
        self.result.value = (
            f"<div style='font-size:16px'><b>Winner: {face} {w}</b> "
            f"— played by {who}.</div><div>{escape(self.explanation)}</div>"
        )
        self.table.value = self._trick_html(cards, self.winner)
        say(self.message, "")

    def _trick_html(self, cards: Sequence[Card], winner: int | None = None) -> str:
        """The trick's cards in a row, each named by its place (led, second, …), the winner's marked."""
        return "".join(
            f'<span class="cardlib-seat{" cardlib-winner" if i == winner else ""}" '
            f'style="display:inline-block;text-align:center;margin:0 4px">'
            f"{card_html(c, game=self.options.game)}<br><small>{'led' if i == 0 else ORDINALS[i]}</small></span>"
            for i, c in enumerate(cards)
        )


def judge_alkort(comparator: RankComparator, cards: list[Card]) -> tuple[int, str]:
    """Alkort's engine on the trick picked: who wins it, and why (with the leader's won trick, the first trick)."""
    options = cast(alkort.AlkortOptions, comparator.options)  # only Alkort's room names this judge (trick_rule)
    args = (cards, comparator.leader_has_won.value, comparator.first_trick.value, options)
    return alkort.trick_winner(*args), alkort.explain_trick(*args)


def judge_ecarte(comparator: RankComparator, cards: list[Card]) -> tuple[int, str]:
    """Écarté's engine on the trick picked: who wins it, and why (with the trumps picked)."""
    trump = comparator.trump_picker.value
    return ecarte.trick_winner(cards, trump), ecarte.explain_trick(cards, trump)


class TrickRule(NamedTuple):
    """How the comparator asks a game's engine who wins a trick: the cards it shows first, whether it asks for the
    trumps (else for the leader's won trick and the first trick), and the engine's verdict with its words."""

    first_cards: str
    trumps: bool
    judge: Callable[[RankComparator, list[Card]], tuple[int, str]]


ALKORT_TRICKS = TrickRule("A♠ 9♦ K♦ 2♥", False, judge_alkort)  # Alkort's room names it (its trick_rule hook)
ECARTE_TRICKS = TrickRule("A♦ J♦", True, judge_ecarte)  # and Écarté's


def trick_rule_of(game: games.GameDescription) -> TrickRule:
    """How the comparator judges the game's tricks: the rule its room names (its ``trick_rule`` hook), or else its
    'trick' scenarios' own judge (a game checked with them says who wins a trick); a game with neither is refused."""
    own = game.hook("trick_rule")
    if own is not None:
        return cast(TrickRule, own)
    kind = game.scenarios.get("trick")
    if kind is None or kind.run is None or not kind.required <= {"cards", "trump"}:
        raise ValueError(f"the rank comparator cannot judge {game.name}'s tricks: its room names no trick rule")
    first = " ".join(str(c) for c in game.pack[: min(game.players)])
    return TrickRule(first, "trump" in kind.required, judge_by_scenario)


def judge_by_scenario(comparator: RankComparator, cards: list[Card]) -> tuple[int, str]:
    """A game's own trick rule, as its 'trick' scenarios run it: who wins, and which card does."""
    kind = comparator.entry.scenarios["trick"]
    assert kind.run is not None  # trick_rule_of chose this judge for a kind that runs
    given: dict[str, Any] = {
        "cards": cards,
        **({"trump": comparator.trump_picker.value} if comparator.rule.trumps else {}),
    }
    winner = int(kind.run(given, comparator.options)["winner"])
    return winner, f"By {comparator.entry.name}'s trick rule, {cards[winner]} wins the trick."


#: The Alkort options that decide who wins a trick: the rank lab has a picker for each.
TRICK_OPTIONS = ("seven_lead", "ranking", "low_eights_ranked", "rubbish_order")


class AlkortRankLab(widgets.VBox):
    """Alkort's RankComparator under pickers for the options that decide a trick and for the number of players;
    options the engine refuses together are refused in its words, and the cards picked stay as the options change."""

    def __init__(self, players: int = 4) -> None:
        self.pickers = {name: option_picker(alkort.AlkortOptions, name) for name in TRICK_OPTIONS}
        self.players = widgets.ToggleButtons(
            options=[("4 players", 4), ("2 players", 2)],
            value=players,
            description="Players",
            style={"description_width": "430px"},
        )
        self.message = message_line("cardlib-options-message")
        self.comparator: RankComparator | None = None
        super().__init__()
        self.add_class("cardlib-rank-lab")
        for control in [*self.pickers.values(), self.players]:
            control.observe(lambda _change: self.refresh(), names="value")
        self.refresh()

    def refresh(self) -> None:
        """A fresh comparator for the options and trick size chosen, with the cards picked so far; or, for options
        the engine refuses, its reason and no comparator (the last one judged by other rules)."""
        controls = [*self.pickers.values(), self.players, self.message]
        options = options_from(games.get(ALKORT), self.pickers, self.message)
        if options is None:
            self.children = controls
            return
        old = self.comparator
        cards = old.cards if old is not None and len(old.cards) == self.players.value else None
        self.comparator = RankComparator(ALKORT, options=options, players=self.players.value, cards=cards)
        self.children = [*controls, self.comparator]


#: The Alkort options that decide what a dealt hand holds: which cards are ranked, and whether it is worthless.
HAND_OPTIONS = ("ranking", "low_eights_ranked", "rubbish_order")


def explorer_games() -> list[tuple[str, tuple[str, int]]]:
    """The deal explorer's choices, from the registry: 'Alkort, 4 players', 'Alkort, 2 players', 'Écarté'."""
    return [
        (f"{game.name}, {count} players" if len(game.players) > 1 else game.name, (game.key, count))
        for game in games.every()
        for count in game.players
    ]


class DealExplorerApp(widgets.VBox):
    """The deal explorer app: a game to choose and, for a game whose room asks for them (its ``explorer_options``
    hook: Alkort's options that decide what a hand holds), pickers for some of its options. The deal number stays as
    the game or the rules change, so that the same deal is seen under each."""

    def __init__(self, seed: int = 1) -> None:
        choices = explorer_games()
        self.game = widgets.ToggleButtons(options=choices, value=choices[0][1], description="game")
        self.game.add_class("cardlib-game-choice")
        self.pickers_by_game: dict[str, dict[str, widgets.ValueWidget]] = {}
        self.message = message_line("cardlib-options-message")
        self.seed = seed
        self.explorer: DealExplorer | None = None
        super().__init__()
        self.add_class("cardlib-deal-explorer-app")
        self.game.observe(lambda _change: self.refresh(), names="value")
        self.refresh()

    @property
    def pickers(self) -> dict[str, widgets.ValueWidget]:
        """The pickers of the game chosen (made the first time it is chosen); none for a game that asks for none."""
        key = self.game.value[0]
        if key not in self.pickers_by_game:
            entry = games.get(key)
            names = entry.hook("explorer_options") or ()
            made = {name: option_picker(entry.options, name) for name in names}
            for picker in made.values():
                picker.observe(lambda _change: self.refresh(), names="value")
            self.pickers_by_game[key] = made
        return self.pickers_by_game[key]

    def refresh(self) -> None:
        """A fresh explorer for the game and the options chosen, at the same deal number; for options the engine
        refuses together, its reason and no explorer."""
        if self.explorer is not None:
            self.seed = self.explorer.seed  # "New deal" moves it on
        game, players = self.game.value
        if not self.pickers:
            self.explorer = DealExplorer(game, players, seed=self.seed)
            self.children = [self.game, self.explorer]
            return
        controls = [self.game, *self.pickers.values(), self.message]
        options = options_from(games.get(game), self.pickers, self.message)
        self.explorer = None if options is None else DealExplorer(game, players, self.seed, options)
        self.children = controls if self.explorer is None else [*controls, self.explorer]


def options_from(
    game: games.GameDescription, pickers: Mapping[str, widgets.ValueWidget], message: widgets.HTML
) -> RuleOptions | None:
    """The game's options the pickers show; or None, with the engine's reason in the message, for options it refuses
    together (Alkort's short ranking with the low Eights ranked, say)."""
    try:
        options = game.options.from_dict({name: picker.value for name, picker in pickers.items()})
    except ValueError as error:  # OptionError
        say(message, str(error), warning=True)
        return None
    say(message, "")
    return options
