"""Every lesson file (widgets/lessons/*.toml) and the example in docs/lessons.md: it validates,
every stage's solution reaches its goal on the kernel, every `wrong` action is legal where the
student decides and off every solution, `refused` goals are met by a real refusal with that rule,
every rule id exists, `next` names a lesson."""
from __future__ import annotations

import pathlib
import re
import tomllib

import pytest

from berserk_kernel.core.errors import DataError, IllegalAction
from widgets.lesson_data import (GAMES, build_position, lesson_from_dict, lesson_ids, load_lesson, play_line,
                                 states_along)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def docs_example() -> dict:
    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    block = re.search(r"## The smallest complete lesson\s+```toml\n(.*?)```", text, re.S).group(1)
    return tomllib.loads(block)


def all_lessons():
    yield pytest.param(lambda: lesson_from_dict(docs_example(), "docs/lessons.md"), id="docs-example")
    for lid in lesson_ids():
        yield pytest.param(lambda lid=lid: load_lesson(lid), id=lid)


def stage_starts(lesson):
    """The state each stage starts from, following the first solution through `continue` stages."""
    state = None
    for i, stage in enumerate(lesson.stages):
        start = build_position(lesson, i, state)
        start = start.copy() if stage.source == "continue" else start
        yield i, stage, start
        state = play_line(lesson, i, stage.solution, start.copy()).state


@pytest.mark.parametrize("make", list(all_lessons()))
def test_lesson_is_valid_and_solvable(make):
    lesson = make()
    kind = GAMES[lesson.game]
    assert lesson.stages, "a lesson has stages"
    for i, stage, start in stage_starts(lesson):
        where = f"{lesson.id} stage {stage.id}"
        for rid in stage.rules:
            assert rid in kind.rules, f"{where}: unknown rule {rid}"
        refused_goals = {g.args[0] for g in stage.goals if g.kind == "refused"}
        for n, sol in enumerate(stage.solutions):
            played = play_line(lesson, i, sol, start.copy())
            assert played.reached, f"{where}: solution {n} {sol} does not reach the goal {[g.text for g in stage.goals]}"
            # an action of the line may only be refused in a "try the forbidden" stage, with its rule
            for text, rid in played.refused:
                assert rid in refused_goals, f"{where}: {text!r} is refused ({rid}) but no goal 'refused {rid}'"
            for rid in refused_goals:
                assert rid in [r for _t, r in played.refused], f"{where}: no action of the line is refused with {rid}"
        # the goal must not hold before the student does anything (else the stage would be skipped)
        if stage.goals:
            from widgets.lesson_data import Context, goals_hold
            assert not goals_hold(lesson, stage, Context(start, len(start.log)), []), \
                f"{where}: the goal already holds at the start"
        for text in stage.wrong:
            legal_somewhere = False
            for sol in stage.solutions:
                for prefix, state in states_along(lesson, i, sol, start):
                    if any(prefix + [text] == s[:len(prefix) + 1] for s in stage.solutions):
                        continue
                    if state.is_legal(text):
                        legal_somewhere = True
            assert legal_somewhere, f"{where}: wrong action {text!r} is not legal where the student decides"
            assert not any(s[:1] == [text] for s in stage.solutions), f"{where}: wrong action {text!r} starts a solution"


@pytest.mark.parametrize("make", list(all_lessons()))
def test_next_lesson_exists(make):
    lesson = make()
    if lesson.next:
        assert lesson.next in lesson_ids(), f"{lesson.id}: next = {lesson.next!r} is not a lesson file"


def test_docs_example_plays_its_stages_on_the_kernel():
    lesson = lesson_from_dict(docs_example(), "docs/lessons.md")
    state = build_position(lesson, 0)
    assert state.card(1)[0].cell is not None and str(state.actions) == "[]"
    played = play_line(lesson, 0, ["move #1 c3"], state)
    assert played.reached and state.at("c3") == 1
    played = play_line(lesson, 1, ["strike #1 #2"], state)
    assert played.reached and any(e.rule_id == "BR-10" for e in state.log)


