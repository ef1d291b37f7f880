"""The flow of a lesson, in plain Python (no widgets): stages, judging each action, score.

    engine = LessonEngine(load_lesson("01_field_and_zones"))
    engine.act("move #1 c3")        # what a click does; the page routes the controller here
    engine.feedback.kind            # "success", "partial", "wrong", "refused", "hint", ...

After each action of the student (see docs/lessons.md):
  goal holds -> success (score saved, the next stage starts by itself);
  the actions since the stage began start a solution (or the stage is free) -> partial, and the
  opponent's actions of the line are played;
  otherwise -> wrong: explained and taken back (undo), mistakes + 1.
A refused action changes nothing and counts a mistake unless a `refused` goal is met by it.

Where the stage is comes from the state: the actions since the stage began. Undo and redo are
followed: undoing goes back over the opponent's answers to the student's decision, and undoing
past the start of a `continue` stage goes back to the previous stage.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from berserk_kernel.core.errors import IllegalAction, KernelError

from .lesson_data import GAMES, Context, Lesson, Stage, build_position, goals_hold
from .lesson_hint import LessonHint, goal_action, lesson_hint


@dataclass
class Feedback:
    """What the lesson says after an event."""

    kind: str                                  # start|success|partial|wrong|refused|hint|shown|restart|done|undone
    action: str = ""                           # the action judged (canonical text)
    rule_ids: list = field(default_factory=list)
    words: dict | None = None                  # {ru, en}: the lesson's own words (wrong[...], hint, success)
    message: dict | None = None                # {ru, en}: the kernel's words (a refusal)
    stage: int = 0                             # the stage it is about
    hint: LessonHint | None = None             # a hint's action, why and rules (widgets/lesson_hint.py)


@dataclass
class Score:
    done: bool = False
    mistakes: int = 0
    hints: int = 0

    def to_dict(self) -> dict:
        return {"done": self.done, "mistakes": self.mistakes, "hints": self.hints}


class LessonEngine:
    """One student's run through a lesson."""

    def __init__(self, lesson: Lesson, perform=None):
        self.lesson = lesson
        self.kind = GAMES[lesson.game]
        self.scores = {s.id: Score() for s in lesson.stages}
        self.listeners: list = []        # callables (engine) after every event
        self.state_listeners: list = []  # callables (engine, state) when the engine starts a new state
        self.progress_listeners: list = []  # callables (engine) when a stage or the lesson is done
        # how "Show me" plays an action: the page routes it through the controller
        self.perform = perform or self._perform
        self.finished = False
        self.redo_floor: int | None = None   # after a wrong move was taken back: the length of the
        # record it was taken back to; the undone actions at the bottom of the redo list are wrong
        self.feedback = Feedback("start")
        self.last_success: Feedback | None = None
        self._busy = False
        self._start_stage(0, None)

    # --- where we are ------------------------------------------------------------------------
    @property
    def stage(self) -> Stage:
        return self.lesson.stages[self.index]

    @property
    def score(self) -> Score:
        return self.scores[self.stage.id]

    def since(self) -> list[str]:
        """The actions since the current stage began, as text."""
        return [str(a) for a in self.state.actions[self.start:]]

    def student_kinds(self) -> list[str]:
        return [self.kind.kind(a) for i, a in enumerate(self.state.actions[self.start:], self.start)
                if i not in self.auto]

    def context(self) -> Context:
        return Context(self.state, self.start_log, list(self.refused), self.student_kinds())

    def goal_holds(self) -> bool:
        return goals_hold(self.lesson, self.stage, self.context(), self.since())

    def matching(self) -> list[list[str]]:
        """The solutions the actions since the stage began are a start of."""
        done = self.since()
        return [s for s in self.stage.solutions if s[:len(done)] == done]

    def next_action(self) -> str | None:
        """The next expected action of the line (None when no solution continues from here)."""
        done = self.since()
        for s in self.matching():
            if len(s) > len(done):
                return s[len(done)]
        return None

    def mover(self):
        return self.kind.mover(self.state)

    def totals(self) -> tuple[int, int]:
        return (sum(s.mistakes for s in self.scores.values()), sum(s.hints for s in self.scores.values()))

    def stages_done(self) -> int:
        return sum(1 for s in self.scores.values() if s.done)

    # --- stages ------------------------------------------------------------------------------
    def _start_stage(self, index: int, previous) -> None:
        self.index = index
        stage = self.lesson.stages[index]
        state = build_position(self.lesson, index, previous)
        fresh = state is not previous
        self.state = state
        self.start = len(state.actions)
        self.start_log = len(state.log)
        if fresh:
            self.redo_floor = None
            self.chain = []              # earlier stages on this same state: (index, start, start_log)
            self.auto: set = set()
        self.refused: list = []
        self._seen_at()
        if fresh:
            for listener in list(self.state_listeners):
                listener(self, state)
        self._answer()

    def restart(self) -> None:
        """Rebuild the current stage (a `continue` stage: take back everything since it began)."""
        if self.finished:
            return
        self._busy = True
        try:
            if self.stage.source == "continue":
                while len(self.state.actions) > self.start and self.state.can_undo():
                    self.state.undo()
                self.refused = []
                self._seen_at()
                self._prune_auto()
                self._answer()
            else:
                self._start_stage(self.index, None)
        finally:
            self._busy = False
        self.feedback = Feedback("restart", stage=self.index)
        self._emit()

    def start_over(self) -> None:
        """The whole lesson again from its first stage with a clean score: the stars of the new
        run count only its own mistakes and hints (the stored progress keeps what was done and
        takes each stage's new score when it is done again, progress.merge)."""
        self.scores = {s.id: Score() for s in self.lesson.stages}
        self.go_to(0)

    def go_to(self, index: int) -> None:
        """Start stage `index` again (a done stage, or the first not done); a `continue` stage
        is reached by playing the first solutions of the stages before it."""
        if not 0 <= index < len(self.lesson.stages):
            return
        base = index
        while self.lesson.stages[base].source == "continue":
            base -= 1
        self._busy = True
        try:
            self.finished = False
            self._start_stage(base, None)
            while self.index < index:
                for text in self.stage.solution:
                    try:
                        self.state.apply(text)
                    except IllegalAction:
                        pass
                self.chain.append((self.index, self.start, self.start_log))
                self.index += 1
                self.start, self.start_log = len(self.state.actions), len(self.state.log)
                self.refused = []
                self._seen_at()
            self._answer()
        finally:
            self._busy = False
        self.feedback = Feedback("start", stage=self.index)
        self.last_success = None
        self._emit()

    def _next_stage(self) -> None:
        if self.index + 1 >= len(self.lesson.stages):
            self.finished = True
            self.feedback = Feedback("done", stage=self.index)
            for listener in list(self.progress_listeners):
                listener(self)
            return
        nxt = self.lesson.stages[self.index + 1]
        if nxt.source == "continue":
            self.chain.append((self.index, self.start, self.start_log))
            self._start_stage(self.index + 1, self.state)
        else:
            self._start_stage(self.index + 1, None)

    # --- events from the board ---------------------------------------------------------------
    def act(self, action) -> bool:
        """Try an action as the student (tests; the page goes through the controller)."""
        try:
            self.state.apply(action)
        except IllegalAction as e:
            self.on_refused(e.rule_id, e.ru, e.en, str(action))
            return False
        except KernelError as e:
            self.on_refused("", e.ru, e.en, str(action))
            return False
        self.on_change()
        return True

    def _perform(self, action) -> None:
        self.act(action)

    def on_refused(self, rule_id: str, ru: str = "", en: str = "", action: str = "") -> None:
        """The kernel refused an action of the student (nothing changed)."""
        if self._busy or self.finished:
            return
        if rule_id:
            self.refused.append(rule_id)
        if any(g.kind == "refused" for g in self.stage.goals) and self.goal_holds():
            self._success(action)
        else:
            self.score.mistakes += 1
            self.feedback = Feedback("refused", action, [rule_id] if rule_id else [], None,
                                     {"ru": ru, "en": en}, self.index)
        self._emit()

    def on_change(self) -> None:
        """The state changed (an action, undo or redo): judge it."""
        if self._busy:
            return
        self._busy = True
        try:
            self._judge()
        finally:
            self._busy = False
        self._emit()

    def can_redo(self) -> bool:
        """May the student redo now? Not into a wrong move the lesson took back: redo replays the
        actions undone since then, up to the point the wrong move was taken back to."""
        if not self.state.can_redo():
            return False
        return self.redo_floor is None or len(self.state.actions) < self.redo_floor

    def _judge(self) -> None:
        s = self.state
        n = len(s.actions)
        if n > self.seen and not s.can_redo():
            self.redo_floor = None            # a new action: the redo list was cleared
        if n < self.seen:                     # undo
            self._prune_auto()
            while n < self.start and self.chain:
                self.index, self.start, self.start_log = self.chain.pop()
                self.refused = []
                self.finished = False
            # back to a decision of the student: over the opponent's answers (and the student's
            # own action they answered)
            while len(s.actions) > self.start and self.mover() != self.stage.seat and s.can_undo():
                s.undo()
            self._prune_auto()
            self._seen_at()
            self.feedback = Feedback("undone", stage=self.index)
            return
        if n == self.seen or self.finished:
            self._seen_at()
            return
        new_from = self.seen
        action = str(s.actions[-1])
        if self.goal_holds():
            self._success(action)
            return
        if self.stage.free or self.matching():
            self._seen_at()
            self.feedback = Feedback("partial", action, stage=self.index)
            if self._answer():
                return
            return
        # wrong: explain with the rules the kernel logged for it, then take it back
        rules = []
        log_before = self.seen_log
        for e in s.log[log_before:]:
            if e.rule_id and e.rule_id not in rules:
                rules.append(e.rule_id)
        words = self.stage.wrong.get(action)
        while len(s.actions) > new_from and s.can_undo():
            s.undo()
        self.redo_floor = len(s.actions)
        self._prune_auto()
        self._seen_at()
        self.score.mistakes += 1
        self.feedback = Feedback("wrong", action, rules, words, None, self.index)

    def _seen_at(self) -> None:
        """Remember how far the engine has judged the state (actions and log)."""
        self.seen, self.seen_log = len(self.state.actions), len(self.state.log)

    def _prune_auto(self) -> None:
        n = len(self.state.actions)
        self.auto = {i for i in self.auto if i < n}

    def _answer(self) -> bool:
        """Play the opponent's actions of the line while the opponent decides. True if the goal
        then holds (the stage is done)."""
        s = self.state
        while not self.finished and self.mover() is not None and self.mover() != self.stage.seat:
            nxt = self.next_action()
            if nxt is None and self.stage.free:
                legal = s.legal_actions()
                nxt = str(legal[0]) if legal else None
            if nxt is None:
                break
            try:
                s.apply(nxt)
            except IllegalAction:
                break
            self.auto.add(len(s.actions) - 1)
            self._seen_at()
            if self.goal_holds():
                self._success(nxt)
                return True
        return False

    def _success(self, action: str) -> None:
        stage = self.stage
        self.score.done = True
        rules = list(stage.rules) or self._logged_rules()
        self.feedback = Feedback("success", action, rules, stage.success, None, self.index)
        self.last_success = self.feedback
        self._seen_at()
        for listener in list(self.progress_listeners):
            listener(self)
        self._next_stage()
        if self.finished:
            self.feedback = Feedback("done", action, rules, stage.success, None, self.index)

    def _logged_rules(self) -> list[str]:
        out = []
        for e in self.state.log[self.start_log:]:
            if e.rule_id and e.rule_id not in out:
                out.append(e.rule_id)
        return out

    # --- the buttons -------------------------------------------------------------------------
    def hint(self) -> str | None:
        """Count a hint; return the action that moves the student toward the stage's goal (the
        page lights it on the board): see widgets/lesson_hint.py for the choice and the why."""
        if self.finished:
            return None
        self.score.hints += 1
        h = lesson_hint(self)
        self.feedback = Feedback("hint", h.action or "", list(h.rule_ids), self.stage.hint, None, self.index, h)
        self._emit()
        return h.action

    def show(self) -> str | None:
        """Count a hint and play the next expected action of the student."""
        if self.finished:
            return None
        nxt = self.next_action() or goal_action(self)    # off the line: an action to the goal,
        if nxt is None:                      # else (a free stage) start the stage again
            self.restart()
            nxt = self.next_action()
            if nxt is None:
                return None
        self.score.hints += 1
        self.perform(nxt)
        if self.feedback.kind == "partial":
            self.feedback = Feedback("shown", nxt, [], None, None, self.index)
            self._emit()
        return nxt

    def progress(self) -> dict:
        """This lesson's entry of the progress store."""
        return {"done": self.finished or all(s.done for s in self.scores.values()),
                "stages": {sid: s.to_dict() for sid, s in self.scores.items() if s.done}}

    def _emit(self) -> None:
        for listener in list(self.listeners):
            listener(self)
