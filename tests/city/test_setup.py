"""Setting up: CITY-1, CITY-2.1, CITY-2.2, CITY-2.3, CITY-2.4."""
import pytest

from berserk_kernel.city import Action, CityState, new_game
from berserk_kernel.core.errors import DataError

from .helpers import position, refused


def test_CITY_1_map_of_numbered_square_districts_and_d10():
    """CITY-1: the default city is 5x5 numbered square districts; rolls are d10; an unknown
    district number is refused by CITY-1."""
    g = new_game(2, seed=3)
    assert g.map.rows == g.map.cols == 5 and g.map.numbers == tuple(range(1, 26))
    assert g.log[0].rule_id == "CITY-1" and "25" in g.log[0].en
    rolls = [e.data["dice"] for e in g.log if e.kind == "roll"]
    assert rolls and all(1 <= v <= 10 for pair in rolls for v in pair)
    for _ in range(2):
        g.apply(g.legal_actions()[0])
    g.apply("draw")
    g.apply("income")
    refused(g, "capture 99", "CITY-1")
    refused(g, "reinforce 0 +1", "CITY-1")


def test_CITY_1_a_d10_never_shows_eleven():
    """CITY-1: forced values must be faces of a d10; a battle that would read an 11 fails and
    changes nothing."""
    with pytest.raises(DataError) as e:
        new_game(2, forced=[11])
    assert e.value.field == "setup.forced[0]" and "CITY-1" in e.value.en
    g = position({1: (0, 3), 2: (1, 2), 25: (1, 1)})
    g.dice.force(11)
    before = g.state_hash()
    with pytest.raises(ValueError):
        g.apply("attack 1>2 1")
    assert g.state_hash() == before


def test_CITY_2_1_one_colour_each():
    """CITY-2.1: every player gets a colour of their own; a shared colour is refused by name."""
    g = new_game(3, seed=1, colours=["green", "orange", "blue"])
    assert g.colours == ("green", "orange", "blue")
    assert [e.data["colour"] for e in g.log if e.rule_id == "CITY-2.1"] == ["green", "orange", "blue"]
    with pytest.raises(DataError) as e:
        new_game(2, colours=["orange", "orange"])
    assert e.value.field == "setup.colours[1]" and "CITY-2.1" in e.value.en
    with pytest.raises(DataError) as e:
        new_game(2, colours=["orange", "pink"])
    assert e.value.field == "setup.colours[1]"


def test_CITY_2_2_initiative_two_d10_and_picks_in_falling_order():
    """CITY-2.2: 2d10 each; the highest picks first; a control marker and 3 forces go on the pick."""
    g = new_game(2, seed=1, forced=[3, 4, 9, 9])          # A: 7, B: 18
    assert g.initiative == ((0, 3, 4, 0), (1, 9, 9, 0))
    assert g.order == (1, 0) and g.current_player() == 1 and g.phase == "pick"
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"pick {d}" for d in g.map.start)
    g.apply("pick 5")
    assert (g.owner[5], g.forces[5], g.hq[1]) == (1, 3, 5)
    assert g.current_player() == 0
    refused(g, "pick 5", "CITY-2.2")        # already taken
    refused(g, "pick 2", "CITY-2.2")        # not a start district
    refused(g, "draw", "CITY-2.2")          # picks come first
    g.apply(Action.pick(21))
    assert (g.owner[21], g.forces[21], g.hq[0]) == (0, 3, 21)
    assert (g.phase, g.round, g.current) == ("event", 1, 1)   # the first turn is the highest roller's
    g.apply("draw")
    g.apply("income")
    refused(g, "pick 1", "CITY-2.2")        # only before the first turn


def test_CITY_2_2_ties_are_rerolled_among_the_tied_only():
    """CITY-2.2 (tie rule): equal totals roll again among themselves; others keep their places."""
    g = new_game(3, seed=1, forced=[5, 5, 6, 4, 9, 6, 1, 1, 2, 3])   # A 10, B 10, C 15; re-roll A 2, B 5
    assert g.order == (2, 1, 0)
    rerolls = [e for e in g.log if e.kind == "roll" and e.data["depth"] == 1]
    assert [e.data["player"] for e in rerolls] == [0, 1] and "re-roll" in rerolls[0].en


def test_CITY_2_2_start_district_can_be_captured_unless_last():
    """CITY-2.2: a start district is taken like any other when it is not its owner's last."""
    g = position({1: (0, 3), 2: (1, 0), 5: (1, 3)}, hq=[1, 2], forced=[8])
    g.apply("attack 1>2 1")
    assert g.owner[2] == 0 and g.forces[2] == 1
    refused(position({1: (0, 3), 2: (1, 2)}, hq=[1, 2]), "attack 1>2 1", "CITY-4.4")


def test_CITY_2_3_everyone_starts_with_one_influence():
    """CITY-2.3: 1 influence token each (CityState(...) is new_game(...))."""
    g = new_game(4, seed=2)
    assert CityState(4, seed=2).state_hash() == g.state_hash()
    assert g.influence == [1, 1, 1, 1]
    assert any(e.rule_id == "CITY-2.3" for e in g.log)


def test_CITY_2_4_the_event_deck_is_shuffled_face_down():
    """CITY-2.4: the deck is every card once per copy, in a seeded order."""
    a, b, c = new_game(2, seed=1), new_game(2, seed=1), new_game(2, seed=2)
    assert sorted(a.deck) == sorted(a.deck_def.pile()) and len(a.deck) == 21
    assert a.deck == b.deck and a.deck != c.deck and a.deck != a.deck_def.pile()
    assert a.discard == [] and any(e.rule_id == "CITY-2.4" for e in a.log)


def test_bad_setup_values_name_the_field():
    with pytest.raises(DataError) as e:
        new_game(5)
    assert e.value.field == "setup.players"
    with pytest.raises(DataError) as e:
        new_game(3, map="duel")
    assert e.value.field == "setup.players"
    with pytest.raises(DataError) as e:
        new_game(2, options={"rounds": 0})
    assert e.value.field == "setup.options.rounds"
    with pytest.raises(DataError) as e:
        new_game(2, options={"colour": 1})
    assert e.value.field == "setup.options.colour"
