"""The goal vocabulary of lessons (docs/lessons.md): parse a goal string once, check it on a state.

    g = parse_goal("berserk", "wounds #2 >= 1")
    goal_holds("berserk", g, Context(state, start_log))
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Goal:
    """One goal condition, e.g. ``wounds #2 >= 1`` -> Goal("wounds", (2, ">=", 1), text)."""

    kind: str
    args: tuple
    text: str


OPS = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
       ">": lambda a, b: a > b, "<": lambda a, b: a < b}
CELL = re.compile(r"^[a-e][1-6]$")


def _card(w):
    if not re.fullmatch(r"#\d+", w):
        raise ValueError(f"{w!r} is not a card like #3")
    return int(w[1:])


def _int(w):
    if not re.fullmatch(r"-?\d+", w):
        raise ValueError(f"{w!r} is not a number")
    return int(w)


def _op(w):
    if w not in OPS:
        raise ValueError(f"{w!r} is not one of {' '.join(OPS)}")
    return w


def _cell(w):
    if not CELL.fullmatch(w):
        raise ValueError(f"{w!r} is not a cell like c3")
    return w


def _ab(w):
    if w not in ("A", "B"):
        raise ValueError(f"{w!r} is not a seat A or B")
    return "AB".index(w)


def _player(w):
    if w in ("none", "-"):
        return None
    if w in ("A", "B", "C", "D"):
        return "ABCD".index(w)
    if w in ("0", "1", "2", "3"):
        return int(w)
    raise ValueError(f"{w!r} is not a player 0..3 (or A..D, or none)")


def _word(w):
    return w


def _rule_id(w):
    return w


# argument readers of every goal kind, per game; "both" applies to the two games
GOAL_ARGS = {
    "berserk": {
        "at": (_card, _cell), "zone": (_card, _word), "closed": (_card,), "open": (_card,),
        "wounds": (_card, _op, _int), "tokens": (_card, _op, _int), "winner": (_ab,),
        "phase": (_word,), "turn": (_op, _int), "to_move": (_ab,),
    },
    "city": {
        "owner": (_int, _player), "forces": (_int, _op, _int), "influence": (_player, _op, _int),
        "phase": (_word,), "round": (_op, _int), "winner": (_player,), "current": (_player,),
    },
    "both": {"rule": (_rule_id,), "refused": (_rule_id,), "did": (_word,)},
}


def parse_goal(game: str, text: str) -> Goal:
    words = text.split()
    readers = {**GOAL_ARGS[game], **GOAL_ARGS["both"]}
    if not words or words[0] not in readers:
        raise ValueError(f"unknown goal {text!r}; known: {', '.join(readers)}")
    kind, args = words[0], words[1:]
    spec = readers[kind]
    if len(args) != len(spec):
        raise ValueError(f"{kind!r} takes {len(spec)} word(s) after it: {text!r}")
    return Goal(kind, tuple(read(w) for read, w in zip(spec, args)), text)


@dataclass
class Context:
    """What a goal is checked against: the state and what happened since the stage began."""

    state: object
    start_log: int = 0
    refused: list = field(default_factory=list)     # rule ids of the student's refused tries
    did: list = field(default_factory=list)         # kinds of the student's actions


def _bcard(ctx, uid):
    return ctx.state.cards.get(uid)


def _b_at(ctx, uid, cell):
    c = _bcard(ctx, uid)
    return c is not None and c.zone == "field" and c.cell is not None and ctx.state.at(cell) == uid


EVAL = {
    "berserk": {
        "at": _b_at,
        "zone": lambda ctx, uid, z: _bcard(ctx, uid) is not None and _bcard(ctx, uid).zone == z,
        "closed": lambda ctx, uid: _bcard(ctx, uid) is not None and _bcard(ctx, uid).closed,
        "open": lambda ctx, uid: _bcard(ctx, uid) is not None and not _bcard(ctx, uid).closed,
        "wounds": lambda ctx, uid, op, k: _bcard(ctx, uid) is not None and OPS[op](_bcard(ctx, uid).wounds, k),
        "tokens": lambda ctx, uid, op, k: _bcard(ctx, uid) is not None and OPS[op](_bcard(ctx, uid).tokens, k),
        "winner": lambda ctx, seat: ctx.state.winner == seat,
        "phase": lambda ctx, name: ctx.state.phase == name or ctx.state.stage == name,
        "turn": lambda ctx, op, k: OPS[op](ctx.state.turn, k),
        "to_move": lambda ctx, seat: ctx.state.to_move == seat,
    },
    "city": {
        "owner": lambda ctx, d, p: ctx.state.owner.get(d) == p,
        "forces": lambda ctx, d, op, k: OPS[op](ctx.state.forces.get(d, 0), k),
        "influence": lambda ctx, p, op, k: p is not None and OPS[op](ctx.state.influence[p], k),
        "phase": lambda ctx, name: ctx.state.phase == name,
        "round": lambda ctx, op, k: OPS[op](ctx.state.round, k),
        "winner": lambda ctx, p: bool(ctx.state.winners) and p in ctx.state.winners,
        "current": lambda ctx, p: ctx.state.current_player() == p,
    },
    "both": {
        "rule": lambda ctx, rid: any(e.rule_id == rid for e in ctx.state.log[ctx.start_log:]),
        "refused": lambda ctx, rid: rid in ctx.refused,
        "did": lambda ctx, kind: kind in ctx.did,
    },
}


def goal_holds(game: str, goal: Goal, ctx: Context) -> bool:
    fn = EVAL[game].get(goal.kind) or EVAL["both"][goal.kind]
    return bool(fn(ctx, *goal.args))


def goals_hold(lesson, stage, ctx: Context, actions_since: list) -> bool:
    """All goals hold; with no goals: the actions since the stage began are a whole solution."""
    if not stage.goals:
        return any(actions_since == sol for sol in stage.solutions)
    return all(goal_holds(lesson.game, g, ctx) for g in stage.goals)
