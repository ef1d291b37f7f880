"""The lesson page: the app (board first) with the objective, feedback and lesson buttons.

    from widgets.lesson import lesson_page
    lesson_page("01_field_and_zones")       # the widget a lesson notebook displays

The lesson itself is data (widgets/lessons/<id>.toml, docs/lessons.md); the flow is
`widgets.lesson_engine.LessonEngine`; this module only shows it and routes the board to it.
Progress goes to the browser's localStorage (`widgets.progress.ProgressStore`).
"""
from __future__ import annotations

import re
from html import escape

import ipywidgets as W

from .app_parts import guarded
from .berserk_app import BerserkApp
from .bot_advice import why_words, without_label
from .city_app import CityApp
from .i18n import normal_lang, page_lang
from .lesson_data import GAMES, Lesson, load_lesson
from .lesson_engine import Feedback, LessonEngine
from .lesson_link import linked_page
from .lesson_map import start_page
from .lesson_words import TWO_STARS_AT_MOST, score_words, stars, stars_text, w
from .progress import ProgressStore

__all__ = ["lesson_page", "start_page", "LessonPage", "md_html"]

CSS = """<style>
.lesson-objective{font-size:18px;font-weight:600;line-height:1.3;margin:2px 0 4px 0}
.lesson-stage{font-size:12px;color:#555}
.lesson-box{border-left:5px solid #0072B2;background:#EEF5FB;padding:6px 10px;margin:0 0 6px 0}
.lesson-ok{border-left:5px solid #009E73;background:#E9F7F1;padding:6px 10px;margin:0 0 6px 0;font-size:13px}
.lesson-bad{border-left:5px solid #D55E00;background:#FCEEE6;padding:6px 10px;margin:0 0 6px 0;font-size:13px}
.lesson-note{border-left:5px solid #999;background:#F4F4F4;padding:6px 10px;margin:0 0 6px 0;font-size:13px}
.lesson-rules{margin:4px 0 0 0;padding-left:18px;font-size:12px}
.lesson-stars{font-size:30px;line-height:1.1;color:#B07800;letter-spacing:3px}
.lesson-stars-rule{font-size:12px;color:#555;margin-top:4px}
.lesson-dots{margin:0 8px;gap:0}
.lesson-dots-label{font-size:12px;color:#555;margin-right:2px}
.lesson-dots .lesson-dot{min-width:0;width:24px;height:26px;padding:0;margin:0;font-size:20px;line-height:24px;
  background:transparent;box-shadow:none;color:#0072B2}
.lesson-dots .lesson-dot:hover{background:#EEF5FB}
.lesson-dots .lesson-dot.lesson-dot-ahead{color:#999;cursor:default}
.lesson-dots .lesson-dot.lesson-dot-ahead:hover{background:transparent}
.lesson-links a{display:inline-block;margin:6px 8px 0 0;padding:6px 12px;border-radius:4px;text-decoration:none;
  background:#0072B2;color:#fff;font-weight:600}
.lesson-links a.secondary{background:#e6e6e6;color:#222}
</style>"""


def md_html(text: str) -> str:
    """A small, safe markdown: paragraphs, `- ` lists, **bold**, *italic*, `code`. Everything is
    escaped first, so no HTML of the lesson file reaches the page."""
    def inline(s):
        s = escape(s)
        s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
        s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)", r"<i>\1</i>", s)
        return re.sub(r"`(.+?)`", r"<code>\1</code>", s)

    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if lines and all(ln.startswith(("- ", "* ")) for ln in lines):
            out.append("<ul>" + "".join(f"<li>{inline(ln[2:])}</li>" for ln in lines) + "</ul>")
        elif lines:
            out.append("<p>" + inline(" ".join(lines)) + "</p>")
    return "".join(out)


class _LessonFrame:
    """The app in lesson mode: no set-up row (a new game would replace the lesson's board), and
    the lesson's feedback speaks for the controller's "done" and "refused" messages. The game's
    prompt buttons are plain: no button is louder than the stage's objective (a teal «End turn»
    next to a grey «Hint» was pressed by learners whose objective was a move on the board)."""

    PROMPT_STYLE = ""

    def top_rows(self, header) -> list:
        return [header]

    lesson_page = None

    def refresh(self) -> None:
        if self.lesson_page is not None:
            self.lesson_page.flush()
        m = self.controller.message
        if m is not None and m.kind in ("done", "illegal"):
            self.controller.message = None
        super().refresh()


