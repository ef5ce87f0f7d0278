// Dancing cells: the second search method (SearchOptions::method = Method::cells), after Knuth's
// SSXCC (December 2023), which keeps each item's options in a sparse set (Briggs and Torczon)
// instead of a doubly linked list, with Christine Solnon's ideas: the lengths saved on a stack
// and restored wholesale, forced moves, and purification as a kind of covering. Internal to the
// library; Solver and count_parallel choose it when asked.
//
// The data. Each item owns a stretch of one integer array, `set_`: three header words, then
// the nodes of its options, the live ones first:
//
//   set_:  ... | id  pos  len | n0  n1  n2  n3  n4 | id  pos  len | n0 ...
//                            ^ x: the item's index   ^ x + len: the first hidden option
//
//   set_[x - 3]  the item's ItemId (for traces and reports)
//   set_[x - 2]  pos: where x stands in `item_`, the array of items
//   set_[x - 1]  len: how many of x's options are live (Knuth's "size"; our "length")
//   set_[x + k]  for k < len, a node of a live option of x
//
// The primary items' stretches come first, in item order, so "x is primary" is x < second_,
// and x's order among the items is the order of the indices. `item_` holds every item, the
// active ones (primary or secondary) in positions 0 .. active_ - 1; an item leaves by swapping
// places with the last active one. Each node has two fields: `item`, its item's index x, and
// `loc`, its position in set_, so that set_[node.loc] == node and item_[set_[x - 2]] == x.
// Options lie in `node_` one after the other as in the links, between spacers: a spacer's
// `item` is minus the length of the option on its left, its `loc` the length of the option on
// its right, so that a walk around an option jumps back to its start.
//
//   node_:  spacer | x:a   x:b   x:c | spacer | x:a   x:d | spacer | ...
//                    loc   loc   loc            loc   loc
//
// Hiding an option swaps each of its other nodes with the last live node of its item's set and
// shortens that set by one: no list is walked and nothing needs undoing node by node. Before
// it branches, a level saves the lengths of the active items on a stack (`saved_`); trying its
// next option starts by putting them back, which brings back every hidden node at once, in
// whatever order the swaps left them: that order, and the order of `item_`, steer later ties
// and forced moves, which is why the tree differs from the links' (and SSXCC's nodes count
// the nodes that it enters: a forced move is one, an option found to leave some item without
// options is none).
//
// Every search starts from the state the constructor laid out (the arrays are copied back when
// a search has run), then commits the Solver's forced options: so a search depends only on its
// options, not on what the Solver searched before.
#pragma once

#include <dlx/random.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace dlx::detail {

struct Paused;
struct Welford;

// The problem as the links keep it (links.hpp): dancing cells are built from it, so that a
// Solver need not keep its Problem.
struct CompactProblem {
    std::int32_t primary_count = 0;              // headers 1 .. primary_count are primary
    std::span<const ItemId> item_of;             // per header (1-based): its ItemId
    std::span<const std::uint32_t> option_begin; // entries of option o: [begin[o], begin[o + 1])
    std::span<const std::int32_t> entry_header, entry_color;
    std::span<const std::uint32_t> primaries; // per option: how many primary items it has
};

class Cells {
public:
    explicit Cells(const CompactProblem& problem);

    // A search from the initial state with `forced` committed first (they are consistent:
    // Links::force checked them). `visit` null: count only.
    SearchStats search(const Visitor* visit, const SearchOptions& options,
                       std::span<const OptionId> forced = {});
    // The search that pauses at each solution (Links::search_on() says how): it starts as
    // search() does, and resumes where it paused. Any other search of these cells in between
    // lays them out afresh: the caller makes sure there was none.
    SearchStats search_on(const Visitor& visit, const SearchOptions& options,
                          std::span<const OptionId> forced, Paused& paused);

    // The top of the tree for count_parallel: every path of `depth` choices (its nodes, `depth`
    // per path), its share of the tree, and the counters above that depth.
    struct Top {
        std::size_t depth = 0;
        std::vector<std::int32_t> prefixes;
        std::vector<double> shares;
        SearchStats stats;
    };
    Top expand_top(std::size_t depth, const SearchOptions& options,
                   std::span<const OptionId> forced = {});
    // Searches the subtree below one path of expand_top(), from the initial state with the
    // path's options committed: the same subtree whichever thread searches it, whenever.
    SearchStats search_below(std::span<const std::int32_t> prefix, const Visitor* visit,
                             const SearchOptions& options, std::span<const OptionId> forced = {});

    // Paths of branch numbers (split.hpp). A level's branch is the place of the option taken in
    // the set of the item that the search branches on there, and a path is replayed from the
    // initial layout with `forced` committed, so that it reaches the same state wherever and
    // whenever it is replayed. A branch whose option leaves some item without options is no
    // node of the tree (SSXCC counts none), so no path goes through it.

