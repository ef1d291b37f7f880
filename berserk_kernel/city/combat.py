"""The battle of CITY-4.1 to CITY-4.3 as a pure function of the dice.

Roll order (so forced dice and the exact odds agree): first one d10 per attacking force, then one
d10 per defending force. A district with no defending forces is taken without a battle: nobody
rolls (CITY-4.3: the defender has no forces left).
"""
from __future__ import annotations

from typing import NamedTuple

SIDES = 10          # CITY-1: ten-sided dice
ATTACK_HIT = 7      # CITY-4.1: the attacker succeeds on 7+
DEFENCE_HIT = 6     # CITY-4.1: the defender succeeds on 6+


class Battle(NamedTuple):
    attackers: int
    defenders: int
    rolls_attack: tuple
    rolls_defence: tuple
    hits_attack: int       # successes of the attacker = forces the defender loses (CITY-4.2)
    hits_defence: int      # successes of the defender = forces the attacker loses (CITY-4.2)
    attackers_left: int
    defenders_left: int
    result: str            # "capture" | "hold" | "wipe" (CITY-4.3)

    def to_dict(self) -> dict:
        d = self._asdict()
        d["rolls_attack"], d["rolls_defence"] = list(self.rolls_attack), list(self.rolls_defence)
        return d


def outcome(attackers_left: int, defenders_left: int) -> str:
    """CITY-4.3: capture if only the attacker has forces left, wipe if nobody has, else hold."""
    if defenders_left:
        return "hold"
    return "capture" if attackers_left else "wipe"


def fight(dice, attackers: int, defenders: int, attack_hit: int = ATTACK_HIT,
          defence_hit: int = DEFENCE_HIT) -> Battle:
    """Roll the battle of `attackers` forces against `defenders` forces (CITY-4.1..4.3)."""
    if defenders == 0:
        return Battle(attackers, 0, (), (), 0, 0, attackers, 0, outcome(attackers, 0))
    roll = dice.roll
    ra = tuple(roll(SIDES) for _ in range(attackers))
    rd = tuple(roll(SIDES) for _ in range(defenders))
    ha = sum(1 for v in ra if v >= attack_hit)
    hd = sum(1 for v in rd if v >= defence_hit)
    a_left, d_left = max(0, attackers - hd), max(0, defenders - ha)   # CITY-4.2: at the same time
    return Battle(attackers, defenders, ra, rd, ha, hd, a_left, d_left, outcome(a_left, d_left))
