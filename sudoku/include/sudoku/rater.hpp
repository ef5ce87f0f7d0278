// How hard a puzzle is for a person: the techniques of logic.hpp it needs, and whether they
// are enough or the rest takes search (trial and error).
//
// The levels:
//   1 easy    singles alone (hidden, then naked) fill the grid;
//   2 medium  singles are not enough, but with locked candidates (pointing, box-line) and
//             naked and hidden pairs and triples the grid fills without a guess;
//   3 hard    those techniques get stuck: the rest needs search.
// A puzzle with several solutions is always hard (sound deductions cannot choose between
// solutions); Rating::solutions tells it apart.
#pragma once

#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/variant_logic.hpp>
#include <sudoku/variant_solver.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace sudoku {

enum class Level : std::uint8_t { easy = 1, medium = 2, hard = 3 };

/// "easy", "medium" or "hard".
[[nodiscard]] std::string_view name(Level level);

struct Rating {
    Level level = Level::hard;
    /// How many steps of each technique (indexed by Technique) the logic took, simplest
    /// technique first at every step, until the grid was full or nothing applied.
    std::array<std::uint32_t, technique_count> steps{};
    /// True when the techniques did not fill the grid: the puzzle needs search.
    bool needs_search = true;
    /// 0 (none), 1 (unique) or 2 (two or more).
    std::uint64_t solutions = 0;

    [[nodiscard]] std::uint32_t uses(Technique technique) const
    {
        return steps[static_cast<std::size_t>(technique)];
    }
};

/// Rates puzzles. Holds a solver (for counting solutions when logic is not enough), so keep
/// one per thread and reuse it.
class Rater {
public:
    /// The rating of `puzzle` (0 for a blank cell). A puzzle whose givens conflict, or that has
    /// no solution, gets solutions == 0 (and level hard).
    [[nodiscard]] Rating rate(const Grid& puzzle);

private:
    Solver solver_;
};

/// The rating of a variant of any size and rules, by the techniques of variant_logic.hpp, on
/// the same three levels: easy when the singles fill the grid (with a killer's cage
/// combinations, a killer's first tool); medium when the other techniques are needed too; hard
/// when they are not enough. On classic 9x9 its steps are Rating's.
struct VariantRating {
    Level level = Level::hard;
    /// Steps of each technique (indexed by VariantTechnique), simplest first at every step.
    std::array<std::uint32_t, variant_technique_count> steps{};
    bool needs_search = true;    ///< the techniques did not fill the grid
    std::uint64_t solutions = 0; ///< 0 (none), 1 (unique) or 2 (two or more)

    [[nodiscard]] std::uint32_t uses(VariantTechnique technique) const
    {
        return steps[static_cast<std::size_t>(technique)];
    }
};

/// Rates `puzzle`; `solver`, made for the puzzle's rules, counts its solutions when the
/// techniques are not enough. Givens that break the rules, or no solution: solutions == 0.
[[nodiscard]] VariantRating rate_variant(const VariantPuzzle& puzzle, VariantSolver& solver);

/// True when the techniques up to `hardest` (simplest first) fill the whole grid: with
/// Technique::naked_single, "singles alone solve it". Such a puzzle has exactly one solution.
[[nodiscard]] bool solvable_with(const Grid& puzzle, Technique hardest);

} // namespace sudoku
