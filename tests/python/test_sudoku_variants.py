"""dlx.sudoku's Puzzle (other sizes, samurai, X, killer, jigsaw, pencil marks) and the formats,
against sudoku-cli: the same solutions, counts, boards and puzzles for the same inputs and
seeds; solutions checked rule by rule here, apart from the library.

SUDOKU_CLI names the program (ctest sets it); without it the comparisons are skipped.
"""

import os
import pathlib
import subprocess

import pytest

from dlx import sudoku

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))
SIZES = DATA / "sudoku" / "variants" / "sizes_sample.txt"
KILLER = DATA / "sudoku" / "variants" / "killer_6x6.json"
FORMATS = DATA / "sudoku" / "formats"
CLI = os.environ.get("SUDOKU_CLI")
needs_cli = pytest.mark.skipif(not CLI, reason="SUDOKU_CLI is not set")

GNOME = "379....14.6..1..7..8...9..5435..7....9..4..2....8..4369..7...8..4..8..5.85....249"


def cli(*args, text_in=None):
    """sudoku-cli's standard output (-o -) for `args`, `text_in` on its standard input."""
    return subprocess.run(
        [CLI, *args, "-o", "-"], input=text_in, check=True, capture_output=True, text=True
    ).stdout


def keeps_the_units(puzzle):
    """True when each row and column of a full square grid holds every digit once (checked
    here, not by the library)."""
    n, cells = puzzle.size, puzzle.cells
    digits = set(range(1, n + 1))
    rows = all(set(cells[r * n : (r + 1) * n]) == digits for r in range(n))
    columns = all({cells[r * n + c] for r in range(n)} == digits for c in range(n))
    return rows and columns


def test_other_sizes_are_read_as_puzzles_and_solved():
    puzzles = sudoku.read(SIZES)
    assert [p.rules for p in puzzles] == ["16x16", "25x25", "6x6", "4x4"]
    for puzzle in puzzles:
        solution = sudoku.solve(puzzle)
        assert solution.is_solved() and keeps_the_units(solution)
        assert all(g in (0, s) for g, s in zip(puzzle.cells, solution.cells))
        assert solution.blanks == 0 and puzzle.blanks > 0


@needs_cli
def test_solutions_and_counts_are_sudoku_clis():
    puzzles = sudoku.read(SIZES)
    boards = cli("-s", str(SIZES)).split("\n\n")
    assert [sudoku.solve(p).board() for p in puzzles] == [b.rstrip("\n") + "\n" for b in boards]
    lines = "".join(p.line() + "\n" for p in puzzles)
    counts = [sudoku.count(p) for p in puzzles]  # "K+" from sudoku-cli at the limit, 2
    assert "".join(f"{c}+\n" if c == 2 else f"{c}\n" for c in counts) == cli(
        "--count", "-", text_in=lines
    )


def test_a_killer_puzzle_keeps_its_cages():
    (killer,) = sudoku.read(KILLER)
    assert killer.rules == "6x6 killer" and killer.cages
    assert sudoku.count(killer, limit=5) == 1
    solution = sudoku.solve(killer)
    assert keeps_the_units(solution)
    for cells, total in killer.cages:
        digits = [solution.cells[c] for c in cells]
        assert len(set(digits)) == len(digits) and sum(digits) == total
    # Rated by the variants' techniques: the cage combinations open it, logic alone solves it.
    rating = sudoku.rate(killer)
    assert rating["solutions"] == 1 and not rating["needs_search"]
    assert rating["steps"]["cage-combination"] > 0
    basic = {"hidden-single", "naked-single", "cage-combination"}
    assert (rating["level"] == "easy") == (set(rating["steps"]) <= basic)


def test_fpuzzles_json_and_links_read_back():
    (killer,) = sudoku.read(KILLER)
    assert sudoku.Puzzle.from_fpuzzles(killer.fpuzzles()) == killer
    assert killer.link().startswith("https://www.f-puzzles.com/?load=N4Ig")
    assert sudoku.Puzzle.from_fpuzzles(killer.link()) == killer
    with pytest.raises(ValueError, match="'thermometer'"):
        row = "[" + ",".join(["{}"] * 4) + "]"
        grid = "[" + ",".join([row] * 4) + "]"
        sudoku.Puzzle.from_fpuzzles(
            '{"size":4,"grid":' + grid + ',"thermometer":[{"lines":[["R1C1","R1C2"]]}]}'
        )


