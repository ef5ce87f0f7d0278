// What a memoised count (memo.cpp) remembers: the subproblems counted, in a cache, and the ZDD
// nodes made. One count on one thread keeps them in a LocalStore; counts on several threads share
// a SharedStore, whose cache is cut into shards, each with its own lock.
//
//   LocalStore            one MemoCache                        the ZDD's nodes
//   SharedStore           MemoCache | MemoCache | ... (≤ 64)   the ZDD's nodes, under a lock
//                         a signature's shard: its hash's top bits
//
// Both say the same to run_memo: find (a hit adds the count remembered), insert, make a ZDD
// node, and the bytes taken. One allowance (MemoBudget) covers the cache and the ZDD.
#pragma once

#include "links.hpp"
#include "signature.hpp"

#include <dlx/error.hpp>
#include <dlx/memo.hpp>
#include <dlx/zdd.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dlx::detail {

// The memory allowed, and what the ZDD has taken of it.
struct MemoBudget {
    // A count's allowance (MemoOptions::memory), and whether it builds a ZDD.
    MemoBudget(const MemoOptions& options, bool building_zdd)
        : memory(options.memory), zdd(building_zdd)
    {
    }

    std::size_t memory;
    std::size_t shards = 1; // the caches that share it, each allowed memory / shards
    bool zdd;               // a ZDD is built: a full cache refuses instead of emptying
    std::atomic<std::size_t> zdd_bytes{0};

    // The error when the ZDD and the cache would pass the allowance.
    [[nodiscard]] ArgumentError too_large() const
    {
        const std::size_t bytes = zdd_bytes.load(std::memory_order_relaxed);
        return ArgumentError(
            "dlx: the ZDD and the cache need more than the " + std::to_string(memory) +
            " bytes allowed (MemoOptions::memory, exact-cover --memory): " + std::to_string(bytes) +
            " bytes of ZDD nodes so far (" + std::to_string(bytes / sizeof(Zdd::Node)) + " nodes)");
    }
};

// The subproblems counted: an open-addressing table of entries, each with its signature's words
// in one arena. Counts below 2^63 are kept in the entry; larger ones in `big_`. When the table,
// the arena and the large counts would take more than its share of the budget, everything is
// forgotten and the count goes on (subproblems are then counted again: the count stays exact);
// while a ZDD is built, it refuses instead (the ZDD's nodes cannot be forgotten).
class MemoCache {
public:
    MemoCache(std::size_t words, const MemoBudget& budget) : words_(words), budget_(&budget)
    {
        slots_.resize(minimum_slots);
        note_bytes();
    }

    [[nodiscard]] static std::uint64_t key_of(const std::uint64_t* signature,
                                              std::size_t words) noexcept
    {
        std::uint64_t hash = 0x9e3779b97f4a7c15ULL;
        for (std::size_t i = 0; i < words; ++i)
            hash = mix(hash ^ signature[i]);
        return hash | 1;
    }

