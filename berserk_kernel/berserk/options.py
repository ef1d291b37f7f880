"""Named rule options: edition differences and contested rulings, the seed's values by default."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..core.errors import DataError
from ..core.messages import catalog

E = catalog("berserk_kernel.berserk", "data/errors.toml")


@dataclass(frozen=True)
class Options:
    gold: int = 24                  # BR-7.2: first player's gold crystals
    silver: int = 22                # BR-7.2: first player's silver crystals
    second_gold_bonus: int = 1      # BR-7.2: the second player's extra gold (another edition: 0)
    second_silver_bonus: int = 1    # BR-7.2: the second player's extra silver
    redeal: str = "remove_card"     # BR-7.4: "remove_card" (seed) or "pay_gold" (another edition)
    deal_size: int = 15             # BR-7.4
    flyer_cap: int = 15             # BR-3: crystals that may go on flyers
    deck_min: int = 30              # deck size in the classic game
    deck_max: int = 50
    max_copies: int = 3
    allow_hidden_row: bool = True   # BR-8.4: the second player may keep row 3 face down
    turn_limit: int = 0             # R-BR-TURN-LIMIT: 0 = unlimited, else a draw after that many turns

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v != getattr(DEFAULTS, k)}

    @classmethod
    def from_dict(cls, d: dict | None, source: str = "<options>") -> "Options":
        d = dict(d or {})
        known = {f.name: f.type for f in fields(cls)}
        for k, v in d.items():
            if k not in known:
                raise DataError.of(source, f"options.{k}", E("unknown_option", option=k, known=", ".join(known)))
            want = str if k == "redeal" else bool if k == "allow_hidden_row" else int
            if type(v) is not want:
                raise DataError.of(source, f"options.{k}", E("option_type", want=want.__name__, got=v))
        if d.get("redeal", "remove_card") not in ("remove_card", "pay_gold"):
            raise DataError.of(source, "options.redeal", E("redeal_option"))
        return cls(**d)


DEFAULTS = Options()
