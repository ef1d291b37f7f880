"""Bot against bot, seats swapped every game, a table of wins and draws.

    python -m berserk_kernel.bots.tournament --game berserk --games 20 --a mcts --b random
    python -m berserk_kernel.bots.tournament --game city --players 4 --games 10 --a mcts --b random

Game i uses seed `seed + i`; bot A sits in seat i % players (with 4 City players A plays one seat
against three copies of B). Berserk games use the turn limit `--turn-limit` (a draw after it).
"""
from __future__ import annotations

import argparse
import sys
import time

from ..berserk import new_game as berserk_game
from ..city import new_game as city_game
from . import BOTS
from .base import Game


def make_bot(kind: str, seed: int, playouts: int, depth: int):
    if kind == "mcts":
        return BOTS[kind](playouts=playouts, seed=seed, depth=depth)
    return BOTS[kind](seed=seed)


def new_state(game: str, seed: int, players: int, turn_limit: int):
    if game == "city":
        return city_game(players=players, seed=seed)
    return berserk_game(seed=seed, options={"turn_limit": turn_limit},
                        mode="heroes" if game == "heroes" else "classic")


def play(state, bots, max_actions: int = 5000):
    """Play to the end (or `max_actions`, then the game counts as a draw); returns the returns."""
    for _ in range(max_actions):
        if Game.is_terminal(state):
            return Game.returns(state)
        p = Game.current_player(state)
        Game.apply(state, bots[p].step(state))
    return [0.0] * len(bots)


def run(game: str, games: int, a: str, b: str, players: int = 2, seed: int = 0, playouts: int = 16,
        depth: int = 12, turn_limit: int = 30, out=sys.stdout) -> dict:
    table = {"a_wins": 0, "b_wins": 0, "draws": 0, "games": 0, "seconds": 0.0}
    start = time.perf_counter()
    for i in range(games):
        seat_a = i % players
        bots = [make_bot(a if p == seat_a else b, seed * 1000 + i * 10 + p, playouts, depth) for p in range(players)]
        r = play(new_state(game, seed + i, players, turn_limit), bots)
        if r[seat_a] > 0:
            table["a_wins"] += 1
        elif r[seat_a] < 0:
            table["b_wins"] += 1
        else:
            table["draws"] += 1
        table["games"] += 1
        print(f"game {i + 1}: A in seat {seat_a}, returns {r}", file=out, flush=True)
    table["seconds"] = time.perf_counter() - start
    label = f"{game} ({players} players)" if game == "city" else game
    print(f"\n| game | A | B | games | A wins | B wins | draws | A score |\n|---|---|---|---|---|---|---|---|", file=out)
    score = (table["a_wins"] + 0.5 * table["draws"]) / max(1, table["games"])
    print(f"| {label} | {a} | {b} | {table['games']} | {table['a_wins']} | {table['b_wins']} | {table['draws']} "
          f"| {score:.0%} |", file=out)
    print(f"({table['seconds']:.0f} s; mcts playouts {playouts}, depth {depth})", file=out, flush=True)
    return table


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m berserk_kernel.bots.tournament", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("berserk", "heroes", "city"), default="berserk")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--a", choices=sorted(BOTS), default="mcts")
    ap.add_argument("--b", choices=sorted(BOTS), default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--playouts", type=int, default=16)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--turn-limit", type=int, default=30)
    args = ap.parse_args(argv)
    if args.game != "city" and args.players != 2:
        ap.error("Berserk is a two-player game")
    run(args.game, args.games, args.a, args.b, args.players, args.seed, args.playouts, args.depth, args.turn_limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
