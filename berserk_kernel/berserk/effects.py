"""What abilities do when they resolve, and the deaths they cause (BR-12, BR-12.1, BR-15,
CR-204.4, HR-target-check, HR-declared-persists, R-BR-POISON)."""
from __future__ import annotations


from ..core.i18n import T
from . import zones
from .field import cell_name
from .fight import STRENGTH_NAMES, single_die
from .lasting import APPLY as LASTING_OPS, apply_lasting, open_refused
from .targets import modifier, move_cells
from .triggers import fire
from .zones import PLAY_ZONES      # (c.zone in PLAY_ZONES: CardState.in_play without its call)


def name(s, uid):
    return s.defs[s.cards[uid].card].name


def wound(s, uid, n: int, attack: bool = False, rule: str = "BR-15") -> int:
    """Add wounds (BR-15); armour takes its share of every attack first. Returns the wounds dealt."""
    c = s.cards[uid]
    if c.zone not in PLAY_ZONES or n <= 0:
        return 0
    armour = modifier(s, uid, "armour") if attack else 0
    dealt = max(0, n - armour)
    if armour and attack:
        s._log("BR-17", "armour", "armour_absorbs", {"card": s.defs[c.card], "n": min(armour, n)}, card=uid)
    if dealt:
        c.wounds += dealt
        if s.logs:
            d = s.defs[c.card]
            s._log(rule, "wound", "wound_taken", {"card": d, "uid": uid, "n": dealt, "total": c.wounds, "lives": d.lives},
                   card=uid, wounds=dealt)
    return dealt


def remove_dead(s) -> None:
    """Destroy every card in play whose wounds reach its lives (BR-15, a game-rule effect:
    HR-503.1), firing "dies" triggers."""
    cards, defs = s.cards, s.defs
    p0, p1 = s.seats
    # the dead are picked first, in the order of the field, then each seat's auxiliary zone and
    # attached cards; none: nobody dies. A destruction moves cards and fires triggers but wounds
    # nobody (lives are printed), so the pick stays good; a card picked that has left the play
    # zone since (a rider of one destroyed before it) is passed over. Plain loops: a list
    # comprehension is a call of its own (0.9 us at the bench positions against 1.2)
    dead = []
    for zone in (s.cells, p0.aux, p0.attached, p1.aux, p1.attached):
        for u in zone:
            if u is not None:
                c = cards[u]
                w = c.wounds
                if w:                       # (lives >= 1 when set: only a wounded card can die)
                    lives = defs[c.card].lives
                    if lives and w >= lives:
                        dead.append(c)
    for c in dead:
        if c.zone in PLAY_ZONES:
            destroy(s, c.uid, "BR-15")


def destroy(s, uid, rule: str) -> None:
    c = s.cards[uid]
    if c.zone not in PLAY_ZONES:
        return
    zones.to_graveyard(s, uid, rule)
    fire(s, "dies", uid)


