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
_PLANS: dict = {}     # the set of kinds present -> (those kinds sorted, running sums of their weights)


def _plan(kinds) -> tuple:
    order = sorted(kinds)
    sums, total = [], 0
    for k in order:
        total += _WEIGHT(k, 1)
        sums.append(total)
    plan = _PLANS[kinds] = (tuple(order), tuple(sums))
    return plan


def choose(state, dice: Dice, actions=None):
    actions = actions if actions is not None else state.legal_actions()
    if not actions:
        raise RuntimeError("no legal action: the game is over")
    # a kind among those present (sorted), drawn with their weights: the first whose running
    # sum exceeds the draw; then one of its actions in list order (the same pick as grouping
    # the whole list by kind first)
    kinds = frozenset({a[0] for a in actions})
    order, sums = _PLANS.get(kinds) or _plan(kinds)
    pick = dice.randbelow(sums[-1])
    i = 0
    while sums[i] <= pick:
        i += 1
    if len(order) == 1:
        return actions[dice.randbelow(len(actions))]
    k = order[i]
    group = [a for a in actions if a[0] == k]
    return group[dice.randbelow(len(group))]


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
