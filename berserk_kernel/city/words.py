"""Counted nouns in Russian and English ("1 сила, 2 силы, 5 сил"; "1 force, 2 forces")."""
from __future__ import annotations

from ..core.i18n import T


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def forces(n: int, acc: bool = False) -> T:
    """`acc`: the Russian accusative, after a verb ("покупает 1 силу")."""
    one = "силу" if acc else "сила"
    return T(f"{n} {ru_plural(n, one, 'силы', 'сил')}", f"{n} force{'' if n == 1 else 's'}")


def tokens(n: int) -> T:
    """Influence tokens (жетоны Влияния)."""
    return T(f"{n} {ru_plural(n, 'жетон', 'жетона', 'жетонов')} Влияния", f"{n} influence")


def en(n: int, one: str, many: str) -> str:
    """"1 success", "3 successes"."""
    return f"{n} {one if n == 1 else many}"