    // On a hit, adds the subproblem's count to `count` (when it has solutions), sets `zdd` to
    // its node, and says true.
    DLX_ALWAYS_INLINE bool find(const std::uint64_t* signature, std::uint64_t key, BigCount& count,
                                std::uint64_t& zdd) const
    {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t at = key & mask;; at = (at + 1) & mask) {
            const Entry& entry = slots_[at];
            if (entry.key == 0)
                return false;
            if (entry.key == key &&
                std::equal(signature, signature + words_, arena_.data() + entry.words)) {
                zdd = entry.zdd;
                if (zdd != 0) {
                    if ((entry.count & big_flag) == 0)
                        count += entry.count;
                    else
                        count += big_[static_cast<std::size_t>(entry.count & ~big_flag)];
                }
                return true;
            }
        }
    }

    // Remembers a subproblem not in the cache.
    void insert(const std::uint64_t* signature, std::uint64_t key, const BigCount& count,
                std::uint64_t zdd)
    {
        const std::optional<std::uint64_t> small = count.to_u64();
        const bool big = !small || (*small & big_flag) != 0;
        std::size_t needed = bytes_now() + words_ * sizeof(std::uint64_t) +
                             (big ? sizeof(BigCount) + count.bit_width() / 8 : 0);
        if (2 * (used_ + 1) > slots_.size()) // the table doubles first
            needed += slots_.size() * sizeof(Entry);
        const MemoBudget& budget = *budget_;
        // Each of the shards has its part of the memory (left by the ZDD); compared by dividing,
        // since a product could pass a 32-bit size_t.
        if (budget.zdd) {
            const std::size_t nodes = budget.zdd_bytes.load(std::memory_order_relaxed);
            if (nodes >= budget.memory || needed > (budget.memory - nodes) / budget.shards)
                throw budget.too_large();
        } else if (needed > budget.memory / budget.shards) {
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
        note_bytes();
    }

    // The bytes taken now (readable from another thread), and the most taken.
    [[nodiscard]] std::size_t bytes() const noexcept
    {
        return bytes_.load(std::memory_order_relaxed);
    }
    [[nodiscard]] std::size_t peak_bytes() const noexcept { return peak_; }
    [[nodiscard]] std::uint64_t clears() const noexcept { return clears_; }

private:
    struct Entry {
        std::uint64_t key = 0; // the signature's hash, never 0; 0: an empty slot
        std::uint64_t zdd = 0; // its ZDD node; 0: no solution
        std::uint64_t count = 0;
        std::uint64_t words = 0; // where its signature starts in the arena
    };
    static constexpr std::size_t minimum_slots = 1024;
    static constexpr std::uint64_t big_flag = std::uint64_t{1} << 63;

    static std::uint64_t mix(std::uint64_t x) noexcept // splitmix64's finaliser
    {
        x ^= x >> 30;
        x *= 0xbf58476d1ce4e5b9ULL;
        x ^= x >> 27;
        x *= 0x94d049bb133111ebULL;
        return x ^ (x >> 31);
    }
    [[nodiscard]] std::size_t bytes_now() const noexcept
    {
        return slots_.size() * sizeof(Entry) + arena_.size() * sizeof(std::uint64_t) + big_bytes_;
    }
    void note_bytes() noexcept
    {
        const std::size_t now = bytes_now();
        bytes_.store(now, std::memory_order_relaxed);
        peak_ = std::max(peak_, now);
    }
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
        note_bytes();
    }

    std::size_t words_;
    const MemoBudget* budget_;
    std::vector<Entry> slots_;
    std::vector<std::uint64_t> arena_;
    std::vector<BigCount> big_;
    std::size_t big_bytes_ = 0, used_ = 0, peak_ = 0;
    std::atomic<std::size_t> bytes_{0};
    std::uint64_t clears_ = 0;
};

// One count's memory: its cache, and the ZDD's nodes when they are kept (node k at k - 2).
class LocalStore {
public:
    LocalStore(std::size_t words, MemoBudget& budget, std::vector<Zdd::Node>* nodes)
        : budget_(budget), cache_(words, budget), nodes_(nodes)
    {
    }

    DLX_ALWAYS_INLINE bool find(const std::uint64_t* signature, std::uint64_t key, BigCount& count,
                                std::uint64_t& zdd) const
    {
        return cache_.find(signature, key, count, zdd);
    }
    void insert(const std::uint64_t* signature, std::uint64_t key, const BigCount& count,
                std::uint64_t zdd)
    {
        cache_.insert(signature, key, count, zdd);
    }
    // A ZDD node, (option, lo, hi); its id (when the nodes are not kept: one not 0).
    DLX_ALWAYS_INLINE std::uint64_t make_node(OptionId option, std::uint64_t lo, std::uint64_t hi)
    {
        if (nodes_ != nullptr) {
            nodes_->push_back({option, lo, hi});
            const std::size_t zdd = nodes_->size() * sizeof(Zdd::Node);
            budget_.zdd_bytes.store(zdd, std::memory_order_relaxed);
            if (zdd + cache_.bytes() > budget_.memory)
                throw budget_.too_large();
        }
        return next_++;
    }
    [[nodiscard]] std::size_t bytes() const noexcept { return cache_.bytes(); }
    [[nodiscard]] std::size_t peak_bytes() const noexcept { return cache_.peak_bytes(); }
    [[nodiscard]] std::uint64_t clears() const noexcept { return cache_.clears(); }

private:
    MemoBudget& budget_;
    MemoCache cache_;
    std::vector<Zdd::Node>* nodes_;
    std::uint64_t next_ = 2;
};

// The memory of counts on several threads, shared. Two threads may count the same subproblem at
// once: the first to finish is remembered, and the other's ZDD nodes are left unreferenced.
class SharedStore {
public:
    static constexpr std::size_t most_shards = 64;

    // As many shards as leave each at least 128 KiB of the memory (four of its smallest
    // tables), 64 at most: with less, every shard would be full at once and emptied at each
    // insert (a cache of 1 MB in 64 shards of 16 KB each).
    SharedStore(std::size_t words, MemoBudget& budget, std::vector<Zdd::Node>* nodes)
        : budget_(budget), nodes_(nodes)
    {
        std::size_t shards = 1;
        while (shards < most_shards && budget.memory / (2 * shards) >= (std::size_t{128} << 10))
            shards *= 2;
        shift_ = 64 - std::countr_zero(shards); // 64 for one shard: key_shard() says 0
        budget_.shards = shards;
        shards_.reserve(shards);
        for (std::size_t s = 0; s < shards; ++s)
            shards_.push_back(std::make_unique<Shard>(words, budget));
    }

