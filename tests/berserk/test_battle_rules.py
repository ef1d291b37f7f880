"""The battle: BR-1, BR-2, BR-2.1, BR-2.2, BR-2.3, BR-9, BR-9.1, BR-9.2, BR-10, BR-10.1, BR-10.2,
BR-10.3, BR-10.4, the fight-table ruling R-BR-FIGHT (the +4 / +2 / -4 choices and who makes them),
BR-11, BR-11.1, BR-15, BR-16, BR-17, and the rulings R-BR-ENEMY-TARGET and R-BR-TURN-LIMIT.

Demo cards used (lives, X-Y-Z): gorge_warden 5, 1-2-3; mountain_thane 6, 2-3-4; bog_troll 7,
2-3-3; avalanche_giant 8, 3-4-6; fen_militiaman 3, 1-1-2; village_militiaman 2, 1-1-1;
deadfall_wolf 2, 1-2-2 (move 2); forest_boar 4, 1-2-3; flyers pass_eagle 2, forest_owl 1,
griffin_leader 5, 2-2-4; artifact watch_idol 3.

Where the numbers of a strike or the exact log matter, the tests use cards without abilities
(no armour, die bonus, regeneration or death trigger): deep_stonecutter 3, 1-1-2 (warrior);
hired_swordsman 4, 1-2-3 (warrior); nomad_khan 6, 2-3-4 (knight, move 2); lord_of_the_thicket 7,
2-3-5."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import Action, BerserkState, demo_cards, position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.core.errors import DataError


def strike_log(s, n):
    """The BR-10.4 fight entry's data logged since index n."""
    return [e.data for e in s.log[n:] if e.rule_id == "BR-10.4"]


# --- BR-1: victory ----------------------------------------------------------------------------

def test_BR_1_destroying_every_enemy_creature_wins(rule_ids, assert_illegal):
    """BR-1: the first player to destroy every enemy creature wins; an artifact is not a creature;
    after the end nothing is legal."""
    s = position("A avalanche_giant c3", "B deep_stonecutter c4 wounds=1", "B watch_idol e6", forced=[6, 1])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.1", "BR-10.4", "BR-15", "BR-15", "BR-1"]
    assert s.winner == 0 and s.phase == "over" and s.to_move is None
    assert s.log[-1].data == {"winner": 0}
    assert s.cards[3].zone == "field"                # the idol stands, but it is no creature
    assert s.legal_actions() == []
    assert_illegal(s, "end", "BR-1")


def test_BR_1_both_squads_destroyed_at_once_is_a_draw(rule_ids):
    """BR-1: when the last creatures of both sides die in one exchange, nobody wins: a draw."""
    s = position("A deep_stonecutter c3 wounds=2", "B village_militiaman c4 wounds=1", forced=[1, 5])
    s.apply("strike #1 #2")                          # -4: the target's owner chooses
    n = len(s.log)
    s.apply("exchange")                              # weak 1 dealt, medium 1 back: both die
    assert s.winner == "draw" and s.phase == "over"
    assert rule_ids(s, n) == ["", "R-BR-FIGHT", "BR-10.4", "BR-15", "BR-15", "BR-15", "BR-15", "BR-1"]
    assert [e.kind for e in s.log[n + 3:n + 7]] == ["wound", "wound", "death", "death"]
    assert s.log[-1].en == "Neither side has creatures left: a draw."
    assert s.seats[0].graveyard == [1] and s.seats[1].graveyard == [2]


def test_BR_1_a_flyer_left_keeps_the_game_going(rule_ids):
    """BR-1: a flyer in the auxiliary zone is a creature: killing the last ground one is no win."""
    s = position("A avalanche_giant c3", "B fen_militiaman c4", "B forest_owl aux", forced=[6, 1])
    s.apply("strike #1 #2")
    assert s.cards[2].zone == "graveyard" and s.phase == "battle" and s.winner is None
    assert "BR-1" not in rule_ids(s)


# --- BR-2, BR-2.1, BR-2.2, BR-2.3: card types -----------------------------------------------

