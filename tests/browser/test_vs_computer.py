"""Playing against the computer in Chromium, in both hot-seat apps: a whole short game by clicks
(buttons beside the board, the canvas) and the list of all legal actions, while the computer
plays its turns in the page's kernel (progress shown, the player's turn back when it is done);
the hint names an action of the list and the board's text line says it is lit; the analysis
marks a deliberately bad move and steps the review board to it. Screenshots at 1280x800 and
1024x768 in both languages.

The computer's choices are not mirrored here (its search may change): the test reads the page,
which lists the legal actions, and plays the player's side from it.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from berserk_kernel.city import new_game as city_game
from voila_app import assert_no_errors, centre
from voila_app import save_screenshot as _save_screenshot
from widgets import CityController
from widgets.i18n import w

pytestmark = pytest.mark.browser

BERSERK = "20_berserk_hotseat"
CITY = "30_city_hotseat"
STEP_MS = 30_000
GAME_S = 100


def save_screenshot(page, name: str):
    page.wait_for_timeout(300)
    return _save_screenshot(page, name, full_page=False)


class Page:
    def __init__(self, page, css: str, lang: str):
        self.page, self.css, self.lang = page, css, lang
        self.stale: list = []

    def loc(self, selector: str):
        return self.page.locator(f"{self.css} {selector}")

    def w(self, key: str, **kw) -> str:
        return w(key, self.lang, **kw)

    def button(self, text: str):
        return self.loc("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).first

    def status(self) -> str:
        return self.loc(".app-status").inner_text()

    def options(self) -> list[str]:
        """The labels of the list of all legal actions (empty while the computer is to move)."""
        return [t.replace("\xa0", " ") for t in self.loc(".app-actions select option").all_inner_texts()]

    def fold(self, title: str):
        return self.loc(".app-folds .lm-AccordionPanel-title, .app-folds .p-Accordion-title, "
                        ".app-folds .jupyter-widget-Collapse-header").filter(has_text=title).first

    def open_fold(self, title: str, inside: str) -> None:
        if not self.loc(inside).first.is_visible():
            self.fold(title).click()
        expect(self.loc(inside).first).to_be_visible(timeout=STEP_MS)

    def apply_from_list(self, label: str) -> bool:
        """Pick `label` in the list of all legal actions and press Apply (False: the list has
        changed since it was read, nothing done)."""
        self.open_fold(self.w("actions"), ".app-actions select")
        labels = self.loc(".app-actions select option").all_inner_texts()
        found = [x for x in labels if x.replace("\xa0", " ") == label]
        if not found:
            return False
        self.loc(".app-actions select").select_option(label=found[0])
        self.button(self.w("apply")).click()
        return True

    def new_game(self, seed: int, short: bool = True) -> None:
        self.loc(".app-setup input[type=number]").first.fill(str(seed))
        box = self.loc(".app-setup input[type=checkbox]").first
        if box.is_checked() != short:
            box.click()
        self.button(self.w("start_game")).click()
        expect(self.loc(".app-status")).not_to_contain_text(self.w("status_over"), timeout=STEP_MS)

    def against(self, level: str, seat: str) -> None:
        self.loc(".bot-box select").first.select_option(label=self.w("opp_" + level))
        expect(self.loc(".bot-box button").filter(has_text=re.compile(rf"^\s*{seat}\s*$")).first).to_be_visible(
            timeout=STEP_MS)
        self.loc(".bot-box button").filter(has_text=re.compile(rf"^\s*{seat}\s*$")).first.click()

    def act(self, do) -> None:
        """Do one thing on the page and wait until the page has answered (the message line
        changes: the player's move said, or the computer's answer)."""
        before = self.loc(".app-message").inner_text()
        try:
            if do() is False:
                return
        except PlaywrightTimeout:       # the page moved on since it was read: read it again
            self.stale.append((self.status(), before))
            return
        deadline = time.monotonic() + STEP_MS / 1000
        while self.loc(".app-message").inner_text() == before and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
        self.page.wait_for_timeout(250)     # the rest of the refresh (prompt, lists) follows the message

    def my_turn(self, me: str, timeout_s: float = 60) -> bool:
        """Wait until the player `me` is to decide (True) or the game is over (False)."""
        mine = self.w("status_decides", who=me)
        over = self.w("status_over")
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            st = self.status()
            if st.startswith(over):
                return False
            if st.startswith(mine) and self.options() and not self.loc(".bot-progress").count():
                return True
            self.page.wait_for_timeout(150)
        raise AssertionError(f"the computer did not give the turn back: {self.status()!r} "
                             f"{self.loc('.app-message').inner_text()!r}")

    def hint(self) -> str:
        """Press «Hint»; the suggested action's words once the computer has found it."""
        self.loc("button.bot-hint").click()
        text = self.loc(".bot-hint-text")
        expect(text).to_be_visible(timeout=STEP_MS)
        head, tail = self.w("hint_says", what="@@").split("@@")
        m = re.match(re.escape(head) + "(.+?)" + re.escape(tail) + r"\s", text.inner_text().replace("\xa0", " "))
        assert m, text.inner_text()
        return m.group(1).replace("\xa0", " ")


