"""Helpers for the browser tests of the lesson pages: a lesson open in Chromium and its MIRROR, the
same `widgets.lesson.LessonPage` built in this process. The mirror says where to click (hit shapes
of the scene it draws, buttons of its side panel) and what the page must show after each click;
it receives the same clicks, so both stay in step (the dice are the kernel's seeded dice).

Every click on the page (`LessonInBrowser.click`) waits before it until the page shows the stage
the mirror is at and its side panel has stopped changing, and after it until the click has reached
the kernel and the kernel has answered every request of the page (voila_app.wait_kernel_answered);
only then does the mirror get the same click. A canvas click is Playwright's click on the canvas
element at a point (it waits until the canvas stands still and checks the point is on it), not a
mouse event at coordinates read earlier: under load the page may still move between the two.

How an action of the lesson's solution becomes clicks (`plan`):
  1. canvas clicks: the action's card, its targets, its cell (Berserk) or districts (City), tried
     first on a throw-away controller over a copy of the state;
  2. when the clicks leave a choice (several actions for one click, a prompt for a selected card,
     a number of forces), the button of the side panel that stands for the action;
  3. a card off the board is selected with its button in the list beside the board;
  4. otherwise: the fold «All legal actions», the action picked in its list, «Apply».
"""
from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import expect

from berserk_kernel.berserk.field import cell_name
from voila_app import centre, kernel_sent, open_app, wait_kernel_answered, watch_kernel
from widgets.i18n import w as app_w
from widgets.lesson import LessonPage
from widgets.lesson_data import GAMES, load_lesson
from widgets.lesson_words import w

STEP_MS = 30_000
STABLE_FRAMES = 3      # animation frames in a row with the same side panel and board before a click
STABLE_MS = 120        # ... spanning at least this long (widget messages come in bursts)

# true once the buttons of the side panel (text, disabled, shown) and the board's place on the
# screen have been the same for STABLE_FRAMES animation frames in a row spanning STABLE_MS;
# polled every frame by Playwright
_SIDE_STABLE_JS = """([frames, ms]) => {
  const side = document.querySelectorAll('.lesson-page .app-side button, .lesson-page .lesson-dots button');
  const board = document.querySelector('.lesson-page canvas');
  const r = board ? board.getBoundingClientRect() : null;
  const sig = Array.from(side, b => [b.textContent, b.disabled, b.offsetParent !== null].join('|')).join('\\n')
    + (r ? `\\n${r.left},${r.top},${r.width},${r.height}` : '');
  const now = performance.now();
  const st = window.__sideStable;
  if (!st || st.sig !== sig) { window.__sideStable = {sig: sig, n: 1, since: now}; return false; }
  st.n += 1;
  return st.n >= frames && now - st.since >= ms;
}"""


@dataclass
class Op:
    kind: str          # "tag" (canvas) | "select" (list button of a card) | "button" (by label) | "amount" | "fold"
    value: object      # the tag, the uid, the action
    label: str = ""


def _tags(game: str, a) -> list[str]:
    if game == "city":
        return [f"district:{d}" for d in ((a.src, a.dst) if a.src else (a.dst,)) if d]
    tags = []
    if a.card is not None:
        tags.append(f"card:{a.card}")
    tags += [f"card:{t}" for t in a.targets]
    if a.other is not None:
        tags.append(f"card:{a.other}")
    if a.cell is not None:
        tags.append(f"cell:{cell_name(a.cell)}")
    return tags


def _scene_tags(scene) -> set:
    return {getattr(s, "hit", None) for s in scene.shapes if getattr(s, "hit", None)}


