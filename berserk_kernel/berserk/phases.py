"""The phases of a Berserk game in words («бой», "battle"): the game's status line, the board's
title and the refusals of an action in the wrong phase read them."""
from __future__ import annotations

from ..core.i18n import T

PHASE_NAMES = {
    "order": T("выбор очерёдности", "choosing who goes first"), "build": T("набор отряда", "squad building"),
    "place": T("размещение", "placement"), "reveal": T("вскрытие", "reveal"),
    "attach": T("экипировка и симбиоты", "attaching equipment and symbiotes"), "battle": T("бой", "battle"),
    "over": T("партия окончена", "game over"),
}
