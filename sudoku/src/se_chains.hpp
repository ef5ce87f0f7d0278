// SE's chaining engine (se_chains.cpp, se_chain_links.hpp, se_chain_reach.cpp,
// se_chain_multiple.cpp, se_chain_hints.cpp, se_chain_nested.cpp), private: potentials ("this cell
// has / has not this digit") that remember the potentials they follow from, the sets and queues SE
// propagates them with, and the searches: forcing chains and cycles (static, one assumption),
// Nishio, multiple and dynamic forcing chains, and the nested levels, where other techniques (and
// chains) rule candidates out inside a chain.
//
// SE's results depend on the order things are found in: its sets keep their insertion order,
// its queues are first in first out, an "on" potential waiting is always taken before an
// "off" one, and its hints are sorted by (difficulty, complexity, kind) with a stable sort.
// The complexity (the number of distinct potentials a conclusion follows from, and at the
// nested levels the complexity of each distinct chain nested in it) sets the length bonus of
// the rating. All of that is kept here exactly.
#pragma once

#include "se_techniques.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::se::chains {

/// A potential's key: (cell, digit, on) as one number below key_count.
constexpr int potential_key(int cell, int digit, bool on)
{
    return (cell * 9 + digit - 1) * 2 + (on ? 1 : 0);
}
inline constexpr int key_count = 81 * 9 * 2;

/// A set of potentials' keys, as bits.
struct KeyBits {
    std::array<std::uint64_t, (key_count + 63) / 64> words{};

    void add(int key)
    {
        words[static_cast<std::size_t>(key / 64)] |= std::uint64_t{1} << (key % 64);
    }
    [[nodiscard]] bool has(int key) const
    {
        return (words[static_cast<std::size_t>(key / 64)] >> (key % 64) & 1) != 0;
    }
    KeyBits& operator&=(const KeyBits& other)
    {
        for (std::size_t w = 0; w < words.size(); ++w)
            words[w] &= other.words[w];
        return *this;
    }
};

/// Why a potential follows from its parents (SE's Potential.Cause; assumption: none).
enum class Cause : std::uint8_t {
    assumption,
    naked_single,  ///< the cell's last candidate, or the cell holds only one digit
    hidden_box,    ///< the digit's last place in a box, or a digit appears once in a box
    hidden_row,    ///< ... in a row
    hidden_column, ///< ... in a column
    advanced,      ///< ruled out by another technique (nested chains)
};

/// A cause of a region type (box, row, column).
constexpr Cause region_cause(int type)
{
    return type == box ? Cause::hidden_box : type == row ? Cause::hidden_row : Cause::hidden_column;
}
/// The region type of a hidden single's cause; -1 for any other cause.
constexpr int region_type_of(Cause cause)
{
    return cause == Cause::hidden_box      ? box
           : cause == Cause::hidden_row    ? row
           : cause == Cause::hidden_column ? column
                                           : -1;
}

struct Potential {
    std::int8_t cell = 0;
    std::int8_t digit = 0;
    bool on = false;
    Cause cause = Cause::assumption;
    std::int16_t key_ = 0; ///< potential_key(cell, digit, on)
    std::int16_t parent_count = 0;
    int parent = -1;      ///< the first parent (-1: an assumption)
    int more_parents = 0; ///< where its other parents start in the store's parent list
    int nested = -1;      ///< for an advanced potential found by a chain: that chain (see Chaining)
    /// the links on its longest path of parents to its assumption; the keys on such a path
    /// are distinct (a search holds one potential per key, its parents all made before it),
    /// so it has depth + 1 ancestors at least
    int depth = 0;
    std::uint64_t path = 0; ///< the keys on its first-parent path, hashed to a bit each

    [[nodiscard]] int key() const { return key_; }
};

