"""Precomputed tables for building the legal-action list fast (BR-9.1, BR-10.1, BR-11, BR-12.1,
BR-12.2, CR-aux-range, HR-targets).

The explaining functions decide, with rule ids and texts: `strike.target_verdict`,
`targets.matches` and `targets._verdict_matched`. The legal list of a battle position asks the
same yes/no questions thousands of times, so this module answers them without building verdicts:

- geometry of the fixed 5 x 6 field: the cells each reach covers from each cell (adjacent,
  ranged, any, a range of N cells, across a row with the cell in between);
- a summary of each card definition (`info`): what it is, whether it strikes, gathers tokens,
  which of its abilities can ever be declared in battle or in answer;
- for each ability and card definition, whether the printed properties pass the ability's
  target filter (type, element, cost, flyer; attacks never aim at terrain or equipment; an
  artifact is never healed or poisoned);
- `Scan`: what one position's list needs once (the cards in play by seat, the taunt, which
  cards can be struck), and the targets of a strike or of an ability from it.

Cards with lasting effects (granted abilities, "does not open", protections for a time) and
protections are handed to the explaining functions, so the answer is always theirs.
tests/test_fastpath_candidates.py compares every answer with the explaining kernel over
thousands of random classic and Heroes positions.
"""
from __future__ import annotations

from .abilities import AUX_RANGE
from .field import ADJACENT_SETS, CELLS, COLS, RANKS, half_row
from .targets import _protecting, carried
from .lasting import stays_closed


# --- geometry ---------------------------------------------------------------------------------

def _distance(a: int, b: int) -> int:
    r1, c1 = divmod(a, COLS)
    r2, c2 = divmod(b, COLS)
    return max(abs(r1 - r2), abs(c1 - c2))


ALL = frozenset(CELLS)
DIST = tuple(tuple(_distance(a, b) for b in CELLS) for a in CELLS)
# cells within N cells of each cell (diagonals count one), N = 0..RANKS
WITHIN = tuple(tuple(frozenset(b for b in CELLS if DIST[a][b] <= n) for a in CELLS) for n in range(RANKS + 1))
# a ranged ability reaches every cell but the adjacent ones (BR-12.1)
NOT_ADJACENT = tuple(ALL - ADJACENT_SETS[a] for a in CELLS)


