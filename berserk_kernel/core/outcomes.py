"""What both games' outcome panels share: the `Row` record and dice that stop at an unknown face.

A game's ``outcomes(state)`` (berserk/outcomes.py, city/outcomes.py) lists, for the decision on
the board, every legal action with the exact distribution of what it leads to. A rolled action is
applied on copies of the position with every face forced in turn: `ProbeDice` hands out the faces
it was given and raises `NeedDie` the moment the kernel wants one more, so the enumeration learns
how many dice an action rolls from the kernel itself, never from a copy of its rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd

from .dice import Dice
from .errors import IllegalAction


class NeedDie(Exception):
    """The action wants a die face that was not given (``sides``: the die it rolls)."""

    def __init__(self, sides: int):
        super().__init__(sides)
        self.sides = sides


class ProbeDice(Dice):
    """Dice that show the forced faces and then raise `NeedDie` instead of rolling."""

    __slots__ = ()

    def roll(self, sides: int = 6) -> int:
        if not self.forced:
            raise NeedDie(sides)
        self.count += 1
        return self.forced.pop(0)


def legal_action(state, action):
    """`action` (a value or its text) read by `state` and checked legal now; an illegal one
    raises `IllegalAction` with the deciding rule id, a mistyped one `ActionSyntaxError`."""
    action = state.parse_action(action)
    verdict = state.explain(action)
    if not verdict.ok:
        raise IllegalAction(verdict.rule_id, verdict.ru, verdict.en, action)
    return action


def probe_copy(state, faces=()):
    """A fast copy of `state` whose next rolls show `faces` (after the position's own forced
    faces) and then stop with `NeedDie`."""
    if hasattr(state, "clone"):              # the contract's copy for search: no log, no history
        c = state.clone(quiet=True)          # (quiet: its actions build no log either)
    else:
        log = state.log
        state.log = []                       # a copy to measure needs no log: do not copy it
        try:
            c = state.copy()
        finally:
            state.log = log
    d = state.dice
    c.dice = ProbeDice(d.seed, d.state, list(d.forced) + list(faces), d.count)
    return c


@dataclass
class Row:
    """One legal action and where it leads: ``distribution`` lists (outcome, probability) with
    the most likely first, probabilities exact and summing to 1; ``expected`` maps each metric to
    its expected value (float), ``exact`` to the same as a Fraction; ``note`` says what was
    assumed about a later decision (a `T`, or None)."""

    action: object
    distribution: list
    expected: dict
    exact: dict = field(default_factory=dict)
    note: object = None
    rolled: bool = False

    @property
    def deterministic(self) -> bool:
        return len(self.distribution) == 1


def make_row(action, dist: dict, metrics: tuple, note=None, rolled: bool = False) -> Row:
    """A `Row` from {outcome: probability}; each outcome has ``metrics()`` -> {name: number}.
    The sums run over whole numbers on a common denominator (Fraction arithmetic per term
    would cost more than the enumeration)."""
    den = 1
    for p in dist.values():       # Fractions (or whole numbers: they have both parts too)
        q = p.denominator
        den = den * q // gcd(den, q)
    nums = {o: p.numerator * (den // p.denominator) for o, p in dist.items()}
    items = sorted(nums.items(), key=lambda kv: (-kv[1], kv[0].sort_key()))
    totals = dict.fromkeys(metrics, 0)
    for o, n in items:
        for m, v in o.metrics().items():
            if v and m in totals:
                totals[m] += n * v
    exact = {m: Fraction(t, den) for m, t in totals.items()}
    distribution = [(o, Fraction(n, den)) for o, n in items]
    return Row(action, distribution, {m: t / den for m, t in totals.items()}, exact, note, rolled)
