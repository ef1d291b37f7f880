"""Undo, redo, seeded and forced dice: undo cannot buy a re-roll."""
import pytest

from berserk_kernel.berserk import new_game, position
from berserk_kernel.berserk.agents import choose
from berserk_kernel.core.dice import Dice
from berserk_kernel.core.errors import IllegalAction


def test_undo_restores_the_exact_state_and_redo_meets_the_same_dice():
    s = position("A gorge_warden c2", "B bog_troll c3", seed=5)
    before = s.state_hash()
    s.apply("strike #1 #2")
    after = s.state_hash()
    rolls = [e.data for e in s.log if e.kind == "roll"]
    s.undo()
    assert s.state_hash() == before
    s.redo()
    assert s.state_hash() == after
    s.undo()
    s.apply("strike #1 #2")  # the same action from the same position meets the same dice
    assert [e.data for e in s.log if e.kind == "roll"] == rolls
    assert s.state_hash() == after


def test_a_new_action_clears_redo():
    s = position("A gorge_warden c2", "B bog_troll c4")
    s.apply("move #1 b2")
    s.undo()
    assert s.can_redo()
    s.apply("move #1 d2")
    assert not s.can_redo()
    with pytest.raises(IndexError):
        s.redo()


def test_forced_dice_white_then_black():
    """BR-10.1: the attacker rolls white, the target black; forced faces come first."""
    s = position("A gorge_warden c2", "B bog_troll c3", forced=[6, 1])
    s.apply("strike #1 #2")
    roll = next(e for e in s.log if e.kind == "roll")
    assert roll.data == {"white": 6, "black": 1}
    assert s.cards[2].wounds == 3  # +5: strong strike Z of gorge_warden (1-2-3)


def test_dice_state_is_part_of_the_position():
    d = Dice(9)
    c = d.copy()
    assert [d.roll() for _ in range(20)] == [c.roll() for _ in range(20)]
    again = Dice.from_dict(d.to_dict())
    assert again.roll() == d.roll()


def test_forced_face_must_exist():
    d = Dice(1)
    d.force(7)
    with pytest.raises(ValueError):
        d.roll()


def test_undo_through_a_whole_setup():
    s = new_game(seed=11)
    dice = Dice(3)
    hashes = [s.state_hash()]
    for _ in range(60):
        if s.phase == "over":
            break
        s.apply(choose(s, dice))
        hashes.append(s.state_hash())
    for h in reversed(hashes[:-1]):
        s.undo()
        assert s.state_hash() == h
    assert not s.can_undo()


def test_illegal_action_changes_nothing_and_keeps_history():
    s = position("A gorge_warden c2", "B bog_troll c5")
    s.apply("move #1 c3")
    h = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply("strike #1 #2")
    assert e.value.rule_id == "BR-10.1"
    assert s.state_hash() == h and s.can_undo()


def test_redo_several_steps():
    s = position("A deadfall_wolf c2", "B bog_troll c5")
    s.apply("move #1 b2")
    s.apply("move #1 a2")
    h = s.state_hash()
    s.undo()
    s.undo()
    s.redo()
    assert s.can_redo()
    s.redo()
    assert s.state_hash() == h and not s.can_redo()
