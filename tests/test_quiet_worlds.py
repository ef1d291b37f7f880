"""Quiet positions (search's worlds: `sample_world`, ``clone(quiet=True)``; core/contract.py)
cross-checked against logging ones, over thousands of random positions of classic Berserk,
Heroes and City.

A quiet position keeps no log; everything else must be the same. The same game is played on a
logging position and on its quiet twin with the same dice (the seeded dice of both, and forced
faces from `chance_outcomes` at some actions): after every action the legal lists (in order),
`key()` and the whole state but the log are equal, with and without history; undo and redo are
played on both and compared too. A rule that read its own log would make the twins part.
"""
from __future__ import annotations

import random

import pytest

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.city import new_game as city_game

GAMES = {
    "classic": lambda seed: berserk_game(seed=seed),
    "heroes": lambda seed: berserk_game(seed=seed, mode="heroes"),
    "city": lambda seed: city_game(2, map="default", seed=seed),
}
SEEDS = {"classic": range(16), "heroes": range(8), "city": range(8)}
MAX_STEPS = 300
MIN_POSITIONS = {"classic": 2000, "heroes": 2000, "city": 2000}   # what these seeds reach (a floor)


def state(s) -> dict:
    """The whole position as its file holds it, but the log."""
    d = s.to_dict()
    del d["log"]
    return d


def same(s, q) -> list:
    """Assert the twins are the same position; the legal list (of `s`)."""
    legal, quiet_legal = s.legal_actions(), q.legal_actions()
    assert [str(a) for a in legal] == [str(a) for a in quiet_legal]
    assert legal == quiet_legal
    assert s.key() == q.key()
    assert state(s) == state(q)
    assert s.current_player() == q.current_player() and s.returns() == q.returns()
    assert q.log == [] and q.quiet and not s.quiet
    return legal


def play_twins(s, q, rng, steps: int, undo_every: int = 4) -> int:
    """Play the same random actions on `s` (logging) and `q` (quiet); the positions compared."""
    n = 0
    for step in range(steps):
        legal = same(s, q)
        n += 1
        if s.is_terminal():
            break
        i = rng.randrange(len(legal))
        a, b = legal[i], q.legal_actions()[i]
        dice = None
        if step % 5 == 0:
            law = s.chance_outcomes(a)
            assert law == q.chance_outcomes(b)
            if law:
                dice = law[rng.randrange(len(law))][0]
        history = step % 2 == 0
        logged = len(s.log)
        s.apply(a, history=history, dice=dice)
        q.apply(b, history=history, dice=dice)
        assert len(s.log) > logged        # the logging twin did log this action
        if history and step % undo_every == 0:
            same(s, q)
            assert str(s.undo()) == str(q.undo())
            assert len(s.log) == logged
            same(s, q)
            assert str(s.redo()) == str(q.redo())
    same(s, q)
    return n


@pytest.mark.parametrize("game", list(GAMES))
def test_quiet_twin_plays_the_same(game):
    positions = 0
    for seed in SEEDS[game]:
        s = GAMES[game](seed)
        q = s.clone(quiet=True)
        positions += play_twins(s, q, random.Random(seed), MAX_STEPS)
    assert positions >= MIN_POSITIONS[game]


@pytest.mark.parametrize("game", list(GAMES))
def test_sampled_worlds_are_quiet_and_play_the_same(game):
    """Worlds from `sample_world` at positions along random games: quiet, and played against a
    logging clone of themselves with the same dice."""
    positions = 0
    for seed in SEEDS[game]:
        g = GAMES[game](seed)
        rng = random.Random(100 + seed)
        for k in range(120):
            if g.is_terminal():
                break
            if k % 30 == 10:
                seat = g.current_player()
                w = g.sample_world(seat, rng)
                assert w.quiet and w.log == [] and w.view_seat is None
                loud = w.clone(quiet=False)
                assert not loud.quiet
                positions += play_twins(loud, w, random.Random(k), 40)
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))], history=False)
    assert positions >= 200


@pytest.mark.parametrize("game", list(GAMES))
def test_which_positions_are_quiet(game):
    g = GAMES[game](3)
    legal = g.legal_actions()
    g.apply(legal[0])
    assert not g.quiet and g.log
    v = g.view(0)
    assert not v.quiet and not g.copy().quiet and not g.clone().quiet
    q = g.clone(quiet=True)
    assert q.quiet and q.log == [] and q.actions == g.actions
    assert q.copy().quiet and q.clone().quiet and q.view(0).quiet
    assert q.sample_world(0, 1).quiet and v.sample_world(0, 1).quiet
    assert not q.clone(quiet=False).quiet and not g.quiet     # the original is left as it was
    # undo marks keep it: a quiet position stays quiet through apply, undo and redo
    q.apply(q.legal_actions()[0])
    assert q.quiet and q.log == [] and q.history_start().quiet
    q.undo()
    assert q.quiet and q.log == []
    q.redo()
    assert q.quiet and q.log == []
    # a logging clone of a quiet position logs from there on
    loud = q.clone(quiet=False)
    loud.apply(loud.legal_actions()[0])
    assert loud.log and not q.log


def test_quiet_berserk_turn_start_line():
    """HR-503.1 (said once a game, at the first turn start that opens a card) reads the log: a
    quiet game plays its turn starts the same, and a logging clone of it, which starts with an
    empty log, says the line once from there."""
    g = berserk_game(seed=1)
    q = g.clone(quiet=True)
    rng = random.Random(1)
    while q.turn < 4:
        legal = q.legal_actions()
        q.apply(legal[rng.randrange(len(legal))], history=False)
    assert q.log == [] and not q.is_terminal()
    loud = q.clone(quiet=False)
    for _ in range(300):
        if loud.is_terminal():
            break
        legal = loud.legal_actions()
        a = legal[rng.randrange(len(legal))]
        loud.apply(a, history=False)
        q.apply(a, history=False)
        assert loud.key() == q.key()
    said = [e for e in loud.log if e.rule_id == "HR-503.1"]
    assert len(said) == 1 and q.log == []



@pytest.mark.parametrize("mode", ["classic", "heroes"])
def test_quiet_berserk_skips_most_log_lines(mode):
    """The rules read `logs` before the lines they write most often (moves, wounds, strikes,
    rolls, declarations, payments, turns, deaths, hires): a quiet game asks its no-op `_log` for
    under a quarter of the lines its logging twin writes (the rest are rarer lines, built and
    dropped), and `logs` follows `quiet` through copies, clones and undo."""
    from berserk_kernel.core import contract
    lines = {False: 0, True: 0}
    asked = []

    def counting(rule_id, kind, key, args=None, /, **data):
        asked.append(rule_id)

    for quiet in (False, True):
        for seed in range(8):
            s = berserk_game(seed=seed, mode=mode).clone(quiet=quiet)
            if quiet:
                assert s._log is contract._quiet_log
                s.__dict__["_log"] = counting
            assert s.logs is not quiet and s.copy().logs is not quiet and s.quiet is quiet
            rng = random.Random(seed)
            while not s.is_terminal() and len(s.actions) < 600:
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
                if len(s.actions) % 7 == 0:
                    s.undo()
                    s.redo()
            assert s.logs is not quiet and s.clone().logs is not quiet
            assert s.clone(quiet=not quiet).logs is quiet and s.history_start().logs is not quiet
            lines[quiet] = lines[quiet] + (len(asked) if quiet else len(s.log))
            del asked[:]
    assert lines[False] > 3000
    assert lines[True] < lines[False] / 4, lines
