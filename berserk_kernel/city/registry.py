"""The rule registry of Battle for the City (every CITY- id and the R-CITY- rulings)."""
from __future__ import annotations

from ..core.rules import RuleRegistry

RULES = RuleRegistry.from_package("berserk_kernel.city", "rules.toml")
