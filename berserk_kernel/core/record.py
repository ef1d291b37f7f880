"""Game records: the setup, the seed and the actions in notation, replayed to the same state.

A record is JSON: ``{"game": "berserk"|"city", "setup": {...}, "seed": 7, "actions": ["..."],
"state_hash": "..." (optional)}``. Replaying an illegal or unreadable action raises `DataError`
naming ``actions[i]`` and the rule that refused it.
"""
from __future__ import annotations

from .errors import DataError, IllegalAction


def replay(state, actions, source: str = "<record>"):
    """Apply the action texts to `state` in order; return the state."""
    for i, text in enumerate(actions):
        field = f"actions[{i}]"
        if not isinstance(text, str):
            raise DataError(source, field, f"expected an action in notation, got {text!r}",
                            f"ожидалось действие в нотации, получено {text!r}")
        try:
            action = state.parse_action(text)
        except DataError as e:
            raise DataError(source, field, e.en, e.ru) from None
        except ValueError as e:
            raise DataError(source, field, f"cannot read action {text!r}: {e}",
                            f"не удалось прочитать действие {text!r}: {e}") from None
        try:
            state.apply(action)
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
