"""The start page: the map of lessons (from the lesson files) with the student's progress from
the browser, and the apps. One language at a time; every link keeps ?lang."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from berserk_kernel.core.errors import DataError

from .i18n import normal_lang, page_lang
from .lesson_data import lesson_ids, load_lesson
from .lesson_words import score_words, stages_done, w
from .progress import ProgressStore

APPS = (("20_berserk_hotseat", "app_20"), ("30_city_hotseat", "app_30"), ("40_scenario_explorer", "app_40"),
        ("50_openspiel", "app_50"))

CSS = """<style>
.start-page{max-width:900px}
.start-page h2{margin:6px 0}
.start-lessons{display:flex;flex-direction:column;gap:6px;margin:6px 0 12px 0}
.start-lesson{display:flex;align-items:center;gap:12px;border:1px solid #ccc;border-radius:6px;padding:8px 12px;
  text-decoration:none;color:#222;background:#fff}
.start-lesson:hover{background:#EEF5FB}
.start-lesson .num{font-size:22px;font-weight:700;color:#0072B2;min-width:34px}
.start-lesson .body{flex:1}
.start-lesson .title{font-weight:600;font-size:15px}
.start-lesson .summary{font-size:13px;color:#444}
.start-lesson .state{font-size:13px;min-width:150px;text-align:right;color:#555}
.start-lesson.done .state{color:#009E73;font-weight:600}
.start-apps a{display:inline-block;margin:0 8px 8px 0;padding:8px 12px;border-radius:4px;background:#0072B2;
  color:#fff;text-decoration:none;font-weight:600}
</style>"""


def lesson_state(lesson, entry: dict | None, lang: str) -> tuple[str, str]:
    """(css class, words) of a lesson's state in the progress store."""
    n = len(lesson.stages)
    if not entry:
        return "", w("not_started", lang)
    stages = entry.get("stages", {})
    ids = [s.id for s in lesson.stages]
    done = [stages[i] for i in ids if stages.get(i, {}).get("done")]
    if entry.get("done") or len(done) == n:
        mistakes = sum(int(s.get("mistakes", 0)) for s in done)
        hints = sum(int(s.get("hints", 0)) for s in done)
        return "done", f"{w('done', lang)} · {score_words(mistakes, hints, lang)}"
    if not done:
        return "", w("not_started", lang)
    return "progress", stages_done(len(done), n, lang)


class StartPage:
    def __init__(self, lang: str | None = None, store: ProgressStore | None = None):
        self.lang = normal_lang(lang) if lang else page_lang()
        self.store = store if store is not None else ProgressStore()
        self.lessons, self.errors = [], []
        for lid in lesson_ids():
            try:
                self.lessons.append(load_lesson(lid))
            except DataError as e:
                self.errors.append(e)
        self.toggle = W.ToggleButtons(options=[("Русский", "ru"), ("English", "en")], value=self.lang,
                                      style={"button_width": "72px"})
        self.toggle.observe(self._on_lang, names="value")
        self.title = W.HTML()
        self.body = W.HTML()
        header = W.HBox([self.title, self.toggle], layout=W.Layout(justify_content="space-between",
                                                                   align_items="center", flex_flow="row wrap"))
        self.widget = W.VBox([W.HTML(CSS), self.store, header, self.body], layout=W.Layout(width="100%"))
        self.widget.add_class("start-page")
        self.store.on_loaded(lambda _data: self.render())
        self.render()

    def _on_lang(self, change) -> None:
        self.lang = change["new"]
        self.render()

    def render(self) -> None:
        lang = self.lang
        progress = self.store.data["lessons"] if self.store.loaded else {}
        self.title.value = f"<h2>{escape(w('start_title', lang))}</h2>"
        rows = []
        for lesson in self.lessons:
            cls, state = lesson_state(lesson, progress.get(lesson.id), lang)
            if not self.store.loaded:
                state = w("loading", lang)
            rows.append(
                f"<a class='start-lesson {cls}' data-lesson='{escape(lesson.id)}' href='{escape(lesson.id)}.ipynb?lang={lang}'>"
                f"<span class='num'>{int(lesson.id[:2])}</span>"
                f"<span class='body'><span class='title'>{escape(lesson.text('title', lang))}</span><br>"
                f"<span class='summary'>{escape(lesson.text('summary', lang))}</span></span>"
                f"<span class='state'>{escape(state)}</span></a>")
        for e in self.errors:
            rows.append(f"<div class='start-error'>{escape(str(e))}</div>")
        apps = "".join(f"<a href='{nb}.ipynb?lang={lang}'>{escape(w(key, lang))}</a>" for nb, key in APPS)
        self.body.value = (f"<p>{escape(w('start_intro', lang))}</p>"
                           f"<h3>{escape(w('lessons', lang))}</h3><div class='start-lessons'>{''.join(rows)}</div>"
                           f"<h3>{escape(w('apps', lang))}</h3><div class='start-apps'>{apps}</div>")


def start_page(lang: str | None = None):
    """The widget of notebooks/00_start_here.ipynb."""
    return StartPage(lang).widget
