// The dance steps and the search loops. Read links.hpp first: it explains the node layout.
// Each loop follows Knuth's program step for step, so that the counters (nodes, updates) equal
// his dlx1/dlx2/dlx3 on the same input; the comments name the steps of TAOCP 7.2.2.1.
#include "links.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#if defined(__GNUC__)
#define DLX_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define DLX_ALWAYS_INLINE inline
#endif

namespace dlx::detail {

namespace {

constexpr std::int32_t root = 0;

} // namespace

Links::Links(const Problem& problem)
{
    const auto items = static_cast<std::int32_t>(problem.item_count());
    colors_ = problem.has_colors();
    multiplicities_ = problem.has_multiplicities();
    primary_count_ = static_cast<std::int32_t>(problem.primary_count());
    keep_list_ = multiplicities_ || primary_count_ > linear_choice_limit;

    const std::size_t node_count = static_cast<std::size_t>(items) + 2 + problem.entry_count() +
                                   problem.option_count();
    if (node_count >= static_cast<std::size_t>(inactive))
        throw std::length_error("dlx: the problem has 2^30 nodes or more (items, entries and "
                                "options together)");

    // Headers: the primary items first, in item order, then the secondary ones.
    header_of_.resize(static_cast<std::size_t>(items));
    item_of_.assign(static_cast<std::size_t>(items) + 1, 0);
    bound_.assign(static_cast<std::size_t>(items) + 1, 0);
    slack_.assign(static_cast<std::size_t>(items) + 1, 0);
    std::int32_t next_primary = 1, next_secondary = primary_count_ + 1;
    for (ItemId item = 0; item < problem.item_count(); ++item) {
        const bool primary = problem.kind(item) == ItemKind::primary;
        const std::int32_t header = primary ? next_primary++ : next_secondary++;
        header_of_[item] = header;
        item_of_[static_cast<std::size_t>(header)] = item;
        if (primary) {
            Bounds bounds = problem.bounds(item);
            // A bound beyond the number of options behaves like that number plus one (the
            // branching degree len + 1 - lower is unchanged), and then fits in 32 signed bits.
            const std::uint32_t cap = static_cast<std::uint32_t>(problem.option_count()) + 1;
            bounds.upper = std::min(bounds.upper, cap);
            bounds.lower = std::min(bounds.lower, cap);
            bound_[static_cast<std::size_t>(header)] = static_cast<std::int32_t>(bounds.upper);
            slack_[static_cast<std::size_t>(header)] =
                static_cast<std::int32_t>(bounds.upper - bounds.lower);
        }
    }

    // The options, kept compactly so that reset() can lay out the links again.
    option_begin_.reserve(problem.option_count() + 1);
    option_begin_.push_back(0);
    entry_header_.reserve(problem.entry_count());
    entry_color_.reserve(problem.entry_count());
    primaries_.assign(problem.option_count(), 0);
    for (OptionId option = 0; option < problem.option_count(); ++option) {
        for (const Entry& entry : problem.option(option)) {
            entry_header_.push_back(header_of_[entry.item]);
            entry_color_.push_back(static_cast<std::int32_t>(entry.color));
            if (problem.kind(entry.item) == ItemKind::primary)
                ++primaries_[option];
        }
        option_begin_.push_back(static_cast<std::uint32_t>(entry_header_.size()));
    }
    // Per item, its entries in option order: reset() walks them to find the dead options.
    item_begin_.assign(static_cast<std::size_t>(items) + 2, 0);
    for (const std::int32_t header : entry_header_)
        ++item_begin_[static_cast<std::size_t>(header) + 1];
    for (std::size_t h = 1; h < item_begin_.size(); ++h)
        item_begin_[h] += item_begin_[h - 1];
    item_options_.resize(entry_header_.size());
    item_colors_.resize(entry_header_.size());
    {
        std::vector<std::uint32_t> fill(item_begin_.begin(), item_begin_.end() - 1);
        for (OptionId option = 0; option < problem.option_count(); ++option) {
            for (std::uint32_t e = option_begin_[option]; e < option_begin_[option + 1]; ++e) {
                const std::uint32_t k = fill[static_cast<std::size_t>(entry_header_[e])]++;
                item_options_[k] = option;
                item_colors_[k] = entry_color_[e];
            }
        }
    }
    dead_.assign(problem.option_count(), 0);
    live_options_.assign(problem.option_count() + 1, 0);
    forced_state_.assign(static_cast<std::size_t>(items) + 1, 0);
    option_first_.assign(problem.option_count(), -1);
    prev_.assign(static_cast<std::size_t>(items) + 1, root);
    next_.assign(static_cast<std::size_t>(items) + 1, root);
    links_.resize(node_count);
    top_.resize(node_count + 4); // padding for the four-wide scan in first_of_length()
    color_.resize(node_count);
    option_id_.resize(node_count);
    place_nodes();
    layout();

    // Each level decreases the bound of one primary item, and an item is chosen at most once
    // more than it has options (the last time for Algorithm M's null move).
    std::size_t max_levels = 1;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        max_levels += static_cast<std::size_t>(std::min(bound_[header], top_[header] + 1));
    choice_.assign(max_levels + 1, 0);
    item_at_.assign(max_levels + 1, 0);
    tweak_at_.assign(max_levels + 1, 0);
    order_begin_.assign(max_levels + 1, 0);
    order_next_.assign(max_levels + 1, 0);
    order_.assign(entry_header_.size() + 1, 0);
    solution_.reserve(max_levels);
    level_option_.assign(max_levels + 1, 0);
}

// Lays out the links of every option that is compatible with forced_state_: not through a
// covered item, and agreeing with the colour of every purified one (those nodes get colour -1,
// as purify() would have marked them). Covered items are left inactive. With no state set,
// this is the problem as given.
// Every option's nodes get their places once: option by option, a spacer between, as Knuth
// lays them out (options without a primary item too, though never linked). TOP of the nodes
// and the spacers' links never change after this; layout() writes only the vertical links.
void Links::place_nodes()
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const auto items = static_cast<std::int32_t>(item_of_.size()) - 1;
    const auto options = static_cast<OptionId>(option_begin_.size() - 1);
    std::int32_t spacer = items + 1; // the first spacer
    ln[spacer] = {0, 0};
    top[spacer] = 0;
    for (OptionId option = 0; option < options; ++option) {
        const std::uint32_t begin = option_begin_[option], end = option_begin_[option + 1];
        const std::int32_t first = spacer + 1;
        option_first_[option] = primaries_[option] ? first : -1;
        for (std::uint32_t e = begin; e < end; ++e) {
            top[first + static_cast<std::int32_t>(e - begin)] = entry_header_[e];
            option_id_[first + e - begin] = option;
        }
        const std::int32_t last = first + static_cast<std::int32_t>(end - begin) - 1;
        ln[spacer].down = last;
        spacer = last + 1;
        ln[spacer] = {first, 0};
        top[spacer] = -static_cast<std::int32_t>(option) - 1;
    }
    node_end_ = spacer + 1;
}

