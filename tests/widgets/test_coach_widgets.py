"""The coach at the table, driven through the widget API: Hint, the review after the deal, the drill.

Every table has the panel in its coach box (``table.coach_panel``, in ``table.coach_box``), as the apps and the
tutorials show it; it computes nothing until asked, and makes the widgets of its answers only then. The coach asks
for few samples in these tests (SAMPLES), which keeps them quick; the figures are the coach's, so each test checks
that the panel shows what ``cardlib.coach`` says, in the panel's words, and never what the learner cannot see.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from widget_helpers import play_out, text

from cardlib import coach
from cardlib import widgets as course_widgets
from cardlib.widgets import GameTable, GuidedRound
from cardlib.widgets.coach import COACH_CSS, HINT_NAME, THINKING, CoachPanel, hint_html, loss_text, option_name, points
from cardlib.widgets.table import HIDDEN, LEARNER, SHOWN

SAMPLES = 40  # the coach's fewest: a hint in a fraction of a second


def coached(table) -> CoachPanel:
    """The table's own coach panel, asking for SAMPLES imagined deals a hint."""
    panel = table.coach_panel
    assert isinstance(panel, CoachPanel) and list(table.coach_box.children) == [panel]
    panel.samples = SAMPLES
    return panel


def rows(html: str) -> list[str]:
    """The text of each body row of the first table in some HTML (the header row left out)."""
    table = html.split("</table>")[0]
    return [text(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table)[1:]]


def row_names(html: str) -> list[str]:
    """The row headers (th scope=row) of the first table in some HTML."""
    table = html.split("</table>")[0]
    return [text(name) for name in re.findall(r'<th scope="row">(.*?)</th>', table)]


# -- Every table has a coach -------------------------------------------------------------------------------------

TABLES = {
    "a guided deal": lambda **kw: GuidedRound("alkort", seed=1, **kw),
    "a game that plays at once": lambda **kw: GameTable("ecarte", seed=1, choose_options=True, play_at_once=True, **kw),
    "a game started from its pickers": lambda **kw: GameTable("alkort", seed=1, choose_options=True, **kw),
}


@pytest.mark.parametrize("make", TABLES.values(), ids=list(TABLES))
def test_every_table_has_the_coachs_panel_under_it_unless_told_not_to(make):
    table = make()
    panel = table.coach_panel
    assert isinstance(panel, course_widgets.CoachPanel) and list(table.coach_box.children) == [panel]
    assert panel.table is table and list(table.table_box.children)[-1] is table.coach_box
    assert COACH_CSS in table.stylesheet.value, "its style is in the table's one stylesheet"
    assert "<style" not in panel.heading.value
    alone = make(coach=False)
    assert alone.coach_panel is None and alone.coach_box.children == ()
    assert COACH_CSS not in alone.stylesheet.value


def test_the_coach_computes_nothing_and_makes_no_answer_view_until_asked(monkeypatch):
    asked: list[str] = []
    for question in ("hint", "review", "worst"):
        monkeypatch.setattr(coach, question, lambda *_a, _q=question, **_k: asked.append(_q))
    table = GameTable("ecarte", seed=4)
    panel = table.coach_panel
    play_out(table)
    table.next_deal_button.click()
    assert asked == [] and list(panel.children) == [panel.heading, panel.buttons, panel.status]
    assert panel.hint_button.layout.display == SHOWN and panel.drill_button.layout.display == SHOWN
    monkeypatch.undo()
    panel.samples = SAMPLES
    panel.hint_button.click()
    assert list(panel.children)[-1] is panel.answers and panel.hint_view.value, "made when first asked"


# -- Hint ------------------------------------------------------------------------------------------------------


