"""Exact battle odds (CITY-4.1, CITY-4.2, CITY-4.3) against the kernel's own battles and against a
seeded simulation of 100,000 battles for every pair 1..10 x 1..10."""
import itertools
import math
from fractions import Fraction

import pytest

from berserk_kernel.city import battle_odds, odds_table
from berserk_kernel.city.combat import fight
from berserk_kernel.core.dice import Dice

from .helpers import position


def test_CITY_4_1_one_on_one_exact():
    """CITY-4.1: P(attacker hits) = 4/10, P(defender hits) = 5/10, so for 1 on 1:
    capture 4/10*5/10, wipe 4/10*5/10, hold 6/10 (CITY-4.3)."""
    o = battle_odds(1, 1)
    assert (o.capture, o.wipe, o.hold) == (Fraction(1, 5), Fraction(1, 5), Fraction(3, 5))
    assert o.attackers_left == (Fraction(1, 2), Fraction(1, 2))
    assert o.defenders_left == (Fraction(2, 5), Fraction(3, 5))


def test_CITY_4_2_odds_are_a_probability_law_for_every_pair():
    """CITY-4.2: survivors = forces minus the other side's successes; every law sums to 1, and a
    wipe-out is impossible when the attacker outnumbers the defender's dice."""
    for (a, d), o in odds_table().items():
        assert o.capture + o.hold + o.wipe == 1
        assert sum(o.attackers_left) == 1 and sum(o.defenders_left) == 1
        assert sum(sum(row) for row in o.joint) == 1
        assert o.joint[0][0] == o.wipe and sum(o.joint[k][0] for k in range(1, a + 1)) == o.capture
        if a > d:
            assert o.wipe == 0 and o.attackers_left[0] == 0


def test_CITY_4_3_forced_dice_give_an_exact_result_not_a_sample():
    """CITY-4.3 with every die forced: one outcome with probability 1; partly forced: the rest is
    binomial."""
    o = battle_odds(2, 1, forced=[7, 1, 6])
    assert (o.capture, o.hold, o.wipe) == (1, 0, 0) and o.attackers_left == (0, 1, 0)
    o = battle_odds(2, 2, forced=[7])        # one hit known, one attacker die and both defenders free
    assert o.defenders_left == (Fraction(2, 5), Fraction(3, 5), 0)
    g = position({1: (0, 3), 2: (1, 2), 25: (1, 1)}, forced=[7, 7, 6, 1])
    assert g.attack_odds("attack 1>2 2").capture == 1
    g.apply("attack 1>2 2")
    assert g.last_battle["result"] == "capture"
    h = position({1: (0, 3), 2: (1, 2), 25: (1, 1)}, turn={"attack_hit": 6})
    assert h.attack_odds("attack 1>2 1").defenders_left[1] == Fraction(1, 2)


def law_of_kernel(a, d, faces_a, faces_d):
    """Run the kernel's battle over every sequence of the given faces with their weights."""
    law = {}
    for seq in itertools.product(*([faces_a] * a + [faces_d] * d)):
        dice = Dice(0)
        dice.force(*(v for v, _ in seq))
        b = fight(dice, a, d)
        w = math.prod(p for _, p in seq)
        law[(b.attackers_left, b.defenders_left)] = law.get((b.attackers_left, b.defenders_left), 0) + w
    return law


@pytest.mark.parametrize("a,d", [(1, 1), (1, 2), (2, 1)])
def test_CITY_4_1_kernel_battles_over_all_faces_match_the_odds_exactly(a, d):
    """CITY-4.1..4.3: every face sequence of small battles, through the kernel, gives the exact law."""
    faces = [(v, Fraction(1, 10)) for v in range(1, 11)]
    law = law_of_kernel(a, d, faces, faces)
    o = battle_odds(a, d)
    assert law == {(k, m): o.joint[k][m] for k in range(a + 1) for m in range(d + 1) if o.joint[k][m]}


