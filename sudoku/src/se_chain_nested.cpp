// SE's nested chains (its levels 1 to 4, 9.0 and more): when a dynamic chain has nothing left
// to follow, other techniques look at the grid the chain has reduced so far, and what they
// rule out goes on in the chain. See se_chains.hpp.
//
// The techniques are tried in SE's order: pointing and claiming, hidden pairs, naked pairs,
// X-wings, then (level 2 and 3) forcing chains and cycles, (level 3) cell and region forcing
// chains, (level 4) dynamic chains of the nesting limit's level. All hints of the first one
// that has some, which needs a candidate the chain ruled out, rule their candidates out, in
// their order, each one's candidates in the order SE's hash map of them gives (by cell index
// modulo the map's capacity, then as put in). That order decides which contradiction the
// chain meets first, so the rating.
#include "se_chains.hpp"

#include <algorithm>

namespace sudoku::se {

namespace chains {

namespace {

using Removals = std::vector<std::pair<int, std::uint16_t>>;

// SE's order of a HashMap<Cell, BitSet> built in the order of `removals`: by cell index
// modulo the capacity (16, doubled each time the map passes three quarters full), then in
// the order the cells were put in.
void hash_map_order(Removals& removals)
{
    unsigned capacity = 16;
    while (removals.size() > capacity * 3 / 4)
        capacity *= 2;
    std::stable_sort(removals.begin(), removals.end(), [capacity](const auto& a, const auto& b) {
        return (static_cast<unsigned>(a.first) & (capacity - 1)) <
               (static_cast<unsigned>(b.first) & (capacity - 1));
    });
}

// What SE's basic techniques see: the grid the chain has reduced, and the grid it started
// from (a hint's parents are the candidates it needs ruled out that the chain ruled out).
struct Grids {
    const ChainGrid& now;
    const ChainGrid& before;

