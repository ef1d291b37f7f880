"""A seeded random player for tests, benchmarks and demos (randomness only from `Dice`).

It picks uniformly among the legal actions of a kind it has chosen with simple weights, so
random games reach an end: it buys while it can, prefers strikes, and ends a turn with a
modest probability.
"""
from __future__ import annotations

from ..core.dice import Dice

WEIGHTS = {"buy": 20, "redeal": 1, "done": 1, "strike": 12, "move": 6, "end": 1, "prepare": 3,
           "defend": 3, "nodefend": 1, "attach": 6, "use": 8, "pass": 2, "skip": 1, "gather": 2, "hire": 10}
_WEIGHT = WEIGHTS.get


def choose(state, dice: Dice, actions=None):
    actions = actions if actions is not None else state.legal_actions()
    if not actions:
        raise RuntimeError("no legal action: the game is over")
    # the kinds present, sorted, each with its weight; then the chosen kind's actions in list
    # order (the same pick as grouping the whole list by kind first)
    kinds = sorted({a[0] for a in actions})
    weights = [_WEIGHT(k, 1) for k in kinds]
    pick = dice.randbelow(sum(weights))
    for k, w in zip(kinds, weights):
        if pick < w:
            group = actions if len(kinds) == 1 else [a for a in actions if a[0] == k]
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
