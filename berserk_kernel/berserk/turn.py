"""Turns (BR-9, BR-16, BR-1, R-BR-TURN-LIMIT)."""
from __future__ import annotations

from operator import attrgetter

from ..core.i18n import T
from .effects import poison_tick
from .heroes import accumulate, check_heroes_loss
from .lasting import expire, stays_closed
from .placement import late_reveal
from .reach import infos
from .triggers import fire_turn_start


def begin_battle(s) -> None:
    s.phase = "battle"
    s._log("BR-7", "stage", "battle_begins")
    if check_victory(s):
        return
    s.turn = 1
    start_turn(s, 0)


_ONCE = ("HR-503.1", "rule")           # the game-rule line said once a game
_RULE_KIND = attrgetter("rule_id", "kind")


def _said_once(s) -> bool:
    """Is the once-a-game HR-503.1 line in the log? What a scan found is kept on the position as
    ``_once = (n, entry, found)``: found, the line is ``log[n]``; not found, the first n entries
    hold no line and ``entry`` is ``log[n - 1]``. It is trusted while the log still holds that very
    entry there (entries are only appended, each a new object, and undo cuts the log back), so
    the log is not scanned again at every turn start: only what was added since."""
    log = s.log
    got = s.__dict__.get("_once")
    start = 0
    if got is not None:
        n, entry, found = got
        if found:
            if n < len(log) and log[n] is entry:
                return True
        elif n <= len(log) and (n == 0 or log[n - 1] is entry):
            start = n
    for i in range(start, len(log)):
        if _RULE_KIND(log[i]) == _ONCE:
            s._once = (i, log[i], True)
            return True
    s._once = (len(log), log[-1] if log else None, False)
    return False


def start_turn(s, seat: int) -> None:
    """A turn starts by opening the player's cards and restoring movement (BR-16, HR-503.1)."""
    s.active = seat
    opened = 0
    kept = []
    cards, defs, info, p = s.cards, s.defs, infos(s.defs), s.seats[seat]
    poisoned = starts = False       # read on the way for poison_tick and fire_turn_start
    # the player's cards in play: the field, the auxiliary zone, the attached ones
    for u in [u for u in s.cells if u is not None and cards[u].owner == seat] + p.aux + p.attached:
        c = cards[u]
        if c.closed and c.lasting and stays_closed(s, c):
            kept.append(c.uid)                  # "does not open in its next turn" (HR-502.8)
        elif c.closed:
            opened += 1
            c.closed = False
        i = info[c.card]
        if i.creature:
            move = defs[c.card].move
            if c.moves != move:                 # set only when it changes (undo journal)
                c.moves = move
        if c.poison:
            poisoned = True
        if i.turn_start:
            starts = True
    if len(kept) > 1:
        keep = set(kept)
        kept = [u for u in cards if u in keep]     # logged in the order of the card table
    for c in [c for c in s.cards.values() if c.used]:   # the cards with a use this turn, in table order
        c.used = {}                              # per-turn limits start again (HR-prepayment)
    s.attacks_made = 0
    if s.logs:          # a quiet position builds no line (core/state.py `logs`)
        s._log("BR-16", "turn", "turn_starts", {"turn": s.turn, "player": p.name, "n": opened}, seat=seat, turn=s.turn)
        if opened and not _said_once(s):
            # said once a game, the first time a turn start opens a card: not a line every turn
            s._log("HR-503.1", "rule", "turn_start_rule")
            s._once = (len(s.log) - 1, s.log[-1], True)
    for uid in kept:
        s._log("HR-502.8", "open", "not_opened", {"card": s.defs[s.cards[uid].card], "uid": uid}, card=uid)
    if seat == 1 and s.hidden_row:
        poisoned = starts = None        # cards revealed and triggers fired: look again
        s.hidden_row = False
        hidden = [u for u in s.cells if u is not None and s.cards[u].face_down]
        late_reveal(s, hidden, T("начало хода владельца", "its owner's turn begins"))
        check_victory(s)
    if s.mode == "heroes":
        poisoned = starts = None        # coins and cards may have changed: look again
        accumulate(s, seat)
        if s.phase == "over":
            return
    poison_tick(s, seat, poisoned)
    fire_turn_start(s, seat, starts)


def check_end(s, a):
    return s.RULES.ok("BR-16")


