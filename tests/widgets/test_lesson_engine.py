"""The lesson engine without widgets: success, partial steps with the opponent's answers, wrong
moves taken back with their rules, refusals, hints, show me, restart, undo/redo, score."""
from __future__ import annotations

import copy

import pytest

from widgets.lesson_data import lesson_from_dict
from widgets.lesson_engine import LessonEngine

T = lambda ru, en: {"ru": ru, "en": en}  # noqa: E731

BASE = {
    "id": "99_test", "game": "berserk", "title": T("Тест", "Test"), "summary": T("Тест", "Test"),
    "stage": [
        {"id": "step", "objective": T("На c3", "To c3"), "position": ["A gorge_warden c2", "B bog_troll c4"],
         "solution": ["move #1 c3"], "goal": ["at #1 c3"], "rules": ["BR-9.1"], "hint": T("Жми", "Click"),
         "success": T("Да", "Yes"), "wrong": {"move #1 b2": T("Вбок", "Sideways")}},
        {"id": "strike", "continue": True, "objective": T("Бей", "Strike"), "solution": ["strike #1 #2"],
         "goal": ["rule BR-10"], "rules": ["BR-10"]},
    ],
}
DEFEND = {
    "id": "step", "objective": T("Ударьте", "Strike"), "scenario": "defender.json",
    "solution": ["strike #1 #2", "defend #3", "move #4 b2"], "rules": ["BR-10.2", "BR-10.3"],
}


def lesson(**changes):
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        data[key] = value
    return lesson_from_dict(data, "<test>")


def test_success_names_the_rules_and_the_next_stage_continues_the_board():
    e = LessonEngine(lesson())
    state = e.state
    assert e.act("move #1 c3")
    assert e.index == 1 and e.state is state and state.at("c3") == 1
    assert e.last_success.kind == "success" and e.last_success.rule_ids == ["BR-9.1"]
    assert e.scores["step"].done and e.scores["step"].mistakes == 0
    assert e.act("strike #1 #2")
    assert e.finished and e.feedback.kind == "done" and e.progress()["done"]
    assert e.progress()["stages"] == {"step": {"done": True, "mistakes": 0, "hints": 0},
                                      "strike": {"done": True, "mistakes": 0, "hints": 0}}


def test_wrong_move_is_explained_and_taken_back():
    e = LessonEngine(lesson())
    before = e.state.state_hash()
    assert e.act("move #1 b2")
    fb = e.feedback
    assert fb.kind == "wrong" and fb.action == "move #1 b2" and fb.words == T("Вбок", "Sideways")
    assert "BR-9.1" in fb.rule_ids
    assert e.state.state_hash() == before
    assert e.state.at("c2") == 1 and e.state.actions == [] and e.score.mistakes == 1 and e.index == 0


def test_refused_action_changes_nothing_and_counts_a_mistake():
    e = LessonEngine(lesson())
    before = e.state.state_hash()
    assert not e.act("move #1 c5")
    assert e.feedback.kind == "refused" and e.feedback.rule_ids == ["BR-9.1"]
    assert e.feedback.message["en"] and e.state.state_hash() == before and e.score.mistakes == 1


def test_a_refused_goal_makes_the_forbidden_try_the_success():
    data = copy.deepcopy(BASE)
    data["stage"][0].update(solution=["move #1 c5"], goal=["refused BR-9.1"])
    del data["stage"][0]["wrong"]
    e = LessonEngine(lesson_from_dict(data, "<t>"))
    assert not e.act("move #1 c5")
    assert e.scores["step"].done and e.scores["step"].mistakes == 0 and e.index == 1


def test_partial_step_then_the_opponent_answers_from_the_line():
    e = LessonEngine(lesson(stage=[DEFEND]))
    assert e.act("strike #1 #2")
    # B's defender choice is played by the lesson: the line says defend #3
    assert e.feedback.kind == "partial" and [str(a) for a in e.state.actions] == ["strike #1 #2", "defend #3"]
    assert e.state.to_move == 0 and e.score.mistakes == 0 and not e.finished
    assert e.act("move #4 b2")
    assert e.finished and e.scores["step"].done


