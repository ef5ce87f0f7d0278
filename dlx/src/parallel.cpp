// Parallel counting: expand the top of the search tree once, then let each thread take the
// subtrees below it one at a time from a shared counter, on its own copy of the links.
#include <dlx/solver.hpp>

#include "cells.hpp"
#include "choice.hpp"
#include "dance.hpp"
#include "joined_threads.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace dlx {

namespace detail {

// The top of the tree: the paths of `depth` choices, found by the same moves as Algorithm X
// (run_x: X3's choice, hints cleared before each commit), with the same counters; and each
// path's share of the tree by Knuth's measure (1 / (d_0 d_1 ...), for progress reports).
template <bool Hint>
void Links::expand_top_from(std::size_t level, std::size_t depth, std::vector<std::int32_t>& path,
                            double share, Top& top)
{
    if (level == depth) {
        top.prefixes.insert(top.prefixes.end(), path.begin(), path.end());
        top.shares.push_back(share);
        return;
    }
    SearchStats& stats = top.stats;
    ++stats.nodes;
    stats.max_level = std::max(stats.max_level, level);
    Random unused;
    const std::int32_t item = choose<false, Hint>(unused, false);
    if (item == root) {
        ++stats.solutions;
        return;
    }
    const double child_share = share / std::max(length(item), 1);
    cover<true>(item, stats.updates);
    for (std::int32_t r = links_[item].down; r != item; r = links_[r].down) {
        if constexpr (Hint)
            clear_hints();
        commit<true, Hint>(r, stats.updates);
        path.push_back(r);
        expand_top_from<Hint>(level + 1, depth, path, child_share, top);
        path.pop_back();
        uncommit<true>(r);
    }
    uncover<true>(item);
}

Links::Top Links::expand_top(std::size_t depth, const SearchOptions& options)
{
    settle();
    Top top;
    std::vector<std::int32_t> path;
    path.reserve(depth);
    if (uses_hints(options)) {
        start_hints();
        expand_top_from<true>(0, depth, path, 1.0, top);
    } else {
        expand_top_from<false>(0, depth, path, 1.0, top);
    }
    return top;
}

SearchStats Links::search_below(std::span<const std::int32_t> prefix, const Visitor* visit,
                                const SearchOptions& options)
{
    settle();
    if (uses_hints(options))
        enter_prefix<true>(prefix);
    else
        enter_prefix<false>(prefix);
    SearchStats stats = search_here(visit, options);
    leave_prefix(prefix);
    stats.max_level += prefix.size();
    return stats;
}

// Replays a path without counting: the last commit leaves the hints as the search had them.
template <bool Hint> void Links::enter_prefix(std::span<const std::int32_t> prefix)
{
    std::uint64_t ignored = 0;
    for (const std::int32_t node : prefix) {
        cover<true>(top_[node], ignored);
        if constexpr (Hint)
            clear_hints();
        commit<true, Hint>(node, ignored);
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

} // namespace detail

namespace {

// Enough subtrees per thread that uneven subtrees even out; measured on pento6x10 with two
// threads, 16 per thread already balances within a few percent, and expanding deeper costs
// little because the top of the tree is tiny.
constexpr std::size_t subtrees_per_thread = 64;
constexpr std::size_t deepest_split = 24;

// The count shared out, for either method: `make()` builds an Engine (detail::Links or
// detail::Cells) for the problem, one for the top of the tree and one per thread.
template <typename Engine, typename Make>
SearchStats share_out(unsigned threads, const SearchOptions& options, const Make& make)
{
    const detail::Deadline deadline(options); // one time limit for every thread
    Engine top = make();
    // Deepen the split until there are enough subtrees (or the tree ends above the split).
    typename Engine::Top expanded;
    std::size_t depth = 1;
    for (;; ++depth) {
        expanded = top.expand_top(depth, options);
        const std::size_t subtrees = expanded.shares.size();
        if (subtrees >= subtrees_per_thread * threads || subtrees == 0 || depth == deepest_split)
            break;
    }
    const std::vector<std::int32_t>& prefixes = expanded.prefixes;
    SearchStats stats = expanded.stats;
    const std::size_t subtrees = expanded.shares.size();
    if (stats.solutions >= options.solution_limit) {
        stats.solutions = options.solution_limit;
        stats.complete = false;
        stats.stopped = Stop::solution_limit;
        return stats;
    }

    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> found{stats.solutions};
    std::atomic<bool> stop{false};        // the solution limit is reached
    std::atomic<std::size_t> finished{0}; // subtrees searched (perhaps cut short)
    const bool limited = options.solution_limit != no_limit;
    // Should a thread fail (the progress report throws, memory runs out), the others end their
    // subtrees at their next checkpoint and take no other; the first exception is rethrown
    // once all are joined. The subtrees' searches watch `abandon` instead of the caller's
    // cancel flag, which their checkpoints copy into it (so a cancel is seen within two
    // progress intervals, as before within one).
    std::atomic<bool> abandon{false};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    // Each subtree is searched as the whole search would (its item choice); the solution limit
    // is kept by the shared count instead.
    SearchOptions subtree = options;
    subtree.solution_limit = no_limit;
    subtree.cancel = &abandon;
    subtree.progress = nullptr; // reported below, a subtree at a time
    if (options.cancel != nullptr) {
        subtree.progress = [&](const SearchProgress&) {
            if (detail::cancelled(options))
                abandon = true;
        };
    }
    std::mutex progress_mutex;
    SearchProgress so_far{stats.solutions, stats.nodes, stats.updates, 0};
    std::vector<SearchStats> results(threads);
    auto work = [&](SearchStats& result) noexcept {
        try {
            Engine engine = make();
            const Visitor count_shared = [&](std::span<const OptionId>) {
                if (found.fetch_add(1) + 1 >= options.solution_limit)
                    stop = true;
                return stop ? Visit::stop : Visit::keep_going;
            };
            SearchOptions mine = subtree;
            for (std::size_t task; !stop && !abandon && !detail::cancelled(options) &&
                                   !deadline.passed() && (task = next.fetch_add(1)) < subtrees;) {
                const std::span<const std::int32_t> prefix(prefixes.data() + task * depth, depth);
                mine.time_limit = deadline.left();
                const SearchStats part =
                    engine.search_below(prefix, limited ? &count_shared : nullptr, mine);
                result += part;
                ++finished;
                if (options.progress) {
                    const std::lock_guard lock(progress_mutex);
                    so_far.solutions += part.solutions;
                    so_far.nodes += part.nodes;
                    so_far.updates += part.updates;
                    so_far.fraction_done += expanded.shares[task];
                    if (abandon) // no report after one has thrown
                        continue;
                    try {
                        options.progress(so_far);
                    } catch (...) {
                        abandon = true; // before another thread can take the lock
                        throw;
                    }
                }
            }
        } catch (...) {
            abandon = true;
            const std::lock_guard lock(failure_mutex);
            if (!failure)
                failure = std::current_exception();
        }
    };
    {
        detail::JoinedThreads pool;
        try {
            for (unsigned t = 1; t < threads; ++t)
                pool.threads.emplace_back(work, std::ref(results[t]));
        } catch (...) { // no thread to be had: those started stop before they are joined
            abandon = true;
            throw;
        }
        work(results[0]);
    }
    if (failure)
        std::rethrow_exception(failure);
    for (const SearchStats& result : results)
        stats += result;
    if (finished < subtrees) { // stopped before every subtree was taken
        stats.complete = false;
        if (stats.stopped == Stop::none)
            stats.stopped = deadline.passed() ? Stop::time_limit : Stop::cancelled;
    }
    if (limited && stats.solutions >= options.solution_limit) {
        stats.solutions = options.solution_limit;
        stats.complete = false;
        stats.stopped = Stop::solution_limit; // the subtrees' visitors stopped them for it
    }
    return stats;
}

// Dancing cells as share_out() drives an engine, with the Solver's forced options committed
// before the top of the tree and before each subtree (each search starts from the layout).
struct CellsWithForced {
    using Top = detail::Cells::Top;
    detail::Cells cells;
    std::span<const OptionId> forced;

    Top expand_top(std::size_t depth, const SearchOptions& options)
    {
        return cells.expand_top(depth, options, forced);
    }
    SearchStats search_below(std::span<const std::int32_t> prefix, const Visitor* visit,
                             const SearchOptions& options)
    {
        return cells.search_below(prefix, visit, options, forced);
    }
};

} // namespace

SearchStats Solver::count_parallel(unsigned threads, const SearchOptions& options)
{
    paused_by_ = 0; // a search, if on copies: it ends a paused Solutions all the same
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    const bool single = threads == 1 || links_->has_multiplicities() || options.tracer != nullptr ||
                        options.seed.has_value() || options.node_limit != no_limit;
    if (single || options.solution_limit == 0)
        return count(options);
    // Each engine is a copy of this Solver's links (the forced options danced in), which the
    // copy settles for itself if a stopped search left levels open.
    if (options.method == Method::cells) {
        const detail::CompactProblem compact = links_->compact();
        const std::span<const OptionId> forced = links_->forced();
        return share_out<CellsWithForced>(threads, options, [&] {
            return CellsWithForced{detail::Cells(compact), forced};
        });
    }
    return share_out<detail::Links>(threads, options, [&] { return detail::Links(*links_); });
}

SearchStats count_parallel(const Problem& problem, unsigned threads, const SearchOptions& options)
{
    return Solver(problem).count_parallel(threads, options);
}

} // namespace dlx
