"""The controller base both hot-seat apps share, in plain Python (no widgets): messages, prompts,
legal actions (cached per position), apply / undo / redo with messages, language, the log with
rule explanations.

A controller owns the kernel state and says what a click means; an app (widgets/app_frame.py)
only renders what the controller says and forwards clicks and button presses to it.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from berserk_kernel.core.errors import IllegalAction, KernelError

from .i18n import normal_lang, page_lang, w

__all__ = ["BaseController", "Message", "Prompt", "pct"]


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

    def _lit_sentence(self, parts: list, lit: list, lang: str) -> str:
        """The end of a game's `describe()`: `parts` so far, then what is lit on the board
        (`lit`, or that nothing is), with the action being considered named first."""
        parts.append(w("lit", lang, what="; ".join(lit)) if lit else w("nothing_lit", lang))
        focus = self.considered           # picked in the list or suggested (not a passing pointer)
        if self.can_light(focus):
            if parts[-1] == w("nothing_lit", lang):
                parts.pop()
            parts.insert(0, w("focus_action", lang, what=self.action_label(focus, lang)))
        return ". ".join(parts)

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

    def end_reason(self) -> str:
        """Why the game is over, in the kernel's words (its last log line of the kinds "end" or
        "over": the turn limit, no creatures left, the scores); "" while the game goes on."""
        s = self.state
        if s.phase != "over":
            return ""
        for e in reversed(s.log):
            if e.kind in ("end", "over"):
                return e.text(self.lang)
        return ""

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
