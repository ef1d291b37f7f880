"""Abilities, tokens, instant actions and the queue (BR-12 to BR-14, BR-17, CR-aux-range,
CR-token-payment, CR-token-limit, every HR- id, R-QUEUE)."""
import pytest

from berserk_kernel.berserk import BerserkState, position
from berserk_kernel.berserk.position import parse_card_spec


def kinds(s, start=0):
    return [e.kind for e in s.log[start:]]


def ids(s, start=0):
    return [e.rule_id for e in s.log[start:]]


def with_fired(*specs, fired, active=0, turn=3, forced=()):
    """A battle position in which triggers have just fired together (as after a simultaneous hire)."""
    cards = [dict(parse_card_spec(sp, i), uid=i + 1) for i, sp in enumerate(specs)]
    return BerserkState.from_dict({"cards": cards, "phase": "battle", "active": active, "turn": turn,
                                   "fired": fired, "dice": {"seed": 1, "forced": list(forced)}}, "<test>")


# --- BR-12, BR-12.1, BR-12.2, CR-aux-range ------------------------------------------------------

def test_BR_12_an_ability_replaces_the_strike_target_neither_defended_nor_fighting(assert_illegal):
    """BR-12: the archer shoots instead of striking; no defender is asked, no black die, the
    archer closes (HR-501.5: an activated ability that closes a card is an action)."""
    s = position("A forest_archer c2", "B deep_stonecutter c4", "B deadfall_wolf b3")
    n = len(s.log)
    s.apply("use #1 shot #2")
    assert s.pending is None and s.cards[2].wounds == 2 and s.cards[1].closed
    assert "roll" not in kinds(s, n) and "prompt" not in kinds(s, n)
    assert_illegal(s, "strike #1 #3", "BR-9.2")


def test_BR_12_rolled_ability_reads_the_single_die():
    """BR-12: a rolled ability reads one die like a strike on a closed card: 1-3 weak, 4-5
    medium, 6 strong."""
    for face, wounds in ((3, 1), (4, 2), (6, 2)):
        s = position("A horse_archer c2", "B lord_of_the_thicket c5", forced=[face])
        s.apply("use #1 shot #2")
        assert s.cards[2].wounds == wounds
        assert next(e for e in s.log if e.kind == "roll").rule_id == "BR-12"


def test_BR_12_1_throw_deals_exactly_and_ranged_cannot_hit_adjacent(assert_illegal):
    """BR-12.1: "throw for 2" deals exactly 2 wounds; a ranged attack cannot target an adjacent
    card but reaches a flyer."""
    s = position("A crag_slinger c2", "B lord_of_the_thicket c3", "B avalanche_giant a5", "B pass_eagle aux")
    assert_illegal(s, "use #1 throw #2", "BR-12.1")
    s.apply("use #1 throw #3")
    assert s.cards[3].wounds == 2 and any(e.rule_id == "BR-12.1" for e in s.log)
    s2 = position("A crag_slinger c2", "B pass_eagle aux")
    s2.apply("use #1 throw #2")
    assert s2.cards[2].zone == "graveyard"     # the eagle has 2 lives


def test_BR_12_1_melee_reaches_only_adjacent_and_not_the_aux_zone(assert_illegal):
    """BR-12.1: a directed strike (melee) reaches only adjacent cards and no flyer."""
    s = position("A thicket_ranger c2", "B deep_stonecutter c4", "B pass_eagle aux")
    assert_illegal(s, "use #1 directed #2", "BR-12.1")
    assert_illegal(s, "use #1 directed #3", "BR-12.1")


def test_BR_12_2_spells_reach_any_card():
    """BR-12.2: a spell is not an attack and reaches any card, however far."""
    s = position("A quagmire_witch a1", "B deep_stonecutter e6")
    s.apply("use #1 hex #2")
    assert s.cards[2].poison == 1 and s.attacks_made == 0


def test_CR_aux_range_shot_reaches_the_aux_zone_whatever_the_range():
    """CR-aux-range: a shot, discharge, throw, spell or effect may target a card in the
    auxiliary zone whatever the range."""
    s = position("A bone_archer a1", "B barrow_hawk aux")
    assert [str(a) for a in s.legal_actions() if a.kind == "use"] == ["use #1 shot #2"]
    s.apply("use #1 shot #2")
    assert s.cards[2].wounds == 2
    assert any(e.rule_id == "BR-12.1" for e in s.log)
    v = s.explain("use #1 shot #2")
    assert not v.ok and v.rule_id == "BR-9.2"


