// The dancing links themselves: Knuth's node layout in flat arrays, and the class that owns
// them. Internal to the library; Solver and count_parallel are its public faces.
//
// The class's code is in rooms, one file each:
//   layout.cpp        building: the options kept compactly, the nodes placed, the links laid out
//   dance.hpp         the dance steps: hide, cover, purify, commit and their inverses (inline)
//   choice.hpp        item choice (step X3): fewest options, random ties, singles first (inline)
//   algorithm_x.cpp   every search's entry point, and Algorithm X's loop (X1-X8), also for colours
//   solutions.cpp     Solutions: a search that pauses at each solution (Solver::solutions)
//   algorithm_m.cpp   Algorithm M's loop (M1-M9) and its own steps: tweak, commit with bounds
//   forcing.cpp       options forced before a search: force(), reset(), unforce_all()
//   parallel.cpp      the top of the tree for parallel counting, and count_parallel()
//   estimate.cpp      Knuth's estimate of the tree, from random paths
//   split.cpp         paths of branch numbers: the tree's top cut into jobs, a job's subtree
//   checks.cpp        Knuth's sanity check, and exact comparison of two sets of links
#pragma once

#include <dlx/random.hpp>

#include <dlx/memo.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

// How the dance steps and the item choice are compiled into the search loops. GCC's own choice
// depends on how many callers a step has in its file, so it is made here once and for all:
// hide(), cover(), uncover() and commit() always inline (each out of line cost 1-4% more
// instructions), uncommit(), single_item() and choose_item() never (inlined into the loop they
// cost 2% more on pento6x10: registers run short). docs/benchmarks.md has the measurements.
#if defined(__GNUC__)
#define DLX_ALWAYS_INLINE [[gnu::always_inline]] inline
#define DLX_NEVER_INLINE [[gnu::noinline]] inline
#define DLX_INLINE_LAMBDA __attribute__((always_inline)) // after a lambda's parameter list
#else
#define DLX_ALWAYS_INLINE inline
#define DLX_NEVER_INLINE inline
#define DLX_INLINE_LAMBDA
#endif

namespace dlx::detail {

// Turns run-time flags into template arguments: calls f.template operator()<flags...>(), one
// instantiation per combination, so that a feature not in use costs nothing in a search loop.
template <bool... Fixed, typename F> void with_flags(F&& f) { f.template operator()<Fixed...>(); }

template <bool... Fixed, typename F, typename... More>
void with_flags(F&& f, bool flag, More... more)
{
    if (flag)
        with_flags<Fixed..., true>(f, more...);
    else
        with_flags<Fixed..., false>(f, more...);
}

// The running mean and spread of an estimate's samples (Welford's method: no loss of precision
// when the values are large and close). Used by both methods' estimates (estimate.cpp).
struct Welford {
    std::uint64_t count = 0;
    double mean = 0, squares = 0;

