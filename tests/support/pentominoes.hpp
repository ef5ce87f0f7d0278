// Pentomino tilings for the engine's tests, made by dlx::polyform (the one place that knows
// the shapes): the problem of the twelve, or of some of them, on a rows x cols board.
#pragma once

#include <polyform/model.hpp>

#include <string_view>

namespace dlx_test {

/// The model of the pentominoes named in `pieces` (letters of F I L N P T U V W X Y Z) tiling a
/// rows x cols rectangle: every tiling, or one of each class (Solutions::distinct); every
/// placement kept, as the plain encoding has them.
inline polyform::Model pentominoes(int rows, int cols, std::string_view pieces = "FILNPTUVWXYZ",
                                   polyform::Solutions which = polyform::Solutions::all)
{
    polyform::Puzzle puzzle;
    for (const polyform::Piece& piece : polyform::find_piece_set("pentominoes")->pieces)
        if (pieces.find(piece.name) != std::string_view::npos)
            puzzle.pieces.push_back(piece);
    puzzle.board = polyform::box(polyform::Grid::square, rows, cols);
    return polyform::build_model(puzzle, which, polyform::Placements::every);
}

} // namespace dlx_test
