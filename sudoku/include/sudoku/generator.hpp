// Distinct complete Sudoku boards from the exact-cover engine: randomised enumeration of the
// covers that keep a fixed digit in the top-left cell, with a set that rejects repeats.
//
// The enumeration runs in rounds. Each round starts the search afresh from a seed of its own
// (item ties and option order at random) and takes its next `boards_per_round` covers: after
// the first, each cover is a small step from the last (the search backs up a few levels and
// comes down again), which is what makes boards cheap. Rounds are independent, so threads work
// on different rounds; their boards are merged in round order, so the output depends only on
// the seed. Every board is checked against a set of the 64-bit fingerprints of all earlier
// boards: a board whose fingerprint was seen is skipped, so no board can repeat (two different
// boards with one fingerprint only cost a skipped board, never a repeat).
#pragma once

#include <sudoku/grid.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace sudoku {

/// A set of 64-bit fingerprints (open addressing, linear probing, at most 70% full): about
/// 11.5 bytes per member when reserved ahead. 0 is not a valid member.
class FingerprintSet {
public:
    /// Room for `expected` members without growing.
    explicit FingerprintSet(std::size_t expected = 0);
    /// Makes room for `members` members in all without growing.
    void reserve(std::size_t members);
    /// Adds `fingerprint`; false when it was already there.
    bool insert(std::uint64_t fingerprint);
    /// Starts loading the slot where `fingerprint` would go (a hint; changes nothing).
    void prefetch(std::uint64_t fingerprint) const noexcept;
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    /// Bytes held by the table.
    [[nodiscard]] std::size_t memory() const noexcept
    {
        return slots_.size() * sizeof(std::uint64_t);
    }

private:
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

/// A 64-bit fingerprint of a grid (never 0): the sum of a fixed random key per placement
/// (digit and cell), so the generator can add up a cover's keys in the order it finds them.
[[nodiscard]] std::uint64_t fingerprint(const Grid& grid) noexcept;

struct GeneratorSettings {
    int first_digit = 9;                  ///< the digit of the top-left cell (1..9)
    std::uint64_t seed = 0;               ///< the same seed gives the same boards
    std::uint32_t boards_per_round = 256; ///< covers taken from each fresh start
    unsigned threads = 1;                 ///< 0: every core
};

/// Produces distinct boards. See the file comment for how.
class BoardGenerator {
public:
    explicit BoardGenerator(const GeneratorSettings& settings);
    ~BoardGenerator();
    BoardGenerator(const BoardGenerator&) = delete;
    BoardGenerator& operator=(const BoardGenerator&) = delete;

    /// Produces `count` more boards, distinct from each other and from all boards produced
    /// before by this generator, and hands them to `sink` in batches, in order. The boards
    /// depend only on the settings and on the counts asked for so far.
    void generate(std::uint64_t count, const std::function<void(std::span<const Grid>)>& sink);

    [[nodiscard]] const FingerprintSet& seen() const noexcept { return seen_; }

private:
    GeneratorSettings settings_;
    FingerprintSet seen_;
    std::uint64_t next_round_ = 0;
};

} // namespace sudoku
