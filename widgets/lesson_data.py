"""Lessons as data: load `widgets/lessons/<id>.toml`, build each stage's position, read goals.

    lesson = load_lesson("01_field_and_zones")     # validated; errors name the file and the field
    state = build_position(lesson, 0)               # the first stage's position
    ok = play_solution(lesson, 0).reached           # the stage's solution reaches its goal

The format is described in docs/lessons.md. Nothing here imports ipywidgets: the engine
(`widgets.lesson_engine`) and the tests use this module directly.
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass, field

from berserk_kernel import berserk, city
from berserk_kernel.core.errors import DataError, IllegalAction
from berserk_kernel.core.loading import read_data, validate

from .lesson_goals import Context, Goal, goal_holds, goals_hold, parse_goal  # noqa: F401 (re-exported)

LESSONS_DIR = pathlib.Path(__file__).resolve().parent / "lessons"
EXAMPLES_DIR = pathlib.Path(__file__).resolve().parent.parent / "examples"

# --- the schema ---------------------------------------------------------------------------------
_TEXT = {"type": "object", "required": ["ru", "en"], "additionalProperties": False,
         "properties": {"ru": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1}}}
_ACTIONS = {"type": "array", "items": {"type": "string", "minLength": 1}}
_STAGE = {
    "type": "object",
    "required": ["id", "objective"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9_-]+$"},
        "objective": _TEXT,
        "position": {"type": ["array", "object"], "items": {"type": "string"}},
        "position_setup": {"type": "object", "additionalProperties": False, "properties": {
            "active": {"type": "integer", "minimum": 0, "maximum": 1},
            "turn": {"type": "integer", "minimum": 0},
            "phase": {"type": "string"},
            "seed": {"type": "integer"},
            "options": {"type": "object"},
            "pending": {"type": "object"}}},
        "forced": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 20}},
        "game_setup": {"type": "object"},
        "scenario": {"type": "string", "minLength": 1},
        "continue": {"const": True},
        "before": _ACTIONS,
        "seat": {"type": "integer", "minimum": 0, "maximum": 3},
        "solution": dict(_ACTIONS, minItems=1),
        "solutions": {"type": "array", "minItems": 1, "items": dict(_ACTIONS, minItems=1)},
        "free": {"type": "boolean"},
        "goal": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "rules": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "hint": _TEXT,
        "success": _TEXT,
        "more": _TEXT,
        "wrong": {"type": "object", "additionalProperties": _TEXT},
    },
}
SCHEMA = {
    "type": "object",
    "required": ["id", "game", "title", "summary", "stage"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^[0-9]{2}_[a-z0-9_]+$"},
        "game": {"enum": ["berserk", "city"]},
        "title": _TEXT,
        "summary": _TEXT,
        "next": {"type": "string"},
        "more": _TEXT,
        "stage": {"type": "array", "minItems": 1, "items": _STAGE},
    },
}
SOURCES = ("position", "game_setup", "scenario", "continue")


# --- records ------------------------------------------------------------------------------------
@dataclass
class Stage:
    index: int
    id: str
    objective: dict
    source: str                     # "position" | "game_setup" | "scenario" | "continue"
    data: dict                      # the raw table (position, forced, game_setup, ...)
    seat: int = 0
    solutions: list = field(default_factory=list)   # lists of canonical action texts
    free: bool = False
    goals: list = field(default_factory=list)       # [Goal]; empty: the solution played out
    rules: list = field(default_factory=list)
    hint: dict | None = None
    success: dict | None = None
    more: dict | None = None
    wrong: dict = field(default_factory=dict)       # canonical action text -> {ru, en}

    @property
    def solution(self) -> list:
        return self.solutions[0]

    def text(self, key: str, lang: str) -> str:
        t = getattr(self, key)
        return t.get(lang, t["ru"]) if t else ""


@dataclass
class Lesson:
    id: str
    game: str
    title: dict
    summary: dict
    stages: list
    next: str = ""
    more: dict | None = None
    path: str = ""

    def text(self, key: str, lang: str) -> str:
        t = getattr(self, key)
        return t.get(lang, t["ru"]) if t else ""

    @property
    def rules_registry(self):
        return GAMES[self.game].rules


# --- the two games ------------------------------------------------------------------------------
def _berserk_mover(s):
    return s.to_move


def _city_mover(s):
    return s.current_player()


@dataclass(frozen=True)
class GameKind:
    rules: object
    parse: object          # text -> action
    mover: object          # state -> seat deciding now (None: over)
    kind: object           # action -> its kind ("move", "attack", ...)


GAMES = {
    "berserk": GameKind(berserk.RULES, berserk.Action.parse, _berserk_mover, lambda a: a.kind),
    "city": GameKind(city.RULES, city.parse_action, _city_mover, lambda a: a.verb),
}


def canonical(game: str, text: str) -> str:
    return str(GAMES[game].parse(text))


# --- loading ------------------------------------------------------------------------------------
def lesson_ids() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("[0-9][0-9]_*.toml"))


def lesson_path(lesson_id: str) -> pathlib.Path:
    return LESSONS_DIR / f"{lesson_id}.toml"


def load_lesson(spec) -> Lesson:
    """A lesson from its id (``"01_field_and_zones"``) or a path to a .toml file."""
    p = pathlib.Path(spec) if str(spec).endswith(".toml") else lesson_path(spec)
    if not p.exists():
        raise DataError(str(p), "", "no such lesson file", "нет такого файла урока")
    data, _ = read_data(p)
    source = f"widgets/lessons/{p.name}" if p.parent == LESSONS_DIR else str(p)
    return lesson_from_dict(data, source, stem=p.stem)


def lesson_from_dict(data: dict, source: str = "<lesson>", stem: str | None = None) -> Lesson:
    validate(data, SCHEMA, source)
    if stem is not None and data["id"] != stem:
        raise DataError(source, "id", f"the id {data['id']!r} must be the file name {stem!r}",
                        f"id {data['id']!r} должен совпадать с именем файла {stem!r}")
    game = data["game"]
    kind = GAMES[game]
    stages, seen = [], set()
    for i, st in enumerate(data["stage"]):
        where = f"stage[{i}]"
        if st["id"] in seen:
            raise DataError(source, f"{where}.id", f"the stage id {st['id']!r} is used twice",
                            f"id этапа {st['id']!r} повторяется")
        seen.add(st["id"])
        stages.append(_stage(st, i, where, source, game, kind))
    if stages[0].source == "continue":
        raise DataError(source, "stage[0].continue", "the first stage has no board to continue",
                        "первому этапу нечего продолжать")
    return Lesson(data["id"], game, data["title"], data["summary"], stages, data.get("next", ""),
                  data.get("more"), source)


def _stage(st: dict, i: int, where: str, source: str, game: str, kind: GameKind) -> Stage:
    given = [k for k in SOURCES if k in st]
    if len(given) != 1:
        raise DataError(source, where, f"give exactly one of {', '.join(SOURCES)} (given: {', '.join(given) or 'none'})",
                        f"укажите ровно одно из: {', '.join(SOURCES)} (указано: {', '.join(given) or 'ничего'})")
    src = given[0]
    if src == "position" and isinstance(st["position"], dict) != (game == "city"):
        raise DataError(source, f"{where}.position", "Berserk positions are lists of card lines, City positions are tables",
                        "позиция Берсерка — список строк карт, позиция Города — таблица")
    if "position_setup" in st and (src != "position" or game != "berserk"):
        raise DataError(source, f"{where}.position_setup", "only with a Berserk `position`",
                        "только вместе с позицией Берсерка (`position`)")
    if ("solution" in st) == ("solutions" in st):
        raise DataError(source, where, "give exactly one of solution, solutions",
                        "укажите ровно одно из: solution, solutions")

    def action(text, fld):
        try:
            return str(kind.parse(text))
        except DataError as e:
            raise DataError(source, fld, e.en, e.ru) from None

    sols = [st["solution"]] if "solution" in st else st["solutions"]
    sol_field = f"{where}.solution" if "solution" in st else f"{where}.solutions"
    solutions = [[action(t, f"{sol_field}[{j}]" if "solution" in st else f"{sol_field}[{n}][{j}]")
                  for j, t in enumerate(sol)] for n, sol in enumerate(sols)]
    goals = []
    for j, text in enumerate(st.get("goal", [])):
        try:
            g = parse_goal(game, text)
        except ValueError as e:
            raise DataError(source, f"{where}.goal[{j}]", str(e)) from None
        if g.kind in ("rule", "refused") and g.args[0] not in kind.rules:
            raise DataError(source, f"{where}.goal[{j}]", f"unknown rule id {g.args[0]!r}",
                            f"неизвестный id правила {g.args[0]!r}")
        goals.append(g)
    for j, rid in enumerate(st.get("rules", [])):
        if rid not in kind.rules:
            raise DataError(source, f"{where}.rules[{j}]", f"unknown rule id {rid!r}", f"неизвестный id правила {rid!r}")
    wrong = {action(t, f"{where}.wrong.{t}"): words for t, words in st.get("wrong", {}).items()}
    for j, t in enumerate(st.get("before", [])):
        action(t, f"{where}.before[{j}]")
    data = {k: st[k] for k in ("position", "position_setup", "forced", "game_setup", "scenario", "before") if k in st}
    return Stage(i, st["id"], st["objective"], src, data, st.get("seat", 0), solutions, st.get("free", False),
                 goals, list(st.get("rules", [])), st.get("hint"), st.get("success"), st.get("more"), wrong)


# --- positions ----------------------------------------------------------------------------------
def _scenario_path(game: str, name: str, source: str, fld: str) -> pathlib.Path:
    for base in (LESSONS_DIR, EXAMPLES_DIR / ("scenarios" if game == "berserk" else "city/scenarios")):
        p = base / name
        if p.exists():
            return p
    raise DataError(source, fld, f"no scenario file {name!r} (looked in widgets/lessons/ and examples/)",
                    f"нет файла сценария {name!r} (искали в widgets/lessons/ и examples/)")


def build_position(lesson: Lesson, index: int, previous=None):
    """The position of stage `index` (a fresh state). A `continue` stage needs `previous`, the
    state the previous stage ended with (it is returned as it is)."""
    stage = lesson.stages[index]
    where = f"stage[{index}]"
    d = stage.data
    if stage.source == "continue":
        if previous is None:
            raise DataError(lesson.path, f"{where}.continue", "no previous board", "нет предыдущей доски")
        return previous
    try:
        if stage.source == "position":
            if lesson.game == "berserk":
                state = berserk.position(*d["position"], forced=d.get("forced", ()), **d.get("position_setup", {}))
            else:
                state = city.load_scenario(dict(d["position"], game="city"), f"{lesson.path}: {where}.position")
        elif stage.source == "game_setup":
            setup = dict(d["game_setup"])
            if lesson.game == "city":
                state = city.new_game(**setup)
            else:
                state = berserk.new_game(**setup)
        else:
            path = _scenario_path(lesson.game, d["scenario"], lesson.path, f"{where}.scenario")
            state = (berserk.load_scenario(path) if lesson.game == "berserk" else city.load_scenario(path))
        if d.get("forced") and stage.source != "position":
            state.dice.force(*d["forced"])
    except DataError as e:
        fld = f"{where}.{stage.source}" + (f" ({e.field})" if e.field else "")
        raise DataError(lesson.path, fld, e.en, e.ru) from None
    except TypeError as e:   # unknown keyword in game_setup
        raise DataError(lesson.path, f"{where}.game_setup", str(e)) from None
    for j, text in enumerate(d.get("before", [])):
        try:
            state.apply(text, history=False)
        except (IllegalAction, DataError) as e:
            raise DataError(lesson.path, f"{where}.before[{j}]", f"{text!r}: {e.en}", f"{text!r}: {e.ru}") from None
    return state


# --- playing a solution -------------------------------------------------------------------------
@dataclass
class Played:
    """What happened when a stage's line was played on the kernel."""

    state: object
    reached: bool
    refused: list            # (action text, rule id) of refused tries
    problem: str = ""        # why the line could not be played, if it could not


