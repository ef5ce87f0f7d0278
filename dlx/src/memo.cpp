// A memoised count (memo.hpp): Knuth's DLX6, step for step, over the same links as Algorithm X,
// with the Memo dance steps (dance.hpp) keeping the signature of the subproblem where the search
// stands (signature.hpp), and a cache of the subproblems counted.
//
//   enter a node ── its signature in the cache? ── yes: add its count, back up (a hit)
//        │ no
//   choose an item, cover it, try its options in turn; each option that leads to solutions
//   makes a ZDD node: (option, the node made by the options tried before it, its subtree's)
//        │ options used up
//   uncover the item: the signature is the node's own again; remember (signature, count found
//   below, the node's ZDD node, 0 for none) ── back up
#include "choice.hpp"
#include "dance.hpp"
#include "memo_store.hpp"
#include "signature.hpp"

#include <dlx/error.hpp>
#include <dlx/zdd.hpp>

#include <algorithm>
#include <bit>
#include <thread>
#include <unordered_map>

namespace dlx::detail {

// The fields: a bit per primary item, and for each secondary item room for 1 + its colours; no
// field across two words. Colours are numbered per item in the order its list meets them.
Signature Links::make_signature() const
{
    Signature signature;
    const std::size_t headers = item_of_.size(); // 1 + the items
    signature.offset.assign(headers, 0);
    signature.width.assign(headers, 0);
    signature.purified.assign(headers, 0);
    signature.code.assign(top_.size(), 0);
    std::unordered_map<std::uint64_t, std::uint32_t> colour_code;
    std::uint32_t bit = 0;
    for (std::size_t h = 1; h < headers; ++h) {
        std::uint32_t width = 1;
        if (static_cast<std::int32_t>(h) > primary_count_) {
            std::uint32_t colours = 0;
            for (std::uint32_t k = item_begin_[h]; k < item_begin_[h + 1]; ++k) {
                const std::int32_t colour = item_colors_[k];
                if (colour > 0 &&
                    colour_code
                        .emplace((std::uint64_t{h} << 32) | static_cast<std::uint32_t>(colour),
                                 colours + 1)
                        .second)
                    ++colours;
            }
            width = static_cast<std::uint32_t>(std::bit_width(std::uint64_t{colours} + 1));
        }
        if ((bit & 63) + width > 64)
            bit = (bit | 63) + 1;
        signature.offset[h] = bit;
        signature.width[h] = width;
        bit += width;
    }
    signature.words.assign(std::max<std::size_t>(1, (bit + 63) / 64), 0);
    for (std::int32_t node = 0; node < node_end_; ++node) {
        const std::int32_t item = top_[static_cast<std::size_t>(node)];
        const std::int32_t colour = color_.empty() ? 0 : color_[static_cast<std::size_t>(node)];
        if (node > static_cast<std::int32_t>(headers) && item > primary_count_ && colour > 0)
            signature.code[static_cast<std::size_t>(node)] =
                colour_code.at((std::uint64_t{static_cast<std::uint32_t>(item)} << 32) |
                               static_cast<std::uint32_t>(colour));
    }
    return signature;
}

void Links::start_signature(Signature& signature) noexcept
{
    signature_ = &signature;
    for (std::int32_t h = 1; h < static_cast<std::int32_t>(item_of_.size()); ++h)
        refresh(h);
}

MemoStats Links::count_memo(const MemoOptions& options, Zdd* zdd)
{
    if (multiplicities_)
        throw ArgumentError("dlx: a memoised count does not take multiplicities (a subproblem "
                            "would be known by every item's remaining bounds; Knuth's DLX6 has "
                            "none either)");
    settle();
    if (options.engine == MemoEngine::sets && !sets_fit())
        throw ArgumentError("dlx: a count over sets (MemoEngine::sets) takes primary items only, "
                            "at most 256, without colours");
    const unsigned threads =
        options.threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.threads;
    const bool shared = threads > 1 && options.node_limit == no_limit;
    if (options.engine != MemoEngine::links && sets_fit()) {
        SetsProblem problem = sets_now();
        if (options.engine == MemoEngine::sets || problem.pays())
            return shared ? count_memo_sets_threads(std::move(problem), options, threads, zdd)
                          : count_memo_sets(std::move(problem), options, zdd);
    }
    if (shared)
        return count_memo_threads(options, threads, zdd);

    Signature signature = make_signature();
    MemoBudget budget(options, zdd != nullptr);
    std::vector<Zdd::Node> nodes;
    LocalStore store(signature.words.size(), budget, zdd != nullptr ? &nodes : nullptr);
    MemoSearch<LocalStore> search(options, store);
    start_signature(signature);
    try {
        with_flags([&]<bool Colors, bool Leftmost>() { run_memo<Colors, Leftmost>(search); },
                   colors_, options.leftmost);
    } catch (...) {
        signature_ = nullptr;
        throw;
    }
    signature_ = nullptr;
    search.stats.peak_bytes = store.peak_bytes();
    search.stats.clears = store.clears();
    if (zdd != nullptr)
        *zdd = search.stats.complete ? Zdd(std::move(nodes), search.root) : Zdd();
    return search.stats;
}

// DLX6's loop (its section "Solve the problem"), with its labels as the steps:
//
//   forward   Enter a node: look its signature up; on a hit, add the count remembered and back
//             down as if the node had been searched. Else choose the item (fewest options,
//             leftmost on ties; or the leftmost), cover it, and advance to its first option.
//   advance   No option left: back up. Else commit the option; a solution if no primary item is
//             left (recover), else enter the level below (forward).
//   backup    Uncover the item, and remember the node: its signature, the count found below it,
//             its ZDD node (0 when it has no solution).
//   backdown  Terminate at level 0; else go up a level, to recover there.
//   recover   Uncommit the option; if it led to solutions, make a ZDD node for it; advance to
//             the next option.
template <bool Colors, bool Leftmost, typename Store>
void Links::run_memo(MemoSearch<Store>& search)
{
    const Link* const ln = links_.data();
    const MemoOptions& options = search.options;
    MemoStats& stats = search.stats;
    Store& store = search.store;
    // Knuth's measure of the tree done, for progress reports: the share of each subtree
    // finished (a leaf, a solution, a hit), a node's share its parent's over its branches.
    double tree_done = 0;
    // Per level, sized once: each level covers a primary item at least.
    const auto depth = static_cast<std::size_t>(primary_count_) + 2;
    search.keys.resize(depth);
    search.entry_count.resize(depth);
    search.saved_zdd.resize(depth);
    search.shares.assign(depth, 0.0);
    search.shares[0] = 1.0;
    std::uint64_t updates = 0, nodes = 0, hits = 0, made = 0; // made: ZDD nodes
    std::size_t level = 0, max_level = 0;
    std::int32_t best = root, node = root;
    std::uint64_t zdd = 0, below = 0; // the node's ZDD node so far; the one below the option
    std::int32_t uncovered = 0;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        uncovered += static_cast<std::int32_t>(top_[header] < inactive);
    const std::uint64_t* const words = signature_->words.data();
    const std::size_t word_count = signature_->words.size();
    const Deadline deadline(options.time_limit);
    constexpr std::uint64_t interval = 4096;
    Stop stop = Stop::none;

    enum class Step { forward, advance, backup, backdown, recover, done };
    Step step = Step::forward;
    if (options.node_limit == 0)
        stop = Stop::node_limit;
    else if (options.time_limit <= std::chrono::nanoseconds::zero())
        stop = Stop::time_limit;
    if (stop != Stop::none) {
        step = Step::done;
    } else if (uncovered == 0) { // nothing to cover (forced options did it all): one solution
        search.count = 1;
        zdd = 1;
        step = Step::done;
    }
    // Should memory run out (the cache, a count's digits), the open levels are undone.
    const auto unwind = [&] {
        while (level > 0) {
            --level;
            uncommit<Colors, true>(choice_[level]);
            uncover<Colors, true>(item_at_[level]);
        }
    };
    try {
        while (step != Step::done) {
            switch (step) {
            case Step::forward: {
                if (nodes % interval == 0 || nodes == options.node_limit) {
                    if (nodes == options.node_limit)
                        stop = Stop::node_limit;
                    else if (cancelled(options.cancel))
                        stop = Stop::cancelled;
                    else if (deadline.passed())
                        stop = Stop::time_limit;
                    if (stop != Stop::none) {
                        step = Step::done;
                        break;
                    }
                    if (options.progress)
                        options.progress({search.count, nodes, hits, store.bytes(), tree_done});
                }
                ++nodes;
                max_level = std::max(max_level, level);
                const std::uint64_t key = MemoCache::key_of(words, word_count);
                if (store.find(words, key, search.count, zdd)) {
                    ++hits;
                    tree_done += search.shares[level]; // a subtree done at once
                    step = Step::backdown;
                    break;
                }
                search.keys[level] = key;
                search.entry_count[level] = search.count;
                zdd = 0;
                best = memo_choice<Leftmost>();
                search.shares[level + 1] = search.shares[level] / std::max(length(best), 1);
                if (length(best) == 0)
                    tree_done += search.shares[level];
                cover<Colors, false, true>(best, updates);
                item_at_[level] = best;
                node = ln[best].down;
                step = Step::advance;
                break;
            }
            case Step::advance: {
                if (node == best) {
                    step = Step::backup;
                    break;
                }
                choice_[level] = node;
                uncovered -= static_cast<std::int32_t>(primaries_[option_of(node)]);
                commit<Colors, false, true>(node, updates);
                if (uncovered == 0) { // a solution: DLX6 counts it as a node and a hit
                    search.count += 1;
                    ++nodes;
                    ++hits;
                    tree_done += search.shares[level + 1];
                    below = 1;
                    step = Step::recover;
                    break;
                }
                search.saved_zdd[level] = zdd;
                ++level;
                step = Step::forward;
                break;
            }
            case Step::backup: {
                uncover<Colors, true>(best);
                search.found = search.count;
                search.found -= search.entry_count[level];
                (zdd != 0 ? stats.solved_signatures : stats.failed_signatures) += 1;
                store.insert(words, search.keys[level], search.found, zdd);
                step = Step::backdown;
                break;
            }
            case Step::backdown:
                if (level == 0) {
                    step = Step::done;
                    break;
                }
                --level;
                node = choice_[level];
                best = item_at_[level];
                below = zdd;
                zdd = search.saved_zdd[level];
                step = Step::recover;
                break;
            case Step::recover:
                uncommit<Colors, true>(node);
                uncovered += static_cast<std::int32_t>(primaries_[option_of(node)]);
                if (below != 0) { // a ZDD node: (option, the node before it, the one below)
                    zdd = store.make_node(option_of(node), zdd, below);
                    ++made;
                }
                node = ln[node].down;
                step = Step::advance;
                break;
            case Step::done: break;
            }
        }
    } catch (...) {
        unwind();
        throw;
    }
    if (stop != Stop::none)
        unwind();
    search.root = zdd;
    stats.solutions = search.count;
    stats.zdd_nodes = made == 0 ? 1 : made + 2; // the terminals too, as DLX6 counts them
    stats.nodes = nodes;
    stats.hits = hits;
    stats.updates = updates;
    stats.max_level = max_level;
    stats.stopped = stop;
    stats.complete = stop == Stop::none;
}

// The counts on several threads (memo_threads.cpp) share one store.
template void Links::run_memo<false, false, SharedStore>(MemoSearch<SharedStore>&);
template void Links::run_memo<false, true, SharedStore>(MemoSearch<SharedStore>&);
template void Links::run_memo<true, false, SharedStore>(MemoSearch<SharedStore>&);
template void Links::run_memo<true, true, SharedStore>(MemoSearch<SharedStore>&);

} // namespace dlx::detail
