"""What both hot-seat apps share: messages, the controller base, the app frame (language switch,
undo/redo, the list of legal actions, the log with rule explanations, game review).

A controller is plain Python (no widgets): it owns the kernel state and says what a click means.
An app is an ipywidgets `VBox` around a controller and a `CanvasView`; it only renders what the
controller says and forwards clicks and button presses to it.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from html import escape

from berserk_kernel.core.errors import IllegalAction, KernelError

from .app_parts import APP_CSS, ButtonPool, guarded, hover_bridge, message_html, status_html
from .i18n import how_to_play, normal_lang, page_lang, w

__all__ = ["APP_CSS", "BaseApp", "BaseController", "ButtonPool", "Message", "Prompt", "guarded",
           "hover_bridge", "message_html", "pct", "status_html"]


# --- values -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """What the message area says: an illegal click (with the deciding rule), a hint or a result."""

    kind: str            # "illegal" | "info" | "done" | "error"
    rule_id: str
    ru: str
    en: str

    def text(self, lang: str = "ru") -> str:
        body = self.en if lang == "en" else self.ru
        return f"{self.rule_id}: {body}" if self.rule_id else body


@dataclass
class Prompt:
    """A choice for the player who must decide (`seat` is the kernel's deciding player)."""

    seat: int
    who: str
    title: str
    rule_id: str
    actions: list = field(default_factory=list)   # [(label, action)]


def pct(p) -> str:
    return f"{float(p) * 100:.1f}%"


# --- the controller base ------------------------------------------------------------------------

class BaseController:
    """Legal actions (cached per position), apply / undo / redo with messages, language, log."""

    def __init__(self, state, lang: str | None = None):
        self.state = state
        self.lang = normal_lang(lang) if lang else page_lang()
        self.message: Message | None = None
        self.considered = None           # an action picked in the list (not applied)
        self.tried = None                # an action a lesson asks to try though the rules refuse it
        self.pointed = None              # an action whose button is under the pointer
        self.choices: list = []          # actions one click stood for, to choose between
        self.version = 0                 # bumps on every change of the position
        self._legal_key = None
        self._legal: list = []
        self.listeners: list = []        # called with the controller after every change (lessons)
        self.refusal_listeners: list = []   # called with (controller, message) on every refusal
        self.hold = None                 # None or a callable -> (ru, en) while the player must wait
        self.log_filter = None           # None or a callable (log entry) -> bool: may the player read it
        self.redo_allowed = None         # None or a callable -> bool: may the player redo now (lessons)
        self.lock = threading.RLock()    # one change of the position at a time (the computer's thread)

    # to provide: action_label(a, lang), _reset_selection()

    def legal(self) -> list:
        """The kernel's legal actions now (cached until the position changes)."""
        s = self.state
        key = (id(s), len(s.actions), len(s.log), s.actions[-1] if s.actions else None)
        if key != self._legal_key:
            self._legal = list(s.legal_actions())
            self._legal_key = key
        return self._legal

    def _say(self, kind, rule_id, ru, en) -> Message:
        self.message = Message(kind, rule_id or "", ru, en)
        if kind == "illegal" and rule_id:
            for listener in list(self.refusal_listeners):
                listener(self, self.message)
        return self.message

    def _w2(self, key, **kw):
        return w(key, "ru", **kw), w(key, "en", **kw)

    def _verdict_message(self, v) -> Message:
        return self._say("illegal", v.rule_id, v.ru, v.en)

    def explain(self, action):
        """The kernel's verdict on a probe, or None if the kernel cannot judge it (a probe is a
        guess at what a click meant, so it may be malformed for some new kind of action)."""
        try:
            return self.state.explain(action)
        except Exception:  # noqa: BLE001
            return None

    def _first_refusal(self, probes) -> Message | None:
        """The kernel's refusal of the first probe it refuses (None if it refuses none)."""
        for p in probes:
            v = self.explain(p)
            if v is not None and not v.ok:
                return self._verdict_message(v)
        return None

    def held(self) -> bool:
        """True while the player must wait (the computer is to move): the message says so."""
        why = self.hold() if self.hold is not None else None
        if why:
            self._say("info", "", *why)
            return True
        return False

    def apply(self, action, by_bot: bool = False) -> bool:
        """Apply an action; an illegal one changes nothing and puts the rule in `message`.
        While the player must wait (`hold`), only the computer's own moves (`by_bot`) are played."""
        with self.lock:
            return self._apply(action, by_bot)

    def _apply(self, action, by_bot: bool) -> bool:
        if not by_bot and self.held():
            return False
        try:
            if isinstance(action, str):
                action = self.state.parse_action(action)
            labels = (self.action_label(action, "ru"), self.action_label(action, "en"))
            self.state.apply(action)
        except IllegalAction as e:
            self._say("illegal", e.rule_id, e.ru, e.en)
            return False
        except KernelError as e:
            self._say("illegal", "", e.ru or str(e), e.en or str(e))
            return False
        self._changed()
        self._say("done", "", w("done_action", "ru", what=labels[0]), w("done_action", "en", what=labels[1]))
        return True

    def undo(self) -> bool:
        if not self.state.can_undo():
            return False
        a = self.state.undo()
        self._changed()
        self._say("info", "", w("undone", "ru", what=self._label_or_code(a, "ru")),
                  w("undone", "en", what=self._label_or_code(a, "en")))
        return True

    def can_redo(self) -> bool:
        """Redo is possible: the state has an undone action and the page allows replaying it (a
        lesson does not let a wrong move it took back be redone)."""
        return self.state.can_redo() and (self.redo_allowed is None or bool(self.redo_allowed()))

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        a = self.state.redo()
        self._changed()
        self._say("info", "", w("redone", "ru", what=self._label_or_code(a, "ru")),
                  w("redone", "en", what=self._label_or_code(a, "en")))
        return True

    def action_tooltip(self, a, lang: str | None = None) -> str:
        """The tooltip of a button standing for an action (games add the card's text)."""
        return self.action_label(a, lang or self.lang)

    def _label_or_code(self, a, lang) -> str:
        """The words for an action of the history (undo/redo may name one no longer legal)."""
        try:
            return self.action_label(a, lang)
        except Exception:  # noqa: BLE001 - a label must never break undo
            return str(a)

    def set_lang(self, lang: str) -> None:
        self.lang = normal_lang(lang)

    def reset(self, state=None) -> None:
        """Start over from `state` (a new game), or just forget selections after the position
        was changed from outside the controller: selection, message and considered action are
        cleared (then `app.refresh()` rebuilds the panels)."""
        if state is not None:
            self.state = state
        self.message = None
        self._legal_key = None
        self._changed()

    def set_viewer(self, seat) -> None:  # games with a turned board override
        """Fix the board to a seat (None: automatic, the player whose turn it is)."""

    def consider(self, action, tried: bool = False) -> None:
        """An action pointed at or picked in the list (not applied): the board lights its card
        and targets, the odds panel shows it. None clears. `tried`: a lesson's hint to try an
        action the rules refuse (a "try the forbidden" stage): it is lit all the same."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        self.considered = action
        self.tried = action if tried else None

    def can_light(self, action) -> bool:
        """A legal action, or the one a lesson asks to try, can be lit on the board."""
        return action is not None and (action in self.legal() or action == self.tried)

    def point_at(self, key) -> bool:
        """The pointer is over a button standing for `key` (an action's text, or a game's own
        key); None: over none. True when that changes what is lit."""
        action = None
        if isinstance(key, str) and key:
            try:
                action = self.state.parse_action(key)
            except Exception:  # noqa: BLE001 - not an action: nothing to light
                action = None
        if action is not None and action not in self.legal():
            action = None
        if action == self.pointed:
            return False
        self.pointed = action
        return True

    def focus_action(self):
        """The action to light on the board: the one pointed at, else the one picked in the list."""
        return self.pointed if self.pointed is not None else self.considered

    def _act(self, actions: list) -> Message | None:
        if len(actions) == 1:
            self.apply(actions[0])
            return self.message
        self.choices = list(actions)
        return self._say("info", "", *self._w2("choose_one"))

    def _changed(self) -> None:
        self.version += 1
        self.choices = []
        self.considered = None
        self.tried = None
        self.pointed = None
        self._reset_selection()
        for listener in list(self.listeners):
            listener(self)

    def _reset_selection(self) -> None:  # pragma: no cover - games override
        pass

    # --- log and rules -------------------------------------------------------------------------
    def log_lines(self, limit: int = 200) -> list[tuple[int, str]]:
        """The last `limit` log lines; with a `log_filter` (playing the computer), a line naming a
        card the player cannot see says only that it is hidden."""
        log = self.state.log
        start = max(0, len(log) - limit)
        keep = self.log_filter or (lambda _e: True)
        return [(i, log[i].line(self.lang) if keep(log[i]) else w("log_hidden", self.lang))
                for i in range(start, len(log))]

    def rule_text(self, rule_id: str, lang: str | None = None) -> str:
        """A rule's id, topic and explanation from the kernel's registry."""
        lang = lang or self.lang
        if not rule_id:
            return "—"
        rules = self.state.RULES
        if rule_id not in rules:
            return rule_id
        r = rules[rule_id]
        return f"{r.id} — {r.topic.get(lang)}. {r.text.get(lang)}"

    def log_rule(self, index: int) -> str:
        return self.rule_text(self.state.log[index].rule_id)


try:  # the controllers are importable without ipywidgets; the apps need it
    import ipywidgets as _W
    _VBox = _W.VBox
except ImportError:  # pragma: no cover
    _VBox = object


class BaseApp(_VBox):
    """The frame of an app, board first (see plan/APP_API.md):

        header:    title · `header_extra` · language switch
        main row:  the board (a `CanvasView`, CSS-scaled)  |  the side panel (320 px):
                   `side_top`, status, message, prompt, card text, the game's panels, undo/redo
        `folds`:   an Accordion, closed: all legal actions + Apply, the log with rules, the review

    Subclasses fill `side_panels()` and render them in `refresh_side()`; they provide
    `title(lang)` and `review_scene(state, lang)`."""

    SIDE_WIDTH = "320px"
    _count = 0

    def __init__(self, controller, log_limit: int = 200):
        import ipywidgets as W

        from .canvas_view import CanvasView

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
        self._prompt_pool = ButtonPool(self._on_prompt, style="info", width="100%", hover=self.hover, name="p")

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
        self._fold_titles.append(title)
        self.folds.children = tuple(self.folds.children) + (widget,)
        self.folds.selected_index = None
        self._refresh_fold_titles()

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
        """Panels above the card panel (squad building)."""
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
        import ipywidgets as W
        self.home_link = W.HTML()
        self.header_extra.children = tuple(self.header_extra.children) + (self.home_link,)
        self.how_html = W.HTML()
        self._how_game = game
        self.add_fold(lambda lang: w("how_to_play", lang), self.how_html)

    def add_bot_panel(self, show_s: float = 0.6):
        """Playing against the computer, the hint and the analysis (widgets/bot_panel.py): the
        controls at the top of the side panel, the analysis in the review fold."""
        from .bot_panel import BotPanel
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
        from .replay_view import ReplayController, ReplayView
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
            self.status_html.value = status_html(c.status())
            self.message_html.value = message_html(c.message, lang)
            self._refresh_prompt()
            self.refresh_side()
            self.card_html.value = self.card_panel_html()
            self.undo_button.description = w("undo", lang)
            self.redo_button.description = w("redo", lang)
            self.undo_button.disabled = not c.state.can_undo()
            self.redo_button.disabled = not c.can_redo()
            self._refresh_actions()
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
    def show_exception(self, exc: Exception) -> None:
        text = f"{type(exc).__name__}: {exc}"
        self.errors.append(text)
        self.message_html.value = f"<div class='app-message' role='alert'>⚠ {escape(text)}</div>"

    @guarded
    def _on_click(self, tag) -> None:
        self.controller.click(tag)
        self.refresh()

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
        import ipywidgets as W
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
