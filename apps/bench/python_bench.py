#!/usr/bin/env python3
"""The Python module against the C++ it binds, side by side, rounds interleaved:

  1. all 9,356 pento6x10 solutions iterated from Python (dlx.Solver.solutions) against the C++
     count (`exact-cover FILE`, one thread);
  2. dlx.sudoku.solve over a file of easy puzzles (kaggle_like_100k from ../shared/data when
     present, else the 100-puzzle sample) against the C++ in-process rate
     (`sudoku-solve-bench`, first solution), the puzzles given as Grids and as strings;
  3. Ctrl-C: how long after SIGINT a count from Python raises KeyboardInterrupt.

    apps/bench/python_bench.py BUILD_DIR [ROUNDS]

Run with the interpreter the module was built for (/usr/bin/python3 on Debian), nothing else
running. Prints every round and the medians.
"""

import os
import pathlib
import signal
import statistics
import subprocess
import sys
import time

build = pathlib.Path(sys.argv[1]).resolve()
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
root = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(build / "python"))

import dlx  # noqa: E402
from dlx import sudoku  # noqa: E402

pento = root / "data" / "exact-cover" / "pento6x10.dlx"
shared = root.parent / "shared" / "data" / "sudoku" / "kaggle_like_100k.txt"
puzzle_file = shared if shared.exists() else root / "data" / "sudoku" / "kaggle_like_sample.txt"
puzzles = sudoku.read(puzzle_file)
texts = [str(p) for p in puzzles]
problem = dlx.Problem.read(pento)


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def iterate_pento():
    start = time.perf_counter()
    count = sum(1 for _ in dlx.Solver(problem).solutions())
    assert count == 9356
    return time.perf_counter() - start


def cxx_sudoku_rate():
    out = subprocess.run(
        [build / "apps" / "sudoku-solve-bench", "--repeat", "1", puzzle_file],
        check=True, capture_output=True, text=True,
    ).stdout
    return float(out.splitlines()[-1].split()[2])  # first (/s)


def python_sudoku_rate(items):
    start = time.perf_counter()
    for item in items:
        sudoku.solve(item)
    return len(items) / (time.perf_counter() - start)


CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
import dlx
full = dlx.Problem.read(sys.argv[2])
problem = dlx.Problem(primary=[i for i in full.items if i != "X"])
for k in range(full.option_count):
    if "X" not in full.option(k):
        problem.add_option(full.option(k))
solver = dlx.Solver(problem)
print("go", flush=True)
try:
    solver.count()
except KeyboardInterrupt:
    print(time.monotonic(), flush=True)
"""


def interrupt_latency():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(build / "python"), str(pento)],
        stdout=subprocess.PIPE, text=True,
    )
    assert child.stdout.readline() == "go\n"
    time.sleep(0.3)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    caught = float(child.stdout.readline())
    child.wait()
    return caught - sent


results = {key: [] for key in ("count", "iterate", "cxx", "grids", "strings", "interrupt")}
for r in range(1, rounds + 1):
    results["count"].append(wall([build / "apps" / "exact-cover", pento]))
    results["iterate"].append(iterate_pento())
    results["cxx"].append(cxx_sudoku_rate())
    results["grids"].append(python_sudoku_rate(puzzles))
    results["strings"].append(python_sudoku_rate(texts))
    results["interrupt"].append(interrupt_latency())
    print(f"round {r}: count {results['count'][-1]:.2f} s, iterate {results['iterate'][-1]:.2f} s; "
          f"sudoku C++ {results['cxx'][-1]:.0f}/s, Python {results['grids'][-1]:.0f}/s "
          f"(strings {results['strings'][-1]:.0f}/s); Ctrl-C {results['interrupt'][-1] * 1000:.1f} ms",
          flush=True)

m = {key: statistics.median(values) for key, values in results.items()}
print(f"medians of {rounds} ({len(puzzles)} puzzles of {puzzle_file.name}):")
print(f"  pento6x10: Python iterates in {m['iterate']:.2f} s, C++ counts in {m['count']:.2f} s: "
      f"{m['iterate'] / m['count']:.3f} of the count's time")
print(f"  sudoku.solve: {m['grids']:.0f}/s (Grids), {m['strings']:.0f}/s (strings), "
      f"C++ {m['cxx']:.0f}/s: {m['grids'] / m['cxx']:.2f} and {m['strings'] / m['cxx']:.2f} of it")
print(f"  Ctrl-C to KeyboardInterrupt: {m['interrupt'] * 1000:.1f} ms "
      f"(at most {max(results['interrupt']) * 1000:.1f} ms)")
