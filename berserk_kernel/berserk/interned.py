"""One `Action` per fields for the legal lists: an action is an immutable tuple, so the lists of
successive positions can share the same objects instead of building each again (a legal list
of a battle position holds some fifteen; building one costs more than looking it up).

`MOVE[uid][cell]`, `STRIKE[uid][target]`, `CARD[kind][uid]` (gather, prepare) and
`USE[uid, ability][target]` (a declaration with one target or, for target None, none; no
cell) give the action with those fields, made on first use. All the tables together keep at
most `CAP` entries (a game numbers its cards from 1, but scenarios may number them up to
999,999): past it an action is made anew each time, equal to the one a table would hold.

Sharing is safe for the apply fast path (`BaseState.apply`): an action object found in the
position's own legal list is legal there, whichever list it came from.
"""
from __future__ import annotations

from .actions import Action

CAP = 100_000                 # entries kept in all the tables together (some 15 MB at most)
KEPT = [0]                    # entries kept so far
_new = tuple.__new__


class _Table(dict):
    """key -> value made by `make(key)` on first use (kept while the tables hold under `CAP`)."""

    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self.make(key)
        if KEPT[0] < CAP:
            KEPT[0] += 1
            self[key] = value
        return value


def _by_second(kind: str, u: int) -> _Table:
    """One card's actions of `kind` by their second field: the target (other) or the cell."""
    if kind == "move":
        return _Table(lambda x: _new(Action, ("move", u, None, x, None, ())))
    return _Table(lambda t: _new(Action, (kind, u, t, None, None, ())))


MOVE = _Table(lambda u: _by_second("move", u))
STRIKE = _Table(lambda u: _by_second("strike", u))
CARD = {k: _Table(lambda u, k=k: _new(Action, (k, u, None, None, None, ()))) for k in ("gather", "prepare")}
USE = _Table(lambda key: _Table(lambda t: _new(Action, ("use", key[0], None, None, key[1], () if t is None else (t,)))))