def test_the_hint_button_is_a_named_button_shown_at_the_learners_decision_only():
    table = GuidedRound("ecarte", seed=3)
    panel = coached(table)
    assert isinstance(panel.hint_button, widgets.Button) and panel.hint_button.description == HINT_NAME
    assert panel.hint_button.layout.display == SHOWN and panel.review_button.layout.display == HIDDEN
    play_out(table)
    assert panel.hint_button.layout.display == HIDDEN and panel.review_button.layout.display == SHOWN
    panel.show_hint()  # asked anyway: a friendly line, no estimate
    assert "nothing to decide" in text(panel.status) and panel.hint_view.value == ""


def test_a_hint_lists_every_legal_option_best_first_with_its_margins_and_the_coachs_sentence():
    table = GuidedRound("ecarte", seed=3)
    panel = coached(table)
    panel.hint_button.click()
    hint = coach.hint(table.state, LEARNER, samples=SAMPLES, seed=0)
    shown = panel.hint_view.value
    assert "<caption>" in shown and '<th scope="col">' in shown and "± at 95 %" in text(shown)
    names = row_names(shown)
    assert sorted(names) == sorted(option_name(a) for a in table.state.legal_actions(LEARNER))
    best = [option_name(a) for a in hint.best]
    assert sorted(names[: len(best)]) == sorted(best), "the options as good as the best come first"
    for row in rows(shown):
        assert re.search(r"\d+ % ± \d+", row) and re.search(r"[+−]\d+\.\d\d ± \d+\.\d\d", row), row
    assert hint.why in text(shown)
    assert panel.errors == [] and text(panel.status) == ""


def test_options_within_the_noise_are_as_good_as_each_other_never_ranked():
    table = GuidedRound("ecarte", seed=3)  # its first decision has several options the coach cannot tell apart
    panel = coached(table)
    panel.hint_button.click()
    hint = panel.hint
    assert len(hint.best) > 1, "this position has options within the noise of the best"
    by_name = dict(zip(row_names(panel.hint_view.value), rows(panel.hint_view.value)))
    for action in hint.best:
        assert (
            f"too close to tell from the best ({len(hint.best)} options too close to tell apart)"
            in by_name[option_name(action)]
        )
    others = [e.action for e in hint.options if e.action not in hint.best]
    assert others and all(by_name[option_name(a)].endswith("behind the best") for a in others)
    assert "best" not in " ".join(
        by_name[option_name(a)].replace("too close to tell from the best", "") for a in hint.best
    )


def test_a_hint_of_four_handed_alkort_offers_each_card_the_learner_may_play():
    table = GuidedRound("alkort", players=4, seed=1)
    panel = coached(table)
    panel.hint_button.click()
    assert sorted(row_names(panel.hint_view.value)) == sorted(option_name(c) for c in table.legal_choices)
    assert panel.errors == []


def test_the_hint_is_the_same_whatever_the_hidden_cards():
    """Nothing the learner cannot see changes the hint: swap the other player's hand with the stock."""
    shown = []
    for swap in (False, True):
        table = GuidedRound("ecarte", seed=5)
        state = table.state
        if swap:
            hidden = state.hands[1][:]
            state.hands[1][:] = state.stock[: len(hidden)]
            state.stock[: len(hidden)] = hidden
        panel = coached(table)
        panel.hint_button.click()
        shown.append(panel.hint_view.value)
    assert shown[0] == shown[1]


def test_the_coach_says_it_is_thinking_and_an_error_is_a_friendly_line(monkeypatch):
    table = GuidedRound("ecarte", seed=3)
    panel = coached(table)
    said: list[str] = []
    panel.status.observe(lambda change: said.append(change["new"]), names="value")

    def broken(*_args, **_kwargs):
        raise RuntimeError("no worlds left to imagine")

    monkeypatch.setattr(coach, "hint", broken)
    panel.hint_button.click()
    assert THINKING in said[0]
    message = text(panel.status)
    assert "The coach could not answer that (no worlds left to imagine)" in message and "Traceback" not in message
    assert panel.hint_view.value == "" and len(panel.errors) == 1


