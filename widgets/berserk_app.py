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
import secrets
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from berserk_kernel.berserk import odds_for
from berserk_kernel.berserk.actions import KINDS, Action
from berserk_kernel.berserk.cards import ELEMENT_NAMES
from berserk_kernel.berserk.field import cell_name, parse_cell
from berserk_kernel.berserk.scene import board_scene
from berserk_kernel.berserk.setup import crystals_left, squad_cost
from berserk_kernel.berserk.targets import modifier
from berserk_kernel.core.words import count
from berserk_kernel.core.errors import DataError

from .charts import bars_html, columns_svg, fight_table_svg, single_die_svg
from .charts import pct
from .common import BaseApp, BaseController, ButtonPool, Message, Prompt, guarded
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
        self.pointed_card: int | None = None   # a card whose button (deal, squad) is under the pointer
        self.confirming = None                 # an action waiting for "are you sure?" (empty squad)
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
                objects.append(w("cell_n", lang, c=fields["cell"]))
            fields["targets"] = (": " + ", ".join(objects)) if objects else ""
        if kind in ("exchange", "safe") and self.state.pending and self.state.pending.get("kind") == "choice":
            v = self.explain(a)
            if v is not None and v.ok:
                return (v.en if lang == "en" else v.ru).rstrip(".")
        template = action_words(kind, lang)
        if template is not None:
            return template.format(**fields)
        parts = [kind_word(a.kind, lang)] + [f for f in (fields["card"], fields["other"], fields["cell"]) if f]
        return " ".join(parts)

    def action_tooltip(self, a, lang: str | None = None) -> str:
        """A button's tooltip: its words and the full text of the card it acts with."""
        lang = lang or self.lang
        if isinstance(a, str):
            return ""
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

    def focus_highlights(self):
        """The lights of the action pointed at (or picked in the list): its card, its objects and
        cell only; None when no legal action is in focus."""
        a = self.focus_action()
        if a is None or a not in self.legal():
            return None
        me = self.owner(a.card) if a.card is not None else self.seat
        cards, targets = set(), set()
        for o in object_cards(a):
            if self.on_board(o):
                (targets if self.owner(o) != me else cards).add(o)
        cells = {a.cell} if a.cell is not None else set()
        sel = a.card if a.card is not None and self.on_board(a.card) else None
        return sel, Highlights(frozenset(cells), frozenset(cards), frozenset(targets))

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

    def point_at(self, key) -> bool:
        """A button is under the pointer: ("act", action) / ("select"|"none", uid) from the
        lists beside the board, or an action's text (prompt buttons); None: none."""
        card = None
        if isinstance(key, tuple):
            what, value = key
            key, card = (value, None) if what == "act" else (None, value)
        changed = super().point_at(key)
        if card is None and self.pointed is not None:
            card = self.pointed.card
        if card != self.pointed_card:
            self.pointed_card = card
            changed = True
        return changed

    def card_panel(self) -> str:
        uid = self.focus_card()
        if uid is None and self.state.phase == "order":
            return ""
        if uid is None:
            return (f"<div class='app-card' style='font-size:12px;color:#555;margin-top:6px'>"
                    f"{escape(w('card_hint', self.lang))}</div>")
        return card_html(self.state, uid, self.lang, viewer=self.viewer)

    def scene(self):
        focus = self.focus_highlights()
        if focus is not None:
            sel, h = focus
        else:
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
        """The pointer is over `tag` on the board; True when that changes the odds or the card
        panel."""
        before = (self.considered_strike(), self.focus_card())
        self.hover = tag
        return (self.considered_strike(), self.focus_card()) != before

    # --- acting --------------------------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        self.viewer_mode = viewer if viewer in (0, 1) else None

    def choose(self, action) -> bool:
        """A prompt button was pressed. «Готово» with an empty squad asks first."""
        if action == "confirm:yes":
            self.confirming = None
            return self.apply("done")
        if action == "confirm:no":
            self.confirming = None
            self.message = None
            return False
        if isinstance(action, str):
            action = self.state.parse_action(action)
        if (action.kind == "done" and self.state.phase == "build" and self.seat is not None
                and not self.state.seats[self.seat].squad):
            self.confirming = action
            self._say("info", "", *self._w2("confirm_empty"))
            return False
        return self.apply(action)

    def _reset_selection(self) -> None:
        self.selected = None
        self.hover = None
        self.pointed_card = None
        self.confirming = None
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
                res = w("result_draw", lang)
            else:
                res = w("result_wins", lang, who=self.seat_name(s.winner))
            return f"{w('status_over', lang)} — {res}"
        from berserk_kernel.berserk.game import PHASE_NAMES
        phase = PHASE_NAMES[s.phase].get(lang) if s.phase in PHASE_NAMES else s.phase
        turn = f" · {w('turn_n', lang, n=s.turn)}" if s.turn else ""
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
        if self.confirming is not None:
            return Prompt(seat, self.seat_name(seat), w("confirm_empty", lang), "BR-7.5",
                          [(w("confirm_yes", lang), "confirm:yes"), (w("confirm_no", lang), "confirm:no")])
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
        gold, silver = crystals_left(self.state, seat)
        return w("crystals", self.lang, who=self.seat_name(seat), gold=count(gold, "gold", self.lang),
                 silver=count(silver, "silver", self.lang))

    def squad_summary(self) -> dict | None:
        """While building: the bought cards with their costs, crystals left, the element penalty."""
        seat = self.seat
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
        """The dice of the last roll in the log: {"rule", "text", "dice": [(label, value, colour)]}."""
        s, lang = self.state, self.lang
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

    # --- odds ----------------------------------------------------------------------------------
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

    # --- log and rules -------------------------------------------------------------------------