/// All potentials of one search, by number; parents are numbers too. A potential's parents
/// are given when it is made (add_parent only to the last one made), so those after the first
/// lie together.
class PotentialStore {
public:
    int make(int cell, int digit, bool on, Cause cause, int parent = -1)
    {
        if (size_ == nodes_.size())
            nodes_.resize(nodes_.size() * 2 + 256);
        Potential& p = nodes_[size_];
        p.cell = static_cast<std::int8_t>(cell);
        p.digit = static_cast<std::int8_t>(digit);
        p.on = on;
        p.cause = cause;
        p.key_ = static_cast<std::int16_t>(potential_key(cell, digit, on));
        p.more_parents = static_cast<int>(more_parents_.size());
        p.nested = -1;
        if (parent >= 0) {
            const Potential& first = nodes_[static_cast<std::size_t>(parent)];
            p.parent_count = 1;
            p.parent = parent;
            p.path = first.path | path_bit(first.key_);
            p.depth = first.depth + 1;
        } else {
            p.parent_count = 0;
            p.parent = -1;
            p.path = 0;
            p.depth = 0;
        }
        return static_cast<int>(size_++);
    }
    void add_parent(int node, int parent)
    {
        Potential& p = nodes_[static_cast<std::size_t>(node)];
        if (p.parent_count++ > 0) {
            more_parents_.push_back(parent);
            p.depth = std::max(p.depth, nodes_[static_cast<std::size_t>(parent)].depth + 1);
            return;
        }
        const Potential& first = nodes_[static_cast<std::size_t>(parent)];
        p.parent = parent;
        p.path = first.path | path_bit(first.key_);
        p.depth = first.depth + 1;
    }
    void set_nested(int node, int nested)
    {
        nodes_[static_cast<std::size_t>(node)].nested = nested;
    }
    void clear();

    [[nodiscard]] const Potential& operator[](int node) const
    {
        return nodes_[static_cast<std::size_t>(node)];
    }
    [[nodiscard]] int parent(int node, int k) const
    {
        const Potential& p = (*this)[node];
        return k == 0 ? p.parent : more_parents_[static_cast<std::size_t>(p.more_parents + k - 1)];
    }
    /// The first parent, or -1 for an assumption.
    [[nodiscard]] int first_parent(int node) const { return (*this)[node].parent; }
    /// Whether a potential of key `key` is on the first-parent path above `node`.
    [[nodiscard]] bool has_ancestor(int node, int key) const
    {
        const Potential& from = nodes_[static_cast<std::size_t>(node)];
        return (from.path & path_bit(key)) != 0 && path_has(from.parent, key);
    }
    /// Calls `visit(p)` for `node` and each potential it follows from, in SE's order (level by
    /// level, parents in order, each key once: the first potential met of that key); returns
    /// how many (the ancestor count).
    template <typename Visit> int walk(int node, const Visit& visit) const;

private:
    static std::uint64_t path_bit(int key)
    {
        return std::uint64_t{1} << (static_cast<std::uint32_t>(key) * 2654435761u >> 26);
    }
    [[nodiscard]] bool path_has(int node, int key) const;

    std::vector<Potential> nodes_; ///< (the first size_ are made)
    std::size_t size_ = 0;
    std::vector<int> more_parents_;
    mutable std::vector<std::uint32_t> seen_ = std::vector<std::uint32_t>(key_count, 0);
    mutable std::uint32_t epoch_ = 0;
    mutable std::vector<int> todo_, next_;
};

template <typename Visit> int PotentialStore::walk(int node, const Visit& visit) const
{
    if (++epoch_ == 0) {
        std::fill(seen_.begin(), seen_.end(), 0);
        epoch_ = 1;
    }
    int count = 0;
    todo_.assign(1, node);
    while (!todo_.empty()) {
        next_.clear();
        for (const int p : todo_) {
            auto& seen = seen_[static_cast<std::size_t>((*this)[p].key())];
            if (seen == epoch_)
                continue;
            seen = epoch_;
            ++count;
            visit(p);
            for (int k = 0; k < (*this)[p].parent_count; ++k)
                next_.push_back(parent(p, k));
        }
        todo_.swap(next_);
    }
    return count;
}

