"""Berserk's refusals of bad files and values come from berserk/data/errors.toml (and the squad
building refusals from messages.toml): the same placeholders in both languages, numbers and nouns
in agreement, and the field each one names."""
import copy
import json
import pathlib

import pytest

from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.berserk.options import Options
from berserk_kernel.berserk.position import parse_card_spec
from berserk_kernel.berserk.record import start_of
from berserk_kernel.berserk.scenario import E, state_from_dict
from berserk_kernel.core.errors import DataError

BASE = json.loads((pathlib.Path(__file__).parents[2] / "examples/scenarios/defender.json").read_text("utf-8"))


def refusal(fn, *args):
    with pytest.raises(DataError) as e:
        fn(*args)
    return e.value.source, e.value.field, e.value.ru, e.value.en


def test_every_error_message_has_the_same_placeholders_in_both_languages():
    for key in E.messages:
        assert E.placeholders(key, "ru") == E.placeholders(key, "en"), key


@pytest.mark.parametrize("lives, ru, en", [
    (1, "у карты 1 жизнь, а ран уже 1", "1 wound kills a card with 1 life"),
    (3, "у карты 3 жизни, а ран уже 3", "3 wounds kill a card with 3 lives"),
    (5, "у карты 5 жизней, а ран уже 5", "5 wounds kill a card with 5 lives"),
])
def test_too_many_wounds_names_lives_and_wounds_in_agreement(lives, ru, en):
    d = copy.deepcopy(BASE)
    d["own_cards"] = [{"id": "probe", "name": "Probe", "type": "creature", "kind": "ground", "cost": 1,
                       "elements": ["steppe"], "lives": lives, "strike": [1, 1, 1], "move": 1}]
    d["cards"][0].update(card="probe", wounds=lives)
    assert refusal(state_from_dict, d, "<t>") == ("<t>", "cards[0].wounds", ru + " — такая карта погибает (BR-15)",
                                                  en + " (BR-15)")


@pytest.mark.parametrize("n, ru, en", [
    (1, "1 открытая монета из 0", "1 open coin of 0"),
    (2, "2 открытые монеты из 0", "2 open coins of 0"),
    (5, "5 открытых монет из 0", "5 open coins of 0"),
])
def test_open_coins_agree_with_their_number(n, ru, en):
    d = copy.deepcopy(BASE)
    d["players"][0].update(coins_open=n)
    assert refusal(state_from_dict, d, "<t>") == ("<t>", "players[0].coins_open",
                                                  ru + " (открытых не больше, чем всех)", en + " (at most all of them)")


def test_other_refusals_name_their_field_in_both_languages():
    d = copy.deepcopy(BASE)
    d["cards"][1]["cell"] = "c3"
    assert refusal(state_from_dict, d, "<t>") == ("<t>", "cards[1].cell", "на клетке c3 уже стоит карта #1",
                                                  "cell c3 already holds card #1")
    d = copy.deepcopy(BASE)
    d["cards"].append({"uid": 9, "card": "pass_eagle", "owner": 0, "zone": "field", "cell": "a1"})
    assert refusal(state_from_dict, d, "<t>")[1:3] == (
        "cards[4].zone", "pass_eagle — летающее существо или местность: такой карте место во вспомогательной зоне (CR-203.1)")
    assert refusal(start_of, [], "<r>") == ("<r>", "", "запись — это JSON-объект", "a record is a JSON object")
    src, field, ru, en = refusal(Options.from_dict, {"nope": 1}, "<o>")
    assert (field, ru.split(";")[0], en.split(";")[0]) == (
        "options.nope", "неизвестная настройка правил 'nope'", "unknown rule option 'nope'")
    assert ru.split("; ")[1] == "известные: " + en.split("; ")[1][len("known: "):]
    assert refusal(parse_card_spec, "A x a1 wat=3", 4) == (
        "<position>", "cards[4]", "неизвестный флаг 'wat=3' в 'A x a1 wat=3'", "unknown flag 'wat=3' in 'A x a1 wat=3'")
    creature = {"id": "x", "name": "x", "type": "creature", "kind": "ground", "lives": 2, "strike": [3, 2, 1],
                "move": 1, "cost": 1, "elements": ["steppe"]}
    assert refusal(parse_cards, [creature], "<c>")[1:] == (
        "card[x].strike", "удар должен расти: слабый <= средний <= сильный", "the strike must grow: weak <= medium <= strong")
    terrain = {"id": "t", "name": "t", "type": "terrain", "lives": 1, "cost": 1, "elements": ["steppe"]}
    assert refusal(parse_cards, [terrain], "<c>")[1:] == (
        "card[t].lives", "у карты типа terrain нет жизней (BR-2.2)", "a card of type terrain has no lives (BR-2.2)")
    equipment = dict(terrain, id="e", type="equipment", equipment="weapon")
    assert refusal(parse_cards, [equipment], "<c>")[3] == "a card of type equipment has no lives (BR-2.2)"   # not "a equipment"
