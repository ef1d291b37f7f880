"""Capturing free districts: CITY-3.3."""
from .helpers import position, refused


def test_CITY_3_3_capture_a_free_side_neighbour_for_one_influence():
    """CITY-3.3: 1 influence, a control marker, no forces yet."""
    g = position({1: (0, 3), 25: (1, 3)}, influence=[2, 0])
    g.apply("capture 2")
    assert (g.owner[2], g.forces[2], g.influence[0]) == (0, 0, 1)
    assert g.log[-1].rule_id == "CITY-3.3" and g.log[-1].data["cost"] == 1
    assert "capture 6" in [str(a) for a in g.legal_actions()]


def test_CITY_3_3_refusals_diagonal_far_taken_own_and_no_influence():
    """CITY-3.3: no diagonals, only neighbours of your territory, only free districts, and you must
    be able to pay."""
    g = position({1: (0, 3), 2: (1, 1), 25: (1, 3)}, influence=[1, 0])
    refused(g, "capture 7", "CITY-3.3")       # diagonal to 1
    refused(g, "capture 13", "CITY-3.3")      # far away
    refused(g, "capture 2", "CITY-3.3")       # enemy district: attack it instead
    refused(g, "capture 1", "CITY-3.3")       # already yours
    g = position({1: (0, 3), 25: (1, 3)}, influence=[0, 0])
    e = refused(g, "capture 2", "CITY-3.3")   # cannot pay
    assert "1 influence" in e.en


def test_CITY_3_3_event_price_zero():
    """CITY-3.3 with the Patron event: this turn a capture costs 0."""
    g = position({1: (0, 3), 25: (1, 3)}, influence=[0, 0], turn={"capture_cost": 0})
    g.apply("capture 2")
    assert g.owner[2] == 0 and g.influence[0] == 0


def test_CITY_3_3_bring_up_to_ten_forces_from_other_districts_at_once():
    """CITY-3.3: right after the capture, up to 10 forces in all from any other own district
    (connected or not); the window closes with any other action."""
    g = position({1: (0, 6), 25: (0, 8), 13: (1, 3)}, influence=[5, 0])
    g.apply("capture 2")
    g.apply("move 25>2 7")                    # 25 is not connected to 2: still allowed
    g.apply("move 1>2 3")
    assert (g.forces[1], g.forces[2], g.forces[25]) == (3, 10, 1)
    e = refused(g, "move 1>2 1", "CITY-3.3")  # the 11th force of the capture
    assert "10" in e.en
    g = position({1: (0, 6), 25: (0, 8), 13: (1, 3)}, influence=[5, 0])
    g.apply("capture 2")
    refused(g, "move 1>2 7", "CITY-3.3")      # only 6 there
    refused(g, "move 13>2 1", "CITY-3.3")     # not yours
    refused(g, "move 25>6 1", "CITY-3.3")     # not the captured district
    g.apply("reinforce 1 +1")
    refused(g, "move 1>2 1", "CITY-3.3")      # the moment has passed
    assert not [a for a in g.legal_actions() if a.verb == "move"]
