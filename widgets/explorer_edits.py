"""The explorer's edits of cards in play, whose turn, forced dice and the edit history (a mixin of
`ExplorerController`). Each edit changes a copy of the scenario dict and asks the kernel to build
it (`_commit`); a refusal keeps the previous position and says why."""
from __future__ import annotations

from berserk_kernel.berserk.field import parse_cell
from berserk_kernel.berserk.placement import check_host
from berserk_kernel.core.errors import DataError

from .explorer_words import pair, t

FLAGS_INT = ("wounds", "tokens", "poison", "moves")
FLAGS_BOOL = ("closed", "face_down")


def kind_of(d) -> str:
    """The editor's kind of a card definition: ground | flyer | symbiote | artifact | terrain |
    equipment | hero."""
    if d.type == "creature":
        return d.kind or "ground"
    return d.type


class EditsMixin:
    """Placing, card fields, moving, removing, the turn, dice, undo/redo of edits."""

    def place(self, card_id: str | None = None, where: str = "", owner: int | None = None) -> bool:
        """Put a new copy of `card_id` (default: the palette card) for `owner` (default: the
        chosen one) at `where`: a cell ("c3"), "aux", or "on=UID" (onto a creature). Flyers and
        terrain always go to the owner's aux zone; equipment and symbiotes only onto a creature
        the kernel's `check_host` accepts. True when the kernel accepted the new position."""
        if not self._editing():
            return False
        card_id = card_id or self.palette_card
        if not card_id:
            self._say("illegal", "", *pair("pick_card"))
            return False
        if card_id not in self.defs:
            self._say("illegal", "", *pair("unknown_card", card=card_id))
            return False
        if owner is not None:
            if owner not in (0, 1):
                return False
            self.owner = owner
        seat = self.owner
        d = self.defs[card_id]
        k = kind_of(d)
        where = str(where or "").strip()
        nm = (d.name.ru, d.name.en)
        who = self.seat_name(seat)
        if k == "hero":
            self._say("illegal", "", *pair("hero_card"))
            return False
        host = None
        if where.startswith("on="):
            try:
                host = int(where[3:])
            except ValueError:
                host = -1
        elif where and where != "aux":
            try:
                cell = parse_cell(where)
            except DataError as e:
                self._say("illegal", "", e.ru, e.en)
                return False
            if k in ("equipment", "symbiote") and self.state.cells[cell] is not None:
                host = self.state.cells[cell]            # "on the card standing there"
        uid = self.state.next_uid
        new = {"uid": uid, "card": card_id, "owner": seat}
        if k in ("flyer", "terrain"):
            if host is not None:
                self._say("illegal", "BR-6", t("not_on_card", "ru", name=nm[0]), t("not_on_card", "en", name=nm[1]))
                return False
            new["zone"] = "aux"
            done = (t("placed_aux", "ru", uid=uid, name=nm[0], who=who), t("placed_aux", "en", uid=uid, name=nm[1], who=who))
        elif k in ("equipment", "symbiote"):
            if host is None:
                self._say("illegal", "BR-6" if k == "equipment" else "R-BR-SYMBIOTE",
                          t("need_host", "ru", name=nm[0], who=who), t("need_host", "en", name=nm[1], who=who))
                return False
            verdict = self._host_verdict(card_id, seat, host)
            if verdict is not None and not verdict.ok:
                self._say("illegal", verdict.rule_id, verdict.ru, verdict.en)
                return False
            new.update(zone="attached", host=host)
            hn = self.uid_name(host, "ru"), self.uid_name(host, "en")
            done = (t("placed_on", "ru", uid=uid, name=nm[0], host=host, host_name=hn[0]),
                    t("placed_on", "en", uid=uid, name=nm[1], host=host, host_name=hn[1]))
        else:
            if host is not None or not where or where == "aux":
                self._say("illegal", "CR-203.1" if where == "aux" else "",
                          t("need_cell", "ru", name=nm[0]), t("need_cell", "en", name=nm[1]))
                return False
            new.update(zone="field", cell=where.lower())
            done = (t("placed_cell", "ru", uid=uid, name=nm[0], who=who, cell=where.lower()),
                    t("placed_cell", "en", uid=uid, name=nm[1], who=who, cell=where.lower()))
        data = self._draft()
        data["cards"].append(new)
        if self._commit(data, done):
            self.selected = uid
            return True
        return False

    def set_flag(self, uid, key: str, value) -> bool:
        """Set a field of a card in play: wounds, tokens, poison, moves (whole numbers) or
        closed, face_down (True/False). The kernel validates the result (e.g. BR-15 for wounds
        that would kill the card)."""
        if not self._editing():
            return False
        idx = self._index(uid)
        if idx is None:
            return False
        if key in FLAGS_INT:
            try:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                value = int(value)
            except (TypeError, ValueError):
                self._say("illegal", "", t("bad_number", "ru", what=t(key, "ru"), value=value),
                          t("bad_number", "en", what=t(key, "en"), value=value))
                return False
        elif key in FLAGS_BOOL:
            value = bool(value)
        else:
            return False
        data = self._draft()
        data["cards"][idx][key] = value
        uid = data["cards"][idx]["uid"]
        cid = data["cards"][idx]["card"]
        if isinstance(value, bool):
            ru_v, en_v = ("да" if value else "нет"), ("yes" if value else "no")
        else:
            ru_v = en_v = value
        return self._commit(data, (t("set_flag", "ru", uid=uid, name=self.name(cid, "ru"), what=t(key, "ru"), value=ru_v),
                                   t("set_flag", "en", uid=uid, name=self.name(cid, "en"), what=t(key, "en"), value=en_v)))

    def move(self, uid, cell: str) -> bool:
        """Move a card on the field to another cell (the kernel refuses an occupied one)."""
        if not self._editing():
            return False
        idx = self._index(uid)
        if idx is None:
            return False
        data = self._draft()
        cd = data["cards"][idx]
        if cd.get("zone") != "field":
            self._say("illegal", "", *pair("not_on_field"))
            return False
        cd["cell"] = str(cell).strip().lower()
        u = cd["uid"]
        return self._commit(data, (t("moved", "ru", uid=u, name=self.name(cd["card"], "ru"), cell=cd["cell"]),
                                   t("moved", "en", uid=u, name=self.name(cd["card"], "en"), cell=cd["cell"])))

    def remove(self, uid) -> bool:
        """Take a card out of the position, with the equipment and symbiote on it."""
        if not self._editing():
            return False
        idx = self._index(uid)
        if idx is None:
            return False
        data = self._draft()
        cd = data["cards"][idx]
        u = cd["uid"]
        riders = [c for c in data["cards"] if c.get("zone") == "attached" and c.get("host") == u]
        data["cards"] = [c for c in data["cards"] if c is not cd and not any(c is r for r in riders)]
        rl = ", ".join(f"#{r['uid']}" for r in riders)
        ok = self._commit(data, (t("removed", "ru", uid=u, name=self.name(cd["card"], "ru"),
                                   riders=t("riders", "ru", list=rl) if riders else ""),
                                 t("removed", "en", uid=u, name=self.name(cd["card"], "en"),
                                   riders=t("riders", "en", list=rl) if riders else "")))
        if ok and self.selected in {u, *[r["uid"] for r in riders]}:
            self.selected = None
        return ok

    def set_turn(self, active=None, turn=None) -> bool:
        """Whose turn it is (0 or 1) and the turn number (from 1)."""
        if not self._editing():
            return False
        data = self._draft()
        if active is not None:
            data["active"] = active
        if turn is not None:
            try:
                if isinstance(turn, bool):
                    raise ValueError
                data["turn"] = int(turn)
            except (TypeError, ValueError):
                self._say("illegal", "", t("bad_number", "ru", what=t("turn_no", "ru"), value=turn),
                          t("bad_number", "en", what=t("turn_no", "en"), value=turn))
                return False
            if data["turn"] < 1 and data.get("phase", "battle") == "battle":
                self._say("illegal", "", t("bad_number", "ru", what=t("turn_no", "ru"), value=turn),
                          t("bad_number", "en", what=t("turn_no", "en"), value=turn))
                return False
        who = data.get("active")
        names = [p.name for p in self.state.seats]
        who_n = names[who] if who in (0, 1) else str(who)
        return self._commit(data, pair("turn_set", turn=data.get("turn"), who=who_n))

    # --- dice --------------------------------------------------------------------------------------
    def force_dice(self, *values) -> bool:
        """Queue die faces for the next rolls (white 5, black 2: ``force_dice(5, 2)``). While
        playing they go into the game's dice; in the editor into the position."""
        faces = []
        for v in values:
            try:
                if isinstance(v, bool):
                    raise ValueError
                f = int(v)
            except (TypeError, ValueError):
                self._say("illegal", "", t("bad_die", "ru", value=v), t("bad_die", "en", value=v))
                return False
            if not 1 <= f <= 6:
                self._say("illegal", "", t("bad_die", "ru", value=v), t("bad_die", "en", value=v))
                return False
            faces.append(f)
        if not faces:
            return False
        text = ", ".join(map(str, faces))
        if self.mode == "play" and self.player is not None:
            self.player.state.force_dice(*faces)
            self._say("done", "", *pair("dice_added", faces=text))
            self.version += 1
            return True
        data = self._draft()
        dice = data.setdefault("dice", {})
        dice["forced"] = list(dice.get("forced", [])) + faces
        return self._commit(data, pair("dice_added", faces=text))

    def clear_dice(self) -> bool:
        if self.mode == "play" and self.player is not None:
            self.player.state.dice.forced.clear()
            self._say("done", "", *pair("dice_cleared"))
            self.version += 1
            return True
        data = self._draft()
        data.setdefault("dice", {})["forced"] = []
        return self._commit(data, pair("dice_cleared"))

    # --- edit history ------------------------------------------------------------------------------
    def undo_edit(self) -> bool:
        if not self.can_undo_edit():
            self._say("info", "", *pair("nothing"))
            return False
        self._redo.append(self.data)
        self._restore(self._undo.pop())
        self._say("info", "", *pair("undone_edit"))
        return True

    def redo_edit(self) -> bool:
        if not self.can_redo_edit():
            return False
        self._undo.append(self.data)
        self._restore(self._redo.pop())
        self._say("info", "", *pair("redone_edit"))
        return True


    def _trial_with(self, card_id: str, seat: int):
        """The position with one more card of `card_id` for `seat`, waiting off the board (to ask
        the kernel where it could go); None if even that is refused."""
        data = self._draft()
        uid = self.state.next_uid
        data["cards"].append({"uid": uid, "card": card_id, "owner": seat, "zone": "squad"})
        try:
            return self._build(data), uid
        except DataError:
            return None

    def _host_verdict(self, card_id: str, seat: int, host: int):
        trial = self._trial_with(card_id, seat)
        if trial is None:
            return None
        s, uid = trial
        return check_host(s, uid, host)
