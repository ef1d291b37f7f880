"""One game contract for every game of the kernel (OpenSpiel's names), written once.

`GameState` (a `typing.Protocol`) is the contract; `Contract` is the mixin `BaseState` inherits,
which implements the parts that are the same in every game from a few hooks each game gives.

    current_player() -> int | None    whose decision it is; None exactly when the game is over
    is_terminal() -> bool             the game is over
    num_players() -> int
    returns() -> list[float]          per seat: +1 a win, -1 a loss, 0 a draw or a game still
                                      going; winners of a shared win get 1/len(winners) each
    outcome(lang="ru") -> str         the result in words («Победа: A», "A wins", «Ничья»...)
    legal_actions() -> list[Action]   every legal decision now (`BaseState`)
    apply(action_or_text, *, history=True, dice=None)   see `BaseState.apply`; `dice` is a
                                      tuple of die faces this action's rolls show, in order
    undo()                            step back one action (`BaseState`)
    clone(quiet=None)                 a copy for search: the position without its log and
                                      without undo history (the action record is kept);
                                      quiet=True: a quiet position, which plays the same but
                                      keeps no log (`quiet`; its copies and clones are quiet)
    key()                             a cheap hashable key of the position in play (no log, no
                                      record, no last rolls shown, no hidden future of the dice)
    chance_outcomes(action)           the exact law of the faces `action` will roll, as
                                      [(faces, Fraction)]: faces that lead to the same position
                                      are merged into one representative tuple; None when the
                                      action rolls nothing
    view(seat)                        the position with what `seat` cannot know made canonical
    sample_world(seat, rng)           a full position consistent with the view of `seat`, quiet
                                      (search's worlds keep no log)

Hooks a game gives (besides `BaseState`'s): ``current_player()``, ``num_players()``,
``_won_by()`` (the winning seats of a finished game, ``()`` for a draw), ``_seat_name(p, lang)``,
``key()``, ``_canonical_hidden(seat)`` (make the hidden things of a copy canonical, in place) and
``_deal_hidden(seat, rng)`` (deal them at random, in place); ``_chance_outcomes(action)`` may
answer faster than the general enumeration (return `NotImplemented` to use it). A game keeps its
seeded `Dice` in ``self.dice``.

Shuffles are not chance outcomes: the order of a deck is hidden information, which `view`
makes canonical and `sample_world` deals again.
"""
from __future__ import annotations

import random as _random
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from .dice import Dice
from .errors import DataError, IllegalAction
from .messages import catalog

M = catalog("berserk_kernel.core", "data/contract.toml")

MAX_FACE = 100          # a forced face above this is refused before anything is rolled
MAX_FORCED = 1000       # at most this many forced faces for one action
MAX_BRANCHES = 50_000   # the general enumeration of chance_outcomes stops beyond this


@runtime_checkable
class GameState(Protocol):
    """The contract both games keep (see the module docstring)."""

    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def num_players(self) -> int: ...
    def returns(self) -> list[float]: ...
    def outcome(self, lang: str = "ru") -> str: ...
    def legal_actions(self) -> list: ...
    def apply(self, action: Any, *, history: bool = True, dice: tuple | None = None) -> Any: ...
    def undo(self) -> Any: ...
    def clone(self, quiet: bool | None = None) -> Any: ...
    def key(self) -> Any: ...
    def chance_outcomes(self, action: Any) -> list[tuple[tuple, Fraction]] | None: ...
    def view(self, seat: int) -> Any: ...
    def sample_world(self, seat: int, rng: Any) -> Any: ...


class _NeedRoll(BaseException):
    """Raised by `_ProbeDice` when an enumerated run needs a face it was not given."""

    def __init__(self, sides: int):
        self.sides = sides


class _ProbeDice(Dice):
    """Dice for the enumeration of `chance_outcomes`: forced faces first, then a signal."""

    __slots__ = ("rolled",)

    def __init__(self, base: Dice, forced: list):
        super().__init__(base.seed, base.state, forced, base.count)
        self.rolled: list = []

    def roll(self, sides: int = 6) -> int:
        if not self.forced:
            raise _NeedRoll(sides)
        value = super().roll(sides)
        self.rolled.append(value)
        return value


