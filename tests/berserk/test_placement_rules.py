"""Placement, reveal and attaching: BR-8, BR-8.1, BR-8.2, BR-8.3, BR-8.4, BR-8.5, BR-6 (attaching),
BR-5, the rulings R-BR-SYMBIOTE and R-BR-LATE-REVEAL, and the zone rules CR-203.1 and
CR-battlefield-contents.

Cells are named as on a chessboard from the first player's side: ranks 1-3 are the first player's
half (their row 3, 2, 1), ranks 4-6 the second player's (their row 1, 2, 3)."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import Action, position
from berserk_kernel.berserk.field import cell_name, half_cells, parse_cell
from berserk_kernel.core.errors import DataError


def squads(scenario, seat0, seat1, options=None, active=0):
    """A placement-phase position: seat 0's squad gets uids 1.., then seat 1's."""
    cards = [{"card": c, "owner": 0, "zone": "squad"} for c in seat0]
    cards += [{"card": c, "owner": 1, "zone": "squad"} for c in seat1]
    for i, c in enumerate(cards):
        c["uid"] = i + 1
    return scenario(cards, "place", active=active, options=options)


def place_all(s, placements):
    for uid, cell in placements:
        s.apply(f"place #{uid} {cell}")


def cells_offered(s):
    return sorted({cell_name(a.cell) for a in s.legal_actions() if a.kind == "place"})


# --- BR-8: the halves -------------------------------------------------------------------------

def test_BR_8_cards_go_on_your_own_half(scenario, assert_illegal):
    """BR-8: six rows of five cells; each player places only on the three rows nearest to them."""
    s = squads(scenario, ["gorge_warden"], ["bog_troll"])
    assert [cell_name(c) for c in half_cells(0)] == [f"{c}{r}" for r in "123" for c in "abcde"]
    assert [cell_name(c) for c in half_cells(1)] == [f"{c}{r}" for r in "456" for c in "abcde"]
    assert_illegal(s, "place #1 c4", "BR-8")
    assert_illegal(s, "place #1 c6", "BR-8")
    s.apply("place #1 c2")
    assert s.active == 1
    assert_illegal(s, "place #2 c3", "BR-8")
    s.apply("place #2 c4")
    assert s.cards[1].cell == parse_cell("c2") and s.cards[2].cell == parse_cell("c4")


# --- BR-8.1 and BR-8.2: the order of cells -----------------------------------------------------

def test_BR_8_1_first_player_fills_the_centre_then_rows_2_and_3_then_row_1(scenario, assert_illegal, rule_ids):
    """BR-8.1: the first player fills the central 3x3 of their half first, then the free cells of
    rows 2 and 3 (ranks 2 and 1), and row 1 (rank 3, touching the enemy) last."""
    s = squads(scenario, ["herdsman"] * 15, ["bog_troll"])
    centre = ["b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"]
    assert cells_offered(s) == centre
    assert_illegal(s, "place #1 a2", "BR-8.1")
    assert_illegal(s, "place #1 a3", "BR-8.1")
    place_all(s, list(zip(range(1, 10), centre)))
    assert cells_offered(s) == ["a1", "a2", "e1", "e2"]
    assert_illegal(s, "place #10 a3", "BR-8.1")
    place_all(s, [(10, "a1"), (11, "e2"), (12, "a2"), (13, "e1")])
    assert cells_offered(s) == ["a3", "e3"]
    place_all(s, [(14, "e3"), (15, "a3")])
    assert rule_ids(s).count("BR-8.1") == 15
    assert all(s.cards[u].face_down and s.cards[u].zone == "field" for u in range(1, 16))
    assert s.active == 1 and s.phase == "place"


def test_BR_8_2_second_player_uses_row_1_and_the_centre_at_once(scenario, assert_illegal, rule_ids):
    """BR-8.2: the second player may use all of row 1 (rank 4) and the centre of rows 2 and 3 at
    once, then the rest of rows 2 and 3."""
    s = squads(scenario, [], ["herdsman"] * 15, active=1)
    first_tier = ["a4", "b4", "b5", "b6", "c4", "c5", "c6", "d4", "d5", "d6", "e4"]
    assert cells_offered(s) == first_tier
    assert_illegal(s, "place #1 a5", "BR-8.2")
    assert_illegal(s, "place #1 e6", "BR-8.2")
    place_all(s, list(zip(range(1, 12), first_tier)))
    assert cells_offered(s) == ["a5", "a6", "e5", "e6"]
    place_all(s, [(12, "a6"), (13, "e5"), (14, "a5"), (15, "e6")])
    assert rule_ids(s).count("BR-8.2") == 15
    assert s.phase in ("reveal", "attach", "battle")


def test_R_BR_ORDER_the_first_player_places_everything_first(scenario, assert_illegal):
    """R-BR-ORDER: the first player places their whole squad, then the second player places."""
    s = squads(scenario, ["gorge_warden", "forest_boar"], ["bog_troll"])
    assert_illegal(s, "place #3 c4", "BR-8.3")   # not seat 0's card
    s.apply("place #1 c2")
    assert s.active == 0 and s.to_move == 0
    s.apply("place #2 c1")
    assert s.active == 1 and s.to_move == 1
    assert_illegal(s, "place #1 c3", "BR-8.3")   # already on the field


# --- BR-8.3: non-creatures also face down, one per cell -----------------------------------

def test_BR_8_3_every_card_face_down_on_a_cell_of_its_own(scenario, assert_illegal, rule_ids):
    """BR-8.3: terrain, artifacts, symbiotes and equipment are placed face down too, each on its
    own cell; a taken cell is refused."""
    s = squads(scenario, ["gorge_warden", "notched_axe", "highlands", "watch_idol", "strangling_ivy"], ["bog_troll"])
    s.apply("place #2 c2")
    assert_illegal(s, "place #1 c2", "BR-8.3")
    assert_illegal(s, "place #99 c1", "BR-8.3")
    place_all(s, [(1, "c1"), (3, "b2"), (4, "d2"), (5, "c3")])
    for uid, cell in [(2, "c2"), (1, "c1"), (3, "b2"), (4, "d2"), (5, "c3")]:
        c = s.cards[uid]
        assert c.zone == "field" and c.face_down and s.at(cell) == uid
    assert rule_ids(s).count("BR-8.1") == 5 and s.seats[0].squad == []


# --- BR-8.4: reveal ---------------------------------------------------------------------------

def _setup_to_reveal(scenario, seat1_cells, seat1_cards, options=None):
    s = squads(scenario, ["gorge_warden"], seat1_cards, options=options)
    s.apply("place #1 c2")
    place_all(s, [(2 + i, cell) for i, cell in enumerate(seat1_cells)])
    return s


def test_BR_8_4_second_player_may_keep_row_3_face_down(scenario, rule_ids, assert_illegal):
    """BR-8.4: all cards turn face up; the second player may keep their row 3 (rank 6) face down
    until their own turn, when it is revealed (after the turn start opens the cards, HR-503.1)."""
    s = _setup_to_reveal(scenario, ["c4", "c6"], ["lord_of_the_thicket", "fen_militiaman"])
    assert s.phase == "reveal" and s.to_move == 1
    assert s.legal_actions() == [Action("hide"), Action("show")]
    assert_illegal(s, "end", "BR-7")
    n = len(s.log)
    s.apply("hide")
    assert rule_ids(s, n) == ["", "BR-8.4", "BR-7", "BR-16"]
    assert s.cards[1].face_down is False and s.cards[2].face_down is False
    assert s.cards[3].face_down is True and s.hidden_row is True
    assert s.phase == "battle" and s.active == 0
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16", "BR-8.4"]
    assert s.log[-1].en == "Card #3 is revealed: Fen Militiaman (its owner's turn begins)."
    assert s.cards[3].face_down is False and s.hidden_row is False and s.active == 1


def test_BR_8_4_show_reveals_every_card(scenario, rule_ids):
    """BR-8.4: the second player may also reveal row 3 with the rest."""
    s = _setup_to_reveal(scenario, ["c4", "c6"], ["bog_troll", "fen_militiaman"])
    s.apply("show")
    assert all(not s.cards[u].face_down for u in (1, 2, 3)) and s.hidden_row is False
    assert rule_ids(s)[-4:] == ["", "BR-8.4", "BR-7", "BR-16"]
    assert s.log[-3].en == "All cards are revealed."


@pytest.mark.parametrize("cells, options", [(["c4", "c5"], None), (["c4", "c6"], {"allow_hidden_row": False})])
def test_BR_8_4_no_question_without_a_row_3_card_or_without_the_option(scenario, cells, options, rule_ids):
    """BR-8.4: with no card in the second player's row 3 (or the option off) all cards are
    revealed at once, without a decision."""
    s = _setup_to_reveal(scenario, cells, ["bog_troll", "fen_militiaman"], options=options)
    assert s.phase == "battle" and all(not s.cards[u].face_down for u in (1, 2, 3))
    assert "hide" not in [str(a) for a in s.actions] and rule_ids(s)[-3:] == ["BR-8.4", "BR-7", "BR-16"]


def test_BR_8_4_a_face_down_card_cannot_act(assert_illegal):
    """BR-8.4: a card still face down neither moves nor strikes."""
    s = position("A gorge_warden c3", "B bog_troll c5 facedown", "B fen_militiaman c4", active=1)
    assert_illegal(s, "move #2 b5", "BR-8.4")
    assert_illegal(s, "strike #2 #1", "BR-8.4")


def test_BR_8_4_a_hidden_card_is_revealed_when_it_defends(rule_ids):
    """BR-8.4: a hidden row-3 card is revealed as soon as it acts, here as a defender."""
    s = position("A gorge_warden c5", "B bog_troll b6", "B fen_militiaman c6 facedown", forced=[1, 6])
    s.apply("strike #1 #2")
    assert s.stage == "pending:defend" and s.legal_actions() == [Action("defend", 3), Action("nodefend")]
    n = len(s.log)
    s.apply("defend #3")
    assert rule_ids(s, n)[:4] == ["", "BR-8.4", "BR-10.3", "BR-10.1"]
    assert s.log[n + 1].en == "Card #3 is revealed: Fen Militiaman (it defends)."
    assert s.cards[3].face_down is False and s.cards[3].closed is True


# --- BR-8.5, CR-203.1, BR-6 and R-BR-SYMBIOTE at set-up --------------------------------------

def _full_setup(scenario):
    s = squads(scenario,
               ["gorge_warden", "notched_axe", "pass_eagle", "highlands", "strangling_ivy", "watch_idol"],
               ["fen_militiaman", "sentry_chain_mail", "bloodsucker_bat", "marching_boots"])
    place_all(s, [(1, "c2"), (2, "b2"), (3, "d2"), (4, "c1"), (5, "b1"), (6, "d1"),
                  (7, "c4"), (8, "b4"), (9, "d4"), (10, "e4")])
    return s


def test_BR_8_5_terrain_and_flyers_go_to_the_aux_zone_then_attach_first_then_second(scenario, rule_ids, assert_illegal):
    """BR-8.5 and CR-203.1: after the reveal terrain and flyers go to their owner's auxiliary zone;
    then the first player, then the second attaches equipment and symbiotes; the ones left over
    are destroyed."""
    s = _full_setup(scenario)
    assert s.stage == "attach" and s.to_move == 0
    assert sorted(s.seats[0].aux) == [3, 4] and s.seats[1].aux == [9]
    assert all(s.cards[u].zone == "aux" and s.cards[u].cell is None for u in (3, 4, 9))
    assert s.at("d2") is None and s.at("c1") is None and s.at("d4") is None
    assert [e.data["card"] for e in s.log if e.rule_id == "CR-203.1"] == [4, 3, 9]
    assert sorted(map(str, s.legal_actions())) == ["attach #2 #1", "attach #5 #1", "done"]
    assert_illegal(s, "attach #8 #7", "BR-8.5")    # seat 1 waits for seat 0
    s.apply("attach #2 #1")
    assert s.to_move == 0 and s.cards[2].zone == "attached" and s.cards[2].host == 1 and s.at("b2") is None
    s.apply("attach #5 #1")
    # seat 0 has nothing left to attach: seat 1's turn to attach
    assert s.stage == "attach" and s.to_move == 1
    s.apply("attach #8 #7")
    assert s.to_move == 1 and s.legal_actions() == [Action("attach", 10, 7), Action("done")]
    n = len(s.log)
    s.apply("done")                                # the boots are left over: destroyed
    assert rule_ids(s, n) == ["", "BR-8.5", "BR-7", "BR-16"]
    assert s.log[n + 1].kind == "death" and s.log[n + 1].data["card"] == 10
    assert s.cards[10].zone == "graveyard" and s.seats[1].graveyard == [10] and s.at("e4") is None
    assert s.phase == "battle" and s.active == 0 and s.turn == 1


def test_BR_8_5_first_player_leftovers_are_destroyed_too(scenario, rule_ids):
    """BR-8.5: `done` destroys every equipment and symbiote the first player left unattached."""
    s = _full_setup(scenario)
    s.apply("attach #5 #1")
    n = len(s.log)
    s.apply("done")
    assert rule_ids(s, n) == ["", "BR-8.5"]
    assert s.seats[0].graveyard == [2] and s.cards[5].host == 1
    assert s.to_move == 1


def test_CR_battlefield_contents_after_set_up(scenario):
    """CR-battlefield-contents: after set-up the battlefield holds non-flying creatures and
    artifacts on cells, with equipment and symbiotes lying on their creatures; flyers and terrain
    are in the auxiliary zone (CR-203.1)."""
    s = _full_setup(scenario)
    s.apply("attach #2 #1")
    s.apply("attach #5 #1")
    s.apply("attach #8 #7")
    s.apply("attach #10 #7")
    assert s.phase == "battle"
    on_cells = sorted(u for u in s.cells if u is not None)
    assert on_cells == [1, 6, 7]
    kinds = {s.defs[s.cards[u].card].type if s.defs[s.cards[u].card].type != "creature"
             else s.defs[s.cards[u].card].kind for u in on_cells}
    assert kinds == {"ground", "artifact"}
    attached = sorted(u for u, c in s.cards.items() if c.zone == "attached")
    assert attached == [2, 5, 8, 10]
    assert all(s.cards[s.cards[u].host].zone == "field" and s.cards[u].in_play for u in attached)
    aux = sorted(s.seats[0].aux + s.seats[1].aux)
    assert aux == [3, 4, 9] and all(s.cards[u].cell is None for u in aux)


def test_CR_battlefield_contents_a_flyer_on_a_cell_is_refused_in_a_scenario():
    """CR-battlefield-contents, CR-203.1: a face-up flyer or terrain cannot stand on a cell in
    battle; a scenario that puts one there is refused, naming the field."""
    with pytest.raises(DataError) as exc:
        position("A gorge_warden c2", "B pass_eagle c5")
    assert exc.value.field == "cards[1].zone" and "CR-203.1" in exc.value.en
    with pytest.raises(DataError):
        position("A gorge_warden c2", "B highlands c5")


def test_CR_203_1_flyers_and_terrain_live_in_their_owner_aux_zone(assert_illegal):
    """CR-203.1: flyers and terrain sit in their owner's auxiliary zone; a flyer there does not
    walk onto the field (BR-9.1)."""
    s = position("A gorge_warden c2", "A pass_eagle aux", "A highlands aux", "B bog_troll c5", "B forest_owl aux")
    assert s.seats[0].aux == [2, 3] and s.seats[1].aux == [5]
    assert all(s.cards[u].zone == "aux" and s.cards[u].in_play for u in (2, 3, 5))
    assert_illegal(s, "move #2 c3", "BR-9.1")
    assert_illegal(s, "move #3 c3", "BR-2.2")


# --- BR-6 and BR-5: who may carry what --------------------------------------------------------

def _attach_phase(scenario, extra=()):
    cards = [
        {"uid": 1, "card": "gorge_warden", "owner": 0, "zone": "field", "cell": "c2"},      # warrior
        {"uid": 2, "card": "bog_troll", "owner": 0, "zone": "field", "cell": "b2"},         # no class
        {"uid": 3, "card": "crypt_phantom", "owner": 0, "zone": "field", "cell": "d2"},     # incorporeal
        {"uid": 4, "card": "watch_idol", "owner": 0, "zone": "field", "cell": "c1"},        # artifact
        {"uid": 5, "card": "pass_eagle", "owner": 0, "zone": "aux"},                         # flyer
        {"uid": 6, "card": "notched_axe", "owner": 0, "zone": "field", "cell": "b1"},       # weapon
        {"uid": 7, "card": "curved_scimitar", "owner": 0, "zone": "field", "cell": "d1"},   # weapon
        {"uid": 8, "card": "sentry_chain_mail", "owner": 0, "zone": "field", "cell": "a1"}, # armour
        {"uid": 9, "card": "strangling_ivy", "owner": 0, "zone": "field", "cell": "e1"},    # symbiote
        {"uid": 10, "card": "bloodsucking_leech", "owner": 0, "zone": "field", "cell": "a2"},  # symbiote
        {"uid": 11, "card": "fen_militiaman", "owner": 1, "zone": "field", "cell": "c4"},   # enemy
    ] + list(extra)
    return scenario(cards, "attach", active=0)


def test_BR_6_equipment_needs_a_classed_ground_creature_of_yours(scenario, assert_illegal):
    """BR-6: equipment goes on a creature with a class; classless, incorporeal and flying creatures
    cannot carry it, nor an enemy's creature or another piece of equipment."""
    s = _attach_phase(scenario)
    assert_illegal(s, "attach #6 #2", "BR-6")      # bog troll: no class
    assert_illegal(s, "attach #6 #3", "BR-6")      # crypt phantom: incorporeal
    assert_illegal(s, "attach #6 #5", "BR-6")      # pass eagle: a flyer, in the aux zone
    assert_illegal(s, "attach #6 #11", "BR-6")     # the enemy's creature
    assert_illegal(s, "attach #6 #7", "BR-6")      # equipment on equipment
    assert s.explain("attach #6 #1").ok