void Links::layout()
{
    // The arrays were sized and placed once (place_nodes); a reset() per Sudoku puzzle pays for
    // no allocation and writes only the links of the options that stay.
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t* const state = forced_state_.data();
    const auto items = static_cast<std::int32_t>(item_of_.size()) - 1;

    ln[root] = {root, root};
    top[root] = 0;
    color[root] = 0;
    for (std::int32_t header = 1; header <= items; ++header) {
        ln[header] = {header, header};
        top[header] = state[header] == -1 ? inactive : 0;
    }
    if (keep_list_) { // the active list, where something walks it (see deactivate())
        std::int32_t last_active = root;
        for (std::int32_t header = 1; header <= items; ++header) {
            if (header <= primary_count_ && state[header] != -1) {
                prev_[header] = last_active;
                next_[last_active] = header;
                last_active = header;
            } else {
                prev_[header] = next_[header] = header;
            }
        }
        next_[last_active] = root;
        prev_[root] = last_active;
    }

    // The options that stay, in order, gathered without a branch: whether an option survived
    // the givens is unpredictable, and the mispredictions cost more than the rest of the loop.
    // Each keeps the nodes place_nodes() gave it, so only the vertical links are written.
    // (Locals, so that the store into live_options_ does not make the compiler load the
    // epoch and the arrays again at every option.)
    const auto options = static_cast<OptionId>(option_begin_.size() - 1);
    const std::uint32_t* const primaries = primaries_.data();
    const std::uint32_t* const dead = dead_.data();
    const std::uint32_t epoch = epoch_;
    OptionId* const gathered = live_options_.data();
    std::uint32_t live = 0;
    for (OptionId option = 0; option < options; ++option) {
        gathered[live] = option;
        live += static_cast<std::uint32_t>(primaries[option] != 0) &
                static_cast<std::uint32_t>(dead[option] != epoch);
    }
    for (std::uint32_t i = 0; i < live; ++i) {
        const OptionId option = gathered[i];
        std::int32_t node = option_first_[option];
        for (std::uint32_t e = option_begin_[option]; e < option_begin_[option + 1]; ++e, ++node) {
            const std::int32_t header = entry_header_[e];
            const std::int32_t bottom = ln[header].up;
            ln[node] = {bottom, header};
            if (colors_) // without colours the colour array stays all 0, as built
                color[node] = state[header] > 0 ? -1 : entry_color_[e];
            ln[bottom].down = node;
            ln[header].up = node;
            ++top[header];
        }
    }
    zero_hint_ = single_hint_ = root;
    for (std::int32_t header = 1; header <= primary_count_; ++header) {
        if (top[header] == 0)
            zero_hint_ = header;
    }
}

