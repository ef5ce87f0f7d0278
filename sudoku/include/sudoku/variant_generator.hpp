// Distinct complete grids of any variant (variant.hpp), made as the classic generator makes
// 9x9 boards (generator.hpp): rounds of a randomised search, each round's covers taken in turn,
// a set of fingerprints that rejects repeats. Two things differ:
//
// - Some rules have heavy-tailed searches (the first anti-knight 9x9 grid in the engine's own
//   order takes 7 million nodes, a random one usually a few hundred). Each round therefore
//   stops after a node budget that follows Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times a
//   base), a function of the round's number alone, so the output still depends only on the
//   seed; a round that runs out of budget gives the covers it found, maybe none.
// - A variant may have fewer grids than asked for (4x4 has 288). Before any grid is made, a
//   count bounded by the request (at most ten nodes per grid asked for, a million at least)
//   finds the small spaces: the request then fails at once with the number of grids there
//   are. A round whose search ends without a limit has seen every grid too: once it is taken,
//   the request fails the same way (the grids made are handed on first).
#pragma once

#include <sudoku/generator.hpp>
#include <sudoku/variant.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

namespace sudoku {

struct VariantGeneratorSettings {
    /// The digit of the first cell of every grid; 0: none fixed. (The classic generator fixes
    /// 9 in the top-left cell; sudoku-cli fixes the largest digit by default.)
    int first_digit = 0;
    std::uint64_t seed = 0;               ///< the same seed gives the same grids
    std::uint32_t boards_per_round = 256; ///< covers taken from each fresh start
    unsigned threads = 1;                 ///< 0: every core
    /// Nodes of the search per unit of Luby's sequence in a round (0: no limit).
    std::uint64_t node_budget = 50'000;
};

/// Produces distinct complete grids of one variant.
class VariantBoardGenerator {
public:
    /// Throws std::invalid_argument for a first digit out of range.
    VariantBoardGenerator(std::shared_ptr<const Rules> rules,
                          const VariantGeneratorSettings& settings);
    ~VariantBoardGenerator();
    VariantBoardGenerator(const VariantBoardGenerator&) = delete;
    VariantBoardGenerator& operator=(const VariantBoardGenerator&) = delete;

    /// Produces `count` more grids, distinct from each other and from those produced before,
    /// and hands them to `sink` in batches, in order: each batch holds whole grids of
    /// rules().canvas_size() digits one after another. The grids depend only on the settings
    /// and the counts asked for so far. Throws std::runtime_error saying how many grids exist
    /// when there are fewer than asked for (see the file comment for when that is known).
    void generate(std::uint64_t count,
                  const std::function<void(std::span<const std::uint8_t>)>& sink);

    [[nodiscard]] const Rules& rules() const noexcept { return *rules_; }

private:
    [[nodiscard]] std::string only(std::uint64_t grids) const; // "... has only N grids"

    std::shared_ptr<const Rules> rules_;
    VariantGeneratorSettings settings_;
    FingerprintSet seen_;
    std::uint64_t next_round_ = 0;
    bool exhausted_ = false; // a complete round was taken: every grid has been produced
};

/// Luby's sequence from index 0: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
[[nodiscard]] std::uint64_t luby(std::uint64_t index) noexcept;

} // namespace sudoku