    void add(double value, std::uint64_t times) noexcept
    {
        for (std::uint64_t t = 0; t < times; ++t) {
            ++count;
            const double delta = value - mean;
            mean += delta / static_cast<double>(count);
            squares += delta * (value - mean);
        }
    }
    [[nodiscard]] Estimate estimate() const noexcept
    {
        if (count < 2)
            return {mean, 0};
        const double variance = squares / static_cast<double>(count - 1);
        return {mean, std::sqrt(variance / static_cast<double>(count))};
    }
};

// Both methods' estimates from their running means: `samples` paths were asked for, and fewer
// were walked when the sampling was cancelled (then it is not complete); `made`, the updates
// that the sampling made.
inline TreeEstimate tree_estimate(const Welford& nodes, const Welford& updates,
                                  const Welford& solutions, std::uint64_t samples,
                                  std::uint64_t made) noexcept
{
    return {nodes.estimate(), updates.estimate(),     solutions.estimate(),
            nodes.count,      nodes.count == samples, made};
}

// Whether the caller has asked the search to end (SearchOptions::cancel and the like).
inline bool cancelled(const std::atomic<bool>* cancel) noexcept
{
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}
inline bool cancelled(const SearchOptions& options) noexcept { return cancelled(options.cancel); }

// The end of a search's time (SearchOptions::time_limit), fixed when the search starts.
class Deadline {
public:
    explicit Deadline(const SearchOptions& options) noexcept : Deadline(options.time_limit) {}
    // `limit` from now (no_time_limit: never).
    explicit Deadline(std::chrono::nanoseconds limit) noexcept
    {
        if (limit == no_time_limit)
            return;
        const auto now = std::chrono::steady_clock::now();
        const auto left = std::chrono::steady_clock::time_point::max() - now;
        if (limit < left) { // further off than the clock counts: never
            end_ = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit);
            never_ = false;
        }
    }
    [[nodiscard]] bool passed() const noexcept
    {
        return !never_ && std::chrono::steady_clock::now() >= end_;
    }
    // The time left, as a time limit for a search that starts now.
    [[nodiscard]] std::chrono::nanoseconds left() const noexcept
    {
        if (never_)
            return no_time_limit;
        return std::max(std::chrono::nanoseconds::zero(),
                        std::chrono::duration_cast<std::chrono::nanoseconds>(
                            end_ - std::chrono::steady_clock::now()));
    }

private:
    std::chrono::steady_clock::time_point end_;
    bool never_ = true;
};

// Progress reports, cancelling and the time limit (SearchOptions::progress, ::cancel and
// ::time_limit): the node count at which a search loop next stops to report, or to look at the
// cancel flag and the clock (or the node limit). All of them share one test per node.
inline std::uint64_t next_checkpoint(std::uint64_t nodes, const SearchOptions& options) noexcept
{
    if ((!options.progress && options.cancel == nullptr && options.time_limit == no_time_limit) ||
        options.progress_interval == 0 || options.node_limit - nodes <= options.progress_interval)
        return options.node_limit;
    return nodes + options.progress_interval;
}

// At a checkpoint: the limit that ends the search there, or Stop::none.
inline Stop stop_at(std::uint64_t nodes, const SearchOptions& options,
                    const Deadline& deadline) noexcept
{
    if (nodes == options.node_limit)
        return Stop::node_limit;
    if (cancelled(options))
        return Stop::cancelled;
    if (deadline.passed())
        return Stop::time_limit;
    return Stop::none;
}

// A limit that stops a search before its first node, or Stop::none.
inline Stop stop_before_start(const SearchOptions& options) noexcept
{
    if (options.solution_limit == 0)
        return Stop::solution_limit;
    if (options.node_limit == 0)
        return Stop::node_limit;
    if (options.time_limit <= std::chrono::nanoseconds::zero())
        return Stop::time_limit;
    return Stop::none;
}

// Adds one run of a search loop to `stats`.
inline void add_run(SearchStats& stats, std::uint64_t solutions, std::uint64_t nodes,
                    std::uint64_t updates, std::size_t max_level, Stop stop) noexcept
{
    SearchStats run;
    run.solutions = solutions;
    run.nodes = nodes;
    run.updates = updates;
    run.max_level = max_level;
    run.complete = stop == Stop::none;
    run.stopped = stop;
    stats += run;
}

// A search that pauses at each solution (Solutions, solutions.cpp): its loop's own variables,
// kept from one call of the loop to the next. The levels it has open stay where every stopped
// search leaves them (the links' open_levels_, the cells' stacks); the search resumes where a
// visitor that said "keep going" would have let it go on.
struct Paused {
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t max_level = 0;
    std::size_t level = 0; // the open levels (the cells'; the links count theirs themselves)
    std::uint64_t checkpoint = 0;
    // The search's time left: a time limit counts the time spent searching, not the time the
    // caller spends between two solutions.
    std::chrono::nanoseconds time_left = no_time_limit;
    Random random;
    bool at_solution = false; // false: not started yet

