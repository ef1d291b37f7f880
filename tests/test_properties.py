"""Property tests of the error contract (issue 9), with a small fixed budget (derandomized).

For every loader, mutations of the files in examples/ (and of the packaged data) give either the
project's own `KernelError` or a valid load, never another exception; a valid load round-trips
(save -> load -> the same state hash). For `apply`/`parse_action` in mid-game positions, any
text or value gives a legal move, an `IllegalAction` or an `ActionSyntaxError`; a refusal leaves
the state hash unchanged, and an applied action is undone to the very same hash.
"""
from __future__ import annotations

import copy
import functools
import json
import os
import pathlib
import tempfile
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_kernel.berserk.actions import KINDS, Action as BAction
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.berserk.game import BerserkState, new_game
from berserk_kernel.berserk.position import position
from berserk_kernel.berserk.record import replay_record, start_of as berserk_start
from berserk_kernel.berserk.scenario import state_from_dict
from berserk_kernel.city.actions import VERBS, Action as CAction
from berserk_kernel.city.events import parse_events
from berserk_kernel.city.maps import CityMap
from berserk_kernel.city.record import load_record as city_record
from berserk_kernel.city.record import start_of as city_start
from berserk_kernel.city.scenario import load_scenario as city_scenario
from berserk_kernel.core.errors import ActionSyntaxError, IllegalAction, KernelError
from berserk_kernel.core.loading import parse_text, read_data

ROOT = pathlib.Path(__file__).resolve().parent.parent
EX = ROOT / "examples"
PKG = ROOT / "berserk_kernel"


def budget(n: int):
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


def _json(path) -> dict:
    return json.loads(pathlib.Path(path).read_text("utf-8"))


BERSERK_SCENARIOS = sorted((EX / "scenarios").glob("*.json"))
BERSERK_RECORDS = sorted((EX / "records").glob("*.json"))
CITY_SCENARIOS = sorted((EX / "city" / "scenarios").glob("*.json"))
CITY_RECORDS = sorted((EX / "city" / "records").glob("*.json"))
CITY_MAPS = sorted((PKG / "city" / "data" / "maps").glob("*.json"))

# --- mutations ------------------------------------------------------------------------------------
NASTY = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([-1, 0, 1, 2 ** 63, 2 ** 64, 2 ** 64 + 1, 10 ** 18, -10 ** 18, 10 ** 30]),
    st.sampled_from([0.0, 1.0, 0.5, -1.5, 1e300]),
    st.booleans(), st.none(),
    st.sampled_from(["", "c3", "a1", "#1", "over", "battle", "field", "aux", "attached", "draw", "013", "13",
                     "default", "../../../../etc/hostname", "/etc/passwd", "/dev/zero", "A\ud800", "\udfff",
                     "gorge_warden", "end", "pick 1", "x" * 300, "ё", "0"]),
    st.text(max_size=6),
    st.lists(st.integers(-1, 30), max_size=3),
    st.dictionaries(st.sampled_from(["a", "uid", "owner", "forces", "card", "ru", "en"]), st.integers(-1, 3),
                    max_size=2),
)


def _paths(obj, prefix=()):
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(_paths(v, prefix + (i,)))
    return out


@st.composite
def mutated(draw, data):
    """`data` with 1-3 changes: a value replaced, a key or item removed, a key or item added."""
    d = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(d)))
        if not path:
            continue
        parent = d
        for p in path[:-1]:
            parent = parent[p]
        key = path[-1]
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "duplicate"]))
        if op == "replace":
            parent[key] = draw(NASTY)
        elif op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "uid", "winner", "0", "13", "013", str(key)]))] = draw(NASTY)
        else:
            parent.insert(key, draw(NASTY))
    return d


def text_of(data) -> str:
    return json.dumps(data)          # ensure_ascii: a lone surrogate stays an escape in the text


def load_or_refuse(load, data):
    """The loader's answer to `data` sent as pasted JSON: a state, or None for a KernelError."""
    try:
        return load(parse_text(text_of(data), "<paste>"))
    except KernelError as e:
        assert e.ru and e.en
        return None


# --- Berserk loaders --------------------------------------------------------------------------------
def berserk_round_trip(s):
    back = state_from_dict(json.loads(json.dumps(s.to_dict())), "<saved>")
    assert back.state_hash() == s.state_hash()


@budget(60)
@given(st.sampled_from(BERSERK_SCENARIOS).flatmap(lambda p: mutated(_json(p))))
def test_berserk_scenarios_load_or_refuse(data):
    s = load_or_refuse(lambda d: state_from_dict(d, "<paste>"), data)
    if s is not None:
        berserk_round_trip(s)


@functools.lru_cache(maxsize=None)
def _short_record(path):
    rec = _json(path)
    rec["actions"] = rec["actions"][:25]
    rec.pop("state_hash", None)
    return rec


@budget(20)
@given(st.sampled_from(BERSERK_RECORDS).flatmap(lambda p: mutated(_short_record(p))))
def test_berserk_records_load_or_refuse(data):
    s = load_or_refuse(lambda d: replay_record(d, "<paste>"), data)
    if s is not None:
        berserk_round_trip(s)


