"""Bad input gives a clear error naming the rule or the field, and changes nothing."""
import json

import pytest

from berserk_kernel.city import new_game
from berserk_kernel.core.errors import DataError

from .helpers import position, refused


def test_move_to_a_non_adjacent_district_is_refused_CITY_3_5_CITY_3_6_CITY_3_3():
    """CITY-3.5, CITY-3.6, CITY-3.3: redeploy across a gap, attack a diagonal, capture far away."""
    g = position({1: (0, 5), 3: (0, 1), 7: (1, 3), 25: (1, 1)}, influence=[3, 0])
    refused(g, "redeploy 1>3 2", "CITY-3.5")
    refused(g, "attack 1>7 2", "CITY-3.6")
    refused(g, "capture 13", "CITY-3.3")


def test_more_influence_than_owned_is_refused_CITY_3_4_CITY_3_3():
    """CITY-3.4 and CITY-3.3: you cannot spend influence you do not have."""
    g = position({1: (0, 0), 25: (1, 1)}, influence=[2, 0])
    e = refused(g, "reinforce 1 +3", "CITY-3.4")
    assert "3 influence" in e.en and "you have 2" in e.en
    g = position({1: (0, 0), 25: (1, 1)}, influence=[0, 0])
    refused(g, "capture 2", "CITY-3.3")


def test_an_eleventh_force_is_refused_CITY_3_4():
    """CITY-3.4: by buying or by redeploying, a district never holds 11 forces."""
    g = position({1: (0, 10), 2: (0, 4), 25: (1, 1)}, influence=[20, 0])
    refused(g, "reinforce 1 +1", "CITY-3.4")
    refused(g, "redeploy 2>1 1", "CITY-3.4")


def test_a_second_attack_without_an_event_is_refused_CITY_3_6():
    """CITY-3.6: one attack a turn."""
    g = position({1: (0, 6), 2: (1, 2), 25: (1, 1)}, forced=[1] * 10)
    g.apply("attack 1>2 1")
    refused(g, "attack 1>2 1", "CITY-3.6")


def test_a_broken_map_file_names_the_file_and_field_and_no_game_starts(tmp_path):
    """CITY-1: a broken map file is refused on load with the file and the field."""
    p = tmp_path / "city.json"
    p.write_text(json.dumps({"id": "x", "name": {"ru": "x", "en": "x"}, "grid": [[1, 2]], "start": [1, 3],
                             "players": {"min": 2, "max": 2}}), encoding="utf-8")
    with pytest.raises(DataError) as e:
        new_game(2, map=str(p))
    assert (e.value.source, e.value.field) == (str(p), "start[1]")
    assert "start district 3 is not on the map" in str(e.value)


def test_unreadable_actions_are_data_errors_and_change_nothing():
    g = position({1: (0, 6), 2: (1, 2), 25: (1, 1)})
    before = g.state_hash()
    for text in ("fly 1>2", "attack 1-2 3", "", "reinforce x +1"):
        with pytest.raises(DataError) as e:
            g.apply(text)
        assert e.value.field == "action" and e.value.ru and e.value.en
    assert g.state_hash() == before