def test_BR_2_four_card_types_and_only_creatures_act(assert_illegal):
    """BR-2: creature, terrain, artifact, equipment; only the creature moves or strikes."""
    s = position("A gorge_warden c3", "A watch_idol b3", "A notched_axe on=1", "A highlands aux",
                 "B bog_troll c4", "B fen_militiaman a4")
    types = {s.defs[s.cards[u].card].type for u in (1, 2, 3, 4)}
    assert types == {"creature", "artifact", "equipment", "terrain"}
    actors = {a.card for a in s.legal_actions() if a.card is not None}
    assert actors == {1}
    assert_illegal(s, "move #2 b2", "BR-2.1")
    assert_illegal(s, "strike #2 #6", "BR-2.1")
    assert_illegal(s, "move #3 c2", "BR-2.2")
    assert_illegal(s, "strike #3 #5", "BR-2.2")
    assert_illegal(s, "strike #4 #5", "BR-2.2")


def test_BR_2_a_fifth_card_type_is_refused_in_card_data():
    """BR-2: card data knows only the four types; terrain and equipment may not carry lives
    (BR-2.2)."""
    with pytest.raises(DataError) as exc:
        parse_cards({"card": [{"id": "x", "name": {"ru": "x", "en": "x"}, "type": "spell", "cost": 1,
                               "elite": False, "elements": []}]}, "<t>")
    assert exc.value.field == "card[x].type"
    with pytest.raises(DataError) as exc:
        parse_cards({"card": [{"id": "t", "name": {"ru": "t", "en": "t"}, "type": "terrain", "cost": 1,
                               "elite": False, "elements": [], "lives": 2}]}, "<t>")
    assert exc.value.field == "card[t].lives"


def test_BR_2_1_an_artifact_neither_moves_nor_strikes(assert_illegal):
    """BR-2.1: an artifact never moves and has no simple strike."""
    s = position("A watch_idol c3", "A gorge_warden a1", "B bog_troll c4")
    assert_illegal(s, "move #1 c2", "BR-2.1")
    assert_illegal(s, "strike #1 #3", "BR-2.1")
    assert [a for a in s.legal_actions() if a.card == 1] == []


def test_BR_2_2_terrain_and_equipment_neither_move_nor_strike_nor_take_wounds(assert_illegal):
    """BR-2.2: terrain and equipment never move, have no lives and no simple strike; terrain
    cannot be attacked (BR-4)."""
    s = position("A griffin_leader aux", "A highlands aux", "B bog_troll c5", "B deadly_quagmire aux",
                 "B notched_axe on=3")
    assert s.defs["highlands"].lives == 0 and s.defs["notched_axe"].lives == 0
    assert_illegal(s, "strike #2 #3", "BR-2.2")
    assert_illegal(s, "strike #1 #4", "BR-4")
    assert_illegal(s, "strike #1 #5", "BR-6")
    assert sorted(a.other for a in s.legal_actions() if a.kind == "strike") == [3]


def test_BR_2_3_creatures_move_have_lives_and_strike(rule_ids):
    """BR-2.3: a creature moves, strikes and takes wounds up to its lives."""
    s = position("A gorge_warden c2", "B bog_troll c4 closed", forced=[6])
    s.apply("move #1 c3")
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.3", "BR-15"]
    assert s.at("c3") == 1 and s.at("c2") is None
    assert s.cards[2].wounds == 3 and s.cards[2].zone == "field"


# --- BR-9, BR-9.1, BR-9.2: the turn, movement, closing --------------------------------------

def test_BR_9_any_order_and_no_card_must_be_used(assert_illegal):
    """BR-9: in your turn you move and act with your cards in any order, interleaved; ending the
    turn at once is legal; enemy cards are not yours to use."""
    s = position("A deadfall_wolf a2", "A gorge_warden c3", "B bog_troll c4 closed", "B fen_militiaman e6",
                 forced=[1])
    assert Action("end") in s.legal_actions()
    assert_illegal(s, "move #3 c5", "BR-9")
    assert_illegal(s, "strike #3 #2", "BR-9")
    s.apply("move #1 a3")
    s.apply("strike #2 #3")                          # closed troll: one white die, 1 = weak
    s.apply("move #1 b3")                            # back to the wolf after the warden acted
    assert s.at("b3") == 1 and s.cards[1].moves == 0 and s.cards[3].wounds == 1
    assert [str(a) for a in s.actions] == ["move #1 a3", "strike #2 #3", "move #1 b3"]
    s2 = position("A deadfall_wolf a2", "B bog_troll c4")
    s2.apply("end")
    assert s2.active == 1 and s2.turn == 2


