"""The hot-seat «Берсерк» app: `BerserkController` (what a click means) and `BerserkApp` (widgets).

    from berserk_kernel.berserk import new_game
    from widgets import BerserkApp
    app = BerserkApp(new_game(seed=7))      # display `app` in a notebook cell
    app.controller.click("card:5")          # the same as clicking card #5 on the board

The controller holds no rule: it asks the kernel what is legal (`legal_actions()`), why not
(`explain()`), and draws what the kernel's `board_scene` draws. It is written over the fields of
an `Action` — the acting `card`, its *objects* (the `other` card, the ability `targets` if the
kernel has them, the `cell`) — and over `state.stage` / `state.pending`, so action kinds and
decisions the kernel adds later show up as lit targets or prompt buttons without changes here:

  - an action with no card and no object is a *prompt button* (first, done, end, pass, ...);
  - an action whose card is on the board: click the card to select it; its objects light up;
    click one to act (when one click stands for several actions, they are offered as buttons);
    an action with the card alone acts on the click when it is the card's only action (a
    defender) and is a button otherwise (while the card is selected, or while a decision
    interrupts the phase);
  - an action whose card is off the board (the deal, the squad) is chosen from a list beside the
    board: a button when it needs nothing more (buy), a selection otherwise (place: then a lit cell);
  - an action with no card but another card or a cell: that card or cell is lit and acts.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from berserk_kernel.berserk import odds_for
from berserk_kernel.berserk.actions import KINDS, Action
from berserk_kernel.berserk.cards import ELEMENT_NAMES
from berserk_kernel.berserk.field import cell_name, parse_cell
from berserk_kernel.berserk.scene import board_scene
from berserk_kernel.core.errors import DataError

from .common import BaseApp, BaseController, ButtonPool, Message, Prompt, guarded, pct
from .card_text import card_html, card_plain, card_title
from .i18n import action_words, kind_word, prompt_word, w

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


# --- the controller ----------------------------------------------------------------------------

class BerserkController(BaseController):
    """What a click on the Berserk board means, what to light, what to ask. No widgets.

    `state` is a `BerserkState`; `lang` "ru" or "en" (default: the page's ``?lang=``, else
    Russian); `viewer` 0 or 1 fixes the seat the board is seen from (None: whoever decides)."""

    GAME = "berserk"

    def __init__(self, state, lang: str | None = None, viewer: int | None = None):
        super().__init__(state, lang)
        self.viewer_mode = viewer        # None: the deciding player's seat (hot-seat)
        self.selected: int | None = None
        self.hover: str | None = None    # the hit tag under the pointer
        self._last_viewer = 0
        self._normalise()

    # --- reading the kernel ------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """Who must decide now (`state.to_move`; None when the game is over)."""
        return self.state.to_move

    @property
    def stage(self) -> str:
        """The kernel's stage: the phase, or a decision interrupting it (``pending:defend``,
        ``queue``, ...)."""
        st = getattr(self.state, "stage", None)
        if isinstance(st, str):
            return st
        p = self.state.pending
        return f"pending:{p['kind']}" if p else self.state.phase

    @property
    def interrupted(self) -> bool:
        """True while a decision interrupts the phase (a defender, a queue answer, ...)."""
        return self.stage != self.state.phase

    @property
    def viewer(self) -> int:
        """The seat the board is seen from: the fixed one, else the player whose TURN it is (not
        whoever answers for one click: a defender, an instant answer, a fight-table choice)."""
        if self.viewer_mode in (0, 1):
            return self.viewer_mode
        s = self.state
        if s.phase == "over":
            return self._last_viewer
        if s.phase in ("battle",) or s.turn:
            return s.active
        seat = self.seat
        return seat if seat is not None else self._last_viewer

    def seat_name(self, seat) -> str:
        return self.state.seats[seat].name

    def on_board(self, uid) -> bool:
        c = self.state.cards.get(uid)
        return c is not None and c.zone in ON_BOARD

    def owner(self, uid):
        c = self.state.cards.get(uid)
        return c.owner if c is not None else None

    def card_name(self, uid, lang: str | None = None) -> str:
        """«Страж ущелья» (#5) / Gorge Warden (#5); a face-down card by its number only."""
        lang = lang or self.lang
        c = self.state.cards.get(uid)
        if c is None:
            return f"#{uid}"
        if c.face_down and c.zone in ON_BOARD and c.owner != self.viewer:
            return f"{'face-down card' if lang == 'en' else 'карта рубашкой вверх'} (#{uid})"
        return card_title(self.state.defs[c.card], uid, lang)

    def card_line(self, uid, lang: str | None = None) -> str:
        """A card for a list: name, cost, elite, elements, lives, strike."""
        lang = lang or self.lang
        c = self.state.cards[uid]
        d = self.state.defs[c.card]
        parts = [card_title(d, uid, lang), f"{w('cost', lang)} {d.cost}" + (f" ★{w('elite', lang)}" if d.elite else "")]
        elems = ", ".join(ELEMENT_NAMES[e].get(lang) for e in d.elements) or ELEMENT_NAMES["neutral"].get(lang)
        parts.append(elems)
        if getattr(d, "lives", None):
            parts.append(f"♥{d.lives}")
        if getattr(d, "has_strike", False):
            parts.append("-".join(map(str, d.strike)))
        return " · ".join(parts)

    def action_label(self, a, lang: str | None = None) -> str:
        """The words a person writes for an action: «Страж ущелья» (#1) бьёт «Болотный тролль» (#2),
        Закончить ход, «Фиал живой воды» (#4) — Излечить…: «Тролль» (#9). No notation codes."""
        lang = lang or self.lang
        kind = a.kind
        if kind == "hire" and a.cell is not None:
            kind = "hire_cell"
        elif kind == "hire" and a.other is not None:
            kind = "hire_on"
        fields = {"card": self.card_name(a.card, lang) if a.card is not None else "",
                  "other": self.card_name(a.other, lang) if a.other is not None else "",
                  "cell": cell_name(a.cell) if a.cell is not None else "", "ability": "", "targets": ""}
        if getattr(a, "ability", None):
            fields["ability"] = f"{fields['card']} — {self.ability_text(a, lang)}" if a.card is not None \
                else self.ability_text(a, lang)
            objects = [self.card_name(u, lang) for u in getattr(a, "targets", ()) or ()]
            if a.other is not None and not objects:
                objects = [fields["other"]]
            if a.cell is not None:
                objects.append(("клетка " if lang == "ru" else "cell ") + fields["cell"])
            fields["targets"] = (": " + ", ".join(objects)) if objects else ""
        template = action_words(kind, lang)
        if template is not None:
            return template.format(**fields)
        parts = [kind_word(a.kind, lang)] + [f for f in (fields["card"], fields["other"], fields["cell"]) if f]
        return " ".join(parts)

    def action_tooltip(self, a, lang: str | None = None) -> str:
        """A button's tooltip: its words and the full text of the card it acts with."""
        lang = lang or self.lang
        text = self.action_label(a, lang)
        for uid in (a.card, a.other):
            if uid is not None and uid in self.state.cards:
                text += "\n\n" + card_plain(self.state, uid, lang) if not self._hidden(uid) else ""
        return text

    def _hidden(self, uid) -> bool:
        c = self.state.cards.get(uid)
        return c is None or (c.face_down and c.zone in ON_BOARD and c.owner != self.viewer)

    def ability_text(self, a, lang: str | None = None) -> str:
        """The ability's own words from the card data (falls back to its id)."""
        c = self.state.cards.get(a.card)
        ab = self.state.defs[c.card].ability(a.ability) if c is not None else None
        return ab.text.get(lang or self.lang) if ab is not None else a.ability

    # --- what is lit ---------------------------------------------------------------------------
    def actions_of(self, uid) -> list:
        return [a for a in self.legal() if a.card == uid]

    def highlights(self) -> Highlights:
        cells, cards, targets = set(), set(), set()
        sel = self.selected
        me = self.seat
        for a in self.legal():
            if sel is None:
                if a.card is not None:
                    if self.on_board(a.card):
                        cards.add(a.card)
                    continue
                for o in object_cards(a):
                    if self.on_board(o):
                        (targets if self.owner(o) != me else cards).add(o)
                if a.cell is not None and not object_cards(a):
                    cells.add(a.cell)
            elif a.card == sel:
                for o in object_cards(a):
                    if self.on_board(o):
                        (targets if self.owner(o) != self.owner(sel) else cards).add(o)
                if a.cell is not None:
                    cells.add(a.cell)
        return Highlights(frozenset(cells), frozenset(cards), frozenset(targets))

    def scene(self):
        h = self.highlights()
        sel = self.selected if self.selected is not None and self.on_board(self.selected) else None
        return board_scene(self.state, viewer=self.viewer, lang=self.lang, selected=sel,
                           highlight_cells=sorted(h.cells), highlight_cards=sorted(h.cards),
                           targets=sorted(h.targets))

    # --- clicks --------------------------------------------------------------------------------
    def click(self, tag: str | None) -> Message | None:
        """A click on the board (a hit tag such as "card:5" or "cell:c3", or None off them)."""
        self.choices = []
        if not tag:
            if self.selected is not None and self.on_board(self.selected):
                self.selected = None
                self._normalise()
                return self._say("info", "", *self._w2("deselected"))
            return None
        kind, _, value = tag.partition(":")
        legal = self.legal()
        sel = self.selected
        if kind == "card":
            uid = int(value)
            cell = self.state.cards[uid].cell if uid in self.state.cards else None
            if sel is not None:
                if uid == sel:
                    self.selected = None
                    self._normalise()
                    return self._say("info", "", *self._w2("deselected"))
                match = [a for a in legal if a.card == sel and uid in object_cards(a)]
                if not match and cell is not None:
                    match = [a for a in legal if a.card == sel and not object_cards(a) and a.cell == cell]
                if match:
                    return self._act(match)
            direct = [a for a in legal if a.card is None and uid in object_cards(a)]
            if direct:
                return self._act(direct)
            own = self.actions_of(uid)
            if own:
                if len(own) == 1 and _shape(own[0]) == "c":
                    return self._act(own)
                self.selected = uid
                self.considered = None
                return self._say("info", "", *self._w2("click_hint"))
            if cell is not None:
                direct = [a for a in legal if a.card is None and not object_cards(a) and a.cell == cell]
                if direct:
                    return self._act(direct)
            return self._explain_card(uid, cell)
        if kind == "cell":
            try:
                cell = parse_cell(value)
            except DataError:
                return None
            if sel is not None:
                match = [a for a in legal if a.card == sel and a.cell == cell]
                if match:
                    return self._act(match)
            direct = [a for a in legal if a.card is None and not object_cards(a) and a.cell == cell]
            if direct:
                return self._act(direct)
            return self._explain_cell(cell)
        return None

    def select(self, uid: int | None) -> None:
        """Select a card (from the board or from a list beside it); None clears."""
        self.choices = []
        self.selected = uid if uid is None or self.actions_of(uid) else None
        self.considered = None

    def set_hover(self, tag: str | None) -> bool:
        """The pointer is over `tag`; True when that changes what the odds panel shows."""
        before = self.considered_strike()
        self.hover = tag
        return self.considered_strike() != before

    # --- acting --------------------------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        self.viewer_mode = viewer if viewer in (0, 1) else None

    def choose(self, action) -> bool:
        """A prompt button was pressed."""
        return self.apply(action)

    def _reset_selection(self) -> None:
        self.selected = None
        self.hover = None
        self._normalise()

    def _normalise(self) -> None:
        """Drop a selection that can no longer act; when the only actors are off the board
        (placing the squad), select the first of them so its cells light up at once."""
        legal = self.legal()
        if self.selected is not None and not any(a.card == self.selected for a in legal):
            self.selected = None
        if self.selected is None:
            actors = [a.card for a in legal if a.card is not None]
            if actors and not any(self.on_board(u) for u in actors):
                with_objects = [a.card for a in legal if a.card is not None and (object_cards(a) or a.cell is not None)]
                if with_objects:
                    self.selected = with_objects[0]
        if self.state.phase != "over" and self.seat is not None:
            self._last_viewer = self.state.active if self.state.turn else self.seat

    # --- explanations --------------------------------------------------------------------------
    def _kinds(self, shape: str, first_for=None) -> list[str]:
        """Kinds of this shape: those of the selected card's legal actions, then of every legal
        action, then the rest of the kernel's vocabulary."""
        out = []
        legal = self.legal()
        for group in ([a for a in legal if a.card == first_for] if first_for is not None else [], legal):
            for a in group:
                if _shape(a) == shape and _plain(a) and a.kind not in out:
                    out.append(a.kind)
        allowed = self._stage_kinds()
        out += [k for k, sh in vocabulary().items() if sh == shape and k not in out and k in allowed]
        return out

    def _stage_kinds(self) -> set:
        """The kinds the kernel's dispatch table allows at this stage (empty if it has none)."""
        try:
            from berserk_kernel.berserk.game import DISPATCH
        except ImportError:  # pragma: no cover - a kernel without the table
            return set()
        stage = self.stage
        return {k for k, v in DISPATCH.items() if isinstance(v, tuple) and v and stage in v[0]}

    def _stage_rule(self) -> str:
        """The rule behind the current decision, from the kernel's own tables."""
        from berserk_kernel.berserk import game as g
        if self.state.phase == "over":
            return "BR-1"
        stage = self.stage
        if stage != self.state.phase:
            kind = stage.split(":", 1)[1] if stage.startswith("pending:") else stage
            rule = getattr(g, "PENDING_RULE", {}).get(kind, "")
        else:
            rule = getattr(g, "PHASE_RULE", {}).get(stage, "")
        return rule if rule in self.state.RULES else ""

    def _stage_message(self) -> Message:
        rule = self._stage_rule()
        who = self.seat_name(self.seat) if self.seat is not None else ""
        ru = f"{w('prompt_for', 'ru', who=who)}: {prompt_word(self.stage, 'ru')}" if who else w("status_over", "ru")
        en = f"{w('prompt_for', 'en', who=who)}: {prompt_word(self.stage, 'en')}" if who else w("status_over", "en")
        return self._say("illegal" if rule else "info", rule, ru, en)

    def _explain_card(self, uid: int, cell) -> Message:
        sel = self.selected
        if sel is not None:
            probes = [Action(k, sel, uid) for k in self._kinds("co", sel)]
            if cell is not None:
                probes += [Action(k, sel, None, cell) for k in self._kinds("cx", sel)]
            m = self._first_refusal(probes)
            if m is not None:
                return m
        return self._explain_actor(uid)

    def _explain_actor(self, uid: int) -> Message:
        """Why card `uid` cannot act now: a refusal that holds whatever it would act on."""
        s = self.state
        legal_kinds = []
        for a in self.legal():
            if a.card is not None and _plain(a) and (a.kind, _shape(a)) not in legal_kinds:
                legal_kinds.append((a.kind, _shape(a)))
        if not legal_kinds:
            return self._stage_message()
        in_play = [u for u, c in s.cards.items() if c.zone in ON_BOARD and u != uid] or [uid]
        common: Counter = Counter()
        texts: dict = {}
        for kind, shape in legal_kinds:
            if shape == "c":
                probes = [Action(kind, uid)]
            elif shape == "cx":
                probes = [Action(kind, uid, None, x) for x in range(len(s.cells))]
            elif shape == "co":
                probes = [Action(kind, uid, o) for o in in_play]
            else:
                continue
            verdicts = [v for v in map(self.explain, probes) if v is not None]
            if not verdicts or any(v.ok for v in verdicts):
                continue
            keys = {(v.rule_id, v.ru, v.en) for v in verdicts}
            if len(keys) == 1:
                return self._verdict_message(verdicts[0])
            for v in verdicts:
                common[v.rule_id] += 1
                texts.setdefault(v.rule_id, v)
        name_ru, name_en = self.card_name(uid, "ru"), self.card_name(uid, "en")
        if common:
            rule = common.most_common(1)[0][0]
            v = texts[rule]
            return self._say("illegal", rule, f"{w('no_action_for', 'ru', what=name_ru)} {v.ru}",
                             f"{w('no_action_for', 'en', what=name_en)} {v.en}")
        return self._say("info", "", w("no_action_for", "ru", what=name_ru), w("no_action_for", "en", what=name_en))

    def _explain_cell(self, cell: int) -> Message:
        sel = self.selected
        if sel is not None:
            m = self._first_refusal([Action(k, sel, None, cell) for k in self._kinds("cx", sel)])
            if m is not None:
                return m
        if any(a.card is not None and self.on_board(a.card) for a in self.legal()):
            return self._say("info", "", *self._w2("pick_card_first"))
        return self._stage_message()

    # --- panels --------------------------------------------------------------------------------
    def status(self) -> str:
        s, lang = self.state, self.lang
        if s.phase == "over":
            if s.winner == "draw":
                res = "ничья" if lang == "ru" else "a draw"
            else:
                res = f"{self.seat_name(s.winner)}: {'победа' if lang == 'ru' else 'wins'}"
            return f"{w('status_over', lang)} — {res}"
        from berserk_kernel.berserk.game import PHASE_NAMES
        phase = PHASE_NAMES[s.phase].get(lang) if s.phase in PHASE_NAMES else s.phase
        turn = f" · {'ход' if lang == 'ru' else 'turn'} {s.turn}" if s.turn else ""
        return f"{w('status_decides', lang, who=self.seat_name(self.seat))} · {phase}{turn}"

    def hint(self) -> str:
        """The selection and what is lit, as text (for screen readers and the tests)."""
        lang = self.lang
        parts = []
        if self.selected is not None:
            parts.append(w("selected", lang, what=self.card_name(self.selected)))
        h = self.highlights()
        lit = []
        if h.cells:
            lit.append(w("lit_cells", lang, cells=", ".join(sorted(cell_name(c) for c in h.cells))))
        cards = sorted(h.cards | h.targets)
        if cards:
            lit.append(w("lit_cards", lang, cards=", ".join(self.card_name(u) for u in cards)))
        parts.append(w("lit", lang, what="; ".join(lit)) if lit else w("nothing_lit", lang))
        return ". ".join(parts)

    def prompt(self) -> Prompt | None:
        """The choices beside the board for the player who must decide; None when there is
        nothing to choose (the game is over)."""
        seat = self.seat
        legal = self.legal()
        if seat is None or not legal:
            return None
        lang = self.lang
        buttons = []
        if self.choices:
            buttons += [(self.action_label(a), a) for a in self.choices]
        interrupted = self.interrupted
        for a in legal:
            shape = _shape(a)
            if shape == "":
                buttons.append((self.action_label(a), a))
            elif shape == "c" and self.on_board(a.card) and (interrupted or a.card == self.selected):
                buttons.append((self.action_label(a), a))
        seen, unique = set(), []
        for label, a in buttons:
            if a not in seen:
                seen.add(a)
                unique.append((label, a))
        rule = self._stage_rule()
        who = self.seat_name(seat)
        return Prompt(seat, who, f"{w('prompt_for', lang, who=who)}: {prompt_word(self.stage, lang)}", rule, unique)

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
        try:
            from berserk_kernel.berserk.setup import crystals_left
            gold, silver = crystals_left(self.state, seat)
        except Exception:  # noqa: BLE001 - an optional panel
            return ""
        return w("crystals", self.lang, who=self.seat_name(seat), gold=gold, silver=silver)

    def last_roll(self) -> dict | None:
        """The dice of the last roll in the log: {"rule", "text", "dice": [(label, value, colour)]}."""
        s, lang = self.state, self.lang
        for e in reversed(s.log):
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

    # --- odds ----------------------------------------------------------------------------------
    def considered_strike(self):
        """(attacker, target) of the strike being considered, or None: the target under the
        pointer, the strike picked in the list, the strike waiting for an answer, or the
        selected card's only strike target."""
        legal, sel = self.legal(), self.selected
        if sel is not None and self.hover and self.hover.startswith("card:"):
            t = int(self.hover.split(":")[1])
            if Action("strike", sel, t) in legal:
                return (sel, t)
        if self.considered is not None and self.considered.kind == "strike" and self.considered in legal:
            return (self.considered.card, self.considered.other)
        p = self.state.pending
        if p and "attacker" in p and "target" in p:
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
        ab = self.state.defs[c.card].ability(a.ability) if c is not None else None
        if ab is None or not any(e.op == "wound" for e in ab.effects) and ab.kind != "directed_strike":
            return None
        from berserk_kernel.berserk import ability_odds
        t = self.state.cards[a.targets[0]]
        left = self.state.defs[t.card].lives - t.wounds
        dist = sorted(ability_odds(self.state, a.card, a.ability, t.uid).items())
        return {"ability": a, "attacker": a.card, "target": t.uid, "dist": dist,
                "p_kill": sum((p for w_, p in dist if w_ >= left), Fraction(0))}

    def odds(self) -> dict | None:
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

    # --- log and rules -------------------------------------------------------------------------
# --- the app -----------------------------------------------------------------------------------

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
    return (f"<b>{w('dice', lang)}</b> <span style='font-size:11px'>[{escape(roll['rule'])}]</span><br>"
            + "".join(boxes) + f"<div style='font-size:11px'>{escape(roll['text'])}</div>")


def odds_html(c: BerserkController, odds: dict | None) -> str:
    lang = c.lang
    if odds is None:
        return f"<b>{w('odds', lang)}</b>: <span style='font-size:12px'>{w('odds_none', lang)}</span>"
    head = f"<b>{w('odds', lang)}</b>: {escape(c.card_name(odds['attacker']))} → {escape(c.card_name(odds['target']))}"
    if "ability" in odds:
        rows = "".join(f"<tr><td>{dealt}</td><td align=right>{pct(p)}</td></tr>" for dealt, p in odds["dist"])
        return (f"{head} «{escape(c.ability_text(odds['ability'], lang))}»"
                f"<table style='font-size:12px'><tr><td>{w('p_kill', lang)}</td><td align=right><b>{pct(odds['p_kill'])}</b></td></tr>"
                f"<tr><td colspan=2 style='border-top:1px solid #999'>{w('wounds_dealt', lang)}</td></tr>{rows}</table>")
    kill_ex, kill_safe = odds["p_kill"]
    die_ex, die_safe = odds["p_die"]
    lines = [head, "<table style='font-size:12px;border-collapse:collapse'>",
             f"<tr><th></th><th style='padding:0 6px'>{w('exchange_policy', lang)}</th>"
             f"<th style='padding:0 6px'>{w('safe_policy', lang)}</th></tr>",
             f"<tr><td>{w('p_kill', lang)}</td><td align=right><b>{pct(kill_ex)}</b></td><td align=right>{pct(kill_safe)}</td></tr>",
             f"<tr><td>{w('p_die', lang)}</td><td align=right>{pct(die_ex)}</td><td align=right>{pct(die_safe)}</td></tr>",
             f"<tr><td colspan=3 style='border-top:1px solid #999'>{w('outcome', lang)}</td></tr>"]
    for dealt, taken, p_ex, p_sf in odds["rows"]:
        lines.append(f"<tr><td>{dealt} / {taken}</td><td align=right>{pct(p_ex)}</td><td align=right>{pct(p_sf)}</td></tr>")
    lines.append("</table>")
    notes = []
    if not odds["fights_back"]:
        notes.append(w("no_back", lang))
    if odds["p_choice"]:
        notes.append(w("with_choice", lang, p=pct(odds["p_choice"])))
    for d in odds.get("defenders", []):
        c_name = c.card_name(d["defender"])
        notes.append(f"{w('defender_odds', lang, uid=d['defender'], name=c_name)}: {w('p_kill', lang)} {pct(d['p_kill'][0])}")
    if notes:
        lines.append("<div style='font-size:11px'>" + "<br>".join(escape(n) for n in notes) + "</div>")
    return "".join(lines)



# --- the app -----------------------------------------------------------------------------------

class BerserkApp(BaseApp):
    """The hot-seat Berserk board with its panels (an ipywidgets `VBox`).

        app = BerserkApp(new_game(seed=7))                  # Russian, or the page's ?lang=
        app = BerserkApp(state, lang="en", viewer=0)        # English, board fixed to seat 0

    `app.controller` is the `BerserkController`; `app.view` the `CanvasView` of the board."""

    def __init__(self, state=None, lang: str | None = None, viewer: int | None = None, controller=None,
                 log_limit: int = 200):
        import ipywidgets as W

        if controller is None:
            if state is None:
                from berserk_kernel.berserk import new_game
                state = new_game()
            controller = BerserkController(state, lang, viewer)
        self.hand_title = W.HTML()
        self.hand_buttons = W.VBox(layout=W.Layout(max_height="300px", overflow="auto"))
        self.hand_buttons.add_class("app-list")
        self.dice_html = W.HTML()
        self.odds_box = W.HTML()
        self.viewer_label = W.HTML()
        self.viewer_toggle = W.ToggleButtons(options=[("auto", -1), ("A", 0), ("B", 1)], value=-1,
                                             style={"button_width": "auto"})
        self._hand_pool = ButtonPool(self._on_hand, width="100%")
        super().__init__(controller, log_limit)
        self.viewer_toggle.observe(self._on_viewer, names="value")
        self.add_class("berserk-app")
        self.refresh()

    def side_panels(self) -> list:
        import ipywidgets as W
        return [self.hand_title, self.hand_buttons, self.dice_html, self.odds_box,
                W.HBox([self.viewer_label, self.viewer_toggle], layout=W.Layout(align_items="center",
                                                                              flex_flow="row wrap"))]

    def title(self, lang: str) -> str:
        return "Берсерк — игра вдвоём за одним экраном" if lang == "ru" else "Berserk — a hot-seat game"

    def review_scene(self, state, lang):
        return board_scene(state, viewer=0, lang=lang)

    def refresh_side(self) -> None:
        c, lang = self.controller, self.controller.lang
        names = [c.seat_name(0), c.seat_name(1)]
        self.viewer_label.value = f"{w('viewer', lang)}:&nbsp;"
        options = ((w("viewer_auto", lang), -1), (names[0], 0), (names[1], 1))
        if tuple(tuple(o) for o in self.viewer_toggle.options) != options:
            self.viewer_toggle.options = options
        self.viewer_toggle.value = -1 if c.viewer_mode is None else c.viewer_mode
        self._refresh_hand()
        self.dice_html.value = dice_html(c.last_roll(), lang)
        self.refresh_odds()

    def refresh_odds(self) -> None:
        self.odds_box.value = odds_html(self.controller, self.controller.odds())

    def _refresh_hand(self) -> None:
        c, lang = self.controller, self.controller.lang
        items = c.hand()
        if not items:
            self.hand_title.value = ""
            self.hand_buttons.children = []
            return
        phase = c.state.phase
        title = w("deal", lang) if phase == "build" else w("squad", lang) if phase == "place" else w("off_board", lang)
        crystals = c.crystals()
        self.hand_title.value = (f"<div style='margin-top:6px'><b>{escape(title)}</b>"
                                 + (f"<br><span style='font-size:12px'>{escape(crystals)}</span>" if crystals else "")
                                 + "</div>")
        buttons = []
        for it in items:
            single = [a for a in it.actions if not object_cards(a) and a.cell is None]
            if it.enabled and single and len(it.actions) == 1:
                label = f"{kind_word(single[0].kind, lang)}: {it.label}"
                buttons.append(self._hand_pool.get(label, ("act", str(single[0])), tooltip=f"{label} [{single[0]}]"))
            elif it.enabled:
                label = ("▶ " if it.selected else "") + it.label
                buttons.append(self._hand_pool.get(label, ("select", it.uid), tooltip=it.label,
                                                   style="warning" if it.selected else ""))
            else:
                buttons.append(self._hand_pool.get(it.label, ("none", it.uid), tooltip=it.reason, disabled=True))
        if tuple(buttons) != tuple(self.hand_buttons.children):
            self.hand_buttons.children = buttons

    @guarded
    def _on_hand(self, key) -> None:
        what, value = key
        if what == "act":
            self.controller.apply(value)
        elif what == "select":
            self.controller.select(value)
        self.refresh()

    @guarded
    def _on_viewer(self, change) -> None:
        if self._busy:
            return
        self.controller.set_viewer(None if change["new"] == -1 else change["new"])
        self.refresh()