def do_end(s, a) -> None:
    if s.logs:
        s._log("BR-16", "turn", "turn_ends", {"player": s.seats[s.active].name}, seat=s.active)
    expire(s)                                    # lasting effects of this turn end (HR-503.1)
    if s.options.turn_limit and s.turn >= s.options.turn_limit:
        s.phase, s.winner = "over", "draw"
        s._log("R-BR-TURN-LIMIT", "end", "turn_limit", {"n": s.options.turn_limit})
        return
    s.turn += 1
    start_turn(s, 1 - s.active)


def has_creatures(s, seat: int) -> bool:
    """Has `seat` a creature on the field or in its auxiliary zone? (A symbiote always rides a
    creature on the field, so it never decides this alone.)"""
    cards, defs = s.cards, s.defs
    for u in s.cells:               # a plain loop: called a few times after every action
        if u is not None:
            c = cards[u]
            if c.owner == seat and defs[c.card].type == "creature":
                return True
    for u in s.seats[seat].aux:
        if defs[cards[u].card].type == "creature":
            return True
    return False


def _alive(s) -> list:
    """[has_creatures(s, 0), has_creatures(s, 1)] in one pass over the field (after every action).

    Where the last pass found a creature of each seat is kept (``_alive_at``: a cell, or for a
    creature in the seat's auxiliary zone its uid negated; the position's own, carried by copies
    and undo marks): while a creature of each seat is still there, both seats have one and the
    field is not scanned."""
    cards, cells = s.cards, s.cells
    sd = s.__dict__
    at = sd.get("_alive_at")
    if at is not None:
        i0, i1 = at
        if i0 >= 0 and i1 >= 0:               # (both on the field: the check written out, the
            u0, u1 = cells[i0], cells[i1]     # definitions' types read without `infos`)
            if u0 is not None and u1 is not None:
                c0, c1 = cards[u0], cards[u1]
                if c0.owner == 0 and c1.owner == 1:
                    defs = s.defs
                    if defs[c0.card].type == "creature" and defs[c1.card].type == "creature":
                        return [True, True]
        else:
            defs = s.defs
            if _there(s, 0, i0, cards, defs, cells) and _there(s, 1, i1, cards, defs, cells):
                return [True, True]
    info = infos(s.defs)
    alive = [False, False]
    found = [-1, -1]
    for i, u in enumerate(cells):
        if u is None:
            continue
        c = cards[u]
        if not alive[c.owner] and info[c.card].creature:
            alive[c.owner] = True
            found[c.owner] = i
            if alive[0] and alive[1]:
                sd["_alive_at"] = tuple(found)
                return alive
    for seat in (0, 1):
        if not alive[seat]:
            for u in s.seats[seat].aux:
                if info[cards[u].card].creature:
                    alive[seat] = True
                    found[seat] = -u          # (uids start at 1: a negative witness is an aux card)
                    break
    if alive[0] and alive[1]:
        sd["_alive_at"] = tuple(found)
    return alive


def _there(s, seat: int, i: int, cards, defs, cells) -> bool:
    """Is there still a creature of `seat` where `_alive` found one (cell `i`; `i` < 0: the card
    -i in the seat's auxiliary zone)?"""
    if i < 0:
        return -i in s.seats[seat].aux and defs[cards[-i].card].type == "creature"
    u = cells[i]
    if u is None:
        return False
    c = cards[u]
    return c.owner == seat and defs[c.card].type == "creature"


def check_victory(s) -> bool:
    """The first player to destroy every enemy creature wins (BR-1); both at once is a draw.
    In the Heroes mode a player loses with their hero instead (HR-503.1, R-HEROES)."""
    if s.phase == "over":
        return True
    if s.phase != "battle":
        return False
    if s.mode == "heroes":
        return check_heroes_loss(s)
    alive = _alive(s)
    if alive[0] and alive[1]:
        return False
    s.phase, s.pending = "over", None
    s.queue, s.fired = [], []          # nothing resolves after the end (as in check_heroes_loss)
    if not any(alive):
        s.winner = "draw"
        s._log("BR-1", "end", "no_creatures_draw")
    else:
        s.winner = 0 if alive[0] else 1
        w = s.seats[s.winner].name
        s._log("BR-1", "end", "no_creatures_win", {"player": w}, winner=s.winner)
    return True
