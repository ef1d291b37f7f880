"""Run every benchmarks/bench_*.py with this interpreter and pass its output through.

Each benchmark prints lines of the form `NAME: VALUE UNIT`. A benchmark that exits non-zero
makes this script exit non-zero too (after the others have run). Only the benchmarks' own
lines go to stdout; progress and timing notes go to stderr.

Usage: python benchmarks/run.py [SUBSTRING ...]   (only benchmarks whose file name contains one)
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def main(argv: list[str]) -> int:
    benches = sorted(HERE.glob("bench_*.py"))
    if argv:
        benches = [b for b in benches if any(a in b.name for a in argv)]
    if not benches:
        print("no benchmarks/bench_*.py found", file=sys.stderr)
        return 1
    failed = []
    for bench in benches:
        print(f"# {bench.name}", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, str(bench.relative_to(ROOT))],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        for line in proc.stdout.splitlines():
            print(line, flush=True)
        elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            failed.append(bench.name)
            print(f"# {bench.name} FAILED with exit code {proc.returncode} ({elapsed:.1f} s)",
                  file=sys.stderr, flush=True)
        else:
            print(f"# {bench.name} done in {elapsed:.1f} s", file=sys.stderr, flush=True)
    if failed:
        print(f"benchmarks failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
