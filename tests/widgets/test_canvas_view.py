"""The ipycanvas back end without a browser: every shape kind is painted with the right calls,
nothing is drawn before the page is ready, a failing redraw leaves ipycanvas out of caching
mode, and mouse presses become hit tags."""
from __future__ import annotations

import pytest

from berserk_kernel.core.scene import FONT, Circle, Line, Polygon, Rect, Scene, Text
from widgets.canvas_view import CanvasView, ShapePainter


class FakeCanvas:
    """Records the drawing calls and style settings of the ipycanvas `Canvas` API."""

    def __init__(self):
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name, value):
        self.calls.append(("set", name, value))
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)

        def call(*args):
            self.calls.append((name,) + args)

        return call

    def names(self):
        return [c[0] if c[0] != "set" else f"set:{c[1]}" for c in self.calls]


def paint(*shapes):
    fake = FakeCanvas()
    ShapePainter(fake).paint(shapes)
    return fake


def test_rect_fill_and_dashed_stroke():
    f = paint(Rect(1, 2, 30, 40, fill="#FFFFFF", stroke="#000000", width=3, dash=(5, 3)))
    assert ("fill_rect", 1, 2, 30, 40) in f.calls
    assert ("stroke_rect", 1, 2, 30, 40) in f.calls
    assert ("set_line_dash", [5.0, 3.0]) in f.calls
    assert ("set", "line_width", 3.0) in f.calls


def test_rounded_rect_is_a_path():
    f = paint(Rect(0, 0, 20, 10, fill="#FF0000", stroke="#000000", radius=4))
    names = f.names()
    assert names.count("arc_to") == 4 and "fill" in names and "stroke" in names
    assert "fill_rect" not in names


def test_text_anchor_bold_max_width_and_cyrillic_font():
    f = paint(Text(10, 20, "Страж ущелья", size=11, anchor="middle", bold=True, max_width=50),
              Text(5, 5, "end", anchor="end"))
    assert ("set", "font", f"bold 11px {FONT}") in f.calls
    assert ("set", "text_align", "center") in f.calls
    assert ("set", "text_baseline", "middle") in f.calls
    assert ("fill_text", "Страж ущелья", 10, 20, 50) in f.calls
    assert ("set", "text_align", "right") in f.calls
    assert "DejaVu Sans" in FONT


def test_line_circle_polygon():
    f = paint(Line(0, 0, 5, 5, stroke="#111111", width=2, dash=(2, 2)),
              Circle(3, 3, 2, fill="#222222", stroke="#333333"),
              Polygon(((0, 0), (4, 0), (2, 3)), fill="#444444", stroke="#555555"))
    names = f.names()
    for n in ("stroke_line", "fill_circle", "stroke_circle", "fill_polygon", "stroke_polygon"):
        assert n in names
    # the circle's outline is solid although the line before it was dashed
    dashes = [c[1] for c in f.calls if c[0] == "set_line_dash"]
    assert dashes == [[2.0, 2.0], []]


def test_styles_are_not_repeated_within_a_batch():
    f = paint(*[Rect(i, 0, 1, 1, fill="#FFFFFF") for i in range(10)])
    assert f.names().count("set:fill_style") == 1


def test_unknown_shape_raises():
    with pytest.raises(TypeError):
        paint(object())


def _scene():
    sc = Scene(200, 100)
    sc.add(Rect(0, 0, 200, 100, fill="#FAF7F0"),
           Rect(10, 10, 50, 50, fill="#FFFFFF", layer="cards", hit="card:1"),
           Rect(100, 10, 50, 50, stroke="#009E73", layer="highlight", hit="cell:c3"),
           Text(5, 90, "подпись", layer="static"))
    return sc


def test_nothing_is_drawn_before_the_page_is_ready_then_everything():
    from ipycanvas.canvas import _CANVAS_MANAGER as manager
    v = CanvasView(_scene())
    assert (v.canvas.width, v.canvas.height) == (200, 100)
    v.show(_scene())
    assert v.redraws == 0 and not v.ready
    v._client_ready()
    assert v.ready and v.redraws == 1 and v.last_error is None
    assert manager._caching is False
    # an unchanged scene sends nothing; a changed layer is redrawn
    v.show(_scene())
    assert v.redraws == 1
    sc = _scene()
    sc.add(Circle(5, 5, 3, fill="#000000", layer="highlight"))
    v.show(sc)
    assert v.redraws == 2


def test_a_failing_redraw_leaves_caching_off_and_reports():
    from ipycanvas.canvas import _CANVAS_MANAGER as manager
    errors = []
    v = CanvasView(_scene(), on_error=errors.append)
    v._client_ready()
    # the second shape is not a shape: painting raises midway through the batch
    sc = Scene(200, 100, shapes=[Rect(0, 0, 1, 1, fill="#000000"), _Broken()])
    assert v.show(sc) is None
    assert manager._caching is False
    assert manager._commands_cache == []
    assert isinstance(v.last_error, TypeError) and errors
    # and the next redraw works again
    v.show(_scene())
    assert v.redraws == 2


class _Broken:
    layer = "static"


def test_resize_follows_the_scene():
    v = CanvasView(_scene())
    v.show(Scene(300, 150))
    assert (v.canvas.width, v.canvas.height) == (300, 150)
    assert v.canvas.layout.width == "300px"          # no CSS box given: the buffer's size


def test_a_css_scaled_canvas_keeps_its_css_box_when_the_scene_resizes():
    v = CanvasView(_scene(), layout={"width": "100%", "height": "auto"})
    assert (v.canvas.layout.width, v.canvas.layout.height) == ("100%", "auto")
    v.show(Scene(300, 150))
    assert (v.canvas.width, v.canvas.height) == (300, 150)
    assert (v.canvas.layout.width, v.canvas.layout.height) == ("100%", "auto")


def test_mouse_presses_become_hit_tags():
    got, hovered = [], []
    v = CanvasView(_scene(), on_click=got.append, on_hover=hovered.append)
    v._mouse_down(20, 20)
    v._mouse_down(120, 20)
    v._mouse_down(190, 95)
    assert got == ["card:1", "cell:c3", None]
    v._mouse_move(20, 20)
    v._mouse_move(21, 21)
    v._mouse_move(120, 20)
    v._mouse_out(0, 0)
    assert hovered == ["card:1", "cell:c3", None]
