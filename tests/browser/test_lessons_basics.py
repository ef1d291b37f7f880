"""The first four lessons in Chromium: canvas clicks that solve a task (the lesson says
"Получилось" / "Well done"), illegal clicks that show their rule id, and the list of the deal.

Each test keeps a *mirror* of the lesson in this process, built from the notebook's own source
(its `lesson_position()` and `TASKS`), with the same controller class and the plain-Python
`LessonChecker`: the mirror says where to click (the centre of a shape in the scene it draws) and
what the page must then show.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from voila_app import NOTEBOOKS_DIR, assert_no_errors, open_app, centre
from voila_app import save_screenshot as _save_screenshot
from widgets import BerserkController
from widgets.lesson import LessonChecker

pytestmark = pytest.mark.browser

STEP_MS = 20_000
DONE = {"ru": "Получилось", "en": "Well done"}


def save_screenshot(page, name: str, full_page: bool = False):
    page.wait_for_timeout(300)   # the canvas draws asynchronously
    return _save_screenshot(page, name, full_page=full_page)


def lesson_source(name: str) -> dict:
    """Run the part of the notebook's lesson cell that builds the position and the tasks (not the
    widgets) and return its names: `lesson_position`, `TASKS`, ..."""
    nb = json.loads((NOTEBOOKS_DIR / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code" and "lesson = Lesson(" in src:
            ns: dict = {}
            exec(compile(src.split("lesson = Lesson(")[0], f"{name}.ipynb", "exec"), ns)
            return ns
    raise AssertionError(f"{name}: no cell builds `lesson = Lesson(...)`")


class LessonPage:
    """A lesson on the page and its mirror (controller + checker, no widgets)."""

    def __init__(self, page, voila_url, name: str, lang: str = "ru"):
        self.page = page
        self.lang = lang
        ns = lesson_source(name)
        self.c = BerserkController(ns["lesson_position"](), lang=lang)
        self.checker = LessonChecker(self.c, ns["TASKS"])
        open_app(page, voila_url, name, lang=None if lang == "ru" else lang)
        self.sync()
        assert_no_errors(page)

    def loc(self, selector: str):
        return self.page.locator(f".berserk-app {selector}")

    def feedback(self):
        return self.page.locator(".lesson-feedback")

    def task_header(self) -> str:
        n = len(self.checker.tasks)
        if self.checker.solved:
            return "Урок пройден" if self.lang == "ru" else "Lesson complete"
        word, of = ("Задание", "из") if self.lang == "ru" else ("Task", "of")
        return f"{word} {self.checker.index + 1} {of} {n}"

    def sync(self) -> None:
        """The page shows what the mirror says: the task, the status line, what is lit."""
        expect(self.page.get_by_text(self.task_header(), exact=False).first).to_be_visible(timeout=STEP_MS)
        expect(self.loc(".app-status")).to_have_text(self.c.status(), timeout=STEP_MS)
        expect(self.loc(".app-hint")).to_have_text(self.c.hint(), timeout=STEP_MS)

    def click(self, tag: str) -> None:
        """Click the canvas where the mirror's scene has `tag`; the mirror clicks too."""
        scene = self.c.scene()
        x, y = centre(scene, tag)
        canvas = self.loc("canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        canvas.click(position={"x": x * box["width"] / scene.width, "y": y * box["height"] / scene.height})
        self.c.click(tag)

    def press(self, text: str, action: str) -> None:
        """Press the app's button whose text contains `text`; the mirror applies `action`."""
        self.loc("button").filter(has_text=text).first.click()
        assert self.c.apply(action), self.c.message

    def expect_refused(self, rule_id: str) -> None:
        m = self.c.message
        assert m is not None and m.kind == "illegal" and m.rule_id == rule_id, m
        expect(self.loc(".app-message")).to_contain_text(rule_id, timeout=STEP_MS)
        expect(self.loc(".app-message")).to_contain_text((m.en if self.lang == "en" else m.ru)[:25], timeout=STEP_MS)

    def expect_done(self, solved_before: int) -> None:
        """The mirror's lesson solved one more task, and the page says so."""
        assert self.checker.index == solved_before + 1, (self.checker.index, self.checker.last)
        expect(self.feedback()).to_contain_text(DONE[self.lang], timeout=STEP_MS)
        self.sync()


def test_lesson_movement_canvas_clicks(page, voila_url):
    """Lesson 4: an illegal diagonal step shows BR-9.1; a legal step and a strike on the canvas
    solve tasks 1 and 2; the state, the log and the lesson's feedback follow."""
    lp = LessonPage(page, voila_url, "04_movement_opening_closing")
    s = lp.c.state
    n_log = lp.loc(".app-log select option").count()

    lp.click("card:1")                       # select the rider: its steps light up
    assert lp.c.selected == 1
    lp.sync()
    before = s.state_hash()
    lp.click("cell:a3")                      # diagonal: refused, nothing changes
    lp.expect_refused("BR-9.1")
    assert s.state_hash() == before and lp.c.selected == 1
    expect(lp.feedback()).not_to_contain_text(DONE["ru"])
    save_screenshot(page, "lesson04_1_illegal")

    lp.click("cell:b3")                      # the asked step
    assert s.at("b3") == 1 and s.cards[1].moves == 1
    lp.expect_done(0)
    expect(lp.loc(".app-log select option")).to_have_count(len(lp.c.log_lines()), timeout=STEP_MS)
    assert lp.loc(".app-log select option").count() > n_log
    expect(lp.feedback()).to_contain_text("BR-9.1")
    save_screenshot(page, "lesson04_2_done")

    lp.click("card:2")                       # the wolf strikes the closed skeleton (forced die 2)
    lp.click("card:4")
    assert s.cards[4].zone == "graveyard" and s.cards[2].closed
    lp.expect_done(1)
    expect(lp.feedback()).to_contain_text("BR-15")
    lp.click("card:2")                       # the closed wolf: why it cannot act
    lp.expect_refused("BR-9.2")
    assert_no_errors(page)
    save_screenshot(page, "lesson04_3_strike")


def test_lesson_placement_canvas_clicks(page, voila_url):
    """Lesson 3: a cell outside the centre is refused with BR-8.1; placing both cards on lit cells
    solves task 1; B places on c6 by a click and hides row 3 with a button (task 2)."""
    lp = LessonPage(page, voila_url, "03_placement_and_reveal")
    s = lp.c.state
    assert lp.c.selected == 5                # the first card of the squad is picked for us
    lp.click("cell:a1")
    lp.expect_refused("BR-8.1")
    save_screenshot(page, "lesson03_1_illegal")
    lp.click("cell:c3")
    lp.sync()
    assert s.cards[5].cell is not None and lp.c.selected == 6
    lp.click("cell:d3")
    assert not s.seats[0].squad and s.active == 1
    lp.expect_done(0)
    lp.click("cell:c6")
    lp.sync()
    lp.press("[hide]", "hide")
    assert s.hidden_row and s.phase == "attach"
    lp.expect_done(1)
    lp.click("card:5")                       # the axe on the militiaman: no class
    lp.click("card:2")
    lp.expect_refused("BR-6")
    lp.click("card:1")                       # the axe on the swordsman
    assert s.cards[5].host == 1
    lp.sync()
    assert_no_errors(page)
    save_screenshot(page, "lesson03_2_attach")


def test_lesson_squad_building_buttons(page, voila_url):
    """Lesson 2: buying from the list of the deal solves task 1 and updates the crystals; a card
    the rules refuse is a disabled button whose tooltip names the rule."""
    lp = LessonPage(page, voila_url, "02_squad_building")
    s = lp.c.state
    lp.press("#3 «", "buy #3")               # a purchase that is not the task
    lp.sync()
    expect(lp.feedback()).to_contain_text("Пока не то", timeout=STEP_MS)
    page.locator("button").filter(has_text="Начать задание заново").first.click()
    lp.checker.restart_task()
    lp.sync()
    assert s.cards[3].zone == "deal"
    lp.press("#1 «", "buy #1")
    lp.expect_done(0)
    expect(page.locator(".berserk-app")).to_contain_text("золото 16, серебро 22", timeout=STEP_MS)
    lp.press("#12 «", "buy #12")
    lp.expect_done(1)
    lp.press("#4 «", "buy #4")
    lp.press("#6 «", "buy #6")
    lp.sync()
    wyrm = lp.loc("button").filter(has_text="#5 «").first
    expect(wyrm).to_be_disabled(timeout=STEP_MS)
    assert (wyrm.get_attribute("title") or "").startswith("BR-3"), wyrm.get_attribute("title")
    assert_no_errors(page)
    save_screenshot(page, "lesson02_buttons")


def test_lesson_field_in_english(page, voila_url):
    """Lesson 1 with ?lang=en: the artifact refuses to act with BR-2.1; a step to row 1 on the
    canvas solves task 1 ("Well done")."""
    lp = LessonPage(page, voila_url, "01_field_and_zones", lang="en")
    s = lp.c.state
    lp.click("card:3")
    lp.expect_refused("BR-2.1")
    lp.click("card:1")
    lp.click("cell:c3")
    assert s.at("c3") == 1
    lp.expect_done(0)
    expect(lp.feedback()).to_contain_text("CR-202.2")
    assert_no_errors(page)
    save_screenshot(page, "lesson01_en")
