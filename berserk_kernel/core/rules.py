"""The rule registry: every rule id with a short explanation in Russian and English."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Iterator, NamedTuple

from .errors import DataError
from .i18n import T


@dataclass(frozen=True)
class Rule:
    id: str
    topic: T
    text: T
    seed: str = ""  # the seed document the rule comes from


class Verdict(NamedTuple):
    """The answer to "is this action legal now?", with the rule that decided it."""

    ok: bool
    rule_id: str
    ru: str
    en: str

    def text(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru

    def __str__(self) -> str:  # pragma: no cover - convenience
        return f"{'legal' if self.ok else 'illegal'} ({self.rule_id}): {self.en}"


class RuleRegistry:
    """All rules of one game, by id."""

    def __init__(self, rules: list[Rule]):
        self._rules = {r.id: r for r in rules}
        self._ok = {r.id: Verdict(True, r.id, r.text.ru, r.text.en) for r in rules}
        if len(self._rules) != len(rules):
            raise ValueError("duplicate rule id")

    @classmethod
    def from_package(cls, package: str, name: str = "rules.toml") -> "RuleRegistry":
        """Load ``[[rule]]`` tables (id, seed, topic_ru/topic_en, ru, en) from a package file."""
        source = f"{package}/{name}"
        data = tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))
        rules = []
        for i, r in enumerate(data.get("rule", [])):
            for key in ("id", "topic_ru", "topic_en", "ru", "en"):
                if not isinstance(r.get(key), str) or not r[key].strip():
                    raise DataError(source, f"rule[{r.get('id', i)}].{key}", "missing or empty")
            rules.append(Rule(r["id"], T(r["topic_ru"], r["topic_en"]), T(r["ru"], r["en"]),
                              r.get("seed", "")))
        return cls(rules)

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._rules

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"unknown rule id {rule_id!r}") from None

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)

    def ok(self, rule_id: str, ru: str = "", en: str = "") -> Verdict:
        """A legal verdict decided by `rule_id` (text defaults to the rule's own)."""
        if not ru and not en:
            try:
                return self._ok[rule_id]
            except KeyError:
                raise KeyError(f"unknown rule id {rule_id!r}") from None
        r = self[rule_id]
        return Verdict(True, rule_id, ru or r.text.ru, en or r.text.en)

    def no(self, rule_id: str, ru: str, en: str) -> Verdict:
        """An illegal verdict; the id must be registered."""
        self[rule_id]
        return Verdict(False, rule_id, ru, en)
