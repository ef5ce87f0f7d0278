// The subset searches that the hints of classic grids (logic.cpp) and of variants
// (variant_logic.cpp) share: naked and hidden pairs and triples are one search seen two ways.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

namespace sudoku::detail {

/// Calls `visit(subset)` for every subset of `size` (2 or 3) bits of `mask`, in increasing order
/// (by first bit, then second, then third), until a call returns true; returns whether one did.
template <typename Visit> bool any_subset(std::uint32_t mask, int size, const Visit& visit)
{
    for (std::uint32_t a = mask; a != 0; a &= a - 1) {
        const std::uint32_t first = a & (~a + 1);
        for (std::uint32_t b = a & (a - 1); b != 0; b &= b - 1) {
            const std::uint32_t second = b & (~b + 1);
            if (size == 2) {
                if (visit(first | second))
                    return true;
                continue;
            }
            for (std::uint32_t c = b & (b - 1); c != 0; c &= c - 1) {
                if (visit(first | second | (c & (~c + 1))))
                    return true;
            }
        }
    }
    return false;
}

/// Among `sets` (bit sets: candidates of cells, or places of digits), `size` of them, each of 2
/// to `size` members, whose union has `size` members: naked subsets when the sets are the
/// candidates of a group's cells, hidden ones when they are the places of each digit in a unit.
/// `found(chosen, together)` (chosen: bit k for sets[k]) is called for each until it returns
/// true (it made a step); `members(bits)` counts a set's members.
template <typename Found, typename Members>
bool any_locked_set(std::span<const std::uint32_t> sets, int size, const Found& found,
                    const Members& members)
{
    std::uint32_t open = 0;
    for (std::size_t index = 0; index < sets.size(); ++index) {
        const int count = members(sets[index]);
        if (count >= 2 && count <= size)
            open |= 1u << index;
    }
    return any_subset(open, size, [&](std::uint32_t chosen) {
        std::uint32_t together = 0;
        for (std::uint32_t bits = chosen; bits != 0; bits &= bits - 1)
            together |= sets[static_cast<std::size_t>(std::countr_zero(bits))];
        return members(together) == size && found(chosen, together);
    });
}

} // namespace sudoku::detail
