"""The search fast paths cross-checked against the explaining kernel, over thousands of random
positions of classic Berserk, Heroes and City.

Fast paths under test:
- `legal_actions()` (Berserk's battle list skips re-checking moves, strikes and declarations,
  which are built from the checks; actions are built without `Action(...)`'s field checks);
- `apply(a, history=False)` of an action object from the current legal list skips the check;
- refusal and log texts rendered only when read (`Msg`, lazy `Verdict` / `LogEntry`);
- `key()` over the fields in play; `clone()`; undo.
Each is compared with the slow, explaining way: the candidates filtered by `_check`, an action
re-read from its text (a new object, so fully checked), texts rendered at once
(`Msg.EAGER`), `state_hash()`.
"""
from __future__ import annotations

import random

import pytest

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.berserk.hidden import position_key as full_key
from berserk_kernel.city import new_game as city_game
from berserk_kernel.core.errors import IllegalAction
from berserk_kernel.core.messages import Msg

GAMES = {
    "classic": lambda seed: berserk_game(seed=seed),
    "heroes": lambda seed: berserk_game(seed=seed, mode="heroes"),
    "city": lambda seed: city_game(2, map="default", seed=seed),
}
SEEDS = {"classic": range(5), "heroes": range(3), "city": range(4)}
MAX_STEPS = 400       # positions per game (a uniform random City game can last long)


def playout(game: str, seed: int):
    s = GAMES[game](seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        yield s, legal, a
        s.apply(a, history=False)


def slow_legal(s) -> list:
    """The explaining way: every candidate through the full check."""
    return [a for a in s._candidates() if s._check(a).ok]


def check_position(s, legal, a, step: int) -> None:
    # the fast list is the checked list, in the same order, and every action in it is legal
    assert legal == slow_legal(s)
    for x in legal:
        # built without field checks, yet the same value as the text read back
        y = s.parse_action(str(x))
        assert type(x) is type(y) and tuple.__eq__(x, y) and hash(x) == hash(y)
    # applying the listed object (no re-check) equals applying the action read from its text
    fast, slow = s.clone(), s.clone()
    fast.legal_actions()
    listed = fast.legal_actions()[legal.index(a)]
    fast.apply(listed, history=False)
    slow.apply(s.parse_action(str(a)), history=False)
    assert fast.key() == slow.key()
    # the key of a clone is the key; the key changes exactly when the full key does
    assert s.clone().key() == s.key()
    assert (fast.key() == s.key()) == (full_key(fast) == full_key(s)) if hasattr(s, "cards") else True
    if step % 25 == 0:
        assert fast.state_hash() == slow.state_hash()
        # undo restores exactly: the hash (log and record included) and the key
        before_hash, before_key = s.state_hash(), s.key()
        s.apply(a)
        s.undo()
        assert s.state_hash() == before_hash and s.key() == before_key


@pytest.mark.parametrize("game", list(GAMES))
def test_fast_paths_agree_with_the_explaining_kernel(game):
    positions = 0
    for seed in SEEDS[game]:
        for step, (s, legal, a) in enumerate(playout(game, seed)):
            check_position(s, legal, a, step)
            positions += 1
    assert positions >= 300, positions


def test_a_listed_action_is_checked_again_once_the_position_changed():
    s = berserk_game(seed=3)
    legal = s.legal_actions()                 # [first, second]
    s.apply(legal[0], history=False)
    # the same object again: the position changed, so it is checked, and refused
    with pytest.raises(IllegalAction) as e:
        s.apply(legal[1], history=False)
    assert e.value.rule_id == "BR-7"
    # after undo the old list is stale too
    s = berserk_game(seed=3)
    legal = s.legal_actions()
    s.apply(legal[0])
    s.undo()
    s.apply("second")                         # fine: checked
    with pytest.raises(IllegalAction):
        s.apply(legal[0], history=False)


def _texts(game: str, seed: int, steps: int) -> list[str]:
    """Log and refusal texts of a seeded random game (refusals of every candidate)."""
    out = []
    for step, (s, legal, a) in enumerate(playout(game, seed)):
        if step >= steps:
            break
        for x in s._candidates():
            v = s._check(x)
            out.append(f"{v.ok} {v.rule_id} {v.ru} | {v.en}")
    out.append(s.log_text("ru"))
    out.append(s.log_text("en"))
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_lazy_texts_are_the_texts_rendered_at_once(game):
    lazy = _texts(game, 1, 400)
    Msg.EAGER = True
    try:
        eager = _texts(game, 1, 400)
    finally:
        Msg.EAGER = False
    assert lazy == eager
    assert len(lazy) > 400
