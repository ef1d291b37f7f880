"""The frame of both hot-seat apps (an ipywidgets `VBox` around a controller and a `CanvasView`):
header with the language switch, the board and the side panel, undo/redo, the list of legal
actions, the log with rule explanations, the game review. It renders what the controller
(widgets/controller_base.py) says and forwards clicks and button presses to it.
"""
from __future__ import annotations

import threading
from html import escape

import ipywidgets as W

from berserk_kernel.core.errors import KernelError

from .app_parts import APP_CSS, ButtonPool, ErrorShown, guarded, hover_bridge, message_html, status_html
from .bot_panel import BotPanel
from .canvas_view import CanvasView
from .i18n import how_to_play, w
from .replay_view import ReplayController, ReplayView

__all__ = ["BaseApp"]


class BaseApp(ErrorShown, W.VBox):
    """The frame of an app, board first (see plan/APP_API.md):

        header:    title · `header_extra` · language switch
        main row:  the board (a `CanvasView`, CSS-scaled)  |  the side panel (320 px):
                   `side_top`, status, message, prompt, card text, the game's panels, undo/redo
        `folds`:   an Accordion, closed: all legal actions + Apply, the log with rules, the review

    Subclasses fill `side_panels()` and render them in `refresh_side()`; they provide
    `title(lang)` and `review_scene(state, lang)`."""

    SIDE_WIDTH = "320px"
    # the buttons of the prompt (the kernel's choices: «End turn», «Go first», ...): teal in the
    # games; a lesson makes them plain, so only its objective tells the student what to do
    PROMPT_STYLE = "info"
    _count = 0

    def __init__(self, controller, log_limit: int = 200):
        self.controller = controller
        self.errors: list[str] = []
        self.log_limit = log_limit
        self._busy = False
        self._actions_key = None
        self.title_override = None        # None or a callable lang -> str
        self.view = CanvasView(on_click=self._on_click, on_hover=self._on_hover, on_error=self.show_exception,
                               layout={"width": "100%", "height": "auto"})
        self.title_html = W.HTML()
        self.header_extra = W.HBox(layout=W.Layout(align_items="center"))
        self.lang_toggle = W.ToggleButtons(options=[("Русский", "ru"), ("English", "en")], value=controller.lang,
                                           style={"button_width": "72px"})
        self.side_top = W.VBox(layout=W.Layout(width="100%"))
        self.status_html = W.HTML()
        self.hint_html = W.HTML()
        self.message_html = W.HTML()
        self.prompt_title = W.HTML()
        self.prompt_buttons = W.VBox(layout=W.Layout(width="100%"))
        self.prompt_buttons.add_class("app-list")
        self.card_html = W.HTML()
        self.undo_button = W.Button(layout=W.Layout(width="auto"))
        self.redo_button = W.Button(layout=W.Layout(width="auto"))
        self.actions_label = W.HTML()
        self.actions_dropdown = W.Dropdown(layout=W.Layout(width="560px", max_width="100%"))
        self.apply_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.style_html = W.HTML(APP_CSS)
        self.log_title = W.HTML()
        self.log_select = W.Select(rows=10, layout=W.Layout(width="calc(100% - 12px)"))
        self.log_select.add_class("app-log")
        self.actions_dropdown.add_class("app-actions")
        self.rule_html = W.HTML()
        self.review_box = W.VBox()
        self.review_button = W.Button(layout=W.Layout(width="auto"))
        self.replay = None
        self.bot_panel = None             # widgets/bot_panel.BotPanel once add_bot_panel() is called
        self.replay_note = None
        self._refresh_lock = threading.RLock()
        if getattr(controller, "lock", None) is None:      # a controller of another kind
            controller.lock = threading.RLock()
        BaseApp._count += 1
        self.hover = hover_bridge(f"app{BaseApp._count}-h", self._on_button_hover)
        self._prompt_pool = ButtonPool(self._on_prompt, style=self.PROMPT_STYLE, width="100%", hover=self.hover, name="p")

        self.lang_toggle.observe(self._on_lang, names="value")
        self.undo_button.on_click(self._on_undo)
        self.redo_button.on_click(self._on_redo)
        self.apply_button.on_click(self._on_apply)
        self.actions_dropdown.observe(self._on_consider, names="value")
        self.log_select.observe(self._on_log_pick, names="value")
        self.review_button.on_click(self._on_review)
        self.review_box.children = [self.review_button]

        self.header = W.HBox([self.title_html, self.header_extra, self.lang_toggle],
                             layout=W.Layout(justify_content="space-between", align_items="center",
                                             flex_flow="row wrap", width="100%"))
        self.side = W.VBox([self.side_top, self.status_html, self.message_html, self.prompt_title,
                            self.prompt_buttons, W.HBox([self.undo_button, self.redo_button])]
                           + list(self.side_panels_top()) + [self.card_html]
                           + list(self.side_panels()),
                           layout=W.Layout(flex="0 0 " + self.SIDE_WIDTH, width=self.SIDE_WIDTH))
        self.side.add_class("app-side")
        self.board = W.VBox([self.view.widget, self.hint_html],
                            layout=W.Layout(flex="1 1 480px", min_width="0", max_width="720px"))
        self.board.add_class("app-board")
        self.main_row = W.HBox([self.board, self.side],
                               layout=W.Layout(flex_flow="row wrap", grid_gap="12px", align_items="flex-start",
                                               width="100%"))
        self.main_row.add_class("app-main")
        actions_row = W.VBox([self.actions_label, W.HBox([self.actions_dropdown, self.apply_button],
                                                         layout=W.Layout(flex_flow="row wrap"))])
        log_box = W.VBox([self.log_title, self.log_select, self.rule_html])
        self.folds = W.Accordion(layout=W.Layout(width="100%"))
        self.folds.add_class("app-folds")
        self._fold_titles: list = []
        self._all_folds: list = []          # (title, widget) of every fold, shown or hidden
        self.actions_fold = actions_row
        self.actions_hidden = False         # True: a page over the app (a lesson's end) hides the list
        self.add_fold(lambda lang: w("actions", lang), actions_row)
        self.add_fold(lambda lang: w("log", lang), log_box)
        self.add_fold(lambda lang: w("review", lang), self.review_box)
        bridge = [self.hover] if self.hover is not None else []
        super().__init__(children=[self.style_html] + bridge + list(self.top_rows(self.header)) + [self.main_row]
                         + list(self.below_main())
                         + [self.folds],
                         layout=W.Layout(width="100%", max_width="1100px"))

    # --- the frame API ---------------------------------------------------------------------------
    def add_fold(self, title, widget) -> None:
        """A section of `folds` (closed); `title` is a callable lang -> str."""
        self._all_folds.append((title, widget))
        self._fold_titles.append(title)
        self.folds.children = tuple(self.folds.children) + (widget,)
        self.folds.selected_index = None
        self._refresh_fold_titles()

    def sync_action_fold(self) -> None:
        """The fold «All legal actions» is there while there is something to do (not once the game
        is over, nor while `actions_hidden`)."""
        self.show_fold(self.actions_fold, not self.actions_hidden and self.controller.state.phase != "over")

    def show_fold(self, widget, shown: bool) -> None:
        """Show or hide the fold holding `widget`, title and all (a hidden fold is closed; the
        fold open before stays open)."""
        children = tuple(self.folds.children)
        if (widget in children) == shown:
            return
        index = self.folds.selected_index
        opened = children[index] if index is not None and index < len(children) else None
        keep = [(t, x) for t, x in self._all_folds if (shown if x is widget else x in children)]
        self.folds.selected_index = None
        self._fold_titles = [t for t, _x in keep]
        self.folds.children = tuple(x for _t, x in keep)
        self._refresh_fold_titles()
        if opened is not None and opened in self.folds.children:
            self.folds.selected_index = list(self.folds.children).index(opened)

    def _refresh_fold_titles(self) -> None:
        lang = self.controller.lang
        titles = tuple(str(t(lang)) for t in self._fold_titles)
        if tuple(self.folds.titles) != titles:
            self.folds.titles = titles

    # --- hooks -----------------------------------------------------------------------------------
    def top_rows(self, header) -> list:
        return [header]

    def below_main(self) -> list:
        return []

    def side_panels(self) -> list:
        return []

    def side_panels_top(self) -> list:
        """Panels above the card panel (whatever pointing must not move: lists of buttons)."""
        return []

    def refresh_side(self) -> None:
        pass

    def title(self, lang: str) -> str:  # pragma: no cover - games override
        return ""

    def against_computer(self) -> bool:
        return self.bot_panel is not None and self.bot_panel.play.active

    def review_scene(self, state, lang):  # pragma: no cover - games override
        raise NotImplementedError

    def add_hotseat_parts(self, game: str) -> None:
        """The hot-seat page's own parts: a link back to the start page (keeping the language)
        in the header, and a «How to play» fold."""
        self.home_link = W.HTML()
        self.header_extra.children = tuple(self.header_extra.children) + (self.home_link,)
        self.how_html = W.HTML()
        self._how_game = game
        self.add_fold(lambda lang: w("how_to_play", lang), self.how_html)

    def add_bot_panel(self, show_s: float = 0.6):
        """Playing against the computer, the hint and the analysis (widgets/bot_panel.py): the
        controls at the top of the side panel, the analysis in the review fold."""
        self.bot_panel = BotPanel(self, show_s=show_s)
        self.side_top.children = tuple(self.side_top.children) + (self.bot_panel.box,)
        self._set_review_children()
        return self.bot_panel

    def _set_review_children(self) -> None:
        parts = [self.review_button]
        if self.bot_panel is not None:          # the marked moves above the board they step
            parts += self.bot_panel.review_parts()
        if self.replay_note is not None:
            parts.append(self.replay_note)
        if self.replay is not None:
            parts.append(self.replay.widget)
        self.review_box.children = parts

    def open_replay(self, record=None, source: str = "<record>") -> None:
        """The review board over `record` (a record table), or over the game being played."""
        c = self.controller
        rc = ReplayController.from_record(record, source=source) if record is not None else ReplayController.from_game(c.state)
        rc.last()
        self.replay = ReplayView(rc, self.review_scene, c.lang, label_fn=self.review_label)
        self.replay_note = None
        self._set_review_children()

    def replay_goto(self, i: int) -> None:
        """Step the review board to position `i` (after the first i actions)."""
        if self.replay is None:
            self.open_replay()
        self.replay._go(i)

    def clear_review(self) -> None:
        """A new game: no review board, no analysis."""
        self.replay = None
        self.replay_note = None
        if self.bot_panel is not None:
            self.bot_panel.play.reviewed = None
        self._set_review_children()

    def _refresh_hotseat_parts(self, lang: str) -> None:
        if getattr(self, "home_link", None) is None:
            return
        self.home_link.value = (f"<a class='app-home' href='00_start_here.ipynb?lang={lang}' "
                                f"style='margin:0 12px;font-size:13px'>{escape(w('to_start', lang))}</a>")
        self.how_html.value = f"<div class='app-how' style='font-size:13px;max-width:760px'>{how_to_play(self._how_game, lang)}</div>"

    def review_label(self, state, action, lang: str) -> str:
        """An action of the review in words (a controller over the replayed position says it)."""
        try:
            return type(self.controller)(state, lang).action_label(action, lang)
        except Exception:  # noqa: BLE001 - a label never breaks the review
            return str(action)

    def card_panel_html(self) -> str:
        """The text of the card being read (Berserk); empty elsewhere."""
        return ""

    # --- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every panel and the board in line with the controller (one board redraw). The
        computer's thread refreshes too, so one refresh runs at a time and never while the
        position changes (the controller's lock first, always in this order)."""
        with self.controller.lock, self._refresh_lock:
            self._refresh()

    def _refresh(self) -> None:
        c, lang = self.controller, self.controller.lang
        self._busy = True
        try:
            title = self.title_override(lang) if self.title_override is not None else self.title(lang)
            self.title_html.value = f"<h3 class='app-title' style='margin:4px 0'>{escape(title)}</h3>"
            self.lang_toggle.value = lang
            seat_colour = getattr(c, "seat_colour", None)
            self.status_html.value = status_html(c.status(), c.end_reason(), seat_colour() if seat_colour else None)
            self.message_html.value = message_html(c.message, lang)
            self._refresh_prompt()
            self.refresh_side()
            self.card_html.value = self.card_panel_html()
            self.undo_button.description = w("undo", lang)
            self.redo_button.description = w("redo", lang)
            self.undo_button.disabled = not c.state.can_undo()
            self.redo_button.disabled = not c.can_redo()
            self._refresh_actions()
            self.sync_action_fold()
            self._refresh_log()
            self._refresh_fold_titles()
            self._refresh_hotseat_parts(lang)
            self.review_button.description = w("review_open", lang)
            if self.replay is not None:
                self.replay.set_lang(lang)
            if self.bot_panel is not None:
                self.bot_panel.refresh()
        finally:
            self._busy = False
        self.view.show(c.scene())
        # last, after the board's drawing batch: a page that shows this hint has everything
        self.hint_html.value = f"<div class='app-hint' style='font-size:12px'>{escape(c.hint())}</div>"

    def waiting(self) -> bool:
        """The computer is to move: the player's choices are not shown."""
        c = self.controller
        return c.hold is not None and bool(c.hold())

    def _refresh_prompt(self) -> None:
        p = None if self.waiting() else self.controller.prompt()
        if p is None:
            self.prompt_title.value = ""
            self.prompt_buttons.children = []
            return
        c = self.controller
        rule = (f" <span class='app-rule-id' style='font-size:11px;color:#555'>({escape(w('rule', c.lang).lower())} "
                f"{escape(p.rule_id)})</span>") if p.rule_id else ""
        self.prompt_title.value = f"<div class='app-prompt' style='margin-top:6px'><b>{escape(p.title)}</b>{rule}</div>"
        buttons = [self._prompt_pool.get(label, str(a), tooltip=c.action_tooltip(a, c.lang)) for label, a in p.actions]
        if tuple(buttons) != tuple(self.prompt_buttons.children):
            self.prompt_buttons.children = buttons

    def _refresh_actions(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.actions_label.value = (f"<b>{w('actions', lang)}</b> <span style='font-size:12px'>"
                                    f"{w('actions_hint', lang)}</span>")
        legal = [] if self.waiting() else c.legal()
        key = (c._legal_key, lang, getattr(c, "viewer", None), len(legal))
        if key == self._actions_key:        # the same position: the same list (labelling it costs)
            return
        self._actions_key = key
        options = [(c.action_label(a), str(a)) for a in legal] or [(w("no_actions", lang), "")]
        if list(self.actions_dropdown.options) != options:
            keep = self.actions_dropdown.value
            self.actions_dropdown.options = options
            values = [v for _l, v in options]
            self.actions_dropdown.value = keep if keep in values else values[0]
        self.apply_button.description = w("apply", lang)
        self.apply_button.disabled = not legal

    def _refresh_log(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.log_title.value = f"<b>{w('log', lang)}</b> <span style='font-size:12px'>{w('log_hint', lang)}</span>"
        # newest first, so the last events are in sight without scrolling
        options = [(f"{i + 1}. {text}", i) for i, text in reversed(c.log_lines(self.log_limit))]
        if list(self.log_select.options) != options:
            self.log_select.options = options
            self.log_select.value = None
        idx = self.log_select.value
        if idx is not None and idx < len(c.state.log):
            self.rule_html.value = self._rule_block(c.state.log[idx].rule_id)
        else:
            self.rule_html.value = ""

    def _rule_block(self, rule_id: str) -> str:
        c = self.controller
        if not rule_id:
            return f"<div class='app-rule' style='font-size:12px'>{w('rule', c.lang)}: —</div>"
        return (f"<div class='app-rule' style='font-size:13px;padding:4px 6px;border-left:6px solid #56B4E9;"
                f"background:#F3F9FD'><b>{w('rule', c.lang)} {escape(rule_id)}</b><br>"
                f"{escape(c.rule_text(rule_id))}</div>")

    # --- callbacks -----------------------------------------------------------------------------
    @guarded
    def _on_hover(self, tag) -> None:
        if self.controller.set_hover(tag):
            self.card_html.value = self.card_panel_html()
            self.refresh_odds()

    def refresh_odds(self) -> None:
        pass

    @guarded
    def _on_button_hover(self, key) -> None:
        """The pointer is over a button standing for `key` (None: over none): light that action
        on the board, show its card and odds."""
        if self.controller.point_at(key):
            self.refresh_pointed()

    def refresh_pointed(self) -> None:
        """Redraw what pointing changes: the board's lights, the card panel, the odds."""
        self.card_html.value = self.card_panel_html()
        self.refresh_odds()
        self.view.show(self.controller.scene())

    @guarded
    def _on_prompt(self, key) -> None:
        self.controller.choose(key)
        self.refresh()

    @guarded
    def _on_undo(self, _b) -> None:
        if self.bot_panel is not None:
            self.bot_panel.play.undo()
        else:
            self.controller.undo()
        self.refresh()

    @guarded
    def _on_redo(self, _b) -> None:
        self.controller.redo()
        self.refresh()

    @guarded
    def _on_apply(self, _b) -> None:
        value = self.actions_dropdown.value
        if value:
            self.controller.apply(value)
            self.refresh()

    @guarded
    def _on_consider(self, change) -> None:
        if self._busy or not change["new"]:
            return
        self.controller.consider(change["new"])
        self.refresh_pointed()

    @guarded
    def _on_lang(self, change) -> None:
        if self._busy:
            return
        self.controller.set_lang(change["new"])
        self.refresh()

    @guarded
    def _on_log_pick(self, change) -> None:
        if self._busy:
            return
        idx = change["new"]
        self.rule_html.value = "" if idx is None else self._rule_block(self.controller.state.log[idx].rule_id)

    @guarded
    def _on_review(self, _b) -> None:
        c = self.controller
        try:
            self.open_replay()
        except KernelError as e:
            why = (e.en if c.lang == "en" else e.ru) or str(e)
            self.replay, self.replay_note = None, W.HTML(f"<div>{escape(w('review_unavailable', c.lang, why=why))}</div>")
            self._set_review_children()
        except ValueError:
            self.replay, self.replay_note = None, W.HTML(f"<div>{escape(w('review_from_position', c.lang))}</div>")
            self._set_review_children()
