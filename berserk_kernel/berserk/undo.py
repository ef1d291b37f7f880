"""Berserk's undo journal: stepping back without copying the position (BaseState's undo marks).

Before an action is applied with history, `mark` keeps what changes in place in a cheap form:
the small containers of the position (cells, the dice, pending, queue, fired triggers) as
copies, the table of cards as a shallow copy (which cards exist; one copy serves the marks
while the table holds the same cards), and the length of the
position's journal. The card records and the seats are not copied: every change of a card
field is written to the journal as ``(card, field, old value, old key part)`` as it happens
(`zones.CardState`), every change of a seat as ``(seat, field, old value, SEAT_ENTRY)`` or
``(zone list, None, old contents, LIST_ENTRY)`` (`zones.Seat`, `zones.SeatList`), and `rewind`
plays the journal backwards to the mark, then puts the rest back. A mid-game mark costs a few
microseconds where a copy of the 97 cards cost about a hundred.

Cards and seats are bound to the journal of the position holding them: `BerserkState.copy`
binds its copies, `zones.put_into_deck` its new card, and `bind_if_needed` binds again whenever
cards were made elsewhere (a new game, a scenario, a view's relabelled copies, a test) since the
last time (`zones.MINTED` counts them) or the seats are other objects.
"""
from __future__ import annotations

import weakref
from operator import itemgetter

from .zones import _SET, LIST_ENTRY, MINTED, SEAT_ENTRY, ZONE_LISTS, seat_list

_LIST_SET = list.__setitem__
_ALL = slice(None)


def copy_fired(fired: list) -> list:
    """Copy fired triggers keeping one shared point pool per ability (HR-402.2)."""
    pools: dict = {}
    return [dict(f, points=pools.setdefault(id(f["points"]), list(f["points"]))) for f in fired]


def bind(s) -> None:
    """Bind every card of `s` to its journal."""
    j = s._journal
    for c in s.cards.values():
        _SET(c, "_j", j)
    seats = s.seats
    for p in seats:
        p.bind(j)
    s._bound = bound(s.cards, seats)


def bound(cards: dict, seats: list) -> tuple:
    """What `_bound` keeps: the table, `MINTED` and the seats bound."""
    return cards, MINTED[0], seats, seats[0], seats[1]


def bind_if_needed(s) -> None:
    b = s._bound
    seats = s.seats
    if b is None or b[0] is not s.cards or b[1] != MINTED[0] or b[2] is not seats or b[3] is not seats[0] \
            or b[4] is not seats[1]:
        bind(s)


def mark(s) -> tuple:
    """What `rewind` needs to return to the position now."""
    j = s._journal
    if not s._undo:
        j.clear()                 # nothing before the first mark is ever played back
    bind_if_needed(s)
    sd = s.__dict__
    sd["_noting"] = True              # played with undo: its legal lists get notes (note_listed)
    # which cards exist: a copy of the table, shared by the marks of one table while it holds
    # the same cards (``_tc``: the table, its size, `MINTED` and `next_uid` when copied; a card
    # the rules or a hand put in is a new card and moves `MINTED`, one taken out the size; most
    # actions change no table, and a copy of 97 cards is made and dropped for each otherwise)
    cards = sd["cards"]
    tc = sd.get("_tc")
    if tc is not None and tc[0] is cards and tc[1] == len(cards) and tc[2] == MINTED[0] \
            and tc[3] == sd["next_uid"]:
        table = tc[4]
    else:
        table = cards.copy()
        sd["_tc"] = (cards, len(cards), MINTED[0], sd["next_uid"], table)
    d = sd.copy()
    d["seats"] = s.seats[:]           # the same seats: their changes are journaled
    d["cells"] = s.cells[:]
    d["dice"] = s.dice.copy()
    d["pending"] = dict(s.pending) if s.pending else None
    d["queue"] = [dict(e) for e in s.queue] if s.queue else []
    d["fired"] = copy_fired(s.fired) if s.fired else []
    # d["_legal"] stays: the legal list of this position (if asked) is valid again after rewind
    # which cards exist: the table itself is kept (d["cards"]), its contents copied beside d (a
    # key put into d and deleted from the position after would cost the next `sd.copy()` its
    # fast path: a dict with a deleted entry is copied entry by entry), and `MINTED` now: a
    # card put into the table after the mark was made after it (`rewind`)
    return d, len(j), table, MINTED[0]


