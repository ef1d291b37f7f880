"""The explorer for Battle for the City: any moment of a game, edited on the board it is played on.
No widgets.

    c = CityExplorer(lang="en")                 # a new two-player game on the default map
    c.set_district(13, owner=0, forces=3)       # the map: who holds a district, with what forces
    c.set_influence(1, 5)
    c.set_phase("actions"); c.set_turn("attacks", 1)
    c.set_deck("quiet-day, truce")              # the event deck, first card on top
    c.player.apply("attack 14>15 2")            # play on from there (a CityController)
    code = c.share_code()                       # the link code of the position shown

The position is the game's own: every edit takes ``state.to_dict()`` of the position on the board,
changes one field of its ``position`` (docs/notation-city.md, docs/scenarios.md) and loads it
again through the kernel's `load_scenario`, which checks every field; a refusal keeps the
position and says which field is wrong and why. The game's log and moves start afresh after an
edit (an edited position has no history); undo of edits goes back through the edits.
"""
from __future__ import annotations

import copy
import json

from berserk_kernel.city import load_scenario
from berserk_kernel.city.scenario import PHASES
from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.loading import parse_text

from .city_controller import CityController
from .controller_base import Message
from .explorer_words import pair, ru_schema, src_name, t, value_name
from .i18n import normal_lang, page_lang

SOURCE = "<explorer>"
TURN_COUNTERS = ("bought", "attacks", "attack_limit", "attack_hit", "defence_hit", "capture_cost", "income_bonus")
MAX_TEXT = 2_000_000
EDIT_HISTORY = 100


def _bad(*values) -> bool:
    """A value `_whole` refused (False, not 0)."""
    return any(v is False for v in values)


def new_city(players: int = 2, map_name: str = "default", seed: int = 1) -> dict:
    return {"game": "city", "kind": "scenario", "setup": {"players": players, "map": map_name, "seed": seed}}


