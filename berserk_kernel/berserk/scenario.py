"""Scenario files: a position at any point of a game, as JSON (validated on load).

The format is the one `BerserkState.to_dict()` writes, and hand-written files may leave out
anything that has a default. Cards are listed in zone order (deck and graveyard bottom first);
that order is the zone's order. See docs/scenarios.md and examples/scenarios/.
"""
from __future__ import annotations

import copy
import json

from ..core.dice import Dice
from ..core.errors import DataError
from ..core.loading import read_data, validate
from ..core.messages import catalog
from ..core.record import RECORD_ACTIONS
from ..core import share
from ..core.log import LogEntry
from .actions import Action
from .cards import card_table, demo_cards, parse_cards
from .field import cell_name, parse_cell
from .options import Options
from .lasting import SCHEMA as LASTING_SCHEMA, from_list as lasting_from_list
from .zones import CardState

E = catalog("berserk_kernel.berserk", "data/errors.toml")
ZONES = ("deck", "deal", "squad", "field", "aux", "attached", "graveyard", "removed", "hand")
PHASES = ("order", "build", "place", "reveal", "attach", "battle", "over")

# the bounds of a scenario file: every number has a range, every list a length (docs/scenarios.md)
MAX_UID = 999_999
MAX_CARDS = 400
MAX_COUNTER = 99            # wounds, moves, tokens, poison, taunt, uses of an ability
MAX_CRYSTALS = 1000
MAX_OWN_CARDS = 100          # user-defined card definitions in one scenario
MAX_TOKENS = 100_000         # CR-token-limit: no cap in the rules, a bound in the file
_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 60}
_UID = {"type": "integer", "minimum": 1, "maximum": MAX_UID}
_UID_OR_NULL = {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_UID}
_SEAT = {"enum": [0, 1]}
_COUNTER = {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER}
_NAME = {"type": "string", "minLength": 1, "maxLength": 40}
_CARD = {
    "type": "object", "required": ["card", "owner"], "additionalProperties": False,
    "properties": {
        "uid": _UID, "card": _ID, "owner": _SEAT, "zone": {"enum": list(ZONES)},
        "cell": {"type": ["string", "null"], "maxLength": 2}, "host": _UID_OR_NULL,
        "closed": {"type": "boolean"}, "face_down": {"type": "boolean"},
        "wounds": _COUNTER, "moves": _COUNTER, "tokens": {"type": "integer", "minimum": 0, "maximum": MAX_TOKENS}, "flyer_strike": {"type": "boolean"},
        "poison": _COUNTER, "taunt": _COUNTER, "lasting": LASTING_SCHEMA,
        "used": {"type": "object", "maxProperties": 20, "patternProperties": {"^[a-z][a-z0-9_]*$": _COUNTER},
                 "additionalProperties": False},
    },
}
_PLAYER = {"type": "object", "additionalProperties": False, "properties": {
    "name": _NAME, "gold": {"type": "integer", "minimum": 0, "maximum": MAX_CRYSTALS},
    "silver": {"type": "integer", "minimum": 0, "maximum": MAX_CRYSTALS},
    "redeals": _COUNTER, "coins": {"type": "integer", "minimum": 0, "maximum": MAX_CRYSTALS},
    "coins_open": {"type": "integer", "minimum": 0, "maximum": MAX_CRYSTALS},
    "failed_draws": {"type": "integer", "minimum": 0, "maximum": 3}, "hero": _UID_OR_NULL}}
_ROLL = {"type": "integer", "minimum": -20, "maximum": 30}   # a die with its modifiers (BR-17)
_TARGETS = {"type": "array", "items": _UID, "maxItems": 10}
_ENTRY = {"type": "object", "required": ["source", "card", "ability", "seat"], "additionalProperties": False,
          "properties": {"source": _UID, "card": _ID, "ability": _ID, "targets": _TARGETS, "seat": _SEAT,
                         "cell": {"type": ["integer", "null"], "minimum": 0, "maximum": 29}, "host": _UID_OR_NULL}}
_FIRED = {"type": "object", "required": ["card", "ability", "seat", "points"], "additionalProperties": False,
          "properties": {"card": _UID, "ability": _ID, "seat": _SEAT,
                         "points": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 10_000},
                                    "minItems": 1, "maxItems": 100}}}
_TEXT = {"type": ["object", "string"], "maxLength": 2000, "additionalProperties": False,
         "properties": {"ru": {"type": "string", "maxLength": 2000}, "en": {"type": "string", "maxLength": 2000}}}
