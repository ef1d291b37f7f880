"""The OLD lessons (kept importable until every notebook uses `widgets.lesson.lesson_page`): a prepared position on the board, a task in words, and a check of what the learner did.

    lesson = Lesson(BerserkApp(position(...)), [
        Task("Ударьте тролля стражем.", "Strike the troll with the warden.",
             goal=lambda s: s.cards[2].wounds > 0, rules=("BR-10", "BR-10.1")),
    ])
    lesson                       # shows the task, the board and the feedback
    lesson.act("strike #1 #2")   # what a click does; nbval cells use it to check the lesson

After every change of the position the current task's goal is evaluated on the kernel's state.
When it holds, the lesson says so and lists the rules the kernel applied on the way (from the log,
with each rule's explanation from the registry), then moves to the next task. When it does not,
the lesson shows what the kernel did and the task's hint. "Start the task again" undoes
everything done since the task began. The lesson holds no rule: it reads the kernel's log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Callable

from .i18n import normal_lang

WORDS = {
    "task": ("Задание", "Task"),
    "of": ("из", "of"),
    "done": ("✓ Получилось!", "✓ Well done!"),
    "all_done": ("Урок пройден: все задания выполнены.", "Lesson complete: every task is done."),
    "not_yet": ("Пока не то, что нужно.", "Not what was asked yet."),
    "happened": ("Что произошло", "What happened"),
    "rules": ("Правила, которые сработали", "The rules that decided it"),
    "hint": ("Подсказка", "Hint"),
    "restart": ("↺ Начать задание заново", "↺ Start the task again"),
    "waiting": ("Сделайте ход на доске или выберите действие в списке.",
                "Act on the board or pick an action from the list."),
}


def _w(key: str, lang: str) -> str:
    return WORDS[key][1 if lang == "en" else 0]


@dataclass
class Task:
    """One step of a lesson: what to do (ru, en), how to tell it is done, which rules it teaches."""

    ru: str
    en: str
    goal: Callable                     # goal(state) -> bool
    rules: tuple = ()                  # the rule ids the task teaches (shown when solved)
    hint_ru: str = ""
    hint_en: str = ""
    done_ru: str = ""                  # what to say when it is done (besides the rules)
    done_en: str = ""
    extra: dict = field(default_factory=dict)

    def text(self, lang):
        return self.en if lang == "en" else self.ru


class LessonChecker:
    """The plain-Python part of a lesson (unit-tested without widgets)."""

    def __init__(self, controller, tasks: list[Task]):
        self.controller = controller
        self.tasks = list(tasks)
        self.index = 0
        self.start = self._mark()
        self.solved_rules: list[list[str]] = []
        self.last: str = "waiting"
        controller.listeners.append(self._on_change)

    @property
    def state(self):
        return self.controller.state

    @property
    def task(self) -> Task | None:
        return self.tasks[self.index] if self.index < len(self.tasks) else None

    @property
    def solved(self) -> bool:
        return self.index >= len(self.tasks)

    def _mark(self):
        return (len(self.state.log), len(self.state.actions))

    def rules_since_start(self) -> list[str]:
        seen = []
        for e in self.state.log[self.start[0]:]:
            if e.rule_id and e.rule_id not in seen:
                seen.append(e.rule_id)
        return seen

    def check(self) -> bool:
        """Evaluate the current task; advance when it is done. True if it was just solved."""
        task = self.task
        if task is None:
            return False
        if task.goal(self.state):
            self.solved_rules.append(self.rules_since_start())
            self.index += 1
            self.start = self._mark()
            self.last = "done"
            return True
        self.last = "not_yet" if len(self.state.log) > self.start[0] else "waiting"
        return False

    def _on_change(self, _controller) -> None:
        if len(self.state.log) < self.start[0]:
            self.start = self._mark()      # undone past the start of the task
        self.check()

    def restart_task(self) -> None:
        """Undo everything done since the current task began."""
        while len(self.state.actions) > self.start[1] and self.state.can_undo():
            self.state.undo()
        self.controller._changed()
        self.last = "waiting"

    def happened(self, lang: str, limit: int = 6) -> list[str]:
        entries = [e for e in self.state.log[self.start[0]:] if e.rule_id]
        return [e.line(lang) for e in entries[-limit:]]


class Lesson:
    """A lesson as widgets: the task, the app (board and panels), the feedback."""

    def __init__(self, app, tasks: list[Task], title_ru: str = "", title_en: str = ""):
        import ipywidgets as W

        self.app = app
        self.checker = LessonChecker(app.controller, tasks)
        self.title = (title_ru, title_en)
        self.task_html = W.HTML()
        self.feedback_html = W.HTML()
        self.restart_button = W.Button(layout=W.Layout(width="auto"))
        self.restart_button.on_click(self._on_restart)
        app.controller.listeners.append(lambda _c: self.refresh())
        app.lang_toggle.observe(lambda _ch: self.refresh(), names="value")
        self.widget = W.VBox([self.task_html, W.HBox([self.restart_button]), self.feedback_html, app],
                             layout=W.Layout(width="100%"))
        self.refresh()

    @property
    def lang(self) -> str:
        return normal_lang(self.app.controller.lang)

    @property
    def state(self):
        return self.app.controller.state

    @property
    def solved(self) -> bool:
        return self.checker.solved

    def act(self, action: str):
        """Do what a learner's click would do; returns the kernel's message, if any."""
        ok = self.app.controller.apply(action)
        self.app.refresh()
        self.refresh()
        return ok

    def refresh(self) -> None:
        lang, ch = self.lang, self.checker
        n = len(ch.tasks)
        if ch.task is not None:
            head = f"{_w('task', lang)} {ch.index + 1} {_w('of', lang)} {n}"
            body = escape(ch.task.text(lang))
        else:
            head, body = _w("all_done", lang), ""
        self.task_html.value = (
            "<div style='border-left:6px solid #0072B2;background:#EEF5FB;padding:8px 12px;max-width:1240px'>"
            f"<b>{escape(head)}</b><div style='font-size:15px;margin-top:4px'>{body}</div></div>")
        self.restart_button.description = _w("restart", lang)
        self.restart_button.disabled = ch.task is None
        self.feedback_html.value = self.feedback(lang)

    def feedback(self, lang: str) -> str:
        ch = self.checker
        parts = []
        if ch.last == "done" and ch.solved_rules:
            task = ch.tasks[ch.index - 1]
            said = task.done_en if lang == "en" else task.done_ru
            parts.append(f"<b style='color:#009E73'>{escape(_w('done', lang))}</b> {escape(said)}")
            parts.append(self._rules_html(task.rules or tuple(ch.solved_rules[-1]), lang))
        elif ch.last == "not_yet" and ch.task is not None:
            parts.append(f"<b style='color:#D55E00'>✕ {escape(_w('not_yet', lang))}</b>")
            lines = ch.happened(lang)
            if lines:
                parts.append(f"<div><i>{escape(_w('happened', lang))}:</i><br>"
                             + "<br>".join(escape(x) for x in lines) + "</div>")
            hint = ch.task.hint_en if lang == "en" else ch.task.hint_ru
            if hint:
                parts.append(f"<div><i>{escape(_w('hint', lang))}:</i> {escape(hint)}</div>")
        else:
            parts.append(f"<span style='color:#555'>{escape(_w('waiting', lang))}</span>")
        return ("<div class='lesson-feedback' style='border:1px solid #bbb;padding:6px 10px;margin:6px 0;"
                "max-width:1240px'>" + "".join(parts) + "</div>")

    def _rules_html(self, rule_ids, lang: str) -> str:
        rules = self.state.RULES
        items = []
        for rid in rule_ids:
            if rid in rules:
                r = rules[rid]
                items.append(f"<li><b>{escape(rid)}</b> — {escape(r.topic.get(lang))}: {escape(r.text.get(lang))}</li>")
        return f"<div><i>{escape(_w('rules', lang))}:</i><ul style='margin:2px 0'>{''.join(items)}</ul></div>"

    def _on_restart(self, _b) -> None:
        self.checker.restart_task()
        self.app.refresh()
        self.refresh()

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)
