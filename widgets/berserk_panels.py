"""What the Berserk panels beside the board read from the kernel (a mixin of `BerserkController`):
the cards off the board (deal, squad, hand) with the kernel's reasons, the squad being built, the
dice of this turn, the fight-table reading, the exact odds, the card in focus; and the HTML of
those panels. Small values shared with the controller live here too.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from berserk_kernel.berserk import odds_for
from berserk_kernel.berserk.actions import KINDS, Action
from berserk_kernel.berserk.cards import ELEMENT_NAMES
from berserk_kernel.berserk.setup import crystals_left, squad_cost
from berserk_kernel.berserk.targets import ability_of, modifier
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.words import count

from .card_text import card_html, card_title
from .charts import bars_html, columns_svg, fight_table_svg, pct, single_die_svg
from .i18n import w

ON_BOARD = ("field", "aux")   # the zones `board_scene` draws cards in


# --- small values ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Highlights:
    cells: frozenset = frozenset()     # lit cells (numbers)
    cards: frozenset = frozenset()     # lit cards: actors, friendly objects
    targets: frozenset = frozenset()   # lit enemy cards (strike targets and the like)


@dataclass(frozen=True)
class HandItem:
    """A card off the board that the deciding player can act with (the deal, the squad)."""

    uid: int
    label: str
    actions: tuple          # its legal actions
    enabled: bool
    reason: str = ""        # why not, when disabled
    selected: bool = False


def object_cards(a) -> tuple:
    """The cards an action is aimed at: its `other` card and its ability `targets`, if any."""
    out = tuple(getattr(a, "targets", ()) or ())
    return ((a.other,) + out) if a.other is not None else out


def _shape(a) -> str:
    """Which fields an action fills: "" | "c" | "co" | "cx" | "cox" | "o" | "x" | ..."""
    return ("c" if a.card is not None else "") + ("o" if object_cards(a) else "") + \
        ("x" if a.cell is not None else "")


def _plain(a) -> bool:
    """An action every field of which a probe can vary (no ability name, no target list)."""
    return getattr(a, "ability", None) is None and not getattr(a, "targets", ())


@functools.lru_cache(maxsize=1)
def vocabulary() -> dict:
    """kind -> shape for every action kind the kernel can read (probed with its own parser)."""
    out = {}
    for k in KINDS:
        for text in (k, f"{k} #1", f"{k} #1 a1", f"{k} #1 #2"):
            try:
                a = Action.parse(text)
            except (DataError, ValueError):
                continue
            if _plain(a):
                out[k] = _shape(a)
            break
    return out


# --- reading the kernel for the panels ---------------------------------------------------------

class BerserkPanels:
    """Mixin of `BerserkController` (it provides state, lang, legal(), explain(), card_name(),
    on_board(), seat, selected, hover, pointed, pointed_card, viewer, ...)."""

    def focus_card(self):
        """The card whose text the card panel shows: the one under the pointer (board or list),
        else the acting card of the action in focus, the selected card, the card being struck."""
        if self.hover and self.hover.startswith("card:"):
            uid = int(self.hover.split(":")[1])
            if uid in self.state.cards:
                return uid
        if self.pointed_card is not None and self.pointed_card in self.state.cards:
            return self.pointed_card
        a = self.focus_action()
        if a is not None and a.card is not None:
            return a.card
        if self.selected is not None:
            return self.selected
        p = self.state.pending
        if p:
            for key in ("target", "attacker", "card"):
                if isinstance(p.get(key), int) and p[key] in self.state.cards:
                    return p[key]
        return None

    def read_card(self, uid) -> None:
        """A card of a list that cannot act was pressed: show its text (and why not)."""
        self.pointed_card = uid if uid in self.state.cards else None
        it = next((i for i in self.hand() if i.uid == uid and not i.enabled), None)
        if it is not None and it.reason:
            rule, _, text = it.reason.partition(": ")
            v = self.explain(Action("buy", uid)) if self.state.phase == "build" else None
            if v is not None and not v.ok:
                self._verdict_message(v)
            else:
                self._say("info", "", text, text)

    def card_panel(self) -> str:
        uid = self.focus_card()
        if uid is None and self.state.phase == "order":
            return ""
        if uid is None:
            return (f"<div class='app-card' style='font-size:12px;color:#555;margin-top:6px'>"
                    f"{escape(w('card_hint', self.lang))}</div>")
        return card_html(self.state, uid, self.lang, viewer=self.viewer)

    def hand(self) -> list[HandItem]:
        """Cards off the board the deciding player can act with (the deal when building, the
        squad when placing), and the rest of the deal, disabled, with the kernel's reason."""
        seat, legal = self.seat, self.legal()
        if seat is None:
            return []
        by_card: dict = {}
        for a in legal:
            if a.card is not None and not self.on_board(a.card):
                by_card.setdefault(a.card, []).append(a)
        items = [HandItem(u, self.card_line(u), tuple(acts), True, "", u == self.selected)
                 for u, acts in by_card.items()]
        deal = getattr(self.state.seats[seat], "deal", [])
        single_kinds = list(dict.fromkeys(a.kind for a in legal if _shape(a) == "c" and _plain(a)
                                          and not self.on_board(a.card)))
        if not single_kinds:
            single_kinds = [k for k, sh in vocabulary().items() if sh == "c" and k in self._stage_kinds()]
        for u in deal:
            if u in by_card:
                continue
            reason = ""
            for k in single_kinds:
                v = self.explain(Action(k, u))
                if v is not None and not v.ok:
                    reason = f"{v.rule_id}: {v.text(self.lang)}"
                    break
            items.append(HandItem(u, self.card_line(u), (), False, reason))
        return items

    def crystals(self) -> str:
        seat = self.seat
        if seat is None or self.state.phase != "build":
            return ""
        gold, silver = crystals_left(self.state, seat)
        return w("crystals", self.lang, who=self.seat_name(seat), gold=count(gold, "gold", self.lang),
                 silver=count(silver, "silver", self.lang))

    def squad_summary(self) -> dict | None:
        """While building: the bought cards with their costs, crystals left, the element penalty
        (of the seat the board is fixed to, playing the computer: never the other's squad)."""
        seat = self.viewer_mode if self.viewer_mode in (0, 1) else self.seat
        if seat is None or self.state.phase != "build":
            return None
        s = self.state
        p = s.seats[seat]
        elite, ordinary, penalty, _flyers = squad_cost(s, seat)
        gold, silver = crystals_left(s, seat)
        cards = [(u, card_title(s.defs[s.cards[u].card], u, self.lang), s.defs[s.cards[u].card].cost,
                  s.defs[s.cards[u].card].elite) for u in p.squad]
        elements = sorted({e for u in p.squad for e in s.defs[s.cards[u].card].elements})
        return {"seat": seat, "cards": cards, "gold": gold, "silver": silver, "penalty": penalty,
                "start": (p.gold, p.silver), "spent": elite + ordinary + penalty,
                "elements": [ELEMENT_NAMES[e].get(self.lang) for e in elements]}

    def last_roll(self) -> dict | None:
        """The dice of the last roll of this turn: {"rule", "text", "dice": [(label, value, colour)]};
        before the first turn only while choosing who goes first (the roll for it)."""
        s, lang = self.state, self.lang
        if not s.turn and s.phase != "order":
            return None
        for e in reversed(s.log):
            if e.kind in ("turn", "stage"):
                return None        # only the rolls of the current turn (or of the set-up before it)
            if e.kind != "roll":
                continue
            d = e.data or {}
            dice = []
            if "white" in d:
                dice.append((w("white_die", lang), d["white"], "white"))
                if d.get("black") is not None:
                    dice.append((w("black_die", lang), d["black"], "black"))
            elif "rolls" in d:
                for seat, v in enumerate(d["rolls"]):
                    dice.append((s.seats[seat].name, v, "white" if seat == 0 else "black"))
            else:
                dice += [(k, v, "white") for k, v in d.items() if isinstance(v, int)]
            return {"rule": e.rule_id, "text": e.text(lang), "dice": dice}
        return None

    def fight_now(self) -> dict | None:
        """The fight-table reading to show: the pending choice, else the last roll of this turn
        (two dice: {"diff", "white"}; one die: {"single"}); None when there is none."""
        p = self.state.pending
        if p and p.get("kind") == "choice":
            return {"diff": p["white"] - p["black"], "white": p["white"], "choice": True}
        s = self.state
        for e in reversed(s.log):
            if e.kind in ("turn", "stage"):
                return None
            if e.kind != "roll":
                continue
            d = e.data or {}
            if "white" in d and d.get("black") is not None:
                att, fighter = self._last_fighters()
                mw = modifier(s, att, "attack_die") if att in s.cards else 0
                mb = modifier(s, fighter, "defence_die") if fighter in s.cards else 0
                white = d["white"] + mw
                return {"diff": white - (d["black"] + mb), "white": white, "choice": False}
            if "white" in d:
                att, _f = self._last_fighters()
                return {"single": d["white"] + (modifier(s, att, "attack_die") if att in s.cards else 0)}
            return None
        return None

    def _last_fighters(self):
        """(attacker, the card that fought back) of the last strike in the history."""
        defender = None
        for a in reversed(self.state.actions):
            if a.kind == "defend" and defender is None:
                defender = a.card
            if a.kind == "strike":
                return a.card, defender if defender is not None else a.other
        return None, None

    def choice_outcomes(self) -> list | None:
        """At a fight-table choice: [(action, what it deals in words)] from the kernel's verdicts."""
        p = self.state.pending
        if not p or p.get("kind") != "choice":
            return None
        out = []
        for a in self.legal():
            if a.kind in ("exchange", "safe"):
                v = self.explain(a)
                out.append((a, v.text(self.lang) if v is not None else self.action_label(a)))
        return out

    def considered_strike(self):
        """(attacker, target) of the strike being considered, or None: the target under the
        pointer, the strike picked in the list, the strike waiting for an answer, or the
        selected card's only strike target."""
        legal, sel = self.legal(), self.selected
        pointed = self.pointed
        if pointed is not None and pointed.kind == "strike" and pointed in legal:
            return (pointed.card, pointed.other)
        if sel is not None and self.hover and self.hover.startswith("card:"):
            t = int(self.hover.split(":")[1])
            if Action("strike", sel, t) in legal:
                return (sel, t)
        if self.considered is not None and self.considered.kind == "strike" and self.considered in legal:
            return (self.considered.card, self.considered.other)
        p = self.state.pending
        if p and p.get("kind") == "defend" and "attacker" in p and "target" in p:
            return (p["attacker"], p["target"])
        if sel is not None:
            ts = [a.other for a in legal if a.card == sel and a.kind == "strike"]
            if len(ts) == 1:
                return (sel, ts[0])
        return None

    def _lives_left(self, uid) -> int:
        c = self.state.cards[uid]
        return max(0, self.state.defs[c.card].lives - c.wounds)

    def strike_odds(self, attacker: int, target: int, defender: int | None = None) -> dict:
        """The kernel's exact odds (`odds_for`) of a strike, summed up for the panel."""
        o = odds_for(self.state, attacker, target, defender)
        fighter = defender if defender is not None else target
        lives_t, lives_a = self._lives_left(fighter), self._lives_left(attacker)
        ex, sf = o.distribution("exchange"), o.distribution("safe")
        rows = [(d, t, ex.get((d, t), Fraction(0)), sf.get((d, t), Fraction(0))) for d, t in sorted(set(ex) | set(sf))]
        return {
            "attacker": attacker, "target": target, "defender": defender, "fighter": fighter,
            "fights_back": o.fights_back,
            "p_kill": (o.p_kill(lives_t, "exchange"), o.p_kill(lives_t, "safe")),
            "p_die": (sum((p for (_d, t), p in ex.items() if t >= lives_a), Fraction(0)),
                      sum((p for (_d, t), p in sf.items() if t >= lives_a), Fraction(0))),
            "p_choice": sum((c[0] for c in o.choices), Fraction(0)),
            "rows": rows,
        }

    def ability_odds(self) -> dict | None:
        """Exact odds of the ability declaration picked in the list (wounds it deals)."""
        a = self.considered
        if a is None or a.kind != "use" or len(getattr(a, "targets", ())) != 1:
            return None
        c = self.state.cards.get(a.card)
        ab = ability_of(self.state, a.card, a.ability)[0] if c is not None else None   # printed or granted
        if ab is None or not any(e.op == "wound" for e in ab.effects) and ab.kind != "directed_strike":
            return None
        from berserk_kernel.berserk import ability_odds
        t = self.state.cards[a.targets[0]]
        left = self.state.defs[t.card].lives - t.wounds
        dist = sorted(ability_odds(self.state, a.card, a.ability, t.uid).items())
        return {"ability": a, "attacker": a.card, "target": t.uid, "dist": dist,
                "p_kill": sum((p for w_, p in dist if w_ >= left), Fraction(0))}

    def odds(self) -> dict | None:
        """What the odds panel shows: at a fight-table choice the two known outcomes (the dice
        are rolled); else the odds of the strike or ability being considered."""
        outcomes = self.choice_outcomes()
        if outcomes is not None:
            p = self.state.pending
            return {"choice": outcomes, "attacker": p["attacker"], "target": p["target"],
                    "lives": (self._lives_left(p["attacker"]), self._lives_left(p["target"]))}
        pair = self.considered_strike()
        if pair is None:
            return self.ability_odds()
        att, tgt = pair
        out = self.strike_odds(att, tgt)
        p = self.state.pending
        out["defenders"] = []
        if p and p.get("kind") == "defend" and p.get("attacker") == att and p.get("target") == tgt:
            for a in self.legal():
                if a.card is not None and _shape(a) == "c" and a.kind == "defend":
                    try:
                        out["defenders"].append(self.strike_odds(att, tgt, a.card))
                    except Exception:  # noqa: BLE001 - a kind we cannot price is just not shown
                        continue
        return out


