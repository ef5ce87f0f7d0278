"""dlx.sudoku against sudoku-cli: the same solutions, counts, ratings, boards and puzzles for
the same inputs and seeds, the same error messages; and the Grid type on its own.

SUDOKU_CLI names the program (ctest sets it); without it the comparisons are skipped.
"""

import io
import os
import pathlib
import pickle
import subprocess

import pytest

from dlx import sudoku

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))
SAMPLES = sorted((DATA / "sudoku").glob("*_sample.txt"))
CLI = os.environ.get("SUDOKU_CLI")
needs_cli = pytest.mark.skipif(not CLI, reason="SUDOKU_CLI is not set")

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def cli(*args):
    """sudoku-cli's standard output (-o -) for `args`."""
    return subprocess.run([CLI, *args, "-o", "-"], check=True, capture_output=True, text=True).stdout


def test_a_grid_from_a_string_or_numbers():
    grid = sudoku.Grid(EASY)
    assert grid == sudoku.Grid(EASY.replace(".", "0"))
    assert grid == sudoku.Grid(grid.cells)
    assert grid[0] == 5 and grid[0, 1] == 3 and grid[0, 2] == 0 and grid[8, 8] == 9
    assert grid.blanks == EASY.count(".")
    assert str(grid) == EASY.replace(".", "0")
    assert repr(grid) == f"dlx.sudoku.Grid('{EASY}')"
    assert not grid.is_solved()
    assert pickle.loads(pickle.dumps(grid)) == grid
    assert len({grid, sudoku.Grid(EASY), sudoku.solve(grid)}) == 2
    assert grid.board().splitlines()[0] == "5 3 0 0 7 0 0 0 0"


@pytest.mark.parametrize(
    "cells, message",
    [
        (EASY[:80], "81 cells, not 80"),
        (EASY[:80] + "x", "cell r9c9: 'x' is not a digit"),
        ([0] * 80, "81 cells, not 80"),
        ([0] * 80 + [10], "cell r9c9: 10 is not a digit"),
    ],
)
def test_a_bad_grid_says_what_is_wrong(cells, message):
    with pytest.raises(ValueError, match=message):
        sudoku.Grid(cells)


def test_indexes_out_of_range():
    grid = sudoku.Grid(EASY)
    with pytest.raises(IndexError):
        grid[81]
    with pytest.raises(IndexError):
        grid[9, 0]


def test_solving_counting_and_the_kinds_of_failure():
    solution = sudoku.solve(EASY)
    assert solution.is_solved()
    assert all(solution[i] == int(c) for i, c in enumerate(EASY) if c != ".")
    assert sudoku.count(EASY) == 1
    assert sudoku.count("." * 81, limit=5) == 5
    with pytest.raises(ValueError, match="two 5s in row 1"):
        sudoku.solve("55" + EASY[2:])
    assert sudoku.count("55" + EASY[2:]) == 0
    # Consistent givens without a completion: the first row asks for a 9 in r1c9, which
    # already has one in its column.
    unsolvable = "12345678." + "........9" + "." * 63
    assert sudoku.solve(unsolvable) is None and sudoku.count(unsolvable) == 0


def test_both_layouts_parse_to_the_same_grids(tmp_path):
    grids = sudoku.parse(EASY + "\n" + EASY.replace(".", "0") + "\n")
    assert grids == [sudoku.Grid(EASY)] * 2
    boards = "\n".join(g.board() for g in grids)
    assert sudoku.parse(boards) == grids
    assert sudoku.parse(b"# a comment\n" + EASY.encode()) == grids[:1]
    path = tmp_path / "two.txt"
    path.write_text(boards)
    assert sudoku.read(path) == grids == sudoku.read(str(path))
    assert sudoku.read(io.StringIO(boards)) == grids


@needs_cli
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_solve_count_and_rate_answer_as_the_cli_does(sample):
    puzzles = sudoku.read(sample)
    assert puzzles
    assert [sudoku.solve(p) for p in puzzles] == sudoku.parse(cli("-s", str(sample)))
    counts = cli("--count", str(sample)).split()
    assert [str(min(sudoku.count(p), 2)).replace("2", "2+") for p in puzzles] == counts
    for puzzle, line in zip(puzzles, cli("--rate", str(sample)).splitlines()):
        rating = sudoku.rate(puzzle)
        words = line.split()
        assert words[1] == rating["level"]
        assert words[0] == str(["easy", "medium", "hard"].index(rating["level"]) + 1)
        assert [w for w in words[2:] if ":" in w] == [
            f"{name}:{steps}" for name, steps in rating["steps"].items()
        ]
        assert ("search" in words) == rating["needs_search"]
        assert ("multiple-solutions" in words) == (rating["solutions"] == 2)


