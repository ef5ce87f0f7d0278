"""Ctrl-C during a long search from Python: SIGINT to a child process that is counting (or
looking for a first solution, or waiting on the solutions iterator) raises KeyboardInterrupt
there soon after, and the child's solver then still counts right and the child exits cleanly.

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
import os, sys, time
import dlx

full = dlx.Problem.read(os.path.join(os.environ["DLX_DATA_DIR"], "exact-cover", "pento6x10.dlx"))
problem = dlx.Problem(primary=[item for item in full.items if item != "X"])
for index in range(full.option_count):
    items = full.option(index)
    if "X" not in items:
        problem.add_option(items, label=index)
solver = dlx.Solver(problem)

how = sys.argv[1]
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
    print("not interrupted", flush=True)
    sys.exit(3)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
# The links were restored: the estimate walks them, and a small problem still counts.
print("estimate", solver.estimate(100, 1).samples, flush=True)
print("count", dlx.Solver(dlx.Problem(primary=["a"], options=[["a"], ["a"]])).count(), flush=True)
"""


@pytest.mark.parametrize("how", ["count", "count2", "first", "solutions"])
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
        assert child.stdout.readline() == "searching\n"
        time.sleep(0.5)  # well into the search
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    lines = out.splitlines()
    assert child.returncode == 0, (out, err)
    assert lines[0].startswith("interrupted "), (out, err)
    latency = float(lines[0].split()[1]) - sent
    print(f"{how}: KeyboardInterrupt {latency * 1000:.0f} ms after SIGINT")
    # The promise is 0.2 s (measured in docs/benchmarks.md); here only that the search did
    # not run on to its end, seconds away, on a loaded machine.
    assert latency < 2.0
    assert lines[1:] == ["estimate 100", "count 2"]