def test_BR_6_several_pieces_of_different_types_only(scenario, assert_illegal):
    """BR-6: a creature may carry several pieces of equipment of different types, never two of one
    type."""
    s = _attach_phase(scenario)
    s.apply("attach #6 #1")
    assert_illegal(s, "attach #7 #1", "BR-6")      # a second weapon
    s.apply("attach #8 #1")                        # armour: a different type
    assert {u for u, c in s.cards.items() if c.zone == "attached" and c.host == 1} == {6, 8}
    assert s.at("b1") is None and s.at("a1") is None


def test_BR_5_nothing_goes_on_an_artifact(scenario, assert_illegal):
    """BR-5: no equipment (and no symbiote) is put on an artifact."""
    s = _attach_phase(scenario)
    assert_illegal(s, "attach #6 #4", "BR-5")
    assert_illegal(s, "attach #9 #4", "BR-5")


def test_BR_8_5_only_waiting_equipment_and_symbiotes_are_attached(scenario, assert_illegal):
    """BR-8.5: only your own face-up equipment or symbiote still on a cell may be attached."""
    s = _attach_phase(scenario)
    assert_illegal(s, "attach #1 #2", "BR-8.5")    # a creature is not attached
    assert_illegal(s, "attach #11 #1", "BR-8.5")   # not yours


