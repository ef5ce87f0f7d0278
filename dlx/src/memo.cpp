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
#include "signature.hpp"

#include <dlx/error.hpp>
#include <dlx/zdd.hpp>

#include <algorithm>
#include <bit>
#include <unordered_map>

namespace dlx::detail {

namespace {

std::uint64_t mix(std::uint64_t x) noexcept // splitmix64's finaliser
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

} // namespace

// The subproblems counted: an open-addressing table of entries, each with its signature's words
// in one arena. Counts below 2^63 are kept in the entry; larger ones in `big_`. When the table,
// the arena and the large counts would take more than the memory allowed, everything is
// forgotten and the count goes on (subproblems are then counted again: the count stays exact).
class MemoCache {
public:
    struct Entry {
        std::uint64_t key = 0; // the signature's hash, never 0; 0: an empty slot
        std::uint64_t zdd = 0; // its ZDD node; 0: no solution
        std::uint64_t count = 0;
        std::uint64_t words = 0; // where its signature starts in the arena
    };

    // `extra`: bytes that others take from the same allowance (the ZDD's nodes), which the
    // cache cannot free: with it, a full cache refuses (ArgumentError) instead of emptying.
    MemoCache(std::size_t words, std::size_t memory, const std::size_t* extra)
        : words_(words), memory_(memory), extra_(extra)
    {
        slots_.resize(minimum_slots);
    }

    [[nodiscard]] static std::uint64_t key_of(const std::uint64_t* signature,
                                              std::size_t words) noexcept
    {
        std::uint64_t hash = 0x9e3779b97f4a7c15ULL;
        for (std::size_t i = 0; i < words; ++i)
            hash = mix(hash ^ signature[i]);
        return hash | 1;
    }

    [[nodiscard]] const Entry* find(const std::uint64_t* signature,
                                    std::uint64_t key) const noexcept
    {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t at = key & mask;; at = (at + 1) & mask) {
            const Entry& entry = slots_[at];
            if (entry.key == 0)
                return nullptr;
            if (entry.key == key &&
                std::equal(signature, signature + words_, arena_.data() + entry.words))
                return &entry;
        }
    }

    [[nodiscard]] BigCount count_of(const Entry& entry) const
    {
        if ((entry.count & big_flag) == 0)
            return entry.count;
        return big_[static_cast<std::size_t>(entry.count & ~big_flag)];
    }

    // Remembers a subproblem not in the cache.
    void insert(const std::uint64_t* signature, std::uint64_t key, const BigCount& count,
                std::uint64_t zdd)
    {
        const std::optional<std::uint64_t> small = count.to_u64();
        const bool big = !small || (*small & big_flag) != 0;
        std::size_t needed = bytes() + words_ * sizeof(std::uint64_t) +
                             (big ? sizeof(BigCount) + count.bit_width() / 8 : 0);
        if (2 * (used_ + 1) > slots_.size()) // the table doubles first
            needed += slots_.size() * sizeof(Entry);
        if (extra_ != nullptr && needed + *extra_ > memory_)
            throw ArgumentError("dlx: the ZDD and the cache need more than the " +
                                std::to_string(memory_) +
                                " bytes allowed (MemoOptions::memory, "
                                "exact-cover --memory): " +
                                std::to_string(*extra_) + " bytes of ZDD nodes so far (" +
                                std::to_string(*extra_ / sizeof(Zdd::Node)) + " nodes)");
        if (needed > memory_) {
            clear();
            ++clears_;
        }
        if (2 * (used_ + 1) > slots_.size())
            grow();
        Entry entry;
        entry.key = key;
        entry.zdd = zdd;
        entry.words = arena_.size();
        arena_.insert(arena_.end(), signature, signature + words_);
        if (big) {
            entry.count = big_flag | big_.size();
            big_.push_back(count);
            big_bytes_ += sizeof(BigCount) + count.bit_width() / 8;
        } else {
            entry.count = *small;
        }
        place(entry);
        ++used_;
        peak_ = std::max(peak_, bytes());
    }

    [[nodiscard]] std::size_t bytes() const noexcept
    {
        return slots_.size() * sizeof(Entry) + arena_.size() * sizeof(std::uint64_t) + big_bytes_;
    }
    [[nodiscard]] std::size_t peak_bytes() const noexcept { return peak_; }
    [[nodiscard]] std::uint64_t clears() const noexcept { return clears_; }

private:
    static constexpr std::size_t minimum_slots = 1024;
    static constexpr std::uint64_t big_flag = std::uint64_t{1} << 63;

    void place(const Entry& entry) noexcept
    {
        const std::size_t mask = slots_.size() - 1;
        std::size_t at = entry.key & mask;
        while (slots_[at].key != 0)
            at = (at + 1) & mask;
        slots_[at] = entry;
    }
    void grow()
    {
        std::vector<Entry> old(slots_.size() * 2);
        old.swap(slots_);
        for (const Entry& entry : old) {
            if (entry.key != 0)
                place(entry);
        }
    }
    void clear()
    {
        std::vector<Entry>(minimum_slots).swap(slots_);
        arena_.clear();
        big_.clear();
        big_bytes_ = 0;
        used_ = 0;
    }

