"""Lessons 07-11 on the kernel: the positions of the lesson files, played move by move, with the
exact outcome, the rule id of every refusal and the state unchanged after it. These are the
self-checks the old notebooks ran on the students' pages."""
from __future__ import annotations

import itertools
import json
import pathlib
from collections import Counter
from fractions import Fraction

import pytest

from berserk_kernel.berserk import BerserkState, ability_odds, new_game as berserk_game, position
from berserk_kernel.berserk.position import parse_card_spec
from berserk_kernel.city import CityState, battle_odds, load_scenario, new_game as city_game, odds_table
from berserk_kernel.core.errors import IllegalAction
from widgets.lesson_data import build_position, load_lesson, stage_start

ROOT = pathlib.Path(__file__).resolve().parents[2]


# --- helpers ------------------------------------------------------------------------------------

def refuse(state, action: str, rule_id: str) -> None:
    """The kernel refuses `action` with `rule_id`, by explain() and by apply(), and nothing changes."""
    verdict = state.explain(action)
    assert not verdict.ok and verdict.rule_id == rule_id, (action, verdict)
    before, n_log = state.state_hash(), len(state.log)
    with pytest.raises(IllegalAction) as exc:
        state.apply(action)
    assert exc.value.rule_id == rule_id
    assert state.state_hash() == before and len(state.log) == n_log


def rules_since(state, n: int) -> list:
    return [e.rule_id for e in state.log[n:]]


def resolved(state) -> list:
    return [e.data["ability"] for e in state.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]


def custom_position(*specs, **data):
    cards = [dict(parse_card_spec(sp, i), uid=i + 1) for i, sp in enumerate(specs)]
    return BerserkState.from_dict(dict(data, cards=cards), "<test>")


# --- lesson 07: abilities, tokens, instant actions ----------------------------------------------
def test_07_shot_is_answered_by_the_monk_first():
    s = stage_start("07_abilities_tokens_instants", "shot")
    s.apply("use #1 shot #4")
    assert s.stage == "queue" and s.to_move == 1 and s.cards[1].closed          # paid on declaration
    assert {"use #5 mend #4", "pass"} <= {str(a) for a in s.legal_actions()}
    refuse(s, "end", "BR-14")                                                     # B answers first
    s.apply("use #5 mend #4")
    assert resolved(s) == ["mend", "shot"] and s.cards[4].wounds == 2 and s.stage == "battle"
    assert not any(e.kind == "roll" for e in s.log)                             # no die, no defender (BR-12)
    assert any(e.rule_id == "BR-12.1" for e in s.log)


def test_07_throw_reaches_the_auxiliary_zone_and_b_is_not_asked():
    s = stage_start("07_abilities_tokens_instants", "throw_aux")
    n = len(s.log)
    s.apply("use #2 throw #6")
    assert s.cards[6].zone == "graveyard" and s.stage == "battle"
    assert not any(e.kind == "pass" for e in s.log[n:])                         # the monk has healed already
    s.apply("use #3 hex #5")
    assert s.cards[5].poison == 1 and s.attacks_made == 2                       # the spell is no attack (BR-12.2)
    assert "R-BR-POISON" in rules_since(s, n)


def test_07_reach_and_play_zone_refusals():
    t = position("A forest_archer c2", "B herdsman c3", "B pass_eagle graveyard")
    refuse(t, "use #1 shot #2", "BR-12.1")                                        # ranged: never an adjacent card
    refuse(t, "use #1 shot #3", "CR-play-zone")                                   # the graveyard is out of play
    t = position("A forest_archer deck", "A quagmire_witch c2", "B pass_eagle graveyard", "B herdsman e6")
    refuse(t, "use #1 shot #4", "CR-play-zone")                                   # a card in the deck does not act
    refuse(t, "use #2 hex #3", "CR-play-zone")


def test_07_tokens_menhir_discharge_and_the_axe():
    s = stage_start("07_abilities_tokens_instants", "gather")
    refuse(s, "use #1 bolt #5", "CR-token-payment")                               # one token of two
    s.apply("gather #1")
    assert s.cards[1].tokens == 2 and s.cards[1].closed and s.log[-1].rule_id == "BR-13"
    s.apply("use #2 awaken #1")
    assert not s.cards[1].closed and s.cards[2].closed
    n = len(s.log)
    s.apply("use #1 bolt #5")
    assert s.cards[1].tokens == 0 and s.cards[5].wounds == 3
    assert [e.rule_id for e in s.log[n:] if e.kind == "pay"][0] == "CR-token-payment"
    n = len(s.log)
    s.apply("strike #3 #6")
    rolls = [e for e in s.log[n:] if e.kind == "roll"]
    assert [e.rule_id for e in rolls] == ["BR-10.3"]                               # the artifact does not fight
    assert "BR-5" in rules_since(s, n) and s.cards[6].zone == "graveyard"          # 5 + 1 (axe) = 6: 2 wounds


