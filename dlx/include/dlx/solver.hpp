// Algorithm X over dancing links (Knuth, TAOCP 7.2.2.1), with colours (Algorithm C) and
// multiplicities (Algorithm M). A Solver builds the links of one Problem once and is reused for
// many searches; every search leaves the links exactly as it found them. (One that stops early,
// or whose visitor, progress report or tracer throws, leaves its last path to be undone at the
// start of the next call, unless that call is a reset(), which lays the links out afresh:
// nothing a caller can see tells the difference.)
#pragma once

#include <dlx/problem.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

namespace dlx {

namespace detail {
class Links;
class Cells;
struct Paused;
} // namespace detail

struct MemoOptions; // memo.hpp
struct MemoStats;
class Zdd; // zdd.hpp

/// "No limit" for SearchOptions::solution_limit and SearchOptions::node_limit.
inline constexpr std::uint64_t no_limit = std::numeric_limits<std::uint64_t>::max();
/// "No limit" for SearchOptions::time_limit.
inline constexpr std::chrono::nanoseconds no_time_limit = std::chrono::nanoseconds::max();

/// Why a search ended before it had searched the whole tree.
enum class Stop : std::uint8_t {
    none,           ///< it did not: the whole tree was searched
    solution_limit, ///< SearchOptions::solution_limit solutions were found
    node_limit,     ///< SearchOptions::node_limit nodes were entered
    time_limit,     ///< SearchOptions::time_limit had passed at a checkpoint
    cancelled,      ///< SearchOptions::cancel was set
    visitor,        ///< the visitor returned Visit::stop
};

/// What a visitor tells the search after seeing a solution.
enum class Visit { keep_going, stop };

/// Knuth's counters, with his definitions, so that two implementations can be compared number
/// for number on the same input (his `dlx1`, `dlx2` and `dlx3` print the same three).
struct SearchStats {
    /// Solutions found (visited).
    std::uint64_t solutions = 0;
    /// Search-tree nodes entered, solution leaves included.
    std::uint64_t nodes = 0;
    /// Removals of a node from an item's list, plus one per item covered.
    std::uint64_t updates = 0;
    /// Depth of the deepest node entered (the root is level 0).
    std::size_t max_level = 0;
    /// False when a limit, the cancel flag or the visitor stopped the search early: the
    /// counts are then those of the part of the tree searched (a lower bound on the
    /// solutions). Equal to `stopped == Stop::none`, kept for callers that ask only that.
    bool complete = true;
    /// What stopped the search early (for a sum of several searches, the first that stopped).
    Stop stopped = Stop::none;

