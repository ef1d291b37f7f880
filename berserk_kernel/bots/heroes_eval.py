"""The "hero" evaluation of the MCTS bot in Heroes (`MCTSBot(evaluation="hero")`).

Every Heroes game the bots play ends by a hero's death (HR-503.1), a race: flyers strike a hero
freely every turn (the hero has no strike, R-HEROES), and so do a ground creature on the enemy
half's row 3 (heroes.hero_in_reach), shots and spells. `base.evaluate` counts what a hero has
lost (`base.HERO_LIFE` points a life) but not what stands ready to wound it next turn, so a
depth-4 rollout that hires a flyer or kills an enemy one sees a creature's cost change only, and
a bot ahead in material lets the enemy flyers finish its hero (session 10, replayed losses).

Here each side's *pressure* is added to its material: the expected wounds its creatures that
reach the enemy hero now deal it in one turn, times `HERO_LIFE` and `PRESSURE` -- a flyer in the
aux zone or a ground creature on the enemy's row 3 with one simple strike (the mean of the weak,
medium and strong strike, one die face pair each, BR-10.3), any creature with a ranged ability
that wounds a hero (a throw, a discharge, a shot: its wounds, the mean of a rolled amount; one
that costs tokens only while the card has them), the better of the two for a creature that has
both (using the ability closes it). The greedy opponent's mountain deck wins its races with
ranged abilities (a throw for 2 and a discharge for 1 at the hero every turn), which a bot
valuing material alone did not hunt. `PRESSURE` 0.5 (half a turn of it; session 10: 1.0 won a few
more games against greedy, 134-64-2 of 200, but lost more to random, 188-7-5, docs/bots.md). Outside Heroes, or off the battle,
it is `base.evaluate`; the exact returns at the end are unchanged.
"""
from __future__ import annotations

from ..berserk.reach import ROW3
from .base import HERO_LIFE, Game, leads, material, squash

PRESSURE = 0.5
# a ranged ability that wounds an enemy hero (a shot, a throw, a discharge: `reach` "ranged", the
# hero among its filter's types) counts its wounds (the mean of a rolled one) times this share in
# place of the card's strike, when it is more (a card closes to use it, so one or the other)
RANGED = 1.0

# id(card definition) -> (the definition, [(tokens, wounds)]): the definition is kept and checked,
# since a game may bring other definitions under the same card ids (`new_game(defs=...)`); at
# most _RANGED_MAX entries (games made from uploaded decks bring new definitions)
_RANGED: dict = {}
_RANGED_MAX = 4096


def ranged_wounds(s, c) -> float:
    """The expected wounds the best ranged ability of card `c` deals a hero (0 if none; one
    that costs tokens only while `c` has them)."""
    d = s.defs[c.card]
    kept = _RANGED.get(id(d))
    if kept is not None and kept[0] is d:
        best = kept[1]
    else:
        best = []
        for a in d.abilities:
            if a.timing != "activated" or a.reach != "ranged" or a.target != "one" \
                    or a.filter.side != "enemy" or "hero" not in a.filter.types:
                continue
            w = 0.0
            for e in a.effects:
                if e.op == "wound":
                    w += sum(e.roll) / len(e.roll) if e.roll else e.amount
            if w > 0:
                best.append((a.tokens, w))
        if len(_RANGED) >= _RANGED_MAX:
            _RANGED.clear()
        _RANGED[id(d)] = (d, best)
    return max((w for tokens, w in best if tokens <= (c.tokens or 0)), default=0.0)


def pressure(s) -> list[float]:
    """Per seat: the expected wounds its creatures would deal the enemy hero in one turn: each
    creature that reaches it now by one simple strike or by a ranged ability that wounds a hero,
    the better of the two (`ranged_wounds`); 0 for a seat whose enemy has no hero in the aux zone."""
    out = [0.0, 0.0]
    heroes = [s.seats[p].hero for p in (0, 1)]
    cards, defs = s.cards, s.defs
    open_hero = [h is not None and h in cards and cards[h].zone == "aux" for h in heroes]
    for c in cards.values():
        zone = c.zone
        if zone != "aux" and zone != "field":
            continue
        p = c.owner
        if not open_hero[1 - p] or c.uid == heroes[p]:
            continue
        d = defs[c.card]
        if d.type != "creature":
            continue
        ranged = RANGED * ranged_wounds(s, c) if RANGED else 0.0
        if zone == "aux" and d.kind == "flyer" or zone == "field" and c.cell in ROW3[1 - p]:
            out[p] += max(sum(d.strike) / 3.0, ranged)
        elif ranged:
            out[p] += ranged
    return out


def hero_material(s) -> list[float]:
    """Per seat: `base.material` plus `PRESSURE * HERO_LIFE` per expected wound of `pressure`."""
    m = material(s)
    if s.GAME != "berserk" or getattr(s, "mode", "classic") != "heroes" or s.phase != "battle":
        return m
    for p, x in enumerate(pressure(s)):
        m[p] += PRESSURE * HERO_LIFE * x
    return m


def hero_evaluate(s) -> list[float]:
    """A value in (-1, 1) per seat: the exact returns at the end, else the lead of
    `hero_material`, squashed like `base.evaluate`."""
    if Game.is_terminal(s):
        return Game.returns(s)
    return [squash(s, x) for x in leads(hero_material(s))]
