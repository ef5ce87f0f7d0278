// SE's multiple, dynamic and Nishio forcing chains: the propagation of an assumption to its
// first contradiction, and the chains from each digit of a cell and from each place of a
// digit in a region. See se_chains.hpp.
#include "se_chain_links.hpp"
#include "se_chains.hpp"

#include <algorithm>
#include <cassert>

namespace sudoku::se::chains {

// SE's doChaining: completes the "on" and "off" sets with everything that follows, taking a
// waiting "on" potential whenever there is one; stops at the first potential found both "on"
// and "off". Dynamic chains rule each "off" potential out of the grid once it is taken, so
// later implications see the reduced grid (and name the removals as hidden parents).
Chaining::Absurd Chaining::do_chaining(PotentialSet& to_on, PotentialSet& to_off)
{
    // (grid_ starts as source_, the grid hints() was given: each propagation puts it back)
    has_source_ = true;
    // (each set is also the queue of what it found: taken in the order added)
    int on_head = 0, off_head = 0;
    Absurd absurd;
    while (absurd.on < 0) {
        if (on_head < to_on.size()) {
            const int p = to_on.node_at(on_head++);
            each_off_implied(store_[p].cell, store_[p].digit, !nishio_, [&](const Implied& off) {
                const int key = potential_key(off.cell, off.digit, false);
                if (to_on.contains(key | 1)) {
                    absurd = {to_on.get(key | 1),
                              store_.make(off.cell, off.digit, false, off.cause, p)};
                    return false;
                }
                if (!to_off.contains(key))
                    to_off.add(key, store_.make(off.cell, off.digit, false, off.cause, p));
                return true;
            });
            continue;
        }
        if (off_head < to_off.size()) {
            const int p = to_off.node_at(off_head++);
            const int cell = store_[p].cell, digit = store_[p].digit;
            each_on_implied(cell, digit, !nishio_, true, [&](const Implied& on) {
                const int key = potential_key(on.cell, on.digit, true);
                if (to_off.contains(key & ~1)) {
                    absurd = {make_on(on, p, to_off), to_off.get(key & ~1)};
                    return false;
                }
                if (!to_on.contains(key))
                    to_on.add(key, make_on(on, p, to_off));
                return true;
            });
            // (after the potentials above are made: their hidden parents predate this one)
            if (dynamic_)
                grid_.remove(cell, digit);
            continue;
        }
        // nothing left: the nested levels go on with what other techniques rule out
        if (level_ > 0 && add_advanced_potentials(to_off))
            continue;
        break;
    }
    if (dynamic_)
        grid_ = source_;
    return absurd;
}

const Chaining::Followed& Chaining::followed(int cell, int digit)
{
    Followed& followed = followed_[static_cast<std::size_t>(cell * 9 + digit - 1)];
    if (followed.done)
        return followed;
    PotentialSet& to_on = work_[0];
    PotentialSet& to_off = work_[1];
    to_on.clear();
    to_off.clear();
    followed.assumption = store_.make(cell, digit, true, Cause::assumption);
    to_on.add(store_, followed.assumption);
    followed.absurd = do_chaining(to_on, to_off);
    followed.keys = {};
    to_on.nodes(followed.on, followed.keys);
    to_off.nodes(followed.off, followed.keys);
    const auto on_keys = to_on.keys(), off_keys = to_off.keys();
    followed.on_keys.assign(on_keys.begin(), on_keys.end());
    followed.off_keys.assign(off_keys.begin(), off_keys.end());
    followed.done = true;
    return followed;
}

int Chaining::found_node(const Followed& followed, int key) const
{
    const bool on = (key & 1) != 0; // (low bit: on)
    const auto& keys = on ? followed.on_keys : followed.off_keys;
    const auto at = std::find(keys.begin(), keys.end(), static_cast<std::int16_t>(key));
    assert(at != keys.end()); // (the key is one it found)
    return (on ? followed.on : followed.off)[static_cast<std::size_t>(at - keys.begin())];
}

void Chaining::common_reductions(const Followed* const* outcomes, int count, ChainHint::Kind kind,
                                 Cause cause, std::vector<ChainHint>& out)
{
    // (the keys every branch found, first: what follows from all of them is among those)
    KeyBits common = outcomes[0]->keys;
    for (int k = 1; k < count; ++k)
        common &= outcomes[k]->keys;
    if (!common.any())
        return; // (as for most regions and cells)
    const double base = rule_difficulty();
    for (const bool on : {true, false}) {
        const auto& nodes = on ? outcomes[0]->on : outcomes[0]->off;
        const auto& keys = on ? outcomes[0]->on_keys : outcomes[0]->off_keys;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const int key = keys[i], node = nodes[i];
            if (!common.has(key))
                continue;
            // (as for a binary hint: the hint's complexity is at least the potentials on each
            // chain's longest path, summed; the chains not found yet count one each)
            int least = store_[node].depth + count;
            if (beyond_best(base, least))
                continue;
            int chains[9];
            chains[0] = node;
            int k = 1;
            for (; k < count; ++k) {
                chains[k] = found_node(*outcomes[k], key);
                least += store_[chains[k]].depth;
                if (beyond_best(base, least))
                    break;
            }
            if (k == count)
                add_reduction_hint(kind, node, chains, count, cause, out);
        }
    }
}

