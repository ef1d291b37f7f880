"""The shared shape of a game position: check, apply, undo, redo, explain, hash.

A game subclasses `BaseState` and provides:
  - ``RULES``: its `RuleRegistry`;
  - ``_candidates()``: every action worth checking now (a superset of the legal ones);
  - ``_check(action) -> Verdict``: is the action legal now, and which rule says so;
  - ``_perform(action)``: change the position (only ever called after a legal check);
  - ``copy()``, ``to_dict()`` and ``from_dict()``; ``parse_action(text)``, which passes an
    action value through and refuses anything else with `ActionSyntaxError`.

`legal_actions()` is ``_candidates()`` filtered by ``_check``, so the list and the refusals of
`apply` can never disagree. `apply` works on the position only after the check passed, and
steps back to its undo mark if anything fails midway, so an illegal or broken action changes
nothing. An undo mark (``_mark()``) is by default a copy of the position without its log and
record (those are cut back to their length on undo); a game may keep cheaper marks by
overriding ``_mark``, ``_rewind``, ``_position_at`` and ``_unmarked`` (Berserk keeps an undo
journal, berserk/undo.py). Each undo entry also keeps the dice faces given to `apply`, so
`redo` meets the same rolls.
"""
from __future__ import annotations

import hashlib
import json

from .contract import Contract, check_faces
from .errors import IllegalAction
from .log import LogEntry
from .messages import Catalog, Msg, render
from .rules import RuleRegistry, Verdict