def test_BR_9_1_orthogonal_steps_one_per_movement_point(assert_illegal, rule_ids):
    """BR-9.1: one cell sideways or forward/back per movement point; never diagonally, never two
    cells at once, never onto (or swapping with) another card; points come back next turn."""
    s = position("A deadfall_wolf c2", "A gorge_warden b2", "B bog_troll e6")
    assert s.cards[1].moves == 2
    assert_illegal(s, "move #1 d3", "BR-9.1")        # diagonal
    assert_illegal(s, "move #1 c4", "BR-9.1")        # two cells
    assert_illegal(s, "move #1 b2", "BR-9.1")        # taken: no swapping
    assert sorted(str(a) for a in s.legal_actions() if a.card == 1) == ["move #1 c1", "move #1 c3", "move #1 d2"]
    s.apply("move #1 c3")
    s.apply("move #1 c4")
    assert s.cards[1].moves == 0 and s.at("c4") == 1 and s.at("c2") is None
    assert_illegal(s, "move #1 c5", "BR-9.1")        # no points left
    assert rule_ids(s)[-1] == "BR-9.1" and s.log[-1].en == "Deadfall Wolf c3-c4 (0 movement left)."
    s.apply("end")
    s.apply("end")
    assert s.active == 0 and s.cards[1].moves == 2


def test_BR_9_2_a_closed_card_neither_acts_nor_moves_nor_defends(assert_illegal):
    """BR-9.2: a card that acted is closed; a closed card neither moves nor strikes, and a closed
    creature is no defender."""
    s = position("A gorge_warden c3", "A forest_boar b3", "B bog_troll c4", "B fen_militiaman d4 closed",
                 forced=[4, 4, 1])
    s.apply("strike #1 #3")                          # the closed militiaman cannot defend: no question
    assert s.stage == "battle" and s.cards[1].closed
    assert_illegal(s, "move #1 c2", "BR-9.2")
    assert_illegal(s, "strike #1 #4", "BR-9.2")
    assert s.cards[3].wounds == 1 and s.cards[3].closed is False
    s.apply("strike #2 #3")                          # the open boar still may act
    assert s.cards[2].closed


# --- BR-10 to BR-10.4: the simple strike -------------------------------------------------------

@pytest.mark.parametrize("roll, wounds", [(1, 3), (3, 3), (4, 4), (5, 4), (6, 6)])
def test_BR_10_three_strengths_on_a_closed_target(roll, wounds, rule_ids):
    """BR-10 and BR-10.3: weak X on 1-3, medium Y on 4-5, strong Z on 6 (giant 3-4-6)."""
    s = position("A avalanche_giant c3", "B bog_troll c4 closed", forced=[roll])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.3", "BR-15"]
    assert s.log[n + 2].data == {"white": roll}
    assert s.cards[2].wounds == wounds and s.cards[1].wounds == 0
    assert s.cards[1].closed and s.cards[2].closed and s.dice.count == 1


def test_BR_10_1_adjacent_targets_only_and_an_open_target_rolls_black(assert_illegal, rule_ids):
    """BR-10.1: a simple strike reaches adjacent cards, diagonals included; an open target fights
    back: white die for the attacker, black for the target."""
    s = position("A gorge_warden c3", "B bog_troll e5", "B fen_militiaman d4", "B forest_boar c5", forced=[4, 4])
    assert_illegal(s, "strike #1 #2", "BR-10.1")
    assert_illegal(s, "strike #1 #4", "BR-10.1")
    assert [a.other for a in s.legal_actions() if a.kind == "strike"] == [3]
    n = len(s.log)
    s.apply("strike #1 #3")                          # diagonal neighbour
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.1", "BR-10.4", "BR-15"]
    assert s.log[n + 2].data == {"white": 4, "black": 4}
    assert s.cards[3].wounds == 1 and s.cards[1].wounds == 0
    assert s.cards[1].closed and not s.cards[3].closed


def _defence_position(forced=(6, 1)):
    # attacker c3; target c4; d4 open (adjacent to both), b5 open (only to the target),
    # d3 closed (adjacent to both), b4 an artifact (adjacent to both), a flyer in aux
    return position("A gorge_warden c3", "B bog_troll c4", "B deep_stonecutter d4", "B forest_boar b5",
                    "B deadfall_wolf d3 closed", "B watch_idol b4", "B forest_owl aux", forced=list(forced))


