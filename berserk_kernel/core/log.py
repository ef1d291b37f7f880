"""The game log: every rule-driven event names the rule that caused it."""
from __future__ import annotations

from .lazytext import LazyTexts, lazy_texts
from .messages import render


class LogEntry(LazyTexts):
    """One event: ``(rule_id, kind, ru, en, data)``. Built from a catalog message (`Msg`), or
    logged by `BaseState._log` as a catalog template and its arguments, it renders its texts
    only when they are read (search plays thousands of actions whose log nobody reads); the
    texts read are the same."""

    __slots__ = ("rule_id", "kind", "data", "_args")
    _fields = ("rule_id", "kind", "ru", "en", "data")

    def __init__(self, rule_id: str, kind: str, ru="", en=None, data: dict | None = None):
        self.rule_id = rule_id   # the rule behind the event ("" only for a player's plain action)
        self.kind = kind         # e.g. "action", "roll", "wound", "death", "turn", "shuffle"
        self._msg, self._ru, self._en = lazy_texts(ru, en)
        self._args = None        # set by `_log`: then ``_msg`` is the template (a `T`), these its arguments
        self.data = data if data is not None else {}

    def _render(self, lang: str) -> str:
        template, args = getattr(self._msg, lang), self._args
        return template if args is None else render(template, lang, **args)

    __hash__ = None   # holds a dict, like the tuple it replaces could not be hashed either

    def __repr__(self) -> str:
        return (f"LogEntry(rule_id={self.rule_id!r}, kind={self.kind!r}, ru={self.ru!r}, "
                f"en={self.en!r}, data={self.data!r})")

    def to_dict(self) -> dict:
        return {"rule": self.rule_id, "kind": self.kind, "ru": self.ru, "en": self.en, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict) -> "LogEntry":
        return cls(d["rule"], d["kind"], d["ru"], d["en"], d.get("data", {}))

    def line(self, lang: str = "ru") -> str:
        tag = f"[{self.rule_id}] " if self.rule_id else ""
        return tag + self.text(lang)


class ActionLine(LogEntry):
    """A player's action as its log line, «name: action» in both languages, with the data
    ``{"seat": seat, "action": text}``: a `LogEntry` equal to the one built from those texts,
    whose text and data are made only when first read (play logs every action, and the text of
    an action seen for the first time costs more than the rest of its entry)."""

    __slots__ = ("_who", "_seat", "_action", "_data")
    rule_id = ""          # a player's plain action names no rule
    kind = "action"

    def __init__(self, who: str, seat: int, action):
        self._who, self._seat, self._action = who, seat, action
        self._msg = self._ru = self._data = self._args = None

    def __reduce__(self):     # pickle and deepcopy (OpenSpiel serializes states): made again
        return ActionLine, (self._who, self._seat, self._action)

    @property
    def ru(self) -> str:
        line = self._ru
        if line is None:
            line = self._ru = f"{self._who}: {self._action}"
        return line

    en = ru

    @property
    def data(self) -> dict:
        d = self._data
        if d is None:
            d = self._data = {"seat": self._seat, "action": str(self._action)}
        return d
