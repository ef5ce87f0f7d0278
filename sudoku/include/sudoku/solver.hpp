// Solving Sudoku puzzles with the exact-cover engine: the 729-option problem is built once per
// Solver and reused for every puzzle (the givens forced all at once with dlx::Solver::reset,
// then the search; the next puzzle's reset replaces them).
#pragma once

#include <sudoku/encoding.hpp>
#include <sudoku/grid.hpp>

#include <dlx/solver.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace sudoku {

/// What became of a puzzle.
enum class Status {
    solved,      ///< `solution` holds a solution (the first in the engine's order)
    conflict,    ///< two givens break the rules; `conflict` says which
    no_solution, ///< the givens are consistent, but no grid completes them
};

struct SolveResult {
    Status status = Status::no_solution;
    Grid solution;                    ///< valid when status == solved
    std::optional<Conflict> conflict; ///< set when status == conflict
};

/// A reusable Sudoku solver. Not thread-safe: use one per thread. Construction builds the
/// links once (a few microseconds); each solve() or count() then costs the givens' layout and
/// the search. The search branches on forced cells and digits first
/// (dlx::ItemChoice::singles_first).
class Solver {
public:
    Solver();

    /// Solves `puzzle` (0 for a blank cell).
    [[nodiscard]] SolveResult solve(const Grid& puzzle);

    /// Number of solutions of `puzzle`, counting at most `limit` (2 answers "is it unique?").
    /// A puzzle whose givens conflict has 0. With `cancel` not null, the count looks at it
    /// every 4096 nodes and ends once it reads true (last_stats().stopped then says so: a
    /// count of an almost blank grid with a large limit can run for ages).
    [[nodiscard]] std::uint64_t count(const Grid& puzzle, std::uint64_t limit = 2,
                                      const std::atomic<bool>* cancel = nullptr);

    /// The engine's statistics for the last solve() or count().
    [[nodiscard]] const dlx::SearchStats& last_stats() const noexcept { return stats_; }

private:
    bool force_givens(const Grid& puzzle);
    dlx::Solver engine_;
    dlx::SearchStats stats_;
    std::vector<dlx::OptionId> givens_;
};

} // namespace sudoku
