// Nishio forcing chains against a second model: each candidate assumed in, then out, with the
// digit's own rules followed to their end (an "in" rules the digit out of its peers; a region
// left with one place has the digit there). Where that meets a contradiction (a place both in
// and out, or a region of two places or more with every place out), the assumption is wrong.
// Every candidate that model rules out, Nishio's search rules out too, and nothing else; the
// search skips the candidates whose digit alone can reach no contradiction, so a wrong skip
// shows here.
#include "se_chains.hpp"
#include "support/human_check.hpp"
#include "support/se_states.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace {

using sudoku::se::sees;

// Whether the digit alone, from `cell` in (`in`) or out, reaches a contradiction.
bool contradicts(const std::vector<std::uint16_t>& marks, int cell, int digit, bool in)
{
    const auto has = [&](int c) {
        return (marks[static_cast<std::size_t>(c)] >> (digit - 1) & 1) != 0;
    };
    std::vector<bool> on(81, false), off(81, false);
    (in ? on : off)[static_cast<std::size_t>(cell)] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int a = 0; a < 81; ++a)
            for (int b = 0; b < 81; ++b)
                if (on[static_cast<std::size_t>(a)] && sees(a, b) && has(b) &&
                    !off[static_cast<std::size_t>(b)])
                    off[static_cast<std::size_t>(b)] = changed = true;
        for (int c = 0; c < 81; ++c)
            if (on[static_cast<std::size_t>(c)] && off[static_cast<std::size_t>(c)])
                return true;
        for (const auto& unit : dlx_test::units()) {
            std::vector<int> places, left;
            for (const int c : unit)
                if (has(c)) {
                    places.push_back(c);
                    if (!off[static_cast<std::size_t>(c)])
                        left.push_back(c);
                }
            if (left.size() == places.size())
                continue; // (no place of it out yet)
            if (left.empty() && places.size() > 1)
                return true; // (a region of one place out is no contradiction to SE)
            if (left.size() == 1 && !on[static_cast<std::size_t>(left[0])])
                on[static_cast<std::size_t>(left[0])] = changed = true;
        }
    }
    return false;
}

} // namespace

TEST_CASE("Nishio rules out what following each digit alone finds wrong", "[sudoku][se]")
{
    // every 4th of the reference puzzles rated 6.5 or more: at the start (where some digits
    // are wrongly out: hidden singles) and where SE first needs a chain
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 6.5, .every = 4, .first = 6.5, .with_start = true});
    CHECK(states.size() > 20);
    int wrong_in = 0, wrong_out = 0, kept = 0;
    for (const sudoku::SeSolver& solver : states) {
        std::vector<std::uint16_t> marks(81, 0);
        for (int cell = 0; cell < 81; ++cell)
            if (solver.grid()[cell] == 0)
                marks[static_cast<std::size_t>(cell)] = solver.candidates(cell);
        // what each wrong assumption rules out in its cell (bit d - 1 for digit d): a digit
        // wrongly in, or the others where it is wrongly out
        std::set<std::pair<int, std::uint16_t>> expected;
        for (int cell = 0; cell < 81; ++cell) {
            const std::uint16_t values = marks[static_cast<std::size_t>(cell)];
            if (std::popcount(values) < 2)
                continue;
            for (int d = 1; d <= 9; ++d) {
                const auto digit = static_cast<std::uint16_t>(1u << (d - 1));
                if ((values & digit) == 0)
                    continue;
                if (contradicts(marks, cell, d, true)) {
                    expected.emplace(cell, digit);
                    ++wrong_in;
                }
                if (contradicts(marks, cell, d, false)) {
                    expected.emplace(cell, static_cast<std::uint16_t>(values & ~digit));
                    ++wrong_out;
                }
            }
        }
        // (a chain nested in another keeps every hint, not only those as good as the best;
        // hints that rule out the same are one)
        const sudoku::se::SeTechniques techniques(solver);
        sudoku::se::chains::Chaining nishio(false, true, true, 0, 0, true);
        std::set<std::pair<int, std::uint16_t>> found;
        for (const auto& hint : nishio.hints(sudoku::se::chains::ChainGrid(techniques))) {
            REQUIRE(hint.removed.size() == 1);
            found.insert(hint.removed[0]);
        }
        CHECK(found == expected);
        for (int cell = 0; cell < 81; ++cell)
            kept += std::popcount(marks[static_cast<std::size_t>(cell)]);
    }
    // (every answer occurs: digits wrongly in, wrongly out, and most assumptions neither)
    CHECK(wrong_in > 0);
    CHECK(wrong_out > 0);
    CHECK(wrong_in + wrong_out < kept);
}
