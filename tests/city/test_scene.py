"""The scene of a position: hit tags, letters beside colours, SVG."""
import xml.etree.ElementTree as ET

from berserk_kernel.city.scene import city_scene
from berserk_kernel.core.scene import Rect, Text

from .helpers import position


def test_scene_has_a_clickable_district_for_each_and_letters_beside_colours():
    g = position({1: (0, 3), 2: (0, 0), 24: (1, 5), 25: (1, 1)}, hq=[1, 25], influence=[4, 2])
    s = city_scene(g)
    hits = [sh.hit for sh in s.shapes if isinstance(sh, Rect) and sh.hit]
    assert sorted(hits) == sorted(f"district:{d}" for d in g.map.numbers)
    texts = [sh.text for sh in s.shapes if isinstance(sh, Text)]
    assert texts.count("A") >= 2 + 1 and texts.count("B") >= 2 + 1   # districts, HQ star, panel
    assert "5" in texts and any("Влияние 4" in t for t in texts)
    r = next(sh for sh in s.shapes if isinstance(sh, Rect) and sh.hit == "district:1")
    assert s.hit_at(r.x + 5, r.y + r.h - 3) == "district:1"


def test_svg_is_well_formed_in_both_languages_and_shows_the_event():
    g = position({1: (0, 3), 25: (1, 1)}, phase="event", deck=["market-day"], map="river")
    g.apply("draw")
    ru, en = g._repr_svg_(), city_scene(g, "en").to_svg()
    for svg in (ru, en):
        ET.fromstring(svg)
    assert "Базарный день" in ru and "Market Day" in en and "фаза: Доход" in ru and "phase: Income" in en
