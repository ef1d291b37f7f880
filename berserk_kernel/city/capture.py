"""Capturing a free district (CITY-3.3) and the move of forces that may follow it at once.

`capture 7` pays the capture cost (1 influence, or this turn's event price) and puts the player's
control marker on free district 7, which must share a side with one of their districts. Right
after it, before any other action, `move S>7 N` may bring forces from any of the player's other
districts onto it, up to 10 in all (the source need not be connected to 7).
"""
from __future__ import annotations

from ..core.messages import catalog
from .actions import Action
from .phases import check_target
from .registry import RULES

M = catalog("berserk_kernel.city")

CAPTURE_MOVE_LIMIT = 10


def frontier(state, p: int) -> list[int]:
    """Free districts sharing a side with the player's territory."""
    out = set()
    owner, nbrs = state.owner, state.map.neighbours
    for d, o in owner.items():
        if o == p:
            out.update(m for m in nbrs[d] if owner[m] is None)
    return sorted(out)


def check_capture(state, action):
    p, d = state.current, action.dst
    if d not in state.map:
        return RULES.no("CITY-1", M.lazy("no_district", d=d))
    owner = state.owner[d]
    if owner == p:
        return RULES.no("CITY-3.3", M.lazy("capture_own", d=d))
    if owner is not None:
        return RULES.no("CITY-3.3", M.lazy("capture_held", d=d, player=state.name(owner)))
    if not any(state.owner[m] == p for m in state.map.neighbours[d]):
        return RULES.no("CITY-3.3", M.lazy("capture_not_adjacent", d=d))
    cost = state.turn["capture_cost"]
    if state.influence[p] < cost:
        return RULES.no("CITY-3.3", M.lazy("capture_cost_too_high", n=cost, have=state.influence[p]))
    return RULES.ok("CITY-3.3", M.lazy("capture_legal", d=d, n=cost))


def perform_capture(state, action) -> None:
    p, d, cost = state.current, action.dst, state.turn["capture_cost"]
    state.influence[p] -= cost
    state.owner[d] = p
    state.turn["capture"] = (d, CAPTURE_MOVE_LIMIT)
    state._log("CITY-3.3", "capture", "captures",
               {"player": state.name(p), "d": d, "n": cost, "left": state.influence[p]},
               player=p, district=d, cost=cost)
    check_target(state)


def check_move(state, action):
    p, d, s, n = state.current, action.dst, action.src, action.count
    window = state.turn["capture"]
    if window is None or window[0] != d:
        return RULES.no("CITY-3.3", M.lazy("move_outside_capture"))
    if s not in state.map:
        return RULES.no("CITY-1", M.lazy("no_district", d=s))
    if s == d or state.owner[s] != p:
        return RULES.no("CITY-3.3", M.lazy("move_from_foreign", s=s))
    if n < 1 or n > state.forces[s]:
        return RULES.no("CITY-3.3", M.lazy("not_enough_forces_to_move", s=s, have=state.forces[s], n=n))
    if n > window[1]:
        return RULES.no("CITY-3.3", M.lazy("capture_move_limit", limit=CAPTURE_MOVE_LIMIT, left=window[1]))
    return RULES.ok("CITY-3.3")


def perform_move(state, action) -> None:
    p, d, s, n = state.current, action.dst, action.src, action.count
    state.forces[s] -= n
    state.forces[d] += n
    state.turn["capture"] = (d, state.turn["capture"][1] - n)
    state._log("CITY-3.3", "move", "brings_forces", {"player": state.name(p), "n": n, "s": s, "d": d},
               player=p, src=s, dst=d, count=n)


def candidates(state) -> list:
    p = state.current
    out = [Action.capture(d) for d in frontier(state, p)]
    window = state.turn["capture"]
    if window is not None:
        d, left = window
        for s, o in state.owner.items():
            if o == p and s != d:
                out += [Action.move(s, d, n) for n in range(1, min(state.forces[s], left) + 1)]
    return out
