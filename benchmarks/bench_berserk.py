"""Berserk kernel speed: prints `NAME: VALUE UNIT` lines.

berserk_actions_per_s   legal-action listing + apply of a random legal action, battle phase only
berserk_games_per_s     complete random games, squad building to victory
chess_random_moves_per_s  python-chess listing legal moves and pushing a random one (reference)
"""
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from berserk_kernel.berserk import new_game  # noqa: E402
from berserk_kernel.berserk.agents import choose, play_random  # noqa: E402
from berserk_kernel.core.dice import Dice  # noqa: E402


def actions_per_s(games=60):
    n, spent = 0, 0.0
    for seed in range(games):
        s = new_game(seed=seed)
        dice = Dice(seed)
        while s.phase != "battle" and s.phase != "over":
            s.apply(choose(s, dice), history=False)
        t = time.perf_counter()
        while s.phase != "over":
            s.apply(choose(s, dice, s.legal_actions()), history=False)
            n += 1
        spent += time.perf_counter() - t
    return n / spent


def games_per_s(games=60):
    t = time.perf_counter()
    for seed in range(games):
        play_random(new_game(seed=seed), seed)
    return games / (time.perf_counter() - t)


def chess_moves_per_s(seconds=2.0):
    try:
        import chess
    except ImportError:
        return None
    dice = Dice(1)
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        b = chess.Board()
        while b.ply() < 200 and not b.is_game_over():
            moves = list(b.legal_moves)
            b.push(moves[dice.randbelow(len(moves))])
            n += 1
    return n / (time.perf_counter() - t)


if __name__ == "__main__":
    print(f"berserk_actions_per_s: {actions_per_s():.0f} actions/s")
    print(f"berserk_games_per_s: {games_per_s():.1f} games/s")
    c = chess_moves_per_s()
    if c is not None:
        print(f"chess_random_moves_per_s: {c:.0f} moves/s")
