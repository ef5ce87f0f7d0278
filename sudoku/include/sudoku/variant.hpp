// Sudoku variants: grids from 4x4 to 25x25 with square or rectangular boxes, samurai, and the
// rules that add units or constraints (X, windoku, jigsaw, killer, anti-knight, anti-king,
// non-consecutive, extra regions). A Variant states the rules as a setter does; Rules works out
// the cells, the groups of cells that hold different digits, and the pairs of cells that
// constrain each other. The exact cover built from them is in variant_solver.hpp.
//
//   a 6x6 grid, boxes 2 rows by 3 columns     samurai: five 9x9 grids on a 21x21 canvas
//   +-------+-------+                         +-----+   +-----+   grids 1 and 2 at the top,
//   | 1 2 3 | 4 5 6 |                         |  1 +-+---+-+ 2  |   3 in the centre, 4 and 5
//   | 4 5 6 | 1 2 3 |                         +----|-+ 3 +-|----+   at the bottom; the centre
//   +-------+-------+                         +----|-+   +-|----+   grid shares a corner box
//   | ...   |       |                         |  4 +-+---+-+ 5  |   with each of the others
//                                             +-----+   +-----+
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

/// The most digits a grid may have: 25 (25x25, boxes of 5x5). Digits are 1..size.
inline constexpr int most_digits = 25;

/// A killer cage: its cells hold different digits, which add up to `sum` (0: no sum is given).
struct Cage {
    std::vector<int> cells; ///< canvas cells (see Variant)
    int sum = 0;
    friend bool operator==(const Cage&, const Cage&) = default;
};

/// The rules of a puzzle, as a setter states them. Cells are numbered on the canvas row by
/// row from 0: size x size cells, or 21 x 21 for samurai (whose canvas has gaps: Rules::is_cell).
/// Every rule can be combined with every other, except that samurai takes none of them.
struct Variant {
    int size = 9;        ///< digits 1..size; rows and columns of each grid (4 to 25)
    int box_rows = 3;    ///< rows of a box; box_rows * box_columns == size
    int box_columns = 3; ///< columns of a box
    /// Five 9x9 grids with 3x3 boxes on a 21x21 canvas, the centre one sharing a corner box
    /// with each of the others (size 9 only).
    bool samurai = false;
    /// Jigsaw: the region (0..size-1) of each cell, row by row; each region has size cells and
    /// holds every digit once, in place of the boxes. Empty: the boxes.
    std::vector<int> regions;
    bool main_diagonal = false; ///< top-left to bottom-right holds every digit once
    bool anti_diagonal = false; ///< top-right to bottom-left holds every digit once
    /// Windoku: the windows hold every digit once too. They are boxes of the box's shape, one
    /// cell in from the edges with a line of cells between two windows (four on 9x9).
    bool windoku = false;
    bool anti_knight = false; ///< two cells a knight's move apart never hold the same digit
    bool anti_king = false;   ///< two cells that touch, even at a corner, never hold the same digit
    bool non_consecutive = false; ///< two cells side by side never hold digits that differ by 1
    /// Regions of at most `size` cells whose digits differ (every digit once when full).
    std::vector<std::vector<int>> extra_regions;
    std::vector<Cage> cages; ///< killer cages

    /// The classic rules on a grid of `size` digits, with its usual boxes: 2x2 for 4, 2x3 for
    /// 6, 2x4 for 8, 3x3 for 9, 2x5 for 10, 3x4 for 12, 4x4 for 16, 5x5 for 25 (and for any
    /// other size from 4 to 25, the most nearly square boxes, at least two rows high). Throws
    /// std::invalid_argument for a size that has no boxes (a prime, or out of range).
    [[nodiscard]] static Variant classic(int size);
    /// The variant's short description, for example "9x9 X killer" or "16x16".
    [[nodiscard]] std::string describe() const;

    friend bool operator==(const Variant&, const Variant&) = default;
};

/// The rules that are made for each puzzle rather than stated: named by add_named_rules().
struct MadeRules {
    bool killer = false; ///< cages cut from each puzzle's grid
    bool jigsaw = false; ///< regions drawn for each puzzle
};

/// Adds the rules named in `names`, separated by commas, to `variant`, as sudoku-cli --variant
/// names them: "x" (both diagonals), "windoku", "anti-knight", "anti-king", "non-consecutive",
/// "samurai"; "killer" and "jigsaw" are returned, for a maker to make. Throws
/// std::invalid_argument "'sandwich' is not one of x, windoku, ..." for any other name (an
/// empty one included).
MadeRules add_named_rules(Variant& variant, std::string_view names);

/// What made a group: the rule it comes from.
enum class GroupKind : std::uint8_t {
    row,
    column,
    box,      ///< a box of the grid's shape
    region,   ///< a jigsaw region (in place of the boxes)
    diagonal, ///< the main diagonal or the anti-diagonal (X)
    window,   ///< a windoku window
    extra,    ///< an extra region
    cage,     ///< a killer cage
};

/// Cells that must hold different digits: a unit when it has as many cells as there are digits
/// (every digit then appears once), otherwise a group in which no digit repeats.
struct Group {
    std::vector<int> cells; ///< canvas cells, in the order of the group's definition
    std::string name;       ///< "row 3", "box 5", "main diagonal", "cage 2", ...
    bool unit = false;      ///< cells.size() equals the number of digits
    GroupKind kind = GroupKind::row;
};

