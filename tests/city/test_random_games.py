"""1,000 seeded random games to the end (R-CITY-END), checking the invariants after every action
and replaying every record to the same state hash."""
import json

import pytest

from berserk_kernel.city import load_record, new_game, record_of
from berserk_kernel.city.registry import RULES
from berserk_kernel.core.dice import Dice

from .helpers import check_invariants, random_action

MAPS = ("default", "river", "crossroads", "duel")


def setup_of(i):
    """Game i: 2..4 players on the maps that take them; every third game reads R-CITY-COST the
    other way; every fifth has no headquarters bonus."""
    m = MAPS[i % len(MAPS)]
    players = 2 if m == "duel" else 2 + (i // len(MAPS)) % 3
    options = {"cost_tiers": "owned" if i % 3 == 0 else "turn", "hq_income": 0 if i % 5 == 0 else 1}
    return dict(players=players, map=m, seed=1000 + i, options=options)


def play(i):
    g = new_game(**setup_of(i))
    rng = Dice(7_000_000 + i)
    while not g.is_over():
        before = len(g.log)
        g.apply(random_action(g, rng))
        check_invariants(g)
        assert all(e.rule_id in RULES for e in g.log[before:])
    return g


@pytest.mark.slow
def test_R_CITY_END_1000_random_games_end_keep_the_invariants_and_replay():
    """R-CITY-END / CITY-4.4 / CITY-3.4: every game ends by the round limit; after every action the
    forces per district are 0..10, every district with forces has one owner, nobody has lost their
    last district, and influence is never negative; each record replays to the same hash."""
    kinds = {"capture": 0, "hold": 0, "wipe": 0}
    verbs = set()
    for i in range(1000):
        g = play(i)
        assert g.phase == "over" and g.round == g.options.rounds and g.winners
        for e in g.log:
            if e.rule_id == "CITY-4.3":
                kinds[e.kind] += 1
        verbs |= {a.verb for a in g.actions}
        rec = json.loads(json.dumps(record_of(g)))
        assert load_record(rec).state_hash() == g.state_hash() == rec["state_hash"]
    assert all(kinds.values()), kinds                      # every battle result happened
    assert verbs == {"pick", "draw", "income", "capture", "move", "reinforce", "redeploy", "attack", "end"}