class LessonInBrowser:
    def __init__(self, page, base_url: str, lesson_id: str, lang: str = "ru"):
        self.page, self.base_url, self.lang = page, base_url, lang
        self.lesson = load_lesson(lesson_id)
        self.game = self.lesson.game
        self.mirror = LessonPage(self.lesson, lang)
        self.app_class = ".berserk-app" if self.game == "berserk" else ".city-app"

    # --- the page ---------------------------------------------------------------------------
    def open(self) -> None:
        watch_kernel(self.page)
        open_ready(self.page, self.base_url, self.lesson.id, ".lesson-page .lesson-objective",
                   lang=None if self.lang == "ru" else self.lang)
        self.sync()

    def settle(self) -> None:
        """Before a click: the side panel's buttons and the board's place are the same for a few
        animation frames in a row (the widget messages of the last change have landed; a click
        does not hit a button being replaced, nor a board that is still moving)."""
        self.page.evaluate("() => { window.__sideStable = null; }")
        self.page.wait_for_function(_SIDE_STABLE_JS, arg=[STABLE_FRAMES, STABLE_MS], polling="raf", timeout=STEP_MS)

    def click(self, locator, what: str = "", **kwargs) -> None:
        """Click `locator` on the page (kwargs: Playwright's click options) and wait until the
        kernel has received the click and answered every request of the page."""
        sent = kernel_sent(self.page)
        assert sent >= 0, "the page's kernel requests are not watched (open the page with open())"
        locator.click(**kwargs)
        wait_kernel_answered(self.page, sent, STEP_MS, what or str(locator))

    def loc(self, selector: str):
        return self.page.locator(f".lesson-page {selector}")

    @property
    def engine(self):
        return self.mirror.engine

    @property
    def controller(self):
        return self.mirror.controller

    def sync(self) -> None:
        """The page shows the mirror's stage (or the end)."""
        e = self.engine
        if e.finished:
            expect(self.loc(".lesson-done")).to_be_visible(timeout=STEP_MS)
            return
        words = w("stage_of", self.lang, k=e.index + 1, n=len(self.lesson.stages))
        expect(self.loc(".lesson-stage").first).to_have_text(words, timeout=STEP_MS)
        expect(self.loc(".lesson-objective").first).to_have_text(e.stage.text("objective", self.lang), timeout=STEP_MS)

    def in_first_viewport(self, selector: str) -> None:
        box = self.loc(selector).first.bounding_box()
        vp = self.page.viewport_size
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= vp["height"] + 1, (selector, box, vp)
        assert box["x"] >= 0 and box["x"] + box["width"] <= vp["width"] + 1, (selector, box, vp)

    # --- planning an action -----------------------------------------------------------------
    def _scratch(self):
        c = self.controller
        s = type(c)(self.engine.state.copy(), self.lang)
        s.set_viewer(self.engine.stage.seat)
        for attr in ("selected",):
            if hasattr(c, attr):
                setattr(s, attr, getattr(c, attr))
        return s

    def plan(self, text: str) -> list[Op]:
        kind = GAMES[self.game]
        a = kind.parse(text)
        tags = _tags(self.game, a)
        refused = {g.args[0] for g in self.engine.stage.goals if g.kind == "refused"}
        hand = self._hand_key(("act", text))
        if hand is not None:
            return [Op("hand", ("act", text), hand)]
        if refused and self.game == "berserk" and a.kind == "buy":
            hand = self._hand_key(("none", a.card))
            if hand is not None:
                return [Op("hand", ("none", a.card), hand)]
        for start_select in (False, True):
            sc = self._scratch()
            ops: list[Op] = []
            n = len(sc.state.actions)
            todo = list(tags)
            first = todo[0] if todo else ""
            if getattr(sc, "selected", None) is not None and first.endswith(f":{sc.selected}"):
                todo = todo[1:]             # already selected: a click on it would deselect it
            if start_select:
                if self.game != "berserk" or a.card is None:
                    break
                sc.select(a.card)
                ops.append(Op("select", a.card))
                todo = todo[1:]
            ok = True
            for tag in todo:
                if len(sc.state.actions) > n:
                    break
                if tag not in _scene_tags(sc.scene()):
                    ok = False
                    break
                sc.message = None
                sc.click(tag)
                ops.append(Op("tag", tag))
                m = sc.message
                if m is not None and m.kind == "illegal" and m.rule_id in refused:
                    return ops          # a "try the forbidden" stage: the refusal is the goal
            if not ok:
                continue
            if len(sc.state.actions) == n + 1 and str(sc.state.actions[-1]) == text:
                return ops
            if len(sc.state.actions) > n:
                continue
            amount = getattr(sc, "amount", None)
            if amount is not None and amount.action() == a:
                return ops + [Op("amount", a)]
            p = sc.prompt()
            for label, pa in (p.actions if p else []):
                if not isinstance(pa, str) and str(pa) == text:
                    return ops + [Op("button", pa, label)]
        p = self._scratch().prompt()
        for label, pa in (p.actions if p else []):
            if not isinstance(pa, str) and str(pa) == text:
                return [Op("button", pa, label)]
        if refused:                 # try the forbidden: any click the kernel refuses with that rule
            for tag in sorted(_scene_tags(self._scratch().scene())):
                sc = self._scratch()
                sc.message = None
                sc.click(tag)
                m = sc.message
                if len(sc.state.actions) == len(self.engine.state.actions) and m is not None \
                        and m.kind == "illegal" and m.rule_id in refused:
                    return [Op("tag", tag)]
        return [Op("fold", a, self.controller.action_label(a, self.lang))]

    # --- doing it on both ---------------------------------------------------------------------
    def do(self, text: str) -> None:
        """Play `text` as the student, on the page by clicks and on the mirror."""
        for op in self.plan(text):
            self._op(op)
        self.mirror.app.refresh()

    def _op(self, op: Op) -> None:
        c = self.controller
        self.sync()          # the page is at the mirror's stage (the stage this click is planned on)
        self.settle()
        what = f"{self.lesson.id} stage {self.engine.stage.id}: {op.kind} {op.value}"
        if op.kind == "tag":
            scene = c.scene()
            x, y = centre(scene, op.value)
            canvas = self.loc(f"{self.app_class} canvas").first
            box = canvas.bounding_box()           # its size; the point is relative to the canvas
            assert box is not None, f"{what}: the board's canvas is not shown"
            self.click(canvas, what, position={"x": x * box["width"] / scene.width,
                                               "y": y * box["height"] / scene.height})
            c.click(op.value)
        elif op.kind == "hand":
            self.click(self._button(op.label), what)
            self.mirror.app._on_hand(op.value)
        elif op.kind == "select":
            self.click(self._button(self._hand_label(op.value)), what)
            c.select(op.value)
        elif op.kind == "button":
            self.click(self._button(op.label), what)
            c.choose(op.value) if hasattr(c, "choose") else c.apply(op.value)
        elif op.kind == "amount":
            expect(self.loc(".app-side .widget-slider, .app-side .jupyter-widget-slider").first).to_be_visible(timeout=STEP_MS)
            self.click(self._button(w_app("confirm", self.lang)), what)
            c.confirm_amount()
        else:
            self._fold_apply(op.value, op.label, what)
            c.apply(op.value)
        self.mirror.app.refresh()
        self.wait_idle()

    def _button(self, label: str):
        return self.loc(".app-side").get_by_role("button", name=label, exact=True).first

    def _hand_key(self, key):
        """The label of the list button (beside the board) standing for `key`, if one is shown."""
        app = self.mirror.app
        app.refresh()
        box = getattr(app, "hand_buttons", None)
        pool = getattr(app, "_hand_pool", None)
        if box is None or pool is None:
            return None
        shown = set(box.children)
        for (label, k), b in pool._pool.items():
            if k == key and b in shown and not b.disabled:
                return b.description
        return None

    def _hand_label(self, uid: int) -> str:
        label = self._hand_key(("select", uid))
        assert label is not None, f"no list button selects card #{uid}"
        return label

    def _fold_apply(self, action, label: str, what: str = "") -> None:
        folds = self.loc(".app-folds")
        select = self.loc(".app-actions select").first
        if not select.is_visible():   # the first fold holds the list of all legal actions
            self.click(folds.locator(".lm-AccordionPanel-title, .p-Collapse-header, .jupyter-widget-Collapse-header").first,
                       f"{what}: open the fold")
        expect(select).to_be_visible(timeout=STEP_MS)
        picked = select.evaluate("e => e.selectedIndex >= 0 ? e.options[e.selectedIndex].label : ''")
        if picked != label:           # picking the option already picked sends the kernel nothing
            sent = kernel_sent(self.page)
            select.select_option(label=label)
            wait_kernel_answered(self.page, sent, STEP_MS, f"{what}: pick {label!r}")
        self.settle()
        self.click(folds.get_by_role("button", name=w_app("apply", self.lang), exact=True).first, f"{what}: apply")

    def wait_idle(self) -> None:
        """The page's status line says what the mirror's does (the kernel has answered)."""
        status, hint = self.controller.status(), self.controller.hint()
        if status and not self.engine.finished:     # the end screen has no status line
            expect(self.loc(".app-status").first).to_have_text(status, timeout=STEP_MS)
        if hint:
            expect(self.loc(".app-hint").first).to_have_text(hint, timeout=STEP_MS)


def open_ready(page, base_url: str, name: str, selector: str, lang: str | None = None) -> None:
    """Open a notebook page and wait for `selector`. On a machine under heavy load the test
    server may cull a kernel whose page has not connected yet (cull_idle_timeout 30 s), and the
    page then shows the widgets' text form; such a page is opened once more (a new kernel)."""
    for attempt in (1, 2):
        open_app(page, base_url, name, lang=lang)
        try:
            page.locator(selector).first.wait_for(state="visible", timeout=STEP_MS)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: try once more, then fail
            if attempt == 2:
                raise
            # the errors of the dead page ("The model for kernel id ... does not exist") are not
            # the new page's
            getattr(page, "js_errors", []).clear()


def w_app(key: str, lang: str) -> str:
    return app_w(key, lang)
