"""The Berserk board as a renderer-neutral scene (and as text).

`board_scene(state, viewer=0, ...)` lays out the field from the viewer's seat (their half at the
bottom, row numbers of CR-202.2 from their side), both auxiliary zones, decks and graveyards, and
every card with its name, cost, elements, lives left, strike X-Y-Z, movement left, tokens,
attachments, open/closed and face-down state. Colour is never the only signal: owners also carry
a letter, closed cards a hatch and the word «закрыто»/"closed".
"""
from __future__ import annotations

from ..core.scene import PALETTE, Circle, Line, Rect, Scene, Text
from ..core.scene import SEAT_COLOURS, SEAT_TINTS
from ..core.words import count
from .field import COLS, RANKS, cell_name, half_row, rank, col
from .phases import PHASE_NAMES
from .zones import attachments

CELL_W, CELL_H = 104, 84
FIELD_X, FIELD_Y = 170, 36
AUX_W = 150
WIDTH = FIELD_X + COLS * CELL_W + 20 + AUX_W + 10
HEIGHT = FIELD_Y + RANKS * CELL_H + 40
OWNER_COLOURS = tuple(PALETTE[c] for c in SEAT_COLOURS[:2])   # the seats' colours of both games
OWNER_FILLS = tuple(SEAT_TINTS[c] for c in SEAT_COLOURS[:2])
ELEMENT_MARKS = {"steppe": "Ст", "mountains": "Гр", "forest": "Лс", "swamp": "Бл", "darkness": "Тм"}
ELEMENT_MARKS_EN = {"steppe": "St", "mountains": "Mt", "forest": "Fo", "swamp": "Sw", "darkness": "Dk"}
WORDS = {
    "closed": ("закрыто", "closed"), "aux": ("доп. зона", "aux zone"), "deck": ("колода", "deck"),
    "grave": ("кладбище", "graveyard"), "turn": ("ход", "turn"), "row": ("ряд", "row"),
    "to_move": ("решает", "to decide"), "over": ("партия окончена", "game over"), "draw": ("ничья", "draw"),
    "wins": ("победа", "wins"), "deal": ("Раздача", "The deal of"),
    "deal_hint": ("нажмите на карту в рамке, чтобы купить её", "click a framed card to buy it"),
    "squad": ("Отряд", "Squad of"), "hand": ("в руке", "in hand"),
}


def _w(key, lang):
    return WORDS[key][1 if lang == "en" else 0]


def cell_origin(cell: int, viewer: int) -> tuple[float, float]:
    """Top-left corner of a cell as the viewer sees the field (their half at the bottom)."""
    r, c = rank(cell), col(cell)
    if viewer == 0:
        row_from_top, col_from_left = RANKS - 1 - r, c
    else:
        row_from_top, col_from_left = r, COLS - 1 - c
    return FIELD_X + col_from_left * CELL_W, FIELD_Y + row_from_top * CELL_H


def aux_slot(seat: int, index: int, viewer: int) -> tuple[float, float, float, float]:
    x = FIELD_X + COLS * CELL_W + 20
    top = FIELD_Y if seat != viewer else FIELD_Y + 3 * CELL_H
    return x, top + 22 + index * 44, AUX_W, 40


