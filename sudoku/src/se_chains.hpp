// SE's chaining engine (se_chains.cpp, se_chain_multiple.cpp, se_chain_hints.cpp),
// private: potentials ("this cell has / has not this digit") that remember the potentials
// they follow from, the sets and queues SE propagates them with, and the searches: forcing
// chains and cycles (static, one assumption), Nishio, multiple and dynamic forcing chains.
//
// SE's results depend on the order things are found in: its sets keep their insertion order,
// its queues are first in first out, an "on" potential waiting is always taken before an
// "off" one, and its hints are sorted by (difficulty, complexity, kind) with a stable sort.
// The complexity (the number of distinct potentials a conclusion follows from) sets the
// length bonus of the rating. All of that is kept here exactly.
#pragma once

#include "se_techniques.hpp"

#include <array>
#include <cstdint>
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

struct Potential {
    std::int8_t cell = 0;
    std::int8_t digit = 0;
    bool on = false;
    Cause cause = Cause::assumption;
    int first_parent = 0; ///< where its parents start in the store's parent list
    int parent_count = 0;

    [[nodiscard]] int key() const { return potential_key(cell, digit, on); }
};

/// All potentials of one search, by number; parents are numbers too. A potential's parents
/// are given when it is made (add_parent only to the last one made), so they lie together.
class PotentialStore {
public:
    int make(int cell, int digit, bool on, Cause cause, int parent = -1);
    void add_parent(int node, int parent);
    void clear();

    [[nodiscard]] const Potential& operator[](int node) const
    {
        return nodes_[static_cast<std::size_t>(node)];
    }
    [[nodiscard]] int parent(int node, int k) const
    {
        return parents_[static_cast<std::size_t>((*this)[node].first_parent + k)];
    }
    /// The first parent, or -1 for an assumption.
    [[nodiscard]] int first_parent(int node) const
    {
        return (*this)[node].parent_count > 0 ? parent(node, 0) : -1;
    }
    /// How many distinct potentials (by key) `node` follows from, itself included.
    [[nodiscard]] int ancestor_count(int node) const;
    /// Whether a potential of key `key` is on the first-parent path above `node`.
    [[nodiscard]] bool has_ancestor(int node, int key) const;

private:
    std::vector<Potential> nodes_;
    std::vector<int> parents_;
    mutable std::vector<std::uint32_t> seen_ = std::vector<std::uint32_t>(key_count, 0);
    mutable std::uint32_t epoch_ = 0;
    mutable std::vector<int> todo_, next_;
};

/// SE's LinkedSet of potentials: a set by key that iterates in insertion order over the
/// potentials first added, while get() returns the one added last for the key.
class PotentialSet {
public:
    PotentialSet() : first_(key_count, -1), latest_(key_count, -1) {}

    [[nodiscard]] bool contains(int key) const
    {
        return first_[static_cast<std::size_t>(key)] >= 0;
    }
    [[nodiscard]] int get(int key) const { return latest_[static_cast<std::size_t>(key)]; }
    void add(int key, int node)
    {
        const auto k = static_cast<std::size_t>(key);
        if (first_[k] < 0) {
            first_[k] = node;
            order_.push_back(key);
        }
        latest_[k] = node;
    }
    void add(const PotentialStore& store, int node) { add(store[node].key(), node); }
    void clear();
    /// The potentials in insertion order (those iteration gives).
    [[nodiscard]] std::vector<int> nodes() const;
    [[nodiscard]] int first(int key) const { return first_[static_cast<std::size_t>(key)]; }
    /// Adds the potentials `other` iterates over.
    void add_all(const PotentialSet& other);
    /// Keeps only the keys `other` has.
    void retain_all(const PotentialSet& other);

private:
    std::vector<int> first_, latest_;
    std::vector<int> order_;
};

/// The candidates as the engine reads and (dynamic chains) changes them, with each region's
/// places for each digit kept alongside.
struct ChainGrid {
    std::array<std::uint16_t, 81> candidates{};            ///< bit d - 1 for digit d
    std::array<std::array<std::uint16_t, 27>, 9> places{}; ///< [digit - 1][type * 9 + region]

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
    void remove(int cell, int digit);
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
    std::vector<int> cells; ///< the chain's cells, in order