def test_a_hint_is_forgotten_once_the_deal_moves_on():
    table = GuidedRound("ecarte", seed=3)
    panel = coached(table)
    panel.hint_button.click()
    assert panel.hint_view.value
    table.click_card(table.hand.playable[0])
    assert panel.hint_view.value == "" and panel.hint is None
    if panel.learner_to_decide():
        panel.hint_button.click()
        assert panel.hint_for == panel.position_key()


# -- Review ----------------------------------------------------------------------------------------------------


def reviewed_deal(seed: int = 3) -> tuple[GuidedRound, CoachPanel]:
    """An Écarté deal played to its end by clicks, then reviewed."""
    table = GuidedRound("ecarte", seed=seed)
    panel = coached(table)
    play_out(table, last=True)
    panel.review_button.click()
    return table, panel


def test_the_review_lists_every_decision_with_the_coachs_best_its_loss_verdict_and_hindsight():
    table, panel = reviewed_deal()
    reviews = coach.review(table.deal, LEARNER, seed=0, samples=SAMPLES)
    assert any(r.chosen in r.hindsight for r in reviews), "a value with hindsight to read"
    shown = panel.review_view.value
    assert "<caption>" in shown and "Had you seen all the cards" in shown and "Loss (expected points, ±" in shown
    lines = rows(shown)
    assert len(lines) == len(reviews) > 0
    for number, (line, reviewed) in enumerate(zip(lines, reviews), 1):
        assert line.startswith(f"{number}. {option_name(reviewed.chosen)}")
        assert loss_text(reviewed) in line and reviewed.verdict in line
        assert (f"{reviewed.loss:.2f} ± {reviewed.loss_margin:.2f}" in line) == (reviewed.loss_margin > 0)
        assert reviewed.verdict in ("good", "inaccuracy", "mistake")
        if reviewed.chosen in reviewed.hindsight:  # had the learner seen all the cards: the exact value
            assert f"yours {points(reviewed.hindsight[reviewed.chosen])}" in line
    caption = text(shown.split("<caption>")[1].split("</caption>")[0])
    for name, limit in coach.THRESHOLDS.items():  # the thresholds are stated in the caption, in points and chance
        chance = coach.WIN_CHANCE_THRESHOLDS[name]
        assert f"{name} when even the low end of its 95 % interval loses more than {limit:g} expected points" in caption
        assert f"about {chance:.0%} of the chance of winning the deal" in caption
    assert panel.errors == []


def test_a_review_of_four_handed_alkort_has_a_row_for_each_decision_of_the_learner():
    table = GuidedRound("alkort", players=4, seed=1)
    panel = coached(table)
    play_out(table)
    panel.review_button.click()
    reviews = coach.review(table.deal, LEARNER, seed=0, samples=SAMPLES)
    lines = rows(panel.review_view.value)
    assert [line.split(" ")[:3] for line in lines] == [
        f"{i}. {option_name(r.chosen)}".split(" ") for i, r in enumerate(reviews, 1)
    ]
    assert len(panel.decisions.children) == len(reviews) > 1 and panel.errors == []


def test_a_decision_of_the_review_shows_its_position_again():
    table, panel = reviewed_deal()
    buttons = panel.decisions.children
    reviews = panel.reviews[id(table.state)]
    assert [b.description for b in buttons] == [
        f"Show decision {i} again: {option_name(r.chosen)}" for i, r in enumerate(reviews, 1)
    ]
    last = reviews[-1]
    buttons[-1].click()
    shown = text(panel.position_view)
    assert f"Decision {len(reviews)}: you chose {option_name(last.chosen)}" in shown and "Your hand:" in shown
    for c in last.position.hands[LEARNER]:  # the hand held then, and nobody else's
        assert c.name in panel.position_view.value
    for c in last.position.hands[1]:
        assert c.name not in panel.position_view.value
    assert sorted(row_names(panel.position_view.value)) == sorted(option_name(e.action) for e in last.hint.options)


