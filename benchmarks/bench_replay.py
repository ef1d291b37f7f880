"""Memory of replaying a long game record (berserk_kernel.berserk.record.replay_record).

replay_mb_per_1000_actions   growth of the peak memory per 1000 replayed actions: the slope of a
                             least-squares line through (actions, peak MB) for prefixes of one long
                             record, each replayed in a fresh process (peak of Python allocations
                             during the replay, tracemalloc, the record and the loaded modules excluded)
replay_peak_mb               that peak for the whole record (its length: replay_record_actions)
replay_actions_per_s         replay speed on the whole record

The record is a classic game played by a fixed rule (no dice of our own: the k-th action is
legal_actions()[k * 7919 % n], strikes avoided while something else is legal), so every run
replays the same actions.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_ACTIONS = 6000
CALM = {"attack", "strike", "shoot", "use"}

CHILD = r"""
import json, sys, time, tracemalloc
from berserk_kernel.berserk.record import replay_record, start_of
record = json.load(open(sys.argv[1]))
record["actions"] = record["actions"][:int(sys.argv[2])]
record.pop("state_hash", None)
start_of(record)                                  # warm every lazy table once
t = time.perf_counter()
replay_record(record)
elapsed = time.perf_counter() - t
tracemalloc.start()
replay_record(record)
peak = tracemalloc.get_traced_memory()[1]
print(json.dumps({"growth_mb": peak / 2**20, "s": elapsed}))
"""


def long_record(max_actions: int = MAX_ACTIONS) -> dict:
    from berserk_kernel.berserk import new_game
    from berserk_kernel.berserk.record import make_record

    g = new_game(seed=3)
    for k in range(max_actions):
        acts = g.legal_actions()
        if not acts:
            break
        calm = [a for a in acts if str(a).split()[0] not in CALM] or acts
        g.apply(calm[k * 7919 % len(calm)])
    return make_record(g)


def replay_in_child(path: str, n: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, path, str(n)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    record = long_record()
    n = len(record["actions"])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
        path = f.name
    try:
        sizes = sorted({max(n // 8, 1), n // 4, n // 2, n})
        runs = {k: replay_in_child(path, k) for k in sizes}
    finally:
        Path(path).unlink(missing_ok=True)
    xs = [k / 1000 for k in sizes]
    ys = [runs[k]["growth_mb"] for k in sizes]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var else float("nan")
    print(f"replay_record_actions: {n} actions")
    print(f"replay_mb_per_1000_actions: {slope:.1f} MB")
    print(f"replay_peak_mb: {runs[n]['growth_mb']:.1f} MB")
    print(f"replay_actions_per_s: {n / runs[n]['s']:.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
