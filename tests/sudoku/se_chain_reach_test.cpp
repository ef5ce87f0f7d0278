// The static chains' implication graph (ChainReach) against a second model: SE's static links
// written out again from their rules, and a search from every potential, on the states where
// the reference puzzles first need a chain. The engine skips a search wherever ChainReach says
// it finds nothing.
#include "se_chains.hpp"
#include "support/human_check.hpp"
#include "support/se_states.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace {

using sudoku::se::sees;

// Potentials as (cell, digit, on) numbered like the engine's keys.
int key_of(int cell, int digit, bool on) { return (cell * 9 + digit - 1) * 2 + (on ? 1 : 0); }

struct Graph {
    std::vector<std::uint16_t> marks;
    std::vector<std::vector<int>> next; // [key]: the keys it implies

    bool has(int cell, int digit) const
    {
        return (marks[static_cast<std::size_t>(cell)] >> (digit - 1) & 1) != 0;
    }
    void build(bool y_links = true)
    {
        next.assign(81 * 9 * 2, {});
        for (int cell = 0; cell < 81; ++cell)
            for (int d = 1; d <= 9; ++d) {
                if (!has(cell, d))
                    continue;
                auto& from_on = next[static_cast<std::size_t>(key_of(cell, d, true))];
                auto& from_off = next[static_cast<std::size_t>(key_of(cell, d, false))];
                // "on": every other candidate of the cell, and the digit in every peer, off
                for (int e = 1; e <= 9 && y_links; ++e)
                    if (e != d && has(cell, e))
                        from_on.push_back(key_of(cell, e, false));
                for (int peer = 0; peer < 81; ++peer)
                    if (sees(cell, peer) && has(peer, d))
                        from_on.push_back(key_of(peer, d, false));
                // "off": the other candidate of a cell of two, the other place of a unit of two
                if (y_links && std::popcount(marks[static_cast<std::size_t>(cell)]) == 2)
                    for (int e = 1; e <= 9; ++e)
                        if (e != d && has(cell, e))
                            from_off.push_back(key_of(cell, e, true));
                for (const auto& unit : dlx_test::units()) {
                    if (std::find(unit.begin(), unit.end(), cell) == unit.end())
                        continue;
                    std::vector<int> places;
                    for (const int c : unit)
                        if (has(c, d))
                            places.push_back(c);
                    if (places.size() == 2)
                        from_off.push_back(
                            key_of(places[0] == cell ? places[1] : places[0], d, true));
                }
            }
    }
    // The fewest links from one key to another (-1: none).
    int distance(int from, int to) const
    {
        std::vector<int> links(next.size(), -1);
        std::vector<int> todo{from};
        links[static_cast<std::size_t>(from)] = 0;
        for (std::size_t k = 0; k < todo.size(); ++k)
            for (const int n : next[static_cast<std::size_t>(todo[k])]) {
                if (n == to)
                    return links[static_cast<std::size_t>(todo[k])] + 1;
                if (links[static_cast<std::size_t>(n)] < 0) {
                    links[static_cast<std::size_t>(n)] =
                        links[static_cast<std::size_t>(todo[k])] + 1;
                    todo.push_back(n);
                }
            }
        return -1;
    }
    std::vector<bool> reached(int from) const
    {
        std::vector<bool> seen(next.size(), false);
        std::vector<int> todo{from};
        seen[static_cast<std::size_t>(from)] = true;
        while (!todo.empty()) {
            const int k = todo.back();
            todo.pop_back();
            for (const int n : next[static_cast<std::size_t>(k)])
                if (!seen[static_cast<std::size_t>(n)]) {
                    seen[static_cast<std::size_t>(n)] = true;
                    todo.push_back(n);
                }
        }
        return seen;
    }
};

} // namespace