def test_BR_12_row_strike_goes_over_one_cell():
    """BR-12.1: a strike across a row reaches exactly two cells away in a straight line, over
    an empty cell or a card of one's own, never over an enemy."""
    s = position("A nomad_spearman c2", "B deep_stonecutter c4", "B skeleton_spearman e2", forced=[6])
    targets = {a.targets for a in s.legal_actions() if a.kind == "use"}
    assert targets == {(2,), (3,)}
    s2 = position("A nomad_spearman c2", "B deep_stonecutter c4", "B forest_boar c3")
    assert [a for a in s2.legal_actions() if a.kind == "use"] == []
    v = s2.explain("use #1 lunge #2")
    assert v.rule_id == "BR-12.1" and "enemy card stands in between" in v.en


# --- BR-13, CR-token-payment, CR-token-limit -----------------------------------------------------

def test_BR_13_tokens_are_gathered_by_closing_and_spent(assert_illegal):
    """BR-13: the mistress needs 2 tokens for her discharge; she gathers one per turn by closing."""
    s = position("A mistress_of_the_mires c2", "B deep_stonecutter c5")
    assert_illegal(s, "use #1 bolt #2", "CR-token-payment")
    s.apply("gather #1")
    assert s.cards[1].tokens == 1 and s.cards[1].closed and s.log[-1].rule_id == "BR-13"
    assert_illegal(s, "gather #1", "BR-9.2")
    s.apply("end")
    s.apply("end")
    s.apply("gather #1")
    s.apply("end")
    s.apply("end")
    assert s.cards[1].tokens == 2 and not s.cards[1].closed
    s.apply("use #1 bolt #2")
    assert s.cards[1].tokens == 0 and s.cards[2].wounds == 3


def test_CR_token_payment_removes_exactly_the_price():
    """CR-token-payment: a card with 5 tokens paying 2 keeps 3."""
    s = position("A mistress_of_the_mires c2 tokens=5", "B deep_stonecutter c5")
    s.apply("use #1 bolt #2")
    assert s.cards[1].tokens == 3
    assert any(e.rule_id == "CR-token-payment" and "Exactly 2" in e.en for e in s.log)


def test_CR_token_limit_no_limit_unless_the_card_says_so():
    """CR-token-limit: tokens pile up without a limit; a card that names a limit stops there."""
    s = position("A mistress_of_the_mires c2 tokens=25", "B herdsman e6")
    s.apply("gather #1")
    assert s.cards[1].tokens == 26
    from dataclasses import replace
    from berserk_kernel.berserk import demo_cards
    defs = dict(demo_cards())
    defs["mistress_of_the_mires"] = replace(defs["mistress_of_the_mires"], max_tokens=2)
    s2 = BerserkState.from_dict({"cards": [{"card": "mistress_of_the_mires", "owner": 0, "cell": "c2", "tokens": 2},
                                           {"card": "herdsman", "owner": 1, "cell": "e6"}]}, "<test>", defs)
    v = s2.explain("gather #1")
    assert not v.ok and v.rule_id == "CR-token-limit"
    assert "gather #1" not in [str(a) for a in s2.legal_actions()]


def test_BR_13_a_card_with_no_token_ability_does_not_gather(assert_illegal):
    """BR-13: only a card whose abilities cost tokens gathers them."""
    s = position("A deep_stonecutter c2", "B herdsman e6")
    assert_illegal(s, "gather #1", "BR-13")


# --- BR-14, R-QUEUE: instant answers and the order of the queue -----------------------------------

