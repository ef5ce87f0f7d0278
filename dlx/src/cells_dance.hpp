// Dancing cells' dance steps and item choice (cells.hpp has the data): inline, for the search
// loop (cells.cpp) and for the paths that replay and sample the tree (cells_paths.cpp), which
// must move exactly as the search moves.
#pragma once

#include "cells.hpp"

#include "links.hpp"

#include <algorithm>
#include <limits>

namespace dlx::detail {

// An item leaves the active ones, item_[0 .. active): it swaps places with the last of them.
// `active` is the caller's copy of active_ (kept in a register across a commit's items).
DLX_ALWAYS_INLINE void Cells::deactivate(std::int32_t item, std::int32_t& active,
                                         std::uint64_t& updates) noexcept
{
    std::int32_t* const set = set_.data();
    const std::int32_t last = --active;
    const std::int32_t pos = set[item - 2];
    const std::int32_t other = item_[static_cast<std::size_t>(last)];
    item_[static_cast<std::size_t>(last)] = item;
    item_[static_cast<std::size_t>(pos)] = other;
    set[other - 2] = pos;
    set[item - 2] = last;
    ++updates;
}

// hide(x, c): every option in x's set that does not give x the colour c (c = 0: every option)
// leaves the sets of the other items it contains, as far as they were active before this
// level's option made its own items inactive (later levels never look at the others). Each of
// its nodes swaps places with the last live node of its item's set, which then ends one place
// earlier. With Check, an active primary item left with one option is pushed on the force
// stack, and one left with none ends the hide at once: false (the option fails; the lengths
// saved by the level put everything back).
//
// Two things Knuth's hide does not do. Without colours, every item met was active before this
// level's option: an option still in an active item's set has no item that an earlier option
// took (that option hid it), so the test, a load in the hottest loop, is left out. And while
// an option is hidden, the nodes of the option after next are fetched, and the length words
// of the next option's items beside its node: pento6x10 went from 6.29 s to 5.66 with the
// first fetch, and from 6.78 to 5.99 with both (medians of three side by side, the second pair
// on a busier machine, where Knuth's ssxcc took 7.04 and 7.70).
template <bool Colors, bool Check>
DLX_ALWAYS_INLINE bool Cells::hide(std::int32_t item, std::int32_t color,
                                   std::uint64_t& updates) noexcept
{
    Node* const nd = node_.data();
    std::int32_t* const set = set_.data();
    const std::int32_t oactive = oactive_, active = active_, second = second_;
    const std::int32_t end = item + set[item - 1];
    for (std::int32_t r = item; r < end; ++r) {
        const std::int32_t option = set[r];
#if defined(__GNUC__)
        if (r + 2 < end)
            __builtin_prefetch(&nd[set[r + 2]]);
        if (r + 1 < end) {
            const Node* const next = &nd[set[r + 1]];
            if (next[1].item > 0)
                __builtin_prefetch(&set[next[1].item - 1], 1);
            if (next[-1].item > 0)
                __builtin_prefetch(&set[next[-1].item - 1], 1);
        }
#endif
        if (color != 0 && color_[static_cast<std::size_t>(option)] == color)
            continue;
        for (std::int32_t q = option + 1; q != option;) {
            const std::int32_t x = nd[q].item;
            if (x < 0) { // the spacer: back to the option's first node
                q += x;
                continue;
            }
            if (!Colors || set[x - 2] < oactive) {
                const std::int32_t last = set[x - 1] - 1;
                if (Check && last <= 1) {
                    if (x < second && set[x - 2] < active) {
                        if (last == 0)
                            return false;
                        force_[static_cast<std::size_t>(forced_++)] = x;
                    }
                }
                const std::int32_t loc = nd[q].loc;
                const std::int32_t other = set[x + last];
                set[x - 1] = last;
                set[x + last] = q;
                set[loc] = other;
                nd[q].loc = x + last;
                nd[other].loc = loc;
                ++updates;
            }
            ++q;
        }
    }
    return true;
}

// The item chosen at a level leaves the active ones, and its options the other sets.
template <bool Colors>
DLX_ALWAYS_INLINE void Cells::branch_on(std::int32_t item, std::uint64_t& updates) noexcept
{
    deactivate(item, active_, updates);
    oactive_ = active_;
    hide<Colors, false>(item, 0, updates);
}

// Tries the option of `node`: its other items leave the active ones (those that an earlier
// level's option purified already left), then each hides the options it rules out: all of a
// primary item's or an uncoloured secondary item's, those of another colour for a coloured one.
// False when that leaves an active primary item without options.
template <bool Colors>
DLX_ALWAYS_INLINE bool Cells::commit(std::int32_t node, std::uint64_t& updates) noexcept
{
    const Node* const nd = node_.data();
    const std::int32_t* const set = set_.data();
    std::int32_t active = active_;
    oactive_ = active;
    for (std::int32_t q = node + 1; q != node;) {
        const std::int32_t x = nd[q].item;
        if (x < 0) {
            q += x;
            continue;
        }
        if (set[x - 2] < active)
            deactivate(x, active, updates);
        ++q;
    }
    active_ = active;
    for (std::int32_t q = node + 1; q != node;) {
        const std::int32_t x = nd[q].item;
        if (x < 0) {
            q += x;
            continue;
        }
        if (x < second_) {
            if (!hide<Colors, true>(x, 0, updates))
                return false;
        } else if (set[x - 2] < oactive_ &&
                   !hide<Colors, true>(x, color_[static_cast<std::size_t>(q)], updates)) {
            return false;
        }
        ++q;
    }
    return true;
}

// SSXCC's choice: every active primary item with one option goes on the force stack (the
// caller takes the last one pushed); otherwise the item with fewest options, the first in item
// order on ties (P. Weigel's rule: the tree does not depend on item_'s order here), or with
// RandomTies one of the tied at random. 0 when no primary item is active (a solution).
template <bool RandomTies> DLX_ALWAYS_INLINE std::int32_t Cells::choose(Random& random) noexcept
{
    const std::int32_t* const set = set_.data();
    const std::int32_t* const items = item_.data();
    std::int32_t best = 0, fewest = std::numeric_limits<std::int32_t>::max();
    std::uint32_t ties = 0;
    for (std::int32_t k = 0; k < active_; ++k) {
        const std::int32_t x = items[k];
        if (x >= second_)
            continue;
        // No active primary item has none: the hides of the option that led here check for
        // that, and the root is checked before the search.
        const std::int32_t length = set[x - 1];
        if (length <= 1) {
            force_[static_cast<std::size_t>(forced_++)] = x;
        } else if (length < fewest) {
            best = x;
            fewest = length;
            ties = 1;
        } else if (length == fewest) {
            if constexpr (RandomTies) {
                if (random.below(++ties) == 0)
                    best = x;
            } else if (x < best) {
                best = x;
            }
        }
    }
    return best;
}

// The item that the node where the search stands branches on: a forced move (the last item
// pushed on the force stack that is still active), else choose()'s item, or the last item of
// one option that it pushed (then a forced move too); 0 at a solution.
template <bool RandomTies>
DLX_ALWAYS_INLINE std::int32_t Cells::pick(Random& random, bool& forced_move) noexcept
{
    while (forced_ > 0) {
        const std::int32_t item = force_[static_cast<std::size_t>(--forced_)];
        if (position(item) < active_) {
            forced_move = true;
            return item;
        }
    }
    const std::int32_t best = choose<RandomTies>(random);
    if (forced_ > 0) {
        forced_move = true;
        return force_[static_cast<std::size_t>(--forced_)];
    }
    return best;
}

} // namespace dlx::detail