def test_07_no_token_limit_and_no_healing_an_artifact():
    t = position("A mistress_of_the_mires c2 tokens=25", "B herdsman e6")
    t.apply("gather #1")
    assert t.cards[1].tokens == 26                                                 # CR-token-limit
    t = position("A grove_druid c2", "A rune_menhir a1 wounds=1", "B herdsman e6")
    refuse(t, "use #1 heal #2", "HR-property-targets")                             # BR-5: not a creature


def test_07_card_text_wins_and_unusable_abilities_cost_nothing():
    t = position("A thicket_ranger c3", "B herdsman c4", "B forest_boar d4", forced=[6, 1])
    t.apply("use #1 directed #2")
    assert t.pending is None and t.cards[2].zone == "graveyard"                    # no defender was asked (BR-17)
    t = position("A deep_stonecutter c3", "B herdsman c4", "B forest_boar d4")
    t.apply("strike #1 #2")
    assert t.pending["kind"] == "defend"                                           # a plain strike may be defended
    t = position("A altar_of_decay a1", "B deep_stonecutter e6", "A herdsman e1", active=1)
    t.apply("end")
    assert rules_since(t, len(t.log) - 2) == ["BR-17", "HR-combined-restrictions"] and not t.cards[1].closed


def test_07_rolled_ability_odds_read_one_die():
    t = position("A horse_archer c2", "B lord_of_the_thicket c5")
    assert ability_odds(t, 1, "shot", 2) == {1: Fraction(1, 2), 2: Fraction(1, 2)}   # 1-2-2: 1-3 weak, 4-6


# --- lesson 08: the queue, declarations and targets ---------------------------------------------
def test_08_chain_of_three_answers_resolves_from_the_end():
    s = stage_start("08_queue_and_targets", "declare")
    s.apply("use #1 shot #3")
    assert s.stage == "queue" and s.to_move == 1 and s.cards[1].closed             # HR-prepayment, HR-501.5
    pay = next(e for e in s.log if e.rule_id == "HR-payment")
    assert "source" not in pay.data and "targets" not in pay.data                   # HR-payment
    decl = next(e for e in s.log if e.rule_id == "HR-declaration")
    assert decl.data == {"source": 1, "ability": "shot", "targets": [3]}             # HR-declaration, HR-choosing
    refuse(s, "use #1 shot #3", "HR-source")                                        # B decides: not B's card
    s.apply("use #4 mend #3")
    s.apply("use #2 gust #4")
    s.apply("use #5 drink")
    assert resolved(s) == ["drink", "gust", "mend", "shot"]                         # BR-14: last declared first
    assert s.cards[5].zone == "graveyard" and "HR-declared-persists" in rules_since(s, 0)
    assert s.cards[4].closed and s.cards[3].zone == "graveyard" and s.stage == "battle"
    assert s.log[-1].rule_id == "HR-queue-empty"


def test_08_chosen_property_and_mass_targets():
    s = stage_start("08_queue_and_targets", "chosen")
    pours = [a for a in s.legal_actions() if a.kind == "use" and a.ability == "pour"]
    assert {len(a.targets) for a in pours} == {1, 2, 3}
    refuse(s, "use #1 pour #4 #5 #6 #8", "HR-chosen-targets")
    s.apply("use #1 pour #4 #5 #6")
    assert [s.cards[u].wounds for u in (4, 5, 6)] == [0, 1, 1]                      # 2 + 1 + 0: three in all
    refuse(s, "use #2 unmake #7", "HR-property-targets")                            # a neutral creature
    s.apply("use #2 unmake #8")
    assert s.cards[8].zone == "graveyard"
    assert [str(a) for a in s.legal_actions() if a.kind == "use"] == ["use #3 rockfall"]
    s.apply("use #3 rockfall")
    assert all(s.cards[u].zone == "graveyard" for u in (4, 5, 6, 7, 9)) and s.winner == "draw"   # BR-1