// A digit of a cell assumed "on", then "off": a contradiction rules the assumption out (or
// in); a potential that follows both ways holds (double forcing chains, dynamic only).
void Chaining::binary_chaining(int cell, int digit, bool reductions, bool contradictions,
                               std::vector<ChainHint>& out)
{
    int on = -1;
    Absurd absurd;
    const Followed* from_on = nullptr;
    if (nishio_) { // (no region or cell chains: each assumption is followed once, here)
        work_[0].clear();
        work_[1].clear();
        on = store_.make(cell, digit, true, Cause::assumption);
        work_[0].add(store_, on);
        absurd = do_chaining(work_[0], work_[1]);
    } else {
        from_on = &followed(cell, digit);
        on = from_on->assumption;
        absurd = from_on->absurd;
    }
    const int off = store_.make(cell, digit, false, Cause::assumption);
    if (contradictions && absurd.on >= 0)
        add_binary_hint(absurd.on, absurd.off, on, on, true, out);
    if (!reductions && !contradictions)
        return; // (SE follows the "off" assumption too, without using it)
    if (from_on != nullptr && dynamic_ && level_ == 0) {
        // Where "off" implies an "on" that implies this "off" again (the cell's other digit,
        // if it has two; the digit's other place in a region of two), both follow to the same
        // potentials, and SE's propagation meets a contradiction exactly where those hold a
        // potential both "on" and "off". So if that "on" meets none and finds nothing the
        // assumption "on" found too, the "off" assumption gives nothing. Where "off" implies
        // nothing at all (most candidates), it is its propagation alone: no contradiction,
        // and nothing that follows from "on" too (whose "off" potentials never include the
        // assumption's negation, at this level).
        const int mirror = mirror_of_off(cell, digit);
        if (mirror < 0)
            return;
        const Followed& there = followed(mirror / 9, mirror % 9 + 1);
        if (there.absurd.on < 0) {
            if (!reductions)
                return;
            KeyBits both = there.keys;
            both &= from_on->keys;
            if (!both.any())
                return;
        }
    }
    PotentialSet& off_to_on = work_[0];
    PotentialSet& off_to_off = work_[1];
    off_to_on.clear();
    off_to_off.clear();
    off_to_off.add(store_, off);
    absurd = do_chaining(off_to_on, off_to_off);
    if (contradictions && absurd.on >= 0)
        add_binary_hint(absurd.on, absurd.off, off, off, true, out);
    if (!reductions || from_on == nullptr) // (Nishio: nothing kept, and no reductions)
        return;
    // (most "off" assumptions imply nothing: then only the assumption itself could follow
    // both ways, and from "on" it follows only as an advanced potential, a rule applied to
    // the reduced grid)
    if (off_to_on.size() == 0 && off_to_off.size() == 1 &&
        !from_on->keys.has(potential_key(cell, digit, false)))
        return;
    for (std::size_t i = 0; i < from_on->on.size(); ++i) {
        const int node = from_on->on[i], from_off = off_to_on.get(from_on->on_keys[i]);
        if (from_off >= 0)
            add_binary_hint(node, from_off, on, node, false, out);
    }
    for (std::size_t i = 0; i < from_on->off.size(); ++i) {
        const int node = from_on->off[i], from_off = off_to_off.get(from_on->off_keys[i]);
        if (from_off >= 0)
            add_binary_hint(node, from_off, off, from_off, false, out);
    }
}

