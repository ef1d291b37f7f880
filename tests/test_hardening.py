"""Issue 9: every crash example of the hostile-user report gives the project's own error, naming
the file (or "<action>", "<paste>") and the field, in Russian and English, and changes nothing."""
from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from berserk_kernel.berserk import cli as berserk_cli
from berserk_kernel.berserk.actions import Action as BAction
from berserk_kernel.berserk.game import new_game as berserk_game
from berserk_kernel.berserk.position import position as berserk_position
from berserk_kernel.berserk.record import load_record as berserk_load_record
from berserk_kernel.berserk.scenario import load_scenario as berserk_load_scenario
from berserk_kernel.city import cli as city_cli
from berserk_kernel.city.actions import Action as CAction
from berserk_kernel.city.maps import load_map
from berserk_kernel.city.record import load_record as city_load_record
from berserk_kernel.city.scenario import load_scenario as city_load_scenario
from berserk_kernel.city.setup import new_game as city_game
from berserk_kernel.core.errors import ActionSyntaxError, DataError, IllegalAction, KernelError
from berserk_kernel.core.loading import MAX_BYTES, loads, parse_text, read_data

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "scenarios" / "battle_start.json"
RECORD = ROOT / "examples" / "records" / "random_game_seed1.json"
CITY = ROOT / "examples" / "city" / "scenarios" / "crossroads-round-4.json"


def data_of(path):
    return json.loads(pathlib.Path(path).read_text("utf-8"))


def write(tmp_path, name, data) -> str:
    p = tmp_path / name
    if isinstance(data, bytes):
        p.write_bytes(data)
    else:
        p.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(p)


def refused_load(load, path, field, error=DataError, words=()):
    """`load(path)` raises exactly `error` naming the file and the field, in both languages."""
    with pytest.raises(DataError) as e:
        load(path)
    err = e.value
    assert type(err) is error, (type(err), str(err))
    assert err.source == str(path), err.source
    assert err.field == field, (err.field, str(err))
    assert err.en and err.ru and err.ru != err.en, (err.en, err.ru)
    assert any("а" <= ch <= "я" for ch in err.ru.lower()), err.ru    # real Russian, not a copy
    for w in words:
        assert w in err.en, (w, err.en)
    return err


def refused_action(state, action, error):
    before = state.state_hash()
    with pytest.raises(KernelError) as e:
        state.apply(action)
    assert type(e.value) is error, (type(e.value), str(e.value))
    assert isinstance(e.value, ValueError)
    assert e.value.ru and e.value.en
    assert state.state_hash() == before
    return e.value


# --- actions --------------------------------------------------------------------------------------
@pytest.fixture
def battle():
    return berserk_position("A gorge_warden c2", "B bog_troll c4", active=0)


def test_berserk_unreadable_actions_are_syntax_errors_and_change_nothing(battle):
    for text in ("move #² c3", "move #5 c9", "strike #1", "fly #1", "move #" + "9" * 5000 + " c3",
                 "use #1 Shot", "x" * 10_000, "", "end now"):
        err = refused_action(battle, text, ActionSyntaxError)
        assert (err.source, err.field) == ("<action>", "action")
    for value in (5, None, 1.5, ["end"], b"end"):
        err = refused_action(battle, value, ActionSyntaxError)
        assert "expected an action" in err.en and "ожидалось действие" in err.ru
    # a readable action the rules forbid is the other kind of ValueError
    err = refused_action(battle, "move #2 c3", IllegalAction)
    assert err.rule_id


def test_berserk_action_values_no_text_could_spell_are_refused():
    for args in (("end", 1, 1, 3), ("move", True, None, 3), ("move", 1, None, 30), ("strike", 1),
                 ("nonsense",), ("use", 1, None, None, "Shot"), ("buy", 1, None, None, None, (2,)),
                 ("move", 1.0, None, 3), ("hire", 1, 2, 3)):
        with pytest.raises(ActionSyntaxError):
            BAction(*args)
    assert str(BAction("end")) == "end" and str(BAction("move", 1, None, 7)) == "move #1 c2"


def test_city_actions_unknown_verbs_and_shapes_are_syntax_errors():
    g = city_load_scenario(str(CITY))
    for args in (("nonsense",), ("end", 3), ("attack", 3, 2, True), ("pick", 2.0), ("attack", 3, 2, -1)):
        with pytest.raises(ActionSyntaxError):
            CAction(*args)
    for value in ("nonsense", "attack 2>3 " + "9" * 5000, "pick ٣", 5, None, "capture " + "1" * 99):
        err = refused_action(g, value, ActionSyntaxError)
        assert err.field == "action"
    assert type(refused_action(g, "capture 1", IllegalAction)) is IllegalAction