/// SE's LinkedSet of potentials as its searches use it: a set by key that iterates in
/// insertion order. (SE's get() gives the potential added last for a key; its searches add a
/// key only where the set has none, so each key here has one potential.)
class PotentialSet {
public:
    PotentialSet() : node_(key_count, -1) {}

    [[nodiscard]] bool contains(int key) const { return node_[static_cast<std::size_t>(key)] >= 0; }
    /// The potential of `key`, or -1.
    [[nodiscard]] int get(int key) const { return node_[static_cast<std::size_t>(key)]; }
    /// Adds a potential of a key the set does not hold.
    void add(int key, int node)
    {
        assert(!contains(key));
        node_[static_cast<std::size_t>(key)] = node;
        order_.push_back(key);
    }
    void add(const PotentialStore& store, int node) { add(store[node].key(), node); }
    void clear();
    /// The keys in insertion order.
    [[nodiscard]] const std::vector<int>& keys() const { return order_; }
    /// The potentials in insertion order.
    void nodes(std::vector<int>& out) const;

private:
    std::vector<int> node_; ///< [key]
    std::vector<int> order_;
};

/// Each cell's regions as the engine numbers them (type * 9 + region, as in ChainGrid::places)
/// and the positions in them of the other cells: every other one, and those outside the cell's
/// box (the box's own: every other one).
struct CellUnits {
    std::array<std::uint8_t, 3> unit;     ///< [type]
    std::array<std::uint16_t, 3> others;  ///< [type]
    std::array<std::uint16_t, 3> outside; ///< [type]
};
inline constexpr auto cell_units = [] {
    std::array<CellUnits, 81> all{};
    for (int cell = 0; cell < 81; ++cell)
        for (const int type : {box, row, column}) {
            const int region = region_of(type, cell);
            auto& units = all[static_cast<std::size_t>(cell)];
            units.unit[static_cast<std::size_t>(type)] =
                static_cast<std::uint8_t>(type * 9 + region);
            for (int p = 0; p < 9; ++p) {
                const int other = cell_at(type, region, p);
                if (other == cell)
                    continue;
                units.others[static_cast<std::size_t>(type)] |= static_cast<std::uint16_t>(1u << p);
                if (type == box || region_of(box, other) != region_of(box, cell))
                    units.outside[static_cast<std::size_t>(type)] |=
                        static_cast<std::uint16_t>(1u << p);
            }
        }
    return all;
}();
/// The cell at `position` of the region numbered `unit` (type * 9 + region).
constexpr int unit_cell(int unit, int position) { return geometry.cell[9 * unit + position]; }

/// The candidates as the engine reads and (dynamic chains) changes them, with each region's
/// places for each digit kept alongside.
struct ChainGrid {
    std::array<std::uint16_t, 81> candidates{};            ///< bit d - 1 for digit d
    std::array<std::array<std::uint16_t, 27>, 9> places{}; ///< [digit - 1][type * 9 + region]
    // (what no chain changes, for the techniques nested in chains)
    std::array<std::uint8_t, 27> empty_cells{}; ///< [type * 9 + region]: cells with no digit
    std::array<std::uint8_t, 10> placed{};      ///< [digit]: times placed

    explicit ChainGrid(const SeTechniques& state);
    ChainGrid() = default;

    [[nodiscard]] bool has(int cell, int digit) const
    {
        return (candidates[cell] >> (digit - 1) & 1) != 0;
    }
    [[nodiscard]] unsigned positions(int type, int region, int digit) const
    {
        return places[digit - 1][type * 9 + region];
    }
    void remove(int cell, int digit)
    {
        candidates[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~bit(digit));
        auto& of_digit = places[static_cast<std::size_t>(digit - 1)];
        const CellUnits& units = cell_units[static_cast<std::size_t>(cell)];
        for (std::size_t t = 0; t < 3; ++t)
            of_digit[units.unit[t]] &= units.others[t];
    }
    /// [digit - 1]: the cells with that candidate.
    [[nodiscard]] std::array<Cells, 9> cells_by_digit() const;
};

