"""The simple strike, defenders and flyers (BR-10 to BR-11.1, BR-15, BR-17, R-BR-FIGHT).

A strike is declared (`strike`), may be answered by the target's owner with a defender
(`defend` / `nodefend`), is rolled, and at +4, +2 or -4 on the fight table waits for a side's
choice (`exchange` / `safe`) before the wounds are dealt.
"""
from __future__ import annotations

from ..core.i18n import T
from ..core.messages import catalog
from .effects import remove_dead, wound
from .fight import STRENGTH_NAMES, fight, single_die
from .field import ADJACENT_SETS
from .heroes import hero_in_reach
from .movement import check_actor
from .placement import late_reveal
from .targets import modifier, protected_from, taunt_target
from .triggers import fire
from .turn import check_victory

M = catalog("berserk_kernel.berserk")


def _name(s, uid) -> T:
    return s.defs[s.cards[uid].card].name


def target_verdict(s, att, tgt_uid):
    """Can the open creature `att` make a simple strike at card `tgt_uid`?"""
    t = s.cards.get(tgt_uid)
    if t is None or not t.in_play:
        return s.RULES.no("CR-play-zone", M.lazy("card_not_in_play_zone", uid=tgt_uid))
    if t.owner == att.owner:
        return s.RULES.no("R-BR-ENEMY-TARGET", M.lazy("strike_simple_strike_targets_enemy"))
    td = None if t.face_down else s.defs[t.card]
    if td is not None:
        if td.type == "terrain":
            return s.RULES.no("BR-4", M.lazy("strike_terrain_cannot_attacked"))
        # attached or still waiting for a carrier after a late reveal (R-BR-LATE-REVEAL)
        if td.type == "equipment":
            return s.RULES.no("BR-6", M.lazy("strike_equipment_cannot_attacked"))
        if td.is_symbiote:
            return s.RULES.no("R-BR-SYMBIOTE", M.lazy("strike_symbiote_cannot_target_simple"))
    if td is not None and protected_from(s, tgt_uid, "strike"):
        return s.RULES.no("HR-502.8", M.lazy("strike_cannot_target_simple_strike", td_name=td.name))
    forced = taunt_target(s, att.owner)
    if forced is not None and forced != tgt_uid:
        return s.RULES.no("HR-combined-restrictions", M.lazy("strike_target_first_attack_turn", forced=forced))
    ad = s.defs[att.card]
    if ad.is_flyer:
        return s.RULES.ok("BR-11")
    if t.zone == "aux":
        if td is not None and td.type == "hero":
            if hero_in_reach(s, att, t):
                return s.RULES.ok("R-HEROES")
            return s.RULES.no("R-HEROES", M.lazy("strike_ground_creature_strikes_hero"))
        if att.flyer_strike:
            return s.RULES.ok("BR-11.1")
        return s.RULES.no("BR-11", M.lazy("strike_ground_creature_cannot_reach"))
    if t.cell not in ADJACENT_SETS[att.cell]:
        return s.RULES.no("BR-10.1", M.lazy("strike_simple_strike_reaches_adjacent"))
    return s.RULES.ok("BR-10.1")


def check_strike(s, a):
    bad = check_actor(s, a.card, ("бить", "strike"))
    if bad:
        return bad
    return target_verdict(s, s.cards[a.card], a.other)


def strike_targets(s, uid) -> list[int]:
    att = s.cards[uid]
    if s.defs[att.card].is_flyer or att.flyer_strike:
        enemy = 1 - att.owner
        pool = [u for u in s.cells if u is not None and s.cards[u].owner == enemy] + s.seats[enemy].aux
    else:
        pool = [u for u in (s.cells[x] for x in ADJACENT_SETS[att.cell]) if u is not None and s.cards[u].owner != att.owner]
        hero = s.seats[1 - att.owner].hero
        if hero is not None and s.cards[hero].zone == "aux":
            pool.append(hero)
    return [u for u in pool if target_verdict(s, att, u).ok]