def test_BR_10_2_defender_must_be_an_open_creature_adjacent_to_both(assert_illegal, rule_ids):
    """BR-10.2: after the target is declared its owner may assign a defender: an open creature of
    theirs adjacent both to the attacker and to the target; the owner decides now."""
    s = _defence_position()
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.2"]
    assert s.stage == "pending:defend" and s.to_move == 1 and s.active == 0
    assert s.legal_actions() == [Action("defend", 3), Action("nodefend")]
    assert_illegal(s, "defend #4", "BR-10.2")        # only next to the target
    assert_illegal(s, "defend #5", "BR-10.2")        # closed
    assert_illegal(s, "defend #6", "BR-10.2")        # an artifact (BR-5)
    assert_illegal(s, "defend #7", "BR-10.2")        # a flyer against a ground strike (BR-11)
    assert_illegal(s, "defend #2", "BR-10.2")        # the target itself
    assert_illegal(s, "end", "BR-10.2")              # nothing else until the owner answers
    assert_illegal(s, "move #1 c2", "BR-10.2")
    n = len(s.log)
    s.apply("nodefend")                              # 6 vs 1: +5, strong 3 on the troll
    assert rule_ids(s, n) == ["", "BR-10.2", "BR-10.1", "BR-10.4", "BR-15"]
    assert s.cards[2].wounds == 3 and s.cards[3].wounds == 0 and not s.cards[3].closed


def test_BR_10_3_the_defender_closes_with_the_attacker_and_takes_the_strike(rule_ids):
    """BR-10.3: assigning a defender is an action: it closes together with the attacker, takes the
    strike and fights back; the target is untouched."""
    s = _defence_position(forced=(6, 1))
    s.apply("strike #1 #2")
    n = len(s.log)
    s.apply("defend #3")
    assert rule_ids(s, n) == ["", "BR-10.3", "BR-10.1", "BR-10.4", "BR-15", "BR-15"]
    assert s.log[n + 1].en == "Deep Stonecutter (#3) becomes the defender and closes."
    assert s.cards[3].zone == "graveyard" and s.cards[3].wounds == 3
    assert s.cards[2].wounds == 0 and not s.cards[2].closed
    assert s.cards[1].closed and s.seats[1].graveyard == [3]


def test_BR_10_3_a_closed_target_may_still_get_a_defender(rule_ids):
    """BR-10.3: a closed target with no defender does not fight; with a defender, the defender
    fights (both dice)."""
    s = position("A hired_swordsman c3", "B bog_troll c4 closed", "B fen_militiaman d4", forced=[2, 5])
    s.apply("strike #1 #2")
    assert s.legal_actions() == [Action("defend", 3), Action("nodefend")]
    s.apply("defend #3")                             # 2 vs 5: -3, the militiaman strikes back weak 1
    assert strike_log(s, 0) == [{"dealt": 0, "back": 1, "diff": -3}]
    assert s.cards[1].wounds == 1 and s.cards[3].wounds == 0 and s.cards[2].wounds == 0
    s2 = position("A hired_swordsman c3", "B bog_troll c4 closed", "B fen_militiaman d4", forced=[2])
    s2.apply("strike #1 #2")
    n = len(s2.log)
    s2.apply("nodefend")
    assert rule_ids(s2, n) == ["", "BR-10.2", "BR-10.3", "BR-15"]
    assert s2.cards[2].wounds == 1 and s2.dice.count == 1


@pytest.mark.parametrize("white, black, dealt, back", [
    (6, 1, 4, 0),    # +5: strong
    (4, 1, 3, 0),    # +3: medium
    (2, 1, 2, 0),    # +1: weak
    (1, 1, 2, 0),    # 0, low: weak
    (4, 4, 2, 0),    # 0, rolls 4: weak
    (5, 5, 0, 2),    # 0, rolls 5: the target strikes back weak
    (6, 6, 0, 2),
    (1, 2, 2, 0),    # -1: weak
    (3, 5, 0, 0),    # -2: nothing
    (1, 4, 0, 2),    # -3: weak back
    (1, 6, 0, 3),    # -5: medium back
])
def test_BR_10_4_fight_table_through_the_kernel(white, black, dealt, back, rule_ids):
    """BR-10.4 and R-BR-FIGHT: the cells without a choice, read from the difference of the rolls
    (khan 2-3-4 strikes a troll 2-3-3)."""
    s = position("A nomad_khan c3", "B bog_troll c4", forced=[white, black])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert strike_log(s, n) == [{"dealt": dealt, "back": back, "diff": white - black}]
    assert s.cards[2].wounds == dealt and s.cards[1].wounds == back
    expected = ["", "BR-10", "BR-10.1", "BR-10.4"] + ["BR-15"] * ((dealt > 0) + (back > 0))
    assert rule_ids(s, n) == expected
    assert s.stage == "battle"


