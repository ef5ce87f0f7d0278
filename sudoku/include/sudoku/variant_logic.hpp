// Solving a variant as a person does: the candidates of every blank cell and the techniques of
// logic.hpp, on any size and any rules of variant.hpp, plus the one killer players reach for
// first, a cage's combinations. The web page's hints on variants are built on it.
//
//   on classic 9x9 the same steps as LogicSolver, found in the same order; on variants:
//   units     rows, columns, boxes or jigsaw regions, diagonals, windows, full extra regions:
//             each holds every digit once, so a digit with one place left in one goes there
//   groups    the units, smaller extra regions, cages: their digits differ
//   pairs     anti-knight, anti-king (different digits), non-consecutive (digits apart by 2+)
//   cages     1+2+4 = 7: the cells of a 3-cell cage of sum 7 hold 1, 2 and 4
//
// Every technique is a sound deduction: it never removes the digit of any solution.
#pragma once

#include <sudoku/variant.hpp>
#include <sudoku/variant_solver.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

/// The techniques on variants, simplest first: the order in which VariantLogic looks for them.
enum class VariantTechnique : std::uint8_t {
    hidden_single,     ///< a digit has one place left in a unit: it goes there
    naked_single,      ///< a cell has one candidate left: it is placed
    cage_combination,  ///< a cage's cells keep only the digits of the sets of different digits
                       ///< that add up to its sum and fit its cells' candidates
    pointing,          ///< a digit's places in a box or region lie in one row or column
    box_line,          ///< a digit's places in a row or column lie in one box or region
    locked_candidates, ///< a digit's places in a unit all lie in another group (a diagonal, a
                       ///< window, a cage, ...): it is ruled out of the rest of that group;
                       ///< the same from a cage whose every combination holds the digit
    naked_pair,        ///< two cells of a group with the same two candidates: not elsewhere in it
    hidden_pair,       ///< two digits with the same two places in a unit: nothing else there
    naked_triple,      ///< three cells of a group whose candidates are three digits in all
    hidden_triple,     ///< three digits whose places in a unit are three cells in all
};
inline constexpr int variant_technique_count = 10;

/// The technique's name: "hidden-single", "naked-single", "cage-combination", "pointing",
/// "box-line", "locked-candidates", "naked-pair", "hidden-pair", "naked-triple",
/// "hidden-triple" (the names of logic.hpp where they are the same technique).
[[nodiscard]] std::string_view name(VariantTechnique technique);

/// One deduction: either a digit placed in a cell (the singles) or candidates ruled out.
struct VariantStep {
    VariantTechnique technique = VariantTechnique::hidden_single;
    int group = -1;           ///< index in Rules::groups() where the pattern lies (-1: none,
                              ///< a naked single)
    int other_group = -1;     ///< pointing, box-line, locked candidates: the group it clears
    int cell = -1;            ///< singles: the canvas cell filled
    int digit = 0;            ///< singles: its digit
    std::uint32_t digits = 0; ///< the other techniques: the pattern's digits (bit d - 1)
    /// The other techniques: the candidates ruled out, as (canvas cell, digits), by cell.
    std::vector<std::pair<int, std::uint32_t>> removed;

    /// True for the singles, which place a digit.
    [[nodiscard]] bool places() const noexcept { return cell >= 0; }
    /// One line for a person, worded as Step::describe() words it (the same text on the classic
    /// 9x9 grid), with the groups' names of `rules` (the rules it was found under):
    /// "hidden single: 5 has one place in window 2, r3c7", "cage combination: cage 1 at r1c1
    /// (1 cell, sum 6) holds 6; out: 1, 2, 3, 4 and 5 from r1c1", "locked candidates: in row 3,
    /// 5 lies in window 2 only; out: 5 from r2c2". Digits above 9 are written as their symbols
    /// (A for 10 to P for 25).
    [[nodiscard]] std::string describe(const Rules& rules) const;
};

/// The state of a variant being solved by hand: the grid and the candidates of each blank
/// cell. The candidates start as the digits the puzzle allows (its pencil marks, if any) that
/// no given rules out through a group or a pair.
class VariantLogic {
public:
    explicit VariantLogic(const VariantPuzzle& puzzle);

