"""Scenario files: a position saved as JSON and loaded back, validated on load.

A scenario is ``{"game": "city", "setup": {...}, "position": {...}, "log": [...], "actions": [...]}``
(docs/notation-city.md). ``setup`` names the players, map, seed, options and colours; without a
``position`` the file is a fresh game. A hand-written ``position`` may leave fields out (defaults
below); `save_scenario` writes every field, so saving then loading gives the identical state hash.
Every error names the file and the field.
"""
from __future__ import annotations

import json
import pathlib

from ..core.dice import Dice
from ..core.errors import DataError
from ..core.loading import read_data, validate
from ..core.record import RECORD_ACTIONS
from ..core import share
from ..core.log import LogEntry
from .actions import parse_action
from .phases import fresh_turn
from .state import blank_state
from .setup import M, build, normal_setup

PHASES = ("pick", "event", "income", "actions", "over")
MAX_DISTRICT = 9999
_INT = {"type": "integer"}
_PLAYER = {"type": "integer", "minimum": 0, "maximum": 3}
_DISTRICT = {"type": "integer", "minimum": 1, "maximum": MAX_DISTRICT}
_SMALL = {"type": "integer", "minimum": 0, "maximum": 100}
_D10 = {"type": "integer", "minimum": 1, "maximum": 10}
_EVENT_ID = {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 40}
_NAME = {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 40}   # a packaged map or deck
_FORCED = {"type": "array", "items": _D10, "maxItems": 1000}
_LOG = {"type": "array", "maxItems": 1_000_000, "items": {"type": "object", "properties": {
    "rule": {"type": "string", "maxLength": 60}, "kind": {"type": "string", "maxLength": 60},
    "ru": {"type": "string", "maxLength": 2000}, "en": {"type": "string", "maxLength": 2000},
    "data": {"type": "object", "maxProperties": 40}},
    "required": ["rule", "kind", "ru", "en"], "additionalProperties": False}}

_TEXT = {"type": ["object", "string"], "maxLength": 2000, "additionalProperties": False,
         "properties": {"ru": {"type": "string", "maxLength": 2000}, "en": {"type": "string", "maxLength": 2000}}}

SETUP = {"type": "object", "properties": {
    "players": {"type": "integer", "minimum": 2, "maximum": 4},
    "map": {"type": ["string", "object"], **{k: v for k, v in _NAME.items() if k != "type"}},
    "seed": {"type": "integer", "minimum": -2 ** 63, "maximum": 2 ** 64 - 1},
    "options": {"type": "object", "additionalProperties": False, "properties": {
        "rounds": {"type": "integer", "minimum": 1, "maximum": 1000},
        "target_districts": {"type": ["integer", "null"], "minimum": 2, "maximum": MAX_DISTRICT},
        "cost_tiers": {"enum": ["turn", "owned"]},
        "hq_income": {"type": "integer", "minimum": 0, "maximum": 100}}},
    "colours": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 4},
    "forced": _FORCED,
    "events": {"type": ["string", "object"], **{k: v for k, v in _NAME.items() if k != "type"}}},
    "required": ["players"], "additionalProperties": False}