def test_berserk_against_the_computer_whole_game_hint_and_analysis(page, open_notebook):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(BERSERK)
    app = Page(page, ".berserk-app", "ru")
    expect(app.loc(".bot-box")).to_contain_text("Соперник")
    app.new_game(5, short=True)
    app.against("easy", "A")
    expect(app.loc(".bot-box select").first).to_have_value(re.compile(".+"))
    started = time.monotonic()
    moves = 0
    hinted = placed = False
    while app.my_turn("A"):
        opts = app.options()
        assert opts and all("[" not in o for o in opts)
        if not placed and any(o.startswith("Положить") for o in opts):
            words = app.hint()
            assert words in opts and words.startswith("Положить")    # a legal placement
            # the classic profile places by the formation (bots.formation), no playouts
            said = app.loc(".bot-hint-text").inner_text()
            assert "советует ставить отряд строем" in said and "BR-8.1" in said, said
            placed = True
        if not hinted and any(o.startswith("Купить") for o in opts):
            words = app.hint()
            assert words in opts                                     # the hint is a legal action
            said = app.loc(".bot-hint-text").inner_text()
            # a purchase: the classic profile buys the exact squad (bots.squads.best_squad), no playouts
            assert "перебрал все наборы карт из раздачи" in said or "Другого хода сейчас нет" in said, said
            assert "Поиск" not in said and "розыгрыш" not in said    # plain words, no search jargon
            expect(app.loc(".app-hint")).to_contain_text(f"На доске выделено действие: {words}",
                                                         timeout=STEP_MS)
            save_screenshot(page, "vs_computer_berserk_hint_1280_ru")
            hinted = True
        end = app.button("Закончить ход")
        ready = app.button("Готово")
        buys = app.loc(".app-list button").filter(has_text=re.compile(r"^\s*Купить"))
        if end.count() and end.is_visible():
            app.act(lambda: end.click(timeout=5000))
        elif buys.count() and app.loc(".app-squad").inner_text().count("«") < 2:
            app.act(lambda: buys.first.click(timeout=5000))
        elif ready.count() and ready.is_visible() and "набор" in app.status():
            app.act(lambda: ready.click(timeout=5000))
        else:
            app.act(lambda: app.apply_from_list(opts[0]))
        moves += 1
        assert time.monotonic() - started < GAME_S and moves < 60
    assert hinted and placed
    print("berserk game", moves, round(time.monotonic() - started, 1), "stale reads:", app.stale)
    assert len(app.stale) <= 2, app.stale
    expect(app.loc(".app-status")).to_contain_text("Партия окончена")
    expect(app.loc(".app-message")).not_to_contain_text("Traceback")
    save_screenshot(page, "vs_computer_berserk_over_1280_ru")
    assert_no_errors(page)

    # a deliberately bad move: finishing the squad with no cards; the analysis marks it
    app.new_game(6, short=False)
    assert app.my_turn("A")
    app.button("Ходить первым").click()
    assert app.my_turn("A")
    app.button("Готово").click()
    app.button("Да, закончить без карт").click()
    expect(app.loc(".app-status")).to_contain_text("Партия окончена", timeout=STEP_MS)
    print("bad game", round(time.monotonic() - started, 1))
    app.fold("Просмотр партии").click()
    # the upload shows its label only, without FileUpload's "(0)" counter (the class file-open)
    upload = app.loc(".widget-upload.file-open").first
    expect(upload).to_be_visible(timeout=STEP_MS)
    size, after, title = upload.evaluate(
        "el => [getComputedStyle(el).fontSize, getComputedStyle(el, '::after').content, el.title]")
    assert size == "0px" and after not in ("none", "normal", "") and title == "Открыть файл партии…"
    app.loc("button.bot-analyse").click()
    options = app.loc(".bot-moves select option")
    expect(options.first).to_be_attached(timeout=STEP_MS)
    bad = options.filter(has_text=re.compile(r"^2\.\sA:\sГотово\s\?"))
    expect(bad).to_have_count(1, timeout=STEP_MS)
    assert re.search(r"(грубая ошибка|ошибка): −\d+% шанса на победу; лучше было: Купить",
                     bad.inner_text().replace("\xa0", " "))
    print("analysed", round(time.monotonic() - started, 1))
    app.loc(".bot-moves select").select_option(index=1)
    expect(app.loc("b").filter(has_text=re.compile(r"^Шаг 2 из \d+"))).to_have_count(1, timeout=STEP_MS)
    assert_no_errors(page)

    page.set_viewport_size({"width": 1024, "height": 768})
    app.loc("button").filter(has_text="English").first.click()
    expect(app.loc(".bot-moves select option").nth(1)).to_contain_text(re.compile(r"2\.\sA:\sDone\s\?"),
                                                                       timeout=STEP_MS)
    app.loc(".bot-review-title").scroll_into_view_if_needed()
    save_screenshot(page, "vs_computer_berserk_review_1024_en")
    app.loc("button").filter(has_text="Русский").first.click()
    expect(app.loc(".bot-review-title")).to_contain_text("Разобрано ходов:", timeout=STEP_MS)
    page.evaluate("() => { const s = document.querySelector('#rendered_cells'); if (s) s.scrollTop = 0; }")
    save_screenshot(page, "vs_computer_berserk_over_1024_ru")
    assert_no_errors(page)


