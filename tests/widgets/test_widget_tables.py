"""Guided rounds and game tables, driven by clicks: whole deals, reasons for refused moves, options."""

import ipywidgets as widgets
import pytest
from widget_helpers import learner_move, play_game, play_out, text

from cardlib import PROPOSE, alkort, card, ecarte, games
from cardlib.cards import show
from cardlib.players import RandomPlayer
from cardlib.widgets import GameTable, GuidedRound, ScriptedPlayer
from cardlib.widgets.table import LEARNER, SHOWN


def snapshot(table):
    """What must not change when a click is refused: the deal's moves and hands."""
    return list(table.state.log), [list(h) for h in table.state.hands]


def check_deal_explained(table):
    """The log names every trick's rule and the deal's score, in the engine's words."""
    state = table.state
    assert state.is_over
    tricks = [line for line in table.log.lines if line.startswith("Trick ")]
    assert tricks == [f"Trick {i + 1}: {state.explain_trick(i)}" for i in range(len(state.tricks))]
    explanation = state.explain_score()
    assert table.log.lines[-1].lower() == f"the deal is over. {explanation}".lower()
    assert "The deal is over." in text(table.prompt)
    assert table.errors == []


# -- whole guided deals ------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_guided_alkort_four_players_to_its_score(seed):
    g = GuidedRound("alkort", players=4, seed=seed)
    assert g.n_players == 4 and g.state.dealer == 3  # the learner is forehand
    assert any(line.startswith("Partner reveal: player 2 shows you") for line in g.log.lines)
    shown = g.state.shown_to(0)
    assert ("Your partner shows you: " + ("" if shown else "nothing")) in text(g.info)
    assert "▶ Your turn." in text(g.prompt) and "Your legal choices: play" in text(g.prompt)
    assert "cardlib-your-turn" in g.hand._dom_classes
    play_out(g)
    check_deal_explained(g)
    result = g.state.result()
    assert g.scoreboard.rows[result.side][2] == result.points
    assert any(line.startswith("Player 1 plays") and " — " in line for line in g.log.lines)  # with its reason
    assert not any("at random" in line for line in g.log.lines)  # the table's computer players are the rule bots


@pytest.mark.parametrize("seed", [0, 7])
def test_guided_alkort_two_players_to_its_score(seed):
    g = GuidedRound("alkort", players=2, seed=seed)
    assert len(g.state.hands) == 2 and g.side_names() == ["you (player 0)", "player 1"]
    play_out(g, last=True)
    check_deal_explained(g)


def test_guided_ecarte_with_a_proposal_and_discards():
    accepting = ScriptedPlayer([("accept", "accepts: it wants to exchange too")], seed=3)
    g = GuidedRound("ecarte", seed=3, bots=[accepting])
    assert g.state.dealer == 1 and "Propose an exchange" in [b.description for b in g.action_buttons]
    g.click_action("propose")
    assert "Player 1 accepts the proposal — accepts: it wants to exchange too." in g.log.lines
    assert g.hand.selecting and "Click the cards to throw away" in text(g.prompt)
    throw = g.hand.cards[:2]
    g.click_action("discard " + " ".join(map(str, throw)))
    assert not set(throw) & set(g.state.hands[0]) and len(g.state.hands[0]) == 5
    assert any(line.startswith(f"You discard {throw[0]} {throw[1]} and draw") for line in g.log.lines)
    assert any(line.startswith("Player 1 discards") and "draws as many" in line for line in g.log.lines)
    play_out(g)
    check_deal_explained(g)


def test_guided_ecarte_as_the_dealer_answering_a_proposal():
    proposing = ScriptedPlayer([("propose", "proposes: its hand is weak")], seed=1)
    g = GuidedRound("ecarte", seed=11, dealer=0, bots=[proposing])
    assert g.state.phase == ecarte.ANSWER
    assert [b.description for b in g.action_buttons] == ["Accept", "Refuse"]
    assert all(b.tooltip == "The dealer must first accept or refuse the proposal." for b in g.hand.buttons)
    g.click_action("accept")  # the bot discards first, then it is the dealer's turn to discard
    assert g.state.phase == ecarte.DISCARD_DEALER and g.hand.selecting and "(or none)" in text(g.prompt)
    g.click_action("Discard the chosen cards")  # the dealer may keep his cards
    assert "You discard nothing." in g.log.lines
    play_out(g)
    check_deal_explained(g)


