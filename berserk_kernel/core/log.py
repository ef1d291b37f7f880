"""The game log: every rule-driven event names the rule that caused it."""
from __future__ import annotations


class LogEntry:
    """One event: ``(rule_id, kind, ru, en, data)``. Built from a catalog message (`Msg`) it
    renders its texts only when they are read (search plays thousands of actions whose log
    nobody reads); the texts read are the same."""

    __slots__ = ("rule_id", "kind", "_ru", "_en", "_msg", "data")
    _fields = ("rule_id", "kind", "ru", "en", "data")

    def __init__(self, rule_id: str, kind: str, ru="", en=None, data: dict | None = None):
        self.rule_id = rule_id   # the rule behind the event ("" only for a player's plain action)
        self.kind = kind         # e.g. "action", "roll", "wound", "death", "turn", "shuffle"
        if en is None and not isinstance(ru, str):   # a lazy message
            self._msg, self._ru, self._en = ru, None, None
        else:
            self._msg, self._ru, self._en = None, ru, en if en is not None else ""
        self.data = data if data is not None else {}

    @property
    def ru(self) -> str:
        if self._ru is None:
            self._ru = self._msg.ru
        return self._ru

    @property
    def en(self) -> str:
        if self._en is None:
            self._en = self._msg.en
        return self._en

    def _tuple(self) -> tuple:
        return (self.rule_id, self.kind, self.ru, self.en, self.data)

    def __iter__(self):
        return iter(self._tuple())

    def __getitem__(self, i):
        return self._tuple()[i]

    def __len__(self) -> int:
        return 5

    def __eq__(self, other):
        if isinstance(other, (LogEntry, tuple)):
            return self._tuple() == tuple(other)
        return NotImplemented

    __hash__ = None   # holds a dict, like the tuple it replaces could not be hashed either

    def __repr__(self) -> str:
        return (f"LogEntry(rule_id={self.rule_id!r}, kind={self.kind!r}, ru={self.ru!r}, "
                f"en={self.en!r}, data={self.data!r})")

    def text(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru

    def to_dict(self) -> dict:
        return {"rule": self.rule_id, "kind": self.kind, "ru": self.ru, "en": self.en, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict) -> "LogEntry":
        return cls(d["rule"], d["kind"], d["ru"], d["en"], d.get("data", {}))

    def line(self, lang: str = "ru") -> str:
        tag = f"[{self.rule_id}] " if self.rule_id else ""
        return tag + self.text(lang)