/// A pair of cells that constrain each other, first < second.
using CellPair = std::pair<int, int>;

/// The cells, groups and pairs of a Variant, worked out and checked once.
class Rules {
public:
    /// Checks `variant` and works out its geometry. Throws std::invalid_argument with a
    /// sentence that says what is wrong: a size or box shape out of range, a jigsaw region of
    /// the wrong size, a cage with a cell outside the grid or a sum that no different digits
    /// reach, samurai with another rule.
    explicit Rules(Variant variant);

    [[nodiscard]] const Variant& variant() const noexcept { return variant_; }
    /// The number of digits.
    [[nodiscard]] int size() const noexcept { return variant_.size; }
    /// The canvas: rows and columns of cells (21 x 21 for samurai, else size x size).
    [[nodiscard]] int rows() const noexcept { return rows_; }
    [[nodiscard]] int columns() const noexcept { return columns_; }
    [[nodiscard]] int canvas_size() const noexcept { return rows_ * columns_; }
    /// True when canvas cell `index` is a cell of the puzzle (false in samurai's gaps).
    [[nodiscard]] bool is_cell(int index) const
    {
        return index >= 0 && index < canvas_size() && present_[static_cast<std::size_t>(index)];
    }
    /// The puzzle's cells, in canvas order.
    [[nodiscard]] const std::vector<int>& cells() const noexcept { return cells_; }
    /// Every group whose digits differ: the units (rows, columns, boxes or jigsaw regions,
    /// diagonals, windows, full extra regions), then the smaller extra regions, then the
    /// cages. A set of cells appears once (samurai's shared boxes, for example).
    [[nodiscard]] const std::vector<Group>& groups() const noexcept { return groups_; }
    /// The groups that hold cell `index`, by their index in groups().
    [[nodiscard]] const std::vector<int>& groups_of(int index) const
    {
        return groups_of_[static_cast<std::size_t>(index)];
    }
    /// Pairs that anti-knight or anti-king keep apart and that share no group.
    [[nodiscard]] const std::vector<CellPair>& different_pairs() const noexcept
    {
        return different_;
    }
    /// Pairs of cells side by side whose digits must not differ by 1 (non-consecutive).
    [[nodiscard]] const std::vector<CellPair>& apart_pairs() const noexcept { return apart_; }
    /// Where cage `cage` (index in variant().cages) is among groups().
    [[nodiscard]] int cage_group(std::size_t cage) const { return cage_groups_[cage]; }

    /// The name of cell `index` as people write it, "r3c7" (from 1; on samurai's canvas).
    [[nodiscard]] std::string cell_name(int index) const;

    /// What is wrong with `digits` (one per canvas cell, 0 for a blank): the first two filled
    /// cells that break a rule ("two 5s in row 3", "r1c1 and r2c3 both hold 4, a knight's move
    /// apart", "r4c4 holds 5 and r4c5 holds 6: consecutive"), or a full cage whose digits do
    /// not add up to its sum, or a digit out of range. Nothing when no rule is broken.
    [[nodiscard]] std::optional<std::string> find_fault(std::span<const std::uint8_t> digits) const;
    /// True when every cell holds a digit and no rule is broken.
    [[nodiscard]] bool is_solved(std::span<const std::uint8_t> digits) const;

private:
    void add_group(std::vector<int> cells, std::string name, GroupKind kind);
    void add_units();
    void add_pairs();
    void add_cages();

    Variant variant_;
    int rows_ = 0, columns_ = 0;
    std::vector<bool> present_;
    std::vector<int> cells_;
    std::vector<Group> groups_;
    std::vector<std::vector<int>> groups_of_;
    std::vector<int> cage_groups_;
    std::vector<CellPair> different_, apart_;
};

/// The classic rules of a grid of `size` digits (Variant::classic), made once per size and
/// shared (thread-safe). Throws as Variant::classic does.
[[nodiscard]] std::shared_ptr<const Rules> classic_rules(int size);
/// The rules of samurai (five 9x9 grids), made once and shared (thread-safe).
[[nodiscard]] std::shared_ptr<const Rules> samurai_rules();

/// The symbol of `digit` in text: '1'..'9', then 'A' for 10 up to 'P' for 25; '.' for 0.
[[nodiscard]] constexpr char digit_symbol(int digit)
{
    return digit == 0   ? '.'
           : digit <= 9 ? static_cast<char>('0' + digit)
                        : static_cast<char>('A' + digit - 10);
}
/// The digit that `symbol` stands for on a grid of `size` digits: 0 for a blank ('.' or '0'),
/// -1 for a character that is not a digit there. Letters may be either case.
[[nodiscard]] constexpr int symbol_digit(char symbol, int size)
{
    int digit = -1;
    if (symbol == '.' || symbol == '0')
        return 0;
    if (symbol >= '1' && symbol <= '9')
        digit = symbol - '0';
    else if (symbol >= 'A' && symbol <= 'Z')
        digit = symbol - 'A' + 10;
    else if (symbol >= 'a' && symbol <= 'z')
        digit = symbol - 'a' + 10;
    return digit <= size ? digit : -1;
}

} // namespace sudoku