// ---------------------------------------------------------------------------------------------
// The dance steps (Knuth's hide, cover, purify, tweak and their inverses).
//
// hide(p) removes every node of p's option except p itself from its item's list; unhide(p)
// puts them back, walking the other way, so that each node is relinked from exactly the
// neighbours it was unlinked from. A node with colour < 0 belongs to an item that was purified
// to its own colour: Knuth leaves such nodes in place, and so do we (the counts depend on it).

template <bool Colors, bool Hint>
DLX_ALWAYS_INLINE void Links::hide(std::int32_t node, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const auto remove = [&](std::int32_t q) {
        if (!Colors || color[q] >= 0) {
            const std::int32_t up = ln[q].up, down = ln[q].down, item = top[q];
            ln[up].down = down;
            ln[down].up = up;
            const std::int32_t left = --top[item];
            if (Hint && left <= 1 && item <= primary_count_) // for single_item()
                (left == 0 ? zero_hint_ : single_hint_) = item;
            ++updates;
        }
    };
    // Right of `node` up to the spacer, whose ULINK leads back to the option's first node;
    // then from there up to `node`. One test per node instead of Knuth's two (spacer? back at
    // `node`?): 12% fewer instructions on the first 300 solutions of pento6x10 (callgrind,
    // 1.354 to 1.189 billion), and about 5% less time.
    std::int32_t q = node + 1;
    for (; top[q] > 0; ++q)
        remove(q);
    for (q = ln[q].up; q != node; ++q)
        remove(q);
}

template <bool Colors>
inline void Links::unhide(std::int32_t node) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const auto restore = [&](std::int32_t q) {
        if (!Colors || color[q] >= 0) {
            const std::int32_t up = ln[q].up, down = ln[q].down;
            ln[up].down = q;
            ln[down].up = q;
            ++top[top[q]];
        }
    };
    // The mirror image of hide(): left of `node` down to the spacer, whose DLINK leads to the
    // option's last node; then from there down to `node`.
    std::int32_t q = node - 1;
    for (; top[q] > 0; --q)
        restore(q);
    for (q = ln[q].down; q != node; --q)
        restore(q);
}

// An item leaves or rejoins the active ones: its length gets or loses the `inactive` offset,
// and the list of active items is kept only where something walks it (Algorithm M, and
// choose_item() for problems with many items). Keeping it always cost 15% of the time on
// hard Sudoku puzzles.
DLX_ALWAYS_INLINE void Links::deactivate(std::int32_t item) noexcept
{
    top_[item] += inactive;
    if (keep_list_) {
        const std::int32_t left = prev_[item], right = next_[item];
        next_[left] = right;
        prev_[right] = left;
    }
}

DLX_ALWAYS_INLINE void Links::reactivate(std::int32_t item) noexcept
{
    top_[item] -= inactive;
    if (keep_list_) {
        const std::int32_t left = prev_[item], right = next_[item];
        next_[left] = item;
        prev_[right] = item;
    }
}

// Inlined by force, as are hide() and commit(), for the same reason as uncover() below: left to
// itself, GCC calls cover() out of line from run_x() (4% more instructions on sudoku-cli -c;
// and 0.8% more with deactivate() and reactivate() left to it).
template <bool Colors, bool Hint>
DLX_ALWAYS_INLINE void Links::cover(std::int32_t item, std::uint64_t& updates) noexcept
{
    deactivate(item);
    ++updates;
    const Link* const ln = links_.data();
    for (std::int32_t r = ln[item].down; r != item; r = ln[r].down)
        hide<Colors, Hint>(r, updates);
}

// Inlined by force: left to itself, GCC calls uncover() out of line, which cost 2.5% more
// instructions on the Sudoku sets.
template <bool Colors>
DLX_ALWAYS_INLINE void Links::uncover(std::int32_t item) noexcept
{
    const Link* const ln = links_.data();
    for (std::int32_t r = ln[item].up; r != item; r = ln[r].up)
        unhide<Colors>(r);
    reactivate(item);
}

// purify(p): p's option gives secondary item x the colour c. Every option in x's list with
// another colour is hidden; those with colour c are marked -1 (they agree, nothing to do).
void Links::purify(std::int32_t node, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t item = top[node], wanted = color[node];
    for (std::int32_t r = ln[item].down; r != item; r = ln[r].down) {
        if (color[r] != wanted)
            hide<true>(r, updates);
        else if (r != node)
            color[r] = -1;
    }
}

void Links::unpurify(std::int32_t node) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t item = top[node], wanted = color[node];
    for (std::int32_t r = ln[item].up; r != item; r = ln[r].up) {
        if (color[r] < 0)
            color[r] = wanted;
        else if (r != node)
            unhide<true>(r);
    }
}

