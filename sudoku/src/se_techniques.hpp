// The techniques of Sudoku Explainer's scale (se_rating.hpp), private to the library: the
// grid's geometry as SE numbers it, and SeTechniques, which reads a solver's state once and
// holds one function per SE technique (each technique family in its own source file).
//
// Each technique scans as SE scans, since the first step found is the one taken: regions by
// type (boxes, then columns, then rows, unless said otherwise), each type's nine regions in
// order, digits from 1, and subsets of cells, digits or lines in increasing order of their
// bit masks ({0,1}, {0,2}, {1,2}, {0,3}, ...). A region's positions are numbered as SE
// numbers them: a box row by row, a row left to right, a column top to bottom.
#pragma once

#include <sudoku/se_rating.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::se {

enum RegionType { box = 0, row = 1, column = 2 };
inline constexpr std::array<RegionType, 3> box_column_row{box, column, row};

/// SE's numbering of regions and positions, as tables (the techniques ask for these millions
/// of times, and a look-up is cheaper than the divisions): a box's positions row by row, a
/// row's left to right, a column's top to bottom.
struct Geometry {
    std::uint8_t cell[3 * 9 * 9]; // [81 * type + 9 * region + position]
    std::uint8_t region[3][81];   // [type][cell]
    std::uint8_t position[3][81]; // [type][cell]
};
inline constexpr Geometry geometry = [] {
    Geometry g{};
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            const int regions[3] = {r / 3 * 3 + c / 3, r, c}; // box, row, column
            const int positions[3] = {r % 3 * 3 + c % 3, c, r};
            for (int type = 0; type < 3; ++type) {
                g.cell[81 * type + 9 * regions[type] + positions[type]] =
                    static_cast<std::uint8_t>(9 * r + c);
                g.region[type][9 * r + c] = static_cast<std::uint8_t>(regions[type]);
                g.position[type][9 * r + c] = static_cast<std::uint8_t>(positions[type]);
            }
        }
    return g;
}();

/// The cell at `position` of region `region` of type `type`.
constexpr int cell_at(int type, int region, int position)
{
    return geometry.cell[81 * type + 9 * region + position];
}

/// The region of type `type` that holds `cell`.
constexpr int region_of(int type, int cell) { return geometry.region[type][cell]; }

/// The position of `cell` in its region of type `type`.
constexpr int position_in(int type, int cell) { return geometry.position[type][cell]; }

/// Whether region (type, index) holds `cell`.
constexpr bool contains(int type, int index, int cell) { return region_of(type, cell) == index; }

/// Whether two regions share a cell.
constexpr bool crosses(int type_a, int a, int type_b, int b)
{
    if (type_a == type_b)
        return a == b;
    if (type_a != box && type_b != box)
        return true; // a row and a column
    const int the_box = type_a == box ? a : b, line_type = type_a == box ? type_b : type_a;
    const int line = type_a == box ? b : a;
    return line_type == row ? line / 3 == the_box / 3 : line / 3 == the_box % 3;
}

/// The positions of region (type, index) that lie in region (other_type, other), as a mask:
/// [type][index][other_type][other].
inline constexpr auto shared_positions = [] {
    std::array<std::array<std::array<std::array<std::uint16_t, 9>, 3>, 9>, 3> all{};
    for (int type = 0; type < 3; ++type)
        for (int index = 0; index < 9; ++index)
            for (int p = 0; p < 9; ++p) {
                const int cell = cell_at(type, index, p);
                for (int other_type = 0; other_type < 3; ++other_type)
                    all[type][index][other_type][region_of(other_type, cell)] |=
                        static_cast<std::uint16_t>(1u << p);
            }
    return all;
}();

