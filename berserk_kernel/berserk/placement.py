"""Placement, reveal and attaching (BR-8 to BR-8.5, BR-6, R-BR-SYMBIOTE, R-BR-LATE-REVEAL)."""
from __future__ import annotations

from ..core.messages import catalog
from . import zones
from .field import cell_name, half_of, half_row, placement_tiers

M = catalog("berserk_kernel.berserk")


def begin_placement(s) -> None:
    s.phase, s.active = "place", 0
    _skip_empty_squads(s)


def _skip_empty_squads(s) -> None:
    while s.phase == "place" and not s.seats[s.active].squad:
        if s.active == 0:
            s.active = 1
        else:
            begin_reveal(s)


def open_cells(s, seat: int) -> list[int]:
    """Free cells of the first tier that still has room (BR-8.1 for seat 0, BR-8.2 for seat 1)."""
    for tier in placement_tiers(seat):
        free = [c for c in tier if s.cells[c] is None]
        if free:
            return free
    return []


def check_place(s, a):
    seat = s.active
    c = s.cards.get(a.card)
    if c is None or c.owner != seat or c.zone != "squad":
        return s.RULES.no("BR-8.3", M.lazy("placement_card_not_among_your", card=a.card))
    if half_of(a.cell) != seat:
        return s.RULES.no("BR-8", M.lazy("placement_cell_not_your_half", cell=cell_name(a.cell)))
    if s.cells[a.cell] is not None:
        return s.RULES.no("BR-8.3", M.lazy("placement_cell_taken_each_card", cell=cell_name(a.cell)))
    rule = "BR-8.1" if seat == 0 else "BR-8.2"
    if a.cell not in open_cells(s, seat):
        allowed = ", ".join(cell_name(x) for x in open_cells(s, seat))
        return s.RULES.no(rule, M.lazy("placement_fill_these_cells_first", allowed=allowed))
    return s.RULES.ok(rule)


def do_place(s, a) -> None:
    seat, c = s.active, s.cards[a.card]
    s.seats[seat].squad.remove(a.card)
    c.zone, c.cell, c.face_down = "field", a.cell, True
    s.cells[a.cell] = c.uid
    rule = "BR-8.1" if seat == 0 else "BR-8.2"
    s._log(rule, "place", "placement_places_card_face_down",
           {"name": s.seats[seat].name, "cell": cell_name(a.cell)}, seat=seat, card=c.uid)
    if not s.seats[seat].squad:
        if seat == 0:
            s.active = 1
            _skip_empty_squads(s)
        else:
            begin_reveal(s)


def hidden_row_cards(s) -> list[int]:
    return [u for u in s.cells if u is not None and s.cards[u].owner == 1 and half_row(s.cards[u].cell, 1) == 3]


def begin_reveal(s) -> None:
    s.phase, s.active = "reveal", 1
    if not (s.options.allow_hidden_row and hidden_row_cards(s)):
        reveal(s, hide=False)


def check_reveal(s, a):
    return s.RULES.ok("BR-8.4")


def do_reveal(s, a) -> None:
    reveal(s, hide=a.kind == "hide")


def reveal(s, hide: bool) -> None:
    """Turn every card face up, except the second player's row 3 if they keep it (BR-8.4); then
    terrain and flyers go to the auxiliary zone (BR-8.5) and attaching begins."""
    keep = set(hidden_row_cards(s)) if hide else set()
    s.hidden_row = bool(keep)
    for uid in list(s.cells):
        if uid is not None and uid not in keep:
            s.cards[uid].face_down = False
    if keep:
        s._log("BR-8.4", "reveal", "reveal_keep_row", {"player": s.seats[1].name, "n": len(keep)})
    else:
        s._log("BR-8.4", "reveal", "placement_all_cards_revealed")
    for uid in [u for u in s.cells if u is not None]:
        c = s.cards[uid]
        if not c.face_down and _goes_to_aux(s, c):
            zones.move_to_aux(s, uid)
    s.phase, s.active = "attach", 0
    _next_attacher(s)


def _goes_to_aux(s, c) -> bool:
    d = s.defs[c.card]
    return d.type == "terrain" or d.is_flyer


def attachables(s, seat: int) -> list[int]:
    """Face-up equipment and symbiotes of `seat` still lying on a cell of their own."""
    out = []
    for u in s.cells:
        if u is None:
            continue
        c = s.cards[u]
        if c.owner == seat and not c.face_down:
            d = s.defs[c.card]
            if d.type == "equipment" or d.is_symbiote:
                out.append(u)
    return out


def _next_attacher(s) -> None:
    """Set-up attaching: the first player, then the second (BR-8.5); skip a seat with nothing."""
    while s.phase == "attach" and not attachables(s, s.active):
        if s.active == 0:
            s.active = 1
        else:
            s.begin_battle()


def hosts(s, item: int) -> list[int]:
    return [u for u in s.cells if u is not None and check_host(s, item, u).ok]


