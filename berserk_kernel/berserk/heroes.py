"""The Heroes mode (ruling R-HEROES): the same field, cards, queue and abilities, with a hero,
coins, hiring from the hand and an accumulation phase with draws.

- Set-up: the die roll and the choice of BR-7.1; then each hero goes to its owner's auxiliary
  zone, each deck is shuffled and each player draws a hand of `HAND` cards (CR-deck-order).
- Accumulation, at the start of each turn after the cards open: the player gains a coin marker
  (at most `MAX_COINS`), all their coin markers open, and they draw a card. A player who cannot
  draw counts a failed draw; the third loses the game (HR-503.1).
- Hiring (`hire #12 c2`): pay the card's cost by closing that many open coin markers
  (HR-prepayment, HR-payment); a ground creature or an artifact goes on a free cell of the
  player's half, a flyer or terrain to the auxiliary zone, equipment or a symbiote onto a creature
  of theirs (BR-6, R-BR-SYMBIOTE). A hired card enters closed and acts from the next turn; its
  "enters play" (hire) triggers fire.
- The hero: lives, no strike, no move, stands in the auxiliary zone. Flyers, ranged attacks and
  spells reach it; a ground creature reaches it with a simple strike from the row of the enemy
  half nearest the enemy (row 3). A player whose hero's wounds reach its lives loses (HR-503.1);
  BR-1 (no creatures left) does not end a Heroes game.
"""
from __future__ import annotations

from ..core.messages import catalog
from . import zones
from .actions import Action
from .field import CELLS, half_of, half_row
from .placement import check_host, host_ok
from .triggers import fire

HAND = 5
MAX_COINS = 10
HALF_CELLS = tuple(tuple(x for x in CELLS if half_of(x) == seat) for seat in (0, 1))   # in cell order

M = catalog("berserk_kernel.berserk")


def start_heroes(s, heroes) -> None:
    """After the order is chosen: heroes to the aux zones, shuffle, draw the hands."""
    for seat, hero_id in enumerate(heroes):
        c = zones.CardState(s.next_uid, hero_id, seat, "aux")
        s.next_uid += 1
        s.cards[c.uid] = c
        s.seats[seat].aux.append(c.uid)
        s.seats[seat].hero = c.uid
        d = s.defs[hero_id]
        s._log("R-HEROES", "hero", "hero_set", {"player": s.seats[seat].name, "card": d, "n": d.lives}, seat=seat, card=c.uid)
    for seat in (0, 1):
        zones.shuffle_deck(s, seat, zones.WHY_PUT)
        for _ in range(min(HAND, len(s.seats[seat].deck))):
            draw_to_hand(s, seat)
    s.begin_battle()


def draw_to_hand(s, seat: int) -> bool:
    p = s.seats[seat]
    if not p.deck:
        return False
    uid = p.deck.pop()
    s.cards[uid].zone = "hand"
    p.hand.append(uid)
    zones.shuffle_deck(s, seat, zones.WHY_DRAW)
    return True


def accumulate(s, seat: int) -> None:
    """The accumulation phase (R-HEROES): a coin marker, coins open, a draw (HR-503.1)."""
    p = s.seats[seat]
    gained = p.coins < MAX_COINS
    p.coins = min(MAX_COINS, p.coins + 1)
    p.coins_open = p.coins
    if s.logs:
        s._log("R-HEROES", "coins", "coins_gained" if gained else "coins_max", {"player": p.name, "n": p.coins}, seat=seat)
    if draw_to_hand(s, seat):
        if s.logs:
            s._log("R-HEROES", "draw", "draws", {"player": p.name, "n": len(p.hand)}, seat=seat)
        return
    p.failed_draws += 1
    s._log("HR-503.1", "draw", "draw_failed", {"player": p.name, "n": p.failed_draws}, seat=seat)
    check_heroes_loss(s)


def check_heroes_loss(s) -> bool:
    """A hero's wounds reaching its starting lives, or a third failed draw, loses (HR-503.1)."""
    if s.phase != "battle":
        return s.phase == "over"
    lost = []
    for seat, p in enumerate(s.seats):
        hero = s.cards.get(p.hero) if p.hero is not None else None
        dead = hero is None or not hero.in_play or hero.wounds >= s.defs[hero.card].lives
        if dead or p.failed_draws >= 3:
            lost.append((seat, "hero" if dead else "draws"))
    if not lost:
        return False
    s.phase, s.pending = "over", None
    s.queue, s.fired = [], []
    for seat, why in lost:
        p = s.seats[seat]
        if why == "hero":
            s._log("HR-503.1", "end", "hero_dead", {"player": p.name}, seat=seat)
        else:
            s._log("HR-503.1", "end", "third_failed_draw", {"player": p.name}, seat=seat)
    s.winner = "draw" if len(lost) == 2 else 1 - lost[0][0]
    return True