@pytest.mark.parametrize("white, black, chooser, choice, dealt, back", [
    (5, 1, 0, "exchange", 4, 2),    # +4: strong, weak back
    (5, 1, 0, "safe", 3, 0),        # +4 instead: medium, no strike back
    (6, 2, 0, "safe", 3, 0),
    (3, 1, 0, "exchange", 3, 2),    # +2: medium, weak back
    (3, 1, 0, "safe", 2, 0),        # +2 instead: weak, no strike back
    (1, 5, 1, "exchange", 2, 3),    # -4: weak dealt, medium back
    (1, 5, 1, "safe", 0, 2),        # -4 instead: weak back, nothing dealt
    (2, 6, 1, "safe", 0, 2),
])
def test_R_BR_FIGHT_choices_and_who_decides(white, black, chooser, choice, dealt, back, rule_ids, assert_illegal):
    """R-BR-FIGHT: at +4 and +2 the attacker's owner, at -4 the target's owner chooses between the
    exchange and the option; nothing else is legal meanwhile (khan 2-3-4 strikes a troll 2-3-3)."""
    s = position("A nomad_khan c3", "B bog_troll c4", forced=[white, black])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.1", "R-BR-FIGHT"]
    assert s.stage == "pending:choice" and s.to_move == chooser and s.active == 0
    assert s.legal_actions() == [Action("exchange"), Action("safe")]
    assert s.cards[1].wounds == 0 and s.cards[2].wounds == 0
    assert_illegal(s, "end", "R-BR-FIGHT")
    assert_illegal(s, "nodefend", "R-BR-FIGHT")
    n = len(s.log)
    s.apply(choice)
    assert rule_ids(s, n)[:3] == ["", "R-BR-FIGHT", "BR-10.4"]
    assert s.log[n].data["seat"] == chooser
    assert strike_log(s, n) == [{"dealt": dealt, "back": back, "diff": white - black}]
    assert s.cards[2].wounds == dealt and s.cards[1].wounds == back
    assert s.stage == "battle" and s.to_move == 0


def test_R_BR_FIGHT_the_defender_owner_chooses_at_minus_4(rule_ids):
    """R-BR-FIGHT: with a defender, the choice at -4 is the defender's owner's, and the wounds go
    to the defender."""
    s = position("A nomad_khan c3", "B bog_troll c4", "B hired_swordsman d4", forced=[2, 6])
    s.apply("strike #1 #2")
    s.apply("defend #3")
    assert s.stage == "pending:choice" and s.to_move == 1
    s.apply("exchange")
    assert s.cards[3].wounds == 2 and s.cards[1].wounds == 2 and s.cards[2].wounds == 0


def test_R_BR_FIGHT_options_only_when_the_table_offers_them(assert_illegal):
    """R-BR-FIGHT: `exchange` and `safe` exist only while a fight-table choice is pending."""
    s = position("A mountain_thane c3", "B bog_troll c4")
    assert_illegal(s, "exchange", "BR-9")
    assert_illegal(s, "safe", "BR-9")


def test_BR_5_an_open_artifact_does_not_fight_back(rule_ids):
    """BR-5: an artifact never fights back: even open, only the attacker rolls."""
    s = position("A gorge_warden c3", "B watch_idol c4", "B bog_troll e6", forced=[6])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-5", "BR-10.3", "BR-15", "BR-15"]
    assert s.cards[2].zone == "graveyard" and s.dice.count == 1 and s.winner is None


# --- BR-11 and BR-11.1: flyers ------------------------------------------------------------------

def test_BR_11_a_flyer_strikes_any_enemy_card(assert_illegal):
    """BR-11: a flyer may strike any enemy card on the field or in the auxiliary zone (never
    terrain, BR-4)."""
    s = position("A griffin_leader aux", "B bog_troll e6", "B watch_idol a6", "B forest_owl aux",
                 "B highlands aux", "A gorge_warden a1")
    assert sorted(a.other for a in s.legal_actions() if a.kind == "strike" and a.card == 1) == [2, 3, 4]
    assert s.explain("strike #1 #2").rule_id == "BR-11"
    assert_illegal(s, "strike #1 #5", "BR-4")