    SearchStats& operator+=(const SearchStats& other) noexcept;
    friend bool operator==(const SearchStats&, const SearchStats&) = default;
};

/// The teaching trace: told about every step of the search. Every hook does nothing by default;
/// override the ones you need. A search without a tracer pays nothing for this feature (the
/// search loop is compiled twice, with and without the calls). A hook may throw: the exception
/// ends the search and reaches its caller, and the Solver stays as usable as after a stop.
class Tracer {
public:
    virtual ~Tracer() = default;
    /// The node at `level` branches on `item`, which has `length` live options (its "length").
    virtual void choose(std::size_t level, ItemId item, std::size_t length);
    /// At `level`, the search tries `option` for the chosen item (told once the option is
    /// committed, before the level below is entered). With multiplicities (Algorithm M)
    /// `option` is `std::nullopt` for the move "use no further option here".
    virtual void try_option(std::size_t level, std::optional<OptionId> option);
    /// Every choice for `item` at `level` has been tried; the search backs up to `level - 1`.
    virtual void backtrack(std::size_t level, ItemId item);
    /// A solution: the options chosen at levels 0, 1, ... (forced options not included).
    virtual void solution(std::span<const OptionId> options);
};

/// What a seeded search randomises.
enum class Randomise {
    items_and_options, ///< ties between items, and the order of each item's options
    options_only,      ///< only the order of the options (items: leftmost, as unseeded)
};

/// How the search picks the item to branch on.
enum class ItemChoice {
    /// Fewest live options, leftmost on ties: Knuth's rule, so nodes and updates match his.
    fewest,
    /// An item with at most one live option when there is one (one left with none first, then
    /// one that the last move left with one, else the first in item order), else as `fewest`:
    /// far less scanning where such items abound (Sudoku). The tree differs from Knuth's, so
    /// nodes and updates do; the solutions do not.
    singles_first,
};

/// The data structure the search dances on. Both find the same solutions; they differ in the
/// search tree (ties between items fall otherwise) and in speed: docs/engine.md says which wins
/// where, measured.
enum class Method {
    /// Dancing links: Knuth's Algorithms X, C and M over doubly linked lists, as his `dlx1`,
    /// `dlx2` and `dlx3`, whose nodes and updates it matches number for number.
    links,
    /// Dancing cells: the items' options kept in sparse sets instead of linked lists, as in
    /// Knuth's `ssxcc` (2023, after Christine Solnon), whose nodes and updates it matches. Its
    /// own item choice: an item left with one option first (a forced move), else the fewest
    /// options, the first in item order on ties (with a seed, a random one of them);
    /// SearchOptions::choice is not used. Primary,
    /// secondary and coloured items, not multiplicities. Each search starts from the layout the
    /// Solver built (a search's tree does not depend on the searches before it).
    cells,
};

/// Where a long search stands, for a progress report.
struct SearchProgress {
    std::uint64_t solutions = 0; ///< found so far
    std::uint64_t nodes = 0;     ///< entered so far
    std::uint64_t updates = 0;   ///< made so far
    /// The part of the tree already searched, from 0 to 1, by Knuth's measure: the options
    /// tried before the current one at each level, each weighted by its share of the tree as
    /// if every subtree at that level were the same size. NaN where it is not known
    /// (multiplicities).
    double fraction_done = 0;
};

/// Told where the search stands every SearchOptions::progress_interval nodes. It may throw: the
/// exception ends the search and reaches its caller, the Solver as usable as after a stop.
using ProgressReport = std::function<void(const SearchProgress& progress)>;

/// How one search runs. The defaults give a complete, deterministic search.
struct SearchOptions {
    /// Stop after this many solutions.
    std::uint64_t solution_limit = no_limit;
    /// Stop after entering this many search-tree nodes (Knuth's programs have the same
    /// limit). count_parallel runs a search with a node limit on one thread.
    std::uint64_t node_limit = no_limit;
    /// Stop once this much time has passed since the search began. The clock is read at the
    /// checkpoints, every `progress_interval` nodes, so the search ends at the first checkpoint
    /// after the limit (a fraction of a second with the default interval on most problems);
    /// zero or less stops it before its first node. count_parallel keeps one limit for all
    /// its threads.
    std::chrono::nanoseconds time_limit = no_time_limit;
    /// With a seed, the search is randomised: ties for the item with fewest options are broken
    /// at random, and (without multiplicities) each item's options are tried in random order.
    /// The same seed on the same problem gives the same search.
    std::optional<std::uint64_t> seed;
    /// What the seed randomises (ignored without a seed).
    Randomise randomise = Randomise::items_and_options;
    /// The branching rule of Method::links (Method::cells has its own). Problems with more
    /// than 1024 primary items always use `fewest`.
    ItemChoice choice = ItemChoice::fewest;
    /// The search method. Method::cells throws ArgumentError for a problem with
    /// multiplicities.
    Method method = Method::links;
    /// Told about every step when not null; must outlive the search.
    Tracer* tracer = nullptr;
    /// Told where the search stands every `progress_interval` nodes, when set. A search without
    /// it pays nothing; with it, a few list walks per report. count_parallel calls it after
    /// each subtree, from whichever thread finished it, one call at a time.
    ProgressReport progress;
    /// The nodes between two checkpoints, where the search reports its progress and looks at
    /// the cancel flag and the clock (0: no checkpoints, so neither cancel nor time limit).
    std::uint64_t progress_interval = 1 << 16;
    /// When not null, the search looks at `*cancel` every `progress_interval` nodes (with the
    /// progress report, if any) and, once it reads true, ends there as a limit would end it:
    /// `complete` false, the Solver usable. Set it from any thread, or from a signal handler
    /// (a lock-free atomic). count_parallel's threads each look at it, and take no further
    /// subtree once it is set. Must outlive the search.
    const std::atomic<bool>* cancel = nullptr;
};

/// An estimated quantity and its standard error (the samples' standard deviation over the square
/// root of their number): the truth lies within two standard errors of `value` about 95% of
/// the time, when the samples are many and their spread is not dominated by rare huge ones.
/// Beware of that last case: solutions that few random paths reach (8 among 33,000 nodes, say)
/// may be missed by every path, and the estimate then reads 0 with an error of 0.
struct Estimate {
    double value = 0;
    double standard_error = 0;
};

/// Knuth's estimate of a search tree ("Estimating the efficiency of backtrack programs", 1975;
/// TAOCP 7.2.2): each sample walks one random path from the root, choosing items exactly as the
/// search does and an option uniformly at random; the products of the branching degrees along
/// it give unbiased estimates of the whole tree's nodes, updates and solutions (as SearchStats
/// counts them), which the samples average.
struct TreeEstimate {
    Estimate nodes;
    Estimate updates;
    Estimate solutions;
    std::uint64_t samples = 0;
    /// False when the cancel flag ended the sampling early. The figures are then those of the
    /// `samples` paths finished, which are no fair sample (paths are walked together, the
    /// first branches first): do not take them for an estimate.
    bool complete = true;
    /// The updates that the sampling itself made (its covers and commits, each node that
    /// several paths pass through entered once): its work, which over the time it took gives
    /// this machine's rate of updates for the search.
    std::uint64_t updates_made = 0;
};

/// How Solver::estimate() samples the tree.
struct EstimateOptions {
    /// The random paths to walk.
    std::uint64_t samples = 1000;
    /// Seeds them: the same seed on the same problem gives the same estimate.
    std::uint64_t seed = 0;
    /// The item choice of the search whose tree is estimated (Method::links).
    ItemChoice choice = ItemChoice::fewest;
    /// The method whose tree is estimated.
    Method method = Method::links;
    /// When not null, looked at between paths (and, where paths are walked together, between
    /// groups of them); once it reads true the sampling ends, TreeEstimate::complete false.
    const std::atomic<bool>* cancel = nullptr;
};

/// Called with each solution (the options chosen, level by level; forced options not included).
/// The span is valid only during the call. An exception from it ends the search and reaches the
/// caller; the Solver stays usable, with every method and algorithm (its next call undoes what
/// the search left open, and then finds what a fresh Solver finds).
using Visitor = std::function<Visit(std::span<const OptionId> options)>;

class Solver;

/// The solutions of one search, found one at a time as they are asked for
/// (Solver::solutions()). The search runs on the caller's thread until it finds the next
/// solution and pauses there, its levels open, until the next is asked for: a caller can stop
/// and resume at will, no thread is started and nothing is copied. Its counters, limits,
/// progress reports and tracer are those of one search, as Solver::search() would run it
/// (Knuth's nodes and updates included); only the time between two solutions that the caller
/// spends is not the search's, and does not count towards SearchOptions::time_limit.
///
///     for (std::span<const dlx::OptionId> solution : solver.solutions())
///         if (print(solution) == enough)
///             break;                // stops here; the Solver stays as usable as ever
///
/// The search starts at the first next(), from the Solver's state then (its forced options).
/// The Solver must outlive the iteration and stay where it is (a moved Solver ends it). Once
/// started, the iteration has the Solver to itself: any other call that searches or changes
/// the Solver (a count, a force(), another solutions()...) ends it, and its next() then throws
/// ArgumentError. A progress report or tracer that throws ends it too (the exception reaches
/// the caller of next(), the Solver usable).
class Solutions {
public:
    /// The next solution: the options chosen level by level (forced options not included),
    /// valid until the next call that searches or changes the Solver. Nothing when the search
    /// has ended: the tree searched, a limit reached, the cancel flag set, or close().
    std::optional<std::span<const OptionId>> next();
    /// The search's counters so far, as Solver::search() returns them once the search has ended
    /// (SearchStats::stopped says why it ended early). While the search is paused between two
    /// solutions, and once it was closed, `stopped` is Stop::visitor: its caller stopped it.
    [[nodiscard]] const SearchStats& stats() const noexcept { return stats_; }
    /// Whether the search has ended: next() has nothing more to give.
    [[nodiscard]] bool done() const noexcept { return done_; }
    /// Ends the search now (the Solver's next call undoes its open levels, as after a stop).
    void close() noexcept;

