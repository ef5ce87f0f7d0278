"""Polyform puzzles on the exact-cover engine: puzzle files (pieces named or drawn, boards by
size or drawn), their counts, all or one of each class under the board's symmetries, their
solutions drawn as text or SVG, and their problems in Knuth's format; the answers polyform
gives (docs/polyform.md).

    >>> from dlx import polyform
    >>> puzzle = polyform.Puzzle("pieces pentominoes\\nboard 3x20\\n")
    >>> puzzle.count(), puzzle.count(distinct=True)
    (8, 2)
    >>> print(next(puzzle.solutions(distinct=True)), end="")
    UUXIIIIIZWWTTTFLLLLV
    UXXXPPZZZYWWTFFFNNLV
    UUXPPPZYYYYWTFNNNVVV
"""

from . import _polyform as _native

Piece = _native.Piece
Puzzle = _native.Puzzle
Solution = _native.Solution
Solutions = _native.Solutions
read = _native.read
sets = _native.sets

__all__ = ["Piece", "Puzzle", "Solution", "Solutions", "read", "sets"]