def test_BR_11_a_flyer_strike_is_defended_by_flyers_or_creatures_next_to_the_target(rule_ids):
    """BR-11: a flyer's strike may be defended by another flyer or by a ground creature adjacent to
    the target (it need not be adjacent to the flyer)."""
    s = position("A griffin_leader aux", "B bog_troll e6", "B fen_militiaman d5", "B forest_boar a4",
                 "B forest_owl aux", forced=[6, 1])
    s.apply("strike #1 #2")
    assert s.legal_actions() == [Action("defend", 3), Action("defend", 5), Action("nodefend")]
    s.apply("defend #5")                             # the owl takes it: 6 vs 1, strong 4
    assert s.cards[5].zone == "graveyard" and s.cards[2].wounds == 0 and s.cards[1].closed


def test_BR_11_a_flyer_cannot_defend_a_ground_creature_from_a_ground_creature(rule_ids):
    """BR-11: against a ground attacker striking a ground creature, a flyer is no defender."""
    s = position("A gorge_warden c3", "B bog_troll c4", "B forest_owl aux", forced=[4, 4])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert "BR-10.2" not in rule_ids(s, n) and s.stage == "battle"
    assert s.cards[2].wounds == 1


def test_BR_11_a_ground_creature_cannot_reach_a_flyer_but_a_flyer_defends_a_flyer(assert_illegal, rule_ids):
    """BR-11: a ground creature cannot strike a flyer (unless BR-11.1 earned it the strike); when
    it can, another flyer may defend the flyer, a ground creature may not."""
    s = position("A gorge_warden c3", "B pass_eagle aux", "B forest_owl aux", "B fen_militiaman c4", forced=[6, 1])
    assert_illegal(s, "strike #1 #2", "BR-11")
    s2 = position("A gorge_warden c3 flyerstrike", "B pass_eagle aux", "B forest_owl aux", "B fen_militiaman c4",
                  forced=[6, 1])
    assert s2.explain("strike #1 #2").rule_id == "BR-11.1"
    s2.apply("strike #1 #2")
    assert s2.legal_actions() == [Action("defend", 3), Action("nodefend")]
    s2.apply("nodefend")
    assert s2.cards[2].zone == "graveyard" and s2.cards[1].flyer_strike is False


def test_BR_11_1_only_flyers_left_close_to_earn_a_strike_at_a_flyer(assert_illegal, rule_ids):
    """BR-11.1: when the enemy has only flyers left, a creature may close to earn one simple strike
    at a flyer, used in a later turn of its own; the strike is spent when used."""
    s = position("A gorge_warden c3", "A forest_boar b2", "B pass_eagle aux", "B highlands aux", forced=[6])
    assert {a for a in s.legal_actions() if a.kind == "prepare"} == {Action("prepare", 1), Action("prepare", 2)}
    n = len(s.log)
    s.apply("prepare #1")
    assert rule_ids(s, n) == ["", "BR-11.1"]
    assert s.cards[1].closed and s.cards[1].flyer_strike
    assert_illegal(s, "strike #1 #3", "BR-9.2")      # not this turn: it is closed
    assert_illegal(s, "strike #2 #3", "BR-11")       # the boar earned nothing
    s.apply("end")
    s.apply("end")
    assert s.active == 0 and not s.cards[1].closed
    assert s.explain("strike #1 #3").rule_id == "BR-11.1"
    s.apply("strike #1 #3")                          # the eagle is open: it fights back
    assert s.cards[1].flyer_strike is False


def test_BR_11_1_when_the_strike_cannot_be_earned(assert_illegal):
    """BR-11.1: not while the enemy has a ground creature, not for a flyer, not twice."""
    s = position("A gorge_warden c3", "A griffin_leader aux", "B pass_eagle aux", "B bog_troll e6")
    assert_illegal(s, "prepare #1", "BR-11.1")
    s2 = position("A gorge_warden c3 flyerstrike", "A griffin_leader aux", "B pass_eagle aux")
    assert_illegal(s2, "prepare #2", "BR-11.1")
    assert_illegal(s2, "prepare #1", "BR-11.1")


# --- BR-15: wounds and death --------------------------------------------------------------------