    bool find(const std::uint64_t* signature, std::uint64_t key, BigCount& count,
              std::uint64_t& zdd) const
    {
        Shard& shard = shard_of(key);
        const std::lock_guard lock(shard.lock);
        return shard.cache.find(signature, key, count, zdd);
    }
    void insert(const std::uint64_t* signature, std::uint64_t key, const BigCount& count,
                std::uint64_t zdd)
    {
        Shard& shard = shard_of(key);
        const std::lock_guard lock(shard.lock);
        BigCount ignored;
        std::uint64_t known = 0;
        if (!shard.cache.find(signature, key, ignored, known)) // another thread may have it
            shard.cache.insert(signature, key, count, zdd);
    }
    std::uint64_t make_node(OptionId option, std::uint64_t lo, std::uint64_t hi)
    {
        if (nodes_ == nullptr)
            return 2; // a node made: not 0 (the threads count them)
        const std::lock_guard lock(nodes_lock_);
        nodes_->push_back({option, lo, hi});
        const std::size_t zdd = nodes_->size() * sizeof(Zdd::Node);
        budget_.zdd_bytes.store(zdd, std::memory_order_relaxed);
        if (nodes_->size() % 256 == 0 && zdd + bytes() > budget_.memory)
            throw budget_.too_large();
        return nodes_->size() + 1;
    }
    [[nodiscard]] std::size_t bytes() const noexcept
    {
        std::size_t total = 0;
        for (const auto& shard : shards_)
            total += shard->cache.bytes();
        return total;
    }
    // Once the threads are joined: the sum of the shards' peaks (so at most), and their clears.
    [[nodiscard]] std::size_t peak_bytes() const noexcept
    {
        std::size_t total = 0;
        for (const auto& shard : shards_)
            total += shard->cache.peak_bytes();
        return total;
    }
    [[nodiscard]] std::uint64_t clears() const noexcept
    {
        std::uint64_t total = 0;
        for (const auto& shard : shards_)
            total += shard->cache.clears();
        return total;
    }

private:
    // A lock held for a lookup or an insert: spun on, not slept on (std::mutex put the waiting
    // thread to sleep and cost a third of the time on dominoes 16x16), with a yield after a while
    // (a shard's table doubling takes long).
    class SpinLock {
    public:
        void lock() noexcept
        {
            for (unsigned spins = 0; held_.exchange(true, std::memory_order_acquire);) {
                while (held_.load(std::memory_order_relaxed)) {
                    if (++spins % 1024 == 0)
                        std::this_thread::yield();
                }
            }
        }
        void unlock() noexcept { held_.store(false, std::memory_order_release); }

    private:
        std::atomic<bool> held_{false};
    };
    struct alignas(64) Shard { // a cache line of its own: two shards never share one
        Shard(std::size_t words, const MemoBudget& budget) : cache(words, budget) {}
        SpinLock lock;
        MemoCache cache;
    };
    [[nodiscard]] Shard& shard_of(std::uint64_t key) const noexcept
    {
        // The top bits (the slot in it: the low bits).
        return *shards_[shift_ == 64 ? 0 : static_cast<std::size_t>(key >> shift_)];
    }

    MemoBudget& budget_;
    std::vector<std::unique_ptr<Shard>> shards_;
    int shift_ = 58; // a key's shard: its top bits, key >> shift_
    std::vector<Zdd::Node>* nodes_;
    std::mutex nodes_lock_;
};

// A problem of primary items only, as the count over sets sees it (memo_sets.cpp): the items
// left to cover, and each live option's items, as bitsets of `words` words (item h: bit h - 1).
struct SetsProblem {
    std::size_t words = 1;
    std::vector<std::uint64_t> start; // the items left
    std::vector<std::uint64_t> masks; // `words` per option
    std::vector<OptionId> options;    // their ids, in input order

    // Whether counting over these sets should beat dancing links (memo_sets.cpp says why).
    [[nodiscard]] bool pays() const noexcept;
};

// One memoised count on one thread: its options, its figures, its store, and the count so far
// with, per level, what it was when the level was entered.
template <typename Store> struct MemoSearch {
    MemoSearch(const MemoOptions& asked, Store& memory) : options(asked), store(memory) {}

    const MemoOptions& options;
    Store& store;
    MemoStats stats;
    BigCount count;
    std::uint64_t root = 0;               // the ZDD's root once the count has ended
    std::vector<BigCount> entry_count;    // per level
    BigCount found;                       // scratch: the count below a node
    std::vector<std::uint64_t> keys;      // per level: the hash of its signature
    std::vector<double> shares;           // per level: its node's share of the tree
    std::vector<std::uint64_t> saved_zdd; // per level: the ZDD node made there so far
};

} // namespace dlx::detail
