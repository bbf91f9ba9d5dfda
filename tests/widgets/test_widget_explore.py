"""The rank comparator and the deal explorer: the winner named, the reason given, the exchange verdict."""

from widget_helpers import text

from cardlib import alkort, card, ecarte, hand, show
from cardlib.widgets import DealExplorer, DealExplorerApp, RankComparator

# -- the rank comparator: Alkort ----------------------------------------------


def test_alkort_comparator_names_the_winner_and_the_reason():
    r = RankComparator("alkort")
    r.pick("A♠", "9♦", "K♦", "2♥")
    assert r.winner == 2
    assert text(r.result).startswith("Winner:") and "K♦ — played by the 3rd player." in text(r.result)
    assert "K♦ wins: it is the highest of the ranked cards A♠ 9♦ K♦ 2♥." in text(r.result)


def test_alkort_comparator_seven_cashed_or_not():
    r = RankComparator("alkort")
    r.pick("7♣", "K♦", "2♥", "A♠", leader_has_won=True)
    assert r.winner == 0
    assert "7♣ wins: a seven led by a player who has already won a trick beats everything." in text(r.result)
    r.leader_has_won.value = False  # a learner unticks the box
    assert r.winner == 1
    assert "the led 7♣ is rubbish: its player had not won a trick yet" in text(r.result)


def test_alkort_comparator_forehand_exempt_seven_on_the_first_trick():
    r = RankComparator("alkort", {"seven_lead": "forehand_exempt"})
    r.pick("7♣", "K♦", "2♥", "A♠", leader_has_won=False, first_trick=True)
    assert r.winner == 0 and "opening lead is unbeatable (forehand_exempt)" in text(r.result)
    r.first_trick.value = False
    assert r.winner == 1


def test_alkort_comparator_led_king_and_queen():
    r = RankComparator("alkort")
    r.pick("K♠", "3♣", "2♦", "Q♥")
    assert r.winner == 2 and "a led King (K♠) is taken by the first 2 played" in text(r.result)
    r.pick("Q♣", "3♠", "2♦", "4♥")
    assert r.winner == 1 and "a led Queen (Q♣) is taken by the first 2 or 3 played" in text(r.result)
    r.pick("4♠", "Q♥", "9♣", "3♦")
    assert r.winner == 0 and "every card is rubbish, so the leader wins" in text(r.result)


def test_alkort_comparator_follows_the_options():
    ranked, unranked = RankComparator("alkort"), RankComparator("alkort", {"low_eights_ranked": False})
    for r in (ranked, unranked):
        r.pick("8♥", "3♠", "Q♦", "K♣")
    assert ranked.explanation == "8♥ wins: a low eight is ranked, and the rest is rubbish."
    assert unranked.explanation == alkort.explain_trick(
        hand("8♥ 3♠ Q♦ K♣"), options=alkort.AlkortOptions(low_eights_ranked=False)
    )


def test_alkort_comparator_two_players():
    r = RankComparator("alkort", players=2)
    assert len(r.card_pickers) == 2
    assert RankComparator("alkort", players=2, cards="7♣ K♦ 2♥ A♠").cards == hand("7♣ K♦")
    assert RankComparator("alkort", cards="5♠ Q♣").cards == hand("Q♣ A♠ 9♦ K♦")  # no 5s in Alkort: left out
    r.pick("J♣", "J♥")
    assert r.winner == 0 and "are equal and the best cards here, so the first played wins" in text(r.result)


def test_comparator_same_card_twice_is_a_friendly_line():
    r = RankComparator("alkort")
    r.card_pickers[1].value = card("A♠")  # the led card is A♠ too
    assert r.winner is None and text(r.result) == ""
    assert "Pick different cards: A♠ is picked twice" in text(r.message)
    r.card_pickers[1].value = card("9♦")
    assert r.winner == 2 and text(r.message) == ""


def test_comparator_refuses_cards_outside_the_pack_kindly():
    r = RankComparator("ecarte")
    r.pick("2♥", "A♥")
    assert "2♥ is not in the Écarté pack." in text(r.message)
    r.pick("ZZ")
    assert "is not a card" in text(r.message)


# -- the rank comparator: Écarté ----------------------------------------------


def test_ecarte_comparator_trumps_and_suit_order():
    r = RankComparator("ecarte")
    r.pick("A♥", "7♣", trump="♣")
    assert r.winner == 1 and "7♣ wins: a trump (clubs) beats any card of another suit." in text(r.result)
    r.pick("A♦", "J♦")
    assert r.winner == 1 and "in Écarté the order is K Q J A 10 9 8 7" in text(r.result)
    r.pick("9♥", "K♦", trump="♠")
    assert r.winner == 0 and "K♦ is neither of the suit led nor a trump, so the card led wins" in text(r.result)
    r.trump_picker.value = "♦"  # a learner changes the trump
    assert r.winner == 1 and r.explanation == ecarte.explain_trick(hand("9♥ K♦"), "♦")


# -- the deal explorer ------------------------------------------------------------


