"""Computer players for both games (issue 10): random, greedy and information-set MCTS.

    from berserk_kernel.bots import MCTSBot
    bot = MCTSBot(playouts=100, seed=1)
    action = bot.step(state)          # a legal action of `state` (Berserk or City)
    bot.analyse(state)                # [(action, value, visits), ...] best first

    from berserk_kernel.bots.advice import LEVELS, make_bot, suggest, review   # hints, review

Pure Python, seeded: every bot keeps its own `random.Random(seed)` and never uses the game's
dice for its own choices. The bots read the game only through `base.Game`, an adapter over the
public API of both games, and MCTS sees a position only through `base.seat_view` (hidden cards
and orders made canonical), so it cannot peek.
"""
from .base import Cancelled, Game, evaluate, sample_world, seat_view
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}

__all__ = ["Cancelled", "Game", "evaluate", "sample_world", "seat_view", "RandomBot", "GreedyBot", "MCTSBot", "BOTS"]
