"""The hot-seat «Битва за Город» app: `CityController` (what a click means) and `CityApp` (widgets).

    from berserk_kernel.city import new_game
    from widgets import CityApp
    app = CityApp(new_game(players=3, seed=7))    # display `app`; its set-up row starts new games
    app.controller.click("district:5")

The controller holds no rule: the kernel lists the legal actions, explains refusals and draws the
city (`city_scene`); the controller adds the lit districts on the highlight layer. It is written
over the fields of an `Action` (verb, dst, src, count):

  - no district at all (draw, income, end): a prompt button;
  - a district alone (pick, capture): the district is lit; a click acts;
  - a district and a number (reinforce): select your district, choose the number beside the board;
  - from one district to another with a number (move, redeploy, attack): click the source, then a
    lit destination, then choose the number of forces (asked only when there is a choice).
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from berserk_kernel.city.actions import VERBS, Action
from berserk_kernel.city.odds import battle_odds
from berserk_kernel.city.scene import city_scene
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.scene import PALETTE, Circle, Rect, Text
from berserk_kernel.core.words import count, number

from .charts import bars_html
from .common import BaseApp, BaseController, Message, Prompt, guarded
from .i18n import action_words, kind_word, prompt_word, w

PHASE_RULE = {"pick": "CITY-2.2", "event": "CITY-3.1", "income": "CITY-3.2", "actions": "CITY-3",
              "over": "R-CITY-END"}
SHORT_ROUNDS = 3    # a short game: it ends after this many rounds (R-CITY-END)
# Which verbs a click on a district most likely means, by whose district it is: only the order in
# which refusals are asked of the kernel (the first one it refuses is shown).
INTENT = {"free": ("capture", "pick", "move"), "own": ("redeploy", "move", "reinforce"),
          "enemy": ("attack", "capture")}


def _shape(a) -> str:
    """"" (no district), "d" (a district), "dn" (a district and a number), "sdn" (a route)."""
    return ("s" if a.src else "") + ("d" if a.dst else "") + ("n" if a.count else "")


def vocabulary() -> dict:
    """verb -> shape for every verb the kernel reads (probed with its own parser)."""
    out = {}
    for v in VERBS:
        for text in (v, f"{v} 7", f"{v} 7 +1", f"{v} 2>7 1"):
            try:
                out[v] = _shape(Action.parse(text))
                break
            except (DataError, ValueError):
                continue
    return out


@dataclass(frozen=True)
class Highlights:
    selected: int | None = None
    lit: frozenset = frozenset()       # districts a click acts on (green frame and dot)
    actors: frozenset = frozenset()    # your districts that can be selected (blue dashed frame)
    targets: frozenset = frozenset()   # enemy districts an attack can go to (red frame and ✕)


@dataclass
class Amount:
    """A number of forces still to choose for an action (a slider beside the board)."""

    verb: str
    src: int
    dst: int
    counts: tuple
    value: int

    def action(self, n: int | None = None):
        return Action(self.verb, self.dst, self.src, int(self.value if n is None else n))


class CityController(BaseController):
    """What a click on the city means, what to light, what to ask. No widgets."""

    GAME = "city"

    def __init__(self, state, lang: str | None = None):
        super().__init__(state, lang)
        self.selected: int | None = None
        self.amount: Amount | None = None
        self.hover: str | None = None

    # --- reading the kernel ------------------------------------------------------------------
    @property
    def seat(self):
        return self.state.current_player()

    @property
    def stage(self) -> str:
        return self.state.phase

    def name(self, p, lang: str | None = None) -> str:
        return self.state.name(p).get(lang or self.lang)

    def owner_class(self, d) -> str:
        o = self.state.owner.get(d)
        return "free" if o is None else "own" if o == self.seat else "enemy"

    def action_label(self, a, lang: str | None = None) -> str:
        """Words a person writes: «Захватить район 6», «Ввести 4 силы из района 22 в район 13»."""
        lang = lang or self.lang
        template = action_words(f"city_{a.verb}", lang)
        if template is None:
            return kind_word(a.verb, lang)
        forces = count(a.count, "force", lang, "acc") if a.count else ""
        forces_nom = count(a.count, "force", lang) if a.count else ""
        return template.format(src=a.src, dst=a.dst, forces=forces, forces_nom=forces_nom)

    # --- what is lit ---------------------------------------------------------------------------
    def highlights(self) -> Highlights:
        lit, actors, targets = set(), set(), set()
        sel = self.selected
        for a in self.legal():
            shape = _shape(a)
            if shape == "d":
                lit.add(a.dst)
            elif shape == "dn":
                actors.add(a.dst)
            elif "s" in shape:
                actors.add(a.src)
                if sel is not None and a.src == sel:
                    (targets if self.owner_class(a.dst) == "enemy" else lit).add(a.dst)
        if sel is not None:
            actors = set()
        return Highlights(sel, frozenset(lit), frozenset(actors - lit), frozenset(targets))

    def scene(self):
        sc = city_scene(self.state, lang=self.lang)
        h = self.highlights()
        boxes = {s.hit: s for s in sc.shapes if isinstance(s, Rect) and s.hit and s.hit.startswith("district:")}
        extra = []
        for d in sorted(h.actors):
            r = boxes.get(f"district:{d}")
            if r:
                extra.append(Rect(r.x + 3, r.y + 3, r.w - 6, r.h - 6, stroke=PALETTE["sky"], width=3, dash=(3, 3),
                                  layer="highlight", hit=r.hit))
        for d in sorted(h.lit):
            r = boxes.get(f"district:{d}")
            if r:
                extra += [Rect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, stroke=PALETTE["green"], width=4, dash=(6, 3),
                               layer="highlight", hit=r.hit),
                          Circle(r.x + r.w - 11, r.y + r.h - 11, 6, fill=PALETTE["green"], stroke=PALETTE["white"],
                                 width=1.5, layer="highlight")]
        for d in sorted(h.targets):
            r = boxes.get(f"district:{d}")
            if r:
                extra += [Rect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, stroke=PALETTE["vermillion"], width=4, dash=(8, 3),
                               layer="highlight", hit=r.hit),
                          Text(r.x + r.w - 11, r.y + r.h - 11, "✕", size=15, bold=True, anchor="middle",
                               fill=PALETTE["vermillion"], layer="highlight")]
        if h.selected is not None and f"district:{h.selected}" in boxes:
            r = boxes[f"district:{h.selected}"]
            extra += [Rect(r.x, r.y, r.w, r.h, stroke=PALETTE["orange"], width=5, layer="highlight", hit=r.hit),
                      Text(r.x + r.w - 11, r.y + r.h - 11, "●", size=12, anchor="middle", fill=PALETTE["orange"],
                           layer="highlight")]
        focus = self.focus_action()
        if self.can_light(focus):     # an action pointed at, picked or hinted (or a lesson's "try")
            for d, colour in ((focus.src, PALETTE["blue"]), (focus.dst, PALETTE["purple"])):
                r = boxes.get(f"district:{d}") if d else None
                if r:
                    extra.append(Rect(r.x - 2, r.y - 2, r.w + 4, r.h + 4, stroke=colour, width=6,
                                      layer="highlight", hit=r.hit))
        if self.amount is not None and f"district:{self.amount.dst}" in boxes:
            r = boxes[f"district:{self.amount.dst}"]
            extra.append(Rect(r.x - 1, r.y - 1, r.w + 2, r.h + 2, stroke=PALETTE["black"], width=2, layer="highlight"))
        sc.add(*extra)
        return sc

    # --- clicks --------------------------------------------------------------------------------
    def click(self, tag: str | None) -> Message | None:
        """A click on the city (a hit tag "district:N", or None off the districts)."""
        if tag and self.held():
            return self.message
        self.choices = []
        self.amount = None
        if not tag or not tag.startswith("district:"):
            if self.selected is not None:
                self.selected = None
                return self._say("info", "", *self._w2("deselected"))
            return None
        d = int(tag.split(":", 1)[1])
        legal, sel = self.legal(), self.selected
        if sel is not None:
            if d == sel:
                self.selected = None
                return self._say("info", "", *self._w2("deselected"))
            routes = [a for a in legal if a.src == sel and a.dst == d]
            if routes:
                return self._route(routes)
        direct = [a for a in legal if _shape(a) == "d" and a.dst == d]
        if direct:
            return self._act(direct)
        if any((a.src == d and "s" in _shape(a)) or (_shape(a) == "dn" and a.dst == d) for a in legal):
            self.selected = d
            return self._say("info", "", *self._w2("click_district"))
        return self._explain(d)

    def select(self, d: int | None) -> None:
        self.choices = []
        self.amount = None
        self.selected = d

    def choose(self, action) -> bool:
        """A prompt button: a plain action is applied; a route stands for its verb, whose number
        of forces is asked next."""
        if self.held():
            return False
        if isinstance(action, str):
            action = self.state.parse_action(action)
        if "s" in _shape(action):
            routes = [a for a in self.legal() if (a.verb, a.src, a.dst) == (action.verb, action.src, action.dst)]
            if routes:
                self.choices = []
                self._route(routes)
                return self.amount is None
        return self.apply(action)

    def _route(self, routes: list) -> Message | None:
        verbs = list(dict.fromkeys(a.verb for a in routes))
        if len(verbs) > 1:
            self.choices = [max((a for a in routes if a.verb == v), key=lambda a: a.count) for v in verbs]
            return self._say("info", "", *self._w2("choose_one"))
        counts = tuple(sorted({a.count for a in routes}))
        if len(counts) == 1:
            return self._act([routes[0]])
        a = routes[0]
        self.amount = Amount(a.verb, a.src, a.dst, counts, counts[-1])
        what_ru, what_en = a.text("ru").rsplit(" ", 1)[0], a.text("en").rsplit(" ", 1)[0]
        return self._say("info", "", w("how_many", "ru", what=what_ru), w("how_many", "en", what=what_en))

    def set_amount(self, n: int) -> None:
        if self.amount is not None:
            self.amount.value = int(n)

    def confirm_amount(self, n: int | None = None) -> bool:
        """Apply the action waiting for its number of forces (the kernel checks the number)."""
        if self.amount is None:
            return False
        action = self.amount.action(n)
        return self.apply(action)

    def cancel_amount(self) -> None:
        """«Отмена»: forget the number being chosen, the route and its question."""
        self.amount = None
        self.choices = []
        self.selected = None
        self.message = None

    def at_options(self, d: int | None = None) -> list[tuple[str, tuple]]:
        """[(verb, counts)] of the actions that put a number of forces on district `d` (the
        selected one by default): reinforcing."""
        d = self.selected if d is None else d
        if d is None:
            return []
        out: dict = {}
        for a in self.legal():
            if _shape(a) == "dn" and a.dst == d:
                out.setdefault(a.verb, []).append(a.count)
        return [(v, tuple(sorted(c))) for v, c in out.items()]

    def _reset_selection(self) -> None:
        self.selected = None
        self.amount = None
        self.hover = None

    def set_hover(self, tag: str | None) -> bool:
        before = self.considered_attack()
        self.hover = tag
        return self.considered_attack() != before

    # --- explanations --------------------------------------------------------------------------
    def _ordered(self, shape: str, cls: str, first_src=None) -> list[str]:
        legal = self.legal()
        allowed = self._phase_verbs()
        verbs = []
        groups = ([a for a in legal if a.src == first_src] if first_src is not None else [], legal)
        for group in groups:
            for a in group:
                if _shape(a) == shape and a.verb not in verbs:
                    verbs.append(a.verb)
        verbs += [v for v, sh in vocabulary().items() if sh == shape and v not in verbs and (not allowed or v in allowed)]
        pref = INTENT.get(cls, ())
        return sorted(verbs, key=lambda v: pref.index(v) if v in pref else len(pref))

    def _phase_verbs(self) -> set:
        return set(self.state.phase_verbs())

    def _explain(self, d: int) -> Message:
        s, sel = self.state, self.selected
        vocab = vocabulary()
        phase_verbs = self._phase_verbs()
        on_map = [v for v in phase_verbs if vocab.get(v)] if phase_verbs else [a.verb for a in self.legal() if a.dst]
        if not on_map:
            # nothing on the map belongs to this phase: the kernel's phase gate says why
            order = sorted(vocabulary().items(), key=lambda kv: -len(kv[1]))
            probes = [self._probe(v, sh, d, sel) for v, sh in order if sh]
            m = self._first_refusal(p for p in probes if p is not None)
            return m or self._stage_message()
        cls = self.owner_class(d)
        probes = []
        routes = []
        if sel is not None:
            n = max(1, s.forces.get(sel, 0))
            routes = [Action(v, d, sel, n) for v in self._ordered("sdn", cls, sel)]
        at = [Action(v, d, 0, 1) for v in self._ordered("dn", cls)]
        direct = [Action(v, d) for v in self._ordered("d", cls)]
        if cls == "free":
            probes = direct + routes + at
        elif cls == "own":
            probes = routes + at + direct
        else:
            probes = routes + direct + at
        return self._first_refusal(probes) or self._stage_message()

    def _probe(self, verb, shape, d, sel):
        if shape == "d":
            return Action(verb, d)
        if shape == "dn":
            return Action(verb, d, 0, 1)
        if shape == "sdn":
            src = sel if sel is not None else next((x for x in self.state.map.numbers if x != d), d)
            return Action(verb, d, src, 1)
        return None

    def _stage_message(self) -> Message:
        rule = PHASE_RULE.get(self.state.phase, "")
        if rule not in self.state.RULES:
            rule = ""
        seat = self.seat
        if seat is None:
            return self._say("illegal" if rule else "info", rule, w("status_over", "ru"), w("status_over", "en"))
        return self._say("illegal" if rule else "info", rule,
                         f"{w('prompt_for', 'ru', who=self.name(seat, 'ru'))}: {prompt_word(self.stage, 'ru')}",
                         f"{w('prompt_for', 'en', who=self.name(seat, 'en'))}: {prompt_word(self.stage, 'en')}")

    # --- panels --------------------------------------------------------------------------------
    def status(self) -> str:
        s, lang = self.state, self.lang
        if s.phase == "over":
            names = ", ".join(self.name(p) for p in (s.winners or ()))
            return f"{w('status_over', lang)} — {w('result_winners', lang, who=names)}"
        phase = s.phase_name(lang)
        rnd = f" · {w('round', lang)} {s.round}/{s.options.rounds}" if s.round else ""
        return f"{w('status_decides', lang, who=self.name(self.seat))} · {w('phase', lang)}: {phase}{rnd}"

    def hint(self) -> str:
        lang = self.lang
        h = self.highlights()
        parts = []
        if h.selected is not None:
            parts.append(w("selected", lang, what=w("district", lang, d=h.selected)))
        lit = []
        if h.lit:
            lit.append(w("districts_lit" if len(h.lit) > 1 else "district_lit", lang,
                         what=", ".join(str(d) for d in sorted(h.lit))))
        if h.targets:
            lit.append(w("attack_targets", lang, ds=", ".join(str(d) for d in sorted(h.targets))))
        if h.actors:
            lit.append(w("can_select", lang, ds=", ".join(str(d) for d in sorted(h.actors))))
        parts.append(w("lit", lang, what="; ".join(lit))
                     if lit else w("nothing_lit", lang))
        focus = self.considered           # picked in the list or suggested (not a passing pointer)
        if self.can_light(focus):
            if parts[-1] == w("nothing_lit", lang):
                parts.pop()
            parts.insert(0, w("focus_action", lang, what=self.action_label(focus, lang)))
        return ". ".join(parts)

    def prompt(self) -> Prompt | None:
        seat, legal = self.seat, self.legal()
        if seat is None or not legal:
            return None
        lang = self.lang
        buttons = [(self.action_label(a), a) for a in self.choices]
        buttons += [(self.action_label(a), a) for a in legal if _shape(a) == ""]
        rule = PHASE_RULE.get(self.state.phase, "")
        who = self.name(seat)
        return Prompt(seat, who, f"{w('prompt_for', lang, who=who)}: {prompt_word(self.stage, lang)}", rule, buttons)

    def players(self) -> list[dict]:
        s = self.state
        out = []
        for p in range(s.players):
            out.append({"player": p, "letter": s.letter(p), "name": self.name(p), "colour": PALETTE[s.colours[p]],
                        "influence": s.influence[p], "districts": s.count_districts(p), "forces": s.total_forces(p),
                        "hq": s.hq[p], "current": p == self.seat})
        return out

    def event(self) -> dict | None:
        e = self.state.last_event
        if not e:
            return None
        card = self.state.deck_def[e]
        return {"id": e, "name": card.name.get(self.lang), "text": card.text.get(self.lang)}

    def last_roll(self) -> dict | None:
        """The dice of the last roll in the log (all the initiative rolls of a set-up together):
        {"rule", "text", "rows": [(label, values, colour)]}."""
        log = self.state.log
        turn_start = max((i for i, e in enumerate(log) if e.kind == "turn"), default=-1)
        rolls = [i for i, e in enumerate(log) if e.kind == "roll" and i > turn_start]  # this turn's only
        if not rolls:
            return None
        last = log[rolls[-1]]
        group = [last]
        if "attack" not in (last.data or {}):
            for i in reversed(rolls[:-1]):     # the same rule's rolls just before it: initiative
                if log[i].rule_id != last.rule_id or "attack" in (log[i].data or {}):
                    break
                group.insert(0, log[i])
        rows = []
        for e in group:
            d = e.data or {}
            if "attack" in d:
                rows.append((w("attack_rolls", self.lang), list(d["attack"]), "white"))
                rows.append((w("defence_rolls", self.lang), list(d.get("defence", [])), "black"))
            elif "dice" in d:
                rows.append((self.name(d["player"]) if "player" in d else "", list(d["dice"]), "white"))
        return {"rule": last.rule_id, "text": " ".join(e.text(self.lang) + "." for e in group[-4:]), "rows": rows}

    # --- odds ----------------------------------------------------------------------------------
    def considered_attack(self):
        """The attack action being considered: its number being chosen, the enemy district
        under the pointer (all forces), or the attack picked in the list."""
        legal = self.legal()
        if self.amount is not None and self.amount.verb == "attack":
            return self.amount.action()
        if self.selected is not None and self.hover and self.hover.startswith("district:"):
            d = int(self.hover.split(":")[1])
            attacks = [a for a in legal if a.verb == "attack" and a.src == self.selected and a.dst == d]
            if attacks:
                return max(attacks, key=lambda a: a.count)
        if self.considered is not None and getattr(self.considered, "verb", "") == "attack" and self.considered in legal:
            return self.considered
        return None

    def odds(self) -> dict | None:
        a = self.considered_attack()
        if a is None:
            return None
        # the real odds of the dice: a lesson may force the next rolls, the odds never show that
        st = self.state
        o = battle_odds(a.count, st.forces[a.dst], attack_hit=st.turn["attack_hit"],
                        defence_hit=st.turn["defence_hit"], forced=())
        ea, ed = o.expected()
        return {"action": a, "attackers": o.attackers, "defenders": o.defenders, "capture": o.capture,
                "hold": o.hold, "wipe": o.wipe, "expected": (ea, ed),
                "attackers_left": o.attackers_left, "defenders_left": o.defenders_left}


# --- html ----------------------------------------------------------------------------------------

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
                    f"background:{p['colour']};border:1px solid #222;vertical-align:middle;text-align:center;"
                    f"font-size:10px;line-height:14px'>{p['letter']}</span> {escape(p['name'])}</td>"
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


# --- the app -----------------------------------------------------------------------------------

class CityApp(BaseApp):
    """The hot-seat Battle for the City board with its panels (an ipywidgets `VBox`).

        app = CityApp(new_game(players=2, seed=7))
        app = CityApp(players=3, seed=5, lang="en")   # a new game with these settings

    Its set-up row (players 2-4, map, seed, "New game") replaces the game being played."""

    def __init__(self, state=None, lang: str | None = None, players: int = 2, map: str = "default",
                 seed: int = 1, controller=None, log_limit: int = 200, setup_row: bool = False):
        import ipywidgets as W

        from berserk_kernel.city import new_game

        if controller is None:
            if state is None:
                state = new_game(players=players, map=map, seed=seed)
            controller = CityController(state, lang)
        st = controller.state
        self.setup_row = setup_row
        self.players_toggle = W.ToggleButtons(options=[("2", 2), ("3", 3), ("4", 4)], value=st.players,
                                              style={"button_width": "36px"})
        self.map_dropdown = W.Dropdown(layout=W.Layout(width="200px"))
        self.seed_box = W.BoundedIntText(value=int(st.setup.get("seed", seed) or 0), min=0, max=10**9,
                                         layout=W.Layout(width="110px"))
        self.new_button = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.short_box = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.setup_labels = [W.HTML(), W.HTML(), W.HTML()]
        self.amount_title = W.HTML()
        self.amount_slider = W.IntSlider(min=1, max=1, value=1, continuous_update=True,
                                         layout=W.Layout(width="220px"))
        self.amount_ok = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.amount_cancel = W.Button(layout=W.Layout(width="auto"))
        self.amount_box = W.VBox([self.amount_title, W.HBox([self.amount_slider, self.amount_ok, self.amount_cancel],
                                                            layout=W.Layout(flex_flow="row wrap"))])
        self.at_title = W.HTML()
        self.at_slider = W.IntSlider(min=1, max=1, value=1, layout=W.Layout(width="220px"))
        self.at_button = W.Button(button_style="success", layout=W.Layout(width="auto"))
        self.at_note = W.HTML()
        self.at_box = W.VBox([self.at_title, W.HBox([self.at_slider, self.at_button], layout=W.Layout(flex_flow="row wrap")),
                              self.at_note])
        self.players_box = W.HTML()
        self.event_box = W.HTML()
        self.dice_box = W.HTML()
        self.odds_box = W.HTML()
        self._at_verb = None
        super().__init__(controller, log_limit)
        self.players_toggle.observe(self._on_players, names="value")
        self.new_button.on_click(self._on_new_game)
        self.amount_slider.observe(self._on_amount, names="value")
        self.amount_ok.on_click(self._on_amount_ok)
        self.amount_cancel.on_click(self._on_amount_cancel)
        self.at_slider.observe(self._on_at_slider, names="value")
        self.at_button.on_click(self._on_at_apply)
        self._fill_maps()
        self.map_dropdown.value = st.map.id if st.map.id in [v for _l, v in self.map_dropdown.options] else "default"
        if setup_row:
            self.add_hotseat_parts("city")
            self.add_bot_panel()
        self.add_class("city-app")
        self.refresh()

    def below_main(self) -> list:
        """Hot-seat only (`setup_row=True`): a new game with players, map and game number."""
        import ipywidgets as W
        if not self.setup_row:
            return []
        setup = W.HBox([self.setup_labels[0], self.players_toggle, self.setup_labels[1], self.map_dropdown,
                        self.short_box, self.setup_labels[2], self.seed_box, self.new_button],
                       layout=W.Layout(align_items="center", flex_flow="row wrap", margin="6px 0"))
        setup.add_class("app-setup")
        return [setup]

    def side_panels(self) -> list:
        return [self.amount_box, self.at_box, self.players_box, self.event_box, self.dice_box, self.odds_box]

    def title(self, lang: str) -> str:
        return w("title_city_bot" if self.against_computer() else "title_city", lang)

    def review_scene(self, state, lang):
        return city_scene(state, lang=lang)

    def _fill_maps(self) -> None:
        from berserk_kernel.city import load_map, map_names
        n, lang = self.players_toggle.value, self.controller.lang
        options = []
        for name in map_names():
            m = load_map(name)
            if m.min_players <= n <= m.max_players:
                options.append((f"{m.name.get(lang)} ({m.min_players}-{m.max_players})", name))
        keep = self.map_dropdown.value
        if list(self.map_dropdown.options) != options:
            self.map_dropdown.options = options
        values = [v for _l, v in options]
        if values:
            self.map_dropdown.value = keep if keep in values else ("default" if "default" in values else values[0])

    def refresh_side(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.setup_labels[0].value = f"<b>{w('new_game', lang)}</b>:&nbsp;{w('players', lang)}&nbsp;"
        self.setup_labels[1].value = f"&nbsp;{w('map', lang)}:&nbsp;"
        self.setup_labels[2].value = f"&nbsp;{w('game_number', lang)}:&nbsp;"
        self.new_button.description = w("start_game", lang)
        self.short_box.description = w("short_city", lang, n=SHORT_ROUNDS)
        self._fill_maps()
        am = c.amount
        if am is None:
            self.amount_box.layout.display = "none"
        else:
            self.amount_box.layout.display = ""
            what = f"{kind_word(am.verb, lang)} {am.src}→{am.dst}"
            self.amount_title.value = f"<b>{escape(w('how_many', lang, what=what))}</b>"
            self.amount_slider.min, self.amount_slider.max = 1, max(am.counts)
            self.amount_slider.min = min(am.counts)
            self.amount_slider.value = am.value
            self.amount_ok.description = w("confirm", lang)
            self.amount_cancel.description = w("cancel", lang)
        options = c.at_options()
        if not options or am is not None:
            self.at_box.layout.display = "none"
            self._at_verb = None
        else:
            verb, counts = options[0]
            self._at_verb = verb
            self.at_box.layout.display = ""
            self.at_title.value = f"<b>{escape(w('reinforce_here', lang, d=c.selected))}</b>"
            self.at_slider.min, self.at_slider.max = 1, max(counts)
            self.at_slider.min = min(counts)
            if self.at_slider.value not in counts:
                self.at_slider.value = min(counts)
            self._refresh_at_note()
        self.players_box.value = players_html(c)
        self.event_box.value = event_html(c)
        self.dice_box.value = city_dice_html(c)
        self.refresh_odds()

    def _at_action(self):
        c = self.controller
        if self._at_verb is None or c.selected is None:
            return None
        return Action(self._at_verb, c.selected, 0, int(self.at_slider.value))

    def _refresh_at_note(self) -> None:
        a = self._at_action()
        if a is None:
            return
        v = self.controller.state.explain(a)
        self.at_button.description = f"{kind_word(a.verb, self.controller.lang)} +{a.count}"
        self.at_note.value = f"<span style='font-size:12px'>{escape(v.rule_id)}: {escape(v.text(self.controller.lang))}</span>"

    def refresh_odds(self) -> None:
        self.odds_box.value = city_odds_html(self.controller)

    # --- callbacks -----------------------------------------------------------------------------
    @guarded
    def _on_players(self, change) -> None:
        if self._busy:
            return
        self._fill_maps()

    @guarded
    def _on_new_game(self, _b) -> None:
        from berserk_kernel.city import new_game
        state = new_game(players=self.players_toggle.value, map=self.map_dropdown.value or "default",
                         seed=int(self.seed_box.value), options={"rounds": SHORT_ROUNDS} if self.short_box.value else None)
        if self.bot_panel is not None:
            self.bot_panel.play.new_game(state)
        else:
            self.controller.reset(state)
        self.clear_review()
        self.refresh()

    @guarded
    def _on_amount(self, change) -> None:
        if self._busy:
            return
        self.controller.set_amount(change["new"])
        self.refresh_odds()

    @guarded
    def _on_amount_ok(self, _b) -> None:
        self.controller.confirm_amount(self.amount_slider.value)
        self.refresh()

    @guarded
    def _on_amount_cancel(self, _b) -> None:
        self.controller.cancel_amount()
        self.refresh()

    @guarded
    def _on_at_slider(self, change) -> None:
        if self._busy:
            return
        self._refresh_at_note()

    @guarded
    def _on_at_apply(self, _b) -> None:
        a = self._at_action()
        if a is not None:
            self.controller.apply(a)
            self.refresh()
