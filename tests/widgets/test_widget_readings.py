"""Every reading of the source texts, played at the tables: the pickers offer it in words, the table plays it and says
what happened in the engine's words, and options the engine refuses together are refused in its words."""

import pytest
from widget_helpers import learner_move, play_out, text

from cardlib import alkort, ecarte, hand
from cardlib.bots import make_bot
from cardlib.widgets import AlkortRankLab, DealExplorer, GameTable, GuidedRound
from cardlib.widgets.table import SHOWN

CLAIMED = {"turned_king": "claimed"}
# The learner (player 0) deals and turns up K♥; the non-dealer's hand is weak, so the rule bot proposes.
KING_DEALT = ecarte.stack_deck(["A♠ Q♠ 9♦ 8♦ 7♣", "7♠ 8♠ 9♠ 10♠ J♠"], "K♥", dealer=0)


def rule_bot():
    return make_bot("rules", "ecarte", seed=1)


def dealer_with_a_king(**options):
    return GuidedRound("ecarte", options={**CLAIMED, **options}, deck=KING_DEALT, dealer=0, bots=[rule_bot()])


def labels(table):
    return [b.description for b in table.action_buttons]


# -- Écarté: a turned-up King that must be claimed -----------------------------------------------------


def test_the_dealer_sees_a_claim_button_and_claims_the_king_at_once():
    g = dealer_with_a_king()
    assert "The turned-up K♥ scores only if the dealer claims it (turned_king = claimed)" in g.log.text
    assert "the turned-up K♥ is not claimed yet" in text(g.info) and g.state.points == [0, 0]
    claim = g.action_buttons[0]
    assert labels(g) == ["Claim the King, K♥", "No thanks"]  # offered before the non-dealer's first move
    assert "cardlib-action-claim" in claim._dom_classes and "claims it" in claim.tooltip
    claim.click()
    assert g.state.points == [1, 0] and g.scoreboard.rows[0][2] == 1
    said = g.state.explain_score()  # the engine's words for the point, logged and said at once
    assert said == "Player 0 (the dealer) claimed the turned-up K♥ — 1 point."
    assert g.log.lines[3:5] == ["You claim the turned-up King, K♥.", said]
    assert said in text(g.message) and "not claimed yet" not in text(g.info)
    assert "Claim the King, K♥" not in labels(g), "a King is claimed once"
    play_out(g)
    assert g.log.lines[-1].startswith("The deal is over. Player 0 (the dealer) claimed the turned-up K♥ — 1 point;")
    assert g.errors == []


def test_a_king_left_unclaimed_waits_for_the_claim_or_pass_after_the_fifth_trick():
    g = dealer_with_a_king()
    g.click_action("No thanks")  # not now: the button stays among the dealer's moves
    while g.state.phase is not ecarte.CLAIM:
        assert g.state.current_player != 0 or "Claim the King, K♥" in labels(g)
        learner_move(g)
    assert not g.state.is_over and labels(g) == ["Claim the King, K♥", "Pass: let the King go"]
    assert g.state.explain_choices() in text(g.prompt) and "Your legal choices: claim K♥, pass." in text(g.prompt)
    g.click_action("pass")
    assert g.state.is_over and g.log.lines[-2] == "You pass, letting the turned-up King go unclaimed."
    explanation = g.state.explain_score()
    assert "did not claim the turned-up K♥, so it scored nothing" in explanation
    assert g.log.lines[-1] == f"The deal is over. {explanation}" and explanation in text(g.message)
    assert g.state.points[0] == 0 and g.errors == []


def test_the_claim_can_wait_for_the_end_of_the_tricks():
    g = dealer_with_a_king()
    g.click_action("No thanks")
    while g.state.phase is not ecarte.CLAIM:
        learner_move(g)
    g.click_action("claim K♥")
    assert g.state.is_over and "claimed the turned-up K♥ — 1 point" in g.log.lines[-1]


def test_the_bot_dealer_claims_its_king_at_once_and_says_so():
    deck = ecarte.stack_deck(["A♠ Q♠ 9♦ 8♦ 7♣", "7♠ 8♠ 9♠ 10♠ J♠"], "K♥", dealer=1)
    g = GuidedRound("ecarte", options=CLAIMED, deck=deck, dealer=1, bots=[rule_bot()])
    assert g.log.lines[3].startswith("Player 1 claims the turned-up King, K♥ — ")
    assert g.log.lines[4] == "Player 1 (the dealer) claimed the turned-up K♥ — 1 point."
    assert g.state.points == [0, 1] and not any("Claim" in label for label in labels(g))


def test_a_claim_that_reaches_the_target_ends_the_game():
    t = GameTable("ecarte", seed=32, options={**CLAIMED, "target_score": 1}, bots=[rule_bot()])
    assert t.state.dealer == 0 and t.state.king_to_claim  # a dealt King, found for this seed
    t.click_action(f"claim {t.state.turned_up}")
    assert t.match.is_over and t.match.winner == 0 and text(t.game_over).startswith("Game over: you win 1 to 0")
    assert "claimed the turned-up" in t.log.text and t.new_game_button.layout.display == SHOWN


