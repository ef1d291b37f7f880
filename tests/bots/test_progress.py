"""The MCTS bot's "progress" evaluation and its per-game settings (mcts.PROFILES)."""
import pytest

from berserk_kernel.berserk import position as berserk_position
from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.base import Game, evaluate, material
from berserk_kernel.bots.mcts import EVALUATIONS, PROFILES, game_key, profile_key
from berserk_kernel.bots.progress import CITY_LATE, HERO_DANGER, LAST_CREATURES, progress_evaluate, progress_material
from berserk_kernel.bots.tournament import Pairing, Settings, Table, make_bot, parse_mcts

from .positions import position


def test_classic_last_creatures_count_beyond_their_material():
    one_each = berserk_position("A gorge_warden c2", "B bog_troll c3 closed")
    assert material(one_each) == [14.0, 20.0]
    assert progress_material(one_each) == [14.0 - LAST_CREATURES, 20.0 - LAST_CREATURES]
    two_to_one = berserk_position("A gorge_warden c2", "A gorge_warden d2", "B bog_troll c3 closed")
    assert material(two_to_one) == [28.0, 20.0]
    assert progress_material(two_to_one) == [28.0 - LAST_CREATURES / 2, 20.0 - LAST_CREATURES]
    # the lead of A grows from 8 (material) to 12: the lone enemy creature is closer to BR-1's end
    m = progress_material(two_to_one)
    assert m[0] - m[1] == 12.0
    assert progress_evaluate(two_to_one)[0] > evaluate(two_to_one)[0] > 0


def test_heroes_wounds_of_a_hero_cost_more_the_closer_it_is_to_death():
    s = position("heroes", 2, 60)
    assert s.phase == "battle"
    heroes = [s.cards[s.seats[p].hero] for p in (0, 1)]
    assert [h.wounds for h in heroes] == [0, 0]
    assert [s.defs[h.card].lives for h in heroes] == [18, 18]
    assert progress_material(s) == material(s)
    heroes[0].wounds = 9
    assert progress_material(s) == [material(s)[0] - HERO_DANGER / 4, material(s)[1]]
    heroes[0].wounds = 17
    assert progress_material(s)[0] == pytest.approx(material(s)[0] - HERO_DANGER * (17 / 18) ** 2)


def test_city_districts_weigh_more_in_the_last_round():
    s = position("city", 2, 30)
    assert (s.round, s.options.rounds) == (3, 3)
    late = progress_material(s)
    assert late == [material(s)[p] + CITY_LATE * s.count_districts(p) for p in (0, 1)]
    s.round = 1
    assert progress_material(s) == material(s)


def test_the_end_is_valued_by_the_exact_returns():
    s = position("berserk", 3, 40)
    s.phase, s.winner = "over", 1
    assert progress_evaluate(s) == [-1.0, 1.0] == evaluate(s)


def test_profiles_choose_depth_rollout_and_evaluation_per_game():
    for game, key in (("berserk", "berserk"), ("heroes", "heroes"), ("city", "city2"), ("city4", "city")):
        s = position(game, 4, 30)
        assert game_key(s) == key
        bot = MCTSBot(playouts=2, seed=1, depth=None, rollout=None, evaluation=None, c=None)
        bot.analyse(s)
        profile = PROFILES[key]
        assert bot._depth == profile["depth"]
        assert bot._evaluate is EVALUATIONS[profile["evaluation"]]
        assert bot._c == profile["c"]
    fixed = MCTSBot(playouts=2, seed=1, depth=3, rollout="random", evaluation="progress")
    fixed.analyse(position("city", 4, 30))
    assert fixed._depth == 3 and fixed._evaluate is progress_evaluate


def test_two_player_city_values_progress_and_three_or_four_players_material():
    assert (PROFILES["city2"]["evaluation"], PROFILES["city"]["evaluation"]) == ("front", "material")
    assert profile_key("city", 2) == "city2" and profile_key("city", 3) == profile_key("city", 4) == "city"
    assert profile_key("berserk", 2) == "berserk" and profile_key("heroes", 2) == "heroes"


