// The f-puzzles reader's pieces shared inside the library: f-puzzles' geometry, and the JSON
// tree read into a puzzle (fpuzzles_read.cpp). The text, links and writing are fpuzzles.cpp's.
#pragma once

#include "json.hpp"

#include <sudoku/variant_solver.hpp>

#include <string>

namespace sudoku::detail {

/// f-puzzles' most digits (16; its least, 3, is below Variant's 4).
inline constexpr int fpuzzles_largest_size = 16;

/// A box's shape in f-puzzles: rows by columns.
struct BoxShape {
    int rows;
    int columns;
};

/// f-puzzles' boxes for `size` digits (its table `sizes`): the most nearly square, the rows
/// of the grid (1 x size) for a prime.
[[nodiscard]] BoxShape fpuzzles_box(int size);

/// The region f-puzzles gives the cell in `row`, `column` (from 0) when its `region` is absent.
[[nodiscard]] inline int fpuzzles_region(int row, int column, BoxShape box)
{
    return row / box.rows * box.rows + column / box.columns;
}

/// The f-puzzles name of canvas cell `cell` in a `size` x `size` grid: "R3C7".
[[nodiscard]] std::string fpuzzles_cell_name(int cell, int size);

/// The puzzle that the f-puzzles JSON `root` states. Throws FormatError at the value at fault.
[[nodiscard]] VariantPuzzle read_fpuzzles_json(const JsonValue& root);

} // namespace sudoku::detail
