"""Lessons 01-06 on the kernel: the positions of the lesson files, the facts each lesson teaches,
the refusals it asks the student to try (rule id, state unchanged) and the exact outcomes its
success texts announce (forced dice). The former self-check cells of the notebooks live here."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import field, new_game, position, zones
from berserk_kernel.berserk.setup import crystals_left, squad_cost
from berserk_kernel.core.errors import IllegalAction
from widgets.lesson_data import build_position, load_lesson, play_line, stage_start


def refused(state, action: str) -> str:
    """Apply an action the kernel must refuse; return the rule id; the state must not change."""
    before = state.state_hash()
    n_log, n_actions = len(state.log), len(state.actions)
    assert not state.explain(action).ok, action
    with pytest.raises(IllegalAction) as exc:
        state.apply(action)
    assert state.state_hash() == before and len(state.log) == n_log and len(state.actions) == n_actions
    assert exc.value.rule_id == state.explain(action).rule_id
    return exc.value.rule_id


def since(state, n: int) -> list[str]:
    return [e.rule_id for e in state.log[n:] if e.rule_id]


# --- 01 field and zones ------------------------------------------------------------------------
@pytest.mark.parametrize("action,rule", [
    ("move #3 b3", "BR-2.1"),            # an artifact does not move
    ("strike #3 #13", "BR-2.1"),         # nor strike
    ("move #5 a1", "BR-2.2"),            # nor does terrain
    ("move #6 c3", "BR-2.2"),            # nor equipment by itself
    ("strike #4 #14", "BR-4"),           # terrain cannot be attacked
    ("strike #4 #12", "BR-6"),           # equipment cannot be attacked
    ("move #7 e2", "R-BR-SYMBIOTE"),     # a symbiote moves only with its host
    ("move #8 c3", "CR-play-zone"),      # a card in the deck is out of play
    ("strike #1 #17", "CR-play-zone"),   # so is a card in the graveyard
])
def test_01_refusals(action, rule):
    assert refused(stage_start("01_field_and_zones", "row1"), action) == rule


def test_01_zones_of_the_position():
    s = stage_start("01_field_and_zones", "row1")
    assert zones.PLAY_ZONES == {"field", "aux", "attached"}                                    # CR-201.1
    assert {s.cards[u].card for u in s.seats[0].aux} == {"pass_eagle", "highlands"}            # CR-203.1
    assert s.cards[6].zone == "attached" and s.cards[6].host == 1                              # BR-6
    assert s.cards[7].zone == "attached" and s.defs[s.cards[7].card].is_symbiote                # BR-3
    assert {s.defs[c.card].type for c in s.cards.values()} == {"creature", "artifact", "terrain", "equipment"}  # BR-2


def test_01_rows_from_each_seat():
    cell = field.parse_cell
    assert len(field.CELLS) == 30 and field.COLS == 5 and field.RANKS == 6                    # CR-202.1, BR-8
    assert [field.half_row(cell(f"c{r}"), 0) for r in range(1, 7)] == [3, 2, 1, None, None, None]   # CR-202.2
    assert [field.half_row(cell(f"c{r}"), 1) for r in range(1, 7)] == [None, None, None, 1, 2, 3]
    assert field.half_cells(0) == [c for c in field.CELLS if field.rank(c) < 3]                   # BR-8


def test_01_the_lesson_line_wins_with_the_exact_outcomes():
    s = stage_start("01_field_and_zones", "row1")
    s.apply("move #1 c3")
    assert s.at("c3") == 1 and s.log[-1].rule_id == "BR-9.1"
    n = len(s.log)
    s.apply("strike #1 #13")                                  # a white 6, +1 for the axe: 3 wounds
    assert since(s, n) == ["BR-10", "BR-5", "BR-10.3", "BR-15", "BR-15"]
    assert s.cards[13].zone == "graveyard" and s.seats[1].graveyard[-1] == 13 and s.cards[1].closed
    s.apply("move #2 d3")
    s.apply("strike #2 #11")
    assert s.winner == 0 and s.phase == "over" and s.log[-1].rule_id == "BR-1"
    assert s.seats[1].graveyard[-2:] == [11, 12]             # the skeleton, then its scimitar on top (BR-6)
    assert s.cards[14].zone == "aux"                          # B's terrain stays: it is no creature


def test_01_deck_and_graveyard():
    g = new_game(seed=2)
    g.apply("first")
    assert len([e for e in g.log if e.rule_id == "CR-deck-order"]) >= 2        # each deal shuffled its deck
    assert all(g.cards[u].zone == "deck" and g.cards[u].owner == 0 for u in g.seats[0].deck)   # CR-204.1
    n = len(g.log)
    seen = zones.look_at_deck(g, 0)
    assert since(g, n) == ["CR-deck-hidden", "CR-deck-order"] and seen == sorted(seen)

    s = stage_start("01_field_and_zones", "row1")
    new = zones.put_into_deck(s, 11)                          # the wounded skeleton goes back to B's deck
    assert 11 not in s.cards and s.cards[new].zone == "deck" and s.cards[new].wounds == 0 and new != 11  # CR-204.4
    assert s.cards[12].zone == "graveyard"                    # its scimitar leaves the field and dies (BR-6)
    grave = list(s.seats[1].graveyard)
    from_deck = s.seats[1].deck[0]
    zones.to_graveyard(s, from_deck, "CR-205.1", destroyed=False)
    assert s.seats[1].graveyard == grave + [from_deck] and s.log[-1].kind == "zone"   # CR-205.1, CR-205.1.1


# --- 02 squad building -------------------------------------------------------------------------
def test_02_order_roll_tie_and_crystals():
    s = stage_start("02_squad_building", "first")
    assert s.phase == "order" and s.roll_winner == 0 and s.to_move == 0
    assert [e.rule_id for e in s.log if e.rule_id in ("BR-7.1", "R-BR-ORDER")] == ["BR-7.1", "R-BR-ORDER", "BR-7.1"]
    s.apply("first")
    assert s.phase == "build" and crystals_left(s, 0) == (24, 22) and crystals_left(s, 1) == (25, 23)   # BR-7.2
    assert len(s.seats[0].deal) == len(s.seats[1].deal) == 15                                       # BR-7.4


def test_02_buying_penalty_caps_and_redeal():
    s = stage_start("02_squad_building", "elite")
    s.apply("buy #1")
    assert crystals_left(s, 0) == (16, 22)                        # elite: gold only (BR-7.5)
    s.apply("buy #12")
    assert crystals_left(s, 0) == (15, 19) and squad_cost(s, 0)[2] == 1   # silver, + 1 gold penalty (BR-7.3)
    s.apply("buy #4")
    s.apply("buy #6")
    assert refused(s, "buy #5") == "BR-3"                         # 9 + 8 > 15 crystals on flyers
    s.apply("buy #7")
    assert refused(s, "buy #8") == "BR-4"                         # a second terrain
    assert refused(s, "redeal") == "R-BR-REDEAL"                  # something is bought already
    assert crystals_left(s, 0) == (9, 14)
    n = len(s.log)
    s.apply("done")
    assert s.to_move == 1 and s.phase == "build" and len(s.seats[0].squad) == 5
    assert all(s.cards[u].zone == "deck" for u in (2, 3, 5, 8, 9))            # not bought: back to the deck
    assert since(s, n)[-3:] == ["BR-7.5", "BR-7.3", "CR-deck-order"]
    s.apply("redeal")
    assert len(s.seats[1].removed) == 1 and len(s.seats[1].deal) == 15 and not s.seats[1].graveyard
    assert s.cards[s.seats[1].removed[0]].zone == "removed"
    assert refused(s, "redeal") == "R-BR-REDEAL"                  # the deck would keep fewer than 15 cards


def test_02_neutral_squad_pays_no_penalty_and_gold_can_run_out():
    s = stage_start("02_squad_building", "elite")
    for uid in (3, 10, 11, 13):                                   # errant knight, swordsman, militiaman, idol
        s.apply(f"buy #{uid}")
    assert squad_cost(s, 0)[2] == 0 and crystals_left(s, 0) == (19, 16)          # BR-7.3
    lesson = load_lesson("02_squad_building")
    setup = dict(lesson.stages[0].data["game_setup"])
    setup["options"] = dict(setup["options"], gold=19)           # 19 gold only
    s = new_game(**setup)
    s.apply("first")
    for uid in (1, 4, 3):                                         # giant 8 + griffin 6 + errant knight 5: Mountains only
        s.apply(f"buy #{uid}")
    assert crystals_left(s, 0) == (0, 22) and squad_cost(s, 0)[2] == 0
    assert refused(s, "buy #12") == "BR-7.3"                      # the Forest boar would need a gold for the penalty
    assert refused(s, "buy #2") == "BR-7.5"                       # another elite card: no gold left
    assert s.explain("buy #11").ok                                # a neutral ordinary card: silver is enough


def test_02_stages_of_a_game_in_order():
    from berserk_kernel.berserk.agents import choose
    from berserk_kernel.core.dice import Dice
    g, dice = new_game(seed=0), Dice(0)
    stages = [g.phase]
    while g.phase not in ("battle", "over"):
        g.apply(choose(g, dice))
        if g.phase != stages[-1]:
            stages.append(g.phase)
    assert stages == ["order", "build", "place", "reveal", "attach", "battle"]          # BR-7


# --- 03 placement and reveal -------------------------------------------------------------------
def test_03_tiers():
    tiers = [[field.cell_name(c) for c in t] for t in field.placement_tiers(0)]
    assert sorted(tiers[0]) == sorted(f"{c}{r}" for c in "bcd" for r in "123") and sorted(tiers[-1]) == ["a3", "e3"]
    tiers = [[field.cell_name(c) for c in t] for t in field.placement_tiers(1)]
    assert {"a4", "e4", "b6", "c6", "d6"} <= set(tiers[0]) and sorted(tiers[1]) == ["a5", "a6", "e5", "e6"]


def test_03_placement_refusals_and_the_whole_line():
    s = stage_start("03_placement_and_reveal", "centre")
    assert refused(s, "place #5 a1") == "BR-8.1"       # row 1 waits until the centre is full
    assert refused(s, "place #5 c4") == "BR-8"         # not A's half
    assert refused(s, "place #5 b2") == "BR-8.3"       # one card per cell
    s.apply("place #5 c3")
    assert refused(s, "place #6 a1") == "BR-8.1"
    s.apply("place #6 d3")
    assert s.to_move == 1 and s.cards[5].face_down
    assert refused(s, "place #9 a5") == "BR-8.2"       # a5 waits for row 1 and the centre
    s.apply("place #9 c6")
    assert s.phase == "reveal"
    s.apply("hide")
    assert s.phase == "attach" and s.cards[9].face_down and not s.cards[1].face_down
    assert s.cards[6].zone == "aux"                    # the flyer went to the auxiliary zone (BR-8.5)
    assert refused(s, "attach #5 #2") == "BR-6"        # the militiaman has no class
    assert refused(s, "attach #5 #3") == "BR-5"        # nothing on an artifact
    s.apply("attach #5 #1")
    assert refused(s, "attach #4 #3") == "BR-5"
    s.apply("attach #4 #1")
    assert s.phase == "battle" and s.turn == 1
    assert refused(s, "move #4 b3") == "R-BR-SYMBIOTE"
    assert refused(s, "strike #6 #5") == "R-BR-ENEMY-TARGET"
    n = len(s.log)
    s.apply("strike #6 #9")
    assert since(s, n)[-3:] == ["BR-8.4", "R-BR-LATE-REVEAL", "BR-17"]
    assert not s.cards[6].closed and s.stage == "pending:attach" and s.to_move == 1   # cancelled unpaid
    s.apply("attach #9 #7")
    assert s.cards[9].host == 7 and s.stage == "battle" and s.to_move == 0
    assert refused(s, "strike #6 #9") == "BR-6"        # now known: equipment cannot be attacked


def test_03_what_is_left_unattached_dies():
    s = stage_start("03_placement_and_reveal", "no_class")
    assert s.phase == "attach"
    n = len(s.log)
    s.apply("done")
    died = [e for e in s.log[n:] if e.kind == "death"]
    assert [e.rule_id for e in died] == ["BR-8.5", "BR-8.5"]
    assert s.cards[5].zone == s.cards[4].zone == "graveyard" and s.phase == "battle"


# --- 04 movement, open and closed --------------------------------------------------------------
@pytest.mark.parametrize("action,rule", [
    ("move #1 a3", "BR-9.1"),              # diagonal
    ("move #1 c3", "BR-9.1"),              # taken: no swapping places
    ("move #3 d3", "BR-9.2"),              # the boar is closed
    ("strike #3 #4", "BR-9.2"),
    ("strike #2 #1", "R-BR-ENEMY-TARGET"), # not one's own card
    ("move #6 b5", "BR-9"),                # B's card in A's turn
])
def test_04_refusals(action, rule):
    assert refused(stage_start("04_movement_opening_closing", "step"), action) == rule


def test_04_the_lesson_line():
    s = stage_start("04_movement_opening_closing", "step")
    s.apply("move #1 b3")
    assert s.cards[1].moves == 1
    assert refused(s, "move #1 a4") == "BR-9.1"
    n = len(s.log)
    s.apply("strike #2 #4")                              # white 2: weak, 1 wound, 2 of 2
    assert since(s, n) == ["BR-10", "BR-10.3", "BR-15", "BR-15"] and s.cards[4].zone == "graveyard"
    assert s.cards[2].closed and refused(s, "move #2 c2") == "BR-9.2"
    s.apply("move #1 a3")
    assert s.cards[1].moves == 0 and refused(s, "move #1 a2") == "BR-9.1"   # no movement left
    s.apply("end")
    assert s.active == 1 and s.turn == 2 and not s.cards[5].closed and s.cards[2].closed   # B's cards open (BR-16)
    s.apply("end")
    assert s.turn == 3 and s.active == 0 and not s.cards[2].closed and not s.cards[3].closed
    assert s.cards[1].moves == s.cards[2].moves == 2                          # movement back (BR-9.1)


def test_04_turn_limit():
    s = stage_start("04_movement_opening_closing", "step")
    assert s.options.turn_limit == 0
    for _ in range(6):
        s.apply("end")
    assert s.phase == "battle" and s.turn == 7
    s = stage_start("04_movement_opening_closing", "turn_limit")
    s.apply("end")
    assert s.phase == "over" and s.winner == "draw" and s.log[-1].rule_id == "R-BR-TURN-LIMIT"


# --- 05 strike and defenders -------------------------------------------------------------------
def test_05_reach_and_closed_target():
    s = stage_start("05_strike_and_defenders", "reach")
    assert refused(s, "strike #1 #3") == "BR-10.1"
    n = len(s.log)
    s.apply("strike #1 #2")                               # white 6 at a closed target: strong, 2 wounds
    assert since(s, n) == ["BR-10", "BR-10.3", "BR-15", "BR-15"] and s.cards[2].zone == "graveyard"


def test_05_open_target_fights_back():
    s = stage_start("05_strike_and_defenders", "open_target")
    n = len(s.log)
    s.apply("strike #1 #2")                               # white 2, black 5: -3, nothing, weak back
    assert since(s, n) == ["BR-10", "BR-10.1", "BR-10.4", "BR-15"]
    assert s.cards[1].wounds == 1 and s.cards[2].wounds == 0


def test_05_defender_and_the_fight_choice():
    s = stage_start("05_strike_and_defenders", "defender")
    assert s.stage == "pending:defend" and s.to_move == 1
    assert {str(a) for a in s.legal_actions()} == {"defend #3", "nodefend"}
    s.apply("defend #3")
    assert s.cards[3].closed and s.stage == "pending:choice" and s.to_move == 0
    assert {str(a) for a in s.legal_actions()} == {"exchange", "safe"}
    s.apply("safe")                                      # +4: medium 3 wounds, nothing back
    assert s.cards[3].zone == "graveyard" and s.cards[1].wounds == 0 and s.cards[2].wounds == 0
    s = stage_start("05_strike_and_defenders", "fight_choice")
    s.apply("exchange")                                  # +4 kept: strong 4 wounds, weak 1 back
    assert s.cards[3].zone == "graveyard" and s.cards[1].wounds == 1


def test_05_no_defender_from_afar():
    s = position("A nomad_khan b3", "B gloom_knight b4", "B herdsman e6", forced=[6, 1])
    s.apply("strike #1 #2")                              # the herdsman is not adjacent: no prompt
    assert s.stage == "battle" and s.cards[2].wounds == 4 and s.cards[3].wounds == 0   # +5: strong Z


# --- 06 flyers ---------------------------------------------------------------------------------
def test_06_flyer_strike_and_its_defenders():
    s = stage_start("06_flyers", "ground_cannot")
    assert refused(s, "strike #2 #5") == "BR-11"
    s.apply("strike #1 #3")                              # the hawk reaches e5 from the auxiliary zone
    assert s.stage == "pending:defend"
    assert {str(a) for a in s.legal_actions()} == {"defend #4", "defend #5", "nodefend"}   # not the swordsman
    s.apply("defend #4")
    assert s.cards[4].zone == "graveyard" and s.cards[1].wounds == 0
    n = len(s.log)
    s.apply("strike #2 #6")                              # no prompt: the eagle may not defend
    assert s.stage == "battle" and s.cards[6].wounds == 2 and "BR-10.2" not in since(s, n)


def test_06_only_flyers_left():
    s = stage_start("06_flyers", "only_flyers")
    assert refused(s, "strike #1 #3") == "BR-11"
    s.apply("prepare #1")
    assert s.cards[1].closed and s.cards[1].flyer_strike and s.log[-1].rule_id == "BR-11.1"
    assert refused(s, "prepare #1") == "BR-9.2"
    s.apply("end")
    s.apply("end")
    assert not s.cards[1].closed and s.cards[1].flyer_strike
    s.apply("strike #1 #3")
    assert {str(a) for a in s.legal_actions()} == {"defend #4", "nodefend"}
    s.apply("defend #4")
    assert s.cards[4].zone == "graveyard" and s.cards[3].wounds == 0 and not s.cards[1].flyer_strike


def test_06_earned_strike_only_against_a_side_of_flyers():
    t = position("A forest_boar c3", "B pass_eagle aux", "B herdsman e6")
    assert not t.explain("prepare #1").ok and t.explain("prepare #1").rule_id == "BR-11.1"


# --- every stage of these lessons starts where its text says ----------------------------------
@pytest.mark.parametrize("lesson_id", ["01_field_and_zones", "02_squad_building", "03_placement_and_reveal",
                                       "04_movement_opening_closing", "05_strike_and_defenders", "06_flyers"])
def test_every_stage_is_the_students_move(lesson_id):
    lesson = load_lesson(lesson_id)
    state = None
    for i, stage in enumerate(lesson.stages):
        start = build_position(lesson, i, state)
        assert start.to_move == stage.seat, f"{lesson_id} {stage.id}: seat {stage.seat} but {start.to_move} to move"
        assert 4 <= len(lesson.stages) <= 9
        state = play_line(lesson, i, stage.solution, start).state


# --- the notebooks: one cell showing the lesson page, the rule ids of the lesson file in metadata --
def lesson_rule_ids(lesson_id: str) -> list[str]:
    """Every rule id the lesson file names: the stages' `rules` and the ids cited in its texts."""
    import re
    from widgets.lesson_data import lesson_path
    lesson = load_lesson(lesson_id)
    text = lesson_path(lesson_id).read_text(encoding="utf-8")
    found = {m for m in re.findall(r"(?<![\w.-])((?:BR|CR|HR|R)-[\w.-]*\w)", text) if m in lesson.rules_registry}
    for stage in lesson.stages:
        found.update(stage.rules)
    return sorted(found)