/// holding_regions of each cell (a table: the unique loops, turbot fish, strong-link fish and
/// sees() ask it in their inner loops).
inline constexpr auto holding_masks = [] {
    std::array<std::uint32_t, 81> all{};
    for (int cell = 0; cell < 81; ++cell)
        all[static_cast<std::size_t>(cell)] =
            1u << (cell % 9) | 1u << (9 + cell / 9) | 1u << (18 + region_of(box, cell));
    return all;
}();
/// The regions that hold `cell` as bits of a 27-bit mask: its column as bit 0-8, its row as
/// bit 9-17, its box as bit 18-26. The lowest bit that the masks of several cells share is
/// then their first common region in the order column, row, box (the order in which SE looks
/// for the region where cells see one another).
constexpr std::uint32_t holding_regions(int cell)
{
    return holding_masks[static_cast<std::size_t>(cell)];
}
/// Whether two different cells share a region.
constexpr bool sees(int a, int b)
{
    return a != b && (holding_regions(a) & holding_regions(b)) != 0;
}

/// How many of nine (digits, positions, lines) a mask holds. A table: for an instruction set
/// without a population count, std::popcount is a library call, which took a quarter of the
/// rater's time.
inline constexpr auto nine_counts = [] {
    std::array<std::uint8_t, 512> counts{};
    for (std::size_t mask = 1; mask < counts.size(); ++mask)
        counts[mask] = static_cast<std::uint8_t>(counts[mask & (mask - 1)] + 1);
    return counts;
}();
constexpr int count_of(unsigned mask) { return nine_counts[mask]; }

/// A set of cells as 81 bits (cells 0-63 in `low`, 64-80 in `high`): a test of every cell
/// against a few conditions is a few operations on these instead of a loop over 81 cells.
struct Cells {
    std::uint64_t low = 0, high = 0;

    static constexpr Cells of(int cell)
    {
        Cells one;
        one.add(cell);
        return one;
    }
    constexpr void add(int cell)
    {
        if (cell < 64)
            low |= std::uint64_t{1} << cell;
        else
            high |= std::uint64_t{1} << (cell - 64);
    }
    [[nodiscard]] constexpr bool has(int cell) const
    {
        return ((cell < 64 ? low >> cell : high >> (cell - 64)) & 1) != 0;
    }
    [[nodiscard]] constexpr bool any() const { return (low | high) != 0; }
    /// Whether the set holds exactly one cell.
    [[nodiscard]] constexpr bool one() const
    {
        return low != 0 ? (low & (low - 1)) == 0 && high == 0
                        : high != 0 && (high & (high - 1)) == 0;
    }
    [[nodiscard]] int count() const { return std::popcount(low) + std::popcount(high); }
    /// The lowest cell (the set must not be empty).
    [[nodiscard]] constexpr int first() const
    {
        return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(high);
    }
    /// All 81 cells.
    static constexpr Cells every() { return {~std::uint64_t{0}, (std::uint64_t{1} << 17) - 1}; }
    /// The cells after `cell` (all cells for -1).
    static constexpr Cells after(int cell)
    {
        constexpr std::uint64_t all = ~std::uint64_t{0}, high_cells = (std::uint64_t{1} << 17) - 1;
        const int from = cell + 1;
        if (from < 64)
            return {all << from, high_cells};
        return {0, (all << (from - 64)) & high_cells};
    }
    /// Takes the lowest cell out of the set (which must not be empty) and returns it.
    constexpr int pop()
    {
        const int cell = first();
        if (low != 0)
            low &= low - 1;
        else
            high &= high - 1;
        return cell;
    }
    /// Calls `visit(cell)` for each cell, in increasing order.
    template <typename Visit> constexpr void each(const Visit& visit) const
    {
        for (std::uint64_t m = low; m != 0; m &= m - 1)
            visit(std::countr_zero(m));
        for (std::uint64_t m = high; m != 0; m &= m - 1)
            visit(64 + std::countr_zero(m));
    }

