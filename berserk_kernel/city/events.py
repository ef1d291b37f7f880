"""The event deck as data (R-CITY-EVENTS) and the effects its cards may use (CITY-3.1).

Cards live in ``data/events.toml``. Effects speak only of the game's own things (influence,
forces, attacks, districts) and act on the player who drew the card; "this turn" effects change
`state.turn`, which every new turn resets. Adding a card needs no code; adding an effect kind is
one small function here.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import NamedTuple

from ..core.errors import DataError
from ..core.i18n import T
from ..core.loading import parse_text, read_data, validate
from ..core.messages import catalog

M = catalog("berserk_kernel.city")


RULE = "R-CITY-EVENTS"


class EventCard(NamedTuple):
    id: str
    name: T
    text: T
    count: int
    effects: tuple   # of (kind, amount)


class EventDeck:
    """All cards of a deck by id, in file order."""

    def __init__(self, cards: list[EventCard], source: str, data=None):
        self.cards = {c.id: c for c in cards}
        self.source = source
        self.data = data          # the table it was read from (saved inline in a custom game)

    def pile(self) -> list[str]:
        """One id per physical card, before shuffling (CITY-2.4)."""
        return [c.id for c in self.cards.values() for _ in range(c.count)]

    def __getitem__(self, card_id: str) -> EventCard:
        return self.cards[card_id]

    def __contains__(self, card_id) -> bool:
        return card_id in self.cards

    def __len__(self) -> int:
        return len(self.cards)


# --- effects: f(state, player, amount) ------------------------------------------------------
def _gain(state, p, amount):
    before = state.influence[p]
    state.influence[p] = after = max(0, before + amount)   # influence never goes below zero
    state._log(RULE, "influence", "influence_change", {"player": state.name(p), "before": before, "after": after},
               player=p, influence=after)


def _others(state, p):
    return [q for q in range(state.players) if q != p]


def _put(state, p, district, amount):
    placed = state.place(district, amount)
    state._log(RULE, "forces", "forces_placed",
               {"player": state.name(p), "n": placed, "d": district, "now": state.forces[district]},
               player=p, district=district, placed=placed)


def _lose_strongest(state, p, amount):
    d = state.strongest(p)
    if d is None:
        state._log(RULE, "forces", "no_forces_to_lose", {"player": state.name(p)}, player=p)
        return
    lost = min(amount, state.forces[d])
    state.forces[d] -= lost
    state._log(RULE, "forces", "forces_lost", {"player": state.name(p), "d": d, "n": lost, "left": state.forces[d]},
               player=p, district=d, lost=lost)


def _forces_hq(state, p, amount):
    hq = state.hq[p]
    target = hq if hq is not None and state.owner.get(hq) == p else state.strongest(p, empty_ok=True)
    _put(state, p, target, amount)


def _turn(key, msg):
    """An effect setting the turn's `key` to the amount, logged with the catalog's `msg`."""
    def effect(state, p, amount):
        state.turn[key] = amount
        state._log(RULE, "modifier", msg, {"n": amount}, player=p, **{key: amount})
    return effect


def _extra_attacks(state, p, amount):
    state.turn["attack_limit"] += amount
    state._log(RULE, "modifier", "attacks_allowed", {"n": state.turn["attack_limit"]}, player=p,
               attack_limit=state.turn["attack_limit"])


EFFECTS = {  # kind: (function, needs an amount, lowest amount, highest amount)
    "influence": (_gain, True, -99, 99),
    "influence_all": (lambda s, p, n: [_gain(s, q, n) for q in range(s.players)], True, -99, 99),
    "influence_others": (lambda s, p, n: [_gain(s, q, n) for q in _others(s, p)], True, -99, 99),
    "forces_hq": (_forces_hq, True, 1, 10),
    "forces_each": (lambda s, p, n: [_put(s, p, d, n) for d in s.districts_of(p)], True, 1, 10),
    "lose_strongest": (_lose_strongest, True, 1, 10),
    "others_lose_strongest": (lambda s, p, n: [_lose_strongest(s, q, n) for q in _others(s, p)], True, 1, 10),
    "extra_attacks": (_extra_attacks, True, 1, 5),
    "no_attacks": (_turn("attack_limit", "turn_no_attacks"), False, 0, 0),
    "attack_hit": (_turn("attack_hit", "turn_attack_hit"), True, 2, 10),
    "defence_hit": (_turn("defence_hit", "turn_defence_hit"), True, 2, 10),
    "capture_cost": (_turn("capture_cost", "turn_capture_cost"), True, 0, 10),
    "income_bonus": (_turn("income_bonus", "turn_income_bonus"), True, 1, 20),
    "no_district_income": (_turn("district_income", "turn_no_district_income"), False, 0, 0),
}


def apply_event(state, card: EventCard, player: int) -> None:
    """Apply every effect of `card` for `player`, in order (CITY-3.1, R-CITY-EVENTS)."""
    for kind, amount in card.effects:
        EFFECTS[kind][0](state, player, amount)


# --- loading ---------------------------------------------------------------------------------
SCHEMA = {
    "type": "object",
    "properties": {"event": {"type": "array", "minItems": 1, "maxItems": 200, "items": {
        "type": "object",
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 40},
            "count": {"type": "integer", "minimum": 1, "maximum": 10},
            "name_ru": {"type": "string", "minLength": 1, "maxLength": 200},
            "name_en": {"type": "string", "minLength": 1, "maxLength": 200},
            "text_ru": {"type": "string", "minLength": 1, "maxLength": 2000},
            "text_en": {"type": "string", "minLength": 1, "maxLength": 2000},
            "effects": {"type": "array", "maxItems": 10, "items": {
                "type": "object",
                "properties": {"kind": {"type": "string", "enum": sorted(EFFECTS)},
                               "amount": {"type": "integer", "minimum": -1000, "maximum": 1000}},
                "required": ["kind"], "additionalProperties": False}},
        },
        "required": ["id", "count", "name_ru", "name_en", "text_ru", "text_en", "effects"],
        "additionalProperties": False}}},
    "required": ["event"],
    "additionalProperties": False,
}


def _field(data):
    def names(path):
        out = "event"
        if len(path) >= 2 and isinstance(path[1], int):
            try:
                out += f"[{data['event'][path[1]]['id']}]"
            except (KeyError, IndexError, TypeError):
                out += f"[{path[1]}]"
            for part in path[2:]:
                out += f"[{part}]" if isinstance(part, int) else f".{part}"
        return out
    return names


def _error(source: str, field: str, msg: str, **kw) -> DataError:
    """A `DataError` with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    return DataError(source, field, m.en, m.ru)


