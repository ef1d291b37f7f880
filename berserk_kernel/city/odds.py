"""Exact battle odds (CITY-4.1..4.3) from the binomial laws of the two sides' successes.

The attacker's successes S_a ~ Binomial(a, P(d10 >= 7) = 4/10), the defender's S_d ~
Binomial(d, P(d10 >= 6) = 5/10), independent. The defender keeps max(0, d - S_a) forces, the
attacker max(0, a - S_d) (CITY-4.2). Every probability is a `fractions.Fraction`. Forced dice
(the first values the next rolls will show, attacker's dice first) are known, not random: with all
dice forced the answer is one outcome with probability 1.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..core.messages import catalog
from .combat import ATTACK_HIT, DEFENCE_HIT, SIDES
from .reinforce import MAX_FORCES   # the 10-forces cap of CITY-3.4 bounds every battle

M = catalog("berserk_kernel.city")


def hit_chance(hit: int, sides: int = SIDES) -> Fraction:
    """P(one die shows `hit` or more)."""
    return Fraction(min(sides, max(0, sides - hit + 1)), sides)


@lru_cache(maxsize=None)
def binomial(n: int, p: Fraction) -> tuple:
    """P(exactly k successes among n dice) for k = 0..n."""
    q = 1 - p
    return tuple(comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1))


def _successes(n: int, hit: int, forced) -> list:
    """Distribution of successes of n dice when the first len(forced) of them are known."""
    known = sum(1 for v in forced if v >= hit)
    free = binomial(n - len(forced), hit_chance(hit))
    return [Fraction(0)] * known + list(free)


@dataclass(frozen=True)
class BattleOdds:
    """The exact law of one battle of `attackers` on `defenders`."""

    attackers: int
    defenders: int
    capture: Fraction            # the defender is wiped out and the attacker is not
    hold: Fraction               # the defender keeps at least one force
    wipe: Fraction               # both sides are wiped out; owners stay
    attackers_left: tuple        # attackers_left[k] = P(k attackers survive)
    defenders_left: tuple        # defenders_left[m] = P(m defenders survive)
    joint: tuple                 # joint[k][m] = P(k attackers and m defenders survive)

    def expected(self) -> tuple[Fraction, Fraction]:
        """Expected survivors (attacker, defender)."""
        return (sum(k * p for k, p in enumerate(self.attackers_left)),
                sum(m * p for m, p in enumerate(self.defenders_left)))

    def summary(self, lang: str = "ru") -> str:
        c, h, w = (f"{float(x) * 100:.1f}%" for x in (self.capture, self.hold, self.wipe))
        return M("odds_summary", attackers=self.attackers, defenders=self.defenders, capture=c, hold=h, wipe=w).get(lang)


def battle_odds(attackers: int, defenders: int, *, attack_hit: int = ATTACK_HIT,
                defence_hit: int = DEFENCE_HIT, forced=()) -> BattleOdds:
    """Exact odds of an attack of `attackers` forces on `defenders` forces.

    `forced` are the values the next dice will show (as `Dice.forced`): the first `attackers`
    belong to the attacker, the next `defenders` to the defender; values beyond are not used.
    """
    if attackers < 1 or defenders < 0:
        raise ValueError("an attack needs at least one attacker and zero or more defenders")
    if defenders == 0:   # no battle: the district is taken by everyone who came (CITY-4.3)
        left = tuple(Fraction(int(k == attackers)) for k in range(attackers + 1))
        joint = tuple((p,) for p in left)
        return BattleOdds(attackers, 0, Fraction(1), Fraction(0), Fraction(0), left, (Fraction(1),), joint)
    forced = list(forced)
    fa, fd = forced[:attackers], forced[attackers:attackers + defenders]
    s_att = _successes(attackers, attack_hit, fa)
    s_def = _successes(defenders, defence_hit, fd)
    d_left = [Fraction(0)] * (defenders + 1)
    for s, p in enumerate(s_att):
        d_left[max(0, defenders - s)] += p
    a_left = [Fraction(0)] * (attackers + 1)
    for s, p in enumerate(s_def):
        a_left[max(0, attackers - s)] += p
    joint = tuple(tuple(pa * pd for pd in d_left) for pa in a_left)
    wipe = a_left[0] * d_left[0]
    return BattleOdds(attackers, defenders, d_left[0] - wipe, 1 - d_left[0], wipe,
                      tuple(a_left), tuple(d_left), joint)


def odds_table(max_forces: int = MAX_FORCES, **hits) -> dict:
    """The exact odds for every attack of 1..max_forces on 1..max_forces."""
    return {(a, d): battle_odds(a, d, **hits)
            for a in range(1, max_forces + 1) for d in range(1, max_forces + 1)}
