// What model.cpp and distinct.cpp share: the items of a model's problems and its options.
#pragma once

#include <polyform/model.hpp>

namespace polyform::detail {

/// The most copies of `piece` a solution can use (Copies::any resolved by the board's size).
[[nodiscard]] std::uint32_t copies_at_most(const Puzzle& puzzle, const Piece& piece);

/// An option of a part: the placements it makes at once (into Model::placements), and the
/// secondary items of the cases of Solutions::distinct that it takes (from 0; distinct.cpp).
struct PartOption {
    std::vector<std::uint32_t> placements;
    std::vector<std::uint32_t> cases;
};

/// A part whose options are `options`, with `cases` secondary items after the cells ("@1",
/// "@2", ...), and `filter`.
[[nodiscard]] Part make_part(const Model& model, std::vector<PartOption> options,
                             std::uint32_t cases, std::vector<std::uint32_t> filter);

/// Adds the parts of Solutions::distinct to `model`, whose symmetries are more than the
/// identity (distinct.cpp).
void add_distinct_parts(Model& model);

} // namespace polyform::detail
