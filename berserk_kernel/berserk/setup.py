"""Squad building (BR-7 to BR-7.5, BR-3, BR-4, R-BR-ORDER, R-BR-REDEAL)."""
from __future__ import annotations

from ..core.messages import catalog
from . import zones
from .heroes import start_heroes
from .placement import begin_placement

M = catalog("berserk_kernel.berserk")


def roll_for_first(s) -> None:
    """Both players roll; ties are rerolled (R-BR-ORDER); the higher roller chooses (BR-7.1)."""
    while True:
        a, b = s.dice.roll(), s.dice.roll()
        s._log("BR-7.1", "roll", "roll_for_choice",
               {"p0": s.seats[0].name, "a": a, "p1": s.seats[1].name, "b": b}, rolls=[a, b])
        if a != b:
            break
        s._log("R-BR-ORDER", "roll", "roll_tie")
    s.roll_winner = 0 if a > b else 1
    s.phase = "order"


def check_order(s, a):
    return s.RULES.ok("BR-7.1")


def do_order(s, a) -> None:
    w = s.roll_winner
    first = w if a.kind == "first" else 1 - w
    name = s.seats[w].name
    s._log("BR-7.1", "choice", "chooses_first" if a.kind == "first" else "chooses_second", {"player": name})
    if first == 1:  # seat 0 is always the first player from now on
        s.seats.reverse()
        for c in s.cards.values():
            c.owner = 1 - c.owner
        s.roll_winner = 1 - w
    if s.mode == "heroes":
        heroes = s.setup.get("heroes", ())
        if first == 1:
            heroes = heroes[::-1]
        start_heroes(s, heroes)
        return
    o = s.options
    s.seats[0].gold, s.seats[0].silver = o.gold, o.silver
    s.seats[1].gold, s.seats[1].silver = o.gold + o.second_gold_bonus, o.silver + o.second_silver_bonus
    for seat in (0, 1):
        p = s.seats[seat]
        s._log("BR-7.2", "crystals", "crystals", {"player": p.name, "gold": p.gold, "silver": p.silver}, seat=seat)
    s.phase, s.active = "build", 0
    for seat in (0, 1):
        zones.draw(s, seat, min(o.deal_size, len(s.seats[seat].deck)))
        s._log("BR-7.4", "deal", "dealt", {"player": s.seats[seat].name, "n": len(s.seats[seat].deal)}, seat=seat)


# --- the crystal budget -------------------------------------------------------------------

def squad_cost(s, seat: int, extra: str | None = None) -> tuple[int, int, int, int]:
    """(elite cost, ordinary cost, element penalty, flyer cost) of a seat's bought cards,
    plus the card `extra` if given (BR-7.3, BR-7.5, BR-3)."""
    ids = [s.cards[u].card for u in s.seats[seat].squad]
    if extra:
        ids.append(extra)
    elite = ordinary = flyers = 0
    elements = set()
    for cid in ids:
        d = s.defs[cid]
        if d.elite:
            elite += d.cost
        else:
            ordinary += d.cost
        if d.is_flyer:
            flyers += d.cost
        elements.update(d.elements)
    return elite, ordinary, max(0, len(elements) - 1), flyers


def crystals_left(s, seat: int) -> tuple[int, int]:
    """Gold and silver left after paying for the squad, gold first for elite cards and the
    penalty, silver first for ordinary cards."""
    elite, ordinary, penalty, _ = squad_cost(s, seat)
    p = s.seats[seat]
    gold = p.gold - elite - penalty
    silver = p.silver - ordinary
    if silver < 0:
        gold += silver
        silver = 0
    return gold, silver


def check_redeal(s, a):
    p = s.seats[s.active]
    if p.squad:
        return s.RULES.no("R-BR-REDEAL", M.lazy("redeal_after_buying"))
    if s.options.redeal == "pay_gold":
        if crystals_left(s, s.active)[0] < 1:
            return s.RULES.no("BR-7.4", M.lazy("redeal_costs_gold"))
        return s.RULES.ok("BR-7.4")
    if len(p.deck) + len(p.deal) - 1 < s.options.deal_size:
        return s.RULES.no("R-BR-REDEAL", M.lazy("redeal_deck_short", n=s.options.deal_size))
    return s.RULES.ok("BR-7.4")


def do_redeal(s, a) -> None:
    seat, p = s.active, s.seats[s.active]
    for uid in p.deal:
        s.cards[uid].zone = "deck"
    p.deck.extend(p.deal)
    p.deal.clear()
    zones.shuffle_deck(s, seat, zones.WHY_PUT)
    p.redeals += 1
    if s.options.redeal == "pay_gold":
        p.gold -= 1
        s._log("BR-7.4", "deal", "redeal_gold", {"player": p.name}, seat=seat)
    else:
        uid = p.deck.pop()
        s.cards[uid].zone = "removed"
        p.removed.append(uid)
        s._log("BR-7.4", "deal", "redeal_remove", {"player": p.name, "n": p.redeals}, seat=seat)
        zones.shuffle_deck(s, seat, zones.WHY_DRAW)
    zones.draw(s, seat, min(s.options.deal_size, len(p.deck)))


def check_buy(s, a):
    seat = s.active
    c = s.cards.get(a.card)
    if c is None or c.owner != seat or c.zone != "deal":
        return s.RULES.no("BR-7.5", M.lazy("not_in_deal", uid=a.card))
    d = s.defs[c.card]
    if d.type == "terrain" and any(s.defs[s.cards[u].card].type == "terrain" for u in s.seats[seat].squad):
        return s.RULES.no("BR-4", M.lazy("one_terrain"))
    elite, ordinary, penalty, flyers = squad_cost(s, seat, c.card)
    if flyers > s.options.flyer_cap:
        return s.RULES.no("BR-3", M.lazy("flyer_cap", cap=s.options.flyer_cap, n=flyers))
    p = s.seats[seat]
    if elite + penalty > p.gold:
        if elite <= p.gold:
            return s.RULES.no("BR-7.3", M.lazy("penalty_not_gold", n=penalty))
        return s.RULES.no("BR-7.5", M.lazy("elite_gold_short"))
    if elite + penalty + ordinary > p.gold + p.silver:
        return s.RULES.no("BR-7.5", M.lazy("crystals_short"))
    return s.RULES.ok("BR-7.5")


def do_buy(s, a) -> None:
    p = s.seats[s.active]
    p.deal.remove(a.card)
    p.squad.append(a.card)
    c = s.cards[a.card]
    c.zone = "squad"
    d = s.defs[c.card]
    gold, silver = crystals_left(s, s.active)
    s._log("BR-7.5", "buy", "buys",
           {"player": p.name, "card": d, "cost": d.cost, "gold": gold, "silver": silver,
            "elite": M.lazy("elite") if d.elite else ""}, seat=s.active, card=a.card)


def do_build_done(s, a) -> None:
    seat, p = s.active, s.seats[s.active]
    back = p.deal[:]
    for uid in back:
        s.cards[uid].zone = "deck"
    p.deck.extend(back)
    p.deal.clear()
    _e, _o, penalty, _f = squad_cost(s, seat)
    s._log("BR-7.5", "build", "build_done", {"player": p.name, "n": len(p.squad), "back": len(back)}, seat=seat)
    if penalty:
        s._log("BR-7.3", "build", "element_penalty", {"n": penalty}, seat=seat)
    zones.shuffle_deck(s, seat, zones.WHY_PUT)
    if seat == 0:
        s.active = 1
    else:
        begin_placement(s)
