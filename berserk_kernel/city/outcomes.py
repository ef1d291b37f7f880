"""Every outcome at a glance for Battle for the City: each legal action of the player to move
with its exact outcome distribution (district captured or held, forces lost on both sides).

    >>> from berserk_kernel.city.outcomes import outcomes
    >>> for r in outcomes(state): print(r.action, r.expected["captured"], r.distribution[0])

An attack reads the exact battle law of `odds.battle_odds` (CITY-4.1..4.3, this turn's event
modifiers and forced dice included): each pair (attackers left, defenders left) is one outcome,
and the battle is also played by the kernel on a copy with dice forced to capture, to learn
whether a capture ends the game (R-CITY-END). Every other action rolls nothing: it is applied on
a copy and the difference is its one outcome. The position itself is never changed.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.i18n import T
from ..core.outcomes import legal_action, Row, make_row
from .combat import SIDES

METRICS = ("captured", "lost", "enemy_lost", "win")
METRIC_NAMES = {
    "captured": T("захвачено районов", "districts captured"),
    "lost": T("потеряно своих сил", "own forces lost"),
    "enemy_lost": T("уничтожено сил врага", "enemy forces destroyed"),
    "win": T("победа", "victory"),
}
_RESULT = {
    "capture": T("район захвачен, сил в нём: {left}", "district captured, forces in it: {left}"),
    "hold": T("район удержан, защитников осталось: {left}", "district held, defenders left: {left}"),
    "wipe": T("обе стороны погибли, район пуст", "both sides wiped out, the district is empty"),
}
_END = {"win": T("победа", "victory"), "loss": T("поражение", "defeat"), "draw": T("общая победа", "shared win")}
_NOTHING = T("без захватов и потерь", "no captures, no losses")


@dataclass(frozen=True)
class Outcome:
    """One way an action ends, counted for the player who decides now. ``result`` is the
    battle's (capture, hold, wipe) or "" for an action with no battle; ``left`` the forces left
    in the attacked district."""

    result: str = ""
    left: int = 0
    captured: int = 0
    lost: int = 0
    enemy_lost: int = 0
    end: str = ""

    def metrics(self) -> dict:
        return {"captured": self.captured, "lost": self.lost, "enemy_lost": self.enemy_lost,
                "win": int(self.end == "win")}

    def sort_key(self):
        return (-self.captured, self.lost, -self.enemy_lost, self.result, self.left)

    def tone(self) -> str:
        """"win", "loss", "good", "bad" or "even": how the player who decides sees it."""
        if self.end in ("win", "loss"):
            return self.end
        if self.captured:
            return "good"
        if self.result:
            return "bad" if self.lost > self.enemy_lost or self.result == "wipe" else "even"
        return "even"

    def text(self, lang: str = "ru") -> str:
        parts = [_RESULT[self.result].format(left=self.left).get(lang)] if self.result else []
        if not self.result and self.captured:
            parts.append(f"{METRIC_NAMES['captured'].get(lang)}: {self.captured}")
        parts += [f"{METRIC_NAMES[m].get(lang)}: {v}" for m, v in
                  (("lost", self.lost), ("enemy_lost", self.enemy_lost)) if v]
        if self.end:
            parts.append(_END[self.end].get(lang))
        return " · ".join(parts) if parts else _NOTHING.get(lang)

    def __str__(self) -> str:
        return self.text("en")


_CACHE: dict = {}
_CACHE_MAX = 64


def outcomes(state) -> list[Row]:
    """The rows of the decision on the board, in the order of ``legal_actions()``."""
    key = _cache_key(state)
    rows = _CACHE.get(key)
    if rows is None:
        mover = state.current_player()
        wins: dict = {}
        rows = [] if mover is None else [_row(state, a, mover, wins) for a in state.legal_actions()]
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = rows
    return list(rows)


def row(state, action) -> Row:
    """One legal action's `Row`; an illegal one raises `IllegalAction` with its rule id."""
    return _row(state, legal_action(state, action), state.current_player(), {})


def _cache_key(state):
    if hasattr(state, "key"):
        try:
            return ("city", state.key())
        except Exception:   # noqa: BLE001 - fall back to the full hash
            pass
    return ("city", state.state_hash())


def _row(state, action, mover, wins) -> Row:
    if action.verb == "attack":
        return make_row(action, _attack(state, action, mover, wins), METRICS, rolled=True)
    after = state.copy()
    after.apply(action, history=False)
    return make_row(action, {measure(state, after, mover): Fraction(1)}, METRICS)


def _attack(state, action, mover, wins) -> dict:
    odds = state.attack_odds(action)
    n, d = action.count, odds.defenders
    end = ""
    if odds.capture and action.dst not in wins:
        wins[action.dst] = _capture_end(state, action, mover)
    end = wins.get(action.dst, "")
    out: dict = {}
    for k, line in enumerate(odds.joint):
        for m, p in enumerate(line):
            if not p:
                continue
            result = "hold" if m else "capture" if k else "wipe"
            o = Outcome(result, k if result == "capture" else m, int(result == "capture"), n - k, d - m,
                        end if result == "capture" else "")
            out[o] = out[o] + p if o in out else p
    return out


def _capture_end(state, action, mover) -> str:
    """How the game stands after this attack captures (the kernel plays it with forced dice)."""
    c = state.copy()
    c.dice.forced = [SIDES] * action.count + [1] * c.forces[action.dst]
    c.apply(action, history=False)
    return _end(c, mover)


def _end(after, mover) -> str:
    if after.phase != "over" or not after.winners:
        return ""
    if mover not in after.winners:
        return "loss"
    return "win" if len(after.winners) == 1 else "draw"


def measure(before, after, mover) -> Outcome:
    """Districts gained and forces lost between two positions, counted for seat `mover`."""
    gained = max(0, after.count_districts(mover) - before.count_districts(mover))
    lost = enemy = 0
    for dist, owner in before.owner.items():
        drop = before.forces[dist] - after.forces[dist]
        if owner == mover:
            lost += max(0, drop) if after.owner[dist] == mover else before.forces[dist]
        elif owner is not None:
            enemy += max(0, drop) if after.owner[dist] == owner else before.forces[dist]
    # forces moved away from a district of the mover are not lost: they are elsewhere now
    lost = max(0, min(lost, before.total_forces(mover) - after.total_forces(mover)))
    return Outcome("", 0, gained, lost, enemy, _end(after, mover))
