"""The renderer-neutral scene: a list of shapes computed from a position.

The SVG of `_repr_svg_` and the ipycanvas board draw the same scene, so both always look alike.
Every shape sits on a layer ("static", "cards" or "highlight") and may carry a `hit` tag (such as
``"cell:c3"`` or ``"card:12"``) that tells a controller what a click on it means.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

LAYERS = ("static", "cards", "highlight")

# Okabe-Ito palette: safe for the common kinds of colour blindness.
PALETTE = {
    "black": "#000000", "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73",
    "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7",
    "grey": "#999999", "white": "#FFFFFF", "paper": "#FAF7F0", "ink": "#222222",
}
# The seats' colours in BOTH games, the one definition: seat A, B, C, D as keys of PALETTE (Berserk
# uses A and B; a City game without its own `colours` takes these), and a light tint of each for
# large areas (Berserk's half-fields). A student meets the same A in every lesson and game.
SEAT_COLOURS = ("blue", "vermillion", "green", "purple")
SEAT_TINTS = {"blue": "#DCEBF7", "vermillion": "#F9E3D6", "green": "#D6EFE6", "purple": "#F6E5EE"}
FONT = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif"


def text_on(fill: str) -> str:
    """The colour of letters on a `#RRGGBB` fill: white on a dark one (blue, vermillion), ink on
    a light one. Read by the boards and by the apps' swatches, so both agree."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return PALETTE["white"] if 0.299 * r + 0.587 * g + 0.114 * b < 140 else PALETTE["ink"]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple = ()
    layer: str = "static"
    hit: str | None = None
    radius: float = 0.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 12
    fill: str = "#222222"
    anchor: str = "start"          # start | middle | end
    bold: bool = False
    max_width: float | None = None
    layer: str = "cards"


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#222222"
    width: float = 1.0
    dash: tuple = ()
    layer: str = "static"


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    layer: str = "cards"
    hit: str | None = None


@dataclass(frozen=True)
class Polygon:
    points: tuple
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    layer: str = "cards"


@dataclass
class Scene:
    width: float
    height: float
    shapes: list = field(default_factory=list)
    title: str = ""

    def add(self, *shapes) -> None:
        self.shapes.extend(shapes)

    def layer(self, name: str) -> list:
        return [s for s in self.shapes if s.layer == name]

    def hit_at(self, x: float, y: float) -> str | None:
        """The topmost hit tag under a point (highlights first, then cards, then the field)."""
        for layer in reversed(LAYERS):
            for s in reversed(self.shapes):
                if s.layer != layer or getattr(s, "hit", None) is None:
                    continue
                if isinstance(s, Rect) and s.x <= x <= s.x + s.w and s.y <= y <= s.y + s.h:
                    return s.hit
                if isinstance(s, Circle) and (x - s.x) ** 2 + (y - s.y) ** 2 <= s.r ** 2:
                    return s.hit
        return None

    def to_svg(self) -> str:
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" height="{self.height:g}" '
               f'viewBox="0 0 {self.width:g} {self.height:g}" font-family="{escape(FONT)}">']
        if self.title:
            out.append(f"<title>{escape(self.title)}</title>")
        for layer in LAYERS:
            out.append(f'<g class="{layer}">')
            out.extend(_svg(s) for s in self.shapes if s.layer == layer)
            out.append("</g>")
        out.append("</svg>")
        return "".join(out)


def _paint(fill, stroke, width, dash=()) -> str:
    attrs = f' fill="{fill or "none"}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{width:g}"'
        if dash:
            attrs += f' stroke-dasharray="{" ".join(str(d) for d in dash)}"'
    return attrs


def _svg(s) -> str:
    if isinstance(s, Rect):
        r = f' rx="{s.radius:g}"' if s.radius else ""
        return (f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}"{r}'
                f'{_paint(s.fill, s.stroke, s.width, s.dash)}/>')
    if isinstance(s, Text):
        anchor = {"start": "start", "middle": "middle", "end": "end"}[s.anchor]
        weight = ' font-weight="bold"' if s.bold else ""
        fit = (f' textLength="{s.max_width:g}" lengthAdjust="spacingAndGlyphs"'
               if s.max_width and len(s.text) * s.size * 0.6 > s.max_width else "")
        return (f'<text x="{s.x:g}" y="{s.y:g}" font-size="{s.size:g}" fill="{s.fill}" '
                f'text-anchor="{anchor}" dominant-baseline="middle"{weight}{fit}>{escape(s.text)}</text>')
    if isinstance(s, Line):
        dash = f' stroke-dasharray="{" ".join(str(d) for d in s.dash)}"' if s.dash else ""
        return (f'<line x1="{s.x1:g}" y1="{s.y1:g}" x2="{s.x2:g}" y2="{s.y2:g}" stroke="{s.stroke}" '
                f'stroke-width="{s.width:g}"{dash}/>')
    if isinstance(s, Circle):
        return f'<circle cx="{s.x:g}" cy="{s.y:g}" r="{s.r:g}"{_paint(s.fill, s.stroke, s.width)}/>'
    if isinstance(s, Polygon):
        pts = " ".join(f"{x:g},{y:g}" for x, y in s.points)
        return f'<polygon points="{pts}"{_paint(s.fill, s.stroke, s.width)}/>'
    raise TypeError(f"unknown shape {s!r}")