@pytest.mark.parametrize("seed", range(6))
def test_guided_ecarte_random_deals_end_scored(seed):
    g = GuidedRound("ecarte", seed=seed, dealer=seed % 2)
    play_out(g, propose=seed % 3 == 0)
    check_deal_explained(g)


# -- refused moves: the engine's reason, a friendly line, nothing changed ----------


def test_alkort_seven_before_a_win_is_greyed_with_the_reason():
    seed = next(
        s
        for s in range(200)
        if any(c.rank == "7" for c in alkort.new_deal(seed=s, dealer=3).hands[0])
        and not all(c.rank == "7" for c in alkort.new_deal(seed=s, dealer=3).hands[0])
    )
    g = GuidedRound("alkort", seed=seed)
    assert g.state.current_player == 0 and not g.state.trick
    seven = next(c for c in g.hand.cards if c.rank == "7")
    b = g.hand.button(seven)
    assert "cardlib-card-unplayable" in b._dom_classes and not b.disabled
    assert b.tooltip == "You may not lead a 7 before you have won a trick."
    before = snapshot(g)
    g.click_card(str(seven))
    assert "You may not lead a 7 before you have won a trick." in text(g.message)
    assert "cardlib-warning" in g.message.value
    assert snapshot(g) == before


def test_ecarte_must_head_follow_or_trump_reason():
    for seed in range(60):
        g = GuidedRound("ecarte", seed=seed, dealer=0)
        while not (g.state.trick and g.state.current_player == 0):
            learner_move(g)
        unplayable = [c for c in g.hand.cards if g.hand.reasons[c]]
        if unplayable:
            break
    else:
        pytest.fail("no deal where the learner had to head, follow or trump")
    c = unplayable[0]
    reason = g.state.why_illegal(c)
    assert reason.startswith(("You must head", "You must follow", "You must trump"))
    assert g.hand.button(c).tooltip == reason
    before = snapshot(g)
    g.hand.button(c).click()
    assert reason in text(g.message) and snapshot(g) == before


def test_illegal_clicks_give_friendly_lines_and_change_nothing():
    g = GuidedRound("alkort", seed=4)
    before = snapshot(g)
    g.click_action("propose")
    assert "propose is not a move in Alkort" in text(g.message)
    stranger = next(c for c in alkort.ALKORT_PACK if c not in g.hand.cards)
    g.click_card(str(stranger))
    assert f"You cannot play {stranger}" in text(g.message)
    g.click_card("Z♠")
    assert "is not a card" in text(g.message)
    g.click_action("dance a jig")
    assert "is not an action" in text(g.message)
    g.click_action("pass")
    assert "nothing to let pass" in text(g.message)
    assert snapshot(g) == before and g.errors == [] and "Traceback" not in g.message.value


def test_ecarte_discarding_nothing_as_non_dealer_is_refused_kindly():
    g = GuidedRound("ecarte", seed=3, bots=[ScriptedPlayer([("accept", "accepts")], seed=0)])
    g.click_action("propose")
    before = snapshot(g)
    g.click_action("Discard the chosen cards")  # nothing chosen
    assert "The non-dealer must discard 1 to 5 cards now" in text(g.message)
    assert snapshot(g) == before and g.hand.selecting


def test_clicks_after_the_deal_is_over_are_refused_kindly():
    g = GuidedRound("alkort", seed=2)
    play_out(g)
    before = snapshot(g)
    for c in list(g.hand.cards)[:1]:
        g.click_card(str(c))
        assert "The deal is over: no more moves." in text(g.message)
    g.click_action("exchange K♠")
    assert text(g.message)
    assert snapshot(g) == before


# -- moves that are not cards --------------------------------------------------------


def test_alkort_exchange_offered_out_of_turn_and_taken():
    seed = next(s for s in range(500) if alkort.may_exchange(alkort.new_deal(seed=s, dealer=0).hands[0]))
    g = GuidedRound("alkort", seed=seed, dealer=0)  # forehand is player 1, a bot
    assert g.state.current_player == 1 and not g.state.log  # the table waits for the learner
    labels = [b.description for b in g.action_buttons]
    assert labels[-1] == "No thanks" and all(label.startswith("Exchange, keeping") for label in labels[:-1])
    assert "Before play goes on, you may: exchange" in text(g.prompt)
    assert "Exchanging shows your hand to every player" in text(g.prompt)  # what the exchange does, where offered
    keep, dealt = g.hand.cards[0], show(sorted(g.state.hands[0]))
    stock = list(g.state.stock[:8])
    g.click_action(f"exchange {keep}")
    assert g.state.exchanged == [0]
    said = f"You make the worthless-hand exchange, keeping {keep} and taking the stock; the hand shown: {dealt}."
    assert said in g.log.lines  # the rules show the hand to every player
    assert g.state.hands[0][0] == keep and set(stock) <= set(g.state.hands[0]) | set(g.state.trick) | {
        c for t in g.state.tricks for c in t.cards
    }


