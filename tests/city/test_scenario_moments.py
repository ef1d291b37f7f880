"""Any moment of a Battle for the City game as a scenario: the map, forces, influence, the event deck
in order, the phase, a turn in the middle of its attacks and an open capture window. Each is built,
saved (dict, file, link), reloaded to the same state hash and played on to the end like the original."""
from __future__ import annotations

import json

import pytest

from berserk_kernel.city import load_scenario, save_scenario
from berserk_kernel.core import share
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import DataError

from .helpers import random_action

DECK = ["quiet-day", "market-day", "truce", "night-raid", "reinforcements"]


def mid_attack() -> dict:
    """Round 3, player A's actions: this turn's event («Второй фронт») allows two attacks; A has
    attacked once from 13 into 14 and captured it; the second attack is still to come."""
    return {
        "game": "city", "kind": "scenario",
        "title": {"ru": "Между двумя атаками", "en": "Between two attacks"},
        "setup": {"players": 2, "map": "default", "seed": 5, "options": {"rounds": 4}},
        "position": {
            "phase": "actions", "round": 3, "current": 0, "order": [0, 1],
            "districts": {"13": {"owner": 0, "forces": 1}, "14": {"owner": 0, "forces": 3},
                          "15": {"owner": 1, "forces": 2}, "20": {"owner": 1, "forces": 4},
                          "12": {"owner": 0, "forces": 2}, "25": {"owner": 1, "forces": 1}},
            "influence": [2, 5], "hq": [12, 20],
            "deck": DECK, "discard": ["second-front"], "last_event": "second-front",
            "turn": {"attacks": 1, "attack_limit": 2},
            "last_battle": {"attackers": 4, "defenders": 3, "rolls_attack": [7, 9, 2, 8], "rolls_defence": [6, 1, 3],
                            "hits_attack": 3, "hits_defence": 1, "attackers_left": 3, "defenders_left": 0,
                            "result": "capture", "src": 13, "dst": 14, "attacker": 0, "defender": 1},
            "forced": [8, 9, 3, 2],
        },
    }


def reloaded(s, tmp_path):
    again = load_scenario(json.loads(json.dumps(s.to_dict())))
    path = tmp_path / "moment.json"
    save_scenario(s, path)
    from_file = load_scenario(path)
    from_link = share.load(share.encode(s.to_dict()))
    for other in (again, from_file, from_link):
        assert other.state_hash() == s.state_hash()
        assert [str(a) for a in other.legal_actions()] == [str(a) for a in s.legal_actions()]
    return from_file


def play_to_end(s, seed):
    rng = Dice(seed)
    for _ in range(5000):
        if s.phase == "over":
            break
        s.apply(random_action(s, rng))
    assert s.phase == "over" and s.winners
    return s


def plays_on_alike(s, t, script=(), seed=0):
    for a in script:
        s.apply(a)
        t.apply(a)
        assert t.state_hash() == s.state_hash()
    assert play_to_end(t, seed).state_hash() == play_to_end(s, seed).state_hash()
    return t


def test_a_position_mid_attack_saves_reloads_and_plays_on(tmp_path):
    s = load_scenario(mid_attack(), "mid.json")
    assert s.turn["attacks"] == 1 and s.turn["attack_limit"] == 2 and s.last_battle["dst"] == 14
    assert s.deck == DECK and s.discard == ["second-front"]
    assert "attack 14>15 2" in [str(a) for a in s.legal_actions()]
    t = reloaded(s, tmp_path)
    t = plays_on_alike(s, t, ["attack 14>15 2"], seed=3)
    first = next(e for e in t.log if e.kind == "roll")
    assert first.data == {"attack": [8, 9], "defence": [3, 2]}            # the forced dice, in order
    assert any(e.rule_id == "CITY-4.3" and e.data.get("district") == 15 and e.data.get("forces") == 2 for e in t.log)


def test_the_second_attack_is_the_last_one_this_turn(tmp_path):
    s = load_scenario(mid_attack(), "mid.json")
    s.apply("attack 14>15 2")
    assert s.turn["attacks"] == 2
    assert not [a for a in s.legal_actions() if a.verb == "attack"]
    t = reloaded(s, tmp_path)
    v = t.explain("attack 15>20 1")
    assert not v.ok and v.rule_id == "CITY-3.6" and "2 of 2 attacks" in v.en


def test_an_open_capture_window_saves_reloads_and_plays_on(tmp_path):
    data = mid_attack()
    data["position"]["districts"]["9"] = {"owner": 0, "forces": 0}
    data["position"]["turn"]["capture"] = [9, 10]
    s = load_scenario(data)
    moves = [str(a) for a in s.legal_actions() if a.verb == "move"]
    assert moves == ["move 12>9 1", "move 12>9 2", "move 13>9 1", "move 14>9 1", "move 14>9 2", "move 14>9 3"]
    t = reloaded(s, tmp_path)
    t = plays_on_alike(s, t, ["move 14>9 2"], seed=5)
    assert any(e.rule_id == "CITY-3.3" for e in t.log)


@pytest.mark.parametrize("phase", ["pick", "event", "income"])
def test_every_phase_is_a_moment_that_saves_and_plays_on(phase, tmp_path):
    data = mid_attack()
    pos = data["position"]
    pos.update(phase=phase, turn={}, last_battle=None)
    if phase == "pick":
        pos.update(round=0, pick_index=1, districts={"7": {"owner": 0, "forces": 1}}, hq=[7, None])
    s = load_scenario(data)
    t = reloaded(s, tmp_path)
    plays_on_alike(s, t, seed=11)


@pytest.mark.parametrize("change, field, words", [
    (lambda p: p["last_battle"].update(dst=99), "position.last_battle.dst", "unknown district 99"),
    (lambda p: p["last_battle"].update(attacker=3), "position.last_battle.attacker", "player number"),
    (lambda p: p["last_battle"].update(rolls_attack=[1, 2, 3, 4, 5]), "position.last_battle", "more dice"),
    (lambda p: p["turn"].update(capture=[15, 3]), "position.turn.capture", "capture window"),
    (lambda p: p["deck"].append("doomsday"), "position.deck[5]", "unknown event"),
    (lambda p: p["districts"]["14"].update(forces=11), "position.districts.14.forces", "at most 10"),
    (lambda p: p.update(influence=[1, 2, 3]), "position.influence", "one per player"),
    (lambda p: p.update(phase="battle"), "position.phase", "battle"),
    (lambda p: p["turn"].update(attacks=-1), "position.turn.attacks", "at least 0"),
])
def test_bad_moments_name_the_field(change, field, words):
    data = mid_attack()
    change(data["position"])
    with pytest.raises(DataError) as e:
        load_scenario(data, "mid.json")
    assert (e.value.source, e.value.field) == ("mid.json", field)
    assert words in e.value.en and e.value.ru


def test_a_title_is_text_in_both_languages():
    data = mid_attack()
    data["title"] = {"ru": "x", "de": "y"}
    with pytest.raises(DataError) as e:
        load_scenario(data, "mid.json")
    assert e.value.field == "title.de"
