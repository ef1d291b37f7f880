"""Sentences of the bots' pages (notebooks/50_openspiel.ipynb) from the catalog
bots/data/messages.toml, one language at a time."""
from __future__ import annotations

from ..core.messages import catalog

M = catalog("berserk_kernel.bots")


def text(key: str, lang: str = "ru", **kw) -> str:
    """The message `nb_<key>` in `lang`."""
    return M(f"nb_{key}", **kw).get(lang)


def say(key: str, lang: str = "ru", **kw) -> None:
    """Print the message `nb_<key>` in `lang`."""
    print(text(key, lang, **kw))
