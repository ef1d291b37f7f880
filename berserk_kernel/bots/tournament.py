"""Bot against bot, seats swapped every game, a table of wins and draws.

    python -m berserk_kernel.bots.tournament --game berserk --games 200 --a mcts --b random
    python -m berserk_kernel.bots.tournament --game city --players 4 --games 200 --a mcts --b random
    python -m berserk_kernel.bots.tournament --suite --games 200 --workers 2 --out /tmp/t

Game i uses seed `seed + i`; bot A sits in seat i % players (with 4 City players A plays one seat
against three copies of B). Berserk games use the turn limit `--turn-limit` (classic) or
`--heroes-turn-limit` (Heroes), a draw after it. `--workers N` plays games in N processes.
`--suite` plays the issue's seven pairings (MCTS vs random and vs greedy in classic Berserk,
Heroes and City with 2 players; MCTS vs three random in City with 4 players), their games
interleaved so every pairing advances; with `--out DIR` each pairing's games and the running
table are written there as they finish.

`--decks mirror` (Berserk) deals both players the same deck: `new_game`'s two decks in turn, a
pair of games (seats swapped) on each, so games 0, 1, 4, 5, ... are mountain_forest against
mountain_forest and games 2, 3, 6, 7, ... darkness_swamp_steppe against itself. The default
decks differ in strength (greedy against greedy the darkness deck wins 8 of 100 classic games,
docs/bots.md), so the default tournament measures the deck dealt as well as the play; the mirror
measures the play alone.
"""
from __future__ import annotations

import argparse
import inspect
import multiprocessing
import os
import re
import sys
import time
from dataclasses import dataclass

from ..berserk import new_game as berserk_game
from ..city import new_game as city_game
from . import BOTS
from .base import Game, players_of, seat_of
from .mcts import PROFILES, profile_bot, profile_key

SUITE = (("berserk", 2, "mcts", "random"), ("berserk", 2, "mcts", "greedy"),
         ("heroes", 2, "mcts", "random"), ("heroes", 2, "mcts", "greedy"),
         ("city", 2, "mcts", "random"), ("city", 2, "mcts", "greedy"),
         ("city", 4, "mcts", "random"))

# the two decks `new_game` deals by default (seat 0, seat 1): `--decks mirror` deals each to both
DEFAULT_DECKS = tuple(inspect.signature(berserk_game).parameters["decks"].default)
DECK_MODES = ("default", "mirror")


@dataclass(frozen=True)
class Pairing:
    game: str
    players: int
    a: str
    b: str

    @property
    def label(self) -> str:
        names = {"berserk": "classic Berserk", "heroes": "Heroes", "city": f"City ({self.players} players)"}
        return names[self.game]

    @property
    def slug(self) -> str:
        extra = f"{self.players}p_" if self.game == "city" else ""
        return f"{self.game}_{extra}{self.a}_vs_{self.b}"


@dataclass(frozen=True)
class Settings:
    seed: int = 0
    playouts: int | None = None  # None: the per-game playouts of mcts.PROFILES
    depth: int | None = None  # None: the per-game depth of mcts.PROFILES
    turn_limit: int = 30
    heroes_turn_limit: int = 80
    mcts: tuple = ()          # extra MCTSBot keywords, ((name, value), ...)
    decks: str = "default"    # "mirror": both Berserk players on the same deck (DECK_MODES)


PROFILE_NAMES = {"berserk": "classic Berserk", "heroes": "Heroes", "city2": "City 2 players", "city": "City 3-4 players"}

MCTS_OPTIONS = {"rollout": str, "eps": float, "c": float, "prior_visits": int, "chance": str, "evaluation": str,
                "widen": int, "final": str, "calibrate": lambda v: v.lower() in ("1", "true", "yes"),
                "prior_threat": lambda v: v.lower() in ("1", "true", "yes"), "order": str,
                "relative": lambda v: v.lower() in ("1", "true", "yes"), "turns": int, "squad": str,
                "place": str}


def parse_mcts(text: str) -> tuple:
    """`--mcts rollout=greedy,eps=0.1` -> (("rollout", "greedy"), ("eps", 0.1))."""
    out = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in MCTS_OPTIONS or not value:
            raise ValueError(f"--mcts: {item!r} is not one of {', '.join(n + '=...' for n in MCTS_OPTIONS)}")
        out.append((name, MCTS_OPTIONS[name](value.strip())))
    return tuple(out)


def make_bot(kind: str, seed: int, playouts: int, depth: int | None, mcts: tuple = ()):
    """A bot of the tournament; MCTS takes the per-game depth and rollout of `mcts.PROFILES`
    unless `depth` or the `mcts` keywords name them."""
    if kind == "mcts":
        return profile_bot(playouts, seed, depth=depth, **dict(mcts))
    return BOTS[kind](seed=seed)


