// Counting with memory (Solver::count_memo): Knuth's DLX6, after Nishino, Yasuda, Minato and
// Nagata, "Dancing with Decision Diagrams" (AAAI 2017). The search remembers each subproblem it
// has counted, known by its signature: the primary items still to cover, and the secondary
// items that some remaining option still uses, each with the colour it was given if any. A
// subproblem met again is not searched again: its count is added at once. On problems whose
// subproblems repeat (tilings, partitions, matchings, most grid puzzles) this counts in
// seconds what no enumeration could finish; where they seldom repeat (pento6x10), it costs
// memory for little.
//
// The search is the one DLX6 makes, step for step: the same item choice (fewest options,
// leftmost on ties; or the leftmost item, as DLX6-noMRV), the same options in the same order,
// a lookup at every node it enters; so its figures (ZDD nodes, search nodes, hits) equal
// DLX6's on the same input. The count is exact, of any size.
#pragma once

#include <dlx/big_count.hpp>
#include <dlx/solver.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace dlx {

/// The cache's size when nothing else is said: 1 GiB.
inline constexpr std::size_t default_memo_memory = std::size_t{1} << 30;

/// Where a memoised count stands, for a progress report.
struct MemoProgress {
    BigCount solutions;      ///< counted so far
    std::uint64_t nodes = 0; ///< entered so far (MemoStats::nodes)
    std::uint64_t hits = 0;  ///< found in the cache so far (MemoStats::hits)
    std::size_t bytes = 0;   ///< the cache's size now
    /// Knuth's measure of the tree done, as SearchProgress's, a subproblem found in the cache
    /// counting as its whole subtree (on several threads: the tasks finished).
    double fraction_done = 0;
};

/// How a memoised count keeps the options.
enum class MemoEngine {
    /// Sets where the problem fits them, else dancing links.
    automatic,
    /// Dancing links (the DLX6 program's own way), for any problem.
    links,
    /// Bitsets: each option as the set of its items, each node's live options its parent's
    /// that miss the option taken. For problems of primary items only (at most 256), no
    /// colours (else ArgumentError). The same tree, figures and ZDD, but for `updates`, which
    /// counts the options set aside.
    sets
};

/// How Solver::count_memo() searches and remembers.
struct MemoOptions {
    /// How the options are kept (MemoEngine).
    MemoEngine engine = MemoEngine::automatic;
    /// Branch on the leftmost primary item left (an item with no option left first), as
    /// Knuth's DLX6-noMRV, instead of the one with fewest options: on grid problems its
    /// subproblems repeat far more often (latin7: 1.7 million ZDD nodes instead of 4.5).
    bool leftmost = false;
    /// The most bytes the cache may take (its table, the signatures, counts past 2^64; but
    /// at least its smallest table, 32 KiB). When it is full, it is emptied and the count goes
    /// on: still exact, only slower (subproblems are counted again); MemoStats::clears says how
    /// often. A cache far smaller than what the count remembers can make it as slow as a count
    /// without memory (dominoes 12x12 in 100 KB: centuries). Not counted: the links (or sets)
    /// themselves, of which each thread has a copy.
    std::size_t memory = default_memo_memory;
    /// Threads that count at once, sharing one cache (0: one per core). The top of the tree
    /// is cut into its distinct subproblems, which the threads count in turn; then one pass
    /// from the root finds each of them in the cache. The count is the same; the figures
    /// (search nodes, hits, signatures) add up every thread's, a subproblem that two threads
    /// counted at once twice, and the ZDD is the one a single thread builds with its equal
    /// nodes merged. One thread when a node limit is set.
    unsigned threads = 1;
    /// Stop after entering this many search nodes (lookups).
    std::uint64_t node_limit = no_limit;
    /// Stop once this much time has passed (the clock is read every 4,096 nodes).
    std::chrono::nanoseconds time_limit = no_time_limit;
    /// When not null, looked at every 4,096 nodes; once it reads true the count ends early.
    const std::atomic<bool>* cancel = nullptr;
    /// Told where the count stands every 4,096 nodes, when set. It may throw: the exception
    /// ends the count and reaches the caller, the Solver as usable as after a stop.
    std::function<void(const MemoProgress&)> progress;
};

/// What a memoised count found, with DLX6's figures.
struct MemoStats {
    /// The solutions (while `complete`; else those of the part searched, a lower bound).
    BigCount solutions;
    /// The nodes of the ZDD of all solutions that the search builds, counted as DLX6 counts
    /// them: each option that leads to a solution at a node searched (not found in the cache),
    /// plus the two terminals; 1 when there is no solution. On several threads: the nodes of
    /// the ZDD returned when one is asked for, else all that the threads made.
    std::uint64_t zdd_nodes = 1;
    /// Search nodes, as DLX6 counts them: every lookup, and every solution once more.
    std::uint64_t nodes = 0;
    /// Lookups that found their subproblem in the cache, plus the solutions (DLX6's "hits").
    std::uint64_t hits = 0;
    /// Subproblems remembered: those with no solution, and those with some.
    std::uint64_t failed_signatures = 0, solved_signatures = 0;
    /// Removals of a node from a list, and items covered (the dance's updates); over sets,
    /// the options set aside (each a test that found it meets the option taken).
    std::uint64_t updates = 0;
    /// How the options were kept: MemoEngine::links or MemoEngine::sets.
    MemoEngine engine = MemoEngine::links;
    /// The most bytes the cache took (on several threads, the sum of its shards' peaks), and
    /// how often it (or a shard) was emptied for want of room.
    std::size_t peak_bytes = 0;
    std::uint64_t clears = 0;
    /// Depth of the deepest node entered.
    std::size_t max_level = 0;
    /// False when a limit or the cancel flag ended the count early; `stopped` says which.
    bool complete = true;
    Stop stopped = Stop::none;
};

} // namespace dlx