    // The subtree below `path`, counted as a search from there counts it. Throws
    // std::invalid_argument when `path` is not a path of the tree.
    SearchStats search_below_path(std::span<const std::uint32_t> path, const SearchOptions& options,
                                  std::span<const OptionId> forced = {});
    // The top of the tree cut into jobs (split.cpp).
    Split split(std::size_t jobs, const SplitOptions& options);
    // Knuth's estimate from `samples` random paths (estimate.cpp), each walked from the root
    // (the initial layout with `forced` committed) as the search would walk it.
    TreeEstimate estimate(std::uint64_t samples, std::uint64_t seed,
                          std::span<const OptionId> forced = {},
                          const std::atomic<bool>* cancel = nullptr);

private:
    struct Node {
        std::int32_t item; // the item's index x in set_; a spacer: minus the option's length
        std::int32_t loc;  // where the node is in set_; a spacer: the next option's length
    };
    struct Saved {
        std::int32_t item, length;
    };

    // The dance steps. `updates` counts as SSXCC counts: one per node hidden, one per item
    // made inactive.
    void deactivate(std::int32_t item, std::int32_t& active, std::uint64_t& updates) noexcept;
    template <bool Colors, bool Check>
    bool hide(std::int32_t item, std::int32_t color, std::uint64_t& updates) noexcept;
    template <bool Colors> bool commit(std::int32_t node, std::uint64_t& updates) noexcept;
    template <bool Colors> void branch_on(std::int32_t item, std::uint64_t& updates) noexcept;
    bool take(std::int32_t node) noexcept;
    template <bool RandomTies> std::int32_t choose(Random& random) noexcept;
    template <bool RandomTies> std::int32_t pick(Random& random, bool& forced_move) noexcept;
    void shuffle_options(std::int32_t item, Random& random) noexcept;
    std::uint32_t save_lengths(std::uint32_t top);
    void restore_lengths(std::uint32_t from, std::uint32_t to) noexcept;

    template <bool Colors, bool Randomised, bool Traced>
    void run(const Visitor* visit, const SearchOptions& options, SearchStats& stats, Top* top,
             Paused* paused);
    // Back to the initial layout, then the forced options committed; false when they leave a
    // primary item without options (no search then).
    bool start(std::span<const OptionId> forced);
    void search_here(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
                     Top* top, Paused* paused = nullptr);
    [[nodiscard]] double fraction_done(std::size_t levels) const noexcept;

    // The root of the tree: start(), and no active primary item without options (a search
    // would enter no node otherwise). Then enter_path() replays a path from it, returning the
    // levels entered (all, or the first level without the branch, the state then undefined).
    bool enter_root(std::span<const OptionId> forced);
    // An active primary item without options: no solution below.
    [[nodiscard]] bool stuck() const noexcept;
    std::size_t enter_path(std::span<const std::uint32_t> path);
    bool enter_branch(std::uint32_t branch);
    // The node where a path has led, counted as run() counts it (the node, its item leaving,
    // the commit of each option); returns the branches that lead to a node.
    std::vector<std::uint32_t> expand_here(SearchStats& stats);
    // The estimate's paths from the current state, which each path puts back (the lengths and
    // the force stack), until `*cancel` reads true (when not null); returns the updates the
    // paths made.
    std::uint64_t sample_paths(std::uint64_t samples, Random& random, Welford& nodes,
                               Welford& updates, Welford& solutions,
                               const std::atomic<bool>* cancel = nullptr);

    [[nodiscard]] std::int32_t length(std::int32_t item) const noexcept
    {
        return set_[static_cast<std::size_t>(item - 1)];
    }
    [[nodiscard]] std::int32_t position(std::int32_t item) const noexcept
    {
        return set_[static_cast<std::size_t>(item - 2)];
    }
    [[nodiscard]] ItemId item_id(std::int32_t item) const noexcept
    {
        return static_cast<ItemId>(set_[static_cast<std::size_t>(item - 3)]);
    }
    [[nodiscard]] OptionId option_of(std::int32_t node) const noexcept
    {
        return option_id_[static_cast<std::size_t>(node)];
    }

    bool colors_ = false;      // some option gives an item a colour
    std::int32_t second_ = 0;  // set_ indices below it are primary items
    std::int32_t active_ = 0;  // items item_[0 .. active_) are active
    std::int32_t oactive_ = 0; // active_ before the current option's items left
    std::vector<Node> node_;
    std::vector<std::int32_t> color_; // a node's colour, 0 for none
    std::vector<std::int32_t> set_;
    std::vector<std::int32_t> item_;
    std::vector<OptionId> option_id_;          // per node: its option
    std::vector<std::int32_t> option_primary_; // per option: its first primary node, or -1
    // The initial state, copied back before a search when `dirty_`.
    std::vector<Node> initial_node_;
    std::vector<std::int32_t> initial_set_, initial_item_;
    std::int32_t initial_active_ = 0;
    bool dirty_ = false;

    // The search's stacks, kept here so that a search allocates nothing per node.
    std::vector<std::int32_t> force_; // items with one option left: forced moves to make
    std::int32_t forced_ = 0;         // entries of force_ in use
    std::vector<Saved> saved_;        // the lengths saved by the levels that branch
    std::vector<std::uint32_t>
        saved_at_;                     // level l's saved lengths: [saved_at_[l], saved_at_[l + 1])
    std::vector<std::int32_t> choice_; // the node tried at each level
    std::vector<OptionId> level_option_; // its option, when solutions are reported
};

} // namespace dlx::detail
