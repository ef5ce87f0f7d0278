// The dance steps and the search loops. Read links.hpp first: it explains the node layout.
// Each loop follows Knuth's program step for step, so that the counters (nodes, updates) equal
// his dlx1/dlx2/dlx3 on the same input; the comments name the steps of TAOCP 7.2.2.1.
#include "links.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace dlx::detail {

namespace {

constexpr std::int32_t root = 0;

std::int32_t header_of(ItemId item) { return static_cast<std::int32_t>(item) + 1; }
ItemId item_of_header(std::int32_t header) { return static_cast<ItemId>(header - 1); }

} // namespace

void Links::add_node(std::int32_t up, std::int32_t down, std::int32_t top, std::int32_t color)
{
    links_.push_back({up, down});
    top_.push_back(top);
    color_.push_back(color);
}

Links::Links(const Problem& problem)
{
    const auto items = static_cast<std::int32_t>(problem.item_count());
    colors_ = problem.has_colors();
    multiplicities_ = problem.has_multiplicities();

    const std::size_t node_count = static_cast<std::size_t>(items) + 2 + problem.entry_count() +
                                   problem.option_count();
    if (node_count > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        throw std::length_error("dlx: the problem has more than 2^31 nodes (items, entries "
                                "and options together)");
    links_.reserve(node_count);
    top_.reserve(node_count);
    color_.reserve(node_count);
    add_node(root, root, 0, 0);
    prev_.assign(static_cast<std::size_t>(items) + 1, root);
    next_.assign(static_cast<std::size_t>(items) + 1, root);
    bound_.assign(static_cast<std::size_t>(items) + 1, 0);
    slack_.assign(static_cast<std::size_t>(items) + 1, 0);
    primary_.assign(static_cast<std::size_t>(items) + 1, 0);
    forced_state_.assign(static_cast<std::size_t>(items) + 1, 0);

    std::int32_t last_active = root;
    for (std::int32_t header = 1; header <= items; ++header) {
        add_node(header, header, 0, 0);
        const ItemId item = item_of_header(header);
        if (problem.kind(item) == ItemKind::primary) {
            primary_[header] = 1;
            prev_[header] = last_active;
            next_[last_active] = header;
            last_active = header;
            Bounds bounds = problem.bounds(item);
            // A bound beyond the number of options behaves like that number plus one (the
            // branching degree len + 1 - lower is unchanged), and then fits in 32 signed bits.
            const std::uint32_t cap = static_cast<std::uint32_t>(problem.option_count()) + 1;
            bounds.upper = std::min(bounds.upper, cap);
            bounds.lower = std::min(bounds.lower, cap);
            bound_[header] = static_cast<std::int32_t>(bounds.upper);
            slack_[header] = static_cast<std::int32_t>(bounds.upper - bounds.lower);
        } else {
            prev_[header] = next_[header] = header;
        }
    }
    next_[last_active] = root;
    prev_[root] = last_active;

    option_first_.assign(problem.option_count(), -1);
    add_node(0, 0, 0, 0); // the first spacer
    for (OptionId option = 0; option < problem.option_count(); ++option) {
        const auto entries = problem.option(option);
        const bool usable = std::any_of(entries.begin(), entries.end(), [&](const Entry& entry) {
            return problem.kind(entry.item) == ItemKind::primary;
        });
        if (!usable)
            continue;
        const auto spacer = static_cast<std::int32_t>(links_.size()) - 1;
        option_first_[option] = spacer + 1;
        for (const Entry& entry : entries) {
            const std::int32_t header = header_of(entry.item);
            const auto node = static_cast<std::int32_t>(links_.size());
            const std::int32_t bottom = links_[header].up;
            add_node(bottom, header, header, static_cast<std::int32_t>(entry.color));
            links_[bottom].down = node;
            links_[header].up = node;
            ++top_[header];
        }
        links_[spacer].down = static_cast<std::int32_t>(links_.size()) - 1;
        add_node(spacer + 1, 0, -static_cast<std::int32_t>(option) - 1, 0);
    }

    // Each level decreases the bound of one primary item, and an item is chosen at most once
    // more than it has options (the last time for Algorithm M's null move).
    std::size_t max_levels = 1;
    for (std::int32_t header = 1; header <= items; ++header) {
        if (primary_[header])
            max_levels += static_cast<std::size_t>(
                std::min(bound_[header], top_[header] + 1));
    }
    choice_.assign(max_levels + 1, 0);
    item_at_.assign(max_levels + 1, 0);
    tweak_at_.assign(max_levels + 1, 0);
    order_begin_.assign(max_levels + 1, 0);
    order_next_.assign(max_levels + 1, 0);
    order_.assign(problem.entry_count() + 1, 0);
    solution_.reserve(max_levels);
}

// ---------------------------------------------------------------------------------------------
// The dance steps (Knuth's hide, cover, purify, tweak and their inverses).
//
// hide(p) removes every node of p's option except p itself from its item's list; unhide(p)
// puts them back, walking the other way, so that each node is relinked from exactly the
// neighbours it was unlinked from. A node with colour < 0 belongs to an item that was purified
// to its own colour: Knuth leaves such nodes in place, and so do we (the counts depend on it).

template <bool Colors>
inline void Links::hide(std::int32_t node, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const auto remove = [&](std::int32_t q) {
        if (!Colors || color[q] >= 0) {
            const std::int32_t up = ln[q].up, down = ln[q].down;
            ln[up].down = down;
            ln[down].up = up;
            --top[top[q]];
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

inline void Links::deactivate(std::int32_t item) noexcept
{
    const std::int32_t left = prev_[item], right = next_[item];
    next_[left] = right;
    prev_[right] = left;
}

inline void Links::reactivate(std::int32_t item) noexcept
{
    const std::int32_t left = prev_[item], right = next_[item];
    next_[left] = item;
    prev_[right] = item;
}

template <bool Colors>
inline void Links::cover(std::int32_t item, std::uint64_t& updates) noexcept
{
    deactivate(item);
    ++updates;
    const Link* const ln = links_.data();
    for (std::int32_t r = ln[item].down; r != item; r = ln[r].down)
        hide<Colors>(r, updates);
}

template <bool Colors>
inline void Links::uncover(std::int32_t item) noexcept
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
template <bool Colors>
inline void Links::commit(std::int32_t node, std::uint64_t& updates) noexcept
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
            cover<Colors>(item, updates);
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
        if (primary_[item]) {
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
        if (primary_[item]) {
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
    while (top_[node] > 0)
        ++node;
    return static_cast<OptionId>(-top_[node] - 1);
}

bool Links::report_solution(const Visitor* visit, Tracer* tracer, std::size_t level)
{
    solution_.clear();
    for (std::size_t l = 0; l < level; ++l) {
        if (choice_[l] != item_at_[l])
            solution_.push_back(option_of(choice_[l]));
    }
    if (tracer)
        tracer->solution(solution_);
    return !visit || (*visit)(solution_) == Visit::keep_going;
}

// ---------------------------------------------------------------------------------------------
// Algorithm X (and C): choose the primary item with fewest live options, leftmost on ties
// (Knuth's MRV heuristic); with a seed, a tie is broken uniformly at random.

template <bool Randomised>
inline std::int32_t Links::choose_item(Random64& random) noexcept
{
    const std::int32_t* const top = top_.data();
    std::int32_t best = root;
    std::int32_t best_length = std::numeric_limits<std::int32_t>::max();
    std::uint32_t ties = 0;
    for (std::int32_t item = next_[root]; item != root; item = next_[item]) {
        const std::int32_t length = top[item];
        if (length < best_length) {
            best = item;
            best_length = length;
            ties = 1;
            if (length == 0)
                break;
        } else if (Randomised && length == best_length) {
            if (random.below(++ties) == 0)
                best = item;
        }
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
template <bool Colors, bool Randomised, bool Traced>
void Links::run_x(const Visitor* visit, const SearchOptions& options, SearchStats& stats)
{
    const Link* const ln = links_.data();
    Random64 random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::uint32_t order_top = 0;
    bool stopped = false;

    for (;;) {
        // X2: enter a node at depth `level`.
        if (nodes == options.node_limit) {
            stopped = true;
            break;
        }
        ++nodes;
        max_level = std::max(max_level, level);
        if (next_[root] == root) {
            ++solutions;
            if ((reporting && !report_solution(visit, tracer, level)) ||
                solutions >= options.solution_limit) {
                stopped = true;
                break;
            }
        } else {
            // X3, X4: choose an item and cover it.
            const std::int32_t item = choose_item<Randomised>(random);
            if constexpr (Traced)
                tracer->choose(level, item_of_header(item), static_cast<std::size_t>(length(item)));
            cover<Colors>(item, updates);
            item_at_[level] = choice_[level] = item;
            if constexpr (Randomised) {
                const std::uint32_t begin = order_top;
                for (std::int32_t r = ln[item].down; r != item; r = ln[r].down)
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
            if (node != item)
                uncommit<Colors>(node); // X6
            if constexpr (Randomised) {
                const auto end = order_begin_[l] + static_cast<std::uint32_t>(length(item));
                node = order_next_[l] < end ? order_[order_next_[l]++] : item;
            } else {
                node = ln[node].down;
            }
            if (node == item) { // X7, X8
                uncover<Colors>(item);
                if constexpr (Traced)
                    tracer->backtrack(l, item_of_header(item));
                if constexpr (Randomised)
                    order_top = order_begin_[l];
                --level;
                continue;
            }
            choice_[l] = node; // X5
            if constexpr (Traced)
                tracer->try_option(l, option_of(node));
            commit<Colors>(node, updates);
            break;
        }
        if (level == 0)
            break;
    }

    if (stopped) { // undo the open levels, deepest first
        while (level > 0) {
            --level;
            if (choice_[level] != item_at_[level])
                uncommit<Colors>(choice_[level]);
            uncover<Colors>(item_at_[level]);
        }
    }
    stats.solutions += solutions;
    stats.nodes += nodes;
    stats.updates += updates;
    stats.max_level = std::max(stats.max_level, max_level);
    stats.complete = stats.complete && !stopped;
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
                tracer->choose(level, item_of_header(best), static_cast<std::size_t>(length(best)));
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
                tracer->backtrack(level, item_of_header(best));
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

SearchStats Links::search(const Visitor* visit, const SearchOptions& options)
{
    SearchStats stats;
    if (options.solution_limit == 0 || options.node_limit == 0) {
        stats.complete = false;
        return stats;
    }
    const bool randomised = options.seed.has_value();
    const bool traced = options.tracer != nullptr;
    // One instantiation per combination, so that unused features cost nothing in the loop.
    if (multiplicities_) {
        if (traced)
            randomised ? run_m<true, true>(visit, options, stats)
                       : run_m<false, true>(visit, options, stats);
        else
            randomised ? run_m<true, false>(visit, options, stats)
                       : run_m<false, false>(visit, options, stats);
    } else if (colors_) {
        if (traced)
            randomised ? run_x<true, true, true>(visit, options, stats)
                       : run_x<true, false, true>(visit, options, stats);
        else
            randomised ? run_x<true, true, false>(visit, options, stats)
                       : run_x<true, false, false>(visit, options, stats);
    } else {
        if (traced)
            randomised ? run_x<false, true, true>(visit, options, stats)
                       : run_x<false, false, true>(visit, options, stats);
        else
            randomised ? run_x<false, true, false>(visit, options, stats)
                       : run_x<false, false, false>(visit, options, stats);
    }
    return stats;
}

// ---------------------------------------------------------------------------------------------
// Forcing options before a search. The item states recorded here let force() see a conflict
// without searching: an option is dead exactly when one of its items was covered, or purified
// to another colour, by an option forced earlier.

bool Links::force(OptionId option)
{
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
        if (anchor < 0 && primary_[item])
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
    const std::int32_t* const top = top_.data();
    while (!forced_options_.empty()) {
        const std::int32_t anchor = forced_anchors_.back();
        forced_anchors_.pop_back();
        forced_options_.pop_back();
        uncommit<true>(anchor);
        uncover<true>(top[anchor]);
    }
    std::fill(forced_state_.begin(), forced_state_.end(), 0);
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
    if (next_[root] == root) {
        ++stats.solutions;
        return;
    }
    Random64 unused;
    const std::int32_t item = choose_item<false>(unused);
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
    std::vector<std::int32_t> path;
    path.reserve(depth);
    expand_top_from(0, depth, path, prefixes, stats);
}

void Links::enter_prefix(std::span<const std::int32_t> prefix)
{
    std::uint64_t ignored = 0;
    for (const std::int32_t node : prefix) {
        cover<true>(top_[node], ignored);
        commit<true>(node, ignored);
    }
}

void Links::leave_prefix(std::span<const std::int32_t> prefix)
{
    for (auto it = prefix.rbegin(); it != prefix.rend(); ++it) {
        uncommit<true>(*it);
        uncover<true>(top_[*it]);
    }
}

// ---------------------------------------------------------------------------------------------
// Knuth's sanity() check, and exact comparison.

std::string Links::check() const
{
    std::ostringstream fault;
    const auto items = static_cast<std::int32_t>(prev_.size()) - 1;
    for (std::int32_t q = root, p = next_[root];; q = p, p = next_[p]) {
        if (prev_[p] != q) {
            fault << "item " << p << ": bad prev link";
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
                fault << "node " << p << ": in the list of item " << item - 1
                      << " but belongs to item " << top_[p] - 1;
                return fault.str();
            }
            ++count;
        }
        if (count != top_[item]) {
            fault << "item " << item - 1 << ": length " << top_[item] << ", list holds "
                  << count;
            return fault.str();
        }
    }
    return {};
}

bool Links::same_as(const Links& other) const
{
    const auto link_equal = [](const Link& a, const Link& b) {
        return a.up == b.up && a.down == b.down;
    };
    return std::equal(links_.begin(), links_.end(), other.links_.begin(), other.links_.end(),
                      link_equal) &&
           top_ == other.top_ && color_ == other.color_ && prev_ == other.prev_ && next_ == other.next_ && bound_ == other.bound_ &&
           slack_ == other.slack_;
}

} // namespace dlx::detail