    [[nodiscard]] bool ruled_out(int cell, int digit) const
    {
        return before.has(cell, digit) && !now.has(cell, digit);
    }
    [[nodiscard]] unsigned empty(int type, int region) const
    {
        return now.empty_cells[static_cast<std::size_t>(type * 9 + region)];
    }
};

// Calls `visit(a, b)` for each pair 1 <= a < b <= 9, in SE's order (that of the bit masks:
// {1,2}, {1,3}, {2,3}, {1,4}, ...).
template <typename Visit> void each_pair(const Visit& visit)
{
    for (int b = 2; b <= 9; ++b)
        for (int a = 1; a < b; ++a)
            visit(a, b);
}

// The region of type `second_type` crossing region (first_type, first) that holds all of
// `places` (two or more of the first region's positions), or -1: there is one at most.
int holding_region(int first_type, int first, unsigned places, int second_type)
{
    if (first_type == box) {
        for (int k = 0; k < 3; ++k) {
            const unsigned line = second_type == row ? 0007u << (3 * k) : 0111u << k;
            if ((places & ~line) == 0)
                return second_type == row ? first / 3 * 3 + k : first % 3 * 3 + k;
        }
        return -1;
    }
    for (int k = 0; k < 3; ++k)
        if ((places & ~(0007u << (3 * k))) == 0)
            return first_type == row ? first / 3 * 3 + k : k * 3 + first / 3;
    return -1;
}

// Pointing and claiming (SE's Locking, not direct): the digit's places in the first region
// all in the second one rule it out of the rest of the second. Parents: the digit ruled out
// of the first region outside the second.
template <typename Emit> bool locking_hints(const Grids& g, const Emit& emit)
{
    constexpr std::array<std::pair<int, int>, 4> pairs{
        {{box, column}, {box, row}, {column, box}, {row, box}}};
    bool productive = false;
    Removals removed;
    std::vector<int> parents;
    for (const auto& [first_type, second_type] : pairs)
        for (int d = 1; d <= 9; ++d)
            for (int first = 0; first < 9; ++first) {
                const unsigned places = g.now.positions(first_type, first, d);
                if (count_of(places) < 2)
                    continue;
                const int second = holding_region(first_type, first, places, second_type);
                if (second < 0)
                    continue;
                removed.clear();
                for (unsigned m = g.now.positions(second_type, second, d); m != 0; m &= m - 1) {
                    const int cell = cell_at(second_type, second, std::countr_zero(m));
                    if (region_of(first_type, cell) != first)
                        removed.emplace_back(cell, bit(d));
                }
                if (removed.empty())
                    continue;
                parents.clear();
                for (unsigned m = g.before.positions(first_type, first, d) & ~places; m != 0;
                     m &= m - 1) {
                    const int cell = cell_at(first_type, first, std::countr_zero(m));
                    if (region_of(second_type, cell) != second)
                        parents.push_back(potential_key(cell, d, false));
                }
                hash_map_order(removed);
                productive = emit(removed, parents) || productive;
            }
    return productive;
}

// Hidden pairs (regions of more than four empty cells, digit pairs in SE's order): the two
// cells lose their other candidates. Parents: the two digits once in the region's other
// cells.
template <typename Emit> bool hidden_pair_hints(const Grids& g, const Emit& emit)
{
    bool productive = false;
    Removals removed;
    std::vector<int> parents;
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            if (g.empty(type, region) <= 4)
                continue;
            each_pair([&](int d1, int d2) {
                // (SE's common tuple of two: the same two places)
                const unsigned places = g.now.positions(type, region, d1);
                if (places != g.now.positions(type, region, d2) || count_of(places) != 2)
                    return;
                removed.clear();
                for (unsigned m = places; m != 0; m &= m - 1) {
                    const int cell = cell_at(type, region, std::countr_zero(m));
                    const auto out = static_cast<std::uint16_t>(
                        g.now.candidates[static_cast<std::size_t>(cell)] & ~(bit(d1) | bit(d2)));
                    if (out != 0)
                        removed.emplace_back(cell, out);
                }
                if (removed.empty())
                    return;
                parents.clear();
                for (int p = 0; p < 9; ++p) {
                    if ((places >> p & 1) != 0)
                        continue;
                    const int cell = cell_at(type, region, p);
                    for (const int d : {d1, d2})
                        if (g.before.has(cell, d))
                            parents.push_back(potential_key(cell, d, false));
                }
                hash_map_order(removed);
                productive = emit(removed, parents) || productive;
            });
        }
    return productive;
}

// Naked pairs (regions of four empty cells or more, cell pairs in SE's order): the two digits
// leave the region's other cells. Parents: the two cells' other candidates once.
template <typename Emit> bool naked_pair_hints(const Grids& g, const Emit& emit)
{
    bool productive = false;
    Removals removed;
    std::vector<int> parents;
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            if (g.empty(type, region) < 4)
                continue;
            each_pair([&](int p1, int p2) {
                // (SE's common tuple of two: the same two candidates)
                const int c1 = cell_at(type, region, p1 - 1), c2 = cell_at(type, region, p2 - 1);
                const unsigned digits = g.now.candidates[static_cast<std::size_t>(c1)];
                if (digits != g.now.candidates[static_cast<std::size_t>(c2)] ||
                    count_of(digits) != 2)
                    return;
                removed.clear();
                for (int p = 0; p < 9; ++p) {
                    const int cell = cell_at(type, region, p);
                    const auto out = static_cast<std::uint16_t>(
                        g.now.candidates[static_cast<std::size_t>(cell)] & digits);
                    if (cell != c1 && cell != c2 && out != 0)
                        removed.emplace_back(cell, out);
                }
                if (removed.empty())
                    return;
                parents.clear();
                for (const int cell : {c1, c2})
                    for (unsigned m = g.before.candidates[static_cast<std::size_t>(cell)] & ~digits;
                         m != 0; m &= m - 1)
                        parents.push_back(potential_key(cell, std::countr_zero(m) + 1, false));
                hash_map_order(removed);
                productive = emit(removed, parents) || productive;
            });
        }
    return productive;
}

// X-wings (base columns, then base rows; line pairs outside, digits inside; digits placed
// five times at most): the digit leaves the cover lines outside the base. Parents: the digit
// ruled out of the base lines outside the cover lines.
template <typename Emit> bool x_wing_hints(const Grids& g, const Emit& emit)
{
    bool productive = false;
    Removals removed;
    std::vector<int> parents;
    for (const auto& types : {std::pair{column, row}, std::pair{row, column}}) {
        const int base_type = types.first, cover_type = types.second;
        each_pair([&](int line1, int line2) {
            const int b1 = line1 - 1, b2 = line2 - 1;
            const unsigned base_mask = 1u << b1 | 1u << b2;
            for (int d = 1; d <= 9; ++d) {
                if (g.now.placed[static_cast<std::size_t>(d)] + 4 > 9)
                    continue;
                // (SE's common tuple of two: the same two places)
                const unsigned cover = g.now.positions(base_type, b1, d);
                if (cover != g.now.positions(base_type, b2, d) || count_of(cover) != 2)
                    continue;
                removed.clear();
                for (unsigned m = cover; m != 0; m &= m - 1) {
                    const int line = std::countr_zero(m);
                    for (unsigned out = g.now.positions(cover_type, line, d) & ~base_mask; out != 0;
                         out &= out - 1)
                        removed.emplace_back(cell_at(cover_type, line, std::countr_zero(out)),
                                             bit(d));
                }
                if (removed.empty())
                    continue;
                parents.clear();
                for (const int line : {b1, b2})
                    for (int p = 0; p < 9; ++p) {
                        const int cell = cell_at(base_type, line, p);
                        if (g.ruled_out(cell, d) && (cover >> p & 1) == 0)
                            parents.push_back(potential_key(cell, d, false));
                    }
                hash_map_order(removed);
                productive = emit(removed, parents) || productive;
            }
        });
    }
    return productive;
}

} // namespace

