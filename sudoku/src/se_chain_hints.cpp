// SE's chaining hints: what a forcing chain, a cycle, a contradiction or double forcing chain,
// a cell or region forcing chain removes or places, its complexity, rating, name and kind;
// and the techniques that run the engine. See se_chains.hpp.
#include "se_chains.hpp"

#include <algorithm>

namespace sudoku::se {

namespace chains {

namespace {

// The 20 cells each cell sees, in increasing order.
struct Peers {
    std::array<std::array<std::int8_t, 20>, 81> of{};
    constexpr Peers()
    {
        for (int cell = 0; cell < 81; ++cell) {
            int n = 0;
            for (int other = 0; other < 81; ++other)
                if (sees(cell, other))
                    of[static_cast<std::size_t>(cell)][static_cast<std::size_t>(n++)] =
                        static_cast<std::int8_t>(other);
        }
    }
};
constexpr Peers peers;

// The kinds of chain SE sorts last among equal ratings and complexities: X, Y, then both.
int link_sort_key(bool y_links, bool x_links) { return y_links && x_links ? 4 : y_links ? 3 : 2; }

} // namespace

// A cycle: the chain from the assumption back to it, both ways. Removed are the candidates
// that see a cell of the cycle where the digit is "on" in one direction and a cell where it
// is "on" in the other (SE: seen from an "on" and from an "off" potential of the chain).
void Chaining::add_cycle_hint(int dst_on, bool y_links, bool x_links, std::vector<ChainHint>& out)
{
    std::vector<int> path; // from dst_on back, the assumption left out (it is dst_on again)
    for (int p = dst_on; store_[p].parent_count > 0; p = store_.first_parent(p))
        path.push_back(p);
    std::array<bool, 81> in_chain{};
    for (const int p : path)
        in_chain[static_cast<std::size_t>(store_[p].cell)] = true;
    std::array<std::uint16_t, 81> forward{}, backward{};
    for (const int p : path) {
        const Potential& potential = store_[p];
        for (const int peer : peers.of[static_cast<std::size_t>(potential.cell)])
            if (!in_chain[static_cast<std::size_t>(peer)] && grid_.has(peer, potential.digit))
                (potential.on ? forward : backward)[static_cast<std::size_t>(peer)] |=
                    bit(potential.digit);
    }
    ChainHint hint;
    for (int cell = 0; cell < 81; ++cell) {
        const auto both = static_cast<std::uint16_t>(forward[static_cast<std::size_t>(cell)] &
                                                     backward[static_cast<std::size_t>(cell)]);
        if (both != 0)
            hint.removed.emplace_back(cell, both);
    }
    if (hint.removed.empty())
        return;
    hint.kind = ChainHint::cycle;
    hint.complexity = store_.ancestor_count(dst_on);
    hint.difficulty = (y_links && x_links ? 7.0 : 6.5) + length_bonus(hint.complexity);
    hint.sort_key = link_sort_key(y_links, x_links);
    // SE's cells of a cycle: from the assumption's first consequence round to its own cell
    for (auto p = path.rbegin(); p != path.rend(); ++p) {
        const int cell = store_[*p].cell;
        if (std::find(hint.cells.begin(), hint.cells.end(), cell) == hint.cells.end())
            hint.cells.push_back(cell);
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
    const auto removed = static_cast<std::uint16_t>(
        p.on ? grid_.candidates[static_cast<std::size_t>(p.cell)] & ~bit(p.digit) : bit(p.digit));
    if (removed == 0)
        return;
    hint.removed.emplace_back(p.cell, removed);
    if (p.on) {
        hint.cell = p.cell;
        hint.digit = p.digit;
    }
    hint.kind = ChainHint::forcing_chain;
    hint.complexity = store_.ancestor_count(target);
    hint.difficulty = (y_links && x_links ? 7.0 : 6.6) + length_bonus(hint.complexity);
    hint.sort_key = link_sort_key(y_links, x_links);
    hint.name = y_links && x_links     ? "Forcing Chain"
                : y_links              ? "Forcing Y-Chain"
                : hint.complexity == 6 ? "Turbot Fish"
                                       : "Forcing X-Chain";
    add_chain_cells(target, hint.cells);
    out.push_back(std::move(hint));
}

// Adds the cells of the chain that ends at `target` (first parents), from its assumption on,
// those already there left out.
void Chaining::add_chain_cells(int target, std::vector<int>& cells) const
{
    std::vector<int> chain;
    for (int p = target; p >= 0; p = store_.first_parent(p))
        chain.push_back(store_[p].cell);
    for (auto c = chain.rbegin(); c != chain.rend(); ++c)
        if (std::find(cells.begin(), cells.end(), *c) == cells.end())
            cells.push_back(*c);
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
    const Potential& t = store_[target];
    const bool places = absurd ? !t.on : t.on;
    ChainHint hint;
    const auto removed = static_cast<std::uint16_t>(
        places ? grid_.candidates[static_cast<std::size_t>(t.cell)] & ~bit(t.digit) : bit(t.digit));
    if (removed == 0)
        return;
    hint.removed.emplace_back(t.cell, removed);
    const Potential& result = absurd ? store_[source] : store_[dst_on];
    if (absurd ? !result.on : result.on) {
        hint.cell = result.cell;
        hint.digit = result.digit;
    }
    hint.kind = ChainHint::binary;
    hint.complexity = store_.ancestor_count(dst_on) + store_.ancestor_count(dst_off);
    hint.difficulty = rule_difficulty() + length_bonus(hint.complexity);
    hint.sort_key = absurd ? 7 : 1;
    hint.name = name_prefix() +
                (nishio_  ? "Forcing"
                 : absurd ? "Contradiction Forcing"
                          : "Double Forcing") +
                name_suffix();
    add_chain_cells(dst_on, hint.cells);
    add_chain_cells(dst_off, hint.cells);
    out.push_back(std::move(hint));
}

// Cell or region forcing chains: `target` follows from each digit of a cell, or from each
// place of a digit in a region (`chains`: the target as each branch found it).
void Chaining::add_reduction_hint(ChainHint::Kind kind, int target, const std::vector<int>& chains,
                                  std::vector<ChainHint>& out)
{
    const Potential& t = store_[target];
    ChainHint hint;
    const auto removed = static_cast<std::uint16_t>(
        t.on ? grid_.candidates[static_cast<std::size_t>(t.cell)] & ~bit(t.digit) : bit(t.digit));
    if (removed == 0)
        return;
    hint.removed.emplace_back(t.cell, removed);
    const Potential& result = store_[chains.front()];
    if (result.on) {
        hint.cell = result.cell;
        hint.digit = result.digit;
    }
    hint.kind = kind;
    for (const int chain : chains) {
        hint.complexity += store_.ancestor_count(chain);
        add_chain_cells(chain, hint.cells);
    }
    hint.difficulty = rule_difficulty() + length_bonus(hint.complexity);
    hint.sort_key = kind == ChainHint::cell_reduction ? 5 : 6;
    hint.name = name_prefix() + (kind == ChainHint::cell_reduction ? "Cell" : "Region") +
                " Forcing" + name_suffix();
    out.push_back(std::move(hint));
}

} // namespace chains

namespace {

// The first hint of SE's Chaining producer with these flags, as a step.
std::optional<SeStep> chain_step(const SeTechniques& state, bool multiple, bool dynamic,
                                 bool nishio, SeTechnique technique)
{
    chains::Chaining engine(multiple, dynamic, nishio, 0);
    const auto hints = engine.hints(chains::ChainGrid(state));
    if (hints.empty())
        return std::nullopt;
    const chains::ChainHint& hint = hints.front();
    SeStep step;
    step.technique = technique;
    step.name = hint.name;
    step.rating = hint.difficulty;
    step.cell = hint.cell;
    step.digit = hint.digit;
    step.removed = hint.removed;
    step.cells = hint.cells;
    return step;
}

} // namespace

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
