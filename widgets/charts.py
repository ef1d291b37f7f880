"""Pictures instead of tables: the fight table (R-BR-FIGHT) with the current roll lit, and odds as
small bar charts. Plain SVG / HTML strings for `ipywidgets.HTML`, in the page's language.

    fight_table_svg("ru", diff=2)           # the table, row D = +2 lit
    single_die_svg("en", roll=5)            # the scale of a strike at a closed target
    bars_html([("Цель погибнет", 0.42, "#009E73")])
    columns_svg([(0, 0.1), (1, 0.3), (2, 0.6)], "ru")   # a distribution of wounds

The rows of the table are read from the kernel's own `fight()` (berserk/fight.py), so the picture
is the table the kernel plays by.
"""
from __future__ import annotations

from html import escape

from berserk_kernel.berserk.fight import MEDIUM, STRONG, WEAK, fight, single_die

STRENGTH = {WEAK: ("слабый X", "weak X"), MEDIUM: ("средний Y", "medium Y"), STRONG: ("сильный Z", "strong Z")}
COLOURS = {"deal": "#009E73", "back": "#D55E00", "lit": "#F0E442", "grid": "#BBBBBB", "text": "#222222",
           "muted": "#666666", "bar": "#0072B2", "bar_bg": "#E8EEF3"}
HEAD = {
    "title": ("Таблица боя: D = белый − чёрный", "The fight table: D = white − black"),
    "d": ("D = белый − чёрный", "D = white − black"),
    "deal": ("нападающий наносит", "attacker deals"),
    "back": ("цель отвечает", "target strikes back"),
    "option": ("можно выбрать вместо", "may choose instead"),
    "deal_s": ("наносит", "deals"), "back_s": ("ответ", "back"),
    "nothing": ("—", "—"),
    "att_option": ("нападающий может вместо этого взять «{deal}» без ответного удара",
                   "the attacker may take {deal} with no strike back instead"),
    "tgt_option": ("цель может вместо этого выбрать ответ «{back}», и тогда нападающий ничего не наносит",
                   "the target may strike back {back} instead; then the attacker deals nothing"),
    "zero_low": ("0, белый ≤ 4", "0, white ≤ 4"),
    "zero_high": ("0, белый ≥ 5", "0, white ≥ 5"),
    "single": ("Закрытая цель без защитника: один белый кубик", "A closed target with no defender: one white die"),
    "roll": ("бросок", "roll"),
    "now": ("сейчас", "now"),
}
# (label, white, black) of each row, top to bottom; the zero row has two cases
ROWS = [("+5+", 11, 6), ("+4", 10, 6), ("+3", 9, 6), ("+2", 8, 6), ("+1", 7, 6), ("0a", 4, 4), ("0b", 6, 6),
        ("−1", 5, 6), ("−2", 4, 6), ("−3", 3, 6), ("−4", 2, 6), ("−5−", 1, 6)]


def _t(key, lang, **kw) -> str:
    pair = HEAD[key]
    text = pair[1 if lang == "en" else 0]
    return text.format(**kw) if kw else text


def _strength(v, lang) -> str:
    return _t("nothing", lang) if v is None else STRENGTH[v][1 if lang == "en" else 0]


def row_of(diff: int, white: int | None = None) -> str:
    """The row label the table reads for a difference (and the white roll, for D = 0)."""
    if diff >= 5:
        return "+5+"
    if diff <= -5:
        return "−5−"
    if diff == 0:
        return "0a" if (white or 0) <= 4 else "0b"
    return f"+{diff}" if diff > 0 else f"−{-diff}"


def fight_table_svg(lang: str = "ru", diff: int | None = None, white: int | None = None) -> str:
    """The fight table as a picture; the row of `diff` (white − black, modified) is lit. Rows
    with a choice carry ★; the choice of the lit row (or the legend) is written under it."""
    lit = row_of(diff, white) if diff is not None else None
    w, row_h, top = 300, 16, 34
    cols = (0, 92, 180, 270)
    h = top + row_h * len(ROWS) + 4
    out = [f"<svg class='app-fight-table' role='img' aria-label='{escape(_t('title', lang))}' width='{w}' "
           f"height='{h}' viewBox='0 0 {w} {h}' style='font-family:sans-serif;font-size:11px;max-width:100%'>",
           f"<text x='0' y='12' font-weight='bold' font-size='12'>{escape(_t('title', lang))}</text>"]
    heads = ("D", _t("deal_s", lang), _t("back_s", lang), "★")
    for x, text in zip(cols, heads):
        out.append(f"<text x='{x + 2}' y='{top - 5}' fill='{COLOURS['muted']}' font-size='10'>{escape(text)}</text>")
    notes = []
    for i, (label, wv, bv) in enumerate(ROWS):
        y = top + i * row_h
        cell = fight(wv, bv)
        if label == lit:
            out.append(f"<rect x='0' y='{y}' width='{w}' height='{row_h}' fill='{COLOURS['lit']}' "
                       f"stroke='{COLOURS['text']}' stroke-width='1.5' class='app-fight-lit'/>")
        elif i % 2:
            out.append(f"<rect x='0' y='{y}' width='{w}' height='{row_h}' fill='#F4F4F4'/>")
        name = {"0a": _t("zero_low", lang), "0b": _t("zero_high", lang), "+5+": "+5…", "−5−": "−5…"}.get(label, label)
        option = ""
        if cell.chooser == "attacker":
            option = _t("att_option", lang, deal=_strength(cell.alt_deal, lang))
        elif cell.chooser == "target":
            option = _t("tgt_option", lang, back=_strength(cell.alt_back, lang))
        if option:
            notes.append((label, name, option))
        yy = y + row_h - 4
        weight = "bold" if label == lit else "normal"
        out += [f"<text x='{cols[0] + 2}' y='{yy}' font-weight='{weight}'>{escape(name)}</text>",
                f"<text x='{cols[1] + 2}' y='{yy}' fill='{COLOURS['deal'] if cell.deal is not None else COLOURS['muted']}' "
                f"font-weight='{weight}'>{escape(_strength(cell.deal, lang))}</text>",
                f"<text x='{cols[2] + 2}' y='{yy}' fill='{COLOURS['back'] if cell.back is not None else COLOURS['muted']}' "
                f"font-weight='{weight}'>{escape(_strength(cell.back, lang))}</text>",
                f"<text x='{cols[3] + 2}' y='{yy}'>★</text>" if option else ""]
    out.append("</svg>")
    lit_notes = [n for n in notes if n[0] == lit]
    shown = lit_notes or notes
    legend = "".join(f"<div>★ {escape(name)}: {escape(option)}</div>" for _l, name, option in shown)
    return f"{''.join(out)}<div class='app-fight-note' style='font-size:11px;line-height:1.3'>{legend}</div>"