# --- the panels as HTML ------------------------------------------------------------------------

def fight_html(f: dict | None, lang: str) -> str:
    """The fight table (or the one-die scale) with the current reading lit; "" when none."""
    if not f:
        return ""
    svg = single_die_svg(lang, f["single"]) if "single" in f else fight_table_svg(lang, f["diff"], f["white"])
    return f"<div class='app-fight' style='margin-top:4px'>{svg}</div>"


def dice_html(roll: dict | None, lang: str) -> str:
    if not roll:
        return f"<b>{w('dice', lang)}</b>: {w('no_roll', lang)}"
    boxes = []
    for label, value, colour in roll["dice"]:
        bg, fg = ("#FFFFFF", "#222222") if colour == "white" else ("#222222", "#FFFFFF")
        boxes.append(
            f"<span style='display:inline-flex;flex-direction:column;align-items:center;margin-right:10px'>"
            f"<span style='display:inline-block;width:38px;height:38px;line-height:38px;text-align:center;"
            f"font-size:22px;font-weight:bold;background:{bg};color:{fg};border:2px solid #222;border-radius:7px'"
            f" aria-label='{escape(label)} {value}'>{value}</span>"
            f"<span style='font-size:11px'>{escape(label)}</span></span>")
    return (f"<b>{w('dice', lang)}</b> <span style='font-size:11px;color:#555'>({escape(w('rule', lang).lower())} "
            f"{escape(roll['rule'])})</span><br>"
            + "".join(boxes) + f"<div style='font-size:11px'>{escape(roll['text'])}</div>")


