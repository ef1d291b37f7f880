"""Cards as data (BR-2 to BR-6): card definitions loaded from TOML files and validated.

A definition is immutable and shared by every copy of the card; a card in a game is a
`CardState` (see `state.py`) that points to its definition by id.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from importlib import resources

from ..core.errors import DataError
from ..core.i18n import T
from ..core.loading import parse_text, read_data, validate
from ..core.messages import catalog
from .abilities import check_grants, parse_ability

E = catalog("berserk_kernel.berserk", "data/errors.toml")
ELEMENTS = ("steppe", "mountains", "forest", "swamp", "darkness")
ELEMENT_NAMES = {
    "steppe": T("Степи", "Steppe"), "mountains": T("Горы", "Mountains"),
    "forest": T("Леса", "Forest"), "swamp": T("Болота", "Swamp"),
    "darkness": T("Тьма", "Darkness"), "neutral": T("Нейтрал", "Neutral"),
}
CARD_TYPES = ("creature", "terrain", "artifact", "equipment", "hero")   # hero: Heroes mode (R-HEROES)
CREATURE_KINDS = ("ground", "symbiote", "flyer")
EQUIPMENT_KINDS = ("weapon", "armour", "boots", "shield", "potion")

_TEXT = {"type": "object", "required": ["ru", "en"], "additionalProperties": False,
         "properties": {"ru": {"type": "string", "minLength": 1, "maxLength": 2000},
                        "en": {"type": "string", "minLength": 1, "maxLength": 2000}}}

CARD_SCHEMA = {
    "type": "object",
    "required": ["id", "name", "type", "cost", "elite", "elements"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 60},
        "name": _TEXT,
        "type": {"enum": list(CARD_TYPES)},
        "kind": {"enum": list(CREATURE_KINDS)},
        "equipment": {"enum": list(EQUIPMENT_KINDS)},
        "cost": {"type": "integer", "minimum": 0, "maximum": 15},
        "elite": {"type": "boolean"},
        "elements": {"type": "array", "items": {"enum": list(ELEMENTS)}, "uniqueItems": True},
        "lives": {"type": "integer", "minimum": 1, "maximum": 20},
        "move": {"type": "integer", "minimum": 0, "maximum": 5},
        "strike": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 15},
                   "minItems": 3, "maxItems": 3},
        "class": {"type": "string", "minLength": 1, "maxLength": 60},
        "incorporeal": {"type": "boolean"},
        "text": _TEXT,
        "abilities": {"type": "array", "items": {"type": "object"}, "maxItems": 20},
        "max_tokens": {"type": "integer", "minimum": 1, "maximum": 20},
        "gender": {"enum": ["m", "f", "n", "pl"]},
    },
}
FILE_SCHEMA = {"type": "object", "required": ["card"], "properties": {
    "card": {"type": "array", "items": {"type": "object"}, "minItems": 1, "maxItems": 5000}}}


@dataclass(frozen=True)
class CardDef:
    """One card as printed: the same for every copy."""

    id: str
    name: T
    type: str                       # creature | terrain | artifact | equipment (BR-2)
    cost: int
    elite: bool
    elements: tuple = ()            # () is neutral (BR-7.3)
    kind: str | None = None         # ground | symbiote | flyer, for creatures (BR-3)
    equipment: str | None = None    # weapon | armour | boots | shield | potion (BR-6)
    lives: int = 0
    move: int = 0
    strike: tuple = (0, 0, 0)       # weak X, medium Y, strong Z (BR-10)
    klass: str | None = None        # creature class; equipment needs a host with one (BR-6)
    incorporeal: bool = False
    text: T | None = None
    abilities: tuple = field(default=())   # AbilityDef values (abilities.py)
    max_tokens: int | None = None          # CR-token-limit: None is unlimited
    gender: str = "m"                      # of the Russian name (m, f, n, pl): «уничтожен» / «уничтожена»
    data: dict | None = field(default=None, compare=False, hash=False, repr=False)   # the full table it came from

    def ability(self, ability_id: str):
        for a in self.abilities:
            if a.id == ability_id:
                return a
        return None

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"

    @property
    def is_flyer(self) -> bool:
        return self.kind == "flyer"

    @property
    def is_symbiote(self) -> bool:
        return self.kind == "symbiote"

    @property
    def is_independent(self) -> bool:
        """Stands on a cell of its own in battle: ground independent creatures and artifacts."""
        return self.kind == "ground" or self.type == "artifact"

    @property
    def has_strike(self) -> bool:
        """Only creatures strike (BR-2.1, BR-2.2); symbiotes ride a host (R-BR-SYMBIOTE)."""
        return self.type == "creature" and self.kind != "symbiote"

    def label(self, lang: str = "ru") -> str:
        return self.name.get(lang)


def _check_card(c: dict, source: str, where: str) -> None:
    """Rules the schema cannot say: which fields each card type needs (BR-2 to BR-6)."""
    t = c["type"]

    def need(name, ok, msg, **kw):
        if not ok:
            raise DataError.of(source, f"{where}.{name}", E(msg, **kw))

    if t == "creature":
        need("kind", "kind" in c, "creature_kind")
        need("lives", "lives" in c, "creature_lives")
        if c["kind"] != "symbiote":
            need("strike", "strike" in c, "creature_strike")
            need("move", "move" in c, "creature_move")
        if "strike" in c:
            x, y, z = c["strike"]
            need("strike", x <= y <= z, "strike_grows")
    else:
        for key in ("kind", "move", "strike", "class", "incorporeal"):
            need(key, key not in c, "type_has_no_field", type=t, field=key)
    if t in ("artifact", "hero"):
        need("lives", "lives" in c, "type_needs_lives", type=t)
    if t in ("terrain", "equipment"):
        need("lives", "lives" not in c, "type_has_no_lives", type=t)
    need("equipment", (t == "equipment") == ("equipment" in c), "equipment_type")


def parse_cards(data, source: str = "<cards>", *, where: str = "card") -> dict[str, CardDef]:
    """Card definitions from data: a TOML text, a table ``{"card": [...]}`` (a card file), one
    card table, or a list of card tables. Short defaults fill what a what-if leaves out
    (`SHORT_DEFAULTS`, docs/scenarios.md "Own cards"); errors name the source, the card and the
    field, e.g. ``card[my_guard].strike``. `where` names the list in those errors
    (``own_cards`` in a scenario)."""
    if isinstance(data, str):
        data = parse_text(data, source, toml=True)
    if isinstance(data, dict) and "card" not in data and "id" in data:
        data = [data]
    if isinstance(data, list):
        data = {"card": data}
    if not isinstance(data, dict):
        raise DataError.of(source, "", E("not_card_tables", got=type(data).__name__))
    validate(data, FILE_SCHEMA, source, names=lambda path: where + "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:]))
    out: dict[str, CardDef] = {}
    for i, raw in enumerate(data["card"]):
        label = f"{where}[{raw.get('id', i)}]" if isinstance(raw.get("id"), str) else f"{where}[{i}]"
        if "id" not in raw:
            raise DataError.of(source, f"{label}.id", E("card_id_missing"))
        c = with_defaults(raw)
        validate(c, CARD_SCHEMA, source, names=lambda path, w=label: w + "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in path))
        _check_card(c, source, label)
        if c["id"] in out:
            raise DataError.of(source, f"{label}.id", E("duplicate_card_id", id=c["id"]))
        out[c["id"]] = CardDef(
            id=c["id"], name=T.from_dict(c["name"]), type=c["type"], cost=c["cost"], elite=c["elite"],
            elements=tuple(c["elements"]), kind=c.get("kind"), equipment=c.get("equipment"),
            lives=c.get("lives", 0), move=c.get("move", 0), strike=tuple(c.get("strike", (0, 0, 0))),
            klass=c.get("class"), incorporeal=c.get("incorporeal", False),
            text=T.from_dict(c["text"]) if "text" in c else None,
            abilities=_abilities(c, source, label), max_tokens=c.get("max_tokens"),
            gender=c.get("gender", "m"), data=c)
    return out


# What a card table may leave out (docs/scenarios.md, "Own cards"). A name or text may also be
# one string or one language: it then stands for both.
SHORT_DEFAULTS = {"type": "creature", "cost": 0, "elite": False, "elements": ()}
TYPE_DEFAULTS = {
    "creature": {"kind": "ground", "lives": 1},
    "artifact": {"lives": 1},
    "hero": {"lives": 1},
}
STRIKER_DEFAULTS = {"move": 1, "strike": (1, 1, 1)}   # creatures that are not symbiotes


def with_defaults(raw: dict) -> dict:
    """A full card table from a short one: the given fields, then `SHORT_DEFAULTS` and the defaults of
    its type; the name defaults to the id. Anything of the wrong type is left for the schema to name."""
    c = copy.deepcopy(raw)
    if not isinstance(c.get("id"), str):
        return c
    c["name"] = _both(c.get("name", c["id"]))
    if "text" in c:
        c["text"] = _both(c["text"])
    for key, value in SHORT_DEFAULTS.items():
        c.setdefault(key, list(value) if isinstance(value, tuple) else value)
    t = c["type"] if isinstance(c["type"], str) else None
    for key, value in TYPE_DEFAULTS.get(t, {}).items():
        c.setdefault(key, value)
    if t == "creature" and c.get("kind") in ("ground", "flyer"):
        for key, value in STRIKER_DEFAULTS.items():
            c.setdefault(key, list(value) if isinstance(value, tuple) else value)
    if isinstance(c.get("abilities"), list):
        c["abilities"] = [_ability_defaults(a) for a in c["abilities"]]
    return c


def _ability_defaults(a):
    if not isinstance(a, dict) or not isinstance(a.get("id"), str):
        return a
    a = dict(a, text=_both(a.get("text", a["id"])))
    if a.get("kind") == "constant":
        a.setdefault("timing", "constant")
    return a


def _both(text):
    """One string, or one language of ``{ru, en}``, stands for both; anything else is left alone."""
    if isinstance(text, str):
        return {"ru": text, "en": text}
    if isinstance(text, dict) and len(text) == 1 and set(text) <= {"ru", "en"} and isinstance(next(iter(text.values())), str):
        value = next(iter(text.values()))
        return {"ru": value, "en": value}
    return text


def card_table(d: CardDef) -> dict:
    """The full table of a definition (what a scenario saves under ``own_cards``)."""
    return copy.deepcopy(d.data) if d.data is not None else None


def _abilities(c: dict, source: str, where: str) -> tuple:
    out = []
    for i, a in enumerate(c.get("abilities", ())):
        aw = f"{where}.abilities[{a.get('id', i) if isinstance(a, dict) else i}]"
        ab = parse_ability(a, source, aw)
        if any(o.id == ab.id for o in out):
            raise DataError.of(source, f"{aw}.id", E("duplicate_ability_id", id=ab.id))
        out.append(ab)
    check_grants(out, source, where)       # a grant names another ability of the card (M2, vocabulary)
    return tuple(out)


def load_cards(path) -> dict[str, CardDef]:
    """Load a card file (.toml or .json); errors name the file, the card and the field.
    For data rather than a file (a TOML text, tables), use `parse_cards`."""
    data, source = read_data(path)
    return parse_cards(data, source)


_DEMO: dict[str, CardDef] | None = None


def demo_cards() -> dict[str, CardDef]:
    """The project's original demo set (`data/cards.toml`)."""
    global _DEMO
    if _DEMO is None:
        text = resources.files("berserk_kernel.berserk").joinpath("data/cards.toml").read_text("utf-8")
        _DEMO = parse_cards(parse_text(text, "berserk_kernel/berserk/data/cards.toml", toml=True),
                            "berserk_kernel/berserk/data/cards.toml")
    return _DEMO