def test_tournament_mcts_takes_the_profiles_unless_told():
    bot = make_bot("mcts", 1, 10, None)
    assert (bot.depth, bot.rollout, bot.evaluation, bot.c) == (None, None, None, None)
    told = make_bot("mcts", 1, 10, 6, parse_mcts("rollout=random,evaluation=progress"))
    assert (told.depth, told.rollout, told.evaluation) == (6, "random", "progress")


def test_unknown_evaluation_is_refused():
    with pytest.raises(ValueError, match="unknown evaluation 'magic'; known: material, progress"):
        MCTSBot(evaluation="magic")


def test_widen_searches_only_the_greedy_top_k_and_ranks_the_rest_after():
    s = position("berserk", 5, 60)
    assert len(Game.choices(s)) > 4
    bot = MCTSBot(playouts=12, depth=4, seed=2, widen=2)
    out = bot.analyse(s)
    top = {k for k, i in bot._rank.items() if i < 2}
    assert {str(a) for a, _v, _n in out[:2]} == top
    assert sum(n for _a, _v, n in out[:2]) == 12
    assert all(n == 0 and v == 0.0 for _a, v, n in out[2:])
    assert len(out) == len(Game.choices(s))


def test_final_by_visits_plays_the_most_visited_root_action():
    s = position("berserk", 5, 60)
    out = MCTSBot(playouts=12, depth=4, seed=2, final="visits").analyse(s)
    assert out[0][2] == max(n for _a, _v, n in out) > 0
    assert [n for _a, _v, n in out] == sorted((n for _a, _v, n in out), reverse=True)
    with pytest.raises(ValueError, match="unknown final 'best'; known: mean, visits"):
        MCTSBot(final="best")


def test_tournament_table_names_the_profiles_or_the_settings_told():
    table = Table([Pairing("heroes", 2, "mcts", "greedy")])
    text = table.markdown(Settings(seed=7000, turn_limit=50))
    assert "per game (unless told): classic Berserk: 40 playouts, depth 80, greedy rollouts, material evaluation, c 0.25, " \
           "relative values, rollouts of 2 turns, widen 6, squads by exact search, placement by formation; " \
           "Heroes: 40 playouts, depth 4, random rollouts, hero evaluation, c 0.7; " \
           "City 2 players: 10 playouts, depth 4, greedy rollouts, front evaluation, c 0.7; " \
           "City 3-4 players: 10 playouts, depth 4, greedy rollouts, material evaluation, c 0.7;" in text
    assert "classic turn limit 50, Heroes turn limit 80; seeds 7000.." in text
    told = table.markdown(Settings(playouts=20, depth=6, mcts=(("widen", 5),)))
    assert "mcts: 20 playouts, depth 6; per game (unless told)" in told and ", widen 5;" in told


def test_before_the_battle_progress_is_the_material():
    s = position("berserk", 3, 6)
    assert s.phase == "build"
    assert material(s) == [62.0, 0.0]
    assert progress_material(s) == [62.0, 0.0]


def test_classic_profile_explores_less_and_keeps_its_playouts_on_the_greedy_top_actions():
    """Classic Berserk's profile has c=0.25 (PROFILES): with c=0.7 the exploration term outweighs
    the gaps between the greedy priors and 10 playouts spread one per root action; with the
    profile they stay on the prior's best action unless the playouts disagree (where the priors
    tie, as between moves, both spread)."""
    assert (PROFILES["berserk"]["c"], PROFILES["heroes"]["c"], PROFILES["city2"]["c"]) == (0.25, 0.7, 0.7)
    s = position("berserk", 7, 60)
    # the depth, rollout and absolute values of the profile of session 6 (the exploration is the point)
    spread = MCTSBot(playouts=10, seed=2, depth=8, rollout="greedy", evaluation="material", c=0.7)
    focused = MCTSBot(playouts=10, seed=2, depth=8, rollout="greedy", evaluation="material", c=None)
    tried = {}
    for name, bot in (("spread", spread), ("focused", focused)):
        out = bot.analyse(s)
        assert sum(n for _a, _v, n in out) == 10
        tried[name] = {str(a) for a, _v, n in out if n > 0}
    assert focused._c == 0.25 and spread._c == 0.7
    assert len(tried["spread"]) >= 5
    # all 10 playouts on one action, one of the best greedy priors
    assert len(tried["focused"]) == 1
    assert focused._prior_values[tried["focused"].pop()] == max(focused._prior_values.values())
