"""Every kind of bad input gives a clear error naming the problem and changes nothing."""
import json

import pytest

from berserk_kernel.berserk import A, load_cards, new_game, position
from berserk_kernel.berserk.record import replay_record
from berserk_kernel.berserk.scenario import load_scenario, state_from_dict
from berserk_kernel.core.errors import DataError, IllegalAction


def test_unknown_card_in_a_scenario():
    with pytest.raises(DataError) as e:
        state_from_dict({"cards": [{"card": "no_such_card", "owner": 0, "cell": "a1"}]}, "x.json")
    assert e.value.source == "x.json" and e.value.field == "cards[0].card"
    assert "no_such_card" in str(e.value)


def test_cell_off_the_field():
    with pytest.raises(DataError) as e:
        position("A gorge_warden f7")
    assert e.value.field == "cards[0].cell" and "a1..e6" in e.value.en
    with pytest.raises(DataError):
        A("move #1 z9")


def test_two_cards_on_one_cell():
    with pytest.raises(DataError) as e:
        position("A gorge_warden c2", "B bog_troll c2")
    assert e.value.field == "cards[1].cell" and "already holds" in e.value.en


def test_closed_card_told_to_move():
    """BR-9.2: a closed card neither acts nor moves."""
    s = position("A gorge_warden c2 closed")
    h = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply("move #1 c3")
    assert e.value.rule_id == "BR-9.2" and "closed" in e.value.en and "закрыт" in e.value.ru
    assert s.state_hash() == h


def test_record_with_an_illegal_action():
    s = new_game(seed=1)
    record = {"game": "berserk", "setup": {"decks": ["mountain_forest", "darkness_swamp_steppe"]},
              "seed": 1, "actions": [str(s.legal_actions()[0]), "move #1 c3"]}
    with pytest.raises(DataError) as e:
        replay_record(record, "r.json")
    assert e.value.field == "actions[1]" and "BR-7" in e.value.en


def test_record_with_unreadable_action_and_wrong_hash():
    with pytest.raises(DataError) as e:
        replay_record({"game": "berserk", "setup": {"decks": ["mountain_forest", "darkness_swamp_steppe"]},
                       "seed": 1, "actions": ["fly away"]}, "r.json")
    assert e.value.field == "actions[0]" and "unknown action" in e.value.en
    with pytest.raises(DataError) as e:
        replay_record({"game": "berserk", "setup": {"decks": ["mountain_forest", "darkness_swamp_steppe"]},
                       "seed": 1, "actions": [], "state_hash": "0" * 64}, "r.json")
    assert e.value.field == "state_hash"


def test_broken_scenario_files(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert "not valid JSON" in e.value.en and str(p) == e.value.source
    p.write_text(json.dumps({"cards": [{"card": "gorge_warden", "owner": 3}]}), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert e.value.field == "cards[0].owner"
    p.write_text(json.dumps({"cards": [{"card": "gorge_warden", "owner": 0, "cell": "c2", "wounds": 5}]}), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert e.value.field == "cards[0].wounds" and "BR-15" in e.value.en
    p.write_text(json.dumps({"cards": [{"card": "pass_eagle", "owner": 0, "cell": "c2"}]}), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert e.value.field == "cards[0].zone" and "CR-203.1" in e.value.en
    p.write_text(json.dumps({"cards": [{"card": "notched_axe", "owner": 0, "host": 9, "uid": 1}]}), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert "host #9" in e.value.en


def test_broken_card_files_name_file_card_and_field(tmp_path):
    p = tmp_path / "cards.toml"
    p.write_text('[[card]]\nid = "x"\nname = {ru = "Икс", en = "X"}\ntype = "creature"\nkind = "ground"\n'
                 'cost = 2\nelite = false\nelements = ["fire"]\nlives = 2\nmove = 1\nstrike = [1,1,2]\n', encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_cards(p)
    assert e.value.source == str(p) and e.value.field == "card[x].elements[0]"
    p.write_text('[[card]]\nid = "x"\nname = {ru = "Икс", en = "X"}\ntype = "creature"\nkind = "ground"\n'
                 'cost = 2\nelite = false\nelements = []\nlives = 2\nmove = 1\nstrike = [3,1,2]\n', encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_cards(p)
    assert e.value.field == "card[x].strike" and "weak <= medium" in e.value.en
    p.write_text('[[card]]\nid = "t"\nname = {ru = "Т", en = "T"}\ntype = "terrain"\n'
                 'cost = 2\nelite = false\nelements = []\nlives = 2\n', encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_cards(p)
    assert e.value.field == "card[t].lives" and "BR-2.2" in e.value.en
    p.write_text('[[card]\nbroken', encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_cards(p)
    assert "TOML" in e.value.en


def test_unknown_deck_and_deck_limits():
    with pytest.raises(DataError) as e:
        new_game(decks=("mountain_forest", "no_deck"))
    assert e.value.field == "decks[1]"
    with pytest.raises(DataError) as e:
        new_game(decks=(["gorge_warden"] * 30, "mountain_forest"))
    assert "at most 3 copies" in e.value.en
    with pytest.raises(DataError) as e:
        new_game(options={"gold": "many"})
    assert e.value.field == "options.gold"


def test_action_on_a_card_that_does_not_exist():
    s = position("A gorge_warden c2")
    h = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply("move #99 c3")
    assert e.value.rule_id == "CR-play-zone" and s.state_hash() == h
