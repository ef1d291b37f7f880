"""Seeded dice: the only source of randomness in the kernel.

A counter-free splitmix64 generator whose whole state is one integer, so a position can be
copied, saved and restored with its dice: undo then redo meets the same rolls. Forced values
(from a scenario or a lesson) are used first, in order.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


class Dice:
    __slots__ = ("seed", "state", "forced", "count")

    def __init__(self, seed: int = 0, state: int | None = None, forced=(), count: int = 0):
        self.seed = int(seed)
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & _MASK if state is None else state
        self.forced = list(forced)
        self.count = count

    def _next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's multiply-shift, bias below 2**-50)."""
        # (`_next64` written out: a call less for every roll and every random pick)
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def roll(self, sides: int = 6) -> int:
        """One die: a forced value if any is queued, else a seeded roll in 1..sides."""
        self.count += 1
        if self.forced:
            value = self.forced.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"forced value {value} is not a face of a d{sides}")
            return value
        return 1 + self.randbelow(sides)

    def force(self, *values: int) -> None:
        """Queue values that the next rolls will show, in order."""
        self.forced.extend(int(v) for v in values)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place (never uses forced values); a list of another type
        (a journaled zone list) is shuffled on a plain copy and changed once."""
        work = items if items.__class__ is list else list(items)
        for i in range(len(work) - 1, 0, -1):
            j = self.randbelow(i + 1)
            work[i], work[j] = work[j], work[i]
        if work is not items:
            items[:] = work

    def copy(self) -> "Dice":
        d = _new(Dice)              # the fields as they are, without __init__'s conversions
        d.seed, d.state, d.forced, d.count = self.seed, self.state, self.forced[:], self.count
        return d

    def to_dict(self) -> dict:
        return {"seed": self.seed, "state": self.state, "forced": list(self.forced), "count": self.count}

    @classmethod
    def from_dict(cls, d: dict) -> "Dice":
        return cls(d["seed"], d.get("state"), d.get("forced", ()), d.get("count", 0))


_new = object.__new__
