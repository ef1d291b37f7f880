"""The "progress" evaluation of the MCTS bot (`MCTSBot(evaluation="progress")`).

`base.evaluate` values a position by the material lead only. This one adds what the material
misses about how each game is won, so a search that cannot see the end still moves toward it:

- classic Berserk (BR-1: the first player to destroy every enemy creature wins): a bonus of
  `LAST_CREATURES` points times ``1/n`` for the opponent's `n` creatures left in play, minus the
  same for one's own -- the last enemy creatures are worth more than their material, so the bot
  finishes them instead of drifting into a turn-limit draw;
- Heroes (HR-503.1: a player loses with their hero): a hero's wounds cost, on top of their
  material, `HERO_DANGER` points times the square of the share of its lives lost -- a hero close
  to death is guarded, an enemy hero close to death is hunted;
- City (R-CITY-END: most districts at the end wins, ties by forces then influence): a district
  is worth 3 points at the start and `3 + CITY_LATE` in the last round, since late in the game a
  district decides the result and forces only break ties.

The values are squashed like `base.evaluate` (tanh, 25 points Berserk, 10 City); the exact
returns at the end are unchanged.
"""
from __future__ import annotations

from ..berserk.hidden import PLAY_ZONES
from .base import Game, leads, material, squash

LAST_CREATURES = 8.0
HERO_DANGER = 40.0
CITY_LATE = 3.0


def _creatures(s) -> list[int]:
    """Creatures of each seat in play (field and aux), the ones BR-1 counts."""
    n = [0, 0]
    defs = s.defs
    for c in s.cards.values():
        if c.zone in PLAY_ZONES and c.zone != "attached" and defs[c.card].type == "creature":
            n[c.owner] += 1
    return n


def district_worth(s) -> float:
    """A City district's worth this round: 3 points, rising to 3 + CITY_LATE in the last round."""
    return 3.0 + CITY_LATE * max(0, s.round - 1) / max(1, s.options.rounds - 1)


def progress_material(s) -> list[float]:
    """Per seat: `base.material` plus the progress terms above."""
    if s.GAME == "city":
        worth = district_worth(s)
        return [worth * s.count_districts(p) + s.total_forces(p) + 0.5 * s.influence[p]
                for p in range(s.players)]
    m = material(s)
    if s.phase != "battle":
        return m
    if s.mode == "heroes":
        for p in (0, 1):
            hero = s.seats[p].hero
            c = s.cards.get(hero) if hero is not None else None
            if c is None:
                continue
            lives = s.defs[c.card].lives or 1
            m[p] -= HERO_DANGER * (min(c.wounds, lives) / lives) ** 2
        return m
    n = _creatures(s)
    for p in (0, 1):
        m[p] -= LAST_CREATURES / max(1, n[p])
    return m


def progress_evaluate(s) -> list[float]:
    """A value in (-1, 1) per seat: the exact returns at the end, else the progress lead over
    the best opponent, squashed."""
    if s.phase == "over":
        return Game.returns(s)
    return [squash(s, x) for x in leads(progress_material(s))]
