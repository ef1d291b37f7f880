"""Rollout policies of the MCTS bot: how a playout goes on below the tree.

- ``"random"``: the kind-weighted random choice (`random.weighted_choice`).
- ``"greedy"`` (greedy-lite): the player to move takes the dice action with the best exact
  expected material gain when one gains anything -- a Berserk strike valued by the fight table
  (`greedy.strike_score`, the kernel's `odds_for`), a City attack by the battle's joint law
  (`greedy.attack_score`) -- and in City a capture (3 points for a district, always worth its
  influence) before anything else; otherwise, and with probability `eps` in any case, the
  kind-weighted random choice. Both are cheap: no copy of the position, only the odds the
  kernel computes anyway, so a playout looks like a game between players who strike and attack
  when it pays instead of wandering.
"""
from __future__ import annotations

from .base import Game
from .greedy import attack_score, strike_score
from .random import weighted_choice

SCORERS = {"strike": strike_score, "attack": attack_score}


def greedy_lite(s, actions, rng, eps: float = 0.1):
    """One action of `actions` (legal in `s`) by the greedy-lite policy above."""
    if rng.random() < eps:
        return weighted_choice(s, actions, rng)
    seat = Game.current_player(s)
    best, best_v = None, 0.0
    capture = None
    for a in actions:
        kind = Game.kind(a)
        scorer = SCORERS.get(kind)
        if scorer is not None:
            v = scorer(s, a, seat)
            if v > best_v:
                best, best_v = a, v
        elif kind == "capture" and capture is None:
            capture = a
    if capture is not None:
        return capture
    if best is not None:
        return best
    return weighted_choice(s, actions, rng)


def random_policy(s, actions, rng, eps: float = 0.0):
    return weighted_choice(s, actions, rng)


POLICIES = {"random": random_policy, "greedy": greedy_lite}