def squad_html(sq: dict, who: str, lang: str) -> str:
    """The squad as it grows: bought cards with their costs, crystals left, the element penalty."""
    rows = []
    for _u, title, cost, elite in sq["cards"]:
        rows.append(f"<li>{escape(title)} — {escape(w('cost', lang))} {cost}{' ★' if elite else ''}</li>")
    body = (f"<ul style='margin:2px 0 2px 16px;padding:0'>{''.join(rows)}</ul>" if rows
            else f"<div style='color:#555'>{escape(w('squad_empty', lang))}</div>")
    gold, silver = sq["gold"], sq["silver"]
    left = (f"<span style='background:#F5D76E;border:1px solid #8a6d00;border-radius:3px;padding:0 4px'>"
            f"{escape(count(gold, 'gold', lang))}</span> "
            f"<span style='background:#E3E7EA;border:1px solid #777;border-radius:3px;padding:0 4px'>"
            f"{escape(count(silver, 'silver', lang))}</span>")
    n_el = len(sq["elements"])
    pen = (w("penalty", lang, what=count(sq["penalty"], "gold", lang), n=n_el) if sq["penalty"]
           else w("no_penalty", lang))
    elements = f" ({escape(', '.join(sq['elements']))})" if sq["elements"] else ""
    return (f"<div class='app-squad' style='font-size:12px;margin-top:6px;padding:4px 6px;border-left:6px solid #009E73;"
            f"background:#F2FAF6'><b>{escape(w('squad_now', lang, who=who))}</b>: "
            f"{escape(count(len(sq['cards']), 'card', lang))}{elements}{body}"
            f"<div>{escape(w('left', lang))}: {left}</div>"
            f"<div style='color:{'#A0400A' if sq['penalty'] else '#555'}'>{escape(pen)}</div></div>")