    std::size_t words_;
    std::size_t memory_;
    const std::size_t* extra_;
    std::vector<Entry> slots_;
    std::vector<std::uint64_t> arena_;
    std::vector<BigCount> big_;
    std::size_t big_bytes_ = 0, used_ = 0, peak_ = 0;
    std::uint64_t clears_ = 0;
};

// One memoised count: its options, its figures, the signature, the cache, and the count so far
// with, per level, what it was when the level was entered.
class MemoSearch {
public:
    MemoSearch(const MemoOptions& asked, std::size_t words, std::vector<Zdd::Node>* zdd)
        : options(asked), zdd_nodes(zdd),
          cache(words, asked.memory, zdd != nullptr ? &zdd_bytes : nullptr)
    {
    }

    const MemoOptions& options;
    std::size_t zdd_bytes = 0;         // the ZDD's nodes, when it is built
    std::vector<Zdd::Node>* zdd_nodes; // null: only counted
    MemoStats stats;
    Signature signature;
    MemoCache cache;
    BigCount count;
    std::uint64_t root = 0;               // the ZDD's root once the count has ended
    std::vector<BigCount> entry_count;    // per level
    std::vector<std::uint64_t> saved_zdd; // per level: the ZDD node made there so far
};

MemoStats Links::count_memo(const MemoOptions& options, Zdd* zdd)
{
    if (multiplicities_)
        throw ArgumentError("dlx: a memoised count does not take multiplicities (a subproblem "
                            "would be known by every item's remaining bounds; Knuth's DLX6 has "
                            "none either)");
    settle();

    // The fields: a bit per primary item, and for each secondary item room for 1 + its colours;
    // no field across two words. Colours are numbered per item in the order its list meets them.
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

    std::vector<Zdd::Node> nodes;
    MemoSearch search(options, signature.words.size(), zdd != nullptr ? &nodes : nullptr);
    search.signature = std::move(signature);
    signature_ = &search.signature;
    for (std::size_t h = 1; h < headers; ++h)
        refresh(static_cast<std::int32_t>(h));
    try {
        with_flags([&]<bool Colors, bool Leftmost>() { run_memo<Colors, Leftmost>(search); },
                   colors_, options.leftmost);
    } catch (...) {
        signature_ = nullptr;
        throw;
    }
    signature_ = nullptr;
    search.stats.peak_bytes = search.cache.peak_bytes();
    search.stats.clears = search.cache.clears();
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
template <bool Colors, bool Leftmost> void Links::run_memo(MemoSearch& search)
{
    const Link* const ln = links_.data();
    const MemoOptions& options = search.options;
    MemoStats& stats = search.stats;
    std::uint64_t updates = 0, nodes = 0, hits = 0, next_zdd = 2;
    std::size_t level = 0, max_level = 0;
    std::int32_t best = root, node = root;
    std::uint64_t zdd = 0, below = 0; // the node's ZDD node so far; the one below the option
    std::int32_t uncovered = 0;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        uncovered += static_cast<std::int32_t>(top_[header] < inactive);
    const std::uint64_t* const words = search.signature.words.data();
    const std::size_t word_count = search.signature.words.size();
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
                        options.progress({search.count, nodes, hits, search.cache.bytes(),
                                          fraction_done<false>(level)});
                }
                ++nodes;
                max_level = std::max(max_level, level);
                const std::uint64_t key = MemoCache::key_of(words, word_count);
                if (const MemoCache::Entry* entry = search.cache.find(words, key)) {
                    ++hits;
                    zdd = entry->zdd;
                    if (zdd != 0)
                        search.count += search.cache.count_of(*entry);
                    step = Step::backdown;
                    break;
                }
                if (search.entry_count.size() <= level) {
                    search.entry_count.resize(level + 1);
                    search.saved_zdd.resize(level + 1);
                }
                search.entry_count[level] = search.count;
                zdd = 0;
                if constexpr (Leftmost) {
                    best = first_at_most(top_.data(), 0);
                    if (best == root)
                        best = first_at_most(top_.data(), inactive - 1);
                } else {
                    Random unused;
                    best = choose_item<false>(unused);
                }
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
                BigCount found = search.count;
                found -= search.entry_count[level];
                (zdd != 0 ? stats.solved_signatures : stats.failed_signatures) += 1;
                search.cache.insert(words, MemoCache::key_of(words, word_count), found, zdd);
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
                    if (search.zdd_nodes != nullptr) {
                        search.zdd_nodes->push_back({option_of(node), zdd, below});
                        search.zdd_bytes += sizeof(Zdd::Node);
                        if (search.zdd_bytes + search.cache.bytes() > options.memory)
                            throw ArgumentError(
                                "dlx: the ZDD and the cache need more than the " +
                                std::to_string(options.memory) +
                                " bytes allowed (MemoOptions::memory, exact-cover --memory): " +
                                std::to_string(search.zdd_bytes) + " bytes of ZDD nodes so far (" +
                                std::to_string(search.zdd_nodes->size()) + " nodes)");
                    }
                    zdd = next_zdd++;
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
    stats.zdd_nodes = next_zdd == 2 ? 1 : next_zdd;
    stats.nodes = nodes;
    stats.hits = hits;
    stats.updates = updates;
    stats.max_level = max_level;
    stats.stopped = stop;
    stats.complete = stop == Stop::none;
}

} // namespace dlx::detail
