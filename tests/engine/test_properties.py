"""Property tests over random deals with random options (Hypothesis).

For thousands of random deals: the cards are conserved after every action of every
kind, every legal action is accepted and changes the state, every other action (and
whatever is not an action at all: a tuple, a number, None) is refused with the state
unchanged, every deal ends with the points the rulebook gives, and a replayed log
gives the same deal — replayed from the engine's actions, from actions built by hand
with fresh ``Card(rank, suit)``, and from their text. The scoring checks here are
written again from the rulebook (book/rules/alkort.md, book/rules/ecarte.md),
independently of the engine, so the two can catch each other out.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import (
    ALKORT_PACK,
    ECARTE_PACK,
    FULL_PACK,
    Card,
    IllegalAction,
    OptionError,
    action_text,
    alkort,
    ecarte,
    parse_action,
)
from cardlib.tricks import ACCEPT, PASS, PROPOSE, REFUSE, Action, Announce, Call, Claim, Discard, Exchange, RuleOptions


def playable(cls: type[RuleOptions], values: dict, players: int) -> bool:
    """Whether these option values can be played together, by this many players (the engine says)."""
    try:
        options = cls(**values)
        if isinstance(options, alkort.AlkortOptions):
            alkort.check_options(options, players)
    except OptionError:
        return False
    return True


def options_strategy(cls: type[RuleOptions], players: int = 2) -> st.SearchStrategy:
    """Any combination of a game's option values that can be played by this many (target scores from 1 to 12)."""
    fields = {
        name: st.sampled_from(choices) if choices else st.integers(1, 12) for name, choices in cls.describe().items()
    }
    return st.fixed_dictionaries(fields).filter(lambda values: playable(cls, values, players)).map(lambda v: cls(**v))


def random_options(cls: type[RuleOptions], players: int, rng: random.Random) -> RuleOptions:
    """A random combination of option values that can be played by this many."""
    while True:
        values = {
            name: rng.choice(choices) if choices else rng.randint(1, 12) for name, choices in cls.describe().items()
        }
        if playable(cls, values, players):
            return cls(**values)


def new_state(game: str, seed: int, options: RuleOptions, dealer: int, scores_before: list[int]):
    """A seeded deal of 'alkort4', 'alkort2' or 'ecarte'."""
    if game == "ecarte":
        assert isinstance(options, ecarte.EcarteOptions)
        return ecarte.EcarteState(options, dealer=dealer % 2, seed=seed, scores_before=scores_before)
    assert isinstance(options, alkort.AlkortOptions)
    players = 4 if game == "alkort4" else 2
    return alkort.AlkortState(options, players=players, dealer=dealer % players, seed=seed, scores_before=scores_before)


games = st.sampled_from(["alkort4", "alkort2", "ecarte"])


def state_options(game: str) -> st.SearchStrategy:
    return options_strategy(
        ecarte.EcarteOptions if game == "ecarte" else alkort.AlkortOptions, 4 if game == "alkort4" else 2
    )


def snapshot(state, leave_out: tuple[str, ...] = ("_legal",)) -> str:
    """Everything a deal holds (hands, stock, trick, tricks, log, points, phase, whose turn ...), as text."""
    return repr({k: v for k, v in vars(state).items() if k not in leave_out})


def the_play(state) -> str:
    """Everything but the log (and the legal actions kept for the position): what a move must change."""
    return snapshot(state, ("_legal", "log"))


def all_cards_in(state) -> Counter[Card]:
    """Every card the deal knows of: hands, stock, dead discards, tricks, the trick now, the turned-up card."""
    cards: Counter[Card] = Counter()
    for h in state.hands:
        cards.update(h)
    cards.update(state.stock)
    cards.update(state.discards)
    for t in state.tricks:
        cards.update(t.cards)
    cards.update(state.trick)
    if isinstance(state, ecarte.EcarteState):
        cards[state.turned_up] += 1
    assert all(type(c) is Card for c in cards), f"only cards in a deal, not {[c for c in cards if type(c) is not Card]}"
    return cards


def pack_of(state) -> tuple[Card, ...]:
    return ECARTE_PACK if isinstance(state, ecarte.EcarteState) else ALKORT_PACK


class Text(str):
    """A str subclass, as numpy.str_ or a widget's value may be."""


def by_hand(action: Action) -> Action:
    """The same action built anew, as a learner would: fresh Card(rank, suit) objects inside."""
    if isinstance(action, Card):
        return Card(action.rank, action.suit)
    if isinstance(action, Exchange):
        return Exchange(Card(action.keep.rank, action.keep.suit))
    if isinstance(action, (Announce, Claim)):
        return type(action)(Card(action.king.rank, action.king.suit))
    if isinstance(action, Discard):
        return Discard([Card(c.rank, c.suit) for c in action.cards])
    return Call(str(action))


def look_alike(c: Card) -> Card:
    """An equal card that is not the pack's object (made past Card's check): the engine must never need identity."""
    return tuple.__new__(Card, (c.rank, c.suit))


