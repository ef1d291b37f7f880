"""Playing against the computer, the hint and the game review over an app's controller (no
widgets; the panel is widgets/bot_panel.py).

    bp = BotPlay(controller, on_change=app.refresh)
    bp.start(human=0, level="easy")   # the computer plays every other seat
    bp.hint()                         # the suggested action for the player to move
    bp.analyse()                      # every move of the game: its loss in win chance
    bp.cancel(); bp.wait()            # stop the search under way

The computer thinks in a background thread over a copy of the position, so the page stays
responsive; `progress` (0..1) tells how far it is, `cancel()` stops it within a playout and
leaves the game as it was. While it thinks about its move the player's clicks and actions are
refused politely (`controller.hold`). Its move is first lit on the board (`controller.consider`)
for `show_s` seconds, then played and said in the message line. `undo()` takes the game back to
the player's last decision.
"""
from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field


from . import bot_advice as advice
from .i18n import kind_word, w


@dataclass
class Task:
    """One search under way: a bot's move, a hint or a review."""

    kind: str                      # "move" | "hint" | "review"
    version: int                   # the controller's position version it was started for
    stop: threading.Event = field(default_factory=threading.Event)
    progress: float = 0.0
    thread: threading.Thread | None = None
    done: bool = False             # set by the thread as its last step (before the last notice)


@dataclass
class Reviewed:
    """A move of the review, with its words in both languages."""

    index: int
    seat: int
    who: str
    label: dict
    best_label: dict
    loss: float
    mark: str
    win_before: float
    win_after: float


HIDDEN_ZONES = frozenset(("deck", "deal", "squad", "hand", "removed"))
CARD_REF = re.compile(r"#(\d+)")
MARK_SIGN = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


