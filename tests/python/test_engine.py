"""The engine from Python: dlx.Problem, dlx.Solver, the solutions iterator, estimates, errors.

Counts and Knuth's counters are checked against figures that his dlx1/dlx2/dlx3 print for the
same files (data/exact-cover), and against the queens' known counts.
"""

import gc
import io
import os
import pathlib
import pickle
import resource
import threading
import time

import pytest

import dlx

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))
EXACT_COVER = DATA / "exact-cover"


def queens(n):
    """N queens: rows and columns primary, diagonals secondary; labels are (row, column)."""
    primary = [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]
    secondary = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    options = {
        (r, c): [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
        for r in range(n)
        for c in range(n)
    }
    return dlx.Problem(primary=primary, secondary=secondary, options=options)


QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_counts(n):
    assert dlx.Solver(queens(n)).count() == QUEENS[n - 1]


def test_queens_solutions_are_placements():
    solutions = list(dlx.Solver(queens(6)).solutions())
    assert len(solutions) == 4
    for solution in solutions:
        rows = sorted(r for r, _ in solution)
        columns = sorted(c for _, c in solution)
        assert rows == columns == list(range(6))
        assert len({r + c for r, c in solution}) == 6
        assert len({r - c for r, c in solution}) == 6


@pytest.mark.parametrize(
    "name, solutions, nodes, updates",
    [
        ("colour12.dlx", 134, 552, 5954),  # Knuth's dlx2
        ("mult3x4.dlx", 445535, 1133865, 2360964),  # Knuth's dlx3
        ("langford7.dlx", 52, None, None),
    ],
)
def test_knuths_counters(name, solutions, nodes, updates):
    solver = dlx.Solver(dlx.Problem.read(EXACT_COVER / name))
    assert solver.count() == solutions
    stats = solver.stats
    assert stats.solutions == solutions and stats.complete
    if nodes is not None:
        assert (stats.nodes, stats.updates) == (nodes, updates)


@pytest.mark.parametrize(
    "name, solutions, nodes, updates",
    [
        ("queens8.dlx", 92, 947, 20078),  # Knuth's ssxcc
        ("colour12.dlx", 134, 419, 5887),
    ],
)
def test_dancing_cells_with_ssxccs_counters(name, solutions, nodes, updates):
    solver = dlx.Solver(dlx.Problem.read(EXACT_COVER / name))
    assert solver.count(method="cells") == solutions
    assert (solver.stats.nodes, solver.stats.updates) == (nodes, updates)
    assert sorted(map(sorted, solver.solutions(method="cells"))) == sorted(
        map(sorted, solver.solutions())
    )
    assert solver.first(method="cells") is not None
    assert solver.count(threads=2, method="cells") == solutions


def test_dancing_cells_refusals():
    solver = dlx.Solver(dlx.Problem.read(EXACT_COVER / "mult3x4.dlx"))
    with pytest.raises(ValueError, match="does not take multiplicities"):
        solver.count(method="cells")
    with pytest.raises(ValueError, match="'links' or 'cells', not 'sets'"):
        solver.first(method="sets")


def test_pento6x10_with_knuths_nodes_and_updates():
    solver = dlx.Solver(dlx.Problem.read(str(EXACT_COVER / "pento6x10.dlx")))
    assert solver.count() == 9356
    assert (solver.stats.nodes, solver.stats.updates) == (3637261, 1242377480)  # dlx1's


def test_colours_let_options_share_a_secondary_item():
    problem = dlx.Problem(
        primary=["p", "q"],
        secondary=["x"],
        options={"p red": ["p", "x:red"], "q red": ["q", "x:red"], "q blue": ["q", "x:blue"]},
    )
    assert problem.has_colors
    assert problem.option(2) == ["q", "x:blue"]
    assert list(dlx.Solver(problem).solutions()) == [["p red", "q red"]]


def test_multiplicities_cover_an_item_between_its_bounds():
    problem = dlx.Problem()
    problem.add_item("a", bounds=(2, 3))
    problem.add_item("b")
    for label, items in [("a", ["a"]), ("a'", ["a"]), ("a''", ["a"]), ("ab", ["a", "b"])]:
        problem.add_option(items, label=label)
    assert problem.has_multiplicities
    solutions = {frozenset(s) for s in dlx.Solver(problem).solutions()}
    # "ab" is the only option with b; a then takes one or two more of a, a', a''.
    expected = {frozenset(["ab", *more]) for more in [["a"], ["a'"], ["a''"]]}
    expected |= {frozenset(["ab", x, y]) for x, y in [("a", "a'"), ("a", "a''"), ("a'", "a''")]}
    assert solutions == expected


def test_labels_come_back_as_the_very_objects_given():
    class Piece:
        pass

    first, second = Piece(), Piece()
    problem = dlx.Problem(primary=["a", "b"])
    assert problem.add_option(["a"], label=first) == 0
    assert problem.add_option(["b"], label=second) == 1
    problem.add_option(["a", "b"])  # labelled by its index
    solutions = list(dlx.Solver(problem).solutions())
    assert solutions == [[first, second], [2]]
    assert solutions[0][0] is first
    assert problem.labels == (first, second, 2)


def test_first_solution_and_none():
    solver = dlx.Solver(queens(8))
    assert solver.first() == next(iter(solver.solutions()))
    assert dlx.Solver(queens(3)).first() is None
    seeded = [dlx.Solver(queens(8)).first(seed=s) for s in (1, 1, 2)]
    assert seeded[0] == seeded[1]
    assert len(seeded[2]) == 8


def test_leaving_the_loop_stops_the_search_and_the_solver_stays_usable():
    solver = dlx.Solver(queens(8))
    everything = list(solver.solutions())
    taken = []
    for solution in solver.solutions():
        taken.append(solution)
        if len(taken) == 5:
            break
    assert taken == everything[:5]
    assert solver.count() == 92
    # An iterator is the solver's own search, paused at its last solution: it resumes where
    # it paused, however long the caller takes in between...
    solver = dlx.Solver(queens(10))
    everything = list(solver.solutions())
    iterator = solver.solutions()
    taken = [next(iterator) for _ in range(3)]
    assert solver.stats is None  # not a first() or count()
    assert taken + list(iterator) == everything
    # ... and another search of the solver ends it: its next() says so, and the solver is
    # as usable as ever.
    iterator = solver.solutions()
    first = next(iterator)
    assert solver.count() == 724
    with pytest.raises(RuntimeError, match="used by another search"):
        next(iterator)
    assert list(iterator) == []
    assert [first, everything[1]] == list(solver.solutions(limit=2))
    iterator = solver.solutions()
    next(iterator)
    next(solver.solutions())  # a second iterator is another search too
    with pytest.raises(RuntimeError, match="used by another search"):
        next(iterator)
    iterator = solver.solutions()
    next(iterator)
    iterator.close()
    assert list(iterator) == []
    assert not iterator.stats.complete and iterator.stats.stopped == "stopped"
    assert solver.count() == 724


def test_the_iterator_reports_its_counters():
    solver = dlx.Solver(queens(10))
    solver.count()
    iterator = solver.solutions()
    assert iterator.stats.nodes == 0 and iterator.stats.stopped == "stopped"
    assert repr(iterator) == "<dlx.Solutions: 0 taken, not started>"
    next(iterator)
    assert iterator.stats.solutions == 1 and 0 < iterator.stats.nodes < solver.stats.nodes
    assert repr(iterator) == "<dlx.Solutions: 1 taken, paused>"
    assert sum(1 for _ in iterator) == 723
    assert iterator.stats == solver.stats  # one search's counters, pauses or not
    assert iterator.stats.complete and iterator.stats.stopped is None
    assert repr(iterator) == "<dlx.Solutions: 724 taken, ended>"
    with solver.solutions() as solutions:
        next(solutions)
    assert solutions.stats.solutions == 1 and not solutions.stats.complete


def test_the_iterator_takes_node_and_time_limits():
    solver = dlx.Solver(dlx.Problem.read(str(EXACT_COVER / "pento6x10.dlx")))
    count = solver.count(node_limit=100000)
    iterator = solver.solutions(node_limit=100000)
    assert sum(1 for _ in iterator) == count
    assert iterator.stats == solver.stats and iterator.stats.stopped == "node_limit"
    # The first 51 solutions (some 16,000 nodes, past several checkpoints) take the search a
    # few milliseconds (more under sanitizers): give it ten times that, and sleep longer than
    # the limit between the first and the others, which still come, as the caller's time is
    # not the search's.
    started = time.perf_counter()
    assert len([s for _, s in zip(range(51), solver.solutions())]) == 51
    limit = 0.2 + 10 * (time.perf_counter() - started)
    iterator = solver.solutions(time_limit=limit)
    next(iterator)
    time.sleep(limit + 0.1)
    assert len([next(iterator) for _ in range(50)]) == 50
    with pytest.raises(ValueError, match="node_limit"):
        solver.solutions(node_limit=0)


def test_limits_and_seeds():
    solver = dlx.Solver(queens(8))
    assert solver.count(limit=10) == 10
    assert not solver.stats.complete
    assert len(list(solver.solutions(limit=7))) == 7
    a = list(solver.solutions(seed=5))
    b = list(solver.solutions(seed=5))
    assert a == b
    assert sorted(map(sorted, a)) == sorted(map(sorted, solver.solutions()))
    assert a != list(solver.solutions())


@pytest.mark.parametrize("name", ["queens", "colour12.dlx", "mult3x4.dlx"])
def test_two_threads_count_as_one(name):
    problem = queens(9) if name == "queens" else dlx.Problem.read(EXACT_COVER / name)
    one = dlx.Solver(problem)
    two = dlx.Solver(problem)
    assert two.count(threads=2) == one.count()
    assert (two.stats.nodes, two.stats.updates) == (one.stats.nodes, one.stats.updates)


def test_a_count_stopped_by_a_node_or_time_limit_says_it_is_a_lower_bound():
    solver = dlx.Solver(dlx.Problem.read(EXACT_COVER / "pento6x10.dlx"))
    stopped = solver.count(node_limit=1000)
    assert not stopped.complete
    assert repr(stopped) == str(stopped) == f"{int(stopped)}+"
    assert solver.stats.nodes == 1000
    assert solver.stats.stopped == "node_limit"
    assert not solver.stats.complete
    # A second or more of search (1.2 billion updates): a thousandth of that stops it.
    for threads in (1, 2):
        stopped = solver.count(time_limit=0.001, threads=threads)
        assert not stopped.complete and str(stopped).endswith("+")
        assert solver.stats.stopped == "time_limit"
    # The solution limit is the answer asked for: complete, no '+'.
    three = solver.count(limit=3)
    assert three == 3 and three.complete and repr(three) == "3"
    assert solver.stats.stopped == "limit"
    # A Count is an int, and pickles with its flag.
    assert stopped + 1 == int(stopped) + 1
    assert pickle.loads(pickle.dumps(stopped)).complete is False


def test_no_solution_and_did_not_finish_never_look_alike():
    # Langford pairs for n = 6: no solution, after a search of some nodes.
    n = 6
    values = [f"v{k}" for k in range(1, n + 1)]
    problem = dlx.Problem(primary=values + [f"s{i}" for i in range(1, 2 * n + 1)])
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            problem.add_option([f"v{k}", f"s{i}", f"s{i + k + 1}"])
    solver = dlx.Solver(problem)
    whole = solver.count()
    assert whole == 0 and whole.complete and repr(whole) == "0"
    assert solver.stats.stopped is None
    cut = solver.count(node_limit=5)
    assert cut == 0 and not cut.complete and repr(cut) == "0+"
    assert solver.first(node_limit=5) is None and solver.stats.stopped == "node_limit"
    assert solver.first() is None and solver.stats.complete


@pytest.mark.parametrize(
    "limits, message",
    [
        ({"node_limit": 0}, "node_limit must be at least 1"),
        ({"time_limit": 0}, "time_limit must be a number of seconds above 0"),
        ({"time_limit": -1.5}, "not -1.5"),
        ({"time_limit": float("nan")}, "time_limit must be"),
        ({"node_limit": 10, "threads": 2}, "node_limit counts the nodes of one search"),
    ],
)
def test_limits_out_of_range_are_refused(limits, message):
    solver = dlx.Solver(queens(6))
    with pytest.raises(ValueError, match=message):
        solver.count(**limits)
    assert solver.count() == 4


def test_a_solver_refuses_to_search_once_its_problem_has_changed():
    problem = queens(6)
    solver = dlx.Solver(problem)
    assert solver.count() == 4
    problem.add_option(["r0", "c0"], label="extra")
    for search in (solver.count, solver.first, solver.solutions, solver.estimate):
        with pytest.raises(RuntimeError, match="its Problem has changed since the solver"):
            search()
    with pytest.raises(RuntimeError, match="1 items or options added"):
        solver.split(4)
    # A new solver searches the problem as it is now: the option without diagonals is used.
    assert any("extra" in solution for solution in dlx.Solver(problem).solutions())
    with pytest.raises(TypeError, match="expected a dlx.Problem, not str"):
        dlx.Solver("r0 c0")


@pytest.mark.parametrize("threads", [-1, 1025, 10**6])
def test_a_thread_count_out_of_range_is_refused(threads):
    solver = dlx.Solver(queens(6))
    with pytest.raises(ValueError, match="threads must be from 0"):
        solver.count(threads=threads)
    assert solver.count(threads=0) == solver.count() == 4


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="AddressSanitizer holds freed memory back (its quarantine): RSS says nothing here",
)
def test_memory_stays_flat_over_a_million_solutions():
    # 20 items, each with two options of its own: 2^20 solutions of 20 options.
    problem = dlx.Problem(primary=[f"i{k}" for k in range(20)])
    for k in range(20):
        problem.add_option([f"i{k}"], label=(k, 0))
        problem.add_option([f"i{k}"], label=(k, 1))
    iterator = dlx.Solver(problem).solutions()
    for _ in range(20000):
        next(iterator)
    gc.collect()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    count = 20000 + sum(1 for _ in iterator)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert count == 2**20
    assert after - before < 8 * 1024  # a list of the solutions would take over 100 MB


