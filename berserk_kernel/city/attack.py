"""Attacking an enemy district (CITY-3.6) and resolving the battle (CITY-4.1..4.4).

`attack 2>3 5` sends 5 forces from district 2 into the enemy district 3, which must share a side
with 2. One attack a turn unless this turn's event allows more (`state.turn["attack_limit"]`).
A player's last district cannot be attacked (CITY-4.4). The dice are rolled by `combat.fight`.
"""
from __future__ import annotations

from .actions import Action
from .combat import fight
from .registry import RULES
from .words import en, forces


def check(state, action):
    p, d, s, n, turn = state.current, action.dst, action.src, action.count, state.turn
    if turn["attacks"] >= turn["attack_limit"]:
        if turn["attack_limit"] == 0:
            return RULES.no("CITY-3.6", "Событие этого хода запрещает атаки.", "This turn's event forbids attacks.")
        return RULES.no("CITY-3.6", f"Атак в этот ход уже {turn['attacks']} из {turn['attack_limit']}: "
                        "больше можно только по карте События.",
                        f"You have made {turn['attacks']} of {turn['attack_limit']} attacks this turn: "
                        "more only when an event card allows it.")
    for x in (s, d):
        if x not in state.map:
            return RULES.no("CITY-1", f"Района {x} нет на карте.", f"There is no district {x} on the map.")
    if state.owner[s] != p:
        return RULES.no("CITY-3.6", f"Атакуют из своего района, а район {s} не ваш.",
                        f"An attack starts from your own district, and district {s} is not yours.")
    target = state.owner[d]
    if target is None:
        return RULES.no("CITY-3.6", f"Район {d} свободен: его не атакуют, а захватывают (capture {d}).",
                        f"District {d} is free: it is not attacked but captured (capture {d}).")
    if target == p:
        return RULES.no("CITY-3.6", f"Район {d} ваш: силы между своими районами перебрасывают (redeploy).",
                        f"District {d} is yours: move forces between your districts with redeploy.")
    if not state.map.adjacent(s, d):
        return RULES.no("CITY-3.6", f"Район {d} не граничит по стороне с районом {s} (диагональ не считается).",
                        f"District {d} does not share a side with district {s} (diagonals do not count).")
    if state.count_districts(target) == 1:
        return RULES.no("CITY-4.4", f"Район {d} — последний у игрока {state.letter(target)}: его нельзя атаковать.",
                        f"District {d} is the last district of {state.name(target).en}: it cannot be attacked.")
    if n < 1 or n > state.forces[s]:
        return RULES.no("CITY-3.6", f"На районе {s} сил: {state.forces[s]}; атаковать {n} силами нельзя.",
                        f"District {s} has {state.forces[s]} forces: it cannot attack with {n}.")
    return RULES.ok("CITY-3.6")


def perform(state, action) -> None:
    p, d, s, n, turn = state.current, action.dst, action.src, action.count, state.turn
    q = state.owner[d]
    me, foe = state.name(p), state.name(q)
    state.forces[s] -= n
    defenders = state.forces[d]
    turn["attacks"] += 1
    state._log("CITY-3.6", "attack", f"{me.ru} атакует район {d} ({foe.ru}, сил: {defenders}) из района {s}, атакующих сил: {n}",
               f"{me.en} attacks district {d} ({foe.en}, {forces(defenders).en}) from district {s} with {forces(n).en}",
               player=p, src=s, dst=d, count=n, defender=q)
    b = fight(state.dice, n, defenders, turn["attack_hit"], turn["defence_hit"])
    if defenders:
        state._log("CITY-4.1", "roll", f"Атакующий бросает {list(b.rolls_attack)}: успехов ({turn['attack_hit']}+): {b.hits_attack}; "
                   f"защитник бросает {list(b.rolls_defence)}: успехов ({turn['defence_hit']}+): {b.hits_defence}",
                   f"The attacker rolls {list(b.rolls_attack)}: {en(b.hits_attack, 'success', 'successes')} "
                   f"({turn['attack_hit']}+); the defender rolls {list(b.rolls_defence)}: "
                   f"{en(b.hits_defence, 'success', 'successes')} ({turn['defence_hit']}+)", attack=list(b.rolls_attack), defence=list(b.rolls_defence))
        state._log("CITY-4.2", "damage", f"Потери одновременно: защитник −{defenders - b.defenders_left}, "
                   f"атакующий −{n - b.attackers_left}", f"Losses at the same time: defender −{defenders - b.defenders_left}, "
                   f"attacker −{n - b.attackers_left}", attackers_left=b.attackers_left, defenders_left=b.defenders_left)
    if b.result == "capture":
        state.owner[d] = p
        state.forces[d] = b.attackers_left
        state._log("CITY-4.3", "capture", f"У защитника не осталось сил: {me.ru} забирает район {d}, "
                   f"там остаются выжившие: {forces(b.attackers_left).ru}", f"The defender has no forces left: {me.en} takes "
                   f"district {d}, where the survivors stay: {forces(b.attackers_left).en}", player=p, district=d, forces=b.attackers_left)
        if state.hq[q] == d:
            state._log("R-CITY-HQ", "hq", f"Штаб игрока {state.letter(q)} захвачен: его доход штаба прекращается, "
                       "захватчику он бонуса не даёт", f"The headquarters of {foe.en} is captured: its HQ income stops, "
                       "and the captor gets no bonus from it", player=q, district=d)
    elif b.result == "hold":
        state.forces[d] = b.defenders_left
        state.forces[s] += b.attackers_left
        state._log("CITY-4.3", "hold", f"Район {d} остаётся за защитником (сил: {b.defenders_left}); "
                   f"выжившие атакующие ({b.attackers_left}) возвращаются на район {s}",
                   f"District {d} stays with the defender ({forces(b.defenders_left).en}); the surviving attackers "
                   f"({b.attackers_left}) go back to district {s}", district=d, back=b.attackers_left)
    else:
        state.forces[d] = 0
        state._log("CITY-4.3", "wipe", f"Обе стороны уничтожены: районы {s} и {d} остаются у прежних владельцев",
                   f"Both sides are wiped out: districts {s} and {d} keep their owners", src=s, dst=d)
    state.last_battle = dict(b.to_dict(), src=s, dst=d, attacker=p, defender=q)
    if b.result == "capture":
        from .phases import check_target
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
