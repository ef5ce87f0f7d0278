// A memoised count on several threads (MemoOptions::threads), for either engine (dancing links,
// memo_threads.cpp; sets, memo_sets.cpp), sharing one store (memo_store.hpp):
//
//              root                  the top of the tree, to a depth where there are enough
//             /    \                 distinct subproblems: each is a task (S1 met twice: once)
//           ..      ..
//        [S1] [S2] [S1] [S3]
//          │    │         │          threads take the tasks in turn, each with a worker of its
//          ▼    ▼         ▼          own, and count them as one count would, all with the
//         the shared cache           same cache (a subproblem one thread counted is a hit for
//                                    the others)
//
// The count: the top's solutions, and each task's times the paths that lead to it. For a ZDD,
// one count from the root, on the calling thread, with the same store: it meets every task in
// the cache, so it walks only the top, and makes the top's nodes and the ZDD's root. Two
// threads may count a subproblem at once (both below different tasks): the ZDD then holds the
// nodes of both, of which the root reaches some; merged() keeps those, equal ones made one.
#pragma once

#include "joined_threads.hpp"
#include "memo_store.hpp"

#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace dlx::detail {

// Enough tasks per thread that uneven subproblems even out; and a bound on the top's paths,
// since on tilings the paths to a depth grow far faster than the distinct subproblems there.
inline constexpr std::size_t tasks_per_thread = 16;
inline constexpr std::size_t most_top_paths = 1 << 14;
inline constexpr std::size_t deepest_top = 24;

// The top as an engine cuts it: per task, the paths of the top that lead to it and their share
// of the tree; and what the top holds itself.
struct MemoTasks {
    std::size_t depth = 0;
    std::vector<std::uint64_t> paths;
    std::vector<double> shares;
    std::uint64_t paths_seen = 0;                         // paths that reached the depth
    std::uint64_t nodes = 0, solutions = 0, updates = 0;  // above the depth
    std::unordered_map<std::string, std::size_t> task_of; // each task's signature, as bytes

    // A path with `share` of the tree reaches the depth, at the subproblem whose signature is
    // `words`: whether that is a new task.
    bool reach(std::span<const std::uint64_t> words, double share)
    {
        std::string key(reinterpret_cast<const char*>(words.data()), words.size_bytes());
        const auto [at, fresh] = task_of.emplace(std::move(key), paths.size());
        if (fresh) {
            paths.push_back(0);
            shares.push_back(0);
        }
        ++paths_seen;
        ++paths[at->second];
        shares[at->second] += share;
        return fresh;
    }
};

// The nodes that `root` reaches, equal ones (same option, lo and hi) made one, children first.
Zdd merged(const std::vector<Zdd::Node>& nodes, std::uint64_t root);

