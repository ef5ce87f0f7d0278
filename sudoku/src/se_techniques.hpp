// The techniques of Sudoku Explainer's scale (se_rating.hpp), private to the library: the
// grid's geometry as SE numbers it, and SeTechniques, which reads a solver's state once and
// holds one function per SE technique (each technique family in its own source file).
//
// Each technique scans as SE scans, since the first step found is the one taken: regions by
// type (boxes, then columns, then rows, unless said otherwise), each type's nine regions in
// order, digits from 1, and subsets of cells, digits or lines in increasing order of their
// bit masks ({0,1}, {0,2}, {1,2}, {0,3}, ...). A region's positions are numbered as SE
// numbers them: a box row by row, a row left to right, a column top to bottom.
#pragma once

#include <sudoku/se_rating.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace sudoku::se {

enum RegionType { box = 0, row = 1, column = 2 };
inline constexpr std::array<RegionType, 3> box_column_row{box, column, row};

/// The cell at `position` of region `region` of type `type`.
constexpr int cell_at(int type, int region, int position)
{
    switch (type) {
    case box: return 9 * (3 * (region / 3) + position / 3) + 3 * (region % 3) + position % 3;
    case row: return 9 * region + position;
    default: return 9 * position + region;
    }
}

/// The region of type `type` that holds `cell`.
constexpr int region_of(int type, int cell)
{
    switch (type) {
    case box: return (cell / 27) * 3 + (cell % 9) / 3;
    case row: return cell / 9;
    default: return cell % 9;
    }
}

/// The position of `cell` in its region of type `type`.
constexpr int position_in(int type, int cell)
{
    switch (type) {
    case box: return (cell / 9) % 3 * 3 + cell % 3;
    case row: return cell % 9;
    default: return cell / 9;
    }
}

/// Whether region (type, index) holds `cell`.
constexpr bool contains(int type, int index, int cell) { return region_of(type, cell) == index; }

/// Whether two regions share a cell.
constexpr bool crosses(int type_a, int a, int type_b, int b)
{
    if (type_a == type_b)
        return a == b;
    if (type_a != box && type_b != box)
        return true; // a row and a column
    const int the_box = type_a == box ? a : b, line_type = type_a == box ? type_b : type_a;
    const int line = type_a == box ? b : a;
    return line_type == row ? line / 3 == the_box / 3 : line / 3 == the_box % 3;
}

/// Whether two different cells share a region.
constexpr bool sees(int a, int b)
{
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || region_of(box, a) == region_of(box, b));
}

/// How many of nine (digits, positions, lines) a mask holds. A table: for an instruction set
/// without a population count, std::popcount is a library call, which took a quarter of the
/// rater's time.
inline constexpr auto nine_counts = [] {
    std::array<std::uint8_t, 512> counts{};
    for (std::size_t mask = 1; mask < counts.size(); ++mask)
        counts[mask] = static_cast<std::uint8_t>(counts[mask & (mask - 1)] + 1);
    return counts;
}();
constexpr int count_of(unsigned mask) { return nine_counts[mask]; }

/// The candidate bit of `digit`.
constexpr std::uint16_t bit(int digit) { return static_cast<std::uint16_t>(1u << (digit - 1)); }

/// Calls `visit(mask)` for each subset of `size` of {0..n-1}, in increasing order of the
/// masks, until it returns true; returns whether it did.
template <typename Visit> bool any_subset(int size, const Visit& visit, int n = 9)
{
    for (unsigned mask = (1u << size) - 1; mask < (1u << n);) {
        if (visit(mask))
            return true;
        const unsigned lowest = mask & (~mask + 1), ripple = mask + lowest;
        mask = ripple | (((mask ^ ripple) >> 2) / lowest);
    }
    return false;
}

/// SE's common tuple: each of `sets` has two members or more, and together they have `size`.
std::optional<unsigned> common_tuple(const unsigned* sets, int size);

/// A step that rules candidates out (SeStep::removed to be filled in).
inline SeStep elimination(SeTechnique technique, std::string name, double rating)
{
    SeStep step;
    step.technique = technique;
    step.name = std::move(name);
    step.rating = rating;
    return step;
}

