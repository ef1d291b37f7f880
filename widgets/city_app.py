"""The hot-seat «Битва за Город» app: `CityApp` (widgets) around a `CityController` (what a click
means, widgets/city_controller.py).

    from berserk_kernel.city import new_game
    from widgets import CityApp
    app = CityApp(new_game(players=3, seed=7))    # display `app`; its set-up row starts new games
    app.controller.click("district:5")
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from berserk_kernel.city import load_map, map_names, new_game
from berserk_kernel.city.actions import Action
from berserk_kernel.city.scene import city_scene

from .app_frame import BaseApp
from .app_parts import guarded
from .city_controller import SHORT_ROUNDS, Amount, CityController, Highlights, vocabulary
from .city_panels import city_dice_html, city_odds_html, event_html, players_html
from .i18n import kind_word, w

__all__ = ["CityApp", "CityController", "Highlights", "Amount", "vocabulary"]


class CityApp(BaseApp):
    """The hot-seat Battle for the City board with its panels (an ipywidgets `VBox`).

        app = CityApp(new_game(players=2, seed=7))
        app = CityApp(players=3, seed=5, lang="en")   # a new game with these settings

    Its set-up row (players 2-4, map, seed, "New game") replaces the game being played."""

    def __init__(self, state=None, lang: str | None = None, players: int = 2, map: str = "default",
                 seed: int = 1, controller=None, log_limit: int = 200, setup_row: bool = False):


        if controller is None:
            if state is None:
                state = new_game(players=players, map=map, seed=seed)
            controller = CityController(state, lang)
        st = controller.state
        self.setup_row = setup_row
        self.players_toggle = W.ToggleButtons(options=[("2", 2), ("3", 3), ("4", 4)], value=st.players,
                                              style={"button_width": "36px"})
        self.map_dropdown = W.Dropdown(layout=W.Layout(width="200px"))
        self.seed_box = W.BoundedIntText(value=int(st.setup.get("seed", seed) or 0), min=0, max=10**9,
                                         layout=W.Layout(width="110px"))
        self.new_button = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.short_box = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.setup_labels = [W.HTML(), W.HTML(), W.HTML()]
        self.amount_title = W.HTML()
        self.amount_slider = W.IntSlider(min=1, max=1, value=1, continuous_update=True,
                                         layout=W.Layout(width="220px"))
        self.amount_ok = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.amount_cancel = W.Button(layout=W.Layout(width="auto"))
        self.amount_box = W.VBox([self.amount_title, W.HBox([self.amount_slider, self.amount_ok, self.amount_cancel],
                                                            layout=W.Layout(flex_flow="row wrap"))])
        self.at_title = W.HTML()
        self.at_slider = W.IntSlider(min=1, max=1, value=1, layout=W.Layout(width="220px"))
        self.at_button = W.Button(button_style="success", layout=W.Layout(width="auto"))
        self.at_note = W.HTML()
        self.at_box = W.VBox([self.at_title, W.HBox([self.at_slider, self.at_button], layout=W.Layout(flex_flow="row wrap")),
                              self.at_note])
        self.players_box = W.HTML()
        self.event_box = W.HTML()
        self.dice_box = W.HTML()
        self.odds_box = W.HTML()
        self._at_verb = None
        super().__init__(controller, log_limit)
        self.players_toggle.observe(self._on_players, names="value")
        self.new_button.on_click(self._on_new_game)
        self.amount_slider.observe(self._on_amount, names="value")
        self.amount_ok.on_click(self._on_amount_ok)
        self.amount_cancel.on_click(self._on_amount_cancel)
        self.at_slider.observe(self._on_at_slider, names="value")
        self.at_button.on_click(self._on_at_apply)
        self._fill_maps()
        self.map_dropdown.value = st.map.id if st.map.id in [v for _l, v in self.map_dropdown.options] else "default"
        if setup_row:
            self.add_hotseat_parts("city")
            self.add_bot_panel()
        self.add_class("city-app")
        self.refresh()

    def below_main(self) -> list:
        """Hot-seat only (`setup_row=True`): a new game with players, map and game number."""
        if not self.setup_row:
            return []
        setup = W.HBox([self.setup_labels[0], self.players_toggle, self.setup_labels[1], self.map_dropdown,
                        self.short_box, self.setup_labels[2], self.seed_box, self.new_button],
                       layout=W.Layout(align_items="center", flex_flow="row wrap", margin="6px 0"))
        setup.add_class("app-setup")
        return [setup]

    def side_panels(self) -> list:
        return [self.amount_box, self.at_box, self.players_box, self.event_box, self.dice_box, self.odds_box]

    def title(self, lang: str) -> str:
        return w("title_city_bot" if self.against_computer() else "title_city", lang)

    def review_scene(self, state, lang):
        return city_scene(state, lang=lang)

    def _fill_maps(self) -> None:
        n, lang = self.players_toggle.value, self.controller.lang
        options = []
        for name in map_names():
            m = load_map(name)
            if m.min_players <= n <= m.max_players:
                options.append((f"{m.name.get(lang)} ({m.min_players}-{m.max_players})", name))
        keep = self.map_dropdown.value
        if list(self.map_dropdown.options) != options:
            self.map_dropdown.options = options
        values = [v for _l, v in options]
        if values:
            self.map_dropdown.value = keep if keep in values else ("default" if "default" in values else values[0])

    def refresh_side(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.setup_labels[0].value = f"<b>{w('new_game', lang)}</b>:&nbsp;{w('players', lang)}&nbsp;"
        self.setup_labels[1].value = f"&nbsp;{w('map', lang)}:&nbsp;"
        self.setup_labels[2].value = f"&nbsp;{w('game_number', lang)}:&nbsp;"
        self.new_button.description = w("start_game", lang)
        self.short_box.description = w("short_city", lang, n=SHORT_ROUNDS)
        self._fill_maps()
        am = c.amount
        if am is None:
            self.amount_box.layout.display = "none"
        else:
            self.amount_box.layout.display = ""
            what = f"{kind_word(am.verb, lang)} {am.src}→{am.dst}"
            self.amount_title.value = f"<b>{escape(w('how_many', lang, what=what))}</b>"
            self.amount_slider.min, self.amount_slider.max = 1, max(am.counts)
            self.amount_slider.min = min(am.counts)
            self.amount_slider.value = am.value
            self.amount_ok.description = w("confirm", lang)
            self.amount_cancel.description = w("cancel", lang)
        options = c.at_options()
        if not options or am is not None:
            self.at_box.layout.display = "none"
            self._at_verb = None
        else:
            verb, counts = options[0]
            self._at_verb = verb
            self.at_box.layout.display = ""
            self.at_title.value = f"<b>{escape(w('reinforce_here', lang, d=c.selected))}</b>"
            self.at_slider.min, self.at_slider.max = 1, max(counts)
            self.at_slider.min = min(counts)
            if self.at_slider.value not in counts:
                self.at_slider.value = min(counts)
            self._refresh_at_note()
        self.players_box.value = players_html(c)
        self.event_box.value = event_html(c)
        self.dice_box.value = city_dice_html(c)
        self.refresh_odds()

    def _at_action(self):
        c = self.controller
        if self._at_verb is None or c.selected is None:
            return None
        return Action(self._at_verb, c.selected, 0, int(self.at_slider.value))

    def _refresh_at_note(self) -> None:
        a = self._at_action()
        if a is None:
            return
        v = self.controller.state.explain(a)
        self.at_button.description = f"{kind_word(a.verb, self.controller.lang)} +{a.count}"
        self.at_note.value = f"<span style='font-size:12px'>{escape(v.rule_id)}: {escape(v.text(self.controller.lang))}</span>"

    def refresh_odds(self) -> None:
        self.odds_box.value = city_odds_html(self.controller)

    # --- callbacks -----------------------------------------------------------------------------
    @guarded
    def _on_players(self, change) -> None:
        if self._busy:
            return
        self._fill_maps()

    @guarded
    def _on_new_game(self, _b) -> None:
        state = new_game(players=self.players_toggle.value, map=self.map_dropdown.value or "default",
                         seed=int(self.seed_box.value), options={"rounds": SHORT_ROUNDS} if self.short_box.value else None)
        if self.bot_panel is not None:
            self.bot_panel.play.new_game(state)
        else:
            self.controller.reset(state)
        self.clear_review()
        self.refresh()

    @guarded
    def _on_amount(self, change) -> None:
        if self._busy:
            return
        self.controller.set_amount(change["new"])
        self.refresh_odds()

    @guarded
    def _on_amount_ok(self, _b) -> None:
        self.controller.confirm_amount(self.amount_slider.value)
        self.refresh()

    @guarded
    def _on_amount_cancel(self, _b) -> None:
        self.controller.cancel_amount()
        self.refresh()

    @guarded
    def _on_at_slider(self, change) -> None:
        if self._busy:
            return
        self._refresh_at_note()

    @guarded
    def _on_at_apply(self, _b) -> None:
        a = self._at_action()
        if a is not None:
            self.controller.apply(a)
            self.refresh()
