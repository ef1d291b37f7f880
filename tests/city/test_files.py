"""Scenario files, records and the `city` console script."""
import json
import pathlib

import pytest

from berserk_kernel.city import load_record, load_scenario, new_game, record_of, save_scenario
from berserk_kernel.city.cli import main
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import DataError

from .helpers import position, random_action

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "city"
FILES = sorted(EXAMPLES.glob("scenarios/*.json")) + sorted(EXAMPLES.glob("records/*.json"))


def played(seed, stop):
    g = new_game(3, map="river", seed=seed)
    rng = Dice(seed)
    while not g.is_over() and not stop(g):
        g.apply(random_action(g, rng))
    return g


@pytest.mark.parametrize("stop", [lambda g: True, lambda g: g.round >= 3, lambda g: False,
                                  lambda g: g.turn["capture"] is not None, lambda g: g.last_battle is not None])
def test_save_then_load_gives_the_identical_state_hash(tmp_path, stop):
    """Every position (fresh, mid-game, over, mid-capture, after a battle) survives a file."""
    g = played(5, stop)
    path = tmp_path / "s.json"
    save_scenario(g, path)
    h = load_scenario(path)
    assert h.state_hash() == g.state_hash()
    assert h.legal_actions() == g.legal_actions()
    if not g.is_over():                       # and plays on identically, dice included
        a = g.legal_actions()[-1]
        assert g.copy().apply(a).state_hash() == h.apply(a).state_hash()


def test_records_replay_to_the_same_hash_also_from_a_scenario():
    g = position({13: (0, 5), 14: (1, 3), 15: (1, 2)}, influence=[4, 0], forced=[7, 9, 2, 8, 6, 1, 3])
    for text in ("attack 13>14 4", "reinforce 14 +2", "end", "draw"):
        g.apply(text)
    rec = json.loads(json.dumps(record_of(g)))
    assert rec["actions"] == ["attack 13>14 4", "reinforce 14 +2", "end", "draw"] and "start" in rec
    assert load_record(rec).state_hash() == g.state_hash()


def test_a_record_with_an_illegal_action_names_it_and_the_rule():
    rec = record_of(new_game(2, seed=3).apply("pick 1"))
    rec["actions"].append("pick 1")
    del rec["state_hash"]
    with pytest.raises(DataError) as e:
        load_record(rec)
    assert e.value.field == "actions[1]" and "CITY-2.2" in e.value.en


def test_a_record_with_a_wrong_hash_is_refused():
    rec = record_of(new_game(2, seed=3).apply("pick 1"))
    rec["state_hash"] = "0" * 64
    with pytest.raises(DataError) as e:
        load_record(rec)
    assert e.value.field == "state_hash"


BASE = {"game": "city", "setup": {"players": 2, "map": "default", "seed": 1},
        "position": {"districts": {"1": {"owner": 0, "forces": 3}, "25": {"owner": 1, "forces": 3}}}}


@pytest.mark.parametrize("change,field", [
    ({"districts": {"99": {"owner": 0, "forces": 1}}}, "position.districts.99"),
    ({"districts": {"1": {"owner": None, "forces": 2}, "25": {"owner": 1, "forces": 3}}}, "position.districts.1.forces"),
    ({"districts": {"1": {"owner": 0, "forces": 11}}}, "position.districts.1.forces"),
    ({"districts": {"1": {"owner": 5, "forces": 1}}}, "position.districts.1.owner"),
    ({"districts": {"1": {"owner": 0, "forces": 1}}}, "position.districts"),       # B holds nothing
    ({"deck": ["market-day", "earthquake"]}, "position.deck[1]"),
    ({"hq": [1, 42]}, "position.hq[1]"),
    ({"influence": [1]}, "position.influence"),
    ({"phase": "lunch"}, "position.phase"),
    ({"turn": {"mana": 3}}, "position.turn.mana"),
    ({"order": [0, 0]}, "position.order"),
    ({"winners": [0]}, "position.winners"),
])
def test_a_broken_scenario_names_the_field(change, field):
    data = json.loads(json.dumps(BASE))
    data["position"].update(change)
    with pytest.raises(DataError) as e:
        load_scenario(data, "broken.json")
    assert (e.value.source, e.value.field) == ("broken.json", field), str(e.value)


def test_examples_exist():
    assert len(list(EXAMPLES.glob("scenarios/*.json"))) >= 3 and len(list(EXAMPLES.glob("records/*.json"))) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_example_passes_city_check(path, capsys):
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_city_replay_prints_the_recorded_hash(capsys):
    path = EXAMPLES / "records" / "forced-battle-played.json"
    assert main(["--lang", "en", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"state_hash: {json.loads(path.read_text())['state_hash']}" in out
    assert "[CITY-4.3] The defender has no forces left" in out


def test_city_check_refuses_a_broken_file(tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(dict(BASE, position={"districts": {"77": {"owner": 0}}})), encoding="utf-8")
    assert main(["check", str(p)]) == 1
    err = capsys.readouterr().err
    assert str(p) in err and "position.districts.77" in err and "неизвестный район 77" in err