// commit(p): the option of p has been chosen for p's item (already covered); cover or purify
// each of its other items, left to right. uncommit(p) undoes that right to left.
template <bool Colors, bool Hint>
DLX_ALWAYS_INLINE void Links::commit(std::int32_t node, std::uint64_t& updates) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node + 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].up;
            continue;
        }
        if (!Colors || color[q] == 0)
            cover<Colors, Hint>(item, updates);
        else if (color[q] > 0)
            purify(q, updates);
        ++q;
    }
}

template <bool Colors>
inline void Links::uncommit(std::int32_t node) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node - 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].down;
            continue;
        }
        if (!Colors || color[q] == 0)
            uncover<Colors>(item);
        else if (color[q] > 0)
            unpurify(q);
        --q;
    }
}

// Algorithm M's tweak(p): p is the topmost option of its item. With `block`, the whole option
// is hidden, p included; without (the item is already covered), p only leaves the item's list.
void Links::tweak(std::int32_t node, bool block, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    for (std::int32_t q = block ? node + 1 : node;;) {
        if (color[q] >= 0) {
            const std::int32_t item = top[q];
            if (item <= 0) {
                q = ln[q].up;
                continue;
            }
            ln[ln[q].up].down = ln[q].down;
            ln[ln[q].down].up = ln[q].up;
            --top[item];
            ++updates;
        }
        if (q == node)
            break;
        ++q;
    }
}

// untweak: the tweaked nodes, from `first` down to the current top, still point to each other
// through `down`; restore their `up` links, the header's `down` and the length, and (with
// `unblock`) the rest of their options. Without `unblock` the item was covered on entry.
void Links::untweak(std::int32_t item, std::int32_t first, bool unblock) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t last = ln[item].down; // the current top of the list
    ln[item].down = first;
    std::int32_t count = 0, above = item, r = first;
    for (; r != last; above = r, r = ln[r].down) {
        ln[r].up = above;
        ++count;
        if (unblock) {
            for (std::int32_t q = r + 1; q != r;) {
                if (color[q] >= 0) {
                    const std::int32_t other = top[q];
                    if (other <= 0) {
                        q = ln[q].up;
                        continue;
                    }
                    ln[ln[q].up].down = q;
                    ln[ln[q].down].up = q;
                    ++top[other];
                }
                ++q;
            }
        }
    }
    ln[r].up = above;
    top[item] += count;
    if (!unblock) {
        for (std::int32_t o = ln[item].up; o != item; o = ln[o].up)
            unhide<true>(o);
    }
}

// Algorithm M's commit: each other primary item of the option loses one unit of bound and is
// covered when none is left; secondary items are covered or purified as in Algorithm C.
void Links::commit_m(std::int32_t node, std::uint64_t& updates) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node + 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].up;
            continue;
        }
        if (item <= primary_count_) {
            if (--bound_[item] == 0)
                cover<true>(item, updates);
        } else if (color[q] == 0) {
            cover<true>(item, updates);
        } else if (color[q] > 0) {
            purify(q, updates);
        }
        ++q;
    }
}

void Links::uncommit_m(std::int32_t node) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node - 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].down;
            continue;
        }
        if (item <= primary_count_) {
            if (bound_[item] == 0)
                uncover<true>(item);
            ++bound_[item];
        } else if (color[q] == 0) {
            uncover<true>(item);
        } else if (color[q] > 0) {
            unpurify(q);
        }
        --q;
    }
}

// ---------------------------------------------------------------------------------------------
// Reporting.

OptionId Links::option_of(std::int32_t node) const noexcept
{
    return option_id_[static_cast<std::size_t>(node)];
}

bool Links::report(const Visitor* visit, Tracer* tracer, std::span<const OptionId> solution)
{
    if (tracer)
        tracer->solution(solution);
    return !visit || (*visit)(solution) == Visit::keep_going;
}

// Algorithm M: levels whose move was "no further option" add nothing to the solution.
bool Links::report_solution(const Visitor* visit, Tracer* tracer, std::size_t level)
{
    solution_.clear();
    for (std::size_t l = 0; l < level; ++l) {
        if (choice_[l] != item_at_[l])
            solution_.push_back(option_of(choice_[l]));
    }
    return report(visit, tracer, solution_);
}

// ---------------------------------------------------------------------------------------------
// Algorithm X (and C): choose the primary item with fewest live options, leftmost on ties
// (Knuth's MRV heuristic); with a seed, a tie is broken uniformly at random.

// An active item with at most one live option, or 0 (root) when there is none: an item that
// hide() has just left with no option (a dead end found at once: on forum 11+ this took the
// nodes a puzzle from 1878 down to 1329), else one it has just left with one option (in
// Sudoku, the move that the last choice forced; this saved a scan of the headers at most
// nodes), else the first in header order. Hints go stale as the search backs up; an inactive
// item never shows length 0 or 1 (it carries the `inactive` offset), so a stale hint is
// simply not taken.
inline std::int32_t Links::single_item() const noexcept
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
        const __m128i at_most = _mm_cmpgt_epi32(
            above, _mm_loadu_si128(reinterpret_cast<const __m128i*>(top + header)));
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
inline std::int32_t Links::first_of_length(const std::int32_t* top, std::int32_t least) const noexcept
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

