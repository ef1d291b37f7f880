"""The lesson's Hint (widgets/lesson_hint.py): for every stage of every lesson, following the
hints alone passes the stage (each hinted action is legal, or, in a "try the forbidden" stage,
refused by exactly the stage's rule with the board unchanged); the why names the exact odds of a
roll and the rules; off the stage's line the hint finds an action that reaches the goal, else
the computer's suggestion; the page shows it in one language."""
from __future__ import annotations

import copy
import re
from html import escape

import pytest

from tests.widgets.test_lesson_engine import BASE
from widgets.lesson import LessonPage
from widgets.lesson_data import GAMES, lesson_from_dict, lesson_ids, load_lesson
from widgets.lesson_engine import LessonEngine
from widgets.lesson_hint import refused_goal
from widgets.lesson_words import w
from widgets.progress import ProgressStore

STAGES = [(lid, i) for lid in lesson_ids() for i in range(len(load_lesson(lid).stages))]


def _key(state) -> str:
    return state.state_hash()


@pytest.mark.parametrize("lid, index", STAGES, ids=[f"{lid[:2]}-{i}" for lid, i in STAGES])
def test_following_the_hints_passes_every_stage(lid, index):
    lesson = load_lesson(lid)
    e = LessonEngine(lesson)
    e.go_to(index)
    stage = e.stage
    rules = GAMES[lesson.game].rules
    steps = max(len(s) for s in stage.solutions) + 1
    for _ in range(steps):
        action = e.hint()
        h = e.feedback.hint
        assert action is not None and e.feedback.kind == "hint" and h.action == action
        assert h.why["ru"] and h.why["en"] and h.why["ru"] != h.why["en"]
        assert not re.search("[А-Яа-яЁё]", h.why["en"]) and re.search("[А-Яа-яЁё]", h.why["ru"])
        assert h.rule_ids and all(r in rules for r in h.rule_ids), h.rule_ids
        state = e.state
        if h.source == "try":
            rid = refused_goal(stage)
            assert rid is not None and rid in h.why["ru"] and rid in h.why["en"]
            verdict = state.explain(action)
            assert not verdict.ok and verdict.rule_id == rid
            before = _key(state)
            e.act(action)
            assert e.state is not state or _key(state) == before     # a refusal changes nothing
        else:
            assert h.source == "line"
            assert action in state.legal_actions()
            e.act(action)
        if e.finished or e.index > index:
            break
    assert e.scores[stage.id].done and e.scores[stage.id].mistakes == 0
    assert e.scores[stage.id].hints >= 1


def test_a_roll_is_explained_with_its_exact_odds_and_rules():
    e = LessonEngine(load_lesson("05_strike_and_defenders"))
    e.go_to(2)                                   # open_target: strike #1 #2, the die set by the lesson
    assert e.hint() == "strike #1 #2"
    h = e.feedback.hint
    assert h.rule_ids[:2] == ["BR-10.3", "BR-10.4"]
    assert "8,3% (1/12)" in h.why["ru"] and "8.3% (1/12)" in h.why["en"]      # the kill chance
    assert w("why_goal", "ru") in h.why["ru"] and w("why_forced", "en") in h.why["en"]


def test_city_attack_odds_are_the_rules_odds_not_the_lessons_set_dice():
    e = LessonEngine(load_lesson("11_city_combat_and_odds"))
    e.go_to(1)                                   # hold: the lesson's dice make the attack fail
    assert e.hint() == "attack 13>14 6"
    h = e.feedback.hint
    assert "45.6% (1424/3125)" in h.why["en"] and "CITY-4.2" in h.rule_ids
    assert w("why_forced", "en") in h.why["en"]


def test_a_step_of_a_longer_line_says_so():
    e = LessonEngine(load_lesson("01_field_and_zones"))
    e.go_to(5)                                   # victory: move #2 d3, then strike #2 #11
    assert e.hint() == "move #2 d3"
    assert w("why_step", "en") in e.feedback.hint.why["en"]
    assert "BR-9.1" in e.feedback.hint.rule_ids


def test_off_the_line_the_hint_finds_an_action_that_reaches_the_goal():
    e = LessonEngine(load_lesson("10_city_setup_and_turns"))
    e.go_to(9)                                   # reinforce (free): forces 14 == 8
    assert e.act("reinforce 14 +2") and e.feedback.kind == "partial"
    assert e.act("reinforce 12 +1") and e.next_action() is None
    action = e.hint()
    h = e.feedback.hint
    assert h.source == "goal" and action in e.state.legal_actions()
    assert action == "redeploy 12>14 2" and "CITY-3.5" in h.rule_ids
    assert e.act(action) and e.scores["reinforce"].done


def test_show_me_off_the_line_plays_an_action_to_the_goal_without_restarting():
    e = LessonEngine(load_lesson("10_city_setup_and_turns"))
    e.go_to(9)
    e.act("reinforce 14 +2")
    e.act("reinforce 12 +1")
    state = e.state
    assert e.show() == "redeploy 12>14 2"
    assert e.scores["reinforce"].done and e.scores["reinforce"].hints == 1
    assert [str(a) for a in state.actions[-3:]] == ["reinforce 14 +2", "reinforce 12 +1", "redeploy 12>14 2"]