def test_08_simultaneous_hires_inactive_player_first():
    lesson = load_lesson("08_queue_and_targets")
    i = [st.id for st in lesson.stages].index("inactive_first")
    from berserk_kernel import berserk
    s = berserk.load_scenario(ROOT / "widgets" / "lessons" / "08_poison.json")
    assert s.stage == "triggers" and s.to_move == 1                                 # the inactive player first
    refuse(s, "skip #2 antidote", "HR-simultaneous-triggers")                       # mandatory
    s.apply("use #2 antidote #3")
    assert s.to_move == 0 and {"use #1 devour #3", "use #1 devour #4"} <= {str(a) for a in s.legal_actions()}
    s.apply("use #1 devour #3")
    assert resolved(s) == ["antidote", "devour"]
    assert s.cards[3].poison == 0 and s.cards[3].zone == "graveyard" and s.cards[4].poison == 1   # HR-target-check
    start = build_position(lesson, i)
    assert start.to_move == 0 and [q["ability"] for q in start.queue] == ["antidote"]


def test_08_taunt_and_combined_restrictions_then_a_mass_hire():
    s = stage_start("08_queue_and_targets", "combined")
    assert s.active == 0 and s.cards[1].taunt == s.turn and s.seats[0].coins_open == 9
    assert {a.other for a in s.legal_actions() if a.kind == "strike"} <= {1}          # only the Shieldbearer
    n = len(s.log)
    s.apply("hire #3 c1")
    assert rules_since(s, n)[-2:] == ["BR-17", "HR-combined-restrictions"]
    assert s.cards[2].wounds == 0 and s.cards[3].zone == "field"                    # no shot was fired
    s.apply("hire #4 c3")
    assert all(s.cards[u].zone == "graveyard" for u in (2, 5, 6))                    # HR-mass-abilities
    assert s.cards[1].zone == "field" and s.cards[3].zone == "field" and s.phase == "battle"
    assert s.cards[9].zone == "hand" and s.cards[10].zone == "deck"                  # CR-play-zone: a boar of
                                                                                     # cost 3 in the hand lives


def test_08_more_queue_and_target_rules():
    # HR-402.2: a trigger fired twice; each declaration may name either trigger point
    t = custom_position("A marsh_serpent c3", "B deep_stonecutter c4", "B deadfall_wolf d4", phase="battle", turn=3,
                        fired=[{"card": 1, "ability": "venom", "seat": 0, "points": [2]},
                               {"card": 1, "ability": "venom", "seat": 0, "points": [3]}])
    assert sorted(str(a) for a in t.legal_actions() if a.kind == "use") == ["use #1 venom #2", "use #1 venom #3"]
    t.apply("use #1 venom #3")
    t.apply("use #1 venom #3")
    assert t.cards[3].poison == 1 and t.cards[2].poison == 0
    # HR-source: only your own card, with that ability; HR-targets: an attack has one target
    t = position("A forest_archer c2", "B crag_slinger c5")
    refuse(t, "use #2 throw #1", "HR-source")
    refuse(t, "use #1 throw #2", "HR-source")
    t = position("A forest_archer c2", "B deep_stonecutter c5", "B deadfall_wolf d5")
    refuse(t, "use #1 shot #2 #3", "HR-targets")
    # HR-502.8: "heals itself" has the ghoul as source and target; "cannot be the target of a shot"
    t = position("A grave_ghoul c2 wounds=2", "B deep_stonecutter c3 closed", forced=[1])
    t.apply("strike #1 #2")
    assert next(e for e in t.log if e.rule_id == "HR-declaration").data == {"source": 1, "ability": "feast", "targets": []}
    assert t.cards[1].wounds == 1
    t = position("A forest_archer c2", "B gloom_knight c5", "B iron_bound_shield on=2")
    refuse(t, "use #1 shot #2", "HR-502.8")
    # HR-503.1: opening the cards at a turn's start has no source and no target; the log says so
    # once a game, the first time a turn start opens a card
    t = position("A forest_archer c2 closed", "B deep_stonecutter c5 closed")
    t.apply("end")
    entry = next(e for e in t.log if e.rule_id == "HR-503.1")
    assert "source" not in entry.data and "target" not in entry.data and not t.cards[2].closed
    t.apply("end")
    assert [e.kind for e in t.log if e.rule_id == "HR-503.1"] == ["rule"]
    quiet = position("A forest_archer c2", "B deep_stonecutter c5")
    quiet.apply("end")
    assert not any(e.rule_id == "HR-503.1" for e in quiet.log)      # nothing opened: nothing to say


