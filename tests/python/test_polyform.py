"""dlx.polyform: puzzles from their text, counts against the published ones and against
polyform's own, solutions that are tilings (checked here, cell by cell), pictures, Knuth's
format counted by the engine, errors as Python raises them."""

import doctest
import io
import os
import pathlib
import subprocess
import xml.dom.minidom

import pytest

import dlx
from dlx import polyform, sudoku

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))


def test_the_module_docstring_runs_as_written():
    assert doctest.testmod(polyform).failed == 0


@pytest.mark.parametrize(
    "name, every, distinct",
    [
        ("pentominoes-3x20", 8, 2),
        ("scott", 520, 65),
        ("soma", 11520, 240),
        ("tetrahexes-4x7", 18, 9),
        ("hexiamonds-6x6", 624, 156),
    ],
)
def test_published_counts(name, every, distinct):
    puzzle = polyform.read(str(DATA / "polyform" / f"{name}.txt"))
    assert puzzle.count() == every
    assert puzzle.count(distinct=True) == distinct
    assert puzzle.count(distinct=True, threads=2) == distinct


def test_each_solution_is_a_tiling_of_the_board():
    puzzle = polyform.read(str(DATA / "polyform" / "scott.txt"))
    shapes = {piece.name: piece.cells for piece in puzzle.pieces}
    board = set(puzzle.board)
    seen = 0
    for solution in puzzle.solutions(distinct=True):
        covered = []
        for name, cells in solution.placements:
            assert len(cells) == len(shapes[name])
            covered += cells
        assert sorted(covered) == sorted(board)  # every cell once, nothing off the board
        seen += 1
    assert seen == 65


def test_a_solution_draws_as_text_and_as_svg():
    puzzle = polyform.Puzzle("pieces pentominoes\nboard 3x20\n", "p.txt")
    solution = next(puzzle.solutions())
    rows = str(solution).splitlines()
    assert [len(row) for row in rows] == [20, 20, 20]
    assert sorted(set("".join(rows))) == sorted("FILNPTUVWXYZ")
    picture = solution.svg(cell=20, title="3x20")
    xml.dom.minidom.parseString(picture)  # well formed
    assert picture.count("<polygon ") == 60 and "<title>3x20</title>" in picture


def test_pieces_board_and_grid_as_the_file_gives_them():
    puzzle = polyform.Puzzle("piece L 0-2 one-sided\n#.\n##\n\nboard\n##+\n##.\n")
    assert puzzle.grid == "square"
    (piece,) = puzzle.pieces
    assert (piece.name, piece.copies, piece.turns) == ("L", (0, 2), "one-sided")
    assert sorted(piece.cells) == [(0, 0), (1, 0), (1, 1)]
    assert sorted(puzzle.board) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    assert puzzle.may_stay_empty == [(0, 2)]
    assert polyform.Puzzle("pieces soma\nboard 3x3x3\n").grid == "cube"
    assert polyform.Puzzle("pieces soma\nboard 3x3x3\n").symmetries() == 48
    assert polyform.Puzzle("piece D *\n##\nboard 2x2\n").pieces[0].copies == (0, None)


def test_sets_name_their_pieces():
    sets = polyform.sets()
    assert sets["pentominoes"] == list("FILNPTUVWXYZ")
    assert len(sets["hexominoes"]) == 35 and len(sets["one-sided-hexominoes"]) == 60
    assert sets["soma"] == ["L", "T", "V", "Z", "a", "b", "p"]


def test_knuths_format_counts_the_same_with_the_engine():
    puzzle = polyform.read(str(DATA / "polyform" / "scott.txt"))
    for distinct, count in [(False, 520), (True, 65)]:
        problem = dlx.Problem.read(io.StringIO(puzzle.knuth(distinct=distinct)))
        assert dlx.Solver(problem).count() == count


def test_symmetric_solutions_count_once():
    # Domino tilings of 4x4: 36 (Kasteleyn), 9 up to the square's 8 symmetries.
    puzzle = polyform.Puzzle("piece D *\n##\n\nboard 4x4\n")
    assert puzzle.count() == 36
    assert puzzle.count(distinct=True) == 9
    assert len(list(puzzle.solutions(distinct=True))) == 9
    with pytest.raises(ValueError, match="no piece used exactly once"):
        puzzle.knuth(distinct=True)


def test_faults_raise_value_error_with_the_line():
    with pytest.raises(ValueError, match=r"^p\.txt:1:8: unknown set 'pentominos'"):
        polyform.Puzzle("pieces pentominos\nboard 6x10\n", "p.txt")
    with pytest.raises(ValueError, match=r"^bad\.txt:2: the pieces cover 60 cells, the board has 66"):
        polyform.Puzzle("pieces pentominoes\nboard 6x11\n", "bad.txt").count()
    with pytest.raises(ValueError, match=r"^q\.txt:1: piece 'Q' fits nowhere"):
        polyform.Puzzle("piece Q\n##\n##\npiece I\n####\nboard 1x8\n", "q.txt").knuth()
    with pytest.raises(FileNotFoundError):
        polyform.read("/nonexistent/puzzle.txt")
    with pytest.raises(ValueError, match="threads"):
        polyform.Puzzle("pieces pentominoes\nboard 3x20\n").count(threads=0)


def test_arguments_of_the_wrong_type_raise_type_error():
    with pytest.raises(TypeError):
        polyform.Puzzle(42)
    with pytest.raises(TypeError):
        polyform.Puzzle("pieces pentominoes\nboard 3x20\n").count(threads="two")
    # A list of puzzles where one puzzle is wanted: TypeError naming what was expected.
    puzzles = sudoku.parse("." * 81)
    with pytest.raises(TypeError, match="a grid is a dlx.sudoku.Grid.*one at a time"):
        sudoku.solve(puzzles)
    with pytest.raises(TypeError, match="a grid is a dlx.sudoku.Grid"):
        sudoku.solve(3.5)


def test_the_same_count_as_the_program():
    program = os.environ.get("POLYFORM")
    if not program:
        pytest.skip("POLYFORM (the program) is not given")
    path = DATA / "polyform" / "tetracubes-2x4x4.txt"
    out = subprocess.run([program, "--distinct", str(path)], capture_output=True, text=True)
    assert int(out.stdout) == polyform.read(str(path)).count(distinct=True) == 695
