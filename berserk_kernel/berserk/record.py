"""Game records (JSON): the setup, the seed and the actions in notation.

    {"game": "berserk", "setup": {"decks": ["mountain_forest", "darkness_swamp_steppe"],
     "options": {}, "names": ["A", "B"]}, "seed": 7, "actions": ["first", "buy #12", ...],
     "state_hash": "..."}

A record may start from a scenario instead of a new game: ``{"game": "berserk", "scenario":
{...}, "actions": [...]}``. A game whose decks hold own cards carries their definitions under
``own_cards`` (docs/scenarios.md). Replaying gives the identical state (equal `state_hash`).
"""
from __future__ import annotations

import json

from ..core.errors import DataError
from ..core.loading import read_data, validate
from ..core.messages import catalog
from ..core.record import RECORD_ACTIONS, STATE_HASH, check_hash, replay
from .game import new_game
from .cards import demo_cards, parse_cards
from .scenario import SCHEMA as SCENARIO_SCHEMA, SETUP, own_cards, state_from_dict

E = catalog("berserk_kernel.berserk", "data/errors.toml")

SCHEMA = {
    "type": "object", "required": ["game", "actions"], "additionalProperties": False,
    "properties": {
        "game": {"const": "berserk"},
        "title": {"type": "object"}, "description": {"type": "object"},
        "setup": SETUP,
        "scenario": {"type": "object"},
        "own_cards": SCENARIO_SCHEMA["properties"]["own_cards"],
        "seed": {"type": "integer", "minimum": -2 ** 63, "maximum": 2 ** 64 - 1},
        "actions": RECORD_ACTIONS,
        "state_hash": STATE_HASH,
    },
}


def make_record(state) -> dict:
    """The record of a game started with `new_game` (setup, seed, actions, final hash)."""
    if not state.setup or "decks" not in state.setup:
        raise ValueError("this state did not start from new_game(); save it as a scenario instead")
    setup = {k: v for k, v in state.setup.items() if k != "seed"}
    return {"game": "berserk", "setup": setup, "seed": state.setup["seed"], **own_cards(state),
            "actions": [str(a) for a in state.actions], "state_hash": state.state_hash()}


def record_of(state) -> dict:
    """The record of everything played on `state` since it was created or loaded (as City's
    `record_of`): a game loaded from a scenario set up by hand (no decks in its setup) is recorded
    as that scenario and the actions played since; any other game as `make_record` does."""
    origin = getattr(state, "origin", None)
    if origin is None or (state.setup and "decks" in state.setup):
        return make_record(state)
    start, skip = origin
    return {"game": "berserk", "scenario": start, "actions": [str(a) for a in state.actions[skip:]],
            "state_hash": state.state_hash()}


def start_of(record: dict, source: str = "<record>"):
    """The position a record starts from."""
    if not isinstance(record, dict):
        raise DataError.of(source, "", E("record_not_object"))
    validate(record, SCHEMA, source)
    if "scenario" in record:
        return state_from_dict(record["scenario"], f"{source}: scenario")
    setup = record.get("setup")
    if setup is None:
        raise DataError.of(source, "setup", E("record_needs_start"))
    defs = {**demo_cards(), **parse_cards(record["own_cards"], source, where="own_cards")} if record.get("own_cards") else None
    try:
        extra = {"mode": setup["mode"], "heroes": setup.get("heroes", ())} if "mode" in setup else {}
        return new_game(setup.get("decks", ("mountain_forest", "darkness_swamp_steppe")), record.get("seed", 0),
                        setup.get("options"), tuple(setup.get("names", ("A", "B"))), defs=defs, **extra)
    except DataError as e:
        raise DataError(source, f"setup.{e.field}", e.en, e.ru) from None


def replay_record(record: dict, source: str = "<record>"):
    state = start_of(record, source)
    replay(state, record["actions"], source)
    check_hash(state, record, source)
    return state


def load_record(path):
    data, source = read_data(path)
    if not isinstance(data, dict):
        raise DataError.of(source, "", E("record_not_object"))
    return replay_record(data, source)


def save_record(state, path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(make_record(state), f, ensure_ascii=False, indent=1)
        f.write("\n")
