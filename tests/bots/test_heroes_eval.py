"""The "hero" evaluation of the MCTS bot in Heroes (bots/heroes_eval.py): a side's pressure on
the enemy hero (its flyers and its ground creatures on the enemy's row 3, R-HEROES) counts."""
from __future__ import annotations

import dataclasses

import pytest

from berserk_kernel.bots.base import HERO_LIFE, evaluate, material, squash
from berserk_kernel.bots.heroes_eval import PRESSURE, hero_evaluate, hero_material, pressure, ranged_wounds
from berserk_kernel.bots.mcts import EVALUATIONS, MATERIALS, PROFILES, MCTSBot

from .positions import position


def _flyer(s, seat):
    """A flyer of `seat` not in play (its deck or hand)."""
    return next(c for c in s.cards.values()
                if c.owner == seat and c.zone in ("deck", "hand") and s.defs[c.card].kind == "flyer")


def _battle():
    """Seed 2's Heroes battle at turn 8 without seat 1's Forest Archer (#15, a shot for 2 at any
    enemy, the only card there that reaches a hero)."""
    s = position("heroes", 2, 60)
    assert (s.phase, s.turn) == ("battle", 8)
    assert pressure(s) == [0.0, 2.0]
    archer = s.cards[15]
    assert (archer.owner, archer.zone, s.defs[archer.card].name.en) == (1, "field", "Forest Archer")
    archer.zone, archer.cell = "graveyard", None
    return s


def test_the_forest_archer_s_shot_is_the_only_pressure_at_turn_8():
    s = position("heroes", 2, 60)
    m = material(s)
    assert pressure(s) == [0.0, 2.0]
    assert hero_material(s) == [m[0], m[1] + PRESSURE * HERO_LIFE * 2.0]


def test_no_creature_in_reach_of_a_hero_is_the_material():
    s = _battle()
    assert pressure(s) == [0.0, 0.0]
    assert hero_material(s) == material(s)
    assert hero_evaluate(s) == evaluate(s)


def test_a_ground_creature_on_the_enemy_row_3_presses_the_enemy_hero():
    s = _battle()
    warden = s.cards[3]                       # seat 1's Gorge Warden, strike 1-2-3, on c4
    assert (warden.owner, warden.zone, warden.cell, s.defs[warden.card].strike) == (1, "field", 19, (1, 2, 3))
    warden.cell = 3                           # d1: seat 0's row 3, from where it strikes the hero
    assert pressure(s) == [0.0, 2.0]
    m = material(s)
    assert hero_material(s) == [m[0], m[1] + PRESSURE * HERO_LIFE * 2.0]
    assert hero_evaluate(s) == [squash(s, -PRESSURE * HERO_LIFE * 2.0 + m[0] - m[1]),
                                squash(s, PRESSURE * HERO_LIFE * 2.0 + m[1] - m[0])]
    warden.cell = 8                           # d2: seat 0's row 2 reaches no hero
    assert pressure(s) == [0.0, 0.0]


def test_a_flyer_presses_the_enemy_hero_until_that_hero_is_gone():
    s = _battle()
    bird = _flyer(s, 0)
    bird.zone = "aux"
    expected = sum(s.defs[bird.card].strike) / 3.0
    assert expected > 0
    assert pressure(s) == [pytest.approx(expected), 0.0]
    assert hero_material(s)[0] == pytest.approx(material(s)[0] + PRESSURE * HERO_LIFE * expected)
    s.cards[s.seats[1].hero].zone = "graveyard"
    assert pressure(s) == [0.0, 0.0]


def test_before_the_battle_and_in_classic_berserk_it_is_the_material():
    s = position("heroes", 2, 0)
    assert s.phase == "order"
    assert hero_material(s) == material(s)
    classic = position("berserk", 2, 60)
    assert hero_material(classic) == material(classic)


def _card(s, en_name):
    return next(c for c in s.cards.values() if s.defs[c.card].name.en == en_name)


def test_a_ranged_ability_at_the_hero_presses_from_anywhere_and_its_best_counts():
    s = _battle()
    slinger = s.cards[8]                      # seat 1's Crag Slinger in hand: strike 1-1-2, throw for 2
    assert (slinger.owner, slinger.zone, s.defs[slinger.card].name.en) == (1, "hand", "Crag Slinger")
    slinger.zone, slinger.cell = "field", 22   # c5: seat 1's own half, no strike reaches the hero
    assert pressure(s) == [0.0, 2.0]
    slinger.cell = 4                          # e1: seat 0's row 3, the throw (2) beats the strike (4/3)
    assert pressure(s) == [0.0, 2.0]
    archer = _card(s, "Horse Archer")         # shot with a rolled 1-2-2
    archer.zone, archer.cell = "field", 7
    assert archer.owner == 0 and pressure(s) == [pytest.approx(5 / 3), 2.0]


def test_an_ability_that_costs_tokens_presses_only_while_the_card_has_them():
    s = _battle()
    mistress = _card(s, "Mistress of the Mires")   # bolt: 2 tokens, 3 wounds to a creature or hero
    mistress.zone, mistress.cell, mistress.tokens = "field", 12, 0
    strike = sum(s.defs[mistress.card].strike) / 3.0
    assert mistress.owner == 0 and strike < 3
    assert pressure(s) == [0.0, 0.0]          # c3 is seat 0's half: no strike at the hero either
    mistress.tokens = 2
    assert pressure(s) == [3.0, 0.0]


def test_the_heroes_profile_values_leaves_by_the_hero_pressure():
    assert PROFILES["heroes"]["evaluation"] == "hero"
    assert EVALUATIONS["hero"] is hero_evaluate and MATERIALS["hero"] is hero_material
    bot = MCTSBot(playouts=2, seed=1, depth=None, rollout=None, evaluation=None, c=None)
    bot.analyse(position("heroes", 2, 60))
    assert bot._evaluate is hero_evaluate


def test_other_definitions_under_the_same_card_id_are_read_again():
    """The ranged-ability table is kept per definition object, not per card id: a game whose
    definitions differ under the same ids (`new_game(defs=...)`) is read from its own."""
    s = position("heroes", 2, 60)
    before = pressure(s)
    ranged = [u for u, c in s.cards.items() if c.zone in ("field", "aux") and ranged_wounds(s, c) > 0]
    assert ranged and before != [0.0, 0.0]
    t = s.clone()
    t.defs = {k: dataclasses.replace(d, abilities=()) for k, d in s.defs.items()}
    assert all(ranged_wounds(t, t.cards[u]) == 0.0 for u in ranged)
    assert pressure(s) == before