def test_undo_goes_back_over_the_opponents_answer():
    e = LessonEngine(lesson(stage=[DEFEND]))
    e.act("strike #1 #2")
    e.state.undo()
    e.on_change()
    assert e.state.actions == [] and e.feedback.kind == "undone" and e.state.to_move == 0
    e.state.redo()
    e.on_change()   # the redone strike is judged again: partial, and B answers again
    assert [str(a) for a in e.state.actions] == ["strike #1 #2", "defend #3"]


def test_undo_past_a_continue_stage_goes_back_to_the_previous_stage():
    e = LessonEngine(lesson())
    e.act("move #1 c3")
    assert e.index == 1
    e.state.undo()
    e.on_change()
    assert e.index == 0 and e.state.at("c2") == 1
    e.act("move #1 c3")
    assert e.index == 1 and e.scores["step"].done


def test_hint_lights_the_next_action_and_show_me_plays_it():
    e = LessonEngine(lesson(stage=[DEFEND]))
    assert e.hint() == "strike #1 #2" and e.feedback.kind == "hint" and e.score.hints == 1
    assert e.state.actions == []
    assert e.show() == "strike #1 #2"
    assert e.score.hints == 2 and e.feedback.kind == "shown"
    assert [str(a) for a in e.state.actions] == ["strike #1 #2", "defend #3"]
    e.show()
    assert e.finished and e.scores["step"].to_dict() == {"done": True, "mistakes": 0, "hints": 3}


def test_restart_rebuilds_the_stage_and_keeps_the_score():
    e = LessonEngine(lesson())
    e.act("move #1 b2")
    first = e.state
    e.restart()
    assert e.state is not first and e.state.at("c2") == 1 and e.score.mistakes == 1
    e.act("move #1 c3")
    e.restart()   # a continue stage: nothing to take back yet
    assert e.index == 1 and e.state.at("c3") == 1


def test_free_stage_accepts_any_legal_move_until_the_goal():
    data = copy.deepcopy(BASE)
    data["stage"] = [dict(data["stage"][0], free=True, goal=["at #1 c3"], solution=["move #1 c3"])]
    e = LessonEngine(lesson_from_dict(data, "<t>"))
    assert e.act("move #1 b2")
    assert e.feedback.kind == "partial" and e.state.at("b2") == 1 and e.score.mistakes == 0
    assert e.next_action() is None
    assert e.show() == "move #1 c3"      # off the line: show me starts the stage again and plays it
    assert e.finished and e.scores["step"].hints == 1


def test_state_listeners_hear_every_new_board():
    seen = []
    data = copy.deepcopy(BASE)
    data["stage"][1] = dict(DEFEND, id="strike")
    e = LessonEngine(lesson_from_dict(data, "<t>"))
    e.state_listeners.append(lambda eng, st: seen.append(st))
    e.act("move #1 c3")
    assert seen == [e.state] and e.index == 1 and e.state.at("c3") == 1


@pytest.mark.parametrize("which", [0, 1])
def test_go_to_a_stage(which):
    e = LessonEngine(lesson())
    e.go_to(which)
    assert e.index == which and e.state.at("c3" if which else "c2") == 1


def test_a_wrong_move_taken_back_cannot_be_redone():
    e = LessonEngine(lesson())
    assert e.act("move #1 b2")
    assert e.feedback.kind == "wrong" and e.score.mistakes == 1 and e.state.actions == []
    assert e.state.can_redo()        # the kernel keeps it on its redo list ...
    assert not e.can_redo()          # ... but the lesson does not let it be replayed
    assert e.act("move #1 c3")       # a new action clears the kernel's redo list
    assert e.index == 1 and e.scores["step"].mistakes == 1 and not e.can_redo()


def test_after_a_wrong_move_redo_replays_only_the_right_moves_undone_since():
    e = LessonEngine(lesson(stage=[DEFEND]))
    assert e.act("strike #1 #2")     # partial; B answers defend #3
    assert e.act("move #4 a3")       # wrong: not the line, taken back
    assert e.feedback.kind == "wrong" and e.score.mistakes == 1
    assert [str(a) for a in e.state.actions] == ["strike #1 #2", "defend #3"]
    assert not e.can_redo()
    e.state.undo()
    e.on_change()                    # back over B's answer to the strike
    assert e.state.actions == [] and e.can_redo()
    e.state.redo()
    e.on_change()                    # the strike again; B answers again (a new action)
    assert [str(a) for a in e.state.actions] == ["strike #1 #2", "defend #3"]
    assert not e.can_redo() and e.score.mistakes == 1