@functools.lru_cache(maxsize=None)
def _cards_data():
    return tomllib.loads((PKG / "berserk" / "data" / "cards.toml").read_text("utf-8"))


@st.composite
def card_files(draw):
    data = _cards_data()
    i = draw(st.integers(0, len(data["card"]) - 1))
    return {"card": [draw(mutated(data["card"][i]))]}


@budget(50)
@given(card_files())
def test_card_files_load_or_refuse(data):
    defs = load_or_refuse(lambda d: parse_cards(d, "<paste>"), data)
    if defs is not None:
        assert parse_cards(json.loads(text_of(data)), "<again>") == defs


DECK = {"gorge_warden": 3}


@budget(40)
@given(st.one_of(mutated({"deck": "mountain_forest"}), mutated({"deck": ["gorge_warden"] * 30}),
                 mutated({"deck": {"gorge_warden": 3, "bog_troll": 2}})))
def test_decks_build_or_refuse(data):
    deck = data.get("deck", "mountain_forest")
    try:
        g = new_game([deck, "darkness_swamp_steppe"], seed=1)
    except KernelError:
        return
    assert len(g.cards) <= 100


SPEC_WORDS = ["A", "B", "gorge_warden", "bog_troll", "pass_eagle", "c2", "c3", "a6", "aux", "deck", "hand",
              "on=1", "on=²", "on=", "closed", "facedown", "wounds=2", "wounds=²", "moves=9999999", "uid=0",
              "uid=3", "tokens=1", "flyerstrike", "x", "#1", "\ud800"]


@budget(60)
@given(st.lists(st.lists(st.sampled_from(SPEC_WORDS), min_size=0, max_size=6).map(" ".join), min_size=1, max_size=3))
def test_position_lines_load_or_refuse(lines):
    try:
        s = position(*lines)
    except KernelError:
        return
    berserk_round_trip(s)


# --- City loaders ------------------------------------------------------------------------------------
def city_round_trip(s):
    back = city_scenario(json.loads(json.dumps(s.to_dict())), "<saved>")
    assert back.state_hash() == s.state_hash()


@budget(60)
@given(st.sampled_from(CITY_SCENARIOS).flatmap(lambda p: mutated(_json(p))))
def test_city_scenarios_load_or_refuse(data):
    s = load_or_refuse(lambda d: city_scenario(d, "<paste>"), data)
    if s is not None:
        city_round_trip(s)


@functools.lru_cache(maxsize=None)
def _short_city_record(path):
    rec = _json(path)
    rec["actions"] = rec["actions"][:30]
    rec.pop("state_hash", None)
    return rec


@budget(20)
@given(st.sampled_from(CITY_RECORDS).flatmap(lambda p: mutated(_short_city_record(p))))
def test_city_records_load_or_refuse(data):
    s = load_or_refuse(lambda d: city_record(d, "<paste>"), data)
    if s is not None:
        city_round_trip(s)


@budget(40)
@given(st.sampled_from(CITY_MAPS).flatmap(lambda p: mutated(_json(p))))
def test_city_maps_load_or_refuse(data):
    m = load_or_refuse(lambda d: CityMap(d, "<paste>"), data)
    if m is not None:
        assert CityMap(json.loads(text_of(m.data)), "<again>").neighbours == m.neighbours


@functools.lru_cache(maxsize=None)
def _events_data():
    return tomllib.loads((PKG / "city" / "data" / "events.toml").read_text("utf-8"))


@budget(40)
@given(st.integers(0, 100).flatmap(lambda i: mutated({"event": [_events_data()["event"][i % len(_events_data()["event"])]]})))
def test_city_event_decks_load_or_refuse(data):
    deck = load_or_refuse(lambda d: parse_events(d, "<paste>"), data)
    if deck is not None:
        assert parse_events(json.loads(text_of(deck.data)), "<again>").pile() == deck.pile()


# --- bytes of a file ---------------------------------------------------------------------------------
@st.composite
def mangled_bytes(draw):
    raw = bytearray(draw(st.sampled_from(BERSERK_SCENARIOS[:2] + CITY_SCENARIOS[:2] + CITY_RECORDS[:1])).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(raw) - 1))
        op = draw(st.sampled_from(["set", "insert", "delete"]))
        b = draw(st.sampled_from([0x00, 0xff, 0xfe, 0xc3, 0x22, 0x5b, 0x7b, 0x5d, 0x2c, 0x30, 0x39, 0x5c, 0x2d, 0x2e]))
        if op == "set":
            raw[i] = b
        elif op == "insert":
            raw[i:i] = bytes([b]) * draw(st.sampled_from([1, 1, 40]))
        else:
            del raw[i]
    return bytes(raw)


