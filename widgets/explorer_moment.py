"""Any moment of a Berserk game in the explorer (a mixin of `ExplorerController`): decks, hands,
the deal, graveyards, the phase and mode, the players' crystals, coins and heroes, a pending
decision (a defender to choose, a fight-table choice), the queue of declared abilities and
simultaneous triggers (`fired`, HR-402.2).

Every edit changes a copy of the scenario dict (the fields of docs/scenarios.md) and asks the
kernel to build it (`_commit`): the kernel checks that the decision, the queue and the triggers fit
the cards (the seat, the attacker and target, the ability of the card), and a refused edit keeps
the previous position with the kernel's message. `set_field` edits any top-level field as JSON,
for the fields that have no form of their own."""
from __future__ import annotations

import json

from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.loading import parse_text

from .explorer_words import pair, t, value_name

ZONES_OFF = ("deck", "deal", "squad", "hand", "graveyard", "removed")
PHASES = ("order", "build", "place", "reveal", "attach", "battle", "over")
PLAYER_NUMBERS = ("gold", "silver", "coins", "coins_open", "redeals")
PENDING_KINDS = ("defend", "choice")
FIELD_MAX = 200_000


class MomentMixin:
    """Off-board zones, phase, players, the pending decision, the queue and the fired triggers."""

    # --- reading -------------------------------------------------------------------------------
    def zone_cards(self, seat: int, zone: str) -> list[int]:
        """The uids of `seat`'s cards in an off-board `zone`, in the order of the position
        (a deck's first card is drawn first)."""
        return [cd["uid"] for cd in self.data["cards"] if cd.get("owner") == seat and cd.get("zone") == zone]

    def abilities_of(self, uid) -> list[str]:
        """The ability ids of the card `uid` (for the queue and trigger lists)."""
        c = self.state.cards.get(int(uid)) if str(uid).isdigit() else None
        if c is None:
            return []
        return [a.id for a in self.defs[c.card].abilities]

    def ability_label(self, card_id: str, ability: str, lang: str | None = None) -> str:
        d = self.defs.get(card_id)
        a = d.ability(ability) if d is not None else None
        text = a.text.get(lang or self.lang) if a is not None and a.text is not None else ""
        return text or ability

    def ability_words(self, card_id: str, ability: str, lang: str | None = None) -> str:
        """An ability in the card's own words («Выстрел на 2»), else its id."""
        d = self.defs.get(card_id)
        a = d.ability(ability) if d is not None else None
        text = a.text.get(lang or self.lang) if a is not None and a.text is not None else ""
        return f"«{text}»" if text and (lang or self.lang) == "ru" else (f"“{text}”" if text else ability)

    def moment_lines(self, lang: str | None = None) -> list[str]:
        """The pending decision, the queue and the fired triggers in words (the page's summary)."""
        lang = lang or self.lang
        d, out = self.data, []
        p = d.get("pending")
        if p:
            who = self.seat_name(p["seat"])
            if p["kind"] == "defend":
                out.append(t("pending_defend_line", lang, who=who, attacker=p.get("attacker"), target=p.get("target")))
            else:
                out.append(t("pending_choice_line", lang, who=who, white=p.get("white"), black=p.get("black"),
                             attacker=p.get("attacker"), target=p.get("target")))
        for i, e in enumerate(d.get("queue") or []):
            targets = " ".join(f"#{u}" for u in e.get("targets", [])) or "—"
            out.append(t("queue_line", lang, n=i + 1, uid=e["source"], name=self.name(e["card"], lang),
                         ability=self.ability_words(e["card"], e["ability"], lang), targets=targets,
                         who=self.seat_name(e["seat"])))
        for i, f in enumerate(d.get("fired") or []):
            card = self.state.cards[f["card"]].card if f["card"] in self.state.cards else ""
            out.append(t("fired_line", lang, n=i + 1, uid=f["card"], name=self.uid_name(f["card"], lang),
                         ability=self.ability_words(card, f["ability"], lang), who=self.seat_name(f["seat"]),
                         points=", ".join(map(str, f["points"]))))
        return out

    # --- own cards -----------------------------------------------------------------------------
    def add_own_card(self, table) -> bool:
        """A user-defined card (a table, a list of tables or TOML text, short defaults allowed;
        `berserk.cards.parse_cards`) joins the card list; a position that uses it saves it under
        ``own_cards``. The kernel's refusal names the card and the field."""
        try:
            new = parse_cards(table, "<own card>", where="own_cards")
        except DataError as e:
            self._data_error(e, None, "edit_refused")
            return False
        self.defs = {**self.defs, **new}
        cid = next(iter(new))
        self.palette_card = cid if new[cid].type != "hero" else self.palette_card
        self.version += 1
        d = new[cid]
        self._say("done", "", t("own_added", "ru", name=d.name.ru), t("own_added", "en", name=d.name.en))
        return True

    # --- zones off the board ---------------------------------------------------------------------
    def add_to_zone(self, card_id: str, zone: str, owner: int | None = None) -> bool:
        """A new copy of `card_id` for `owner` at the end of an off-board zone (deck, deal, squad,
        hand, graveyard, removed)."""
        if not self._editing():
            return False
        if zone not in ZONES_OFF:
            return self._refuse("bad_zone", zone=zone)
        if card_id not in self.defs:
            return self._refuse("unknown_card", card=card_id)
        seat = self.owner if owner is None else owner
        if seat not in (0, 1):
            return False
        data = self._draft()
        uid = self.state.next_uid
        data["cards"].append({"uid": uid, "card": card_id, "owner": seat, "zone": zone})
        return self._commit(data, self._zone_done("added_to_zone", uid, card_id, seat, zone))

    def to_zone(self, uid, zone: str) -> bool:
        """Move a card (anywhere) to the end of an off-board zone; the cards on it go along."""
        if not self._editing():
            return False
        if zone not in ZONES_OFF:
            return self._refuse("bad_zone", zone=zone)
        idx = self._any_index(uid)
        if idx is None:
            return False
        data = self._draft()
        cd = data["cards"].pop(idx)
        riders = [c for c in data["cards"] if c.get("zone") == "attached" and c.get("host") == cd["uid"]]
        data["cards"] = [c for c in data["cards"] if not any(c is r for r in riders)]
        for c in (cd, *riders):
            for key in ("cell", "host", "closed", "face_down", "wounds", "moves", "poison", "taunt", "flyer_strike", "used"):
                c.pop(key, None)
            c["zone"] = zone
            data["cards"].append(c)
        ok = self._commit(data, self._zone_done("moved_to_zone", cd["uid"], cd["card"], cd["owner"], zone))
        if ok and self.selected in {cd["uid"], *[r["uid"] for r in riders]}:
            self.selected = None
        return ok

    def to_top(self, uid) -> bool:
        """Put a card first in its zone (a deck's top card is drawn first)."""
        if not self._editing():
            return False
        idx = self._any_index(uid)
        if idx is None:
            return False
        data = self._draft()
        cd = data["cards"].pop(idx)
        data["cards"].insert(0, cd)
        return self._commit(data, self._zone_done("to_top", cd["uid"], cd["card"], cd["owner"], cd.get("zone", "field")))

    def drop(self, uid) -> bool:
        """Take a card out of the position wherever it is (with the cards on it)."""
        if not self._editing():
            return False
        idx = self._any_index(uid)
        if idx is None:
            return False
        if self.data["cards"][idx].get("zone", "field") in ("field", "aux", "attached"):
            return self.remove(uid)
        data = self._draft()
        cd = data["cards"].pop(idx)
        return self._commit(data, self._zone_done("dropped", cd["uid"], cd["card"], cd["owner"], cd.get("zone")))

    # --- the game's frame --------------------------------------------------------------------------
    def set_phase(self, phase: str) -> bool:
        if not self._editing():
            return False
        data = self._draft()
        data["phase"] = phase
        return self._commit(data, self._named("phase_set", phase=("phase", phase)))

    def set_mode(self, mode: str) -> bool:
        """classic or heroes (a Heroes game needs each player's hero: `set_player(seat, "hero", uid)`)."""
        if not self._editing():
            return False
        data = self._draft()
        data["mode"] = mode
        return self._commit(data, self._named("mode_set", mode=("mode", mode)))

    def set_player(self, seat: int, key: str, value) -> bool:
        """A player's gold, silver, coins, coins_open, redeals (whole numbers), name, or hero (a
        card uid in the aux zone, or None)."""
        if not self._editing() or seat not in (0, 1):
            return False
        if key in PLAYER_NUMBERS or key == "hero":
            value = self._whole(value, key, none_ok=(key == "hero"))
            if value is False:
                return False
        elif key == "name":
            value = str(value)
        else:
            return False
        data = self._draft()
        players = data.setdefault("players", [{}, {}])
        players[seat][key] = value
        return self._commit(data, self._named("player_set", who=self.seat_name(seat), what=("player", key), value=value))

    def set_heroes(self, hero_a: str | None, hero_b: str | None = None) -> bool:
        """A Heroes game (HR): each player's hero card goes to their aux zone and becomes
        `players[seat].hero`; `set_heroes(None)` makes it a classic game again."""
        if not self._editing():
            return False
        data = self._draft()
        players = data.setdefault("players", [{}, {}])
        old = {p.get("hero") for p in players} - {None}
        data["cards"] = [cd for cd in data["cards"] if cd.get("uid") not in old]
        if hero_a is None:
            data["mode"] = "classic"
            for p in players:
                p.pop("hero", None)
            return self._commit(data, self._named("mode_set", mode=("mode", "classic")))
        uid = self.state.next_uid
        for seat, cid in enumerate((hero_a, hero_b)):
            if cid not in self.defs or self.defs[cid].type != "hero":
                return self._refuse("not_a_hero", card=cid)
            data["cards"].append({"uid": uid, "card": cid, "owner": seat, "zone": "aux"})
            players[seat]["hero"] = uid
            uid += 1
        data["mode"] = "heroes"
        return self._commit(data, self._named("mode_set", mode=("mode", "heroes")))

    # --- the pending decision ------------------------------------------------------------------------
    def set_pending(self, kind: str | None, seat=None, attacker=None, target=None, white=None, black=None) -> bool:
        """A decision waiting for `seat`: "defend" (choose a defender against `attacker`'s strike
        at `target`, BR-10.3) or "choice" (a fight-table choice for the rolls `white`, `black`);
        None clears it."""
        if not self._editing():
            return False
        data = self._draft()
        if not kind:
            data["pending"] = None
            return self._commit(data, pair("pending_cleared"))
        p = {"kind": kind}
        for key, v in (("seat", seat), ("attacker", attacker), ("target", target), ("white", white), ("black", black)):
            if v is None or v == "":
                continue
            v = self._whole(v, key)
            if v is False:
                return False
            p[key] = v
        if "seat" not in p:
            p["seat"] = 1 - data.get("active", 0)
        data["pending"] = p
        return self._commit(data, self._named("pending_set", kind=("pending", kind), who=self.seat_name(p["seat"])))

    # --- the queue and simultaneous triggers ------------------------------------------------------------
    def add_queued(self, source, ability: str, targets=(), seat=None) -> bool:
        """Declare `source`'s `ability` (at `targets`) on top of the queue (R-QUEUE); `seat`
        defaults to the card's owner, and the other player has the right to answer next."""
        if not self._editing():
            return False
        idx = self._any_index(source)
        if idx is None:
            return False
        data = self._draft()
        cd = data["cards"][idx]
        tl = []
        for u in targets or ():
            u = self._whole(u, "targets")
            if u is False:
                return False
            tl.append(u)
        entry = {"source": cd["uid"], "card": cd["card"], "ability": str(ability), "targets": tl,
                 "seat": cd["owner"] if seat is None else seat}
        data.setdefault("queue", []).append(entry)
        data["priority"], data["passes"] = 1 - entry["seat"], 0      # the other player may answer (R-QUEUE)
        return self._commit(data, tuple(t("queued", lg, uid=cd["uid"], ability=self.ability_words(cd["card"], ability, lg))
                                        for lg in ("ru", "en")))

    def add_fired(self, card, ability: str, points=(1,), seat=None) -> bool:
        """A triggered ability of `card` waiting to be declared at once with others (HR-402.2):
        `points` is its pool of trigger points."""
        if not self._editing():
            return False
        idx = self._any_index(card)
        if idx is None:
            return False
        pts = []
        for v in points or ():
            v = self._whole(v, "points")
            if v is False:
                return False
            pts.append(v)
        data = self._draft()
        cd = data["cards"][idx]
        data.setdefault("fired", []).append({"card": cd["uid"], "ability": str(ability),
                                             "seat": cd["owner"] if seat is None else seat, "points": pts})
        return self._commit(data, tuple(t("fired_added", lg, uid=cd["uid"],
                                          ability=self.ability_words(cd["card"], ability, lg)) for lg in ("ru", "en")))

    def set_used(self, uid, ability: str, times) -> bool:
        """How many times this turn the card has used `ability` (an ability with uses per turn
        cannot be declared again when they are spent)."""
        if not self._editing():
            return False
        idx = self._any_index(uid)
        n = self._whole(times, "used")
        if idx is None or n is False:
            return False
        data = self._draft()
        cd = data["cards"][idx]
        used = dict(cd.get("used") or {})
        if n:
            used[str(ability)] = n
        else:
            used.pop(str(ability), None)
        cd["used"] = used
        return self._commit(data, pair("used_set", uid=cd["uid"], ability=ability, n=n))

    def remove_entry(self, field: str, index) -> bool:
        """Take entry `index` out of the "queue" or "fired"."""
        if not self._editing() or field not in ("queue", "fired"):
            return False
        data = self._draft()
        items = data.get(field) or []
        try:
            del items[int(index)]
        except (TypeError, ValueError, IndexError):
            return self._refuse("no_entry", n=index)
        return self._commit(data, self._named("entry_removed", field=("entries", field), n=int(index) + 1))

    # --- any field as JSON -------------------------------------------------------------------------------
    def field_text(self, name: str) -> str:
        """A top-level field of the position as JSON text (for `set_field`)."""
        return json.dumps(self.data.get(name), ensure_ascii=False)

    def set_field(self, name: str, text) -> bool:
        """Set a top-level field of the scenario from JSON text ("null" takes it out); the kernel
        checks it like any field of a file."""
        if not self._editing():
            return False
        text = str(text or "")
        if len(text) > FIELD_MAX:
            return self._load_failed(name, *pair("too_big_text", n=FIELD_MAX))
        try:
            value = parse_text(text, name) if text.strip() else None
        except DataError as e:
            self._data_error(DataError(e.source, e.field or name, e.en, e.ru), None, "edit_refused")
            return False
        data = self._draft()
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
        return self._commit(data, pair("field_set", field=name))

    # --- internals ------------------------------------------------------------------------------------
    def _named(self, key: str, **kw) -> tuple[str, str]:
        """`pair(key)` with values given as (group, id) said in words: the phase, mode, pending
        kind, player field or entry list by its name in each language (an unknown id as it is)."""
        out = []
        for lang in ("ru", "en"):
            vals = {k: (value_name(*v, lang) if isinstance(v, tuple) else v) for k, v in kw.items()}
            out.append(t(key, lang, **vals))
        return tuple(out)

    def _refuse(self, key: str, **kw) -> bool:
        self._say("illegal", "", *pair(key, **kw))
        return False

    def _any_index(self, uid):
        try:
            uid = int(uid)
        except (TypeError, ValueError):
            return None
        for i, cd in enumerate(self.data["cards"]):
            if cd.get("uid") == uid:
                return i
        self._say("illegal", "", *pair("no_card_uid", uid=uid))
        return None

    def _whole(self, value, what: str, none_ok: bool = False):
        if none_ok and (value is None or value == ""):
            return None
        try:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            return int(value)
        except (TypeError, ValueError):
            self._say("illegal", "", t("bad_number", "ru", what=what, value=value), t("bad_number", "en", what=what, value=value))
            return False

    def _zone_done(self, key: str, uid: int, card_id: str, seat: int, zone: str) -> tuple[str, str]:
        return tuple(t(key, lang, uid=uid, name=self.name(card_id, lang), who=self.seat_name(seat),
                       zone=t(f"zone_{zone}", lang)) for lang in ("ru", "en"))