def look_alikes(action: Action) -> Action:
    """The action with every card replaced by a look-alike."""
    if isinstance(action, Card):
        return look_alike(action)
    if isinstance(action, Exchange):
        return Exchange(look_alike(action.keep))
    if isinstance(action, (Announce, Claim)):
        return type(action)(look_alike(action.king))
    if isinstance(action, Discard):
        return Discard(map(look_alike, action.cards))
    return action


def not_actions(state) -> list:
    """Things a learner may pass that are no action at all: tuples of cards, numbers, None, lists, sets."""
    some = random.Random(len(state.log)).sample(pack_of(state), 3)
    return [
        *(tuple(c) for c in some),
        (some[0].rank, 10),
        3,
        0,
        None,
        True,
        1.5,
        [some[0]],
        {some[0]},
        Exchange(tuple(some[1])),  # type: ignore[arg-type]  # a tuple, not a card: refused
        Announce(None),  # type: ignore[arg-type]  # no card at all: refused
        Claim(None),  # type: ignore[arg-type]  # no card at all: refused
        Discard([tuple(some[2])]),  # type: ignore[list-item]  # a tuple, not a card: refused
        "",
        "play",
        "exchange 5♥ 5♥",
        "claim",
        "pass K♥",
    ]


def candidate_actions(state) -> list:
    """Many actions, legal or not: every card of the full pack and every kind of non-card action."""
    rng = random.Random(len(state.log))
    some_hand = state.hands[rng.randrange(len(state.hands))]
    discards = [
        Discard(cards) for size in range(0, 7) for cards in itertools.islice(itertools.combinations(some_hand, size), 2)
    ]
    return [
        *FULL_PACK,
        PROPOSE,
        ACCEPT,
        REFUSE,
        PASS,
        *discards,
        *(Announce(c) for c in FULL_PACK if c.rank == "K"),
        *(Claim(c) for c in FULL_PACK if c.rank == "K"),
        *(Exchange(c) for c in rng.sample(FULL_PACK, 8)),
    ]


# ---------------------------------------------------------------------------
# Scoring again from the rulebook (book/rules/)


def alkort_points_by_the_rulebook(state: alkort.AlkortState) -> list[int]:
    """book/rules/alkort.md: first side to 5 of 9 tricks; múk 5, stroke = opening run (6-9), else 1.
    Drawing after each trick: 1 point to the side with most tricks."""
    sides = [w % 2 if state.n_players == 4 else w for w in state.trick_winners]
    points = [0, 0]
    if state.options.draw_after_trick:
        points[max((0, 1), key=sides.count)] = 1
        return points
    for side in (0, 1):
        if sides.count(side) >= 5:
            run = len(list(itertools.takewhile(side.__eq__, sides)))
            points[side] = run if run >= 5 else 1
    return points


def ecarte_points_by_the_rulebook(state: ecarte.EcarteState) -> list[int]:
    """book/rules/ecarte.md: King points (a turned-up King at once, or when claimed); the point 1, the vole 2;
    2 against a stander or a refuser who loses (or, stand_bonus = non_dealer, to a stander who wins)."""
    points = [0, 0]
    claimed = any(isinstance(a, Claim) for a in state.log)
    if state.turned_up.rank == "K" and (state.options.turned_king == "scored" or claimed):
        points[state.dealer] += 1
    for action in state.log:
        if isinstance(action, Announce):
            holder = state.holder(action.king)
            points[holder if holder is not None else _announcer(state, action)] += 1
    if len(state.tricks) == 5:
        winners = state.trick_winners
        winner = max((0, 1), key=winners.count)
        proposals = sum(1 for a in state.log if a is PROPOSE)
        refusals = [i for i, a in enumerate(state.log) if a is REFUSE]
        refused_first = bool(refusals) and sum(1 for a in state.log[: refusals[0]] if a is PROPOSE) == 1
        refusal_counts = bool(refusals) and (refused_first or state.options.refusal_penalty == "any")
        stander_wins = state.options.stand_bonus == "non_dealer"
        if proposals == 0 and (winner != state.dealer if stander_wins else winner == state.dealer):
            trick_points = 2
        elif winner != state.dealer and refusal_counts:
            trick_points = 2
        else:
            trick_points = 2 if winners.count(winner) == 5 else 1
        points[winner] += trick_points
    return points


def _announcer(state: ecarte.EcarteState, action: Announce) -> int:
    """Who announced a King that has since been played: the seat that played it."""
    for t in state.tricks:
        if action.king in t.cards:
            return (t.leader + t.cards.index(action.king)) % 2
    raise AssertionError("an announced King must be somewhere")


# ---------------------------------------------------------------------------
# The properties


