"""The computer's advice as the apps use it: the kernel's `berserk_kernel.bots.advice` (issue 10),
imported in one place so the widgets name it once.

    LEVELS                       {"easy": playouts, "normal": ..., "strong": ...}
    make_bot(level, seed)        .step(state, progress=None, cancel=None) -> action
    suggest(state, level, seed, progress, cancel) -> Advice (action, win_chance, reason, rule_ids)
    review(record, level, seed, progress, cancel) -> [MoveReview] (loss in win chance, mark)
    explain(state, action, seat) -> ({"ru", "en"} with the exact odds of a roll, rule ids) or None
    percent(p, lang)             0.583 -> «58,3%» / "58.3%"
    Cancelled                    raised promptly once cancel() returns True

`progress(fraction)` is called between playouts; `cancel()` is polled there too.

`why_words(advice, odds, label, lang)` says why in plain words (the apps' catalog, not the
kernel's search terms): the exact odds of the roll, how the computer chose the move, its
estimated chance to win, the second-best move by its label.
"""
from __future__ import annotations

from berserk_kernel.bots.advice import (LEVELS, ORDER_WORLDS, Advice, Cancelled, MoveReview, explain, make_bot, percent,
                                        review, suggest)

from berserk_kernel.core.words import plural

from .i18n import w

TIMES = {"ru": ("раз", "раза", "раз"), "en": ("time", "times")}


def mid_sentence(label: str) -> str:
    """An action's label («Купить „…“») inside a sentence: its first letter small."""
    return label[:1].lower() + label[1:]


def without_label(text: str, label: str) -> str:
    """An odds sentence that begins with the action's own words («X (#1) бьёт Y (#2): по таблице
    боя …»), said right after the action is named: the rest, from a capital («По таблице боя …»)."""
    head = f"{label}: "
    if label and text.startswith(head) and len(text) > len(head):
        rest = text[len(head):]
        return rest[:1].upper() + rest[1:]
    return text


def why_words(adv: Advice, odds, label, lang: str) -> str:
    """Why the computer suggests `adv.action`: `odds` is `explain(...)` of it (or None), `label`
    names an action for a person (the controller's `action_label`)."""
    parts = []
    if odds is not None:
        parts.append(without_label(odds[0].get(lang) or odds[0]["en"], label(adv.action, lang)))
    if adv.order_look:           # the order decision: the squads look chose, not the search
        parts.append(w("hint_order_" + adv.order_look, lang, n=ORDER_WORLDS,
                       times=plural(ORDER_WORLDS, TIMES[lang], lang)))
        return " ".join(parts)
    tries = [n for _a, _v, n in adv.alternatives]
    win = percent(round(adv.win_chance, 2), lang)
    tail = "_setup" if adv.setup else ""       # in the set-up no win chance is named (base.in_setup)
    if sum(tries) and tries[0]:
        parts.append(w("hint_search" + tail, lang, n=sum(tries), times=plural(sum(tries), TIMES[lang], lang),
                       v=tries[0], vtimes=plural(tries[0], TIMES[lang], lang), win=win))
    elif len(adv.alternatives) <= 1:
        parts.append(w("hint_only", lang))
    else:
        parts.append(w("hint_counted" + tail, lang, win=win))
    if len(adv.alternatives) > 1 and adv.alternatives[1][2] > 0:
        second, chance, _n = adv.alternatives[1]
        parts.append(w("hint_second" + tail, lang, what=mid_sentence(label(second, lang)),
                       win=percent(round(chance, 2), lang)))
    return " ".join(parts)


__all__ = ["why_words", "mid_sentence", "without_label", "LEVELS", "Advice", "MoveReview", "Cancelled", "make_bot", "suggest", "review", "explain", "percent"]
