"""A lesson page opened with ``?pos=<code>``: the lesson's board on the linked position, for free
exploration.

Behaviour (docs/lessons.md, "A position by link"):
- A valid code opens a hot-seat board of the position's game (Berserk or Battle for the City) on
  that position, with undo and the log, in the page's language. The lesson's objective, hints and
  checks are off (the position is not one of its stages) and nothing is written to the student's
  progress. A note above the board says so and links to the lesson itself (the same page without
  ``pos``, keeping ``lang``).
- A bad code shows the project's error line naming ``<link>`` and the field (never a traceback),
  and the lesson below it as usual.
"""
from __future__ import annotations

from html import escape
from urllib.parse import urlencode

import ipywidgets as W

from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError

from .berserk_app import BerserkApp
from .city_app import CityApp
from .i18n import normal_lang
from .share_link import page_pos

WORDS = {
    "free_title": ("Позиция по ссылке — свободное исследование", "A position from a link: free exploration"),
    "free_note": ("Эту позицию прислали ссылкой. Играйте её за обе стороны, отменяйте ходы, читайте журнал: "
                  "задания урока здесь не проверяются, и в ваш прогресс ничего не записывается.",
                  "Someone sent this position as a link. Play it for both sides, undo moves, read the log: "
                  "the lesson's tasks are not checked here, and nothing goes into your progress."),
    "to_lesson": ("Открыть урок «{title}»", "Open the lesson “{title}”"),
    "bad_link": ("Ссылка на позицию не открылась ({source}, поле {field}): {text}. Ниже — урок как обычно.",
                 "The link's position did not open ({source}, field {field}): {text}. The lesson is below as usual."),
}
LINK_STYLE = ("display:inline-block;margin-top:6px;padding:5px 12px;border-radius:4px;background:#0072B2;"
              "color:#fff;text-decoration:none;font-weight:600")
APPS = {"berserk": BerserkApp, "city": CityApp}
STYLE = ("border-left:5px solid #0072B2;background:#EEF5FB;padding:6px 10px;margin:0 0 6px 0;font-size:13px")
BAD_STYLE = ("border-left:5px solid #D55E00;background:#FCEEE6;padding:6px 10px;margin:0 0 6px 0;font-size:13px")


def word(key: str, lang: str, **kw) -> str:
    text = WORDS[key][1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def lesson_href(lesson_id: str, lang: str) -> str:
    """The lesson's own page (relative to /voila/render/), without ``pos``."""
    return f"{lesson_id}.ipynb?" + urlencode({"lang": normal_lang(lang)})


def linked_page(lesson_id: str, title, lang: str, code: str | None = None, lesson_widget=None):
    """The page for ``?pos=`` (`code`, else the page's own): a board on the position, or the
    error line above `lesson_widget()` (a callable giving the lesson's usual page). None when the
    page has no ``pos``."""
    code = page_pos() if code is None else code
    if not code:
        return None
    lang = normal_lang(lang)
    try:
        data = share.decode(code, "<link>")
        state = share.load(code, "<link>")
    except DataError as e:
        text = word("bad_link", lang, source=e.source, field=e.field or "—", text=e.text(lang))
        error = W.HTML(f"<div class='lesson-link-error' role='alert' style='{BAD_STYLE}'>{escape(text)}</div>")
        rest = [lesson_widget()] if lesson_widget is not None else []
        return W.VBox([error, *rest], layout=W.Layout(width="100%"))
    app = APPS[data.get("game", "berserk")](state, lang=lang)
    note = W.HTML()

    def render(_change=None) -> None:
        now = normal_lang(app.controller.lang)
        name = title(now) if callable(title) else str(title)
        link = (f"<a class='lesson-link-back' style='{LINK_STYLE}' href='{escape(lesson_href(lesson_id, now))}'>"
                f"{escape(word('to_lesson', now, title=name))}</a>")
        note.value = (f"<div class='lesson-link-note' style='{STYLE}'><b>{escape(word('free_title', now))}</b><br>"
                      f"{escape(word('free_note', now))}<br>{link}</div>")

    render()
    app.lang_toggle.observe(render, names="value")
    box = W.VBox([note, app], layout=W.Layout(width="100%"))
    box.add_class("lesson-linked")
    box.app = app
    return box
