"""`GreedyBot`: the action with the best exact expected material change, one step ahead.

Random actions are scored from the kernel's exact odds: a Berserk strike from `odds_for`
(fight-table choices taken as "exchange"), an ability with a wound from `ability_odds`, a City
attack from `attack_odds` (its exact joint law of attackers and defenders left, with a capture
moving the district). Every other action is played
once on a copy and the material (base.material) compared. The copy is a world sampled from the
bot's seat view, so the greedy bot does not peek either. Ties go to a fixed kind preference
(strike, attack, capture first; end last), then to the bot's RNG.
"""
from __future__ import annotations

import random as _random

from ..berserk.odds import ability_odds, odds_for
from .base import Cancelled, Game, card_value, life_weight, material, sample_world, seat_view

PREFER = {"strike": 0.03, "attack": 0.03, "use": 0.02, "capture": 0.02, "buy": 0.01, "move": 0.005,
          "end": -0.02, "redeploy": -0.05, "redeal": -0.03, "pass": -0.01, "skip": -0.01, "nodefend": -0.005}


def lead(s, seat: int) -> float:
    m = material(s)
    return m[seat] - max(x for q, x in enumerate(m) if q != seat)


def _loss(s, uid: int, wounds: int) -> float:
    """Material a Berserk card loses to `wounds` more wounds."""
    c = s.cards[uid]
    d = s.defs[c.card]
    left = max(0, d.lives - c.wounds)
    if not d.lives or c.zone not in ("field", "aux", "attached"):
        return 0.0
    return card_value(s, c) if wounds >= left else life_weight(s, c) * wounds


def _sign(s, uid: int, seat: int) -> float:
    return 1.0 if s.cards[uid].owner != seat else -1.0


def strike_score(s, a, seat: int) -> float:
    odds = odds_for(s, a.card, a.other)
    return float(sum(p * (_loss(s, a.other, dealt) * _sign(s, a.other, seat) + _loss(s, a.card, taken) * _sign(s, a.card, seat))
                     for (dealt, taken), p in odds.distribution("exchange").items()))


def ability_score(s, a, seat: int):
    """Expected material from an ability's wounds on card targets, or None when it wounds none."""
    total, any_wound = 0.0, False
    for t in a.targets:
        if not isinstance(t, int) or t not in s.cards:
            continue
        try:
            dist = ability_odds(s, a.card, a.ability, t)
        except (KeyError, AttributeError, TypeError):
            return None
        if set(dist) != {0}:
            any_wound = True
        total += float(sum(p * _loss(s, t, w) for w, p in dist.items())) * _sign(s, t, seat)
    return total if any_wound else None


def attack_score(s, a, seat: int) -> float:
    """Exact expected change of the material lead from the battle's joint law (CITY-4.2):
    k attackers and m defenders left; a capture (m == 0 < k) moves the district to the
    attacker (3 points) with its k survivors."""
    odds = s.attack_odds(a)
    before = lead(s, seat)
    base = material(s)
    n, d = a.count, s.forces[a.dst]
    owner = s.owner[a.dst]
    total = 0.0
    for k, row in enumerate(odds.joint):
        for m, p in enumerate(row):
            if not p:
                continue
            after = list(base)
            after[seat] -= n - k
            if owner is not None:
                after[owner] -= d - m
            if m == 0 and k > 0:
                after[seat] += 3.0
                if owner is not None:
                    after[owner] -= 3.0
            total += float(p) * (after[seat] - max(x for q, x in enumerate(after) if q != seat) - before)
    return total


def lookahead_score(s, a, seat: int) -> float:
    w = s.copy()
    before = lead(s, seat)
    Game.apply(w, a)
    if w.phase == "over":
        return 1000.0 * Game.returns(w)[seat]
    return lead(w, seat) - before


# City verbs that only move forces between the mover's own districts: the material (districts,
# forces, influence) is the same after them and they never end the game, so their lookahead is 0
NEUTRAL_CITY = frozenset(("move", "redeploy"))


def score(s, a, seat: int) -> float:
    kind = Game.kind(a)
    if s.GAME == "city":
        if kind == "attack":
            value = attack_score(s, a, seat)
        elif kind in NEUTRAL_CITY:
            value = 0.0
        else:
            value = lookahead_score(s, a, seat)
    elif kind == "strike":
        value = strike_score(s, a, seat)
    elif kind == "use":
        value = ability_score(s, a, seat)
        if value is None:
            value = lookahead_score(s, a, seat)
    else:
        value = lookahead_score(s, a, seat)
    return value + PREFER.get(kind, 0.0)


class GreedyBot:
    """One-step exact-expectation greedy player; `seed` only breaks ties and samples the world."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    @staticmethod
    def rank(world, seat: int, rng, cancel=None) -> list:
        """[(action, score)] of `world`'s legal actions, best first (ties by `rng`); `cancel()`
        returning True raises `Cancelled` between actions."""
        scored = []
        for a in Game.choices(world):
            if cancel is not None and cancel():
                raise Cancelled()
            scored.append((a, score(world, a, seat), rng.random()))
        scored.sort(key=lambda t: (-t[1], t[2]))
        return [(a, v) for a, v, _r in scored]

    def analyse(self, state):
        """[(action, expected material change + kind preference, 1)] best first."""
        seat = Game.current_player(state)
        world = sample_world(seat_view(state, seat), seat, self.rng)
        real = {str(a): a for a in Game.choices(state)}
        return [(real[str(a)], v, 1) for a, v in self.rank(world, seat, self.rng) if str(a) in real]

    def step(self, state):
        ranked = self.analyse(state)
        if not ranked:
            raise ValueError("no legal action: the game is over")
        return ranked[0][0]