    // Hands the loop's variables back to the loop that resumes.
    void resume(std::uint64_t& nodes_now, std::uint64_t& updates_now, std::uint64_t& solutions_now,
                std::size_t& max_level_now, std::uint64_t& checkpoint_now,
                Random& random_now) const noexcept
    {
        nodes_now = nodes;
        updates_now = updates;
        solutions_now = solutions;
        max_level_now = max_level;
        checkpoint_now = checkpoint;
        random_now = random;
    }
};

// The data, after Knuth's dlx1/dlx2/dlx3 and the field names of TAOCP 7.2.2.1.
//
// Every "pointer" is a 32-bit index, not a C++ pointer: half the size, so twice as many per
// cache line, and a copy of the links is a plain array copy. Node x has four fields, kept in
// four parallel arrays: links_[x] = {ULINK, DLINK} (8 bytes), top_[x] = TOP, color_[x], and
// option_id_[x], the number of the option it belongs to (so that a solution is reported
// without walking to the spacer).
//
//   index x:   0      1 .. n         n+1     option 0     spacer   option 1    spacer
//            +------+--------------+-------+------------+--------+-----------+-------+
//   node     | root | item headers | spacer| x   y   z  | spacer | x   w     | spacer| ...
//            +------+--------------+-------+------------+--------+-----------+-------+
//
// * Headers 1..P are the primary items in item order, P+1..n the secondary ones
//   (header_of_/item_of_ translate). A header's ULINK/DLINK are the ends of its vertical
//   list, and its TOP holds the list's length (Knuth's LEN), plus `inactive` (2^30) while the
//   item is covered: the least TOP among headers 1..P is the active item with fewest options.
// * An option's nodes follow each other left to right, so "the next node of this option" is
//   `x + 1`. TOP is the item's header index (> 0); the colour is 0 when uncoloured, and -1
//   while the item is purified to this node's own colour.
// * A spacer has TOP <= 0: `-(option + 1)` for the option to its left (0 for the first).
//   Its ULINK is the first node of the option to its left and its DLINK the last node of the
//   option to its right, so a walk around an option jumps back to its start in one step.
// * Where something walks it (Algorithm M, problems with many primary items), the active
//   primary items also form Knuth's circular list through `prev_`/`next_`, with the root
//   (index 0) as head.
// * For Algorithm M, BOUND and SLACK per item.
//
// Why parallel arrays and not one 16-byte node: the inner loops write ULINK/DLINK of nodes all
// over the array but read TOP only along the option being hidden. With 8-byte links, twice as
// many of the randomly written nodes stay in cache. Measured on pento6x10.dlx (1.24 billion
// updates), median of four runs side by side: 16-byte nodes 6.3 s, links apart 4.95 s.
// Prefetching the next option in cover/uncover gained nothing measurable and was dropped.
//
// Options without a primary item can never be chosen; like Knuth, we leave them out of the
// lists entirely (so their nodes are never counted as updates). reset() leaves out, in the
// same way, the options that the forced ones rule out: every option keeps its place, and
// layout() links only those that stay.
struct CompactProblem;                       // cells.hpp
struct Signature;                            // signature.hpp
template <typename Store> struct MemoSearch; // memo_store.hpp
struct SetsProblem;                          // memo_store.hpp

struct Link {
    std::int32_t up;
    std::int32_t down;
};

class Links {
public:
    explicit Links(const Problem& problem);

    // Search entry points (Solver and count_parallel). `visit` may be null: then solutions are
    // only counted. A search that runs to the end leaves the links as it found them; one that
    // stops early (a limit, or the visitor), or whose visitor, progress report or tracer
    // throws, leaves the levels it had open for the next call to undo first (see settle()),
    // and every call below that reads the links does so.
    SearchStats search(const Visitor* visit, const SearchOptions& options);
    // Counts the solutions below a path from expand_top() (and leaves it again): the subtree's
    // nodes, updates and solutions, exactly as the whole search counts them there.
    SearchStats search_below(std::span<const std::int32_t> prefix, const Visitor* visit,
                             const SearchOptions& options);
    // The search that pauses at each solution: from the current state when `paused` has not
    // started, else from the solution where it paused. `visit` (a Solutions' own) returns
    // Visit::stop, so that the loop stops at each solution with its levels open; `paused` then
    // keeps the loop's variables. The counts are the whole search's so far.
    SearchStats search_on(const Visitor& visit, const SearchOptions& options, Paused& paused);