def test_the_review_is_cleared_when_the_next_deal_begins_and_the_drill_remembers_the_deal():
    table = GameTable("ecarte", seed=4)
    panel = coached(table)
    play_out(table)
    assert panel.drill_button.layout.display == SHOWN
    panel.review_button.click()
    assert panel.review_view.value
    table.next_deal_button.click()
    assert panel.review_view.value == "" and panel.decisions.children == ()
    assert len(panel.deals) == 1 and panel.review_button.layout.display == HIDDEN


# -- Learn from your mistakes -------------------------------------------------------------------------------------


def worst_of_a_deal(seed: int) -> tuple[GuidedRound, CoachPanel, list]:
    """A deal played badly (always the last playable card), and the coach's worst decisions in it."""
    table = GuidedRound("ecarte", seed=seed)
    panel = coached(table)
    play_out(table, last=True)
    worst = coach.worst(coach.review(table.deal, LEARNER, seed=0, samples=SAMPLES), 5)
    return table, panel, worst


def test_the_drill_asks_the_worst_decisions_again_and_counts_the_answers_the_coach_agrees_with():
    _table, panel, worst = worst_of_a_deal(seed=6)
    assert len(worst) == 2, "this deal has two decisions the coach calls mistakes"
    panel.drill_button.click()
    drill = panel.drill
    assert [r.chosen for r in drill.positions] == [r.chosen for r in worst]
    assert "Which would you play?" in text(drill.question) and "Your hand:" in text(drill.question)
    first = worst[0]
    assert sorted(b.description for b in drill.answers.children) == sorted(
        option_name(e.action) for e in first.hint.options
    )
    by_name = {b.description: b for b in drill.answers.children}
    by_name[option_name(first.hint.best[0])].click()  # the coach's own choice
    assert "Yes: the coach would choose that too." in text(drill.feedback)
    assert "Answered as the coach would: 1 of 1." in text(drill.feedback)
    by_name[option_name(first.chosen)].click()  # a second answer to the same position counts for nothing
    assert drill.answered == 1
    drill.next_button.click()
    second = worst[1]
    by_name = {b.description: b for b in drill.answers.children}
    by_name[option_name(second.chosen)].click()  # the answer the coach found wanting in the deal
    assert not coach.agrees(second.hint, second.chosen)
    assert f"The coach would rather choose {option_name(second.best)}" in text(drill.feedback)
    assert "Answered as the coach would: 1 of 2." in text(drill.feedback)


def test_the_drill_says_so_when_there_is_nothing_to_practise(monkeypatch):
    table = GuidedRound("ecarte", seed=3)
    panel = coached(table)
    play_out(table)
    monkeypatch.setattr(coach, "worst", lambda reviews, n=5: [])
    panel.drill_button.click()
    assert "nothing to practise" in text(panel.drill.question) and panel.drill.answers.children == ()


@pytest.mark.parametrize("seed", [0, 6])  # deals with a decision to practise against the rule bots' play
def test_the_drill_ends_with_the_score(seed):
    _table, panel, worst = worst_of_a_deal(seed)
    panel.drill_button.click()
    drill = panel.drill
    for reviewed in worst:
        {b.description: b for b in drill.answers.children}[option_name(reviewed.hint.best[0])].click()
        drill.next_button.click()
    assert f"Answered as the coach would: {len(worst)} of {len(worst)}." in text(drill.question)
    assert drill.answers.children == ()


def test_a_hint_says_in_words_what_its_imagined_deals_could_not_honour():
    """A hint whose worlds could not all follow Écarté's reading of the other player carries a note, shown."""
    hint = coach.hint(GuidedRound("ecarte", seed=3).deal, LEARNER, samples=SAMPLES)
    assert hint.note == "" and "cardlib-coach-note" not in hint_html(hint)
    noted = coach.Hint(
        *[getattr(hint, f) for f in ("seat", "samples", "seed", "options", "best", "why", "outcomes")],
        note="In 3 of 40 imagined deals no past of the other player that follows the book was found.",
    )
    assert f'<p class="cardlib-coach-note">{noted.note}</p>' in hint_html(noted)