SCHEMA = {
    "type": "object",
    "properties": {
        "game": {"const": "city"},
        "kind": {"const": "scenario"},
        "title": _TEXT,
        "description": _TEXT,
        "setup": SETUP,
        "position": {"type": "object", "properties": {
            "phase": {"enum": list(PHASES)}, "round": {"type": "integer", "minimum": 0, "maximum": 1001},
            "current": _PLAYER, "order": {"type": "array", "items": _PLAYER, "maxItems": 4, "uniqueItems": True},
            "initiative": {"type": "array", "maxItems": 64, "items": {
                "type": "array", "maxItems": 4, "items": {"type": "integer", "minimum": 0, "maximum": 100}}},
            "pick_index": {"type": "integer", "minimum": 0, "maximum": 4},
            "districts": {"type": "object", "maxProperties": 1000, "additionalProperties": False,
                          "patternProperties": {"^[1-9][0-9]{0,3}$": {
                              "type": "object", "properties": {"owner": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
                                                               "forces": {"type": "integer", "minimum": 0, "maximum": 10}},
                              "additionalProperties": False}}},
            "influence": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 1000}, "maxItems": 4},
            "hq": {"type": "array", "items": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DISTRICT},
                   "maxItems": 4},
            "deck": {"type": "array", "items": _EVENT_ID, "maxItems": 1000},
            "discard": {"type": "array", "items": _EVENT_ID, "maxItems": 1000},
            "turn": {"type": "object", "additionalProperties": False, "properties": {
                "bought": _SMALL, "attacks": _SMALL, "attack_limit": _SMALL, "attack_hit": _D10,
                "defence_hit": _D10, "capture_cost": _SMALL, "income_bonus": _SMALL,
                "district_income": {"type": "integer", "minimum": 0, "maximum": 1},
                "capture": {"type": ["array", "null"], "minItems": 2, "maxItems": 2, "items": [_DISTRICT, _SMALL]}}},
            "last_event": {"type": ["string", "null"], "maxLength": 40},
            "last_battle": {"type": ["object", "null"], "additionalProperties": False,
                            "required": ["attackers", "defenders", "rolls_attack", "rolls_defence", "hits_attack",
                                         "hits_defence", "attackers_left", "defenders_left", "result",
                                         "src", "dst", "attacker", "defender"],
                            "properties": {
                                "attackers": _SMALL, "defenders": _SMALL, "hits_attack": _SMALL,
                                "hits_defence": _SMALL, "attackers_left": _SMALL, "defenders_left": _SMALL,
                                "rolls_attack": {"type": "array", "items": _D10, "maxItems": 10},
                                "rolls_defence": {"type": "array", "items": _D10, "maxItems": 10},
                                "result": {"enum": ["capture", "hold", "wipe"]},
                                "src": _DISTRICT, "dst": _DISTRICT, "attacker": _PLAYER,
                                "defender": {"type": ["integer", "null"], "minimum": 0, "maximum": 3}}},
            "winners": {"type": ["array", "null"], "items": _PLAYER, "minItems": 1, "maxItems": 4, "uniqueItems": True},
            "dice": {"type": "object", "properties": {
                "seed": SETUP["properties"]["seed"],
                "state": {"type": "integer", "minimum": 0, "maximum": 2 ** 64 - 1},
                "forced": _FORCED, "count": {"type": "integer", "minimum": 0, "maximum": 10 ** 9}},
                "required": ["seed", "state"], "additionalProperties": False},
            "forced": _FORCED,
        }, "additionalProperties": False},
        "log": _LOG,
        "actions": RECORD_ACTIONS,
    },
    "required": ["game", "setup"],
    "additionalProperties": False,
}


def _field(path) -> str:
    """A schema path as a field name; district numbers are keys: position.districts.7.forces."""
    out = ""
    for i, part in enumerate(path):
        keyed = isinstance(part, str) or (i and path[i - 1] == "districts")
        out += (("." if out else "") + str(part)) if keyed else f"[{part}]"
    return out


def load_scenario(spec, source: str | None = None):
    """A position from a scenario file path or an already-read table."""
    if isinstance(spec, (str, pathlib.Path)):
        data, source = read_data(spec)
    else:
        data, source = spec, source or "<scenario>"
    if not isinstance(data, dict):
        m = M("scenario_not_object")
        raise DataError(source, "", m.en, m.ru)
    validate(data, SCHEMA, source, _field)
    if "position" not in data:
        state = build(data["setup"], source)
    else:
        state = _positioned(data, source)
    if "log" in data:
        state.log = [LogEntry.from_dict(e) for e in data["log"]]
    if "actions" in data:
        actions = []
        for i, text in enumerate(data["actions"]):
            try:
                actions.append(parse_action(text, source))
            except DataError as e:
                raise type(e)(source, f"actions[{i}]", e.en, e.ru) from None
        state.actions = actions
    state.origin = (data, len(state.actions))
    return state