    // A memoised count from the current state, as Knuth's DLX6 counts (memo.cpp); and one
    // below a path replayed with `choice` (a job's, split.cpp), which it leaves again.
    MemoStats count_memo(const MemoOptions& options, Zdd* zdd);
    MemoStats count_memo_below_path(std::span<const std::uint32_t> path, ItemChoice choice,
                                    const MemoOptions& options);

    // Knuth's estimate of the tree a search with item choice `choice` would explore from here
    // (estimate.cpp).
    TreeEstimate estimate(std::uint64_t samples, std::uint64_t seed, ItemChoice choice,
                          const std::atomic<bool>* cancel = nullptr);

    // The tree's top cut into jobs (split.cpp), and the search of one job's subtree: the
    // branch numbers of `path` replayed from the current state, then searched below and left.
    Split split(std::size_t jobs, const SplitOptions& options);
    SearchStats search_below_path(std::span<const std::uint32_t> path, const Visitor* visit,
                                  const SearchOptions& options); // visit: null (counting) only

    // Forcing options before a search (Sudoku's givens): one at a time by dancing, or all at
    // once by laying out only the options compatible with them.
    bool force(OptionId option);
    bool reset(std::span<const OptionId> forced);
    void unforce_all();
    [[nodiscard]] const std::vector<OptionId>& forced() const noexcept { return forced_options_; }

    // Knuth's sanity check of the links as they stand: empty, or the first fault found.
    [[nodiscard]] std::string check() const;
    // Whether both links are identical as the next search will find them.
    [[nodiscard]] bool same_as(const Links& other) const;
    [[nodiscard]] bool has_multiplicities() const noexcept { return multiplicities_; }
    // The problem as kept here, from which the dancing-cells method is built (cells.cpp).
    [[nodiscard]] CompactProblem compact() const noexcept;

    // The top of the tree for parallel counting: every path of `depth` choices from the current
    // state (as node indices, `depth` per path, in `prefixes`) and its share of the tree; the
    // nodes, updates and solutions above that depth exactly as a search with `options` counts
    // them (its item choice; no seed, tracer or limit).
    struct Top {
        std::vector<std::int32_t> prefixes;
        std::vector<double> shares;
        SearchStats stats;
    };
    Top expand_top(std::size_t depth, const SearchOptions& options);

private:
    // Undoes the levels a stopped search, or a hook that threw, left open.
    void settle() noexcept;
    template <bool Colors> void undo_open_levels() noexcept;
    void undo_open_levels_m() noexcept;
    // Calls one of the caller's hooks (the visitor, the progress report, a tracer's step) with
    // levels 0 .. open - 1 open: should it throw, they stay open for the next call to undo, as
    // a stopped search leaves them, so that an exception never leaves the links half-danced.
    template <typename Hook> auto hook(std::size_t open, Hook&& call)
    {
        open_levels_ = open;
        if constexpr (std::is_void_v<std::invoke_result_t<Hook&>>) {
            call();
            open_levels_ = 0;
        } else {
            auto result = call();
            open_levels_ = 0;
            return result;
        }
    }

