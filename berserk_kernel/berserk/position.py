"""A compact notation for setting up a position by hand (tests, lessons, the explorer).

    position("A gorge_warden c2", "B bog_troll c3 closed wounds=2", "B pass_eagle aux",
             "A notched_axe on=1", active=0)

Each card is ``OWNER CARD_ID PLACE [flags]``: OWNER ``A`` (seat 0, the first player) or ``B``;
PLACE a cell (``c2``), ``aux``, ``deck``, ``graveyard``, ``hand`` or ``on=UID`` (attached to card UID).
Flags: ``closed``, ``facedown``, ``wounds=N``, ``moves=N``, ``tokens=N``, ``poison=N``,
``uid=N``, ``flyerstrike``. Cards get uids 1, 2, 3... in the order given unless ``uid=`` says otherwise.

Own cards: ``cards=`` takes definitions in any form `parse_cards` reads (a TOML text, a table, a
list of tables) with its short defaults, and the specs may then name them:

    position("A test_guard c2", "B bog_troll c3", cards={"id": "test_guard", "lives": 4, "strike": [2, 2, 3]})

Any other scenario field (docs/scenarios.md) may be given by keyword: ``queue=[...]``,
``fired=[...]``, ``players=[...]``, ``mode="heroes"``...
"""
from __future__ import annotations

import re

from ..core.errors import DataError
from ..core.messages import catalog
from .cards import card_table, parse_cards
from .game import BerserkState

E = catalog("berserk_kernel.berserk", "data/errors.toml")
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)
_ZONES = {"aux": "aux", "deck": "deck", "graveyard": "graveyard", "grave": "graveyard", "hand": "hand"}


def parse_card_spec(spec: str, index: int) -> dict:
    field = f"cards[{index}]"
    if not isinstance(spec, str) or len(spec) > 200:
        raise DataError.of("<position>", field, E("position_line_long", got=repr(spec)[:60]))
    words = spec.split()
    if len(words) < 3 or words[0] not in ("A", "B"):
        raise DataError.of("<position>", field, E("position_line", got=spec))
    out = {"owner": "AB".index(words[0]), "card": words[1]}
    place = words[2]
    if place in _ZONES:
        out["zone"] = _ZONES[place]
    elif place.startswith("on="):
        if not _NUMBER.fullmatch(place[3:]):
            raise DataError.of("<position>", field, E("position_host", place=place))
        out["zone"], out["host"] = "attached", int(place[3:])
    else:
        out["zone"], out["cell"] = "field", place
    for flag in words[3:]:
        key, _, value = flag.partition("=")
        if key in ("closed", "facedown", "flyerstrike") and not value:
            out[{"facedown": "face_down", "flyerstrike": "flyer_strike"}.get(key, key)] = True
        elif key in ("wounds", "moves", "tokens", "uid", "poison") and _NUMBER.fullmatch(value):
            out[key] = int(value)
        else:
            raise DataError.of("<position>", field, E("position_flag", flag=flag, spec=spec))
    return out


def position(*specs: str, active: int = 0, turn: int = 1, phase: str = "battle", seed: int = 0,
             forced=(), options=None, pending=None, cards=None, defs=None, **fields):
    """A battle position from card specs (see the module docstring). `cards`: own card
    definitions; `defs`: the base card set (the demo set by default); `fields`: more scenario fields."""
    placed = [parse_card_spec(s, i) for i, s in enumerate(specs)]
    for i, c in enumerate(placed):
        c.setdefault("uid", i + 1)
    data = {**fields, "cards": placed, "active": active, "turn": turn, "phase": phase,
            "dice": {"seed": seed, "forced": list(forced)}, "options": options or {}}
    if pending:
        data["pending"] = pending
    if cards is not None:
        data["own_cards"] = [card_table(d) for d in parse_cards(cards).values()] + list(fields.get("own_cards", []))
    return BerserkState.from_dict(data, "<position>", defs)
