// A 9x9 Sudoku grid, and the rules: which grids are complete and valid, which givens conflict.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace sudoku {

/// A 9x9 grid of digits, 0 for a blank cell. Cells are numbered 0..80 row by row.
class Grid {
public:
    static constexpr int size = 9;
    static constexpr int cells = 81;

    /// An all-blank grid.
    Grid() = default;
    /// The grid written as 81 characters, row by row, '0' or '.' for a blank. Precondition:
    /// exactly 81 characters from "0123456789."; use the readers in text_format.hpp for input
    /// that may be malformed.
    static Grid from_string(const std::string& text);

    /// Digit at cell `index` (0..80), 0 when blank.
    [[nodiscard]] int operator[](int index) const
    {
        return cells_[static_cast<std::size_t>(index)];
    }
    /// Digit at `row`, `col` (0..8).
    [[nodiscard]] int at(int row, int col) const { return (*this)[row * size + col]; }
    /// Sets cell `index` to `digit` (0..9; 0 blanks it).
    void set(int index, int digit)
    {
        cells_[static_cast<std::size_t>(index)] = static_cast<std::uint8_t>(digit);
    }

    /// The 81 digits as bytes, row by row (0 for a blank).
    [[nodiscard]] const std::array<std::uint8_t, cells>& digits() const noexcept { return cells_; }

    /// Number of blank cells.
    [[nodiscard]] int blank_count() const;
    /// The grid as 81 characters, '0' for a blank.
    [[nodiscard]] std::string to_string() const;

    friend bool operator==(const Grid&, const Grid&) = default;

private:
    std::array<std::uint8_t, cells> cells_{};
};

/// The 3x3 box (0..8, row by row) of cell (`row`, `col`).
[[nodiscard]] constexpr int box_of(int row, int col) { return (row / 3) * 3 + col / 3; }

/// The name of cell `index` (0..80) as people write it: "r3c7" (row and column from 1).
[[nodiscard]] std::string cell_name(int index);

/// One of the 27 units, the rows, columns and boxes, each of which holds every digit once.
struct Unit {
    enum class Kind { row, column, box };
    static constexpr int count = 27;

    Kind kind = Kind::row;
    int index = 0; ///< which row, column or box (0..8; boxes row by row)

    /// Units by number: rows 0..8, then columns 9..17, then boxes 18..26.
    [[nodiscard]] static constexpr Unit from_number(int number)
    {
        return {static_cast<Kind>(number / 9), number % 9};
    }
    [[nodiscard]] constexpr int number() const { return static_cast<int>(kind) * 9 + index; }
    /// The cell at `position` (0..8) of the unit: left to right, top to bottom.
    [[nodiscard]] constexpr int cell(int position) const
    {
        switch (kind) {
        case Kind::row: return index * 9 + position;
        case Kind::column: return position * 9 + index;
        case Kind::box: break;
        }
        return ((index / 3) * 3 + position / 3) * 9 + (index % 3) * 3 + position % 3;
    }
    /// For example "row 3" (counted from 1, as people count).
    [[nodiscard]] std::string describe() const;

    friend bool operator==(const Unit&, const Unit&) = default;
};

/// Two givens that break the rules: `digit` twice in one unit.
struct Conflict {
    Unit unit;
    int digit = 0;
    /// For example "two 5s in row 3".
    [[nodiscard]] std::string describe() const;
};

/// The first pair of givens that break the rules (rows first, then columns, then boxes), or
/// nothing when the givens are consistent.
[[nodiscard]] std::optional<Conflict> find_conflict(const Grid& grid);

/// True when `grid` is complete and every row, column and box holds each digit once.
[[nodiscard]] bool is_solved(const Grid& grid);

/// True when `solution` is solved and agrees with every given of `puzzle`.
[[nodiscard]] bool solves(const Grid& solution, const Grid& puzzle);

} // namespace sudoku
