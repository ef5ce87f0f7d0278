// Item choice (step X3 of Algorithm X): the primary item to branch on. Knuth's rule takes the
// item with fewest live options, leftmost on ties (his MRV heuristic); with a seed, a tie is
// broken uniformly at random; ItemChoice::singles_first looks for an item with at most one
// option first. Header-only: the search loops and the expansion of the tree's top inline it.
#pragma once

#include "links.hpp"

#include <algorithm>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dlx::detail {

// X3 [Choose i]: the primary item to branch on, or 0 (root) when none is left. `Hint` means
// ItemChoice::singles_first (see uses_hints()).
template <bool Randomised, bool Hint>
DLX_ALWAYS_INLINE std::int32_t Links::choose(Random& random, bool random_items) noexcept
{
    if constexpr (Hint) {
        if (const std::int32_t single = single_item())
            return single;
    }
    return random_items ? choose_item<Randomised>(random) : choose_item<false>(random);
}

// ItemChoice::singles_first: the hints name items that the last move (the last commit) left
// with no option or one; a search starts with the hint of an item that has no option at all.
// The choice at a node is then a function of the node alone, not of the way the search came
// to it, as parallel counting needs: a subtree searched on its own branches as in the whole.
inline void Links::start_hints() noexcept
{
    zero_hint_ = first_at_most(top_.data(), 0);
    single_hint_ = root;
}

inline void Links::clear_hints() noexcept { zero_hint_ = single_hint_ = root; }

// An active item with at most one live option, or 0 (root) when there is none: an item that
// the last move left with no option (a dead end found at once: on forum 11+ this took the
// nodes a puzzle from 1878 down to 1329), else one it left with one option (in Sudoku, the
// move that the last choice forced; this saved a scan of the headers at most nodes), else the
// first in header order. A hint whose item has since been covered is not taken: an inactive
// item never shows length 0 or 1 (it carries the `inactive` offset).
DLX_NEVER_INLINE std::int32_t Links::single_item() const noexcept
{
    const std::int32_t* const top = top_.data();
    if (top[zero_hint_] == 0 && zero_hint_ != root)
        return zero_hint_;
    if (top[single_hint_] == 1)
        return single_hint_;
    if (const std::int32_t single = first_at_most(top, 1))
        return single;
    // No single: then a length of 2 is the least there is, and its first item is the one
    // `fewest` would take, found without a full scan for the minimum (generating boards, this
    // settled most nodes that have no single).
    return first_at_most(top, 2);
}

// The first header in 1..primary_count_ with a length at most `limit`, or 0 (root).
inline std::int32_t Links::first_at_most(const std::int32_t* top, std::int32_t limit) const noexcept
{
    std::int32_t header = 1;
#if defined(__SSE2__)
    const __m128i above = _mm_set1_epi32(limit + 1);
    for (; header + 3 <= primary_count_; header += 4) {
        const __m128i at_most =
            _mm_cmpgt_epi32(above, _mm_loadu_si128(reinterpret_cast<const __m128i*>(top + header)));
        const int mask = _mm_movemask_ps(_mm_castsi128_ps(at_most));
        if (mask != 0)
            return header + __builtin_ctz(static_cast<unsigned>(mask));
    }
#endif
    for (; header <= primary_count_; ++header) {
        if (top[header] <= limit)
            return header;
    }
    return 0;
}

// The least value of top[1..primary_count_].
inline std::int32_t Links::least_length(const std::int32_t* top) const noexcept
{
    std::int32_t header = 1, least = inactive;
#if defined(__SSE2__)
    // Four running minima of four lanes each (SSE2 has no pminsd: compare and select).
    const auto min4 = [](__m128i a, __m128i b) {
        const __m128i a_greater = _mm_cmpgt_epi32(a, b);
        return _mm_or_si128(_mm_and_si128(a_greater, b), _mm_andnot_si128(a_greater, a));
    };
    __m128i m0 = _mm_set1_epi32(inactive), m1 = m0, m2 = m0, m3 = m0;
    for (; header + 15 <= primary_count_; header += 16) {
        const auto* p = reinterpret_cast<const __m128i*>(top + header);
        m0 = min4(m0, _mm_loadu_si128(p));
        m1 = min4(m1, _mm_loadu_si128(p + 1));
        m2 = min4(m2, _mm_loadu_si128(p + 2));
        m3 = min4(m3, _mm_loadu_si128(p + 3));
    }
    __m128i m = min4(min4(m0, m1), min4(m2, m3));
    m = min4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = min4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    least = _mm_cvtsi128_si32(m);
#endif
    for (; header <= primary_count_; ++header)
        least = std::min(least, top[header]);
    return least;
}