    constexpr Cells& operator|=(Cells other)
    {
        low |= other.low;
        high |= other.high;
        return *this;
    }
    constexpr Cells& operator&=(Cells other)
    {
        low &= other.low;
        high &= other.high;
        return *this;
    }
    /// The cells of this set not in `other`.
    constexpr Cells& operator-=(Cells other)
    {
        low &= ~other.low;
        high &= ~other.high;
        return *this;
    }
    friend constexpr Cells operator|(Cells a, Cells b) { return a |= b; }
    friend constexpr Cells operator&(Cells a, Cells b) { return a &= b; }
    friend constexpr Cells operator-(Cells a, Cells b) { return a -= b; }
    friend constexpr bool operator==(Cells a, Cells b) = default;
};

/// All that one part of a search reads of the grid, as 128 bits (the top one never set): the
/// places of one digit (for a single-digit search: pointing and claiming, turbot fish, strong
/// links, Nishio's closure), or the candidates of a region's cells, by position, with its
/// count of empty cells (for the subsets there: which region it is does not matter to them
/// until they find a set).
struct Footprint {
    std::uint64_t low = 0, high = 0;

    static constexpr Footprint of(Cells cells) { return {cells.low, cells.high}; }
    friend constexpr bool operator==(Footprint a, Footprint b) = default;
};

