"""The scenario explorer's controller: a Berserk position built by clicks and controls, played,
saved and loaded. Plain Python, no widgets (the page is `widgets.explorer_view.ExplorerApp`).

Its position is a scenario dict (the format of `BerserkState.to_dict()`), and every edit goes
through `BerserkState.from_dict`: the kernel validates the whole position, and a refused edit
leaves the previous one in place with the kernel's message (the field it names and its text, in
Russian and English). The editor adds only rules about *where a click puts a card*: ground
creatures and artifacts on a cell, flyers and terrain in the owner's auxiliary zone (CR-203.1),
equipment and symbiotes onto a creature of the same owner (the kernel's `placement.check_host`,
BR-6 / R-BR-SYMBIOTE). The edits live in `explorer_edits`, files and links in `explorer_files`.
"""
from __future__ import annotations

import copy
from pathlib import Path

from berserk_kernel.berserk import BerserkState, demo_cards
from berserk_kernel.berserk.field import CELLS, cell_name, parse_cell
from berserk_kernel.berserk.placement import check_host
from berserk_kernel.berserk.scene import board_scene
from berserk_kernel.core.errors import DataError

from .berserk_controller import BerserkController
from .controller_base import Message
from .explorer_edits import EditsMixin, kind_of
from .explorer_files import FilesMixin
from .explorer_moment import MomentMixin
from .explorer_words import EQUIPMENT_NAMES, KIND_NAMES, ZONE_NAMES, pair, t
from .i18n import normal_lang, page_lang, w

SOURCE = "<explorer>"
EDIT_HISTORY = 100
PLAY_ZONES = ("field", "aux", "attached")


def find_examples_dir(start: Path | None = None) -> Path | None:
    """``examples/scenarios`` of the repository: next to this package (an editable install or a
    checkout), else in the working directory or one of its parents (notebooks run in notebooks/)."""
    here = Path(__file__).resolve().parent.parent / "examples" / "scenarios"
    if here.is_dir():
        return here
    base = (start or Path.cwd()).resolve()
    for d in (base, *base.parents):
        p = d / "examples" / "scenarios"
        if p.is_dir():
            return p
    return None


def empty_position() -> dict:
    return {"cards": [], "phase": "battle", "active": 0, "turn": 1}


def order_in_play(s) -> list[int]:
    """Cards in play in a stable order: the field (a1..e6), then each seat's aux and attached."""
    out = [u for u in s.cells if u is not None]
    for seat in s.seats:
        out += list(seat.aux) + list(seat.attached)
    return out


