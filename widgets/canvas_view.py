"""Draw a kernel `core.scene.Scene` on an ipycanvas `MultiCanvas`, and turn clicks into hit tags.

The thin drawing back end of the apps (the controllers never see a canvas):

    view = CanvasView(on_click=lambda tag: ..., on_hover=lambda tag: ...)
    view.show(scene)          # remember the scene; draw it once the page is connected
    view.widget               # the MultiCanvas to put in a layout

Facts of ipycanvas inside Voilà it follows (../shared/notes/jupyter-stack.md):
  - drawing sent before the browser connects is lost, and drawing both then and in the callback
    broke the page: nothing is drawn until `on_client_ready` fires; then every layer is rebuilt
    from the scene; later redraws happen from event handlers only;
  - one redraw is one batch (`hold_canvas()`); if painting fails midway the half-built batch is
    dropped and ipycanvas is put back out of caching mode in a `finally`, so later drawing is
    still sent;
  - three layers (static, cards, highlight); mouse events come from the top one, in buffer
    pixels, so `Scene.hit_at` maps them whatever CSS scaling the page applies;
  - explicit width and height from the scene (resizing clears a canvas: it forces a full redraw);
  - no text measurement: `max_width` is passed to `fill_text`; the font stack has Cyrillic.
"""
from __future__ import annotations

from typing import Callable, Iterable

from berserk_kernel.core.scene import FONT, LAYERS, Circle, Line, Polygon, Rect, Scene, Text

ALIGN = {"start": "left", "middle": "center", "end": "right"}


class ShapePainter:
    """Paints shapes on one canvas layer (anything with the ipycanvas `Canvas` drawing API).

    Remembers the style it last set, so a batch does not repeat identical style commands;
    `reset()` forgets it (a fresh browser canvas starts from the defaults)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self._style: dict = {}

    def reset(self) -> None:
        self._style = {}

    def _set(self, name: str, value) -> None:
        if self._style.get(name, object()) != value:
            setattr(self.canvas, name, value)
            self._style[name] = value

    def _dash(self, dash: Iterable) -> None:
        segments = [float(d) for d in dash]
        if self._style.get("dash") != segments:
            self.canvas.set_line_dash(segments)
            self._style["dash"] = segments

    def paint(self, shapes: Iterable) -> int:
        """Paint `shapes` in order; return how many were painted."""
        n = 0
        for s in shapes:
            if isinstance(s, Rect):
                self._rect(s)
            elif isinstance(s, Text):
                self._text(s)
            elif isinstance(s, Line):
                self._line(s)
            elif isinstance(s, Circle):
                self._circle(s)
            elif isinstance(s, Polygon):
                self._polygon(s)
            else:
                raise TypeError(f"unknown shape {s!r}")
            n += 1
        return n

    def _round_path(self, x, y, w, h, r) -> None:
        c = self.canvas
        r = max(0.0, min(float(r), w / 2, h / 2))
        c.begin_path()
        c.move_to(x + r, y)
        c.arc_to(x + w, y, x + w, y + h, r)
        c.arc_to(x + w, y + h, x, y + h, r)
        c.arc_to(x, y + h, x, y, r)
        c.arc_to(x, y, x + w, y, r)
        c.close_path()

    def _rect(self, s: Rect) -> None:
        c = self.canvas
        if s.radius:
            self._round_path(s.x, s.y, s.w, s.h, s.radius)
            if s.fill:
                self._set("fill_style", s.fill)
                c.fill()
            if s.stroke:
                self._set("stroke_style", s.stroke)
                self._set("line_width", float(s.width))
                self._dash(s.dash)
                c.stroke()
            return
        if s.fill:
            self._set("fill_style", s.fill)
            c.fill_rect(s.x, s.y, s.w, s.h)
        if s.stroke:
            self._set("stroke_style", s.stroke)
            self._set("line_width", float(s.width))
            self._dash(s.dash)
            c.stroke_rect(s.x, s.y, s.w, s.h)

    def _text(self, s: Text) -> None:
        if not s.text:
            return
        self._set("font", f"{'bold ' if s.bold else ''}{s.size:g}px {FONT}")
        self._set("text_align", ALIGN.get(s.anchor, "left"))
        self._set("text_baseline", "middle")
        self._set("fill_style", s.fill)
        self.canvas.fill_text(s.text, s.x, s.y, s.max_width)

    def _line(self, s: Line) -> None:
        self._set("stroke_style", s.stroke)
        self._set("line_width", float(s.width))
        self._dash(s.dash)
        self.canvas.stroke_line(s.x1, s.y1, s.x2, s.y2)

    def _circle(self, s: Circle) -> None:
        if s.fill:
            self._set("fill_style", s.fill)
            self.canvas.fill_circle(s.x, s.y, s.r)
        if s.stroke:
            self._set("stroke_style", s.stroke)
            self._set("line_width", float(s.width))
            self._dash(())
            self.canvas.stroke_circle(s.x, s.y, s.r)

    def _polygon(self, s: Polygon) -> None:
        points = [(float(x), float(y)) for x, y in s.points]
        if len(points) < 3:
            return
        if s.fill:
            self._set("fill_style", s.fill)
            self.canvas.fill_polygon(points)
        if s.stroke:
            self._set("stroke_style", s.stroke)
            self._set("line_width", float(s.width))
            self._dash(())
            self.canvas.stroke_polygon(points)


def _canvas_manager():
    """ipycanvas' private batching manager (0.14), or None if a later version renamed it."""
    try:
        from ipycanvas.canvas import _CANVAS_MANAGER
    except ImportError:  # pragma: no cover - other ipycanvas versions
        return None
    return _CANVAS_MANAGER


