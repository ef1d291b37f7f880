"""The scenario explorer's page (ipywidgets) over an `ExplorerController`: the editor board (a
`CanvasView`), normal controls for every edit (a card list with search, a cell list, the selected
card's fields), the dice queue, "play" (a `BerserkApp` with undo/redo and the log) and "back to
editing", and the scenario files (examples from ``examples/scenarios``, a text box, an upload, a
download link as a data: URI)."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from berserk_kernel.berserk import BerserkState
from berserk_kernel.core import share
from berserk_kernel.core.errors import DataError

from .app_parts import UPLOAD_CSS, ErrorShown, guarded, message_html
from .berserk_app import BerserkApp
from .canvas_view import CanvasView
from .controller_base import Message
from .explorer_controller import ExplorerController
from .explorer_edits import FLAGS_BOOL, FLAGS_INT
from .explorer_view_city import CityPanel
from .explorer_view_files import FilesPanel
from .explorer_view_moment import MomentPanel
from .explorer_words import t
from .share_link import page_pos

# --- the page -----------------------------------------------------------------------------------

EXPLORER_CSS = """<style>
.explorer-app .explorer-side .widget-label { min-width: 0; }
.explorer-app .explorer-section { margin-top: 8px; padding-top: 4px; border-top: 1px solid #ddd; }
.explorer-app textarea { font-family: 'DejaVu Sans Mono', monospace; font-size: 11px; }
""" + UPLOAD_CSS + "</style>"


def _message_html(m: Message | None, lang: str) -> str:
    return message_html(m, lang, css="explorer-message")


def _play_board_class():
    class PlayBoard(BerserkApp):
        """The hot-seat board, titled for the explorer."""

        def title(self, lang: str) -> str:
            return "Игра из позиции" if lang == "ru" else "Playing the position"

        def top_rows(self, header) -> list:
            return []          # the explorer's own header has the title and the language switch

    return PlayBoard


class ExplorerApp(ErrorShown, FilesPanel, MomentPanel, W.VBox):
    """The scenario explorer (an ipywidgets `VBox`): `ExplorerApp()` or
    `ExplorerApp(state, lang="en")`. `app.controller` is the `ExplorerController`, `app.view`
    the editor's `CanvasView`, `app.board` the `BerserkApp` once a position is played.

    The page opens the position of its address's ``?pos=<code>`` (or of `pos`); a City code
    switches it to Battle for the City (`app.city_panel`, a `CityPanel`). A bad code leaves the
    empty position and says what is wrong, naming ``<link>`` and the field."""

    SIDE_WIDTH = "340px"
    MESSAGE_CLASS = "explorer-message"

    def __init__(self, state: BerserkState | None = None, lang: str | None = None, examples_dir=None,
                 controller: ExplorerController | None = None, pos: str | None = None, game: str = "berserk"):
        self.controller = c = controller or ExplorerController(state, lang, examples_dir)
        self.errors: list[str] = []
        self._busy = False
        self.board = None
        self._saved_key = None
        self._field_shown = None
        self.game = "berserk"
        self.city_panel: CityPanel | None = None
        lay = W.Layout
        narrow = {"description_width": "90px"}

        # the board shrinks (its CSS box scaled) so that the side panel stays beside it at 1024 px
        self.view = CanvasView(on_click=self._on_click, on_error=self.show_exception,
                               layout={"width": "100%", "height": "auto"})
        self.title_html = W.HTML()
        self.lang_toggle = W.ToggleButtons(options=[("Русский", "ru"), ("English", "en")], value=c.lang,
                                           style={"button_width": "80px"})
        self.play_button = W.Button(button_style="success", layout=lay(width="auto"))
        self.edit_button = W.Button(button_style="warning", layout=lay(width="auto"))
        self.status_html = W.HTML()
        self.message_html = W.HTML()
        self.description_html = W.HTML()
        self.summary_html = W.HTML()          # the decision, queue and triggers waiting (explorer_moment)
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
        self.style_html = W.HTML(EXPLORER_CSS)
        for wdg, cls in ((self.search, "explorer-search"), (self.card_dropdown, "explorer-card"),
                         (self.owner_toggle, "explorer-owner"), (self.where_dropdown, "explorer-where"),
                         (self.sel_dropdown, "explorer-select"), (self.move_dropdown, "explorer-move"),
                         (self.active_toggle, "explorer-active")):
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

        # layout
        self.game_toggle = W.ToggleButtons(options=[("Берсерк", "berserk"), ("Битва за Город", "city")],
                                           value="berserk", style={"button_width": "130px"})
        self.game_toggle.add_class("explorer-game")
        self.game_toggle.observe(self._on_game, names="value")
        header = W.HBox([self.title_html, W.HBox([self.game_toggle, self.lang_toggle], layout=lay(flex_flow="row wrap"))],
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
        side = W.VBox([place_box, sel_box, turn_box],
                      layout=lay(flex="0 0 " + self.SIDE_WIDTH, width=self.SIDE_WIDTH, margin="0 0 0 10px"))
        side.add_class("explorer-side")
        board = W.VBox([self.view.widget, self.hint_html], layout=lay(flex="1 1 520px", min_width="0", max_width="880px"))
        board.add_class("explorer-board")
        self.editor_box = W.HBox([board, side],
                                 layout=lay(flex_flow="row wrap", align_items="flex-start"))
        self.editor_box.add_class("explorer-editor")
        self.play_box = W.VBox()
        self.play_box.add_class("explorer-play")
        dice_box, files_box = self._build_files(lay, narrow)
        moment = self._build_moment(lay)
        own = self._build_own_card(lay)
        self.mode_row, self.dice_box, self.files_box = mode_row, dice_box, files_box
        self.city_box = W.VBox()
        self.city_box.add_class("explorer-city-box")
        super().__init__(children=[self.style_html, header, mode_row, self.message_html, self.description_html,
                                   self.summary_html, self.editor_box, moment, own, self.play_box, dice_box, files_box, self.city_box,
                                   self.howto],
                         layout=lay(width="100%", max_width="1260px"))
        self.add_class("explorer-app")
        if game == "city":
            self.set_game("city")
        code = pos if pos is not None else page_pos()
        if code:
            self.open_code(code)
        self.refresh()

    # --- the game and links ----------------------------------------------------------------------
    def set_game(self, game: str) -> None:
        """Show the Berserk explorer or the City one (made on first use)."""
        self.game = "city" if game == "city" else "berserk"
        if self.game == "city" and self.city_panel is None:
            self.city_panel = CityPanel(lang=self.controller.lang, on_error=self.show_exception)
            self.city_box.children = [self.city_panel]
        if self.game_toggle.value != self.game:
            self._busy = True
            try:
                self.game_toggle.value = self.game
            finally:
                self._busy = False

    def open_code(self, code: str, source: str = "<link>") -> bool:
        """Open the position of a link code (``?pos=...``) in the explorer of its game."""
        try:
            game = share.decode(code, source).get("game", "berserk")
        except DataError:
            game = "berserk"             # the Berserk explorer says what is wrong with the code
        if game == "city":
            self.set_game("city")
            ok = self.city_panel.city.load_code(code, source)
        else:
            self.set_game("berserk")
            ok = self.controller.load_code(code, source)
        self.refresh()
        return ok

    @property
    def link_url(self) -> str:
        """The link the page built for the position shown (empty until the page is drawn)."""
        return (self.city_panel.link if self.game == "city" else self.link).url

    # --- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every control, the editor's board and (while playing) the game's board in line
        with the controller."""
        c, lang = self.controller, self.controller.lang
        self._busy = True
        try:
            city = self.game == "city"
            title = t("explorer_title_city" if city else "title", lang)
            self.title_html.value = f"<h3 style='margin:4px 0'>{escape(title)}</h3>"
            self.game_toggle.options = [(t("game_berserk", lang), "berserk"), (t("game_city", lang), "city")]
            self.game_toggle.value = self.game
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
            lines = c.moment_lines(lang) if not playing and not city else []
            self.summary_html.value = ("<ul class='explorer-summary' style='margin:2px 0;padding-left:22px;font-size:13px'>"
                                       + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>") if lines else ""
            self._refresh_place()
            self._refresh_selected()
            self._refresh_turn()
            self._refresh_dice()
            self._refresh_files()
            self._refresh_link()
            self._refresh_moment()
            self.editor_box.layout.display = "none" if playing or city else ""
            self.moment.layout.display = "none" if playing or city else ""
            self.own_fold.layout.display = "none" if playing or city else ""
            self._refresh_own_card()
            self.play_box.layout.display = "" if playing and not city else "none"
            for box in (self.mode_row, self.message_html, self.description_html, self.dice_box, self.files_box):
                box.layout.display = "none" if city else ""
            self.city_box.layout.display = "" if city else "none"
        finally:
            self._busy = False
        if city:
            if self.city_panel.city.lang != lang:
                self.city_panel.set_lang(lang)
            else:
                self.city_panel.refresh()
            return
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

    def _show_board(self) -> None:
        c = self.controller
        if self.board is None:
            self.board = _play_board_class()(controller=c.player)
            self.board.lang_toggle.observe(self._on_board_lang, names="value")
            self.play_box.children = [self.board, self._build_outcomes()]
        elif self.board.controller is not c.player:   # pragma: no cover - one player per explorer
            self.board.controller = c.player
        self.board.refresh()
        self._refresh_outcomes()

    # --- callbacks -------------------------------------------------------------------------------
    @guarded
    def _on_game(self, change) -> None:
        if self._busy:
            return
        self.set_game(change["new"])
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
