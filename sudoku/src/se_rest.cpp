// Where SE's path need not be followed to its end: a certificate that no later step rates
// above ER. See rest_rates_at_most in se_chains.hpp.
//
// The certificate is a solution of the grid from here by singles and forcing chains alone,
// each chain short enough to rate at most ER: rounds of every naked and hidden single there
// is, then every candidate whose assumption "on" leads to its own "off" by a chain of X and Y
// links rated at most ER (the shortest chain's length from ShortestChains: the chain SE's
// forcing chain search finds), all ruled out at once. Where the rounds fill the grid, every
// state SE's path reaches from here has a step of ER or less, so SE takes one (its steps come
// in its order, and every technique before the forcing chains rates below 7.0):
//
//   the facts of the certificate, in order:   f1  f2 ... fi ...  (a placement or a removal)
//   a state S' of SE's path from here:        f1 .. f(i-1) hold in S', fi does not yet
//
// S' then has at most the candidates of the state fi was found in (C), and still the
// solution: the grid the rounds filled is a solution (each digit placed was a candidate no
// placed digit ruled out, and the digits here break no rule), and their deductions were sound
// (each keeps every solution among the candidates), so it is the one solution among the
// candidates here; every SE step keeps it (the uniqueness techniques too: each rules out what
// would give the grid a second solution among its candidates). So:
//   - fi a single in C (a cell's last candidate, a digit's last place in a region): in S' the
//     cell is still empty with at most that candidate, which the solution needs there, so it
//     is a single in S';
//   - fi the removal of z, a candidate of S', by a chain z "on", off, on, ..., z "off" in C:
//     follow it in S' while its candidates remain. An "off" link (a peer of the same digit, or
//     the cell's other digit) holds. An "on" link (a cell of two candidates, or a region of
//     two places for the digit) holds if both remain; if its second is gone, the first is a
//     single in S' (the second is not placed: that would have ruled the first out). If the
//     target of an "off" link is gone, it is out (placed, it would have ruled the source out);
//     from there each "on" link leaves a single or has its second placed (the solution has
//     the digit at one of the two), which rules out what its "off" link reaches, and so on:
//     that cannot go on to z "off", which S' still has, so a single comes first. So S' has a
//     single, or the whole chain, and SE's forcing chains, level by level, find one from z of
//     as many links or fewer: rated at most ER.
//
// Forcing chains of X links alone (6.6 and up) and cycles (6.5 and up) are left out: on the
// 1,903 reference puzzles adding the X chains spares nothing more.
#include "se_chains.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace sudoku::se::chains {

namespace {

// Places `digit` in `cell`: the cell loses its candidates, its peers the digit.
void place(ChainGrid& grid, int cell, int digit)
{
    for (unsigned m = grid.candidates[static_cast<std::size_t>(cell)]; m != 0; m &= m - 1)
        grid.remove(cell, std::countr_zero(m) + 1);
    peers[static_cast<std::size_t>(cell)].each([&](int peer) {
        if (grid.has(peer, digit))
            grid.remove(peer, digit);
    });
}

// Makes every naked and hidden single until there is none; false where a cell is left
// empty with no candidate (the grid has no solution: there is then no certificate).
bool place_singles(ChainGrid& grid, std::array<bool, 81>& filled)
{
    for (bool placed = true; placed;) {
        placed = false;
        for (int cell = 0; cell < 81; ++cell) {
            if (filled[static_cast<std::size_t>(cell)])
                continue;
            const unsigned values = grid.candidates[static_cast<std::size_t>(cell)];
            if (values == 0)
                return false;
            if (count_of(values) == 1) {
                place(grid, cell, std::countr_zero(values) + 1);
                filled[static_cast<std::size_t>(cell)] = placed = true;
            }
        }
        for (int digit = 1; digit <= 9; ++digit)
            for (int unit = 0; unit < 27; ++unit) {
                const unsigned places = grid.places[static_cast<std::size_t>(digit - 1)]
                                                   [static_cast<std::size_t>(unit)];
                if (count_of(places) != 1)
                    continue;
                const int cell = unit_cell(unit, std::countr_zero(places));
                place(grid, cell, digit);
                filled[static_cast<std::size_t>(cell)] = placed = true;
            }
    }
    return true;
}

} // namespace

bool rest_rates_at_most(const SeSolver& state, double er)
{
    // the most links of a forcing chain rated at most er (complexity: links + 1), by halving:
    // the bonus grows with the length, and a shortest chain passes each potential once
    int most = 0, beyond = key_count + 1;
    while (beyond - most > 1) {
        const int links = (most + beyond) / 2;
        (7.0 + length_bonus(links + 1) <= er ? most : beyond) = links;
    }
    if (most == 0)
        return false;
    ChainGrid grid{SeTechniques(state)};
    std::array<bool, 81> filled{};
    for (int cell = 0; cell < 81; ++cell)
        filled[static_cast<std::size_t>(cell)] = state.grid()[cell] != 0;
    thread_local ShortestChains shortest;
    std::vector<std::pair<int, int>> out; // (cell, digit)
    while (true) {
        if (!place_singles(grid, filled))
            return false;
        if (std::all_of(filled.begin(), filled.end(), [](bool f) { return f; }))
            return true;
        const auto reach = ChainReach::of(grid);
        // (a shortest chain has fewer links than there are potentials, two per candidate:
        // where that many are allowed, every chain the graph has will do)
        int candidates = 0;
        for (const std::uint16_t values : grid.candidates)
            candidates += count_of(values);
        const bool any_length = most >= 2 * candidates;
        if (!any_length)
            shortest.reset(grid);
        out.clear();
        for (int cell = 0; cell < 81; ++cell)
            for (unsigned m = grid.candidates[static_cast<std::size_t>(cell)]; m != 0; m &= m - 1) {
                const int digit = std::countr_zero(m) + 1;
                if (reach->on_to_off(cell, digit) &&
                    (any_length || shortest.links(cell, digit, Assumed::on, true, most) > 0))
                    out.emplace_back(cell, digit);
            }
        if (out.empty())
            return false; // (SE's path may still rate at most er: not known)
        for (const auto& [cell, digit] : out)
            grid.remove(cell, digit);
    }
}

} // namespace sudoku::se::chains
