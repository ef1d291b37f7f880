"""The lesson page and the start page as widgets (no browser): routing of the board to the engine,
the words shown, the end links, the progress store, safe markdown, plurals."""
from __future__ import annotations

import copy
import json

import pytest

from widgets.lesson import LessonPage, lesson_page, md_html
from widgets.lesson_data import GAMES, lesson_from_dict, lesson_ids, load_lesson
from widgets.lesson_map import StartPage, lesson_state
from widgets.lesson_words import plural, score_words, stages_done
from widgets.progress import ProgressStore, merge, parse

from .test_lesson_engine import BASE, DEFEND, T


def page(data=None, lang="en"):
    return LessonPage(lesson_from_dict(copy.deepcopy(data or BASE), "<test>"), lang)


def test_wrong_move_through_the_controller_is_taken_back_with_its_rule():
    p = page()
    before = p.engine.state.state_hash()
    assert p.act("move #1 b2")
    assert "lesson-wrong" in p.feedback_html.value and "BR-9.1" in p.feedback_html.value
    assert "Sideways" in p.feedback_html.value and "taken back" in p.feedback_html.value
    assert " Rule: BR-9.1." in p.feedback_html.value and "Rules:" not in p.feedback_html.value   # one rule
    p.app.lang_toggle.value = "ru"
    assert " Правило: BR-9.1." in p.feedback_html.value
    p.app.lang_toggle.value = "en"
    assert p.engine.state.state_hash() == before and p.controller.state is p.engine.state
    assert p.controller.message is None   # the lesson's feedback speaks instead of "Done: ..."


def test_refused_click_shows_the_kernels_rule_and_changes_nothing():
    p = page()
    before = p.engine.state.state_hash()
    assert not p.act("move #1 c5")
    assert "lesson-refused" in p.feedback_html.value and "(BR-9.1)" in p.feedback_html.value
    assert p.engine.state.state_hash() == before and p.engine.score.mistakes == 1


def test_success_names_the_rule_and_the_end_offers_the_next_lesson_keeping_lang():
    data = copy.deepcopy(BASE)
    data["next"] = "02_squad_building"
    p = page(data, "en")
    p.act("move #1 c3")
    assert "BR-9.1" in p.success_html.value and "Yes" in p.success_html.value
    assert "Stage 2 of 2" in p.objective_html.value
    p.act("strike #1 #2")
    assert p.engine.finished
    assert "href='02_squad_building.ipynb?lang=en'" in p.end_html.value
    assert "href='00_start_here.ipynb?lang=en'" in p.end_html.value
    assert "0 mistakes, 0 hints" in p.objective_html.value
    p.app.lang_toggle.value = "ru"
    assert "?lang=ru" in p.end_html.value and "Следующий урок" in p.end_html.value
    assert "0 ошибок, 0 подсказок" in p.objective_html.value


def test_partial_step_shows_no_failure_and_names_the_answer():
    data = dict(copy.deepcopy(BASE), stage=[DEFEND])
    p = page(data, "en")
    p.act("strike #1 #2")
    assert "lesson-partial" in p.feedback_html.value and "lesson-bad" not in p.feedback_html.value
    assert "opponent answers" in p.feedback_html.value


def test_hint_show_and_restart_buttons():
    data = dict(copy.deepcopy(BASE), stage=[DEFEND])
    p = page(data, "en")
    p.hint_button.click()
    assert p.engine.score.hints == 1 and "Lit on the board" in p.feedback_html.value
    p.show_button.click()
    assert [str(a) for a in p.controller.state.actions] == ["strike #1 #2", "defend #3"]
    p.restart_button.click()
    assert p.controller.state.actions == [] and p.controller.state is p.engine.state


def test_progress_waits_for_the_browser_and_merges():
    p = page()
    p.act("move #1 c3")
    assert p.store.value == ""                      # the browser's copy has not arrived yet
    p.store.value = json.dumps({"lessons": {"01_x": {"done": True, "stages": {}}}})
    p.store.loaded = True
    data = json.loads(p.store.value)
    assert data["lessons"]["01_x"]["done"] is True
    assert data["lessons"]["99_test"] == {"done": False, "stages": {"step": {"done": True, "mistakes": 0, "hints": 0}}}
    p.act("strike #1 #2")
    assert json.loads(p.store.value)["lessons"]["99_test"]["done"] is True


