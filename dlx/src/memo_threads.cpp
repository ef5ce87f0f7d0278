// A memoised count on several threads (MemoOptions::threads), sharing one store (memo_store.hpp):
//
//              root                  the top of the tree, to a depth where there are enough
//             /    \                 distinct subproblems: each is a task (S1 met twice: once)
//           ..      ..
//        [S1] [S2] [S1] [S3]
//          │    │         │          threads take the tasks in turn, each on its own copy of
//          ▼    ▼         ▼          the links, and count them as one count would, all with
//         the shared cache           the same cache (a subproblem one thread counted is a hit
//                                    for the others)
//
// The count: the top's solutions, and each task's times the paths that lead to it. For a ZDD,
// one count from the root, on this thread and these links, with the same store: it meets every
// task in the cache, so it walks only the top, and makes the top's nodes and the ZDD's root.
// Two threads may count a subproblem at once (both below different tasks): the ZDD then holds
// the nodes of both, of which the root reaches some; merged() keeps those, equal ones merged.
#include "choice.hpp"
#include "dance.hpp"
#include "memo_store.hpp"
#include "signature.hpp"

#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace dlx::detail {

namespace {

// Enough tasks per thread that uneven subproblems even out; and a bound on the top's paths,
// since on tilings the paths to a depth grow far faster than the distinct subproblems there.
constexpr std::size_t tasks_per_thread = 16;
constexpr std::size_t most_top_paths = 1 << 14;
constexpr std::size_t deepest_top = 24;

struct NodeHash {
    std::size_t operator()(const Zdd::Node& node) const noexcept
    {
        std::uint64_t h = node.option * 0x9e3779b97f4a7c15ULL;
        h = (h ^ node.lo) * 0xbf58476d1ce4e5b9ULL;
        h = (h ^ node.hi) * 0x94d049bb133111ebULL;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

// The nodes that `root` reaches, equal ones (same option, lo and hi) made one, children first.
Zdd merged(const std::vector<Zdd::Node>& nodes, std::uint64_t root)
{
    if (root <= Zdd::empty)
        return Zdd({}, root);
    std::vector<std::uint64_t> renamed(nodes.size() + 2, 0); // the new id; 0: not yet
    renamed[Zdd::empty] = Zdd::empty;
    const auto done = [&](std::uint64_t id) { return id == Zdd::none || renamed[id] != 0; };
    std::vector<Zdd::Node> kept;
    std::unordered_map<Zdd::Node, std::uint64_t, NodeHash> made;
    std::vector<std::uint64_t> stack = {root};
    while (!stack.empty()) { // depth first, a node once both its children are renamed
        const std::uint64_t id = stack.back();
        const Zdd::Node& node = nodes[static_cast<std::size_t>(id - 2)];
        if (!done(node.lo)) {
            stack.push_back(node.lo);
            continue;
        }
        if (!done(node.hi)) {
            stack.push_back(node.hi);
            continue;
        }
        stack.pop_back();
        if (renamed[id] != 0)
            continue;
        const Zdd::Node renamed_node{node.option, renamed[node.lo], renamed[node.hi]};
        const auto [at, fresh] = made.emplace(renamed_node, kept.size() + 2);
        if (fresh)
            kept.push_back(renamed_node);
        renamed[id] = at->second;
    }
    const std::uint64_t new_root = renamed[root];
    return Zdd(std::move(kept), new_root);
}

} // namespace

// The tasks: each distinct subproblem at the top's depth, the path to its first meeting
// (`depth` nodes), and how many paths of the top lead to it, with their share of the tree.
struct Links::MemoTop {
    std::size_t depth = 0;
    std::vector<std::int32_t> path, prefixes;
    std::vector<std::uint64_t> paths;
    std::vector<double> shares;
    std::unordered_map<std::string, std::size_t> task_of; // the signature's words as bytes
    std::uint64_t paths_seen = 0;
    std::uint64_t nodes = 0, solutions = 0, updates = 0; // above the depth
    std::int32_t uncovered = 0;
};

template <bool Colors, bool Leftmost>
void Links::expand_memo_top(std::size_t level, std::size_t depth, double share, MemoTop& top)
{
    if (top.uncovered == 0) { // a solution above the depth
        ++top.solutions;
        return;
    }
    if (level == depth) {
        ++top.paths_seen;
        const std::vector<std::uint64_t>& words = signature_->words;
        std::string key(reinterpret_cast<const char*>(words.data()),
                        words.size() * sizeof(std::uint64_t));
        const auto [at, fresh] = top.task_of.emplace(std::move(key), top.paths.size());
        if (fresh) {
            top.prefixes.insert(top.prefixes.end(), top.path.begin(), top.path.end());
            top.paths.push_back(0);
            top.shares.push_back(0);
        }
        ++top.paths[at->second];
        top.shares[at->second] += share;
        return;
    }
    ++top.nodes;
    const std::int32_t item = memo_choice<Leftmost>();
    const double child_share = share / std::max(length(item), 1);
    cover<Colors, false, true>(item, top.updates);
    for (std::int32_t r = links_[item].down; r != item; r = links_[r].down) {
        commit<Colors, false, true>(r, top.updates);
        top.uncovered -= static_cast<std::int32_t>(primaries_[option_of(r)]);
        top.path.push_back(r);
        expand_memo_top<Colors, Leftmost>(level + 1, depth, child_share, top);
        top.path.pop_back();
        top.uncovered += static_cast<std::int32_t>(primaries_[option_of(r)]);
        uncommit<Colors, true>(r);
    }
    uncover<Colors, true>(item);
}

MemoStats Links::count_memo_threads(const MemoOptions& options, unsigned threads, Zdd* zdd)
{
    MemoStats stats;
    with_flags(
        [&]<bool Colors, bool Leftmost>() {
            stats = count_memo_threads_with<Colors, Leftmost>(options, threads, zdd);
        },
        colors_, options.leftmost);
    return stats;
}

template <bool Colors, bool Leftmost>
MemoStats Links::count_memo_threads_with(const MemoOptions& options, unsigned threads, Zdd* zdd)
{
    Signature signature = make_signature();
    MemoBudget budget;
    budget.memory = options.memory;
    budget.zdd = zdd != nullptr;
    std::vector<Zdd::Node> nodes;
    SharedStore store(signature.words.size(), budget, zdd != nullptr ? &nodes : nullptr);
    start_signature(signature);
    struct Forget { // the signature is this function's
        Links& links;
        ~Forget() { links.signature_ = nullptr; }
    } forget{*this};

    // The top: deeper until there are enough tasks, or too many paths to them.
    MemoTop top;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        top.uncovered += static_cast<std::int32_t>(top_[header] < inactive);
    for (std::size_t depth = 1;; ++depth) {
        MemoTop deeper;
        deeper.depth = depth;
        deeper.uncovered = top.uncovered;
        expand_memo_top<Colors, Leftmost>(0, depth, 1.0, deeper);
        top = std::move(deeper);
        if (top.paths.size() >= tasks_per_thread * threads || top.paths.empty() ||
            top.paths_seen >= most_top_paths || depth == deepest_top)
            break;
    }
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
            Links links(*this);
            Signature own = signature;
            links.signature_ = &own;
            MemoOptions mine = options;
            mine.cancel = &abandon;
            mine.node_limit = no_limit;
            // The path to the task: from the last one's, its levels up to where they part
            // kept (the tasks come in the top's order, so a thread's next task is near; on set
            // partitions, covering the first item for each of 8,192 tasks cost as much as
            // the count).
            std::vector<std::int32_t> entered;
            const auto move_to = [&](std::span<const std::int32_t> prefix) {
                std::size_t common = 0;
                while (common < entered.size() && entered[common] == prefix[common])
                    ++common;
                for (std::size_t level = entered.size(); level-- > common;) {
                    links.uncommit<Colors, true>(entered[level]);
                    if (level > common) // at `common` both paths cover the same item
                        links.uncover<Colors, true>(links.top_[entered[level]]);
                }
                std::uint64_t ignored = 0;
                for (std::size_t level = common; level < prefix.size(); ++level) {
                    if (level > common || common == entered.size())
                        links.cover<Colors, false, true>(links.top_[prefix[level]], ignored);
                    links.commit<Colors, false, true>(prefix[level], ignored);
                }
                entered.assign(prefix.begin(), prefix.end());
            };
            mine.progress = [&](const MemoProgress& where) {
                if (cancelled(options.cancel))
                    abandon = true;
                const std::lock_guard hold(lock);
                report(thread, &where);
            };
            for (std::size_t task; !abandon && !cancelled(options.cancel) && !deadline.passed() &&
                                   (task = next.fetch_add(1)) < tasks;) {
                move_to(std::span(top.prefixes.data() + task * top.depth, top.depth));
                mine.time_limit = deadline.left();
                MemoSearch<SharedStore> search(mine, store);
                links.run_memo<Colors, Leftmost>(search);
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
        struct Pool { // joined however the block ends (the browser's libc++ has no jthread)
            std::vector<std::thread> threads;
            ~Pool()
            {
                for (std::thread& thread : threads)
                    thread.join();
            }
        } pool;
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
        MemoOptions last = options;
        last.time_limit = deadline.left();
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
        run_memo<Colors, Leftmost>(search);
        stats = search.stats;
        if (zdd != nullptr) {
            *zdd = stats.complete ? merged(nodes, search.root) : Zdd();
            stats.zdd_nodes = zdd->size();
        }
    } else { // stopped: the solutions of the tasks counted (a lower bound)
        stats.solutions = done.solutions;
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
