"""A card editor for own cards (issue 11): the fields of a new card, abilities from the kernel's
vocabulary (docs/abilities.md) — a ready one from a demo card or one built from its parts — and
a live check that shows the kernel's own error (berserk.cards.parse_cards) when the combination
cannot be said; «Добавить / Add» hands the card table to `on_card`.

    editor = CardEditor(on_card=lambda table: scenario["own_cards"].append(table), lang="en")

Every check is the kernel's: the editor only assembles the table the card files use.
"""
from __future__ import annotations

import re
from html import escape

import ipywidgets as W

from berserk_kernel.berserk.abilities import KIND_NAMES, KINDS, OPS, TARGETS, TIMINGS, TRIGGERS
from berserk_kernel.berserk.cards import ELEMENT_NAMES, ELEMENTS, card_table, demo_cards, parse_cards
from berserk_kernel.core.errors import DataError

SOURCE = "<card editor>"
TYPES = ("creature", "artifact", "terrain", "equipment")
WORDS = {
    "title": ("Своя карта", "Your own card"),
    "intro": ("Заполните то, что важно для вашего вопроса; остальное ядро возьмёт по умолчанию.",
              "Fill in what matters for your question; the kernel takes defaults for the rest."),
    "name_ru": ("Имя (рус.)", "Name (Russian)"), "name_en": ("Имя (англ.)", "Name (English)"),
    "id": ("Код карты", "Card id"), "type": ("Тип", "Type"), "kind": ("Вид", "Kind"),
    "cost": ("Цена", "Cost"), "elite": ("Элитная", "Elite"), "elements": ("Стихии", "Elements"),
    "lives": ("Жизни", "Lives"), "strike": ("Удар X-Y-Z", "Strike X-Y-Z"), "move": ("Ход", "Move"),
    "abilities": ("Способности", "Abilities"), "no_abilities": ("Способностей нет.", "No abilities."),
    "remove": ("Убрать", "Remove"),
    "preset": ("Готовая", "Ready-made"), "preset_none": ("— выберите способность демо-карты —", "— pick an ability of a demo card —"),
    "add_preset": ("Взять", "Take it"),
    "build": ("Или соберите свою:", "Or build your own:"),
    "ab_kind": ("Вид способности", "Ability type"), "timing": ("Когда", "When"), "trigger": ("Событие", "Trigger"),
    "target": ("Цель", "Target"), "op": ("Эффект", "Effect"), "amount": ("Сколько", "Amount"),
    "close": ("Цена: закрыться", "Cost: close"), "range": ("Дальность (0 — любая)", "Range (0: any)"),
    "modifier": ("Модификатор", "Modifier"), "mod_value": ("на", "by"),
    "add_ability": ("Добавить способность", "Add the ability"),
    "none": ("—", "—"),
    "ok": ("Ядро принимает эту карту.", "The kernel accepts this card."),
    "ab_ok": ("Ядро принимает эту способность.", "The kernel accepts this ability."),
    "add": ("Добавить", "Add"),
    "added": ("Карта «{name}» добавлена.", "Card “{name}” added."),
    "taken": ("код {id!r} уже занят другой картой", "the id {id!r} is taken by another card"),
}
TYPE_NAMES = {"creature": ("Существо", "Creature"), "artifact": ("Артефакт", "Artifact"),
              "terrain": ("Местность", "Terrain"), "equipment": ("Экипировка", "Equipment")}
CREATURE_KIND_NAMES = {"ground": ("наземное", "ground"), "flyer": ("летающее", "flyer"), "symbiote": ("симбиот", "symbiote")}
TIMING_NAMES = {"activated": ("в свой ход, по желанию", "in its own turn, at will"),
                "instant": ("внезапное действие", "instant action"),
                "triggered": ("срабатывает само", "triggered"), "constant": ("всегда (свойство)", "always (constant)")}
TRIGGER_NAMES = {"enters_play": ("входит в игру", "enters play"), "dies": ("гибнет", "dies"),
                 "turn_start": ("начало своего хода", "start of its turn"), "strikes": ("после простого удара", "after its simple strike")}
TARGET_NAMES = {"self": ("сама карта", "the card itself"), "host": ("носитель", "its carrier"),
                "one": ("одна цель", "one target"), "choose": ("несколько на выбор", "several, chosen"),
                "mass": ("все подходящие", "all that fit"), "trigger": ("та, что вызвала", "the one that set it off")}