def test_wrong_first_move_does_not_reach_the_goal():
    lesson = lesson_from_dict(docs_example(), "docs/lessons.md")
    played = play_line(lesson, 0, ["move #1 b2"])
    assert not played.reached and played.state.at("b2") == 1


def test_a_refused_action_is_recorded_not_applied():
    data = docs_example()
    data["stage"] = [dict(data["stage"][0], solution=["move #1 c5"], goal=["refused BR-9.1"])]
    data["stage"][0].pop("wrong")
    lesson = lesson_from_dict(data, "<t>")
    state = build_position(lesson, 0)
    before = state.state_hash()
    played = play_line(lesson, 0, ["move #1 c5"], state)
    assert played.refused == [("move #1 c5", "BR-9.1")] and state.actions == [] and state.state_hash() == before
    assert played.reached


BAD = [
    (lambda d: d.pop("title"), "", "title"),
    (lambda d: d["stage"][0].update(goal=["win A"]), "stage[0].goal[0]", "unknown goal"),
    (lambda d: d["stage"][0].update(goal=["wounds #2 >> 1"]), "stage[0].goal[0]", "is not one of"),
    (lambda d: d["stage"][0].update(rules=["BR-999"]), "stage[0].rules[0]", "unknown rule id"),
    (lambda d: d["stage"][0].update(solution=["jump #1 c3"]), "stage[0].solution[0]", "unknown action"),
    (lambda d: d["stage"][0].update(scenario="x.json"), "stage[0]", "exactly one of"),
    (lambda d: d["stage"][1].update(id="step"), "stage[1].id", "used twice"),
    (lambda d: d["stage"][0].update(objective={"ru": "только по-русски"}), "stage[0].objective", "en"),
    (lambda d: d["stage"][0].update(solutions=[["move #1 c3"]]), "stage[0]", "solution, solutions"),
    (lambda d: d["stage"][0].update(colour="red"), "stage[0]", "colour"),
    (lambda d: d["stage"][0].pop("position") and d["stage"][0].update({"continue": True}),
     "stage[0].continue", "no board"),
]


@pytest.mark.parametrize("change,field,words", BAD, ids=[b[1] + ":" + b[2] for b in BAD])
def test_bad_lesson_data_names_the_field(change, field, words):
    data = docs_example()
    change(data)
    with pytest.raises(DataError) as exc:
        lesson_from_dict(data, "widgets/lessons/99_first_step.toml")
    e = exc.value
    assert e.source == "widgets/lessons/99_first_step.toml"
    assert e.field.startswith(field) and words in str(e), (e.field, str(e))


def test_bad_position_names_the_stage():
    data = docs_example()
    data["stage"][0]["position"] = ["A no_such_card c2"]
    lesson = lesson_from_dict(data, "widgets/lessons/99_first_step.toml")
    with pytest.raises(DataError) as exc:
        build_position(lesson, 0)
    assert exc.value.source == "widgets/lessons/99_first_step.toml" and exc.value.field.startswith("stage[0].position")


def test_id_must_be_the_file_name(tmp_path):
    data = docs_example()
    p = tmp_path / "98_other.toml"
    p.write_text((ROOT / "docs" / "lessons.md").read_text(encoding="utf-8").split("```toml\n")[1].split("```")[0],
                 encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_lesson(p)
    assert exc.value.field == "id" and "98_other" in str(exc.value)
    assert data["id"] == "99_first_step"


def test_an_illegal_solution_move_is_reported():
    data = docs_example()
    data["stage"][0]["solution"] = ["move #1 c5"]
    lesson = lesson_from_dict(data, "<t>")
    played = play_line(lesson, 0, ["move #1 c5"])
    assert not played.reached and played.refused and isinstance(played.refused[0][1], str)
    with pytest.raises(IllegalAction):
        build_position(lesson, 0).apply("move #1 c5")