# --- lesson 09: the Heroes mode -----------------------------------------------------------------
@pytest.mark.parametrize("choice", ["first", "second"])
def test_09_a_heroes_game_starts_with_heroes_hands_and_an_accumulation(choice):
    g = berserk_game(seed=3, mode="heroes")
    assert g.stage == "order" and g.to_move == 0
    g.apply(choice)
    assert "BR-7.1" in rules_since(g, 0)
    heroes = [g.cards[p.hero] for p in g.seats]
    assert [h.zone for h in heroes] == ["aux", "aux"] and [g.defs[h.card].lives for h in heroes] == [18, 18]
    first = g.to_move
    assert len(g.seats[first].hand) == 6 and len(g.seats[1 - first].hand) == 5     # 5 each + the first draw
    assert (g.seats[first].coins, g.seats[first].coins_open) == (1, 1) and g.seats[1 - first].coins == 0
    shuffles = [e for e in g.log if e.rule_id == "CR-deck-order"]
    drawn = sum(len(p.hand) for p in g.seats)
    assert len(shuffles) >= drawn and {e.data["seat"] for e in shuffles} == {0, 1}   # a shuffle per draw


def test_09_hire_accumulate_and_win_on_the_hero():
    s = stage_start("09_heroes_mode", "hire")
    refuse(s, "hire #6 c2", "HR-prepayment")                                        # 6 coins, 3 open
    refuse(s, "strike #4 #2", "R-HEROES")                                           # not from B's row 3
    s.apply("hire #5 c2")
    assert s.cards[5].zone == "field" and s.cards[5].closed and s.seats[0].coins_open == 0
    assert any(e.rule_id == "HR-payment" and "source" not in e.data for e in s.log)
    s.apply("end")
    assert s.seats[1].coins == s.seats[1].coins_open == 4 and s.seats[1].failed_draws == 2
    s.apply("end")
    assert (s.seats[0].coins, s.seats[0].coins_open, len(s.seats[0].hand)) == (4, 4, 2) and s.turn == 7
    before = s.copy()
    s.apply("strike #3 #2")
    assert s.pending is None and s.phase == "over" and s.winner == 0
    assert s.log[-1].rule_id == "HR-503.1" and s.log[-1].kind == "end"
    before.apply("end")                                                             # the other way to lose
    assert before.phase == "over" and before.winner == 0 and before.seats[1].failed_draws == 3
    assert before.log[-1].rule_id == "HR-503.1"
    assert before.cards[9].zone == "field"                                          # BR-1 does not end it


# --- lesson 10: City set-up and the turn --------------------------------------------------------
def test_10_setup_initiative_colours_influence_deck():
    game = city_game(players=2, map="default", seed=4, forced=[3, 4, 9, 6])
    rules = [e.rule_id for e in game.log]
    assert rules[0] == "CITY-1" and len(game.map) == 25
    assert rules.count("CITY-2.1") == 2 and game.colours == ("blue", "vermillion")      # Berserk's A and B
    assert [e.ru for e in game.log if e.rule_id == "CITY-2.1"] == ["Игрок A: цвет синий", "Игрок B: цвет алый"]
    # after a colon, lower case (the name of a player is a proper name): «Игрок A: инициатива 3+4 = 7»
    assert [e.ru for e in game.log if e.kind == "roll"] == ["Игрок A: инициатива 3+4 = 7",
                                                                      "Игрок B: инициатива 9+6 = 15"]
    assert game.initiative == ((0, 3, 4, 0), (1, 9, 6, 0))                          # A 7, B 15
    assert game.order == (1, 0) and game.current_player() == 1
    assert game.influence == [1, 1]                                                  # CITY-2.3
    assert "CITY-2.4" in rules and len(game.deck) == 21 and game.last_event is None
    tie = city_game(players=2, seed=4, forced=[5, 5, 4, 6, 2, 3, 8, 1])
    rerolls = [e for e in tie.log if e.kind == "roll" and e.data["depth"] == 1]
    assert len(rerolls) == 2 and tie.order == (1, 0)                                # 10 = 10, then 5 < 9