/// An "on" potential of a chain with why it holds, where the chain is nested in another: the
/// candidates its cause needed ruled out are the nested chain's parents (SE's getRuleParents).
struct RuleOn {
    std::int8_t cell, digit;
    Cause cause; ///< naked_single or hidden_*
};

/// A hint of the chaining engine, with what SE sorts it by.
struct ChainHint {
    enum Kind : std::uint8_t { forcing_chain, cycle, binary, cell_reduction, region_reduction };
    Kind kind = forcing_chain;
    double difficulty = 0;
    int complexity = 0;
    int sort_key = 0;
    std::vector<std::pair<int, std::uint16_t>> removed; ///< by cell
    int cell = -1, digit = 0;                           ///< the placement, when it places
    std::string name;
    std::vector<int> cells;    ///< the chain's cells, in order
    std::vector<SeLink> links; ///< the chains' links, for a hint (none for a nested hint)
    // For a hint nested in another chain (Chaining::nesting):
    std::vector<std::int8_t> removal_order;   ///< the cells SE inserted its removals in, if not one
    std::vector<RuleOn> rule_ons;             ///< the chains' "on" potentials, in SE's order
    std::array<std::uint64_t, 2> signature{}; ///< its chains' potentials (SE's FullChain)

    /// SE's equality of chaining hints: the same candidates removed.
    [[nodiscard]] bool same_removals(const ChainHint& other) const
    {
        return removed == other.removed;
    }
};

/// Adds a number to a signature (two hashes of a sequence; -1 separates chains).
inline void add_to_signature(std::array<std::uint64_t, 2>& signature, int value)
{
    const auto v = static_cast<std::uint64_t>(static_cast<std::int64_t>(value) + 2);
    signature[0] = (signature[0] ^ v) * 0x100000001b3ull;
    signature[1] = signature[1] * 0x9e3779b97f4a7c15ull + v * 0xc2b2ae3d27d4eb4full;
}

/// The rating added for a chain's complexity: 0.1 for each threshold passed, the thresholds
/// 4, 6, 8, 12, 16, 24, ... on complexity - 2 (summed as SE sums it, in doubles).
double length_bonus(int complexity);

/// What the static implications with both kinds of links (X and Y) allow on a grid
/// (se_chain_reach.cpp): every static search follows some of them, so where they have no path,
/// no search finds one. Made once per grid and shared by the engines that search it.
class ChainReach {
public:
    /// The reach on `grid`: the last one made on this thread if its candidates are the same.
    static std::shared_ptr<const ChainReach> of(const ChainGrid& grid);

    /// Whether a forcing chain can lead from the candidate "on" to "off".
    [[nodiscard]] bool on_to_off(int cell, int digit) const { return (ends(cell, digit) & 1) != 0; }
    /// Whether a forcing chain can lead from the candidate "off" to "on".
    [[nodiscard]] bool off_to_on(int cell, int digit) const { return (ends(cell, digit) & 2) != 0; }
    /// Whether a cycle that removes anything can pass through the candidate "on": another "on"
    /// potential lies in its strongly connected component, and a candidate sees an "on" and an
    /// "off" potential of its own digit there.
    [[nodiscard]] bool cycle(int cell, int digit) const { return (ends(cell, digit) & 4) != 0; }
    /// Whether some potential is one of these or follows from each of them (keys "on" or
    /// "off"; each key reaches itself).
    [[nodiscard]] bool common(const int* keys, int count) const;

private:
    explicit ChainReach(const ChainGrid& grid);
    [[nodiscard]] unsigned ends(int cell, int digit) const
    {
        return ends_[static_cast<std::size_t>(cell * 9 + digit - 1)];
    }

