#!/usr/bin/env python3
"""Counts a Polyform Puzzler puzzle with xcover, printing the count only (polyform_bench.sh).

    puzzler_count.py MODULE.CLASS        e.g. pentominoes.Pentominoes6x10, somacubes.Soma3x3x3

The puzzle is built as Puzzler's own scripts build it (its class, its components, its
restrictions for distinct solutions) and each component's matrix is searched by Puzzler's
xcover solver (Knuth's Algorithm C over dancing cells, compiled by numba); the solutions are
counted, not formatted or printed, so that the time is the search's and Python's start."""
import importlib
import sys

from puzzler import exact_cover_c


def main():
    module, name = sys.argv[1].rsplit('.', 1)
    puzzle_class = getattr(importlib.import_module('puzzler.puzzles.' + module), name)
    total = 0
    for component in puzzle_class.components():
        puzzle = component()
        if puzzle.check_for_duplicates:
            sys.exit(f'{name} filters duplicates after the search: its count would not compare')
        solver = exact_cover_c.ExactCover()
        solver.load_matrix(puzzle.matrix, puzzle.secondary_columns)
        for _ in solver.solver:
            total += 1
    print(total)


if __name__ == '__main__':
    main()
