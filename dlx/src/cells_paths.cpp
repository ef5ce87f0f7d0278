// Dancing cells along paths of the tree (cells.hpp): a path of branch numbers replayed from the
// root, the node at its end expanded, the subtree below it counted, and Knuth's estimate from
// random paths; each moves exactly as the search loop (cells.cpp) does.
#include "cells_dance.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace dlx::detail {

bool Cells::stuck() const noexcept
{
    for (std::int32_t k = 0; k < active_; ++k) {
        const std::int32_t x = item_[static_cast<std::size_t>(k)];
        if (x < second_ && length(x) == 0)
            return true;
    }
    return false;
}

bool Cells::enter_root(std::span<const OptionId> forced) { return start(forced) && !stuck(); }

// One level down, as run() goes down: the item picked (the force stack kept from level to
// level as run() keeps it), made inactive, and the option in place `branch` of its set
// committed.
bool Cells::enter_branch(std::uint32_t branch)
{
    Random unused;
    bool forced_move = false;
    const std::int32_t item = pick<false>(unused, forced_move);
    if (item == 0 || branch >= static_cast<std::uint32_t>(length(item)))
        return false;
    std::uint64_t ignored = 0;
    branch_on<true>(item, ignored);
    return commit<true>(set_[static_cast<std::size_t>(item) + branch], ignored);
}

std::size_t Cells::enter_path(std::span<const std::uint32_t> path)
{
    for (std::size_t level = 0; level < path.size(); ++level) {
        if (!enter_branch(path[level]))
            return level;
    }
    return path.size();
}

std::vector<std::uint32_t> Cells::expand_here(SearchStats& stats)
{
    ++stats.nodes;
    Random unused;
    bool forced_move = false;
    const std::int32_t item = pick<false>(unused, forced_move);
    if (item == 0) {
        ++stats.solutions;
        return {};
    }
    branch_on<true>(item, stats.updates);
    const std::uint32_t saved = save_lengths(0);
    const std::int32_t forced = forced_; // the forced moves still to make, for every branch
    std::vector<std::uint32_t> branches;
    for (std::int32_t place = 0; place < length(item); ++place) {
        if (place > 0)
            restore_lengths(0, saved);
        forced_ = forced;
        if (commit<true>(set_[static_cast<std::size_t>(item + place)], stats.updates))
            branches.push_back(static_cast<std::uint32_t>(place));
    }
    return branches;
}

SearchStats Cells::search_below_path(std::span<const std::uint32_t> path,
                                     const SearchOptions& options, std::span<const OptionId> forced)
{
    SearchStats stats;
    const bool root = enter_root(forced);
    if (const std::size_t entered = root ? enter_path(path) : 0; entered < path.size())
        throw ArgumentError("dlx: the path has no branch " + std::to_string(path[entered]) +
                            " at level " + std::to_string(entered));
    if (root)
        search_here(nullptr, options, stats, nullptr);
    else
        add_run(stats, 0, 0, 0, 0, stop_before_start(options));
    stats.max_level += path.size();
    return stats;
}

// Dancing cells' estimate. Each path is walked alone from the node where the cells stand, as
// run() would walk it: the item picked, made inactive, one of its d options committed at
// random. The node's updates are estimated as those of its item leaving plus d times those of
// the commit; a commit that leaves some item without options ends the path, and (as SSXCC
// counts) is no node. Putting the lengths back after each path brings every set back, as a
// level's abort does; the sets' order and item_'s then differ, which the item choice does not
// look at, and which the options picked at random make irrelevant.
std::uint64_t Cells::sample_paths(std::uint64_t samples, Random& random, Welford& nodes,
                                  Welford& updates, Welford& solutions,
                                  const std::atomic<bool>* cancel)
{
    const std::uint32_t saved = save_lengths(0);
    const std::vector<std::int32_t> force(force_.begin(), force_.begin() + forced_);
    std::uint64_t made = 0;
    for (std::uint64_t sample = 0; sample < samples && !cancelled(cancel); ++sample) {
        double weight = 1, nodes_so_far = 0, updates_so_far = 0;
        for (;;) {
            nodes_so_far += weight;
            bool forced_move = false;
            const std::int32_t item = pick<false>(random, forced_move);
            if (item == 0) { // a solution
                solutions.add(weight, 1);
                break;
            }
            const std::int32_t options = length(item);
            std::uint64_t leave_cost = 0, commit_cost = 0;
            branch_on<true>(item, leave_cost);
            const std::uint32_t branch = random.below(static_cast<std::uint32_t>(options));
            const bool entered =
                commit<true>(set_[static_cast<std::size_t>(item) + branch], commit_cost);
            made += leave_cost + commit_cost;
            const double d = options;
            updates_so_far +=
                weight * (static_cast<double>(leave_cost) + d * static_cast<double>(commit_cost));
            if (!entered) { // the option leaves an item without options: a dead end
                solutions.add(0, 1);
                break;
            }
            weight *= d;
        }
        nodes.add(nodes_so_far, 1);
        updates.add(updates_so_far, 1);
        restore_lengths(0, saved);
        std::copy(force.begin(), force.end(), force_.begin());
        forced_ = static_cast<std::int32_t>(force.size());
    }
    return made;
}

TreeEstimate Cells::estimate(std::uint64_t samples, std::uint64_t seed,
                             std::span<const OptionId> forced, const std::atomic<bool>* cancel)
{
    Random random(seed);
    Welford nodes, updates, solutions;
    std::uint64_t made = 0;
    if (enter_root(forced)) {
        made = sample_paths(samples, random, nodes, updates, solutions, cancel);
    } else { // no node at all
        nodes.add(0, samples);
        updates.add(0, samples);
        solutions.add(0, samples);
    }
    return tree_estimate(nodes, updates, solutions, samples, made);
}

} // namespace dlx::detail