def test_CITY_4_2_kernel_battles_over_hit_patterns_match_the_odds_exactly():
    """CITY-4.2: every hit/miss pattern up to 4 on 4, weighted, through the kernel = the odds."""
    att = [(7, Fraction(4, 10)), (6, Fraction(6, 10))]
    dfn = [(6, Fraction(5, 10)), (5, Fraction(5, 10))]
    for a in range(1, 5):
        for d in range(1, 5):
            o = battle_odds(a, d)
            law = law_of_kernel(a, d, att, dfn)
            assert law == {(k, m): o.joint[k][m] for k in range(a + 1) for m in range(d + 1) if o.joint[k][m]}


N = 100_000


def simulate(seed=20250101, n=N):
    """Roll 10 attacker and 10 defender d10 per battle with the kernel's Dice, n battles; keep each
    die's hits as a bit set over the battles. The battle a on d uses the first a attacker dice and
    the first d defender dice, so every pair gets n battles (shared dice across pairs, independent
    battles within a pair). Returns {(a, d): (captures, holds, wipes, sum of attacker survivors,
    sum of defender survivors)}."""
    dice = Dice(seed)
    roll = dice.randbelow            # 0..9: a face of 1..10 minus one; hits are 6+ and 5+ here
    att = [bytearray(n) for _ in range(10)]
    dfn = [bytearray(n) for _ in range(10)]
    for r in range(n):
        for i in range(10):
            att[i][r] = 49 if roll(10) >= 6 else 48      # face >= 7
        for i in range(10):
            dfn[i][r] = 49 if roll(10) >= 5 else 48      # face >= 6
    full = (1 << n) - 1
    A = [int(bytes(b), 2) for b in att]
    D = [int(bytes(b), 2) for b in dfn]

    def exactly(bits):               # exactly[k][s] = battles where the first k dice hit s times
        rows = [{0: full}]
        for k, hit in enumerate(bits, 1):
            prev, miss = rows[-1], full ^ hit
            rows.append({s: (prev.get(s, 0) & miss) | (prev.get(s - 1, 0) & hit) for s in range(k + 1)})
        return rows
    EA, ED = exactly(A), exactly(D)
    out = {}
    for a in range(1, 11):
        for d in range(1, 11):
            at_least_d = 0           # attacker hits >= d: no defender left
            for s in range(d, a + 1):
                at_least_d |= EA[a][s]
            below_a = 0              # defender hits < a: some attacker left
            for t in range(0, min(a, d + 1)):
                below_a |= ED[d][t]
            cap = (at_least_d & below_a).bit_count()
            wipe = (at_least_d & (full ^ below_a)).bit_count()
            a_sum = sum(max(0, a - t) * ED[d][t].bit_count() for t in range(d + 1))
            d_sum = sum(max(0, d - s) * EA[a][s].bit_count() for s in range(a + 1))
            out[(a, d)] = (cap, n - cap - wipe, wipe, a_sum, d_sum)
    return out


@pytest.mark.slow
def test_CITY_4_3_odds_agree_with_100000_simulated_battles_for_every_pair():
    """CITY-4.1..4.3: for every a, d in 1..10 the exact capture, hold and wipe-out probabilities and
    the expected survivors lie within three standard errors of 100,000 seeded battles."""
    sim = simulate()
    worst = 0.0
    for (a, d), o in odds_table().items():
        cap, hold, wipe, a_sum, d_sum = sim[(a, d)]
        for p, count in ((o.capture, cap), (o.hold, hold), (o.wipe, wipe)):
            se = math.sqrt(float(p * (1 - p)) / N)
            assert abs(count / N - float(p)) <= 3 * se, (a, d, float(p), count / N)
            worst = max(worst, abs(count / N - float(p)) / se) if se else worst
        for law, total in ((o.attackers_left, a_sum), (o.defenders_left, d_sum)):
            mean = sum(k * p for k, p in enumerate(law))
            var = sum(k * k * p for k, p in enumerate(law)) - mean * mean
            se = math.sqrt(float(var) / N)
            assert abs(total / N - float(mean)) <= 3 * se, (a, d, float(mean), total / N)
    assert worst > 0.5   # the simulation really varies: not a copy of the exact numbers