// The count shared out. `Engine` cuts the top (engine.tasks()), gives each thread a worker
// (engine.worker(): worker.count(task, search) counts task `task` into `search`) and counts
// from the root (engine.count_root(search)), all with `store`, whose ZDD nodes are `nodes`.
template <typename Engine>
MemoStats share_memo(Engine& engine, const MemoOptions& options, unsigned threads,
                     SharedStore& store, const std::vector<Zdd::Node>& nodes, Zdd* zdd)
{
    const MemoTasks& top = engine.tasks();
    const std::size_t tasks = top.paths.size();
    const Deadline deadline(options.time_limit);
    std::atomic<std::size_t> next{0}, finished{0};
    std::atomic<bool> abandon{false}; // a thread failed, or the count is cancelled
    std::exception_ptr failure;
    std::mutex lock;    // over what follows, and the failure
    MemoStats done;     // the tasks counted: their figures, and their paths' solutions
    done.zdd_nodes = 0; // without the terminals
    double share_done = 0;
    std::vector<MemoProgress> live(threads); // each thread's task so far
    const auto report = [&](unsigned thread, const MemoProgress* where) {
        live[thread] = where != nullptr ? *where : MemoProgress{};
        if (!options.progress || abandon)
            return;
        MemoProgress total{done.solutions, done.nodes, done.hits, store.bytes(), share_done};
        for (const MemoProgress& part : live) {
            total.nodes += part.nodes;
            total.hits += part.hits;
        }
        try {
            options.progress(total);
        } catch (...) {
            abandon = true;
            throw;
        }
    };

    const auto work = [&](unsigned thread) noexcept {
        try {
            auto worker = engine.worker();
            MemoOptions mine = options;
            mine.cancel = &abandon;
            mine.node_limit = no_limit;
            mine.progress = [&](const MemoProgress& where) {
                if (cancelled(options.cancel))
                    abandon = true;
                const std::lock_guard hold(lock);
                report(thread, &where);
            };
            for (std::size_t task; !abandon && !cancelled(options.cancel) && !deadline.passed() &&
                                   (task = next.fetch_add(1)) < tasks;) {
                mine.time_limit = deadline.left();
                MemoSearch<SharedStore> search(mine, store);
                worker.count(task, search);
                if (!search.stats.complete)
                    break;
                const MemoStats& part = search.stats;
                const std::lock_guard hold(lock);
                BigCount solutions = part.solutions;
                solutions *= top.paths[task];
                done.solutions += solutions;
                done.nodes += part.nodes;
                done.hits += part.hits;
                done.updates += part.updates;
                done.zdd_nodes += part.zdd_nodes == 1 ? 0 : part.zdd_nodes - 2;
                done.failed_signatures += part.failed_signatures;
                done.solved_signatures += part.solved_signatures;
                done.max_level = std::max(done.max_level, top.depth + part.max_level);
                share_done += top.shares[task];
                ++finished;
                report(thread, nullptr);
            }
        } catch (...) {
            abandon = true;
            const std::lock_guard hold(lock);
            if (!failure)
                failure = std::current_exception();
        }
    };
    {
        JoinedThreads pool;
        try {
            for (unsigned t = 1; t < threads; ++t)
                pool.threads.emplace_back(work, t);
        } catch (...) { // no thread to be had: those started stop before they are joined
            abandon = true;
            throw;
        }
        work(0);
    }
    if (failure)
        std::rethrow_exception(failure);

    MemoStats stats;
    if (finished == tasks && zdd == nullptr) { // the top's solutions, and its paths' below it
        stats.solutions = done.solutions;
        stats.solutions += top.solutions;
        stats.nodes = top.nodes;
        stats.updates = top.updates;
        stats.zdd_nodes = done.zdd_nodes == 0 ? 1 : done.zdd_nodes + 2;
    } else if (finished == tasks) { // the pass from the root for the ZDD, each task a hit
        // It walks only the top: no time limit, so that a count whose tasks are all done never
        // ends without its ZDD (a cancel still stops it).
        MemoOptions last = options;
        last.time_limit = no_time_limit;
        last.node_limit = no_limit;
        if (options.progress) {
            last.progress = [&](const MemoProgress& where) {
                MemoProgress total = where;
                total.nodes += done.nodes;
                total.hits += done.hits;
                options.progress(total);
            };
        }
        MemoSearch<SharedStore> search(last, store);
        engine.count_root(search);
        stats = search.stats;
        if (!stats.complete) { // cancelled in the top: the tasks' count is the better bound
            BigCount tasks_count = done.solutions;
            tasks_count += top.solutions;
            if (stats.solutions < tasks_count)
                stats.solutions = tasks_count;
        }
        *zdd = stats.complete ? merged(nodes, search.root) : Zdd();
        stats.zdd_nodes = zdd->size();
    } else { // stopped: the solutions of the top and of the tasks counted (a lower bound)
        stats.solutions = done.solutions;
        stats.solutions += top.solutions;
        stats.complete = false;
        stats.stopped = deadline.passed() ? Stop::time_limit : Stop::cancelled;
        stats.zdd_nodes = done.zdd_nodes == 0 ? 1 : done.zdd_nodes + 2;
        if (zdd != nullptr)
            *zdd = Zdd();
    }
    stats.nodes += done.nodes;
    stats.hits += done.hits;
    stats.updates += done.updates;
    stats.failed_signatures += done.failed_signatures;
    stats.solved_signatures += done.solved_signatures;
    stats.max_level = std::max(stats.max_level, done.max_level);
    stats.peak_bytes = store.peak_bytes();
    stats.clears = store.clears();
    return stats;
}

} // namespace dlx::detail