# --- hiring -----------------------------------------------------------------------------------

def check_hire(s, a):
    R = s.RULES
    if s.mode != "heroes":
        return R.no("R-HEROES", M.lazy("heroes_hiring_hand_exists_heroes"))
    seat, p = s.active, s.seats[s.active]
    c = s.cards.get(a.card)
    if c is None or c.owner != seat or c.zone != "hand":
        return R.no("R-HEROES", M.lazy("heroes_card_not_your_hand", card=a.card))
    d = s.defs[c.card]
    if d.cost > p.coins_open:
        return R.no("HR-prepayment", M.lazy("hire_cost", n=d.cost, have=p.coins_open))
    if d.is_flyer or d.type == "terrain":
        if a.cell is not None or a.other is not None:
            return R.no("CR-203.1", M.lazy("heroes_flyers_terrain_hired_into"))
        if d.type == "terrain" and any(s.defs[s.cards[u].card].type == "terrain" for u in p.aux):
            return R.no("BR-4", M.lazy("one_terrain"))
        return R.ok("R-HEROES")
    if d.type == "equipment" or d.is_symbiote:
        if a.other is None:
            return R.no("BR-6", M.lazy("heroes_equipment_symbiotes_hired_onto"))
        return check_host(s, a.card, a.other, hiring=True)
    if a.cell is None or a.other is not None:
        return R.no("R-HEROES", M.lazy("heroes_name_free_cell_your"))
    if half_of(a.cell) != seat or s.cells[a.cell] is not None:
        return R.no("BR-8", M.lazy("heroes_hired_card_goes_free"))
    return R.ok("R-HEROES")


def do_hire(s, a) -> None:
    seat, p = s.active, s.seats[s.active]
    c = s.cards[a.card]
    d = s.defs[c.card]
    p.hand.remove(c.uid)
    p.coins_open -= d.cost
    if s.logs:
        s._log("HR-payment", "pay", "hire_paid", {"n": d.cost})
    if d.is_flyer or d.type == "terrain":
        c.zone = "aux"
        p.aux.append(c.uid)
    elif a.other is not None:
        c.zone, c.host = "attached", a.other
        p.attached.append(c.uid)
    else:
        c.zone, c.cell = "field", a.cell
        s.cells[a.cell] = c.uid
    c.closed = d.is_creature or d.type == "artifact"
    c.moves = 0
    if s.logs:
        s._log("R-HEROES", "hire", "hires", {"player": p.name, "card": d, "uid": c.uid, "n": d.cost}, seat=seat, card=c.uid)
    fire(s, "enters_play", c.uid)


def hire_candidates(s) -> list:
    """Every legal hire of the active player in battle, built from the conditions `check_hire`
    tests (so the legal list does not check them again; tests/test_fastpath.py and
    tests/test_fastpath_candidates.py compare), the action tuples made without `Action(...)`'s
    field checks."""
    new = tuple.__new__
    seat, p = s.active, s.seats[s.active]
    cards, defs, cells = s.cards, s.defs, s.cells
    out = []
    free = hosts = None
    for uid in p.hand:
        d = defs[cards[uid].card]
        if d.cost > p.coins_open:
            continue
        if d.is_flyer or d.type == "terrain":
            if d.type == "terrain" and any(defs[cards[u].card].type == "terrain" for u in p.aux):
                continue                                   # one terrain a player (BR-4)
            out.append(new(Action, ("hire", uid, None, None, None, ())))
        elif d.type == "equipment" or d.is_symbiote:
            if hosts is None:      # check_host refuses any other card at once
                hosts = [h for h in cells if h is not None and cards[h].owner == seat
                         and cards[h].zone == "field" and not cards[h].face_down]
            out += [new(Action, ("hire", uid, h, None, None, ())) for h in hosts
                    if h != uid and host_ok(s, uid, h)]
        else:
            if free is None:
                free = [x for x in HALF_CELLS[seat] if cells[x] is None]
            out += [new(Action, ("hire", uid, None, x, None, ())) for x in free]
    return out


def hero_in_reach(s, att, hero) -> bool:
    """A ground creature strikes the enemy hero from the row of the enemy half nearest it."""
    return att.zone == "field" and half_row(att.cell, hero.owner) == 3
