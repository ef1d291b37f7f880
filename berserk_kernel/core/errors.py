"""Errors of the kernel. Every error names what was wrong, in Russian and English.

The one contract for bad input (docs/notation.md, "Bad input"):

* `DataError` (a `ValueError`): a file, a pasted text or a table the kernel cannot use. It
  names the ``source`` (a file name, ``"<paste>"``, ``"<data>"``, ``"<action>"``...) and the
  ``field`` inside it (``players[0].gold``), in both languages.
* `ActionSyntaxError` (a `DataError`): an action that cannot even be read, such as
  ``"move #² c3"`` or ``Action("end", 1, 1, 3)``.
* `IllegalAction` (a `ValueError` too): a well-formed action that the rules forbid now; it
  carries the id of the deciding rule.

A refused load or action changes nothing.
"""
from __future__ import annotations


class KernelError(Exception):
    """Base class of every error the kernel raises on purpose."""

    ru: str = ""
    en: str = ""

    def text(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru


class IllegalAction(KernelError, ValueError):
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

    `source` is the file (or "<data>", "<paste>"), `field` the path inside it, e.g.
    ``cards[guard].lives``.
    """

    def __init__(self, source: str, field: str, en: str, ru: str | None = None):
        self.source = source
        self.field = field
        self.en = en
        self.ru = ru or en
        super().__init__(self.where() + f": {en}")

    @classmethod
    def of(cls, source: str, field: str, text) -> "DataError":
        """The error with a catalog's message `text` (anything with ``.ru`` and ``.en``: a
        `T` or a `Msg`): ``raise DataError.of(source, "cards[0].cell", M("cell_needed"))``."""
        return cls(source, field, text.en, text.ru)

    def where(self) -> str:
        return f"{self.source}: {self.field}" if self.field else self.source

    def line(self, lang: str = "ru") -> str:
        """``source: field: message`` in one language (what the CLIs print)."""
        return f"{self.where()}: {self.text(lang)}"


class ActionSyntaxError(DataError):
    """An action text (or value) that is not an action at all: the notation cannot be read.

    ``source`` is ``"<action>"`` (or the record file) and ``field`` ``"action"`` (or
    ``actions[i]`` in a record)."""