def _row(a: int) -> dict:
    """Cells two steps away in a straight line -> the cell in between (a strike across a row)."""
    r, c = divmod(a, COLS)
    out = {}
    for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < RANKS and 0 <= cc < COLS:
            out[rr * COLS + cc] = (r + dr // 2) * COLS + c + dc // 2
    return out


ROW = tuple(_row(a) for a in CELLS)
# the adjacent cells in the order `strike.strike_targets` walks them (the frozenset's own order)
_ADJ = tuple(tuple(a) for a in ADJACENT_SETS)
ADJ = _ADJ                 # each cell's adjacent cells, in the order strikes list them
# the cells from which a ground creature strikes the hero of a seat: row 3 of that seat's half
# as seen from the hero's side, the enemy row nearest it (heroes.hero_in_reach)
ROW3 = tuple(frozenset(x for x in CELLS if half_row(x, seat) == 3) for seat in (0, 1))
_BY_REACH = {"adjacent": ADJACENT_SETS, "ranged": NOT_ADJACENT}
_CELLS_OF: dict = {}


def cells_of(reach: str, rng) -> tuple | None:
    """For each cell, the cells an ability of this reach and range reaches on the field (a
    frozenset per cell); None when it reaches every cell. Not for reach "row" (see `ROW`)."""
    key = (reach, rng)
    if key not in _CELLS_OF:
        base = _BY_REACH.get(reach)
        if rng is not None:
            near = WITHIN[min(rng, RANKS)]
            base = near if base is None else tuple(base[a] & near[a] for a in CELLS)
        _CELLS_OF[key] = base
    return _CELLS_OF[key]


# --- card definitions -------------------------------------------------------------------------

class Info:
    """What the legal list needs to know of one card definition."""

    __slots__ = ("creature", "flyer", "has_strike", "strikeable", "gathers", "battle", "instant",
                 "max_tokens", "turn_start", "battle_plan", "instant_plan")

    def __init__(self, d, defs):
        self.creature = d.type == "creature"
        self.flyer = d.kind == "flyer"
        self.has_strike = d.has_strike
        # a face-up card a simple strike may aim at, protections aside (BR-4, BR-6, R-BR-SYMBIOTE)
        self.strikeable = d.type not in ("terrain", "equipment") and d.kind != "symbiote"
        self.gathers = any(a.tokens for a in d.abilities)
        own = tuple(a for a in d.abilities if not a.granted)
        self.battle = tuple(a for a in own if a.timing in ("activated", "instant"))   # own time
        self.instant = tuple(a for a in own if a.timing == "instant")                # answers (BR-14)
        # the same abilities as (ability, has a cost or a per-turn limit, target mode, needs a cell,
        # its `plan`, its `printed` table for this card set)
        self.battle_plan = tuple((a, bool(a.per_turn or a.tokens or a.wounds or a.coins), a.target, a.needs_cell,
                                  plan(a), printed(a, defs)) for a in self.battle)
        self.instant_plan = tuple((a, bool(a.per_turn or a.tokens or a.wounds or a.coins), a.target, a.needs_cell,
                                   plan(a), printed(a, defs)) for a in self.instant)
        self.max_tokens = d.max_tokens
        self.turn_start = any(a.timing == "triggered" and a.trigger == "turn_start" for a in d.abilities)


class _Infos(dict):
    def __init__(self, defs):
        super().__init__()
        self.defs = defs
        # every kind some card of the set may protect from (granted abilities are the set's too):
        # a kind outside it is never refused by a protection (targets.protected_from)
        self.protections = frozenset(k for d in defs.values() for a in d.abilities for k in a.protection)

    def __missing__(self, card_id):
        info = self[card_id] = Info(self.defs[card_id], self.defs)
        return info


_INFOS: dict = {}


def infos(defs) -> dict:
    """card id -> `Info` for a card set (built once per set, each entry when first asked)."""
    entry = _INFOS.get(id(defs))
    if entry is None or entry.defs is not defs:
        entry = _INFOS[id(defs)] = _Infos(defs)
    return entry


def _printed_ok(ab, d) -> bool:
    """Do the printed properties of `d` pass the target filter of `ab` (the parts of
    `targets.matches` and `targets._verdict_matched` that never change in a game)?"""
    f = ab.filter
    if d.type not in f.types:
        return False
    if (f.element is True and not d.elements) or (f.element is False and d.elements):
        return False
    if (f.max_cost is not None and d.cost > f.max_cost) or (f.min_cost is not None and d.cost < f.min_cost):
        return False
    if (f.flyer is True and not d.is_flyer) or (f.flyer is False and d.is_flyer):
        return False
    if ab.is_attack and d.type in ("terrain", "equipment"):
        return False
    if d.type == "artifact" and any(e.op in ("heal", "poison") for e in ab.effects):
        return False
    return True


class _Printed(dict):
    def __init__(self, ab, defs):
        super().__init__()
        self.ab, self.defs = ab, defs

    def __missing__(self, card_id):
        ok = self[card_id] = _printed_ok(self.ab, self.defs[card_id])
        return ok


_PRINTED: dict = {}


def printed(ab, defs) -> dict:
    """card id -> does the card's printing pass `ab`'s filter."""
    key = (id(ab), id(defs))
    entry = _PRINTED.get(key)
    if entry is None or entry.ab is not ab or entry.defs is not defs:
        entry = _PRINTED[key] = _Printed(ab, defs)
    return entry


_OPENS: dict = {}


def opens(ab) -> bool:
    v = _OPENS.get(id(ab))
    if v is None or v[0] is not ab:
        v = _OPENS[id(ab)] = (ab, any(e.op == "open" for e in ab.effects))
    return v[1]


_NONE = frozenset()
_PLANS: dict = {}


def plan(ab) -> tuple:
    """What `Scan.ability_targets` reads of an ability, read once: (its filter, is it an
    attack, is its reach "row", the cells within its range for a row reach, the cells it
    reaches from each cell otherwise (None: every cell), does its kind reach the auxiliary zone,
    the filter's zone, other, does it read wound or poison marks, its side, its kind, does it
    open a card)."""
    v = _PLANS.get(id(ab))
    if v is None or v[0] is not ab:
        f = ab.filter
        is_row = ab.reach == "row"
        v = _PLANS[id(ab)] = (ab, (
            f, ab.is_attack, is_row,
            WITHIN[min(ab.range, RANKS)] if is_row and ab.range is not None else None,
            None if is_row else cells_of(ab.reach, ab.range),
            ab.kind in AUX_RANGE, f.zone, f.other,
            bool(f.wounded or f.unwounded or f.poisoned is not None), f.side, ab.kind, opens(ab)))
    return v[1]


# --- one position -----------------------------------------------------------------------------

_UNSET = object()


class Scan:
    """The parts of one position that every candidate of its legal list reads."""

    __slots__ = ("s", "cards", "info", "occ", "field", "_taunt", "_prot", "_kinds")

    def __init__(self, s):
        self.s = s
        self.cards = s.cards
        self.info = infos(s.defs)
        cards = s.cards
        occ = self.occ = list(filter(None, s.cells))      # uids start at 1
        field = self.field = ([], [])                      # each seat's cards on the field, cell order
        for u in occ:
            field[cards[u].owner].append(u)
        self._taunt = [_UNSET, _UNSET]                     # each seat's `forced`
        self._prot = [None, None]                          # each seat's `maybe_in`
        self._kinds = None                                 # uid -> what it is protected from

    # the first attack of a turn may be forced onto a taunting card (targets.taunt_target)
    def forced(self, seat: int):
        t = self._taunt
        if t[seat] is _UNSET:
            s = self.s
            f = None
            if seat == s.active and not s.attacks_made:
                turn, cards = s.turn, self.cards
                for u in self.field[1 - seat]:
                    if cards[u].taunt == turn:
                        f = u
                        break
                else:
                    for u in s.seats[1 - seat].aux:
                        if cards[u].taunt == turn:
                            f = u
                            break
            t[seat] = f
        return t[seat]

    def maybe_in(self, seat: int):
        """Uids of `seat`'s cards in play `targets.protected_from` may answer yes for: a card
        that carries a protection or has lasting effects, and the host of a protecting card
        attached (`carried` reads a card's own constants, its granted ones and what the
        cards attached to it lend, nothing else). Read once per position and seat."""
        p = self._prot[seat]
        if p is None:
            s, cards = self.s, self.cards
            ids = _protecting(s.defs)
            if not ids:
                p = _NONE
            else:
                st = s.seats[seat]
                p = set()           # (a loop: a comprehension is a call of its own)
                for u in self.field[seat] + st.aux:
                    c = cards[u]
                    if c.card in ids or c.lasting:
                        p.add(u)
                for u in st.attached:
                    c = cards[u]
                    if c.card in ids:
                        p.add(u)
                        p.add(c.host)       # what it lends counts for its carrier
                    elif c.lasting:
                        p.add(u)
            self._prot[seat] = p
        return p

    def maybe_protected(self) -> set:
        """`maybe_in` of both seats."""
        return self.maybe_in(0) | self.maybe_in(1)

    def protected(self, t, kind: str) -> bool:
        """`targets.protected_from(s, t.uid, kind)` for a card in `maybe_in(t.owner)`: card
        state `t` "cannot be the target of" `kind` (HR-502.8). What a card is protected from
        is read once per position."""
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = {}
        k = kinds.get(t.uid)
        if k is None:
            k = kinds[t.uid] = frozenset(x for a in carried(self.s, t.uid) for x in a.protection)
        return kind in k

    # --- simple strikes (strike.target_verdict) ---
    def strike_pools(self, seat: int):
        """What every strike of `seat`'s open creatures may aim at now: (the uids a simple strike
        may reach whoever strikes, as a set; the same in the order a flyer meets them; the enemy
        hero when a ground creature on the right row may strike it, else None). The first set
        holds the opponent's cards in play that are face down, or face up and neither terrain,
        equipment, symbiote nor protected from strikes, and only the taunting card when there
        is one (HR-combined-restrictions)."""
        s, cards, info = self.s, self.cards, self.info
        enemy = 1 - seat
        maybe = self.maybe_in(enemy) if "strike" in info.protections else _NONE
        flyer = []                  # (a loop: a comprehension is a call of its own)
        for u in self.field[enemy] + s.seats[enemy].aux:
            t = cards[u]
            if t.face_down or (info[t.card].strikeable and not (u in maybe and self.protected(t, "strike"))):
                flyer.append(u)
        ok = set(flyer)
        forced = self.forced(seat)
        if forced is not None:
            ok &= {forced}
            flyer = [u for u in flyer if u == forced]
        hero = s.seats[enemy].hero
        if hero is None or hero not in ok or cards[hero].zone != "aux" or cards[hero].face_down \
                or s.defs[cards[hero].card].type != "hero":
            hero = None
        return ok, flyer, hero

    def strike_targets(self, c, pools) -> list:
        """`strike.strike_targets` of the open creature `c` (its owner decides), in its order;
        `pools` is `strike_pools(c.owner)`."""
        ok, flyer, hero = pools
        if self.info[c.card].flyer:
            return flyer
        cells = self.s.cells
        if not c.flyer_strike:
            out = [u for x in _ADJ[c.cell] if (u := cells[x]) in ok]
            if hero is not None and c.zone == "field" and c.cell in ROW3[1 - c.owner]:
                out.append(hero)
            return out
        # a ground creature that earned a strike at a flyer (BR-11.1)
        cards, defs, out = self.cards, self.s.defs, []
        for u in flyer:
            t = cards[u]
            if t.zone != "aux":
                if t.cell in ADJACENT_SETS[c.cell]:
                    out.append(u)
            elif t.face_down or defs[t.card].type != "hero":
                out.append(u)
            elif c.zone == "field" and c.cell in ROW3[t.owner]:
                out.append(u)
        return out

    # --- targets of abilities (targets.legal_targets) ---
    def pool(self, side: str, seat: int) -> list:
        """`targets.candidates_for`: the cards in play on the sides a filter allows."""
        s = self.s
        if side == "any":
            out = self.occ[:]
            for i in (0, 1):
                out += s.seats[i].aux
                out += s.seats[i].attached
            return out
        i = 1 - seat if side == "enemy" else seat
        return self.field[i] + s.seats[i].aux + s.seats[i].attached

    def ability_targets(self, src, ab, seat: int, planned, pr) -> list:
        """`targets.legal_targets(s, src.uid, ab, seat)` for an ability that is not a trigger's;
        `planned` is `plan(ab)`, `pr` is `printed(ab, defs)` (an `Info`'s plans hold both)."""
        s, cards = self.s, self.cards
        (f, attack, is_row, row_near, table, aux_kind, zone, other, marks, side, kind,
         opening) = planned
        forced = self.forced(seat) if attack else None
        src_uid = src.uid
        here = src.cell if src.zone == "field" else cards[src.host].cell if src.zone == "attached" else None
        row = None
        near = None
        if here is not None:
            if is_row:
                row = ROW[here]
                if row_near is not None:
                    near = row_near[here]
            else:
                near = None if table is None else table[here]
        aux_ok = aux_kind or here is None
        if kind not in self.info.protections:
            maybe = _NONE
        else:
            maybe = self.maybe_protected() if side == "any" else self.maybe_in(1 - seat if side == "enemy" else seat)
        pool = self.pool(side, seat)
        if forced is not None:       # the first attack of the turn goes at the taunting card
            pool = [u for u in pool if u == forced]
        out = []
        for u in pool:
            t = cards[u]
            if t.face_down or not pr[t.card]:
                continue
            if other and u == src_uid:
                continue
            tz = t.zone
            if zone is not None and tz != zone and not (zone == "field" and tz == "attached"):
                continue
            if marks and ((f.wounded and t.wounds == 0) or (f.unwounded and t.wounds > 0)
                          or (f.poisoned is True and not t.poison) or (f.poisoned is False and t.poison)):
                continue
            if attack and tz == "attached":
                continue
            if u in maybe and self.protected(t, kind):
                continue
            if t.lasting and opening and stays_closed(s, t):
                continue
            # reach (targets.in_reach)
            there = t.cell if tz == "field" else cards[t.host].cell if tz == "attached" else None
            if there is None:
                if not aux_ok:
                    continue
            elif here is not None:
                if row is not None:
                    mid = row.get(there)
                    if mid is None:
                        continue
                    between = s.cells[mid]
                    if between is not None and cards[between].owner != src.owner:
                        continue
                    if near is not None and there not in near:
                        continue
                elif near is not None and there not in near:
                    continue
            out.append(u)
        return out


