"""Attacks and battles: CITY-3.6, CITY-4.1, CITY-4.2, CITY-4.3, CITY-4.4."""
from .helpers import position, refused


def duel(attackers=5, defenders=3, forced=(), **kw):
    """A on 1 (and 6), B on 2 and 25: A may attack 2 from 1."""
    return position({1: (0, attackers), 6: (0, 1), 2: (1, defenders), 25: (1, 1)}, forced=forced, **kw)


def test_CITY_3_6_one_attack_a_turn():
    """CITY-3.6: one attack; a second is refused with the rule id."""
    g = duel(forced=[1] * 8)
    g.apply("attack 1>2 5")
    assert g.turn["attacks"] == 1
    e = refused(g, "attack 1>2 1", "CITY-3.6")
    assert "1 of 1" in e.en
    assert not [a for a in g.legal_actions() if a.verb == "attack"]


def test_CITY_3_6_an_event_allows_a_second_attack():
    """CITY-3.6 with Second Front: two attacks this turn, not three."""
    g = duel(forced=[1] * 30, turn={"attack_limit": 2})
    g.apply("attack 1>2 2")
    g.apply("attack 1>2 1")
    refused(g, "attack 1>2 1", "CITY-3.6")


def test_CITY_3_6_truce_forbids_attacks():
    """CITY-3.6 with Truce: attack_limit 0 means no attack at all."""
    e = refused(duel(turn={"attack_limit": 0}), "attack 1>2 1", "CITY-3.6")
    assert "forbids" in e.en


def test_CITY_3_6_refusals_not_adjacent_free_own_and_counts():
    """CITY-3.6: from your own district into a side-adjacent enemy one, with 1..all of its forces."""
    g = position({1: (0, 5), 7: (1, 2), 8: (1, 1), 2: (0, 1), 3: (None, 0)})
    refused(g, "attack 1>7 1", "CITY-3.6")     # diagonal
    refused(g, "attack 2>8 1", "CITY-3.6")     # diagonal
    refused(g, "attack 1>3 1", "CITY-3.6")     # free: capture it instead
    refused(g, "attack 1>2 1", "CITY-3.6")     # own
    refused(g, "attack 7>2 1", "CITY-3.6")     # not from your district
    g = duel()
    refused(g, "attack 1>2 6", "CITY-3.6")     # only 5 there
    refused(g, "attack 1>2 0", "CITY-3.6")


def test_CITY_4_1_attacker_needs_7_defender_needs_6():
    """CITY-4.1: one die per force; 7+ hits for the attacker, 6+ for the defender."""
    g = duel(2, 2, forced=[7, 6, 6, 5])
    g.apply("attack 1>2 2")
    b = g.last_battle
    assert (b["rolls_attack"], b["rolls_defence"]) == ([7, 6], [6, 5])
    assert (b["hits_attack"], b["hits_defence"]) == (1, 1)
    assert g.dice.count == 4
    roll = [e for e in g.log if e.rule_id == "CITY-4.1"][-1]
    assert roll.data == {"attack": [7, 6], "defence": [6, 5]}


def test_CITY_4_1_event_thresholds():
    """CITY-4.1 as changed by High Morale (6+) and Barricades (defence 5+)."""
    g = duel(1, 1, forced=[6, 5], turn={"attack_hit": 6, "defence_hit": 5})
    g.apply("attack 1>2 1")
    assert (g.last_battle["hits_attack"], g.last_battle["hits_defence"]) == (1, 1)


def test_CITY_4_2_losses_are_simultaneous():
    """CITY-4.2: the defender strikes back with every die even when wiped out by the same roll."""
    g = duel(2, 1, forced=[9, 9, 10])
    g.apply("attack 1>2 2")
    assert (g.last_battle["attackers_left"], g.last_battle["defenders_left"]) == (1, 0)
    assert (g.owner[2], g.forces[2], g.forces[1]) == (0, 1, 0)


def test_CITY_4_3_capture_survivors_stay():
    """CITY-4.3: no defenders left -> the attacker takes the district, survivors stay there."""
    g = duel(5, 2, forced=[7, 8, 1, 1, 1, 6, 1])
    g.apply("attack 1>2 5")
    assert g.last_battle["result"] == "capture"
    assert (g.owner[2], g.forces[2], g.forces[1]) == (0, 4, 0)


def test_CITY_4_3_hold_survivors_go_back():
    """CITY-4.3: a defender left -> the district stays; the attack's survivors return."""
    g = duel(5, 3, forced=[7, 1, 1, 1, 1, 6, 6, 1])
    g.apply("attack 1>2 4")
    assert g.last_battle["result"] == "hold"
    assert (g.owner[2], g.forces[2], g.forces[1]) == (1, 2, 1 + 2)


def test_CITY_4_3_both_wiped_out_keep_owners():
    """CITY-4.3: nobody left on either side -> both districts keep their owners."""
    g = duel(5, 1, forced=[7, 6])
    g.apply("attack 1>2 1")
    assert g.last_battle["result"] == "wipe"
    assert (g.owner[1], g.forces[1], g.owner[2], g.forces[2]) == (0, 4, 1, 0)


def test_CITY_4_3_empty_enemy_district_is_taken_without_dice():
    """CITY-4.3: with no defending forces there is no battle: the attackers take it, nobody rolls."""
    g = duel(5, 0)
    g.apply("attack 1>2 3")
    assert (g.owner[2], g.forces[2], g.forces[1], g.dice.count) == (0, 3, 2, 0)


def test_CITY_4_4_last_district_cannot_be_attacked():
    """CITY-4.4: B's only district is immune; not even listed."""
    g = position({1: (0, 5), 2: (1, 1)})
    refused(g, "attack 1>2 1", "CITY-4.4")
    assert not [a for a in g.legal_actions() if a.verb == "attack"]


def test_CITY_4_4_nobody_loses_their_last_district_after_a_capture():
    """CITY-4.4: after B drops to one district, that one is immune too."""
    g = position({1: (0, 5), 2: (1, 0), 3: (1, 1)}, turn={"attack_limit": 2}, forced=[1] * 10)
    g.apply("attack 1>2 2")
    assert g.owner[2] == 0 and g.count_districts(1) == 1
    refused(g, "attack 2>3 1", "CITY-4.4")
