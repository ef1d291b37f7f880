"""Pointing at a card of the list beside the board shows it in the card panel; the list must stay
where it is. Before session 8 the card panel stood above the list: pointing at «Ловчая с топей»
in lesson 08 pushed the button 111 px down, from under the pointer (a click meant for it went to
no button), and at the bottom of a scrolled page a shorter side column scrolled the page, put
another button under the pointer, showed that card, and so on, five hover messages a second
without end. Now the list stands above the card panel and the side column does not get shorter
while the pointer is over the app (the hover bridge in widgets/app_parts.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lesson_pages import STEP_MS, LessonInBrowser
from widgets.lesson_words import w
from voila_app import assert_no_errors, kernel_sent, save_screenshot, wait_kernel_answered

pytestmark = pytest.mark.browser

# the list button under a point of the viewport (its text), or the tag name of what is there
_UNDER_JS = """([x, y]) => { const e = document.elementFromPoint(x, y);
  const b = e && e.closest('button'); return b ? b.textContent : String(e && e.tagName); }"""


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_pointing_at_the_deal_list_moves_nothing(page, voila_url, size):
    lp = LessonInBrowser(page, voila_url, "02_squad_building", "ru")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    lp.open()
    lp.wait_idle()
    lp.do(lp.engine.next_action())            # stage 1: go first; stage 2 shows the deal as a list
    lp.sync()
    buttons = lp.loc(".app-side .app-list button").filter(has_text="«")      # cards, not «Готово»
    assert buttons.count() == 15, buttons.count()       # the 15 cards of the deal (BR-7.2)
    checked = 0
    for i in range(buttons.count()):
        b = buttons.nth(i)
        page.mouse.move(1, 1)                           # off the app: no button pointed at
        page.wait_for_timeout(100)
        page.wait_for_function("() => window.__kw.pending.size === 0", timeout=STEP_MS)
        # as a click does: the page scrolls the button into view, often to the page's bottom,
        # where a side column that got shorter would scroll the page
        b.scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        box = b.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        label = b.text_content()
        sent = kernel_sent(page)
        page.mouse.move(x, y)
        wait_kernel_answered(page, sent, STEP_MS, f"pointing at {label!r}")
        # the card panel shows the card pointed at (the list's buttons are purchases)
        name = label.split("«")[1].split("»")[0]
        page.wait_for_function("n => [...document.querySelectorAll('.lesson-page .app-side')]"
                               ".some(e => e.textContent.split(n).length > 2)", arg=name, timeout=STEP_MS)
        settled = kernel_sent(page)
        page.wait_for_timeout(400)
        after = b.bounding_box()
        assert (round(after["x"]), round(after["y"])) == (round(box["x"]), round(box["y"])), (label, box, after)
        assert page.evaluate(_UNDER_JS, [x, y]) == label
        assert kernel_sent(page) == settled, f"pointing at {label!r}: the page kept sending hover messages"
        checked += 1
    assert checked == 15, checked
    save_screenshot(page, f"pointer-steady-{size[0]}", full_page=False)
    # the stage's purchase, by the pointer: it rests on the button (the card is shown), then
    # presses; the click is taken (the card is bought, the lesson goes on to stage 3)
    giant = buttons.filter(has_text="Лавинный великан").first
    giant.scroll_into_view_if_needed()
    box = giant.bounding_box()
    sent = kernel_sent(page)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_kernel_answered(page, sent, STEP_MS, "pointing at the giant")
    page.wait_for_timeout(300)
    sent = kernel_sent(page)
    page.mouse.down()
    page.mouse.up()
    wait_kernel_answered(page, sent, STEP_MS, "the click on the giant")
    expect(buttons).to_have_count(14, timeout=STEP_MS)
    expect(lp.loc(".lesson-stage").first).to_have_text(w("stage_of", "ru", k=3, n=len(lp.lesson.stages)),
                                                       timeout=STEP_MS)
    assert_no_errors(page)