def test_BR_15_wounds_add_up_and_kill_at_the_lives(rule_ids):
    """BR-15: wounds add up; when they reach the card's lives it dies and goes to the graveyard."""
    s = position("A gorge_warden c3", "A forest_boar b3", "B deep_stonecutter c4 closed wounds=1",
                 "B bog_troll e6", forced=[1, 1])
    s.apply("strike #1 #3")
    assert s.cards[3].wounds == 2 and s.cards[3].zone == "field"
    n = len(s.log)
    s.apply("strike #2 #3")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.3", "BR-15", "BR-15"]
    assert [e.kind for e in s.log[n + 3:]] == ["wound", "death"]
    assert s.cards[3].zone == "graveyard" and s.at("c4") is None and s.seats[1].graveyard == [3]


def test_BR_15_more_wounds_than_lives_also_kill():
    """BR-15: wounds that exceed the lives kill too (a strong 6 on 3 lives)."""
    s = position("A avalanche_giant c3", "B fen_militiaman c4 closed", "B bog_troll e6", forced=[6])
    s.apply("strike #1 #2")
    assert s.cards[2].wounds == 6 and s.cards[2].zone == "graveyard"


def test_BR_15_an_attack_for_0_wounds_nobody(rule_ids):
    """BR-15: a successful attack for 0 deals no wound."""
    defs = dict(demo_cards())
    defs.update(parse_cards({"card": [{"id": "feeble", "name": {"ru": "Хиляк", "en": "Feeble"}, "type": "creature",
                                       "kind": "ground", "cost": 1, "elite": False, "elements": [], "lives": 1,
                                       "move": 1, "strike": [0, 1, 1]}]}, "<t>"))
    s = BerserkState.from_dict({"cards": [{"uid": 1, "card": "feeble", "owner": 0, "zone": "field", "cell": "c3"},
                                          {"uid": 2, "card": "bog_troll", "owner": 1, "zone": "field", "cell": "c4",
                                           "closed": True}],
                                "phase": "battle", "dice": {"forced": [2]}}, "<t>", defs)
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.3"]
    assert s.cards[2].wounds == 0 and s.cards[1].closed


# --- BR-16: turns -------------------------------------------------------------------------------

def test_BR_16_the_turn_passes_and_starts_by_opening_that_player_cards(rule_ids):
    """BR-16: when a player ends, the turn passes; each turn starts by opening that player's cards
    (the other player's stay closed); opening them is a game-rule effect (HR-503.1)."""
    s = position("A gorge_warden c3", "B lord_of_the_thicket c4 closed", "B deep_stonecutter a6 closed", forced=[1])
    s.apply("strike #1 #2")
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16", "HR-503.1"]     # said once a game, when a card opens
    assert s.log[n + 2].en == "Turn 2: B to act; 2 cards opened."
    assert s.log[n + 2].ru == "Ход 2: ходит B; открыты 2 карты."
    assert s.active == 1 and s.turn == 2
    assert not s.cards[2].closed and not s.cards[3].closed and s.cards[1].closed
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16"]
    assert s.log[n + 2].en == "Turn 3: A to act; 1 card opened."
    assert s.log[n + 2].ru == "Ход 3: ходит A; открыта 1 карта."
    assert not s.cards[1].closed and s.turn == 3


# --- BR-17: an ability that cannot apply is cancelled unpaid ---------------------------------

@pytest.mark.parametrize("card, where", [("pass_eagle", "aux"), ("highlands", "aux")])
def test_BR_17_strike_at_a_face_down_flyer_or_terrain_is_cancelled_unpaid(card, where, rule_ids):
    """BR-17 and R-BR-LATE-REVEAL: a ground strike at a face-down card that turns out to be a flyer
    or terrain is cancelled: the card goes to the auxiliary zone, no die is rolled and the
    attacker stays open."""
    s = position("A gorge_warden c5", "B bog_troll d4", f"B {card} c6 facedown", forced=[6, 1])
    n = len(s.log)
    s.apply("strike #1 #3")
    assert rule_ids(s, n) == ["", "BR-10", "BR-8.4", "CR-203.1", "BR-17"]
    assert s.cards[3].zone == where and s.cards[3].face_down is False and s.at("c6") is None
    assert s.cards[1].closed is False and s.dice.count == 0 and s.cards[3].wounds == 0
    assert s.stage == "battle" and s.to_move == 0
    s.apply("strike #1 #2")                          # still open: it may strike another target
    assert s.cards[1].closed and s.cards[2].wounds == 3


