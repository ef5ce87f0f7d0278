"""Ctrl-C during a long search from Python: SIGINT to a child process that is counting (or
looking for a first solution, waiting on the solutions iterator, estimating, splitting, or
counting a Sudoku's solutions) raises KeyboardInterrupt there soon after, and the child's
solver then still counts right and the child exits cleanly.

The search interrupted is pento6x10 without its X piece: 55 squares of pentominoes for 60
cells, so no solution, and a tree as large as the full problem's (seconds).
"""

import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

CHILD = r"""
import os, signal, sys, time
import dlx

SEARCHES = ("count", "count2", "first")  # those that leave their counters in solver.stats

full = dlx.Problem.read(os.path.join(os.environ["DLX_DATA_DIR"], "exact-cover", "pento6x10.dlx"))
problem = dlx.Problem(primary=[item for item in full.items if item != "X"])
for index in range(full.option_count):
    items = full.option(index)
    if "X" not in items:
        problem.add_option(items, label=index)
solver = dlx.Solver(problem)
before = dlx.Solver(problem).estimate(200, 5).nodes.value
dense = dlx.Solver(dlx.Problem.read(os.path.join(os.environ["DLX_DATA_DIR"], "exact-cover",
                                                  "pento6x10.dlx")))  # 9,356 solutions: seconds

how = sys.argv[1]
for round in (1, 2):  # a second time: the handler was put back, and works again
    print("searching", flush=True)
    try:
        if how == "count":
            solver.count()
        elif how == "count2":
            solver.count(threads=2)
        elif how == "first":
            solver.first()
        elif how == "solutions":
            next(solver.solutions())
        elif how == "solutions-loop":  # solutions closer together than the cancel checks
            iterator = dense.solutions()
            for _ in iterator:
                pass
        elif how == "memo":
            solver.count(memo=True)  # seconds: few subproblems repeat here
        elif how == "estimate":
            solver.estimate(samples=10**9)  # hours of paths
        elif how == "split":
            solver.split(10**6, samples=64)  # a million jobs, each weighed by 64 paths
        elif how == "sudoku":
            dlx.sudoku.count("." * 81, limit=10**15)  # the blank grid has 6.7e21 solutions
        print("not interrupted", flush=True)
        sys.exit(3)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    if how == "solutions-loop":
        # Ctrl-C inside next() ends the iterator; between two solutions (in the loop's own
        # Python) it interrupts the loop and leaves the iterator as it was, to go on.
        ended = repr(iterator).endswith("ended>")
        print("ended", ended == (list(iterator) == []), flush=True)
    if how in SEARCHES:
        stats = solver.stats  # cut short, well before the 3.6 million nodes of the whole tree
        print("stats", stats.complete, stats.nodes < 3_000_000, flush=True)
# The links were restored: the estimate walks the same tree as a fresh solver's.
print("restored", solver.estimate(200, 5).nodes.value == before, flush=True)
# Python's handler is back: a program's own handler takes Ctrl-C again.
signal.signal(signal.SIGINT, lambda *_: print("own handler", flush=True))
os.kill(os.getpid(), signal.SIGINT)
time.sleep(0.1)
"""


@pytest.mark.parametrize(
    "how",
    [
        "count",
        "count2",
        "first",
        "solutions",
        "solutions-loop",
        "memo",
        "estimate",
        "split",
        "sudoku",
    ],
)
def test_ctrl_c_raises_keyboard_interrupt_and_the_solver_stays_usable(how):
    env = dict(os.environ)
    env.setdefault("DLX_DATA_DIR", str(pathlib.Path(__file__).parents[2] / "data"))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, how],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        latencies = []
        for _ in range(2):
            line = child.stdout.readline()
            assert line == "searching\n", (line, child.stderr.read() if not line else "")
            time.sleep(0.5)  # well into the search
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            line = child.stdout.readline()
            assert line.startswith("interrupted "), (line, child.stderr.read())
            latencies.append(float(line.split()[1]) - sent)
            if how == "solutions-loop":
                assert child.stdout.readline() == "ended True\n"
            if how in ("count", "count2", "first"):
                assert child.stdout.readline() == "stats False True\n"
        # Not communicate(): it reads the pipes' descriptors and would miss lines that
        # readline() above has already buffered (seen once: the last two lines lost).
        child.wait(timeout=60)
        out, err = child.stdout.read(), child.stderr.read()
    finally:
        child.kill()
    assert child.returncode == 0, (out, err)
    assert out.splitlines() == ["restored True", "own handler"]
    print(f"{how}: KeyboardInterrupt {max(latencies) * 1000:.0f} ms after SIGINT at most")
    # The promise is 0.2 s (measured in docs/benchmarks.md); here, besides the counters above,
    # only that the search did not run on to its end, seconds away, on a loaded machine.
    assert max(latencies) < 2.0
