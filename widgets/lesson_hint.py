"""The lesson's «Подсказка / Hint»: which action moves the student toward the stage's goal, and
why, in plain words (no widgets; `LessonEngine.hint` calls it, the page shows it).

    h = lesson_hint(engine)
    h.action          # canonical text of the action to light, or None
    h.source          # "line" (the stage's solution), "goal" (one action that reaches the goal
                      # from here), "try" (an action to try and see refused), "bot" (the computer's
                      # suggestion: no action reaches the goal from here)
    h.parts           # [{ru, en}]: one to three short sentences (a line each), the exact odds of a roll
    h.why["ru"]       # the same in one text
    h.rule_ids        # the rules behind it (the roll's rules, those the kernel logs for it)

The choice, best first: the next action of a stage's solution the student is still on; else an
action that reaches the goal at once (tried on a copy of the board, with the opponent's answers
the lesson would play); else the computer's suggestion (`berserk_kernel.bots.advice.suggest`).
The reason: a `refused` goal names the rule that will refuse the action; an action with dice
gives the kernel's exact odds (`advice.explain`, from the student's view only); any other names
the rules the kernel logs when the action is played on a copy.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from berserk_kernel.core.errors import IllegalAction, KernelError

from .bot_advice import Advice, explain, suggest
from .lesson_data import Context, goals_hold
from .lesson_words import w

MAX_RULES = 3          # rules listed under a hint
MAX_ANSWERS = 12       # opponent's answers played on the copy when trying an action
BOT_LEVEL = "easy"     # the computer's level when no action reaches the goal


@dataclass
class LessonHint:
    action: str | None
    source: str                                  # line | goal | try | bot | none
    parts: list = field(default_factory=list)    # [{ru, en}]: the sentences of the why, one a line
    rule_ids: list = field(default_factory=list)
    advice: Advice | None = None                 # the computer's suggestion (source "bot"); the page
    odds: tuple | None = None                    # words it with bot_advice.why_words and its labels

    @property
    def why(self) -> dict:
        """The why in one text per language."""
        return _join(*self.parts)


def _both(key: str, **kw) -> dict:
    return {lang: w(key, lang, **kw) for lang in ("ru", "en")}


def _join(*parts) -> dict:
    return {lang: " ".join(p[lang] for p in parts if p and p.get(lang)) for lang in ("ru", "en")}


def refused_goal(stage) -> str | None:
    """The rule id of the stage's `refused RULE` goal, if it has one."""
    for g in stage.goals:
        if g.kind == "refused":
            return g.args[0]
    return None


@dataclass
class Trial:
    """An action played on a copy of the board, with the lesson's answers of the opponent."""

    state: object
    legal: bool
    reaches: bool = False
    rolled: bool = False          # the action rolled dice
    forced: bool = False          # ... and a roll the lesson set in advance was used
    logged: list = field(default_factory=list)   # rule ids the kernel logged, in order


def trial(engine, action: str) -> Trial:
    """Play `action` on a copy of the engine's board (the dice of the copy are the board's own,
    so the trial shows what will really happen) and check the stage's goal after it."""
    s = engine.state.copy()
    dice_before = (s.dice.count, len(s.dice.forced))
    log_before = len(s.log)
    try:
        s.apply(action)
    except (IllegalAction, KernelError):
        return Trial(s, False)
    rolled = s.dice.count > dice_before[0]
    forced = len(s.dice.forced) < dice_before[1]
    since = [str(a) for a in s.actions[engine.start:]]
    did = engine.student_kinds() + [engine.kind.kind(s.actions[-1])]
    ctx = Context(s, engine.start_log, list(engine.refused), did)
    reaches = goals_hold(engine.lesson, engine.stage, ctx, since)
    answers = 0
    while not reaches and answers < MAX_ANSWERS and engine.kind.mover(s) not in (None, engine.stage.seat):
        nxt = _answer_of(engine, s)
        if nxt is None:
            break
        try:
            s.apply(nxt)
        except (IllegalAction, KernelError):
            break
        answers += 1
        reaches = goals_hold(engine.lesson, engine.stage, Context(s, engine.start_log, list(engine.refused), did),
                             [str(a) for a in s.actions[engine.start:]])
    logged = []
    for e in s.log[log_before:]:
        if e.rule_id and e.rule_id not in logged:
            logged.append(e.rule_id)
    return Trial(s, True, reaches, rolled, forced, logged)


def _answer_of(engine, s) -> str | None:
    """The opponent's answer the lesson plays (LessonEngine._answer): the line's, else in a free
    stage the first legal action."""
    done = [str(a) for a in s.actions[engine.start:]]
    for sol in engine.stage.solutions:
        if sol[:len(done)] == done and len(sol) > len(done):
            return sol[len(done)]
    if engine.stage.free:
        legal = s.legal_actions()
        return str(legal[0]) if legal else None
    return None


def goal_action(engine) -> str | None:
    """A legal action of the student that reaches the stage's goal at once, if there is one."""
    if not engine.stage.goals or engine.mover() != engine.stage.seat:
        return None
    for a in engine.state.legal_actions():
        if trial(engine, str(a)).reaches:
            return str(a)
    return None


def lesson_hint(engine) -> LessonHint:
    """The hint for where the student is now (see the module)."""
    if engine.finished:
        return LessonHint(None, "none")
    stage = engine.stage
    action = engine.next_action()
    source = "line"
    if action is None:
        action, source = goal_action(engine), "goal"
    if action is None:
        return _bot_hint(engine)
    rid = refused_goal(stage)
    if rid is not None and not engine.state.is_legal(action):
        return LessonHint(action, "try", [_both("why_try", rule=rid)], [rid])
    t = trial(engine, action)
    odds = rule_odds(engine.state, action, stage.seat) if t.legal else None
    steps = _both("why_goal") if t.reaches else _both("why_step")
    parts = [steps]
    rules = []
    if odds is not None:
        parts.append(odds[0])
        rules += list(odds[1])
        if t.forced:
            parts.append(_both("why_forced"))
    rules += [r for r in t.logged if r not in rules]
    rules += [r for r in stage.rules if r not in rules]
    return LessonHint(action, source, parts, rules[:MAX_RULES])


def rule_odds(state, action: str, seat: int):
    """The exact odds of `action` by the rules (`advice.explain`), as a player sees them: dice a
    lesson set in advance are left out (they make the result certain; the hint says so)."""
    s = state.copy()
    s.dice.forced.clear()
    return explain(s, s.parse_action(action), seat)


def _bot_hint(engine) -> LessonHint:
    """No action reaches the goal from here: the computer's suggestion, or none (then the page
    says «↺ Заново» starts the stage again)."""
    s = engine.state
    if engine.mover() != engine.stage.seat or not s.legal_actions():
        return LessonHint(None, "none", [_both("why_restart")])
    try:
        adv = suggest(s, level=BOT_LEVEL, seed=0)
    except (ValueError, KernelError):
        return LessonHint(None, "none", [_both("why_restart")])
    odds = rule_odds(s, str(adv.action), engine.stage.seat)
    rules = list(adv.rule_ids) or (list(odds[1]) if odds is not None else [])
    return LessonHint(str(adv.action), "bot", [_both("why_bot")], rules[:MAX_RULES], adv, odds)
