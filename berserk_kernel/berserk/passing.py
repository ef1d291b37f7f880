"""Letting the queue go on: a pass of the priority (HR-queue-empty) and a fired trigger left
undeclared (BR-17, HR-simultaneous-triggers)."""
from __future__ import annotations

from ..core.messages import catalog
from .queue import declarations, fired_entry

M = catalog("berserk_kernel.berserk")


def check_pass(s, a):
    return s.RULES.ok("HR-queue-empty")


def do_pass(s, a) -> None:
    s._log("HR-queue-empty", "pass", "passes", {"player": s.seats[s.priority].name})
    s.passes += 1
    s.priority = 1 - s.priority


def check_skip(s, a):
    f = fired_entry(s, a.card, a.ability)
    if f is None:
        return s.RULES.no("HR-simultaneous-triggers", M.lazy("queue_there_such_fired_trigger"))
    ab = s.defs[s.cards[a.card].card].ability(a.ability)
    if not ab.optional and declarations(s, a.card, ab, f):
        return s.RULES.no("HR-simultaneous-triggers", M.lazy("queue_mandatory_triggered_ability_cannot"))
    return s.RULES.ok("BR-17")


def do_skip(s, a) -> None:
    f = fired_entry(s, a.card, a.ability)
    s.fired.remove(f)
    s._log("BR-17", "skip", "not_declared", {"ability": s.defs[s.cards[a.card].card].ability(a.ability).text, "uid": a.card})