def test_the_estimate_brackets_the_truth():
    solver = dlx.Solver(queens(8))
    solver.count()
    estimate = solver.estimate(samples=20000, seed=3)
    assert estimate.samples == 20000
    assert abs(estimate.nodes.value - solver.stats.nodes) <= 4 * estimate.nodes.error
    assert abs(estimate.solutions.value - 92) <= 4 * estimate.solutions.error
    assert "TreeEstimate" in repr(estimate)
    solver.count(method="cells")
    cells = solver.estimate(samples=20000, seed=3, method="cells")
    assert abs(cells.nodes.value - solver.stats.nodes) <= 4 * cells.nodes.error
    assert cells.nodes.value < estimate.nodes.value  # dancing cells' smaller tree
    with pytest.raises(ValueError, match="'links' or 'cells'"):
        solver.estimate(method="sets")


def test_a_refused_option_leaves_nothing_behind():
    problem = dlx.Problem(primary=["a"], secondary=["x"])
    with pytest.raises(ValueError, match="primary item 'a' cannot have a colour"):
        problem.add_option(["x:red", "a:blue"])
    with pytest.raises(ValueError, match="empty colour after ':'"):
        problem.add_option(["a", "x:"])
    with pytest.raises(ValueError, match="bad colour name 'b|c'"):
        problem.add_option(["a", "x:b|c"])
    assert problem.option_count == 0 and not problem.has_colors
    problem.add_option(["a", "x"])
    assert repr(problem) == "<dlx.Problem: 2 items (1 primary), 1 option>"


