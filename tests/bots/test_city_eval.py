"""The City "front" evaluation (bots/city_eval.py): the exposure of the front line."""
import pytest

from berserk_kernel.bots import MCTSBot, city_eval
from berserk_kernel.bots.city_eval import CAPTURE, exposure, front_evaluate, front_material
from berserk_kernel.bots.mcts import EVALUATIONS, MATERIALS, PROFILES
from berserk_kernel.bots.progress import CITY_LATE, district_worth, progress_evaluate, progress_material
from berserk_kernel.city import new_game
from berserk_kernel.city.odds import battle_odds

# the default map, 5 by 5:
#   1  2  3  4  5
#   6  7  8  9 10
#  11 12 13 14 15
#  16 17 18 19 20
#  21 22 23 24 25


def board(held: dict, players: int = 2, rounds: int = 10, round_: int = 1):
    """A position in the actions phase of player 0 with `held` = {district: (player, forces)};
    every other district free and empty."""
    s = new_game(players=players, seed=3, options={"rounds": rounds})
    s.owner = {d: None for d in s.owner}
    s.forces = {d: 0 for d in s.forces}
    for d, (p, n) in held.items():
        s.owner[d], s.forces[d] = p, n
    s.phase, s.current, s.round = "actions", 0, round_
    s._memo = {}
    return s


def test_capture_table_is_the_kernels_exact_odds():
    assert CAPTURE[10][5] == pytest.approx(float(battle_odds(10, 5).capture))
    assert CAPTURE[10][5] == pytest.approx(0.3669, abs=1e-4)     # a garrison of 5 holds 63% against 10
    assert CAPTURE[1][1] == pytest.approx(0.4 * 0.5)             # hit on 7+, the defender misses on 1-5
    assert CAPTURE[1][0] == 1.0                                  # an empty district falls to one force (CITY-4.3)
    assert all(CAPTURE[0][d] == 0.0 for d in range(11))          # no attacker, no attack
    assert CAPTURE[10][10] < 0.001


def test_an_empty_district_next_to_enemy_forces_is_exposed():
    s = board({1: (0, 5), 2: (0, 0), 3: (1, 4), 4: (1, 3)})
    # 2 (empty) shares a side with 3 (four enemy forces): taken for certain; 3 and 4 face 1 and 2:
    # 3 (4 forces) from 2 (none, no attack) only
    assert exposure(s) == [1.0, 0.0]
    s.forces[2] = 6
    assert exposure(s) == [pytest.approx(CAPTURE[4][6]), pytest.approx(CAPTURE[6][4])]


def test_the_best_single_attack_counts_not_the_sum():
    # 6 and 7 of player 0 both face player 1's 8 / 11 / 12: the worst of them is counted once
    s = board({6: (0, 1), 7: (0, 3), 2: (0, 0), 11: (1, 5), 8: (1, 2), 12: (1, 0), 13: (1, 0)})
    # 2 faces nothing of player 1 (1, 3 and 7 are not his); 6 faces 11 (5); 7 faces 8 (2) and 12 (0)
    assert exposure(s)[0] == pytest.approx(max(CAPTURE[5][1], CAPTURE[2][3]))
    # player 1: 8 faces 7 (3 forces), 12 faces 7 and 11 faces 6 (1), 13 nothing of player 0
    assert exposure(s)[1] == pytest.approx(max(CAPTURE[3][2], CAPTURE[3][0], CAPTURE[1][5]))
    assert exposure(s)[1] == 1.0


def test_a_last_district_cannot_be_attacked():
    s = board({2: (0, 0), 3: (1, 9), 4: (1, 0)})
    assert exposure(s) == [0.0, 0.0]       # CITY-4.4: 2 is player 0's last; 3 faces an empty 2
    s.owner[1] = 0
    assert exposure(s) == [1.0, 0.0]


def test_front_material_takes_the_exposed_district_off():
    s = board({1: (0, 5), 2: (0, 0), 3: (1, 4), 4: (1, 3)}, round_=10)
    assert district_worth(s) == 3.0 + CITY_LATE
    assert front_material(s) == [progress_material(s)[0] - city_eval.FRONT * (3.0 + CITY_LATE), progress_material(s)[1]]
    before = front_evaluate(s)[0]
    # the same forces, five moved from 1 (no enemy next to it) onto 2: the material is the same,
    # the front value is higher
    s.forces[1], s.forces[2] = 0, 5
    s._memo = {}
    assert progress_material(s) == progress_material(board({1: (0, 5), 2: (0, 0), 3: (1, 4), 4: (1, 3)}, round_=10))
    assert front_evaluate(s)[0] > before
    assert progress_evaluate(s)[0] == pytest.approx(progress_evaluate(board({1: (0, 5), 2: (0, 0), 3: (1, 4), 4: (1, 3)}, round_=10))[0])


def test_the_end_is_valued_by_the_exact_returns():
    s = board({1: (0, 0), 2: (0, 0), 3: (1, 9), 4: (1, 9)})
    s.phase, s.winners = "over", (1,)
    assert front_evaluate(s) == [-1.0, 1.0]


def exposed_flank():
    """Player 0 holds 1 (six forces; its neighbours 2 and 6 are its own), 2 (empty, next to
    player 1's 3 with five forces) and 6 (empty, next only to player 1's empty 7); no influence,
    no attack this turn (a Truce): only redeploys and `end` are left."""
    s = board({1: (0, 6), 6: (0, 0), 2: (0, 0), 3: (1, 5), 4: (1, 0), 5: (1, 0), 7: (1, 0)}, round_=5)
    s.influence = [0, 0]
    s.turn["attack_limit"] = 0
    return s


def test_the_search_on_the_front_evaluation_garrisons_the_exposed_district():
    s = exposed_flank()
    assert exposure(s) == [1.0, 0.0]
    moves = [str(MCTSBot(playouts=10, seed=seed, depth=4, evaluation="front").step(s)) for seed in range(10)]
    # every seed moves at least four forces onto 2 (4 against 5 holds 62% of the time, 0 never)
    assert all(m.startswith("redeploy 1>2 ") and int(m.split()[-1]) >= 4 for m in moves), moves
    # the material of the progress evaluation is the same wherever the forces stand: half of the
    # seeds move them to 6, where no enemy force can reach
    moves = [str(MCTSBot(playouts=10, seed=seed, depth=4, evaluation="progress").step(s)) for seed in range(10)]
    assert sum(m.startswith("redeploy 1>6 ") for m in moves) >= 3, moves


def test_the_two_player_city_profile_plays_on_the_front_evaluation():
    assert PROFILES["city2"]["evaluation"] == "front"
    assert EVALUATIONS["front"] is front_evaluate and MATERIALS["front"] is front_material
    # three or four players keep the material evaluation (their 95% against random, docs/bots.md)
    assert PROFILES["city"]["evaluation"] == "material"