def test_merge_keeps_done_and_parse_survives_garbage():
    a = merge({"lessons": {}}, "01", {"done": True, "stages": {"s": {"done": True, "mistakes": 2, "hints": 1}}})
    b = merge(a, "01", {"done": False, "stages": {"t": {"done": True, "mistakes": 0, "hints": 0}}})
    assert b["lessons"]["01"]["done"] is True and set(b["lessons"]["01"]["stages"]) == {"s", "t"}
    assert parse("{not json") == {"lessons": {}} and parse('["x"]') == {"lessons": {}}


def test_start_page_shows_each_lesson_state():
    store = ProgressStore()
    ids = lesson_ids()
    if not ids:
        pytest.skip("no lesson files yet")
    first = load_lesson(ids[0])
    sp = StartPage("en", store)
    assert "loading" in sp.body.value
    stage_ids = [s.id for s in first.stages]
    store.value = json.dumps({"lessons": {first.id: {"done": True, "stages": {
        sid: {"done": True, "mistakes": 1, "hints": 0} for sid in stage_ids}}}})
    store.loaded = True
    assert f"href='{first.id}.ipynb?lang=en'" in sp.body.value
    stars = "★☆☆" if len(stage_ids) > 3 else "★★☆"       # one mistake a stage (widgets.lesson_words.stars)
    assert f"✓ complete {stars} · {plural('mistake', len(stage_ids), 'en')}, 0 hints" in sp.body.value
    assert "20_berserk_hotseat.ipynb?lang=en" in sp.body.value
    sp.toggle.value = "ru"
    assert "?lang=ru" in sp.body.value and "пройден" in sp.body.value


def test_lesson_state_words():
    lesson = lesson_from_dict(copy.deepcopy(BASE), "<t>")
    assert lesson_state(lesson, None, "ru") == ("", "не начат")
    half = {"done": False, "stages": {"step": {"done": True, "mistakes": 0, "hints": 0}}}
    assert lesson_state(lesson, half, "ru") == ("progress", "1 из 2 этапов")
    assert lesson_state(lesson, half, "en") == ("progress", "1 of 2 stages")


@pytest.mark.parametrize("n,ru,en", [(0, "0 ошибок", "0 mistakes"), (1, "1 ошибка", "1 mistake"),
                                     (2, "2 ошибки", "2 mistakes"), (5, "5 ошибок", "5 mistakes"),
                                     (11, "11 ошибок", "11 mistakes"), (21, "21 ошибка", "21 mistakes"),
                                     (22, "22 ошибки", "22 mistakes"), (25, "25 ошибок", "25 mistakes")])
def test_plurals(n, ru, en):
    assert plural("mistake", n, "ru") == ru and plural("mistake", n, "en") == en
    assert score_words(n, 1, "ru") == f"{ru}, 1 подсказка"
    assert stages_done(1, 21, "ru") == "1 из 21 этапа" and stages_done(1, 5, "ru") == "1 из 5 этапов"


def test_markdown_is_escaped():
    html = md_html("**bold** and <script>alert(1)</script>\n\n- one\n- *two*")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b>bold</b>" in html and "<ul><li>one</li><li><i>two</i></li></ul>" in html


def test_a_bad_lesson_id_shows_the_file_not_a_traceback():
    out = lesson_page("99_no_such_lesson", "en")
    assert "99_no_such_lesson.toml" in out.value and "no such lesson file" in out.value


