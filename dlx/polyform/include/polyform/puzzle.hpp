// A polyform puzzle: a board on a grid and the pieces to place on it, as a puzzle file states
// them (docs/polyform.md, "Puzzle files"):
//
//   # The twelve pentominoes in a 6x10 rectangle.
//   pieces pentominoes
//   board 6x10
#pragma once

#include <polyform/pieces.hpp>

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace polyform {

/// A puzzle: pieces to place, without overlap, on a board whose every cell they must cover,
/// except the cells that may stay empty.
struct Puzzle {
    Grid grid = Grid::square;
    std::vector<Piece> pieces; ///< names distinct
    Shape board;               ///< every cell of the board, sorted
    Shape may_stay_empty;      ///< the board's cells that need not be covered, sorted
    /// Per piece, the line of the puzzle file that gave it (0 for a puzzle made in code), so
    /// that a fault found later can name it.
    std::vector<std::size_t> piece_line;
    std::size_t board_line = 0;
};

/// Reads a puzzle file from `in`; `file` names it in messages. Throws dlx::ParseError
/// ("file:line: what", "file:line:column: what") for a fault: an unknown keyword or set, a
/// character a drawing does not take, a piece given twice or drawn in two parts, no board, no
/// piece, pieces on another grid than the board's. Faults of the puzzle as a whole (a piece that
/// fits nowhere, cell counts that cannot match) are found by build_model().
[[nodiscard]] Puzzle read_puzzle(std::istream& in, const std::string& file);
/// The same from a string.
[[nodiscard]] Puzzle parse_puzzle(std::string_view text, const std::string& file);

/// A rectangle of `rows` x `cols` on `grid` (for triangles and hexagons a parallelogram of rows
/// of `cols` rhombi, each two triangles, or of `cols` hexagons), or a box of `layers` layers
/// on the cube grid. Sorted.
[[nodiscard]] Shape box(Grid grid, int rows, int cols, int layers = 1);

} // namespace polyform