def parse_events(data, source: str) -> EventDeck:
    """Validate a deck (schema, then unique ids and effect amounts) and build it."""
    validate(data, SCHEMA, source, _field(data))
    cards = []
    for e in data["event"]:
        where = f"event[{e['id']}]"
        if any(c.id == e["id"] for c in cards):
            raise _error(source, f"{where}.id", "event_id_twice", id=repr(e["id"]))
        effects = []
        for i, eff in enumerate(e["effects"]):
            _, needs, lo, hi = EFFECTS[eff["kind"]]
            amount = eff.get("amount")
            if needs and (amount is None or not lo <= amount <= hi):
                raise _error(source, f"{where}.effects[{i}].amount", "effect_amount",
                             kind=repr(eff["kind"]), lo=lo, hi=hi, got=repr(amount))
            if not needs and amount is not None:
                raise _error(source, f"{where}.effects[{i}].amount", "effect_no_amount", kind=repr(eff["kind"]))
            effects.append((eff["kind"], 0 if amount is None else amount))
        cards.append(EventCard(e["id"], T(e["name_ru"], e["name_en"]), T(e["text_ru"], e["text_en"]),
                               e["count"], tuple(effects)))
    return EventDeck(cards, source, data)


@lru_cache(maxsize=None)
def default_deck() -> EventDeck:
    text = resources.files("berserk_kernel.city").joinpath("data").joinpath("events.toml").read_text("utf-8")
    source = "berserk_kernel/city/data/events.toml"
    deck = parse_events(parse_text(text, source, toml=True), source)
    deck.data = None          # the packaged deck is saved by leaving "events" out
    return deck


PACKAGED = ("default",)


def load_events(path=None) -> EventDeck:
    """The packaged deck (None or ``"default"``), a deck table, or (from Python only) a deck
    file (.toml or .json, a `pathlib.Path` or a text with a ``/`` or a dot). Scenario and record
    files give a packaged name or the deck inline: their names never open a file."""
    if path is None or path == "default":
        return default_deck()
    if isinstance(path, EventDeck):
        return path
    if isinstance(path, dict):
        return parse_events(path, "<events>")
    if isinstance(path, str) and not any(c in path for c in "/.\\"):
        shown = repr(path)[:40]
        raise _error("<events>", "events", "no_packaged_deck", name=shown, known=", ".join(PACKAGED))
    data, source = read_data(path)
    return parse_events(data, source)