def play_line(lesson: Lesson, index: int, line: list, state=None) -> Played:
    """Play `line` (actions of every seat, in order) on the stage's position (or on `state`).
    Refused actions are recorded, not applied (a `refused` goal is met by them)."""
    stage = lesson.stages[index]
    kind = GAMES[lesson.game]
    if state is None:
        state = build_position(lesson, index)
    ctx = Context(state, len(state.log))
    start = len(state.actions)
    refused, problem = [], ""
    for text in line:
        mover = kind.mover(state)
        try:
            state.apply(text)
        except IllegalAction as e:
            refused.append((text, e.rule_id))
            if mover == stage.seat:
                ctx.refused.append(e.rule_id)
            continue
        if mover == stage.seat:
            ctx.did.append(kind.kind(kind.parse(text)))
    since = [str(a) for a in state.actions[start:]]
    reached = goals_hold(lesson, stage, ctx, since) if stage.goals else line == since and any(
        since == s for s in stage.solutions)
    if not stage.goals and refused:
        problem = f"refused: {refused}"
    return Played(state, reached, refused, problem)


def play_lesson(lesson: Lesson, which: int = 0) -> list[Played]:
    """Play every stage's solution number `which` (or the first) in order; `continue` stages go on
    from the board the previous stage left."""
    out, state = [], None
    for i, stage in enumerate(lesson.stages):
        sol = stage.solutions[min(which, len(stage.solutions) - 1)]
        start = state if stage.source == "continue" else None
        played = play_line(lesson, i, sol, start)
        out.append(played)
        state = played.state
    return out


