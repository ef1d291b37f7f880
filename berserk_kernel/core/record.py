"""Game records: the setup, the seed and the actions in notation, replayed to the same state.

A record is JSON: ``{"game": "berserk"|"city", "setup": {...}, "seed": 7, "actions": ["..."],
"state_hash": "..." (optional)}``. Replaying an unreadable action raises `ActionSyntaxError`, an
illegal one `DataError`, both naming ``actions[i]`` (and the rule that refused it).

Replay keeps no undo snapshots (``apply(..., history=False)``): its memory grows with the log
only, not with a copy of the position per action.
"""
from __future__ import annotations

from .errors import ActionSyntaxError, DataError, IllegalAction
from .i18n import T
from .messages import catalog

M = catalog("berserk_kernel.core")

MAX_ACTIONS = 100_000         # actions in one record
MAX_ACTION_TEXT = 200         # characters in one action of a record

RECORD_ACTIONS = {"type": "array", "maxItems": MAX_ACTIONS,
                  "items": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_TEXT}}
STATE_HASH = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def _error(cls, source: str, field: str, msg: str, **kw) -> DataError:
    """A `cls` error (DataError or ActionSyntaxError) with the catalog's message `msg`."""
    m = M(msg, **kw)
    return cls(source, field, m.en, m.ru)


def replay(state, actions, source: str = "<record>"):
    """Apply the action texts to `state` in order, keeping no undo history; return the state."""
    if not isinstance(actions, (list, tuple)):
        raise _error(DataError, source, "actions", "record_not_list")
    if len(actions) > MAX_ACTIONS:
        raise _error(DataError, source, "actions", "record_too_many", got=str(len(actions)), most=str(MAX_ACTIONS))
    for i, text in enumerate(actions):
        field = f"actions[{i}]"
        if not isinstance(text, str):
            raise _error(ActionSyntaxError, source, field, "record_action_not_text")
        try:
            action = state.parse_action(text)
        except ActionSyntaxError as e:
            raise ActionSyntaxError(source, field, e.en, e.ru) from None
        except DataError as e:
            raise DataError(source, field, e.en, e.ru) from None
        try:
            state.apply(action, history=False)
        except IllegalAction as e:
            raise _error(DataError, source, field, "record_illegal_action", text=repr(text), rule=e.rule_id,
                         reason=T(e.ru, e.en)) from None
    return state


def check_hash(state, record: dict, source: str = "<record>") -> None:
    expected = record.get("state_hash")
    if expected and state.state_hash() != expected:
        raise _error(DataError, source, "state_hash", "record_hash_differs", got=state.state_hash()[:12],
                     recorded=expected[:12])
