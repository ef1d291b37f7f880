"""The explorer page's fold «Any moment of the game» (a mixin of `ExplorerApp`): cards off the
board (decks, the deal, hands, graveyards), the phase, heroes and the players' numbers, a pending
decision, the queue of declared abilities and simultaneous triggers, and any field as JSON. Each
control calls one method of `explorer_moment.MomentMixin`; the kernel checks the result."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from .app_parts import guarded
from .card_editor import CardEditor
from .explorer_moment import PENDING_KINDS, PHASES, PLAYER_NUMBERS, ZONES_OFF
from .explorer_words import t, value_name
from .outcomes_panel import OutcomesPanel

JSON_FIELDS = ("players", "options", "pending", "queue", "fired", "dice", "priority", "passes", "batch",
               "attacks_made", "hidden_row", "roll_winner", "winner", "next_uid", "setup", "own_cards", "mode",
               "description")


def _options(wdg, options) -> None:
    """Set a list's options only when they changed, keeping the chosen value if it is still there
    (else the first one)."""
    options = [tuple(o) for o in options]
    if [tuple(o) for o in wdg.options] != options:
        keep = wdg.value
        wdg.options = options
        values = [v for _l, v in options]
        if isinstance(wdg, W.Select):
            wdg.value = keep if keep in values else None
        elif values:
            wdg.value = keep if keep in values else values[0]


def _opts(values) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


class MomentPanel:
    """Builds, refreshes and answers the «any moment» fold."""

    def _build_moment(self, lay) -> W.Accordion:
        small = {"description_width": "initial"}
        self.zone_dropdown = W.Dropdown(options=_opts(ZONES_OFF), style=small, layout=lay(width="210px"))
        self.zone_add_button = W.Button(layout=lay(width="auto"))
        self.zone_list = W.Select(rows=6, layout=lay(width="calc(100% - 12px)"))
        self.zone_move_button = W.Button(layout=lay(width="auto"))
        self.zone_top_button = W.Button(layout=lay(width="auto"))
        self.zone_drop_button = W.Button(button_style="danger", layout=lay(width="auto"))
        self.phase_dropdown = W.Dropdown(options=_opts(PHASES), style=small, layout=lay(width="200px"))
        self.hero_a = W.Dropdown(style=small, layout=lay(width="250px"))
        self.hero_b = W.Dropdown(style=small, layout=lay(width="250px"))
        self.heroes_button = W.Button(layout=lay(width="auto"))
        self.player_label = W.Label()         # names the row: whose number, which, the value
        self.player_label.add_class("explorer-player-label")
        self.player_seat = W.ToggleButtons(options=[("A", 0), ("B", 1)], style={"button_width": "50px"})
        self.player_key = W.Dropdown(options=_opts(PLAYER_NUMBERS), layout=lay(width="120px"))
        self.player_value = W.BoundedIntText(min=0, max=1000, layout=lay(width="90px"))
        self.player_button = W.Button(layout=lay(width="auto"))
        self.pending_kind = W.Dropdown(style=small, layout=lay(width="240px"))
        self.pending_seat = W.ToggleButtons(options=[("A", 0), ("B", 1)], value=1, style={"button_width": "50px"})
        self.pending_seat_label = W.Label()   # beside the buttons (a ToggleButtons description wraps above them)
        self.pending_attacker = W.Dropdown(style=small, layout=lay(width="230px"))
        self.pending_target = W.Dropdown(style=small, layout=lay(width="230px"))
        faces = [("—", 0)] + [(str(i), i) for i in range(1, 7)]
        self.pending_white = W.Dropdown(options=faces, style=small, layout=lay(width="120px"))
        self.pending_black = W.Dropdown(options=faces, style=small, layout=lay(width="120px"))
        self.pending_button = W.Button(layout=lay(width="auto"))
        self.entry_source = W.Dropdown(style=small, layout=lay(width="260px"))
        self.entry_ability = W.Dropdown(style=small, layout=lay(width="260px"))
        self.entry_targets = W.Text(style=small, layout=lay(width="200px"))
        self.entry_points = W.Text(value="1", style=small, layout=lay(width="240px"))
        self.queue_button = W.Button(layout=lay(width="auto"))
        self.fired_button = W.Button(layout=lay(width="auto"))
        self.entries_html = W.HTML()
        self.entry_pick = W.Dropdown(layout=lay(width="260px"))
        self.entry_remove = W.Button(button_style="danger", layout=lay(width="auto"))
        self.field_dropdown = W.Dropdown(options=_opts(JSON_FIELDS), style=small, layout=lay(width="220px"))
        self.field_area = W.Textarea(layout=lay(width="calc(100% - 12px)", height="70px"))
        self.field_button = W.Button(layout=lay(width="auto"))
        self.moment_titles = [W.HTML() for _ in range(6)]
        for wdg, cls in ((self.zone_dropdown, "explorer-zone"), (self.zone_list, "explorer-zone-list"),
                         (self.pending_kind, "explorer-pending-kind"), (self.entries_html, "explorer-entries"),
                         (self.pending_attacker, "explorer-pending-attacker"),
                         (self.pending_target, "explorer-pending-target"),
                         (self.field_dropdown, "explorer-field"), (self.field_area, "explorer-field-text")):
            wdg.add_class(cls)

        actions = ((self.zone_add_button, self._on_zone_add), (self.zone_move_button, self._on_zone_move),
                   (self.zone_top_button, self._on_zone_top), (self.zone_drop_button, self._on_zone_drop),
                   (self.heroes_button, self._on_heroes), (self.player_button, self._on_player),
                   (self.pending_button, self._on_pending), (self.queue_button, self._on_queue),
                   (self.fired_button, self._on_fired), (self.entry_remove, self._on_entry_remove),
                   (self.field_button, self._on_field))
        for button, fn in actions:
            button.on_click(fn)
        self.phase_dropdown.observe(self._on_phase, names="value")
        self.entry_source.observe(self._on_entry_source, names="value")
        self.field_dropdown.observe(self._on_field_pick, names="value")

        row = dict(layout=lay(align_items="center", flex_flow="row wrap"))
        tt = self.moment_titles
        body = W.VBox([
            tt[0], W.HBox([self.zone_dropdown, self.zone_add_button], **row), self.zone_list,
            W.HBox([self.zone_move_button, self.zone_top_button, self.zone_drop_button], **row),
            tt[1], W.HBox([self.phase_dropdown], **row), W.HBox([self.hero_a, self.hero_b, self.heroes_button], **row),
            W.HBox([self.player_label, self.player_seat, self.player_key, self.player_value, self.player_button], **row),
            tt[2], W.HBox([self.pending_kind, self.pending_seat_label, self.pending_seat], **row),
            W.HBox([self.pending_attacker, self.pending_target], **row),
            W.HBox([self.pending_white, self.pending_black, self.pending_button], **row),
            tt[3], W.HBox([self.entry_source, self.entry_ability], **row),
            W.HBox([self.entry_targets, self.entry_points, self.queue_button, self.fired_button], **row),
            self.entries_html, W.HBox([self.entry_pick, self.entry_remove], **row),
            tt[4], W.HBox([self.field_dropdown, self.field_button], **row), self.field_area])
        body.add_class("explorer-moment-body")
        self.moment = W.Accordion(children=[body], layout=lay(width="calc(100% - 12px)"))
        self.moment.selected_index = None
        self.moment.add_class("explorer-moment")
        return self.moment

    def _build_own_card(self, lay) -> W.Accordion:
        """The fold «Your own card»: X2's `CardEditor`; an accepted card joins the card list."""
        c = self.controller
        self.card_editor = CardEditor(on_card=self._on_own_card, lang=c.lang, taken=set(c.defs))
        self.own_fold = W.Accordion(children=[self.card_editor], layout=lay(width="calc(100% - 12px)"))
        self.own_fold.selected_index = None
        self.own_fold.add_class("explorer-own")
        return self.own_fold

    def _build_outcomes(self) -> W.Accordion:
        """The fold «Every outcome» under the game's board: X2's `OutcomesPanel` on the player."""
        self.outcomes = OutcomesPanel(self.controller.player, on_play=lambda _a: self.refresh())
        self.outcomes_fold = W.Accordion(children=[self.outcomes], layout=W.Layout(width="calc(100% - 12px)"))
        self.outcomes_fold.selected_index = None
        self.outcomes_fold.add_class("explorer-outcomes")
        return self.outcomes_fold

    # --- refreshing ----------------------------------------------------------------------------
    def _refresh_own_card(self) -> None:
        lang = self.controller.lang
        self.own_fold.set_title(0, t("own_title", lang))
        if self.card_editor.lang != lang:
            self.card_editor.set_lang(lang)

    def _refresh_outcomes(self) -> None:
        lang = self.controller.lang
        self.outcomes_fold.set_title(0, t("outcomes_title", lang))
        if self.outcomes.lang != lang:
            self.outcomes.set_lang(lang)

    def _refresh_moment(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.moment.set_title(0, t("moment_title", lang))
        for wdg, key in zip(self.moment_titles, ("moment_zones", "moment_frame", "moment_pending",
                                                 "moment_queue", "moment_field")):
            wdg.value = f"<b>{escape(t(key, lang))}</b>"
        self.moment_titles[0].value += f"<div style='font-size:12px'>{escape(t('moment_zones_hint', lang))}</div>"
        self.zone_dropdown.description = t("zone", lang)
        _options(self.zone_dropdown, [(t(f"zone_{z}", lang), z) for z in ZONES_OFF])
        self.zone_add_button.description = t("zone_add", lang)
        lines = []
        for seat in (0, 1):
            for z in ZONES_OFF:
                for u in c.zone_cards(seat, z):
                    card = c.state.cards[u].card
                    name = c.name(card, lang) if lang == "en" else f"«{c.name(card, lang)}»"
                    lines.append((f"#{u} {name} ({c.seat_name(seat)}, {t(f'zone_{z}', lang)})", str(u)))
        lines += [(c.card_line(u, lang), str(u)) for u in c.in_play()]
        _options(self.zone_list, lines)
        self.zone_move_button.description = t("zone_move", lang)
        self.zone_top_button.description = t("zone_top", lang)
        self.zone_drop_button.description = t("zone_drop", lang)
        self.phase_dropdown.description = t("phase", lang)
        _options(self.phase_dropdown, [(value_name("phase", p, lang), p) for p in PHASES])
        self.phase_dropdown.value = c.state.phase
        heroes = [(t("no_hero", lang), "")] + [(d.name.get(lang), cid) for cid, d in sorted(c.defs.items())
                                                if d.type == "hero"]
        for wdg, seat in ((self.hero_a, 0), (self.hero_b, 1)):
            _options(wdg, heroes)
            wdg.description = t("hero_of", lang, who=c.seat_name(seat))
            h = c.state.seats[seat].hero
            wdg.value = c.state.cards[h].card if h is not None and h in c.state.cards else ""
        self.heroes_button.description = t("set_heroes", lang)
        _options(self.player_seat, [(c.seat_name(0), 0), (c.seat_name(1), 1)])
        _options(self.pending_seat, [(c.seat_name(0), 0), (c.seat_name(1), 1)])
        _options(self.player_key, [(t(f"player_{k}", lang), k) for k in PLAYER_NUMBERS])
        self.player_button.description = t("set_value", lang)
        self.player_label.value = t("player_numbers", lang)
        self.pending_kind.description = t("pending", lang)
        self.pending_seat_label.value = t("pending_seat", lang)
        _options(self.pending_kind, [(t("pending_none", lang), "")] + [(t(f"pending_{k}", lang), k) for k in PENDING_KINDS])
        p = c.state.pending or {}
        self.pending_kind.value = p.get("kind", "") if p.get("kind") in PENDING_KINDS else ""
        cards = [("—", 0)] + [(c.card_line(u, lang), u) for u in c.in_play()]
        for wdg, key in ((self.pending_attacker, "attacker"), (self.pending_target, "target")):
            _options(wdg, cards)
            wdg.description = t(f"pending_{key}", lang)
            wdg.value = p.get(key, 0) if p.get(key, 0) in [v for _l, v in cards] else 0
        self.pending_white.description, self.pending_black.description = t("white", lang), t("black", lang)
        self.pending_button.description = t("set_pending", lang)
        self.entry_source.description = t("entry_card", lang)
        _options(self.entry_source, cards[1:])
        self._refresh_abilities()
        self.entry_targets.description = t("entry_targets", lang)
        self.entry_targets.placeholder = "#3 #4"
        self.entry_points.description = t("entry_points", lang)
        self.queue_button.description = t("add_queue", lang)
        self.fired_button.description = t("add_fired", lang)
        lines = c.moment_lines(lang)
        self.entries_html.value = ("<ul style='margin:2px 0;padding-left:18px;font-size:12px'>"
                                   + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>") if lines else \
            f"<div style='font-size:12px'>{escape(t('no_entries', lang))}</div>"
        picks = [(t("queue_n", lang, n=i + 1), f"queue:{i}") for i in range(len(c.data.get("queue") or []))]
        picks += [(t("fired_n", lang, n=i + 1), f"fired:{i}") for i in range(len(c.data.get("fired") or []))]
        _options(self.entry_pick, picks or [("—", "")])
        self.entry_remove.description = t("remove_entry", lang)
        self.entry_remove.disabled = not picks
        self.field_dropdown.description = t("any_field", lang)
        self.field_button.description = t("apply_field", lang)
        self.field_area.placeholder = "JSON"
        if self._field_shown != (self.field_dropdown.value, c.version):
            self._field_shown = (self.field_dropdown.value, c.version)
            self.field_area.value = c.field_text(self.field_dropdown.value)

    def _refresh_abilities(self) -> None:
        c = self.controller
        uid = self.entry_source.value
        abilities = c.abilities_of(uid) if uid else []
        card = c.state.cards[uid].card if uid in c.state.cards else ""
        opts = [(c.ability_label(card, a, c.lang)[:60], a) for a in abilities] or [(t("no_abilities", c.lang), "")]
        _options(self.entry_ability, opts)
        self.entry_ability.description = t("entry_ability", c.lang)

    # --- callbacks -------------------------------------------------------------------------------
    @guarded
    def _on_own_card(self, table) -> None:
        if self.controller.add_own_card(table):
            self.card_editor.taken = set(self.controller.defs)
        self.refresh()

    def _act(self, fn, *args) -> None:
        fn(*args)
        self.refresh()

    @guarded
    def _on_zone_add(self, _b) -> None:
        self._act(self.controller.add_to_zone, self.controller.palette_card or "", self.zone_dropdown.value)

    @guarded
    def _on_zone_move(self, _b) -> None:
        if self.zone_list.value:
            self._act(self.controller.to_zone, self.zone_list.value, self.zone_dropdown.value)

    @guarded
    def _on_zone_top(self, _b) -> None:
        if self.zone_list.value:
            self._act(self.controller.to_top, self.zone_list.value)

    @guarded
    def _on_zone_drop(self, _b) -> None:
        if self.zone_list.value:
            self._act(self.controller.drop, self.zone_list.value)

    @guarded
    def _on_phase(self, change) -> None:
        if not self._busy and change["new"] != self.controller.state.phase:
            self._act(self.controller.set_phase, change["new"])

    @guarded
    def _on_heroes(self, _b) -> None:
        a, b = self.hero_a.value or None, self.hero_b.value or None
        self._act(self.controller.set_heroes, a if a and b else None, b)

    @guarded
    def _on_player(self, _b) -> None:
        self._act(self.controller.set_player, self.player_seat.value, self.player_key.value, self.player_value.value)

    @guarded
    def _on_pending(self, _b) -> None:
        kind = self.pending_kind.value or None
        choice = kind == "choice"
        self._act(self.controller.set_pending, kind, self.pending_seat.value, self.pending_attacker.value or None,
                  self.pending_target.value or None, (self.pending_white.value or None) if choice else None,
                  (self.pending_black.value or None) if choice else None)

    @guarded
    def _on_entry_source(self, _change) -> None:
        if not self._busy:
            self._refresh_abilities()

    def _targets(self) -> list[str]:
        return [x.strip().lstrip("#") for x in self.entry_targets.value.replace(",", " ").split() if x.strip()]

    @guarded
    def _on_queue(self, _b) -> None:
        if self.entry_source.value:
            self._act(self.controller.add_queued, self.entry_source.value, self.entry_ability.value, self._targets())

    @guarded
    def _on_fired(self, _b) -> None:
        if self.entry_source.value:
            points = [x for x in self.entry_points.value.replace(",", " ").split() if x]
            self._act(self.controller.add_fired, self.entry_source.value, self.entry_ability.value, points)

    @guarded
    def _on_entry_remove(self, _b) -> None:
        if self.entry_pick.value:
            field, _, i = self.entry_pick.value.partition(":")
            self._act(self.controller.remove_entry, field, int(i))

    @guarded
    def _on_field_pick(self, change) -> None:
        if not self._busy:
            self.field_area.value = self.controller.field_text(change["new"])

    @guarded
    def _on_field(self, _b) -> None:
        self._act(self.controller.set_field, self.field_dropdown.value, self.field_area.value)