int Chaining::measure(ChainHint& hint, const int* targets, int count, Cause assumption, int most)
{
    int complexity = 0;
    std::vector<std::array<std::uint64_t, 2>> counted; // the nested chains counted
    const auto visit = [&](int node) {
        const Potential& p = store_[node];
        if (p.nested >= 0) {
            // SE counts each nested chain once (the same chains: the same one)
            const NestedChain& chain = nested_[static_cast<std::size_t>(p.nested)];
            if (std::find(counted.begin(), counted.end(), chain.signature) == counted.end()) {
                counted.push_back(chain.signature);
                complexity += chain.complexity;
            }
        }
        if (!nesting_)
            return;
        add_to_signature(hint.signature, p.key());
        const Cause cause = p.cause == Cause::assumption ? assumption : p.cause;
        if (p.on && cause != Cause::assumption)
            hint.rule_ons.push_back({p.cell, p.digit, cause});
    };
    for (int t = 0; t < count && complexity <= most; ++t) {
        if (nesting_)
            add_to_signature(hint.signature, -1);
        complexity += store_.walk(targets[t], visit, most - complexity);
    }
    return complexity;
}

const std::vector<ChainHint>& Chaining::cached_hints(const ChainGrid& grid)
{
    // (the engine is kept from step to step: the whole grid must match)
    if (!has_last_ || last_grid_.candidates != grid.candidates ||
        last_grid_.empty_cells != grid.empty_cells || last_grid_.placed != grid.placed) {
        last_hints_ = hints(grid);
        last_grid_ = grid;
        has_last_ = true;
    }
    return last_hints_;
}

// One hint of another technique: its candidates ruled out in the chain, as "off" potentials
// that follow from its parents (those not in the chain yet, and in the order given). A hint
// without parents is left out (it needs nothing from the chain). Returns whether it counted.
bool Chaining::add_rule_potentials(const std::vector<std::pair<int, std::uint16_t>>& removed,
                                   const std::vector<int>& parents, int nested,
                                   PotentialSet& to_off)
{
    if (parents.empty())
        return false;
    for (const auto& [cell, digits] : removed)
        for (unsigned m = digits; m != 0; m &= m - 1) {
            const int digit = std::countr_zero(m) + 1;
            const int key = potential_key(cell, digit, false);
            if (to_off.contains(key))
                continue;
            const int node = store_.make(cell, digit, false, Cause::advanced);
            for (const int parent : parents) {
                const int found = to_off.get(parent);
                if (found >= 0)
                    store_.add_parent(node, found);
            }
            store_.set_nested(node, nested);
            to_off.add(key, node);
        }
    return true;
}

