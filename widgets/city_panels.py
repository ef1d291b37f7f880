"""The HTML of the City app's side panels (players, the event, the last roll, the odds of an
attack), from what the `CityController` (widgets/city_controller.py) says."""
from __future__ import annotations

from html import escape

from berserk_kernel.core.scene import text_on
from berserk_kernel.core.words import count, number

from .charts import bars_html
from .city_controller import CityController
from .i18n import w

__all__ = ["city_dice_html", "city_odds_html", "event_html", "players_html"]


def players_html(c: CityController) -> str:
    lang = c.lang
    head = ("<tr><th></th><th>" + w("col_influence", lang) + "</th><th>"
            + w("col_districts", lang) + "</th><th>" + w("col_forces", lang)
            + "</th></tr>")
    rows = []
    for p in c.players():
        mark = "▶ " if p["current"] else ""
        weight = "bold" if p["current"] else "normal"
        rows.append(f"<tr style='font-weight:{weight}'><td>{mark}<span style='display:inline-block;width:16px;height:14px;"
                    f"background:{p['colour']};color:{text_on(p['colour'])};border:1px solid #222;vertical-align:middle;"
                    f"text-align:center;font-size:10px;font-weight:bold;line-height:14px'>{p['letter']}</span> {escape(p['name'])}</td>"
                    f"<td align=center>{p['influence']}</td><td align=center>{p['districts']}</td>"
                    f"<td align=center>{p['forces']}</td></tr>")
    return f"<table class='city-players' style='font-size:13px;margin-top:6px'>{head}{''.join(rows)}</table>"


def event_html(c: CityController) -> str:
    e = c.event()
    if e is None:
        return f"<div style='font-size:12px;margin-top:4px'><b>{w('event', c.lang)}</b>: {w('no_event', c.lang)}</div>"
    return (f"<div style='font-size:12px;margin-top:4px;padding:4px;border:1px dashed #999'><b>{w('event', c.lang)}: "
            f"{escape(e['name'])}</b><br>{escape(e['text'])}</div>")


def city_dice_html(c: CityController) -> str:
    roll = c.last_roll()
    lang = c.lang
    if not roll:
        return f"<div style='margin-top:4px'><b>{w('dice', lang)}</b>: {w('no_roll', lang)}</div>"
    out = [f"<div style='margin-top:4px'><b>{w('dice', lang)}</b> (d10) <span style='font-size:11px;color:#555'>"
           f"({escape(w('rule', lang).lower())} {escape(roll['rule'])})</span>"]
    for label, values, colour in roll["rows"]:
        bg, fg = ("#FFFFFF", "#222222") if colour == "white" else ("#222222", "#FFFFFF")
        boxes = "".join(f"<span style='display:inline-block;min-width:22px;height:22px;line-height:22px;text-align:center;"
                        f"margin:1px;background:{bg};color:{fg};border:1.5px solid #222;border-radius:4px;"
                        f"font-weight:bold'>{v}</span>" for v in values)
        out.append(f"<div style='font-size:12px'>{escape(label)}: {boxes}</div>")
    out.append(f"<div style='font-size:11px'>{escape(roll['text'])}</div></div>")
    return "".join(out)


def city_odds_html(c: CityController) -> str:
    """The exact odds of the attack being considered, as bars (the real dice, never forced ones)."""
    lang = c.lang
    o = c.odds()
    if o is None:
        if c.state.phase != "actions":
            return ""
        hint = w("city_odds_none", lang)
        return f"<div class='app-odds' style='margin-top:4px'><b>{w('odds', lang)}</b>: <span style='font-size:12px'>{hint}</span></div>"
    a = o["action"]
    head = w("attack_odds", lang, src=a.src, dst=a.dst, n=count(o["attackers"], "force", lang),
             d=count(o["defenders"], "force", lang))
    ea, ed = o["expected"]
    bars = bars_html([(w("capture_p", lang), o["capture"], "#009E73"), (w("hold_p", lang), o["hold"], "#D55E00"),
                      (w("wipe_p", lang), o["wipe"], "#999999")], lang=lang)
    return (f"<div class='app-odds' style='margin-top:4px'><b>{escape(head)}</b>{bars}"
            f"<div style='font-size:11px'>{escape(w('expected', lang, a=number(round(float(ea), 1), lang), d=number(round(float(ed), 1), lang)))}</div></div>")
