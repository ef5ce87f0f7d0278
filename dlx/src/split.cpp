// The tree's top cut into jobs (split.hpp): paths of branch numbers replayed from the root with
// the search's own moves, the node at the end of a path expanded (counted once, as the search
// counts it), and the cutting itself, heaviest subtree first.
#include "cells.hpp"
#include "choice.hpp"
#include "dance.hpp"

#include <algorithm>
#include <queue>
#include <stdexcept>

namespace dlx::detail {

// Algorithm X (and C): at the node where the path stands, the item the search chooses (X3),
// covered (X4), and its `branch`-th option committed (X5), counting nothing. False, changing
// nothing, when the node has no such branch. `hints`: ItemChoice::singles_first, whose hints
// are cleared before each commit as run_x() clears them.
bool Links::enter_branch(std::uint32_t branch, bool hints)
{
    if (multiplicities_)
        return enter_branch_m(branch);
    Random unused;
    const std::int32_t item =
        hints ? choose<false, true>(unused, false) : choose<false, false>(unused, false);
    if (item == root || branch >= static_cast<std::uint32_t>(length(item)))
        return false;
    std::int32_t node = links_[item].down;
    for (std::uint32_t b = 0; b < branch; ++b)
        node = links_[node].down;
    std::uint64_t ignored = 0;
    cover<true>(item, ignored);
    if (hints) {
        clear_hints();
        commit<true, true>(node, ignored);
    } else {
        commit<true, false>(node, ignored);
    }
    path_levels_.push_back({item, node, 0});
    return true;
}

// Algorithm M: M3 and M4 at the node where the path stands, then the moves of M5 and M6 up to
// the `branch`-th. The moves before it are tweaked as the search tweaks them; their subtrees
// (commit, search, uncommit) leave nothing behind, so they are skipped.
bool Links::enter_branch_m(std::uint32_t branch)
{
    Random unused;
    std::int32_t score = 0;
    const std::int32_t item = choose_m<false>(unused, score);
    if (item == root || score <= 0)
        return false;
    std::uint64_t ignored = 0;
    std::int32_t node = links_[item].down;
    const std::int32_t first_tweak = prepare_m(item, ignored);
    for (std::uint32_t b = 0;; ++b) {
        if (!possibly_tweak(item, node, ignored)) { // fewer moves than `branch`
            restore_m(item, first_tweak);
            return false;
        }
        if (b == branch)
            break;
        if (node == item) { // "no further option" is always the last move
            reactivate(item);
            restore_m(item, first_tweak);
            return false;
        }
        node = links_[node].down;
    }
    if (node != item)
        commit_m(node, ignored);
    path_levels_.push_back({item, node, first_tweak});
    return true;
}

void Links::leave_branch()
{
    const PathLevel level = path_levels_.back();
    path_levels_.pop_back();
    if (multiplicities_) {
        undo_level_m(level.item, level.node, level.first_tweak);
    } else {
        uncommit<true>(level.node);
        uncover<true>(level.item);
    }
}

// Enters `path` from the root (the hints started there, as a search starts them) and returns
// the levels entered: all of them, or, where a level has no such branch, the index of that
// level, with nothing left entered.
std::size_t Links::enter_path(std::span<const std::uint32_t> path, bool hints)
{
    if (hints)
        start_hints();
    for (std::size_t level = 0; level < path.size(); ++level) {
        if (!enter_branch(path[level], hints)) {
            leave_path();
            return level;
        }
    }
    return path.size();
}

void Links::leave_path()
{
    while (!path_levels_.empty())
        leave_branch();
}

// The node where the path stands, counted as run_x() counts it: the node itself, a solution if
// no primary item is left, else the cover of its item and the commit of each of its options.
std::uint32_t Links::expand_here(bool hints, SearchStats& stats)
{
    if (multiplicities_)
        return expand_here_m(stats);
    ++stats.nodes;
    Random unused;
    const std::int32_t item =
        hints ? choose<false, true>(unused, false) : choose<false, false>(unused, false);
    if (item == root) {
        ++stats.solutions;
        return 0;
    }
    cover<true>(item, stats.updates);
    for (std::int32_t r = links_[item].down; r != item; r = links_[r].down) {
        if (hints) {
            clear_hints();
            commit<true, true>(r, stats.updates);
        } else {
            commit<true, false>(r, stats.updates);
        }
        uncommit<true>(r);
    }
    uncover<true>(item);
    return static_cast<std::uint32_t>(length(item));
}

// The same for Algorithm M, as run_m() counts it: M2/M3 (a solution, or a dead end with no
// updates), M4, then each move's M5 and M6, undone as M7 and M9 undo them, and M8.
std::uint32_t Links::expand_here_m(SearchStats& stats)
{
    ++stats.nodes;
    Random unused;
    std::int32_t score = 0;
    const std::int32_t item = choose_m<false>(unused, score);
    if (item == root) {
        ++stats.solutions;
        return 0;
    }
    if (score <= 0)
        return 0;
    std::int32_t node = links_[item].down;
    const std::int32_t first_tweak = prepare_m(item, stats.updates);
    std::uint32_t branches = 0;
    while (possibly_tweak(item, node, stats.updates)) {
        ++branches;
        if (node == item) { // the last move
            reactivate(item);
            break;
        }
        commit_m(node, stats.updates);
        uncommit_m(node);
        node = links_[node].down;
    }
    restore_m(item, first_tweak);
    return branches;
}

SearchStats Links::search_below_path(std::span<const std::uint32_t> path, const Visitor* visit,
                                     const SearchOptions& options)
{
    settle();
    if (const std::size_t entered = enter_path(path, uses_hints(options)); entered < path.size())
        throw ArgumentError("dlx: the path has no branch " + std::to_string(path[entered]) +
                            " at level " + std::to_string(entered));
    SearchStats stats;
    try {
        stats = search_here(visit, options);
    } catch (...) { // a hook threw: the levels it left open, then the path's
        settle();
        leave_path();
        throw;
    }
    settle(); // a limit may have stopped the search below the path
    leave_path();
    stats.max_level += path.size();
    return stats;
}

MemoStats Links::count_memo_below_path(std::span<const std::uint32_t> path, ItemChoice choice,
                                       const MemoOptions& options)
{
    if (multiplicities_) // count_memo() refuses them: before the path is entered
        return count_memo(options, nullptr);
    settle();
    const bool hints = choice == ItemChoice::singles_first && primary_count_ <= linear_choice_limit;
    if (const std::size_t entered = enter_path(path, hints); entered < path.size())
        throw ArgumentError("dlx: the path has no branch " + std::to_string(path[entered]) +
                            " at level " + std::to_string(entered));
    MemoStats stats;
    try {
        stats = count_memo(options, nullptr);
    } catch (...) {
        leave_path();
        throw;
    }
    leave_path();
    stats.max_level += path.size();
    return stats;
}

namespace {

// A subtree not yet cut: its path and weight (estimated work, or share of the tree).
struct Pending {
    std::vector<std::uint32_t> path;
    double weight = 0;
};

// Heaviest on top; equal weights in path order, so that the split is the same everywhere.
struct Lighter {
    bool operator()(const Pending& a, const Pending& b) const
    {
        if (a.weight != b.weight)
            return a.weight < b.weight;
        return a.path > b.path;
    }
};

// The cutting, for either method: the heaviest subtree is cut at its root until there are
// enough jobs and none is much heavier than the mean. `expand(cut, children)` counts the node
// at the end of `cut.path` (as the search counts it) and appends each of its branches with its
// weight: a share of `cut.weight`, or Knuth's estimate from that child.
template <typename Expand>
Split cut_tree(std::size_t jobs, const SplitOptions& options, double root_weight, Expand&& expand)
{
    const std::size_t wanted = std::max<std::size_t>(jobs, 1);
    const std::size_t most = wanted * std::max<std::size_t>(options.most_jobs_factor, 1);
    Split result;
    result.choice = options.choice;
    result.method = options.method;
    std::priority_queue<Pending, std::vector<Pending>, Lighter> pending;
    pending.push({{}, root_weight});
    double total = root_weight;
    std::vector<Pending> children;
    // At most `most` cuts: a tree with fewer leaves than `jobs` would otherwise be cut to the
    // last node, the whole search done here, one node at a time.
    for (std::size_t cuts = 0; !pending.empty() && cuts < most; ++cuts) {
        if (cancelled(options.cancel))
            throw Cancelled();
        const double heaviest = pending.top().weight;
        if (pending.size() >= most ||
            (pending.size() >= wanted &&
             heaviest <= options.balance * total / static_cast<double>(wanted)))
            break;
        const Pending cut = pending.top();
        pending.pop();
        total -= cut.weight;
        children.clear();
        SearchStats root_node = expand(cut, children);
        root_node.max_level = cut.path.size();
        result.top += root_node;
        for (Pending& child : children) {
            total += child.weight;
            pending.push(std::move(child));
        }
    }
    if (cancelled(options.cancel)) // the last weighing may have been cut short
        throw Cancelled();
    result.jobs.reserve(pending.size());
    total = 0; // summed afresh: the running total drifts over many cuts
    for (; !pending.empty(); pending.pop()) { // heaviest first
        result.jobs.push_back({pending.top().path, pending.top().weight});
        total += pending.top().weight;
    }
    for (Job& job : result.jobs)
        job.weight = total > 0 ? job.weight / total : 1.0 / static_cast<double>(result.jobs.size());
    return result;
}

} // namespace

// Each cut replays the subtree's path, counts its root node into the top, and weighs each
// child by Knuth's estimate from that child (or by its share of the parent).
Split Links::split(std::size_t jobs, const SplitOptions& options)
{
    settle();
    SearchOptions search;
    search.choice = options.choice;
    const bool hints = uses_hints(search);
    const bool estimated = options.samples > 0;
    Random seeds(options.seed);

    // Enters `path` from the root (as search_below_path() does), or throws if it is not one.
    auto enter = [&](std::span<const std::uint32_t> path) {
        if (enter_path(path, hints) < path.size())
            throw std::logic_error("dlx::split: a path of its own is not in the tree");
    };
    // The work below the current node, by estimate: updates, plus nodes (a leaf has none).
    auto weigh = [&] {
        const TreeEstimate tree =
            estimate(options.samples, seeds.next(), options.choice, options.cancel);
        return tree.updates.value + tree.nodes.value;
    };
    const double root_weight = estimated ? weigh() : 1.0;
    return cut_tree(jobs, options, root_weight,
                    [&](const Pending& cut, std::vector<Pending>& children) {
                        enter(cut.path);
                        // The hints as the search has them at this node, for entering each
                        // child: the expansion and the estimates below change them.
                        const std::int32_t zero_hint = zero_hint_, single_hint = single_hint_;
                        SearchStats root_node;
                        const std::uint32_t branches = expand_here(hints, root_node);
                        std::vector<std::uint32_t> path = cut.path;
                        path.push_back(0);
                        for (std::uint32_t branch = 0; branch < branches; ++branch) {
                            path.back() = branch;
                            double weight = cut.weight / branches;
                            if (estimated) {
                                zero_hint_ = zero_hint, single_hint_ = single_hint;
                                if (!enter_branch(branch, hints))
                                    throw std::logic_error(
                                        "dlx::split: a branch of its own is not in the tree");
                                weight = weigh();
                                leave_branch();
                            }
                            children.push_back({path, weight});
                        }
                        leave_path();
                        return root_node;
                    });
}

// The same for dancing cells: every path is replayed from the root, and a node's branches are
// those whose option leaves every item some option (the others are no nodes).
Split Cells::split(std::size_t jobs, const SplitOptions& options)
{
    const bool estimated = options.samples > 0;
    Random seeds(options.seed);
    auto enter = [&](std::span<const std::uint32_t> path) {
        if (!enter_root({}) || enter_path(path) < path.size())
            throw std::logic_error("dlx::split: a path of its own is not in the tree");
    };
    auto weigh = [&] {
        Random random(seeds.next());
        Welford nodes, updates, solutions;
        sample_paths(options.samples, random, nodes, updates, solutions, options.cancel);
        return updates.estimate().value + nodes.estimate().value;
    };
    if (!enter_root({})) { // a tree without nodes: no jobs, nothing above them
        Split result;
        result.choice = options.choice;
        result.method = options.method;
        return result;
    }
    const double root_weight = estimated ? weigh() : 1.0;
    return cut_tree(jobs, options, root_weight,
                    [&](const Pending& cut, std::vector<Pending>& children) {
                        enter(cut.path);
                        SearchStats root_node;
                        const std::vector<std::uint32_t> branches = expand_here(root_node);
                        std::vector<std::uint32_t> path = cut.path;
                        path.push_back(0);
                        for (const std::uint32_t branch : branches) {
                            path.back() = branch;
                            double weight = cut.weight / static_cast<double>(branches.size());
                            if (estimated) {
                                enter(path);
                                weight = weigh();
                            }
                            children.push_back({path, weight});
                        }
                        return root_node;
                    });
}

} // namespace dlx::detail