def test_10_picks_and_the_phases_in_order():
    s = stage_start("10_city_setup_and_turns", "not_start")
    refuse(s, "pick 13", "CITY-2.2")                                                 # not a start district
    s.apply("pick 11")
    assert s.owner[11] == 1 and s.forces[11] == 3 and s.hq[1] == 11
    refuse(s, "pick 11", "CITY-2.2")                                                 # taken
    s.apply("pick 15")
    assert s.hq[0] == 15 and (s.current, s.phase) == (1, "event")
    refuse(s, "income", "CITY-3")
    refuse(s, "reinforce 11 +1", "CITY-3")
    s.apply("draw")
    assert s.last_event == "market-day" and s.influence == [1, 3]
    refuse(s, "draw", "CITY-3")                                                      # no second event
    s.apply("income")
    assert s.influence == [1, 5] and any(e.rule_id == "R-CITY-HQ" and e.kind == "income" for e in s.log)
    s.apply("end")
    assert s.current == 0 and s.phase == "event" and s.round == 1


def test_10_capture_reinforce_redeploy():
    s = stage_start("10_city_setup_and_turns", "diagonal")
    refuse(s, "capture 8", "CITY-3.3")                                               # diagonal only
    refuse(s, "redeploy 11>14 3", "CITY-3.5")                                        # not joined yet
    refuse(s, "move 22>13 1", "CITY-3.3")                                            # no capture yet
    s.apply("capture 13")
    assert s.owner[13] == 0 and s.influence[0] == 6
    s.apply("move 22>13 4")
    assert s.forces[13] == 4 and s.forces[22] == 0
    refuse(s, "reinforce 12 +6", "CITY-3.4")                                         # 5 + 6 > 10
    s.apply("reinforce 14 +3")
    assert s.influence[0] == 3
    s.apply("reinforce 14 +1")                                                       # the 4th of the turn costs 2
    assert s.forces[14] == 5 and s.influence[0] == 1
    refuse(s, "move 12>13 1", "CITY-3.3")                                            # "at once" has passed
    s.apply("redeploy 11>14 3")
    assert s.forces[11] == 0 and s.forces[14] == 8
    refuse(s, "redeploy 12>14 5", "CITY-3.4")                                        # 8 + 5 > 10


@pytest.mark.parametrize("tiers,action,cost", [("turn", "reinforce 14 +1", 1), ("owned", "reinforce 14 +1", 5),
                                               ("turn", "reinforce 14 +4", 5)])
def test_10_force_prices_both_readings(tiers, action, cost):
    lesson = load_lesson("10_city_setup_and_turns")
    data = next(st.data["position"] for st in lesson.stages if st.id == "diagonal")
    data = dict(data, game="city", setup=dict(data["setup"], options={"cost_tiers": tiers}))
    g = CityState.from_dict(data)
    before = g.influence[0]
    g.apply(action)
    assert before - g.influence[0] == cost                                           # R-CITY-COST


def test_10_event_deck_and_the_end_of_the_game():
    deck = city_game(players=2, map="default", seed=4, forced=[3, 4, 9, 6]).deck_def
    assert len(deck) == 17 and sum(card.count for card in deck.cards.values()) == 21   # R-CITY-EVENTS
    s = stage_start("10_city_setup_and_turns", "last_round")
    s.apply("end")
    assert s.phase == "over" and s.winners == (0,)                                  # 3 districts beat 2
    refuse(s, "draw", "R-CITY-END")


# --- lesson 11: the attack, the battle and the odds ---------------------------------------------
def test_11_fair_dice_stage_ends_in_a_battle_whatever_the_dice():
    for seed in range(5):
        s = stage_start("11_city_combat_and_odds", "odds")
        s.dice.force(*[(seed * 3 + k) % 10 + 1 for k in range(9)])
        n = len(s.log)
        s.apply("attack 13>14 6")
        assert s.last_battle["result"] in ("capture", "hold", "wipe")
        assert rules_since(s, n)[:4] == ["CITY-3.6", "CITY-4.1", "CITY-4.2", "CITY-4.3"]


