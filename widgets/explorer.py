"""The scenario explorer: build a Berserk position from the demo cards, force dice, play it out,
save and load scenario files.

    from widgets.explorer import ExplorerApp
    app = ExplorerApp()                 # display `app` in a notebook cell (Russian, or ?lang=en)
    c = app.controller                  # an `ExplorerController`: the same edits without widgets
    c.place("gorge_warden", "c2", owner=0)
    c.place("bog_troll", "c3", owner=1)
    c.force_dice(5, 2)                  # white 5, black 2 for the next strike
    c.play()                            # the position becomes a game (c.player: a BerserkController)
    c.player.apply("strike #1 #2")
    c.back_to_edit()

`ExplorerController` is plain Python (no widgets). Its position is a scenario dict (the format of
`BerserkState.to_dict()`), and every edit goes through `BerserkState.from_dict`: the kernel
validates the whole position, and a refused edit leaves the previous one in place with the
kernel's message (the field it names and its text, in Russian and English). The editor adds only
rules about *where a click puts a card*: ground creatures and artifacts on a cell, flyers and
terrain in the owner's auxiliary zone (CR-203.1), equipment and symbiotes onto a creature of the
same owner (checked by the kernel's own `placement.check_host`, BR-6 / R-BR-SYMBIOTE).

`ExplorerApp` is the ipywidgets front end: the editor board (a `CanvasView`), normal controls for
every edit (a card list with search, a cell list, the selected card's fields), the dice queue,
"play" (a `BerserkApp` with undo/redo and the log) and "back to editing", and the scenario files
(examples from ``examples/scenarios``, a text box, an upload, a download link as a data: URI).
"""
from __future__ import annotations

import base64
import copy
import json
import re
from html import escape
from pathlib import Path

from berserk_kernel.berserk import BerserkState, demo_cards
from berserk_kernel.berserk.field import CELLS, cell_name, parse_cell
from berserk_kernel.berserk.scene import board_scene
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.loading import parse_text

from .berserk_app import BerserkController
from .common import Message, guarded, message_html
from .i18n import normal_lang, page_lang, w

SOURCE = "<explorer>"
MAX_FILE_BYTES = 2_000_000
EDIT_HISTORY = 100
FLAGS_INT = ("wounds", "tokens", "poison", "moves")
FLAGS_BOOL = ("closed", "face_down")
PLAY_ZONES = ("field", "aux", "attached")