def do_strike(s, a) -> None:
    att, tgt = s.cards[a.card], s.cards[a.other]
    if s.logs:
        s._log("BR-10", "strike", "strike_declared", {"card": s.defs[att.card], "uid": att.uid, "target": tgt.uid},
               attacker=att.uid, target=tgt.uid)
    if tgt.face_down:
        late_reveal(s, [tgt.uid], T("её атакуют", "it is attacked"))
        if not target_verdict(s, att, tgt.uid).ok or not tgt.in_play or tgt.zone == "attached":
            s._log("BR-17", "cancel", "strike_strike_cannot_apply_revealed")
            return
    if att.owner == s.active:
        s.attacks_made += 1
    # the hero stands in the aux zone too, but a strike at it is not the earned strike at a flyer
    used_flyer_strike = tgt.zone == "aux" and not s.defs[att.card].is_flyer and s.defs[tgt.card].type != "hero"
    if used_flyer_strike:
        att.flyer_strike = False
    ds = defenders(s, att.uid, tgt.uid)
    if ds:
        s.pending = {"kind": "defend", "seat": tgt.owner, "attacker": att.uid, "target": tgt.uid}
        p = s.seats[tgt.owner]
        s._log("BR-10.2", "prompt", "defender_prompt", {"player": p.name, "n": len(ds)}, seat=tgt.owner)
    else:
        resolve(s, att.uid, tgt.uid, None)


def defenders(s, att_uid, tgt_uid) -> list[int]:
    """Open creatures of the target's owner that may take the strike (BR-10.2, BR-11), in the
    order of the card table."""
    cards, defs = s.cards, s.defs
    att, tgt = cards[att_uid], cards[tgt_uid]
    att_flyer = defs[att.card].kind == "flyer"      # (CardDef's is_flyer, is_creature, is_symbiote written out)
    owner = tgt.owner
    out = []
    # only the field and the auxiliary zone of the target's owner hold defenders
    for u in [u for u in s.cells if u is not None and cards[u].owner == owner] + s.seats[owner].aux:
        c = cards[u]
        if u == tgt_uid or c.closed or c.zone not in ("field", "aux"):
            continue
        d = defs[c.card]
        kind = d.kind
        if d.type != "creature" or kind == "symbiote":
            continue
        if kind == "flyer":
            # a flyer defends against a flyer, or a flyer struck by a ground creature (BR-11)
            if att_flyer or tgt.zone == "aux":
                out.append(u)
        elif tgt.zone == "field" and c.cell in ADJACENT_SETS[tgt.cell]:
            if att_flyer or c.cell in ADJACENT_SETS[att.cell]:
                out.append(u)
    if len(out) > 1:
        chosen = set(out)
        out = [u for u in cards if u in chosen]
    return out


def check_defend(s, a):
    p = s.pending
    if a.card not in defenders(s, p["attacker"], p["target"]):
        return s.RULES.no("BR-10.2", M.lazy("strike_cannot_defend_must_your", card=a.card))
    return s.RULES.ok("BR-10.2")


def do_defend(s, a) -> None:
    p, s.pending = s.pending, None
    d = s.cards[a.card]
    if d.face_down:
        late_reveal(s, [d.uid], T("она защищает", "it defends"))
    d.closed = True
    s._log("BR-10.3", "defend", "defender_set", {"card": s.defs[d.card], "uid": d.uid}, defender=d.uid)
    resolve(s, p["attacker"], d.uid, d.uid)


def do_nodefend(s, a) -> None:
    p, s.pending = s.pending, None
    s._log("BR-10.2", "defend", "strike_defender_assigned")
    resolve(s, p["attacker"], p["target"], None)


def fights_back(s, target_uid, defender_uid) -> bool:
    """An open creature target, or a defender, fights back; an artifact never does (BR-5)."""
    if defender_uid is not None:
        return True
    t = s.cards[target_uid]
    return not t.closed and s.defs[t.card].is_creature


def resolve(s, att_uid, tgt_uid, defender_uid, reclose: bool = True) -> None:
    """Roll and read the strike (BR-10.1, BR-10.3, R-BR-FIGHT); die modifiers of constant
    abilities are added to the rolls before the table is read."""
    att = s.cards[att_uid]
    att.closed = True
    if fights_back(s, tgt_uid, defender_uid):
        raw_w, raw_b = s.dice.roll(), s.dice.roll()
        white = raw_w + modifier(s, att_uid, "attack_die")
        black = raw_b + modifier(s, tgt_uid, "defence_die")
        if s.logs:
            s._log("BR-10.1", "roll", "strike_white_die_attacker_black",
                   {"raw_w": raw_w, "mod": _mod(white - raw_w), "raw_b": raw_b, "mod2": _mod(black - raw_b)},
                   white=raw_w, black=raw_b)
        cell = fight(white, black)
        if cell.has_choice:
            chooser = att.owner if cell.chooser == "attacker" else s.cards[tgt_uid].owner
            s.pending = {"kind": "choice", "seat": chooser, "attacker": att_uid, "target": tgt_uid,
                         "white": white, "black": black}   # the modified rolls
            s._log("R-BR-FIGHT", "prompt", "choose_outcome", {"diff": white - black, "player": s.seats[chooser].name},
                   seat=chooser)
            return
        deal(s, att_uid, tgt_uid, cell.deal, cell.back, white - black)
    else:
        raw = s.dice.roll()
        roll = raw + modifier(s, att_uid, "attack_die")
        strength = single_die(roll)
        if s.defs[s.cards[tgt_uid].card].type == "artifact":
            s._log("BR-5", "rule", "strike_artifact_neither_defends_nor")
        if s.logs:
            s._log("BR-10.3", "roll", "strike_target_does_not_fight",
                   {"raw": raw, "mod": _mod(roll - raw), "strength": T(*STRENGTH_NAMES[strength])}, white=raw)
        deal(s, att_uid, tgt_uid, strength, None, None)