def test_alkort_exchange_declined():
    seed = next(s for s in range(500) if alkort.may_exchange(alkort.new_deal(seed=s, dealer=0).hands[0]))
    g = GuidedRound("alkort", seed=seed, dealer=0)
    g.click_action("No thanks")
    assert g.state.log and 0 not in g.state.exchanged
    play_out(g)
    check_deal_explained(g)


def test_ecarte_announcing_the_king():
    seed = next(s for s in range(500) if (st := ecarte.new_deal(seed=s, dealer=1)).king_of_trumps in st.hands[0])
    g = GuidedRound("ecarte", seed=seed)
    king = g.state.king_of_trumps
    assert f"Announce {king}" in [b.description for b in g.action_buttons]
    g.click_action(f"announce {king}")
    assert g.state.points[0] == 1 and f"You announce the King of trumps, {king}." in g.log.lines
    assert PROPOSE not in g.legal_choices  # announcing ends the exchanges
    play_out(g)
    check_deal_explained(g)
    assert f"player 0 announced {king} — 1 point".lower() in g.state.explain_score().lower()


def test_bots_argument_and_checks():
    bots = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    g = GuidedRound("alkort", seed=5, bots=bots)
    assert g.seats[1:] == bots
    with pytest.raises(ValueError):
        GuidedRound("alkort", seed=5, bots=[RandomPlayer(1)])
    with pytest.raises(ValueError):
        GuidedRound("whist")


# -- whole games ---------------------------------------------------------------------


@pytest.mark.parametrize("game, players", [(g.key, count) for g in games.every() for count in g.players])
def test_game_table_plays_to_game_over(game, players):
    t = GameTable(game, players=players, seed=3, options={"target_score": 3})
    assert "cardlib-next-deal" in t.next_deal_button._dom_classes
    deals = play_game(t)
    assert t.match.is_over and deals == len(t.match.finished) + 1
    winner = t.match.winner
    assert text(t.game_over).startswith("Game over:") and str(t.match.scores[winner]) in text(t.game_over)
    assert t.next_deal_button.layout.display == "none"
    assert t.log.lines[-1] == text(t.game_over) and t.errors == []
    assert t.scoreboard.rows[winner][3] >= 3 and "First to 3 points" in text(t.scoreboard.view)
    t.next_deal()
    assert "The game is over." in text(t.message)
    assert t.new_game_button.layout.display == SHOWN
    first_deck = t.match.finished[0].deck if t.match.finished else t.state.deck
    t.new_game_button.click()
    assert not t.match.is_over and t.match.scores == [0, 0] and t.new_game_button.layout.display == "none"
    assert t.state.deck != first_deck, "a new game deals new cards"


def test_bots_can_be_made_for_the_number_of_players_chosen():
    made = []

    def scripted_bots(players: int) -> list:
        made.append(players)
        return [ScriptedPlayer(seed=seat) for seat in range(1, players)]

    t = GameTable("alkort", bots=scripted_bots, choose_options=True)
    t.players_picker.value = 2
    t.start_button.click()
    assert made[-1] == 2 and len(t.seats) == 2 and isinstance(t.seats[1], ScriptedPlayer)
    t.players_picker.value = 4
    t.start_button.click()
    assert made[-1] == 4 and len(t.seats) == 4 and t.errors == []


def test_game_table_next_deal_only_when_the_deal_is_over():
    t = GameTable("alkort", seed=1)
    assert t.next_deal_button.layout.display == "none"
    before = snapshot(t)
    t.next_deal()
    assert "The deal is not over yet" in text(t.message) and snapshot(t) == before
    play_out(t)
    assert t.next_deal_button.layout.display == SHOWN
    scores = t.state.scores
    t.next_deal_button.click()
    assert t.state.scores_before == scores and not t.state.is_over and t.deal_number == 2
    assert "Deal 2:" in t.log.text


