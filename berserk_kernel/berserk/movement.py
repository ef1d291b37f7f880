"""Movement (BR-9.1, BR-9.2, BR-2.1, BR-2.2)."""
from __future__ import annotations

from ..core.messages import catalog
from ..core.i18n import T
from .field import ORTHOGONAL, cell_name

M = catalog("berserk_kernel.berserk")


def check_actor(s, uid, verb: tuple[str, str]):
    """Common checks for a card of the active player that wants to act or move."""
    c = s.cards.get(uid)
    if c is None or not c.in_play:
        return s.RULES.no("CR-play-zone", M.lazy("card_not_in_play_zone", uid=uid))
    if c.owner != s.active:
        return s.RULES.no("BR-9", M.lazy("movement_enemy_card_you_may", uid=uid, verb=T(*verb)))
    d = s.defs[c.card]
    if d.type == "artifact":
        return s.RULES.no("BR-2.1", M.lazy("movement_artifact_neither_moves_nor"))
    if d.type in ("terrain", "equipment"):
        return s.RULES.no("BR-2.2", M.lazy("movement_terrain_equipment_neither_move"))
    if d.type == "hero":
        return s.RULES.no("R-HEROES", M.lazy("movement_hero_neither_moves_nor"))
    if d.is_symbiote:
        return s.RULES.no("R-BR-SYMBIOTE", M.lazy("movement_symbiote_neither_moves_nor"))
    if c.face_down:
        return s.RULES.no("BR-8.4", M.lazy("queue_card_still_face_down"))
    if c.closed:
        return s.RULES.no("BR-9.2", M.lazy("closed_no_move", card=d))
    return None


def check_move(s, a):
    bad = check_actor(s, a.card, ("ходить", "move"))
    if bad:
        return bad
    c = s.cards[a.card]
    if c.zone != "field":
        return s.RULES.no("BR-9.1", M.lazy("movement_creatures_battlefield_move"))
    if c.moves < 1:
        return s.RULES.no("BR-9.1", M.lazy("movement_movement_points_left"))
    if a.cell not in ORTHOGONAL[c.cell]:
        return s.RULES.no("BR-9.1", M.lazy("movement_not_one_step_sideways", cell=cell_name(c.cell), cell2=cell_name(a.cell)))
    if s.cells[a.cell] is not None:
        return s.RULES.no("BR-9.1", M.lazy("movement_cell_taken_cards_never", cell=cell_name(a.cell)))
    return s.RULES.ok("BR-9.1")


def do_move(s, a) -> None:
    c = s.cards[a.card]
    frm = c.cell
    s.cells[frm] = None
    s.cells[a.cell] = c.uid
    c.cell = a.cell
    c.moves -= 1
    if s.logs:      # a quiet position (search) builds no line (core/state.py `logs`)
        s._log("BR-9.1", "move", "moves", {"card": s.defs[c.card], "frm": cell_name(frm), "to": cell_name(a.cell), "n": c.moves},
               card=c.uid)