    /// An input iterator over the solutions (std::ranges::input_range). begin() finds the next
    /// solution, as std::ranges::istream_view's reads the next value: a loop left with `break`
    /// and begun again goes on with the solution after the last one it saw. (An adaptor that
    /// stops by count, such as std::views::take(n), increments once more before it stops: it
    /// searches one solution further, which the next loop does not see.)
    class iterator {
    public:
        using value_type = std::span<const OptionId>;
        using difference_type = std::ptrdiff_t;
        iterator() = default;
        value_type operator*() const noexcept { return solutions_->current_; }
        iterator& operator++()
        {
            solutions_->advance();
            return *this;
        }
        void operator++(int) { ++*this; }
        friend bool operator==(const iterator& it, std::default_sentinel_t) noexcept
        {
            return it.solutions_ == nullptr || it.solutions_->done();
        }

    private:
        friend class Solutions;
        explicit iterator(Solutions* solutions) noexcept : solutions_(solutions) {}
        Solutions* solutions_ = nullptr;
    };
    iterator begin()
    {
        advance();
        return iterator(this);
    }
    [[nodiscard]] std::default_sentinel_t end() const noexcept { return {}; }

    Solutions(Solutions&&) noexcept;
    Solutions& operator=(Solutions&&) noexcept;
    ~Solutions();

private:
    friend class Solver;
    Solutions(Solver& solver, const SearchOptions& options);
    void advance();

