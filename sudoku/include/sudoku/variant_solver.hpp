// Sudoku variants as exact cover, and their solver. The items and options generalise the
// classic 324 items (encoding.hpp):
//
//   primary    one item per cell                 "r3c7"      the cell holds one digit
//   primary    one per unit and digit            "row3#5"    the unit holds 5 once
//   secondary  one per smaller group and digit   "cage2#5"   at most one 5 there
//   secondary  one per different pair and digit  "r1c1~r2c3#5"  not both 5 (anti-knight, -king)
//   secondary  two per side-by-side pair, and    "r1c1<r1c2#5"  not 5 then 6
//              digit below the largest           "r1c1>r1c2#5"  not 6 then 5 (non-consecutive)
//   primary    one per killer cage with a sum    "cage2"     the cage's digits are chosen
//
//   option "digit d in cell c" covers c's item and the (group, d), (pair, d) items of every
//   group and pair that holds c;
//   option "cage k holds the digit set S" (one per set of different digits of the cage's size
//   that adds up to its sum) covers "cagek" and "cagek#d" for every digit d NOT in S.
//
// A cage's cells take different digits (its "cagek#d" items), none outside the chosen S (those
// items are taken by S's option), and there are as many cells as digits in S: so the cells hold
// S exactly, and add up to the sum. No colours or multiplicities are needed.
#pragma once

#include <sudoku/solver.hpp>
#include <sudoku/variant.hpp>

#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

/// A variant puzzle: its rules, its givens, and, for a puzzle given as pencil marks, the
/// digits each cell allows.
struct VariantPuzzle {
    std::shared_ptr<const Rules> rules;
    /// The given digits, one per canvas cell (0: blank; always 0 in samurai's gaps).
    std::vector<std::uint8_t> digits;
    /// Empty, or one per canvas cell: the digits it allows, digit d as bit d - 1. A given digit
    /// must be among its cell's.
    std::vector<std::uint32_t> candidates;

    /// A blank puzzle under `rules`.
    [[nodiscard]] static VariantPuzzle blank(std::shared_ptr<const Rules> rules);
    /// The classic 9x9 puzzle of `grid`'s givens.
    [[nodiscard]] static VariantPuzzle classic(const Grid& grid);
    /// True when some cell allows fewer digits than the rules do (not counting givens).
    [[nodiscard]] bool has_pencil_marks() const;
    /// The digits cell `cell` may hold: its given digit, else its candidates, else all.
    [[nodiscard]] std::uint32_t allowed(int cell) const;
};

/// The mask of every digit from 1 to `size`.
[[nodiscard]] constexpr std::uint32_t all_digits(int size) { return (1u << size) - 1; }

/// The exact-cover problem of a variant, and the meaning of each option.
struct VariantEncoding {
    dlx::Problem problem;
    /// Per option: its placement, or {-1, 0} for a cage's choice of digits.
    std::vector<Placement> placement_of;
    /// The option placing digit d in canvas cell c, at c * size + d - 1 (-1: none; a cell that
    /// does not allow d has no such option).
    std::vector<std::int32_t> option_of;
};

/// The search method for a variant's problem: dancing links (with dlx::ItemChoice::
/// singles_first) up to 1024 primary items, the engine's limit for that choice; dancing cells
/// above it (25x25, samurai), whose own choice finds forced items without scanning them all
/// (measured: 7 times as fast on 25x25 puzzles, docs/benchmarks.md).
[[nodiscard]] dlx::Method search_method(const dlx::Problem& problem);

/// Writes the digit of each placement among `options` into `digits` (one per canvas cell;
/// other cells are left as they are, a cage's choice of digits places nothing).
void decode(const VariantEncoding& encoding, std::span<const dlx::OptionId> options,
            std::vector<std::uint8_t>& digits);

/// Builds the problem of `rules` with the options that `puzzle` allows (every placement when
/// `puzzle` is null or has no pencil marks; givens are not forced here).
[[nodiscard]] VariantEncoding encode(const Rules& rules, const VariantPuzzle* puzzle = nullptr);

/// What became of a variant puzzle.
struct VariantResult {
    Status status = Status::no_solution;
    std::vector<std::uint8_t> solution;  ///< one digit per canvas cell, when status == solved
    std::optional<std::string> conflict; ///< what the givens break, when status == conflict
};

/// A reusable solver for the puzzles of one set of rules. Not thread-safe: one per thread.
/// The problem is built once; a puzzle's givens are forced at once (dlx::Solver::reset), and a
/// puzzle with pencil marks is solved on a problem of its own. The search branches on forced
/// cells and digits first (dlx::ItemChoice::singles_first).
class VariantSolver {
public:
    explicit VariantSolver(std::shared_ptr<const Rules> rules);

    [[nodiscard]] const Rules& rules() const noexcept { return *rules_; }
    [[nodiscard]] const std::shared_ptr<const Rules>& rules_pointer() const noexcept
    {
        return rules_;
    }

    /// Solves `puzzle`, whose rules must be this solver's (the same object or equal ones).
    [[nodiscard]] VariantResult solve(const VariantPuzzle& puzzle);
    /// Number of solutions of `puzzle`, counting at most `limit`; 0 when its givens break the
    /// rules. With `cancel`, as Solver::count. With `node_limit`, the count stops after that
    /// many nodes (last_stats().stopped then says so, and the count is a lower bound).
    [[nodiscard]] std::uint64_t count(const VariantPuzzle& puzzle, std::uint64_t limit = 2,
                                      const std::atomic<bool>* cancel = nullptr,
                                      std::uint64_t node_limit = dlx::no_limit);

    /// The engine's statistics for the last solve() or count().
    [[nodiscard]] const dlx::SearchStats& last_stats() const noexcept { return stats_; }

private:
    // The engine and encoding for `puzzle` with its givens forced, or null when they conflict
    // (the conflict in `conflict`, when there is one to name).
    std::pair<dlx::Solver*, const VariantEncoding*> prepare(const VariantPuzzle& puzzle,
                                                            std::optional<std::string>& conflict);

    std::shared_ptr<const Rules> rules_;
    VariantEncoding encoding_;
    dlx::Solver engine_;
    std::optional<VariantEncoding> marked_encoding_; // a pencil-mark puzzle's
    std::optional<dlx::Solver> marked_engine_;
    dlx::SearchStats stats_;
    std::vector<dlx::OptionId> givens_;
};

} // namespace sudoku