template <bool Randomised>
inline std::int32_t Links::choose_item(Random64& random) noexcept
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

// The loop keeps `level` open levels; level l has chosen item item_at_[l] and is trying the
// option of node choice_[l] (choice_[l] == item_at_[l] before its first try).
//
//   X2 enter a node at depth `level`: a solution if no primary item is left,
//   X3 otherwise choose an item i, X4 cover(i), open the level;
//   X5 try the next option of the deepest open level: commit it and enter a node below;
//   X6 before that, uncommit the option tried last;
//   X7/X8 when i's options are used up, uncover(i) and close the level.
template <bool Colors, bool Randomised, bool Traced, bool Hint>
void Links::run_x(const Visitor* visit, const SearchOptions& options, SearchStats& stats)
{
    const Link* const ln = links_.data();
    Random64 random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    const bool random_items = Randomised && options.randomise == Randomise::items_and_options;
    constexpr bool singles_first = Hint; // see search(): Hint means ItemChoice::singles_first
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::uint32_t order_top = 0;
    bool stopped = false;
    // The primary items not yet covered: none left is a solution, known without a scan of the
    // items (which took three scans of Sudoku's 324 at every board that -c generates). A
    // committed option covers exactly its primary items: any option still in a list has them
    // all active.
    std::int32_t uncovered = 0;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        uncovered += static_cast<std::int32_t>(top_[header] < inactive);

    for (;;) {
        // X2: enter a node at depth `level`.
        if (nodes == options.node_limit) {
            stopped = true;
            break;
        }
        ++nodes;
        max_level = std::max(max_level, level);
        // X3: choose an item; none left means a solution (X2), known without a scan.
        std::int32_t chosen = root;
        if (uncovered > 0) {
            if (singles_first)
                chosen = single_item();
            if (chosen == root)
                chosen = random_items ? choose_item<Randomised>(random) : choose_item<false>(random);
        }
        if (chosen == root) {
            ++solutions;
            // Should the visitor throw, the next call undoes the open levels (see settle()).
            open_levels_ = level;
            const bool go_on = !reporting || report(visit, tracer, {level_option_.data(), level});
            open_levels_ = 0;
            if (!go_on || solutions >= options.solution_limit) {
                stopped = true;
                break;
            }
        } else {
            // X4: cover it.
            if constexpr (Traced)
                tracer->choose(level, item_id(chosen), static_cast<std::size_t>(length(chosen)));
            cover<Colors, Hint>(chosen, updates);
            item_at_[level] = choice_[level] = chosen;
            if constexpr (Randomised) {
                const std::uint32_t begin = order_top;
                for (std::int32_t r = ln[chosen].down; r != chosen; r = ln[r].down)
                    order_[order_top++] = r;
                for (std::uint32_t i = order_top - begin; i > 1; --i)
                    std::swap(order_[begin + i - 1], order_[begin + random.below(i)]);
                order_begin_[level] = order_next_[level] = begin;
            }
            ++level;
        }
        // X5-X8: find the next option to try, closing exhausted levels on the way.
        for (;;) {
            if (level == 0)
                break;
            const std::size_t l = level - 1;
            const std::int32_t item = item_at_[l];
            std::int32_t node = choice_[l];
            if (node != item) { // X6
                uncommit<Colors>(node);
                uncovered += static_cast<std::int32_t>(primaries_[option_of(node)]);
            }
            if constexpr (Randomised) {
                const auto end = order_begin_[l] + static_cast<std::uint32_t>(length(item));
                node = order_next_[l] < end ? order_[order_next_[l]++] : item;
            } else {
                node = ln[node].down;
            }
            if (node == item) { // X7, X8
                uncover<Colors>(item);
                if constexpr (Traced)
                    tracer->backtrack(l, item_id(item));
                if constexpr (Randomised)
                    order_top = order_begin_[l];
                --level;
                continue;
            }
            choice_[l] = node; // X5
            const OptionId option = option_of(node);
            uncovered -= static_cast<std::int32_t>(primaries_[option]);
            if (reporting) // kept level by level: a solution is then ready as it stands
                level_option_[l] = option;
            if constexpr (Traced)
                tracer->try_option(l, level_option_[l]);
            commit<Colors, Hint>(node, updates);
            break;
        }
        if (level == 0)
            break;
    }

    if (stopped) // the open levels are undone by the next call that needs the links
        open_levels_ = level;
    stats.solutions += solutions;
    stats.nodes += nodes;
    stats.updates += updates;
    stats.max_level = std::max(stats.max_level, max_level);
    stats.complete = stats.complete && !stopped;
}

