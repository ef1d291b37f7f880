"""The position read out for a person or a notebook: the squad budget, the dice, what each step did.

    s.crystals(0)        # Crystals(gold=18, silver=7): left to spend while building (BR-7.2, BR-7.5)
    s.penalty(0)         # 1: gold paid for a second element in the squad (BR-7.3)
    s.last_rolls()       # (Roll('BR-10.1', white=4, black=3),): the dice of the last action
    s.last_step()        # Step(number=7, action='strike #1 #2', rolls=..., wounds={2: 1}, ...)
    s.steps()            # a Step for every action of the game, in order

All of it is read from the position and its log (the log entries keep their data: the dice faces,
each card's wounds), so nothing here changes a game. A step is one player's action with everything
it set off, up to the next action: the strike's rolls and wounds, the answers' effects, the next
turn's start after ``end``. Step 0 is what happened before the first action (the roll for the
first move in a new game).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .setup import crystals_left, squad_cost

# the dice a roll entry names, in the order a person reads them (attacker's white die first)
_DIE_KEYS = ("white", "black")


class Crystals(NamedTuple):
    """Crystals left to spend on the squad (gold first for elite cards and the penalty)."""

    gold: int
    silver: int


@dataclass(frozen=True)
class Roll:
    """One roll of the dice: the rule behind it and each die's face (before modifiers)."""

    rule: str                       # BR-10.1 strike (white, black), BR-10.3 / BR-12 one die, BR-7.1 who goes first
    dice: tuple                     # ((name, face), ...): ("white", 4), ("black", 3); ("seat0", 5), ("seat1", 2)

    @property
    def faces(self) -> tuple:
        return tuple(face for _, face in self.dice)

    def __getitem__(self, name: str) -> int:
        return dict(self.dice)[name]

    def __repr__(self) -> str:
        return f"Roll({self.rule!r}, " + ", ".join(f"{k}={v}" for k, v in self.dice) + ")"


@dataclass(frozen=True)
class Step:
    """One action and what it set off."""

    number: int                     # 1 for the game's first action (0: before any action)
    seat: int | None                # who acted
    action: str | None              # the action's text, e.g. "strike #1 #2"
    rolls: tuple = ()               # Roll values, in the order rolled
    wounds: dict = field(default_factory=dict)     # card uid -> wounds taken in this step (after armour)
    healed: dict = field(default_factory=dict)     # card uid -> wounds healed in this step
    destroyed: tuple = ()           # uids of the cards destroyed in this step
    entries: tuple = field(default=(), repr=False)   # the log entries of the step (the action's own line first)

    def text(self, lang: str = "ru") -> str:
        return "\n".join(e.line(lang) for e in self.entries)


def crystals(s, seat: int) -> Crystals:
    """Gold and silver the seat has left after paying for the cards bought so far (BR-7.5)."""
    return Crystals(*crystals_left(s, seat))


def penalty(s, seat: int) -> int:
    """Gold crystals the squad's elements cost: one per element beyond the first (BR-7.3)."""
    return squad_cost(s, seat)[2]


def steps(s) -> list[Step]:
    """A `Step` for every action in the log, in order (and step 0 when something came before)."""
    groups: list[list] = [[]]
    for e in s.log:
        if e.kind == "action" and not e.rule_id:
            groups.append([e])
        else:
            groups[-1].append(e)
    out = [_step(i, g) for i, g in enumerate(groups)]
    return out if groups[0] else out[1:]


def last_step(s) -> Step | None:
    """The step of the last action (None before any action was logged)."""
    start = next((i for i in range(len(s.log) - 1, -1, -1)
                  if s.log[i].kind == "action" and not s.log[i].rule_id), None)
    if start is None:
        return None
    number = sum(1 for e in s.log[:start + 1] if e.kind == "action" and not e.rule_id)
    return _step(number, s.log[start:])


def last_rolls(s) -> tuple:
    """The dice the last action rolled (empty when it rolled none)."""
    step = last_step(s)
    return step.rolls if step is not None else ()


def _step(number: int, entries) -> Step:
    head = entries[0] if entries and entries[0].kind == "action" and not entries[0].rule_id else None
    rolls, wounds, healed, destroyed = [], {}, {}, []
    for e in entries:
        d = e.data
        if e.kind == "roll":
            if "rolls" in d:      # both players roll for the first move: seat0, seat1 (BR-7.1)
                dice = tuple((f"seat{i}", v) for i, v in enumerate(d["rolls"]))
            else:
                dice = tuple((k, d[k]) for k in _DIE_KEYS if k in d)
            if dice:
                rolls.append(Roll(e.rule_id, dice))
        elif e.kind == "wound" and "card" in d:
            wounds[d["card"]] = wounds.get(d["card"], 0) + d.get("wounds", 0)
        elif e.kind == "heal" and "card" in d:
            healed[d["card"]] = healed.get(d["card"], 0) + d.get("healed", 0)
        elif e.kind == "death" and "card" in d:
            destroyed.append(d["card"])
    return Step(number, head.data.get("seat") if head else None, head.data.get("action") if head else None,
                tuple(rolls), wounds, healed, tuple(destroyed), tuple(entries))
