"""Helpers for the controller tests: carry out a legal action the way a player would (clicks on
the board, buttons beside it), so whole games can be played through a controller."""
from __future__ import annotations

from berserk_kernel.berserk.field import cell_name
from widgets.berserk_app import _shape as b_shape
from widgets.berserk_app import object_cards
from widgets.city_controller import _shape as c_shape


def berserk_clicks(c, a) -> str:
    """Carry out Berserk action `a` through `c` (a BerserkController) by clicks and buttons;
    return how ("button", "click", "hand", "choice")."""
    shape = b_shape(a)
    if a.card is None:
        if shape == "":
            c.choose(a)
            if getattr(c, "confirming", None) is not None:   # «Готово» with an empty squad asks first
                c.choose("confirm:yes")
            return "button"
        objs = object_cards(a)
        c.click(f"card:{objs[0]}" if objs else f"cell:{cell_name(a.cell)}")
        return _settle(c, a, "click")
    on_board = c.on_board(a.card)
    if c.selected not in (None, a.card) and c.on_board(c.selected):
        c.click(f"card:{c.selected}")          # a second click on a selected card drops it
    if shape == "c":
        if on_board and c.actions_of(a.card) == [a]:
            c.click(f"card:{a.card}")
            return _settle(c, a, "click")
        if on_board:
            if c.selected != a.card:
                c.click(f"card:{a.card}")
            assert c.selected == a.card, (a, c.message)
            buttons = [x for _l, x in c.prompt().actions]
            assert a in buttons, (a, buttons)
            c.choose(a)
            return "button"
        hand = {it.uid: it for it in c.hand()}
        assert a.card in hand and a in hand[a.card].actions, (a, hand)
        c.choose(a)
        return "hand"
    if on_board:
        if c.selected != a.card:
            c.click(f"card:{a.card}")
    else:
        c.select(a.card)
    assert c.selected == a.card, (a, c.selected, c.message)
    objs = object_cards(a)
    tag = f"card:{objs[0]}" if objs else f"cell:{cell_name(a.cell)}"
    c.click(tag)
    return _settle(c, a, "click")


def _settle(c, a, how: str) -> str:
    """After a click: if it stood for several actions, pick `a` among the offered choices."""
    if c.state.actions and c.state.actions[-1] == a and c.message is not None and c.message.kind == "done":
        return how
    assert c.choices, (a, c.message)
    assert a in c.choices, (a, c.choices)
    c.choose(a)
    return "choice"


def city_clicks(c, a) -> str:
    """Carry out City action `a` through `c` (a CityController) by clicks, sliders and buttons."""
    shape = c_shape(a)
    if shape == "":
        c.choose(a)
        return "button"
    if shape == "d":
        c.click(f"district:{a.dst}")
        return "click"
    if shape == "dn":
        if c.selected != a.dst:
            c.click(f"district:{a.dst}")
        assert c.selected == a.dst, (a, c.message)
        verbs = dict(c.at_options())
        assert a.count in verbs[a.verb], (a, verbs)
        c.apply(a)
        return "amount"
    if c.selected != a.src:
        c.click(f"district:{a.src}")
    assert c.selected == a.src, (a, c.message)
    c.click(f"district:{a.dst}")
    if c.choices:
        pick = [x for x in c.choices if x.verb == a.verb]
        assert pick, (a, c.choices)
        c.choose(pick[0])
    if c.amount is not None:
        assert a.count in c.amount.counts, (a, c.amount)
        c.set_amount(a.count)
        c.confirm_amount()
        return "amount"
    return "click"
