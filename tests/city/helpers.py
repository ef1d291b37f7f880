"""Helpers for the Battle for the City tests: positions from scenario tables, a random agent,
and the invariants every position must keep."""
from __future__ import annotations

import pytest

from berserk_kernel.city import load_scenario
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import IllegalAction


def position(districts: dict, *, players=2, map="default", phase="actions", current=0, influence=None,
             turn=None, forced=(), options=None, deck=None, hq=None, round=1, seed=1):
    """A position from {district: (owner, forces)}; everything else free."""
    pos = {"phase": phase, "round": round, "current": current,
           "districts": {str(d): {"owner": o, "forces": f} for d, (o, f) in districts.items()},
           "influence": influence if influence is not None else [0] * players, "forced": list(forced)}
    if turn:
        pos["turn"] = turn
    if deck is not None:
        pos["deck"] = deck
    if hq is not None:
        pos["hq"] = hq
    setup = {"players": players, "map": map, "seed": seed}
    if options:
        setup["options"] = options
    return load_scenario({"game": "city", "setup": setup, "position": pos})


def refused(state, action, rule_id):
    """Apply an illegal action: check the rule id, and that nothing changed."""
    before = state.state_hash()
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert e.value.rule_id == rule_id, (e.value.rule_id, e.value.en)
    assert e.value.ru and e.value.en
    assert state.state_hash() == before
    assert state.explain(action).rule_id == rule_id
    assert action not in [str(a) for a in state.legal_actions()]
    return e.value


def check_invariants(state, last_counts=None):
    """Forces 0..10, forces only on owned districts, influence >= 0, nobody without a district."""
    for d in state.map.numbers:
        f, o = state.forces[d], state.owner[d]
        assert 0 <= f <= 10, (d, f)
        if f:
            assert o is not None and 0 <= o < state.players, (d, o, f)
    assert all(i >= 0 for i in state.influence), state.influence
    if state.phase not in ("pick",):
        for p in range(state.players):
            assert state.count_districts(p) >= 1, f"player {p} lost their last district"


def random_action(state, rng: Dice, end_bias: int = 3):
    """A random legal action: 'end' with probability end_bias/10 in the Actions phase, else a
    uniformly chosen verb and then a uniformly chosen action of that verb."""
    if state.phase == "actions" and rng.randbelow(10) < end_bias:
        return "end"
    acts = state.legal_actions()
    verbs = sorted({a.verb for a in acts})
    verb = verbs[rng.randbelow(len(verbs))]
    acts = [a for a in acts if a.verb == verb]
    return acts[rng.randbelow(len(acts))]
