// SE's chaining hints: what a forcing chain, a cycle, a contradiction or double forcing chain,
// a cell or region forcing chain removes or places, its complexity, rating, name and kind;
// and the techniques that run the engine. See se_chains.hpp.
#include "se_chains.hpp"

#include <algorithm>

namespace sudoku::se {

namespace chains {

namespace {

// The kinds of chain SE sorts last among equal ratings and complexities: X, Y, then both.
int link_sort_key(bool y_links, bool x_links) { return y_links && x_links ? 4 : y_links ? 3 : 2; }

// The link from a potential to the next in its chain, for drawing: strong from an "off" to an
// "on" ("if not here, then there"), weak from an "on" to an "off".
SeLink link(const Potential& from, const Potential& to)
{
    return {from.cell, from.digit, to.cell, to.digit, to.on};
}

} // namespace

// A cycle: the chain from the assumption back to it, both ways. Removed are the candidates
// that see a cell of the cycle where the digit is "on" in one direction and a cell where it
// is "on" in the other (SE: seen from an "on" and from an "off" potential of the chain).
void Chaining::add_cycle_hint(int dst_on, bool y_links, bool x_links, std::vector<ChainHint>& out)
{
    // (first, with cell sets and nothing built: whether the cycle may be needed, its
    // potentials being its complexity, and whether it removes anything; most remove nothing)
    int length = 0;
    Cells chain_cells;
    std::array<Cells, 9> seen_on{}, seen_off{}; // [digit - 1]
    for (int p = dst_on; store_[p].parent_count > 0; p = store_.first_parent(p)) {
        const Potential& potential = store_[p];
        ++length;
        chain_cells.add(potential.cell);
        (potential.on ? seen_on : seen_off)[static_cast<std::size_t>(potential.digit - 1)] |=
            se::peers[static_cast<std::size_t>(potential.cell)];
    }
    if (beyond_best(y_links && x_links ? 7.0 : 6.5, length))
        return;
    std::array<Cells, 9> removed{}; // [digit - 1]: the cells it goes from
    bool removes = false;
    for (std::size_t d = 0; d < 9; ++d) {
        removed[d] = ((seen_on[d] & seen_off[d]) - chain_cells) & with_digit_[d];
        removes = removes || removed[d].any();
    }
    if (!removes)
        return;
    std::array<std::uint16_t, 81> removed_digits{};
    for (std::size_t d = 0; d < 9; ++d)
        removed[d].each([&](int cell) {
            removed_digits[static_cast<std::size_t>(cell)] |= bit(static_cast<int>(d) + 1);
        });
    ChainHint hint;
    for (int cell = 0; cell < 81; ++cell)
        if (removed_digits[static_cast<std::size_t>(cell)] != 0)
            hint.removed.emplace_back(cell, removed_digits[static_cast<std::size_t>(cell)]);
    std::vector<int> path; // from dst_on back, the assumption left out (it is dst_on again)
    for (int p = dst_on; store_[p].parent_count > 0; p = store_.first_parent(p))
        path.push_back(p);
    hint.kind = ChainHint::cycle;
    hint.complexity = measure(hint, &dst_on, 1, Cause::assumption);
    if (nesting_) {
        // SE's removals, in the order the "on" potentials see them (peers in increasing order)
        for (const int p : path) {
            const Potential& potential = store_[p];
            if (!potential.on)
                continue;
            (se::peers[static_cast<std::size_t>(potential.cell)] &
             removed[static_cast<std::size_t>(potential.digit - 1)])
                .each([&](int cell) {
                    if (std::find(hint.removal_order.begin(), hint.removal_order.end(), cell) ==
                        hint.removal_order.end())
                        hint.removal_order.push_back(static_cast<std::int8_t>(cell));
                });
        }
        // SE's second chain of a cycle: the same potentials reversed, "on" and "off" swapped
        add_to_signature(hint.signature, -1);
        add_to_signature(hint.signature, store_[dst_on].key() ^ 1);
        for (auto p = path.rbegin(); p + 1 != path.rend(); ++p) {
            const Potential& reversed = store_[*p];
            add_to_signature(hint.signature, reversed.key() ^ 1);
            if (!reversed.on)
                hint.rule_ons.push_back({reversed.cell, reversed.digit, reversed.cause});
        }
    }
    hint.difficulty = (y_links && x_links ? 7.0 : 6.5) + length_bonus(hint.complexity);
    if (!note_best(hint))
        return;
    hint.sort_key = link_sort_key(y_links, x_links);
    // SE's cells of a cycle: from the assumption's first consequence round to its own cell
    for (auto p = path.rbegin(); p != path.rend(); ++p) {
        const int cell = store_[*p].cell;
        if (std::find(hint.cells.begin(), hint.cells.end(), cell) == hint.cells.end())
            hint.cells.push_back(cell);
        if (!nesting_) // the last link closes the loop: the assumption's parent is dst_on's
            hint.links.push_back(link(store_[store_.first_parent(*p)], store_[*p]));
    }
    hint.name = y_links && x_links       ? "Bidirectional Cycle"
                : y_links                ? "Bidirectional Y-Cycle"
                : hint.cells.size() == 4 ? "Generalized X-Wing"
                                         : "Bidirectional X-Cycle";
    out.push_back(std::move(hint));
}

// A forcing chain: the assumption leads to its own negation, which therefore holds: an "off"
// target removes its candidate, an "on" one places its digit.
void Chaining::add_forcing_chain_hint(int target, bool y_links, bool x_links,
                                      std::vector<ChainHint>& out)
{
    const Potential& p = store_[target];
    ChainHint hint;
    const std::uint16_t removed = ruled_out(p, p.on);
    if (removed == 0)
        return;
    hint.removed.emplace_back(p.cell, removed);
    if (p.on) {
        hint.cell = p.cell;
        hint.digit = p.digit;
    }
    hint.kind = ChainHint::forcing_chain;
    hint.complexity = measure(hint, &target, 1, Cause::assumption);
    hint.difficulty = (y_links && x_links ? 7.0 : 6.6) + length_bonus(hint.complexity);
    if (!note_best(hint))
        return;
    hint.sort_key = link_sort_key(y_links, x_links);
    hint.name = y_links && x_links     ? "Forcing Chain"
                : y_links              ? "Forcing Y-Chain"
                : hint.complexity == 6 ? "Turbot Fish"
                                       : "Forcing X-Chain";
    add_chain(target, hint);
    out.push_back(std::move(hint));
}

// What a conclusion rules out in its cell: with `places` (its digit is placed) the cell's other
// candidates, else its own candidate.
std::uint16_t Chaining::ruled_out(const Potential& conclusion, bool places) const
{
    const auto digit = bit(conclusion.digit);
    if (!places)
        return digit;
    return static_cast<std::uint16_t>(grid_.candidates[static_cast<std::size_t>(conclusion.cell)] &
                                      ~digit);
}

// Adds the chain that ends at `target` (first parents) to the hint: its cells from its
// assumption on, those already there left out, and (for a hint shown, not nested) its links.
void Chaining::add_chain(int target, ChainHint& hint) const
{
    thread_local std::vector<int> chain; // (a hint is made for most chains found)
    chain.clear();
    for (int p = target; p >= 0; p = store_.first_parent(p))
        chain.push_back(p);
    // (room for the chain's cells and links at once, growing as push_back would)
    const auto room = [&](auto& list) {
        if (list.capacity() < list.size() + chain.size())
            list.reserve(std::max(list.size() + chain.size(), 2 * list.capacity()));
    };
    room(hint.cells);
    if (!nesting_)
        room(hint.links);
    for (auto p = chain.rbegin(); p != chain.rend(); ++p) {
        const int cell = store_[*p].cell;
        if (std::find(hint.cells.begin(), hint.cells.end(), cell) == hint.cells.end())
            hint.cells.push_back(cell);
        if (nesting_ || p == chain.rbegin())
            continue;
        const SeLink next = link(store_[*(p - 1)], store_[*p]);
        if (std::find(hint.links.begin(), hint.links.end(), next) == hint.links.end())
            hint.links.push_back(next);
    }
}

double Chaining::rule_difficulty() const
{
    if (level_ > 0)
        return 8.5 + 0.5 * level_;
    return nishio_ ? 7.5 : dynamic_ ? 8.5 : 8.0;
}

namespace {

std::string nested_suffix(int level)
{
    switch (level) {
    case 0: return "";
    case 1: return " (+)";
    case 2: return " (+ Forcing Chains)";
    case 3: return " (+ Multiple Forcing Chains)";
    case 4: return " (+ Dynamic Forcing Chains)";
    default: return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")";
    }
}

} // namespace

std::string Chaining::name_prefix() const
{
    return level_ > 0 || (dynamic_ && !nishio_) ? "Dynamic " : nishio_ ? "Nishio " : "";
}

std::string Chaining::name_suffix() const { return " Chains" + nested_suffix(level_); }

// Two chains from one assumption, "on" and "off". A contradiction (`absurd`: the potential
// dst_on / dst_off found both ways from `source`) rules the assumption out, or in; else the
// target follows from both. `target` is "on" for a candidate ruled out, "off" for a digit
// placed, when absurd; else the potential that holds.
void Chaining::add_binary_hint(int dst_on, int dst_off, int source, int target, bool absurd,
                               std::vector<ChainHint>& out)
{
    // (its complexity, the ancestors of each chain summed, is at least the potentials on
    // each one's longest path: one that would sort after the best hint so far is not needed)
    if (beyond_best(rule_difficulty(), store_[dst_on].depth + store_[dst_off].depth + 2))
        return;
    const Potential& t = store_[target];
    ChainHint hint;
    const std::uint16_t removed = ruled_out(t, absurd ? !t.on : t.on);
    if (removed == 0)
        return;
    hint.removed.emplace_back(t.cell, removed);
    const Potential& result = absurd ? store_[source] : store_[dst_on];
    if (absurd ? !result.on : result.on) {
        hint.cell = result.cell;
        hint.digit = result.digit;
    }
    hint.kind = ChainHint::binary;
    const int targets[] = {dst_on, dst_off};
    // (one that would sort after the best so far is not counted to its end)
    hint.complexity =
        measure(hint, targets, 2, Cause::assumption, most_complexity(rule_difficulty()));
    hint.difficulty = rule_difficulty() + length_bonus(hint.complexity);
    if (!note_best(hint))
        return;
    hint.sort_key = absurd ? 7 : 1;
    hint.name = name_prefix() +
                (nishio_  ? "Forcing"
                 : absurd ? "Contradiction Forcing"
                          : "Double Forcing") +
                name_suffix();
    add_chain(dst_on, hint);
    add_chain(dst_off, hint);
    out.push_back(std::move(hint));
}

// Cell or region forcing chains: `target` follows from each digit of a cell, or from each
// place of a digit in a region (`chains`: the target as each branch found it). (The caller,
// common_reductions, has left out those whose bound sorts them after the best hint.)
void Chaining::add_reduction_hint(ChainHint::Kind kind, int target, const int* chains, int count,
                                  Cause assumption, std::vector<ChainHint>& out)
{
    const Potential& t = store_[target];
    ChainHint hint;
    const std::uint16_t removed = ruled_out(t, t.on);
    if (removed == 0)
        return;
    hint.removed.emplace_back(t.cell, removed);
    const Potential& result = store_[chains[0]];
    if (result.on) {
        hint.cell = result.cell;
        hint.digit = result.digit;
    }
    hint.kind = kind;
    hint.complexity = measure(hint, chains, count, assumption, most_complexity(rule_difficulty()));
    hint.difficulty = rule_difficulty() + length_bonus(hint.complexity);
    if (!note_best(hint))
        return;
    for (int c = 0; c < count; ++c)
        add_chain(chains[c], hint);
    hint.sort_key = kind == ChainHint::cell_reduction ? 5 : 6;
    hint.name = name_prefix() + (kind == ChainHint::cell_reduction ? "Cell" : "Region") +
                " Forcing" + name_suffix();
    out.push_back(std::move(hint));
}

} // namespace chains

namespace chains {

std::optional<SeStep> chain_step(const SeTechniques& state, bool multiple, bool dynamic,
                                 bool nishio, SeTechnique technique, int level, int nesting_limit)
{
    // (an engine for each kind, kept on each thread for the thread's life: its sets and tables
    // are large, half a megabyte for a dynamic one with its nested engines' more, and each
    // search starts afresh)
    struct Kept {
        std::array<int, 5> kind;
        std::unique_ptr<Chaining> engine;
    };
    thread_local std::vector<Kept> kept;
    const std::array<int, 5> kind{multiple, dynamic, nishio, level, nesting_limit};
    auto found =
        std::find_if(kept.begin(), kept.end(), [&](const Kept& k) { return k.kind == kind; });
    if (found == kept.end()) {
        kept.push_back(
            {kind, std::make_unique<Chaining>(multiple, dynamic, nishio, level, nesting_limit)});
        found = kept.end() - 1;
    }
    Chaining& engine = *found->engine;
    const auto hints = engine.hints(ChainGrid(state));
    if (hints.empty())
        return std::nullopt;
    const ChainHint& hint = hints.front();
    SeStep step;
    step.technique = technique;
    step.name = hint.name;
    step.rating = hint.difficulty;
    step.cell = hint.cell;
    step.digit = hint.digit;
    step.removed = hint.removed;
    step.cells = hint.cells;
    step.links = hint.links;
    return step;
}

} // namespace chains

using chains::chain_step;

// 6.5 and more: forcing chains and cycles with X links (one digit), Y links (cells of two
// candidates), then both; the easiest first, by rating, then complexity, then kind.
std::optional<SeStep> SeTechniques::forcing_chains() const
{
    return chain_step(*this, false, false, false, SeTechnique::forcing_chain);
}

// 7.5 and more: an assumption with X links only, followed in a grid that loses each
// candidate ruled out, leads to a contradiction.
std::optional<SeStep> SeTechniques::nishio_chains() const
{
    return chain_step(*this, false, true, true, SeTechnique::nishio_forcing_chain);
}

// 8.0 and more: cell and region forcing chains, from the cells of three candidates or more.
std::optional<SeStep> SeTechniques::multiple_chains() const
{
    return chain_step(*this, true, false, false, SeTechnique::multiple_forcing_chain);
}

// 8.5 and more: contradictions, double forcing chains, cell and region forcing chains,
// each assumption followed in a grid that loses each candidate ruled out.
std::optional<SeStep> SeTechniques::dynamic_chains() const
{
    return chain_step(*this, true, true, false, SeTechnique::dynamic_forcing_chain);
}

} // namespace sudoku::se
