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
#include "choice.hpp"
#include "dance.hpp"

#include <cmath>
#include <stdexcept>

namespace dlx::detail {

namespace {

// The running mean and spread of the samples (Welford's method: no loss of precision when the
// values are large and close).
class Samples {
public:
    void add(double value) noexcept
    {
        ++count_;
        const double delta = value - mean_;
        mean_ += delta / static_cast<double>(count_);
        squares_ += delta * (value - mean_);
    }
    [[nodiscard]] Estimate estimate() const noexcept
    {
        if (count_ < 2)
            return {mean_, 0};
        const double variance = squares_ / static_cast<double>(count_ - 1);
        return {mean_, std::sqrt(variance / static_cast<double>(count_))};
    }

private:
    std::uint64_t count_ = 0;
    double mean_ = 0, squares_ = 0;
};

} // namespace

// One path from the current state, chosen and committed as run_x does (the hints cleared
// before each commit, so that the item choice is the search's); undone before returning.
template <bool Hint>
Links::PathSample Links::sample_path(Random& random, std::vector<std::int32_t>& path)
{
    if constexpr (Hint)
        start_hints();
    double weight = 1; // the nodes of the full tree that this level's node stands for
    PathSample sample;
    path.clear();
    for (;;) {
        sample.nodes += weight;
        const std::int32_t item = choose<false, Hint>(random, false);
        if (item == root) {
            sample.solutions = weight;
            break;
        }
        const std::int32_t options = length(item);
        std::uint64_t cover_cost = 0;
        cover<true>(item, cover_cost);
        if (options == 0) { // a dead end
            sample.updates += weight * static_cast<double>(cover_cost);
            uncover<true>(item);
            break;
        }
        std::int32_t node = links_[item].down;
        for (std::uint32_t skip = random.below(static_cast<std::uint32_t>(options)); skip > 0;
             --skip)
            node = links_[node].down;
        std::uint64_t commit_cost = 0;
        if constexpr (Hint)
            clear_hints();
        commit<true, Hint>(node, commit_cost);
        sample.updates +=
            weight * (static_cast<double>(cover_cost) + options * static_cast<double>(commit_cost));
        weight *= options;
        path.push_back(node);
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        uncommit<true>(*it);
        uncover<true>(top_[*it]);
    }
    return sample;
}

TreeEstimate Links::estimate(std::uint64_t samples, std::uint64_t seed, ItemChoice choice)
{
    if (multiplicities_)
        throw std::logic_error("dlx: estimating the tree is not available for problems with "
                               "multiplicities");
    settle();
    SearchOptions options;
    options.choice = choice;
    const bool hints = uses_hints(options);
    Random random(seed);
    std::vector<std::int32_t> path;
    Samples nodes, updates, solutions;
    for (std::uint64_t s = 0; s < samples; ++s) {
        const PathSample sample =
            hints ? sample_path<true>(random, path) : sample_path<false>(random, path);
        nodes.add(sample.nodes);
        updates.add(sample.updates);
        solutions.add(sample.solutions);
    }
    return {nodes.estimate(), updates.estimate(), solutions.estimate(), samples};
}

} // namespace dlx::detail
