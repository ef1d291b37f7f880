"""Every lesson in Chromium, completed by clicks at 1280x800: the board's canvas and the objective
are inside the first viewport; a wrong move shows its rule id and is taken back; a partial step
shows no failure; the end offers the next lesson (keeping ?lang); then the start page, in the same
browser (localStorage), shows the lesson completed. Screenshots of every lesson's first screen at
1280x800 and 1024x768 in Russian and English: test-artifacts/lesson-NN-WIDTH-LANG.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lesson_pages import STEP_MS, LessonInBrowser, open_ready, w_app
from voila_app import assert_no_errors, save_screenshot
from widgets.lesson_data import GAMES, Context, goals_hold, lesson_ids
from widgets.lesson_words import w

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (1024, 768))


def first_screens(lp: LessonInBrowser, lang: str) -> None:
    """The canvas and the objective in the first viewport at both sizes; a screenshot of each."""
    page = lp.page
    num = lp.lesson.id[:2]
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        lp.in_first_viewport(f"{lp.app_class} canvas")
        lp.in_first_viewport(".lesson-objective")
        save_screenshot(page, f"lesson-{num}-{width}-{lang}", full_page=False)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.wait_for_timeout(200)


def wrong_candidates(lp: LessonInBrowser) -> list[str]:
    """The stage's tempting wrong moves, then any other legal move of the student that is off
    every solution and does not reach the goal (for lessons without `wrong` words)."""
    e = lp.engine
    out = [t for t in e.stage.wrong if e.state.is_legal(t)]
    done = e.since()
    for a in e.state.legal_actions():
        text = str(a)
        if text in out or any(s[:len(done) + 1] == done + [text] for s in e.stage.solutions):
            continue
        probe = e.state.copy()
        probe.apply(text)
        ctx = Context(probe, e.start_log, list(e.refused), e.student_kinds() + [GAMES[lp.game].kind(a)])
        if not goals_hold(lp.lesson, e.stage, ctx, done + [text]):
            out.append(text)
    return out


def try_wrong(lp: LessonInBrowser) -> bool:
    """Play a wrong move that is legal now by clicks; check it is explained with a rule id and
    taken back. False if there is none to play by clicks now."""
    e = lp.engine
    if e.stage.free or GAMES[lp.game].mover(e.state) != e.stage.seat:
        return False
    for text in wrong_candidates(lp):
        if any(op.kind == "fold" for op in lp.plan(text)):
            continue
        before = [str(a) for a in e.state.actions]
        mistakes = e.score.mistakes
        lp.do(text)
        fb = e.feedback
        assert fb.kind == "wrong" and [str(a) for a in e.state.actions] == before and e.score.mistakes == mistakes + 1
        assert fb.rule_ids, f"{lp.lesson.id}: the wrong move {text} logged no rule"
        box = lp.loc(".lesson-wrong").first
        expect(box).to_be_visible(timeout=STEP_MS)
        expect(box).to_contain_text(fb.rule_ids[0], timeout=STEP_MS)
        expect(box).to_contain_text(w("taken_back", lp.lang), timeout=STEP_MS)
        lp.wait_idle()
        # the wrong move cannot be redone: «↷ Вернуть ход» is off on the page as in the mirror
        assert not lp.controller.can_redo()
        expect(lp._button(w_app("redo", lp.lang))).to_be_disabled(timeout=STEP_MS)
        return True
    return False


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_lesson_completed_by_clicks(page, voila_url, lesson_id):
    lp = LessonInBrowser(page, voila_url, lesson_id, "ru")
    page.set_viewport_size({"width": 1280, "height": 800})
    lp.open()
    assert_no_errors(page)
    first_screens(lp, "ru")
    # the same first screen in English, by the page's own switch (one language at a time)
    lp.click(page.get_by_role("button", name="English", exact=True).first, "English")
    expect(lp.loc(".lesson-objective").first).to_have_text(lp.engine.stage.text("objective", "en"), timeout=STEP_MS)
    expect(lp.loc(".lesson-hint").first).to_have_text(w("hint", "en"), timeout=STEP_MS)
    first_screens(lp, "en")
    lp.click(page.get_by_role("button", name="Русский", exact=True).first, "Русский")
    lp.sync()
    # the side panel is rebuilt in Russian after the objective: wait for its status line; before
    # each click the helper waits until the side panel's buttons stay the same (lp.settle())
    lp.wait_idle()
    wrong_checked = False
    for _ in range(300):
        e = lp.engine
        if e.finished:
            break
        if not wrong_checked:
            wrong_checked = try_wrong(lp)
        nxt = e.next_action()
        assert nxt is not None, f"{lesson_id} stage {e.stage.id}: no next action ({e.since()})"
        index = e.index
        lp.do(nxt)
        if not e.finished and e.index == index and e.feedback.kind == "partial":
            expect(lp.loc(".lesson-partial").first).to_be_visible(timeout=STEP_MS)
            expect(lp.loc(".lesson-bad")).to_have_count(0, timeout=STEP_MS)
        lp.sync()
    assert lp.engine.finished, f"{lesson_id}: the lesson did not finish"
    assert wrong_checked, f"{lesson_id}: no wrong move could be played by clicks"
    assert lp.engine.totals()[1] == 0 and lp.engine.totals()[0] == int(wrong_checked)
    lp.sync()
    if lp.lesson.next:
        link = lp.loc("a.lesson-next").first
        expect(link).to_be_visible(timeout=STEP_MS)
        assert link.get_attribute("href") == f"{lp.lesson.next}.ipynb?lang=ru"
    expect(lp.loc("a.lesson-map").first).to_have_attribute("href", "00_start_here.ipynb?lang=ru")
    # the end screen is the score and the links: the game's status line and undo/redo are gone
    expect(lp.loc(".app-side .app-status")).to_have_count(0, timeout=STEP_MS)
    expect(lp.loc(".app-side").get_by_role("button", name=w_app("undo", "ru"), exact=True)).to_have_count(0)
    save_screenshot(page, f"lesson-{lesson_id[:2]}-done-ru", full_page=False)
    page.set_viewport_size({"width": 1024, "height": 768})
    save_screenshot(page, f"lesson-{lesson_id[:2]}-done-1024-ru", full_page=False)
    lp.click(page.get_by_role("button", name="English", exact=True).first, "English")
    expect(lp.loc(".lesson-done").first).to_contain_text(w("lesson_done", "en"), timeout=STEP_MS)
    save_screenshot(page, f"lesson-{lesson_id[:2]}-done-1024-en", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    save_screenshot(page, f"lesson-{lesson_id[:2]}-done-en", full_page=False)
    lp.click(page.get_by_role("button", name="Русский", exact=True).first, "Русский")
    expect(lp.loc(".lesson-done").first).to_contain_text(w("lesson_done", "ru"), timeout=STEP_MS)
    # a dot of a stage done goes back to that stage
    lp.settle()
    lp.click(lp.loc(".lesson-dot-1").first, "the dot of stage 1")
    lp.mirror.dots[0].click()
    assert lp.engine.index == 0 and not lp.engine.finished
    lp.sync()
    expect(lp.loc(".app-side .app-status").first).to_be_visible(timeout=STEP_MS)
    assert_no_errors(page)
    # the start page in the same browser shows the lesson completed
    page.wait_for_timeout(300)
    open_ready(page, voila_url, "00_start_here", ".start-page .start-lessons")
    row = page.locator(f".start-lesson[data-lesson='{lesson_id}']")
    expect(row).to_have_class("start-lesson done", timeout=STEP_MS)
    expect(row).to_contain_text("пройден", timeout=STEP_MS)
    assert_no_errors(page)
    if lesson_id == lesson_ids()[0]:
        save_screenshot(page, "start-page-1280-ru", full_page=False)
