"""Step through a game record, or the game being played, back and forth on the board.

`ReplayController` is plain Python: it replays the record's actions on a copy of the starting
position, forward with `apply` and back with `undo` (the kernel's own history, so the dice
come back too). `ReplayView` is the widget: first / back / forward / last buttons, a slider, the
step's action and log lines, and the board drawn by a `CanvasView`.

    rc = ReplayController.from_record(json.load(open("examples/records/random_game_seed1.json")))
    rc = ReplayController.from_game(app.controller.state)     # the current game from its start
    ReplayView(rc, scene_fn=lambda state, lang: board_scene(state, lang=lang))
"""
from __future__ import annotations

from typing import Callable

from .i18n import page_lang, w


def _record_module(game: str):
    if game == "berserk":
        from berserk_kernel.berserk import record
    elif game == "city":
        from berserk_kernel.city import record
    else:
        raise ValueError(f"unknown game {game!r}")
    return record


class ReplayController:
    """Positions 0..n of a game: 0 is the start, i the position after the first i actions."""

    def __init__(self, start, actions):
        self.start = start.copy()
        self.actions = [start.parse_action(a) if isinstance(a, str) else a for a in actions]
        self.state = self.start.copy()
        self.index = 0

    # --- building ----------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict, game: str | None = None, source: str = "<record>") -> "ReplayController":
        """From a record table (``{"game": ..., "actions": [...]}``); its start is rebuilt by the
        kernel's own record module."""
        game = game or record.get("game")
        module = _record_module(game)
        start = module.start_of(record, source)
        return cls(start, record["actions"])

    @classmethod
    def from_game(cls, state) -> "ReplayController":
        """The game `state` has played so far, from its start (a game made by `new_game`, or a
        City game loaded from a scenario). Raises ValueError when the kernel cannot say where
        the game started."""
        game = getattr(state, "GAME", "")
        module = _record_module(game)
        if game == "berserk":
            record = module.make_record(state)     # ValueError for a position set up by hand
        else:
            record = module.record_of(state)
        return cls.from_record(record, game)

    # --- stepping ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.actions)

    def goto(self, i: int) -> int:
        i = max(0, min(int(i), len(self.actions)))
        while self.index < i:
            self.state.apply(self.actions[self.index])
            self.index += 1
        while self.index > i:
            self.state.undo()
            self.index -= 1
        return self.index

    def step(self, delta: int) -> int:
        return self.goto(self.index + delta)

    def first(self) -> int:
        return self.goto(0)

    def last(self) -> int:
        return self.goto(len(self.actions))

    @property
    def last_action(self):
        return self.actions[self.index - 1] if self.index else None

    def log_tail(self, lang: str = "ru", lines: int = 8) -> list[str]:
        return [e.line(lang) for e in self.state.log[-lines:]]


class ReplayView:
    """The stepping widget. `scene_fn(state, lang) -> Scene` draws a position."""

    def __init__(self, controller: ReplayController, scene_fn: Callable, lang: str | None = None,
                 label_fn: Callable | None = None):
        import ipywidgets as W

        from .canvas_view import CanvasView

        self.controller = controller
        self.scene_fn = scene_fn
        self.label_fn = label_fn          # (state, action, lang) -> the action in words
        self.lang = lang or page_lang()
        self.view = CanvasView(scene_fn(controller.state, self.lang))
        self.b_first = W.Button(layout=W.Layout(width="auto"))
        self.b_back = W.Button(layout=W.Layout(width="auto"))
        self.b_fwd = W.Button(layout=W.Layout(width="auto"))
        self.b_last = W.Button(layout=W.Layout(width="auto"))
        self.slider = W.IntSlider(min=0, max=len(controller), value=controller.index, continuous_update=False,
                                  layout=W.Layout(width="420px"))
        self.label = W.HTML()
        self.tail = W.HTML()
        self.b_first.on_click(lambda _b: self._go(0))
        self.b_back.on_click(lambda _b: self._go(self.controller.index - 1))
        self.b_fwd.on_click(lambda _b: self._go(self.controller.index + 1))
        self.b_last.on_click(lambda _b: self._go(len(self.controller)))
        self.slider.observe(self._on_slider, names="value")
        controls = W.HBox([self.b_first, self.b_back, self.slider, self.b_fwd, self.b_last],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([controls, self.label, self.view.widget, self.tail])
        self.refresh()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    def _on_slider(self, change) -> None:
        self._go(change["new"])

    def _go(self, i: int) -> None:
        self.controller.goto(i)
        self.refresh()

    def refresh(self) -> None:
        from html import escape

        c, lang = self.controller, self.lang
        self.b_first.description = w("step_first", lang)
        self.b_back.description = w("step_back", lang)
        self.b_fwd.description = w("step_fwd", lang)
        self.b_last.description = w("step_last", lang)
        self.b_first.disabled = self.b_back.disabled = c.index == 0
        self.b_fwd.disabled = self.b_last.disabled = c.index == len(c)
        self.slider.max = len(c)
        self.slider.value = c.index
        step = w("step_of", lang, i=c.index, n=len(c))
        if c.last_action is None:
            what = w("step_start", lang)
        else:
            words = self.label_fn(c.state, c.last_action, lang) if self.label_fn else str(c.last_action)
            what = w("step_action", lang, what=words)
        self.label.value = f"<b>{escape(step)}</b> · {escape(what)}"
        self.tail.value = "<div style='font-size:12px'>" + "<br>".join(escape(x) for x in c.log_tail(lang)) + "</div>"
        self.view.show(self.scene_fn(c.state, lang))
