"""`BerserkController`: what a click on the Berserk board means, what to light, what to ask, and
the words a person writes for every action (no widgets; the app is widgets/berserk_app.py).

    c = BerserkController(new_game(seed=7), lang="en")
    c.click("card:5"); c.prompt(); c.action_label(a); c.scene()

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

from berserk_kernel.berserk.cards import ELEMENT_NAMES
from berserk_kernel.berserk.field import cell_name, parse_cell
from berserk_kernel.berserk.scene import OWNER_COLOURS, board_scene
from berserk_kernel.berserk.targets import ability_of
from berserk_kernel.core.errors import DataError

from .berserk_explain import BerserkExplain
from .berserk_panels import ON_BOARD, BerserkPanels, HandItem, Highlights, _shape, object_cards, vocabulary
from .card_text import card_plain, card_title
from .controller_base import BaseController, Message, Prompt
from .i18n import action_words, kind_word, prompt_word, w

__all__ = ["BerserkController", "HandItem", "Highlights", "ON_BOARD", "object_cards", "vocabulary"]


# --- the controller ----------------------------------------------------------------------------

class BerserkController(BerserkExplain, BerserkPanels, BaseController):
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
            return w("face_down_card", lang, uid=uid)
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
        ab = ability_of(self.state, a.card, a.ability)[0] if c is not None else None   # printed or granted
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
        if not self.can_light(a):
            return None
        me = self.owner(a.card) if a.card is not None else self.seat
        cards, targets = set(), set()
        for o in object_cards(a):
            if self.on_board(o):
                (targets if self.owner(o) != me else cards).add(o)
        cells = {a.cell} if a.cell is not None else set()
        sel = a.card        # drawn as selected wherever the board shows it (field, deal, squad)
        return sel, Highlights(frozenset(cells), frozenset(cards), frozenset(targets))



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
        if tag and self.held():
            return self.message
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
        if uid is not None and self.held():
            return
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
        if self.held():
            return False
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
        (placing the squad), select the first of them so its cells light up at once (not while
        the player waits for the computer: its squad is hidden)."""
        legal = self.legal()
        if self.selected is not None and not any(a.card == self.selected for a in legal):
            self.selected = None
        if self.hold is not None and self.hold():    # the computer is to move: never its cards
            self.selected = None
        elif self.selected is None:
            actors = [a.card for a in legal if a.card is not None]
            if actors and not any(self.on_board(u) for u in actors):
                with_objects = [a.card for a in legal if a.card is not None and (object_cards(a) or a.cell is not None)]
                if with_objects:
                    self.selected = with_objects[0]
        if self.state.phase != "over" and self.seat is not None:
            self._last_viewer = self.state.active if self.state.turn else self.seat

    # --- panels --------------------------------------------------------------------------------
    def status(self) -> str:
        s, lang = self.state, self.lang
        if s.phase == "over":
            if s.winner == "draw":
                res = w("result_draw", lang)
            else:
                res = w("result_wins", lang, who=self.seat_name(s.winner))
            return f"{w('status_over', lang)} — {res}"
        phase = s.phase_name(lang)
        turn = f" · {w('turn_n', lang, n=s.turn)}" if s.turn else ""
        return f"{w('status_decides', lang, who=self.seat_name(self.seat))} · {phase}{turn}"

    def seat_colour(self) -> str | None:
        """The colour of the seat to decide (the status line's edge), None once the game is over."""
        if self.state.phase == "over" or self.seat is None:
            return None
        return OWNER_COLOURS[self.seat]

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
        return self._lit_sentence(parts, lit, lang)

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