def board_scene(s, viewer: int = 0, lang: str = "ru", selected: int | None = None,
                highlight_cells=(), highlight_cards=(), targets=()) -> Scene:
    sc = Scene(WIDTH, HEIGHT, title="Берсерк" if lang == "ru" else "Berserk")
    sc.add(Rect(0, 0, WIDTH, HEIGHT, fill=PALETTE["paper"]))
    # the field, halves and rows (CR-202.1, CR-202.2)
    for cell in range(COLS * RANKS):
        x, y = cell_origin(cell, viewer)
        seat = 0 if rank(cell) < 3 else 1
        sc.add(Rect(x, y, CELL_W, CELL_H, fill=OWNER_FILLS[seat], stroke="#777777", hit=f"cell:{cell_name(cell)}"))
        sc.add(Text(x + CELL_W - 4, y + CELL_H - 8, cell_name(cell), size=9, fill="#666666", anchor="end", layer="static"))
    sc.add(Line(FIELD_X, FIELD_Y + 3 * CELL_H, FIELD_X + COLS * CELL_W, FIELD_Y + 3 * CELL_H, stroke=PALETTE["ink"], width=3))
    for r in range(RANKS):
        cell = r * COLS
        _, y = cell_origin(cell, viewer)
        seat = 0 if r < 3 else 1
        sc.add(Text(FIELD_X - 6, y + CELL_H / 2, f"{_w('row', lang)} {half_row(cell, seat)} {s.seats[seat].name}",
                    size=10, fill=OWNER_COLOURS[seat], anchor="end", layer="static"))
    # side panels: aux zones, decks, graveyards
    for seat in (0, 1):
        x, y, w, _ = aux_slot(seat, 0, viewer)
        p = s.seats[seat]
        sc.add(Text(x, y - 12, f"{p.name}: {_w('aux', lang)}", size=11, fill=OWNER_COLOURS[seat], bold=True, layer="static"))
        for i, uid in enumerate(p.aux):
            ax, ay, aw, ah = aux_slot(seat, i, viewer)
            _card(sc, s, uid, ax, ay, aw, ah, lang, selected, highlight_cards, targets, compact=True)
        base = FIELD_Y + (3 * CELL_H if seat == viewer else 0)
        lx = 10
        sc.add(Text(lx, base + 14, f"{p.name}", size=13, fill=OWNER_COLOURS[seat], bold=True, layer="static"))
        sc.add(Text(lx, base + 34, f"{_w('deck', lang)}: {len(p.deck)}", size=11, layer="static"))
        top = s.defs[s.cards[p.graveyard[-1]].card].name.get(lang) if p.graveyard else "—"
        sc.add(Text(lx, base + 52, f"{_w('grave', lang)}: {len(p.graveyard)}", size=11, layer="static"))
        sc.add(Text(lx, base + 68, top, size=10, fill="#555555", max_width=FIELD_X - 40, layer="static"))
        if getattr(s, "mode", "classic") == "heroes":
            sc.add(Text(lx, base + 88, count(p.coins, "coin", lang), size=11, bold=True, layer="static"))
            sc.add(Text(lx, base + 104, f"{_w('hand', lang)}: {len(p.hand)}", size=11, layer="static"))
    # cards on the field
    for cell, uid in enumerate(s.cells):
        if uid is not None:
            x, y = cell_origin(cell, viewer)
            _card(sc, s, uid, x + 3, y + 3, CELL_W - 6, CELL_H - 6, lang, selected, highlight_cards, targets)
    for cell in highlight_cells:
        x, y = cell_origin(cell, viewer)
        sc.add(Rect(x + 2, y + 2, CELL_W - 4, CELL_H - 4, stroke=PALETTE["green"], width=4, dash=(6, 3),
                    layer="highlight", hit=f"cell:{cell_name(cell)}"))
        sc.add(Circle(x + CELL_W / 2, y + CELL_H / 2, 7, fill=PALETTE["green"], layer="highlight"))
    if s.phase == "build" and s.to_move is not None and s.to_move == viewer:   # another's deal stays hidden
        _deal_panel(sc, s, s.to_move, lang, selected, highlight_cards, targets)
    # status line
    if s.phase == "over":
        status = _w("draw", lang) if s.winner == "draw" else f"{s.seats[s.winner].name}: {_w('wins', lang)}"
        status = f"{_w('over', lang)} — {status}"
    else:
        who = s.seats[s.to_move].name if s.to_move is not None else ""
        turn = f" · {_w('turn', lang)} {s.turn}" if s.turn else ""
        status = f"{PHASE_NAMES[s.phase].get(lang)}{turn} · {_w('to_move', lang)}: {who}"
    sc.add(Text(FIELD_X, 18, status, size=13, bold=True, layer="static"))
    return sc