def test_R_BR_SYMBIOTE_one_symbiote_per_ground_host(scenario, assert_illegal):
    """R-BR-SYMBIOTE: a symbiote lies on a ground creature of yours (a class is not needed), one
    per host; it does not go on a flyer."""
    s = _attach_phase(scenario)
    assert_illegal(s, "attach #9 #5", "R-BR-SYMBIOTE")    # a flyer
    assert_illegal(s, "attach #9 #11", "R-BR-SYMBIOTE")   # the enemy's creature
    assert_illegal(s, "attach #9 #10", "R-BR-SYMBIOTE")   # a symbiote on a symbiote
    s.apply("attach #9 #2")                                # bog troll: classless is fine
    assert s.cards[9].zone == "attached" and s.cards[9].host == 2
    assert_illegal(s, "attach #10 #2", "R-BR-SYMBIOTE")   # a second symbiote
    s.apply("attach #10 #1")
    assert s.cards[10].host == 1


def test_BR_6_equipment_moves_with_its_carrier_and_dies_when_it_leaves(rule_ids):
    """BR-6: equipment moves only with its carrier and is destroyed when the carrier leaves the
    field; it takes no wounds (boots and an axe: neither changes the wounds the carrier takes)."""
    s = position("A hired_swordsman c3 wounds=3", "A notched_axe on=1", "A marching_boots on=1",
                 "B bog_troll d5", "B fen_militiaman c6", forced=[6, 1])
    s.apply("move #1 c4")
    assert s.cards[2].zone == "attached" and s.cards[2].host == 1 and s.cards[2].cell is None
    s.apply("end")
    n = len(s.log)
    s.apply("strike #4 #1")                          # the troll hits the swordsman: 6 vs 1, strong 3
    assert rule_ids(s, n) == ["", "BR-10", "BR-10.1", "BR-10.4", "BR-15", "BR-15", "BR-6", "BR-6", "BR-1"]
    assert [s.log[i].kind for i in range(n + 5, n + 8)] == ["death", "death", "death"]
    assert [s.log[i].data["card"] for i in range(n + 5, n + 8)] == [1, 2, 3]
    assert s.cards[1].zone == "graveyard" and s.cards[2].zone == "graveyard" and s.cards[3].zone == "graveyard"
    assert s.seats[0].graveyard == [1, 2, 3]
    assert s.cards[2].wounds == 0 and s.cards[3].wounds == 0
    assert s.winner == 1 and s.phase == "over"