/// The techniques, each returning the first step it finds in SE's scan order.
class SeTechniques {
public:
    /// Reads the state once into each region's places for each digit and its empty cells,
    /// which every technique asks for again and again.
    explicit SeTechniques(const SeSolver& state);

    /// The digit in `cell`, 0 when it is empty.
    [[nodiscard]] int digit(int cell) const { return s_.grid()[cell]; }
    /// The candidates of `cell` (bit d - 1 for digit d; none for a filled cell).
    [[nodiscard]] std::uint16_t candidates(int cell) const { return s_.candidates(cell); }
    /// Where `digit` may go in a region: bit p for position p.
    [[nodiscard]] unsigned positions(int type, int region, int digit) const
    {
        return places_[type][region][digit - 1];
    }
    [[nodiscard]] int empty_cells(int type, int region) const { return empty_[type][region]; }
    /// How many times `digit` is placed in the grid.
    [[nodiscard]] int placed(int digit) const { return placed_[digit]; }

    // se_basic.cpp: singles, intersections, subsets and basic fish.
    [[nodiscard]] std::optional<SeStep> hidden_single() const;
    [[nodiscard]] std::optional<SeStep> locking(bool direct) const;
    [[nodiscard]] std::optional<SeStep> hidden_set(int size, bool direct) const;
    [[nodiscard]] std::optional<SeStep> naked_single() const;
    [[nodiscard]] std::optional<SeStep> naked_set(int size) const;
    [[nodiscard]] std::optional<SeStep> fish(int size) const;

    // se_turbot.cpp: two strong links on one digit joined by a weak one (skyscraper, 2-string
    // kite, turbot crane, and their grouped forms).
    [[nodiscard]] std::optional<SeStep> turbot_fish() const;

    // se_uniqueness.cpp: unique rectangles and loops, bivalue universal grave.
    [[nodiscard]] std::optional<SeStep> unique_loops() const;
    [[nodiscard]] std::optional<SeStep> bug() const;

    // se_strong_links.cpp: chains of three strong links on one digit.
    [[nodiscard]] std::optional<SeStep> strong_links() const;

    // se_wings.cpp: XY-, XYZ-, WXYZ- and VWXYZ-wings, aligned pair exclusion.
    [[nodiscard]] std::optional<SeStep> xy_wing(bool xyz) const;
    [[nodiscard]] std::optional<SeStep> wxyz_wing() const;
    [[nodiscard]] std::optional<SeStep> vwxyz_wing() const;
    [[nodiscard]] std::optional<SeStep> aligned_pair_exclusion() const;

    // se_chains.cpp, se_chain_multiple.cpp, se_chain_hints.cpp: the chaining engine.
    [[nodiscard]] std::optional<SeStep> forcing_chains() const;
    [[nodiscard]] std::optional<SeStep> nishio_chains() const;
    [[nodiscard]] std::optional<SeStep> multiple_chains() const;
    [[nodiscard]] std::optional<SeStep> dynamic_chains() const;

    // se_aligned_triple.cpp: aligned triplet exclusion.
    [[nodiscard]] std::optional<SeStep> aligned_triple_exclusion() const;

private:
    [[nodiscard]] bool inside(int type, int index, unsigned places, int other_type,
                              int other) const;
    [[nodiscard]] std::optional<SeStep> locking_step(int first_type, int first, int second_type,
                                                     int second, int digit) const;
    [[nodiscard]] std::optional<SeStep> direct_locking(int first_type, int first, int second_type,
                                                       int second, int digit) const;
    [[nodiscard]] std::optional<SeStep> hidden_set_step(int type, int region, unsigned digit_mask,
                                                        unsigned cells, int size,
                                                        bool direct) const;

    const SeSolver& s_;
    unsigned places_[3][9][9] = {}; // [type][region][digit - 1]: positions
    int empty_[3][9] = {};          // [type][region]: empty cells
    int placed_[10] = {};           // [digit]: times placed
};

} // namespace sudoku::se