/// Recent footprints with a value each, by hash: a clash forgets the older one; a look-up
/// finds only the exact footprint. What a part of a search works out from its footprint alone
/// is kept there, per thread, for the next time the footprint comes: along a solving path a
/// step changes the places of a few digits and the cells of a few regions, so most parts find
/// theirs. (All zero at first: a kept entry is marked by the top bit.) It holds 2^bits.
template <typename Value, int bits = 10> class FootprintMap {
public:
    /// The value kept for `footprint`, or null.
    [[nodiscard]] const Value* find(Footprint footprint) const
    {
        const Entry& entry = table_[slot(footprint)];
        return entry.low == footprint.low && entry.high == (footprint.high | used) ? &entry.value
                                                                                   : nullptr;
    }
    void put(Footprint footprint, const Value& value)
    {
        table_[slot(footprint)] = {footprint.low, footprint.high | used, value};
    }

private:
    static constexpr std::uint64_t used = std::uint64_t{1} << 63;
    static std::size_t slot(Footprint footprint)
    {
        const std::uint64_t mixed =
            (footprint.low ^ (footprint.high * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;
        return static_cast<std::size_t>(mixed >> (64 - bits));
    }
    struct Entry {
        std::uint64_t low = 0, high = 0;
        [[no_unique_address]] Value value{};
    };
    std::array<Entry, std::size_t{1} << bits> table_{};
};

/// The footprints on which a part of a search found nothing (it will find nothing there again).
class FoundNothing {
public:
    [[nodiscard]] bool known(Footprint footprint) const
    {
        return footprints_.find(footprint) != nullptr;
    }
    void add(Footprint footprint) { footprints_.put(footprint, {}); }

private:
    struct Nothing {};
    FootprintMap<Nothing> footprints_;
};

/// Each cell's peers: the cells that see it (not the cell itself).
inline constexpr auto peers = [] {
    std::array<Cells, 81> all{};
    for (int cell = 0; cell < 81; ++cell)
        for (int other = 0; other < 81; ++other)
            if (sees(cell, other))
                all[cell].add(other);
    return all;
}();

/// The cells that see two of `cells` or more.
constexpr Cells seeing_two(Cells cells)
{
    Cells once, twice;
    cells.each([&](int cell) {
        twice |= once & peers[static_cast<std::size_t>(cell)];
        once |= peers[static_cast<std::size_t>(cell)];
    });
    return twice;
}

/// The cells of each region: [type][index].
inline constexpr auto region_cells = [] {
    std::array<std::array<Cells, 9>, 3> all{};
    for (int type = 0; type < 3; ++type)
        for (int index = 0; index < 9; ++index)
            for (int p = 0; p < 9; ++p)
                all[type][index].add(cell_at(type, index, p));
    return all;
}();

/// The bit of region (type, index) in a mask of holding_regions.
constexpr std::uint32_t holding_bit(int type, int index)
{
    return 1u << (type == column ? index : type == row ? 9 + index : 18 + index);
}
/// A region of a mask of holding_regions, as (type, index).
constexpr std::pair<int, int> held_region(int bit_number)
{
    constexpr int types[] = {column, row, box};
    return {types[bit_number / 9], bit_number % 9};
}

/// The candidate bit of `digit`.
constexpr std::uint16_t bit(int digit) { return static_cast<std::uint16_t>(1u << (digit - 1)); }

/// Calls `visit(mask)` for each subset of `size` of {0..n-1}, in increasing order of the
/// masks, until it returns true; returns whether it did.
template <typename Visit> bool any_subset(int size, const Visit& visit, int n = 9)
{
    for (unsigned mask = (1u << size) - 1; mask < (1u << n);) {
        if (visit(mask))
            return true;
        const unsigned lowest = mask & (~mask + 1), ripple = mask + lowest;
        mask = ripple | (((mask ^ ripple) >> 2) / lowest);
    }
    return false;
}

/// Calls `visit(mask)` for each subset of `size` (1 to 9) of the bits of `universe` (nine
/// bits), in increasing order of the masks, until it returns true; returns whether it did.
/// Those are the subsets that any_subset visits and that lie in `universe`, in the same
/// order, but without the others: the techniques leave out the digits, cells or lines that
/// cannot be part of a set.
template <typename Visit> bool any_subset_of(unsigned universe, int size, const Visit& visit)
{
    if (count_of(universe) < size)
        return false;
    unsigned lowest[10] = {}; // lowest[k]: the universe's k lowest members
    unsigned rest = universe;
    for (int k = 1; k <= size; ++k, rest &= rest - 1)
        lowest[k] = lowest[k - 1] | (rest & (~rest + 1));
    for (unsigned set = lowest[size];;) {
        if (visit(set))
            return true;
        // As any_subset's next mask, in the universe: the lowest run of the set's members
        // (in the universe's order) gives its top one to the next member up (the addition
        // carries through the bits outside the universe), and the rest of the run goes back
        // to the universe's lowest members.
        const unsigned low = set & (~set + 1);
        const unsigned moved = ((set | ~universe) + low) & universe;
        if ((moved & ~set) == 0)
            return false; // the run was at the top: no next mask
        set = moved | lowest[count_of(set & ~moved) - 1];
    }
}

/// SE's common tuple: each of `sets` has two members or more, and together they have `size`.
std::optional<unsigned> common_tuple(const unsigned* sets, int size);

/// A step that rules candidates out (SeStep::removed to be filled in).
inline SeStep elimination(SeTechnique technique, std::string name, double rating)
{
    SeStep step;
    step.technique = technique;
    step.name = std::move(name);
    step.rating = rating;
    return step;
}

/// The techniques, each returning the first step it finds in SE's scan order. One object is
/// made per grid and used on one thread: it keeps what several techniques read (the regions'
/// footprints) as they first ask.
class SeTechniques {
public:
    /// Reads the state once into each region's places for each digit and its empty cells,
    /// which every technique asks for again and again.
    explicit SeTechniques(const SeSolver& state);

    /// The digit in `cell`, 0 when it is empty.
    [[nodiscard]] int digit(int cell) const { return s_.grid()[cell]; }
    /// The candidates of `cell` (bit d - 1 for digit d; none for a filled cell).
    [[nodiscard]] std::uint16_t candidates(int cell) const { return s_.candidates(cell); }
    /// Where `digit` may go in a region: bit p for position p.
    [[nodiscard]] unsigned positions(int type, int region, int digit) const
    {
        return places_[type][region][digit - 1];
    }
    [[nodiscard]] int empty_cells(int type, int region) const { return empty_[type][region]; }
    /// How many times `digit` is placed in the grid.
    [[nodiscard]] int placed(int digit) const { return placed_[digit]; }
    /// The cells where `digit` may go.
    [[nodiscard]] Cells cells_of(int digit) const { return cells_of_[digit - 1]; }
    /// The cells with two candidates, and those with two or more.
    [[nodiscard]] Cells bivalue_cells() const { return bivalue_; }
    [[nodiscard]] Cells open_cells() const { return open_; }

    // se_basic.cpp: singles, intersections, subsets and basic fish.
    [[nodiscard]] static std::optional<SeStep> hidden_single(const SeSolver& state);
    [[nodiscard]] std::optional<SeStep> locking(bool direct) const;
    [[nodiscard]] std::optional<SeStep> hidden_set(int size, bool direct) const;
    [[nodiscard]] std::optional<SeStep> naked_single() const;
    [[nodiscard]] std::optional<SeStep> naked_set(int size) const;
    [[nodiscard]] std::optional<SeStep> fish(int size) const;

    // se_turbot.cpp: two strong links on one digit joined by a weak one (skyscraper, 2-string
    // kite, turbot crane, and their grouped forms).
    [[nodiscard]] std::optional<SeStep> turbot_fish() const;

    // se_uniqueness.cpp: unique rectangles and loops, bivalue universal grave.
    [[nodiscard]] std::optional<SeStep> unique_loops() const;
    [[nodiscard]] std::optional<SeStep> bug() const;

    // se_strong_links.cpp: chains of three strong links on one digit.
    [[nodiscard]] std::optional<SeStep> strong_links() const;

    // se_wings.cpp: XY-, XYZ-, WXYZ- and VWXYZ-wings, aligned pair exclusion.
    [[nodiscard]] std::optional<SeStep> xy_wing(bool xyz) const;
    [[nodiscard]] std::optional<SeStep> wxyz_wing() const;
    [[nodiscard]] std::optional<SeStep> vwxyz_wing() const;
    [[nodiscard]] std::optional<SeStep> aligned_pair_exclusion() const;

    // se_chains.cpp, se_chain_multiple.cpp, se_chain_hints.cpp: the chaining engine.
    [[nodiscard]] std::optional<SeStep> forcing_chains() const;
    [[nodiscard]] std::optional<SeStep> nishio_chains() const;
    [[nodiscard]] std::optional<SeStep> multiple_chains() const;
    [[nodiscard]] std::optional<SeStep> dynamic_chains() const;

    // se_aligned_triple.cpp: aligned triplet exclusion.
    [[nodiscard]] std::optional<SeStep> aligned_triple_exclusion() const;

    // se_chain_nested.cpp: dynamic forcing chains (+) (level 1) and nested forcing chains
    // (levels 2 to 4; at level 4 the nested dynamic chains are of level `nesting_limit`).
    [[nodiscard]] std::optional<SeStep> dynamic_chains_plus() const;
    [[nodiscard]] std::optional<SeStep> nested_chains(int level, int nesting_limit) const;

private:
    /// For a single-digit search: the digits whose places `nothing` does not hold ([digit -
    /// 1]), and, once it has found nothing on them, those digits' places remembered.
    [[nodiscard]] std::array<bool, 9> digits_to_search(const FoundNothing& nothing) const;
    void remember_searched(FoundNothing& nothing, const std::array<bool, 9>& searched) const;
    /// The candidates of the region's cells (nine bits each, by position) and its count of
    /// empty cells: all the subsets read there.
    [[nodiscard]] Footprint region_footprint(int type, int region) const;

    [[nodiscard]] std::optional<SeStep> locking_step(int first_type, int first, int second_type,
                                                     int second, int digit) const;
    [[nodiscard]] std::optional<SeStep> direct_locking(int first_type, int first, int second_type,
                                                       int second, int digit) const;
    [[nodiscard]] std::optional<SeStep> hidden_set_step(int type, int region, unsigned digit_mask,
                                                        unsigned cells, int size,
                                                        bool direct) const;

    const SeSolver& s_;
    unsigned places_[3][9][9] = {};             // [type][region][digit - 1]: positions
    int empty_[3][9] = {};                      // [type][region]: empty cells
    int placed_[10] = {};                       // [digit]: times placed
    Cells cells_of_[9];                         // [digit - 1]: the cells where it may go
    Cells bivalue_, open_;                      // cells with two candidates, with two or more
    mutable Footprint footprints_[3][9];        // [type][region]: region_footprint's, once made
    mutable std::uint32_t footprints_made_ = 0; // bit type * 9 + region
};

/// Per thread, for one technique: the parts of its search that found nothing, each kept with
/// the cells it read and, where the cells alone do not say what each one is to the part, a set
/// of them that does (a part's answer must follow from those, the cells' candidates, and the
/// other cells' candidates where having fewer can only make it find less). A part is known to
/// find nothing again while it reads the same cells in the same roles (known()), or the same
/// cells in the role that decides what else it reads (known_by_role()), and none of those
/// cells' candidates has changed since it was kept, and no cell has gained one: each call
/// first shows the grid (see()), which drops every part that read a cell changed since the
/// last call, and every part when a cell gained a candidate. Along a solving path a step
/// changes a few cells and only rules candidates out, so most parts stay, and knowing one
/// takes a comparison of sets of cells.
template <std::size_t parts> class FoundNothingIn {
public:
    /// Takes the grid of this call: drops the parts that read a cell changed since the last,
    /// and every part if a cell gained a candidate (a new grid): so a part may also rely on the
    /// cells it did not read having no more candidates than when it was kept (where all it
    /// would rule out from them is among their candidates).
    void see(const SeTechniques& find)
    {
        Cells changed;
        bool gained = false;
        for (int cell = 0; cell < 81; ++cell) {
            const std::uint16_t now = find.candidates(cell);
            auto& last = last_[static_cast<std::size_t>(cell)];
            if (now != last) {
                gained = gained || (now & ~last) != 0;
                last = now;
                changed.add(cell);
            }
        }
        if (!changed.any())
            return;
        if (gained) {
            for (const std::size_t part : kept_)
                known_[part] = false;
            kept_.clear();
            return;
        }
        std::size_t left = 0;
        for (const std::size_t part : kept_) {
            if ((read_[part] & changed).any())
                known_[part] = false;
            else
                kept_[left++] = part;
        }
        kept_.resize(left);
    }
    /// Whether part `part`, reading the cells `read` (`role`: those of them in some role), is
    /// known to find nothing.
    [[nodiscard]] bool known(std::size_t part, Cells read, Cells role = {}) const
    {
        return known_[part] && read_[part] == read && role_[part] == role;
    }
    /// Whether part `part` is known to find nothing, for a caller that knows it would read the
    /// same cells in the same roles as when it was kept.
    [[nodiscard]] bool known_as_kept(std::size_t part) const { return known_[part]; }
    /// Whether part `part` is known to find nothing with these cells in their role, whatever
    /// else it read (for a part whose role tells what else it reads).
    [[nodiscard]] bool known_by_role(std::size_t part, Cells role) const
    {
        return known_[part] && role_[part] == role;
    }
    /// Keeps part `part`, which read the cells `read` (`role`: as for known()) and found nothing.
    void keep(std::size_t part, Cells read, Cells role = {})
    {
        read_[part] = read;
        role_[part] = role;
        if (!known_[part]) {
            known_[part] = true;
            kept_.push_back(part);
        }
    }
    /// Forgets part `part` (it found something).
    void forget(std::size_t part)
    {
        if (known_[part]) {
            known_[part] = false;
            kept_.erase(std::find(kept_.begin(), kept_.end(), part));
        }
    }

private:
    std::array<std::uint16_t, 81> last_{}; ///< each cell's candidates at the last call
    std::array<Cells, parts> read_{}, role_{};
    std::array<bool, parts> known_{};
    std::vector<std::size_t> kept_; ///< the parts known
};

} // namespace sudoku::se