// A stopped search leaves its open levels as they are, and the next call that reads the links
// undoes them here, deepest first; reset() instead lays everything out afresh, so a Sudoku
// solver, which resets the links for every puzzle, never pays for undoing the sixty-odd levels
// that led to a puzzle's solution (a fifth of its time: 17_clue 82k to 105k puzzles a second).
void Links::settle() noexcept
{
    if (colors_)
        undo_open_levels<true>();
    else
        undo_open_levels<false>();
}

template <bool Colors>
void Links::undo_open_levels() noexcept
{
    while (open_levels_ > 0) {
        const std::size_t level = --open_levels_;
        if (choice_[level] != item_at_[level])
            uncommit<Colors>(choice_[level]);
        uncover<Colors>(item_at_[level]);
    }
}

// ---------------------------------------------------------------------------------------------
// Algorithm M (Knuth's dlx3): primary items with multiplicities. An item with bounds [u, v] is
// branched on by taking its options one at a time (each "tweaked" out of the list once tried)
// and, where slack allows, a final "null" move that leaves it with fewer options. The step
// names follow dlx3: enter (its "forward"), advance, backup and backdown.

template <bool Randomised, bool Traced>
void Links::run_m(const Visitor* visit, const SearchOptions& options, SearchStats& stats)
{
    const Link* const ln = links_.data();
    Random64 random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    constexpr std::int32_t infinity = std::numeric_limits<std::int32_t>::max();
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::int32_t best = root, node = root;
    bool stopped = false;

    auto restore_best = [&](std::size_t at) {
        if (bound_[best] == 0 && slack_[best] == 0)
            uncover<true>(best);
        else
            untweak(best, tweak_at_[at], bound_[best] != 0);
        ++bound_[best];
    };

    enum class Step { enter, advance, backup, backdown, done };
    Step step = Step::enter;
    while (step != Step::done) {
        switch (step) {
        case Step::enter: {
            if (nodes == options.node_limit) {
                stopped = true;
                step = Step::done;
                break;
            }
            ++nodes;
            max_level = std::max(max_level, level);
            // The branching degree of item i is len + s - bound + 1 with s = min(slack, bound);
            // ties go to smaller s, then to the longer list, then leftmost (or at random).
            std::int32_t score = infinity, best_s = 0, best_length = 0;
            std::uint32_t ties = 0;
            for (std::int32_t item = next_[root]; item != root; item = next_[item]) {
                const std::int32_t s = std::min(slack_[item], bound_[item]);
                const std::int32_t len = length(item);
                const std::int32_t t = len + s - bound_[item] + 1;
                if (t > score)
                    continue;
                if (t < score || s < best_s || (s == best_s && len > best_length)) {
                    score = t, best = item, best_s = s, best_length = len, ties = 1;
                } else if (s == best_s && len == best_length) {
                    ++ties;
                    if (Randomised && random.below(ties) == 0)
                        best = item;
                }
            }
            if (score <= 0) { // too few options left for some item
                step = Step::backdown;
                break;
            }
            if (score == infinity) { // nothing left to cover: a solution
                ++solutions;
                if ((reporting && !report_solution(visit, tracer, level)) ||
                    solutions >= options.solution_limit) {
                    stopped = true;
                    step = Step::done;
                    break;
                }
                step = Step::backdown;
                break;
            }
            if constexpr (Traced)
                tracer->choose(level, item_id(best), static_cast<std::size_t>(length(best)));
            item_at_[level] = best;
            tweak_at_[level] = 0;
            node = ln[best].down;
            --bound_[best];
            if (bound_[best] == 0 && slack_[best] == 0) {
                cover<true>(best, updates);
            } else {
                tweak_at_[level] = node;
                if (bound_[best] == 0)
                    cover<true>(best, updates);
            }
            step = Step::advance;
            break;
        }
        case Step::advance:
            if (bound_[best] == 0 && slack_[best] == 0) {
                if (node == best) {
                    step = Step::backup;
                    break;
                }
            } else if (length(best) <= bound_[best] - slack_[best]) {
                step = Step::backup;
                break;
            } else if (node != best) {
                tweak(node, bound_[best] != 0, updates);
            } else if (bound_[best] != 0) {
                deactivate(best);
            }
            if constexpr (Traced) {
                tracer->try_option(level, node == best ? std::nullopt
                                                       : std::optional<OptionId>(option_of(node)));
            }
            if (node != best)
                commit_m(node, updates);
            choice_[level] = node;
            ++level;
            step = Step::enter;
            break;
        case Step::backup:
            restore_best(level);
            if constexpr (Traced)
                tracer->backtrack(level, item_id(best));
            step = Step::backdown;
            break;
        case Step::backdown:
            if (level == 0) {
                step = Step::done;
                break;
            }
            --level;
            node = choice_[level];
            best = item_at_[level];
            if (node == best) {
                reactivate(best);
                step = Step::backup;
                break;
            }
            uncommit_m(node);
            node = ln[node].down;
            step = Step::advance;
            break;
        case Step::done:
            break;
        }
    }

    if (stopped) { // undo the open levels, deepest first
        while (level > 0) {
            --level;
            node = choice_[level];
            best = item_at_[level];
            // An item covered on entry with slack left (bound 0) is reactivated only on the way
            // back from its null move; a stop before that move must reactivate it here.
            const bool covered_with_slack = bound_[best] == 0 && slack_[best] != 0;
            if (node == best)
                reactivate(best);
            else
                uncommit_m(node);
            restore_best(level);
            if (node != best && covered_with_slack)
                reactivate(best);
        }
    }
    stats.solutions += solutions;
    stats.nodes += nodes;
    stats.updates += updates;
    stats.max_level = std::max(stats.max_level, max_level);
    stats.complete = stats.complete && !stopped;
}