def test_BR_6_equipment_cannot_be_attacked_and_never_defends(assert_illegal):
    """BR-6: equipment is never a target of a strike and never a defender."""
    s = position("A gorge_warden c4", "A notched_axe on=1", "A forest_boar d4",
                 "B bog_troll c5", "B bloodsucker_bat aux", active=1, forced=[1, 6])
    assert_illegal(s, "strike #4 #2", "BR-6")        # ground, adjacent to the carrier
    assert_illegal(s, "strike #5 #2", "BR-6")        # a flyer
    s.apply("strike #4 #3")
    assert s.stage == "pending:defend" and s.legal_actions() == [Action("defend", 1), Action("nodefend")]


def test_R_BR_SYMBIOTE_neither_acts_nor_is_targeted_and_dies_with_its_host(assert_illegal, rule_ids):
    """R-BR-SYMBIOTE: a symbiote neither moves nor strikes, cannot be the target of a simple
    strike, does not defend, and dies with its host."""
    s = position("A deadfall_wolf c4", "A strangling_ivy on=1", "A forest_boar d4",
                 "B bog_troll c5 wounds=0", "B bloodsucker_bat aux", forced=[1, 6])
    assert_illegal(s, "move #2 c3", "R-BR-SYMBIOTE")
    assert_illegal(s, "strike #2 #4", "R-BR-SYMBIOTE")
    s.apply("end")
    assert_illegal(s, "strike #4 #2", "R-BR-SYMBIOTE")
    assert_illegal(s, "strike #5 #2", "R-BR-SYMBIOTE")
    n = len(s.log)
    s.apply("strike #4 #3")                          # at the boar: the wolf may defend, not the ivy
    assert s.legal_actions() == [Action("defend", 1), Action("nodefend")]
    s.apply("defend #1")                             # 1 vs 6: -5, the wolf strikes back medium
    assert s.cards[4].wounds == 2
    s2 = position("A deadfall_wolf c4", "A strangling_ivy on=1", "A forest_boar d3",
                  "B bog_troll c5", active=1, forced=[6, 1])
    n = len(s2.log)
    s2.apply("strike #4 #1")                         # 6 vs 1: strong 3 on a wolf with 2 lives;
    # the ivy's armour 1 (its own card text, BR-17) absorbs 1 and the other 2 still kill
    assert rule_ids(s2, n) == ["", "BR-10", "BR-10.1", "BR-10.4", "BR-17", "BR-15", "BR-15", "R-BR-SYMBIOTE"]
    assert s2.log[n + 4].kind == "armour" and s2.log[n + 5].data == {"card": 1, "wounds": 2}
    assert s2.log[-1].kind == "death" and s2.log[-1].data["card"] == 2
    assert s2.seats[0].graveyard == [1, 2] and s2.cards[2].zone == "graveyard"
    assert s2.phase == "battle"                      # the boar lives on


