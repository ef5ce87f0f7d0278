// SE's chaining engine, what the static chains can find on a grid (see se_chains.hpp), private:
// the reach of the static implications and the shortest forcing chains (se_chain_reach.cpp).
#pragma once

#include "se_chain_potentials.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace sudoku::se::chains {

/// What the static implications with both kinds of links (X and Y) allow on a grid
/// (se_chain_reach.cpp): every static search follows some of them, so where they have no path,
/// no search finds one. Made once per grid and shared by the engines that search it.
class ChainReach {
public:
    /// The reach on `grid`: the last one made on this thread if its candidates are the same.
    static std::shared_ptr<const ChainReach> of(const ChainGrid& grid);

    /// Whether a forcing chain can lead from the candidate "on" to "off".
    [[nodiscard]] bool on_to_off(int cell, int digit) const { return (ends(cell, digit) & 1) != 0; }
    /// Whether a forcing chain can lead from the candidate "off" to "on".
    [[nodiscard]] bool off_to_on(int cell, int digit) const { return (ends(cell, digit) & 2) != 0; }
    /// Whether a cycle that removes anything can pass through the candidate "on": another "on"
    /// potential lies in its strongly connected component, and a candidate sees an "on" and an
    /// "off" potential of its own digit there.
    [[nodiscard]] bool cycle(int cell, int digit) const { return (ends(cell, digit) & 4) != 0; }
    /// Whether two potentials follow from each other (their strongly connected component is
    /// the same). Both must be keys of the grid's candidates (the others have no component).
    [[nodiscard]] bool together(int key, int other) const
    {
        return component_[static_cast<std::size_t>(key)] ==
               component_[static_cast<std::size_t>(other)];
    }
    /// Whether some potential is one of these or follows from each of them (keys "on" or
    /// "off"; each key reaches itself).
    [[nodiscard]] bool common(const int* keys, int count) const;

private:
    explicit ChainReach(const ChainGrid& grid);
    [[nodiscard]] unsigned ends(int cell, int digit) const
    {
        return ends_[static_cast<std::size_t>(cell * 9 + digit - 1)];
    }

    static constexpr std::size_t max_words = (key_count + 63) / 64;
    std::size_t words_ = 0; ///< the words of a component's reach (keys / 64, rounded up)
    std::array<std::uint16_t, 81> candidates_{};
    std::array<std::uint8_t, 81 * 9> ends_{};         ///< bits: on_to_off, off_to_on, cycle
    std::array<std::int16_t, key_count> component_{}; ///< each key's strongly connected component
    /// what each component reaches: [component * words_ + word], bit c for component c
    std::vector<std::uint64_t> reach_;
};

/// How a search takes its assumption: the candidate holds ("on") or not ("off").
enum class Assumed : bool { off, on };

/// The shortest static forcing chains on a grid (se_chain_reach.cpp): the search for forcing
/// chains goes level by level on the same implications, so the chain it finds is one of them.
class ShortestChains {
public:
    explicit ShortestChains(const ChainGrid& grid) { reset(grid); }
    ShortestChains() = default;
    /// Made anew for `grid` (in place: the tables are large, and only what was set is cleared).
    void reset(const ChainGrid& grid);

    /// The links of the shortest chain from the candidate assumed on or off to its negation, with X
    /// links and, with `y_links`, Y links too; -1 where it has more than `most` links or there is
    /// none.
    [[nodiscard]] int links(int cell, int digit, Assumed assumed, bool y_links, int most) const;

private:
    std::array<Cells, 9> with_digit_{}; ///< [digit - 1]
    /// [digit - 1][cell]: the other place of the digit in each region of two places
    std::array<std::array<Cells, 81>, 9> conjugates_{};
    Cells pairs_; ///< the cells of two candidates
};

} // namespace sudoku::se::chains
