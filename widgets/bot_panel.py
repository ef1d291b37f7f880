"""The widgets of playing against the computer (widgets/bot_play.py does the work): at the top of
a hot-seat app's side panel the opponent (a second player or the computer at a level) and your
seat, «Подсказка / Hint», the computer's progress with «Отменить / Cancel»; in the review fold
«Analyse the moves» and the list of moves with their marks (a click steps the board there) and
opening a game record from a file.

    panel = BotPanel(app)        # BaseApp.add_bot_panel() does this for the hot-seat apps
    panel.play.start(human=0, level="easy")
"""
from __future__ import annotations

import json
import threading
from html import escape

from berserk_kernel.core.errors import KernelError

from .app_parts import file_button
from .bot_advice import LEVELS
from .bot_play import BotPlay, is_over, record_of
from .i18n import w

class BotPanel:
    """The computer's controls in an app (see the module)."""

    def __init__(self, app, show_s: float = 0.6):
        import ipywidgets as W

        self.app = app
        c = app.controller
        self.play = BotPlay(c, on_change=self._changed, show_s=show_s)
        self._seen = None
        self._lock = threading.RLock()
        self.opponent_label = W.HTML()
        self.opponent = W.Dropdown(layout=W.Layout(width="auto", max_width="240px"))   # its longest option whole
        self.seat_label = W.HTML()
        self.seat = W.ToggleButtons(style={"button_width": "auto"})
        self.hint_button = W.Button(layout=W.Layout(width="auto"))
        self.hint_button.add_class("bot-hint")
        self.hint_button.add_class("hint-button")
        self.resume_button = W.Button(button_style="info", layout=W.Layout(width="auto"))
        self.resume_button.add_class("bot-resume")
        self.progress = W.FloatProgress(min=0.0, max=1.0, value=0.0, layout=W.Layout(width="150px"))
        self.progress_label = W.HTML()
        self.cancel_button = W.Button(button_style="danger", layout=W.Layout(width="auto"))
        self.cancel_button.add_class("bot-cancel")
        self.hint_html = W.HTML()
        self.busy_row = W.HBox([self.progress, self.cancel_button], layout=W.Layout(align_items="center"))
        self.seat_row = W.HBox([self.seat_label, self.seat], layout=W.Layout(align_items="center",
                                                                              flex_flow="row wrap"))
        self.box = W.VBox([W.HBox([self.opponent_label, self.opponent], layout=W.Layout(align_items="center")),
                           self.seat_row, W.HBox([self.hint_button, self.resume_button]),
                           self.progress_label, self.busy_row, self.hint_html],
                          layout=W.Layout(width="100%", margin="0 0 4px 0"))
        self.box.add_class("bot-box")
        # the review fold
        self.analyse_button = W.Button(button_style="info", layout=W.Layout(width="auto"))
        self.analyse_button.add_class("bot-analyse")
        self.upload = W.FileUpload(accept=".json", multiple=False, layout=W.Layout(width="auto"))
        self.review_title = W.HTML()
        self.moves = W.Select(rows=10, layout=W.Layout(width="calc(100% - 12px)"))
        self.moves.add_class("bot-moves")
        self.review_note = W.HTML()
        # the analysis' progress where it was asked for (the side panel's is out of sight there)
        self.review_busy = W.HTML()
        self.review_cancel = W.Button(button_style="danger", layout=W.Layout(width="auto"))
        self.review_cancel.add_class("bot-review-cancel")
        self.review_busy_row = W.HBox([self.review_busy, self.review_cancel],
                                      layout=W.Layout(align_items="center", grid_gap="8px", display="none"))

        self.opponent.observe(self._on_opponent, names="value")
        self.seat.observe(self._on_opponent, names="value")
        self.hint_button.on_click(self._on_hint)
        self.resume_button.on_click(self._on_resume)
        self.cancel_button.on_click(self._on_cancel)
        self.review_cancel.on_click(self._on_cancel)
        self.analyse_button.on_click(self._on_analyse)
        self.moves.observe(self._on_move_pick, names="value")
        self.upload.observe(self._on_upload, names="value")
        self._busy = False

    # --- mounting ----------------------------------------------------------------------------
    def review_parts(self) -> list:
        import ipywidgets as W
        # the progress beside the button pressed, so it is in sight wherever the page is scrolled
        return [W.HBox([self.analyse_button, self.upload, self.review_busy_row],
                       layout=W.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px")),
                self.review_title, self.moves, self.review_note]

    # --- refreshing ----------------------------------------------------------------------------
    def _changed(self) -> None:
        """From the search thread: the whole app when the position, the lit action or the
        message changed; else only this panel (the progress)."""
        c = self.app.controller
        seen = (c.version, str(c.considered), c.message, self.play.reviewed is None, self.play.busy)
        if seen != self._seen:
            self._seen = seen
            self.app.refresh()
        else:
            self.refresh()

    def refresh(self) -> None:
        with self._lock:
            self._refresh()

    def _refresh(self) -> None:
        c, bp, lang = self.app.controller, self.play, self.app.controller.lang
        self._busy = True
        try:
            self.opponent_label.value = f"<b>{escape(w('opponent', lang))}</b>:&nbsp;"
            options = [(w("opp_human", lang), "")] + [(w("opp_" + lv, lang), lv) for lv in LEVELS]
            value = bp.level if bp.active else ""
            if list(self.opponent.options) != options:
                self.opponent.options = options
            self.opponent.value = value
            names = [seat_label(c, p, lang) for p in range(bp.seats())]
            seat_opts = sorted(((n, p) for p, n in enumerate(names)), key=lambda o: o[0])
            if list(self.seat.options) != seat_opts:
                keep = self.seat.value
                self.seat.options = seat_opts
                self.seat.value = keep if keep in range(len(names)) else seat_opts[0][1]
            if bp.active:
                self.seat.value = bp.human
            self.seat_label.value = f"{escape(w('you_play', lang))}:&nbsp;"
            self.seat_row.layout.display = "" if bp.active else "none"
            self.hint_button.description = w("hint_button", lang)
            self.hint_button.tooltip = w("hint_tip", lang)
            self.hint_button.disabled = bp.busy or is_over(c.state) or bp.bot_to_move()
            self.resume_button.description = w("bot_resume", lang)
            waiting = bp.bot_to_move() and not bp.busy
            self.resume_button.layout.display = "" if waiting else "none"
            task = bp.task if bp.busy else None
            if task is not None:
                key = {"move": "bot_thinking", "hint": "hint_thinking", "review": "review_thinking"}[task.kind]
                self.progress_label.value = (f"<div class='bot-progress' role='status' style='font-size:13px'>"
                                             f"{escape(w(key, lang, p=f'{task.progress * 100:.0f}%'))}</div>")
                self.progress.value = task.progress
                self.cancel_button.description = w("cancel_search", lang)
                self.busy_row.layout.display = ""
            else:
                self.progress_label.value = ""
                self.busy_row.layout.display = "none"
            if task is not None and task.kind == "review":
                self.review_busy.value = (f"<div class='bot-review-progress' style='font-size:13px'>"
                                          f"{escape(w('review_thinking', lang, p=f'{task.progress * 100:.0f}%'))}</div>")
                self.review_cancel.description = w("cancel_search", lang)
                self.review_busy_row.layout.display = ""
            else:
                self.review_busy.value = ""
                self.review_busy_row.layout.display = "none"
            text = bp.hint_text(lang)
            self.hint_html.value = (f"<div class='bot-hint-text' style='font-size:13px;padding:4px 6px;"
                                    f"border-left:6px solid #E69F00;background:#FFF8E8'>{escape(text)}</div>"
                                    if text else "")
            self._refresh_review(lang)
        finally:
            self._busy = False

    def _refresh_review(self, lang: str) -> None:
        bp = self.play
        self.analyse_button.description = w("analyse_button", lang)
        self.analyse_button.tooltip = w("analyse_tip", lang)
        self.analyse_button.disabled = bp.busy
        file_button(self.upload, w("load_record", lang))
        rows = bp.reviewed
        if not rows:
            self.review_title.value = ""
            if self.moves.options:
                self.moves.options = []
            self.moves.layout.display = "none"
            return
        self.moves.layout.display = ""
        counts = {m: sum(1 for r in rows if r.mark == m) for m in ("inaccuracy", "mistake", "blunder")}
        summary = w("review_summary", lang, n=len(rows), i=counts["inaccuracy"], m=counts["mistake"],
                    b=counts["blunder"])
        self.review_title.value = (f"<div class='bot-review-title' style='font-size:13px'><b>"
                                   f"{escape(w('review_moves', lang))}</b><br>{escape(summary)}</div>")
        options = [(bp.review_line(r, lang), r.index) for r in rows]
        if list(self.moves.options) != options:
            keep = self.moves.value
            self.moves.options = options
            self.moves.value = keep if keep in [v for _l, v in options] else None

    # --- callbacks -----------------------------------------------------------------------------
    def _guard(self, fn, *args) -> None:
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - never a traceback in the page
            self.app.show_exception(exc)

    def _on_opponent(self, _change) -> None:
        if self._busy:
            return
        self._guard(self._set_opponent)

    def _set_opponent(self) -> None:
        level = self.opponent.value
        if level:
            self.play.start(human=int(self.seat.value or 0), level=level)
        else:
            self.play.stop()
        self.app.refresh()

    def _on_hint(self, _b) -> None:
        self._guard(self.play.hint)
        self.refresh()

    def _on_resume(self, _b) -> None:
        self._guard(self.play.think)
        self.refresh()

    def _on_cancel(self, _b) -> None:
        self._guard(self.play.user_cancel)
        self.app.refresh()

    def _on_analyse(self, _b) -> None:
        self._guard(self._analyse_game)

    def _analyse_game(self) -> None:
        c = self.app.controller
        try:
            record = record_of(c.state)
        except ValueError:
            self.review_note.value = f"<div>{escape(w('review_from_position', c.lang))}</div>"
            return
        self.review_note.value = ""
        self.app.open_replay(record)
        self.play.analyse(record)
        self.refresh()

    def _on_move_pick(self, change) -> None:
        if self._busy or change["new"] is None:
            return
        self._guard(self.app.replay_goto, int(change["new"]) + 1)

    def _on_upload(self, change) -> None:
        if self._busy or not change["new"]:
            return
        self._guard(self._load, change["new"])

    def _load(self, value) -> None:
        c = self.app.controller
        item = value[0] if isinstance(value, (list, tuple)) else next(iter(value.values()))
        name = item.get("name", "<record>") if isinstance(item, dict) else getattr(item, "name", "<record>")
        content = item["content"] if isinstance(item, dict) else item.content
        try:
            record = json.loads(bytes(content).decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            self.review_note.value = f"<div class='bot-note'>{escape(name)}: {escape(str(e))}</div>"
            return
        game = record.get("game") if isinstance(record, dict) else None
        if game != c.GAME:
            self.review_note.value = (f"<div class='bot-note'>{escape(name)}: "
                                      f"{escape(w('record_wrong_game', c.lang, game=str(game)))}</div>")
            return
        try:
            check_record(record, game, name)
            self.app.open_replay(record, source=name)
        except KernelError as e:
            why = (e.en if c.lang == "en" else e.ru) or str(e)
            self.review_note.value = f"<div class='bot-note'>{escape(name)}: {escape(why)}</div>"
            return
        self.review_note.value = f"<div class='bot-note'>{escape(name)}</div>"
        self.play.analyse(record)
        self.refresh()


def check_record(record: dict, game: str, source: str) -> None:
    """Replay a record with the kernel's own checks (schema, legal actions, final hash): a bad
    file raises the kernel's DataError naming the file and the field."""
    if game == "berserk":
        from berserk_kernel.berserk.record import replay_record
        replay_record(record, source)
    else:
        from berserk_kernel.city.record import load_record
        load_record(record, source)


def seat_label(c, seat: int, lang: str) -> str:
    if c.GAME == "city":
        return c.name(seat, lang)
    return c.seat_name(seat)
