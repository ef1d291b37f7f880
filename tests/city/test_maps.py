"""Maps as data (CITY-1): packaged maps, adjacency without diagonals, validation on load."""
import json

import pytest

from berserk_kernel.city import load_map, map_names, new_game
from berserk_kernel.core.errors import DataError

GOOD = {"id": "tiny", "name": {"ru": "Крошка", "en": "Tiny"}, "grid": [[1, 2], [3, 4]], "start": [1, 4],
        "players": {"min": 2, "max": 2}}


def broken(tmp_path, **change):
    data = dict(GOOD, **change)
    p = tmp_path / "tiny.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_map(p)
    assert e.value.source == str(p)
    return e.value


def test_CITY_1_packaged_maps_load_and_are_grids_of_numbered_districts():
    """CITY-1: at least a default map and another; each a grid with marked start districts."""
    assert {"default", "river", "crossroads", "duel"} <= set(map_names())
    for name in map_names():
        m = load_map(name)
        assert m.id == name and len(m.start) >= m.max_players and m.name.ru and m.name.en
        for d in m.numbers:
            r, c = m.pos[d]
            assert m.grid[r][c] == d


def test_CITY_1_adjacency_is_through_sides_only_and_walls_cut_it():
    """CITY-1 (with CITY-3.3/3.6 adjacency): sides only; the river map's walls separate 13 and 19,
    its bridges join 14 and 20; the crossroads has holes."""
    m = load_map("default")
    assert m.neighbours[7] == (2, 6, 8, 12) and not m.adjacent(1, 7)
    r = load_map("river")
    assert not r.adjacent(13, 19) and r.adjacent(14, 20) and r.adjacent(17, 23)
    c = load_map("crossroads")
    assert len(c) == 33 and c.neighbours[1] == (2, 4)


def test_CITY_1_a_game_on_a_map_file(tmp_path):
    """CITY-1: a map from a file plays like a packaged one and is saved whole with the game."""
    p = tmp_path / "tiny.json"
    p.write_text(json.dumps(GOOD), encoding="utf-8")
    g = new_game(2, map=str(p), seed=1)
    assert g.setup["map"] == GOOD and sorted(str(a) for a in g.legal_actions()) == ["pick 1", "pick 4"]


def test_broken_map_start_district_off_the_map(tmp_path):
    e = broken(tmp_path, start=[1, 9])
    assert e.field == "start[1]" and "9" in e.en and "not on the map" in e.en


def test_broken_map_unknown_district_in_a_wall(tmp_path):
    e = broken(tmp_path, walls=[[1, 7]])
    assert e.field == "walls[0][1]" and "unknown district 7" in e.en


def test_broken_map_other_faults(tmp_path):
    assert broken(tmp_path, grid=[[1, 2], [2, 4]]).field == "grid[1][0]"
    assert broken(tmp_path, grid=[[1, 2], [3]]).field == "grid[1]"
    assert broken(tmp_path, grid=[[1, 0], [0, 4]]).field == "grid"          # in two pieces
    assert broken(tmp_path, walls=[[1, 4]]).field == "walls[0]"             # diagonal wall
    assert broken(tmp_path, start=[1, 1]).field == "start[1]"
    assert broken(tmp_path, players={"min": 2, "max": 4}).field == "start"  # 2 starts for 4 players
    assert broken(tmp_path, grid="1 2 3").field == "grid"
    assert broken(tmp_path, colour="red").field == "colour"                 # unknown field
    e = broken(tmp_path, players={"min": 2})
    assert e.field == "players" and "max" in e.en
    p = tmp_path / "bad.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_map(p)
    assert e.value.source == str(p) and "JSON" in e.value.en
    with pytest.raises(DataError) as e:
        load_map("atlantis")
    assert e.value.field == "map" and "default" in e.value.en
