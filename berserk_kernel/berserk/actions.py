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
"""
from __future__ import annotations

from typing import NamedTuple

from ..core.errors import DataError
from .field import cell_name, parse_cell

KINDS = ("first", "second", "redeal", "buy", "done", "place", "hide", "show", "attach",
         "move", "strike", "defend", "nodefend", "exchange", "safe", "prepare", "end")
_ARGS = {  # kind -> the argument pattern
    "buy": "c", "place": "cx", "attach": "cc", "move": "cx", "strike": "cc", "defend": "c",
    "prepare": "c",
}


class Action(NamedTuple):
    kind: str
    card: int | None = None      # the acting card (uid)
    other: int | None = None     # a second card: target, host
    cell: int | None = None      # a destination cell

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(f"#{self.card}")
        if self.other is not None:
            parts.append(f"#{self.other}")
        if self.cell is not None:
            parts.append(cell_name(self.cell))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<{self}>"

    @classmethod
    def parse(cls, text: str) -> "Action":
        words = str(text).split()
        if not words or words[0] not in KINDS:
            raise DataError("<action>", "", f"unknown action {text!r}; known: {', '.join(KINDS)}",
                            f"неизвестное действие {text!r}; известны: {', '.join(KINDS)}")
        kind, args = words[0], words[1:]
        pattern = _ARGS.get(kind, "")
        if len(args) != len(pattern):
            raise DataError("<action>", "", f"{kind!r} takes {len(pattern)} argument(s): {text!r}",
                            f"{kind!r} принимает аргументов: {len(pattern)}: {text!r}")
        cards, cell = [], None
        for arg, p in zip(args, pattern):
            if p == "c":
                if not (arg.startswith("#") and arg[1:].isdigit()):
                    raise DataError("<action>", "", f"{arg!r} is not a card reference like #12",
                                    f"{arg!r} — не ссылка на карту вида #12")
                cards.append(int(arg[1:]))
            else:
                cell = parse_cell(arg)
        cards += [None, None]
        return cls(kind, cards[0], cards[1], cell)


def A(text: str) -> Action:
    """Shorthand: ``A("move #5 c3")``."""
    return Action.parse(text)
