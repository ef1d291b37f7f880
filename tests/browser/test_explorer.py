"""The scenario explorer (notebooks/40_scenario_explorer.ipynb) in Chromium.

A *mirror* `ExplorerController` in this process makes the same edits as the page; it says where
to click (a cell's centre from `berserk_kernel.berserk.scene.cell_origin`, or a card's frame in
the scene it draws) and what the page must then show (status line, hint, messages), so every
step checks that the page changed exactly as the kernel says.
"""
from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import expect

from berserk_kernel.berserk.field import parse_cell
from berserk_kernel.berserk.scene import CELL_H, CELL_W, cell_origin
from voila_app import assert_no_errors
from voila_app import save_screenshot as _save_screenshot
from widgets.explorer import ExplorerController

pytestmark = pytest.mark.browser

NOTEBOOK = "40_scenario_explorer"
STEP_MS = 20_000
APP = ".explorer-app"


def save_screenshot(page, name: str, full_page: bool = True):
    """A screenshot once the page has painted the last updates (the canvas draws asynchronously)."""
    page.wait_for_timeout(400)
    return _save_screenshot(page, name, full_page=full_page)


def cell_centre(cell: str, viewer: int = 0) -> tuple[float, float]:
    x, y = cell_origin(parse_cell(cell), viewer)
    return x + CELL_W / 2, y + CELL_H / 2


def card_centre(scene, uid: int) -> tuple[float, float]:
    """The centre of card `uid`'s frame in `scene` (checked with the scene's own hit test)."""
    tag = f"card:{uid}"
    for s in scene.shapes:
        if getattr(s, "hit", None) == tag and s.layer == "cards":
            x, y = s.x + s.w / 2, s.y + s.h / 2
            assert scene.hit_at(x, y) == tag
            return x, y
    raise AssertionError(f"card #{uid} is not drawn")