OP_NAMES = {"wound": ("ранить", "wound"), "heal": ("излечить", "heal"), "destroy": ("уничтожить", "destroy"),
            "poison": ("отравить", "poison"), "cure": ("снять яд", "cure poison"), "tokens": ("фишки", "tokens"),
            "open": ("открыть", "open"), "close": ("закрыть", "close"), "move": ("переместить", "move"),
            "return_to_deck": ("вернуть в колоду", "return to the deck"), "taunt": ("вызвать на себя", "taunt"),
            "stay_closed": ("не открывается в следующий ход", "does not open next turn"),
            "boost": ("усилить на ход", "boost for a turn"), "grant": ("дать способность", "grant an ability")}
MODIFIER_NAMES = {"attack_die": ("кубик атаки", "attack die"), "defence_die": ("кубик защиты", "defence die"),
                  "armour": ("броня", "armour")}
AMOUNT_OPS = ("wound", "heal", "poison", "tokens")
BUILD_OPS = tuple(op for op in OPS if op != "grant")     # a grant names another ability: ready-made only
NONE = ""


def _w(key: str, lang: str, **kw) -> str:
    text = WORDS[key][1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def _pick(pairs: dict, key: str, lang: str) -> str:
    pair = pairs.get(key)
    return pair[1 if lang == "en" else 0] if pair else key


def slug(text: str, default: str = "my_card") -> str:
    """A card id from a name: «Brave Guard» -> ``brave_guard`` (a-z, 0-9, _; starts with a letter)."""
    s = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    s = re.sub(r"^[0-9_]+", "", s)
    return s[:60] or default


def demo_abilities() -> list:
    """[(card id, ability table)] of every ability of the demo set, in the set's order."""
    out = []
    for cid, d in demo_cards().items():
        for a in (d.data or {}).get("abilities", ()):
            out.append((cid, a))
    return out


class CardEditor(W.VBox):
    """The editor. `on_card(table)` gets the full card table the kernel accepted; `taken` are
    card ids already in use (the demo set's by default)."""

    def __init__(self, on_card=None, lang: str = "ru", taken=None):
        super().__init__(layout=W.Layout(width="100%", max_width="980px"))
        self.add_class("app-card-editor")
        self.on_card = on_card
        self.lang = lang if lang in ("ru", "en") else "ru"
        self.taken = set(demo_cards()) if taken is None else set(taken)
        self.abilities: list[dict] = []
        self.added: list[dict] = []
        self.error: DataError | None = None
        self._id_edited = False
        self._quiet = False
        small = W.Layout(width="150px")
        self.title = W.HTML()
        self.name_ru = W.Text(value="Мой воин", layout=W.Layout(width="230px"))
        self.name_en = W.Text(value="My warrior", layout=W.Layout(width="230px"))
        self.card_id = W.Text(value="my_warrior", layout=W.Layout(width="200px"))
        self.type = W.Dropdown(layout=small)
        self.kind = W.Dropdown(layout=small)
        self.cost = W.BoundedIntText(value=3, min=0, max=15, layout=W.Layout(width="130px"))
        self.elite = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.elements = {e: W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto")) for e in ELEMENTS}
        self.lives = W.BoundedIntText(value=3, min=1, max=20, layout=W.Layout(width="130px"))
        self.strike = [W.BoundedIntText(value=v, min=0, max=15, layout=W.Layout(width="56px")) for v in (1, 2, 2)]
        self.move = W.BoundedIntText(value=1, min=0, max=5, layout=W.Layout(width="130px"))
        self.ability_list = W.VBox()
        # the ability builder
        self.preset = W.Dropdown(layout=W.Layout(width="420px", max_width="100%"))
        self.preset_button = W.Button(layout=W.Layout(width="auto"))
        self.ab_kind = W.Dropdown(layout=small)
        self.timing = W.Dropdown(layout=W.Layout(width="200px"))
        self.trigger = W.Dropdown(layout=small)
        self.target = W.Dropdown(layout=small)
        self.op = W.Dropdown(layout=small)
        self.amount = W.BoundedIntText(value=1, min=0, max=20, layout=W.Layout(width="130px"))
        self.cost_close = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto"))
        self.range = W.BoundedIntText(value=0, min=0, max=5, layout=W.Layout(width="130px"))
        self.modifier = W.Dropdown(layout=small)
        self.mod_value = W.BoundedIntText(value=1, min=-3, max=20, layout=W.Layout(width="110px"))
        self.ability_status = W.HTML()
        self.add_ability_button = W.Button(layout=W.Layout(width="auto"))
        self.status = W.HTML()
        self.add_button = W.Button(button_style="success", layout=W.Layout(width="auto"))
        self.add_button.add_class("app-card-add")
        self._options()
        for box in [self.name_ru, self.name_en, self.card_id, self.type, self.kind, self.cost, self.elite,
                    self.lives, self.move, *self.strike, *self.elements.values()]:
            box.observe(self._on_field, "value")
        for box in (self.ab_kind, self.timing, self.trigger, self.target, self.op, self.amount, self.cost_close,
                    self.range, self.modifier, self.mod_value):
            box.observe(self._on_ability_field, "value")
        self.preset_button.on_click(lambda _b: self.take_preset())
        self.add_ability_button.on_click(lambda _b: self.add_ability())
        self.add_button.on_click(lambda _b: self.add())
        self._layout()
        self.check()
        self.check_ability()

    # --- labels and layout ----------------------------------------------------------------------
    def _options(self) -> None:
        """The choices of every list in the page's language; what was chosen stays chosen."""
        lang = self.lang
        none = [(_w("none", lang), NONE)]
        cards = demo_cards()
        lists = (
            (self.type, [(_pick(TYPE_NAMES, t, lang), t) for t in TYPES], "creature"),
            (self.kind, [(_pick(CREATURE_KIND_NAMES, k, lang), k) for k in CREATURE_KIND_NAMES], "ground"),
            (self.ab_kind, [(KIND_NAMES[k].get(lang), k) for k in KINDS], "shot"),
            (self.timing, [(_pick(TIMING_NAMES, t, lang), t) for t in TIMINGS], "activated"),
            (self.trigger, none + [(_pick(TRIGGER_NAMES, t, lang), t) for t in TRIGGERS], NONE),
            (self.target, none + [(_pick(TARGET_NAMES, t, lang), t) for t in TARGETS], "one"),
            (self.op, none + [(_pick(OP_NAMES, o, lang), o) for o in BUILD_OPS], "wound"),
            (self.modifier, none + [(_pick(MODIFIER_NAMES, m, lang), m) for m in MODIFIER_NAMES], NONE),
            (self.preset, [(_w("preset_none", lang), -1)] + [
                (f"{cards[cid].name.get(lang)}: {(a.get('text') or {}).get(lang, a['id'])}"[:90], i)
                for i, (cid, a) in enumerate(demo_abilities())], -1),
        )
        self._quiet = True
        try:
            for box, options, default in lists:
                old = box.value if box.options else default
                box.options = options
                box.value = old if old in [v for _l, v in options] else default
        finally:
            self._quiet = False
        self.preset_button.description = _w("add_preset", lang)
        self.add_ability_button.description = _w("add_ability", lang)
        self.add_button.description = _w("add", lang)

    def _label(self, key: str, widget) -> W.Widget:
        return W.VBox([W.HTML(f"<span style='font-size:12px;color:#444'>{escape(_w(key, self.lang))}</span>"), widget],
                      layout=W.Layout(margin="0 8px 4px 0"))

    def _layout(self) -> None:
        lang = self.lang
        self.title.value = (f"<h4 style='margin:4px 0'>{escape(_w('title', lang))}</h4>"
                            f"<div style='font-size:12px;color:#444'>{escape(_w('intro', lang))}</div>")
        wrap = W.Layout(flex_flow="row wrap", align_items="flex-end")
        elements = W.HBox([W.HBox([c, W.HTML(escape(ELEMENT_NAMES[e].get(lang)))], layout=W.Layout(margin="0 8px 0 0"))
                           for e, c in self.elements.items()], layout=W.Layout(flex_flow="row wrap"))
        card_rows = [
            W.HBox([self._label("name_ru", self.name_ru), self._label("name_en", self.name_en),
                    self._label("id", self.card_id)], layout=wrap),
            W.HBox([self._label("type", self.type), self._label("kind", self.kind), self._label("cost", self.cost),
                    self._label("elite", self.elite)], layout=wrap),
            W.HBox([self._label("lives", self.lives), self._label("strike", W.HBox(self.strike)),
                    self._label("move", self.move)], layout=wrap),
            self._label("elements", elements),
        ]
        builder = [
            W.HTML(f"<b>{escape(_w('abilities', lang))}</b>"), self.ability_list,
            W.HBox([self._label("preset", self.preset), self.preset_button], layout=wrap),
            W.HTML(f"<span style='font-size:12px'>{escape(_w('build', lang))}</span>"),
            W.HBox([self._label("ab_kind", self.ab_kind), self._label("timing", self.timing),
                    self._label("trigger", self.trigger), self._label("target", self.target)], layout=wrap),
            W.HBox([self._label("op", self.op), self._label("amount", self.amount), self._label("range", self.range),
                    self._label("close", self.cost_close)], layout=wrap),
            W.HBox([self._label("modifier", self.modifier), self._label("mod_value", self.mod_value),
                    self.add_ability_button], layout=wrap),
            self.ability_status,
        ]
        self.children = [self.title, *card_rows, *builder, W.HBox([self.add_button], layout=wrap), self.status]
        self._abilities_view()

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in ("ru", "en") else "ru"
        self._options()
        self._layout()
        self.check()
        self.check_ability()

    # --- the card -------------------------------------------------------------------------------
    def _on_field(self, change) -> None:
        if self._quiet:
            return
        if change["owner"] is self.card_id:
            self._id_edited = True
        elif change["owner"] is self.name_en and not self._id_edited:
            self._quiet = True
            self.card_id.value = slug(self.name_en.value)
            self._quiet = False
        self.check()

    def table(self) -> dict:
        """The card table the fields say (the short form: what is not given takes the kernel's
        defaults, and fields a type does not have are left out)."""
        t = {"id": self.card_id.value.strip(), "name": {"ru": self.name_ru.value.strip(), "en": self.name_en.value.strip()},
             "type": self.type.value, "cost": self.cost.value, "elite": self.elite.value,
             "elements": [e for e, c in self.elements.items() if c.value]}
        if self.type.value == "creature":
            t["kind"] = self.kind.value
            t["lives"] = self.lives.value
            if self.kind.value != "symbiote":
                t["strike"] = [b.value for b in self.strike]
                t["move"] = self.move.value
        elif self.type.value == "artifact":
            t["lives"] = self.lives.value
        if self.type.value == "equipment":
            t["equipment"] = "weapon"
        if self.abilities:
            t["abilities"] = [dict(a) for a in self.abilities]
        return t

    def check(self):
        """Ask the kernel about the card now; show its verdict. Returns the definition or None."""
        lang = self.lang
        self.error = None
        table = self.table()
        try:
            if table["id"] in self.taken:
                raise DataError(SOURCE, f"card[{table['id']}].id", _w("taken", "en", id=table["id"]),
                                _w("taken", "ru", id=table["id"]))
            card = parse_cards(table, SOURCE)[table["id"]]
        except DataError as e:
            self.error = e
            self.status.value = f"<div class='app-card-check app-card-bad' style='color:#B00020'>✗ {escape(e.line(lang))}</div>"
            self.add_button.disabled = True
            return None
        self.status.value = f"<div class='app-card-check app-card-ok' style='color:#00734D'>✓ {escape(_w('ok', lang))}</div>"
        self.add_button.disabled = False
        self.kind.disabled = self.type.value != "creature"
        return card

    def add(self) -> dict | None:
        """«Добавить»: hand the accepted card's full table to `on_card`; None when refused."""
        card = self.check()
        if card is None:
            return None
        table = card_table(card)
        self.added.append(table)
        self.taken.add(card.id)
        if self.on_card is not None:
            self.on_card(table)
        self.status.value = (f"<div class='app-card-check app-card-ok' style='color:#00734D'>✓ "
                             f"{escape(_w('added', self.lang, name=card.name.get(self.lang)))}</div>")
        self.add_button.disabled = True      # the id is taken now: change it for the next card
        return table

    # --- abilities ------------------------------------------------------------------------------
    def _abilities_view(self) -> None:
        lang = self.lang
        rows = []
        for i, a in enumerate(self.abilities):
            b = W.Button(description=_w("remove", lang), layout=W.Layout(width="auto"))
            b.on_click(lambda _b, k=i: self.remove_ability(k))
            text = (a.get("text") or {}).get(lang, a["id"]) if isinstance(a.get("text"), dict) else a["id"]
            rows.append(W.HBox([W.HTML(f"• {escape(text)} <code>{escape(a['id'])}</code>"), b]))
        self.ability_list.children = rows or [W.HTML(f"<i>{escape(_w('no_abilities', lang))}</i>")]

    def remove_ability(self, index: int) -> None:
        if 0 <= index < len(self.abilities):
            del self.abilities[index]
            self._abilities_view()
            self.check()

    def take_preset(self) -> bool:
        """Add the demo ability picked in the list (its table as the demo card has it)."""
        if self.preset.value is None or self.preset.value < 0:
            return False
        _cid, a = demo_abilities()[self.preset.value]
        self.abilities.append(dict(a, id=self._free_id(a["id"])))
        self._abilities_view()
        self.check()
        return True

    def _free_id(self, base: str) -> str:
        used = {a["id"] for a in self.abilities}
        n, name = 1, base
        while name in used:
            n += 1
            name = f"{base}_{n}"
        return name

    def _on_ability_field(self, change) -> None:
        if self._quiet:
            return
        # the kernel's pairing of sort and timing (a constant ability is always on), kept in step
        self._quiet = True
        try:
            if change["owner"] is self.ab_kind:
                if change["new"] == "constant":
                    self.timing.value, self.target.value, self.op.value = "constant", NONE, NONE
                    self.cost_close.value, self.range.value = False, 0
                    if self.modifier.value == NONE:
                        self.modifier.value = "armour"
                elif self.timing.value == "constant":
                    self.timing.value, self.target.value, self.op.value = "activated", "one", "wound"
                    self.modifier.value = NONE
        finally:
            self._quiet = False
        self.check_ability()

    def draft(self) -> dict:
        """The ability the builder's fields say, as a card file writes it."""
        kind, op = self.ab_kind.value, self.op.value
        lang_text = {}
        for lang in ("ru", "en"):
            words = [KIND_NAMES[kind].get(lang)]
            if op:
                words.append(_pick(OP_NAMES, op, lang) + (f" {self.amount.value}" if op in AMOUNT_OPS else ""))
            if self.modifier.value:
                words.append(f"{_pick(MODIFIER_NAMES, self.modifier.value, lang)} {self.mod_value.value:+d}")
            lang_text[lang] = ": ".join(words)
        a = {"id": self._free_id(kind), "kind": kind, "timing": self.timing.value, "text": lang_text}
        if self.trigger.value:
            a["trigger"] = self.trigger.value
        if self.target.value:
            a["target"] = self.target.value
        if op:
            e = {"op": op}
            if op in AMOUNT_OPS:
                e["amount"] = self.amount.value
            if op == "boost" and self.modifier.value:
                e["modifier"] = {self.modifier.value: self.mod_value.value}
            a["effects"] = [e]
        if self.cost_close.value:
            a["cost"] = {"close": True}
        if self.range.value:
            a["range"] = self.range.value
        if kind == "constant" and self.modifier.value:
            a["modifier"] = {self.modifier.value: self.mod_value.value}
        return a

    def check_ability(self):
        """The kernel's verdict on the draft ability on this card (None when refused)."""
        lang = self.lang
        table = dict(self.table(), id="draft_card", abilities=self.abilities + [self.draft()])
        try:
            parse_cards(table, SOURCE)
        except DataError as e:
            self.ability_status.value = f"<div class='app-ability-check' style='color:#B00020'>✗ {escape(e.line(lang))}</div>"
            self.add_ability_button.disabled = True
            return None
        self.ability_status.value = f"<div class='app-ability-check' style='color:#00734D'>✓ {escape(_w('ab_ok', lang))}</div>"
        self.add_ability_button.disabled = False
        return table["abilities"][-1]

    def add_ability(self) -> bool:
        a = self.check_ability()
        if a is None:
            return False
        self.abilities.append(a)
        self._abilities_view()
        self.check()
        self.check_ability()
        return True