def _positioned(data: dict, source: str):
    norm, city_map, opts, deck_def, colours = normal_setup(data["setup"], source)
    n = norm["players"]
    pos = data["position"]
    if "dice" in pos:
        dice = Dice.from_dict(pos["dice"])
    else:
        dice = Dice(norm["seed"])
        dice.force(*norm["forced"])
    dice.force(*pos.get("forced", []))
    s = blank_state(norm, city_map, deck_def, opts, n, colours, dice)

    def bad(field, msg, **kw):
        m = M(msg, **kw)
        raise DataError(source, f"position.{field}", m.en, m.ru)

    def player(field, p, none_ok=False):
        if (p is None and not none_ok) or (p is not None and not 0 <= p < n):
            bad(field, "scenario_player", last=str(n - 1), got=repr(p))
        return p

    def district(field, d):
        if d is not None and d not in city_map:
            bad(field, "scenario_unknown_district", d=str(d), map=repr(city_map.id))
        return d

    s.phase = pos.get("phase", "actions")
    s.round = pos.get("round", 0 if s.phase == "pick" else 1)
    order = pos.get("order", list(range(n)))
    if sorted(order) != list(range(n)):
        bad("order", "scenario_order", last=str(n - 1), got=str(order))
    s.order = tuple(order)
    s.initiative = tuple(tuple(r) for r in pos.get("initiative", []))
    s.pick_index = pos.get("pick_index", 0 if s.phase == "pick" else n)
    if s.pick_index > n or (s.phase == "pick" and s.pick_index == n):
        bad("pick_index", "scenario_pick_index", index=str(s.pick_index), phase=repr(s.phase), n=str(n))
    s.current = player("current", pos.get("current", s.order[0]))
    for key, val in pos.get("districts", {}).items():
        if not key.isdigit():
            bad(f"districts.{key}", "scenario_district_name")
        d = district(f"districts.{key}", int(key))
        owner = player(f"districts.{key}.owner", val.get("owner"), none_ok=True)
        forces = val.get("forces", 0)
        if forces and owner is None:
            bad(f"districts.{key}.forces", "scenario_free_forces")
        s.owner[d], s.forces[d] = owner, forces
    for field, default in (("influence", [0] * n), ("hq", [None] * n)):
        vals = pos.get(field, default)
        if len(vals) != n:
            bad(field, "scenario_values_per_player", n=n, got=str(len(vals)))
        setattr(s, field, list(vals))
    for i, d in enumerate(s.hq):
        district(f"hq[{i}]", d)
        if d is not None and s.hq.index(d) != i:
            bad(f"hq[{i}]", "scenario_hq_twice", d=str(d), player=str(s.hq.index(d)))
    if s.phase != "over" and s.round > opts_rounds(norm):
        bad("round", "scenario_round_past", round=str(s.round), last=str(opts_rounds(norm)))
    if s.phase not in ("pick", "over"):
        for p in range(n):
            if s.count_districts(p) == 0:
                bad("districts", "scenario_no_district", player=str(p))
    if "deck" in pos:
        s.deck = list(pos["deck"])
    else:
        s.deck = deck_def.pile()
        s.dice.shuffle(s.deck)
    s.discard = list(pos.get("discard", []))
    for field in ("deck", "discard"):
        for i, e in enumerate(getattr(s, field)):
            if e not in deck_def:
                bad(f"{field}[{i}]", "scenario_unknown_event", event=repr(e))
    turn = fresh_turn()
    for key, val in pos.get("turn", {}).items():
        if key not in turn:
            bad(f"turn.{key}", "scenario_turn_counter", known=", ".join(turn))
        if key == "capture":
            if val is not None:
                district("turn.capture", val[0])
                val = (val[0], val[1])
        elif not isinstance(val, int):
            bad(f"turn.{key}", "not_whole_number", got=repr(val))
        turn[key] = val
    s.turn = turn
    s.last_event = pos.get("last_event")
    if s.last_event is not None and s.last_event not in deck_def:
        bad("last_event", "scenario_unknown_event", event=repr(s.last_event))
    s.last_battle = pos.get("last_battle")
    _check_battle_and_window(s, pos, bad, district, player)
    w = pos.get("winners")
    s.winners = tuple(player(f"winners[{i}]", p) for i, p in enumerate(w)) if w is not None else None
    if (s.winners is None) != (s.phase != "over"):
        bad("winners", "scenario_winners")
    return s


def _check_battle_and_window(s, pos: dict, bad, district, player) -> None:
    """The last battle names districts of this map and players of this game; an open capture window
    (CITY-3.3) is the current player's own district."""
    b = s.last_battle
    if b is not None:
        for key in ("src", "dst"):
            district(f"last_battle.{key}", b[key])
        player("last_battle.attacker", b["attacker"])
        player("last_battle.defender", b["defender"], none_ok=True)
        if len(b["rolls_attack"]) > b["attackers"] or len(b["rolls_defence"]) > b["defenders"]:
            bad("last_battle", "scenario_battle_dice")
    window = s.turn["capture"]
    if window is not None and s.owner.get(window[0]) != s.current:
        bad("turn.capture", "scenario_capture_window", d=str(window[0]))


def opts_rounds(norm: dict) -> int:
    return (norm.get("options") or {}).get("rounds", 10)


def save_scenario(state, path=None, title=None) -> dict:
    """The position as a scenario table (written to `path` as JSON when given)."""
    data = state.to_dict()
    if title is not None:
        data = {"title": title.to_dict() if hasattr(title, "to_dict") else title, **data}
    if path is not None:
        pathlib.Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return data


share.register("city", load_scenario)
