"""Redeploying (CITY-3.5): move forces between your districts joined by a chain of your districts.

The seed gives redeployment no price and no limit: it is free and may be repeated. The 10-forces
cap of CITY-3.4 holds on the destination.
"""
from __future__ import annotations

from ..core.messages import catalog
from .actions import Action
from .registry import RULES
from .reinforce import MAX_FORCES

M = catalog("berserk_kernel.city")


def regions(state, p: int) -> dict:
    """district -> the number of its connected piece of p's territory (side adjacency only).

    Cached on the position until the next action changes it."""
    key = ("regions", p)
    memo = state._memo
    if key in memo:
        return memo[key]
    owner, nbrs = state.owner, state.map.neighbours
    label: dict = {}
    for start, o in owner.items():
        if o != p or start in label:
            continue
        label[start] = start
        todo = [start]
        while todo:
            for m in nbrs[todo.pop()]:
                if owner[m] == p and m not in label:
                    label[m] = start
                    todo.append(m)
    memo[key] = label
    return label


def check(state, action):
    p, d, s, n = state.current, action.dst, action.src, action.count
    for x in (s, d):
        if x not in state.map:
            return RULES.no("CITY-1", M.lazy("no_district", d=x))
    if state.owner[s] != p or state.owner[d] != p:
        x = s if state.owner[s] != p else d
        return RULES.no("CITY-3.5", M.lazy("redeploy_foreign", x=x))
    if s == d:
        return RULES.no("CITY-3.5", M.lazy("redeploy_same"))
    label = regions(state, p)
    if label[s] != label[d]:
        return RULES.no("CITY-3.5", M.lazy("redeploy_not_joined", s=s, d=d))
    if n < 1 or n > state.forces[s]:
        return RULES.no("CITY-3.5", M.lazy("cannot_redeploy", s=s, have=state.forces[s], n=n))
    if state.forces[d] + n > MAX_FORCES:
        return RULES.no("CITY-3.4", M.lazy("would_overfill", d=d, total=state.forces[d] + n, max=MAX_FORCES))
    return RULES.ok("CITY-3.5")


def perform(state, action) -> None:
    p, d, s, n = state.current, action.dst, action.src, action.count
    state.forces[s] -= n
    state.forces[d] += n
    state._log("CITY-3.5", "redeploy", "redeploys",
               {"player": state.name(p), "n": n, "s": s, "d": d}, player=p, src=s, dst=d, count=n)


def candidates(state) -> list:
    """Every legal redeployment, built from the conditions `check` tests (same piece of
    territory, 1 to the forces there, the destination's cap), so the legal list need not check
    them again (tests/test_fastpath.py compares both ways); the action tuples are made without
    `Action(...)`'s field checks (districts of the map, counts in range)."""
    p = state.current
    label = regions(state, p)
    forces = state.forces
    out = []
    for s, ls in label.items():
        if not forces[s]:
            continue
        for d, ld in label.items():
            if ld == ls and d != s:
                out += [_new(Action, ("redeploy", d, s, n)) for n in range(1, min(forces[s], MAX_FORCES - forces[d]) + 1)]
    return out


_new = tuple.__new__