    static constexpr std::size_t max_words = (key_count + 63) / 64;
    std::size_t words_ = 0; ///< the words of a component's reach (nodes / 64, rounded up)
    std::array<std::uint16_t, 81> candidates_{};
    std::array<std::uint8_t, 81 * 9> ends_{};         ///< bits: on_to_off, off_to_on, cycle
    std::array<std::int16_t, key_count> component_{}; ///< each key's strongly connected component
    /// what each component reaches: [component * words_ + word], bit c for component c
    std::vector<std::uint64_t> reach_;
};

/// The shortest static forcing chains on a grid (se_chain_reach.cpp): the search for forcing
/// chains goes level by level on the same implications, so the chain it finds is one of them.
class ShortestChains {
public:
    explicit ShortestChains(const ChainGrid& grid);
    ShortestChains() = default;

    /// The links of the shortest chain from the candidate assumed "on" (`on`) or "off" to its
    /// negation, with X links and, with `y_links`, Y links too; -1 where it has more than
    /// `most` links or there is none.
    [[nodiscard]] int links(int cell, int digit, bool on, bool y_links, int most) const;

private:
    std::array<Cells, 9> with_digit_{}; ///< [digit - 1]
    /// [digit - 1][cell]: the other place of the digit in each region of two places
    std::array<std::array<Cells, 81>, 9> conjugates_{};
    Cells pairs_; ///< the cells of two candidates
};

/// SE's Chaining producer with its flags: multiple (cell and region forcing chains), dynamic,
/// Nishio, and the nesting level. (false, false, false, 0) finds forcing chains and cycles.
class Chaining {
public:
    /// `nesting_limit`: at level 4, the level of the dynamic chains nested; `nesting`: the
    /// hints are for another chain (they then keep what SE's nested chains need).
    Chaining(bool multiple, bool dynamic, bool nishio, int level, int nesting_limit = 0,
             bool nesting = false)
        : multiple_(multiple), dynamic_(dynamic), nishio_(nishio), nesting_(nesting), level_(level),
          nesting_limit_(nesting_limit)
    {
    }

    /// All hints on `grid`, sorted as SE sorts them, those with the same removals as an
    /// earlier one dropped.
    [[nodiscard]] std::vector<ChainHint> hints(const ChainGrid& grid);
    /// The same, kept for the next call on the same grid (SE keeps its last hints).
    const std::vector<ChainHint>& cached_hints(const ChainGrid& grid);

private:
    /// An implied potential, before it is made (most implied ones are known already).
    struct Implied {
        std::int8_t cell, digit;
        Cause cause;
        std::int8_t region_type; ///< for hidden parents: the region of a hidden single
    };
    /// A contradiction: a potential found both "on" and "off" (no contradiction: -1).
    struct Absurd {
        int on = -1, off = -1;
    };

    // What a potential "on" (each_off_implied) or "off" (each_on_implied) implies on grid_, as
    // SE links potentials (se_chain_links.hpp): visit(implied) for each, in SE's order, until
    // it returns false (and then false).
    template <typename Visit>
    bool each_off_implied(int cell, int digit, bool y_links, const Visit& visit) const;
    template <typename Visit>
    bool each_on_implied(int cell, int digit, bool y_links, bool x_links, const Visit& visit) const;
    /// The implications of a potential (by key) in a search that does not change the grid
    /// (forcing chains and cycles), found once per kind of links: where they start in
    /// implied_ (an index: finding more moves them), and their count.
    std::size_t implications(int key, bool y_links, bool x_links, int& count)
    {
        count = implication_count(key, y_links, x_links);
        return static_cast<std::size_t>(implied_start_[static_cast<std::size_t>(key)]);
    }
    int implication_count(int key, bool y_links, bool x_links)
    {
        if (implied_count_[static_cast<std::size_t>(key)] < 0)
            find_implications(key, y_links, x_links);
        return implied_count_[static_cast<std::size_t>(key)];
    }
    void find_implications(int key, bool y_links, bool x_links);
    int make_on(const Implied& implied, int parent, const PotentialSet& offs);
    /// Calls `visit(cell, digit)` for each candidate the search has ruled out since its source
    /// grid that makes (cell, digit) hold: the cell's other candidates (`region_type` -1, a
    /// naked single) or the digit's other places in its region of that type (a hidden single).
    template <typename Visit>
    void each_ruled_out(int cell, int digit, int region_type, const Visit& visit) const
    {
        if (region_type < 0) {
            for (unsigned m = source_.candidates[static_cast<std::size_t>(cell)] &
                              ~grid_.candidates[static_cast<std::size_t>(cell)];
                 m != 0; m &= m - 1)
                visit(cell, std::countr_zero(m) + 1);
            return;
        }
        const int region = region_of(region_type, cell);
        for (unsigned m = source_.positions(region_type, region, digit) &
                          ~grid_.positions(region_type, region, digit);
             m != 0; m &= m - 1)
            visit(cell_at(region_type, region, std::countr_zero(m)), digit);
    }

