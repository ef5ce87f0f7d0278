// SE's chaining engine, its potentials (see se_chains.hpp), private: their keys and causes, the
// store that keeps them with their parents, the sets SE propagates them with, and the grid the
// engine reads (and the dynamic chains change).
#pragma once

#include "se_techniques.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <limits>
#include <span>
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
        const auto k = static_cast<unsigned>(key);
        words[k / 64] |= std::uint64_t{1} << (k % 64);
    }
    [[nodiscard]] bool has(int key) const
    {
        const auto k = static_cast<unsigned>(key);
        return (words[k / 64] >> (k % 64) & 1) != 0;
    }
    [[nodiscard]] bool any() const
    {
        for (const std::uint64_t word : words)
            if (word != 0)
                return true;
        return false;
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
    static_assert(box == 0 && row == 1 && column == 2 &&
                  static_cast<int>(Cause::hidden_row) == static_cast<int>(Cause::hidden_box) + 1 &&
                  static_cast<int>(Cause::hidden_column) ==
                      static_cast<int>(Cause::hidden_box) + 2);
    return static_cast<Cause>(static_cast<int>(Cause::hidden_box) + type);
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
    int more_parents = 0; ///< where its other parents start in the store's parent list (if any)
    int nested = -1;      ///< for an advanced potential found by a chain: that chain (see Chaining)
    /// the links on its longest path of parents to its assumption; the keys on such a path
    /// are distinct (a search holds one potential per key, its parents all made before it),
    /// so it has depth + 1 ancestors at least
    int depth = 0;
    /// the keys on its first-parent path, hashed to a bit each (kept only where the store keeps
    /// paths: elsewhere left as it was, and never read)
    std::uint64_t path = 0;

    [[nodiscard]] int key() const { return key_; }
};

/// All potentials of one search, by number; parents are numbers too. A potential's parents
/// are given when it is made (add_parent only to the last one made), so those after the first
/// lie together.
class PotentialStore {
public:
    /// Whether the potentials keep their first-parent paths (for has_ancestor; only the
    /// cycles ask, and the propagations of the multiple and dynamic chains go faster without).
    void keep_paths(bool keep) { paths_ = keep; }

    int make(int cell, int digit, bool on, Cause cause, int parent = -1)
    {
        if (size_ == capacity_) {
            nodes_.resize(nodes_.size() * 2 + 256);
            capacity_ = nodes_.size();
        }
        Potential& p = nodes_[size_];
        p.cell = static_cast<std::int8_t>(cell);
        p.digit = static_cast<std::int8_t>(digit);
        p.on = on;
        p.cause = cause;
        p.key_ = static_cast<std::int16_t>(potential_key(cell, digit, on));
        p.nested = -1;
        if (parent >= 0) {
            const Potential& first = nodes_[static_cast<std::size_t>(parent)];
            p.parent_count = 1;
            p.parent = parent;
            if (paths_) // (else never read)
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
            if (p.parent_count == 2)
                p.more_parents = static_cast<int>(more_parents_.size());
            more_parents_.push_back(parent);
            p.depth = std::max(p.depth, nodes_[static_cast<std::size_t>(parent)].depth + 1);
            return;
        }
        const Potential& first = nodes_[static_cast<std::size_t>(parent)];
        p.parent = parent;
        if (paths_)
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
        assert(paths_);
        const Potential& from = nodes_[static_cast<std::size_t>(node)];
        return (from.path & path_bit(key)) != 0 && path_has(from.parent, key);
    }
    /// Calls `visit(p)` for `node` and each potential it follows from, in SE's order (level by
    /// level, parents in order, each key once: the first potential met of that key); returns
    /// how many (the ancestor count). Stops once there are more than `most`, and returns that.
    template <typename Visit>
    int walk(int node, const Visit& visit, int most = std::numeric_limits<int>::max()) const;

private:
    static std::uint64_t path_bit(int key)
    {
        return std::uint64_t{1} << (static_cast<std::uint32_t>(key) * 2654435761u >> 26);
    }
    [[nodiscard]] bool path_has(int node, int key) const;

    bool paths_ = true;
    std::vector<Potential> nodes_; ///< (the first size_ are made)
    std::size_t size_ = 0, capacity_ = 0;
    std::vector<int> more_parents_;
    mutable std::vector<std::uint32_t> seen_ = std::vector<std::uint32_t>(key_count, 0);
    mutable std::uint32_t epoch_ = 0;
    mutable std::vector<int> todo_, next_;
};

template <typename Visit> int PotentialStore::walk(int node, const Visit& visit, int most) const
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
            visit(p);
            if (++count > most)
                return count;
            for (int k = 0; k < (*this)[p].parent_count; ++k)
                next_.push_back(parent(p, k));
        }
        todo_.swap(next_);
    }
    return count;
}

/// SE's LinkedSet of potentials as the searches here use it: a set by key that iterates in
/// insertion order. (SE's get() gives the potential added last for a key; the searches here
/// add a key only where the set has none, so each key has one potential. SE's cycle search
/// adds "off" keys again and again: do_cycles keeps those in a queue, not in a set.)
class PotentialSet {
public:
    PotentialSet() { node_.fill(-1); }

    [[nodiscard]] bool contains(int key) const { return node_[static_cast<std::size_t>(key)] >= 0; }
    /// The potential of `key`, or -1.
    [[nodiscard]] int get(int key) const { return node_[static_cast<std::size_t>(key)]; }
    /// Adds a potential of a key the set does not hold.
    void add(int key, int node)
    {
        assert(!contains(key));
        node_[static_cast<std::size_t>(key)] = node;
        order_[static_cast<std::size_t>(size_)] = static_cast<std::int16_t>(key);
        in_order_[static_cast<std::size_t>(size_++)] = node;
    }
    void add(const PotentialStore& store, int node) { add(store[node].key(), node); }
    void clear();
    /// How many potentials the set holds.
    [[nodiscard]] int size() const { return size_; }
    /// The potential added `n`th (from 0): the set is also the queue of what it found.
    [[nodiscard]] int node_at(int n) const { return in_order_[static_cast<std::size_t>(n)]; }
    /// The keys in insertion order.
    [[nodiscard]] std::span<const std::int16_t> keys() const
    {
        return {order_.data(), static_cast<std::size_t>(size_)};
    }
    /// The potentials in insertion order.
    void nodes(std::vector<int>& out) const;
    /// The same, their keys also added to `found`.
    void nodes(std::vector<int>& out, KeyBits& found) const;

private:
    // (arrays: a set holds each key once at most, and adding is the searches' inner step)
    std::array<int, key_count> node_;           ///< [key]
    std::array<std::int16_t, key_count> order_; ///< the keys in insertion order
    std::array<int, key_count> in_order_;       ///< their potentials (the queue reads them)
    int size_ = 0;
};

/// Each cell's regions as the engine numbers them (type * 9 + region, as in ChainGrid::places),
/// the positions in them of the other cells: every other one, and those outside the cell's box
/// (the box's own: every other one), and the cell at each position of each (`at`).
struct CellUnits {
    std::array<std::uint8_t, 3> unit;     ///< [type]
    std::array<std::uint16_t, 3> others;  ///< [type]
    std::array<std::uint16_t, 3> outside; ///< [type]
    /// [type * 9 + position]: the cell at that position of its region of that type
    std::array<std::int8_t, 27> at;
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
                units.at[static_cast<std::size_t>(type * 9 + p)] = static_cast<std::int8_t>(other);
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

} // namespace sudoku::se::chains