@budget(40)
@given(mangled_bytes())
def test_mangled_bytes_give_a_data_error_or_a_game(raw):
    fd, name = tempfile.mkstemp(suffix=".json")
    try:
        os.write(fd, raw)
        os.close(fd)
        try:
            data, source = read_data(name)
        except KernelError as e:
            assert e.source == name
            return
        for load in (lambda: state_from_dict(data, source), lambda: city_scenario(data, source),
                     lambda: city_record(data, source)):
            try:
                load()
            except KernelError as e:
                assert e.source.startswith(name)
    finally:
        os.unlink(name)


# --- apply and parse_action in mid-game positions -----------------------------------------------------
@functools.lru_cache(maxsize=None)
def berserk_positions():
    out = [state_from_dict(_json(p), p.name) for p in BERSERK_SCENARIOS]
    for p in BERSERK_RECORDS:
        rec = _json(p)
        for n in (5, 20, 40, 60):
            s = berserk_start(rec)
            for t in rec["actions"][:n]:
                s.apply(t, history=False)
            out.append(s)
    return out


@functools.lru_cache(maxsize=None)
def city_positions():
    out = [city_scenario(_json(p), p.name) for p in CITY_SCENARIOS]
    for p in CITY_RECORDS:
        rec = _json(p)
        for n in (3, 15, 30):
            s = city_start(rec, p.name)
            for t in rec["actions"][:n]:
                s.apply(t, history=False)
            out.append(s)
    return out


@st.composite
def action_texts(draw, state, words):
    """A legal action's text mangled, or words thrown together, or a value that is no text."""
    legal = [str(a) for a in state.legal_actions()[:200]] or ["end"]
    kind = draw(st.sampled_from(["legal", "mangled", "words", "value"]))
    if kind == "legal":
        return draw(st.sampled_from(legal))
    if kind == "mangled":
        text = list(draw(st.sampled_from(legal)))
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(text)))
            text[i:i + draw(st.integers(0, 1))] = draw(st.sampled_from(
                ["", "#", "²", "9" * 30, " ", ">", "+", "-", "\ud800", "0", "c", "7", "ё", "\x00"]))
        return "".join(text)
    if kind == "words":
        return " ".join(draw(st.lists(st.sampled_from(words), max_size=5)))
    return draw(st.one_of(st.integers(), st.none(), st.floats(), st.lists(st.integers(), max_size=2), st.binary(max_size=4)))


def check_apply(state, action):
    before = state.state_hash()
    n = len(state.actions)
    try:
        state.parse_action(action)
    except ActionSyntaxError:
        pass
    try:
        state.apply(action)
    except (IllegalAction, ActionSyntaxError) as e:
        assert e.ru and e.en
        assert state.state_hash() == before
        return
    assert len(state.actions) == n + 1
    state.undo()
    assert state.state_hash() == before


BERSERK_WORDS = list(KINDS) + ["#1", "#2", "#5", "#999999", "#0", "#1000000", "c2", "c3", "e6", "f1", "shot", "Shot",
                               "ambush", "#²", "9" * 25]
CITY_WORDS = list(VERBS) + ["атака", "усилить", "1", "2>3", "13", "013", "+2", "5", "2 > 3", "٣", "9" * 25, ">"]


@budget(150)
@given(st.data())
def test_berserk_apply_any_text_in_mid_game(data):
    states = berserk_positions()
    state = states[data.draw(st.integers(0, len(states) - 1))]
    check_apply(state, data.draw(action_texts(state, BERSERK_WORDS)))


@budget(60)
@given(st.sampled_from(KINDS), st.one_of(st.none(), st.integers(-1, 100), st.booleans()),
       st.one_of(st.none(), st.integers(-1, 100)), st.one_of(st.none(), st.integers(-1, 31)),
       st.one_of(st.none(), st.sampled_from(["shot", "Shot", "", "a" * 50])), st.lists(st.integers(0, 99), max_size=2))
def test_berserk_action_values_are_valid_or_refused(kind, card, other, cell, ability, targets):
    try:
        a = BAction(kind, card, other, cell, ability, tuple(targets))
    except ActionSyntaxError:
        return
    assert BAction.parse(str(a)) == a        # every value that is built can be written and read back
    check_apply(berserk_positions()[0], a)


@budget(150)
@given(st.data())
def test_city_apply_any_text_in_mid_game(data):
    states = city_positions()
    state = states[data.draw(st.integers(0, len(states) - 1))]
    check_apply(state, data.draw(action_texts(state, CITY_WORDS)))


@budget(60)
@given(st.sampled_from(VERBS), st.one_of(st.integers(-1, 30), st.booleans(), st.just(2.0)),
       st.integers(-1, 30), st.integers(-1, 12))
def test_city_action_values_are_valid_or_refused(verb, dst, src, count):
    try:
        a = CAction(verb, dst, src, count)
    except ActionSyntaxError:
        return
    assert CAction.parse(str(a)) == a
    check_apply(city_positions()[0], a)


def test_the_example_positions_are_mid_game():
    assert any(s.phase == "battle" and s.turn > 1 for s in berserk_positions())
    assert any(s.phase == "actions" and s.round >= 1 for s in city_positions())
    assert BerserkState and pytest
