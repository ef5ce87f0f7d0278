// Making puzzles of any variant (variant.hpp): a random complete grid, killer cages cut from it
// or jigsaw regions drawn at random where asked, then givens taken away in a random order, each
// removal kept only when the puzzle still has exactly one solution.
//
//   grid (random, under the rules) ──► cages from the grid ──► givens removed one by one
//                                      (killer: 2 to 5 cells,   (after each, every other digit
//                                       digits all different)    of the cell must lead to no
//                                                                solution; a check that runs
//                                                                out of nodes keeps the given)
//
// Puzzle number i depends only on the settings and i, so any number of threads make the same
// puzzles. Every puzzle has exactly one solution: a given is taken away only when a complete
// count proved the rest unique. On a killer the givens usually all go.
#pragma once

#include <sudoku/variant_solver.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace sudoku {

struct VariantPuzzleSettings {
    /// The rules every puzzle keeps (size, X, windoku, anti-knight, ...; samurai too).
    Variant variant;
    /// Killer: each puzzle gets cages cut from its grid, and their sums.
    bool killer = false;
    /// Jigsaw: each puzzle gets regions of its own, drawn at random, in place of the boxes.
    bool jigsaw = false;
    /// The givens are symmetric under a half turn of the canvas.
    bool symmetric = false;
    std::uint64_t seed = 0;
    /// Nodes each search of a uniqueness check may take before the given it would remove is
    /// kept.
    std::uint64_t check_budget = 100'000;
};

struct VariantMade {
    VariantPuzzle puzzle;               ///< its rules (cages, regions) and givens
    std::vector<std::uint8_t> solution; ///< its only solution, one digit per canvas cell
};

/// Makes puzzles one at a time. Not thread-safe: one per thread.
class VariantMaker {
public:
    /// Throws std::invalid_argument for rules that cannot be made: rules that Rules refuses,
    /// killer or jigsaw with cages or regions already given, jigsaw on samurai.
    explicit VariantMaker(const VariantPuzzleSettings& settings);
    ~VariantMaker();
    VariantMaker(const VariantMaker&) = delete;
    VariantMaker& operator=(const VariantMaker&) = delete;

    /// Puzzle number `index`. Throws std::runtime_error when the rules have no grid (found by a
    /// complete search), or none was found in 1000 tries.
    [[nodiscard]] VariantMade make(std::uint64_t index);

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

/// Makes puzzles 0 .. count - 1 on `threads` threads (0: every core), handed to `sink` in
/// order, a batch at a time; the same for any number of threads.
void make_variant_puzzles(const VariantPuzzleSettings& settings, std::uint64_t count,
                          unsigned threads,
                          const std::function<void(std::span<const VariantMade>)>& sink);

} // namespace sudoku