    Solver* solver_;
    SearchOptions options_;
    std::unique_ptr<detail::Paused> paused_;
    std::uint64_t id_; // the Solver's paused_by_ while this search is paused in it
    std::span<const OptionId> current_;
    SearchStats stats_;
    bool done_ = false;
};

/// The dancing links of one Problem, and the search over them. Not thread-safe: one Solver per
/// thread. Building costs O(entries); each search allocates nothing per node.
class Solver {
public:
    /// Builds the links for `problem`. The Solver keeps no reference to `problem`.
    explicit Solver(const Problem& problem);
    ~Solver();
    Solver(Solver&&) noexcept;
    Solver& operator=(Solver&&) noexcept;
    /// A copy has its own links, in the same state as the original's (forced options included).
    Solver(const Solver& other);
    Solver& operator=(const Solver& other);

    /// Runs Algorithm X (C or M as the problem needs) and calls `visit` on each solution,
    /// until the tree is exhausted, a limit is reached, or `visit` returns Visit::stop.
    SearchStats search(const Visitor& visit, const SearchOptions& options = {});
    /// Counts solutions without visiting them (the fastest mode).
    SearchStats count(const SearchOptions& options = {});
    /// The solutions of a search with `options`, one at a time as they are asked for: a
    /// search that pauses at each solution until the next is asked for (see Solutions).
    [[nodiscard]] Solutions solutions(const SearchOptions& options = {});
    /// Counts solutions from this Solver's state, forced options included, on `threads`
    /// threads, each on its own copy of the links, as dlx::count_parallel() describes (its
    /// figures, its fallbacks to one thread, which search this Solver itself).
    SearchStats count_parallel(unsigned threads, const SearchOptions& options = {});
    /// Counts the solutions from the current state (forced options included) with memory, as
    /// Knuth's DLX6 does (memo.hpp): exact, of any size, with DLX6's figures. With `zdd`, also
    /// builds the ZDD of all solutions there (zdd.hpp; empty when a limit stopped the count):
    /// its nodes count against MemoOptions::memory, and a cache that would have to be emptied
    /// (which would make nodes again) throws ArgumentError instead. Throws ArgumentError for a
    /// problem with multiplicities.
    MemoStats count_memo(const MemoOptions& options, Zdd* zdd = nullptr);
    /// Counts one subtree: the node reached from the current state by `path`, the branch
    /// taken at each level (0 for the first option of the item that the search with `options`
    /// chooses there, and so on; under multiplicities the last branch of a level is "no
    /// further option"), searched as the whole search searches it there. The counts are the
    /// subtree's own (`max_level` counts from the root). With Method::cells the path is
    /// replayed from the root as split.hpp's SplitOptions::method describes. Throws
    /// ArgumentError, leaving the links as they were, when `path` is not a path of the
    /// tree.
    SearchStats count_below(std::span<const std::uint32_t> path, const SearchOptions& options = {});
    /// Counts the same subtree with memory (count_memo() at its node): the path is replayed
    /// with the item choice `choice` of dancing links, as count_below() replays it. Throws
    /// ArgumentError as count_below() and count_memo() do.
    MemoStats count_memo_below(std::span<const std::uint32_t> path, ItemChoice choice,
                               const MemoOptions& options);

    /// The first solution (with a seed: a random one), or nothing when there is none.
    std::optional<std::vector<OptionId>> first_solution(const SearchOptions& options = {});

