"""A student's first minutes, in Chromium (the findings of the session-7 student walk): the start
page shows where to begin and «Play» in the first screen; in a lesson the Hint is an outlined
secondary button and no game button (such as «End turn») is loud; the lesson's stars follow its
hints. Screenshots: test-artifacts/student-*.png. The widget half: tests/widgets/test_student_walk.py."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lesson_pages import STEP_MS, LessonInBrowser, open_ready
from voila_app import assert_no_errors, save_screenshot
from widgets.lesson_words import w

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (1024, 768))

# the CSS box of an element: is it wholly inside the viewport?
_IN_VIEW_JS = """(els) => els.map(e => { const b = e.getBoundingClientRect();
  return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth; })"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_start_page_shows_where_to_begin_and_play_in_the_first_screen(page, voila_url, lang):
    open_ready(page, voila_url, "00_start_here", ".start-page .start-go", lang=None if lang == "ru" else lang)
    go = page.locator(".start-page a.start-go")
    expect(go).to_have_text(w("go_first", lang, n=1), timeout=STEP_MS)
    assert go.get_attribute("href") == f"01_field_and_zones.ipynb?lang={lang}"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        shown = page.eval_on_selector_all(".start-page a.start-go, .start-page a.start-app, "
                                          ".start-page .start-lesson[data-lesson^='01_']", _IN_VIEW_JS)
        assert shown == [True] * 6, (width, shown)      # begin, the four apps, lesson 1
        save_screenshot(page, f"student-start-{width}-{lang}", full_page=False)
    assert_no_errors(page)


_STYLE_JS = """(e) => { const s = getComputedStyle(e); return [s.backgroundColor, s.boxShadow, s.color]; }"""


def test_lesson_hint_is_the_outlined_button_and_end_turn_is_not_loud_then_stars_follow_hints(page, voila_url):
    lp = LessonInBrowser(page, voila_url, "05_strike_and_defenders", "ru")
    page.set_viewport_size({"width": 1280, "height": 800})
    lp.open()
    hint = lp.loc("button.lesson-hint").first
    expect(hint).to_have_text(w("hint", "ru"), timeout=STEP_MS)
    background, shadow, colour = hint.evaluate(_STYLE_JS)
    assert background == "rgb(255, 255, 255)" and "rgb(0, 114, 178)" in shadow, (background, shadow)
    lp.in_first_viewport("button.lesson-hint")
    # the game's own buttons (here «Закончить ход») are plain grey, not the teal of the games
    end_turn = lp.loc(".app-side .app-list button").first
    expect(end_turn).to_be_visible(timeout=STEP_MS)
    assert "mod-info" not in (end_turn.get_attribute("class") or "")
    plain = lp.loc("button.lesson-restart").first.evaluate(_STYLE_JS)[0]
    assert end_turn.evaluate(_STYLE_JS)[0] == plain
    save_screenshot(page, "student-lesson-05-1280-ru", full_page=False)

    # one hint, then the lesson by clicks: two stars of three, on the end screen and the start page
    hint.click()
    lp.mirror.hint_button.click()
    expect(lp.loc(".lesson-hint-text").first).to_be_visible(timeout=STEP_MS)
    for _ in range(60):
        if lp.engine.finished:
            break
        lp.do(lp.engine.next_action())
        lp.sync()
    assert lp.engine.finished and lp.engine.totals() == (0, 1)
    done = lp.loc(".lesson-done").first
    expect(done).to_have_attribute("data-stars", "2", timeout=STEP_MS)
    expect(lp.loc(".lesson-stars").first).to_have_text("★★☆")
    expect(done).to_contain_text(w("stars_rule", "ru", k=3))
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        lp.in_first_viewport(".lesson-stars")
        save_screenshot(page, f"student-lesson-05-done-{width}-ru", full_page=False)
    page.get_by_role("button", name="English", exact=True).first.click()
    expect(lp.loc(".lesson-stars").first).to_have_attribute("aria-label", w("stars_2", "en"), timeout=STEP_MS)
    expect(done).to_contain_text(w("stars_rule", "en", k=3))
    save_screenshot(page, "student-lesson-05-done-1024-en", full_page=False)
    assert_no_errors(page)
    # the lesson's progress has reached the browser's localStorage (the start page reads it there)
    page.wait_for_function("() => (window.localStorage.getItem('berserk-notebooks:progress') || '')"
                           ".includes('05_strike_and_defenders')", timeout=STEP_MS)
    open_ready(page, voila_url, "00_start_here", ".start-page .start-lessons")
    row = page.locator(".start-lesson[data-lesson='05_strike_and_defenders']")
    expect(row).to_contain_text("★★☆", timeout=STEP_MS)
    assert_no_errors(page)
