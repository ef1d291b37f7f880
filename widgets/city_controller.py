"""The controller of the hot-seat «Битва за Город» app: what a click means, in plain Python (no
widgets); `CityApp` (widgets/city_app.py) shows it, the panels' HTML is in widgets/city_panels.py.

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

from berserk_kernel.city.actions import VERBS, Action
from berserk_kernel.city.odds import battle_odds
from berserk_kernel.city.scene import city_scene
from berserk_kernel.core.errors import DataError
from berserk_kernel.core.scene import PALETTE, Circle, Rect, Text
from berserk_kernel.core.words import count

from .controller_base import BaseController, Message, Prompt
from .i18n import action_words, kind_word, prompt_word, w

__all__ = ["CityController", "Highlights", "Amount", "PHASE_RULE", "SHORT_ROUNDS", "vocabulary"]

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

    def seat_colour(self) -> str | None:
        """The colour of the player to decide (the status line's edge), None once the game is over."""
        if self.state.phase == "over" or self.seat is None:
            return None
        return PALETTE[self.state.colours[self.seat]]

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
        return self._lit_sentence(parts, lit, lang)

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
