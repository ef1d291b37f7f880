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

from ..core.errors import DataError

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
_PATTERNS = {
    "": re.compile(r"$"),
    "dst": re.compile(r"(\d+)$"),
    "dst count": re.compile(r"(\d+)\s+\+?(\d+)$"),
    "src>dst count": re.compile(r"(\d+)\s*>\s*(\d+)\s+(\d+)$"),
}


class Action(NamedTuple):
    """One decision. `dst` is the district acted on, `src` where forces come from."""

    verb: str
    dst: int = 0
    src: int = 0
    count: int = 0

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Action.parse({self.text('en')!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        return parse_action(text)

    def text(self, lang: str = "en") -> str:
        """The notation, with the Russian verb when lang == "ru"."""
        verb = RU[self.verb] if lang == "ru" else self.verb
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


def parse_action(text: str, source: str = "<notation>") -> Action:
    """Read one action in notation; raise DataError naming the problem in both languages."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise DataError(source, "action", f"expected an action in notation, got {text!r}",
                        f"ожидалось действие в нотации, получено {text!r}")
    words = text.strip().split(None, 1)
    if not words:
        raise DataError(source, "action", "empty action", "пустое действие")
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    if verb not in _SHAPE:
        raise DataError(source, "action", f"unknown verb {words[0]!r} in {text!r} (known: {', '.join(VERBS)})",
                        f"неизвестный глагол {words[0]!r} в {text!r} (известны: {', '.join(RU[v] for v in VERBS)})")
    shape = _SHAPE[verb]
    m = _PATTERNS[shape].match(words[1].strip() if len(words) > 1 else "")
    if not m:
        example = str(Action(verb, 7, 2, 3))
        raise DataError(source, "action", f"cannot read {text!r}: expected the form {example!r}",
                        f"не удалось прочитать {text!r}: ожидалась форма {Action(verb, 7, 2, 3).text('ru')!r}")
    nums = [int(g) for g in m.groups()]
    if shape == "dst":
        return Action(verb, nums[0])
    if shape == "dst count":
        return Action(verb, nums[0], 0, nums[1])
    if shape == "src>dst count":
        return Action(verb, nums[1], nums[0], nums[2])
    return Action(verb)
