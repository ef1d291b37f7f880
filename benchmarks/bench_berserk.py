"""Kernel speed for search, interleaved with python-chess in one run: prints `NAME: VALUE UNIT`.

All times are CPU time (`time.process_time`) of this process; each figure is the median of
ROUNDS rounds, and every round measures chess and the kernels one after the other, so a busy
machine slows them alike.

chess_random_moves_per_s  python-chess: list the legal moves, push a random one (the reference)
berserk_actions_per_s     classic Berserk, battle phase: legal_actions() + the seeded random
                          agent's pick + apply(history=False)
heroes_actions_per_s      the same in the Heroes mode
berserk_search_actions_per_s, heroes_search_actions_per_s   the same on quiet positions
                          (``clone(quiet=True)``, what search plays on: `sample_world`'s worlds
                          keep no log; docs/contract.md): the play figure above times the
                          quiet/logging speed ratio, measured at the end of each round by playing
                          the round's games SEARCH_PASSES more times on logging and on quiet
                          positions, in turn first (a second run of the same games is a few %
                          faster in itself: a quiet pass always run last would be flattered)
city_actions_per_s        Battle for the City, 2 players, default map, whole games: legal_actions()
                          + a uniform pick among them + apply(history=False)
berserk_vs_chess, heroes_vs_chess, city_vs_chess   the ratios to chess in the same rounds
berserk_search_vs_chess, heroes_search_vs_chess      the same for the quiet positions
berserk_apply_undo_us     apply(history=True) + undo() of each legal action at mid-game positions
                          (logging positions of play)
berserk_apply_undo_warm_us   the same pass again right after it (the figure above is the round's
                          first pass, right after the chess and random-play loops: its first
                          actions pay about 0.6 ms of warming up the CPU's caches, some 5 us
                          spread over the pass's 116 actions; search makes thousands in a row, so
                          it pays that once a decision. The issue's aim is read on the line above)
berserk_search_apply_undo_us   the same at the same positions cloned quiet (``clone(quiet=True)``,
                          what search plays on): the figure above times the quiet/logging ratio of
                          SEARCH_PASSES more passes over both at the end of each round, in turn
                          first (the pass measured first in a round is 3-5 us slower in itself: a
                          quiet pass right after the logging one would be flattered)
berserk_key_us            state.key() of each position one legal action away from them (apply, key,
                          undo), asked once after the key of the position itself, as search does:
                          the cards the action changed build their part of the key again
berserk_key_repeat_us     state.key() asked again at the same mid-game positions
berserk_clone_us          state.clone() at the same positions
berserk_games_per_s       complete random classic games, squad building to victory

Usage: python benchmarks/bench_berserk.py [ROUNDS]
"""
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from berserk_kernel.berserk import new_game  # noqa: E402
from berserk_kernel.berserk.agents import choose, play_random  # noqa: E402
from berserk_kernel.city import new_game as city_game  # noqa: E402
from berserk_kernel.core.dice import Dice  # noqa: E402

cpu = time.process_time
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
SEARCH_PASSES = 3          # logging and quiet passes per round for the search ratio, in turn first


def in_turn_first(r: int):
    """For SEARCH_PASSES passes of round `r`: quiet (True) and logging (False), the one measured
    first alternating from pass to pass and from round to round."""
    for k in range(SEARCH_PASSES):
        yield from ((True, False) if (r + k) % 2 == 0 else (False, True))


def berserk_actions(seeds, mode="classic", quiet=False):
    """(actions, CPU seconds) of the battle phases of random games (on quiet positions: no log)."""
    n, spent = 0, 0.0
    for seed in seeds:
        s = new_game(seed=seed, mode=mode)
        if quiet:
            s = s.clone(quiet=True)
        dice = Dice(seed)
        while s.phase != "battle" and s.phase != "over":
            s.apply(choose(s, dice), history=False)
        t = cpu()
        while s.phase != "over":
            s.apply(choose(s, dice, s.legal_actions()), history=False)
            n += 1
        spent += cpu() - t
    return n, spent


def city_actions(seeds):
    """(actions, CPU seconds) of whole City games with uniform picks (a turn cap of 400)."""
    n, spent = 0, 0.0
    for seed in seeds:
        g = city_game(2, map="default", seed=seed)
        rng = Dice(seed + 1)
        t = cpu()
        for _ in range(400):
            if g.phase == "over":
                break
            acts = g.legal_actions()
            g.apply(acts[rng.randbelow(len(acts))], history=False)
            n += 1
        spent += cpu() - t
    return n, spent


def chess_moves(seconds, seed):
    import chess
    dice = Dice(seed)
    n, t = 0, cpu()
    while cpu() - t < seconds:
        b = chess.Board()
        while b.ply() < 200 and not b.is_game_over():
            moves = list(b.legal_moves)
            b.push(moves[dice.randbelow(len(moves))])
            n += 1
    return n, cpu() - t


def mid_game_positions(count=12):
    """Battle positions some 30 actions into the battle of seeded random games."""
    out = []
    seed = 0
    while len(out) < count:
        s = new_game(seed=seed)
        dice = Dice(seed)
        seed += 1
        k = 0
        while s.phase != "over" and (s.phase != "battle" or k < 30):
            k += s.phase == "battle"
            s.apply(choose(s, dice), history=False)
        if s.phase == "battle":
            out.append(s)
    return out


def apply_undo_us(positions):
    n, t = 0, cpu()
    for s in positions:
        for a in s.legal_actions():
            s.apply(a)
            s.undo()
            n += 1
    return (cpu() - t) / n * 1e6


