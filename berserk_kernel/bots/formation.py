"""Classic Berserk's placement by a formation (`MCTSBot(place="formation")`, the classic profile since
session 11): the fighters in front, the cards that act from afar behind them, the artifacts and
the cards that leave the field at the reveal in the last cells.

A seat places its squad face down a card at a time, in the cells its tiers open (BR-8.1 for the
first player: the central 3x3 first, then rows 2 and 3, row 1 last; BR-8.2 for the second: all
of row 1 and the centre of rows 2 and 3 first, then the rest). No material changes while cards
are placed, so the greedy prior values every placement at 0 and the 2-turn playouts end inside
the placement or the first blows: the search (and the greedy bot) placed at random, the strongest
creature as often in the last row as next to the enemy, an archer in front.

`formation(s, seat)` assigns the seat's squad to the cells it will fill: the free cells of each
tier in order, as many as there are cards (within a tier the cells nearest the enemy first, then
the central columns), and the cards by `front_value`, highest to the frontmost cell:

- a ground fighter: 2 x its mean strike + half its lives + 2 x its armour (the fighters with the
  strongest blows and the most lives meet the enemy first);
- a creature whose ability is used by closing and reaches beyond the adjacent cells (a shot, a
  throw, a discharge, a spell, a heal: reach "ranged" or "any"): that less `BEHIND` (20), so it
  stands behind the fighters; a ranged ability reaches every cell but the adjacent ones (BR-12.1);
- an artifact (it cannot move nor strike back, BR-5): `ARTIFACT` (-50);
- a card that leaves its cell after the reveal (flyers and terrain go to the auxiliary zone,
  equipment and symbiotes onto a creature, BR-8.5): `LEAVES` (-100), the last cells, so the holes
  they leave are behind the line.

Ties go to the smaller uid. The bot places, of the cards whose planned cell is open now, the one
with the highest front value; the plan is made again at each placement from the cards left (the
same plan: nothing else changes meanwhile).
It reads only the seat's own squad and which cells are taken, both open to the seat.
"""
from __future__ import annotations

from ..berserk.field import col, half_row, placement_tiers
from .base import Game

BEHIND = 20.0       # how far behind the fighters a card that acts from afar stands
ARTIFACT = -50.0
LEAVES = -100.0     # flyers, terrain, equipment, symbiotes: they leave the field at the reveal (BR-8.5)


def is_place_decision(state) -> bool:
    """A classic Berserk seat placing its squad (BR-8.1, BR-8.2)."""
    return state.GAME == "berserk" and state.phase == "place" and getattr(state, "mode", "classic") == "classic"


def acts_from_afar(d) -> bool:
    """Has the card an ability used by closing whose reach goes beyond the adjacent cells?"""
    return any(a.close and a.timing in ("activated", "instant") and a.reach in ("ranged", "any")
               for a in d.abilities)


def front_value(d) -> float:
    """How near the enemy a card of definition `d` is placed (module docstring)."""
    if d.type in ("terrain", "equipment") or d.is_flyer or d.is_symbiote:
        return LEAVES
    if d.type == "artifact":
        return ARTIFACT
    strike = sum(d.strike) / len(d.strike) if d.strike else 0.0
    armour = sum(x for a in d.abilities for k, x in a.modifier if k == "armour")
    value = 2.0 * strike + 0.5 * (d.lives or 0) + 2.0 * armour
    return value - BEHIND if acts_from_afar(d) else value


def _cell_order(seat: int):
    return lambda c: (half_row(c, seat), abs(col(c) - 2))


def formation(s, seat: int) -> dict:
    """{uid: cell} for the cards of `seat`'s squad still to place: the cells the tiers will have
    it fill, the highest `front_value` to the frontmost cell (module docstring)."""
    cards = list(s.seats[seat].squad)
    order = _cell_order(seat)
    cells: list = []
    for tier in placement_tiers(seat):
        if len(cells) >= len(cards):
            break
        free = sorted((c for c in tier if s.cells[c] is None), key=order)
        cells += free[:len(cards) - len(cells)]
    cells.sort(key=order)
    cards.sort(key=lambda u: (-front_value(s.defs[s.cards[u].card]), u))
    return dict(zip(cards, cells))


def formation_action(s, seat: int, actions=None):
    """The placement of `formation(s, seat)` that is legal now: of the cards whose planned cell is
    in the open tier, the one with the highest front value (the strongest fighter goes to the
    front first, which is what the hint names), else the first legal action."""
    actions = Game.choices(s) if actions is None else actions
    legal = {(a.card, a.cell): a for a in actions if getattr(a, "kind", "") == "place"}
    for card, cell in formation(s, seat).items():       # highest front value first
        if (card, cell) in legal:
            return legal[card, cell]
    return actions[0]
