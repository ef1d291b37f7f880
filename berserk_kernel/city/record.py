"""Game records: setup, seed and actions in notation, replayed to the same state hash.

``{"game": "city", "kind": "record", "setup": {...}, "seed": 7, "actions": ["pick 5", ...],
"state_hash": "..."}``; a game that began from a scenario also stores it as ``"start"``.
"""
from __future__ import annotations

import json
import pathlib

from ..core.errors import DataError
from ..core.loading import read_data, validate
from ..core.messages import catalog
from ..core.record import RECORD_ACTIONS, STATE_HASH, check_hash, replay
from .scenario import SETUP, load_scenario
from .setup import build

SCHEMA = {
    "type": "object",
    "properties": {
        "game": {"const": "city"}, "kind": {"const": "record"},
        "title": {"type": "object"}, "description": {"type": "object"},
        "setup": SETUP, "seed": SETUP["properties"]["seed"],
        "start": {"type": "object"},
        "actions": RECORD_ACTIONS,
        "state_hash": STATE_HASH,
    },
    "required": ["game", "setup", "actions"],
    "additionalProperties": False,
}

M = catalog("berserk_kernel.city")


def record_of(state, title=None) -> dict:
    """The record of everything played on `state` since it was created or loaded."""
    rec = {"game": "city", "kind": "record"}
    if title is not None:
        rec["title"] = title.to_dict() if hasattr(title, "to_dict") else title
    rec["setup"] = {k: v for k, v in state.setup.items() if k != "seed"}
    rec["seed"] = state.setup["seed"]
    skip = 0
    if state.origin is not None:
        rec["start"], skip = state.origin
    rec["actions"] = [str(a) for a in state.actions[skip:]]
    rec["state_hash"] = state.state_hash()
    return rec


def start_of(rec: dict, source: str):
    """The position a record starts from."""
    if "start" in rec:
        return load_scenario(rec["start"], source)
    return build(dict(rec["setup"], seed=rec.get("seed", rec["setup"].get("seed", 0))), source)


def load_record(spec, source: str | None = None):
    """Replay a record (path or table) and check its state hash; return the final state."""
    if isinstance(spec, (str, pathlib.Path)):
        rec, source = read_data(spec)
    else:
        rec, source = spec, source or "<record>"
    if not isinstance(rec, dict):
        raise DataError.of(source, "", M("record_not_object"))
    validate(rec, SCHEMA, source)
    state = replay(start_of(rec, source), rec["actions"], source)
    check_hash(state, rec, source)
    return state


def save_record(state, path, title=None) -> dict:
    rec = record_of(state, title)
    pathlib.Path(path).write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return rec


def load_any(path) -> str:
    """Validate a scenario or a record file; a one-line description for `city check`."""
    data, source = read_data(path)
    if not isinstance(data, dict):
        raise DataError.of(source, "", M("expected_object"))
    if data.get("kind") == "record" or "seed" in data:
        state = load_record(data, source)
        hashed = "the state hash matches" if data.get("state_hash") else "no state hash to compare"
        return f"record {source}: {len(data['actions'])} actions replayed, {hashed} ({state.state_hash()[:12]})"
    state = load_scenario(data, source)
    return (f"scenario {source}: map {state.map.id}, {state.players} players, phase {state.phase}, "
            f"round {state.round} ({state.state_hash()[:12]})")
