"""The city drawn as a renderer-neutral scene (core.scene): `state._repr_svg_` and the widgets.

Colour is never the only signal: every owned district also shows its owner's letter, start
districts have a dashed inner frame, and a headquarters carries a star with its owner's letter.
Every district rectangle has the hit tag ``district:N``.
"""
from __future__ import annotations

from math import cos, pi, sin

from ..core.scene import PALETTE, Circle, Line, Polygon, Rect, Scene, Text, text_on
from .phases import PHASE_NAMES

CELL, GAP, MARGIN, TOP, PANEL = 72, 4, 16, 40, 320
INK, PAPER = PALETTE["ink"], PALETTE["paper"]
WALL = PALETTE["sky"]   # walls and rivers: not blue, the colour of seat A (core.scene.SEAT_COLOURS)


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def _star(cx: float, cy: float, r: float) -> tuple:
    return tuple((cx + (r if i % 2 == 0 else r * 0.45) * sin(i * pi / 5),
                  cy - (r if i % 2 == 0 else r * 0.45) * cos(i * pi / 5)) for i in range(10))


def city_scene(state, lang: str = "ru") -> Scene:
    m = state.map
    en = lang == "en"
    grid_w, grid_h = m.cols * CELL, m.rows * CELL
    width = MARGIN * 3 + grid_w + PANEL
    scene = Scene(width, 0, title=m.name.get(lang))
    colour = [PALETTE[c] for c in state.colours]
    phase = PHASE_NAMES[state.phase][1 if en else 0]
    rnd = ((f" · round {state.round}/{state.options.rounds}" if en else f" · раунд {state.round}/{state.options.rounds}")
           if state.round else "")
    head = (f"{m.name.get(lang)}{rnd} · phase: {phase}" if en else f"{m.name.get(lang)}{rnd} · фаза: {phase}")
    scene.add(Rect(0, 0, width, 1, fill=None), Text(MARGIN, TOP / 2, head, size=15, bold=True, layer="static"))

    def origin(d):
        r, c = m.pos[d]
        return MARGIN + c * CELL, TOP + r * CELL

    for d in m.numbers:
        x, y = origin(d)
        owner = state.owner[d]
        fill = colour[owner] if owner is not None else PAPER
        ink = text_on(fill)
        scene.add(Rect(x + GAP / 2, y + GAP / 2, CELL - GAP, CELL - GAP, fill=fill, stroke=INK, width=1,
                       hit=f"district:{d}", radius=4))
        if d in m.start:
            scene.add(Rect(x + 7, y + 7, CELL - 14, CELL - 14, stroke=ink, width=1, dash=(4, 3)))
        scene.add(Text(x + 9, y + 15, str(d), size=12, bold=True, fill=ink))
        if owner is not None:
            scene.add(Text(x + CELL - 9, y + 15, state.letter(owner), size=14, bold=True, fill=ink, anchor="end"))
        if state.forces[d]:
            scene.add(Circle(x + CELL / 2, y + CELL / 2 + 4, 14, fill=PALETTE["white"], stroke=INK, width=1.5),
                      Text(x + CELL / 2, y + CELL / 2 + 5, str(state.forces[d]), size=14, bold=True, anchor="middle"))
    for p, hq in enumerate(state.hq):
        if hq is not None:   # the headquarters: a white star with its owner's letter (R-CITY-HQ)
            x, y = origin(hq)
            scene.add(Polygon(_star(x + 17, y + CELL - 18, 13), fill=PALETTE["white"], stroke=INK, width=1.2),
                      Text(x + 17, y + CELL - 17, state.letter(p), size=9, bold=True, anchor="middle"))
    for wall in m.walls:
        a, b = sorted(wall)
        (ra, ca), (rb, cb) = m.pos[a], m.pos[b]
        if ra == rb:   # side by side: a vertical wall
            x = MARGIN + max(ca, cb) * CELL
            scene.add(Line(x, TOP + ra * CELL, x, TOP + (ra + 1) * CELL, stroke=WALL, width=6))
        else:
            y = TOP + max(ra, rb) * CELL
            scene.add(Line(MARGIN + ca * CELL, y, MARGIN + (ca + 1) * CELL, y, stroke=WALL, width=6))
    window = state.turn.get("capture")
    if window and state.phase == "actions":
        x, y = origin(window[0])
        scene.add(Rect(x + 1, y + 1, CELL - 2, CELL - 2, stroke=PALETTE["black"], width=3, layer="highlight"))
    battle = state.last_battle
    if battle:
        (x1, y1), (x2, y2) = origin(battle["src"]), origin(battle["dst"])
        # the last attack, under the force counters so it never hides a number
        scene.add(Line(x1 + CELL / 2, y1 + CELL / 2, x2 + CELL / 2, y2 + CELL / 2, stroke=PALETTE["black"],
                       width=3, dash=(6, 4), layer="static"))
    bottom = _panel(scene, state, MARGIN * 2 + grid_w, TOP, colour, lang)
    scene.height = max(TOP + grid_h + MARGIN, bottom + MARGIN)
    scene.shapes[0] = Rect(0, 0, width, scene.height, fill=PALETTE["white"])
    return scene


