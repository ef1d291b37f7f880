"""The computer's advice as the apps use it: the kernel's `berserk_kernel.bots.advice` (issue 10),
imported in one place so the widgets name it once.

    LEVELS                       {"easy": playouts, "normal": ..., "strong": ...}
    make_bot(level, seed)        .step(state, progress=None, cancel=None) -> action
    suggest(state, level, seed, progress, cancel) -> Advice (action, win_chance, reason, rule_ids)
    review(record, level, seed, progress, cancel) -> [MoveReview] (loss in win chance, mark)
    Cancelled                    raised promptly once cancel() returns True

`progress(fraction)` is called between playouts; `cancel()` is polled there too.
"""
from __future__ import annotations

from berserk_kernel.bots.advice import LEVELS, Advice, Cancelled, MoveReview, make_bot, review, suggest

__all__ = ["LEVELS", "Advice", "MoveReview", "Cancelled", "make_bot", "suggest", "review"]
