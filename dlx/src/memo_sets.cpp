// A memoised count over sets (MemoOptions::engine, memo.hpp): the same search as DLX6's, with the
// options as bitsets of their items instead of dancing links. A node holds its uncovered items
// S (a bitset: also its signature) and its live options, those inside S:
//
//   enter a node: S in the cache? ── yes: add its count, done (a hit)
//        │ no
//   its live options: the parent's that miss the option taken there (one AND per option)
//   the lengths: each live option adds 1 to each of its items
//   choose the item (fewest options, leftmost on ties; or the leftmost), and for each live
//   option that has it, in input order: the node S minus the option (none left: a solution)
//   remember (S, the count found below, its ZDD node)
//
// Where the dance re-hides every option of every item an option covers (set partitions of 14:
// 8,192 options of 7 items each, per cover), this tests each live option once: it is the same
// tree, in the same order, so the same search nodes, hits, signatures and ZDD as DLX6's.
#include "choice.hpp"
#include "memo_share.hpp"
#include "memo_store.hpp"

#include <array>
#include <bit>
#include <optional>
#include <string>
#include <unordered_map>

namespace dlx::detail {

namespace {

// The most items a count over sets takes (its bitsets have up to 4 words).
constexpr std::size_t most_words = 4;

// The top over sets, for threads: each task the items left at its depth, `words` per task.
struct SetsTop {
    MemoTasks tasks;
    std::vector<std::uint64_t> items;
};

template <std::size_t W, bool Leftmost, typename Store> class SetsCount {
public:
    // `depth`: the most levels (each covers an item at least).
    SetsCount(const SetsProblem& problem, std::size_t depth)
        : problem_(problem), levels_(depth + 1), entry_(depth + 1), below_((depth + 2) * W)
    {
    }

    // Counts into `search` (its count, stats and root) from the problem's start, or from
    // `items` (not none) with the options inside them.
    void count(MemoSearch<Store>& search, const std::uint64_t* items = nullptr)
    {
        search_ = &search;
        deadline_.emplace(search.options.time_limit);
        nodes_ = hits_ = updates_ = made_ = failed_ = solved_ = 0;
        max_level_ = 0;
        done_ = 0;
        stop_ = Stop::none;
        std::uint64_t root = 0;
        if (search.options.node_limit == 0)
            stop_ = Stop::node_limit;
        else if (search.options.time_limit <= std::chrono::nanoseconds::zero())
            stop_ = Stop::time_limit;
        const std::uint64_t* start = items != nullptr ? items : problem_.start.data();
        if (stop_ != Stop::none) {
        } else if (std::all_of(start, start + W, [](std::uint64_t w) { return w == 0; })) {
            search.count = 1; // nothing to cover: one solution, the empty one
            root = Zdd::empty;
        } else {
            std::vector<std::uint32_t> live;
            for (std::uint32_t p = 0; p < problem_.options.size(); ++p) {
                if (items == nullptr || inside(mask(p), items))
                    live.push_back(p);
            }
            root = node(0, start, live, nullptr, 1.0);
        }
        MemoStats& stats = search.stats;
        stats.solutions = search.count;
        stats.nodes = nodes_;
        stats.hits = hits_;
        stats.updates = updates_;
        stats.zdd_nodes = made_ == 0 ? 1 : made_ + 2;
        stats.failed_signatures = failed_;
        stats.solved_signatures = solved_;
        stats.max_level = max_level_;
        stats.stopped = stop_;
        stats.complete = stop_ == Stop::none;
        stats.engine = MemoEngine::sets;
        search.root = root;
    }

    // The top to `depth`, from the problem's start: its tasks, solutions, nodes and updates.
    void expand(std::size_t depth, SetsTop& top)
    {
        std::vector<std::uint32_t> all(problem_.options.size());
        for (std::uint32_t p = 0; p < all.size(); ++p)
            all[p] = p;
        top.tasks.depth = depth;
        const std::uint64_t* start = problem_.start.data();
        if (std::all_of(start, start + W, [](std::uint64_t w) { return w == 0; }))
            ++top.tasks.solutions;
        else
            expand_from(0, depth, start, all, nullptr, 1.0, top);
    }

private:
    const std::uint64_t* mask(std::uint32_t option) const noexcept
    {
        return problem_.masks.data() + std::size_t{option} * W;
    }
    static bool inside(const std::uint64_t* m, const std::uint64_t* items) noexcept
    {
        std::uint64_t out = 0;
        for (std::size_t w = 0; w < W; ++w)
            out |= m[w] & ~items[w];
        return out == 0;
    }

    // The live options at `level`: the parent's that miss the option `taken` (all of them at
    // the root); those set aside counted in `aside`.
    std::vector<std::uint32_t>& live_at(std::size_t level, const std::vector<std::uint32_t>& parent,
                                        const std::uint64_t* taken, std::uint64_t& aside)
    {
        std::vector<std::uint32_t>& live = levels_[level];
        if (taken == nullptr) {
            live = parent;
            return live;
        }
        live.clear();
        for (const std::uint32_t p : parent) {
            const std::uint64_t* m = mask(p);
            std::uint64_t meet = 0;
            for (std::size_t w = 0; w < W; ++w)
                meet |= m[w] & taken[w];
            if (meet == 0)
                live.push_back(p);
            else
                ++aside;
        }
        return live;
    }

    // The item to branch on among `items`, given the live options, and its options: fewest
    // options, the leftmost on ties; or the leftmost with none, else the leftmost.
    std::pair<std::size_t, std::uint32_t> choose(const std::uint64_t* items,
                                                 const std::vector<std::uint32_t>& live)
    {
        lengths_.fill(0);
        for (const std::uint32_t p : live) {
            const std::uint64_t* m = mask(p);
            for (std::size_t w = 0; w < W; ++w) {
                for (std::uint64_t bits = m[w]; bits != 0; bits &= bits - 1)
                    ++lengths_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
            }
        }
        std::size_t best = 0;
        std::uint32_t least = ~0u;
        for (std::size_t w = 0; w < W && least != 0; ++w) {
            for (std::uint64_t bits = items[w]; bits != 0; bits &= bits - 1) {
                const std::size_t item = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
                const bool better =
                    Leftmost ? least == ~0u || lengths_[item] == 0 : lengths_[item] < least;
                if (better) {
                    least = lengths_[item];
                    best = item;
                    if (least == 0)
                        break;
                }
            }
        }
        return {best, least};
    }

    // Where to stop, every 4,096 nodes (as DLX6's loop looks).
    bool check()
    {
        const MemoOptions& options = search_->options;
        if (nodes_ % 4096 != 0 && nodes_ != options.node_limit)
            return false;
        if (nodes_ == options.node_limit)
            stop_ = Stop::node_limit;
        else if (cancelled(options.cancel))
            stop_ = Stop::cancelled;
        else if (deadline_->passed())
            stop_ = Stop::time_limit;
        if (stop_ != Stop::none)
            return true;
        if (options.progress)
            options.progress({search_->count, nodes_, hits_, search_->store.bytes(), done_});
        return false;
    }

    // The node with items `items` left, below the option `taken` of its parent (whose live
    // options are `parent`), with `share` of the tree: its ZDD node (0: no solution).
    std::uint64_t node(std::size_t level, const std::uint64_t* items,
                       const std::vector<std::uint32_t>& parent, const std::uint64_t* taken,
                       double share)
    {
        if (check())
            return 0;
        ++nodes_;
        max_level_ = std::max(max_level_, level);
        MemoSearch<Store>& search = *search_;
        const std::uint64_t key = MemoCache::key_of(items, W);
        std::uint64_t zdd = 0;
        if (search.store.find(items, key, search.count, zdd)) {
            ++hits_;
            done_ += share;
            return zdd;
        }
        entry_[level] = search.count;
        const std::vector<std::uint32_t>& live = live_at(level, parent, taken, updates_);
        const auto [best, least] = choose(items, live);
        const std::size_t word = best / 64;
        const std::uint64_t bit = std::uint64_t{1} << (best % 64);
        const double child_share = share / std::max<std::uint32_t>(least, 1);
        if (least == 0)
            done_ += share;

        std::uint64_t* rest = below_.data() + (level + 1) * W; // the child's items
        for (const std::uint32_t p : live) {
            const std::uint64_t* m = mask(p);
            if ((m[word] & bit) == 0)
                continue;
            std::uint64_t left = 0;
            for (std::size_t w = 0; w < W; ++w) {
                rest[w] = items[w] & ~m[w];
                left |= rest[w];
            }
            std::uint64_t below = 0;
            if (left == 0) { // a solution: DLX6 counts it as a node and a hit
                search.count += 1;
                ++nodes_;
                ++hits_;
                done_ += child_share;
                below = Zdd::empty;
            } else {
                below = node(level + 1, rest, live, m, child_share);
                if (stop_ != Stop::none)
                    return 0;
            }
            if (below != 0) {
                zdd = search.store.make_node(problem_.options[p], zdd, below);
                ++made_;
            }
        }
        search.found = search.count;
        search.found -= entry_[level];
        ++(zdd != 0 ? solved_ : failed_);
        search.store.insert(items, key, search.found, zdd);
        return zdd;
    }

    void expand_from(std::size_t level, std::size_t depth, const std::uint64_t* items,
                     const std::vector<std::uint32_t>& parent, const std::uint64_t* taken,
                     double share, SetsTop& top)
    {
        MemoTasks& tasks = top.tasks;
        if (level == depth) {
            if (tasks.reach(std::span(items, W), share))
                top.items.insert(top.items.end(), items, items + W);
            return;
        }
        ++tasks.nodes;
        const std::vector<std::uint32_t>& live = live_at(level, parent, taken, tasks.updates);
        const auto [best, least] = choose(items, live);
        const double child_share = share / std::max<std::uint32_t>(least, 1);
        std::uint64_t* rest = below_.data() + (level + 1) * W;
        for (const std::uint32_t p : live) {
            const std::uint64_t* m = mask(p);
            if ((m[best / 64] & (std::uint64_t{1} << (best % 64))) == 0)
                continue;
            std::uint64_t left = 0;
            for (std::size_t w = 0; w < W; ++w) {
                rest[w] = items[w] & ~m[w];
                left |= rest[w];
            }
            if (left == 0)
                ++tasks.solutions;
            else
                expand_from(level + 1, depth, rest, live, m, child_share, top);
        }
    }

    const SetsProblem& problem_;
    MemoSearch<Store>* search_ = nullptr;
    std::optional<Deadline> deadline_;
    Stop stop_ = Stop::none;
    std::uint64_t nodes_ = 0, hits_ = 0, updates_ = 0, made_ = 0, failed_ = 0, solved_ = 0;
    std::size_t max_level_ = 0;
    double done_ = 0; // Knuth's measure of the tree done: each leaf's and hit's share
    std::vector<std::vector<std::uint32_t>> levels_; // per level: its live options
    std::vector<BigCount> entry_;                    // per level: the count when entered
    std::vector<std::uint64_t> below_;               // per level: the items of the child
    std::array<std::uint32_t, 64 * W> lengths_{};
};

// Calls f.template operator()<W, Leftmost>() for the problem's words and `leftmost`.
template <typename F> void with_words(std::size_t words, bool leftmost, F&& f)
{
    const auto words_then = [&]<bool Leftmost>() {
        switch (words) {
        case 1: f.template operator()<1, Leftmost>(); break;
        case 2: f.template operator()<2, Leftmost>(); break;
        case 3: f.template operator()<3, Leftmost>(); break;
        default: f.template operator()<4, Leftmost>(); break;
        }
    };
    if (leftmost)
        words_then.template operator()<true>();
    else
        words_then.template operator()<false>();
}

} // namespace

// A node's work: over sets, a test of each live option and a count of its items, about
// n (W + s) for n options of s items in W words; dancing, a cover and its commits, about
// s^2 d updates with d = n s / P options per item of the P left, each update dearer (a list
// walked, memory far apart). Their ratio, s^3 / (P (W + s)), measured side by side (exact-cover
// --memo --method links and sets): set partitions of 14, 3.06, sets 60 times as fast;
// pento6x10, 0.51, 1.5 times; Langford 12, 0.19, 1.17 times; matchings of K_24, 0.11, 1.75
// times; dominoes 12x12, 0.011, and 16x16, 0.005, links 3 times as fast.
bool SetsProblem::pays() const noexcept
{
    if (options.empty())
        return true;
    std::size_t entries = 0, items = 0;
    for (const std::uint64_t word : masks)
        entries += static_cast<std::size_t>(std::popcount(word));
    for (const std::uint64_t word : start)
        items += static_cast<std::size_t>(std::popcount(word));
    const double s = static_cast<double>(entries) / static_cast<double>(options.size());
    return s * s * s >= 0.05 * static_cast<double>(items) * (static_cast<double>(words) + s);
}

bool Links::sets_fit() const noexcept
{
    return !colors_ && !multiplicities_ && item_of_.size() == std::size_t(primary_count_) + 1 &&
           std::size_t(primary_count_) <= 64 * most_words;
}

SetsProblem Links::sets_now() const
{
    SetsProblem problem;
    problem.words = std::max<std::size_t>(1, (std::size_t(primary_count_) + 63) / 64);
    problem.start.assign(problem.words, 0);
    for (std::int32_t h = 1; h <= primary_count_; ++h) {
        if (top_[h] < inactive)
            problem.start[std::size_t(h - 1) / 64] |= std::uint64_t{1} << ((h - 1) % 64);
    }
    std::vector<std::uint64_t> m(problem.words);
    for (OptionId o = 0; o + 1 < option_begin_.size(); ++o) {
        if (option_first_[o] < 0 || primaries_[o] == 0)
            continue;
        std::fill(m.begin(), m.end(), 0);
        bool live = true;
        for (std::uint32_t e = option_begin_[o]; e < option_begin_[o + 1] && live; ++e) {
            const std::int32_t h = entry_header_[e];
            live = top_[h] < inactive;
            m[std::size_t(h - 1) / 64] |= std::uint64_t{1} << ((h - 1) % 64);
        }
        if (live) {
            problem.masks.insert(problem.masks.end(), m.begin(), m.end());
            problem.options.push_back(o);
        }
    }
    return problem;
}

MemoStats Links::count_memo_sets(SetsProblem problem, const MemoOptions& options, Zdd* zdd)
{
    MemoBudget budget(options, zdd != nullptr);
    std::vector<Zdd::Node> nodes;
    LocalStore store(problem.words, budget, zdd != nullptr ? &nodes : nullptr);
    MemoSearch<LocalStore> search(options, store);
    const auto depth = static_cast<std::size_t>(primary_count_);
    with_words(problem.words, options.leftmost, [&]<std::size_t W, bool Leftmost>() {
        SetsCount<W, Leftmost, LocalStore>(problem, depth).count(search);
    });
    MemoStats& stats = search.stats;
    stats.peak_bytes = store.peak_bytes();
    stats.clears = store.clears();
    if (zdd != nullptr)
        *zdd = stats.complete ? Zdd(std::move(nodes), search.root) : Zdd();
    return stats;
}

MemoStats Links::count_memo_sets_threads(SetsProblem problem, const MemoOptions& options,
                                         unsigned threads, Zdd* zdd)
{
    MemoBudget budget(options, zdd != nullptr);
    std::vector<Zdd::Node> nodes;
    SharedStore store(problem.words, budget, zdd != nullptr ? &nodes : nullptr);
    const auto depth = static_cast<std::size_t>(primary_count_);
    MemoStats stats;
    with_words(problem.words, options.leftmost, [&]<std::size_t W, bool Leftmost>() {
        using Count = SetsCount<W, Leftmost, SharedStore>;
        // The top: deeper until there are enough tasks, or too many paths to them.
        SetsTop top;
        for (std::size_t level = 1;; ++level) {
            SetsTop deeper;
            Count(problem, depth).expand(level, deeper);
            top = std::move(deeper);
            if (top.tasks.paths.size() >= tasks_per_thread * threads || top.tasks.paths.empty() ||
                top.tasks.paths_seen >= most_top_paths || level == deepest_top || level == depth)
                break;
        }
        struct Worker {
            Count sets;
            const SetsTop* top;
            void count(std::size_t task, MemoSearch<SharedStore>& search)
            {
                sets.count(search, top->items.data() + task * W);
            }
        };
        struct Engine {
            const SetsProblem& problem;
            const SetsTop& top;
            std::size_t depth;
            const MemoTasks& tasks() const noexcept { return top.tasks; }
            Worker worker() const { return Worker{Count(problem, depth), &top}; }
            void count_root(MemoSearch<SharedStore>& search) const
            {
                Count(problem, depth).count(search);
            }
        } engine{problem, top, depth};
        stats = share_memo(engine, options, threads, store, nodes, zdd);
    });
    stats.engine = MemoEngine::sets;
    return stats;
}

} // namespace dlx::detail
