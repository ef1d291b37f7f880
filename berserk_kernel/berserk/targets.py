"""Sources, reach and targets of abilities (BR-12 to BR-12.2, CR-aux-range, CR-play-zone,
HR-source, HR-targets, HR-chosen-targets, HR-mass-abilities, HR-property-targets, HR-502.8,
HR-combined-restrictions), and the constant modifiers cards lend (armour, die bonuses).

Every function here only reads the position.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.i18n import T
from ..core.messages import catalog
from .abilities import AUX_RANGE
from .field import ADJACENT_SETS, COLS, ORTHOGONAL
from .lasting import bonus, grant_owner, granted, stays_closed
from .zones import PLAY_ZONES

M = catalog("berserk_kernel.berserk")


def carried(s, uid) -> list:
    """The abilities that count for card `uid`: its own constant ones that apply to itself, and
    those its equipment and symbiote lend it (applies_to = host)."""
    c = s.cards[uid]
    out = list(_constants(s.defs[c.card])[0])
    if c.lasting:                              # constants granted for a time (CR-204.4)
        out.extend(a for a in granted(s, c) if a.kind == "constant" and a.applies_to == "self")
    if c.zone == "field":
        for r in s.seats[c.owner].attached:
            if s.cards[r].host == uid:
                out.extend(_constants(s.defs[s.cards[r].card])[1])
    return out


_CONSTANTS: dict = {}


def _constants(d) -> tuple:
    """(the card's own constant abilities for itself, those it lends its carrier), read once
    per card definition."""
    v = _CONSTANTS.get(id(d))
    if v is None or v[0] is not d:
        v = _CONSTANTS[id(d)] = (d, (
            tuple(a for a in d.abilities if a.kind == "constant" and a.applies_to == "self" and not a.granted),
            tuple(a for a in d.abilities if a.kind == "constant" and a.applies_to == "host")))
    return v[1]


_OWN_MOD: dict = {}


def _own_modifier(d, name: str) -> int:
    """The sum of modifier `name` over the card's own constant abilities for itself, read once
    per card definition."""
    key = (id(d), name)
    v = _OWN_MOD.get(key)
    if v is None or v[0] is not d:
        v = _OWN_MOD[key] = (d, sum(n for a in _constants(d)[0] for k, n in a.modifier if k == name))
    return v[1]


def modifier(s, uid, name: str) -> int:
    """attack_die, defence_die or armour of a card in play (0 outside the play zone)."""
    c = s.cards.get(uid)
    if c is None or c.zone not in PLAY_ZONES:     # (CardState.in_play written out)
        return 0
    if not c.lasting and (c.zone != "field" or not s.seats[c.owner].attached):
        return _own_modifier(s.defs[c.card], name)    # `carried` holds only the card's own constants
    total = 0
    for a in carried(s, uid):
        for k, v in a.modifier:                # AbilityDef.mod without building a dict
            if k == name:
                total += v
    return total + bonus(c, name) if c.lasting else total     # a blessing for a time (R-BR-FIGHT)


_OWN: dict = {}


def abilities_of(s, uid) -> tuple:
    """The abilities card `uid` has now: its printed ones (not those it only gives) and those
    granted to it for a time (CR-204.4)."""
    c = s.cards[uid]
    d = s.defs[c.card]
    own = _OWN.get(id(d))
    if own is None or own[0] is not d:
        own = _OWN[id(d)] = (d, tuple(a for a in d.abilities if not a.granted))
    return own[1] + tuple(granted(s, c)) if c.lasting else own[1]


def ability_of(s, uid, ability_id):
    """(AbilityDef, id of the card definition holding it) of an ability card `uid` has now, or
    (None, None)."""
    c = s.cards[uid]
    ab = s.defs[c.card].ability(ability_id)
    if ab is not None and not ab.granted:
        return ab, c.card
    holder = grant_owner(s, c, ability_id) if c.lasting else None
    if holder is not None:
        return s.defs[holder].ability(ability_id), holder
    return None, None


def distance(a: int, b: int) -> int:
    """Cells between two cells of the field, diagonals counting one (as adjacency, BR-10.1)."""
    r1, c1 = divmod(a, COLS)
    r2, c2 = divmod(b, COLS)
    return max(abs(r1 - r2), abs(c1 - c2))


_PROTECTING: dict = {}


def _protecting(defs) -> frozenset:
    """Ids of the cards (in this card set) that carry a protection of any kind."""
    key = id(defs)
    if key not in _PROTECTING:
        _PROTECTING[key] = (defs, frozenset(d.id for d in defs.values() if any(a.protection for a in d.abilities)))
    return _PROTECTING[key][1]


def protected_from(s, uid, kind: str) -> bool:
    """A card "cannot be the target of <kind>" (HR-502.8: no card may use it against this one)."""
    ids = _protecting(s.defs)
    if not ids:
        return False
    c = s.cards[uid]
    if c.card not in ids and not c.lasting and not any(s.cards[r].card in ids for r in s.seats[c.owner].attached):
        return False
    return any(kind in a.protection for a in carried(s, uid))


def position_of(s, uid) -> int | None:
    """The cell a card stands on, or its carrier's cell; None in an auxiliary zone."""
    c = s.cards[uid]
    if c.zone == "field":
        return c.cell
    if c.zone == "attached":
        return s.cards[c.host].cell
    return None


def in_reach(s, src_uid, ab, tgt_uid):
    """(ok, rule, ru, en): can the source reach the target with this ability?"""
    here, there = position_of(s, src_uid), position_of(s, tgt_uid)
    if there is None:                          # the target is in an auxiliary zone
        if ab.kind in AUX_RANGE or here is None:
            return True, "CR-aux-range", "", ""
        return False, "BR-12.1", M.lazy("reach_not_aux"), None
    if here is None:                           # a flyer or terrain reaches the whole field
        return True, "BR-12.2", "", ""
    if ab.reach == "adjacent" and there not in ADJACENT_SETS[here]:
        return False, "BR-12.1", M.lazy("reach_melee_adjacent"), None
    if ab.reach == "ranged" and there in ADJACENT_SETS[here]:
        return False, "BR-12.1", M.lazy("reach_ranged_not_adjacent"), None
    if ab.reach == "row":
        r1, c1 = divmod(here, COLS)
        r2, c2 = divmod(there, COLS)
        straight = (r1 == r2 and abs(c1 - c2) == 2) or (c1 == c2 and abs(r1 - r2) == 2)
        if not straight:
            return False, "BR-12.1", M.lazy("reach_row_straight"), None
        mid = ((r1 + r2) // 2) * COLS + (c1 + c2) // 2
        between = s.cells[mid]
        if between is not None and s.cards[between].owner != s.cards[src_uid].owner:
            return False, "BR-12.1", M.lazy("reach_enemy_between"), None
    if ab.range is not None and distance(here, there) > ab.range:     # a range in cells
        return (False, "BR-12.1" if ab.is_attack else "BR-12.2",
                M.lazy("out_of_range", d=distance(here, there), n=ab.range), None)
    return True, "BR-12.1" if ab.is_attack else "BR-12.2", "", ""


@lru_cache(maxsize=None)
def _types(types: tuple) -> T:
    """Card types in words: «существо или артефакт» / "a creature or an artifact"."""
    names, sep = [M("type_" + t) for t in types], M("or")

    def join(words, last):
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + last + words[-1]
    return T(join([n.ru for n in names], sep.ru), join([n.en for n in names], sep.en))


def matches(s, src_uid, ab, tgt_uid, seat: int):
    """(ok, rule, ru, en): does the card meet every restriction of the ability? (HR-combined-restrictions)"""
    t = s.cards.get(tgt_uid)
    if t is None or not t.in_play:
        return False, "CR-play-zone", M.lazy("card_not_in_play_zone", uid=tgt_uid), None
    if t.face_down:
        return False, "R-BR-LATE-REVEAL", M.lazy("target_face_down"), None
    d, f = s.defs[t.card], ab.filter
    if f.side == "enemy" and t.owner == seat:
        return False, "HR-property-targets", M.lazy("target_enemy"), None
    if f.side == "own" and t.owner != seat:
        return False, "HR-property-targets", M.lazy("target_own"), None
    if d.type not in f.types:
        return False, "HR-property-targets", M.lazy("target_types", types=_types(f.types)), None
    if f.other and tgt_uid == src_uid:
        return False, "HR-property-targets", M.lazy("target_other"), None
    failed = (
        "zone" if f.zone is not None and t.zone != f.zone and not (f.zone == "field" and t.zone == "attached") else
        "element" if f.element is True and not d.elements else
        "neutral" if f.element is False and d.elements else
        "wounded" if f.wounded and t.wounds == 0 else
        "unwounded" if f.unwounded and t.wounds > 0 else
        "poisoned" if f.poisoned is True and not t.poison else
        "not_poisoned" if f.poisoned is False and t.poison else
        "max_cost" if f.max_cost is not None and d.cost > f.max_cost else
        "min_cost" if f.min_cost is not None and d.cost < f.min_cost else
        "flyer" if f.flyer is True and not d.is_flyer else
        "not_flyer" if f.flyer is False and d.is_flyer else None)
    if failed is None:
        return True, "HR-property-targets", "", ""
    return False, "HR-property-targets", M.lazy("target_" + failed, max_cost=f.max_cost, min_cost=f.min_cost), None


def target_verdict(s, src_uid, ab, tgt_uid, seat: int, first_attack_check: bool = True):
    """Is `tgt_uid` a legal target of ability `ab` of card `src_uid` declared by `seat`?"""
    ok, rule, ru, en = matches(s, src_uid, ab, tgt_uid, seat)
    if not ok:
        return s.RULES.no(rule, ru, en)
    return _verdict_matched(s, src_uid, ab, tgt_uid, seat, first_attack_check, _UNKNOWN)


_UNKNOWN = object()


def _verdict_matched(s, src_uid, ab, tgt_uid, seat, first_attack_check, forced):
    """`target_verdict` once `matches` passed; `forced` is `taunt_target(s, seat)` when the
    caller knows it already (it does not depend on the target), else `_UNKNOWN`."""
    R = s.RULES
    t, d = s.cards[tgt_uid], s.defs[s.cards[tgt_uid].card]
    if ab.is_attack:
        if d.type == "terrain":
            return R.no("BR-4", M.lazy("strike_terrain_cannot_attacked"))
        if d.type == "equipment":
            return R.no("BR-6", M.lazy("strike_equipment_cannot_attacked"))
        if t.zone == "attached":
            return R.no("R-BR-SYMBIOTE", M.lazy("targets_symbiote_host_cannot_attacked"))
    for e in ab.effects:
        if e.op in ("heal", "poison") and d.type == "artifact":
            return R.no("BR-5", M.lazy("targets_artifact_cannot_healed_poisoned"))
    if protected_from(s, tgt_uid, ab.kind):
        return R.no("HR-502.8", M.lazy("targets_cannot_target_kind_ability", d_name=d.name))
    if t.lasting and stays_closed(s, t) and any(e.op == "open" for e in ab.effects):
        return R.no("HR-502.8", M.lazy("cannot_be_opened", card=d, uid=tgt_uid))
    ok, rule, ru, en = in_reach(s, src_uid, ab, tgt_uid)
    if not ok:
        return R.no(rule, ru, en)
    if ab.is_attack and first_attack_check:
        if forced is _UNKNOWN:
            forced = taunt_target(s, seat)
        if forced is not None and forced != tgt_uid:
            return R.no("HR-combined-restrictions", M.lazy("strike_target_first_attack_turn", forced=forced))
    return R.ok("HR-targets" if ab.is_attack else "HR-choosing")


def taunt_target(s, seat: int) -> int | None:
    """The card the first attack of `seat` this turn must target (a taunt of the opponent)."""
    if seat != s.active or s.attacks_made:
        return None
    cards = s.cards
    for u in s.cells:
        if u is not None and cards[u].taunt == s.turn and cards[u].owner != seat:
            return u
    for u in s.seats[1 - seat].aux:
        if cards[u].taunt == s.turn:
            return u
    return None


def candidates_for(s, src_uid, ab, seat: int | None = None) -> list[int]:
    """Cards in the play zone worth testing as targets (only the side the filter allows)."""
    side = ab.filter.side
    seats = (0, 1) if seat is None or side == "any" else ((1 - seat,) if side == "enemy" else (seat,))
    cards = s.cards
    out = [u for u in s.cells if u is not None and cards[u].owner in seats]
    for i in seats:
        out.extend(s.seats[i].aux)
        out.extend(s.seats[i].attached)
    return out


def legal_targets(s, src_uid, ab, seat: int, points=()) -> list[int]:
    if ab.target == "trigger":
        pool = list(dict.fromkeys(points))
    else:
        pool = candidates_for(s, src_uid, ab, seat)
    # `matches` first: it refuses most cards cheaply, without building a verdict; the rest of
    # `target_verdict` then runs once per card (not `matches` again), the taunt looked up once
    forced = taunt_target(s, seat) if ab.is_attack else None
    return [u for u in pool if matches(s, src_uid, ab, u, seat)[0]
            and _verdict_matched(s, src_uid, ab, u, seat, True, forced).ok]


def mass_cards(s, src_uid, ab, seat: int) -> list[int]:
    """The cards a mass ability affects now (it has no targets: HR-mass-abilities)."""
    return [u for u in candidates_for(s, src_uid, ab, seat) if matches(s, src_uid, ab, u, seat)[0]
            and (ab.range is None or in_reach(s, src_uid, ab, u)[0])]


def host_of(s, uid) -> int | None:
    c = s.cards[uid]
    return c.host if c.zone == "attached" else None


def move_cells(s, tgt_uid) -> list[int]:
    """Free cells a `move` effect may put the target on: orthogonal neighbours (BR-9.1)."""
    cell = position_of(s, tgt_uid)
    if cell is None or s.cards[tgt_uid].zone != "field":
        return []
    return [x for x in ORTHOGONAL[cell] if s.cells[x] is None]
