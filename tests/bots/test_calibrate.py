"""`MCTSBot(calibrate=True)`: the greedy prior ranks the root actions, the playouts set the scale."""
import pytest

from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.tournament import parse_mcts

from .positions import position


def test_without_calibration_an_unvisited_action_wins_on_its_prior_alone():
    """A Heroes hiring turn: many hires share the greedy prior 0.38; the ten playouts come out
    lower (0.0 at depth 4), so the uncalibrated bot plays a hire no playout tried, on the prior
    alone. Calibrated, the prior is moved by the mean (playout - prior), the tried and untried
    hires of equal prior are valued alike, and the bot plays a hire its playouts tried."""
    s = position("heroes", 4, 40)
    plain = MCTSBot(playouts=10, depth=4, seed=2)
    out = plain.analyse(s)
    best, value, visits = out[0]
    assert visits == 0 and value == pytest.approx(plain._prior_values[str(best)])
    assert any(n > 0 for _a, _v, n in out)

    bot = MCTSBot(playouts=10, depth=4, seed=2, calibrate=True)
    cal = bot.analyse(s)
    shift = bot._shift()
    assert bot._shift_n == 10 and shift < -0.1
    assert cal[0][2] > 0
    assert str(cal[0][0]) != str(best)
    for a, v, n in cal:
        if n == 0:
            assert v == pytest.approx(bot._prior_values[str(a)] + shift)
    # the untried actions keep the prior's order among themselves
    untried = [bot._prior_values[str(a)] for a, _v, n in cal if n == 0]
    assert untried == sorted(untried, reverse=True)


def test_calibration_leaves_the_bot_reproducible_and_is_a_tournament_option():
    s = position("berserk", 7, 60)
    a = MCTSBot(playouts=10, depth=4, seed=2, calibrate=True).analyse(s)
    b = MCTSBot(playouts=10, depth=4, seed=2, calibrate=True).analyse(s)
    assert [(str(x), v, n) for x, v, n in a] == [(str(x), v, n) for x, v, n in b]
    assert parse_mcts("calibrate=1,c=0.5") == (("calibrate", True), ("c", 0.5))
    assert parse_mcts("calibrate=false") == (("calibrate", False),)