// The first header in 1..primary_count_ whose value is `least` (which one of them has).
inline std::int32_t Links::first_of_length(const std::int32_t* top,
                                           std::int32_t least) const noexcept
{
    std::int32_t header = 1;
#if defined(__SSE2__)
    // top_ is padded, so a block of four may run past the primary headers; the answer is
    // found before the padding matters.
    const __m128i wanted = _mm_set1_epi32(least);
    for (;; header += 4) {
        const __m128i equal = _mm_cmpeq_epi32(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(top + header)), wanted);
        const int mask = _mm_movemask_ps(_mm_castsi128_ps(equal));
        if (mask != 0)
            return header + __builtin_ctz(static_cast<unsigned>(mask));
    }
#else
    while (top[header] != least)
        ++header;
    return header;
#endif
}

// The header after `from`'s `skip` further headers of value `least` (`from` has it too).
inline std::int32_t Links::nth_of_length(const std::int32_t* top, std::int32_t least,
                                         std::int32_t from, std::uint32_t skip) const noexcept
{
    std::int32_t header = from;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi32(least);
    for (;; header += 4) {
        auto mask = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(top + header)), wanted))));
        // Matches among the four (a table: without -mpopcnt, __builtin_popcount is a call).
        constexpr std::uint8_t bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        const std::uint32_t count = bits[mask];
        if (skip < count) {
            for (; skip > 0; --skip)
                mask &= mask - 1; // drop the lowest match
            return header + __builtin_ctz(mask);
        }
        skip -= count;
    }
#else
    for (;; ++header) {
        if (top[header] == least && skip-- == 0)
            return header;
    }
#endif
}

template <bool Randomised> DLX_NEVER_INLINE std::int32_t Links::choose_item(Random& random) noexcept
{
    const std::int32_t* const top = top_.data();
    if (primary_count_ > linear_choice_limit) {
        // Many items: walk the active list, which shrinks as the search goes deeper.
        std::int32_t best = root, best_length = inactive;
        std::uint32_t ties = 0;
        for (std::int32_t item = next_[root]; item != root; item = next_[item]) {
            const std::int32_t options = top[item];
            if (options < best_length) {
                best = item, best_length = options, ties = 1;
                if (options == 0)
                    break;
            } else if (Randomised && options == best_length && random.below(++ties) == 0) {
                best = item;
            }
        }
        return best;
    }
    // Few items: scan the primary headers in order. An inactive item's length carries the
    // `inactive` offset, so it never wins. The scan has no dependent loads (the list walk waits
    // for each `next` before it can load the next length), and with SSE2 it takes four headers
    // per instruction: one pass for the least length, one for the first header that has it.
    const std::int32_t least = least_length(top);
    if (least == inactive)
        return root;
    std::int32_t best = first_of_length(top, least);
    if constexpr (Randomised) { // one random number per choice: count the ties, pick one
        std::uint32_t ties = 0;
        for (std::int32_t h = best; h <= primary_count_; ++h)
            ties += top[h] == least ? 1u : 0u;
        best = nth_of_length(top, least, best, random.below(ties));
    }
    return best;
}

// Algorithm M's M3 [Choose i], in the same walk as M2's test for items left: the item with
// least branching degree theta_i = len + s - bound + 1, where s = min(slack, bound); ties go to
// smaller s, then to the longer list, then leftmost (or at random). Returns root when no
// primary item is left (a solution); `score` is then untouched. A score of 0 or less means
// that some item has too few options left (a dead end).
template <bool Randomised>
DLX_ALWAYS_INLINE std::int32_t Links::choose_m(Random& random, std::int32_t& score) noexcept
{
    std::int32_t best = root, best_score = std::numeric_limits<std::int32_t>::max();
    std::int32_t best_s = 0, best_length = 0;
    std::uint32_t ties = 0;
    for (std::int32_t item = next_[root]; item != root; item = next_[item]) {
        const std::int32_t s = std::min(slack_[item], bound_[item]);
        const std::int32_t len = length(item);
        const std::int32_t t = len + s - bound_[item] + 1;
        if (t > best_score)
            continue;
        if (t < best_score || s < best_s || (s == best_s && len > best_length)) {
            best_score = t, best = item, best_s = s, best_length = len, ties = 1;
        } else if (s == best_s && len == best_length) {
            ++ties;
            if (Randomised && random.below(ties) == 0)
                best = item;
        }
    }
    if (best != root)
        score = best_score;
    return best;
}

} // namespace dlx::detail
