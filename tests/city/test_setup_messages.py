"""Setup refusals come from the city catalog; the colour count agrees with the number of players."""
import pytest

from berserk_kernel.city.scenario import load_scenario
from berserk_kernel.city.setup import check_colours, new_game
from berserk_kernel.core.errors import DataError

from .helpers import position, refused


@pytest.mark.parametrize("players, ru, en", [
    (1, "CITY-2.1: 1 игроку нужен 1 цвет, получено 2", "CITY-2.1: 1 player needs 1 colour, got 2"),
    (3, "CITY-2.1: 3 игрокам нужно 3 цвета, получено 2", "CITY-2.1: 3 players need 3 colours, got 2"),
    (5, "CITY-2.1: 5 игрокам нужно 5 цветов, получено 2", "CITY-2.1: 5 players need 5 colours, got 2"),
])
def test_the_colour_count_agrees_with_the_players(players, ru, en):
    with pytest.raises(DataError) as e:
        check_colours(("orange", "sky"), players)
    assert (e.value.field, e.value.ru, e.value.en) == ("setup.colours", ru, en)


def test_other_setup_refusals_keep_their_words():
    with pytest.raises(DataError) as e:
        new_game(players=2, colours=("orange", "teal"))
    assert e.value.field == "setup.colours[1]"
    assert e.value.ru == ("CITY-2.1: неизвестный цвет 'teal' "
                          "(есть: orange, sky, green, purple, yellow, blue, vermillion)")
    with pytest.raises(DataError) as e:
        new_game(players=2, colours=("sky", "sky"))
    assert e.value.ru == "CITY-2.1: цвет 'sky' уже занят другим игроком"
    with pytest.raises(DataError) as e:
        new_game(seed="a")
    assert (e.value.field, e.value.ru, e.value.en) == (
        "setup.seed", "ожидалось целое число, получено 'a'", "expected a whole number, got 'a'")
    with pytest.raises(DataError) as e:
        new_game(forced=(11,))
    assert (e.value.field, e.value.ru) == ("setup.forced[0]", "CITY-1: на d10 выпадает 1..10, получено 11")
    with pytest.raises(DataError) as e:
        new_game(players=3, map="duel")
    assert e.value.ru.startswith("карта 'duel' рассчитана на 2-2 игроков, получено 3")


@pytest.mark.parametrize("field", ["influence", "hq"])
def test_a_scenario_list_per_player_counts_its_values(field):
    data = {"game": "city", "setup": {"players": 3, "seed": 3}, "position": {field: [1]}}
    with pytest.raises(DataError) as e:
        load_scenario(data)
    assert (e.value.field, e.value.ru, e.value.en) == (
        f"position.{field}", "ожидалось 3 значения, по одному на игрока, получено 1",
        "expected 3 values, one per player, got 1")


def test_state_refusals_and_names_come_from_the_catalog():
    g = new_game(players=4, seed=1)
    assert g.name(0) == ("Игрок A", "Player A") and g.name(3) == ("Игрок D", "Player D")
    g = position({1: (0, 1), 25: (1, 9)}, options={"rounds": 1}, phase="actions", current=1)
    g.apply("end")
    assert g.phase == "over"
    e = refused(g, "end", "R-CITY-END")
    assert (e.ru, e.en) == ("Игра окончена: ходов больше нет.", "The game is over: no more moves.")