OPTIONS = {"type": "object", "additionalProperties": False, "properties": {
    "gold": {"type": "integer", "minimum": 0, "maximum": 100},
    "silver": {"type": "integer", "minimum": 0, "maximum": 100},
    "second_gold_bonus": {"type": "integer", "minimum": 0, "maximum": 10},
    "second_silver_bonus": {"type": "integer", "minimum": 0, "maximum": 10},
    "redeal": {"enum": ["remove_card", "pay_gold"]},
    "deal_size": {"type": "integer", "minimum": 1, "maximum": 50},
    "flyer_cap": {"type": "integer", "minimum": 0, "maximum": 100},
    "deck_min": {"type": "integer", "minimum": 1, "maximum": 100},
    "deck_max": {"type": "integer", "minimum": 1, "maximum": 100},
    "max_copies": {"type": "integer", "minimum": 1, "maximum": 100},
    "allow_hidden_row": {"type": "boolean"},
    "turn_limit": {"type": "integer", "minimum": 0, "maximum": 10_000}}}
LOG = {"type": "array", "maxItems": 1_000_000, "items": {
    "type": "object", "required": ["rule", "kind", "ru", "en"], "additionalProperties": False,
    "properties": {"rule": {"type": "string", "maxLength": 60}, "kind": {"type": "string", "maxLength": 60},
                   "ru": {"type": "string", "maxLength": 2000}, "en": {"type": "string", "maxLength": 2000},
                   "data": {"type": "object", "maxProperties": 40}}}}
SETUP = {"type": "object", "additionalProperties": False, "properties": {
    "decks": {"type": "array", "minItems": 2, "maxItems": 2, "items": {
        "type": ["string", "object", "array"], "maxLength": 60, "maxItems": 100, "maxProperties": 100,
        "items": _ID, "patternProperties": {"^[a-z][a-z0-9_]*$": {"type": "integer", "minimum": 0, "maximum": 100}},
        "additionalProperties": False}},
    "options": OPTIONS, "names": {"type": "array", "items": _NAME, "minItems": 2, "maxItems": 2},
    "seed": {"type": "integer"}, "mode": {"enum": ["classic", "heroes"]},
    "heroes": {"type": "array", "items": _ID, "minItems": 2, "maxItems": 2}}}
SCHEMA = {
    "type": "object", "required": ["cards"], "additionalProperties": False,
    "properties": {
        "game": {"const": "berserk"}, "format": {"const": 1},
        "title": _TEXT, "description": _TEXT,
        "options": OPTIONS,
        "phase": {"enum": list(PHASES)}, "active": _SEAT,
        "turn": {"type": "integer", "minimum": 0, "maximum": 10_000},
        "winner": {"enum": [None, 0, 1, "draw"]}, "roll_winner": _SEAT,
        "hidden_row": {"type": "boolean"}, "next_uid": _UID,
        "players": {"type": "array", "items": _PLAYER, "minItems": 2, "maxItems": 2},
        "cards": {"type": "array", "items": _CARD, "maxItems": MAX_CARDS},
        "pending": {"type": ["object", "null"], "required": ["kind", "seat"], "additionalProperties": False,
                    "properties": {"kind": {"enum": ["defend", "choice", "attach"]}, "seat": _SEAT,
                                   "attacker": _UID, "target": _UID,
                                   "white": _ROLL, "black": _ROLL}},
        "dice": {"type": "object", "additionalProperties": False, "properties": {
            "seed": {"type": "integer", "minimum": -2 ** 63, "maximum": 2 ** 64 - 1},
            "state": {"type": ["integer", "null"], "minimum": 0, "maximum": 2 ** 64 - 1},
            "forced": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "maxItems": 1000},
            "count": {"type": "integer", "minimum": 0, "maximum": 10 ** 9}}},
        "log": LOG, "actions": RECORD_ACTIONS,
        "setup": SETUP,
        "mode": {"enum": ["classic", "heroes"]},
        "queue": {"type": "array", "items": _ENTRY, "maxItems": 100},
        "fired": {"type": "array", "items": _FIRED, "maxItems": 100},
        "priority": _SEAT, "passes": {"type": "integer", "minimum": 0, "maximum": 10},
        "batch": {"type": ["integer", "null"], "minimum": 0, "maximum": 100},
        "attacks_made": {"type": "integer", "minimum": 0, "maximum": 100},
        "own_cards": {"type": "array", "items": {"type": "object"}, "maxItems": MAX_OWN_CARDS},
    },
}


