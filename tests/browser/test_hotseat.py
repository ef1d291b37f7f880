"""The hot-seat apps in Chromium: buttons, clicks on the canvas at computed positions, an illegal
click that shows its rule id, the language switch (button and ?lang=en), screenshots.

Each test keeps a *mirror* of the game in this process: the same kernel, the same seed and the
same controller class as the notebook. The mirror says where to click (the centre of a lit cell
in the scene it draws) and what the page must then show (the status line and the lit targets),
so every step checks that the page's state changed exactly as the kernel says.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.berserk.actions import Action as BAction
from berserk_kernel.berserk.field import cell_name
from berserk_kernel.city import new_game as city_game
from voila_app import NOTEBOOKS_DIR, assert_no_errors, centre
from voila_app import save_screenshot as _save_screenshot
from widgets import BerserkController, CityController

pytestmark = pytest.mark.browser

BERSERK = "20_berserk_hotseat"
CITY = "30_city_hotseat"
STEP_MS = 20_000


def save_screenshot(page, name: str, full_page: bool = True):
    """A screenshot once the page has painted the last updates (the canvas draws asynchronously)."""
    page.wait_for_timeout(300)
    return _save_screenshot(page, name, full_page=full_page)


def notebook_call(name: str, pattern: str) -> tuple:
    """Arguments of the game the notebook builds (read from its source, so they never drift)."""
    nb = json.loads((NOTEBOOKS_DIR / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        m = re.search(pattern, src)
        if cell["cell_type"] == "code" and m:
            return tuple(int(g) for g in m.groups())
    raise AssertionError(f"{name}: no game built with {pattern!r}")


class AppPage:
    """One app on the page and its mirror controller."""

    def __init__(self, page, css: str, controller):
        self.page = page
        self.css = css
        self.c = controller

    def loc(self, selector: str):
        return self.page.locator(f"{self.css} {selector}")

    def canvas(self):
        return self.loc("canvas").first

    def sync(self) -> None:
        """The page shows what the mirror says: status line and the lit targets."""
        expect(self.loc(".app-status")).to_have_text(self.c.status(), timeout=STEP_MS)
        expect(self.loc(".app-hint")).to_have_text(self.c.hint(), timeout=STEP_MS)

    def click_tag(self, tag: str) -> None:
        """Click the canvas where the mirror's scene has `tag`, and let the mirror click too."""
        scene = self.c.scene()
        x, y = centre(scene, tag)
        canvas = self.canvas()
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        sx, sy = box["width"] / scene.width, box["height"] / scene.height
        canvas.click(position={"x": x * sx, "y": y * sy})
        self.c.click(tag)

    def press(self, text: str, action) -> None:
        """Press the button whose text contains `text`; the mirror chooses `action`."""
        self.loc("button").filter(has_text=text).first.click()
        self.c.choose(action)

    def apply_from_list(self, action) -> None:
        """The way without the canvas: pick the action in the list of legal actions, press Apply."""
        self.loc(".app-actions select").select_option(label=self.c.action_label(action))
        self.loc("button").filter(has_text=re.compile(r"^\s*(Применить|Apply)\s*$")).first.click()
        self.c.apply(action)

    def log_count(self) -> int:
        return self.loc(".app-log select option").count()

    def message(self):
        return self.loc(".app-message")

    def errors_free(self) -> None:
        assert_no_errors(self.page)


# --- Berserk -----------------------------------------------------------------------------------

def test_berserk_hotseat_buttons_canvas_and_language(page, open_notebook):
    (seed,) = notebook_call(BERSERK, r"BerserkApp\(new_game\(seed=(\d+)\)\)")
    open_notebook(BERSERK)
    app = AppPage(page, ".berserk-app", BerserkController(berserk_game(seed=seed), lang="ru"))
    s, c = app.c.state, app.c
    app.sync()
    app.errors_free()
    save_screenshot(page, "hotseat_berserk_1_start", full_page=False)

    # who goes first: a prompt button for the roll winner
    assert c.prompt().seat == s.to_move
    app.press("[first]", BAction("first"))
    app.sync()

    # squad building: buy from the deal list, then Done, for both players
    save_screenshot(page, "hotseat_berserk_1b_build", full_page=False)
    for _ in range(2):
        for _ in range(4):
            items = [it for it in c.hand() if it.enabled]
            if not items:
                break
            app.press(f"#{items[0].uid} «", items[0].actions[0])
            app.sync()
        app.press("[done]", BAction("done"))
        app.sync()
    assert s.phase == "place", s.phase
    save_screenshot(page, "hotseat_berserk_2_placement", full_page=False)

    # an illegal click: a cell of the other half
    sel = c.selected
    lit = c.highlights().cells
    wrong = next(x for x in range(30) if x not in lit and (x >= 15) == (s.to_move == 0))
    before = s.state_hash()
    app.click_tag(f"cell:{cell_name(wrong)}")
    m = c.message
    assert m.kind == "illegal" and m.rule_id and s.state_hash() == before and c.selected == sel
    expect(app.message()).to_contain_text(m.rule_id, timeout=STEP_MS)
    expect(app.message()).to_contain_text(m.ru[:20], timeout=STEP_MS)
    save_screenshot(page, "hotseat_berserk_3_illegal", full_page=False)

    # placement by clicks on lit cells of the canvas
    n_log = app.log_count()
    while s.phase == "place":
        cell = min(c.highlights().cells)
        app.click_tag(f"cell:{cell_name(cell)}")
        app.sync()
    assert app.log_count() > n_log
    app.errors_free()

    # reveal and attaching: the first action through the list of legal actions and Apply (the
    # way without the canvas), then reveal everything and attach nothing more, by buttons
    for step in range(20):
        if s.phase == "battle" or s.phase == "over":
            break
        kinds = {a.kind for a in c.legal()}
        if step == 0:
            first = c.legal()[0]
            app.apply_from_list(first)
            assert s.actions[-1] == first
        elif "show" in kinds:
            app.press("[show]", BAction("show"))
        elif "done" in kinds:
            app.press("[done]", BAction("done"))
        else:
            app.apply_from_list(c.legal()[0])
        app.sync()
    assert s.phase == "battle", s.phase

    # a move in battle: click a card, then a lit cell
    move = next(a for a in c.legal() if a.kind == "move")
    app.click_tag(f"card:{move.card}")
    app.sync()
    assert c.selected == move.card
    save_screenshot(page, "hotseat_berserk_4_selected", full_page=False)
    n_log = app.log_count()
    app.click_tag(f"cell:{cell_name(move.cell)}")
    assert s.actions[-1] == move
    app.sync()
    expect(app.loc(".app-log select option")).to_have_count(len(c.log_lines()), timeout=STEP_MS)
    assert app.log_count() > n_log
    expect(app.message()).to_contain_text("Сделано", timeout=STEP_MS)

    # the language switch
    app.loc("button").filter(has_text="English").first.click()
    c.set_lang("en")
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    app.errors_free()
    save_screenshot(page, "hotseat_berserk_5_english")

    # the game so far, stepped back and forth on a board of its own
    n = len(s.actions)
    app.loc(".lm-AccordionPanel-title, .p-Accordion-title, .jupyter-widget-Collapse-header").first.click()
    app.loc("button").filter(has_text="Step through the game").first.click()
    expect(app.loc("b").filter(has_text=f"Step {n} of {n}")).to_have_count(1, timeout=STEP_MS)
    app.loc("button").filter(has_text="Back").first.click()
    expect(app.loc("b").filter(has_text=f"Step {n - 1} of {n}")).to_have_count(1, timeout=STEP_MS)
    expect(app.loc("canvas")).to_have_count(2)
    app.errors_free()
    page.locator(f"{app.css} canvas").nth(1).scroll_into_view_if_needed()
    save_screenshot(page, "hotseat_berserk_6_review", full_page=False)