def test_11_hold_once_a_turn_wipe_capture_last_district():
    s = stage_start("11_city_combat_and_odds", "hold")
    s.apply("attack 13>14 6")
    b = s.last_battle
    assert (b["hits_attack"], b["hits_defence"], b["result"]) == (1, 2, "hold")
    assert s.forces[14] == 2 and s.forces[13] == 4 and s.owner[14] == 1
    refuse(s, "attack 18>19 1", "CITY-3.6")                                          # once a turn
    s.dice.force(8, 6, 7, 8, 3, 9, 1, 6)                                             # the next stages' dice
    for a in ("end", "draw", "income"):
        s.apply(a)
    s.apply("attack 19>18 1")
    assert s.last_battle["result"] == "wipe" and s.forces[18] == s.forces[19] == 0
    assert s.owner[18] == 0 and s.owner[19] == 1
    for a in ("end", "draw", "income"):
        s.apply(a)
    assert s.last_event == "second-front" and s.turn["attack_limit"] == 2
    s.apply("attack 13>14 4")
    assert s.owner[14] == 0 and s.forces[14] == 3 and s.forces[13] == 0
    assert any(e.rule_id == "R-CITY-HQ" and e.kind == "hq" and e.data["district"] == 14 for e in s.log)
    refuse(s, "attack 14>19 1", "CITY-4.4")                                          # B's last district
    assert not any(a.verb == "attack" for a in s.legal_actions()) and s.turn["attacks"] == 1


def test_11_lesson_positions_match_the_played_game():
    """The wipe and capture stages start where the played game stands (the same forces, deck, dice)."""
    s = stage_start("11_city_combat_and_odds", "hold")
    s.apply("attack 13>14 6")
    s.dice.force(8, 6, 7, 8, 3, 9, 1, 6)
    s.apply("end")
    wipe = stage_start("11_city_combat_and_odds", "wipe")
    s.apply("draw"), s.apply("income")
    assert (wipe.owner, wipe.forces, wipe.deck, wipe.current) == (s.owner, s.forces, s.deck, s.current)
    s.apply("attack 19>18 1"), s.apply("end")
    capture = stage_start("11_city_combat_and_odds", "capture")
    s.apply("draw"), s.apply("income")
    assert (capture.owner, capture.forces, capture.deck, capture.influence) == (s.owner, s.forces, s.deck, s.influence)


def test_11_exact_odds_table():
    one = battle_odds(1, 1)
    assert (one.capture, one.hold, one.wipe) == (Fraction(1, 5), Fraction(3, 5), Fraction(1, 5))
    table = odds_table()
    assert len(table) == 100 and all(o.capture + o.hold + o.wipe == 1 for o in table.values())
    assert all(table[a + 1, d].capture >= table[a, d].capture for a in range(1, 10) for d in range(1, 11))
    assert all(table[a, d].capture == 0 for a in range(1, 11) for d in range(a + 1, 11))


def _duel(a, d):
    return CityState.from_dict({"game": "city", "setup": {"players": 2, "seed": 1},
                                "position": {"districts": {"13": {"owner": 0, "forces": a},
                                                           "14": {"owner": 1, "forces": d},
                                                           "25": {"owner": 1, "forces": 1}},
                                             "hq": [13, 25]}})


@pytest.mark.parametrize("a,d", [(1, 1), (2, 1), (1, 2)])
def test_11_odds_equal_the_kernel_battles_for_every_die_value(a, d):
    base, results, left = _duel(a, d), Counter(), Counter()
    for dice in itertools.product(range(1, 11), repeat=a + d):
        g = base.copy()
        g.dice.force(*dice)
        g.apply(f"attack 13>14 {a}", history=False)
        b = g.last_battle
        results[b["result"]] += 1
        left[b["attackers_left"], b["defenders_left"]] += 1
    n = 10 ** (a + d)
    o = base.attack_odds(f"attack 13>14 {a}")
    assert o == battle_odds(a, d)
    assert tuple(Fraction(results.get(k, 0), n) for k in ("capture", "hold", "wipe")) == (o.capture, o.hold, o.wipe)
    assert all(Fraction(left.get((k, m), 0), n) == o.joint[k][m] for k in range(a + 1) for m in range(d + 1))


def test_11_forced_and_last_district_scenarios():
    path = ROOT / "examples" / "city" / "scenarios" / "forced-battle.json"
    forced = load_scenario(path)
    o = forced.attack_odds("attack 13>14 4")
    assert o.capture == 1 and o.attackers_left[3] == 1 and o.defenders_left[0] == 1
    forced.apply("attack 13>14 4")
    assert forced.owner[14] == 0 and forced.forces[14] == 3 and forced.last_battle["result"] == "capture"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["position"]["forced"]
    assert CityState.from_dict(data).attack_odds("attack 13>14 4") == battle_odds(4, 3)
    last = load_scenario(ROOT / "examples" / "city" / "scenarios" / "last-district.json")
    assert last.count_districts(1) == 1 and last.owner[8] == 1
    refuse(last, "attack 7>8 9", "CITY-4.4")
    assert not any(a.verb == "attack" for a in last.legal_actions())
