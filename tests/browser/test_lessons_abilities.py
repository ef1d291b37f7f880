"""Lessons 6 to 9 in Chromium: flyers, abilities, the queue, the Heroes mode.

Each test keeps a *mirror* of one lesson board in this process: the notebook's own position
(read from the notebook's "positions" cell, so it never drifts) and the same controller class as
the page. The mirror says where to click on the canvas (the centre of a shape in the scene it
draws) and what the page must then show (status line, lit cards, the kernel's rule id).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from voila_app import NOTEBOOKS_DIR, assert_no_errors, open_app, centre
from voila_app import save_screenshot as _save_screenshot
from widgets import BerserkController

pytestmark = pytest.mark.browser

STEP_MS = 20_000


def save_screenshot(page, name: str, full_page: bool = False):
    page.wait_for_timeout(300)       # the canvas draws asynchronously
    return _save_screenshot(page, name, full_page=full_page)


def positions(name: str) -> dict:
    """The position functions the notebook defines in its "positions" cell."""
    nb = json.loads((NOTEBOOKS_DIR / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code" and ("positions of this lesson" in src or "the position of this lesson" in src):
            ns: dict = {}
            exec(compile(src, f"{name}:positions", "exec"), ns)
            return ns
    raise AssertionError(f"{name}: no positions cell")


class LessonBoard:
    """The n-th lesson of a page (its task, feedback and app) and a mirror controller."""

    def __init__(self, page, index: int, state, lang: str = "ru"):
        self.page = page
        self.app = page.locator(".berserk-app").nth(index)
        self.feedback = page.locator(".lesson-feedback").nth(index)
        self.c = BerserkController(state, lang=lang)

    def sync(self) -> None:
        expect(self.app.locator(".app-status")).to_have_text(self.c.status(), timeout=STEP_MS)
        expect(self.app.locator(".app-hint")).to_have_text(self.c.hint(), timeout=STEP_MS)

    def click(self, tag: str) -> None:
        """Click the canvas where the mirror's scene has `tag`; the mirror clicks too."""
        scene = self.c.scene()
        x, y = centre(scene, tag)
        canvas = self.app.locator("canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        canvas.click(position={"x": x * box["width"] / scene.width, "y": y * box["height"] / scene.height})
        self.c.click(tag)
        self.sync()

    def message(self):
        return self.app.locator(".app-message")


def test_flyers_lesson_by_clicks_on_the_canvas(page, voila_url):
    """Lesson 6, part 1: the hawk strikes across the field, B assigns the herdsman as the defender
    (both by canvas clicks, each task says it is done), an illegal click at the eagle names BR-11."""
    ns = positions("06_flyers")
    open_app(page, voila_url, "06_flyers")
    assert_no_errors(page)
    board = LessonBoard(page, 0, ns["flyers_position"]())
    s, c = board.c.state, board.c
    board.sync()
    task = page.locator("text=Задание 1 из 3").first
    expect(task).to_be_visible()

    board.click("card:1")                      # the hawk in A's auxiliary zone
    assert c.selected == 1
    board.click("card:3")                      # the skeleton on e5, far away: a flyer reaches it
    assert str(s.actions[-1]) == "strike #1 #3" and s.pending["kind"] == "defend"
    expect(board.feedback).to_contain_text("Получилось", timeout=STEP_MS)
    expect(page.get_by_text("Задание 2 из 3")).to_have_count(1, timeout=STEP_MS)

    board.click("card:4")                      # B's herdsman next to the target takes the strike
    assert str(s.actions[-1]) == "defend #4" and s.cards[4].zone == "graveyard"
    expect(board.feedback).to_contain_text("Получилось", timeout=STEP_MS)
    expect(board.feedback).to_contain_text("Табунщик принял удар", timeout=STEP_MS)
    expect(board.feedback).to_contain_text("BR-11", timeout=STEP_MS)
    save_screenshot(page, "lesson06_defended")

    # an illegal click: the stonecutter cannot reach the eagle in the auxiliary zone
    board.click("card:2")
    before = s.state_hash()
    board.click("card:5")
    m = c.message
    assert m.kind == "illegal" and m.rule_id == "BR-11" and s.state_hash() == before
    expect(board.message()).to_contain_text("BR-11", timeout=STEP_MS)
    expect(board.message()).to_contain_text(m.ru[:30], timeout=STEP_MS)
    save_screenshot(page, "lesson06_illegal")

    board.click("card:6")                      # the swordsman: no defender is asked (BR-11)
    assert str(s.actions[-1]) == "strike #2 #6" and s.cards[6].wounds == 2
    expect(board.feedback).to_contain_text("Получилось", timeout=STEP_MS)
    expect(page.get_by_text("Урок пройден: все задания выполнены.")).to_have_count(1, timeout=STEP_MS)
    assert_no_errors(page)


def test_abilities_lesson_in_english_shot_and_instant_answer(page, voila_url):
    """Lesson 7 opened with ?lang=en: the archer shoots by canvas clicks, B is asked and answers
    with the monk's instant heal; each task says "Well done"."""
    ns = positions("07_abilities_tokens_instants")
    open_app(page, voila_url, "07_abilities_tokens_instants", lang="en")
    assert_no_errors(page)
    board = LessonBoard(page, 0, ns["attacks_position"](), lang="en")
    s = board.c.state
    board.sync()
    board.click("card:1")
    board.click("card:4")
    assert str(s.actions[-1]) == "use #1 shot #4" and s.stage == "queue" and s.to_move == 1
    expect(board.feedback).to_contain_text("Well done", timeout=STEP_MS)
    expect(board.app.locator(".app-prompt")).to_contain_text("answer the queue", timeout=STEP_MS)
    board.click("card:5")                      # B's monk answers
    board.click("card:4")
    assert [str(a) for a in s.actions[-1:]] == ["use #5 mend #4"] and s.cards[4].wounds == 2
    expect(page.get_by_text("Task 3 of 4")).to_have_count(1, timeout=STEP_MS)
    expect(board.feedback).to_contain_text("BR-14", timeout=STEP_MS)
    save_screenshot(page, "lesson07_answered")
    assert_no_errors(page)


def test_heroes_lesson_hire_from_the_hand_and_a_refused_strike(page, voila_url):
    """Lesson 9: hire the boar from the hand list onto a lit cell of the canvas; a ground
    creature clicked at the enemy hero is refused with R-HEROES."""
    ns = positions("09_heroes_mode")
    open_app(page, voila_url, "09_heroes_mode")
    assert_no_errors(page)
    board = LessonBoard(page, 0, ns["heroes_position"]())
    s, c = board.c.state, board.c
    board.sync()
    expect(page.locator(".lesson-state")).to_contain_text("монет открыто 3 из 3", timeout=STEP_MS)

    board.app.locator(".app-list button").filter(has_text=re.compile("#5 «Лесной вепрь»")).first.click()
    c.select(5)
    board.sync()
    board.click("cell:c2")
    assert str(s.actions[-1]) == "hire #5 c2" and s.cards[5].zone == "field"
    expect(board.feedback).to_contain_text("Получилось", timeout=STEP_MS)
    expect(page.locator(".lesson-state")).to_contain_text("монет открыто 0 из 3", timeout=STEP_MS)

    board.click("card:4")                      # the stonecutter on c3
    board.click("card:2")                      # B's hero: out of its reach
    assert c.message.rule_id == "R-HEROES"
    expect(board.message()).to_contain_text("R-HEROES", timeout=STEP_MS)
    save_screenshot(page, "lesson09_refused")
    assert_no_errors(page)
