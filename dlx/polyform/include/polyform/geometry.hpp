// The four grids of polyforms: squares, triangles, hexagons and cubes. Every cell is a point of
// an integer lattice, so that turning and mirroring a shape is a matrix product and moving it a
// sum; a cell is drawn at a row and column of text (docs/polyform.md, "Drawings").
//
//   squares, cubes   point (x, y, z) = (column, row, layer)
//   hexagons         axial coordinates: x = (column - row) / 2, y = row (drawn with row +
//                    column even, each row half a cell to the right of the one above)
//   triangles        three times the centroid in the axial coordinates of the triangles'
//                    corners: (3a+1, 3b+1) points up, (3a+2, 3b+2) down; drawn in rows that
//                    alternate up and down, a triangle pointing up where row + column is even
#pragma once

#include <array>
#include <compare>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace polyform {

/// The kind of cell a puzzle is made of.
enum class Grid {
    square,   ///< polyominoes
    triangle, ///< polyiamonds
    hexagon,  ///< polyhexes
    cube,     ///< polycubes (the only grid in three dimensions)
};

/// "square", "triangle", "hexagon" or "cube".
[[nodiscard]] std::string_view grid_name(Grid grid) noexcept;
/// The grid called `name` (as grid_name() writes it), if there is one.
[[nodiscard]] std::optional<Grid> grid_named(std::string_view name) noexcept;

/// A cell as drawn: its layer (cubes only; 0 otherwise), row and column of text, from 0.
struct Cell {
    int layer = 0;
    int row = 0;
    int col = 0;
    friend auto operator<=>(const Cell&, const Cell&) = default;
};

/// A cell as a point of the grid's lattice (see the top of this file).
struct Point {
    int x = 0;
    int y = 0;
    int z = 0;
    friend auto operator<=>(const Point&, const Point&) = default;
    friend Point operator+(Point a, Point b) noexcept { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend Point operator-(Point a, Point b) noexcept { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
};

/// Whether a cell can be drawn at `cell` in `grid`: hexagons sit where row + column is even;
/// every position is a cell of the other grids.
[[nodiscard]] bool is_cell(Grid grid, Cell cell) noexcept;
/// The point of a drawn cell. Precondition: is_cell(grid, cell).
[[nodiscard]] Point to_point(Grid grid, Cell cell) noexcept;
/// The drawn cell of a point of the lattice (the inverse of to_point()).
[[nodiscard]] Cell to_cell(Grid grid, Point point) noexcept;

/// Whether moving every cell by `offset` maps the grid onto itself (for triangles, both
/// coordinates multiples of 3; for the others any offset).
[[nodiscard]] bool is_translation(Grid grid, Point offset) noexcept;

/// The cells that share a side (a face, for cubes) with `point`: 4, 3, 6 or 6 of them.
[[nodiscard]] std::vector<Point> neighbours(Grid grid, Point point);

/// A linear map of the lattice onto itself that keeps the grid: a rotation, or a reflection
/// when `mirror` is set (determinant -1).
struct Transform {
    std::array<std::array<int, 3>, 3> matrix{};
    bool mirror = false;
    /// The image of `p`: the matrix times the point.
    [[nodiscard]] Point apply(Point p) const noexcept
    {
        return {matrix[0][0] * p.x + matrix[0][1] * p.y + matrix[0][2] * p.z,
                matrix[1][0] * p.x + matrix[1][1] * p.y + matrix[1][2] * p.z,
                matrix[2][0] * p.x + matrix[2][1] * p.y + matrix[2][2] * p.z};
    }
    friend bool operator==(const Transform&, const Transform&) = default;
};

/// Every symmetry of the grid about a point: the identity first, then the other rotations, then
/// the reflections. Squares 4 + 4, triangles and hexagons 6 + 6, cubes 24 + 24.
[[nodiscard]] std::span<const Transform> symmetries(Grid grid);

/// A shape: a set of points, sorted, without repeats.
using Shape = std::vector<Point>;

/// `shape` sorted and moved by a translation of the grid (is_translation()) so that each
/// coordinate's least value is as small as it can be while not negative: equal shapes up to
/// translation have equal normal forms.
[[nodiscard]] Shape normalised(Grid grid, Shape shape);

/// Where a drawing of `shape` starts: its least layer, row and column as drawn, the column one
/// further left where that keeps the parity of row + column, which tells triangles up from
/// down and places hexagons. Drawings, names and pictures count from it. Precondition:
/// `shape` is not empty.
[[nodiscard]] Cell drawing_origin(Grid grid, const Shape& shape) noexcept;

/// Whether the cells of `shape` are connected through shared sides.
[[nodiscard]] bool is_connected(Grid grid, const Shape& shape);

} // namespace polyform
