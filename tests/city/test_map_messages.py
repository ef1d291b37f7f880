"""Map refusals come from the city catalog; counted words agree with their numbers."""
import copy

import pytest

from berserk_kernel.city.maps import load_map
from berserk_kernel.core.errors import DataError


def refusal(change):
    data = copy.deepcopy(load_map("default").data)
    change(data)
    with pytest.raises(DataError) as e:
        load_map(data)
    return e.value.field, e.value.ru, e.value.en


@pytest.mark.parametrize("cells, ru, en", [
    (1, "в строке 1 клетка, а в строке 0 — 5", "row has 1 cell, expected 5 like row 0"),
    (2, "в строке 2 клетки, а в строке 0 — 5", "row has 2 cells, expected 5 like row 0"),
])
def test_a_short_row_counts_its_cells(cells, ru, en):
    assert refusal(lambda d: d["grid"].__setitem__(1, d["grid"][1][:cells])) == ("grid[1]", ru, en)


def test_too_few_start_districts_agree_with_their_number():
    assert refusal(lambda d: d.update(start=[1, 5, 21], players={"min": 2, "max": 4})) == (
        "start", "3 стартовых района на 4 игроков", "3 start districts for up to 4 players")


def test_other_map_refusals_keep_their_words():
    assert refusal(lambda d: d.update(walls=[[1, 25]])) == (
        "walls[0]", "районы 1 и 25 не имеют общей стороны, стена между ними бессмысленна",
        "districts 1 and 25 do not share a side, a wall between them means nothing")
    assert refusal(lambda d: d.update(walls=[[99, 1]])) == (
        "walls[0][0]", "неизвестный район 99: его нет на карте", "unknown district 99: not on the map")
    assert refusal(lambda d: d.update(grid=[[1, 0, 2]], start=[1, 2], players={"min": 2, "max": 2}))[1] == (
        "город распался на части: до районов [2] не дойти от района 1")
    with pytest.raises(DataError) as e:
        load_map("nope")
    assert e.value.ru == ("нет встроенной карты 'nope' (есть: crossroads, default, duel, river); "
                          "свою карту задают прямо в файле, таблицей")
