"""What each City action did, read without digging in the log: last_rolls(), last_step(), steps()."""
from berserk_kernel.city import new_game
from berserk_kernel.city.readout import Fight, Roll
from berserk_kernel.core.dice import Dice

from .helpers import position, random_action


def duel(attackers=5, defenders=3, forced=()):
    return position({1: (0, attackers), 6: (0, 1), 2: (1, defenders), 25: (1, 1)}, forced=forced)


def test_a_held_attack_reads_out_its_dice_losses_and_result():
    g = duel(5, 3, forced=[7, 1, 1, 1, 6, 6, 1])
    assert g.last_step() is None and g.last_rolls() == ()
    g.apply("attack 1>2 4")
    assert g.last_rolls() == (Roll("CITY-4.1", (("attack", (7, 1, 1, 1)), ("defence", (6, 6, 1)))),)
    assert g.last_rolls()[0]["defence"] == (6, 6, 1) and g.last_rolls()[0].faces == (7, 1, 1, 1, 6, 6, 1)
    step = g.last_step()
    assert (step.number, step.player, step.action, step.captured) == (1, 0, "attack 1>2 4", ())
    assert step.fights == (Fight(src=1, dst=2, attackers=4, defenders=3, attackers_lost=2, defenders_lost=1,
                                 result="hold"),)
    assert [e.rule_id for e in step.entries] == ["CITY-3.6", "CITY-4.1", "CITY-4.2", "CITY-4.3"]
    assert step.text("en").splitlines()[-1] == step.entries[-1].line("en")   # the log's own lines
    assert "stays with the defender" in step.text("en")


def test_a_capture_names_the_district_and_a_walkover_rolls_nothing():
    g = duel(5, 2, forced=[7, 8, 1, 1, 1, 6, 1])
    g.apply("attack 1>2 5")
    assert g.last_step().captured == (2,)
    assert g.last_step().fights[0].result == "capture" and g.last_step().fights[0].defenders_lost == 2
    g = duel(5, 0)
    g.apply("attack 1>2 3")
    assert g.last_rolls() == ()
    assert g.last_step().fights == (Fight(1, 2, 3, 0, 0, 0, "capture"),) and g.last_step().captured == (2,)


def test_end_of_turn_step_holds_the_next_turn_start_and_reading_changes_nothing():
    g = duel(5, 3)
    before = g.state_hash()
    assert g.steps() == [] and g.state_hash() == before
    g.apply("end")
    step = g.last_step()
    assert step.action == "end" and step.player == 0 and step.entries[0].rule_id == "CITY-3"
    assert g.steps() == [step]


def test_every_action_of_random_games_is_one_step_and_the_steps_cover_the_log():
    for seed in range(12):
        g = new_game(players=2 + seed % 3, seed=seed)
        rng = Dice(seed)
        n = 0
        while not g.is_terminal() and n < 250:
            a = random_action(g, rng)
            g.apply(a, history=False)
            n += 1
            last = g.last_step()
            assert last.action == str(g.actions[-1]) and last.number == len(g.actions)
            if last.fights:
                b = g.last_battle
                f = last.fights[-1]
                assert (f.src, f.dst, f.result) == (b["src"], b["dst"], b["result"])
                assert (f.attackers - f.attackers_lost, f.defenders - f.defenders_lost) == \
                    (b["attackers_left"], b["defenders_left"])
        steps = g.steps()
        assert steps[0].number == 0 and steps[0].action is None       # colours, order, shuffle
        assert [s.action for s in steps[1:]] == [str(a) for a in g.actions], seed
        assert sum(len(s.entries) for s in steps) == len(g.log)
        assert steps[-1] == g.last_step()
        drawn = [e for s in steps for e in s.events]
        assert len(drawn) == sum(1 for a in g.actions if a.verb == "draw"), seed
