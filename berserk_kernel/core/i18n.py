"""Bilingual text. Russian is the default language for rules text."""
from __future__ import annotations

from typing import NamedTuple

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"


class T(NamedTuple):
    """A text in Russian and English."""

    ru: str
    en: str

    def get(self, lang: str = DEFAULT_LANG) -> str:
        return self.en if lang == "en" else self.ru

    def format(self, **kw) -> "T":
        return T(self.ru.format(**kw), self.en.format(**kw))

    def to_dict(self) -> dict:
        return {"ru": self.ru, "en": self.en}

    @classmethod
    def from_dict(cls, d) -> "T":
        if isinstance(d, T):
            return d
        if isinstance(d, str):
            return cls(d, d)
        return cls(d["ru"], d["en"])