namespace {

// Turns run-time flags into template arguments: calls f.template operator()<flags...>(), one
// instantiation per combination, so that a feature not in use costs nothing in the loop.
template <bool... Fixed, typename F>
void with_flags(F&& f)
{
    f.template operator()<Fixed...>();
}

template <bool... Fixed, typename F, typename... More>
void with_flags(F&& f, bool flag, More... more)
{
    if (flag)
        with_flags<Fixed..., true>(f, more...);
    else
        with_flags<Fixed..., false>(f, more...);
}

} // namespace

SearchStats Links::search(const Visitor* visit, const SearchOptions& options)
{
    settle();
    SearchStats stats;
    if (options.solution_limit == 0 || options.node_limit == 0) {
        stats.complete = false;
        return stats;
    }
    const bool randomised = options.seed.has_value();
    const bool traced = options.tracer != nullptr;
    const bool hint =
        options.choice == ItemChoice::singles_first && primary_count_ <= linear_choice_limit;
    if (multiplicities_) {
        with_flags([&]<bool Randomised, bool Traced>() {
            run_m<Randomised, Traced>(visit, options, stats);
        }, randomised, traced);
    } else {
        with_flags([&]<bool Colors, bool Randomised, bool Traced, bool Hint>() {
            run_x<Colors, Randomised, Traced, Hint>(visit, options, stats);
        }, colors_, randomised, traced, hint);
    }
    return stats;
}

// ---------------------------------------------------------------------------------------------
// Forcing options before a search. The item states recorded here let force() see a conflict
// without searching: an option is dead exactly when one of its items was covered, or purified
// to another colour, by an option forced earlier.

bool Links::force(OptionId option)
{
    settle();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const std::int32_t first = option < option_first_.size() ? option_first_[option] : -1;
    if (first < 0)
        return false; // no primary item: never part of a solution
    std::int32_t anchor = -1;
    for (std::int32_t q = first; top[q] > 0; ++q) {
        const std::int32_t item = top[q];
        const std::int32_t state = forced_state_[item];
        if (state == -1 || (state > 0 && color[q] >= 0 && color[q] != state))
            return false;
        if (anchor < 0 && item <= primary_count_)
            anchor = q;
    }
    std::uint64_t ignored = 0;
    cover<true>(top[anchor], ignored);
    commit<true>(anchor, ignored);
    for (std::int32_t q = first; top[q] > 0; ++q)
        forced_state_[top[q]] = color[q] > 0 ? color[q] : -1;
    forced_options_.push_back(option);
    forced_anchors_.push_back(anchor);
    return true;
}

void Links::unforce_all()
{
    settle();
    const std::int32_t* const top = top_.data();
    while (!forced_anchors_.empty()) {
        const std::int32_t anchor = forced_anchors_.back();
        forced_anchors_.pop_back();
        uncommit<true>(anchor);
        uncover<true>(top[anchor]);
    }
    forced_options_.clear();
    std::fill(forced_state_.begin(), forced_state_.end(), 0);
    if (laid_out_forced_) {
        next_epoch();
        layout();
        laid_out_forced_ = false;
    }
}