@pytest.mark.parametrize("lid", lesson_ids())
def test_every_lesson_plays_through_the_page(lid):
    """Each stage's first solution, the student's actions only, through the controller: the lesson
    plays the opponent, and the page ends with the lesson done and no mistakes."""
    lesson = load_lesson(lid)
    p = LessonPage(lesson, "ru")
    for _ in range(200):
        if p.engine.finished:
            break
        e = p.engine
        nxt = e.next_action()
        assert nxt is not None, f"{lid} stage {e.stage.id}: nothing to play, since={e.since()}"
        assert GAMES[lesson.game].mover(e.state) == e.stage.seat or any(g.kind == "refused" for g in e.stage.goals), \
            f"{lid} stage {e.stage.id}: the student is not to move before {nxt}"
        p.act(nxt)
    assert p.engine.finished, f"{lid}: not finished"
    assert p.engine.totals() == (0, 0)
    assert "lesson-done" in p.objective_html.value


@pytest.mark.parametrize("lid", lesson_ids())
def test_every_lesson_by_hint_and_show_me_buttons(lid):
    """Hint then Show me, stage after stage: each press counts a hint, nothing breaks on the page
    (an action lit by Hint may be one the kernel refuses), and the lesson ends done."""
    p = LessonPage(load_lesson(lid), "en")
    e = p.engine
    presses = 0
    while not e.finished and presses < 200:
        p.hint_button.click()
        p.show_button.click()
        presses += 2
        assert not p.app.errors, p.app.errors
    assert e.finished and e.totals() == (0, presses)
    assert "lesson-done" in p.objective_html.value


def test_a_lesson_left_half_way_goes_on_from_its_first_stage_not_done():
    data = copy.deepcopy(BASE)
    p = page(data, "en")
    saved = {"lessons": {"99_test": {"done": False, "stages": {"step": {"done": True, "mistakes": 2, "hints": 1}}}}}
    p.store.set_state({"loaded": True, "value": json.dumps(saved)})
    assert p.engine.index == 1 and p.engine.state.at("c3") == 1    # the board as stage 1 left it
    assert p.controller.state is p.engine.state and "Stage 2 of 2" in p.objective_html.value
    p.act("strike #1 #2")
    assert p.engine.finished and p.engine.totals() == (2, 1)
    assert json.loads(p.store.value)["lessons"]["99_test"]["done"] is True


def test_a_new_or_finished_lesson_starts_at_its_first_stage():
    p = page(copy.deepcopy(BASE), "en")
    p.store.set_state({"loaded": True, "value": json.dumps({"lessons": {"99_test": {"done": True, "stages": {
        "step": {"done": True, "mistakes": 0, "hints": 0}, "strike": {"done": True, "mistakes": 0, "hints": 0}}}}})})
    assert p.engine.index == 0 and p.engine.state.at("c2") == 1


def test_after_a_wrong_move_is_taken_back_redo_is_off_and_counts_nothing():
    p = page()
    assert p.act("move #1 b2")
    assert p.engine.score.mistakes == 1 and p.engine.state.actions == []
    assert p.app.redo_button.disabled and not p.controller.can_redo()
    assert not p.controller.redo()          # the button's handler, if a stale click arrives
    p.app.refresh()
    assert p.engine.score.mistakes == 1 and p.engine.state.actions == [] and p.engine.feedback.kind == "wrong"
    assert p.app.redo_button.disabled


def test_the_end_screen_shows_the_score_and_the_links_only():
    p = page()
    side = p.app.side
    assert p.app.status_html in side.children and p.app.undo_button.layout.display != "none"
    p.act("move #1 c3")
    p.act("strike #1 #2")
    assert p.engine.finished
    assert side.children == (p.app.side_top,)       # no status, prompt, undo/redo or game panels
    assert p.app.hint_html.layout.display == "none"  # nor the line of what is lit under the board
    shown = [c for c in p.app.side_top.children if getattr(c.layout, "display", None) != "none"]
    assert p.objective_html in shown and p.end_html in shown and p.buttons in shown
    assert shown.index(p.end_html) < shown.index(p.buttons)   # the next lesson first, then «Play again»
    assert p.again_button.layout.display is None
    assert p.feedback_html.value == "" and "0 mistakes, 0 hints" in p.objective_html.value
    assert all(b.layout.display == "none" for b in (p.hint_button, p.show_button, p.restart_button))
    assert p.stage_more.layout.display == "none"
    p.again_button.click()                           # «Start again»: the game's panels come back
    assert not p.engine.finished and side.children == p._side_children and p.app.status_html in side.children
    top = list(p.app.side_top.children)
    assert top.index(p.buttons) < top.index(p.feedback_html) < top.index(p.end_html)   # the stage's order again