class CityExplorer:
    """Edit and play a City position. `player` is the `CityController` of the board; `message`
    the last `Message` of an edit."""

    def __init__(self, data: dict | None = None, lang: str | None = None):
        self.lang = normal_lang(lang) if lang else page_lang()
        self.message: Message | None = None
        self.version = 0
        self._undo: list[dict] = []
        self.player = CityController(load_scenario(copy.deepcopy(data or new_city()), SOURCE), self.lang)

    # --- reading -------------------------------------------------------------------------------
    @property
    def state(self):
        return self.player.state

    def districts(self) -> list[int]:
        return sorted(self.state.map.numbers) if hasattr(self.state.map, "numbers") else sorted(self.state.owner)

    def events(self) -> list[str]:
        """The event ids the deck may hold."""
        return sorted(self.state.deck_def.cards)

    def position(self) -> dict:
        return self.state.to_dict()["position"]

    def deck_text(self) -> str:
        return ", ".join(self.state.deck)

    def status(self) -> str:
        s, lang = self.state, self.lang
        who = self.player.name(s.current, lang) if s.current is not None else "—"
        return t("city_status", lang, phase=s.phase, round=s.round, who=who)

    def set_lang(self, lang: str) -> None:
        self.lang = normal_lang(lang)
        self.player.set_lang(self.lang)

    # --- edits -------------------------------------------------------------------------------------
    def set_district(self, district, owner=None, forces: int = 0) -> bool:
        """Who holds `district` (a player 0.., or None for free) and its forces (0..10)."""
        d = self._whole(district, "district")
        f = self._whole(forces, "forces")
        o = None if owner in (None, "", -1) else self._whole(owner, "owner")
        if _bad(d, f, o):
            return False
        return self._edit(lambda p: p.setdefault("districts", {}).__setitem__(str(d), {"owner": o, "forces": f}),
                          pair("city_district_set", d=d, owner="—" if o is None else self._name(o), forces=f))

    def set_influence(self, player, value) -> bool:
        p, v = self._whole(player, "player"), self._whole(value, "influence")
        if _bad(p, v):
            return False

        def change(pos):
            if not 0 <= p < len(pos["influence"]):
                raise DataError(SOURCE, "position.influence", f"no player {p}", f"нет игрока {p}")
            pos["influence"][p] = v
        return self._edit(change, pair("city_influence_set", who=self._name(p), n=v))

    def set_hq(self, player, district) -> bool:
        p = self._whole(player, "player")
        d = None if district in (None, "") else self._whole(district, "hq")
        if _bad(p, d):
            return False

        def change(pos):
            if not 0 <= p < len(pos["hq"]):
                raise DataError(SOURCE, "position.hq", f"no player {p}", f"нет игрока {p}")
            pos["hq"][p] = d
        return self._edit(change, pair("city_hq_set", who=self._name(p), d=d if d is not None else "—"))

    def set_phase(self, phase: str) -> bool:
        """pick | event | income | actions | over (the kernel checks it fits the rest)."""
        return self._edit(lambda p: p.__setitem__("phase", phase), tuple(t("phase_set", lg, phase=value_name("city_phase", phase, lg)) for lg in ("ru", "en")))

    def set_round(self, n) -> bool:
        v = self._whole(n, "round")
        return not _bad(v) and self._edit(lambda p: p.__setitem__("round", v), pair("city_round_set", n=v))

    def set_current(self, player) -> bool:
        v = self._whole(player, "current")
        return not _bad(v) and self._edit(lambda p: p.__setitem__("current", v),
                                             pair("city_current_set", who=self._name(v)))

    def set_turn(self, key: str, value) -> bool:
        """A counter of the turn in progress: attacks made, attack_limit, bought, ..."""
        v = self._whole(value, key)
        return not _bad(v) and self._edit(lambda p: p.setdefault("turn", {}).__setitem__(key, v),
                                             tuple(t("player_set", lg, who=t("city_turn", lg), what=value_name("counter", key, lg), value=v) for lg in ("ru", "en")))

    def set_deck(self, events, field: str = "deck") -> bool:
        """The event deck (or the "discard" pile) in order, the top card first: a list of event
        ids or a text "quiet-day, truce"."""
        if isinstance(events, str):
            events = [e.strip() for e in events.replace("\n", ",").split(",") if e.strip()]
        lst = [str(e) for e in events]
        return self._edit(lambda p: p.__setitem__(field, lst), pair("city_deck_set", field=field, n=len(lst)))

    def force_dice(self, *faces) -> bool:
        """Die faces (1..10) for the next rolls of the game on the board."""
        vals = [self._whole(f, "forced") for f in faces]
        if _bad(*vals) or not vals:
            return False
        return self._edit(lambda p: p.__setitem__("forced", list(p.get("forced", [])) + vals),
                          pair("dice_added", faces=", ".join(map(str, vals))))

    def set_field(self, name: str, text) -> bool:
        """Any field of the position from JSON text ("null" takes it out)."""
        text = str(text or "")
        if len(text) > MAX_TEXT:
            return self._fail(SOURCE, *pair("too_big_text", n=MAX_TEXT))
        try:
            value = parse_text(text, name) if text.strip() else None
        except DataError as e:
            return self._refused(DataError(SOURCE, f"position.{name}", e.en, e.ru), "edit_refused")

        def change(pos):
            if value is None:
                pos.pop(name, None)
            else:
                pos[name] = value
        return self._edit(change, pair("field_set", field=name))

    def undo_edit(self) -> bool:
        if not self._undo:
            self._say("info", "", *pair("nothing"))
            return False
        self.player.reset(load_scenario(self._undo.pop(), SOURCE))
        self.version += 1
        self._say("info", "", *pair("undone_edit"))
        return True

    # --- files and links ---------------------------------------------------------------------------
    def save_dict(self) -> dict:
        return self.state.to_dict()

    def save_text(self) -> str:
        return json.dumps(self.save_dict(), ensure_ascii=False, indent=1) + "\n"

    def share_code(self) -> str:
        data = self.save_dict()
        data.pop("log", None)
        data.pop("actions", None)
        return share.encode(data)

    def load_text(self, text, source: str = "<text>") -> bool:
        text = str(text or "")
        if len(text) > MAX_TEXT:
            return self._fail(source, *pair("too_big_text", n=MAX_TEXT))
        try:
            data = parse_text(text, source)
            state = load_scenario(data, source)
        except DataError as e:
            return self._refused(e, "load_refused", source)
        return self._open(state, source)

    def load_code(self, code, source: str = "<link>") -> bool:
        try:
            state = share.load(code, source)
        except DataError as e:
            return self._refused(e, "load_refused", source)
        if getattr(state, "GAME", None) == "berserk" or hasattr(state, "cards"):
            return self._fail(source, *pair("other_game", game="berserk"))
        return self._open(state, source)

    # --- internals ---------------------------------------------------------------------------------
    def _open(self, state, source: str) -> bool:
        self._push()
        self.player.reset(state)
        self.version += 1
        n = sum(1 for o in state.owner.values() if o is not None)
        if source == "<link>":
            self._say("done", "", *pair("city_loaded_link", n=n))
        else:
            self._say("done", "", t("city_loaded", "ru", source=src_name(source, "ru"), n=n),
                      t("city_loaded", "en", source=src_name(source, "en"), n=n))
        return True

    def _edit(self, change, done: tuple[str, str]) -> bool:
        data = self.state.to_dict()
        data.pop("log", None)
        data.pop("actions", None)
        try:
            change(data["position"])
            state = load_scenario(copy.deepcopy(data), SOURCE)
        except DataError as e:
            return self._refused(e, "edit_refused")
        self._push()
        self.player.reset(state)
        self.version += 1
        self._say("done", "", *done)
        return True

    def _push(self) -> None:
        data = self.state.to_dict()
        data.pop("log", None)
        data.pop("actions", None)
        self._undo.append(data)
        del self._undo[:-EDIT_HISTORY]

    def _name(self, p) -> str:
        try:
            return self.player.name(p, self.lang)
        except (IndexError, KeyError, TypeError):
            return str(p)

    def _whole(self, value, what: str):
        try:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            return int(value)
        except (TypeError, ValueError):
            self._say("illegal", "", t("bad_number", "ru", what=what, value=value), t("bad_number", "en", what=what, value=value))
            return False

    def _say(self, kind: str, rule_id: str, ru: str, en: str) -> Message:
        self.message = Message(kind, rule_id or "", ru, en)
        return self.message

    def _refused(self, e: DataError, prefix: str, source: str | None = None) -> bool:
        src = source or e.source
        heads = [t(prefix, lang, source=src_name(src, lang)) for lang in ("ru", "en")]
        ru_text = ru_schema(e.ru) if e.ru == e.en else e.ru
        if e.field:
            ru = f"{heads[0]}: {t('field', 'ru', field=e.field)} — {ru_text}"
            en = f"{heads[1]}: {t('field', 'en', field=e.field)} — {e.en}"
        else:
            ru, en = f"{heads[0]}: {ru_text}", f"{heads[1]}: {e.en}"
        self._say("error" if prefix == "load_refused" else "illegal", "", ru, en)
        return False

    def _fail(self, source: str, ru: str, en: str) -> bool:
        heads = [t("load_refused", lang, source=src_name(source, lang)) for lang in ("ru", "en")]
        self._say("error", "", f"{heads[0]}: {ru}", f"{heads[1]}: {en}")
        return False


__all__ = ["CityExplorer", "PHASES", "TURN_COUNTERS", "new_city"]
