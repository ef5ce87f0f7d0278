// The memoised count on several threads by dancing links (memo_share.hpp says how the count is
// shared out): the top cut by the Memo dance steps, a task the path to a subproblem there, each
// worker a copy of the links that enters the path to its next task from the last one's.
#include "choice.hpp"
#include "dance.hpp"
#include "memo_share.hpp"
#include "memo_store.hpp"
#include "signature.hpp"

#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace dlx::detail {

namespace {

struct NodeHash {
    std::size_t operator()(const Zdd::Node& node) const noexcept
    {
        std::uint64_t h = node.option * 0x9e3779b97f4a7c15ULL;
        h = (h ^ node.lo) * 0xbf58476d1ce4e5b9ULL;
        h = (h ^ node.hi) * 0x94d049bb133111ebULL;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

} // namespace

Zdd merged(const std::vector<Zdd::Node>& nodes, std::uint64_t root)
{
    if (root <= Zdd::empty)
        return Zdd({}, root);
    // A node's new id by its old one (ids are indices: the nodes are in memory); 0: not yet.
    std::vector<std::uint64_t> renamed(nodes.size() + 2, 0);
    const auto new_id = [&](std::uint64_t id) -> std::uint64_t& {
        return renamed[static_cast<std::size_t>(id)];
    };
    new_id(Zdd::empty) = Zdd::empty;
    const auto done = [&](std::uint64_t id) { return id == Zdd::none || new_id(id) != 0; };
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
        if (new_id(id) != 0)
            continue;
        const Zdd::Node renamed_node{node.option, new_id(node.lo), new_id(node.hi)};
        const auto [at, fresh] = made.emplace(renamed_node, kept.size() + 2);
        if (fresh)
            kept.push_back(renamed_node);
        new_id(id) = at->second;
    }
    const std::uint64_t new_root = new_id(root);
    return Zdd(std::move(kept), new_root);
}

// The tasks: each distinct subproblem at the top's depth, and the path to its first meeting
// (`depth` nodes).
struct Links::MemoTop {
    MemoTasks tasks;
    std::vector<std::int32_t> path, prefixes;
    std::int32_t uncovered = 0;
};

template <bool Colors, bool Leftmost>
void Links::expand_memo_top(std::size_t level, std::size_t depth, double share, MemoTop& top)
{
    MemoTasks& tasks = top.tasks;
    if (top.uncovered == 0) { // a solution above the depth
        ++tasks.solutions;
        return;
    }
    if (level == depth) {
        if (tasks.reach(signature_->words, share))
            top.prefixes.insert(top.prefixes.end(), top.path.begin(), top.path.end());
        return;
    }
    ++tasks.nodes;
    const std::int32_t item = memo_choice<Leftmost>();
    const double child_share = share / std::max(length(item), 1);
    cover<Colors, false, true>(item, tasks.updates);
    for (std::int32_t r = links_[item].down; r != item; r = links_[r].down) {
        commit<Colors, false, true>(r, tasks.updates);
        top.uncovered -= static_cast<std::int32_t>(primaries_[option_of(r)]);
        try { // memory may run out (the tasks, the paths): the links as they were, then
            top.path.push_back(r);
            expand_memo_top<Colors, Leftmost>(level + 1, depth, child_share, top);
        } catch (...) {
            uncommit<Colors, true>(r);
            uncover<Colors, true>(item);
            throw;
        }
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
    MemoBudget budget(options, zdd != nullptr);
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
        deeper.tasks.depth = depth;
        deeper.uncovered = top.uncovered;
        expand_memo_top<Colors, Leftmost>(0, depth, 1.0, deeper);
        top = std::move(deeper);
        if (top.tasks.paths.size() >= tasks_per_thread * threads || top.tasks.paths.empty() ||
            top.tasks.paths_seen >= most_top_paths || depth == deepest_top)
            break;
    }

    // Each thread's worker: a copy of the links, the path to its task entered from the last
    // task's, its levels up to where they part kept (the tasks come in the top's order, so a
    // thread's next task is near; on set partitions, covering the first item anew for each of
    // 8,192 tasks cost as much as the count).
    struct Worker {
        Links links;
        Signature own;
        const MemoTop* top;
        std::vector<std::int32_t> entered;

        void count(std::size_t task, MemoSearch<SharedStore>& search)
        {
            links.signature_ = &own; // here: a Worker may have moved since it was made
            const std::size_t depth = top->tasks.depth;
            const std::span<const std::int32_t> prefix(top->prefixes.data() + task * depth, depth);
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
            links.run_memo<Colors, Leftmost>(search);
        }
    };
    struct Engine {
        Links& links;
        const Signature& signature;
        const MemoTop& top;

        const MemoTasks& tasks() const noexcept { return top.tasks; }
        Worker worker() const { return Worker{links, signature, &top, {}}; }
        void count_root(MemoSearch<SharedStore>& search)
        {
            links.run_memo<Colors, Leftmost>(search);
        }
    } engine{*this, signature, top};
    return share_memo(engine, options, threads, store, nodes, zdd);
}

} // namespace dlx::detail
