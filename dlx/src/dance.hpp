// The dance steps of TAOCP 7.2.2.1: hide, cover, purify and commit, with their inverses, over
// the node layout that links.hpp explains. Header-only so that every search loop inlines them:
// they are the inner loops. The steps that only Algorithm M takes (tweak and its commit) are in
// algorithm_m.cpp.
#pragma once

#include "links.hpp"
#include "signature.hpp"

namespace dlx::detail {

// The dance steps (Knuth's hide, cover, purify, tweak and their inverses).
//
// hide(p) removes every node of p's option except p itself from its item's list; unhide(p)
// puts them back, walking the other way, so that each node is relinked from exactly the
// neighbours it was unlinked from. A node with colour < 0 belongs to an item that was purified
// to its own colour: Knuth leaves such nodes in place, and so do we (the counts depend on it).

//
// With Memo (a memoised count, memo.cpp), as DLX6: a cleansed node leaves its list's length all
// the same, so that a purified item's length counts the live options that agree with its colour;
// and a secondary item whose length reaches 0 (no remaining option uses it) leaves the
// signature, to return with its first option.
template <bool Colors, bool Hint, bool Memo>
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
            if (Memo && left == 0 && item > primary_count_)
                refresh(item);
            ++updates;
        } else if (Memo) {
            const std::int32_t item = top[q];
            if (--top[item] == 0)
                refresh(item);
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

template <bool Colors, bool Memo> inline void Links::unhide(std::int32_t node) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const auto restore = [&](std::int32_t q) {
        if (!Colors || color[q] >= 0) {
            const std::int32_t up = ln[q].up, down = ln[q].down, item = top[q];
            ln[up].down = q;
            ln[down].up = q;
            const std::int32_t now = ++top[item];
            if (Memo && now == 1 && item > primary_count_)
                refresh(item);
        } else if (Memo) {
            const std::int32_t item = top[q];
            if (++top[item] == 1)
                refresh(item);
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
template <bool Colors, bool Hint, bool Memo>
DLX_ALWAYS_INLINE void Links::cover(std::int32_t item, std::uint64_t& updates) noexcept
{
    deactivate(item);
    if constexpr (Memo)
        refresh(item);
    ++updates;
    const Link* const ln = links_.data();
    for (std::int32_t r = ln[item].down; r != item; r = ln[r].down)
        hide<Colors, Hint, Memo>(r, updates);
}

// Inlined by force: left to itself, GCC calls uncover() out of line, which cost 2.5% more
// instructions on the Sudoku sets.
template <bool Colors, bool Memo> DLX_ALWAYS_INLINE void Links::uncover(std::int32_t item) noexcept
{
    const Link* const ln = links_.data();
    for (std::int32_t r = ln[item].up; r != item; r = ln[r].up)
        unhide<Colors, Memo>(r);
    reactivate(item);
    if constexpr (Memo)
        refresh(item);
}

// purify(p): p's option gives secondary item x the colour c. Every option in x's list with
// another colour is hidden; those with colour c are marked -1 (they agree, nothing to do).
// With Memo, x's length then counts only those, and x's field says c.
template <bool Memo> inline void Links::purify(std::int32_t node, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t item = top[node], wanted = color[node];
    std::int32_t disagree = 0;
    for (std::int32_t r = ln[item].down; r != item; r = ln[r].down) {
        if (color[r] != wanted) {
            hide<true, false, Memo>(r, updates);
            ++disagree;
        } else if (r != node) {
            color[r] = -1;
        }
    }
    if constexpr (Memo) {
        top[item] -= disagree;
        signature_->purified[static_cast<std::size_t>(item)] =
            signature_->code[static_cast<std::size_t>(node)];
        refresh(item);
    }
}

template <bool Memo> inline void Links::unpurify(std::int32_t node) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t item = top[node], wanted = color[node];
    std::int32_t disagree = 0;
    for (std::int32_t r = ln[item].up; r != item; r = ln[r].up) {
        if (color[r] < 0) {
            color[r] = wanted;
        } else if (r != node) {
            unhide<true, Memo>(r);
            ++disagree;
        }
    }
    if constexpr (Memo) {
        top[item] += disagree;
        signature_->purified[static_cast<std::size_t>(item)] = 0;
        refresh(item);
    }
}

// An item's field of the signature (signature.hpp), from its state.
DLX_ALWAYS_INLINE void Links::refresh(std::int32_t header) noexcept
{
    const std::int32_t length = top_[header];
    std::uint64_t value = 0;
    if (header <= primary_count_)
        value = length < inactive ? 1 : 0;
    else if (length != 0 && length < inactive)
        value = 1 + signature_->purified[static_cast<std::size_t>(header)];
    signature_->set(header, value);
}

// commit(p): the option of p has been chosen for p's item (already covered); cover or purify
// each of its other items, left to right. uncommit(p) undoes that right to left.
//
// The walk around the option (right to the spacer, back to the option's first node) is written
// out here, in uncommit(), in hide()/unhide() and in Algorithm M's commit_m()/uncommit_m() and
// tweak(), on purpose: one shared walk taking the per-node step as a lambda made GCC stop
// inlining the steps, for 6% more instructions (docs/benchmarks.md, "tried and dropped").
template <bool Colors, bool Hint, bool Memo>
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
            cover<Colors, Hint, Memo>(item, updates);
        else if (color[q] > 0)
            purify<Memo>(q, updates);
        ++q;
    }
}

template <bool Colors, bool Memo> DLX_NEVER_INLINE void Links::uncommit(std::int32_t node) noexcept
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
            uncover<Colors, Memo>(item);
        else if (color[q] > 0)
            unpurify<Memo>(q);
        --q;
    }
}

} // namespace dlx::detail
