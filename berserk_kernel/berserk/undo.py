"""Berserk's undo journal: stepping back without copying the position (BaseState's undo marks).

Before an action is applied with history, `mark` keeps what changes in place in a cheap form:
the small containers of the position (seats, cells, the dice, pending, queue, fired triggers)
as copies, the table of cards as a shallow copy (which cards exist), and the length of the
position's journal. The card records themselves are not copied: every change of a card field
is written to the journal as ``(card, field, old value, old key part)`` as it happens
(`zones.CardState`), and `rewind` plays the journal backwards to the mark, then puts the rest
back. A mid-game mark costs a few microseconds where a copy of the 97 cards cost about a
hundred.

Cards are bound to the journal of the position holding them: `BerserkState.copy` binds its
copies, `zones.put_into_deck` its new card, and `bind_if_needed` binds again whenever cards
were made elsewhere (a new game, a scenario, a view's relabelled copies, a test) since the last
time (`zones.MINTED` counts them).
"""
from __future__ import annotations

from .zones import _SET, MINTED


def copy_fired(fired: list) -> list:
    """Copy fired triggers keeping one shared point pool per ability (HR-402.2)."""
    pools: dict = {}
    return [dict(f, points=pools.setdefault(id(f["points"]), list(f["points"]))) for f in fired]


def bind(s) -> None:
    """Bind every card of `s` to its journal."""
    j = s._journal
    for c in s.cards.values():
        _SET(c, "_j", j)
    s._bound = (s.cards, MINTED[0])


def bind_if_needed(s) -> None:
    b = s._bound
    if b is None or b[0] is not s.cards or b[1] != MINTED[0]:
        bind(s)


def mark(s) -> tuple:
    """What `rewind` needs to return to the position now."""
    j = s._journal
    if not s._undo:
        j.clear()                 # nothing before the first mark is ever played back
    bind_if_needed(s)
    d = s.__dict__.copy()
    d["_cards"] = s.cards.copy()      # which cards exist (the table itself is kept: d["cards"])
    d["seats"] = [p.copy() for p in s.seats]
    d["cells"] = s.cells[:]
    d["dice"] = s.dice.copy()
    d["pending"] = dict(s.pending) if s.pending else None
    d["queue"] = [dict(e) for e in s.queue]
    d["fired"] = copy_fired(s.fired) if s.fired else []
    # d["_legal"] stays: the legal list of this position (if asked) is valid again after rewind
    return d, len(j)


def rewind(s, m: tuple) -> None:
    """Return `s` to the position of mark `m` (its log, record and history stacks stay)."""
    d, n = m
    j = s._journal
    pop = j.pop
    while len(j) > n:
        c, name, old, k = pop()
        _SET(c, name, old)
        _SET(c, "_k", k)          # the card's key part as it was before this change
        if name == "card":
            MINTED[0] += 1
    sd = s.__dict__
    keep = sd["log"], sd["actions"], sd["_undo"], sd["_redo"], j
    ids = sd.get("_ids")          # the identity part of the key, checked when used (zones._identities)
    once = sd.get("_once")        # where the log says HR-503.1, checked when used (turn._said_once)
    live = sd["cards"]
    changed = live is not d["cards"] or sd["next_uid"] != d["next_uid"] or len(live) != len(d["_cards"])
    sd.clear()
    sd.update(d)
    del sd["_cards"]
    if changed:
        # a card was made or removed: the same table gets its old cards back, in their order
        cards = sd["cards"]
        cards.clear()
        cards.update(d["_cards"])
    sd["log"], sd["actions"], sd["_undo"], sd["_redo"], sd["_journal"] = keep
    if ids is not None:
        sd["_ids"] = ids
    if once is not None and "_once" not in sd:
        sd["_once"] = once        # the mark's own (valid for the log cut back to the mark) comes first
    # the restored table holds the cards bound at the mark, and only them
    sd["_bound"] = (sd["cards"], MINTED[0])


def unmarked(s) -> None:
    """Before an action applied without history: with marks to go back to, its changes must be
    journaled too (undo steps back over it); without, the journal is dropped."""
    if s._undo:
        bind_if_needed(s)
    elif s._journal:
        s._journal.clear()


def position_at(s, m: tuple):
    """A new position equal to the one of mark `m` (no log, record or history), `s` unchanged."""
    d, n = m
    j = s._journal
    old: dict = {}
    for i in range(len(j) - 1, n - 1, -1):       # newest first: the oldest value stays
        c, name, v, _k = j[i]
        old[(id(c), name)] = v
    new = type(s).__new__(type(s))
    nd = dict(d)
    del nd["_cards"]
    nd.pop("_ids", None)
    journal = nd["_journal"] = []
    cards = {}
    for u, c in d["_cards"].items():
        k = c.copy(journal)
        cid = id(c)
        for name in _FIELDS:
            v = old.get((cid, name), _NONE)
            if v is not _NONE:
                _SET(k, name, dict(v) if name == "used" else v)
                _SET(k, "_k", None)
        cards[u] = k
    nd["cards"] = cards
    nd["seats"] = [p.copy() for p in d["seats"]]
    nd["cells"] = d["cells"][:]
    nd["dice"] = d["dice"].copy()
    nd["pending"] = dict(d["pending"]) if d["pending"] else None
    nd["queue"] = [dict(e) for e in d["queue"]]
    nd["fired"] = copy_fired(d["fired"])
    nd["log"], nd["actions"], nd["_undo"], nd["_redo"], nd["_legal"] = [], [], [], [], None
    nd["_bound"] = (cards, MINTED[0])
    new.__dict__.update(nd)
    return new


_NONE = object()
_FIELDS = ("uid", "card", "owner", "zone", "cell", "host", "closed", "face_down", "wounds", "moves", "tokens",
           "flyer_strike", "poison", "used", "taunt", "lasting")
