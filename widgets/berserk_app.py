"""The hot-seat «Берсерк» app: `BerserkApp` (widgets) around a `BerserkController` (what a click
means, widgets/berserk_controller.py) and the panels' readings (widgets/berserk_panels.py).

    from berserk_kernel.berserk import new_game
    from widgets import BerserkApp
    app = BerserkApp(new_game(seed=7))      # display `app` in a notebook cell
    app = BerserkApp(setup_row=True)        # the hot-seat page: a new deal, a new-game row
    app.controller.click("card:5")          # the same as clicking card #5 on the board
"""
from __future__ import annotations

import secrets
from html import escape

from berserk_kernel.berserk.scene import board_scene

from .app_frame import BaseApp
from .app_parts import ButtonPool, guarded
from .berserk_controller import BerserkController
from .berserk_panels import (HandItem, Highlights, _plain, _shape, dice_html, fight_html, object_cards, odds_html,
                             squad_html, vocabulary)
from .card_text import card_plain
from .i18n import w

__all__ = ["BerserkApp", "BerserkController", "HandItem", "Highlights", "object_cards", "vocabulary", "_shape",
           "_plain", "random_seed", "dice_html", "fight_html", "odds_html", "squad_html"]


SHORT_TURNS = 6     # a short game: a draw after this many turns (R-BR-TURN-LIMIT)


def random_seed() -> int:
    """A new game number for a new deal. The kernel's dice stay seeded: the number is shown, so
    the same game can be dealt again."""
    return secrets.randbelow(999_999) + 1










# --- the app -----------------------------------------------------------------------------------

