// Solving as a person does: pencil marks (the candidates of every blank cell) and the
// techniques that place digits or rule candidates out, one step at a time. The rater, the
// puzzle maker and the hints of sudoku-play are built on it.
//
// Every technique here is a sound deduction: it never removes the digit of any solution, so it
// needs no assumption that the puzzle is unique. A puzzle with several solutions therefore
// always leaves the techniques stuck before the grid is full.
#pragma once

#include <sudoku/grid.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

/// A set of digits: bit d - 1 stands for digit d (so 0x1ff is every digit).
using DigitSet = std::uint16_t;

[[nodiscard]] constexpr DigitSet digit_bit(int digit)
{
    return static_cast<DigitSet>(1u << (digit - 1));
}

/// The techniques, simplest first: the order in which LogicSolver looks for them.
enum class Technique : std::uint8_t {
    hidden_single, ///< a digit has one place left in a unit: it goes there
    naked_single,  ///< a cell has one candidate left: it is placed
    pointing,      ///< a digit's places in a box lie in one row or column: not elsewhere in it
    box_line,      ///< a digit's places in a row or column lie in one box: not elsewhere in it
    naked_pair,    ///< two cells of a unit with the same two candidates: not elsewhere in it
    hidden_pair,   ///< two digits with the same two places in a unit: nothing else there
    naked_triple,  ///< three cells of a unit whose candidates are three digits in all
    hidden_triple, ///< three digits whose places in a unit are three cells in all
};
inline constexpr int technique_count = 8;

/// The technique's name in output meant for programs as well as people: "hidden-single",
/// "naked-single", "pointing", "box-line", "naked-pair", "hidden-pair", "naked-triple",
/// "hidden-triple".
[[nodiscard]] std::string_view name(Technique technique);

/// One deduction: either a digit placed in a cell (the singles) or candidates ruled out.
struct Step {
    Technique technique = Technique::hidden_single;
    Unit unit;           ///< where the pattern lies (a naked single: the cell's row)
    int cell = -1;       ///< singles: the cell filled
    int digit = 0;       ///< singles: its digit
    DigitSet digits = 0; ///< the other techniques: the digits of the pattern
    std::array<DigitSet, Grid::cells>
        removed{}; ///< the other techniques: per cell, the candidates ruled out

    /// True for the singles, which place a digit.
    [[nodiscard]] bool places() const noexcept { return cell >= 0; }
    /// Candidates ruled out, in all.
    [[nodiscard]] int removed_count() const noexcept;
    /// One line for a person, e.g. "hidden single: 5 in row 3 goes to r3c7", or
    /// "pointing: in box 4, 2 lies in row 5 only; 2 is ruled out of r5c7, r5c9".
    [[nodiscard]] std::string describe() const;
};

/// The state of a puzzle being solved by hand: the grid and the candidates of each blank cell.
/// The candidates start as every digit that no given in the cell's row, column or box rules out.
class LogicSolver {
public:
    explicit LogicSolver(const Grid& puzzle);

    [[nodiscard]] const Grid& grid() const noexcept { return grid_; }
    /// The candidates of `cell` (empty for a filled cell).
    [[nodiscard]] DigitSet candidates(int cell) const
    {
        return candidates_[static_cast<std::size_t>(cell)];
    }
    /// True when every cell is filled.
    [[nodiscard]] bool solved() const noexcept { return filled_ == Grid::cells; }
    /// True when the grid cannot be completed: givens that break the rules, a blank cell without
    /// a candidate, or a digit with no place left in a unit that lacks it.
    [[nodiscard]] bool broken() const;

    /// The first step found with the techniques up to `hardest`, trying them simplest first, or
    /// nothing when none applies (or the grid is broken or solved).
    [[nodiscard]] std::optional<Step> next_step(Technique hardest = Technique::hidden_triple) const;
    /// Carries out a step found by next_step() on this state.
    void apply(const Step& step);
    /// Applies the techniques up to `hardest` until none applies, and returns whether the grid
    /// is then full (false for givens that break the rules): where stepping with next_step()
    /// and apply() ends, reached faster. Every technique only rules candidates out, and one
    /// that applies still holds (or the grid is broken) after others have ruled more out, so
    /// the state where they get stuck does not depend on their order; the singles are
    /// therefore placed in sweeps, without building a Step for each. The puzzle maker calls it
    /// for every given it tries to take away.
    bool solve(Technique hardest = Technique::hidden_triple);
    /// Places `digit` in `cell` and rules it out of the cell's row, column and box.
    void place(int cell, int digit);

private:
    /// The first step of `technique`, or nothing.
    [[nodiscard]] std::optional<Step> find(Technique technique) const;
    /// Places the hidden singles (and with `naked`, the naked singles) until none is left.
    void place_singles(bool naked);
    [[nodiscard]] std::optional<Step> find_hidden_single() const;
    [[nodiscard]] std::optional<Step> find_naked_single() const;
    [[nodiscard]] std::optional<Step> find_pointing() const;
    [[nodiscard]] std::optional<Step> find_box_line() const;
    [[nodiscard]] std::optional<Step> find_naked_subset(int size) const;
    [[nodiscard]] std::optional<Step> find_hidden_subset(int size) const;
    /// Per position of `unit` (bit k for position k), where `digit` is still a candidate.
    [[nodiscard]] unsigned places(const Unit& unit, int digit) const;
    /// The digits (bit d - 1 for d) with exactly one place among the candidates of unit
    /// number `unit`: its hidden singles.
    [[nodiscard]] unsigned lone_digits(int unit) const;
    /// The first cell of unit number `unit` where `digit` is a candidate, or -1.
    [[nodiscard]] int place_of(int unit, int digit) const;

    Grid grid_;
    std::array<DigitSet, Grid::cells> candidates_{};
    int filled_ = 0;
    bool conflicting_ = false; // the givens break the rules
};

} // namespace sudoku