def _card_order(s) -> list[int]:
    out = []
    for seat in (0, 1):
        p = s.seats[seat]
        for lst in (p.deck, p.deal, p.squad, p.hand, p.aux, p.attached, p.graveyard, p.removed):
            out.extend(lst)
    listed = set(out)
    out.extend(sorted(u for u in s.cards if u not in listed))
    return out


def state_to_dict(s) -> dict:
    cards = []
    for uid in _card_order(s):
        c = s.cards[uid]
        cards.append({"uid": uid, "card": c.card, "owner": c.owner, "zone": c.zone,
                      "cell": cell_name(c.cell) if c.cell is not None else None, "host": c.host,
                      "closed": c.closed, "face_down": c.face_down, "wounds": c.wounds, "moves": c.moves,
                      "tokens": c.tokens, "flyer_strike": c.flyer_strike, "poison": c.poison,
                      "used": dict(c.used), "taunt": c.taunt})
        if c.lasting:                  # effects left for a time (lasting.py); absent when none
            cards[-1]["lasting"] = [e.to_dict() for e in c.lasting]
    return {
        "game": "berserk", "format": 1, "options": s.options.to_dict(), "setup": s.setup,
        "phase": s.phase, "active": s.active, "turn": s.turn, "winner": s.winner,
        "roll_winner": s.roll_winner, "hidden_row": s.hidden_row, "next_uid": s.next_uid,
        "players": [{"name": p.name, "gold": p.gold, "silver": p.silver, "redeals": p.redeals, "coins": p.coins,
                     "coins_open": p.coins_open, "failed_draws": p.failed_draws, "hero": p.hero} for p in s.seats],
        "cards": cards, "pending": dict(s.pending) if s.pending else None, "dice": s.dice.to_dict(),
        "mode": s.mode, "queue": [dict(e) for e in s.queue], "fired": [dict(f, points=list(f["points"])) for f in s.fired],
        "priority": s.priority, "passes": s.passes, "batch": s.batch, "attacks_made": s.attacks_made,
        "log": [e.to_dict() for e in s.log], "actions": [str(a) for a in s.actions],
        **own_cards(s),
    }


def own_cards(s) -> dict:
    """``{"own_cards": [...]}``: the definitions this position uses that are not the demo set's
    (user-defined, or a demo id redefined); ``{}`` when there are none (the hash of a demo-only
    position does not change)."""
    demo = demo_cards()
    if s.defs is demo:
        return {}
    used = {c.card for c in s.cards.values()} | {e["card"] for e in s.queue}
    used |= {e.card for c in s.cards.values() for e in c.lasting if e.what == "grant"}
    used |= _setup_ids(s.setup)
    out = [card_table(d) for cid, d in sorted(s.defs.items())
           if cid in used and (cid not in demo or demo[cid] != d) and d.data is not None]
    return {"own_cards": out} if out else {}


def _setup_ids(setup) -> set:
    out = set(setup.get("heroes", ())) if isinstance(setup, dict) else set()
    for deck in (setup.get("decks", ()) if isinstance(setup, dict) else ()):
        out |= set(deck) if isinstance(deck, (list, dict)) else set()
    return out


def _with_own_cards(data: dict, source: str, defs):
    """The card definitions of a scenario: `defs` (the demo set by default) and its ``own_cards``."""
    if not data.get("own_cards"):
        return defs
    own = parse_cards(data["own_cards"], source, where="own_cards")
    return {**(defs if defs is not None else demo_cards()), **own}