# --- the explorer's own words (the shared ones come from widgets.i18n) --------------------------

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Берсерк — конструктор позиций", "Berserk — scenario explorer"),
    "howto_title": ("Как пользоваться конструктором", "How to use the explorer"),
    "howto": (
        "Соберите позицию из демо-карт и разыграйте её. Выберите карту в списке «Карта» (есть поиск "
        "по имени) и её владельца (A или B), затем нажмите на свободную клетку поля — или выберите "
        "клетку в списке «Куда» и нажмите «Поставить». Летающие существа и местность ложатся во "
        "вспомогательную зону владельца, экипировка и симбиоты — на существо того же владельца.\n"
        "Нажмите на поставленную карту, чтобы выбрать её: можно поменять раны, фишки, яд, закрыть её, "
        "перевернуть рубашкой вверх или убрать. Кубики можно подкрутить: например, белый 5 и чёрный 2 "
        "для следующего удара.\n"
        "«Играть эту позицию» превращает её в настоящую партию с отменой ходов, «Вернуться к "
        "редактированию» — обратно в редактор. Каждую правку проверяет ядро: если позиция невозможна "
        "(например, раны убили бы карту), вы увидите, какое поле неверно, а позиция не изменится.\n"
        "Позицию можно сохранить в файл сценария и загрузить обратно; готовые примеры — в списке «Пример».",
        "Build a position from the demo cards and play it out. Pick a card in the Card list (you can "
        "search by name) and its owner (A or B), then click a free cell, or pick a cell in the Where "
        "list and press Place. Flyers and terrain go to the owner's auxiliary zone, equipment and "
        "symbiotes onto a creature of the same owner.\n"
        "Click a placed card to select it: you can change its wounds, tokens and poison, close it, "
        "turn it face down or remove it. You can force the dice, say white 5 and black 2 for the next "
        "strike.\n"
        "\"Play this position\" turns it into a real game with undo; \"Back to editing\" returns to "
        "the editor. The kernel checks every edit: an impossible position (say, wounds that would kill "
        "a card) names the wrong field and leaves the position as it was.\n"
        "Save the position as a scenario file and load it back; ready examples are in the Example list."),
    "status_edit": ("Редактор позиции · ход {turn} · решает {who} · карт в игре: {n}",
                    "Editing the position · turn {turn} · {who} to decide · cards in play: {n}"),
    "status_play": ("Игра из позиции: {status}", "Playing the position: {status}"),
    "play": ("▶ Играть эту позицию", "▶ Play this position"),
    "edit": ("✎ Вернуться к редактированию", "✎ Back to editing"),
    "place_title": ("Поставить карту", "Place a card"),
    "search": ("Поиск", "Search"),
    "search_hint": ("имя или id карты", "card name or id"),
    "card": ("Карта", "Card"),
    "no_card": ("— нет (щелчок выбирает карту) —", "— none (a click selects a card) —"),
    "owner": ("Владелец", "Owner"),
    "where": ("Куда", "Where"),
    "place": ("Поставить", "Place"),
    "aux_of": ("доп. зона {who}", "{who}'s aux zone"),
    "on_card": ("на #{uid} «{name}» ({who})", "on #{uid} {name} ({who})"),
    "free": ("свободна", "free"),
    "selected_title": ("Выбранная карта", "Selected card"),
    "no_selection": ("— нет —", "— none —"),
    "wounds": ("Раны", "Wounds"),
    "tokens": ("Фишки", "Tokens"),
    "poison": ("Яд", "Poison"),
    "moves": ("Движение", "Moves left"),
    "closed": ("закрыта (повёрнута)", "closed (turned)"),
    "face_down": ("рубашкой вверх", "face down"),
    "move_to": ("Переставить на", "Move to"),
    "move": ("Переставить", "Move"),
    "remove": ("Убрать карту", "Remove the card"),
    "turn_title": ("Чей ход", "Whose turn"),
    "turn_no": ("Ход №", "Turn no."),
    "undo_edit": ("↶ Отменить правку", "↶ Undo edit"),
    "redo_edit": ("↷ Вернуть правку", "↷ Redo edit"),
    "dice_title": ("Подкрутить кубики", "Force the dice"),
    "white": ("Белый", "White"),
    "black": ("Чёрный", "Black"),
    "no_die": ("—", "—"),
    "add_roll": ("Добавить бросок", "Add the roll"),
    "clear_dice": ("Очистить", "Clear"),
    "dice_queue": ("Следующие броски: {faces}", "Next rolls: {faces}"),
    "dice_none": ("Следующие броски: случайные (очередь пуста)", "Next rolls: random (the queue is empty)"),
    "dice_note": ("В простом ударе сначала бросают белый кубик (нападающий), затем чёрный (цель, если она бросает).",
                  "A simple strike rolls the white die (attacker) first, then the black one (the target, if it rolls)."),
    "files_title": ("Файлы сценариев", "Scenario files"),
    "examples": ("Пример", "Example"),
    "load_example": ("Открыть пример", "Open the example"),
    "save": ("Сохранить позицию", "Save the position"),
    "download": ("⬇ Скачать {name}", "⬇ Download {name}"),
    "paste": ("Вставьте сюда JSON сценария…", "Paste a scenario's JSON here…"),
    "load_text": ("Загрузить из текста", "Load from the text"),
    "upload": ("Загрузить файл", "Upload a file"),
    "no_examples": ("(примеров не найдено)", "(no examples found)"),
    # messages
    "placed_cell": ("Карта #{uid} «{name}» ({who}) поставлена на {cell}.", "Placed #{uid} {name} ({who}) on {cell}."),
    "placed_aux": ("Карта #{uid} «{name}» ({who}) — летающее существо или местность — положена во вспомогательную зону (CR-203.1).",
                   "#{uid} {name} ({who}) is a flyer or terrain: it goes to the auxiliary zone (CR-203.1)."),
    "placed_on": ("Карта #{uid} «{name}» положена на #{host} «{host_name}».", "#{uid} {name} is put on #{host} {host_name}."),
    "need_cell": ("«{name}» ставится на клетку поля: выберите клетку.", "{name} stands on a cell of the field: pick a cell."),
    "need_host": ("«{name}» кладётся на существо: нажмите на существо владельца {who} (подсвечены подходящие).",
                  "{name} goes onto a creature: click a creature of {who} (the fitting ones are lit)."),
    "not_on_card": ("На существо кладут только экипировку и симбиотов (BR-6), «{name}» — нет.",
                    "Only equipment and symbiotes go onto a creature (BR-6); {name} does not."),
    "hero_card": ("Карты героев — для режима «Герои», в конструкторе их нет.",
                  "Hero cards belong to the Heroes mode; the explorer does not place them."),
    "unknown_card": ("Нет такой карты: {card}.", "No such card: {card}."),
    "pick_card": ("Сначала выберите карту в списке «Карта».", "Pick a card in the Card list first."),
    "selected": ("Выбрана карта #{uid} «{name}».", "Selected #{uid} {name}."),
    "deselected": ("Выбор снят.", "Selection cleared."),
    "set_flag": ("#{uid} «{name}»: {what} = {value}.", "#{uid} {name}: {what} = {value}."),
    "moved": ("Карта #{uid} «{name}» переставлена на {cell}.", "#{uid} {name} moved to {cell}."),
    "not_on_field": ("Переставлять по клеткам можно только карты на поле.", "Only cards on the field move between cells."),
    "removed": ("Убрана карта #{uid} «{name}»{riders}.", "Removed #{uid} {name}{riders}."),
    "riders": (" вместе с картами на ней: {list}", " with the cards on it: {list}"),
    "no_such": ("Карты #{uid} нет в игре.", "There is no card #{uid} in play."),
    "turn_set": ("Ход {turn}, решает {who}.", "Turn {turn}, {who} to decide."),
    "dice_added": ("В очередь кубиков добавлено: {faces}.", "Queued dice: {faces}."),
    "dice_cleared": ("Очередь кубиков очищена: броски снова случайные.", "The dice queue is empty: rolls are random again."),
    "bad_die": ("Грань кубика — число от 1 до 6, а не {value!r}.", "A die face is a number 1 to 6, not {value!r}."),
    "bad_number": ("{what}: нужно целое число, а не {value!r}.", "{what}: a whole number is needed, not {value!r}."),
    "edit_refused": ("Правка отклонена, позиция не изменилась", "Edit refused, the position is unchanged"),
    "load_refused": ("Не загружено ({source}), текущая позиция сохранена", "Not loaded ({source}); the current position is kept"),
    "field": ("поле данных {field}", "field {field}"),
    "pasted": ("вставленный текст", "the pasted text"),
    "loaded": ("Загружено: {source} — карт в игре: {n}.", "Loaded {source}: {n} card(s) in play."),
    "saved": ("Позиция сохранена: текст ниже, файл — по ссылке «Скачать».",
              "The position is saved: the text below, the file behind the Download link."),
    "not_utf8": ("файл не в кодировке UTF-8", "the file is not UTF-8 text"),
    "too_big": ("файл больше {n} байт", "the file is larger than {n} bytes"),
    "too_big_text": ("текст длиннее {n} знаков", "the text is longer than {n} characters"),
    "empty_text": ("текст пуст: вставьте JSON сценария", "the text is empty: paste a scenario's JSON"),
    "is_record": ("это запись партии, а не сценарий", "this is a game record, not a scenario"),
    "unexpected": ("непредвиденная ошибка ядра ({kind}): {text}", "unexpected kernel failure ({kind}): {text}"),
    "no_example": ("Нет такого примера: {name}.", "No such example: {name}."),
    "playing": ("Позиция стала партией: ходите, бейте, отменяйте ходы. «Вернуться к редактированию» продолжит правку с текущей позиции.",
                "The position is now a game: move, strike, undo. \"Back to editing\" edits the position as it then is."),
    "editing": ("Снова редактор: позиция взята из партии (журнал партии не сохраняется в позиции).",
                "Editing again: the position comes from the game (the game's log is not kept in the position)."),
    "in_play_mode": ("Сейчас идёт игра: сначала «Вернуться к редактированию».", "A game is on: press \"Back to editing\" first."),
    "undone_edit": ("Правка отменена.", "Edit undone."),
    "redone_edit": ("Правка возвращена.", "Edit redone."),
    "nothing": ("Нечего отменять.", "Nothing to undo."),
    # hints
    "hint_place_cell": ("Ставим «{name}» ({who}): нажмите на свободную клетку или выберите клетку в списке «Куда» и нажмите «Поставить».",
                        "Placing {name} ({who}): click a free cell, or pick one in the Where list and press Place."),
    "hint_place_aux": ("«{name}» ({who}) ляжет во вспомогательную зону: нажмите на любую свободную клетку или «Поставить».",
                       "{name} ({who}) goes to the auxiliary zone: click any free cell or press Place."),
    "hint_place_on": ("«{name}» ({who}) кладётся на существо: нажмите на своё существо (подсвечены: {hosts}).",
                      "{name} ({who}) goes onto a creature: click one of {who}'s creatures (lit: {hosts})."),
    "hint_no_hosts": ("нет подходящих", "none fits"),
    "hint_select": ("Нажмите на карту, чтобы выбрать и править её; выберите карту в списке «Карта», чтобы ставить новые.",
                    "Click a card to select and edit it; pick a card in the Card list to place new ones."),
    "hint_move": ("Нажмите на свободную клетку, чтобы переставить выбранную карту.", "Click a free cell to move the selected card there."),
    "hint_selected": ("Выбрана карта #{uid} «{name}» ({where}).", "Selected: #{uid} {name} ({where})."),
}

