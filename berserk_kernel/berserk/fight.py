"""The dice scales of a simple strike (BR-10.3, BR-10.4, ruling R-BR-FIGHT).

Pure functions of the rolls: they say which strength (0 weak X, 1 medium Y, 2 strong Z) each
side deals, never a number of wounds. See docs/rulings.md, R-BR-FIGHT, for the table's source.
"""
from __future__ import annotations

from typing import NamedTuple

WEAK, MEDIUM, STRONG = 0, 1, 2
STRENGTH_NAMES = {WEAK: ("слабый", "weak"), MEDIUM: ("средний", "medium"), STRONG: ("сильный", "strong")}


def single_die(roll: int) -> int:
    """A closed target with no defender, or a rolled ability: 1-3 weak, 4-5 medium, 6+ strong."""
    return WEAK if roll <= 3 else MEDIUM if roll <= 5 else STRONG


class FightCell(NamedTuple):
    """One cell of the fight table: what the attacker deals and what the target strikes back
    (None = nothing), and the alternative a side may choose instead (``chooser`` is
    "attacker" or "target")."""

    deal: int | None
    back: int | None
    alt_deal: int | None = None
    alt_back: int | None = None
    chooser: str | None = None

    @property
    def has_choice(self) -> bool:
        return self.chooser is not None


def fight(white: int, black: int) -> FightCell:
    """Read the fight table (R-BR-FIGHT) for modified rolls `white` (attacker) and `black`."""
    d = white - black
    if d >= 5:
        return FightCell(STRONG, None)
    if d == 4:
        return FightCell(STRONG, WEAK, MEDIUM, None, "attacker")
    if d == 3:
        return FightCell(MEDIUM, None)
    if d == 2:
        return FightCell(MEDIUM, WEAK, WEAK, None, "attacker")
    if d == 1:
        return FightCell(WEAK, None)
    if d == 0:
        return FightCell(WEAK, None) if white <= 4 else FightCell(None, WEAK)
    if d == -1:
        return FightCell(WEAK, None)
    if d == -2:
        return FightCell(None, None)
    if d == -3:
        return FightCell(None, WEAK)
    if d == -4:
        return FightCell(WEAK, MEDIUM, None, WEAK, "target")
    return FightCell(None, MEDIUM)
