"""Movement (BR-9.1, BR-9.2, BR-2.1, BR-2.2)."""
from __future__ import annotations

from ..core.messages import catalog
from .field import ORTHOGONAL, cell_name

M = catalog("berserk_kernel.berserk")


def check_actor(s, uid, verb: tuple[str, str]):
    """Common checks for a card of the active player that wants to act or move."""
    c = s.cards.get(uid)
    if c is None or not c.in_play:
        return s.RULES.no("CR-play-zone", f"Карты #{uid} нет в игровой зоне.", f"Card #{uid} is not in the play zone.")
    if c.owner != s.active:
        return s.RULES.no("BR-9", f"#{uid} — карта противника: {verb[0]} можно только своими картами в свой ход.",
                          f"#{uid} is an enemy card: you may {verb[1]} only with your own cards in your turn.")
    d = s.defs[c.card]
    if d.type == "artifact":
        return s.RULES.no("BR-2.1", "Артефакт не двигается и не наносит простой удар.", "An artifact neither moves nor strikes.")
    if d.type in ("terrain", "equipment"):
        return s.RULES.no("BR-2.2", "Местность и экипировка не двигаются и не бьют.", "Terrain and equipment neither move nor strike.")
    if d.type == "hero":
        return s.RULES.no("R-HEROES", "Герой не ходит и не наносит простой удар.", "The hero neither moves nor strikes.")
    if d.is_symbiote:
        return s.RULES.no("R-BR-SYMBIOTE", "Симбиот не ходит и не бьёт сам: он на носителе.", "A symbiote neither moves nor strikes by itself.")
    if c.face_down:
        return s.RULES.no("BR-8.4", "Карта ещё не вскрыта.", "The card is still face down.")
    if c.closed:
        return s.RULES.no("BR-9.2", M.lazy("closed_no_move", card=d))
    return None


def check_move(s, a):
    bad = check_actor(s, a.card, ("ходить", "move"))
    if bad:
        return bad
    c = s.cards[a.card]
    if c.zone != "field":
        return s.RULES.no("BR-9.1", "Ходят только существа на поле боя.", "Only creatures on the battlefield move.")
    if c.moves < 1:
        return s.RULES.no("BR-9.1", "Единицы движения кончились.", "No movement points left.")
    if a.cell not in ORTHOGONAL[c.cell]:
        return s.RULES.no("BR-9.1", f"С {cell_name(c.cell)} на {cell_name(a.cell)} не шаг по горизонтали или вертикали.",
                          f"{cell_name(c.cell)} to {cell_name(a.cell)} is not one step sideways or forward/back.")
    if s.cells[a.cell] is not None:
        return s.RULES.no("BR-9.1", f"Клетка {cell_name(a.cell)} занята; меняться местами нельзя.",
                          f"Cell {cell_name(a.cell)} is taken; cards never swap places.")
    return s.RULES.ok("BR-9.1")


def do_move(s, a) -> None:
    c = s.cards[a.card]
    frm = c.cell
    s.cells[frm] = None
    s.cells[a.cell] = c.uid
    c.cell = a.cell
    c.moves -= 1
    s._log("BR-9.1", "move", M.lazy("moves", card=s.defs[c.card], frm=cell_name(frm), to=cell_name(a.cell), n=c.moves),
           card=c.uid)