class ExplorerController(EditsMixin, MomentMixin, FilesMixin):
    """Build a position by clicks and controls, play it, save and load it. No widgets.

    `mode` is "edit" or "play". In "edit" the position is `data` (a scenario dict) and `state`
    (the `BerserkState` the kernel built from it); in "play" `player` (a `BerserkController`)
    holds the game. `message` is the last `Message` (kind "done", "info", "illegal" or "error")."""

    def __init__(self, state: BerserkState | None = None, lang: str | None = None, examples_dir=None):
        self.lang = normal_lang(lang) if lang else page_lang()
        self.defs = state.defs if state is not None else demo_cards()
        self.mode = "edit"
        self.message: Message | None = None
        self.palette_card: str | None = None
        self.owner = 0
        self.selected: int | None = None
        self.player: BerserkController | None = None
        self.version = 0
        self._undo: list[dict] = []
        self._redo: list[dict] = []
        self._examples_dir = Path(examples_dir) if examples_dir is not None else find_examples_dir()
        self._hosts_key = None
        self._hosts: list[int] = []
        start = state.to_dict() if state is not None else empty_position()
        self.state = self._build(copy.deepcopy(start))
        self.data = self._canon(self.state, start.get("description"))

    # --- reading ---------------------------------------------------------------------------
    @property
    def current(self) -> BerserkState:
        """The position shown now: the editor's, or the game's while playing."""
        return self.player.state if self.mode == "play" and self.player is not None else self.state

    def seat_name(self, seat: int) -> str:
        return self.current.seats[seat].name

    def name(self, card_id: str, lang: str | None = None) -> str:
        d = self.defs.get(card_id)
        return d.name.get(lang or self.lang) if d is not None else str(card_id)

    def uid_name(self, uid: int, lang: str | None = None) -> str:
        c = self.current.cards.get(uid)
        return self.name(c.card, lang) if c is not None else "?"

    def card_label(self, card_id: str, lang: str | None = None) -> str:
        """A palette line: name, cost (★ elite), kind, e.g. "Страж ущелья — 4 · существо"."""
        lang = lang or self.lang
        d = self.defs[card_id]
        i = 1 if lang == "en" else 0
        kind = KIND_NAMES[kind_of(d)][i]
        if d.type == "equipment" and d.equipment in EQUIPMENT_NAMES:
            kind += ": " + EQUIPMENT_NAMES[d.equipment][i]
        cost = f"{w('cost', lang)} {d.cost}" + (" ★" if d.elite else "")
        return f"{d.name.get(lang)} — {cost} · {kind}"

    def palette(self, query: str = "", lang: str | None = None) -> list[tuple[str, str]]:
        """(label, card id) of the demo cards the editor places, sorted by name in `lang`;
        `query` filters by the Russian or English name or the id (case-insensitive)."""
        lang = lang or self.lang
        q = (query or "").strip().lower()
        out = []
        for cid, d in self.defs.items():
            if d.type == "hero":
                continue
            if q and q not in d.name.ru.lower() and q not in d.name.en.lower() and q not in cid:
                continue
            out.append((self.card_label(cid, lang), cid))
        return sorted(out, key=lambda p: p[0].lower())

    def in_play(self) -> list[int]:
        """Cards on the field, in the aux zones and attached, in the position shown."""
        s = self.current
        return [u for u in order_in_play(s) if s.cards[u].zone in PLAY_ZONES]

    def where_label(self, uid: int, lang: str | None = None) -> str:
        lang = lang or self.lang
        c = self.current.cards[uid]
        if c.zone == "field":
            return cell_name(c.cell)
        if c.zone == "attached":
            return f"{ZONE_NAMES['attached'][lang == 'en']} #{c.host}"
        return f"{ZONE_NAMES.get(c.zone, (c.zone, c.zone))[lang == 'en']} {self.seat_name(c.owner)}"

    def card_line(self, uid: int, lang: str | None = None) -> str:
        """A card in the 'selected card' list: "#3 «Орёл перевалов» (B, доп. зона B)"."""
        lang = lang or self.lang
        c = self.current.cards[uid]
        nm = self.name(c.card, lang)
        nm = nm if lang == "en" else f"«{nm}»"
        return f"#{uid} {nm} ({self.seat_name(c.owner)}, {self.where_label(uid, lang)})"

    def where_options(self, lang: str | None = None) -> list[tuple[str, str]]:
        """Targets of the Where list: the owner's aux zone, every cell (with its card, if any),
        and every creature on the field (to put equipment or a symbiote on)."""
        lang = lang or self.lang
        s = self.state
        out = [(t("aux_of", lang, who=self.seat_name(self.owner)), "aux")]
        for cell in CELLS:
            uid = s.cells[cell]
            label = cell_name(cell) + (f" — #{uid} {self.uid_name(uid, lang)}" if uid is not None else
                                       f" — {t('free', lang)}")
            out.append((label, cell_name(cell)))
        for uid in self.in_play():
            c = s.cards[uid]
            if c.zone == "field":
                out.append((t("on_card", lang, uid=uid, name=self.uid_name(uid, lang), who=self.seat_name(c.owner)),
                            f"on={uid}"))
        return out

    def free_cells(self) -> list[str]:
        return [cell_name(c) for c in CELLS if self.state.cells[c] is None]

    def hosts(self) -> list[int]:
        """Creatures of the owner the palette card (equipment or a symbiote) could go on now,
        by the kernel's `check_host` (BR-6, BR-5, R-BR-SYMBIOTE)."""
        cid = self.palette_card
        if cid is None or cid not in self.defs or kind_of(self.defs[cid]) not in ("equipment", "symbiote"):
            return []
        key = (self.version, cid, self.owner)
        if key != self._hosts_key:
            self._hosts_key = key
            self._hosts = []
            trial = self._trial_with(cid, self.owner)
            if trial is not None:
                s, uid = trial
                self._hosts = [h for h in self.in_play() if s.cards[h].zone == "field"
                               and s.cards[h].owner == self.owner and check_host(s, uid, h).ok]
        return list(self._hosts)

    def queued_dice(self) -> list[int]:
        return list(self.current.dice.forced)

    def can_undo_edit(self) -> bool:
        return self.mode == "edit" and bool(self._undo)

    def can_redo_edit(self) -> bool:
        return self.mode == "edit" and bool(self._redo)

    # --- what the page shows -----------------------------------------------------------------
    def scene(self):
        """The editor's board (the game's board is drawn by the BerserkApp while playing)."""
        s, sel = self.state, self.selected
        shown = sel
        if sel is not None and sel in s.cards and s.cards[sel].zone == "attached":
            shown = s.cards[sel].host
        return board_scene(s, viewer=0, lang=self.lang, selected=shown, highlight_cards=self.hosts())

    def status(self) -> str:
        lang = self.lang
        if self.mode == "play" and self.player is not None:
            return t("status_play", lang, status=self.player.status())
        s = self.state
        who = self.seat_name(s.to_move) if s.to_move is not None else "—"
        return t("status_edit", lang, turn=s.turn, who=who, n=len(self.in_play()))

    def description(self) -> str:
        d = self.data.get("description")
        if isinstance(d, dict):
            return str(d.get(self.lang) or d.get("ru") or d.get("en") or "")
        return str(d) if isinstance(d, str) else ""

    def hint(self) -> str:
        """What a click on the editor's board does now (also for screen readers and tests)."""
        lang = self.lang
        parts = []
        if self.selected is not None and self.selected in self.state.cards:
            u = self.selected
            parts.append(t("hint_selected", lang, uid=u, name=self.uid_name(u, lang), where=self.where_label(u, lang)))
        cid = self.palette_card
        if cid is not None:
            d = self.defs[cid]
            k = kind_of(d)
            who = self.seat_name(self.owner)
            if k in ("flyer", "terrain"):
                parts.append(t("hint_place_aux", lang, name=d.name.get(lang), who=who))
            elif k in ("equipment", "symbiote"):
                hosts = ", ".join(f"#{h}" for h in self.hosts()) or t("hint_no_hosts", lang)
                parts.append(t("hint_place_on", lang, name=d.name.get(lang), who=who, hosts=hosts))
            else:
                parts.append(t("hint_place_cell", lang, name=d.name.get(lang), who=who))
        elif self.selected is not None and self._zone(self.selected) == "field":
            parts.append(t("hint_move", lang))
        else:
            parts.append(t("hint_select", lang))
        return " ".join(parts)

    def set_lang(self, lang: str) -> None:
        self.lang = normal_lang(lang)
        if self.player is not None:
            self.player.set_lang(self.lang)

    # --- the palette and selection ------------------------------------------------------------
    def set_palette(self, card_id: str | None) -> bool:
        """The card a click on a free cell places (None or "": clicks select cards)."""
        if not card_id:
            self.palette_card = None
            return True
        if card_id not in self.defs:
            self._say("illegal", "", *pair("unknown_card", card=card_id))
            return False
        if self.defs[card_id].type == "hero":
            self._say("illegal", "", *pair("hero_card"))
            return False
        self.palette_card = card_id
        return True

    def set_owner(self, seat) -> bool:
        if seat not in (0, 1):
            return False
        self.owner = seat
        return True

    def select(self, uid) -> bool:
        """Select a card in play for editing (None clears)."""
        if uid is None or uid == "":
            self.selected = None
            return True
        try:
            uid = int(uid)
        except (TypeError, ValueError):
            return False
        if uid not in self.state.cards or self.state.cards[uid].zone not in PLAY_ZONES:
            self._say("illegal", "", *pair("no_such", uid=uid))
            return False
        self.selected = uid
        return True

    # --- clicks --------------------------------------------------------------------------------
    def click(self, tag: str | None) -> Message | None:
        """A click on the editor's board: a hit tag ("cell:c3", "card:5") or None off them."""
        if self.mode != "edit":
            return self._say("info", "", *pair("in_play_mode"))
        if not tag:
            if self.selected is not None:
                self.selected = None
                return self._say("info", "", *pair("deselected"))
            return None
        kind, _, value = str(tag).partition(":")
        if kind == "card":
            try:
                uid = int(value)
            except ValueError:
                return None
            if uid not in self.state.cards:
                return None
            if self.palette_card is not None and kind_of(self.defs[self.palette_card]) in ("equipment", "symbiote"):
                self.place(self.palette_card, f"on={uid}")
                return self.message
            if uid == self.selected:
                self.selected = None
                return self._say("info", "", *pair("deselected"))
            self.selected = uid
            return self._say("info", "", t("selected", "ru", uid=uid, name=self.uid_name(uid, "ru")),
                             t("selected", "en", uid=uid, name=self.uid_name(uid, "en")))
        if kind == "cell":
            try:
                cell = parse_cell(value)
            except DataError:
                return None
            name = cell_name(cell)
            if self.state.cells[cell] is not None:       # a click between a card and its frame
                return self.click(f"card:{self.state.cells[cell]}")
            if self.palette_card is not None:
                self.place(self.palette_card, name)
                return self.message
            if self.selected is not None and self._zone(self.selected) == "field":
                self.move(self.selected, name)
                return self.message
            return self._say("info", "", *pair("hint_select"))
        return None


    # --- play ----------------------------------------------------------------------------------------
    def play(self) -> bool:
        """The position becomes a game (built again by `BerserkState.from_dict`), played through
        `self.player` (a `BerserkController`)."""
        if self.mode == "play":
            return True
        try:
            game = self._build(copy.deepcopy(self.data))
        except DataError as e:
            self._data_error(e, self.data, "edit_refused")
            return False
        if self.player is None:
            self.player = BerserkController(game, self.lang)
        else:
            self.player.set_lang(self.lang)
            self.player.reset(game)
        self.mode = "play"
        self.version += 1
        self._say("info", "", *pair("playing"))
        return True

    def back_to_edit(self) -> bool:
        """Back to the editor with the game's position as it now is (cards, dice, whose turn,
        open decisions); the game's log and list of actions are not part of the position."""
        if self.mode != "play" or self.player is None:
            return False
        data = self.player.state.to_dict()
        data["log"], data["actions"] = [], []
        if self.data.get("description") is not None:
            data["description"] = self.data["description"]
        try:
            st = self._build(copy.deepcopy(data))
        except DataError as e:     # pragma: no cover - a kernel state always reloads
            self._data_error(e, data, "edit_refused")
            return False
        self._push_undo()
        self._set(st, data.get("description"))
        self.mode = "edit"
        if self.selected is not None and self._zone(self.selected) not in PLAY_ZONES:
            self.selected = None
        self._say("info", "", *pair("editing"))
        return True


    # --- internals ---------------------------------------------------------------------------------------
    def _editing(self) -> bool:
        if self.mode != "edit":
            self._say("info", "", *pair("in_play_mode"))
            return False
        return True

    def _build(self, data: dict, source: str = SOURCE) -> BerserkState:
        """The kernel's position of a scenario dict (raises `DataError` naming the field)."""
        return BerserkState.from_dict(data, source, self.defs)

    def _say(self, kind: str, rule_id: str, ru: str, en: str) -> Message:
        self.message = Message(kind, rule_id or "", ru, en)
        return self.message

    def _zone(self, uid):
        c = self.state.cards.get(uid)
        return c.zone if c is not None else None

    def _index(self, uid):
        try:
            uid = int(uid)
        except (TypeError, ValueError):
            return None
        for i, cd in enumerate(self.data["cards"]):
            if cd.get("uid") == uid and cd.get("zone") in PLAY_ZONES:
                return i
        self._say("illegal", "", *pair("no_such", uid=uid))
        return None

    def _draft(self) -> dict:
        return copy.deepcopy(self.data)

    @staticmethod
    def _canon(state: BerserkState, description) -> dict:
        d = state.to_dict()
        if description is not None:
            d["description"] = description
        return d

    def _set(self, state: BerserkState, description) -> None:
        if state.defs is not self.defs and any(self.defs.get(k) is not d for k, d in state.defs.items()):
            self.defs = {**self.defs, **state.defs}      # own cards of a loaded scenario join the list
        self.state = state
        self.data = self._canon(state, description)
        self.version += 1
        if self.selected is not None and self._zone(self.selected) not in PLAY_ZONES:
            self.selected = None

    def _push_undo(self) -> None:
        self._undo.append(self.data)
        del self._undo[:-EDIT_HISTORY]
        self._redo.clear()

    def _restore(self, data: dict) -> None:
        st = self._build(copy.deepcopy(data))
        self._set(st, data.get("description"))

    def _commit(self, data: dict, done: tuple[str, str]) -> bool:
        """Let the kernel build the new position; keep the old one if it refuses."""
        try:
            st = self._build(copy.deepcopy(data))
        except DataError as e:
            self._data_error(e, data, "edit_refused")
            return False
        self._push_undo()
        self._set(st, data.get("description"))
        self._say("done", "", *done)
        return True
