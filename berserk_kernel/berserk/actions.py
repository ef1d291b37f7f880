"""Actions: small immutable values with a compact text notation (see docs/notation.md).

Card instances are written ``#12``; cells ``c2``. Canonical texts:

    first | second                       choose to go first or second (BR-7.1)
    redeal | buy #12 | done              squad building (BR-7.4, BR-7.5)
    place #12 c2                         placement (BR-8.1 to BR-8.3)
    hide | show                          second player's third row at reveal (BR-8.4)
    attach #12 #5 | done                 equipment / symbiote onto a creature (BR-8.5, BR-6)
    move #5 c3                           movement (BR-9.1)
    strike #5 #9                         simple strike (BR-10, BR-11)
    defend #8 | nodefend                 defender choice (BR-10.2)
    exchange | safe                      fight-table options at +4, +2, -4 (R-BR-FIGHT)
    prepare #5                           close for a strike at a flyer (BR-11.1)
    end                                  end the turn (BR-16)
    use #5 shot #9 [#10 ...] [c3]        declare ability `shot` of #5 with its targets (HR-declaration)
    pass                                 let the queue go on without an answer (HR-queue-empty)
    skip #5 ambush                       decline an optional trigger (or one with no legal target)
    gather #5                            close to gather a token (BR-13)
    hire #12 [c2 | #5]                   Heroes mode: hire a card from the hand (R-HEROES)
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..core.errors import ActionSyntaxError
from ..core.messages import catalog
from .field import CELLS, cell_name, parse_cell

E = catalog("berserk_kernel.berserk", "data/errors.toml")

KINDS = ("first", "second", "redeal", "buy", "done", "place", "hide", "show", "attach",
         "move", "strike", "defend", "nodefend", "exchange", "safe", "prepare", "end",
         "use", "pass", "skip", "gather", "hire")
_ARGS = {  # kind -> the argument pattern
    "buy": "c", "place": "cx", "attach": "cc", "move": "cx", "strike": "cc", "defend": "c",
    "prepare": "c", "gather": "c",
}
# kind -> what each field may hold: card, other, cell, ability ("r" required, "o" optional,
# "-" empty); only `use` names targets
_SHAPE = {k: "----" for k in KINDS}
_SHAPE.update({"buy": "r---", "defend": "r---", "prepare": "r---", "gather": "r---",
               "place": "r-r-", "move": "r-r-", "attach": "rr--", "strike": "rr--",
               "use": "r-or", "skip": "r--r", "hire": "roo-"})
MAX_UID = 999_999
MAX_TARGETS = 10
MAX_TEXT = 200
_CARD_REF = re.compile(r"#([0-9]{1,6})", re.ASCII)
_ABILITY = re.compile(r"[a-z][a-z0-9_]{0,39}", re.ASCII)


# kinds whose fields are all required or all absent: (card is None, other is None, cell is None)
_FIXED = {k: tuple(c == "-" for c in v[:3]) for k, v in _SHAPE.items() if "o" not in v and v[3] == "-"}
_N_CELLS = len(CELLS)
_TEXTS: dict = {}            # fields -> text (see Action.__str__)
MAX_CACHED = 100_000
_tuple_new = tuple.__new__


def _syntax(text):
    raise ActionSyntaxError.of("<action>", "action", text)


class _Fields(NamedTuple):
    kind: str
    card: int | None = None      # the acting card (uid)
    other: int | None = None     # a second card: target, host
    cell: int | None = None      # a destination cell
    ability: str | None = None   # `use`, `skip`: the ability id on the card
    targets: tuple = ()          # `use`: the chosen targets, in order


def _uid_ok(u) -> bool:
    return type(u) is int and 1 <= u <= MAX_UID


class Action(_Fields):
    """One decision. Built from its fields, ``Action("move", 5, None, 12)``, or from its text,
    ``Action("move #5 c3")`` (its repr) or `Action.parse`. It equals its text and hashes like
    it. A value that no text could spell (``Action("end", 1, 1, 3)``,
    a bool for a card, a cell off the field) raises `ActionSyntaxError`."""

    __slots__ = ()

    def __new__(cls, kind, card=None, other=None, cell=None, ability=None, targets=()):
        # the fast path (legal-action lists build thousands): a kind with fixed fields, all
        # present or absent as it needs, whole numbers in range
        if (type(kind) is str and _FIXED.get(kind) == (card is None, other is None, cell is None)
                and ability is None and targets == ()
                and (card is None or (type(card) is int and 0 < card <= MAX_UID))
                and (other is None or (type(other) is int and 0 < other <= MAX_UID))
                and (cell is None or (type(cell) is int and 0 <= cell < _N_CELLS))):
            return _tuple_new(cls, (kind, card, other, cell, None, ()))
        return cls._checked(kind, card, other, cell, ability, targets)

    @classmethod
    def _checked(cls, kind, card, other, cell, ability, targets):
        shape = _SHAPE.get(kind) if type(kind) is str else None
        if shape is None and type(kind) is str and card is other is cell is ability is None and targets == ():
            return cls.parse(kind)      # Action('strike #1 #2'): the text of an action (its repr)
        if shape is None:
            _syntax(E("actions_unknown_action_known", value=_show(kind), names=', '.join(KINDS)))
        if type(targets) is not tuple:
            targets = tuple(targets) if isinstance(targets, list) else targets
        for name, value, want in (("card", card, shape[0]), ("other", other, shape[1]),
                                  ("cell", cell, shape[2]), ("ability", ability, shape[3])):
            if value is None:
                if want == "r":
                    _syntax(E("actions_needs", kind=kind, name=name))
                continue
            if want == "-":
                _syntax(E("actions_takes_got", kind=kind, name=name, value=_show(value)))
            ok = (_uid_ok(value) if name in ("card", "other") else
                  type(value) is int and 0 <= value < len(CELLS) if name == "cell" else
                  type(value) is str and _ABILITY.fullmatch(value) is not None)
            if not ok:
                _syntax(E("actions_bad", name=name, value=_show(value), kind=kind))
        if targets:
            if kind != "use" or type(targets) is not tuple or len(targets) > MAX_TARGETS \
                    or not all(_uid_ok(t) for t in targets):
                _syntax(E("actions_bad_targets", value=_show(targets), kind=kind))
        if kind == "hire" and other is not None and cell is not None:
            _syntax(E("actions_hire_takes_cell_host"))
        return _Fields.__new__(cls, kind, card, other, cell, ability, targets)

    def __str__(self) -> str:
        # the text is cached by the fields (a plain tuple): equality with a text and the hash
        # read it often, and the cached str keeps its own hash
        fields = tuple(self)
        text = _TEXTS.get(fields)
        if text is None:
            text = self._text()
            if len(_TEXTS) < MAX_CACHED:
                _TEXTS[fields] = text
        return text

    def _text(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(f"#{self.card}")
        if self.ability is not None:
            parts.append(self.ability)
        parts.extend(f"#{u}" for u in self.targets)
        if self.other is not None:
            parts.append(f"#{self.other}")
        if self.cell is not None:
            parts.append(cell_name(self.cell))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    # an action equals its text: ``"strike #1 #2" in state.legal_actions()``
    def __eq__(self, other):
        if other.__class__ is str:
            return str(self) == other
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        if other.__class__ is str:
            return str(self) != other
        return tuple.__ne__(self, other)

    def __hash__(self) -> int:
        return hash(str(self))

    @property
    def cell_name(self) -> str | None:
        """The cell of the action by name (``"c2"``), or None when it names no cell."""
        return None if self.cell is None else cell_name(self.cell)

    @classmethod
    def parse(cls, text) -> "Action":
        """Read the notation; an action value passes through. Anything unreadable raises
        `ActionSyntaxError` (source ``"<action>"``, field ``"action"``)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            _syntax(E("actions_expected_action_notation_got", value=_show(text)))
        if len(text) > MAX_TEXT:
            _syntax(E("actions_action_most_characters_one", max_text=MAX_TEXT, count=len(text)))
        words = text.split()
        if not words or words[0] not in KINDS:
            _syntax(E("actions_unknown_action_known", value=_show(text), names=', '.join(KINDS)))
        kind, args = words[0], words[1:]
        if kind in ("use", "skip", "hire"):
            return cls._parse_free(kind, args, text)
        pattern = _ARGS.get(kind, "")
        if len(args) != len(pattern):
            _syntax(E("actions_takes_argument_s", kind=kind, count=len(pattern), value=_show(text)))
        cards, cell = [], None
        for arg, p in zip(args, pattern):
            if p == "c":
                cards.append(_card_ref(arg, text))
            else:
                cell = _cell(arg)
        cards += [None, None]
        return cls(kind, cards[0], cards[1], cell)

    @classmethod
    def _parse_free(cls, kind: str, args: list, text: str) -> "Action":
        """``use #5 shot #9 #10 c3``, ``skip #5 ambush``, ``hire #12 c2`` / ``hire #12 #5``."""
        if not args:
            _syntax(E("actions_needs_card", kind=kind, value=_show(text)))
        card = _card_ref(args[0], text)
        rest = args[1:]
        if kind == "hire":
            if len(rest) > 1:
                _syntax(E("actions_hire_takes_card_cell", value=_show(text)))
            if rest and rest[0].startswith("#"):
                return cls(kind, card, _card_ref(rest[0], text))
            return cls(kind, card, None, _cell(rest[0]) if rest else None)
        if not rest or rest[0].startswith("#"):
            _syntax(E("actions_names_ability_after_card", kind=kind, value=_show(text)))
        ability, rest = rest[0], rest[1:]
        if not _ABILITY.fullmatch(ability):
            _syntax(E("actions_not_ability_id", value=_show(ability), value2=_show(text)))
        if kind == "skip" and rest:
            _syntax(E("actions_skip_takes_card_ability", value=_show(text)))
        targets, cell = [], None
        for arg in rest:
            if arg.startswith("#"):
                if cell is not None:
                    _syntax(E("actions_cell_comes_last", value=_show(text)))
                targets.append(_card_ref(arg, text))
            elif cell is None:
                cell = _cell(arg)
            else:
                _syntax(E("actions_one_cell", value=_show(text)))
        return cls(kind, card, None, cell, ability, tuple(targets))


def _card_ref(arg: str, text: str) -> int:
    m = _CARD_REF.fullmatch(arg)
    if m is None or not _uid_ok(int(m.group(1))):
        _syntax(E("actions_not_card_reference_like", value=_show(arg), value2=_show(text)))
    return int(m.group(1))


def _cell(arg: str) -> int:
    try:
        return parse_cell(arg)
    except ValueError as e:
        raise ActionSyntaxError("<action>", "action", getattr(e, "en", str(e)), getattr(e, "ru", str(e))) from None


def _show(value) -> str:
    text = repr(value).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 60 else text[:59] + "…"


def A(text: str) -> Action:
    """Shorthand: ``A("move #5 c3")``."""
    return Action.parse(text)
