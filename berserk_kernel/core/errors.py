"""Errors of the kernel. Every error names what was wrong, in Russian and English."""
from __future__ import annotations


class KernelError(Exception):
    """Base class of every error the kernel raises on purpose."""

    ru: str = ""
    en: str = ""

    def text(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru


class IllegalAction(KernelError):
    """An action the rules forbid now. Carries the id of the deciding rule.

    The state that refused it is unchanged.
    """

    def __init__(self, rule_id: str, ru: str, en: str, action=None):
        self.rule_id = rule_id
        self.ru = ru
        self.en = en
        self.action = action
        super().__init__(f"{rule_id}: {en}")


class DataError(KernelError, ValueError):
    """Bad input data: a card file, scenario, record, map or event deck.

    `source` is the file (or "<data>"), `field` the path inside it, e.g. ``cards[guard].lives``.
    """

    def __init__(self, source: str, field: str, en: str, ru: str | None = None):
        self.source = source
        self.field = field
        self.en = en
        self.ru = ru or en
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {en}")