KIND_NAMES = {
    "ground": ("существо", "creature"), "flyer": ("летающее существо", "flyer"), "symbiote": ("симбиот", "symbiote"),
    "artifact": ("артефакт", "artifact"), "terrain": ("местность", "terrain"), "equipment": ("экипировка", "equipment"),
    "hero": ("герой", "hero"),
}
EQUIPMENT_NAMES = {"weapon": ("оружие", "weapon"), "armour": ("броня", "armour"), "boots": ("обувь", "boots"),
                   "shield": ("щит", "shield"), "potion": ("зелье", "potion")}
ZONE_NAMES = {"field": ("поле", "field"), "aux": ("доп. зона", "aux zone"), "attached": ("на существе", "attached"),
              "deck": ("колода", "deck"), "graveyard": ("кладбище", "graveyard")}

# fastjsonschema speaks English only; the usual phrases in Russian
_SCHEMA_RU = [
    (r"value must be bigger than or equal to (\S+)", r"значение должно быть не меньше \1"),
    (r"value must be smaller than or equal to (\S+)", r"значение должно быть не больше \1"),
    (r"value must be bigger than (\S+)", r"значение должно быть больше \1"),
    (r"value must be smaller than (\S+)", r"значение должно быть меньше \1"),
    (r"value must be one of (.*)", r"значение должно быть одним из: \1"),
    (r"value must be (integer|number)", r"значение должно быть целым числом"),
    (r"value must be string", r"значение должно быть строкой"),
    (r"value must be boolean", r"значение должно быть true или false"),
    (r"value must be object", r"значение должно быть объектом JSON"),
    (r"value must be array", r"значение должно быть списком JSON"),
    (r"value must be (.*)", r"значение должно быть: \1"),
    (r"value must contain (.*) properties", r"не хватает обязательных полей: \1"),
    (r"value must not contain (.*) properties", r"лишние поля: \1"),
]