@pytest.mark.parametrize("lesson_id", ["01_field_and_zones", "02_squad_building", "03_placement_and_reveal",
                                       "04_movement_opening_closing", "05_strike_and_defenders", "06_flyers"])
def test_notebook_is_one_cell_with_the_lessons_rule_ids(lesson_id):
    import json
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / f"{lesson_id}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in nb["cells"]] == ["code"] and nb["cells"][0]["outputs"] == []
    assert "".join(nb["cells"][0]["source"]) == f'from widgets.lesson import lesson_page\nlesson_page("{lesson_id}")'
    assert nb["metadata"]["lesson"] == {"id": lesson_id, "rules": lesson_rule_ids(lesson_id)}


# --- every "try the forbidden" stage can be done by clicks: the app reports the refusal ----------
CLICKS = {
    ("01_field_and_zones", "artifact"): [("card", 3)],
    ("01_field_and_zones", "terrain_move"): [("card", 5)],
    ("01_field_and_zones", "terrain"): [("card", 4), ("card", 14)],
    ("02_squad_building", "flyer_cap"): [("card", 5)],
    ("03_placement_and_reveal", "corner"): [("cell", "a1")],
    ("03_placement_and_reveal", "no_class"): [("card", 5), ("card", 2)],
    ("04_movement_opening_closing", "diagonal"): [("card", 1), ("cell", "a4")],
    ("04_movement_opening_closing", "closed"): [("card", 2)],
    ("04_movement_opening_closing", "own_card"): [("card", 1), ("card", 2)],
    ("05_strike_and_defenders", "reach"): [("card", 1), ("card", 3)],
    ("06_flyers", "ground_cannot"): [("card", 2), ("card", 5)],
    ("06_flyers", "only_flyers"): [("card", 1), ("card", 3)],
}


