"""Shared helpers for the Berserk rule tests (fixtures only; every test sets up its own position)."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import BerserkState
from berserk_kernel.core.errors import IllegalAction


def _rule_ids(state, start: int = 0) -> list[str]:
    """The rule ids of the log entries from index `start` on."""
    return [e.rule_id for e in state.log[start:]]


def _assert_illegal(state, action: str, rule_id: str) -> IllegalAction:
    """`action` is refused with `rule_id`, `explain` agrees, it is not offered, and the state is
    unchanged (same state_hash)."""
    before = state.state_hash()
    with pytest.raises(IllegalAction) as exc:
        state.apply(action)
    assert exc.value.rule_id == rule_id, (exc.value.rule_id, exc.value.en)
    assert state.state_hash() == before
    verdict = state.explain(action)
    assert not verdict.ok and verdict.rule_id == rule_id
    assert state.parse_action(action) not in state.legal_actions()
    assert state.state_hash() == before
    return exc.value


def _scenario(cards, phase: str, active: int = 0, players=None, options=None, forced=(), seed: int = 0,
              **extra) -> BerserkState:
    """A position in any phase from card dicts (``{"card", "owner", "zone", ...}``), through the
    public scenario loader."""
    data = {"cards": [dict(c) for c in cards], "phase": phase, "active": active,
            "dice": {"seed": seed, "forced": list(forced)}, "options": options or {}}
    if players is not None:
        data["players"] = players
    data.update(extra)
    return BerserkState.from_dict(data, "<test>")


@pytest.fixture
def rule_ids():
    return _rule_ids


@pytest.fixture
def assert_illegal():
    return _assert_illegal


@pytest.fixture
def scenario():
    return _scenario
