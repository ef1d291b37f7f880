"""The "front" evaluation of City for the MCTS bot (`MCTSBot(evaluation="front")`).

`progress.progress_material` counts districts, forces and influence wherever they stand: five
forces deep inside one's territory are worth as much as five on a district the enemy can reach.
But a City battle is won by the defence far more often than a count of forces says (the attacker
hits on 7+, the defender on 6+, CITY-4.1: ten attackers take a district of five only 37% of the
time, one of one 99%), and only one attack a turn is allowed (CITY-3.6): what a player loses next
turn is the district of theirs that the best single attack from a neighbouring enemy district
takes most surely. This evaluation sees that front line:

- `exposure(s)[p]`: the largest chance that one attack takes a district of `p`, over every
  district of `p` that shares a side with an enemy district holding forces (attacked with the
  forces that stand there now; a player's last district cannot be attacked, CITY-4.4);
- `front_material(s)[p]`: `progress_material` less `FRONT` times the district's worth that round
  (3 rising to 3 + CITY_LATE, as in `progress`) times that chance -- a district likely lost next
  turn is worth less than one behind a strong garrison.

Empty districts on the border of a neighbour with forces are the ones the greedy bot takes by the
dozen in the land grab (a district captured with no forces is taken by one force for certain,
CITY-4.3); reinforcing a district no enemy can reach buys nothing this term can see.
The values are squashed like `base.evaluate` (tanh, 10 points); the exact returns at the end are
unchanged.
"""
from __future__ import annotations

from ..city.combat import ATTACK_HIT, DEFENCE_HIT
from ..city.odds import battle_odds
from ..city.reinforce import MAX_FORCES
from .base import Game, leads, squash
from .progress import district_worth, progress_material

FRONT = 1.0

# CAPTURE[a][d]: the chance that `a` attackers take a district of `d` defenders (CITY-4.2, 4.3)
CAPTURE = tuple(tuple(0.0 if a == 0 else float(battle_odds(a, d, attack_hit=ATTACK_HIT, defence_hit=DEFENCE_HIT).capture)
                      for d in range(MAX_FORCES + 1))
                for a in range(MAX_FORCES + 1))


def exposure(s) -> list[float]:
    """Per player: the chance that the enemy's best single attack next turn takes one of its
    districts (0 for a player with one district or none in reach of enemy forces)."""
    owner, forces, nbrs = s.owner, s.forces, s.map.neighbours
    counts = [0] * s.players
    for o in owner.values():
        if o is not None:
            counts[o] += 1
    out = [0.0] * s.players
    for d, p in owner.items():
        if p is None or counts[p] < 2:
            continue
        row = forces[d]
        best = out[p]
        for e in nbrs[d]:
            q = owner[e]
            if q is not None and q != p and forces[e]:
                c = CAPTURE[forces[e]][row]
                if c > best:
                    best = c
        out[p] = best
    return out


def front_material(s) -> list[float]:
    """Per player: `progress_material` less `FRONT` district's worths times its `exposure`."""
    m = progress_material(s)
    loss = FRONT * district_worth(s)
    return [x - loss * e for x, e in zip(m, exposure(s))]


def front_evaluate(s) -> list[float]:
    """A value in (-1, 1) per seat: the exact returns at the end, else the front lead over the
    best opponent, squashed."""
    if s.phase == "over":
        return Game.returns(s)
    return [squash(s, x) for x in leads(front_material(s))]