def _mod(m: int) -> str:
    return f" {'+' if m > 0 else '-'} {abs(m)}" if m else ""


def check_choice(s, a):
    """Legal while the choice is pending; the verdict says what the option deals and takes."""
    p = s.pending
    cell = fight(p["white"], p["black"])
    deal_i, back_i = (cell.deal, cell.back) if a.kind == "exchange" else (cell.alt_deal, cell.alt_back)
    dealt = s.defs[s.cards[p["attacker"]].card].strike[deal_i] if deal_i is not None else 0
    back = s.defs[s.cards[p["target"]].card].strike[back_i] if back_i is not None else 0
    return s.RULES.ok("R-BR-FIGHT", M.lazy("outcome_exchange" if a.kind == "exchange" else "outcome_safe",
                                       dealt=dealt, back=back))


def do_choice(s, a) -> None:
    p, s.pending = s.pending, None
    cell = fight(p["white"], p["black"])
    if a.kind == "safe":
        s._log("R-BR-FIGHT", "choice", "strike_takes_option_without_exchange", {"name": s.seats[p['seat']].name})
        deal(s, p["attacker"], p["target"], cell.alt_deal, cell.alt_back, p["white"] - p["black"])
    else:
        s._log("R-BR-FIGHT", "choice", "strike_keeps_exchange", {"name": s.seats[p['seat']].name})
        deal(s, p["attacker"], p["target"], cell.deal, cell.back, p["white"] - p["black"])


def deal(s, att_uid, tgt_uid, deal_strength, back_strength, diff) -> None:
    """Deal the wounds of both sides at once (BR-15), then remove the dead and check victory."""
    att, tgt = s.cards[att_uid], s.cards[tgt_uid]
    dealt = s.defs[att.card].strike[deal_strength] if deal_strength is not None else 0
    back = s.defs[tgt.card].strike[back_strength] if back_strength is not None else 0
    if diff is not None and s.logs:
        s._log("BR-10.4", "fight", "fight",
               {"diff": diff, "att": s.defs[att.card], "tgt": s.defs[tgt.card], "dealt": dealt, "back": back},
               dealt=dealt, back=back, diff=diff)
    wound(s, tgt_uid, dealt, attack=True)
    wound(s, att_uid, back, attack=True)
    remove_dead(s)
    fire(s, "strikes", att_uid, tgt_uid)
    check_victory(s)


# --- only flyers left (BR-11.1) --------------------------------------------------------------

def only_flyers_left(s, seat: int) -> bool:
    """True when every creature `seat` has in play is a flyer, and it has some (BR-11.1)."""
    defs, cards = s.defs, s.cards
    if any(defs[cards[u].card].is_creature for u in s.cells if u is not None and cards[u].owner == seat):
        return False
    return any(defs[cards[u].card].is_flyer for u in s.seats[seat].aux)


def check_prepare(s, a):
    bad = check_actor(s, a.card, ("закрываться", "close"))
    if bad:
        return bad
    c = s.cards[a.card]
    if s.defs[c.card].is_flyer:
        return s.RULES.no("BR-11.1", M.lazy("strike_flyer_needs_such_strike"))
    if not only_flyers_left(s, 1 - c.owner):
        return s.RULES.no("BR-11.1", M.lazy("strike_enemy_does_not_flyers"))
    if c.flyer_strike:
        return s.RULES.no("BR-11.1", M.lazy("strike_strike_flyer_already_earned"))
    return s.RULES.ok("BR-11.1")


def do_prepare(s, a) -> None:
    c = s.cards[a.card]
    c.closed, c.flyer_strike = True, True
    n = _name(s, c.uid)
    s._log("BR-11.1", "prepare", "strike_closes_strike_flyer_one", {"n": n, "uid": c.uid}, card=c.uid)
