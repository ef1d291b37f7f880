"""Records with a Russian and an English text that may be rendered only when read.

`Verdict` (rules.py) and `LogEntry` (log.py) are built by the thousand in search, where nobody
reads their texts: built from a catalog message (`Msg`) they keep it and render ``ru``/``en`` on
first access. Both behave as the tuples they replaced (unpacking, indexing, equality).
"""
from __future__ import annotations


class LazyTexts:
    """A tuple-like record whose ``ru``/``en`` come from a lazy `Msg` or plain strings.

    Subclasses set ``_fields`` (the tuple's field names, ``ru`` and ``en`` among them) and fill
    ``_msg, _ru, _en`` in their ``__init__`` from `lazy_texts`.
    """

    __slots__ = ("_ru", "_en", "_msg")
    _fields: tuple = ()

    @property
    def ru(self) -> str:
        if self._ru is None:
            self._ru = self._render("ru")
        return self._ru

    @property
    def en(self) -> str:
        if self._en is None:
            self._en = self._render("en")
        return self._en

    def _render(self, lang: str) -> str:
        """The text in `lang`, made on first read (a subclass may keep more than a `Msg`)."""
        return getattr(self._msg, lang)

    def _tuple(self) -> tuple:
        return tuple(getattr(self, f) for f in self._fields)

    def __iter__(self):
        return iter(self._tuple())

    def __getitem__(self, i):
        return self._tuple()[i]

    def __len__(self) -> int:
        return len(self._fields)

    def __eq__(self, other):
        if isinstance(other, (type(self), tuple)):
            return self._tuple() == tuple(other)
        return NotImplemented

    def text(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru


def lazy_texts(ru, en):
    """``(msg, ru, en)`` for the slots: a `Msg` (``en`` None) stays unrendered."""
    if en is None and not isinstance(ru, str):
        return ru, None, None
    return None, ru, en if en is not None else ""