    // The dance steps. `updates` is passed by reference so that the hot loops keep it in a
    // register; each step is small enough to be inlined into the loops.
    // Hint: note in zero_hint_/single_hint_ an item left with no option or one (for
    // ItemChoice::singles_first). Memo: DLX6's steps for a memoised count, which keep the
    // lengths of purified items too (the live options that agree with the colour) and the
    // Signature in signature_ up to date.
    template <bool Colors, bool Hint = false, bool Memo = false>
    void hide(std::int32_t node, std::uint64_t& updates) noexcept;
    template <bool Colors, bool Memo = false> void unhide(std::int32_t node) noexcept;
    template <bool Colors, bool Hint = false, bool Memo = false>
    void cover(std::int32_t item, std::uint64_t& updates) noexcept;
    template <bool Colors, bool Memo = false> void uncover(std::int32_t item) noexcept;
    template <bool Memo = false> void purify(std::int32_t node, std::uint64_t& updates) noexcept;
    template <bool Memo = false> void unpurify(std::int32_t node) noexcept;
    template <bool Colors, bool Hint = false, bool Memo = false>
    void commit(std::int32_t node, std::uint64_t& updates) noexcept;
    template <bool Colors, bool Memo = false> void uncommit(std::int32_t node) noexcept;
    // An item's field of the signature, from its state (Memo steps).
    void refresh(std::int32_t header) noexcept;
    void tweak(std::int32_t node, bool block, std::uint64_t& updates) noexcept;
    void untweak(std::int32_t item, std::int32_t first, bool unblock) noexcept;
    void commit_m(std::int32_t node, std::uint64_t& updates) noexcept;
    void uncommit_m(std::int32_t node) noexcept;
    void deactivate(std::int32_t item) noexcept;
    void reactivate(std::int32_t item) noexcept;

    // Whether a search with `options` takes singles first (and so keeps the hints up to date);
    // Algorithm M has a choice of its own.
    [[nodiscard]] bool uses_hints(const SearchOptions& options) const noexcept
    {
        return options.choice == ItemChoice::singles_first && !multiplicities_ &&
               primary_count_ <= linear_choice_limit;
    }
    template <bool Randomised, bool Hint>
    std::int32_t choose(Random& random, bool random_items) noexcept;
    template <bool Randomised> std::int32_t choose_item(Random& random) noexcept;
    template <bool Randomised> std::int32_t choose_m(Random& random, std::int32_t& score) noexcept;
    void start_hints() noexcept;
    void clear_hints() noexcept;
    std::int32_t least_length(const std::int32_t* top) const noexcept;
    std::int32_t single_item() const noexcept;
    std::int32_t first_at_most(const std::int32_t* top, std::int32_t limit) const noexcept;
    std::int32_t first_of_length(const std::int32_t* top, std::int32_t least) const noexcept;
    std::int32_t nth_of_length(const std::int32_t* top, std::int32_t least, std::int32_t from,
                               std::uint32_t skip) const noexcept;
    // The search loops; with `paused`, a search that pauses at each solution (search_on()).
    template <bool Colors, bool Randomised, bool Traced, bool Hint>
    void run_x(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
               Paused* paused);
    void search_m(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
                  Paused* paused);
    template <bool Randomised, bool Traced>
    void run_m(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
               Paused* paused);
    // The search without its preliminaries (settle(), the hints at the root).
    SearchStats search_here(const Visitor* visit, const SearchOptions& options,
                            Paused* paused = nullptr);
    template <bool Hint>
    void expand_top_from(std::size_t level, std::size_t depth, std::vector<std::int32_t>& path,
                         double share, Top& top);
    template <bool Hint> void enter_prefix(std::span<const std::int32_t> prefix);
    // Knuth's estimate (estimate.cpp): `samples` random paths walked together, each node
    // that several of them pass through entered once.
    // Each stops early once `*cancel` reads true (when not null).
    template <bool Colors, bool Hint>
    std::uint64_t sample_paths(std::uint64_t samples, Random& random, Welford& nodes,
                               Welford& updates, Welford& solutions,
                               const std::atomic<bool>* cancel);
    // Algorithm M's estimate: each path alone, every node's moves made to count them.
    std::uint64_t sample_paths_m(std::uint64_t samples, Random& random, Welford& nodes,
                                 Welford& updates, Welford& solutions,
                                 const std::atomic<bool>* cancel);
    // The estimate's dance steps record their changes in a Trail, undone in one sweep; a path
    // that no other shares below its node is walked to its leaf by walk_alone().
    class Trail;
    template <bool Colors, bool Hint>
    void walk_alone(Trail& trail, Random& random, double weight, double nodes_so_far,
                    double updates_so_far, Welford& nodes, Welford& updates, Welford& solutions,
                    std::uint64_t& made);
    void leave_prefix(std::span<const std::int32_t> prefix);