namespace dlx {

Split split(const Problem& problem, std::size_t jobs, const SplitOptions& options)
{
    detail::Links links(problem);
    if (options.method == Method::cells && links.has_multiplicities())
        throw ArgumentError("dlx::split: dancing cells (Method::cells) do not take "
                            "multiplicities; use Method::links");
    Split result = options.method == Method::cells
                       ? detail::Cells(links.compact()).split(jobs, options)
                       : links.split(jobs, options);
    result.problem_digest = problem_digest(problem);
    return result;
}

MemoStats count_job_memo(Solver& solver, const Split& split, std::size_t job,
                         const MemoOptions& options)
{
    if (job == 0 || job > split.jobs.size())
        throw ArgumentError("dlx::count_job_memo: there is no job " + std::to_string(job) +
                            " (the split has " + std::to_string(split.jobs.size()) + ")");
    if (!solver.forced().empty())
        throw ArgumentError("dlx::count_job_memo: the solver has options forced");
    if (split.method != Method::links)
        throw ArgumentError("dlx::count_job_memo: a count with memory dances links: its jobs "
                            "come from a split for Method::links, not dancing cells");
    return solver.count_memo_below(split.jobs[job - 1].path, split.choice, options);
}

SearchStats count_job(Solver& solver, const Split& split, std::size_t job, SearchOptions options)
{
    if (job == 0 || job > split.jobs.size())
        throw ArgumentError("dlx::count_job: there is no job " + std::to_string(job) +
                            " (the split has " + std::to_string(split.jobs.size()) + ")");
    if (!solver.forced().empty())
        throw ArgumentError("dlx::count_job: the solver has options forced");
    options.choice = split.choice;
    options.method = split.method;
    options.seed.reset(); // the paths follow the unrandomised search
    options.tracer = nullptr;
    return solver.count_below(split.jobs[job - 1].path, options);
}

} // namespace dlx
