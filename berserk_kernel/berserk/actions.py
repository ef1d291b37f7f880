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

from typing import NamedTuple

from ..core.errors import DataError
from .field import cell_name, parse_cell

KINDS = ("first", "second", "redeal", "buy", "done", "place", "hide", "show", "attach",
         "move", "strike", "defend", "nodefend", "exchange", "safe", "prepare", "end",
         "use", "pass", "skip", "gather", "hire")
_ARGS = {  # kind -> the argument pattern
    "buy": "c", "place": "cx", "attach": "cc", "move": "cx", "strike": "cc", "defend": "c",
    "prepare": "c", "gather": "c",
}


class Action(NamedTuple):
    kind: str
    card: int | None = None      # the acting card (uid)
    other: int | None = None     # a second card: target, host
    cell: int | None = None      # a destination cell
    ability: str | None = None   # `use`, `skip`: the ability id on the card
    targets: tuple = ()          # `use`: the chosen targets, in order

    def __str__(self) -> str:
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
        return f"<{self}>"

    @classmethod
    def parse(cls, text: str) -> "Action":
        words = str(text).split()
        if not words or words[0] not in KINDS:
            raise DataError("<action>", "", f"unknown action {text!r}; known: {', '.join(KINDS)}",
                            f"неизвестное действие {text!r}; известны: {', '.join(KINDS)}")
        kind, args = words[0], words[1:]
        if kind in ("use", "skip", "hire"):
            return cls._parse_free(kind, args, text)
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


    @classmethod
    def _parse_free(cls, kind: str, args: list, text: str) -> "Action":
        """``use #5 shot #9 #10 c3``, ``skip #5 ambush``, ``hire #12 c2`` / ``hire #12 #5``."""
        def card_ref(arg):
            if not (arg.startswith("#") and arg[1:].isdigit()):
                raise DataError("<action>", "", f"{arg!r} is not a card reference like #12 in {text!r}",
                                f"{arg!r} — не ссылка на карту вида #12 в {text!r}")
            return int(arg[1:])

        if not args:
            raise DataError("<action>", "", f"{kind!r} needs a card: {text!r}", f"{kind!r}: нужна карта: {text!r}")
        card = card_ref(args[0])
        rest = args[1:]
        if kind == "hire":
            if len(rest) > 1:
                raise DataError("<action>", "", f"hire takes a card and a cell or a host: {text!r}",
                                f"hire: карта и клетка или носитель: {text!r}")
            if rest and rest[0].startswith("#"):
                return cls(kind, card, card_ref(rest[0]))
            return cls(kind, card, None, parse_cell(rest[0]) if rest else None)
        if not rest or rest[0].startswith("#"):
            raise DataError("<action>", "", f"{kind!r} names the ability after the card: {text!r}",
                            f"{kind!r}: после карты назовите способность: {text!r}")
        ability, rest = rest[0], rest[1:]
        if kind == "skip" and rest:
            raise DataError("<action>", "", f"skip takes a card and an ability: {text!r}",
                            f"skip: карта и способность: {text!r}")
        targets, cell = [], None
        for arg in rest:
            if arg.startswith("#"):
                if cell is not None:
                    raise DataError("<action>", "", f"the cell comes last: {text!r}", f"клетка — последней: {text!r}")
                targets.append(card_ref(arg))
            elif cell is None:
                cell = parse_cell(arg)
            else:
                raise DataError("<action>", "", f"only one cell: {text!r}", f"только одна клетка: {text!r}")
        return cls(kind, card, None, cell, ability, tuple(targets))


def A(text: str) -> Action:
    """Shorthand: ``A("move #5 c3")``."""
    return Action.parse(text)
