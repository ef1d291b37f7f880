"""CITY-2.2: the start district picks, one per player in initiative order; each becomes that
player's headquarters (R-CITY-HQ). After the last pick the first turn starts."""
from __future__ import annotations

from ..core.messages import catalog
from .phases import start_turn
from .registry import RULES

M = catalog("berserk_kernel.city")

START_FORCES = 3      # CITY-2.2


def check_pick(state, action):
    d = action.dst
    if d not in state.map:
        return RULES.no("CITY-1", M.lazy("no_district", d=d))
    if d not in state.map.start:
        return RULES.no("CITY-2.2", M.lazy("not_start_district", d=d, choices=", ".join(str(x) for x in sorted(state.map.start))))
    if state.owner[d] is not None:
        who = state.name(state.owner[d])
        return RULES.no("CITY-2.2", M.lazy("district_taken", d=d, player=who))
    return RULES.ok("CITY-2.2")


def perform_pick(state, action) -> None:
    """CITY-2.2: a control marker and 3 forces on the chosen start district; it is also the HQ."""
    p, d = state.order[state.pick_index], action.dst
    state.owner[d] = p
    state.forces[d] = START_FORCES
    state.hq[p] = d
    state._log("CITY-2.2", "pick", "picks_start", {"player": state.name(p), "d": d, "n": START_FORCES},
               player=p, district=d)
    state._log("R-CITY-HQ", "hq", "hq", {"d": d, "player": state.name(p)}, player=p, district=d)
    state.pick_index += 1
    if state.pick_index == state.players:
        state.round = 1
        start_turn(state, state.order[0])
