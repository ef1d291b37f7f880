"""Configurable readings of the rules: the rulings R-CITY-END, R-CITY-COST and R-CITY-HQ.

The defaults are the project's rulings (docs/rulings.md); each field changes one of them.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..core.errors import DataError

COST_TIERS = ("turn", "owned")


@dataclass(frozen=True)
class CityOptions:
    rounds: int = 10                      # R-CITY-END: the game ends after this many rounds
    target_districts: int | None = None   # R-CITY-END: win at once with this many districts
    cost_tiers: str = "turn"              # R-CITY-COST: "turn" (bought this turn) or "owned"
    hq_income: int = 1                    # R-CITY-HQ: extra influence from a held headquarters

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_any(cls, value, source: str = "<options>", field: str = "options") -> "CityOptions":
        """Accept None, a CityOptions or a dict; refuse unknown keys and bad values by name."""
        if value is None:
            return cls()
        if isinstance(value, cls):
            return value
        if not isinstance(value, dict):
            raise DataError(source, field, "expected a table of options", "ожидалась таблица настроек")
        known = {f.name for f in fields(cls)}
        for key in value:
            if key not in known:
                raise DataError(source, f"{field}.{key}", f"unknown option (known: {', '.join(sorted(known))})",
                                f"неизвестная настройка (известны: {', '.join(sorted(known))})")
        opts = cls(**value)
        checks = [
            ("rounds", isinstance(opts.rounds, int) and not isinstance(opts.rounds, bool) and opts.rounds >= 1,
             "a whole number of rounds, at least 1", "целое число раундов, не меньше 1"),
            ("target_districts", opts.target_districts is None or (
                isinstance(opts.target_districts, int) and opts.target_districts >= 2),
             "null or a whole number of districts, at least 2", "null или целое число районов, не меньше 2"),
            ("cost_tiers", opts.cost_tiers in COST_TIERS,
             "one of 'turn', 'owned'", "одно из 'turn', 'owned'"),
            ("hq_income", isinstance(opts.hq_income, int) and not isinstance(opts.hq_income, bool)
             and opts.hq_income >= 0, "a whole number, at least 0", "целое число, не меньше 0"),
        ]
        for name, good, en, ru in checks:
            if not good:
                raise DataError(source, f"{field}.{name}", f"expected {en}, got {getattr(opts, name)!r}",
                                f"ожидалось: {ru}; получено {getattr(opts, name)!r}")
        return opts