// The hints of a chain technique on the reduced grid, as "off" potentials; each hint's
// parents are what the "on" potentials of its chains needed ruled out (SE's getRuleParents).
bool Chaining::chain_rule_potentials(Chaining& rule, PotentialSet& to_off)
{
    bool productive = false;
    std::vector<int> parents;
    Removals removed;
    std::array<bool, key_count> seen{};
    for (const ChainHint& hint : rule.cached_hints(grid_)) {
        parents.clear();
        const auto add = [&](int cell, int digit) {
            const int key = potential_key(cell, digit, false);
            if (!seen[static_cast<std::size_t>(key)]) {
                seen[static_cast<std::size_t>(key)] = true;
                parents.push_back(key);
            }
        };
        for (const RuleOn& on : hint.rule_ons)
            each_ruled_out(on.cell, on.digit, region_type_of(on.cause), add);
        for (const int key : parents)
            seen[static_cast<std::size_t>(key)] = false;
        if (parents.empty())
            continue;
        removed.clear();
        if (hint.removal_order.empty())
            removed = hint.removed;
        else
            for (const int cell : hint.removal_order)
                removed.push_back(*std::find_if(hint.removed.begin(), hint.removed.end(),
                                                [&](const auto& r) { return r.first == cell; }));
        hash_map_order(removed);
        nested_.push_back({hint.complexity, hint.signature});
        productive =
            add_rule_potentials(removed, parents, static_cast<int>(nested_.size()) - 1, to_off) ||
            productive;
    }
    return productive;
}

// SE's getAdvancedPotentials: the techniques in order until one has hints with parents; the
// candidates they rule out go on as "off" potentials. Returns whether any is new.
bool Chaining::add_advanced_potentials(PotentialSet& to_off)
{
    const int before = to_off.size();
    const Grids grids{grid_, source_};
    const auto emit = [&](const Removals& removed, const std::vector<int>& parents) {
        return add_rule_potentials(removed, parents, -1, to_off);
    };
    if (locking_hints(grids, emit) || hidden_pair_hints(grids, emit) ||
        naked_pair_hints(grids, emit) || x_wing_hints(grids, emit))
        return to_off.size() > before;
    if (chain_rules_.empty()) {
        if (level_ >= 4) {
            chain_rules_.push_back(
                std::make_unique<Chaining>(true, true, false, nesting_limit_, 0, true));
        } else {
            if (level_ >= 2)
                chain_rules_.push_back(std::make_unique<Chaining>(false, false, false, 0, 0, true));
            if (level_ >= 3)
                chain_rules_.push_back(std::make_unique<Chaining>(true, false, false, 0, 0, true));
        }
    }
    for (const auto& rule : chain_rules_)
        if (chain_rule_potentials(*rule, to_off))
            break;
    return to_off.size() > before;
}

} // namespace chains

// 9.0 and more: dynamic forcing chains (+), where pointing, claiming, hidden and naked pairs
// and X-wings go on from the chain's reduced grid.
std::optional<SeStep> SeTechniques::dynamic_chains_plus() const
{
    return chains::chain_step(*this, true, true, false, SeTechnique::dynamic_forcing_chain_plus, 1);
}

// 9.5, 10.0, 10.5 and more: nested forcing chains, where (level 2) forcing chains, (level 3)
// also cell and region forcing chains, (level 4) dynamic chains of level `nesting_limit` go
// on from the chain's reduced grid too.
std::optional<SeStep> SeTechniques::nested_chains(int level, int nesting_limit) const
{
    return chains::chain_step(*this, true, true, false, SeTechnique::nested_forcing_chain, level,
                              nesting_limit);
}

} // namespace sudoku::se