    /// SE's equality of chaining hints: the same candidates removed.
    [[nodiscard]] bool same_removals(const ChainHint& other) const
    {
        return removed == other.removed;
    }
};

/// The rating added for a chain's complexity: 0.1 for each threshold passed, the thresholds
/// 4, 6, 8, 12, 16, 24, ... on complexity - 2 (summed as SE sums it, in doubles).
double length_bonus(int complexity);

/// SE's Chaining producer with its flags: multiple (cell and region forcing chains), dynamic,
/// Nishio, and the nesting level. (false, false, false, 0) finds forcing chains and cycles.
class Chaining {
public:
    Chaining(bool multiple, bool dynamic, bool nishio, int level)
        : multiple_(multiple), dynamic_(dynamic), nishio_(nishio), level_(level)
    {
    }

    /// All hints on `grid`, sorted as SE sorts them, those with the same removals as an
    /// earlier one dropped.
    [[nodiscard]] std::vector<ChainHint> hints(const ChainGrid& grid);

private:
    /// An implied potential, before it is made (most implied ones are known already).
    struct Implied {
        std::int8_t cell, digit;
        Cause cause;
        std::int8_t region_type; ///< for hidden parents: the region of a hidden single
    };
    using Implications = std::array<Implied, 32>;
    /// A contradiction: a potential found both "on" and "off" (no contradiction: -1).
    struct Absurd {
        int on = -1, off = -1;
    };

    int on_to_off(int node, bool y_links, Implications& out) const;
    int off_to_on(int node, bool y_links, bool x_links, Implications& out) const;
    int make_on(const Implied& implied, int parent, const PotentialSet& offs);

    // Forcing chains and cycles (se_chains.cpp).
    void loop_hints(bool y_links, bool x_links, std::vector<ChainHint>& out);
    void unary_chaining(int cell, int digit, bool y_links, bool x_links,
                        std::vector<ChainHint>& out);
    void do_cycles(PotentialSet& to_on, PotentialSet& to_off, bool y_links, bool x_links,
                   std::vector<int>& cycles, int source_key);
    void do_forcing_chains(PotentialSet& to_on, PotentialSet& to_off, bool y_links,
                           std::vector<int>& chains, int source_key);

    // Multiple, dynamic and Nishio chains (se_chain_multiple.cpp).
    Absurd do_chaining(PotentialSet& to_on, PotentialSet& to_off);
    void cell_chainings(int cell, std::vector<ChainHint>& out);
    void binary_chaining(int cell, int digit, PotentialSet& on_to_on, PotentialSet& on_to_off,
                         bool reductions, bool contradictions, std::vector<ChainHint>& out);
    void region_chainings(int cell, int digit, PotentialSet& on_to_on, PotentialSet& on_to_off,
                          std::vector<ChainHint>& out);

    // Hints (se_chain_hints.cpp).
    void add_cycle_hint(int dst_on, bool y_links, bool x_links, std::vector<ChainHint>& out);
    void add_forcing_chain_hint(int target, bool y_links, bool x_links,
                                std::vector<ChainHint>& out);
    void add_binary_hint(int dst_on, int dst_off, int source, int target, bool absurd,
                         std::vector<ChainHint>& out);
    void add_reduction_hint(ChainHint::Kind kind, int target, const std::vector<int>& chains,
                            std::vector<ChainHint>& out);
    [[nodiscard]] double rule_difficulty() const;
    [[nodiscard]] std::string name_prefix() const;
    [[nodiscard]] std::string name_suffix() const;
    void add_chain_cells(int target, std::vector<int>& cells) const;

    bool multiple_, dynamic_, nishio_;
    int level_;
    ChainGrid grid_;   ///< the grid searched (dynamic chains write their assumptions to it)
    ChainGrid source_; ///< SE's saveGrid: the grid before the assumptions, for hidden parents
    bool has_source_ = false;
    PotentialStore store_;
    PotentialSet sets_[2];
    std::vector<int> pending_on_, pending_off_;
    // for the multiple chains of one cell: per digit, per region position
    std::vector<PotentialSet> value_on_, value_off_, position_on_, position_off_, work_;
};

} // namespace sudoku::se::chains