    // Forcing chains and cycles (se_chains.cpp).
    void loop_hints(bool y_links, bool x_links, std::vector<ChainHint>& out);
    void unary_chaining(int cell, int digit, bool y_links, bool x_links,
                        std::vector<ChainHint>& out);
    void do_cycles(PotentialSet& to_on, bool y_links, bool x_links, int source_key,
                   std::vector<ChainHint>& out);
    void do_forcing_chains(PotentialSet& to_on, PotentialSet& to_off, bool y_links, int source_key);

    // Multiple, dynamic and Nishio chains (se_chain_multiple.cpp).
    Absurd do_chaining(PotentialSet& to_on, PotentialSet& to_off);
    struct Followed;
    /// A digit of a cell assumed "on", followed to its end (or its contradiction). SE follows
    /// the same assumption again for each region it is a place of (but the first); here it is
    /// followed once per grid (not for Nishio, which follows each once) and read where it was
    /// kept.
    const Followed& followed(int cell, int digit);
    /// The potential of `key` that `followed` found (it must have found one).
    [[nodiscard]] int found_node(const Followed& followed, int key) const;
    /// The cell or region forcing chains: what follows from every branch (`outcomes`, the
    /// first the cell's own), in the order the first one found it.
    void common_reductions(const Followed* const* outcomes, int count, ChainHint::Kind kind,
                           Cause cause, std::vector<ChainHint>& out);
    void cell_chainings(int cell, std::vector<ChainHint>& out);
    [[nodiscard]] bool multiple_reductions(int cell) const;
    /// Of a digit's places, those where Nishio's search from the digit assumed in or out may
    /// meet a contradiction (none elsewhere).
    static Cells nishio_assumptions(Cells places);
    void binary_chaining(int cell, int digit, bool reductions, bool contradictions,
                         std::vector<ChainHint>& out);
    void region_chainings(int cell, int digit, std::vector<ChainHint>& out);

    // Nested levels (se_chain_nested.cpp).
    /// A chain nested in this one's chains: its complexity, and what tells it from others.
    struct NestedChain {
        int complexity;
        std::array<std::uint64_t, 2> signature;
    };
    bool add_advanced_potentials(PotentialSet& to_off);
    bool add_rule_potentials(const std::vector<std::pair<int, std::uint16_t>>& removed,
                             const std::vector<int>& parents, int nested, PotentialSet& to_off);
    bool chain_rule_potentials(Chaining& rule, PotentialSet& to_off);
    /// The complexity of a hint with these chain targets (their ancestors, and the chains
    /// nested in them); with `nesting_`, also the hint's rule "on"s and signature.
    /// `assumption`: the cause SE gives an assumption there (a cell or region hint's).
    int measure(ChainHint& hint, const int* targets, int count, Cause assumption);

