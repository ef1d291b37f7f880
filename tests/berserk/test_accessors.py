"""Readable state (berserk/readout.py): crystals left and the element penalty while building, the
last rolls, and what every step did, without digging in the log. Reading never changes a game."""
from __future__ import annotations

from berserk_kernel.berserk import BerserkState, position
from berserk_kernel.berserk.readout import Crystals, Roll, Step


def building(gold=20, silver=10):
    """Squad building, A to buy from a deal of four cards (costs: warden 4, thane 6 elite,
    archer 3, druid 4 elite; elements mountains, mountains, forest, forest)."""
    cards = [{"uid": i + 1, "card": c, "owner": 0, "zone": "deal"}
             for i, c in enumerate(["gorge_warden", "mountain_thane", "forest_archer", "grove_druid"])]
    cards.append({"uid": 9, "card": "bog_troll", "owner": 1, "zone": "deal"})
    return BerserkState.from_dict({"phase": "build", "active": 0, "cards": cards, "options": {"deck_min": 1},
                                   "players": [{"gold": gold, "silver": silver}, {"gold": gold, "silver": silver}]},
                                  "<t>")


def test_crystals_and_penalty_follow_each_purchase():
    s = building()
    assert s.crystals(0) == Crystals(20, 10) and s.penalty(0) == 0
    s.apply("buy #1")                          # ordinary 4: silver first
    assert s.crystals(0) == (20, 6) and s.penalty(0) == 0
    s.apply("buy #2")                          # elite 6: gold only
    assert s.crystals(0) == (14, 6) and s.penalty(0) == 0
    s.apply("buy #3")                          # ordinary 3, a second element: 1 gold (BR-7.3)
    assert s.penalty(0) == 1 and s.crystals(0) == (13, 3)
    s.apply("buy #4")                          # elite 4; still two elements
    assert s.penalty(0) == 1 and s.crystals(0) == Crystals(gold=9, silver=3)
    assert s.crystals(0).gold == 9 and s.crystals(1) == (20, 10)


def test_ordinary_cards_take_gold_when_silver_runs_out():
    s = building(gold=10, silver=2)
    s.apply("buy #1")                          # 4 ordinary: 2 silver, then 2 gold
    assert s.crystals(0) == (8, 0)


def test_a_refused_purchase_changes_neither_crystals_nor_penalty():
    s = building(gold=6, silver=0)
    s.apply("buy #2")                          # elite 6: all the gold
    before = (s.crystals(0), s.penalty(0), s.state_hash())
    v = s.explain("buy #3")
    assert not v.ok and v.rule_id == "BR-7.3"  # the forest card's penalty needs gold
    assert (s.crystals(0), s.penalty(0), s.state_hash()) == before


def test_last_rolls_of_a_strike_name_each_die():
    s = position("A gorge_warden c2", "B bog_troll c3", forced=(4, 3))
    assert s.last_rolls() == () and s.last_step() is None
    s.apply("strike #1 #2")
    (roll,) = s.last_rolls()
    assert roll == Roll("BR-10.1", (("white", 4), ("black", 3)))
    assert roll.faces == (4, 3) and roll["white"] == 4 and roll["black"] == 3
    assert repr(roll) == "Roll('BR-10.1', white=4, black=3)"
    step = s.last_step()
    assert (step.number, step.seat, step.action) == (1, 0, "strike #1 #2")
    assert step.wounds == {2: 1} and step.destroyed == () and step.healed == {}
    assert step.entries[0].kind == "action" and "[BR-10.1]" in step.text("en")


def test_a_target_that_does_not_fight_rolls_one_die():
    s = position("A gorge_warden c2", "B bog_troll c3 closed", forced=(6,))
    s.apply("strike #1 #2")
    assert s.last_rolls() == (Roll("BR-10.3", (("white", 6),)),)
    assert s.last_step().wounds == {2: 3}


def test_the_rolls_come_with_the_step_that_rolled_them():
    s = position("A deep_stonecutter c2", "B bog_troll c3", "B deep_stonecutter d2", forced=(2, 5))
    s.apply("strike #1 #2")
    assert s.pending["kind"] == "defend" and s.last_rolls() == ()      # nothing rolled yet
    s.apply("defend #3")
    assert s.last_rolls()[0].faces == (2, 5)
    step = s.last_step()
    assert step.number == 2 and step.seat == 1 and step.action == "defend #3"
    assert step.wounds == {1: 1}                  # the defender strikes back (difference -3)


def test_an_ability_roll_is_read_with_its_wounds():
    s = position("A horse_archer c2", "B bog_troll c5", forced=(6,))
    s.apply("use #1 shot #2")
    assert s.last_rolls() == (Roll("BR-12", (("white", 6),)),)      # shot 1-2-2: a 6 is strong, 2 wounds
    assert s.last_step().wounds == {2: 2}


def test_steps_of_a_chain_list_wounds_heals_and_deaths():
    s = position("A forest_archer c2", "A wind_shaman a1", "B skeleton_spearman c5 wounds=1",
                 "B wandering_monk e6", "B plantain_brew on=3")
    for a in ("use #1 shot #3", "use #4 mend #3", "use #2 gust #4", "use #5 drink"):
        s.apply(a)
    steps = s.steps()
    assert [st.action for st in steps] == ["use #1 shot #3", "use #4 mend #3", "use #2 gust #4", "use #5 drink"]
    assert [st.number for st in steps] == [1, 2, 3, 4] and [st.seat for st in steps] == [0, 1, 0, 1]
    last = steps[-1]                               # the whole chain resolves in the last step
    assert last.rolls == ()                        # an exact shot: no dice (BR-12.1)
    assert last.healed == {3: 1} and last.wounds == {3: 2}
    assert last.destroyed == (5, 3)                # the potion paid for itself, then the shot killed
    assert steps[0].wounds == {} and steps[0].healed == {}
    assert s.last_step() == last and all(isinstance(st, Step) for st in steps)


def test_a_new_game_has_a_step_zero_with_the_roll_for_the_first_move():
    from berserk_kernel.berserk import new_game
    g = new_game(seed=2)
    (zero,) = g.steps()
    assert zero.number == 0 and zero.action is None
    assert zero.rolls == (Roll("BR-7.1", (("seat0", 6), ("seat1", 2))),)
    g.apply("first")
    assert [st.number for st in g.steps()] == [0, 1] and g.last_rolls() == ()


def test_reading_changes_nothing_and_survives_save_and_load():
    s = position("A gorge_warden c2", "B bog_troll c3", forced=(4, 3, 1))
    s.apply("strike #1 #2")
    before = s.state_hash()
    s.steps(), s.last_step(), s.last_rolls(), s.crystals(0), s.penalty(1)
    assert s.state_hash() == before
    again = BerserkState.from_dict(s.to_dict())
    assert again.steps() == s.steps() and again.last_rolls() == s.last_rolls()
