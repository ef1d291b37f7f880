"""One `Action` per fields for the legal lists: an action is an immutable tuple, so the lists of
successive positions can share the same objects instead of building each again (a legal list
of a battle position holds some fifteen; building one costs more than looking it up).

`MOVE[uid][cell]`, `STRIKE[uid][target]`, `CARD[kind][uid]` (gather, prepare) and
`USE[uid, ability][target]` (a declaration with one target or, for target None, none; no
cell) give the action with those fields, made on first use. All the tables together keep at
most `CAP` entries (a game numbers its cards from 1, but scenarios may number them up to
999,999): past it an action is made anew each time, equal to the one a table would hold. An
inner table (one card's, or one card's ability's) counts `TABLE_COST` entries, as it weighs
about that many actions: when every card has a table of its own with a single action (hostile
uids) the budget stays some 15 MB, as it is for full tables (it was 33-43 MB when an inner
table counted one; tests/test_fastpath_protection.py measures).

Sharing is safe for the apply fast path (`BaseState.apply`): an action object found in the
position's own legal list is legal there, whichever list it came from.
"""
from __future__ import annotations

from .actions import Action

CAP = 100_000                 # entries kept in all the tables together (some 15 MB at most)
TABLE_COST = 5                # what an inner table counts (a dict and its maker: ~5 actions)
KEPT = [0]                    # entries kept so far
_new = tuple.__new__


class _Table(dict):
    """key -> value made by `make(key)` on first use (kept while the tables hold under `CAP`);
    each value kept counts `cost` entries."""

    __slots__ = ("make", "cost")

    def __init__(self, make, cost: int = 1):
        super().__init__()
        self.make = make
        self.cost = cost

    def __missing__(self, key):
        value = self.make(key)
        if KEPT[0] < CAP:
            KEPT[0] += self.cost
            self[key] = value
        return value


def _by_second(kind: str, u: int) -> _Table:
    """One card's actions of `kind` by their second field: the target (other) or the cell."""
    if kind == "move":
        return _Table(lambda x: _new(Action, ("move", u, None, x, None, ())))
    return _Table(lambda t: _new(Action, (kind, u, t, None, None, ())))


def _by_target(key: tuple) -> _Table:
    """One card's declarations of one ability by their target (None: no target)."""
    u, ability = key
    return _Table(lambda t: _new(Action, ("use", u, None, None, ability, () if t is None else (t,))))


MOVE = _Table(lambda u: _by_second("move", u), TABLE_COST)
STRIKE = _Table(lambda u: _by_second("strike", u), TABLE_COST)
CARD = {k: _Table(lambda u, k=k: _new(Action, (k, u, None, None, None, ()))) for k in ("gather", "prepare")}
USE = _Table(_by_target, TABLE_COST)
