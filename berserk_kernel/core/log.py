"""The game log: every rule-driven event names the rule that caused it."""
from __future__ import annotations

from typing import NamedTuple


class LogEntry(NamedTuple):
    rule_id: str   # the rule behind the event ("" only for a player's plain action)
    kind: str      # e.g. "action", "roll", "wound", "death", "turn", "shuffle"
    ru: str
    en: str
    data: dict = {}

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
