"""Message catalogs: the sentences the kernel writes, as Russian and English templates in TOML.

A catalog is a TOML file of tables, one per message, each with `ru` and `en` templates in
`str.format` syntax with named placeholders. The format spec of a placeholder chooses words:

- `{n:wound}`        a number with its noun from `words.NOUNS`: «2 раны» / "2 wounds";
- `{n:wound.acc}`    the same in the Russian accusative: «получает 1 рану»;
- `{n:раз|раза|раз}` the word form agreeing with `n` (ru: one|few|many, en: one|other), no number;
- `{card}`           a card (anything with `name: T` and `gender`): its name in the language;
- `{card:уничтожен|уничтожена|уничтожено|уничтожены}`  the form agreeing with its gender (m|f|n|pl);
- a `T` value, a `Msg` not rendered yet or a `Joined` list of them gives its text in the
  language; anything else is formatted as usual.

>>> cat = Catalog.from_text('[hit]\\nru = "«{card}» {card:получил|получила|получило|получили} {n:wound.acc}."\\n'
...                         'en = "{card} takes {n:wound}."', "demo")
>>> cat("hit", card=Named(T("Лиса", "Fox"), "f"), n=1)
T(ru='«Лиса» получила 1 рану.', en='Fox takes 1 wound.')
>>> cat("hit", card=Named(T("Волк", "Wolf")), n=22).ru
'«Волк» получил 22 раны.'
"""
from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .i18n import LANGS, T
from .words import GENDERS, NOUNS, count, gendered, number, plural


@dataclass(frozen=True)
class Named:
    """A name with the Russian grammatical gender (m, f, n, pl) it agrees with."""

    name: T
    gender: str = "m"


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec: str):
        lang = self.lang
        if isinstance(value, (T, Msg, Joined)):
            return format(value.get(lang), spec)
        if hasattr(value, "gender") and isinstance(getattr(value, "name", None), T):
            if "|" in spec:
                return gendered(value.gender, spec.split("|")) if lang == "ru" else spec.split("|")[0]
            return format(value.name.get(lang), spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and spec:
            if "|" in spec:
                return plural(value, spec.split("|"), lang)
            word, _, case = spec.partition(".")
            if word in NOUNS:
                return count(value, word, lang, case or "nom")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not spec:
            return number(value, lang)
        return super().format_field(value, spec)


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGS}


@lru_cache(maxsize=None)
def _compiled(template: str) -> tuple | None:
    """The template cut once into (literal, name, spec) parts; None when it uses anything beyond
    plain named fields with a spec (attributes, indexes, conversions, nested fields), which the
    full formatter then handles."""
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (conversion or not name.isidentifier() or "{" in (spec or "")):
            return None
        parts.append((literal, name, spec or ""))
    return tuple(parts)


def render(template: str, lang: str, **kw) -> str:
    """One template in one language."""
    parts = _compiled(template)
    formatter = _FORMATTERS[lang]
    if parts is None:
        return formatter.format(template, **kw)
    out = []
    for literal, name, spec in parts:
        out.append(literal)
        if name is not None:
            out.append(formatter.format_field(kw[name], spec))
    return "".join(out)


class Msg:
    """A message not rendered yet: the template and its arguments, rendered in a language on
    first access (``.ru``, ``.en``, ``get(lang)``) and kept. Search builds thousands of refusals
    and log lines nobody reads; the texts read are exactly those `Catalog.__call__` gives."""

    __slots__ = ("tpl", "kw", "_ru", "_en")
    EAGER = False   # tests set it to render at once and compare with the lazy texts

    def __init__(self, tpl: T, kw: dict):
        self.tpl, self.kw, self._ru, self._en = tpl, kw, None, None
        if Msg.EAGER:
            self.ru, self.en  # noqa: B018 - render now

    @property
    def ru(self) -> str:
        if self._ru is None:
            self._ru = render(self.tpl.ru, "ru", **self.kw)
        return self._ru

    @property
    def en(self) -> str:
        if self._en is None:
            self._en = render(self.tpl.en, "en", **self.kw)
        return self._en

    def get(self, lang: str = "ru") -> str:
        return self.en if lang == "en" else self.ru

    def __iter__(self):
        yield self.ru
        yield self.en

    def t(self) -> T:
        return T(self.ru, self.en)

    def __repr__(self) -> str:
        return f"Msg({self.ru!r}, {self.en!r})"


_new_msg = object.__new__


class Joined:
    """Texts (`T` or `Msg`) joined by a separator in the language asked, rendered only then:
    ``M.lazy("payment", parts=Joined([M.lazy("pay_close"), ...]))`` builds no text in search."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts, sep: str = ", "):
        self.parts, self.sep = tuple(parts), sep

    def get(self, lang: str = "ru") -> str:
        return self.sep.join(p.get(lang) for p in self.parts)

    def __repr__(self) -> str:
        return f"Joined({list(self.parts)!r}, {self.sep!r})"


class Catalog:
    """A set of messages by key; calling it renders one message in both languages as a `T`;
    `lazy` gives the same message as a `Msg` rendered only when read."""

    def __init__(self, messages: dict[str, T], source: str):
        self.messages = messages
        self.source = source

    @classmethod
    def from_text(cls, text: str, source: str) -> "Catalog":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{source}: not valid TOML: {e}") from None
        out = {}
        for key, m in data.items():
            if not isinstance(m, dict) or set(m) != {"ru", "en"} or not all(isinstance(v, str) for v in m.values()):
                raise ValueError(f"{source}: message {key!r} needs exactly the strings ru and en")
            out[key] = T(m["ru"], m["en"])
        return cls(out, source)

    def __call__(self, key: str, **kw) -> T:
        try:
            m = self.messages[key]
        except KeyError:
            raise KeyError(f"{self.source} has no message {key!r}") from None
        return T(render(m.ru, "ru", **kw), render(m.en, "en", **kw))

    def lazy(self, key: str, **kw) -> Msg:
        tpl = self.messages.get(key)
        if tpl is None:
            raise KeyError(f"{self.source} has no message {key!r}")
        if Msg.EAGER:
            return Msg(tpl, kw)
        # Msg(tpl, kw) without its __init__ frame (a few per action in search)
        m = _new_msg(Msg)
        m.tpl, m.kw, m._ru, m._en = tpl, kw, None, None
        return m

    def placeholders(self, key: str, lang: str) -> set[str]:
        """The names a message's template uses (for tests of the catalogs)."""
        tpl = self.messages[key].get(lang)
        return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(tpl) if f}


@lru_cache(maxsize=None)
def catalog(package: str, name: str = "data/messages.toml") -> Catalog:
    """The catalog of a game package, loaded once."""
    text = resources.files(package).joinpath(name).read_text("utf-8")
    return Catalog.from_text(text, f"{package.replace('.', '/')}/{name}")


__all__ = ["Catalog", "Joined", "Msg", "Named", "catalog", "render", "GENDERS"]
