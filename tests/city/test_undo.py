"""Undo, redo and forced dice (the dice are part of the position)."""
from berserk_kernel.city import new_game

from .helpers import position


def test_undo_redo_restore_the_exact_position_CITY_3():
    """CITY-3: undo steps back through the phases; redo replays to the same hash."""
    g = new_game(2, seed=11)
    hashes = [g.state_hash()]
    for text in ("pick 1", "pick 25", "draw", "income", "end"):
        g.apply(text)
        hashes.append(g.state_hash())
    for h in reversed(hashes[:-1]):
        g.undo()
        assert g.state_hash() == h
    assert not g.can_undo() and g.can_redo()
    for h in hashes[1:]:
        g.redo()
        assert g.state_hash() == h
    assert not g.can_redo()


def test_undo_cannot_buy_a_reroll_CITY_4_1():
    """CITY-4.1: undoing an attack and attacking again meets the very same dice."""
    g = position({1: (0, 8), 2: (1, 6), 25: (1, 1)}, seed=99)
    g.apply("attack 1>2 8")
    first = g.last_battle
    g.undo()
    g.apply("attack 1>2 8")
    assert g.last_battle == first
    g.undo()
    g.redo()
    assert g.last_battle == first


def test_forced_dice_decide_the_battle_and_come_back_with_undo_CITY_4_3():
    """CITY-4.3 with forced dice: the outcome is exact; undo puts the forced values back."""
    g = position({1: (0, 3), 2: (1, 2), 25: (1, 1)}, forced=[10, 10, 10, 1, 1])
    g.apply("attack 1>2 3")
    assert g.last_battle["result"] == "capture" and g.forces[2] == 3 and g.dice.forced == []
    g.undo()
    assert g.dice.forced == [10, 10, 10, 1, 1] and g.owner[2] == 1


def test_copy_is_independent():
    g = position({1: (0, 3), 2: (1, 2), 25: (1, 1)}, influence=[5, 0])
    h = g.copy()
    h.apply("reinforce 1 +2")
    assert (g.forces[1], g.influence[0]) == (3, 5) and (h.forces[1], h.influence[0]) == (5, 3)
    assert g.state_hash() != h.state_hash()