class LessonBerserkApp(_LessonFrame, BerserkApp):
    @guarded
    def _on_hand(self, key) -> None:
        """A card of the deal that cannot be bought (✕) is a purchase the student may TRY in a
        lesson: the kernel refuses it with its rule (a "try the forbidden" stage) and the lesson
        explains the refusal."""
        what, uid = key
        c = self.controller
        if what == "none" and c.state.phase == "build" and c.seat is not None:
            c.apply(f"buy #{uid}")
            self.refresh()
            return
        super()._on_hand(key)


class LessonCityApp(_LessonFrame, CityApp):
    pass


APPS = {"berserk": LessonBerserkApp, "city": LessonCityApp}


def lesson_number(lesson_id: str) -> int:
    return int(lesson_id[:2])


class LessonPage:
    """A lesson as widgets: `widget` is what the notebook shows."""

    def __init__(self, lesson: Lesson, lang: str | None = None, store: ProgressStore | None = None):
        self.lesson = lesson
        self.engine = LessonEngine(lesson)
        self.app = APPS[lesson.game](self.engine.state, lang=normal_lang(lang) if lang else page_lang())
        self.controller = self.app.controller
        self.store = store if store is not None else ProgressStore()
        self._refusing = False
        self._deferred = None
        self.app.lesson_page = self
        self.engine.perform = self._perform
        self.engine.listeners.append(lambda _e: self.render())
        self.engine.state_listeners.append(self._on_new_state)
        self.engine.progress_listeners.append(self._save)
        self.controller.listeners.append(lambda _c: self.engine.on_change())
        refusals = getattr(self.controller, "refusal_listeners", None)
        if refusals is not None:
            refusals.append(self._on_refused)
        self.controller.redo_allowed = self.engine.can_redo
        self.controller.set_viewer(self.engine.stage.seat)

        self.style = W.HTML(CSS)
        self.success_html = W.HTML()
        self.objective_html = W.HTML()
        self.feedback_html = W.HTML()
        self.hint_button = W.Button(layout=W.Layout(width="auto"))
        self.show_button = W.Button(layout=W.Layout(width="auto"))
        self.restart_button = W.Button(layout=W.Layout(width="auto"))
        self.again_button = W.Button(layout=W.Layout(width="auto", display="none"))
        for b, name in ((self.hint_button, "hint"), (self.show_button, "show"),
                        (self.restart_button, "restart"), (self.again_button, "again")):
            b.add_class(f"lesson-{name}")
        self.hint_button.add_class("hint-button")      # the secondary button: the way out when stuck
        self.hint_button.on_click(lambda _b: self._guard(self._on_hint))
        self.show_button.on_click(lambda _b: self._guard(self._on_show))
        self.restart_button.on_click(lambda _b: self._guard(self._on_restart))
        self.again_button.on_click(lambda _b: self._guard(self._on_again))
        self.buttons = W.HBox([self.hint_button, self.show_button, self.restart_button, self.again_button],
                              layout=W.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.stage_more_html = W.HTML()
        self.stage_more = W.Accordion(children=[self.stage_more_html])
        self.stage_more.selected_index = None
        self.end_html = W.HTML()
        self.dots = []                     # one button per stage: a reached stage's dot goes back to it
        for i, _stage in enumerate(lesson.stages):
            dot = W.Button(layout=W.Layout(width="24px"))
            dot.add_class("lesson-dot")
            dot.add_class(f"lesson-dot-{i + 1}")
            dot.on_click(lambda _b, i=i: self._guard(lambda: self._on_dot(i)))
            self.dots.append(dot)
        self.dots_label = W.HTML()
        self.dots_box = W.HBox([self.dots_label] + self.dots, layout=W.Layout(align_items="center"))
        self.dots_box.add_class("lesson-dots")
        self._reached = 0                  # the furthest stage the student has been at on this page
        self.lesson_more_html = W.HTML()

        self.app.title_override = self._title
        # during a stage the buttons come under the objective; on the end screen the links (the
        # next lesson first) come before «Play again»
        self._top_playing = (self.style, self.success_html, self.objective_html, self.buttons,
                             self.feedback_html, self.end_html, self.stage_more)
        self._top_end = (self.style, self.success_html, self.objective_html, self.feedback_html,
                         self.end_html, self.buttons, self.stage_more)
        self.app.side_top.children = self._top_playing
        self.app.header_extra.children = [self.dots_box]
        self._side_children = tuple(self.app.side.children)   # the game's own panels below side_top
        if lesson.more:
            self.app.add_fold(lambda lang: w("lesson_more", lang), self.lesson_more_html)
        self.app.lang_toggle.observe(lambda _ch: self.render(), names="value")
        self.widget = W.VBox([self.store, self.app], layout=W.Layout(width="100%"))
        self.widget.add_class("lesson-page")
        self.app.refresh()
        self.render()
        self._resumed = False
        self.store.on_loaded(self._resume)

    def _resume(self, data: dict) -> None:
        """Once the browser's progress is here: a lesson left half-way goes on from its first
        stage not done (the stages done keep their score); a new or finished one starts over."""
        if self._resumed:
            return
        self._resumed = True
        entry = data.get("lessons", {}).get(self.lesson.id)
        e = self.engine
        if not entry or e.index != 0 or e.since() or e.finished:
            return
        done = {sid: s for sid, s in entry.get("stages", {}).items() if s.get("done")}
        ids = [st.id for st in self.lesson.stages]
        first = next((i for i, sid in enumerate(ids) if sid not in done), None)
        if first is None or first == 0:
            return
        for sid, s in done.items():
            if sid in e.scores:
                score = e.scores[sid]
                score.done, score.mistakes, score.hints = True, int(s.get("mistakes", 0)), int(s.get("hints", 0))
        self._guard(lambda: self._go(first))

    def _go(self, index: int) -> None:
        self.engine.go_to(index)
        self._go_shown()

    def _go_shown(self) -> None:
        """Show the stage the engine has just started."""
        self.controller.reset(self.engine.state)
        self.controller.set_viewer(self.engine.stage.seat)
        self.app.refresh()
        self.render()

    # --- routing ------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return normal_lang(self.controller.lang)

    def _guard(self, fn) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - a button must never leave a traceback on the page
            self.app.show_exception(exc)

    def _perform(self, action: str) -> None:
        self.controller.apply(action)

    def _on_new_state(self, engine, state) -> None:
        if self._refusing:
            # the controller is still inside the refused click: it gets the new board when the
            # click is over (at the app's refresh), so it says nothing more about the old one
            self._deferred = state
            return
        self.controller.reset(state)
        self.controller.set_viewer(engine.stage.seat)

    def flush(self) -> None:
        """Hand the controller a board the engine started during a refusal."""
        state, self._deferred = self._deferred, None
        if state is not None and state is self.engine.state:
            self.controller.reset(state)
            self.controller.set_viewer(self.engine.stage.seat)

    def _on_refused(self, _controller, message) -> None:
        self._refusing = True
        try:
            self.engine.on_refused(getattr(message, "rule_id", ""), getattr(message, "ru", ""),
                                   getattr(message, "en", ""))
        finally:
            self._refusing = False
        if self.controller.tried is not None:   # the forbidden action was tried: no longer lit
            self.controller.consider(None)

    def _save(self, engine) -> None:
        self.store.record(self.lesson.id, engine.progress())

    def _on_hint(self) -> None:
        nxt = self.engine.hint()
        if nxt is not None:
            h = self.engine.feedback.hint
            try:
                self.controller.consider(nxt, tried=h is not None and h.source == "try")
            except Exception:  # noqa: BLE001 - an action we cannot light is still named in words
                pass
        self.app.refresh()

    def _on_show(self) -> None:
        self.engine.show()
        self.app.refresh()
        self.render()

    def _on_restart(self) -> None:
        self.engine.restart()
        self.controller.reset(self.engine.state)
        self.controller.set_viewer(self.engine.stage.seat)
        self.app.refresh()
        self.render()

    def _on_again(self) -> None:
        self.engine.start_over()
        self._go_shown()

    def reached(self, index: int) -> bool:
        """May the student go back to stage `index` by its dot: a stage done, the current one, or
        one already reached on this page; a later stage stays closed."""
        e = self.engine
        return e.scores[self.lesson.stages[index].id].done or index <= max(e.index, self._reached)

    def _on_dot(self, index: int) -> None:
        if not self.reached(index):
            return
        self._go(index)

    def act(self, action: str) -> bool:
        """What a click that means `action` does (tests, nbval)."""
        ok = self.controller.apply(action)
        self.app.refresh()
        return ok

    # --- words --------------------------------------------------------------------------------
    def _title(self, lang: str) -> str:
        return f"{w('lesson_n', lang, n=lesson_number(self.lesson.id))}. {self.lesson.text('title', lang)}"

    def label(self, action: str, lang: str) -> str:
        try:
            return self.controller.action_label(GAMES[self.lesson.game].parse(action), lang)
        except Exception:  # noqa: BLE001 - an action the app cannot name is written in notation
            return action

    def _rules_html(self, rule_ids, lang: str) -> str:
        reg = GAMES[self.lesson.game].rules
        items = []
        for rid in rule_ids:
            if rid in reg:
                r = reg[rid]
                items.append(f"<li><b>{escape(rid)}</b> — {escape(r.text.get(lang))}</li>")
        return f"<ul class='lesson-rules'>{''.join(items)}</ul>" if items else ""

    def feedback_block(self, fb: Feedback, lang: str) -> str:
        """The HTML of one event of the lesson."""
        said = escape(fb.words.get(lang, "")) if fb.words else ""
        kind = fb.kind
        if kind == "partial" or kind == "shown":
            head = w("partial", lang) if kind == "partial" else w("shown", lang, what=self.label(fb.action, lang))
            extra = ""
            answers = self._answers(lang)
            if answers:
                extra = " " + escape(w("answered", lang, what=answers))
            return f"<div class='lesson-ok lesson-partial'>{escape(head)}{extra}</div>"
        if kind == "wrong":
            text = said or escape(w("wrong_generic", lang))
            key = "rule_logged" if len(fb.rule_ids) == 1 else "rules_logged"       # «Правило: BR-9.1.»
            rules = (" " + escape(w(key, lang, ids=", ".join(fb.rule_ids)))) if fb.rule_ids else ""
            return (f"<div class='lesson-bad lesson-wrong'><b>{escape(w('wrong', lang, what=self.label(fb.action, lang)))}</b> "
                    f"{text}{rules}<br>{escape(w('taken_back', lang))}</div>")
        if kind == "refused":
            msg = escape((fb.message or {}).get(lang, ""))
            rid = f" ({escape(fb.rule_ids[0])})" if fb.rule_ids else ""
            return (f"<div class='lesson-bad lesson-refused'><b>{escape(w('refused', lang))}</b> {msg}{rid} "
                    f"{escape(w('nothing_changed', lang))}</div>")
        if kind == "hint":
            return self.hint_block(fb, said, lang)
        if kind in ("restart", "undone"):
            return f"<div class='lesson-note'>{escape(w('restarted' if kind == 'restart' else 'undone', lang))}</div>"
        return ""

    def hint_block(self, fb: Feedback, said: str, lang: str) -> str:
        """The hint: the lesson's tip, the action lit on the board, why (odds, rules)."""
        h = fb.hint
        parts = [f"<b>{escape(w('hint_head', lang))}</b> {said}"]
        if fb.action:
            lit = escape(w("hint_action", lang, what="\x00")).replace("\x00", f"<b>{escape(self.label(fb.action, lang))}</b>")
            parts.append(f"<span class='lesson-hint-action'>{lit}</span>")
        named = self.label(fb.action, lang) if fb.action else ""
        lines = [without_label(p.get(lang, ""), named) for p in h.parts] if h is not None else []
        if h is not None and h.advice is not None:
            lines.append(why_words(h.advice, h.odds, lambda a, lg: self.label(str(a), lg), lang))
        lines = [escape(x) for x in lines if x]
        if lines:
            lines[0] = f"<b>{escape(w('hint_why', lang))}</b> {lines[0]}"
            parts.append("<span class='lesson-hint-why'>" + "<br>".join(lines) + "</span>")
        rules = self._rules_html(fb.rule_ids, lang)
        return f"<div class='lesson-note lesson-hint-text'>{'<br>'.join(parts)}{rules}</div>"

    def _answers(self, lang: str) -> str:
        e = self.engine
        acts = e.state.actions
        tail = []
        i = len(acts) - 1
        while i >= e.start and i in e.auto:
            tail.append(self.label(str(acts[i]), lang))
            i -= 1
        return "; ".join(reversed(tail))

    def success_block(self, fb: Feedback, lang: str) -> str:
        said = f" {escape(fb.words.get(lang, ''))}" if fb.words else ""
        return (f"<div class='lesson-ok lesson-success'><b>{escape(w('success', lang))}</b>{said}"
                f"{self._rules_html(fb.rule_ids, lang)}</div>")

    # --- rendering ----------------------------------------------------------------------------
    def render(self) -> None:
        e, lang, lesson = self.engine, self.lang, self.lesson
        n = len(lesson.stages)
        self._reached = max(self._reached, e.index)
        self._render_dots(lang)
        self.lesson_more_html.value = md_html(lesson.text("more", lang)) if lesson.more else ""
        shown = e.last_success is not None and (e.feedback is e.last_success or e.finished)
        self.success_html.value = self.success_block(e.last_success, lang) if shown else ""
        self.hint_button.description = w("hint", lang)
        self.show_button.description = w("show", lang)
        self.restart_button.description = w("restart", lang)
        self.again_button.description = w("again", lang)
        # the end screen is the score and the links only: the game's panels leave the side panel
        side = (self.app.side_top,) if e.finished else self._side_children
        if tuple(self.app.side.children) != side:
            self.app.side.children = side
        self.app.hint_html.layout.display = "none" if e.finished else None   # «lit: ...» under the board
        if e.finished:
            self._render_end(lang)
            return
        stage = e.stage
        self.objective_html.value = (
            f"<div class='lesson-box'><div class='lesson-stage'>{escape(w('stage_of', lang, k=e.index + 1, n=n))}</div>"
            f"<div class='lesson-objective'>{escape(stage.text('objective', lang))}</div></div>")
        fb = e.feedback
        self.feedback_html.value = self.feedback_block(fb, lang)
        for b in (self.hint_button, self.show_button, self.restart_button):
            b.layout.display = None
        self.again_button.layout.display = "none"
        self.end_html.value = ""
        self.app.actions_hidden = False
        self.app.sync_action_fold()
        if tuple(self.app.side_top.children) != self._top_playing:
            self.app.side_top.children = self._top_playing
        if stage.more:
            self.stage_more_html.value = md_html(stage.text("more", lang))
            self.stage_more.set_title(0, w("more", lang))
            self.stage_more.layout.display = None
        else:
            self.stage_more.layout.display = "none"

    def _render_dots(self, lang: str) -> None:
        e = self.engine
        self.dots_label.value = f"<span class='lesson-dots-label'>{escape(w('stages', lang))}</span>"
        for i, (stage, dot) in enumerate(zip(self.lesson.stages, self.dots)):
            current = i == e.index and not e.finished
            done = e.scores[stage.id].done
            dot.description = "◉" if current else ("●" if done else "○")
            key = ("dot_current" if current else "dot_done" if done
                   else "dot_reached" if self.reached(i) else "dot_ahead")
            dot.tooltip = w(key, lang, k=i + 1)
            if key == "dot_ahead":
                dot.add_class("lesson-dot-ahead")
            else:
                dot.remove_class("lesson-dot-ahead")

    def _render_end(self, lang: str) -> None:
        e = self.engine
        mistakes, hints = e.totals()
        score = score_words(mistakes, hints, lang)
        perfect = f"<br>{escape(w('perfect', lang))}" if mistakes == 0 and hints == 0 else ""
        n = stars(mistakes, hints)           # the stars follow the mistakes and hints
        said = escape(w(f"stars_{n}", lang))
        self.objective_html.value = (
            f"<div class='lesson-ok lesson-done' data-stars='{n}'>"
            f"<div class='lesson-stars' role='img' aria-label='{said}' title='{said}'>{stars_text(n)}</div>"
            f"<div class='lesson-objective'>{escape(w('lesson_done', lang))}</div>{escape(score)}{perfect}"
            f"<div class='lesson-stars-rule'>{escape(w('stars_rule', lang, k=TWO_STARS_AT_MOST))}</div></div>")
        self.feedback_html.value = ""
        links = []
        if self.lesson.next:
            links.append(f"<a class='lesson-next' href='{escape(self.lesson.next)}.ipynb?lang={lang}'>"
                         f"{escape(w('next_lesson', lang))}</a>")
        links.append(f"<a class='lesson-map secondary' href='00_start_here.ipynb?lang={lang}'>{escape(w('to_map', lang))}</a>")
        self.end_html.value = f"<div class='lesson-links'>{''.join(links)}</div>"
        for b in (self.hint_button, self.show_button, self.restart_button):
            b.layout.display = "none"
        self.again_button.layout.display = None
        self.stage_more.layout.display = "none"
        self.app.actions_hidden = True                     # nothing left to do: no empty action list
        self.app.sync_action_fold()
        if tuple(self.app.side_top.children) != self._top_end:
            self.app.side_top.children = self._top_end


def lesson_page(lesson_id: str, lang: str | None = None):
    """The widget of a lesson notebook. A bad lesson file shows its error (file and field)."""
    from berserk_kernel.core.errors import DataError
    try:
        lesson = load_lesson(lesson_id)
    except DataError as e:
        lang = normal_lang(lang) if lang else page_lang()
        where = f"{e.source}: {e.field}" if e.field else e.source
        return W.HTML(f"<div class='lesson-bad'><b>{escape(where)}</b>: {escape(e.text(lang))}</div>")
    lang = normal_lang(lang) if lang else page_lang()
    linked = linked_page(lesson_id, lambda ln: lesson.text("title", ln), lang,   # ?pos=: widgets/lesson_link.py
                         lesson_widget=lambda: LessonPage(lesson, lang).widget)
    return linked if linked is not None else LessonPage(lesson, lang).widget