THREE = dict(copy.deepcopy(BASE), stage=copy.deepcopy(BASE["stage"]) + [
    {"id": "again", "continue": True, "objective": T("Ещё удар", "Strike again"), "solution": ["strike #1 #2"],
     "goal": ["rule BR-10"], "rules": ["BR-10"]}])


def test_stage_dots_go_back_to_a_reached_stage_and_later_ones_stay_closed():
    p = page(THREE, "en")
    assert [d.description for d in p.dots] == ["◉", "○", "○"]
    assert p.dots[1].tooltip == "Stage 2 is not open yet: finish the stages before it first."
    assert "lesson-dot-ahead" in p.dots[1]._dom_classes and "lesson-dot-ahead" not in p.dots[0]._dom_classes
    before = p.engine.state.state_hash()
    p.dots[1].click()                                # a later stage: nothing happens
    assert p.engine.index == 0 and p.engine.state.state_hash() == before and p.engine.feedback.kind == "start"
    p.act("move #1 c3")                              # stage 1 done, stage 2 is current
    assert p.engine.index == 1 and [d.description for d in p.dots] == ["●", "◉", "○"]
    assert p.dots[0].tooltip == "Stage 1 is done. Click to play it again."
    assert p.dots[1].tooltip == "Stage 2: you are here. Click to start it from the beginning."
    p.dots[0].click()                                # back to stage 1: its start position
    e = p.engine
    assert e.index == 0 and e.state.actions == [] and e.state.at("c2") == 1 and p.controller.state is e.state
    assert "Stage 1 of 3" in p.objective_html.value and e.scores["step"].done and e.scores["step"].mistakes == 0
    assert [d.description for d in p.dots] == ["◉", "○", "○"]
    assert p.dots[1].tooltip == "Stage 2. Click to go back to it." and "lesson-dot-ahead" not in p.dots[1]._dom_classes
    p.dots[1].click()                                # stage 2 again: the board as stage 1's solution left it
    assert e.index == 1 and [str(a) for a in e.state.actions] == ["move #1 c3"] and e.state.at("c3") == 1
    p.app.lang_toggle.value = "ru"
    assert p.dots[2].tooltip == "Этап 3 пока закрыт: сначала пройдите этапы до него."
    assert p.dots[0].tooltip == "Этап 1 пройден. Нажмите, чтобы пройти его заново."


def test_a_dot_on_the_end_screen_goes_back_into_the_lesson():
    p = page()
    p.act("move #1 c3")
    p.act("strike #1 #2")
    assert p.engine.finished and [d.description for d in p.dots] == ["●", "●"]
    p.dots[1].click()
    e = p.engine
    assert not e.finished and e.index == 1 and [str(a) for a in e.state.actions] == ["move #1 c3"]
    assert p.app.side.children == p._side_children and "Stage 2 of 2" in p.objective_html.value


def test_the_end_screen_has_no_action_list_and_playing_again_brings_it_back():
    p = page(copy.deepcopy(BASE), "en")
    folds = p.app.folds
    folds.selected_index = 0                      # the student opened «All legal actions»
    assert folds.children[0] is p.app.actions_fold
    log_fold = folds.children[1]
    p.act("move #1 c3")
    p.act("strike #1 #2")
    assert p.engine.finished
    assert p.app.actions_fold not in folds.children and folds.selected_index is None
    assert folds.children[0] is log_fold and folds.titles[0] == "Game log"
    assert "All legal actions" not in folds.titles and len(folds.titles) == len(folds.children)
    folds.selected_index = 0                      # the log, opened on the end screen, stays open
    p.app.lang_toggle.value = "ru"
    assert folds.titles[0] == "Журнал партии"
    p._on_again()
    assert not p.engine.finished
    assert folds.children[0] is p.app.actions_fold and folds.titles[0] == "Все допустимые действия"
    assert folds.children[folds.selected_index] is log_fold
    assert len(folds.titles) == len(folds.children)