def _panel(scene: Scene, state, x: float, y: float, colour: list, lang: str) -> float:
    en = lang == "en"
    line = 20
    who = state.current_player()
    if state.phase == "over":
        names = ", ".join(state.name(p).get(lang) for p in state.winners)
        scene.add(Text(x, y + 8, f"Winner: {names}" if en else f"Победа: {names}", size=14, bold=True))
    elif who is not None:
        scene.add(Text(x, y + 8, f"Turn of {state.name(who).en}" if en else f"Ходит: {state.name(who).ru}",
                       size=14, bold=True))
    y += line + 6
    for p in range(state.players):
        scene.add(Rect(x, y, 22, 18, fill=colour[p], stroke=INK, radius=3),
                  Text(x + 11, y + 9, state.letter(p), size=12, bold=True, anchor="middle", fill=text_on(colour[p])))
        n, f = state.count_districts(p), state.total_forces(p)
        info = (f"influence {state.influence[p]} · districts {n} · forces {f}" if en else
                f"Влияние {state.influence[p]} · районов {n} · сил {f}")
        scene.add(Text(x + 30, y + 9, info, size=12, bold=p == who, max_width=PANEL - 34))
        y += line + 4
    if state.phase == "actions":
        t = state.turn
        scene.add(Text(x, y + 8, (f"Attacks this turn: {t['attacks']}/{t['attack_limit']}" if en else
                                  f"Атак в этот ход: {t['attacks']}/{t['attack_limit']}"), size=12))
        y += line
    if state.last_event:
        card = state.deck_def[state.last_event]
        y += 6
        scene.add(Text(x, y + 8, ("Event: " if en else "Событие: ") + card.name.get(lang), size=13, bold=True))
        y += line
        for row in _wrap(card.text.get(lang), 44):
            scene.add(Text(x, y + 8, row, size=12))
            y += 17
    b = state.last_battle
    if b:
        y += 6
        result = {"capture": ("захват", "captured"), "hold": ("удержан", "held"), "wipe": ("обе стороны уничтожены",
                                                                                      "both wiped out")}[b["result"]]
        text = (f"Battle {b['src']}→{b['dst']}: {b['attackers']} vs {b['defenders']}, {result[1]}" if en else
                f"Бой {b['src']}→{b['dst']}: {b['attackers']} против {b['defenders']}, {result[0]}")
        scene.add(Text(x, y + 8, text, size=12, bold=True, max_width=PANEL - 4))
        y += line
    y += 6
    legend = ("dashed frame: start district · star: headquarters · circle: forces" if en else
              "пунктир: стартовый район · звезда: штаб · круг: силы")
    for row in _wrap(legend, 46):
        scene.add(Text(x, y + 8, row, size=11, fill=INK))
        y += 16
    return y