def test_stats_before_and_after():
    solver = dlx.Solver(queens(6))
    assert solver.stats is None
    solver.count()
    first = solver.stats
    solver.count()
    assert solver.stats == first and first.solutions == 4


def test_searches_release_the_gil():
    # A count of some seconds on another thread; this one keeps running meanwhile.
    solver = dlx.Solver(queens(12))
    worker = threading.Thread(target=solver.count)
    worker.start()
    turns = 0
    while worker.is_alive():
        turns += 1
        time.sleep(0.001)
    worker.join()
    assert solver.stats.solutions == 14200
    assert turns > 20  # held GIL: the loop would wait out the whole count in one turn


def test_one_solver_searches_one_thing_at_a_time():
    solver = dlx.Solver(queens(12))

    def count_in_full():
        while True:
            try:
                return solver.count()
            except RuntimeError:  # this thread's count(limit=1) came first
                time.sleep(0.001)

    worker = threading.Thread(target=count_in_full)
    worker.start()
    try:
        while worker.is_alive():
            try:
                solver.count(limit=1)
            except RuntimeError as error:
                assert "in use by another thread" in str(error)
                break
            time.sleep(0.001)
        else:
            pytest.skip("the count ended before a second call came")
    finally:
        worker.join()
    assert solver.count() == 14200  # and it is free again


