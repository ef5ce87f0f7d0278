// SE's chaining engine: the potentials' store and sets, the static implications, the
// breadth-first searches of forcing chains and cycles, and the hints' order. See se_chains.hpp.
#include "se_chains.hpp"
#include "se_chain_links.hpp"

#include <algorithm>
#include <limits>

namespace sudoku::se::chains {

void PotentialStore::clear()
{
    size_ = 0;
    more_parents_.clear();
}

bool PotentialStore::path_has(int node, int key) const
{
    for (int p = node; p >= 0;) {
        const Potential& potential = nodes_[static_cast<std::size_t>(p)];
        if (potential.key_ == key)
            return true;
        p = potential.parent;
    }
    return false;
}

void PotentialSet::clear()
{
    for (const int key : keys())
        node_[static_cast<std::size_t>(key)] = -1;
    size_ = 0;
}

void PotentialSet::nodes(std::vector<int>& out) const
{
    out.assign(in_order_.begin(), in_order_.begin() + size_);
}

void PotentialSet::nodes(std::vector<int>& out, KeyBits& found) const
{
    nodes(out);
    for (const int key : keys())
        found.add(key);
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
    for (const int type : {box, row, column})
        for (int region = 0; region < 9; ++region)
            empty_cells[static_cast<std::size_t>(type * 9 + region)] =
                static_cast<std::uint8_t>(state.empty_cells(type, region));
    for (int d = 1; d <= 9; ++d)
        placed[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(state.placed(d));
}

std::array<Cells, 9> ChainGrid::cells_by_digit() const
{
    std::array<Cells, 9> cells{};
    for (int cell = 0; cell < 81; ++cell)
        for (unsigned m = candidates[static_cast<std::size_t>(cell)]; m != 0; m &= m - 1)
            cells[static_cast<std::size_t>(std::countr_zero(m))].add(cell);
    return cells;
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

void Chaining::find_implications(int key, bool y_links, bool x_links)
{
    const int cell = key / 18, digit = key / 2 % 9 + 1;
    const std::size_t start = implied_.size();
    const auto keep = [&](const Implied& implied) {
        implied_.push_back(implied);
        return true;
    };
    if ((key & 1) != 0)
        each_off_implied(cell, digit, y_links, keep);
    else
        each_on_implied(cell, digit, y_links, x_links, keep);
    implied_start_[static_cast<std::size_t>(key)] = static_cast<std::int32_t>(start);
    implied_count_[static_cast<std::size_t>(key)] =
        static_cast<std::int8_t>(implied_.size() - start);
}

// Makes an implied "on" potential with its parent, and with its hidden parents: the "off"
// potentials (from `offs`) that removed the cell's other candidates or the region's other
// places since the source grid (only where the search writes to its grid).
int Chaining::make_on(const Implied& implied, int parent, const PotentialSet& offs)
{
    const int node = store_.make(implied.cell, implied.digit, true, implied.cause, parent);
    if (!has_source_)
        return node;
    each_ruled_out(implied.cell, implied.digit, implied.region_type, [&](int cell, int digit) {
        const int hidden = offs.get(potential_key(cell, digit, false));
        if (hidden >= 0) // (SE stops with "Parent not found" otherwise)
            store_.add_parent(node, hidden);
    });
    return node;
}

// SE's cycle search: level by level from the assumption "on"; an "off" potential is queued
// again each time it is reached (unless it is on its own first-parent path), and a cycle is
// the assumption reached again "on" after four links or more. (Static: the grid does not
// change, and the "off" potentials found are not needed afterwards.) Here an "off" potential
// that could give nothing new is left out: one that implies nothing, and one whose key is
// spent (below). Each cycle is made a hint as it is found, so that the best hint so far bounds
// the rest of the search. And a potential that does not lead back to the assumption is left
// out: all that lies on a cycle through it is in its strongly connected component, and what
// the search makes there comes from there, in the same order.
void Chaining::do_cycles(PotentialSet& to_on, bool y_links, bool x_links, int source_key,
                         std::vector<ChainHint>& out)
{
    to_on.nodes(pending_on_);
    pending_off_.clear();
    if (++search_ == 0) {
        spent_.fill(0);
        search_ = 1;
    }
    std::size_t on_head = 0, off_head = 0;
    int length = 0; // the links from the assumption to the potentials made
    const double base = y_links && x_links ? 7.0 : 6.5;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
        // (a cycle made next has length + 2 links, and as many potentials apart from the
        // assumption's own: its complexity)
        if (beyond_best(base, std::max(length + 2, 4)))
            return;
        ++length;
        for (; on_head < pending_on_.size(); ++on_head) {
            const int p = pending_on_[on_head];
            int n = 0;
            const std::size_t start = implications(store_[p].key(), y_links, x_links, n);
            for (int k = 0; k < n; ++k) {
                const Implied off = implied_[start + static_cast<std::size_t>(k)];
                const int key = potential_key(off.cell, off.digit, false);
                // (an "off" potential that implies nothing new would end there: not made)
                if (spent_[static_cast<std::size_t>(key)] == search_ ||
                    !reach_->together(key, source_key) ||
                    implication_count(key, y_links, x_links) == 0 || store_.has_ancestor(p, key))
                    continue;
                pending_off_.push_back(store_.make(off.cell, off.digit, false, off.cause, p));
            }
        }
        ++length;
        for (; off_head < pending_off_.size(); ++off_head) {
            const int p = pending_off_[off_head];
            const auto off_key = static_cast<std::size_t>(store_[p].key());
            if (spent_[off_key] == search_)
                continue;
            int n = 0;
            const std::size_t start = implications(static_cast<int>(off_key), y_links, x_links, n);
            // (once one potential of this key is followed, every "on" it implies is known: it
            // is spent, unless it leads back to the assumption)
            bool spent = true;
            for (int k = 0; k < n; ++k) {
                const Implied on = implied_[start + static_cast<std::size_t>(k)];
                const int key = potential_key(on.cell, on.digit, true);
                spent = spent && key != source_key;
                const bool cycle = length >= 4 && key == source_key;
                const bool fresh = !to_on.contains(key) && reach_->together(key, source_key);
                if (!cycle && !fresh)
                    continue;
                const int node = store_.make(on.cell, on.digit, true, on.cause, p);
                if (cycle)
                    add_cycle_hint(node, y_links, x_links, out);
                if (fresh) {
                    pending_on_.push_back(node);
                    to_on.add(key, node);
                }
            }
            if (spent)
                spent_[off_key] = search_;
        }
    }
}

// SE's forcing chain search from one assumption: breadth first, every potential once; a
// chain is the assumption's conjugate reached (the first time only). (Static: the grid does
// not change. Nothing but the chain is kept, so the search ends there.)
void Chaining::do_forcing_chains(PotentialSet& to_on, PotentialSet& to_off, bool y_links,
                                 int source_key)
{
    to_on.nodes(pending_on_);
    to_off.nodes(pending_off_);
    std::size_t on_head = 0, off_head = 0;
    int length = 0; // the links from the assumption to the potentials made
    const double base = y_links ? 7.0 : 6.6;
    // (level by level: each pass makes the potentials one link further; a chain's target made
    // next has length + 1 links, and one potential more: its complexity)
    const auto stop = [&] { return beyond_best(base, length + 2); };
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
        if (on_head < pending_on_.size()) {
            if (stop())
                return;
            ++length;
        }
        for (; on_head < pending_on_.size(); ++on_head) {
            const int p = pending_on_[on_head];
            int n = 0;
            const std::size_t start = implications(store_[p].key(), y_links, true, n);
            for (int k = 0; k < n; ++k) {
                const Implied off = implied_[start + static_cast<std::size_t>(k)];
                const int key = potential_key(off.cell, off.digit, false);
                if ((key | 1) == source_key) {
                    chains_.push_back(store_.make(off.cell, off.digit, false, off.cause, p));
                    return;
                }
                // (an "off" potential that implies nothing would end there: not made)
                if (to_off.contains(key) || implication_count(key, y_links, true) == 0)
                    continue;
                const int node = store_.make(off.cell, off.digit, false, off.cause, p);
                pending_off_.push_back(node);
                to_off.add(key, node);
            }
        }
        if (off_head < pending_off_.size()) {
            if (stop())
                return;
            ++length;
        }
        for (; off_head < pending_off_.size(); ++off_head) {
            const int p = pending_off_[off_head];
            int n = 0;
            const std::size_t start = implications(store_[p].key(), y_links, true, n);
            for (int k = 0; k < n; ++k) {
                const Implied on = implied_[start + static_cast<std::size_t>(k)];
                const int key = potential_key(on.cell, on.digit, true);
                if ((key & ~1) == source_key) {
                    chains_.push_back(store_.make(on.cell, on.digit, true, on.cause, p));
                    return;
                }
                if (to_on.contains(key))
                    continue;
                const int node = store_.make(on.cell, on.digit, true, on.cause, p);
                pending_on_.push_back(node);
                to_on.add(key, node);
            }
        }
    }
}

// One assumption of the forcing chains and cycles: its cycles, then the chains from it "on"
// (it cannot be) and "off" (it must be). Y links alone give only cycles, from cells of two.
void Chaining::unary_chaining(int cell, int digit, bool y_links, bool x_links,
                              std::vector<ChainHint>& out)
{
    if (!x_links && count_of(grid_.candidates[static_cast<std::size_t>(cell)]) > 2)
        return;
    // (the searches made only where the graph of both kinds of links has what they look for:
    // for most assumptions, none)
    const bool cycles = reach_->cycle(cell, digit);
    const bool from_on = x_links && reach_->on_to_off(cell, digit);
    const bool from_off = x_links && reach_->off_to_on(cell, digit);
    if (!cycles && !from_on && !from_off)
        return;
    store_.clear();
    auto& to_on = sets_[0];
    auto& to_off = sets_[1];
    chains_.clear();
    const int on_key = potential_key(cell, digit, true);
    to_on.clear();
    to_on.add(on_key, store_.make(cell, digit, true, Cause::assumption));
    if (cycles)
        do_cycles(to_on, y_links, x_links, on_key, out);
    if (from_on && chain_may_lead(cell, digit, Assumed::on, y_links)) {
        to_on.clear();
        to_off.clear();
        to_on.add(on_key, store_.make(cell, digit, true, Cause::assumption));
        do_forcing_chains(to_on, to_off, y_links, on_key);
    }
    if (from_off && chain_may_lead(cell, digit, Assumed::off, y_links)) {
        to_on.clear();
        to_off.clear();
        to_off.add(on_key - 1, store_.make(cell, digit, false, Cause::assumption));
        do_forcing_chains(to_on, to_off, y_links, on_key - 1);
    }
    for (const int target : chains_)
        add_forcing_chain_hint(target, y_links, x_links, out);
}

bool Chaining::note_best(const ChainHint& hint)
{
    if (nesting_)
        return true;
    if (has_best_ && (hint.difficulty > best_difficulty_ ||
                      (hint.difficulty == best_difficulty_ && hint.complexity > best_complexity_)))
        return false;
    has_best_ = true;
    best_difficulty_ = hint.difficulty;
    best_complexity_ = hint.complexity;
    return true;
}

// Only the first hint of a search shown counts, and SE sorts by difficulty, then complexity,
// then the kind of links (X, Y, both: the order searched); so a search can stop where all it
// would find sorts after the best found. (A nested search keeps every hint.)
bool Chaining::beyond_best(double base, int complexity) const
{
    if (nesting_ || !has_best_)
        return false;
    const double difficulty = base + length_bonus(complexity);
    return difficulty > best_difficulty_ ||
           (difficulty == best_difficulty_ && complexity > best_complexity_);
}

int Chaining::most_complexity(double base) const
{
    if (nesting_ || !has_best_ || base + length_bonus(best_complexity_) != best_difficulty_)
        return std::numeric_limits<int>::max();
    // (a complexity up to the best's has that difficulty or less; one above has it or more,
    // and then sorts after the best)
    return best_complexity_;
}

bool Chaining::chain_may_lead(int cell, int digit, Assumed assumed, bool y_links) const
{
    if (nesting_ || !has_best_)
        return true;
    const double base = y_links ? 7.0 : 6.6;
    int most = 0; // the most links of a chain whose hint the best does not sort before
    while (true) {
        const int complexity = most + 2; // (one link more)
        const double difficulty = base + length_bonus(complexity);
        if (difficulty > best_difficulty_ ||
            (difficulty == best_difficulty_ && complexity >= best_complexity_))
            break;
        ++most;
    }
    return most > 0 && shortest_.links(cell, digit, assumed, y_links, most) > 0;
}

// Every candidate of every cell of two candidates or more, cells in order, digits up.
//
// With X links alone, the searches from a digit's candidates follow that digit alone, so what
// they find depends only on its places (where none is a cell's last candidate, which would be
// left out): a digit whose places gave nothing before gives nothing again, and is skipped.
// Only a pass that found nothing keeps its digits (per thread, by their places, as the
// fishes' are): that pass had no best hint to bound its searches, since it runs first and
// hints() starts without one, so nothing was left out. (On the 1,903 reference puzzles this
// pass finds nothing at all, so they cannot show a digit skipped wrongly; the nested chains'
// tests can, and do when every digit is skipped.)
void Chaining::loop_hints(bool y_links, bool x_links, std::vector<ChainHint>& out)
{
    thread_local FoundNothing x_nothing;
    const bool x_alone = !y_links;
    std::array<bool, 9> skipped{}, kept{};
    if (x_alone) {
        Cells singles;
        for (int cell = 0; cell < 81; ++cell)
            if (count_of(grid_.candidates[static_cast<std::size_t>(cell)]) == 1)
                singles.add(cell);
        for (std::size_t d = 0; d < 9; ++d) {
            kept[d] = !(with_digit_[d] & singles).any();
            skipped[d] = kept[d] && x_nothing.known(Footprint::of(with_digit_[d]));
        }
    }
    const std::size_t before = out.size();
    implied_count_.fill(-1);
    implied_.clear();
    for (int cell = 0; cell < 81; ++cell) {
        const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
        if (count_of(values) < 2)
            continue;
        for (unsigned m = values; m != 0; m &= m - 1) {
            const int digit = std::countr_zero(m) + 1;
            if (!skipped[static_cast<std::size_t>(digit - 1)])
                unary_chaining(cell, digit, y_links, x_links, out);
        }
    }
    if (x_alone && out.size() == before)
        for (std::size_t d = 0; d < 9; ++d)
            if (kept[d] && !skipped[d])
                x_nothing.add(Footprint::of(with_digit_[d]));
}

// Whether the multiple (not dynamic) forcing chains from a cell can find anything: a potential
// that follows from each of its digits, or from each place of one of its digits in a region
// it is the first place of.
bool Chaining::multiple_reductions(int cell) const
{
    const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
    int keys[9] = {};
    int n = 0;
    for (unsigned m = values; m != 0; m &= m - 1)
        keys[n++] = potential_key(cell, std::countr_zero(m) + 1, true);
    if (reach_->common(keys, n))
        return true;
    for (unsigned m = values; m != 0; m &= m - 1) {
        const int digit = std::countr_zero(m) + 1;
        for (const int type : {box, row, column}) {
            const int region = region_of(type, cell);
            const unsigned places = grid_.positions(type, region, digit);
            if (count_of(places) < 2 || cell_at(type, region, std::countr_zero(places)) != cell)
                continue;
            n = 0;
            for (unsigned p = places; p != 0; p &= p - 1)
                keys[n++] = potential_key(cell_at(type, region, std::countr_zero(p)), digit, true);
            if (reach_->common(keys, n))
                return true;
        }
    }
    return false;
}

namespace {

// Whether Nishio's search from the candidate "on" (`on`) or "off" can meet a contradiction.
// Its links are the digit's alone: an "on" rules the digit out of the cell's peers, and a
// region left with one place once the others are out has it there. The closure of those
// rules, in any order, holds every potential the search makes (it only ever has fewer places
// ruled out), so a contradiction the search meets is one here: a place both in and out, or a
// region of two places or more with every place out. Where the closure has none, the search
// finds nothing. `places`: the digit's; `regions`: its places in each region of two or more.
bool nishio_may_contradict(Cells places, const Cells* regions, int region_count, int cell, bool on)
{
    Cells ons, offs = on ? Cells{} : Cells::of(cell);
    Cells fresh = on ? Cells::of(cell) : Cells{}; // "on" places whose peers are not out yet
    Cells fresh_offs = offs;                      // places out since the regions were looked at
    while (true) {
        ons |= fresh;
        fresh.each([&](int place) {
            fresh_offs |= (se::peers[static_cast<std::size_t>(place)] & places) - offs;
        });
        offs |= fresh_offs;
        if ((ons & offs).any())
            return true;
        fresh = {};
        // (a region changes only where a place of it is out: the search looks at it then)
        for (int r = 0; r < region_count; ++r) {
            if (!(regions[r] & fresh_offs).any())
                continue;
            const Cells left = regions[r] - offs;
            if (!left.any())
                return true;
            if (left.one())
                fresh |= left - ons;
        }
        if (!fresh.any())
            return false;
        fresh_offs = {};
    }
}

} // namespace

Cells Chaining::nishio_assumptions(Cells places)
{
    // (a digit's places alone decide: kept per thread, see FootprintMap)
    thread_local FootprintMap<Cells> known;
    if (const Cells* found = known.find(Footprint::of(places)))
        return *found;
    // (a region of one place gives the search nothing, even once it is out)
    std::array<Cells, 27> regions;
    int count = 0;
    for (const auto& of_type : region_cells)
        for (const Cells region : of_type)
            if (const Cells here = region & places; here.count() >= 2)
                regions[static_cast<std::size_t>(count++)] = here;
    Cells may;
    places.each([&](int cell) {
        if (nishio_may_contradict(places, regions.data(), count, cell, true) ||
            nishio_may_contradict(places, regions.data(), count, cell, false))
            may.add(cell);
    });
    known.put(Footprint::of(places), may);
    return may;
}

std::vector<ChainHint> Chaining::hints(const ChainGrid& grid)
{
    grid_ = grid;
    if (multiple_ || dynamic_)
        source_ = grid; // (SE's saveGrid, for the hidden parents of their propagation)
    std::vector<ChainHint> result;
    has_best_ = false;
    with_digit_ =
        nishio_ || (!multiple_ && !dynamic_) ? grid_.cells_by_digit() : std::array<Cells, 9>{};
    if (nishio_ && level_ == 0)
        for (std::size_t d = 0; d < 9; ++d)
            nishio_assumptions_[d] = nishio_assumptions(with_digit_[d]);
    if (!multiple_ && !dynamic_) {
        has_source_ = false; // (SE's saveGrid is empty here: no hidden parents)
        reach_ = ChainReach::of(grid_);
        shortest_.reset(grid_);
        loop_hints(false, true, result); // X links: coloring, fish-like cycles
        loop_hints(true, false, result); // Y links
        loop_hints(true, true, result);  // both
    } else {
        // (one store for every cell: the assumptions followed are kept and read again)
        store_.clear();
        nested_.clear();
        followed_.resize(81 * 9);
        for (Followed& followed : followed_)
            followed.done = false;
        work_.resize(2);
        // (static propagation: a cell is followed only where the graph of the implications
        // has something that follows from each branch)
        const bool filtered = !dynamic_ && level_ == 0;
        if (filtered)
            reach_ = ChainReach::of(grid_);
        for (int cell = 0; cell < 81; ++cell) {
            const int count = count_of(grid_.candidates[static_cast<std::size_t>(cell)]);
            if ((count > 2 || (count > 1 && dynamic_)) && (!filtered || multiple_reductions(cell)))
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
