"""Attacking an enemy district (CITY-3.6) and resolving the battle (CITY-4.1..4.4).

`attack 2>3 5` sends 5 forces from district 2 into the enemy district 3, which must share a side
with 2. One attack a turn unless this turn's event allows more (`state.turn["attack_limit"]`).
A player's last district cannot be attacked (CITY-4.4). The dice are rolled by `combat.fight`.
"""
from __future__ import annotations

from ..core.messages import catalog
from .actions import Action
from .combat import fight
from .phases import check_target
from .registry import RULES

M = catalog("berserk_kernel.city")


def _dice(rolls) -> str:
    """Dice as a person writes them: "7, 3, 9"."""
    return ", ".join(str(r) for r in rolls)


def check(state, action):
    p, d, s, n, turn = state.current, action.dst, action.src, action.count, state.turn
    if turn["attacks"] >= turn["attack_limit"]:
        if turn["attack_limit"] == 0:
            return RULES.no("CITY-3.6", M.lazy("event_forbids_attacks"))
        return RULES.no("CITY-3.6", M.lazy("attack_limit", made=turn["attacks"], limit=turn["attack_limit"]))
    for x in (s, d):
        if x not in state.map:
            return RULES.no("CITY-1", M.lazy("no_district", d=x))
    if state.owner[s] != p:
        return RULES.no("CITY-3.6", M.lazy("attack_from_foreign", s=s))
    target = state.owner[d]
    if target is None:
        return RULES.no("CITY-3.6", M.lazy("attack_free_district", d=d))
    if target == p:
        return RULES.no("CITY-3.6", M.lazy("attack_own_district", d=d))
    if not state.map.adjacent(s, d):
        return RULES.no("CITY-3.6", M.lazy("attack_not_adjacent", d=d, s=s))
    if state.count_districts(target) == 1:
        return RULES.no("CITY-4.4", M.lazy("attack_last_district", d=d, letter=state.letter(target)))
    if n < 1 or n > state.forces[s]:
        return RULES.no("CITY-3.6", M.lazy("cannot_attack_with", s=s, have=state.forces[s], n=n))
    return RULES.ok("CITY-3.6")


def perform(state, action) -> None:
    p, d, s, n, turn = state.current, action.dst, action.src, action.count, state.turn
    q = state.owner[d]
    me, foe = state.name(p), state.name(q)
    state.forces[s] -= n
    defenders = state.forces[d]
    turn["attacks"] += 1
    state._log("CITY-3.6", "attack", "attacks", {"player": me, "d": d, "foe": foe, "defenders": defenders, "s": s, "n": n},
               player=p, src=s, dst=d, count=n, defender=q)
    b = fight(state.dice, n, defenders, turn["attack_hit"], turn["defence_hit"])
    if defenders:
        state._log("CITY-4.1", "roll", "battle_rolls",
                   {"attack": _dice(b.rolls_attack), "hits_a": b.hits_attack, "hit_a": turn["attack_hit"],
                    "defence": _dice(b.rolls_defence), "hits_d": b.hits_defence, "hit_d": turn["defence_hit"]},
                   attack=list(b.rolls_attack), defence=list(b.rolls_defence))
        state._log("CITY-4.2", "damage", "losses", {"lost_d": defenders - b.defenders_left, "lost_a": n - b.attackers_left},
                   attackers_left=b.attackers_left, defenders_left=b.defenders_left)
    if b.result == "capture":
        state.owner[d] = p
        state.forces[d] = b.attackers_left
        state._log("CITY-4.3", "capture", "takes_district",
                   {"player": me, "d": d, "n": b.attackers_left}, player=p, district=d, forces=b.attackers_left)
        if state.hq[q] == d:
            state._log("R-CITY-HQ", "hq", "hq_captured", {"letter": state.letter(q)}, player=q, district=d)
    elif b.result == "hold":
        state.forces[d] = b.defenders_left
        state.forces[s] += b.attackers_left
        state._log("CITY-4.3", "hold", "district_held",
                   {"d": d, "left": b.defenders_left, "n": b.attackers_left, "s": s},
                   district=d, back=b.attackers_left)
    else:
        state.forces[d] = 0
        state._log("CITY-4.3", "wipe", "both_wiped", {"s": s, "d": d}, src=s, dst=d)
    state.last_battle = dict(b.to_dict(), src=s, dst=d, attacker=p, defender=q)
    if b.result == "capture":
        check_target(state)


def candidates(state) -> list:
    p, turn = state.current, state.turn
    if turn["attacks"] >= turn["attack_limit"]:
        return []
    owner, forces, nbrs = state.owner, state.forces, state.map.neighbours
    alone = {q for q in range(state.players) if state.count_districts(q) == 1}
    out = []
    for s, o in owner.items():
        if o != p or not forces[s]:
            continue
        for d in nbrs[s]:
            q = owner[d]
            if q is not None and q != p and q not in alone:
                out += [Action.attack(s, d, n) for n in range(1, forces[s] + 1)]
    return out
