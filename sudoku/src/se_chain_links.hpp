// What a potential implies, as SE's chains link potentials: the rules of the links, for the
// searches of se_chains.cpp and se_chain_multiple.cpp. See se_chains.hpp.
//
// Two more places hold the same rules in other forms: ChainReach's graph (each_implied_key) and
// ShortestChains::links (on cell sets), both in se_chain_reach.cpp. A link they miss would skip
// a search that finds something; se_chain_reach_test checks both against SE's links written
// out again.
#pragma once

#include "se_chains.hpp"

namespace sudoku::se::chains {

/// The cause of each bit of each_off_implied's mask: a cell's other digit, a place in the box,
/// the row or the column.
inline constexpr auto link_causes = [] {
    std::array<Cause, 36> all{};
    for (std::size_t b = 0; b < all.size(); ++b)
        all[b] = b < 9 ? Cause::naked_single : region_cause(static_cast<int>(b / 9) - 1);
    return all;
}();

// What follows from a potential being "on": the cell's other digits are off (Y links), and
// the digit is off in the rest of the box, then of the row and of the column outside it.
template <typename Visit>
bool Chaining::each_off_implied(int cell, int digit, bool y_links, const Visit& visit) const
{
    // All of them as the bits of one mask, in that order, taken in one loop (loops of a few
    // turns each end where the processor cannot foresee): bits 0-8 the cell's other digits,
    // then the digit's places in the box (9-17), the row (18-26) and the column (27-35).
    const CellUnits& units = cell_units[static_cast<std::size_t>(cell)];
    const auto& places = grid_.places[static_cast<std::size_t>(digit - 1)];
    std::uint64_t all =
        y_links ? grid_.candidates[static_cast<std::size_t>(cell)] & ~bit(digit) : 0u;
    for (std::size_t t = 0; t < 3; ++t) // (box, row, column)
        all |= static_cast<std::uint64_t>(places[units.unit[t]] & units.outside[t]) << (9 * t + 9);
    for (; all != 0; all &= all - 1) {
        const int b = std::countr_zero(all);
        const bool y = b < 9;
        if (!visit(Implied{y ? static_cast<std::int8_t>(cell)
                             : units.at[static_cast<std::size_t>(b - 9)],
                           static_cast<std::int8_t>(y ? b + 1 : digit),
                           link_causes[static_cast<std::size_t>(b)], -1}))
            return false;
    }
    return true;
}

// What follows from a potential being "off": the other digit of a cell left with two (Y
// links), the other place of the digit in a box, row or column left with two (X links).
// The same potential found twice is visited once, as first found.
template <typename Visit>
bool Chaining::each_on_implied(int cell, int digit, bool y_links, bool x_links,
                               const Visit& visit) const
{
    if (y_links) {
        const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
        if (count_of(values) == 2 &&
            !visit(Implied{static_cast<std::int8_t>(cell),
                           static_cast<std::int8_t>(std::countr_zero(values & ~bit(digit)) + 1),
                           Cause::naked_single, -1}))
            return false;
    }
    if (!x_links)
        return true;
    const CellUnits& units = cell_units[static_cast<std::size_t>(cell)];
    const auto& places = grid_.places[static_cast<std::size_t>(digit - 1)];
    // the digit's other place in the region of that type, where it has one other place only
    const auto only_other = [&](int type) {
        const auto t = static_cast<std::size_t>(type);
        const unsigned others = places[units.unit[t]] & units.others[t];
        return others != 0 && (others & (others - 1)) == 0
                   ? unit_cell(units.unit[t], std::countr_zero(others))
                   : -1;
    };
    const auto implied = [&](int other, int type) {
        return Implied{static_cast<std::int8_t>(other), static_cast<std::int8_t>(digit),
                       region_cause(type), static_cast<std::int8_t>(type)};
    };
    const int in_box = only_other(box);
    if (in_box >= 0 && !visit(implied(in_box, box)))
        return false;
    // (the box and a line may give the same place, met first in the box; the row and the
    // column cannot: they meet in the cell alone)
    for (const int type : {row, column}) {
        const int other = only_other(type);
        if (other >= 0 && other != in_box && !visit(implied(other, type)))
            return false;
    }
    return true;
}

} // namespace sudoku::se::chains