# --- Berserk files ----------------------------------------------------------------------------------
@pytest.mark.parametrize("change, field, words", [
    (lambda d: d.update(active=0.0), "active", ["whole number"]),
    (lambda d: d.update(active=True), "active", ["whole number"]),
    (lambda d: d["players"][0].update(gold=-1), "players[0].gold", ["at least 0"]),
    (lambda d: d["cards"][0].update(moves=10 ** 18), "cards[0].moves", ["at most 99"]),
    (lambda d: d.update(winner=0), "winner", ["'over'"]),
    (lambda d: d["players"][0].update(name="A\ud800"), "players[0].name", ["surrogate"]),
    (lambda d: d.update(extra=1), "extra", ["unknown field"]),
    (lambda d: d["cards"].extend(d["cards"][:1] * 400), "cards", ["at most 400"]),
])
def test_berserk_scenario_nonsense_is_refused_by_field(tmp_path, change, field, words):
    data = data_of(SCENARIO)
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")        # ensure_ascii: "\ud800" stays an escape
    refused_load(berserk_load_scenario, str(path), field, words=words)


def test_raw_crash_files_give_clear_errors(tmp_path):
    text = SCENARIO.read_text("utf-8")
    cases = [
        (text.replace('"turn": 1', '"turn": ' + "9" * 5000), "turn", "5000 digits"),
        (text.encode("utf-16"), "", "UTF-16"),
        (b"\xff" + text.encode("utf-8"), "", "0xff"),
        ("[" * 100_000, "", "nested deeper"),
        (text.replace('"turn": 1', '"turn": 1, "turn": 2'), "turn", "appears twice"),
        ('{"cards": [], "active": NaN}', "", "NaN"),
        ("", "", "not valid JSON"),
    ]
    for i, (content, field, words) in enumerate(cases):
        refused_load(berserk_load_scenario, write(tmp_path, f"bad{i}.json", content), field, words=[words])


def test_a_huge_deck_is_refused_before_anything_is_built(tmp_path):
    rec = data_of(RECORD)
    rec["setup"]["decks"][0] = {"gorge_warden": 1_000_000_000_000}
    t = time.perf_counter()
    refused_load(berserk_load_record, write(tmp_path, "deck.json", rec), "setup.decks[0].gorge_warden",
                 words=["at most 100"])
    with pytest.raises(DataError) as e:
        berserk_game([{"gorge_warden": 1_000_000_000_000}, "mountain_forest"])
    assert e.value.field == "decks[0].gorge_warden" and "copies" in e.value.en
    assert time.perf_counter() - t < 2


def test_record_sizes_and_action_texts_are_bounded(tmp_path):
    rec = data_of(RECORD)
    refused_load(berserk_load_record, write(tmp_path, "a.json", dict(rec, actions=["end"] * 100_001)), "actions",
                 words=["at most 100000 items"])
    refused_load(berserk_load_record, write(tmp_path, "b.json", dict(rec, actions=rec["actions"][:3] + ["move #² c3"])),
                 "actions[3]", ActionSyntaxError)
    refused_load(berserk_load_record, write(tmp_path, "c.json", dict(rec, actions=[7])), "actions[0]",
                 words=["expected text"])


# --- City files --------------------------------------------------------------------------------------
@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["position"]["districts"].update({"013": {"owner": 0, "forces": 1}}), "position.districts.013",
     ["unknown field"]),
    (lambda d: d["position"].update(hq=[d["position"]["hq"][0]] * len(d["position"]["hq"])), "position.hq[1]",
     ["one headquarters each"]),
    (lambda d: d["position"]["influence"].__setitem__(0, -1), "position.influence[0]", ["at least 0"]),
    (lambda d: d["position"].update(winners=[0]), "position.winners", ["'over'"]),
    (lambda d: d["position"].update(round=0.0), "position.round", ["whole number"]),
    (lambda d: d["position"]["turn"].update(bought=10 ** 18), "position.turn.bought", ["at most 100"]),
    (lambda d: d["setup"].update(players=True), "setup.players", ["whole number"]),
])
def test_city_scenario_nonsense_is_refused_by_field(tmp_path, change, field, words):
    data = data_of(CITY)
    data["position"]["hq"] = [int(k) for k in list(data["position"]["districts"])[:4]][:data["setup"]["players"]]
    assert city_load_scenario(data, "<ok>")          # the base file is good
    change(data)
    refused_load(city_load_scenario, write(tmp_path, "bad.json", data), field, words=words)


@pytest.mark.parametrize("key", ["map", "events"])
@pytest.mark.parametrize("value", ["../../../../etc/hostname", "/etc/passwd", "/dev/zero", "passwd", "default.json"])
def test_city_maps_and_events_are_names_never_paths(tmp_path, key, value):
    data = data_of(CITY)
    data["setup"][key] = value
    path = write(tmp_path, "s.json", data)
    err = refused_load(city_load_scenario, path, f"setup.{key}")
    # the answer is the same whether the file exists or not, and tells nothing of its content
    data["setup"][key] = value.replace("passwd", "nonexistent-9").replace("hostname", "nonexistent-9") \
        .replace("zero", "nonexistent-9").replace("default", "nonexistent-9")
    other = refused_load(city_load_scenario, write(tmp_path, "t.json", data), f"setup.{key}")
    assert err.en.replace(value, "X").replace(json.dumps(value), "X") == \
        other.en.replace(data["setup"][key], "X").replace(json.dumps(data["setup"][key]), "X")
    for leak in ("root", "No such file", "Permission", "not a regular file", "JSON"):
        assert leak not in err.en


