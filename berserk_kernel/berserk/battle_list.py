"""The legal list of a battle position with no decision pending, built in one pass.

Built from precomputed tables (reach.py) and the position read once, without verdicts: the
list the explaining checks give, in the same order (moves, strikes and closing for a flyer card
by card, then gathering, declarations, hiring, end); tests/test_fastpath_candidates.py compares
it with the explaining list over thousands of positions.
"""
from __future__ import annotations

from . import heroes, queue, reach
from .actions import Action
from .field import ORTHOGONAL
from .interned import CARD, MOVE, STRIKE

_GATHER, _PREPARE = CARD["gather"], CARD["prepare"]
_ADJ, _ROW3, _Scan = reach.ADJ, reach.ROW3, reach.Scan
_END = Action("end")


def battle_list(s, me: int) -> list:
    """The legal list of the battle position `s` with no decision pending (`me`: the active seat).
    Plain loops rather than comprehensions: a comprehension is a function call of its own."""
    scan = _Scan(s)
    info, cards, cells = scan.info, s.cards, s.cells
    seat = s.seats[me]
    pools = flyers_only = None
    out, gather, declare = [], [], []
    add = out.append
    for u in scan.field[me] + seat.aux + seat.attached:
        c = cards[u]
        if c.closed or c.face_down:
            continue
        i = info[c.card]
        if i.gathers and (i.max_tokens is None or c.tokens < i.max_tokens):
            gather.append(_GATHER[u])
        if i.battle or c.lasting:
            queue.declare_card(s, scan, c, False, declare)
        if not i.has_strike:
            continue
        zone = c.zone
        if zone == "attached":
            continue
        if pools is None:
            pools = scan.strike_pools(me)
        if zone == "field":
            cell = c.cell
            if c.moves:
                mv = MOVE[u]
                for x in ORTHOGONAL[cell]:
                    if cells[x] is None:
                        add(mv[x])
            sk = STRIKE[u]
            if i.flyer or c.flyer_strike:
                for t in scan.strike_targets(c, pools):
                    add(sk[t])
                continue            # (no closing for a flyer or a ground creature with a flyer strike)
            ok = pools[0]           # scan.strike_targets of a ground creature, inline
            for x in _ADJ[cell]:
                t = cells[x]
                if t in ok:
                    add(sk[t])
            if pools[2] is not None and cell in _ROW3[1 - me]:
                add(sk[pools[2]])
            if flyers_only is None:     # BR-11.1: only flyers left to the enemy
                flyers_only = not any(info[cards[x].card].creature for x in scan.field[1 - me]) \
                    and any(info[cards[x].card].flyer for x in s.seats[1 - me].aux)
            if flyers_only:
                add(_PREPARE[u])
        else:
            sk = STRIKE[u]
            for t in scan.strike_targets(c, pools):
                add(sk[t])
    out += gather
    out += declare
    if s.mode == "heroes":
        out += heroes.hire_candidates(s)
    out.append(_END)
    return out
