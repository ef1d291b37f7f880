"""`BerserkExplain`: why a click on the Berserk board does nothing — the refusal the kernel gives
for the clicked card or cell (the rule id and its words in both languages), or what the stage
asks for. A mixin of `BerserkController` (widgets/berserk_controller.py); no widgets, no rules.
"""
from __future__ import annotations

from collections import Counter

from berserk_kernel.berserk.actions import Action

from .berserk_panels import ON_BOARD, _plain, _shape, vocabulary
from .controller_base import Message
from .i18n import prompt_word, w


class BerserkExplain:
    """Explanations for clicks that do not act (mixed into `BerserkController`)."""

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
        """The kinds the rules allow at this stage (the kernel's `stage_kinds()`)."""
        return self.state.stage_kinds()

    def _stage_rule(self) -> str:
        """The rule behind the current decision (the kernel's `stage_rule()`)."""
        return self.state.stage_rule()

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