# --- the app -----------------------------------------------------------------------------------

def random_seed() -> int:
    """A new game number for a new deal. The kernel's dice stay seeded: the number is shown, so
    the same game can be dealt again."""
    return secrets.randbelow(999_999) + 1


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


def odds_html(c: BerserkController, odds: dict | None) -> str:
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


# --- the app -----------------------------------------------------------------------------------

class BerserkApp(BaseApp):
    """The hot-seat Berserk board with its panels (an ipywidgets `VBox`).

        app = BerserkApp(new_game(seed=7))                  # Russian, or the page's ?lang=
        app = BerserkApp(state, lang="en", viewer=0)        # English, board fixed to seat 0

    `app.controller` is the `BerserkController`; `app.view` the `CanvasView` of the board."""

    def __init__(self, state=None, lang: str | None = None, viewer: int | None = None, controller=None,
                 log_limit: int = 200, seed: int | None = None, setup_row: bool = False):
        import ipywidgets as W

        from berserk_kernel.berserk import new_game

        if controller is None:
            if state is None:
                state = new_game(seed=random_seed() if seed is None else seed)
            controller = BerserkController(state, lang, viewer)
        self.setup_row = setup_row
        st = controller.state
        self.mode_toggle = W.ToggleButtons(options=[("classic", "classic"), ("heroes", "heroes")],
                                           value=getattr(st, "mode", "classic"), style={"button_width": "auto"})
        self.seed_box = W.BoundedIntText(value=int(st.setup.get("seed", 0) or 0), min=0, max=10**9,
                                         layout=W.Layout(width="110px"))
        self.new_button = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.random_button = W.Button(layout=W.Layout(width="auto"))
        self.setup_labels = [W.HTML(), W.HTML(), W.HTML()]
        self.hand_title = W.HTML()
        self.hand_buttons = W.VBox(layout=W.Layout(max_height="260px", overflow="auto"))
        self.hand_buttons.add_class("app-list")
        self.dice_html = W.HTML()
        self.squad_html = W.HTML()
        self.fight_html = W.HTML()
        self._notes: dict = {}
        self.odds_box = W.HTML()
        self.viewer_label = W.HTML()
        self.viewer_toggle = W.ToggleButtons(options=[("auto", -1), ("A", 0), ("B", 1)], value=-1,
                                             style={"button_width": "auto"})
        super().__init__(controller, log_limit)
        self._hand_pool = ButtonPool(self._on_hand, width="100%", hover=self.hover, name="h")
        self.viewer_toggle.observe(self._on_viewer, names="value")
        self.new_button.on_click(self._on_new_game)
        self.random_button.on_click(self._on_random_game)
        if setup_row:
            self.add_hotseat_parts("berserk")
        self.add_class("berserk-app")
        self.refresh()

    def side_panels_top(self) -> list:
        return [self.squad_html]

    def side_panels(self) -> list:
        return [self.hand_title, self.hand_buttons, self.dice_html, self.fight_html, self.odds_box]

    def below_main(self) -> list:
        """Hot-seat only (`setup_row=True`): whose side the board shows, and a new game."""
        import ipywidgets as W
        if not self.setup_row:
            return []
        viewer = W.HBox([self.viewer_label, self.viewer_toggle], layout=W.Layout(align_items="center"))
        game = W.HBox([self.setup_labels[0], self.mode_toggle, self.setup_labels[1], self.seed_box,
                       self.new_button, self.random_button, self.setup_labels[2]],
                      layout=W.Layout(align_items="center", flex_flow="row wrap"))
        row = W.HBox([viewer, game], layout=W.Layout(flex_flow="row wrap", align_items="center", grid_gap="16px",
                                                    margin="6px 0"))
        row.add_class("app-setup")
        return [row]

    def title(self, lang: str) -> str:
        return w("title_berserk", lang)

    def review_scene(self, state, lang):
        return board_scene(state, viewer=0, lang=lang)

    def refresh_side(self) -> None:
        c, lang = self.controller, self.controller.lang
        self.setup_labels[0].value = f"<b>{w('new_game', lang)}</b>:&nbsp;"
        self.setup_labels[1].value = f"&nbsp;{w('game_number', lang)}:&nbsp;"
        self.setup_labels[2].value = f"<span style='font-size:11px;color:#555'>{w('game_number_hint', lang)}</span>"
        modes = ((w("mode_classic", lang), "classic"), (w("mode_heroes", lang), "heroes"))
        if tuple(tuple(o) for o in self.mode_toggle.options) != modes:
            keep = self.mode_toggle.value
            self.mode_toggle.options = modes
            self.mode_toggle.value = keep
        self.new_button.description = w("start_game", lang)
        self.random_button.description = w("random_game", lang)
        names = [c.seat_name(0), c.seat_name(1)]
        self.viewer_label.value = f"{w('viewer', lang)}:&nbsp;"
        options = ((w("viewer_auto", lang), -1), (names[0], 0), (names[1], 1))
        if tuple(tuple(o) for o in self.viewer_toggle.options) != options:
            self.viewer_toggle.options = options
        self.viewer_toggle.value = -1 if c.viewer_mode is None else c.viewer_mode
        self._refresh_hand()
        roll = c.last_roll()
        self.dice_html.value = dice_html(roll, lang) if roll else ""
        self.fight_html.value = fight_html(c.fight_now(), lang)
        self.refresh_odds()

    def refresh_odds(self) -> None:
        self.odds_box.value = odds_html(self.controller, self.controller.odds())

    def card_panel_html(self) -> str:
        return self.controller.card_panel()

    def _refresh_hand(self) -> None:
        c, lang = self.controller, self.controller.lang
        items = c.hand()
        squad = c.squad_summary()
        self.squad_html.value = squad_html(squad, c.seat_name(squad["seat"]), lang) if squad else ""
        if not items:
            self.hand_title.value = ""
            self.hand_buttons.children = []
            return
        phase = c.state.phase
        title = w("deal_title", lang) if phase == "build" else w("squad", lang) if phase == "place" else w("off_board", lang)
        self.hand_title.value = f"<div style='margin-top:6px'><b>{escape(title)}</b></div>"
        rows = []
        for it in items:
            single = [a for a in it.actions if not object_cards(a) and a.cell is None]
            tip = card_plain(c.state, it.uid, lang)
            if it.enabled and single and len(it.actions) == 1:
                label = c.action_label(single[0], lang)
                rows.append(self._hand_pool.get(f"{label} · {self._cost(it.uid)}", ("act", str(single[0])),
                                                tooltip=tip))
            elif it.enabled:
                label = ("▶ " if it.selected else "") + it.label
                rows.append(self._hand_pool.get(label, ("select", it.uid), tooltip=tip,
                                                style="warning" if it.selected else ""))
            else:
                b = self._hand_pool.get(f"✕ {it.label}", ("none", it.uid), tooltip=tip)
                b.add_class("app-cannot")
                rows.append(b)
                rows.append(self._note(f"{w('cannot_buy', lang)} — {it.reason}" if phase == "build" else it.reason))
        if tuple(rows) != tuple(self.hand_buttons.children):
            self.hand_buttons.children = rows

    def _cost(self, uid) -> str:
        d = self.controller.state.defs[self.controller.state.cards[uid].card]
        return f"{w('cost', self.controller.lang)} {d.cost}" + (" ★" if d.elite else "")

    def _note(self, text: str):
        """A small reason line under a card of the list (cached by its text)."""
        import ipywidgets as W
        h = self._notes.get(text)
        if h is None:
            h = W.HTML(f"<div class='app-reason' style='font-size:11px;color:#A0400A;margin:0 0 4px 14px;"
                       f"line-height:1.25'>{escape(text)}</div>")
            if len(self._notes) > 200:
                self._notes.clear()
            self._notes[text] = h
        return h

    @guarded
    def _on_hand(self, key) -> None:
        what, value = key
        if what == "act":
            self.controller.apply(value)
        elif what == "select":
            self.controller.select(value)
        else:
            self.controller.read_card(value)
        self.refresh()

    @guarded
    def _on_new_game(self, _b) -> None:
        from berserk_kernel.berserk import new_game
        state = new_game(seed=int(self.seed_box.value), mode=self.mode_toggle.value)
        self.controller.reset(state)
        self.replay = None
        self.review_box.children = [self.review_button]
        self.refresh()

    @guarded
    def _on_random_game(self, _b) -> None:
        self.seed_box.value = random_seed()
        self._on_new_game(_b)

    @guarded
    def _on_viewer(self, change) -> None:
        if self._busy:
            return
        self.controller.set_viewer(None if change["new"] == -1 else change["new"])
        self.refresh()
