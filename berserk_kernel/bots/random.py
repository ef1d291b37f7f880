"""`RandomBot`: a seeded random player, and the kind-weighted random choice used in rollouts.

Actions are grouped by kind; a kind is picked with fixed weights (the kernel's random agent's
weights for Berserk, similar ones for City: attack and capture often, end rarely) and then an
action of that kind uniformly, so random games reach an end instead of wandering.
"""
from __future__ import annotations

import random as _random

from ..berserk.agents import WEIGHTS as BERSERK_WEIGHTS
from .base import Game

CITY_WEIGHTS = {"pick": 1, "draw": 1, "income": 1, "capture": 8, "move": 3, "reinforce": 6,
                "redeploy": 2, "attack": 8, "end": 2}


def weighted_choice(s, actions, rng):
    """One action of `actions` (legal in `s`), kinds weighted as above, from `rng`."""
    weights = CITY_WEIGHTS if s.GAME == "city" else BERSERK_WEIGHTS
    by_kind: dict = {}
    for a in actions:
        by_kind.setdefault(Game.kind(a), []).append(a)
    kinds = sorted(by_kind)
    pick = rng.random() * sum(weights.get(k, 1) for k in kinds)
    for k in kinds:
        pick -= weights.get(k, 1)
        if pick < 0:
            group = by_kind[k]
            return group[rng.randrange(len(group))]
    group = by_kind[kinds[-1]]
    return group[rng.randrange(len(group))]


class RandomBot:
    """Plays a kind-weighted random legal action; `seed` fixes its choices."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def step(self, state):
        actions = Game.choices(state)
        if not actions:
            raise ValueError("no legal action: the game is over")
        return weighted_choice(state, actions, self.rng)

    def analyse(self, state):
        actions = Game.choices(state)
        return [(a, 0.0, 0) for a in actions]
