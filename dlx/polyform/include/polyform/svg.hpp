// A solution as a picture: the board in SVG, each piece's cells in its colour, its name on one
// of its cells, thick lines between pieces and thin ones within (docs/polyform.md, section 2).
#pragma once

#include <polyform/model.hpp>

#include <span>
#include <string>

namespace polyform {

/// How svg() draws.
struct SvgOptions {
    double cell = 32;  ///< a square's side, a triangle's side, a hexagon's width, in pixels
    bool names = true; ///< write each piece's name on one of its cells
    std::string title; ///< the picture's <title>, for screen readers and browsers' tabs
};

/// The board of `puzzle` with `placements` on it, as a standalone SVG document. Cells of the
/// board that no placement covers are pale grey; boxes of cubes are drawn layer by layer, side
/// by side, from layer 0 on the left.
[[nodiscard]] std::string svg(const Puzzle& puzzle, std::span<const Placement> placements,
                              const SvgOptions& options = {});

} // namespace polyform