class BerserkApp(BaseApp):
    """The hot-seat Berserk board with its panels (an ipywidgets `VBox`).

        app = BerserkApp(new_game(seed=7))                  # Russian, or the page's ?lang=
        app = BerserkApp(state, lang="en", viewer=0)        # English, board fixed to seat 0

    `app.controller` is the `BerserkController`; `app.view` the `CanvasView` of the board."""

    def __init__(self, state=None, lang: str | None = None, viewer: int | None = None, controller=None,
                 log_limit: int = 200, seed: int | None = None, setup_row: bool = False):
        import ipywidgets as W

        from berserk_kernel.berserk import new_game

        if controller is None:
            if state is None:
                state = new_game(seed=random_seed() if seed is None else seed)
            controller = BerserkController(state, lang, viewer)
        self.setup_row = setup_row
        st = controller.state
        self.mode_toggle = W.ToggleButtons(options=[("classic", "classic"), ("heroes", "heroes")],
                                           value=getattr(st, "mode", "classic"), style={"button_width": "auto"})
        self.seed_box = W.BoundedIntText(value=int(st.setup.get("seed", 0) or 0), min=0, max=10**9,
                                         layout=W.Layout(width="110px"))
        self.new_button = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.random_button = W.Button(layout=W.Layout(width="auto"))
        self.short_box = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.setup_labels = [W.HTML(), W.HTML(), W.HTML()]
        self.hand_title = W.HTML()
        self.hand_buttons = W.VBox(layout=W.Layout(max_height="260px", overflow="auto"))
        self.hand_buttons.add_class("app-list")
        self.dice_html = W.HTML()
        self.squad_html = W.HTML()
        self.fight_html = W.HTML()
        self._notes: dict = {}
        self.odds_box = W.HTML()
        self.viewer_label = W.HTML()
        self.viewer_toggle = W.ToggleButtons(options=[("auto", -1), ("A", 0), ("B", 1)], value=-1,
                                             style={"button_width": "auto"})
        super().__init__(controller, log_limit)
        self._hand_pool = ButtonPool(self._on_hand, width="100%", hover=self.hover, name="h")
        self.viewer_toggle.observe(self._on_viewer, names="value")
        self.new_button.on_click(self._on_new_game)
        self.random_button.on_click(self._on_random_game)
        if setup_row:
            self.add_hotseat_parts("berserk")
            self.add_bot_panel()
        self.add_class("berserk-app")
        self.refresh()

    def side_panels_top(self) -> list:
        # The list of cards stands above the card panel: pointing at a button of the list shows
        # that card in the panel, and a panel above the list would push the button away from
        # under the pointer (by the card's height: a click meant for it then hit another button
        # or none)
        return [self.squad_html, self.hand_title, self.hand_buttons]

    def side_panels(self) -> list:
        return [self.dice_html, self.fight_html, self.odds_box]

    def below_main(self) -> list:
        """Hot-seat only (`setup_row=True`): whose side the board shows, and a new game."""
        import ipywidgets as W
        if not self.setup_row:
            return []
        viewer = W.HBox([self.viewer_label, self.viewer_toggle], layout=W.Layout(align_items="center"))
        game = W.HBox([self.setup_labels[0], self.mode_toggle, self.short_box, self.setup_labels[1], self.seed_box,
                       self.new_button, self.random_button, self.setup_labels[2]],
                      layout=W.Layout(align_items="center", flex_flow="row wrap"))
        row = W.HBox([viewer, game], layout=W.Layout(flex_flow="row wrap", align_items="center", grid_gap="16px",
                                                    margin="6px 0"))
        row.add_class("app-setup")
        return [row]

    def title(self, lang: str) -> str:
        return w("title_berserk_bot" if self.against_computer() else "title_berserk", lang)

    def review_scene(self, state, lang):
        return board_scene(state, viewer=0, lang=lang)

    def refresh_side(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.setup_labels[0].value = f"<b>{w('new_game', lang)}</b>:&nbsp;"
        self.setup_labels[1].value = f"&nbsp;{w('game_number', lang)}:&nbsp;"
        self.setup_labels[2].value = f"<span style='font-size:11px;color:#555'>{w('game_number_hint', lang)}</span>"
        modes = ((w("mode_classic", lang), "classic"), (w("mode_heroes", lang), "heroes"))
        if tuple(tuple(o) for o in self.mode_toggle.options) != modes:
            keep = self.mode_toggle.value
            self.mode_toggle.options = modes
            self.mode_toggle.value = keep
        self.new_button.description = w("start_game", lang)
        self.random_button.description = w("random_game", lang)
        self.short_box.description = w("short_berserk", lang, n=SHORT_TURNS)
        names = [c.seat_name(0), c.seat_name(1)]
        self.viewer_label.value = f"{w('viewer', lang)}:&nbsp;"
        options = ((w("viewer_auto", lang), -1), (names[0], 0), (names[1], 1))
        if tuple(tuple(o) for o in self.viewer_toggle.options) != options:
            self.viewer_toggle.options = options
        self.viewer_toggle.value = -1 if c.viewer_mode is None else c.viewer_mode
        self.viewer_toggle.disabled = self.against_computer()   # the computer's hidden cards stay hidden
        self._refresh_hand()
        roll = c.last_roll()
        self.dice_html.value = dice_html(roll, lang) if roll else ""
        self.fight_html.value = fight_html(c.fight_now(), lang)
        self.refresh_odds()

    def refresh_odds(self) -> None:
        self.odds_box.value = odds_html(self.controller, self.controller.odds())

    def card_panel_html(self) -> str:
        return self.controller.card_panel()

    def _refresh_hand(self) -> None:
        c, lang = self.controller, self.controller.lang
        items = [] if self.waiting() else c.hand()
        squad = c.squad_summary()
        self.squad_html.value = squad_html(squad, c.seat_name(squad["seat"]), lang) if squad else ""
        if not items:
            self.hand_title.value = ""
            self.hand_buttons.children = []
            return
        phase = c.state.phase
        title = w("deal_title", lang) if phase == "build" else w("squad", lang) if phase == "place" else w("off_board", lang)
        self.hand_title.value = f"<div style='margin-top:6px'><b>{escape(title)}</b></div>"
        rows = []
        for it in items:
            single = [a for a in it.actions if not object_cards(a) and a.cell is None]
            tip = card_plain(c.state, it.uid, lang)
            if it.enabled and single and len(it.actions) == 1:
                label = c.action_label(single[0], lang)
                rows.append(self._hand_pool.get(f"{label} · {self._cost(it.uid)}", ("act", str(single[0])),
                                                tooltip=tip))
            elif it.enabled:
                label = ("▶ " if it.selected else "") + it.label
                rows.append(self._hand_pool.get(label, ("select", it.uid), tooltip=tip,
                                                style="warning" if it.selected else ""))
            else:
                b = self._hand_pool.get(f"✕ {it.label}", ("none", it.uid), tooltip=tip)
                b.add_class("app-cannot")
                rows.append(b)
                rows.append(self._note(f"{w('cannot_buy', lang)} — {it.reason}" if phase == "build" else it.reason))
        if tuple(rows) != tuple(self.hand_buttons.children):
            self.hand_buttons.children = rows

    def _cost(self, uid) -> str:
        d = self.controller.state.defs[self.controller.state.cards[uid].card]
        return f"{w('cost', self.controller.lang)} {d.cost}" + (" ★" if d.elite else "")

    def _note(self, text: str):
        """A small reason line under a card of the list (cached by its text)."""
        import ipywidgets as W
        h = self._notes.get(text)
        if h is None:
            h = W.HTML(f"<div class='app-reason' style='font-size:11px;color:#A0400A;margin:0 0 4px 14px;"
                       f"line-height:1.25'>{escape(text)}</div>")
            if len(self._notes) > 200:
                self._notes.clear()
            self._notes[text] = h
        return h

    @guarded
    def _on_hand(self, key) -> None:
        what, value = key
        if what == "act":
            self.controller.apply(value)
        elif what == "select":
            self.controller.select(value)
        else:
            self.controller.read_card(value)
        self.refresh()

    @guarded
    def _on_new_game(self, _b) -> None:
        from berserk_kernel.berserk import new_game
        options = {"turn_limit": SHORT_TURNS} if self.short_box.value else None
        state = new_game(seed=int(self.seed_box.value), mode=self.mode_toggle.value, options=options)
        if self.bot_panel is not None:
            self.bot_panel.play.new_game(state)
        else:
            self.controller.reset(state)
        self.clear_review()
        self.refresh()

    @guarded
    def _on_random_game(self, _b) -> None:
        self.seed_box.value = random_seed()
        self._on_new_game(_b)

    @guarded
    def _on_viewer(self, change) -> None:
        if self._busy:
            return
        self.controller.set_viewer(None if change["new"] == -1 else change["new"])
        self.refresh()