class Contract:
    """The parts of the contract that are the same in every game (mixed into `BaseState`)."""

    # --- who, and how it ended -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() is None

    def returns(self) -> list[float]:
        """+1 for a win, -1 for a loss, 0 for a draw or a game still going; the winners of a
        shared win get 1/len(winners) each (every seat winning is a draw)."""
        n = self.num_players()
        if not self.is_terminal():
            return [0.0] * n
        won = set(self._won_by())
        if not won or len(won) == n:
            return [0.0] * n
        share = 1.0 / len(won)
        return [share if p in won else -1.0 for p in range(n)]

    def outcome(self, lang: str = "ru") -> str:
        """The result in words in `lang` ("ru" or "en")."""
        if not self.is_terminal():
            return M("going_on").get(lang)
        won = list(self._won_by())
        if not won or len(won) == self.num_players():
            return M("draw").get(lang)
        names = [self._seat_name(p, lang) for p in won]
        if len(names) == 1:
            return M("wins", who=names[0]).get(lang)
        return M("share", who=", ".join(names), n=len(names)).get(lang)

    # --- search ------------------------------------------------------------------------------
    def clone(self, quiet: bool | None = None):
        """A copy for search: the same position and action record, no log, no undo history.

        ``quiet=True`` gives a quiet position (what a playout needs): it plays exactly the same
        but keeps no log, and its own copies and clones are quiet too; ``quiet=False`` one that
        logs again from here; None (the default) keeps this position's own (see ``quiet``)."""
        log = self.log
        self.log = []
        try:
            c = self.copy()
        finally:
            self.log = log
        if quiet is not None:
            _set_quiet(c, quiet)
        return c

    # --- chance ------------------------------------------------------------------------------
    def chance_outcomes(self, action):
        """The exact law of the die faces `action` rolls now: ``[(faces, probability)]``, the
        probabilities (`Fraction`) summing to 1; faces leading to the same position (`key`)
        are merged into the first such tuple. None when the action rolls nothing. Faces that
        forced dice already fix are part of each tuple. An illegal action raises
        `IllegalAction`, an unreadable one `ActionSyntaxError`."""
        action = self.parse_action(action)
        verdict = self._check(action)
        if not verdict.ok:
            raise IllegalAction(verdict.rule_id, verdict.ru, verdict.en, action)
        fast = self._chance_outcomes(action)
        if fast is not NotImplemented:
            return fast
        return self._enumerate_rolls(action)

    def _chance_outcomes(self, action):
        return NotImplemented

    def _enumerate_rolls(self, action):
        """Run `action` on clones with every sequence of faces it can roll (depth first)."""
        merged: dict = {}
        stack = [((), Fraction(1))]
        runs = 0
        rolled_any = False
        while stack:
            prefix, p = stack.pop()
            runs += 1
            if runs > MAX_BRANCHES:
                raise RuntimeError(f"chance_outcomes: more than {MAX_BRANCHES} branches for {action}")
            c = self.clone(quiet=True)
            probe = _ProbeDice(self.dice, list(prefix) + list(self.dice.forced[len(prefix):]))
            c.dice = probe
            try:
                c._perform(action)
            except _NeedRoll as need:
                rolled = tuple(probe.rolled)
                q = p / need.sides
                stack.extend((rolled + (f,), q) for f in range(need.sides, 0, -1))
                rolled_any = True
                continue
            faces = tuple(probe.rolled)
            if not faces:
                return None
            rolled_any = True
            k = c.key()
            if k in merged:
                merged[k][1] += p
            else:
                merged[k] = [faces, p]
        if not rolled_any:   # pragma: no cover - a run always ends or needs a roll
            return None
        return [(faces, p) for faces, p in merged.values()]

    def _perform_rolled(self, action, faces) -> None:
        """`_perform` with the action's rolls showing `faces` in order (in place of what the
        queued forced dice or the seed would have shown); faces it does not use are dropped."""
        d = self.dice
        old, n, start = d.forced, len(faces), d.count
        d.forced = list(faces) + old[n:]
        try:
            self._perform(action)
        finally:
            used = d.count - start
            if used < n:
                d.forced = old[used:]

    # --- what a seat may know ------------------------------------------------------------
    def view(self, seat: int):
        """The position as `seat` may know it: a copy without the log (which names cards) and
        without undo history, the identities and orders `seat` cannot see made canonical, the
        seed hidden (dice re-seeded to 0; forced dice, which a scenario shows, are kept). Two
        positions that differ only in what `seat` cannot see have equal views."""
        self._check_seat(seat)
        v = self.clone()
        v.dice = Dice(0, forced=list(self.dice.forced), count=self.dice.count)
        if isinstance(getattr(v, "setup", None), dict) and "seed" in v.setup:
            v.setup = dict(v.setup, seed=0)
        v._canonical_hidden(seat)
        v.view_seat = seat
        return v

    def sample_world(self, seat: int, rng):
        """A full position consistent with the view of `seat`: hidden identities dealt at
        random from the multiset the seat can infer, deck orders shuffled and the dice
        re-seeded, all from `rng` (a `random.Random`, a `Dice` or an int seed). Called on a
        full position, it first takes its view: it never peeks. The world is quiet (``quiet``,
        see `clone`): it plays exactly as a logging position would, but its log stays empty and
        no log entry is built (search reads no log); ``clone(quiet=False)`` gives a logging one."""
        rng = _rng(rng)
        v = self if getattr(self, "view_seat", None) == seat else self.view(seat)
        w = v.copy()
        w.dice = Dice(rng.getrandbits(62), forced=list(v.dice.forced), count=v.dice.count)
        w._deal_hidden(seat, rng)
        w.view_seat = None
        _set_quiet(w, True)
        return w

    def _check_seat(self, seat) -> None:
        if type(seat) is not int or not 0 <= seat < self.num_players():
            raise _error("<seat>", "seat", "bad_seat", last=str(self.num_players() - 1), got=repr(seat))