def single_die_svg(lang: str = "ru", roll: int | None = None) -> str:
    """The scale of one white die (a closed target with no defender, BR-10.3); `roll` lit."""
    w, h = 300, 46
    out = [f"<svg class='app-fight-table' role='img' width='{w}' height='{h}' viewBox='0 0 {w} {h}' "
           f"style='font-family:sans-serif;font-size:10px;max-width:100%'>",
           f"<text x='0' y='11' font-weight='bold' font-size='11'>{escape(_t('single', lang))}</text>"]
    for i, v in enumerate(range(1, 7)):
        x = i * 50
        lit = roll is not None and (min(roll, 6) == v)
        fill = COLOURS["lit"] if lit else "#F6F6F6"
        out += [f"<rect x='{x + 1}' y='16' width='48' height='28' fill='{fill}' stroke='{COLOURS['grid'] if not lit else COLOURS['text']}'/>",
                f"<text x='{x + 25}' y='28' text-anchor='middle' font-weight='bold'>{v}{'+' if v == 6 else ''}</text>",
                f"<text x='{x + 25}' y='40' text-anchor='middle' font-size='9'>"
                f"{escape(_strength(single_die(v), lang).split()[0])}</text>"]
    out.append("</svg>")
    return "".join(out)


def pct(p, lang: str = "en") -> str:
    """A probability in per cent: 0%, 42.5% (42,5% in Russian), 100%."""
    text = f"{float(p) * 100:.0f}%" if float(p) in (0.0, 1.0) else f"{float(p) * 100:.1f}%"
    return text.replace(".", ",") if lang == "ru" else text


def bars_html(rows, width: int = 150, lang: str = "ru") -> str:
    """Horizontal bars: rows of (label, probability, colour)."""
    out = ["<div class='app-bars' style='font-size:12px'>"]
    for label, p, colour in rows:
        fill = max(0.0, min(1.0, float(p))) * width
        out.append(f"<div style='display:flex;align-items:center;gap:6px;margin:1px 0'>"
                   f"<span style='flex:0 0 118px'>{escape(label)}</span>"
                   f"<svg width='{width}' height='12' role='img' aria-label='{escape(label)} {pct(p, lang)}'>"
                   f"<rect width='{width}' height='12' fill='{COLOURS['bar_bg']}'/>"
                   f"<rect width='{fill:.1f}' height='12' fill='{colour or COLOURS['bar']}'/></svg>"
                   f"<b>{pct(p, lang)}</b></div>")
    out.append("</div>")
    return "".join(out)


def columns_svg(dist, caption: str = "", width: int = 290, height: int = 64, lang: str = "ru") -> str:
    """A small column chart of a distribution [(value, probability)], the value under each column."""
    dist = list(dist)
    if not dist:
        return ""
    n = len(dist)
    gap = 4
    bw = max(8, min(40, (width - gap * (n + 1)) / n))
    top = 14 if caption else 2
    base = height - 14
    out = [f"<svg class='app-columns' width='{width}' height='{height}' viewBox='0 0 {width} {height}' role='img' "
           f"style='font-family:sans-serif;font-size:9px;max-width:100%'>"]
    if caption:
        out.append(f"<text x='0' y='9'>{escape(caption)}</text>")
    for i, (value, p) in enumerate(dist):
        x = gap + i * (bw + gap)
        hh = max(0.0, float(p)) * (base - top - 10)
        out += [f"<rect x='{x:.1f}' y='{base - hh:.1f}' width='{bw:.1f}' height='{hh:.1f}' fill='{COLOURS['bar']}'/>",
                f"<text x='{x + bw / 2:.1f}' y='{base - hh - 2:.1f}' text-anchor='middle'>{pct(p, lang)}</text>",
                f"<text x='{x + bw / 2:.1f}' y='{height - 3}' text-anchor='middle' font-weight='bold'>{escape(str(value))}</text>"]
    out.append("</svg>")
    return "".join(out)