def refused_stages():
    for lesson_id in ("01_field_and_zones", "02_squad_building", "03_placement_and_reveal",
                      "04_movement_opening_closing", "05_strike_and_defenders", "06_flyers"):
        for stage in load_lesson(lesson_id).stages:
            rules = [g.args[0] for g in stage.goals if g.kind == "refused"]
            if rules:
                yield lesson_id, stage.id, rules[0]


def test_every_refused_stage_has_its_clicks():
    assert {(lid, sid) for lid, sid, _r in refused_stages()} == set(CLICKS)


@pytest.mark.parametrize("lesson_id,stage_id,rule", list(refused_stages()))
def test_refused_stage_by_clicks(lesson_id, stage_id, rule):
    from widgets.berserk_app import BerserkController
    s = stage_start(lesson_id, stage_id)
    before = s.state_hash()
    c = BerserkController(s, lang="ru")
    heard = []
    c.refusal_listeners.append(lambda _c, m: heard.append(m.rule_id))
    for kind, value in CLICKS[(lesson_id, stage_id)]:
        if kind == "read":
            c.read_card(value)
        else:
            c.click(f"{kind}:{value}")
    assert heard == [rule] and c.message.rule_id == rule and s.state_hash() == before


@pytest.mark.parametrize("lesson_id,stage_id,wrong,right,rule_line", [
    ("01_field_and_zones", "idol", "strike #4 #13", "strike #1 #13", "6 + 1"),
    ("05_strike_and_defenders", "defender", "nodefend", "defend #3", "5; "),
    ("06_flyers", "flyer_reach", "strike #2 #6", "strike #1 #3", None),
])
def test_a_wrong_move_taken_back_keeps_the_forced_dice(lesson_id, stage_id, wrong, right, rule_line):
    s = stage_start(lesson_id, stage_id)
    before = s.state_hash()
    s.apply(wrong)
    s.undo()                                   # the lesson takes a wrong move back
    assert s.state_hash() == before
    n = len(s.log)
    s.apply(right)
    if rule_line:
        assert any(rule_line in e.line("ru") for e in s.log[n:] if e.rule_id in ("BR-10.1", "BR-10.3"))
