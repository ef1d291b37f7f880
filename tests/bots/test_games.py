"""Whole games bot against bot end, within the kernel's turn limit / round count."""
import pytest

from berserk_kernel.bots import GreedyBot, MCTSBot, RandomBot
from berserk_kernel.bots.base import Game
from berserk_kernel.bots.tournament import play

from .positions import GAMES


@pytest.mark.parametrize("game,a,b", [
    ("berserk", GreedyBot(1), RandomBot(2)),
    ("heroes", RandomBot(3), GreedyBot(4)),
    ("city", MCTSBot(playouts=2, depth=3, seed=5), GreedyBot(6)),
])
def test_a_whole_game_ends(game, a, b):
    s = GAMES[game](11)
    r = play(s, [a, b], max_actions=3000)
    assert Game.is_terminal(s)
    assert r == Game.returns(s)
    assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_four_player_city_game_ends():
    s = GAMES["city4"](12)
    r = play(s, [GreedyBot(1), RandomBot(2), RandomBot(3), RandomBot(4)], max_actions=3000)
    assert Game.is_terminal(s)
    winners = set(s.winners)
    assert [p for p in range(4) if r[p] > 0] == sorted(winners) or r == [0.0] * 4
    assert all(r[p] == -1.0 for p in range(4) if p not in winners) or r == [0.0] * 4