def test_game_table_option_pickers_make_the_options():
    t = GameTable("alkort", choose_options=True, seed=2)
    assert t.state is None and t.table_box.layout.display == "none"
    described = alkort.AlkortOptions.describe()
    assert set(t.option_pickers) == set(described)
    # Options in words (the engine's), each value's code beside its words unless the words say it already.
    assert [label for label, _ in t.option_pickers["low_eights_ranked"].options] == [
        "ranked, the lowest tier (true)",
        "rubbish (false)",
    ]
    assert [label for label, _ in t.option_pickers["lead_rule"].options] == [
        "the winner",
        "the next player in turn (rotate)",
    ]
    assert [value for _, value in t.option_pickers["seven_lead"].options] == list(described["seven_lead"])
    lead = t.option_pickers["lead_rule"].description
    assert "Who leads the next trick" in lead and '<code class="cardlib-code-name">lead_rule</code>' in lead
    t.click_card("K♦")
    assert "Start a game first." in text(t.message)
    t.option_pickers["lead_rule"].value = "rotate"
    t.option_pickers["low_eights_ranked"].value = False
    t.option_pickers["partner_reveal"].value = "hand"
    t.option_pickers["target_score"].value = "4"
    t.players_picker.value = 2
    t.start_button.click()
    assert t.state.options == alkort.AlkortOptions(
        lead_rule="rotate", low_eights_ranked=False, partner_reveal="hand", target_score=4
    )
    assert t.n_players == 2 and len(t.state.hands) == 2 and t.table_box.layout.display == SHOWN
    assert (
        "New game with lead_rule = rotate, low_eights_ranked = false, partner_reveal = hand, target_score = 4."
        in t.log.lines
    )


def test_ecarte_option_pickers_use_the_rulebooks_values():
    t = GameTable("ecarte", choose_options=True, seed=4)
    assert [label for label, _ in t.option_pickers["deal_packets"].options] == [
        "3 cards, then 2 ([3, 2])",
        "2 cards, then 3 ([2, 3])",
    ]
    t.option_pickers["deal_packets"].value = (2, 3)
    t.option_pickers["must_trump"].value = False
    t.option_pickers["refusal_penalty"].value = "any"
    t.start_button.click()
    assert t.state.options == ecarte.EcarteOptions(deal_packets=(2, 3), must_trump=False, refusal_penalty="any")
    play_game(t)
    assert t.match.is_over


def test_stable_css_classes_for_browser_tests():
    t = GameTable("ecarte", seed=8)
    assert "cardlib-message" in t.message._dom_classes
    assert "cardlib-log" in t.log._dom_classes and "cardlib-score" in t.scoreboard.view._dom_classes
    assert all("cardlib-card" in b._dom_classes for b in t.hand.buttons)
    assert all("cardlib-action" in b._dom_classes for b in t.action_buttons)
    assert "cardlib-game-over" in t.game_over._dom_classes and "cardlib-table" in t._dom_classes
    assert card("K♦") in alkort.ALKORT_PACK  # the pack the comparator offers


def test_ecarte_dealer_announces_the_king_at_his_turn():
    from cardlib import Announce

    for seed in range(200):
        g = GuidedRound("ecarte", seed=seed, dealer=0)
        while not g.state.is_over and Announce(g.state.king_of_trumps) not in g.legal_choices:
            learner_move(g)
        if not g.state.is_over:
            break
    else:
        pytest.fail("no deal where the dealer could announce the King")
    king = g.state.king_of_trumps
    if g.state.current_player != 0:  # offered before the non-dealer leads: the learner may wait
        assert "No thanks" in [b.description for b in g.action_buttons]
    g.click_action(f"Announce {king}")
    assert g.state.announced[0] and g.state.points[0] == 1
    assert f"You announce the King of trumps, {king}." in g.log.lines


@pytest.mark.parametrize(
    "game, players, seed",
    [(g.key, count, seed) for g in games.every() for count in g.players for seed in (1, 2)],
)
def test_random_clicking_never_breaks_a_game(game, players, seed):
    """A learner clicking anything at all: every click is a legal move or a friendly refusal."""
    import random

    rng = random.Random(seed)
    t = GameTable(game, players=players, seed=seed, options={"target_score": 2})
    for _ in range(1500):
        if t.match.is_over:
            break
        shown = [t.next_deal_button] if t.next_deal_button.layout.display != "none" else []
        clickable = t.hand.buttons + t.action_buttons + shown
        before = snapshot(t)
        rng.choice(clickable).click()
        if snapshot(t) == before:
            assert text(t.message), "a refused click must say why"
    assert t.match.is_over and t.errors == [] and "Traceback" not in t.message.value