def test_BR_17_strike_at_face_down_equipment_is_cancelled_and_it_is_attached(rule_ids):
    """BR-17, R-BR-LATE-REVEAL and BR-6: face-down equipment revealed by a strike is no target:
    the strike is cancelled unpaid, and its owner attaches it at once."""
    s = position("A gorge_warden c5", "B fen_militiaman d6", "B sentry_chain_mail c6 facedown", forced=[6, 1])
    n = len(s.log)
    s.apply("strike #1 #3")
    assert rule_ids(s, n) == ["", "BR-10", "BR-8.4", "R-BR-LATE-REVEAL", "BR-17"]
    assert s.cards[1].closed is False and s.dice.count == 0 and s.cards[3].wounds == 0
    assert s.stage == "pending:attach" and s.to_move == 1
    assert s.legal_actions() == [Action("attach", 3, 2), Action("done")]
    s.apply("attach #3 #2")
    assert s.cards[3].zone == "attached" and s.cards[3].host == 2
    assert s.stage == "battle" and s.to_move == 0 and s.cards[1].closed is False


def test_BR_17_strike_at_a_face_down_symbiote_is_cancelled(rule_ids):
    """BR-17 and R-BR-SYMBIOTE: a face-down symbiote revealed by a strike is no target."""
    s = position("A gorge_warden c5", "B fen_militiaman d6", "B strangling_ivy c6 facedown", forced=[6, 1])
    s.apply("strike #1 #3")
    assert rule_ids(s)[-2:] == ["R-BR-LATE-REVEAL", "BR-17"]
    assert s.cards[1].closed is False and s.dice.count == 0 and s.stage == "pending:attach"


def test_BR_17_strike_at_face_down_equipment_with_no_carrier(rule_ids):
    """BR-17 and R-BR-LATE-REVEAL: revealed equipment with no possible carrier is destroyed and the
    strike is cancelled unpaid."""
    s = position("A gorge_warden c5", "B bog_troll d6", "B sentry_chain_mail c6 facedown", forced=[6, 1])
    n = len(s.log)
    s.apply("strike #1 #3")
    assert rule_ids(s, n) == ["", "BR-10", "BR-8.4", "R-BR-LATE-REVEAL", "BR-17"]
    assert s.cards[3].zone == "graveyard" and s.cards[1].closed is False and s.stage == "battle"


def test_BR_17_a_face_down_creature_is_struck_normally(rule_ids):
    """BR-8.4 and BR-17: a face-down creature revealed by a strike is a legal target: no cancel."""
    s = position("A gorge_warden c5", "B deep_stonecutter c6 facedown", "B bog_troll a4", forced=[6, 1])
    n = len(s.log)
    s.apply("strike #1 #2")
    assert rule_ids(s, n) == ["", "BR-10", "BR-8.4", "BR-10.1", "BR-10.4", "BR-15", "BR-15"]
    assert s.cards[2].zone == "graveyard" and s.cards[1].closed


# --- R-BR-ENEMY-TARGET and R-BR-TURN-LIMIT ----------------------------------------------------

def test_R_BR_ENEMY_TARGET_no_strike_at_your_own_card(assert_illegal):
    """R-BR-ENEMY-TARGET: a simple strike targets only an enemy card (also for a flyer)."""
    s = position("A gorge_warden c3", "A forest_boar c4", "A griffin_leader aux", "B bog_troll e6")
    assert_illegal(s, "strike #1 #2", "R-BR-ENEMY-TARGET")
    assert_illegal(s, "strike #3 #2", "R-BR-ENEMY-TARGET")
    assert_illegal(s, "strike #3 #1", "R-BR-ENEMY-TARGET")


def test_R_BR_TURN_LIMIT_a_draw_when_the_limit_is_reached(rule_ids, assert_illegal):
    """R-BR-TURN-LIMIT: with a limit of 3 turns the game ends in a draw when turn 3 ends."""
    s = position("A gorge_warden c3", "B bog_troll e6", options={"turn_limit": 3})
    s.apply("end")
    s.apply("end")
    assert s.turn == 3 and s.phase == "battle"
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "R-BR-TURN-LIMIT"]
    assert s.phase == "over" and s.winner == "draw" and s.to_move is None
    assert_illegal(s, "end", "BR-1")


def test_R_BR_TURN_LIMIT_unlimited_by_default(rule_ids):
    """R-BR-TURN-LIMIT: by default turns are unlimited."""
    s = position("A gorge_warden c3", "B bog_troll e6")
    for _ in range(40):
        s.apply("end")
    assert s.turn == 41 and s.phase == "battle" and "R-BR-TURN-LIMIT" not in rule_ids(s)
