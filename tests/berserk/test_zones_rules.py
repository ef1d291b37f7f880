"""Zones (seed 001): CR-201.1, CR-play-zone, CR-202.1, CR-202.2, CR-204.1, CR-deck-order,
CR-deck-hidden, CR-204.4, CR-205.1, CR-205.1.1, and (lightly: the basic kernel only holds tokens)
CR-token-payment and CR-token-limit."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import BerserkState, load_scenario, new_game, position, save_scenario
from berserk_kernel.berserk import zones
from berserk_kernel.berserk.field import CELLS, ADJACENT_SETS, cell_at, cell_name, half_of, half_row, parse_cell
from berserk_kernel.core.errors import DataError


# --- CR-201.1 and CR-play-zone ---------------------------------------------------------------

def test_CR_201_1_four_zones_and_the_play_zone():
    """CR-201.1: battlefield, auxiliary zone, deck and graveyard; the play zone is the battlefield
    (with the cards lying on creatures) plus the auxiliary zone."""
    s = position("A gorge_warden c3", "A notched_axe on=1", "A pass_eagle aux", "A forest_boar deck",
                 "A deadfall_wolf graveyard", "B bog_troll c4")
    zone_of = {u: s.cards[u].zone for u in (1, 2, 3, 4, 5)}
    assert zone_of == {1: "field", 2: "attached", 3: "aux", 4: "deck", 5: "graveyard"}
    assert [s.cards[u].in_play for u in (1, 2, 3, 4, 5)] == [True, True, True, False, False]
    assert s.seats[0].deck == [4] and s.seats[0].graveyard == [5] and s.seats[0].aux == [3]
    assert zones.PLAY_ZONES == frozenset({"field", "aux", "attached"})


def test_CR_play_zone_cards_outside_it_neither_act_nor_are_targets(assert_illegal):
    """CR-play-zone: abilities work only while their card is in the play zone, and only on cards
    there: a card in the deck or the graveyard cannot act or be struck."""
    s = position("A griffin_leader aux", "A forest_boar deck", "A deadfall_wolf graveyard",
                 "B bog_troll c4", "B fen_militiaman graveyard", "B forest_owl deck")
    assert_illegal(s, "move #2 c2", "CR-play-zone")
    assert_illegal(s, "strike #3 #4", "CR-play-zone")
    assert_illegal(s, "strike #1 #5", "CR-play-zone")
    assert_illegal(s, "strike #1 #6", "CR-play-zone")
    assert_illegal(s, "strike #1 #42", "CR-play-zone")
    assert sorted(a.other for a in s.legal_actions() if a.kind == "strike") == [4]


# --- CR-202.1 and CR-202.2: the field ----------------------------------------------------------

def test_CR_202_1_six_rows_of_five_cells():
    """CR-202.1: a 6 by 5 rectangle: six rows (ranks 1-6) of five cells (columns a-e)."""
    s = position("A gorge_warden c3", "B bog_troll c4")
    assert len(s.cells) == 30 and list(CELLS) == list(range(30))
    names = [cell_name(c) for c in CELLS]
    assert names[:5] == ["a1", "b1", "c1", "d1", "e1"] and names[-1] == "e6"
    assert all(parse_cell(n) == i for i, n in enumerate(names))
    for bad in ("f1", "a7", "a0", "c", "cc3"):
        with pytest.raises(DataError):
            parse_cell(bad)
    before = s.state_hash()
    with pytest.raises(DataError):
        s.apply("move #1 c7")
    assert s.state_hash() == before
    # a column is six cells deep: a creature can walk it end to end
    w = position("A errant_knight c1", "B bog_troll a6")
    for _ in range(5):
        cell = cell_name(w.cards[1].cell)
        w.apply(f"move #1 {cell[0]}{int(cell[1]) + 1}")
        if w.cards[1].moves == 0:
            w.apply("end")
            w.apply("end")
    assert w.at("c6") == 1


def test_CR_202_2_rows_are_counted_from_the_middle(assert_illegal):
    """CR-202.2: each half is the three rows nearest its player; row 1 touches the enemy half and
    row 3 is nearest the player (a3 is the first player's row 1, a6 the second player's row 3)."""
    assert [half_row(parse_cell(n), 0) for n in ("a1", "a2", "a3", "a4")] == [3, 2, 1, None]
    assert [half_row(parse_cell(n), 1) for n in ("a3", "a4", "a5", "a6")] == [None, 1, 2, 3]
    assert [half_of(parse_cell(n)) for n in ("e3", "e4")] == [0, 1]
    assert cell_name(cell_at(0, 1, 2)) == "c3" and cell_name(cell_at(1, 1, 2)) == "c4"
    assert cell_name(cell_at(0, 3, 0)) == "a1" and cell_name(cell_at(1, 3, 4)) == "e6"
    # the two rows 1 touch: a creature in its row 1 reaches the enemy's row 1
    s = position("A gorge_warden c3", "B bog_troll c4", "B fen_militiaman c5")
    assert parse_cell("c4") in ADJACENT_SETS[parse_cell("c3")]
    assert [a.other for a in s.legal_actions() if a.kind == "strike"] == [2]
    assert_illegal(s, "strike #1 #3", "BR-10.1")     # the enemy's row 2 is out of reach


# --- CR-204.1, CR-deck-order, CR-deck-hidden -------------------------------------------------

def test_CR_204_1_each_player_has_their_own_deck_out_of_play():
    """CR-204.1: each player keeps their own deck; its cards are not in play."""
    s = new_game(seed=3)
    d0, d1 = s.seats[0].deck, s.seats[1].deck
    assert set(d0).isdisjoint(d1) and len(d0) + len(d1) == len(s.cards)
    assert all(s.cards[u].owner == 0 and s.cards[u].zone == "deck" and not s.cards[u].in_play for u in d0)
    assert all(s.cards[u].owner == 1 and s.cards[u].zone == "deck" for u in d1)
    assert all(c is None for c in s.cells)


def test_CR_deck_order_every_draw_and_every_insert_shuffles(rule_ids):
    """CR-deck-order: each time cards are taken from a deck or put into it, that deck is shuffled,
    and the shuffle is logged right after."""
    s = new_game(seed=3)
    n = len(s.log)
    s.apply("first")
    ids = rule_ids(s, n)
    assert ids[-4:] == ["CR-deck-order", "BR-7.4", "CR-deck-order", "BR-7.4"]
    shuffles = [e for e in s.log[n:] if e.rule_id == "CR-deck-order"]
    assert [e.data["seat"] for e in shuffles] == [0, 1]
    assert all(e.kind == "shuffle" and e.en.endswith("cards were taken from it.") for e in shuffles)
    uid = s.seats[0].deal[0]
    s.apply(f"buy #{uid}")
    n = len(s.log)
    s.apply("done")                                  # 14 cards go back into the deck
    assert rule_ids(s, n)[-1] == "CR-deck-order"
    assert s.log[-1].en.endswith("cards were put into it.") and s.log[-1].data["seat"] == 0


def test_CR_deck_order_order_only_changes_by_shuffling():
    """CR-deck-order: after building the deck order is never rearranged: a deck that nothing takes
    from or puts into keeps its exact order."""
    s = new_game(seed=3)
    s.apply("first")
    deck0, deck1 = list(s.seats[0].deck), list(s.seats[1].deck)
    uid = s.seats[0].deal[0]
    s.apply(f"buy #{uid}")                           # from the deal: the deck is not touched
    assert s.seats[0].deck == deck0 and s.seats[1].deck == deck1
    s.apply("done")                                  # seat 0's deck takes the deal back
    assert s.seats[1].deck == deck1
    assert len(s.seats[0].deck) == len(deck0) + 14 and set(deck0) < set(s.seats[0].deck)


def test_CR_deck_hidden_looking_at_your_deck_then_it_is_shuffled(rule_ids):
    """CR-deck-hidden: only the owner looks at their deck, when a rule says so; the look shows the
    cards, not their order, and the deck is shuffled after."""
    s = position("A gorge_warden c3", "A forest_boar deck", "A deadfall_wolf deck", "A bog_troll deck",
                 "A fen_militiaman deck", "B bog_troll c4", "B pass_eagle deck")
    before = sorted(s.seats[0].deck)
    n = len(s.log)
    seen = zones.look_at_deck(s, 0)
    assert seen == ["bog_troll", "deadfall_wolf", "fen_militiaman", "forest_boar"]
    assert rule_ids(s, n) == ["CR-deck-hidden", "CR-deck-order"]
    assert s.log[n].data == {"seat": 0} and s.log[-1].en.endswith("it was looked at.")
    assert sorted(s.seats[0].deck) == before and s.seats[1].deck == [7]


# --- CR-204.4: back to the deck as a new card ---------------------------------------------------

def test_CR_204_4_a_card_put_into_a_deck_becomes_a_new_card(rule_ids, assert_illegal):
    """CR-204.4: a card that goes to a deck goes to its owner's deck, loses wounds, tokens and
    markers, and is a new card (a new uid) from then on."""
    s = position("A gorge_warden c3", "B bog_troll c4 closed wounds=3 tokens=2", "B fen_militiaman e6",
                 "B forest_boar deck")
    n = len(s.log)
    new = zones.put_into_deck(s, 2)
    assert new == 5 and s.next_uid == 6
    assert 2 not in s.cards and s.at("c4") is None
    c = s.cards[new]
    assert (c.owner, c.zone, c.wounds, c.tokens, c.closed, c.cell) == (1, "deck", 0, 0, False, None)
    assert sorted(s.seats[1].deck) == [4, 5] and s.seats[0].deck == []
    assert rule_ids(s, n) == ["CR-204.4", "CR-deck-order"]
    assert s.log[n].data == {"old": 2, "new": 5}
    assert_illegal(s, "strike #1 #2", "CR-play-zone")   # the old card is gone
    assert_illegal(s, "strike #1 #5", "CR-play-zone")   # the new one is in the deck


def test_CR_204_4_a_carrier_leaving_for_the_deck_loses_its_equipment(rule_ids):
    """CR-204.4 with BR-6 and R-BR-SYMBIOTE: when a carrier goes to the deck it leaves the field,
    so its equipment and symbiote are destroyed (none is left lying on a missing card)."""
    s = position("A gorge_warden c3", "A notched_axe on=1", "A strangling_ivy on=1", "B bog_troll c4")
    n = len(s.log)
    new = zones.put_into_deck(s, 1)
    assert rule_ids(s, n) == ["CR-204.4", "CR-deck-order", "BR-6", "R-BR-SYMBIOTE"]
    assert s.seats[0].deck == [new] and s.seats[0].graveyard == [2, 3]
    assert s.cards[2].zone == "graveyard" and s.cards[3].zone == "graveyard"
    assert all(c.zone != "attached" for c in s.cards.values())
    BerserkState.from_dict(s.to_dict())               # still a consistent position


# --- CR-205.1 and CR-205.1.1: the graveyard ----------------------------------------------------

def test_CR_205_1_destroyed_cards_go_on_top_of_their_owner_graveyard(rule_ids):
    """CR-205.1: destroyed cards go on top of their owner's graveyard, in the order they die."""
    s = position("A avalanche_giant c3", "A mountain_thane b3", "B fen_militiaman c4 closed",
                 "B village_militiaman b4 closed", "B bog_troll e6", "B deadfall_wolf graveyard",
                 forced=[6, 6])
    s.apply("strike #2 #4")
    s.apply("strike #1 #3")
    assert s.seats[1].graveyard == [6, 4, 3] and s.seats[0].graveyard == []
    deaths = [e.data["card"] for e in s.log if e.kind == "death"]
    assert deaths == [4, 3]