@needs_cli
def test_made_puzzles_and_boards_are_sudoku_clis():
    made = list(sudoku.make(3, variant="killer", seed=5))
    assert [p.fpuzzles() + "\n" for p, _ in made] == cli(
        "-n", "3", "--variant", "killer", "--seed", "5"
    ).splitlines(keepends=True)
    for puzzle, solution in made:
        assert sudoku.count(puzzle) == 1 and sudoku.solve(puzzle) == solution
        assert solution.is_solved() and keeps_the_units(solution)
    boards = list(sudoku.boards(4, size=6, seed=2))
    assert "\n".join(b.board() for b in boards) == cli("-c", "4", "--size", "6", "--seed", "2")
    assert all(b.cells[0] == 6 and keeps_the_units(b) for b in boards)
    jigsaw = next(iter(sudoku.make(1, size=6, variant="jigsaw", seed=1)))
    assert jigsaw[0].rules == "6x6 jigsaw" and sudoku.count(jigsaw[0]) == 1


def test_puzzles_from_symbols_with_rules():
    x = sudoku.Puzzle("." * 81, variant="x")
    assert x.rules == "9x9 X" and x.blanks == 81 and x.candidates is None
    solved = sudoku.solve(x)
    cells = solved.cells
    assert {cells[i * 10] for i in range(9)} == set(range(1, 10))  # the main diagonal
    assert {cells[i * 8 + 8] for i in range(9)} == set(range(1, 10))  # the other one
    samurai = sudoku.Puzzle("." * 369, variant="samurai")
    assert samurai.rules == "samurai" and len(samurai.cells) == 21 * 21
    assert sudoku.solve(samurai).is_solved()
    assert sudoku.Puzzle("1.3..4....1.....", size=4) == sudoku.Puzzle("1.3..4....1.....")
    assert sudoku.Puzzle([0] * 36, size=6).rules == "6x6"


def test_bad_puzzles_and_settings_are_named():
    with pytest.raises(ValueError, match="'7' is not a symbol of 4x4"):
        sudoku.Puzzle("7" + "." * 15)
    with pytest.raises(ValueError, match="not a square grid"):
        sudoku.Puzzle("." * 80)
    with pytest.raises(ValueError, match="'sandwich' is not one of x, windoku"):
        sudoku.make(1, variant="sandwich")
    with pytest.raises(ValueError, match="killer is made for each puzzle"):
        sudoku.boards(1, variant="killer")
    with pytest.raises(ValueError, match="level, blanks, unique and minimal are for classic"):
        sudoku.make(1, level="easy", variant="x")
    with pytest.raises(ValueError, match="two 1s in row 1"):
        sudoku.solve(sudoku.Puzzle("11" + "." * 14))


def test_every_format_reads_and_writes():
    classic = sudoku.read(FORMATS / "gnome.sdm")
    assert [str(g).replace("0", ".") for g in classic][0] == GNOME
    for name in ["gnome.ss", "gnome.sdk", "gnome.opensudoku", "gnome.pm", "gnome.hodoku"]:
        assert sudoku.read(FORMATS / name)[0] == classic[0], name
    for fmt in ["board", "line", "ss", "sdk", "sdm", "opensudoku", "pm", "hodoku", "fpuzzles"]:
        assert sudoku.parse(sudoku.write(classic, fmt)) == classic, fmt
    sixteen = sudoku.read(SIZES)[0]
    assert sudoku.parse(sudoku.write([sixteen], "line")) == [sixteen]
    with pytest.raises(ValueError, match="puzzle 2: the .ss format holds classic 9x9 puzzles only"):
        sudoku.write([classic[0], sixteen], "ss")
    with pytest.raises(ValueError, match="format 'csv': one of board, line"):
        sudoku.write(classic, "csv")


def test_pencil_marks_that_say_more_make_a_puzzle():
    (marked,) = sudoku.parse(":0000:x:" + GNOME + ":214::\n")
    assert isinstance(marked, sudoku.Puzzle)
    assert marked.candidates[3] == [1, 3, 4, 5, 6, 7, 8, 9]
    assert sudoku.count(marked) == 1
    # Rated from its givens and pencil marks by the variants' techniques.
    rating = sudoku.rate(marked)
    assert rating["solutions"] == 1 and rating["level"] in ("easy", "medium", "hard")
    (plain,) = sudoku.parse(":0000:x:" + GNOME + ":::\n")
    assert isinstance(plain, sudoku.Grid)