class CanvasView:
    """A `Scene` on a three-layer `MultiCanvas`.

    `on_click(tag)` gets the hit tag under a mouse press (or None off every hit area);
    `on_hover(tag)` gets the tag under the pointer whenever it changes. `on_error(exc)` is told
    when a redraw failed (the page stays usable; the next redraw starts clean)."""

    def __init__(self, scene: Scene | None = None, on_click: Callable | None = None,
                 on_hover: Callable | None = None, on_error: Callable | None = None,
                 layout: dict | None = None):
        from ipycanvas import MultiCanvas

        self.scene = scene
        self.on_click = on_click
        self.on_hover = on_hover
        self.on_error = on_error
        w, h = (int(scene.width), int(scene.height)) if scene else (10, 10)
        # the CSS width too: without it a canvas in a full-width box is stretched to the box
        self._css_width = bool(layout and "width" in layout)   # a fixed CSS box (scaled), else buffer px
        self.canvas = MultiCanvas(len(LAYERS), width=w, height=h,
                                  layout=dict({"width": f"{w}px", "max_width": "100%"}, **(layout or {})))
        self.painters = [ShapePainter(self.canvas[i]) for i in range(len(LAYERS))]
        self.ready = False          # True once a browser view has said it is ready to draw
        self.redraws = 0            # batches sent
        self.last_error: Exception | None = None
        self._drawn: list = [None] * len(LAYERS)   # the shapes each layer shows now
        self._hover: str | None = None
        self.canvas.on_client_ready(self._client_ready)
        self.canvas.on_mouse_down(self._mouse_down)
        if on_hover is not None:
            self.canvas.on_mouse_move(self._mouse_move)
            self.canvas.on_mouse_out(self._mouse_out)

    @property
    def widget(self):
        return self.canvas

    # --- drawing ---------------------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        """Make `scene` the one shown; draw it now if a browser is connected."""
        self.scene = scene
        w, h = int(round(scene.width)), int(round(scene.height))
        if (self.canvas.width, self.canvas.height) != (w, h):
            self.canvas.width, self.canvas.height = w, h   # this clears every layer
            if not self._css_width:
                self.canvas.layout.width = f"{w}px"
            self._drawn = [None] * len(LAYERS)
        if self.ready:
            self.redraw()

    def _client_ready(self, *_args) -> None:
        self.ready = True
        self.redraw(force=True)

    def redraw(self, force: bool = False) -> bool:
        """Rebuild the layers whose shapes changed (all of them with `force`) in one batch.
        Never raises; returns False (and keeps the error in `last_error`) when painting failed."""
        if self.scene is None or not self.ready:
            return False
        from ipycanvas import hold_canvas

        layers = [self.scene.layer(name) for name in LAYERS]
        todo = [i for i, shapes in enumerate(layers) if force or shapes != self._drawn[i]]
        if not todo:
            return True
        manager = _canvas_manager()
        was_caching = getattr(manager, "_caching", False)
        ok = False
        try:
            with hold_canvas():
                for i in todo:
                    layer, painter = self.canvas[i], self.painters[i]
                    painter.reset()
                    layer.clear()
                    painter.paint(layers[i])
            ok = True
        except Exception as exc:  # noqa: BLE001 - a redraw must not break the page
            self.last_error = exc
        finally:
            if manager is not None:
                if not ok and not was_caching:
                    # drop the half-built batch; the next command must switch canvas again
                    manager._commands_cache = []
                    manager._buffers_cache = []
                    manager._current_canvas = None
                manager._caching = was_caching
        if ok:
            self.redraws += 1
            for i in todo:
                self._drawn[i] = layers[i]
        else:
            self._drawn = [None] * len(LAYERS)
            if self.on_error is not None:
                self.on_error(self.last_error)
        return ok

    # --- events ----------------------------------------------------------------------------
    def hit_at(self, x: float, y: float) -> str | None:
        return self.scene.hit_at(x, y) if self.scene is not None else None

    def _mouse_down(self, x, y) -> None:
        if self.on_click is not None:
            self.on_click(self.hit_at(x, y))

    def _mouse_move(self, x, y) -> None:
        tag = self.hit_at(x, y)
        if tag != self._hover:
            self._hover = tag
            self.on_hover(tag)

    def _mouse_out(self, x, y) -> None:
        if self._hover is not None:
            self._hover = None
            self.on_hover(None)
