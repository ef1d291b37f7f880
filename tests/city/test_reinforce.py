"""Reinforcing: CITY-3.4 and the tier ruling R-CITY-COST."""
from berserk_kernel.city.reinforce import cost, price

from .helpers import position, refused


def test_CITY_3_4_price_table():
    """CITY-3.4: 1st-3rd cost 1, 4th-6th 2, 7th-10th 3, 11th-13th 4, 14th on 5."""
    assert [price(k) for k in range(1, 17)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]
    assert cost(0, 10) == 3 + 6 + 12 and cost(10, 4) == 12 + 5


def test_CITY_3_4_buy_forces_for_own_districts_at_the_tiered_price():
    """CITY-3.4: four forces cost 1+1+1+2; the next two this turn cost 2+2."""
    g = position({1: (0, 0), 2: (0, 0), 25: (1, 3)}, influence=[10, 0])
    assert g.explain("reinforce 1 +4").en == "Legal: forces 1-4 cost 5 influence."
    g.apply("reinforce 1 +4")
    assert (g.forces[1], g.influence[0], g.turn["bought"]) == (4, 5, 4)
    g.apply("reinforce 2 +2")
    assert (g.forces[2], g.influence[0]) == (2, 1)
    assert g.log[-1].rule_id == "CITY-3.4" and g.log[-1].data["cost"] == 4


def test_CITY_3_4_refusals_eleventh_force_foreign_district_and_price():
    """CITY-3.4: never more than 10 on a district; only own districts; pay in full."""
    g = position({1: (0, 9), 25: (1, 3)}, influence=[30, 0])
    e = refused(g, "reinforce 1 +2", "CITY-3.4")
    assert "10" in e.en
    refused(g, "reinforce 25 +1", "CITY-3.4")
    refused(g, "reinforce 1 +0", "CITY-3.4")
    g = position({1: (0, 0), 25: (1, 3)}, influence=[4, 0])
    e = refused(g, "reinforce 1 +4", "CITY-3.4")          # 1+1+1+2 = 5 > 4
    assert "5 influence" in e.en and "you have 4" in e.en
    assert [str(a) for a in g.legal_actions() if a.verb == "reinforce"] == \
        ["reinforce 1 +1", "reinforce 1 +2", "reinforce 1 +3"]


def test_R_CITY_COST_turn_reading_restarts_each_turn():
    """R-CITY-COST (default "turn"): the count is of forces bought this turn, so it restarts."""
    g = position({1: (0, 5), 25: (1, 3)}, influence=[6, 0])
    g.apply("reinforce 1 +3")                 # 1+1+1
    assert g.influence[0] == 3
    g.apply("reinforce 1 +1")                 # the 4th this turn: 2
    assert g.influence[0] == 1
    g.apply("end")
    assert g.turn["bought"] == 0


def test_R_CITY_COST_owned_reading_counts_forces_on_the_board():
    """R-CITY-COST option "owned": with 5 forces on the board the next force is the 6th (2), the
    one after the 7th (3)."""
    g = position({1: (0, 2), 2: (0, 3), 25: (1, 3)}, influence=[10, 0], options={"cost_tiers": "owned"})
    g.apply("reinforce 1 +2")
    assert g.influence[0] == 10 - 2 - 3
    assert "already on the board" in g.log[-1].en
    g = position({1: (0, 2), 2: (0, 3), 25: (1, 3)}, influence=[10, 0])
    g.apply("reinforce 1 +2")
    assert g.influence[0] == 10 - 1 - 1