def t(key: str, lang: str = "ru", **kw) -> str:
    """The explorer's word `key` (else the shared `widgets.i18n.w` word) in `lang`."""
    pair = WORDS.get(key)
    if pair is None:
        return w(key, lang, **kw)
    text = pair[1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def _pair(key: str, **kw) -> tuple[str, str]:
    return t(key, "ru", **kw), t(key, "en", **kw)


def _ru_schema(text: str) -> str:
    for pattern, repl in _SCHEMA_RU:
        new, n = re.subn(pattern, repl, text)
        if n:
            return new
    return text


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


def kind_of(d) -> str:
    """The editor's kind of a card definition: ground | flyer | symbiote | artifact | terrain |
    equipment | hero."""
    if d.type == "creature":
        return d.kind or "ground"
    return d.type


def empty_position() -> dict:
    return {"cards": [], "phase": "battle", "active": 0, "turn": 1}


# --- the controller --------------------------------------------------------------------------------

class ExplorerController:
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
        self.state = BerserkState.from_dict(copy.deepcopy(start), SOURCE, self.defs)
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
        return [u for u in _order(s) if s.cards[u].zone in PLAY_ZONES]

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
                from berserk_kernel.berserk.placement import check_host
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
            self._say("illegal", "", *_pair("unknown_card", card=card_id))
            return False
        if self.defs[card_id].type == "hero":
            self._say("illegal", "", *_pair("hero_card"))
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
            self._say("illegal", "", *_pair("no_such", uid=uid))
            return False
        self.selected = uid
        return True

    # --- clicks --------------------------------------------------------------------------------
    def click(self, tag: str | None) -> Message | None:
        """A click on the editor's board: a hit tag ("cell:c3", "card:5") or None off them."""
        if self.mode != "edit":
            return self._say("info", "", *_pair("in_play_mode"))
        if not tag:
            if self.selected is not None:
                self.selected = None
                return self._say("info", "", *_pair("deselected"))
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
                return self._say("info", "", *_pair("deselected"))
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
            return self._say("info", "", *_pair("hint_select"))
        return None

    # --- edits -----------------------------------------------------------------------------------
    def place(self, card_id: str | None = None, where: str = "", owner: int | None = None) -> bool:
        """Put a new copy of `card_id` (default: the palette card) for `owner` (default: the
        chosen one) at `where`: a cell ("c3"), "aux", or "on=UID" (onto a creature). Flyers and
        terrain always go to the owner's aux zone; equipment and symbiotes only onto a creature
        the kernel's `check_host` accepts. True when the kernel accepted the new position."""
        if not self._editing():
            return False
        card_id = card_id or self.palette_card
        if not card_id:
            self._say("illegal", "", *_pair("pick_card"))
            return False
        if card_id not in self.defs:
            self._say("illegal", "", *_pair("unknown_card", card=card_id))
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
            self._say("illegal", "", *_pair("hero_card"))
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
            self._say("illegal", "", *_pair("not_on_field"))
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
        return self._commit(data, _pair("turn_set", turn=data.get("turn"), who=who_n))

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
            self._say("done", "", *_pair("dice_added", faces=text))
            self.version += 1
            return True
        data = self._draft()
        dice = data.setdefault("dice", {})
        dice["forced"] = list(dice.get("forced", [])) + faces
        return self._commit(data, _pair("dice_added", faces=text))

    def clear_dice(self) -> bool:
        if self.mode == "play" and self.player is not None:
            self.player.state.dice.forced.clear()
            self._say("done", "", *_pair("dice_cleared"))
            self.version += 1
            return True
        data = self._draft()
        data.setdefault("dice", {})["forced"] = []
        return self._commit(data, _pair("dice_cleared"))

    # --- edit history ------------------------------------------------------------------------------
    def undo_edit(self) -> bool:
        if not self.can_undo_edit():
            self._say("info", "", *_pair("nothing"))
            return False
        self._redo.append(self.data)
        self._restore(self._undo.pop())
        self._say("info", "", *_pair("undone_edit"))
        return True

    def redo_edit(self) -> bool:
        if not self.can_redo_edit():
            return False
        self._undo.append(self.data)
        self._restore(self._redo.pop())
        self._say("info", "", *_pair("redone_edit"))
        return True

    # --- play ----------------------------------------------------------------------------------------
    def play(self) -> bool:
        """The position becomes a game (built again by `BerserkState.from_dict`), played through
        `self.player` (a `BerserkController`)."""
        if self.mode == "play":
            return True
        try:
            game = BerserkState.from_dict(copy.deepcopy(self.data), SOURCE, self.defs)
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
        self._say("info", "", *_pair("playing"))
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
            st = BerserkState.from_dict(copy.deepcopy(data), SOURCE, self.defs)
        except DataError as e:     # pragma: no cover - a kernel state always reloads
            self._data_error(e, data, "edit_refused")
            return False
        self._push_undo()
        self._set(st, data.get("description"))
        self.mode = "edit"
        if self.selected is not None and self._zone(self.selected) not in PLAY_ZONES:
            self.selected = None
        self._say("info", "", *_pair("editing"))
        return True

    # --- files -----------------------------------------------------------------------------------------
    def save_dict(self) -> dict:
        """The scenario of the position shown: the editor's, or the game's while playing (with
        its log and actions)."""
        if self.mode == "play" and self.player is not None:
            d = self.player.state.to_dict()
            if self.data.get("description") is not None:
                d["description"] = self.data["description"]
            return d
        return copy.deepcopy(self.data)

    def save_text(self) -> str:
        return json.dumps(self.save_dict(), ensure_ascii=False, indent=1) + "\n"

    def data_uri(self, text: str | None = None) -> str:
        text = self.save_text() if text is None else text
        return "data:application/json;charset=utf-8;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")

    def load_text(self, text, source: str = "<text>") -> bool:
        """Load a scenario from JSON text (a paste, an upload, an example). A bad one leaves
        the position as it was and says what is wrong: the field and the kernel's text."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            raw = bytes(text)
            if len(raw) > MAX_FILE_BYTES:
                return self._load_failed(source, *_pair("too_big", n=MAX_FILE_BYTES))
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                return self._load_failed(source, *_pair("not_utf8"))
        text = str(text or "")
        if len(text) > MAX_FILE_BYTES:          # before any parsing: a huge paste is refused at once
            return self._load_failed(source, *_pair("too_big_text", n=MAX_FILE_BYTES))
        if not text.strip():
            return self._load_failed(source, *_pair("empty_text"))
        data = None
        try:
            data = parse_text(text, source)
            if isinstance(data, dict) and "actions" in data and "cards" not in data:
                raise DataError(source, "", t("is_record", "en"), t("is_record", "ru"))
            st = BerserkState.from_dict(copy.deepcopy(data), source, self.defs)
        except DataError as e:
            self._data_error(e, data, "load_refused", source)
            return False
        except Exception as e:  # noqa: BLE001 - a malformed file must not break the page
            kind = type(e).__name__.replace("Error", "")
            return self._load_failed(source, *_pair("unexpected", kind=kind, text=str(e)[:200]))
        if self.mode == "play":
            self.mode = "edit"
        self._push_undo()
        self._set(st, data.get("description") if isinstance(data, dict) else None)
        self.selected = None
        n = len(self.in_play())
        self._say("done", "", t("loaded", "ru", source=_src(source, "ru"), n=n), t("loaded", "en", source=_src(source, "en"), n=n))
        return True

    def load_upload(self, name: str, content) -> bool:
        """A file from a FileUpload widget (`content` bytes or a memoryview)."""
        return self.load_text(bytes(content), str(name or "<upload>"))

    def examples(self) -> list[str]:
        d = self._examples_dir
        return sorted(p.name for p in d.glob("*.json")) if d is not None and d.is_dir() else []

    def load_example(self, name: str) -> bool:
        if name not in self.examples():        # the page may send any value
            self._say("illegal", "", *_pair("no_example", name=name))
            return False
        path = self._examples_dir / name
        return self.load_text(path.read_bytes(), f"examples/scenarios/{name}")

    # --- internals ---------------------------------------------------------------------------------------
    def _editing(self) -> bool:
        if self.mode != "edit":
            self._say("info", "", *_pair("in_play_mode"))
            return False
        return True

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
        self._say("illegal", "", *_pair("no_such", uid=uid))
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
        st = BerserkState.from_dict(copy.deepcopy(data), SOURCE, self.defs)
        self._set(st, data.get("description"))

    def _commit(self, data: dict, done: tuple[str, str]) -> bool:
        """Let the kernel build the new position; keep the old one if it refuses."""
        try:
            st = BerserkState.from_dict(copy.deepcopy(data), SOURCE, self.defs)
        except DataError as e:
            self._data_error(e, data, "edit_refused")
            return False
        self._push_undo()
        self._set(st, data.get("description"))
        self._say("done", "", *done)
        return True

    def _trial_with(self, card_id: str, seat: int):
        """The position with one more card of `card_id` for `seat`, waiting off the board (to ask
        the kernel where it could go); None if even that is refused."""
        data = self._draft()
        uid = self.state.next_uid
        data["cards"].append({"uid": uid, "card": card_id, "owner": seat, "zone": "squad"})
        try:
            return BerserkState.from_dict(data, SOURCE, self.defs), uid
        except DataError:
            return None

    def _host_verdict(self, card_id: str, seat: int, host: int):
        from berserk_kernel.berserk.placement import check_host
        trial = self._trial_with(card_id, seat)
        if trial is None:
            return None
        s, uid = trial
        return check_host(s, uid, host)

    def _card_ref(self, field: str, data) -> tuple[str, str]:
        """" (#3 «Орёл перевалов»)" for a field such as cards[2].wounds or cards[#3].host."""
        m = re.match(r"cards\[(#?)(\d+)\]", field or "")
        if not m or not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            return "", ""
        n = int(m.group(2))
        cd = None
        if m.group(1):
            cd = next((c for c in data["cards"] if isinstance(c, dict) and c.get("uid") == n), None)
        elif n < len(data["cards"]):
            cd = data["cards"][n]
        if not isinstance(cd, dict) or not isinstance(cd.get("card"), str):
            return "", ""
        uid = f"#{cd['uid']} " if isinstance(cd.get("uid"), int) else ""
        if cd["card"] in self.defs:
            return f" ({uid}«{self.name(cd['card'], 'ru')}»)", f" ({uid}{self.name(cd['card'], 'en')})"
        return f" ({uid}{cd['card']})", f" ({uid}{cd['card']})"

    def _data_error(self, e: DataError, data, prefix: str, source: str | None = None) -> Message:
        ref_ru, ref_en = self._card_ref(e.field, data)
        ru_text = _ru_schema(e.ru) if e.ru == e.en else e.ru
        src = source or e.source
        head_ru, head_en = (t(prefix, "ru", source=_src(src, "ru")), t(prefix, "en", source=_src(src, "en")))
        if e.field:
            ru = f"{head_ru}: {t('field', 'ru', field=e.field)}{ref_ru} — {ru_text}"
            en = f"{head_en}: {t('field', 'en', field=e.field)}{ref_en} — {e.en}"
        else:
            ru, en = f"{head_ru}: {ru_text}", f"{head_en}: {e.en}"
        return self._say("error" if prefix == "load_refused" else "illegal", _rule_in(e.en), ru, en)

    def _load_failed(self, source: str, ru: str, en: str) -> bool:
        head_ru, head_en = t("load_refused", "ru", source=_src(source, "ru")), t("load_refused", "en", source=_src(source, "en"))
        self._say("error", "", f"{head_ru}: {ru}", f"{head_en}: {en}")
        return False


def _src(source: str, lang: str) -> str:
    """A source name for a message: the pasted text is named in words."""
    return t("pasted", lang) if source in ("<text>", "<paste>") else source


def _rule_in(text: str) -> str:
    """The rule id a kernel text cites in brackets, e.g. "(BR-15)" -> "BR-15"."""
    m = re.search(r"\(((?:BR|CR|HR|R)-[A-Za-z0-9.\-]+)\)", text or "")
    return m.group(1) if m else ""


def _order(s) -> list[int]:
    """Cards in play in a stable order: the field (a1..e6), then each seat's aux and attached."""
    out = [u for u in s.cells if u is not None]
    for seat in s.seats:
        out += list(seat.aux) + list(seat.attached)
    return out


# --- the widgets -----------------------------------------------------------------------------------

EXPLORER_CSS = """<style>
.explorer-app .explorer-side .widget-label { min-width: 0; }
.explorer-app .explorer-section { margin-top: 8px; padding-top: 4px; border-top: 1px solid #ddd; }
.explorer-app textarea { font-family: 'DejaVu Sans Mono', monospace; font-size: 11px; }
</style>"""


def _message_html(m: Message | None, lang: str) -> str:
    return message_html(m, lang, css="explorer-message")


try:  # the controller is importable without ipywidgets; the app needs it
    import ipywidgets as _W
    _VBox = _W.VBox
except ImportError:  # pragma: no cover
    _VBox = object


def _play_board_class():
    from .berserk_app import BerserkApp

    class PlayBoard(BerserkApp):
        """The hot-seat board, titled for the explorer."""

        def title(self, lang: str) -> str:
            return "Игра из позиции" if lang == "ru" else "Playing the position"

        def top_rows(self, header) -> list:
            return []          # the explorer's own header has the title and the language switch

    return PlayBoard


class ExplorerApp(_VBox):
    """The scenario explorer (an ipywidgets `VBox`): `ExplorerApp()` or
    `ExplorerApp(state, lang="en")`. `app.controller` is the `ExplorerController`, `app.view`
    the editor's `CanvasView`, `app.board` the `BerserkApp` once a position is played."""

    SIDE_WIDTH = "340px"

    def __init__(self, state: BerserkState | None = None, lang: str | None = None, examples_dir=None,
                 controller: ExplorerController | None = None):
        import ipywidgets as W

        from .canvas_view import CanvasView

        self.controller = c = controller or ExplorerController(state, lang, examples_dir)
        self.errors: list[str] = []
        self._busy = False
        self.board = None
        self._saved_key = None
        lay = W.Layout
        narrow = {"description_width": "90px"}

        self.view = CanvasView(on_click=self._on_click, on_error=self.show_exception)
        self.title_html = W.HTML()
        self.lang_toggle = W.ToggleButtons(options=[("Русский", "ru"), ("English", "en")], value=c.lang,
                                           style={"button_width": "80px"})
        self.play_button = W.Button(button_style="success", layout=lay(width="auto"))
        self.edit_button = W.Button(button_style="warning", layout=lay(width="auto"))
        self.status_html = W.HTML()
        self.message_html = W.HTML()
        self.description_html = W.HTML()
        self.hint_html = W.HTML()

        # placing
        self.place_title = W.HTML()
        self.search = W.Text(style=narrow, layout=lay(width="calc(100% - 8px)"), continuous_update=True)
        self.card_dropdown = W.Dropdown(style=narrow, layout=lay(width="calc(100% - 8px)"))
        self.owner_toggle = W.ToggleButtons(options=[("A", 0), ("B", 1)], value=c.owner, style={"button_width": "60px"})
        self.owner_label = W.HTML()
        self.where_dropdown = W.Dropdown(style=narrow, layout=lay(width="230px"))
        self.place_button = W.Button(button_style="primary", layout=lay(width="auto"))
        # the selected card
        self.sel_title = W.HTML()
        self.sel_dropdown = W.Dropdown(layout=lay(width="calc(100% - 8px)"))
        self.int_inputs = {k: W.BoundedIntText(min=0, max=99, continuous_update=False,
                                               style={"description_width": "80px"},
                                               layout=lay(width="160px")) for k in FLAGS_INT}
        self.bool_inputs = {k: W.Checkbox(indent=False, layout=lay(width="auto")) for k in FLAGS_BOOL}
        self.move_dropdown = W.Dropdown(style={"description_width": "110px"}, layout=lay(width="200px"))
        self.move_button = W.Button(layout=lay(width="auto"))
        self.remove_button = W.Button(button_style="danger", layout=lay(width="auto"))
        # the turn
        self.turn_title = W.HTML()
        self.active_toggle = W.ToggleButtons(options=[("A", 0), ("B", 1)], value=c.state.active,
                                             style={"button_width": "60px"})
        self.turn_input = W.BoundedIntText(min=1, max=999, value=max(1, c.state.turn), continuous_update=False,
                                           style=narrow, layout=lay(width="170px"))
        self.undo_edit_button = W.Button(layout=lay(width="auto"))
        self.redo_edit_button = W.Button(layout=lay(width="auto"))
        # dice
        self.dice_title = W.HTML()
        faces = [(str(i), i) for i in range(1, 7)]
        self.white_die = W.Dropdown(options=faces, value=5, style={"description_width": "60px"}, layout=lay(width="125px"))
        self.black_die = W.Dropdown(options=[("—", 0)] + faces, value=2, style={"description_width": "60px"},
                                    layout=lay(width="125px"))
        self.add_dice_button = W.Button(layout=lay(width="auto"))
        self.clear_dice_button = W.Button(layout=lay(width="auto"))
        self.dice_html = W.HTML()
        # files
        self.files_title = W.HTML()
        self.example_dropdown = W.Dropdown(style=narrow, layout=lay(width="340px"))
        self.example_button = W.Button(layout=lay(width="auto"))
        self.save_button = W.Button(button_style="info", layout=lay(width="auto"))
        self.download_html = W.HTML()
        self.save_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="140px"))
        self.load_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="90px"))
        self.load_button = W.Button(layout=lay(width="auto"))
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False)
        self.style_html = W.HTML(EXPLORER_CSS)
        for wdg, cls in ((self.search, "explorer-search"), (self.card_dropdown, "explorer-card"),
                         (self.owner_toggle, "explorer-owner"), (self.where_dropdown, "explorer-where"),
                         (self.sel_dropdown, "explorer-select"), (self.move_dropdown, "explorer-move"),
                         (self.active_toggle, "explorer-active"), (self.example_dropdown, "explorer-example"),
                         (self.save_area, "explorer-save-text"), (self.load_area, "explorer-load-text"),
                         (self.upload, "explorer-upload")):
            wdg.add_class(cls)
        for k, wdg in {**self.int_inputs, **self.bool_inputs}.items():
            wdg.add_class(f"explorer-{k.replace('_', '-')}")

        # wiring
        self.lang_toggle.observe(self._on_lang, names="value")
        self.play_button.on_click(self._on_play)
        self.edit_button.on_click(self._on_edit)
        self.search.observe(self._on_search, names="value")
        self.card_dropdown.observe(self._on_palette, names="value")
        self.owner_toggle.observe(self._on_owner, names="value")
        self.place_button.on_click(self._on_place)
        self.sel_dropdown.observe(self._on_select, names="value")
        for k, wdg in self.int_inputs.items():
            wdg.observe(lambda ch, key=k: self._on_flag(key, ch), names="value")
        for k, wdg in self.bool_inputs.items():
            wdg.observe(lambda ch, key=k: self._on_flag(key, ch), names="value")
        self.move_button.on_click(self._on_move)
        self.remove_button.on_click(self._on_remove)
        self.active_toggle.observe(self._on_active, names="value")
        self.turn_input.observe(self._on_turn, names="value")
        self.undo_edit_button.on_click(self._on_undo_edit)
        self.redo_edit_button.on_click(self._on_redo_edit)
        self.add_dice_button.on_click(self._on_add_dice)
        self.clear_dice_button.on_click(self._on_clear_dice)
        self.example_button.on_click(self._on_example)
        self.save_button.on_click(self._on_save)
        self.load_button.on_click(self._on_load_text)
        self.upload.observe(self._on_upload, names="value")

        # layout
        header = W.HBox([self.title_html, self.lang_toggle],
                        layout=lay(justify_content="space-between", align_items="center", width="calc(100% - 12px)"))
        header.add_class("explorer-header")
        self.howto_html = W.HTML()
        self.howto = W.Accordion(children=[self.howto_html], layout=lay(width="calc(100% - 12px)"))
        self.howto.selected_index = None
        mode_row = W.HBox([self.play_button, self.edit_button, self.status_html],
                          layout=lay(align_items="center", flex_flow="row wrap"))
        place_box = W.VBox([self.place_title, self.search, self.card_dropdown,
                            W.HBox([self.owner_label, self.owner_toggle], layout=lay(align_items="center")),
                            W.HBox([self.where_dropdown, self.place_button], layout=lay(align_items="center"))])
        place_box.add_class("explorer-place")
        sel_box = W.VBox([self.sel_title, self.sel_dropdown,
                          W.HBox([self.int_inputs["wounds"], self.int_inputs["tokens"]], layout=lay(flex_flow="row wrap")),
                          W.HBox([self.int_inputs["poison"], self.int_inputs["moves"]], layout=lay(flex_flow="row wrap")),
                          W.HBox([self.bool_inputs["closed"], self.bool_inputs["face_down"]], layout=lay(flex_flow="row wrap")),
                          W.HBox([self.move_dropdown, self.move_button], layout=lay(align_items="center")),
                          self.remove_button])
        sel_box.add_class("explorer-section")
        sel_box.add_class("explorer-selected")
        turn_box = W.VBox([self.turn_title, W.HBox([self.active_toggle, self.turn_input], layout=lay(flex_flow="row wrap")),
                           W.HBox([self.undo_edit_button, self.redo_edit_button])])
        turn_box.add_class("explorer-section")
        side = W.VBox([place_box, sel_box, turn_box], layout=lay(width=self.SIDE_WIDTH, margin="0 0 0 10px"))
        side.add_class("explorer-side")
        self.editor_box = W.HBox([W.VBox([self.view.widget, self.hint_html]), side],
                                 layout=lay(flex_flow="row wrap", align_items="flex-start"))
        self.editor_box.add_class("explorer-editor")
        self.play_box = W.VBox()
        self.play_box.add_class("explorer-play")
        dice_box = W.VBox([self.dice_title,
                           W.HBox([self.white_die, self.black_die, self.add_dice_button, self.clear_dice_button],
                                  layout=lay(align_items="center", flex_flow="row wrap")),
                           self.dice_html])
        dice_box.add_class("explorer-section")
        dice_box.add_class("explorer-dice")
        files_box = W.VBox([self.files_title,
                            W.HBox([self.example_dropdown, self.example_button], layout=lay(align_items="center", flex_flow="row wrap")),
                            W.HBox([self.save_button, self.download_html], layout=lay(align_items="center", flex_flow="row wrap")),
                            self.save_area, self.load_area,
                            W.HBox([self.load_button, self.upload], layout=lay(align_items="center", flex_flow="row wrap"))])
        files_box.add_class("explorer-section")
        files_box.add_class("explorer-files")
        super().__init__(children=[self.style_html, header, mode_row, self.message_html, self.description_html,
                                   self.editor_box, self.play_box, dice_box, files_box, self.howto],
                         layout=lay(width="100%", max_width="1260px"))
        self.add_class("explorer-app")
        self.refresh()

    # --- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every control, the editor's board and (while playing) the game's board in line
        with the controller."""
        c, lang = self.controller, self.controller.lang
        self._busy = True
        try:
            self.title_html.value = f"<h3 style='margin:4px 0'>{escape(t('title', lang))}</h3>"
            self.lang_toggle.value = lang
            self.howto.set_title(0, t("howto_title", lang))
            self.howto_html.value = "".join(f"<p style='margin:4px 0;max-width:900px'>{escape(par)}</p>"
                                            for par in t("howto", lang).split("\n"))
            playing = c.mode == "play"
            self.play_button.description = t("play", lang)
            self.edit_button.description = t("edit", lang)
            self.play_button.layout.display = "none" if playing else ""
            self.edit_button.layout.display = "" if playing else "none"
            self.status_html.value = (f"<div class='explorer-status' role='status' style='font-size:14px;font-weight:bold;"
                                      f"padding:4px 8px'>{escape(c.status())}</div>")
            self.message_html.value = _message_html(c.message, lang)
            desc = c.description()
            self.description_html.value = (f"<div class='explorer-description' style='font-size:13px;font-style:italic;"
                                           f"padding:2px 6px'>{escape(desc)}</div>") if desc else ""
            self._refresh_place()
            self._refresh_selected()
            self._refresh_turn()
            self._refresh_dice()
            self._refresh_files()
            self.editor_box.layout.display = "none" if playing else ""
            self.play_box.layout.display = "" if playing else "none"
        finally:
            self._busy = False
        if playing:
            self._show_board()
        else:
            self.view.show(c.scene())
            if self.board is not None and self.board.lang_toggle.value != lang:
                self.board.refresh()          # hidden, but in the page's language when shown
        # last, after the drawing batch: a page that shows this hint has everything
        hint = c.hint() if not playing else ""
        self.hint_html.value = f"<div class='explorer-hint' style='font-size:12px;max-width:860px'>{escape(hint)}</div>"

    def _refresh_place(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.place_title.value = f"<b>{t('place_title', lang)}</b>"
        self.search.description = t("search", lang)
        self.search.placeholder = t("search_hint", lang)
        self.card_dropdown.description = t("card", lang)
        options = [(t("no_card", lang), "")] + c.palette(self.search.value, lang)
        if c.palette_card and c.palette_card not in [v for _l, v in options]:
            options.insert(1, (c.card_label(c.palette_card, lang), c.palette_card))
        if list(self.card_dropdown.options) != options:
            self.card_dropdown.options = options
        self.card_dropdown.value = c.palette_card or ""
        self.owner_label.value = f"{t('owner', lang)}:&nbsp;"
        names = ((c.seat_name(0), 0), (c.seat_name(1), 1))
        if tuple(tuple(o) for o in self.owner_toggle.options) != names:
            self.owner_toggle.options = names
        self.owner_toggle.value = c.owner
        self.where_dropdown.description = t("where", lang)
        where = c.where_options(lang)
        keep = self.where_dropdown.value
        if list(self.where_dropdown.options) != where:
            self.where_dropdown.options = where
        values = [v for _l, v in where]
        free = c.free_cells()
        self.where_dropdown.value = keep if keep in values else (free[0] if free else "aux")
        self.place_button.description = t("place", lang)
        self.place_button.disabled = c.mode != "edit"

    def _refresh_selected(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.sel_title.value = f"<b>{t('selected_title', lang)}</b>"
        options = [(t("no_selection", lang), "")] + [(c.card_line(u, lang), str(u)) for u in c.in_play()]
        if list(self.sel_dropdown.options) != options:
            self.sel_dropdown.options = options
        sel = c.selected if c.selected in c.state.cards else None
        self.sel_dropdown.value = str(sel) if sel is not None else ""
        card = c.state.cards.get(sel) if sel is not None else None
        for k, wdg in self.int_inputs.items():
            wdg.description = t(k, lang)
            wdg.disabled = card is None
            wdg.value = min(99, getattr(card, k, 0)) if card is not None else 0
        for k, wdg in self.bool_inputs.items():
            wdg.description = t(k, lang)
            wdg.disabled = card is None
            wdg.value = bool(getattr(card, k, False)) if card is not None else False
        self.move_dropdown.description = t("move_to", lang)
        cells = [(n, n) for n in c.free_cells()] or [("—", "")]
        keep = self.move_dropdown.value
        if list(self.move_dropdown.options) != cells:
            self.move_dropdown.options = cells
        values = [v for _l, v in cells]
        self.move_dropdown.value = keep if keep in values else values[0]
        self.move_button.description = t("move", lang)
        on_field = card is not None and card.zone == "field"
        self.move_dropdown.disabled = self.move_button.disabled = not on_field
        self.remove_button.description = t("remove", lang)
        self.remove_button.disabled = card is None

    def _refresh_turn(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.turn_title.value = f"<b>{t('turn_title', lang)}</b>"
        names = ((c.seat_name(0), 0), (c.seat_name(1), 1))
        if tuple(tuple(o) for o in self.active_toggle.options) != names:
            self.active_toggle.options = names
        self.active_toggle.value = c.state.active
        self.turn_input.description = t("turn_no", lang)
        self.turn_input.value = max(1, min(999, c.state.turn))
        self.undo_edit_button.description = t("undo_edit", lang)
        self.redo_edit_button.description = t("redo_edit", lang)
        self.undo_edit_button.disabled = not c.can_undo_edit()
        self.redo_edit_button.disabled = not c.can_redo_edit()

    def _refresh_dice(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.dice_title.value = f"<b>{t('dice_title', lang)}</b>"
        self.white_die.description = t("white", lang)
        self.black_die.description = t("black", lang)
        self.add_dice_button.description = t("add_roll", lang)
        self.clear_dice_button.description = t("clear_dice", lang)
        q = c.queued_dice()
        self.clear_dice_button.disabled = not q
        boxes = "".join(
            f"<span class='explorer-die' aria-label='{v}' style='display:inline-block;width:24px;height:24px;"
            f"line-height:24px;text-align:center;font-weight:bold;border:2px solid #222;border-radius:5px;"
            f"margin-right:4px'>{v}</span>" for v in q)
        line = t("dice_queue", lang, faces=" → ".join(map(str, q))) if q else t("dice_none", lang)
        self.dice_html.value = (f"<div class='explorer-dice-queue' style='font-size:13px'>{escape(line)}</div>"
                                + (f"<div>{boxes}</div>" if boxes else "")
                                + f"<div style='font-size:11px'>{escape(t('dice_note', lang))}</div>")

    def _refresh_files(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.files_title.value = f"<b>{t('files_title', lang)}</b>"
        names = c.examples()
        options = [(n, n) for n in names] or [(t("no_examples", lang), "")]
        keep = self.example_dropdown.value
        if list(self.example_dropdown.options) != options:
            self.example_dropdown.options = options
        values = [v for _l, v in options]
        self.example_dropdown.value = keep if keep in values else values[0]
        self.example_dropdown.description = t("examples", lang)
        self.example_button.description = t("load_example", lang)
        self.example_button.disabled = not names
        self.save_button.description = t("save", lang)
        self.load_area.placeholder = t("paste", lang)
        self.load_button.description = t("load_text", lang)
        self.upload.description = t("upload", lang)
        if self._saved_key is not None and self._saved_key != self._position_key():
            self._saved_key = None            # the saved text no longer shows the position
            self.save_area.value = ""
            self.download_html.value = ""
        elif self.download_html.value:
            self._fill_download(self.save_area.value)

    def _position_key(self) -> tuple:
        c = self.controller
        p = c.player
        return (c.version, c.mode, p.version if (p is not None and c.mode == "play") else None)

    def _fill_download(self, text: str) -> None:
        lang = self.controller.lang
        name = "berserk_scenario.json"
        self.download_html.value = (f"<a class='explorer-download' download='{name}' href='{self.controller.data_uri(text)}' "
                                    f"style='margin-left:8px'>{escape(t('download', lang, name=name))}</a>")

    def _show_board(self) -> None:
        c = self.controller
        if self.board is None:
            self.board = _play_board_class()(controller=c.player)
            self.board.lang_toggle.observe(self._on_board_lang, names="value")
            self.play_box.children = [self.board]
        elif self.board.controller is not c.player:   # pragma: no cover - one player per explorer
            self.board.controller = c.player
        self.board.refresh()

    # --- callbacks -------------------------------------------------------------------------------
    def show_exception(self, exc: Exception) -> None:
        text = f"{type(exc).__name__}: {exc}"
        self.errors.append(text)
        self.message_html.value = f"<div class='explorer-message' role='alert'>⚠ {escape(text)}</div>"

    @guarded
    def _on_click(self, tag) -> None:
        self.controller.click(tag)
        self.refresh()

    @guarded
    def _on_lang(self, change) -> None:
        if self._busy:
            return
        self.controller.set_lang(change["new"])
        self.refresh()

    @guarded
    def _on_board_lang(self, change) -> None:
        if change["new"] != self.controller.lang:
            self.controller.set_lang(change["new"])
            self.refresh()

    @guarded
    def _on_play(self, _b) -> None:
        self.controller.play()
        self.refresh()

    @guarded
    def _on_edit(self, _b) -> None:
        self.controller.back_to_edit()
        self.refresh()

    @guarded
    def _on_search(self, _change) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            self._refresh_place()
        finally:
            self._busy = False

    @guarded
    def _on_palette(self, change) -> None:
        if self._busy:
            return
        self.controller.set_palette(change["new"] or None)
        self.refresh()

    @guarded
    def _on_owner(self, change) -> None:
        if self._busy:
            return
        self.controller.set_owner(change["new"])
        self.refresh()

    @guarded
    def _on_place(self, _b) -> None:
        self.controller.place(self.controller.palette_card, self.where_dropdown.value or "")
        self.refresh()

    @guarded
    def _on_select(self, change) -> None:
        if self._busy:
            return
        self.controller.select(change["new"] or None)
        self.refresh()

    @guarded
    def _on_flag(self, key, change) -> None:
        if self._busy or self.controller.selected is None:
            return
        self.controller.set_flag(self.controller.selected, key, change["new"])
        self.refresh()

    @guarded
    def _on_move(self, _b) -> None:
        if self.controller.selected is not None and self.move_dropdown.value:
            self.controller.move(self.controller.selected, self.move_dropdown.value)
            self.refresh()

    @guarded
    def _on_remove(self, _b) -> None:
        if self.controller.selected is not None:
            self.controller.remove(self.controller.selected)
            self.refresh()

    @guarded
    def _on_active(self, change) -> None:
        if self._busy:
            return
        self.controller.set_turn(active=change["new"])
        self.refresh()

    @guarded
    def _on_turn(self, change) -> None:
        if self._busy:
            return
        self.controller.set_turn(turn=change["new"])
        self.refresh()

    @guarded
    def _on_undo_edit(self, _b) -> None:
        self.controller.undo_edit()
        self.refresh()

    @guarded
    def _on_redo_edit(self, _b) -> None:
        self.controller.redo_edit()
        self.refresh()

    @guarded
    def _on_add_dice(self, _b) -> None:
        faces = [self.white_die.value] + ([self.black_die.value] if self.black_die.value else [])
        self.controller.force_dice(*faces)
        self.refresh()

    @guarded
    def _on_clear_dice(self, _b) -> None:
        self.controller.clear_dice()
        self.refresh()

    @guarded
    def _on_example(self, _b) -> None:
        if self.example_dropdown.value:
            self.controller.load_example(self.example_dropdown.value)
            self.refresh()

    @guarded
    def _on_save(self, _b) -> None:
        c = self.controller
        text = c.save_text()
        self.save_area.value = text
        self._fill_download(text)
        c._say("done", "", *_pair("saved"))
        self._saved_key = self._position_key()
        self.refresh()

    @guarded
    def _on_load_text(self, _b) -> None:
        self.controller.load_text(self.load_area.value, "<text>")
        self.refresh()

    @guarded
    def _on_upload(self, change) -> None:
        files = change["new"] or ()
        if not files:
            return
        f = files[-1]
        name = f.get("name", "<upload>") if isinstance(f, dict) else getattr(f, "name", "<upload>")
        content = f.get("content", b"") if isinstance(f, dict) else getattr(f, "content", b"")
        self.controller.load_upload(name, content)
        self.upload.value = ()        # so that the same file can be chosen again (after a fix)
        self.refresh()
