"""Scenario files and records: save then load gives the identical state; the console script."""
import json
import pathlib
import subprocess
import sys

import pytest

from berserk_kernel.berserk import load_scenario, new_game, position, save_scenario
from berserk_kernel.berserk.agents import play_random
from berserk_kernel.berserk.cli import main
from berserk_kernel.berserk.record import load_record, make_record, save_record
from berserk_kernel.berserk.scenario import state_from_dict

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_save_then_load_gives_the_identical_state(tmp_path):
    s = new_game(seed=4)
    play_random(s, 4, history=False)
    p = tmp_path / "end.json"
    save_scenario(s, p)
    assert load_scenario(p).state_hash() == s.state_hash()


def test_scenario_mid_decision_round_trip():
    s = position("A gorge_warden c2", "B bog_troll c3", "B fen_militiaman d3")
    s.apply("strike #1 #2")
    assert s.pending["kind"] == "defend"
    again = state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.state_hash() == s.state_hash()
    assert again.legal_actions() == s.legal_actions()
    again.apply("defend #3")
    s.apply("defend #3")
    assert again.state_hash() == s.state_hash()


def test_record_replays_to_the_same_hash(tmp_path):
    s = play_random(new_game(seed=8), 8)
    p = tmp_path / "r.json"
    save_record(s, p)
    assert load_record(p).state_hash() == s.state_hash() == make_record(s)["state_hash"]


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*/*.json")), ids=lambda p: p.name)
def test_examples_pass_berserk_check(path, capsys):
    if "city" in path.parts:
        pytest.skip("a Battle for the City file")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_cli_replay_prints_state_log_and_hash(tmp_path, capsys):
    s = play_random(new_game(seed=2), 2)
    p = tmp_path / "r.json"
    save_record(s, p)
    assert main(["--lang", "en", "replay", str(p)]) == 0
    out = capsys.readouterr().out
    assert '"phase": "over"' in out and "[BR-1]" in out and f"state_hash: {s.state_hash()}" in out


def test_cli_check_fails_with_the_reason(tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"cards": [{"card": "gorge_warden", "owner": 0, "cell": "q9"}]}), encoding="utf-8")
    assert main(["--lang", "en", "check", str(p)]) == 1
    err = capsys.readouterr().err
    assert "cards[0].cell" in err and "not a cell" in err


def test_console_script_module_runs():
    r = subprocess.run([sys.executable, "-m", "berserk_kernel.berserk.cli", "check", "/nonexistent.json"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 1 and "cannot read" in r.stderr or "не удалось" in r.stderr
