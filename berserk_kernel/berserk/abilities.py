"""Abilities as data: the vocabulary of the card files (BR-12 to BR-14, HR- rules).

An ability is one inline table in a card's ``abilities`` list:

    { id = "shot", kind = "shot", timing = "activated", cost = { close = true },
      target = "one", filter = { side = "enemy" }, effects = [{ op = "wound", amount = 2 }],
      text = { ru = "Выстрел на 2", en = "Shot for 2" } }

kind     shot | discharge | throw | row_strike | directed_strike (attacks, BR-12.1) |
         spell | effect (not attacks, BR-12.2) | constant (a standing modifier)
timing   activated (own turn, queue empty) | instant (any time its owner may answer, BR-14) |
         triggered (on `trigger`) | constant
trigger  enters_play ("hire") | dies | turn_start | strikes (after this card's simple strike)
cost     close (close this card), sacrifice (destroy this card), tokens N (BR-13,
         CR-token-payment), wounds N, coins N (Heroes mode); per_turn N limits uses per turn
         (HR-prepayment)
reach    adjacent | ranged (not adjacent; may reach flyers, BR-12.1) | any; defaults by kind;
         a card in an auxiliary zone is in range of a shot, discharge, throw, spell or effect
         whatever the reach (CR-aux-range)
target   self (reflexive, HR-502.8) | host (the carrier of this equipment or
         symbiote) | one | choose (count = [min, max], HR-chosen-targets)
         | mass (no targets, every card matching the filter, HR-mass-abilities) | trigger (the
         card that fired the trigger, HR-402.2)
filter   side (enemy | own | any), types [...], zone (field | aux), element (true: has an
         element, HR-property-targets), wounded, unwounded, poisoned, max_cost, min_cost, flyer,
         other (not the source)
effects  [{ op, amount | roll }]: wound (amount N, or roll [X, Y, Z] read on one die, BR-12),
         heal N (split among the targets in order when `split = true`), destroy, poison N,
         cure, tokens N (may be negative), open, close, move (to the cell named in the
         declaration), return_to_deck (CR-204.4), taunt (the opponent's first attack in their
         next turn must target this card), stay_closed (close the target; it does not open in
         its owner's next turn and no card can open it until then, HR-502.8), boost (modifier =
         { attack_die | defence_die | armour = N } for `turns` turns, R-BR-FIGHT), grant (the
         target gains the ability `ability` of this card for `turns` turns, CR-204.4);
         `turns` = 1 is until the end of this turn, N the end of the N-th turn counting this one
range    N: only cards within N cells (diagonals count one, as adjacency BR-10.1); BR-12.1 for
         attacks, BR-12.2 for the rest; the auxiliary zone is in range whatever N (CR-aux-range)
granted  true: the card does not have this ability itself; its `grant` effects give it
constant modifier = { attack_die = N, defence_die = N, armour = N }, protection = [kinds]
         ("cannot be the target of ...", HR-502.8), applies_to = self | host (equipment and
         symbiotes lend it to their carrier)

Anything outside this vocabulary is refused at load time, naming the card and the field.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import DataError
from ..core.i18n import T

KINDS = ("shot", "discharge", "throw", "row_strike", "directed_strike", "spell", "effect", "constant")
ATTACKS = frozenset(("shot", "discharge", "throw", "row_strike", "directed_strike"))
AUX_RANGE = frozenset(("shot", "discharge", "throw", "spell", "effect"))   # CR-aux-range
TIMINGS = ("activated", "instant", "triggered", "constant")
TRIGGERS = ("enters_play", "dies", "turn_start", "strikes")
TARGETS = ("self", "host", "one", "choose", "mass", "trigger")
REACHES = ("adjacent", "ranged", "any", "row")
OPS = ("wound", "heal", "destroy", "poison", "cure", "tokens", "open", "close", "move",
       "return_to_deck", "taunt", "stay_closed", "boost", "grant")
DEFAULT_REACH = {"shot": "ranged", "discharge": "ranged", "throw": "ranged", "row_strike": "row",
                 "directed_strike": "adjacent", "spell": "any", "effect": "any", "constant": "any"}
KIND_NAMES = {
    "shot": T("выстрел", "shot"), "discharge": T("разряд", "discharge"), "throw": T("метание", "throw"),
    "row_strike": T("удар через ряд", "strike across a row"), "directed_strike": T("направленный удар", "directed strike"),
    "spell": T("заклинание", "spell"), "effect": T("воздействие", "effect"), "constant": T("свойство", "constant"),
}

_TEXT = {"type": "object", "required": ["ru", "en"], "additionalProperties": False,
         "properties": {"ru": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1}}}
_INT = {"type": "integer", "minimum": 0, "maximum": 20}
SCHEMA = {
    "type": "object", "required": ["id", "kind", "timing", "text"], "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "kind": {"enum": list(KINDS)}, "timing": {"enum": list(TIMINGS)},
        "trigger": {"enum": list(TRIGGERS)}, "optional": {"type": "boolean"},
        "cost": {"type": "object", "additionalProperties": False, "properties": {
            "close": {"type": "boolean"}, "sacrifice": {"type": "boolean"},
            "tokens": _INT, "wounds": _INT, "coins": _INT}},
        "per_turn": {"type": "integer", "minimum": 1, "maximum": 9},
        "reach": {"enum": list(REACHES)},
        "range": {"type": "integer", "minimum": 1, "maximum": 5},
        "granted": {"type": "boolean"},
        "target": {"enum": list(TARGETS)},
        "count": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 2, "maxItems": 2},
        "filter": {"type": "object", "additionalProperties": False, "properties": {
            "side": {"enum": ["enemy", "own", "any"]},
            "types": {"type": "array", "items": {"enum": ["creature", "artifact", "terrain", "equipment", "hero"]}, "minItems": 1},
            "zone": {"enum": ["field", "aux"]}, "element": {"type": "boolean"},
            "wounded": {"type": "boolean"}, "unwounded": {"type": "boolean"}, "poisoned": {"type": "boolean"},
            "max_cost": _INT, "min_cost": _INT, "flyer": {"type": "boolean"}, "other": {"type": "boolean"}}},
        "effects": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["op"], "additionalProperties": False, "properties": {
                "op": {"enum": list(OPS)}, "amount": {"type": "integer", "minimum": -9, "maximum": 20},
                "roll": {"type": "array", "items": _INT, "minItems": 3, "maxItems": 3},
                "split": {"type": "boolean"}, "turns": {"type": "integer", "minimum": 1, "maximum": 9},
                "modifier": {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": {
                    "attack_die": {"type": "integer", "minimum": -3, "maximum": 3},
                    "defence_die": {"type": "integer", "minimum": -3, "maximum": 3}, "armour": _INT}},
                "ability": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}}}},
        "modifier": {"type": "object", "additionalProperties": False, "properties": {
            "attack_die": {"type": "integer", "minimum": -3, "maximum": 3},
            "defence_die": {"type": "integer", "minimum": -3, "maximum": 3}, "armour": _INT}},
        "protection": {"type": "array", "items": {"enum": list(KINDS[:-1]) + ["strike"]}, "minItems": 1},
        "applies_to": {"enum": ["self", "host"]},
        "text": _TEXT,
    },
}


@dataclass(frozen=True)
class Filter:
    side: str = "enemy"
    types: tuple = ("creature", "artifact", "hero")
    zone: str | None = None
    element: bool | None = None
    wounded: bool = False
    unwounded: bool = False
    poisoned: bool | None = None
    max_cost: int | None = None
    min_cost: int | None = None
    flyer: bool | None = None
    other: bool = False


@dataclass(frozen=True)
class Effect:
    op: str
    amount: int = 0
    roll: tuple | None = None
    split: bool = False
    turns: int = 1                # boost, grant: how many turns, this one included
    modifier: tuple = ()          # boost: (("attack_die", 1), ...)
    ability: str | None = None    # grant: an ability id of the same card


@dataclass(frozen=True)
class AbilityDef:
    id: str
    kind: str
    timing: str
    text: T
    trigger: str | None = None
    optional: bool = False
    close: bool = False
    sacrifice: bool = False
    tokens: int = 0
    wounds: int = 0
    coins: int = 0
    per_turn: int = 0
    reach: str = "any"
    target: str = "none"
    count: tuple = (1, 1)
    filter: Filter = field(default_factory=Filter)
    effects: tuple = ()
    modifier: tuple = ()          # (("attack_die", 1), ...)
    protection: tuple = ()
    applies_to: str = "self"
    range: int | None = None      # cells within reach (BR-12.1, BR-12.2); None: no limit
    granted: bool = False         # only given by this card's grant effects (CR-204.4)

    @property
    def is_attack(self) -> bool:
        return self.kind in ATTACKS

    @property
    def needs_cell(self) -> bool:
        return any(e.op == "move" for e in self.effects)

    def mod(self, name: str) -> int:
        return dict(self.modifier).get(name, 0)


def parse_ability(a: dict, source: str, where: str) -> AbilityDef:
    """Validate one ability table and build its `AbilityDef`; errors name card and field."""
    from ..core.loading import validate

    validate(a, SCHEMA, source, names=lambda path: where + "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in path))
    kind, timing = a["kind"], a["timing"]

    def bad(key, en, ru):
        raise DataError(source, f"{where}.{key}", en, ru)

    if (kind == "constant") != (timing == "constant"):
        bad("timing", "constant abilities, and only they, have timing 'constant'",
            "только постоянные свойства имеют timing 'constant'")
    if timing == "triggered" and "trigger" not in a:
        bad("trigger", "a triggered ability names its trigger", "срабатывающая способность называет событие")
    if timing != "triggered" and ("trigger" in a or "optional" in a):
        bad("trigger", "only triggered abilities have a trigger", "событие бывает только у срабатывающих способностей")
    if kind == "constant":
        for key in ("effects", "target", "cost", "reach", "filter", "count", "per_turn"):
            if key in a:
                bad(key, f"a constant ability has no {key}", f"у постоянного свойства нет поля {key}")
        if "modifier" not in a and "protection" not in a:
            bad("modifier", "a constant ability needs a modifier or a protection", "постоянному свойству нужен модификатор или защита")
        if "range" in a:
            bad("range", "a constant ability has no range", "у постоянного свойства нет дальности")
        return AbilityDef(a["id"], kind, timing, T.from_dict(a["text"]),
                          modifier=tuple(sorted(a.get("modifier", {}).items())),
                          protection=tuple(a.get("protection", ())), applies_to=a.get("applies_to", "self"),
                          granted=a.get("granted", False))
    for key in ("modifier", "protection", "applies_to"):
        if key in a:
            bad(key, f"only constant abilities have {key}", f"{key} бывает только у постоянных свойств")
    if kind == "directed_strike":
        # the card's own simple strike that cannot be defended: no effects of its own
        if "effects" in a:
            bad("effects", "a directed strike is the card's simple strike: it has no effects",
                "направленный удар — это простой удар карты: эффектов у него нет")
        a = {**a, "effects": []}
    elif "effects" not in a:
        bad("effects", "the ability needs effects", "у способности должны быть эффекты")
    if "target" not in a:
        bad("target", "the ability needs a target mode: self, host, one, choose, mass or trigger",
            "у способности должен быть вид цели: self, host, one, choose, mass или trigger")
    target = a["target"]
    reach = a.get("reach", DEFAULT_REACH[kind])
    if kind in ATTACKS:
        if target != "one" and not (target == "trigger"):
            bad("target", "an attack has exactly one target (HR-targets)", "у атаки ровно одна цель (HR-targets)")
        if kind in ("shot", "discharge", "throw") and reach == "adjacent":
            bad("reach", f"a {kind} is ranged: it cannot reach only adjacent cards (BR-12.1)",
                f"{kind} — дальняя атака (BR-12.1)")
    if kind == "row_strike" and reach != "row" or reach == "row" and kind != "row_strike":
        bad("reach", "only a strike across a row has reach 'row'", "дальность 'row' только у удара через ряд")
    if target == "choose" and "count" not in a:
        bad("count", "choose needs count = [min, max]", "выбору нужно count = [min, max]")
    if "count" in a and (target != "choose" or a["count"][0] > a["count"][1]):
        bad("count", "count = [min, max] with min <= max, only for target 'choose'",
            "count = [min, max], min <= max, только для выбора")
    if target in ("self", "host") and "filter" in a:
        bad("filter", f"a {target} ability has no filter", f"у способности с целью {target} нет фильтра")
    if target == "trigger" and timing != "triggered":
        bad("target", "target 'trigger' needs a triggered ability", "цель 'trigger' только у срабатывающих")
    if "range" in a and (target in ("self", "host") or reach in ("adjacent", "row")):
        bad("range", "a range (cells) needs targets chosen by reach 'ranged' or 'any'",
            "дальность в клетках — только для целей с reach 'ranged' или 'any'")
    if a.get("granted") and (timing == "triggered" or "tokens" in a.get("cost", {})):
        bad("granted", "a granted ability is activated, instant or constant and costs no tokens",
            "выдаваемая способность — активируемая, внезапная или постоянная, без фишек в цене")
    effects = []
    for i, e in enumerate(a["effects"]):
        op = e["op"]
        ekey = f"effects[{i}]"
        if op == "wound" and ("amount" in e) == ("roll" in e):
            bad(ekey, "wound takes either amount or roll [X, Y, Z]", "ранение: либо amount, либо roll [X, Y, Z]")
        if op in ("heal", "poison", "tokens") and "amount" not in e:
            bad(ekey, f"{op} needs an amount", f"{op}: нужно amount")
        if op in ("destroy", "cure", "open", "close", "move", "return_to_deck", "taunt") and ("amount" in e or "roll" in e):
            bad(ekey, f"{op} takes no amount", f"{op}: amount не нужен")
        if op != "wound" and "roll" in e:
            bad(ekey, "only wound takes a roll", "бросок только у ранения")
        if "split" in e and op != "heal":
            bad(ekey, "only heal may be split", "делить можно только лечение")
        if op in ("wound", "poison", "heal", "tokens") and "amount" in e and e["amount"] < 0 and op != "tokens":
            bad(ekey, "amount must not be negative", "amount не может быть отрицательным")
        if op == "move" and target not in ("one", "self", "host"):
            bad(ekey, "move needs a single target (one or self)", "перемещение — только одной цели")
        if op in ("stay_closed", "boost", "grant") and ("amount" in e or "roll" in e):
            bad(ekey, f"{op} takes no amount", f"{op}: amount не нужен")
        if ("modifier" in e) != (op == "boost"):
            bad(ekey, "boost, and only boost, takes modifier = { attack_die | defence_die | armour = N }",
                "modifier = { attack_die | defence_die | armour = N } бывает только у boost")
        if ("ability" in e) != (op == "grant"):
            bad(ekey, "grant, and only grant, names an ability of this card",
                "способность этой карты называет только grant")
        if "turns" in e and op not in ("boost", "grant"):
            bad(ekey, "only boost and grant last turns", "срок в ходах бывает только у boost и grant")
        effects.append(Effect(op, e.get("amount", 0), tuple(e["roll"]) if "roll" in e else None, e.get("split", False),
                              e.get("turns", 1), tuple(sorted(e.get("modifier", {}).items())), e.get("ability")))
    cost = a.get("cost", {})
    fd = a.get("filter", {})
    default_side = "enemy" if kind in ATTACKS else "any"
    flt = Filter(side=fd.get("side", default_side), types=tuple(fd.get("types", ("creature", "artifact", "hero"))),
                 zone=fd.get("zone"), element=fd.get("element"), wounded=fd.get("wounded", False),
                 unwounded=fd.get("unwounded", False), poisoned=fd.get("poisoned"),
                 max_cost=fd.get("max_cost"), min_cost=fd.get("min_cost"), flyer=fd.get("flyer"),
                 other=fd.get("other", False))
    return AbilityDef(a["id"], kind, timing, T.from_dict(a["text"]), trigger=a.get("trigger"),
                      optional=a.get("optional", False), close=cost.get("close", False),
                      sacrifice=cost.get("sacrifice", False),
                      tokens=cost.get("tokens", 0), wounds=cost.get("wounds", 0), coins=cost.get("coins", 0),
                      per_turn=a.get("per_turn", 0), reach=reach, target=target,
                      count=tuple(a.get("count", (1, 1))), filter=flt, effects=tuple(effects),
                      range=a.get("range"), granted=a.get("granted", False))


def check_grants(abilities, source: str, where: str) -> None:
    """Every grant names another ability of the same card (CR-204.4): checked once the card's
    whole list is read."""
    ids = {a.id for a in abilities}
    for a in abilities:
        for i, e in enumerate(a.effects):
            if e.op == "grant" and (e.ability not in ids or e.ability == a.id):
                raise DataError(source, f"{where}.abilities[{a.id}].effects[{i}].ability",
                                f"grant names another ability of this card, not {e.ability!r}",
                                f"grant называет другую способность этой карты, а не {e.ability!r}")
