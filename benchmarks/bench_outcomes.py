"""Speed of "every outcome at a glance" (issue 11: within 300 ms for a decision of up to 50
actions). Prints:

    outcomes_panel_actions: N actions   the size of that decision (at least 50)
    outcomes_panel_ms: N ms         a Berserk battle decision of 52 legal actions (strikes with
                                    defenders to choose, shots and throws, moves): the kernel's
                                    exact outcome rows (cold cache) and the panel's HTML of every
                                    row, median of 7 runs, wall clock
    outcomes_panel_cpu_ms: N ms     the same, processor time of this process (the machine may be
                                    shared: wall clock counts the waits too)
    outcomes_city_ms: N ms          a City decision of 50 legal actions (48 attacks), same way
    outcomes_cached_ms: N ms        the Berserk decision asked again (the panel's refresh)

Run from the project root: python benchmarks/bench_outcomes.py
"""
from __future__ import annotations

import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from berserk_kernel.berserk import outcomes as b_out  # noqa: E402
from berserk_kernel.berserk import position  # noqa: E402
from berserk_kernel.city import load_scenario  # noqa: E402
from berserk_kernel.city import outcomes as c_out  # noqa: E402
from widgets.outcomes_panel import chart_html, row_html  # noqa: E402

RUNS = 7
ACTIONS = 50


def berserk_decision():
    """Two lines facing each other, archers and slingers behind: 52 legal actions for A (13
    strikes, most with a defender to choose, 25 shots and throws, 13 moves, the end of the turn)."""
    s = position("A gorge_warden a3", "A mountain_thane b3", "A forest_archer c3", "A forest_boar d3",
                 "A crag_slinger e3", "A deadfall_wolf b2", "A thicket_ranger d2", "A steppe_rider a1",
                 "A nomad_khan e1", "A forest_archer c1", "A herdsman a2",
                 "B bog_troll a4", "B nomad_khan b4", "B grave_ghoul c4", "B marsh_serpent d4", "B toad_rider e4",
                 "B steppe_rider c5", "B horse_archer a5", "B gloom_knight e5", "B deadfall_wolf b6", "B toad_rider d6")
    return s


def city_decision():
    pos = {"phase": "actions", "round": 2, "current": 0, "influence": [2, 2], "hq": [1, 5],
           "districts": {"1": {"owner": 0, "forces": 9}, "2": {"owner": 1, "forces": 4},
                         "6": {"owner": 1, "forces": 6}, "3": {"owner": 0, "forces": 10},
                         "4": {"owner": 1, "forces": 3}, "5": {"owner": 1, "forces": 2},
                         "8": {"owner": 1, "forces": 5}, "7": {"owner": 0, "forces": 0}}}
    return load_scenario({"game": "city", "setup": {"players": 2, "map": "default", "seed": 3}, "position": pos})


def timed(state, module, actions):
    walls, cpus = [], []
    for _ in range(RUNS):
        module._CACHE.clear()
        t, c = time.perf_counter(), time.process_time()
        rows = module.outcomes(state)
        for r in rows:
            row_html(str(r.action), r, module, "ru")
            chart_html(r, "ru")
        walls.append((time.perf_counter() - t) * 1000)
        cpus.append((time.process_time() - c) * 1000)
    assert len(rows) == actions, (len(rows), actions)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    b = berserk_decision()
    n = len(b.legal_actions())
    if n < ACTIONS:
        raise SystemExit(f"the Berserk decision has {n} legal actions, fewer than {ACTIONS}")
    wall, cpu = timed(b, b_out, n)
    c = city_decision()
    city_wall, _ = timed(c, c_out, len(c.legal_actions()))
    t = time.perf_counter()
    b_out.outcomes(b)
    cached = (time.perf_counter() - t) * 1000
    print(f"outcomes_panel_actions: {n} actions")
    print(f"outcomes_panel_ms: {wall:.0f} ms")
    print(f"outcomes_panel_cpu_ms: {cpu:.0f} ms")
    print(f"outcomes_city_ms: {city_wall:.0f} ms")
    print(f"outcomes_cached_ms: {cached:.2f} ms")


if __name__ == "__main__":
    main()
