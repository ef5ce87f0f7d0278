"""Sudoku on the exact-cover engine: grids, the text layouts, solving, counting, rating, and
making boards and puzzles, with the answers sudoku-cli gives; other sizes and variants
(Puzzle), and the formats of other Sudoku programs (parse, read, write).

    >>> from dlx import sudoku
    >>> puzzle = sudoku.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[0]
    >>> solution = sudoku.solve(puzzle)
    >>> str(solution)[:9], sudoku.count(puzzle), sudoku.rate(puzzle)["level"]
    ('534678912', 1, 'easy')
"""

from . import _sudoku as _native

Grid = _native.Grid
Puzzle = _native.Puzzle
Boards = _native.Boards
Puzzles = _native.Puzzles
VariantBoards = _native.VariantBoards
VariantPuzzles = _native.VariantPuzzles
parse = _native.parse
read = _native.read
solve = _native.solve
count = _native.count
rate = _native.rate
boards = _native.boards
make = _native.make
write = _native.write

__all__ = [
    "Boards",
    "Grid",
    "Puzzle",
    "Puzzles",
    "VariantBoards",
    "VariantPuzzles",
    "boards",
    "count",
    "make",
    "parse",
    "rate",
    "read",
    "solve",
    "write",
]
