"""Speed of the bots' search (issue 10). Prints:

    berserk_playouts_per_s: N playouts/s     full kind-weighted random playouts to the end of a
                                             classic Berserk game (turn limit 30) from mid-game
                                             positions, on quiet clones without history (as
                                             the bots' worlds: `sample_world` gives quiet ones)
    city_playouts_per_s: N playouts/s        the same for City (2 players, 10 rounds)
    bot_decision_ms: N ms                    median decision of the MCTS bot at the default level
                                             ("normal", 40 playouts) at mid-game classic
                                             Berserk positions
    heroes_bot_decision_ms: N ms             the same in Heroes
    city_bot_decision_ms: N ms               the same in City (2 players)

Times are CPU time of this process (`time.process_time`), so other work on the machine
matters less. Positions: seeded random play (the kernel's dice), the same every run.

Run from the project root: python benchmarks/bench_bots.py
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from berserk_kernel.berserk import new_game as berserk_game  # noqa: E402
from berserk_kernel.bots import RandomBot  # noqa: E402
from berserk_kernel.bots.advice import make_bot  # noqa: E402
from berserk_kernel.bots.base import Game  # noqa: E402
from berserk_kernel.bots.random import weighted_choice  # noqa: E402
from berserk_kernel.city import new_game as city_game  # noqa: E402

SEEDS = (1, 2, 3, 4, 5)
PLAYOUTS_PER_POSITION = 6


def new_state(game: str, seed: int):
    if game == "city":
        return city_game(players=2, seed=seed)
    return berserk_game(seed=seed, options={"turn_limit": 30}, mode="heroes" if game == "heroes" else "classic")


def mid_game(game: str, seed: int):
    """The position after random play into the middle of a game: Berserk, the 4th turn of the
    battle; City, round 4 (the last position before the end if the game ends first)."""
    s = new_state(game, seed)
    bot = RandomBot(seed)
    for _ in range(3000):
        if game == "city" and s.round >= 4 and len(Game.choices(s)) > 1:
            return s
        if game != "city" and s.phase == "battle" and s.turn >= 4 and len(Game.choices(s)) > 1:
            return s
        nxt = s.clone()
        Game.apply(nxt, bot.step(s))
        if Game.is_terminal(nxt):
            return s
        s = nxt
    return s


def playouts_per_s(game: str) -> float:
    positions = [mid_game(game, seed) for seed in SEEDS]
    rng = random.Random(7)
    n, start = 0, time.process_time()
    for pos in positions:
        for _ in range(PLAYOUTS_PER_POSITION):
            w = pos.clone(quiet=True)
            while not Game.is_terminal(w):
                Game.apply(w, weighted_choice(w, Game.choices(w), rng))
            n += 1
    return n / (time.process_time() - start)


def decision_ms(game: str) -> float:
    times = []
    for seed in SEEDS:
        pos = mid_game(game, seed)
        bot = make_bot("normal", seed=seed)
        start = time.process_time()
        bot.step(pos)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"berserk_playouts_per_s: {playouts_per_s('berserk'):.1f} playouts/s", flush=True)
    print(f"city_playouts_per_s: {playouts_per_s('city'):.1f} playouts/s", flush=True)
    print(f"bot_decision_ms: {decision_ms('berserk'):.0f} ms", flush=True)
    print(f"heroes_bot_decision_ms: {decision_ms('heroes'):.0f} ms", flush=True)
    print(f"city_bot_decision_ms: {decision_ms('city'):.0f} ms", flush=True)


if __name__ == "__main__":
    main()
