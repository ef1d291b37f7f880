"""Game records: the setup, the seed and the actions in notation, replayed to the same state.

A record is JSON: ``{"game": "berserk"|"city", "setup": {...}, "seed": 7, "actions": ["..."],
"state_hash": "..." (optional)}``. Replaying an unreadable action raises `ActionSyntaxError`, an
illegal one `DataError`, both naming ``actions[i]`` (and the rule that refused it).

Replay keeps no undo snapshots (``apply(..., history=False)``): its memory grows with the log
only, not with a copy of the position per action.
"""
from __future__ import annotations

from .errors import ActionSyntaxError, DataError, IllegalAction

MAX_ACTIONS = 100_000         # actions in one record
MAX_ACTION_TEXT = 200         # characters in one action of a record

RECORD_ACTIONS = {"type": "array", "maxItems": MAX_ACTIONS,
                  "items": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_TEXT}}
STATE_HASH = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def replay(state, actions, source: str = "<record>"):
    """Apply the action texts to `state` in order, keeping no undo history; return the state."""
    if not isinstance(actions, (list, tuple)):
        raise DataError(source, "actions", "expected a list of actions in notation",
                        "ожидался список действий в нотации")
    if len(actions) > MAX_ACTIONS:
        raise DataError(source, "actions", f"{len(actions)} actions: a record holds at most {MAX_ACTIONS}",
                        f"действий: {len(actions)}; в записи их не больше {MAX_ACTIONS}")
    for i, text in enumerate(actions):
        field = f"actions[{i}]"
        if not isinstance(text, str):
            raise ActionSyntaxError(source, field, "expected an action in notation",
                                    "ожидалось действие в нотации")
        try:
            action = state.parse_action(text)
        except ActionSyntaxError as e:
            raise ActionSyntaxError(source, field, e.en, e.ru) from None
        except DataError as e:
            raise DataError(source, field, e.en, e.ru) from None
        try:
            state.apply(action, history=False)
        except IllegalAction as e:
            raise DataError(source, field, f"illegal action {text!r}: {e.rule_id}: {e.en}",
                            f"недопустимое действие {text!r}: {e.rule_id}: {e.ru}") from None
    return state


def check_hash(state, record: dict, source: str = "<record>") -> None:
    expected = record.get("state_hash")
    if expected and state.state_hash() != expected:
        raise DataError(source, "state_hash",
                        f"the replayed state hash {state.state_hash()[:12]} differs from the recorded {expected[:12]}",
                        f"хеш воспроизведённой позиции {state.state_hash()[:12]} не совпадает с записанным {expected[:12]}")