def test_berserk_hotseat_opens_in_english(page, open_notebook):
    (seed,) = notebook_call(BERSERK, r"BerserkApp\(new_game\(seed=(\d+)\)\)")
    open_notebook(BERSERK, lang="en")
    app = AppPage(page, ".berserk-app", BerserkController(berserk_game(seed=seed), lang="en"))
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    expect(app.loc("button").filter(has_text="Go first")).to_have_count(1)
    app.errors_free()
    save_screenshot(page, "hotseat_berserk_lang_en", full_page=False)


# --- Battle for the City -----------------------------------------------------------------------

def test_city_hotseat_clicks_buttons_and_language(page, open_notebook):
    players, seed = notebook_call(CITY, r"CityApp\(new_game\(players=(\d+), seed=(\d+)\)\)")
    open_notebook(CITY)
    app = AppPage(page, ".city-app", CityController(city_game(players=players, seed=seed), lang="ru"))
    s, c = app.c.state, app.c
    app.sync()
    app.errors_free()
    save_screenshot(page, "hotseat_city_1_start", full_page=False)

    # an illegal click: a district that is not a start district
    wrong = next(d for d in s.map.numbers if d not in c.highlights().lit)
    app.click_tag(f"district:{wrong}")
    m = c.message
    assert m.kind == "illegal" and m.rule_id
    expect(app.message()).to_contain_text(m.rule_id, timeout=STEP_MS)
    save_screenshot(page, "hotseat_city_2_illegal", full_page=False)

    # every player picks a start district on the canvas
    n_log = app.log_count()
    while s.phase == "pick":
        app.click_tag(f"district:{min(c.highlights().lit)}")
        app.sync()
    assert app.log_count() > n_log

    # Event and Income are buttons
    app.press("[событие]", s.parse_action("draw"))
    app.sync()
    app.press("[доход]", s.parse_action("income"))
    app.sync()
    assert s.phase == "actions"
    expect(app.loc(".city-players")).to_contain_text(c.name(c.seat))

    # a capture on the canvas, if the event left the influence for one; else reinforce
    captures = sorted(a.dst for a in c.legal() if a.verb == "capture")
    if captures:
        app.click_tag(f"district:{captures[0]}")
        assert s.actions[-1].verb == "capture"
    else:
        hq = s.hq[c.seat]
        app.click_tag(f"district:{hq}")
        assert c.selected == hq
    app.sync()
    app.errors_free()
    save_screenshot(page, "hotseat_city_3_actions", full_page=False)

    # the language switch, then a new game for three players from the set-up row
    app.loc("button").filter(has_text="English").first.click()
    c.set_lang("en")
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    app.loc("button").filter(has_text=re.compile(r"^\s*3\s*$")).first.click()
    app.loc("button").filter(has_text="New game").first.click()
    c.reset(city_game(players=3, map="default", seed=seed))
    app.sync()
    expect(app.loc(".city-players tr")).to_have_count(4, timeout=STEP_MS)
    app.errors_free()
    save_screenshot(page, "hotseat_city_4_english_3p")


def test_city_hotseat_opens_in_english(page, open_notebook):
    players, seed = notebook_call(CITY, r"CityApp\(new_game\(players=(\d+), seed=(\d+)\)\)")
    open_notebook(CITY, lang="en")
    app = AppPage(page, ".city-app", CityController(city_game(players=players, seed=seed), lang="en"))
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    expect(app.loc("button").filter(has_text="New game")).to_have_count(1)
    app.errors_free()
    save_screenshot(page, "hotseat_city_lang_en", full_page=False)
