"""The explorer page for Battle for the City (an ipywidgets `VBox` over a `CityExplorer`): the game's
own board (click to play on) and controls that edit the moment on it: a district's owner and forces,
the players' influence and headquarters, the phase, round and whose move, the turn's attacks, the
event deck and discard pile in order, forced dice, any field as JSON; save, load and «Copy link»."""
from __future__ import annotations

import json
from html import escape

import ipywidgets as W

from .app_parts import guarded, message_html
from .city_app import CityApp
from .explorer_city import PHASES, TURN_COUNTERS, CityExplorer
from .explorer_words import t, value_name
from .outcomes_panel import OutcomesPanel
from .share_link import CopyLink

POSITION_FIELDS = ("districts", "influence", "hq", "order", "initiative", "pick_index", "turn", "deck", "discard",
                   "last_event", "last_battle", "winners", "forced")


class CityBoard(CityApp):
    """The hot-seat City board, without its own title row (the explorer's header has it)."""

    def title(self, lang: str) -> str:
        return t("city_board", lang)

    on_refresh = None          # the explorer's hook: called after each redraw

    def top_rows(self, header) -> list:
        return []

    def refresh(self) -> None:
        super().refresh()
        if self.on_refresh is not None:
            self.on_refresh()


class CityPanel(W.VBox):
    """`panel.city` is the `CityExplorer`, `panel.board` its `CityBoard`."""

    def __init__(self, lang: str = "ru", city: CityExplorer | None = None, on_error=None):
        self.city = c = city or CityExplorer(lang=lang)
        self._busy = False
        self._on_error = on_error
        self._field_shown = None
        lay = W.Layout
        small = {"description_width": "initial"}
        row = dict(layout=lay(align_items="center", flex_flow="row wrap"))
        self.board = CityBoard(controller=c.player)
        self.outcomes = OutcomesPanel(c.player, on_play=lambda _a: self.refresh())
        self.outcomes_fold = W.Accordion(children=[self.outcomes], layout=lay(width="calc(100% - 12px)"))
        self.outcomes_fold.selected_index = None
        self.outcomes_fold.add_class("explorer-outcomes")
        self.message_html = W.HTML()
        self.titles = [W.HTML() for _ in range(4)]
        self.district = W.Dropdown(style=small, layout=lay(width="150px"))
        self.owner = W.Dropdown(style=small, layout=lay(width="190px"))
        self.forces = W.BoundedIntText(min=0, max=10, style=small, layout=lay(width="120px"))
        self.district_button = W.Button(button_style="primary", layout=lay(width="auto"))
        self.player = W.Dropdown(style=small, layout=lay(width="190px"))
        self.influence = W.BoundedIntText(min=0, max=1000, style=small, layout=lay(width="140px"))
        self.influence_button = W.Button(layout=lay(width="auto"))
        self.hq = W.Dropdown(style=small, layout=lay(width="150px"))
        self.hq_button = W.Button(layout=lay(width="auto"))
        self.phase = W.Dropdown(options=[(p, p) for p in PHASES], style=small, layout=lay(width="170px"))
        self.round = W.BoundedIntText(min=0, max=1001, style=small, layout=lay(width="120px"))
        self.current = W.Dropdown(style=small, layout=lay(width="190px"))
        self.frame_button = W.Button(layout=lay(width="auto"))
        self.counter = W.Dropdown(options=[(k, k) for k in TURN_COUNTERS], style=small, layout=lay(width="190px"))
        self.counter_value = W.BoundedIntText(min=0, max=100, layout=lay(width="80px"))
        self.counter_button = W.Button(layout=lay(width="auto"))
        self.deck = W.Textarea(layout=lay(width="calc(100% - 12px)", height="54px"))
        self.discard = W.Text(layout=lay(width="calc(100% - 12px)"))
        self.deck_button = W.Button(layout=lay(width="auto"))
        self.dice = W.Text(style=small, layout=lay(width="220px"), placeholder="8 9 3 2")
        self.dice_button = W.Button(layout=lay(width="auto"))
        self.field = W.Dropdown(options=[(f, f) for f in POSITION_FIELDS], style=small, layout=lay(width="200px"))
        self.field_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="60px"))
        self.field_button = W.Button(layout=lay(width="auto"))
        self.undo_button = W.Button(layout=lay(width="auto"))
        self.link = CopyLink(lang=c.lang)
        self.save_button = W.Button(button_style="info", layout=lay(width="auto"))
        self.save_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="90px"))
        self.load_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="60px"))
        self.load_button = W.Button(layout=lay(width="auto"))
        for wdg, cls in ((self.district, "city-edit-district"), (self.owner, "city-edit-owner"),
                         (self.forces, "city-edit-forces"), (self.deck, "city-edit-deck"),
                         (self.message_html, "city-edit-message"), (self.link, "explorer-link"),
                         (self.save_area, "city-save-text"), (self.load_area, "city-load-text")):
            wdg.add_class(cls)
        for button, fn in ((self.district_button, self._on_district), (self.influence_button, self._on_influence),
                           (self.hq_button, self._on_hq), (self.frame_button, self._on_frame),
                           (self.counter_button, self._on_counter), (self.deck_button, self._on_deck),
                           (self.dice_button, self._on_dice), (self.field_button, self._on_field),
                           (self.undo_button, self._on_undo), (self.save_button, self._on_save),
                           (self.load_button, self._on_load)):
            button.on_click(fn)
        self.district.observe(self._on_pick_district, names="value")
        self.field.observe(self._on_pick_field, names="value")
        self.board.controller.listeners.append(lambda _c: self._after_move())
        self.board.on_refresh = self._follow_selection
        tt = self.titles
        edit = W.VBox([
            tt[0], W.HBox([self.district, self.owner, self.forces, self.district_button], **row),
            W.HBox([self.player, self.influence, self.influence_button, self.hq, self.hq_button], **row),
            tt[1], W.HBox([self.phase, self.round, self.current, self.frame_button], **row),
            W.HBox([self.counter, self.counter_value, self.counter_button], **row),
            W.HBox([self.dice, self.dice_button, self.undo_button], **row),
            tt[2], self.deck, self.discard, self.deck_button,
            tt[3], W.HBox([self.field, self.field_button], **row), self.field_area,
            self.link, W.HBox([self.save_button], **row), self.save_area, self.load_area, self.load_button])
        edit.add_class("explorer-section")
        edit.add_class("city-edit")
        super().__init__(children=[self.message_html, self.board, self.outcomes_fold, edit], layout=lay(width="100%"))
        self.add_class("explorer-city")
        self.refresh()

    # --- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        c, lang = self.city, self.city.lang
        s = c.state
        self._busy = True
        try:
            for wdg, key in zip(self.titles, ("city_map_title", "city_frame_title", "city_deck_title", "moment_field")):
                wdg.value = f"<b>{escape(t(key, lang))}</b>"
            hint = t("city_deck_hint", lang, events=", ".join(c.events()))
            self.titles[2].value += f"<div style='font-size:12px'>{escape(hint)}</div>"
            self.message_html.value = message_html(c.message, lang, css="explorer-message")
            players = [(c.player.name(p, lang), p) for p in range(s.players)]
            _set(self.district, [(str(d), d) for d in c.districts()], t("city_district", lang))
            _set(self.owner, [(t("city_free", lang), -1)] + players, t("owner", lang))
            d = self.district.value
            self.owner.value = s.owner.get(d) if s.owner.get(d) is not None else -1
            self.forces.value = s.forces.get(d, 0) or 0
            self.forces.description = t("city_forces", lang)
            self.district_button.description = t("set_value", lang)
            _set(self.player, players, t("city_player", lang))
            p = self.player.value or 0
            self.influence.value = s.influence[p]
            self.influence.description = t("col_influence", lang)
            self.influence_button.description = t("set_value", lang)
            _set(self.hq, [("—", "")] + [(str(x), x) for x in c.districts()], t("city_hq", lang))
            self.hq.value = s.hq[p] if s.hq[p] is not None else ""
            self.hq_button.description = t("city_set_hq", lang)
            self.phase.description = t("phase", lang)
            _set(self.phase, [(value_name("city_phase", ph, lang), ph) for ph in PHASES], t("phase", lang))
            self.phase.value = s.phase
            self.round.description = t("city_round", lang)
            self.round.value = s.round
            _set(self.current, players, t("city_current", lang))
            self.current.value = s.current if s.current is not None else 0
            self.frame_button.description = t("set_value", lang)
            _set(self.counter, [(value_name("counter", k, lang), k) for k in TURN_COUNTERS], t("city_turn", lang))
            self.counter_value.value = int(s.turn.get(self.counter.value) or 0)
            self.counter_button.description = t("set_value", lang)
            self.dice.description = t("city_dice", lang)
            self.dice_button.description = t("add_roll", lang)
            self.undo_button.description = t("undo_edit", lang)
            self.undo_button.disabled = not c._undo
            self.deck.value = c.deck_text()
            self.deck.placeholder = t("city_deck", lang)
            self.discard.value = ", ".join(s.discard)
            self.discard.placeholder = t("city_discard", lang)
            self.deck_button.description = t("city_set_deck", lang)
            self.field.description = t("any_field", lang)
            self.field_button.description = t("apply_field", lang)
            if self._field_shown != (self.field.value, c.version):
                self._field_shown = (self.field.value, c.version)
                self.field_area.value = _json(c.position().get(self.field.value))
            self.link.set_lang(lang)
            self.outcomes_fold.set_title(0, t("outcomes_title", lang))
            if self.outcomes.lang != lang:
                self.outcomes.set_lang(lang)
            self.link.code = c.share_code()
            self.save_button.description = t("save", lang)
            self.load_area.placeholder = t("paste", lang)
            self.load_button.description = t("load_text", lang)
        finally:
            self._busy = False
        self.board.refresh()

    def set_lang(self, lang: str) -> None:
        self.city.set_lang(lang)
        self.refresh()

    def _after_move(self) -> None:
        """A move on the board: the link and the fields follow the position."""
        if not self._busy:
            self.city.version += 1
            self.refresh()

    def _follow_selection(self) -> None:
        """A district selected on the board becomes the one the editor's fields show."""
        d = self.board.controller.selected
        if d is not None and not self._busy and d != self.district.value and d in self.city.districts():
            self.district.value = d          # the list's callback refreshes the fields

    # --- callbacks -------------------------------------------------------------------------------
    def show_exception(self, exc: Exception) -> None:
        if self._on_error is not None:
            self._on_error(exc)

    def _do(self, fn, *args) -> None:
        fn(*args)
        self.refresh()

    @guarded
    def _on_pick_district(self, _change) -> None:
        if not self._busy:
            self.refresh()

    @guarded
    def _on_pick_field(self, _change) -> None:
        if not self._busy:
            self.refresh()

    @guarded
    def _on_district(self, _b) -> None:
        owner = None if self.owner.value == -1 else self.owner.value
        self._do(self.city.set_district, self.district.value, owner, self.forces.value)

    @guarded
    def _on_influence(self, _b) -> None:
        self._do(self.city.set_influence, self.player.value, self.influence.value)

    @guarded
    def _on_hq(self, _b) -> None:
        self._do(self.city.set_hq, self.player.value, self.hq.value)

    @guarded
    def _on_frame(self, _b) -> None:
        c, s = self.city, self.city.state
        for fn, new, old in ((c.set_phase, self.phase.value, s.phase), (c.set_round, self.round.value, s.round),
                             (c.set_current, self.current.value, s.current)):
            if new != old and not fn(new):
                break
        self.refresh()

    @guarded
    def _on_counter(self, _b) -> None:
        self._do(self.city.set_turn, self.counter.value, self.counter_value.value)

    @guarded
    def _on_deck(self, _b) -> None:
        if self.city.set_deck(self.deck.value):
            self.city.set_deck(self.discard.value, "discard")
        self.refresh()

    @guarded
    def _on_dice(self, _b) -> None:
        self._do(self.city.force_dice, *self.dice.value.replace(",", " ").split())

    @guarded
    def _on_field(self, _b) -> None:
        self._do(self.city.set_field, self.field.value, self.field_area.value)

    @guarded
    def _on_undo(self, _b) -> None:
        self._do(self.city.undo_edit)

    @guarded
    def _on_save(self, _b) -> None:
        self.save_area.value = self.city.save_text()

    @guarded
    def _on_load(self, _b) -> None:
        self._do(self.city.load_text, self.load_area.value, "<text>")


def _set(wdg, options, description: str) -> None:
    wdg.description = description
    options = [tuple(o) for o in options]
    if [tuple(o) for o in wdg.options] != options:
        keep = wdg.value
        wdg.options = options
        values = [v for _l, v in options]
        wdg.value = keep if keep in values else values[0]


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)
