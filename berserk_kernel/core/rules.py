"""The rule registry: every rule id with a short explanation in Russian and English."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Iterator

from .errors import DataError
from .i18n import T
from .lazytext import LazyTexts, lazy_texts


@dataclass(frozen=True)
class Rule:
    id: str
    topic: T
    text: T
    seed: str = ""  # the seed document the rule comes from


class Verdict(LazyTexts):
    """The answer to "is this action legal now?", with the rule that decided it.

    Behaves as the tuple ``(ok, rule_id, ru, en)``; a refusal built from a message catalog
    (`Msg`) renders its texts only when they are read (legal-action lists refuse many
    candidates whose texts nobody reads)."""

    __slots__ = ("ok", "rule_id")
    _fields = ("ok", "rule_id", "ru", "en")

    def __init__(self, ok: bool, rule_id: str, ru="", en=None):
        self.ok, self.rule_id = ok, rule_id
        self._msg, self._ru, self._en = lazy_texts(ru, en)

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __bool__(self) -> bool:   # a tuple of four is always true; so is a verdict
        return True

    def __repr__(self) -> str:
        return f"Verdict(ok={self.ok!r}, rule_id={self.rule_id!r}, ru={self.ru!r}, en={self.en!r})"

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

    def ok(self, rule_id: str, ru="", en: str | None = "") -> Verdict:
        """A legal verdict decided by `rule_id` (text defaults to the rule's own); `ru` may be
        a lazy catalog message (`Msg`) standing for both texts."""
        if not isinstance(ru, str):
            self[rule_id]
            return Verdict(True, rule_id, ru)
        if not ru and not en:
            try:
                return self._ok[rule_id]
            except KeyError:
                raise KeyError(f"unknown rule id {rule_id!r}") from None
        r = self[rule_id]
        return Verdict(True, rule_id, ru or r.text.ru, en or r.text.en)

    def no(self, rule_id: str, ru, en: str | None = None) -> Verdict:
        """An illegal verdict; the id must be registered. `ru` may be a lazy catalog message
        (`Msg`, rendered when read) standing for both texts."""
        if rule_id not in self._rules:
            raise KeyError(f"unknown rule id {rule_id!r}")
        return Verdict(False, rule_id, ru, en)