def _quiet_log(rule_id, kind, key, args=None, /, **data) -> None:
    """`BaseState._log` of a quiet position, kept in its ``__dict__`` (so its copies, clones and
    undo marks are quiet too): records nothing."""


def _set_quiet(s, quiet: bool) -> None:
    """Make `s` quiet (its ``_log`` records nothing, its ``logs`` is False) or logging again."""
    if quiet:
        s.__dict__["_log"] = _quiet_log
        s.__dict__["logs"] = False
    else:
        s.__dict__.pop("_log", None)
        s.__dict__.pop("logs", None)


def _error(source: str, field: str, msg: str, **kw) -> DataError:
    """A `DataError` with the catalog's message `msg`, each language cut to 120 characters (a value
    shown in it may be long)."""
    m = M(msg, **kw)
    return DataError(source, field, m.en[:120], m.ru[:120])


def check_faces(faces) -> tuple:
    """The `dice` argument of `apply`: a tuple (or list) of whole numbers from 1 to MAX_FACE."""
    if not isinstance(faces, (tuple, list)) or len(faces) > MAX_FORCED:
        raise _error("<dice>", "dice", "bad_dice", most=MAX_FORCED, got=type(faces).__name__)
    for i, f in enumerate(faces):
        if type(f) is not int or not 1 <= f <= MAX_FACE:
            raise _error("<dice>", f"dice[{i}]", "bad_face", most=str(MAX_FACE), got=repr(f))
    return tuple(faces)


class _DiceRng:
    """The `random.Random` methods `sample_world` uses, over the kernel's `Dice`."""

    def __init__(self, dice: Dice):
        self.dice = dice

    def getrandbits(self, k: int) -> int:
        return self.dice.randbelow(1 << k)

    def shuffle(self, items: list) -> None:
        self.dice.shuffle(items)


def _rng(rng):
    if isinstance(rng, Dice):
        return _DiceRng(rng)
    if type(rng) is int:
        return _DiceRng(Dice(rng))
    if isinstance(rng, _random.Random):
        return rng
    raise _error("<rng>", "rng", "bad_rng")


__all__ = ["GameState", "Contract", "check_faces", "MAX_FACE"]
