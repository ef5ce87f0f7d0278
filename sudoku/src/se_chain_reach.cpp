// What the static chains can find at all: reachability in the graph of the static
// implications with both kinds of links, found once per grid. See se_chain_reach.hpp.
//
// Every static search follows edges of that graph (those with X links only or Y links only,
// some of them), so where the graph has no path, no search finds one:
//   - a forcing chain is a path from an assumption to its negation;
//   - a cycle through an assumption "on" passes through another "on" potential and comes
//     back, so all its potentials lie in one strongly connected component; and it is a hint
//     only where it removes something: a candidate of a digit that sees an "on" and an "off"
//     potential of that digit on the cycle, so in the component (for most assumptions there
//     is no such candidate);
//   - a multiple forcing chain (cell or region) is a potential reached from every branch.
// Those searches are skipped where the graph rules them out; what they find elsewhere is as
// before. The components are found by Tarjan's algorithm; each one, once finished, gets the
// set of components it reaches (those it points into are finished before it).
//
// Also here: the length of the shortest forcing chain from an assumption (ShortestChains),
// found on sets of cells; once a hint is found, a forcing chain search is made only where that
// length could give a hint that sorts before it.
#include "se_chain_reach.hpp"

#include <algorithm>

namespace sudoku::se::chains {

namespace {

// Calls visit(key) for each potential implied with X and Y links, as SE's static search links them:
// an "on" potential rules out the cell's other digits and the digit's other places in its regions;
// an "off" one gives the cell's other digit (a cell of two) and the digit's other place in a region
// of two places. (The same rules as Chaining::each_off_implied and each_on_implied,
// se_chain_links.hpp, with both kinds of links: a link those make that this does not would skip
// searches wrongly. se_chain_reach_test checks them against SE's links written out again.)
template <typename Visit> void each_implied_key(const ChainGrid& grid, int key, const Visit& visit)
{
    const int cell = key / 18, digit = key / 2 % 9 + 1;
    const unsigned values = grid.candidates[static_cast<std::size_t>(cell)];
    const CellUnits& units = cell_units[static_cast<std::size_t>(cell)];
    const auto& places = grid.places[static_cast<std::size_t>(digit - 1)];
    if ((key & 1) != 0) {
        // the cell's other digits (bits 0-8), then each peer once: the box, then the row and
        // the column outside it (bits 9-35), in one loop as Chaining::each_off_implied
        std::uint64_t all = values & ~bit(digit);
        for (std::size_t t = 0; t < 3; ++t)
            all |= static_cast<std::uint64_t>(places[units.unit[t]] & units.outside[t])
                   << (9 * t + 9);
        for (; all != 0; all &= all - 1) {
            const int b = std::countr_zero(all);
            visit(b < 9 ? potential_key(cell, b + 1, false)
                        : potential_key(units.at[static_cast<std::size_t>(b - 9)], digit, false));
        }
        return;
    }
    if (count_of(values) == 2)
        visit(potential_key(cell, std::countr_zero(values & ~bit(digit)) + 1, true));
    for (std::size_t t = 0; t < 3; ++t) {
        const unsigned others = places[units.unit[t]] & units.others[t];
        if (others != 0 && (others & (others - 1)) == 0)
            visit(potential_key(unit_cell(units.unit[t], std::countr_zero(others)), digit, true));
    }
}

} // namespace

std::shared_ptr<const ChainReach> ChainReach::of(const ChainGrid& grid)
{
    // (the static chains and the multiple chains search the same grid one after the other)
    thread_local std::shared_ptr<const ChainReach> last;
    if (!last || last->candidates_ != grid.candidates)
        last = std::shared_ptr<const ChainReach>(new ChainReach(grid));
    return last;
}

bool ChainReach::common(const int* keys, int count) const
{
    std::array<std::uint64_t, max_words> all;
    all.fill(~std::uint64_t{0});
    for (int k = 0; k < count; ++k) {
        const auto from =
            static_cast<std::size_t>(component_[static_cast<std::size_t>(keys[k])]) * words_;
        for (std::size_t w = 0; w < words_; ++w)
            all[w] &= reach_[from + w];
    }
    return std::any_of(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(words_),
                       [](std::uint64_t w) { return w != 0; });
}

ChainReach::ChainReach(const ChainGrid& grid) : candidates_(grid.candidates)
{
    // (the work arrays, kept per thread: a static chain search makes one of these each time)
    struct Work {
        // [key]: its node, or for a sink -1 - its component
        std::array<std::int16_t, key_count> node_of;
        std::array<std::int16_t, key_count> key_of;    // [node]
        std::array<std::int32_t, key_count + 1> start; // [node]: its first edge
        std::array<std::int32_t, key_count> sinks;     // [node]: its first edge to a sink
        // the edges' ends by node: nodes, then (from sinks[node]) the sinks' components
        std::vector<std::int16_t> targets;
        std::array<std::int16_t, key_count> index, low, component, stack, call_node;
        std::array<std::int32_t, key_count> call_edge; // (Tarjan's calls: node, next edge)
        std::array<bool, key_count> on_stack;
        std::array<std::int16_t, key_count> on_count; // [component]: its "on" potentials
        std::array<std::int16_t, key_count> merged;   // [component]: the last whose reach took it
    };
    thread_local Work work;
    auto& [node_of, key_of, start, sinks, targets, index, low, component, stack, call_node,
           call_edge, on_stack, on_count, merged] = work;

    // The graph over the candidates' keys, "on" and "off", in compressed rows. The "off" keys
    // that imply nothing (each_implied_key's rules for an "off" key, read off the counts: no
    // other digit in a cell of two, no other place in a region of two; a quarter of the keys,
    // and most edges end there) are sinks: each a component of its own, numbered first, and
    // no node of the search. The other keys are its nodes, in key order; each node's edges to
    // sinks come last (from sinks[node]), as the sinks' components. Asking each_implied_key
    // itself costs a second call per "off" key; a key taken for a sink wrongly would lose its
    // edges, which se_chain_reach_test's second model of the links would show.
    int nodes = 0, sink_count = 0;
    for (int cell = 0; cell < 81; ++cell) {
        const unsigned values = grid.candidates[static_cast<std::size_t>(cell)];
        const CellUnits& units = cell_units[static_cast<std::size_t>(cell)];
        for (unsigned m = values; m != 0; m &= m - 1) {
            const int digit = std::countr_zero(m) + 1;
            const auto& places = grid.places[static_cast<std::size_t>(digit - 1)];
            const int on = potential_key(cell, digit, true), off = on - 1;
            const bool sink = count_of(values) != 2 && count_of(places[units.unit[0]]) != 2 &&
                              count_of(places[units.unit[1]]) != 2 &&
                              count_of(places[units.unit[2]]) != 2;
            if (sink) {
                node_of[static_cast<std::size_t>(off)] = static_cast<std::int16_t>(-1 - sink_count);
                component_[static_cast<std::size_t>(off)] = static_cast<std::int16_t>(sink_count++);
            } else {
                node_of[static_cast<std::size_t>(off)] = static_cast<std::int16_t>(nodes);
                key_of[static_cast<std::size_t>(nodes++)] = static_cast<std::int16_t>(off);
            }
            node_of[static_cast<std::size_t>(on)] = static_cast<std::int16_t>(nodes);
            key_of[static_cast<std::size_t>(nodes++)] = static_cast<std::int16_t>(on);
        }
    }
    const auto count = static_cast<std::size_t>(nodes);
    targets.resize(std::max(targets.size(), 32 * count)); // (32: the most a key implies)
    std::size_t edges = 0;
    for (std::size_t v = 0; v < count; ++v) {
        start[v] = static_cast<std::int32_t>(edges);
        std::int16_t later[32];
        int sinks_here = 0;
        each_implied_key(grid, key_of[v], [&](int key) { // (all candidates' keys)
            const std::int16_t w = work.node_of[static_cast<std::size_t>(key)];
            if (w < 0)
                later[sinks_here++] = static_cast<std::int16_t>(-1 - w);
            else
                work.targets[edges++] = w;
        });
        sinks[v] = static_cast<std::int32_t>(edges);
        for (int k = 0; k < sinks_here; ++k)
            targets[edges++] = later[k];
    }
    start[count] = static_cast<std::int32_t>(edges);

    // Tarjan's components, iteratively; a component's reach is set when it is finished. The
    // sinks' components come first (each reaches itself); a component takes those it points
    // to straight into its reach.
    const auto most_components = static_cast<std::size_t>(sink_count) + count;
    words_ = (most_components + 63) / 64;
    std::fill_n(index.begin(), count, std::int16_t{-1});
    std::fill_n(on_stack.begin(), count, false);
    reach_.assign(most_components * words_, 0);
    int next_index = 0, components = sink_count, depth = 0, stacked = 0;
    for (int c = 0; c < sink_count; ++c)
        reach_[static_cast<std::size_t>(c) * words_ + static_cast<std::size_t>(c / 64)] |=
            std::uint64_t{1} << (c % 64);
    for (std::size_t root = 0; root < count; ++root) {
        if (index[root] >= 0)
            continue;
        call_node[0] = static_cast<std::int16_t>(root);
        call_edge[0] = start[root];
        depth = 1;
        index[root] = low[root] = static_cast<std::int16_t>(next_index++);
        stack[static_cast<std::size_t>(stacked++)] = static_cast<std::int16_t>(root);
        on_stack[root] = true;
        while (depth > 0) {
            const auto vi =
                static_cast<std::size_t>(call_node[static_cast<std::size_t>(depth - 1)]);
            std::int32_t& edge = call_edge[static_cast<std::size_t>(depth - 1)];
            if (edge < sinks[vi]) {
                const auto w = static_cast<std::size_t>(targets[static_cast<std::size_t>(edge++)]);
                if (index[w] < 0) {
                    index[w] = low[w] = static_cast<std::int16_t>(next_index++);
                    stack[static_cast<std::size_t>(stacked++)] = static_cast<std::int16_t>(w);
                    on_stack[w] = true;
                    call_node[static_cast<std::size_t>(depth)] = static_cast<std::int16_t>(w);
                    call_edge[static_cast<std::size_t>(depth++)] = start[w];
                } else if (on_stack[w]) {
                    low[vi] = std::min(low[vi], index[w]);
                }
                continue;
            }
            if (--depth > 0) {
                const auto parent =
                    static_cast<std::size_t>(call_node[static_cast<std::size_t>(depth - 1)]);
                low[parent] = std::min(low[parent], low[vi]);
            }
            if (low[vi] != index[vi])
                continue;
            // a component: its members off the stack (down to vi), then its reach
            const int c = components++;
            const auto base = static_cast<std::size_t>(c) * words_;
            reach_[base + static_cast<std::size_t>(c / 64)] |= std::uint64_t{1} << (c % 64);
            int first_member = stacked - 1;
            while (stack[static_cast<std::size_t>(first_member)] != static_cast<std::int16_t>(vi))
                --first_member;
            int ons = 0;
            for (int m = first_member; m < stacked; ++m) {
                const auto u = static_cast<std::size_t>(stack[static_cast<std::size_t>(m)]);
                on_stack[u] = false;
                component[u] = static_cast<std::int16_t>(c);
                ons += key_of[u] & 1;
            }
            on_count[static_cast<std::size_t>(c)] = static_cast<std::int16_t>(ons);
            merged[static_cast<std::size_t>(c)] = static_cast<std::int16_t>(c);
            const int used_words = c / 64 + 1; // (it reaches only components finished before)
            for (int m = first_member; m < stacked; ++m) {
                const auto u = static_cast<std::size_t>(stack[static_cast<std::size_t>(m)]);
                for (std::int32_t e = sinks[u]; e < start[u + 1]; ++e) {
                    const int d = targets[static_cast<std::size_t>(e)]; // (a sink's component)
                    reach_[base + static_cast<std::size_t>(d / 64)] |= std::uint64_t{1} << (d % 64);
                }
                for (std::int32_t e = start[u]; e < sinks[u]; ++e) {
                    const auto w = static_cast<std::size_t>(targets[static_cast<std::size_t>(e)]);
                    const int d = component[w];
                    if (merged[static_cast<std::size_t>(d)] == c) // (itself, or taken already)
                        continue;
                    merged[static_cast<std::size_t>(d)] = static_cast<std::int16_t>(c);
                    const auto from = static_cast<std::size_t>(d) * words_;
                    for (int k = 0; k < used_words; ++k)
                        reach_[base + static_cast<std::size_t>(k)] |=
                            reach_[from + static_cast<std::size_t>(k)];
                }
            }
            stacked = first_member;
        }
    }
    reach_.resize(static_cast<std::size_t>(components) * words_);
    for (std::size_t v = 0; v < count; ++v)
        component_[static_cast<std::size_t>(key_of[v])] = component[v];

    // Which components with cycles have a candidate a cycle could remove: per digit, the cells
    // that see an "on" potential there and those that see an "off" one.
    // (kept per thread like the work arrays, not allocated anew for each graph)
    thread_local std::vector<std::int16_t> slot;          // [component]
    thread_local std::vector<std::array<Cells, 18>> seen; // [slot][(digit - 1) * 2 + on]
    slot.assign(static_cast<std::size_t>(components), -1);
    seen.clear();
    for (std::size_t v = 0; v < count; ++v) {
        const auto c = static_cast<std::size_t>(component[v]);
        if (on_count[c] < 2)
            continue;
        if (slot[c] < 0) {
            slot[c] = static_cast<std::int16_t>(seen.size());
            seen.emplace_back();
        }
        const int key = key_of[v];
        seen[static_cast<std::size_t>(slot[c])][static_cast<std::size_t>(key % 18)] |=
            se::peers[static_cast<std::size_t>(key / 18)];
    }
    thread_local std::vector<bool> removes; // [slot]
    removes.assign(seen.size(), false);
    if (!seen.empty()) {
        const std::array<Cells, 9> with_digit = grid.cells_by_digit();
        for (std::size_t s = 0; s < seen.size(); ++s)
            for (std::size_t d = 0; d < 9 && !removes[s]; ++d)
                removes[s] = (seen[s][d * 2] & seen[s][d * 2 + 1] & with_digit[d]).any();
    }
    const auto reaches = [&](int from, int to) {
        const auto t = static_cast<std::size_t>(component_[static_cast<std::size_t>(to)]);
        return (reach_[static_cast<std::size_t>(component_[static_cast<std::size_t>(from)]) *
                           words_ +
                       t / 64] >>
                    (t % 64) &
                1) != 0;
    };
    ends_.fill(0);
    for (int cell = 0; cell < 81; ++cell)
        for (unsigned m = grid.candidates[static_cast<std::size_t>(cell)]; m != 0; m &= m - 1) {
            const int digit = std::countr_zero(m) + 1;
            const int on = potential_key(cell, digit, true), off = on - 1;
            const auto s = slot[static_cast<std::size_t>(component_[static_cast<std::size_t>(on)])];
            ends_[static_cast<std::size_t>(cell * 9 + digit - 1)] =
                static_cast<std::uint8_t>((reaches(on, off) ? 1 : 0) | (reaches(off, on) ? 2 : 0) |
                                          (s >= 0 && removes[static_cast<std::size_t>(s)] ? 4 : 0));
        }
}

void ShortestChains::reset(const ChainGrid& grid)
{
    for (std::size_t d = 0; d < 9; ++d) // (conjugates are set only where the digit was)
        with_digit_[d].each([&](int cell) { conjugates_[d][static_cast<std::size_t>(cell)] = {}; });
    with_digit_ = grid.cells_by_digit();
    pairs_ = {};
    for (int cell = 0; cell < 81; ++cell)
        if (count_of(grid.candidates[static_cast<std::size_t>(cell)]) == 2)
            pairs_.add(cell);
    for (std::size_t d = 0; d < 9; ++d)
        for (int unit = 0; unit < 27; ++unit) {
            const unsigned places = grid.places[d][static_cast<std::size_t>(unit)];
            if (count_of(places) != 2)
                continue;
            const int a = unit_cell(unit, std::countr_zero(places));
            const int b = unit_cell(unit, std::countr_zero(places & (places - 1)));
            conjugates_[d][static_cast<std::size_t>(a)].add(b);
            conjugates_[d][static_cast<std::size_t>(b)].add(a);
        }
}

// Level by level on sets of cells, digit by digit: the potentials first made at each number
// of links, "off" and "on" in turn, each key once (as the search for forcing chains makes
// them). The links from one digit to another (Y) go by sets: an "on" candidate rules out the
// cell's other digits, an "off" one in a cell of two gives the other.
int ShortestChains::links(int cell, int digit, Assumed assumed, bool y_links, int most) const
{
    const bool on = assumed == Assumed::on;
    std::array<Cells, 9> level{}, seen_on{}, seen_off{}; // [digit - 1]
    const auto d0 = static_cast<std::size_t>(digit - 1);
    level[d0] = Cells::of(cell);
    (on ? seen_on : seen_off)[d0] = level[d0];
    bool made_off = on; // (what the next level makes)
    for (int length = 1; length <= most; ++length, made_off = !made_off) {
        std::array<Cells, 9> next{};
        if (y_links) { // [d]: the cells with another digit at this level
            std::array<Cells, 10> below{}, above{};
            for (std::size_t d = 0; d < 9; ++d) {
                below[d + 1] = below[d] | level[d];
                above[8 - d] = above[9 - d] | level[8 - d];
            }
            for (std::size_t d = 0; d < 9; ++d)
                next[d] = made_off ? below[d] | above[d + 1] : (below[d] | above[d + 1]) & pairs_;
        }
        for (std::size_t d = 0; d < 9; ++d) {
            const auto& links_of = made_off ? se::peers : conjugates_[d];
            level[d].each([&](int c) { next[d] |= links_of[static_cast<std::size_t>(c)]; });
        }
        if (made_off == on && next[d0].has(cell)) // (the assumption's negation)
            return length;
        bool any = false;
        auto& seen = made_off ? seen_off : seen_on;
        for (std::size_t d = 0; d < 9; ++d) {
            next[d] = (next[d] & with_digit_[d]) - seen[d];
            seen[d] |= next[d];
            any = any || next[d].any();
        }
        if (!any)
            return -1;
        level = next;
    }
    return -1;
}

} // namespace sudoku::se::chains