TEST_CASE("the static chains' graph reaches what a search over SE's links reaches", "[sudoku][se]")
{
    // every 8th of the reference puzzles rated 7.0 or more, where SE first needs a chain
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 7.0, .every = 8, .first = 6.5});
    CHECK(states.size() > 20);
    int forcing = 0, cycles = 0, common = 0, checked = 0;
    for (const sudoku::SeSolver& solver : states) {
        Graph graph;
        graph.marks.assign(81, 0);
        for (int cell = 0; cell < 81; ++cell)
            if (solver.grid()[cell] == 0)
                graph.marks[static_cast<std::size_t>(cell)] = solver.candidates(cell);
        graph.build();
        const sudoku::se::SeTechniques techniques(solver);
        const auto reach =
            sudoku::se::chains::ChainReach::of(sudoku::se::chains::ChainGrid(techniques));
        std::vector<std::vector<bool>> from(graph.next.size());
        for (int cell = 0; cell < 81; ++cell)
            for (int d = 1; d <= 9; ++d)
                if (graph.has(cell, d))
                    for (const bool on : {false, true})
                        from[static_cast<std::size_t>(key_of(cell, d, on))] =
                            graph.reached(key_of(cell, d, on));
        const auto reaches = [&](int a, int b) {
            return static_cast<bool>(
                from[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]);
        };
        for (int cell = 0; cell < 81; ++cell)
            for (int d = 1; d <= 9; ++d) {
                if (!graph.has(cell, d))
                    continue;
                const int on = key_of(cell, d, true), off = key_of(cell, d, false);
                CHECK(reach->on_to_off(cell, d) == reaches(on, off));
                CHECK(reach->off_to_on(cell, d) == reaches(off, on));
                // a cycle that removes something: another "on" potential that the assumption
                // reaches and that reaches it back, and a candidate that sees an "on" and an
                // "off" potential of its digit among those (the potentials a cycle through the
                // assumption can pass through)
                std::vector<int> around; // the keys the assumption reaches and is reached from
                bool other_on = false;
                for (int k = 0; k < static_cast<int>(graph.next.size()); ++k) {
                    if (from[static_cast<std::size_t>(k)].empty())
                        continue;
                    const bool both_ways = reaches(on, k) && reaches(k, on);
                    // (what a cycle search from the assumption keeps: its component)
                    CHECK(reach->together(on, k) == both_ways);
                    if (both_ways) {
                        around.push_back(k);
                        other_on = other_on || (k != on && k % 2 == 1);
                    }
                }
                const auto sees_one = [&](int target, int digit, bool is_on) {
                    return std::any_of(around.begin(), around.end(), [&](int k) {
                        return k / 2 % 9 + 1 == digit && (k % 2 == 1) == is_on &&
                               sees(k / 18, target);
                    });
                };
                bool cycle = false;
                for (int target = 0; target < 81 && other_on && !cycle; ++target)
                    for (int e = 1; e <= 9 && !cycle; ++e)
                        cycle = graph.has(target, e) && sees_one(target, e, true) &&
                                sees_one(target, e, false);
                CHECK(reach->cycle(cell, d) == cycle);
                forcing += reaches(on, off) || reaches(off, on) ? 1 : 0;
                cycles += cycle ? 1 : 0;
                ++checked;
                // the digits of the cell "on" (each key reaches itself): a common potential?
                std::vector<int> keys;
                for (int e = 1; e <= 9; ++e)
                    if (graph.has(cell, e))
                        keys.push_back(key_of(cell, e, true));
                bool any = false;
                for (std::size_t k = 0; k < graph.next.size() && !any; ++k)
                    any = std::all_of(keys.begin(), keys.end(),
                                      [&](int key) { return reaches(key, static_cast<int>(k)); });
                CHECK(reach->common(keys.data(), static_cast<int>(keys.size())) == any);
                common += any ? 1 : 0;
            }
    }
    // (the states exercise both answers of each question)
    CHECK(forcing > 0);
    CHECK(forcing < checked);
    CHECK(cycles > 0);
    CHECK(cycles < checked);
    CHECK(common > 0);
    CHECK(common < checked);
}

TEST_CASE("the shortest static forcing chains are the shortest paths of SE's links", "[sudoku][se]")
{
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 7.0, .every = 8, .first = 6.5});
    int chains = 0, none = 0;
    for (const sudoku::SeSolver& solver : states) {
        const sudoku::se::SeTechniques techniques(solver);
        const sudoku::se::chains::ChainGrid grid(techniques);
        const sudoku::se::chains::ShortestChains shortest(grid);
        for (const bool y_links : {false, true}) {
            Graph graph;
            graph.marks.assign(81, 0);
            for (int cell = 0; cell < 81; ++cell)
                if (solver.grid()[cell] == 0)
                    graph.marks[static_cast<std::size_t>(cell)] = solver.candidates(cell);
            graph.build(y_links);
            for (int cell = 0; cell < 81; ++cell)
                for (int d = 1; d <= 9; ++d) {
                    if (!graph.has(cell, d))
                        continue;
                    for (const bool on : {false, true}) {
                        const int links = graph.distance(key_of(cell, d, on), key_of(cell, d, !on));
                        const auto assumed =
                            on ? sudoku::se::chains::Assumed::on : sudoku::se::chains::Assumed::off;
                        CHECK(shortest.links(cell, d, assumed, y_links, 200) == links);
                        if (links < 0) {
                            ++none;
                            continue;
                        }
                        ++chains;
                        // (none of more links than allowed)
                        CHECK(shortest.links(cell, d, assumed, y_links, links) == links);
                        CHECK(shortest.links(cell, d, assumed, y_links, links - 1) == -1);
                    }
                }
        }
    }
    CHECK(chains > 0);
    CHECK(none > 0);
}