    /// Puts `option` into every solution of the following searches, as if it had been chosen
    /// before the search starts (Sudoku's givens). Returns false, and changes nothing, when the
    /// option conflicts with the options already forced or has no primary item.
    /// Throws ArgumentError for a problem with multiplicities.
    bool force(OptionId option);
    /// Replaces the forced options by `forced`, all at once: instead of dancing them in one by
    /// one, the links are laid out again with only the options compatible with them, in
    /// O(entries of the problem). Searches then behave exactly as after force() of each (same
    /// solutions, nodes and updates). Faster than force() when many options are forced and
    /// each conflicts with many others (Sudoku's givens). Returns false, leaving no option
    /// forced, when `forced` is inconsistent or names an option without a primary item.
    /// Throws ArgumentError for a problem with multiplicities.
    bool reset(std::span<const OptionId> forced);
    /// Estimates the tree that count() with item choice `choice` would search from the current
    /// state (forced options included), from `samples` random paths drawn with `seed`. Each
    /// path costs about as much as one branch of the search. With Method::cells (which
    /// ignores `choice`), the tree of a dancing-cells search: each path is walked alone from
    /// the root, and an option that leaves some item without options ends it without a node.
    /// With multiplicities (Algorithm M, links only), each node's moves are all made to count
    /// them, so the node's own updates are exact, and one of them is taken at random.
    TreeEstimate estimate(const EstimateOptions& options);
    /// The same, the options given one by one.
    TreeEstimate estimate(std::uint64_t samples, std::uint64_t seed,
                          ItemChoice choice = ItemChoice::fewest, Method method = Method::links);

    /// Undoes every force() and reset(), restoring the links as they were built.
    void unforce_all();
    /// The options forced so far, oldest first.
    [[nodiscard]] std::span<const OptionId> forced() const noexcept;

    /// Checks that the links are consistent (every list doubly linked, every node in its item's
    /// list, every length right): empty when they are, otherwise a description of the first
    /// fault. O(nodes). Only reads: the links are consistent as they stand even while a stopped
    /// search's last path is still to be undone.
    [[nodiscard]] std::string check_links() const;
    /// True when both solvers' links are identical, pointer for pointer, as their next searches
    /// will find them: used to verify that a search restored everything. Only reads (where a
    /// stopped search's path is still to be undone, it compares copies with that path undone).
    [[nodiscard]] bool same_links_as(const Solver& other) const;

private:
    friend class Solutions;
    // The links and the dancing cells (these built from the links when a search first asks for
    // them), for a call that searches or changes them: it ends a paused Solutions.
    detail::Links& links() noexcept
    {
        paused_by_ = 0;
        return *links_;
    }
    detail::Cells& cells();

    std::unique_ptr<detail::Links> links_;
    std::unique_ptr<detail::Cells> cells_;
    // The Solutions whose search is paused in these links (its id), or 0.
    std::uint64_t paused_by_ = 0;
};

/// Number of solutions of `problem`, counting at most `limit`.
[[nodiscard]] std::uint64_t count_solutions(const Problem& problem, std::uint64_t limit = no_limit);
/// The first solution of `problem` in Knuth's order, or nothing when there is none.
[[nodiscard]] std::optional<std::vector<OptionId>> first_solution(const Problem& problem);

/// Estimates the search tree of `problem` (see TreeEstimate and Solver::estimate).
[[nodiscard]] TreeEstimate estimate(const Problem& problem, const EstimateOptions& options);
/// The same, the options given one by one.
[[nodiscard]] TreeEstimate estimate(const Problem& problem, std::uint64_t samples,
                                    std::uint64_t seed, ItemChoice choice = ItemChoice::fewest,
                                    Method method = Method::links);

/// Counts solutions with `threads` threads: the top levels of the search tree are expanded once,
/// and their subtrees are shared out dynamically. `solutions`, `nodes` and `updates` equal those
/// of a single-threaded count() with the same options (the item choice included), unless a solution
/// limit stops the search early (then only the solution count, capped at the limit, is exact).
/// With Method::cells the solutions are exact, but nodes and updates are those of each subtree
/// searched from the initial layout with its path committed: without a solution limit, the
/// same from run to run for a given number of threads, whatever their timing, but not one
/// thread's figures (docs/engine.md section 12).
/// `threads == 0` means every core. Problems with multiplicities, and searches with a tracer, a
/// seed or a node limit run on one thread. Should the progress report throw in one thread (or
/// memory run out), every thread ends its subtree at its next checkpoint, all are joined, and
/// the first exception is rethrown.
[[nodiscard]] SearchStats count_parallel(const Problem& problem, unsigned threads,
                                         const SearchOptions& options = {});

} // namespace dlx
