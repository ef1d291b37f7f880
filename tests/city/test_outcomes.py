"""Every outcome at a glance for the City (issue 11): exact distributions of each legal action."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from berserk_kernel.city import new_game
from berserk_kernel.city.outcomes import Outcome, measure, outcomes, row
from berserk_kernel.core.errors import IllegalAction

from .helpers import position

F = Fraction


def _row(state, text):
    (r,) = [r for r in outcomes(state) if str(r.action) == text]
    return r


def test_one_on_one_hand_computed():
    # CITY-4.1: the attacker hits on 7+ of a d10 (4/10), the defender on 6+ (5/10); CITY-4.2
    # both at once; CITY-4.3 capture, hold or wipe.
    s = position({1: (0, 3), 2: (1, 1), 3: (1, 2)})
    before = s.state_hash()
    r = _row(s, "attack 1>2 1")
    assert dict(r.distribution) == {
        Outcome("capture", 1, 1, 0, 1): F(1, 2) * F(2, 5),     # defender misses, attacker hits
        Outcome("wipe", 0, 0, 1, 1): F(1, 2) * F(2, 5),        # both hit
        Outcome("hold", 1, 0, 0, 0): F(1, 2) * F(3, 5),        # both miss
        Outcome("hold", 1, 0, 1, 0): F(1, 2) * F(3, 5),        # only the defender hits
    }
    assert r.exact == {"captured": F(1, 5), "lost": F(1, 2), "enemy_lost": F(2, 5), "win": 0}
    assert r.rolled and sum(p for _o, p in r.distribution) == 1
    assert s.state_hash() == before


def test_two_on_two_sums_and_means():
    s = position({1: (0, 3), 2: (1, 2), 3: (1, 2)})
    r = _row(s, "attack 1>2 2")
    assert sum(p for _o, p in r.distribution) == 1
    # expected losses are the expected successes of the other side (CITY-4.2, no overflow here)
    assert r.exact["lost"] == 2 * F(1, 2)
    assert r.exact["enemy_lost"] == 2 * F(2, 5)
    # capture: both defenders fall (4/10)^2 and at least one attacker stays: 1 - (1/2)^2
    assert r.exact["captured"] == F(4, 25) * F(3, 4)


def test_distribution_agrees_with_the_kernel_playing_forced_dice():
    s = position({1: (0, 3), 2: (1, 1), 3: (1, 2)})
    r = _row(s, "attack 1>2 2")
    for faces, want in (((7, 1, 1), Outcome("capture", 2, 1, 0, 1)), ((1, 1, 9), Outcome("hold", 1, 0, 1, 0)),
                        ((10, 10, 6), Outcome("capture", 1, 1, 1, 1))):
        c = s.copy()
        c.dice.forced = list(faces)
        c.apply("attack 1>2 2", history=False)
        got = measure(s, c, 0)
        assert got == Outcome("", 0, want.captured, want.lost, want.enemy_lost)
        assert want in dict(r.distribution)


def test_forced_dice_make_one_outcome():
    s = position({1: (0, 3), 2: (1, 1), 3: (1, 2)}, forced=[8, 2])
    r = _row(s, "attack 1>2 1")
    assert r.distribution == [(Outcome("capture", 1, 1, 0, 1), F(1))]


def test_capture_that_wins_the_game():
    # R-CITY-END with target_districts = 3: taking a third district wins at once
    s = position({1: (0, 3), 4: (0, 1), 2: (1, 1), 3: (1, 2)}, options={"target_districts": 3})
    r = _row(s, "attack 1>2 1")
    assert r.exact["win"] == r.exact["captured"] == F(1, 5)
    win = [o for o, _p in r.distribution if o.result == "capture"]
    assert win and all(o.end == "win" for o in win)
    assert "победа" in win[0].text("ru") and "victory" in win[0].text("en")


def test_actions_without_dice_have_one_outcome():
    s = position({1: (0, 3), 2: (1, 1), 3: (1, 2)}, influence=[3, 0])
    before = s.state_hash()
    rows = outcomes(s)
    assert [str(r.action) for r in rows] == [str(a) for a in s.legal_actions()]
    for r in rows:
        assert sum(p for _o, p in r.distribution) == 1
        if r.action.verb != "attack":
            assert len(r.distribution) == 1 and not r.rolled
    caps = [r for r in rows if r.action.verb == "capture"]
    assert caps and all(r.exact["captured"] == 1 and r.exact["lost"] == 0 for r in caps)
    assert _row(s, "end").distribution[0][0].text("en") == "no captures, no losses"
    assert s.state_hash() == before


def test_illegal_row_is_refused_with_its_rule():
    s = position({1: (0, 3), 2: (1, 1), 3: (1, 2)})
    with pytest.raises(IllegalAction) as e:
        row(s, "attack 1>2 4")
    assert e.value.rule_id == "CITY-3.6"


def test_texts_in_both_languages():
    o = Outcome("hold", 2, 0, 1, 1)
    assert o.text("ru") == "район удержан, защитников осталось: 2 · потеряно своих сил: 1 · уничтожено сил врага: 1"
    assert o.text("en") == "district held, defenders left: 2 · own forces lost: 1 · enemy forces destroyed: 1"


def test_random_game_decisions_sum_to_one_and_change_nothing():
    g = new_game(players=3, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        if g.phase == "over":
            break
        h = g.state_hash()
        rows = outcomes(g)
        acts = g.legal_actions()
        assert [r.action for r in rows] == acts
        for r in rows:
            assert sum(p for _o, p in r.distribution) == 1
            if r.action.verb == "attack":
                assert r.exact["captured"] == g.attack_odds(r.action).capture
        assert g.state_hash() == h
        g.apply(rng.choice(acts))