def district_point(page, app: Page, d: int) -> tuple[float, float]:
    """Where district `d` is on the page's canvas (the map's geometry from a mirror scene)."""
    scene = CityController(city_game(players=2, seed=1)).scene()
    x, y = centre(scene, f"district:{d}")
    canvas = app.loc("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    return box["x"] + x * box["width"] / scene.width, box["y"] + y * box["height"] / scene.height


def test_city_against_the_computer_whole_game_hint_and_analysis(page, open_notebook):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_notebook(CITY, lang="en")
    app = Page(page, ".city-app", "en")
    app.new_game(7, short=True)
    app.against("easy", "Player A")
    started = time.monotonic()
    moves, hinted = 0, False
    while app.my_turn("Player A"):
        opts = app.options()
        picks = [o for o in opts if o.startswith("Start in district ")]
        captures = [o for o in opts if o.startswith("Capture district ")]
        if picks:                                   # the start district: a click on the canvas
            d = int(picks[0].split()[-1])
            x, y = district_point(page, app, d)
            app.act(lambda: page.mouse.click(x, y))
        elif captures and not hinted:
            words = app.hint()
            assert words in opts
            expect(app.loc(".app-hint")).to_contain_text(f"Shown on the board: {words}", timeout=STEP_MS)
            save_screenshot(page, "vs_computer_city_hint_1024_en")
            hinted = True
            continue
        elif captures and moves % 3 == 0:
            app.act(lambda: app.apply_from_list(captures[0]))
        else:
            for name in ("Draw the event card", "Collect the income", "End the turn"):
                b = app.button(name)
                if b.count() and b.is_visible():
                    app.act(lambda: b.click(timeout=5000))
                    break
            else:
                app.act(lambda: app.apply_from_list(opts[0]))
        moves += 1
        assert time.monotonic() - started < GAME_S and moves < 80
    assert hinted
    print("city game", moves, round(time.monotonic() - started, 1), "stale reads:", app.stale)
    assert len(app.stale) <= 2, app.stale
    expect(app.loc(".app-status")).to_contain_text("Game over")
    assert_no_errors(page)
    expect(app.loc(".app-title")).to_have_text("Battle for the City — playing the computer")
    # the analysis shows its progress and can be cancelled: the position and the list unchanged
    app.fold("Review the game").click()
    status = app.status()
    app.loc("button.bot-analyse").click()
    expect(app.loc(".bot-progress")).to_contain_text("The computer is reviewing the game…", timeout=STEP_MS)
    # the same progress and a Cancel where the analysis was asked for, in sight there; Cancel at
    # once: a short City game is reviewed in about a second of CPU (the screenshots come after)
    expect(app.loc(".bot-review-progress")).to_contain_text("The computer is reviewing the game…")
    expect(app.loc(".bot-review-progress")).to_be_in_viewport()
    app.loc("button.bot-review-cancel").click()
    expect(app.loc(".app-message")).to_contain_text("Stopped. The position has not changed.", timeout=STEP_MS)
    save_screenshot(page, "vs_computer_city_stopped_1024_en")
    expect(app.loc(".bot-progress")).to_have_count(0)
    expect(app.loc(".bot-review-progress")).to_have_count(0)
    assert app.status() == status and not app.loc(".bot-moves select option").count()
    # the analysis of the whole game: every move listed, a summary of the marks
    app.loc("button.bot-analyse").click()
    expect(app.loc(".bot-review-title")).to_contain_text("Moves reviewed:", timeout=60_000)
    n = app.loc(".bot-moves select option").count()
    assert n > 20
    page.set_viewport_size({"width": 1280, "height": 800})
    app.loc("button").filter(has_text="Русский").first.click()
    expect(app.loc(".bot-review-title")).to_contain_text("Разобрано ходов:", timeout=STEP_MS)
    expect(app.loc(".bot-box")).to_contain_text("Соперник")
    expect(app.loc(".app-title")).to_have_text("Битва за Город — игра с компьютером")
    app.loc(".bot-review-title").scroll_into_view_if_needed()
    save_screenshot(page, "vs_computer_city_review_1280_ru")
    assert_no_errors(page)
