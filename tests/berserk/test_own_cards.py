"""Own cards: definitions given as data (TOML text, tables) with short defaults, in `position(cards=...)`
and in a scenario's ``own_cards``; saved with the position, reloaded to the same hash, played to the end."""
from __future__ import annotations

import random

import pytest

from berserk_kernel.berserk import BerserkState, load_cards, load_scenario, parse_cards, position, save_scenario
from berserk_kernel.berserk import new_game
from berserk_kernel.berserk.cards import demo_cards
from berserk_kernel.berserk.record import load_record, make_record, replay_record, save_record
from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError

GUARD = {"id": "test_guard", "name": {"ru": "Страж-проба", "en": "Test Guard"}, "lives": 4, "strike": [2, 2, 3]}
IMP = {"id": "test_imp", "name": "Бесёнок", "lives": 2, "move": 2,
       "abilities": [{"id": "armour", "kind": "constant", "modifier": {"armour": 1}, "text": "Броня 1"}]}


def _two_card_scenario() -> dict:
    return {"own_cards": [GUARD, IMP], "dice": {"seed": 11},
            "cards": [{"card": "test_guard", "owner": 0, "cell": "c2"},
                      {"card": "test_imp", "owner": 1, "cell": "c4"},
                      {"card": "test_imp", "owner": 1, "cell": "b5", "wounds": 1}]}


def _play_to_end(s, seed=0, cap=600):
    """Strike when possible, otherwise a seeded choice; the game ends (BR-1) before the cap."""
    rng = random.Random(seed)
    for _ in range(cap):
        legal = s.legal_actions()
        if not legal:
            break
        strikes = [a for a in legal if str(a).startswith("strike")]
        s.apply(rng.choice(strikes or legal))
    return s


def test_short_definitions_get_the_documented_defaults():
    d = parse_cards({"id": "x"})["x"]
    assert (d.name.ru, d.name.en, d.type, d.kind, d.cost, d.elite, d.elements) == ("x", "x", "creature", "ground", 0, False, ())
    assert (d.lives, d.move, d.strike) == (1, 1, (1, 1, 1))
    one_language = parse_cards([{"id": "y", "name": {"en": "Why"}, "type": "artifact"}])["y"]
    assert one_language.name.ru == "Why" and one_language.lives == 1 and one_language.strike == (0, 0, 0)
    symbiote = parse_cards({"id": "s", "kind": "symbiote", "lives": 2})["s"]
    assert symbiote.move == 0 and not symbiote.has_strike
    imp = parse_cards(IMP)["test_imp"]
    assert imp.ability("armour").text.en == "Броня 1" and imp.ability("armour").timing == "constant"


def test_every_form_of_data_gives_the_same_definitions():
    toml = '[[card]]\nid = "test_guard"\nname = { ru = "Страж-проба", en = "Test Guard" }\nlives = 4\nstrike = [2, 2, 3]\n'
    forms = [toml, GUARD, [GUARD], {"card": [GUARD]}]
    defs = [parse_cards(f) for f in forms]
    assert all(d == defs[0] for d in defs) and list(defs[0]) == ["test_guard"]
    assert defs[0]["test_guard"].strike == (2, 2, 3)


