"""Redeploying: CITY-3.5."""
from .helpers import position, refused


def test_CITY_3_5_move_along_a_chain_of_own_districts():
    """CITY-3.5: 1-2-3 are all yours: forces go from 1 to 3 through 2, free of charge."""
    g = position({1: (0, 6), 2: (0, 0), 3: (0, 1), 25: (1, 3)}, influence=[0, 0])
    g.apply("redeploy 1>3 5")
    assert (g.forces[1], g.forces[3], g.influence[0]) == (1, 6, 0)
    assert g.log[-1].rule_id == "CITY-3.5"
    g.apply("redeploy 3>1 2")                 # as often as you like
    assert (g.forces[1], g.forces[3]) == (3, 4)


def test_CITY_3_5_refusals_broken_chain_foreign_same_and_too_many():
    """CITY-3.5: no jump over a gap or a diagonal; own districts only; not more than are there."""
    g = position({1: (0, 6), 3: (0, 1), 7: (0, 1), 2: (1, 2), 25: (1, 3)})
    refused(g, "redeploy 1>3 1", "CITY-3.5")      # 2 is the enemy's: the chain is broken
    refused(g, "redeploy 1>7 1", "CITY-3.5")      # diagonal only
    refused(g, "redeploy 1>2 1", "CITY-3.5")      # not yours
    refused(g, "redeploy 1>1 1", "CITY-3.5")
    g = position({1: (0, 6), 2: (0, 9), 25: (1, 3)})
    refused(g, "redeploy 1>2 7", "CITY-3.5")      # only 6 on 1
    refused(g, "redeploy 1>2 2", "CITY-3.4")      # the 11th force on 2
    assert sorted(str(a) for a in g.legal_actions() if a.verb == "redeploy") == \
        sorted(["redeploy 1>2 1"] + [f"redeploy 2>1 {n}" for n in range(1, 5)])
