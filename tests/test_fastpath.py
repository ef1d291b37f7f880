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


def _freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def full_key(s) -> tuple:
    """The slow reference for Berserk's `key()`: every field of every card and seat."""
    cards = tuple((c.uid, c.card, c.owner, c.zone, c.cell, c.host, c.closed, c.face_down, c.wounds, c.moves,
                   c.tokens, c.flyer_strike, c.poison, tuple(sorted(c.used.items())), c.taunt, c.lasting)
                  for c in (s.cards[u] for u in sorted(s.cards)))
    seats = tuple((tuple(p.deck), tuple(p.deal), tuple(p.squad), tuple(p.graveyard), tuple(p.removed),
                   tuple(p.aux), tuple(p.attached), p.gold, p.silver, p.redeals, p.bought, tuple(p.hand),
                   p.coins, p.coins_open, p.failed_draws, p.hero) for p in s.seats)
    return (s.phase, s.active, s.turn, s.winner, s.roll_winner, s.hidden_row, s.mode, s.priority,
            s.passes, s.batch, s.attacks_made, s.next_uid, tuple(s.cells), cards, seats,
            _freeze(s.pending), _freeze(s.queue), _freeze(s.fired), tuple(s.dice.forced))


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
    keys, full, pairs = set(), set(), set()
    for seed in SEEDS[game]:
        for step, (s, legal, a) in enumerate(playout(game, seed)):
            check_position(s, legal, a, step)
            positions += 1
            if game != "city":
                k, f = s.key(), full_key(s)
                keys.add(k), full.add(f), pairs.add((k, f))
    assert positions >= 300, positions
    # the key tells positions apart exactly as the full key does (one-to-one over the games)
    assert len(keys) == len(full) == len(pairs)


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
