"""Seeded positions of both games for the bot tests (reached by the random bot)."""
from __future__ import annotations

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.bots import RandomBot
from berserk_kernel.bots.base import Game
from berserk_kernel.city import new_game as city_game

GAMES = {
    "berserk": lambda seed: berserk_game(seed=seed, options={"turn_limit": 8}),
    "heroes": lambda seed: berserk_game(seed=seed, options={"turn_limit": 8}, mode="heroes"),
    "city": lambda seed: city_game(players=2, seed=seed, options={"rounds": 3}),
    "city4": lambda seed: city_game(players=4, seed=seed, options={"rounds": 3}),
}


def position(game: str, seed: int, steps: int):
    """The position after `steps` random actions (fewer if the game ends first: then the last
    position before the end)."""
    s = GAMES[game](seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        a = bot.step(s)
        nxt = s.copy()
        Game.apply(nxt, a)
        if Game.is_terminal(nxt):
            return s
        s = nxt
    return s