int Chaining::mirror_of_off(int cell, int digit) const
{
    const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
    if (count_of(values) == 2)
        return cell * 9 + std::countr_zero(values & ~unsigned{bit(digit)});
    for (const int type : {box, row, column}) {
        const int region = region_of(type, cell);
        const unsigned places = grid_.positions(type, region, digit);
        if (count_of(places) == 2)
            return cell_at(type, region,
                           std::countr_zero(places & ~(1u << position_in(type, cell)))) *
                       9 +
                   digit - 1;
    }
    return -1;
}

// Region forcing chains: the digit in each of its places in a region (where the cell is the
// first place, so each region is done once); what follows from all of them holds.
void Chaining::region_chainings(int cell, int digit, std::vector<ChainHint>& out)
{
    for (const int type : {box, row, column}) {
        const int region = region_of(type, cell);
        const unsigned places = grid_.positions(type, region, digit);
        const int count = count_of(places);
        if (!(count == 2 || (multiple_ && count > 2)) ||
            cell_at(type, region, std::countr_zero(places)) != cell)
            continue;
        // the places' assumptions, followed once per grid, the cell's own (the region's
        // first place) first
        const Followed* outcomes[9];
        int n = 0;
        for (unsigned m = places; m != 0; m &= m - 1)
            outcomes[n++] = &followed(cell_at(type, region, std::countr_zero(m)), digit);
        common_reductions(outcomes, n, ChainHint::region_reduction, region_cause(type), out);
    }
}

// All the chains from one cell: each digit's binary and region chains, then the cell forcing
// chains (what follows from every digit of the cell).
void Chaining::cell_chainings(int cell, std::vector<ChainHint>& out)
{
    const unsigned values = grid_.candidates[static_cast<std::size_t>(cell)];
    const int cardinality = count_of(values);
    const bool reductions = cardinality >= 3 && !nishio_ && dynamic_;
    const bool contradictions = dynamic_ || nishio_;
    for (unsigned m = values; m != 0; m &= m - 1) {
        const int digit = std::countr_zero(m) + 1;
        // (Nishio: only contradictions count, and most candidates can have none)
        if (nishio_ && level_ == 0 &&
            !nishio_assumptions_[static_cast<std::size_t>(digit - 1)].has(cell))
            continue;
        binary_chaining(cell, digit, reductions, contradictions, out);
        if (!nishio_)
            region_chainings(cell, digit, out);
    }
    if (nishio_ || !(cardinality == 2 || (multiple_ && cardinality > 2)))
        return;
    // what follows from every digit (each followed already, by the binary chains)
    const Followed* outcomes[9];
    int n = 0;
    for (unsigned m = values; m != 0; m &= m - 1)
        outcomes[n++] = &followed(cell, std::countr_zero(m) + 1);
    common_reductions(outcomes, n, ChainHint::cell_reduction, Cause::naked_single, out);
}

} // namespace sudoku::se::chains