def state_from_dict(data, source: str = "<scenario>", defs=None):
    """Build a position from a scenario dict; raise `DataError` naming the offending field."""
    from .game import BerserkState

    if not isinstance(data, dict):
        raise DataError.of(source, "", E("scenario_not_object"))
    validate(data, SCHEMA, source)
    _check_meaning(data, source)
    defs = _with_own_cards(data, source, defs)
    opts = Options.from_dict(data.get("options"), source)
    s = BerserkState(defs, opts, 0, tuple(p.get("name", n) for p, n in zip(data.get("players", [{}, {}]), "AB")))
    s.setup = data.get("setup", {})
    for key in ("phase", "active", "turn", "winner", "roll_winner", "hidden_row", "mode", "priority", "passes",
                "batch", "attacks_made"):
        if key in data:
            setattr(s, key, data[key])
    if "phase" not in data:
        s.phase, s.turn = "battle", max(s.turn, 1)
    for p, pd in zip(s.seats, data.get("players", [{}, {}])):
        p.gold, p.silver, p.redeals = pd.get("gold", 0), pd.get("silver", 0), pd.get("redeals", 0)
        p.coins, p.coins_open, p.failed_draws = pd.get("coins", 0), pd.get("coins_open", 0), pd.get("failed_draws", 0)
        p.hero = pd.get("hero")
    used = {c["uid"] for c in data["cards"] if "uid" in c}
    next_free = 1
    for i, cd in enumerate(data["cards"]):
        f = f"cards[{i}]"
        if cd["card"] not in s.defs:
            raise DataError.of(source, f"{f}.card", E("unknown_card", card=cd["card"]))
        uid = cd.get("uid")
        if uid is None:
            while next_free in used:
                next_free += 1
            uid = next_free
            used.add(uid)
        elif uid in s.cards:
            raise DataError.of(source, f"{f}.uid", E("duplicate_uid", uid=uid))
        d = s.defs[cd["card"]]
        zone = cd.get("zone") or ("field" if cd.get("cell") else "aux" if d.is_flyer or d.type == "terrain" else
                                  "attached" if cd.get("host") is not None else "deck")
        c = CardState(uid, cd["card"], cd["owner"], zone)
        c.closed, c.face_down = cd.get("closed", False), cd.get("face_down", False)
        c.wounds, c.tokens, c.flyer_strike = cd.get("wounds", 0), cd.get("tokens", 0), cd.get("flyer_strike", False)
        c.poison, c.taunt, c.used = cd.get("poison", 0), cd.get("taunt", 0), dict(cd.get("used", {}))
        c.lasting = lasting_from_list(cd.get("lasting", ()), s.defs, source, f"{f}.lasting")
        c.moves = cd.get("moves", d.move if zone == "field" else 0)
        if zone == "field":
            if not cd.get("cell"):
                raise DataError.of(source, f"{f}.cell", E("cell_needed"))
            try:
                c.cell = parse_cell(cd["cell"])
            except DataError as e:
                raise DataError(source, f"{f}.cell", e.en, e.ru) from None
            if s.cells[c.cell] is not None:
                raise DataError.of(source, f"{f}.cell", E("cell_taken", cell=cd["cell"], uid=s.cells[c.cell]))
            if not c.face_down and s.phase in ("battle", "over") and (d.is_flyer or d.type == "terrain"):
                raise DataError.of(source, f"{f}.zone", E("flyer_on_field", card=d.id))
            s.cells[c.cell] = uid
        elif cd.get("cell"):
            raise DataError.of(source, f"{f}.cell", E("cell_off_field", zone=zone))
        if zone == "attached":
            c.host = cd.get("host")
        elif cd.get("host") is not None:
            raise DataError.of(source, f"{f}.host", E("host_not_attached"))
        if d.type in ("creature", "artifact") and c.wounds >= d.lives and zone in ("field", "aux", "attached"):
            raise DataError.of(source, f"{f}.wounds", E("wounds_kill", wounds=c.wounds, lives=d.lives))
        s.cards[uid] = c
        lst = s.seats[c.owner].zone_list(zone)
        if lst is not None:
            lst.append(uid)
    # a game creates its cards in rising uid order and walks them in that order (poison, turn
    # start triggers, defenders): keep it, so a loaded position plays on exactly like the original
    s.cards = dict(sorted(s.cards.items()))
    for uid, c in s.cards.items():
        if c.zone == "attached":
            h = s.cards.get(c.host)
            if h is None or h.zone != "field" or h.owner != c.owner:
                raise DataError.of(source, f"cards[#{uid}].host", E("bad_host", host=c.host))
    s.next_uid = max(data.get("next_uid", 1), max(s.cards, default=0) + 1)
    _load_players(s, data, source)
    _load_decisions(s, data, source)
    if "dice" in data:
        dd = data["dice"]
        s.dice = Dice(dd.get("seed", 0), dd.get("state"), dd.get("forced", ()), dd.get("count", 0))
    s.log = [LogEntry.from_dict(e) for e in data.get("log", [])]
    s.actions = []
    for i, t in enumerate(data.get("actions", [])):
        try:
            s.actions.append(Action.parse(t))
        except DataError as e:
            raise type(e)(source, f"actions[{i}]", e.en, e.ru) from None
    s.origin = (_frozen_copy(data), len(s.actions))   # where a record of this game starts (record.record_of)
    return s


def _frozen_copy(data: dict) -> dict:
    """A copy the caller cannot change afterwards (the log's entries, never changed, are shared)."""
    return {k: (list(v) if k == "log" else copy.deepcopy(v)) for k, v in data.items()}