def first_seed(test, players=4):
    """The first seed whose player-0 hand passes the test (the engine deals it)."""
    return next(seed for seed in range(500) if test(alkort.new_deal(players=players, seed=seed).hands[0]))


def test_alkort_explorer_splits_ranked_from_rubbish():
    d = DealExplorer("alkort", seed=0)
    state = alkort.new_deal(seed=0)
    assert d.hand_cards == state.hands[0]
    assert {c for c, _ in d.ranked} == {c for c in state.hands[0] if alkort.is_ranked(c)}
    assert set(d.rubbish) == {c for c in state.hands[0] if not alkort.is_ranked(c)}
    assert all(tier == alkort.tier_name(c) for c, tier in d.ranked)
    strengths = [alkort.strength(c) for c, _ in d.ranked]
    assert strengths == sorted(strengths, reverse=True)
    for _card, tier in d.ranked:
        assert tier in text(d.view)


def test_alkort_explorer_exchange_verdict_yes_and_no():
    yes = DealExplorer("alkort", seed=first_seed(alkort.may_exchange))
    assert "✔ This hand may make the worthless-hand exchange" in text(yes.verdict)
    no_seed = first_seed(lambda h: not alkort.may_exchange(h))
    no = DealExplorer("alkort", seed=no_seed)
    blockers = alkort.exchange_blockers(alkort.new_deal(seed=no_seed).hands[0])
    assert f"✘ No exchange for this hand: {show(blockers)} could beat a led low eight." in text(no.verdict)


def test_alkort_explorer_new_deal_button_deals_the_next_seed():
    d = DealExplorer("alkort", players=2, seed=5)
    d.new_deal_button.click()
    assert d.seed == 6 and d.hand_cards == alkort.new_deal(players=2, seed=6).hands[0]
    assert "deal number 6" in text(d.heading)


def test_ecarte_explorer_shows_trump_stock_and_king():
    for seed in range(40):
        d = DealExplorer("ecarte", seed=seed)
        state = ecarte.new_deal(dealer=0, seed=seed)
        assert f"trumps are {dict(zip('♠♥♦♣', ['spades', 'hearts', 'diamonds', 'clubs']))[state.trump]}" in text(d.view)
        assert "Stock: 21 cards." in text(d.view)
        holder = state.holder(state.king_of_trumps)
        verdict = text(d.verdict)
        if state.turned_up.rank == "K":
            assert verdict == state.explain_score() and "1 point" in verdict
        elif holder is None:
            assert verdict.startswith(f"Neither hand holds {state.king_of_trumps}")
        else:
            assert verdict.startswith(
                f"Player {holder} (the {'dealer' if holder == 0 else 'non-dealer'}) holds {state.king_of_trumps}"
            )


def test_ecarte_explorer_finds_a_turned_up_king():
    seed = next(s for s in range(500) if ecarte.new_deal(dealer=0, seed=s).turned_up.rank == "K")
    d = DealExplorer("ecarte", seed=seed)
    assert "gave player 0 (the dealer) 1 point" in text(d.verdict)


# -- the deal explorer app: the same deal under other rules ----------------------------------------------------

LED_SUIT = {"low_eights_ranked": False, "rubbish_order": "led_suit"}


def test_the_explorer_app_shows_the_same_deal_under_the_rules_chosen():
    # A deal whose first hand is worthless by default but holds a card that beats a led low Eight under led_suit.
    seed = first_seed(lambda h: alkort.may_exchange(h) and not alkort.may_exchange(h, alkort.AlkortOptions(**LED_SUIT)))
    app = DealExplorerApp(seed=seed)
    assert "✔ This hand may make the worthless-hand exchange" in text(app.explorer.verdict)
    for name, value in LED_SUIT.items():
        app.pickers[name].value = value
    assert app.explorer.seed == seed and app.explorer.options == alkort.AlkortOptions(**LED_SUIT)
    assert "✘ No exchange for this hand" in text(app.explorer.verdict)


def test_the_explorer_app_refuses_options_in_the_engines_words_and_keeps_the_deal_number():
    app = DealExplorerApp(seed=3)
    app.explorer.new_deal_button.click()
    app.pickers["ranking"].value = "short"  # with the low Eights still ranked: refused
    assert app.explorer is None and app.children[-1] is app.message
    assert "ranking = 'short' ranks only the seven cards" in text(app.message)
    app.pickers["low_eights_ranked"].value = False
    assert app.explorer.seed == 4 and app.explorer.options.ranking == "short" and text(app.message) == ""
    assert all(tier == alkort.tier_name(c, app.explorer.options) for c, tier in app.explorer.ranked)


def test_the_explorer_app_has_no_alkort_pickers_for_ecarte():
    app = DealExplorerApp(seed=2)
    app.game.value = ("ecarte", 2)
    assert list(app.children) == [app.game, app.explorer] and app.explorer.game == "ecarte" and app.explorer.seed == 2
    app.game.value = ("alkort", 2)
    assert app.explorer.n_players == 2 and set(app.pickers.values()) <= set(app.children)
