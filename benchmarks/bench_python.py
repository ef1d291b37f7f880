"""Machine-speed reference: a plain Python loop, in million operations per second.

Prints one line `python_loop_mops: X Mop/s`. Compare other benchmarks against it when the
machine changes.
"""
import time

N = 2_000_000


def loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += i & 7
    return total


def main() -> None:
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        loop(N)
        best = min(best, time.perf_counter() - t0)
    print(f"python_loop_mops: {N / best / 1e6:.1f} Mop/s")


if __name__ == "__main__":
    main()