def test_a_full_card_file_still_loads_and_the_demo_set_is_unchanged(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[[card]]\nid = "bog"\nname = "Болотник"\ncost = 3\nelements = ["swamp"]\nlives = 3\n', "utf-8")
    defs = load_cards(path)
    assert defs["bog"].elements == ("swamp",) and defs["bog"].cost == 3
    assert demo_cards()["gorge_warden"].lives == 5 and len(demo_cards()) >= 60


def test_a_scenario_with_two_own_cards_builds_saves_reloads_and_plays_to_the_end(tmp_path):
    s = BerserkState.from_dict(_two_card_scenario(), "<t>")
    assert s.defs["test_guard"].lives == 4 and s.defs["gorge_warden"] is demo_cards()["gorge_warden"]
    saved = s.to_dict()
    assert [c["id"] for c in saved["own_cards"]] == ["test_guard", "test_imp"]
    path = tmp_path / "own.json"
    save_scenario(s, path)
    again = load_scenario(path)
    assert again.state_hash() == s.state_hash()
    via_link = share.load(share.encode(saved))
    assert via_link.state_hash() == s.state_hash()
    end = _play_to_end(again, seed=3)
    assert end.phase == "over" and end.winner in (0, 1)
    assert end.state_hash() == _play_to_end(s, seed=3).state_hash()      # the reloaded game plays the same
    assert load_scenario(_save(end, tmp_path)).state_hash() == end.state_hash()


def _save(s, tmp_path):
    path = tmp_path / "end.json"
    save_scenario(s, path)
    return path


def test_the_own_armour_works_in_play():
    s = position("A test_guard c2", "B test_imp c3", cards=[GUARD, dict(IMP, lives=3)], forced=(6, 1))
    s.apply("strike #1 #2")
    imp = s.cards[2]
    assert imp.zone == "field" and imp.wounds == 2    # a strong strike of 3 (BR-10.4), armour 1 (BR-17)
    assert "Test Guard deals 3 wounds" in s.log_text("en") and "[BR-17]" in s.log_text("en")
    assert "Бесёнок" in s.log_text("ru")


def test_position_takes_definitions_and_saves_only_the_used_own_cards():
    s = position("A test_guard c2", "B gorge_warden c3", cards=[GUARD, IMP])
    saved = s.to_dict()
    assert [c["id"] for c in saved["own_cards"]] == ["test_guard"]
    assert BerserkState.from_dict(saved).state_hash() == s.state_hash()
    assert "own_cards" not in position("A gorge_warden c2", "B bog_troll c3").to_dict()


def test_a_redefined_demo_card_is_saved_and_wins_over_the_demo_one():
    s = position("A gorge_warden c2", "B bog_troll c3", cards={"id": "gorge_warden", "name": "Страж", "lives": 9})
    assert s.card(1)[1].lives == 9
    saved = s.to_dict()
    assert saved["own_cards"][0]["lives"] == 9
    assert BerserkState.from_dict(saved).card(1)[1].lives == 9


@pytest.mark.parametrize("bad, field, words", [
    ({"id": "x", "strike": [3, 2, 1]}, "own_cards[x].strike", "must grow"),
    ({"id": "x", "lives": 0}, "own_cards[x].lives", "at least 1"),
    ({"id": "x", "type": "spell"}, "own_cards[x].type", "spell"),
    ({"id": "x", "elements": ["fire"]}, "own_cards[x].elements[0]", "fire"),
    ({"id": "x", "type": "terrain", "lives": 2}, "own_cards[x].lives", "BR-2.2"),
    ({"id": "X Y"}, "own_cards[X Y].id", "pattern"),
    ({"name": "no id"}, "own_cards[1].id", "missing"),
    ({"id": "x", "abilities": [{"id": "a", "kind": "fireball", "timing": "activated"}]},
     "own_cards[x].abilities[a].kind", "fireball"),
    ({"id": "x", "colour": "red"}, "own_cards[x].colour", "unknown field"),
])
def test_bad_own_cards_in_a_scenario_name_the_source_and_field(bad, field, words):
    data = _two_card_scenario()
    data["own_cards"] = [GUARD, bad]
    with pytest.raises(DataError) as e:
        BerserkState.from_dict(data, "mine.json")
    assert (e.value.source, e.value.field) == ("mine.json", field)
    assert words in e.value.en and e.value.ru


def test_other_bad_card_data_is_refused_in_words():
    with pytest.raises(DataError) as e:
        parse_cards([GUARD, GUARD])
    assert e.value.field == "card[test_guard].id" and "duplicate" in e.value.en
    with pytest.raises(DataError) as e:
        parse_cards(7)
    assert e.value.source == "<cards>" and "TOML" in e.value.en
    with pytest.raises(DataError) as e:
        parse_cards('[[card]]\nid = "x"\nlives = \n', "paste.toml")
    assert e.value.source == "paste.toml" and "TOML" in e.value.en
    with pytest.raises(DataError) as e:
        position("A test_guard c2", "B bog_troll c3")            # not defined: unknown card
    assert e.value.field == "cards[0].card"
    with pytest.raises(DataError) as e:
        position("A x c2", "B bog_troll c3", cards={"id": "x", "lives": "many"})
    assert (e.value.source, e.value.field) == ("<cards>", "card[x].lives")
    data = _two_card_scenario()
    data["own_cards"] = "not a list"
    with pytest.raises(DataError) as e:
        BerserkState.from_dict(data, "f.json")
    assert e.value.field == "own_cards"


def test_a_deck_of_own_cards_plays_a_whole_game_and_its_record_replays(tmp_path):
    defs = {**demo_cards(), **parse_cards([GUARD, IMP])}
    deck = {"test_guard": 3, "test_imp": 3, "gorge_warden": 3, "deep_stonecutter": 3, "crag_slinger": 3,
            "forest_archer": 3, "deadfall_wolf": 3, "forest_boar": 3, "pass_eagle": 3, "forest_owl": 3}
    g = new_game([deck, "darkness_swamp_steppe"], seed=5, defs=defs, options={"turn_limit": 30})
    _play_to_end(g, seed=1, cap=3000)
    assert g.phase == "over"
    rec = make_record(g)
    assert [c["id"] for c in rec["own_cards"]] == ["test_guard", "test_imp"]
    path = tmp_path / "game.json"
    save_record(g, path)
    assert load_record(path).state_hash() == g.state_hash()
    rec["own_cards"][0]["strike"] = [3, 2, 1]
    with pytest.raises(DataError) as e:
        replay_record(rec, "game.json")
    assert (e.value.source, e.value.field) == ("game.json", "own_cards[test_guard].strike")