    // Paths of branch numbers (split.cpp). A level entered on the way down a path: the item
    // branched on, the node of the branch taken (the item itself for Algorithm M's "no further
    // option"), and Algorithm M's first tweaked node.
    struct PathLevel {
        std::int32_t item, node, first_tweak;
    };
    std::vector<PathLevel> path_levels_;
    bool enter_branch(std::uint32_t branch, bool hints);
    bool enter_branch_m(std::uint32_t branch);
    void leave_branch();
    std::size_t enter_path(std::span<const std::uint32_t> path, bool hints);
    void leave_path();
    // The node where the path has led: its own count (one node, its updates, a solution if it
    // is one) and how many branches it has.
    std::uint32_t expand_here(bool hints, SearchStats& stats);
    std::uint32_t expand_here_m(SearchStats& stats);
    // Algorithm M's steps shared by the search of a path and the expansion of a node.
    std::int32_t prepare_m(std::int32_t item, std::uint64_t& updates) noexcept;
    bool possibly_tweak(std::int32_t item, std::int32_t node, std::uint64_t& updates) noexcept;
    void restore_m(std::int32_t item, std::int32_t first_tweak) noexcept;
    void undo_level_m(std::int32_t item, std::int32_t node, std::int32_t first_tweak) noexcept;

    // Reporting.
    [[nodiscard]] OptionId option_of(std::int32_t node) const noexcept
    {
        return option_id_[static_cast<std::size_t>(node)];
    }
    [[nodiscard]] std::int32_t length(std::int32_t item) const noexcept
    {
        return top_[item] & (inactive - 1);
    }
    [[nodiscard]] ItemId item_id(std::int32_t header) const noexcept
    {
        return item_of_[static_cast<std::size_t>(header)];
    }
    void place_nodes();
    void layout();
    bool report(const Visitor* visit, Tracer* tracer, std::span<const OptionId> solution);
    // Knuth's measure of the part of the tree done with `levels` levels open (progress reports).
    template <bool Randomised> double fraction_done(std::size_t levels) const noexcept;
    bool report_solution(const Visitor* visit, Tracer* tracer, std::size_t level);

    static constexpr std::int32_t root = 0; // the head of the active-item list

    std::int32_t node_end_ = 0; // nodes in use: the arrays keep the whole problem's size

    std::vector<Link> links_;         // ULINK and DLINK of every node
    std::vector<std::int32_t> top_;   // TOP: a node's item; a header's length; a spacer's tag
    std::vector<std::int32_t> color_; // a node's colour (Algorithms C and M only)
    std::vector<OptionId> option_id_; // the option of an option's node
    // Added to an item's length while it is inactive (covered, or set aside by Algorithm M), so
    // that a scan for the shortest list passes over it; lengths stay below it (fewer nodes).
    static constexpr std::int32_t inactive = 1 << 30;
    // Up to this many primary items, choose_item() scans the headers instead of the list.
    static constexpr std::int32_t linear_choice_limit = 1024;