def test_CR_205_1_a_card_from_the_deck_to_the_graveyard_is_not_destroyed(rule_ids):
    """CR-205.1: a card moved to the graveyard from the deck is not destroyed: the log says so."""
    s = position("A gorge_warden c3", "A forest_boar deck", "A deadfall_wolf graveyard", "B bog_troll c4")
    n = len(s.log)
    zones.to_graveyard(s, 2, "CR-205.1", destroyed=False)
    assert rule_ids(s, n) == ["CR-205.1"]
    assert s.log[-1].kind == "zone" and s.log[-1].en == "Forest Boar (#2) is put into the graveyard (not destroyed)."
    assert s.seats[0].deck == [] and s.seats[0].graveyard == [3, 2] and s.cards[2].zone == "graveyard"


def test_CR_205_1_1_graveyard_order_stays_clear_through_save_and_load(tmp_path):
    """CR-205.1.1: the order of the cards in a graveyard is kept, also through a saved scenario."""
    s = position("A avalanche_giant c3", "A mountain_thane b3", "B fen_militiaman c4 closed",
                 "B village_militiaman b4 closed", "B bog_troll e6", "B deadfall_wolf graveyard",
                 forced=[6, 6])
    s.apply("strike #2 #4")
    s.apply("strike #1 #3")
    path = tmp_path / "graveyard.json"
    save_scenario(s, path)
    back = load_scenario(path)
    assert back.seats[1].graveyard == [6, 4, 3]
    assert [back.cards[u].card for u in back.seats[1].graveyard] == ["deadfall_wolf", "village_militiaman",
                                                                     "fen_militiaman"]
    assert back.state_hash() == s.state_hash()


# --- CR-token-limit and CR-token-payment (the basic kernel only holds tokens) ------------------

def test_CR_token_limit_no_cap_on_tokens():
    """CR-token-limit: unless stated otherwise a card may hold any number of tokens."""
    s = position("A gorge_warden c3 tokens=1000", "B bog_troll c4")
    assert s.cards[1].tokens == 1000
    back = BerserkState.from_dict(s.to_dict())
    assert back.cards[1].tokens == 1000 and back.state_hash() == s.state_hash()


def test_CR_token_payment_nothing_in_the_basic_game_spends_tokens(rule_ids):
    """CR-token-payment: a card loses exactly the tokens an action costs; a simple strike, a move
    and a new turn cost none, so the tokens stay."""
    s = position("A gorge_warden c2 tokens=3", "B bog_troll c4 tokens=2", forced=[4, 4])
    s.apply("move #1 c3")
    s.apply("strike #1 #2")
    s.apply("end")
    s.apply("end")
    assert s.cards[1].tokens == 3 and s.cards[2].tokens == 2