def _deal_panel(sc, s, seat, lang, selected, highlight_cards, targets) -> None:
    """Squad building (BR-7.5): the deciding player's deal as cards over the field, the ones that
    can be bought framed, the others faded with ✕; the squad bought so far below them."""
    p = s.seats[seat]
    x0, y0, w0, h0 = FIELD_X, FIELD_Y, COLS * CELL_W, RANKS * CELL_H
    sc.add(Rect(x0, y0, w0, h0, fill="#FBF8F1", stroke=OWNER_COLOURS[seat], width=2, layer="cards"))
    sc.add(Text(x0 + 8, y0 + 13, f"{_w('deal', lang)} {p.name}: {_w('deal_hint', lang)}", size=11, bold=True,
                fill=OWNER_COLOURS[seat], layer="cards", max_width=w0 - 16))
    buyable = {a.card for a in s.legal_actions() if a.kind == "buy"}
    cw, ch = CELL_W - 6, CELL_H - 8
    for i, uid in enumerate(p.deal[:15]):
        x = x0 + 3 + (i % COLS) * CELL_W
        y = y0 + 24 + (i // COLS) * (ch + 4)
        _card(sc, s, uid, x, y, cw, ch, lang, selected, set(highlight_cards) | buyable, targets)
        if uid not in buyable:
            sc.add(Rect(x, y, cw, ch, fill="rgba(250,248,241,0.6)", layer="cards", hit=f"card:{uid}", radius=5))
            sc.add(Text(x + cw - 9, y + 12, "✕", size=13, bold=True, anchor="middle", fill="#999999", layer="cards"))
    top = y0 + 24 + 3 * (ch + 4) + 6
    sc.add(Text(x0 + 8, top + 6, f"{_w('squad', lang)} {p.name}: {len(p.squad)}", size=11, bold=True,
                fill=OWNER_COLOURS[seat], layer="cards"))
    for i, uid in enumerate(p.squad[:15]):
        x = x0 + 3 + (i % COLS) * CELL_W
        y = top + 16 + (i // COLS) * 40
        _card(sc, s, uid, x, y, cw, 36, lang, selected, highlight_cards, targets, compact=True)


def _card(sc, s, uid, x, y, w, h, lang, selected, highlight_cards, targets, compact=False):
    c = s.cards[uid]
    d = s.defs[c.card]
    colour = OWNER_COLOURS[c.owner]
    owner = s.seats[c.owner].name
    if c.face_down:
        sc.add(Rect(x, y, w, h, fill="#4A4A4A", stroke=colour, width=3, layer="cards", hit=f"card:{uid}", radius=5))
        sc.add(Text(x + w / 2, y + h / 2, f"? {owner}", size=16, fill=PALETTE["white"], anchor="middle", bold=True))
        sc.add(Text(x + 4, y + 10, f"#{uid}", size=9, fill="#DDDDDD"))
    else:
        sc.add(Rect(x, y, w, h, fill=PALETTE["white"], stroke=colour, width=3 if not c.closed else 2,
                    dash=(5, 3) if c.closed else (), layer="cards", hit=f"card:{uid}", radius=5))
        sc.add(Circle(x + 11, y + 11, 9, fill=PALETTE["yellow"] if d.elite else "#DDDDDD", stroke=PALETTE["ink"]))
        sc.add(Text(x + 11, y + 11, str(d.cost), size=10, anchor="middle", bold=True))
        sc.add(Text(x + 24, y + 11, d.name.get(lang), size=10, bold=True, max_width=w - 28))
        marks = ELEMENT_MARKS_EN if lang == "en" else ELEMENT_MARKS
        elems = " ".join(marks[e] for e in d.elements) or ("Нт" if lang != "en" else "Nt")
        sc.add(Text(x + w - 4, y + h - 9, f"{owner} #{uid}", size=8, fill=colour, anchor="end", bold=True))
        if compact:
            line = f"{elems} ♥{max(d.lives - c.wounds, 0)}/{d.lives}" if d.lives else elems
            if d.has_strike:
                line += f" {'-'.join(map(str, d.strike))}"
            sc.add(Text(x + 24, y + 28, line, size=9, max_width=w - 28))
        else:
            sc.add(Text(x + 4, y + 28, elems, size=9, fill="#444444"))
            if d.type in ("creature", "artifact"):
                sc.add(Text(x + 4, y + 44, f"♥ {max(d.lives - c.wounds, 0)}/{d.lives}", size=11, bold=True,
                            fill=PALETTE["vermillion"] if c.wounds else PALETTE["ink"]))
            if d.has_strike:
                sc.add(Text(x + 50, y + 44, "-".join(map(str, d.strike)), size=11))
                sc.add(Text(x + 4, y + 60, f"↔{c.moves}/{d.move}", size=10))
            if c.tokens:
                sc.add(Text(x + 44, y + 60, f"◆{c.tokens}", size=10))
            att = [s.defs[s.cards[a].card] for a in attachments(s, uid)]
            if att:
                sc.add(Text(x + w - 4, y + 60, "+" + ",".join(a.name.get(lang)[:6] for a in att), size=8,
                            anchor="end", fill=PALETTE["purple"], max_width=w - 50))
        if c.closed:
            for i in range(0, int(w), 14):
                sc.add(Line(x + i, y + h, x + min(i + 14, w), y + h - 14, stroke="#888888", layer="cards"))
            sc.add(Text(x + w - 4, y + 28, _w("closed", lang), size=9, anchor="end", fill="#555555", bold=True))
        if c.flyer_strike:
            sc.add(Text(x + w - 4, y + 44, "⇡", size=12, anchor="end"))
    if uid == selected:
        sc.add(Rect(x - 2, y - 2, w + 4, h + 4, stroke=PALETTE["orange"], width=4, layer="highlight", hit=f"card:{uid}"))
    elif uid in targets:
        sc.add(Rect(x - 1, y - 1, w + 2, h + 2, stroke=PALETTE["vermillion"], width=4, dash=(8, 3), layer="highlight", hit=f"card:{uid}"))
        sc.add(Text(x + w - 8, y + 12, "✕", size=14, anchor="middle", fill=PALETTE["vermillion"], bold=True, layer="highlight"))
    elif uid in highlight_cards:
        sc.add(Rect(x - 1, y - 1, w + 2, h + 2, stroke=PALETTE["sky"], width=4, dash=(3, 3), layer="highlight", hit=f"card:{uid}"))


def board_text(s, lang: str = "ru") -> str:
    """A compact text board: ranks 6..1, each cell `.` or `<owner letter><uid>` (lower case when closed)."""
    lines = []
    for r in reversed(range(RANKS)):
        row = []
        for c in range(COLS):
            uid = s.cells[r * COLS + c]
            if uid is None:
                row.append("  .  ")
            else:
                card = s.cards[uid]
                tag = "AB"[card.owner] if not card.closed else "ab"[card.owner]
                row.append(f"{'?' if card.face_down else tag}{uid:<3} ")
        lines.append(f"{r + 1} " + "".join(row))
    lines.append("   " + "    ".join("abcde"))
    for seat in (0, 1):
        aux = ", ".join(f"#{u}" for u in s.seats[seat].aux)
        lines.append(f"{s.seats[seat].name} aux: {aux or '-'}; graveyard: {len(s.seats[seat].graveyard)}; deck: {len(s.seats[seat].deck)}")
    return "\n".join(lines)