# -- Écarté: the non-dealer's bonus for standing ------------------------------------------------------


def test_a_non_dealer_who_stands_and_wins_scores_two_in_the_engines_words():
    deck = ecarte.stack_deck(["A♥ Q♥ J♥ 10♥ 9♥", "7♠ 8♠ 9♠ 10♠ J♠"], "7♥", dealer=1)
    g = GuidedRound("ecarte", options={"stand_bonus": "non_dealer"}, deck=deck, dealer=1, bots=[rule_bot()])
    play_out(g)  # the learner plays at once, without proposing, and takes every trick
    explanation = g.state.explain_score()
    assert "played without proposing and won the point — 2 points (stand_bonus = non_dealer)" in explanation
    assert g.log.lines[-1] == f"The deal is over. {explanation}" and explanation in text(g.prompt)
    assert g.scoreboard.rows[0][2:] == (2, 2)


# -- Alkort: who leads, what is shown, drawing after each trick ----------------------------------------


def test_the_first_lead_to_the_highest_card_is_said_in_the_engines_words():
    g = GuidedRound("alkort", options={"first_lead": "highest_card"}, seed=0)
    opener = g.state.opener
    assert opener == 2  # the partner holds the highest card: he leads, not the learner (forehand)
    lead = g.state.explain_first_lead()
    assert g.log.lines[1] == lead[:1].upper() + lead[1:] and "holds the highest card" in lead
    assert g.log.lines[3].startswith("Player 2 plays ") and g.state.leader == 2  # the bots play up to the learner


def test_an_exchange_that_changes_the_first_leader_is_said():
    g = GuidedRound("alkort", options={"first_lead": "highest_card"}, seed=1953)  # the learner may exchange
    assert g.state.opener == 1
    g.click_action("exchange 8♥")  # and draws K♦, the highest card
    assert g.state.opener == 0 and "▶ Your turn." in text(g.prompt)
    learner_move(g)
    assert (
        "After the exchange: Player 0 holds the highest card, K♦, shows it to all and leads to the first "
        "trick. That is you."
    ) in g.log.lines


@pytest.mark.parametrize("players", [4, 2])
def test_shown_to_the_whole_table_lists_every_players_card(players):
    g = GuidedRound("alkort", players=players, options={"partner_reveal": "table"}, seed=3)
    state = g.state
    seen = state.shown_to(0)
    others = [(g.name(seat), seen.get(seat, [])) for seat in range(1, players)]
    mine = state.shown_to(1)[0]  # what every other player sees of the learner's hand
    line = (
        "Shown before play: "
        + "; ".join(f"{name} shows {' '.join(map(str, cards)) or 'nothing'}" for name, cards in others)
        + f"; you show {mine[0]}."
    )
    assert line in g.log.lines
    assert "Shown before play: " + " · ".join(f"{name} {cards[0]}" for name, cards in others) in text(g.info)
    if players == 4:
        assert seen == {1: hand("A♥"), 2: hand("9♥"), 3: hand("2♥")}, "the seed deals three ranked cards"


def test_drawing_after_each_trick_shows_the_stock_the_draws_and_most_tricks():
    g = GuidedRound("alkort", options={"draw_after_trick": True}, seed=3)
    assert "stock: 8 cards · each player draws a card after every trick · tricks played: 0 of 11" in text(g.info)
    while len(g.state.tricks) < 1:
        learner_move(g)
    first = g.state.draws[0][0]
    who = "you" if first == 0 else g.name(first)
    drawn = g.state.drawn_by(0)[0]
    assert (
        f"Each player draws a card from the stock, {who} first: you draw {drawn}; 4 cards left in the stock."
        in g.log.lines
    )
    assert drawn in g.hand.cards and "stock: 4 cards" in text(g.info)
    play_out(g)
    assert g.state.result().kind == alkort.MOST_TRICKS
    explanation = g.state.explain_score()
    assert "took the most tricks" in explanation
    assert g.log.lines[-1].lower() == f"the deal is over. {explanation}".lower()


# -- the pickers: every reading in words; what the engine refuses, refused in its words -------------------


@pytest.mark.parametrize(
    "game, name",
    [
        ("alkort", "first_lead"),
        ("alkort", "ranking"),
        ("alkort", "partner_reveal"),
        ("alkort", "draw_after_trick"),
        ("ecarte", "stand_bonus"),
        ("ecarte", "turned_king"),
    ],
)
def test_each_new_reading_has_a_picker_in_words(game, name):
    t = GameTable(game, choose_options=True)
    kind = type(t.options)
    picker = t.option_pickers[name]
    assert kind.option_heading(name) in picker.description and f">{name}</code>" in picker.description
    words = kind.value_words(name)
    assert [value for _, value in picker.options] == list(kind.describe()[name])
    assert all(label.startswith(words[value]) for label, value in picker.options)