@pytest.mark.parametrize("typed", ["3.7", "1e3", "ten", "", "0", "-2"])
def test_a_target_score_that_is_not_a_positive_whole_number_is_refused_in_words(typed):
    t = GameTable("ecarte", choose_options=True, seed=4)
    t.option_pickers["target_score"].value = typed
    t.start_button.click()
    assert t.state is None and t.table_box.layout.display == "none", "no game starts"
    assert "target_score must be a positive whole number" in text(t.options_message)
    assert "cardlib-message" not in t.options_message._dom_classes, "the table's message line stays the only one"


def test_a_target_score_typed_as_a_whole_number_is_taken():
    t = GameTable("ecarte", choose_options=True, seed=4)
    t.option_pickers["target_score"].value = " 12 "
    t.start_button.click()
    assert t.state.options.target_score == 12 and text(t.options_message) == ""


def test_a_double_click_on_next_deal_deals_one_deal_and_says_nothing_wrong():
    t = GameTable("ecarte", seed=5, options={"target_score": 9})
    play_out(t)
    assert t.next_deal_button.layout.display == SHOWN and t.deal_number == 1
    t.next_deal_button.click()
    t.next_deal_button.click()  # the second click of a double click reaches the kernel after the first
    assert t.deal_number == 2 and not t.state.is_over
    assert "not over" not in text(t.message) and "⚠" not in t.message.value
    assert t.next_deal_button.layout.display == "none"


def test_a_double_click_on_new_game_starts_one_game():
    t = GameTable("ecarte", seed=6, options={"target_score": 1})
    play_game(t)
    started = t.games_started
    t.new_game_button.click()
    t.new_game_button.click()
    assert t.games_started == started + 1 and t.deal_number == 1


def test_four_colour_suits_are_a_choice_of_every_table():
    t = GameTable("ecarte", seed=7)
    assert "cardlib-four-colour" not in t._dom_classes
    t.four_colour.value = True
    assert "cardlib-four-colour" in t._dom_classes
    assert "cardlib-four-colour" in GuidedRound("ecarte", four_colour=True)._dom_classes


def test_game_table_fits_the_given_bots_to_the_players_chosen():
    bots = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    t = GameTable("alkort", players=4, bots=bots, choose_options=True)
    t.players_picker.value = 2
    t.start_button.click()
    assert t.seats[1:] == bots[:1] and t.n_players == 2
    t.players_picker.value = 4
    t.start_button.click()
    assert t.seats[1:] == bots


TABLES = {
    "a guided deal": lambda: GuidedRound("alkort", seed=1),
    "a game that plays at once": lambda: GameTable("ecarte", seed=1, choose_options=True, play_at_once=True),
    "a game started from its pickers": lambda: GameTable("alkort", seed=1, choose_options=True),
}


@pytest.mark.parametrize("make", TABLES.values(), ids=list(TABLES))
def test_a_panel_goes_under_the_table_and_reads_its_deal_and_the_learners_seat(make):
    t = make()
    panel = widgets.HTML("a coach")
    t.coach_box.children = [panel]
    # Under the play and the score, inside the table's box: shown and hidden with the table, in every layout.
    assert t.table_box in t.children and list(t.table_box.children)[-1] is t.coach_box
    if t.state is None:
        assert t.table_box.layout.display == "none"
        t.start_button.click()
    assert t.table_box.layout.display != "none" and list(t.coach_box.children) == [panel]
    assert t.state.legal_actions(LEARNER) == t.legal_choices and t.state is t.deal


def test_the_table_asks_the_deal_who_is_partner_and_how_the_sides_are_named():
    four, two = GuidedRound("alkort", players=4, seed=1), GuidedRound("alkort", players=2, seed=1)
    assert [four.name(seat) for seat in range(4)] == ["You", "player 1", "player 2 (partner)", "player 3"]
    assert four.side_names() == ["team A (you and player 2)", "team B (players 1 and 3)"]
    assert [two.name(seat) for seat in range(2)] == ["You", "player 1"]
    assert GuidedRound("ecarte", seed=1).side_names() == ["you (player 0)", "player 1"]
