"""The hot-seat apps in Chromium: buttons with the words a person writes, clicks on the canvas at
computed positions, an illegal click that shows its rule id, the card panel on hover, the fight
table, new games with a game number, the language switch (button and ?lang=en), screenshots at
1280x800 and 1024x768 in both languages.

Each test keeps a *mirror* of the game in this process: the same kernel, the same seed (read from
the page's game number) and the same controller class as the notebook. The mirror says where to
click (the centre of a lit cell in the scene it draws) and what the page must then show (the
status line and the lit targets), so every step checks that the page's state changed exactly as
the kernel says.
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
from widgets.card_text import card_lines

pytestmark = pytest.mark.browser

BERSERK = "20_berserk_hotseat"
CITY = "30_city_hotseat"
STEP_MS = 20_000
CODE = re.compile(r"\[[a-zа-яё]+(?:\]| [^\]]*\])")   # «[end]», «[захват 6]», «[strike #1 #2]»


def save_screenshot(page, name: str, full_page: bool = False):
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

    def canvas_point(self, tag: str) -> tuple[float, float]:
        scene = self.c.scene()
        x, y = centre(scene, tag)
        canvas = self.canvas()
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        return box["x"] + x * box["width"] / scene.width, box["y"] + y * box["height"] / scene.height

    def click_tag(self, tag: str) -> None:
        """Click the canvas where the mirror's scene has `tag`, and let the mirror click too."""
        x, y = self.canvas_point(tag)
        self.page.mouse.click(x, y)
        self.c.click(tag)

    def button(self, text: str):
        """The button whose whole text is `text`."""
        return self.loc("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).first

    def press(self, text: str, action) -> None:
        """Press the button whose text is exactly `text`; the mirror chooses `action`."""
        self.button(text).click()
        self.c.choose(action)

    def apply_from_list(self, action) -> None:
        """The way without the canvas: open the fold, pick the action in the list, press Apply."""
        select = self.loc(".app-actions select")
        if not select.is_visible():
            self.fold("Все допустимые действия|All legal actions").click()
        select.select_option(label=self.c.action_label(action))
        self.button("Применить" if self.c.lang == "ru" else "Apply").click()
        self.c.apply(action)

    def fold(self, title_regex: str):
        return self.loc(".app-folds .lm-AccordionPanel-title, .app-folds .p-Accordion-title, "
                        ".app-folds .jupyter-widget-Collapse-header").filter(has_text=re.compile(title_regex)).first

    def log_count(self) -> int:
        return self.loc(".app-log select option").count()

    def message(self):
        return self.loc(".app-message")

    def side_text(self) -> str:
        return self.loc(".app-side").first.inner_text()

    def errors_free(self) -> None:
        assert_no_errors(self.page)


FIXED_DEAL = 7


def seed_on_page(app: AppPage) -> int:
    return int(app.loc(".app-setup input[type=number]").first.input_value())


def layout(page) -> dict:
    return page.evaluate("""() => { const r = s => { const e = document.querySelector(s); if (!e) return null;
        const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
        return {canvas: r('.app-board canvas'), side: r('.app-side'), status: r('.app-status'),
                vw: window.innerWidth, vh: window.innerHeight}; }""")


# --- Berserk -----------------------------------------------------------------------------------

def test_berserk_hotseat_buttons_canvas_card_text_and_language(page, open_notebook):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(BERSERK)
    probe = AppPage(page, ".berserk-app", None)
    app = AppPage(page, ".berserk-app", BerserkController(berserk_game(seed=seed_on_page(probe)), lang="ru"))
    # a fixed deal (the page deals a random one): with some deals the first battle turn opens with
    # an answer window or with no move at all, which this walk-through does not script
    app.loc(".app-setup input[type=number]").first.fill(str(FIXED_DEAL))
    app.button("Начать").click()
    app.c.reset(berserk_game(seed=FIXED_DEAL))
    s, c = app.c.state, app.c
    app.sync()
    app.errors_free()
    # board first: canvas and side panel side by side, the board and the status in the first screen
    box = layout(page)
    assert box["side"]["x"] >= box["canvas"]["x"] + box["canvas"]["w"] - 1
    assert box["canvas"]["y"] + box["canvas"]["h"] <= box["vh"] and box["status"]["y"] < box["vh"]
    save_screenshot(page, "hotseat_berserk_1280_ru")
    assert not CODE.search(app.side_text())

    # who goes first: buttons in words, no codes
    assert c.prompt().seat == s.to_move
    expect(app.button("Ходить вторым")).to_be_visible()
    app.press("Ходить первым", BAction("first"))
    app.sync()

    # squad building: the squad as it grows, the crystals, the deal on the board; a card's text
    # when the pointer is over its button
    expect(app.loc(".app-squad")).to_contain_text("пока пуст")
    # creatures only: a squad of equipment and terrain loses at once after set-up (BR-1)
    creature = lambda it: it.enabled and s.defs[s.cards[it.uid].card].is_creature
    first = next(it for it in c.hand() if creature(it))
    d = s.defs[s.cards[first.uid].card]
    label = c.action_label(first.actions[0])
    buy = app.loc("button").filter(has_text=label).first
    buy.hover()
    for line in card_lines(d, "ru")[:3]:
        expect(app.loc(".app-card")).to_contain_text(line, timeout=STEP_MS)
    save_screenshot(page, "hotseat_berserk_build_1280_ru")
    buy.click()
    c.apply(first.actions[0])
    app.sync()
    expect(app.loc(".app-squad")).to_contain_text(c.card_name(first.uid), timeout=STEP_MS)
    expect(app.loc(".app-squad")).to_contain_text("1 карта")
    # a card of the deal bought by a click on the board
    other = next(it for it in c.hand() if creature(it))
    app.click_tag(f"card:{other.uid}")
    assert s.actions[-1] == BAction("buy", other.uid)
    app.sync()
    expect(app.loc(".app-squad")).to_contain_text("2 карты", timeout=STEP_MS)

    # «Готово»; the other player finishes with an empty squad: asked first, then done
    app.press("Готово", BAction("done"))
    app.sync()
    if s.phase == "build":
        app.button("Готово").click()
        expect(app.loc(".app-prompt")).to_contain_text("Закончить набор с пустым отрядом?", timeout=STEP_MS)
        n = len(s.actions)
        app.press("Нет, вернуться к раздаче", "confirm:no")
        assert len(s.actions) == n
        for _ in range(3):
            it = next(i for i in c.hand() if creature(i))
            app.loc("button").filter(has_text=c.action_label(it.actions[0])).first.click()
            c.apply(it.actions[0])
            app.sync()
        app.press("Готово", BAction("done"))
        app.sync()
    assert s.phase == "place", s.phase

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

    # placement by clicks on lit cells of the canvas
    while s.phase == "place":
        cell = min(c.highlights().cells)
        app.click_tag(f"cell:{cell_name(cell)}")
        app.sync()
    app.errors_free()

    # reveal and attaching: the first action through the list and Apply, then buttons in words
    for step in range(20):
        if s.phase in ("battle", "over"):
            break
        kinds = {a.kind for a in c.legal()}
        if step == 0:
            first_action = c.legal()[0]
            app.apply_from_list(first_action)
            assert s.actions[-1] == first_action
        elif "show" in kinds:
            app.press("Вскрыть все карты", BAction("show"))
        elif "done" in kinds:
            app.press("Готово", BAction("done"))
        else:
            app.apply_from_list(c.legal()[0])
        app.sync()
    assert s.phase == "battle", s.phase
    assert not CODE.search(app.side_text())
    # an answer window at the start of the turn (a triggered ability may be answered): pass it
    for _ in range(6):
        if any(a.kind == "move" for a in c.legal()):
            break
        app.apply_from_list(next(a for a in c.legal() if a.kind == "pass"))
        app.sync()

    # a move in battle: click a card, then a lit cell; hovering a card shows its text
    move = next(a for a in c.legal() if a.kind == "move")
    x, y = app.canvas_point(f"card:{move.card}")
    page.mouse.move(x, y)
    name = s.defs[s.cards[move.card].card].name.ru
    expect(app.loc(".app-card")).to_contain_text(name, timeout=STEP_MS)
    app.click_tag(f"card:{move.card}")
    app.sync()
    assert c.selected == move.card
    save_screenshot(page, "hotseat_berserk_battle_1280_ru")
    n_log = app.log_count()
    app.click_tag(f"cell:{cell_name(move.cell)}")
    assert s.actions[-1] == move
    app.sync()
    assert app.log_count() >= n_log
    expect(app.message()).to_contain_text("Сделано: " + c.action_label(move), timeout=STEP_MS)

    # the language switch changes every panel
    app.loc("button").filter(has_text="English").first.click()
    c.set_lang("en")
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    expect(app.button("End the turn")).to_be_visible()
    app.errors_free()
    save_screenshot(page, "hotseat_berserk_battle_1280_en")

    # the game so far, stepped back and forth on a board of its own
    n = len(s.actions)
    app.fold("Review the game").click()
    app.loc("button").filter(has_text="Step through the game").first.click()
    expect(app.loc("b").filter(has_text=f"Step {n} of {n}")).to_have_count(1, timeout=STEP_MS)
    app.loc("button").filter(has_text="Back").first.click()
    expect(app.loc("b").filter(has_text=f"Step {n - 1} of {n}")).to_have_count(1, timeout=STEP_MS)
    expect(app.loc("canvas")).to_have_count(2)
    app.errors_free()

    # a new game with a given number: the same deal as the kernel's new_game(seed=...)
    app.loc(".app-setup input[type=number]").first.fill("5")
    app.button("Start").click()
    c.reset(berserk_game(seed=5))
    app.sync()
    expect(app.button("Go first")).to_be_visible()
    assert not app.loc(".app-fight-table").count()
    app.errors_free()


def test_berserk_hotseat_new_deal_on_reload_and_english(page, open_notebook):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_notebook(BERSERK, lang="en")
    first = seed_on_page(AppPage(page, ".berserk-app", None))
    app = AppPage(page, ".berserk-app", BerserkController(berserk_game(seed=first), lang="en"))
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    expect(app.button("Go first")).to_have_count(1)
    expect(app.loc(".app-setup")).to_contain_text("the same number deals the same cards and dice")
    box = layout(page)
    assert box["side"]["x"] >= box["canvas"]["x"] + box["canvas"]["w"] - 1
    assert box["canvas"]["y"] + box["canvas"]["h"] <= box["vh"]
    app.errors_free()
    save_screenshot(page, "hotseat_berserk_1024_en")
    open_notebook(BERSERK, lang="ru")
    second = seed_on_page(AppPage(page, ".berserk-app", None))
    assert second != first          # a reload deals new cards (a one-in-a-million coincidence aside)
    save_screenshot(page, "hotseat_berserk_1024_ru")


# --- Battle for the City -----------------------------------------------------------------------

def test_city_hotseat_clicks_buttons_and_language(page, open_notebook):
    page.set_viewport_size({"width": 1280, "height": 800})
    players, seed = notebook_call(CITY, r"CityApp\(new_game\(players=(\d+), seed=(\d+)\)")
    open_notebook(CITY)
    app = AppPage(page, ".city-app", CityController(city_game(players=players, seed=seed), lang="ru"))
    s, c = app.c.state, app.c
    app.sync()
    app.errors_free()
    box = layout(page)
    assert box["side"]["x"] >= box["canvas"]["x"] + box["canvas"]["w"] - 1
    assert box["canvas"]["y"] + box["canvas"]["h"] <= box["vh"]
    save_screenshot(page, "hotseat_city_1280_ru")

    # an illegal click: a district that is not a start district
    wrong = next(d for d in s.map.numbers if d not in c.highlights().lit)
    app.click_tag(f"district:{wrong}")
    m = c.message
    assert m.kind == "illegal" and m.rule_id
    expect(app.message()).to_contain_text(m.rule_id, timeout=STEP_MS)

    # every player picks a start district on the canvas
    n_log = app.log_count()
    while s.phase == "pick":
        app.click_tag(f"district:{min(c.highlights().lit)}")
        app.sync()
    assert app.log_count() >= n_log

    # Event and Income are buttons in words
    app.press("Взять карту События", s.parse_action("draw"))
    app.sync()
    app.press("Получить доход", s.parse_action("income"))
    app.sync()
    assert s.phase == "actions"
    expect(app.loc(".city-players")).to_contain_text(c.name(c.seat))
    assert not CODE.search(app.side_text())

    # a route with a number of forces: the question, then «Отмена» clears it
    routes = [a for a in c.legal() if a.src and a.count]
    multi = next((a for a in routes if len({b.count for b in routes if (b.src, b.dst, b.verb) == (a.src, a.dst, a.verb)}) > 1),
                 None)
    if multi is not None:
        app.click_tag(f"district:{multi.src}")
        app.click_tag(f"district:{multi.dst}")
        if c.choices:
            app.press(c.action_label(c.choices[0]), c.choices[0])
        expect(app.loc(".app-message")).to_contain_text("Сколько сил", timeout=STEP_MS)
        app.button("Отмена").click()
        c.cancel_amount()
        app.sync()
        expect(app.loc(".app-message")).not_to_contain_text("Сколько сил", timeout=STEP_MS)
    captures = sorted(a.dst for a in c.legal() if a.verb == "capture")
    if captures:
        app.click_tag(f"district:{captures[0]}")
        assert s.actions[-1].verb == "capture"
        expect(app.message()).to_contain_text(f"Захватить район {captures[0]}", timeout=STEP_MS)
    app.sync()
    app.errors_free()
    save_screenshot(page, "hotseat_city_actions_1280_ru")

    # the language switch, then a new game for three players from the row under the map
    app.loc("button").filter(has_text="English").first.click()
    c.set_lang("en")
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    app.button("3").click()
    app.button("Start").click()
    c.reset(city_game(players=3, map="default", seed=seed))
    app.sync()
    expect(app.loc(".city-players tr")).to_have_count(4, timeout=STEP_MS)
    app.errors_free()
    save_screenshot(page, "hotseat_city_3p_1280_en")


def test_city_hotseat_opens_in_english_at_1024(page, open_notebook):
    page.set_viewport_size({"width": 1024, "height": 768})
    players, seed = notebook_call(CITY, r"CityApp\(new_game\(players=(\d+), seed=(\d+)\)")
    open_notebook(CITY, lang="en")
    app = AppPage(page, ".city-app", CityController(city_game(players=players, seed=seed), lang="en"))
    app.sync()
    expect(app.loc(".app-status")).to_contain_text("To decide")
    expect(app.button("Start")).to_have_count(1)
    box = layout(page)
    assert box["side"]["x"] >= box["canvas"]["x"] + box["canvas"]["w"] - 1
    app.errors_free()
    save_screenshot(page, "hotseat_city_1024_en")
    open_notebook(CITY, lang="ru")
    save_screenshot(page, "hotseat_city_1024_ru")