def test_no_single_move_to_the_goal_the_computer_suggests_one():
    data = copy.deepcopy(BASE)
    data["stage"] = [dict(data["stage"][0], free=True, goal=["zone #2 graveyard"], solution=["move #1 c3"])]
    e = LessonEngine(lesson_from_dict(data, "<t>"))
    assert e.act("move #1 b2") and e.feedback.kind == "partial" and e.next_action() is None
    before = e.state.state_hash()
    action = e.hint()
    h = e.feedback.hint
    assert h.source == "bot" and action in e.state.legal_actions()
    assert h.why["ru"].startswith(w("why_bot", "ru")) and h.why["en"].startswith(w("why_bot", "en"))
    assert e.state.state_hash() == before and e.score.hints == 1   # the search changed nothing
    assert h.advice is not None and str(h.advice.action) == action


def test_the_computers_hint_on_the_page_is_in_plain_words():
    data = copy.deepcopy(BASE)
    data["stage"] = [dict(data["stage"][0], free=True, goal=["zone #2 graveyard"], solution=["move #1 c3"])]
    p = LessonPage(lesson_from_dict(data, "<t>"), "en", store=ProgressStore())
    assert p.act("move #1 b2")
    p.hint_button.click()
    html = p.feedback_html.value
    h = p.engine.feedback.hint
    assert h.source == "bot" and w("why_bot", "en") in html
    assert p.label(h.action, "en") in html and str(p.controller.considered) == h.action
    assert "played out the next moves in its head" in html or "There is no other move now." in html
    for word in ("Search", "playout", "Поиск"):
        assert word not in html


def test_the_hint_on_the_page_names_lights_and_explains_in_one_language():
    lesson = load_lesson("05_strike_and_defenders")
    p = LessonPage(lesson, "ru", store=ProgressStore())
    p.engine.go_to(2)
    p.controller.reset(p.engine.state)
    p.hint_button.click()
    html = p.feedback_html.value
    label = p.label("strike #1 #2", "ru")
    assert w("hint_head", "ru") in html and label in html and w("hint_why", "ru") in html
    assert "1/12" in html and "BR-10.3" in html and "Почему" in html
    assert html.count(escape(label)) == 1 and "По таблице боя (BR-10.3, BR-10.4) шанс убить" in html   # named once
    assert "Why" not in html and "Hint:" not in html
    assert str(p.controller.considered) == "strike #1 #2"          # lit on the board
    p.app.lang_toggle.value = "en"
    html = p.feedback_html.value
    assert "Why:" in html and "1/12" in html and "Почему" not in html


def test_no_hint_once_the_lesson_is_done_and_the_score_stays():
    e = LessonEngine(load_lesson("01_field_and_zones"))
    e.go_to(len(e.lesson.stages) - 1)
    while not e.finished:
        e.act(e.hint())
    hints = e.totals()[1]
    assert e.hint() is None and e.totals()[1] == hints and e.feedback.kind == "done"


@pytest.mark.parametrize("lid, index, card", [("05_strike_and_defenders", 0, 1), ("01_field_and_zones", 1, 3)])
def test_a_forbidden_action_to_try_is_lit_on_the_board(lid, index, card):
    """A "try the forbidden" stage: the hint lights the refused action (its card, its target or
    cell) though it is not legal; any other illegal action stays unlit."""
    p = LessonPage(load_lesson(lid), "en", store=ProgressStore())
    if index:
        p._go(index)
    c = p.controller
    p.hint_button.click()
    h = p.engine.feedback.hint
    assert h.source == "try" and c.tried == c.considered and str(c.considered) == h.action
    sel, lights = c.focus_highlights()
    assert sel == card and (lights.targets or lights.cells)
    assert c.action_label(c.considered, "en") in c.hint()
    c.consider(h.action)                                  # the same action, not a lesson's "try"
    assert c.focus_highlights() is None and c.tried is None
    c.consider(h.action, tried=True)
    before = p.engine.state.state_hash()
    assert not p.act(h.action)                            # refused: the stage's goal is met
    assert p.engine.scores[p.engine.lesson.stages[index].id].done
    assert p.engine.state.state_hash() == before          # nothing changed
    assert c.tried is None and c.considered is None and c.focus_highlights() is None   # no longer lit


FREE = [(lid, i) for lid, i in STAGES if load_lesson(lid).stages[i].free]


@pytest.mark.parametrize("lid, index", FREE, ids=[f"{lid[:2]}-{i}" for lid, i in FREE])
def test_off_the_line_in_every_free_stage_the_hint_is_legal_or_says_restart(lid, index):
    """A student's own move in a free stage (none of the solutions'), then Hint: an action that
    reaches the goal, else the computer's legal suggestion, else the advice to restart."""
    e = LessonEngine(load_lesson(lid))
    e.go_to(index)
    firsts = {s[0] for s in e.stage.solutions}
    own = next((str(a) for a in e.state.legal_actions() if str(a) not in firsts), None)
    if own is None:
        pytest.skip("every legal action starts a solution")
    assert e.act(own)
    if e.index != index or e.finished:
        return                                   # that move reached the goal itself
    action = e.hint()
    h = e.feedback.hint
    assert h.source in ("line", "goal", "bot", "none")
    if action is None:
        assert h.source == "none" and w("why_restart", "en") in h.why["en"]
    else:
        assert action in e.state.legal_actions()
    if h.source == "goal":
        assert e.act(action) and (e.index > index or e.finished)