class BaseState(Contract):
    RULES: RuleRegistry
    MESSAGES: Catalog        # the game's messages: what `_log` names by key
    GAME: str = ""
    # action kinds (an action's first field) whose candidates are exactly the legal ones
    # whenever `_candidates` offers them: `legal_actions` does not check them again
    PRECHECKED: frozenset = frozenset()
    # the game's readout module (what each action did, read from the log): last_rolls, last_step, steps
    READOUT = None
    # False on a quiet position (`quiet`: search's worlds keep no log). The rules read it before
    # the log lines they write most often, so that a quiet position does not even build them
    logs = True

    def __init__(self):
        self.log: list[LogEntry] = []
        self.actions: list = []          # the actions applied so far (the record)
        self._undo: list = []            # snapshots before each applied action
        self._redo: list = []            # actions undone, most recent last

    # --- to implement -------------------------------------------------------------------
    def _candidates(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, action) -> Verdict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _perform(self, action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def copy(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def to_dict(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def parse_action(self, text: str):  # pragma: no cover - abstract
        raise NotImplementedError

    def _restore(self, other) -> None:
        """Make self identical to `other` (a snapshot from `copy()`), keeping history stacks."""
        undo, redo = self._undo, self._redo
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)
        self._undo, self._redo = undo, redo
        self._legal = None

    # --- undo marks (a game may keep them cheaper than copies) -------------------------------
    def _mark(self):
        """What `_rewind` needs to return to the position now: a copy without log and record."""
        log, actions = self.log, self.actions
        self.log, self.actions = [], []
        try:
            return self.copy()
        finally:
            self.log, self.actions = log, actions

    def _rewind(self, mark) -> None:
        """Return to the position of `mark`, keeping the log, the record and the history stacks
        (the caller cuts log and record back)."""
        log, actions = self.log, self.actions
        self._restore(mark)
        self.log, self.actions = log, actions

    def _position_at(self, mark):
        """A new position equal to the one of `mark` (no log, record or history)."""
        return mark.clone()

    def _unmarked(self) -> None:
        """Called before an action is applied without history (a journal keeps or drops it)."""

    # --- the kept legal list ------------------------------------------------------------------
    # A game that notes, with each legal list it keeps, what the position was and can tell
    # cheaply whether it is still that position (Berserk: undo.note_listed, undo.unchanged) lets
    # `apply` with history trust an action of that list too; here nothing is noted
    def _note_listed(self) -> None:
        """Called when the position keeps its legal list (``_legal``): note what it is now."""

    def _unchanged(self) -> bool | None:
        """Is the position still the one its kept legal list was made for (no hand edit since)?
        None when the list has no note (then its actions are checked, and the list is kept)."""
        return None

    # --- the public API -----------------------------------------------------------------
    def legal_actions(self) -> list:
        """Every legal decision of whoever must decide now (a new list each time)."""
        check = self._check
        pre = self.PRECHECKED
        if pre:
            # kinds whose candidates are built from their own checks (a test compares)
            out = [a for a in self._candidates() if a[0] in pre or check(a).ok]
        else:
            out = [a for a in self._candidates() if check(a).ok]
        self._legal = out
        self._note_listed()
        return out[:]                  # the position keeps its own list (apply's fast path)

    def explain(self, action) -> Verdict:
        """Why `action` is or is not legal now, with the deciding rule id."""
        return self._check(self.parse_action(action))

    def is_legal(self, action) -> bool:
        return self.explain(action).ok

    def apply(self, action, *, history: bool = True, dice=None):
        """Apply a legal action; raise `IllegalAction` (rule id, ru, en) and change nothing else.

        `action` is an action value or its text; anything else (a number, a text that is not
        an action) raises `ActionSyntaxError` from ``parse_action``. With ``history=False``
        (replays, simulations, benchmarks) no undo snapshot is kept. ``dice`` (a tuple of die
        faces, as in `chance_outcomes`) are the faces this action's rolls show, in order, in
        place of what the queued forced dice or the seed would show; faces it does not roll
        are dropped, and undo brings the dice back as they were.
        """
        # the fast path: an action object taken from the list `legal_actions()` gave for this
        # very position (nothing was applied since, or only applied and undone: an undo mark
        # keeps the list of its position) was checked there, so it is neither parsed nor checked
        # again. Search (history=False) trusts the list as it is; with history the list is
        # trusted only when the game can tell the position was not edited by hand since it was
        # made (`_unchanged`), and dropped when it was; otherwise every action is checked
        listed = False
        legal = self.__dict__.get("_legal")
        if legal is not None:
            same = True if not history else self._unchanged()
            if same:
                for x in legal:
                    if x is action:
                        listed = True
                        break
            elif same is False:        # edited since it was made: the list is not known good now
                self._legal = None
        if not listed:
            action = self.parse_action(action)    # a refusal leaves the position (and a good list) as they were
        if dice is not None:
            dice = check_faces(dice)
        if not listed:
            verdict = self._check(action)
            if not verdict.ok:
                raise IllegalAction(verdict.rule_id, verdict.ru, verdict.en, action)
        if not history:                # no mark to step back to
            self._legal = None
            if self._redo:             # what was undone belongs to another line of play now
                self._redo.clear()
            self._unmarked()
            if dice is None:
                self._perform(action)
            else:
                self._perform_rolled(action, dice)
            self.actions.append(action)
            return self
        # the mark leaves out the log and the record: both only grow, so undo cuts them back to
        # their length now (a mark per action stays the size of what the action changes)
        mark = self._mark()            # keeps the legal list of this position, if any
        self._legal = None
        n_log, n_actions = len(self.log), len(self.actions)
        try:
            if dice is None:           # (the dice given, if any, show their faces)
                self._perform(action)
            else:
                self._perform_rolled(action, dice)
        except BaseException:
            self._rewind(mark)
            del self.log[n_log:]
            del self.actions[n_actions:]
            raise
        self.actions.append(action)
        self._undo.append((mark, n_log, n_actions, dice))
        self._redo.clear()
        return self

    def push(self, action):
        """python-chess spelling of `apply`."""
        return self.apply(action)

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self):
        """Step back one action. The dice come back too: redoing meets the same rolls (and the
        same faces when the action was applied with ``dice=``)."""
        if not self._undo:
            raise IndexError("nothing to undo")
        action = self.actions[-1]
        mark, n_log, n_actions, dice = self._undo.pop()
        self._redo.append((action, dice))
        self._rewind(mark)             # the legal list of the mark's position comes back with it
        del self.log[n_log:]
        del self.actions[n_actions:]
        return action

    def redo(self):
        """Apply again the action undone last, with the dice faces it was applied with."""
        if not self._redo:
            raise IndexError("nothing to redo")
        action, dice = self._redo.pop()
        rest = list(self._redo)   # apply() clears the redo list: keep what is left of it
        self.apply(action, dice=dice)
        self._redo = rest
        return action

    def history_start(self):
        """The position before the first action kept in the undo history, as a new position
        without log, record or history (None when there is no history); this one is unchanged."""
        if not self._undo:
            return None
        return self._position_at(self._undo[0][0])

    # --- what each action did (the game's readout module) ---------------------------------
    def last_rolls(self) -> tuple:
        """The dice the last action rolled, as the game's `Roll` values; () when it rolled none."""
        return self.READOUT.last_rolls(self)

    def last_step(self):
        """The last action and what it set off (the game's `Step`: its rolls, and wounds, deaths
        for Berserk; fights, captures, events for the City); None before any action."""
        return self.READOUT.last_step(self)

    def steps(self) -> list:
        """A `Step` for every action of the game, in order (step 0: what came before the first)."""
        return self.READOUT.steps(self)

    # --- identity ------------------------------------------------------------------------
    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of the position (log and record included)."""
        text = json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def log_text(self, lang: str = "ru") -> str:
        return "\n".join(e.line(lang) for e in self.log)

    def _log(self, rule_id: str, kind: str, key, args: dict | None = None, /, **data) -> None:
        """Log an event: `key` names a message of the game's catalog (`MESSAGES`), `args` its
        arguments; the entry renders its texts when they are first read (a `Msg` is taken too).
        ``data`` are the entry's data."""
        if rule_id and rule_id not in self.RULES._rules:
            self.RULES[rule_id]  # every logged rule id must be registered (raises)
        # LogEntry(...) without its __init__ frame (a few per action): the template and its
        # arguments are kept, no `Msg` is made
        e = _new_entry(LogEntry)
        e.rule_id, e.kind, e.data = rule_id, kind, data
        if key.__class__ is str:
            tpl = self.MESSAGES.messages.get(key)
            if tpl is None:
                raise KeyError(f"{self.MESSAGES.source} has no message {key!r}")
            if args is None:
                args = _NO_ARGS
            if Msg.EAGER:       # (tests: render now, as `Catalog.__call__` does)
                e._msg, e._args, e._ru, e._en = None, None, render(tpl.ru, "ru", **args), render(tpl.en, "en", **args)
            else:
                e._msg, e._args, e._ru, e._en = tpl, args, None, None
        else:
            e._msg, e._args, e._ru, e._en = key, None, None, None     # a `Msg`
        self.log.append(e)

    @property
    def quiet(self) -> bool:
        """A quiet position (search's worlds: ``clone(quiet=True)``, `sample_world`) records no
        log: its ``log`` stays empty and no log entry is built; the rules play the same."""
        return not self.logs


_new_entry = object.__new__
_NO_ARGS: dict = {}     # the arguments of a message without any (never written to)
