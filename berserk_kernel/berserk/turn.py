"""Turns (BR-9, BR-16, BR-1, R-BR-TURN-LIMIT)."""
from __future__ import annotations

from ..core.i18n import T
from .placement import late_reveal


def begin_battle(s) -> None:
    s.phase = "battle"
    s._log("BR-7", "stage", "Подготовка окончена — начинается бой.", "Set-up is over: the battle begins.")
    if check_victory(s):
        return
    s.turn = 1
    start_turn(s, 0)


def start_turn(s, seat: int) -> None:
    """A turn starts by opening the player's cards and restoring movement (BR-16, HR-503.1)."""
    s.active = seat
    opened = 0
    for c in s.cards.values():
        if c.owner == seat and c.in_play:
            if c.closed:
                opened += 1
            c.closed = False
            d = s.defs[c.card]
            if d.is_creature:
                c.moves = d.move
    p = s.seats[seat]
    s._log("BR-16", "turn", f"Ход {s.turn}: ходит {p.name}; открыто карт: {opened}.",
           f"Turn {s.turn}: {p.name} to act; {opened} card(s) opened.", seat=seat, turn=s.turn)
    if seat == 1 and s.hidden_row:
        s.hidden_row = False
        hidden = [u for u in s.cells if u is not None and s.cards[u].face_down]
        late_reveal(s, hidden, T("начало хода владельца", "its owner's turn begins"))
        check_victory(s)


def check_end(s, a):
    return s.RULES.ok("BR-16")


def do_end(s, a) -> None:
    p = s.seats[s.active]
    s._log("BR-16", "turn", f"{p.name} заканчивает ход.", f"{p.name} ends the turn.", seat=s.active)
    if s.options.turn_limit and s.turn >= s.options.turn_limit:
        s.phase, s.winner = "over", "draw"
        s._log("R-BR-TURN-LIMIT", "end", f"Достигнут предел ходов ({s.options.turn_limit}): ничья.",
               f"The turn limit ({s.options.turn_limit}) is reached: a draw.")
        return
    s.turn += 1
    start_turn(s, 1 - s.active)


def creatures_in_play(s, seat: int) -> list[int]:
    return [c.uid for c in s.cards.values() if c.owner == seat and c.in_play and s.defs[c.card].is_creature]


def check_victory(s) -> bool:
    """The first player to destroy every enemy creature wins (BR-1); both at once is a draw."""
    alive = [bool(creatures_in_play(s, seat)) for seat in (0, 1)]
    if all(alive):
        return False
    s.phase, s.pending = "over", None
    if not any(alive):
        s.winner = "draw"
        s._log("BR-1", "end", "Существ не осталось ни у кого: ничья.", "Neither side has creatures left: a draw.")
    else:
        s.winner = 0 if alive[0] else 1
        w = s.seats[s.winner].name
        s._log("BR-1", "end", f"У противника не осталось существ — побеждает {w}.",
               f"The enemy has no creatures left: {w} wins.", winner=s.winner)
    return True
