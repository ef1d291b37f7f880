"""The start page: the map of lessons (from the lesson files) with the student's progress from
the browser, and the apps. One language at a time; every link keeps ?lang."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from berserk_kernel.core.errors import DataError

from .i18n import normal_lang, page_lang
from .lesson_data import lesson_ids, load_lesson
from .lesson_words import score_words, stages_done, stars, stars_text, w
from .progress import ProgressStore

# the apps of «Играть» (notebook, words key, a minor link: for the curious, not where to start)
APPS = (("20_berserk_hotseat", "app_20", False), ("30_city_hotseat", "app_30", False),
        ("40_scenario_explorer", "app_40", True), ("50_openspiel", "app_50", True))

CSS = """<style>
.start-page{max-width:1100px}
.start-page h2{margin:6px 0}
.start-page h3{margin:4px 0 6px 0}
.start-intro{margin:0 0 6px 0}
.start-cols{display:flex;flex-direction:row-reverse;flex-wrap:wrap;gap:8px 20px;align-items:flex-start}
.start-main{flex:3 1 520px;min-width:0}
.start-aside{flex:1 1 260px;max-width:100%;border:1px solid #ccc;border-radius:6px;padding:10px 12px;
  background:#F7FAFC;line-height:1.3}
.start-aside *{line-height:1.3}
.start-lessons{display:flex;flex-direction:column;gap:4px;margin:0 0 12px 0}
.start-lesson{display:flex;align-items:center;gap:10px;border:1px solid #ccc;border-radius:6px;padding:4px 10px;
  text-decoration:none;color:#222;background:#fff;line-height:1.3}
.start-lesson:hover{background:#EEF5FB}
.start-lesson .num{font-size:20px;font-weight:700;color:#0072B2;min-width:28px}
.start-lesson .body{flex:1}
.start-lesson .title{font-weight:600;font-size:14px}
.start-lesson .summary{font-size:12px;color:#444}
.start-lesson .state{font-size:12px;min-width:120px;text-align:right;color:#555}
.start-lesson.done .state{color:#00704F;font-weight:600}
.start-go{display:block;padding:10px 12px;border-radius:4px;background:#0072B2;color:#fff;text-decoration:none;
  font-weight:700;font-size:15px;text-align:center;margin:2px 0 4px 0}
.start-go:hover{background:#005A8C}
.start-go-note{font-size:12px;color:#555;margin:0 0 10px 0}
.start-apps{display:flex;flex-direction:column;gap:6px}
.start-apps a{display:block;padding:7px 10px;border-radius:4px;background:#fff;color:#005A8C;text-decoration:none;
  font-weight:600;font-size:13px;box-shadow:inset 0 0 0 2px #0072B2}
.start-apps a:hover{background:#EEF5FB}
.start-apps a .what{display:block;font-weight:400;font-size:12px;color:#444}
.start-apps a.minor{box-shadow:inset 0 0 0 1px #9DB8CC;font-weight:400}
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
        return "done", f"{w('done', lang)} {stars_text(stars(mistakes, hints))} · {score_words(mistakes, hints, lang)}"
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
        apps = "".join(
            f"<a class='start-app{' minor' if minor else ''}' data-app='{nb}' href='{nb}.ipynb?lang={lang}'>"
            f"{escape(w(key, lang))}<span class='what'>{escape(w(key + '_what', lang))}</span></a>"
            for nb, key, minor in APPS)
        # beside the lessons (above them on a narrow screen): where to go now, and the games;
        # both in the first screen at 1024x768 (browser test_student_u)
        aside = (f"<div class='start-aside'>{self._go_html(progress, lang)}"
                 f"<h3>{escape(w('apps', lang))}</h3><div class='start-apps'>{apps}</div></div>")
        main = (f"<div class='start-main'><h3>{escape(w('lessons', lang))}</h3>"
                f"<div class='start-lessons'>{''.join(rows)}</div></div>")
        self.body.value = (f"<p class='start-intro'>{escape(w('start_intro', lang))}</p>"
                           f"<div class='start-cols'>{aside}{main}</div>")

    def next_lesson(self, progress: dict):
        """The lesson to go to now: the first one not done (None when all are)."""
        for lesson in self.lessons:
            if lesson_state(lesson, progress.get(lesson.id), "en")[0] != "done":
                return lesson
        return None

    def _go_html(self, progress: dict, lang: str) -> str:
        """The primary link: «Начать с урока 1 →», «Продолжить: урок 3 →», or all done."""
        if not self.lessons:
            return ""
        nxt = self.next_lesson(progress)
        if nxt is None:
            return f"<p class='start-go-note start-all-done'>{escape(w('all_done', lang))}</p>"
        n = int(nxt.id[:2])
        started = any(lesson_state(lesson, progress.get(lesson.id), "en")[0] for lesson in self.lessons)
        key = "go_on" if started else "go_first"
        note = "" if started else f"<p class='start-go-note'>{escape(w('go_first_note', lang))}</p>"
        return (f"<a class='start-go' data-lesson='{escape(nxt.id)}' href='{escape(nxt.id)}.ipynb?lang={lang}'>"
                f"{escape(w(key, lang, n=n))}</a>{note}")


def start_page(lang: str | None = None):
    """The widget of notebooks/00_start_here.ipynb."""
    return StartPage(lang).widget
