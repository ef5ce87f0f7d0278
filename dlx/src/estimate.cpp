// Knuth's estimate of a search tree (TAOCP 7.2.2, after "Estimating the efficiency of
// backtrack programs", 1975): random paths from the root, each an unbiased estimate.
//
//   level 0   choose i0 as X3 does; d0 options      nodes     += 1
//             cover i0, commit one option at random updates   += cover + d0 * commit
//   level 1   (this node stands for d0 of its kind) nodes     += d0
//             ...                                   updates   += d0 * (cover + d1 * commit)
//   level k   no primary item left: a solution      solutions  = d0 * d1 * ... * d(k-1)
//
// A node whose item has no option ends the path as a dead end (its cover still counts).
//
// The paths are walked together: at a node that m of them reach, each of the m picks its
// option uniformly and independently, exactly as m separate walks would, and the m are then
// shared out among the options picked. A node is thus entered once however many paths pass
// through it, and the top of the tree, where the covers are largest, is danced once instead
// of once a path: on pento6x10, 10,000 paths cost 8% of the full count's time one by one and
// far less together (docs/benchmarks.md).
#include "choice.hpp"
#include "dance.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dlx::detail {

// The running mean and spread of the samples (Welford's method: no loss of precision when the
// values are large and close).
struct Links::Welford {
    std::uint64_t count = 0;
    double mean = 0, squares = 0;

    void add(double value, std::uint64_t times) noexcept
    {
        for (std::uint64_t t = 0; t < times; ++t) {
            ++count;
            const double delta = value - mean;
            mean += delta / static_cast<double>(count);
            squares += delta * (value - mean);
        }
    }
    [[nodiscard]] Estimate estimate() const noexcept
    {
        if (count < 2)
            return {mean, 0};
        const double variance = squares / static_cast<double>(count - 1);
        return {mean, std::sqrt(variance / static_cast<double>(count))};
    }
};

namespace {

// A node on the way down, with the paths that reached it still to be sent on.
struct Level {
    std::int32_t item;    // the item chosen here (covered)
    std::int32_t options; // its live options, d
    double weight;        // the nodes of the full tree that this node stands for
    double nodes;         // the paths' node estimate so far, this node included
    double updates;       // their update estimate before this node's own
    std::uint64_t cover;  // the updates of covering `item`
    std::size_t groups;   // where this node's groups begin in `groups`, and the next one
    std::size_t next;
    std::int32_t node;   // the option committed now (0: none)
    std::int32_t cursor; // the node of option `cursor_index` of `item`, walking forward
    std::uint32_t cursor_index;
};

} // namespace

// Walks `samples` paths from the current state, choosing and committing as run_x does (the
// hints cleared before each commit, so that the item choice is the search's), and adds each
// path's three estimates; leaves the links as it found them. Returns the updates it made.
template <bool Colors, bool Hint>
std::uint64_t Links::sample_paths(std::uint64_t samples, Random& random, Welford& nodes,
                                  Welford& updates, Welford& solutions)
{
    std::uint64_t made = 0;
    if constexpr (Hint)
        start_hints();
    std::vector<Level> stack;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> groups; // (option index, paths)
    std::vector<std::uint32_t> picks;

    // The node the links stand at, reached by `paths` paths: a leaf adds their estimates;
    // otherwise its item is covered and the paths' picks grouped by option.
    auto enter = [&](std::uint64_t paths, double weight, double nodes_so_far,
                     double updates_so_far) {
        nodes_so_far += weight;
        Random& r = random;
        const std::int32_t item = choose<false, Hint>(r, false);
        if (item == root) { // a solution
            nodes.add(nodes_so_far, paths);
            updates.add(updates_so_far, paths);
            solutions.add(weight, paths);
            return;
        }
        const std::int32_t options = length(item);
        std::uint64_t cover_cost = 0;
        cover<Colors>(item, cover_cost);
        made += cover_cost;
        if (options == 0) { // a dead end
            uncover<Colors>(item);
            nodes.add(nodes_so_far, paths);
            updates.add(updates_so_far + weight * static_cast<double>(cover_cost), paths);
            solutions.add(0, paths);
            return;
        }
        picks.clear();
        for (std::uint64_t p = 0; p < paths; ++p)
            picks.push_back(random.below(static_cast<std::uint32_t>(options)));
        std::sort(picks.begin(), picks.end());
        const std::size_t first = groups.size();
        for (const std::uint32_t pick : picks) {
            if (groups.size() > first && groups.back().first == pick)
                ++groups.back().second;
            else
                groups.emplace_back(pick, 1);
        }
        stack.push_back({item, options, weight, nodes_so_far, updates_so_far, cover_cost, first,
                         first, 0, links_[item].down, 0});
    };

    enter(samples, 1, 0, 0);
    while (!stack.empty()) {
        Level& level = stack.back();
        if (level.node != 0) { // back from the paths of the last option
            uncommit<Colors>(level.node);
            level.node = 0;
        }
        if (level.next == groups.size()) { // every group sent on: back up
            uncover<Colors>(level.item);
            groups.resize(level.groups);
            stack.pop_back();
            continue;
        }
        const auto [pick, paths] = groups[level.next++];
        while (level.cursor_index < pick) {
            level.cursor = links_[level.cursor].down;
            ++level.cursor_index;
        }
        std::uint64_t commit_cost = 0;
        if constexpr (Hint)
            clear_hints();
        commit<Colors, Hint>(level.cursor, commit_cost);
        made += commit_cost;
        level.node = level.cursor;
        const double d = level.options;
        const double after = level.updates + level.weight * (static_cast<double>(level.cover) +
                                                             d * static_cast<double>(commit_cost));
        enter(paths, level.weight * d, level.nodes, after); // may grow the stack: `level` dies
    }
    return made;
}

TreeEstimate Links::estimate(std::uint64_t samples, std::uint64_t seed, ItemChoice choice)
{
    if (multiplicities_)
        throw std::logic_error("dlx: estimating the tree is not available for problems with "
                               "multiplicities");
    settle();
    SearchOptions options;
    options.choice = choice;
    Random random(seed);
    Welford nodes, updates, solutions;
    std::uint64_t made = 0;
    if (samples > 0) {
        with_flags(
            [&]<bool Colors, bool Hint>() {
                made = sample_paths<Colors, Hint>(samples, random, nodes, updates, solutions);
            },
            colors_, uses_hints(options));
    }
    return {nodes.estimate(), updates.estimate(), solutions.estimate(), samples, made};
}

} // namespace dlx::detail