bool Links::reset(std::span<const OptionId> forced)
{
    open_levels_ = 0; // nothing to undo: layout() below writes every link that is used
    forced_anchors_.clear();
    forced_options_.clear();
    std::fill(forced_state_.begin(), forced_state_.end(), 0);
    next_epoch();
    bool consistent = true;
    for (const OptionId option : forced) {
        if (option + 1 >= option_begin_.size()) {
            consistent = false;
            break;
        }
        const std::uint32_t begin = option_begin_[option], end = option_begin_[option + 1];
        for (std::uint32_t e = begin; e < end; ++e) {
            const std::int32_t state = forced_state_[entry_header_[e]];
            if (state == -1 || (state > 0 && entry_color_[e] != state))
                consistent = false;
        }
        if (!primaries_[option] || !consistent) {
            consistent = false;
            break;
        }
        // The options this one rules out: all through an item it covers, and those giving an
        // item it purifies another colour. Marking them walks only the forced options' items.
        for (std::uint32_t e = begin; e < end; ++e) {
            const std::int32_t header = entry_header_[e], color = entry_color_[e];
            forced_state_[header] = color > 0 ? color : -1;
            const std::uint32_t first = item_begin_[header], last = item_begin_[header + 1];
            if (color == 0) {
                for (std::uint32_t k = first; k < last; ++k)
                    dead_[item_options_[k]] = epoch_;
            } else {
                for (std::uint32_t k = first; k < last; ++k) {
                    if (item_colors_[k] != color)
                        dead_[item_options_[k]] = epoch_;
                }
            }
        }
    }
    if (consistent) {
        forced_options_.assign(forced.begin(), forced.end());
    } else {
        std::fill(forced_state_.begin(), forced_state_.end(), 0);
        next_epoch();
    }
    laid_out_forced_ = consistent && !forced.empty();
    layout();
    return consistent;
}

void Links::next_epoch()
{
    if (++epoch_ == 0) { // after 2^32 resets: clear the stamps once
        std::fill(dead_.begin(), dead_.end(), 0);
        epoch_ = 1;
    }
}

// ---------------------------------------------------------------------------------------------
// Parallel counting support.

void Links::expand_top_from(std::size_t level, std::size_t depth, std::vector<std::int32_t>& path,
                            std::vector<std::int32_t>& prefixes, SearchStats& stats)
{
    if (level == depth) {
        prefixes.insert(prefixes.end(), path.begin(), path.end());
        return;
    }
    ++stats.nodes;
    stats.max_level = std::max(stats.max_level, level);
    Random64 unused;
    const std::int32_t item = choose_item<false>(unused);
    if (item == root) {
        ++stats.solutions;
        return;
    }
    cover<true>(item, stats.updates);
    for (std::int32_t r = links_[item].down; r != item; r = links_[r].down) {
        commit<true>(r, stats.updates);
        path.push_back(r);
        expand_top_from(level + 1, depth, path, prefixes, stats);
        path.pop_back();
        uncommit<true>(r);
    }
    uncover<true>(item);
}

void Links::expand_top(std::size_t depth, std::vector<std::int32_t>& prefixes, SearchStats& stats)
{
    settle();
    std::vector<std::int32_t> path;
    path.reserve(depth);
    expand_top_from(0, depth, path, prefixes, stats);
}

void Links::enter_prefix(std::span<const std::int32_t> prefix)
{
    settle();
    std::uint64_t ignored = 0;
    for (const std::int32_t node : prefix) {
        cover<true>(top_[node], ignored);
        commit<true>(node, ignored);
    }
}

void Links::leave_prefix(std::span<const std::int32_t> prefix)
{
    settle(); // the search below the prefix may have stopped at a limit
    for (auto it = prefix.rbegin(); it != prefix.rend(); ++it) {
        uncommit<true>(*it);
        uncover<true>(top_[*it]);
    }
}

// ---------------------------------------------------------------------------------------------
// Knuth's sanity() check, and exact comparison.

std::string Links::check()
{
    settle();
    std::ostringstream fault;
    const auto items = static_cast<std::int32_t>(prev_.size()) - 1;
    for (std::int32_t q = root, p = next_[root]; keep_list_; q = p, p = next_[p]) {
        if (prev_[p] != q) {
            fault << "item " << item_id(p) << ": bad prev link";
            return fault.str();
        }
        if (p == root)
            break;
    }
    for (std::int32_t item = 1; item <= items; ++item) {
        std::int32_t count = 0;
        for (std::int32_t q = item, p = links_[item].down;; q = p, p = links_[p].down) {
            if (links_[p].up != q) {
                fault << "node " << p << ": bad up link";
                return fault.str();
            }
            if (p == item)
                break;
            if (top_[p] != item) {
                fault << "node " << p << ": in the list of item " << item_id(item)
                      << " but belongs to item " << item_id(top_[p]);
                return fault.str();
            }
            ++count;
        }
        if (count != length(item)) {
            fault << "item " << item_id(item) << ": length " << length(item) << ", list holds "
                  << count;
            return fault.str();
        }
    }
    return {};
}

bool Links::same_as(Links& other)
{
    settle();
    other.settle();
    const auto link_equal = [](const Link& a, const Link& b) {
        return a.up == b.up && a.down == b.down;
    };
    const auto end = static_cast<std::size_t>(node_end_);
    return node_end_ == other.node_end_ &&
           std::equal(links_.begin(), links_.begin() + end, other.links_.begin(), link_equal) &&
           std::equal(top_.begin(), top_.begin() + end, other.top_.begin()) &&
           std::equal(color_.begin(), color_.begin() + end, other.color_.begin()) && prev_ == other.prev_ && next_ == other.next_ && bound_ == other.bound_ &&
           slack_ == other.slack_;
}

} // namespace dlx::detail