def test_reading_and_writing_knuths_format(tmp_path):
    problem = dlx.Problem.read(EXACT_COVER / "colour12.dlx")
    assert problem.labels[0] == "p3 p10 p11 s0:a"  # each option labelled by its text
    path = tmp_path / "copy.dlx"
    problem.write(path)
    again = dlx.Problem.read(path)
    assert again.items == problem.items and again.option_count == problem.option_count
    text = io.StringIO()
    problem.write(text)
    assert dlx.Solver(dlx.Problem.read(io.StringIO(text.getvalue()))).count() == 134
    assert dlx.Solver(dlx.Problem.read(io.BytesIO(text.getvalue().encode()))).count() == 134


def test_reprs_say_what_an_object_is():
    problem = queens(4)
    assert repr(problem) == "<dlx.Problem: 22 items (8 primary), 16 options>"
    solver = dlx.Solver(problem)
    assert repr(solver) == "<dlx.Solver of 22 items and 16 options>"
    solver.count()
    assert repr(solver.stats).startswith("<dlx.Stats: 2 solutions, ")
    assert repr(solver.solutions()) == "<dlx.Solutions: 0 taken, not started>"


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda p: p.add_item("a"), "item .a. is defined twice"),
        (lambda p: p.add_item("has space"), "name"),
        (lambda p: p.add_item("m", bounds=(3, 2)), "bound"),
        (lambda p: p.add_item("s", secondary=True, bounds=(1, 2)), "secondary item has no bounds"),
        (lambda p: p.add_option(["zz"]), "unknown item 'zz'"),
        (lambda p: p.add_option(["a", "a"]), "twice"),
        (lambda p: p.add_option(["a:red"]), "colour"),
        (lambda p: p.add_option([]), "at least one item"),
    ],
)
def test_bad_problems_raise_value_error_with_the_librarys_message(build, message):
    problem = dlx.Problem(primary=["a"], secondary=["x"])
    with pytest.raises(ValueError, match=message):
        build(problem)


def test_other_bad_input():
    problem = dlx.Problem(primary=["a"])
    with pytest.raises(TypeError, match="an item name is a str, not int"):
        problem.add_option(["a", 3])
    with pytest.raises(TypeError, match="a collection of item names, not str"):
        problem.add_option("a")  # would be its characters, one item each
    with pytest.raises(TypeError, match="a collection of item names"):
        dlx.Problem(primary="abc")
    with pytest.raises(TypeError, match="a bound is an int"):
        dlx.Problem(primary=[("m", 1, 2.5)])
    with pytest.raises(ValueError, match="bound -1 out of range"):
        dlx.Problem(primary=[["m", -1, 2]])
    with pytest.raises(TypeError, match="secondary item: an item name is a str"):
        dlx.Problem(secondary=[3])
    with pytest.raises(IndexError):
        problem.option(0)
    with pytest.raises(FileNotFoundError):
        dlx.Problem.read("/no/such/file.dlx")
    with pytest.raises(ValueError, match=r"^bad\.dlx:3:3: unknown item .c.$"):
        bad = io.StringIO("a b\na b\na c\n")
        bad.name = "bad.dlx"
        dlx.Problem.read(bad)
