"""Speed of the Battle for the City kernel. Prints exactly three lines:

    city_replay_actions_per_s: N actions/s   applying recorded actions (check, snapshot,
                                      perform, log); random play with uniform choices is
                                      `city_actions_per_s` in bench_berserk.py, beside chess
    city_games_per_s: N games/s       whole random games: 2 players, default map, 10 rounds,
                                      choosing with legal_actions() like a random agent
    city_odds_table_ms: N ms          the exact odds (Fractions) of all 10 x 10 attacks, cold cache

Run from the project root: python benchmarks/bench_city.py
"""
from __future__ import annotations

import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from berserk_kernel.city import new_game, odds_table  # noqa: E402
from berserk_kernel.city.odds import binomial  # noqa: E402
from berserk_kernel.core.dice import Dice  # noqa: E402

GAMES = 40


def random_game(seed: int):
    g = new_game(2, map="default", seed=seed)
    rng = Dice(seed + 1)
    while not g.is_over():
        if g.phase == "actions" and rng.randbelow(10) < 3:
            g.apply("end")
            continue
        acts = g.legal_actions()
        verbs = sorted({a.verb for a in acts})
        verb = verbs[rng.randbelow(len(verbs))]
        acts = [a for a in acts if a.verb == verb]
        g.apply(acts[rng.randbelow(len(acts))])
    return g


def main() -> None:
    t = time.perf_counter()
    games = [random_game(s) for s in range(GAMES)]
    games_per_s = GAMES / (time.perf_counter() - t)

    plays = [(g.setup["seed"], list(g.actions)) for g in games]
    count = sum(len(a) for _, a in plays)
    elapsed = 0.0
    for seed, actions in plays:
        g = new_game(2, map="default", seed=seed)
        t = time.perf_counter()
        for a in actions:
            g.apply(a)
        elapsed += time.perf_counter() - t
    actions_per_s = count / elapsed

    runs = []
    for _ in range(7):
        binomial.cache_clear()
        t = time.perf_counter()
        odds_table()
        runs.append((time.perf_counter() - t) * 1000)

    print(f"city_replay_actions_per_s: {actions_per_s:.0f} actions/s")
    print(f"city_games_per_s: {games_per_s:.1f} games/s")
    print(f"city_odds_table_ms: {statistics.median(runs):.1f} ms")


if __name__ == "__main__":
    main()
