// Pieces: shapes on a grid, how they may be turned, how many copies a puzzle uses; the named
// sets (pentominoes, hexiamonds, the Soma cube, ...; docs/polyform.md lists them with pictures),
// and every polyform of a size, enumerated.
#pragma once

#include <polyform/geometry.hpp>

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace polyform {

/// How a piece may be moved besides sliding it.
enum class Turns {
    free,      ///< turned, and turned over (mirrored): in 3D, rotations and reflections
    one_sided, ///< turned only: in 2D the piece cannot be flipped, in 3D no reflections
    fixed,     ///< slid only, as drawn
};

/// "free", "one-sided" or "fixed".
[[nodiscard]] std::string_view turns_name(Turns turns) noexcept;

/// How many copies of a piece a solution uses: from `lower` to `upper`. `upper` is `any` for
/// as many as fit.
struct Copies {
    static constexpr std::uint32_t any = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t lower = 1;
    std::uint32_t upper = 1;
    friend bool operator==(const Copies&, const Copies&) = default;
};

/// A piece of a puzzle.
struct Piece {
    std::string name; ///< a word: letters, digits and the characters ' - _ + ! ( ) [ ]
    Shape shape;      ///< normalised (geometry.hpp)
    Turns turns = Turns::free;
    Copies copies;
    friend bool operator==(const Piece&, const Piece&) = default;
};

/// Whether `name` can name a piece: 1 to 16 of the characters Piece::name allows.
[[nodiscard]] bool is_piece_name(std::string_view name) noexcept;

/// The distinct orientations of `shape` that `turns` allows, each normalised, in the order of
/// symmetries() (the shape as given first).
[[nodiscard]] std::vector<Shape> orientations(Grid grid, const Shape& shape, Turns turns);

/// The least of the orientations of `shape` that `turns` allows: two shapes are the same piece
/// under `turns` exactly when their canonical forms are equal.
[[nodiscard]] Shape canonical(Grid grid, const Shape& shape, Turns turns);

/// Every connected shape of `size` cells on `grid`, one per class under `turns` (free: Grid's
/// symmetries; one-sided: its rotations; fixed: translations only), each in canonical form, in
/// increasing order. Polyominoes of 1 to 6 cells: 1, 1, 2, 5, 12, 35 free, 1, 1, 2, 7, 18, 60
/// one-sided (OEIS A000105, A000988).
[[nodiscard]] std::vector<Shape> enumerate_polyforms(Grid grid, int size, Turns turns);

/// A named set of pieces.
struct PieceSet {
    std::string_view name;        ///< as a puzzle file names it: "pentominoes"
    std::string_view description; ///< one line for the docs and --help
    Grid grid;
    std::vector<Piece> pieces; ///< each with one copy
};

/// Every named set, in the order docs/polyform.md lists them.
[[nodiscard]] std::span<const PieceSet> piece_sets();

/// The set called `name`, or null.
[[nodiscard]] const PieceSet* find_piece_set(std::string_view name);

} // namespace polyform
