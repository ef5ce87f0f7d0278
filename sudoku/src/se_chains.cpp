// SE's chaining engine: the potentials and their sets, the implications between them, and the
// breadth-first searches of forcing chains and cycles. See se_chains.hpp.
#include "se_chains.hpp"

#include <algorithm>

namespace sudoku::se::chains {

int PotentialStore::make(int cell, int digit, bool on, Cause cause, int parent)
{
    Potential p;
    p.cell = static_cast<std::int8_t>(cell);
    p.digit = static_cast<std::int8_t>(digit);
    p.on = on;
    p.cause = cause;
    p.first_parent = static_cast<int>(parents_.size());
    nodes_.push_back(p);
    const int node = static_cast<int>(nodes_.size()) - 1;
    if (parent >= 0)
        add_parent(node, parent);
    return node;
}

void PotentialStore::add_parent(int node, int parent)
{
    parents_.push_back(parent);
    ++nodes_[static_cast<std::size_t>(node)].parent_count;
}

void PotentialStore::clear()
{
    nodes_.clear();
    parents_.clear();
}

int PotentialStore::ancestor_count(int node) const
{
    // SE walks all parents level by level, counting each potential (by key) once
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
            for (int k = 0; k < (*this)[p].parent_count; ++k)
                next_.push_back(parent(p, k));
        }
        todo_.swap(next_);
    }
    return count;
}

bool PotentialStore::has_ancestor(int node, int key) const
{
    for (int p = first_parent(node); p >= 0; p = first_parent(p))
        if ((*this)[p].key() == key)
            return true;
    return false;
}

void PotentialSet::clear()
{
    for (const int key : order_)
        first_[static_cast<std::size_t>(key)] = latest_[static_cast<std::size_t>(key)] = -1;
    order_.clear();
}

std::vector<int> PotentialSet::nodes() const
{
    std::vector<int> result;
    result.reserve(order_.size());
    for (const int key : order_)
        result.push_back(first(key));
    return result;
}

void PotentialSet::add_all(const PotentialSet& other)
{
    for (const int key : other.order_)
        add(key, other.first(key));
}

void PotentialSet::retain_all(const PotentialSet& other)
{
    std::erase_if(order_, [&](int key) {
        if (other.contains(key))
            return false;
        first_[static_cast<std::size_t>(key)] = latest_[static_cast<std::size_t>(key)] = -1;
        return true;
    });
}

ChainGrid::ChainGrid(const SeTechniques& state)
{
    for (int cell = 0; cell < 81; ++cell)
        candidates[static_cast<std::size_t>(cell)] =
            state.digit(cell) == 0 ? state.candidates(cell) : 0;
    for (int d = 1; d <= 9; ++d)
        for (const int type : {box, row, column})
            for (int region = 0; region < 9; ++region)
                places[static_cast<std::size_t>(d - 1)]
                      [static_cast<std::size_t>(type * 9 + region)] =
                          static_cast<std::uint16_t>(state.positions(type, region, d));
}

void ChainGrid::remove(int cell, int digit)
{
    candidates[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~bit(digit));
    auto& of_digit = places[static_cast<std::size_t>(digit - 1)];
    for (const int type : {box, row, column})
        of_digit[static_cast<std::size_t>(type * 9 + region_of(type, cell))] &=
            static_cast<std::uint16_t>(~(1u << position_in(type, cell)));
}

