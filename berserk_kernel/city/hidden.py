"""The City's part of the game contract (core/contract.py): hidden order, key, the law of a roll.

Nobody sees the order of the event deck (CITY-2.4); every other thing on the table is open.
`position_key` is the position as a hashable tuple, without the log, the record, the last event
and battle shown, or the dice's seeded future. `attack_outcomes` is the exact law of an attack's
dice (CITY-4.1): one d10 per attacking force, then one per defending force; only how many of each
side succeed matters, so the faces are merged into one representative tuple per result (the
successes first, a 10 for a success and a 1 for a miss; forced faces as they are).
"""
from __future__ import annotations

from fractions import Fraction

from .combat import SIDES
from .odds import binomial, hit_chance


def _freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def position_key(s) -> tuple:
    """Every field that decides what happens next; equal positions give equal keys."""
    numbers = s.map.numbers
    return (s.phase, s.round, s.current, tuple(s.order), s.pick_index,
            tuple(s.owner[d] for d in numbers), tuple(s.forces[d] for d in numbers),
            tuple(s.influence), tuple(s.hq), tuple(s.deck), tuple(s.discard), _freeze(s.turn),
            tuple(s.winners) if s.winners is not None else None, tuple(s.dice.forced))


def canonical_hidden(s, seat: int) -> None:
    """In place: the event deck in sorted order (no seat knows its order)."""
    s.deck = sorted(s.deck)


def deal_hidden(s, seat: int, rng) -> None:
    """In place: the event deck shuffled (a new list: a clone may share the old one)."""
    s.deck = list(s.deck)
    rng.shuffle(s.deck)


def _sides_law(n: int, hit: int, forced: list) -> list:
    """[(faces, successes, p)] for n dice, the first len(forced) of them known."""
    known = list(forced[:n])
    base = sum(1 for v in known if v >= hit)
    free = n - len(known)
    out = []
    for k, p in enumerate(binomial(free, hit_chance(hit))):
        if p:
            out.append((tuple(known) + (SIDES,) * k + (1,) * (free - k), base + k, p))
    return out


def attack_outcomes(s, action):
    """The law of the faces `action` (an attack) rolls now, merged by result; None when the
    district has no defenders (no battle, nobody rolls: CITY-4.3)."""
    n, defenders = action.count, s.forces[action.dst]
    if not defenders:
        return None
    turn, forced = s.turn, list(s.dice.forced)
    merged: dict = {}
    for fa, hits_a, pa in _sides_law(n, turn["attack_hit"], forced):
        for fd, hits_d, pd in _sides_law(defenders, turn["defence_hit"], forced[n:]):
            result = (max(0, n - hits_d), max(0, defenders - hits_a))
            if result in merged:
                merged[result][1] += pa * pd
            else:
                merged[result] = [fa + fd, pa * pd]
    return [(faces, Fraction(p)) for faces, p in merged.values()]