def _load_players(s, data: dict, source: str) -> None:
    """Heroes mode: a player's hero is a hero card of theirs; open coins are coins they have."""
    for i, p in enumerate(s.seats):
        f = f"players[{i}]"
        if p.hero is not None:
            c = s.cards.get(p.hero)
            if c is None or c.owner != i or s.defs[c.card].type != "hero":
                raise DataError.of(source, f"{f}.hero", E("not_hero_of", uid=p.hero, seat=i))
        if p.coins_open > p.coins:
            raise DataError.of(source, f"{f}.coins_open", E("open_coins", open=p.coins_open, coins=p.coins))


def _load_decisions(s, data: dict, source: str) -> None:
    """The decision under way: a pending choice, the queue of declared abilities, fired triggers."""
    def bad(field, key, **kw):
        raise DataError.of(source, field, E(key, **kw))

    def card(field, uid):
        if uid not in s.cards:
            bad(field, "no_card", uid=uid)
        return s.cards[uid]

    for key in ("pending", "queue", "fired"):
        if data.get(key) and s.phase != "battle":
            bad(key, "decision_out_of_battle", phase=s.phase)
    pend = data.get("pending")
    if pend:
        for key in ("attacker", "target"):
            if key in pend and not card(f"pending.{key}", pend[key]).in_play:
                bad(f"pending.{key}", "pending_not_in_play", uid=pend[key])
        if pend["kind"] in ("defend", "choice") and not {"attacker", "target"} <= set(pend):
            bad("pending", "pending_needs_cards")
        if pend["kind"] == "choice" and not {"white", "black"} <= set(pend):
            bad("pending", "pending_needs_rolls")
        owners = {s.cards[pend[k]].owner for k in ("attacker", "target") if k in pend}
        if pend["kind"] == "defend" and pend["seat"] != s.cards[pend["target"]].owner:
            bad("pending.seat", "defender_chooser")
        if pend["kind"] == "choice" and pend["seat"] not in owners:
            bad("pending.seat", "outcome_chooser")
        s.pending = dict(pend)
    for i, e in enumerate(data.get("queue", [])):
        f = f"queue[{i}]"
        card(f"{f}.source", e["source"])
        if e["card"] not in s.defs:
            bad(f"{f}.card", "unknown_card", card=e["card"])
        if s.defs[e["card"]].ability(e["ability"]) is None:
            bad(f"{f}.ability", "no_ability", card=e["card"], ability=e["ability"])
        for j, t in enumerate(e.get("targets", [])):
            card(f"{f}.targets[{j}]", t)
        if e.get("host") is not None:
            card(f"{f}.host", e["host"])
    s.queue = [dict(e, targets=list(e.get("targets", [])), cell=e.get("cell"), host=e.get("host")) for e in data.get("queue", [])]
    if s.batch is not None and s.batch > len(s.queue):
        bad("batch", "batch_past_queue", batch=s.batch, length=len(s.queue))
    pools: dict = {}
    s.fired = []
    for i, e in enumerate(data.get("fired", [])):   # one shared pool of trigger points per ability (HR-402.2)
        f = f"fired[{i}]"
        c = card(f"{f}.card", e["card"])
        if s.defs[c.card].ability(e["ability"]) is None:
            bad(f"{f}.ability", "no_ability", card=c.card, ability=e["ability"])
        if e["seat"] != c.owner:
            bad(f"{f}.seat", "trigger_owner", seat=c.owner)
        for j, point in enumerate(e["points"]):
            card(f"{f}.points[{j}]", point)
        key = (e["card"], e["ability"])
        if key not in pools:
            pools[key] = list(e["points"])     # as saved: the pool itself, repeats included
        else:
            pools[key].extend(p for p in dict.fromkeys(e["points"]) if p not in pools[key])
        s.fired.append(dict(e, points=pools[key]))


def _check_meaning(data: dict, source: str) -> None:
    """What the schema cannot say: the winner only in a finished game, a sane deck range."""
    phase = data.get("phase", "battle")
    if (data.get("winner") is not None) != (phase == "over"):
        raise DataError.of(source, "winner", E("winner_when_over", phase=phase))
    opts = data.get("options") or {}
    if opts.get("deck_min", 30) > opts.get("deck_max", 50):
        raise DataError.of(source, "options.deck_min", E("deck_range"))


def load_scenario(path, defs=None):
    data, source = read_data(path)
    if isinstance(data, dict) and "actions" in data and "cards" not in data:
        raise DataError.of(source, "", E("record_not_scenario"))
    return state_from_dict(data, source, defs)


def save_scenario(s, path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(s.to_dict(), f, ensure_ascii=False, indent=1)
        f.write("\n")


share.register("berserk", state_from_dict)
