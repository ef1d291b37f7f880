"""Configurable readings of the rules: the rulings R-CITY-END, R-CITY-COST and R-CITY-HQ.

The defaults are the project's rulings (docs/rulings.md); each field changes one of them.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..core.errors import DataError
from ..core.messages import catalog

M = catalog("berserk_kernel.city")

COST_TIERS = ("turn", "owned")


def _error(source: str, field: str, msg: str, **kw) -> DataError:
    """A `DataError` with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    return DataError(source, field, m.en, m.ru)


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
            raise _error(source, field, "options_not_table")
        known = {f.name for f in fields(cls)}
        for key in value:
            if key not in known:
                raise _error(source, f"{field}.{key}", "option_unknown", known=", ".join(sorted(known)))
        opts = cls(**value)
        checks = [
            ("rounds", isinstance(opts.rounds, int) and not isinstance(opts.rounds, bool) and opts.rounds >= 1,
             "option_rounds"),
            ("target_districts", opts.target_districts is None or (
                isinstance(opts.target_districts, int) and opts.target_districts >= 2),
             "option_target_districts"),
            ("cost_tiers", opts.cost_tiers in COST_TIERS,
             "option_cost_tiers"),
            ("hq_income", isinstance(opts.hq_income, int) and not isinstance(opts.hq_income, bool)
             and opts.hq_income >= 0, "option_hq_income"),
        ]
        for name, good, msg in checks:
            if not good:
                raise _error(source, f"{field}.{name}", msg, got=repr(getattr(opts, name)))
        return opts
