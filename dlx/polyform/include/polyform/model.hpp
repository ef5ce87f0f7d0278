// A puzzle as exact cover: an item per piece (with its number of copies as multiplicity) and per
// cell of the board (secondary where the cell may stay empty), an option per placement of a
// piece. With Solutions::distinct, one solution of each class under the puzzle's symmetries:
// a piece's placements are restricted before the search (docs/polyform.md, "Symmetry").
#pragma once

#include <polyform/puzzle.hpp>

#include <dlx/error.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace polyform {

/// A piece on the board.
struct Placement {
    std::uint32_t piece = 0; ///< index into Puzzle::pieces
    Shape cells;             ///< sorted
    friend bool operator==(const Placement&, const Placement&) = default;
};

/// A symmetry of the puzzle: it maps the board onto itself (cells that may stay empty onto such
/// cells), and every piece onto a piece with the same copies whose orientations are the images
/// of the first one's (itself, unless the pieces are one-sided and this is a reflection).
struct Symmetry {
    Transform transform;
    Point offset;                     ///< a point p goes to transform.apply(p) + offset
    std::vector<std::uint32_t> piece; ///< the piece each piece goes to
    /// The image of `p` on the board.
    [[nodiscard]] Point apply(Point p) const noexcept { return transform.apply(p) + offset; }
};

/// Which solutions a model's parts give.
enum class Solutions {
    all,      ///< every solution
    distinct, ///< one of each class under the puzzle's symmetries
};

/// Which placements a model keeps.
enum class Placements {
    fillable, ///< those that wall in no pocket of the board that the pieces cannot fill (a
              ///< pocket smaller than the least piece, or not a multiple of the greatest common
              ///< divisor of their sizes; where every cell must be covered): the same solutions,
              ///< a smaller search
    every,    ///< every placement, as a plain encoding has them (Knuth's polyomino-dlx)
};

/// One exact-cover problem whose solutions, read through `placements`, are solutions of the
/// puzzle. An option can stand for several placements: with Solutions::distinct, the pieces
/// that break the symmetry are placed together.
struct Part {
    dlx::Problem problem;
    std::vector<std::vector<std::uint32_t>> placements; ///< per option: into Model::placements
    /// Symmetries (into Model::symmetries, the identity excluded) under which a solution is kept
    /// only when it is the least of its images (Model::keeps()): empty for every part but where
    /// no piece used once can break the symmetry left (all pieces with several copies, say).
    std::vector<std::uint32_t> filter;
};

/// A puzzle made ready for the engine.
struct Model {
    Puzzle puzzle;
    std::vector<Placement> placements; ///< every placement of every piece
    /// of the puzzle, the identity first; one per way of moving the placements (the first
    /// transform found that does it)
    std::vector<Symmetry> symmetries;
    /// Per symmetry, per placement: the placement it goes to.
    std::vector<std::vector<std::uint32_t>> image;
    /// The problems to solve: their solutions together are the puzzle's (Solutions::all: one
    /// part, an option per placement, in the order of `placements`).
    std::vector<Part> parts;
    /// The item of each cell of the board (the pieces' items come first, in order).
    std::vector<dlx::ItemId> cell_item;

    /// Whether `solution` of `part` is one to keep: always, when the part has no filter; else
    /// when no symmetry of the filter maps it to a lesser set of placements.
    [[nodiscard]] bool keeps(const Part& part, std::span<const dlx::OptionId> solution) const;
    /// The placements of `solution` of `part`, sorted by piece.
    [[nodiscard]] std::vector<Placement> decode(const Part& part,
                                                std::span<const dlx::OptionId> solution) const;
};

/// Thrown by build_model() for a puzzle without solutions for a plain reason: a piece that must
/// be used fits nowhere, or the pieces' cells cannot match the board's. `piece()` says which
/// piece, when one is at fault.
class PuzzleError : public dlx::Error {
public:
    PuzzleError(const std::string& message, std::optional<std::size_t> piece)
        : dlx::Error(message), piece_(piece)
    {
    }
    /// The piece at fault (its index in Puzzle::pieces), when one is.
    [[nodiscard]] std::optional<std::size_t> piece() const noexcept { return piece_; }

private:
    std::optional<std::size_t> piece_;
};

/// The model of `puzzle`. Throws PuzzleError as said above, and dlx::ProblemError when the
/// problem is too large for the engine.
[[nodiscard]] Model build_model(const Puzzle& puzzle, Solutions solutions = Solutions::all,
                                Placements placements = Placements::fillable);

/// The method that searches a part when none is asked for: dancing cells (about 0.7 of dancing
/// links' time on these puzzles), or dancing links where the problem has multiplicities
/// (pieces with copies), which dancing cells do not take.
[[nodiscard]] dlx::Method default_method(const dlx::Problem& problem) noexcept;

/// Counts the solutions of `part` of `model` with `options`: on `threads` threads
/// (dlx::count_parallel()) where the part has no filter; else by a search on one thread that
/// keeps what Model::keeps() keeps, the stats' solutions being those kept.
[[nodiscard]] dlx::SearchStats count(const Model& model, const Part& part, unsigned threads,
                                     const dlx::SearchOptions& options);

/// The name of the item of the board's cell at `point`: "R,C" (row, column as drawn, from the
/// board's top left), or "L,R,C" on the cube grid.
[[nodiscard]] std::string cell_name(const Puzzle& puzzle, Point point);

/// The board with each cell's piece name (names padded to one width, copies of a piece told
/// apart by a letter, "Da Db"; cells of no piece '.'; positions off the board blank), a line
/// per row, layers side by side.
[[nodiscard]] std::string draw(const Puzzle& puzzle, std::span<const Placement> placements);

} // namespace polyform