class BotPlay:
    """The computer opponent of one controller (see the module)."""

    def __init__(self, controller, on_change=None, show_s: float = 0.6, seed: int = 0):
        self.c = controller
        self.on_change = on_change          # called (from any thread) after every visible change
        self.show_s = show_s
        self.seed = seed
        self.bots: frozenset = frozenset()  # who the computer plays (`player_id`: a Berserk seat
                                            # can change its index when the first player is chosen)
        self.level = "easy"
        self.task: Task | None = None
        self.advice = None                  # the last hint (advice.Advice) and its position version
        self.advice_version = -1
        self.advice_odds = None             # advice.explain of the hint's action (exact odds), or None
        self.reviewed: list[Reviewed] | None = None
        self.last_bot_action = None
        self.errors: list[str] = []
        self.lock = controller.lock        # the controller's: one change of the position at a time
        controller.hold = self.hold_reason
        controller.log_filter = self.log_visible
        controller.listeners.append(self.on_position)

    # --- settings ----------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return bool(self.bots)

    def seats(self) -> int:
        return advice_players(self.c.state)

    def start(self, human: int, level: str = "easy") -> None:
        """The computer plays every seat but `human`, at `level`; it moves at once if it is to."""
        if level not in advice.LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.cancel()
        self.level = level
        st = self.c.state
        self.bots = frozenset(player_id(st, p) for p in range(self.seats()) if p != human)
        self._follow()
        self.c.message = None
        self.think()

    @property
    def bot_seats(self) -> frozenset:
        """The seats (indices) the computer plays now."""
        st = self.c.state
        return frozenset(p for p in range(self.seats()) if player_id(st, p) in self.bots)

    @bot_seats.setter
    def bot_seats(self, seats) -> None:
        st = self.c.state
        self.bots = frozenset(player_id(st, p) for p in seats)

    def _follow(self) -> None:
        """Berserk: the board is seen from the player's seat (wherever its index went)."""
        if self.c.GAME == "berserk":
            self.c.set_viewer(self.human if self.active else None)

    def stop(self) -> None:
        """Back to a game of people at one screen."""
        self.cancel()
        self.bots = frozenset()
        self._follow()
        self._notify()

    @property
    def human(self):
        free = [p for p in range(self.seats()) if p not in self.bot_seats]
        return free[0] if free else None

    # --- state -------------------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        s = self.c.state
        return self.active and not is_over(s) and to_move(s) in self.bot_seats

    @property
    def busy(self) -> bool:
        t = self.task
        return t is not None and t.thread is not None and not t.done and t.thread.is_alive()

    @property
    def thinking(self) -> bool:
        """The computer is choosing its own move (the player waits)."""
        return self.task is not None and self.task.kind == "move" and self.busy

    def hold_reason(self):
        """(ru, en) while the player must wait for the computer, else None (controller.hold)."""
        if self.bot_to_move():
            return w("bot_wait", "ru"), w("bot_wait", "en")
        return None

    # --- running a search --------------------------------------------------------------------
    def _run(self, kind: str, work) -> Task:
        self.cancel()
        task = Task(kind, self.c.version)
        self.task = task

        def progress(f: float) -> None:
            if f - task.progress >= 0.05 or f >= 1.0 or f < task.progress:
                task.progress = f
                self._notify()

        def body() -> None:
            try:
                work(task, progress, task.stop.is_set)
            except advice.Cancelled:
                pass
            except Exception as exc:  # noqa: BLE001 - a failed search must not kill the page
                self.errors.append(f"{type(exc).__name__}: {exc}")
                self.c._say("error", "", w("bot_failed", "ru", why=exc), w("bot_failed", "en", why=exc))
            finally:
                task.done = True
                if self.task is task:
                    task.progress = 1.0
                self._notify()

        task.thread = threading.Thread(target=body, name=f"bot-{kind}", daemon=True)
        task.thread.start()
        return task

    def cancel(self) -> bool:
        """Stop the search under way (the game is left as it is). True if one was stopped."""
        t = self.task
        if t is None or t.thread is None or not t.thread.is_alive():
            return False
        t.stop.set()
        if t.thread is not threading.current_thread():
            t.thread.join(timeout=5)
        return True

    def user_cancel(self) -> None:
        """«Cancel» pressed: stop the search; a cancelled move of the computer stays to be made
        (the board waits for «Let the computer move»)."""
        kind = self.task.kind if self.task else ""
        if self.cancel():
            self.c._say("info", "", w("bot_cancelled", "ru"), w("bot_cancelled", "en"))
            if kind == "move":
                self.paused = True
        self._notify()

    paused = False

    def wait(self, timeout: float = 120.0) -> None:
        """Block until no search is under way (tests; the page never waits)."""
        deadline = time.monotonic() + timeout
        while True:
            t = self.task
            if t is None or t.thread is None:
                return
            t.thread.join(timeout=max(0.0, deadline - time.monotonic()))
            if self.task is t or time.monotonic() >= deadline:
                if t.thread.is_alive():
                    raise TimeoutError("the computer is still thinking")
                return

    def _notify(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception as exc:  # noqa: BLE001
                self.errors.append(f"{type(exc).__name__}: {exc}")

    # --- the computer's moves -------------------------------------------------------------
    def think(self) -> bool:
        """Start the computer's moves if it is to move and not thinking yet: it plays until the
        player is to move (or the game is over), each move searched anew."""
        self.paused = False
        if not self.bot_to_move() or self.busy:
            return False

        def work(task, progress, stop):
            while self.bot_to_move() and not stop():
                with self.lock:
                    task.version, task.progress = self.c.version, 0.0
                    state = self.c.state.copy()
                bot = advice.make_bot(self.level, self.seed + len(state.actions))
                action = bot.step(state, progress=progress, cancel=stop)
                for show in (True, False):
                    with self.lock:
                        if self.c.version != task.version or stop():
                            return
                        shown = show and self.on_board(action) and not self.secret(action)   # a hidden card: not lit
                        if shown:
                            self.c.consider(action)
                        elif not show:
                            self._play(action)
                    if shown or not show:
                        self._notify()
                    if shown and self.show_s:
                        task.stop.wait(self.show_s)

        self._run("move", work)
        return True

    def _play(self, action) -> None:
        c = self.c
        who = {lang: self._who(to_move(c.state), lang) for lang in ("ru", "en")}
        if self.secret(action):
            labels = {lang: w("bot_secret", lang, kind=kind_word(kind_of(action), lang))
                      for lang in ("ru", "en")}
        else:
            labels = {lang: c.action_label(action, lang) for lang in ("ru", "en")}
        if c.apply(action, by_bot=True):
            self.last_bot_action = action
            c._say("done", "", w("bot_did", "ru", who=who["ru"], what=labels["ru"]),
                   w("bot_did", "en", who=who["en"], what=labels["en"]))

    def on_board(self, action) -> bool:
        """The action has something to light on the board (a card in play, a cell, a district)."""
        if self.c.GAME == "city":
            return bool(action.dst)
        uids = [action.card, action.other, *(getattr(action, "targets", ()) or ())]
        return action.cell is not None or any(isinstance(u, int) and self.c.on_board(u) for u in uids)

    def secret(self, action) -> bool:
        """The action names a card the player cannot see (the computer's deal, squad, a card
        placed face down): its message then says only what kind of action it was."""
        if self.c.GAME == "city":
            return False
        s = self.c.state
        for u in (action.card, action.other):
            card = s.cards.get(u) if isinstance(u, int) else None
            if card is not None and card.owner in self.bot_seats and (
                    card.face_down or not self.c.on_board(u) or action.kind == "place"):
                return True
        return False

    def hidden_card(self, uid) -> bool:
        """A Berserk card of the computer the player cannot see now (its deck, deal, squad, hand,
        or face down on the board)."""
        s = self.c.state
        card = s.cards.get(uid) if self.c.GAME == "berserk" and isinstance(uid, int) else None
        if card is None or player_id(s, card.owner) not in self.bots:
            return False
        return card.face_down if self.c.on_board(uid) else card.zone in HIDDEN_ZONES

    def log_visible(self, entry) -> bool:
        """May the player read this log line (it names none of the computer's hidden cards)?"""
        if not self.active:
            return True
        d = entry.data or {}
        uids = [d.get("card"), d.get("other")] + [int(x) for x in CARD_REF.findall(str(d.get("action", "")))]
        return not any(self.hidden_card(u) for u in uids)

    def on_position(self, _controller=None) -> None:
        """A listener of the controller: after the player's move, the computer answers."""
        if self.active:
            self._follow()
        if self.bot_to_move() and not self.busy and not self.paused:
            self.think()

    def _who(self, seat, lang) -> str:
        return seat_name(self.c, seat, lang)

    def undo(self) -> bool:
        """Back to the player's last decision: undo the computer's moves after it and that
        decision. Hot-seat: one undo."""
        if not self.active:
            return self.c.undo()
        self.cancel()
        self.paused = True
        with self.lock:
            s, done = self.c.state, False
            while s.can_undo():
                self.c.undo()
                done = True
                if not is_over(s) and to_move(s) not in self.bot_seats:
                    break
        self.paused = True
        self._notify()
        return done

    def new_game(self, state) -> None:
        """The controller over a new game; the computer moves first if it is to."""
        self.cancel()
        self.paused = False
        self.reviewed = None
        self.advice = None
        self.c.reset(state)

    # --- the hint ----------------------------------------------------------------------------
    def hint(self) -> bool:
        """Search for the player to move; when done, light the suggested action."""
        s = self.c.state
        if is_over(s) or self.bot_to_move():
            return False
        state = s.copy()
        level = "normal" if self.level == "easy" else self.level
        self.advice = None                  # a new search replaces the last hint
        self.c.considered = None

        def work(task, progress, stop):
            adv = advice.suggest(state, level=level, seed=self.seed, progress=progress, cancel=stop)
            with self.lock:
                if self.c.version != task.version or stop():
                    return
                self.advice, self.advice_version = adv, task.version
                self.advice_odds = advice.explain(state, adv.action, to_move(state))
                self.c.consider(adv.action)

        self._run("hint", work)
        return True

    def current_advice(self):
        """The hint for this position (None once the position has changed)."""
        return self.advice if self.advice is not None and self.advice_version == self.c.version else None

    def hint_text(self, lang: str) -> str:
        """The hint in plain words: the action, the exact odds of its roll (if it rolls), how the
        computer chose it and its estimated chance to win, the second-best move, the rules."""
        adv = self.current_advice()
        if adv is None:
            return ""
        parts = [w("hint_says", lang, what=self.c.action_label(adv.action, lang)),
                 advice.why_words(adv, self.advice_odds, self.c.action_label, lang)]
        odds = self.advice_odds
        rules = list(adv.rule_ids) or (list(odds[1]) if odds is not None else [])
        if rules:
            parts.append(w("hint_rule" if len(rules) == 1 else "hint_rules", lang, rules=", ".join(rules)))
        return " ".join(parts)

    # --- the review --------------------------------------------------------------------------
    def analyse(self, record=None) -> bool:
        """Review the game played so far (or `record`): each move's loss in win chance against
        the computer's choice. The result goes to `reviewed`."""
        if record is None:
            record = record_of(self.c.state)
        start = start_of(record)
        actions = [start.parse_action(a) if isinstance(a, str) else a for a in record["actions"]]
        self.reviewed = None

        def work(task, progress, stop):
            rows = advice.review(record, level="easy", seed=self.seed, progress=progress, cancel=stop)
            self.reviewed = self._words(start, actions, rows)

        self._run("review", work)
        return True

    def _words(self, start, actions, rows) -> list[Reviewed]:
        ctrl = type(self.c)
        s = start.copy()
        out = []
        for i, a in enumerate(actions):
            r = rows[i] if i < len(rows) else None
            if r is not None:
                view = ctrl(s, "ru")
                label = {lang: view.action_label(a, lang) for lang in ("ru", "en")}
                best = {lang: view.action_label(r.best, lang) for lang in ("ru", "en")}
                who = {lang: seat_name(view, r.seat, lang) for lang in ("ru", "en")}
                out.append(Reviewed(i, r.seat, who, label, best, r.loss, r.mark, r.win_before, r.win_after))
            s.apply(a)
        return out

    def review_line(self, r: Reviewed, lang: str) -> str:
        sign = MARK_SIGN.get(r.mark, "")
        line = f"{r.index + 1}. {r.who[lang]}: {r.label[lang]}{(' ' + sign) if sign else ''}"
        if r.mark != "good":
            line += " — " + w("review_loss", lang, mark=w("mark_" + r.mark, lang), loss=f"{r.loss * 100:.0f}",
                              best=r.best_label[lang])
        return line


# --- small readings of a controller's game ----------------------------------------------------

def advice_players(state) -> int:
    """How many players (the kernel's contract when there, else each game's own word)."""
    n = getattr(state, "num_players", None)
    if callable(n):
        return n()
    return state.players if state.GAME == "city" else 2


def to_move(state):
    """The player to move, None when the game is over."""
    if is_over(state):
        return None
    f = getattr(state, "current_player", None)
    return f() if callable(f) else state.to_move


def is_over(state) -> bool:
    return state.phase == "over"


def kind_of(action) -> str:
    return getattr(action, "kind", None) or action.verb


def player_id(state, seat: int):
    """Who sits at `seat`: Berserk seats are re-ordered once the first player is chosen (seat 0
    always moves first), so a Berserk player is its name; a City player its index."""
    if state.GAME == "berserk":
        return state.seats[seat].name
    return seat


def seat_name(controller, seat, lang: str) -> str:
    if seat is None:
        return ""
    if controller.GAME == "city":
        return controller.name(seat, lang)
    return controller.seat_name(seat)


def record_of(state) -> dict:
    """The game's record from its start (ValueError when it started from a prepared position)."""
    if state.GAME == "berserk":
        from berserk_kernel.berserk.record import make_record
        return make_record(state)
    from berserk_kernel.city.record import record_of as city_record
    return city_record(state)


def start_of(record: dict):
    if record.get("game") == "berserk":
        from berserk_kernel.berserk.record import start_of as b_start
        return b_start(record, "<record>")
    from berserk_kernel.city.record import start_of as c_start
    return c_start(record, "<record>")
