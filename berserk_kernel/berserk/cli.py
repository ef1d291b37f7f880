"""The ``berserk`` console script: ``berserk replay RECORD.json``, ``berserk check FILE.json``."""
from __future__ import annotations

from ..core.cli import make_main
from ..core.errors import DataError
from ..core.loading import read_data
from ..core.messages import catalog
from .record import load_record, replay_record
from .scenario import state_from_dict

E = catalog("berserk_kernel.berserk", "data/errors.toml")


def describe(path) -> str:
    data, source = read_data(path)
    if not isinstance(data, dict):
        raise DataError.of(source, "", E("cli_expected_json_object_scenario"))
    if "actions" in data and "cards" not in data:
        s = replay_record(data, source)
        return f"record, {len(s.actions)} actions, phase {s.phase}, state_hash {s.state_hash()[:16]}"
    s = state_from_dict(data, source)
    return f"scenario, {len(s.cards)} cards, phase {s.phase}, to move: {s.to_move}, state_hash {s.state_hash()[:16]}"


main = make_main("berserk", load_record, describe)

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
