"""Counting with memory from Python: Solver.count(memo=True) and Solver.zdd(), against formulas
computed here (a transfer matrix for domino tilings, Bell's triangle for set partitions), the
plain search's solutions, and the text that Knuth's dlx6 writes for the same file."""

import io
import os
import pathlib
from collections import Counter

import pytest

import dlx

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))


def dominoes(rows, columns):
    cell = lambda r, c: f"r{r}c{c}"
    problem = dlx.Problem(primary=[cell(r, c) for r in range(rows) for c in range(columns)])
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                problem.add_option([cell(r, c), cell(r, c + 1)])
            if r + 1 < rows:
                problem.add_option([cell(r, c), cell(r + 1, c)])
    return problem


def tilings(rows, columns):
    """The same count by a transfer matrix over the columns."""
    ways = {0: 1}
    for _ in range(columns):
        following = Counter()
        for filled, count in ways.items():

            def fill(row, out):
                if row == rows:
                    following[out] += count
                elif filled >> row & 1:
                    fill(row + 1, out)
                else:
                    fill(row + 1, out | 1 << row)
                    if row + 1 < rows and not filled >> (row + 1) & 1:
                        fill(row + 2, out)

            fill(0, 0)
        ways = following
    return ways.get(0, 0)


def bell(n):
    row = [1]
    for _ in range(n - 1):
        below = [row[-1]]
        for above in row:
            below.append(below[-1] + above)
        row = below
    return row[-1]


@pytest.mark.parametrize("size", [(2, 3), (4, 4), (8, 8), (12, 12), (14, 14)])
def test_memo_counts_tilings_of_any_size(size):
    count = dlx.Solver(dominoes(*size)).count(memo=True)
    assert count == tilings(*size) and count.complete
    assert type(count) is dlx.Count


def test_memo_stats_give_dlx6_figures():
    solver = dlx.Solver(dlx.Problem.read(str(DATA / "exact-cover" / "queens8.dlx")))
    assert solver.memo_stats is None
    assert solver.count(memo=True) == 92
    figures = solver.memo_stats  # Knuth's dlx6 prints the same for queens8.dlx
    assert (figures["nodes"], figures["zdd_nodes"], figures["hits"]) == (1101, 474, 130)
    assert (figures["failed_signatures"], figures["solved_signatures"]) == (590, 381)
    assert figures["engine"] == "links" and figures["complete"] and figures["stopped"] is None
    solver.count(memo=True, node_limit=10)
    assert solver.memo_stats["stopped"] == "node_limit" and solver.memo_stats["nodes"] == 10


def test_memo_counts_set_partitions():
    for n in range(1, 10):
        problem = dlx.Problem(primary=[f"e{i}" for i in range(n)])
        for subset in range(1, 1 << n):
            problem.add_option([f"e{i}" for i in range(n) if subset >> i & 1])
        assert dlx.Solver(problem).count(memo=True, leftmost=True) == bell(n)


def test_the_zdd_holds_the_solutions_and_draws_them_uniformly():
    problem = dlx.Problem.read(str(DATA / "exact-cover" / "sudoku4.dlx"))
    solver = dlx.Solver(problem)
    zdd = solver.zdd()
    assert zdd.count() == 288 and zdd.nodes == 1254  # dlx6 prints 1254 ZDD nodes
    assert repr(zdd) == "<dlx.Zdd of 1254 nodes>"
    every = {frozenset(s) for s in zdd}
    assert every == {frozenset(s) for s in solver.solutions()} and len(every) == 288
    drawn = Counter(frozenset(s) for s in zdd.sample(288 * 40, seed=7))
    assert set(drawn) == every
    chi_square = sum((n - 40) ** 2 / 40 for n in drawn.values())
    assert chi_square < 400  # 287 degrees of freedom: about 287, give or take 24
    assert zdd.sample(3, seed=7) == zdd.sample(3, seed=7)


def test_memo_on_two_threads_counts_and_builds_the_same():
    assert dlx.Solver(dominoes(14, 14)).count(memo=True, threads=2) == tilings(14, 14)
    solver = dlx.Solver(dlx.Problem.read(str(DATA / "exact-cover" / "sudoku4.dlx")))
    one, two = solver.zdd(), solver.zdd(threads=2)
    assert two.count() == 288 and two.nodes <= one.nodes
    assert {frozenset(s) for s in two} == {frozenset(s) for s in one}


def test_the_zdd_is_written_as_dlx6_writes_it(tmp_path):
    zdd = dlx.Solver(dlx.Problem.read(str(DATA / "exact-cover" / "knuth7.dlx"))).zdd()
    text = io.StringIO()
    zdd.write(text)
    assert text.getvalue() == "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"
    zdd.write(tmp_path / "k.zdd")
    assert (tmp_path / "k.zdd").read_text() == text.getvalue()


def test_a_written_zdd_reads_back(tmp_path):
    problem = dlx.Problem.read(str(DATA / "exact-cover" / "sudoku4.dlx"))
    zdd = dlx.Solver(problem).zdd()
    zdd.write(tmp_path / "grids.zdd")
    back = dlx.Zdd.read(tmp_path / "grids.zdd", problem)
    assert back.count() == 288 and back.nodes == zdd.nodes
    assert [s for s in back] == [s for s in zdd]
    (tmp_path / "bad.zdd").write_text("2: (~1?0:1)\nx\n")
    with pytest.raises(ValueError, match="bad.zdd:2:1: expected a node id"):
        dlx.Zdd.read(tmp_path / "bad.zdd", problem)


def test_memo_limits_and_refusals():
    solver = dlx.Solver(dominoes(12, 12))
    cut = solver.count(memo=True, node_limit=100)
    assert not cut.complete and repr(cut).endswith("+")
    with pytest.raises(RuntimeError, match="node limit"):
        solver.zdd(node_limit=100)
    with pytest.raises(ValueError, match="memo=True"):
        solver.count(memo=True, limit=2)
    with pytest.raises(ValueError, match="node_limit"):
        solver.count(memo=True, threads=2, node_limit=100)
    with pytest.raises(ValueError, match="threads must be"):
        solver.zdd(threads=-1)
    with pytest.raises(ValueError, match="go with memo=True"):
        solver.count(leftmost=True)
    with pytest.raises(ValueError, match="ZDD and the cache need more"):
        solver.zdd(memory=70000)
    small = dlx.Solver(dominoes(8, 8))  # remembers 144 KB: emptied, still exact
    assert small.count(memo=True, memory=100000) == tilings(8, 8)
    with pytest.raises(ValueError, match="multiplicities"):
        dlx.Solver(dlx.Problem.read(str(DATA / "exact-cover" / "mult.dlx"))).count(memo=True)
