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
from ..core.loading import validate
from ..core.messages import catalog

E = catalog("berserk_kernel.berserk", "data/errors.toml")

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
    validate(a, SCHEMA, source, names=lambda path: where + "".join(
        f"[{p}]" if isinstance(p, int) else f".{p}" for p in path))
    kind, timing = a["kind"], a["timing"]

    def bad(key, text):
        raise DataError.of(source, f"{where}.{key}", text)

    if (kind == "constant") != (timing == "constant"):
        bad("timing", E("abilities_constant_abilities_they_timing"))
    if timing == "triggered" and "trigger" not in a:
        bad("trigger", E("abilities_triggered_ability_names_trigger"))
    if timing != "triggered" and ("trigger" in a or "optional" in a):
        bad("trigger", E("abilities_triggered_abilities_trigger"))
    if kind == "constant":
        for key in ("effects", "target", "cost", "reach", "filter", "count", "per_turn"):
            if key in a:
                bad(key, E("abilities_constant_ability", key=key))
        if "modifier" not in a and "protection" not in a:
            bad("modifier", E("abilities_constant_ability_needs_modifier"))
        if "range" in a:
            bad("range", E("abilities_constant_ability_range"))
        return AbilityDef(a["id"], kind, timing, T.from_dict(a["text"]),
                          modifier=tuple(sorted(a.get("modifier", {}).items())),
                          protection=tuple(a.get("protection", ())), applies_to=a.get("applies_to", "self"),
                          granted=a.get("granted", False))
    for key in ("modifier", "protection", "applies_to"):
        if key in a:
            bad(key, E("abilities_constant_abilities", key=key))
    if kind == "directed_strike":
        # the card's own simple strike that cannot be defended: no effects of its own
        if "effects" in a:
            bad("effects", E("abilities_directed_strike_card_s"))
        a = {**a, "effects": []}
    elif "effects" not in a:
        bad("effects", E("abilities_ability_needs_effects"))
    if "target" not in a:
        bad("target", E("abilities_ability_needs_target_mode"))
    target = a["target"]
    reach = a.get("reach", DEFAULT_REACH[kind])
    if kind in ATTACKS:
        if target != "one" and not (target == "trigger"):
            bad("target", E("abilities_attack_exactly_one_target"))
        if kind in ("shot", "discharge", "throw") and reach == "adjacent":
            bad("reach", E("abilities_ranged_cannot_reach_adjacent", kind=kind))
    if kind == "row_strike" and reach != "row" or reach == "row" and kind != "row_strike":
        bad("reach", E("abilities_strike_across_row_reach"))
    if target == "choose" and "count" not in a:
        bad("count", E("abilities_choose_needs_count_min"))
    if "count" in a and (target != "choose" or a["count"][0] > a["count"][1]):
        bad("count", E("abilities_count_min_max_min"))
    if target in ("self", "host") and "filter" in a:
        bad("filter", E("abilities_ability_filter", target=target))
    if target == "trigger" and timing != "triggered":
        bad("target", E("abilities_target_trigger_needs_triggered"))
    if "range" in a and (target in ("self", "host") or reach in ("adjacent", "row")):
        bad("range", E("abilities_range_cells_needs_targets"))
    if a.get("granted") and (timing == "triggered" or "tokens" in a.get("cost", {})):
        bad("granted", E("abilities_granted_ability_activated_instant"))
    effects = []
    for i, e in enumerate(a["effects"]):
        op = e["op"]
        ekey = f"effects[{i}]"
        if op == "wound" and ("amount" in e) == ("roll" in e):
            bad(ekey, E("abilities_wound_takes_either_amount"))
        if op in ("heal", "poison", "tokens") and "amount" not in e:
            bad(ekey, E("abilities_needs_amount", op=op))
        if op in ("destroy", "cure", "open", "close", "move", "return_to_deck", "taunt") and ("amount" in e or "roll" in e):
            bad(ekey, E("abilities_takes_amount", op=op))
        if op != "wound" and "roll" in e:
            bad(ekey, E("abilities_wound_takes_roll"))
        if "split" in e and op != "heal":
            bad(ekey, E("abilities_heal_may_split"))
        if op in ("wound", "poison", "heal", "tokens") and "amount" in e and e["amount"] < 0 and op != "tokens":
            bad(ekey, E("abilities_amount_must_not_negative"))
        if op == "move" and target not in ("one", "self", "host"):
            bad(ekey, E("abilities_move_needs_single_target"))
        if op in ("stay_closed", "boost", "grant") and ("amount" in e or "roll" in e):
            bad(ekey, E("abilities_takes_amount", op=op))
        if ("modifier" in e) != (op == "boost"):
            bad(ekey, E("abilities_boost_boost_takes_modifier"))
        if ("ability" in e) != (op == "grant"):
            bad(ekey, E("abilities_grant_grant_names_ability"))
        if "turns" in e and op not in ("boost", "grant"):
            bad(ekey, E("abilities_boost_grant_last_turns"))
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
                raise DataError.of(source, f"{where}.abilities[{a.id}].effects[{i}].ability",
                                E("abilities_grant_names_another_ability", ability=e.ability))