def stage_start(lesson_id: str, stage_id: str):
    """The state a stage starts from, the earlier stages' first solutions played through."""
    lesson = load_lesson(lesson_id)
    state = None
    for i, stage in enumerate(lesson.stages):
        start = build_position(lesson, i, state)
        if stage.id == stage_id:
            return start
        state = play_line(lesson, i, stage.solution, start).state
    raise KeyError(stage_id)


def states_along(lesson: Lesson, index: int, solution: list, start_state=None):
    """(prefix, state before the next action) for every point of the line where the stage's
    student decides; the state is a fresh copy each time."""
    kind = GAMES[lesson.game]
    stage = lesson.stages[index]
    state = start_state.copy() if start_state is not None else build_position(lesson, index)
    for n, text in enumerate(solution):
        if kind.mover(state) == stage.seat:
            yield solution[:n], state.copy()
        try:
            state.apply(text)
        except IllegalAction:
            pass


def main(argv=None) -> int:
    """``python -m widgets.lesson_data FILE.toml ...``: validate and play every stage's solution."""
    import sys
    args = sys.argv[1:] if argv is None else argv
    status = 0
    for spec in args or lesson_ids():
        try:
            lesson = load_lesson(spec)
            for stage, played in zip(lesson.stages, play_lesson(lesson)):
                mark = "ok" if played.reached else "GOAL NOT REACHED"
                status |= not played.reached
                print(f"{lesson.id} stage {stage.id}: {mark}" + (f" (refused: {played.refused})" if played.refused else ""))
        except DataError as e:
            status = 1
            print(f"error: {e}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