    // Hints (se_chain_hints.cpp).
    void add_cycle_hint(int dst_on, bool y_links, bool x_links, std::vector<ChainHint>& out);
    void add_forcing_chain_hint(int target, bool y_links, bool x_links,
                                std::vector<ChainHint>& out);
    void add_binary_hint(int dst_on, int dst_off, int source, int target, bool absurd,
                         std::vector<ChainHint>& out);
    void add_reduction_hint(ChainHint::Kind kind, int target, const int* chains, int count,
                            Cause assumption, std::vector<ChainHint>& out);
    [[nodiscard]] double rule_difficulty() const;
    [[nodiscard]] std::string name_prefix() const;
    [[nodiscard]] std::string name_suffix() const;
    [[nodiscard]] std::uint16_t ruled_out(const Potential& conclusion, bool places) const;
    void add_chain(int target, ChainHint& hint) const;
    // A hint shown (not nested), where only the first hint in SE's order counts: whether it
    // may be that one (it does not sort after the least (difficulty, complexity) found so far,
    // which it then becomes); and whether a forcing chain or cycle of this base and at least
    // this complexity would sort after it (its search can stop).
    bool note_best(const ChainHint& hint);
    [[nodiscard]] bool beyond_best(double base, int complexity) const;
    // Whether the forcing chain from this assumption may be the first hint shown: the best so
    // far sorts before any hint found after it with the same difficulty and complexity, so
    // only a chain of less may (its complexity: its links + 1), and the shortest chain is
    // the one the search finds.
    [[nodiscard]] bool chain_may_lead(int cell, int digit, bool on, bool y_links) const;

    bool multiple_, dynamic_, nishio_, nesting_;
    int level_, nesting_limit_;
    ChainGrid grid_;   ///< the grid searched (dynamic chains write their assumptions to it)
    ChainGrid source_; ///< SE's saveGrid: the grid before the assumptions, for hidden parents
    /// [digit - 1]: the cells with that candidate in the grid hints() was given (static
    /// chains and Nishio)
    std::array<Cells, 9> with_digit_;
    /// Nishio: [digit - 1]: nishio_assumptions of the digit's places
    std::array<Cells, 9> nishio_assumptions_;
    bool has_source_ = false;
    PotentialStore store_;
    PotentialSet sets_[2];
    std::vector<int> pending_on_, pending_off_; ///< (do_chaining: the sets' potentials in order)
    std::vector<int> chains_; ///< the forcing chains' targets found from one assumption
    bool has_best_ = false;
    double best_difficulty_ = 0;
    int best_complexity_ = 0;
    // forcing chains and cycles: each key's implications (start in implied_, count; -1: not
    // found yet), for the kind of links searched
    std::array<std::int32_t, key_count> implied_start_{};
    std::array<std::int8_t, key_count> implied_count_{};
    std::vector<Implied> implied_;
    // cycles: the "off" keys whose implications are all known in the search numbered search_
    std::array<std::uint32_t, key_count> spent_{};
    std::uint32_t search_ = 0;
    std::shared_ptr<const ChainReach> reach_; ///< of grid_: for the static and multiple chains
    ShortestChains shortest_;                 ///< of grid_: for the static chains
    // the assumptions "on" followed so far on this grid ([cell * 9 + digit - 1])
    struct Followed {
        bool done = false;
        int assumption = -1;
        Absurd absurd;
        std::vector<int> on, off; ///< the potentials found, in order
        KeyBits keys;             ///< their keys
    };
    std::vector<Followed> followed_;
    // the multiple chains' propagation: "on" then "off"
    std::vector<PotentialSet> work_;
    // nested levels: the chains nested (by Potential::nested), the chain techniques used
    // inside (made when first needed), and the last hints (with the grid they are of)
    std::vector<NestedChain> nested_;
    std::vector<std::unique_ptr<Chaining>> chain_rules_;
    std::vector<ChainHint> last_hints_;
    ChainGrid last_grid_;
    bool has_last_ = false;
};

/// The first hint of SE's Chaining producer with these flags, as a step.
std::optional<SeStep> chain_step(const SeTechniques& state, bool multiple, bool dynamic,
                                 bool nishio, SeTechnique technique, int level = 0,
                                 int nesting_limit = 0);

} // namespace sudoku::se::chains