# the position's own fields a legal list depends on that are values or shared tables (the
# table of cards is the same object after an undo; its cards are watched through the journal)
_FIXED = itemgetter("phase", "active", "turn", "winner", "priority", "passes", "batch", "attacks_made", "next_uid",
                    "mode", "roll_winner", "hidden_row", "cards", "defs", "options", "setup")


def note_listed(s) -> None:
    """When the position keeps a legal list: note what the position is, for `unchanged` (only on a
    position played with undo marks: ``_noting``, set by `mark`; search's and play's positions,
    applied without history, keep no notes and their lists are checked as before).

    Every card and seat is bound to the journal first (a change of them writes a journal entry),
    so a hand edit of a card or a seat moves the journal's last entry; one of the position's own
    fields changes what `_FIXED` reads or the copies kept of its small containers; a card put
    in from elsewhere moves `MINTED` (as does a card made anywhere: the note then takes it for an
    edit, and the list is checked), a card taken out of the table the table's size. The card definitions (``defs``) are the game's and are not
    watched inside. Before the first undo mark the journal is emptied (as `mark` would: nothing
    before it is ever played back)."""
    sd = s.__dict__
    if not sd.get("_noting"):
        sd["_seen"] = None
        return
    j = sd["_journal"]
    if j and not sd["_undo"]:
        j.clear()
    bind_if_needed(s)
    pending, queue, fired = sd["pending"], sd["queue"], sd["fired"]
    sd["_seen"] = (j[-1] if j else None, MINTED[0], len(sd["cards"]), _FIXED(sd), sd["cells"][:], sd["seats"][:],
                   dict(pending) if pending else None, [dict(e) for e in queue] if queue else None,
                   copy_fired(fired) if fired else None)


def unchanged(s) -> bool | None:
    """Is the position the one `note_listed` noted (an undo brings back the note of its mark)?
    None when its list has no note."""
    sd = s.__dict__
    seen = sd.get("_seen")
    if seen is None:
        return None
    j = sd["_journal"]
    tail, minted, size, fixed, cells, seats, pending, queue, fired = seen
    return (tail is (j[-1] if j else None) and minted == MINTED[0] and size == len(sd["cards"])
            and fixed == _FIXED(sd) and cells == sd["cells"]
            and seats == sd["seats"] and pending == (sd["pending"] or None) and queue == (sd["queue"] or None)
            and fired == (sd["fired"] or None))


def rewind(s, m: tuple) -> None:
    """Return `s` to the position of mark `m` (its log, record and history stacks stay)."""
    d, n, table, minted = m
    sd = s.__dict__
    j = sd["_journal"]
    # did the table change since the mark? Another table, a card made by the rules (`next_uid`)
    # or one taken out (its size), or a card made anywhere since (`MINTED`: a card put in by
    # hand, even in place of one taken out, is a new card; asked before the journal is played
    # back, which moves `MINTED` when a card's definition comes back)
    live = sd["cards"]
    changed = live is not d["cards"] or sd["next_uid"] != d["next_uid"] or len(live) != len(table) \
        or MINTED[0] != minted
    pop = j.pop
    while len(j) > n:
        c, name, old, k = pop()
        if k is LIST_ENTRY:
            _LIST_SET(c, _ALL, old)   # a seat's zone list gets its old contents back
            o = c._o
            if o is not None and (o := o()) is not None:
                _SET(o, "_k", name)       # and its seat the key part from before the change
            continue
        _SET(c, name, old)
        if k is SEAT_ENTRY:
            _SET(c, "_k", None)       # the seat's key part is built again when asked
            continue
        if k is not c._k:
            _SET(c, "_k", k)      # the card's key part as it was before this change
        if name == "card":
            MINTED[0] += 1
    keep = sd["log"], sd["actions"], sd["_undo"], sd["_redo"], j
    # the identity part of the key, checked when used (zones._identities); of the table now, so
    # kept only when the table is the mark's
    ids = None if changed else sd.get("_ids")
    once = sd.get("_once")        # where the log says HR-503.1, checked when used (turn._said_once)
    sd.clear()
    sd.update(d)
    if changed:
        # a card was made or removed: the same table gets its old cards back, in their order
        cards = sd["cards"]
        cards.clear()
        cards.update(table)
    sd["log"], sd["actions"], sd["_undo"], sd["_redo"], sd["_journal"] = keep
    if ids is not None:
        sd["_ids"] = ids
    if once is not None and "_once" not in sd:
        sd["_once"] = once        # the mark's own (valid for the log cut back to the mark) comes first
    # the restored table holds the cards bound at the mark, and only them
    sd["_bound"] = bound(sd["cards"], sd["seats"])


