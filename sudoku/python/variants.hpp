// The variants' part of dlx.sudoku (variants.cpp): the class Puzzle (sudoku::VariantPuzzle:
// any size, samurai, X, windoku, jigsaw, killer, anti-knight, anti-king, non-consecutive,
// pencil marks), read from f-puzzles or symbols, written in every format of formats.hpp, and
// solved, counted and made by the variant solver, generator and maker. bindings.cpp hands a
// Puzzle here from solve(), count(), boards() and make().
#pragma once

#include <sudoku/rater.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_solver.hpp>

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>

namespace dlx::python {

/// `seed`, or a fresh one from the system (bindings.cpp).
std::uint64_t seed_or_fresh(std::optional<std::uint64_t> seed);

/// Adds Puzzle, write() and the variant streams to `module`.
void bind_variants(pybind11::module_& module);

/// A record's puzzle as Python sees it: a Grid for a classic one, else a Puzzle.
pybind11::object to_python(const sudoku::PuzzleRecord& record);

/// solve() of a Puzzle: its solution as a Puzzle, or None; ValueError for givens that break
/// the rules.
pybind11::object solve_variant(const sudoku::VariantPuzzle& puzzle);
/// count() of a Puzzle.
std::uint64_t count_variant(const sudoku::VariantPuzzle& puzzle, std::uint64_t limit);
/// rate() of a Puzzle: its rating by the variants' techniques (rater.hpp).
sudoku::VariantRating rate_variant(const sudoku::VariantPuzzle& puzzle);

/// boards() with a size other than 9 or rules: Puzzles of full grids.
pybind11::object variant_boards(std::uint64_t count, int size, const std::string& variant,
                                std::optional<std::uint64_t> seed, std::optional<int> first_digit,
                                unsigned threads);
/// make() with a size or rules: (puzzle, solution) pairs of Puzzles, each puzzle unique.
pybind11::object variant_puzzles(std::uint64_t count, int size, const std::string& variant,
                                 bool symmetric, std::optional<std::uint64_t> seed,
                                 unsigned threads);

} // namespace dlx::python