class ExplorerPage:
    def __init__(self, page, mirror: ExplorerController):
        self.page = page
        self.c = mirror

    def loc(self, selector: str):
        return self.page.locator(f"{APP} {selector}")

    def button(self, text: str):
        return self.loc("button").filter(has_text=text).first

    def click_canvas(self, css: str, x: float, y: float, scene) -> None:
        canvas = self.loc(f"{css} canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        sx, sy = box["width"] / scene.width, box["height"] / scene.height
        canvas.click(position={"x": x * sx, "y": y * sy})

    def click_cell(self, cell: str) -> None:
        """Click the editor's board on `cell`; the mirror clicks too."""
        x, y = cell_centre(cell)
        scene = self.c.scene()
        assert scene.hit_at(x, y) == f"cell:{cell}", scene.hit_at(x, y)
        self.click_canvas(".explorer-editor", x, y, scene)
        self.c.click(f"cell:{cell}")

    def click_play_card(self, uid: int) -> None:
        """Click card `uid` on the game's board; the mirror's player clicks too."""
        scene = self.c.player.scene()
        x, y = card_centre(scene, uid)
        self.click_canvas(".explorer-play", x, y, scene)
        self.c.player.click(f"card:{uid}")

    def pick_card(self, card_id: str) -> None:
        self.loc(".explorer-card select").select_option(label=self.c.card_label(card_id))
        self.c.set_palette(card_id)

    def sync(self) -> None:
        """The page shows what the mirror says."""
        expect(self.loc(".explorer-status")).to_have_text(self.c.status(), timeout=STEP_MS)
        if self.c.mode == "edit":
            expect(self.loc(".explorer-hint")).to_have_text(self.c.hint(), timeout=STEP_MS)
        if self.c.message is not None:
            expect(self.loc(".explorer-message")).to_contain_text(self.c.message.text(self.c.lang), timeout=STEP_MS)


def test_explorer_place_play_save_and_language(page, voila_url):
    from voila_app import open_app

    open_app(page, voila_url, NOTEBOOK)
    app = ExplorerPage(page, ExplorerController(lang="ru"))
    c = app.c
    app.sync()
    expect(app.loc(".explorer-header h3")).to_have_text("Берсерк — конструктор позиций")
    assert_no_errors(page)
    save_screenshot(page, "explorer_1_empty", full_page=False)
    # at 1024x768 the board shrinks and the side panel (Place a card) stays beside it, on screen
    page.set_viewport_size({"width": 1024, "height": 768})
    board, side = (app.loc(css).first.bounding_box() for css in (".explorer-editor canvas", ".explorer-side"))
    assert side["x"] >= board["x"] + board["width"] - 1 and side["x"] + side["width"] <= 1024, (board, side)
    assert side["y"] < 768 and board["y"] + board["height"] <= 768, (board, side)
    save_screenshot(page, "explorer_1_empty_1024", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})

    # A's swordsman: pick it in the card list, click c3 on the canvas
    app.pick_card("hired_swordsman")
    app.sync()
    app.click_cell("c3")
    assert c.state.at("c3") == 1
    app.sync()
    expect(app.loc(".explorer-select select")).to_have_value(c.card_line(1))

    # B's knight on c4 (the owner switch, then the canvas)
    app.loc(".explorer-owner button").filter(has_text="B").click()
    c.set_owner(1)
    app.pick_card("errant_knight")
    app.click_cell("c4")
    assert c.state.at("c4") == 2
    app.sync()

    # without the canvas: a flyer for B through the Where list and Place; it goes to B's aux zone
    app.pick_card("pass_eagle")
    app.loc(".explorer-where select").select_option(label=dict((v, k) for k, v in c.where_options())["a1"])
    app.button("Поставить").click()
    c.place("pass_eagle", "a1")
    assert c.state.seats[1].aux == [3]
    app.sync()

    # an edit the kernel refuses: 5 wounds kill the knight (5 lives, BR-15); nothing changes
    before = c.state.state_hash()
    app.loc(".explorer-select select").select_option(label=c.card_line(2))
    c.select(2)
    app.sync()
    wounds = app.loc(".explorer-wounds input")
    wounds.fill("5")
    wounds.press("Enter")
    c.set_flag(2, "wounds", 5)
    assert c.message.rule_id == "BR-15" and c.state.state_hash() == before
    app.sync()
    expect(app.loc(".explorer-message")).to_contain_text("«Странствующий рыцарь» — у карты 5 жизней")
    expect(app.loc(".explorer-message")).not_to_contain_text("cards[")
    expect(wounds).to_have_value("0", timeout=STEP_MS)
    assert_no_errors(page)
    save_screenshot(page, "explorer_2_edited", full_page=False)

    # the dice: white 5, black 2 (the default faces of the two lists), then play
    app.button("Добавить бросок").click()
    c.force_dice(5, 2)
    app.sync()
    expect(app.loc(".explorer-dice-queue")).to_contain_text("5 → 2")
    app.button("Играть эту позицию").click()
    c.play()
    app.sync()
    expect(app.loc(".explorer-play .app-status")).to_have_text(c.player.status(), timeout=STEP_MS)

    # a strike on the game's board: the swordsman, then the knight (5 - 2 = +3: a medium strike)
    app.click_play_card(1)
    app.click_play_card(2)
    game = c.player.state
    assert str(game.actions[-1]) == "strike #1 #2" and game.cards[2].wounds == 2
    expect(app.loc(".explorer-play .app-status")).to_have_text(c.player.status(), timeout=STEP_MS)
    expect(app.loc(".explorer-play .app-log select option")).to_have_count(len(c.player.log_lines()), timeout=STEP_MS)
    assert_no_errors(page)
    save_screenshot(page, "explorer_3_play", full_page=False)

    # back to editing keeps the wounds; save gives the text and a data: link of the same JSON
    app.button("Вернуться к редактированию").click()
    c.back_to_edit()
    app.sync()
    expect(app.loc(".explorer-select select option")).to_have_count(1 + len(c.in_play()))
    app.button("Сохранить позицию").click()
    link = app.loc("a.explorer-download")
    expect(link).to_have_count(1, timeout=STEP_MS)
    href = link.get_attribute("href")
    assert href.startswith("data:application/json;charset=utf-8;base64,")
    saved = json.loads(base64.b64decode(href.split(",", 1)[1]).decode("utf-8"))
    assert saved == c.save_dict()
    assert json.loads(app.loc(".explorer-save-text textarea").input_value()) == saved

    # a broken text: the message names the field, the position stays
    before = c.state.state_hash()
    bad = '{"cards": [{"card": "errant_knight", "owner": 1, "cell": "z9"}]}'
    app.loc(".explorer-load-text textarea").fill(bad)
    app.button("Загрузить из текста").click()
    assert not c.load_text(bad) and c.state.state_hash() == before
    app.sync()
    expect(app.loc(".explorer-message")).to_contain_text("cards[0].cell")
    expect(app.loc(".explorer-select select option")).to_have_count(1 + len(c.in_play()))
    assert_no_errors(page)

    # the language switch
    app.loc(".explorer-header button").filter(has_text="English").click()
    c.set_lang("en")
    app.sync()
    expect(app.loc(".explorer-header h3")).to_have_text("Berserk — scenario explorer")
    expect(app.button("Play this position")).to_be_visible()
    assert_no_errors(page)
    save_screenshot(page, "explorer_4_english")

    # an example from examples/scenarios, in English
    app.loc(".explorer-example select").select_option("fight_choice.json")
    app.button("Open the example").click()
    assert c.load_example("fight_choice.json")
    app.sync()
    expect(app.loc(".explorer-description")).to_contain_text("Dice forced")
    expect(app.loc(".explorer-dice-queue")).to_contain_text("5 → 1")
    assert_no_errors(page)
    app.loc(".explorer-header").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.explorer-header').scrollIntoView()")
    save_screenshot(page, "explorer_5_example", full_page=False)


def test_explorer_opens_in_english(page, voila_url):
    from voila_app import open_app

    open_app(page, voila_url, NOTEBOOK, lang="en")
    app = ExplorerPage(page, ExplorerController(lang="en"))
    app.sync()
    expect(app.loc(".explorer-header h3")).to_have_text("Berserk — scenario explorer")
    expect(app.loc(".explorer-card select option").first).to_have_text(re.compile(r"none"))
    assert_no_errors(page)
    save_screenshot(page, "explorer_lang_en", full_page=False)