def check_host(s, item: int, host: int, hiring: bool = False):
    """Can `item` (equipment or symbiote) go on `host`? (BR-6, BR-5, R-BR-SYMBIOTE) The
    conditions on the carrier's card are `host_fault`'s; this words its answer."""
    it, h = s.cards[item], s.cards.get(host)
    if hiring and h is not None and h.uid == item:
        h = None
    d = s.defs[it.card]
    rule = "BR-6" if d.type == "equipment" else "R-BR-SYMBIOTE"
    if h is None or h.owner != it.owner or h.zone != "field" or h.face_down:
        return s.RULES.no(rule, M.lazy("placement_not_face_up_creature", host=host))
    fault = host_fault(s, d, h)
    if fault is None:
        return s.RULES.ok(rule)
    return _HOST_REFUSALS[fault](s.RULES, rule, s.defs[h.card])


def host_fault(s, d, h) -> str | None:
    """The first condition (BR-5, BR-6, R-BR-SYMBIOTE) that the face-up card `h` on the field,
    of the owner of an item with the definition `d`, fails as the item's carrier: a key of
    `_HOST_REFUSALS`, or None when it may carry the item. The one statement of these
    conditions: `check_host` words the key into its refusal, the hiring list (`host_ok`) only
    tests it for None."""
    defs = s.defs
    hd = defs[h.card]
    if hd.type == "artifact":
        return "artifact"
    if hd.kind != "ground":
        return "not_ground"
    others = [defs[s.cards[u].card] for u in zones.attachments(s, h.uid)]
    if d.type == "equipment":
        if not hd.klass:
            return "no_class"
        if hd.incorporeal:
            return "incorporeal"
        if any(o.equipment == d.equipment for o in others):
            return "same_equipment"
        return None
    if any(o.is_symbiote for o in others):
        return "has_symbiote"
    return None


# the refusal each `host_fault` key stands for: (rules, the item's rule, the carrier's definition)
_HOST_REFUSALS = {
    "artifact": lambda R, rule, hd: R.no("BR-5", M.lazy("placement_nothing_goes_artifact")),
    "not_ground": lambda R, rule, hd: R.no(rule, M.lazy("not_ground_independent", card=hd)),
    "no_class": lambda R, rule, hd: R.no("BR-6", M.lazy("no_class", card=hd)),
    "incorporeal": lambda R, rule, hd: R.no("BR-6", M.lazy("incorporeal", card=hd)),
    "same_equipment": lambda R, rule, hd: R.no("BR-6", M.lazy("placement_creature_already_carries_equipment")),
    "has_symbiote": lambda R, rule, hd: R.no("R-BR-SYMBIOTE", M.lazy("placement_creature_already_carries_symbiote")),
}


def host_ok(s, item: int, host: int) -> bool:
    """`check_host(s, item, host, hiring=True).ok` for a face-up card `host` of the item's owner
    on the field other than the item (the candidates the hiring list offers): `host_fault`."""
    cards = s.cards
    return host_fault(s, s.defs[cards[item].card], cards[host]) is None


def attach_seat(s) -> int:
    return s.pending["seat"] if s.pending else s.active


def check_attach(s, a):
    seat = attach_seat(s)
    if a.card not in attachables(s, seat):
        return s.RULES.no("BR-8.5", M.lazy("placement_not_equipment_symbiote_yours", card=a.card))
    return check_host(s, a.card, a.other)


def do_attach(s, a) -> None:
    it = s.cards[a.card]
    zones.detach_from_zone(s, it)
    it.zone, it.host = "attached", a.other
    s.seats[it.owner].attached.append(it.uid)
    d, hd = s.defs[it.card], s.defs[s.cards[a.other].card]
    s._log("BR-8.5", "attach", "attached",
           {"card": d, "uid": it.uid, "host": hd, "host_uid": a.other}, card=it.uid, host=a.other)
    _after_attach_step(s)


def do_attach_done(s, a) -> None:
    seat = attach_seat(s)
    rule = "R-BR-LATE-REVEAL" if s.pending else "BR-8.5"
    for uid in attachables(s, seat):
        zones.to_graveyard(s, uid, rule)
    _after_attach_step(s, finished=True)


def _after_attach_step(s, finished: bool = False) -> None:
    seat = attach_seat(s)
    if attachables(s, seat) and not finished:
        return
    if s.pending:
        s.pending = None
        return
    if s.active == 0:
        s.active = 1
        _next_attacher(s)
    else:
        s.begin_battle()


def late_reveal(s, uids: list[int], why) -> None:
    """Reveal face-down cards after set-up (BR-8.4, R-BR-LATE-REVEAL)."""
    for uid in uids:
        c = s.cards[uid]
        c.face_down = False
        d = s.defs[c.card]
        s._log("BR-8.4", "reveal", "revealed", {"uid": uid, "card": d, "why": why}, card=uid)
        if _goes_to_aux(s, c):
            zones.move_to_aux(s, uid)
    owners = {s.cards[u].owner for u in uids if s.cards[u].zone == "field"}
    for seat in owners:
        if attachables(s, seat):
            if any(hosts(s, u) for u in attachables(s, seat)):
                s.pending = {"kind": "attach", "seat": seat}
                s._log("R-BR-LATE-REVEAL", "prompt", "placement_attaches_revealed_equipment_symbiote",
                       {"name": s.seats[seat].name}, seat=seat)
            else:
                for u in attachables(s, seat):
                    zones.to_graveyard(s, u, "R-BR-LATE-REVEAL")