def test_city_record_path_and_duplicate_keys(tmp_path):
    rec = data_of(ROOT / "examples" / "city" / "records" / "duel-short.json")
    refused_load(city_load_record, write(tmp_path, "r.json", dict(rec, setup=dict(rec["setup"], map="/etc/passwd"))),
                 "setup.map")
    text = json.dumps(rec).replace('"kind": "record"', '"kind": "record", "kind": "record"')
    refused_load(city_load_record, write(tmp_path, "d.json", text), "kind", words=["twice"])
    assert load_map("default").id == "default"
    with pytest.raises(DataError) as e:
        load_map("../../../../etc/hostname")
    assert "no packaged map" in e.value.en and "etc" not in e.value.en.split("(known")[1]


# --- files that are not files ------------------------------------------------------------------------
@pytest.fixture
def alarm():
    """Fail instead of hanging if a read blocks."""
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the read blocked"))
    signal.alarm(10)
    yield
    signal.alarm(0)


@pytest.mark.parametrize("load", [berserk_load_scenario, berserk_load_record, city_load_scenario, city_load_record,
                                  read_data])
def test_fifo_devices_and_directories_are_refused_without_reading(tmp_path, alarm, load):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        refused_load(load, path, "", words=["not a regular file"])


def test_size_limits_of_files_and_pastes(tmp_path):
    big = write(tmp_path, "big.json", b" " * (MAX_BYTES + 1))
    refused_load(berserk_load_scenario, big, "", words=["too large"])
    with pytest.raises(DataError) as e:
        loads('{"cards": []}' + " " * 100, "<paste>", max_bytes=50)
    assert (e.value.source, e.value.field) == ("<paste>", "") and "too large" in e.value.en
    assert loads('{"cards": []}', "<paste>", max_bytes=50) == {"cards": []}
    with pytest.raises(DataError) as e:
        parse_text('{"a": "\ud800"}', "<paste>")
    assert "surrogate" in e.value.en


def test_a_refused_load_leaves_a_game_unchanged(tmp_path):
    g = berserk_load_scenario(str(SCENARIO))
    before = g.state_hash()
    data = data_of(SCENARIO)
    data["players"][0]["gold"] = -1
    with pytest.raises(DataError):
        type(g).from_dict(data)
    with pytest.raises(DataError):
        berserk_load_scenario("/dev/zero")
    assert g.state_hash() == before


# --- the command lines ---------------------------------------------------------------------------------
@pytest.mark.parametrize("main, good", [(berserk_cli.main, SCENARIO), (city_cli.main, CITY)])
def test_clis_print_one_line_and_exit_1_or_2(tmp_path, capsys, main, good):
    assert main(["check", str(good)]) == 0
    capsys.readouterr()
    for content in ("[" * 100_000, '{"a": ' + "9" * 5000 + "}", b"\xff\xfe{}"):
        path = write(tmp_path, "bad.json", content)
        for lang, word in (("en", "error: "), ("ru", "error: ")):
            assert main(["--lang", lang, "check", path]) == 1
            out = capsys.readouterr()
            assert out.err.startswith(word + path) and out.err.count("\n") == 1 and "Traceback" not in out.err
    assert main(["replay", "/dev/zero"]) == 1
    assert "не обычный файл" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["frobnicate"])
    assert e.value.code == 2


def test_cli_process_never_prints_a_traceback(tmp_path):
    path = write(tmp_path, "deep.json", "[" * 100_000)
    for game in ("berserk", "city"):
        p = subprocess.run([sys.executable, "-m", f"berserk_kernel.{game}.cli", "check", path],
                           capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert p.returncode == 1 and "Traceback" not in p.stderr and p.stderr.startswith(f"error: {path}: ")


def test_a_city_game_from_files_saves_its_map_and_events_inline(tmp_path):
    """A map or deck file given from Python is saved inline: the record never names a path."""
    from berserk_kernel.city.record import record_of
    events = ROOT / "berserk_kernel" / "city" / "data" / "events.toml"
    mine = tmp_path / "my-events.toml"
    mine.write_text(events.read_text("utf-8").replace("count = 2", "count = 1", 1), encoding="utf-8")
    maps = ROOT / "berserk_kernel" / "city" / "data" / "maps" / "river.json"
    custom = dict(data_of(maps), id="my-river")
    (tmp_path / "my.json").write_text(json.dumps(custom), encoding="utf-8")
    g = city_game(2, map=str(tmp_path / "my.json"), seed=4, events=mine)
    assert isinstance(g.setup["events"], dict) and g.setup["map"]["id"] == "my-river"
    g.apply(g.legal_actions()[0])
    rec = record_of(g)
    assert str(tmp_path) not in json.dumps(rec)
    again = city_load_record(write(tmp_path, "rec.json", rec))
    assert again.state_hash() == g.state_hash()