    std::vector<std::int32_t> prev_, next_;   // the active-item list, root = 0
    std::vector<std::int32_t> bound_, slack_; // Algorithm M only
    std::int32_t primary_count_ = 0;          // headers 1..primary_count_ are the primary items
    std::vector<std::int32_t> header_of_;     // per ItemId: its header
    std::vector<ItemId> item_of_;             // per header: its ItemId
    // The problem's options, compactly, for layout(): entries of option o are
    // [option_begin_[o], option_begin_[o + 1]) with their headers and colours.
    std::vector<std::uint32_t> option_begin_;
    std::vector<std::int32_t> entry_header_, entry_color_;
    // Per option: how many primary items it has (0: it can never be chosen, and is left out).
    std::vector<std::uint32_t> primaries_;
    // Per header h, its entries in option order: [item_begin_[h], item_begin_[h + 1]) of
    // item_options_ (their options) and item_colors_ (their colours).
    std::vector<std::uint32_t> item_begin_, item_options_;
    std::vector<std::int32_t> item_colors_;
    // layout() leaves out the options with dead_[option] == epoch_ (ruled out by reset()).
    std::vector<std::uint32_t> dead_;
    std::vector<OptionId> live_options_; // layout()'s scratch: the options it lays out
    std::uint32_t epoch_ = 1;
    void next_epoch();
    std::vector<std::int32_t> option_first_; // first node of each option, -1 if left out
    bool colors_ = false;
    bool keep_list_ = true;        // whether prev_/next_ follow the active items (see deactivate())
    std::int32_t zero_hint_ = 0;   // an item the last commit left with length 0, or root
    std::int32_t single_hint_ = 0; // ... with length 1, or root
    bool multiplicities_ = false;

    // Per-level state of the search, kept here so that a search allocates nothing per node.
    std::vector<std::int32_t> choice_;   // node tried at each level (a header: none yet)
    std::vector<std::int32_t> item_at_;  // item chosen at each level
    std::vector<std::int32_t> tweak_at_; // Algorithm M: first node tweaked at each level
    std::vector<std::int32_t> order_;    // randomised option order, level after level
    std::vector<std::uint32_t> order_begin_, order_next_;
    std::vector<OptionId> solution_;
    std::vector<OptionId> level_option_; // Algorithm X: the option tried at each level
    std::size_t open_levels_ = 0;        // levels of choice_/item_at_ a stopped search left

    // Forced options (Solver::force) and what they did to each item: 0 free, -1 covered,
    // c > 0 purified with colour c.
    std::vector<OptionId> forced_options_;
    std::vector<std::int32_t> forced_anchors_; // the primary node each forced option went in by
    std::vector<std::int32_t> forced_state_;
    bool laid_out_forced_ = false; // the links were laid out by reset() with options forced

    // The signature that the Memo dance steps keep, during a memoised count (memo.cpp): its
    // layout for this problem, and start_signature() to keep `signature` from the current state.
    Signature* signature_ = nullptr;
    [[nodiscard]] Signature make_signature() const;
    void start_signature(Signature& signature) noexcept;
    // DLX6's item choice: the one with fewest options (leftmost on ties), or the leftmost.
    template <bool Leftmost> DLX_ALWAYS_INLINE std::int32_t memo_choice() noexcept
    {
        if constexpr (Leftmost) {
            const std::int32_t item = first_at_most(top_.data(), 0);
            return item != root ? item : first_at_most(top_.data(), inactive - 1);
        } else {
            Random unused;
            return choose_item<false>(unused);
        }
    }
    template <bool Colors, bool Leftmost, typename Store> void run_memo(MemoSearch<Store>& search);
    // The count over sets (memo_sets.cpp): whether the problem fits it (primary items only, at
    // most 256, no colours or multiplicities), the sets where the links stand, and the count.
    [[nodiscard]] bool sets_fit() const noexcept;
    [[nodiscard]] SetsProblem sets_now() const;
    MemoStats count_memo_sets(SetsProblem problem, const MemoOptions& options, Zdd* zdd);
    MemoStats count_memo_sets_threads(SetsProblem problem, const MemoOptions& options,
                                      unsigned threads, Zdd* zdd);
    // The count on several threads that share one cache (memo_threads.cpp).
    MemoStats count_memo_threads(const MemoOptions& options, unsigned threads, Zdd* zdd);
    template <bool Colors, bool Leftmost>
    MemoStats count_memo_threads_with(const MemoOptions& options, unsigned threads, Zdd* zdd);
    struct MemoTop;
    template <bool Colors, bool Leftmost>
    void expand_memo_top(std::size_t level, std::size_t depth, double share, MemoTop& top);
};

} // namespace dlx::detail
