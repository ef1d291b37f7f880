"""A seeded random player for tests, benchmarks and demos (randomness only from `Dice`).

It picks uniformly among the legal actions of a kind it has chosen with simple weights, so
random games reach an end: it buys while it can, prefers strikes, and ends a turn with a
modest probability.
"""
from __future__ import annotations

from ..core.dice import Dice

WEIGHTS = {"buy": 20, "redeal": 1, "done": 1, "strike": 12, "move": 6, "end": 1, "prepare": 3,
           "defend": 3, "nodefend": 1, "attach": 6, "use": 8, "pass": 2, "skip": 1, "gather": 2, "hire": 10}


def choose(state, dice: Dice, actions=None):
    actions = actions if actions is not None else state.legal_actions()
    if not actions:
        raise RuntimeError("no legal action: the game is over")
    by_kind: dict[str, list] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    kinds = sorted(by_kind)
    weights = [WEIGHTS.get(k, 1) for k in kinds]
    pick = dice.randbelow(sum(weights))
    for k, w in zip(kinds, weights):
        if pick < w:
            group = by_kind[k]
            return group[dice.randbelow(len(group))]
        pick -= w
    raise AssertionError("unreachable")


def play_random(state, seed: int, max_actions: int = 20000, history: bool = False, on_action=None):
    """Play random legal actions until the game is over; returns the state."""
    dice = Dice(seed)
    for _ in range(max_actions):
        if state.phase == "over":
            return state
        a = choose(state, dice)
        state.apply(a, history=history)
        if on_action:
            on_action(state, a)
    raise RuntimeError(f"game not over after {max_actions} actions")