@pytest.mark.parametrize(
    "chosen, players, refusal",
    [
        ({"draw_after_trick": True}, 2, "draw_after_trick is the second Alkort text's game for four"),
        ({"ranking": "short"}, 4, "ranking = 'short' ranks only the seven cards"),
    ],
)
def test_options_the_engine_refuses_together_are_refused_in_its_words(chosen, players, refusal):
    t = GameTable("alkort", choose_options=True)
    for name, value in chosen.items():
        t.option_pickers[name].value = value
    t.players_picker.value = players
    t.start_button.click()
    assert refusal in text(t.options_message) and "cardlib-warning" in t.options_message.value
    assert t.state is None and t.table_box.layout.display == "none" and t.errors == []
    assert t.n_players == 4, "the table keeps its players until a game starts"


def test_the_short_ranking_plays_with_the_low_eights_as_rubbish():
    t = GameTable("alkort", choose_options=True, seed=5)
    t.option_pickers["ranking"].value = "short"
    t.option_pickers["low_eights_ranked"].value = False
    t.start_button.click()
    assert t.state.options.ranking == "short" and text(t.options_message) == ""
    assert "New game with ranking = short, low_eights_ranked = false." in t.log.lines
    play_out(t)
    assert t.errors == []


def test_the_ecarte_app_plays_at_once_with_the_pickers_under_the_table():
    t = GameTable("ecarte", choose_options=True, play_at_once=True, seed=4)
    assert t.state is not None and t.table_box.layout.display == SHOWN
    assert t.children.index(t.options_box) > t.children.index(t.table_box)
    t.rules_button.click()  # the pickers are made when first shown
    assert t.start_button.description == "New game with these rules"
    assert "The game above plays these rules" in text(t.options_message)
    t.option_pickers["turned_king"].value = "claimed"
    t.option_pickers["stand_bonus"].value = "non_dealer"
    t.start_button.click()
    assert t.state.options == ecarte.EcarteOptions(turned_king="claimed", stand_bonus="non_dealer")
    assert t.log.lines[0] == "New game with stand_bonus = non_dealer, turned_king = claimed." and t.games_started == 2


def test_a_refused_choice_leaves_the_game_being_played_alone():
    t = GameTable("ecarte", choose_options=True, play_at_once=True, seed=4)
    deal = t.state
    t.rules_button.click()
    t.option_pickers["target_score"].value = "3.7"
    t.start_button.click()
    assert "target_score must be a positive whole number" in text(t.options_message)
    assert t.state is deal and t.games_started == 1


# -- the labs: the short ranking -----------------------------------------------------------------------


def test_the_rank_lab_takes_the_short_ranking_and_refuses_it_with_the_low_eights_ranked():
    lab = AlkortRankLab()
    assert set(lab.pickers) == {"seven_lead", "ranking", "low_eights_ranked", "rubbish_order"}
    lab.comparator.pick("A♠", "9♦", "A♦", "2♥")
    lab.pickers["ranking"].value = "short"  # the low Eights are still ranked: refused
    assert "choose low_eights_ranked = false with it" in text(lab.message)
    assert lab.comparator not in lab.children, "no verdict under rules the pickers do not show"
    lab.pickers["low_eights_ranked"].value = False
    assert lab.comparator in lab.children and text(lab.message) == ""
    assert lab.comparator.options == alkort.AlkortOptions(ranking="short", low_eights_ranked=False)
    assert lab.comparator.cards == hand("A♠ 9♦ A♦ 2♥"), "the cards picked stay"
    assert lab.comparator.cards[lab.comparator.winner] == hand("A♦")[0]  # A♦ outranks 9♦ in the short ranking
    assert lab.comparator.explanation == alkort.explain_trick(hand("A♠ 9♦ A♦ 2♥"), options=lab.comparator.options)
    lab.players.value = 2
    assert len(lab.comparator.cards) == 2


def test_the_deal_explorer_ranks_by_the_options_it_is_given():
    short = alkort.AlkortOptions(ranking="short", low_eights_ranked=False)
    for seed in range(40):
        explorer = DealExplorer("alkort", seed=seed, options=short)
        cards = explorer.hand_cards
        assert [c for c, _ in explorer.ranked] == sorted(
            (c for c in cards if alkort.is_ranked(c, short)), key=lambda c: -alkort.strength(c, short)
        )
        assert all(tier == str(c) for c, tier in explorer.ranked)  # a tier of one card: the card
        worthless = alkort.may_exchange(cards, short)
        assert ("may make the worthless-hand exchange" in text(explorer.verdict)) is worthless
        if worthless and not alkort.may_exchange(cards):
            break
    else:
        pytest.fail("no hand that only the short ranking makes worthless")