double length_bonus(int complexity)
{
    double added = 0.0;
    int ceil = 4;
    const int length = complexity - 2;
    bool odd = false;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

// What follows from a potential being "on": the cell's other digits are off (Y links), and
// the digit is off in the rest of the box, then of the row and of the column outside it.
int Chaining::on_to_off(int node, bool y_links, Implications& out) const
{
    const Potential& p = store_[node];
    const int cell = p.cell, digit = p.digit;
    int n = 0;
    if (y_links)
        for (unsigned left = grid_.candidates[static_cast<std::size_t>(cell)]; left != 0;
             left &= left - 1) {
            const int other = std::countr_zero(left) + 1;
            if (other != digit)
                out[static_cast<std::size_t>(n++)] = {static_cast<std::int8_t>(cell),
                                                      static_cast<std::int8_t>(other),
                                                      Cause::naked_single, -1};
        }
    const int the_box = region_of(box, cell);
    for (const int type : {box, row, column}) {
        const int region = region_of(type, cell);
        unsigned places = grid_.positions(type, region, digit) & ~(1u << position_in(type, cell));
        for (; places != 0; places &= places - 1) {
            const int other = cell_at(type, region, std::countr_zero(places));
            if (type != box && region_of(box, other) == the_box)
                continue;
            out[static_cast<std::size_t>(n++)] = {static_cast<std::int8_t>(other),
                                                  static_cast<std::int8_t>(digit),
                                                  region_cause(type), -1};
        }
    }
    return n;
}

// What follows from a potential being "off": the other digit of a cell left with two (Y
// links), the other place of the digit in a box, row or column left with two (X links).
// The same potential found twice is kept once, as first found.
int Chaining::off_to_on(int node, bool y_links, bool x_links, Implications& out) const
{
    const Potential& p = store_[node];
    const int cell = p.cell, digit = p.digit;
    int n = 0;
    if (y_links) {
        const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
        if (std::popcount(values) == 2) {
            int other = std::countr_zero(values) + 1;
            if (other == digit)
                other = std::countr_zero(values & (values - 1)) + 1;
            out[static_cast<std::size_t>(n++)] = {static_cast<std::int8_t>(cell),
                                                  static_cast<std::int8_t>(other),
                                                  Cause::naked_single, -1};
        }
    }
    if (x_links)
        for (const int type : {box, row, column}) {
            const int region = region_of(type, cell);
            const unsigned others =
                grid_.positions(type, region, digit) & ~(1u << position_in(type, cell));
            if (std::popcount(others) != 1)
                continue;
            const int other = cell_at(type, region, std::countr_zero(others));
            bool known = false;
            for (int k = 0; k < n; ++k)
                known = known || (out[static_cast<std::size_t>(k)].cell == other &&
                                  out[static_cast<std::size_t>(k)].digit == digit);
            if (!known)
                out[static_cast<std::size_t>(n++)] = {
                    static_cast<std::int8_t>(other), static_cast<std::int8_t>(digit),
                    region_cause(type), static_cast<std::int8_t>(type)};
        }
    return n;
}

// Makes an implied "on" potential with its parent, and with its hidden parents: the "off"
// potentials (from `offs`) that removed the cell's other candidates or the region's other
// places since the source grid (only where the search writes to its grid).
int Chaining::make_on(const Implied& implied, int parent, const PotentialSet& offs)
{
    const int node = store_.make(implied.cell, implied.digit, true, implied.cause, parent);
    if (!has_source_)
        return node;
    const auto add = [&](int cell, int digit) {
        const int hidden = offs.get(potential_key(cell, digit, false));
        if (hidden >= 0) // (SE stops with "Parent not found" otherwise)
            store_.add_parent(node, hidden);
    };
    if (implied.region_type < 0) {
        const auto gone =
            static_cast<unsigned>(source_.candidates[static_cast<std::size_t>(implied.cell)] &
                                  ~grid_.candidates[static_cast<std::size_t>(implied.cell)]);
        for (unsigned m = gone; m != 0; m &= m - 1)
            add(implied.cell, std::countr_zero(m) + 1);
    } else {
        const int type = implied.region_type, region = region_of(type, implied.cell);
        const unsigned gone = source_.positions(type, region, implied.digit) &
                              ~grid_.positions(type, region, implied.digit);
        for (unsigned m = gone; m != 0; m &= m - 1)
            add(cell_at(type, region, std::countr_zero(m)), implied.digit);
    }
    return node;
}

// SE's cycle search: level by level from the assumption "on"; an "off" potential is queued
// again each time it is reached (unless it is on its own first-parent path), and a cycle is
// the assumption reached again "on" after four links or more.
void Chaining::do_cycles(PotentialSet& to_on, PotentialSet& to_off, bool y_links, bool x_links,
                         std::vector<int>& cycles, int source_key)
{
    pending_on_ = to_on.nodes();
    pending_off_ = to_off.nodes();
    std::size_t on_head = 0, off_head = 0;
    Implications implied;
    int length = 0;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
        ++length;
        for (; on_head < pending_on_.size(); ++on_head) {
            const int p = pending_on_[on_head];
            const int n = on_to_off(p, y_links, implied);
            for (int k = 0; k < n; ++k) {
                const Implied& off = implied[static_cast<std::size_t>(k)];
                const int key = potential_key(off.cell, off.digit, false);
                if (store_.has_ancestor(p, key))
                    continue;
                const int node = store_.make(off.cell, off.digit, false, off.cause, p);
                pending_off_.push_back(node);
                to_off.add(key, node);
            }
        }
        ++length;
        for (; off_head < pending_off_.size(); ++off_head) {
            const int p = pending_off_[off_head];
            const int n = off_to_on(p, y_links, x_links, implied);
            for (int k = 0; k < n; ++k) {
                const Implied& on = implied[static_cast<std::size_t>(k)];
                const int key = potential_key(on.cell, on.digit, true);
                const bool cycle = length >= 4 && key == source_key;
                const bool fresh = !to_on.contains(key);
                if (!cycle && !fresh)
                    continue;
                const int node = make_on(on, p, to_off);
                if (cycle)
                    cycles.push_back(node);
                if (fresh) {
                    pending_on_.push_back(node);
                    to_on.add(key, node);
                }
            }
        }
    }
}

