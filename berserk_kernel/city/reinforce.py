"""Reinforcing (CITY-3.4): buy forces at the tiered price and put them on your own districts.

The k-th force costs 1 (k = 1-3), 2 (4-6), 3 (7-10), 4 (11-13), 5 (14 and on). What k counts is
ruling R-CITY-COST: by default the forces bought this turn (`cost_tiers="turn"`); with
`cost_tiers="owned"` the forces the player already has on the board. No district holds more
than 10 forces.
"""
from __future__ import annotations

from ..core.messages import catalog
from .actions import Action
from .registry import RULES

M = catalog("berserk_kernel.city")

MAX_FORCES = 10      # no district holds more than 10 forces
TIERS = ((3, 1), (6, 2), (10, 3), (13, 4))   # up to the k-th force: price each; beyond: 5


def price(k: int) -> int:
    """The price of the k-th force (k >= 1), CITY-3.4."""
    for last, p in TIERS:
        if k <= last:
            return p
    return 5


def cost(already: int, n: int) -> int:
    """The price of n more forces after `already` forces counted by the tier rule."""
    return sum(price(already + i) for i in range(1, n + 1))


def counted(state, p: int) -> int:
    """R-CITY-COST: how many forces the tier count already stands at for player p."""
    return state.total_forces(p) if state.options.cost_tiers == "owned" else state.turn["bought"]


def check(state, action):
    p, d, n = state.current, action.dst, action.count
    if d not in state.map:
        return RULES.no("CITY-1", M.lazy("no_district", d=d))
    if state.owner[d] != p:
        return RULES.no("CITY-3.4", M.lazy("reinforce_foreign", d=d))
    if n < 1:
        return RULES.no("CITY-3.4", M.lazy("reinforce_none"))
    if state.forces[d] + n > MAX_FORCES:
        return RULES.no("CITY-3.4", M.lazy("district_full", d=d, have=state.forces[d], n=n, total=state.forces[d] + n,
                                       max=MAX_FORCES))
    k = counted(state, p)
    c = cost(k, n)
    if c > state.influence[p]:
        return RULES.no("CITY-3.4", M.lazy("forces_too_dear", first=k + 1, last=k + n, n=c, have=state.influence[p]))
    return RULES.ok("CITY-3.4", M.lazy("forces_legal", first=k + 1, last=k + n, n=c))


def perform(state, action) -> None:
    p, d, n = state.current, action.dst, action.count
    k = counted(state, p)
    c = cost(k, n)
    state.influence[p] -= c
    state.forces[d] += n
    state.turn["bought"] += n
    reading = M("reading_turn" if state.options.cost_tiers == "turn" else "reading_owned")
    state._log("CITY-3.4", "reinforce", "buys_forces",
               {"player": state.name(p), "n": n, "d": d, "cost": c, "first": k + 1, "last": k + n,
                "reading": reading, "left": state.influence[p]}, player=p, district=d, count=n, cost=c)


def candidates(state) -> list:
    """Every legal purchase, built from the conditions `check` tests (own district, the cap,
    the price growing with n), so the legal list does not check them again
    (tests/test_fastpath.py compares); tuples made without `Action(...)`'s field checks."""
    p = state.current
    k, money = counted(state, p), state.influence[p]
    most = 0
    while most < MAX_FORCES and cost(k, most + 1) <= money:
        most += 1
    new, forces = tuple.__new__, state.forces
    return [new(Action, ("reinforce", d, 0, n)) for d, o in state.owner.items() if o == p
            for n in range(1, min(most, MAX_FORCES - forces[d]) + 1)]