def test_BR_14_R_QUEUE_a_chain_of_three_instants_resolves_last_declared_first():
    """BR-14, R-QUEUE: A shoots; B answers (monk heals), A answers that (shaman closes the monk),
    B answers again (the potion heals its carrier). The chain resolves from the last declared."""
    s = position("A forest_archer c2", "A wind_shaman a1",
                 "B skeleton_spearman c5 wounds=1", "B wandering_monk e6", "B plantain_brew on=3")
    s.apply("use #1 shot #3")
    assert s.stage == "queue" and s.to_move == 1
    legal = {str(a) for a in s.legal_actions()}
    assert {"use #4 mend #3", "use #5 drink", "pass"} <= legal
    s.apply("use #4 mend #3")
    assert s.to_move == 0
    s.apply("use #2 gust #4")
    assert s.to_move == 1
    s.apply("use #5 drink")
    resolved = [e.data["ability"] for e in s.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
    assert resolved == ["drink", "gust", "mend", "shot"]
    assert s.stage == "battle" and not s.queue
    assert s.cards[4].closed                    # the shaman closed the monk
    assert s.cards[3].zone == "graveyard"       # healed 1 before the shot, then shot for 2
    assert any(e.rule_id == "HR-queue-empty" for e in s.log)


def test_BR_14_no_answer_no_question():
    """BR-14: a player with no legal instant answer is not asked; the queue resolves at once."""
    s = position("A forest_archer c2", "B deep_stonecutter c5")
    s.apply("use #1 shot #2")
    assert s.stage == "battle" and s.cards[2].wounds == 2


def test_BR_14_only_instants_answer(assert_illegal):
    """BR-14: in answer, only instant abilities may be declared; passing lets the queue go on."""
    s = position("A forest_archer c2", "B wandering_monk e6", "B crag_slinger e5", "B deep_stonecutter c5")
    s.apply("use #1 shot #4")
    assert s.to_move == 1
    assert_illegal(s, "use #3 throw #1", "BR-14")
    assert_illegal(s, "move #2 d6", "BR-14")
    s.apply("pass")
    assert s.cards[4].wounds == 2 and s.stage == "battle"


def test_HR_queue_empty_the_game_goes_on_when_both_pass():
    """HR-queue-empty: once the queue holds nothing and both have passed, play goes on."""
    s = position("A forest_archer c2", "A wind_shaman a1", "B wandering_monk e6", "B deep_stonecutter c5")
    s.apply("use #1 shot #4")
    s.apply("pass")                              # B passes; A still could answer
    assert s.stage == "queue" and s.to_move == 0
    s.apply("pass")
    assert s.stage == "battle" and s.log[-1].rule_id == "HR-queue-empty"


# --- HR-simultaneous-triggers, HR-target-check: the seed's poison example ------------------------

def test_HR_simultaneous_triggers_and_HR_target_check_the_poison_example():
    """HR-simultaneous-triggers, HR-target-check, R-QUEUE: two creatures enter together; the
    active player's destroys a poisoned creature, the inactive player's cures one. Both choose the
    same poisoned creature. The inactive player's triggers enter first and resolve first, the
    poison is removed, and the destroy still resolves: restrictions are checked only at
    declaration."""
    s = with_fired("A rotfang b2", "B village_herbalist d5", "B lord_of_the_thicket c4 poison=1".replace(" poison=1", ""),
                   fired=[{"card": 1, "ability": "devour", "seat": 0, "points": [1]},
                          {"card": 2, "ability": "antidote", "seat": 1, "points": [2]}])
    s.cards[3].poison = 1
    assert s.stage == "triggers" and s.to_move == 1          # the inactive player declares first
    assert [str(a) for a in s.legal_actions()] == ["use #2 antidote #3"]     # mandatory: no skip
    s.apply("use #2 antidote #3")
    # the active player's only trigger has one legal declaration: nothing to choose, it is declared
    decl = [e.data for e in s.log if e.rule_id == "HR-declaration"]
    assert decl == [{"source": 2, "ability": "antidote", "targets": [3]}, {"source": 1, "ability": "devour", "targets": [3]}]
    resolved = [e.data["ability"] for e in s.log if e.kind == "resolve" and e.rule_id == "R-QUEUE"]
    assert resolved == ["antidote", "devour"]
    assert s.cards[3].poison == 0 and s.cards[3].zone == "graveyard"


def test_HR_402_2_a_trigger_fired_twice_may_use_any_trigger_point():
    """HR-402.2: the serpent's strike trigger fired on two creatures; for each declaration the
    player may name either trigger point."""
    s = with_fired("A marsh_serpent c3", "B deep_stonecutter c4", "B deadfall_wolf d4",
                   fired=[{"card": 1, "ability": "venom", "seat": 0, "points": [2]},
                          {"card": 1, "ability": "venom", "seat": 0, "points": [3]}])
    options = sorted(str(a) for a in s.legal_actions() if a.kind == "use")
    assert options == ["use #1 venom #2", "use #1 venom #3"]
    s.apply("use #1 venom #3")
    assert [str(a) for a in s.legal_actions() if a.kind == "use"] == ["use #1 venom #2", "use #1 venom #3"]
    s.apply("use #1 venom #3")
    assert s.cards[3].poison == 1 and s.cards[2].poison == 0


# --- declaration, payment, sources and targets ---------------------------------------------------

def test_HR_declaration_names_source_ability_and_targets():
    """HR-declaration, HR-choosing: the log names the source, the ability and the chosen target."""
    s = position("A forest_archer c2", "B deep_stonecutter c5")
    s.apply("use #1 shot #2")
    decl = next(e for e in s.log if e.rule_id == "HR-declaration")
    assert decl.data == {"source": 1, "ability": "shot", "targets": [2]}


def test_HR_prepayment_and_HR_payment_paid_on_declaration_without_source(assert_illegal):
    """HR-prepayment: everything is paid when declared (the card closes before anything
    resolves); HR-payment: the payment entry names no source or target; HR-503.1."""
    s = position("A barrow_wight c2", "B deep_stonecutter c5 wounds=1", "A wandering_monk a1", "B wandering_monk e6")
    s.apply("use #1 finish #2")
    assert s.stage == "queue" and s.cards[1].closed and s.cards[1].wounds == 1   # paid, not yet resolved
    pay = next(e for e in s.log if e.rule_id == "HR-payment")
    assert "source" not in pay.data and "targets" not in pay.data
    s.apply("pass")
    s.apply("pass")
    assert s.cards[2].zone == "graveyard"
    s2 = position("A barrow_wight c2 wounds=4", "B deep_stonecutter c5 wounds=1")
    assert_illegal(s2, "use #1 finish #2", "HR-prepayment")


def test_HR_prepayment_per_turn_limit(assert_illegal):
    """HR-prepayment: a per-turn limit is part of the price; it renews next turn."""
    s = position("A wandering_monk c2", "A deep_stonecutter b2 wounds=2", "B herdsman e6")
    s.apply("use #1 mend #2")
    assert_illegal(s, "use #1 mend #2", "HR-prepayment")
    s.apply("end")
    s.apply("end")
    s.apply("use #1 mend #2")
    assert s.cards[2].wounds == 0


def test_HR_source_only_your_card_with_that_ability(assert_illegal):
    """HR-source: the source is the declaring card, checked at declaration."""
    s = position("A forest_archer c2", "B crag_slinger c5")
    assert_illegal(s, "use #2 throw #1", "HR-source")
    assert_illegal(s, "use #1 throw #2", "HR-source")


def test_HR_declared_persists_the_potion_heals_after_it_is_gone():
    """HR-declared-persists: the potion is destroyed as its price, yet its effect resolves."""
    s = position("A deep_stonecutter c2 wounds=2", "A plantain_brew on=1", "B herdsman e6")
    s.apply("use #2 drink")
    assert s.cards[2].zone == "graveyard" and s.cards[1].wounds == 0
    assert any(e.rule_id == "HR-declared-persists" for e in s.log)


def test_HR_targets_an_attack_has_exactly_one_target(assert_illegal):
    """HR-targets: an attack names exactly one target."""
    s = position("A forest_archer c2", "B deep_stonecutter c5", "B deadfall_wolf d5")
    assert_illegal(s, "use #1 shot #2 #3", "HR-targets")
    assert_illegal(s, "use #1 shot", "HR-targets")


def test_HR_chosen_targets_the_vial_heals_one_to_three(assert_illegal):
    """HR-chosen-targets: the vial's text says to choose one to three of your creatures: each is a
    target; up to three wounds are healed in all, in the order named."""
    s = position("A vial_of_living_water a1", "A deep_stonecutter b2 wounds=2", "A forest_boar c2 wounds=2",
                 "A deadfall_wolf d2 wounds=1", "A avalanche_giant e2 wounds=1", "B skeleton_spearman c5")
    declarations = [a for a in s.legal_actions() if a.kind == "use"]
    assert {len(a.targets) for a in declarations} == {1, 2, 3}
    assert len(declarations) == 4 + 6 + 4
    assert_illegal(s, "use #1 pour #2 #3 #4 #5", "HR-chosen-targets")
    assert_illegal(s, "use #1 pour #6", "HR-property-targets")
    s.apply("use #1 pour #2 #3 #4")
    assert [s.cards[u].wounds for u in (2, 3, 4)] == [0, 1, 1]


def test_HR_mass_abilities_the_rockfall_destroys_every_creature():
    """HR-mass-abilities: "destroy every creature" has no targets and hits every creature."""
    s = position("A rockfall_stone a1 tokens=3", "A deep_stonecutter b2", "B skeleton_spearman c5", "B pass_eagle aux")
    assert [str(a) for a in s.legal_actions() if a.kind == "use"] == ["use #1 rockfall"]
    s.apply("use #1 rockfall")
    assert all(s.cards[u].zone == "graveyard" for u in (2, 3, 4))
    assert s.cards[1].zone == "field" and s.winner == "draw"


def test_HR_mass_abilities_legal_with_nothing_to_hit():
    """HR-mass-abilities: the lizard's hire destroys every creature of cost 3 or less; with none
    on the field it is still declared and resolves doing nothing (Heroes mode hire)."""
    s = position("A hireling_lizard hand uid=1", "A errant_knight b2", "B gloom_knight c5")
    s.mode = "heroes"
    _heroes_ready(s)
    s.apply("hire #1 c2")
    decl = [e for e in s.log if e.rule_id == "HR-declaration"]
    assert decl and decl[-1].data["ability"] == "rampage"
    assert all(s.cards[u].zone == "field" for u in (1, 2, 3))


def test_HR_property_targets_a_spell_against_an_element_cannot_hit_a_neutral(assert_illegal):
    """HR-property-targets: the prism destroys a creature that has an element; a neutral one
    cannot be its target."""
    s = position("A grim_prism a1 tokens=1", "B hired_swordsman c5", "B skeleton_spearman d5", "A herdsman e1")
    assert_illegal(s, "use #1 unmake #2", "HR-property-targets")
    s.apply("use #1 unmake #3")
    assert s.cards[3].zone == "graveyard"


def test_HR_502_8_reflexive_heal_and_cannot_wording(assert_illegal):
    """HR-502.8: "when it strikes, it heals itself": source and target are the ghoul. "Cannot be
    the target of a shot": no card may shoot the shield's carrier."""
    s = position("A grave_ghoul c2 wounds=2", "B deep_stonecutter c3 closed", forced=[1])
    s.apply("strike #1 #2")
    decl = next(e for e in s.log if e.rule_id == "HR-declaration")
    assert decl.data["source"] == 1 and s.cards[1].wounds == 1
    s2 = position("A forest_archer c2", "B gloom_knight c5", "B iron_bound_shield on=2")
    assert_illegal(s2, "use #1 shot #2", "HR-502.8")


def test_HR_combined_restrictions_taunt_against_a_shot_at_an_unwounded_creature():
    """HR-combined-restrictions: the shieldbearer closed so that the first attack of the
    opponent's next turn must target it; it is wounded, so the huntress hired as the first action
    ("shot for 3 at a creature with no wounds") has no legal target and enters without shooting
    (BR-17: cancelled unpaid)."""
    s = position("B stubborn_shieldbearer c5 wounds=1", "B deep_stonecutter d5",
                 "A marsh_huntress hand uid=3", active=1, turn=2)
    s.mode = "heroes"
    _heroes_ready(s)
    s.apply("use #1 challenge")
    assert s.cards[1].taunt == 3 and s.cards[1].closed
    s.apply("end")
    assert s.active == 0
    n = len(s.log)
    s.apply("hire #3 c2")
    assert s.cards[3].zone == "field"
    assert ids(s, n)[-2:] == ["BR-17", "HR-combined-restrictions"]
    assert s.cards[2].wounds == 0
    # the first attack this turn must go at the shieldbearer
    s2 = position("B stubborn_shieldbearer c5", "B deep_stonecutter d5", "A forest_archer c2",
                  active=1, turn=2)
    s2.apply("use #1 challenge")
    s2.apply("end")
    assert {a.targets for a in s2.legal_actions() if a.kind == "use"} == {(1,)}
    v = s2.explain("use #3 shot #2")
    assert v.rule_id == "HR-combined-restrictions"


def test_HR_501_5_declaring_a_closing_ability_is_an_action():
    """HR-501.5: an activated ability whose price closes the card is an action: the card is
    closed and can neither strike nor move afterwards."""
    s = position("A rune_menhir a1", "A deep_stonecutter b2 closed", "B herdsman e6")
    s.apply("use #1 awaken #2")
    assert s.cards[1].closed and not s.cards[2].closed and s.cards[2].moves == 1


def test_BR_17_a_trigger_with_no_legal_target_is_cancelled_unpaid():
    """BR-17: the altar's turn-start trigger has no adjacent enemy: it is cancelled, nothing paid."""
    s = position("A altar_of_decay a1", "B deep_stonecutter e6", "A herdsman e1", active=1)
    s.apply("end")
    assert "BR-17" in ids(s) and s.cards[2].wounds == 0


def test_CR_play_zone_the_shot_resolves_on_a_target_still_in_play_after_an_answer():
    """CR-play-zone: an ability works on cards in the play zone. B's answer (a heal of the target)
    resolves first (R-QUEUE, last in first out); the shot then finds its target still in play and
    kills it."""
    s = position("A forest_archer c2", "A wind_shaman a1", "B deadfall_wolf c5", "B wandering_monk e6")
    s.apply("use #1 shot #3")
    s.apply("use #4 mend #3")            # B answers
    s.apply("pass")
    s.apply("pass")
    resolved = [(e.rule_id, e.kind) for e in s.log if e.kind in ("heal", "resolve", "effect", "death")]
    assert resolved == [("R-QUEUE", "resolve"), ("HR-targets", "heal"),                    # the answer first
                        ("R-QUEUE", "resolve"), ("BR-12.1", "effect"), ("BR-15", "death")]
    assert s.cards[3].zone == "graveyard" and s.seats[1].graveyard == [3]


def test_HR_503_1_game_rule_effects_have_no_source():
    """HR-503.1: opening cards at the start of a turn, payments and deaths are game-rule effects."""
    s = position("A forest_archer c2", "B deep_stonecutter c5 closed")
    s.apply("end")
    entry = next(e for e in s.log if e.rule_id == "HR-503.1")
    assert "source" not in entry.data and "target" not in entry.data


def test_BR_5_artifacts_cannot_be_healed_or_poisoned(assert_illegal):
    """BR-5 in play: an artifact cannot be healed or poisoned."""
    s = position("A quagmire_witch c2", "B watch_idol c5")
    assert_illegal(s, "use #1 hex #2", "HR-property-targets")
    s2 = position("A grove_druid c2", "A rune_menhir a1 wounds=1", "B herdsman e6")
    assert_illegal(s2, "use #1 heal #2", "HR-property-targets")


def test_BR_6_equipment_lends_its_constant_ability_to_its_carrier():
    """BR-6 in play: the axe adds 1 to its carrier's die; the chain mail gives armour 1."""
    s = position("A deep_stonecutter c2", "A notched_axe on=1", "B lord_of_the_thicket c3 closed", forced=[5])
    s.apply("strike #1 #3")
    assert s.cards[3].wounds == 2           # 5 + 1 = 6: strong (2)
    s2 = position("A lord_of_the_thicket c2", "B deep_stonecutter c3 closed", "B sentry_chain_mail on=2", forced=[6])
    s2.apply("strike #1 #2")
    assert s2.cards[2].wounds == 4          # strong 5, armour 1


def _heroes_ready(s):
    """Give both players a hero and open coins (tests build Heroes positions by hand)."""
    from berserk_kernel.berserk.zones import CardState
    for seat, hero in enumerate(("warlord_of_the_peaks", "marsh_princess")):
        c = CardState(s.next_uid, hero, seat, "aux")
        s.next_uid += 1
        s.cards[c.uid] = c
        s.seats[seat].aux.append(c.uid)
        s.seats[seat].hero = c.uid
        s.seats[seat].coins = s.seats[seat].coins_open = 10


# --- exact odds of abilities, the vocabulary, the demo set ---------------------------------------

def test_BR_12_exact_odds_of_a_rolled_ability_match_the_kernel():
    """BR-12: the odds of a rolled shot are exact and agree with the kernel for every forced face."""
    from fractions import Fraction
    from berserk_kernel.berserk import ability_odds
    s = position("A horse_archer c2", "B lord_of_the_thicket c5")
    odds = ability_odds(s, 1, "shot", 2)
    assert odds == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    seen = {}
    for face in range(1, 7):
        t = position("A horse_archer c2", "B lord_of_the_thicket c5", forced=[face])
        t.apply("use #1 shot #2")
        seen[t.cards[2].wounds] = seen.get(t.cards[2].wounds, 0) + Fraction(1, 6)
    assert seen == odds
    fixed = ability_odds(position("A crag_slinger c2", "B gorge_warden c5"), 1, "throw", 2)
    assert fixed == {1: 1}                      # throw 2 minus armour 1 (BR-12.1)


def test_loading_rejects_what_the_vocabulary_cannot_express():
    """Abilities outside the vocabulary are refused, naming the card and the field."""
    from berserk_kernel.berserk.cards import parse_cards
    from berserk_kernel.core.errors import DataError
    base = {"id": "x", "name": {"ru": "Икс", "en": "X"}, "type": "creature", "kind": "ground", "cost": 2,
            "elite": False, "elements": [], "lives": 2, "move": 1, "strike": [1, 1, 2]}
    bad = [
        ({"id": "a", "kind": "fireball", "timing": "activated", "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].kind"),
        ({"id": "a", "kind": "shot", "timing": "activated", "target": "choose", "count": [1, 2],
          "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].target"),
        ({"id": "a", "kind": "effect", "timing": "triggered", "target": "self",
          "effects": [{"op": "heal", "amount": 1}], "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].trigger"),
        ({"id": "a", "kind": "effect", "timing": "activated", "target": "one",
          "effects": [{"op": "teleport"}], "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].effects[0].op"),
        ({"id": "a", "kind": "effect", "timing": "activated", "target": "one",
          "effects": [{"op": "wound"}], "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].effects[0]"),
        ({"id": "a", "kind": "constant", "timing": "constant", "modifier": {"luck": 1}, "text": {"ru": "р", "en": "e"}},
         "card[x].abilities[a].modifier"),
        ({"id": "a", "kind": "shot", "timing": "activated", "reach": "adjacent", "target": "one",
          "effects": [{"op": "wound", "amount": 1}], "text": {"ru": "р", "en": "e"}}, "card[x].abilities[a].reach"),
    ]
    for ability, field in bad:
        with pytest.raises(DataError) as e:
            parse_cards({"card": [dict(base, abilities=[ability])]}, "cards.toml")
        assert e.value.source == "cards.toml" and e.value.field.startswith(field), (e.value.field, field)


def test_the_demo_set_carries_every_ability_kind_and_effect():
    """At least 30 abilities; every kind, timing, trigger, target mode and effect is on some card."""
    from berserk_kernel.berserk import demo_cards
    from berserk_kernel.berserk.abilities import KINDS, OPS, TARGETS, TIMINGS, TRIGGERS
    abilities = [a for c in demo_cards().values() for a in c.abilities]
    assert len(abilities) >= 30
    assert {a.kind for a in abilities} == set(KINDS)
    assert {a.timing for a in abilities} == set(TIMINGS)
    assert {a.trigger for a in abilities if a.trigger} == set(TRIGGERS)
    assert {a.target for a in abilities if a.kind != "constant"} == set(TARGETS)
    assert {e.op for a in abilities for e in a.effects} == set(OPS)
    costs = {k for a in abilities for k in ("close", "sacrifice", "tokens", "wounds") if getattr(a, k)}
    assert costs == {"close", "sacrifice", "tokens", "wounds"}


def test_HR_simultaneous_triggers_turn_start_triggers_fire_in_the_order_of_the_card_table():
    """Several turn-start triggers of the player whose turn begins fire together, in the order
    of the card table (not the field's order, not the uids'); a card without one fires nothing."""
    s = position("A gorge_warden c2", "B oak_guardian e5 wounds=1 uid=9", "B forest_archer b5 uid=5",
                 "B bog_troll a5 wounds=1 uid=3", active=0, turn=3)
    s.cards[3] = s.cards.pop(3)                   # by hand: the table's order is 1, 5, 9, 3
    assert list(s.cards) == [1, 5, 9, 3] and s.cells.index(3) < s.cells.index(9)
    n = len(s.log)
    s.apply("end")
    assert [(f["card"], f["ability"]) for f in s.fired] == [(9, "regrowth"), (3, "regrowth")]
    fired = [e.data["card"] for e in s.log[n:] if e.kind == "trigger"]
    assert fired == [9, 3] and s.stage == "triggers"
    s.undo()
    s.cards[9].card = "forest_archer"         # by hand: only one trigger left to fire
    s.apply("end")
    assert [f["card"] for f in s.fired] in ([], [3])
    assert [e.data["card"] for e in s.log[n:] if e.kind == "trigger"] == [3]