def odds_html(c, odds: dict | None) -> str:
    """The odds panel: bars for the chances, columns for the wounds (exact, from the kernel)."""
    lang = c.lang
    if odds is None and c.state.phase != "battle":
        return ""
    if odds is None:
        return (f"<div class='app-odds'><b>{w('odds', lang)}</b>: <span style='font-size:12px'>"
                f"{w('odds_none', lang)}</span></div>")
    head = (f"<b>{w('odds', lang)}</b>: {escape(c.card_name(odds['attacker']))} → "
            f"{escape(c.card_name(odds['target']))}")
    if "choice" in odds:
        la, lt = odds["lives"]
        items = "".join(f"<li>{escape(text)}</li>" for _a, text in odds["choice"])
        return (f"<div class='app-odds'>{head}<div style='font-size:12px'>{escape(w('choice_known', lang))}"
                f"<ul style='margin:2px 0 2px 16px;padding:0'>{items}</ul>"
                f"{escape(w('lives_now', lang, att=count(la, 'life', lang), tgt=count(lt, 'life', lang)))}</div></div>")
    if "ability" in odds:
        return (f"<div class='app-odds'>{head}<div style='font-size:12px'>«{escape(c.ability_text(odds['ability'], lang))}»</div>"
                + bars_html([(w("p_kill", lang), odds["p_kill"], "#009E73")], lang=lang)
                + columns_svg(odds["dist"], w("wounds_dealt", lang), lang=lang) + "</div>")
    kill_ex, kill_safe = odds["p_kill"]
    die_ex, _die_safe = odds["p_die"]
    rows = [(w("p_kill", lang), kill_ex, "#009E73")]
    if odds["fights_back"]:
        rows.append((w("p_die", lang), die_ex, "#D55E00"))
    dealt: dict = {}
    for d, _t, p_ex, _p_sf in odds["rows"]:
        dealt[d] = dealt.get(d, 0) + p_ex
    notes = []
    if not odds["fights_back"]:
        notes.append(w("no_back", lang))
    if odds["p_choice"]:
        notes.append(w("with_choice", lang, p=pct(odds["p_choice"], lang), safe=pct(kill_safe, lang)))
    for d in odds.get("defenders", []):
        notes.append(f"{w('defender_odds', lang, name=c.card_name(d['defender']))}: {w('p_kill', lang).lower()} "
                     f"{pct(d['p_kill'][0], lang)}")
    note = ("<div style='font-size:11px;color:#444'>" + "<br>".join(escape(n) for n in notes) + "</div>") if notes else ""
    return (f"<div class='app-odds'>{head}" + bars_html(rows, lang=lang)
            + columns_svg(sorted(dealt.items()), w("wounds_dealt", lang), lang=lang) + note + "</div>")