def play_checking_everything(state, rng: random.Random, check_refusals: bool) -> None:
    """Play a deal to its end by random legal actions, checking the invariants at every step."""
    pack = pack_of(state)
    while not state.is_over:
        assert all_cards_in(state) == Counter(pack), "cards are conserved"
        legal = state.legal_actions()
        assert legal, "a deal that is not over always has a legal action"
        before, play_before = snapshot(state), the_play(state)
        for action in legal:
            twin = state.clone()
            twin.apply(action)  # every legal action is accepted ...
            assert the_play(twin) != play_before, f"{action} was accepted but changed nothing"  # ... and does something
            assert all_cards_in(twin) == Counter(pack), f"{action} lost or made cards"
        if check_refusals:
            for action in not_actions(state):
                try:
                    state.apply(action)
                except IllegalAction as error:
                    assert str(error).strip() and not state.is_legal(action)
                else:
                    raise AssertionError(f"{action!r} is not an action but was accepted")
                assert snapshot(state) == before, f"refusing {action!r} changed the state"
            for action in candidate_actions(state):
                if action in legal:
                    continue
                try:
                    state.apply(action)
                except IllegalAction as error:
                    assert str(error).strip(), "a refusal names the rule"
                else:
                    raise AssertionError(f"{action} was accepted but is not legal")
                assert snapshot(state) == before, f"refusing {action} changed the state"
        state.apply(rng.choice(legal))
    assert all_cards_in(state) == Counter(pack)
    assert state.legal_actions() == [] and state.current_player is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=games, seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_random_deals_keep_every_invariant(data, game: str, seed: int, dealer: int) -> None:
    options = data.draw(state_options(game))
    state = new_state(game, seed, options, dealer, [0, 0])
    play_checking_everything(state, random.Random(seed), check_refusals=True)


@settings(max_examples=400, deadline=None)
@given(
    data=st.data(),
    game=games,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    before=st.lists(st.integers(0, 11), min_size=2, max_size=2),
)
def test_deals_score_as_the_rulebook_says_and_replay(
    data, game: str, seed: int, dealer: int, before: list[int]
) -> None:
    options = data.draw(state_options(game))
    state = new_state(game, seed, options, dealer, before)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(state.random_action(rng))
    if game == "ecarte":
        assert state.points == ecarte_points_by_the_rulebook(state)
        assert sum(state.trick_points) <= 2 and max(state.points) <= 3
        if len(state.tricks) < 5:  # ended early: a King point won the game
            assert state.game_winner is not None
    else:
        assert state.points == alkort_points_by_the_rulebook(state)
        every_card_played = not any(state.hands) and (not options.draw_after_trick or not state.stock)
        assert len(state.tricks) == 9 + len(state.draws) // state.n_players or not every_card_played
        assert every_card_played or not options.play_out
        assert sum(1 for p in state.points if p) == 1
    assert state.scores == [b + p for b, p in zip(before, state.points)]
    again = state.replay()
    assert snapshot(again) == snapshot(state)
    from_text = new_state(game, seed, options, dealer, before)
    for line in state.history():
        from_text.apply(parse_action(line))
    assert from_text.points == state.points and from_text.log == state.log


def test_thousands_of_random_deals_conserve_cards_and_end_scored() -> None:
    """A plain loop over 3000 seeded deals (1000 per game): quick, and many more than Hypothesis plays."""
    for game in ("alkort4", "alkort2", "ecarte"):
        options_cls = ecarte.EcarteOptions if game == "ecarte" else alkort.AlkortOptions
        for seed in range(1000):
            rng = random.Random(seed)
            options = random_options(options_cls, 4 if game == "alkort4" else 2, rng)
            state = new_state(game, seed, options, seed, [0, 0])
            pack = ECARTE_PACK if game == "ecarte" else ALKORT_PACK
            while not state.is_over:
                state.apply(state.random_action(rng))
            assert all_cards_in(state) == Counter(pack)
            expected = (ecarte_points_by_the_rulebook if game == "ecarte" else alkort_points_by_the_rulebook)(state)
            assert state.points == expected, (game, seed, state.history())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=games, seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_a_deal_replayed_by_hand_or_as_text_is_the_same_deal_at_every_step(
    data, game: str, seed: int, dealer: int
) -> None:
    """Cards built anew, text (plain or a str subclass), and look-alike cards all make exactly the same moves."""
    options = data.draw(state_options(game))
    state = new_state(game, seed, options, dealer, [0, 0])
    replays = {how: new_state(game, seed, options, dealer, [0, 0]) for how in ("by hand", "text", "look-alikes")}
    rng = random.Random(seed)
    while not state.is_over:
        action = state.random_action(rng)
        state.apply(action)
        text = action_text(action)
        replays["by hand"].apply(by_hand(action))
        replays["text"].apply(text if len(state.log) % 2 else Text(text.upper()))
        replays["look-alikes"].apply(look_alikes(action))
        for how, replay in replays.items():
            assert snapshot(replay) == snapshot(state), f"replayed {how}, {text} made a different deal"
            assert all(type(a) is type(b) for a, b in zip(replay.log, state.log))
    assert all(replay.is_over and replay.points == state.points for replay in replays.values())


def test_clone_is_independent() -> None:
    state = alkort.new_deal(seed=3)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.log == [] and len(twin.log) == 1
    assert sum(map(len, state.hands)) == 36 and sum(map(len, twin.hands)) == 35