def serate_reference():
    """(puzzle, ER/EP/ED numbers, ER technique) as Sukaku Explainer's serate rated them."""
    for line in (DATA / "sudoku" / "se" / "serate_1.15.10.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, rest = line[:81], line[82:]
            numbers, names = rest[3:].split(" ", 1)
            yield puzzle, [float(n) for n in numbers.split("/")], names.split("/")[0]


def test_se_ratings_are_serates():
    for puzzle, (er, ep, ed), name in list(serate_reference())[::4]:
        rating = sudoku.rate(puzzle, scale="se")
        assert rating["complete"], puzzle
        assert [rating["er"], rating["ep"], rating["ed"]] == [er, ep, ed], puzzle
        assert rating["er_technique"] == name


@needs_cli
def test_se_ratings_answer_as_the_cli_does(tmp_path):
    puzzles = [p for p, _, _ in serate_reference()][::20]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzles) + "\n")
    for puzzle, line in zip(puzzles, cli("--rate", str(path), "--scale", "se").splitlines()):
        r = sudoku.rate(sudoku.Grid(puzzle), scale="se")
        assert line == f"ED={r['er']:.1f}/{r['ep']:.1f}/{r['ed']:.1f} {r['er_technique']}"


@pytest.mark.parametrize(
    "puzzle, message",
    [
        ("55" + EASY[2:], "the givens break the rules: two 5s in row 1"),
        ("12345678." + "." * 8 + "9" + "." * 63, "has no solution"),
    ],
)
def test_se_ratings_refuse_bad_puzzles(puzzle, message):
    with pytest.raises(ValueError, match=message):
        sudoku.rate(puzzle, scale="se")
    with pytest.raises(ValueError, match="levels or se"):
        sudoku.rate(EASY, scale="hardest")


@needs_cli
def test_malformed_input_is_reported_as_the_cli_reports_it(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(EASY + "\n" + EASY[:80] + "\n")
    run = subprocess.run([CLI, "-s", str(path), "-o", "-"], capture_output=True, text=True)
    assert run.returncode == 1
    with pytest.raises(ValueError) as raised:
        sudoku.read(path)
    assert run.stderr.strip() == f"sudoku-cli: {raised.value}"
    assert str(raised.value).startswith(f"{path}:2: puzzle 2: ")


@needs_cli
@pytest.mark.parametrize("seed, first_digit, threads", [(42, 9, 1), (7, 1, 2)])
def test_boards_are_the_clis_for_the_same_seed(seed, first_digit, threads):
    ours = list(sudoku.boards(600, seed=seed, first_digit=first_digit, threads=threads))
    theirs = sudoku.parse(cli("-c", "600", "--seed", str(seed), "--first-digit", str(first_digit)))
    assert ours == theirs
    assert len(set(ours)) == 600
    assert all(b.is_solved() and b[0] == first_digit for b in ours)


@needs_cli
@pytest.mark.parametrize(
    "ours, theirs",
    [
        (dict(level="hard"), ["-m", "3"]),
        (dict(level=1, symmetric=True), ["-m", "1", "--symmetric"]),
        (dict(level="expert"), ["-m", "4"]),
        (dict(blanks=(40, 50), unique=True), ["-r", "40~50", "-u"]),
        (dict(blanks=(52, 55), minimal=True), ["-r", "52~55", "--minimal"]),
    ],
)
def test_puzzles_are_the_clis_for_the_same_seed(ours, theirs):
    made = list(sudoku.make(12, seed=5, **ours))
    assert [puzzle for puzzle, _ in made] == sudoku.parse(cli("-n", "12", *theirs, "--seed", "5"))
    for puzzle, solution in made:
        assert sudoku.solve(puzzle) == solution
        if "level" in ours or ours.get("unique"):
            assert sudoku.count(puzzle) == 1


def test_the_iterators_are_lazy_and_can_stop():
    boards = sudoku.boards(10**7, seed=1)  # far more than will ever be made here
    first = [next(boards) for _ in range(5)]
    assert len(set(first)) == 5
    assert "5 taken, running" in repr(boards)
    boards.close()
    assert list(boards) == []
    with sudoku.make(1000, level="easy", seed=3) as puzzles:
        puzzle, solution = next(puzzles)
        assert sudoku.rate(puzzle)["level"] == "easy"


@pytest.mark.parametrize(
    "settings, message",
    [
        (dict(), "give a level, or blanks"),
        (dict(level="easy", blanks=(20, 30)), "give a level, or blanks"),
        (dict(level="easy", unique=True), "a level implies unique"),
        (dict(level="tricky"), "easy, medium, hard, expert, fiendish or diabolical"),
        (dict(level=7), "1 to 6"),
        (dict(blanks=(50, 40)), ""),
        (dict(blanks=(65, 70), unique=True), ""),
    ],
)
def test_settings_out_of_reach_raise_value_error(settings, message):
    with pytest.raises(ValueError, match=message):
        sudoku.make(1, seed=1, **settings)
    with pytest.raises(ValueError, match="first_digit 0"):
        sudoku.boards(1, first_digit=0)