# --- R-BR-LATE-REVEAL ---------------------------------------------------------------------

def _hidden(scenario, hidden_card, host="fen_militiaman"):
    cards = [
        {"uid": 1, "card": "gorge_warden", "owner": 0, "zone": "field", "cell": "c2"},
        {"uid": 2, "card": host, "owner": 1, "zone": "field", "cell": "c4"},
        {"uid": 3, "card": hidden_card, "owner": 1, "zone": "field", "cell": "b6", "face_down": True},
    ]
    return scenario(cards, "battle", active=0, turn=1, hidden_row=True)


def test_R_BR_LATE_REVEAL_equipment_revealed_later_is_attached_at_once(scenario, rule_ids, assert_illegal):
    """R-BR-LATE-REVEAL: equipment revealed at its owner's turn start is attached at once (the
    owner decides before anything else)."""
    s = _hidden(scenario, "sentry_chain_mail")
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16", "BR-8.4", "R-BR-LATE-REVEAL"]
    assert s.stage == "pending:attach" and s.to_move == 1
    assert s.legal_actions() == [Action("attach", 3, 2), Action("done")]
    assert_illegal(s, "move #2 c5", "R-BR-LATE-REVEAL")
    s.apply("attach #3 #2")
    assert s.cards[3].zone == "attached" and s.cards[3].host == 2 and s.at("b6") is None
    assert s.stage == "battle" and s.to_move == 1


def test_R_BR_LATE_REVEAL_equipment_with_no_possible_host_is_destroyed(scenario, rule_ids):
    """R-BR-LATE-REVEAL: equipment revealed later with no creature able to carry it is destroyed."""
    s = _hidden(scenario, "sentry_chain_mail", host="village_militiaman")   # it has no class
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16", "BR-8.4", "R-BR-LATE-REVEAL"]
    assert s.log[-1].kind == "death"
    assert s.cards[3].zone == "graveyard" and s.seats[1].graveyard == [3]
    assert s.stage == "battle" and s.pending is None


def test_R_BR_LATE_REVEAL_flyer_revealed_later_goes_to_the_aux_zone(scenario, rule_ids):
    """R-BR-LATE-REVEAL and CR-203.1: a flyer revealed later goes to the auxiliary zone."""
    s = _hidden(scenario, "bloodsucker_bat")
    n = len(s.log)
    s.apply("end")
    assert rule_ids(s, n) == ["", "BR-16", "BR-16", "BR-8.4", "CR-203.1"]
    assert s.cards[3].zone == "aux" and s.seats[1].aux == [3] and s.at("b6") is None
    assert s.stage == "battle"
