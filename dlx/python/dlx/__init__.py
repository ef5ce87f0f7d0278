"""dlx: Knuth's Algorithm X over dancing links, from Python.

Exact cover: a set of options (each a set of items) such that every primary item lies in
exactly one chosen option, and every secondary item in at most one (or, with colours, in any
number that agree on its colour). Multiplicities let a primary item be covered between a lower
and an upper number of times.

    >>> import dlx
    >>> problem = dlx.Problem(primary=["a", "b", "c"],
    ...                       options={"ab": ["a", "b"], "c": ["c"], "bc": ["b", "c"], "a": ["a"]})
    >>> solver = dlx.Solver(problem)
    >>> sorted(sorted(s) for s in solver.solutions())
    [['a', 'bc'], ['ab', 'c']]
    >>> solver.count()
    2

The engine is the C++ library of the same name; docs/python.md in its repository has more.
"""

from ._count import Count
from ._dlx import (
    Estimate,
    Merge,
    Problem,
    Solutions,
    Solver,
    Split,
    Stats,
    TreeEstimate,
    Zdd,
    ZddPaths,
    __version__,
)
from . import polyform, sudoku

__all__ = [
    "Count",
    "Estimate",
    "Merge",
    "Problem",
    "Solutions",
    "Solver",
    "Split",
    "Stats",
    "TreeEstimate",
    "Zdd",
    "ZddPaths",
    "__version__",
    "polyform",
    "sudoku",
]