def unmarked(s) -> None:
    """Before an action applied without history: with marks to go back to, its changes must be
    journaled too (undo steps back over it); without, the journal is dropped."""
    if s._undo:
        bind_if_needed(s)
    elif s._journal:
        s._journal.clear()


def position_at(s, m: tuple):
    """A new position equal to the one of mark `m` (no log, record or history), `s` unchanged."""
    d, n, table, _ = m
    j = s._journal
    old: dict = {}
    journal = []
    seats = [p.copy(journal) for p in d["seats"]]   # as they are now: the journal takes them back
    lists = {id(getattr(p, z)): getattr(q, z) for p, q in zip(d["seats"], seats) for z in ZONE_LISTS}
    seat_of = {id(p): q for p, q in zip(d["seats"], seats)}
    for i in range(len(j) - 1, n - 1, -1):       # newest first: the oldest value stays
        c, name, v, k = j[i]
        if k is LIST_ENTRY:
            if id(c) in lists:
                _LIST_SET(lists[id(c)], _ALL, v)
        elif k is SEAT_ENTRY:
            q = seat_of.get(id(c))
            if q is not None:
                if isinstance(v, list):           # a zone list replaced: its older changes follow
                    lists[id(v)] = new_list = seat_list(v, journal, weakref.ref(q))
                    _SET(q, name, new_list)
                else:
                    _SET(q, name, v)
        else:
            old[(id(c), name)] = v
    new = type(s).__new__(type(s))
    nd = dict(d)
    nd.pop("_ids", None)
    nd["_journal"] = journal
    cards = {}
    for u, c in table.items():
        k = c.copy(journal)
        cid = id(c)
        for name in _FIELDS:
            v = old.get((cid, name), _NONE)
            if v is not _NONE:
                _SET(k, name, dict(v) if name == "used" else v)
                _SET(k, "_k", None)
        cards[u] = k
    nd["cards"] = cards
    for q in seats:
        _SET(q, "_k", None)       # rebuilt when the new position's key is asked
    nd["seats"] = seats
    nd["cells"] = d["cells"][:]
    nd["dice"] = d["dice"].copy()
    nd["pending"] = dict(d["pending"]) if d["pending"] else None
    nd["queue"] = [dict(e) for e in d["queue"]]
    nd["fired"] = copy_fired(d["fired"])
    nd["log"], nd["actions"], nd["_undo"], nd["_redo"], nd["_legal"], nd["_seen"] = [], [], [], [], None, None
    nd.pop("_noting", None)
    nd["_tc"] = None                  # (the mark's copy of the table is of `s`'s cards)
    nd["_bound"] = bound(cards, seats)
    new.__dict__.update(nd)
    return new


_NONE = object()
_FIELDS = ("uid", "card", "owner", "zone", "cell", "host", "closed", "face_down", "wounds", "moves", "tokens",
           "flyer_strike", "poison", "used", "taunt", "lasting")