def key_after_apply_us(positions):
    """key() of each position one legal action away (apply, key, undo), asked once after the
    key of the position itself, as search does; the cost of reading the timer is measured
    beside it and taken off."""
    n, spent, empty = 0, 0.0, 0.0
    for s in positions:
        s.key()
        for a in s.legal_actions():
            s.apply(a)
            t = cpu()
            s.key()
            t1 = cpu()
            spent += t1 - t
            t = cpu()
            t1 = cpu()
            empty += t1 - t
            s.undo()
            n += 1
    return max(0.0, spent - empty) / n * 1e6


def per_call_us(positions, method, repeat=200):
    calls = [getattr(s, method) for s in positions]
    t = cpu()
    for _ in range(repeat):
        for f in calls:
            f()
    return (cpu() - t) / (repeat * len(calls)) * 1e6


def games_per_s(games=20):
    t = cpu()
    for seed in range(games):
        play_random(new_game(seed=seed), seed)
    return games / (cpu() - t)


def main():
    try:
        import chess  # noqa: F401
        have_chess = True
    except ImportError:
        have_chess = False
    rows = {k: [] for k in ("chess", "berserk", "heroes", "city", "berserk_x", "heroes_x", "city_x",
                            "berserk_q", "heroes_q", "berserk_qx", "heroes_qx",
                            "apply_undo", "apply_undo_warm", "search_apply_undo", "key", "key_repeat", "clone")}
    positions = mid_game_positions()
    quiet_positions = [s.clone(quiet=True) for s in positions]
    for r in range(ROUNDS):
        seeds = range(r * 12, r * 12 + 12)
        nb, tb = berserk_actions(seeds)
        nh, th = berserk_actions(seeds, "heroes")
        nc, tc = city_actions(range(r * 4, r * 4 + 4))
        rows["berserk"].append(nb / tb)
        rows["heroes"].append(nh / th)
        rows["city"].append(nc / tc)
        if have_chess:
            nx, tx = chess_moves(1.0, r + 1)
            chess_rate = nx / tx
            rows["chess"].append(chess_rate)
            rows["berserk_x"].append(nb / tb / chess_rate)
            rows["heroes_x"].append(nh / th / chess_rate)
            rows["city_x"].append(nc / tc / chess_rate)
        rows["apply_undo"].append(apply_undo_us(positions))
        rows["apply_undo_warm"].append(apply_undo_us(positions))
        rows["key"].append(key_after_apply_us(positions))
        rows["key_repeat"].append(per_call_us(positions, "key"))
        rows["clone"].append(per_call_us(positions, "clone", 50))
        # the same games on quiet positions against a second logging pass, in turn first, at
        # the end of the round (what came before is measured where it always was); the search
        # figures are the play figures times that ratio
        spent = {(mode, q): 0.0 for mode in ("classic", "heroes") for q in (True, False)}
        for q in in_turn_first(r):
            for mode, n in (("classic", nb), ("heroes", nh)):
                nq, t = berserk_actions(seeds, mode, quiet=q)
                assert nq == n, "a quiet game played other actions"
                spent[mode, q] += t
        rows["berserk_q"].append(nb / tb * spent["classic", False] / spent["classic", True])
        rows["heroes_q"].append(nh / th * spent["heroes", False] / spent["heroes", True])
        # apply+undo on the quiet clones of the positions against the logging ones, in turn first
        au = {True: 0.0, False: 0.0}
        for q in in_turn_first(r):
            au[q] += apply_undo_us(quiet_positions if q else positions)
        rows["search_apply_undo"].append(rows["apply_undo"][-1] * au[True] / au[False])
        if have_chess:
            rows["berserk_qx"].append(rows["berserk_q"][-1] / chess_rate)
            rows["heroes_qx"].append(rows["heroes_q"][-1] / chess_rate)
        print(f"# round {r + 1}/{ROUNDS}: berserk {nb / tb:.0f}/s (quiet {rows['berserk_q'][-1]:.0f}/s), "
              f"heroes {nh / th:.0f}/s (quiet {rows['heroes_q'][-1]:.0f}/s), city {nc / tc:.0f}/s"
              + (f", chess {rows['chess'][-1]:.0f}/s" if have_chess else ""), file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in rows.items() if v}
    if have_chess:
        print(f"chess_random_moves_per_s: {med['chess']:.0f} moves/s")
    print(f"berserk_actions_per_s: {med['berserk']:.0f} actions/s")
    print(f"heroes_actions_per_s: {med['heroes']:.0f} actions/s")
    print(f"city_actions_per_s: {med['city']:.0f} actions/s")
    print(f"berserk_search_actions_per_s: {med['berserk_q']:.0f} actions/s")
    print(f"heroes_search_actions_per_s: {med['heroes_q']:.0f} actions/s")
    if have_chess:
        print(f"berserk_vs_chess: {med['berserk_x']:.2f} x")
        print(f"heroes_vs_chess: {med['heroes_x']:.2f} x")
        print(f"city_vs_chess: {med['city_x']:.2f} x")
        print(f"berserk_search_vs_chess: {med['berserk_qx']:.2f} x")
        print(f"heroes_search_vs_chess: {med['heroes_qx']:.2f} x")
    print(f"berserk_apply_undo_us: {med['apply_undo']:.1f} us")
    print(f"berserk_apply_undo_warm_us: {med['apply_undo_warm']:.1f} us")
    print(f"berserk_search_apply_undo_us: {med['search_apply_undo']:.1f} us")
    print(f"berserk_key_us: {med['key']:.1f} us")
    print(f"berserk_key_repeat_us: {med['key_repeat']:.1f} us")
    print(f"berserk_clone_us: {med['clone']:.1f} us")
    print(f"berserk_games_per_s: {games_per_s():.1f} games/s")


if __name__ == "__main__":
    main()