def apply_effects(s, entry, ab, targets: list[int]) -> None:
    """Apply every effect of a resolving ability to its (still present) targets."""
    src = entry["source"]
    heal_left = None
    for e in ab.effects:
        if e.op == "heal" and e.split:
            heal_left = e.amount
        for t in targets:
            c = s.cards.get(t)
            if c is None or c.zone not in PLAY_ZONES:
                continue                   # gone from the play zone: nothing to do (CR-play-zone)
            d = s.defs[c.card]
            if e.op == "wound":
                if e.roll:
                    raw = s.dice.roll()
                    roll = raw + modifier(s, src, "attack_die")
                    strength = single_die(roll)
                    amount = e.roll[strength]
                    s._log("BR-12", "roll", "ability_roll",
                           {"roll": f"{raw}{_mod(roll - raw)}", "n": amount, "strength": T(*STRENGTH_NAMES[strength])},
                           white=raw)
                else:
                    amount = e.amount
                    s._log("BR-12.1", "effect", "exact_wounds", {"n": amount, "card": d}, card=t)
                wound(s, t, amount, attack=ab.is_attack)
            elif e.op == "heal":
                amount = e.amount if heal_left is None else heal_left
                healed = min(amount, c.wounds)
                if heal_left is not None:
                    heal_left -= healed
                c.wounds -= healed
                s._log("HR-chosen-targets" if ab.target == "choose" else "HR-targets", "heal",
                       "healed", {"card": d, "uid": t, "n": healed}, card=t, healed=healed)
            elif e.op == "destroy":
                destroy(s, t, "HR-mass-abilities" if ab.target == "mass" else "HR-targets")
            elif e.op == "poison":
                c.poison = max(c.poison, e.amount)
                s._log("R-BR-POISON", "poison", "poisoned", {"card": d, "uid": t, "n": c.poison}, card=t)
            elif e.op == "cure":
                c.poison = 0
                s._log("R-BR-POISON", "cure", "cured", {"card": d, "uid": t}, card=t)
            elif e.op == "tokens":
                before = c.tokens
                c.tokens = max(0, c.tokens + e.amount)
                if d.max_tokens is not None:
                    c.tokens = min(c.tokens, d.max_tokens)
                s._log("CR-token-limit", "tokens", "tokens_changed", {"card": d, "uid": t, "before": before, "after": c.tokens},
                       card=t)
            elif e.op in LASTING_OPS:
                apply_lasting(s, entry, e, t)      # stay_closed, boost, grant (lasting.py)
            elif e.op in ("open", "close"):
                if e.op == "open" and open_refused(s, t):
                    continue                       # "does not open in its next turn" (HR-502.8)
                c.closed = e.op == "close"
                if not c.closed and d.is_creature:
                    c.moves = d.move              # movement comes back when a card opens (BR-9.1)
                s._log("BR-9.2", e.op, "closed" if c.closed else "opened", {"card": d, "uid": t}, card=t)
            elif e.op == "move":
                cell = entry.get("cell")
                if cell is None or cell not in move_cells(s, t):
                    s._log("BR-17", "cancel", "move_cancelled")
                    continue
                s.cells[c.cell], s.cells[cell] = None, t
                old, c.cell = c.cell, cell
                s._log("BR-9.1", "move", "moved_by_ability",
                       {"card": d, "frm": cell_name(old), "to": cell_name(cell)}, card=t)
            elif e.op == "return_to_deck":
                zones.put_into_deck(s, t)
            elif e.op == "taunt":
                c.taunt = s.turn + 1
                s._log("HR-combined-restrictions", "taunt", "taunt", {"uid": t}, card=t)
    remove_dead(s)


def _mod(m: int) -> str:
    return f" {'+' if m > 0 else '-'} {abs(m)}" if m else ""


def poison_tick(s, seat: int, poisoned: bool | None = None) -> None:
    """Poisoned cards of the player whose turn begins take their poison in wounds (R-BR-POISON).
    `poisoned`: whether one of the player's cards in play is poisoned, when the caller has just
    read them all (None: read here)."""
    cards, p = s.cards, s.seats[seat]
    if poisoned is None:
        poisoned = any(cards[u].poison for u in p.aux + p.attached) or any(
            cards[u].poison for u in s.cells if u is not None and cards[u].owner == seat)
    if not poisoned:
        remove_dead(s)           # no poisoned card in play (no scan of every card)
        return
    # the poisoned cards in table order, picked first (a wound changes no card's poison, owner
    # or zone: the pick stays good through the loop)
    for c in [c for c in s.cards.values() if c.poison]:
        if c.owner == seat and c.in_play:
            d = s.defs[c.card]
            s._log("R-BR-POISON", "poison", "poison_tick", {"card": d, "uid": c.uid, "n": c.poison}, card=c.uid)
            wound(s, c.uid, c.poison, rule="R-BR-POISON")
    remove_dead(s)
