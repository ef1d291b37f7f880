"""The lesson's Hint in Chromium: a click on «Подсказка / Hint» names an action, says why (the
exact odds of a roll, the rules) and lights it on the board (the board's text line names the
lit action, as the same page built in this process says); playing the named action by clicks
passes the stage. Berserk (lesson 05: a "try the forbidden" stage, then strikes, the last one
with the fight table's odds) in both languages, City (lesson 11: an attack with its odds).
Screenshots of the hint at 1280x800 and 1024x768: test-artifacts/lesson-hint-NN-LANG_WxH.png (and
lesson-hint-05-try-LANG_WxH.png: the forbidden action to try, lit)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lesson_pages import STEP_MS, LessonInBrowser
from voila_app import assert_no_errors, screenshots_at_sizes
from widgets.lesson_words import w

pytestmark = pytest.mark.browser


def hint_and_play(lp: LessonInBrowser, lang: str, shot: str = "") -> str:
    """Click Hint on the page and on the mirror; check the words and the lit action; play the
    action by clicks; the stage is passed. Returns the hint's text as the page shows it."""
    e = lp.engine
    index = e.index
    lp.click(lp.loc("button.lesson-hint").first, "Hint")
    lp.mirror.hint_button.click()
    lp.mirror.app.refresh()
    action = e.feedback.hint.action
    assert action is not None
    box = lp.loc(".lesson-hint-text").first
    expect(box).to_be_visible(timeout=STEP_MS)
    expect(box).to_contain_text(w("hint_action", lang, what=lp.mirror.label(action, lang)), timeout=STEP_MS)
    expect(box).to_contain_text(w("hint_why", lang))
    for rid in e.feedback.hint.rule_ids:
        expect(box).to_contain_text(rid)
    other = "en" if lang == "ru" else "ru"
    assert w("hint_why", other) not in box.inner_text()            # one language at a time
    # lit on the board: the board's text line says what the mirror's says (the action named)
    lit = lp.controller.hint()          # a forbidden action to try is lit too (controller.tried)
    assert lp.controller.action_label(lp.controller.considered, lang) in lit
    expect(lp.loc(".app-hint").first).to_have_text(lit, timeout=STEP_MS)
    text = box.inner_text()
    if shot:
        screenshots_at_sizes(lp.page, shot, box)
        lp.page.set_viewport_size({"width": 1280, "height": 800})
    lp.do(action)
    assert e.index > index or e.finished
    lp.sync()
    expect(lp.loc(".lesson-success").first).to_be_visible(timeout=STEP_MS)
    return text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_berserk_lesson_passed_by_hints(page, voila_url, lang):
    lp = LessonInBrowser(page, voila_url, "05_strike_and_defenders", lang)
    lp.open()
    text = hint_and_play(lp, lang, f"lesson-hint-05-try-{lang}")   # reach: try the strike, refused (BR-10.1)
    assert "BR-10.1" in text
    hint_and_play(lp, lang)                              # strike the closed card
    # open_target: the fight table's exact odds; the screenshots show the hint before it is played
    lp.click(lp.loc("button.lesson-hint").first, "Hint")
    box = lp.loc(".lesson-hint-text").first
    expect(box).to_contain_text("(1/12)", timeout=STEP_MS)
    expect(box).to_contain_text("BR-10.3")
    screenshots_at_sizes(page, f"lesson-hint-05-{lang}", box)
    page.set_viewport_size({"width": 1280, "height": 800})
    # the page's hint counted once more than the mirror's: count it there too, then play on
    text = hint_and_play(lp, lang)
    assert "8,3% (1/12)" in text if lang == "ru" else "8.3% (1/12)" in text
    assert e_hints(lp) >= 2
    assert_no_errors(page)


def e_hints(lp: LessonInBrowser) -> int:
    return sum(s.hints for s in lp.engine.scores.values())


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_city_lesson_hint_names_the_attack_with_its_odds(page, voila_url, lang):
    lp = LessonInBrowser(page, voila_url, "11_city_combat_and_odds", lang)
    lp.open()
    lp.click(lp.loc("button.lesson-hint").first, "Hint")
    box = lp.loc(".lesson-hint-text").first
    expect(box).to_contain_text("CITY-4.2", timeout=STEP_MS)
    screenshots_at_sizes(page, f"lesson-hint-11-{lang}", box)
    page.set_viewport_size({"width": 1280, "height": 800})
    text = hint_and_play(lp, lang)
    assert ("Захват — " if lang == "ru" else "capture ") in text and "/3125)" in text   # exact odds
    assert_no_errors(page)