    [[nodiscard]] const Rules& rules() const noexcept { return *rules_; }
    /// One digit per canvas cell, 0 for a blank (and in samurai's gaps).
    [[nodiscard]] const std::vector<std::uint8_t>& digits() const noexcept { return digits_; }
    /// The candidates of canvas cell `cell` (0 for a filled cell or a gap).
    [[nodiscard]] std::uint32_t candidates(int cell) const
    {
        return candidates_[static_cast<std::size_t>(cell)];
    }
    /// True when every cell of the puzzle is filled.
    [[nodiscard]] bool solved() const noexcept;
    /// True when the grid cannot be completed: givens that break the rules, a blank cell
    /// without a candidate, a digit with no place left in a unit that lacks it, or a cage
    /// whose digits can no longer reach its sum (no set of different digits that adds up to
    /// it fits its cells; a cage with more than 100,000 sets to look through is not checked).
    [[nodiscard]] bool broken() const;
    /// The first step found with the techniques up to `hardest`, simplest first, or nothing
    /// when none applies (or the grid is broken or solved).
    [[nodiscard]] std::optional<VariantStep> next_step(
        VariantTechnique hardest = VariantTechnique::hidden_triple) const;
    /// Carries out a step found by next_step() on this state.
    void apply(const VariantStep& step);
    /// Applies the techniques up to `hardest` until none applies; true when the grid is then
    /// full (false for givens that break the rules). Where stepping with next_step() and
    /// apply() ends, reached faster: the singles are placed in sweeps, as LogicSolver::solve
    /// does, since where the techniques get stuck does not depend on their order.
    bool solve(VariantTechnique hardest = VariantTechnique::hidden_triple);
    /// Places `digit` in `cell` and rules it out of every group of the cell and of the cells
    /// paired with it (different_pairs()); rules digit - 1 and digit + 1 out of its
    /// non-consecutive neighbours (apart_pairs()).
    void place(int cell, int digit);

private:
    /// What a cage with a sum may still hold: the sets of different digits that add up to its
    /// sum, hold every digit placed in it and fit its blank cells' candidates (one each).
    struct CageSets {
        std::uint32_t any = 0;   ///< the digits of some set
        std::uint32_t every = 0; ///< the digits of every set
        int count = 0;           ///< the sets
        /// False when the cage has too many sets to look through (then it is left alone).
        bool complete = true;
    };
    /// The sets of cage `cage` (index in Variant::cages, whose sum is not 0).
    [[nodiscard]] CageSets cage_sets(std::size_t cage) const;
    /// The first step of `technique`, or nothing.
    [[nodiscard]] std::optional<VariantStep> find(VariantTechnique technique) const;
    /// Places the hidden singles (and with `naked`, the naked singles) until none is left.
    void place_singles(bool naked);
    [[nodiscard]] std::optional<VariantStep> find_hidden_single() const;
    [[nodiscard]] std::optional<VariantStep> find_naked_single() const;
    [[nodiscard]] std::optional<VariantStep> find_cage_combination() const;
    /// Pointing, box-line or locked candidates, as `technique` says.
    [[nodiscard]] std::optional<VariantStep> find_locked(VariantTechnique technique) const;
    /// The first step of `technique` that locks `digit`, whose places in group `group` all lie
    /// in another group, out of that other group.
    [[nodiscard]] std::optional<VariantStep> lock_digit(int group, int digit,
                                                        VariantTechnique technique) const;
    [[nodiscard]] std::optional<VariantStep> find_naked_subset(int size) const;
    [[nodiscard]] std::optional<VariantStep> find_hidden_subset(int size) const;
    /// Per position in group `group` (bit k for its k-th cell), where `digit` is a candidate.
    [[nodiscard]] std::uint32_t places(int group, int digit) const;
    /// The digits with exactly one place among the candidates of group `group`.
    [[nodiscard]] std::uint32_t lone_digits(int group) const;
    /// The first cell of group `group` where `digit` is a candidate, or -1.
    [[nodiscard]] int place_of(int group, int digit) const;
    /// True when canvas cell `cell` is one of group `group`'s.
    [[nodiscard]] bool in_group(int cell, int group) const;

    std::shared_ptr<const Rules> rules_;
    std::vector<std::uint8_t> digits_;
    std::vector<std::uint32_t> candidates_;
    /// Per canvas cell: the cells paired with it (different_pairs()) and its non-consecutive
    /// neighbours (apart_pairs()).
    std::vector<std::vector<int>> different_of_, apart_of_;
    /// The units, in the order hidden singles are looked for: boxes, jigsaw regions and
    /// windows, then rows, then columns, then the rest (LogicSolver's order on 9x9).
    std::vector<int> single_order_;
    int blanks_ = 0;           // cells of the puzzle without a digit
    bool conflicting_ = false; // the givens break the rules
};

} // namespace sudoku
