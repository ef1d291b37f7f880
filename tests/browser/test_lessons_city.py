"""The Battle for the City lessons (notebooks 10 and 11) in Chromium: clicks on the canvas make a
task's legal move and the lesson says it is done; an illegal click shows its rule id.

Each test keeps a mirror of the lesson in this process: the notebook's own definitions cell (the
position and the tasks, read from the notebook so they never drift) and the same controller class.
The mirror says where to click (the centre of a district in the scene it draws) and what the page
must then show.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from voila_app import NOTEBOOKS_DIR, assert_no_errors, centre
from voila_app import save_screenshot as _save_screenshot
from widgets import CityController
from widgets.lesson import LessonChecker

pytestmark = pytest.mark.browser

SETUP = "10_city_setup_and_turns"
COMBAT = "11_city_combat_and_odds"
STEP_MS = 20_000
DONE_RU, DONE_EN = "Получилось", "Well done"


def save_screenshot(page, name: str, full_page: bool = False):
    page.wait_for_timeout(300)       # the canvas draws asynchronously
    return _save_screenshot(page, name, full_page=full_page)


def lesson_definitions(name: str) -> dict:
    """Run the notebook's definition cells (those that build the positions and the tasks)."""
    nb = json.loads((NOTEBOOKS_DIR / f"{name}.ipynb").read_text(encoding="utf-8"))
    ns: dict = {}
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code" and "TASKS = [" in src:
            exec(compile(src, f"{name}.ipynb", "exec"), ns)
    assert ns, f"{name}: no cell defines the lesson's tasks"
    return ns


class LessonPage:
    """The n-th lesson on the page: its city app, its feedback, and the mirror controller with
    the same tasks checked on the mirror's state."""

    def __init__(self, page, index: int, state, tasks, lang: str = "ru"):
        self.page = page
        self.app = page.locator(".city-app").nth(index)
        self.feedback = page.locator(".lesson-feedback").nth(index)
        self.c = CityController(state, lang=lang)
        self.checker = LessonChecker(self.c, tasks)

    def sync(self) -> None:
        expect(self.app.locator(".app-status")).to_have_text(self.c.status(), timeout=STEP_MS)
        expect(self.app.locator(".app-hint")).to_have_text(self.c.hint(), timeout=STEP_MS)

    def click(self, d: int) -> None:
        """Click district d on the canvas, where the mirror's scene draws it; the mirror clicks too."""
        scene = self.c.scene()
        x, y = centre(scene, f"district:{d}")
        canvas = self.app.locator("canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        canvas.click(position={"x": x * box["width"] / scene.width, "y": y * box["height"] / scene.height})
        self.c.click(f"district:{d}")

    def press(self, text: str) -> None:
        self.app.locator("button").filter(has_text=text).first.click()

    def message(self):
        return self.app.locator(".app-message")


def test_city_setup_lesson_picks_on_the_canvas(page, open_notebook):
    ns = lesson_definitions(SETUP)
    open_notebook(SETUP)
    lesson = LessonPage(page, 0, ns["setup_game"](), ns["SETUP_TASKS"])
    s, c = lesson.c.state, lesson.c
    lesson.sync()
    assert_no_errors(page)
    expect(page.locator(".city-app")).to_have_count(2)
    expect(page.get_by_text("Задание 1 из 4")).to_have_count(1)

    # an illegal click: district 13 is not a start district
    before = s.state_hash()
    lesson.click(13)
    assert c.message.kind == "illegal" and c.message.rule_id == "CITY-2.2" and s.state_hash() == before
    expect(lesson.message()).to_contain_text("CITY-2.2", timeout=STEP_MS)
    expect(lesson.message()).to_contain_text("не стартовый", timeout=STEP_MS)
    expect(lesson.feedback).not_to_contain_text(DONE_RU)
    save_screenshot(page, "lesson_city_1_illegal")

    # the task's legal moves: B picks first, then A, on lit start districts
    for d in (11, 15):
        assert d in c.highlights().lit
        lesson.click(d)
        lesson.sync()
    assert s.phase == "event" and lesson.checker.index == 1
    expect(lesson.feedback).to_contain_text(DONE_RU, timeout=STEP_MS)
    expect(lesson.feedback).to_contain_text("CITY-2.2", timeout=STEP_MS)
    expect(lesson.feedback).to_contain_text("R-CITY-HQ", timeout=STEP_MS)
    expect(page.get_by_text("Задание 2 из 4")).to_have_count(1)
    save_screenshot(page, "lesson_city_2_picked")

    # the Event phase: a click on the board is refused with CITY-3, the prompt button draws
    lesson.click(12)
    assert c.message.rule_id == "CITY-3"
    expect(lesson.message()).to_contain_text("CITY-3", timeout=STEP_MS)
    lesson.press("Взять Событие")
    c.apply("draw")
    lesson.sync()
    expect(lesson.feedback).to_contain_text(DONE_RU, timeout=STEP_MS)
    expect(lesson.app.locator(".city-players")).to_contain_text("3", timeout=STEP_MS)
    expect(lesson.app).to_contain_text("Базарный день", timeout=STEP_MS)
    assert_no_errors(page)
    save_screenshot(page, "lesson_city_3_event")


def test_city_combat_lesson_attack_on_the_canvas(page, open_notebook):
    ns = lesson_definitions(COMBAT)
    open_notebook(COMBAT)
    lesson = LessonPage(page, 0, ns["battle_position"](), ns["BATTLE_TASKS"])
    s, c = lesson.c.state, lesson.c
    lesson.sync()
    assert_no_errors(page)

    # attack 14 from 13: select, click the red target, confirm the number (all 6)
    lesson.click(13)
    lesson.sync()
    assert c.selected == 13 and 14 in c.highlights().targets
    lesson.click(14)
    assert c.amount is not None and c.amount.value == 6
    expect(lesson.app).to_contain_text("Сколько сил", timeout=STEP_MS)
    odds = lesson.app.locator("b").filter(has_text="Шансы атаки 13→14, 6 против 3")
    expect(odds).to_have_count(1, timeout=STEP_MS)
    expect(lesson.app).to_contain_text("100.0%", timeout=STEP_MS)       # the forced dice make it certain
    save_screenshot(page, "lesson_city_4_attack_odds")
    lesson.press("Подтвердить")
    c.confirm_amount()
    lesson.sync()
    assert s.last_battle["result"] == "hold" and lesson.checker.index == 1
    expect(lesson.feedback).to_contain_text(DONE_RU, timeout=STEP_MS)
    expect(lesson.feedback).to_contain_text("CITY-4.2", timeout=STEP_MS)
    expect(lesson.app.locator(".app-log select")).to_contain_text("CITY-4.3", timeout=STEP_MS)
    save_screenshot(page, "lesson_city_5_hold")

    # an illegal click: a second attack this turn (CITY-3.6)
    lesson.click(13)
    lesson.click(14)
    assert c.message.kind == "illegal" and c.message.rule_id == "CITY-3.6"
    expect(lesson.message()).to_contain_text("CITY-3.6", timeout=STEP_MS)
    assert s.last_battle["result"] == "hold" and s.forces[14] == 2

    # the language switch: the lesson's feedback follows it
    lesson.press("English")
    c.set_lang("en")
    expect(lesson.feedback).to_contain_text(DONE_EN, timeout=STEP_MS)
    expect(page.get_by_text(re.compile(r"Task 2 of 4"))).to_have_count(1, timeout=STEP_MS)
    assert_no_errors(page)
    save_screenshot(page, "lesson_city_6_english")