def decks_of(game: str, i: int, decks: str = "default") -> tuple | None:
    """The Berserk decks of game `i` (None: `new_game`'s own, or City)."""
    if game == "city" or decks == "default":
        return None
    deck = DEFAULT_DECKS[(i // 2) % 2]
    return (deck, deck)


def new_state(game: str, seed: int, players: int, turn_limit: int, decks: tuple | None = None):
    if game == "city":
        return city_game(players=players, seed=seed)
    return berserk_game(decks or DEFAULT_DECKS, seed=seed, options={"turn_limit": turn_limit},
                        mode="heroes" if game == "heroes" else "classic")


def play(state, bots, max_actions: int = 5000):
    """Play to the end (or `max_actions`, then the game counts as a draw); returns the returns,
    in the order of `bots`. `bots[i]` plays the player who sits at index i at the start and
    stays with that player (its name, deck and cards) when a Berserk game re-orders its seats
    after the first player is chosen (base.seat_of): the choice of "first" or "second" decides
    who moves first, not which deck a bot plays."""
    players = players_of(state)
    for _ in range(max_actions):
        if Game.is_terminal(state):
            r = Game.returns(state)
            return [r[seat_of(state, p)] for p in players]
        at = Game.current_player(state)
        bot = next(b for b, p in zip(bots, players) if seat_of(state, p) == at)
        Game.apply(state, bot.step(state))
    return [0.0] * len(bots)


def play_one(task):
    """One game of a pairing: (pairing, i, seat of A, returns, actions, CPU seconds)."""
    pairing, i, st = task
    seat_a = i % pairing.players
    limit = st.heroes_turn_limit if pairing.game == "heroes" else st.turn_limit
    playouts = st.playouts if st.playouts is not None else PROFILES[profile_key(pairing.game, pairing.players)]["playouts"]
    bots = [make_bot(pairing.a if p == seat_a else pairing.b, st.seed * 1000 + i * 10 + p, playouts, st.depth, st.mcts)
            for p in range(pairing.players)]
    state = new_state(pairing.game, st.seed + i, pairing.players, limit, decks_of(pairing.game, i, st.decks))
    start = time.process_time()
    r = play(state, bots)
    return pairing, i, seat_a, r, len(state.actions), time.process_time() - start


class Table:
    """Wins, losses and draws of bot A per pairing."""

    def __init__(self, pairings):
        self.rows = {p: {"games": 0, "a_wins": 0, "b_wins": 0, "draws": 0, "cpu": 0.0} for p in pairings}

    def add(self, pairing, seat_a, r, cpu) -> None:
        row = self.rows[pairing]
        row["games"] += 1
        row["cpu"] += cpu
        key = "a_wins" if r[seat_a] > 0 else "b_wins" if r[seat_a] < 0 else "draws"
        row[key] += 1

    def markdown(self, st: Settings) -> str:
        lines = ["| game | A | B | games | A wins | B wins | draws | A wins % | A score | CPU s/game |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for p, row in self.rows.items():
            n = max(1, row["games"])
            score = (row["a_wins"] + 0.5 * row["draws"]) / n
            b = "3 x random" if p.players == 4 else p.b
            lines.append(f"| {p.label} | {p.a} | {b} | {row['games']} | {row['a_wins']} | {row['b_wins']} "
                         f"| {row['draws']} | {row['a_wins'] / n:.1%} | {score:.1%} | {row['cpu'] / n:.1f} |")
        extra = "".join(f", {k} {v}" for k, v in st.mcts)
        per_game = "; ".join(f"{PROFILE_NAMES[g]}: {p['playouts']} playouts, depth {p['depth']}, {p['rollout']} rollouts, "
                             f"{p['evaluation']} evaluation, c {p['c']}"
                             + (f", order by {p['order']}" if p.get("order", "search") != "search" else "")
                             + (", relative values" if p.get("relative") else "")
                             + (f", rollouts of {p['turns']} turns" if p.get("turns") else "")
                             + (f", widen {p['widen']}" if p.get("widen") else "")
                             + (", squads by exact search" if p.get("squad") == "exact" else "")
                             + (", placement by formation" if p.get("place") == "formation" else "")
                             for g, p in PROFILES.items())
        told = f"{st.playouts} playouts" if st.playouts is not None else ""
        told += (", " if told else "") + f"depth {st.depth}" if st.depth is not None else ""
        lines.append(f"\nmcts: {told + '; ' if told else ''}per game (unless told): {per_game}{extra}; classic turn limit {st.turn_limit}, "
                     f"Heroes turn limit {st.heroes_turn_limit}; seeds {st.seed}..; seats swapped every game"
                     + ("; Berserk: both players on the same deck, " + " and ".join(DEFAULT_DECKS)
                        + " a pair of games each in turn" if st.decks == "mirror" else ""))
        return "\n".join(lines)


LINE = re.compile(r"^(\S+) game (\d+): A in seat (\d+), returns \[([^\]]*)\], (\d+) actions, ([\d.]+) s CPU$")


def read_log(path: str) -> dict:
    """{game index: (seat of A, returns, actions, CPU seconds, line)} of the finished games a
    pairing's log holds (a line cut short by a stop is ignored)."""
    done = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = LINE.match(line.rstrip("\n"))
                if m:
                    r = [float(x) for x in m.group(4).split(",")]
                    done[int(m.group(2))] = (int(m.group(3)), r, int(m.group(5)), float(m.group(6)), m.group(0))
    return done


def run_pairings(pairings, games: int, st: Settings, workers: int = 1, out_dir: str | None = None,
                 out=sys.stdout, resume: bool = False) -> Table:
    """Play `games` games of each pairing; with `resume` (and `out_dir`) the games already in the
    pairings' logs are counted and not played again (the logs keep them, the new games follow)."""
    table = Table(pairings)
    logs, done = {}, {p: {} for p in pairings}
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        paths = {p: os.path.join(out_dir, f"tournament_{p.slug}.txt") for p in pairings}
        if resume:
            for p in pairings:
                done[p] = {i: g for i, g in read_log(paths[p]).items() if i < games}
        logs = {p: open(paths[p], "w", encoding="utf-8") for p in pairings}
        for p in pairings:
            for i, (seat_a, r, _n, cpu, line) in sorted(done[p].items()):
                table.add(p, seat_a, r, cpu)
                print(line, file=logs[p], flush=True)
    tasks = [(p, i, st) for i in range(games) for p in pairings if i not in done[p]]
    if workers > 1:
        pool = multiprocessing.get_context("fork").Pool(workers)
        results = pool.imap_unordered(play_one, tasks)
    else:
        pool, results = None, map(play_one, tasks)
    try:
        for n_done, (p, i, seat_a, r, n_actions, cpu) in enumerate(results, 1):
            table.add(p, seat_a, r, cpu)
            line = f"{p.slug} game {i}: A in seat {seat_a}, returns {r}, {n_actions} actions, {cpu:.1f} s CPU"
            print(line, file=out, flush=True)
            if p in logs:
                print(line, file=logs[p], flush=True)
            if out_dir and (n_done % len(pairings) == 0 or n_done == len(tasks)):
                with open(os.path.join(out_dir, "tournament_table.txt"), "w", encoding="utf-8") as f:
                    f.write(table.markdown(st) + "\n")
    finally:
        if pool is not None:
            pool.terminate()
        for f in logs.values():
            f.close()
    if out_dir:
        with open(os.path.join(out_dir, "tournament_table.txt"), "w", encoding="utf-8") as f:
            f.write(table.markdown(st) + "\n")
    print("\n" + table.markdown(st), file=out, flush=True)
    return table


def run(game: str, games: int, a: str, b: str, players: int = 2, seed: int = 0, playouts: int | None = None,
        depth: int | None = None, turn_limit: int = 30, out=sys.stdout, workers: int = 1,
        heroes_turn_limit: int | None = None) -> dict:
    """One pairing; returns its row of the table (games, a_wins, b_wins, draws, cpu). `playouts`
    and `depth` left as None are the game's `mcts.PROFILES` (as on the command line)."""
    st = Settings(seed, playouts, depth, turn_limit, heroes_turn_limit if heroes_turn_limit is not None else turn_limit)
    pairing = Pairing(game, players, a, b)
    return run_pairings([pairing], games, st, workers, out=out).rows[pairing]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m berserk_kernel.bots.tournament", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("berserk", "heroes", "city"), default="berserk")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--a", choices=sorted(BOTS), default="mcts")
    ap.add_argument("--b", choices=sorted(BOTS), default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--playouts", type=int, default=None, help="playouts per decision (default: per game, mcts.PROFILES)")
    ap.add_argument("--depth", type=int, default=None, help="rollout depth (default: per game, mcts.PROFILES)")
    ap.add_argument("--turn-limit", type=int, default=30)
    ap.add_argument("--heroes-turn-limit", type=int, default=80)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--mcts", default="", help="extra MCTS options, e.g. rollout=greedy,eps=0.1,c=0.7,prior_visits=3")
    ap.add_argument("--suite", action="store_true", help="the seven pairings of issue 10, interleaved")
    ap.add_argument("--only", default="", help="with --suite: comma-separated games to keep (berserk,heroes,city)")
    ap.add_argument("--out", default=None, help="directory for per-pairing logs and the running table")
    ap.add_argument("--decks", choices=DECK_MODES, default="default",
                    help="Berserk decks: new_game's two (default) or each dealt to both players in turn (mirror)")
    ap.add_argument("--resume", action="store_true",
                    help="with --out: keep the games already in the logs, play only the missing ones")
    args = ap.parse_args(argv)
    if args.game != "city" and args.players != 2:
        ap.error("Berserk is a two-player game")
    if args.workers < 1:
        ap.error("--workers must be at least 1")
    try:
        mcts = parse_mcts(args.mcts)
    except ValueError as e:
        ap.error(str(e))
    st = Settings(args.seed, args.playouts, args.depth, args.turn_limit, args.heroes_turn_limit, mcts, args.decks)
    if args.suite:
        keep = set(filter(None, args.only.split(","))) or {"berserk", "heroes", "city"}
        pairings = [Pairing(*p) for p in SUITE if p[0] in keep]
    else:
        pairings = [Pairing(args.game, args.players, args.a, args.b)]
    if args.resume and not args.out:
        ap.error("--resume needs --out")
    run_pairings(pairings, args.games, st, args.workers, args.out, resume=args.resume)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
