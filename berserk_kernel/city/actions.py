"""Actions: small immutable values with a compact text notation (docs/notation-city.md).

    pick 5            choose start district 5                       (CITY-2.2)
    draw              draw and apply the event card                 (CITY-3.1)
    income            collect the income                            (CITY-3.2)
    capture 7         capture free district 7 for influence         (CITY-3.3)
    move 2>7 3        right after a capture: bring 3 forces from 2  (CITY-3.3)
    reinforce 4 +2    buy 2 forces and put them on district 4       (CITY-3.4)
    redeploy 2>3 4    move 4 forces from 2 to 3 along own districts (CITY-3.5)
    attack 2>3 5      attack district 3 from 2 with 5 forces        (CITY-3.6)
    end               end the turn                                  (CITY-3)

Russian verbs are read too (выбрать, событие, доход, захват, ввести, усилить, перебросить,
атака, конец); `str(action)` is always the English notation used in records.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..core.errors import ActionSyntaxError
from ..core.i18n import T
from ..core.messages import catalog

M = catalog("berserk_kernel.city")

VERBS = ("pick", "draw", "income", "capture", "move", "reinforce", "redeploy", "attack", "end")
ALIASES = {"выбрать": "pick", "событие": "draw", "доход": "income", "захват": "capture",
           "ввести": "move", "усилить": "reinforce", "перебросить": "redeploy", "атака": "attack",
           "конец": "end"}
RU = {"pick": "выбрать", "draw": "событие", "income": "доход", "capture": "захват", "move": "ввести",
      "reinforce": "усилить", "redeploy": "перебросить", "attack": "атака", "end": "конец"}
_SHAPE = {  # verb -> what follows it
    "pick": "dst", "draw": "", "income": "", "end": "", "capture": "dst",
    "reinforce": "dst count", "move": "src>dst count", "redeploy": "src>dst count", "attack": "src>dst count",
}
_PATTERNS = {  # ASCII digits only, at most 4 (a district) or 3 (a count) of them
    "": re.compile(r"$", re.ASCII),
    "dst": re.compile(r"([0-9]{1,4})$", re.ASCII),
    "dst count": re.compile(r"([0-9]{1,4})\s+\+?([0-9]{1,3})$", re.ASCII),
    "src>dst count": re.compile(r"([0-9]{1,4})\s*>\s*([0-9]{1,4})\s+([0-9]{1,3})$", re.ASCII),
}
MAX_DISTRICT = 9999
MAX_COUNT = 999
MAX_TEXT = 100
# shape -> which of dst, src, count it uses
_USES = {"": (False, False, False), "dst": (True, False, False), "dst count": (True, False, True),
         "src>dst count": (True, True, True)}
_VERB_USES = {v: _USES[shape] for v, shape in _SHAPE.items()}
_tuple_new = tuple.__new__
_TEXTS: dict = {}            # fields -> English text (see Action.text)
MAX_CACHED = 100_000


class _Fields(NamedTuple):
    verb: str
    dst: int = 0
    src: int = 0
    count: int = 0


class Action(_Fields):
    """One decision. `dst` is the district acted on, `src` where forces come from. Built from
    its fields, ``Action("attack", 3, 2, 5)``, or from its text, ``Action("attack 2>3 5")`` (its
    repr); it equals its English text and hashes like it; `kind` is the verb.

    A value no text could spell (an unknown verb, ``Action("end", 3)``, a bool or a float for a
    number) raises `ActionSyntaxError`."""

    __slots__ = ()

    def __new__(cls, verb, dst=0, src=0, count=0):
        uses = _VERB_USES.get(verb) if type(verb) is str else None
        if (uses is not None and type(dst) is int and type(src) is int and type(count) is int
                and ((0 <= dst <= MAX_DISTRICT) if uses[0] else dst == 0)
                and ((0 <= src <= MAX_DISTRICT) if uses[1] else src == 0)
                and ((0 <= count <= MAX_COUNT) if uses[2] else count == 0)):
            return _tuple_new(cls, (verb, dst, src, count))
        shape = _SHAPE.get(verb) if type(verb) is str else None
        if shape is None and type(verb) is str and dst == src == count == 0 and type(dst) is type(src) is type(count) is int:
            return parse_action(verb)   # Action('attack 2>3 5'): the text of an action (its repr)
        if shape is None:
            _syntax("action_unknown_verb_value", verb=_show(verb), known=_known_verbs())
        for name, value, used, top in zip(("dst", "src", "count"), (dst, src, count), _USES[shape],
                                          (MAX_DISTRICT, MAX_DISTRICT, MAX_COUNT)):
            if type(value) is not int or (used and not 0 <= value <= top) or (not used and value != 0):
                _syntax("action_bad_field" if used else "action_no_field", verb=T(repr(RU[verb]), repr(verb)),
                        field=name, value=_show(value))
        return _Fields.__new__(cls, verb, dst, src, count)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Action({self.text('en')!r})"

    @property
    def kind(self) -> str:
        """The verb (the same word as a Berserk action's `kind`)."""
        return self.verb

    # an action equals its (English) text: ``"attack 2>3 5" in state.legal_actions()``
    def __eq__(self, other):
        if other.__class__ is str:
            return self.text("en") == other
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        if other.__class__ is str:
            return self.text("en") != other
        return tuple.__ne__(self, other)

    def __hash__(self) -> int:
        return hash(self.text("en"))

    @classmethod
    def parse(cls, text: str) -> "Action":
        return parse_action(text)

    def text(self, lang: str = "en") -> str:
        """The notation, with the Russian verb when lang == "ru"."""
        if lang != "ru":
            # cached by the fields (a plain tuple): equality with a text and the hash read it
            fields = tuple(self)
            text = _TEXTS.get(fields)
            if text is None:
                text = self._text(self.verb)
                if len(_TEXTS) < MAX_CACHED:
                    _TEXTS[fields] = text
            return text
        return self._text(RU[self.verb])

    def _text(self, verb: str) -> str:
        shape = _SHAPE[self.verb]
        if shape == "dst":
            return f"{verb} {self.dst}"
        if shape == "dst count":
            return f"{verb} {self.dst} +{self.count}"
        if shape == "src>dst count":
            return f"{verb} {self.src}>{self.dst} {self.count}"
        return verb

    # constructors, python-chess style
    @classmethod
    def pick(cls, d): return cls("pick", d)
    @classmethod
    def capture(cls, d): return cls("capture", d)
    @classmethod
    def reinforce(cls, d, n): return cls("reinforce", d, 0, n)
    @classmethod
    def move(cls, s, d, n): return cls("move", d, s, n)
    @classmethod
    def redeploy(cls, s, d, n): return cls("redeploy", d, s, n)
    @classmethod
    def attack(cls, s, d, n): return cls("attack", d, s, n)


DRAW, INCOME, END = Action("draw"), Action("income"), Action("end")


def _syntax(msg: str, source: str = "<action>", **kw):
    """Refuse an action text with the catalog's message `msg` in both languages."""
    m = M(msg, **kw)
    raise ActionSyntaxError(source, "action", m.en, m.ru)


def _known_verbs() -> T:
    """The verbs of the notation, in each language's words."""
    return T(", ".join(RU[v] for v in VERBS), ", ".join(VERBS))


def _show(value) -> str:
    text = repr(value).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 60 else text[:59] + "…"


def parse_action(text, source: str = "<action>") -> Action:
    """Read one action in notation (an `Action` passes through); raise `ActionSyntaxError`
    (source, field ``"action"``) naming the problem in both languages."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        _syntax("action_not_text", source, got=_show(text))
    if len(text) > MAX_TEXT:
        _syntax("action_too_long", source, most=MAX_TEXT, got=str(len(text)))
    words = text.strip().split(None, 1)
    if not words:
        _syntax("action_empty", source)
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    if verb not in _SHAPE:
        _syntax("action_unknown_verb", source, verb=_show(words[0]), text=_show(text), known=_known_verbs())
    shape = _SHAPE[verb]
    m = _PATTERNS[shape].match(words[1].strip() if len(words) > 1 else "")
    if not m:
        example = Action(verb, 7, 2, 3) if shape == "src>dst count" else Action(verb, 7, 0, 3) \
            if shape == "dst count" else Action(verb, 7) if shape == "dst" else Action(verb)
        _syntax("action_form", source, text=_show(text), form=T(repr(example.text("ru")), repr(str(example))))
    nums = [int(g) for g in m.groups()]
    if shape == "dst":
        return Action(verb, nums[0])
    if shape == "dst count":
        return Action(verb, nums[0], 0, nums[1])
    if shape == "src>dst count":
        return Action(verb, nums[1], nums[0], nums[2])
    return Action(verb)
