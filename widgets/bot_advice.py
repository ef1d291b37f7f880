"""The computer's advice as the apps use it: levels, a bot that plays a move, a hint, a review.

The kernel's `berserk_kernel.bots.advice` (issue 10) provides these names; the apps import them
from here only. While that module is not there, a thin stand-in over the kernel's MCTS bot with
the same names and signatures is used:

    LEVELS                       {"easy": playouts, "normal": ..., "strong": ...}
    make_bot(level, seed)        .step(state, progress=None, cancel=None) -> action
    suggest(state, level, seed, progress, cancel) -> Advice
    review(record, level, seed, progress, cancel) -> [MoveReview]
    Cancelled                    raised promptly once cancel() returns True

`progress(fraction)` is called between playouts; `cancel()` is polled there too.
"""
from __future__ import annotations

from dataclasses import dataclass, field

try:  # the kernel's own advice (helper B, issue 10)
    from berserk_kernel.bots.advice import LEVELS, Advice, MoveReview, make_bot, review, suggest
    from berserk_kernel.bots.advice import Cancelled
    KERNEL_ADVICE = True
except ImportError:
    KERNEL_ADVICE = False

if not KERNEL_ADVICE:
    import inspect

    from berserk_kernel.bots import Game, MCTSBot

    NATIVE = "progress" in inspect.signature(MCTSBot.analyse).parameters

    LEVELS = {"easy": 12, "normal": 40, "strong": 120}
    MARKS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))

    try:
        from berserk_kernel.bots.base import Cancelled
    except ImportError:
        class Cancelled(Exception):
            """The search was stopped by its `cancel()` callback."""

    @dataclass
    class Advice:
        action: object
        win_chance: float
        reason: dict
        rule_ids: tuple = ()
        alternatives: list = field(default_factory=list)

    @dataclass
    class MoveReview:
        index: int
        seat: int
        action: object
        best: object
        win_before: float
        win_after: float
        loss: float
        mark: str

    class _Bot(MCTSBot):
        """The kernel's MCTS bot, reporting progress and stopping on cancel between playouts."""

        def __init__(self, playouts, seed=0):
            super().__init__(playouts=playouts, seed=seed)
            self.progress = None
            self.cancel = None

        def _search(self, view, seat, root_keys, progress=None, cancel=None):
            if NATIVE:   # the kernel's bot reports progress and stops on cancel itself
                return super()._search(view, seat, root_keys, progress, cancel)
            root: dict = {}
            n = self.playouts
            for i in range(n):
                if self.cancel is not None and self.cancel():
                    raise Cancelled()
                self._iterate(self.world(view, seat), root, root_keys)
                if self.progress is not None:
                    self.progress((i + 1) / n)
            self.last_iterations = n
            return root

        def run(self, state, progress=None, cancel=None):
            self.progress, self.cancel = progress, cancel
            try:
                return self.analyse(state, progress, cancel) if NATIVE else self.analyse(state)
            finally:
                self.progress = self.cancel = None

        def step(self, state, progress=None, cancel=None):
            if cancel is not None and cancel():
                raise Cancelled()
            actions = Game.choices(state)
            if len(actions) == 1:
                if progress is not None:
                    progress(1.0)
                return actions[0]
            return self.run(state, progress, cancel)[0][0]

    def _level(level: str) -> int:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: {', '.join(LEVELS)}")
        return LEVELS[level]

    def make_bot(level: str = "normal", seed: int = 0):
        return _Bot(_level(level), seed)

    def _chance(v: float) -> float:
        return max(0.0, min(1.0, (float(v) + 1.0) / 2.0))

    def suggest(state, level="normal", seed=0, progress=None, cancel=None):
        bot = make_bot(level, seed)
        actions = Game.choices(state)
        if len(actions) == 1:
            ranked = [(actions[0], 0.0, 0)]
        else:
            ranked = bot.run(state, progress, cancel)
        best, value, visits = ranked[0]
        p = _chance(value)
        alts = [(a, _chance(v), n) for a, v, n in ranked[:4]]
        n = bot.playouts if len(actions) > 1 else 0
        reason = {lang: _reason(lang, p, n, len(actions)) for lang in ("ru", "en")}
        return Advice(best, p, reason, (), alts)

    def _reason(lang: str, p: float, n: int, k: int) -> str:
        if k == 1:
            return "Это единственное допустимое действие." if lang == "ru" else "It is the only legal action."
        if lang == "en":
            return f"{n} playouts over {k} legal actions: after it the win chance is about {p * 100:.0f}%."
        return f"{n} разыгрываний по {k} допустимым действиям: после него шанс победы около {p * 100:.0f}%."

    def _start_and_actions(record):
        from berserk_kernel.berserk import record as brec
        from berserk_kernel.city import record as crec
        module = brec if record.get("game") == "berserk" else crec
        start = module.start_of(record, "<record>")
        return start, [start.parse_action(a) if isinstance(a, str) else a for a in record["actions"]]

    def _mark(loss: float) -> str:
        for limit, mark in MARKS:
            if loss >= limit:
                return mark
        return "good"

    def review(record, level="easy", seed=0, progress=None, cancel=None):
        start, actions = _start_and_actions(record)
        s = start.copy()
        out = []
        total = max(1, len(actions))
        for i, a in enumerate(actions):
            seat = Game.current_player(s)
            choices = Game.choices(s)
            part = (lambda f, i=i: progress((i + f) / total)) if progress is not None else None
            if len(choices) <= 1:
                out.append(MoveReview(i, seat, a, a, 0.5, 0.5, 0.0, "good"))
            else:
                ranked = make_bot(level, seed + i).run(s, part, cancel)
                best, vb, _nb = ranked[0]
                played = {str(x): (v, n) for x, v, n in ranked}.get(str(a), (vb, 0))
                vp = played[0] if played[1] else _after(s, a, seat, level, seed + i, cancel)
                wb, wa = _chance(vb), _chance(min(vp, vb) if str(a) != str(best) else vb)
                loss = 0.0 if str(a) == str(best) else max(0.0, wb - wa)
                out.append(MoveReview(i, seat, a, best, wb, wa, loss, _mark(loss)))
            s.apply(a)
            if progress is not None:
                progress((i + 1) / total)
        return out

    def _after(s, a, seat, level, seed, cancel) -> float:
        """The value for `seat` of the position after `a` (a search from there)."""
        t = s.copy()
        t.apply(a, history=False)
        if Game.is_terminal(t):
            return Game.returns(t)[seat]
        ranked = make_bot(level, seed).run(t, None, cancel)
        v = ranked[0][1]
        return v if Game.current_player(t) == seat else -v


__all__ = ["LEVELS", "Advice", "MoveReview", "Cancelled", "make_bot", "suggest", "review", "KERNEL_ADVICE"]