// SE's forcing chain search from one assumption: breadth first, every potential once; a
// chain is the assumption's conjugate reached (the first time only, over both searches).
void Chaining::do_forcing_chains(PotentialSet& to_on, PotentialSet& to_off, bool y_links,
                                 std::vector<int>& chains, int source_key)
{
    const auto known = [&](int key) {
        return std::any_of(chains.begin(), chains.end(),
                           [&](int node) { return store_[node].key() == key; });
    };
    pending_on_ = to_on.nodes();
    pending_off_ = to_off.nodes();
    std::size_t on_head = 0, off_head = 0;
    Implications implied;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
        for (; on_head < pending_on_.size(); ++on_head) {
            const int p = pending_on_[on_head];
            const int n = on_to_off(p, y_links, implied);
            for (int k = 0; k < n; ++k) {
                const Implied& off = implied[static_cast<std::size_t>(k)];
                const int key = potential_key(off.cell, off.digit, false);
                const bool target = (key | 1) == source_key && !known(key);
                const bool fresh = !to_off.contains(key);
                if (!target && !fresh)
                    continue;
                const int node = store_.make(off.cell, off.digit, false, off.cause, p);
                if (target)
                    chains.push_back(node);
                if (fresh) {
                    pending_off_.push_back(node);
                    to_off.add(key, node);
                }
            }
        }
        for (; off_head < pending_off_.size(); ++off_head) {
            const int p = pending_off_[off_head];
            const int n = off_to_on(p, y_links, true, implied);
            for (int k = 0; k < n; ++k) {
                const Implied& on = implied[static_cast<std::size_t>(k)];
                const int key = potential_key(on.cell, on.digit, true);
                const bool target = (key & ~1) == source_key && !known(key);
                const bool fresh = !to_on.contains(key);
                if (!target && !fresh)
                    continue;
                const int node = make_on(on, p, to_off);
                if (target)
                    chains.push_back(node);
                if (fresh) {
                    pending_on_.push_back(node);
                    to_on.add(key, node);
                }
            }
        }
    }
}

// One assumption of the forcing chains and cycles: its cycles, then the chains from it "on"
// (it cannot be) and "off" (it must be). Y links alone give only cycles, from cells of two.
void Chaining::unary_chaining(int cell, int digit, bool y_links, bool x_links,
                              std::vector<ChainHint>& out)
{
    if (!x_links && std::popcount(grid_.candidates[static_cast<std::size_t>(cell)]) > 2)
        return;
    store_.clear();
    auto& to_on = sets_[0];
    auto& to_off = sets_[1];
    std::vector<int> cycles, chains;
    const int on_key = potential_key(cell, digit, true);
    to_on.clear();
    to_off.clear();
    to_on.add(on_key, store_.make(cell, digit, true, Cause::assumption));
    do_cycles(to_on, to_off, y_links, x_links, cycles, on_key);
    if (x_links) {
        to_on.clear();
        to_off.clear();
        to_on.add(on_key, store_.make(cell, digit, true, Cause::assumption));
        do_forcing_chains(to_on, to_off, y_links, chains, on_key);
        to_on.clear();
        to_off.clear();
        to_off.add(on_key - 1, store_.make(cell, digit, false, Cause::assumption));
        do_forcing_chains(to_on, to_off, y_links, chains, on_key - 1);
    }
    for (const int dst_on : cycles)
        add_cycle_hint(dst_on, y_links, x_links, out);
    for (const int target : chains)
        add_forcing_chain_hint(target, y_links, x_links, out);
}

// Every candidate of every cell of two candidates or more, cells in order, digits up.
void Chaining::loop_hints(bool y_links, bool x_links, std::vector<ChainHint>& out)
{
    for (int cell = 0; cell < 81; ++cell) {
        const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
        if (std::popcount(values) < 2)
            continue;
        for (unsigned m = values; m != 0; m &= m - 1)
            unary_chaining(cell, std::countr_zero(m) + 1, y_links, x_links, out);
    }
}

std::vector<ChainHint> Chaining::hints(const ChainGrid& grid)
{
    grid_ = grid;
    std::vector<ChainHint> result;
    if (!multiple_ && !dynamic_) {
        has_source_ = false;             // (SE's saveGrid is empty here: no hidden parents)
        loop_hints(false, true, result); // X links: coloring, fish-like cycles
        loop_hints(true, false, result); // Y links
        loop_hints(true, true, result);  // both
    } else {
        value_on_.resize(9);
        value_off_.resize(9);
        position_on_.resize(9);
        position_off_.resize(9);
        work_.resize(6);
        for (int cell = 0; cell < 81; ++cell) {
            const int count = std::popcount(grid_.candidates[static_cast<std::size_t>(cell)]);
            if (count > 2 || (count > 1 && dynamic_))
                cell_chainings(cell, result);
        }
    }
    std::stable_sort(result.begin(), result.end(), [](const ChainHint& a, const ChainHint& b) {
        if (a.difficulty != b.difficulty)
            return a.difficulty < b.difficulty;
        if (a.complexity != b.complexity)
            return a.complexity < b.complexity;
        return a.sort_key < b.sort_key;
    });
    // SE's hints are equal when they remove the same candidates: the first one stays
    std::vector<ChainHint> kept;
    for (auto& hint : result)
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const ChainHint& k) { return k.same_removals(hint); }))
            kept.push_back(std::move(hint));
    return kept;
}

} // namespace sudoku::se::chains
